// SPDX-License-Identifier: Apache-2.0
#include "legacyqueue.h"

#include "trace/clock.h"
#include "workqueue/ratelimitingqueue.h"

namespace lens::runtime {

LegacyQueue::LegacyQueue(Config config, QObject *parent) : ControllerQueue(parent)
{
    const Clock *clock = config.clock;
    if (!clock) {
        m_ownClock = std::make_unique<SteadyClock>();
        clock = m_ownClock.get();
    }
    auto limiter = config.rateLimiter ? std::move(config.rateLimiter)
                                      : workqueue::defaultControllerRateLimiter(clock);
    m_queue = std::make_unique<workqueue::RateLimitingQueue>(
        workqueue::Queue::Config{std::move(config.name), clock, config.journal, nullptr,
                                 config.unfinishedWorkUpdatePeriodMs},
        std::move(limiter));
    connect(m_queue.get(), &workqueue::Queue::itemHandedOut, this,
            [this](const QString &worker, const QString &item) {
                Q_EMIT itemHandedOut(worker, item, 0); // GetWithPriority: always 0
            });
    connect(m_queue.get(), &workqueue::Queue::getShutDown, this, &ControllerQueue::getShutDown);
    connect(m_queue.get(), &workqueue::Queue::changed, this, &ControllerQueue::changed);
}

LegacyQueue::~LegacyQueue() = default;

QString LegacyQueue::name() const
{
    return m_queue->name();
}

QString LegacyQueue::translation(const AddOpts &opts)
{
    QStringList set;
    if (opts.rateLimited)
        set << QStringLiteral("RateLimited");
    if (opts.afterMs != 0)
        set << QStringLiteral("After %1ms").arg(opts.afterMs);
    if (opts.priority)
        set << QStringLiteral("Priority %1").arg(*opts.priority);
    QString call;
    QStringList ignored;
    if (opts.rateLimited) {
        call = QStringLiteral("AddRateLimited");
        if (opts.afterMs != 0)
            ignored << QStringLiteral("After");
    } else if (opts.afterMs > 0) {
        call = QStringLiteral("AddAfter");
    } else {
        call = QStringLiteral("Add");
    }
    if (opts.priority)
        ignored << QStringLiteral("Priority");
    QString out = QStringLiteral("AddWithOpts{%1} → %2").arg(set.join(QStringLiteral(", ")), call);
    if (!ignored.isEmpty())
        out += QStringLiteral(" (%1 ignored)").arg(ignored.join(QStringLiteral(", ")));
    return out;
}

void LegacyQueue::addWithOpts(const AddOpts &opts, const QStringList &items, const QString &reason)
{
    const QString tag = translation(opts);
    const QString why = reason.isEmpty() ? tag : reason + QStringLiteral(" · ") + tag;
    for (const QString &item : items) {
        if (opts.rateLimited)
            m_queue->addRateLimited(item, why);
        else if (opts.afterMs > 0)
            m_queue->addAfter(item, opts.afterMs, why);
        else
            m_queue->add(item, why);
    }
}

void LegacyQueue::requestGet(const QString &worker)
{
    m_queue->requestGet(worker);
}

void LegacyQueue::done(const QString &item)
{
    m_queue->done(item);
}

void LegacyQueue::forget(const QString &item)
{
    m_queue->forget(item);
}

int LegacyQueue::numRequeues(const QString &item) const
{
    return m_queue->numRequeues(item);
}

int LegacyQueue::len() const
{
    return m_queue->len();
}

void LegacyQueue::shutDown()
{
    m_queue->shutDown();
}

bool LegacyQueue::shuttingDown() const
{
    return m_queue->shuttingDown();
}

QString LegacyQueue::rateLimiterDescription() const
{
    return m_queue->rateLimiter()->describe();
}

} // namespace lens::runtime
