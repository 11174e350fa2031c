// SPDX-License-Identifier: Apache-2.0
// HttpWatchCall under a flood: a server on its own thread writes tens of megabytes of watch
// events as fast as loopback takes them (as informer-lens-sim and kube-apiserver send a
// WatchList's initial events). The reply reads at most HttpWatchCall::readBufferBytes() ahead
// (back-pressure), so a backlog limit a little above what the call may hold is never crossed:
// every event arrives, in order, none twice, and the end (clean, cut mid-event, or a line that is
// not an event) is still reported as before. Without the bounded read buffer Qt read the whole
// flood into memory at once, the call fell behind its limit and let the stream go, and a
// WatchList (which starts again from its first event when cut) never finished.
//
// A cut stream is the one exception to "every event": when the server closes the connection,
// Qt 6.4's HTTP channel moves only what fits the bounded reply buffer and drops what its socket
// still held (some hundreds of KiB, seen in 14 of 25 runs). Nothing is lost to the informer: the
// call reports a transport error, never a clean end, and the reflector watches again from the
// last resourceVersion it was given, as client-go does after any broken connection. So a cut
// stream is checked for a gap-free prefix and an error end; a clean end keeps the connection
// open (as kube-apiserver's keep-alive does) and must deliver everything.
#include "client/httpcalls.h"
#include "client/httplisterwatcher.h"

#include <QSignalSpy>
#include <QTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <thread>

using namespace lens;

namespace {

/// One watch event line of about `pad` bytes for pod p-i at resourceVersion i+1.
QByteArray eventLine(int i, int pad)
{
    QByteArray line = "{\"type\":\"ADDED\",\"object\":{\"kind\":\"Pod\",\"apiVersion\":\"v1\","
                      "\"metadata\":{\"name\":\"p-" +
                      QByteArray::number(i) +
                      "\",\"namespace\":\"default\",\"resourceVersion\":\"" +
                      QByteArray::number(i + 1) + "\"},\"spec\":{\"padding\":\"" +
                      QByteArray(pad, 'x') + "\"}}}\n";
    return line;
}

/// Answers one request with `body` as a chunked 200 response, written by a thread of its own
/// with blocking sends (as fast as the client's socket takes them); `complete` ends the body
/// with the last chunk, else the connection is closed where the body stops.
class FloodServer {
public:
    FloodServer(QByteArray body, bool complete) : m_body(std::move(body)), m_complete(complete)
    {
        m_listen = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = 0;
        if (::bind(m_listen, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 ||
            ::listen(m_listen, 1) != 0)
            return;
        socklen_t len = sizeof a;
        ::getsockname(m_listen, reinterpret_cast<sockaddr *>(&a), &len);
        m_port = ntohs(a.sin_port);
        m_thread = std::thread([this] { serve(); });
    }
    ~FloodServer()
    {
        ::shutdown(m_listen, SHUT_RDWR);
        if (m_thread.joinable())
            m_thread.join();
        ::close(m_listen);
    }
    quint16 port() const { return m_port; }

private:
    bool sendAll(int fd, const char *data, qsizetype n)
    {
        while (n > 0) {
            const ssize_t w = ::send(fd, data, size_t(n), MSG_NOSIGNAL);
            if (w <= 0)
                return false; // the client let go: stop
            data += w;
            n -= w;
        }
        return true;
    }
    void serve()
    {
        const int fd = ::accept(m_listen, nullptr, nullptr);
        if (fd < 0)
            return;
        QByteArray request;
        char buf[4096];
        while (!request.contains("\r\n\r\n")) {
            const ssize_t r = ::recv(fd, buf, sizeof buf, 0);
            if (r <= 0) {
                ::close(fd);
                return;
            }
            request.append(buf, r);
        }
        QByteArray head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                          "Transfer-Encoding: chunked\r\n\r\n";
        bool ok = sendAll(fd, head.constData(), head.size());
        // Chunks of 256 KiB, cut anywhere (a line may span two chunks, as on the wire).
        constexpr qsizetype kChunk = 256 * 1024;
        for (qsizetype at = 0; ok && at < m_body.size(); at += kChunk) {
            const qsizetype n = qMin(kChunk, m_body.size() - at);
            const QByteArray frame = QByteArray::number(n, 16) + "\r\n";
            ok = sendAll(fd, frame.constData(), frame.size()) &&
                 sendAll(fd, m_body.constData() + at, n) && sendAll(fd, "\r\n", 2);
        }
        if (ok && m_complete)
            sendAll(fd, "0\r\n\r\n", 5); // and the connection stays open (keep-alive)
        else
            ::shutdown(fd, SHUT_WR);
        // Wait for the client to close (or abort), so that nothing it has not read is reset;
        // at most 60 s, should a kept-alive connection outlive the test's client.
        timeval limit{60, 0};
        ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
        while (::recv(fd, buf, sizeof buf, 0) > 0) {
        }
        ::close(fd);
    }
    QByteArray m_body;
    bool m_complete;
    int m_listen = -1;
    quint16 m_port = 0;
    std::thread m_thread;
};

} // namespace

class tst_HttpWatch : public QObject {
    Q_OBJECT
private slots:
    void floodArrivesWholeAndInOrder_data();
    void floodArrivesWholeAndInOrder();
};

void tst_HttpWatch::floodArrivesWholeAndInOrder_data()
{
    QTest::addColumn<int>("garbageAt");    // index of a line that is not JSON; -1: none
    QTest::addColumn<bool>("cutMidEvent"); // the stream stops inside its last event
    QTest::newRow("flood ends cleanly") << -1 << false;
    QTest::newRow("flood cut in the middle of an event") << -1 << true;
    QTest::newRow("flood with a line that is not JSON") << 5000 << false;
}

void tst_HttpWatch::floodArrivesWholeAndInOrder()
{
    QFETCH(int, garbageAt);
    QFETCH(bool, cutMidEvent);
    constexpr int kEvents = 8000; // some 3 KiB each: 24 MB, three times the limit below
    QByteArray body;
    body.reserve(kEvents * 3200);
    for (int i = 0; i < kEvents; ++i)
        body += i == garbageAt ? QByteArray("this is not JSON\n") : eventLine(i, 3000);
    if (cutMidEvent)
        body += eventLine(kEvents, 3000).left(1000);
    FloodServer server(body, !cutMidEvent);
    QVERIFY(server.port() != 0);
    HttpListerWatcher lw(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server.port())),
                         QStringLiteral("/api/v1/pods"));
    // Above what the call may hold (read buffer, the lines it took, the decoder's share and a
    // line or two), far below the flood.
    constexpr qint64 kLimit = 8 * 1024 * 1024;
    static_assert(kLimit > HttpWatchCall::readBufferBytes() +
                               2 * HttpWatchCall::maxDecodingBytes() + 256 * 1024);
    lw.setWatchBacklogLimit(kLimit);
    std::unique_ptr<WatchCall> call(lw.watch(ListOptions{}));
    QList<WatchEvent> events;
    connect(call.get(), &WatchCall::eventReceived, this,
            [&events](const WatchEvent &e) { events << e; });
    QSignalSpy ended(call.get(), &WatchCall::ended);
    const int expected = garbageAt >= 0 ? garbageAt + 1 : kEvents;
    QTRY_VERIFY_WITH_TIMEOUT(events.size() >= expected || !ended.isEmpty(), 60000);
    // In order, none lost, none twice.
    for (int i = 0; i < qMin<qsizetype>(events.size(), expected); ++i) {
        const WatchEvent &e = events.at(i);
        if (i == garbageAt) {
            QCOMPARE(e.type, WatchEvent::Type::Error);
            QCOMPARE(e.status.code, 500);
            QVERIFY2(e.status.message.contains(
                         QLatin1String("unable to decode an event from the watch stream")),
                     qPrintable(e.status.message));
            continue;
        }
        QCOMPARE(e.type, WatchEvent::Type::Added);
        QCOMPARE(e.object.name(), QStringLiteral("p-%1").arg(i));
        QCOMPARE(e.object.resourceVersion(), QString::number(i + 1));
    }
    if (!cutMidEvent)
        QVERIFY2(events.size() >= expected,
                 qPrintable(QStringLiteral("%1 events of %2; ended: %3")
                                .arg(events.size())
                                .arg(expected)
                                .arg(ended.isEmpty()
                                         ? QStringLiteral("not yet")
                                         : ended.first().first().value<ApiStatus>().describe())));
    if (garbageAt >= 0)
        return; // the reflector stops the call at the ERROR event
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, 30000);
    const ApiStatus end = ended.first().first().value<ApiStatus>();
    if (cutMidEvent) {
        // A transport error, never a clean end, after a gap-free prefix (checked above). With
        // every whole event delivered, the cut-off line is named as such.
        QVERIFY2(end.transport == ApiStatus::Transport::Truncated ||
                     end.transport == ApiStatus::Transport::ConnectionLost,
                 qPrintable(end.describe()));
        QVERIFY(events.size() <= kEvents);
        if (events.size() == kEvents)
            QVERIFY2(end.message.contains(QLatin1String("ended in the middle of an event (1000 "
                                                        "bytes)")),
                     qPrintable(end.describe()));
    } else {
        QCOMPARE(events.size(), kEvents);
        // Not let go for falling behind: the server's pace followed the client's.
        QVERIFY2(end.code == 0 && end.transport == ApiStatus::Transport::None,
                 qPrintable(end.describe()));
    }
}

QTEST_GUILESS_MAIN(tst_HttpWatch)
#include "tst_httpwatch.moc"
