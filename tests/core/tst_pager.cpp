// SPDX-License-Identifier: Apache-2.0
// lens::ListPager against tools/pager's TestListPager_List (clientgo-cases.md §4) on its own,
// over the in-memory FakeListerWatcher, plus a caller's limit (issue 13 item 10). The pager as
// the Reflector uses it: tst_reflector's pager rows.

#include "fakelisterwatcher.h"
#include "informer/pager.h"

#include <QSignalSpy>
#include <QTest>

using namespace lens;
using namespace lens::test;

class TestPager : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void standalonePager_data();
    void standalonePager();
    void aRepeatedContinueTokenEndsTheList();
};

void TestPager::standalonePager_data()
{
    // tools/pager's TestListPager_List against the same fake server (page size 10, list RV
    // "rv:10"), through ListPager on its own, plus a caller's limit (issue 13 item 10).
    QTest::addColumn<int>("total");
    QTest::addColumn<int>("callerLimit");
    QTest::addColumn<QString>("rv");
    QTest::addColumn<bool>("expireContinue");
    QTest::addColumn<bool>("fullListIfExpired");
    QTest::addColumn<QStringList>("requests");
    QTest::addColumn<int>("items"); // -1 = an error
    QTest::addColumn<bool>("paginated");
    QTest::newRow("PG-02 one page")
        << 9 << 0 << QString() << false << true << L({"list rv= limit=10"}) << 9 << false;
    QTest::newRow("PG-05 three pages") << 21 << 0 << QString() << false << true
                                       << L({"list rv= limit=10", "list rv= limit=10 continue=c10",
                                             "list rv= limit=10 continue=c20"})
                                       << 21 << true;
    QTest::newRow("PG-06 expires on the second page, FullListIfExpired off: error")
        << 21 << 0 << QString() << true << false
        << L({"list rv= limit=10", "list rv= limit=10 continue=c10"}) << -1 << true;
    QTest::newRow("PG-06 expires on the second page: one full list at the requested RV")
        << 21 << 0 << QStringLiteral("rv:5") << true << true
        << L({"list rv=rv:5 limit=10", "list rv= limit=10 continue=c10", "list rv=rv:5 limit=0"})
        << 21 << true;
    QTest::newRow("PG-08 two pages with resourceVersion: continuation has empty RV")
        << 11 << 0 << QStringLiteral("rv:10") << false << true
        << L({"list rv=rv:10 limit=10", "list rv= limit=10 continue=c10"}) << 11 << true;
    QTest::newRow("a caller's limit is honoured")
        << 9 << 4 << QString() << false << true
        << L({"list rv= limit=4", "list rv= limit=4 continue=c4", "list rv= limit=4 continue=c8"})
        << 9 << true;
}

void TestPager::standalonePager()
{
    QFETCH(int, total);
    QFETCH(int, callerLimit);
    QFETCH(QString, rv);
    QFETCH(bool, expireContinue);
    QFETCH(bool, fullListIfExpired);
    QFETCH(QStringList, requests);
    QFETCH(int, items);
    QFETCH(bool, paginated);
    FakeListerWatcher lw;
    lw.listHandler = [&](const ListOptions &o) {
        return pagerServer(o, total, QStringLiteral("rv:10"), expireContinue);
    };
    ListPager pager(&lw);
    pager.setPageSize(10);
    pager.setFullListIfExpired(fullListIfExpired);
    QSignalSpy finished(&pager, &ListPager::finished);
    QSignalSpy fellBack(&pager, &ListPager::fullListFallback);
    ListOptions o;
    o.resourceVersion = rv;
    o.limit = callerLimit;
    pager.list(o);
    QTRY_COMPARE(finished.count(), 1);
    QStringList seen;
    for (const ListOptions &r : std::as_const(lw.lists)) {
        seen << describeList(r);
        QVERIFY(r.resourceVersionMatch.isEmpty());
    }
    QCOMPARE(seen, requests);
    QCOMPARE(pager.ok(), items >= 0);
    if (items >= 0) {
        QCOMPARE(int(pager.items().size()), items);
        QCOMPARE(pager.resourceVersion(), QStringLiteral("rv:10"));
        // Handed over, the list is the taker's alone (the Reflector's, then the store's).
        QCOMPARE(int(pager.takeItems().size()), items);
        QVERIFY(pager.items().isEmpty());
    } else {
        QVERIFY(pager.error().isExpired());
    }
    QCOMPARE(pager.paginated(), paginated);
    QCOMPARE(fellBack.count(), expireContinue && fullListIfExpired ? 1 : 0);
}

// Issue 40 H1: a server that hands out the same continue token again would be followed for ever
// (client-go's pager loops), the items piling up. The pager gives the list up and says why.
void TestPager::aRepeatedContinueTokenEndsTheList()
{
    FakeListerWatcher lw;
    int answered = 0;
    lw.listHandler = [&](const ListOptions &o) {
        ++answered;
        // c1, then c2 for ever.
        return okReply({pod(QStringLiteral("p%1").arg(answered), QStringLiteral("rv:1"))},
                       QStringLiteral("rv:1"),
                       o.continueToken.isEmpty() ? QStringLiteral("c1") : QStringLiteral("c2"));
    };
    ListPager pager(&lw);
    pager.setPageSize(1);
    QSignalSpy finished(&pager, &ListPager::finished);
    pager.list(ListOptions{});
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(answered, 3); // c1 followed, c2 followed, c2 again: given up
    QVERIFY(!pager.ok());
    QCOMPARE(pager.error().transport, ApiStatus::Transport::Decode);
    QCOMPARE(pager.error().message,
             QStringLiteral("the server gave page 3 the continue token page 2 had: following it "
                            "would page for ever, so the list is given up (3 items read)"));
    QVERIFY(pager.items().isEmpty());
}

QTEST_GUILESS_MAIN(TestPager)
#include "tst_pager.moc"
