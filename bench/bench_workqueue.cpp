// SPDX-License-Identifier: Apache-2.0
// The workqueue's throughput: adds, gets and dones per second through a RateLimitingQueue
// (core/workqueue) over 1000 keys, on a SteadyClock, once recording every operation in a
// journal (as a controller in the window does) and once without. Each round adds a key twice
// (the second add collapses), takes it and finishes it; every 10th round re-queues the key
// with AddRateLimited and Forgets it.
//
//   build/bench/bench_workqueue [--ops 300000]
#include "trace/clock.h"
#include "trace/journal.h"
#include "workqueue/ratelimitingqueue.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>

using namespace lens;
using namespace lens::workqueue;

namespace {
/// Operations per second over `rounds` rounds, with or without a journal.
double run(qint64 rounds, bool journaled)
{
    SteadyClock clock;
    Journal journal(&clock);
    journal.setCapacity(qsizetype(rounds) * 6 + 100);
    RateLimitingQueue q(
        {QStringLiteral("bench"), &clock, journaled ? &journal : nullptr, nullptr, 500},
        defaultControllerRateLimiter(&clock));
    QStringList keys;
    for (int i = 0; i < 1000; ++i)
        keys << QStringLiteral("default/claim-%1").arg(i);
    qint64 ops = 0;
    QElapsedTimer t;
    t.start();
    for (qint64 r = 0; r < rounds; ++r) {
        const QString &key = keys.at(int(r % keys.size()));
        q.add(key);
        q.add(key);
        const std::optional<QString> item = q.tryGet(QStringLiteral("worker-1"));
        ops += 3;
        if (!item)
            continue;
        if (r % 10 == 0) {
            q.addRateLimited(*item);
            q.forget(*item);
            ops += 2;
        }
        q.done(*item);
        ++ops;
    }
    const qint64 ns = t.nsecsElapsed();
    return double(ops) * 1e9 / double(std::max<qint64>(ns, 1));
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption opsOption(QStringLiteral("ops"),
                                       QStringLiteral("Rounds (add, add, get, done) to run."),
                                       QStringLiteral("N"), QStringLiteral("300000"));
    parser.addOption(opsOption);
    parser.process(app);
    const qint64 rounds = std::max<qint64>(1, parser.value(opsOption).toLongLong());
    std::printf("workqueue.ops_per_second: %.0f /s\n", run(rounds, true));
    std::printf("workqueue.ops_per_second_unjournaled: %.0f /s\n", run(rounds, false));
    return 0;
}
