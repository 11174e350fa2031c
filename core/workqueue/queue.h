// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "metrics.h"
#include "storage.h"
#include "trace/traceevent.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QStringList>

#include <memory>
#include <optional>

namespace lens {
class Clock;
class ClockTimer;
class Journal;
} // namespace lens

/// client-go's util/workqueue (v0.32 … v0.36) on the one Clock: Queue (the basic queue),
/// DelayingQueue, RateLimitingQueue, the rate limiters and the seven metrics. docs/workqueue.md
/// maps each piece to its upstream function and lists the deliberate differences.
namespace lens::workqueue {

/// client-go's Typed[T] (util/workqueue/queue.go) for string keys: a fair (FIFO by first add),
/// stingy queue. An item is queued at most once however often it is added before a worker
/// takes it (it is *dirty*), and never handed to two workers at once (it is *processing* from
/// Get to Done): an add while it is processing marks it dirty and Done puts it back at the tail,
/// even after ShutDown. After ShutDown, adds are ignored, and Get still hands out what is queued
/// until the storage is empty; only then are workers told the queue is shut down.
///
/// Threading: everything runs on the queue's thread, the Qt event loop, which serialises what
/// client-go guards with one mutex and condition variable. So Get cannot block: a worker either
/// tries (tryGet) or asks (requestGet) and is answered by a signal, queued through the event
/// loop, once an item is ready (waiting workers are served first come, first served) or the
/// queue is shut down and empty; ShutDownWithDrain answers with drained().
///
/// Journal: when Config::journal is set, every operation is one event (component "workqueue",
/// key = the item, detail.queue = name()): workqueueAdd, workqueueGet, workqueueDone,
/// workqueueShutDown, workqueueCancelGet (and the DelayingQueue's and RateLimitingQueue's
/// kinds). An operation that adds through another (a ready delayed item, AddAfter with no
/// delay) records its own event and then the workqueueAdd; a Get that an add or Done answers
/// records its workqueueGet right after. Fields: core/trace/tracedetail.cpp.
///
/// Errors: Done for an item that is not being processed is refused (qWarning, nothing
/// recorded): client-go would push a duplicate into the storage and break its invariant.
class Queue : public QObject {
    Q_OBJECT
public:
    struct Config {
        /// The queue's name: detail.queue of its events, the metrics' name label.
        QString name;
        /// The clock every time is read from (not owned, must outlive the queue); null = a
        /// SteadyClock of the queue's own.
        const Clock *clock = nullptr;
        /// Where operations are recorded (not owned, must outlive the queue); null = nowhere.
        Journal *journal = nullptr;
        /// The ordered storage; null = defaultStorage() (FIFO).
        std::unique_ptr<Storage> storage;
        /// How often the unfinished-work metrics are updated, Clock ms (a ClockTimer that no
        /// ManualClock driver needs to stop at); <= 0 = never.
        qint64 unfinishedWorkUpdatePeriodMs = 500;
    };

    explicit Queue(Config config, QObject *parent = nullptr);
    ~Queue() override;

    QString name() const { return m_name; }
    const Clock *clock() const { return m_clock; }

    /// Add: marks `item` dirty and queues it, unless it is dirty already (collapsed: nothing
    /// changes, the storage is touched) or being processed (queued again at Done), or the
    /// queue is shutting down (ignored). `reason` is the caller's word for the journal
    /// ("enqueueClaim: add"), free text.
    void add(const QString &item, const QString &reason = {});
    /// Len: items in the storage only (not those being processed, nor a DelayingQueue's
    /// waiting ones).
    int len() const;
    /// Get that never waits: the next item, now processing for `worker`; nullopt when the
    /// storage is empty (shutting down or not).
    std::optional<QString> tryGet(const QString &worker = {});
    /// Get without blocking: `worker` is answered by itemHandedOut(worker, item) once an item is
    /// ready (waiting workers served first-come), or by getShutDown(worker) when the queue is
    /// shut down and empty. The answer is delivered through the event loop (queued), never from
    /// inside add()/requestGet(), but the item is taken (processing) at once. A worker that
    /// already waits or has an answer on its way is not asked twice (ignored).
    void requestGet(const QString &worker);
    /// Withdraws `worker`'s requestGet: a waiting worker stops waiting; an item already taken
    /// for it but not delivered yet goes to the next waiting worker, else back to the storage's
    /// tail (dirty again, as if added anew), and its answer is never delivered.
    void cancelGet(const QString &worker);
    /// Done: the worker is finished with `item`; if it was added meanwhile (dirty), it is
    /// queued again at the tail, even while shutting down. When nothing is processing any more
    /// and a ShutDownWithDrain waits, drained() is emitted.
    void done(const QString &item);
    /// ShutDown: adds are ignored from now on; workers get what is queued, then getShutDown.
    /// Releases a waiting ShutDownWithDrain (drained()). Idempotent (each call is journaled).
    virtual void shutDown();
    /// ShutDownWithDrain without blocking: as shutDown(), and drained() is emitted when
    /// processing is empty (at once if already) or when shutDown() releases it. It waits for
    /// the items in flight only, not for the backlog in the storage.
    void shutDownWithDrain();
    /// ShuttingDown.
    bool shuttingDown() const { return m_shuttingDown; }

    // For views and tests.
    /// The storage's items, in pop order.
    QStringList queued() const;
    bool isDirty(const QString &item) const { return m_dirty.contains(item); }
    /// The dirty items (queued, or added while processing), sorted.
    QStringList dirty() const;
    struct InFlight {
        QString worker;     ///< who got it ("" for a tryGet without a name)
        qint64 sinceMs = 0; ///< when, Clock ms
    };
    /// The items being processed (between Get and Done), by item.
    QHash<QString, InFlight> processing() const { return m_processing; }
    /// The workers that asked (requestGet) and wait for an item, first come first.
    QStringList waitingWorkers() const { return m_waitingWorkers; }
    /// True while an answer to a requestGet (an item taken for a worker, or "shut down") waits
    /// for the next event-loop turn to reach its worker: the worker is about to be busy.
    bool hasAnswersInFlight() const { return !m_answers.isEmpty(); }
    const Metrics &metrics() const { return m_metrics; }

Q_SIGNALS:
    /// The answer to requestGet(worker): `item` is now processing for it; call done(item).
    void itemHandedOut(const QString &worker, const QString &item);
    /// The answer to requestGet(worker): the queue is shut down and empty; the worker ends.
    void getShutDown(const QString &worker);
    /// ShutDownWithDrain is over: nothing is processing, or shutDown() released it.
    void drained();
    /// Any state change (queued, dirty, processing, waiting items or workers, metrics).
    void changed();

protected:
    /// Records one event of `kind` for `item` (detail gets "queue"); nothing without a journal.
    void record(TraceKind kind, const QString &item, QJsonObject detail) const;
    qint64 nowMs() const;
    Metrics &mutableMetrics() { return m_metrics; }
    /// Called once the queue is shutting down (both kinds): a DelayingQueue drops its waiting
    /// items and stops its timers; returns how many were dropped.
    virtual int discardOnShutDown() { return 0; }

private:
    /// Takes the storage's head for `worker` (processing, metrics, journal).
    QString take(const QString &worker);
    /// Hands queued items to waiting workers while both last.
    void serveWaiting();
    /// Queues the answer to `worker` (an item, or shutdown when `item` is null).
    void answer(const QString &worker, const std::optional<QString> &item);
    void deliver(const QString &worker, quint64 id);
    /// Answers every waiting worker with shutdown (the storage is empty when any waits).
    void answerShutDown();
    void shutDownImpl(bool drain);
    void updateUnfinishedWork();

    struct Answer {
        std::optional<QString> item; ///< nullopt: shutdown
        quint64 id = 0;
    };

    QString m_name;
    std::unique_ptr<Clock> m_ownClock;
    const Clock *m_clock;
    Journal *m_journal;
    std::unique_ptr<Storage> m_storage;
    QSet<QString> m_dirty;
    QHash<QString, InFlight> m_processing;
    QHash<QString, qint64> m_addTimes; ///< first not-collapsed add of each dirty item
    QStringList m_waitingWorkers;
    QHash<QString, Answer> m_answers; ///< answers on their way, by worker
    quint64 m_answerSeq = 0;
    bool m_shuttingDown = false;
    bool m_draining = false; ///< a ShutDownWithDrain waits for processing to empty
    Metrics m_metrics;
    qint64 m_unfinishedPeriodMs;
    ClockTimer *m_unfinishedTimer = nullptr;
};

} // namespace lens::workqueue
