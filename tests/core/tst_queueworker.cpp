// SPDX-License-Identifier: Apache-2.0
// QueueWorker, the controller worker loop (processNextClaimWorkItem of
// sig-storage-lib-external-provisioner, client-go's processNextWorkItem), on a ManualClock:
// retries through AddRateLimited with the limiter's delays, the failure threshold giving up
// WITHOUT Forget, Forget on success, one key never processed by two workers at once, and the
// journal's controllerSync* events.

#include "controller/queueworker.h"
#include "trace/journal.h"
#include "trace/tracedetail.h"
#include "workqueue/ratelimiter.h"
#include "workqueue/ratelimitingqueue.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QTest>

using namespace lens;
using namespace lens::controller;

namespace {

struct Rig {
    ManualClock clock;
    Journal journal{&clock};
    std::unique_ptr<workqueue::RateLimitingQueue> queue;
    explicit Rig(std::shared_ptr<workqueue::RateLimiter> limiter)
    {
        workqueue::Queue::Config c;
        c.name = QStringLiteral("claims");
        c.clock = &clock;
        c.journal = &journal;
        queue = std::make_unique<workqueue::RateLimitingQueue>(std::move(c), std::move(limiter));
    }
    QList<TraceEvent> finished() const
    {
        QList<TraceEvent> out;
        for (const TraceEvent &e : journal.events())
            if (e.kind == TraceKind::ControllerSyncFinished)
                out << e;
        return out;
    }
};

} // namespace

class TestQueueWorker : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void retriesThenGivesUpWithoutForget();
    void successForgets();
    void aKeyIsNeverProcessedTwiceAtOnce();
};

void TestQueueWorker::retriesThenGivesUpWithoutForget()
{
    Rig rig(workqueue::itemExponentialFailureRateLimiter(15000, 1000000));
    int attempts = 0;
    QueueWorker w(
        rig.queue.get(), QStringLiteral("claim-worker-1"),
        [&attempts](const QString &, QueueWorker *, QueueWorker::Finish finish) {
            ++attempts;
            finish(SyncOutcome::failure(QStringLiteral("boom")));
        },
        2, &rig.journal, QStringLiteral("provisioner"));
    QSignalSpy gaveUp(&w, &QueueWorker::gaveUp);
    w.start();
    rig.queue->add(QStringLiteral("uid-1"));
    QTRY_COMPARE(attempts, 1);
    // Retry 1 after 15 s, retry 2 after 30 s, then the threshold (2) is reached.
    int expected = 1;
    for (const qint64 delay : {15000, 30000}) {
        QTRY_COMPARE(rig.queue->waiting().size(), 1);
        QCOMPARE(rig.queue->waiting().first().readyAtMs - rig.clock.nowMs(), delay);
        rig.clock.advance(delay);
        ++expected;
        QTRY_COMPARE(attempts, expected);
        QTRY_COMPARE(rig.finished().size(), expected);
    }
    QTRY_COMPARE(gaveUp.size(), 1);
    QCOMPARE(attempts, 3);
    QVERIFY(rig.queue->waiting().isEmpty());
    QCOMPARE(rig.queue->numRequeues(QStringLiteral("uid-1")), 2); // not forgotten
    const QList<TraceEvent> f = rig.finished();
    QCOMPARE(f.last().detail.value(QLatin1String("requeue")).toString(), QStringLiteral("gave up"));
    QCOMPARE(f.first().detail.value(QLatin1String("delayMs")).toInteger(), 15000);
    for (const TraceEvent &e : rig.journal.events()) {
        QString why;
        QVERIFY2(tracedetail::check(e, &why), qPrintable(why));
    }
}

void TestQueueWorker::successForgets()
{
    Rig rig(workqueue::itemExponentialFailureRateLimiter(5, 1000));
    bool fail = true;
    QueueWorker w(
        rig.queue.get(), QStringLiteral("w"),
        [&fail](const QString &, QueueWorker *, QueueWorker::Finish finish) {
            finish(fail ? SyncOutcome::failure(QStringLiteral("boom"))
                        : SyncOutcome::success(QStringLiteral("provisioned")));
        },
        15, &rig.journal, QStringLiteral("provisioner"));
    w.start();
    rig.queue->add(QStringLiteral("k"));
    QTRY_COMPARE(rig.queue->numRequeues(QStringLiteral("k")), 1);
    fail = false;
    QTRY_COMPARE(rig.queue->waiting().size(), 1);
    rig.clock.advance(5);
    QTRY_COMPARE(rig.finished().size(), 2);
    QCOMPARE(rig.queue->numRequeues(QStringLiteral("k")), 0);
    QCOMPARE(rig.finished().last().detail.value(QLatin1String("requeue")).toString(),
             QStringLiteral("forgotten"));
}

void TestQueueWorker::aKeyIsNeverProcessedTwiceAtOnce()
{
    Rig rig(workqueue::itemExponentialFailureRateLimiter(5, 1000));
    QHash<QString, int> inFlight;
    int maxSameKey = 0;
    QList<QueueWorker::Finish> pending;
    const auto sync = [&](const QString &key, QueueWorker *, QueueWorker::Finish finish) {
        maxSameKey = std::max(maxSameKey, ++inFlight[key]);
        // Answer later, as an HTTP write would.
        pending << [&inFlight, key, finish](const SyncOutcome &o) {
            --inFlight[key];
            finish(o);
        };
    };
    QueueWorker a(rig.queue.get(), QStringLiteral("a"), sync, 15, &rig.journal,
                  QStringLiteral("p"));
    QueueWorker b(rig.queue.get(), QStringLiteral("b"), sync, 15, &rig.journal,
                  QStringLiteral("p"));
    a.start();
    b.start();
    rig.queue->add(QStringLiteral("x"));
    QTRY_COMPARE(pending.size(), 1);
    // Added again while a worker holds it: dirty, not handed to the idle worker.
    rig.queue->add(QStringLiteral("x"));
    QCoreApplication::processEvents(); // a queued hand-out would arrive now
    QCOMPARE(pending.size(), 1);
    pending.takeFirst()(SyncOutcome::success(QStringLiteral("provisioned")));
    // Done re-queued it: now it is processed once more.
    QTRY_COMPARE(pending.size(), 1);
    pending.takeFirst()(SyncOutcome::success(QStringLiteral("provisioned")));
    QCOMPARE(maxSameKey, 1);
}

QTEST_GUILESS_MAIN(TestQueueWorker)
#include "tst_queueworker.moc"
