// SPDX-License-Identifier: Apache-2.0
// Time travel is one moment everywhere (issue 13 item 7): at a travel point every view, the
// header, the pipeline strip, the status bar, the Object pane, the key history and the timeline
// show the state at that seq and nothing after it, each compared with a fresh fold of the
// journal up to that seq; the timeline stops scrolling while travelling.

#include "lens/format.h"
#include "lens/handlersmodel.h"
#include "lens/indexermodel.h"
#include "lens/journalmodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/namespaceindexmodel.h"
#include "lens/objecttreemodel.h"
#include "lens/queuemodel.h"
#include "lens/reflectorstatus.h"
#include "lens/timelinemodel.h"
#include "panel.h"
#include "pipelinewidget.h"
#include "screenshot.h"
#include "storywindow.h"
#include "timelinewidget.h"

#include <QRegularExpression>
#include <QTableView>
#include <QTest>

using namespace lens;

namespace {

/// A journal holding the live one's retained events with seq ≤ `seq`: what a window opened at
/// that moment would have folded.
struct PastJournal {
    PastJournal(const Journal &live, quint64 seq)
    {
        Journal::Events kept;
        for (const TraceEvent &e : live.events())
            if (e.seq <= seq)
                kept.push_back(e);
        journal.restore(std::move(kept));
    }
    ManualClock clock;
    Journal journal{&clock};
};

/// Every cell's display text, row by row, depth first through a tree.
QStringList dump(const QAbstractItemModel &m, const QModelIndex &parent = {})
{
    QStringList out;
    for (int r = 0; r < m.rowCount(parent); ++r) {
        QStringList cells;
        for (int c = 0; c < m.columnCount(parent); ++c)
            cells << m.index(r, c, parent).data().toString();
        out << cells.join(QLatin1Char('|'));
        const QModelIndex child = m.index(r, 0, parent);
        if (m.hasChildren(child))
            out << dump(m, child);
    }
    return out;
}

/// The seq of the story's event of `kind` on `key` (the first one).
quint64 seqOf(const Journal &j, TraceKind kind, const QString &key = {})
{
    for (const TraceEvent &e : j.events())
        if (e.kind == kind && (key.isEmpty() || e.key == key))
            return e.seq;
    return 0;
}

/// Keeps a picture of `w` in $LENS_SCREENSHOT_DIR (when set), to look at.
void keepScreenshot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("LENS_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QString err;
    QVERIFY2(grabWindowToPng(w, dir + QLatin1Char('/') + name, &err), qPrintable(err));
}

const QString kLateKey = QStringLiteral("default/api-21");      // ADDED late in the story
const QString kDeletedKey = QStringLiteral("default/cache-03"); // DELETED mid-story

} // namespace

class tst_TimeTravel : public QObject {
    Q_OBJECT
private slots:
    void everyViewIsAFreshFoldUpToTheSeq_data();
    void everyViewIsAFreshFoldUpToTheSeq();
    void objectPaneShowsNoVersionFromAfterThePoint();
    void headerNamesTheCursorAndTheSeqItShows();
    void explainSaysNothingOfAfterThePoint();
    void timelineStandsStillAndDrawsNothingLater();
};

void tst_TimeTravel::everyViewIsAFreshFoldUpToTheSeq_data()
{
    QTest::addColumn<double>("fraction"); // of the journal's seqs
    QTest::newRow("early") << 0.1;
    QTest::newRow("synced") << -1.0;
    QTest::newRow("middle") << 0.5;
    QTest::newRow("paused") << 0.75;
    QTest::newRow("late") << 0.95;
}

void tst_TimeTravel::everyViewIsAFreshFoldUpToTheSeq()
{
    QFETCH(double, fraction);
    test::StoryWindow s;
    MainWindow &w = *s.window;
    QVERIFY(s.show());
    // A key selected live, and the handler's notifications shown.
    w.selectKey(kLateKey);
    w.settle();
    const quint64 seq = fraction < 0 ? seqOf(s.journal, TraceKind::Synced)
                                     : quint64(double(s.journal.lastSeq()) * fraction);
    QVERIFY(seq > 0);
    w.travelToSeq(seq);
    // The live journal moves on meanwhile; the past does not.
    s.story.advance(5000);
    s.story.watchEvent(QStringLiteral("MODIFIED"),
                       test::SyntheticInformer::pod(QStringLiteral("default"),
                                                    QStringLiteral("api-21"), 1700,
                                                    QStringLiteral("Running")));
    w.settle();

    PastJournal past(s.journal, seq);
    QueueModel queue(&past.journal);
    IndexerModel indexer(&past.journal);
    NamespaceIndexModel namespaces(&past.journal);
    JournalModel journal(&past.journal, 5000);
    ReflectorStatus status(&past.journal);
    HandlersModel handlers(&past.journal);
    KeyHistoryModel history(&past.journal);
    history.setKey(kLateKey);

    QCOMPARE(dump(*w.queueModel()), dump(queue));
    QCOMPARE(dump(*w.indexerModel()), dump(indexer));
    QCOMPARE(dump(*w.namespaceModel()), dump(namespaces));
    QCOMPARE(dump(*w.journalModel()), dump(journal));
    QCOMPARE(dump(*w.handlersModel()), dump(handlers));
    QCOMPARE(dump(*w.keyHistoryModel()), dump(history));
    QCOMPARE(w.reflectorStatus()->summary(), status.summary());
    QCOMPARE(w.reflectorStatus()->lastError(), status.lastError());

    // The pipeline strip: the past's figures only, and no rate (a rate compares two moments).
    const PipelineState &ps = w.pipelineWidget()->state();
    QCOMPARE(ps.reflectorPhase, status.state());
    QCOMPARE(ps.resourceVersion, status.lastResourceVersion());
    QCOMPARE(ps.watchEvents, status.watchEvents());
    QCOMPARE(ps.serverResourceVersion, status.serverResourceVersion());
    QCOMPARE(ps.relists, status.relistCount());
    QCOMPARE(ps.failedLists, status.failedListCount());
    // Times are the moment shown's: the travel seq's, not the clock's.
    QCOMPARE(w.reflectorStatus()->nowMs(), w.timeOfSeq(seq));
    QCOMPARE(ps.activity, status.activityBrief(w.timeOfSeq(seq)));
    QCOMPARE(ps.pumpMode, status.pumpMode());
    QCOMPARE(ps.queueDepth, queue.depth());
    QCOMPARE(ps.popped, queue.poppedTotal());
    QCOMPARE(ps.objects, indexer.rowCount());
    QCOMPARE(ps.hasSynced, queue.hasSynced() || status.hasSynced());
    QVERIFY(!w.pipelineWidget()->ratesShown());
    for (int stage = 0; stage < 6; ++stage)
        QVERIFY2(!w.pipelineWidget()->stageText(stage).contains(QStringLiteral("/s")),
                 qPrintable(w.pipelineWidget()->stageText(stage)));
    // Every key-history row, journal row and timeline mark offered is at or before the seq.
    for (int r = 0; r < w.keyHistoryModel()->rowCount(); ++r)
        QVERIFY(w.keyHistoryModel()->index(r, 0).data(KeyHistoryModel::SeqRole).toULongLong() <=
                seq);

    // Live again: everything, including what happened meanwhile, and rates again.
    w.goLive();
    w.settle();
    QCOMPARE(w.reflectorStatus()->watchEvents(), ReflectorStatus(&s.journal).watchEvents());
    QCOMPARE(w.journalModel()->eventAt(w.journalModel()->rowCount() - 1).seq, s.journal.lastSeq());
    QVERIFY(w.pipelineWidget()->ratesShown());
}

void tst_TimeTravel::objectPaneShowsNoVersionFromAfterThePoint()
{
    test::StoryWindow s;
    MainWindow &w = *s.window;
    QVERIFY(s.show());
    auto objectSubtitle = [&w] {
        for (Panel *p : w.findChildren<Panel *>())
            if (p->title().startsWith(QStringLiteral("Object")))
                return p->subtitle();
        return QString();
    };

    // A key created late, selected live, then a travel to before it existed: no object.
    w.selectKey(kLateKey);
    w.settle();
    QVERIFY(!w.objectTreeModel()->object().isNull());
    const quint64 added = seqOf(s.journal, TraceKind::WatchEvent, kLateKey);
    w.travelToSeq(added - 1);
    QVERIFY2(w.objectTreeModel()->object().isNull(), qPrintable(objectSubtitle()));
    QVERIFY2(objectSubtitle().contains(QStringLiteral("no object known")),
             qPrintable(objectSubtitle()));
    QCOMPARE(w.keyHistoryModel()->rowCount(), 0);
    // At its ADDED watch event: received, not queued yet (the FifoQueued is the next seq); then
    // queued. The version is the one that event carried.
    const QString rv =
        s.journal.events()[size_t(added - s.journal.events().front().seq)].resourceVersion;
    w.travelToSeq(added);
    QVERIFY2(objectSubtitle().contains(QStringLiteral("not stored yet")),
             qPrintable(objectSubtitle()));
    QCOMPARE(w.objectTreeModel()->object().resourceVersion(), rv);
    w.travelToSeq(added + 1);
    QVERIFY2(objectSubtitle().contains(QStringLiteral("queued, not yet in indexer")),
             qPrintable(objectSubtitle()));
    QCOMPARE(w.objectTreeModel()->object().resourceVersion(), rv);

    // A key deleted mid-story: before the deletion it is in the indexer at that moment's
    // version; after it, the last state is the one the DELETED event carried, never a later one.
    w.goLive();
    w.selectKey(kDeletedKey);
    w.settle();
    const quint64 deleted = seqOf(s.journal, TraceKind::IndexerDeleted, kDeletedKey);
    QVERIFY(deleted > 0);
    w.travelToSeq(deleted - 1);
    QVERIFY2(objectSubtitle().contains(QStringLiteral("in indexer")), qPrintable(objectSubtitle()));
    w.travelToSeq(deleted);
    QVERIFY2(objectSubtitle().contains(QStringLiteral("deleted; last known state")),
             qPrintable(objectSubtitle()));
    PastJournal past(s.journal, deleted);
    KeyHistoryModel history(&past.journal);
    history.setKey(kDeletedKey);
    QCOMPARE(w.objectTreeModel()->object().resourceVersion(),
             history.lastObject().resourceVersion());
}

void tst_TimeTravel::headerNamesTheCursorAndTheSeqItShows()
{
    test::StoryWindow s;
    MainWindow &w = *s.window;
    QVERIFY(s.show());
    Panel *timelinePanel = nullptr;
    for (Panel *p : w.findChildren<Panel *>())
        if (p->title() == QStringLiteral("Timeline"))
            timelinePanel = p;
    QVERIFY(timelinePanel);
    // Two scrubs within one quiet stretch of the journal (no event between them): the same
    // seq, but the cursor moved; the header follows the cursor.
    const auto &ev = s.journal.events();
    size_t i = 1;
    while (i < ev.size() && ev[i].t - ev[i - 1].t < 400)
        ++i;
    QVERIFY(i < ev.size());
    const qint64 a = ev[i - 1].t + 100, b = ev[i - 1].t + 300;
    TimelineWidget *tl = w.timelineWidget();
    Q_EMIT tl->scrubbed(a);
    QTRY_COMPARE(w.travelSeq(), ev[i - 1].seq);
    Q_EMIT tl->scrubbed(b);
    QTRY_COMPARE(tl->travelTime(), b);
    QTRY_VERIFY2(timelinePanel->subtitle().contains(formatTimeMs(b)),
                 qPrintable(timelinePanel->subtitle()));
    QVERIFY(!timelinePanel->subtitle().contains(formatTimeMs(a)));
    QVERIFY(timelinePanel->subtitle().contains(QString::number(ev[i - 1].seq)));
    QVERIFY(timelinePanel->subtitle().contains(formatTimeMs(ev[i - 1].t)));

    // Travelling by seq puts the cursor where that seq was recorded, wherever it was before.
    w.travelToSeq(ev[2].seq);
    QCOMPARE(tl->travelTime(), ev[2].t);
    QVERIFY(timelinePanel->subtitle().contains(formatTimeMs(ev[2].t)));
    // A scrub at the first moment shows the newest event recorded then.
    Q_EMIT tl->scrubbed(ev.front().t);
    QTRY_COMPARE(w.travelSeq(), w.seqAtTime(ev.front().t));
    QCOMPARE(tl->travelTime(), ev.front().t);
    QVERIFY(timelinePanel->subtitle().contains(QString::number(w.travelSeq())));
}

void tst_TimeTravel::explainSaysNothingOfAfterThePoint()
{
    test::StoryWindow s;
    MainWindow &w = *s.window;
    QVERIFY(s.show());
    const quint64 synced = seqOf(s.journal, TraceKind::Synced);
    // A key queued at the end (the pump is paused), explained live…
    const QString key = w.queueModel()->keys().constLast();
    w.explainQueuedKey(key);
    QVERIFY2(w.captionText().contains(QStringLiteral("queued delta")), qPrintable(w.captionText()));
    // …is not queued when the informer had just synced (the queue was empty).
    w.travelToSeq(synced);
    QCOMPARE(w.queueModel()->rowCount(), 0);
    QVERIFY2(!w.captionText().contains(QStringLiteral("queued delta")),
             qPrintable(w.captionText()));
    // It says the key is not queued then, naming no Pop after the point.
    QVERIFY2(w.captionText().contains(key + QStringLiteral(" is not queued")),
             qPrintable(w.captionText()));
    const QRegularExpression popRef(QStringLiteral("journal event (\\d+)"));
    const auto m = popRef.match(w.captionText());
    QVERIFY2(!m.hasMatch() || m.captured(1).toULongLong() <= synced, qPrintable(w.captionText()));
    // An event recorded after the point is not explained there; one before it stays.
    w.goLive();
    w.explainSeq(s.journal.lastSeq());
    const QString last = w.captionText();
    w.travelToSeq(synced);
    QVERIFY2(w.captionText() != last, qPrintable(w.captionText()));
    w.explainSeq(synced);
    const QString atSynced = w.captionText();
    w.travelToSeq(synced + 1);
    QCOMPARE(w.captionText(), atSynced);
}

void tst_TimeTravel::timelineStandsStillAndDrawsNothingLater()
{
    test::StoryWindow s;
    MainWindow &w = *s.window;
    QVERIFY(s.show());
    TimelineWidget *tl = w.timelineWidget();
    // The story's DELETED watch event: hovering it explains it, live.
    const TimelineModel::Mark *deleted = nullptr;
    for (const auto &m : w.timelineModel()->marks())
        if (m.kind == TimelineModel::Mark::Kind::Deleted)
            deleted = &m;
    QVERIFY(deleted);
    const TimelineModel::Mark deletedMark = *deleted;
    const QRect plot = tl->plotRect();
    const int eventY = plot.top() + plot.height() / 5 * 2 + plot.height() / 10;
    QVERIFY(tl->describeAt(QPoint(tl->xOfTime(deletedMark.t), eventY))
                .contains(QStringLiteral("DELETED")));

    // Travel to before it: the axis stands still while the journal goes on for minutes.
    w.travelToSeq(deletedMark.seq - 1);
    const auto range = tl->visibleRange();
    for (int i = 0; i < 4; ++i) {
        s.story.advance(30000);
        s.story.reflector(TraceKind::Bookmark, QString::number(1500 + i));
        w.settle();
        tl->repaint();
    }
    QCOMPARE(tl->visibleRange(), range);
    w.selectKey(kDeletedKey);
    w.showView(QStringLiteral("object"));
    w.settle();
    keepScreenshot(&w, QStringLiteral("timetravel-frozen.png"));
    QCOMPARE(tl->xOfTime(tl->travelTime()), tl->xOfTime(w.timeOfSeq(deletedMark.seq - 1)));
    // Nothing after the point is described (or drawn): not the DELETED event…
    QCOMPARE(tl->describeAt(QPoint(tl->xOfTime(deletedMark.t), eventY)), QString());
    // …and the watch open at the point reads as open, not with how it ended later.
    const int watchY = plot.top() + plot.height() / 10 * 2;
    const QString watch = tl->describeAt(QPoint(tl->xOfTime(tl->travelTime()) - 3, watchY));
    QVERIFY2(watch.startsWith(QStringLiteral("WATCH")) && watch.endsWith(QStringLiteral("(open)")),
             qPrintable(watch));

    // Live again: the axis follows the present.
    w.goLive();
    w.settle();
    QVERIFY(tl->visibleRange().second > range.second + 60000);
}

QTEST_MAIN(tst_TimeTravel)
#include "tst_timetravel.moc"
