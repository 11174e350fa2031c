// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QProcess>

/// Starts the informer-lens executable (LENS_APP, set by tests/app/CMakeLists.txt) with `args`
/// on the offscreen platform, owned by `parent`; the caller waits for it.
inline QProcess *startLens(const QStringList &args, QObject *parent)
{
    auto *p = new QProcess(parent);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p->setProcessEnvironment(env);
    p->start(QStringLiteral(LENS_APP), args);
    return p;
}
