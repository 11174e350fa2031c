// SPDX-License-Identifier: Apache-2.0
// Reflector WatchList mode against clientgo-cases.md §5 (WL-*) and spec §3.6, over the in-memory
// FakeListerWatcher. Requests are written as in tst_reflector; a watch-list request reads
//   "watch rv=<rv> sendInitialEvents match=NotOlderThan"
// (sendInitialEvents=true, resourceVersionMatch=NotOlderThan, allowWatchBookmarks=true and
// timeoutSeconds in [300, 600) — anything else is spelled out by describeWatch).
// A BOOKMARK "@5 end" carries the annotation k8s.io/initial-events-end: "true".

#include "fakelisterwatcher.h"
#include "informer/reflector.h"
#include "informer/sharedinformer.h"
#include "pendingevents.h"
#include "trace/journal.h"
#include "trace/tracedetail.h"

#include <QTest>

using namespace lens;
using namespace lens::test;

namespace {

ListReply reply(const QString &spec)
{
    // "ok rv=5 items=a@5,b@5" or an error name
    if (!spec.startsWith(QLatin1String("ok ")))
        return errorReply(namedError(spec));
    const QString rv = spec.section(QLatin1Char(' '), 1, 1).mid(3);
    const QString items = spec.section(QLatin1Char(' '), 2, 2).mid(6);
    return okReply(objsFromSpec(items), rv);
}

/// Every event the harnesses of a test function journaled, checked against the journal's detail
/// schema in cleanup().
std::vector<TraceEvent> g_journaled;

struct Harness {
    ManualClock clock;
    Journal journal{&clock};
    FakeListerWatcher lw;
    RecordingStore store;
    Reflector reflector;
    QList<ApiStatus> handlerErrors;
    Harness() : reflector(&lw, &store, &journal, &clock)
    {
        lw.clock = &clock;
        reflector.setSeed(7);
        // a short backoff, as client-go's tests inject one
        reflector.setBackoffParams(Backoff::Params{1, 50, 100, 2.0, 1.0});
        reflector.setUseWatchList(true);
        reflector.setWatchErrorHandler([this](const ApiStatus &s) { handlerErrors << s; });
    }
    ~Harness()
    {
        g_journaled.insert(g_journaled.end(), journal.events().begin(), journal.events().end());
    }
    /// "cause" of every listStarted, in order.
    QStringList listCauses() const
    {
        QStringList out;
        for (const TraceEvent &e : journal.events()) {
            if (e.kind == TraceKind::ListStarted)
                out << e.detail.value(QLatin1String("cause")).toString();
        }
        return out;
    }
    QString fallbackReason() const
    {
        for (const TraceEvent &e : journal.events()) {
            if (e.kind == TraceKind::ListStarted &&
                e.detail.value(QLatin1String("cause")).toString() == QLatin1String("fallback"))
                return e.detail.value(QLatin1String("fallbackReason")).toString();
        }
        return {};
    }
};

const char *const WL = "watch rv= sendInitialEvents match=NotOlderThan";
constexpr int kBackoffWaitMs = 6000;

} // namespace

class TestWatchList : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void watchList_data();
    void watchList();
    void informerWithWatchList();
    void setUseWatchListAfterStart();
};

void TestWatchList::watchList_data()
{
    QTest::addColumn<bool>("useWatchList");
    QTest::addColumn<int>("bookmarkTimeoutMs");
    QTest::addColumn<QStringList>("replies");
    QTest::addColumn<QStringList>("watches");
    QTest::addColumn<QStringList>("expectedRequests");
    QTest::addColumn<QStringList>("expectedStore"); // sorted key@rv
    QTest::addColumn<QStringList>("expectedCalls"); // RecordingStore calls
    QTest::addColumn<QString>("lastSyncRv");
    QTest::addColumn<QStringList>("listCauses");
    QTest::addColumn<QString>("fallbackReason"); // substring; "" = no fallback

    const QStringList none;
    QTest::newRow("WL-01 not synced without the initial-events-end bookmark")
        << true << 0 << none << L({"ADDED p1@1"}) << L({WL}) << none << none << QString() << none
        << QString();
    QTest::newRow("WL-02 UseWatchList off: LIST then WATCH")
        << false << 0 << L({"ok rv=1 items=p1@1"}) << none
        << L({"list rv=0 limit=500", "watch rv=1"}) << L({"p1@1"}) << L({"replace 1 rv=1"})
        << QStringLiteral("1") << L({"initial"}) << QString();
    QTest::newRow("WL-04 synced by the bookmark: one request, store replaced at its RV")
        << true << 0 << none << L({"ADDED p1@1;ADDED p2@2;BOOKMARK @2 end"}) << L({WL})
        << L({"p1@1", "p2@2"}) << L({"replace 2 rv=2"}) << QStringLiteral("2") << none << QString();
    QTest::newRow("WL-05 MODIFIED and DELETED during streaming apply to the temporary store")
        << true << 0 << none
        << L({"ADDED p1@1;ADDED p2@2;MODIFIED p1@3;ADDED p3@4;DELETED p3@5;BOOKMARK @5 end"})
        << L({WL}) << L({"p1@3", "p2@2"}) << L({"replace 2 rv=5"}) << QStringLiteral("5") << none
        << QString();
    QTest::newRow("WL-07 stream closed before the bookmark: a new watch-list, clean state")
        << true << 0 << none << L({"ADDED p1@1;ADDED p9@1;end", "ADDED p1@1;BOOKMARK @1 end"})
        << L({WL, WL}) << L({"p1@1"}) << L({"replace 1 rv=1"}) << QStringLiteral("1") << none
        << QString();
    QTest::newRow("WL-08 after the bookmark the stream goes on; its end re-watches normally")
        << true << 0 << none
        << L({"ADDED p1@1;ADDED p2@2;BOOKMARK @2 end;ADDED p3@3;end", "ADDED p4@4"})
        << L({WL, "watch rv=3"}) << L({"p1@1", "p2@2", "p3@3", "p4@4"})
        << L({"replace 2 rv=2", "add p3@3", "add p4@4"}) << QStringLiteral("4") << none
        << QString();
    QTest::newRow("WL-10 a bookmark annotated \"false\" does not complete the list")
        << true << 0 << none << L({"ADDED p1@1;BOOKMARK @1 end=false"}) << L({WL}) << none << none
        << QString() << none << QString();
    QTest::newRow("WL-03 server without watch-list (422): fallback to LIST+WATCH")
        << true << 0 << L({"ok rv=5 items=p1@5"}) << L({"fail 422"})
        << L({WL, "list rv=0 limit=500", "watch rv=5"}) << L({"p1@5"}) << L({"replace 1 rv=5"})
        << QStringLiteral("5") << L({"fallback"})
        << QStringLiteral("watch-list request failed: 422");
    QTest::newRow("spec 3.6 ERROR event (500) while streaming: fallback")
        << true << 0 << L({"ok rv=5 items=p1@5"}) << L({"ADDED p1@1;ERROR 500"})
        << L({WL, "list rv=0 limit=500", "watch rv=5"}) << L({"p1@5"}) << L({"replace 1 rv=5"})
        << QStringLiteral("5") << L({"fallback"}) << QStringLiteral("watch-list ERROR event: 500");
    QTest::newRow("spec 3.6 very short watch-list (<1 s, no events): fallback")
        << true << 0 << L({"ok rv=5 items=p1@5"}) << L({"end"})
        << L({WL, "list rv=0 limit=500", "watch rv=5"}) << L({"p1@5"}) << L({"replace 1 rv=5"})
        << QStringLiteral("5") << L({"fallback"}) << QStringLiteral("very short watch");
    QTest::newRow("bookmark timeout (Informer Lens option): fallback")
        << true << 100 << L({"ok rv=7 items=p1@7"}) << L({"ADDED p1@1"})
        << L({WL, "list rv=0 limit=500", "watch rv=7"}) << L({"p1@7"}) << L({"replace 1 rv=7"})
        << QStringLiteral("7") << L({"fallback"})
        << QStringLiteral("the initial-events-end bookmark did not arrive within 100 ms");
    QTest::newRow("spec 3.6 watch-list answered 429: backoff and retry, no fallback")
        << true << 0 << none << L({"fail 429", "ADDED p1@1;BOOKMARK @1 end"}) << L({WL, WL})
        << L({"p1@1"}) << L({"replace 1 rv=1"}) << QStringLiteral("1") << none << QString();
    QTest::newRow("spec 3.6 watch-list connection refused: backoff and retry")
        << true << 0 << none << L({"fail refused", "ADDED p1@1;BOOKMARK @1 end"}) << L({WL, WL})
        << L({"p1@1"}) << L({"replace 1 rv=1"}) << QStringLiteral("1") << none << QString();
    QTest::newRow("spec 3.6 relist by watch-list at the last RV; 410 there restarts from \"\"")
        << true << 0 << none
        << L({"ADDED p1@1;BOOKMARK @2 end;ERROR 410", "fail 410", "ADDED p1@3;BOOKMARK @3 end"})
        << L({WL, "watch rv=2 sendInitialEvents match=NotOlderThan", WL}) << L({"p1@3"})
        << L({"replace 1 rv=2", "replace 1 rv=3"}) << QStringLiteral("3") << none << QString();
    QTest::newRow("spec 3.6 fallback is per attempt: the next ListAndWatch streams again")
        << true << 0 << L({"ok rv=5 items=p1@5"})
        << L({"fail 422", "ERROR 410", "ADDED p1@6;BOOKMARK @9 end"})
        << L({WL, "list rv=0 limit=500", "watch rv=5",
              "watch rv=5 sendInitialEvents match=NotOlderThan"})
        << L({"p1@6"}) << L({"replace 1 rv=5", "replace 1 rv=9"}) << QStringLiteral("9")
        << L({"fallback"}) << QStringLiteral("422");
}

void TestWatchList::watchList()
{
    QFETCH(bool, useWatchList);
    QFETCH(int, bookmarkTimeoutMs);
    QFETCH(QStringList, replies);
    QFETCH(QStringList, watches);
    QFETCH(QStringList, expectedRequests);
    QFETCH(QStringList, expectedStore);
    QFETCH(QStringList, expectedCalls);
    QFETCH(QString, lastSyncRv);
    QFETCH(QStringList, listCauses);
    QFETCH(QString, fallbackReason);

    Harness h;
    h.reflector.setUseWatchList(useWatchList);
    h.reflector.setWatchListBookmarkTimeoutMs(bookmarkTimeoutMs);
    for (const QString &r : std::as_const(replies))
        h.lw.listScript << reply(r);
    for (const QString &w : std::as_const(watches))
        h.lw.watchScript << watchFromSpec(w);
    h.reflector.run();
    QTRY_COMPARE_WITH_TIMEOUT(h.lw.requests.size(), expectedRequests.size(), kBackoffWaitMs);
    QTRY_COMPARE(h.store.calls, expectedCalls);
    // Nothing else happens in the next 150 ms of Clock time (50 where a bookmark timeout runs):
    // the backoffs that would retry have come due, and ran, when the clock passed them.
    h.clock.advance(bookmarkTimeoutMs > 0 ? 50 : 150);
    runPendingEvents();
    QCOMPARE(h.lw.requests, expectedRequests);
    QCOMPARE(h.store.calls, expectedCalls);
    QCOMPARE(h.store.contents(), expectedStore);
    QCOMPARE(h.reflector.lastSyncResourceVersion(), lastSyncRv);
    QCOMPARE(h.listCauses(), listCauses);
    if (fallbackReason.isEmpty())
        QCOMPARE(h.fallbackReason(), QString());
    else
        QVERIFY2(h.fallbackReason().contains(fallbackReason), qPrintable(h.fallbackReason()));
    // Falling back is not an error ListAndWatch returns: the WatchErrorHandler stays quiet.
    QCOMPARE(h.handlerErrors.size(), 0);
    // Every watch-list request carried client-go's options.
    for (const ListOptions &o : std::as_const(h.lw.watches)) {
        if (!o.sendInitialEvents)
            continue;
        QVERIFY(o.allowWatchBookmarks);
        QCOMPARE(o.resourceVersionMatch, QStringLiteral("NotOlderThan"));
        QVERIFY(o.timeoutSeconds >= 300 && o.timeoutSeconds < 600);
    }
}

void TestWatchList::informerWithWatchList()
{
    ManualClock clock;
    Journal journal(&clock);
    FakeListerWatcher lw;
    lw.clock = &clock;
    SharedIndexInformer informer(&lw, 0, &journal, &clock);
    QCOMPARE(informer.setUseWatchList(true), QString());
    QStringList seen;
    ResourceEventHandler h;
    h.name = QStringLiteral("rec");
    h.onAdd = [&](const Object &o, bool initial) {
        seen << o.name() + (initial ? QStringLiteral(" initial") : QStringLiteral(" later"));
    };
    informer.addEventHandler(h);
    lw.watchScript << watchFromSpec(
        QStringLiteral("ADDED a@1;ADDED b@2;BOOKMARK @2 end;ADDED c@3"));
    informer.run();
    QVERIFY(QTest::qWaitFor([&] { return informer.hasSynced(); }, 5000));
    QTRY_COMPARE(seen, L({"a initial", "b initial", "c later"}));
    QCOMPARE(lw.requests, L({WL}));
    QCOMPARE(informer.lastSyncResourceVersion(), QStringLiteral("3"));
    QVERIFY(lw.lists.isEmpty());
    informer.stop();
}

void TestWatchList::setUseWatchListAfterStart()
{
    ManualClock clock;
    FakeListerWatcher lw;
    lw.clock = &clock;
    SharedIndexInformer informer(&lw, 0, nullptr, &clock);
    lw.listScript << okReply({}, QStringLiteral("1"));
    informer.run();
    QCOMPARE(informer.setUseWatchList(true), QStringLiteral("informer has already started"));
    QVERIFY(!informer.useWatchList());
    informer.stop();
}

void TestWatchList::cleanup()
{
    // Whatever path a test drove the Reflector down, every event follows its kind's schema.
    for (const TraceEvent &e : std::exchange(g_journaled, {})) {
        QString why;
        QVERIFY2(tracedetail::check(e, &why), qPrintable(why));
    }
}

QTEST_GUILESS_MAIN(TestWatchList)
#include "tst_watchlist.moc"
