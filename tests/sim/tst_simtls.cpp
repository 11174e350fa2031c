// SPDX-License-Identifier: Apache-2.0
// HTTPS with a CA generated at start and bearer-token authentication, with Qt's own TLS client
// (QNetworkAccessManager verifying against the generated CA). kubectl over TLS is in
// tst_sim_kubectl. Needs the openssl command (as informer-lens-sim --tls does): FAILS without it.
#include "simtestutil.h"

#include "sim/apiserver.h"
#include "sim/kubeconfig.h"
#include "sim/secretcompare.h"
#include "sim/simulator.h"
#include "sim/store.h"
#include "sim/tls.h"

#include <QJsonArray>
#include <QProcess>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QStandardPaths>
#include <QTest>

#include <memory>

using namespace lens::sim;
using namespace simtest;

namespace {
const char kUnauthorized[] =
    R"json({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Unauthorized","reason":"Unauthorized","code":401})json";
const QString kToken = QStringLiteral("s3cret-Token.42");
} // namespace

class tst_SimTls : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void generatedCertificates();
    void httpsWithTokenServesApi();
    void missingOrWrongTokenIs401();
    void untrustedCaFailsHandshake();
    void watchOverTls();
    void kubeconfigCarriesCaAndToken();
    void clientCertificateAuthenticates();
    void tokensAreComparedInConstantTime();
    void onlyTls12OrLater();

private:
    void trustAndAuthorize(const QByteArray &authorization);
    std::unique_ptr<Simulator> m_sim;
    std::unique_ptr<QNetworkAccessManager> m_nam;
    QUrl m_url;
};

void tst_SimTls::init()
{
    m_sim = std::make_unique<Simulator>();
    Simulator::Options o;
    o.tls = true;
    o.token = kToken;
    QString error;
    QVERIFY2(m_sim->start(o, &error), qPrintable(error));
    m_url = m_sim->url();
    m_nam = std::make_unique<QNetworkAccessManager>();
    trustAndAuthorize("Bearer " + kToken.toUtf8());
}

void tst_SimTls::cleanup()
{
    prepareRequest = nullptr;
    m_nam.reset();
    m_sim.reset();
}

void tst_SimTls::trustAndAuthorize(const QByteArray &authorization)
{
    const QList<QSslCertificate> ca = QSslCertificate::fromData(m_sim->caCertificatePem());
    prepareRequest = [ca, authorization](QNetworkRequest &req) {
        QSslConfiguration conf = QSslConfiguration::defaultConfiguration();
        conf.setCaCertificates(ca); // only the generated CA: system roots are not trusted
        req.setSslConfiguration(conf);
        if (!authorization.isEmpty())
            req.setRawHeader("Authorization", authorization);
    };
}

void tst_SimTls::generatedCertificates()
{
    QCOMPARE(m_url.scheme(), QStringLiteral("https"));
    QCOMPARE(m_sim->server()->isTls(), true);
    const QList<QSslCertificate> ca = QSslCertificate::fromData(m_sim->caCertificatePem());
    QCOMPARE(ca.size(), 1);
    QCOMPARE(ca.first().subjectInfo(QSslCertificate::CommonName),
             QStringList{QStringLiteral("lens-sim-ca")});
    QVERIFY(ca.first().isSelfSigned());
    // Two generations give two different CAs.
    TlsMaterial other;
    QString error;
    QVERIFY2(generateTlsMaterial(&other, &error), qPrintable(error));
    QVERIFY(other.caCertPem != m_sim->caCertificatePem());
    const QSslCertificate leaf = QSslCertificate::fromData(other.serverCertPem).value(0);
    QCOMPARE(leaf.issuerInfo(QSslCertificate::CommonName),
             QStringList{QStringLiteral("lens-sim-ca")});
    const auto san = leaf.subjectAlternativeNames();
    QVERIFY(san.values(QSsl::IpAddressEntry).contains(QStringLiteral("127.0.0.1")));
    QVERIFY(san.values(QSsl::DnsEntry).contains(QStringLiteral("localhost")));
    // A server bound to another address (--bind-address) is named by it too.
    TlsMaterial bound;
    QVERIFY2(generateTlsMaterial(&bound, &error, false, {QStringLiteral("192.0.2.7")}),
             qPrintable(error));
    const auto boundSan =
        QSslCertificate::fromData(bound.serverCertPem).value(0).subjectAlternativeNames();
    QVERIFY(boundSan.values(QSsl::IpAddressEntry).contains(QStringLiteral("192.0.2.7")));
    QVERIFY(boundSan.values(QSsl::IpAddressEntry).contains(QStringLiteral("127.0.0.1")));
}

void tst_SimTls::httpsWithTokenServesApi()
{
    HttpResult r = get(*m_nam, m_url, QStringLiteral("/api/v1/pods"));
    QCOMPARE(r.error, QNetworkReply::NoError);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(QStringLiteral("kind")).toString(), QStringLiteral("PodList"));
    QCOMPARE(r.json().value(QStringLiteral("items")).toArray().size(),
             m_sim->objects(QStringLiteral("pods")).size());
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/sim/v1/state")).status, 200);
    // The scheme is case-insensitive, as in the apiserver's bearer-token authenticator.
    QNetworkAccessManager nam2;
    trustAndAuthorize("bearer " + kToken.toUtf8());
    QCOMPARE(get(nam2, m_url, QStringLiteral("/api")).status, 200);
}

void tst_SimTls::missingOrWrongTokenIs401()
{
    const QJsonObject want = QJsonDocument::fromJson(QByteArray(kUnauthorized)).object();
    for (const QByteArray &auth :
         {QByteArray(), QByteArray("Bearer wrong"), "Basic " + kToken.toUtf8(),
          "Bearer " + kToken.toUtf8() + "x", "Bearer " + kToken.toUtf8().chopped(1),
          "Bearer " + kToken.toUtf8().toUpper(), QByteArray("Bearer ")}) {
        QNetworkAccessManager nam;
        trustAndAuthorize(auth);
        for (const QString &path : {QStringLiteral("/api/v1/pods"), QStringLiteral("/api"),
                                    QStringLiteral("/sim/v1/state"), QStringLiteral("/healthz"),
                                    QStringLiteral("/api/v1/pods?watch=1")}) {
            const HttpResult r = get(nam, m_url, path);
            QCOMPARE(r.status, 401);
            QCOMPARE(r.json(), want);
        }
        const HttpResult post = request(nam, m_url, "POST", QStringLiteral("/sim/v1/compact"));
        QCOMPARE(post.status, 401);
    }
    QCOMPARE(m_sim->openWatchCount(), 0);
    QCOMPARE(m_sim->store()->compactedRevision(), Store::InitialRevision);
}

void tst_SimTls::untrustedCaFailsHandshake()
{
    prepareRequest = [](QNetworkRequest &req) {
        req.setRawHeader("Authorization", "Bearer " + kToken.toUtf8());
    }; // system roots only
    const HttpResult r = get(*m_nam, m_url, QStringLiteral("/api"));
    QCOMPARE(r.error, QNetworkReply::SslHandshakeFailedError);
    // Plain HTTP to the TLS port gets no HTTP answer.
    QUrl plain = m_url;
    plain.setScheme(QStringLiteral("http"));
    prepareRequest = nullptr;
    QNetworkAccessManager nam2;
    const HttpResult p = get(nam2, plain, QStringLiteral("/api"));
    QVERIFY(p.status != 200);
}

void tst_SimTls::watchOverTls()
{
    WatchClient w(*m_nam, m_url,
                  QStringLiteral("/api/v1/namespaces/shop/pods?watch=1&resourceVersion=%1")
                      .arg(m_sim->revision()));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    QJsonObject meta{{QStringLiteral("name"), QStringLiteral("tls1")},
                     {QStringLiteral("namespace"), QStringLiteral("shop")}};
    QVERIFY(m_sim->store()
                ->create(QStringLiteral("pods"),
                         QJsonObject{{QStringLiteral("metadata"), meta},
                                     {QStringLiteral("spec"),
                                      QJsonObject{{QStringLiteral("containers"), QJsonArray{}}}}})
                .ok());
    QTRY_COMPARE(w.types(), QStringList{QStringLiteral("ADDED")});
    QCOMPARE(m_sim->dropWatches(), 1);
    QTRY_VERIFY(w.finished);
}

void tst_SimTls::kubeconfigCarriesCaAndToken()
{
    const QString text = kubeconfigText(m_url, m_sim->caCertificatePem(), QStringLiteral("a\"b"));
    QVERIFY(text.contains(QStringLiteral("    certificate-authority-data: ") +
                          QString::fromLatin1(m_sim->caCertificatePem().toBase64()) +
                          QLatin1Char('\n')));
    QVERIFY(text.contains(QStringLiteral("    token: \"a\\\"b\"\n")));
    QVERIFY(text.contains(QStringLiteral("server: https://127.0.0.1:")));
    const QString plain = kubeconfigText(QUrl(QStringLiteral("http://127.0.0.1:1")));
    QVERIFY(!plain.contains(QStringLiteral("certificate-authority")));
    QVERIFY(plain.contains(QStringLiteral("token: lens-sim-dummy-token")));
}

void tst_SimTls::clientCertificateAuthenticates()
{
    // kube-apiserver with --client-ca-file and no token: the certificate is the credential.
    Simulator sim;
    Simulator::Options o;
    o.clientCertificates = true;
    QString error;
    QVERIFY2(sim.start(o, &error), qPrintable(error));
    QCOMPARE(sim.url().scheme(), QStringLiteral("https"));
    QVERIFY(sim.server()->requiresClientCertificate());
    const QSslCertificate cert = QSslCertificate::fromData(sim.clientCertificatePem()).value(0);
    QVERIFY(!cert.isNull());
    QCOMPARE(cert.subjectInfo(QSslCertificate::CommonName),
             QStringList{QStringLiteral("lens-sim-admin")});
    QCOMPARE(cert.subjectInfo(QSslCertificate::Organization),
             QStringList{QStringLiteral("system:masters")});
    const QSslKey key(sim.clientKeyPem(), QSsl::Ec, QSsl::Pem);
    QVERIFY(!key.isNull());
    const QList<QSslCertificate> ca = QSslCertificate::fromData(sim.caCertificatePem());
    auto present = [ca](const QSslCertificate &c, const QSslKey &k) {
        prepareRequest = [ca, c, k](QNetworkRequest &req) {
            QSslConfiguration conf = QSslConfiguration::defaultConfiguration();
            conf.setCaCertificates(ca);
            if (!c.isNull()) {
                conf.setLocalCertificate(c);
                conf.setPrivateKey(k);
            }
            req.setSslConfiguration(conf);
        };
    };
    const QJsonObject unauthorized = QJsonDocument::fromJson(QByteArray(kUnauthorized)).object();
    {
        QNetworkAccessManager nam;
        present(cert, key);
        HttpResult r = get(nam, sim.url(), QStringLiteral("/api/v1/pods"));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json().value(QStringLiteral("kind")).toString(), QStringLiteral("PodList"));
        QCOMPARE(get(nam, sim.url(), QStringLiteral("/sim/v1/state")).status, 200);
    }
    {
        QNetworkAccessManager nam; // no certificate: the handshake works, the request is 401
        present(QSslCertificate(), QSslKey());
        const HttpResult r = get(nam, sim.url(), QStringLiteral("/api/v1/pods"));
        QCOMPARE(r.status, 401);
        QCOMPARE(r.json(), unauthorized);
    }
    {
        // A client certificate from another CA: 401 too.
        TlsMaterial other;
        QVERIFY2(generateTlsMaterial(&other, &error, true), qPrintable(error));
        QNetworkAccessManager nam;
        present(QSslCertificate::fromData(other.clientCertPem).value(0),
                QSslKey(other.clientKeyPem, QSsl::Ec, QSsl::Pem));
        const HttpResult r = get(nam, sim.url(), QStringLiteral("/api/v1/pods"));
        QCOMPARE(r.status, 401);
    }
    prepareRequest = nullptr;
    // The kubeconfig carries certificate and key instead of a token.
    const QString text = kubeconfigText(sim.url(), sim.caCertificatePem(), QString(),
                                        sim.clientCertificatePem(), sim.clientKeyPem());
    QVERIFY(text.contains(QStringLiteral("client-certificate-data: ") +
                          QString::fromLatin1(sim.clientCertificatePem().toBase64())));
    QVERIFY(text.contains(QStringLiteral("client-key-data: ") +
                          QString::fromLatin1(sim.clientKeyPem().toBase64())));
    QVERIFY(!text.contains(QStringLiteral("token:")));
}

// crypto/subtle.ConstantTimeCompare over SHA-256 digests: right answers for every length.
void tst_SimTls::tokensAreComparedInConstantTime()
{
    const QByteArray t = kToken.toUtf8();
    QVERIFY(constantTimeEquals(t, t));
    QVERIFY(constantTimeEquals(QByteArray(), QByteArray()));
    QVERIFY(!constantTimeEquals(t, t.chopped(1)));
    QVERIFY(!constantTimeEquals(t.chopped(1), t));
    QVERIFY(!constantTimeEquals(t + '\0', t));
    QVERIFY(!constantTimeEquals(QByteArray(), t));
    QByteArray last = t;
    last[last.size() - 1] = 'X';
    QVERIFY(!constantTimeEquals(last, t));
    QByteArray first = t;
    first[0] = 'X';
    QVERIFY(!constantTimeEquals(first, t));
}

// TLS 1.2 or later only: a client that offers TLS 1.1 at most is refused by the server (the
// openssl client at security level 0, so that it can offer TLS 1.1 at all), TLS 1.2 is served.
void tst_SimTls::onlyTls12OrLater()
{
    QCOMPARE(m_sim->server()->sslConfiguration().protocol(), QSsl::TlsV1_2OrLater);
    const QString openssl = QStandardPaths::findExecutable(QStringLiteral("openssl"));
    QVERIFY(!openssl.isEmpty()); // the server's certificates needed it already
    const auto handshake = [&](const QString &version, QByteArray *out) {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(openssl, {QStringLiteral("s_client"), QStringLiteral("-connect"),
                          QStringLiteral("127.0.0.1:%1").arg(m_url.port()), version,
                          QStringLiteral("-cipher"), QStringLiteral("DEFAULT:@SECLEVEL=0")});
        p.closeWriteChannel(); // s_client ends after the handshake
        // The server answers from this thread's event loop, which QTRY turns.
        QTRY_COMPARE_WITH_TIMEOUT(p.state(), QProcess::NotRunning, 15000);
        *out = p.readAll();
    };
    QByteArray tls12, tls11, tls10;
    handshake(QStringLiteral("-tls1_2"), &tls12);
    QVERIFY2(tls12.contains("New, TLSv1.2"), tls12.constData());
    handshake(QStringLiteral("-tls1_1"), &tls11);
    if (tls11.contains("no protocols available"))
        QSKIP("this OpenSSL cannot offer TLS 1.1 at all (the server's setting is checked above)");
    QVERIFY2(!tls11.contains("New, TLSv1.1"), tls11.constData());
    QVERIFY2(tls11.contains("alert protocol version") || tls11.contains("unsupported protocol"),
             tls11.constData());
    handshake(QStringLiteral("-tls1"), &tls10);
    QVERIFY2(!tls10.contains("New, TLSv1,"), tls10.constData());
}

QTEST_GUILESS_MAIN(tst_SimTls)
#include "tst_simtls.moc"
