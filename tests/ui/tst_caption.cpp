// SPDX-License-Identifier: Apache-2.0
// The caption pane: selecting a journal event, a handler notification, a timeline marker or a
// queued key explains it in the informer's own words (client-go names kept).
#include "lens/caption.h"
#include "lens/journalmodel.h"
#include "lens/queuemodel.h"
#include "mainwindow.h"
#include "scenario.h"
#include "timelinewidget.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QTableView>
#include <QTest>
#include <QTextBrowser>

#include <functional>

using namespace lens;

namespace {
// Row of the first journal-view event matching `pred`, -1 when none.
int journalRow(const JournalModel *m, const std::function<bool(const TraceEvent &)> &pred)
{
    for (int r = 0; r < m->rowCount(); ++r)
        if (pred(m->eventAt(r)))
            return r;
    return -1;
}
} // namespace

class TestCaption : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void journalSelection_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QStringList>("mustContain");
        QTest::newRow("tombstone")
            << 0
            << QStringList{QStringLiteral("Tombstone queued for"),
                           QStringLiteral("DeletedFinalStateUnknown"),
                           QStringLiteral("Indexer (knownObjects) still held it"),
                           QStringLiteral("OnDelete")};
        QTest::newRow("relist-cause-expired")
            << 1
            << QStringList{QStringLiteral("LIST started (cause: expired)"),
                           QStringLiteral("410 Gone"), QStringLiteral("resourceVersion \"\"")};
        QTest::newRow("handler-update-from-resync")
            << 2
            << QStringList{QStringLiteral("OnUpdate from resync"), QStringLiteral("pod-logger"),
                           QStringLiteral("unchanged"),
                           QStringLiteral("queued by a resync tick (DeltaFIFO.Resync)")};
        QTest::newRow("hassynced")
            << 3
            << QStringList{QStringLiteral("HasSynced"), QStringLiteral("initialPopulationCount"),
                           QStringLiteral("WaitForCacheSync")};
        QTest::newRow("replaced-from-relist")
            << 4
            << QStringList{QStringLiteral("Replaced queued for"),
                           QStringLiteral("Replace of a list (cause: expired)")};
        QTest::newRow("watch-error-410")
            << 5
            << QStringList{QStringLiteral("Watch error 410"), QStringLiteral("etcd compaction")};
        QTest::newRow("backoff") << 6
                                 << QStringList{QStringLiteral("Backoff: waiting 800 ms"),
                                                QStringLiteral("800 ms"), QStringLiteral("30 s")};
    }

    void journalSelection()
    {
        QFETCH(int, which);
        QFETCH(QStringList, mustContain);
        ManualClock clock;
        Journal journal(&clock);
        test::SyntheticInformer story(&journal, &clock);
        story.runStory();
        MainWindow w(&journal);
        w.settle();
        const std::function<bool(const TraceEvent &)> preds[] = {
            [](const TraceEvent &e) {
                return e.kind == TraceKind::FifoQueued && !e.deltas.isEmpty() &&
                       e.deltas.last().tombstone;
            },
            [](const TraceEvent &e) {
                return e.kind == TraceKind::ListStarted &&
                       e.detail.value(QLatin1String("cause")).toString() ==
                           QLatin1String("expired");
            },
            [](const TraceEvent &e) {
                return e.kind == TraceKind::HandlerNotified &&
                       e.type == QLatin1String("update (resync)");
            },
            [](const TraceEvent &e) { return e.kind == TraceKind::Synced; },
            [](const TraceEvent &e) {
                return e.kind == TraceKind::FifoQueued && e.type == QLatin1String("Replaced");
            },
            [](const TraceEvent &e) { return e.kind == TraceKind::WatchError; },
            [](const TraceEvent &e) { return e.kind == TraceKind::Backoff; },
        };
        // The relist's Replaced: the last one; every other case: the first match.
        int row = -1;
        if (which == 4) {
            for (int r = w.journalModel()->rowCount() - 1; r >= 0 && row < 0; --r)
                if (preds[which](w.journalModel()->eventAt(r)))
                    row = r;
        } else {
            row = journalRow(w.journalModel(), preds[which]);
        }
        QVERIFY(row >= 0);
        w.journalView()->setCurrentIndex(w.journalModel()->index(row, 0));
        const QString text = w.captionText();
        for (const QString &s : mustContain)
            QVERIFY2(text.contains(s), qPrintable(s + QStringLiteral(" not in: ") + text));
    }

    // A timeline marker (the resync tick) and a queued key explain themselves too.
    void markerAndQueuedKey()
    {
        ManualClock clock;
        Journal journal(&clock);
        test::SyntheticInformer story(&journal, &clock);
        story.runStory();
        MainWindow w(&journal);
        w.settle();
        quint64 resyncSeq = 0;
        for (const auto &m : w.timelineModel()->marks())
            if (m.kind == TimelineModel::Mark::Kind::Resync)
                resyncSeq = m.seq;
        QVERIFY(resyncSeq > 0);
        Q_EMIT w.timelineWidget()->markClicked(resyncSeq);
        QVERIFY2(w.captionText().contains(QLatin1String("Resync tick (resyncCheckPeriod 30 s)")),
                 qPrintable(w.captionText()));
        QVERIFY(w.captionText().contains(QLatin1String("handler's resyncPeriod was due")));

        QVERIFY(w.queueModel()->rowCount() > 0);
        w.queueView()->setCurrentIndex(w.queueModel()->index(0, 0));
        const QString key = w.queueModel()->keyAt(0);
        QVERIFY2(w.captionText().contains(key + QStringLiteral(": ")), qPrintable(w.captionText()));
        QVERIFY(w.captionText().contains(QLatin1String("dedupDeltas")));
    }

    // During Backoff the status bar names the error the Reflector is backing off from.
    void backoffStatusNamesTheError()
    {
        ManualClock clock;
        Journal journal(&clock);
        MainWindow w(&journal);
        TraceEvent err;
        err.kind = TraceKind::WatchError;
        err.component = QStringLiteral("reflector");
        err.detail.insert(QLatin1String("error"),
                          QStringLiteral("410 Gone: too old resource version"));
        err.detail.insert(QLatin1String("code"), 410);
        journal.record(err);
        TraceEvent b;
        b.kind = TraceKind::Backoff;
        b.component = QStringLiteral("reflector");
        b.detail.insert(QLatin1String("delayMs"), 800);
        b.detail.insert(QLatin1String("reason"), QStringLiteral("expired"));
        journal.record(b);
        w.settle();
        auto *label = w.findChild<QLabel *>(QStringLiteral("errorLabel"));
        QVERIFY(label);
        QCOMPARE(label->text(),
                 QStringLiteral("backing off after: 410 Gone: too old resource version"));
        TraceEvent l;
        l.kind = TraceKind::ListStarted;
        l.component = QStringLiteral("reflector");
        l.detail.insert(QLatin1String("cause"), QStringLiteral("expired"));
        journal.record(l);
        w.settle();
        QVERIFY2(label->text().startsWith(QLatin1String("last error: ")),
                 qPrintable(label->text()));
    }

    // A scenario's caption is shown as written; selecting something explains that instead.
    void scenarioCaption()
    {
        ManualClock clock;
        Journal journal(&clock);
        test::SyntheticInformer story(&journal, &clock);
        story.runStory();
        MainWindow w(&journal);
        w.settle();
        w.showScenarioCaption(QStringLiteral("The watch drops now."));
        QVERIFY(w.captionText().contains(QLatin1String("Scenario")));
        QVERIFY(w.captionText().contains(QLatin1String("The watch drops now.")));
        w.journalView()->setCurrentIndex(w.journalModel()->index(0, 0));
        QVERIFY(!w.captionText().contains(QLatin1String("The watch drops now.")));
    }

    // The scenario toolbar: Pause holds the scenario, the speed box sets its pace.
    void scenarioControls()
    {
        ManualClock clock;
        Journal journal(&clock);
        MainWindow w(&journal);
        QVERIFY(!w.scenarioPauseAction());
        QList<bool> paused;
        QList<double> speeds;
        w.setScenarioControls(
            QStringLiteral("Delete while disconnected"), 1.0, [&paused](bool p) { paused << p; },
            [&speeds](double x) { speeds << x; });
        QVERIFY(w.scenarioPauseAction());
        QCOMPARE(w.scenarioPauseAction()->text(), QStringLiteral("Pause scenario"));
        w.scenarioPauseAction()->trigger();
        QCOMPARE(paused, QList<bool>{true});
        QCOMPARE(w.scenarioPauseAction()->text(), QStringLiteral("Resume scenario"));
        w.scenarioPauseAction()->trigger();
        QCOMPARE(paused, (QList<bool>{true, false}));
        QComboBox *box = w.scenarioSpeedBox();
        QCOMPARE(box->currentData().toDouble(), 1.0);
        const int four = box->findData(4.0);
        QVERIFY(four >= 0);
        Q_EMIT box->activated(four);
        QCOMPARE(speeds, QList<double>{4.0});
    }

    // Without a journal to look back in, a Sync names both possible causes.
    void syncWithoutJournal()
    {
        TraceEvent e;
        e.kind = TraceKind::FifoQueued;
        e.key = QStringLiteral("ns/a");
        e.deltas = {
            Delta::of(DeltaType::Sync, Object::make(QStringLiteral("ns"), QStringLiteral("a"),
                                                    QStringLiteral("7")))};
        e.resourceVersion = QStringLiteral("7");
        const QString html = Caption::forEvent(e);
        QVERIFY(html.contains(QLatin1String("Sync queued for ns/a")));
        QVERIFY(html.contains(QLatin1String("resync tick (DeltaFIFO.Resync) or by the Replace")));
    }
};

QTEST_MAIN(TestCaption)
#include "tst_caption.moc"
