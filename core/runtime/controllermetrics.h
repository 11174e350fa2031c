// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "workqueue/metrics.h"

#include <QMap>
#include <QString>

namespace lens::runtime {

/// The controller_runtime_* metrics of one controller (pkg/internal/controller/metrics/
/// metrics.go), label controller = its name: reconcile_total by result (success, error,
/// requeue, requeue_after), reconcile_errors_total, terminal_reconcile_errors_total,
/// reconcile_panics_total, reconcile_timeouts_total (v0.23+), reconcile_time_seconds (the 40
/// buckets 0.005 … 60 s of §5.3), max_concurrent_reconciles and active_workers (gauges).
/// Nothing exists until initMetrics() (Start), which creates every series at 0.
struct ControllerMetrics {
    bool initialized = false;
    QMap<QString, quint64> reconcileTotal; ///< by result label
    quint64 reconcileErrorsTotal = 0;
    quint64 terminalReconcileErrorsTotal = 0;
    quint64 reconcilePanicsTotal = 0;
    quint64 reconcileTimeoutsTotal = 0;
    workqueue::Histogram reconcileTimeSeconds;
    qint64 maxConcurrentReconciles = 0;
    qint64 activeWorkers = 0;

    ControllerMetrics();
    /// initMetrics: every series at 0, max_concurrent_reconciles = `maxConcurrent`.
    void init(int maxConcurrent);
    /// The 40 bounds of reconcile_time_seconds, ascending.
    static QList<double> reconcileTimeBuckets();
    /// Prometheus text exposition (0.0.4) of the eight families, sorted by name, with HELP and
    /// TYPE; values in Go's shortest %g. Empty before init().
    QString toPrometheusText(const QString &controller) const;
};

} // namespace lens::runtime
