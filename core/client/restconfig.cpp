// SPDX-License-Identifier: Apache-2.0
#include "restconfig.h"

#include "api/version.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkRequest>
#include <QProcess>
#include <QProcessEnvironment>

namespace lens {

QSslKey privateKeyFromPem(const QByteArray &pem)
{
    for (const QSsl::KeyAlgorithm alg : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa}) {
        QSslKey key(pem, alg, QSsl::Pem, QSsl::PrivateKey);
        if (!key.isNull())
            return key;
    }
    return {};
}

bool ExecCredentialPlugin::refresh(QString *error, int timeoutMs)
{
    auto fail = [&](const QString &why) {
        if (error)
            *error = QStringLiteral("the exec credential plugin \"%1\" %2").arg(command, why);
        return false;
    };
    if (m_fetched && (!m_expiry.isValid() || QDateTime::currentDateTimeUtc() < m_expiry))
        return true;
    if (interactiveMode == QLatin1String("Always"))
        return fail(QStringLiteral("needs a terminal (interactiveMode: Always); Informer Lens "
                                   "runs plugins without one"));
    QProcess proc;
    QProcessEnvironment procEnv = QProcessEnvironment::systemEnvironment();
    for (const auto &[name, value] : env)
        procEnv.insert(name, value);
    const QJsonObject info{
        {QStringLiteral("apiVersion"), apiVersion},
        {QStringLiteral("kind"), QStringLiteral("ExecCredential")},
        {QStringLiteral("spec"), QJsonObject{{QStringLiteral("interactive"), false}}}};
    procEnv.insert(QStringLiteral("KUBERNETES_EXEC_INFO"),
                   QString::fromUtf8(QJsonDocument(info).toJson(QJsonDocument::Compact)));
    proc.setProcessEnvironment(procEnv);
    proc.setProgram(command);
    proc.setArguments(args);
    proc.start(QIODevice::ReadOnly);
    if (!proc.waitForStarted(timeoutMs)) {
        const QString hint = installHint.trimmed();
        return fail(
            QStringLiteral("could not be started (%1)%2")
                .arg(proc.errorString(), hint.isEmpty() ? QString() : QStringLiteral(". ") + hint));
    }
    if (!proc.waitForFinished(timeoutMs)) {
        proc.kill();
        proc.waitForFinished(1000);
        return fail(QStringLiteral("did not finish within %1 s").arg(timeoutMs / 1000));
    }
    if (proc.exitStatus() != QProcess::NormalExit || proc.exitCode() != 0) {
        const QList<QByteArray> lines = proc.readAllStandardError().trimmed().split('\n');
        return fail(QStringLiteral("exited with code %1%2")
                        .arg(proc.exitCode())
                        .arg(lines.constLast().isEmpty()
                                 ? QString()
                                 : QStringLiteral(": ") + QString::fromUtf8(lines.constLast())));
    }
    QJsonParseError pe{};
    const QJsonObject out = QJsonDocument::fromJson(proc.readAllStandardOutput(), &pe).object();
    if (pe.error != QJsonParseError::NoError)
        return fail(QStringLiteral("printed something that is not JSON (%1 at byte %2)")
                        .arg(pe.errorString())
                        .arg(pe.offset));
    if (out.value(QStringLiteral("kind")).toString() != QLatin1String("ExecCredential"))
        return fail(QStringLiteral("printed JSON that is not an ExecCredential"));
    if (!apiVersion.isEmpty() && out.value(QStringLiteral("apiVersion")).toString() != apiVersion)
        return fail(
            QStringLiteral("answered with apiVersion \"%1\", the kubeconfig asks for \"%2\"")
                .arg(out.value(QStringLiteral("apiVersion")).toString(), apiVersion));
    const QJsonObject status = out.value(QStringLiteral("status")).toObject();
    const QString token = status.value(QStringLiteral("token")).toString();
    const QByteArray certPem =
        status.value(QStringLiteral("clientCertificateData")).toString().toUtf8();
    const QByteArray keyPem = status.value(QStringLiteral("clientKeyData")).toString().toUtf8();
    QSslCertificate cert;
    QSslKey key;
    if (!certPem.isEmpty() || !keyPem.isEmpty()) {
        const QList<QSslCertificate> certs = QSslCertificate::fromData(certPem, QSsl::Pem);
        key = privateKeyFromPem(keyPem);
        if (certs.isEmpty() || key.isNull())
            return fail(QStringLiteral("returned a client certificate or key that is not valid "
                                       "PEM"));
        cert = certs.constFirst();
    }
    if (token.isEmpty() && cert.isNull())
        return fail(QStringLiteral("returned neither status.token nor a client certificate"));
    const QString expiry = status.value(QStringLiteral("expirationTimestamp")).toString();
    m_expiry = expiry.isEmpty() ? QDateTime() : QDateTime::fromString(expiry, Qt::ISODate);
    m_token = token;
    m_cert = cert;
    m_key = key;
    m_fetched = true;
    return true;
}

QSslConfiguration RestConfig::sslConfiguration() const
{
    QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
    if (!caCertificates.isEmpty())
        ssl.setCaCertificates(caCertificates);
    if (insecureSkipTlsVerify)
        ssl.setPeerVerifyMode(QSslSocket::VerifyNone);
    QSslCertificate cert = clientCertificate;
    QSslKey key = clientKey;
    if (exec && !exec->clientCertificate().isNull()) {
        cert = exec->clientCertificate();
        key = exec->clientKey();
    }
    if (!cert.isNull()) {
        ssl.setLocalCertificate(cert);
        ssl.setPrivateKey(key);
    }
    return ssl;
}

QUrl RestConfig::url(const QString &path) const
{
    QUrl u = server;
    QString base = u.path();
    if (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    u.setPath(base + path);
    return u;
}

QNetworkRequest RestConfig::request(const QUrl &url) const
{
    QNetworkRequest req(url);
    req.setRawHeader("Accept", "application/json");
    req.setRawHeader("User-Agent",
                     QStringLiteral("informer-lens/%1").arg(projectVersion()).toLatin1());
    apply(&req);
    return req;
}

void RestConfig::apply(QNetworkRequest *request) const
{
    if (exec)
        exec->refresh(); // a failure leaves the last credential (or none): the server says 401
    if (server.scheme() == QLatin1String("https")) {
        request->setSslConfiguration(sslConfiguration());
        if (!tlsServerName.isEmpty())
            request->setPeerVerifyName(tlsServerName);
    }
    QString token = bearerToken;
    if (token.isEmpty() && !bearerTokenFile.isEmpty()) {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        if (!m_fileTokenRead.isValid() || m_fileTokenRead.secsTo(now) >= 60) {
            QFile f(bearerTokenFile);
            if (f.open(QIODevice::ReadOnly))
                m_fileToken = QString::fromUtf8(f.readAll()).trimmed();
            m_fileTokenRead = now;
        }
        token = m_fileToken;
    }
    if (token.isEmpty() && exec)
        token = exec->token();
    if (!token.isEmpty())
        request->setRawHeader("Authorization", "Bearer " + token.toUtf8());
    else if (!username.isEmpty())
        request->setRawHeader("Authorization",
                              "Basic " +
                                  (username + QLatin1Char(':') + password).toUtf8().toBase64());
    // client-go's transport.NewImpersonatingRoundTripper. It sends one Impersonate-Group
    // header per group; QNetworkRequest (Qt 6.4) holds one value per header name, so the
    // command line takes at most one group (app/lens/cli.cpp).
    if (!impersonateUser.isEmpty())
        request->setRawHeader("Impersonate-User", impersonateUser.toUtf8());
    if (!impersonateGroups.isEmpty())
        request->setRawHeader("Impersonate-Group", impersonateGroups.first().toUtf8());
    if (timeoutMs > 0)
        request->setAttribute(timeoutAttribute, timeoutMs);
}

QString RestConfig::credentialKind() const
{
    if (!bearerToken.isEmpty())
        return QStringLiteral("bearer token");
    if (!bearerTokenFile.isEmpty())
        return QStringLiteral("token file");
    if (exec)
        return QStringLiteral("exec plugin %1").arg(exec->command);
    if (!clientCertificate.isNull())
        return QStringLiteral("client certificate");
    if (!username.isEmpty())
        return QStringLiteral("basic auth");
    return QStringLiteral("no credentials");
}

QString RestConfig::description() const
{
    if (contextName.isEmpty())
        return credentialKind();
    return QStringLiteral("context %1 (cluster %2, user %3: %4)")
        .arg(contextName, clusterName, userName.isEmpty() ? QStringLiteral("-") : userName,
             credentialKind());
}

} // namespace lens
