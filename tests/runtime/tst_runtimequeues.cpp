// SPDX-License-Identifier: Apache-2.0
// core/runtime beside the priority queue's own cases (tst_priorityqueue): the LegacyQueue's
// mapping of AddWithOpts (controller-runtime's priorityQueueWrapper), QueueMetrics (the exact
// Prometheus text, the priority label's cardinality cap, the unfinished-work ticker on a
// ManualClock) and the priority-queue captions (core/lens/caption_runtime.cpp).
#include "lens/caption.h"
#include "pqharness.h"
#include "runtime/legacyqueue.h"
#include "workqueue/ratelimitingqueue.h"

#include <QTest>

using namespace lens;
using namespace lens::runtime;
using namespace Qt::StringLiterals;
using test::checkJournal;
using test::PQ;

class TestRuntimeQueues : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void legacyWrapperMapping();
    void prometheusText();
    void cardinalityCap();
    void unfinishedWork();
    void captionsSayWhy();
};

void TestRuntimeQueues::legacyWrapperMapping()
{
    ManualClock clock;
    Journal journal(&clock);
    LegacyQueue q({QStringLiteral("c1"), &clock, &journal, nullptr, 500});
    QVERIFY(!q.isPriorityQueue());
    QCOMPARE(q.rateLimiterDescription(),
             workqueue::defaultControllerRateLimiter(&clock)->describe());
    q.addWithOpts({100, true, 10}, {QStringLiteral("rl")}, QStringLiteral("error"));
    q.addWithOpts({100, false, 10}, {QStringLiteral("after")});
    q.addWithOpts({0, false, 10}, {QStringLiteral("plain")});
    q.addWithOpts({-5, false, std::nullopt}, {QStringLiteral("negative")});
    QList<TraceKind> kinds;
    QStringList reasons;
    for (const TraceEvent &e : journal.events()) {
        kinds << e.kind;
        reasons << e.detail.value(QLatin1String("reason")).toString();
    }
    QCOMPARE(kinds,
             (QList<TraceKind>{TraceKind::WorkqueueAddRateLimited, TraceKind::WorkqueueAddAfter,
                               TraceKind::WorkqueueAdd, TraceKind::WorkqueueAdd}));
    QCOMPARE(reasons.at(0), QStringLiteral("error · AddWithOpts{RateLimited, After 100ms, "
                                           "Priority 10} → AddRateLimited (After, Priority "
                                           "ignored)"));
    QCOMPARE(reasons.at(1),
             QStringLiteral("AddWithOpts{After 100ms, Priority 10} → AddAfter (Priority ignored)"));
    QCOMPARE(reasons.at(2), QStringLiteral("AddWithOpts{Priority 10} → Add (Priority ignored)"));
    QCOMPARE(reasons.at(3), QStringLiteral("AddWithOpts{After -5ms} → Add"));
    QCOMPARE(q.len(), 2);
    QCOMPARE(q.numRequeues(QStringLiteral("rl")), 1);
    QStringList handed;
    connect(&q, &ControllerQueue::itemHandedOut, this,
            [&](const QString &, const QString &item, int p) {
                handed << QStringLiteral("%1,%2").arg(item).arg(p);
            });
    q.requestGet(QStringLiteral("w"));
    test::runPendingEvents(2);
    QCOMPARE(handed, QStringList{QStringLiteral("plain,0")}); // priority always 0
    checkJournal(journal);
}

void TestRuntimeQueues::prometheusText()
{
    QueueMetrics m;
    m.add(QStringLiteral("a"), 0, 0);
    m.add(QStringLiteral("b"), lowPriority, 0);
    m.retry();
    m.get(QStringLiteral("a"), 0, 250);
    m.done(QStringLiteral("a"), 1250);
    const QStringList le{u"1e-08"_s,
                         u"1e-07"_s,
                         u"1e-06"_s,
                         u"9.999999999999999e-06"_s,
                         u"9.999999999999999e-05"_s,
                         u"0.001"_s,
                         u"0.01"_s,
                         u"0.1"_s,
                         u"1"_s,
                         u"10"_s,
                         u"100"_s,
                         u"1000"_s,
                         u"+Inf"_s};
    auto hist = [&](const QString &name, int from, const QString &sum) {
        QString out;
        for (int i = 0; i < le.size(); ++i)
            out += QStringLiteral("%1_bucket{controller=\"q\\\"x\",name=\"q\\\"x\",le=\"%2\"} %3\n")
                       .arg(name, le.at(i))
                       .arg(i >= from ? 1 : 0);
        out += QStringLiteral("%1_sum{controller=\"q\\\"x\",name=\"q\\\"x\"} %2\n").arg(name, sum);
        out += QStringLiteral("%1_count{controller=\"q\\\"x\",name=\"q\\\"x\"} 1\n").arg(name);
        return out;
    };
    const QString l = QStringLiteral("{controller=\"q\\\"x\",name=\"q\\\"x\"}");
    const QString want =
        QStringLiteral(
            "# HELP workqueue_adds_total Total number of adds handled by workqueue\n"
            "# TYPE workqueue_adds_total counter\n"
            "workqueue_adds_total%1 2\n"
            "# HELP workqueue_depth Current depth of workqueue by workqueue and "
            "priority\n"
            "# TYPE workqueue_depth gauge\n"
            "workqueue_depth{controller=\"q\\\"x\",name=\"q\\\"x\",priority=\"-100\"} 1\n"
            "workqueue_depth{controller=\"q\\\"x\",name=\"q\\\"x\",priority=\"0\"} 0\n"
            "# HELP workqueue_longest_running_processor_seconds How many seconds has "
            "the longest running processor for workqueue been running.\n"
            "# TYPE workqueue_longest_running_processor_seconds gauge\n"
            "workqueue_longest_running_processor_seconds%1 0\n"
            "# HELP workqueue_queue_duration_seconds How long in seconds an item "
            "stays in workqueue before being requested\n"
            "# TYPE workqueue_queue_duration_seconds histogram\n")
            .arg(l) +
        hist(QStringLiteral("workqueue_queue_duration_seconds"), 8, QStringLiteral("0.25")) +
        QStringLiteral("# HELP workqueue_retries_total Total number of items added to the "
                       "workqueue with a non-zero delay (rate-limited requeues, explicit "
                       "RequeueAfter or AddAfter calls)\n"
                       "# TYPE workqueue_retries_total counter\n"
                       "workqueue_retries_total%1 1\n"
                       "# HELP workqueue_unfinished_work_seconds How many seconds of work has "
                       "been done that is in progress and hasn't been observed by "
                       "work_duration. Large values indicate stuck threads. One can deduce the "
                       "number of stuck threads by observing the rate at which this "
                       "increases.\n"
                       "# TYPE workqueue_unfinished_work_seconds gauge\n"
                       "workqueue_unfinished_work_seconds%1 0\n"
                       "# HELP workqueue_work_duration_seconds How long in seconds processing "
                       "an item from workqueue takes.\n"
                       "# TYPE workqueue_work_duration_seconds histogram\n")
            .arg(l) +
        hist(QStringLiteral("workqueue_work_duration_seconds"), 8, QStringLiteral("1"));
    QCOMPARE(m.toPrometheusText(QStringLiteral("q\"x")), want);
    // Go's %g: large counts in exponent form, as expfmt writes them.
    QCOMPARE(workqueue::prometheusValue(1137205), QStringLiteral("1.137205e+06"));
    QCOMPARE(workqueue::prometheusValue(439770.9063703425), QStringLiteral("439770.9063703425"));
    QCOMPARE(workqueue::prometheusValue(100000), QStringLiteral("100000"));
    QCOMPARE(workqueue::prometheusValue(1e6), QStringLiteral("1e+06"));
}

void TestRuntimeQueues::cardinalityCap()
{
    QueueMetrics m;
    for (int p = 0; p < 26; ++p)
        m.add(QStringLiteral("k%1").arg(p), p, 0);
    QCOMPARE(m.depth.size(), 26);
    for (int p = 0; p < 25; ++p)
        QCOMPARE(m.depth.value(QString::number(p)), 1);
    QCOMPARE(m.depth.value(QueueMetrics::cardinalityExceededLabel()), 1);
    QVERIFY(!m.depth.contains(QStringLiteral("25")));
    m.get(QStringLiteral("k0"), 0, 0); // every later change goes to the placeholder
    QCOMPARE(m.depth.value(QStringLiteral("0")), 1);
    QCOMPARE(m.depth.value(QueueMetrics::cardinalityExceededLabel()), 0);

    PQ t; // through the queue: the 26th distinct priority
    for (int p = 0; p < 26; ++p)
        t.add(QStringLiteral("k%1").arg(p), p);
    QCOMPARE(t.q->metrics().depth.value(QueueMetrics::cardinalityExceededLabel()), 1);
    QCOMPARE(t.get(), QStringLiteral("k25,25"));
    QCOMPARE(t.q->metrics().depth.value(QueueMetrics::cardinalityExceededLabel()), 0);
    QCOMPARE(t.q->metrics().depth.value(QStringLiteral("0")), 1);
}

void TestRuntimeQueues::unfinishedWork()
{
    PQ t;
    t.add(QStringLiteral("s"));
    QCOMPARE(t.get(), QStringLiteral("s,0"));
    t.step(10000);
    QCOMPARE(t.q->metrics().unfinishedWorkSeconds, 10.0);
    QCOMPARE(t.q->metrics().longestRunningProcessorSeconds, 10.0);
    t.q->done(QStringLiteral("s"));
    QCOMPARE(t.q->metrics().workDurationSeconds.count, 1u);
    QCOMPARE(t.q->metrics().workDurationSeconds.sum, 10.0);
    t.step(500);
    QCOMPARE(t.q->metrics().unfinishedWorkSeconds, 0.0);
}

void TestRuntimeQueues::captionsSayWhy()
{
    PQ t;
    t.add(QStringLiteral("a"));
    t.add(QStringLiteral("a"), std::nullopt, 1000); // ready wins
    t.add(QStringLiteral("b"), 0, 500);
    t.add(QStringLiteral("b"), 2); // raised
    t.step(500);
    QCOMPARE(t.get(), QStringLiteral("b,2"));
    t.q->done(QStringLiteral("b"));
    t.q->shutDown();
    t.add(QStringLiteral("c"));
    auto captionOf = [&](TraceKind kind, const QString &key, const char *merge = nullptr) {
        for (const TraceEvent &e : t.journal.events())
            if (e.kind == kind && e.key == key &&
                (!merge ||
                 e.detail.value(QLatin1String("merge")).toString() == QLatin1String(merge)))
                return Caption::forEvent(e, &t.journal);
        return QString();
    };
    QVERIFY(captionOf(TraceKind::PriorityQueueAdd, QStringLiteral("a"), "ready wins")
                .contains(QStringLiteral("Ready beats any delay")));
    QVERIFY(captionOf(TraceKind::PriorityQueueAdd, QStringLiteral("b"), "raised")
                .contains(QStringLiteral("sequence number 2")));
    QVERIFY(captionOf(TraceKind::PriorityQueueGet, QStringLiteral("b"))
                .contains(QStringLiteral("at priority 2")));
    QVERIFY(captionOf(TraceKind::PriorityQueueShutDown, {})
                .contains(QStringLiteral("ShutDown: 1 entry(s) were queued. After ShutDown the "
                                         "priority queue does not drain")));
    QVERIFY(captionOf(TraceKind::PriorityQueueAdd, QStringLiteral("c"))
                .contains(QStringLiteral("shut down")));
    for (const TraceEvent &e : t.journal.events())
        QVERIFY(!Caption::forEvent(e, &t.journal).isEmpty());
}

QTEST_GUILESS_MAIN(TestRuntimeQueues)
#include "tst_runtimequeues.moc"
