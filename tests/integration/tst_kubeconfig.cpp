// SPDX-License-Identifier: Apache-2.0
// Kubeconfig files read the way kubectl reads them (clientcmd), and an informer that reaches an
// HTTPS API server with the kubeconfig's CA and credentials: a client certificate, a bearer
// token, a token file, or an exec credential plugin. Broken kubeconfigs are explained and never
// echo a secret. The server is the simulator with --tls (needs the openssl command).
#include "client/httplisterwatcher.h"
#include "client/kubeconfig.h"
#include "informer/reflector.h"
#include "session/session.h"
#include "sim/simulator.h"
#include "sim/tls.h"
#include "trace/journal.h"

#include "kubeconfigtestutil.h"

#include <QFile>
#include <QFileInfo>
#include <QNetworkRequest>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace lens;

using namespace lens::kubeconfigtest;

class tst_Kubeconfig : public QObject {
    Q_OBJECT
private slots:
    void brokenKubeconfigsAreExplained_data();
    void brokenKubeconfigsAreExplained();
    void endlessKubeconfigIsRefused();
    void relativePathsAndContextNamespace();
    void kubeconfigEnvMergesFirstWins();
    void impersonationFieldsBecomeHeaders();
    void impersonationTheCommandLineOverrides();
    void clientCertificateReachesHttpsServer();
    void tokenFileReachesHttpsServer();
    void execPluginReachesHttpsServer();
    void connectionFailuresAreExplained_data();
    void connectionFailuresAreExplained();
    void readableCredentialFilesAreWarnedAbout();
    void clientOffersTls12OrLaterOnly();

private:
    /// Starts a Session from `kubeconfig` and waits for HasSynced; returns its description.
    QString syncWith(const QString &kubeconfig, const QString &context = {});
};

void tst_Kubeconfig::brokenKubeconfigsAreExplained_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("expected");
    const QByteArray okCluster = "    server: https://127.0.0.1:6443\n";
    const QByteArray okUser = "    token: " + kSecret.toUtf8() + "\n";
    QTest::newRow("yaml-syntax") << QByteArray("clusters: [\n  - name: x\n  bad: : :\n")
                                 << QString() << QStringLiteral("not valid YAML");
    QTest::newRow("not-a-mapping")
        << QByteArray("- just\n- a list\n") << QString() << QStringLiteral("is not a kubeconfig");
    QTest::newRow("no-current-context")
        << config(okCluster, okUser, "\"\"") << QString()
        << QStringLiteral("sets no current-context; name one with --context");
    QTest::newRow("unknown-context") << config(okCluster, okUser) << QStringLiteral("prod")
                                     << QStringLiteral("context \"prod\" is not in the "
                                                       "kubeconfig (it has: ctx)");
    QTest::newRow("unknown-cluster")
        << QByteArray("current-context: ctx\ncontexts:\n- name: ctx\n  context:\n    cluster: "
                      "nope\n")
        << QString() << QStringLiteral("names cluster \"nope\", which is not in the kubeconfig");
    QTest::newRow("no-server") << config("    insecure-skip-tls-verify: true\n", okUser)
                               << QString() << QStringLiteral("cluster \"c1\" has no server");
    // yaml-cpp reads an unclosed quote to the end of the file: the "server" then holds the
    // users section, token included, which must not be echoed (kubectl: "yaml: ... unexpected
    // end of stream").
    QTest::newRow("quote-left-open")
        << QByteArray("apiVersion: v1\nkind: Config\ncurrent-context: c\ncontexts:\n- name: c\n"
                      "  context: {cluster: x, user: u}\nclusters:\n- name: x\n  cluster:\n"
                      "    server: \"https://127.0.0.1:1\nusers:\n- name: u\n  user:\n" +
                      okUser)
        << QString()
        << QStringLiteral("config:10: cluster \"x\" has a server value that runs on "
                          "past the URL (\"https://127.0.0.1:1 …\"): is a quote left open?");
    QTest::newRow("bad-server") << config("    server: ftp://x\n", okUser) << QString()
                                << QStringLiteral("not an http or https URL");
    QTest::newRow("bad-ca-base64")
        << config(okCluster + "    certificate-authority-data: '%%%not base64'\n", okUser)
        << QString()
        << QStringLiteral("certificate-authority-data (the cluster's CA) is not "
                          "valid base64");
    QTest::newRow("ca-not-pem") << config(okCluster + "    certificate-authority-data: " +
                                              QByteArray("hello").toBase64() + "\n",
                                          okUser)
                                << QString()
                                << QStringLiteral(
                                       "the certificate authority is not a PEM certificate");
    QTest::newRow("ca-file-missing")
        << config(okCluster + "    certificate-authority: missing-ca.crt\n", okUser) << QString()
        << QStringLiteral("cannot read certificate-authority");
    QTest::newRow("ca-and-insecure")
        << config(okCluster + "    insecure-skip-tls-verify: true\n    certificate-authority: "
                              "x.crt\n",
                  okUser)
        << QString()
        << QStringLiteral("sets both insecure-skip-tls-verify and a certificate "
                          "authority");
    QTest::newRow("cert-without-key")
        << config(okCluster, "    client-certificate-data: " +
                                 QByteArray("-----BEGIN CERTIFICATE-----").toBase64() + "\n")
        << QString() << QStringLiteral("has a client certificate but no client key");
    QTest::newRow("auth-provider")
        << config(okCluster, "    auth-provider:\n      name: gcp\n") << QString()
        << QStringLiteral("uses auth-provider, which kubectl 1.26 removed");
    QTest::newRow("exec-old-api")
        << config(okCluster, "    exec:\n      apiVersion: client.authentication.k8s.io/v1alpha1\n"
                             "      command: aws\n")
        << QString()
        << QStringLiteral("exec apiVersion \"client.authentication.k8s.io/v1alpha1\" "
                          "is not supported");
    QTest::newRow("wrong-kind") << QByteArray("kind: Pod\n") << QString()
                                << QStringLiteral("has kind \"Pod\", a kubeconfig has kind Config");
    // Issue 40 (hostile round): a password that breaks the URL was quoted whole.
    QTest::newRow("password-with-a-space")
        << config("    server: \"http://u:" + kSecret.toUtf8() + " x@127.0.0.1:80\"\n", okUser)
        << QString() << QStringLiteral("runs on past the URL (\"http://<masked>@127.0.0.1:80");
    QTest::newRow("password-with-a-hash")
        << config("    server: \"http://u:" + kSecret.toUtf8() + "#x@127.0.0.1:80\"\n", okUser)
        << QString() << QStringLiteral("has server \"http://<masked>@127.0.0.1:80\"");
    QTest::newRow("nested-too-deep")
        << QByteArray("clusters: " + QByteArray(100000, '[') + QByteArray(100000, ']') + "\n")
        << QString() << QStringLiteral("not valid YAML: nested deeper than 499 levels");
    // Issue 40: yaml-cpp's own words ("operator[] call on a scalar") leaked out.
    QTest::newRow("cluster-a-string")
        << QByteArray("clusters:\n- name: c\n  cluster: \"https://x\"\n"
                      "users:\n- name: u\n  user: {}\n"
                      "contexts:\n- name: x\n  context: {cluster: c, user: u}\n"
                      "current-context: x\n")
        << QString()
        << QStringLiteral(":3: cluster \"c\": \"cluster\" must be a mapping (of fields such as "
                          "server), not a string");
}

// Issue 40 C3: an endless "file" (/dev/zero, a FIFO) was read without end: refused unread.
void tst_Kubeconfig::endlessKubeconfigIsRefused()
{
    RestConfig rc;
    QString error;
    QVERIFY(!KubeconfigLoader::load(QStringLiteral("/dev/zero"), QString(), &rc, &error));
    QVERIFY2(error.contains(QStringLiteral("cannot read /dev/zero: not a regular file")),
             qPrintable(error));
}

void tst_Kubeconfig::brokenKubeconfigsAreExplained()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, context);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = write(dir, QStringLiteral("config"), text);
    RestConfig rc;
    QString error;
    QVERIFY(!KubeconfigLoader::load(path, context, &rc, &error));
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY2(!error.contains(kSecret), "an error message shows the token");
    // The same through a Session: start() fails with the words above, nothing is started.
    Session::Options o;
    o.useKubeconfig = true;
    o.kubeconfig = path;
    o.kubeContext = context;
    Session s(o);
    QString sessionError;
    QVERIFY(!s.start(&sessionError));
    QVERIFY2(sessionError.startsWith(QStringLiteral("The kubeconfig cannot be used: ")) &&
                 sessionError.contains(expected),
             qPrintable(sessionError));
    QVERIFY(!s.simulator() && !s.informer());
}

void tst_Kubeconfig::relativePathsAndContextNamespace()
{
    QTemporaryDir dir;
    sim::TlsMaterial tls;
    QString error;
    QVERIFY2(sim::generateTlsMaterial(&tls, &error, true), qPrintable(error));
    QDir(dir.path()).mkpath(QStringLiteral("pki"));
    write(dir, QStringLiteral("pki/ca.crt"), tls.caCertPem);
    write(dir, QStringLiteral("pki/admin.crt"), tls.clientCertPem);
    write(dir, QStringLiteral("pki/admin.key"), tls.clientKeyPem);
    const QString path =
        write(dir, QStringLiteral("config"),
              config("    server: https://127.0.0.1:6443\n    certificate-authority: pki/ca.crt\n"
                     "    tls-server-name: kubernetes\n",
                     "    client-certificate: pki/admin.crt\n    client-key: pki/admin.key\n"));
    RestConfig rc;
    QVERIFY2(KubeconfigLoader::load(path, {}, &rc, &error), qPrintable(error));
    QCOMPARE(rc.server, QUrl(QStringLiteral("https://127.0.0.1:6443")));
    QCOMPARE(rc.caCertificates.size(), 1);
    QCOMPARE(rc.namespace_, QStringLiteral("team-a"));
    QCOMPARE(rc.tlsServerName, QStringLiteral("kubernetes"));
    QVERIFY(!rc.clientCertificate.isNull());
    QVERIFY(!rc.clientKey.isNull());
    QCOMPARE(rc.clientKey.algorithm(), QSsl::Ec);
    QCOMPARE(rc.description(),
             QStringLiteral("context ctx (cluster c1, user u1: client certificate)"));
}

void tst_Kubeconfig::kubeconfigEnvMergesFirstWins()
{
    QTemporaryDir dir;
    const QString a = write(dir, QStringLiteral("a"),
                            "clusters:\n- name: c1\n  cluster:\n    server: https://first:6443\n");
    const QString b = write(dir, QStringLiteral("b"),
                            config("    server: https://second:6443\n", "    username: bob\n"
                                                                        "    password: pw\n"));
    const QString missing = dir.filePath(QStringLiteral("missing"));
    qputenv("KUBECONFIG",
            (a + QDir::listSeparator() + missing + QDir::listSeparator() + b).toUtf8());
    RestConfig rc;
    QString error;
    const bool ok = KubeconfigLoader::load({}, {}, &rc, &error);
    QCOMPARE(KubeconfigLoader::files({}), (QStringList{a, missing, b}));
    qunsetenv("KUBECONFIG");
    QVERIFY2(ok, qPrintable(error));
    // clientcmd's merge: the first file that names cluster c1 wins; the context, the user and
    // current-context come from the second file, the missing file is skipped.
    QCOMPARE(rc.server.host(), QStringLiteral("first"));
    QCOMPARE(rc.credentialKind(), QStringLiteral("basic auth"));
    QVERIFY(!rc.description().contains(QStringLiteral("pw")));
}

void tst_Kubeconfig::impersonationFieldsBecomeHeaders()
{
    // clientcmdapi.AuthInfo's as, as-uid, as-groups and as-user-extra become rest.Config's
    // Impersonate, sent as the impersonatingRoundTripper sends them (the extra key escaped by
    // headerKeyEscape: '/' is not a token character, '%' is escaped too).
    QTemporaryDir dir;
    const QString path = write(dir, QStringLiteral("config"),
                               config("    server: https://127.0.0.1:6443\n",
                                      "    token: abc\n"
                                      "    as: jane\n"
                                      "    as-uid: \"1234\"\n"
                                      "    as-groups:\n    - devs\n"
                                      "    as-user-extra:\n"
                                      "      scopes.example.com/team%:\n      - blue\n"));
    RestConfig rc;
    QString error;
    QVERIFY2(KubeconfigLoader::load(path, {}, &rc, &error), qPrintable(error));
    QCOMPARE(rc.impersonateUser, QStringLiteral("jane"));
    QCOMPARE(rc.impersonateUid, QStringLiteral("1234"));
    QCOMPARE(rc.impersonateGroups, QStringList{QStringLiteral("devs")});
    QCOMPARE(rc.impersonateExtra.value(QStringLiteral("scopes.example.com/team%")),
             QStringList{QStringLiteral("blue")});
    QCOMPARE(rc.impersonationError(), QString());
    const QNetworkRequest r = rc.request(rc.url(QStringLiteral("/api/v1/pods")));
    QCOMPARE(r.rawHeader("Impersonate-User"), QByteArray("jane"));
    QCOMPARE(r.rawHeader("Impersonate-Uid"), QByteArray("1234"));
    QCOMPARE(r.rawHeader("Impersonate-Group"), QByteArray("devs"));
    QCOMPARE(r.rawHeader("Impersonate-Extra-scopes.example.com%2Fteam%25"), QByteArray("blue"));
    QCOMPARE(r.rawHeader("Authorization"), QByteArray("Bearer abc"));

    // Without `as` nothing is impersonated: clientcmd refuses the other fields alone.
    const QString alone =
        write(dir, QStringLiteral("alone"),
              config("    server: https://127.0.0.1:6443\n", "    as-groups:\n    - devs\n"));
    RestConfig rc2;
    QVERIFY2(KubeconfigLoader::load(alone, {}, &rc2, &error), qPrintable(error));
    QCOMPARE(rc2.impersonationError(),
             QStringLiteral("requesting uid, groups or user-extra for u1 without impersonating "
                            "a user"));
    // A mistyped field is named with its line.
    const QString wrong = write(
        dir, QStringLiteral("wrong"),
        config("    server: https://127.0.0.1:6443\n", "    as: jane\n    as-groups: devs\n"));
    QVERIFY(!KubeconfigLoader::load(wrong, {}, &rc2, &error));
    QVERIFY2(error.contains(QStringLiteral("user \"u1\": \"as-groups\" must be a list of "
                                           "strings (line 18)")),
             qPrintable(error));
}

void tst_Kubeconfig::impersonationTheCommandLineOverrides()
{
    // clientcmd merges --as, --as-uid and --as-group over the kubeconfig user field by field:
    // a given flag replaces its field, the others stay. Seen in the session's description.
    sim::Simulator sim;
    QString error;
    QVERIFY2(sim.start({}, &error), qPrintable(error));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kubeconfig"));
    QVERIFY2(sim.writeKubeconfig(path, &error), qPrintable(error));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::Append));
        f.write("    as: jane\n    as-groups:\n    - devs\n    - ops\n");
    }
    Session::Options o;
    o.useKubeconfig = true;
    o.kubeconfig = path;
    o.allNamespaces = true;
    {
        // Two groups cannot be sent (one header in Qt 6.4): refused, naming them.
        Session s(o);
        QVERIFY(!s.start(&error));
        QVERIFY2(error.contains(QStringLiteral("2 Impersonate-Group values asked for (devs, "
                                               "ops)")),
                 qPrintable(error));
    }
    o.impersonateGroups = QStringList{QStringLiteral("admins")};
    o.impersonateUser = QStringLiteral("root");
    Session s(o);
    QVERIFY2(s.start(&error), qPrintable(error));
    QVERIFY2(s.sourceDescription().contains(QStringLiteral(", as root)")),
             qPrintable(s.sourceDescription()));
    QVERIFY(QTest::qWaitFor([&] { return s.informer()->hasSynced(); }, 15000));
}

QString tst_Kubeconfig::syncWith(const QString &kubeconfig, const QString &context)
{
    Session::Options o;
    o.useKubeconfig = true;
    o.kubeconfig = kubeconfig;
    o.kubeContext = context;
    o.resyncPeriodMs = 0;
    // kubectl -A: the contexts here name namespace team-a, which the built-in cluster's pods
    // are not in (without -A the informer watches team-a, as kubectl would: checked below).
    o.allNamespaces = true;
    Session s(o);
    QString error;
    if (!s.start(&error))
        return QStringLiteral("start failed: ") + error;
    QString lastError;
    connect(s.informer()->reflector(), &Reflector::errorOccurred, this,
            [&](const QString &m) { lastError = m; });
    if (!QTest::qWaitFor([&] { return s.informer()->hasSynced(); }, 15000))
        return QStringLiteral("no sync: ") + lastError;
    if (s.informer()->indexer().list().isEmpty())
        return QStringLiteral("synced, but empty");
    return s.sourceDescription();
}

void tst_Kubeconfig::clientCertificateReachesHttpsServer()
{
    sim::Simulator sim;
    sim::Simulator::Options so;
    so.clientCertificates = true; // kube-apiserver --client-ca-file: no token accepted
    QString error;
    QVERIFY2(sim.start(so, &error), qPrintable(error));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kubeconfig"));
    QVERIFY2(sim.writeKubeconfig(path, &error), qPrintable(error));
    const QString description = syncWith(path);
    QVERIFY2(description.contains(QStringLiteral("user lens-sim: client certificate")),
             qPrintable(description));
    QVERIFY(!description.contains(QString::fromLatin1(sim.clientKeyPem())));
}

void tst_Kubeconfig::tokenFileReachesHttpsServer()
{
    sim::Simulator sim;
    sim::Simulator::Options so;
    so.tls = true;
    so.token = kSecret;
    QString error;
    QVERIFY2(sim.start(so, &error), qPrintable(error));
    QTemporaryDir dir;
    write(dir, QStringLiteral("token"), kSecret.toUtf8() + "\n");
    const QString path = write(
        dir, QStringLiteral("config"),
        config("    server: " + sim.url().toString().toUtf8() +
                   "\n    certificate-authority-data: " + sim.caCertificatePem().toBase64() + "\n",
               "    tokenFile: token\n"));
    const QString description = syncWith(path);
    QVERIFY2(description.contains(QStringLiteral("user u1: token file")), qPrintable(description));
    QVERIFY(!description.contains(kSecret));

    // Without -A the context's namespace is the informer's, as kubectl's: team-a, empty here.
    Session::Options o;
    o.useKubeconfig = true;
    o.kubeconfig = path;
    o.resyncPeriodMs = 0;
    Session s(o);
    QVERIFY2(s.start(&error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(s.informer()->hasSynced(), 15000);
    QVERIFY(s.informer()->indexer().list().isEmpty());
    QVERIFY2(s.sourceDescription().contains(QStringLiteral("(namespace team-a)")),
             qPrintable(s.sourceDescription()));
}

void tst_Kubeconfig::execPluginReachesHttpsServer()
{
    sim::Simulator sim;
    sim::Simulator::Options so;
    so.tls = true;
    so.token = kSecret;
    QString error;
    QVERIFY2(sim.start(so, &error), qPrintable(error));
    QTemporaryDir dir;
    // A plugin in the shape of aws-iam-authenticator / kubelogin: it must get
    // KUBERNETES_EXEC_INFO and its env, and prints an ExecCredential.
    const QString plugin = write(
        dir, QStringLiteral("plugin.sh"),
        "#!/bin/sh\n"
        "case \"$KUBERNETES_EXEC_INFO\" in *'\"interactive\":false'*) ;; *) exit 3;; esac\n"
        "[ \"$LENS_PLUGIN_ENV\" = yes ] || exit 4\n"
        "printf '{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\","
        "\"status\":{\"token\":\"%s\"}}' \"$1\"\n",
        QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    const QString path = write(
        dir, QStringLiteral("config"),
        config("    server: " + sim.url().toString().toUtf8() +
                   "\n    certificate-authority-data: " + sim.caCertificatePem().toBase64() + "\n",
               "    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: " +
                   plugin.toUtf8() + "\n      args: [" + kSecret.toUtf8() +
                   "]\n      env:\n      - name: LENS_PLUGIN_ENV\n        value: \"yes\"\n"));
    const QString description = syncWith(path);
    QVERIFY2(description.contains(QStringLiteral("user u1: exec plugin")), qPrintable(description));
}

void tst_Kubeconfig::connectionFailuresAreExplained_data()
{
    QTest::addColumn<QString>("cluster"); // other-ca, no-ca, good-ca, other-name, plain-http
    QTest::addColumn<QByteArray>("user");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<QString>("unexpected");
    QTest::newRow("untrusted-kubeconfig-ca")
        << QStringLiteral("other-ca") << QByteArray("    token: x\n")
        << QStringList{QStringLiteral("TLS handshake"),
                       QStringLiteral("not signed by the kubeconfig's certificate-authority")}
        << QStringLiteral("client certificate");
    QTest::newRow("no-ca-in-kubeconfig")
        << QStringLiteral("no-ca") << QByteArray("    token: x\n")
        << QStringList{QStringLiteral("TLS handshake"),
                       QStringLiteral("the kubeconfig gives no certificate-authority")}
        << QStringLiteral("the kubeconfig's certificate-authority");
    QTest::newRow("certificate-for-another-name")
        << QStringLiteral("other-name") << QByteArray("    token: right\n")
        << QStringList{QStringLiteral("TLS handshake"),
                       QStringLiteral("certificate is for another host name")}
        << QStringLiteral("not signed");
    QTest::newRow("plain-http-to-https")
        << QStringLiteral("plain-http") << QByteArray("    token: x\n")
        << QStringList{QStringLiteral("https://")} << QStringLiteral("TLS handshake");
    // The Reflector wraps a list error once (client-go's "failed to list %v: %w"), and a Status
    // whose message only repeats its reason is not said twice.
    QTest::newRow("wrong-token") << QStringLiteral("good-ca") << QByteArray("    token: wrong\n")
                                 << QStringList{QStringLiteral(
                                        "failed to list /v1, Kind=Pod: 401 Unauthorized")}
                                 << QStringLiteral("Unauthorized: Unauthorized");
}

void tst_Kubeconfig::connectionFailuresAreExplained()
{
    QFETCH(QString, cluster);
    QFETCH(QByteArray, user);
    QFETCH(QStringList, expected);
    QFETCH(QString, unexpected);
    sim::Simulator sim;
    sim::Simulator::Options so;
    so.tls = true;
    so.token = QStringLiteral("right");
    QString error;
    QVERIFY2(sim.start(so, &error), qPrintable(error));
    QByteArray server = sim.url().toString().toUtf8();
    QByteArray caLine;
    if (cluster == QLatin1String("other-ca")) {
        sim::TlsMaterial other; // a CA that did not sign the server's certificate
        QVERIFY2(sim::generateTlsMaterial(&other, &error), qPrintable(error));
        caLine = "    certificate-authority-data: " + other.caCertPem.toBase64() + "\n";
    } else if (cluster == QLatin1String("good-ca") || cluster == QLatin1String("other-name")) {
        caLine = "    certificate-authority-data: " + sim.caCertificatePem().toBase64() + "\n";
        if (cluster == QLatin1String("other-name")) // the certificate names 127.0.0.1, localhost
            caLine += "    tls-server-name: other.example\n";
    } else if (cluster == QLatin1String("plain-http")) {
        server.replace("https://", "http://");
    }
    QTemporaryDir dir;
    const QString path =
        write(dir, QStringLiteral("config"), config("    server: " + server + "\n" + caLine, user));
    Session::Options o;
    o.useKubeconfig = true;
    o.kubeconfig = path;
    Session s(o);
    QVERIFY2(s.start(&error), qPrintable(error));
    QString lastError;
    connect(s.informer()->reflector(), &Reflector::errorOccurred, this,
            [&](const QString &m) { lastError = m; });
    QTRY_VERIFY_WITH_TIMEOUT(!lastError.isEmpty(), 15000);
    for (const QString &e : expected)
        QVERIFY2(lastError.contains(e), qPrintable(lastError));
    QVERIFY2(!lastError.contains(unexpected), qPrintable(lastError));
    QVERIFY(!s.informer()->hasSynced());
}

// helm's checkPerms: a kubeconfig, client key or token file that group or others may read is
// warned about once (journal and Session::startWarnings, which informer-lens prints), and used.
void tst_Kubeconfig::readableCredentialFilesAreWarnedAbout()
{
    sim::Simulator sim;
    sim::Simulator::Options so;
    so.clientCertificates = true;
    so.token = kSecret;
    QString error;
    QVERIFY2(sim.start(so, &error), qPrintable(error));
    QTemporaryDir dir;
    using P = QFile::Permission;
    const QString key = write(dir, QStringLiteral("client.key"), sim.clientKeyPem(),
                              P::ReadOwner | P::WriteOwner | P::ReadGroup);
    const QString cert = write(dir, QStringLiteral("client.crt"), sim.clientCertificatePem(),
                               P::ReadOwner | P::WriteOwner | P::ReadGroup | P::ReadOther);
    const QString token = write(dir, QStringLiteral("token"), kSecret.toUtf8(),
                                P::ReadOwner | P::WriteOwner | P::ReadOther);
    const QByteArray cluster =
        "    server: " + sim.url().toString().toUtf8() +
        "\n    certificate-authority-data: " + sim.caCertificatePem().toBase64() + "\n";
    const QString path =
        write(dir, QStringLiteral("config"),
              config(cluster, "    client-certificate: client.crt\n    client-key: client.key\n"
                              "    tokenFile: token\n"),
              P::ReadOwner | P::WriteOwner | P::ReadGroup);
    RestConfig rc;
    QStringList warnings;
    QVERIFY2(KubeconfigLoader::load(path, {}, &rc, &error, &warnings), qPrintable(error));
    // The certificate is public: no warning for it.
    const QStringList expected{
        QStringLiteral("Kubernetes configuration file is group-readable. This is insecure. "
                       "Location: %1")
            .arg(path),
        QStringLiteral("Kubernetes token file is world-readable. This is insecure. Location: %1")
            .arg(token),
        QStringLiteral("Kubernetes client key file is group-readable. This is insecure. "
                       "Location: %1")
            .arg(key)};
    QCOMPARE(warnings, expected);
    QVERIFY(!rc.clientKey.isNull()); // loaded all the same
    Q_UNUSED(cert);

    // A Session journals each once and still syncs.
    Session::Options o;
    o.useKubeconfig = true;
    o.kubeconfig = path;
    o.allNamespaces = true;
    o.resyncPeriodMs = 0;
    Session s(o);
    QVERIFY2(s.start(&error), qPrintable(error));
    QCOMPARE(s.startWarnings(), expected);
    QTRY_VERIFY_WITH_TIMEOUT(s.informer()->hasSynced(), 15000);
    QStringList journaled;
    for (const TraceEvent &e : s.journal()->events())
        if (e.kind == TraceKind::Info && e.component == QLatin1String("kubeconfig")) {
            QCOMPARE(e.detail.value(QLatin1String("level")).toString(), QStringLiteral("warning"));
            journaled << e.detail.value(QLatin1String("message")).toString();
        }
    QCOMPARE(journaled, expected);

    // Owner-only files: nothing to say.
    for (const QString &f : {key, token, path})
        QVERIFY(QFile::setPermissions(f, P::ReadOwner | P::WriteOwner));
    QVERIFY2(KubeconfigLoader::load(path, {}, &rc, &error, &warnings), qPrintable(error));
    QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(u'\n')));
}

// TLS 1.2 or later only, whatever the system's OpenSSL allows (Go's crypto/tls client default).
void tst_Kubeconfig::clientOffersTls12OrLaterOnly()
{
    RestConfig rc;
    rc.server = QUrl(QStringLiteral("https://127.0.0.1:6443"));
    QCOMPARE(rc.sslConfiguration().protocol(), QSsl::TlsV1_2OrLater);
    const QNetworkRequest req = rc.request(rc.url(QStringLiteral("/api")));
    QCOMPARE(req.sslConfiguration().protocol(), QSsl::TlsV1_2OrLater);
    rc.insecureSkipTlsVerify = true; // no weaker protocol with it either
    QCOMPARE(rc.sslConfiguration().protocol(), QSsl::TlsV1_2OrLater);
}

QTEST_GUILESS_MAIN(tst_Kubeconfig)
#include "tst_kubeconfig.moc"
