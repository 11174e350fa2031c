// SPDX-License-Identifier: Apache-2.0
#include "controller.h"

#include "legacyqueue.h"
#include "priorityqueue.h"
#include "trace/clock.h"
#include "trace/clocktimer.h"
#include "trace/journal.h"
#include "workqueue/ratelimiter.h"

#include <QJsonArray>
#include <QJsonObject>

namespace lens::runtime {

std::unique_ptr<ControllerQueue> defaultNewQueue(const QueueConfig &config)
{
    if (config.usePriorityQueue)
        return std::make_unique<PriorityQueue>(PriorityQueue::Config{
            config.name, config.clock, config.journal, config.rateLimiter, 500});
    return std::make_unique<LegacyQueue>(
        LegacyQueue::Config{config.name, config.clock, config.journal, config.rateLimiter, 500});
}

bool ReconcileContext::deadlinePassed() const
{
    return deadlineMs && clock && clock->nowMs() >= *deadlineMs;
}

QString ReconcileContext::err() const
{
    if (isCancelled())
        return QStringLiteral("context canceled");
    if (deadlinePassed())
        return QStringLiteral("context deadline exceeded");
    return {};
}

Controller::Controller(ControllerOptions options, const Clock *clock, Journal *journal,
                       QObject *parent)
    : QObject(parent), m_opt(std::move(options)), m_clock(clock), m_journal(journal),
      m_cancelled(std::make_shared<bool>(false))
{
    if (!m_clock) {
        m_ownClock = std::make_unique<SteadyClock>();
        m_clock = m_ownClock.get();
    }
    if (m_opt.maxConcurrentReconciles <= 0)
        m_opt.maxConcurrentReconciles = 1;
    if (m_opt.cacheSyncTimeoutMs <= 0)
        m_opt.cacheSyncTimeoutMs = 120000;
    if (!m_opt.usePriorityQueue)
        m_opt.usePriorityQueue = true;
    if (!m_opt.recoverPanic)
        m_opt.recoverPanic = true;
    if (!m_opt.rateLimiter)
        m_opt.rateLimiter = *m_opt.usePriorityQueue
                                ? workqueue::itemExponentialFailureRateLimiter(5, 1000 * 1000)
                                : workqueue::defaultControllerRateLimiter(m_clock);
    if (!m_opt.newQueue)
        m_opt.newQueue = defaultNewQueue;
}

Controller::~Controller() = default;

void Controller::journalPhase(const QString &phase, const QString &error)
{
    if (!m_journal)
        return;
    QJsonObject d;
    d.insert(QLatin1String("phase"), phase);
    d.insert(QLatin1String("maxConcurrentReconciles"), m_opt.maxConcurrentReconciles);
    d.insert(QLatin1String("usePriorityQueue"), *m_opt.usePriorityQueue);
    d.insert(QLatin1String("rateLimiter"), m_opt.rateLimiter->describe());
    d.insert(QLatin1String("cacheSyncTimeoutMs"), m_opt.cacheSyncTimeoutMs);
    if (!error.isEmpty())
        d.insert(QLatin1String("error"), error);
    record(TraceKind::RuntimeControllerStarted, m_opt.name, std::move(d));
}

void Controller::record(TraceKind kind, const QString &key, QJsonObject detail) const
{
    TraceEvent e;
    e.kind = kind;
    e.component = QStringLiteral("runtime");
    e.key = key;
    detail.insert(QLatin1String("controller"), m_opt.name);
    e.detail = std::move(detail);
    m_journal->record(std::move(e));
}

QString Controller::watch(Source *source)
{
    if (!source)
        return QStringLiteral("source must not be nil");
    m_sources << source;
    if (!m_started || !m_queue)
        return {};
    // After Start: start at once, without waiting for sync.
    QString result;
    source->start(m_queue.get(), m_journal, m_opt.name,
                  [&result](const QString &error) { result = error; });
    return result;
}

QString Controller::start()
{
    if (m_started)
        return QStringLiteral("controller was started more than once. This is likely to be "
                              "caused by being added to a manager multiple times");
    m_started = true;
    m_metrics.init(m_opt.maxConcurrentReconciles);
    m_queue = m_opt.newQueue(
        {m_opt.name, *m_opt.usePriorityQueue, m_opt.rateLimiter, m_clock, m_journal});
    connect(m_queue.get(), &ControllerQueue::itemHandedOut, this, &Controller::onHandedOut);
    connect(m_queue.get(), &ControllerQueue::getShutDown, this, [this](const QString &worker) {
        if (m_workers.contains(worker))
            m_endedWorkers.insert(worker);
    });
    m_starting = true;
    m_sourceState = QList<int>(m_sources.size(), 0);
    m_syncTimer = new ClockTimer(m_clock, this);
    connect(m_syncTimer, &ClockTimer::timeout, this, &Controller::startTimedOut);
    m_syncTimer->start(m_opt.cacheSyncTimeoutMs);
    const QList<QPointer<Source>> sources = m_sources;
    for (int i = 0; i < sources.size(); ++i) {
        QPointer<Controller> self(this);
        auto once = std::make_shared<bool>(false);
        sources.at(i)->start(m_queue.get(), m_journal, m_opt.name,
                             [self, i, once](const QString &error) {
                                 if (*once || !self)
                                     return;
                                 *once = true;
                                 self->sourceStarted(i, error);
                             });
        if (!m_starting)
            break;
    }
    if (m_starting && sources.isEmpty())
        finishStart({});
    return {};
}

void Controller::sourceStarted(int index, const QString &error)
{
    if (!m_starting)
        return;
    if (!error.isEmpty()) {
        finishStart(error);
        return;
    }
    m_sourceState[index] = 1;
    Source *src = m_sources.at(index);
    QPointer<Controller> self(this);
    auto once = std::make_shared<bool>(false);
    src->waitForSync([self, index, once](const QString &error) {
        if (*once || !self)
            return;
        *once = true;
        self->sourceSynced(index, error);
    });
}

void Controller::sourceSynced(int index, const QString &error)
{
    if (!m_starting)
        return;
    if (!error.isEmpty()) {
        finishStart(QStringLiteral("failed to wait for %1 caches to sync %2: %3")
                        .arg(m_opt.name, m_sources.at(index)->describe(), error));
        return;
    }
    m_sourceState[index] = 2;
    if (std::all_of(m_sourceState.begin(), m_sourceState.end(), [](int s) { return s == 2; }))
        finishStart({});
}

void Controller::startTimedOut()
{
    if (!m_starting)
        return;
    for (int i = 0; i < m_sourceState.size(); ++i) {
        Source *src = m_sources.at(i);
        if (m_sourceState.at(i) == 0) {
            finishStart(QStringLiteral("timed out waiting for source %1 to Start. Please ensure "
                                       "that its Start() method is non-blocking")
                            .arg(src->describe()));
            return;
        }
        if (m_sourceState.at(i) == 1) {
            sourceSynced(i, src->syncTimeoutError());
            return;
        }
    }
}

void Controller::finishStart(const QString &error)
{
    m_starting = false;
    if (m_syncTimer)
        m_syncTimer->stop();
    if (!error.isEmpty()) {
        journalPhase(QStringLiteral("failed"), error);
        Q_EMIT startFailed(error);
        return;
    }
    if (*m_cancelled)
        return; // the context ended while waiting: Start returns nil, no workers
    journalPhase(QStringLiteral("sources started"));
    m_workersRunning = true;
    for (int i = 1; i <= m_opt.maxConcurrentReconciles; ++i)
        m_workers << QStringLiteral("%1-worker-%2").arg(m_opt.name).arg(i);
    journalPhase(QStringLiteral("workers started"));
    Q_EMIT workersStarted();
    for (const QString &w : std::as_const(m_workers))
        m_queue->requestGet(w);
}

void Controller::stop()
{
    if (*m_cancelled)
        return;
    *m_cancelled = true;
    if (m_starting)
        finishStart({});
    if (m_queue)
        m_queue->shutDown();
    if (m_started)
        journalPhase(QStringLiteral("stopped"));
}

void Controller::onHandedOut(const QString &worker, const QString &key, int priority)
{
    if (!m_workers.contains(worker) || m_endedWorkers.contains(worker))
        return;
    if (m_queue->isPriorityQueue() && m_queue->shuttingDown()) {
        // GetWithPriority returned the key with shutdown = true: the worker exits, no Done.
        m_endedWorkers.insert(worker);
        return;
    }
    reconcileHandler(worker, key, priority);
}

void Controller::reconcileHandler(const QString &worker, const QString &key, int priority)
{
    ++m_metrics.activeWorkers;
    const quint64 id = ++m_reconcileId;
    const qint64 startedMs = m_clock->nowMs();
    if (m_journal) {
        QJsonObject d;
        d.insert(QLatin1String("worker"), worker);
        d.insert(QLatin1String("priority"), priority);
        d.insert(QLatin1String("reconcileId"), qint64(id));
        d.insert(QLatin1String("requeues"), m_queue->numRequeues(key));
        record(TraceKind::ReconcileStarted, key, std::move(d));
    }
    QPointer<Controller> self(this);
    reconcile(
        key,
        [self, worker, key, priority, id, startedMs](const ReconcileReport &report) {
            if (self)
                self->handled(worker, key, priority, id, startedMs, report);
        },
        worker, priority);
}

void Controller::reconcile(const QString &request,
                           std::function<void(const ReconcileReport &)> done, const QString &worker,
                           int priority)
{
    ReconcileContext ctx;
    ctx.clock = m_clock;
    ctx.cancelled = m_cancelled;
    ctx.reconcileId = m_reconcileId;
    ctx.controller = m_opt.name;
    ctx.worker = worker;
    ctx.priority = priority;
    if (m_opt.reconciliationTimeoutMs > 0)
        ctx.deadlineMs = m_clock->nowMs() + m_opt.reconciliationTimeoutMs;
    auto answered = std::make_shared<bool>(false);
    QPointer<Controller> self(this);
    auto finish = [self, ctx, answered, done = std::move(done)](const Outcome &out) {
        if (*answered || !self)
            return;
        *answered = true;
        ReconcileReport r;
        r.outcome = out;
        if (out.panic) {
            r.panicked = true;
            ++self->m_metrics.reconcilePanicsTotal;
            if (*self->m_opt.recoverPanic) {
                r.outcome.error = QStringLiteral("panic: %1 [recovered]").arg(out.error);
                r.outcome.terminal = false;
            } else {
                r.escapedPanic = true;
            }
        }
        // Counted only when the controller's own deadline ended the context (not a cancel).
        if (ctx.deadlineMs && ctx.deadlinePassed() && !ctx.isCancelled()) {
            r.timedOut = true;
            ++self->m_metrics.reconcileTimeoutsTotal;
        }
        done(r);
    };
    m_opt.reconciler->reconcile(request, ctx, finish);
}

void Controller::handled(const QString &worker, const QString &key, int priority, quint64 id,
                         qint64 startedMs, const ReconcileReport &report)
{
    const Outcome &out = report.outcome;
    QStringList calls;
    QString result;
    bool ignoredRequeue = false;
    if (out.result.priority)
        priority = *out.result.priority;
    auto add = [&](const AddOpts &opts) {
        calls << describeAddOpts(opts);
        m_queue->addWithOpts(opts, {key}, QStringLiteral("reconcileHandler"));
    };
    if (report.escapedPanic) {
        // Upstream the panic crashes the process; the deferred Done and active_workers-1 run.
    } else if (out.terminal) {
        result = QStringLiteral("error");
        ++m_metrics.reconcileErrorsTotal;
        ++m_metrics.terminalReconcileErrorsTotal;
    } else if (!out.error.isEmpty()) {
        result = QStringLiteral("error");
        ++m_metrics.reconcileErrorsTotal;
        ignoredRequeue = out.result.requeue || out.result.requeueAfterMs > 0;
        add({0, true, priority});
    } else if (out.result.requeueAfterMs > 0) {
        result = QStringLiteral("requeue_after");
        calls << QStringLiteral("Forget");
        m_queue->forget(key);
        add({out.result.requeueAfterMs, false, priority});
    } else if (out.result.requeue) {
        result = QStringLiteral("requeue");
        add({0, true, priority});
    } else {
        result = QStringLiteral("success");
        calls << QStringLiteral("Forget");
        m_queue->forget(key);
    }
    if (!result.isEmpty())
        ++m_metrics.reconcileTotal[result];
    const qint64 durationMs = m_clock->nowMs() - startedMs;
    if (!report.escapedPanic)
        m_metrics.reconcileTimeSeconds.observe(double(durationMs) / 1000.0);
    if (m_journal) {
        QJsonObject d;
        d.insert(QLatin1String("worker"), worker);
        d.insert(QLatin1String("priority"), priority);
        if (!result.isEmpty())
            d.insert(QLatin1String("result"), result);
        if (out.terminal)
            d.insert(QLatin1String("terminal"), true);
        if (report.panicked)
            d.insert(QLatin1String("panic"), true);
        if (report.timedOut)
            d.insert(QLatin1String("timedOut"), true);
        if (!out.error.isEmpty())
            d.insert(QLatin1String("error"), out.error);
        if (out.result.requeueAfterMs > 0)
            d.insert(QLatin1String("requeueAfterMs"), out.result.requeueAfterMs);
        if (ignoredRequeue)
            d.insert(QLatin1String("ignoredRequeue"), true);
        d.insert(QLatin1String("queueCalls"), QJsonArray::fromStringList(calls));
        d.insert(QLatin1String("durationMs"), durationMs);
        d.insert(QLatin1String("reconcileId"), qint64(id));
        record(TraceKind::ReconcileFinished, key, std::move(d));
    }
    --m_metrics.activeWorkers;
    if (!report.escapedPanic)
        Q_EMIT reconciled(key, out);
    m_queue->done(key);
    if (report.escapedPanic) {
        m_endedWorkers.insert(worker);
        Q_EMIT workerCrashed(worker, out.error);
        return;
    }
    // The next Get also after ShutDown: the legacy queue drains what is queued first.
    if (!m_endedWorkers.contains(worker))
        m_queue->requestGet(worker);
}

} // namespace lens::runtime
