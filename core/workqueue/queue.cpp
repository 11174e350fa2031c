// SPDX-License-Identifier: Apache-2.0
#include "queue.h"

#include "trace/clock.h"
#include "trace/clocktimer.h"
#include "trace/journal.h"

#include <QMetaObject>

#include <algorithm>

namespace lens::workqueue {

Queue::Queue(Config config, QObject *parent)
    : QObject(parent), m_name(std::move(config.name)), m_clock(config.clock),
      m_journal(config.journal), m_storage(std::move(config.storage)),
      m_unfinishedPeriodMs(config.unfinishedWorkUpdatePeriodMs)
{
    if (!m_clock) {
        m_ownClock = std::make_unique<SteadyClock>();
        m_clock = m_ownClock.get();
    }
    if (!m_storage)
        m_storage = defaultStorage();
    if (m_unfinishedPeriodMs > 0) {
        // client-go's updateUnfinishedWorkLoop: a ticker on the queue's clock.
        m_unfinishedTimer = new ClockTimer(m_clock, this);
        m_unfinishedTimer->setClockStop(false);
        connect(m_unfinishedTimer, &ClockTimer::timeout, this, [this] {
            const qint64 due = m_unfinishedTimer->dueMs();
            updateUnfinishedWork();
            qint64 next = due + m_unfinishedPeriodMs; // one tick per wake-up, as a ticker
            const qint64 now = nowMs();
            if (next <= now)
                next += ((now - next) / m_unfinishedPeriodMs + 1) * m_unfinishedPeriodMs;
            if (!m_shuttingDown)
                m_unfinishedTimer->startAt(next);
        });
        m_unfinishedTimer->start(m_unfinishedPeriodMs);
    }
}

Queue::~Queue() = default;

qint64 Queue::nowMs() const
{
    return m_clock->nowMs();
}

void Queue::record(TraceKind kind, const QString &item, QJsonObject detail) const
{
    if (!m_journal)
        return;
    TraceEvent e;
    e.kind = kind;
    e.component = QStringLiteral("workqueue");
    e.key = item;
    detail.insert(QLatin1String("queue"), m_name);
    e.detail = std::move(detail);
    m_journal->record(std::move(e));
}

void Queue::add(const QString &item, const QString &reason)
{
    const bool processing = m_processing.contains(item);
    auto recordAdd = [&](bool collapsed, bool ignored) {
        QJsonObject d{{QLatin1String("reason"), reason},
                      {QLatin1String("collapsed"), collapsed},
                      {QLatin1String("whileProcessing"), processing},
                      {QLatin1String("depth"), m_metrics.depth}};
        if (ignored)
            d.insert(QLatin1String("ignored"), true);
        record(TraceKind::WorkqueueAdd, item, std::move(d));
    };
    if (m_shuttingDown) {
        recordAdd(false, true);
        return;
    }
    if (m_dirty.contains(item)) {
        // Collapsed: no metric. Only an item waiting in the storage is touched.
        if (!processing)
            m_storage->touch(item);
        recordAdd(true, false);
        return;
    }
    ++m_metrics.addsTotal;
    ++m_metrics.depth;
    if (!m_addTimes.contains(item))
        m_addTimes.insert(item, nowMs());
    m_dirty.insert(item);
    if (processing) { // Done queues it
        recordAdd(false, false);
        Q_EMIT changed();
        return;
    }
    m_storage->push(item);
    recordAdd(false, false);
    serveWaiting();
    Q_EMIT changed();
}

int Queue::len() const
{
    return m_storage->len();
}

QString Queue::take(const QString &worker)
{
    QString item = m_storage->pop();
    const qint64 now = nowMs();
    --m_metrics.depth;
    qint64 waited = 0;
    if (const auto it = m_addTimes.constFind(item); it != m_addTimes.cend()) {
        waited = now - *it;
        m_metrics.queueDurationSeconds.observe(double(waited) / 1000.0);
        m_addTimes.erase(it);
    }
    m_processing.insert(item, {worker, now});
    m_dirty.remove(item);
    record(TraceKind::WorkqueueGet, item,
           {{QLatin1String("worker"), worker},
            {QLatin1String("waitedMs"), waited},
            {QLatin1String("depth"), m_metrics.depth}});
    return item;
}

std::optional<QString> Queue::tryGet(const QString &worker)
{
    if (m_storage->len() == 0)
        return std::nullopt;
    QString item = take(worker);
    Q_EMIT changed();
    return item;
}

void Queue::requestGet(const QString &worker)
{
    if (m_waitingWorkers.contains(worker) || m_answers.contains(worker))
        return;
    if (m_storage->len() > 0) {
        answer(worker, take(worker));
    } else if (m_shuttingDown) {
        answer(worker, std::nullopt);
    } else {
        m_waitingWorkers.append(worker);
    }
    Q_EMIT changed();
}

void Queue::answer(const QString &worker, const std::optional<QString> &item)
{
    if (!item)
        record(TraceKind::WorkqueueGet, {},
               {{QLatin1String("worker"), worker}, {QLatin1String("shutDown"), true}});
    const quint64 id = ++m_answerSeq;
    m_answers.insert(worker, {item, id});
    QMetaObject::invokeMethod(
        this, [this, worker, id] { deliver(worker, id); }, Qt::QueuedConnection);
}

void Queue::deliver(const QString &worker, quint64 id)
{
    const auto it = m_answers.find(worker);
    if (it == m_answers.end() || it->id != id)
        return; // cancelled (and maybe asked again since)
    const std::optional<QString> item = it->item;
    m_answers.erase(it);
    if (item)
        Q_EMIT itemHandedOut(worker, *item);
    else
        Q_EMIT getShutDown(worker);
}

void Queue::serveWaiting()
{
    while (!m_waitingWorkers.isEmpty() && m_storage->len() > 0) {
        const QString worker = m_waitingWorkers.takeFirst();
        answer(worker, take(worker));
    }
}

void Queue::cancelGet(const QString &worker)
{
    if (m_waitingWorkers.removeOne(worker)) {
        record(TraceKind::WorkqueueCancelGet, {},
               {{QLatin1String("worker"), worker}, {QLatin1String("givenBack"), false}});
        Q_EMIT changed();
        return;
    }
    const auto it = m_answers.find(worker);
    if (it == m_answers.end())
        return;
    const std::optional<QString> item = it->item;
    m_answers.erase(it);
    if (!item) { // a shutdown answer: nothing to give back
        record(TraceKind::WorkqueueCancelGet, {},
               {{QLatin1String("worker"), worker}, {QLatin1String("givenBack"), false}});
        Q_EMIT changed();
        return;
    }
    // The item was taken for the worker but never reached it: back in line, dirty again.
    m_processing.remove(*item);
    if (!m_dirty.contains(*item)) {
        m_dirty.insert(*item);
        ++m_metrics.depth;
        m_addTimes.insert(*item, nowMs());
    }
    m_storage->push(*item);
    record(TraceKind::WorkqueueCancelGet, *item,
           {{QLatin1String("worker"), worker},
            {QLatin1String("givenBack"), true},
            {QLatin1String("depth"), m_metrics.depth}});
    serveWaiting();
    if (m_processing.isEmpty() && m_draining) {
        m_draining = false;
        Q_EMIT drained();
    }
    Q_EMIT changed();
}

void Queue::done(const QString &item)
{
    const auto it = m_processing.find(item);
    if (it == m_processing.end()) {
        qWarning("workqueue %s: Done(%s) for an item that is not being processed: ignored",
                 qPrintable(m_name), qPrintable(item));
        return;
    }
    const InFlight f = *it;
    m_processing.erase(it);
    const qint64 workMs = nowMs() - f.sinceMs;
    m_metrics.workDurationSeconds.observe(double(workMs) / 1000.0);
    const bool requeued = m_dirty.contains(item);
    if (requeued)
        m_storage->push(item);
    record(TraceKind::WorkqueueDone, item,
           {{QLatin1String("worker"), f.worker},
            {QLatin1String("workMs"), workMs},
            {QLatin1String("requeued"), requeued},
            {QLatin1String("depth"), m_metrics.depth}});
    if (requeued)
        serveWaiting();
    if (m_processing.isEmpty() && m_draining) {
        m_draining = false;
        Q_EMIT drained();
    }
    Q_EMIT changed();
}

void Queue::answerShutDown()
{
    const QStringList workers = std::exchange(m_waitingWorkers, {});
    for (const QString &w : workers)
        answer(w, std::nullopt);
}

void Queue::shutDownImpl(bool drain)
{
    m_shuttingDown = true;
    if (m_unfinishedTimer)
        m_unfinishedTimer->stop();
    const int discarded = discardOnShutDown();
    record(TraceKind::WorkqueueShutDown, {},
           {{QLatin1String("drain"), drain},
            {QLatin1String("discarded"), discarded},
            {QLatin1String("queued"), m_storage->len()},
            {QLatin1String("processing"), int(m_processing.size())}});
    answerShutDown();
    if (drain) {
        if (m_processing.isEmpty())
            Q_EMIT drained();
        else
            m_draining = true;
    } else if (m_draining) { // ShutDown releases a waiting ShutDownWithDrain
        m_draining = false;
        Q_EMIT drained();
    }
    Q_EMIT changed();
}

void Queue::shutDown()
{
    shutDownImpl(false);
}

void Queue::shutDownWithDrain()
{
    shutDownImpl(true);
}

QStringList Queue::queued() const
{
    return m_storage->items();
}

QStringList Queue::dirty() const
{
    QStringList out(m_dirty.begin(), m_dirty.end());
    out.sort();
    return out;
}

void Queue::updateUnfinishedWork()
{
    if (m_shuttingDown)
        return;
    const qint64 now = nowMs();
    qint64 total = 0, longest = 0;
    for (const InFlight &f : std::as_const(m_processing)) {
        total += now - f.sinceMs;
        longest = std::max(longest, now - f.sinceMs);
    }
    const double unfinished = double(total) / 1000.0, longestS = double(longest) / 1000.0;
    if (unfinished == m_metrics.unfinishedWorkSeconds &&
        longestS == m_metrics.longestRunningProcessorSeconds)
        return;
    m_metrics.unfinishedWorkSeconds = unfinished;
    m_metrics.longestRunningProcessorSeconds = longestS;
    Q_EMIT changed();
}

} // namespace lens::workqueue
