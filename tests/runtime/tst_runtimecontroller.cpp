// SPDX-License-Identifier: Apache-2.0
// controller-runtime's controller (pkg/internal/controller): controller-runtime-cases.md D,
// CR-24 … CR-29, on a ManualClock over a RecordingQueue in front of the real queue
// (controllerrig.h), plus the shutdown rules the real queues exposed.
#include "../core/informerharness.h"
#include "controllerrig.h"

#include "lens/caption.h"
#include "lens/journaltext.h"
#include "workqueue/ratelimiter.h"

#include <QSignalSpy>
#include <QTest>

using namespace lens;
using namespace lens::runtime;
using lens::test::Rig;
using lens::test::runPendingEvents;
using lens::test::Step;

namespace {

const QString req = QStringLiteral("ns/req");

quint64 total(const runtime::Controller &c, const char *result)
{
    return c.metrics().reconcileTotal.value(QLatin1String(result));
}

/// A source whose Start never returns (never calls `started`).
class BlockingSource final : public Source {
public:
    QString describe() const override { return QStringLiteral("blocking source"); }
    void start(ControllerQueue *, Journal *, const QString &,
               std::function<void(const QString &)>) override
    {
    }
};

} // namespace

class TestRuntimeController : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cr24_defaultsAndInitMetrics();
    void cr25_errorRequeueKeepsBackoffAndPriority();
    void cr26_requeueRows();
    void cr27_terminalError();
    void cr28_panicsAndTimeouts();
    void cr29_start();
    void cr29_handlersFinishInitialListBeforeReconcile();
    void captionsSayTheRowThatApplied();
    void legacyQueueDrainsAtStop();
    void priorityQueueHandOutRacingShutDownIsNotReconciled();
};

void TestRuntimeController::cr24_defaultsAndInitMetrics()
{
    // The public constructor's NewQueue: a PriorityQueue with the exponential limiter only; with
    // UsePriorityQueue=false a LegacyQueue with the default controller limiter.
    for (const bool usePQ : {true, false}) {
        ManualClock clock;
        ControllerOptions o;
        o.name = QStringLiteral("c1");
        if (!usePQ)
            o.usePriorityQueue = false;
        o.reconciler =
            std::make_shared<ReconcileFunc>([](const QString &, const ReconcileContext &,
                                               Reconciler::Finish f) { f(Outcome::ok()); });
        runtime::Controller c(std::move(o), &clock, nullptr);
        QCOMPARE(c.start(), QString());
        QVERIFY(c.queue());
        QCOMPARE(c.queue()->name(), QStringLiteral("c1"));
        QCOMPARE(c.queue()->isPriorityQueue(), usePQ);
        if (usePQ) {
            QVERIFY(qobject_cast<PriorityQueue *>(c.queue()));
            QCOMPARE(c.queue()->rateLimiterDescription(),
                     QStringLiteral("ItemExponentialFailure(5ms, 1000s)"));
        } else {
            QVERIFY(qobject_cast<LegacyQueue *>(c.queue()));
            QCOMPARE(c.queue()->rateLimiterDescription(),
                     workqueue::defaultControllerRateLimiter(&clock)->describe());
            QCOMPARE(c.queue()->rateLimiterDescription(),
                     QStringLiteral("MaxOf(ItemExponentialFailure(5ms, 1000s), Bucket(10/s, "
                                    "burst 100))"));
        }
        c.stop();
        runPendingEvents();
    }

    Rig r;
    const ControllerOptions &o = r.c->options();
    QCOMPARE(o.maxConcurrentReconciles, 1);
    QCOMPARE(o.cacheSyncTimeoutMs, 120000);
    QVERIFY(*o.usePriorityQueue);
    QVERIFY(*o.recoverPanic);
    QCOMPARE(o.rateLimiter->describe(), QStringLiteral("ItemExponentialFailure(5ms, 1000s)"));
    QCOMPARE(r.c->metrics().toPrometheusText(QStringLiteral("c1")), QString()); // before Start
    QCOMPARE(r.c->start(), QString());
    QVERIFY(r.config.usePriorityQueue);
    QCOMPARE(r.config.rateLimiter, o.rateLimiter);
    const QString text = r.c->metrics().toPrometheusText(QStringLiteral("c1"));
    for (const char *line :
         {"controller_runtime_reconcile_total{controller=\"c1\",result=\"error\"} 0",
          "controller_runtime_reconcile_total{controller=\"c1\",result=\"requeue\"} 0",
          "controller_runtime_reconcile_total{controller=\"c1\",result=\"requeue_after\"} 0",
          "controller_runtime_reconcile_total{controller=\"c1\",result=\"success\"} 0",
          "controller_runtime_reconcile_errors_total{controller=\"c1\"} 0",
          "controller_runtime_terminal_reconcile_errors_total{controller=\"c1\"} 0",
          "controller_runtime_reconcile_panics_total{controller=\"c1\"} 0",
          "controller_runtime_reconcile_timeouts_total{controller=\"c1\"} 0",
          "controller_runtime_max_concurrent_reconciles{controller=\"c1\"} 1",
          "controller_runtime_active_workers{controller=\"c1\"} 0",
          "controller_runtime_reconcile_time_seconds_bucket{controller=\"c1\",le=\"60\"} 0"})
        QVERIFY2(text.contains(QLatin1String(line)), line);
    QCOMPARE(text.count(QLatin1String("controller_runtime_reconcile_time_seconds_bucket")), 41);
    runPendingEvents();
    QVERIFY(r.c->workersRunning());
    r.rec->add(req);
    runPendingEvents();
    QCOMPARE(r.seen, QStringList{req});
    QCOMPARE(total(*r.c, "success"), quint64(1));
    QVERIFY(r.pq());
    QCOMPARE(r.rec->forgets, 1);
    QCOMPARE(r.rec->len(), 0);
    QCOMPARE(r.rec->numRequeues(req), 0);
    QCOMPARE(r.pq()->ready().size() + r.pq()->waiting().size(), 0);
    QCOMPARE(r.c->metrics().reconcileTimeSeconds.count, quint64(1));
    QCOMPARE(r.c->metrics().activeWorkers, 0);
    QCOMPARE(r.journalOk(), QString());
}

void TestRuntimeController::cr25_errorRequeueKeepsBackoffAndPriority()
{
    Rig r;
    r.script = {Step{Outcome::failure(QStringLiteral("boom"))},
                Step{Outcome::failure(QStringLiteral("boom"))}, Step{}};
    r.c->start();
    r.rec->addWithOpts({0, false, 10}, {req});
    runPendingEvents();
    QCOMPARE(r.started, QStringList{req + QStringLiteral("@0")});
    QCOMPARE(r.rec->log.last(),
             QStringLiteral("AddWithOpts{RateLimited: true, Priority: 10} ") + req);
    // The real exponential limiter: 5 ms after the first failure.
    QCOMPARE(r.pq()->waiting().size(), 1);
    QCOMPARE(r.pq()->waiting().at(0).readyAtMs, std::optional<qint64>(5));
    QCOMPARE(r.pq()->waiting().at(0).priority, 10);
    QCOMPARE(r.rec->numRequeues(req), 1);
    QCOMPARE(r.c->metrics().reconcileErrorsTotal, quint64(1));
    QCOMPARE(total(*r.c, "error"), quint64(1));
    r.stepTo(4);
    QCOMPARE(r.seen.size(), 1);
    r.stepTo(5);
    QCOMPARE(r.started.last(), req + QStringLiteral("@5"));
    QCOMPARE(r.rec->log.last(),
             QStringLiteral("AddWithOpts{RateLimited: true, Priority: 10} ") + req);
    QCOMPARE(r.pq()->waiting().at(0).readyAtMs, std::optional<qint64>(15)); // not reset: 10 ms
    QCOMPARE(r.rec->numRequeues(req), 2);
    r.stepTo(14);
    QCOMPARE(r.seen.size(), 2);
    r.stepTo(15);
    QCOMPARE(r.started.last(), req + QStringLiteral("@15"));
    QCOMPARE(r.rec->log.last(), QStringLiteral("Forget ") + req);
    QCOMPARE(r.rec->numRequeues(req), 0);
    QCOMPARE(total(*r.c, "success"), quint64(1));
    QCOMPARE(r.rec->len(), 0);
    QCOMPARE(r.pq()->waiting().size(), 0);
    QStringList priorities; // every hand-out reported priority 10
    for (const TraceEvent &e : r.events(TraceKind::ReconcileStarted))
        priorities << QString::number(e.detail.value(QLatin1String("priority")).toInt());
    QCOMPARE(priorities, QStringList(3, QStringLiteral("10")));
    QCOMPARE(r.events(TraceKind::PriorityQueueGet, req).size(), 3);
    QCOMPARE(r.journalOk(), QString());
}

void TestRuntimeController::cr26_requeueRows()
{
    struct Row {
        Outcome out;
        QStringList log;
        const char *result;
        int requeues;
    };
    auto withPriority = [](Outcome o, std::optional<int> p) {
        o.result.priority = p;
        return o;
    };
    for (const std::optional<int> p : {std::optional<int>(), std::optional<int>(99)}) {
        const QString pr = QString::number(p.value_or(10));
        const QList<Row> rows{
            {withPriority(Outcome::ok({true, 0, {}}), p),
             {QStringLiteral("AddWithOpts{RateLimited: true, Priority: %1} ").arg(pr) + req},
             "requeue",
             1},
            {withPriority(Outcome::ok({true, 100, {}}), p),
             {QStringLiteral("Forget ") + req,
              QStringLiteral("AddWithOpts{After: 100ms, Priority: %1} ").arg(pr) + req},
             "requeue_after",
             0},
            {withPriority(Outcome::ok({false, 100, {}}), p),
             {QStringLiteral("Forget ") + req,
              QStringLiteral("AddWithOpts{After: 100ms, Priority: %1} ").arg(pr) + req},
             "requeue_after",
             0},
            {withPriority(Outcome::failure(QStringLiteral("e"), {false, 100, {}}), p),
             {QStringLiteral("AddWithOpts{RateLimited: true, Priority: %1} ").arg(pr) + req},
             "error",
             1},
        };
        for (const Row &row : rows) {
            Rig r;
            r.script = {Step{row.out}};
            r.c->start();
            r.rec->addWithOpts({0, false, 10}, {req});
            r.rec->log.clear();
            runPendingEvents();
            QCOMPARE(r.rec->log, row.log);
            QCOMPARE(total(*r.c, row.result), quint64(1));
            QCOMPARE(r.rec->numRequeues(req), row.requeues);
            // Each row's requeue waits (100 ms, or the limiter's 5 ms): one retry.
            QCOMPARE(r.pq()->metrics().retriesTotal, quint64(1));
            QCOMPARE(r.pq()->waiting().size(), 1);
            QCOMPARE(r.pq()->waiting().at(0).priority, p.value_or(10));
            QCOMPARE(r.pq()->waiting().at(0).readyAtMs,
                     std::optional<qint64>(
                         QLatin1String(row.result) == QLatin1String("requeue_after") ? 100 : 5));
            const TraceEvent fin = r.events(TraceKind::ReconcileFinished).last();
            QCOMPARE(fin.detail.value(QLatin1String("priority")).toInt(), p.value_or(10));
            QCOMPARE(fin.detail.value(QLatin1String("ignoredRequeue")).toBool(),
                     QLatin1String(row.result) == QLatin1String("error"));
            QCOMPARE(r.journalOk(), QString());
        }
    }
}

void TestRuntimeController::cr27_terminalError()
{
    Rig r;
    r.script = {
        Step{Outcome::terminalError(QStringLiteral("e"))},
        Step{Outcome::wrap(QStringLiteral("outer"), Outcome::terminalError(QStringLiteral("e")))}};
    r.c->start();
    r.rec->add(req);
    runPendingEvents();
    QCOMPARE(r.rec->calls.size(), 1); // only the test's own Add
    QCOMPARE(r.rec->forgets, 0);
    QCOMPARE(r.rec->len(), 0);
    QCOMPARE(r.pq()->waiting().size(), 0);
    QCOMPARE(r.c->metrics().terminalReconcileErrorsTotal, quint64(1));
    r.rec->add(req);
    runPendingEvents();
    QCOMPARE(r.seen.size(), 2);
    QCOMPARE(r.rec->calls.size(), 2);
    QCOMPARE(r.rec->forgets, 0);
    QCOMPARE(r.c->metrics().terminalReconcileErrorsTotal, quint64(2));
    QCOMPARE(r.c->metrics().reconcileErrorsTotal, quint64(2));
    QCOMPARE(total(*r.c, "error"), quint64(2));
    QCOMPARE(r.journalOk(), QString());
}

void TestRuntimeController::cr28_panicsAndTimeouts()
{
    auto panicking = std::make_shared<ReconcileFunc>(
        [](const QString &, const ReconcileContext &, Reconciler::Finish f) {
            f(Outcome::panicked(QStringLiteral("boom")));
        });
    // (a) default, (b) true, (c) false
    for (const std::optional<bool> recover :
         {std::optional<bool>(), std::optional<bool>(true), std::optional<bool>(false)}) {
        ControllerOptions o;
        o.reconciler = panicking;
        o.recoverPanic = recover;
        Rig r(o);
        ReconcileReport rep;
        r.c->reconcile(req, [&](const ReconcileReport &x) { rep = x; });
        QCOMPARE(r.c->metrics().reconcilePanicsTotal, quint64(1));
        QVERIFY(rep.panicked);
        QCOMPARE(rep.escapedPanic, recover == std::optional<bool>(false));
        if (!rep.escapedPanic)
            QVERIFY(rep.outcome.error.contains(QLatin1String("[recovered]")));
    }
    {
        // In a running controller a recovered panic takes the error row.
        ControllerOptions o;
        o.reconciler = panicking;
        Rig r(o);
        r.c->start();
        r.rec->add(req);
        runPendingEvents();
        QCOMPARE(r.rec->log.last(),
                 QStringLiteral("AddWithOpts{RateLimited: true, Priority: 0} ") + req);
        QCOMPARE(r.c->metrics().reconcileErrorsTotal, quint64(1));
        QCOMPARE(r.journalOk(), QString());
    }
    {
        // (c) in a running controller: the panic escapes, no row applies (no requeue, no
        // Forget), the worker ends (upstream the process crashes). The journal line says what
        // happened from the event's fields, though it has no result.
        ControllerOptions o;
        o.reconciler = panicking;
        o.recoverPanic = false;
        Rig r(o);
        QSignalSpy crashed(r.c.get(), &runtime::Controller::workerCrashed);
        r.c->start();
        r.rec->add(req);
        runPendingEvents();
        QCOMPARE(crashed.count(), 1);
        QCOMPARE(r.rec->calls.size(), 1);
        QCOMPARE(r.rec->forgets, 0);
        QCOMPARE(r.c->metrics().reconcilePanicsTotal, quint64(1));
        QCOMPARE(r.c->metrics().activeWorkers, 0);
        QVERIFY(r.pq()->locked().isEmpty()); // the deferred Done ran
        const TraceEvent fin = r.events(TraceKind::ReconcileFinished).last();
        QVERIFY(!fin.detail.contains(QLatin1String("result")));
        QCOMPARE(JournalText::runtime(fin),
                 QStringLiteral("reconcile of ns/req by c1-worker-1 panicked after 0 ms, not "
                                "recovered (RecoverPanic false): boom; no requeue, the worker "
                                "ended"));
        QCOMPARE(r.journalOk(), QString());
    }
    // (d) a 1 ms ReconciliationTimeout and a reconciler that returns when its context ends.
    std::vector<std::unique_ptr<ClockTimer>> timers;
    auto honouring = std::make_shared<ReconcileFunc>(
        [&timers](const QString &, const ReconcileContext &ctx, Reconciler::Finish f) {
            if (!ctx.deadlineMs) {
                f(Outcome::ok());
                return;
            }
            auto t = std::make_unique<ClockTimer>(ctx.clock);
            QObject::connect(t.get(), &ClockTimer::timeout,
                             [ctx, f] { f(Outcome::failure(ctx.err())); });
            t->startAt(*ctx.deadlineMs);
            timers.push_back(std::move(t));
        });
    {
        ControllerOptions o;
        o.reconciler = honouring;
        o.reconciliationTimeoutMs = 1;
        Rig r(o);
        QStringList errors;
        for (int i = 0; i < 3; ++i)
            r.c->reconcile(QStringLiteral("ns/bar%1").arg(i), [&](const ReconcileReport &x) {
                errors << x.outcome.error;
                QVERIFY(x.timedOut);
            });
        QCOMPARE(errors.size(), 0);
        r.step(1);
        QCOMPARE(errors, QStringList(3, QStringLiteral("context deadline exceeded")));
        QCOMPARE(r.c->metrics().reconcileTimeoutsTotal, quint64(3));
    }
    {
        // (e) timeout 0: no deadline, nothing counted.
        ControllerOptions o;
        o.reconciler = honouring;
        Rig r(o);
        bool answered = false;
        r.c->reconcile(req, [&](const ReconcileReport &x) {
            answered = true;
            QVERIFY(!x.timedOut);
        });
        QVERIFY(answered);
        QCOMPARE(r.c->metrics().reconcileTimeoutsTotal, quint64(0));
    }
}

void TestRuntimeController::cr29_start()
{
    ControllerOptions o;
    o.name = QStringLiteral("foo");
    o.cacheSyncTimeoutMs = 1000;
    {
        // (a) a Kind source over an informer that never syncs.
        Rig r(o);
        lens::test::Harness hx; // no list answer: never synced
        hx.informer.run();
        Kind kind(&hx.informer, QStringLiteral("*v1.Pod"), enqueueRequestForObject());
        r.c->watch(&kind);
        QSignalSpy failed(r.c.get(), &runtime::Controller::startFailed);
        QCOMPARE(r.c->start(), QString());
        r.step(999);
        QCOMPARE(failed.count(), 0);
        r.step(1);
        QCOMPARE(failed.count(), 1);
        const QString error = failed.at(0).at(0).toString();
        QVERIFY2(error.contains(QLatin1String("failed to wait for foo caches to sync")),
                 qPrintable(error));
        QCOMPARE(error, QStringLiteral("failed to wait for foo caches to sync kind source: "
                                       "*v1.Pod: timed out waiting for cache to be synced for "
                                       "Kind *v1.Pod"));
        QVERIFY(!r.c->workersRunning());
        // (e) started twice
        QVERIFY(r.c->start().startsWith(QLatin1String("controller was started more than once")));
        QCOMPARE(r.journal.events().back().detail.value(QLatin1String("phase")).toString(),
                 QStringLiteral("failed"));
        QCOMPARE(r.journalOk(), QString());
    }
    {
        // (b) a source whose Start never returns.
        Rig r(o);
        BlockingSource src;
        r.c->watch(&src);
        QSignalSpy failed(r.c.get(), &runtime::Controller::startFailed);
        r.c->start();
        r.step(1000);
        QCOMPARE(failed.count(), 1);
        QVERIFY(failed.at(0).at(0).toString().contains(
            QLatin1String("Please ensure that its Start() method is non-blocking")));
    }
    {
        // (c) the context ends while WaitForSync is pending: no error, no workers.
        Rig r(o);
        lens::test::Harness hx;
        hx.informer.run();
        Kind kind(&hx.informer, QStringLiteral("*v1.Pod"), enqueueRequestForObject());
        r.c->watch(&kind);
        QSignalSpy failed(r.c.get(), &runtime::Controller::startFailed);
        QSignalSpy started(r.c.get(), &runtime::Controller::workersStarted);
        r.c->start();
        r.step(500);
        r.c->stop();
        r.step(1000);
        QCOMPARE(failed.count(), 0);
        QCOMPARE(started.count(), 0);
        QCOMPARE(r.journalOk(), QString());
    }
}

void TestRuntimeController::cr29_handlersFinishInitialListBeforeReconcile()
{
    // (d) 20 pods in the cache; the handler is slowed (the listener's processing delay, real
    // time) and counts the creates; the first Reconcile must see all 20 (v0.23+).
    lens::test::Harness hx;
    QStringList items;
    for (int i = 0; i < 20; ++i)
        items << QStringLiteral("p%1@%2").arg(i).arg(i + 1);
    QVERIFY(hx.start(items.join(QLatin1Char(',')), QStringLiteral("20")));
    int count = 0;
    int seenAtFirst = -1;
    auto funcs = std::make_shared<Funcs>();
    funcs->createFunc = [&count](const CreateEvent &e, ControllerQueue *q) {
        ++count;
        q->add(requestKey(e.object));
    };
    ControllerOptions o;
    o.name = QStringLiteral("foo");
    o.reconciler = std::make_shared<ReconcileFunc>(
        [&](const QString &, const ReconcileContext &, Reconciler::Finish f) {
            if (seenAtFirst < 0)
                seenAtFirst = count;
            f(Outcome::ok());
        });
    Rig r(o);
    Kind kind(&hx.informer, QStringLiteral("*v1.Pod"), funcs);
    r.c->watch(&kind);
    QCOMPARE(r.c->start(), QString());
    QVERIFY(kind.registration());
    kind.registration()->setProcessingDelayMs(1);
    QTRY_VERIFY(seenAtFirst >= 0);
    QCOMPARE(seenAtFirst, 20);
    // With a priority queue every initial-list create went in at LowPriority.
    QCOMPARE(r.rec->calls.size(), 20);
    QCOMPARE(r.rec->calls.at(0).opts.priority, std::optional<int>(lowPriority));
    QCOMPARE(r.journalOk(), QString());
}

void TestRuntimeController::captionsSayTheRowThatApplied()
{
    // Each caption is read from its own event's fields (core/lens/caption_runtime.cpp).
    Rig r;
    r.script = {Step{Outcome::ok({false, 500, {}})},
                Step{Outcome::terminalError(QStringLiteral("gone"))}};
    auto h = enqueueRequestForObject();
    h->bind(&r.journal, QStringLiteral("c1"));
    r.c->start();
    runPendingEvents();
    const Object pod =
        lens::test::rtPod(QStringLiteral("ns"), QStringLiteral("req"), QStringLiteral("3"));
    h->create({pod, true}, r.rec);
    runPendingEvents();
    r.step(500);
    auto captionOf = [&](TraceKind kind, int nth = 0) {
        for (const TraceEvent &e : r.journal.events())
            if (e.kind == kind && nth-- == 0)
                return Caption::forEvent(e, &r.journal);
        return QString();
    };
    QVERIFY(captionOf(TraceKind::RuntimeEnqueued)
                .contains(QLatin1String("handler.LowPriority (-100)")));
    QVERIFY(captionOf(TraceKind::RuntimeEnqueued).contains(QLatin1String("IsInInitialList")));
    const QString first = captionOf(TraceKind::ReconcileFinished, 0);
    QVERIFY2(first.contains(QLatin1String("RequeueAfter 500 ms. For RequeueAfter reconcileHandler "
                                          "calls Forget, which resets")),
             qPrintable(first));
    QVERIFY2(first.contains(QLatin1String("Forget, AddWithOpts{After: 500ms, Priority: -100}")),
             qPrintable(first));
    const QString second = captionOf(TraceKind::ReconcileFinished, 1);
    QVERIFY2(second.contains(QLatin1String("Terminal error")), qPrintable(second));
    QVERIFY(second.contains(QLatin1String("Queue calls: none.")));
    QVERIFY(
        captionOf(TraceKind::RuntimeControllerStarted, 1).contains(QLatin1String("1 worker(s)")));
    QVERIFY(captionOf(TraceKind::ReconcileStarted).contains(QLatin1String("at priority -100")));
    QCOMPARE(r.journalOk(), QString());
}

void TestRuntimeController::legacyQueueDrainsAtStop()
{
    // §3.7: with UsePriorityQueue=false ShutDown drains; the worker keeps asking and reconciles
    // what is queued (with a cancelled context) before Get answers shutdown. Before the fix the
    // worker stopped asking once the queue was shutting down and the queued keys were lost.
    ControllerOptions o;
    o.usePriorityQueue = false;
    Rig r(o);
    r.fallback = Step{Outcome::ok(), 1000};
    r.c->start();
    QVERIFY(r.legacy());
    for (const char *k : {"ns/a", "ns/b", "ns/c"})
        r.rec->add(QLatin1String(k));
    runPendingEvents();
    QCOMPARE(r.started, QStringList{QStringLiteral("ns/a@0")});
    r.c->stop();
    r.step(3000);
    QCOMPARE(r.started, (QStringList{QStringLiteral("ns/a@0"), QStringLiteral("ns/b@1000"),
                                     QStringLiteral("ns/c@2000")}));
    QCOMPARE(total(*r.c, "success"), quint64(3));
    QCOMPARE(r.rec->len(), 0);
    QCOMPARE(r.journalOk(), QString());

    // The priority queue abandons what is queued: one reconcile, then Get answers shutdown.
    Rig p;
    p.fallback = Step{Outcome::ok(), 1000};
    p.c->start();
    for (const char *k : {"ns/a", "ns/b", "ns/c"})
        p.rec->add(QLatin1String(k));
    runPendingEvents();
    p.c->stop();
    p.step(3000);
    QCOMPARE(p.started, QStringList{QStringLiteral("ns/a@0")});
    QCOMPARE(p.journalOk(), QString());
}

void TestRuntimeController::priorityQueueHandOutRacingShutDownIsNotReconciled()
{
    // The priority queue took the key for the waiting worker, and shut down before the worker
    // returned from GetWithPriority: (key, priority, shutdown=true), the worker exits without
    // reconciling it. Before the fix the key was reconciled after stop().
    Rig r;
    r.c->start();
    r.rec->add(req); // handed to the waiting worker at once; the answer is on its way
    QCOMPARE(r.pq()->locked().size(), 1);
    r.c->stop();
    runPendingEvents();
    QVERIFY(r.seen.isEmpty());
    QCOMPARE(r.c->metrics().activeWorkers, 0);
    QCOMPARE(r.journalOk(), QString());
}

QTEST_GUILESS_MAIN(TestRuntimeController)
#include "tst_runtimecontroller.moc"
