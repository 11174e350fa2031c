// SPDX-License-Identifier: Apache-2.0
// controller-runtime's field stories at controller level (controller-runtime-cases.md E, CR-30 …
// CR-32, and design brief §6.4's lost poll and ignored RequeueAfter): a controller over a
// RecordingQueue in front of the real PriorityQueue (or LegacyQueue) on a ManualClock, with a
// scripted reconciler whose cost is Clock time (controllerrig.h). Nothing here sleeps.
#include "../core/informerharness.h"
#include "controllerrig.h"

#include <QTest>

using namespace lens;
using namespace lens::runtime;
using lens::test::Rig;
using lens::test::runPendingEvents;
using lens::test::Step;

namespace {

const QString keyL = QStringLiteral("ns/L");
const QString keyP1 = QStringLiteral("ns/p1");
const QString keyP2 = QStringLiteral("ns/p2");

/// A source whose Start delivers what `onStart` adds, then returns (not a SyncingSource).
class ScriptedSource final : public Source {
public:
    explicit ScriptedSource(std::function<void(ControllerQueue *)> onStart)
        : m_onStart(std::move(onStart))
    {
    }
    QString describe() const override { return QStringLiteral("scripted source"); }
    void start(ControllerQueue *queue, Journal *, const QString &,
               std::function<void(const QString &)> started) override
    {
        m_onStart(queue);
        started({});
    }

private:
    std::function<void(ControllerQueue *)> m_onStart;
};

/// Story §6.1's controller: W 1, every reconcile costs 1 s and returns RequeueAfter 500 ms; L
/// arrives only with the initial list (−100), p1 and p2 are created after the list (unset → 0),
/// all before the worker's first Get.
struct Starvation {
    Rig r;
    std::shared_ptr<EventHandler> h = enqueueRequestForObject();
    ScriptedSource src{[this](ControllerQueue *q) {
        h->create(
            {lens::test::rtPod(QStringLiteral("ns"), QStringLiteral("L"), QStringLiteral("1")),
             true},
            q);
        for (const char *name : {"p1", "p2"})
            h->create(
                {lens::test::rtPod(QStringLiteral("ns"), QLatin1String(name), QStringLiteral("2")),
                 false},
                q);
    }};

    explicit Starvation(bool usePriorityQueue) : r(options(usePriorityQueue))
    {
        r.fallback = Step{Outcome::ok({false, 500, {}}), 1000};
        h->bind(&r.journal, QStringLiteral("c1"));
        r.c->watch(&src);
        r.c->start();
        runPendingEvents();
    }
    static ControllerOptions options(bool usePriorityQueue)
    {
        ControllerOptions o;
        o.usePriorityQueue = usePriorityQueue;
        return o;
    }
    int finished(const QString &key) const
    {
        return int(r.events(TraceKind::ReconcileFinished, key).size());
    }
};

} // namespace

class TestRuntimeStories : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cr30a_initialListKeyStarvesAtLowPriority();
    void cr30b_legacyQueueReconcilesItFirst();
    void cr30c_anUpdateRaisesIt();
    void cr31_resyncReachesOnlyUnfilteredControllers();
    void cr32_stuckWorker();
    void story64_lostPoll();
    void story64_requeueAfterWithAnErrorIsIgnored();
};

void TestRuntimeStories::cr30a_initialListKeyStarvesAtLowPriority()
{
    Starvation s(true);
    Rig &r = s.r;
    QCOMPARE(r.depth(), QStringLiteral("{-100:1, 0:1}")); // p1 is already handed out
    // Scrape every 10 s for an hour: L stays queued at −100.
    for (qint64 t = 10000; t <= 3600 * 1000; t += 10000) {
        r.stepTo(t);
        QCOMPARE(r.pq()->metrics().depth.value(QStringLiteral("-100")), 1);
    }
    QCOMPARE(r.seen.mid(0, 6),
             (QStringList{keyP1, keyP2, keyP1, keyP2, keyP1, keyP2})); // they alternate
    QCOMPARE(s.finished(keyP1), 1800);
    QCOMPARE(s.finished(keyP2), 1800);
    QCOMPARE(s.finished(keyL), 0);
    QVERIFY(!r.seen.contains(keyL));
    QCOMPARE(r.total("requeue_after"), quint64(3600));
    QCOMPARE(r.c->metrics().activeWorkers, 1); // the worker is never idle
    // queue_duration is observed at each hand-out, and L never has one.
    QVERIFY(r.events(TraceKind::PriorityQueueGet, keyL).isEmpty());
    const QList<TraceEvent> gets = r.events(TraceKind::PriorityQueueGet);
    QCOMPARE(r.pq()->metrics().queueDurationSeconds.count, quint64(gets.size()));
    QCOMPARE(gets.size(), r.seen.size());
    // Each poll is ready 0.5 s before the worker frees up.
    for (qsizetype i = 2; i < gets.size(); ++i)
        QCOMPARE(gets.at(i).detail.value(QLatin1String("waitedMs")).toInt(), 500);
    // At T0+3600 s p2's poll waits for 3600.5 s and p1 runs: only L is ready, at −100.
    QCOMPARE(r.pq()->ready().size(), 1);
    QCOMPARE(r.pq()->ready().at(0).key, keyL);
    QCOMPARE(r.pq()->waiting().size(), 1);
    QCOMPARE(r.journalOk(), QString());
}

void TestRuntimeStories::cr30b_legacyQueueReconcilesItFirst()
{
    Starvation s(false);
    Rig &r = s.r;
    QVERIFY(r.legacy());
    r.stepTo(60000);
    QCOMPARE(r.started.first(), keyL + QStringLiteral("@0"));
    QCOMPARE(r.seen.mid(0, 6), (QStringList{keyL, keyP1, keyP2, keyL, keyP1, keyP2})); // FIFO
    QCOMPARE(s.finished(keyL), 20);
    QCOMPARE(s.finished(keyP1), 20);
    QCOMPARE(s.finished(keyP2), 20);
    QCOMPARE(r.journalOk(), QString());
}

void TestRuntimeStories::cr30c_anUpdateRaisesIt()
{
    Starvation s(true);
    Rig &r = s.r;
    r.stepTo(600200);
    QVERIFY(!r.seen.contains(keyL));
    // A normal-priority watch event: an Update with a new resourceVersion (priority unset → 0).
    s.h->update({lens::test::rtPod(QStringLiteral("ns"), QStringLiteral("L"), QStringLiteral("1")),
                 lens::test::rtPod(QStringLiteral("ns"), QStringLiteral("L"), QStringLiteral("9"))},
                r.rec);
    const TraceEvent raise = r.events(TraceKind::PriorityQueueAdd, keyL).last();
    QCOMPARE(raise.detail.value(QLatin1String("merge")).toString(), QStringLiteral("raised"));
    QCOMPARE(raise.detail.value(QLatin1String("priority")).toInt(), 0);
    r.stepTo(610000);
    // p2 became ready at 600.5 s with a newer sequence number than L's raise.
    const TraceEvent p2ready = r.events(TraceKind::PriorityQueueReady, keyP2).at(299);
    QCOMPARE(p2ready.t, qint64(600500));
    QVERIFY(p2ready.detail.value(QLatin1String("sequence")).toInteger() >
            raise.detail.value(QLatin1String("sequence")).toInteger());
    QVERIFY(r.started.contains(keyL + QStringLiteral("@601000")));
    const QList<TraceEvent> runs = r.events(TraceKind::ReconcileStarted, keyL);
    QVERIFY(runs.size() >= 2);
    for (const TraceEvent &e : runs) // and it keeps priority 0
        QCOMPARE(e.detail.value(QLatin1String("priority")).toInt(), 0);
    QCOMPARE(r.pq()->metrics().depth.value(QStringLiteral("-100")), 0);
    QCOMPARE(r.journalOk(), QString());
}

void TestRuntimeStories::cr31_resyncReachesOnlyUnfilteredControllers()
{
    // An informer with a 60 s resync and 3 cached pods; three controllers with
    // EnqueueRequestForObject: A no predicate, B GenerationChanged, C ResourceVersionChanged.
    lens::test::Harness hx(60000);
    QVERIFY(hx.start(QStringLiteral("a@1,b@2,c@3"), QStringLiteral("3")));
    const QList<QList<Predicate>> predicates{{}, {generationChanged()}, {resourceVersionChanged()}};
    std::vector<std::unique_ptr<Rig>> rigs;
    std::vector<std::unique_ptr<Kind>> kinds;
    for (int i = 0; i < 3; ++i) {
        ControllerOptions o;
        o.name = QStringLiteral("c%1").arg(QLatin1Char(char('A' + i)));
        rigs.push_back(std::make_unique<Rig>(o));
        kinds.push_back(std::make_unique<Kind>(&hx.informer, QStringLiteral("*v1.Pod"),
                                               enqueueRequestForObject(), predicates.at(i)));
        rigs.back()->c->watch(kinds.back().get());
        QCOMPARE(rigs.back()->c->start(), QString());
    }
    runPendingEvents();
    for (const auto &r : rigs) { // the initial list: 3 creates at −100, reconciled
        QVERIFY(r->c->workersRunning());
        QCOMPARE(r->rec->calls.size(), 3);
        QCOMPARE(r->seen.size(), 3);
        r->rec->calls.clear();
    }
    hx.clock.advance(59999);
    runPendingEvents();
    for (const auto &r : rigs)
        QCOMPARE(r->rec->calls.size(), 0); // nothing before the resync
    hx.clock.advance(1);
    runPendingEvents();
    // A: 3 Updates with old RV = new RV → 3 adds at LowPriority, all reconciled.
    Rig &a = *rigs.at(0);
    QCOMPARE(a.rec->calls.size(), 3);
    for (const auto &call : std::as_const(a.rec->calls))
        QCOMPARE(call.opts.priority, std::optional<int>(lowPriority));
    QCOMPARE(a.pq()->metrics().addsTotal, quint64(6));
    QCOMPARE(a.events(TraceKind::PriorityQueueAdd).size(), 6);
    QCOMPARE(a.seen.size(), 6);
    // B, C: dropped by their predicate (journaled); nothing enqueued, never reconciled.
    for (int i = 1; i < 3; ++i) {
        Rig &r = *rigs.at(i);
        QCOMPARE(r.rec->calls.size(), 0);
        QCOMPARE(r.pq()->metrics().addsTotal, quint64(3));
        QCOMPARE(r.seen.size(), 3);
        const QList<TraceEvent> dropped = r.events(TraceKind::RuntimeEventFiltered);
        QCOMPARE(dropped.size(), 3);
        for (const TraceEvent &e : dropped)
            QCOMPARE(e.detail.value(QLatin1String("event")).toString(), QStringLiteral("update"));
    }
    for (const auto &r : rigs)
        QCOMPARE(r->journalOk(), QString());
}

void TestRuntimeStories::cr32_stuckWorker()
{
    // W 1; reconciling s never returns until released; unfinished-work tick every 500 ms.
    const QString s = QStringLiteral("ns/s"), k = QStringLiteral("ns/k");
    Rig r;
    r.script = {Step{Outcome::ok(), 0, true}};
    r.c->start();
    r.rec->add(s);
    runPendingEvents();
    QCOMPARE(r.started, QStringList{s + QStringLiteral("@0")});
    r.stepTo(1000);
    r.rec->add(k);
    r.stepTo(2000);
    r.rec->add(s);
    r.stepTo(10000);
    const QueueMetrics &m = r.pq()->metrics();
    QCOMPARE(m.unfinishedWorkSeconds, 10.0);
    QCOMPARE(m.longestRunningProcessorSeconds, 10.0);
    QCOMPARE(r.c->metrics().activeWorkers, 1);
    QCOMPARE(r.c->options().maxConcurrentReconciles, 1);
    QCOMPARE(r.rec->len(), 2); // k and the re-added s
    QCOMPARE(r.depth(), QStringLiteral("{0:2}"));
    QCOMPARE(m.queueDurationSeconds.count, quint64(1)); // s's first hand-out
    QCOMPARE(r.started.size(), 1);
    r.release(s);
    // work_duration observes s's 10 s (then k's and s's instant reconciles).
    QCOMPARE(m.workDurationSeconds.count, quint64(3));
    QCOMPARE(m.workDurationSeconds.sum, 10.0);
    QCOMPARE(r.started, (QStringList{s + QStringLiteral("@0"), k + QStringLiteral("@10000"),
                                     s + QStringLiteral("@10000")}));
    QCOMPARE(r.journalOk(), QString());
}

void TestRuntimeStories::story64_lostPoll()
{
    // k polls with RequeueAfter 5 min; an event for k arrives while it is reconciled (cost
    // 100 ms); the next pass returns Result{}.
    const QString k = QStringLiteral("ns/k");
    for (const bool usePQ : {true, false}) {
        ControllerOptions o;
        o.usePriorityQueue = usePQ;
        Rig r(o);
        r.script = {Step{Outcome::ok({false, 300000, {}}), 100}, Step{Outcome::ok(), 100}};
        r.c->start();
        r.rec->add(k);
        r.stepTo(50);
        r.rec->add(k); // the watch event
        r.stepTo(400000);
        if (usePQ) {
            // The requeue merged into the ready entry: its delay is gone for good.
            const TraceEvent requeue = r.events(TraceKind::PriorityQueueAdd, k).at(2);
            QCOMPARE(requeue.detail.value(QLatin1String("afterMs")).toInteger(), 300000);
            QCOMPARE(requeue.detail.value(QLatin1String("merge")).toString(),
                     QStringLiteral("ready wins"));
            QCOMPARE(r.started,
                     (QStringList{k + QStringLiteral("@0"), k + QStringLiteral("@100")}));
            QVERIFY(r.pq()->waiting().isEmpty());
        } else {
            // The legacy queue keeps the 5-minute timer.
            QCOMPARE(r.started, (QStringList{k + QStringLiteral("@0"), k + QStringLiteral("@100"),
                                             k + QStringLiteral("@300100")}));
        }
        QCOMPARE(r.total("requeue_after"), quint64(1));
        QCOMPARE(r.journalOk(), QString());
    }
}

void TestRuntimeStories::story64_requeueAfterWithAnErrorIsIgnored()
{
    const QString k = QStringLiteral("ns/k");
    Rig r;
    const Step failing{Outcome::failure(QStringLiteral("e"), {false, 30000, {}})};
    r.script = {failing, failing, failing};
    r.c->start();
    r.rec->add(k);
    r.stepTo(60000);
    // The error row wins: 5, 10, 20 ms of backoff, never 30 s.
    QCOMPARE(r.started, (QStringList{k + QStringLiteral("@0"), k + QStringLiteral("@5"),
                                     k + QStringLiteral("@15"), k + QStringLiteral("@35")}));
    const QList<TraceEvent> fins = r.events(TraceKind::ReconcileFinished, k);
    QCOMPARE(fins.size(), 4);
    for (int i = 0; i < 3; ++i) {
        const TraceEvent &e = fins.at(i);
        QVERIFY(e.detail.value(QLatin1String("ignoredRequeue")).toBool());
        QCOMPARE(e.detail.value(QLatin1String("requeueAfterMs")).toInteger(), 30000);
        QCOMPARE(e.detail.value(QLatin1String("queueCalls")).toVariant().toStringList(),
                 QStringList{QStringLiteral("AddWithOpts{RateLimited: true, Priority: 0}")});
    }
    QCOMPARE(r.total("error"), quint64(3));
    QCOMPARE(r.total("requeue_after"), quint64(0));
    QCOMPARE(r.journalOk(), QString());
}

QTEST_GUILESS_MAIN(TestRuntimeStories)
#include "tst_runtimestories.moc"
