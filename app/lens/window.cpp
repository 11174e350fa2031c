// SPDX-License-Identifier: Apache-2.0
#include "cli.h"

#include "api/objectpacker.h"
#include "client/metricsscraper.h"
#include "controller/hostpathprovisioner.h"
#include "fonts.h"
#include "i18n.h"
#include "informer/reflector.h"
#include "lens/keyhistorymodel.h"
#include "lens/queuemodel.h"
#include "mainwindow.h"
#include "memorystatus.h"
#include "messages.h"
#include "metricspanel.h"
#include "pipelinewidget.h"
#include "playgroundmodel.h"
#include "playgroundpanel.h"
#include "runtimecontrols.h"
#include "screenshot.h"
#include "session/lesson.h"
#include "session/simulatoraccess.h"
#include "sim/churn.h"
#include "sim/scenarioplayer.h"
#include "sim/simulator.h"
#include "simulatorpanel.h"
#include "timelinewidget.h"
#include "trace/journal.h"
#include "transformstatus.h"
#include "workqueuepanel.h"

#include <QApplication>
#include <QProcess>
#include <QTimer>

#include <cstdio>
#include <memory>

namespace lens {

bool writeScreenshot(MainWindow &window, const CommandLine &cl, QString *error)
{
    if (!cl.panel.isEmpty())
        return window.exportView(cl.panel, cl.screenshotPath, error);
    return grabWindowToPng(&window, cl.screenshotPath, error);
}

namespace {
/// With --view playground (alone or in a list), the picture shows the first script part-way:
/// its first three outputs and the queue after them, not an empty output.
void showPlaygroundPartWay(MainWindow &window, const CommandLine &cl)
{
    if (!cl.view.split(QLatin1Char(',')).contains(QLatin1String("playground")))
        return;
    PlaygroundRunner *r = window.playgroundPanel()->runner();
    while (!r->atEnd() && r->outputs().size() < 3)
        r->step();
}

/// --screenshot: once the informer has synced, pause the Pop pump so the cluster's changes pile
/// up in the DeltaFIFO where they can be seen, let it run `waitSec`, select the key at the head
/// of the queue (its history fills the history view), wait for the views to settle, write the
/// PNG and quit. With --scenario: wait for the scenario's last step instead, let the views settle
/// and take the picture then (the timeline shows the whole story, the caption pane its last
/// caption). With --watch-capture: wait for the capture's end instead (every event popped and
/// handled). Exit code 0 on success, 1 with a message otherwise (naming the last list/watch
/// error when the informer never synced).
void armScreenshot(Session &session, MainWindow &window, const CommandLine &cl)
{
    // The first outcome wins: a timeout during the pause is not followed by a picture.
    auto done = std::make_shared<bool>(false);
    auto fail = [done](const QString &why) {
        if (std::exchange(*done, true))
            return;
        lens::printError(QStringLiteral("no screenshot: %1").arg(why));
        QCoreApplication::exit(1);
    };
    QTimer::singleShot(cl.screenshotTimeoutSec * 1000, &window, [&session, fail, cl] {
        if (session.informer() && session.informer()->hasSynced())
            return fail(QStringLiteral("the views did not settle in time"));
        // The last list/watch error the journal recorded names the cause of a sync that never
        // came, as --headless does (any informer's: a scenario may create them late).
        QString lastError;
        const auto &events = session.journal()->events();
        for (auto it = events.rbegin(); it != events.rend() && lastError.isEmpty(); ++it)
            if (it->kind == TraceKind::ListFailed || it->kind == TraceKind::WatchError)
                lastError = it->detail.value(QLatin1String("error")).toString();
        fail(QStringLiteral("the informer did not sync in %1 s (%2)%3%4")
                 .arg(cl.screenshotTimeoutSec)
                 .arg(session.sourceDescription(),
                      lastError.isEmpty() ? QString() : QStringLiteral("; last error: "),
                      lastError));
    });
    auto capture = [&window, cl, fail, done] {
        if (*done)
            return;
        QString err;
        if (!writeScreenshot(window, cl, &err))
            return fail(err);
        *done = true;
        std::printf("%s\n", qPrintable(cl.screenshotPath));
        QCoreApplication::exit(0);
    };
    if (session.options().reproducible) {
        // --at: the scenario stopped at its time and nothing has been journaled for a while.
        // From here the views see no more events (a reflector timer firing later in real time
        // cannot change the picture), and nothing shown reads the wall clock.
        if (auto *pipeline = window.findChild<PipelineWidget *>(QStringLiteral("pipeline")))
            pipeline->setRatesShown(false);
        QObject::connect(
            &session, &Session::scenarioStopTimeReached, &window,
            [&session, &window, cl, capture] {
                session.journal()->blockSignals(true);
                window.settle();
                // A lesson selected the key its caption names; otherwise the story's last key.
                if (!session.options().lesson || window.keyHistoryModel()->key().isEmpty())
                    window.selectNewestKey();
                showPlaygroundPartWay(window, cl);
                window.settle();
                // Posted layout and scroll requests run first (the journal scrolls to its end).
                // A Simulator tab on screen shows the cluster's state at the stop time: asked
                // for now, over HTTP, and pictured once the answer is in.
                auto *simulator = window.findChild<SimulatorPanel *>();
                if (simulator && simulator->isVisible()) {
                    QObject::connect(
                        simulator, &SimulatorPanel::refreshed, &window,
                        [&window, capture] { QTimer::singleShot(0, &window, capture); },
                        Qt::SingleShotConnection);
                    simulator->fetchStateNow();
                    return;
                }
                QTimer::singleShot(0, &window, capture);
            },
            Qt::SingleShotConnection);
        return;
    }
    // A scenario's or a capture's end, once every informer is idle: the newest key selected,
    // its history shown, then the picture. Posted layout and scroll requests run first (the
    // key history scrolls to its newest rows).
    auto captureNewestWhenIdle = [&session, &window, capture] {
        session.whenInformersIdle(&window, [&window, capture] {
            window.settle();
            window.selectNewestKey();
            window.settle();
            QTimer::singleShot(0, &window, capture);
        });
    };
    if (session.scenarioPlayer()) {
        session.whenScenarioFinished(&window, [&window, captureNewestWhenIdle] {
            // The last step's reactions (a watch's events, a relist) come in real time.
            QTimer::singleShot(800, &window, captureNewestWhenIdle);
        });
        return;
    }
    if (session.capture()) {
        // A capture syncs at once on an empty LIST, before its first event: pausing the pump
        // then would leave every event in the DeltaFIFO and no handler notified. Picture the
        // whole replay instead, once the journal says the capture ended and the views settled.
        QObject::connect(session.journal(), &Journal::eventRecorded, &window,
                         [captureNewestWhenIdle](const TraceEvent &e) {
                             // Every event popped and handled: however long a loaded
                             // machine takes for the last ones.
                             if (e.component == QLatin1String("capture") &&
                                 e.type == QLatin1String("ended"))
                                 captureNewestWhenIdle();
                         });
        return;
    }
    auto whenSynced = [&session, &window, cl, capture] {
        if (cl.screenshotPauseSec > 0)
            session.informer()->controller()->pause();
        QTimer::singleShot(
            int(cl.screenshotPauseSec * 1000), &window, [&session, &window, cl, capture] {
                // Hold the built-in cluster still, so the picture shows one settled moment.
                if (session.churn())
                    session.churn()->setIntervalMs(0);
                if (window.queueModel()->rowCount() > 0)
                    window.selectKey(
                        window.queueModel()->index(0, 0).data(QueueModel::KeyRole).toString());
                showPlaygroundPartWay(window, cl);
                window.settle();
                if (window.isSettled()) {
                    QTimer::singleShot(0, &window, capture); // scrolls first
                    return;
                }
                auto once = std::make_shared<bool>(false);
                auto captureOnce = [once, capture] {
                    if (!std::exchange(*once, true))
                        capture();
                };
                QObject::connect(&window, &MainWindow::settled, &window, captureOnce,
                                 Qt::SingleShotConnection);
                // A busy real cluster may never fall quiet: take what the views show after 2 s.
                QTimer::singleShot(2000, &window, [&window, captureOnce] {
                    window.settle();
                    captureOnce();
                });
            });
    };
    if (session.informer()->hasSynced())
        whenSynced();
    else
        QObject::connect(&session, &Session::synced, &window, whenSynced, Qt::SingleShotConnection);
}
} // namespace

bool applyLook(const CommandLine &cl)
{
    if (!cl.lang.isEmpty() && !installTranslation(cl.lang)) {
        lens::printError(QStringLiteral("no translation for --lang %1 (try: %2)")
                             .arg(cl.lang, availableLanguages().join(QLatin1Char(' '))));
        return false;
    }
    installBundledFonts();
    // Exact pictures do not depend on the desktop's palette either.
    const QString theme =
        cl.theme.isEmpty() && cl.session.reproducible ? QStringLiteral("light") : cl.theme;
    if (!theme.isEmpty() && !applyTheme(theme)) {
        lens::printError(QStringLiteral("--theme takes light or dark"));
        return false;
    }
    return true;
}

bool showRequestedView(MainWindow &window, const CommandLine &cl)
{
    for (const QString &view : cl.view.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (!window.showView(view)) {
            lens::printError(
                QStringLiteral(
                    "--view takes one of: %1, lesson (with --scenario), "
                    "workqueue (with --controller), priorityqueue (with a controller-runtime "
                    "controller), metrics; not %2")
                    .arg(MainWindow::viewNames().join(QStringLiteral(", ")), view));
            return false;
        }
    }
    return true;
}

int runWindow(Session &session, const CommandLine &cl)
{
    if (!applyLook(cl))
        return 2;
    // One body of views per informer of the factory, picked in the informer bar; the first
    // is shown.
    MainWindow window(session.journal(), session.informer()->controller());
    QList<MainWindow::InformerEntry> entries;
    for (SharedIndexInformer *i : session.informers())
        entries.append({i->name(), i, i->controller()});
    window.setInformers(entries);
    // The Simulator tab talks to the built-in cluster over HTTP. Exact pictures poll nothing
    // (a poll on real time would land anywhere in the scenario): the state is asked for once,
    // at the picture.
    if (const sim::Simulator *simulator = session.simulator()) {
        const bool exact = session.options().reproducible;
        SimulatorAccess access = simulatorAccess(*simulator, exact ? 0 : 1000);
        access.hidePort = exact;
        access.journal = session.journal();
        window.setSimulator(access);
    }
    // The controller's rooms: the Workqueue tab and the built-in provisioner's knobs.
    if (controller::HostPathProvisioner *prov = session.provisioner()) {
        ProvisionerControls controls;
        controls.setLatencyMs = [prov](qint64 ms) {
            prov->setLatencyMs(ms, prov->deleteLatencyMs());
        };
        controls.latencyMs = [prov] { return prov->provisionLatencyMs(); };
        controls.failNext = [prov](int n) { prov->failNext(n); };
        controls.pendingFailures = [prov] { return prov->pendingFailures(); };
        controls.setFailClass = [prov](const QString &cls, bool fail) {
            prov->setFailClass(cls, fail);
        };
        controls.failingClasses = [prov] { return prov->failingClasses(); };
        window.setControllerControls(controls);
        // The timeline's room goes to the claims, the volumes and the workers: the classes'
        // lanes start folded (a click on their header unfolds them).
        window.timelineWidget()->setCollapsed(QStringLiteral("storageclasses"), true);
    }
    // --controller runtime-sample (or a cr-* scenario's controller: section): the Priority
    // queue tab with the Sample controller box, shown at start (--view may choose another).
    if (RuntimeWiring *wiring = session.runtimeWiring())
        attachRuntimeControls(window, wiring);
    // The managedFields-stripping transform: its saving in the status bar, and File ▸ Strip
    // managedFields to start again with or without it (a transform is set before the start).
    new TransformStatus(&window, session.transformTally(), [](bool on) {
        QStringList args = QCoreApplication::arguments().mid(1);
        args.removeAll(QStringLiteral("--strip-managed-fields"));
        if (on)
            args << QStringLiteral("--strip-managed-fields");
        if (QProcess::startDetached(QCoreApplication::applicationFilePath(), args))
            QCoreApplication::quit();
    });
    // Memory per view: the informers' caches, summed, beside the journal and the views.
    window.memoryStatus()->setCaches([&session] {
        PartMemory caches;
        for (const SharedIndexInformer *informer : session.informers()) {
            caches.items += informer->indexer().size();
            caches.objectBytes += informer->indexer().objectBytes();
            caches.ownBytes += informer->indexer().ownBytes();
        }
        const PackTotals packed = session.packingTotals();
        caches.packedObjects = packed.objects;
        caches.packedJsonBytes = packed.jsonBytes;
        caches.packedBytes = packed.packedBytes;
        return caches;
    });
    window.setSourceDescription(session.sourceDescription());
    QObject::connect(&session, &Session::captionChanged, &window, &MainWindow::showScenarioCaption);
    if (sim::ScenarioPlayer *player = session.scenarioPlayer()) {
        // Title and captions follow the Language menu: each is looked up again in the
        // scenario's own translations (title_zh_CN:, caption_zh_CN:).
        window.setScenarioControls(
            [player](const QString &lang) { return player->scenario().titleIn(lang); },
            player->speed(), [player](bool paused) { player->setPaused(paused); },
            [player](double speed) { player->setSpeed(speed); });
        // Captions are compared as shown: with their values ({threadiness}) filled in.
        window.setScenarioCaptionTranslation([player](const QString &text, const QString &lang) {
            for (const sim::ScenarioStep &s : player->scenario().steps) {
                bool shown = player->stepCaption(s, {}) == text;
                for (auto it = s.translatedText.cbegin(); !shown && it != s.translatedText.cend();
                     ++it)
                    shown = player->stepCaption(s, it.key()) == text;
                if (shown)
                    return player->stepCaption(s, lang);
            }
            return text;
        });
        if (Lesson *lesson = session.lesson())
            window.setLessonControls({[lesson](bool on) { lesson->setEnabled(on); },
                                      [lesson] { return lesson->next(); }});
    }
    // --attach-metrics: the Metrics tab comes forward (a --view given wins: it is shown next).
    if (session.metricsScraper()) {
        window.showView(QStringLiteral("metrics"));
        window.metricsPanel()->setPendingTarget(session.metricsScraper()->target().toString());
    }
    if (!showRequestedView(window, cl))
        return 2;
    window.resize(cl.windowSize);
    window.show();
    if (!cl.screenshotPath.isEmpty())
        armScreenshot(session, window, cl);
    return QApplication::exec();
}

} // namespace lens
