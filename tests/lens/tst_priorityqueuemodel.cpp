// SPDX-License-Identifier: Apache-2.0
// PriorityQueueModel: controller-runtime's priority queue folded from synthetic journal events
// of the schema (every one passes tracedetail::check): order within and across lanes, a raise
// to the tail of its new lane, "ready wins", a key re-added while a worker holds it, waiting →
// ready by timer, why each entry is there (handler or requeue, linked in either order), the
// starvation facts, workers and reconcile results, time travel.
#include "lens/priorityqueuemodel.h"
#include "lens/workerlanes.h"
#include "trace/clock.h"
#include "trace/journal.h"
#include "trace/tracedetail.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QTest>

#include <memory>
#include <optional>

using namespace lens;
using namespace Qt::StringLiterals;
using Entry = PriorityQueueState::Entry;

namespace {

const QString kQueue = QStringLiteral("runtime-sample");

struct Rig {
    ManualClock clock;
    Journal journal{&clock};
    std::unique_ptr<PriorityQueueModel> model;
    std::unique_ptr<QAbstractItemModelTester> tester;
    quint64 nextSeq = 1;           ///< the queue's own sequence numbers
    QHash<QString, quint64> seqOf; ///< each key's entry's, as the queue reports it

    Rig()
    {
        model = std::make_unique<PriorityQueueModel>(&journal);
        tester = std::make_unique<QAbstractItemModelTester>(
            model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    }
    quint64 record(TraceKind kind, const char *component, const QString &key, QJsonObject d)
    {
        TraceEvent e;
        e.kind = kind;
        e.component = QString::fromLatin1(component);
        e.key = key;
        e.detail = d;
        QString why;
        if (!tracedetail::check(e, &why))
            qFatal("synthetic event off the schema: %s", qPrintable(why));
        return journal.record(e);
    }
    /// §1.3: a new entry and a raise take the next sequence number, every other merge keeps
    /// the entry's.
    quint64 entrySeq(const char *key, const char *merge)
    {
        const QString k = QString::fromLatin1(key);
        if (qstrcmp(merge, "new") == 0 || qstrcmp(merge, "raised") == 0 || !seqOf.contains(k))
            seqOf[k] = nextSeq++;
        return seqOf[k];
    }
    /// An AddWithOpts for one key as the queue records it.
    quint64 add(const char *key, int priority, const char *merge, std::optional<int> requested,
                qint64 delayMs = 0, bool whileProcessing = false, const char *reason = "")
    {
        QJsonObject d{{u"queue"_s, kQueue},
                      {u"priority"_s, priority},
                      {u"afterMs"_s, delayMs},
                      {u"rateLimited"_s, false},
                      {u"delayMs"_s, delayMs},
                      {u"merge"_s, QString::fromLatin1(merge)},
                      {u"whileProcessing"_s, whileProcessing},
                      {u"sequence"_s, qint64(entrySeq(key, merge))},
                      {u"retry"_s, delayMs > 0},
                      {u"ready"_s, delayMs == 0},
                      {u"reason"_s, QString::fromLatin1(reason)},
                      {u"depth"_s, 0}};
        if (requested)
            d.insert(u"requestedPriority"_s, *requested);
        if (delayMs > 0)
            d.insert(u"readyAtMs"_s, clock.nowMs() + delayMs);
        return record(TraceKind::PriorityQueueAdd, "priorityqueue", QString::fromLatin1(key), d);
    }
    quint64 enqueued(const char *key, const char *event, const char *oldRv, const char *newRv,
                     std::optional<int> priority, const char *low = "", bool initial = false)
    {
        QJsonObject d{{u"controller"_s, kQueue},
                      {u"handler"_s, u"EnqueueRequestForObject"_s},
                      {u"event"_s, QString::fromLatin1(event)},
                      {u"objectKey"_s, QString::fromLatin1(key)},
                      {u"initialList"_s, initial},
                      {u"call"_s, u"Add"_s}};
        if (*oldRv)
            d.insert(u"oldResourceVersion"_s, QString::fromLatin1(oldRv));
        if (*newRv)
            d.insert(u"newResourceVersion"_s, QString::fromLatin1(newRv));
        if (priority)
            d.insert(u"priority"_s, *priority);
        if (*low)
            d.insert(u"lowPriority"_s, QString::fromLatin1(low));
        return record(TraceKind::RuntimeEnqueued, "runtime", QString::fromLatin1(key), d);
    }
    quint64 get(const char *key, const char *worker, int priority)
    {
        return record(TraceKind::PriorityQueueGet, "priorityqueue", QString::fromLatin1(key),
                      {{u"queue"_s, kQueue},
                       {u"worker"_s, QString::fromLatin1(worker)},
                       {u"priority"_s, priority},
                       {u"sequence"_s, 0},
                       {u"waitedMs"_s, 0},
                       {u"depth"_s, 0}});
    }
    quint64 done(const char *key, const char *worker, bool requeued = false)
    {
        return record(TraceKind::PriorityQueueDone, "priorityqueue", QString::fromLatin1(key),
                      {{u"queue"_s, kQueue},
                       {u"worker"_s, QString::fromLatin1(worker)},
                       {u"workMs"_s, 0},
                       {u"requeued"_s, requeued},
                       {u"depth"_s, 0}});
    }
    quint64 ready(const char *key, int priority)
    {
        return record(TraceKind::PriorityQueueReady, "priorityqueue", QString::fromLatin1(key),
                      {{u"queue"_s, kQueue},
                       {u"priority"_s, priority},
                       {u"sequence"_s, qint64(seqOf[QString::fromLatin1(key)] = nextSeq++)},
                       {u"readyAtMs"_s, clock.nowMs()},
                       {u"lateMs"_s, 0},
                       {u"depth"_s, 0}});
    }
    quint64 reconcileStarted(const char *key, const char *worker, int priority)
    {
        return record(TraceKind::ReconcileStarted, "runtime", QString::fromLatin1(key),
                      {{u"controller"_s, kQueue},
                       {u"worker"_s, QString::fromLatin1(worker)},
                       {u"priority"_s, priority},
                       {u"reconcileId"_s, 1},
                       {u"requeues"_s, 0}});
    }
    quint64 reconcileFinished(const char *key, const char *worker, int priority, const char *result,
                              qint64 durationMs, qint64 requeueAfterMs = 0)
    {
        QJsonArray calls;
        if (requeueAfterMs > 0)
            calls = {QStringLiteral("Forget"),
                     QStringLiteral("AddWithOpts{After: %1ms, Priority: %2}")
                         .arg(requeueAfterMs)
                         .arg(priority)};
        return record(TraceKind::ReconcileFinished, "runtime", QString::fromLatin1(key),
                      {{u"controller"_s, kQueue},
                       {u"worker"_s, QString::fromLatin1(worker)},
                       {u"priority"_s, priority},
                       {u"result"_s, QString::fromLatin1(result)},
                       {u"requeueAfterMs"_s, requeueAfterMs},
                       {u"queueCalls"_s, calls},
                       {u"durationMs"_s, durationMs},
                       {u"reconcileId"_s, 1}});
    }
    void settle()
    {
        model->flush();
        model->setNowMs(clock.nowMs());
    }
    /// "5:c|0:a,b|-100:d|w:x": the lanes as the model's tree shows them.
    QString lanes() const
    {
        QStringList out;
        for (int l = 0; l < model->rowCount(); ++l) {
            const QModelIndex lane = model->index(l, 0);
            QStringList keys;
            for (int r = 0; r < model->rowCount(lane); ++r)
                keys << model->index(r, 0, lane).data(PriorityQueueModel::KeyRole).toString();
            const QString name =
                lane.data(PriorityQueueModel::WaitingLaneRole).toBool()
                    ? QStringLiteral("w")
                    : QString::number(lane.data(PriorityQueueModel::PriorityRole).toInt());
            out << name + QLatin1Char(':') + keys.join(QLatin1Char(','));
        }
        return out.join(QLatin1Char('|'));
    }
    const Entry &entry(const char *key) const
    {
        static const Entry none;
        const auto it = model->state()->entries.constFind(QString::fromLatin1(key));
        return it == model->state()->entries.cend() ? none : *it;
    }
};

} // namespace

class tst_PriorityQueueModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void orderWithinAndAcrossLanes();
    void raiseMovesToTheTailOfTheNewLane();
    void readyWins();
    void lockedKeyReAdded();
    void waitingBecomesReadyByTimer();
    void starvationFacts();
    void workersAndResults();
    void travelShowsAnEarlierState();
    void reconcileResultsOnWorkerLanes();
    void runtimeControllerPhasesOnWorkerLanes();
};

void tst_PriorityQueueModel::orderWithinAndAcrossLanes()
{
    Rig r;
    r.add("a", 0, "new", std::nullopt);
    r.add("b", 0, "new", 0);
    r.add("c", 5, "new", 5);
    r.add("d", -100, "new", -100);
    r.add("e", 5, "new", 5);
    r.settle();
    QCOMPARE(r.lanes(), QStringLiteral("5:c,e|0:a,b|-100:d"));
    QCOMPARE(r.model->lanes().size(), 3);
    // A re-add at the same priority changes nothing: "a" keeps its place.
    r.add("a", 0, "unchanged", 0);
    r.settle();
    QCOMPARE(r.lanes(), QStringLiteral("5:c,e|0:a,b|-100:d"));
    QVERIFY(r.model->whyText(r.entry("a")).contains(QStringLiteral("merged without a change")));
    QVERIFY(r.model->whyText(r.entry("a")).contains(QStringLiteral("(asked unset)")));
}

void tst_PriorityQueueModel::raiseMovesToTheTailOfTheNewLane()
{
    Rig r;
    // The initial list: the handler's record comes first, then the add it caused.
    r.enqueued("c", "create", "", "", -100, "initial list", true);
    r.add("c", -100, "new", -100);
    r.add("a", 0, "new", std::nullopt);
    r.add("b", 0, "new", std::nullopt);
    r.settle();
    QCOMPARE(r.lanes(), QStringLiteral("0:a,b|-100:c"));
    const QString why = r.model->whyText(r.entry("c"));
    QVERIFY2(why.contains(QStringLiteral("EnqueueRequestForObject: create")), qPrintable(why));
    QVERIFY2(why.contains(QStringLiteral("low priority: initial list")), qPrintable(why));
    QVERIFY2(why.contains(QStringLiteral("priority -100")), qPrintable(why));
    // An update with a new resourceVersion: the add first, the handler's record after it.
    r.add("c", 0, "raised", std::nullopt);
    r.enqueued("c", "update", "17", "18", std::nullopt);
    r.settle();
    QCOMPARE(r.lanes(), QStringLiteral("0:a,b,c|-100:"));
    const QString raised = r.model->whyText(r.entry("c"));
    QVERIFY2(raised.contains(QStringLiteral("raised: EnqueueRequestForObject: update (RV 17 \u2192 "
                                            "18) \u2192 priority 0")),
             qPrintable(raised));
}

void tst_PriorityQueueModel::readyWins()
{
    Rig r;
    r.add("w", 0, "new", std::nullopt, 500, false, "reconcileHandler: RequeueAfter");
    r.add("x", 0, "new", std::nullopt);
    r.settle();
    QCOMPARE(r.lanes(), QStringLiteral("0:x|w:w"));
    QCOMPARE(r.model->ageText(r.entry("w")), QStringLiteral("in 0.5 s"));
    r.clock.advance(100);
    r.enqueued("w", "update", "3", "4", std::nullopt);
    r.add("w", 0, "ready wins", std::nullopt);
    r.clock.advance(1200);
    r.settle();
    // The re-add kept the entry's sequence number (§1.3): w is handed out first.
    QCOMPARE(r.lanes(), QStringLiteral("0:w,x"));
    QCOMPARE(r.model->ageText(r.entry("w")), QStringLiteral("1.2 s"));
    QVERIFY(r.model->whyText(r.entry("w"))
                .startsWith(QStringLiteral("EnqueueRequestForObject: update")));
}

void tst_PriorityQueueModel::lockedKeyReAdded()
{
    Rig r;
    r.add("k", 0, "new", std::nullopt);
    r.add("x", 0, "new", std::nullopt);
    r.get("k", "worker-1", 0);
    r.add("k", 0, "new", std::nullopt, 0, true);
    r.settle();
    QCOMPARE(r.lanes(), QStringLiteral("0:x,k"));
    QCOMPARE(r.model->state()->locked.value(QStringLiteral("k")), QStringLiteral("worker-1"));
    const QModelIndex lane = r.model->index(0, 0);
    QCOMPARE(r.model->index(1, PriorityQueueModel::KeyColumn, lane).data().toString(),
             QStringLiteral("k (held by worker-1)"));
    r.get("x", "worker-2", 0);
    r.settle();
    QCOMPARE(r.entry("k").passedOver, 1);
    QCOMPARE(r.entry("k").passedWhileLocked, 1);
    r.done("k", "worker-1", true);
    r.settle();
    QVERIFY(!r.model->state()->locked.contains(QStringLiteral("k")));
    QCOMPARE(
        r.model->index(0, PriorityQueueModel::KeyColumn, r.model->index(0, 0)).data().toString(),
        QStringLiteral("k"));
}

void tst_PriorityQueueModel::waitingBecomesReadyByTimer()
{
    Rig r;
    r.add("a", -100, "new", -100);
    r.get("a", "worker-1", -100);
    r.reconcileStarted("a", "worker-1", -100);
    r.clock.advance(1000);
    // reconcileHandler: Forget, then AddWithOpts{After, Priority}, then its record.
    r.record(TraceKind::PriorityQueueForget, "priorityqueue", QStringLiteral("a"),
             {{u"queue"_s, kQueue}, {u"failures"_s, 0}});
    r.add("a", -100, "new", -100, 500, true, "reconcileHandler: RequeueAfter");
    r.reconcileFinished("a", "worker-1", -100, "requeue_after", 1000, 500);
    r.done("a", "worker-1");
    r.settle();
    QCOMPARE(r.lanes(), QStringLiteral("-100:|w:a"));
    r.clock.advance(500);
    const quint64 ready = r.ready("a", -100);
    r.settle();
    QCOMPARE(r.lanes(), QStringLiteral("-100:a"));
    const QString why = r.model->whyText(r.entry("a"));
    QVERIFY2(
        why.startsWith(QStringLiteral("requeue by reconcileHandler (requeue after) after 0.5 s")),
        qPrintable(why));
    QVERIFY2(why.contains(QStringLiteral("ready by timer")), qPrintable(why));
    QCOMPARE(
        r.model->index(0, 0, r.model->index(0, 0)).data(PriorityQueueModel::SeqRole).toULongLong(),
        ready);
}

void tst_PriorityQueueModel::starvationFacts()
{
    // controller-runtime-semantics §6.1: one worker, p1 and p2 at 0 requeued after 500 ms,
    // L only in the initial list at -100: L is never handed out.
    Rig r;
    r.enqueued("L", "create", "", "", -100, "initial list", true);
    r.add("L", -100, "new", -100);
    r.clock.advance(10);
    r.add("p1", 0, "new", std::nullopt);
    r.add("p2", 0, "new", std::nullopt);
    for (int i = 0; i < 37; ++i) {
        const char *k = i % 2 == 0 ? "p1" : "p2";
        r.get(k, "worker-1", 0);
        r.reconcileStarted(k, "worker-1", 0);
        r.clock.advance(1000);
        r.add(k, 0, "new", std::nullopt, 500, true, "reconcileHandler: RequeueAfter");
        r.reconcileFinished(k, "worker-1", 0, "requeue_after", 1000, 500);
        r.done(k, "worker-1");
        // The other key's timer fired while this one was reconciled (it was ready already
        // before the first Get).
        if (i > 0)
            r.ready(i % 2 == 0 ? "p2" : "p1", 0);
    }
    r.settle();
    const Entry &L = r.entry("L");
    QCOMPARE(L.passedOver, 37);
    QCOMPARE(r.model->passedOverText(L),
             QStringLiteral("passed over 37 time(s): p1 \u00D719, p2 \u00D718 at priority 0 "
                            "\u00B7 never handed out"));
    QCOMPARE(r.model->ageText(L), QStringLiteral("37.0 s"));
    QCOMPARE(r.model->state()->keys.value(QStringLiteral("p1")).reconciles, 19);
    const auto c = r.model->capacity();
    QCOMPARE(c.cyclingKeys, 2);
    QCOMPARE(c.meanReconcileMs, 1000.0);
    const QModelIndex low = r.model->index(1, 0);
    QCOMPARE(low.data(PriorityQueueModel::PriorityRole).toInt(), -100);
    QCOMPARE(r.model->index(0, PriorityQueueModel::PassedColumn, low)
                 .data(PriorityQueueModel::PassedOverRole)
                 .toInt(),
             37);
}

void tst_PriorityQueueModel::workersAndResults()
{
    Rig r;
    r.record(TraceKind::RuntimeControllerStarted, "runtime", QString(),
             {{u"controller"_s, kQueue},
              {u"phase"_s, u"workers started"_s},
              {u"maxConcurrentReconciles"_s, 2},
              {u"usePriorityQueue"_s, true}});
    r.enqueued("a", "create", "", "1", std::nullopt);
    r.add("a", 0, "new", std::nullopt);
    r.get("a", "worker-1", 0);
    r.clock.advance(40);
    r.reconcileStarted("a", "worker-1", 0);
    r.settle();
    const PriorityQueueState::Worker *w = r.model->state()->workerOf(QStringLiteral("worker-1"));
    QVERIFY(w);
    QCOMPARE(w->key, QStringLiteral("a"));
    QCOMPARE(w->sinceMs, qint64(0));
    QCOMPARE(w->cause.handler, QStringLiteral("EnqueueRequestForObject"));
    QCOMPARE(r.model->capacity().busy, 1);
    QCOMPARE(r.model->capacity().workers, 2);
    r.clock.advance(60);
    r.reconcileFinished("a", "worker-1", 0, "success", 60);
    r.done("a", "worker-1");
    r.settle();
    w = r.model->state()->workerOf(QStringLiteral("worker-1"));
    QVERIFY(w->key.isEmpty());
    QCOMPARE(w->lastKey, QStringLiteral("a"));
    QCOMPARE(w->lastResult, QStringLiteral("success"));
    QCOMPARE(r.model->state()->keys.value(QStringLiteral("a")).reconciles, 1);
    QCOMPARE(r.model->state()->results.value(QStringLiteral("success")), 1);
}

void tst_PriorityQueueModel::travelShowsAnEarlierState()
{
    Rig r;
    r.add("a", 0, "new", std::nullopt);
    const quint64 before = r.add("c", -100, "new", -100);
    r.add("c", 0, "raised", 0);
    r.get("a", "worker-1", 0);
    r.settle();
    QCOMPARE(r.lanes(), QStringLiteral("0:c|-100:"));
    r.model->foldUpTo(before);
    QCOMPARE(r.model->foldedUpTo(), before);
    QCOMPARE(r.lanes(), QStringLiteral("0:a|-100:c"));
    r.add("z", 9, "new", 9); // recorded while travelling: not shown
    r.settle();
    QCOMPARE(r.lanes(), QStringLiteral("0:a|-100:c"));
    r.model->foldUpTo(0);
    QCOMPARE(r.lanes(), QStringLiteral("9:z|0:c|-100:"));
}

void tst_PriorityQueueModel::reconcileResultsOnWorkerLanes()
{
    // The timeline's worker lanes fold reconcileHandler's spans like a provisioner's syncs.
    Rig r;
    r.reconcileStarted("a", "worker-1", 0);
    r.clock.advance(30);
    r.reconcileFinished("a", "worker-1", 0, "requeue_after", 30, 500);
    r.reconcileStarted("b", "worker-2", -100);
    WorkerLanes lanes;
    for (const TraceEvent &e : r.journal.events())
        if (WorkerLanes::folds(e))
            lanes.apply(e);
    QCOMPARE(lanes.workers.size(), size_t(2));
    const WorkerLanes::Busy &done = lanes.workers[0].busy.at(0);
    QCOMPARE(done.key, QStringLiteral("a"));
    QCOMPARE(done.end - done.start, qint64(30));
    QCOMPARE(done.outcome, QStringLiteral("requeue_after"));
    QCOMPARE(lanes.workers[1].busy.at(0).end, qint64(-1)); // still reconciling
}

void tst_PriorityQueueModel::runtimeControllerPhasesOnWorkerLanes()
{
    // controller-runtime has no gate note: "workers started" opens the gate and names the
    // lanes; "stopped" (a rebuild) ends what its workers held.
    Rig r;
    auto phase = [&](const char *p) {
        r.record(TraceKind::RuntimeControllerStarted, "runtime", QString(),
                 {{u"controller"_s, kQueue},
                  {u"phase"_s, QString::fromLatin1(p)},
                  {u"maxConcurrentReconciles"_s, 2},
                  {u"usePriorityQueue"_s, true}});
    };
    r.clock.advance(100);
    phase("sources started");
    phase("workers started");
    const QString w1 = kQueue + u"-worker-1"_s;
    r.reconcileStarted("a", qPrintable(w1), 0);
    r.clock.advance(50);
    phase("stopped");
    WorkerLanes lanes;
    for (const TraceEvent &e : r.journal.events())
        if (WorkerLanes::folds(e))
            lanes.apply(e);
    QCOMPARE(lanes.gateOpenMs, qint64(100));
    QCOMPARE(lanes.workers.size(), size_t(2));
    QCOMPARE(lanes.workers[0].name, w1);
    QCOMPARE(lanes.workers[1].name, kQueue + u"-worker-2"_s);
    const WorkerLanes::Busy &ended = lanes.workers[0].busy.at(0);
    QCOMPARE(ended.end, qint64(150));
    QCOMPARE(ended.outcome, u"controller stopped"_s);
}

QTEST_GUILESS_MAIN(tst_PriorityQueueModel)
#include "tst_priorityqueuemodel.moc"
