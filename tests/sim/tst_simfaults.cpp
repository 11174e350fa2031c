// SPDX-License-Identifier: Apache-2.0
// Fault controls of the simulated API server (garbage line, stalled watches, "Too large resource
// version", an old server ignoring sendInitialEvents, /sim/v1/state), the WatchList contract
// (sendInitialEvents + the initial-events-end bookmark, apimachinery's watch-option validation)
// and 100 concurrent filtered watches, all over real HTTP on loopback.
#include "pendingevents.h"
#include "simserverfixtures.h"
#include "simtestutil.h"

#include "sim/apiserver.h"
#include "sim/simulator.h"
#include "sim/store.h"
#include "sim/watchstream.h"

#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace lens::sim;
using namespace simtest;

namespace {
QJsonObject withLabel(QJsonObject pod, const QString &app)
{
    QJsonObject meta = pod.value(QStringLiteral("metadata")).toObject();
    meta.insert(QStringLiteral("labels"), QJsonObject{{QStringLiteral("app"), app}});
    pod.insert(QStringLiteral("metadata"), meta);
    return pod;
}

QString metaString(const QJsonObject &event, const char *key)
{
    return event[QLatin1String("object")][QLatin1String("metadata")][QLatin1String(key)].toString();
}

QString invalidMessage(const QString &aggregate)
{
    return QStringLiteral("ListOptions.meta.k8s.io \"\" is invalid: ") + aggregate;
}
} // namespace

class tst_SimFaults : public QObject, public SimServerFixture {
    Q_OBJECT
private slots:
    void init();
    void cleanup();

    void garbageLineOnWatches();
    void garbageOverControlApi();
    void stallHoldsEveryByte();
    void stallCoversNewWatchesAndTimeouts();
    void stallOverControlApi();
    void tooLargeFaultOnListAndWatch();
    void tooLargeOverControlApi();
    void oldServerIgnoresSendInitialEvents();
    void stateEndpoint();

    void watchListInitialEventsThenOneBookmark();
    void watchListWithoutBookmarksHasNoEndMarker();
    void watchListIgnoresHistoryAndRejectsFutureRv();
    void sendInitialEventsFalseStartsNow();
    void watchOptionValidation();
    void listOptionValidation();

    void hundredWatchesWithSelectorsWhileApiAnswers();
    void accessLog();
    void largeInitialStateIsFlowControlled();
    void historyWindowByTime();

private:
    HttpResult post(const QString &pathAndQuery)
    {
        return request(*m_nam, m_url, "POST", pathAndQuery);
    }
    /// Puts the watches' timers (timeoutSeconds, bookmarks, stalls) of this test function's
    /// server on m_timers, which the test advances; the server is rebuilt for the next one.
    void timersOnManualClock() { m_sim->server()->setTimerClock(&m_timers); }
    /// The one open watch's server side (to see what it wrote before the network delivers it).
    WatchStream *openStream() const
    {
        const auto streams = m_sim->server()->findChildren<WatchStream *>();
        return streams.size() == 1 ? streams.first() : nullptr;
    }

    lens::ManualClock m_timers; ///< outlives every server (their watches' ClockTimers)
};

void tst_SimFaults::init()
{
    startServer(7);
}

void tst_SimFaults::cleanup()
{
    stopServer();
}

void tst_SimFaults::garbageLineOnWatches()
{
    const qint64 rv = m_sim->revision();
    WatchClient a(*m_nam, m_url, QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1").arg(rv));
    WatchClient b(
        *m_nam, m_url,
        QStringLiteral("/api/v1/namespaces/shop/pods?watch=1&resourceVersion=%1").arg(rv));
    QTRY_COMPARE(m_sim->openWatchCount(), 2);
    QTRY_VERIFY(a.started() && b.started());
    QCOMPARE(m_sim->sendGarbageOnWatches(), 2);
    const QByteArray garbage = QByteArray(WatchStream::GarbageLine).chopped(1);
    QTRY_COMPARE(a.lines, QList<QByteArray>{garbage});
    QTRY_COMPARE(b.lines, QList<QByteArray>{garbage});
    QJsonParseError pe;
    QJsonDocument::fromJson(a.lines.first(), &pe);
    QVERIFY(pe.error != QJsonParseError::NoError); // really not JSON
    // The streams stay open and carry the next event.
    QVERIFY(
        m_sim->store()->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("g1"))).ok());
    QTRY_COMPARE(a.lines.size(), 2);
    QTRY_COMPARE(b.lines.size(), 2);
    QCOMPARE(a.events.last().value(QStringLiteral("type")).toString(), QStringLiteral("ADDED"));
    QVERIFY(!a.finished);
    QCOMPARE(m_sim->openWatchCount(), 2);
}

void tst_SimFaults::garbageOverControlApi()
{
    WatchClient a(*m_nam, m_url,
                  QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1").arg(m_sim->revision()));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    QNetworkAccessManager control;
    const HttpResult r = request(control, m_url, "POST", QStringLiteral("/sim/v1/garbage"));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(QStringLiteral("watches")).toInt(), 1);
    QTRY_COMPARE(a.lines.size(), 1);
    QVERIFY(a.events.first().isEmpty());
    QCOMPARE(request(control, m_url, "GET", QStringLiteral("/sim/v1/garbage")).status, 405);
}

void tst_SimFaults::stallHoldsEveryByte()
{
    timersOnManualClock();
    m_sim->setBookmarkInterval(100);
    const qint64 rv = m_sim->revision();
    WatchClient w(
        *m_nam, m_url,
        QStringLiteral("/api/v1/pods?watch=1&allowWatchBookmarks=true&resourceVersion=%1").arg(rv));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    m_timers.advance(100);
    QTRY_COMPARE(w.lines.size(), 1); // bookmarks flow: the one due has arrived, none is in flight
    QCOMPARE(m_sim->stallWatches(800), 1);
    WatchStream *stream = openStream();
    QVERIFY(stream);
    const qint64 written = stream->bytesWritten();
    const auto before = w.lines.size();
    const auto beforeTail = w.m_tail.size();
    const WriteResult c =
        m_sim->store()->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("s1")));
    QVERIFY(c.ok());
    // Plain requests are answered during the stall.
    QNetworkAccessManager other;
    const HttpResult api = get(other, m_url, QStringLiteral("/api"));
    QCOMPARE(api.status, 200);
    QVERIFY2(api.elapsedMs < 500, qPrintable(QString::number(api.elapsedMs)));
    for (int i = 0; i < 7; ++i) { // bookmarks come due meanwhile, at 100 ms steps of the stall
        m_timers.advance(100);
        lens::test::runPendingEvents();
    }
    QCOMPARE(m_sim->server()->stallRemainingMs(), 100);
    QCOMPARE(stream->bytesWritten(), written); // not a byte written: no events, no bookmarks
    QCOMPARE(w.lines.size(), before);          // so none arrives
    QCOMPARE(w.m_tail.size(), beforeTail);
    QVERIFY(!w.finished);
    // After the stall: the held ADDED (and bookmarks) arrive, in order.
    m_timers.advance(100);
    QTRY_VERIFY_WITH_TIMEOUT(w.lines.size() > before, 3000);
    QStringList after;
    for (auto i = before; i < w.events.size(); ++i)
        after << w.events[i].value(QStringLiteral("type")).toString();
    QVERIFY2(after.contains(QStringLiteral("ADDED")), qPrintable(after.join(QLatin1Char(' '))));
    QCOMPARE(m_sim->server()->stallRemainingMs(), 0);
}

void tst_SimFaults::stallCoversNewWatchesAndTimeouts()
{
    timersOnManualClock();
    QCOMPARE(m_sim->stallWatches(1500), 0);
    // Opened during the stall: 200 and headers, then nothing, not even the synthetic ADDED.
    const int shop = int(m_sim->store()->objects(kPods, QStringLiteral("shop")).size());
    QVERIFY(shop > 0);
    WatchClient fresh(*m_nam, m_url, QStringLiteral("/api/v1/namespaces/shop/pods?watch=1"));
    // timeoutSeconds=1 expires inside the stall: the end is held too.
    QNetworkAccessManager nam2;
    WatchClient timed(nam2, m_url,
                      QStringLiteral("/api/v1/pods?watch=1&timeoutSeconds=1&resourceVersion=%1")
                          .arg(m_sim->revision()));
    QTRY_COMPARE(m_sim->openWatchCount(), 2);
    QTRY_VERIFY(fresh.started());
    const auto streams = m_sim->server()->findChildren<WatchStream *>();
    QCOMPARE(streams.size(), 2);
    QList<qint64> written;
    for (const WatchStream *s : streams)
        written << s->bytesWritten();
    m_timers.advance(1200); // timeoutSeconds=1 has expired, the stall has 300 ms to go
    lens::test::runPendingEvents();
    for (qsizetype i = 0; i < streams.size(); ++i)
        QCOMPARE(streams.at(i)->bytesWritten(), written.at(i)); // held: not a byte written
    QCOMPARE(fresh.lines.size(), 0);
    QVERIFY(!timed.finished);
    m_timers.advance(300);
    QTRY_VERIFY_WITH_TIMEOUT(timed.finished, 3000);
    QCOMPARE(timed.error, QNetworkReply::NoError); // a clean end, after the stall
    QTRY_COMPARE(fresh.events.size(), shop);
}

void tst_SimFaults::stallOverControlApi()
{
    timersOnManualClock();
    WatchClient w(*m_nam, m_url,
                  QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1").arg(m_sim->revision()));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    QNetworkAccessManager control;
    HttpResult r = request(control, m_url, "POST", QStringLiteral("/sim/v1/stall?seconds=30"));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(QStringLiteral("stalled")).toInt(), 1);
    QVERIFY(r.json().value(QStringLiteral("stallRemainingMs")).toInt() > 20000);
    WatchStream *stream = openStream();
    QVERIFY(stream);
    const qint64 written = stream->bytesWritten();
    QVERIFY(
        m_sim->store()->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("s2"))).ok());
    m_timers.advance(200);
    lens::test::runPendingEvents();
    QCOMPARE(stream->bytesWritten(), written); // the event is held
    QCOMPARE(w.lines.size(), 0);
    r = get(control, m_url, QStringLiteral("/sim/v1/state"));
    QCOMPARE(r.json().value(QStringLiteral("stallRemainingMs")).toInt(), 30000 - 200);
    // seconds=0 ends the stall: the held event arrives at once.
    r = request(control, m_url, "POST", QStringLiteral("/sim/v1/stall?seconds=0"));
    QCOMPARE(r.json().value(QStringLiteral("stallRemainingMs")).toInt(), 0);
    QTRY_COMPARE(w.lines.size(), 1);
    QCOMPARE(request(control, m_url, "POST", QStringLiteral("/sim/v1/stall")).status, 400);
}

void tst_SimFaults::tooLargeFaultOnListAndWatch()
{
    m_sim->answerTooLargeResourceVersion(2);
    const qint64 cur = m_sim->revision();
    HttpResult r = get(*m_nam, m_url, QStringLiteral("/api/v1/namespaces/shop/pods"));
    QCOMPARE(r.status, 504);
    QCOMPARE(r.retryAfter, QByteArray("1"));
    QJsonObject want = QJsonDocument::fromJson(QByteArray(kFixture16)).object();
    want.insert(QStringLiteral("message"),
                QStringLiteral("Timeout: Too large resource version: %1, current: %2")
                    .arg(cur + 1)
                    .arg(cur));
    QCOMPARE(r.json(), want);
    // A watch gets it before the stream starts; a named resourceVersion is quoted.
    r = get(*m_nam, m_url, QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1").arg(cur + 50));
    QCOMPARE(r.status, 504);
    QCOMPARE(r.json().value(QStringLiteral("message")).toString(),
             QStringLiteral("Timeout: Too large resource version: %1, current: %2")
                 .arg(cur + 50)
                 .arg(cur));
    QCOMPARE(m_sim->openWatchCount(), 0);
    // Single-object GETs and discovery are not counted; the third list is normal again.
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/api/v1")).status, 200);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/api/v1/pods")).status, 200);
    QCOMPARE(m_sim->server()->pendingTooLarge(), 0);
}

void tst_SimFaults::tooLargeOverControlApi()
{
    HttpResult r = post(QStringLiteral("/sim/v1/too-large?count=3"));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(QStringLiteral("pendingTooLarge")).toInt(), 3);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/sim/v1/state"))
                 .json()
                 .value(QStringLiteral("pendingTooLarge"))
                 .toInt(),
             3);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/api/v1/nodes")).status, 504);
    r = post(QStringLiteral("/sim/v1/too-large?count=0"));
    QCOMPARE(r.json().value(QStringLiteral("pendingTooLarge")).toInt(), 0);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/api/v1/nodes")).status, 200);
}

void tst_SimFaults::oldServerIgnoresSendInitialEvents()
{
    const int n = int(m_sim->store()->objects(kPods, QStringLiteral("shop")).size());
    const QString watchList = QStringLiteral(
        "/api/v1/namespaces/shop/pods?watch=1&sendInitialEvents=true&allowWatchBookmarks=true"
        "&resourceVersionMatch=NotOlderThan");
    QCOMPARE(post(QStringLiteral("/sim/v1/ignore-send-initial-events?enabled=true"))
                 .json()
                 .value(QStringLiteral("ignoreSendInitialEvents"))
                 .toBool(),
             true);
    // RV "": the legacy synthetic ADDED, and never the initial-events-end bookmark.
    WatchClient fromEmpty(*m_nam, m_url, watchList);
    QTRY_COMPARE(fromEmpty.events.size(), n);
    QVERIFY(
        m_sim->store()->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("o1"))).ok());
    QTRY_COMPARE(fromEmpty.events.size(), n + 1);
    QCOMPARE(fromEmpty.types(), QStringList(n + 1, QStringLiteral("ADDED")));
    // RV N: a plain watch from N, no state at all.
    const qint64 rv = m_sim->revision();
    QNetworkAccessManager nam2;
    WatchClient fromRv(nam2, m_url, watchList + QStringLiteral("&resourceVersion=%1").arg(rv));
    QTRY_COMPARE(m_sim->openWatchCount(), 2);
    QCOMPARE(fromRv.events.size(), 0);
    // The stream is ordered: o2's ADDED is its first line, so nothing came before it (no state).
    QVERIFY(
        m_sim->store()->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("o2"))).ok());
    QTRY_VERIFY(!fromRv.events.isEmpty());
    QCOMPARE(fromRv.types(), QStringList{QStringLiteral("ADDED")});
    QCOMPARE(metaString(fromRv.events.first(), "name"), QStringLiteral("o2"));
    // Parameters an old server does not know are not validated either.
    QCOMPARE(get(*m_nam, m_url,
                 QStringLiteral("/api/v1/pods?watch=1&sendInitialEvents=true&timeoutSeconds=1"))
                 .status,
             200);
    // Switched back: the same request is a WatchList again.
    m_sim->setIgnoreSendInitialEvents(false);
    QCOMPARE(
        get(*m_nam, m_url, QStringLiteral("/api/v1/pods?watch=1&sendInitialEvents=true")).status,
        422);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/sim/v1/state"))
                 .json()
                 .value(QStringLiteral("ignoreSendInitialEvents"))
                 .toBool(),
             false);
}

void tst_SimFaults::stateEndpoint()
{
    WatchClient w(*m_nam, m_url, QStringLiteral("/api/v1/pods?watch=1"));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    m_sim->store()->setHistoryLimit(7);
    m_sim->failNextRequests(2, 503, 4);
    QNetworkAccessManager nam2;
    const HttpResult r = get(nam2, m_url, QStringLiteral("/sim/v1/state")); // not counted
    QCOMPARE(r.status, 200);
    const QJsonObject st = r.json();
    QCOMPARE(st.value(QStringLiteral("revision")).toInteger(), m_sim->revision());
    QCOMPARE(st.value(QStringLiteral("openWatches")).toInt(), 1);
    QCOMPARE(st.value(QStringLiteral("historyLimit")).toInt(), 7);
    QCOMPARE(st.value(QStringLiteral("historySize")).toInt(), 7);
    QCOMPARE(st.value(QStringLiteral("oldestRetainedRevision")).toInteger(), m_sim->revision() - 7);
    QCOMPARE(st.value(QStringLiteral("pendingFailures")).toInt(), 2);
    QCOMPARE(st.value(QStringLiteral("failCode")).toInt(), 503);
    const QJsonObject objects = st.value(QStringLiteral("objects")).toObject();
    const QList<ResourceType> types = m_sim->store()->resourceTypes();
    QCOMPARE(objects.size(), types.size());
    for (const ResourceType &t : types)
        QCOMPARE(objects.value(t.name).toInt(), m_sim->store()->count(t.key()));
    QCOMPARE(objects.value(kPods).toInt(), 16);
    // Counted under the resource's name, group or not.
    QCOMPARE(objects.value(QStringLiteral("deployments")).toInt(), 1);
    QCOMPARE(objects.value(QStringLiteral("storageclasses")).toInt(), 1);
    QCOMPARE(objects.value(QStringLiteral("persistentvolumeclaims")).toInt(), 3);
}

void tst_SimFaults::watchListInitialEventsThenOneBookmark()
{
    const HttpResult list = get(*m_nam, m_url, QStringLiteral("/api/v1/namespaces/shop/pods"));
    QCOMPARE(list.status, 200);
    const QString listRv =
        list.json()[QStringLiteral("metadata")][QStringLiteral("resourceVersion")].toString();
    const QJsonArray items = list.json().value(QStringLiteral("items")).toArray();
    QVERIFY(!items.isEmpty());
    WatchClient w(*m_nam, m_url,
                  QStringLiteral("/api/v1/namespaces/shop/pods?watch=1&sendInitialEvents=true"
                                 "&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan"
                                 "&resourceVersion=%1")
                      .arg(listRv));
    QTRY_COMPARE(w.events.size(), items.size() + 1);
    for (qsizetype i = 0; i < items.size(); ++i) {
        QCOMPARE(w.events[i].value(QStringLiteral("type")).toString(), QStringLiteral("ADDED"));
        QCOMPARE(metaString(w.events[i], "name"),
                 items[i][QStringLiteral("metadata")][QStringLiteral("name")].toString());
    }
    const QJsonObject bm = w.events.last();
    QCOMPARE(bm.value(QStringLiteral("type")).toString(), QStringLiteral("BOOKMARK"));
    QCOMPARE(metaString(bm, "resourceVersion"), listRv);
    QCOMPARE(bm[QStringLiteral("object")][QStringLiteral("metadata")][QStringLiteral("annotations")]
                 .toObject(),
             (QJsonObject{{QStringLiteral("k8s.io/initial-events-end"), QStringLiteral("true")}}));
    QCOMPARE(bm[QStringLiteral("object")][QStringLiteral("kind")].toString(),
             QStringLiteral("Pod"));
    // Then live events, and no second end marker.
    QVERIFY(
        m_sim->store()->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("wl"))).ok());
    QTRY_COMPARE(w.events.size(), items.size() + 2);
    QCOMPARE(w.events.last().value(QStringLiteral("type")).toString(), QStringLiteral("ADDED"));
    QCOMPARE(metaString(w.events.last(), "name"), QStringLiteral("wl"));
    int markers = 0;
    for (const QByteArray &line : std::as_const(w.lines))
        markers += line.contains("initial-events-end") ? 1 : 0;
    QCOMPARE(markers, 1);
}

void tst_SimFaults::watchListWithoutBookmarksHasNoEndMarker()
{
    const int n = int(m_sim->store()->objects(kPods, QStringLiteral("shop")).size());
    WatchClient w(*m_nam, m_url,
                  QStringLiteral("/api/v1/namespaces/shop/pods?watch=1&sendInitialEvents=true"
                                 "&resourceVersionMatch=NotOlderThan"));
    QTRY_COMPARE(w.events.size(), n);
    QVERIFY(
        m_sim->store()->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("nb"))).ok());
    QTRY_COMPARE(w.events.size(), n + 1);
    QCOMPARE(w.types(), QStringList(n + 1, QStringLiteral("ADDED")));
}

void tst_SimFaults::watchListIgnoresHistoryAndRejectsFutureRv()
{
    const qint64 old = m_sim->revision();
    QVERIFY(
        m_sim->store()->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("h1"))).ok());
    m_sim->compact();
    const int n = int(m_sim->store()->objects(kPods, QStringLiteral("shop")).size());
    const QString base = QStringLiteral(
        "/api/v1/namespaces/shop/pods?watch=1&sendInitialEvents=true&allowWatchBookmarks=true"
        "&resourceVersionMatch=NotOlderThan&resourceVersion=%1");
    // NotOlderThan an old (compacted) RV: the current state, no 410.
    WatchClient w(*m_nam, m_url, base.arg(old));
    QTRY_COMPARE(w.events.size(), n + 1);
    QCOMPARE(metaString(w.events.last(), "resourceVersion"), QString::number(m_sim->revision()));
    // A future RV: 504 Too large resource version before the stream.
    const HttpResult r = get(*m_nam, m_url, base.arg(m_sim->revision() + 10));
    QCOMPARE(r.status, 504);
    QCOMPARE(
        r.json()[QStringLiteral("details")][QStringLiteral("causes")][0][QStringLiteral("reason")]
            .toString(),
        QStringLiteral("ResourceVersionTooLarge"));
}

void tst_SimFaults::sendInitialEventsFalseStartsNow()
{
    WatchClient w(*m_nam, m_url,
                  QStringLiteral("/api/v1/namespaces/shop/pods?watch=1&sendInitialEvents=false"
                                 "&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true"));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    QCOMPARE(w.events.size(), 0);
    // The stream is ordered: f1's ADDED is its first line, so no synthetic ADDED came before
    // it, unlike on a legacy RV "" watch.
    QVERIFY(
        m_sim->store()->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("f1"))).ok());
    QTRY_VERIFY(!w.events.isEmpty());
    QCOMPARE(w.types(), QStringList{QStringLiteral("ADDED")});
    QCOMPARE(metaString(w.events.first(), "name"), QStringLiteral("f1"));
}

void tst_SimFaults::watchOptionValidation()
{
    struct Case {
        QString query;
        QStringList errors;
    };
    const QString forbiddenSie = QStringLiteral(
        "resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch "
        "to NotOlderThan");
    const QList<Case> cases{
        {QStringLiteral("sendInitialEvents=true&allowWatchBookmarks=true"), {forbiddenSie}},
        {QStringLiteral("resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true"),
         {QStringLiteral("resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for "
                         "watch unless sendInitialEvents is provided")}},
        {QStringLiteral(
             "sendInitialEvents=true&resourceVersionMatch=Exact&allowWatchBookmarks=true"),
         {forbiddenSie, QStringLiteral("resourceVersionMatch: Unsupported value: \"Exact\": "
                                       "supported values: \"NotOlderThan\"")}},
    };
    for (const Case &k : cases) {
        const HttpResult r = get(*m_nam, m_url, QStringLiteral("/api/v1/pods?watch=1&") + k.query);
        QCOMPARE(r.status, 422);
        const QJsonObject st = r.json();
        QCOMPARE(st.value(QStringLiteral("reason")).toString(), QStringLiteral("Invalid"));
        QCOMPARE(st.value(QStringLiteral("code")).toInt(), 422);
        const QString aggregate =
            k.errors.size() == 1
                ? k.errors.first()
                : QLatin1Char('[') + k.errors.join(QLatin1String(", ")) + QLatin1Char(']');
        QCOMPARE(st.value(QStringLiteral("message")).toString(), invalidMessage(aggregate));
        const QJsonObject details = st.value(QStringLiteral("details")).toObject();
        QCOMPARE(details.value(QStringLiteral("kind")).toString(), QStringLiteral("ListOptions"));
        QCOMPARE(details.value(QStringLiteral("group")).toString(), QStringLiteral("meta.k8s.io"));
        const QJsonArray causes = details.value(QStringLiteral("causes")).toArray();
        QCOMPARE(causes.size(), k.errors.size());
        QCOMPARE(causes[0][QStringLiteral("field")].toString(),
                 QStringLiteral("resourceVersionMatch"));
    }
    QCOMPARE(m_sim->openWatchCount(), 0);
}

void tst_SimFaults::listOptionValidation()
{
    HttpResult r = get(*m_nam, m_url, QStringLiteral("/api/v1/pods?sendInitialEvents=true"));
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(QStringLiteral("message")).toString(),
             invalidMessage(QStringLiteral(
                 "sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list")));
    r = get(*m_nam, m_url, QStringLiteral("/api/v1/pods?resourceVersionMatch=Exact"));
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(QStringLiteral("message")).toString(),
             invalidMessage(QStringLiteral("resourceVersionMatch: Forbidden: resourceVersionMatch "
                                           "is forbidden unless resourceVersion is provided")));
    r = get(*m_nam, m_url,
            QStringLiteral("/api/v1/pods?resourceVersion=0&resourceVersionMatch=Exact"));
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(QStringLiteral("message")).toString(),
             invalidMessage(QStringLiteral("resourceVersionMatch: Forbidden: resourceVersionMatch "
                                           "\"exact\" is forbidden for resourceVersion \"0\"")));
    r = get(*m_nam, m_url,
            QStringLiteral("/api/v1/pods?resourceVersion=1&resourceVersionMatch=Newest"));
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(QStringLiteral("message")).toString(),
             invalidMessage(QStringLiteral("resourceVersionMatch: Unsupported value: \"Newest\": "
                                           "supported values: \"Exact\", \"NotOlderThan\", "
                                           "\"\"")));
    r = get(*m_nam, m_url,
            QStringLiteral("/api/v1/pods?resourceVersion=%1&resourceVersionMatch=NotOlderThan")
                .arg(m_sim->revision()));
    QCOMPARE(r.status, 200);
}

void tst_SimFaults::hundredWatchesWithSelectorsWhileApiAnswers()
{
    // QNAM opens at most 6 connections per host: 20 managers x 5 watches. Even-numbered watches
    // select app=hot, the others see everything.
    std::vector<std::unique_ptr<QNetworkAccessManager>> nams;
    std::vector<std::unique_ptr<WatchClient>> watches;
    const qint64 rv = m_sim->revision();
    for (int i = 0; i < 20; ++i) {
        nams.push_back(std::make_unique<QNetworkAccessManager>());
        for (int j = 0; j < 5; ++j) {
            const bool filtered = (i * 5 + j) % 2 == 0;
            watches.push_back(std::make_unique<WatchClient>(
                *nams.back(), m_url,
                QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1%2")
                    .arg(rv)
                    .arg(filtered ? QStringLiteral("&labelSelector=app%3Dhot") : QString())));
        }
    }
    QTRY_COMPARE_WITH_TIMEOUT(m_sim->openWatchCount(), 100, 15000);
    QNetworkAccessManager plain;
    for (int i = 0; i < 5; ++i) {
        const HttpResult api = get(plain, m_url, QStringLiteral("/api"));
        QCOMPARE(api.status, 200);
        QVERIFY2(api.elapsedMs < 500, qPrintable(QString::number(api.elapsedMs)));
    }
    const HttpResult list = get(plain, m_url, QStringLiteral("/api/v1/pods"));
    QCOMPARE(list.status, 200);
    QVERIFY2(list.elapsedMs < 1000, qPrintable(QString::number(list.elapsedMs)));

    Store *s = m_sim->store();
    const WriteResult cold = s->create(
        kPods, podJson(QStringLiteral("shop"), QStringLiteral("mover"), QStringLiteral("cold")));
    const WriteResult hot = s->update(kPods, withLabel(cold.object.json(), QStringLiteral("hot")));
    const WriteResult back = s->update(kPods, withLabel(hot.object.json(), QStringLiteral("cold")));
    QVERIFY(back.ok());
    for (std::size_t k = 0; k < watches.size(); ++k) {
        const WatchClient &w = *watches[k];
        if (k % 2 == 0) {
            // Into the selection: ADDED; out of it: DELETED with the old content and the new RV.
            QTRY_COMPARE(w.types(),
                         (QStringList{QStringLiteral("ADDED"), QStringLiteral("DELETED")}));
            QCOMPARE(metaString(w.events[1], "resourceVersion"), back.object.resourceVersion());
            QCOMPARE(w.events[1][QStringLiteral("object")][QStringLiteral("metadata")]
                             [QStringLiteral("labels")][QStringLiteral("app")]
                                 .toString(),
                     QStringLiteral("hot"));
        } else {
            QTRY_COMPARE(w.types(),
                         (QStringList{QStringLiteral("ADDED"), QStringLiteral("MODIFIED"),
                                      QStringLiteral("MODIFIED")}));
        }
    }
    watches.clear();
    QTRY_COMPARE(m_sim->openWatchCount(), 0);
}

void tst_SimFaults::accessLog()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("access.log"));
    QString error;
    QVERIFY2(m_sim->server()->openAccessLog(path, &error), qPrintable(error));
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/api/v1/pods?limit=2")).status, 200);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/api/v1/namespaces/shop/pods/nope")).status, 404);
    {
        WatchClient w(*m_nam, m_url, QStringLiteral("/api/v1/pods?watch=1&resourceVersion=0"));
        QTRY_COMPARE(m_sim->openWatchCount(), 1);
    }
    QVERIFY(m_sim->server()->openAccessLog(QString())); // stop
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/api")).status, 200);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().split('\n');
    QCOMPARE(lines.size(), 4); // three lines and the empty rest after the last newline
    const QRegularExpression re(QStringLiteral(
        R"re(^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z "HTTP" verb="(\w+)" URI="([^"]*)" )re"
        R"re(latency="[0-9.]+µs" userAgent="[^"]*" srcIP="127\.0\.0\.1:\d+" resp=(\d+)$)re"));
    const QStringList want{QStringLiteral("GET /api/v1/pods?limit=2 200"),
                           QStringLiteral("GET /api/v1/namespaces/shop/pods/nope 404"),
                           QStringLiteral("GET /api/v1/pods?watch=1&resourceVersion=0 200")};
    for (int i = 0; i < 3; ++i) {
        const QRegularExpressionMatch m = re.match(QString::fromUtf8(lines[i]));
        QVERIFY2(m.hasMatch(), lines[i].constData());
        QCOMPARE(m.captured(1) + QLatin1Char(' ') + m.captured(2) + QLatin1Char(' ') +
                     m.captured(3),
                 want[i]);
    }
    QVERIFY(
        !m_sim->server()->openAccessLog(dir.filePath(QStringLiteral("no/such/dir/log")), &error));
    QVERIFY(!error.isEmpty());
}

void tst_SimFaults::largeInitialStateIsFlowControlled()
{
    // 12000 pods are ~40 MB of ADDED lines: more than the 32 MiB a client may leave unread, so
    // written at once they would cut the watch. They are produced as the socket drains instead,
    // and a write made meanwhile arrives after the initial-events-end bookmark.
    Simulator big;
    Simulator::Options o;
    o.pods = 12000;
    QString error;
    QVERIFY2(big.start(o, &error), qPrintable(error));
    const qint64 listRv = big.revision();
    const int n = int(big.objects(kPods).size());
    QCOMPARE(n, 12000);
    QNetworkAccessManager nam;
    WatchClient w(nam, big.url(),
                  QStringLiteral("/api/v1/pods?watch=1&sendInitialEvents=true"
                                 "&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan"));
    QTRY_COMPARE(big.openWatchCount(), 1);
    const WriteResult live =
        big.store()->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("during")));
    QVERIFY(live.ok());
    QTRY_COMPARE_WITH_TIMEOUT(w.events.size(), n + 2, 60000);
    QCOMPARE(big.openWatchCount(), 1);
    QCOMPARE(w.events[n].value(QStringLiteral("type")).toString(), QStringLiteral("BOOKMARK"));
    QCOMPARE(metaString(w.events[n], "resourceVersion"), QString::number(listRv));
    QCOMPARE(w.events[n + 1].value(QStringLiteral("type")).toString(), QStringLiteral("ADDED"));
    QCOMPARE(metaString(w.events[n + 1], "name"), QStringLiteral("during"));
    QSet<QString> names;
    for (int i = 0; i < n; ++i)
        names.insert(metaString(w.events[i], "namespace") + QLatin1Char('/') +
                     metaString(w.events[i], "name"));
    QCOMPARE(names.size(), n);
}

void tst_SimFaults::historyWindowByTime()
{
    // The history ages on a clock the test moves.
    lens::ManualClock history;
    m_sim->store()->setHistoryClock(&history);
    const auto restore = qScopeGuard([this] { m_sim->store()->setHistoryClock(nullptr); });
    const qint64 before = m_sim->revision();
    QVERIFY(
        m_sim->store()->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("t1"))).ok());
    HttpResult r = post(QStringLiteral("/sim/v1/history-window?ms=300"));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(QStringLiteral("historyWindowMs")).toInt(), 300);
    // Still inside the window: the watch from `before` replays the create.
    {
        WatchClient w(*m_nam, m_url,
                      QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1").arg(before));
        QTRY_COMPARE(w.types(), QStringList{QStringLiteral("ADDED")});
    }
    // Once the events are older than the window they fall off by themselves (no write needed).
    history.advance(10000);
    QTRY_COMPARE_WITH_TIMEOUT(m_sim->store()->historySize(), 0, 3000);
    QCOMPARE(m_sim->store()->oldestRetainedRevision(), m_sim->revision());
    WatchClient late(*m_nam, m_url,
                     QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1").arg(before));
    QTRY_VERIFY(late.finished);
    QCOMPARE(late.events.size(), 1);
    QCOMPARE(late.events[0][QStringLiteral("object")][QStringLiteral("code")].toInt(), 410);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/sim/v1/state"))
                 .json()
                 .value(QStringLiteral("historyWindowMs"))
                 .toInt(),
             300);
    // The count limit still applies with the window off again.
    m_sim->store()->setHistoryWindowMs(0);
    QVERIFY(
        m_sim->store()->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("t2"))).ok());
    history.advance(10000);
    lens::test::runPendingEvents();
    QCOMPARE(m_sim->store()->historySize(), 1);
}

QTEST_GUILESS_MAIN(tst_SimFaults)
#include "tst_simfaults.moc"
