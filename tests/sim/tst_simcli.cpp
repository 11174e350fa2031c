// SPDX-License-Identifier: Apache-2.0
// informer-lens-sim's command line: the flags reach the server (checked over HTTPS with the token
// through /sim/v1/state), the URL is the first stdout line, the files it writes are complete
// before that line, and an unknown flag fails.
#include "simtestutil.h"

#include <QFile>
#include <QNetworkInterface>
#include <QProcess>
#include <QScopeGuard>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace simtest;

class tst_SimCli : public QObject {
    Q_OBJECT
private slots:
    void flagsReachTheServer();
    void unknownFlagFails();
    void clientCaWritesCertificateNotKeyToLogs();
    void listensOnLoopbackOnlyAndSaysSo();
    void bindAddressEverywhereWarns();
};

namespace {
/// An address of this machine that other machines could use (not loopback); null when none.
QHostAddress nonLoopbackAddress()
{
    for (const QHostAddress &a : QNetworkInterface::allAddresses())
        if (a.protocol() == QAbstractSocket::IPv4Protocol && !a.isLoopback())
            return a;
    return {};
}

/// Whether a TCP connection to `address`:`port` is accepted (the test's loop turns meanwhile).
bool connects(const QHostAddress &address, quint16 port)
{
    QTcpSocket socket;
    socket.connectToHost(address, port);
    const bool settled = QTest::qWaitFor(
        [&] {
            return socket.state() != QAbstractSocket::ConnectingState &&
                   socket.state() != QAbstractSocket::HostLookupState;
        },
        10000);
    return settled && socket.state() == QAbstractSocket::ConnectedState;
}
} // namespace

void tst_SimCli::flagsReachTheServer()
{
    QTemporaryDir dir;
    QProcess sim;
    sim.start(QStringLiteral(LENS_SIM_EXE), {QStringLiteral("--tls"),
                                             QStringLiteral("--token"),
                                             QStringLiteral("cli-token"),
                                             QStringLiteral("--kubeconfig-out"),
                                             dir.filePath(QStringLiteral("k.yaml")),
                                             QStringLiteral("--ca-out"),
                                             dir.filePath(QStringLiteral("ca.pem")),
                                             QStringLiteral("--access-log"),
                                             dir.filePath(QStringLiteral("access.log")),
                                             QStringLiteral("--history-window-ms"),
                                             QStringLiteral("5000"),
                                             QStringLiteral("--history-limit"),
                                             QStringLiteral("77"),
                                             QStringLiteral("--ignore-send-initial-events"),
                                             QStringLiteral("--churn"),
                                             QStringLiteral("0"),
                                             QStringLiteral("--pods"),
                                             QStringLiteral("9"),
                                             QStringLiteral("--bookmark-interval"),
                                             QStringLiteral("1234")});
    QVERIFY(sim.waitForStarted(10000));
    const auto stop = qScopeGuard([&sim] { // our own child only, also when a check fails
        sim.kill();
        sim.waitForFinished(10000);
    });
    QTRY_VERIFY_WITH_TIMEOUT(sim.canReadLine(), 15000);
    const QUrl url(QString::fromUtf8(sim.readLine().trimmed()));
    QCOMPARE(url.scheme(), QStringLiteral("https"));
    QCOMPARE(url.host(), QStringLiteral("127.0.0.1"));
    // Written before the URL line.
    QFile ca(dir.filePath(QStringLiteral("ca.pem")));
    QVERIFY(ca.open(QIODevice::ReadOnly));
    const QByteArray caPem = ca.readAll();
    QFile kc(dir.filePath(QStringLiteral("k.yaml")));
    QVERIFY(kc.open(QIODevice::ReadOnly));
    const QByteArray kubeconfig = kc.readAll();
    QVERIFY(kubeconfig.contains("certificate-authority-data: " + caPem.toBase64()));
    QVERIFY(kubeconfig.contains("token: \"cli-token\""));

    const QList<QSslCertificate> roots = QSslCertificate::fromData(caPem);
    prepareRequest = [roots](QNetworkRequest &req) {
        QSslConfiguration conf = QSslConfiguration::defaultConfiguration();
        conf.setCaCertificates(roots);
        req.setSslConfiguration(conf);
        req.setRawHeader("Authorization", "Bearer cli-token");
        req.setRawHeader("User-Agent", "tst_simcli");
    };
    QNetworkAccessManager nam;
    const HttpResult r = get(nam, url, QStringLiteral("/sim/v1/state"));
    prepareRequest = nullptr;
    QCOMPARE(r.status, 200);
    const QJsonObject st = r.json();
    QCOMPARE(st.value(QStringLiteral("historyWindowMs")).toInt(), 5000);
    QCOMPARE(st.value(QStringLiteral("historyLimit")).toInt(), 77);
    QCOMPARE(st.value(QStringLiteral("ignoreSendInitialEvents")).toBool(), true);
    QCOMPARE(st.value(QStringLiteral("churnIntervalMs")).toInt(), 0);
    QCOMPARE(st.value(QStringLiteral("bookmarkIntervalMs")).toInt(), 1234);
    QCOMPARE(st[QStringLiteral("objects")][QStringLiteral("pods")].toInt(), 9);
    const auto logText = [&] {
        QFile log(dir.filePath(QStringLiteral("access.log")));
        return log.open(QIODevice::ReadOnly) ? log.readAll() : QByteArray();
    };
    QTRY_VERIFY(logText().contains("verb=\"GET\" URI=\"/sim/v1/state\" "));
    QVERIFY(logText().contains("userAgent=\"tst_simcli\""));
    QVERIFY(logText().contains(" resp=200\n"));
}

void tst_SimCli::unknownFlagFails()
{
    QProcess sim;
    sim.start(QStringLiteral(LENS_SIM_EXE), {QStringLiteral("--no-such-flag")});
    QVERIFY(sim.waitForFinished(10000));
    QVERIFY(sim.exitCode() != 0);
    QVERIFY(sim.readAllStandardOutput().isEmpty()); // no URL line
}

void tst_SimCli::clientCaWritesCertificateNotKeyToLogs()
{
    QTemporaryDir dir;
    QProcess sim;
    sim.start(QStringLiteral(LENS_SIM_EXE),
              {QStringLiteral("--client-ca"), QStringLiteral("--verbose"),
               QStringLiteral("--kubeconfig-out"), dir.filePath(QStringLiteral("k.yaml")),
               QStringLiteral("--access-log"), dir.filePath(QStringLiteral("access.log"))});
    const auto stop = qScopeGuard([&sim] {
        sim.kill();
        sim.waitForFinished(10000);
    });
    QTRY_VERIFY_WITH_TIMEOUT(sim.canReadLine(), 15000);
    const QUrl url(QString::fromUtf8(sim.readLine().trimmed()));
    QCOMPARE(url.scheme(), QStringLiteral("https")); // --client-ca implies --tls
    QFile kc(dir.filePath(QStringLiteral("k.yaml")));
    QVERIFY(kc.open(QIODevice::ReadOnly));
    const QByteArray kubeconfig = kc.readAll();
    QVERIFY(kubeconfig.contains("client-certificate-data: "));
    QVERIFY(kubeconfig.contains("client-key-data: "));
    QVERIFY(!kubeconfig.contains("token:"));
    QCOMPARE(kc.permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther),
             QFileDevice::Permissions());
    // A request without a certificate is 401; nothing secret reaches stdout, stderr or the log.
    QNetworkAccessManager nam;
    prepareRequest = [](QNetworkRequest &req) {
        QSslConfiguration conf = QSslConfiguration::defaultConfiguration();
        conf.setPeerVerifyMode(QSslSocket::VerifyNone); // this check is about authentication
        req.setSslConfiguration(conf);
    };
    const HttpResult r = get(nam, url, QStringLiteral("/api/v1/pods"));
    prepareRequest = nullptr;
    QCOMPARE(r.status, 401);
    const auto logText = [&] {
        QFile log(dir.filePath(QStringLiteral("access.log")));
        return log.open(QIODevice::ReadOnly) ? log.readAll() : QByteArray();
    };
    QTRY_VERIFY(logText().contains(" resp=401"));
    const QByteArray everything = sim.readAll() + sim.readAllStandardError() + logText();
    QVERIFY(!everything.contains("PRIVATE KEY"));
    QVERIFY(!everything.contains("BEGIN CERTIFICATE"));
}

// Loopback unless told otherwise, and one stderr line says where it listens.
void tst_SimCli::listensOnLoopbackOnlyAndSaysSo()
{
    QProcess sim;
    sim.start(QStringLiteral(LENS_SIM_EXE), {QStringLiteral("--churn"), QStringLiteral("0")});
    const auto stop = qScopeGuard([&sim] {
        sim.kill();
        sim.waitForFinished(10000);
    });
    QTRY_VERIFY_WITH_TIMEOUT(sim.canReadLine(), 15000);
    const QUrl url(QString::fromUtf8(sim.readLine().trimmed()));
    QCOMPARE(url.host(), QStringLiteral("127.0.0.1"));
    QByteArray err;
    QTRY_VERIFY((err += sim.readAllStandardError()).contains('\n'));
    QCOMPARE(err.left(err.indexOf('\n') + 1),
             QStringLiteral("informer-lens-sim: listening on 127.0.0.1:%1 (loopback only: "
                            "other machines cannot connect)\n")
                 .arg(url.port())
                 .toUtf8());
    // A name is not an address.
    QProcess bad;
    bad.start(QStringLiteral(LENS_SIM_EXE),
              {QStringLiteral("--bind-address"), QStringLiteral("my-laptop")});
    QVERIFY(bad.waitForFinished(10000));
    QCOMPARE(bad.exitCode(), 2);
    QVERIFY(bad.readAllStandardOutput().isEmpty());
    QVERIFY(bad.readAllStandardError().contains("--bind-address needs an IP address such as "
                                                "127.0.0.1, ::1 or 0.0.0.0 (got \"my-laptop\")"));

    QVERIFY(connects(QHostAddress::LocalHost, quint16(url.port())));
    const QHostAddress outside = nonLoopbackAddress();
    if (outside.isNull())
        QSKIP("this machine has no address but loopback");
    QVERIFY2(!connects(outside, quint16(url.port())), qPrintable(outside.toString()));
}

// --bind-address 0.0.0.0: every interface, with a warning that names the risk.
void tst_SimCli::bindAddressEverywhereWarns()
{
    QProcess sim;
    sim.start(QStringLiteral(LENS_SIM_EXE),
              {QStringLiteral("--churn"), QStringLiteral("0"), QStringLiteral("--bind-address"),
               QStringLiteral("0.0.0.0")});
    const auto stop = qScopeGuard([&sim] {
        sim.kill();
        sim.waitForFinished(10000);
    });
    QTRY_VERIFY_WITH_TIMEOUT(sim.canReadLine(), 15000);
    const QUrl url(QString::fromUtf8(sim.readLine().trimmed()));
    QCOMPARE(url.host(), QStringLiteral("127.0.0.1")); // where this machine reaches it
    QByteArray err;
    QTRY_VERIFY((err += sim.readAllStandardError()).contains('\n'));
    QVERIFY2(err.startsWith(QStringLiteral("informer-lens-sim: WARNING: listening on 0.0.0.0:%1 "
                                           "(every network interface): other machines can "
                                           "connect")
                                .arg(url.port())
                                .toUtf8()),
             err.constData());
    QVERIFY2(err.contains("no bearer token is required"), err.constData());
    const QHostAddress outside = nonLoopbackAddress();
    if (outside.isNull())
        QSKIP("this machine has no address but loopback");
    QVERIFY2(connects(outside, quint16(url.port())), qPrintable(outside.toString()));
}

QTEST_GUILESS_MAIN(tst_SimCli)
#include "tst_simcli.moc"
