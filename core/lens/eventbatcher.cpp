// SPDX-License-Identifier: Apache-2.0
#include "eventbatcher.h"

#include "trace/clocktimer.h"
#include "trace/journal.h"

#include <QElapsedTimer>

#include <algorithm>

namespace lens {

namespace {
/// The staggered turns of one thread's batchers: the time from which the next
/// busy batch may be handed over.
struct FlushTurns {
    QElapsedTimer clock;
    qint64 nextFreeMs = 0;

    /// Milliseconds until the caller's turn (0 = now), reserving it.
    qint64 reserve()
    {
        if (!clock.isValid())
            clock.start();
        const qint64 now = clock.elapsed();
        const qint64 turn = qMax(now, nextFreeMs);
        nextFreeMs = turn + EventBatcher::staggerMs();
        return turn - now;
    }
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
    // Frozen or not, what was recorded so far is either not wanted (a past moment) or folded
    // by the caller's replayHistory(): delivery resumes after the journal's last seq.
    if (m_journal)
        m_nextSeq = m_journal->lastSeq() + 1;
}

void EventBatcher::onEvent(const TraceEvent &e)
{
    if (m_frozen || e.seq < m_nextSeq || !accepts(e))
        return;
    if (!m_timer->isActive())
        m_timer->start(m_nextInterval);
}

void EventBatcher::onAboutToDrop(quint64 lastDroppedSeq)
{
    if (!m_frozen && m_nextSeq <= lastDroppedSeq)
        flushNow();
}

void EventBatcher::onTimer()
{
    if (!m_hasSlot && pendingCount() >= busyBatchSize()) {
        if (const qint64 wait = t_turns.reserve(); wait > 0) {
            m_hasSlot = true;
            m_timer->start(wait);
            return;
        }
    }
    flushNow();
}

void EventBatcher::flushNow()
{
    m_timer->stop();
    m_hasSlot = false;
    if (!m_journal || m_frozen || m_nextSeq > m_journal->lastSeq())
        return;
    const auto &all = m_journal->events();
    auto it = std::lower_bound(all.begin(), all.end(), m_nextSeq,
                               [](const TraceEvent &e, quint64 s) { return e.seq < s; });
    const qsizetype recorded = qsizetype(m_journal->lastSeq() + 1 - m_nextSeq);
    m_nextSeq = m_journal->lastSeq() + 1;
    EventBatch batch;
    batch.reserve(size_t(all.end() - it));
    for (; it != all.end(); ++it) {
        if (accepts(*it))
            batch.push_back(*it);
    }
    m_nextInterval =
        recorded >= busyBatchSize() ? qMax(m_baseInterval, busyIntervalMs()) : m_baseInterval;
    if (batch.empty())
        return;
    if (m_flush)
        m_flush(batch);
    Q_EMIT flushed(qsizetype(batch.size()));
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
