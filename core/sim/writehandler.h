// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "writestrategy.h"

#include <QString>

namespace lens::sim {

class HttpResponder;
class Store;
struct HttpCall;
struct ResourceType;

/// Writes to one resource as kube-apiserver answers them (docs/simulator.md "Writes"): POST
/// (201), PUT (optimistic concurrency on metadata.resourceVersion), PATCH as JSON patch
/// (RFC 6902), JSON merge patch or strategic merge patch (built-in kinds only; custom resources
/// 415 as on a real server; no server-side apply), DELETE; and the autoscaling/v1 Scale
/// subresource of deployments, replicasets and statefulsets (GET, PUT, PATCH of
/// spec.replicas); and the status subresource of persistentvolumeclaims and persistentvolumes
/// (ResourceType::hasStatus(): GET, PUT, PATCH). Every create and update goes through the
/// WriteStrategy (defaults, admission, the registry strategies). Validation, conflicts and
/// not-found come from the strategy and the Store in kube-apiserver's words; body and
/// media-type problems are answered here (400, 415, 422).
class WriteHandler {
public:
    /// `store` and `responder` must outlive the handler.
    WriteHandler(Store *store, HttpResponder *responder);

    /// POST on the collection (`name` empty) or PUT / PATCH / DELETE on `name`; with
    /// `target` Status, PUT / PATCH of .../{name}/status (the status strategy).
    void handleWrite(HttpCall &call, const ResourceType &type, const QString &ns,
                     const QString &name,
                     WriteStrategy::Target target = WriteStrategy::Target::Main);
    /// GET / PUT / PATCH .../{name}/status (ResourceType::hasStatus()); other methods 405.
    void handleStatus(HttpCall &call, const ResourceType &type, const QString &ns,
                      const QString &name);
    /// GET / PUT / PATCH .../{name}/scale (ResourceType::hasScale()): reads and writes
    /// spec.replicas; other methods 405.
    void handleScale(HttpCall &call, const ResourceType &type, const QString &ns,
                     const QString &name);

private:
    /// jsonPatch()'s refusal as patch.go answers it: 400 BadRequest (DecodePatch), 413
    /// RequestEntityTooLarge (too many operations), else 422 with the generic
    /// "the server rejected our request" message and the patch library's words as its cause.
    void respondJsonPatchError(HttpCall &call, int status, const QString &error);

    Store *m_store;
    HttpResponder *m_responder;
    WriteStrategy m_strategy;
};

} // namespace lens::sim
