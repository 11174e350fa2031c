// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "session/session.h"

#include <QSize>
#include <QString>

namespace lens {

/// What `informer-lens` was asked to do, parsed from its command line.
struct CommandLine {
    Session::Options session;
    bool headless = false;  ///< --headless: print the journal as JSON Lines, no window
    double durationSec = 0; ///< --duration SECONDS: end the run after that long (0 = never)
    QString screenshotPath; ///< --screenshot FILE.png: render the window once synced, exit
    /// --screenshot-timeout SECONDS: how long --screenshot waits in all (for sync, or with
    /// --scenario / --watch-capture for their end, then the pause and settling) before it gives
    /// up with exit 1 and no PNG, naming the last list/watch error when it never synced.
    int screenshotTimeoutSec = 60;
    /// --screenshot-pause SECONDS: after sync, how long the Pop pump is paused (and the cluster
    /// keeps changing) before the picture is taken, so the DeltaFIFO shows queued Deltas.
    double screenshotPauseSec = 3;
    QSize windowSize{1600, 1000}; ///< --size WxH
    QString lang;                 ///< --lang: "en" or "zh_CN" (empty = English)
    QString theme;                ///< --theme: "light" or "dark" (empty = the platform's)
    QString view;                 ///< --view: the tab to bring forward (MainWindow::viewNames())
    /// --panel NAME: with --screenshot, render only that panel (MainWindow::exportableViews(),
    /// "explain", "simulator"), as PNG, or SVG when the FILE ends in .svg.
    QString panel;
    /// --speed X: scenario seconds per real second (0 = as fast as possible); negative = not
    /// given (the window plays at 1, --headless as fast as possible).
    double scenarioSpeed = -1;
    QString recordPath; ///< --record FILE: write the journal to FILE (journal file, JSON Lines)
    QString openPath;   ///< --open FILE: replay a journal file offline (no informer, no server)
    /// --kubeconfig-out FILE: write the built-in cluster's kubeconfig (sim::Simulator::
    /// writeKubeconfig) once it listens, for kubectl.
    QString kubeconfigOutPath;
    bool listScenarios = false; ///< --list-scenarios: print the shipped names and exit
    /// --provision-latency MS: with --controller, how long each Provision of the built-in
    /// provisioner takes (HostPathProvisioner::setLatencyMs; -1 = its default, 200 ms).
    qint64 provisionLatencyMs = -1;
    /// --fail-provisions N: with --controller, the built-in provisioner's next N Provision
    /// calls fail (HostPathProvisioner::failNext), so the retries can be watched.
    int failProvisions = 0;
    /// Run as kubectl's plugin (argv[0] is kubectl-lens): the kubeconfig is the source.
    bool kubectlPlugin = false;
    /// -v N: kubectl's log level (RestNetworkAccessManager::setVerbosity; 0 = quiet).
    int verbosity = 0;
    QString error; ///< set when the arguments are wrong
};

/// Parses argv with QCommandLineParser. --help and --version print and exit inside.
CommandLine parseCommandLine(const QStringList &arguments);

} // namespace lens

namespace lens {
class MainWindow;

/// Writes the picture --screenshot asks for: the whole window as PNG, or with --panel the
/// panel alone (PNG or SVG by the file's suffix). False with `*error` when it cannot.
bool writeScreenshot(MainWindow &window, const CommandLine &cl, QString *error);

/// Opens the main window over `session` (or renders it to cl.screenshotPath and exits).
/// Returns the process exit code.
int runWindow(Session &session, const CommandLine &cl);
/// --open FILE: the window over a journal file, offline (or its screenshot: the last key
/// selected, views settled); with --headless, prints the recorded events as JSON Lines.
/// Returns the process exit code (1 with a message when the file cannot be used).
int runRecording(const CommandLine &cl);

/// File → Open kubectl watch capture… opens a second window replaying the capture through its
/// own Session (with `cl`'s informer options, at `cl`'s capture pace).
void installCaptureOpener(const CommandLine &cl);

/// --lang and --theme; false (after printing why) when one is not available.
bool applyLook(const CommandLine &cl);
/// --view; false (after printing the names) for an unknown view.
bool showRequestedView(MainWindow &window, const CommandLine &cl);
} // namespace lens
