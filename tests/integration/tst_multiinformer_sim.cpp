// SPDX-License-Identifier: Apache-2.0
// Several informers from one SharedInformerFactory over HTTP against the built-in cluster, as
// the Session runs them: each indexer equals the server's state for its resource, the
// WaitForCacheSync gate opens only after every informer synced, an informer refused with 403
// keeps the gate shut and the journal says which one it waits on, and one resource watched
// with two queues gives two informers side by side on one journal.
#include "informer/keys.h"
#include "keyrvs.h"
#include "session/informerplan.h"
#include "session/session.h"
#include "sim/apiserver.h"
#include "sim/simulator.h"
#include "sim/store.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace lens;
using lens::test::keyRvs;

namespace {
const TraceEvent *last(const Journal *j, TraceKind kind)
{
    const TraceEvent *found = nullptr;
    for (const TraceEvent &e : j->events())
        if (e.kind == kind)
            found = &e;
    return found;
}

quint64 seqOfSynced(const Journal *j, const QString &informer)
{
    for (const TraceEvent &e : j->events())
        if (e.kind == TraceKind::Synced && e.informer == informer)
            return e.seq;
    return 0;
}
} // namespace

class tst_MultiInformerSim : public QObject {
    Q_OBJECT
private slots:
    void planNamesInformers_data();
    void planNamesInformers();
    void podsAndNodes();
    void forbiddenInformerKeepsTheGateShut();
    void twoQueuesSideBySide();
};

void tst_MultiInformerSim::planNamesInformers_data()
{
    using QM = SharedIndexInformer::QueueMode;
    QTest::addColumn<QStringList>("resources");
    QTest::addColumn<QList<QM>>("queues");
    QTest::addColumn<QList<bool>>("lists");
    QTest::addColumn<QStringList>("names"); // empty: an error
    QTest::newRow("pods,nodes") << QStringList{QStringLiteral("pods"), QStringLiteral("nodes")}
                                << QList<QM>{QM::DeltaFIFO} << QList<bool>{false}
                                << QStringList{QStringLiteral("pods"), QStringLiteral("nodes")};
    QTest::newRow("two queues") << QStringList{QStringLiteral("pods")}
                                << QList<QM>{QM::DeltaFIFO, QM::RealFIFO} << QList<bool>{false}
                                << QStringList{QStringLiteral("pods/deltafifo"),
                                               QStringLiteral("pods/realfifo")};
    QTest::newRow("two list modes")
        << QStringList{QStringLiteral("pods")} << QList<QM>{QM::RealFIFO}
        << QList<bool>{true, false}
        << QStringList{QStringLiteral("pods/watchlist"), QStringLiteral("pods/listwatch")};
    QTest::newRow("both") << QStringList{QStringLiteral("cm")}
                          << QList<QM>{QM::RealFIFO, QM::DeltaFIFO} << QList<bool>{false, true}
                          << QStringList{QStringLiteral("cm/realfifo/listwatch"),
                                         QStringLiteral("cm/realfifo/watchlist"),
                                         QStringLiteral("cm/deltafifo/listwatch"),
                                         QStringLiteral("cm/deltafifo/watchlist")};
    QTest::newRow("pods twice") << QStringList{QStringLiteral("pods"), QStringLiteral("pods")}
                                << QList<QM>{QM::DeltaFIFO} << QList<bool>{false} << QStringList{};
}

void tst_MultiInformerSim::planNamesInformers()
{
    QFETCH(QStringList, resources);
    QFETCH(QList<SharedIndexInformer::QueueMode>, queues);
    QFETCH(QList<bool>, lists);
    QFETCH(QStringList, names);
    QString err;
    const QList<InformerPlan> plans = planInformers(resources, queues, lists, &err);
    QStringList got;
    for (const InformerPlan &p : plans)
        got << p.name;
    QCOMPARE(got, names);
    QCOMPARE(err.isEmpty(), !names.isEmpty());
    if (names.isEmpty())
        QCOMPARE(err, QStringLiteral("pods is given twice"));
}

void tst_MultiInformerSim::podsAndNodes()
{
    Session::Options o;
    o.resources = {QStringLiteral("pods"), QStringLiteral("nodes")};
    o.churnIntervalMs = 0;
    o.resyncPeriodMs = 0;
    Session s(o);
    QSignalSpy gate(&s, &Session::cacheSynced);
    QString err;
    QVERIFY2(s.start(&err), qPrintable(err));
    QCOMPARE(s.informerNames(), (QStringList{QStringLiteral("pods"), QStringLiteral("nodes")}));
    QCOMPARE(s.informer(), s.informerNamed(QStringLiteral("pods")));
    QVERIFY(gate.wait(10000));
    const CacheSyncResult r = gate.first().first().value<CacheSyncResult>();
    QVERIFY2(r.ok(), qPrintable(r.message()));
    for (const QString &resource : {QStringLiteral("pods"), QStringLiteral("nodes")}) {
        const SharedIndexInformer *inf = s.informerNamed(resource);
        QVERIFY(inf->hasSynced());
        QVERIFY(inf->indexer().size() > 0);
        QCOMPARE(keyRvs(inf->indexer().list()), keyRvs(s.simulatorStore()->objects(resource)));
    }
    // the gate opened after both informers' Synced events, at the last of them
    const Journal *j = s.journal();
    const TraceEvent *opened = last(j, TraceKind::CacheSyncFinished);
    QVERIFY(opened);
    QCOMPARE(opened->type, QStringLiteral("opened"));
    const quint64 podsSynced = seqOfSynced(j, QStringLiteral("pods"));
    const quint64 nodesSynced = seqOfSynced(j, QStringLiteral("nodes"));
    QVERIFY(podsSynced > 0 && nodesSynced > 0);
    QVERIFY(opened->seq > podsSynced && opened->seq > nodesSynced);
    QCOMPARE(opened->detail.value(QLatin1String("waitedOn")).toString(),
             podsSynced > nodesSynced ? QStringLiteral("pods") : QStringLiteral("nodes"));
    const TraceEvent *started = last(j, TraceKind::CacheSyncStarted);
    QVERIFY(started && started->seq < opened->seq);
    // every event of an informer's parts names its informer; a node's key only nodes'
    for (const TraceEvent &e : j->events()) {
        if (!TraceEvent::isInformerComponent(e.component))
            continue;
        QVERIFY2(e.informer == QLatin1String("pods") || e.informer == QLatin1String("nodes"),
                 qPrintable(traceKindName(e.kind)));
        if (e.kind == TraceKind::IndexerAdded)
            QCOMPARE(e.informer, e.key.contains(QLatin1Char('/')) ? QStringLiteral("pods")
                                                                  : QStringLiteral("nodes"));
    }
    QVERIFY(s.sourceDescription().startsWith(QStringLiteral("pods, nodes (all namespaces)")));
}

void tst_MultiInformerSim::forbiddenInformerKeepsTheGateShut()
{
    // RBAC refuses nodes: the nodes informer's lists fail with 403 and the gate stays shut,
    // ticking every second with nodes as what it waits on, until the refusal is lifted.
    sim::Simulator sim;
    QString err;
    QVERIFY2(sim.start(&err), qPrintable(err));
    sim.setChurnInterval(0);
    sim.server()->setForbidden(QStringLiteral("nodes"), true);
    Session::Options o;
    o.server = sim.url();
    o.resources = {QStringLiteral("pods"), QStringLiteral("nodes")};
    o.resyncPeriodMs = 0;
    Session s(o);
    QSignalSpy gate(&s, &Session::cacheSynced);
    QVERIFY2(s.start(&err), qPrintable(err));
    QTRY_VERIFY_WITH_TIMEOUT(s.informerNamed(QStringLiteral("pods"))->hasSynced(), 10000);
    const Journal *j = s.journal();
    // the journal says why nodes does not sync, and the gate says it waits on nodes
    QTRY_VERIFY_WITH_TIMEOUT(last(j, TraceKind::CacheSyncWaiting), 10000);
    const TraceEvent *tick = last(j, TraceKind::CacheSyncWaiting);
    QCOMPARE(tick->detail.value(QLatin1String("notSynced")).toArray(),
             QJsonArray{QStringLiteral("nodes")});
    QVERIFY(tick->detail.value(QLatin1String("elapsedMs")).toInteger() >= 1000);
    const TraceEvent *refused = last(j, TraceKind::ListFailed);
    QVERIFY(refused);
    QCOMPARE(refused->informer, QStringLiteral("nodes"));
    QCOMPARE(refused->detail.value(QLatin1String("code")).toInt(), 403);
    QVERIFY2(refused->detail.value(QLatin1String("error"))
                 .toString()
                 .contains(QLatin1String("nodes is forbidden: User \"system:anonymous\" cannot "
                                         "list resource \"nodes\"")),
             qPrintable(refused->detail.value(QLatin1String("error")).toString()));
    QCOMPARE(gate.size(), 0);
    QVERIFY(!last(j, TraceKind::CacheSyncFinished));
    QVERIFY(!s.informerNamed(QStringLiteral("nodes"))->hasSynced());
    // pods is not held back by nodes
    QCOMPARE(keyRvs(s.informer()->indexer().list()),
             keyRvs(sim.store()->objects(QStringLiteral("pods"))));

    // RBAC lets nodes through: the Reflector's next list succeeds and nodes' sync opens it
    sim.server()->setForbidden(QStringLiteral("nodes"), false);
    QVERIFY(gate.wait(20000));
    const CacheSyncResult r = gate.first().first().value<CacheSyncResult>();
    QVERIFY2(r.ok(), qPrintable(r.message()));
    QCOMPARE(r.waitedOn, QStringLiteral("nodes"));
    const TraceEvent *opened = last(j, TraceKind::CacheSyncFinished);
    QVERIFY(opened);
    QCOMPARE(opened->type, QStringLiteral("opened"));
    QCOMPARE(opened->detail.value(QLatin1String("waitedOn")).toString(), QStringLiteral("nodes"));
    QVERIFY(opened->seq > seqOfSynced(j, QStringLiteral("nodes")));
    QCOMPARE(keyRvs(s.informerNamed(QStringLiteral("nodes"))->indexer().list()),
             keyRvs(sim.store()->objects(QStringLiteral("nodes"))));
}

void tst_MultiInformerSim::twoQueuesSideBySide()
{
    Session::Options o;
    o.resources = {QStringLiteral("pods")};
    o.queueModes = {SharedIndexInformer::QueueMode::DeltaFIFO,
                    SharedIndexInformer::QueueMode::RealFIFO};
    o.churnIntervalMs = 0;
    Session s(o);
    QSignalSpy gate(&s, &Session::cacheSynced);
    QString err;
    QVERIFY2(s.start(&err), qPrintable(err));
    QCOMPARE(s.informerNames(),
             (QStringList{QStringLiteral("pods/deltafifo"), QStringLiteral("pods/realfifo")}));
    QVERIFY(gate.wait(10000));
    QVERIFY(gate.first().first().value<CacheSyncResult>().ok());
    const QMap<QString, QString> server =
        keyRvs(s.simulatorStore()->objects(QStringLiteral("pods")));
    // a change reaches both, each through its own queue
    sim::Store *store = s.simulatorStore();
    const Object victim = store->objects(QStringLiteral("pods")).constFirst();
    QVERIFY(store->remove(QStringLiteral("pods"), victim.namespace_(), victim.name()).ok());
    for (const SharedIndexInformer *inf : s.informers())
        QTRY_COMPARE_WITH_TIMEOUT(keyRvs(inf->indexer().list()),
                                  keyRvs(store->objects(QStringLiteral("pods"))), 10000);
    QVERIFY(server.size() == store->objects(QStringLiteral("pods")).size() + 1);
    bool deltaFifoSeen = false, realFifoSeen = false;
    for (const TraceEvent &e : s.journal()->events()) {
        if (e.component == QLatin1String("deltafifo")) {
            QCOMPARE(e.informer, QStringLiteral("pods/deltafifo"));
            deltaFifoSeen = true;
        } else if (e.component == QLatin1String("realfifo")) {
            QCOMPARE(e.informer, QStringLiteral("pods/realfifo"));
            realFifoSeen = true;
        }
    }
    QVERIFY(deltaFifoSeen && realFifoSeen);
    QVERIFY2(s.sourceDescription().contains(QStringLiteral("DeltaFIFO and RealFIFO")),
             qPrintable(s.sourceDescription()));
}

QTEST_GUILESS_MAIN(tst_MultiInformerSim)
#include "tst_multiinformer_sim.moc"
