// SPDX-License-Identifier: Apache-2.0
// What a debugger reaches for first, in the window at 1600x1000: the journal's filter bar
// (selection mapped through the filter, Ctrl+F, Esc), the history of a deleted key (from a
// journal row and typed into the key field), rows copied as TSV, and columns wide enough for
// their content (a time past 100 s, a long key, labels, a diff) with the whole time on hover.
#include "columnfit.h"
#include "historypanel.h"
#include "informerviews.h"
#include "journalpanel.h"
#include "lens/format.h"
#include "lens/indexermodel.h"
#include "lens/journalfiltermodel.h"
#include "lens/journalmodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/lensmodels.h"
#include "mainwindow.h"
#include "scenario.h"
#include "tableview.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTest>
#include <QTreeView>

using namespace lens;

namespace {
const QString kLongName = QStringLiteral("coredns-autoscaler-5d78c9869d-7xq2z-replica-long");

/// The synthetic story, then two minutes later a pod with a long name added and one pod
/// deleted (both through the queue into the indexer), and a window over it all at 1600x1000.
struct LateWindow {
    LateWindow()
    {
        story.runStory();
        clock.advanceTo(120000); // past 100 s: times of six characters before the point
        story.pump(QStringLiteral("run"));
        story.watchEvent(QStringLiteral("ADDED"),
                         test::SyntheticInformer::pod(QStringLiteral("kube-system"), kLongName,
                                                      1500, QStringLiteral("Running")));
        story.advance(500);
        story.watchEvent(QStringLiteral("DELETED"),
                         test::SyntheticInformer::pod(QStringLiteral("shop"),
                                                      QStringLiteral("web-20"), 1501,
                                                      QStringLiteral("Running")));
        story.drain();
        window = std::make_unique<MainWindow>(&journal);
    }
    [[nodiscard]] bool show()
    {
        window->resize(1600, 1000);
        window->show();
        const bool exposed = QTest::qWaitForWindowExposed(window.get());
        window->settle();
        return exposed;
    }

    ManualClock clock;
    Journal journal{&clock};
    test::SyntheticInformer story{&journal, &clock};
    std::unique_ptr<MainWindow> window;
};

/// The text `view` shows in cell `index` (as its delegate turns the value into text).
QString shown(const QAbstractItemView *view, const QModelIndex &index)
{
    auto *d = qobject_cast<QStyledItemDelegate *>(view->itemDelegateForIndex(index));
    return d ? d->displayText(index.data(), view->locale()) : index.data().toString();
}

/// "" when every text cell of `view`'s visible columns is drawn whole; else the first that is
/// not, with its width and its column's.
QString firstElided(const QTableView *view)
{
    const QAbstractItemModel *m = view->model();
    const QHeaderView *h = view->horizontalHeader();
    const QFontMetrics fm = view->fontMetrics();
    const int margins = 2 * cellTextMargin(view);
    for (int c = 0; c < m->columnCount(); ++c) {
        if (h->isSectionHidden(c) || view->itemDelegateForColumn(c))
            continue; // chips are drawn by their own delegate
        for (int r = 0; r < m->rowCount(); ++r) {
            const QString text = shown(view, m->index(r, c));
            const int need = fm.horizontalAdvance(text) + margins;
            if (need > h->sectionSize(c))
                return QStringLiteral("%1: row %2 column %3 \"%4\" needs %5 px, has %6")
                    .arg(view->objectName())
                    .arg(r)
                    .arg(c)
                    .arg(text)
                    .arg(need)
                    .arg(h->sectionSize(c));
        }
    }
    return {};
}

/// The source row of the journal whose key is `key` and kind `kind`, newest first; -1 if none.
int journalRow(const JournalModel *m, const QString &key, TraceKind kind)
{
    for (int r = m->rowCount() - 1; r >= 0; --r)
        if (const TraceEvent *e = m->eventPtr(r); e->key == key && e->kind == kind)
            return r;
    return -1;
}
} // namespace

class tst_SearchWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void filterBarMapsSelectionThroughTheFilter();
    void filterCombosAndTimeRange();
    void ctrlFAndEscape();
    void historyOfADeletedKey();
    void copyRowsAsTsv();
    void columnsFitTheirContentAt1600x1000();
    void timeTooltipOnHover();
};

void tst_SearchWindow::filterBarMapsSelectionThroughTheFilter()
{
    LateWindow w;
    QVERIFY(w.show());
    JournalPanel *panel = w.window->journalPanel();
    JournalFilterModel *filter = panel->filter();
    QAbstractItemModelTester tester(filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const int all = w.window->journalModel()->rowCount();
    QCOMPARE(filter->rowCount(), all);
    QVERIFY2(!panel->subtitle().contains(QStringLiteral(" of ")), qPrintable(panel->subtitle()));

    QTest::keyClicks(panel->searchField(), QStringLiteral("WEB-20"));
    QVERIFY(filter->isActive());
    const int n = filter->rowCount();
    QVERIFY(n >= 4 && n < all);
    QVERIFY2(panel->subtitle().contains(QStringLiteral("%1 of %2 shown").arg(n).arg(all)),
             qPrintable(panel->subtitle()));
    for (int r = 0; r < n; ++r)
        QCOMPARE(filter->index(r, JournalModel::KeyColumn).data().toString(),
                 QStringLiteral("shop/web-20"));

    // Choosing the second filtered row names its own event, not the unfiltered second row's.
    QSignalSpy keys(panel, &JournalPanel::keySelected);
    QSignalSpy seqs(panel, &JournalPanel::seqChosen);
    const QModelIndex chosen = panel->view()->model()->index(1, 0);
    const quint64 seq = w.window->journalModel()->eventPtr(filter->mapToSource(chosen).row())->seq;
    QVERIFY(seq != w.window->journalModel()->eventPtr(1)->seq);
    panel->view()->setCurrentIndex(chosen);
    QCOMPARE(keys.count(), 1);
    QCOMPARE(keys.at(0).at(0).toString(), QStringLiteral("shop/web-20"));
    QCOMPARE(seqs.count(), 1);
    QCOMPARE(seqs.at(0).at(0).toULongLong(), seq);
    QCOMPARE(w.window->keyHistoryModel()->key(), QStringLiteral("shop/web-20"));

    // New matches arrive at the tail while the filter is on; others stay out.
    QSignalSpy inserted(filter, &QAbstractItemModel::rowsInserted);
    w.story.advance(1000);
    w.story.watchEvent(QStringLiteral("ADDED"),
                       test::SyntheticInformer::pod(QStringLiteral("shop"),
                                                    QStringLiteral("web-20"), 1600,
                                                    QStringLiteral("Pending")));
    w.story.watchEvent(QStringLiteral("ADDED"),
                       test::SyntheticInformer::pod(QStringLiteral("shop"),
                                                    QStringLiteral("api-99"), 1601,
                                                    QStringLiteral("Pending")));
    w.window->settle();
    QVERIFY(filter->rowCount() > n); // the watch event and what followed it
    QCOMPARE(inserted.count(), 1);   // appended in one batch, at the tail
    QCOMPARE(inserted.at(0).at(1).toInt(), n);
    for (int r = 0; r < filter->rowCount(); ++r)
        QCOMPARE(filter->index(r, JournalModel::KeyColumn).data().toString(),
                 QStringLiteral("shop/web-20"));
    QVERIFY(w.window->journalModel()->rowCount() > all + filter->rowCount() - n); // api-99's
}

void tst_SearchWindow::filterCombosAndTimeRange()
{
    LateWindow w;
    QVERIFY(w.show());
    JournalPanel *panel = w.window->journalPanel();
    JournalFilterModel *filter = panel->filter();
    // The combos hold what the journal recorded.
    QVERIFY(panel->handlerCombo()->findText(QStringLiteral("pod-logger")) > 0);
    QVERIFY(panel->typeCombo()->findText(QStringLiteral("DELETED")) > 0);
    QVERIFY(panel->kindCombo()->findText(QStringLiteral("indexerDeleted")) > 0);
    QVERIFY(!panel->informerCombo()->isVisibleTo(panel)); // one informer: nothing to choose

    panel->kindCombo()->setCurrentIndex(
        panel->kindCombo()->findText(QStringLiteral("indexerDeleted")));
    QVERIFY(filter->rowCount() > 0);
    for (int r = 0; r < filter->rowCount(); ++r)
        QCOMPARE(filter->index(r, JournalModel::KindColumn).data().toString(),
                 QStringLiteral("indexerDeleted"));
    panel->typeCombo()->setCurrentIndex(panel->typeCombo()->findText(QStringLiteral("Deleted")));
    QTest::keyClicks(panel->fromField(), QStringLiteral("100"));
    QCOMPARE(filter->fromMs(), qint64(100000));
    QCOMPARE(filter->rowCount(), 1); // shop/web-20, deleted after 120.5 s
    QCOMPARE(filter->index(0, JournalModel::KeyColumn).data().toString(),
             QStringLiteral("shop/web-20"));
    QTest::keyClicks(panel->toField(), QStringLiteral("120.4"));
    QCOMPARE(filter->rowCount(), 0);

    panel->handlerCombo()->setCurrentIndex(0);
    panel->clearFilter();
    QVERIFY(!filter->isActive());
    QCOMPARE(panel->kindCombo()->currentIndex(), 0);
    QVERIFY(panel->fromField()->text().isEmpty());
    QCOMPARE(filter->rowCount(), w.window->journalModel()->rowCount());

    panel->handlerCombo()->setCurrentIndex(
        panel->handlerCombo()->findText(QStringLiteral("slow-audit")));
    QVERIFY(filter->rowCount() > 0);
    for (int r = 0; r < filter->rowCount(); ++r)
        QCOMPARE(filter->index(r, 0).data(JournalModel::KindRole).toInt(),
                 int(TraceKind::HandlerNotified));
}

void tst_SearchWindow::ctrlFAndEscape()
{
    LateWindow w;
    QVERIFY(w.show());
    QApplication::setActiveWindow(w.window.get());
    QVERIFY(QTest::qWaitForWindowActive(w.window.get()));
    JournalPanel *panel = w.window->journalPanel();
    // Ctrl+Shift+F from anywhere: the journal's search.
    w.window->queueView()->setFocus();
    QTest::keyClick(w.window->queueView(), Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_COMPARE(QApplication::focusWidget(), panel->searchField());
    // Ctrl+F in the journal: its search; elsewhere: the indexer's filter.
    panel->view()->setFocus();
    QTest::keyClick(panel->view(), Qt::Key_F, Qt::ControlModifier);
    QTRY_COMPARE(QApplication::focusWidget(), panel->searchField());
    w.window->queueView()->setFocus();
    QTest::keyClick(w.window->queueView(), Qt::Key_F, Qt::ControlModifier);
    QTRY_COMPARE(QApplication::focusWidget(), w.window->indexerFilter());

    // Esc clears the filter first, then returns to Live.
    w.window->travelToSeq(w.journal.lastSeq() - 5);
    QVERIFY(w.window->body()->travelSeq() > 0);
    panel->searchField()->setFocus();
    QTest::keyClicks(panel->searchField(), QStringLiteral("web"));
    QVERIFY(panel->filter()->isActive());
    QTest::keyClick(panel->searchField(), Qt::Key_Escape);
    QVERIFY(!panel->filter()->isActive());
    QVERIFY(panel->searchField()->text().isEmpty());
    QVERIFY(w.window->body()->travelSeq() > 0); // still in the past
    QTest::keyClick(panel->searchField(), Qt::Key_Escape);
    QTRY_COMPARE(w.window->body()->travelSeq(), 0ULL);
}

void tst_SearchWindow::historyOfADeletedKey()
{
    LateWindow w;
    QVERIFY(w.show());
    const QString gone = QStringLiteral("shop/web-20");
    QCOMPARE(w.window->indexerModel()->rowOfKey(gone), -1); // the indexer no longer holds it
    KeyHistoryModel *history = w.window->keyHistoryModel();
    HistoryPanel *panel = w.window->views()->history();

    // From the journal row of its delete.
    JournalModel *journal = w.window->journalModel();
    const int row = journalRow(journal, gone, TraceKind::IndexerDeleted);
    QVERIFY(row >= 0);
    w.window->journalView()->setCurrentIndex(
        w.window->journalPanel()->filter()->mapFromSource(journal->index(row, 0)));
    QCOMPARE(history->key(), gone);
    QStringList kinds;
    for (int r = 0; r < history->rowCount(); ++r)
        kinds << history->index(r, KeyHistoryModel::KindColumn).data().toString();
    QVERIFY2(kinds.first() == QLatin1String("watchEvent") &&
                 kinds.contains(QLatin1String("indexerAdded")) &&
                 kinds.contains(QLatin1String("indexerDeleted")),
             qPrintable(kinds.join(QLatin1Char(','))));
    const QString deletedAt = QStringLiteral("deleted at t=%1 (seq %2)")
                                  .arg(formatTimeMs(journal->eventPtr(row)->t))
                                  .arg(journal->eventPtr(row)->seq);
    QVERIFY2(panel->subtitle() == deletedAt, qPrintable(panel->subtitle()));
    QCOMPARE(panel->keyField()->text(), gone); // the field names the key shown

    // Typed into the key field, completed from every key the journal has seen.
    w.window->selectKey(QStringLiteral("default/web-00"));
    QCOMPARE(history->key(), QStringLiteral("default/web-00"));
    QVERIFY(!panel->subtitle().contains(QStringLiteral("deleted")));
    panel->keyField()->setFocus();
    panel->keyField()->clear();
    QTest::keyClicks(panel->keyField(), QStringLiteral("web-2"));
    QVERIFY(panel->completions().contains(gone));
    QVERIFY(panel->completions().contains(QStringLiteral("kube-system/") + kLongName));
    QCOMPARE(panel->completions().size(), w.window->keyHistoryModel()->knownKeys().size());
    panel->keyField()->setText(gone);
    QTest::keyClick(panel->keyField(), Qt::Key_Return);
    QCOMPARE(history->key(), gone);
    QCOMPARE(panel->subtitle(), deletedAt);
}

void tst_SearchWindow::copyRowsAsTsv()
{
    LateWindow w;
    QVERIFY(w.show());
    QApplication::setActiveWindow(w.window.get());
    QVERIFY(QTest::qWaitForWindowActive(w.window.get()));
    JournalPanel *panel = w.window->journalPanel();
    QTest::keyClicks(panel->searchField(), QStringLiteral("web-20"));
    QTableView *view = panel->view();
    QAbstractItemModel *m = view->model();
    view->setFocus();
    view->selectionModel()->select(QItemSelection(m->index(2, 0), m->index(3, 0)),
                                   QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view->selectionModel()->select(m->index(0, 0),
                                   QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QGuiApplication::clipboard()->clear();
    QTest::keySequence(view, QKeySequence::Copy);
    const QString tsv = QGuiApplication::clipboard()->text();
    QStringList lines = tsv.split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 5); // header, three rows, and the last line's end
    QCOMPARE(lines.takeLast(), QString());
    // The visible columns only (Component is hidden), rows in the view's order.
    QCOMPARE(lines.at(0), QStringLiteral("Seq\tTime\tEvent\tKey\tType\tRV\tDetail"));
    for (int i = 0; i < 3; ++i) {
        const int r = QList<int>{0, 2, 3}.at(i);
        const QStringList cells = lines.at(i + 1).split(QLatin1Char('\t'));
        QCOMPARE(cells.size(), 7);
        QCOMPARE(cells.at(0), shown(view, m->index(r, JournalModel::SeqColumn)));
        QCOMPARE(cells.at(1), m->index(r, JournalModel::TimeColumn).data().toString());
        QCOMPARE(cells.at(3), QStringLiteral("shop/web-20"));
        QCOMPARE(cells.at(6), m->index(r, JournalModel::DetailColumn).data().toString());
    }
    QCOMPARE(tsv, selectedRowsAsTsv(view));

    // Every table copies the same way, the context menu's Copy included.
    const QList<QAbstractItemView *> views{w.window->queueView(),         w.window->indexerView(),
                                           w.window->historyView(),       w.window->handlersView(),
                                           w.window->notificationsView(), w.window->namespaceView(),
                                           w.window->objectView()};
    for (QAbstractItemView *v : views) {
        QAction *copy = nullptr; // installed with the view
        for (QAction *a : v->actions())
            if (a->objectName() == QLatin1String("copyRowsAction"))
                copy = a;
        QVERIFY2(copy, qPrintable(v->objectName()));
        QCOMPARE(copy->shortcut(), QKeySequence(QKeySequence::Copy));
        QCOMPARE(installRowCopy(v), copy); // one, however often asked
        QCOMPARE(v->contextMenuPolicy(), Qt::ActionsContextMenu);
    }
    QTableView *idx = w.window->indexerView();
    idx->setCurrentIndex(idx->model()->index(0, 0));
    QGuiApplication::clipboard()->clear();
    installRowCopy(idx)->trigger();
    lines = QGuiApplication::clipboard()->text().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 3);
    QVERIFY2(lines.at(0).startsWith(QStringLiteral("Namespace\tName\t")), qPrintable(lines.at(0)));
    QCOMPARE(lines.at(1).section(QLatin1Char('\t'), 0, 1),
             idx->model()->index(0, 0).data().toString() + QLatin1Char('\t') +
                 idx->model()->index(0, 1).data().toString());
}

void tst_SearchWindow::columnsFitTheirContentAt1600x1000()
{
    LateWindow w;
    QVERIFY(w.show());
    const QString longKey = QStringLiteral("kube-system/") + kLongName;
    w.window->selectKey(longKey);
    w.window->settle();
    QTableView *journal = w.window->journalView();
    // A time past 100 s and the long key, in the journal.
    const JournalModel *jm = w.window->journalModel();
    const int row = journalRow(jm, longKey, TraceKind::WatchEvent);
    QVERIFY(row >= 0);
    const QModelIndex time = journal->model()->index(row, JournalModel::TimeColumn);
    QCOMPARE(time.data().toString(), QStringLiteral("120.000 s"));
    const QFontMetrics fm = journal->fontMetrics();
    const int margins = 2 * cellTextMargin(journal);
    QVERIFY(journal->columnWidth(JournalModel::TimeColumn) >=
            fm.horizontalAdvance(time.data().toString()) + margins);
    QVERIFY(journal->columnWidth(JournalModel::KeyColumn) >=
            fm.horizontalAdvance(longKey) + margins);
    // Every text cell of every table, whole.
    for (QTableView *v :
         {journal, w.window->queueView(), w.window->indexerView(), w.window->historyView(),
          w.window->handlersView(), w.window->notificationsView()}) {
        QVERIFY2(v->model()->rowCount() > 0 || v == w.window->queueView(),
                 qPrintable(v->objectName()));
        const QString elided = firstElided(v);
        QVERIFY2(elided.isEmpty(), qPrintable(elided));
    }
    // The key history's diff (its Detail column) is read whole too.
    w.window->selectKey(QStringLiteral("default/web-00"));
    w.window->settle();
    const QString elided = firstElided(w.window->historyView());
    QVERIFY2(elided.isEmpty(), qPrintable(elided));
}

void tst_SearchWindow::timeTooltipOnHover()
{
    LateWindow w;
    QVERIFY(w.show());
    const QModelIndex t = w.window->journalView()->model()->index(0, JournalModel::TimeColumn);
    const QString tip = t.data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.startsWith(
                 QStringLiteral("t = %1 ms = ").arg(w.window->journalModel()->eventPtr(0)->t)),
             qPrintable(tip));
    QVERIFY(!tip.contains(QStringLiteral("wall clock"))); // a ManualClock is no wall clock
    w.journal.setWallClockOrigin(QDateTime::currentDateTimeUtc());
    QVERIFY(t.data(Qt::ToolTipRole).toString().contains(QStringLiteral("wall clock")));
}

QTEST_MAIN(tst_SearchWindow)
#include "tst_searchwindow.moc"
