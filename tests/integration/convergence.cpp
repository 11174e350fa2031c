// SPDX-License-Identifier: Apache-2.0
// One seed of the fault-convergence property test: see convergence.h and docs/convergence.md.
#include "convergence.h"

#include "api/labels.h"
#include "client/httplisterwatcher.h"
#include "informer/keys.h"
#include "sim/apiserver.h"
#include "sim/fixtures.h"
#include "sim/store.h"
#include "trace/tracedetail.h"

#include <QAbstractEventDispatcher>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>
#include <QTimer>

namespace lens::test {

namespace {

const QString kPods = QStringLiteral("pods");
const QString kSelector = QStringLiteral("conv=in");
constexpr qint64 kBackoffInitialMs = 800; // the Reflector's default Backoff::Params
/// Real milliseconds without any answer before the harness's informer gives a request up (on
/// loopback the server answers in milliseconds; see HttpListerWatcher::setNoAnswerLimit).
constexpr qint64 kNoAnswerMs = 5000;

/// client-go's WithTweakListOptions for one label selector.
class SelectorListerWatcher final : public ListerWatcher {
public:
    SelectorListerWatcher(ListerWatcher *inner, QString selector)
        : m_inner(inner), m_selector(std::move(selector))
    {
    }
    ListCall *list(const ListOptions &options) override
    {
        ListOptions o = options;
        o.labelSelector = m_selector;
        return m_inner->list(o);
    }
    WatchCall *watch(const ListOptions &options) override
    {
        ListOptions o = options;
        o.labelSelector = m_selector;
        return m_inner->watch(o);
    }
    QString description() const override { return m_inner->description(); }

private:
    ListerWatcher *m_inner;
    QString m_selector;
};

} // namespace

// ---- configuration ---------------------------------------------------------------------------

ConvergenceConfig ConvergenceConfig::draw(QRandomGenerator &rng, quint32 seed)
{
    ConvergenceConfig c;
    c.mode = rng.bounded(2) ? SharedIndexInformer::QueueMode::RealFIFO
                            : SharedIndexInformer::QueueMode::DeltaFIFO;
    c.atomicEvents = c.mode == SharedIndexInformer::QueueMode::RealFIFO && rng.bounded(2);
    c.watchList = rng.bounded(2);
    c.bookmarkTimeoutMs = c.watchList && rng.bounded(2) ? 2000 + 1000 * qint64(rng.bounded(8)) : 0;
    c.selector = rng.bounded(2);
    c.watchCache = rng.bounded(3) != 0;
    c.pageSize = rng.bounded(3) == 0 ? 0 : 2 + int(rng.bounded(6));
    c.pods = 3 + int(rng.bounded(14));
    c.steps = 30 + int(rng.bounded(40));
    c.defaultResyncMs = rng.bounded(3) == 0 ? 1000 + 500 * qint64(rng.bounded(8)) : 0;
    c.ownResyncMs = 1000 + 500 * qint64(rng.bounded(6));
    c.slowDelayMs = int(rng.bounded(2));
    c.lateListenerStep = int(rng.bounded(c.steps + 1));
    QRandomGenerator second(seed ^ 0x5eed0000u);
    c.watchBacklogLimit = second.bounded(3) == 0 ? 2048 + 1024 * qint64(second.bounded(14)) : 0;
    return c;
}

QString ConvergenceConfig::describe() const
{
    return QStringLiteral(
               "%1%2 · %3%12 · %4 · watch cache %5 · page size %6 · %7 pods · %8 steps "
               "· resync %9 ms / own %10 ms · slow listener %11 ms · late listener at step %13 · "
               "watch backlog limit %14")
        .arg(mode == SharedIndexInformer::QueueMode::RealFIFO ? QStringLiteral("RealFIFO")
                                                              : QStringLiteral("DeltaFIFO"),
             atomicEvents ? QStringLiteral(" (atomic)") : QString(),
             watchList ? QStringLiteral("WatchList") : QStringLiteral("LIST+WATCH"),
             selector ? QStringLiteral("selector ") + kSelector : QStringLiteral("no selector"),
             watchCache ? QStringLiteral("on") : QStringLiteral("off"))
        .arg(pageSize)
        .arg(pods)
        .arg(steps)
        .arg(defaultResyncMs)
        .arg(ownResyncMs)
        .arg(slowDelayMs)
        .arg(watchList ? QStringLiteral(" (bookmark timeout %1 ms)").arg(bookmarkTimeoutMs)
                       : QString())
        .arg(lateListenerStep)
        .arg(watchBacklogLimit);
}

// ---- listener model --------------------------------------------------------------------------

ResourceEventHandler ListenerModel::handler()
{
    ResourceEventHandler h;
    h.name = name;
    h.onAdd = [this](const Object &obj, bool) {
        ++notifications;
        const QString key = metaNamespaceKeyFunc(obj).key;
        if (held.contains(key))
            violations << QStringLiteral("%1: add for %2 (rv %3) which it holds at rv %4")
                              .arg(name, key, obj.resourceVersion(), held.value(key));
        held.insert(key, obj.resourceVersion());
    };
    h.onUpdate = [this](const Object &oldObj, const Object &newObj) {
        ++notifications;
        const QString key = metaNamespaceKeyFunc(newObj).key;
        if (!held.contains(key))
            violations << QStringLiteral("%1: update for %2 (rv %3) which it never got")
                              .arg(name, key, newObj.resourceVersion());
        else if (held.value(key) != oldObj.resourceVersion())
            violations << QStringLiteral("%1: update for %2 from rv %3, but it was last told rv %4")
                              .arg(name, key, oldObj.resourceVersion(), held.value(key));
        held.insert(key, newObj.resourceVersion());
    };
    h.onDelete = [this](const Delta &d) {
        ++notifications;
        const QString key = deletionHandlingKey(d).key;
        if (!held.remove(key))
            violations << QStringLiteral("%1: delete%2 for %3 which it never got")
                              .arg(name, d.tombstone ? QStringLiteral(" (tombstone)") : QString(),
                                   key);
    };
    return h;
}

// ---- the run ---------------------------------------------------------------------------------

ConvergenceRun::ConvergenceRun(quint32 seed, QObject *parent)
    : QObject(parent), m_seed(seed), m_rng(seed), m_guard(new QTimer(this))
{
    m_cfg = ConvergenceConfig::draw(m_rng, seed);
    m_guard->setSingleShot(true);
    m_guard->setTimerType(Qt::PreciseTimer);
}

ConvergenceRun::~ConvergenceRun()
{
    if (m_informer)
        m_informer->stop();
    m_informer.reset();
    m_lw.reset();
    m_http.reset();
    stopServer();
    qDeleteAll(m_models);
}

int ConvergenceRun::lists() const
{
    int n = 0;
    for (const TraceEvent &e : m_journal->events())
        if (e.kind == TraceKind::ListStarted)
            ++n;
    return n;
}

QMap<QString, int> ConvergenceRun::paths() const
{
    QMap<QString, int> m;
    const auto field = [](const TraceEvent &e, const char *name) {
        const QJsonValue v = e.detail.value(QLatin1String(name));
        return v.isDouble() ? QString::number(v.toInteger()) : v.toString();
    };
    for (const TraceEvent &e : m_journal->events()) {
        QString what;
        switch (e.kind) {
        case TraceKind::ListStarted:
            what = QStringLiteral("cause=") + field(e, "cause");
            break;
        case TraceKind::ListFailed:
        case TraceKind::WatchError:
            what = QStringLiteral("code=") + field(e, "code");
            if (e.detail.contains(QLatin1String("shortWatchMs")))
                what = QStringLiteral("very short watch");
            break;
        case TraceKind::WatchEnded:
            what = QStringLiteral("reason=") + field(e, "reason");
            if (const std::optional<ApiStatus> st = tracedetail::status(e);
                st && st->describe().contains(QLatin1String("behind")))
                what = QStringLiteral("fell behind");
            break;
        case TraceKind::Backoff:
            what = QStringLiteral("reason=") + field(e, "reason");
            break;
        case TraceKind::Info:
            if (e.detail.contains(QLatin1String("fallbackCode")))
                what = QStringLiteral("fallback=") + field(e, "fallbackCode");
            break;
        default:
            break;
        }
        if (!what.isEmpty())
            ++m[traceKindName(e.kind) + QLatin1Char(' ') + what];
    }
    return m;
}

void ConvergenceRun::note(const QString &what)
{
    m_log << QStringLiteral("[t=%1 ms] %2").arg(m_clock.nowMs()).arg(what);
    static const bool trace = qEnvironmentVariableIntValue("CONVERGENCE_TRACE") != 0;
    if (trace)
        qInfo("%s", qPrintable(m_log.constLast()));
}

bool ConvergenceRun::startServer(QString *error)
{
    m_server = new sim::ApiServer(m_store.get(), this);
    m_server->setWatchCache(m_cfg.watchCache);
    m_server->setBookmarkInterval(m_bookmarkIntervalMs);
    m_server->setIgnoreSendInitialEvents(m_ignoreSendInitialEvents);
    connect(m_server, &sim::ApiServer::requestHandled, this, &ConvergenceRun::onRequestHandled);
    if (!m_server->start(m_port, QHostAddress::LocalHost, error)) {
        delete std::exchange(m_server, nullptr);
        return false;
    }
    m_port = m_server->port();
    return true;
}

void ConvergenceRun::stopServer()
{
    delete std::exchange(m_server, nullptr); // closes every connection and the port
}

bool ConvergenceRun::start(QString *error)
{
    m_journal = std::make_unique<Journal>(&m_clock);
    m_store = std::make_unique<sim::Store>();
    sim::Fixtures::seed(m_store.get(), 0, m_seed);
    for (int i = 0; i < m_cfg.pods; ++i)
        write(0);
    m_bookmarkIntervalMs = m_rng.bounded(2) ? 5 + int(m_rng.bounded(40)) : 0;
    if (!startServer(error))
        return false;
    m_http = std::make_unique<HttpListerWatcher>(
        m_server->url(), HttpListerWatcher::collectionPath({}, QStringLiteral("v1"), kPods, {}));
    // A request the server never answers (Qt 6.4 can lose one in flight as the server restarts:
    // seeds 35, 62, 63, 166, 191) is given up after kNoAnswerMs of real time (the
    // server is on loopback and answers in milliseconds). Real time, not m_clock: settle()
    // advances m_clock whenever nothing moves, faster than any server answers.
    m_http->setNoAnswerLimit(kNoAnswerMs);
    if (m_cfg.watchBacklogLimit > 0)
        m_http->setWatchBacklogLimit(m_cfg.watchBacklogLimit);
    ListerWatcher *lw = m_http.get();
    if (m_cfg.selector) {
        m_lw = std::make_unique<SelectorListerWatcher>(lw, kSelector);
        lw = m_lw.get();
    }
    m_informer =
        std::make_unique<SharedIndexInformer>(lw, m_cfg.defaultResyncMs, m_journal.get(), &m_clock);
    const QStringList refused{m_informer->setQueueMode(m_cfg.mode),
                              m_cfg.atomicEvents ? m_informer->setAtomicEvents(true) : QString(),
                              m_informer->setUseWatchList(m_cfg.watchList),
                              m_informer->setWatchListBookmarkTimeoutMs(m_cfg.bookmarkTimeoutMs)};
    for (const QString &r : refused)
        if (!r.isEmpty()) {
            *error = r;
            return false;
        }
    const quint32 seed = m_seed;
    const int pageSize = m_cfg.pageSize;
    m_informer->setReflectorSetup([seed, pageSize](Reflector *r) {
        r->setSeed(seed);
        if (pageSize > 0)
            r->setPageSize(pageSize);
    });
    for (const QString &name :
         {QStringLiteral("fast"), QStringLiteral("slow"), QStringLiteral("own-resync")})
        if (!addListener(name, error))
            return false;
    const QString err = m_informer->run();
    if (!err.isEmpty()) {
        *error = err;
        return false;
    }
    return true;
}

bool ConvergenceRun::addListener(const QString &name, QString *error)
{
    auto *m = new ListenerModel;
    m->name = name;
    m_models << m;
    ProcessorListener *l =
        name == QLatin1String("own-resync")
            ? m_informer->addEventHandlerWithResyncPeriod(m->handler(), m_cfg.ownResyncMs, error)
            : m_informer->addEventHandler(m->handler(), error);
    if (!l)
        return false;
    if (name == QLatin1String("slow"))
        l->setProcessingDelayMs(m_cfg.slowDelayMs);
    m_listeners << l;
    m_listenerWasSynced << false;
    return true;
}

// ---- driving the event loop and the clock ----------------------------------------------------

void ConvergenceRun::turn(Wait wait)
{
    QAbstractEventDispatcher *d = QThread::currentThread()->eventDispatcher();
    const bool did = d->processEvents(QEventLoop::AllEvents);
    if (!did && wait == Wait::Events) {
        m_guard->start(1); // wakes the wait when nothing else does
        d->processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents);
        m_guard->stop();
    }
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    // HasSynced never goes back to false once true (the informer's and every registration's).
    const bool synced = m_informer->hasSynced();
    if (m_wasSynced && !synced)
        m_syncViolations
            << QStringLiteral("[t=%1 ms] HasSynced went back to false").arg(m_clock.nowMs());
    m_wasSynced = m_wasSynced || synced;
    for (int i = 0; i < m_listeners.size(); ++i) {
        const bool ls = m_listeners.at(i)->hasSynced(synced);
        if (m_listenerWasSynced.value(i) && !ls)
            m_syncViolations << QStringLiteral("[t=%1 ms] listener %2's HasSynced went back to "
                                               "false")
                                    .arg(m_clock.nowMs())
                                    .arg(m_models.at(i)->name);
        if (ls)
            m_listenerWasSynced[i] = true;
    }
}

void ConvergenceRun::pump(int turns)
{
    for (int i = 0; i < turns; ++i)
        turn(Wait::Events);
}

quint64 ConvergenceRun::progress() const
{
    quint64 p = m_journal->lastSeq() + (m_server ? m_server->requestCount() : 0);
    for (const ProcessorListener *l : m_listeners)
        p += quint64(l->delivered());
    return p;
}

// ---- settling and the properties ---------------------------------------------------------------

QMap<QString, QString> ConvergenceRun::expected() const
{
    const std::optional<LabelSelector> sel =
        LabelSelector::parse(m_cfg.selector ? kSelector : QString());
    QMap<QString, QString> m;
    for (const Object &o : m_store->objects(kPods))
        if (sel->matches(o))
            m.insert(metaNamespaceKeyFunc(o).key, o.resourceVersion());
    return m;
}

bool ConvergenceRun::converged() const
{
    if (!m_server || m_informer->queue()->size() > 0)
        return false;
    for (const ProcessorListener *l : m_listeners)
        if (l->backlog() > 0)
            return false;
    const QMap<QString, QString> want = expected();
    QMap<QString, QString> have;
    for (const Object &o : m_informer->indexer().list())
        have.insert(metaNamespaceKeyFunc(o).key, o.resourceVersion());
    if (have != want)
        return false;
    for (const ListenerModel *m : m_models)
        if (m->held != want)
            return false;
    return true;
}

QString ConvergenceRun::settle()
{
    note(QStringLiteral("faults stop; settling"));
    if (!m_server) {
        QString err;
        if (!startServer(&err))
            return failure(QStringLiteral("the server did not come back: ") + err);
        m_downSteps = 0;
    }
    m_server->failNextRequests(0, 0);
    m_server->answerTooLargeResourceVersion(0);
    m_server->stallWatches(0);
    m_server->setForbidden(kPods, false);
    m_store->setHistoryLimit(1000);
    m_compactOnNextPage = false;
    // A write the informer must see, so that a dead watch cannot pass for a quiet one.
    const QJsonObject probe = newPod(QStringLiteral("default"), QStringLiteral("conv-probe"), true);
    m_store->create(kPods, probe);
    // and a few more after it: what the informer gets once the faults stopped must all arrive.
    for (int i = 0; i < 6; ++i)
        write(int(m_rng.bounded(4)));
    m_settleSeq = m_journal->lastSeq();
    const qint64 settleStart = m_clock.nowMs();
    QElapsedTimer real;
    real.start();
    quint64 last = progress();
    int idle = 0;
    // Converged, and exactly one watch open on the server: the informer's (a watch the reflector
    // let go of must be closed, not left streaming).
    while (!converged() || m_server->openWatchCount() != 1) {
        if (real.elapsed() > 60000)
            return failure(QStringLiteral("did not converge within 60 s (real time)"));
        // Ten minutes of clock time for backoffs and resyncs, and real time for the network: a
        // request Qt lost is given up only after kNoAnswerMs of real time, while the clock can
        // run through ten minutes of timers in less than that.
        if (m_clock.nowMs() - settleStart > 10 * 60000 && real.elapsed() > 2 * kNoAnswerMs)
            return failure(QStringLiteral("did not converge within 10 minutes (clock time)"));
        turn(Wait::Events);
        const quint64 p = progress();
        if (p != last) {
            last = p;
            idle = 0;
            continue;
        }
        if (++idle < 4)
            continue;
        // Nothing moves: let the clock run to the next timer (a backoff, a resync).
        idle = 0;
        const qint64 next = m_clock.nextTimerDueMs();
        m_clock.advanceTo(next > 0 ? next : m_clock.nowMs() + 1000);
    }
    note(QStringLiteral("converged"));
    return check();
}

QString ConvergenceRun::check() const
{
    QStringList problems = m_syncViolations;
    for (const ListenerModel *m : m_models)
        problems << m->violations;
    if (!m_informer->hasSynced())
        problems << QStringLiteral("the informer has not synced");
    // Backoff is honoured: the next list or watch comes no earlier than the wait it announced,
    // and a Retry-After is a floor under it (capped at Reflector::kMaxRetryAfterSeconds).
    const TraceEvent *backoff = nullptr;
    int lists = 0;
    int settleLists = 0;
    for (const TraceEvent &e : m_journal->events()) {
        if (e.kind == TraceKind::Backoff) {
            backoff = &e;
            const qint64 delay = e.detail.value(QLatin1String("delayMs")).toInteger();
            const qint64 asked = e.detail.value(QLatin1String("retryAfterSeconds")).toInteger();
            if (delay < kBackoffInitialMs ||
                delay < qMin<qint64>(asked, Reflector::kMaxRetryAfterSeconds) * 1000)
                problems << QStringLiteral("[t=%1 ms] backoff of %2 ms (Retry-After %3 s)")
                                .arg(e.t)
                                .arg(delay)
                                .arg(asked);
            continue;
        }
        if (e.kind != TraceKind::ListStarted && e.kind != TraceKind::WatchStarted)
            continue;
        if (e.kind == TraceKind::ListStarted) {
            ++lists;
            if (e.seq > m_settleSeq)
                ++settleLists;
        }
        if (backoff) {
            const qint64 due =
                backoff->t + backoff->detail.value(QLatin1String("delayMs")).toInteger();
            if (e.t < due)
                problems << QStringLiteral("[t=%1 ms] %2 before the backoff announced at %3 ms "
                                           "ended (%4 ms)")
                                .arg(e.t)
                                .arg(traceKindName(e.kind))
                                .arg(backoff->t)
                                .arg(due);
            backoff = nullptr;
        }
    }
    // No relist hot loop: every list is paid for by a fault (a failed request, a dropped or
    // expired watch, ...), and once the faults stop at most a few lists remain.
    if (lists > 2 + 3 * m_faults)
        problems << QStringLiteral("%1 lists for %2 faults").arg(lists).arg(m_faults);
    if (settleLists > 3)
        problems << QStringLiteral("%1 lists after the faults stopped").arg(settleLists);
    return problems.isEmpty() ? QString() : failure(problems.join(QLatin1Char('\n')));
}

QString ConvergenceRun::failure(const QString &what) const
{
    QStringList out{QStringLiteral("seed %1: %2").arg(m_seed).arg(what),
                    QStringLiteral("configuration: ") + m_cfg.describe()};
    if (!converged() || !m_server || m_server->openWatchCount() != 1) {
        QStringList diff;
        const QMap<QString, QString> want = expected();
        QMap<QString, QString> have;
        for (const Object &o : m_informer->indexer().list())
            have.insert(metaNamespaceKeyFunc(o).key, o.resourceVersion());
        for (auto it = want.cbegin(); it != want.cend(); ++it)
            if (have.value(it.key()) != it.value())
                diff << QStringLiteral("%1: server rv %2, indexer rv %3")
                            .arg(it.key(), it.value(), have.value(it.key(), QStringLiteral("-")));
        for (auto it = have.cbegin(); it != have.cend(); ++it)
            if (!want.contains(it.key()))
                diff << QStringLiteral("%1: indexer rv %2, not on the server (or not selected)")
                            .arg(it.key(), it.value());
        out << QStringLiteral("indexer vs server: ") +
                   (diff.isEmpty() ? QStringLiteral("equal") : diff.join(QStringLiteral("; ")));
        QStringList backlogs;
        for (const ProcessorListener *l : m_listeners)
            backlogs << QString::number(l->backlog());
        out << QStringLiteral("queue %1, listener backlogs %2, reflector %3, open watches %4")
                   .arg(m_informer->queue()->size())
                   .arg(backlogs.join(QLatin1Char('/')))
                   .arg(int(m_informer->reflector()->state()))
                   .arg(m_server ? m_server->openWatchCount() : -1);
    }
    out << QStringLiteral("the schedule:") << m_log;
    QStringList journal;
    const auto &events = m_journal->events();
    for (auto it = events.begin(); it != events.end(); ++it)
        if (it->component == QLatin1String("reflector") && it->kind != TraceKind::Bookmark &&
            it->kind != TraceKind::WatchEvent && it->kind != TraceKind::Resync)
            journal << QStringLiteral("  [t=%1] %2 rv=%3 %4")
                           .arg(it->t)
                           .arg(traceKindName(it->kind), it->resourceVersion,
                                QString::fromUtf8(
                                    QJsonDocument(it->detail).toJson(QJsonDocument::Compact)));
    out << QStringLiteral("last reflector events (no watch events, bookmarks or resyncs):")
        << journal.mid(qMax(0, journal.size() - 60));
    return out.join(QLatin1Char('\n'));
}

QString ConvergenceRun::run()
{
    QString err;
    if (!start(&err))
        return failure(QStringLiteral("could not start: ") + err);
    note(QStringLiteral("start: ") + m_cfg.describe());
    for (int i = 0; i <= m_cfg.steps; ++i) {
        if (i == m_cfg.lateListenerStep) {
            // AddEventHandler on a running informer: synthetic adds for what the indexer holds.
            if (!addListener(QStringLiteral("late"), &err))
                return failure(QStringLiteral("could not add the late listener: ") + err);
            note(QStringLiteral("late listener added"));
        }
        if (i < m_cfg.steps)
            step(i);
    }
    return settle();
}

} // namespace lens::test
