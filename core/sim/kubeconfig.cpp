// SPDX-License-Identifier: Apache-2.0
#include "kubeconfig.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace lens::sim {

namespace {
/// A YAML double-quoted scalar.
QString yamlQuoted(const QString &v)
{
    QString out = QStringLiteral("\"");
    for (const QChar ch : v) {
        if (ch == QLatin1Char('"') || ch == QLatin1Char('\\'))
            out += QLatin1Char('\\');
        out += ch;
    }
    return out + QLatin1Char('"');
}
} // namespace

QString kubeconfigText(const QUrl &server)
{
    return kubeconfigText(server, QByteArray(), QString());
}

QString kubeconfigText(const QUrl &server, const QByteArray &caCertPem, const QString &token,
                       const QByteArray &clientCertPem, const QByteArray &clientKeyPem)
{
    QString user;
    if (!clientCertPem.isEmpty())
        user += QStringLiteral("    client-certificate-data: %1\n    client-key-data: %2\n")
                    .arg(QString::fromLatin1(clientCertPem.toBase64()),
                         QString::fromLatin1(clientKeyPem.toBase64()));
    if (!token.isEmpty() || clientCertPem.isEmpty())
        user +=
            QStringLiteral("    token: %1\n")
                .arg(token.isEmpty() ? QStringLiteral("lens-sim-dummy-token") : yamlQuoted(token));
    const QString ca = caCertPem.isEmpty() ? QString()
                                           : QStringLiteral("    certificate-authority-data: %1\n")
                                                 .arg(QString::fromLatin1(caCertPem.toBase64()));
    // Output only: a fixed template, the URL is the only variable (and needs no quoting).
    return QStringLiteral("apiVersion: v1\n"
                          "kind: Config\n"
                          "clusters:\n"
                          "- name: lens-sim\n"
                          "  cluster:\n"
                          "%3"
                          "    server: %1\n"
                          "contexts:\n"
                          "- name: lens-sim\n"
                          "  context:\n"
                          "    cluster: lens-sim\n"
                          "    namespace: default\n"
                          "    user: lens-sim\n"
                          "current-context: lens-sim\n"
                          "preferences: {}\n"
                          "users:\n"
                          "- name: lens-sim\n"
                          "  user:\n"
                          "%2")
        .arg(server.toString(QUrl::StripTrailingSlash), user, ca);
}

bool writeKubeconfig(const QString &path, const QUrl &server, QString *error)
{
    return writeKubeconfig(path, server, QByteArray(), QString(), error);
}

bool writeKubeconfig(const QString &path, const QUrl &server, const QByteArray &caCertPem,
                     const QString &token, QString *error, const QByteArray &clientCertPem,
                     const QByteArray &clientKeyPem)
{
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath())) {
        if (error)
            *error = QStringLiteral("cannot create directory %1").arg(info.absolutePath());
        return false;
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    f.write(kubeconfigText(server, caCertPem, token, clientCertPem, clientKeyPem).toUtf8());
    f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    if (!f.commit()) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace lens::sim
