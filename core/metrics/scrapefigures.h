// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "exposition.h"

#include <QJsonObject>
#include <QMap>
#include <QStringList>

#include <optional>

namespace lens::metrics {

/// A classic Prometheus histogram as scraped: `bounds[i]` the `le` of bucket i (ascending,
/// +Inf last when the scrape had it), `cumulative[i]` its count (observations <= bounds[i]),
/// `count` and `sum` (seconds for every histogram read here).
struct HistogramFigures {
    QList<double> bounds;
    QList<double> cumulative;
    double count = 0;
    double sum = 0;

    bool isEmpty() const { return bounds.isEmpty(); }
    QJsonObject toJson() const;
    static HistogramFigures fromJson(const QJsonObject &o);
    /// The observations between `earlier` and this one (bucket by bucket), as Prometheus'
    /// increase() over a range: `earlier` empty, or a reset (a count went down) = this one.
    HistogramFigures since(const HistogramFigures &earlier) const;
    /// histogram_quantile(q, ...) of Prometheus (promql/quantile.go bucketQuantile): the bucket
    /// where rank q × count falls, interpolated linearly from the bucket below's bound (0 for
    /// the first bucket); in the +Inf bucket, the highest finite bound. nullopt without
    /// observations or without a +Inf bucket. Seconds.
    std::optional<double> quantile(double q) const;
};

/// One workqueue's seven families (client-go util/workqueue metrics.go through component-base's
/// provider, or controller-runtime's pkg/metrics/workqueue.go): label `name`, and `controller`
/// where controller-runtime adds it. Absent figures are nullopt.
struct QueueFigures {
    QString name;
    QString controller;
    QMap<QString, double> depthByPriority; ///< workqueue_depth by `priority` ("" when unlabelled)
    std::optional<double> adds;            ///< workqueue_adds_total
    std::optional<double> retries;         ///< workqueue_retries_total
    HistogramFigures queueDuration;        ///< workqueue_queue_duration_seconds
    HistogramFigures workDuration;         ///< workqueue_work_duration_seconds
    std::optional<double> unfinishedWorkSeconds;
    std::optional<double> longestRunningProcessorSeconds;

    /// Σ depth over priorities; nullopt when the scrape had no workqueue_depth for it.
    std::optional<double> depth() const;
    QJsonObject toJson() const;
    static QueueFigures fromJson(const QJsonObject &o);
};

/// One controller's controller_runtime_* families (pkg/internal/controller/metrics), label
/// `controller`.
struct ControllerFigures {
    QString name;
    QMap<QString, double> reconcileByResult; ///< controller_runtime_reconcile_total by `result`
    std::optional<double> errors;            ///< controller_runtime_reconcile_errors_total
    std::optional<double> terminalErrors;    ///< …_terminal_reconcile_errors_total
    std::optional<double> panics;            ///< …_reconcile_panics_total
    std::optional<double> timeouts;          ///< …_reconcile_timeouts_total (v0.23+)
    std::optional<double> activeWorkers;     ///< controller_runtime_active_workers
    std::optional<double> maxConcurrent;     ///< controller_runtime_max_concurrent_reconciles
    HistogramFigures reconcileTime;          ///< controller_runtime_reconcile_time_seconds

    QJsonObject toJson() const;
    static ControllerFigures fromJson(const QJsonObject &o);
};

/// What one scrape says about the controllers behind an endpoint: the families Informer Lens
/// shows, read out of an Exposition. Everything else in the scrape (go_*, certwatcher_*, ...)
/// is skipped. This is what the journal keeps of a scrape (MetricsScraped's detail.figures),
/// so time travel and recordings show the figures without the body.
struct ScrapeFigures {
    QMap<QString, QueueFigures> queues;           ///< by queue name
    QMap<QString, ControllerFigures> controllers; ///< by controller name
    /// rest_client_requests_total summed by `code` (over method and host).
    QMap<QString, double> requestsByCode;
    /// leader_election_master_status by `name` (1 = this process leads).
    QMap<QString, double> leaderElection;
    /// process_start_time_seconds: seconds since the epoch; a change means a restart.
    std::optional<double> processStartTimeSeconds;
    /// The type each read family had in this scrape ("counter", "gauge", ...): a family whose
    /// type changed from one scrape to the next is reported, and a family of the wrong type is
    /// not read (see warnings).
    QMap<QString, QString> types;
    /// Families or series left out, in words: a wrong type ("workqueue_adds_total is a gauge
    /// here, where client-go exports a counter: left out"), or more series than
    /// `maxSeriesPerFamily` ("workqueue_depth has 31 000 series: the first 2 000 are shown").
    QStringList warnings;

    /// True for the families fromExposition() reads (the `keep` filter for parseExposition).
    static bool wanted(QStringView family);
    /// Reads the figures of `e`. At most `maxSeriesPerFamily` series of one family are read.
    static ScrapeFigures fromExposition(const Exposition &e, int maxSeriesPerFamily = 2000);
    QJsonObject toJson() const;
    static ScrapeFigures fromJson(const QJsonObject &o);
};

} // namespace lens::metrics
