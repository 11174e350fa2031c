// SPDX-License-Identifier: Apache-2.0
#include "disposal.h"

#include <QCoreApplication>
#include <QThread>

namespace lens {

QThreadPool *disposalPool()
{
    static QThreadPool *pool = [] {
        auto *p = new QThreadPool;
        p->setMaxThreadCount(1);
        p->setThreadPriority(QThread::LowPriority);
        p->setObjectName(QStringLiteral("disposal"));
        qAddPostRoutine([] { disposalPool()->waitForDone(); });
        return p;
    }();
    return pool;
}

} // namespace lens
