// SPDX-License-Identifier: Apache-2.0
// A window of several informers: one body of panels each, the informer bar (picker) and the
// WaitForCacheSync gate, over a synthetic journal of two informers.
#include "informerbar.h"
#include "informerviews.h"
#include "lens/cachesyncgate.h"
#include "lens/indexermodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/lensmodels.h"
#include "lens/queuemodel.h"
#include "mainwindow.h"
#include "queuepanel.h"
#include "trace/journal.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QTableView>
#include <QTest>
#include <QToolButton>

using namespace lens;

namespace {

void record(Journal &j, const QString &informer, TraceKind kind, const QString &key = {},
            const Object &o = {})
{
    TraceEvent e;
    e.kind = kind;
    e.informer = informer;
    e.component = kind == TraceKind::IndexerAdded  ? QStringLiteral("indexer")
                  : kind == TraceKind::Synced      ? QStringLiteral("informer")
                  : kind == TraceKind::ListStarted ? QStringLiteral("reflector")
                                                   : QStringLiteral("deltafifo");
    e.key = key;
    e.object = o;
    if (kind == TraceKind::FifoQueued) {
        e.type = QStringLiteral("Added");
        e.deltas = {Delta::of(DeltaType::Added, o)};
        e.detail.insert(QLatin1String("queueDepth"), 1);
    }
    if (kind == TraceKind::ListStarted)
        e.detail.insert(QLatin1String("cause"), QStringLiteral("initial"));
    j.record(e);
}

void add(Journal &j, const QString &informer, const QString &key, bool pop = true)
{
    const Object o = Object::make(
        key.contains(QLatin1Char('/')) ? key.section(QLatin1Char('/'), 0, 0) : QString(),
        key.section(QLatin1Char('/'), -1), QStringLiteral("7"), {});
    record(j, informer, TraceKind::FifoQueued, key, o);
    if (!pop)
        return;
    record(j, informer, TraceKind::FifoPopped, key, o);
    record(j, informer, TraceKind::IndexerAdded, key, o);
}

} // namespace

class tst_Informers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void oneBodyPerInformerAndThePicker();
    void theGateOpensWhenTheLastInformerSyncs();
    void travelMovesEveryInformer();
    void oneInformerKeepsTheSingleLayout();
};

void tst_Informers::oneBodyPerInformerAndThePicker()
{
    ManualClock clock;
    Journal journal(&clock);
    MainWindow w(&journal);
    w.setInformers(
        {{QStringLiteral("pods"), nullptr, nullptr}, {QStringLiteral("nodes"), nullptr, nullptr}});
    QCOMPARE(w.informerNames(), QStringList({QStringLiteral("pods"), QStringLiteral("nodes")}));
    QAbstractItemModelTester podsQueue(w.queueModel(),
                                       QAbstractItemModelTester::FailureReportingMode::QtTest);
    add(journal, QStringLiteral("pods"), QStringLiteral("default/web"));
    add(journal, QStringLiteral("pods"), QStringLiteral("default/db"), false);
    add(journal, QStringLiteral("nodes"), QStringLiteral("node-1"));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.settle();
    QVERIFY(w.informerBar()->isVisible());
    QCOMPARE(w.indexerModel()->rowCount(), 1);
    QCOMPARE(w.queueModel()->rowCount(), 1); // default/db is queued, not popped
    QCOMPARE(w.queueView()->model()->rowCount(), 1);
    QVERIFY(w.informerBar()->button(0)->text().startsWith(QStringLiteral("pods")));
    QVERIFY(w.informerBar()->button(0)->text().contains(QStringLiteral("1 object")));
    // The picker shows the other informer's body in every panel.
    w.informerBar()->button(1)->click();
    QCOMPARE(w.currentInformer(), 1);
    QCOMPARE(w.body()->informer(), QStringLiteral("nodes"));
    QCOMPARE(w.queueModel()->rowCount(), 0);
    QCOMPARE(w.indexerModel()->rowCount(), 1);
    QCOMPARE(w.indexerModel()->index(0, 0).data(IndexerModel::KeyRole).toString(),
             QStringLiteral("node-1"));
    QVERIFY(w.queueView()->isVisible());
    QCOMPARE(w.queueView()->model(), w.queueModel());
    // Keyboard: Alt+1 goes back to the first informer.
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    w.queueView()->setFocus();
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_1, Qt::AltModifier);
    QCOMPARE(w.currentInformer(), 0);
    // Selecting a key of the shown informer shows its history there only.
    w.selectKey(QStringLiteral("default/web"));
    QCOMPARE(w.keyHistoryModel()->key(), QStringLiteral("default/web"));
    QCOMPARE(w.views()->body()->history()->rowCount(), 3);
}

void tst_Informers::theGateOpensWhenTheLastInformerSyncs()
{
    ManualClock clock;
    Journal journal(&clock);
    MainWindow w(&journal);
    w.setInformers(
        {{QStringLiteral("pods"), nullptr, nullptr}, {QStringLiteral("nodes"), nullptr, nullptr}});
    CacheSyncGate *gate = w.streamBody()->cacheSync();
    record(journal, QStringLiteral("pods"), TraceKind::ListStarted);
    record(journal, QStringLiteral("nodes"), TraceKind::ListStarted);
    clock.advance(400);
    record(journal, QStringLiteral("pods"), TraceKind::Synced);
    clock.advance(800);
    w.settle();
    QVERIFY(!gate->isOpen());
    QCOMPARE(gate->waitingFor(), QStringList({QStringLiteral("nodes")}));
    QCOMPARE(w.informerBar()->gateText(),
             QStringLiteral("WaitForCacheSync \u2717 shut, waiting 1.200 s for nodes"));
    record(journal, QStringLiteral("nodes"), TraceKind::Synced);
    w.settle();
    QVERIFY(gate->isOpen());
    QCOMPARE(gate->openedAtMs(), qint64(1200));
    QCOMPARE(gate->lastToSync(), QStringLiteral("nodes"));
    QCOMPARE(w.informerBar()->gateText(),
             QStringLiteral("WaitForCacheSync \u2713 open at 1.200 s (nodes synced last)"));
    // Travelling back before nodes synced shuts it again.
    w.travelToSeq(3);
    QVERIFY(!gate->isOpen());
    QVERIFY(w.informerBar()->gateText().contains(QStringLiteral("for nodes")));
    w.goLive();
    QVERIFY(gate->isOpen());
}

void tst_Informers::travelMovesEveryInformer()
{
    ManualClock clock;
    Journal journal(&clock);
    MainWindow w(&journal);
    w.setInformers(
        {{QStringLiteral("pods"), nullptr, nullptr}, {QStringLiteral("nodes"), nullptr, nullptr}});
    add(journal, QStringLiteral("pods"), QStringLiteral("default/a"));
    const quint64 seq = journal.lastSeq();
    add(journal, QStringLiteral("nodes"), QStringLiteral("n1"));
    add(journal, QStringLiteral("pods"), QStringLiteral("default/b"));
    w.settle();
    w.travelToSeq(seq);
    QCOMPARE(w.indexerModel()->rowCount(), 1);
    QVERIFY(w.setCurrentInformer(1));
    QCOMPARE(w.indexerModel()->rowCount(), 0); // n1 came after the moment shown
    QCOMPARE(w.indexerModel()->foldedUpTo(), seq);
    w.goLive();
    QCOMPARE(w.indexerModel()->rowCount(), 1);
    QVERIFY(!w.setCurrentInformer(2));
}

void tst_Informers::oneInformerKeepsTheSingleLayout()
{
    Journal journal;
    MainWindow w(&journal);
    w.setInformers({{QStringLiteral("pods"), nullptr, nullptr}});
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(!w.informerBar()->isVisible());
    add(journal, QStringLiteral("pods"), QStringLiteral("default/a"));
    w.settle();
    QCOMPARE(w.indexerModel()->rowCount(), 1);
}

QTEST_MAIN(tst_Informers)
#include "tst_informers.moc"
