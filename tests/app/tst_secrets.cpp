// SPDX-License-Identifier: Apache-2.0
// Credentials never reach an output: informer-lens and informer-lens-sim run as a user runs them,
// with a known bearer token and client key (in a kubeconfig, and from an exec credential
// plugin), and every stream and file they write is searched for those secrets. The runs are
// checked to have used the credentials (the cluster requires them; the -v 9 request log shows
// the Authorization header, masked) so that the search is not vacuous. Needs the openssl command
// (informer-lens-sim --client-ca).
#include "lensprocess.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSslKey>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <utility>

namespace {
const QByteArray kToken = "lens-tst-secret-token-6b1f0c9e2d";

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &bytes, QFile::Permissions perms)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return false;
    f.close();
    return f.setPermissions(perms);
}

/// The base64 value of `key:` in a kubeconfig the simulator wrote, decoded.
QByteArray kubeconfigData(const QByteArray &kubeconfig, const QByteArray &key)
{
    const QRegularExpression re(QStringLiteral("\\b%1: (\\S+)").arg(QString::fromLatin1(key)));
    const QRegularExpressionMatch m = re.match(QString::fromUtf8(kubeconfig));
    return m.hasMatch() ? QByteArray::fromBase64(m.captured(1).toLatin1()) : QByteArray();
}
} // namespace

class tst_Secrets : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void kubeconfigCredentialsNeverLeak();
    void execPluginCredentialsNeverLeak();
    void screenshotRunNeverLeaks();
    void builtInServerLogsNoSecret();

private:
    /// Runs informer-lens with `args` to its end; its stdout and stderr into *out / *err.
    void runLens(const QStringList &args, QByteArray *out, QByteArray *err, int *exitCode);
    /// The first secret `bytes` holds, named ("the bearer token"), "" when none.
    QString leakIn(const QByteArray &bytes) const;

    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_sim;
    QByteArray m_simOut;
    QString m_accessLog;
    QString m_kubeconfig; ///< token inline, client key in a file (client.key)
    QByteArray m_keyPem;
    QList<std::pair<QString, QByteArray>> m_secrets; ///< what must never appear, named
};

void tst_Secrets::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // The cluster requires the token or the client certificate on every request.
    m_accessLog = m_dir.filePath(QStringLiteral("access.log"));
    const QString simKubeconfig = m_dir.filePath(QStringLiteral("sim.kubeconfig"));
    m_sim = std::make_unique<QProcess>();
    m_sim->start(QStringLiteral(SIM_APP),
                 {QStringLiteral("--client-ca"), QStringLiteral("--token"),
                  QString::fromLatin1(kToken), QStringLiteral("--churn"), QStringLiteral("20"),
                  QStringLiteral("--verbose"), QStringLiteral("--access-log"), m_accessLog,
                  QStringLiteral("--kubeconfig-out"), simKubeconfig, QStringLiteral("--ca-out"),
                  m_dir.filePath(QStringLiteral("ca.pem"))});
    QTRY_VERIFY_WITH_TIMEOUT(m_sim->canReadLine(), 20000);
    m_simOut = m_sim->readLine();
    const QByteArray url = m_simOut.trimmed();
    QVERIFY2(url.startsWith("https://127.0.0.1:"), url.constData());
    const QByteArray simConfig = readAll(simKubeconfig);
    m_keyPem = kubeconfigData(simConfig, "client-key-data");
    const QByteArray certPem = kubeconfigData(simConfig, "client-certificate-data");
    QVERIFY(m_keyPem.contains("PRIVATE KEY-----"));
    QVERIFY(certPem.contains("BEGIN CERTIFICATE"));

    // A kubeconfig as a user has one: CA and client certificate and key in files, token inline.
    const auto owner = QFile::ReadOwner | QFile::WriteOwner;
    QVERIFY(writeFile(m_dir.filePath(QStringLiteral("client.key")), m_keyPem, owner));
    QVERIFY(writeFile(m_dir.filePath(QStringLiteral("client.crt")), certPem, owner));
    m_kubeconfig = m_dir.filePath(QStringLiteral("kubeconfig"));
    QVERIFY(writeFile(m_kubeconfig,
                      "apiVersion: v1\nkind: Config\ncurrent-context: sim\n"
                      "clusters:\n- name: sim\n  cluster:\n    server: " +
                          url +
                          "\n    certificate-authority: ca.pem\n"
                          "contexts:\n- name: sim\n  context: {cluster: sim, user: admin}\n"
                          "users:\n- name: admin\n  user:\n    token: " +
                          kToken +
                          "\n    client-certificate: client.crt\n"
                          "    client-key: client.key\n",
                      owner | QFile::ReadGroup)); // warned about, still used

    // The secrets, in every shape they could leak in.
    m_secrets = {{QStringLiteral("the bearer token"), kToken},
                 {QStringLiteral("the bearer token in base64"), kToken.toBase64()},
                 {QStringLiteral("the client key PEM in base64"), m_keyPem.toBase64().left(48)}};
    int line = 0;
    for (const QByteArray &l : m_keyPem.split('\n'))
        if (!l.startsWith("-----") && l.trimmed().size() >= 16)
            m_secrets.append(
                {QStringLiteral("line %1 of the client key PEM").arg(++line), l.trimmed()});
    QVERIFY(line > 0);
    // The same key as Qt writes it (EC keys as SEC1 "EC PRIVATE KEY", other bytes than the
    // PKCS#8 file), and its DER in base64 and hex.
    const QSslKey key(m_keyPem, QSsl::Ec, QSsl::Pem);
    QVERIFY(!key.isNull());
    for (const QByteArray &l : key.toPem().split('\n'))
        if (!l.startsWith("-----") && l.trimmed().size() >= 16)
            m_secrets.append(
                {QStringLiteral("line %1 of the client key as Qt's PEM").arg(++line), l.trimmed()});
    m_secrets.append(
        {QStringLiteral("the client key's DER in base64"), key.toDer().toBase64().left(48)});
    m_secrets.append({QStringLiteral("the client key's DER in hex"), key.toDer().toHex().left(48)});
}

void tst_Secrets::cleanupTestCase()
{
    if (m_sim) {
        m_sim->kill(); // our own child only
        m_sim->waitForFinished(10000);
    }
}

void tst_Secrets::runLens(const QStringList &args, QByteArray *out, QByteArray *err, int *exitCode)
{
    QProcess *p = startLens(args, this);
    // The cluster answers from its own process; this loop keeps reading both.
    QTRY_VERIFY_WITH_TIMEOUT(p->state() == QProcess::NotRunning, 60000);
    *out = p->readAllStandardOutput();
    *err = p->readAllStandardError();
    *exitCode = p->exitStatus() == QProcess::NormalExit ? p->exitCode() : -1;
    m_simOut += m_sim->readAll();
    delete p;
}

QString tst_Secrets::leakIn(const QByteArray &bytes) const
{
    for (const auto &[name, secret] : m_secrets)
        if (bytes.contains(secret))
            return name;
    return {};
}

// A kubeconfig with a token and a client key file, the controller writing through the same
// credentials, the journal recorded, kubectl's -v 9 request log on stderr.
void tst_Secrets::kubeconfigCredentialsNeverLeak()
{
    const QString record = m_dir.filePath(QStringLiteral("run.jsonl"));
    QByteArray out, err;
    int code = -1;
    runLens({QStringLiteral("--headless"), QStringLiteral("--kubeconfig"), m_kubeconfig,
             QStringLiteral("-A"), QStringLiteral("--record"), record, QStringLiteral("-v"),
             QStringLiteral("9"), QStringLiteral("--duration"), QStringLiteral("4"),
             QStringLiteral("--controller"), QStringLiteral("provisioner"),
             QStringLiteral("--allow-writes")},
            &out, &err, &code);
    QVERIFY2(code == 0, err.right(2000).constData());
    QVERIFY2(err.contains("POST "), "the controller wrote nothing"); // a PV through KubeClient
    // The kubeconfig others may read is warned about, once, and used.
    const QByteArray warning = "informer-lens: WARNING: Kubernetes configuration file is "
                               "group-readable. This is insecure. Location: " +
                               m_kubeconfig.toUtf8() + '\n';
    QCOMPARE(err.count(warning), 1);
    const QByteArray recorded = readAll(record);
    QVERIFY(recorded.contains("\"listCompleted\""));
    QVERIFY(recorded.contains("\"apiRequest")); // the controller's writes are journaled
    QVERIFY(out.size() > 10000);                // the journal on stdout
    for (const auto &[where, bytes] :
         {std::pair{QStringLiteral("stdout (the journal)"), out},
          std::pair{QStringLiteral("stderr (the -v 9 request log)"), err},
          std::pair{QStringLiteral("the --record file"), recorded}}) {
        const QString leak = leakIn(bytes);
        QVERIFY2(leak.isEmpty(), qPrintable(QStringLiteral("%1 holds %2").arg(where, leak)));
    }
    // The credentials were used: the request log shows the header, masked.
    QVERIFY2(err.contains("Authorization: Bearer <masked>"), err.left(2000).constData());
}

// The same credentials from an exec plugin (client.authentication.k8s.io/v1): its answer is a
// secret too.
void tst_Secrets::execPluginCredentialsNeverLeak()
{
    const QString credential = m_dir.filePath(QStringLiteral("credential.json"));
    const QJsonObject status{
        {QStringLiteral("token"), QString::fromLatin1(kToken)},
        {QStringLiteral("clientCertificateData"),
         QString::fromLatin1(readAll(m_dir.filePath(QStringLiteral("client.crt"))))},
        {QStringLiteral("clientKeyData"), QString::fromLatin1(m_keyPem)}};
    const QJsonObject execCredential{
        {QStringLiteral("apiVersion"), QStringLiteral("client.authentication.k8s.io/v1")},
        {QStringLiteral("kind"), QStringLiteral("ExecCredential")},
        {QStringLiteral("status"), status}};
    const auto owner = QFile::ReadOwner | QFile::WriteOwner;
    QVERIFY(writeFile(credential, QJsonDocument(execCredential).toJson(), owner));
    const QString plugin = m_dir.filePath(QStringLiteral("credential-plugin"));
    QVERIFY(writeFile(plugin, "#!/bin/sh\ncat '" + credential.toUtf8() + "'\n",
                      owner | QFile::ExeOwner));
    const QString kubeconfig = m_dir.filePath(QStringLiteral("exec.kubeconfig"));
    const QByteArray server = m_simOut.left(m_simOut.indexOf('\n'));
    QVERIFY(writeFile(kubeconfig,
                      "apiVersion: v1\nkind: Config\ncurrent-context: sim\n"
                      "clusters:\n- name: sim\n  cluster:\n    server: " +
                          server +
                          "\n    certificate-authority: ca.pem\n"
                          "contexts:\n- name: sim\n  context: {cluster: sim, user: plugin}\n"
                          "users:\n- name: plugin\n  user:\n    exec:\n"
                          "      apiVersion: client.authentication.k8s.io/v1\n"
                          "      command: " +
                          plugin.toUtf8() + "\n",
                      owner));
    const QString record = m_dir.filePath(QStringLiteral("exec.jsonl"));
    QByteArray out, err;
    int code = -1;
    runLens({QStringLiteral("pods"), QStringLiteral("--headless"), QStringLiteral("--kubeconfig"),
             kubeconfig, QStringLiteral("-A"), QStringLiteral("--record"), record,
             QStringLiteral("-v"), QStringLiteral("9"), QStringLiteral("--duration"),
             QStringLiteral("3")},
            &out, &err, &code);
    QVERIFY2(code == 0, err.right(2000).constData());
    QVERIFY2(!err.contains("WARNING"), err.left(2000).constData()); // owner-only files
    for (const auto &[where, bytes] :
         {std::pair{QStringLiteral("stdout (the journal)"), out},
          std::pair{QStringLiteral("stderr (the -v 9 request log)"), err},
          std::pair{QStringLiteral("the --record file"), readAll(record)}}) {
        const QString leak = leakIn(bytes);
        QVERIFY2(leak.isEmpty(), qPrintable(QStringLiteral("%1 holds %2").arg(where, leak)));
    }
    // The credentials were used: the request log shows the header, masked.
    QVERIFY2(err.contains("Authorization: Bearer <masked>"), err.left(2000).constData());
}

// The window's path: a screenshot after the informer synced, with the request log on.
void tst_Secrets::screenshotRunNeverLeaks()
{
    const QString shot = m_dir.filePath(QStringLiteral("shot.png"));
    QByteArray out, err;
    int code = -1;
    runLens({QStringLiteral("--kubeconfig"), m_kubeconfig, QStringLiteral("-A"),
             QStringLiteral("--screenshot"), shot, QStringLiteral("-v"), QStringLiteral("9")},
            &out, &err, &code);
    QVERIFY2(code == 0, err.right(2000).constData());
    const QByteArray png = readAll(shot);
    QVERIFY(png.startsWith("\x89PNG"));
    for (const auto &[where, bytes] :
         {std::pair{QStringLiteral("stdout"), out}, std::pair{QStringLiteral("stderr"), err},
          std::pair{QStringLiteral("the screenshot file"), png}}) {
        const QString leak = leakIn(bytes);
        QVERIFY2(leak.isEmpty(), qPrintable(QStringLiteral("%1 holds %2").arg(where, leak)));
    }
    // The credentials were used: the request log shows the header, masked.
    QVERIFY2(err.contains("Authorization: Bearer <masked>"), err.left(2000).constData());
}

// What the cluster wrote meanwhile: its stdout, its --verbose request lines, its access log.
void tst_Secrets::builtInServerLogsNoSecret()
{
    const QByteArray log = readAll(m_accessLog);
    // informer-lens's requests were logged, authenticated.
    QVERIFY2(log.contains("userAgent=\"informer-lens/"), log.left(2000).constData());
    QVERIFY(log.contains(" resp=200\n"));
    m_simOut += m_sim->readAll();
    const QByteArray simErr = m_sim->readAllStandardError();
    QVERIFY2(simErr.contains("listening on 127.0.0.1:"), simErr.left(2000).constData());
    QVERIFY(simErr.contains("200 GET /api/v1/"));
    for (const auto &[where, bytes] :
         {std::pair{QStringLiteral("the cluster's stdout"), m_simOut},
          std::pair{QStringLiteral("the cluster's stderr (--verbose)"), simErr},
          std::pair{QStringLiteral("the cluster's access log"), log}}) {
        const QString leak = leakIn(bytes);
        QVERIFY2(leak.isEmpty(), qPrintable(QStringLiteral("%1 holds %2").arg(where, leak)));
    }
}

QTEST_GUILESS_MAIN(tst_Secrets)
#include "tst_secrets.moc"
