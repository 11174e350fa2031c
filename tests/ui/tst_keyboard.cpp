// SPDX-License-Identifier: Apache-2.0
// Full keyboard use (issue 5 item 10): the window over a live session on the built-in cluster,
// driven by key presses only. Each press asserts its effect: the pump shortcuts pause, step
// and run the informer; Ctrl+digits bring views forward with the focus; arrows in the tables
// select like a click; the timeline's keys travel in time and Escape comes back to Live; Tab
// walks the panes in order; F1 lists the shortcuts.
#include "keyboard.h"
#include "lens/indexermodel.h"
#include "lens/journalmodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/queuemodel.h"
#include "lens/timelinemodel.h"
#include "livewindow.h"
#include "mainwindow.h"
#include "pendingevents.h"
#include "session/session.h"
#include "session/simulatoraccess.h"
#include "sim/churn.h"
#include "timelinewidget.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>

using namespace lens;

class tst_Keyboard : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void pumpShortcuts();
    void viewShortcutsMoveTheFocus_data();
    void viewShortcutsMoveTheFocus();
    void arrowsSelectLikeAClick();
    void timelineKeysTravelAndEscapeGoesLive();
    void tabWalksThePanesInOrder();
    void f1ListsTheShortcuts();

private:
    void press(int key, Qt::KeyboardModifiers mods = Qt::NoModifier)
    {
        QWidget *target = QApplication::focusWidget();
        QTest::keyClick(target ? target : m_window.get(), Qt::Key(key), mods);
    }
    std::unique_ptr<Session> m_session;
    std::unique_ptr<MainWindow> m_window;
};

void tst_Keyboard::initTestCase()
{
    QString err;
    QVERIFY2(test::startLiveWindow(&m_session, &m_window, &err), qPrintable(err));
    m_window->setSimulator(simulatorAccess(*m_session->simulator()));
    m_window->show();
    QApplication::setActiveWindow(m_window.get());
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QTRY_VERIFY_WITH_TIMEOUT(m_session->informer()->hasSynced(), 10000);
    m_window->settle();
    m_window->queueView()->setFocus();
}

void tst_Keyboard::cleanupTestCase()
{
    m_window.reset();
    m_session.reset();
}

// F6 pauses (changes pile up in the queue), F10 pops exactly one key, F5 runs again.
void tst_Keyboard::pumpShortcuts()
{
    Controller *c = m_session->informer()->controller();
    press(Qt::Key_F6);
    QCOMPARE(c->mode(), Controller::Mode::Paused);
    for (int i = 0; i < 6; ++i)
        m_session->churn()->step();
    QTRY_VERIFY_WITH_TIMEOUT(m_session->informer()->queue()->size() >= 4, 5000);
    m_window->settle();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->queueModel()->rowCount(),
                              int(m_session->informer()->queue()->size()), 5000);
    const QString head = m_window->queueModel()->keys().value(0);
    const qint64 popped = m_window->queueModel()->poppedTotal();
    press(Qt::Key_F10);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->queueModel()->poppedTotal(), popped + 1, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->queueModel()->keys().contains(head), 5000);
    // Still paused: no other pop follows, though keys wait in the queue (a running pump would
    // pop them on its next zero-delay turn, which runPendingEvents() runs).
    QVERIFY(m_session->informer()->queue()->size() > 0);
    lens::test::runPendingEvents();
    m_window->settle();
    QCOMPARE(m_window->queueModel()->poppedTotal(), popped + 1);
    press(Qt::Key_F5);
    QCOMPARE(c->mode(), Controller::Mode::Running);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->queueModel()->rowCount(), 0, 5000);
}

void tst_Keyboard::viewShortcutsMoveTheFocus_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<QString>("focus"); // objectName of the widget that gets the focus
    QTest::newRow("Ctrl+1 queue") << int(Qt::Key_1) << QStringLiteral("queueView");
    QTest::newRow("Ctrl+2 history") << int(Qt::Key_2) << QStringLiteral("historyView");
    QTest::newRow("Ctrl+3 explain") << int(Qt::Key_3) << QStringLiteral("captionView");
    QTest::newRow("Ctrl+4 indexer") << int(Qt::Key_4) << QStringLiteral("indexerView");
    QTest::newRow("Ctrl+5 indices") << int(Qt::Key_5) << QStringLiteral("namespaceView");
    QTest::newRow("Ctrl+6 object") << int(Qt::Key_6) << QStringLiteral("objectView");
    QTest::newRow("Ctrl+7 journal") << int(Qt::Key_7) << QStringLiteral("journalView");
    QTest::newRow("Ctrl+8 handlers") << int(Qt::Key_8) << QStringLiteral("handlersView");
    QTest::newRow("Ctrl+0 timeline") << int(Qt::Key_0) << QStringLiteral("timeline");
    QTest::newRow("Ctrl+F filter") << int(Qt::Key_F) << QStringLiteral("indexerFilter");
    QTest::newRow("Ctrl+L selector") << int(Qt::Key_L) << QStringLiteral("labelSelector");
}

void tst_Keyboard::viewShortcutsMoveTheFocus()
{
    QFETCH(int, key);
    QFETCH(QString, focus);
    press(key, Qt::ControlModifier);
    QWidget *f = QApplication::focusWidget();
    QVERIFY(f);
    QCOMPARE(f->objectName(), focus);
    QVERIFY(f->isVisible()); // its tab came forward
}

// Arrows move the current row; the window follows it as it follows a click.
void tst_Keyboard::arrowsSelectLikeAClick()
{
    // Journal: Down explains the next event and shows its key's history.
    press(Qt::Key_7, Qt::ControlModifier);
    QTableView *journal = m_window->journalView();
    QVERIFY(journal->model()->rowCount() > 3);
    journal->setCurrentIndex(journal->model()->index(0, 0));
    press(Qt::Key_Down);
    QCOMPARE(journal->currentIndex().row(), 1);
    const QModelIndex row = journal->currentIndex();
    QVERIFY(m_window->captionView()->toPlainText().size() > 20);
    const QString key = row.data(JournalModel::KeyRole).toString();
    if (!key.isEmpty())
        QCOMPARE(m_window->keyHistoryModel()->key(), key);

    // Indexer: Down selects the next object's key.
    press(Qt::Key_4, Qt::ControlModifier);
    QTableView *ix = m_window->indexerView();
    QVERIFY(ix->model()->rowCount() > 2);
    ix->setCurrentIndex(ix->model()->index(0, 0));
    press(Qt::Key_Down);
    QCOMPARE(m_window->keyHistoryModel()->key(),
             ix->model()->index(1, 0).data(IndexerModel::KeyRole).toString());
    // Key history: Up/Down explain its rows.
    press(Qt::Key_2, Qt::ControlModifier);
    QVERIFY(m_window->historyView()->model()->rowCount() > 0);
    press(Qt::Key_Down);
    QVERIFY(m_window->historyView()->currentIndex().isValid());
}

// Left selects the previous marker and the views travel there; Ctrl+Left skips watch events;
// Enter selects the marker's key; Shift+Left scrubs one step; Escape returns to Live.
void tst_Keyboard::timelineKeysTravelAndEscapeGoesLive()
{
    // Make some watch events to step over.
    for (int i = 0; i < 4; ++i)
        m_session->churn()->step();
    QTRY_VERIFY_WITH_TIMEOUT(m_session->informer()->queue()->size() == 0, 5000);
    m_window->settle();
    press(Qt::Key_0, Qt::ControlModifier);
    TimelineWidget *t = m_window->timelineWidget();
    QCOMPARE(QApplication::focusWidget(), t);
    QCOMPARE(m_window->travelSeq(), quint64(0));
    press(Qt::Key_Left);
    const quint64 last = m_window->travelSeq();
    QVERIFY(last > 0);
    QCOMPARE(t->selectedSeq(), last);
    QVERIFY(!m_window->liveButton()->isChecked());
    press(Qt::Key_Left);
    QVERIFY(m_window->travelSeq() < last);
    QVERIFY(m_window->travelSeq() > 0);
    // Enter on a watch event selects its key.
    QString key;
    for (int i = 0; i < 200 && key.isEmpty(); ++i) {
        for (const auto &m : m_window->timelineModel()->marks())
            if (m.seq == t->selectedSeq())
                key = m.key;
        if (key.isEmpty())
            press(Qt::Key_Left);
    }
    QVERIFY(!key.isEmpty());
    press(Qt::Key_Return);
    QCOMPARE(m_window->keyHistoryModel()->key(), key);
    // Ctrl+Left lands on a marker that is not a watch event (HasSynced at least).
    press(Qt::Key_Left, Qt::ControlModifier);
    bool isEvent = true;
    for (const auto &m : m_window->timelineModel()->marks())
        if (m.seq == t->selectedSeq())
            isEvent = m.kind == TimelineModel::Mark::Kind::Added ||
                      m.kind == TimelineModel::Mark::Kind::Modified ||
                      m.kind == TimelineModel::Mark::Kind::Deleted;
    QVERIFY(!isEvent);
    // Escape: Live again.
    press(Qt::Key_Escape);
    QCOMPARE(m_window->travelSeq(), quint64(0));
    QVERIFY(m_window->liveButton()->isChecked());
    QCOMPARE(t->travelTime(), qint64(-1));
    // Shift+Left scrubs back by one axis step (the window applies it after its scrub delay).
    press(Qt::Key_Left, Qt::ShiftModifier);
    QVERIFY(t->travelTime() >= 0);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->travelSeq() > 0, 5000);
    press(Qt::Key_Escape);
    QCOMPARE(m_window->travelSeq(), quint64(0));
    // + and - zoom.
    const qint64 w = t->windowMs();
    press(Qt::Key_Plus);
    QVERIFY(t->windowMs() < w);
    press(Qt::Key_Minus);
    press(Qt::Key_Minus);
    QVERIFY(t->windowMs() > w);
}

// Tab from the queue visits the panes left to right and reaches the timeline and Live.
void tst_Keyboard::tabWalksThePanesInOrder()
{
    m_window->showView(QStringLiteral("journal"));
    m_window->queueView()->setFocus();
    QStringList seen;
    for (int i = 0; i < 40 && !seen.contains(QLatin1String("liveButton")); ++i) {
        press(Qt::Key_Tab);
        seen << QApplication::focusWidget()->objectName();
    }
    const QStringList expected{QStringLiteral("historyView"), QStringLiteral("captionView"),
                               QStringLiteral("indexerFilter"), QStringLiteral("labelSelector"),
                               QStringLiteral("indexerView")};
    QCOMPARE(seen.mid(0, expected.size()), expected);
    const auto journal = seen.indexOf(QLatin1String("journalView"));
    const auto timeline = seen.indexOf(QLatin1String("timeline"));
    QVERIFY2(journal > 4 && timeline > journal, qPrintable(seen.join(u' ')));
    QCOMPARE(seen.constLast(), QStringLiteral("liveButton"));
    // Shift+Tab goes back.
    press(Qt::Key_Backtab, Qt::ShiftModifier);
    QCOMPARE(QApplication::focusWidget()->objectName(), QStringLiteral("timeline"));
}

void tst_Keyboard::f1ListsTheShortcuts()
{
    int rows = 0;
    QString text;
    QTimer::singleShot(0, [&] {
        auto *dlg = qobject_cast<QDialog *>(QApplication::activeModalWidget());
        if (!dlg)
            return;
        auto *table = dlg->findChild<QTableWidget *>(QStringLiteral("shortcutsTable"));
        rows = table ? table->rowCount() : 0;
        for (int r = 0; r < rows; ++r)
            text += table->item(r, 0)->text() + u'\t' + table->item(r, 1)->text() + u'\n';
        QTest::keyClick(dlg, Qt::Key_Escape);
    });
    press(Qt::Key_F1);
    QVERIFY2(rows >= 20, qPrintable(text));
    for (const char *k : {"F5", "F6", "F10", "Ctrl+1", "Ctrl+0", "Esc", "F1"})
        QVERIFY2(text.contains(QLatin1String(k)), k);
    QVERIFY(m_window->keyboard()->shortcuts().size() == rows);
}

QTEST_MAIN(tst_Keyboard)
#include "tst_keyboard.moc"
