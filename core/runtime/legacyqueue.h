// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "controllerqueue.h"

#include <memory>

namespace lens {
class Clock;
class Journal;
namespace workqueue {
class RateLimiter;
class RateLimitingQueue;
} // namespace workqueue
} // namespace lens

namespace lens::runtime {

/// The queue a controller-runtime controller uses with UsePriorityQueue=false: client-go's
/// rate-limiting queue (lens::workqueue::RateLimitingQueue) under the controller's
/// priorityQueueWrapper (pkg/internal/controller/controller.go).
///
/// AddWithOpts maps each key as the wrapper does: RateLimited → AddRateLimited (After is
/// ignored); otherwise After > 0 → AddAfter; otherwise Add. Priority is ignored, and every
/// hand-out reports priority 0 (GetWithPriority). Everything else is client-go's queue: FIFO by
/// first add, a separate heap of delayed adds (a delayed add of a queued key still fires
/// later), Len without the keys re-added while processing, and ShutDown drains (workers still
/// get what is queued, then getShutDown).
///
/// Journal: the wrapped queue's workqueue… events (component "workqueue", detail.queue =
/// name()); each add's `reason` is the caller's reason followed by which call the AddWithOpts
/// became, e.g. "reconcileHandler: error · AddWithOpts{RateLimited, Priority 10} →
/// AddRateLimited (priority ignored)". No errors: Done for a key not being processed is refused
/// by the wrapped queue (qWarning).
class LegacyQueue : public ControllerQueue {
    Q_OBJECT
public:
    struct Config {
        /// The queue's name (the controller's name).
        QString name;
        /// The clock every time and timer is read from (not owned, must outlive the queue);
        /// null = a SteadyClock of the queue's own.
        const Clock *clock = nullptr;
        /// Where operations are recorded (not owned); null = nowhere.
        Journal *journal = nullptr;
        /// null = workqueue::defaultControllerRateLimiter(clock): max(ItemExponentialFailure(5
        /// ms, 1000 s), Bucket(10/s, burst 100)).
        std::shared_ptr<workqueue::RateLimiter> rateLimiter;
        /// The unfinished-work metrics' period, Clock ms; <= 0 = never.
        qint64 unfinishedWorkUpdatePeriodMs = 500;
    };

    explicit LegacyQueue(Config config, QObject *parent = nullptr);
    ~LegacyQueue() override;

    QString name() const override;
    bool isPriorityQueue() const override { return false; }
    void addWithOpts(const AddOpts &opts, const QStringList &items,
                     const QString &reason = {}) override;
    void requestGet(const QString &worker) override;
    void done(const QString &item) override;
    void forget(const QString &item) override;
    int numRequeues(const QString &item) const override;
    int len() const override;
    void shutDown() override;
    bool shuttingDown() const override;
    QString rateLimiterDescription() const override;

    /// The wrapped client-go queue (its metrics, queued and waiting items, for views and tests).
    workqueue::RateLimitingQueue *wrapped() const { return m_queue.get(); }
    /// The text appended to an add's reason for `opts`: which call it became.
    static QString translation(const AddOpts &opts);

private:
    std::unique_ptr<Clock> m_ownClock;
    std::unique_ptr<workqueue::RateLimitingQueue> m_queue;
};

} // namespace lens::runtime
