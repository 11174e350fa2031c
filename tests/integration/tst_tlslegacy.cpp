// SPDX-License-Identifier: Apache-2.0
// Issue 40: a server certificate that names its host only in the Common Name, with no subject
// alternative name, was accepted (OpenSSL still falls back to the CN). Go 1.15 and later, and
// so kubectl and client-go, refuse it: "x509: certificate relies on legacy Common Name field,
// use SANs instead". Needs the openssl command, as the built-in cluster's --tls does.
// Also: http:// to a port that hung up without an answer said "if it serves HTTPS, write
// https://" whether it did or not; a TLS handshake now tells the two apart.
#include "client/httplisterwatcher.h"

#include <QProcess>
#include <QSignalSpy>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace lens;

class tst_TlsLegacy : public QObject {
    Q_OBJECT
private slots:
    void commonNameOnlyIsRefused();
    void plainHttpToATlsPortSaysHttps();
    void plainHttpHangUpIsNotSentToHttps();
    void httpsToAPlainHttpServerSaysHttp();
};

namespace {
bool openssl(const QTemporaryDir &dir, const QStringList &args)
{
    QProcess p;
    p.setWorkingDirectory(dir.path());
    p.start(QStringLiteral("openssl"), args);
    return p.waitForFinished(30000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}
/// A new RSA key in `key` and a certificate it signs for itself in `cert`, valid for 2 days.
bool selfSigned(const QTemporaryDir &dir, const QString &key, const QString &cert,
                const QString &subject)
{
    return openssl(dir,
                   {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                    QStringLiteral("rsa:2048"), QStringLiteral("-nodes"), QStringLiteral("-keyout"),
                    key, QStringLiteral("-out"), cert, QStringLiteral("-days"), QStringLiteral("2"),
                    QStringLiteral("-subj"), subject});
}
QByteArray read(const QTemporaryDir &dir, const QString &name)
{
    QFile f(dir.filePath(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
/// The message of a LIST sent to `url`, which must fail.
QString listError(const QUrl &url)
{
    HttpListerWatcher lw(url, QStringLiteral("/api/v1/pods"));
    std::unique_ptr<ListCall> call(lw.list(ListOptions{}));
    QSignalSpy finished(call.get(), &ListCall::finished);
    if (!finished.wait(20000) || call->ok())
        return QStringLiteral("(no failure)");
    return call->error().describe();
}
} // namespace

void tst_TlsLegacy::plainHttpToATlsPortSaysHttps()
{
    QTemporaryDir dir;
    QVERIFY(selfSigned(dir, QStringLiteral("k.pem"), QStringLiteral("c.pem"),
                       QStringLiteral("/CN=localhost")));
    // On a thread of its own: the client's probe waits for the handshake on this one.
    QThread thread;
    thread.start();
    auto *server = new QSslServer;
    QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
    ssl.setLocalCertificate(QSslCertificate(read(dir, QStringLiteral("c.pem"))));
    ssl.setPrivateKey(QSslKey(read(dir, QStringLiteral("k.pem")), QSsl::Rsa));
    server->setSslConfiguration(ssl);
    QVERIFY(server->listen(QHostAddress::LocalHost));
    const quint16 port = server->serverPort();
    server->moveToThread(&thread);
    const QString error = listError(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)));
    QMetaObject::invokeMethod(server, &QObject::deleteLater);
    thread.quit();
    thread.wait();
    QVERIFY2(error.contains(QLatin1String("closed the connection without an answer to plain "
                                          "HTTP, and it speaks TLS on that port: write the "
                                          "server address with https://")),
             qPrintable(error));
}

void tst_TlsLegacy::plainHttpHangUpIsNotSentToHttps()
{
    QTcpServer server; // reads the request, then resets the connection
    QVERIFY(server.listen(QHostAddress::LocalHost));
    connect(&server, &QTcpServer::pendingConnectionAvailable, this, [&] {
        while (QTcpSocket *s = server.nextPendingConnection())
            connect(s, &QTcpSocket::readyRead, s, [s] {
                if (s->readAll().contains("\r\n\r\n"))
                    s->abort();
            });
    });
    const QString error =
        listError(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server.serverPort())));
    QVERIFY2(error.contains(QLatin1String("it does not speak TLS on that port either, so "
                                          "https:// would not help")),
             qPrintable(error));
    QVERIFY2(!error.contains(QLatin1String("write the server address")), qPrintable(error));
}

// Hostile round 3: https:// to a plain-HTTP server was told as "the server and this client
// share no TLS version" (OpenSSL's "wrong version number").
void tst_TlsLegacy::httpsToAPlainHttpServerSaysHttp()
{
    QTcpServer plain; // answers anything with an HTTP 400, as a plain-HTTP server does
    QVERIFY(plain.listen(QHostAddress::LocalHost));
    connect(&plain, &QTcpServer::pendingConnectionAvailable, this, [&] {
        while (QTcpSocket *s = plain.nextPendingConnection())
            connect(s, &QTcpSocket::readyRead, s, [s] {
                s->readAll();
                s->write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n");
            });
    });
    const QString error =
        listError(QUrl(QStringLiteral("https://127.0.0.1:%1").arg(plain.serverPort())));
    QVERIFY2(error.contains(QLatin1String("the server did not answer in TLS: a plain-HTTP server "
                                          "answers that way (write its address with http://)")),
             qPrintable(error));
}

void tst_TlsLegacy::commonNameOnlyIsRefused()
{
    QTemporaryDir dir;
    // A CA, and a server certificate it signs for CN=127.0.0.1 with no extension at all.
    QVERIFY(selfSigned(dir, QStringLiteral("ca.key"), QStringLiteral("ca.crt"),
                       QStringLiteral("/CN=legacy-ca")));
    QVERIFY(openssl(dir, {QStringLiteral("req"), QStringLiteral("-newkey"),
                          QStringLiteral("rsa:2048"), QStringLiteral("-nodes"),
                          QStringLiteral("-keyout"), QStringLiteral("server.key"),
                          QStringLiteral("-out"), QStringLiteral("server.csr"),
                          QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1")}));
    QVERIFY(
        openssl(dir, {QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"),
                      QStringLiteral("server.csr"), QStringLiteral("-CA"), QStringLiteral("ca.crt"),
                      QStringLiteral("-CAkey"), QStringLiteral("ca.key"),
                      QStringLiteral("-CAcreateserial"), QStringLiteral("-days"),
                      QStringLiteral("2"), QStringLiteral("-out"), QStringLiteral("server.crt")}));
    const QList<QSslCertificate> ca =
        QSslCertificate::fromData(read(dir, QStringLiteral("ca.crt")));
    const QList<QSslCertificate> cert =
        QSslCertificate::fromData(read(dir, QStringLiteral("server.crt")));
    const QSslKey key(read(dir, QStringLiteral("server.key")), QSsl::Rsa);
    QVERIFY(!ca.isEmpty() && !cert.isEmpty() && !key.isNull());
    QVERIFY(cert.first().subjectAlternativeNames().isEmpty());

    QSslServer server;
    QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
    ssl.setLocalCertificate(cert.first());
    ssl.setPrivateKey(key);
    ssl.setPeerVerifyMode(QSslSocket::VerifyNone);
    server.setSslConfiguration(ssl);
    QVERIFY(server.listen(QHostAddress::LocalHost));
    int requests = 0;
    connect(&server, &QTcpServer::pendingConnectionAvailable, this, [&] {
        while (QTcpSocket *s = server.nextPendingConnection())
            connect(s, &QTcpSocket::readyRead, s, [s, &requests] {
                if (!s->readAll().contains("\r\n\r\n"))
                    return;
                ++requests;
                s->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                         "47\r\n\r\n{\"kind\":\"PodList\",\"apiVersion\":\"v1\",\"items\":[]}");
            });
    });

    RestConfig rest;
    rest.server = QUrl(QStringLiteral("https://127.0.0.1:%1").arg(server.serverPort()));
    rest.caCertificates = ca;
    HttpListerWatcher lw(rest, QStringLiteral("/api/v1/pods"));
    std::unique_ptr<ListCall> call(lw.list(ListOptions{}));
    QSignalSpy finished(call.get(), &ListCall::finished);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
    QVERIFY(!call->ok());
    QVERIFY2(call->error().message.contains(
                 QStringLiteral("x509: certificate relies on legacy Common Name field, use SANs "
                                "instead")),
             qPrintable(call->error().describe()));
    QCOMPARE(requests, 0); // refused after the handshake, before the request was sent

    // insecure-skip-tls-verify checks nothing, this included (as kubectl).
    rest.insecureSkipTlsVerify = true;
    HttpListerWatcher insecure(rest, QStringLiteral("/api/v1/pods"));
    std::unique_ptr<ListCall> again(insecure.list(ListOptions{}));
    QSignalSpy done(again.get(), &ListCall::finished);
    QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 20000);
    QVERIFY2(again->ok(), qPrintable(again->error().describe()));
}

QTEST_GUILESS_MAIN(tst_TlsLegacy)
#include "tst_tlslegacy.moc"
