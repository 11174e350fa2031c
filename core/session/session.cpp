// SPDX-License-Identifier: Apache-2.0
#include "session.h"

#include "client/capturelisterwatcher.h"
#include "client/discovery.h"
#include "client/httplisterwatcher.h"
#include "client/kubeconfig.h"
#include "informer/reflector.h"
#include "sim/scenarioplayer.h"
#include "sim/simulator.h"

#include <QFileInfo>

namespace lens {

Session::Session(Options options, QObject *parent)
    : QObject(parent), m_opts(std::move(options)),
      m_clock(m_opts.reproducible && !m_opts.scenario.isEmpty()
                  ? static_cast<const Clock *>(&m_scenarioClock)
                  : &m_steadyClock),
      m_journal(new Journal(m_clock, this))
{
    m_journal->setCapacity(m_opts.journalCapacity);
}

Session::~Session()
{
    stop();
    delete m_informer; // before the ListerWatcher it uses
    m_informer = nullptr;
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
        TraceEvent e;
        e.kind = TraceKind::Info;
        e.component = QStringLiteral("capture");
        e.detail.insert(QLatin1String("message"), capture.warning);
        e.detail.insert(QLatin1String("level"), QStringLiteral("warning"));
        m_journal->record(std::move(e));
    }
    auto lw = std::make_unique<CaptureListerWatcher>(std::move(capture),
                                                     QFileInfo(m_opts.watchCapture).fileName(),
                                                     m_journal, m_opts.captureEventsPerSecond);
    m_capture = lw.get();
    m_lw = std::move(lw);
    m_informer =
        new SharedIndexInformer(m_lw.get(), m_opts.resyncPeriodMs, m_journal, m_clock, {}, this);
    m_informer->setQueueMode(m_opts.queueMode);
    m_informer->addEventHandler(ResourceEventHandler{QStringLiteral("logger"), {}, {}, {}});
    connect(m_informer, &SharedIndexInformer::synced, this, &Session::synced);
    m_informer->run();
    return true;
}

bool Session::start(QString *error)
{
    if (!m_opts.watchCapture.isEmpty())
        return startCapture(error);
    sim::Scenario scenario;
    const bool hasScenario = !m_opts.scenario.isEmpty();
    if (hasScenario) {
        QString err;
        if (!m_opts.server.isEmpty() || m_opts.useKubeconfig)
            err = QStringLiteral("a scenario plays on the built-in cluster, not on --server or "
                                 "a kubeconfig's cluster");
        else
            sim::Scenario::load(m_opts.scenario, &scenario, &err);
        if (!err.isEmpty()) {
            if (error)
                *error = QStringLiteral("The scenario cannot be played: %1").arg(err);
            return false;
        }
        m_opts.resource = scenario.resource;
        m_opts.namespace_ = scenario.namespace_;
        m_opts.resyncPeriodMs = scenario.resyncMs;
        m_opts.useWatchList = scenario.watchList;
        m_opts.queueMode = scenario.queue == QLatin1String("realfifo")
                               ? SharedIndexInformer::QueueMode::RealFIFO
                               : SharedIndexInformer::QueueMode::DeltaFIFO;
        m_opts.churnIntervalMs = 0;
        m_opts.seed = scenario.seed;
    }
    RestConfig rest;
    if (m_opts.useKubeconfig) {
        QString err;
        if (!KubeconfigLoader::load(m_opts.kubeconfig, m_opts.kubeContext, &rest, &err) ||
            (rest.exec && !rest.exec->refresh(&err))) {
            if (error)
                *error = QStringLiteral("The kubeconfig cannot be used: %1").arg(err);
            return false;
        }
        if (m_opts.server.isEmpty())
            m_opts.server = rest.server;
        m_credentials = rest.description();
    }
    if (m_opts.server.isEmpty()) {
        m_sim = new sim::Simulator(this);
        sim::Simulator::Options so;
        so.seed = m_opts.seed;
        if (hasScenario)
            sim::ScenarioPlayer::configure(scenario, &so);
        if (m_clock == &m_scenarioClock)
            so.reproducibleClock = m_clock;
        QString err;
        if (!m_sim->start(so, &err)) {
            if (error)
                *error = QStringLiteral("The built-in cluster could not start: %1").arg(err);
            return false;
        }
    }
    rest.server = serverUrl();
    if (!m_opts.bearerToken.isEmpty())
        rest.bearerToken = m_opts.bearerToken;
    if (m_opts.insecureSkipTlsVerify) {
        rest.insecureSkipTlsVerify = true;
        rest.caCertificates.clear();
    }
    // What the user typed ("deploy", "deployments.apps", "v1/pods") becomes a resource through
    // discovery, as kubectl resolves it. Scenarios name core/v1 resources of the built-in cluster.
    ApiResource resource{QString(), QStringLiteral("v1"), m_opts.resource, {}, true};
    QString discoveryNote;
    bool assumedCoreV1 = false;
    if (!hasScenario) {
        QString err;
        bool transport = false;
        if (Discovery::resolve(rest, m_opts.resource, &resource, &err, &transport, 10000)) {
            discoveryNote =
                QStringLiteral("resource \"%1\" is %2 (%3%4)")
                    .arg(m_opts.resource, resource.qualifiedName(), resource.groupVersion(),
                         resource.kind.isEmpty()
                             ? QString()
                             : QStringLiteral(" ") + resource.kind +
                                   (resource.namespaced ? QStringLiteral(", namespaced")
                                                        : QStringLiteral(", cluster-scoped")));
        } else if (transport) {
            // The server cannot be asked now: take the name as a core/v1 resource and let the
            // Reflector report and retry, as it would for any list that fails.
            resource = ApiResource{QString(), QStringLiteral("v1"), m_opts.resource, {}, true};
            assumedCoreV1 = true;
            discoveryNote = QStringLiteral("%1; assuming core/v1 %2").arg(err, m_opts.resource);
        } else {
            if (error)
                *error = QStringLiteral("The resource cannot be watched: %1").arg(err);
            return false;
        }
        if (!resource.namespaced && !m_opts.namespace_.isEmpty()) {
            discoveryNote += QStringLiteral("; %1 is cluster-scoped, so namespace %2 is ignored")
                                 .arg(resource.qualifiedName(), m_opts.namespace_);
            m_opts.namespace_.clear();
        }
        m_opts.resource = resource.qualifiedName();
    }
    auto lw = std::make_unique<HttpListerWatcher>(
        std::move(rest),
        HttpListerWatcher::collectionPath(resource.group, resource.version, resource.resource,
                                          resource.namespaced ? m_opts.namespace_ : QString()));
    lw->setWatchBacklogLimit(m_opts.watchBacklogLimit);
    m_lw = std::move(lw);
    m_informer =
        new SharedIndexInformer(m_lw.get(), m_opts.resyncPeriodMs, m_journal, m_clock, {}, this);
    m_informer->setQueueMode(m_opts.queueMode);
    m_informer->setUseWatchList(m_opts.useWatchList);
    if (!resource.kind.isEmpty())
        m_informer->setObjectType(resource.groupVersion(), resource.kind);
    else if (assumedCoreV1) // discovery could not be asked: name it by what was typed
        m_informer->setObjectType({}, {},
                                  QStringLiteral("%1 (taken as core/v1)").arg(resource.resource));
    m_informer->addEventHandler(ResourceEventHandler{QStringLiteral("logger"), {}, {}, {}});
    if (!discoveryNote.isEmpty()) {
        TraceEvent e;
        e.kind = TraceKind::Info;
        e.component = QStringLiteral("discovery");
        e.type = QStringLiteral("resource");
        e.detail.insert(QLatin1String("message"), discoveryNote);
        m_journal->record(std::move(e));
    }
    connect(m_informer, &SharedIndexInformer::synced, this, [this] {
        // The cluster starts changing once the informer has its initial list, so the first
        // sync is easy to follow.
        if (m_sim && m_opts.churnIntervalMs > 0)
            m_sim->setChurnInterval(m_opts.churnIntervalMs);
        Q_EMIT synced();
    });
    if (!hasScenario) {
        m_informer->run();
        return true;
    }
    const bool startNow = !scenario.startsInformer();
    m_informer->setReflectorSetup([seed = scenario.seed, pageSize = scenario.pageSize,
                                   wlTimeout = scenario.watchListBookmarkTimeoutMs](Reflector *r) {
        r->setSeed(seed);
        if (pageSize > 0)
            r->setPageSize(pageSize);
        r->setWatchListBookmarkTimeoutMs(wlTimeout);
    });
    m_player = new sim::ScenarioPlayer(std::move(scenario), m_sim, this);
    m_player->setLanguage(m_opts.language);
    if (m_clock == &m_scenarioClock) {
        // Real milliseconds without a journal event before the clock moves on: far above
        // a localhost round trip (even on a busy machine, where QNetworkAccessManager's HTTP
        // thread may answer late), below the reflector's first backoff (800 ms).
        constexpr int kQuietMs = 300;
        m_player->setClock(&m_scenarioClock);
        m_player->setQuietMs(kQuietMs);
        // A list waiting for its answer is not quiet, however long the answer takes.
        m_player->setBusyCheck([this] {
            const Reflector *r = m_informer ? m_informer->reflector() : nullptr;
            return r && r->state() == Reflector::State::Listing;
        });
        m_player->setStopAtMs(m_opts.stopAtMs);
        m_opts.scenarioSpeed = 0;
        connect(m_player, &sim::ScenarioPlayer::stopTimeReached, this,
                &Session::scenarioStopTimeReached);
    }
    if (startNow)
        m_informer->run();
    return startScenario(error);
}

bool Session::startScenario(QString *)
{
    auto note = [this](const QString &type, const QString &message, const QJsonObject &extra) {
        TraceEvent e;
        e.kind = TraceKind::Info;
        e.component = QStringLiteral("scenario");
        e.type = type;
        e.detail = extra;
        e.detail.insert(QLatin1String("message"), message);
        e.detail.insert(QLatin1String("at"), double(m_player->clock()->nowMs()) / 1000);
        m_journal->record(std::move(e));
    };
    m_player->setInformerActions([this](const sim::ScenarioStep &s) { return informerAction(s); });
    m_player->setConditionCheck(
        [this](const QJsonObject &w, int index) { return conditionHolds(w, index); });
    connect(m_journal, &Journal::eventRecorded, m_player, &sim::ScenarioPlayer::recheck);
    connect(m_player, &sim::ScenarioPlayer::stepDone, this,
            [this, note](int index, const sim::ScenarioStep &s, const QString &summary,
                         const QString &error) {
                if (s.action != sim::ScenarioStep::Action::Caption || !error.isEmpty()) {
                    QJsonObject d{{QLatin1String("step"), index},
                                  {QLatin1String("line"), s.line},
                                  {QLatin1String("verb"), s.verb}};
                    if (!error.isEmpty())
                        d.insert(QLatin1String("error"), error);
                    note(sim::ScenarioStep::actionName(s.action), summary, d);
                }
                m_stepSeq.resize(qMax<qsizetype>(m_stepSeq.size(), index + 1));
                m_stepSeq[index] = m_journal->lastSeq();
            });
    connect(m_player, &sim::ScenarioPlayer::caption, this, [this, note](const QString &text) {
        note(QStringLiteral("caption"), text, {});
        Q_EMIT captionChanged(text);
    });
    connect(m_player, &sim::ScenarioPlayer::waiting, this,
            [note](int index, const QString &condition) {
                note(QStringLiteral("waiting"), QStringLiteral("waiting for %1").arg(condition),
                     {{QLatin1String("step"), index}});
            });
    connect(m_player, &sim::ScenarioPlayer::finished, this, [this, note] {
        note(QStringLiteral("finished"),
             QStringLiteral("scenario %1 finished").arg(m_player->scenario().name), {});
        Q_EMIT scenarioFinished();
    });
    const sim::Scenario &sc = m_player->scenario();
    note(QStringLiteral("started"), QStringLiteral("scenario %1: %2").arg(sc.name, sc.title),
         {{QLatin1String("case"), sc.caseId}, {QLatin1String("steps"), int(sc.steps.size())}});
    m_scenarioStartSeq = m_journal->lastSeq();
    m_player->setSpeed(m_opts.scenarioSpeed);
    m_player->start();
    return true;
}

ProcessorListener *Session::listenerNamed(const QString &name) const
{
    for (ProcessorListener *l : m_informer->listeners())
        if (l->name() == name)
            return l;
    return nullptr;
}

QString Session::informerAction(const sim::ScenarioStep &s)
{
    const QString &v = s.verb;
    const QJsonObject &a = s.args;
    if (v == QLatin1String("start")) {
        m_informer->run();
        return {};
    }
    if (v == QLatin1String("stop")) {
        m_informer->stop();
        return {};
    }
    if (v == QLatin1String("pause") || v == QLatin1String("resume") || v == QLatin1String("step")) {
        Controller *c = m_informer->controller();
        if (!c)
            return QStringLiteral("the informer has not started");
        if (v == QLatin1String("pause"))
            c->pause();
        else if (v == QLatin1String("resume"))
            c->run();
        else
            c->step();
        return {};
    }
    if (v == QLatin1String("add-handler")) {
        const QString name = a.value(u"name").toString(
            QStringLiteral("handler-%1").arg(m_informer->listeners().size()));
        QString err;
        ProcessorListener *l =
            a.contains(u"resyncSeconds")
                ? m_informer->addEventHandlerWithResyncPeriod(
                      ResourceEventHandler{name, {}, {}, {}},
                      qint64(a.value(u"resyncSeconds").toDouble() * 1000), &err)
                : m_informer->addEventHandler(ResourceEventHandler{name, {}, {}, {}}, &err);
        if (!l)
            return err;
        l->setProcessingDelayMs(a.value(u"delayMs").toInt(0));
        return {};
    }
    ProcessorListener *l = listenerNamed(a.value(u"handler").toString(QStringLiteral("logger")));
    if (!l)
        return QStringLiteral("no handler named \"%1\"")
            .arg(a.value(u"handler").toString(QStringLiteral("logger")));
    if (v == QLatin1String("set-resync")) {
        m_informer->setHandlerResyncPeriod(l, qint64(a.value(u"seconds").toDouble() * 1000));
        return {};
    }
    if (v == QLatin1String("set-delay")) {
        l->setProcessingDelayMs(a.value(u"ms").toInt(0));
        return {};
    }
    return QStringLiteral("unknown informer action \"%1\"").arg(v);
}

bool Session::conditionHolds(const QJsonObject &w, int stepIndex) const
{
    if (w.value(u"synced").toBool())
        return m_informer && m_informer->hasSynced();
    quint64 since = m_scenarioStartSeq;
    if (w.value(u"since").toString() == QLatin1String("previous") && stepIndex > 0 &&
        stepIndex - 1 < m_stepSeq.size())
        since = m_stepSeq.at(stepIndex - 1);
    const QString kind = w.value(u"kind").toString();
    const QString type = w.value(u"type").toString();
    const QString key = w.value(u"key").toString();
    const QString handler = w.value(u"handler").toString();
    const QString component = w.value(u"component").toString();
    const int need = qMax(1, w.value(u"count").toInt(1));
    int n = 0;
    const auto &events = m_journal->events();
    for (auto it = events.rbegin(); it != events.rend() && it->seq > since; ++it) {
        if (traceKindName(it->kind).compare(kind, Qt::CaseInsensitive) != 0 ||
            (!type.isEmpty() && it->type != type) || (!key.isEmpty() && it->key != key) ||
            (!component.isEmpty() && it->component != component) ||
            (!handler.isEmpty() &&
             it->detail.value(QLatin1String("handler")).toString() != handler))
            continue;
        if (++n >= need)
            return true;
    }
    return false;
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
    if (m_informer)
        m_informer->stop();
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
    if (m_capture)
        return m_capture->description() + QStringLiteral(" \u00B7 ") + m_informer->queueModeName() +
               QStringLiteral(" \u00B7 LIST+WATCH");
    const QString scope = m_opts.namespace_.isEmpty()
                              ? QStringLiteral("all namespaces")
                              : QStringLiteral("namespace %1").arg(m_opts.namespace_);
    QString s = QStringLiteral("%1 (%2) at %3")
                    .arg(m_opts.resource, scope, serverUrl().toString(QUrl::RemoveUserInfo));
    if (m_sim)
        s += QStringLiteral(" — built-in simulated cluster");
    else if (!m_credentials.isEmpty())
        s += QStringLiteral(" — ") + m_credentials;
    s += QStringLiteral(" · ") +
         (m_informer ? m_informer->queueModeName() : QStringLiteral("DeltaFIFO"));
    s += m_opts.useWatchList ? QStringLiteral(" · WatchList") : QStringLiteral(" · LIST+WATCH");
    return s;
}

} // namespace lens
