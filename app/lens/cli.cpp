// SPDX-License-Identifier: Apache-2.0
#include "cli.h"

#include "kubectlflags.h"

#include "i18n.h"
#include "mainwindow.h"
#include "metrics/scrapetarget.h"
#include "session/informerplan.h"

#include <QCommandLineParser>

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace lens {

namespace {
/// `--watch-list=VALUES` (kubectl's way of giving a boolean flag a value, as pflag takes
/// `--flag=false`) becomes the hidden `--watch-list-modes VALUES`: QCommandLineParser has no
/// option that takes a value only after '='. A bare `--watch-list` stays the flag.
QStringList withWatchListValues(QStringList args)
{
    static const QString prefix = QStringLiteral("--watch-list=");
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--"))
            break;
        if (args[i].startsWith(prefix)) {
            const QString value = args[i].mid(prefix.size());
            args[i] = QStringLiteral("--watch-list-modes");
            args.insert(i + 1, value);
            ++i;
        }
    }
    return args;
}

/// "true,false" → {true, false}; false for anything but true/false words.
bool parseWatchListModes(const QString &value, QList<bool> *out)
{
    out->clear();
    for (const QString &word : value.split(QLatin1Char(','))) {
        const QString w = word.trimmed().toLower();
        if (w == QLatin1String("true"))
            *out << true;
        else if (w == QLatin1String("false"))
            *out << false;
        else
            return false;
    }
    return !out->isEmpty();
}
/// --max-concurrent-reconciles, --use-priority-queue, --reconcile-latency, --requeue-after
/// (in that order in `o`) into c->session.runtime; a bad value sets c->error.
void readRuntimeFlags(const QCommandLineParser &p, const QList<QCommandLineOption> &o,
                      CommandLine *c)
{
    Session::Options::RuntimeFlags &f = c->session.runtime;
    bool ok = true;
    if (p.isSet(o.at(0))) {
        const int n = p.value(o.at(0)).toInt(&ok);
        if (!ok || n < 1 || n > 64)
            c->error = QStringLiteral("--max-concurrent-reconciles needs a whole number from 1 "
                                      "to 64 (got \"%1\")")
                           .arg(p.value(o.at(0)));
        f.maxConcurrentReconciles = n;
    }
    if (p.isSet(o.at(1))) {
        const QString v = p.value(o.at(1)).toLower();
        if (v != QLatin1String("true") && v != QLatin1String("false"))
            c->error = QStringLiteral("--use-priority-queue takes true or false (got \"%1\")")
                           .arg(p.value(o.at(1)));
        f.usePriorityQueue = v == QLatin1String("true");
    }
    for (int i : {2, 3}) {
        if (!p.isSet(o.at(i)))
            continue;
        const qint64 ms = p.value(o.at(i)).toLongLong(&ok);
        if (!ok || ms < 0 || ms > 3600000)
            c->error = QStringLiteral("--%1 needs milliseconds from 0 to 3600000 (got \"%2\")")
                           .arg(o.at(i).names().constFirst(), p.value(o.at(i)));
        (i == 2 ? f.reconcileLatencyMs : f.requeueAfterMs) = ms;
    }
}

} // namespace

CommandLine parseCommandLine(const QStringList &arguments)
{
    CommandLine c;
    QCommandLineParser p;
    c.kubectlPlugin = runsAsKubectlPlugin(arguments);
    // As kubectl's plugin the kubeconfig is the source; as itself, the built-in cluster unless
    // a kubeconfig, --server or a capture is named.
    const QString source =
        c.kubectlPlugin
            ? QStringLiteral("kubectl lens: Informer Lens as kubectl's plugin. Like kubectl it "
                             "watches the cluster of your kubeconfig ($KUBECONFIG or "
                             "~/.kube/config; --kubeconfig, --context) and takes kubectl's flags; "
                             "the window shows client-go's informer at work on the resources you "
                             "name (default pods in the context's namespace; -A for all).\n"
                             "Informer Lens shows client-go's informer machinery at work: the "
                             "Reflector's list and watch, the DeltaFIFO, the Indexer and "
                             "resync.\n")
            : QStringLiteral("Informer Lens shows client-go's informer machinery at work: the "
                             "Reflector's list and watch, the DeltaFIFO, the Indexer and "
                             "resync.\n"
                             "By default it starts a built-in simulated Kubernetes API server on "
                             "127.0.0.1 and watches its pods and nodes in all namespaces, one "
                             "informer each from one SharedInformerFactory.\n");
    p.setApplicationDescription(
        source + QStringLiteral(
                     "SIGTERM, SIGINT (Ctrl-C) and SIGHUP end a run as it ends on its own: the "
                     "recording is closed and the summary printed, with the exit code below; a "
                     "second one ends it at once, killed by that signal (a shell reports 128 + "
                     "its number: 130 for SIGINT, 129 SIGHUP, 143 SIGTERM).\n"
                     "Exit codes: 0 the run ended after the informer synced; 1 it could not "
                     "start (the reason is on stderr), --screenshot gave up or --headless could "
                     "not write its journal; 2 bad arguments; "
                     "3 --headless ended with an informer that never synced (each one is named on "
                     "stderr)."));
    const KubectlFlags k(c.kubectlPlugin);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Displays help on commandline options."));
    const QCommandLineOption version(QStringLiteral("version"),
                                     QStringLiteral("Displays version information: Informer "
                                                    "Lens's, Qt's and the heap allocator's."));
    const QCommandLineOption headless(
        QStringLiteral("headless"), QStringLiteral("No window: print the journal as JSON Lines."));
    const QCommandLineOption duration(
        QStringLiteral("duration"),
        QStringLiteral("End the run SECONDS after its start (discovery, a credential plugin) "
                       "is over; a start still waiting SECONDS in is stopped."),
        QStringLiteral("SECONDS"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QStringLiteral("Wait until the informer has synced and the views have settled, write a "
                       "PNG of the window to FILE and exit."),
        QStringLiteral("FILE"));
    const QCommandLineOption resync(QStringLiteral("resync"),
                                    QStringLiteral("The informer's resyncPeriod in seconds "
                                                   "(0 = none; default 30)."),
                                    QStringLiteral("SECONDS"), QStringLiteral("30"));
    const QCommandLineOption churn(QStringLiteral("churn-interval"),
                                   QStringLiteral("Built-in cluster: milliseconds between pod "
                                                  "changes (0 = none; default 1000)."),
                                   QStringLiteral("MS"), QStringLiteral("1000"));
    const QCommandLineOption seed(QStringLiteral("seed"),
                                  QStringLiteral("Built-in cluster: random seed (default 1)."),
                                  QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption pause(
        QStringLiteral("screenshot-pause"),
        QStringLiteral("With --screenshot: seconds the Pop pump is paused after sync before the "
                       "picture is taken (default 3; 0 = take it at once)."),
        QStringLiteral("SECONDS"), QStringLiteral("3"));
    const QCommandLineOption shotTimeout(
        QStringLiteral("screenshot-timeout"),
        QStringLiteral("With --screenshot: seconds to wait in all (sync, pause, settling) "
                       "before giving up with exit 1 and the last list/watch error (default "
                       "60)."),
        QStringLiteral("SECONDS"), QStringLiteral("60"));
    const QCommandLineOption panel(
        QStringLiteral("panel"),
        QStringLiteral("With --screenshot: render only this panel, for teaching material: "
                       "pipeline, informers, queue, history, explain, indexer, indices, object, "
                       "journal, handlers, playground, simulator, workqueue (with --controller), "
                       "priorityqueue (with a controller-runtime controller) or timeline; as SVG "
                       "when FILE ends in .svg, else PNG."),
        QStringLiteral("NAME"));
    const QCommandLineOption stripManaged(
        QStringLiteral("strip-managed-fields"),
        QStringLiteral("Give every informer the transform that drops metadata.managedFields "
                       "before objects are queued and cached (SetTransform, as "
                       "controller-runtime's TransformStripManagedFields); the status bar, "
                       "and --headless on stderr at the end, say how much it saved."));
    const QCommandLineOption noPack(
        QStringLiteral("no-pack-objects"),
        QStringLiteral("Keep every object's JSON as received instead of packed with a "
                       "zstd dictionary trained on the informer's first objects (packed, a "
                       "6 KB Pod takes under 1 KB; it is unpacked when a view reads it). "
                       "--headless says on stderr at the end what packing saved."));
    const QCommandLineOption size(QStringLiteral("size"),
                                  QStringLiteral("Window size (default 1600x1000)."),
                                  QStringLiteral("WxH"), QStringLiteral("1600x1000"));
    const QCommandLineOption queue(
        QStringLiteral("queue"),
        QStringLiteral("The informers' queue: deltafifo (client-go v0.32, default) or realfifo "
                       "(1.33+); deltafifo,realfifo watches each resource twice, once with "
                       "each queue, side by side (informers pods/deltafifo and pods/realfifo)."),
        QStringLiteral("MODE"), QStringLiteral("deltafifo"));
    const QCommandLineOption watchList(
        QStringLiteral("watch-list"),
        QStringLiteral("Use WatchList (a streaming list with sendInitialEvents) instead of LIST "
                       "then WATCH; falls back to LIST+WATCH when the server cannot. "
                       "--watch-list=true,false watches each resource twice, once each way "
                       "(informers pods/watchlist and pods/listwatch); --watch-list=false is "
                       "LIST+WATCH."));
    QCommandLineOption watchListModes(QStringLiteral("watch-list-modes"),
                                      QStringLiteral("--watch-list=VALUES"),
                                      QStringLiteral("VALUES"));
    watchListModes.setFlags(QCommandLineOption::HiddenFromHelp);
    const QCommandLineOption journalCap(
        QStringLiteral("journal-cap"),
        QStringLiteral(
            "Keep at most N journal events (at least 100); older ones are dropped and counted "
            "(default 100000)."),
        QStringLiteral("N"), QStringLiteral("100000"));
    const QCommandLineOption lang(
        QStringLiteral("lang"),
        QStringLiteral("Language of the window: en or zh_CN (default: the desktop's "
                       "language, LANG; en with --at); the Language menu switches it while "
                       "running."),
        QStringLiteral("L"));
    const QCommandLineOption theme(QStringLiteral("theme"),
                                   QStringLiteral("Colour theme: light or dark (default: the "
                                                  "desktop's colours; light with --at)."),
                                   QStringLiteral("THEME"));
    const QCommandLineOption view(
        QStringLiteral("view"),
        QStringLiteral("Bring this tab forward: journal, handlers, playground, indices, object, "
                       "simulator, lesson (with --scenario), workqueue (with --controller) or "
                       "priorityqueue (with --controller runtime-sample or a cr-* scenario; "
                       "shown at start there), metrics (with --attach-metrics; shown at start "
                       "there); a "
                       "comma-separated list brings one "
                       "tab of each column forward "
                       "(e.g. object,handlers)."),
        QStringLiteral("NAME"));
    const QCommandLineOption scenario(
        QStringLiteral("scenario"),
        QStringLiteral("Play a scenario on the built-in cluster: a shipped NAME (see "
                       "--list-scenarios) or a YAML FILE (docs/scenarios.md). With --headless "
                       "the program ends when the scenario has played."),
        QStringLiteral("NAME|FILE"));
    const QCommandLineOption speed(
        QStringLiteral("speed"),
        QStringLiteral("Scenario seconds per real second (default 1 in the window; 0 = as fast "
                       "as possible, the --headless default). With --watch-capture: events per "
                       "second (default 50; 0 = as fast as possible)."),
        QStringLiteral("X"));
    const QCommandLineOption at(
        QStringLiteral("at"),
        QStringLiteral("With --scenario: an exact run. The scenario plays on its own clock as fast "
                       "as possible up to scenario time SECONDS and stops there; every time shown "
                       "is scenario time, so the same arguments give the same journal and the "
                       "same --screenshot pixels on any machine. With --screenshot the picture "
                       "is taken then; with --headless the program ends."),
        QStringLiteral("SECONDS"));
    const QCommandLineOption lesson(
        QStringLiteral("lesson"),
        QStringLiteral("With --scenario: lesson mode from the start. The scenario plays one step "
                       "at a time, each when Next (F8) is pressed, with the Pop pump paused after "
                       "each step so what it queued stays visible; Back (Shift+F8) travels to the "
                       "step before. With --at every step up to that time is played as if Next "
                       "were pressed (for --screenshot)."));
    const QCommandLineOption scale(
        QStringLiteral("scale"),
        QStringLiteral("Draw the window F times larger, F from 0.5 to 4 (high-DPI; sets "
                       "QT_SCALE_FACTOR): --screenshot --scale 2 writes a picture of twice the "
                       "--size."),
        QStringLiteral("F"));
    const QCommandLineOption controllerOpt(
        QStringLiteral("controller"),
        QStringLiteral("Run a controller on the informers and show it: \"runtime-sample\" is a "
                       "controller-runtime controller (priority queue, For + Owns on one "
                       "configmaps informer; it copies each ConfigMap labelled "
                       "lens.dev/sample=parent into <name>-copy); \"provisioner\" is "
                       "sig-storage-lib-external-provisioner's ProvisionController with a "
                       "built-in host-path provisioner (lens.example.com/hostpath), on claim, "
                       "volume and storage-class informers, a rate-limited workqueue and "
                       "--threadiness workers. On the built-in cluster it provisions its claims; "
                       "against any other cluster it writes nothing unless --allow-writes is "
                       "given, and then only for claims whose StorageClass names "
                       "lens.example.com/hostpath."),
        QStringLiteral("NAME"));
    const QCommandLineOption allowWrites(
        QStringLiteral("allow-writes"),
        QStringLiteral("With --controller against a cluster that is not the built-in one: let "
                       "the controller create and delete PersistentVolumes and write Events."));
    const QCommandLineOption threadiness(
        QStringLiteral("threadiness"),
        QStringLiteral("With --controller: the number of claim workers and of volume workers "
                       "(default 4, as the library's Threadiness). With a --scenario that runs "
                       "the controller it replaces the scenario's own number."),
        QStringLiteral("N"));
    const QCommandLineOption provisionLatency(
        QStringLiteral("provision-latency"),
        QStringLiteral("With --controller: milliseconds each Provision of the built-in "
                       "provisioner takes (default 200); also in the Workqueue tab."),
        QStringLiteral("MS"));
    const QCommandLineOption failProvisions(
        QStringLiteral("fail-provisions"),
        QStringLiteral("With --controller: the built-in provisioner's next N Provision calls "
                       "fail, so the claims are re-queued with AddRateLimited (15 s, 30 s, ...); "
                       "also in the Workqueue tab."),
        QStringLiteral("N"));
    const QCommandLineOption maxConcurrent(
        QStringLiteral("max-concurrent-reconciles"),
        QStringLiteral("With --controller runtime-sample: the controller's "
                       "MaxConcurrentReconciles, its number of workers (default 1)."),
        QStringLiteral("N"));
    const QCommandLineOption usePriorityQueue(
        QStringLiteral("use-priority-queue"),
        QStringLiteral("With --controller runtime-sample: --use-priority-queue=false runs the "
                       "controller on client-go's rate-limiting queue (UsePriorityQueue false), "
                       "true on controller-runtime's priority queue (the default)."),
        QStringLiteral("BOOL"));
    const QCommandLineOption reconcileLatency(
        QStringLiteral("reconcile-latency"),
        QStringLiteral("With --controller runtime-sample: milliseconds each reconcile takes "
                       "(default 200)."),
        QStringLiteral("MS"));
    const QCommandLineOption requeueAfter(
        QStringLiteral("requeue-after"),
        QStringLiteral("With --controller runtime-sample: the RequeueAfter each successful "
                       "reconcile returns, in milliseconds (default 0: none)."),
        QStringLiteral("MS"));
    const QCommandLineOption attachMetricsOpt(
        QStringLiteral("attach-metrics"),
        QStringLiteral("Attach to a controller's Prometheus /metrics and show its workqueues and "
                       "reconciles live in the Metrics tab, beside the informer: \"self\" (the "
                       "--controller Informer Lens runs, through the built-in cluster's pod "
                       "proxy), pod/NAMESPACE/NAME:PORT or svc/NAMESPACE/NAME:PORT (through the "
                       "API server's proxy with the kubeconfig's credentials: RBAC get on "
                       "pods/proxy or services/proxy) or an http(s):// URL (see "
                       "docs/metrics.md)."),
        QStringLiteral("TARGET"));
    const QCommandLineOption metricsInterval(
        QStringLiteral("metrics-interval"),
        QStringLiteral("With --attach-metrics: seconds between scrapes (default 1)."),
        QStringLiteral("S"));
    const QCommandLineOption metricsTokenFile(
        QStringLiteral("metrics-token-file"),
        QStringLiteral("With --attach-metrics URL: send the bearer token in FILE (re-read once a "
                       "minute). A URL gets no credentials otherwise, never the kubeconfig's."),
        QStringLiteral("FILE"));
    const QCommandLineOption metricsInsecure(
        QStringLiteral("metrics-insecure"),
        QStringLiteral("With --attach-metrics https://...: do not check the server's "
                       "certificate."));
    const QCommandLineOption listScenarios(
        QStringLiteral("list-scenarios"),
        QStringLiteral("Print the names of the shipped scenarios, one per line, and exit."));
    const QCommandLineOption record(
        QStringLiteral("record"),
        QStringLiteral("Record the journal to FILE (JSON Lines, Secret data masked; written as "
                       "events happen and closed on exit). Open it later with --open."),
        QStringLiteral("FILE"));
    const QCommandLineOption kubeconfigOut(
        QStringLiteral("kubeconfig-out"),
        QStringLiteral("Built-in cluster: write a kubeconfig for it to FILE once it listens (and "
                       "name its URL on stderr), so that kubectl can watch and change the very "
                       "cluster the window shows: kubectl --kubeconfig FILE get pvc -w."),
        QStringLiteral("FILE"));
    const QCommandLineOption open(
        QStringLiteral("open"),
        QStringLiteral("Replay a recorded journal FILE offline: every view works from the "
                       "recording, with no informer and no server. With --headless, print its "
                       "events."),
        QStringLiteral("FILE"));
    const QCommandLineOption capture(
        QStringLiteral("watch-capture"),
        QStringLiteral(
            "Replay FILE, the output of kubectl get -w -o json --output-watch-events, "
            "through a real informer instead of watching a server; --speed sets its "
            "pace in events per second (default 50, 0 = as fast as possible). The window "
            "stays open after the last event; --headless exits."),
        QStringLiteral("FILE"));
    // --help lists them by what they are about: the source, the informer, the built-in
    // cluster and its scenarios, the window, pictures, no window, recordings.
    p.addOptions(k.clusterOptions());
    p.addOptions(k.scopeOptions());
    p.addOptions({resync, queue, watchList, watchListModes, journalCap, stripManaged, noPack});
    p.addOptions({controllerOpt, allowWrites, threadiness, provisionLatency, failProvisions,
                  maxConcurrent, usePriorityQueue, reconcileLatency, requeueAfter});
    p.addOptions({attachMetricsOpt, metricsInterval, metricsTokenFile, metricsInsecure});
    p.addOptions({churn, seed, scenario, listScenarios, speed, at, lesson});
    p.addOptions({lang, theme, view, panel, size, scale});
    p.addOptions({screenshot, pause, shotTimeout});
    p.addOptions({headless, duration});
    p.addOptions({record, open, capture, kubeconfigOut});
    p.addOptions({help, version});
    p.addPositionalArgument(
        QStringLiteral("resources"),
        QStringLiteral("Resources to watch, one informer each, as kubectl names them: pods, "
                       "deploy, deployments.apps, apps/v1/deployments, ...; several as "
                       "pods,nodes or pods nodes (default: pods and nodes on the built-in "
                       "cluster, pods elsewhere)."),
        QStringLiteral("[resource[,resource...] ...]"));
    // Unknown options are bad arguments (exit 2, as every other argument error), not the
    // exit 1 QCommandLineParser::process() would use.
    const QStringList args = withWatchListValues(withShortFlagValues(arguments));
    if (!p.parse(args)) {
        c.error = kubectlParseError(p, args);
        return c;
    }
    if (p.isSet(help)) {
        const QString program =
            c.kubectlPlugin ? QStringLiteral("kubectl lens") : QStringLiteral("informer-lens");
        const QString text = groupedHelpText(
            p.helpText(),
            {{QStringLiteral("Cluster and credentials (kubectl's flags):"), k.server},
             {QStringLiteral("What to watch (kubectl's flags):"), k.ns},
             {QStringLiteral("The informer:"), resync},
             {QStringLiteral("The controller:"), controllerOpt},
             {QStringLiteral("The built-in cluster and its scenarios:"), churn},
             {QStringLiteral("The window:"), lang},
             {QStringLiteral("Pictures:"), screenshot},
             {QStringLiteral("Without a window:"), headless},
             {QStringLiteral("Recordings and captures:"), record},
             {QStringLiteral("This program:"), help}},
            program);
        std::fputs(qPrintable(text), stdout);
        std::exit(0);
    }
    if (p.isSet(version))
        p.showVersion();

    c.headless = p.isSet(headless);
    bool ok = true;
    if (p.isSet(duration)) {
        c.durationSec = p.value(duration).toDouble(&ok);
        if (!ok || !std::isfinite(c.durationSec) || c.durationSec <= 0 || c.durationSec > 1e6)
            c.error = QStringLiteral("--duration needs a positive number of seconds (at most "
                                     "1000000)");
    }
    c.screenshotPath = p.value(screenshot);
    c.panel = p.value(panel);
    const bool svg = c.screenshotPath.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive);
    if (p.isSet(screenshot) && !c.panel.isEmpty() && !svg &&
        !c.screenshotPath.endsWith(QLatin1String(".png"), Qt::CaseInsensitive))
        c.error = QStringLiteral("--screenshot with --panel needs a FILE ending in .png or .svg "
                                 "(got \"%1\")")
                      .arg(c.screenshotPath);
    else if (p.isSet(screenshot) && c.panel.isEmpty() &&
             !c.screenshotPath.endsWith(QLatin1String(".png"), Qt::CaseInsensitive))
        c.error =
            QStringLiteral("--screenshot needs a FILE ending in .png, it writes a PNG (got \"%1\"; "
                           "a single panel can be SVG: --panel NAME)")
                .arg(c.screenshotPath);
    if (!c.panel.isEmpty() && !p.isSet(screenshot))
        c.error = QStringLiteral("--panel needs --screenshot FILE");
    if (!c.panel.isEmpty() &&
        !(MainWindow::exportableViews() +
          QStringList{QStringLiteral("explain"), QStringLiteral("simulator"),
                      QStringLiteral("workqueue"), QStringLiteral("priorityqueue")})
             .contains(c.panel))
        c.error = QStringLiteral("--panel takes one of: %1 explain simulator workqueue "
                                 "priorityqueue (got "
                                 "\"%2\")")
                      .arg(MainWindow::exportableViews().join(QLatin1Char(' ')), c.panel);
    c.screenshotPauseSec = p.value(pause).toDouble(&ok);
    if (!ok || c.screenshotPauseSec < 0)
        c.error = QStringLiteral("--screenshot-pause needs a number of seconds");
    c.screenshotTimeoutSec = p.value(shotTimeout).toInt(&ok);
    if (!ok || c.screenshotTimeoutSec < 1 || c.screenshotTimeoutSec > 86400)
        c.error = QStringLiteral("--screenshot-timeout needs a whole number of seconds, 1 to "
                                 "86400");
    c.session.journalCapacity = p.value(journalCap).toLongLong(&ok);
    if (!ok || c.session.journalCapacity < 100)
        c.error =
            QStringLiteral("--journal-cap needs a number of events, at least 100 (got \"%1\")")
                .arg(p.value(journalCap));
    const QStringList wh = p.value(size).split(QLatin1Char('x'));
    if (wh.size() == 2 && wh[0].toInt() >= 400 && wh[1].toInt() >= 300)
        c.windowSize = QSize(wh[0].toInt(), wh[1].toInt());
    else
        c.error = QStringLiteral("--size needs WIDTHxHEIGHT, at least 400x300");
    k.read(p, &c);
    c.session.resyncPeriodMs = qint64(p.value(resync).toDouble(&ok) * 1000);
    if (!ok || c.session.resyncPeriodMs < 0)
        c.error = QStringLiteral("--resync needs a number of seconds (0 = no resync)");
    c.session.churnIntervalMs = p.value(churn).toInt(&ok);
    if (!ok || c.session.churnIntervalMs < 0)
        c.error = QStringLiteral("--churn-interval needs a number of milliseconds");
    c.session.controller = p.value(controllerOpt);
    if (p.isSet(controllerOpt) && c.session.controller != QLatin1String("provisioner") &&
        c.session.controller != QLatin1String("runtime-sample"))
        c.error = QStringLiteral("--controller takes provisioner or runtime-sample (got \"%1\")")
                      .arg(c.session.controller);
    readRuntimeFlags(p, {maxConcurrent, usePriorityQueue, reconcileLatency, requeueAfter}, &c);
    // A runtime-sample flag needs that controller, named here or by the scenario.
    if ((p.isSet(maxConcurrent) || p.isSet(usePriorityQueue) || p.isSet(reconcileLatency) ||
         p.isSet(requeueAfter)) &&
        !(c.session.controller == QLatin1String("runtime-sample") ||
          (!p.isSet(controllerOpt) && p.isSet(scenario))))
        c.error = QStringLiteral("--max-concurrent-reconciles, --use-priority-queue, "
                                 "--reconcile-latency and --requeue-after go with --controller "
                                 "runtime-sample or a scenario that runs it");
    c.session.allowWrites = p.isSet(allowWrites);
    c.session.attachMetrics = p.value(attachMetricsOpt);
    if (p.isSet(metricsInterval)) {
        const double seconds = p.value(metricsInterval).toDouble(&ok);
        c.session.metricsIntervalMs = int(seconds * 1000);
        if (!ok || !(seconds >= 0.1 && seconds <= 3600)) // NaN fails both
            c.error = QStringLiteral("--metrics-interval needs seconds from 0.1 to 3600 (got "
                                     "\"%1\")")
                          .arg(p.value(metricsInterval));
    }
    // A target that cannot be read is a bad argument (exit 2), said before anything starts.
    if (p.isSet(attachMetricsOpt) && c.session.attachMetrics != QLatin1String("self")) {
        QString why;
        if (!metrics::ScrapeTarget::parse(c.session.attachMetrics, &why))
            c.error = QStringLiteral("--attach-metrics: ") + why;
    }
    c.session.metricsTokenFile = p.value(metricsTokenFile);
    c.session.metricsInsecure = p.isSet(metricsInsecure);
    if ((p.isSet(metricsInterval) || p.isSet(metricsTokenFile) || p.isSet(metricsInsecure)) &&
        !p.isSet(attachMetricsOpt))
        c.error = QStringLiteral("--metrics-interval, --metrics-token-file and --metrics-insecure "
                                 "go with --attach-metrics");
    c.session.stripManagedFields = p.isSet(stripManaged);
    c.session.packListedObjects = !p.isSet(noPack);
    if (p.isSet(threadiness)) {
        c.session.threadiness = p.value(threadiness).toInt(&ok);
        if (!ok || c.session.threadiness < 1 || c.session.threadiness > 64)
            c.error = QStringLiteral("--threadiness needs a whole number from 1 to 64 (got "
                                     "\"%1\")")
                          .arg(p.value(threadiness));
    }
    if (p.isSet(provisionLatency)) {
        c.provisionLatencyMs = p.value(provisionLatency).toLongLong(&ok);
        if (!ok || c.provisionLatencyMs < 0 || c.provisionLatencyMs > 3600000)
            c.error = QStringLiteral("--provision-latency needs milliseconds from 0 to 3600000 "
                                     "(got \"%1\")")
                          .arg(p.value(provisionLatency));
    }
    if (p.isSet(failProvisions)) {
        c.failProvisions = p.value(failProvisions).toInt(&ok);
        if (!ok || c.failProvisions < 0 || c.failProvisions > 1000)
            c.error = QStringLiteral("--fail-provisions needs a whole number from 0 to 1000 "
                                     "(got \"%1\")")
                          .arg(p.value(failProvisions));
    }
    if (p.isSet(allowWrites) && !p.isSet(controllerOpt))
        c.error = QStringLiteral("--allow-writes goes with --controller");
    // A scenario's controller (controller-burst, ...) takes --threadiness over its own number.
    if (p.isSet(threadiness) && !p.isSet(controllerOpt) && !p.isSet(scenario))
        c.error = QStringLiteral("--threadiness goes with --controller or a scenario that runs "
                                 "a controller (--scenario controller-burst, ...)");
    if ((p.isSet(provisionLatency) || p.isSet(failProvisions)) && !p.isSet(controllerOpt))
        c.error = QStringLiteral("--provision-latency and --fail-provisions go with --controller");
    c.session.seed = p.value(seed).toUInt(&ok);
    if (!ok)
        c.error = QStringLiteral("--seed needs a whole number");
    c.session.queueModes.clear();
    for (const QString &mode : p.value(queue).split(QLatin1Char(','))) {
        SharedIndexInformer::QueueMode m = SharedIndexInformer::QueueMode::DeltaFIFO;
        if (!queueModeFromWord(mode, &m)) {
            c.error = QStringLiteral("--queue takes deltafifo, realfifo or both as "
                                     "deltafifo,realfifo (got \"%1\")")
                          .arg(p.value(queue));
            break;
        }
        if (c.session.queueModes.contains(m)) {
            c.error = QStringLiteral("--queue names %1 twice").arg(mode.trimmed().toLower());
            break;
        }
        c.session.queueModes << m;
    }
    c.session.watchListModes = {p.isSet(watchList)};
    if (p.isSet(watchListModes)) {
        QList<bool> modes;
        if (!parseWatchListModes(p.value(watchListModes), &modes))
            c.error = QStringLiteral("--watch-list= takes true, false or true,false (got \"%1\")")
                          .arg(p.value(watchListModes));
        else if (modes.size() > 1 && modes[0] == modes[1])
            c.error = QStringLiteral("--watch-list= names %1 twice").arg(p.value(watchListModes));
        else
            c.session.watchListModes = modes;
    }
    c.recordPath = p.value(record);
    c.kubeconfigOutPath = p.value(kubeconfigOut);
    if (p.isSet(kubeconfigOut) &&
        (p.isSet(k.server) || c.session.useKubeconfig || p.isSet(open) || p.isSet(capture)))
        c.error = QStringLiteral("--kubeconfig-out writes the built-in cluster's kubeconfig; it "
                                 "cannot be combined with --server, --kubeconfig, --open or "
                                 "--watch-capture");
    else if (p.isSet(kubeconfigOut) && c.kubeconfigOutPath.isEmpty())
        c.error = QStringLiteral("--kubeconfig-out needs a file name");
    c.openPath = p.value(open);
    if (!c.openPath.isEmpty() &&
        (p.isSet(k.server) || c.session.useKubeconfig || p.isSet(scenario) || p.isSet(record)))
        c.error = QStringLiteral("--open replays a recording; it cannot be combined with "
                                 "--server, --kubeconfig, --scenario or --record");
    c.session.watchCapture = p.value(capture);
    if (p.isSet(capture) &&
        (p.isSet(k.server) || c.session.useKubeconfig || p.isSet(scenario) || p.isSet(open)))
        c.error = QStringLiteral("--watch-capture replays a capture on its own; it cannot be "
                                 "combined with --server, --kubeconfig, --scenario or --open");
    c.listScenarios = p.isSet(listScenarios);
    c.session.scenario = p.value(scenario);
    if (p.isSet(scenario) && (p.isSet(k.server) || c.session.useKubeconfig))
        c.error = QStringLiteral("--scenario plays on the built-in cluster; it cannot be "
                                 "combined with --server, --kubeconfig or --context");
    if (p.isSet(speed)) {
        c.scenarioSpeed = p.value(speed).toDouble(&ok);
        if (!ok || !std::isfinite(c.scenarioSpeed) || c.scenarioSpeed < 0 || c.scenarioSpeed > 1000)
            c.error = QStringLiteral("--speed needs a number from 0 to 1000 (0 = as fast as "
                                     "possible)");
    }
    if (p.isSet(at)) {
        const double atSec = p.value(at).toDouble(&ok);
        if (!ok || !std::isfinite(atSec) || atSec < 0 || atSec > 1e6)
            c.error = QStringLiteral("--at needs a scenario time in seconds (0 to 1000000)");
        else if (!p.isSet(scenario))
            c.error = QStringLiteral("--at needs a scenario (--scenario) to stop at that time");
        c.session.reproducible = true;
        c.session.stopAtMs = qint64(std::llround(atSec * 1000));
    }
    c.session.lesson = p.isSet(lesson);
    if (c.session.lesson && !p.isSet(scenario))
        c.error = QStringLiteral("--lesson needs a scenario (--scenario) to go through");
    else if (c.session.lesson && !p.isSet(at) && (c.headless || p.isSet(screenshot)))
        c.error = QStringLiteral("--lesson with --headless or --screenshot needs a stop time "
                                 "(--at SECONDS): in lesson mode each step waits for Next");
    if (p.isSet(scale)) {
        const double f = p.value(scale).toDouble(&ok);
        if (!ok || !std::isfinite(f) || f < 0.5 || f > 4)
            c.error = QStringLiteral("--scale needs a factor from 0.5 to 4");
    }
    c.session.scenarioSpeed = c.scenarioSpeed >= 0 ? c.scenarioSpeed : (c.headless ? 0.0 : 1.0);
    c.session.captureEventsPerSecond = c.scenarioSpeed >= 0 ? c.scenarioSpeed : 50;
    c.lang = p.value(lang);
    // Without --lang the window speaks the desktop's language (its scenario captions too);
    // exact pictures (--at) and --headless's lines stay in the language they were written in.
    if (c.lang.isEmpty() && !c.headless && !c.session.reproducible &&
        desktopLanguage() != QLatin1String("en"))
        c.lang = desktopLanguage();
    c.session.language = c.lang;
    c.theme = p.value(theme);
    c.view = p.value(view);
    // Checked here, before anything starts, with or without a window.
    if (!c.lang.isEmpty() && c.lang != QLatin1String("en") && c.lang != QLatin1String("zh_CN"))
        c.error = QStringLiteral("--lang takes en or zh_CN (got \"%1\")").arg(c.lang);
    if (!c.theme.isEmpty() && c.theme != QLatin1String("light") && c.theme != QLatin1String("dark"))
        c.error = QStringLiteral("--theme takes light or dark (got \"%1\")").arg(c.theme);
    const QStringList views = {QStringLiteral("journal"),       QStringLiteral("handlers"),
                               QStringLiteral("playground"),    QStringLiteral("indices"),
                               QStringLiteral("object"),        QStringLiteral("simulator"),
                               QStringLiteral("lesson"),        QStringLiteral("workqueue"),
                               QStringLiteral("priorityqueue"), QStringLiteral("metrics")};
    for (const QString &v : c.view.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!views.contains(v))
            c.error = QStringLiteral("--view takes %1, or a comma-separated list of them (got "
                                     "\"%2\")")
                          .arg(views.join(QStringLiteral(", ")), c.view);
    // pods,nodes and pods nodes alike; no resource: pods, and on the built-in cluster (no
    // --server, kubeconfig or capture) nodes too, so a first run shows a factory at work.
    QStringList resources;
    for (const QString &arg : p.positionalArguments())
        for (const QString &r : arg.split(QLatin1Char(','), Qt::SkipEmptyParts))
            resources << r.trimmed();
    const bool builtIn =
        !p.isSet(k.server) && !c.session.useKubeconfig && c.session.watchCapture.isEmpty();
    if (resources.isEmpty() && c.session.controller == QLatin1String("runtime-sample"))
        resources = {QStringLiteral("configmaps")};
    if (resources.isEmpty() && !c.session.controller.isEmpty())
        resources = {QStringLiteral("persistentvolumeclaims"), QStringLiteral("persistentvolumes"),
                     QStringLiteral("storageclasses")};
    if (resources.isEmpty())
        resources = builtIn ? QStringList{QStringLiteral("pods"), QStringLiteral("nodes")}
                            : QStringList{QStringLiteral("pods")};
    c.session.resources = resources;
    QString planError;
    if (c.error.isEmpty() && planInformers(c.session.resources, c.session.queueModes,
                                           c.session.watchListModes, &planError)
                                 .isEmpty())
        c.error = planError;
    if (!c.session.watchCapture.isEmpty() &&
        (c.session.resources.size() > 1 || c.session.queueModes.size() > 1 ||
         c.session.watchListModes.size() > 1))
        c.error = QStringLiteral("--watch-capture replays one capture through one informer: "
                                 "give one resource, one --queue and no --watch-list=true,false");
    return c;
}

} // namespace lens
