// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "eventbatcher.h"
#include "journalfold.h"
#include "metricsstate.h"

#include <QAbstractItemModel>

namespace lens {

/// An attached controller's /metrics, folded from the journal's MetricsScraped events
/// (MetricsStates), as a tree of figures: one group per workqueue (depth, by priority when the
/// scrape labels it; adds; retries; queue and work time quantiles; unfinished work; longest
/// running processor), per controller-runtime controller (reconciles by result, errors,
/// terminal errors, panics, timeouts, active of max workers, reconcile time), API requests by
/// code and leader election. Only the figures the scrape had are shown.
///
/// Columns: the figure; its value in the newest good scrape; beside it, what this process's
/// journal recorded of the same queue or controller at the moment of that scrape (for
/// `--attach-metrics self`: the same numbers; blank for a controller this process does not
/// run, and for controller-runtime's priority queue, whose events this column does not fold); its
/// rate per second over the last rateWindowMs() (Prometheus' rate(): a fall is a restart and counts
/// as a reset, never as a negative rate; for unfinished work its growth per second, blank while it
/// does not grow); and a note (a restart, a stuck worker, a starved priority). ExplainRole (also
/// the tooltip) says which client-go / controller-runtime function updates the figure and what it
/// shows. SeriesRole names the row's history for plotting (series()).
///
/// Live: batched (default 50 ms), reset per batch (a scrape a second). Time travel: foldUpTo().
class MetricsModel final : public QAbstractItemModel, public JournalFold {
    Q_OBJECT
public:
    enum Column { FigureColumn, ScrapedColumn, JournalColumn, RateColumn, NoteColumn, ColumnCount };
    Q_ENUM(Column)
    enum Role {
        ExplainRole = Qt::UserRole + 1, ///< QString: what updates the figure, what it means
        SeriesRole,                     ///< QString: the key series() plots ("" = none)
        WarningRole,                    ///< bool: the note is a warning (stuck, starved, restart)
    };
    /// `source.journal` is not owned. Folds the retained history at once, then follows live.
    explicit MetricsModel(JournalSource source, QObject *parent = nullptr);
    ~MetricsModel() override;

    /// The target shown; "" = the first the journal names.
    void setTarget(const QString &target);
    QString target() const;
    QStringList targets() const { return m_states.targets(); }
    const MetricsTargetState *targetState() const { return m_states.target(target()); }
    const MetricsStates &states() const { return m_states; }

    /// How far back rates and quantiles look: 10 s, or three scrape intervals if longer.
    qint64 rateWindowMs() const;
    /// A worker whose longest_running_processor_seconds passes this is called stuck (default
    /// 60 s; controller-runtime-semantics §6.5).
    void setStuckAfterSeconds(double s);
    double stuckAfterSeconds() const { return m_stuckAfterS; }

    /// One line on the target: "pod/…:8080 · last scrape 0.4 s ago: HTTP 200, 9 families, 3 ms"
    /// or "… · last scrape failed (HTTP error): …; showing the scrape of 12.0 s ago". "" with no
    /// scrape yet. Translated.
    QString statusText() const;
    /// The journal time "now" (the newest event folded, or the travel point).
    qint64 nowMs() const { return m_states.lastEventMs(); }

    /// The history of series `key` (SeriesRole) over the last `windowMs`: (journal ms, value),
    /// per good scrape. Counters are plotted as their rate per second between one scrape and
    /// the next, gauges as read, quantiles from the observations between two scrapes.
    QList<std::pair<qint64, double>> series(const QString &key, qint64 windowMs) const;
    /// What series `key` plots, in words ("adds per second of workqueue claims"). Translated.
    QString seriesTitle(const QString &key) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    void flush() override;
    void foldUpTo(quint64 seq) override;
    quint64 foldedUpTo() const override { return m_upTo; }
    EventBatcher *batcher() const { return m_batcher; }

Q_SIGNALS:
    /// After a batch changed what is shown.
    void changed();
    /// The list of targets() grew.
    void targetsChanged();

private:
    struct Row {
        QString figure, scraped, rate, journal, note, explain, series;
        bool warning = false;
        int parent = -1;
        QList<int> children;
    };
    void fold(const EventBatch &events);
    void rebuild();
    int addRow(int parent, Row row);
    void addQueueRows(const MetricsTargetState &t, const metrics::QueueFigures &q);
    void addControllerRows(const MetricsTargetState &t, const metrics::ControllerFigures &c);
    void addOtherRows(const MetricsTargetState &t);

    EventBatcher *m_batcher;
    MetricsStates m_states;
    QString m_target;
    QList<Row> m_rows;
    QList<int> m_top;
    double m_stuckAfterS = 60;
    quint64 m_upTo = 0;
};

} // namespace lens
