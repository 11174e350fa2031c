// SPDX-License-Identifier: Apache-2.0
// What tst_kubeconfig and tst_kubeconfig_exec share: kubeconfig files written into a temporary
// directory with the permissions a test asks for.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

namespace lens::kubeconfigtest {
inline const QString kSecret = QStringLiteral("s3cr3t-token-value");

inline QString write(const QTemporaryDir &dir, const QString &name, const QByteArray &text,
                     QFile::Permissions perms = QFile::ReadOwner | QFile::WriteOwner)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(path));
    f.close();
    f.setPermissions(perms);
    return path;
}

inline QByteArray config(const QByteArray &cluster, const QByteArray &user,
                         const QByteArray &current = "ctx")
{
    return "apiVersion: v1\nkind: Config\ncurrent-context: " + current +
           "\nclusters:\n- name: c1\n  cluster:\n" + cluster +
           "contexts:\n- name: ctx\n  context:\n    cluster: c1\n    user: u1\n"
           "    namespace: team-a\n"
           "users:\n- name: u1\n  user:\n" +
           user;
}
} // namespace lens::kubeconfigtest
