// SPDX-License-Identifier: Apache-2.0
#include "delayingqueue.h"

#include "trace/clocktimer.h"

#include <limits>

namespace lens::workqueue {

DelayingQueue::DelayingQueue(Config config, QObject *parent)
    : Queue(std::move(config), parent), m_head(new ClockTimer(clock(), this)),
      m_heartbeat(new ClockTimer(clock(), this))
{
    connect(m_head, &ClockTimer::timeout, this, &DelayingQueue::addReady);
    m_heartbeat->setClockStop(false);
    connect(m_heartbeat, &ClockTimer::timeout, this, [this] {
        const qint64 due = m_heartbeat->dueMs();
        addReady();
        if (shuttingDown())
            return;
        qint64 next = due + heartbeatMs(); // a ticker: one tick per wake-up
        if (next <= nowMs())
            next += ((nowMs() - next) / heartbeatMs() + 1) * heartbeatMs();
        m_heartbeat->startAt(next);
    });
    m_heartbeat->start(heartbeatMs());
}

DelayingQueue::~DelayingQueue() = default;

void DelayingQueue::addAfter(const QString &item, qint64 delayMs, const QString &reason)
{
    addAfterImpl(item, delayMs, reason, nullptr);
}

void DelayingQueue::addAfterImpl(const QString &item, qint64 delayMs, const QString &reason,
                                 const RateLimitDecision *decision)
{
    const TraceKind kind =
        decision ? TraceKind::WorkqueueAddRateLimited : TraceKind::WorkqueueAddAfter;
    QJsonObject d{{QLatin1String("delayMs"), delayMs}, {QLatin1String("reason"), reason}};
    if (decision) {
        d.insert(QLatin1String("limiter"), decision->limiter);
        d.insert(QLatin1String("failures"), decision->failures);
    }
    if (shuttingDown()) {
        d.insert(QLatin1String("ignored"), true);
        record(kind, item, std::move(d));
        return;
    }
    ++mutableMetrics().retriesTotal;
    const qint64 now = nowMs();
    if (delayMs <= 0) {
        d.insert(QLatin1String("readyAtMs"), now);
        d.insert(QLatin1String("dedup"), QStringLiteral("at once"));
        record(kind, item, std::move(d));
        add(item, reason);
        return;
    }
    const qint64 readyAt = delayMs > std::numeric_limits<qint64>::max() - now
                               ? std::numeric_limits<qint64>::max()
                               : now + delayMs;
    QString dedup;
    if (auto it = m_entries.find(item); it == m_entries.end()) {
        const quint64 order = ++m_order;
        m_entries.insert(item, {item, readyAt, order, reason});
        m_heap.emplace(readyAt, order, item);
        dedup = QStringLiteral("new");
    } else if (readyAt < it->readyAtMs) { // earliest wins: heap.Fix
        m_heap.erase(Key{it->readyAtMs, it->order, item});
        it->readyAtMs = readyAt;
        it->reason = reason;
        m_heap.emplace(readyAt, it->order, item);
        dedup = QStringLiteral("earlier wins");
    } else {
        dedup = QStringLiteral("kept earlier");
    }
    d.insert(QLatin1String("readyAtMs"), m_entries.value(item).readyAtMs);
    d.insert(QLatin1String("dedup"), dedup);
    record(kind, item, std::move(d));
    armHead();
    Q_EMIT changed();
}

void DelayingQueue::armHead()
{
    if (m_heap.empty())
        m_head->stop();
    else if (const qint64 due = std::get<0>(*m_heap.begin());
             !m_head->isActive() || m_head->dueMs() != due)
        m_head->startAt(due);
}

void DelayingQueue::addReady()
{
    if (shuttingDown())
        return; // the waiting loop ends; shutdown dropped the heap
    const qint64 now = nowMs();
    bool any = false;
    while (!m_heap.empty() && std::get<0>(*m_heap.begin()) <= now) {
        const QString item = std::get<2>(*m_heap.begin());
        m_heap.erase(m_heap.begin());
        const Waiting w = m_entries.take(item);
        record(TraceKind::WorkqueueReady, item,
               {{QLatin1String("readyAtMs"), w.readyAtMs},
                {QLatin1String("lateMs"), now - w.readyAtMs},
                {QLatin1String("reason"), w.reason}});
        add(item, w.reason);
        any = true;
    }
    armHead();
    if (any)
        Q_EMIT changed();
}

QList<DelayingQueue::Waiting> DelayingQueue::waiting() const
{
    QList<Waiting> out;
    out.reserve(qsizetype(m_heap.size()));
    for (const Key &k : m_heap)
        out << m_entries.value(std::get<2>(k));
    return out;
}

void DelayingQueue::shutDown()
{
    Queue::shutDown();
}

int DelayingQueue::discardOnShutDown()
{
    const int dropped = int(m_heap.size());
    m_heap.clear();
    m_entries.clear();
    m_head->stop();
    m_heartbeat->stop();
    return dropped;
}

} // namespace lens::workqueue
