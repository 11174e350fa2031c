// SPDX-License-Identifier: Apache-2.0
// core/workqueue's queues (client-go util/workqueue: queue.go, delaying_queue.go,
// rate_limiting_queue.go, metrics.go). Each case of workqueue-cases.md sections A-C (and the
// queue half of D) is a row named by its id, written as a script the harness below plays on a
// ManualClock; rows named "own: ..." cover the brief's behaviours the list leaves out.
//
// Time: the Clock's resolution is 1 ms, so upstream's microsecond steps are milliseconds here
// (WQ-14: 50 µs → 50 ms, 25 µs → 25 ms, the 1 ms ticker stays 1 ms). "settle" runs the event
// loop once (the ClockTimers hear ManualClock::advanced through it, and requestGet's answers
// arrive through it); "step N" advances the clock N ms and settles. Every event the queue
// records is checked against the journal's schema (tracedetail::check).
#include "trace/clock.h"
#include "trace/journal.h"
#include "trace/tracedetail.h"
#include "workqueue/ratelimitingqueue.h"
#include "workqueueharness.h"

#include <QCoreApplication>
#include <QTest>

using namespace lens;
using namespace lens::workqueue;

namespace {
/// FIFO storage that counts Touch calls (upstream's tracing queue in TestCollapse).
class TracingStorage final : public Storage {
public:
    explicit TracingStorage(int *touches) : m_touches(touches) {}
    void touch(const QString &item) override
    {
        ++*m_touches;
        m_inner->touch(item);
    }
    void push(const QString &item) override { m_inner->push(item); }
    int len() const override { return m_inner->len(); }
    QString pop() override { return m_inner->pop(); }
    QStringList items() const override { return m_inner->items(); }

private:
    int *m_touches;
    std::unique_ptr<Storage> m_inner = defaultStorage();
};

void settle()
{
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
}

/// One queue, its clock and journal, and what its signals said.
struct Harness {
    ManualClock clock;
    Journal journal{&clock};
    int touches = 0;
    std::unique_ptr<Queue> q;
    DelayingQueue *dq = nullptr;
    RateLimitingQueue *rq = nullptr;
    QStringList handed, ended;
    int drained = 0;
    size_t kindsFrom = 0, delaysFrom = 0;

    /// `type`: "basic", "delaying" or a limiter (workqueueharness.h) for a rate-limiting queue.
    explicit Harness(const QString &type, qint64 unfinishedPeriodMs = 500)
    {
        Queue::Config c{QStringLiteral("q"), &clock, &journal,
                        std::make_unique<TracingStorage>(&touches), unfinishedPeriodMs};
        if (type == QLatin1String("basic")) {
            q = std::make_unique<Queue>(std::move(c));
        } else if (type == QLatin1String("delaying")) {
            auto d = std::make_unique<DelayingQueue>(std::move(c));
            dq = d.get();
            q = std::move(d);
        } else {
            auto r = std::make_unique<RateLimitingQueue>(std::move(c),
                                                         test::limiterFromSpec(type, &clock));
            dq = rq = r.get();
            q = std::move(r);
        }
        QObject::connect(q.get(), &Queue::itemHandedOut, q.get(),
                         [this](const QString &w, const QString &i) { handed << w + u'=' + i; });
        QObject::connect(q.get(), &Queue::getShutDown, q.get(),
                         [this](const QString &w) { ended << w; });
        QObject::connect(q.get(), &Queue::drained, q.get(), [this] { ++drained; });
    }

    /// Plays one statement; false with `why` when an expectation failed or it is not known.
    bool play(const QString &stmt, QString *why)
    {
        const QStringList t = stmt.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        const QString op = t.value(0);
        const QString last = t.value(t.size() - 1);
        const QString want = last.startsWith(QLatin1Char('=')) ? last.mid(1) : QString();
        auto expect = [&](const QString &got) {
            if (got == want)
                return true;
            *why = QStringLiteral("%1: got %2").arg(stmt, got);
            return false;
        };
        auto num = [](qint64 v) { return QString::number(v); };
        if (op == QLatin1String("add"))
            q->add(t.value(1), t.mid(2).join(QLatin1Char(' ')));
        else if (op == QLatin1String("addAfter") && dq)
            dq->addAfter(t.value(1), t.value(2).toLongLong());
        else if (op == QLatin1String("addRL") && rq)
            rq->addRateLimited(t.value(1));
        else if (op == QLatin1String("forget") && rq)
            rq->forget(t.value(1));
        else if (op == QLatin1String("get"))
            return expect(q->tryGet(t.value(1)).value_or(QStringLiteral("-")));
        else if (op == QLatin1String("request"))
            q->requestGet(t.value(1));
        else if (op == QLatin1String("cancel"))
            q->cancelGet(t.value(1));
        else if (op == QLatin1String("done"))
            q->done(t.value(1));
        else if (op == QLatin1String("doneRefused")) {
            QTest::ignoreMessage(QtWarningMsg,
                                 qPrintable(QStringLiteral("workqueue q: Done(%1) for an item that "
                                                           "is not being processed: ignored")
                                                .arg(t.value(1))));
            q->done(t.value(1));
        } else if (op == QLatin1String("settle"))
            settle();
        else if (op == QLatin1String("step")) {
            clock.advance(t.value(1).toLongLong());
            settle();
        } else if (op == QLatin1String("shutdown"))
            q->shutDown();
        else if (op == QLatin1String("drain"))
            q->shutDownWithDrain();
        else if (op == QLatin1String("len"))
            return expect(num(q->len()));
        else if (op == QLatin1String("shuttingDown"))
            return expect(q->shuttingDown() ? QStringLiteral("1") : QStringLiteral("0"));
        else if (op == QLatin1String("handed"))
            return expect(handed.join(QLatin1Char(',')));
        else if (op == QLatin1String("ended"))
            return expect(ended.join(QLatin1Char(',')));
        else if (op == QLatin1String("drained"))
            return expect(num(drained));
        else if (op == QLatin1String("touches"))
            return expect(num(touches));
        else if (op == QLatin1String("retries"))
            return expect(num(qint64(q->metrics().retriesTotal)));
        else if (op == QLatin1String("adds"))
            return expect(num(qint64(q->metrics().addsTotal)));
        else if (op == QLatin1String("depth"))
            return expect(num(q->metrics().depth));
        else if (op == QLatin1String("queued"))
            return expect(q->queued().join(QLatin1Char(',')));
        else if (op == QLatin1String("dirty"))
            return expect(q->dirty().join(QLatin1Char(',')));
        else if (op == QLatin1String("processing")) {
            QStringList p;
            const auto all = q->processing();
            for (auto it = all.begin(); it != all.end(); ++it)
                p << it.key() + u'@' + it->worker;
            p.sort();
            return expect(p.join(QLatin1Char(',')));
        } else if (op == QLatin1String("waiting") && dq) {
            QStringList w;
            for (const DelayingQueue::Waiting &x : dq->waiting())
                w << x.item + u'@' + num(x.readyAtMs);
            return expect(w.join(QLatin1Char(',')));
        } else if (op == QLatin1String("requeues") && rq)
            return expect(num(rq->numRequeues(t.value(1))));
        else if (op == QLatin1String("kinds")) { // kinds recorded since the last check
            QStringList k;
            const auto &events = journal.events();
            for (size_t i = kindsFrom; i < events.size(); ++i)
                k << traceKindName(events[i].kind).mid(int(qstrlen("workqueue")));
            kindsFrom = events.size();
            return expect(k.join(QLatin1Char(',')));
        } else if (op == QLatin1String("delays")) { // AddRateLimited's delays since the last check
            QStringList d;
            const auto &events = journal.events();
            for (size_t i = delaysFrom; i < events.size(); ++i)
                if (events[i].kind == TraceKind::WorkqueueAddRateLimited)
                    d << num(events[i].detail.value(QLatin1String("delayMs")).toInteger());
            delaysFrom = events.size();
            return expect(d.join(QLatin1Char(',')));
        } else {
            *why = QStringLiteral("unknown statement for this queue: %1").arg(stmt);
            return false;
        }
        return true;
    }

    /// Every recorded event follows the schema, is the workqueue's and names the queue.
    bool journalValid(QString *why) const
    {
        for (const TraceEvent &e : journal.events()) {
            if (!tracedetail::check(e, why))
                return false;
            if (e.component != QLatin1String("workqueue") ||
                e.detail.value(QLatin1String("queue")).toString() != QLatin1String("q") ||
                !traceKindName(e.kind).startsWith(QLatin1String("workqueue"))) {
                *why = QStringLiteral("not a workqueue event of q: seq %1").arg(e.seq);
                return false;
            }
        }
        return true;
    }
};
} // namespace

class TestWorkqueue : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void script_data();
    void script();
    void basicConcurrency_data();
    void basicConcurrency();
    void garbageCollection();
    void answersInFlightUntilDelivered();
    void metrics();
    void prometheusText();
    void journalLines();
    void timersAreNoClockStops();
};

void TestWorkqueue::script_data()
{
    QTest::addColumn<QString>("queue");
    QTest::addColumn<QString>("script");
    auto row = [](const char *name, const char *queue, const char *script) {
        QTest::newRow(name) << QString::fromUtf8(queue) << QString::fromUtf8(script);
    };
    // A. The basic queue (queue.go)
    row("WQ-01 TestLen", "basic", "add a; len =1; add b; len =2; add a; len =2");
    row("WQ-02 fair: re-adding a queued item does not move it", "basic",
        "add c; add a; add b; add a; get w =c; get w =a; get w =b; len =0");
    row("WQ-04 TestCollapse", "basic",
        "add bar; add bar; touches =1; get w =bar; len =0; done bar; len =0; touches =1");
    row("WQ-05 TestCollapseWhileProcessing", "basic",
        "add foo; get w1 =foo; add foo; add foo; request w2; settle; handed =; len =0; "
        "done foo; settle; handed =w2=foo; processing =foo@w2; done foo; len =0; touches =0; "
        "settle; handed =w2=foo");
    row("WQ-08 Get after ShutDown", "basic",
        "add a; add b; shutdown; get w =a; get w =b; get w =-; request w; settle; ended =w; "
        "add c; len =0; shuttingDown =1");
    row("WQ-10 TestNoQueueDrainageUsingShutDown", "basic",
        "add foo; add bar; get w1 =foo; get w2 =bar; shutdown; shuttingDown =1; drained =0; "
        "processing =bar@w2,foo@w1");
    row("WQ-11 TestForceQueueShutdownUsingShutDown", "basic",
        "add foo; add bar; get w1 =foo; get w2 =bar; drain; drained =0; request w3; settle; "
        "ended =w3; drained =0; shutdown; drained =1; processing =bar@w2,foo@w1");
    // C. The delaying queue (delaying_queue.go)
    row("WQ-16 retries count every AddAfter, zero and negative delays too", "delaying",
        "addAfter x 0; addAfter y -1000; addAfter z 1000; len =2; queued =x,y; retries =3; "
        "shutdown; addAfter w 1000; retries =3; waiting =");
    row("WQ-17 TestSimpleQueue", "delaying",
        "addAfter foo 50; settle; len =0; step 60; len =1; get w =foo; done foo; step 10000; "
        "len =0; step 30; len =0");
    row("WQ-18+WQ-19 TestDeduping", "delaying",
        "addAfter foo 50; addAfter foo 70; settle; len =0; waiting =foo@50; step 60; len =1; "
        "get w =foo; done foo; step 20; len =0; "
        "addAfter foo 50; addAfter foo 30; settle; len =0; waiting =foo@110; step 40; len =1; "
        "get w =foo; done foo; step 20; len =0; waiting =");
    row("WQ-20 TestAddTwoFireEarly", "delaying",
        "addAfter foo 1000; addAfter bar 50; settle; len =0; step 60; len =1; get w =bar; "
        "addAfter baz 2000; waiting =foo@1000,baz@2060; step 1000; len =1; get w =foo; "
        "step 2000; len =1; get w =baz");
    row("WQ-22 AddAfter with no delay adds at once", "delaying",
        "addAfter x 0; len =1; waiting =; kinds =AddAfter,Add");
    row("WQ-23 a plain Add does not cancel a delayed one", "delaying",
        "addAfter x 1000; settle; add x; get w =x; done x; len =0; step 1000; len =1; "
        "get w =x");
    // D. The rate-limiting queue (rate_limiting_queue.go)
    row("WQ-25 TestRateLimitingQueue", "exp(1,1000)",
        "addRL one; addRL one; delays =1,2; requeues one =2; addRL two; addRL two; delays =1,2; "
        "forget one; requeues one =0; addRL one; delays =1; waiting =one@1,two@1");
    // The brief's behaviours the list leaves out.
    row("own: Done queues a dirty item again after ShutDown", "basic",
        "add foo; get w =foo; add foo; dirty =foo; shutdown; done foo; len =1; get w =foo; "
        "done foo; request w; settle; ended =w");
    row("own: TestQueueDrainageUsingShutDownWithDrainWithDirtyItem", "basic",
        "add foo; get w =foo; add foo; drain; drained =0; done foo; drained =1; get w =foo; "
        "done foo; get w =-; request w; settle; ended =w");
    row("own: ShutDownWithDrain with nothing processing is drained at once", "basic",
        "add a; drain; drained =1; len =1; get w =a");
    row("own: ShutDownWithDrain waits for processing, not for the backlog", "basic",
        "add a; add b; get w1 =a; drain; drained =0; done a; drained =1; len =1");
    row("own: waiting workers are served first come, one item each", "basic",
        "request w1; request w2; request w3; settle; handed =; add a; add b; "
        "processing =a@w1,b@w2; handed =; settle; handed =w1=a,w2=b; add c; settle; "
        "handed =w1=a,w2=b,w3=c; len =0");
    row("own: an answer never comes from inside the call", "basic",
        "add a; request w; processing =a@w; handed =; settle; handed =w=a");
    row("own: a worker that asks twice is answered once", "basic",
        "request w; request w; add a; add b; settle; handed =w=a; len =1");
    row("own: ShutDown answers every waiting worker", "basic",
        "request w1; request w2; shutdown; settle; ended =w1,w2");
    row("own: cancelGet of a waiting worker", "basic",
        "request w1; request w2; cancel w1; add a; settle; handed =w2=a; kinds =CancelGet,Add,Get");
    row("own: cancelGet gives an item taken for the worker back", "basic",
        "add a; add b; request w1; cancel w1; settle; handed =; processing =; queued =b,a; "
        "dirty =a,b; depth =2; request w2; settle; handed =w2=b");
    row("own: cancelGet hands a taken item to the next waiting worker", "basic",
        "request w1; request w2; add a; cancel w1; settle; handed =w2=a; processing =a@w2");
    row("own: Done for an item not being processed is refused", "basic",
        "add a; doneRefused a; queued =a; len =1; doneRefused b; len =1");
    row("own: Add while processing is recorded as such", "basic",
        "add a; get w =a; add a; add a; kinds =Add,Get,Add,Add; done a; kinds =Done; queued =a");
    row("own: the waiting heap adds due items in ready order, ties by insertion", "delaying",
        "addAfter c 30; addAfter a 20; addAfter b 20; addAfter d 40; step 35; queued =a,b,c; "
        "waiting =d@40; step 5; queued =a,b,c,d");
    row("own: an earlier AddAfter replaces a waiting entry's time only", "delaying",
        "addAfter a 100; addAfter b 50; addAfter a 10; waiting =a@10,b@50; "
        "kinds =AddAfter,AddAfter,AddAfter; step 10; queued =a; kinds =Ready,Add");
    row("own: a delayed add of a dirty item collapses", "delaying",
        "add x; addAfter x 10; step 10; len =1; adds =1; kinds =Add,AddAfter,Ready,Add");
    row("own: ShutDown drops the waiting items", "delaying",
        "addAfter a 10; addAfter b 20; shutdown; waiting =; step 30; len =0");
    row("own: ShutDownWithDrain drops the waiting items too", "delaying",
        "addAfter a 10; drain; drained =1; waiting =; step 30; len =0");
    row("own: AddRateLimited asks the limiter even after ShutDown", "exp(1,1000)",
        "shutdown; addRL a; requeues a =1; retries =0; waiting =");
    row("own: AddRateLimited's delay is When's", "exp(5,1000)",
        "addRL a; step 5; queued =a; get w =a; addRL a; done a; delays =5,10; step 9; len =0; "
        "step 1; len =1; forget a; requeues a =0; kinds =AddRateLimited,Ready,Add,Get,"
        "AddRateLimited,Done,Ready,Add,Forget");
}

void TestWorkqueue::script()
{
    QFETCH(QString, queue);
    QFETCH(QString, script);
    Harness h(queue);
    for (const QString &s : script.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        QString why;
        QVERIFY2(h.play(s.trimmed(), &why), qPrintable(why));
    }
    QString why;
    QVERIFY2(h.journalValid(&why), qPrintable(why));
}

void TestWorkqueue::basicConcurrency_data()
{
    QTest::addColumn<bool>("drain");
    QTest::newRow("WQ-07 TestBasic, ShutDown") << false;
    QTest::newRow("WQ-07 TestBasic, ShutDownWithDrain") << true;
}

void TestWorkqueue::basicConcurrency()
{
    // Producers add 0..49 fifty times each while consumers ask, get and finish; the event loop
    // interleaves them as goroutines would be. Then the queue is shut down and one more item
    // is added, which no consumer may ever receive.
    QFETCH(bool, drain);
    Harness h(QStringLiteral("basic"));
    const QStringList consumers{QStringLiteral("c1"), QStringLiteral("c2"), QStringLiteral("c3")};
    QStringList received;
    QSet<QString> endedConsumers;
    QObject::connect(h.q.get(), &Queue::itemHandedOut, h.q.get(),
                     [&](const QString &w, const QString &item) {
                         received << item;
                         QMetaObject::invokeMethod(
                             h.q.get(),
                             [&, w, item] {
                                 h.q->done(item);
                                 h.q->requestGet(w);
                             },
                             Qt::QueuedConnection);
                     });
    QObject::connect(h.q.get(), &Queue::getShutDown, h.q.get(),
                     [&](const QString &w) { endedConsumers << w; });
    for (const QString &c : consumers)
        h.q->requestGet(c);
    for (int round = 0; round < 50; ++round) {
        for (int producer = 0; producer < 5; ++producer)
            for (int i = 0; i < 50; ++i)
                if ((i + producer) % 5 == round % 5)
                    h.q->add(QString::number(i));
        settle();
    }
    if (drain)
        h.q->shutDownWithDrain();
    else
        h.q->shutDown();
    h.q->add(QStringLiteral("added after shutdown!"));
    QTRY_COMPARE(endedConsumers.size(), consumers.size());
    QVERIFY(!received.contains(QStringLiteral("added after shutdown!")));
    QVERIFY(received.size() >= 50); // every item at least once
    for (int i = 0; i < 50; ++i)
        QVERIFY(received.contains(QString::number(i)));
    QCOMPARE(h.q->len(), 0);
    QVERIFY(h.q->processing().isEmpty());
    QString why;
    QVERIFY2(h.journalValid(&why), qPrintable(why));
}

void TestWorkqueue::garbageCollection()
{
    // WQ-13 TestGarbageCollection: after Add, Get and Done the queue holds no reference to the
    // item: the caller's string is the only owner of its data again.
    ManualClock clock;
    Queue q({QStringLiteral("gc"), &clock, nullptr, nullptr, 500});
    QString item = QString::number(123456789).repeated(3); // heap data, not a literal
    q.add(item);
    QVERIFY(!item.isDetached()); // the queue holds it
    std::optional<QString> got = q.tryGet(QStringLiteral("w"));
    QVERIFY(got);
    q.done(*got);
    got.reset();
    QVERIFY(item.isDetached()); // storage slot, dirty, processing and add times let it go
}

void TestWorkqueue::answersInFlightUntilDelivered()
{
    // An item taken for a waiting worker reaches it on the next event-loop turn; until then the
    // queue says an answer is in flight (Session::informersBusy holds exact pacing's clock on
    // it, so a worker is busy before the scenario's next step).
    Harness h(QStringLiteral("basic"));
    Queue &q = *h.q;
    q.requestGet(QStringLiteral("w1"));
    QVERIFY(!q.hasAnswersInFlight()); // waiting, nothing taken
    q.add(QStringLiteral("a"));
    QVERIFY(q.hasAnswersInFlight());
    QVERIFY(h.handed.isEmpty());
    settle();
    QCOMPARE(h.handed, QStringList{QStringLiteral("w1=a")});
    QVERIFY(!q.hasAnswersInFlight());
    q.requestGet(QStringLiteral("w1"));
    q.shutDown();
    QVERIFY(q.hasAnswersInFlight()); // the "shut down" answer
    settle();
    QVERIFY(!q.hasAnswersInFlight());
    QCOMPARE(h.ended, QStringList{QStringLiteral("w1")});
}

void TestWorkqueue::metrics()
{
    // WQ-14 TestMetrics, in ms where upstream steps microseconds: 50 µs → 50 ms, 25 µs → 25 ms;
    // the ticker period and its step stay 1 ms.
    Harness h(QStringLiteral("basic"), 1);
    Queue &q = *h.q;
    const Metrics &m = q.metrics();
    q.add(QStringLiteral("foo"));
    QCOMPARE(m.addsTotal, 1u);
    QCOMPARE(m.depth, 1);
    h.clock.advance(50);
    settle();
    QCOMPARE(q.tryGet(QStringLiteral("w")).value_or(QString()), QStringLiteral("foo"));
    QCOMPARE(m.queueDurationSeconds.count, 1u);
    QCOMPARE(m.queueDurationSeconds.sum, 0.05);
    for (int i = 0; i < 5; ++i)
        q.add(QStringLiteral("foo"));
    QCOMPARE(m.addsTotal, 2u);
    QCOMPARE(m.depth, 1);
    QCOMPARE(q.len(), 0);
    h.clock.advance(25);
    settle();
    q.done(QStringLiteral("foo"));
    QCOMPARE(m.workDurationSeconds.count, 1u);
    QCOMPARE(m.workDurationSeconds.sum, 0.025);
    QCOMPARE(m.depth, 1);
    QCOMPARE(q.tryGet(QStringLiteral("w")).value_or(QString()), QStringLiteral("foo"));
    QCOMPARE(m.queueDurationSeconds.count, 2u);
    QCOMPARE(m.queueDurationSeconds.sum - 0.05, 0.025); // the second observation
    QCOMPARE(m.depth, 0);
    h.clock.advance(1);
    settle();
    QCOMPARE(m.unfinishedWorkSeconds, 0.001);
    QCOMPARE(m.longestRunningProcessorSeconds, 0.001);
    q.done(QStringLiteral("foo"));
    QCOMPARE(m.workDurationSeconds.count, 2u);
    QCOMPARE(m.workDurationSeconds.sum - 0.025, 0.001);
    // Buckets are cumulative: 0.001 s is in le=0.001 and above, 0.025 s from le=0.1 on.
    QCOMPARE(m.workDurationSeconds.bucketCounts.value(5), 1u); // le=0.001
    QCOMPARE(m.workDurationSeconds.bucketCounts.value(7), 2u); // le=0.1
    QCOMPARE(m.workDurationSeconds.bucketCounts.value(4), 0u); // le=9.999999999999999e-05
    // Nothing in flight: the next tick sets both gauges to 0; after ShutDown no tick comes.
    h.clock.advance(1);
    settle();
    QCOMPARE(m.unfinishedWorkSeconds, 0.0);
    q.add(QStringLiteral("bar"));
    q.tryGet(QStringLiteral("w"));
    q.shutDown();
    h.clock.advance(5);
    settle();
    QCOMPARE(m.unfinishedWorkSeconds, 0.0);
}

void TestWorkqueue::prometheusText()
{
    Harness h(QStringLiteral("exp(1,1000)"), 0);
    RateLimitingQueue &q = *h.rq;
    q.add(QStringLiteral("a"));
    h.clock.advance(50);
    q.tryGet(QStringLiteral("w"));
    q.addRateLimited(QStringLiteral("a"));
    const QString text = q.metrics().toPrometheusText(QStringLiteral("claims \"x\""));
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const char *line : {
             "# HELP workqueue_depth [BETA] Current depth of workqueue",
             "# TYPE workqueue_depth gauge",
             "workqueue_depth{name=\"claims \\\"x\\\"\"} 0",
             "workqueue_adds_total{name=\"claims \\\"x\\\"\"} 1",
             "# TYPE workqueue_queue_duration_seconds histogram",
             "workqueue_queue_duration_seconds_bucket{name=\"claims \\\"x\\\"\",le=\"1e-08\"} 0",
             "workqueue_queue_duration_seconds_bucket{name=\"claims "
             "\\\"x\\\"\",le=\"9.999999999999999e-06\"} 0",
             "workqueue_queue_duration_seconds_bucket{name=\"claims \\\"x\\\"\",le=\"0.1\"} 1",
             "workqueue_queue_duration_seconds_bucket{name=\"claims \\\"x\\\"\",le=\"10\"} 1",
             "workqueue_queue_duration_seconds_bucket{name=\"claims \\\"x\\\"\",le=\"+Inf\"} 1",
             "workqueue_queue_duration_seconds_sum{name=\"claims \\\"x\\\"\"} 0.05",
             "workqueue_queue_duration_seconds_count{name=\"claims \\\"x\\\"\"} 1",
             "workqueue_work_duration_seconds_count{name=\"claims \\\"x\\\"\"} 0",
             "# TYPE workqueue_unfinished_work_seconds gauge",
             "workqueue_longest_running_processor_seconds{name=\"claims \\\"x\\\"\"} 0",
             "# TYPE workqueue_retries_total counter",
             "workqueue_retries_total{name=\"claims \\\"x\\\"\"} 1",
         })
        QVERIFY2(lines.contains(QString::fromUtf8(line)), line);
    QCOMPARE(lines.filter(QStringLiteral("# HELP ")).size(), 7);
    const QJsonObject json = q.metrics().toJson();
    QCOMPARE(json.size(), 7);
    QCOMPARE(json.value(QLatin1String("workqueue_retries_total")).toInteger(), 1);
    QCOMPARE(json.value(QLatin1String("workqueue_queue_duration_seconds"))
                 .toObject()
                 .value(QLatin1String("count"))
                 .toInteger(),
             1);
}

void TestWorkqueue::journalLines()
{
    // The fields views read, on one AddRateLimited that met a waiting entry.
    Harness h(QStringLiteral("maxof(exp(5,1000),bucket(10,100))"));
    h.q->add(QStringLiteral("a"), QStringLiteral("enqueueClaim: add"));
    h.rq->addRateLimited(QStringLiteral("b"), QStringLiteral("retry"));
    h.rq->addRateLimited(QStringLiteral("b"), QStringLiteral("retry"));
    const auto &ev = h.journal.events();
    QCOMPARE(ev.size(), size_t(3));
    QCOMPARE(ev[0].key, QStringLiteral("a"));
    QCOMPARE(ev[0].detail.value(QLatin1String("reason")).toString(),
             QStringLiteral("enqueueClaim: add"));
    QCOMPARE(ev[0].detail.value(QLatin1String("depth")).toInteger(), 1);
    QVERIFY(ev[0].informer.isEmpty());
    const TraceEvent &second = ev[2];
    QCOMPARE(second.kind, TraceKind::WorkqueueAddRateLimited);
    QCOMPARE(second.detail.value(QLatin1String("delayMs")).toInteger(), 10);
    QCOMPARE(second.detail.value(QLatin1String("limiter")).toString(),
             QStringLiteral("ItemExponentialFailure"));
    QCOMPARE(second.detail.value(QLatin1String("failures")).toInteger(), 2);
    QCOMPARE(second.detail.value(QLatin1String("readyAtMs")).toInteger(), 5); // kept earlier
    QCOMPARE(second.detail.value(QLatin1String("dedup")).toString(),
             QStringLiteral("kept earlier"));
    QString why;
    QVERIFY2(h.journalValid(&why), qPrintable(why));
}

void TestWorkqueue::timersAreNoClockStops()
{
    // The heartbeat and the metrics tick never make a scenario's clock stop (nothing to see
    // there); the head entry's timer does, at the item's ready time.
    ManualClock clock;
    RateLimitingQueue q({QStringLiteral("q"), &clock, nullptr, nullptr, 500},
                        defaultControllerRateLimiter(&clock));
    QCOMPARE(clock.nextTimerDueMs(), -1);
    q.addRateLimited(QStringLiteral("a"));
    QCOMPARE(clock.nextTimerDueMs(), 5);
    clock.advance(5);
    settle();
    QCOMPARE(q.len(), 1);
    QCOMPARE(clock.nextTimerDueMs(), -1);
}

QTEST_GUILESS_MAIN(TestWorkqueue)
#include "tst_workqueue.moc"
