// SPDX-License-Identifier: Apache-2.0
#include "selfmetrics.h"

#include "controller/provisioncontroller.h"
#include "runtime/controller.h"
#include "runtime/legacyqueue.h"
#include "runtime/priorityqueue.h"
#include "runtime/queuemetrics.h"
#include "workqueue/ratelimitingqueue.h"

#include <QMap>

namespace lens::selfmetrics {

QString podNamespace()
{
    return QStringLiteral("lens-system");
}

QString podName(const QString &controller)
{
    return controller + QStringLiteral("-0");
}

QString target(const QString &controller)
{
    return QStringLiteral("pod/%1/%2:%3").arg(podNamespace(), podName(controller)).arg(port);
}

namespace {

/// One counter family by `class` label, as client_golang writes a CounterVec.
QString classCounter(const char *name, const char *help, const QMap<QString, int> &byClass)
{
    if (byClass.isEmpty())
        return {};
    QString s = QStringLiteral("# HELP %1 %2\n# TYPE %1 counter\n")
                    .arg(QLatin1String(name), QLatin1String(help));
    for (auto it = byClass.cbegin(); it != byClass.cend(); ++it)
        s += QStringLiteral("%1{class=\"%2\"} %3\n")
                 .arg(QLatin1String(name), workqueue::prometheusLabelValue(it.key()))
                 .arg(it.value());
    return s;
}

} // namespace

QString provisionerText(const controller::ProvisionController &c)
{
    QStringList texts;
    if (const workqueue::RateLimitingQueue *q = c.claimQueue())
        texts << q->metrics().toPrometheusText(QStringLiteral("claims"));
    if (const workqueue::RateLimitingQueue *q = c.volumeQueue())
        texts << q->metrics().toPrometheusText(QStringLiteral("volumes"));
    const auto &m = c.metrics();
    texts << classCounter("controller_persistentvolumeclaim_provision_total",
                          "Total number of persistent volumes provisioned successfully. Broken "
                          "down by storage class name.",
                          m.provisionTotal)
          << classCounter("controller_persistentvolumeclaim_provision_failed_total",
                          "Total number of persistent volume provision failed attempts. Broken "
                          "down by storage class name.",
                          m.provisionFailedTotal)
          << classCounter("controller_persistentvolume_delete_total",
                          "Total number of persistent volumes deleted successfully. Broken down "
                          "by storage class name.",
                          m.deleteTotal)
          << classCounter("controller_persistentvolume_delete_failed_total",
                          "Total number of persistent volume delete failed attempts. Broken "
                          "down by storage class name.",
                          m.deleteFailedTotal);
    return merge(texts);
}

QString runtimeText(const QList<const runtime::Controller *> &controllers)
{
    QStringList texts;
    for (const runtime::Controller *c : controllers) {
        if (!c)
            continue;
        const QString name = c->name();
        if (const auto *pq = dynamic_cast<const runtime::PriorityQueue *>(c->queue())) {
            texts << pq->metrics().toPrometheusText(name);
        } else if (const auto *legacy = dynamic_cast<const runtime::LegacyQueue *>(c->queue())) {
            // controller-runtime's provider labels a client-go queue as its own (name and
            // controller, priority "" on depth): the wrapped queue's figures under those labels.
            const workqueue::Metrics &m = legacy->wrapped()->metrics();
            runtime::QueueMetrics q;
            q.depth.insert(QString(), m.depth);
            q.addsTotal = m.addsTotal;
            q.retriesTotal = m.retriesTotal;
            q.queueDurationSeconds = m.queueDurationSeconds;
            q.workDurationSeconds = m.workDurationSeconds;
            q.unfinishedWorkSeconds = m.unfinishedWorkSeconds;
            q.longestRunningProcessorSeconds = m.longestRunningProcessorSeconds;
            texts << q.toPrometheusText(name);
        }
        texts << c->metrics().toPrometheusText(name);
    }
    return merge(texts);
}

QString merge(const QStringList &texts)
{
    struct Family {
        QString help, type, samples;
    };
    QMap<QString, Family> families;
    for (const QString &text : texts) {
        QString current;
        for (const QStringView line : QStringView(text).split(QLatin1Char('\n'))) {
            if (line.isEmpty())
                continue;
            if (line.startsWith(QLatin1String("# HELP ")) ||
                line.startsWith(QLatin1String("# TYPE "))) {
                current = line.mid(7).split(QLatin1Char(' ')).first().toString();
                Family &f = families[current];
                QString &slot = line.startsWith(QLatin1String("# HELP ")) ? f.help : f.type;
                if (slot.isEmpty())
                    slot = line.toString() + QLatin1Char('\n');
                continue;
            }
            if (!current.isEmpty())
                families[current].samples += line.toString() + QLatin1Char('\n');
        }
    }
    QString out;
    for (const Family &f : std::as_const(families))
        out += f.help + f.type + f.samples;
    return out;
}

} // namespace lens::selfmetrics
