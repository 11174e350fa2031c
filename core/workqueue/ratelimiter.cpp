// SPDX-License-Identifier: Apache-2.0
#include "ratelimiter.h"

#include "trace/clock.h"

#include <QHash>

#include <cmath>
#include <limits>

namespace lens::workqueue {

namespace {
constexpr qint64 kNever = std::numeric_limits<qint64>::max();

/// 5ms, 10s, 1000s, 1.5s: a delay as a person writes it.
QString ms(qint64 v)
{
    if (v != 0 && v % 1000 == 0)
        return QStringLiteral("%1s").arg(v / 1000);
    if (v >= 1000)
        return QStringLiteral("%1s").arg(double(v) / 1000.0);
    return QStringLiteral("%1ms").arg(v);
}

class ItemExponentialFailure final : public RateLimiter {
public:
    ItemExponentialFailure(qint64 base, qint64 max) : m_base(base), m_max(max) {}
    RateLimitDecision decide(const QString &item) override
    {
        int &failures = m_failures[item];
        const int exp = failures++;
        // In floating point, as client-go: 2^1024 is inf, which is over any int64 too.
        const double backoffMs = double(m_base) * std::ldexp(1.0, exp);
        qint64 delay = m_max;
        if (backoffMs * 1e6 <= double(std::numeric_limits<qint64>::max()))
            delay = std::min(qint64(backoffMs), m_max);
        return {delay, QStringLiteral("ItemExponentialFailure"), failures};
    }
    void forget(const QString &item) override { m_failures.remove(item); }
    int numRequeues(const QString &item) const override { return m_failures.value(item); }
    QString describe() const override
    {
        return QStringLiteral("ItemExponentialFailure(%1, %2)").arg(ms(m_base), ms(m_max));
    }

private:
    qint64 m_base, m_max;
    QHash<QString, int> m_failures;
};

class ItemFastSlow final : public RateLimiter {
public:
    ItemFastSlow(qint64 fast, qint64 slow, int maxFast)
        : m_fast(fast), m_slow(slow), m_maxFast(maxFast)
    {
    }
    RateLimitDecision decide(const QString &item) override
    {
        const int failures = ++m_failures[item];
        return {failures <= m_maxFast ? m_fast : m_slow, QStringLiteral("ItemFastSlow"), failures};
    }
    void forget(const QString &item) override { m_failures.remove(item); }
    int numRequeues(const QString &item) const override { return m_failures.value(item); }
    QString describe() const override
    {
        return QStringLiteral("ItemFastSlow(%1, %2, %3)")
            .arg(ms(m_fast), ms(m_slow))
            .arg(m_maxFast);
    }

private:
    qint64 m_fast, m_slow;
    int m_maxFast;
    QHash<QString, int> m_failures;
};

/// x/time/rate's Limiter as far as Reserve().Delay() needs it (reserveN with n = 1 and no
/// maximum wait): tokens refill continuously (advance), a reservation always takes its token
/// when burst allows one at all, and the delay is the time until the deficit is refilled.
class Bucket final : public RateLimiter {
public:
    Bucket(double qps, int burst, const Clock *clock)
        : m_limit(qps), m_burst(burst), m_clock(clock), m_tokens(burst), m_lastMs(clock->nowMs())
    {
    }
    RateLimitDecision decide(const QString &) override
    {
        return {reserve(), QStringLiteral("Bucket"), 0};
    }
    void forget(const QString &) override {}
    int numRequeues(const QString &) const override { return 0; }
    QString describe() const override
    {
        return QStringLiteral("Bucket(%1/s, burst %2)").arg(m_limit).arg(m_burst);
    }

private:
    qint64 reserve()
    {
        if (std::isinf(m_limit))
            return 0;
        const qint64 now = m_clock->nowMs();
        if (m_limit <= 0) { // rate.Limit 0: only the burst, never refilled
            if (m_burst < 1)
                return kNever;
            --m_burst;
            return 0;
        }
        if (m_burst < 1)
            return kNever; // n > burst: no reservation is ever granted
        // advance: the tokens refilled since the last reservation, capped at burst.
        const qint64 last = std::min(m_lastMs, now);
        const double tokens =
            std::min(m_tokens + double(now - last) / 1000.0 * m_limit, double(m_burst)) - 1;
        qint64 waitNs = 0;
        if (tokens < 0) // durationFromTokens: truncated to nanoseconds, as time.Duration
            waitNs = qint64(1e9 * (-tokens / m_limit));
        m_tokens = tokens;
        m_lastMs = now;
        return (waitNs + 999999) / 1000000; // ms, rounded up
    }

    double m_limit;
    int m_burst;
    const Clock *m_clock;
    double m_tokens;
    qint64 m_lastMs;
};

class MaxOf final : public RateLimiter {
public:
    explicit MaxOf(QList<std::shared_ptr<RateLimiter>> limiters) : m_limiters(std::move(limiters))
    {
    }
    RateLimitDecision decide(const QString &item) override
    {
        RateLimitDecision best;
        bool first = true;
        for (const auto &l : m_limiters) {
            const RateLimitDecision d = l->decide(item);
            if (first || d.delayMs > best.delayMs)
                best = d;
            first = false;
        }
        best.failures = numRequeues(item);
        return best;
    }
    void forget(const QString &item) override
    {
        for (const auto &l : m_limiters)
            l->forget(item);
    }
    int numRequeues(const QString &item) const override
    {
        int n = 0;
        for (const auto &l : m_limiters)
            n = std::max(n, l->numRequeues(item));
        return n;
    }
    QString describe() const override
    {
        QStringList parts;
        for (const auto &l : m_limiters)
            parts << l->describe();
        return QStringLiteral("MaxOf(%1)").arg(parts.join(QStringLiteral(", ")));
    }

private:
    QList<std::shared_ptr<RateLimiter>> m_limiters;
};

class WithMaxWait final : public RateLimiter {
public:
    WithMaxWait(std::shared_ptr<RateLimiter> inner, qint64 max)
        : m_inner(std::move(inner)), m_max(max)
    {
    }
    RateLimitDecision decide(const QString &item) override
    {
        RateLimitDecision d = m_inner->decide(item);
        if (d.delayMs > m_max) {
            d.delayMs = m_max;
            d.limiter = QStringLiteral("WithMaxWait");
        }
        return d;
    }
    void forget(const QString &item) override { m_inner->forget(item); }
    int numRequeues(const QString &item) const override { return m_inner->numRequeues(item); }
    QString describe() const override
    {
        return QStringLiteral("WithMaxWait(%1, %2)").arg(m_inner->describe(), ms(m_max));
    }

private:
    std::shared_ptr<RateLimiter> m_inner;
    qint64 m_max;
};
} // namespace

std::shared_ptr<RateLimiter> itemExponentialFailureRateLimiter(qint64 baseMs, qint64 maxMs)
{
    return std::make_shared<ItemExponentialFailure>(baseMs, maxMs);
}

std::shared_ptr<RateLimiter> itemFastSlowRateLimiter(qint64 fastMs, qint64 slowMs,
                                                     int maxFastAttempts)
{
    return std::make_shared<ItemFastSlow>(fastMs, slowMs, maxFastAttempts);
}

std::shared_ptr<RateLimiter> bucketRateLimiter(double qps, int burst, const Clock *clock)
{
    return std::make_shared<Bucket>(qps, burst, clock);
}

std::shared_ptr<RateLimiter> maxOfRateLimiter(QList<std::shared_ptr<RateLimiter>> limiters)
{
    return std::make_shared<MaxOf>(std::move(limiters));
}

std::shared_ptr<RateLimiter> withMaxWaitRateLimiter(std::shared_ptr<RateLimiter> limiter,
                                                    qint64 maxDelayMs)
{
    return std::make_shared<WithMaxWait>(std::move(limiter), maxDelayMs);
}

std::shared_ptr<RateLimiter> defaultControllerRateLimiter(const Clock *clock)
{
    return maxOfRateLimiter(
        {itemExponentialFailureRateLimiter(5, 1000 * 1000), bucketRateLimiter(10, 100, clock)});
}

std::shared_ptr<RateLimiter> defaultItemBasedRateLimiter()
{
    return itemExponentialFailureRateLimiter(1, 1000 * 1000);
}

} // namespace lens::workqueue
