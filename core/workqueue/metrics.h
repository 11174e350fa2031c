// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace lens::workqueue {

/// A Prometheus histogram as client_golang keeps one: `bucketCounts[i]` counts the observations
/// <= `upperBounds[i]` (cumulative, as exposed: le="..."), `count` all of them (the +Inf
/// bucket), `sum` their total. Values in seconds.
struct Histogram {
    QList<double> upperBounds;
    QList<quint64> bucketCounts;
    quint64 count = 0;
    double sum = 0;

    /// Records one observation of `seconds`.
    void observe(double seconds);
    /// The workqueue's buckets: prometheus.ExponentialBuckets(10e-9, 10, 10), i.e. 1e-8 s to
    /// 10 s, each ten times the one before (computed by repeated multiplication as Go does, so
    /// the bounds print as client_golang prints them: 9.999999999999999e-06 and so on).
    static Histogram workqueueBuckets();
    /// prometheus.ExponentialBuckets(start, factor, count): `count` bounds, the first `start`,
    /// each the one before times `factor` (repeated multiplication, as Go computes them), all
    /// counts 0. count <= 0 = no finite bucket.
    static Histogram exponentialBuckets(double start, double factor, int count);
};

/// A sample value or `le` bound as prometheus/common's expfmt writes it in the text format:
/// Go's strconv.FormatFloat(v, 'g', -1, 64) (shortest digits that read back; exponent form when
/// the decimal exponent is < -4 or >= 6: 1e-08, 9.999999999999999e-05, 0.05, 100000,
/// 1.137205e+06), "+Inf", "-Inf", "NaN".
QString prometheusValue(double v);
/// A label value escaped for the text format (backslash, double quote, newline), without the
/// quotes.
QString prometheusLabelValue(QString v);

/// The seven workqueue metrics of a Queue, under the names of component-base's
/// metrics/prometheus/workqueue (label name="<queue>"), updated where client-go's
/// defaultQueueMetrics updates them (util/workqueue/metrics.go):
/// - depth: items that are dirty (queued, or added again while processing), so it can exceed
///   Queue::len(); +1 for every add that was not collapsed, -1 for every Get.
/// - addsTotal: adds that were not collapsed (an add of a dirty item counts nothing).
/// - queueDurationSeconds: from an item's first not-collapsed add to the Get that takes it.
/// - workDurationSeconds: from Get to Done.
/// - unfinishedWorkSeconds, longestRunningProcessorSeconds: the sum and the largest age of the
///   items being processed, set every Queue::Config::unfinishedWorkUpdatePeriodMs (0 when
///   nothing is in flight).
/// - retriesTotal: every DelayingQueue::addAfter and RateLimitingQueue::addRateLimited not
///   refused by a shut-down queue, zero and negative delays included.
/// Times are read from the queue's Clock (milliseconds, reported in seconds). Unlike client-go
/// the metrics exist for every queue, named or not (there is no provider to install).
struct Metrics {
    qint64 depth = 0;
    quint64 addsTotal = 0;
    Histogram queueDurationSeconds = Histogram::workqueueBuckets();
    Histogram workDurationSeconds = Histogram::workqueueBuckets();
    double unfinishedWorkSeconds = 0;
    double longestRunningProcessorSeconds = 0;
    quint64 retriesTotal = 0;

    /// The metrics as JSON under their Prometheus names: workqueue_depth, workqueue_adds_total,
    /// workqueue_queue_duration_seconds and workqueue_work_duration_seconds (each {count, sum,
    /// buckets: [{le, count}, ...]}), workqueue_unfinished_work_seconds,
    /// workqueue_longest_running_processor_seconds, workqueue_retries_total.
    QJsonObject toJson() const;
    /// The Prometheus text exposition format (version 0.0.4) of the seven metrics, each with its
    /// HELP (component-base's words, "[BETA] " first as component-base prints them) and TYPE,
    /// labelled name="<queueName>" (escaped).
    QString toPrometheusText(const QString &queueName) const;
};

} // namespace lens::workqueue
