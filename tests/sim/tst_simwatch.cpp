// SPDX-License-Identifier: Apache-2.0
// The simulated API server's watches over real HTTP on loopback (replay from a resourceVersion,
// rv=0's synthetic ADDED, selectors, 410, timeouts and bookmarks, dropped and many watches,
// keep-alive), its fault controls and the /sim/v1 control API, checked against the shapes
// captured from a real kube-apiserver (simserverfixtures.h).
#include "pendingevents.h"
#include "simserverfixtures.h"
#include "simtestutil.h"

#include "sim/apiserver.h"
#include "sim/continuetoken.h"
#include "sim/simulator.h"
#include "sim/store.h"
#include "sim/watchstream.h"

#include <QJsonArray>
#include <QTcpSocket>
#include <QTest>

#include <memory>

using namespace lens::sim;
using namespace simtest;

class tst_SimWatch : public QObject, public SimServerFixture {
    Q_OBJECT
private slots:
    void init();
    void cleanup();

    void watchSeesWrites();
    void watchReplaysFromResourceVersion();
    void watchRv0SyntheticAdded();
    void watchSelectorTransitions();
    void watchTooOld410();
    void watchTimeoutWithBookmark();
    void periodicBookmarks();
    void dropWatches();
    void dropWatchesMidEvent();
    void clientDisconnectEndsWatch();
    void manyConcurrentWatches();
    void keepAliveReusesConnection();
    void watchListInitialEventsShareChunks();
    void failNextRequests();
    void controlApi();

private:
    lens::ManualClock m_timers; ///< outlives every server (their watches' ClockTimers)
};

void tst_SimWatch::init()
{
    startServer(42);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(m_url.host(), QStringLiteral("127.0.0.1"));
    QVERIFY(m_url.port() > 0);
}

void tst_SimWatch::cleanup()
{
    stopServer();
}

void tst_SimWatch::watchSeesWrites()
{
    const qint64 rv = m_sim->revision();
    WatchClient w(*m_nam, m_url,
                  QStringLiteral("/api/v1/pods?watch=true&resourceVersion=%1").arg(rv));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    Store *s = m_sim->store();
    const WriteResult c = s->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("w1")));
    QVERIFY2(c.ok(), qPrintable(QString::number(c.error.code) + c.error.message));
    QJsonObject upd = with(c.object.json(), QStringLiteral("metadata.labels"),
                           QJsonObject{{QStringLiteral("v"), QStringLiteral("2")}});
    QVERIFY(s->update(kPods, upd).ok());
    QVERIFY(s->remove(kPods, QStringLiteral("shop"), QStringLiteral("w1")).ok());
    QTRY_COMPARE(w.types(), (QStringList{QStringLiteral("ADDED"), QStringLiteral("MODIFIED"),
                                         QStringLiteral("DELETED")}));
    for (int i = 0; i < 3; ++i) {
        const QJsonObject obj = w.events[i].value(QStringLiteral("object")).toObject();
        QCOMPARE(obj.value(QStringLiteral("kind")).toString(), QStringLiteral("Pod"));
        QCOMPARE(obj[QStringLiteral("metadata")][QStringLiteral("resourceVersion")].toString(),
                 QString::number(rv + 1 + i));
    }
    QCOMPARE(w.events[1][QStringLiteral("object")][QStringLiteral("metadata")]
                     [QStringLiteral("labels")][QStringLiteral("v")]
                         .toString(),
             QStringLiteral("2"));
    QVERIFY(!w.finished);
}

void tst_SimWatch::watchReplaysFromResourceVersion()
{
    Store *s = m_sim->store();
    const qint64 rv = s->revision();
    QVERIFY(s->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("r1"))).ok());
    QVERIFY(s->create(kPods, podJson(QStringLiteral("default"), QStringLiteral("r2"))).ok());
    QVERIFY(s->remove(kPods, QStringLiteral("shop"), QStringLiteral("r1")).ok());
    WatchClient all(*m_nam, m_url,
                    QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1").arg(rv));
    WatchClient shop(
        *m_nam, m_url,
        QStringLiteral("/api/v1/namespaces/shop/pods?watch=1&resourceVersion=%1").arg(rv));
    QTRY_COMPARE(all.types(), (QStringList{QStringLiteral("ADDED"), QStringLiteral("ADDED"),
                                           QStringLiteral("DELETED")}));
    QTRY_COMPARE(shop.types(), (QStringList{QStringLiteral("ADDED"), QStringLiteral("DELETED")}));
    // Live events follow the replay without gaps or repeats.
    QVERIFY(s->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("r3"))).ok());
    QTRY_COMPARE(shop.events.size(), 3);
    QCOMPARE(
        shop.events
            .last()[QStringLiteral("object")][QStringLiteral("metadata")][QStringLiteral("name")]
            .toString(),
        QStringLiteral("r3"));
    QCOMPARE(all.events.size(), 4);
}

void tst_SimWatch::watchRv0SyntheticAdded()
{
    const int n = int(m_sim->store()->objects(kPods, QStringLiteral("shop")).size());
    WatchClient w(*m_nam, m_url,
                  QStringLiteral("/api/v1/namespaces/shop/pods?watch=1&resourceVersion=0"));
    QTRY_COMPARE(w.events.size(), n);
    QCOMPARE(w.types(), QStringList(n, QStringLiteral("ADDED")));
    WatchClient empty(*m_nam, m_url, QStringLiteral("/api/v1/namespaces/shop/pods?watch=1"));
    QTRY_COMPARE(empty.events.size(), n);
}

void tst_SimWatch::watchSelectorTransitions()
{
    Store *s = m_sim->store();
    WatchClient w(*m_nam, m_url,
                  QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1&labelSelector=app%3Dhot")
                      .arg(s->revision()));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    const WriteResult c = s->create(
        kPods, podJson(QStringLiteral("shop"), QStringLiteral("t1"), QStringLiteral("cold")));
    const WriteResult hot = s->update(
        kPods, with(c.object.json(), QStringLiteral("metadata.labels.app"), QStringLiteral("hot")));
    const WriteResult cold =
        s->update(kPods, with(hot.object.json(), QStringLiteral("metadata.labels.app"),
                              QStringLiteral("cold")));
    QVERIFY(cold.ok());
    QTRY_COMPARE(w.types(), (QStringList{QStringLiteral("ADDED"), QStringLiteral("DELETED")}));
    // Leaving the selection: DELETED with the previous content and the new resourceVersion.
    const QJsonObject gone = w.events[1].value(QStringLiteral("object")).toObject();
    QCOMPARE(gone[QStringLiteral("metadata")][QStringLiteral("labels")][QStringLiteral("app")]
                 .toString(),
             QStringLiteral("hot"));
    QCOMPARE(gone[QStringLiteral("metadata")][QStringLiteral("resourceVersion")].toString(),
             cold.object.resourceVersion());
}

void tst_SimWatch::watchTooOld410()
{
    const qint64 old = m_sim->revision();
    QVERIFY(
        m_sim->store()->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("o1"))).ok());
    m_sim->compact();
    WatchClient w(
        *m_nam, m_url,
        QStringLiteral(
            "/api/v1/namespaces/shop/pods?watch=1&allowWatchBookmarks=true&resourceVersion=%1")
            .arg(old));
    QTRY_VERIFY(w.finished);
    QCOMPARE(w.status, 200);
    QCOMPARE(w.error, QNetworkReply::NoError);
    QCOMPARE(w.events.size(), 1);
    const QJsonObject want =
        with(parse(kFixture06), QStringLiteral("object.message"),
             QStringLiteral("too old resource version: %1 (%2)").arg(old).arg(m_sim->revision()));
    QCOMPARE(w.events.first(), want);
    QCOMPARE(m_sim->openWatchCount(), 0);
}

void tst_SimWatch::watchTimeoutWithBookmark()
{
    const qint64 rv = m_sim->revision();
    WatchClient w(
        *m_nam, m_url,
        QStringLiteral("/api/v1/namespaces/shop/"
                       "pods?watch=1&allowWatchBookmarks=true&resourceVersion=%1&timeoutSeconds=2")
            .arg(rv));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    QVERIFY(
        m_sim->store()->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("b1"))).ok());
    QTRY_VERIFY_WITH_TIMEOUT(w.finished, 5000);
    QCOMPARE(w.error, QNetworkReply::NoError); // clean end of the chunked body
    QCOMPARE(w.types(), (QStringList{QStringLiteral("ADDED"), QStringLiteral("BOOKMARK")}));
    QCOMPARE(w.events.last(),
             with(parse(kFixture05Bookmark), QStringLiteral("object.metadata.resourceVersion"),
                  QString::number(m_sim->revision())));
    QCOMPARE(m_sim->openWatchCount(), 0);
}

void tst_SimWatch::periodicBookmarks()
{
    m_sim->server()->setTimerClock(&m_timers); // the test moves the bookmarks' clock
    m_sim->setBookmarkInterval(150);
    WatchClient with(
        *m_nam, m_url,
        QStringLiteral("/api/v1/pods?watch=1&allowWatchBookmarks=true&resourceVersion=%1")
            .arg(m_sim->revision()));
    WatchClient without(
        *m_nam, m_url,
        QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1").arg(m_sim->revision()));
    QTRY_COMPARE(m_sim->openWatchCount(), 2);
    for (int i = 1; i <= 3; ++i) { // one bookmark per interval
        m_timers.advance(150);
        QTRY_COMPARE(with.events.size(), i);
    }
    const QStringList types = with.types();
    QCOMPARE(QSet<QString>(types.begin(), types.end()), QSet<QString>{QStringLiteral("BOOKMARK")});
    QCOMPARE(without.events.size(), 0);
    // Interval 0: no more bookmarks, however long the clock runs.
    const WatchStream *stream = nullptr;
    for (const WatchStream *s : m_sim->server()->findChildren<WatchStream *>())
        if (s->options().bookmarks)
            stream = s;
    QVERIFY(stream);
    m_sim->setBookmarkInterval(0);
    const auto n = with.events.size();
    const qint64 written = stream->bytesWritten();
    m_timers.advance(400);
    lens::test::runPendingEvents();
    QCOMPARE(stream->bytesWritten(), written); // none written, so none can be on its way
    QCOMPARE(with.events.size(), n);
}

void tst_SimWatch::dropWatches()
{
    WatchClient a(*m_nam, m_url,
                  QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1").arg(m_sim->revision()));
    WatchClient b(*m_nam, m_url, QStringLiteral("/api/v1/namespaces/shop/pods?watch=1"));
    QTRY_COMPARE(m_sim->openWatchCount(), 2);
    QCOMPARE(m_sim->dropWatches(), 2);
    QCOMPARE(m_sim->openWatchCount(), 0);
    QTRY_VERIFY(a.finished && b.finished);
    QVERIFY(a.error != QNetworkReply::NoError); // connection closed inside the chunked body
    // The server is still fine.
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/api")).status, 200);
}

void tst_SimWatch::dropWatchesMidEvent()
{
    WatchClient a(*m_nam, m_url,
                  QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1").arg(m_sim->revision()));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    QTRY_VERIFY(a.started());
    QCOMPARE(m_sim->dropWatches(true), 1);
    QTRY_VERIFY(a.finished);
    QCOMPARE(a.events.size(), 0);
    QVERIFY(a.m_tail.startsWith("{\"type\":\"MODIFIED\""));
    QVERIFY(!a.m_tail.contains('\n'));
    QVERIFY(QJsonDocument::fromJson(a.m_tail).isNull()); // truncated JSON
}

void tst_SimWatch::clientDisconnectEndsWatch()
{
    auto w = std::make_unique<WatchClient>(*m_nam, m_url, QStringLiteral("/api/v1/pods?watch=1"));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    w->abort();
    QTRY_COMPARE(m_sim->openWatchCount(), 0);
    // Writes after the client left must not crash or leak.
    QVERIFY(m_sim->store()
                ->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("after")))
                .ok());
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/healthz")).status, 200);
}

void tst_SimWatch::manyConcurrentWatches()
{
    // QNAM opens at most 6 connections per host, so spread 50 watches over 10 managers.
    std::vector<std::unique_ptr<QNetworkAccessManager>> nams;
    std::vector<std::unique_ptr<WatchClient>> watches;
    const qint64 rv = m_sim->revision();
    for (int i = 0; i < 10; ++i) {
        nams.push_back(std::make_unique<QNetworkAccessManager>());
        for (int j = 0; j < 5; ++j)
            watches.push_back(std::make_unique<WatchClient>(
                *nams.back(), m_url,
                QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1").arg(rv)));
    }
    QTRY_COMPARE(m_sim->openWatchCount(), 50);
    const HttpResult api = get(*m_nam, m_url, QStringLiteral("/api"));
    QCOMPARE(api.status, 200);
    QVERIFY2(api.elapsedMs < 1000, qPrintable(QString::number(api.elapsedMs)));
    const HttpResult list = get(*m_nam, m_url, QStringLiteral("/api/v1/pods"));
    QCOMPARE(list.status, 200);
    QVERIFY(m_sim->store()
                ->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("fanout")))
                .ok());
    for (const auto &w : watches)
        QTRY_COMPARE(w->events.size(), 1);
    watches.clear();
    QTRY_COMPARE(m_sim->openWatchCount(), 0);
}

void tst_SimWatch::keepAliveReusesConnection()
{
    QTcpSocket sock;
    QByteArray in;
    connect(&sock, &QTcpSocket::readyRead, &sock, [&] { in += sock.readAll(); });
    sock.connectToHost(QHostAddress::LocalHost, m_url.port());
    QTRY_COMPARE(sock.state(), QAbstractSocket::ConnectedState);
    const auto exchange = [&](const QByteArray &path) -> QByteArray {
        in.clear();
        sock.write("GET " + path + " HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n\r\n");
        if (!QTest::qWaitFor([&] { return in.contains("\r\n\r\n"); }, 5000))
            return {};
        const QByteArray head = in.left(in.indexOf("\r\n\r\n"));
        const qsizetype at = head.indexOf("Content-Length: ");
        if (at < 0)
            return {};
        const int len = head.mid(at + 16, head.indexOf("\r\n", at) - at - 16).toInt();
        if (!QTest::qWaitFor([&] { return in.size() >= head.size() + 4 + len; }, 5000))
            return {};
        return in.size() == head.size() + 4 + len ? in : QByteArray();
    };
    QByteArray r1 = exchange("/version");
    QVERIFY(r1.startsWith("HTTP/1.1 200 OK\r\n"));
    QVERIFY(r1.contains("v1.32.0-lens-sim"));
    QByteArray r2 = exchange("/api/v1/namespaces/shop/pods/none");
    QVERIFY(r2.startsWith("HTTP/1.1 404 Not Found\r\n"));
    QByteArray r3 = exchange("/api");
    QVERIFY(r3.startsWith("HTTP/1.1 200 OK\r\n"));
    QCOMPARE(sock.state(), QAbstractSocket::ConnectedState);
}

namespace {
/// The chunks of a chunked body that starts after the headers in `in`: each chunk's data, in
/// order, as far as whole chunks arrived.
QList<QByteArray> chunksOf(const QByteArray &in)
{
    QList<QByteArray> chunks;
    qsizetype at = in.indexOf("\r\n\r\n");
    if (at < 0)
        return chunks;
    at += 4;
    for (;;) {
        const qsizetype eol = in.indexOf("\r\n", at);
        if (eol < 0)
            break;
        bool ok = false;
        const qsizetype size = in.mid(at, eol - at).toLongLong(&ok, 16);
        if (!ok || size == 0 || in.size() < eol + 2 + size + 2)
            break;
        chunks << in.mid(eol + 2, size);
        at = eol + 2 + size + 2;
    }
    return chunks;
}
} // namespace

// A WatchList's initial events go out up to 256 to a chunk (WatchStream::setInitialState: a Qt
// client pays some system calls per chunk); a live event after them is a chunk of its own.
void tst_SimWatch::watchListInitialEventsShareChunks()
{
    for (int i = 0; i < 600; ++i)
        QVERIFY(
            m_sim->store()
                ->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("bulk-%1").arg(i)))
                .ok());
    const int pods = int(m_sim->store()->objects(kPods, QString()).size());
    QTcpSocket sock;
    QByteArray in;
    connect(&sock, &QTcpSocket::readyRead, &sock, [&] { in += sock.readAll(); });
    sock.connectToHost(QHostAddress::LocalHost, m_url.port());
    QTRY_COMPARE(sock.state(), QAbstractSocket::ConnectedState);
    sock.write("GET /api/v1/pods?watch=1&sendInitialEvents=true&allowWatchBookmarks=true"
               "&resourceVersionMatch=NotOlderThan HTTP/1.1\r\nHost: x\r\n\r\n");
    QTRY_VERIFY_WITH_TIMEOUT(in.contains("k8s.io/initial-events-end"), 20000);
    QTRY_VERIFY(in.endsWith("\r\n")); // the chunk holding the bookmark is whole
    QList<QByteArray> chunks = chunksOf(in);
    qsizetype lines = 0;
    for (const QByteArray &c : chunks) {
        QVERIFY(c.endsWith('\n')); // a chunk holds whole lines
        lines += c.count('\n');
    }
    QCOMPARE(lines, pods + 1); // every pod's ADDED and the bookmark
    QVERIFY2(chunks.size() <= (pods + 1 + 255) / 256,
             qPrintable(QStringLiteral("%1 chunks for %2 lines").arg(chunks.size()).arg(lines)));
    QVERIFY(m_sim->store()
                ->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("bulk-live")))
                .ok());
    const qsizetype before = chunks.size();
    QTRY_COMPARE(chunksOf(in).size(), before + 1);
    chunks = chunksOf(in);
    QCOMPARE(chunks.last().count('\n'), 1);
    QVERIFY(chunks.last().startsWith("{\"type\":\"ADDED\""));
}

void tst_SimWatch::failNextRequests()
{
    m_sim->failNextRequests(2, 429, 3);
    HttpResult r = get(*m_nam, m_url, QStringLiteral("/api/v1/pods"));
    QCOMPARE(r.status, 429);
    QCOMPARE(r.retryAfter, QByteArray("3"));
    QCOMPARE(r.json().value(QStringLiteral("reason")).toString(),
             QStringLiteral("TooManyRequests"));
    QCOMPARE(r.json()[QStringLiteral("details")][QStringLiteral("retryAfterSeconds")].toInt(), 3);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/healthz")).status, 200); // not counted
    r = get(*m_nam, m_url, QStringLiteral("/api/v1/pods?watch=1"));
    QCOMPARE(r.status, 429);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/api/v1/pods")).status, 200);
    m_sim->failNextRequests(1, 500);
    r = get(*m_nam, m_url, QStringLiteral("/api"));
    QCOMPARE(r.status, 500);
    QCOMPARE(r.json().value(QStringLiteral("reason")).toString(), QStringLiteral("InternalError"));
    QVERIFY(r.retryAfter.isEmpty());
}

void tst_SimWatch::controlApi()
{
    WatchClient w(*m_nam, m_url, QStringLiteral("/api/v1/pods?watch=1"));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    HttpResult r = get(*m_nam, m_url, QStringLiteral("/sim/v1/state"));
    QCOMPARE(r.status, 200);
    QJsonObject st = r.json();
    QCOMPARE(st.value(QStringLiteral("revision")).toInteger(), m_sim->revision());
    QCOMPARE(st.value(QStringLiteral("openWatches")).toInt(), 1);
    QCOMPARE(st[QStringLiteral("objects")][QStringLiteral("pods")].toInt(),
             m_sim->objects(kPods).size());
    QCOMPARE(st[QStringLiteral("objects")][QStringLiteral("namespaces")].toInt(), 4);
    QCOMPARE(st.value(QStringLiteral("oldestRetainedRevision")).toInteger(),
             Store::InitialRevision);

    r = request(*m_nam, m_url, "POST", QStringLiteral("/sim/v1/compact"));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(QStringLiteral("compactedRevision")).toInteger(), m_sim->revision());
    r = request(*m_nam, m_url, "POST", QStringLiteral("/sim/v1/drop-watches"));
    QCOMPARE(r.json().value(QStringLiteral("dropped")).toInt(), 1);
    QTRY_VERIFY(w.finished);
    r = request(*m_nam, m_url, "POST", QStringLiteral("/sim/v1/churn?intervalMs=0&step=true"));
    QCOMPARE(r.status, 200);
    QVERIFY(!r.json().value(QStringLiteral("step")).toString().isEmpty());
    r = get(*m_nam, m_url, QStringLiteral("/sim/v1/state"));
    QCOMPARE(r.json().value(QStringLiteral("oldestRetainedRevision")).toInteger(),
             m_sim->revision() - 1);
    QCOMPARE(r.json().value(QStringLiteral("openWatches")).toInt(), 0);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/sim/v1/compact")).status, 405);
}

QTEST_GUILESS_MAIN(tst_SimWatch)
#include "tst_simwatch.moc"
