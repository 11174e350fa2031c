// SPDX-License-Identifier: Apache-2.0
// LensModels: one body of views per informer over one journal; the EventBatcher's delivery by
// seq range (no copies, nothing missed when the journal drops); time travel across bodies.
#include "lens/cachesyncgate.h"
#include "lens/eventbatcher.h"
#include "lens/handlersmodel.h"
#include "lens/indexermodel.h"
#include "lens/journalmodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/lensmodels.h"
#include "lens/namespaceindexmodel.h"
#include "lens/queuemodel.h"
#include "lens/reflectorstatus.h"
#include "trace/journal.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <memory>
#include <vector>

using namespace lens;

namespace {

/// Records an Info event of the reflector; returns its seq.
quint64 info(Journal &j)
{
    TraceEvent e;
    e.kind = TraceKind::Info;
    e.component = QStringLiteral("reflector");
    return j.record(std::move(e));
}

/// Records what an informer named `informer` records when `key` is listed: queued, popped,
/// added to the indexer.
void addObject(Journal &j, const QString &informer, const QString &key, int rv)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0);
    const QString name = key.section(QLatin1Char('/'), 1);
    const Object o = Object::make(ns, name, QString::number(rv), {});
    TraceEvent q;
    q.kind = TraceKind::FifoQueued;
    q.informer = informer;
    q.component = QStringLiteral("deltafifo");
    q.key = key;
    q.type = QStringLiteral("Added");
    q.object = o;
    q.deltas = {Delta::of(DeltaType::Added, o)};
    q.detail.insert(QLatin1String("queueDepth"), 1);
    j.record(q);
    TraceEvent p = q;
    p.kind = TraceKind::FifoPopped;
    p.detail.insert(QLatin1String("queueDepth"), 0);
    j.record(p);
    TraceEvent a;
    a.kind = TraceKind::IndexerAdded;
    a.informer = informer;
    a.component = QStringLiteral("indexer");
    a.key = key;
    a.object = o;
    j.record(a);
}

QStringList keysOf(const IndexerModel *m)
{
    QStringList keys;
    for (int r = 0; r < m->rowCount(); ++r)
        keys << m->index(r, 0).data(IndexerModel::KeyRole).toString();
    keys.sort();
    return keys;
}

} // namespace

class tst_LensModels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void eachBodyFoldsItsInformer();
    void travelMovesEveryModelOfABody();
    void batchesAreTheJournalsOwnEvents();
    void nothingIsMissedWhenTheJournalDrops();
    void aBusyBatchComesInSlices();
    void theSliceFollowsTheModelsCost();
    void aListsItemCountMakesNoRow();
    void roomOfRowsThatLeftIsGivenBack();
    void settlesAfterQuiet();
    void cacheSyncGateFollowsTheFactory();
};

void tst_LensModels::eachBodyFoldsItsInformer()
{
    ManualClock clock;
    Journal journal(&clock);
    addObject(journal, QStringLiteral("pods"), QStringLiteral("default/web"), 10);
    LensModels pods({&journal, QStringLiteral("pods")}, LensModels::InformerViews);
    LensModels nodes({&journal, QStringLiteral("nodes")}, LensModels::InformerViews);
    LensModels all(&journal, LensModels::StreamViews);
    QVERIFY(!pods.journalModel());
    QVERIFY(!all.queue());
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
    for (QAbstractItemModel *m : std::initializer_list<QAbstractItemModel *>{
             pods.queue(), pods.indexer(), pods.namespaces(), pods.history(), pods.handlers(),
             pods.notifications(), nodes.queue(), nodes.indexer(), all.journalModel()})
        testers.push_back(std::make_unique<QAbstractItemModelTester>(
            m, QAbstractItemModelTester::FailureReportingMode::QtTest));

    addObject(journal, QStringLiteral("nodes"), QStringLiteral("node-1"), 11);
    addObject(journal, QStringLiteral("pods"), QStringLiteral("kube-system/dns"), 12);
    for (LensModels *b : {&pods, &nodes, &all})
        b->settle();
    QCOMPARE(keysOf(pods.indexer()),
             QStringList({QStringLiteral("default/web"), QStringLiteral("kube-system/dns")}));
    QCOMPARE(keysOf(nodes.indexer()), QStringList({QStringLiteral("node-1")}));
    QCOMPARE(pods.queue()->poppedTotal(), qint64(2));
    QCOMPARE(nodes.queue()->poppedTotal(), qint64(1));
    // The stream body shows every informer's events: 3 objects × 3 events.
    QCOMPARE(all.journalModel()->rowCount(), 9);
    // An event of no informer (a scenario caption) belongs to every body.
    TraceEvent info;
    info.component = QStringLiteral("scenario");
    info.detail.insert(QLatin1String("message"), QStringLiteral("hello"));
    journal.record(info);
    all.settle();
    QCOMPARE(all.journalModel()->rowCount(), 10);
}

void tst_LensModels::travelMovesEveryModelOfABody()
{
    ManualClock clock;
    Journal journal(&clock);
    LensModels body({&journal, QStringLiteral("pods")});
    QSignalSpy travelled(&body, &LensModels::travelled);
    addObject(journal, QStringLiteral("pods"), QStringLiteral("default/a"), 1);
    clock.advance(100);
    addObject(journal, QStringLiteral("pods"), QStringLiteral("default/b"), 2);
    body.settle();
    QCOMPARE(body.indexer()->rowCount(), 2);
    const quint64 firstAdd = 3; // queued, popped, added
    QCOMPARE(body.seqAtTime(50), firstAdd);
    QCOMPARE(body.timeOfSeq(firstAdd + 1), qint64(100));
    body.travelToSeq(firstAdd);
    QCOMPARE(travelled.count(), 1);
    for (JournalFold *f : body.folds())
        QCOMPARE(f->foldedUpTo(), firstAdd);
    QCOMPARE(body.indexer()->rowCount(), 1);
    QCOMPARE(body.journalModel()->rowCount(), 3);
    // Travelling, the body follows nothing new.
    addObject(journal, QStringLiteral("pods"), QStringLiteral("default/c"), 3);
    body.settle();
    QCOMPARE(body.indexer()->rowCount(), 1);
    body.travelToSeq(0);
    QCOMPARE(body.indexer()->rowCount(), 3);
    addObject(journal, QStringLiteral("pods"), QStringLiteral("default/d"), 4);
    body.settle();
    QCOMPARE(body.indexer()->rowCount(), 4);
}

void tst_LensModels::batchesAreTheJournalsOwnEvents()
{
    Journal journal;
    std::vector<const TraceEvent *> seen;
    EventBatcher b({&journal, QStringLiteral("nodes")}, [&](const EventBatch &batch) {
        for (const TraceEvent &e : batch)
            seen.push_back(&e);
    });
    addObject(journal, QStringLiteral("pods"), QStringLiteral("default/a"), 1);
    addObject(journal, QStringLiteral("nodes"), QStringLiteral("n1"), 2);
    QCOMPARE(b.pendingCount(), qsizetype(6));
    b.flushNow();
    QCOMPARE(seen.size(), size_t(3));
    // The very events the journal keeps, not copies.
    for (size_t i = 0; i < seen.size(); ++i)
        QCOMPARE(seen[i], &journal.events()[3 + i]);
    QCOMPARE(b.pendingCount(), qsizetype(0));
}

void tst_LensModels::nothingIsMissedWhenTheJournalDrops()
{
    Journal journal;
    journal.setCapacity(10);
    QueueModel queue(&journal);
    queue.batcher()->setInterval(60000); // no tick: only the journal's drop can deliver
    for (int i = 0; i < 20; ++i)
        addObject(journal, QStringLiteral("pods"), QStringLiteral("default/p%1").arg(i), i);
    QCOMPARE(journal.droppedCount(), quint64(50));
    queue.flush();
    QCOMPARE(queue.queuedTotal(), qint64(20));
    QCOMPARE(queue.poppedTotal(), qint64(20));
}

void tst_LensModels::settlesAfterQuiet()
{
    Journal journal;
    LensModels body(&journal);
    QSignalSpy settled(&body, &LensModels::settled);
    addObject(journal, QString(), QStringLiteral("default/a"), 1);
    QVERIFY(!body.isSettled());
    QVERIFY(settled.wait(LensModels::settleQuietMs() * 10));
    QVERIFY(body.isSettled());
    QCOMPARE(body.indexer()->rowCount(), 1);
}

void tst_LensModels::cacheSyncGateFollowsTheFactory()
{
    ManualClock clock;
    Journal journal(&clock);
    LensModels stream(&journal, LensModels::StreamViews);
    CacheSyncGate *gate = stream.cacheSync();
    gate->setInformers({QStringLiteral("pods"), QStringLiteral("nodes")});
    auto factory = [&](TraceKind kind, const QString &type, const QString &waitedOn) {
        TraceEvent e;
        e.kind = kind;
        e.component = QStringLiteral("factory");
        e.type = type;
        if (!waitedOn.isEmpty())
            e.detail.insert(QLatin1String("waitedOn"), waitedOn);
        journal.record(e);
    };
    auto synced = [&](const QString &informer) {
        TraceEvent e;
        e.kind = TraceKind::Synced;
        e.informer = informer;
        journal.record(e);
    };
    clock.advance(100);
    factory(TraceKind::CacheSyncStarted, {}, {});
    clock.advance(300);
    synced(QStringLiteral("pods"));
    stream.settle();
    QVERIFY(!gate->isOpen());
    QCOMPARE(gate->startedAtMs(), qint64(100)); // the factory's wait, not the first event
    QCOMPARE(gate->waitingFor(), QStringList{QStringLiteral("nodes")});
    clock.advance(1100);
    synced(QStringLiteral("nodes"));
    factory(TraceKind::CacheSyncFinished, QStringLiteral("opened"), QStringLiteral("nodes"));
    stream.settle();
    QVERIFY(gate->isOpen());
    QCOMPARE(gate->outcome(), QStringLiteral("opened"));
    QCOMPARE(gate->openedAtMs(), qint64(1500));
    QCOMPARE(gate->lastToSync(), QStringLiteral("nodes"));
    // A second wait that times out (nodes relisted and the factory waited again) shuts it.
    factory(TraceKind::CacheSyncStarted, {}, {});
    clock.advance(5000);
    factory(TraceKind::CacheSyncFinished, QStringLiteral("timedOut"), QStringLiteral("nodes"));
    stream.settle();
    QVERIFY(!gate->isOpen());
    QCOMPARE(gate->outcome(), QStringLiteral("timedOut"));
    QCOMPARE(gate->finishedAtMs() - gate->startedAtMs(), qint64(5000));
    // Travel back to the first wait's end: open again.
    stream.travelToSeq(5);
    QVERIFY(gate->isOpen());
    QCOMPARE(gate->openedAtMs(), qint64(1500));
}

// A table that held a whole list gives the room back once most rows left (the queue view after a
// 150 000-object list drained); room made for a list still arriving is kept.
void tst_LensModels::roomOfRowsThatLeftIsGivenBack()
{
    Journal journal;
    IndexerModel model(&journal);
    constexpr int kRows = 10000;
    for (int i = 0; i < kRows; ++i)
        addObject(journal, QStringLiteral("pods"), QStringLiteral("default/p%1").arg(i), i + 1);
    model.flush();
    QCOMPARE(model.rowCount(), kRows);
    QVERIFY(model.rowRoom() >= kRows);
    const auto remove = [&journal](int i) {
        TraceEvent e;
        e.kind = TraceKind::IndexerDeleted;
        e.informer = QStringLiteral("pods");
        e.component = QStringLiteral("indexer");
        e.key = QStringLiteral("default/p%1").arg(i);
        e.object = Object::make(QStringLiteral("default"), QStringLiteral("p%1").arg(i),
                                QString::number(i + 1));
        journal.record(std::move(e));
    };
    for (int i = 0; i < kRows - 10; ++i)
        remove(i);
    model.flush();
    QCOMPARE(model.rowCount(), 10);
    QVERIFY2(model.rowRoom() <= 4096, qPrintable(QString::number(model.rowRoom())));
    QCOMPARE(model.keys().first(), QStringLiteral("default/p%1").arg(kRows - 10));

    // A list of 20 000 is announced: its room stays while its rows arrive, deletions or not.
    TraceEvent listed;
    listed.kind = TraceKind::ListCompleted;
    listed.informer = QStringLiteral("pods");
    listed.component = QStringLiteral("reflector");
    listed.detail.insert(QLatin1String("items"), 20000);
    journal.record(std::move(listed));
    addObject(journal, QStringLiteral("pods"), QStringLiteral("default/q"), 1);
    remove(kRows - 1);
    model.flush();
    QCOMPARE(model.rowCount(), 10);
    QVERIFY2(model.rowRoom() >= 20000, qPrintable(QString::number(model.rowRoom())));
}

QTEST_GUILESS_MAIN(tst_LensModels)
#include "tst_lensmodels.moc"

// A batch is handed over in slices, each in a turn of its own, in recording order; it ends at
// the seq that was last when it came due (what the model's first slice recorded comes as the
// next batch); flushNow() in the middle hands over the rest at once.
void tst_LensModels::aBusyBatchComesInSlices()
{
    Journal journal;
    std::vector<size_t> sizes;
    std::vector<quint64> seqs;
    EventBatcher b(&journal, [&](const EventBatch &batch) {
        sizes.push_back(batch.size());
        for (const TraceEvent &e : batch)
            seqs.push_back(e.seq);
        if (sizes.size() == 1)
            for (int i = 0; i < 5; ++i)
                info(journal);
    });
    b.setInterval(0);
    b.setSliceEvents(100);
    for (int i = 0; i < 1010; ++i)
        info(journal);
    QTRY_COMPARE(seqs.size(), size_t(1015));
    for (size_t i = 0; i < seqs.size(); ++i)
        QCOMPARE(seqs[i], quint64(i + 1));
    std::vector<size_t> expected(10, 100);
    expected.push_back(10); // the batch's last slice ends at seq 1010
    expected.push_back(5);  // recorded during the first slice: the next batch
    QCOMPARE(sizes, expected);

    std::vector<size_t> sizes2;
    EventBatcher c(&journal, [&](const EventBatch &batch) { sizes2.push_back(batch.size()); });
    c.setInterval(0);
    c.setSliceEvents(100);
    for (int i = 0; i < 1000; ++i)
        info(journal);
    QTRY_VERIFY(!sizes2.empty());
    c.flushNow();
    QCOMPARE(sizes2, (std::vector<size_t>{100, 900}));
    QCOMPARE(c.pendingCount(), qsizetype(0));
}

// The first call holds firstSliceEvents(); the next is sized by the cost measured: a model
// that spends at least 20 µs per event gets at most sliceBudgetMs() / 20 µs events.
void tst_LensModels::theSliceFollowsTheModelsCost()
{
    Journal journal;
    std::vector<size_t> sizes;
    size_t total = 0;
    EventBatcher b(&journal, [&](const EventBatch &batch) {
        sizes.push_back(batch.size());
        total += batch.size();
        QElapsedTimer spin; // the model's work, measured as wall time as the batcher does
        spin.start();
        while (spin.nsecsElapsed() < qint64(batch.size()) * 20000) {
        }
    });
    b.setInterval(0);
    double fixedNs = 0, perEventNs = 0;
    QVERIFY(!b.costEstimate(&fixedNs, &perEventNs));
    QCOMPARE(b.sliceLimit(), EventBatcher::firstSliceEvents());
    for (int i = 0; i < 3000; ++i)
        info(journal);
    QTRY_COMPARE_WITH_TIMEOUT(total, size_t(3000), 20000);
    QCOMPARE(sizes.front(), size_t(EventBatcher::firstSliceEvents()));
    QVERIFY(sizes.size() >= 2);
    QVERIFY2(sizes[1] <= size_t(EventBatcher::sliceBudgetMs() * 1000 / 20),
             qPrintable(QString::number(sizes[1])));
    QVERIFY(sizes[1] >= size_t(EventBatcher::minSliceEvents()));
    QVERIFY(b.costEstimate(&fixedNs, &perEventNs));
    QCOMPARE(b.totals().events, qint64(3000));
}

// The indexer table reads a list's item count (ListCompleted) to make room for its rows; the
// event itself is no row, and an implausible count changes nothing.
void tst_LensModels::aListsItemCountMakesNoRow()
{
    Journal journal;
    IndexerModel model(&journal);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    for (const qint64 items : {qint64(3), qint64(1) << 40, qint64(-5)}) {
        TraceEvent e;
        e.kind = TraceKind::ListCompleted;
        e.informer = QStringLiteral("pods");
        e.component = QStringLiteral("reflector");
        e.detail.insert(QLatin1String("items"), items);
        journal.record(std::move(e));
    }
    for (int i = 0; i < 3; ++i)
        addObject(journal, QStringLiteral("pods"), QStringLiteral("default/p%1").arg(i), i + 1);
    model.flush();
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.keys(), (QStringList{QStringLiteral("default/p0"), QStringLiteral("default/p1"),
                                        QStringLiteral("default/p2")}));
}
