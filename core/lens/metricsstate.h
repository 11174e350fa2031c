// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "metrics/scrapefigures.h"
#include "workqueuestate.h"

#include <QList>
#include <QMap>
#include <QString>

#include <functional>
#include <optional>

namespace lens {

/// What the journal says of one /metrics target (MetricsScraped events with that key): the good
/// scrapes' figures over time, the last scrape's outcome, and what changed between scrapes that
/// a reader must be told: a restart (a counter went down, or process_start_time_seconds moved)
/// and a family whose type changed.
struct MetricsTargetState {
    /// One good scrape.
    struct Point {
        qint64 t = 0;    ///< journal time, ms
        quint64 seq = 0; ///< its MetricsScraped event
        metrics::ScrapeFigures figures;
        /// What the journal held of the same queues when the scrape was recorded (the
        /// workqueue events of this process, WorkqueueState::Metrics), by queue name: only the
        /// queues both the scrape and the journal know.
        QMap<QString, WorkqueueState::Metrics> journalQueues;
        /// ReconcileFinished counted by result then, by controller (those the scrape names).
        QMap<QString, QMap<QString, double>> journalReconciles;
    };
    /// Something a reader must be told, at journal time `t`.
    struct Notice {
        qint64 t = 0;
        quint64 seq = 0;
        QString what; ///< English, for the journal's readers; the view words it from `kind`
        enum Kind { Restart, TypeChanged, Warning } kind = Restart;
    };
    /// Good scrapes kept (the oldest dropped first): 30 minutes at one a second.
    static constexpr qsizetype kMaxPoints = 1800;

    QString target;
    QString path; ///< detail.path or detail.url of the last scrape
    QList<Point> points;
    QList<Notice> notices; ///< the newest 200
    int scrapes = 0;
    int failures = 0;
    qint64 lastMs = -1;
    bool lastOk = false;
    int lastCode = 0;
    qint64 lastLatencyMs = 0;
    QString lastFailure; ///< the failure code of the last scrape ("" when it was good)
    QString lastError;   ///< its English words

    /// The newest good scrape, or nullptr.
    const Point *latest() const { return points.isEmpty() ? nullptr : &points.last(); }
    /// The oldest good scrape within `windowMs` before the newest (the newest itself when it is
    /// the only one).
    const Point *windowStart(qint64 windowMs) const;
    /// What a counter gained between two scrapes, as Prometheus' increase() counts it
    /// (promql extrapolatedRate's reset handling): after - before, or, when it fell (the
    /// process restarted and the counter began again), `after` whole. Never negative: a
    /// negative or non-finite value (no counter's) gains nothing.
    static double counterIncrease(double before, double after);
    /// Prometheus' increase() over the window: the sum of the rises of `value` from scrape to
    /// scrape, a fall counting as a reset (the later value whole), as
    /// promql's extrapolatedRate counts resets (without its extrapolation). nullopt when no
    /// scrape in the window has the value.
    std::optional<double> increase(
        qint64 windowMs,
        const std::function<std::optional<double>(const metrics::ScrapeFigures &)> &value) const;
    /// increase() divided by the window's seconds (rate()); nullopt with fewer than two scrapes.
    std::optional<double>
    rate(qint64 windowMs,
         const std::function<std::optional<double>(const metrics::ScrapeFigures &)> &value) const;
    /// `value` at every good scrape of the last `windowMs` (t in ms, journal time).
    QList<std::pair<qint64, double>>
    series(qint64 windowMs,
           const std::function<std::optional<double>(const metrics::ScrapeFigures &)> &value) const;
};

/// Every scrape target of a journal, plus what the journal itself recorded of this process's
/// own queues and reconciles, so a view can put the scraped figures beside the ones the
/// journal holds (for `--attach-metrics self` they must be equal):
/// - per workqueue name: a WorkqueueState folded from the client-go workqueue events (its
///   Metrics: depth, adds, retries as client-go's defaultQueueMetrics counts them);
/// - per controller-runtime controller: ReconcileFinished counted by result (reconcileHandler
///   increments controller_runtime_reconcile_total{result} where it journals that event).
class MetricsStates {
public:
    /// True for the events a MetricsStates folds.
    static bool folds(const TraceEvent &e);
    void apply(const TraceEvent &e);
    void clear();

    QStringList targets() const { return m_order; }
    const MetricsTargetState *target(const QString &name) const;
    /// The journal's own view of workqueue `name` (null when it has no events of it).
    const WorkqueueState *journalQueue(const QString &name) const;
    /// ReconcileFinished of controller `name` counted by result (empty when none).
    QMap<QString, double> journalReconciles(const QString &name) const
    {
        return m_reconciles.value(name);
    }
    /// The journal time of the newest event folded.
    qint64 lastEventMs() const { return m_lastMs; }

private:
    void applyScrape(const TraceEvent &e);

    QMap<QString, MetricsTargetState> m_targets;
    QStringList m_order;
    QMap<QString, WorkqueueState> m_queues;
    QMap<QString, QMap<QString, double>> m_reconciles;
    qint64 m_lastMs = 0;
};

/// The restart a scrape shows against the one before it, in English ("" when none): a counter
/// that went down (workqueue_adds_total of queue "claims" fell from 120 to 3) or a new
/// process_start_time_seconds. A counter only resets when its process restarts (Prometheus'
/// counter semantics), so the view says "restarted" and never shows a negative rate.
QString restartBetween(const metrics::ScrapeFigures &before, const metrics::ScrapeFigures &after);

} // namespace lens
