// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/object.h"
#include "client/kubeclient.h"

#include <QString>

namespace lens {
class Clock;
}

namespace lens::controller {

/// Writes core/v1 Events about objects, as client-go's record.EventRecorder does for a
/// controller (tools/record: Eventf → the broadcaster's sink → POST .../events): one Event per
/// call, named `<object name>.<hex timestamp>`, in the object's namespace ("default" for a
/// cluster-scoped object, as client-go's ref.Namespace fallback), with involvedObject (kind,
/// namespace, name, uid, apiVersion, resourceVersion), reason, message, type Normal|Warning,
/// source.component, count 1, firstTimestamp = lastTimestamp = now.
///
/// Differs from client-go: no EventCorrelator (a repeated event is a new Event, not a PATCH of
/// count), and no spam filter. Writing is fire-and-forget like the broadcaster's: a failed
/// Event write is journaled (ApiRequestFinished) and otherwise ignored.
///
/// Timestamps: the wall clock, or with setReproducibleClock() 2025-01-01T00:00:00Z plus the
/// clock's milliseconds (the built-in cluster's reproducible objects do the same).
/// `err.Error()` of the error client-go's typed client returns for `status`: what the library
/// puts into an Event's message (controller.go: `eventRecorder.Event(claim, ...,
/// err.Error())`, volume_store.go: `fmt.Sprintf("Error creating provisioned PV object for
/// claim %s: %v. Deleting the volume.", claimToClaimKey(claim), err)`).
///
/// For an answer the server gave (client-go's *errors.StatusError, whose Error() is
/// ErrStatus.Message) the Status's message alone: "fake error", never "failed to post
/// /api/v1/persistentvolumes: 500 InternalError: fake error". Without an answer (refused,
/// unreachable, timed out, cut off, unreadable) client-go's error is Go's url.Error
/// (`Post "URL": dial tcp ...: connect: connection refused`), worded here as
/// ApiStatus::describe() words it: the operation, then the cause.
QString clientGoErrorText(const ApiStatus &status);

class EventRecorder {
public:
    /// `client` is not owned and must outlive the recorder.
    EventRecorder(KubeClient *client, const QString &sourceComponent);

    void setReproducibleClock(const Clock *clock) { m_clock = clock; }
    QString sourceComponent() const { return m_component; }

    /// Eventf(object, type, reason, message). `object` needs kind, apiVersion and metadata.
    /// `tag` names the worker and the object the Event is about (its journal events then show
    /// in that object's history).
    void event(const Object &object, const QString &type, const QString &reason,
               const QString &message, const KubeClient::Tag &tag = {});
    /// Events written so far.
    int written() const { return m_count; }

private:
    QString now() const;

    KubeClient *m_client;
    QString m_component;
    const Clock *m_clock = nullptr;
    int m_count = 0;
};

} // namespace lens::controller
