// SPDX-License-Identifier: Apache-2.0
#include "scenarioplayer.h"

#include "faultargs.h"

#include "apiserver.h"
#include "fixtures.h"
#include "store.h"
#include "writestrategy.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>

#include <algorithm>
#include <cmath>
#include <utility>

namespace lens::sim {

namespace {

/// Real milliseconds between clock moves when playing at a speed > 0.
constexpr int kTickMs = 50;
/// setQuietMs(): event-loop turns without a journal event, after the quiet time, before the
/// clock moves on (a localhost request and its reply take a few turns).
constexpr int kIdleTurns = 50;

struct Template {
    const char *name;
    const char *file;
    const char *resource;
};

/// create: template names → the shipped real objects (resources/fixtures/k9s).
constexpr Template kTemplates[] = {
    {"pod", "render-po.json", "pods"},
    {"pod-rs", "dao-p1.json", "pods"},
    {"pod-init", "render-po_init.json", "pods"},
    {"pod-sidecar", "render-po_sidecar.json", "pods"},
    {"configmap", "render-cm.json", "configmaps"},
    {"secret", "render-sec.json", "secrets"},
    {"service", "render-svc.json", "services"},
    {"event", "render-ev.json", "events"},
    {"serviceaccount", "render-sa.json", "serviceaccounts"},
    {"deployment", "render-dp.json", "deployments.apps"},
    {"claim", nullptr, "persistentvolumeclaims"}, // Fixtures::makeClaim (size, storageClass)
};

QJsonObject mergeStringMap(QJsonObject meta, const QString &field, const QJsonObject &add)
{
    if (add.isEmpty())
        return meta;
    QJsonObject m = meta.value(field).toObject();
    for (auto it = add.begin(); it != add.end(); ++it) {
        if (it->isNull())
            m.remove(it.key());
        else
            m.insert(it.key(), it->isString() ? it->toString() : it->toVariant().toString());
    }
    meta.insert(field, m);
    return meta;
}

QString nameAt(const QString &name, int i, int count)
{
    return count > 1 ? QStringLiteral("%1-%2").arg(name).arg(i) : name;
}

} // namespace

void ScenarioPlayer::configure(const Scenario &sc, Simulator::Options *o)
{
    o->pods = sc.pods;
    o->seed = sc.seed;
    o->bookmarkIntervalMs = sc.bookmarkIntervalMs;
    o->historyLimit = sc.historyLimit;
    o->ignoreSendInitialEvents = sc.ignoreSendInitialEvents;
    o->watchCache = sc.watchCache;
    o->seedClaims = sc.seedClaims;
    o->extraNamespaces = sc.namespaces;
    o->churnIntervalMs = 0;
}

ScenarioPlayer::ScenarioPlayer(Scenario scenario, Simulator *sim, QObject *parent)
    : QObject(parent), m_scenario(std::move(scenario)), m_sim(sim),
      m_rngState(m_scenario.seed ? m_scenario.seed : 1)
{
    setPaceClock(nullptr);
    m_quietTimer.setSingleShot(true);
    connect(&m_quietTimer, &QTimer::timeout, this, &ScenarioPlayer::advance);
    m_activity.start();
}

void ScenarioPlayer::setPaceClock(const Clock *clock)
{
    delete m_tick;
    m_pace = clock ? clock : &m_ownPace;
    m_paceMark = m_pace->nowMs();
    m_tick = new ClockTimer(m_pace, this);
    connect(m_tick, &ClockTimer::timeout, this, [this] {
        m_tick->start(kTickMs); // a periodic tick, as a QTimer's
        advance();
    });
}

qint64 ScenarioPlayer::restartPace()
{
    const qint64 now = m_pace->nowMs();
    return now - std::exchange(m_paceMark, now);
}

void ScenarioPlayer::setSpeed(double speed)
{
    m_speed = qMax(0.0, speed);
    restartPace();
    if (m_started && !m_finished)
        QTimer::singleShot(0, this, &ScenarioPlayer::advance);
}

void ScenarioPlayer::setStopAtMs(qint64 ms)
{
    m_stopAtMs = ms;
    m_clock->setCatchUpLimitMs(ms);
}

ScenarioPlayer::~ScenarioPlayer()
{
    if (ApiServer *server = m_sim ? m_sim->server() : nullptr; server && m_bookmarksOnClock)
        server->setBookmarkClock(nullptr);
}

void ScenarioPlayer::start()
{
    if (m_started)
        return;
    m_started = true;
    if (ApiServer *server = m_sim ? m_sim->server() : nullptr; server && m_quietMs > 0) {
        server->setBookmarkClock(m_clock);
        m_bookmarksOnClock = true;
    }
    restartPace();
    m_tick->start(kTickMs);
    advance();
}

void ScenarioPlayer::recheck()
{
    // At once, not on a later turn: a step waiting for "page 1 arrived" must act before the
    // client's next request reaches the server.
    m_activity.restart();
    m_idleTurns = 0;
    if (m_waitingFor >= 0 || m_heldAt >= 0)
        advance();
}

void ScenarioPlayer::setStepGate(StepGate gate)
{
    m_gate = std::move(gate);
    gateChanged();
}

void ScenarioPlayer::gateChanged()
{
    if (m_started && !m_finished)
        QTimer::singleShot(0, this, &ScenarioPlayer::advance);
}

bool ScenarioPlayer::startsGroup(int index) const
{
    const auto &steps = m_scenario.steps;
    if (index <= 0 || index >= steps.size())
        return index == 0;
    return steps.at(index).atMs != steps.at(index - 1).atMs;
}

int ScenarioPlayer::groupEnd(int first) const
{
    const int n = int(m_scenario.steps.size());
    int end = qBound(0, first, n) + 1;
    while (end < n && !startsGroup(end))
        ++end;
    return qMin(end, n);
}

void ScenarioPlayer::setPaused(bool paused)
{
    m_paused = paused;
    restartPace(); // paused time does not count as scenario time
    if (!paused && m_started && !m_finished)
        QTimer::singleShot(0, this, &ScenarioPlayer::advance);
}

void ScenarioPlayer::stop()
{
    m_stopped = true;
    m_tick->stop();
    m_quietTimer.stop();
}

void ScenarioPlayer::advance()
{
    if (!m_started || m_inAdvance || m_stopped || m_stopReached || (m_finished && !m_stopPending))
        return;
    if (m_paused) {
        restartPace();
        return;
    }
    m_inAdvance = true;
    if (!m_finished)
        advanceSteps();
    if (m_stopPending)
        reachStopTime();
    m_inAdvance = false;
}

void ScenarioPlayer::setBookmarkReceipts(const QByteArray &userAgentPrefix,
                                         std::function<qint64()> received)
{
    m_ownUserAgent = userAgentPrefix;
    m_bookmarksTaken = std::move(received);
}

bool ScenarioPlayer::quiet()
{
    if (m_quietMs <= 0)
        return true;
    if (m_bookmarksAwaited >= 0 &&
        (m_bookmarksTaken() >= m_bookmarksAwaited || m_bookmarksSent.elapsed() >= kBookmarkWaitMs))
        m_bookmarksAwaited = -1;
    if ((m_busy && m_busy()) || m_bookmarksAwaited >= 0) {
        m_activity.restart();
        m_idleTurns = 0;
        m_quietTimer.start(10);
        return false;
    }
    const qint64 idle = m_activity.elapsed();
    if (idle < m_quietMs) {
        m_idleTurns = 0;
        m_quietTimer.start(int(m_quietMs - idle) + 1);
        return false;
    }
    // Real time alone can lie: while the event loop was blocked (building the window), a
    // reply may be waiting in a socket. Some event-loop turns without an event decide it.
    if (m_idleTurns < kIdleTurns) {
        ++m_idleTurns;
        m_quietTimer.start(0);
        return false;
    }
    m_idleTurns = 0;
    return true;
}

bool ScenarioPlayer::stopAtNextDue(qint64 limitMs)
{
    ApiServer *server = m_sim ? m_sim->server() : nullptr;
    if (!m_bookmarksOnClock || !server)
        return false;
    // The informer's timers on the scenario clock (resync check, backoff, bookmark timeout) are
    // stops too: the clock moves to each due time in turn instead of jumping over it. While the
    // clock is held for a condition, only the waits that would move it anyway (backoff).
    // Nothing moves the clock past the stop time, not even a held wait's catching-up timer.
    const qint64 timerDue = m_clock->nextTimerDueMs(limitMs < 0);
    const qint64 due = server->nextBookmarkDueMs();
    const qint64 ceiling = limitMs >= 0 ? limitMs : m_stopAtMs;
    if (timerDue >= 0 && (ceiling < 0 || timerDue <= ceiling) && (due < 0 || timerDue < due)) {
        m_clock->advanceTo(timerDue);
        settleAtStop(); // comes back once what the timer did has settled
        return true;
    }
    if (due < 0 || (limitMs >= 0 && due > limitMs))
        return false;
    if (limitMs >= 0)
        m_clock->advance(due - m_clock->nowMs());
    QList<QByteArray> userAgents;
    server->sendNextBookmarks(&userAgents);
    if (m_bookmarksTaken) {
        const auto own =
            std::count_if(userAgents.cbegin(), userAgents.cend(),
                          [this](const QByteArray &ua) { return ua.startsWith(m_ownUserAgent); });
        if (own > 0) {
            m_bookmarksAwaited = m_bookmarksTaken() + own;
            m_bookmarksSent.start();
        }
    }
    settleAtStop(); // comes back once the client has taken them
    return true;
}

void ScenarioPlayer::settleAtStop()
{
    m_settleBeforeStep = true;
    m_activity.restart();
    m_idleTurns = 0;
    quiet(); // arms the quiet timer
}

void ScenarioPlayer::reachStopTime()
{
    if (!quiet() || stopAtNextDue(m_stopAtMs))
        return;
    standAtStopTime();
}

void ScenarioPlayer::standAtStopTime()
{
    m_stopPending = false;
    m_stopReached = true;
    m_tick->stop();
    m_clock->advance(m_stopAtMs - m_clock->nowMs());
    Q_EMIT stopTimeReached();
}

void ScenarioPlayer::advanceSteps()
{
    const auto &steps = m_scenario.steps;
    while (m_next < steps.size()) {
        const ScenarioStep &s = steps.at(m_next);
        if (m_stopAtMs >= 0 && s.atMs > m_stopAtMs) {
            m_stopPending = true;
            return;
        }
        if (m_gate && m_gateOpenFor != m_next && startsGroup(m_next)) {
            if (!quiet())
                return; // the quiet timer comes back
            if (!m_gate(m_next)) {
                if (m_heldAt != m_next) {
                    m_heldAt = m_next;
                    Q_EMIT held(m_next);
                }
                restartPace(); // held time is no scenario time
                return;        // recheck(), the tick or gateChanged() come back
            }
            m_heldAt = -1;
            m_gateOpenFor = m_next;
        }
        const bool released = m_gate && m_gateOpenFor >= 0 && m_next < groupEnd(m_gateOpenFor);
        const qint64 now = m_clock->nowMs();
        if (now < s.atMs) {
            if (m_speed <= 0 || released) {
                if (!quiet() || stopAtNextDue(s.atMs))
                    return;                 // the quiet timer comes back
                m_settleBeforeStep = false; // settled: quiet() said so
                m_clock->advance(s.atMs - now);
            } else {
                const qint64 real = restartPace();
                m_clock->advance(qMin(s.atMs - now, qint64(double(real) * m_speed)));
                if (m_clock->nowMs() < s.atMs)
                    return; // the tick comes back
            }
        } else if (m_speed > 0) {
            restartPace();
        }
        // A timer of the informer's fired at this step's time (a resync check, a backoff), or
        // the server sent its periodic bookmarks then: what that set off (Sync deltas popped and
        // notified, a relist, the bookmark taken) is journaled before the step's own actions,
        // not in whichever order the event loop would take them.
        if (m_settleBeforeStep && (m_speed <= 0 || released) && !quiet())
            return; // the quiet timer comes back
        m_settleBeforeStep = false;
        QString timedOut;
        if (!s.waitFor.isEmpty() && m_condition && !m_condition(s.waitFor, m_next)) {
            if (m_waitingFor != m_next) {
                m_waitingFor = m_next;
                m_waitTimer.start();
                Q_EMIT waiting(m_next, QString::fromUtf8(QJsonDocument(s.waitFor).toJson(
                                           QJsonDocument::Compact)));
            }
            if (m_waitTimer.elapsed() < s.waitTimeoutMs) {
                // What the held clock waits for may be a stop on the way. When the only waits
                // left end after the stop time, the condition cannot hold before it: the run
                // stops there, the step not played (the clock must not pass the stop time).
                if (m_speed <= 0 && quiet() && !stopAtNextDue(-1) && m_stopAtMs >= 0 &&
                    m_clock->nextTimerDueMs(true) > m_stopAtMs && !stopAtNextDue(m_stopAtMs))
                    standAtStopTime();
                return; // recheck() or the tick comes back
            }
            timedOut =
                QStringLiteral("waitFor %1 did not happen within %2 s; went on")
                    .arg(QString::fromUtf8(QJsonDocument(s.waitFor).toJson(QJsonDocument::Compact)))
                    .arg(double(s.waitTimeoutMs) / 1000);
            Q_EMIT waitTimedOut(m_next, s, m_waitTimer.elapsed());
        }
        m_waitingFor = -1;
        const int index = m_next++;
        if (!s.when.isEmpty() && m_condition && !m_condition(s.when, index)) {
            m_activity.restart();
            Q_EMIT skipped(index, s,
                           QString::fromUtf8(QJsonDocument(s.when).toJson(QJsonDocument::Compact)));
        } else {
            QString summary;
            QString error = run(s, &summary);
            m_activity.restart();
            if (!timedOut.isEmpty())
                error = error.isEmpty() ? timedOut : timedOut + QStringLiteral("; ") + error;
            Q_EMIT stepDone(index, s, summary, error);
            // A caption says what the step's waitFor waited for: not shown when it never came.
            if (!s.text.isEmpty() && timedOut.isEmpty())
                Q_EMIT caption(stepCaption(s, m_lang));
        }
        // Steps at the same time without a condition run in this turn; anything else gets
        // an event-loop turn first so the clients can react.
        if (m_next < steps.size()) {
            const ScenarioStep &n = steps.at(m_next);
            if (n.atMs == s.atMs && n.waitFor.isEmpty()) {
                if (!settlesBetween(s, n))
                    continue;
                m_settleBeforeStep = true; // the quiet timer or the turn below comes back
            }
            if (m_speed <= 0) {
                QTimer::singleShot(0, this, &ScenarioPlayer::advance);
                return;
            }
        }
    }
    m_finished = true;
    m_tick->stop();
    m_stopPending = m_stopAtMs >= 0;
    Q_EMIT finished();
}

bool ScenarioPlayer::settlesBetween(const ScenarioStep &done, const ScenarioStep &next) const
{
    // Exact runs (a quiet time, the scenario clock): two object writes of one instant would
    // reach the informer as two watch events, in one read or in two, and a Pop could come
    // between them in one run and not in the next. The first write's reactions settle first.
    const auto writes = [](const ScenarioStep &s) {
        return s.action == ScenarioStep::Action::Create ||
               s.action == ScenarioStep::Action::Update || s.action == ScenarioStep::Action::Delete;
    };
    return m_quietMs > 0 && writes(done) && writes(next);
}

QString ScenarioPlayer::stepCaption(const ScenarioStep &s, const QString &lang) const
{
    QString text = s.textIn(lang);
    for (auto it = m_values.cbegin(); it != m_values.cend(); ++it)
        text.replace(QLatin1Char('{') + it.key() + QLatin1Char('}'), it.value());
    return text;
}

QString ScenarioPlayer::run(const ScenarioStep &s, QString *summary)
{
    switch (s.action) {
    case ScenarioStep::Action::Caption:
        *summary = s.text;
        return {};
    case ScenarioStep::Action::Create:
        return create(s.args, summary);
    case ScenarioStep::Action::Update:
        return update(s.args, summary);
    case ScenarioStep::Action::Delete:
        return remove(s.args, summary);
    case ScenarioStep::Action::Compact: {
        // Scenario::parse filled in the revision (-1: the current one) and checked its range.
        const qint64 asked = qint64(s.args.value(u"revision").toDouble(-1));
        const qint64 rev = asked < 0 ? m_sim->revision() : asked;
        if (const QString why = compactRevisionProblem(rev, m_sim->revision()); !why.isEmpty())
            return why; // nothing compacted
        m_sim->compact(rev);
        *summary = QStringLiteral("compacted the history up to revision %1").arg(rev);
        return {};
    }
    case ScenarioStep::Action::Fault:
        return fault(s, summary);
    case ScenarioStep::Action::Informer:
        *summary = QStringLiteral("informer %1").arg(s.verb);
        if (!m_informer)
            return QStringLiteral("no informer here: step skipped");
        return m_informer(s);
    case ScenarioStep::Action::Provisioner:
        *summary = QStringLiteral("provisioner");
        if (!m_provisioner)
            return QStringLiteral("no provisioner here: step skipped");
        return m_provisioner(s, summary);
    case ScenarioStep::Action::Runtime:
        *summary = QStringLiteral("runtime");
        if (!m_runtime)
            return QStringLiteral("no runtime-sample controller here: step skipped");
        return m_runtime(s, summary);
    }
    return {};
}

QString ScenarioPlayer::create(const QJsonObject &args, QString *summary)
{
    const QString tmplName = args.value(u"template").toString();
    const Template *t = nullptr;
    QStringList known;
    for (const Template &c : kTemplates) {
        known << QLatin1String(c.name);
        if (tmplName == QLatin1String(c.name))
            t = &c;
    }
    if (!t)
        return QStringLiteral("unknown template \"%1\" (known: %2)")
            .arg(tmplName, known.join(u", "));
    const QString resource = QLatin1String(t->resource);
    const QJsonObject tmpl = t->file ? Fixtures::load(QLatin1String(t->file)) : QJsonObject();
    const WriteStrategy strategy(m_sim->store());
    const QString ns = args.value(u"namespace").toString(QStringLiteral("default"));
    const QString name = args.value(u"name").toString();
    const int count = qMax(1, args.value(u"count").toInt(1));
    QRandomGenerator rng(m_rngState++);
    QStringList made;
    for (int i = 0; i < count; ++i) {
        QJsonObject o;
        if (resource == QLatin1String("pods")) {
            o = Fixtures::makePod(tmpl, ns, rng);
            if (!name.isEmpty()) {
                QJsonObject meta = o.value(u"metadata").toObject();
                meta.insert(QStringLiteral("name"), nameAt(name, i, count));
                o.insert(QStringLiteral("metadata"), meta);
            }
        } else {
            const QString base =
                name.isEmpty() ? QStringLiteral("%1-%2").arg(tmplName).arg(rng.bounded(100000))
                               : name;
            if (resource == QLatin1String("persistentvolumeclaims")) {
                // No uid: the store draws it (from the scenario's seed under --at).
                o = Fixtures::makeClaim(ns, nameAt(base, i, count),
                                        args.value(u"size").toString(QStringLiteral("1Gi")));
                if (const QString cls = args.value(u"storageClass").toString(); !cls.isEmpty()) {
                    QJsonObject spec = o.value(u"spec").toObject();
                    spec.insert(QStringLiteral("storageClassName"), cls);
                    o.insert(QStringLiteral("spec"), spec);
                }
            } else {
                o = Fixtures::fromTemplate(tmpl, ns, nameAt(base, i, count));
            }
        }
        QJsonObject meta = o.value(u"metadata").toObject();
        meta = mergeStringMap(meta, QStringLiteral("labels"), args.value(u"labels").toObject());
        meta = mergeStringMap(meta, QStringLiteral("annotations"),
                              args.value(u"annotations").toObject());
        o.insert(QStringLiteral("metadata"), meta);
        const WriteResult r = strategy.create(resource, o);
        if (!r.ok())
            return QStringLiteral("create %1: %2").arg(resource, r.error.message);
        made << QStringLiteral("%1/%2").arg(r.object.namespace_(), r.object.name());
    }
    *summary = QStringLiteral("created %1 %2 (revision %3)")
                   .arg(resource, made.size() > 3 ? QStringLiteral("%1 … %2 (%3)")
                                                        .arg(made.constFirst(), made.constLast())
                                                        .arg(made.size())
                                                  : made.join(u", "))
                   .arg(m_sim->revision());
    return {};
}

QString ScenarioPlayer::update(const QJsonObject &args, QString *summary)
{
    const QString resource = args.value(u"resource").toString(QStringLiteral("pods"));
    const QString ns = args.value(u"namespace").toString(QStringLiteral("default"));
    const QString name = args.value(u"name").toString();
    const int count = qMax(1, args.value(u"count").toInt(1));
    const QJsonObject labels = args.value(u"labels").toObject();
    const QJsonObject annotations = args.value(u"annotations").toObject();
    for (int i = 0; i < count; ++i) {
        const lens::Object cur = m_sim->store()->get(resource, ns, name);
        if (cur.isNull())
            return QStringLiteral("update: %1 %2 not found").arg(resource, Store::keyOf(ns, name));
        QJsonObject o = cur.json();
        QJsonObject meta = o.value(u"metadata").toObject();
        meta = mergeStringMap(meta, QStringLiteral("labels"), labels);
        QJsonObject ann = annotations;
        if (labels.isEmpty() && annotations.isEmpty())
            ann.insert(QStringLiteral("lens.sim/update"), QString::number(m_sim->revision() + 1));
        meta = mergeStringMap(meta, QStringLiteral("annotations"), ann);
        o.insert(QStringLiteral("metadata"), meta);
        const WriteResult r = WriteStrategy(m_sim->store()).update(resource, o);
        if (!r.ok())
            return QStringLiteral("update %1: %2").arg(resource, r.error.message);
    }
    *summary = QStringLiteral("updated %1 %2 %3 time(s) (revision %4)")
                   .arg(resource, Store::keyOf(ns, name))
                   .arg(count)
                   .arg(m_sim->revision());
    return {};
}

QString ScenarioPlayer::remove(const QJsonObject &args, QString *summary)
{
    const QString resource = args.value(u"resource").toString(QStringLiteral("pods"));
    const QString ns = args.value(u"namespace").toString(QStringLiteral("default"));
    const QString name = args.value(u"name").toString();
    const WriteResult r = m_sim->store()->remove(resource, ns, name);
    if (!r.ok())
        return QStringLiteral("delete %1: %2").arg(resource, r.error.message);
    *summary = QStringLiteral("deleted %1 %2 (revision %3)")
                   .arg(resource, Store::keyOf(ns, name))
                   .arg(m_sim->revision());
    return {};
}

QString ScenarioPlayer::fault(const ScenarioStep &s, QString *summary)
{
    const QJsonObject &a = s.args;
    ApiServer *server = m_sim->server();
    const QString &v = s.verb;
    // A fault on the open watches that found none says so: its caption tells of a drop that
    // did not happen (FS-05 once dropped 0 watches while the re-watch was still on its way).
    const auto none = [](int n) {
        return n == 0 ? QStringLiteral(": no watch was open") : QString();
    };
    if (v == QLatin1String("drop-watches")) {
        const bool mid = a.value(u"midEvent").toBool();
        const int n = server->dropWatches(mid);
        *summary = QStringLiteral("dropped %1 watch(es)%2%3")
                       .arg(n)
                       .arg(mid && n > 0 ? QStringLiteral(" in the middle of an event") : QString(),
                            none(n));
    } else if (v == QLatin1String("end-watches")) {
        const int n = server->endWatches();
        *summary = QStringLiteral("ended %1 watch(es) cleanly%2").arg(n).arg(none(n));
    } else if (v == QLatin1String("expire-watches")) {
        const int n = server->expireWatches();
        *summary =
            QStringLiteral("compacted at revision %1 and ended %2 watch(es) with 410 Expired")
                .arg(m_sim->store()->compactedRevision())
                .arg(n);
    } else if (v == QLatin1String("fail")) {
        const int count = a.value(u"count").toInt(1);
        const int code = a.value(u"code").toInt(500);
        const int retryAfter = a.value(u"retryAfter").toInt(0);
        server->failNextRequests(count, code, retryAfter);
        *summary = QStringLiteral("the next %1 request(s) fail with %2 (Retry-After %3 s)")
                       .arg(count)
                       .arg(code)
                       .arg(retryAfter);
    } else if (v == QLatin1String("garbage")) {
        *summary = QStringLiteral("sent a line that is not JSON on %1 watch(es)")
                       .arg(server->sendGarbageOnWatches());
    } else if (v == QLatin1String("stall")) {
        const int ms = int(std::llround(a.value(u"seconds").toDouble(1) * 1000)); // ≤ 1 day
        *summary =
            QStringLiteral("stalled %1 watch(es) for %2 ms").arg(server->stallWatches(ms)).arg(ms);
    } else if (v == QLatin1String("too-large")) {
        const int count = a.value(u"count").toInt(1);
        server->answerTooLargeResourceVersion(count);
        *summary =
            QStringLiteral("the next %1 list/watch request(s) get \"Too large resource version\"")
                .arg(count);
    } else if (v == QLatin1String("ignore-send-initial-events")) {
        const bool on = a.value(u"enabled").toBool(true);
        server->setIgnoreSendInitialEvents(on);
        *summary = on ? QStringLiteral("the server now ignores sendInitialEvents")
                      : QStringLiteral("the server honours sendInitialEvents again");
    } else if (v == QLatin1String("forbid")) {
        QString resource = a.value(u"resource").toString();
        if (resource.isEmpty())
            return QStringLiteral("forbid needs a resource (e.g. nodes)");
        // A plural of a grouped resource ("storageclasses") names the store's key
        // ("storageclasses.storage.k8s.io"), as the informers name it.
        for (const ResourceType &t : m_sim->store()->resourceTypes())
            if (t.name == resource && !t.group.isEmpty())
                resource = t.key();
        const bool on = a.value(u"enabled").toBool(true);
        server->setForbidden(resource, on);
        *summary =
            on ? QStringLiteral("every request on %1 is answered 403 Forbidden").arg(resource)
               : QStringLiteral("%1 may be listed and watched again").arg(resource);
    } else if (v == QLatin1String("bookmark-interval")) {
        const int ms = a.value(u"ms").toInt(60000);
        server->setBookmarkInterval(ms);
        *summary = QStringLiteral("bookmark interval %1 ms").arg(ms);
    } else if (v == QLatin1String("history-limit")) {
        const int n = qMax(1, a.value(u"events").toInt(1000));
        m_sim->store()->setHistoryLimit(n);
        *summary = QStringLiteral("history limit %1 event(s)").arg(n);
    } else {
        return QStringLiteral("unknown fault \"%1\"").arg(v);
    }
    return {};
}

} // namespace lens::sim
