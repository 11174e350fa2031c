// SPDX-License-Identifier: Apache-2.0
// The Reflector's options and extras against clientgo-cases.md §5, over the in-memory
// FakeListerWatcher (see tst_reflector for the request notation): RF-14 retries of internal
// errors (MaxInternalErrorRetryDuration), RF-11's backoff on a manual clock, minWatchTimeout,
// typeDescription and expectedType (RF-23/RF-24).

#include "informer/deltafifo.h"
#include "reflectorharness.h"
#include "trace/clock.h"
#include "trace/journal.h"
#include "trace/tracedetail.h"

#include <QElapsedTimer>
#include <QTest>
#include <QTimer>

using namespace lens;
using namespace lens::test;

class TestReflectorExtras : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void internalErrorRetry_data();
    void internalErrorRetry();
    void backoffSeedDiffersPerReflector();
    void backoff_data();
    void backoff();
    void retryAfterIsCapped_data();
    void retryAfterIsCapped();
    void minWatchTimeout_data();
    void minWatchTimeout();
    void typeDescription_data();
    void typeDescription();
    void expectedType();
    void longListIsReplacedInSlices();
    void aSliceEndsAfterItsTimeBudget();
};

void TestReflectorExtras::internalErrorRetry_data()
{
    QTest::addColumn<qint64>("maxRetryMs");
    QTest::addColumn<int>("rewindAt"); // watch call at which the clock jumps a minute; 0 = never
    QTest::addColumn<int>("wantRetries");
    QTest::addColumn<QString>("error");

    const QString noLeader = QStringLiteral("etcdserver: no leader");
    QTest::newRow("RF-14 retries off") << qint64(0) << 0 << 0 << noLeader;
    QTest::newRow("RF-14 retries on, all calls fail") << qint64(30000) << 0 << 31 << noLeader;
    QTest::newRow("RF-14 retries on, one call successful (a minute gap resets the deadline)")
        << qint64(30000) << 10 << 40 << noLeader;
    // apierrors.IsInternalError is false for a 500 whose reason is a known
    // one (StorageReadError): the watch is not retried in place, ListAndWatch relists.
    QTest::newRow("a 500 StorageReadError is not an internal error: relist, no retry")
        << qint64(30000) << 0 << 0 << QStringLiteral("storeread");
}

void TestReflectorExtras::internalErrorRetry()
{
    // TestRetryInternalError: every watch yields ERROR 500 InternalError and advances the fake
    // clock by 1 s; internal errors are re-watched in place while within the deadline.
    QFETCH(qint64, maxRetryMs);
    QFETCH(int, rewindAt);
    QFETCH(int, wantRetries);
    QFETCH(QString, error);
    Harness h;
    h.reflector.setMaxInternalErrorRetryDurationMs(maxRetryMs);
    h.lw.listScript << okReply({}, QStringLiteral("1"));
    int counter = 0;
    h.lw.onWatch = [&](const ListOptions &) {
        ++counter;
        if (counter == rewindAt)
            h.clock.advance(60000);
        h.clock.advance(1000);
    };
    for (int i = 0; i < 60; ++i)
        h.lw.watchScript << watchFromSpec(QStringLiteral("ERROR ") + error);
    h.reflector.run();
    // ListAndWatch returns once the errors are no longer retried; Run then relists (that list
    // is never answered, so no further watch follows).
    QTRY_COMPARE_WITH_TIMEOUT(h.lw.lists.size(), 2, 10000);
    QCOMPARE(counter - 1, wantRetries); // every earlier error was re-watched in place
    h.reflector.stop();
}

// client-go's backoff jitter comes from a randomly seeded source; each
// reflector draws its own seed unless a scenario fixes it (setSeed).
void TestReflectorExtras::backoffSeedDiffersPerReflector()
{
    ManualClock clock;
    FakeListerWatcher lw;
    RecordingStore store;
    Reflector a(&lw, &store, nullptr, &clock);
    Reflector b(&lw, &store, nullptr, &clock);
    QVERIFY(a.seed() != b.seed());
    a.setSeed(7);
    QCOMPARE(a.seed(), quint32(7));
}

void TestReflectorExtras::backoff_data()
{
    // TestReflectorListAndWatchInitConnBackoff's manager: 1 ms initial, 50 ms cap, reset after
    // 100 ms, factor 2, jitter 1 (each wait in [d, 2d]); the clock moves by each wait.
    QTest::addColumn<int>("waits");
    QTest::addColumn<qint64>("low");
    QTest::addColumn<qint64>("high");
    QTest::newRow("RF-11 5 connection failures: exponential, 1+2+4+8+16 ms plus jitter")
        << 5 << qint64(31) << qint64(62);
    QTest::newRow("RF-11 40 connection failures: capped at 50 ms (plus jitter) per wait")
        << 40 << qint64(63 + 34 * 50) << qint64(2 * (63 + 34 * 50));
}

void TestReflectorExtras::backoff()
{
    QFETCH(int, waits);
    QFETCH(qint64, low);
    QFETCH(qint64, high);
    for (quint32 seed = 1; seed <= 5; ++seed) {
        ManualClock clock;
        Backoff b(&clock, Backoff::Params{1, 50, 100, 2.0, 1.0}, seed);
        qint64 total = 0;
        for (int i = 0; i < waits; ++i) {
            const qint64 d = b.next();
            QVERIFY(d <= 100);
            clock.advance(d);
            total += d;
        }
        QVERIFY2(total >= low && total <= high, qPrintable(QString::number(total)));
    }
    // the reflector's default: 800 ms initial (first wait in [800, 1600]), starting over after
    // more than 2 minutes without a backoff
    ManualClock clock;
    Backoff b(&clock);
    const qint64 first = b.next();
    QVERIFY(first >= 800 && first <= 1600);
    clock.advance(1000);
    const qint64 second = b.next();
    QVERIFY(second >= 1600 && second <= 3200);
    clock.advance(120001);
    const qint64 reset = b.next();
    QVERIFY(reset >= 800 && reset <= 1600);
}

void TestReflectorExtras::retryAfterIsCapped_data()
{
    QTest::addColumn<int>("asked");    // the server's Retry-After, seconds
    QTest::addColumn<qint64>("delay"); // the backoff journaled, ms
    QTest::addColumn<int>("cap");      // retryAfterCapSeconds journaled (0 = absent)
    QTest::newRow("5 s is honoured as it is") << 5 << qint64(5000) << 0;
    QTest::newRow("30 s, the ceiling, as it is") << 30 << qint64(30000) << 0;
    QTest::newRow("99999 s (27.8 h) waits 30 s, the backoff's ceiling")
        << 99999 << qint64(30000) << 30;
}

// A 429 on watch with Retry-After waits max(backoff, Retry-After), the Retry-After capped at
// Reflector::kMaxRetryAfterSeconds; the journal keeps what the server asked and the cap.
void TestReflectorExtras::retryAfterIsCapped()
{
    QFETCH(int, asked);
    QFETCH(qint64, delay);
    QFETCH(int, cap);
    ManualClock clock;
    Journal journal(&clock);
    FakeListerWatcher lw;
    lw.clock = &clock;
    RecordingStore store;
    Reflector reflector(&lw, &store, &journal, &clock);
    reflector.setSeed(42);
    reflector.setBackoffParams(Backoff::Params{1, 50, 100, 2.0, 1.0});
    lw.listScript << okReply({}, QStringLiteral("1"));
    WatchScript w = watchFromSpec(QStringLiteral("fail 429"));
    w.endStatus.retryAfterSeconds = asked;
    lw.watchScript << w;
    reflector.run();
    const auto backoff = [&journal]() -> const TraceEvent * {
        for (const TraceEvent &e : journal.events())
            if (e.kind == TraceKind::Backoff)
                return &e;
        return nullptr;
    };
    QTRY_VERIFY(backoff());
    const TraceEvent *e = backoff();
    QCOMPARE(e->detail.value(QLatin1String("delayMs")).toInteger(), delay);
    QCOMPARE(e->detail.value(QLatin1String("retryAfterSeconds")).toInt(), asked);
    QCOMPARE(e->detail.value(QLatin1String("retryAfterCapSeconds")).toInt(), cap);
    QCOMPARE(e->detail.contains(QLatin1String("retryAfterCapSeconds")), cap > 0);
    QString why;
    QVERIFY2(tracedetail::check(*e, &why), qPrintable(why));
    // The watch is retried after that delay on the clock, not before.
    clock.advance(delay - 1);
    QCoreApplication::processEvents();
    QCOMPARE(lw.watches.size(), 1);
    clock.advance(1);
    QTRY_COMPARE(lw.watches.size(), 2);
    reflector.stop();
}

void TestReflectorExtras::minWatchTimeout_data()
{
    QTest::addColumn<int>("minWatchTimeout"); // seconds; 0 = unset
    QTest::addColumn<int>("low");
    QTest::addColumn<int>("high"); // exclusive
    QTest::newRow("RF-25 MinWatchTimeout unset: [300, 600)") << 0 << 300 << 600;
    QTest::newRow("RF-25 MinWatchTimeout 1 s is below the default: [300, 600)") << 1 << 300 << 600;
    QTest::newRow("RF-25 MinWatchTimeout 30 min: [1800, 3600)") << 1800 << 1800 << 3600;
}

void TestReflectorExtras::minWatchTimeout()
{
    QFETCH(int, minWatchTimeout);
    QFETCH(int, low);
    QFETCH(int, high);
    for (quint32 seed = 1; seed <= 5; ++seed) {
        Harness h;
        h.reflector.setSeed(seed);
        if (minWatchTimeout > 0)
            h.reflector.setMinWatchTimeoutSeconds(minWatchTimeout);
        h.lw.listScript << okReply({}, QStringLiteral("1"));
        h.reflector.run();
        QTRY_COMPARE(h.lw.watches.size(), 1);
        const int t = h.lw.watches.first().timeoutSeconds;
        QVERIFY2(t >= low && t < high, qPrintable(QString::number(t)));
        h.reflector.stop();
    }
}

void TestReflectorExtras::typeDescription_data()
{
    QTest::addColumn<QString>("apiVersion");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("expected");

    QTest::newRow("RF-23 no expected type")
        << QString() << QString() << QStringLiteral("<unspecified>");
    QTest::newRow("RF-23 unstructured without GVK")
        << QStringLiteral("v1") << QString() << QStringLiteral("*unstructured.Unstructured");
    QTest::newRow("RF-23 unstructured with GVK mygroup/v1 MyKind")
        << QStringLiteral("mygroup/v1") << QStringLiteral("MyKind")
        << QStringLiteral("mygroup/v1, Kind=MyKind");
    QTest::newRow("RF-23 core group prints an empty group (GroupVersionKind.String)")
        << QStringLiteral("v1") << QStringLiteral("Pod") << QStringLiteral("/v1, Kind=Pod");
}

void TestReflectorExtras::typeDescription()
{
    QFETCH(QString, apiVersion);
    QFETCH(QString, kind);
    QFETCH(QString, expected);
    QCOMPARE(Reflector::typeDescription(apiVersion, kind), expected);
    Harness h;
    h.reflector.setExpectedType(apiVersion, kind);
    QCOMPARE(h.reflector.typeDescription(), expected);
}

void TestReflectorExtras::expectedType()
{
    // RF-24 / RF-07 (rejected wrong type): with an expected GVK, events of another apiVersion or
    // kind are skipped and do not move the resourceVersion.
    auto typed = [](const QString &apiVersion, const QString &kind, const QString &name,
                    const QString &rv) {
        QJsonObject meta;
        meta.insert(QStringLiteral("name"), name);
        meta.insert(QStringLiteral("resourceVersion"), rv);
        QJsonObject json;
        json.insert(QStringLiteral("apiVersion"), apiVersion);
        json.insert(QStringLiteral("kind"), kind);
        json.insert(QStringLiteral("metadata"), meta);
        return Object::fromJson(json);
    };
    const QString gv = QStringLiteral("mygroup/v1");
    const QString k = QStringLiteral("MyKind");
    Harness h;
    h.reflector.setExpectedType(gv, k);
    h.lw.listScript << okReply({}, QStringLiteral("1"));
    WatchScript w;
    w.events << watchEvent(WatchEvent::Type::Added,
                           typed(gv, k, QStringLiteral("a"), QStringLiteral("2")))
             << watchEvent(WatchEvent::Type::Added,
                           typed(gv, QStringLiteral("Service"), QStringLiteral("rejected"),
                                 QStringLiteral("3")))
             << watchEvent(WatchEvent::Type::Added,
                           typed(QStringLiteral("mygroup/v2"), k, QStringLiteral("v2"),
                                 QStringLiteral("4")));
    h.lw.watchScript << w;
    h.reflector.run();
    QTRY_COMPARE_WITH_TIMEOUT(h.lw.eventsDelivered, 3, 5000);
    QCOMPARE(h.store.contents(), QStringList{QStringLiteral("a@2")});
    QCOMPARE(h.reflector.lastSyncResourceVersion(), QStringLiteral("2"));
    h.reflector.stop();
}

void TestReflectorExtras::longListIsReplacedInSlices()
{
    // A LIST longer than replaceSliceItems() goes to the DeltaFIFO one slice per event-loop
    // turn (the window stays live during a 150 000-pod Replace): between slices Pop pops
    // nothing and no watch is asked for, and the queue ends as after one Replace.
    ManualClock clock;
    FakeListerWatcher lw;
    Indexer indexer;
    indexer.updateByKey(QStringLiteral("z"), objFromSpec(QStringLiteral("z@1")));
    DeltaFIFO::Options o;
    o.knownObjects = &indexer;
    o.emitDeltaTypeReplaced = true;
    DeltaFIFO fifo(o);
    Reflector r(&lw, &fifo, nullptr, &clock);
    r.setSeed(7);
    r.setReplaceSliceItems(2);
    lw.listScript << okReply(objsFromSpec(QStringLiteral("a@5,b@5,c@5,d@5,e@5")),
                             QStringLiteral("5"));
    lw.watchScript << watchFromSpec(QStringLiteral("MODIFIED a@6"));
    int turnsWhileReplacing = 0;
    bool poppedWhileReplacing = false, syncedWhileReplacing = false;
    qsizetype requestsWhileReplacing = 0;
    QTimer turn; // ticks once per event-loop turn
    turn.setInterval(0);
    connect(&turn, &QTimer::timeout, this, [&] {
        if (!fifo.replacing())
            return;
        ++turnsWhileReplacing;
        poppedWhileReplacing = poppedWhileReplacing || fifo.pop({}).popped;
        syncedWhileReplacing = syncedWhileReplacing || fifo.hasSynced();
        requestsWhileReplacing = qMax(requestsWhileReplacing, lw.requests.size());
    });
    turn.start();
    r.run();
    QTRY_COMPARE(lw.eventsDelivered, 1);
    turn.stop();
    QVERIFY(turnsWhileReplacing >= 1);
    QVERIFY(!poppedWhileReplacing);
    QVERIFY(!syncedWhileReplacing);
    QCOMPARE(requestsWhileReplacing, 1); // the list; the watch only after the last slice
    QCOMPARE(lw.requests, L({"list rv=0 limit=500", "watch rv=5"}));
    QStringList popped;
    for (PopResult p = fifo.pop({}); p.popped; p = fifo.pop({})) {
        QStringList parts;
        for (const Delta &d : p.deltas)
            parts << d.describe(p.key);
        popped << parts.join(QStringLiteral(", "));
    }
    QCOMPARE(popped, L({"Replaced a@5, Updated a@6", "Replaced b@5", "Replaced c@5", "Replaced d@5",
                        "Replaced e@5", "Deleted Tomb(z, z@1)"}));
}

void TestReflectorExtras::aSliceEndsAfterItsTimeBudget()
{
    // On a real-time clock a slice also ends after kReplaceSliceMs: with a transformer that
    // spends 60 µs an object, every chunk of kReplaceChunkItems objects outlasts the budget,
    // so no turn queues more than two chunks (a pass of the event loop may run two posted
    // slices), far fewer than the 600 objects replaceSliceItems() allows.
    static_assert(Reflector::kReplaceChunkItems * 60 / 1000 > Reflector::kReplaceSliceMs);
    SteadyClock clock;
    FakeListerWatcher lw;
    DeltaFIFO::Options o;
    o.transformer = [](const Object &obj, QString *) {
        QElapsedTimer spin; // the transform's work, in real time as the budget counts it
        spin.start();
        while (spin.nsecsElapsed() < 60000) {
        }
        return obj;
    };
    DeltaFIFO fifo(o);
    Reflector r(&lw, &fifo, nullptr, &clock);
    r.setReplaceSliceItems(600);
    QStringList specs;
    for (int i = 0; i < 1000; ++i)
        specs << QStringLiteral("p%1@5").arg(i);
    lw.listScript << okReply(objsFromSpec(specs.join(QLatin1Char(','))), QStringLiteral("5"));
    qsizetype last = 0, largestTurn = 0;
    int turnsWhileReplacing = 0;
    QTimer turn; // ticks once per event-loop turn
    turn.setInterval(0);
    connect(&turn, &QTimer::timeout, this, [&] {
        const qsizetype now = fifo.size();
        largestTurn = qMax(largestTurn, now - last);
        last = now;
        turnsWhileReplacing += fifo.replacing() ? 1 : 0;
    });
    turn.start();
    r.run();
    QTRY_VERIFY(!lw.requests.isEmpty() && !fifo.replacing() && fifo.size() == 1000);
    turn.stop();
    QVERIFY(turnsWhileReplacing >= 2);
    QVERIFY2(largestTurn <= 2 * Reflector::kReplaceChunkItems,
             qPrintable(QString::number(largestTurn)));
    r.stop();
}

QTEST_GUILESS_MAIN(TestReflectorExtras)
#include "tst_reflector_extras.moc"
