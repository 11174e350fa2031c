// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "trace/journal.h"
#include "trace/traceevent.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <vector>

class QTimer;

namespace lens {

/// The producer side of every live model: collects the journal's events as they are recorded
/// and hands them to the model in batches, at most once per `interval` milliseconds (a
/// single-shot coalescing timer armed by the first pending event). Models therefore apply many
/// informer state changes with one beginInsertRows/dataChanged per contiguous run instead of a
/// signal per event — the Wireshark/GammaRay pattern.
///
/// Not thread-safe: lives on the journal's thread. The journal is not owned; if it is destroyed
/// the batcher just stops receiving.
class EventBatcher : public QObject {
    Q_OBJECT
public:
    using Events = std::vector<TraceEvent>;
    using FlushFn = std::function<void(const Events &)>;
    using AcceptFn = std::function<bool(const TraceEvent &)>;

    /// `flush` receives each batch in recording order. `accept` (optional) filters events when
    /// they arrive, so a model keeps only what it folds. `journal` may be null (nothing arrives).
    EventBatcher(Journal *journal, FlushFn flush, AcceptFn accept = {}, QObject *parent = nullptr);
    ~EventBatcher() override;

    /// Coalescing delay in milliseconds (default 50; 0 = next event-loop turn).
    void setInterval(int ms);
    int interval() const;
    /// Under load the delay stretches: after a batch of at least busyBatchSize() events the
    /// next one waits busyIntervalMs() (or interval(), if longer). Views then refresh four times
    /// a second while thousands of events arrive — as Wireshark slows its live packet list —
    /// so painting cannot starve the informer on the same thread; a quiet stream is back to
    /// interval() after its first small batch.
    static constexpr qsizetype busyBatchSize() { return 100; }
    static constexpr int busyIntervalMs() { return 250; }
    /// Busy batches of all batchers on one thread are handed over at least this many
    /// milliseconds apart, in the order they came due: each view applies and repaints its batch
    /// in an event-loop turn of its own (a frame apart) instead of every view in one long turn
    /// — the stall a user feels is one view's work, not the sum. Quiet batches and flushNow()
    /// are never delayed.
    static constexpr int staggerMs() { return 16; }

    /// Events received and not yet handed to the model.
    qsizetype pendingCount() const { return qsizetype(m_pending.size()); }

    /// Hands the pending events to the model now (no-op when none are pending).
    void flushNow();

    /// Feeds the journal's retained history (journal->events()) through `accept` and `flush`
    /// synchronously, in chunks; used once at construction and by models that rebuild.
    /// `upToSeq` > 0 stops after the event with that seq (time travel: the state back then).
    void replayHistory(quint64 upToSeq = 0);

    /// While frozen (time travel), newly recorded events are dropped instead of batched, and
    /// pending ones are discarded: the model shows a past moment and rebuilds when it returns
    /// to live.
    void setFrozen(bool frozen);
    bool isFrozen() const { return m_frozen; }

    Journal *journal() const { return m_journal.data(); }

Q_SIGNALS:
    /// After every batch was applied; `count` events were in it.
    void flushed(qsizetype count);

private:
    void onEvent(const TraceEvent &e);
    void onTimer();
    int m_baseInterval = 50;
    int m_nextInterval = 50; ///< the coalescing delay for the next batch
    bool m_hasSlot = false;  ///< the timer is waiting for this batcher's staggered turn

    QPointer<Journal> m_journal;
    FlushFn m_flush;
    AcceptFn m_accept;
    QTimer *m_timer;
    Events m_pending;
    bool m_frozen = false;
};

} // namespace lens
