// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "workqueue/metrics.h"

#include <QHash>
#include <QMap>
#include <QSet>
#include <QString>

namespace lens::runtime {

/// The workqueue_* metrics of a controller-runtime queue (pkg/controller/priorityqueue/
/// metrics.go and pkg/internal/metrics/workqueue.go), labelled name and controller = the
/// queue's name:
/// - depth by priority label: the decimal priority; "" for the legacy queue; once a 26th
///   distinct value appears, that value and every later change for any priority go to
///   "exceeded_cardinality_limit" (v0.23+). Series once created are kept (a drained level
///   reads 0).
/// - addsTotal, retriesTotal, queueDurationSeconds and workDurationSeconds (buckets
///   1e-8 × 10^k, k = 0…11: 1e-8 s … 1000 s), unfinishedWorkSeconds,
///   longestRunningProcessorSeconds.
/// Where the priority queue updates each: controller-runtime-semantics §1.8 (PriorityQueue
/// calls the hooks below). Times are Clock milliseconds, reported in seconds. No errors.
struct QueueMetrics {
    /// The distinct priorities a depth label may name before the cap (maxRecommendedUnique-
    /// Priorities upstream).
    static constexpr int maxPriorityLabels = 25;
    /// The label every depth change takes once the cap is passed.
    static QString cardinalityExceededLabel()
    {
        return QStringLiteral("exceeded_cardinality_limit");
    }

    QMap<QString, qint64> depth; ///< by priority label
    quint64 addsTotal = 0;
    quint64 retriesTotal = 0;
    workqueue::Histogram queueDurationSeconds;
    workqueue::Histogram workDurationSeconds;
    double unfinishedWorkSeconds = 0;
    double longestRunningProcessorSeconds = 0;

    QSet<int> observedPriorities;             ///< priorities labelled so far (until the cap)
    bool cardinalityLimitReached = false;     ///< a 26th distinct priority appeared
    QHash<QString, qint64> addTimesMs;        ///< key → when it (first) entered ready
    QHash<QString, qint64> processingSinceMs; ///< key → when it was handed out

    QueueMetrics();
    /// depthWithPriorityMetric.priorityLabel: the depth label of `priority` (remembering it);
    /// "exceeded_cardinality_limit" for the 26th distinct value and everything after it.
    QString priorityLabel(int priority);
    /// Hook add(key, priority): an entry entered ready (adds_total, depth, first-ready time).
    void add(const QString &key, int priority, qint64 nowMs);
    /// Hook updateDepthWithPriorityMetric: a ready entry's priority was raised.
    void updateDepthWithPriority(int oldPriority, int newPriority);
    /// Hook get(key, priority): handed out (depth, queue_duration, processing start).
    void get(const QString &key, int priority, qint64 nowMs);
    /// Hook done(key): work_duration, when the key was handed out.
    void done(const QString &key, qint64 nowMs);
    /// Hook retry(): an add with an effective delay > 0.
    void retry() { ++retriesTotal; }
    /// Hook updateUnfinishedWork(): the two gauges from the keys in processing; true when
    /// either changed.
    bool updateUnfinishedWork(qint64 nowMs);
    /// controller-runtime's workqueue buckets: ExponentialBuckets(10e-9, 10, 12).
    static workqueue::Histogram buckets();
    /// The sum of every depth series.
    qint64 totalDepth() const;
    /// The Prometheus text exposition (0.0.4) of the seven families, labels controller and name
    /// (and priority for depth), sorted as expfmt writes them.
    QString toPrometheusText(const QString &queueName) const;
};

} // namespace lens::runtime
