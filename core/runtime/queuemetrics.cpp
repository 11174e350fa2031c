// SPDX-License-Identifier: Apache-2.0
#include "queuemetrics.h"

#include <algorithm>

namespace lens::runtime {

QueueMetrics::QueueMetrics() : queueDurationSeconds(buckets()), workDurationSeconds(buckets()) {}

workqueue::Histogram QueueMetrics::buckets()
{
    return workqueue::Histogram::exponentialBuckets(10e-9, 10, 12);
}

qint64 QueueMetrics::totalDepth() const
{
    qint64 total = 0;
    for (qint64 v : depth)
        total += v;
    return total;
}

QString QueueMetrics::priorityLabel(int priority)
{
    if (cardinalityLimitReached)
        return cardinalityExceededLabel();
    observedPriorities.insert(priority);
    if (observedPriorities.size() > maxPriorityLabels) {
        observedPriorities.clear();
        cardinalityLimitReached = true;
        return cardinalityExceededLabel();
    }
    return QString::number(priority);
}

void QueueMetrics::add(const QString &key, int priority, qint64 nowMs)
{
    ++addsTotal;
    ++depth[priorityLabel(priority)];
    if (!addTimesMs.contains(key))
        addTimesMs.insert(key, nowMs);
}

void QueueMetrics::updateDepthWithPriority(int oldPriority, int newPriority)
{
    --depth[priorityLabel(oldPriority)];
    ++depth[priorityLabel(newPriority)];
}

void QueueMetrics::get(const QString &key, int priority, qint64 nowMs)
{
    --depth[priorityLabel(priority)];
    processingSinceMs.insert(key, nowMs);
    if (const auto it = addTimesMs.constFind(key); it != addTimesMs.cend()) {
        queueDurationSeconds.observe(double(nowMs - *it) / 1000.0);
        addTimesMs.erase(it);
    }
}

void QueueMetrics::done(const QString &key, qint64 nowMs)
{
    if (const auto it = processingSinceMs.constFind(key); it != processingSinceMs.cend()) {
        workDurationSeconds.observe(double(nowMs - *it) / 1000.0);
        processingSinceMs.erase(it);
    }
}

bool QueueMetrics::updateUnfinishedWork(qint64 nowMs)
{
    qint64 total = 0, longest = 0;
    for (qint64 since : std::as_const(processingSinceMs)) {
        total += nowMs - since;
        longest = std::max(longest, nowMs - since);
    }
    const double unfinished = double(total) / 1000.0, longestS = double(longest) / 1000.0;
    if (unfinished == unfinishedWorkSeconds && longestS == longestRunningProcessorSeconds)
        return false;
    unfinishedWorkSeconds = unfinished;
    longestRunningProcessorSeconds = longestS;
    return true;
}

QString QueueMetrics::toPrometheusText(const QString &queueName) const
{
    using workqueue::prometheusLabelValue;
    using workqueue::prometheusValue;
    const QString q = prometheusLabelValue(queueName);
    // Labels sorted by name: controller, name (, priority); histograms' le last.
    const QString labels = QStringLiteral("controller=\"%1\",name=\"%1\"").arg(q);
    QString out;
    auto head = [&](const char *name, const char *type, const char *help) {
        out += QStringLiteral("# HELP %1 %2\n# TYPE %1 %3\n")
                   .arg(QLatin1String(name), QLatin1String(help), QLatin1String(type));
    };
    auto scalar = [&](const char *name, const char *type, const char *help, double v) {
        head(name, type, help);
        out += QStringLiteral("%1{%2} %3\n").arg(QLatin1String(name), labels, prometheusValue(v));
    };
    auto histogram = [&](const char *name, const char *help, const workqueue::Histogram &h) {
        head(name, "histogram", help);
        const QString n = QLatin1String(name);
        for (qsizetype i = 0; i < h.upperBounds.size(); ++i)
            out += QStringLiteral("%1_bucket{%2,le=\"%3\"} %4\n")
                       .arg(n, labels, prometheusValue(h.upperBounds.at(i)),
                            prometheusValue(double(h.bucketCounts.at(i))));
        out += QStringLiteral("%1_bucket{%2,le=\"+Inf\"} %3\n")
                   .arg(n, labels, prometheusValue(double(h.count)));
        out += QStringLiteral("%1_sum{%2} %3\n").arg(n, labels, prometheusValue(h.sum));
        out += QStringLiteral("%1_count{%2} %3\n").arg(n, labels, prometheusValue(double(h.count)));
    };
    // Families in name order, as expfmt writes a gathered registry.
    scalar("workqueue_adds_total", "counter", "Total number of adds handled by workqueue",
           double(addsTotal));
    if (!depth.isEmpty()) { // a vector without series is not gathered
        head("workqueue_depth", "gauge", "Current depth of workqueue by workqueue and priority");
        // QMap orders the label values as Go compares strings (ASCII: "-100" < "0" < "10").
        for (auto it = depth.cbegin(); it != depth.cend(); ++it)
            out += QStringLiteral("workqueue_depth{%1,priority=\"%2\"} %3\n")
                       .arg(labels, prometheusLabelValue(it.key()),
                            prometheusValue(double(it.value())));
    }
    scalar("workqueue_longest_running_processor_seconds", "gauge",
           "How many seconds has the longest running processor for workqueue been running.",
           longestRunningProcessorSeconds);
    histogram("workqueue_queue_duration_seconds",
              "How long in seconds an item stays in workqueue before being requested",
              queueDurationSeconds);
    scalar("workqueue_retries_total", "counter",
           "Total number of items added to the workqueue with a non-zero delay (rate-limited "
           "requeues, explicit RequeueAfter or AddAfter calls)",
           double(retriesTotal));
    scalar("workqueue_unfinished_work_seconds", "gauge",
           "How many seconds of work has been done that is in progress and hasn't been observed "
           "by work_duration. Large values indicate stuck threads. One can deduce the number of "
           "stuck threads by observing the rate at which this increases.",
           unfinishedWorkSeconds);
    histogram("workqueue_work_duration_seconds",
              "How long in seconds processing an item from workqueue takes.", workDurationSeconds);
    return out;
}

} // namespace lens::runtime
