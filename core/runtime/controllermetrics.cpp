// SPDX-License-Identifier: Apache-2.0
#include "controllermetrics.h"

#include <QLocale>

#include <cmath>

namespace lens::runtime {

namespace {
/// Go's strconv.FormatFloat(v, 'g', -1, 64), as expfmt writes values.
QString num(double v)
{
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("+Inf") : QStringLiteral("-Inf");
    if (std::isnan(v))
        return QStringLiteral("NaN");
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

QString escapeLabel(QString v)
{
    return v.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
        .replace(QLatin1Char('"'), QLatin1String("\\\""))
        .replace(QLatin1Char('\n'), QLatin1String("\\n"));
}
} // namespace

ControllerMetrics::ControllerMetrics()
{
    reconcileTimeSeconds.upperBounds = reconcileTimeBuckets();
    reconcileTimeSeconds.bucketCounts = QList<quint64>(reconcileTimeSeconds.upperBounds.size(), 0);
}

QList<double> ControllerMetrics::reconcileTimeBuckets()
{
    // §5.3, as metrics.go lists them literally.
    return {0.005, 0.01, 0.025, 0.05, 0.1,  0.15, 0.2,  0.25, 0.3,  0.35, 0.4,  0.45, 0.5, 0.6,
            0.7,   0.8,  0.9,   1.0,  1.25, 1.5,  1.75, 2.0,  2.5,  3.0,  3.5,  4.0,  4.5, 5.0,
            6.0,   7.0,  8.0,   9.0,  10.0, 15.0, 20.0, 25.0, 30.0, 40.0, 50.0, 60.0};
}

void ControllerMetrics::init(int maxConcurrent)
{
    initialized = true;
    for (const char *r : {"error", "requeue", "requeue_after", "success"})
        reconcileTotal.insert(QLatin1String(r), reconcileTotal.value(QLatin1String(r)));
    maxConcurrentReconciles = maxConcurrent;
    activeWorkers = 0;
}

QString ControllerMetrics::toPrometheusText(const QString &controller) const
{
    if (!initialized)
        return {};
    const QString label = QStringLiteral("controller=\"%1\"").arg(escapeLabel(controller));
    QString out;
    auto head = [&](const char *name, const char *type, const char *help) {
        out += QStringLiteral("# HELP %1 %2\n# TYPE %1 %3\n")
                   .arg(QLatin1String(name), QLatin1String(help), QLatin1String(type));
    };
    auto scalar = [&](const char *name, const char *type, const char *help, double v) {
        head(name, type, help);
        out += QStringLiteral("%1{%2} %3\n").arg(QLatin1String(name), label, num(v));
    };
    // Sorted by family name, as expfmt writes them.
    scalar("controller_runtime_active_workers", "gauge",
           "Number of currently used workers per controller", double(activeWorkers));
    scalar("controller_runtime_max_concurrent_reconciles", "gauge",
           "Maximum number of concurrent reconciles per controller",
           double(maxConcurrentReconciles));
    scalar("controller_runtime_reconcile_errors_total", "counter",
           "Total number of reconciliation errors per controller", double(reconcileErrorsTotal));
    scalar("controller_runtime_reconcile_panics_total", "counter",
           "Total number of reconciliation panics per controller", double(reconcilePanicsTotal));
    {
        const workqueue::Histogram &h = reconcileTimeSeconds;
        head("controller_runtime_reconcile_time_seconds", "histogram",
             "Length of time per reconciliation per controller");
        const QString n = QStringLiteral("controller_runtime_reconcile_time_seconds");
        for (qsizetype i = 0; i < h.upperBounds.size(); ++i) // counts are cumulative
            out += QStringLiteral("%1_bucket{%2,le=\"%3\"} %4\n")
                       .arg(n, label, num(h.upperBounds.at(i)), num(double(h.bucketCounts.at(i))));
        out += QStringLiteral("%1_bucket{%2,le=\"+Inf\"} %3\n").arg(n, label, num(double(h.count)));
        out += QStringLiteral("%1_sum{%2} %3\n").arg(n, label, num(h.sum));
        out += QStringLiteral("%1_count{%2} %3\n").arg(n, label, num(double(h.count)));
    }
    scalar("controller_runtime_reconcile_timeouts_total", "counter",
           "Total number of reconciliation timeouts per controller",
           double(reconcileTimeoutsTotal));
    head("controller_runtime_reconcile_total", "counter",
         "Total number of reconciliations per controller");
    for (auto it = reconcileTotal.begin(); it != reconcileTotal.end(); ++it)
        out += QStringLiteral("controller_runtime_reconcile_total{%1,result=\"%2\"} %3\n")
                   .arg(label, it.key(), num(double(it.value())));
    scalar("controller_runtime_terminal_reconcile_errors_total", "counter",
           "Total number of terminal reconciliation errors per controller",
           double(terminalReconcileErrorsTotal));
    return out;
}

} // namespace lens::runtime
