// SPDX-License-Identifier: Apache-2.0
// The handlers view and the object inspector in the window, over the synthetic journal.
// Set LENS_SCREENSHOT_DIR to keep a PNG of each view.
#include "lens/handlersmodel.h"
#include "lens/indexermodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/objecttreemodel.h"
#include "lens/queuemodel.h"
#include "lens/timelinemodel.h"
#include "mainwindow.h"
#include "pipelinewidget.h"
#include "scenario.h"
#include "screenshot.h"
#include "storywindow.h"
#include "timelinewidget.h"
#include "trace/clock.h"
#include "trace/journal.h"

#include <QAbstractItemModelTester>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QToolButton>
#include <QTreeView>

using namespace lens;

namespace {
void keepScreenshot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("LENS_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QString err;
    QVERIFY2(grabWindowToPng(w, dir + QLatin1Char('/') + name, &err), qPrintable(err));
}

Object secret(const QString &name, const QString &uid, const QString &password)
{
    return Object::fromJson(QJsonObject{
        {QLatin1String("apiVersion"), QStringLiteral("v1")},
        {QLatin1String("kind"), QStringLiteral("Secret")},
        {QLatin1String("metadata"),
         QJsonObject{{QLatin1String("name"), name},
                     {QLatin1String("namespace"), QStringLiteral("shop")},
                     {QLatin1String("uid"), uid},
                     {QLatin1String("resourceVersion"), QStringLiteral("1500")}}},
        {QLatin1String("type"), QStringLiteral("Opaque")},
        {QLatin1String("data"), QJsonObject{{QLatin1String("password"),
                                             QString::fromLatin1(password.toUtf8().toBase64())}}}});
}

void recordIndexerAdd(Journal *j, const Object &o)
{
    TraceEvent e;
    e.kind = TraceKind::IndexerAdded;
    e.component = QStringLiteral("indexer");
    e.key = o.namespace_() + QLatin1Char('/') + o.name();
    e.object = o;
    e.resourceVersion = o.resourceVersion();
    j->record(e);
}

/// Every value the tree view can show (expanded or not), joined.
QString treeText(const QAbstractItemModel *m, const QModelIndex &parent = {})
{
    QString out;
    for (int r = 0; r < m->rowCount(parent); ++r) {
        const QModelIndex i = m->index(r, 0, parent);
        out += i.data().toString() + QLatin1Char('=') + i.siblingAtColumn(1).data().toString() +
               QLatin1Char('\n') + treeText(m, i);
    }
    return out;
}
} // namespace

class tst_Views : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handlersView();
    void inspectorRevealsOnlyOnRequest();
    void pipelineShowsCountsAndTheSelectedKey();
    void scrubShowsThePastAndLiveReturns();
    void clickingATimelineEventSelectsItsKey();
    void queueDepthShowsPeaksNarrowerThanAPixel();
};

void tst_Views::handlersView()
{
    test::StoryWindow s;
    MainWindow &w = *s.window;
    QAbstractItemModelTester t1(w.handlersModel(),
                                QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(w.notificationsModel(),
                                QAbstractItemModelTester::FailureReportingMode::QtTest);
    w.resize(1600, 1000);
    QVERIFY(w.showView(QStringLiteral("handlers")));
    QVERIFY(!w.showView(QStringLiteral("no-such-view")));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.handlersView()->isVisible());

    QCOMPARE(w.handlersModel()->handlers(),
             (QStringList{QStringLiteral("pod-logger"), QStringLiteral("slow-audit")}));
    // The first listener is selected by itself; its notifications include the initial list
    // and the resync.
    QTRY_COMPARE(w.notificationsModel()->handler(), QStringLiteral("pod-logger"));
    QStringList kinds;
    for (int r = 0; r < w.notificationsModel()->rowCount(); ++r)
        kinds << w.notificationsModel()
                     ->index(r, HandlerNotificationsModel::KindColumn)
                     .data()
                     .toString();
    QVERIFY(kinds.contains(QStringLiteral("add (initial list)")));
    QVERIFY(kinds.contains(QStringLiteral("update (resync)")));
    QVERIFY(kinds.contains(QStringLiteral("update")));

    // The slow handler's backlog and latency are visible in its row.
    const int slow = w.handlersModel()->rowOfHandler(QStringLiteral("slow-audit"));
    QVERIFY(w.handlersModel()->statsAt(slow).maxBacklog >= 9);
    QVERIFY(w.handlersModel()->statsAt(slow).latencyMaxMs >= 300);
    keepScreenshot(&w, QStringLiteral("handlers.png"));

    // Clicking the slow handler shows its notifications; clicking a notification selects the key.
    QTableView *hv = w.handlersView();
    QTest::mouseClick(hv->viewport(), Qt::LeftButton, {},
                      hv->visualRect(hv->model()->index(slow, 0)).center());
    QCOMPARE(w.notificationsModel()->handler(), QStringLiteral("slow-audit"));
    QTableView *nv = w.notificationsView();
    QVERIFY(nv->model()->rowCount() > 5);
    nv->scrollToTop();
    const QModelIndex first = nv->model()->index(0, HandlerNotificationsModel::KeyColumn);
    QTest::mouseClick(nv->viewport(), Qt::LeftButton, {}, nv->visualRect(first).center());
    QCOMPARE(w.keyHistoryModel()->key(), first.data().toString());
}

void tst_Views::inspectorRevealsOnlyOnRequest()
{
    ManualClock clock;
    Journal journal(&clock);
    test::SyntheticInformer story(&journal, &clock);
    story.runStory();
    const QString password = QStringLiteral("s3cr3t-value");
    recordIndexerAdd(&journal, secret(QStringLiteral("db-creds"), QStringLiteral("u1"), password));
    recordIndexerAdd(&journal, secret(QStringLiteral("api-token"), QStringLiteral("u2"),
                                      QStringLiteral("other-secret")));
    MainWindow w(&journal);
    QAbstractItemModelTester t(w.objectTreeModel(),
                               QAbstractItemModelTester::FailureReportingMode::QtTest);
    w.resize(1600, 1000);
    QVERIFY(w.showView(QStringLiteral("object")));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(!w.revealButton()->isEnabled()); // nothing selected yet

    // A pod: no secrets, nothing to reveal.
    const QString pod = w.queueModel()->keyAt(0);
    w.selectKey(pod);
    QCOMPARE(w.objectTreeModel()->key(), pod);
    QVERIFY(w.objectTreeModel()->rowCount() >= 3);
    QVERIFY(!w.revealButton()->isEnabled());

    w.selectKey(QStringLiteral("shop/db-creds"));
    QCOMPARE(w.objectTreeModel()->key(), QStringLiteral("shop/db-creds"));
    const QString b64 = QString::fromLatin1(password.toUtf8().toBase64());
    QVERIFY(w.revealButton()->isEnabled());
    QVERIFY(!w.revealButton()->isChecked());
    QString text = treeText(w.objectView()->model());
    QVERIFY2(!text.contains(b64) && !text.contains(password), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("password=\u2022\u2022\u2022\u2022\u2022 (12 bytes)")),
             qPrintable(text));
    w.objectView()->expandAll();
    keepScreenshot(&w, QStringLiteral("object-masked.png"));

    QTest::mouseClick(w.revealButton(), Qt::LeftButton);
    QVERIFY(w.objectTreeModel()->isRevealed());
    QVERIFY(treeText(w.objectView()->model()).contains(b64));

    // Another Secret stays masked, and the button follows the object.
    w.selectKey(QStringLiteral("shop/api-token"));
    QVERIFY(!w.revealButton()->isChecked());
    text = treeText(w.objectView()->model());
    QVERIFY2(!text.contains(QString::fromLatin1(QByteArray("other-secret").toBase64())),
             qPrintable(text));
    w.selectKey(QStringLiteral("shop/db-creds"));
    QVERIFY(w.revealButton()->isChecked());
    QVERIFY(treeText(w.objectView()->model()).contains(b64));
}

void tst_Views::pipelineShowsCountsAndTheSelectedKey()
{
    test::StoryWindow s;
    MainWindow &w = *s.window;
    QVERIFY(s.show());
    PipelineWidget *p = w.pipelineWidget();
    QVERIFY(p->isVisible());
    QVERIFY(p->height() >= p->minimumSizeHint().height());
    QCOMPARE(p->stageTitles().value(2), QStringLiteral("DeltaFIFO"));
    QCOMPARE(p->state().queueDepth, s.story.queued());
    QCOMPARE(p->state().objects, s.story.stored());
    QCOMPARE(p->state().listeners.size(), 2);
    QVERIFY(p->stageText(1).contains(QStringLiteral("Watching")));
    QVERIFY(p->stageText(0).contains(QStringLiteral("RV 1475")));
    QVERIFY2(p->stageText(5).contains(QStringLiteral("slow-audit: backlog")),
             qPrintable(p->stageText(5)));

    // A key that is queued and stored (an update waiting): both stages are tagged.
    const QString queuedKey = w.queueModel()->keyAt(2);
    w.selectKey(queuedKey);
    QCOMPARE(p->state().keyQueuePosition, 3);
    QVERIFY(p->state().keyInIndexer);
    QCOMPARE(p->highlightedStages(), (QList<int>{2, 4}));
    keepScreenshot(&w, QStringLiteral("pipeline.png"));

    // A tombstone waiting in the queue: the indexer still has the object until it is popped.
    w.selectKey(w.queueModel()->keys().constLast());
    QVERIFY(p->state().keyInIndexer);
    // A key whose DELETED was popped: neither queued nor stored, tagged "deleted".
    w.selectKey(QStringLiteral("default/cache-03"));
    QVERIFY(p->state().keyDeleted);
    QCOMPARE(p->highlightedStages(), QList<int>{4});
}

void tst_Views::scrubShowsThePastAndLiveReturns()
{
    test::StoryWindow s;
    MainWindow &w = *s.window;
    QAbstractItemModelTester tq(w.queueModel(),
                                QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester ti(w.indexerModel(),
                                QAbstractItemModelTester::FailureReportingMode::QtTest);
    w.resize(1600, 1000);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.settle();
    QCOMPARE(w.queueModel()->rowCount(), s.story.queued());
    QVERIFY(w.liveButton()->isChecked());

    // The moment HasSynced became true: the initial list was popped entirely.
    quint64 syncedSeq = 0;
    for (const TraceEvent &e : s.journal.events())
        if (e.kind == TraceKind::Synced)
            syncedSeq = e.seq;
    QVERIFY(syncedSeq > 0);
    w.travelToSeq(syncedSeq);
    QCOMPARE(w.travelSeq(), syncedSeq);
    QCOMPARE(w.queueModel()->rowCount(), 0);
    QCOMPARE(w.indexerModel()->rowCount(), 20);
    QCOMPARE(w.handlersModel()->statsAt(0).delivered, 20);
    QVERIFY(!w.liveButton()->isChecked());
    QVERIFY(w.timelineWidget()->travelTime() >= 0);

    // The live journal moves on; the past does not.
    s.story.watchEvent(QStringLiteral("ADDED"),
                       test::SyntheticInformer::pod(QStringLiteral("shop"),
                                                    QStringLiteral("late-99"), 1600,
                                                    QStringLiteral("Pending")));
    w.settle();
    QCOMPARE(w.queueModel()->rowCount(), 0);
    QCOMPARE(w.indexerModel()->rowOfKey(QStringLiteral("shop/late-99")), -1);
    keepScreenshot(&w, QStringLiteral("timetravel.png"));

    // Live: everything, including what happened meanwhile.
    QTest::mouseClick(w.liveButton(), Qt::LeftButton);
    QCOMPARE(w.travelSeq(), quint64(0));
    QCOMPARE(w.queueModel()->rowCount(), s.story.queued());
    QCOMPARE(w.queueModel()->keys().constLast(), QStringLiteral("shop/late-99"));
    QCOMPARE(w.timelineWidget()->travelTime(), qint64(-1));
    QVERIFY(w.liveButton()->isChecked());
    s.story.watchEvent(QStringLiteral("ADDED"),
                       test::SyntheticInformer::pod(QStringLiteral("shop"),
                                                    QStringLiteral("late-100"), 1601,
                                                    QStringLiteral("Pending")));
    QTRY_COMPARE(w.queueModel()->rowCount(), s.story.queued()); // following again

    // Scrubbing with the mouse on the time axis travels to the seq at that time.
    TimelineWidget *tl = w.timelineWidget();
    const QRect plot = tl->plotRect();
    const qint64 target = 2000; // 2 s: during the first watch, before the pump was paused
    const QPoint onAxis(tl->xOfTime(target), plot.bottom() + 8);
    QTest::mousePress(tl, Qt::LeftButton, {}, onAxis);
    QTest::mouseRelease(tl, Qt::LeftButton, {}, onAxis);
    QTRY_VERIFY(w.travelSeq() > 0);
    QCOMPARE(w.travelSeq(), w.seqAtTime(tl->timeAtX(onAxis.x())));
    QVERIFY(qAbs(tl->travelTime() - target) < 100);
    QCOMPARE(w.queueModel()->rowCount(), 0);
    QCOMPARE(w.indexerModel()->rowCount(), 20);
}

void tst_Views::clickingATimelineEventSelectsItsKey()
{
    test::StoryWindow s;
    MainWindow &w = *s.window;
    QVERIFY(s.show());
    TimelineWidget *tl = w.timelineWidget();
    const TimelineModel::Mark *deleted = nullptr;
    for (const auto &m : w.timelineModel()->marks())
        if (m.kind == TimelineModel::Mark::Kind::Deleted)
            deleted = &m;
    QVERIFY(deleted);
    const QRect plot = tl->plotRect();
    const QPoint at(tl->xOfTime(deleted->t),
                    plot.top() + plot.height() / 5 * 2 + plot.height() / 10);
    QVERIFY2(tl->describeAt(at).contains(QStringLiteral("DELETED")),
             qPrintable(tl->describeAt(at)));
    QVERIFY(tl->describeAt(at).contains(QStringLiteral("Click to select")));
    QTest::mouseClick(tl, Qt::LeftButton, {}, at);
    QCOMPARE(w.keyHistoryModel()->key(), deleted->key);
    QCOMPARE(deleted->key, QStringLiteral("default/cache-03"));
}

void tst_Views::queueDepthShowsPeaksNarrowerThanAPixel()
{
    // 60 s over ~1100 px is ~55 ms per column: a queue that fills and drains within 2 ms, or
    // within the same millisecond, must still show its full height (the column's deepest
    // point), in proportion to maxDepth.
    ManualClock clock;
    Journal journal(&clock);
    TimelineModel model(&journal);
    auto depthAt = [&](qint64 t, int depth) {
        clock.advance(t - clock.nowMs());
        TraceEvent e;
        e.kind = TraceKind::FifoQueued;
        e.detail = QJsonObject{{QLatin1String("queueDepth"), depth}};
        journal.record(e);
    };
    depthAt(0, 0);
    depthAt(21234, 20); // queued and popped within one millisecond (every step under --at)
    depthAt(21234, 0);
    depthAt(41234, 40);
    depthAt(41236, 0);
    clock.advance(60000 - clock.nowMs());
    model.flush();
    QCOMPARE(model.maxDepth(), 40);

    TimelineWidget tl(&model);
    tl.resize(1200, 240);
    const QImage img = tl.grab().toImage();
    const QRect plot = tl.plotRect();
    // Pixels of column x that differ from the same row 25 px to the right (depth 0 there).
    auto filled = [&](int x) {
        int n = 0;
        for (int y = plot.top(); y <= plot.bottom(); ++y)
            n += img.pixel(x, y) != img.pixel(x + 25, y);
        return n;
    };
    const int small = filled(tl.xOfTime(21234)), tall = filled(tl.xOfTime(41234));
    QVERIFY2(small >= 8, qPrintable(QString::number(small)));
    QVERIFY2(qAbs(tall - 2 * small) <= 3,
             qPrintable(QStringLiteral("%1 vs %2").arg(tall).arg(small)));
    QCOMPARE(filled(tl.xOfTime(31234)), 0); // nothing queued between the peaks
}

QTEST_MAIN(tst_Views)
#include "tst_views.moc"
