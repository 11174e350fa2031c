// SPDX-License-Identifier: Apache-2.0
// informer-lens: the window (default), --headless journal printer, or --screenshot.
#include "cli.h"
#include "client/capturelisterwatcher.h"
#include "client/kubeclient.h"
#include "client/restnetworkaccessmanager.h"
#include "controller/hostpathprovisioner.h"
#include "controller/provisioncontroller.h"
#include "controller/queueworker.h"
#include "informer/reflector.h"
#include "informer/transforms.h"
#include "kubectlflags.h"
#include "lens/journalfile.h"
#include "lens/reflectorstatus.h"
#include "messages.h"
#include "process/terminationsignals.h"
#include "process/versiontext.h"
#include "runtime/controller.h"
#include "session/runtimewiring.h"
#include "sim/apiserver.h"
#include "sim/scenario.h"
#include "sim/simulator.h"
#include "trace/journal.h"
#include "trace/journalprinter.h"

#include <QApplication>
#include <QIcon>
#include <QTimer>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <memory>
#include <numeric>
#include <unistd.h>

namespace {

int sum(const QMap<QString, int> &byClass)
{
    int n = 0;
    for (int v : byClass)
        n += v;
    return n;
}

/// `--headless --controller`: what the controller did, on stderr (stdout is the journal). Each
/// sync counted once, as what it came to: a volume saved, a failure (re-queued or given up), or
/// a stop with nothing to do (errStopProvision, which the library's metric counts as failed but
/// is no failure); a provision whose POST found the volume already saved (409) is named apart,
/// and so are the syncs the run's end cut short.
/// `--headless --controller runtime-sample`: controller_runtime_reconcile_total by result, the
/// errors among them and the queue it ran on, on stderr.
void printRuntimeSummary(const lens::runtime::Controller &c)
{
    const auto &m = c.metrics();
    QStringList results;
    for (auto it = m.reconcileTotal.cbegin(); it != m.reconcileTotal.cend(); ++it)
        results << QStringLiteral("%1 %2").arg(it.value()).arg(it.key());
    lens::printNote(
        QStringLiteral("%1: %2 reconcile(s) (%3); %4 error(s), %5 terminal, %6 "
                       "panic(s); %7 worker(s) on the %8")
            .arg(c.name())
            .arg(std::accumulate(m.reconcileTotal.cbegin(), m.reconcileTotal.cend(), quint64(0)))
            .arg(results.isEmpty() ? QStringLiteral("none") : results.join(QLatin1String(", ")))
            .arg(m.reconcileErrorsTotal)
            .arg(m.terminalReconcileErrorsTotal)
            .arg(m.reconcilePanicsTotal)
            .arg(c.options().maxConcurrentReconciles)
            .arg(*c.options().usePriorityQueue ? QStringLiteral("priority queue")
                                               : QStringLiteral("legacy queue")));
}

void printControllerSummary(const lens::controller::ProvisionController &c)
{
    const auto &m = c.metrics();
    const int stopped = sum(m.provisionStoppedTotal);
    const int again = sum(m.provisionAlreadyExistsTotal);
    lens::printNote(
        QStringLiteral("provisioner %1: %2 volume(s) provisioned, %3 provision attempt(s) failed, "
                       "%4 stopped with nothing to do, %5 volume(s) deleted, %6 delete attempt(s) "
                       "failed; at most %7 API write(s) in flight at once")
            .arg(c.options().provisionerName)
            .arg(sum(m.provisionTotal) - again)
            .arg(sum(m.provisionFailedTotal) - stopped)
            .arg(stopped)
            .arg(sum(m.deleteTotal))
            .arg(sum(m.deleteFailedTotal))
            .arg(c.client()->peakInFlight()));
    if (again > 0)
        lens::printNote(
            QStringLiteral("%1 more provision(s) found the volume already saved by an earlier sync "
                           "(409 AlreadyExists), which the library counts as provisioned")
                .arg(again));
    int inFlight = 0;
    for (const auto &workers : {c.claimWorkers(), c.volumeWorkers()})
        for (const lens::controller::QueueWorker *w : workers)
            inFlight += w->isBusy();
    if (inFlight > 0)
        lens::printNote(
            QStringLiteral("%1 sync(s) were still in flight when the run ended (not counted above)")
                .arg(inFlight));
    if (c.client()->refusedCount() > 0)
        lens::printNote(QStringLiteral("%1 write(s) were refused and not sent: this is not the "
                                       "built-in cluster and --allow-writes was not given")
                            .arg(c.client()->refusedCount()));
}

/// At the end of a `--headless` run, or of any run a signal stopped: how much of the journal the
/// run kept, so a long run (a soak, scripts/soak) can see that the journal stayed at its cap.
void printJournalSummary(const lens::Journal &journal)
{
    lens::printNote(QStringLiteral("journal: %1 event(s) held (cap %2), %3 older event(s) dropped, "
                                   "last seq %4")
                        .arg(qulonglong(journal.events().size()))
                        .arg(qlonglong(journal.capacity()))
                        .arg(qulonglong(journal.droppedCount()))
                        .arg(qulonglong(journal.lastSeq())));
}

} // namespace

/// Holds /dev/null on each standard descriptor the caller closed (`>&-`): the next file this
/// process opens (an eventfd, a socket pair) would otherwise take its number, and the journal
/// or a message would be written into it. True when standard output was closed.
static bool holdClosedStandardDescriptors()
{
    bool stdoutClosed = false;
    for (int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) {
        if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        // The lowest free number: this one, since the lower ones are open by now.
        const int held = ::open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY);
        if (held != fd && held >= 0)
            ::close(held);
        stdoutClosed = stdoutClosed || fd == STDOUT_FILENO;
    }
    return stdoutClosed;
}

int main(int argc, char **argv)
{
    const bool stdoutClosed = holdClosedStandardDescriptors();
    // `kubectl lens`: every line on stderr is signed as kubectl's plugin (messages.h).
    lens::setRunsAsKubectlPlugin(
        argc > 0 && lens::runsAsKubectlPlugin(QStringList{QString::fromLocal8Bit(argv[0])}));
    lens::dropPlatformNotices();
    bool headless = false;
    bool needsNoScreen = false; // --help, --version and --screenshot render without a display
    bool screenshot = false;
    for (int i = 1; i < argc; ++i) {
        headless = headless || std::strcmp(argv[i], "--headless") == 0;
        screenshot = screenshot || std::strcmp(argv[i], "--screenshot") == 0;
        // --scale F: Qt reads its scale factor when the application starts (checked again,
        // with a message, by parseCommandLine()).
        if (std::strcmp(argv[i], "--scale") == 0 && i + 1 < argc)
            qputenv("QT_SCALE_FACTOR", argv[i + 1]);
        else if (std::strncmp(argv[i], "--scale=", 8) == 0)
            qputenv("QT_SCALE_FACTOR", argv[i] + 8);
        for (const char *flag : {"--help", "-h", "--version", "--screenshot", "--list-scenarios"})
            needsNoScreen = needsNoScreen || std::strcmp(argv[i], flag) == 0;
    }
    if (headless && stdoutClosed) {
        lens::printError(QStringLiteral("standard output is closed: --headless has nowhere to "
                                        "print the journal"));
        return 1;
    }
    const bool hasDisplay = qEnvironmentVariableIsSet("DISPLAY") ||
                            qEnvironmentVariableIsSet("WAYLAND_DISPLAY") ||
                            qEnvironmentVariableIsSet("QT_QPA_PLATFORM");
    // A picture is drawn off screen even on a desktop: the same pixels whatever the display's
    // DPI, fonts and window manager (QT_QPA_PLATFORM, when set, still wins).
    if (screenshot && !qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (!headless && !hasDisplay) {
        if (!needsNoScreen) {
            // Bad arguments are exit 2 with their own message, display or not.
            QStringList args;
            for (int i = 0; i < argc; ++i)
                args << QString::fromLocal8Bit(argv[i]);
            if (const lens::CommandLine cl = lens::parseCommandLine(args); !cl.error.isEmpty()) {
                lens::printUsageError(cl.error);
                return 2;
            }
            lens::printError(QStringLiteral("no display (DISPLAY is not set). Run it on a desktop, "
                                            "under xvfb-run, or with --headless or --screenshot."));
            return 1;
        }
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    std::unique_ptr<QCoreApplication> app(headless ? new QCoreApplication(argc, argv)
                                                   : new QApplication(argc, argv));
    QCoreApplication::setApplicationName(QStringLiteral("informer-lens"));
    if (qobject_cast<QGuiApplication *>(app.get())) {
        // The application id the desktop file, the AppStream metainfo and the icons share.
        QGuiApplication::setDesktopFileName(QStringLiteral("io.github.informerlens.InformerLens"));
        QGuiApplication::setWindowIcon(
            QIcon(QStringLiteral(":/icons/io.github.informerlens.InformerLens.svg")));
    }
    // SIGTERM, SIGINT, SIGHUP: the run ends as it ends on its own (recording closed, summary
    // printed, exit 0 once synced); a second one ends it at once.
    QString signalError;
    bool stoppedBySignal = false;
    if (auto *termination = lens::TerminationSignals::install(app.get(), &signalError)) {
        QObject::connect(
            termination, &lens::TerminationSignals::terminationRequested, app.get(),
            [&stoppedBySignal](int signalNumber) {
                stoppedBySignal = true;
                lens::printNote(
                    QStringLiteral("%1 received; stopping (send it again to stop at once)")
                        .arg(lens::TerminationSignals::nameOf(signalNumber)));
                // quit() does nothing before the main loop runs (Qt 6.4 checks in_exec);
                // exit() also ends a local loop under way (discovery, a credential plugin),
                // which then reports that it was interrupted.
                QCoreApplication::quit();
                QCoreApplication::exit(0);
            });
    } else {
        lens::printNote(signalError);
    }
    // --version names Qt and the heap allocator too: its figures differ from glibc's.
    QCoreApplication::setApplicationVersion(lens::versionText());

    const lens::CommandLine cl = lens::parseCommandLine(QCoreApplication::arguments());
    if (!cl.error.isEmpty()) {
        lens::printUsageError(cl.error);
        return 2;
    }
    lens::RestNetworkAccessManager::setVerbosity(cl.verbosity);
    if (cl.listScenarios) {
        for (const QString &name : lens::sim::Scenario::shippedNames())
            std::printf("%s\n", qPrintable(name));
        return 0;
    }
    if (!cl.headless)
        lens::installCaptureOpener(cl);
    if (!cl.openPath.isEmpty())
        return lens::runRecording(cl);
    lens::Session session(cl.session);
    std::unique_ptr<lens::JournalPrinter> printer;
    if (cl.headless) {
        std::fflush(stdout);
        printer = std::make_unique<lens::JournalPrinter>(session.journal(), STDOUT_FILENO);
        // A termination signal while the reader takes nothing: stop waiting for it.
        printer->setGiveUpWhen(&lens::TerminationSignals::requested);
        // Nothing more can reach the reader (a full disk, `| head` gone): end the run.
        QObject::connect(printer.get(), &lens::JournalPrinter::writeFailed, app.get(),
                         [] { QCoreApplication::exit(0); });
    }
    // Discovery of many resources (each a round trip on a far cluster): say how far it is.
    QObject::connect(&session, &lens::Session::discoveryProgressed, app.get(),
                     [](int resolved, int total, const QString &resource, qint64 elapsedMs) {
                         lens::printNote(QStringLiteral("discovery: %1 of %2 resources resolved "
                                                        "(the last \"%3\") in %4 s")
                                             .arg(resolved)
                                             .arg(total)
                                             .arg(resource)
                                             .arg(double(elapsedMs) / 1000.0, 0, 'f', 1));
                     });
    // --duration also bounds the start: a start still waiting when it has passed (discovery of
    // a server that does not answer, a credential plugin) is stopped. exit() ends a local event
    // loop under way, which then reports that it was interrupted. The run's own SECONDS count
    // from the end of the start, below.
    bool durationPassed = false;
    QTimer startDeadline;
    startDeadline.setSingleShot(true);
    QObject::connect(&startDeadline, &QTimer::timeout, app.get(), [&durationPassed] {
        durationPassed = true;
        QCoreApplication::quit();
        QCoreApplication::exit(0);
    });
    if (cl.durationSec > 0)
        startDeadline.start(std::chrono::milliseconds(qint64(cl.durationSec * 1000)));
    QString error;
    const bool started = session.start(&error);
    startDeadline.stop();
    // A kubeconfig, client key or token file others may read (helm's words), once.
    for (const QString &w : session.startWarnings())
        lens::printNote(QStringLiteral("WARNING: ") + w);
    if (!started) {
        lens::printError(error);
        if (durationPassed)
            lens::printNote(QStringLiteral("--duration's %1 s passed before the start was over")
                                .arg(cl.durationSec));
        if (lens::TerminationSignals::requested() || durationPassed)
            printJournalSummary(*session.journal());
        return 1;
    }
    // A termination signal or the end of --duration during the start (discovery, a credential
    // plugin): its quit() ended a local event loop or none at all, so the run ends at its
    // first turn, with its summary.
    if (lens::TerminationSignals::requested() || durationPassed)
        QTimer::singleShot(0, app.get(), &QCoreApplication::quit);
    // The built-in cluster says where it listens (loopback only: Simulator::Options' default).
    if (session.simulator())
        lens::printNote(QStringLiteral("built-in cluster at %1; %2")
                            .arg(session.simulator()->url().toString(),
                                 session.simulator()->server()->listeningSummary()));
    // --kubeconfig-out: kubectl on the very cluster this run shows.
    if (!cl.kubeconfigOutPath.isEmpty()) {
        if (!session.simulator()) {
            lens::printError(QStringLiteral("--kubeconfig-out: no built-in cluster runs"));
            return 1;
        }
        if (!session.simulator()->writeKubeconfig(cl.kubeconfigOutPath, &error)) {
            lens::printError(error);
            return 1;
        }
        lens::printNote(QStringLiteral("kubeconfig for the built-in cluster written to %1")
                            .arg(cl.kubeconfigOutPath));
    }
    // The built-in provisioner's knobs, before its workers start (after the caches sync).
    if (lens::controller::HostPathProvisioner *prov = session.provisioner()) {
        if (cl.provisionLatencyMs >= 0)
            prov->setLatencyMs(cl.provisionLatencyMs, prov->deleteLatencyMs());
        if (cl.failProvisions > 0)
            prov->failNext(cl.failProvisions);
    }
    // A capture read only in part says so on stderr too (the journal's first event has it).
    if (session.capture() && !session.capture()->warning().isEmpty())
        lens::printNote(session.capture()->warning());
    // --record: the header names the source (known once started), the journal's events so far
    // go first, then every event as it is recorded; the file is closed when the run ends.
    std::unique_ptr<lens::JournalRecorder> recorder;
    if (!cl.recordPath.isEmpty()) {
        recorder = std::make_unique<lens::JournalRecorder>(session.journal());
        if (!recorder->start(cl.recordPath,
                             lens::headerFor(*session.journal(), session.sourceDescription(),
                                             session.informerNames()),
                             &error)) {
            lens::printError(error);
            return 1;
        }
    }
    auto finish = [&recorder, &error](int code) {
        if (recorder && !recorder->stop(&error)) {
            lens::printError(error);
            return code == 0 ? 1 : code;
        }
        return code;
    };
    if (cl.durationSec > 0)
        QTimer::singleShot(qint64(cl.durationSec * 1000), app.get(), &QCoreApplication::quit);
    if (cl.headless && !cl.session.scenario.isEmpty()) {
        // The scenario's last step is its end: let the events it caused settle, then exit.
        // With --at the end is the stop time (the clock goes on to it, resync ticks on the way).
        if (cl.session.stopAtMs < 0)
            session.whenScenarioFinished(
                app.get(), [&app] { QTimer::singleShot(200, app.get(), &QCoreApplication::quit); });
        // --at: the clock stands at the stop time and everything before it has settled.
        QObject::connect(&session, &lens::Session::scenarioStopTimeReached, app.get(),
                         &QCoreApplication::quit);
    }
    if (cl.headless && !cl.session.watchCapture.isEmpty()) {
        // The capture's last event is its end: let it settle, then exit (only the window keeps
        // the silent watch open).
        QObject::connect(session.journal(), &lens::Journal::eventRecorded, app.get(),
                         [&app](const lens::TraceEvent &e) {
                             if (e.component == QLatin1String("capture") &&
                                 e.type == QLatin1String("ended"))
                                 QTimer::singleShot(200, app.get(), &QCoreApplication::quit);
                         });
    }
    if (cl.headless) {
        // A run in which an informer never synced is a failure a script must see: exit 3, one
        // line per such informer with its last list/watch error (a scenario may start an
        // informer later: its Reflector is followed from then on).
        QHash<QString, QString> lastError;
        auto follow = [&app, &lastError](lens::SharedIndexInformer *inf) {
            if (inf->reflector())
                QObject::connect(inf->reflector(), &lens::Reflector::errorOccurred, app.get(),
                                 [&lastError, name = inf->name()](const QString &m) {
                                     lastError.insert(name, m);
                                 });
        };
        for (lens::SharedIndexInformer *inf : session.informers())
            follow(inf);
        QObject::connect(session.factory(), &lens::SharedInformerFactory::informersStarted,
                         app.get(), [&session, follow](const QStringList &names) {
                             for (const QString &n : names)
                                 if (lens::SharedIndexInformer *inf = session.informerNamed(n))
                                     follow(inf);
                         });
        const int rc = finish(app->exec());
        // Every line out before the summary: the writer thread may still hold some.
        const bool written = printer->finish();
        if (!written)
            lens::printError(QStringLiteral("writing the journal to standard output failed: %1; "
                                            "at least %2 of %3 line(s) were written")
                                 .arg(printer->error())
                                 .arg(printer->linesWritten())
                                 .arg(printer->linesPrinted()));
        if (printer->stalledMs() >= 1)
            lens::printNote(QStringLiteral("the reader of standard output was slower than the "
                                           "journal: the informer waited %1 ms in all for it "
                                           "(no line was dropped)")
                                .arg(qRound64(printer->stalledMs())));
        bool allSynced = true;
        const bool one = session.informers().size() == 1;
        for (const lens::SharedIndexInformer *inf : session.informers()) {
            if (inf->hasSynced())
                continue;
            allSynced = false;
            const QString err = lastError.value(inf->name());
            const QString who = one ? QStringLiteral("the informer")
                                    : QStringLiteral("the informer %1").arg(inf->name());
            // Why, from its journal: what its Reflector was doing when the run ended, and for
            // how long (a LIST not answered, a WatchList waiting for its end bookmark, a
            // backoff, a paused Pop).
            const lens::ReflectorStatus status({session.journal(), inf->name()});
            QString why = status.notSyncedReason(status.nowMs());
            // No Reflector event left in a journal that dropped its oldest: what it did is not
            // known from the journal (not "never sent a LIST").
            if (const quint64 dropped = session.journal()->droppedCount();
                dropped > 0 && status.state() == lens::ReflectorStatus::State::Stopped)
                why = QStringLiteral("the journal no longer holds its Reflector's events (its "
                                     "oldest %1 were dropped at its cap of %2), so what the "
                                     "Reflector was doing is not known from it")
                          .arg(dropped)
                          .arg(session.journal()->capacity());
            lens::printError(
                QStringLiteral("%1 never synced (HasSynced stayed false)%2%3%4")
                    .arg(who, err.isEmpty() ? QString() : QStringLiteral("; last error: "), err,
                         why.isEmpty() ? QString()
                                       : QStringLiteral("; when the run ended, ") + why));
        }
        if (const lens::controller::ProvisionController *c = session.provisionController())
            printControllerSummary(*c);
        if (const lens::runtime::Controller *c = session.runtimeController())
            printRuntimeSummary(*c);
        if (const lens::RuntimeWiring *w = session.compareWiring())
            printRuntimeSummary(*w->controller());
        if (const lens::TransformTally *t = session.transformTally())
            lens::printNote(lens::describeSaving(*t));
        if (const QString packed = session.packingSummary(); !packed.isEmpty())
            lens::printNote(packed);
        printJournalSummary(*session.journal());
        if (rc == 0 && !written)
            return 1; // the journal, the output a script asked for, did not reach it
        return rc == 0 && !allSynced ? 3 : rc;
    }
    const int rc = finish(lens::runWindow(session, cl));
    if (stoppedBySignal)
        printJournalSummary(*session.journal());
    return rc;
}
