// SPDX-License-Identifier: Apache-2.0
#include "workerlanes.h"

#include <QJsonArray>

namespace lens {

namespace {
QString str(const TraceEvent &e, const char *field)
{
    return e.detail.value(QLatin1String(field)).toString();
}
} // namespace

bool WorkerLanes::folds(const TraceEvent &e)
{
    switch (e.kind) {
    case TraceKind::ControllerSyncStarted:
    case TraceKind::ControllerSyncFinished:
    case TraceKind::ReconcileStarted:
    case TraceKind::ReconcileFinished:
    case TraceKind::WorkqueueAddRateLimited:
    case TraceKind::ProvisionerCalled:
    case TraceKind::RuntimeControllerStarted:
        return true;
    case TraceKind::Info:
        return e.detail.contains(QLatin1String("workers"));
    default:
        return false;
    }
}

WorkerLanes::Worker &WorkerLanes::worker(const QString &name)
{
    const auto it = m_index.constFind(name);
    if (it != m_index.cend())
        return workers[*it];
    m_index.insert(name, workers.size());
    workers.push_back(Worker{name, {}, {}});
    return workers.back();
}

void WorkerLanes::apply(const TraceEvent &e)
{
    switch (e.kind) {
    case TraceKind::Info: {
        // The controller's notes: the workers it will start (the gate shut), then started.
        const QJsonArray names = e.detail.value(QLatin1String("workers")).toArray();
        for (const auto &n : names)
            worker(n.toString());
        if (e.detail.value(QLatin1String("workersStarted")).toBool()) {
            if (gateOpenMs < 0)
                gateOpenMs = e.t;
        } else if (waitingSinceMs < 0) {
            waitingSinceMs = e.t;
        }
        break;
    }
    case TraceKind::RuntimeControllerStarted: {
        // controller-runtime's Start: no gate note, its phases instead. "workers started"
        // opens the gate (the manager started it once the caches synced) and names the lanes
        // (<controller>-worker-1 …, as Controller::finishStart names them); "stopped" (a
        // rebuild, the end) ends the spans its workers held: the reconcile ends into nothing.
        const QString phase = str(e, "phase");
        const QString prefix = str(e, "controller") + QStringLiteral("-worker-");
        if (phase == QLatin1String("workers started")) {
            if (gateOpenMs < 0)
                gateOpenMs = e.t;
            const int n = e.detail.value(QLatin1String("maxConcurrentReconciles")).toInt();
            for (int i = 1; i <= n; ++i)
                worker(prefix + QString::number(i));
        } else if (phase == QLatin1String("stopped")) {
            for (Worker &w : workers) {
                if (!w.name.startsWith(prefix))
                    continue;
                for (Busy &b : w.busy)
                    if (b.end < 0) {
                        b.end = e.t;
                        b.endSeq = e.seq;
                        b.outcome = QStringLiteral("controller stopped");
                    }
            }
        }
        break;
    }
    case TraceKind::ReconcileStarted: // controller-runtime's reconcileHandler: a busy span
    case TraceKind::ControllerSyncStarted: {
        Busy b;
        b.start = e.t;
        b.key = e.key;
        b.objectKey = str(e, "objectKey");
        b.startSeq = e.seq;
        worker(str(e, "worker")).busy.push_back(b);
        break;
    }
    case TraceKind::ControllerSyncFinished: {
        Worker &w = worker(str(e, "worker"));
        Busy *open = nullptr;
        for (auto it = w.busy.rbegin(); it != w.busy.rend(); ++it)
            if (it->end < 0 && it->key == e.key) {
                open = &*it;
                break;
            }
        if (open) {
            open->end = e.t;
            open->endSeq = e.seq;
            open->outcome = str(e, "outcome");
            open->message = str(e, "message");
            if (const QString o = str(e, "objectKey"); !o.isEmpty())
                open->objectKey = o;
        }
        if (str(e, "requeue") == QLatin1String("rate limited")) {
            Retry r = m_pendingRetry.take(e.key);
            if (r.seq == 0) { // no AddRateLimited seen: the delay the sync reported
                r.start = e.t;
                r.readyAt = e.t + e.detail.value(QLatin1String("delayMs")).toInteger();
                r.key = e.key;
                r.seq = e.seq;
            }
            r.objectKey = open ? open->objectKey : str(e, "objectKey");
            w.retries.push_back(r);
        }
        break;
    }
    case TraceKind::ReconcileFinished: {
        // The outcome is reconcileHandler's result code (success|error|requeue|
        // requeue_after); the message its error.
        Worker &w = worker(str(e, "worker"));
        for (auto it = w.busy.rbegin(); it != w.busy.rend(); ++it)
            if (it->end < 0 && it->key == e.key) {
                it->end = e.t;
                it->endSeq = e.seq;
                it->outcome = str(e, "result");
                it->message = str(e, "error");
                break;
            }
        break;
    }
    case TraceKind::ProvisionerCalled: {
        // The worker's call names the claim its key (a UID) stands for: the open bar's label.
        if (!m_index.contains(str(e, "worker")))
            break;
        Worker &w = worker(str(e, "worker"));
        if (!w.busy.empty() && w.busy.back().end < 0 && w.busy.back().key == e.key &&
            w.busy.back().objectKey.isEmpty())
            w.busy.back().objectKey = str(e, "objectKey");
        break;
    }
    case TraceKind::WorkqueueAddRateLimited:
        if (!e.detail.value(QLatin1String("ignored")).toBool()) {
            Retry r;
            r.start = e.t;
            r.readyAt = e.detail.value(QLatin1String("readyAtMs"))
                            .toInteger(e.t + e.detail.value(QLatin1String("delayMs")).toInteger());
            r.key = e.key;
            r.limiter = str(e, "limiter");
            r.seq = e.seq;
            m_pendingRetry.insert(e.key, r);
        }
        break;
    default:
        break;
    }
}

void WorkerLanes::clear()
{
    workers.clear();
    m_index.clear();
    m_pendingRetry.clear();
    gateOpenMs = -1;
    waitingSinceMs = -1;
}

} // namespace lens
