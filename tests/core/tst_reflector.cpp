// SPDX-License-Identifier: Apache-2.0
// Reflector against clientgo-cases.md §4 (pager) and §5 (reflector), spec §3, over the in-memory
// FakeListerWatcher. Assertions are on the recorded ListOptions of every request, written as
//   "list rv=<resourceVersion> limit=<limit>[ continue=<token>]"  and  "watch rv=<rv>"
// (a watch line also says "no-bookmarks" / "timeout=N" when those are not client-go's
// allowWatchBookmarks=true and timeoutSeconds in [300, 600)).
//
// Time: the reflector's "very short watch" check reads a ManualClock, which only moves when a
// script says so; the backoff between ListAndWatch attempts is a real QTimer, injected short
// here (1 ms initial, 50 ms cap, as client-go's own tests inject a fake BackoffManager), so rows
// that need one wait with QTRY_*.
//
// RF-11's elapsed-time ranges (backoff()), RF-14's internal-error retries, minWatchTimeout,
// typeDescription and expectedType are in tst_reflector_extras; WL-* in tst_watchlist.

#include "fakelisterwatcher.h"
#include "informer/deltafifo.h"
#include "informer/reflector.h"
#include "pendingevents.h"
#include "reflectorharness.h"

#include <QSignalSpy>
#include <QTest>

using namespace lens;
using namespace lens::test;

namespace {

/// "ok rv=10 n=4 prefix=a cont=C1" (n pods named <prefix>0.. at that rv) or an error name.
ListReply replyFromSpec(const QString &spec)
{
    const QStringList w = spec.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (w.value(0) != QLatin1String("ok"))
        return errorReply(namedError(w.value(0)));
    QString rv, prefix = QStringLiteral("p"), cont;
    int n = 0;
    for (const QString &kv : w.mid(1)) {
        const QString k = kv.section(QLatin1Char('='), 0, 0);
        const QString v = kv.section(QLatin1Char('='), 1);
        if (k == QLatin1String("rv"))
            rv = v;
        else if (k == QLatin1String("n"))
            n = v.toInt();
        else if (k == QLatin1String("prefix"))
            prefix = v;
        else if (k == QLatin1String("cont"))
            cont = v;
    }
    QList<Object> items;
    for (int i = 0; i < n; ++i)
        items << pod(prefix + QString::number(i), rv);
    return okReply(items, rv, cont);
}

} // namespace

class TestReflector : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void watchEvents_data();
    void watchEvents();
    void relist_data();
    void relist();
    void pager_data();
    void pager();
    void pagedListKeepsTheFirstPagesResourceVersion();
    void watchRestart_data();
    void watchRestart();
    void listAndWatchSequence_data();
    void listAndWatchSequence();
    void stop_data();
    void stop();
    void resync_data();
    void resync();
    void resyncError_data();
    void resyncError();
    void deltaFifoAsStore_data();
    void deltaFifoAsStore();
};

void TestReflector::watchEvents_data()
{
    QTest::addColumn<QString>("list"); // "ok rv=.. n=.." style is not used here: items + rv
    QTest::addColumn<QString>("listRv");
    QTest::addColumn<QStringList>("events");
    QTest::addColumn<QStringList>("rvTrail"); // lastSyncResourceVersion after each event
    QTest::addColumn<QStringList>("storeCalls");
    QTest::addColumn<QStringList>("contents");

    QTest::newRow("RF-07 watch handler: metadata-less event skipped, RV of the last event")
        << QStringLiteral("foo@1,bar@1") << QStringLiteral("1")
        << L({"ADDED nometa", "DELETED foo@60", "MODIFIED bar@55", "ADDED baz@32"})
        << L({"1", "60", "55", "32"})
        << L({"replace 2 rv=1", "delete foo@60", "update bar@55", "add baz@32"})
        << L({"bar@55", "baz@32"});
    QTest::newRow("RF-07 metadata-less BOOKMARK is skipped too (meta.Accessor fails)")
        << QString() << QStringLiteral("5") << L({"ADDED a@6", "BOOKMARK nometa", "ADDED b@7"})
        << L({"6", "6", "7"}) << L({"replace 0 rv=5", "add a@6", "add b@7"}) << L({"a@6", "b@7"});
    QTest::newRow("RF-26 resource version update, bookmark moves RV without store change")
        << QString() << QStringLiteral("10")
        << L({"ADDED a@10", "MODIFIED a@20", "BOOKMARK @30", "DELETED a@40"})
        << L({"10", "20", "30", "40"})
        << L({"replace 0 rv=10", "add a@10", "update a@20", "delete a@40"}) << QStringList();
    QTest::newRow("RF-26 unknown event type still advances the RV (spec 3.3)")
        << QString() << QStringLiteral("10") << L({"UNKNOWN a@77", "ADDED b@78"}) << L({"77", "78"})
        << L({"replace 0 rv=10", "add b@78"}) << L({"b@78"});
}

void TestReflector::watchEvents()
{
    QFETCH(QString, list);
    QFETCH(QString, listRv);
    QFETCH(QStringList, events);
    QFETCH(QStringList, rvTrail);
    QFETCH(QStringList, storeCalls);
    QFETCH(QStringList, contents);

    Harness h;
    h.lw.listScript << okReply(objsFromSpec(list), listRv);
    WatchScript w;
    for (const QString &e : std::as_const(events))
        w.events << eventFromSpec(e);
    h.lw.watchScript << w;
    QStringList trail;
    h.lw.afterEvent = [&](const WatchEvent &) { trail << h.reflector.lastSyncResourceVersion(); };
    h.reflector.run();
    QTRY_COMPARE(h.lw.eventsDelivered, events.size());
    QCOMPARE(trail, rvTrail);
    QCOMPARE(h.store.calls, storeCalls);
    QCOMPARE(h.store.contents(), contents);
    QCOMPARE(h.lw.requests, QStringList({QStringLiteral("list rv=0 limit=500"),
                                         QStringLiteral("watch rv=") + listRv}));
    QCOMPARE(h.reflector.state(), Reflector::State::Watching);
}

void TestReflector::relist_data()
{
    QTest::addColumn<int>("pageSize");
    QTest::addColumn<QStringList>("replies");
    QTest::addColumn<int>("runs"); // ListAndWatch runs; each ends once its watch has started
    QTest::addColumn<QStringList>("expectedLists");
    QTest::addColumn<QList<int>>("sizes"); // store size after each run

    QTest::newRow("RF-19 resync with resource version: relist RVs 0 then last")
        << 0 << L({"ok rv=10 n=4", "ok rv=10 n=8"}) << 2
        << L({"list rv=0 limit=500", "list rv=10 limit=0"}) << QList<int>{4, 8};
    QTest::newRow("RF-20 expired exact RV: 410 at 10 then immediately RV \"\"")
        << 0 << L({"ok rv=10 n=4", "410", "ok rv=10 n=8"}) << 2
        << L({"list rv=0 limit=500", "list rv=10 limit=0", "list rv= limit=0"}) << QList<int>{4, 8};
    QTest::newRow("RF-20 Gone is treated as Expired")
        << 0 << L({"ok rv=10 n=4", "410gone", "ok rv=10 n=8"}) << 2
        << L({"list rv=0 limit=500", "list rv=10 limit=0", "list rv= limit=0"}) << QList<int>{4, 8};
    for (const char *fmt : {"tooLarge-cause", "tooLarge-causeMessage", "tooLarge-message"}) {
        const QString f = QString::fromLatin1(fmt);
        QTest::newRow(QByteArray("RF-22 full list if too large, ").append(fmt).constData())
            << 0
            << QStringList{QStringLiteral("ok rv=20 n=1"), f, QStringLiteral("ok rv=30 n=2"), f,
                           QStringLiteral("ok rv=40 n=3"), f, QStringLiteral("ok rv=50 n=4")}
            << 4
            << L({"list rv=0 limit=500", "list rv=20 limit=0", "list rv= limit=0",
                  "list rv=30 limit=0", "list rv= limit=0", "list rv=40 limit=0",
                  "list rv= limit=0"})
            << QList<int>{1, 2, 3, 4};
    }
    QTest::newRow("RF-20 410 on the initial RV 0 list retries \"\" with the same pager (spec 3.2)")
        << 0 << L({"410", "ok rv=5 n=2"}) << 1 << L({"list rv=0 limit=500", "list rv= limit=500"})
        << QList<int>{2};
    QTest::newRow("RF-17 not paginating not-consistent reads")
        << 0 << L({"ok rv=10 n=0", "ok rv=10 n=10"}) << 2
        << L({"list rv=0 limit=500", "list rv=10 limit=0"}) << QList<int>{0, 10};
    QTest::newRow("RF-16 watch list page size")
        << 4
        << L({"ok rv=10 n=0", "ok rv=10 n=4 prefix=a cont=C1", "ok rv=10 n=4 prefix=b cont=C2",
              "ok rv=10 n=2 prefix=c"})
        << 2
        << L({"list rv=0 limit=4", "list rv=10 limit=4", "list rv= limit=4 continue=C1",
              "list rv= limit=4 continue=C2"})
        << QList<int>{0, 10};
    QTest::newRow("RF-18 paginated RV 0 result keeps paging on relist (spec 3.2.3)")
        << 0 << L({"ok rv=10 n=1 cont=C1", "ok rv=10 n=1 prefix=b", "ok rv=11 n=3 prefix=c"}) << 2
        << L({"list rv=0 limit=500", "list rv= limit=500 continue=C1", "list rv=10 limit=500"})
        << QList<int>{2, 3};
    QTest::newRow("RF-18 paginated \"\" retry of the RV 0 list counts as paginated (list())")
        << 0 << L({"410", "ok rv=10 n=1 cont=C1", "ok rv=10 n=1 prefix=b", "ok rv=11 n=3 prefix=c"})
        << 2
        << L({"list rv=0 limit=500", "list rv= limit=500", "list rv= limit=500 continue=C1",
              "list rv=10 limit=500"})
        << QList<int>{2, 3};
    QTest::newRow("RF-18 unpaginated RV 0 list: relist at the last RV is unpaged (spec 3.2.3)")
        << 0 << L({"ok rv=10 n=1", "ok rv=11 n=3 prefix=c"}) << 2
        << L({"list rv=0 limit=500", "list rv=10 limit=0"}) << QList<int>{1, 3};
}

void TestReflector::relist()
{
    QFETCH(int, pageSize);
    QFETCH(QStringList, replies);
    QFETCH(int, runs);
    QFETCH(QStringList, expectedLists);
    QFETCH(QList<int>, sizes);

    Harness h;
    h.reflector.setPageSize(pageSize);
    for (const QString &r : std::as_const(replies))
        h.lw.listScript << replyFromSpec(r);
    QList<int> got;
    for (int run = 1; run <= runs; ++run) {
        h.reflector.run();
        QTRY_COMPARE(h.lw.watches.size(), run);
        got << int(h.store.size());
        h.reflector.stop();
    }
    QStringList lists;
    for (const ListOptions &o : std::as_const(h.lw.lists))
        lists << describeList(o);
    QCOMPARE(lists, expectedLists);
    QCOMPARE(got, sizes);
    QVERIFY(h.lw.listScript.isEmpty());
    // Every successful list is followed by a watch from the list's resourceVersion.
    QCOMPARE(h.lw.watches.last().resourceVersion, h.reflector.lastSyncResourceVersion());
    QVERIFY(h.handlerErrors.isEmpty());
}

void TestReflector::pager_data()
{
    QTest::addColumn<int>("total");
    QTest::addColumn<bool>("expireContinue");
    QTest::addColumn<int>("runs");
    QTest::addColumn<QStringList>("expectedLists");
    QTest::addColumn<int>("items");

    // WatchListPageSize 10 = the pager tests' page size. Server list RV "rv:10".
    QTest::newRow("PG-02 one page") << 9 << false << 1 << L({"list rv=0 limit=10"}) << 9;
    QTest::newRow("PG-03 one full page") << 10 << false << 1 << L({"list rv=0 limit=10"}) << 10;
    QTest::newRow("PG-05 three pages") << 21 << false << 1
                                       << L({"list rv=0 limit=10", "list rv= limit=10 continue=c10",
                                             "list rv= limit=10 continue=c20"})
                                       << 21;
    QTest::newRow("PG-06 expires on second page: one full list, limit 0, original RV")
        << 21 << true << 1
        << L({"list rv=0 limit=10", "list rv= limit=10 continue=c10", "list rv=0 limit=0"}) << 21;
    QTest::newRow("PG-08 two pages with resourceVersion: continuation has empty RV")
        << 11 << false << 2
        << L({"list rv=0 limit=10", "list rv= limit=10 continue=c10", "list rv=rv:10 limit=10",
              "list rv= limit=10 continue=c10"})
        << 11;
    QTest::newRow("PG-09 two pages with RV: no resourceVersionMatch on any request")
        << 11 << false << 2
        << L({"list rv=0 limit=10", "list rv= limit=10 continue=c10", "list rv=rv:10 limit=10",
              "list rv= limit=10 continue=c10"})
        << 11;
    QTest::newRow("PG-06 expiry at a later RV: full list at that RV (RF-21)")
        << 11 << true << 2
        << L({"list rv=0 limit=10", "list rv= limit=10 continue=c10", "list rv=0 limit=0",
              "list rv=rv:10 limit=10", "list rv= limit=10 continue=c10", "list rv=rv:10 limit=0"})
        << 11;
}

void TestReflector::pager()
{
    QFETCH(int, total);
    QFETCH(bool, expireContinue);
    QFETCH(int, runs);
    QFETCH(QStringList, expectedLists);
    QFETCH(int, items);

    Harness h;
    h.reflector.setPageSize(10);
    h.lw.listHandler = [&](const ListOptions &o) {
        return pagerServer(o, total, QStringLiteral("rv:10"), expireContinue);
    };
    for (int run = 1; run <= runs; ++run) {
        h.reflector.run();
        QTRY_COMPARE(h.lw.watches.size(), run);
        h.reflector.stop();
    }
    QStringList lists;
    for (const ListOptions &o : std::as_const(h.lw.lists)) {
        lists << describeList(o);
        QVERIFY(o.resourceVersionMatch.isEmpty());
    }
    QCOMPARE(lists, expectedLists);
    QCOMPARE(int(h.store.size()), items);
    // One Replace per ListAndWatch, with everything from every page.
    QCOMPARE(h.store.calls.size(), runs);
    QCOMPARE(h.store.calls.last(), QStringLiteral("replace %1 rv=rv:10").arg(items));
    QCOMPARE(h.reflector.lastSyncResourceVersion(), QStringLiteral("rv:10"));
}

// Issue 13 item 10: pager.List keeps the first page's list metadata, so the list's
// resourceVersion (stored by Replace, where the next watch starts) is the first page's even
// when a later page reports another one.
void TestReflector::pagedListKeepsTheFirstPagesResourceVersion()
{
    Harness h;
    h.reflector.setPageSize(10);
    h.lw.listHandler = [&](const ListOptions &o) {
        ListReply r = pagerServer(o, 25, QStringLiteral("40"), false);
        if (!o.continueToken.isEmpty())
            r.page.resourceVersion = QStringLiteral("4%1").arg(o.continueToken.mid(1));
        return r;
    };
    h.reflector.run();
    QTRY_COMPARE(h.lw.watches.size(), 1);
    QCOMPARE(h.store.calls.last(), QStringLiteral("replace 25 rv=40"));
    QCOMPARE(h.lw.requests.last(), QStringLiteral("watch rv=40"));
    QCOMPARE(h.reflector.lastSyncResourceVersion(), QStringLiteral("40"));
    h.reflector.stop();
}

void TestReflector::watchRestart_data()
{
    QTest::addColumn<QStringList>("replies");
    QTest::addColumn<QStringList>("watches");
    QTest::addColumn<QStringList>("expectedRequests");
    QTest::addColumn<int>("handlerCalls"); // watchErrorHandler = errors returned by ListAndWatch

    QTest::newRow("RF-01 ERROR event carrying a Pod, not a Status: the watch ends, relist")
        << L({"ok rv=1 n=0", "ok rv=2 n=0"}) << L({"ERROR pod:p@5"})
        << L({"list rv=0 limit=500", "watch rv=1", "list rv=1 limit=0", "watch rv=2"}) << 0;
    QTest::newRow("RF-09 clean close re-watches from the last event RV, no relist")
        << L({"ok rv=10 n=1"}) << L({"ADDED a@11;MODIFIED a@12;end"})
        << L({"list rv=0 limit=500", "watch rv=10", "watch rv=12"}) << 0;
    QTest::newRow("RF-09 bookmark RV is where the next watch starts")
        << L({"ok rv=10 n=1"}) << L({"ADDED a@11;BOOKMARK @30;end"})
        << L({"list rv=0 limit=500", "watch rv=10", "watch rv=30"}) << 0;
    QTest::newRow("RF-09 quiet watch that lasted over 1 s: clean close re-watches")
        << L({"ok rv=10 n=1"}) << L({"end+1500", "end+1500"})
        << L({"list rv=0 limit=500", "watch rv=10", "watch rv=10", "watch rv=10"}) << 0;
    QTest::newRow("RF-09 broken stream after events resumes without relist (spec 3.1)")
        << L({"ok rv=10 n=1"}) << L({"ADDED a@11;broken"})
        << L({"list rv=0 limit=500", "watch rv=10", "watch rv=11"}) << 0;
    QTest::newRow("spec 3.2.7 very short watch (<1 s, no events) relists after backoff")
        << L({"ok rv=10 n=1", "ok rv=12 n=1"}) << L({"end"})
        << L({"list rv=0 limit=500", "watch rv=10", "list rv=10 limit=0", "watch rv=12"}) << 0;
    QTest::newRow("spec 3.2.7 watch ERROR 410 relists at lastSyncRV after backoff")
        << L({"ok rv=10 n=0", "ok rv=15 n=1"}) << L({"ADDED a@11;ERROR 410"})
        << L({"list rv=0 limit=500", "watch rv=10", "list rv=11 limit=0", "watch rv=15"}) << 0;
    QTest::newRow("spec 6.3 watch 410, then 410 on the relist at lastSyncRV: list \"\"")
        << L({"ok rv=10 n=0", "410", "ok rv=20 n=1"}) << L({"ADDED a@11;ERROR 410"})
        << L({"list rv=0 limit=500", "watch rv=10", "list rv=11 limit=0", "list rv= limit=0",
              "watch rv=20"})
        << 0;
    QTest::newRow("spec 3.2.7 watch ERROR 500 (no retry window) relists")
        << L({"ok rv=10 n=0", "ok rv=15 n=1"}) << L({"ERROR 500"})
        << L({"list rv=0 limit=500", "watch rv=10", "list rv=10 limit=0", "watch rv=15"}) << 0;
    QTest::newRow("RF-13 watch answered 429 is retried in place, no relist")
        << L({"ok rv=10 n=1"}) << L({"fail 429"})
        << L({"list rv=0 limit=500", "watch rv=10", "watch rv=10"}) << 0;
    QTest::newRow("RF-11 watch connection refused is retried in place, no relist")
        << L({"ok rv=10 n=1"}) << L({"fail refused"})
        << L({"list rv=0 limit=500", "watch rv=10", "watch rv=10"}) << 0;
    QTest::newRow("RF-13 watch ERROR event 429 backs off and re-watches, no relist")
        << L({"ok rv=10 n=1"}) << L({"ADDED a@11;ERROR 429"})
        << L({"list rv=0 limit=500", "watch rv=10", "watch rv=11"}) << 0;
    QTest::newRow("RF-10 watch call failing otherwise ends ListAndWatch with that error")
        << L({"ok rv=10 n=1", "ok rv=12 n=1"}) << L({"fail a watch error"})
        << L({"list rv=0 limit=500", "watch rv=10", "list rv=10 limit=0", "watch rv=12"}) << 1;
    QTest::newRow("RF-10 list error ends ListAndWatch with that error, then relists")
        << L({"a list error", "ok rv=12 n=1"}) << QStringList()
        << L({"list rv=0 limit=500", "list rv=0 limit=500", "watch rv=12"}) << 1;
}

void TestReflector::watchRestart()
{
    QFETCH(QStringList, replies);
    QFETCH(QStringList, watches);
    QFETCH(QStringList, expectedRequests);
    QFETCH(int, handlerCalls);

    Harness h;
    for (const QString &r : std::as_const(replies))
        h.lw.listScript << replyFromSpec(r);
    for (const QString &w : std::as_const(watches))
        h.lw.watchScript << watchFromSpec(w);
    h.reflector.run();
    QTRY_COMPARE_WITH_TIMEOUT(h.lw.requests.size(), expectedRequests.size(), kBackoffWaitMs);
    QCOMPARE(h.lw.requests, expectedRequests);
    // The last watch is open (script exhausted): nothing else happens, not even once the
    // Clock has passed every backoff a retry would wait for.
    h.clock.advance(50);
    runPendingEvents();
    QCOMPARE(h.lw.requests.size(), expectedRequests.size());
    QCOMPARE(h.reflector.state(), Reflector::State::Watching);
    QCOMPARE(h.handlerErrors.size(), handlerCalls);
}

void TestReflector::listAndWatchSequence_data()
{
    QTest::addColumn<int>("dummy");
    QTest::newRow("RF-10 list and watch with errors, sharing one store") << 0;
}

void TestReflector::listAndWatchSequence()
{
    // Six ListAndWatch runs sharing one store (TestReflectorListAndWatchWithErrors). Before each
    // list the store holds what the previous runs produced.
    Harness h;
    QList<QStringList> beforeList;
    h.lw.onList = [&](const ListOptions &) { beforeList << h.store.contents(); };
    h.lw.listScript << okReply({}, QStringLiteral("1"))
                    << okReply(objsFromSpec(QStringLiteral("foo@2,bar@3")), QStringLiteral("3"))
                    << errorReply(namedError(QStringLiteral("a list error")))
                    << okReply(objsFromSpec(QStringLiteral("bar@3,qux@5")), QStringLiteral("5"))
                    << okReply(objsFromSpec(QStringLiteral("bar@3,qux@5")), QStringLiteral("5"))
                    << okReply(objsFromSpec(QStringLiteral("bar@3,qux@5,baz@6")),
                               QStringLiteral("6"));
    h.lw.watchScript << watchFromSpec(QStringLiteral("ADDED foo@2;ADDED bar@3"))
                     << watchFromSpec(QStringLiteral("DELETED foo@4;ADDED qux@5"))
                     << watchFromSpec(QStringLiteral("fail a watch error"))
                     << watchFromSpec(QStringLiteral("ADDED baz@6"));

    auto runUntil = [&](int lists, int watches, int events, Reflector::State state) {
        h.reflector.run();
        QTRY_VERIFY(h.lw.lists.size() == lists && h.lw.watches.size() == watches &&
                    h.lw.eventsDelivered == events && h.reflector.state() == state);
        h.reflector.stop();
    };
    runUntil(1, 1, 2, Reflector::State::Watching);
    runUntil(2, 2, 4, Reflector::State::Watching);
    runUntil(3, 2, 4, Reflector::State::Backoff); // list error
    QCOMPARE(h.handlerErrors.size(), 1);
    QVERIFY2(h.handlerErrors.last().describe().contains(QLatin1String("a list error")),
             qPrintable(h.handlerErrors.last().describe()));
    // Wrapped once, as client-go's `failed to list %v: %w`: the cause is not repeated.
    QVERIFY2(h.handlerErrors.last().describe().startsWith(QLatin1String("failed to list ")),
             qPrintable(h.handlerErrors.last().describe()));
    QCOMPARE(h.handlerErrors.last().describe().count(QLatin1String("a list error")), 1);
    runUntil(4, 3, 4, Reflector::State::Backoff); // watch could not be started
    QCOMPARE(h.handlerErrors.size(), 2);
    QVERIFY(h.handlerErrors.last().describe().contains(QLatin1String("a watch error")));
    runUntil(5, 4, 5, Reflector::State::Watching);
    h.reflector.run();
    QTRY_COMPARE(h.lw.lists.size(), 6);
    h.reflector.stop();

    const QList<QStringList> expected{
        {},
        {QStringLiteral("bar@3"), QStringLiteral("foo@2")},
        {QStringLiteral("bar@3"), QStringLiteral("qux@5")},
        {QStringLiteral("bar@3"), QStringLiteral("qux@5")},
        {QStringLiteral("bar@3"), QStringLiteral("qux@5")},
        {QStringLiteral("bar@3"), QStringLiteral("baz@6"), QStringLiteral("qux@5")},
    };
    QCOMPARE(beforeList, expected);
    QStringList rvs;
    for (const ListOptions &o : std::as_const(h.lw.lists))
        rvs << o.resourceVersion;
    QCOMPARE(rvs, L({"0", "3", "5", "5", "5", "6"}));
}

void TestReflector::stop_data()
{
    QTest::addColumn<QString>("when");
    QTest::addColumn<QStringList>("expectedRequests");
    QTest::newRow("RF-04 stopped before watching: neither list nor watch")
        << QStringLiteral("before") << QStringList();
    QTest::newRow("spec 3.4 stop while listing aborts the list, no watch")
        << QStringLiteral("listing") << L({"list rv=0 limit=500"});
    QTest::newRow("RF-02 RF-05 stop while watching stops the watch")
        << QStringLiteral("watching") << L({"list rv=0 limit=500", "watch rv=10"});
    QTest::newRow("RF-08 an event arriving after stop is not handled")
        << QStringLiteral("eventAfterStop") << L({"list rv=0 limit=500", "watch rv=10"});
}

void TestReflector::stop()
{
    QFETCH(QString, when);
    QFETCH(QStringList, expectedRequests);
    Harness h;
    h.lw.listScript << okReply({}, QStringLiteral("10"));
    if (when == QLatin1String("before")) {
        h.reflector.stop();
    } else if (when == QLatin1String("listing")) {
        h.reflector.run();
        QCOMPARE(h.lw.lists.size(), 1);
        h.reflector.stop();
        QVERIFY(h.lw.listCalls.last().isNull() || h.lw.listCalls.last()->aborted);
    } else if (when == QLatin1String("eventAfterStop")) {
        h.reflector.run();
        QTRY_COMPARE(h.lw.watches.size(), 1);
        QPointer<FakeWatchCall> call = h.lw.watchCalls.last();
        QVERIFY(call);
        h.reflector.stop();
        Q_EMIT call->eventReceived(eventFromSpec(QStringLiteral("ADDED x@11")));
        QVERIFY(!h.store.calls.contains(QStringLiteral("add x@11")));
        QCOMPARE(h.reflector.lastSyncResourceVersion(), QStringLiteral("10"));
    } else {
        h.reflector.run();
        QTRY_COMPARE(h.lw.watches.size(), 1);
        h.reflector.stop();
        QVERIFY(h.lw.watchCalls.last().isNull() || h.lw.watchCalls.last()->stopped);
    }
    h.clock.advance(50); // a stopped reflector neither retries nor relists
    runPendingEvents();
    QCOMPARE(h.lw.requests, expectedRequests);
    QCOMPARE(h.reflector.state(), Reflector::State::Stopped);
    QVERIFY(h.handlerErrors.isEmpty());
}

void TestReflector::resync_data()
{
    QTest::addColumn<bool>("shouldResync");
    QTest::addColumn<bool>("expectResync");
    QTest::newRow("spec 3.2.6 resync period ticks call store.Resync") << true << true;
    QTest::newRow("spec 3.2.6 ShouldResync false: no Resync") << false << false;
}

void TestReflector::resyncError_data()
{
    QTest::addColumn<QString>("error");
    QTest::newRow("RF-15 an error from Resync ends the watch; relist after backoff")
        << QStringLiteral("resync failed badly");
}

void TestReflector::resyncError()
{
    QFETCH(QString, error);
    Harness h;
    h.store.resyncError = error;
    h.reflector.setResyncPeriod(30);
    h.lw.listScript << okReply({}, QStringLiteral("10")) << okReply({}, QStringLiteral("11"));
    h.reflector.run();
    QTRY_COMPARE(h.lw.watches.size(), 1);
    h.clock.advance(30);
    QTRY_COMPARE(h.store.calls.count(QStringLiteral("resync")), 1);
    QVERIFY(h.lw.watchCalls.first().isNull() || h.lw.watchCalls.first()->stopped);
    // the injected backoff is a millisecond or two: assert it happened, not that it lasts
    QVERIFY(h.states.contains(Reflector::State::Backoff));
    QTRY_COMPARE_WITH_TIMEOUT(h.lw.watches.size(), 2, kBackoffWaitMs);
    QCOMPARE(h.lw.requests,
             L({"list rv=0 limit=500", "watch rv=10", "list rv=10 limit=0", "watch rv=11"}));
    // watch() returns nil for it: the WatchErrorHandler is not involved.
    QVERIFY(h.handlerErrors.isEmpty());
    h.reflector.stop();
}

void TestReflector::resync()
{
    QFETCH(bool, shouldResync);
    QFETCH(bool, expectResync);
    Harness h;
    int asked = 0;
    h.reflector.setResyncPeriod(30, [&](QJsonObject *) {
        ++asked;
        return shouldResync;
    });
    h.lw.listScript << okReply({}, QStringLiteral("10"));
    h.reflector.run();
    QTRY_COMPARE(h.lw.watches.size(), 1);
    // The ticks follow the reflector's Clock: none before 30 ms of it have passed, one each
    // time they have (re-armed after each tick).
    for (int tick = 1; tick <= 3; ++tick) {
        h.clock.advance(29);
        QCoreApplication::processEvents();
        QCOMPARE(asked, tick - 1);
        h.clock.advance(1);
        QTRY_COMPARE(asked, tick);
    }
    const int resyncs = int(h.store.calls.count(QStringLiteral("resync")));
    QCOMPARE(resyncs, expectResync ? 3 : 0);
    h.reflector.stop();
    h.clock.advance(300);
    QCoreApplication::processEvents();
    QCOMPARE(asked, 3); // the resync timer stops with the reflector
}

void TestReflector::deltaFifoAsStore_data()
{
    QTest::addColumn<int>("dummy");
    QTest::newRow("RF-09 with a DeltaFIFO store: list, watch, relist after 410 (spec 6.1-6.4)")
        << 0;
}

void TestReflector::deltaFifoAsStore()
{
    // The informer's wiring minus the informer: reflector → DeltaFIFO (knownObjects = indexer),
    // popped by hand; a watch 410 relists at the last RV and the missing object is a tombstone.
    ManualClock clock;
    FakeListerWatcher lw;
    Indexer indexer;
    DeltaFIFO::Options o;
    o.knownObjects = &indexer;
    o.emitDeltaTypeReplaced = true;
    DeltaFIFO fifo(o);
    Reflector r(&lw, &fifo, nullptr, &clock);
    r.setSeed(7);
    lw.listScript << okReply(objsFromSpec(QStringLiteral("a@5,b@5")), QStringLiteral("5"))
                  << okReply(objsFromSpec(QStringLiteral("a@6")), QStringLiteral("9"));
    lw.watchScript << watchFromSpec(QStringLiteral("MODIFIED a@6;ERROR 410"));
    auto drain = [&] {
        QStringList out;
        for (;;) {
            const PopResult p = fifo.pop([&](const QString &key, const Deltas &ds, bool) {
                for (const Delta &d : ds) {
                    if (d.type == DeltaType::Deleted)
                        indexer.removeByKey(key);
                    else
                        indexer.updateByKey(key, d.object);
                }
                return ProcessResult{};
            });
            if (!p.popped)
                return out;
            QStringList parts;
            for (const Delta &d : p.deltas)
                parts << d.describe(p.key);
            out << parts.join(QStringLiteral(", "));
        }
    };
    r.run();
    QTRY_COMPARE(lw.eventsDelivered, 2);
    QCOMPARE(fifo.hasSynced(), false);
    QCOMPARE(drain(), L({"Replaced a@5, Updated a@6", "Replaced b@5"}));
    QCOMPARE(fifo.hasSynced(), true);
    QTRY_COMPARE_WITH_TIMEOUT(lw.watches.size(), 2, kBackoffWaitMs);
    QCOMPARE(lw.requests,
             L({"list rv=0 limit=500", "watch rv=5", "list rv=6 limit=0", "watch rv=9"}));
    QCOMPARE(drain(), L({"Replaced a@6", "Deleted Tomb(b, b@5)"}));
    QCOMPARE(indexer.listKeys(), QStringList{QStringLiteral("a")});
    r.stop();
}

QTEST_GUILESS_MAIN(TestReflector)
#include "tst_reflector.moc"
