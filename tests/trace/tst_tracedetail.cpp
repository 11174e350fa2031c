// SPDX-License-Identifier: Apache-2.0
// The journal's detail schema (trace/tracedetail.h): what it accepts and what it names as wrong,
// and the typed error (ApiStatus::toDetail / fromDetail) it carries.
#include "trace/tracedetail.h"

#include <QJsonArray>

#include <QTest>

using namespace lens;
using namespace Qt::StringLiterals;

class TestTraceDetail : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void check_data();
    void check();
    void everyKindHasASchema();
    void noFieldShadowsAnEventField();
    void statusRoundTrip();
};

void TestTraceDetail::check_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QJsonObject>("detail");
    QTest::addColumn<QString>("why"); // "" = accepted

    QTest::newRow("listStarted ok")
        << int(TraceKind::ListStarted) << QJsonObject{{u"cause"_s, u"initial"_s}, {u"limit"_s, 500}}
        << QString();
    QTest::newRow("unknown code") << int(TraceKind::ListStarted)
                                  << QJsonObject{{u"cause"_s, u"later"_s}}
                                  << u"listStarted.cause: \"later\" is no code"_s;
    QTest::newRow("unknown field")
        << int(TraceKind::Synced) << QJsonObject{{u"objects"_s, 3}, {u"colour"_s, u"red"_s}}
        << u"synced.colour: not a field of synced"_s;
    QTest::newRow("wrong type: fraction for an int")
        << int(TraceKind::Backoff) << QJsonObject{{u"delayMs"_s, 1.5}}
        << u"backoff.delayMs: wrong JSON type"_s;
    QTest::newRow("wrong type: status as text")
        << int(TraceKind::WatchError) << QJsonObject{{u"status"_s, u"410 Gone"_s}}
        << u"watchError.status: wrong JSON type"_s;
    QTest::newRow("string list") << int(TraceKind::CacheSyncWaiting)
                                 << QJsonObject{{u"notSynced"_s, QJsonArray{u"pods"_s, 3}}}
                                 << u"cacheSyncWaiting.notSynced: wrong JSON type"_s;
    QTest::newRow("workqueueAddAfter ok") << int(TraceKind::WorkqueueAddAfter)
                                          << QJsonObject{{u"queue"_s, u"claims"_s},
                                                         {u"delayMs"_s, 15},
                                                         {u"readyAtMs"_s, 20},
                                                         {u"dedup"_s, u"earlier wins"_s}}
                                          << QString();
    QTest::newRow("workqueue dedup is a code")
        << int(TraceKind::WorkqueueAddRateLimited) << QJsonObject{{u"dedup"_s, u"sooner"_s}}
        << u"workqueueAddRateLimited.dedup: \"sooner\" is no code"_s;
    QTest::newRow("info is open") << int(TraceKind::Info)
                                  << QJsonObject{{u"message"_s, u"hi"_s}, {u"step"_s, 3}}
                                  << QString();
    QTest::newRow("info's known fields are still typed")
        << int(TraceKind::Info) << QJsonObject{{u"fallbackCode"_s, u"because"_s}}
        << u"info.fallbackCode: \"because\" is no code"_s;
}

void TestTraceDetail::check()
{
    QFETCH(int, kind);
    QFETCH(QJsonObject, detail);
    QFETCH(QString, why);
    TraceEvent e;
    e.kind = TraceKind(kind);
    e.detail = detail;
    QString said;
    QCOMPARE(tracedetail::check(e, &said), why.isEmpty());
    QCOMPARE(said, why);
}

void TestTraceDetail::everyKindHasASchema()
{
    // Every kind but the ones that carry nothing in detail names at least one field; a new kind
    // must be added to the schema (check() rejects any field of a kind it does not know).
    for (int k = 0; k <= int(TraceKind::Info); ++k) {
        const auto kind = TraceKind(k);
        if (kind == TraceKind::IndexerAdded || kind == TraceKind::IndexerDeleted ||
            kind == TraceKind::PumpMode)
            continue;
        QVERIFY2(!tracedetail::fields(kind).isEmpty(), qPrintable(traceKindName(kind)));
    }
}

void TestTraceDetail::noFieldShadowsAnEventField()
{
    // TraceEvent::toJson() writes the detail fields beside the event's own ("seq", "t", ...):
    // a detail field of that name would overwrite the event's (the priority queue's sequence
    // number was once "seq", and --headless printed it as the journal's seq).
    TraceEvent e;
    e.seq = 7;
    e.key = QStringLiteral("k");
    e.type = QStringLiteral("ty");
    e.resourceVersion = QStringLiteral("1");
    const QStringList own = e.toJson().keys() + QStringList{QStringLiteral("deltas")};
    for (int k = 0; k <= int(TraceKind::Info); ++k) {
        const auto kind = TraceKind(k);
        for (const tracedetail::Field &f : tracedetail::fields(kind))
            QVERIFY2(!own.contains(QLatin1String(f.name)),
                     qPrintable(traceKindName(kind) + QLatin1Char('.') + QLatin1String(f.name)));
    }
}

void TestTraceDetail::statusRoundTrip()
{
    ApiStatus s = ApiStatus::transportError(ApiStatus::Transport::Truncated, u"EOF"_s);
    s.failedVerb = u"list"_s;
    s.failedTarget = u"/v1, Kind=Pod"_s;
    const ApiStatus back = ApiStatus::fromDetail(s.toDetail());
    QCOMPARE(back.describe(), s.describe());
    QCOMPARE(back.transport, ApiStatus::Transport::Truncated);
    QCOMPARE(s.describe(), u"failed to list /v1, Kind=Pod: the answer was cut off: EOF"_s);

    ApiStatus tooMany;
    tooMany.code = 429;
    tooMany.reason = u"TooManyRequests"_s;
    tooMany.message = u"slow down"_s;
    tooMany.retryAfterSeconds = 3;
    tooMany.causes << u"ResourceVersionTooLarge"_s;
    TraceEvent e;
    e.kind = TraceKind::WatchError;
    e.detail.insert(u"status"_s, tooMany.toDetail());
    QVERIFY(tracedetail::check(e));
    const std::optional<ApiStatus> read = tracedetail::status(e);
    QVERIFY(read);
    QCOMPARE(read->code, 429);
    QCOMPARE(read->retryAfterSeconds, 3);
    QVERIFY(read->isTooLargeResourceVersion());
    QCOMPARE(read->describe(), tooMany.describe());
    e.detail = {};
    QVERIFY(!tracedetail::status(e));
}

QTEST_MAIN(TestTraceDetail)
#include "tst_tracedetail.moc"
