// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "workqueue/metrics.h"

#include <QMap>
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
/// Where the priority queue updates each: controller-runtime-semantics §1.8.
struct QueueMetrics {
    QMap<QString, qint64> depth; ///< by priority label
    quint64 addsTotal = 0;
    quint64 retriesTotal = 0;
    workqueue::Histogram queueDurationSeconds;
    workqueue::Histogram workDurationSeconds;
    double unfinishedWorkSeconds = 0;
    double longestRunningProcessorSeconds = 0;

    QueueMetrics();
    /// controller-runtime's workqueue buckets: ExponentialBuckets(10e-9, 10, 12).
    static workqueue::Histogram buckets();
    /// The sum of every depth series.
    qint64 totalDepth() const;
    /// The Prometheus text exposition (0.0.4) of the seven families, labels controller and name
    /// (and priority for depth), sorted as expfmt writes them.
    QString toPrometheusText(const QString &queueName) const;
};

} // namespace lens::runtime
