// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "controllerqueue.h"
#include "queuemetrics.h"
#include "trace/traceevent.h"

#include <QHash>
#include <QSet>

#include <map>
#include <memory>
#include <tuple>

namespace lens {
class Clock;
class ClockTimer;
class Journal;
namespace workqueue {
class RateLimiter;
}
} // namespace lens

namespace lens::runtime {

/// controller-runtime's priority queue (pkg/controller/priorityqueue/priorityqueue.go, v0.23+
/// semantics, the #3540 shutdown fix included) on the one Clock.
///
/// State: a key has at most one entry {priority, sequence number, readyAt}; ready entries are
/// handed out by (priority descending, sequence ascending); waiting entries by readyAt. The
/// global sequence counter is taken when an entry is created, when its priority is raised, and
/// when it moves from waiting to ready (handleWaitingItems; entries due at one instant in
/// readyAt order). A key handed out and not yet Done is locked: it is in no tree, but a re-add
/// creates a new entry (counted in Len and depth) that becomes eligible at Done.
///
/// Adding one key (lockedAddWithOpts): RateLimited asks the limiter (When, always, so
/// NumRequeues grows even if the add merges away) and waits min(After, When); a delay > 0
/// counts a retry. Merging with an existing entry: ready beats any delay, otherwise the
/// earlier readyAt wins; priority is only ever raised (a raise takes a new sequence number:
/// the tail of the new level, #3408); equal or lower priority and no earlier time change
/// nothing (the key keeps its place).
///
/// Get: requestGet(worker) as ControllerQueue says; answered in the hand-out order, skipping
/// locked keys. ShutDown abandons every entry, answers waiting workers with getShutDown, and
/// later adds are dropped (journaled as ignored).
///
/// The add buffer of v0.23 is applied synchronously (every upstream observation point flushes
/// it first, so no test can tell).
///
/// Journal (component "priorityqueue", key = the item, detail.queue = name()): one
/// priorityQueueAdd per key of an AddWithOpts, priorityQueueReady, priorityQueueGet,
/// priorityQueueDone, priorityQueueForget, priorityQueueShutDown (fields:
/// core/trace/traceevent.h, tracedetail.cpp).
class PriorityQueue : public ControllerQueue {
    Q_OBJECT
public:
    struct Config {
        /// The queue's name; "" disables the metrics (as upstream's New with an empty name).
        QString name;
        /// The clock every time and timer is read from (not owned, must outlive the queue);
        /// null = a SteadyClock of the queue's own.
        const Clock *clock = nullptr;
        /// Where operations are recorded (not owned); null = nowhere.
        Journal *journal = nullptr;
        /// Opts.RateLimiter; null = ItemExponentialFailure(5 ms, 1000 s) (no token bucket).
        std::shared_ptr<workqueue::RateLimiter> rateLimiter;
        /// The unfinished-work metrics' update period, Clock ms (upstream: a real 500 ms
        /// ticker); <= 0 = never.
        qint64 unfinishedWorkUpdatePeriodMs = 500;
    };

    explicit PriorityQueue(Config config, QObject *parent = nullptr);
    ~PriorityQueue() override;

    QString name() const override { return m_name; }
    bool isPriorityQueue() const override { return true; }
    void addWithOpts(const AddOpts &opts, const QStringList &items,
                     const QString &reason = {}) override;
    void requestGet(const QString &worker) override;
    /// GetWithPriority that never waits: the next eligible key and its priority, now locked for
    /// `worker`; nullopt when none is eligible or the queue is shut down.
    std::optional<std::pair<QString, int>> tryGet(const QString &worker = {});
    void done(const QString &item) override;
    void forget(const QString &item) override;
    int numRequeues(const QString &item) const override;
    int len() const override;
    void shutDown() override;
    bool shuttingDown() const override { return m_shutDown; }
    QString rateLimiterDescription() const override;
    const Clock *clock() const { return m_clock; }

    // For views and tests.
    /// One queued entry.
    struct Entry {
        QString key;
        int priority = 0;
        quint64 seq = 0;                 ///< the sequence number (addedCounter) it holds
        std::optional<qint64> readyAtMs; ///< nullopt = ready
        qint64 readySinceMs = 0;         ///< ready entries: when it (last) became ready, Clock ms
    };
    /// The ready entries in hand-out order (locked keys' entries included, where they stand).
    QList<Entry> ready() const;
    /// The waiting entries in readyAt order.
    QList<Entry> waiting() const;
    /// The keys handed out and not yet Done, with their worker and since when (Clock ms).
    struct Locked {
        QString worker;
        qint64 sinceMs = 0;
        int priority = 0;
    };
    QHash<QString, Locked> locked() const { return m_locked; }
    /// Workers that asked and wait, first come first.
    QStringList waitingWorkers() const { return m_waiters; }
    const QueueMetrics &metrics() const { return m_metrics; }
    /// When the one waiting-entry timer (armed for the head of the waiting entries, at its
    /// readyAt) fires, Clock ms; nullopt when none is armed.
    std::optional<qint64> headTimerDueMs() const;

private:
    // Implementation details: see priorityqueue.cpp.
    struct Private;
    /// Records one event of `kind` for `key` (detail gets "queue"); nothing without a journal.
    void record(TraceKind kind, const QString &key, QJsonObject detail) const;
    qint64 nowMs() const;
    /// lockedAddWithOpts for one key.
    void addOne(const AddOpts &opts, const QString &key, const QString &reason);
    /// handleWaitingItems: moves every due waiting entry to ready, re-arms the head timer.
    void handleWaitingItems();
    void armHead();
    /// handleReadyItems: hands ready, unlocked entries to waiting workers while both last.
    void handOut();
    /// Takes ready entry `key` for `worker` (lock, metrics, journal); returns its priority.
    int take(const QString &key, const QString &worker);
    /// Queues the answer to `worker` (an item, or shutdown when `item` is null).
    void answer(const QString &worker, const std::optional<std::pair<QString, int>> &item);
    void deliver(const QString &worker, quint64 id);
    void updateUnfinishedWork();
    std::unique_ptr<Private> d;
    QString m_name;
    const Clock *m_clock = nullptr;
    bool m_shutDown = false;
    QHash<QString, Locked> m_locked;
    QStringList m_waiters;
    QueueMetrics m_metrics;
};

} // namespace lens::runtime
