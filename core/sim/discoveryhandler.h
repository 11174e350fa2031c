// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QString>

namespace lens::sim {

class HttpResponder;
class Store;
struct HttpCall;

/// The simulated API server's discovery, as kubectl and client-go's discovery client read it:
/// GET / (paths), /version, /api (APIVersions), /api/v1 and /apis/{group}/{version}
/// (APIResourceList, with the scale subresources kubectl scale looks for), /apis
/// (APIGroupList), /apis/{group} (APIGroup, the first version preferred), and just enough
/// /openapi/v3 for kubectl's field-validation probe (a PATCH operation per kind that accepts
/// fieldValidation; no schemas). Everything served comes from the Store's resource types, so a
/// CustomResourceDefinition appears as soon as it is created. Other methods get 405; unknown
/// paths are left unanswered (the caller answers 404).
class DiscoveryHandler {
public:
    /// `store` and `responder` must outlive the handler.
    DiscoveryHandler(const Store *store, HttpResponder *responder);

    /// Answers `call`; `port` is the server's, reported in /api's serverAddressByClientCIDRs.
    void handle(HttpCall &call, quint16 port);

    /// APIResourceList of one group-version ("v1", "apps/v1"); empty when none is served.
    QByteArray resourceListJson(const QString &groupVersion) const;
    /// APIGroup of `group` (with kind/apiVersion for GET /apis/{group}); empty when unknown.
    QByteArray apiGroupJson(const QString &group, bool withKind) const;

private:
    void handleOpenApi(HttpCall &call);

    const Store *m_store;
    HttpResponder *m_responder;
};

} // namespace lens::sim
