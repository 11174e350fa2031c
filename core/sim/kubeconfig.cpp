// SPDX-License-Identifier: Apache-2.0
#include "kubeconfig.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace lens::sim {

QString kubeconfigText(const QUrl &server)
{
    // Output only: a fixed template, the URL is the only variable (and needs no quoting).
    return QStringLiteral("apiVersion: v1\n"
                          "kind: Config\n"
                          "clusters:\n"
                          "- name: lens-sim\n"
                          "  cluster:\n"
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
                          "    token: lens-sim-dummy-token\n")
        .arg(server.toString(QUrl::StripTrailingSlash));
}

bool writeKubeconfig(const QString &path, const QUrl &server, QString *error)
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
    f.write(kubeconfigText(server).toUtf8());
    f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    if (!f.commit()) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace lens::sim
