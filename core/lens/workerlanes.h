// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "trace/traceevent.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <vector>

namespace lens {

/// A controller's workers over time, folded from the journal for the timeline's worker lanes
/// (one lane per worker: claim-worker-1 …, volume-worker-1 …):
///  * busy spans: ControllerSyncStarted → ControllerSyncFinished of the same worker, with the
///    key, the object it stands for (from the Finished, or a ProvisionerCalled of the worker
///    before it) and the outcome code (an open span has end == -1);
///  * rate-limited retries: a sync that finished with requeue "rate limited", drawn from its
///    AddRateLimited to the ready time the queue reported, with the limiter that chose it;
///  * the gate: the controller's note naming its workers before WaitForCacheSync
///    (workersStarted false: the lanes exist, idle) and when it started them (workersStarted
///    true: gateOpenMs). Workers the notes did not name get a lane at their first sync.
///    controller-runtime's controller has no note: its runtimeControllerStarted phases say
///    it ("workers started" opens the gate and names its lanes; "stopped" ends the spans its
///    workers still held, outcome "controller stopped").
///
/// Times are journal milliseconds; lanes are in the order the notes named the workers (else
/// first seen). No errors: a Finished without its Started (history dropped) opens nothing.
struct WorkerLanes {
    struct Busy {
        qint64 start = 0;
        qint64 end = -1; ///< -1 while the worker still holds the key
        QString key;     ///< the queue key (a UID, a PV name)
        QString objectKey;
        QString outcome; ///< ControllerSyncFinished's outcome / ReconcileFinished's result code
        QString message; ///< its message
        quint64 startSeq = 0;
        quint64 endSeq = 0;
    };
    struct Retry {
        qint64 start = 0;   ///< the AddRateLimited
        qint64 readyAt = 0; ///< when the queue adds the key again
        QString key;
        QString objectKey;
        QString limiter;
        quint64 seq = 0; ///< the AddRateLimited's seq
    };
    struct Worker {
        QString name;
        std::vector<Busy> busy;
        std::vector<Retry> retries;
    };

    std::vector<Worker> workers;
    /// When the controller's workers were started (its gate opened), -1 before.
    qint64 gateOpenMs = -1;
    /// When the controller began waiting for its caches (first lane time), -1 when unknown.
    qint64 waitingSinceMs = -1;

    /// True for the events apply() folds.
    static bool folds(const TraceEvent &e);
    void apply(const TraceEvent &e);
    void clear();
    bool isEmpty() const { return workers.empty(); }

private:
    Worker &worker(const QString &name);
    QHash<QString, size_t> m_index;
    /// AddRateLimited per key not yet claimed by a finished sync: seq, time, ready, limiter.
    QHash<QString, Retry> m_pendingRetry;
};

} // namespace lens
