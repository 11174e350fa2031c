// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/objectpacker.h"
#include "informer/informerfactory.h"
#include "informer/sharedinformer.h"
#include "runtime/samplereconciler.h"
#include "trace/journal.h"

#include <QObject>
#include <QPointer>
#include <QUrl>

#include <functional>
#include <memory>

namespace lens {

namespace sim {
class ApiServer;
class ChurnGenerator;
class ScenarioPlayer;
class Simulator;
class Store;
struct Scenario;
struct ScenarioStep;
} // namespace sim
class ListerWatcher;
class CaptureListerWatcher;
class Lesson;
class KubeClient;
namespace controller {
class HostPathProvisioner;
class ProvisionController;
} // namespace controller
namespace runtime {
class Controller;
} // namespace runtime
namespace metrics {
class MetricsScraper;
} // namespace metrics
class RuntimeWiring;
class ScenarioBinding;
struct TransformTally;
struct ApiResource;
struct RestConfig;

/// The wiring every front end shares (the window, `--headless`, tests): one journal on one
/// clock, the built-in simulated API server (or an external URL), and a SharedInformerFactory
/// running one SharedIndexInformer (each with one logging handler and an HTTP ListerWatcher
/// over QNetworkAccessManager) per resource and option asked for, started together and
/// waited for with WaitForCacheSync, as a controller does. Every informer records through its
/// own journal handle, so every event of its parts names it (TraceEvent::informer).
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
        /// The resources to watch, one informer each, as kubectl takes them: "pods", "deploy",
        /// "deployments.apps", "apps/v1/deployments" (Discovery); a scenario's are core/v1. The
        /// first is informer(), the one a single-informer view shows.
        QStringList resources{QStringLiteral("pods")};
        /// "" = all namespaces (for the namespaced resources; cluster-scoped ones ignore it),
        /// except with a kubeconfig: there, as kubectl, "" means the context's namespace (or
        /// "default" when it names none) unless allNamespaces is set.
        QString namespace_;
        /// kubectl -A: every namespace, whatever namespace_ or the context says.
        bool allNamespaces = false;
        /// kubectl -l / --field-selector: every informer lists and watches with these
        /// (the factory's WithTweakListOptions); "" = none. Checked by the caller.
        QString labelSelector;
        QString fieldSelector;
        /// kubectl --as / --as-uid / --as-group (RestConfig::impersonateUser, impersonateUid,
        /// impersonateGroups): each, when given, replaces the kubeconfig user's as, as-uid or
        /// as-groups (clientcmd's override merge); start() fails when the result cannot be sent
        /// (RestConfig::impersonationError()).
        QString impersonateUser;
        QString impersonateUid;
        QStringList impersonateGroups;
        /// kubectl --request-timeout in milliseconds (RestConfig::timeoutMs; 0 = none).
        qint64 requestTimeoutMs = 0;
        /// The informers' defaultEventHandlerResyncPeriod in milliseconds (0 = none).
        qint64 resyncPeriodMs = 30000;
        /// Built-in cluster: one create/update/delete per interval, in ms; 0 = off.
        int churnIntervalMs = 1000;
        /// Built-in cluster churn and reflector jitter.
        quint32 seed = 1;
        /// DeltaFIFO (client-go v0.32 informers) or RealFIFO (InOrderInformers, 1.33+); two
        /// modes watch every resource twice, once with each queue, side by side on one journal
        /// (informers "pods/deltafifo" and "pods/realfifo", see planInformers()).
        QList<SharedIndexInformer::QueueMode> queueModes{SharedIndexInformer::QueueMode::DeltaFIFO};
        /// WatchList (true: streaming list, sendInitialEvents) or LIST then WATCH (false); both
        /// compare the two ("pods/watchlist" and "pods/listwatch").
        QList<bool> watchListModes{false};
        /// While start() resolves `resources` through discovery: discoveryProgressed() at
        /// most this often (milliseconds of real time; the first after as long), so a start
        /// that resolves quickly says nothing. 0 = after every resource.
        qint64 discoveryProgressMs = 1000;
        /// The journal keeps at most this many events (Journal::setCapacity(); the oldest are
        /// dropped and counted). About 6-7 KiB per event under heavy pod churn.
        qsizetype journalCapacity = 100000;
        /// Bytes of undecoded watch stream tolerated before a watch that fell behind is given
        /// up and resumed (HttpWatchCall); 0 = its default (16 MiB).
        qint64 watchBacklogLimit = 0;
        /// Play this scenario (a shipped name or a YAML file, see docs/scenarios.md) on the
        /// built-in cluster. The scenario's cluster:, informer: and controller: sections
        /// override the fields above and `controller` below, and give `threadiness` its default
        /// (churn is off); a scenario without a controller refuses a `threadiness`;
        /// cannot be combined with `server`. Its `provisioner:` steps set provisioner().
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
        /// Play the scenario in lesson mode from its start (Lesson: one group of steps per
        /// Lesson::next(), the Pop pumps paused after each). With `reproducible` every group
        /// up to `stopAtMs` is played as if Next were pressed once its predecessor settled.
        bool lesson = false;
        /// Replay this `kubectl get -w -o json --output-watch-events` capture through the
        /// informer (CaptureListerWatcher) instead of watching a server; no built-in cluster.
        QString watchCapture;
        /// The capture's pace in events per second; 0 = as fast as possible.
        double captureEventsPerSecond = 50;
        /// Run a controller on the informers: "provisioner" = the external provisioner
        /// library's ProvisionController with the built-in HostPathProvisioner
        /// (core/controller); its claims, volumes and classes informers are added to
        /// `resources` (they replace the default "pods"). "runtime-sample" = a
        /// controller-runtime controller (core/runtime: SampleReconciler, RuntimeWiring) on a
        /// configmaps informer (added likewise); without a scenario the built-in cluster gets
        /// three parent ConfigMaps for it. "" = none.
        QString controller;
        /// "runtime-sample": settings given on the command line (--max-concurrent-reconciles,
        /// --use-priority-queue, --reconcile-latency, --requeue-after); each one given wins
        /// over the scenario's controller: section, which wins over SampleSettings' defaults.
        struct RuntimeFlags {
            std::optional<int> maxConcurrentReconciles;
            std::optional<bool> usePriorityQueue;
            std::optional<qint64> reconcileLatencyMs;
            std::optional<qint64> requeueAfterMs;
        };
        RuntimeFlags runtime;
        /// Let the controller write to a server that is not the built-in cluster (a real
        /// cluster): without it every write is refused and says so. It then only provisions
        /// claims whose class names its provisioner.
        bool allowWrites = false;
        /// The controller's Threadiness: claim workers and volume workers. 0 = the default:
        /// the scenario's `controller: {threadiness: N}`, else the library's 4. A number given
        /// here wins over the scenario's (its captions say `{threadiness}`, the real one).
        int threadiness = 0;
        /// Every informer gets the managedFields-stripping transform (SetTransform with
        /// stripManagedFieldsTransform(); controller-runtime's TransformStripManagedFields):
        /// its cache keeps objects without metadata.managedFields; transformTally() counts
        /// the bytes it saved.
        bool stripManagedFields = false;
        /// Listed and watched objects keep their bytes packed with a zstd dictionary per informer
        /// (SharedIndexInformer::setPackListedObjects(), api/objectpacker.h); false keeps every
        /// object's JSON as received. packingSummary() says what it saved.
        bool packListedObjects = true;
        /// Attach to a controller's /metrics (docs/metrics.md): "self" (the built-in
        /// controller, through the built-in cluster's pod proxy: selfmetrics::target()),
        /// "pod/NS/NAME:PORT" or "svc/NS/NAME:PORT" (through the API server's proxy with the
        /// same credentials as the informers) or an http(s):// URL (no credentials unless
        /// metricsTokenFile; the kubeconfig's CA and insecureSkipTlsVerify apply). "" = none.
        QString attachMetrics;
        /// Scrape interval in milliseconds (> 0).
        int metricsIntervalMs = 1000;
        /// A URL target's bearer token, read from this file (RestConfig::bearerTokenFile:
        /// re-read once a minute); "" = no token.
        QString metricsTokenFile;
        /// A URL target over https:// without checking its certificate.
        bool metricsInsecure = false;
    };

    explicit Session(Options options, QObject *parent = nullptr);
    ~Session() override;

    /// Starts the simulator (if built in) and the informers, then waits for their caches
    /// (cacheSynced()). Returns false with `*error` set (in words a user understands) when the
    /// simulator cannot listen, the scenario cannot be loaded, a resource is unknown to the
    /// server or given twice. With a scenario the informers a `informer: start` step names (by
    /// default the first) start at that step, the others at once, and the steps begin to play.
    bool start(QString *error = nullptr);
    void stop();

    const Options &options() const { return m_opts; }
    Journal *journal() const { return m_journal; }
    const Clock *clock() const { return m_clock; }
    /// The first informer (null before start()).
    SharedIndexInformer *informer() const { return m_informers.value(0); }
    /// Every informer, in the order of Options::resources × queueModes × watchListModes.
    const QList<SharedIndexInformer *> &informers() const { return m_informers; }
    /// The informer named `name` (TraceEvent::informer), else null.
    SharedIndexInformer *informerNamed(const QString &name) const;
    /// The informers' names in the journal (TraceEvent::informer), in the order they were made;
    /// empty before start().
    QStringList informerNames() const;
    /// The factory that holds the informers (null before start()). With one informer it
    /// journals nothing of its own: the informer's synced event is the whole gate, and the
    /// journal reads as it did before informers came from a factory.
    SharedInformerFactory *factory() const { return m_factory; }
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
    /// Calls `then` once, on `context`'s thread, when the scenario has played its last step:
    /// on the next event-loop turn when it already has (a scenario whose steps are all at 0 s
    /// finishes inside start(), before anyone could connect to scenarioFinished()). Never
    /// without a scenario.
    void whenScenarioFinished(QObject *context, std::function<void()> then);
    /// True while an informer has work in hand: its list has no answer yet, its watch has
    /// received bytes it has not delivered as events (under load the decoder thread can lag
    /// the event loop by more than the player's quiet time), its running controller has
    /// deltas to pop, or one of its handlers has notifications to take; or the
    /// provisioner's workqueues took a key for a worker that has not reached it yet (the worker
    /// starts its sync on the next event-loop turn). A paused controller's queue and a stopped
    /// informer wait for nobody. Exact pacing's busy
    /// check (ScenarioPlayer::setBusyCheck) and the pictures taken once a replay ended.
    bool informersBusy() const;
    /// informersBusy()'s informer part alone: a list, undelivered watch bytes, deltas to pop,
    /// notifications to take (not the controllers' work).
    bool informerPipelinesBusy() const;
    /// Calls `then` once, on `context`'s thread, as soon as informersBusy() is false (checked
    /// now, then every 10 ms of real time).
    void whenInformersIdle(QObject *context, std::function<void()> then) const;
    /// The scenario's lesson mode (null without Options::scenario); see Lesson.
    Lesson *lesson() const { return m_lesson; }
    /// Options::controller "provisioner": the controller and its Provisioner (null otherwise).
    controller::ProvisionController *provisionController() const { return m_controller; }
    controller::HostPathProvisioner *provisioner() const { return m_provisioner; }
    /// Options::controller "runtime-sample": the controller running now (replaced when its
    /// MaxConcurrentReconciles or UsePriorityQueue change live: RuntimeWiring::
    /// controllerRebuilt) and its reconciler, whose settings change live (null otherwise).
    runtime::Controller *runtimeController() const;
    runtime::SampleReconciler *sampleReconciler() const;
    RuntimeWiring *runtimeWiring() const { return m_runtime; }
    /// The scenario's `controller: {compare: {name: N, ...}}`: a second runtime-sample
    /// controller of the same manager, on the same informer and client, with its own name,
    /// queue, workers and settings (the first one's, then the compare section's), so two queue
    /// kinds can be watched side by side on one load (cr-side-by-side). Null otherwise. The
    /// window's controls and `runtime:` steps act on the first controller only.
    RuntimeWiring *compareWiring() const { return m_runtimeCompare; }
    /// Options::attachMetrics: the scraper (null without one). It journals every scrape
    /// (MetricsScraped) and starts with the informers.
    metrics::MetricsScraper *metricsScraper() const { return m_scraper; }
    /// The /metrics body the built-in controller publishes now (selfmetrics.h): "" without a
    /// controller. The built-in cluster serves it behind selfmetrics::target(controller).
    QString selfMetricsText() const;
    /// What the managedFields-stripping transform received and kept, over every informer
    /// (null without Options::stripManagedFields). Read from any thread.
    const TransformTally *transformTally() const { return m_transformTally.get(); }
    /// "objects packed (zstd dictionary per informer): 148 872 objects, 892.1 MiB of
    /// JSON kept in 118.2 MiB (86.7 % saved)", summed over the informers' ObjectPackers; ""
    /// when nothing was packed. Main thread.
    QString packingSummary() const;
    /// The informers' ObjectPackers' totals, summed. Main thread.
    PackTotals packingTotals() const;
    /// The API server's base URL (for the built-in one, known after start()).
    QUrl serverUrl() const;
    /// e.g. "pods (all namespaces) at http://127.0.0.1:40123 — built-in simulated cluster ·
    /// DeltaFIFO · LIST+WATCH".
    QString sourceDescription() const;
    /// What start() found worth a warning but went on with: the kubeconfig files, client-key
    /// and token files that group or others may read (KubeconfigLoader::load's warnings), each
    /// also journaled once as an info event (component "kubeconfig", detail.level "warning").
    /// informer-lens prints them on stderr.
    QStringList startWarnings() const { return m_startWarnings; }

Q_SIGNALS:
    /// The first informer synced (the built-in cluster's churn starts then).
    void synced();
    /// start() is resolving Options::resources through discovery one by one and took long
    /// enough to say so (Options::discoveryProgressMs): `resolved` of `total` are done, the
    /// last one `resource` (as given), `elapsedMs` of real time since discovery began. No
    /// kubectl counterpart: kubectl resolves one resource per command.
    void discoveryProgressed(int resolved, int total, const QString &resource, qint64 elapsedMs);
    /// WaitForCacheSync over every informer ended: all synced (result.ok()), or the session
    /// stopped first.
    void cacheSynced(const lens::CacheSyncResult &result);
    /// A scenario caption to show (also journaled as an info event with component "scenario",
    /// type "caption" and detail.message = the text).
    void captionChanged(const QString &text);
    /// The scenario has played its last step.
    void scenarioFinished();
    /// Options::stopAtMs was reached: the clock stands there, nothing more is played.
    void scenarioStopTimeReached();

private:
    /// One resource the informers watch: as given, and as discovery resolved it.
    struct Resolved;
    // The steps of start(), in order; each returns false with *error set when it cannot go on.
    bool startCapture(QString *error);
    /// Loads Options::scenario into `*scenario` and applies its cluster: and informer:
    /// sections to the options (nothing without a scenario).
    bool applyScenario(sim::Scenario *scenario, QString *error);
    /// Options::useKubeconfig: the server, TLS and credentials into `*rest`.
    bool loadKubeconfig(RestConfig *rest, QString *error);
    /// The built-in cluster, when no server is given (configured by `scenario` when not null).
    bool startSimulator(const sim::Scenario *scenario, QString *error);
    /// Resolves every resource through discovery (scenarios: core/v1 as written) and journals
    /// what each resolved to.
    bool resolveResources(const RestConfig &rest, QList<Resolved> *out, QString *error);
    /// The factory and one informer per resource and option (planInformers()), each with its
    /// logging handler; nothing started yet.
    bool makeInformers(const RestConfig &rest, const QList<Resolved> &resolved, QString *error);
    /// Plays the scenario: its player on the scenario clock, its binding, its informers'
    /// start.
    bool startScenario(sim::Scenario scenario, QString *error);
    /// Starts the informers named (all when `names` is empty) and, once every informer has
    /// started, waits for their caches; returns "" or an error.
    QString startInformers(const QStringList &names = {});
    /// Connects each informer's sync to synced() (first) and cacheSynced().
    void connectSync();
    /// The factory option that sets Options::stripManagedFields's transform (a no-op without).
    SharedInformerFactory::Option transformOption();
    /// The factory options every session's factory gets: transformOption() and packing.
    QList<SharedInformerFactory::Option> commonOptions();
    /// Options::controller: the ProvisionController on the claims, volumes and classes
    /// informers (before they start), writing through a KubeClient on `rest`.
    bool makeController(const RestConfig &rest, QString *error);
    /// Serves the built-in controller's /metrics behind its pod proxy path (built-in cluster
    /// only) and makes the scraper Options::attachMetrics asks for (session_metrics.cpp).
    bool attachMetrics(const RestConfig &rest, QString *error);
    /// Options::controller "runtime-sample" (session_runtime.cpp): its KubeClient and
    /// RuntimeWiring on the configmaps informer, started once the caches synced.
    bool makeRuntimeController(const RestConfig &rest, QString *error);
    /// The built-in cluster's parent ConfigMaps for runtime-sample without a scenario.
    void seedRuntimeParents();
    /// The scenario's controller: section (besides its name) onto m_runtimeSettings; its
    /// `compare` map (name plus settings) names and sets up the compare controller. "" or why
    /// it is refused (session_runtime.cpp).
    QString applyControllerSection(const QJsonObject &section);
    /// Options::reproducible: calls `release` once `informer` has delivered the watch event of
    /// resourceVersion `rv` (its lastSyncResourceVersion reached it) and informerPipelinesBusy()
    /// is false, or it stopped, or 10 s of real time passed (a broken watch). Checked every
    /// 2 ms of real time; the controller's KubeClient answer gate.
    void releaseOnceObserved(const QPointer<SharedIndexInformer> &informer, qint64 rv,
                             qint64 deadlineMs, std::function<void()> release);

    Options m_opts;
    sim::ScenarioPlayer *m_player = nullptr;
    ScenarioBinding *m_binding = nullptr;
    Lesson *m_lesson = nullptr;
    SteadyClock m_steadyClock;
    ManualClock m_scenarioClock; ///< Options::reproducible: the scenario's clock for all
    const Clock *m_clock;        ///< the one the journal and the informer read
    Journal *m_journal;
    sim::Simulator *m_sim = nullptr;
    QStringList m_startWarnings; ///< see startWarnings()
    QString m_credentials;   ///< RestConfig::description() of what authenticates us (no secrets)
    QString m_impersonating; ///< the Impersonate-User sent ("" = none), for sourceDescription()
    CaptureListerWatcher *m_capture = nullptr; ///< the capture's ListerWatcher (factory-owned)
    SharedInformerFactory *m_factory = nullptr;
    QList<SharedIndexInformer *> m_informers;
    QStringList m_resourceNames; ///< the resources as resolved (qualified names), for people
    bool m_cacheWaitStarted = false;
    bool m_namespaceFromContext = false; ///< namespace_ came from the kubeconfig, not -n
    controller::ProvisionController *m_controller = nullptr;
    controller::HostPathProvisioner *m_provisioner = nullptr;
    KubeClient *m_kubeClient = nullptr;
    RuntimeWiring *m_runtime = nullptr;
    RuntimeWiring *m_runtimeCompare = nullptr; ///< compareWiring()
    QString m_compareName;                     ///< its name, "" = none
    metrics::MetricsScraper *m_scraper = nullptr;
    runtime::SampleSettings m_compareSettings;
    runtime::SampleSettings m_runtimeSettings; ///< the scenario's, then the flags'
    std::shared_ptr<TransformTally> m_transformTally;
    qint64 m_bookmarksTaken =
        0; ///< BOOKMARK events journaled (ScenarioPlayer::setBookmarkReceipts)
};

} // namespace lens
