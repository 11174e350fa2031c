// SPDX-License-Identifier: Apache-2.0
// The caption pane: selecting a journal event, a handler notification, a timeline marker or a
// queued key explains it in the informer's own words (client-go names kept).
#include "i18n.h"
#include "lens/caption.h"
#include "lens/format.h"
#include "lens/journalmodel.h"
#include "lens/queuemodel.h"
#include "mainwindow.h"
#include "scenario.h"
#include "storywindow.h"
#include "timelinewidget.h"

#include <QAction>
#include <QComboBox>
#include <QJsonArray>
#include <QLabel>
#include <QScopeGuard>
#include <QTableView>
#include <QTest>
#include <QTextBrowser>

#include <algorithm>
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
        // Issue 13 item 4: after a watch's 410 the relist asks for the last synced
        // resourceVersion (the request recorded), not "" (a consistent read).
        QTest::newRow("relist-cause-watch-expired")
            << 1
            << QStringList{QStringLiteral("LIST started (cause: watch expired) at "
                                          "resourceVersion \"1224\""),
                           QStringLiteral("410 Gone"),
                           QStringLiteral("This request asked for resourceVersion \"1224\": a "
                                          "state not older than that version")};
        QTest::newRow("handler-update-from-resync")
            << 2
            << QStringList{QStringLiteral("OnUpdate from resync"),
                           QStringLiteral("pod-logger"),
                           QStringLiteral("unchanged"),
                           QStringLiteral("queued by a resync tick (DeltaFIFO.Resync)"),
                           QStringLiteral("It comes from the Sync delta queued at"),
                           QStringLiteral("pod-logger received it because the resync tick")};
        QTest::newRow("hassynced")
            << 3
            << QStringList{QStringLiteral("HasSynced"), QStringLiteral("initialPopulationCount"),
                           QStringLiteral("WaitForCacheSync")};
        QTest::newRow("replaced-from-relist")
            << 4
            << QStringList{QStringLiteral("Replaced queued for"),
                           QStringLiteral("Replace of a list (cause: watch expired)")};
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
        test::StoryWindow s;
        MainWindow &w = *s.window;
        w.settle();
        const std::function<bool(const TraceEvent &)> preds[] = {
            [](const TraceEvent &e) {
                return e.kind == TraceKind::FifoQueued && !e.deltas.isEmpty() &&
                       e.deltas.last().tombstone;
            },
            [](const TraceEvent &e) {
                return e.kind == TraceKind::ListStarted &&
                       e.detail.value(QLatin1String("cause")).toString() ==
                           QLatin1String("watch expired");
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
        w.journalView()->setCurrentIndex(w.journalView()->model()->index(row, 0));
        const QString text = w.captionText();
        for (const QString &s : mustContain)
            QVERIFY2(text.contains(s), qPrintable(s + QStringLiteral(" not in: ") + text));
    }

    // A timeline marker (the resync tick) and a queued key explain themselves too.
    void markerAndQueuedKey()
    {
        test::StoryWindow s;
        MainWindow &w = *s.window;
        w.settle();
        quint64 resyncSeq = 0;
        for (const auto &m : w.timelineModel()->marks())
            if (m.kind == TimelineModel::Mark::Kind::Resync)
                resyncSeq = m.seq;
        QVERIFY(resyncSeq > 0);
        Q_EMIT w.timelineWidget()->markClicked(resyncSeq);
        QVERIFY2(w.captionText().contains(QLatin1String("Resync tick (resyncCheckPeriod 30 s)")),
                 qPrintable(w.captionText()));
        QVERIFY(w.captionText().contains(QLatin1String("listener's resyncPeriod was due")));

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
        // The whole text is the tooltip (the label elides at 480 px); the countdown comes first.
        QCOMPARE(label->toolTip(), QStringLiteral("backing off, retry in 800 ms, after: 410 Gone: "
                                                  "too old resource version"));
        // A 429's Retry-After of 99999 s: the wait capped at 30 s, counted down on the
        // journal's clock, with what the server asked.
        TraceEvent ra = b;
        ra.detail.insert(QLatin1String("delayMs"), 30000);
        ra.detail.insert(QLatin1String("reason"), QStringLiteral("429 on watch"));
        ra.detail.insert(QLatin1String("retryAfterSeconds"), 99999);
        ra.detail.insert(QLatin1String("retryAfterCapSeconds"), 30);
        journal.record(ra);
        w.settle();
        QCOMPARE(label->toolTip(),
                 QStringLiteral("backing off, retry in 30.0 s; the server asked for 99999 s "
                                "(Retry-After), capped at 30 s, after: 410 Gone: too old resource "
                                "version"));
        QVERIFY2(label->text().startsWith(QLatin1String("backing off, retry in 30.0 s")),
                 qPrintable(label->text()));
        // The window's live tick is a ClockTimer on the journal's clock: it counts down as the
        // clock moves, with no journal event and no settle().
        clock.advance(12000);
        QTRY_VERIFY2(label->toolTip().startsWith(QLatin1String("backing off, retry in 18.0 s;")),
                     qPrintable(label->toolTip()));
        TraceEvent l;
        l.kind = TraceKind::ListStarted;
        l.component = QStringLiteral("reflector");
        l.detail.insert(QLatin1String("cause"), QStringLiteral("expired"));
        journal.record(l);
        w.settle();
        QVERIFY2(label->text().startsWith(QLatin1String("last error: ")),
                 qPrintable(label->text()));
        // Issue 13 item 9: once the relist completes the Reflector has recovered, and the red
        // "last error" no longer stands in the status bar.
        TraceEvent done;
        done.kind = TraceKind::ListCompleted;
        done.component = QStringLiteral("reflector");
        done.resourceVersion = QStringLiteral("12");
        journal.record(done);
        w.settle();
        QVERIFY2(label->text().isEmpty(), qPrintable(label->text()));
    }

    // A scenario's caption is shown as written; selecting something explains that instead.
    void scenarioCaption()
    {
        test::StoryWindow s;
        MainWindow &w = *s.window;
        w.settle();
        w.showScenarioCaption(QStringLiteral("The watch drops now."));
        QVERIFY(w.captionText().contains(QLatin1String("Scenario")));
        QVERIFY(w.captionText().contains(QLatin1String("The watch drops now.")));
        w.journalView()->setCurrentIndex(w.journalView()->model()->index(0, 0));
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
        QCOMPARE(box->itemText(four), QStringLiteral("4\u00D7"));
    }

    // Speed 0 (--at, --speed 0) is not "0×": the next step runs as soon as it may.
    void scenarioSpeedZeroReadsFastest()
    {
        ManualClock clock;
        Journal journal(&clock);
        MainWindow w(&journal);
        w.setScenarioControls(
            QStringLiteral("Exact"), 0.0, [](bool) {}, [](double) {});
        QComboBox *box = w.scenarioSpeedBox();
        QCOMPARE(box->currentData().toDouble(), 0.0);
        QCOMPARE(box->currentText(), QStringLiteral("fastest"));
        const auto backToEnglish = qScopeGuard([&w] { w.switchLanguage(QStringLiteral("en")); });
        QVERIFY(w.switchLanguage(QStringLiteral("zh_CN")));
        QTRY_COMPARE(box->currentText(), QStringLiteral("最快"));
        QCOMPARE(box->itemText(box->findData(2.0)), QStringLiteral("2\u00D7"));
    }

    // Issue 13 item 3: after a relist while the pump was paused, an unchanged key's only queued
    // delta is the relist's Replaced; a later resync tick skips the key (it has queued deltas)
    // and only makes the listener syncing. Explain names the Replaced delta and the list that
    // queued it, and the tick only as the reason the handler was syncing.
    void resyncUpdateNamesTheDeltaItCameFrom()
    {
        ManualClock clock;
        Journal j(&clock);
        auto rec = [](TraceKind k, const QString &key = {}, const QString &type = {},
                      const QJsonObject &d = {}) {
            TraceEvent e;
            e.kind = k;
            e.key = key;
            e.type = type;
            e.detail = d;
            return e;
        };
        const Object a =
            Object::make(QStringLiteral("default"), QStringLiteral("x"), QStringLiteral("7"));
        clock.advance(77992);
        j.record(rec(TraceKind::ListCompleted, {}, {},
                     {{QLatin1String("cause"), QStringLiteral("watch expired")},
                      {QLatin1String("items"), 1}}));
        TraceEvent q =
            rec(TraceKind::FifoQueued, QStringLiteral("default/x"), QStringLiteral("Replaced"));
        q.deltas = {Delta::of(DeltaType::Replaced, a)};
        q.object = a;
        q.resourceVersion = QStringLiteral("7");
        j.record(q);
        const quint64 queuedSeq = j.events().back().seq;
        clock.advance(29998);
        const QJsonArray listeners{QJsonObject{{QLatin1String("handler"), QStringLiteral("logger")},
                                               {QLatin1String("resyncPeriodMs"), 30000},
                                               {QLatin1String("due"), true},
                                               {QLatin1String("dueAtMs"), 107000},
                                               {QLatin1String("nextResyncMs"), 137990}}};
        j.record(rec(TraceKind::Resync, {}, {},
                     {{QLatin1String("due"), true},
                      {QLatin1String("periodMs"), 30000},
                      {QLatin1String("listeners"), listeners}}));
        const quint64 tickSeq = j.events().back().seq;
        clock.advance(5000);
        TraceEvent pop = rec(TraceKind::FifoPopped, QStringLiteral("default/x"));
        pop.deltas = q.deltas;
        pop.object = a;
        pop.resourceVersion = QStringLiteral("7");
        j.record(pop);
        TraceEvent n = rec(TraceKind::HandlerNotified, QStringLiteral("default/x"),
                           QStringLiteral("update (resync)"),
                           {{QLatin1String("handler"), QStringLiteral("logger")},
                            {QLatin1String("backlog"), 0},
                            {QLatin1String("latencyMs"), 0}});
        n.object = a;
        n.resourceVersion = QStringLiteral("7");
        j.record(n);
        const QString html = Caption::forEvent(j.events().back(), &j);
        const QString queuedAt = QStringLiteral("at 77.992 s (journal event %1)").arg(queuedSeq);
        for (const QString &must :
             {QStringLiteral("It comes from the Replaced delta queued ") + queuedAt,
              QStringLiteral("It was queued by the Replace of a list (cause: watch expired) "
                             "that completed at 77.992 s"),
              QStringLiteral("logger received it because the resync tick at 107.990 s (journal "
                             "event %1) found its resyncPeriod (30 s) due")
                  .arg(tickSeq),
              QStringLiteral("it is next due at 137.990 s")})
            QVERIFY2(html.contains(must), qPrintable(must + QStringLiteral(" not in: ") + html));
        QVERIFY2(!html.contains(QLatin1String("It was queued by a resync tick")), qPrintable(html));
    }

    // Issue 13 item 7: at a time-travel point an explanation looks at nothing recorded after it
    // (a tick's deliveries, the request after a watch error).
    void explanationStopsAtTheTravelPoint()
    {
        test::StoryWindow s;
        const TraceEvent *tick = nullptr;
        const TraceEvent *watchError = nullptr;
        for (const TraceEvent &e : s.journal.events()) {
            if (e.kind == TraceKind::Resync && !tick)
                tick = &e;
            if (e.kind == TraceKind::WatchError && !watchError)
                watchError = &e;
        }
        QVERIFY(tick && watchError);
        QVERIFY(Caption::forEvent(*tick, &s.journal).contains(QLatin1String("Delivered so far")));
        const QString atTick = Caption::forEvent(*tick, &s.journal, tick->seq);
        QVERIFY2(atTick.contains(QLatin1String("This tick at")) &&
                     atTick.contains(QLatin1String("queued 0 Sync delta(s)")) &&
                     atTick.contains(QLatin1String("No handler has received an update")),
                 qPrintable(atTick));
        QVERIFY(Caption::forEvent(*watchError, &s.journal)
                    .contains(QLatin1String("The next request was a LIST")));
        QVERIFY(!Caption::forEvent(*watchError, &s.journal, watchError->seq)
                     .contains(QLatin1String("The next request")));
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

    // Issue 5's "done when": from the Explain pane alone a newcomer can answer "why did my
    // handler get this update?", "what did the relist do?" and "when did resync fire?".
    void doneWhenQuestions_data()
    {
        QTest::addColumn<int>("which");
        QTest::newRow("why-this-update") << 0;
        QTest::newRow("what-did-the-relist-do") << 1;
        QTest::newRow("when-did-resync-fire") << 2;
        QTest::newRow("why-this-resync-update") << 3;
    }
    void doneWhenQuestions()
    {
        QFETCH(int, which);
        test::StoryWindow s;
        MainWindow &w = *s.window;
        w.settle();
        const std::function<bool(const TraceEvent &)> preds[] = {
            [](const TraceEvent &e) {
                return e.kind == TraceKind::HandlerNotified && e.type == QLatin1String("update") &&
                       e.detail.value(QLatin1String("handler")).toString() ==
                           QLatin1String("pod-logger");
            },
            [](const TraceEvent &e) {
                return e.kind == TraceKind::ListCompleted &&
                       e.detail.value(QLatin1String("cause")).toString() ==
                           QLatin1String("watch expired");
            },
            [](const TraceEvent &e) { return e.kind == TraceKind::Resync; },
            [](const TraceEvent &e) {
                return e.kind == TraceKind::HandlerNotified &&
                       e.type == QLatin1String("update (resync)");
            },
        };
        const int row = journalRow(w.journalModel(), preds[which]);
        QVERIFY(row >= 0);
        const TraceEvent e = w.journalModel()->eventAt(row);
        w.journalView()->setCurrentIndex(w.journalView()->model()->index(row, 0));
        const QString text = w.captionText();
        // The event it came from, with when and where to find it in the journal.
        auto cause = [&](TraceKind kind, bool sameKey) -> const TraceEvent * {
            const TraceEvent *found = nullptr;
            for (const TraceEvent &x : s.journal.events())
                if (x.seq < e.seq && x.kind == kind && (!sameKey || x.key == e.key) &&
                    (!sameKey || x.resourceVersion == e.resourceVersion))
                    found = &x;
            return found;
        };
        auto at = [](const TraceEvent &x) {
            return QStringLiteral("at %1 (journal event %2)").arg(formatTimeMs(x.t)).arg(x.seq);
        };
        QStringList must;
        if (which == 0) {
            const TraceEvent *w0 = cause(TraceKind::WatchEvent, true);
            QVERIFY(w0);
            must << QStringLiteral("Why: the watch event MODIFIED ") + at(*w0)
                 << QStringLiteral("brought resourceVersion ") + e.resourceVersion
                 << QStringLiteral("notified pod-logger");
        } else if (which == 1) {
            // The story's relist lacks known pods, among them items 8 and 14: tombstones.
            must << QStringLiteral("What this list did: Replace queued 17 listed object(s)")
                 << QStringLiteral("tombstone(s) for object(s) missing from it")
                 << QStringLiteral("shop/web-08") << QStringLiteral("shop/db-14")
                 << QStringLiteral("OnDelete");
        } else if (which == 2) {
            must << QStringLiteral("Resync tick (resyncCheckPeriod 30 s) ") + at(e)
                 << QStringLiteral("Delivered so far: pod-logger: ")
                 << QStringLiteral("The next tick comes at %1").arg(formatTimeMs(e.t + 30000))
                 << QStringLiteral("pod-logger: due (it was due at %1), next due at %2")
                        .arg(formatTimeMs(e.t), formatTimeMs(e.t + 30000))
                 << QStringLiteral("slow-audit: no resyncPeriod, not due");
        } else {
            const TraceEvent *tick = cause(TraceKind::Resync, false);
            QVERIFY(tick);
            must << QStringLiteral("queued by a resync tick (DeltaFIFO.Resync) ") + at(*tick);
        }
        for (const QString &m : std::as_const(must))
            QVERIFY2(text.contains(m), qPrintable(m + QStringLiteral(" not in: ") + text));
    }

    // A notification that came with a list names the list's cause in the window's language:
    // the zh_CN text read "完成于 于 … （原因：initial）", the time's "于" twice and the cause
    // as recorded. Both in a journal of a list and an OnAdd from it.
    void notificationFromAListNamesItsCauseTranslated()
    {
        ManualClock clock;
        Journal j(&clock);
        clock.advance(1500);
        TraceEvent list;
        list.kind = TraceKind::ListCompleted;
        list.resourceVersion = QStringLiteral("12");
        list.detail = {{QLatin1String("cause"), QStringLiteral("initial")},
                       {QLatin1String("items"), 1}};
        j.record(list);
        TraceEvent n;
        n.kind = TraceKind::HandlerNotified;
        n.key = QStringLiteral("default/a");
        n.type = QStringLiteral("add");
        n.resourceVersion = QStringLiteral("12");
        n.detail = {{QLatin1String("handler"), QStringLiteral("logger")},
                    {QLatin1String("isInInitialList"), true},
                    {QLatin1String("backlog"), 0},
                    {QLatin1String("latencyMs"), 0}};
        j.record(n);
        const QString en = Caption::forEvent(j.events().back(), &j);
        QVERIFY2(en.contains(QLatin1String("Why: the list that completed at 1.500 s (journal "
                                           "event 1) (cause: initial) had this object")),
                 qPrintable(en));
        const auto backToEnglish = qScopeGuard([] { installTranslation(QStringLiteral("en")); });
        QVERIFY(installTranslation(QStringLiteral("zh_CN")));
        const QString zh = Caption::forEvent(j.events().back(), &j);
        const QString when = Caption::tr("at %1 (journal event %2)").arg(formatTimeMs(1500)).arg(1);
        QVERIFY2(zh.contains(when), qPrintable(zh));
        QVERIFY2(zh.contains(QStringLiteral("（原因：初始）")), qPrintable(zh));
        QVERIFY2(!zh.contains(QLatin1String("initial")), qPrintable(zh));
        QVERIFY2(!zh.contains(QStringLiteral("于 于")) && !zh.contains(QStringLiteral("于于")),
                 qPrintable(zh));
    }

    // Clicking the relist's LIST bar on the timeline explains what that list did.
    void listBarExplainsTheList()
    {
        test::StoryWindow s;
        MainWindow &w = *s.window;
        QVERIFY(s.show());
        const TimelineModel::Span *relist = nullptr;
        for (const auto &s : w.timelineModel()->spans())
            if (s.lane == TimelineModel::Span::Lane::List &&
                s.label == QLatin1String("watch expired"))
                relist = &s;
        QVERIFY(relist && relist->endSeq > 0);
        TimelineWidget *t = w.timelineWidget();
        t->setWindowMs(8000); // the relist, large enough to click between its page ticks
        // Click in the widest stretch of the bar between its page ticks (those explain pages).
        std::vector<qint64> edges{relist->start, relist->end};
        for (const auto &m : w.timelineModel()->marks())
            if (m.kind == TimelineModel::Mark::Kind::ListPage && m.t > relist->start &&
                m.t < relist->end)
                edges.push_back(m.t);
        std::sort(edges.begin(), edges.end());
        qint64 best = 0, mid = 0;
        for (size_t i = 1; i < edges.size(); ++i)
            if (edges[i] - edges[i - 1] > best) {
                best = edges[i] - edges[i - 1];
                mid = (edges[i] + edges[i - 1]) / 2;
            }
        const QPoint at(t->xOfTime(mid), t->plotRect().top() + 6);
        QTest::mouseClick(t, Qt::LeftButton, {}, at);
        QVERIFY2(w.captionText().contains(QLatin1String("What this list did")),
                 qPrintable(w.captionText()));
    }
};

QTEST_MAIN(TestCaption)
#include "tst_caption.moc"
