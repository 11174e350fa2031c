// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/object.h"

#include <QHash>
#include <QString>

namespace lens::sim {

class Store;

/// Writes core/v1 Events about objects through the Store, as client-go's record.EventRecorder
/// (tools/record: the broadcaster's recordToSink with its EventCorrelator) does for a
/// controller: one Event per (involved object, type, reason, message); the same again bumps
/// `count` and `lastTimestamp` of the Event already written (an update) instead of creating a
/// new one. Fields: metadata.name "<object name>.<16 hex digits>", metadata.namespace the
/// involved object's (cluster-scoped objects: "default", as kube-apiserver files them),
/// involvedObject {kind, namespace, name, uid, apiVersion, resourceVersion}, reason, message,
/// type "Normal" / "Warning", source.component, reportingComponent, count, firstTimestamp,
/// lastTimestamp (the Store's clock).
///
/// Not modelled: the correlator's aggregation of 10 similar events with different messages
/// into one "(combined from similar events)", its spam filter, and the 1 h TTL of Events.
/// A failed write (e.g. the namespace is gone) is dropped, as the recorder drops them after
/// its retries.
class EventRecorder {
public:
    /// `store` is not owned. `component` is source.component ("persistentvolume-controller").
    EventRecorder(Store *store, const QString &component);

    /// Records an event about `object` (a stored object: kind, apiVersion, uid set).
    /// `type` is "Normal" or "Warning". Returns the Event as stored (null when the write
    /// failed).
    lens::Object record(const lens::Object &object, const QString &type, const QString &reason,
                        const QString &message);

    QString component() const { return m_component; }

private:
    Store *m_store;
    QString m_component;
    /// correlation key → "namespace/name" of the Event written for it.
    QHash<QString, QString> m_written;
    quint64 m_serial = 0;
};

} // namespace lens::sim
