// SPDX-License-Identifier: Apache-2.0
// RealFIFO (client-go the_real_fifo.go, non-atomic) and the informer's queue mode.
//
// The queue-level cases of clientgo-cases.md §7 (RQ-02, RQ-03, RQ-05) and the rest of
// the_real_fifo_test.go are replayed verbatim as playground scripts in tests/play/realfifo/
// (tst_play). This suite covers what the playground language cannot express: the
// transformer, process errors, the journal, and SharedIndexInformer in RealFIFO mode (CT-09).

#include "fakelisterwatcher.h"
#include "informer/realfifo.h"
#include "informer/sharedinformer.h"
#include "pendingevents.h"
#include "trace/journal.h"

#include <QJsonObject>
#include <QTest>

using namespace lens;
using namespace lens::test;

namespace {

QString describe(const PopResult &r)
{
    QStringList parts;
    for (const Delta &d : r.deltas)
        parts << d.describe(d.object.isNull() ? QString() : d.object.name()) + QLatin1Char('#') +
                     QString::number(transformCount(d.object));
    return parts.join(QStringLiteral(", "));
}

} // namespace

class TestRealFIFO : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void transformer();
    void transformerError();
    void keyError();
    void processErrorIsNotRequeued();
    void journalNamesTheMode_data();
    void journalNamesTheMode();
    void informerQueueMode_data();
    void informerQueueMode();
    void informerQueueModeAfterStart();
    void relistOrder_data();
    void relistOrder();
    void atomicEvents();
    void atomicReplaceLetsEachOriginalGo();
};

void TestRealFIFO::transformer()
{
    // TestRealFIFO_transformer: every object goes through the transformer exactly once;
    // tombstones carry the transformed object; Resync's Sync objects are not transformed.
    Indexer known;
    known.add(objFromSpec(QStringLiteral("k@1")));
    RealFIFO::Options o;
    o.knownObjects = &known;
    o.transformer = countingTransform;
    RealFIFO f(o);
    QVERIFY(f.add(objFromSpec(QStringLiteral("foo@10"))).isEmpty());
    QVERIFY(f.add(objFromSpec(QStringLiteral("bar@11"))).isEmpty());
    QVERIFY(f.update(objFromSpec(QStringLiteral("foo@12"))).isEmpty());
    QVERIFY(f.remove(objFromSpec(QStringLiteral("foo@15"))).isEmpty());
    QVERIFY(f.replace({}, QString()).isEmpty());
    QVERIFY(f.add(objFromSpec(QStringLiteral("bar@16"))).isEmpty());
    QVERIFY(f.replace({objFromSpec(QStringLiteral("k@2"))}, QString()).isEmpty());
    QStringList got;
    while (true) {
        const PopResult r = f.pop(nullptr);
        if (!r.popped)
            break;
        got << describe(r);
    }
    QCOMPARE(got, L({"Added foo@10#1", "Added bar@11#1", "Updated foo@12#1", "Deleted foo@15#1",
                     "Deleted Tomb(bar, bar@11)#1", "Deleted Tomb(k, k@1)#0", "Added bar@16#1",
                     "Deleted Tomb(bar, bar@16)#1", "Replaced k@2#1"}));
    // Resync queues the known object as it is: not transformed again.
    QVERIFY(f.resync().isEmpty());
    QCOMPARE(describe(f.pop(nullptr)), QStringLiteral("Sync k@1#0"));
}

void TestRealFIFO::transformerError()
{
    Indexer known;
    RealFIFO::Options o;
    o.knownObjects = &known;
    o.transformer = [](const Object &, QString *err) {
        *err = QStringLiteral("no");
        return Object();
    };
    RealFIFO f(o);
    QCOMPARE(f.add(objFromSpec(QStringLiteral("a@1"))), QStringLiteral("no"));
    QCOMPARE(f.replace({objFromSpec(QStringLiteral("a@1"))}, QString()),
             QStringLiteral("couldn't enqueue object: no"));
    QCOMPARE(f.size(), 0);
    QVERIFY(f.populated()); // Add sets populated before it fails, as in client-go
}

void TestRealFIFO::keyError()
{
    Indexer known;
    RealFIFO f(RealFIFO::Options{metaNamespaceKeyFunc, &known, {}});
    const Object noMeta =
        Object::fromJson(QJsonObject{{QStringLiteral("kind"), QStringLiteral("Pod")}});
    QVERIFY(f.add(noMeta).startsWith(
        QLatin1String("couldn't create key for object: object has no meta")));
    QVERIFY(
        f.replace({noMeta}, QString()).startsWith(QLatin1String("couldn't create key for object")));
    QCOMPARE(f.size(), 0);
}

void TestRealFIFO::processErrorIsNotRequeued()
{
    Indexer known;
    RealFIFO f(RealFIFO::Options{metaNamespaceKeyFunc, &known, {}});
    f.add(objFromSpec(QStringLiteral("a@1")));
    f.add(objFromSpec(QStringLiteral("b@1")));
    const PopResult r = f.pop([](const QString &, const Deltas &, bool) {
        return ProcessResult{QStringLiteral("boom"), true};
    });
    QVERIFY(r.popped);
    QCOMPARE(r.key, QStringLiteral("a"));
    QCOMPARE(r.error, QStringLiteral("boom"));
    QCOMPARE(f.listKeys(), L({"b"})); // ErrRequeue never applied to RealFIFO
}

void TestRealFIFO::journalNamesTheMode_data()
{
    QTest::addColumn<bool>("real");
    QTest::addColumn<QString>("component");
    QTest::addColumn<QString>("mode");
    QTest::newRow("RealFIFO") << true << QStringLiteral("realfifo") << QStringLiteral("RealFIFO");
    QTest::newRow("DeltaFIFO") << false << QStringLiteral("deltafifo")
                               << QStringLiteral("DeltaFIFO");
}

void TestRealFIFO::journalNamesTheMode()
{
    QFETCH(bool, real);
    QFETCH(QString, component);
    QFETCH(QString, mode);
    ManualClock clock;
    Journal journal(&clock);
    Indexer known;
    std::unique_ptr<Queue> q;
    if (real)
        q = std::make_unique<RealFIFO>(RealFIFO::Options{metaNamespaceKeyFunc, &known, {}});
    else
        q = std::make_unique<DeltaFIFO>(DeltaFIFO::Options{metaNamespaceKeyFunc, &known, true, {}});
    q->setJournal(&journal);
    QCOMPARE(q->modeName(), mode);
    q->add(objFromSpec(QStringLiteral("a@1")));
    q->update(objFromSpec(QStringLiteral("a@2")));
    q->pop(nullptr);
    const auto &ev = journal.events();
    QCOMPARE(int(ev.size()), 3);
    for (const TraceEvent &e : ev) {
        QCOMPARE(e.component, component);
        QCOMPARE(e.detail.value(QLatin1String("queueMode")).toString(), mode);
    }
    QCOMPARE(ev[0].kind, TraceKind::FifoQueued);
    QCOMPARE(ev[1].kind, TraceKind::FifoQueued);
    QCOMPARE(ev[1].deltas.size(), 2); // the key's queued deltas (both modes)
    QCOMPARE(ev[2].kind, TraceKind::FifoPopped);
    QCOMPARE(ev[2].deltas.size(), real ? 1 : 2);
    if (real)
        QCOMPARE(ev[2].detail.value(QLatin1String("remainingForKey")).toInteger(), 1);
    QCOMPARE(ev[2].toJson().value(QLatin1String("queueMode")).toString(), mode);
}

void TestRealFIFO::informerQueueMode_data()
{
    QTest::addColumn<bool>("real");
    QTest::newRow("DeltaFIFO (v0.32 default)") << false;
    QTest::newRow("RealFIFO (InOrderInformers)") << true;
}

void TestRealFIFO::informerQueueMode()
{
    QFETCH(bool, real);
    ManualClock clock;
    Journal journal(&clock);
    FakeListerWatcher lw;
    lw.clock = &clock;
    SharedIndexInformer informer(&lw, 0, &journal, &clock);
    QCOMPARE(informer.queueMode(), SharedIndexInformer::QueueMode::DeltaFIFO);
    QVERIFY(!informer.queue());
    if (real)
        QCOMPARE(informer.setQueueMode(SharedIndexInformer::QueueMode::RealFIFO), QString());
    QStringList seen;
    ResourceEventHandler h;
    h.name = QStringLiteral("rec");
    h.onAdd = [&](const Object &o, bool initial) {
        seen << QStringLiteral("add %1 initial=%2")
                    .arg(spec(o), initial ? QStringLiteral("true") : QStringLiteral("false"));
    };
    informer.addEventHandler(h);
    lw.listScript << okReply(objsFromSpec(QStringLiteral("ns/a@1,ns/b@1")), QStringLiteral("5"));
    informer.run();
    QVERIFY(QTest::qWaitFor([&] { return informer.hasSynced(); }, 5000));
    QVERIFY(informer.queue());
    QCOMPARE(informer.queue()->modeName(),
             real ? QStringLiteral("RealFIFO") : QStringLiteral("DeltaFIFO"));
    QCOMPARE(informer.queueModeName(), informer.queue()->modeName());
    QCOMPARE(informer.deltaFifo() != nullptr, !real);
    QCOMPARE(informer.realFifo() != nullptr, real);
    QTRY_COMPARE(seen, L({"add ns/a@1 initial=true", "add ns/b@1 initial=true"}));
    QCOMPARE(informer.indexer().size(), 2);

    bool infoSeen = false;
    const QString component = real ? QStringLiteral("realfifo") : QStringLiteral("deltafifo");
    for (const TraceEvent &e : journal.events()) {
        if (e.kind == TraceKind::Info && e.component == QLatin1String("informer"))
            infoSeen =
                e.detail.value(QLatin1String("queueMode")).toString() == informer.queueModeName();
        if (e.kind == TraceKind::FifoQueued || e.kind == TraceKind::FifoPopped)
            QCOMPARE(e.component, component);
    }
    QVERIFY(infoSeen);
}

void TestRealFIFO::informerQueueModeAfterStart()
{
    ManualClock clock;
    FakeListerWatcher lw;
    lw.clock = &clock;
    SharedIndexInformer informer(&lw, 0, nullptr, &clock);
    lw.listScript << okReply({}, QStringLiteral("1"));
    informer.run();
    QCOMPARE(informer.setQueueMode(SharedIndexInformer::QueueMode::RealFIFO),
             QStringLiteral("informer has already started"));
    QCOMPARE(informer.queueMode(), SharedIndexInformer::QueueMode::DeltaFIFO);
    informer.stop();
}

void TestRealFIFO::relistOrder_data()
{
    QTest::addColumn<int>("mode"); // 0 DeltaFIFO, 1 RealFIFO, 2 RealFIFO with atomic events
    QTest::addColumn<QStringList>("expected");
    // DeltaFIFO: listed keys keep their order, tombstones come after them.
    QTest::newRow("CT-09 contrast: DeltaFIFO delivers the update before the delete")
        << 0 << L({"update a@1->a@2", "update c@1->c@1", "delete Tomb(b, b@1)"});
    // RealFIFO: a relist's deletions are queued before its Replaced events.
    QTest::newRow("CT-09 RealFIFO delivers deletes before the replaced adds/updates")
        << 1 << L({"delete Tomb(b, b@1)", "update a@1->a@2", "update c@1->c@1"});
    // Atomic: one ReplacedAll, reconciled against the indexer when popped (deletes first).
    QTest::newRow("CT-09 RQ-06 RealFIFO atomic ReplacedAll: deletes first, then updates")
        << 2 << L({"delete Tomb(b, b@1)", "update a@1->a@2", "update c@1->c@1"});
}

void TestRealFIFO::relistOrder()
{
    QFETCH(int, mode);
    QFETCH(QStringList, expected);
    ManualClock clock;
    FakeListerWatcher lw;
    lw.clock = &clock;
    SharedIndexInformer informer(&lw, 0, nullptr, &clock);
    if (mode > 0)
        informer.setQueueMode(SharedIndexInformer::QueueMode::RealFIFO);
    QCOMPARE(informer.setAtomicEvents(mode == 2), QString());
    QStringList seen;
    ResourceEventHandler h;
    h.name = QStringLiteral("rec");
    h.onAdd = [&](const Object &o, bool) { seen << QStringLiteral("add ") + spec(o); };
    h.onUpdate = [&](const Object &o, const Object &n) {
        seen << QStringLiteral("update %1->%2").arg(spec(o), spec(n));
    };
    h.onDelete = [&](const Delta &d) {
        seen << QStringLiteral("delete ") +
                    d.describe(d.object.isNull() ? QString() : metaNamespaceKeyFunc(d.object).key)
                        .mid(QStringLiteral("Deleted ").size());
    };
    informer.addEventHandler(h);
    lw.watchScript << watchFromSpec(QStringLiteral("BOOKMARK @3;ERROR 410"));
    // both answers up front: the (short) backoff may relist before the test looks again.
    // The relist drops b, changes a, keeps c unchanged: a sync, which reaches the handler
    // because with no resync it stays syncing from its registration (sharedProcessor.addListener).
    lw.listScript << okReply(objsFromSpec(QStringLiteral("a@1,b@1,c@1")), QStringLiteral("1"))
                  << okReply(objsFromSpec(QStringLiteral("a@2,c@1")), QStringLiteral("9"));
    informer.run();
    informer.reflector()->setBackoffParams(Backoff::Params{1, 50, 100, 2.0, 1.0});
    QVERIFY(QTest::qWaitFor([&] { return informer.hasSynced(); }, 5000));
    QCOMPARE(informer.realFifo() && informer.realFifo()->atomicEvents(), mode == 2);
    QTRY_VERIFY_WITH_TIMEOUT(seen.size() >= 3 + expected.size(), 8000);
    QCOMPARE(seen.mid(0, 3), L({"add a@1", "add b@1", "add c@1"}));
    seen = seen.mid(3);
    QTRY_COMPARE_WITH_TIMEOUT(seen, expected, 8000);
    runPendingEvents(); // nothing else is on its way
    QCOMPARE(seen, expected);
    informer.stop();
}

void TestRealFIFO::atomicEvents()
{
    // RQ-06 (TestRealFIFO_ReplaceAtomic / ResyncAtomic): Replace enqueues ONE ReplacedAll
    // carrying the transformed objects and the resourceVersion; Resync ONE SyncAll.
    RealFIFO::Options o;
    o.atomicEvents = true;
    o.transformer = countingTransform;
    RealFIFO f(o);
    QVERIFY(f.add(objFromSpec(QStringLiteral("a@1"))).isEmpty());
    QVERIFY(f.replace({objFromSpec(QStringLiteral("a@2")), objFromSpec(QStringLiteral("b@1"))},
                      QStringLiteral("5"))
                .isEmpty());
    QVERIFY(f.resync().isEmpty());
    QCOMPARE(f.size(), 3);
    QCOMPARE(f.listKeys(), L({"a", "ReplacedAll", "SyncAll"}));
    QCOMPARE(f.entries().at(1).deltas.size(), 2);

    QString seenType, seenRv;
    qsizetype seenObjects = -1;
    auto process = [&](const QString &, const Deltas &, bool) {
        const RealFIFO::AtomicEvent *ev = f.atomicBeingProcessed();
        seenType = ev ? ev->type : QString();
        seenRv = ev ? ev->resourceVersion : QString();
        seenObjects = ev ? ev->objects.size() : -1;
        return ProcessResult{};
    };
    PopResult r = f.pop(process);
    QCOMPARE(describe(r), QStringLiteral("Added a@1#1"));
    QCOMPARE(r.atomicType, QString());
    QCOMPARE(seenType, QString());
    r = f.pop(process);
    QCOMPARE(r.key, QString());
    QCOMPARE(r.atomicType, QStringLiteral("ReplacedAll"));
    QCOMPARE(describe(r), QStringLiteral("Replaced a@2#1, Replaced b@1#1")); // transformed once
    QCOMPARE(seenType, QStringLiteral("ReplacedAll"));
    QCOMPARE(seenRv, QStringLiteral("5"));
    QCOMPARE(seenObjects, qsizetype(2));
    r = f.pop(process);
    QCOMPARE(r.atomicType, QStringLiteral("SyncAll"));
    QVERIFY(r.deltas.isEmpty());
    QCOMPARE(seenType, QStringLiteral("SyncAll"));
    QVERIFY(!f.atomicBeingProcessed());
    QVERIFY(!f.pop(process).popped);

    // HasSynced: the first Replace counts its one entry.
    RealFIFO g(o);
    QVERIFY(g.replace({objFromSpec(QStringLiteral("x@1")), objFromSpec(QStringLiteral("y@1"))},
                      QStringLiteral("3"))
                .isEmpty());
    QCOMPARE(g.size(), 1);
    QCOMPARE(g.initialPopulationCount(), 1);
    QVERIFY(!g.hasSynced());
    r = g.pop(process);
    QVERIFY(r.isInInitialList);
    QVERIFY(g.hasSynced());
}

void TestRealFIFO::atomicReplaceLetsEachOriginalGo()
{
    // addReplaceToItemsLocked transforms every object into one ReplacedAll: a list moved in
    // lets each original go once transformed.
    LetGoProbe probe;
    RealFIFO::Options o;
    o.atomicEvents = true;
    o.transformer = probe.transformer();
    RealFIFO f(o);
    QVERIFY(f.replace(probe.originals(4), QStringLiteral("7")).isEmpty());
    QCOMPARE(probe.calls, 4);
    QCOMPARE(probe.heldWhenChecked, 0);
    QCOMPARE(probe.held(4), 0);
    QCOMPARE(f.entries().at(0).deltas.size(), 4);
    QCOMPARE(transformCount(f.entries().at(0).deltas.at(3).object), 1);
}

QTEST_GUILESS_MAIN(TestRealFIFO)
#include "tst_realfifo.moc"
