// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "informer/sharedinformer.h"
#include "trace/journal.h"

#include <QObject>
#include <QUrl>

#include <memory>

namespace lens {

namespace sim {
class ApiServer;
class ChurnGenerator;
class ScenarioPlayer;
class Simulator;
class Store;
struct ScenarioStep;
} // namespace sim
class ListerWatcher;
class CaptureListerWatcher;

/// The wiring every front end shares (the window, `--headless`, tests): one journal on one
/// clock, the built-in simulated API server (or an external URL), an HTTP ListerWatcher over
/// QNetworkAccessManager and a SharedIndexInformer with one logging handler.
class Session : public QObject {
    Q_OBJECT
public:
    struct Options {
        /// Empty: start the built-in simulated API server on 127.0.0.1 (ephemeral port).
        QUrl server;
        QString bearerToken; ///< sent as Authorization: Bearer (never logged)
        /// Take the server, TLS and credentials from a kubeconfig (KubeconfigLoader): the
        /// file `kubeconfig` ("" = $KUBECONFIG or ~/.kube/config) and its context
        /// `kubeContext` ("" = current-context). `server`, when also set, overrides the
        /// context's server, like kubectl --server.
        bool useKubeconfig = false;
        QString kubeconfig;
        QString kubeContext;
        bool insecureSkipTlsVerify = false; ///< --insecure-skip-tls-verify (no certificate check)
        QString resource =
            QStringLiteral("pods"); ///< as kubectl takes it: "pods", "deploy", "deployments.apps",
                                    ///< "apps/v1/deployments" (Discovery); a scenario's is core/v1
        QString namespace_;         ///< "" = all namespaces
        qint64 resyncPeriodMs = 30000; ///< the informer's defaultEventHandlerResyncPeriod
        int churnIntervalMs =
            1000;         ///< built-in cluster: one create/update/delete per interval; 0 = off
        quint32 seed = 1; ///< built-in cluster churn and reflector jitter
        /// DeltaFIFO (client-go v0.32 informers) or RealFIFO (InOrderInformers, 1.33+).
        SharedIndexInformer::QueueMode queueMode = SharedIndexInformer::QueueMode::DeltaFIFO;
        /// WatchList (streaming list, sendInitialEvents) instead of LIST then WATCH.
        bool useWatchList = false;
        /// The journal keeps at most this many events (Journal::setCapacity(); the oldest are
        /// dropped and counted). About 6-7 KiB per event under heavy pod churn.
        qsizetype journalCapacity = 100000;
        /// Bytes of undecoded watch stream tolerated before a watch that fell behind is given
        /// up and resumed (HttpWatchCall); 0 = its default (16 MiB).
        qint64 watchBacklogLimit = 0;
        /// Play this scenario (a shipped name or a YAML file, see docs/scenarios.md) on the
        /// built-in cluster. The scenario's cluster: and informer: sections override the
        /// fields above (churn is off); cannot be combined with `server`.
        QString scenario;
        /// Scenario seconds per real second (1 = real time); 0 = as fast as possible.
        double scenarioSpeed = 1.0;
        /// Exact pictures (`--at`): with a scenario, the journal, the informer and the
        /// built-in cluster's timestamps all run on the scenario's manual clock, the scenario
        /// plays as fast as possible with deterministic pacing (ScenarioPlayer::setQuietMs())
        /// and stops at `stopAtMs`; the same options give the same journal on any machine.
        bool reproducible = false;
        /// Scenario captions in this language where the scenario has them ("zh_CN"; "" = as
        /// written, English).
        QString language;
        /// With `reproducible`: scenario time (ms) to stop at (scenarioStopTimeReached()).
        qint64 stopAtMs = -1;
        /// Replay this `kubectl get -w -o json --output-watch-events` capture through the
        /// informer (CaptureListerWatcher) instead of watching a server; no built-in cluster.
        QString watchCapture;
        /// The capture's pace in events per second; 0 = as fast as possible.
        double captureEventsPerSecond = 50;
    };

    explicit Session(Options options, QObject *parent = nullptr);
    ~Session() override;

    /// Starts the simulator (if built in) and the informer. Returns false with `*error` set
    /// (in words a user understands) when the simulator cannot listen or the scenario cannot be
    /// loaded. With a scenario the informer starts at its `informer: start` step (at once when
    /// it has none) and the steps begin to play.
    bool start(QString *error = nullptr);
    void stop();

    const Options &options() const { return m_opts; }
    Journal *journal() const { return m_journal; }
    const Clock *clock() const { return m_clock; }
    SharedIndexInformer *informer() const { return m_informer; }
    /// The built-in cluster (null when talking to an external server), its store, HTTP server
    /// and churn generator.
    sim::Simulator *simulator() const { return m_sim; }
    sim::Store *simulatorStore() const;
    sim::ApiServer *simulatorServer() const;
    sim::ChurnGenerator *churn() const;
    /// The capture being replayed (null without Options::watchCapture).
    CaptureListerWatcher *capture() const { return m_capture; }
    /// The scenario being played (null without Options::scenario).
    sim::ScenarioPlayer *scenarioPlayer() const { return m_player; }
    /// The API server's base URL (for the built-in one, known after start()).
    QUrl serverUrl() const;
    /// e.g. "pods (all namespaces) at http://127.0.0.1:40123 — built-in simulated cluster ·
    /// DeltaFIFO · LIST+WATCH".
    QString sourceDescription() const;

Q_SIGNALS:
    void synced();
    /// A scenario caption to show (also journaled as an info event with component "scenario",
    /// type "caption" and detail.message = the text).
    void captionChanged(const QString &text);
    /// The scenario has played its last step.
    void scenarioFinished();
    /// Options::stopAtMs was reached: the clock stands there, nothing more is played.
    void scenarioStopTimeReached();

private:
    bool startScenario(QString *error);
    bool startCapture(QString *error);
    QString informerAction(const sim::ScenarioStep &step);
    bool conditionHolds(const QJsonObject &waitFor, int stepIndex) const;
    ProcessorListener *listenerNamed(const QString &name) const;

    Options m_opts;
    sim::ScenarioPlayer *m_player = nullptr;
    quint64 m_scenarioStartSeq = 0;
    QList<quint64> m_stepSeq; ///< journal seq after each step ran (waitFor since: previous)
    SteadyClock m_steadyClock;
    ManualClock m_scenarioClock; ///< Options::reproducible: the scenario's clock for all
    const Clock *m_clock;        ///< the one the journal and the informer read
    Journal *m_journal;
    sim::Simulator *m_sim = nullptr;
    std::unique_ptr<ListerWatcher> m_lw;
    QString m_credentials; ///< RestConfig::description() of what authenticates us (no secrets)
    CaptureListerWatcher *m_capture = nullptr; ///< m_lw when replaying a capture
    SharedIndexInformer *m_informer = nullptr;
};

} // namespace lens
