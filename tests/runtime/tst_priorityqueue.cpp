// SPDX-License-Identifier: Apache-2.0
// core/runtime's PriorityQueue (controller-runtime pkg/controller/priorityqueue, v0.23+) and
// LegacyQueue (the controller's priorityQueueWrapper over client-go's queue). Every case of
// controller-runtime-cases.md section A is one test named by its id (cr01… cr14), with the
// case's metrics expectations (depth by priority label, adds, retries). Time is a ManualClock:
// "step" advances it and runs what the event loop has ready (tests/pendingevents.h), never
// waiting for real time. Every event the queues record is checked against the journal's schema
// (tracedetail::check) when a test ends. The legacy queue, the metrics text and the captions:
// tst_runtimequeues.
#include "pqharness.h"
#include "runtime/legacyqueue.h"

#include <QTest>

using namespace lens;
using namespace lens::runtime;
using namespace Qt::StringLiterals;
using test::checkJournal;
using test::PQ;

class TestPriorityQueue : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cr01_returnsItemsInOrder();
    void cr02_deduplicatesAndSkipsLocked();
    void cr03_enqueuesALockedItem();
    void cr04_returnsAnItemAsSoonAsItsUnlocked();
    void cr05_retainsTheHighestPriority();
    void cr06_raisedPriorityGoesToTheTailOfItsLevel();
    void cr07_retainsTheLowestAfter();
    void cr08_itemOnlyReturnedAfterAfterHasPassed();
    void cr09_highPriorityThatBecameReadyFirst_data();
    void cr09_highPriorityThatBecameReadyFirst();
    void cr10_priorityLevelsInOrder_data();
    void cr10_priorityLevelsInOrder();
    void cr11_lenAndMetricsOnceReady();
    void cr12_metricsForDelayedThenPlainAdd();
    void cr13_shutDownAbandons();
    void cr13a_priorityQueueAbandonsLegacyDrains();
    void cr14_delayedItemsReturnedInOrder();
    void journalMergeCodes();
};

void TestPriorityQueue::cr01_returnsItemsInOrder()
{
    PQ t;
    t.add(QStringLiteral("foo"));
    t.add(QStringLiteral("bar"));
    QCOMPARE(t.get(), QStringLiteral("foo,0"));
    QCOMPARE(t.get(), QStringLiteral("bar,0"));
    QCOMPARE(t.depth(), QStringLiteral("{0:0}"));
    QCOMPARE(t.adds(), 2u);
    QCOMPARE(t.retries(), 0u);
    checkJournal(t.journal);
}

void TestPriorityQueue::cr02_deduplicatesAndSkipsLocked()
{
    { // (a)
        PQ t;
        t.add(QStringLiteral("foo"));
        t.add(QStringLiteral("foo"));
        QCOMPARE(t.q->len(), 1);
        QVERIFY(t.q->locked().isEmpty());
        QCOMPARE(t.depth(), QStringLiteral("{0:1}"));
        QCOMPARE(t.adds(), 1u);
        checkJournal(t.journal);
    }
    { // (b)
        PQ t;
        t.add(QStringLiteral("foo"));
        QCOMPARE(t.get(), QStringLiteral("foo,0"));
        t.add(QStringLiteral("foo"));
        t.add(QStringLiteral("bar"));
        QCOMPARE(t.get(QStringLiteral("w2")), QStringLiteral("bar,0"));
        QCOMPARE(t.depth(), QStringLiteral("{0:1}"));
        QCOMPARE(t.adds(), 3u);
        checkJournal(t.journal);
    }
}

void TestPriorityQueue::cr03_enqueuesALockedItem()
{
    PQ t;
    t.add(QStringLiteral("foo"));
    QCOMPARE(t.q->len(), 1);
    QCOMPARE(t.get(), QStringLiteral("foo,0"));
    t.add(QStringLiteral("foo"));
    QCOMPARE(t.q->len(), 1); // the locked key's new entry counts
    QCOMPARE(t.get(QStringLiteral("w2")), QStringLiteral("blocked"));
    t.q->done(QStringLiteral("foo"));
    test::runPendingEvents(2);
    QCOMPARE(t.handed.last(), QStringLiteral("w2=foo,0"));
    QCOMPARE(t.depth(), QStringLiteral("{0:0}"));
    QCOMPARE(t.adds(), 2u);
    checkJournal(t.journal);
}

void TestPriorityQueue::cr04_returnsAnItemAsSoonAsItsUnlocked()
{
    PQ t;
    t.add(QStringLiteral("foo"));
    QCOMPARE(t.get(QStringLiteral("w1")), QStringLiteral("foo,0"));
    t.add(QStringLiteral("foo"));
    t.add(QStringLiteral("bar"));
    QCOMPARE(t.get(QStringLiteral("w2")), QStringLiteral("bar,0"));
    t.add(QStringLiteral("baz"));
    t.q->done(QStringLiteral("foo"));
    QCOMPARE(t.get(QStringLiteral("w3")), QStringLiteral("foo,0")); // its re-add precedes baz
    QCOMPARE(t.depth(), QStringLiteral("{0:1}"));
    QCOMPARE(t.adds(), 4u);
    checkJournal(t.journal);
}

void TestPriorityQueue::cr05_retainsTheHighestPriority()
{
    { // (a)
        PQ t;
        t.add(QStringLiteral("foo"), 1);
        t.add(QStringLiteral("foo"), 2);
        QCOMPARE(t.get(), QStringLiteral("foo,2"));
        QCOMPARE(t.q->len(), 0);
        QCOMPARE(t.depth(), QStringLiteral("{1:0, 2:0}"));
        QCOMPARE(t.adds(), 1u);
        checkJournal(t.journal);
    }
    { // (b)
        PQ t;
        t.add(QStringLiteral("foo"), 2);
        t.add(QStringLiteral("foo"), 1);
        QCOMPARE(t.get(), QStringLiteral("foo,2"));
        QCOMPARE(t.q->len(), 0);
        QCOMPARE(t.depth(), QStringLiteral("{2:0}"));
        QCOMPARE(t.adds(), 1u);
        checkJournal(t.journal);
    }
}

void TestPriorityQueue::cr06_raisedPriorityGoesToTheTailOfItsLevel()
{
    { // (a)
        PQ t;
        t.add(QStringLiteral("foo"));
        t.add(QStringLiteral("bar"));
        t.add(QStringLiteral("baz"));
        t.add(QStringLiteral("baz"), 1);
        QCOMPARE(t.get(), QStringLiteral("baz,1"));
        QCOMPARE(t.q->len(), 2);
        QCOMPARE(t.depth(), QStringLiteral("{0:2, 1:0}"));
        QCOMPARE(t.adds(), 3u);
        checkJournal(t.journal);
    }
    { // (b) FIFO within the new level (#3408)
        PQ t;
        t.add(QStringLiteral("foo"), 0);
        t.add(QStringLiteral("bar"), 1);
        t.add(QStringLiteral("foo"), 1);
        QCOMPARE(t.q->len(), 2);
        QCOMPARE(t.get(), QStringLiteral("bar,1"));
        QCOMPARE(t.get(QStringLiteral("w2")), QStringLiteral("foo,1"));
        checkJournal(t.journal);
    }
}

void TestPriorityQueue::cr07_retainsTheLowestAfter()
{
    { // (a)
        PQ t;
        t.add(QStringLiteral("foo"), std::nullopt, 0);
        t.add(QStringLiteral("foo"), std::nullopt, 3600000);
        QCOMPARE(t.get(), QStringLiteral("foo,0"));
        QCOMPARE(t.q->len(), 0);
        QCOMPARE(t.depth(), QStringLiteral("{0:0}"));
        QCOMPARE(t.adds(), 1u);
        checkJournal(t.journal);
    }
    { // (b)
        PQ t;
        t.add(QStringLiteral("foo"), std::nullopt, 60000);
        t.add(QStringLiteral("baz"));
        t.add(QStringLiteral("bar"), std::nullopt, 60000);
        t.add(QStringLiteral("bal"));
        QCOMPARE(t.q->len(), 2);
        QCOMPARE(t.depth(), QStringLiteral("{0:2}"));
        checkJournal(t.journal);
    }
}

void TestPriorityQueue::cr08_itemOnlyReturnedAfterAfterHasPassed()
{
    PQ t;
    QCOMPARE(t.get(), QStringLiteral("blocked"));
    t.add(QStringLiteral("foo"), std::nullopt, 1000);
    QCOMPARE(t.q->headTimerDueMs(), std::optional<qint64>(1000)); // the one timer, for 1 s
    QCOMPARE(t.clock.nextTimerDueMs(), 1000);
    test::runPendingEvents();
    QVERIFY(t.handed.isEmpty()); // still blocked
    t.step(999);
    QVERIFY(t.handed.isEmpty());
    t.step(1);
    QCOMPARE(t.handed, QStringList{QStringLiteral("w=foo,0")});
    QCOMPARE(t.q->headTimerDueMs(), std::nullopt);
    QCOMPARE(t.depth(), QStringLiteral("{0:0}"));
    QCOMPARE(t.adds(), 1u);
    QCOMPARE(t.retries(), 1u);
    checkJournal(t.journal);
}

void TestPriorityQueue::cr09_highPriorityThatBecameReadyFirst_data()
{
    QTest::addColumn<int>("unused");
    QTest::newRow("CR-09") << 0;
}

void TestPriorityQueue::cr09_highPriorityThatBecameReadyFirst()
{
    PQ t;
    t.add(QStringLiteral("foo"), lowPriority, 0);
    t.add(QStringLiteral("prio"), 0, 1000);
    QCOMPARE(t.q->headTimerDueMs(), std::optional<qint64>(1000));
    t.step(1000);
    QCOMPARE(t.get(), QStringLiteral("prio,0")); // although foo was ready first
    QCOMPARE(t.depth(), QStringLiteral("{-100:1, 0:0}"));
    QCOMPARE(t.adds(), 2u);
    QCOMPARE(t.retries(), 1u);
    checkJournal(t.journal);
}

void TestPriorityQueue::cr10_priorityLevelsInOrder_data()
{
    QTest::addColumn<qint64>("after");
    QTest::addColumn<quint64>("retries");
    QTest::newRow("CR-10 after -1s") << qint64(-1000) << quint64(0);
    QTest::newRow("CR-10 after 0") << qint64(0) << quint64(0);
    QTest::newRow("CR-10 after +1s") << qint64(1000) << quint64(15);
}

void TestPriorityQueue::cr10_priorityLevelsInOrder()
{
    QFETCH(qint64, after);
    QFETCH(quint64, retries);
    const int n = 3;
    const QList<std::pair<QString, int>> levels{{QStringLiteral("high"), 10},
                                                {QStringLiteral("upperMiddle"), 5},
                                                {QStringLiteral("middle"), 0},
                                                {QStringLiteral("lowMiddle"), -5},
                                                {QStringLiteral("low"), -10}};
    PQ t;
    for (int i = 0; i < n; ++i)
        for (const auto &[name, p] : levels)
            t.add(QStringLiteral("%1-%2").arg(name).arg(i), p, after);
    if (after > 0)
        t.step(after);
    QStringList want, got;
    for (const auto &[name, p] : levels)
        for (int i = 0; i < n; ++i)
            want << QStringLiteral("%1-%2,%3").arg(name).arg(i).arg(p);
    for (int i = 0; i < 5 * n; ++i)
        got << t.get(QStringLiteral("w%1").arg(i));
    QCOMPARE(got, want);
    QCOMPARE(t.depth(), QStringLiteral("{-10:0, -5:0, 0:0, 10:0, 5:0}"));
    QCOMPARE(t.adds(), quint64(5 * n));
    QCOMPARE(t.retries(), retries);
    checkJournal(t.journal);
}

void TestPriorityQueue::cr11_lenAndMetricsOnceReady()
{
    { // (a), twice
        PQ t;
        for (int round = 0; round < 2; ++round) {
            t.add(QStringLiteral("foo"), std::nullopt, 500);
            t.add(QStringLiteral("baz"));
            t.add(QStringLiteral("bar"), std::nullopt, 500);
            t.add(QStringLiteral("bal"));
            QCOMPARE(t.q->len(), 2);
            QCOMPARE(t.depth(), QStringLiteral("{0:2}"));
            t.step(1000);
            QCOMPARE(t.q->len(), 4);
            QCOMPARE(t.depth(), QStringLiteral("{0:4}"));
            QStringList order;
            for (int i = 0; i < 4; ++i) {
                order << t.get().section(u',', 0, 0);
                t.q->done(order.last());
            }
            QCOMPARE(order, (QStringList{QStringLiteral("baz"), QStringLiteral("bal"),
                                         QStringLiteral("foo"), QStringLiteral("bar")}));
            QCOMPARE(t.q->len(), 0);
            QCOMPARE(t.depth(), QStringLiteral("{0:0}"));
        }
        checkJournal(t.journal);
    }
    { // (b)
        PQ t;
        t.add(QStringLiteral("foo"), std::nullopt, 50);
        t.step(50);
        QCOMPARE(t.q->len(), 1);
        QCOMPARE(t.depth(), QStringLiteral("{0:1}"));
        t.add(QStringLiteral("foo"));
        QCOMPARE(t.q->len(), 1);
        QCOMPARE(t.depth(), QStringLiteral("{0:1}")); // not counted twice
        QCOMPARE(t.get(), QStringLiteral("foo,0"));
        QCOMPARE(t.depth(), QStringLiteral("{0:0}"));
        checkJournal(t.journal);
    }
}

void TestPriorityQueue::cr12_metricsForDelayedThenPlainAdd()
{
    { // (a)
        PQ t;
        t.add(QStringLiteral("foo"), std::nullopt, 3600000);
        QCOMPARE(t.q->len(), 0);
        QCOMPARE(t.depth(), QStringLiteral("{}"));
        t.add(QStringLiteral("foo"));
        QCOMPARE(t.q->len(), 1);
        QCOMPARE(t.depth(), QStringLiteral("{0:1}"));
        QCOMPARE(t.get(), QStringLiteral("foo,0"));
        QCOMPARE(t.depth(), QStringLiteral("{0:0}"));
        checkJournal(t.journal);
    }
    { // (b)
        PQ t;
        t.add(QStringLiteral("foo"), 0, 3600000);
        QCOMPARE(t.q->len(), 0);
        QCOMPARE(t.depth(), QStringLiteral("{}"));
        t.add(QStringLiteral("foo"), 1);
        QCOMPARE(t.q->len(), 1);
        QCOMPARE(t.depth(), QStringLiteral("{1:1}")); // no series for 0
        QCOMPARE(t.get(), QStringLiteral("foo,1"));
        QCOMPARE(t.q->len(), 0);
        QCOMPARE(t.depth(), QStringLiteral("{1:0}"));
        checkJournal(t.journal);
    }
}

void TestPriorityQueue::cr13_shutDownAbandons()
{
    { // (a)
        PQ t;
        t.add(QStringLiteral("baz"));
        t.q->shutDown();
        t.add(QStringLiteral("foo"), std::nullopt, 1000);
        QCOMPARE(t.get(QStringLiteral("w1")), QStringLiteral("shutdown"));
        QCOMPARE(t.get(QStringLiteral("w2")), QStringLiteral("shutdown"));
        QVERIFY(t.q->shuttingDown());
        QVERIFY(t.handed.isEmpty()); // baz abandoned, not drained
        QCOMPARE(t.retries(), 0u);   // the later add was dropped before anything
        const TraceEvent &last = t.journal.events().back();
        QCOMPARE(last.kind, TraceKind::PriorityQueueGet);
        bool sawIgnored = false;
        for (const TraceEvent &e : t.journal.events())
            if (e.kind == TraceKind::PriorityQueueAdd && e.key == QLatin1String("foo"))
                sawIgnored = e.detail.value(QLatin1String("ignored")).toBool();
        QVERIFY(sawIgnored);
        checkJournal(t.journal);
    }
    { // (b)
        PQ t;
        QCOMPARE(t.get(), QStringLiteral("blocked"));
        t.q->shutDown();
        test::runPendingEvents(2);
        QCOMPARE(t.ended, QStringList{QStringLiteral("w")});
        checkJournal(t.journal);
    }
}

void TestPriorityQueue::cr13a_priorityQueueAbandonsLegacyDrains()
{
    PQ t;
    t.add(QStringLiteral("baz"));
    t.q->shutDown();
    QCOMPARE(t.get(), QStringLiteral("shutdown"));

    ManualClock clock;
    Journal journal(&clock);
    LegacyQueue legacy({QStringLiteral("test"), &clock, &journal, nullptr, 500});
    QStringList handed, ended;
    connect(&legacy, &ControllerQueue::itemHandedOut, this,
            [&](const QString &, const QString &item, int p) {
                handed << QStringLiteral("%1,%2").arg(item).arg(p);
            });
    connect(&legacy, &ControllerQueue::getShutDown, this, [&](const QString &w) { ended << w; });
    legacy.add(QStringLiteral("baz"));
    legacy.shutDown();
    legacy.requestGet(QStringLiteral("w"));
    test::runPendingEvents(2);
    QCOMPARE(handed, QStringList{QStringLiteral("baz,0")}); // client-go drains first
    legacy.done(QStringLiteral("baz"));
    legacy.requestGet(QStringLiteral("w"));
    test::runPendingEvents(2);
    QCOMPARE(ended, QStringList{QStringLiteral("w")});
    checkJournal(journal);
}

void TestPriorityQueue::cr14_delayedItemsReturnedInOrder()
{
    { // (a)
        PQ t;
        QCOMPARE(t.get(QStringLiteral("w1")), QStringLiteral("blocked"));
        QCOMPARE(t.get(QStringLiteral("w2")), QStringLiteral("blocked"));
        t.add(QStringLiteral("foo"), std::nullopt, 1000);
        QCOMPARE(t.q->headTimerDueMs(), std::optional<qint64>(1000));
        t.add(QStringLiteral("bar"), std::nullopt, 200);
        QCOMPARE(t.q->headTimerDueMs(), std::optional<qint64>(200));
        test::runPendingEvents();
        QVERIFY(t.handed.isEmpty());
        t.step(1000);
        QCOMPARE(t.handed, (QStringList{QStringLiteral("w1=bar,0"), QStringLiteral("w2=foo,0")}));
        QCOMPARE(t.depth(), QStringLiteral("{0:0}"));
        QCOMPARE(t.adds(), 2u);
        checkJournal(t.journal);
    }
    { // (b)
        PQ t;
        QCOMPARE(t.get(), QStringLiteral("blocked"));
        t.add(QStringLiteral("foo"), std::nullopt, 60000);
        test::runPendingEvents();
        QVERIFY(t.handed.isEmpty());
        t.add(QStringLiteral("foo"));
        test::runPendingEvents(2);
        QCOMPARE(t.handed, QStringList{QStringLiteral("w=foo,0")});
        QCOMPARE(t.adds(), 1u);
        QCOMPARE(t.depth(), QStringLiteral("{0:0}"));
        QCOMPARE(t.q->headTimerDueMs(), std::nullopt);
        checkJournal(t.journal);
    }
    { // (c)
        PQ t;
        QCOMPARE(t.get(), QStringLiteral("blocked"));
        t.add(QStringLiteral("foo"));
        test::runPendingEvents(2);
        QCOMPARE(t.handed, QStringList{QStringLiteral("w=foo,0")});
        QCOMPARE(t.adds(), 1u);
        QCOMPARE(t.depth(), QStringLiteral("{0:0}"));
        checkJournal(t.journal);
    }
}

void TestPriorityQueue::journalMergeCodes()
{
    PQ t;
    t.add(QStringLiteral("a"));                         // new
    t.add(QStringLiteral("a"), std::nullopt, 1000);     // ready wins (the delay dropped)
    t.add(QStringLiteral("b"), std::nullopt, 1000);     // new, waiting
    t.add(QStringLiteral("b"), std::nullopt, 500);      // earlier wins
    t.add(QStringLiteral("b"), std::nullopt, 2000);     // kept earlier
    t.add(QStringLiteral("b"));                         // ready wins (made ready now)
    t.add(QStringLiteral("b"));                         // unchanged
    t.add(QStringLiteral("b"), 3);                      // raised
    t.add(QStringLiteral("c"), std::nullopt, -5, true); // rate limited: 5 ms
    QStringList merges;
    for (const TraceEvent &e : t.journal.events())
        if (e.kind == TraceKind::PriorityQueueAdd)
            merges << e.detail.value(QLatin1String("merge")).toString();
    QCOMPARE(merges,
             (QStringList{u"new"_s, u"ready wins"_s, u"new"_s, u"earlier wins"_s, u"kept earlier"_s,
                          u"ready wins"_s, u"unchanged"_s, u"raised"_s, u"new"_s}));
    const TraceEvent &c = t.journal.events().back();
    QCOMPARE(c.detail.value(QLatin1String("ready")).toBool(), true); // After -5 < When 5
    QCOMPARE(c.detail.value(QLatin1String("limiterMs")).toInteger(), 5);
    QCOMPARE(c.detail.value(QLatin1String("failures")).toInteger(), 1);
    QCOMPARE(t.q->numRequeues(QStringLiteral("c")), 1);
    QCOMPARE(t.retries(), 4u); // every add with a delay > 0; c (After -5 < When 5) is ready
    checkJournal(t.journal);
}

QTEST_GUILESS_MAIN(TestPriorityQueue)
#include "tst_priorityqueue.moc"
