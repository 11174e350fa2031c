// SPDX-License-Identifier: Apache-2.0
// SharedIndexInformer / processor against clientgo-cases.md §6 (spec §4), over the in-memory
// FakeListerWatcher. Handlers record what they receive as
//   "add p@1 initial=true", "update p@1->p@2", "delete p@2", "delete Tomb(p, p@2)".
//
// Elsewhere: SI-19 (tst_informerfactory), CT-03 (tst_indexer), CT-09 (tst_realfifo).

#include "informerharness.h"
#include "pendingevents.h"

#include "trace/journal.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

#include <stdexcept>

using namespace lens;
using namespace lens::test;

class TestSharedInformer : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void resyncPeriods_data();
    void resyncPeriods();
    void lifecycle_data();
    void lifecycle();
    void addWhileActive_data();
    void addWhileActive();
    void removeHandlers_data();
    void removeHandlers();
    void handleDeltas_data();
    void handleDeltas();
    void resyncDelivery_data();
    void resyncDelivery();
    void relistDropsObject_data();
    void relistDropsObject();
    void throwingHandlerIsIsolated();
    void indexers_data();
    void indexers();
    void watchErrorHandler_data();
    void watchErrorHandler();
    void transform_data();
    void transform();
    void listenerKeepsUpWithABurst();
};

void TestSharedInformer::resyncPeriods_data()
{
    QTest::addColumn<qint64>("informerResync");
    QTest::addColumn<bool>("started");
    QTest::addColumn<QList<qint64>>("handlerPeriods"); // -1 = AddEventHandler (default period)
    QTest::addColumn<QList<qint64>>("checkAfterEach");
    QTest::addColumn<QList<qint64>>("requested");
    QTest::addColumn<QList<qint64>>("effective");

    QTest::newRow("SI-03 resync check period follows the smallest handler period before start")
        << 12 * kHour << false << QList<qint64>{0, kMinute, 55 * kSecond, 5 * kSecond}
        << QList<qint64>{12 * kHour, kMinute, 55 * kSecond, 5 * kSecond}
        << QList<qint64>{0, kMinute, 55 * kSecond, 5 * kSecond}
        << QList<qint64>{0, kMinute, 55 * kSecond, 5 * kSecond};
    QTest::newRow("SI-03 mixed periods with the default period")
        << 30 * kSecond << false << QList<qint64>{40 * kSecond, -1, 10 * kSecond}
        << QList<qint64>{30 * kSecond, 30 * kSecond, 10 * kSecond}
        << QList<qint64>{40 * kSecond, 30 * kSecond, 10 * kSecond}
        << QList<qint64>{40 * kSecond, 30 * kSecond, 10 * kSecond};
    QTest::newRow("SI-03 AddEventHandler uses the informer's default period")
        << 30 * kSecond << false << QList<qint64>{-1} << QList<qint64>{30 * kSecond}
        << QList<qint64>{30 * kSecond} << QList<qint64>{30 * kSecond};
    QTest::newRow("SI-03 informer without resync: handler periods are not effective")
        << qint64(0) << false << QList<qint64>{5 * kSecond, 0} << QList<qint64>{0, 0}
        << QList<qint64>{5 * kSecond, 0} << QList<qint64>{0, 0};
    QTest::newRow("SI-04 after start a smaller period is raised to the check period")
        << kMinute << true << QList<qint64>{10 * kSecond, 2 * kMinute}
        << QList<qint64>{kMinute, kMinute} << QList<qint64>{kMinute, 2 * kMinute}
        << QList<qint64>{kMinute, 2 * kMinute};
    QTest::newRow("SI-04 a period under 1 s becomes 1 s (before start)")
        << 10 * kSecond << false << QList<qint64>{100} << QList<qint64>{kSecond}
        << QList<qint64>{kSecond} << QList<qint64>{kSecond};
    QTest::newRow("SI-04 a period under 1 s becomes 1 s, then the check period (after start)")
        << kMinute << true << QList<qint64>{500} << QList<qint64>{kMinute} << QList<qint64>{kMinute}
        << QList<qint64>{kMinute};
}

void TestSharedInformer::resyncPeriods()
{
    QFETCH(qint64, informerResync);
    QFETCH(bool, started);
    QFETCH(QList<qint64>, handlerPeriods);
    QFETCH(QList<qint64>, checkAfterEach);
    QFETCH(QList<qint64>, requested);
    QFETCH(QList<qint64>, effective);

    Harness h(informerResync);
    if (started)
        QVERIFY(h.start(QString(), QStringLiteral("1")));
    Recorder r;
    QList<qint64> checks;
    QList<ProcessorListener *> ls;
    for (qint64 p : std::as_const(handlerPeriods)) {
        QString err;
        ProcessorListener *l =
            p < 0 ? h.informer.addEventHandler(r.handler(), &err)
                  : h.informer.addEventHandlerWithResyncPeriod(r.handler(), p, &err);
        QVERIFY(l);
        QVERIFY(err.isEmpty());
        ls << l;
        checks << h.informer.resyncCheckPeriodMs();
    }
    QCOMPARE(checks, checkAfterEach);
    QList<qint64> req, eff;
    for (ProcessorListener *l : std::as_const(ls)) {
        req << l->requestedResyncPeriodMs();
        eff << l->resyncPeriodMs();
    }
    QCOMPARE(req, requested);
    QCOMPARE(eff, effective);
    if (started) // the reflector's resync timer keeps the period it started with
        QCOMPARE(h.informer.resyncCheckPeriodMs(), informerResync);
}

void TestSharedInformer::lifecycle_data()
{
    QTest::addColumn<QString>("step");
    QTest::newRow("SI-12 state before run, running, after stop") << QStringLiteral("state");
    QTest::newRow("SI-13 add on stopped shared informer") << QStringLiteral("addAfterStop");
    QTest::newRow("SI-14 remove after stop is allowed") << QStringLiteral("removeAfterStop");
    QTest::newRow("SI-18 run twice: second run is ignored") << QStringLiteral("runTwice");
}

void TestSharedInformer::lifecycle()
{
    QFETCH(QString, step);
    Harness h;
    Recorder r;
    ProcessorListener *early = h.informer.addEventHandler(r.handler());
    QVERIFY(early);
    if (step == QLatin1String("state")) {
        QCOMPARE(h.informer.hasStarted(), false);
        QCOMPARE(h.informer.isStopped(), false);
        QCOMPARE(h.informer.hasSynced(), false);
    }
    QVERIFY(h.start(QStringLiteral("p@1"), QStringLiteral("1")));
    if (step == QLatin1String("state")) {
        QCOMPARE(h.informer.hasStarted(), true);
        QCOMPARE(h.informer.isStopped(), false);
    }
    if (step == QLatin1String("runTwice")) {
        h.informer.run();
        h.clock.advance(50);
        runPendingEvents();
        QCOMPARE(h.lw.requests, L({"list rv=0 limit=500", "watch rv=1"}));
        return;
    }
    h.informer.stop();
    if (step == QLatin1String("state")) {
        QCOMPARE(h.informer.hasStarted(), true);
        QCOMPARE(h.informer.isStopped(), true);
        QVERIFY(h.lw.watchCalls.last().isNull() || h.lw.watchCalls.last()->stopped);
    } else if (step == QLatin1String("addAfterStop")) {
        QString err;
        ProcessorListener *l = h.informer.addEventHandler(r.handler(QStringLiteral("late")), &err);
        QVERIFY(!l);
        QVERIFY2(err.endsWith(QLatin1String(
                     "was not added to shared informer because it has stopped already")),
                 qPrintable(err));
        QCOMPARE(h.informer.listeners().size(), 1);
    } else if (step == QLatin1String("removeAfterStop")) {
        h.informer.removeEventHandler(early);
        QCOMPARE(h.informer.listeners().size(), 0);
    }
}

void TestSharedInformer::addWhileActive_data()
{
    QTest::addColumn<QString>("items");
    QTest::newRow("SI-16 add while active: synthetic initial adds, own HasSynced")
        << QStringLiteral("pod1@1");
    QTest::newRow("SI-16 add while active, several objects") << QStringLiteral("a@1,b@1,c@1");
}

void TestSharedInformer::addWhileActive()
{
    QFETCH(QString, items);
    const QList<Object> objs = objsFromSpec(items);
    Harness h;
    Recorder r1, r2;
    ProcessorListener *l1 = h.informer.addEventHandler(r1.handler(QStringLiteral("L1")));
    QVERIFY(h.start(items, QStringLiteral("1")));
    QTRY_COMPARE(r1.seen.size(), objs.size());
    QStringList initialAdds;
    for (const Object &o : objs)
        initialAdds << QStringLiteral("add %1 initial=true").arg(spec(o));
    initialAdds.sort();
    QStringList seen1 = r1.seen;
    seen1.sort();
    QCOMPARE(seen1, initialAdds);
    QVERIFY(l1->hasSynced(h.informer.hasSynced()));

    ProcessorListener *l2 = h.informer.addEventHandler(r2.handler(QStringLiteral("L2")));
    QVERIFY(l2);
    // The synthetic adds are queued before addEventHandler returns: not synced until delivered.
    QCOMPARE(l2->backlog(), qsizetype(objs.size()));
    QVERIFY(!l2->hasSynced(h.informer.hasSynced()));
    QTRY_VERIFY(l2->hasSynced(h.informer.hasSynced()));
    QStringList seen2 = r2.seen;
    seen2.sort();
    QCOMPARE(seen2, initialAdds);
    QCOMPARE(r1.seen.size(), objs.size()); // L1 got nothing new

    h.lw.push(eventFromSpec(QStringLiteral("ADDED pod2@2")));
    QTRY_VERIFY(r1.seen.size() == objs.size() + 1 && r2.seen.size() == objs.size() + 1);
    QCOMPARE(r1.seen.last(), QStringLiteral("add pod2@2 initial=false"));
    QCOMPARE(r2.seen.last(), QStringLiteral("add pod2@2 initial=false"));
}

void TestSharedInformer::removeHandlers_data()
{
    QTest::addColumn<QString>("what");
    QTest::newRow("SI-09 remove a foreign registration: no-op") << QStringLiteral("foreign");
    QTest::newRow("SI-09 remove an unknown (null) handle: no-op") << QStringLiteral("null");
    QTest::newRow("SI-10 multiple registration of one handler") << QStringLiteral("twice");
    QTest::newRow("SI-11 remove the same registration twice") << QStringLiteral("again");
    QTest::newRow("SI-15 remove while active: no later events") << QStringLiteral("active");
}

void TestSharedInformer::removeHandlers()
{
    QFETCH(QString, what);
    Harness a, b;
    Recorder r;
    const ResourceEventHandler handler = r.handler();
    ProcessorListener *reg1 = a.informer.addEventHandler(handler);
    ProcessorListener *reg2 = a.informer.addEventHandler(handler);
    ProcessorListener *other = b.informer.addEventHandler(handler);
    QVERIFY(reg1 && reg2 && other && reg1 != reg2);
    QVERIFY(a.start(QStringLiteral("p@1"), QStringLiteral("1")));
    // The same handler registered twice is called twice.
    QTRY_COMPARE(r.seen, L({"add p@1 initial=true", "add p@1 initial=true"}));
    r.seen.clear();

    if (what == QLatin1String("foreign")) {
        b.informer.removeEventHandler(reg1);
        QCOMPARE(a.informer.listeners().size(), 2);
        QCOMPARE(b.informer.listeners().size(), 1);
        a.informer.removeEventHandler(other);
        QCOMPARE(a.informer.listeners().size(), 2);
        QCOMPARE(b.informer.listeners().size(), 1);
    } else if (what == QLatin1String("null")) {
        a.informer.removeEventHandler(nullptr);
        QCOMPARE(a.informer.listeners().size(), 2);
    } else if (what == QLatin1String("active")) {
        a.informer.removeEventHandler(reg1);
        a.informer.removeEventHandler(reg2);
        QVERIFY(a.informer.listeners().isEmpty());
    } else {
        a.informer.removeEventHandler(reg1);
        QCOMPARE(a.informer.listeners(), QList<ProcessorListener *>{reg2});
        if (what == QLatin1String("again")) {
            a.informer.removeEventHandler(reg1);
            QCOMPARE(a.informer.listeners(), QList<ProcessorListener *>{reg2});
        }
    }
    const int expectedCopies = int(a.informer.listeners().size());
    a.lw.push(eventFromSpec(QStringLiteral("ADDED p2@2")));
    QTRY_VERIFY(a.informer.indexer().contains(QStringLiteral("p2")));
    QTRY_COMPARE(r.seen.size(), expectedCopies);
    runPendingEvents(); // no further copy is on its way
    QCOMPARE(r.seen, QStringList(expectedCopies, QStringLiteral("add p2@2 initial=false")));
}

void TestSharedInformer::handleDeltas_data()
{
    // Deltas injected straight into the informer's DeltaFIFO (before the pump pops them, so one
    // script = one popped Deltas). Two listeners: L1 due for resync, L2 not.
    QTest::addColumn<QString>("initial"); // listed at start
    QTest::addColumn<QStringList>("ops"); // add|update|delete|resync OBJ
    QTest::addColumn<QStringList>("l1");
    QTest::addColumn<QStringList>("l2");
    QTest::addColumn<QStringList>("cache");

    QTest::newRow("CT-05 Sync with the same RV: update only to resync-due listeners")
        << QStringLiteral("p@1") << L({"resync"}) << L({"update p@1->p@1"}) << QStringList()
        << L({"p@1"});
    QTest::newRow("CT-06 Updated: update to all listeners")
        << QStringLiteral("p@1") << L({"update p@2"}) << L({"update p@1->p@2"})
        << L({"update p@1->p@2"}) << L({"p@2"});
    QTest::newRow("CT-06 Added for a cached key is an update (spec 4.2)")
        << QStringLiteral("p@1") << L({"add p@3"}) << L({"update p@1->p@3"})
        << L({"update p@1->p@3"}) << L({"p@3"});
    QTest::newRow("CT-08 Added+Updated+Deleted in one Deltas: add, update, delete in order")
        << QString() << L({"add p@1", "update p@2", "delete p@2"})
        << L({"add p@1 initial=false", "update p@1->p@2", "delete p@2"})
        << L({"add p@1 initial=false", "update p@1->p@2", "delete p@2"}) << QStringList();
    QTest::newRow("CT-05 Replaced with the same RV is a sync: only to resync-due listeners")
        << QStringLiteral("p@1,q@1") << L({"replace p@1,q@2"})
        << L({"update p@1->p@1", "update q@1->q@2"}) << L({"update q@1->q@2"}) << L({"p@1", "q@2"});
    QTest::newRow("CT-08 Deleted of a key the cache lacks still notifies (processDeltas)")
        << QString() << L({"add x@1", "delete x@1"}) << L({"add x@1 initial=false", "delete x@1"})
        << L({"add x@1 initial=false", "delete x@1"}) << QStringList();
}

void TestSharedInformer::handleDeltas()
{
    QFETCH(QString, initial);
    QFETCH(QStringList, ops);
    QFETCH(QStringList, l1);
    QFETCH(QStringList, l2);
    QFETCH(QStringList, cache);

    // Periods of a minute: the reflector's own resync timer never ticks during the row.
    Harness h(kMinute);
    Recorder r1, r2;
    ProcessorListener *due = h.informer.addEventHandlerWithResyncPeriod(r1.handler(), kMinute);
    ProcessorListener *notDue = h.informer.addEventHandlerWithResyncPeriod(r2.handler(), 0);
    QVERIFY(h.start(initial, QStringLiteral("1")));
    const int n = int(objsFromSpec(initial).size());
    QTRY_VERIFY(r1.seen.size() == n && r2.seen.size() == n);
    r1.seen.clear();
    r2.seen.clear();
    // The row decides who is due (below); the reflector's own tick would decide again.
    h.informer.reflector()->setResyncPeriod(0);

    // processor.shouldResync: L1's period has elapsed, L2 has none.
    h.clock.advance(kMinute);
    QVERIFY(due->shouldResync(h.clock.nowMs()));
    QVERIFY(!notDue->shouldResync(h.clock.nowMs()));

    DeltaFIFO *q = h.informer.deltaFifo();
    QVERIFY(q);
    for (const QString &op : std::as_const(ops)) {
        const QString cmd = op.section(QLatin1Char(' '), 0, 0);
        const QString arg = op.section(QLatin1Char(' '), 1);
        QString err;
        if (cmd == QLatin1String("add"))
            err = q->add(objFromSpec(arg));
        else if (cmd == QLatin1String("update"))
            err = q->update(objFromSpec(arg));
        else if (cmd == QLatin1String("delete"))
            err = q->remove(objFromSpec(arg));
        else if (cmd == QLatin1String("resync"))
            err = q->resync();
        else if (cmd == QLatin1String("replace"))
            err = q->replace(objsFromSpec(arg), QStringLiteral("2"));
        QVERIFY2(err.isEmpty(), qPrintable(err));
    }
    if (ops.size() > 1 && ops.first().startsWith(QLatin1String("add")))
        QCOMPARE(q->size(), 1); // one key, one Deltas
    QTRY_COMPARE(q->size(), 0);
    QTRY_COMPARE(r1.seen, l1);
    runPendingEvents(); // every delivery due has run
    QCOMPARE(r1.seen, l1);
    QCOMPARE(r2.seen, l2);
    QStringList c;
    for (const Object &o : h.informer.indexer().list())
        c << spec(o);
    c.sort();
    QCOMPARE(c, cache);
}

void TestSharedInformer::resyncDelivery_data()
{
    QTest::addColumn<qint64>("l2Period");
    QTest::addColumn<bool>("l2Gets");
    QTest::newRow("SI-05 resync tick: sync update only to the due listener") << qint64(0) << false;
    QTest::newRow("SI-05 resync tick: both listeners due") << kSecond << true;
}

void TestSharedInformer::resyncDelivery()
{
    // Through the reflector's resync timer (every resyncCheckPeriod = 1 s of the manual clock),
    // with the processor's due check reading the same clock.
    QFETCH(qint64, l2Period);
    QFETCH(bool, l2Gets);
    Harness h(kSecond);
    Recorder r1, r2;
    h.informer.addEventHandlerWithResyncPeriod(r1.handler(), kSecond);
    h.informer.addEventHandlerWithResyncPeriod(r2.handler(), l2Period);
    QVERIFY(h.start(QStringLiteral("p@1"), QStringLiteral("1")));
    QTRY_VERIFY(r1.seen.size() == 1 && r2.seen.size() == 1);
    h.clock.advance(kSecond);
    QTRY_COMPARE_WITH_TIMEOUT(r1.seen.size(), 2, 5000);
    QCOMPARE(r1.seen.last(), QStringLiteral("update p@1->p@1"));
    runPendingEvents(); // r2's notification, if it is due, is delivered by now
    QCOMPARE(r2.seen.size(), l2Gets ? 2 : 1);
    // Not due again until the clock moves on: no tick comes while it stands.
    QCoreApplication::processEvents();
    QCOMPARE(r1.seen.size(), 2);
}

void TestSharedInformer::relistDropsObject_data()
{
    QTest::addColumn<QString>("relisted");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("FS-01 relist without an object: OnDelete with a tombstone (spec 6.4)")
        << QStringLiteral("a@1") << L({"update a@1->a@1", "delete Tomb(b, b@1)"});
    // The unchanged a@1 reaches the handler too: with no resync, a listener stays syncing from
    // its registration (sharedProcessor.addListener), as in client-go (issue 13 item 6).
    QTest::newRow("FS-01 relist with a changed RV: OnUpdate (spec 6.5)")
        << QStringLiteral("a@1,b@7") << L({"update a@1->a@1", "update b@1->b@7"});
}

void TestSharedInformer::relistDropsObject()
{
    // A watch ERROR 410 makes the reflector relist (after backoff) at the last RV; the relisted
    // state misses or changes objects.
    QFETCH(QString, relisted);
    QFETCH(QStringList, expected);
    Harness h;
    Recorder r;
    h.informer.addEventHandler(r.handler());
    h.lw.watchScript << watchFromSpec(QStringLiteral("BOOKMARK @3;ERROR 410"));
    // both answers up front: the (short) backoff may relist before the test looks again
    h.lw.listScript << okReply(objsFromSpec(QStringLiteral("a@1,b@1")), QStringLiteral("1"))
                    << okReply(objsFromSpec(relisted), QStringLiteral("9"));
    h.informer.run();
    h.informer.reflector()->setBackoffParams(Backoff::Params{1, 50, 100, 2.0, 1.0});
    QTRY_COMPARE_WITH_TIMEOUT(h.lw.watches.size(), 2, 6000);
    QTRY_VERIFY(r.seen.size() >= 2);
    QCOMPARE(r.seen.mid(0, 2), L({"add a@1 initial=true", "add b@1 initial=true"}));
    r.seen = r.seen.mid(2);
    QCOMPARE(h.lw.requests,
             L({"list rv=0 limit=500", "watch rv=1", "list rv=3 limit=0", "watch rv=9"}));
    QTRY_COMPARE(r.seen, expected);
    runPendingEvents(); // nothing else is on its way
    QCOMPARE(r.seen, expected);
    QCOMPARE(h.informer.lastSyncResourceVersion(), QStringLiteral("9"));
}

void TestSharedInformer::throwingHandlerIsIsolated()
{
    // A handler that throws (client-go: a panic under HandleCrash) must not stop the other
    // handlers, its own later notifications, the pump or HasSynced; each failure is journaled.
    ManualClock clock;
    Journal journal(&clock);
    FakeListerWatcher lw;
    lw.clock = &clock;
    SharedIndexInformer informer(&lw, 0, &journal, &clock);
    Recorder good;
    QStringList badSeen;
    ResourceEventHandler bad;
    bad.name = QStringLiteral("bad");
    bad.onAdd = [&badSeen](const Object &o, bool) {
        badSeen << spec(o);
        if (o.name() == QLatin1String("a"))
            throw std::runtime_error("boom");
        if (o.name() == QLatin1String("b"))
            throw 42; // not a std::exception
    };
    ProcessorListener *badL = informer.addEventHandler(bad);
    ProcessorListener *goodL = informer.addEventHandler(good.handler());
    QSignalSpy failed(badL, &ProcessorListener::handlerFailed);
    lw.listScript << okReply(objsFromSpec(QStringLiteral("a@1,b@1,c@1")), QStringLiteral("1"));
    informer.run();
    QTRY_VERIFY_WITH_TIMEOUT(informer.hasSynced() && goodL->backlog() == 0 && badL->backlog() == 0,
                             5000);
    lw.push(eventFromSpec(QStringLiteral("ADDED d@2")));
    QTRY_COMPARE_WITH_TIMEOUT(good.seen.size(), 4, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(badSeen.size(), 4, 5000);
    QCOMPARE(good.seen, L({"add a@1 initial=true", "add b@1 initial=true", "add c@1 initial=true",
                           "add d@2 initial=false"}));
    QCOMPARE(badSeen, L({"a@1", "b@1", "c@1", "d@2"}));
    QCOMPARE(badL->failures(), qint64(2));
    QCOMPARE(goodL->failures(), qint64(0));
    QVERIFY(badL->hasSynced(informer.hasSynced()));
    QCOMPARE(failed.size(), 2);
    QCOMPARE(failed.at(0).first().toString(), QStringLiteral("handler bad threw on add a: boom"));
    QCOMPARE(failed.at(1).first().toString(),
             QStringLiteral("handler bad threw on add b: unknown exception"));
    int journaled = 0;
    for (const TraceEvent &e : journal.events())
        if (e.detail.value(QLatin1String("level")).toString() == QLatin1String("error") &&
            e.component == QLatin1String("processor"))
            ++journaled;
    QCOMPARE(journaled, 2);
}

void TestSharedInformer::indexers_data()
{
    QTest::addColumn<bool>("secondWhileRunning");
    QTest::newRow("SI-01 indexers before run, and AddIndexers while running (v0.32+)") << true;
}

void TestSharedInformer::indexers()
{
    QFETCH(bool, secondWhileRunning);
    const IndexFunc labelKeys = [](const Object &o) { return QStringList(o.labels().keys()); };
    auto labelled = [](const QString &name, const QStringList &keys) {
        QMap<QString, QString> l;
        for (const QString &k : keys)
            l.insert(k, QStringLiteral("x"));
        return Object::make(QString(), name, QStringLiteral("1"), l);
    };
    auto byIndex = [](const SharedIndexInformer &inf, const QString &ix, const QString &v) {
        QStringList keys = inf.indexer().indexKeys(ix, v);
        keys.sort();
        return keys;
    };
    Harness h;
    QCOMPARE(h.informer.addIndexers({{QStringLiteral("labels"), labelKeys}}), QString());
    h.lw.listScript << okReply({labelled(QStringLiteral("pod1"), L({"a", "b"})),
                                labelled(QStringLiteral("pod2"), L({"b"}))},
                               QStringLiteral("1"));
    h.informer.run();
    QTRY_VERIFY_WITH_TIMEOUT(h.informer.hasSynced(), 5000);
    QCOMPARE(byIndex(h.informer, QStringLiteral("labels"), QStringLiteral("a")), L({"pod1"}));
    h.lw.push(watchEvent(WatchEvent::Type::Added, labelled(QStringLiteral("pod3"), L({"a"}))));
    QTRY_VERIFY_WITH_TIMEOUT(h.informer.indexer().contains(QStringLiteral("pod3")), 5000);
    QCOMPARE(byIndex(h.informer, QStringLiteral("labels"), QStringLiteral("a")),
             L({"pod1", "pod3"}));
    if (secondWhileRunning) {
        QCOMPARE(h.informer.addIndexers({{QStringLiteral("labels-again"), labelKeys}}), QString());
        QCOMPARE(byIndex(h.informer, QStringLiteral("labels-again"), QStringLiteral("a")),
                 L({"pod1", "pod3"}));
        for (const QString &ix : {QStringLiteral("labels"), QStringLiteral("labels-again")}) {
            QStringList values = h.informer.indexer().listIndexFuncValues(ix);
            values.sort();
            QCOMPARE(values, L({"a", "b"}));
        }
        // a clashing name is refused
        QVERIFY(!h.informer.addIndexers({{QStringLiteral("labels"), labelKeys}}).isEmpty());
    }
    h.informer.stop();
    QCOMPARE(h.informer.addIndexers({{QStringLiteral("late"), labelKeys}}),
             QStringLiteral("indexer was not added because it has stopped already"));
}

void TestSharedInformer::watchErrorHandler_data()
{
    QTest::addColumn<QString>("message");
    QTest::newRow("SI-06 SetWatchErrorHandler before Run receives the list error")
        << QStringLiteral("Access Denied");
}

void TestSharedInformer::watchErrorHandler()
{
    QFETCH(QString, message);
    Harness h;
    QStringList errors;
    QCOMPARE(
        h.informer.setWatchErrorHandler([&errors](const ApiStatus &s) { errors << s.describe(); }),
        QString());
    h.lw.listScript << errorReply(apiStatus(403, QStringLiteral("Forbidden"), message));
    h.informer.run();
    QTRY_VERIFY_WITH_TIMEOUT(!errors.isEmpty(), 5000);
    QVERIFY2(errors.first().contains(message), qPrintable(errors.first()));
    QCOMPARE(h.informer.setWatchErrorHandler({}), QStringLiteral("informer has already started"));
    h.informer.stop();
}

void TestSharedInformer::transform_data()
{
    QTest::addColumn<bool>("counting");
    QTest::newRow("SI-07 transformer uppercases names: handlers see POD1, POD2") << false;
    QTest::newRow("CT-02 every callback sees objects transformed exactly once") << true;
}

void TestSharedInformer::transform()
{
    QFETCH(bool, counting);
    Harness h;
    // counting: annotation "t" = how many times the transform ran on this object
    const TransformFunc t = [counting](const Object &o, QString *) {
        QJsonObject patch;
        if (counting) {
            const int n = o.annotations().value(QStringLiteral("t"), QStringLiteral("0")).toInt();
            patch.insert(QStringLiteral("annotations"),
                         QJsonObject{{QStringLiteral("t"), QString::number(n + 1)}});
        } else {
            patch.insert(QStringLiteral("name"), o.name().toUpper());
        }
        return o.withMetadata(patch);
    };
    QCOMPARE(h.informer.setTransform(t), QString());
    QStringList seen;
    auto d = [counting](const Object &o) {
        return counting ? QStringLiteral("%1@%2#%3")
                              .arg(o.name(), o.resourceVersion(),
                                   o.annotations().value(QStringLiteral("t"), QStringLiteral("0")))
                        : o.name();
    };
    ResourceEventHandler r;
    r.name = QStringLiteral("rec");
    r.onAdd = [&](const Object &o, bool) { seen << QStringLiteral("add ") + d(o); };
    r.onUpdate = [&](const Object &o, const Object &n) {
        seen << QStringLiteral("update %1->%2").arg(d(o), d(n));
    };
    r.onDelete = [&](const Delta &del) {
        seen << QStringLiteral("delete%1 %2")
                    .arg(del.tombstone ? QStringLiteral(" tombstone") : QString(), d(del.object));
    };
    h.informer.addEventHandler(r);
    h.lw.listScript << okReply(objsFromSpec(QStringLiteral("pod1@1,pod2@1")), QStringLiteral("1"));
    if (!counting) {
        h.informer.run();
        QTRY_COMPARE_WITH_TIMEOUT(seen, L({"add POD1", "add POD2"}), 5000);
        QCOMPARE(h.informer.setTransform(t), QStringLiteral("informer has already started"));
        return;
    }
    h.lw.watchScript << watchFromSpec(QStringLiteral("MODIFIED pod1@2;DELETED pod1@3;ERROR 410"));
    h.lw.listScript << okReply({}, QStringLiteral("4"));
    h.informer.run();
    h.informer.reflector()->setBackoffParams(Backoff::Params{1, 50, 100, 2.0, 1.0});
    QTRY_COMPARE_WITH_TIMEOUT(seen.size(), 5, 5000);
    // (the watch events may join pod1's queued deltas before the first pop: order varies)
    seen.sort();
    QCOMPARE(seen, L({"add pod1@1#1", "add pod2@1#1", "delete pod1@3#1",
                      "delete tombstone pod2@1#1", "update pod1@1#1->pod1@2#1"}));
}

QTEST_GUILESS_MAIN(TestSharedInformer)
// A burst of notifications is delivered back to back, as client-go's processorListener.run
// does, not one per event-loop turn: 2000 quick notifications need only a few turns. (One per
// turn fell behind at thousands of events per second and the buffer grew without end.)
void TestSharedInformer::listenerKeepsUpWithABurst()
{
    ManualClock clock;
    int delivered = 0;
    ProcessorListener listener(
        ResourceEventHandler{
            QStringLiteral("quick"), [&delivered](const Object &, bool) { ++delivered; }, {}, {}},
        0, 0, nullptr, &clock);
    constexpr int kBurst = 2000;
    for (int i = 0; i < kBurst; ++i) {
        Notification n;
        n.obj = Object::fromJson(
            QJsonObject{{QStringLiteral("metadata"),
                         QJsonObject{{QStringLiteral("name"), QStringLiteral("p%1").arg(i)},
                                     {QStringLiteral("namespace"), QStringLiteral("ns")}}}});
        listener.add(std::move(n));
    }
    QCOMPARE(listener.backlog(), kBurst);
    for (int turn = 0; turn < 100 && delivered < kBurst; ++turn)
        QCoreApplication::processEvents();
    QCOMPARE(delivered, kBurst);
    QCOMPARE(listener.backlog(), 0);
}

#include "tst_sharedinformer.moc"
