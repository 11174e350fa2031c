// SPDX-License-Identifier: Apache-2.0
// A LIST body is parsed off the UI thread (HttpListCall on the decoder thread): the page, or the
// same clear error for a cut or misshapen body, still arrives with finished() on the caller's
// thread. The server is a bare QTcpServer answering one canned body per request.
#include "client/httplisterwatcher.h"

#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

using namespace lens;

class tst_HttpList : public QObject {
    Q_OBJECT
private slots:
    void listBodyIsParsedOrExplained_data();
    void listBodyIsParsedOrExplained();
};

void tst_HttpList::listBodyIsParsedOrExplained_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("transport"); // ApiStatus::Transport; None = a page
    QTest::addColumn<QString>("says");
    QTest::addColumn<int>("items");
    QTest::newRow("list of two pods")
        << QByteArray(R"({"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"42",)"
                      R"("continue":"c1"},"items":[{"metadata":{"name":"a"}},)"
                      R"({"metadata":{"name":"b"}}]})")
        << int(ApiStatus::Transport::None) << QString() << 2;
    QTest::newRow("body cut in the middle")
        << QByteArray(R"({"kind":"PodList","items":[{"metadata":)")
        << int(ApiStatus::Transport::Truncated)
        << QStringLiteral("list body is not valid JSON at byte") << 0;
    QTest::newRow("body not an object")
        << QByteArray("[1,2]") << int(ApiStatus::Transport::Decode)
        << QStringLiteral("list body is JSON but not an object") << 0;
}

void tst_HttpList::listBodyIsParsedOrExplained()
{
    QFETCH(QByteArray, body);
    QFETCH(int, transport);
    QFETCH(QString, says);
    QFETCH(int, items);
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    connect(&server, &QTcpServer::newConnection, this, [&] {
        QTcpSocket *s = server.nextPendingConnection();
        connect(s, &QTcpSocket::readyRead, s, [s, body] {
            if (!s->peek(1 << 16).contains("\r\n\r\n"))
                return;
            s->readAll();
            s->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
                     QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
            s->disconnectFromHost();
        });
    });
    HttpListerWatcher lw(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server.serverPort())),
                         QStringLiteral("/api/v1/pods"));
    std::unique_ptr<ListCall> call(lw.list(ListOptions{}));
    QSignalSpy finished(call.get(), &ListCall::finished);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
    QCOMPARE(int(call->error().transport), transport);
    QCOMPARE(call->ok(), transport == int(ApiStatus::Transport::None));
    if (!call->ok()) {
        QVERIFY2(call->error().message.contains(says), qPrintable(call->error().message));
        return;
    }
    QCOMPARE(call->page().items.size(), items);
    QCOMPARE(call->page().items.at(1).name(), QStringLiteral("b"));
    QCOMPARE(call->page().items.at(0).kind(), QStringLiteral("Pod")); // filled in from PodList
    QCOMPARE(call->page().items.at(0).apiVersion(), QStringLiteral("v1"));
    QCOMPARE(call->page().resourceVersion, QStringLiteral("42"));
    QCOMPARE(call->page().continueToken, QStringLiteral("c1"));
}

QTEST_GUILESS_MAIN(tst_HttpList)
#include "tst_httplist.moc"
