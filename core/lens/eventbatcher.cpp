// SPDX-License-Identifier: Apache-2.0
#include "eventbatcher.h"

#include "trace/disposal.h"
#include "trace/journal.h"

#include <QElapsedTimer>
#include <QTimer>

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
} // namespace

EventBatcher::EventBatcher(Journal *journal, FlushFn flush, AcceptFn accept, QObject *parent)
    : QObject(parent), m_journal(journal), m_flush(std::move(flush)), m_accept(std::move(accept)),
      m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    m_timer->setInterval(50);
    connect(m_timer, &QTimer::timeout, this, &EventBatcher::onTimer);
    if (journal)
        connect(journal, &Journal::eventRecorded, this, &EventBatcher::onEvent);
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

void EventBatcher::setFrozen(bool frozen)
{
    m_frozen = frozen;
    if (frozen) {
        m_timer->stop();
        m_hasSlot = false;
        m_pending.clear();
    }
}

void EventBatcher::onEvent(const TraceEvent &e)
{
    if (m_frozen)
        return;
    if (m_accept && !m_accept(e))
        return;
    m_pending.push_back(e);
    if (!m_timer->isActive())
        m_timer->start(m_nextInterval);
}

void EventBatcher::onTimer()
{
    if (!m_hasSlot && qsizetype(m_pending.size()) >= busyBatchSize()) {
        if (const qint64 wait = t_turns.reserve(); wait > 0) {
            m_hasSlot = true;
            m_timer->start(int(wait));
            return;
        }
    }
    flushNow();
}

void EventBatcher::flushNow()
{
    m_timer->stop();
    m_hasSlot = false;
    if (m_pending.empty())
        return;
    Events batch;
    batch.swap(m_pending);
    m_nextInterval = qsizetype(batch.size()) >= busyBatchSize()
                         ? qMax(m_baseInterval, busyIntervalMs())
                         : m_baseInterval;
    if (m_flush)
        m_flush(batch);
    const auto count = qsizetype(batch.size());
    // A batch of 250 ms can outlive the journal's copies (a small --journal-cap drops events
    // sooner): its events may be the last references to their object versions.
    disposeOffThread(std::move(batch));
    Q_EMIT flushed(count);
}

void EventBatcher::replayHistory(quint64 upToSeq)
{
    if (!m_journal)
        return;
    constexpr size_t kChunk = 4096;
    Events chunk;
    chunk.reserve(kChunk);
    for (const TraceEvent &e : m_journal->events()) {
        if (upToSeq > 0 && e.seq > upToSeq)
            break;
        if (m_accept && !m_accept(e))
            continue;
        chunk.push_back(e);
        if (chunk.size() == kChunk) {
            m_flush(chunk);
            chunk.clear();
        }
    }
    if (!chunk.empty())
        m_flush(chunk);
}

} // namespace lens
