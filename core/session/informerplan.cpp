// SPDX-License-Identifier: Apache-2.0
#include "informerplan.h"

namespace lens {

QString queueModeWord(SharedIndexInformer::QueueMode mode)
{
    return mode == SharedIndexInformer::QueueMode::RealFIFO ? QStringLiteral("realfifo")
                                                            : QStringLiteral("deltafifo");
}

bool queueModeFromWord(const QString &word, SharedIndexInformer::QueueMode *out)
{
    const QString w = word.trimmed().toLower();
    if (w == QLatin1String("deltafifo"))
        *out = SharedIndexInformer::QueueMode::DeltaFIFO;
    else if (w == QLatin1String("realfifo"))
        *out = SharedIndexInformer::QueueMode::RealFIFO;
    else
        return false;
    return true;
}

QList<InformerPlan> planInformers(const QStringList &resources,
                                  const QList<SharedIndexInformer::QueueMode> &queueModes,
                                  const QList<bool> &watchListModes, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return QList<InformerPlan>{};
    };
    if (resources.isEmpty() || queueModes.isEmpty() || watchListModes.isEmpty())
        return fail(QStringLiteral("no informer to run: a resource, a queue mode and a list mode "
                                   "are needed"));
    for (qsizetype i = 0; i < resources.size(); ++i) {
        if (resources[i].isEmpty())
            return fail(QStringLiteral("an empty resource name"));
        if (resources.indexOf(resources[i]) != i)
            return fail(QStringLiteral("%1 is given twice").arg(resources[i]));
    }
    for (qsizetype i = 0; i < queueModes.size(); ++i)
        if (queueModes.indexOf(queueModes[i]) != i)
            return fail(
                QStringLiteral("queue mode %1 is given twice").arg(queueModeWord(queueModes[i])));
    for (qsizetype i = 0; i < watchListModes.size(); ++i)
        if (watchListModes.indexOf(watchListModes[i]) != i)
            return fail(QStringLiteral("list mode %1 is given twice")
                            .arg(watchListModes[i] ? QStringLiteral("watchlist")
                                                   : QStringLiteral("listwatch")));
    QList<InformerPlan> out;
    for (const QString &r : resources) {
        for (SharedIndexInformer::QueueMode q : queueModes) {
            for (bool wl : watchListModes) {
                InformerPlan p{r, q, wl, r};
                if (queueModes.size() > 1)
                    p.name += QLatin1Char('/') + queueModeWord(q);
                if (watchListModes.size() > 1)
                    p.name += wl ? QStringLiteral("/watchlist") : QStringLiteral("/listwatch");
                out << p;
            }
        }
    }
    return out;
}

} // namespace lens
