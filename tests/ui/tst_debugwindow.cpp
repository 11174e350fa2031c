// SPDX-License-Identifier: Apache-2.0
// What a debugger could not see in the window (issue 35 §3): each informer's time since its
// watch's last event or bookmark and a WatchList's wait for its end bookmark, growing on the
// journal's clock (a ManualClock here: the window's live tick is a ClockTimer on it); the
// API server card's resourceVersions; the Journal's Informer column; relists counted as
// completed lists; a key typed in part; the Simulator tab asking nothing while hidden.
#include "historypanel.h"
#include "informerbar.h"
#include "informerviews.h"
#include "journalpanel.h"
#include "lens/journalmodel.h"
#include "lens/keyhistorymodel.h"
#include "mainwindow.h"
#include "pipelinewidget.h"
#include "session/simulatoraccess.h"
#include "sim/simulator.h"
#include "sim/store.h"
#include "simulatorpanel.h"
#include "storywindow.h"
#include "trace/journal.h"

#include <QLabel>
#include <QLineEdit>
#include <QStatusBar>
#include <QTableView>
#include <QTest>
#include <QToolButton>

using namespace lens;

namespace {

void record(Journal &j, const QString &informer, TraceKind kind, const QString &rv = {},
            const QJsonObject &detail = {})
{
    TraceEvent e;
    e.kind = kind;
    e.informer = informer;
    e.component = QStringLiteral("reflector");
    e.resourceVersion = rv;
    e.detail = detail;
    if (kind == TraceKind::WatchEvent) {
        e.type = QStringLiteral("ADDED");
        e.key = QStringLiteral("n-") + rv;
        e.object = Object::make({}, e.key, rv);
    }
    j.record(e);
}

QLabel *statusLabel(MainWindow &w)
{
    for (QLabel *l : w.statusBar()->findChildren<QLabel *>())
        if (l->accessibleName() == QLatin1String("Reflector status"))
            return l;
    return nullptr;
}

/// Two informers: pods watching (one event at 0.1 s), nodes in a WatchList that has streamed
/// two initial events and waits for its end bookmark.
struct TwoInformers {
    TwoInformers()
    {
        record(journal, QStringLiteral("pods"), TraceKind::ListStarted, {},
               {{QLatin1String("cause"), QStringLiteral("initial")}});
        record(journal, QStringLiteral("pods"), TraceKind::ListCompleted, QStringLiteral("5"));
        record(journal, QStringLiteral("pods"), TraceKind::WatchStarted, QStringLiteral("5"));
        record(journal, QStringLiteral("nodes"), TraceKind::WatchStarted, {},
               {{QLatin1String("sendInitialEvents"), true}, {QLatin1String("watchList"), true}});
        clock.advance(100);
        record(journal, QStringLiteral("pods"), TraceKind::WatchEvent, QStringLiteral("6"));
        record(journal, QStringLiteral("nodes"), TraceKind::WatchEvent, QStringLiteral("7"),
               {{QLatin1String("watchList"), true}});
        record(journal, QStringLiteral("nodes"), TraceKind::WatchEvent, QStringLiteral("8"),
               {{QLatin1String("watchList"), true}});
        window = std::make_unique<MainWindow>(&journal);
        window->setInformers({{QStringLiteral("pods")}, {QStringLiteral("nodes")}});
        window->resize(1600, 1000);
        window->show();
        window->settle();
    }
    ManualClock clock;
    Journal journal{&clock};
    std::unique_ptr<MainWindow> window;
};

} // namespace

class tst_DebugWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void timesGrowLiveOnTheJournalsClock();
    void apiServerCardShowsBothResourceVersions();
    void journalSaysWhoseReflectorARowIs();
    void statusCountsRelistsNotAttempts();
    void keyFieldTakesPartOfAKey();
    void hiddenSimulatorTabAsksNothing();
};

// A stalled watch and a WatchList waiting for its end bookmark both read "Watching": now each
// informer says what it has been doing and for how long, and the time grows with the clock,
// no journal event needed.
void tst_DebugWindow::timesGrowLiveOnTheJournalsClock()
{
    TwoInformers t;
    MainWindow &w = *t.window;
    QLabel *status = statusLabel(w);
    QVERIFY(status);
    t.clock.advance(3000);
    QTRY_VERIFY2(status->text().contains(QStringLiteral("Watching \u00B7 last event or bookmark "
                                                        "3.0 s ago")),
                 qPrintable(status->text()));
    QToolButton *pods = w.informerBar()->button(0);
    QToolButton *nodes = w.informerBar()->button(1);
    QTRY_VERIFY2(pods->text().contains(QStringLiteral("pods \u00B7 Watching, quiet 3.0 s")),
                 qPrintable(pods->text()));
    QVERIFY2(nodes->text().contains(QStringLiteral("nodes \u00B7 WatchList, waiting 3.1 s for "
                                                   "end bookmark")),
             qPrintable(nodes->text()));
    QVERIFY2(w.pipelineWidget()->stageText(1).contains(QStringLiteral("quiet 3.0 s")),
             qPrintable(w.pipelineWidget()->stageText(1)));
    // It goes on growing.
    t.clock.advance(2000);
    QTRY_VERIFY2(status->text().contains(QStringLiteral("last event or bookmark 5.0 s ago")),
                 qPrintable(status->text()));
    QTRY_VERIFY2(nodes->text().contains(QStringLiteral("waiting 5.1 s for end bookmark")),
                 qPrintable(nodes->text()));
    // The WatchList's informer, shown: the status says what it waits for.
    w.setCurrentInformer(1);
    QVERIFY2(status->text().contains(QStringLiteral("nodes: Listing \u00B7 WatchList: waiting "
                                                    "5.1 s for the initial-events-end bookmark (2 "
                                                    "initial event(s) so far)")),
             qPrintable(status->text()));
    QCOMPARE(w.pipelineWidget()->stageText(1).section(QLatin1Char('\n'), 1, 1),
             QStringLiteral("Listing (WatchList)"));
    // A past moment does not move.
    w.travelToSeq(5); // the pods watch event at 0.1 s
    QVERIFY2(status->text().contains(QStringLiteral("past, at seq 5: nodes: Listing \u00B7 "
                                                    "WatchList: waiting 100 ms")),
             qPrintable(status->text()));
    const QString past = status->text();
    t.clock.advance(1000);
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
    QCOMPARE(status->text(), past);
    w.goLive();
    QTRY_VERIFY2(status->text().contains(QStringLiteral("waiting 6.1 s")),
                 qPrintable(status->text()));
}

// The card read "API server · RV" with the informer's resourceVersion.
void tst_DebugWindow::apiServerCardShowsBothResourceVersions()
{
    TwoInformers t;
    MainWindow &w = *t.window;
    QCOMPARE(w.pipelineWidget()->stageText(0),
             QStringLiteral("API server\nsent up to RV 6\ninformer synced RV 6"));
    // The WatchList's streamed events are the server's; the informer synced none yet.
    w.setCurrentInformer(1);
    QCOMPARE(w.pipelineWidget()->stageText(0),
             QStringLiteral("API server\nsent up to RV 8\ninformer synced no RV yet"));
}

// With several informers a listFailed or backoff row says whose Reflector it is.
void tst_DebugWindow::journalSaysWhoseReflectorARowIs()
{
    TwoInformers t;
    MainWindow &w = *t.window;
    record(t.journal, QStringLiteral("nodes"), TraceKind::ListFailed, {},
           {{QLatin1String("error"), QStringLiteral("500 InternalError")},
            {QLatin1String("code"), 500}});
    record(t.journal, QStringLiteral("nodes"), TraceKind::Backoff, {},
           {{QLatin1String("delayMs"), 800}});
    w.settle();
    QTableView *view = w.journalView();
    QVERIFY(!view->isColumnHidden(JournalModel::InformerColumn));
    QAbstractItemModel *m = view->model();
    QCOMPARE(m->headerData(JournalModel::InformerColumn, Qt::Horizontal).toString(),
             QStringLiteral("Informer"));
    const int last = m->rowCount() - 1;
    QCOMPARE(m->index(last, JournalModel::KindColumn).data().toString(), QStringLiteral("backoff"));
    QCOMPARE(m->index(last, JournalModel::InformerColumn).data().toString(),
             QStringLiteral("nodes"));
    QCOMPARE(m->index(last - 1, JournalModel::InformerColumn).data().toString(),
             QStringLiteral("nodes"));
    // Hide-able as the others, and it stays as chosen.
    w.journalPanel()->setColumnShown(JournalModel::InformerColumn, false);
    record(t.journal, QStringLiteral("pods"), TraceKind::Info);
    w.settle();
    QVERIFY(view->isColumnHidden(JournalModel::InformerColumn));

    // One informer: every row is its own, the column stays hidden.
    ManualClock clock;
    Journal journal(&clock);
    record(journal, QStringLiteral("pods"), TraceKind::ListFailed);
    MainWindow one(&journal);
    one.setInformers({{QStringLiteral("pods")}});
    one.settle();
    QVERIFY(one.journalView()->isColumnHidden(JournalModel::InformerColumn));
}

// "N relist(s)" counted failed list attempts.
void tst_DebugWindow::statusCountsRelistsNotAttempts()
{
    ManualClock clock;
    Journal journal(&clock);
    for (int i = 0; i < 2; ++i) {
        record(journal, QStringLiteral("pods"), TraceKind::ListStarted);
        record(journal, QStringLiteral("pods"), TraceKind::ListFailed, {},
               {{QLatin1String("code"), 500}});
    }
    record(journal, QStringLiteral("pods"), TraceKind::ListStarted);
    record(journal, QStringLiteral("pods"), TraceKind::ListCompleted, QStringLiteral("5"));
    MainWindow w(&journal);
    w.setInformers({{QStringLiteral("pods")}});
    w.settle();
    QLabel *status = statusLabel(w);
    QVERIFY2(!status->text().contains(QStringLiteral("relist")), qPrintable(status->text()));
    QVERIFY2(status->text().endsWith(QStringLiteral(" \u00B7 2 failed list attempt(s)")),
             qPrintable(status->text()));
    QVERIFY(!w.pipelineWidget()->stageText(1).contains(QStringLiteral("relist")));
    record(journal, QStringLiteral("pods"), TraceKind::ListStarted);
    record(journal, QStringLiteral("pods"), TraceKind::ListCompleted, QStringLiteral("9"));
    w.settle();
    QVERIFY2(status->text().contains(QStringLiteral(" \u00B7 1 relist(s) \u00B7 2 failed list "
                                                    "attempt(s)")),
             qPrintable(status->text()));
    QVERIFY2(w.pipelineWidget()->stageText(1).contains(QStringLiteral("1 relist(s)")),
             qPrintable(w.pipelineWidget()->stageText(1)));
}

// docs/window.md promises the key field takes "any part of the key, any case".
void tst_DebugWindow::keyFieldTakesPartOfAKey()
{
    test::StoryWindow s;
    QVERIFY(s.show());
    MainWindow &w = *s.window;
    HistoryPanel *panel = w.views()->history();
    QLineEdit *field = panel->keyField();
    auto type = [field](const QString &text) {
        field->setFocus();
        field->clear();
        QTest::keyClicks(field, text);
        QTest::keyClick(field, Qt::Key_Return);
    };
    type(QStringLiteral("WEB-08")); // shop/web-08, in another case and without its namespace
    QCOMPARE(w.keyHistoryModel()->key(), QStringLiteral("shop/web-08"));
    QCOMPARE(field->text(), QStringLiteral("shop/web-08"));
    QVERIFY(w.keyHistoryModel()->rowCount() > 0);
    // Part of two keys (web-12, web-16): no key is guessed, the choice is offered.
    type(QStringLiteral("web-1"));
    QCOMPARE(w.keyHistoryModel()->key(), QStringLiteral("shop/web-08"));
    QCOMPARE(panel->subtitle(), QStringLiteral("2 keys contain \u201Cweb-1\u201D: choose one"));
    type(QStringLiteral("no-such-pod"));
    QCOMPARE(panel->subtitle(),
             QStringLiteral("no key of this informer's journal contains \u201Cno-such-pod\u201D"));
    QCOMPARE(w.keyHistoryModel()->key(), QStringLiteral("shop/web-08"));
}

// The simulator's state was asked for (and journaled, as "info" rows of no key) at every
// settle while its tab was hidden.
void tst_DebugWindow::hiddenSimulatorTabAsksNothing()
{
    sim::Simulator cluster;
    QVERIFY(cluster.start());
    Journal journal;
    MainWindow w(&journal);
    w.setSimulator(simulatorAccess(cluster));
    auto *panel = w.findChild<SimulatorPanel *>();
    QVERIFY(panel);
    w.resize(1600, 1000);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(!panel->isVisible()); // the Journal tab is in front
    w.settle();
    QVERIFY(!panel->isBusy()); // asked nothing
    // Shown, it asks (and journals the answer).
    QVERIFY(w.showView(QStringLiteral("simulator")));
    QVERIFY(panel->isBusy());
    QTRY_VERIFY(!panel->isBusy());
    const auto states = [&journal] {
        int n = 0;
        for (const TraceEvent &e : journal.events())
            n += e.component == QLatin1String("simulator");
        return n;
    };
    QTRY_VERIFY(states() >= 1);
    // Hidden again: nothing, however often the window settles and the cluster changes.
    w.showView(QStringLiteral("journal"));
    const int before = states();
    for (int i = 0; i < 3; ++i) {
        cluster.store()->compact(cluster.revision());
        w.settle();
        QVERIFY(!panel->isBusy());
    }
    QCOMPARE(states(), before);
}

QTEST_MAIN(tst_DebugWindow)
#include "tst_debugwindow.moc"
