// SPDX-License-Identifier: Apache-2.0
// controller-runtime's priority queue (pkg/controller/priorityqueue/priorityqueue.go, v0.23+):
// the two ordered trees, lockedAddWithOpts, handleWaitingItems and handleReadyItems, on the
// queue's thread instead of three goroutines (the add buffer is applied at once).
#include "priorityqueue.h"

#include "trace/clock.h"
#include "trace/clocktimer.h"
#include "trace/journal.h"
#include "workqueue/ratelimiter.h"

#include <QMetaObject>

#include <limits>

namespace lens::runtime {

namespace {
/// lessReady: higher priority first, then the lower sequence number (unique).
using ReadyKey = std::pair<qint64, quint64>; // -priority, seq
/// lessWaiting: earlier readyAt first, then lessReady.
using WaitingKey = std::tuple<qint64, qint64, quint64>; // readyAt, -priority, seq

ReadyKey readyKey(const PriorityQueue::Entry &e)
{
    return {-qint64(e.priority), e.seq};
}

WaitingKey waitingKey(const PriorityQueue::Entry &e)
{
    return {e.readyAtMs.value_or(0), -qint64(e.priority), e.seq};
}
} // namespace

struct PriorityQueue::Private {
    std::unique_ptr<Clock> ownClock;
    Journal *journal = nullptr;
    std::shared_ptr<workqueue::RateLimiter> limiter;
    bool metricsOn = true;
    qint64 unfinishedPeriodMs = 0;
    QHash<QString, Entry> items;       ///< key → its one entry (not while it is handed out)
    std::map<ReadyKey, QString> ready; ///< the ready tree, in hand-out order
    std::map<WaitingKey, QString> waiting;
    quint64 addedCounter = 0;
    struct Answer {
        std::optional<std::pair<QString, int>> item; ///< nullopt: shutdown
        quint64 id = 0;
    };
    QHash<QString, Answer> answers; ///< answers on their way, by worker
    quint64 answerSeq = 0;
    std::unique_ptr<ClockTimer> head;       ///< the waiting head's readyAt
    std::unique_ptr<ClockTimer> unfinished; ///< updateUnfinishedWorkLoop's ticker
};

PriorityQueue::PriorityQueue(Config config, QObject *parent)
    : ControllerQueue(parent), d(std::make_unique<Private>()), m_name(std::move(config.name)),
      m_clock(config.clock)
{
    if (!m_clock) {
        d->ownClock = std::make_unique<SteadyClock>();
        m_clock = d->ownClock.get();
    }
    d->journal = config.journal;
    d->limiter = config.rateLimiter ? std::move(config.rateLimiter)
                                    : workqueue::itemExponentialFailureRateLimiter(5, 1000000);
    d->metricsOn = !m_name.isEmpty();
    d->head = std::make_unique<ClockTimer>(m_clock);
    connect(d->head.get(), &ClockTimer::timeout, this, &PriorityQueue::handleWaitingItems);
    d->unfinishedPeriodMs = config.unfinishedWorkUpdatePeriodMs;
    if (d->metricsOn && d->unfinishedPeriodMs > 0) {
        d->unfinished = std::make_unique<ClockTimer>(m_clock);
        d->unfinished->setClockStop(false);
        connect(d->unfinished.get(), &ClockTimer::timeout, this, [this] {
            const qint64 period = d->unfinishedPeriodMs;
            qint64 next = d->unfinished->dueMs() + period; // a ticker: one tick per wake-up
            if (const qint64 now = nowMs(); next <= now)
                next += ((now - next) / period + 1) * period;
            updateUnfinishedWork();
            if (!m_shutDown)
                d->unfinished->startAt(next);
        });
        d->unfinished->start(d->unfinishedPeriodMs);
    }
}

PriorityQueue::~PriorityQueue() = default;

qint64 PriorityQueue::nowMs() const
{
    return m_clock->nowMs();
}

void PriorityQueue::record(TraceKind kind, const QString &key, QJsonObject detail) const
{
    if (!d->journal)
        return;
    TraceEvent e;
    e.kind = kind;
    e.component = QStringLiteral("priorityqueue");
    e.key = key;
    detail.insert(QLatin1String("queue"), m_name);
    e.detail = std::move(detail);
    d->journal->record(std::move(e));
}

void PriorityQueue::addWithOpts(const AddOpts &opts, const QStringList &items,
                                const QString &reason)
{
    for (const QString &key : items)
        addOne(opts, key, reason);
    if (!items.isEmpty() && !m_shutDown)
        Q_EMIT changed();
}

void PriorityQueue::addOne(const AddOpts &opts, const QString &key, const QString &reason)
{
    QJsonObject det{{QLatin1String("reason"), reason},
                    {QLatin1String("afterMs"), opts.afterMs},
                    {QLatin1String("rateLimited"), opts.rateLimited},
                    {QLatin1String("whileProcessing"), m_locked.contains(key)}};
    if (opts.priority)
        det.insert(QLatin1String("requestedPriority"), *opts.priority);
    if (m_shutDown) { // AddWithOpts after ShutDown: dropped before the limiter is asked
        det.insert(QLatin1String("ignored"), true);
        record(TraceKind::PriorityQueueAdd, key, std::move(det));
        return;
    }
    qint64 after = opts.afterMs;
    if (opts.rateLimited) { // When is always called, even if the add merges away
        const workqueue::RateLimitDecision rl = d->limiter->decide(key);
        det.insert(QLatin1String("limiterMs"), rl.delayMs);
        det.insert(QLatin1String("failures"), rl.failures);
        if (after == 0 || rl.delayMs < after)
            after = rl.delayMs;
    }
    const qint64 now = nowMs();
    std::optional<qint64> readyAt; // a zero or negative delay is "ready now", no retry
    if (after > 0) {
        readyAt = after > std::numeric_limits<qint64>::max() - now
                      ? std::numeric_limits<qint64>::max()
                      : now + after;
        if (d->metricsOn)
            m_metrics.retry();
    }
    const int priority = opts.priority.value_or(0);
    QString merge;
    bool waitingChanged = false, readyAdded = false;
    auto it = d->items.find(key);
    if (it == d->items.end()) {
        Entry e{key, priority, d->addedCounter++, readyAt, now};
        if (readyAt) {
            d->waiting.emplace(waitingKey(e), key);
            waitingChanged = true;
        } else {
            d->ready.emplace(readyKey(e), key);
            if (d->metricsOn)
                m_metrics.add(key, priority, now);
            readyAdded = true;
        }
        it = d->items.insert(key, e);
        merge = QStringLiteral("new");
    } else {
        Entry &e = *it;
        const bool wasReady = !e.readyAtMs;
        std::optional<qint64> merged = readyAt; // ready wins, otherwise the earlier time
        if (wasReady)
            merged.reset();
        else if (merged && *e.readyAtMs < *merged)
            merged = e.readyAtMs;
        if (wasReady) {
            d->ready.erase(readyKey(e));
        } else { // the head timer follows the waiting tree, also when an entry leaves it
            d->waiting.erase(waitingKey(e));
            waitingChanged = true;
        }
        bool raised = false;
        if (priority > e.priority) { // only ever raised; a raise takes a new sequence number
            if (wasReady && d->metricsOn)
                m_metrics.updateDepthWithPriority(e.priority, priority);
            e.priority = priority;
            e.seq = d->addedCounter++;
            raised = true;
        }
        if (!merged && !wasReady) { // waiting → ready by a re-add (the sequence is kept)
            if (d->metricsOn)
                m_metrics.add(key, e.priority, now);
            e.readySinceMs = now;
            readyAdded = true;
        }
        const std::optional<qint64> before = e.readyAtMs;
        e.readyAtMs = merged;
        if (merged) {
            d->waiting.emplace(waitingKey(e), key);
            waitingChanged = true;
        } else {
            d->ready.emplace(readyKey(e), key);
        }
        if (raised)
            merge = QStringLiteral("raised");
        else if (wasReady != !readyAt)
            merge = QStringLiteral("ready wins");
        else if (wasReady)
            merge = QStringLiteral("unchanged");
        else
            merge = *readyAt < *before ? QStringLiteral("earlier wins")
                                       : QStringLiteral("kept earlier");
    }
    const Entry &e = *it;
    det.insert(QLatin1String("priority"), e.priority);
    det.insert(QLatin1String("sequence"), qint64(e.seq));
    det.insert(QLatin1String("delayMs"), after > 0 ? after : 0);
    if (e.readyAtMs)
        det.insert(QLatin1String("readyAtMs"), *e.readyAtMs);
    det.insert(QLatin1String("merge"), merge);
    det.insert(QLatin1String("retry"), after > 0);
    det.insert(QLatin1String("ready"), !e.readyAtMs);
    det.insert(QLatin1String("depth"), qint64(d->ready.size()));
    record(TraceKind::PriorityQueueAdd, key, std::move(det));
    if (waitingChanged)
        armHead();
    if (readyAdded)
        handOut();
}

void PriorityQueue::armHead()
{
    if (m_shutDown || d->waiting.empty()) {
        d->head->stop();
        return;
    }
    const qint64 due = std::get<0>(d->waiting.begin()->first);
    if (!d->head->isActive() || d->head->dueMs() != due)
        d->head->startAt(due); // one timer, for exactly readyAt - now
}

void PriorityQueue::handleWaitingItems()
{
    if (m_shutDown)
        return;
    const qint64 now = nowMs();
    bool any = false;
    // Due entries in lessWaiting order, each with a new sequence number: FIFO by the moment
    // they became ready.
    while (!d->waiting.empty() && std::get<0>(d->waiting.begin()->first) <= now) {
        const QString key = d->waiting.begin()->second;
        d->waiting.erase(d->waiting.begin());
        Entry &e = d->items[key];
        const qint64 readyAt = e.readyAtMs.value_or(now);
        e.readyAtMs.reset();
        e.seq = d->addedCounter++;
        e.readySinceMs = now;
        if (d->metricsOn)
            m_metrics.add(key, e.priority, now);
        d->ready.emplace(readyKey(e), key);
        record(TraceKind::PriorityQueueReady, key,
               {{QLatin1String("priority"), e.priority},
                {QLatin1String("sequence"), qint64(e.seq)},
                {QLatin1String("readyAtMs"), readyAt},
                {QLatin1String("lateMs"), now - readyAt},
                {QLatin1String("depth"), qint64(d->ready.size())}});
        any = true;
    }
    armHead();
    if (any) {
        handOut();
        Q_EMIT changed();
    }
}

int PriorityQueue::take(const QString &key, const QString &worker)
{
    const Entry e = d->items.take(key);
    d->ready.erase(readyKey(e));
    const qint64 now = nowMs();
    if (d->metricsOn)
        m_metrics.get(key, e.priority, now);
    m_locked.insert(key, {worker, now, e.priority});
    record(TraceKind::PriorityQueueGet, key,
           {{QLatin1String("worker"), worker},
            {QLatin1String("priority"), e.priority},
            {QLatin1String("sequence"), qint64(e.seq)},
            {QLatin1String("waitedMs"), now - e.readySinceMs},
            {QLatin1String("depth"), qint64(d->ready.size())}});
    return e.priority;
}

namespace {
/// The first ready entry whose key is not locked (handleReadyItems skips locked keys).
template<typename Ready, typename Locked>
const QString *firstEligible(const Ready &ready, const Locked &locked)
{
    for (const auto &[k, key] : ready)
        if (!locked.contains(key))
            return &key;
    return nullptr;
}
} // namespace

void PriorityQueue::handOut()
{
    if (m_shutDown)
        return;
    while (!m_waiters.isEmpty()) {
        const QString *key = firstEligible(d->ready, m_locked);
        if (!key)
            break;
        const QString k = *key;
        const QString worker = m_waiters.takeFirst();
        const int priority = take(k, worker);
        answer(worker, std::make_pair(k, priority));
    }
}

std::optional<std::pair<QString, int>> PriorityQueue::tryGet(const QString &worker)
{
    if (m_shutDown)
        return std::nullopt;
    const QString *key = firstEligible(d->ready, m_locked);
    if (!key)
        return std::nullopt;
    const QString k = *key;
    const int priority = take(k, worker);
    Q_EMIT changed();
    return std::make_pair(k, priority);
}

void PriorityQueue::requestGet(const QString &worker)
{
    if (m_waiters.contains(worker) || d->answers.contains(worker))
        return;
    if (m_shutDown) { // GetWithPriority after ShutDown returns at once
        answer(worker, std::nullopt);
    } else {
        m_waiters.append(worker);
        handOut();
    }
    Q_EMIT changed();
}

void PriorityQueue::answer(const QString &worker,
                           const std::optional<std::pair<QString, int>> &item)
{
    if (!item)
        record(TraceKind::PriorityQueueGet, {},
               {{QLatin1String("worker"), worker}, {QLatin1String("shutDown"), true}});
    const quint64 id = ++d->answerSeq;
    d->answers.insert(worker, {item, id});
    QMetaObject::invokeMethod(
        this, [this, worker, id] { deliver(worker, id); }, Qt::QueuedConnection);
}

void PriorityQueue::deliver(const QString &worker, quint64 id)
{
    const auto it = d->answers.find(worker);
    if (it == d->answers.end() || it->id != id)
        return;
    const auto item = it->item;
    d->answers.erase(it);
    if (item)
        Q_EMIT itemHandedOut(worker, item->first, item->second);
    else
        Q_EMIT getShutDown(worker);
}

void PriorityQueue::done(const QString &item)
{
    const auto it = m_locked.find(item);
    if (it == m_locked.end())
        return; // upstream deletes from an empty set: nothing happens
    const Locked l = *it;
    m_locked.erase(it);
    const qint64 now = nowMs();
    if (d->metricsOn)
        m_metrics.done(item, now);
    const auto entry = d->items.constFind(item);
    const bool requeued = entry != d->items.cend() && !entry->readyAtMs;
    record(TraceKind::PriorityQueueDone, item,
           {{QLatin1String("worker"), l.worker},
            {QLatin1String("workMs"), now - l.sinceMs},
            {QLatin1String("requeued"), requeued},
            {QLatin1String("depth"), qint64(d->ready.size())}});
    handOut();
    Q_EMIT changed();
}

void PriorityQueue::forget(const QString &item)
{
    const int failures = d->limiter->numRequeues(item);
    d->limiter->forget(item);
    record(TraceKind::PriorityQueueForget, item, {{QLatin1String("failures"), failures}});
    Q_EMIT changed();
}

int PriorityQueue::numRequeues(const QString &item) const
{
    return d->limiter->numRequeues(item);
}

int PriorityQueue::len() const
{
    return int(d->ready.size());
}

void PriorityQueue::shutDown()
{
    m_shutDown = true;
    d->head->stop();
    if (d->unfinished)
        d->unfinished->stop();
    record(TraceKind::PriorityQueueShutDown, {},
           {{QLatin1String("abandoned"), int(d->items.size())},
            {QLatin1String("processing"), int(m_locked.size())}});
    const QStringList workers = std::exchange(m_waiters, {});
    for (const QString &w : workers)
        answer(w, std::nullopt);
    Q_EMIT changed();
}

QString PriorityQueue::rateLimiterDescription() const
{
    return d->limiter->describe();
}

QList<PriorityQueue::Entry> PriorityQueue::ready() const
{
    QList<Entry> out;
    out.reserve(qsizetype(d->ready.size()));
    for (const auto &[k, key] : d->ready)
        out << d->items.value(key);
    return out;
}

QList<PriorityQueue::Entry> PriorityQueue::waiting() const
{
    QList<Entry> out;
    out.reserve(qsizetype(d->waiting.size()));
    for (const auto &[k, key] : d->waiting)
        out << d->items.value(key);
    return out;
}

std::optional<qint64> PriorityQueue::headTimerDueMs() const
{
    if (!d->head->isActive())
        return std::nullopt;
    return d->head->dueMs();
}

void PriorityQueue::updateUnfinishedWork()
{
    if (m_shutDown || !d->metricsOn)
        return;
    if (m_metrics.updateUnfinishedWork(nowMs()))
        Q_EMIT changed();
}

} // namespace lens::runtime
