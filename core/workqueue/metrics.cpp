// SPDX-License-Identifier: Apache-2.0
#include "metrics.h"

#include <QJsonArray>
#include <QLocale>

#include <cmath>

namespace lens::workqueue {

QString prometheusValue(double v)
{
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("+Inf") : QStringLiteral("-Inf");
    if (std::isnan(v))
        return QStringLiteral("NaN");
    if (v == 0)
        return QStringLiteral("0");
    // Go's 'g' with the shortest precision decides by the exponent alone (< -4 or >= 6: 'e'),
    // where Qt's shortest 'g' picks whichever form is shorter: read the exponent from 'e'.
    const QString e = QString::number(v, 'e', QLocale::FloatingPointShortest);
    const qsizetype at = e.indexOf(QLatin1Char('e'));
    const int exp = at < 0 ? 0 : e.mid(at + 1).toInt();
    if (exp < -4 || exp >= 6)
        return e;
    return QString::number(v, 'f', QLocale::FloatingPointShortest);
}

QString prometheusLabelValue(QString v)
{
    return v.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
        .replace(QLatin1Char('"'), QLatin1String("\\\""))
        .replace(QLatin1Char('\n'), QLatin1String("\\n"));
}

namespace {
QString num(double v)
{
    return prometheusValue(v);
}

QString escapeLabel(QString v)
{
    return prometheusLabelValue(std::move(v));
}

QJsonObject histogramJson(const Histogram &h)
{
    QJsonArray buckets;
    for (qsizetype i = 0; i < h.upperBounds.size(); ++i)
        buckets.append(QJsonObject{{QLatin1String("le"), h.upperBounds.at(i)},
                                   {QLatin1String("count"), qint64(h.bucketCounts.at(i))}});
    return {{QLatin1String("count"), qint64(h.count)},
            {QLatin1String("sum"), h.sum},
            {QLatin1String("buckets"), buckets}};
}
} // namespace

void Histogram::observe(double seconds)
{
    ++count;
    sum += seconds;
    for (qsizetype i = 0; i < upperBounds.size(); ++i)
        if (seconds <= upperBounds.at(i))
            ++bucketCounts[i];
}

Histogram Histogram::workqueueBuckets()
{
    return exponentialBuckets(10e-9, 10, 10);
}

Histogram Histogram::exponentialBuckets(double start, double factor, int count)
{
    Histogram h;
    double bound = start;
    for (int i = 0; i < count; ++i) {
        h.upperBounds << bound;
        h.bucketCounts << 0;
        bound *= factor;
    }
    return h;
}

QJsonObject Metrics::toJson() const
{
    return {
        {QLatin1String("workqueue_depth"), depth},
        {QLatin1String("workqueue_adds_total"), qint64(addsTotal)},
        {QLatin1String("workqueue_queue_duration_seconds"), histogramJson(queueDurationSeconds)},
        {QLatin1String("workqueue_work_duration_seconds"), histogramJson(workDurationSeconds)},
        {QLatin1String("workqueue_unfinished_work_seconds"), unfinishedWorkSeconds},
        {QLatin1String("workqueue_longest_running_processor_seconds"),
         longestRunningProcessorSeconds},
        {QLatin1String("workqueue_retries_total"), qint64(retriesTotal)},
    };
}

QString Metrics::toPrometheusText(const QString &queueName) const
{
    const QString label = QStringLiteral("name=\"%1\"").arg(escapeLabel(queueName));
    QString out;
    auto head = [&](const char *name, const char *type, const char *help) {
        out += QStringLiteral("# HELP %1 [BETA] %2\n# TYPE %1 %3\n")
                   .arg(QLatin1String(name), QLatin1String(help), QLatin1String(type));
    };
    auto scalar = [&](const char *name, const char *type, const char *help, double v) {
        head(name, type, help);
        out += QStringLiteral("%1{%2} %3\n").arg(QLatin1String(name), label, num(v));
    };
    auto histogram = [&](const char *name, const char *help, const Histogram &h) {
        head(name, "histogram", help);
        const QString n = QLatin1String(name);
        for (qsizetype i = 0; i < h.upperBounds.size(); ++i)
            out += QStringLiteral("%1_bucket{%2,le=\"%3\"} %4\n")
                       .arg(n, label, num(h.upperBounds.at(i)))
                       .arg(h.bucketCounts.at(i));
        out += QStringLiteral("%1_bucket{%2,le=\"+Inf\"} %3\n").arg(n, label).arg(h.count);
        out += QStringLiteral("%1_sum{%2} %3\n").arg(n, label, num(h.sum));
        out += QStringLiteral("%1_count{%2} %3\n").arg(n, label).arg(h.count);
    };
    scalar("workqueue_depth", "gauge", "Current depth of workqueue", double(depth));
    scalar("workqueue_adds_total", "counter", "Total number of adds handled by workqueue",
           double(addsTotal));
    histogram("workqueue_queue_duration_seconds",
              "How long in seconds an item stays in workqueue before being requested.",
              queueDurationSeconds);
    histogram("workqueue_work_duration_seconds",
              "How long in seconds processing an item from workqueue takes.", workDurationSeconds);
    scalar("workqueue_unfinished_work_seconds", "gauge",
           "How many seconds of work has done that is in progress and hasn't been observed by "
           "work_duration. Large values indicate stuck threads. One can deduce the number of "
           "stuck threads by observing the rate at which this increases.",
           unfinishedWorkSeconds);
    scalar("workqueue_longest_running_processor_seconds", "gauge",
           "How many seconds has the longest running processor for workqueue been running.",
           longestRunningProcessorSeconds);
    scalar("workqueue_retries_total", "counter", "Total number of retries handled by workqueue",
           double(retriesTotal));
    return out;
}

} // namespace lens::workqueue
