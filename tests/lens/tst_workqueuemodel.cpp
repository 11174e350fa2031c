// SPDX-License-Identifier: Apache-2.0
// WorkqueueModel: a controller queue folded from the journal a real RateLimitingQueue records
// on a ManualClock (queue order, dirty while processing, the delayed items' countdown, the
// limiter and the next backoff, the seven metrics), checked against the queue's own state
// and metrics; the object a UID stands for; time travel.
#include "lens/workqueuemodel.h"
#include "trace/clock.h"
#include "trace/journal.h"
#include "workqueue/ratelimiter.h"
#include "workqueue/ratelimitingqueue.h"

#include <QAbstractItemModelTester>
#include <QCoreApplication>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace lens;
using Section = WorkqueueModel::Section;

namespace {

/// A UID in the API server's format for object number `i`.
QString uidOf(int i)
{
    return QString::asprintf("%08x-0000-4000-8000-%012x", i, i);
}

/// The indexer event `kind` of pod default/pod-`i` (UID uidOf(i)), as an informer records it.
TraceEvent indexerEvent(TraceKind kind, int i)
{
    const QString name = QStringLiteral("pod-%1").arg(i);
    QJsonObject meta{{QStringLiteral("namespace"), QStringLiteral("default")},
                     {QStringLiteral("name"), name},
                     {QStringLiteral("uid"), uidOf(i)},
                     {QStringLiteral("resourceVersion"), QString::number(i)}};
    TraceEvent e;
    e.kind = kind;
    e.informer = QStringLiteral("pods");
    e.component = QStringLiteral("indexer");
    e.key = QStringLiteral("default/") + name;
    e.object = Object::fromJson({{QStringLiteral("metadata"), meta}});
    return e;
}

/// "a,b" → {"a", "b"}; "" → {}.
QStringList L(const char *csv)
{
    return QString::fromLatin1(csv).split(QLatin1Char(','), Qt::SkipEmptyParts);
}

struct Rig {
    ManualClock clock;
    Journal journal{&clock};
    std::unique_ptr<workqueue::RateLimitingQueue> queue;
    std::unique_ptr<WorkqueueModel> model;
    std::unique_ptr<QAbstractItemModelTester> tester;

    Rig()
    {
        workqueue::Queue::Config c;
        c.name = QStringLiteral("claims");
        c.clock = &clock;
        c.journal = &journal;
        c.unfinishedWorkUpdatePeriodMs = 0;
        // The provisioner library's limiter: MaxOf(exponential 15 s … 1000 s, bucket 10/s).
        queue = std::make_unique<workqueue::RateLimitingQueue>(
            std::move(c), workqueue::maxOfRateLimiter(
                              {workqueue::itemExponentialFailureRateLimiter(15000, 1000000),
                               workqueue::bucketRateLimiter(10, 100, &clock)}));
        model = std::make_unique<WorkqueueModel>(&journal);
        tester = std::make_unique<QAbstractItemModelTester>(
            model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    }
    void settle()
    {
        model->flush();
        model->setNowMs(clock.nowMs());
    }
    QStringList keysIn(Section s) const
    {
        QStringList keys;
        for (int r = 0; r < model->rowCount(); ++r)
            if (model->index(r, 0).data(WorkqueueModel::SectionRole).toInt() == int(s))
                keys << model->index(r, 0).data(WorkqueueModel::KeyRole).toString();
        return keys;
    }
    QString cell(const char *key, Section s, int column) const
    {
        const int row = model->rowOf(QString::fromLatin1(key), s);
        return row < 0 ? QString() : model->index(row, column).data().toString();
    }
    const WorkqueueState *state() const { return model->state(); }
    QString metric(const char *name) const
    {
        for (const auto &m : model->metrics())
            if (m.name == QLatin1String(name))
                return m.value;
        return QStringLiteral("<none>");
    }
};

} // namespace

class tst_WorkqueueModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void queueOrderAndDirtyWhileProcessing();
    void delayedItemsCountDownAndTheLimiterIsNamed();
    void metricsMatchTheQueuesOwn();
    void keysShowTheirObject();
    void namesStayBoundedUnderChurn();
    void travelShowsAnEarlierQueue();
    void rowsMoveWithoutAReset();
};

void tst_WorkqueueModel::queueOrderAndDirtyWhileProcessing()
{
    Rig rig;
    QCOMPARE(rig.model->rowCount(), 0);
    for (const char *k : {"a", "b", "c"})
        rig.queue->add(QString::fromLatin1(k), QStringLiteral("test: add"));
    rig.queue->add(QStringLiteral("b"), QStringLiteral("test: again")); // collapsed
    rig.settle();
    QCOMPARE(rig.model->queues(), QStringList{QStringLiteral("claims")});
    QCOMPARE(rig.keysIn(Section::Queued), L("a,b,c"));
    QCOMPARE(rig.model->headerData(0, Qt::Vertical).toInt(), 1);

    QCOMPARE(rig.queue->tryGet(QStringLiteral("claim-worker-1")), QStringLiteral("a"));
    rig.clock.advance(2000);
    rig.settle();
    QCOMPARE(rig.keysIn(Section::Queued), L("b,c"));
    QCOMPARE(rig.keysIn(Section::Processing), L("a"));
    QCOMPARE(rig.cell("a", Section::Processing, WorkqueueModel::WorkerColumn),
             QStringLiteral("claim-worker-1"));
    QCOMPARE(rig.cell("a", Section::Processing, WorkqueueModel::TimeColumn),
             QStringLiteral("for 2.0 s"));
    QVERIFY(!rig.cell("a", Section::Processing, WorkqueueModel::StateColumn)
                 .contains(QLatin1String("dirty")));

    // Added while a worker holds it: dirty, not queued, until Done puts it at the tail.
    rig.queue->add(QStringLiteral("a"), QStringLiteral("test: update"));
    rig.settle();
    QVERIFY(rig.queue->isDirty(QStringLiteral("a")));
    QVERIFY(rig.cell("a", Section::Processing, WorkqueueModel::StateColumn)
                .contains(QLatin1String("dirty")));
    QCOMPARE(rig.keysIn(Section::Queued), L("b,c"));
    QCOMPARE(rig.state()->dirty.size(), 3);
    rig.queue->done(QStringLiteral("a"));
    rig.settle();
    QCOMPARE(rig.keysIn(Section::Queued), L("b,c,a"));
    QCOMPARE(rig.keysIn(Section::Processing), L(""));
    QCOMPARE(rig.model->rowCount(), rig.queue->len());
}

void tst_WorkqueueModel::delayedItemsCountDownAndTheLimiterIsNamed()
{
    Rig rig;
    rig.queue->add(QStringLiteral("b"));
    QCOMPARE(rig.queue->tryGet(QStringLiteral("w")), QStringLiteral("b"));
    rig.queue->addRateLimited(QStringLiteral("b"), QStringLiteral("test: failed"));
    rig.queue->done(QStringLiteral("b"));
    rig.clock.advance(5000);
    rig.settle();
    QCOMPARE(rig.keysIn(Section::Waiting), L("b"));
    QCOMPARE(rig.cell("b", Section::Waiting, WorkqueueModel::TimeColumn),
             QStringLiteral("ready in 10.0 s (at 15.0 s)"));
    QCOMPARE(rig.cell("b", Section::Waiting, WorkqueueModel::FailuresColumn), QStringLiteral("1"));
    QCOMPARE(rig.cell("b", Section::Waiting, WorkqueueModel::LimiterColumn),
             QStringLiteral("ItemExponentialFailure chose 15.0 s"));
    QVERIFY(rig.cell("b", Section::Waiting, WorkqueueModel::NextBackoffColumn)
                .startsWith(QStringLiteral("30.0 s")));

    // A second failure while it waits: the limiter doubles, the earlier ready time is kept.
    rig.queue->addRateLimited(QStringLiteral("b"), QStringLiteral("test: failed again"));
    rig.settle();
    QCOMPARE(rig.cell("b", Section::Waiting, WorkqueueModel::FailuresColumn), QStringLiteral("2"));
    QCOMPARE(rig.cell("b", Section::Waiting, WorkqueueModel::TimeColumn),
             QStringLiteral("ready in 10.0 s (at 15.0 s)"));
    QVERIFY(rig.cell("b", Section::Waiting, WorkqueueModel::NextBackoffColumn)
                .startsWith(QStringLiteral("60 s")));

    // Its time comes: Ready, then Add, and it is in line again.
    rig.clock.advance(10000);
    QTRY_COMPARE(rig.queue->len(), 1);
    rig.settle();
    QCOMPARE(rig.keysIn(Section::Waiting), L(""));
    QCOMPARE(rig.keysIn(Section::Queued), L("b"));
    rig.queue->forget(QStringLiteral("b"));
    rig.settle();
    QCOMPARE(rig.cell("b", Section::Queued, WorkqueueModel::FailuresColumn), QStringLiteral("0"));
}

void tst_WorkqueueModel::metricsMatchTheQueuesOwn()
{
    Rig rig;
    for (const char *k : {"a", "b", "c"})
        rig.queue->add(QString::fromLatin1(k));
    rig.clock.advance(300);
    QCOMPARE(rig.queue->tryGet(QStringLiteral("w1")), QStringLiteral("a"));
    QCOMPARE(rig.queue->tryGet(QStringLiteral("w2")), QStringLiteral("b"));
    rig.queue->add(QStringLiteral("a")); // dirty while processing: counts, depth +1
    rig.clock.advance(1200);
    rig.queue->done(QStringLiteral("b"));
    rig.queue->addAfter(QStringLiteral("d"), 4000, QStringLiteral("test: later"));
    rig.clock.advance(500);
    rig.settle();
    const auto &m = rig.queue->metrics();
    QCOMPARE(rig.metric("workqueue_depth"), QString::number(m.depth));
    QCOMPARE(rig.metric("workqueue_depth"), QStringLiteral("2")); // c, and a again
    QCOMPARE(rig.metric("workqueue_adds_total"), QString::number(m.addsTotal));
    QCOMPARE(rig.metric("workqueue_retries_total"), QString::number(m.retriesTotal));
    QCOMPARE(rig.metric("workqueue_queue_duration_seconds"),
             QStringLiteral("count %1 · sum 0.6 s · p50 over 100 ms, at most 1 s")
                 .arg(m.queueDurationSeconds.count));
    QCOMPARE(rig.metric("workqueue_work_duration_seconds"),
             QStringLiteral("count %1 · sum 1.2 s · p50 over 1 s, at most 10 s")
                 .arg(m.workDurationSeconds.count));
    // a has been processing for 1.7 s (Get at 0.3 s, now 2.0 s).
    QCOMPARE(rig.metric("workqueue_unfinished_work_seconds"), QStringLiteral("1.7 s"));
    QCOMPARE(rig.metric("workqueue_longest_running_processor_seconds"), QStringLiteral("1.7 s"));
    QCOMPARE(rig.model->metrics().size(), 7);
    for (const auto &metric : rig.model->metrics())
        QVERIFY2(!metric.how.isEmpty(), qPrintable(metric.name));
}

void tst_WorkqueueModel::keysShowTheirObject()
{
    Rig rig;
    // The claims informer stored the claim: its UID is the queue's key.
    QJsonObject meta{{QStringLiteral("namespace"), QStringLiteral("default")},
                     {QStringLiteral("name"), QStringLiteral("data-0")},
                     {QStringLiteral("uid"), QStringLiteral("35dea9e1-a9a8-4bfa")},
                     {QStringLiteral("resourceVersion"), QStringLiteral("7")}};
    TraceEvent stored;
    stored.kind = TraceKind::IndexerAdded;
    stored.informer = QStringLiteral("persistentvolumeclaims");
    stored.component = QStringLiteral("indexer");
    stored.key = QStringLiteral("default/data-0");
    stored.object = Object::fromJson({{QStringLiteral("metadata"), meta}});
    rig.journal.record(stored);
    rig.queue->add(QStringLiteral("35dea9e1-a9a8-4bfa"));
    rig.queue->add(QStringLiteral("unknown-uid"));
    rig.settle();
    QCOMPARE(rig.model->keyLabel(QStringLiteral("35dea9e1-a9a8-4bfa")),
             QStringLiteral("default/data-0 (uid 35dea9e1…)"));
    QCOMPARE(rig.model->index(0, 0).data(WorkqueueModel::ObjectKeyRole).toString(),
             QStringLiteral("default/data-0"));
    QCOMPARE(rig.model->keyLabel(QStringLiteral("unknown-uid")), QStringLiteral("unknown-uid"));
}

void tst_WorkqueueModel::namesStayBoundedUnderChurn()
{
    // The soak's churn (docs/soak.md): pods created, updated and deleted for a long time, a
    // few hundred stored at once. The UID → key names follow the store plus the newest
    // kRetiredNameCap deleted objects, not every object the session ever saw.
    Rig rig;
    constexpr int live = 200;
    constexpr qsizetype cap = WorkqueueStates::kRetiredNameCap;
    const int total = int(cap) * 3;
    // One pod that stays stored through the whole churn keeps its name.
    rig.journal.record(indexerEvent(TraceKind::IndexerAdded, 1000000));
    qsizetype most = 0;
    for (int i = 0; i < total; ++i) {
        rig.journal.record(indexerEvent(TraceKind::IndexerAdded, i));
        rig.journal.record(indexerEvent(TraceKind::IndexerUpdated, i));
        if (i >= live)
            rig.journal.record(indexerEvent(TraceKind::IndexerDeleted, i - live));
        rig.clock.advance(3);
        if (i % 1000 == 999) {
            rig.settle();
            most = qMax(most, rig.model->states().namesHeld());
        }
    }
    rig.settle();
    most = qMax(most, rig.model->states().namesHeld());
    QVERIFY2(most <= live + 1 + cap, qPrintable(QString::number(most)));
    QCOMPARE(rig.model->states().namesHeld(), live + 1 + cap);
    QCOMPARE(rig.model->states().droppedNames(), quint64(total - live - cap));

    // Stored ones and the recently deleted keep their names; the oldest deleted say theirs
    // was dropped.
    QCOMPARE(rig.model->states().objectKeyOf(QString(), uidOf(1000000)),
             QStringLiteral("default/pod-1000000"));
    QCOMPARE(rig.model->states().objectKeyOf(QString(), uidOf(total - 1)),
             QStringLiteral("default/pod-%1").arg(total - 1));
    const int lastDeleted = total - 1 - live;
    QCOMPARE(rig.model->states().objectKeyOf(QString(), uidOf(lastDeleted)),
             QStringLiteral("default/pod-%1").arg(lastDeleted));
    QCOMPARE(rig.model->states().objectKeyOf(QString(), uidOf(0)), QString());
    QCOMPARE(rig.model->keyLabel(uidOf(0)),
             uidOf(0) + QStringLiteral(" (name dropped: only the newest %1 deleted objects' names "
                                       "are kept)")
                            .arg(cap));
    QCOMPARE(rig.model->keyLabel(QStringLiteral("not-a-uid")), QStringLiteral("not-a-uid"));

    // Travelling refolds the retained events: still bounded.
    rig.model->foldUpTo(rig.journal.lastSeq());
    QVERIFY(rig.model->states().namesHeld() <= live + 1 + cap);
    rig.model->foldUpTo(0);
}

void tst_WorkqueueModel::travelShowsAnEarlierQueue()
{
    Rig rig;
    rig.queue->add(QStringLiteral("a"));
    rig.queue->add(QStringLiteral("b"));
    const quint64 before = rig.journal.lastSeq();
    QCOMPARE(rig.queue->tryGet(QStringLiteral("w1")), QStringLiteral("a"));
    rig.settle();
    QCOMPARE(rig.keysIn(Section::Processing), L("a"));
    rig.model->foldUpTo(before);
    QCOMPARE(rig.keysIn(Section::Processing), L(""));
    QCOMPARE(rig.keysIn(Section::Queued), L("a,b"));
    rig.queue->done(QStringLiteral("a")); // while travelling: not shown
    rig.model->flush();
    QCOMPARE(rig.keysIn(Section::Queued), L("a,b"));
    rig.model->foldUpTo(0);
    QCOMPARE(rig.keysIn(Section::Queued), L("b"));
    QCOMPARE(rig.keysIn(Section::Processing), L(""));
}

QTEST_GUILESS_MAIN(tst_WorkqueueModel)
#include "tst_workqueuemodel.moc"

// The rows follow the queue with removals and insertions (the view keeps its selection and
// scroll; a reset of 150 000 rows per batch was the window's longest turn), and end as the
// queue's own state after every batch of a random run of Add, Get, Done and AddRateLimited.
void tst_WorkqueueModel::rowsMoveWithoutAReset()
{
    Rig rig;
    for (int i = 0; i < 40; ++i)
        rig.queue->add(QStringLiteral("k%1").arg(i));
    rig.settle();
    QCOMPARE(rig.model->rowCount(), 40);
    QSignalSpy resets(rig.model.get(), &QAbstractItemModel::modelReset);
    QSignalSpy removed(rig.model.get(), &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(rig.model.get(), &QAbstractItemModel::rowsInserted);
    // Three Gets and two Adds: the head leaves, the tail grows, processing gains three rows.
    QStringList got;
    for (int i = 0; i < 3; ++i)
        got << *rig.queue->tryGet(QStringLiteral("w"));
    rig.queue->add(QStringLiteral("n1"));
    rig.queue->add(QStringLiteral("n2"));
    rig.settle();
    QCOMPARE(resets.count(), 0);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(removed.first().at(1).toInt(), 0); // the head: rows 0..2
    QCOMPARE(removed.first().at(2).toInt(), 2);
    QCOMPARE(inserted.count(), 1); // n1, n2 and the three in processing, in one run
    QCOMPARE(inserted.first().at(2).toInt() - inserted.first().at(1).toInt() + 1, 5);
    QCOMPARE(rig.keysIn(Section::Processing), got);

    quint32 seed = 7;
    const auto next = [&seed](int n) {
        seed = seed * 1664525u + 1013904223u;
        return int((seed >> 8) % quint32(n));
    };
    QStringList processing = got;
    for (int step = 0; step < 300; ++step) {
        for (int op = 0, ops = 1 + next(6); op < ops; ++op) {
            switch (next(4)) {
            case 0:
                rig.queue->add(QStringLiteral("k%1").arg(next(80)));
                break;
            case 1:
                if (const auto k = rig.queue->tryGet(QStringLiteral("w")))
                    processing << *k;
                break;
            case 2:
                if (!processing.isEmpty())
                    rig.queue->done(processing.takeAt(next(int(processing.size()))));
                break;
            default:
                if (!processing.isEmpty()) {
                    const QString k = processing.takeAt(next(int(processing.size())));
                    rig.queue->addRateLimited(k);
                    rig.queue->done(k);
                }
                break;
            }
        }
        rig.clock.advance(next(3) * 40);
        rig.settle();
        QCOMPARE(rig.keysIn(Section::Queued), rig.state()->queue);
        QCOMPARE(qsizetype(rig.keysIn(Section::Processing).size()), rig.state()->processing.size());
        QCOMPARE(qsizetype(rig.keysIn(Section::Waiting).size()), rig.state()->waiting.size());
    }
    QCOMPARE(resets.count(), 0);
}
