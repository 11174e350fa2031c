// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

/// controller-runtime (sigs.k8s.io/controller-runtime, v0.24 / main) in Qt: the priority
/// queue, handlers, predicates, source.Kind and the controller's reconcile loop, on the
/// project's client-go informers and workqueue. docs/controller-runtime.md maps each piece to
/// its upstream function and lists what is not modelled.
namespace lens::runtime {

/// controller-runtime's priorityqueue.AddOpts (pkg/controller/priorityqueue): how one
/// AddWithOpts call adds its keys.
struct AddOpts {
    /// After: wait this long (Clock milliseconds) before the key is ready; <= 0 = ready now
    /// (a negative After is "ready now" and, unlike client-go's AddAfter, no retry).
    qint64 afterMs = 0;
    /// RateLimited: also ask the rate limiter (When) and wait min(After, When) (After 0 = When).
    bool rateLimited = false;
    /// Priority: higher is handed out sooner; nullopt = unset, which the queue reads as 0 but a
    /// handler's wrapper replaces by its default (LowPriority for initial-list and unchanged
    /// updates, handler.workqueueWithDefaultPriority).
    std::optional<int> priority;
};

/// handler.LowPriority: the priority controller-runtime's handlers give initial-list creates and
/// updates whose resourceVersion did not change (pkg/handler/eventhandler.go; a constant, not
/// configurable: controller-runtime issue #3496).
constexpr int lowPriority = -100;

/// The queue a controller-runtime controller and its handlers drive: client-go's
/// TypedRateLimitingInterface plus AddWithOpts and GetWithPriority (controller-runtime's
/// priorityqueue.PriorityQueue interface). Two implementations: PriorityQueue (the default
/// since v0.23) and LegacyQueue (UsePriorityQueue=false: client-go's rate-limiting queue under
/// the controller's priorityQueueWrapper, which ignores priorities).
///
/// Threading and Get: as lens::workqueue::Queue, everything runs on the queue's thread; Get
/// never blocks: a worker asks (requestGet) and is answered by itemHandedOut or getShutDown,
/// queued through the event loop.
///
/// `reason` arguments are the caller's words for the journal ("EnqueueRequestForObject:
/// update", "reconcileHandler: RequeueAfter"), free text.
class ControllerQueue : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    ~ControllerQueue() override = default;

    /// The queue's name (the controller's name): detail.queue of its events, the metrics'
    /// name and controller labels.
    virtual QString name() const = 0;
    /// True for the priority queue: handlers lower priorities only then (a type assertion
    /// `q.(priorityqueue.PriorityQueue)` upstream).
    virtual bool isPriorityQueue() const = 0;
    /// AddWithOpts: adds each key of `items` with `opts`, in order.
    virtual void addWithOpts(const AddOpts &opts, const QStringList &items,
                             const QString &reason = {}) = 0;
    /// Add = AddWithOpts({}, item).
    void add(const QString &item, const QString &reason = {}) { addWithOpts({}, {item}, reason); }
    /// AddAfter = AddWithOpts({After: delayMs}, item).
    void addAfter(const QString &item, qint64 delayMs, const QString &reason = {})
    {
        addWithOpts({delayMs, false, std::nullopt}, {item}, reason);
    }
    /// AddRateLimited = AddWithOpts({RateLimited: true}, item).
    void addRateLimited(const QString &item, const QString &reason = {})
    {
        addWithOpts({0, true, std::nullopt}, {item}, reason);
    }
    /// GetWithPriority without blocking: `worker` is answered by itemHandedOut(worker, item,
    /// priority) or getShutDown(worker). A worker already waiting is not asked twice.
    virtual void requestGet(const QString &worker) = 0;
    /// Done: the worker is finished with `item`.
    virtual void done(const QString &item) = 0;
    /// Forget: clears the rate limiter's history of `item`.
    virtual void forget(const QString &item) = 0;
    /// NumRequeues: the rate limiter's failures of `item`.
    virtual int numRequeues(const QString &item) const = 0;
    /// Len: the priority queue counts its ready entries (keys re-added while processing
    /// included); the legacy queue client-go's Len.
    virtual int len() const = 0;
    /// ShutDown: the priority queue abandons what is queued; the legacy queue drains.
    virtual void shutDown() = 0;
    virtual bool shuttingDown() const = 0;
    /// The rate limiter, described ("ItemExponentialFailure(5ms, 1000s)").
    virtual QString rateLimiterDescription() const = 0;

Q_SIGNALS:
    /// The answer to requestGet(worker): `item` is now held by it (call done(item));
    /// `priority` is the entry's priority (always 0 for the legacy queue).
    void itemHandedOut(const QString &worker, const QString &item, int priority);
    /// The answer to requestGet(worker): the queue is shut down; the worker ends.
    void getShutDown(const QString &worker);
    /// Any state change (entries, locks, waiters, metrics).
    void changed();
};

} // namespace lens::runtime
