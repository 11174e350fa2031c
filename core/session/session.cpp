// SPDX-License-Identifier: Apache-2.0
// Long (under 700 lines) because a Session is one job: wiring the built-in cluster or a
// kubeconfig's server, the informers, the controller and the scenario player together, each in
// the order the others need; the parts with a job of their own live beside it (informerplan,
// scenariobinding, lesson, simulatoraccess, session_controllers, session_runtime,
// session_discovery, session_metrics).
#include "session.h"
#include "session_p.h"

#include "api/validation.h"
#include "client/capturelisterwatcher.h"
#include "client/discovery.h"
#include "client/httplisterwatcher.h"
#include "client/kubeconfig.h"
#include "client/metricsscraper.h"
#include "client/restnetworkaccessmanager.h"
#include "controller/provisioncontroller.h"
#include "informer/reflector.h"
#include "informer/transforms.h"
#include "informerplan.h"
#include "lesson.h"
#include "runtimewiring.h"
#include "scenariobinding.h"
#include "sim/resourcetype.h"
#include "sim/scenarioplayer.h"
#include "sim/simulator.h"
#include "sim/store.h"

#include <QFileInfo>
#include <QTimer>

#include <algorithm>

namespace lens {

namespace {

/// Records an Info event of level "warning" from `component` saying `message`.
void recordWarning(Journal *journal, const QString &component, const QString &message)
{
    TraceEvent e;
    e.kind = TraceKind::Info;
    e.component = component;
    e.detail.insert(QLatin1String("message"), message);
    e.detail.insert(QLatin1String("level"), QStringLiteral("warning"));
    journal->record(std::move(e));
}

} // namespace

Session::Session(Options options, QObject *parent)
    : QObject(parent), m_opts(std::move(options)),
      m_clock(m_opts.reproducible && !m_opts.scenario.isEmpty()
                  ? static_cast<const Clock *>(&m_scenarioClock)
                  : &m_steadyClock),
      m_journal(new Journal(m_clock, this))
{
    m_journal->setCapacity(m_opts.journalCapacity);
    // A scenario's clock is its own; the steady clock started with the session: its 0 is now.
    if (m_clock == &m_steadyClock)
        m_journal->setWallClockOrigin(QDateTime::currentDateTimeUtc().addMSecs(-m_clock->nowMs()));
}

Session::~Session()
{
    stop();
    // The runtime controller first: its handlers are registered on the informers and its queue
    // journals until it is gone.
    delete m_runtime;
    m_runtime = nullptr;
    delete m_runtimeCompare;
    m_runtimeCompare = nullptr;
    // The informers (and the ListerWatchers they own) before the journal and the clock.
    delete m_factory;
    m_factory = nullptr;
    m_informers.clear();
    // The built-in cluster's PV controller times its resync on the scenario clock too.
    delete m_sim;
    m_sim = nullptr;
}

SharedIndexInformer *Session::informerNamed(const QString &name) const
{
    for (SharedIndexInformer *inf : m_informers)
        if (inf->name() == name)
            return inf;
    return nullptr;
}

QStringList Session::informerNames() const
{
    QStringList out;
    for (const SharedIndexInformer *inf : m_informers)
        out << inf->name();
    return out;
}

void Session::connectSync()
{
    if (SharedIndexInformer *first = informer()) {
        connect(first, &SharedIndexInformer::synced, this, [this] {
            // The cluster starts changing once the (first) informer has its initial list, so
            // the first sync is easy to follow.
            if (m_sim && m_opts.churnIntervalMs > 0)
                m_sim->setChurnInterval(m_opts.churnIntervalMs);
            Q_EMIT synced();
        });
    }
}

QString Session::startInformers(const QStringList &names)
{
    if (!m_factory)
        return QStringLiteral("the informers are not made yet");
    QStringList which;
    for (const QString &n : names)
        which << (n.isEmpty() ? informer()->name() : n);
    if (which.isEmpty())
        m_factory->start();
    else
        m_factory->start(which);
    if (!m_factory->notStarted().isEmpty() || std::exchange(m_cacheWaitStarted, true))
        return {};
    if (m_informers.size() == 1) {
        // One informer: its Synced event is the whole gate. No waiter, so no timer ticks on a
        // scenario's clock and the journal reads as it did before informers came from a
        // factory.
        SharedIndexInformer *only = informer();
        auto opened = [this, only] {
            CacheSyncResult r;
            r.synced.insert(only->name(), true);
            r.waitedOn = only->name();
            Q_EMIT cacheSynced(r);
        };
        if (only->hasSynced())
            opened();
        else
            connect(only, &SharedIndexInformer::synced, this, opened, Qt::SingleShotConnection);
        return {};
    }
    // Every informer runs: wait for their caches, as a controller does before its workers.
    CacheSyncWaiter *w = m_factory->waitForCacheSync(0);
    connect(w, &CacheSyncWaiter::finished, this, &Session::cacheSynced);
    if (m_controller)
        m_controller->run(w); // the controller's workers wait on this same gate
    return {};
}

bool Session::startCapture(QString *error)
{
    WatchCapture capture;
    QString err;
    if (!m_opts.server.isEmpty() || !m_opts.scenario.isEmpty() || m_opts.useKubeconfig)
        err = QStringLiteral("a capture is replayed on its own, without --server, --kubeconfig "
                             "or --scenario");
    else if (!WatchCapture::read(m_opts.watchCapture, &capture, &err))
        err = QStringLiteral("The capture cannot be replayed: %1").arg(err);
    if (!err.isEmpty()) {
        if (error)
            *error = err;
        return false;
    }
    if (!capture.warning.isEmpty()) {
        recordWarning(m_journal, QStringLiteral("capture"), capture.warning);
    }
    auto lw = std::make_unique<CaptureListerWatcher>(std::move(capture),
                                                     QFileInfo(m_opts.watchCapture).fileName(),
                                                     m_journal, m_opts.captureEventsPerSecond);
    m_capture = lw.get();
    // One informer, over the capture: the factory takes the ListerWatcher made above.
    auto pending = std::make_shared<std::unique_ptr<ListerWatcher>>(std::move(lw));
    m_factory = new SharedInformerFactory(
        [pending](const QString &, const QString &, QString *) { return std::move(*pending); },
        m_opts.resyncPeriodMs, m_journal, m_clock,
        QList<SharedInformerFactory::Option>{
            SharedInformerFactory::withQueueMode(m_opts.queueModes.value(0)),
            SharedInformerFactory::withJournalNotes(false)} +
            commonOptions(),
        this);
    const QString name = m_opts.resources.value(0, QStringLiteral("pods"));
    const QString kind = m_capture->objectKind(), apiVersion = m_capture->objectApiVersion();
    SharedIndexInformer *inf = m_factory->informerFor(name, error);
    if (!inf)
        return false;
    // The capture's type is the watch's: an object of another kind is skipped, not indexed.
    if (!kind.isEmpty())
        inf->setObjectType(apiVersion, kind);
    inf->addEventHandler(ResourceEventHandler{QStringLiteral("logger"), {}, {}, {}});
    m_informers = {inf};
    m_resourceNames = {name};
    connectSync();
    startInformers();
    return true;
}

bool Session::applyScenario(sim::Scenario *scenario, QString *error)
{
    if (m_opts.scenario.isEmpty())
        return true;
    QString err;
    if (!m_opts.server.isEmpty() || m_opts.useKubeconfig)
        err = QStringLiteral("a scenario plays on the built-in cluster, not on --server or "
                             "a kubeconfig's cluster");
    else
        sim::Scenario::load(m_opts.scenario, scenario, &err);
    if (!err.isEmpty()) {
        if (error)
            *error = QStringLiteral("The scenario cannot be played: %1").arg(err);
        return false;
    }
    m_opts.resources = scenario->resources;
    m_opts.namespace_ = scenario->namespace_;
    m_opts.resyncPeriodMs = scenario->resyncMs;
    m_opts.watchListModes = scenario->watchLists;
    m_opts.queueModes.clear();
    for (const QString &q : scenario->queues) {
        SharedIndexInformer::QueueMode mode = SharedIndexInformer::QueueMode::DeltaFIFO;
        queueModeFromWord(q, &mode);
        m_opts.queueModes << mode;
    }
    m_opts.churnIntervalMs = 0;
    m_opts.seed = scenario->seed;
    if (!scenario->controller.isEmpty())
        m_opts.controller = scenario->controller;
    if (const QString why = applyControllerSection(scenario->controllerSettings); !why.isEmpty()) {
        if (error)
            *error = QStringLiteral("The scenario cannot be played: controller: %1").arg(why);
        return false;
    }
    if (m_opts.threadiness > 0 && m_opts.controller.isEmpty()) {
        if (error)
            *error = QStringLiteral("The scenario %1 runs no controller, so it has no workers "
                                    "whose number could be set (threadiness %2)")
                         .arg(scenario->name)
                         .arg(m_opts.threadiness);
        return false;
    }
    if (scenario->threadiness > 0 && m_opts.threadiness <= 0)
        m_opts.threadiness = scenario->threadiness;
    return true;
}

bool Session::loadKubeconfig(RestConfig *rest, QString *error)
{
    if (!m_opts.useKubeconfig)
        return true;
    QString err;
    QStringList warnings;
    const bool loaded =
        KubeconfigLoader::load(m_opts.kubeconfig, m_opts.kubeContext, rest, &err, &warnings);
    // Files others may read: warned about (once per run), never refused.
    for (const QString &w : std::as_const(warnings)) {
        m_startWarnings << w;
        recordWarning(m_journal, QStringLiteral("kubeconfig"), w);
    }
    if (!loaded || (rest->exec && !rest->exec->fetchAndWait(&err))) {
        if (error)
            *error = QStringLiteral("The kubeconfig cannot be used: %1").arg(err);
        return false;
    }
    if (m_opts.server.isEmpty())
        m_opts.server = rest->server;
    // kubectl's namespace rule (ToRawKubeConfigLoader().Namespace()): -n, else the context's
    // namespace, else "default"; -A overrides both.
    if (m_opts.allNamespaces)
        m_opts.namespace_.clear();
    else if (m_opts.namespace_.isEmpty()) {
        m_opts.namespace_ =
            rest->namespace_.isEmpty() ? QStringLiteral("default") : rest->namespace_;
        m_namespaceFromContext = true;
    }
    m_credentials = rest->description();
    return true;
}

bool Session::startSimulator(const sim::Scenario *scenario, QString *error)
{
    if (!m_opts.server.isEmpty())
        return true;
    m_sim = new sim::Simulator(this);
    sim::Simulator::Options so;
    so.seed = m_opts.seed;
    if (scenario)
        sim::ScenarioPlayer::configure(*scenario, &so);
    if (m_clock == &m_scenarioClock)
        so.reproducibleClock = m_clock;
    QString err;
    if (!m_sim->start(so, &err)) {
        if (error)
            *error = QStringLiteral("The built-in cluster could not start: %1").arg(err);
        return false;
    }
    return true;
}

bool Session::makeInformers(const RestConfig &rest, const QList<Resolved> &resolved, QString *error)
{
    QString err;
    const QList<InformerPlan> plans =
        planInformers(m_opts.resources, m_opts.queueModes, m_opts.watchListModes, &err);
    if (plans.isEmpty()) {
        if (error)
            *error = QStringLiteral("The informers cannot be made: %1").arg(err);
        return false;
    }
    QHash<QString, Resolved> byGiven;
    for (const Resolved &r : resolved) {
        byGiven.insert(r.given, r);
        m_resourceNames << r.resource.qualifiedName();
    }
    // The factory asks for a ListerWatcher by the resource as given: an HttpListerWatcher on
    // the collection discovery resolved it to (the namespace only for namespaced resources).
    const qint64 backlog = m_opts.watchBacklogLimit;
    auto lwFactory = [rest, byGiven, backlog](const QString &given, const QString &ns,
                                              QString *) -> std::unique_ptr<ListerWatcher> {
        const ApiResource a = byGiven.value(given).resource;
        auto lw = std::make_unique<HttpListerWatcher>(
            rest, HttpListerWatcher::collectionPath(a.group, a.version, a.resource,
                                                    a.namespaced ? ns : QString()));
        lw->setWatchBacklogLimit(backlog);
        lw->setItemKind(a.kind, a.groupVersion());
        return lw;
    };
    // One informer: its journal reads as it did without a factory (no factory lines; its
    // Synced event is the whole gate).
    m_factory = new SharedInformerFactory(
        lwFactory, m_opts.resyncPeriodMs, m_journal, m_clock,
        QList<SharedInformerFactory::Option>{
            SharedInformerFactory::withNamespace(m_opts.namespace_),
            SharedInformerFactory::withTweakListOptions(
                SharedInformerFactory::selectorTweak(m_opts.labelSelector, m_opts.fieldSelector)),
            SharedInformerFactory::withJournalNotes(plans.size() > 1)} +
            commonOptions(),
        this);
    for (const InformerPlan &p : plans) {
        SharedIndexInformer *inf = m_factory->informerFor(
            InformerSpec{p.resource, p.name, p.queueMode, p.useWatchList}, error);
        if (!inf)
            return false;
        const Resolved r = byGiven.value(p.resource);
        if (!r.resource.kind.isEmpty())
            inf->setObjectType(r.resource.groupVersion(), r.resource.kind);
        else if (r.assumedCoreV1) // discovery could not be asked: name it by what was typed
            inf->setObjectType({}, {},
                               QStringLiteral("%1 (taken as core/v1)").arg(r.resource.resource));
        inf->addEventHandler(ResourceEventHandler{QStringLiteral("logger"), {}, {}, {}});
        m_informers << inf;
    }
    for (const Resolved &r : resolved) {
        if (r.note.isEmpty())
            continue;
        TraceEvent e;
        e.kind = TraceKind::Info;
        e.component = QStringLiteral("discovery");
        e.type = QStringLiteral("resource");
        e.detail.insert(QLatin1String("message"), r.note);
        m_journal->record(std::move(e));
    }
    connectSync();
    return true;
}

bool Session::start(QString *error)
{
    if (!m_opts.watchCapture.isEmpty())
        return startCapture(error);
    sim::Scenario scenario;
    RestConfig rest;
    QList<Resolved> resolved;
    if (!applyScenario(&scenario, error) || !loadKubeconfig(&rest, error) ||
        !startSimulator(m_opts.scenario.isEmpty() ? nullptr : &scenario, error))
        return false;
    // client-go's Request.Namespace: a namespace that would be other path segments ("..",
    // "a/b", "%2F") is refused before any request.
    if (const QStringList why = pathSegmentNameErrors(m_opts.namespace_);
        !m_opts.namespace_.isEmpty() && !why.isEmpty()) {
        if (error)
            *error = QStringLiteral("invalid namespace \"%1\": [%2]")
                         .arg(m_opts.namespace_, why.join(QLatin1String(", ")));
        return false;
    }
    rest.server = serverUrl();
    // The URL's user and password become Basic auth, and leave every URL shown or journaled.
    rest.takeServerUserInfo();
    m_opts.server = m_opts.server.adjusted(QUrl::RemoveUserInfo);
    if (!m_opts.bearerToken.isEmpty())
        rest.bearerToken = m_opts.bearerToken;
    // clientcmd's getAuthInfo: the command line's --as, --as-uid and --as-group each replace
    // the kubeconfig user's field when given (mergo.WithOverride skips empty values).
    if (!m_opts.impersonateUser.isEmpty())
        rest.impersonateUser = m_opts.impersonateUser;
    if (!m_opts.impersonateUid.isEmpty())
        rest.impersonateUid = m_opts.impersonateUid;
    if (!m_opts.impersonateGroups.isEmpty())
        rest.impersonateGroups = m_opts.impersonateGroups;
    if (const QString why = rest.impersonationError(); !why.isEmpty()) {
        if (error)
            *error = m_opts.useKubeconfig
                         ? QStringLiteral("The kubeconfig cannot be used: %1").arg(why)
                         : why;
        return false;
    }
    // Each value names where it may have come from (the command line or the kubeconfig).
    if (QString why = rest.headerError();
        !why.isEmpty() || !(why = rest.tokenFileError()).isEmpty()) {
        if (error)
            *error = QStringLiteral("Cannot connect: %1").arg(why);
        return false;
    }
    m_impersonating = rest.impersonateUser;
    rest.timeoutMs = m_opts.requestTimeoutMs;
    if (m_opts.insecureSkipTlsVerify) {
        rest.insecureSkipTlsVerify = true;
        rest.caCertificates.clear();
    }
    if (m_opts.controller == QLatin1String("provisioner")) {
        // The controller's three informers; they replace the default pods.
        const QStringList mine{QStringLiteral("persistentvolumeclaims"),
                               QStringLiteral("persistentvolumes"),
                               QStringLiteral("storageclasses")};
        if (m_opts.resources == QStringList{QStringLiteral("pods")})
            m_opts.resources.clear();
        for (const QString &r : mine)
            if (!m_opts.resources.contains(r))
                m_opts.resources << r;
    } else if (m_opts.controller == QLatin1String("runtime-sample")) {
        // Its one configmaps informer (For and Owns share it); it replaces the default pods.
        if (m_opts.resources == QStringList{QStringLiteral("pods")})
            m_opts.resources.clear();
        if (!m_opts.resources.contains(QStringLiteral("configmaps")))
            m_opts.resources << QStringLiteral("configmaps");
        if (m_sim && m_opts.scenario.isEmpty())
            seedRuntimeParents();
    } else if (!m_opts.controller.isEmpty()) {
        if (error)
            *error = QStringLiteral("Unknown controller \"%1\": the ones built in are "
                                    "\"provisioner\" and \"runtime-sample\".")
                         .arg(m_opts.controller);
        return false;
    }
    if (!resolveResources(rest, &resolved, error) || !makeInformers(rest, resolved, error) ||
        !makeController(rest, error) || !attachMetrics(rest, error))
        return false;
    if (!m_opts.scenario.isEmpty())
        return startScenario(std::move(scenario), error);
    startInformers();
    return true;
}

bool Session::startScenario(sim::Scenario scenario, QString *)
{
    // The informers a `start` step names wait for it (the "" name: the first); the others
    // start with the scenario.
    QStringList waiting;
    for (const QString &n : scenario.informersStartedBySteps())
        waiting << (n.isEmpty() ? informer()->name() : n);
    QStringList startNow;
    for (const SharedIndexInformer *inf : std::as_const(m_informers))
        if (!waiting.contains(inf->name()))
            startNow << inf->name();
    for (SharedIndexInformer *inf : std::as_const(m_informers))
        inf->setReflectorSetup([seed = scenario.seed, pageSize = scenario.pageSize,
                                wlTimeout = scenario.watchListBookmarkTimeoutMs](Reflector *r) {
            r->setSeed(seed);
            if (pageSize > 0)
                r->setPageSize(pageSize);
            r->setWatchListBookmarkTimeoutMs(wlTimeout);
        });
    m_player = new sim::ScenarioPlayer(std::move(scenario), m_sim, this);
    m_player->setLanguage(m_opts.language);
    // Captions name the workers the controller really runs ({threadiness}), which --threadiness
    // may have made other than the scenario's own number.
    if (m_controller)
        m_player->setCaptionValue(QStringLiteral("threadiness"),
                                  QString::number(m_controller->options().threadiness));
    if (m_clock == &m_scenarioClock) {
        // Real milliseconds without a journal event before the clock moves on: far above
        // a localhost round trip (even on a busy machine, where QNetworkAccessManager's HTTP
        // thread may answer late), below the reflector's first backoff (800 ms).
        constexpr int kQuietMs = 300;
        m_player->setClock(&m_scenarioClock);
        m_player->setQuietMs(kQuietMs);
        // Not quiet, however long it takes: a list waiting for its answer, deltas a running
        // controller has yet to pop, notifications a handler has yet to take.
        m_player->setBusyCheck([this] { return informersBusy(); });
        // Nor periodic bookmarks the server sent to these informers before they took them.
        connect(m_journal, &Journal::eventRecorded, this, [this](const TraceEvent &e) {
            if (e.kind == TraceKind::Bookmark)
                ++m_bookmarksTaken;
        });
        m_player->setBookmarkReceipts(RestConfig::userAgent(), [this] { return m_bookmarksTaken; });
        m_player->setStopAtMs(m_opts.stopAtMs);
        m_opts.scenarioSpeed = 0;
        connect(m_player, &sim::ScenarioPlayer::stopTimeReached, this,
                &Session::scenarioStopTimeReached);
    }
    if (!startNow.isEmpty())
        startInformers(startNow);
    m_binding = new ScenarioBinding(
        m_player, m_journal, m_informers,
        [this](const QString &name) { return startInformers({name}); }, this);
    m_binding->setProvisioner(m_provisioner);
    if (m_runtime)
        m_binding->setRuntimeActions([this](const QJsonObject &settings, QString *summary) {
            return m_runtime->reconciler()->applySettings(settings, summary);
        });
    connect(m_binding, &ScenarioBinding::captionChanged, this, &Session::captionChanged);
    connect(m_binding, &ScenarioBinding::finished, this, &Session::scenarioFinished);
    m_lesson = new Lesson(m_binding, this);
    if (m_opts.lesson) {
        m_lesson->setEnabled(true);
        if (m_clock == &m_scenarioClock)
            m_lesson->setAutoNextUntilMs(m_opts.stopAtMs);
    }
    m_binding->start(m_opts.scenarioSpeed);
    return true;
}

void Session::whenScenarioFinished(QObject *context, std::function<void()> then)
{
    if (!m_player)
        return;
    if (m_player->isFinished())
        QTimer::singleShot(0, context, std::move(then));
    else
        connect(this, &Session::scenarioFinished, context, std::move(then),
                Qt::SingleShotConnection);
}

void Session::stop()
{
    if (m_player) {
        // Nothing may run against an informer that is stopping (or being destroyed).
        m_player->stop();
        disconnect(m_journal, nullptr, m_player, nullptr);
    }
    if (m_sim)
        m_sim->setChurnInterval(0);
    if (m_scraper)
        m_scraper->stop();
    for (SharedIndexInformer *inf : std::as_const(m_informers))
        inf->stop();
}

sim::Store *Session::simulatorStore() const
{
    return m_sim ? m_sim->store() : nullptr;
}
sim::ApiServer *Session::simulatorServer() const
{
    return m_sim ? m_sim->server() : nullptr;
}
sim::ChurnGenerator *Session::churn() const
{
    return m_sim ? m_sim->churn() : nullptr;
}

QUrl Session::serverUrl() const
{
    return m_sim ? m_sim->url() : m_opts.server;
}

QString Session::sourceDescription() const
{
    // The queues and list modes in use, in the order of the options ("DeltaFIFO and
    // RealFIFO" when two informers of one resource compare them).
    QStringList queues, lists;
    for (const SharedIndexInformer *inf : m_informers) {
        if (!queues.contains(inf->queueModeName()))
            queues << inf->queueModeName();
        const QString list =
            inf->useWatchList() ? QStringLiteral("WatchList") : QStringLiteral("LIST+WATCH");
        if (!lists.contains(list))
            lists << list;
    }
    if (queues.isEmpty())
        queues << QStringLiteral("DeltaFIFO");
    if (m_capture)
        return m_capture->description() + QStringLiteral(" \u00B7 ") +
               queues.join(QLatin1String(" and ")) + QStringLiteral(" \u00B7 LIST+WATCH");
    if (lists.isEmpty())
        lists << (m_opts.watchListModes.value(0) ? QStringLiteral("WatchList")
                                                 : QStringLiteral("LIST+WATCH"));
    QString scope = m_opts.namespace_.isEmpty()
                        ? QStringLiteral("all namespaces")
                        : QStringLiteral("namespace %1").arg(m_opts.namespace_);
    if (!m_opts.labelSelector.isEmpty())
        scope += QStringLiteral(", labels %1").arg(m_opts.labelSelector);
    if (!m_opts.fieldSelector.isEmpty())
        scope += QStringLiteral(", fields %1").arg(m_opts.fieldSelector);
    if (!m_impersonating.isEmpty())
        scope += QStringLiteral(", as %1").arg(m_impersonating);
    const QStringList names = m_resourceNames.isEmpty() ? m_opts.resources : m_resourceNames;
    QString s = QStringLiteral("%1 (%2) at %3")
                    .arg(names.join(QLatin1String(", ")), scope,
                         RestNetworkAccessManager::shownUrl(serverUrl()));
    if (m_sim)
        s += QStringLiteral(" — built-in simulated cluster");
    else if (!m_credentials.isEmpty())
        s += QStringLiteral(" — ") + m_credentials;
    s += QStringLiteral(" · ") + queues.join(QLatin1String(" and "));
    s += QStringLiteral(" · ") + lists.join(QLatin1String(" and "));
    return s;
}

SharedInformerFactory::Option Session::transformOption()
{
    if (!m_opts.stripManagedFields)
        return [](SharedInformerFactory::Options &) {};
    m_transformTally = std::make_shared<TransformTally>();
    // The listed items are stripped where they are decoded, the originals freed there; the
    // DeltaFIFO's transform counts them once, by their size as received.
    return SharedInformerFactory::withTransform(stripManagedFieldsTransform(m_transformTally),
                                                listItemStrip());
}

QList<SharedInformerFactory::Option> Session::commonOptions()
{
    return {transformOption(), SharedInformerFactory::withObjectPacking(m_opts.packListedObjects)};
}

PackTotals Session::packingTotals() const
{
    PackTotals t;
    for (const SharedIndexInformer *inf : m_informers)
        if (const std::shared_ptr<const ObjectPacker> p = inf->objectPacker())
            t += p->totals();
    return t;
}

QString Session::packingSummary() const
{
    const PackTotals t = packingTotals();
    return t.objects > 0 ? describePacking(t) : QString();
}

} // namespace lens
