// SPDX-License-Identifier: Apache-2.0
// What tst_workqueue and tst_ratelimiters share: rate limiters written as text
// ("maxof(fastslow(5,3000,3),exp(1,1000))"), for table rows.
#pragma once

#include "workqueue/ratelimiter.h"

#include <QString>

namespace lens::test {

/// A limiter from its text: exp(baseMs,maxMs), fastslow(fastMs,slowMs,maxFast),
/// bucket(qps,burst), maxof(a,b,...), maxwait(inner,maxMs), default, itembased. Null for text
/// it cannot read.
inline std::shared_ptr<workqueue::RateLimiter> limiterFromSpec(QStringView spec, const Clock *clock)
{
    using namespace workqueue;
    spec = spec.trimmed();
    if (spec == u"default")
        return defaultControllerRateLimiter(clock);
    if (spec == u"itembased")
        return defaultItemBasedRateLimiter();
    const qsizetype open = spec.indexOf(u'(');
    if (open < 0 || !spec.endsWith(u')'))
        return nullptr;
    const QStringView name = spec.left(open);
    const QStringView inside = spec.mid(open + 1, spec.size() - open - 2);
    QList<QStringView> args; // split at top-level commas
    int depth = 0;
    qsizetype from = 0;
    for (qsizetype i = 0; i < inside.size(); ++i) {
        if (inside[i] == u'(')
            ++depth;
        else if (inside[i] == u')')
            --depth;
        else if (inside[i] == u',' && depth == 0) {
            args << inside.mid(from, i - from).trimmed();
            from = i + 1;
        }
    }
    args << inside.mid(from).trimmed();
    auto n = [&](int i) { return args.value(i).toLongLong(); };
    if (name == u"exp" && args.size() == 2)
        return itemExponentialFailureRateLimiter(n(0), n(1));
    if (name == u"fastslow" && args.size() == 3)
        return itemFastSlowRateLimiter(n(0), n(1), int(n(2)));
    if (name == u"bucket" && args.size() == 2)
        return bucketRateLimiter(args.value(0).toDouble(), int(n(1)), clock);
    if (name == u"maxwait" && args.size() == 2)
        return withMaxWaitRateLimiter(limiterFromSpec(args.value(0), clock), n(1));
    if (name == u"maxof") {
        QList<std::shared_ptr<RateLimiter>> all;
        for (QStringView a : args)
            all << limiterFromSpec(a, clock);
        return maxOfRateLimiter(all);
    }
    return nullptr;
}

} // namespace lens::test
