// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QString>

#include <memory>

namespace lens {
class Clock;
}

namespace lens::workqueue {

/// What a RateLimiter decided for one item: the delay, which limiter chose it
/// ("ItemExponentialFailure", "ItemFastSlow", "Bucket", "WithMaxWait"; for MaxOf the one whose
/// delay was the largest, the first of equals) and the limiter's NumRequeues for the item after
/// the call.
struct RateLimitDecision {
    qint64 delayMs = 0;
    QString limiter;
    int failures = 0;
};

/// client-go's TypedRateLimiter (util/workqueue/default_rate_limiters.go): how long an item
/// should wait before it is re-queued. decide() is When: called once per re-queue, it records a
/// failure or takes a token (it changes the limiter). Delays in Clock milliseconds. Not
/// thread-safe: used on the queue's thread (client-go's limiters hold a mutex). No errors.
class RateLimiter {
public:
    virtual ~RateLimiter() = default;
    /// When, with who chose the delay.
    virtual RateLimitDecision decide(const QString &item) = 0;
    /// When: the delay alone.
    qint64 when(const QString &item) { return decide(item).delayMs; }
    /// Forget: the item's history is cleared (its next delay starts from the base again).
    virtual void forget(const QString &item) = 0;
    /// NumRequeues: the failures recorded for the item (0 for limiters that keep none).
    virtual int numRequeues(const QString &item) const = 0;
    /// The limiter and its parameters, e.g. "MaxOf(ItemExponentialFailure(5ms, 1000s),
    /// Bucket(10/s, burst 100))".
    virtual QString describe() const = 0;
};

/// ItemExponentialFailureRateLimiter: baseMs * 2^failures (failures counted before this call),
/// capped at maxMs, computed in floating point so that even 1000+ failures give exactly maxMs.
std::shared_ptr<RateLimiter> itemExponentialFailureRateLimiter(qint64 baseMs, qint64 maxMs);
/// ItemFastSlowRateLimiter: fastMs for the first maxFastAttempts failures of an item, slowMs
/// after.
std::shared_ptr<RateLimiter> itemFastSlowRateLimiter(qint64 fastMs, qint64 slowMs,
                                                     int maxFastAttempts);
/// BucketRateLimiter over golang.org/x/time/rate's Limiter(qps, burst): one bucket for all
/// items, full at first, refilled at `qps` tokens a second up to `burst`; each call takes a
/// token even below zero and waits deficit / qps (in ms, rounded up). NumRequeues is always 0,
/// Forget does nothing. Deliberate difference: client-go's reads wall time; this one reads
/// `clock` (not owned, must outlive it), so a ManualClock drives it too. qps = infinity never
/// waits; burst 0 never grants (the delay is "never", std::numeric_limits<qint64>::max()).
std::shared_ptr<RateLimiter> bucketRateLimiter(double qps, int burst, const Clock *clock);
/// MaxOfRateLimiter: asks every limiter (each records the failure or takes its token) and
/// waits the longest; NumRequeues is the largest of theirs; Forget goes to all.
std::shared_ptr<RateLimiter> maxOfRateLimiter(QList<std::shared_ptr<RateLimiter>> limiters);
/// WithMaxWaitRateLimiter: the inner limiter's delay, never more than maxDelayMs (then
/// RateLimitDecision::limiter is "WithMaxWait").
std::shared_ptr<RateLimiter> withMaxWaitRateLimiter(std::shared_ptr<RateLimiter> limiter,
                                                    qint64 maxDelayMs);
/// DefaultControllerRateLimiter: MaxOf(ItemExponentialFailure(5ms, 1000s), Bucket(10/s, burst
/// 100)) with the bucket on `clock`: 5 ms, 10 ms, ... 655.36 s (18th call), 1000 s from the
/// 19th, and no more than 10 re-queues a second overall after a burst of 100.
std::shared_ptr<RateLimiter> defaultControllerRateLimiter(const Clock *clock);
/// DefaultItemBasedRateLimiter: ItemExponentialFailure(1ms, 1000s).
std::shared_ptr<RateLimiter> defaultItemBasedRateLimiter();

} // namespace lens::workqueue
