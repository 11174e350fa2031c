// SPDX-License-Identifier: Apache-2.0
#include "ratelimitingqueue.h"

namespace lens::workqueue {

RateLimitingQueue::RateLimitingQueue(Config config, std::shared_ptr<RateLimiter> limiter,
                                     QObject *parent)
    : DelayingQueue(std::move(config), parent), m_limiter(std::move(limiter))
{
}

void RateLimitingQueue::addRateLimited(const QString &item, const QString &reason)
{
    const RateLimitDecision d = m_limiter->decide(item);
    addAfterImpl(item, d.delayMs, reason, &d);
}

void RateLimitingQueue::forget(const QString &item)
{
    const int failures = m_limiter->numRequeues(item);
    m_limiter->forget(item);
    record(TraceKind::WorkqueueForget, item, {{QLatin1String("failures"), failures}});
    Q_EMIT changed();
}

int RateLimitingQueue::numRequeues(const QString &item) const
{
    return m_limiter->numRequeues(item);
}

} // namespace lens::workqueue
