// SPDX-License-Identifier: Apache-2.0
// ProvisionController: construction (NewProvisionController), the informers' handlers and
// Run. The claim side is in provisioncontroller_claims.cpp, the volume side in
// provisioncontroller_volumes.cpp.
#include "provisioncontroller.h"

#include "informer/informerfactory.h"
#include "informer/sharedinformer.h"
#include "trace/clocktimer.h"
#include "trace/journal.h"
#include "workqueue/ratelimiter.h"
#include "workqueue/ratelimitingqueue.h"

#include <QJsonArray>

namespace lens::controller {

namespace {
constexpr qint64 kSecond = 1000;

/// The library's default limiter (NewProvisionController): one instance for both queues.
std::shared_ptr<workqueue::RateLimiter> defaultLimiter(bool exponential, const Clock *clock)
{
    return workqueue::maxOfRateLimiter(
        {workqueue::itemExponentialFailureRateLimiter(15 * kSecond,
                                                      exponential ? 1000 * kSecond : 15 * kSecond),
         workqueue::bucketRateLimiter(10, 100, clock)});
}
} // namespace

ProvisionController::ProvisionController(SharedInformerFactory *factory,
                                         SharedIndexInformer *claims, SharedIndexInformer *volumes,
                                         SharedIndexInformer *classes, KubeClient *client,
                                         Provisioner *provisioner, Journal *journal,
                                         const Clock *clock, Options options, QObject *parent)
    : QObject(parent), m_factory(factory), m_claims(claims), m_volumes(volumes), m_classes(classes),
      m_client(client), m_provisioner(provisioner), m_journal(journal), m_clock(clock),
      m_opts(std::move(options)),
      m_events(client, m_opts.eventSource.isEmpty()
                           ? m_opts.provisionerName + QStringLiteral("_informer-lens")
                           : m_opts.eventSource),
      m_limiter(defaultLimiter(m_opts.exponentialBackOffOnError, clock))
{
    m_opts.threadiness = std::max(1, m_opts.threadiness);
    if (qobject_cast<const ManualClock *>(dynamic_cast<const QObject *>(clock)))
        m_events.setReproducibleClock(clock);
    auto makeQueue = [&](const QString &name) {
        workqueue::Queue::Config c;
        c.name = name;
        c.clock = clock;
        c.journal = journal;
        return std::make_unique<workqueue::RateLimitingQueue>(std::move(c), m_limiter);
    };
    m_claimQueue = makeQueue(QStringLiteral("claims"));
    m_volumeQueue = makeQueue(QStringLiteral("volumes"));

    // The claims informer gets the "uid" index: the queue holds UIDs (claimsIndexer).
    m_claims->addIndexers(
        {{QStringLiteral("uid"), [](const Object &o) { return QStringList{o.uid()}; }}});

    ResourceEventHandler claimHandler;
    claimHandler.name = QStringLiteral("enqueueClaim");
    claimHandler.onAdd = [this](const Object &o, bool) {
        enqueueClaim(o, QStringLiteral("enqueueClaim: add"));
    };
    claimHandler.onUpdate = [this](const Object &, const Object &n) {
        enqueueClaim(n, QStringLiteral("enqueueClaim: update"));
    };
    // The library's claim DeleteFunc does nothing: a claim in claimsInProgress is still queued
    // and is finished from that map; any other deleted claim is nobody's business.
    claimHandler.onDelete = [](const Delta &) {};
    m_claims->addEventHandler(claimHandler);

    ResourceEventHandler volumeHandler;
    volumeHandler.name = QStringLiteral("enqueueVolume");
    volumeHandler.onAdd = [this](const Object &o, bool) {
        m_volumeQueue->add(o.name(), QStringLiteral("enqueueVolume: add"));
    };
    volumeHandler.onUpdate = [this](const Object &, const Object &n) {
        m_volumeQueue->add(n.name(), QStringLiteral("enqueueVolume: update"));
    };
    // forgetVolume: only Forget (v12 dropped the Done that broke the queue's invariant).
    volumeHandler.onDelete = [this](const Delta &d) { m_volumeQueue->forget(d.object.name()); };
    m_volumes->addEventHandler(volumeHandler);
    // The classes informer has no handler: the library only reads its store.
}

ProvisionController::~ProvisionController() = default;

QStringList ProvisionController::knownNames() const
{
    return QStringList{m_opts.provisionerName} + m_opts.additionalProvisionerNames;
}

void ProvisionController::enqueueClaim(const Object &claim, const QString &why)
{
    if (claim.uid().isEmpty())
        return;
    m_claimQueue->add(claim.uid(), why);
}

void ProvisionController::run(CacheSyncWaiter *gate)
{
    if (m_running)
        return;
    m_running = true;
    // The workers it will start, by name (the window draws their lanes, idle until then).
    QJsonArray names;
    for (const char *side : {"claim-worker-%1", "volume-worker-%1"})
        for (int i = 1; i <= m_opts.threadiness; ++i)
            names.append(QString::fromLatin1(side).arg(i));
    note(QStringLiteral("ProvisionController for %1: waiting for the claims, volumes and "
                        "classes caches to sync before starting %2 claim and %2 volume workers")
             .arg(m_opts.provisionerName)
             .arg(m_opts.threadiness),
         {{QLatin1String("workers"), names}, {QLatin1String("workersStarted"), false}});
    CacheSyncWaiter *w = gate ? gate : m_factory->waitForCacheSync(0);
    if (w->isFinished()) {
        startWorkers(w->result());
        return;
    }
    connect(w, &CacheSyncWaiter::finished, this, &ProvisionController::startWorkers);
}

void ProvisionController::startWorkers(const CacheSyncResult &result)
{
    if (m_started || !m_running)
        return;
    if (!result.ok()) {
        note(QStringLiteral("WaitForCacheSync ended without every cache synced (%1): the "
                            "workers are not started")
                 .arg(result.message()));
        Q_EMIT cacheSyncFailed(result.message());
        return;
    }
    m_started = true;
    for (int i = 1; i <= m_opts.threadiness; ++i) {
        auto *cw = new QueueWorker(
            m_claimQueue.get(), QStringLiteral("claim-worker-%1").arg(i),
            [this](const QString &key, QueueWorker *w, QueueWorker::Finish f) {
                syncClaimHandler(key, w, std::move(f));
            },
            m_opts.failedProvisionThreshold, m_journal, QStringLiteral("provisioner"), this);
        // Giving up on a claim also forgets its background provisioning (which may leak a
        // volume still being made, as upstream warns).
        connect(cw, &QueueWorker::gaveUp, this,
                [this](const QString &uid) { m_inProgress.remove(uid); });
        m_claimWorkers << cw;
    }
    for (int i = 1; i <= m_opts.threadiness; ++i) {
        auto *vw = new QueueWorker(
            m_volumeQueue.get(), QStringLiteral("volume-worker-%1").arg(i),
            [this](const QString &key, QueueWorker *w, QueueWorker::Finish f) {
                syncVolumeHandler(key, w, std::move(f));
            },
            m_opts.failedDeleteThreshold, m_journal, QStringLiteral("provisioner"), this);
        m_volumeWorkers << vw;
    }
    QJsonArray names;
    for (const QList<QueueWorker *> &side : {m_claimWorkers, m_volumeWorkers})
        for (QueueWorker *w : side)
            names.append(w->name());
    note(QStringLiteral("caches synced: %1 claim workers and %1 volume workers started")
             .arg(m_opts.threadiness),
         {{QLatin1String("workers"), names}, {QLatin1String("workersStarted"), true}});
    for (QueueWorker *w : m_claimWorkers)
        w->start();
    for (QueueWorker *w : m_volumeWorkers)
        w->start();
    Q_EMIT started();
}

void ProvisionController::shutDown()
{
    m_running = false;
    m_claimQueue->shutDown();
    m_volumeQueue->shutDown();
}

void ProvisionController::note(const QString &message, const QJsonObject &extra)
{
    if (!m_journal)
        return;
    TraceEvent e;
    e.kind = TraceKind::Info;
    e.component = QStringLiteral("provisioner");
    QJsonObject d = extra;
    d.insert(QLatin1String("message"), message);
    e.detail = d;
    m_journal->record(std::move(e));
}

KubeClient::Tag ProvisionController::tag(QueueWorker *worker, const QString &queueKey,
                                         const QString &objectKey) const
{
    return {worker ? worker->name() : QString(), queueKey, objectKey};
}

namespace {
/// The fields both Provisioner events carry.
TraceEvent provisionerEvent(TraceKind kind, const ProvisionController::ProvisionerCall &call)
{
    TraceEvent e;
    e.kind = kind;
    e.component = QStringLiteral("provisioner");
    e.key = call.queueKey;
    e.type = call.op;
    e.detail.insert(QLatin1String("worker"), call.tag.worker);
    e.detail.insert(QLatin1String("objectKey"), call.tag.objectKey);
    e.detail.insert(QLatin1String("pvName"), call.pvName);
    return e;
}
} // namespace

void ProvisionController::recordCalled(const ProvisionerCall &call)
{
    if (!m_journal)
        return;
    TraceEvent e = provisionerEvent(TraceKind::ProvisionerCalled, call);
    e.detail.insert(QLatin1String("class"), call.className);
    m_journal->record(std::move(e));
}

void ProvisionController::recordReturned(const ProvisionerCall &call, const QString &state,
                                         const QString &error, bool injected, qint64 calledMs)
{
    if (!m_journal)
        return;
    TraceEvent e = provisionerEvent(TraceKind::ProvisionerReturned, call);
    e.detail.insert(QLatin1String("state"), state);
    if (!error.isEmpty())
        e.detail.insert(QLatin1String("error"), error);
    e.detail.insert(QLatin1String("durationMs"), m_clock->nowMs() - calledMs);
    if (injected)
        e.detail.insert(QLatin1String("injected"), true);
    m_journal->record(std::move(e));
}

QJsonObject ProvisionController::storageClass(const QString &name) const
{
    if (!m_classes || name.isEmpty())
        return {};
    const Object o = m_classes->indexer().getByKey(name);
    return o.isNull() ? QJsonObject() : o.json();
}

void ProvisionController::after(qint64 delayMs, std::function<void()> fire)
{
    auto *timer = new ClockTimer(m_clock, this, ClockTimer::ManualClockPolicy::CatchUp);
    connect(timer, &ClockTimer::timeout, this, [timer, fire = std::move(fire)] {
        timer->deleteLater();
        fire();
    });
    timer->start(std::max<qint64>(0, delayMs));
}

} // namespace lens::controller
