// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QProcess>

/// Starts the informer-lens executable (LENS_APP, set by tests/app/CMakeLists.txt) with `args`
/// on the offscreen platform, owned by `parent`; the caller waits for it. LC_ALL is `language`
/// (the C locale unless given): the window follows the desktop's language, and a test's runs
/// must not depend on the machine's.
inline QProcess *startLens(const QStringList &args, QObject *parent,
                           const QString &language = QStringLiteral("C.UTF-8"))
{
    auto *p = new QProcess(parent);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.remove(QStringLiteral("LANGUAGE"));
    env.insert(QStringLiteral("LC_ALL"), language);
    p->setProcessEnvironment(env);
    p->start(QStringLiteral(LENS_APP), args);
    return p;
}
