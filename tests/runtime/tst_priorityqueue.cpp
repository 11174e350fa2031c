// SPDX-License-Identifier: Apache-2.0
// core/runtime's PriorityQueue (controller-runtime pkg/controller/priorityqueue, v0.23+) and
// LegacyQueue (the controller's priorityQueueWrapper over client-go's queue). Every case of
// controller-runtime-cases.md section A is one test named by its id (cr01… cr14), with the
// case's metrics expectations (depth by priority label, adds, retries). Time is a ManualClock:
// "step" advances it and runs what the event loop has ready (tests/pendingevents.h), never
// waiting for real time. Every event the queues record is checked against the journal's schema
// (tracedetail::check) when a test ends.
#include "../pendingevents.h"
#include "lens/caption.h"
#include "runtime/legacyqueue.h"
#include "runtime/priorityqueue.h"
#include "trace/clock.h"
#include "trace/journal.h"
#include "trace/tracedetail.h"
#include "workqueue/ratelimitingqueue.h"

#include <QTest>

using namespace lens;
using namespace lens::runtime;
using namespace Qt::StringLiterals;

namespace {
/// One priority queue on a ManualClock, its journal, and what its signals said.
struct PQ {
    ManualClock clock;
    Journal journal{&clock};
    std::unique_ptr<PriorityQueue> q;
    QStringList handed; ///< "worker=key,priority" in delivery order
    QStringList ended;  ///< workers told "shut down"

    PQ()
    {
        q = std::make_unique<PriorityQueue>(
            PriorityQueue::Config{QStringLiteral("test"), &clock, &journal, nullptr, 500});
        QObject::connect(q.get(), &ControllerQueue::itemHandedOut, q.get(),
                         [this](const QString &w, const QString &item, int p) {
                             handed << QStringLiteral("%1=%2,%3").arg(w, item).arg(p);
                         });
        QObject::connect(q.get(), &ControllerQueue::getShutDown, q.get(),
                         [this](const QString &w) { ended << w; });
    }
    void add(const QString &key, std::optional<int> priority = std::nullopt, qint64 afterMs = 0,
             bool rateLimited = false)
    {
        q->addWithOpts({afterMs, rateLimited, priority}, {key});
    }
    /// GetWithPriority by worker `w`: "key,priority", "shutdown", or "blocked" (the worker
    /// keeps waiting; a later add answers it).
    QString get(const QString &w = QStringLiteral("w"))
    {
        const qsizetype before = handed.size(), endedBefore = ended.size();
        q->requestGet(w);
        test::runPendingEvents(2);
        if (ended.size() > endedBefore)
            return QStringLiteral("shutdown");
        if (handed.size() == before)
            return QStringLiteral("blocked");
        return handed.last().section(u'=', 1);
    }
    void step(qint64 ms)
    {
        clock.advance(ms);
        test::runPendingEvents();
    }
    /// The depth series as "{label:value, …}" in label order.
    QString depth() const
    {
        QStringList parts;
        const auto &m = q->metrics().depth;
        for (auto it = m.cbegin(); it != m.cend(); ++it)
            parts << QStringLiteral("%1:%2").arg(it.key()).arg(it.value());
        return u'{' + parts.join(QStringLiteral(", ")) + u'}';
    }
    quint64 adds() const { return q->metrics().addsTotal; }
    quint64 retries() const { return q->metrics().retriesTotal; }
};

/// Every journal event of `journal` validates against the schema.
void checkJournal(const Journal &journal)
{
    for (const TraceEvent &e : journal.events()) {
        QString why;
        QVERIFY2(tracedetail::check(e, &why), qPrintable(why));
    }
}
} // namespace

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
    void legacyWrapperMapping();
    void prometheusText();
    void cardinalityCap();
    void unfinishedWork();
    void captionsSayWhy();
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

void TestPriorityQueue::legacyWrapperMapping()
{
    ManualClock clock;
    Journal journal(&clock);
    LegacyQueue q({QStringLiteral("c1"), &clock, &journal, nullptr, 500});
    QVERIFY(!q.isPriorityQueue());
    QCOMPARE(q.rateLimiterDescription(),
             workqueue::defaultControllerRateLimiter(&clock)->describe());
    q.addWithOpts({100, true, 10}, {QStringLiteral("rl")}, QStringLiteral("error"));
    q.addWithOpts({100, false, 10}, {QStringLiteral("after")});
    q.addWithOpts({0, false, 10}, {QStringLiteral("plain")});
    q.addWithOpts({-5, false, std::nullopt}, {QStringLiteral("negative")});
    QList<TraceKind> kinds;
    QStringList reasons;
    for (const TraceEvent &e : journal.events()) {
        kinds << e.kind;
        reasons << e.detail.value(QLatin1String("reason")).toString();
    }
    QCOMPARE(kinds,
             (QList<TraceKind>{TraceKind::WorkqueueAddRateLimited, TraceKind::WorkqueueAddAfter,
                               TraceKind::WorkqueueAdd, TraceKind::WorkqueueAdd}));
    QCOMPARE(reasons.at(0), QStringLiteral("error · AddWithOpts{RateLimited, After 100ms, "
                                           "Priority 10} → AddRateLimited (After, Priority "
                                           "ignored)"));
    QCOMPARE(reasons.at(1),
             QStringLiteral("AddWithOpts{After 100ms, Priority 10} → AddAfter (Priority ignored)"));
    QCOMPARE(reasons.at(2), QStringLiteral("AddWithOpts{Priority 10} → Add (Priority ignored)"));
    QCOMPARE(reasons.at(3), QStringLiteral("AddWithOpts{After -5ms} → Add"));
    QCOMPARE(q.len(), 2);
    QCOMPARE(q.numRequeues(QStringLiteral("rl")), 1);
    QStringList handed;
    connect(&q, &ControllerQueue::itemHandedOut, this,
            [&](const QString &, const QString &item, int p) {
                handed << QStringLiteral("%1,%2").arg(item).arg(p);
            });
    q.requestGet(QStringLiteral("w"));
    test::runPendingEvents(2);
    QCOMPARE(handed, QStringList{QStringLiteral("plain,0")}); // priority always 0
    checkJournal(journal);
}

void TestPriorityQueue::prometheusText()
{
    QueueMetrics m;
    m.add(QStringLiteral("a"), 0, 0);
    m.add(QStringLiteral("b"), lowPriority, 0);
    m.retry();
    m.get(QStringLiteral("a"), 0, 250);
    m.done(QStringLiteral("a"), 1250);
    const QStringList le{u"1e-08"_s,
                         u"1e-07"_s,
                         u"1e-06"_s,
                         u"9.999999999999999e-06"_s,
                         u"9.999999999999999e-05"_s,
                         u"0.001"_s,
                         u"0.01"_s,
                         u"0.1"_s,
                         u"1"_s,
                         u"10"_s,
                         u"100"_s,
                         u"1000"_s,
                         u"+Inf"_s};
    auto hist = [&](const QString &name, int from, const QString &sum) {
        QString out;
        for (int i = 0; i < le.size(); ++i)
            out += QStringLiteral("%1_bucket{controller=\"q\\\"x\",name=\"q\\\"x\",le=\"%2\"} %3\n")
                       .arg(name, le.at(i))
                       .arg(i >= from ? 1 : 0);
        out += QStringLiteral("%1_sum{controller=\"q\\\"x\",name=\"q\\\"x\"} %2\n").arg(name, sum);
        out += QStringLiteral("%1_count{controller=\"q\\\"x\",name=\"q\\\"x\"} 1\n").arg(name);
        return out;
    };
    const QString l = QStringLiteral("{controller=\"q\\\"x\",name=\"q\\\"x\"}");
    const QString want =
        QStringLiteral(
            "# HELP workqueue_adds_total Total number of adds handled by workqueue\n"
            "# TYPE workqueue_adds_total counter\n"
            "workqueue_adds_total%1 2\n"
            "# HELP workqueue_depth Current depth of workqueue by workqueue and "
            "priority\n"
            "# TYPE workqueue_depth gauge\n"
            "workqueue_depth{controller=\"q\\\"x\",name=\"q\\\"x\",priority=\"-100\"} 1\n"
            "workqueue_depth{controller=\"q\\\"x\",name=\"q\\\"x\",priority=\"0\"} 0\n"
            "# HELP workqueue_longest_running_processor_seconds How many seconds has "
            "the longest running processor for workqueue been running.\n"
            "# TYPE workqueue_longest_running_processor_seconds gauge\n"
            "workqueue_longest_running_processor_seconds%1 0\n"
            "# HELP workqueue_queue_duration_seconds How long in seconds an item "
            "stays in workqueue before being requested\n"
            "# TYPE workqueue_queue_duration_seconds histogram\n")
            .arg(l) +
        hist(QStringLiteral("workqueue_queue_duration_seconds"), 8, QStringLiteral("0.25")) +
        QStringLiteral("# HELP workqueue_retries_total Total number of items added to the "
                       "workqueue with a non-zero delay (rate-limited requeues, explicit "
                       "RequeueAfter or AddAfter calls)\n"
                       "# TYPE workqueue_retries_total counter\n"
                       "workqueue_retries_total%1 1\n"
                       "# HELP workqueue_unfinished_work_seconds How many seconds of work has "
                       "been done that is in progress and hasn't been observed by "
                       "work_duration. Large values indicate stuck threads. One can deduce the "
                       "number of stuck threads by observing the rate at which this "
                       "increases.\n"
                       "# TYPE workqueue_unfinished_work_seconds gauge\n"
                       "workqueue_unfinished_work_seconds%1 0\n"
                       "# HELP workqueue_work_duration_seconds How long in seconds processing "
                       "an item from workqueue takes.\n"
                       "# TYPE workqueue_work_duration_seconds histogram\n")
            .arg(l) +
        hist(QStringLiteral("workqueue_work_duration_seconds"), 8, QStringLiteral("1"));
    QCOMPARE(m.toPrometheusText(QStringLiteral("q\"x")), want);
    // Go's %g: large counts in exponent form, as expfmt writes them.
    QCOMPARE(workqueue::prometheusValue(1137205), QStringLiteral("1.137205e+06"));
    QCOMPARE(workqueue::prometheusValue(439770.9063703425), QStringLiteral("439770.9063703425"));
    QCOMPARE(workqueue::prometheusValue(100000), QStringLiteral("100000"));
    QCOMPARE(workqueue::prometheusValue(1e6), QStringLiteral("1e+06"));
}

void TestPriorityQueue::cardinalityCap()
{
    QueueMetrics m;
    for (int p = 0; p < 26; ++p)
        m.add(QStringLiteral("k%1").arg(p), p, 0);
    QCOMPARE(m.depth.size(), 26);
    for (int p = 0; p < 25; ++p)
        QCOMPARE(m.depth.value(QString::number(p)), 1);
    QCOMPARE(m.depth.value(QueueMetrics::cardinalityExceededLabel()), 1);
    QVERIFY(!m.depth.contains(QStringLiteral("25")));
    m.get(QStringLiteral("k0"), 0, 0); // every later change goes to the placeholder
    QCOMPARE(m.depth.value(QStringLiteral("0")), 1);
    QCOMPARE(m.depth.value(QueueMetrics::cardinalityExceededLabel()), 0);

    PQ t; // through the queue: the 26th distinct priority
    for (int p = 0; p < 26; ++p)
        t.add(QStringLiteral("k%1").arg(p), p);
    QCOMPARE(t.q->metrics().depth.value(QueueMetrics::cardinalityExceededLabel()), 1);
    QCOMPARE(t.get(), QStringLiteral("k25,25"));
    QCOMPARE(t.q->metrics().depth.value(QueueMetrics::cardinalityExceededLabel()), 0);
    QCOMPARE(t.q->metrics().depth.value(QStringLiteral("0")), 1);
}

void TestPriorityQueue::unfinishedWork()
{
    PQ t;
    t.add(QStringLiteral("s"));
    QCOMPARE(t.get(), QStringLiteral("s,0"));
    t.step(10000);
    QCOMPARE(t.q->metrics().unfinishedWorkSeconds, 10.0);
    QCOMPARE(t.q->metrics().longestRunningProcessorSeconds, 10.0);
    t.q->done(QStringLiteral("s"));
    QCOMPARE(t.q->metrics().workDurationSeconds.count, 1u);
    QCOMPARE(t.q->metrics().workDurationSeconds.sum, 10.0);
    t.step(500);
    QCOMPARE(t.q->metrics().unfinishedWorkSeconds, 0.0);
}

void TestPriorityQueue::captionsSayWhy()
{
    PQ t;
    t.add(QStringLiteral("a"));
    t.add(QStringLiteral("a"), std::nullopt, 1000); // ready wins
    t.add(QStringLiteral("b"), 0, 500);
    t.add(QStringLiteral("b"), 2); // raised
    t.step(500);
    QCOMPARE(t.get(), QStringLiteral("b,2"));
    t.q->done(QStringLiteral("b"));
    t.q->shutDown();
    t.add(QStringLiteral("c"));
    auto captionOf = [&](TraceKind kind, const QString &key, const char *merge = nullptr) {
        for (const TraceEvent &e : t.journal.events())
            if (e.kind == kind && e.key == key &&
                (!merge ||
                 e.detail.value(QLatin1String("merge")).toString() == QLatin1String(merge)))
                return Caption::forEvent(e, &t.journal);
        return QString();
    };
    QVERIFY(captionOf(TraceKind::PriorityQueueAdd, QStringLiteral("a"), "ready wins")
                .contains(QStringLiteral("ready beats any delay")));
    QVERIFY(captionOf(TraceKind::PriorityQueueAdd, QStringLiteral("b"), "raised")
                .contains(QStringLiteral("new sequence number (2)")));
    QVERIFY(captionOf(TraceKind::PriorityQueueGet, QStringLiteral("b"))
                .contains(QStringLiteral("at priority 2")));
    QVERIFY(captionOf(TraceKind::PriorityQueueShutDown, {})
                .contains(QStringLiteral("abandons the 1 queued entry")));
    QVERIFY(captionOf(TraceKind::PriorityQueueAdd, QStringLiteral("c"))
                .contains(QStringLiteral("shut down")));
    for (const TraceEvent &e : t.journal.events())
        QVERIFY(!Caption::forEvent(e, &t.journal).isEmpty());
}

QTEST_GUILESS_MAIN(TestPriorityQueue)
#include "tst_priorityqueue.moc"
