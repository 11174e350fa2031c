// SPDX-License-Identifier: Apache-2.0
#include "eventbatcher.h"

#include "trace/clocktimer.h"
#include "trace/journal.h"

#include <QElapsedTimer>

#include <algorithm>

namespace lens {

namespace {
/// The staggered turns of one thread's batchers: the time from which the next busy batch or
/// slice may be handed over, and when the last one ended.
struct FlushTurns {
    QElapsedTimer clock;
    qint64 nextFreeMs = 0;
    qint64 lastEndMs = -1000;

    qint64 now()
    {
        if (!clock.isValid())
            clock.start();
        return clock.elapsed();
    }
    /// Milliseconds until the caller's turn (0 = now), reserving it.
    qint64 reserve()
    {
        const qint64 t = now();
        const qint64 turn = qMax(t, nextFreeMs);
        nextFreeMs = turn + EventBatcher::staggerMs();
        return turn - t;
    }
    /// A busy batch or slice ended now: the next one comes a stagger later, whatever was
    /// reserved before (a slice that overran its slot would otherwise be followed at once by the
    /// timers that came due meanwhile, in the same pass over the due timers).
    void ended()
    {
        lastEndMs = now();
        nextFreeMs = qMax(nextFreeMs, lastEndMs + EventBatcher::staggerMs());
    }
    /// True when a busy batch or slice ended within the last millisecond: this timer fired in
    /// the same pass, and nothing else ran in between.
    bool justEnded() { return now() - lastEndMs <= 1; }
};
thread_local FlushTurns t_turns;

/// Real time, for batchers without a clock of their own (EventBatcher::setClock()).
const Clock *realTime()
{
    static const SteadyClock clock;
    return &clock;
}
} // namespace

EventBatcher::EventBatcher(JournalSource source, FlushFn flush, AcceptFn accept, QObject *parent)
    : QObject(parent), m_journal(source.journal), m_source(std::move(source)),
      m_flush(std::move(flush)), m_accept(std::move(accept))
{
    setClock(nullptr);
    if (Journal *journal = m_source.journal) {
        m_nextSeq = journal->lastSeq() + 1;
        connect(journal, &Journal::eventRecorded, this, &EventBatcher::onEvent);
        connect(journal, &Journal::aboutToDrop, this, &EventBatcher::onAboutToDrop);
    }
}

EventBatcher::~EventBatcher() = default;

void EventBatcher::setInterval(int ms)
{
    m_baseInterval = qMax(0, ms);
    m_nextInterval = m_baseInterval;
}

int EventBatcher::interval() const
{
    return m_baseInterval;
}

void EventBatcher::setClock(const Clock *clock)
{
    const bool waiting = m_timer && m_timer->isActive();
    delete m_timer;
    m_timer = new ClockTimer(clock ? clock : realTime(), this);
    connect(m_timer, &ClockTimer::timeout, this, &EventBatcher::onTimer);
    if (waiting)
        m_timer->start(m_nextInterval);
}

qsizetype EventBatcher::pendingCount() const
{
    if (!m_journal || m_frozen)
        return 0;
    return qsizetype(m_journal->lastSeq() + 1 - qMin(m_nextSeq, m_journal->lastSeq() + 1));
}

bool EventBatcher::accepts(const TraceEvent &e) const
{
    return m_source.accepts(e) && (!m_accept || m_accept(e));
}

void EventBatcher::setFrozen(bool frozen)
{
    m_frozen = frozen;
    m_timer->stop();
    m_hasSlot = false;
    m_catchingUp = false;
    m_batchEndSeq = 0;
    // Frozen or not, what was recorded so far is either not wanted (a past moment) or folded
    // by the caller's replayHistory(): delivery resumes after the journal's last seq.
    if (m_journal)
        m_nextSeq = m_journal->lastSeq() + 1;
}

void EventBatcher::onEvent(const TraceEvent &e)
{
    if (m_frozen || e.seq < m_nextSeq || !accepts(e))
        return;
    if (m_batchEndSeq == 0 && !m_catchingUp && m_journal &&
        pendingCount() >= m_journal->capacity() / 4) {
        // Far behind (a 150 000-object Replace records faster than any interval): the next
        // batch starts at once, sliced, so the journal's drop does not force it all in one turn.
        m_catchingUp = true;
        m_timer->start(0);
        return;
    }
    if (!m_timer->isActive())
        m_timer->start(m_nextInterval);
}

void EventBatcher::onAboutToDrop(quint64 lastDroppedSeq)
{
    if (m_frozen || !m_journal || m_nextSeq > lastDroppedSeq)
        return;
    // What is about to go, and an eighth of the journal after it, in this turn: the model
    // misses nothing, and the next forced call is that many records away.
    deliver(qMin(m_journal->lastSeq(), lastDroppedSeq + quint64(m_journal->capacity() / 8)), 0);
}

void EventBatcher::setSliceEvents(qsizetype events)
{
    m_sliceEvents = qMax<qsizetype>(0, events);
}

bool EventBatcher::costEstimate(double *fixedNs, double *perEventNs) const
{
    const CostSums &c = m_cost;
    if (c.w <= 0 || c.k <= 0)
        return false;
    // Least squares of t = a + b·k; too little spread in k (slices of one size) fits no fixed
    // part, and a negative one is none.
    const double den = c.w * c.kk - c.k * c.k;
    double b = c.t / c.k, a = 0;
    if (den > 1e-6 * c.w * c.kk) {
        const double fb = (c.w * c.kt - c.k * c.t) / den;
        const double fa = (c.t - fb * c.k) / c.w;
        if (fa >= 0) {
            a = fa;
            b = fb;
        }
    }
    *fixedNs = a;
    *perEventNs = b;
    return true;
}

qsizetype EventBatcher::sliceLimit() const
{
    if (m_sliceEvents > 0)
        return m_sliceEvents;
    double a = 0, b = 0;
    if (!costEstimate(&a, &b))
        return firstSliceEvents();
    if (b <= 0)
        return 0; // the cost does not grow with the events: one call is cheapest
    const double budgetNs = sliceBudgetMs() * 1e6;
    const double events = qMax((budgetNs - a) / b, a / b);
    return qMax(minSliceEvents(), qsizetype(qMin(events, 1e9)));
}

void EventBatcher::onTimer()
{
    const bool continuing = m_batchEndSeq != 0;
    const bool catchingUp = std::exchange(m_catchingUp, false);
    const bool busy = continuing || catchingUp || pendingCount() >= busyBatchSize();
    // A busy batch or slice waits for this thread's next staggered turn (one catching up, or a
    // slice, already has it), and for another one when it would follow the last busy one back
    // to back.
    if (busy && ((!continuing && !catchingUp && !m_hasSlot) || t_turns.justEnded())) {
        if (const qint64 wait = t_turns.reserve(); wait > 0) {
            m_hasSlot = true;
            m_timer->start(int(wait));
            return;
        }
    }
    m_hasSlot = false;
    if (!continuing) {
        if (!m_journal || m_frozen || m_nextSeq > m_journal->lastSeq())
            return;
        const qsizetype recorded = qsizetype(m_journal->lastSeq() + 1 - m_nextSeq);
        m_nextInterval =
            recorded >= busyBatchSize() ? qMax(m_baseInterval, busyIntervalMs()) : m_baseInterval;
        m_batchEndSeq = m_journal->lastSeq();
    }
    deliver(m_batchEndSeq, sliceLimit());
    if (busy)
        t_turns.ended();
    if (m_batchEndSeq == 0)
        return; // flushNow() or setFrozen() ran during the slice and ended the batch
    if (m_journal && m_nextSeq <= m_batchEndSeq) {
        // The next slice, in a turn of its own: the thread's next staggered one, so that the
        // slices of several views do not run back to back in one pass over the due timers.
        m_timer->start(int(t_turns.reserve()));
        return;
    }
    m_batchEndSeq = 0;
    // What was recorded while the batch was sliced comes after the interval, as a new batch.
    if (pendingCount() > 0 && !m_timer->isActive())
        m_timer->start(m_nextInterval);
}

void EventBatcher::flushNow()
{
    m_timer->stop();
    m_hasSlot = false;
    m_catchingUp = false;
    m_batchEndSeq = 0;
    if (!m_journal || m_frozen || m_nextSeq > m_journal->lastSeq())
        return;
    const qsizetype recorded = qsizetype(m_journal->lastSeq() + 1 - m_nextSeq);
    m_nextInterval =
        recorded >= busyBatchSize() ? qMax(m_baseInterval, busyIntervalMs()) : m_baseInterval;
    deliver(m_journal->lastSeq(), 0);
}

qsizetype EventBatcher::deliver(quint64 lastSeq, qsizetype limit)
{
    if (!m_journal || m_nextSeq > lastSeq)
        return 0;
    const auto &all = m_journal->events();
    auto it = std::lower_bound(all.begin(), all.end(), m_nextSeq,
                               [](const TraceEvent &e, quint64 s) { return e.seq < s; });
    EventBatch batch;
    batch.reserve(size_t(limit > 0 ? qMin<qsizetype>(limit, all.end() - it) : all.end() - it));
    for (; it != all.end() && it->seq <= lastSeq; ++it) {
        if (!accepts(*it))
            continue;
        batch.push_back(*it);
        if (limit > 0 && qsizetype(batch.size()) == limit) {
            ++it;
            break;
        }
    }
    // Moved before the model runs, which may record events or flush again.
    m_nextSeq = it == all.end() || it->seq > lastSeq ? lastSeq + 1 : it->seq;
    if (batch.empty())
        return 0;
    QElapsedTimer took;
    took.start();
    if (m_flush)
        m_flush(batch);
    Q_EMIT flushed(qsizetype(batch.size()));
    const double ns = double(took.nsecsElapsed()), k = double(batch.size());
    ++m_totals.calls;
    m_totals.events += qint64(batch.size());
    m_totals.ns += qint64(ns);
    // The fit weighs the last dozen calls or so: a view's cost moves as its rows grow.
    constexpr double kDecay = 0.92;
    CostSums &c = m_cost;
    c.w = c.w * kDecay + 1;
    c.k = c.k * kDecay + k;
    c.t = c.t * kDecay + ns;
    c.kk = c.kk * kDecay + k * k;
    c.kt = c.kt * kDecay + k * ns;
    return qsizetype(batch.size());
}

void EventBatcher::replayHistory(quint64 upToSeq)
{
    if (!m_journal)
        return;
    constexpr size_t kChunk = 4096;
    EventBatch chunk;
    chunk.reserve(kChunk);
    for (const TraceEvent &e : m_journal->events()) {
        if (upToSeq > 0 && e.seq > upToSeq)
            break;
        if (!accepts(e))
            continue;
        chunk.push_back(e);
        if (chunk.size() == kChunk) {
            m_flush(chunk);
            chunk.clear();
        }
    }
    if (!chunk.empty())
        m_flush(chunk);
    if (upToSeq == 0 && !m_frozen)
        m_nextSeq = m_journal->lastSeq() + 1;
}

} // namespace lens
