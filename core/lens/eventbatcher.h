// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "trace/journal.h"
#include "trace/traceevent.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <iterator>
#include <vector>

namespace lens {

class Clock;
class ClockTimer;

/// Where a model reads the journal: the journal, and the informer whose events it folds ("" =
/// every informer's). Implicit from a Journal*, so a model of one informer is built as
/// `QueueModel({journal, "pods"})` and a model of the whole journal as `QueueModel(journal)`.
struct JournalSource {
    JournalSource(Journal *j = nullptr) : journal(j) {} // NOLINT: implicit by design
    JournalSource(Journal *j, QString informerName) : journal(j), informer(std::move(informerName))
    {
    }
    Journal *journal = nullptr;
    /// Events whose TraceEvent::informer is this one, or empty (events that are no informer's,
    /// and every event of a recording made before journals named informers).
    QString informer;
    /// True when an event belongs to this source.
    bool accepts(const TraceEvent &e) const
    {
        return informer.isEmpty() || e.informer.isEmpty() || e.informer == informer;
    }
};

/// A batch handed to a model: the accepted events of a seq range of the journal, in recording
/// order, as references into the journal's own storage (nothing is copied). Valid only during
/// the call that receives it.
class EventBatch {
public:
    class const_iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = TraceEvent;
        using difference_type = std::ptrdiff_t;
        using pointer = const TraceEvent *;
        using reference = const TraceEvent &;
        const_iterator() = default;
        explicit const_iterator(std::vector<const TraceEvent *>::const_iterator it) : m_it(it) {}
        reference operator*() const { return **m_it; }
        pointer operator->() const { return *m_it; }
        const_iterator &operator++()
        {
            ++m_it;
            return *this;
        }
        const_iterator operator++(int) { return const_iterator(m_it++); }
        const_iterator &operator--()
        {
            --m_it;
            return *this;
        }
        const_iterator &operator+=(difference_type n)
        {
            m_it += n;
            return *this;
        }
        const_iterator operator+(difference_type n) const { return const_iterator(m_it + n); }
        difference_type operator-(const const_iterator &o) const { return m_it - o.m_it; }
        reference operator[](difference_type n) const { return *m_it[n]; }
        bool operator==(const const_iterator &o) const { return m_it == o.m_it; }
        bool operator!=(const const_iterator &o) const { return m_it != o.m_it; }
        bool operator<(const const_iterator &o) const { return m_it < o.m_it; }

    private:
        std::vector<const TraceEvent *>::const_iterator m_it;
    };
    const_iterator begin() const { return const_iterator(m_events.begin()); }
    const_iterator end() const { return const_iterator(m_events.end()); }
    size_t size() const { return m_events.size(); }
    bool empty() const { return m_events.empty(); }
    const TraceEvent &front() const { return *m_events.front(); }
    const TraceEvent &back() const { return *m_events.back(); }
    const TraceEvent &operator[](size_t i) const { return *m_events[i]; }
    void push_back(const TraceEvent &e) { m_events.push_back(&e); }
    void clear() { m_events.clear(); }
    void reserve(size_t n) { m_events.reserve(n); }

private:
    std::vector<const TraceEvent *> m_events;
};

/// The producer side of every live model: the journal delivers to the model, at most once per
/// `interval` milliseconds (a single-shot coalescing timer armed by the first new event), the
/// range of seqs recorded since its last batch, filtered by its JournalSource and `accept`.
/// Nothing is copied: the model reads the events in the journal's storage (EventBatch), and
/// the batcher keeps only the next seq to deliver. Models therefore apply many informer state
/// changes with one beginInsertRows/dataChanged per contiguous run instead of a signal per
/// event — the Wireshark/GammaRay pattern.
///
/// When the journal is about to drop events beyond its capacity that were not delivered yet,
/// the batcher delivers them at once (Journal::aboutToDrop), with an eighth of the journal's
/// capacity after them, so a model never misses one. Before it comes to that, a batcher with a
/// quarter of the capacity pending starts its next (sliced) batch at once instead of after its
/// interval.
///
/// Not thread-safe: lives on the journal's thread. The journal is not owned; if it is destroyed
/// the batcher just stops receiving.
class EventBatcher : public QObject {
    Q_OBJECT
public:
    using Events = EventBatch;
    using FlushFn = std::function<void(const EventBatch &)>;
    using AcceptFn = std::function<bool(const TraceEvent &)>;

    /// `flush` receives each batch in recording order. `accept` (optional) filters the events
    /// of the source, so a model sees only what it folds. `source.journal` may be null (nothing
    /// arrives).
    EventBatcher(JournalSource source, FlushFn flush, AcceptFn accept = {},
                 QObject *parent = nullptr);
    ~EventBatcher() override;

    /// Coalescing delay in milliseconds (default 50; 0 = next event-loop turn).
    void setInterval(int ms);
    int interval() const;
    /// The clock the coalescing delay (and a busy batch's staggered turn) is measured on: a
    /// ClockTimer on it. nullptr (the default) = real time, also when the journal runs on a
    /// scenario's ManualClock: views refresh as the user watches. A test passes a ManualClock
    /// to decide when a batch comes (ManualClock::advance() past interval()); a batch that is
    /// waiting keeps its delay, now on `clock`. Not owned; must outlive the batcher.
    void setClock(const Clock *clock);
    /// Under load the delay stretches: after a batch of at least busyBatchSize() events the
    /// next one waits busyIntervalMs() (or interval(), if longer). Views then refresh four times
    /// a second while thousands of events arrive — as Wireshark slows its live packet list —
    /// so painting cannot starve the informer on the same thread; a quiet stream is back to
    /// interval() after its first small batch.
    static constexpr qsizetype busyBatchSize() { return 100; }
    static constexpr int busyIntervalMs() { return 250; }
    /// Busy batches, and every slice after a batch's first, of all batchers on one thread are
    /// handed over at least this many milliseconds apart, in the order they came due: each view
    /// applies and repaints its batch in an event-loop turn of its own (a frame apart) instead of
    /// every view in one long turn — the stall a user feels is one view's work, not the sum. Quiet
    /// batches and flushNow() are never delayed.
    static constexpr int staggerMs() { return 16; }

    /// A batch that comes due is handed over in slices, each in an event-loop turn of its own,
    /// so that a view folding 150 000 objects' events does not hold the event loop for long
    /// (the stall the window bench counts). A slice's size follows the model's measured cost,
    /// fitted as `fixed + perEvent × events` over its recent calls (a view whose rows sit
    /// behind a sorting proxy pays milliseconds per call whatever the call holds): as many
    /// events as fit sliceBudgetMs(), but never so few that the fixed part exceeds half of a
    /// slice (slicing would then mostly repeat it), and at least minSliceEvents(). A model
    /// whose cost does not grow with the events is not sliced. The first call of a batcher
    /// holds at most firstSliceEvents(). A batch ends at the seq that was the journal's last
    /// when it came due: what is recorded meanwhile waits for the next batch, after
    /// interval() (or busyIntervalMs()). flushNow() and the journal's drop hand over
    /// everything at once.
    static constexpr int sliceBudgetMs() { return 12; }
    static constexpr qsizetype firstSliceEvents() { return 2048; }
    static constexpr qsizetype minSliceEvents() { return 256; }
    /// Fixes the slice size at `events` accepted events (0 = follow the measured cost, the
    /// default); for tests and benchmarks that compare.
    void setSliceEvents(qsizetype events);
    /// The accepted events the next slice may hold (0 = the whole batch).
    qsizetype sliceLimit() const;
    /// The model's fitted cost of one call: `fixedNs` + `perEventNs` × events, in nanoseconds
    /// of wall time. False until a call was measured.
    bool costEstimate(double *fixedNs, double *perEventNs) const;
    /// What the model was handed so far: calls of its flush function, events in them, and the
    /// wall time the calls took (nanoseconds, the model's fold and what `flushed` ran).
    struct Totals {
        qint64 calls = 0;
        qint64 events = 0;
        qint64 ns = 0;
    };
    const Totals &totals() const { return m_totals; }

    /// Events recorded and not yet handed to the model (before filtering).
    qsizetype pendingCount() const;

    /// Hands the pending events to the model now, in one batch (no-op when none are pending).
    void flushNow();

    /// Feeds the journal's retained history (journal->events()) through `accept` and `flush`
    /// synchronously, in chunks; used once at construction and by models that rebuild.
    /// `upToSeq` > 0 stops after the event with that seq (time travel: the state back then).
    void replayHistory(quint64 upToSeq = 0);

    /// While frozen (time travel), newly recorded events are not delivered, and pending ones are
    /// discarded: the model shows a past moment and rebuilds (replayHistory) when it returns
    /// to live; unfreezing resumes delivery after the journal's last seq.
    void setFrozen(bool frozen);
    bool isFrozen() const { return m_frozen; }

    Journal *journal() const { return m_journal.data(); }
    /// The informer whose events this batcher delivers ("" = all).
    const QString &informer() const { return m_source.informer; }
    /// True when `e` is one this batcher delivers (its source's and accepted).
    bool accepts(const TraceEvent &e) const;

Q_SIGNALS:
    /// After every batch was applied; `count` events were in it.
    void flushed(qsizetype count);

private:
    void onEvent(const TraceEvent &e);
    void onAboutToDrop(quint64 lastDroppedSeq);
    void onTimer();
    /// Hands over the events from m_nextSeq up to `lastSeq`, at most `limit` accepted ones
    /// (0 = all); returns the accepted count. m_nextSeq moves past what was examined.
    qsizetype deliver(quint64 lastSeq, qsizetype limit);
    int m_baseInterval = 50;
    int m_nextInterval = 50;   ///< the coalescing delay for the next batch
    bool m_hasSlot = false;    ///< the timer is waiting for this batcher's staggered turn
    bool m_catchingUp = false; ///< a quarter of the journal is pending: the batch starts now

    QPointer<Journal> m_journal;
    JournalSource m_source;
    FlushFn m_flush;
    AcceptFn m_accept;
    ClockTimer *m_timer = nullptr;
    quint64 m_nextSeq = 1;       ///< the first seq not delivered yet
    quint64 m_batchEndSeq = 0;   ///< the last seq of the batch being sliced (0 = none)
    qsizetype m_sliceEvents = 0; ///< fixed slice size (0 = measured)
    /// Exponentially weighted sums over the calls (events k, nanoseconds t) for the fit.
    struct CostSums {
        double w = 0, k = 0, t = 0, kk = 0, kt = 0;
    } m_cost;
    Totals m_totals;
    bool m_frozen = false;
};

} // namespace lens
