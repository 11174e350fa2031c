// SPDX-License-Identifier: Apache-2.0
// The priority queue's throughput (core/runtime, controller-runtime's pkg/controller/
// priorityqueue) against client-go's rate-limiting queue (core/workqueue) in the same run: adds
// per second and gets (each followed by Done) per second with N distinct keys (100 000 by
// default), unjournaled, on a SteadyClock. The priority queue runs twice: every key at priority
// 0, and the keys spread over five priorities (-100, -10, 0, 10, 100, round robin).
//
//   build/bench/bench_priorityqueue [--keys 100000]
#include "runtime/priorityqueue.h"
#include "trace/clock.h"
#include "workqueue/ratelimitingqueue.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>

using namespace lens;

namespace {
struct Figures {
    double addsPerSecond = 0;
    double getsPerSecond = 0;
};

double perSecond(qint64 ops, qint64 ns)
{
    return double(ops) * 1e9 / double(std::max<qint64>(ns, 1));
}

Figures runPriorityQueue(const QStringList &keys, int levels)
{
    static const int priorities[] = {-100, -10, 0, 10, 100};
    SteadyClock clock;
    runtime::PriorityQueue q({QStringLiteral("bench"), &clock, nullptr, nullptr, 500});
    Figures f;
    QElapsedTimer t;
    t.start();
    for (qsizetype i = 0; i < keys.size(); ++i)
        q.addWithOpts({0, false, levels > 1 ? priorities[i % levels] : 0}, {keys.at(i)});
    f.addsPerSecond = perSecond(keys.size(), t.nsecsElapsed());
    t.restart();
    qint64 gets = 0;
    while (const auto item = q.tryGet(QStringLiteral("worker-1"))) {
        q.done(item->first);
        ++gets;
    }
    f.getsPerSecond = perSecond(gets, t.nsecsElapsed());
    if (gets != keys.size())
        std::fprintf(stderr, "priority queue handed out %lld of %lld keys\n", gets,
                     qint64(keys.size()));
    return f;
}

Figures runWorkqueue(const QStringList &keys)
{
    SteadyClock clock;
    workqueue::RateLimitingQueue q({QStringLiteral("bench"), &clock, nullptr, nullptr, 500},
                                   workqueue::defaultControllerRateLimiter(&clock));
    Figures f;
    QElapsedTimer t;
    t.start();
    for (const QString &key : keys)
        q.add(key);
    f.addsPerSecond = perSecond(keys.size(), t.nsecsElapsed());
    t.restart();
    qint64 gets = 0;
    while (const auto item = q.tryGet(QStringLiteral("worker-1"))) {
        q.done(*item);
        ++gets;
    }
    f.getsPerSecond = perSecond(gets, t.nsecsElapsed());
    return f;
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption keysOption(QStringLiteral("keys"),
                                        QStringLiteral("Distinct keys to add, then get and done."),
                                        QStringLiteral("N"), QStringLiteral("100000"));
    parser.addOption(keysOption);
    parser.process(app);
    const qint64 n = std::max<qint64>(1, parser.value(keysOption).toLongLong());
    QStringList keys;
    keys.reserve(n);
    for (qint64 i = 0; i < n; ++i)
        keys << QStringLiteral("default/pod-%1").arg(i);
    const Figures one = runPriorityQueue(keys, 1);
    const Figures five = runPriorityQueue(keys, 5);
    const Figures wq = runWorkqueue(keys);
    std::printf("keys: %lld\n", n);
    std::printf("priorityqueue.one_priority.adds_per_second: %.0f /s\n", one.addsPerSecond);
    std::printf("priorityqueue.one_priority.gets_per_second: %.0f /s\n", one.getsPerSecond);
    std::printf("priorityqueue.five_priorities.adds_per_second: %.0f /s\n", five.addsPerSecond);
    std::printf("priorityqueue.five_priorities.gets_per_second: %.0f /s\n", five.getsPerSecond);
    std::printf("workqueue.adds_per_second: %.0f /s\n", wq.addsPerSecond);
    std::printf("workqueue.gets_per_second: %.0f /s\n", wq.getsPerSecond);
    return 0;
}
