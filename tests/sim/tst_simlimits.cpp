// SPDX-License-Identifier: Apache-2.0
// The built-in server's connection limits (ConnectionLimits, docs/simulator.md): request
// headers over 1 MiB are answered 431 Request Header Fields Too Large and the connection closed
// (nothing like the 100 MiB a client could make it buffer before), headers that do not end in
// time close the connection (Go's ReadHeaderTimeout), and whole requests and open watches are
// not touched by either.
#include "sim/apiserver.h"
#include "sim/simulator.h"

#include <QJsonObject>
#include <QTcpSocket>
#include <QTest>

#include <memory>

using namespace lens::sim;

class tst_SimLimits : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void headerOverOneMiBIs431();
    void headerJustUnderTheLimitIsServed();
    void slowHeadersAreClosed();
    void watchOutlivesTheHeaderTimeout();

private:
    /// A raw connection to the server (QNetworkAccessManager would not send what these send).
    std::unique_ptr<QTcpSocket> connectRaw();
    std::unique_ptr<Simulator> m_sim;
};

void tst_SimLimits::init()
{
    m_sim = std::make_unique<Simulator>();
    QString error;
    QVERIFY2(m_sim->start(Simulator::Options{}, &error), qPrintable(error));
}

void tst_SimLimits::cleanup()
{
    m_sim.reset();
}

std::unique_ptr<QTcpSocket> tst_SimLimits::connectRaw()
{
    auto s = std::make_unique<QTcpSocket>();
    s->connectToHost(QHostAddress::LocalHost, m_sim->url().port());
    if (!s->waitForConnected(5000))
        return nullptr;
    return s;
}

void tst_SimLimits::headerOverOneMiBIs431()
{
    QCOMPARE(m_sim->server()->connectionLimits().maxHeaderBytes, qint64(1 << 20));
    auto s = connectRaw();
    QVERIFY(s);
    QByteArray answer;
    connect(s.get(), &QTcpSocket::readyRead, this, [&] { answer += s->readAll(); });
    // 2 MiB of one header that never ends.
    s->write("GET /api/v1/pods HTTP/1.1\r\nHost: x\r\nX-Big: ");
    s->write(QByteArray(2 << 20, 'a'));
    QTRY_VERIFY_WITH_TIMEOUT(answer.contains("431"), 20000);
    QVERIFY2(answer.startsWith("HTTP/1.1 431 Request Header Fields Too Large\r\n"),
             answer.left(200).constData());
    QTRY_COMPARE_WITH_TIMEOUT(s->state(), QAbstractSocket::UnconnectedState, 10000);
    // The server goes on serving.
    auto t = connectRaw();
    QVERIFY(t);
    QByteArray ok;
    connect(t.get(), &QTcpSocket::readyRead, this, [&] { ok += t->readAll(); });
    t->write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    QTRY_VERIFY_WITH_TIMEOUT(ok.contains("\r\n\r\nok"), 10000);
    QVERIFY(ok.startsWith("HTTP/1.1 200"));
}

void tst_SimLimits::headerJustUnderTheLimitIsServed()
{
    ConnectionLimits limits;
    limits.maxHeaderBytes = 4096;
    m_sim->server()->setConnectionLimits(limits);
    auto s = connectRaw();
    QVERIFY(s);
    QByteArray answer;
    connect(s.get(), &QTcpSocket::readyRead, this, [&] { answer += s->readAll(); });
    const QByteArray head = "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: ";
    const QByteArray pad(4096 - head.size() - 4, 'p');
    s->write(head + pad + "\r\n\r\n"); // exactly 4096 bytes
    QTRY_VERIFY_WITH_TIMEOUT(answer.contains("\r\n\r\nok"), 10000);
    QVERIFY(answer.startsWith("HTTP/1.1 200"));
    // The same connection (keep-alive), one byte over: 431.
    answer.clear();
    s->write(head + pad + "q\r\n\r\n");
    QTRY_VERIFY_WITH_TIMEOUT(answer.contains("431"), 10000);
    QVERIFY(answer.startsWith("HTTP/1.1 431 "));
}

void tst_SimLimits::slowHeadersAreClosed()
{
    ConnectionLimits limits;
    limits.readHeaderTimeoutMs = 300;
    m_sim->server()->setConnectionLimits(limits);
    auto s = connectRaw();
    QVERIFY(s);
    s->write("GET /api/v1/pods HTTP/1.1\r\nHost: x\r\nX-Half: "); // and nothing more
    QTRY_COMPARE_WITH_TIMEOUT(s->state(), QAbstractSocket::UnconnectedState, 10000);
    QCOMPARE(s->readAll(), QByteArray()); // closed without an answer, as Go's server does
    // A connection that sends nothing at all is closed too.
    auto idle = connectRaw();
    QVERIFY(idle);
    QTRY_COMPARE_WITH_TIMEOUT(idle->state(), QAbstractSocket::UnconnectedState, 10000);
}

void tst_SimLimits::watchOutlivesTheHeaderTimeout()
{
    ConnectionLimits limits;
    limits.readHeaderTimeoutMs = 300;
    m_sim->server()->setConnectionLimits(limits);
    auto watch = connectRaw();
    QVERIFY(watch);
    QByteArray stream;
    connect(watch.get(), &QTcpSocket::readyRead, this, [&] { stream += watch->readAll(); });
    watch->write(
        "GET /api/v1/namespaces/default/configmaps?watch=true HTTP/1.1\r\nHost: x\r\n\r\n");
    QTRY_VERIFY_WITH_TIMEOUT(stream.startsWith("HTTP/1.1 200"), 10000);
    // A half-sent request opened after the watch is closed: the watch's headers ended longer
    // ago than the timeout by then.
    auto slow = connectRaw();
    QVERIFY(slow);
    slow->write("GET /api/v1/pods HTTP/1.1\r\n");
    QTRY_COMPARE_WITH_TIMEOUT(slow->state(), QAbstractSocket::UnconnectedState, 10000);
    QCOMPARE(watch->state(), QAbstractSocket::ConnectedState);
    m_sim->server()->store()->create(
        QStringLiteral("configmaps"),
        QJsonObject{{QLatin1String("apiVersion"), QStringLiteral("v1")},
                    {QLatin1String("kind"), QStringLiteral("ConfigMap")},
                    {QLatin1String("metadata"),
                     QJsonObject{{QLatin1String("name"), QStringLiteral("late")},
                                 {QLatin1String("namespace"), QStringLiteral("default")}}}});
    QTRY_VERIFY_WITH_TIMEOUT(stream.contains("\"late\""), 10000);
}

QTEST_MAIN(tst_SimLimits)
#include "tst_simlimits.moc"
