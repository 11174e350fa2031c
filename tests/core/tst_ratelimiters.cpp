// SPDX-License-Identifier: Apache-2.0
// core/workqueue's rate limiters (client-go util/workqueue/default_rate_limiters.go), called
// directly: the rows of workqueue-cases.md section D that need no queue (WQ-26 … WQ-32), by
// id, and the brief's behaviours the list leaves out ("own: ..."). The bucket reads an
// injected ManualClock where upstream's reads wall time (a deliberate difference), so WQ-31
// and WQ-32 step and freeze time exactly.
//
// Script statements: "when X =N" (When's delay in ms), "when X =N by L" (and the limiter that
// chose it), "repeat K X" (K calls of When for X, results unchecked), "each P A B =N" (When for
// items PA … PB, each N ms), "requeues X =N", "forget X", "step MS".
#include "trace/clock.h"
#include "workqueueharness.h"

#include <QTest>

using namespace lens;
using namespace lens::workqueue;

class TestRateLimiters : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void script_data();
    void script();
    void describe_data();
    void describe();
};

void TestRateLimiters::script_data()
{
    QTest::addColumn<QString>("limiter");
    QTest::addColumn<QString>("script");
    auto row = [](const char *name, const char *limiter, const char *script) {
        QTest::newRow(name) << QString::fromUtf8(limiter) << QString::fromUtf8(script);
    };
    row("WQ-26 TestItemExponentialFailureRateLimiter", "exp(1,1000)",
        "when one =1; when one =2; when one =4; when one =8; when one =16; requeues one =5; "
        "when two =1; when two =2; requeues two =2; forget one; requeues one =0; when one =1");
    row("WQ-28 TestItemFastSlowRateLimiter", "fastslow(5,10000,3)",
        "when one =5; when one =5; when one =5; when one =10000; when one =10000; "
        "requeues one =5; when two =5; when two =5; requeues two =2; forget one; "
        "requeues one =0; when one =5");
    row("WQ-29 TestMaxOfRateLimiter", "maxof(fastslow(5,3000,3),exp(1,1000))",
        "when one =5 by ItemFastSlow; when one =5; when one =5; when one =3000; "
        "when one =3000; requeues one =5; when two =5; when two =5; requeues two =2; "
        "forget one; requeues one =0; when one =5");
    row("WQ-31 bucket(10/s, burst 100) on the injected clock", "bucket(10,100)",
        "each n 1 100 =0; when x =100 by Bucket; when x =200; requeues x =0; step 1000; "
        "each m 1 8 =0; when y =100; forget x; requeues x =0");
    row("WQ-32 DefaultControllerRateLimiter", "default",
        "when a =5 by ItemExponentialFailure; when a =10; requeues a =2; each n 1 98 =5; "
        "when z =100 by Bucket; forget a; requeues a =0");
    row("own: exponential overflow at 1000+ failures returns exactly the max", "exp(1,1000000)",
        "repeat 1000 a; when a =1000000; repeat 100 a; when a =1000000; requeues a =1102");
    row("own: exponential of a large base caps before overflow", "exp(1000000,5000000)",
        "when a =1000000; when a =2000000; when a =4000000; when a =5000000; repeat 70 a; "
        "when a =5000000");
    row("own: default limiter's 18th call is 655.36 s, the 19th the 1000 s cap", "default",
        "repeat 16 a; when a =327680; when a =655360 by ItemExponentialFailure; "
        "when a =1000000; requeues a =19");
    row("own: DefaultItemBasedRateLimiter is exp(1 ms, 1000 s)", "itembased",
        "when a =1; when a =2; repeat 17 a; when a =524288; when a =1000000");
    row("own: WithMaxWait caps the inner delay and says so", "maxwait(exp(100,100000),250)",
        "when a =100 by ItemExponentialFailure; when a =200; when a =250 by WithMaxWait; "
        "requeues a =3; forget a; requeues a =0; when a =100");
    row("own: MaxOf takes a token even when another limiter waits longer",
        "maxof(exp(1000,100000),bucket(1,2))",
        "when a =1000 by ItemExponentialFailure; when b =1000; when c =1000 by "
        "ItemExponentialFailure; "
        "when d =2000 by Bucket");
    row("own: the bucket refills continuously, capped at its burst", "bucket(10,5)",
        "each n 1 5 =0; when x =100; step 50; when x =150; step 10000; each m 1 5 =0; "
        "when y =100");
    row("own: FastSlow forgets per item", "fastslow(1,100,1)",
        "when a =1; when a =100; when b =1; forget a; when a =1; when b =100");
}

void TestRateLimiters::script()
{
    QFETCH(QString, limiter);
    QFETCH(QString, script);
    ManualClock clock;
    const std::shared_ptr<RateLimiter> l = test::limiterFromSpec(limiter, &clock);
    QVERIFY2(l, qPrintable(limiter));
    int stmt = 0;
    for (const QString &s : script.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        ++stmt;
        const QStringList t = s.trimmed().split(QLatin1Char(' '), Qt::SkipEmptyParts);
        const QString op = t.value(0);
        const QString at = QStringLiteral("statement %1 (%2)").arg(stmt).arg(s.trimmed());
        auto wanted = [&](int i) { return t.value(i).mid(1).toLongLong(); };
        if (op == QLatin1String("when")) {
            const RateLimitDecision d = l->decide(t.value(1));
            QVERIFY2(d.delayMs == wanted(2),
                     qPrintable(QStringLiteral("%1: got %2 ms").arg(at).arg(d.delayMs)));
            QCOMPARE(d.failures, l->numRequeues(t.value(1)));
            if (t.value(3) == QLatin1String("by"))
                QVERIFY2(d.limiter == t.value(4),
                         qPrintable(at + QStringLiteral(": by ") + d.limiter));
        } else if (op == QLatin1String("repeat")) {
            for (int i = 0; i < t.value(1).toInt(); ++i)
                l->when(t.value(2));
        } else if (op == QLatin1String("each")) {
            for (int i = t.value(2).toInt(); i <= t.value(3).toInt(); ++i) {
                const qint64 got = l->when(t.value(1) + QString::number(i));
                QVERIFY2(
                    got == wanted(4),
                    qPrintable(QStringLiteral("%1: item %2 got %3 ms").arg(at).arg(i).arg(got)));
            }
        } else if (op == QLatin1String("requeues")) {
            QVERIFY2(
                l->numRequeues(t.value(1)) == wanted(2),
                qPrintable(QStringLiteral("%1: got %2").arg(at).arg(l->numRequeues(t.value(1)))));
        } else if (op == QLatin1String("forget")) {
            l->forget(t.value(1));
        } else if (op == QLatin1String("step")) {
            clock.advance(t.value(1).toLongLong());
        } else {
            QFAIL(qPrintable(QStringLiteral("unknown statement: ") + at));
        }
    }
}

void TestRateLimiters::describe_data()
{
    QTest::addColumn<QString>("limiter");
    QTest::addColumn<QString>("text");
    QTest::newRow("default")
        << "default"
        << "MaxOf(ItemExponentialFailure(5ms, 1000s), Bucket(10/s, burst 100))";
    QTest::newRow("fast-slow and max wait") << "maxwait(fastslow(5,10000,3),1500)"
                                            << "WithMaxWait(ItemFastSlow(5ms, 10s, 3), 1.5s)";
}

void TestRateLimiters::describe()
{
    QFETCH(QString, limiter);
    QFETCH(QString, text);
    ManualClock clock;
    QCOMPARE(test::limiterFromSpec(limiter, &clock)->describe(), text);
}

QTEST_GUILESS_MAIN(TestRateLimiters)
#include "tst_ratelimiters.moc"
