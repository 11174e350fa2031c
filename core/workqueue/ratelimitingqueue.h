// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "delayingqueue.h"
#include "ratelimiter.h"

#include <memory>

namespace lens::workqueue {

/// client-go's rateLimitingType (util/workqueue/rate_limiting_queue.go): a DelayingQueue whose
/// AddRateLimited waits as long as its RateLimiter says. The limiter is asked at call time
/// (When changes it: a failure counted, a token taken), even when the queue is shutting down
/// and refuses the add, as client-go does. Forget only clears the limiter's history of the
/// item: it neither removes the item from the queue or the waiting heap nor replaces Done.
///
/// Journal: workqueueAddRateLimited (delayMs, limiter: which limiter chose the delay, failures:
/// NumRequeues after the call, readyAtMs, reason, dedup as AddAfter's) and workqueueForget
/// (failures: NumRequeues before).
class RateLimitingQueue : public DelayingQueue {
    Q_OBJECT
public:
    /// `limiter` is shared (a limiter may serve several queues, as client-go allows).
    RateLimitingQueue(Config config, std::shared_ptr<RateLimiter> limiter,
                      QObject *parent = nullptr);

    /// AddRateLimited: addAfter(item, When(item)).
    void addRateLimited(const QString &item, const QString &reason = {});
    /// Forget.
    void forget(const QString &item);
    /// NumRequeues.
    int numRequeues(const QString &item) const;
    RateLimiter *rateLimiter() const { return m_limiter.get(); }

private:
    std::shared_ptr<RateLimiter> m_limiter;
};

} // namespace lens::workqueue
