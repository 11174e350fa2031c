// SPDX-License-Identifier: Apache-2.0
#include "historypanel.h"
#include "indexerfilterproxy.h"
#include "informer/controller.h"
#include "informer/deltafifo.h"
#include "informerviews.h"
#include "lens/indexermodel.h"
#include "lens/journalmodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/namespaceindexmodel.h"
#include "lens/queuemodel.h"
#include "lens/reflectorstatus.h"
#include "mainwindow.h"
#include "panel.h"
#include "scenario.h"
#include "screenshot.h"
#include "storywindow.h"
#include "timelinewidget.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDir>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace lens;

class tst_MainWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void viewsFollowTheJournal();
    void selectingAKeyShowsItsHistory();
    void filterAndTitle();
    void labelSelectorFilter_data();
    void labelSelectorFilter();
    void pumpButtonsDriveTheController();
    void screenshot();
    void journalSaysWhatItDropped();
    void historySaysWhenTheCapDroppedAKey();
    void poppedKeyKeepsTheSelection();
};

// Issue 13 item 9: when Pop (e.g. Step, F10) takes the selected key, the selection stays on
// that key instead of sliding to the next row, and Explain no longer says it is queued.
void tst_MainWindow::poppedKeyKeepsTheSelection()
{
    test::StoryWindow s;
    QVERIFY(s.show());
    MainWindow &w = *s.window;
    const QString key = s.story.queueKeys().value(0);
    const QString next = s.story.queueKeys().value(1);
    QVERIFY(!key.isEmpty() && !next.isEmpty());
    w.queueView()->setCurrentIndex(w.queueModel()->index(0, 0));
    QCOMPARE(w.keyHistoryModel()->key(), key);
    QVERIFY(w.captionText().contains(key + QStringLiteral(": ")));
    s.story.pop(); // what Step does: Pop takes the head key
    quint64 popSeq = 0;
    for (const TraceEvent &e : s.journal.events())
        if (e.kind == TraceKind::FifoPopped && e.key == key)
            popSeq = e.seq;
    QVERIFY(popSeq > 0);
    w.settle();
    QCOMPARE(w.queueModel()->rowOfKey(key), -1);
    QCOMPARE(w.keyHistoryModel()->key(), key); // not the next key
    QVERIFY(!w.queueView()->currentIndex().isValid());
    const QString text = w.captionText();
    QVERIFY2(text.contains(key + QStringLiteral(" is not queued")), qPrintable(text));
    QVERIFY2(!text.contains(QLatin1String("queued delta(s)")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("(journal event %1)").arg(popSeq)), qPrintable(text));
    QVERIFY(!text.contains(next));
}

// Issue 5 item 11: the journal keeps a settable cap and says what it dropped.
void tst_MainWindow::journalSaysWhatItDropped()
{
    ManualClock clock;
    Journal journal(&clock);
    journal.setCapacity(100);
    MainWindow w(&journal);
    w.show();
    auto subtitleOf = [&w](const QString &title) {
        for (Panel *p : w.findChildren<Panel *>())
            if (p->title() == title)
                return p->subtitle();
        return QString();
    };
    TraceEvent e;
    e.kind = TraceKind::Info;
    e.component = QStringLiteral("test");
    journal.record(e);
    w.settle();
    QVERIFY2(!subtitleOf(QStringLiteral("Journal")).contains(QLatin1String("dropped")),
             qPrintable(subtitleOf(QStringLiteral("Journal"))));
    for (int i = 0; i < 149; ++i)
        journal.record(e);
    w.settle();
    const QString sub = subtitleOf(QStringLiteral("Journal"));
    QVERIFY2(sub.contains(QLatin1String("150 events recorded")), qPrintable(sub));
    QVERIFY2(sub.contains(QLatin1String("50 oldest dropped (journal cap 100)")), qPrintable(sub));
}

// A key whose every event left the journal at its cap (a key queued long ago while the pump is
// paused, at 150 000 pods): the key history says so instead of showing an empty table.
void tst_MainWindow::historySaysWhenTheCapDroppedAKey()
{
    ManualClock clock;
    Journal journal(&clock);
    journal.setCapacity(100);
    MainWindow w(&journal);
    w.show();
    auto watchEvent = [&journal](const QString &name) {
        TraceEvent e;
        e.kind = TraceKind::WatchEvent;
        e.component = QStringLiteral("reflector");
        e.type = QStringLiteral("ADDED");
        e.key = QStringLiteral("default/") + name;
        e.object = Object::make(QStringLiteral("default"), name, QStringLiteral("1"));
        e.resourceVersion = QStringLiteral("1");
        journal.record(e);
    };
    watchEvent(QStringLiteral("old"));
    for (int i = 0; i < 150; ++i)
        watchEvent(QStringLiteral("new"));
    w.settle();
    HistoryPanel *panel = w.views()->history();
    w.selectKey(QStringLiteral("default/old"));
    QCOMPARE(w.keyHistoryModel()->rowCount(), 0);
    QVERIFY2(panel->subtitle().contains(QLatin1String("dropped at the journal cap")),
             qPrintable(panel->subtitle()));
    w.selectKey(QStringLiteral("default/new"));
    QVERIFY(w.keyHistoryModel()->rowCount() > 0);
    QVERIFY2(!panel->subtitle().contains(QLatin1String("dropped")), qPrintable(panel->subtitle()));
}

void tst_MainWindow::pumpButtonsDriveTheController()
{
    ManualClock clock;
    Journal journal(&clock);
    DeltaFIFO fifo;
    fifo.setJournal(&journal);
    int processed = 0;
    Controller controller(
        &fifo,
        [&processed](const QString &, const Deltas &, bool) {
            ++processed;
            return ProcessResult{};
        },
        &journal);
    fifo.setQueuedCallback([&controller] { controller.notifyQueued(); });
    MainWindow w(&journal, &controller);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.runAction()->isEnabled());
    QVERIFY(w.runAction()->isChecked());

    w.pauseAction()->trigger();
    QCOMPARE(controller.mode(), Controller::Mode::Paused);
    QVERIFY(w.pauseAction()->isChecked());
    for (int i = 0; i < 3; ++i)
        fifo.add(Object::make(QStringLiteral("ns"), QStringLiteral("p%1").arg(i),
                              QString::number(10 + i)));
    fifo.update(Object::make(QStringLiteral("ns"), QStringLiteral("p0"), QStringLiteral("20")));
    QTRY_COMPARE(w.queueModel()->rowCount(), 3);
    QCOMPARE(w.queueModel()->index(0, QueueModel::DeltasColumn).data().toString(),
             QStringLiteral("Added \u00D71, Updated \u00D71"));

    QTest::keyClick(&w, Qt::Key_F10); // Step pops exactly one key
    QCOMPARE(processed, 1);
    QTRY_COMPARE(w.queueModel()->rowCount(), 2);
    QCOMPARE(w.queueModel()->keyAt(0), QStringLiteral("ns/p1"));

    w.runAction()->trigger();
    QCOMPARE(controller.mode(), Controller::Mode::Running);
    QTRY_COMPARE(w.queueModel()->rowCount(), 0);
    QCOMPARE(processed, 3);
    QTRY_COMPARE(w.reflectorStatus()->pumpMode(), QStringLiteral("run"));
}

void tst_MainWindow::viewsFollowTheJournal()
{
    ManualClock clock;
    Journal journal(&clock);
    MainWindow w(&journal);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(!w.runAction()->isEnabled()); // no controller: the pump cannot be driven

    test::SyntheticInformer story(&journal, &clock);
    story.runStory();
    QSignalSpy settled(&w, &MainWindow::settled);
    QVERIFY(settled.wait(5000));
    QVERIFY(w.isSettled());

    QCOMPARE(w.queueView()->model()->rowCount(), story.queued());
    QVERIFY(story.queued() >= 5);
    QCOMPARE(w.queueModel()->keys(), story.queueKeys());
    QCOMPARE(w.indexerView()->model()->rowCount(), story.stored());
    QCOMPARE(w.namespaceModel()->valuesOf(QStringLiteral("namespace")),
             (QStringList{QStringLiteral("default"), QStringLiteral("kube-system"),
                          QStringLiteral("shop")}));
    QCOMPARE(w.journalView()->model()->rowCount(), int(journal.lastSeq()));
    QCOMPARE(w.reflectorStatus()->state(), ReflectorStatus::State::Watching);
    QVERIFY(w.reflectorStatus()->hasSynced());
    QCOMPARE(w.reflectorStatus()->lastResourceVersion(), QStringLiteral("1475"));
    QVERIFY(w.statusBar()->findChild<QLabel *>() != nullptr);

    // Some queued key carries a tombstone from the relist.
    bool tomb = false;
    for (int r = 0; r < w.queueModel()->rowCount(); ++r)
        for (const DeltaChip &c :
             w.queueModel()->index(r, 0).data(QueueModel::DeltaChipsRole).value<DeltaChips>())
            tomb |= c.tombstone;
    QVERIFY(tomb);
}

void tst_MainWindow::selectingAKeyShowsItsHistory()
{
    test::StoryWindow s;
    MainWindow &w = *s.window; // built after the fact: folds the retained journal
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.queueModel()->rowCount() > 2);

    const QString key = w.queueModel()->keyAt(2);
    QTableView *q = w.queueView();
    const QRect cell = q->visualRect(q->model()->index(2, QueueModel::KeyColumn));
    QTest::mouseClick(q->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(w.keyHistoryModel()->key(), key);
    QVERIFY(w.historyView()->model()->rowCount() >= 3);
    QCOMPARE(w.historyView()->model()->index(0, KeyHistoryModel::KindColumn).data().toString(),
             QStringLiteral("fifoQueued"));
    // It opens at the key's newest rows: the end of the story, not its beginning.
    QTableView *h = w.historyView();
    const int rows = h->model()->rowCount();
    // The view lays its rows out on the next event-loop turn.
    QTRY_VERIFY2(h->verticalScrollBar()->maximum() > 0, "the history must not fit its view");
    QTRY_COMPARE(h->verticalScrollBar()->value(), h->verticalScrollBar()->maximum());
    QVERIFY(h->viewport()->rect().contains(h->visualRect(h->model()->index(rows - 1, 0))));

    // Selecting in the indexer view (through the sort proxy) switches the history too.
    const QModelIndex first = w.indexerView()->model()->index(0, 0);
    w.indexerView()->setCurrentIndex(first);
    const QString indexerKey = first.data(IndexerModel::KeyRole).toString();
    QVERIFY(!indexerKey.isEmpty());
    QCOMPARE(w.keyHistoryModel()->key(), indexerKey);
    QVERIFY(w.historyView()->model()->rowCount() > 0);
    // The indexer proxy sorts by namespace.
    QCOMPARE(first.data().toString(), QStringLiteral("default"));
}

void tst_MainWindow::filterAndTitle()
{
    test::StoryWindow s;
    MainWindow &w = *s.window;
    w.setSourceDescription(QStringLiteral("built-in cluster \u00B7 pods"));
    QCOMPARE(w.windowTitle(), QStringLiteral("Informer Lens \u2014 built-in cluster \u00B7 pods"));
    const int all = w.indexerProxy()->rowCount();
    QVERIFY(all > 10);
    w.indexerFilter()->setText(QStringLiteral("kube-system"));
    QTRY_VERIFY(w.indexerProxy()->rowCount() < all);
    QVERIFY(w.indexerProxy()->rowCount() > 0);
    for (int r = 0; r < w.indexerProxy()->rowCount(); ++r)
        QCOMPARE(w.indexerProxy()->index(r, IndexerModel::NamespaceColumn).data().toString(),
                 QStringLiteral("kube-system"));
}

void tst_MainWindow::labelSelectorFilter_data()
{
    QTest::addColumn<QString>("selector");
    QTest::addColumn<QString>("error"); // a part of the expected parse error, "" = valid
    QTest::newRow("equals") << QStringLiteral("app=db") << QString();
    QTest::newRow("in") << QStringLiteral("tier in (data), app!=web") << QString();
    QTest::newRow("notin") << QStringLiteral("app notin (db,web)") << QString();
    QTest::newRow("exists") << QStringLiteral("tier,app in (cache)") << QString();
    QTest::newRow("not-exists") << QStringLiteral("!canary,app=api") << QString();
    QTest::newRow("bad-operator") << QStringLiteral("app=web,tier") + QStringLiteral(" in")
                                  << QStringLiteral("unable to parse requirement");
    QTest::newRow("bad-value") << QStringLiteral("app=a b") << QStringLiteral("found");
}

// The indexer's label selector (labels.Parse): rows are the objects the selector matches;
// a parse error is shown in words, and the last valid selector stays in effect.
void tst_MainWindow::labelSelectorFilter()
{
    QFETCH(QString, selector);
    QFETCH(QString, error);
    test::StoryWindow s;
    MainWindow &w = *s.window;
    QAbstractItemModelTester tester(w.indexerProxy(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    w.settle();
    const int all = w.indexerProxy()->rowCount();
    w.labelSelectorEdit()->setText(QStringLiteral("app=web"));
    w.applyIndexerFilter();
    const int web = w.indexerProxy()->rowCount();
    QVERIFY(web > 0 && web < all);
    QVERIFY(w.labelSelectorError().isEmpty());

    w.labelSelectorEdit()->setText(selector);
    w.applyIndexerFilter();
    if (!error.isEmpty()) {
        QVERIFY2(w.labelSelectorError().contains(error), qPrintable(w.labelSelectorError()));
        QVERIFY(w.labelSelectorError().startsWith(QLatin1String("Label selector not applied: ")));
        QCOMPARE(w.indexerProxy()->rowCount(), web); // the previous selector stays in effect
        return;
    }
    QVERIFY2(w.labelSelectorError().isEmpty(), qPrintable(w.labelSelectorError()));
    const auto sel = LabelSelector::parse(selector);
    QVERIFY(sel);
    int expected = 0;
    for (int r = 0; r < w.indexerModel()->rowCount(); ++r)
        expected += sel->matches(w.indexerModel()->objectOfKey(w.indexerModel()->keyAt(r))) ? 1 : 0;
    QVERIFY(expected > 0 && expected < all);
    QCOMPARE(w.indexerProxy()->rowCount(), expected);
    for (int r = 0; r < w.indexerProxy()->rowCount(); ++r) {
        const QString key = w.indexerProxy()->index(r, 0).data(IndexerModel::KeyRole).toString();
        QVERIFY(sel->matches(w.indexerModel()->objectOfKey(key)));
    }
}

void tst_MainWindow::screenshot()
{
    ManualClock clock;
    Journal journal(&clock);
    MainWindow w(&journal);
    w.setSourceDescription(QStringLiteral("synthetic journal \u00B7 pods"));
    w.resize(1600, 1000);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    test::SyntheticInformer story(&journal, &clock);
    story.runStory();
    QSignalSpy settled(&w, &MainWindow::settled);
    QVERIFY(settled.wait(5000));
    w.selectKey(w.queueModel()->keyAt(0));

    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString keep = qEnvironmentVariable("LENS_SCREENSHOT_DIR");
    const QString path = (keep.isEmpty() ? tmp.path() : keep) + QStringLiteral("/mainwindow.png");
    QString error;
    QVERIFY2(grabWindowToPng(&w, path, &error), qPrintable(error));
    QImage img(path);
    QVERIFY(!img.isNull());
    QCOMPARE(img.size(), QSize(1600, 1000) * w.devicePixelRatio());
    // Not a blank image: plenty of distinct colours.
    QSet<QRgb> colours;
    for (int y = 0; y < img.height(); y += 7)
        for (int x = 0; x < img.width(); x += 7)
            colours.insert(img.pixel(x, y));
    QVERIFY(colours.size() > 50);

    QVERIFY(!grabWindowToPng(nullptr, path, &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!grabWindowToPng(&w, QStringLiteral("/nonexistent-dir/x.png"), &error));
}

QTEST_MAIN(tst_MainWindow)
#include "tst_mainwindow.moc"
