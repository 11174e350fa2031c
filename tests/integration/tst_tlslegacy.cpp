// SPDX-License-Identifier: Apache-2.0
// Issue 40: a server certificate that names its host only in the Common Name, with no subject
// alternative name, was accepted (OpenSSL still falls back to the CN). Go 1.15 and later, and
// so kubectl and client-go, refuse it: "x509: certificate relies on legacy Common Name field,
// use SANs instead". Needs the openssl command, as the built-in cluster's --tls does.
#include "client/httplisterwatcher.h"

#include <QProcess>
#include <QSignalSpy>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace lens;

class tst_TlsLegacy : public QObject {
    Q_OBJECT
private slots:
    void commonNameOnlyIsRefused();
};

namespace {
bool openssl(const QTemporaryDir &dir, const QStringList &args)
{
    QProcess p;
    p.setWorkingDirectory(dir.path());
    p.start(QStringLiteral("openssl"), args);
    return p.waitForFinished(30000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}
QByteArray read(const QTemporaryDir &dir, const QString &name)
{
    QFile f(dir.filePath(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

void tst_TlsLegacy::commonNameOnlyIsRefused()
{
    QTemporaryDir dir;
    // A CA, and a server certificate it signs for CN=127.0.0.1 with no extension at all.
    QVERIFY(
        openssl(dir, {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                      QStringLiteral("rsa:2048"), QStringLiteral("-nodes"),
                      QStringLiteral("-keyout"), QStringLiteral("ca.key"), QStringLiteral("-out"),
                      QStringLiteral("ca.crt"), QStringLiteral("-days"), QStringLiteral("2"),
                      QStringLiteral("-subj"), QStringLiteral("/CN=legacy-ca")}));
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
