// SPDX-License-Identifier: Apache-2.0
// The processor's listeners against client-go (issue 13): resync ticks on the informer's Clock,
// never early, with each listener's verdict and due times journaled; a new listener is syncing
// (sharedProcessor.addListener); a listener's registration, resync changes and removal are
// journal events.

#include "informerharness.h"

#include "trace/journal.h"

#include <QJsonArray>
#include <QTest>

using namespace lens;
using namespace lens::test;

class TestListeners : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void resyncTickIsNeverEarly();
    void newListenerIsSyncing_data();
    void newListenerIsSyncing();
    void registrationIsJournaled();
};

// Issue 13 item 5: the resync check is a timer on the informer's Clock (client-go's
// clock.Timer), so a tick never comes before resyncCheckPeriod has passed on that clock and
// every tick of a 1 s period finds the 1 s handler due. Each tick's journal event says which
// listener was due and when each is due next.
void TestListeners::resyncTickIsNeverEarly()
{
    ManualClock clock;
    Journal journal(&clock);
    FakeListerWatcher lw;
    lw.clock = &clock;
    SharedIndexInformer informer(&lw, kSecond, &journal, &clock);
    Recorder r;
    informer.addEventHandlerWithResyncPeriod(r.handler(QStringLiteral("h")), kSecond);
    lw.listScript << okReply(objsFromSpec(QStringLiteral("p@1")), QStringLiteral("1"));
    informer.run();
    QTRY_VERIFY(informer.hasSynced());
    QTRY_COMPARE(r.seen.size(), 1);
    auto ticks = [&journal] {
        QList<TraceEvent> out;
        for (const TraceEvent &e : journal.events())
            if (e.kind == TraceKind::Resync)
                out << e;
        return out;
    };
    for (int round = 1; round <= 3; ++round) {
        clock.advance(kSecond - 1);
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        QCOMPARE(ticks().size(), round - 1); // one millisecond short: no tick
        clock.advance(1);
        QTRY_COMPARE(ticks().size(), round);
        const TraceEvent tick = ticks().last();
        QCOMPARE(tick.t, round * kSecond);
        QVERIFY(tick.detail.value(QLatin1String("due")).toBool());
        QCOMPARE(tick.detail.value(QLatin1String("nextTickMs")).toInteger(), (round + 1) * kSecond);
        const QJsonArray ls = tick.detail.value(QLatin1String("listeners")).toArray();
        QCOMPARE(ls.size(), 1);
        const QJsonObject l = ls.at(0).toObject();
        QCOMPARE(l.value(QLatin1String("handler")).toString(), QStringLiteral("h"));
        QVERIFY(l.value(QLatin1String("due")).toBool());
        QCOMPARE(l.value(QLatin1String("nextResyncMs")).toInteger(), (round + 1) * kSecond);
        QTRY_COMPARE(r.seen.size(), 1 + round);
        QCOMPARE(r.seen.last(), QStringLiteral("update p@1->p@1"));
    }
    informer.stop();
}

void TestListeners::newListenerIsSyncing_data()
{
    QTest::addColumn<qint64>("informerResync");
    QTest::addColumn<qint64>("handlerResync");
    QTest::addColumn<bool>("tickFirst");
    QTest::addColumn<QStringList>("expected");
    // sharedProcessor.addListener: listeners[listener] = true. With no resync at all nothing
    // ever clears it, so a relist's unchanged object reaches the handler as OnUpdate
    // (client-go delivered 999 such updates after relisting 999 unchanged objects).
    QTest::newRow("no resync: a relist's unchanged object is delivered")
        << qint64(0) << qint64(0) << false << L({"update p@1->p@1", "update q@1->q@2"});
    // Once a tick found the handler not due (period 0), it stops being syncing.
    QTest::newRow("after a tick that found it not due: only the real update")
        << kSecond << qint64(0) << true << L({"update q@1->q@2"});
}

void TestListeners::newListenerIsSyncing()
{
    QFETCH(qint64, informerResync);
    QFETCH(qint64, handlerResync);
    QFETCH(bool, tickFirst);
    QFETCH(QStringList, expected);
    Harness h(informerResync);
    Recorder r;
    ProcessorListener *l = h.informer.addEventHandlerWithResyncPeriod(r.handler(), handlerResync);
    QVERIFY(l->isSyncing());
    QVERIFY(h.start(QStringLiteral("p@1,q@1"), QStringLiteral("1")));
    QTRY_COMPARE(r.seen.size(), 2);
    r.seen.clear();
    if (tickFirst) {
        h.clock.advance(informerResync);
        QTRY_VERIFY(!l->isSyncing());
    }
    QVERIFY(h.informer.deltaFifo()
                ->replace(objsFromSpec(QStringLiteral("p@1,q@2")), QStringLiteral("2"))
                .isEmpty());
    QTRY_COMPARE(r.seen.size(), expected.size());
    QCoreApplication::processEvents();
    QCOMPARE(r.seen, expected);
}

// Issue 13 item 8: a handler's registration, resync changes and removal are journal events,
// so views know it before its first notification (e.g. when the server cannot be reached).
void TestListeners::registrationIsJournaled()
{
    ManualClock clock;
    Journal journal(&clock);
    FakeListerWatcher lw;
    SharedIndexInformer informer(&lw, 30 * kSecond, &journal, &clock);
    Recorder r;
    ProcessorListener *l = informer.addEventHandler(r.handler(QStringLiteral("logger")));
    informer.addEventHandlerWithResyncPeriod(r.handler(QStringLiteral("fast")), 5 * kSecond);
    informer.setHandlerResyncPeriod(l, 0);
    informer.removeEventHandler(l);
    QStringList seen;
    for (const TraceEvent &e : journal.events()) {
        QCOMPARE(e.component, QStringLiteral("processor"));
        seen << QStringLiteral("%1 %2 %3")
                    .arg(traceKindName(e.kind), e.detail.value(QLatin1String("handler")).toString())
                    .arg(e.detail.value(QLatin1String("resyncPeriodMs")).toInteger());
    }
    // "fast" lowers the resync check period before start; logger keeps its 30 s (SI-03).
    QCOMPARE(seen, L({"handlerAdded logger 30000", "handlerAdded fast 5000",
                      "handlerResyncChanged logger 0", "handlerRemoved logger 0"}));
    QVERIFY(journal.events().front().detail.value(QLatin1String("syncing")).toBool());
}

QTEST_GUILESS_MAIN(TestListeners)
#include "tst_listeners.moc"
