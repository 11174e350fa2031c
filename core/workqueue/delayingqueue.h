// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "queue.h"
#include "ratelimiter.h"

#include <set>
#include <tuple>

namespace lens::workqueue {

/// client-go's delayingType (util/workqueue/delaying_queue.go): a Queue that can add an item
/// later. AddAfter with a delay > 0 puts the item in a waiting heap ordered by its ready time
/// (Clock ms; ties by insertion order, where client-go's heap leaves them unspecified); an item
/// already waiting keeps the earlier of its two ready times (a second entry is never made).
/// When the head's time comes (a ClockTimer at its ready time: on a ManualClock it fires once
/// advance() reaches it), every entry that is due is added, in ready-time order. A plain add()
/// does not cancel a waiting entry. Waiting items are not in len() nor in the depth metric.
///
/// Deliberate differences: there is no goroutine and no 1000-entry channel, addAfter inserts
/// into the heap at once (the waiting loop runs on the head timer and the heartbeat, on the
/// queue's thread); ShutDownWithDrain drops the waiting items at once where client-go's loop
/// drops them at its next wake-up (it never adds them either way).
///
/// Journal: workqueueAddAfter (delayMs, readyAtMs, reason, dedup: "new", "earlier wins",
/// "kept earlier", "at once" for a delay <= 0, which adds at once: a workqueueAdd follows) and
/// workqueueReady (readyAtMs, lateMs, reason; the workqueueAdd follows).
class DelayingQueue : public Queue {
    Q_OBJECT
public:
    explicit DelayingQueue(Config config, QObject *parent = nullptr);
    ~DelayingQueue() override;

    /// AddAfter: counts a retry (unless shutting down: then nothing, as client-go) and adds
    /// `item` once `delayMs` Clock milliseconds have passed; <= 0 adds it now.
    void addAfter(const QString &item, qint64 delayMs, const QString &reason = {});

    struct Waiting {
        QString item;
        qint64 readyAtMs = 0;
        quint64 order = 0; ///< insertion order, the tie-break
        QString reason;    ///< the reason of the addAfter whose ready time it has
    };
    /// The waiting items in ready order (ties: insertion order).
    QList<Waiting> waiting() const;
    /// ShutDown: shuts the queue down, drops the waiting items and stops the timers.
    void shutDown() override;
    /// client-go's maxWait: the heartbeat that re-checks the heap however timers behave. It
    /// adds nothing by itself (a ClockTimer no ManualClock driver needs to stop at).
    static constexpr qint64 heartbeatMs() { return 10000; }

protected:
    /// AddAfter's work; with `decision` it records workqueueAddRateLimited (with the limiter's
    /// choice) instead of workqueueAddAfter.
    void addAfterImpl(const QString &item, qint64 delayMs, const QString &reason,
                      const RateLimitDecision *decision);
    int discardOnShutDown() override;

private:
    /// The waiting loop's turn: adds every due entry, re-arms the head timer.
    void addReady();
    void armHead();

    using Key = std::tuple<qint64, quint64, QString>; ///< readyAt, order, item
    std::set<Key> m_heap;
    QHash<QString, Waiting> m_entries;
    quint64 m_order = 0;
    ClockTimer *m_head;
    ClockTimer *m_heartbeat;
};

} // namespace lens::workqueue
