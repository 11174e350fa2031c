// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "controllermetrics.h"
#include "reconcile.h"
#include "source.h"
#include "trace/traceevent.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>

namespace lens {
class ClockTimer;
namespace workqueue {
class RateLimiter;
}
} // namespace lens

namespace lens::runtime {

/// What a controller's NewQueue is given (controller.TypedOptions.NewQueue(name, limiter)).
struct QueueConfig {
    QString name;
    bool usePriorityQueue = true;
    std::shared_ptr<workqueue::RateLimiter> rateLimiter;
    const Clock *clock = nullptr;
    Journal *journal = nullptr;
};
/// Builds the controller's queue. The controller owns what it returns.
using NewQueueFunc = std::function<std::unique_ptr<ControllerQueue>(const QueueConfig &)>;
/// NewTypedUnmanaged's default NewQueue: a PriorityQueue (priorityqueue.New(name, limiter))
/// when usePriorityQueue, else a LegacyQueue (client-go's rate-limiting queue under
/// priorityQueueWrapper), each with the config's limiter, clock and journal.
std::unique_ptr<ControllerQueue> defaultNewQueue(const QueueConfig &config);

/// controller.TypedOptions (pkg/controller/controller.go) with NewTypedUnmanaged's defaults
/// (§3.1), applied by the Controller's constructor (options() reads them back).
struct ControllerOptions {
    QString name;
    /// MaxConcurrentReconciles: <= 0 → 1 (no manager config here).
    int maxConcurrentReconciles = 0;
    /// CacheSyncTimeout, Clock ms: <= 0 → 120000 (2 min).
    qint64 cacheSyncTimeoutMs = 0;
    /// UsePriorityQueue: nullopt → true (v0.23+).
    std::optional<bool> usePriorityQueue;
    /// RateLimiter: null → ItemExponentialFailure(5 ms, 1000 s) with the priority queue, else
    /// DefaultControllerRateLimiter (that plus a 10/s burst-100 bucket).
    std::shared_ptr<workqueue::RateLimiter> rateLimiter;
    /// RecoverPanic: nullopt → true.
    std::optional<bool> recoverPanic;
    /// ReconciliationTimeout, Clock ms: 0 = none.
    qint64 reconciliationTimeoutMs = 0;
    /// NewQueue: null → defaultNewQueue.
    NewQueueFunc newQueue;
    std::shared_ptr<Reconciler> reconciler;
};

/// What the controller's Reconcile wrapper (§3.5) made of one reconcile.
struct ReconcileReport {
    /// The outcome after the wrapper: a recovered panic is the error "panic: <v> [recovered]".
    Outcome outcome;
    bool panicked = false;     ///< the reconciler panicked (reconcile_panics_total counted)
    bool escapedPanic = false; ///< RecoverPanic false: the panic reached the caller
    bool timedOut = false;     ///< the ReconciliationTimeout deadline passed (counted)
};

/// controller-runtime's internal Controller (pkg/internal/controller/controller.go) on the
/// event loop.
///
/// Start (§3.2) is asynchronous: start() returns "" or "controller was started more than
/// once…" at once; then initMetrics, NewQueue, every watched source started and (SyncingSource)
/// waited for, all within CacheSyncTimeout on the Clock. The outcome is a signal: workersStarted
/// (then MaxConcurrentReconciles workers run processNextWorkItem) or startFailed(error):
/// "failed to wait for <name> caches to sync <source>: <error>" or "timed out waiting for
/// source <source> to Start. Please ensure that its Start() method is non-blocking"; no worker
/// starts then. stop() is the Start context's cancel: the queue shuts down; a pending Start
/// ends without error and without workers.
///
/// A worker (processNextWorkItem, §3.3): requestGet → itemHandedOut(key, priority) →
/// active_workers+1 → reconcileHandler → active_workers-1 → Done → next Get; getShutDown ends it.
/// The next Get is asked also after stop(): the legacy queue drains (its workers reconcile what
/// is queued, with a cancelled context), the priority queue answers shutdown at once. A key the
/// priority queue handed out just before it shut down is not reconciled (GetWithPriority
/// returned it with shutdown = true: the worker ends without Done).
///
/// reconcileHandler (§3.4), in this order: Result.Priority replaces the priority; terminal error
/// → no queue call (no Forget); other error → AddWithOpts{RateLimited, Priority}; RequeueAfter >
/// 0 → Forget, AddWithOpts{After, Priority}; Requeue → AddWithOpts{RateLimited, Priority} (no
/// Forget); else Forget. reconcile_time_seconds observes the reconcile plus those calls.
///
/// Journal (component "runtime"): RuntimeControllerStarted per phase, ReconcileStarted and
/// ReconcileFinished (queueCalls lists the exact calls, "Forget", "AddWithOpts{After: 500ms,
/// Priority: -100}").
class Controller : public QObject {
    Q_OBJECT
public:
    /// `clock` (null = a SteadyClock of its own) and `journal` (may be null) are not owned and
    /// must outlive the controller.
    Controller(ControllerOptions options, const Clock *clock, Journal *journal,
               QObject *parent = nullptr);
    ~Controller() override;

    /// The options after defaulting.
    const ControllerOptions &options() const { return m_opt; }
    QString name() const { return m_opt.name; }
    /// Watch: before Start records the source (not owned; must outlive the controller); after
    /// Start starts it at once without waiting for its sync. Returns "" or the start error.
    QString watch(Source *source);
    QString start();
    void stop();
    bool isStarted() const { return m_started; }
    bool workersRunning() const { return m_workersRunning; }
    /// The queue NewQueue built (null before Start).
    ControllerQueue *queue() const { return m_queue.get(); }
    const ControllerMetrics &metrics() const { return m_metrics; }
    const Clock *clock() const { return m_clock; }

    /// Controller.Reconcile (§3.5): the reconciler under RecoverPanic and
    /// ReconciliationTimeout, counting panics and timeouts; `done` gets the report.
    void reconcile(const QString &request, std::function<void(const ReconcileReport &)> done,
                   const QString &worker = {}, int priority = 0);

Q_SIGNALS:
    void workersStarted();
    void startFailed(const QString &error);
    /// reconcileHandler decided for `request`.
    void reconciled(const QString &request, const lens::runtime::Outcome &outcome);
    /// RecoverPanic false: the panic escaped; upstream the process crashes, here that worker
    /// ends.
    void workerCrashed(const QString &worker, const QString &panic);

private:
    void journalPhase(const QString &phase, const QString &error = {});
    /// Records one event of `kind` for `key` (component "runtime", detail.controller = the
    /// name, besides `detail`); only called with a journal.
    void record(TraceKind kind, const QString &key, QJsonObject detail) const;
    void sourceStarted(int index, const QString &error);
    void sourceSynced(int index, const QString &error);
    void startTimedOut();
    void finishStart(const QString &error);
    void onHandedOut(const QString &worker, const QString &key, int priority);
    void reconcileHandler(const QString &worker, const QString &key, int priority);
    void handled(const QString &worker, const QString &key, int priority, quint64 id,
                 qint64 startedMs, const ReconcileReport &report);

    ControllerOptions m_opt;
    const Clock *m_clock;
    std::unique_ptr<Clock> m_ownClock;
    Journal *m_journal;
    QList<QPointer<Source>> m_sources;
    std::unique_ptr<ControllerQueue> m_queue;
    ControllerMetrics m_metrics;
    ClockTimer *m_syncTimer = nullptr;
    bool m_started = false;
    bool m_starting = false;
    bool m_workersRunning = false;
    QList<int> m_sourceState; ///< 0 = starting, 1 = waiting for sync, 2 = synced
    std::shared_ptr<bool> m_cancelled;
    QStringList m_workers;
    QSet<QString> m_endedWorkers;
    quint64 m_reconcileId = 0;
};

} // namespace lens::runtime
