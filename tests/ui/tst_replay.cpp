// SPDX-License-Identifier: Apache-2.0
// Record and replay (issue 5 item 8): a shipped scenario is played at speed 0 and recorded;
// the recording opened offline shows the same indexer, queue, index and handler views as the
// live window did, time travel works from the file alone, and the pump controls are gone. The
// pipeline's rates of a recording of two informers are its own clock's, per informer.
#include "informer/reflector.h"
#include "informer/sharedinformer.h"
#include "lens/export.h"
#include "lens/handlersmodel.h"
#include "lens/indexermodel.h"
#include "lens/journalfile.h"
#include "lens/journalmodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/namespaceindexmodel.h"
#include "lens/queuemodel.h"
#include "lens/timelinemodel.h"
#include "mainwindow.h"
#include "pipelinewidget.h"
#include "recordreplay.h"
#include "session/session.h"
#include "trace/clock.h"
#include "trace/journal.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace lens;

namespace {
/// Every display cell of a flat or tree model, row by row ("a | b | c"), children indented.
QStringList cells(const QAbstractItemModel *m, QList<int> columns = {},
                  const QModelIndex &parent = {}, const QString &indent = {})
{
    if (columns.isEmpty())
        for (int c = 0; c < m->columnCount(); ++c)
            columns << c;
    QStringList rows;
    for (int r = 0; r < m->rowCount(parent); ++r) {
        QStringList row;
        for (int c : columns)
            row << m->index(r, c, parent).data().toString();
        rows << indent + row.join(QStringLiteral(" | "));
        rows << cells(m, columns, m->index(r, 0, parent), indent + QStringLiteral("  "));
    }
    return rows;
}

/// The deterministic parts of the handler views (latencies are figures, not states).
QList<int> handlerColumns()
{
    return {HandlersModel::NameColumn, HandlersModel::DeliveredColumn, HandlersModel::BacklogColumn,
            HandlersModel::MaxBacklogColumn};
}
} // namespace

class tst_Replay : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void offlineViewsEqualTheLiveOnes();
    void timeTravelWorksOffline();
    void offlineWindowHasNoPump();
    void savedFromTheWindowMenu();
    void pipelineRatesAreTheRecordingsOwn();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Session> m_session;
    std::unique_ptr<MainWindow> m_live;
    std::unique_ptr<MainWindow> m_offline;
    QString m_path;
};

void tst_Replay::initTestCase()
{
    Session::Options o;
    o.scenario = QStringLiteral("fs01-delete-while-disconnected");
    o.scenarioSpeed = 0;
    m_session = std::make_unique<Session>(o);
    QSignalSpy finished(m_session.get(), &Session::scenarioFinished);
    // The live window follows the run as it happens.
    m_live = std::make_unique<MainWindow>(m_session->journal());
    QString err;
    QVERIFY2(m_session->start(&err), qPrintable(err));
    m_live->setSourceDescription(m_session->sourceDescription());
    m_path = m_dir.filePath(QStringLiteral("fs01.jsonl"));
    JournalRecorder recorder(m_session->journal());
    QVERIFY2(recorder.start(m_path,
                            headerFor(*m_session->journal(), m_session->sourceDescription()), &err),
             qPrintable(err));
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() > 0, 30000);
    // Hold the informer still (pause the pump, stop the cluster's clock) so both windows see
    // one settled moment: once it watches again after the relist and every delta and
    // notification is through.
    const SharedIndexInformer *informer = m_session->informer();
    const auto settled = [informer] {
        const QList<ProcessorListener *> listeners = informer->listeners();
        return informer->reflector()->state() == Reflector::State::Watching &&
               informer->queue()->size() == 0 &&
               std::all_of(listeners.cbegin(), listeners.cend(),
                           [](const ProcessorListener *l) { return l->backlog() == 0; });
    };
    QTRY_VERIFY_WITH_TIMEOUT(settled(), 10000);
    m_session->informer()->controller()->pause();
    m_session->stop();
    QVERIFY2(recorder.stop(&err), qPrintable(err));
    QCOMPARE(recorder.eventsWritten(), qsizetype(m_session->journal()->events().size()));

    m_live->settle();
    QString warning;
    m_offline.reset(RecordReplay::openRecording(m_path, &err, &warning));
    QVERIFY2(m_offline, qPrintable(err));
    QVERIFY2(warning.isEmpty(), qPrintable(warning));
    m_offline->setAttribute(Qt::WA_DeleteOnClose, false);
    m_offline->settle();
}

void tst_Replay::cleanupTestCase()
{
    m_offline.reset();
    m_live.reset();
    m_session.reset();
}

void tst_Replay::offlineViewsEqualTheLiveOnes()
{
    QVERIFY(m_live->indexerModel()->rowCount() > 0);
    QCOMPARE(cells(m_offline->indexerModel()), cells(m_live->indexerModel()));
    QCOMPARE(cells(m_offline->queueModel()), cells(m_live->queueModel()));
    QCOMPARE(cells(m_offline->namespaceModel()), cells(m_live->namespaceModel()));
    QVERIFY(m_live->handlersModel()->rowCount() > 0);
    QCOMPARE(cells(m_offline->handlersModel(), handlerColumns()),
             cells(m_live->handlersModel(), handlerColumns()));
    QCOMPARE(cells(m_offline->journalModel()), cells(m_live->journalModel()));
    QVERIFY(!m_live->timelineModel()->spans().empty());
    QCOMPARE(exporting::timelineToCsv(*m_offline->timelineModel()),
             exporting::timelineToCsv(*m_live->timelineModel()));
    // A key's history (the tombstoned pod of FS-01), and its explanation.
    const QString key = QStringLiteral("default/victim");
    m_live->selectKey(key);
    m_offline->selectKey(key);
    m_live->settle();
    m_offline->settle();
    QVERIFY(m_live->keyHistoryModel()->rowCount() > 3);
    QCOMPARE(cells(m_offline->keyHistoryModel()), cells(m_live->keyHistoryModel()));
    const quint64 seq = m_offline->journal()->events().back().seq;
    m_live->explainSeq(seq);
    m_offline->explainSeq(seq);
    QCOMPARE(m_offline->captionText(), m_live->captionText());
}

void tst_Replay::timeTravelWorksOffline()
{
    // Back to the moment the informer first synced (before default/victim was created), in
    // both windows.
    quint64 syncedSeq = 0;
    qint64 syncedT = 0;
    for (const TraceEvent &e : m_offline->journal()->events()) {
        if (e.kind == TraceKind::Synced) {
            syncedSeq = e.seq;
            syncedT = e.t;
            break;
        }
    }
    QVERIFY(syncedSeq > 0);
    m_live->travelToSeq(syncedSeq);
    m_offline->travelToSeq(syncedSeq);
    QCOMPARE(m_offline->travelSeq(), syncedSeq);
    QCOMPARE(cells(m_offline->indexerModel()), cells(m_live->indexerModel()));
    QCOMPARE(cells(m_offline->queueModel()), cells(m_live->queueModel()));
    QVERIFY(!cells(m_offline->indexerModel())
                 .join(QLatin1Char('\n'))
                 .contains(QStringLiteral("victim")));
    // Scrubbing by time: the seq at the synced event's time is that event (or a later one
    // at the same millisecond).
    QVERIFY(m_offline->seqAtTime(syncedT) >= syncedSeq);
    m_live->goLive();
    m_offline->goLive();
    m_offline->settle();
    QCOMPARE(m_offline->travelSeq(), quint64(0));
    QCOMPARE(cells(m_offline->indexerModel()), cells(m_live->indexerModel()));
}

void tst_Replay::offlineWindowHasNoPump()
{
    QVERIFY(m_offline->isOffline());
    QVERIFY(!m_live->isOffline());
    for (QAction *a : {m_offline->runAction(), m_offline->pauseAction(), m_offline->stepAction()}) {
        QVERIFY(!a->isVisible());
        QVERIFY(!a->isEnabled());
    }
    const QString title = m_offline->windowTitle();
    QVERIFY2(title.contains(QStringLiteral("Offline: recording fs01.jsonl (%1 events, recorded at")
                                .arg(m_offline->journal()->events().size())),
             qPrintable(title));
    QVERIFY(m_offline->sourceDescription().contains(QStringLiteral("built-in simulated")));
    // No Simulator tab: nothing in the window can change a cluster.
    for (QTabWidget *tabs : m_offline->findChildren<QTabWidget *>())
        for (int i = 0; i < tabs->count(); ++i)
            QVERIFY(!tabs->tabText(i).contains(QStringLiteral("Simulator")));
}

void tst_Replay::savedFromTheWindowMenu()
{
    auto *save = m_live->findChild<QAction *>(QStringLiteral("saveJournalAction"));
    auto *open = m_live->findChild<QAction *>(QStringLiteral("openJournalAction"));
    QVERIFY(save && open);
    QCOMPARE(save->shortcut(), QKeySequence(QKeySequence::Save));
    QCOMPARE(open->shortcut(), QKeySequence(QKeySequence::Open));
    const QString path = m_dir.filePath(QStringLiteral("saved.jsonl"));
    QString err;
    QVERIFY2(RecordReplay::saveJournal(m_live.get(), path, &err), qPrintable(err));
    JournalFileContents c;
    QVERIFY2(JournalFile::read(path, &c, &err), qPrintable(err));
    QCOMPARE(c.events.size(), m_live->journal()->events().size());
    QCOMPARE(c.header.source, m_session->sourceDescription());
    QVERIFY(c.header.clockOrigin.isValid());
}

void tst_Replay::pipelineRatesAreTheRecordingsOwn()
{
    // pods: a watch event (queued and popped) every 100 ms from 0 to 5.9 s; nodes: three, at
    // 1, 2 and 3 s. The recording's clock stops at 5.9 s: over its last 2 s pods had 20 watch
    // events and 20 pops (10/s), nodes none.
    ManualClock clock;
    Journal journal(&clock);
    auto event = [&journal](const QString &informer, int i) {
        const QString key = QStringLiteral("default/%1-%2").arg(informer).arg(i);
        const Object o = Object::make(QStringLiteral("default"), key.section(QLatin1Char('/'), 1),
                                      QString::number(100 + i), {});
        for (TraceKind kind :
             {TraceKind::WatchEvent, TraceKind::FifoQueued, TraceKind::FifoPopped}) {
            TraceEvent e;
            e.kind = kind;
            e.informer = informer;
            e.component = kind == TraceKind::WatchEvent ? QStringLiteral("reflector")
                                                        : QStringLiteral("deltafifo");
            e.key = key;
            e.object = o;
            e.resourceVersion = o.resourceVersion();
            e.type =
                kind == TraceKind::WatchEvent ? QStringLiteral("ADDED") : QStringLiteral("Added");
            if (kind != TraceKind::WatchEvent)
                e.deltas = {Delta::of(DeltaType::Added, o)};
            journal.record(e);
        }
    };
    for (int i = 0; i < 60; ++i) {
        clock.advanceTo(i * 100);
        event(QStringLiteral("pods"), i);
        if (i == 10 || i == 20 || i == 30)
            event(QStringLiteral("nodes"), i);
    }
    const QString path = m_dir.filePath(QStringLiteral("rates.jsonl"));
    QString err;
    QVERIFY2(JournalFileWriter::save(journal, path,
                                     headerFor(journal, QStringLiteral("two informers"),
                                               {QStringLiteral("pods"), QStringLiteral("nodes")}),
                                     &err),
             qPrintable(err));
    std::unique_ptr<MainWindow> w(RecordReplay::openRecording(path, &err));
    QVERIFY2(w, qPrintable(err));
    w->setAttribute(Qt::WA_DeleteOnClose, false);
    w->show();
    QVERIFY(QTest::qWaitForWindowExposed(w.get()));
    w->settle();
    QCOMPARE(w->informerNames(), QStringList({QStringLiteral("pods"), QStringLiteral("nodes")}));
    PipelineWidget *pipeline = w->pipelineWidget();
    QVERIFY(pipeline->ratesShown());
    // Folded bit by bit in real time, opened on the whole journal's body first, switched
    // between informers: each time the rates are the informer's own over the recording's
    // last 2 s, never a difference of two bodies' counts.
    for (int pass = 0; pass < 2; ++pass) {
        QVERIFY(w->setCurrentInformer(0));
        w->settle();
        QCOMPARE(pipeline->state().watchEvents, qint64(60));
        QCOMPARE(pipeline->state().watchRate, 10.0);
        QCOMPARE(pipeline->state().popRate, 10.0);
        QVERIFY2(pipeline->stageText(1).endsWith(QStringLiteral("60 event(s) \u00B7 10.0/s")),
                 qPrintable(pipeline->stageText(1)));
        QVERIFY2(pipeline->stageText(3).endsWith(QStringLiteral("running \u00B7 10.0/s")),
                 qPrintable(pipeline->stageText(3)));
        QVERIFY(w->setCurrentInformer(1));
        w->settle();
        QCOMPARE(pipeline->state().watchEvents, qint64(3));
        QCOMPARE(pipeline->state().watchRate, 0.0);
        QVERIFY2(pipeline->stageText(1).endsWith(QStringLiteral("3 event(s) \u00B7 0.0/s")),
                 qPrintable(pipeline->stageText(1)));
        for (int stage = 0; stage < 6; ++stage) // no negative figure anywhere
            QVERIFY2(
                !pipeline->stageText(stage).contains(QRegularExpression(QStringLiteral("-\\d"))),
                qPrintable(pipeline->stageText(stage)));
    }
    // The helper itself: a window that reaches back before the journal began is its age.
    const PipelineRates young = pipelineRates(journal, QStringLiteral("pods"), 0, 999);
    QCOMPARE(young.watchEvents, 10 * 1000.0 / 1000.0);                     // 10 events in (-1, 999]
    QCOMPARE(pipelineRates(journal, QString(), 0, 100).watchEvents, -1.0); // under 200 ms
    QCOMPARE(pipelineRates(journal, QStringLiteral("pods"), 0, 10000).watchEvents, 0.0);
}

QTEST_MAIN(tst_Replay)
#include "tst_replay.moc"
