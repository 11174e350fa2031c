// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "panel.h"

class QComboBox;
class QLabel;
class QTreeView;

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace lens {

class LensModels;
class MetricsModel;

/// The Metrics tab: an attached controller's /metrics (MetricsModel, folded from the journal's
/// MetricsScraped events) beside the informer. On top the target and its last scrape (a failed
/// one says why, and that the figures shown are the last good scrape's); then the tree of
/// figures (workqueues, controllers, API requests, leader election, notices) with what this
/// process's journal recorded of the same queue; under it what the selected figure is and which
/// client-go or controller-runtime function updates it; and a plot of its history (Qt Charts),
/// up to the moment shown: with time travel, the plot and the figures stop there too.
class MetricsPanel final : public Panel {
    Q_OBJECT
public:
    explicit MetricsPanel(LensModels *stream, QWidget *parent = nullptr);
    MetricsModel *model() const;
    /// The series plotted now ("" = none) and its points (journal seconds, value).
    QString plottedSeries() const { return m_series; }
    int plottedPoints() const;
    /// The explanation shown for the selected figure.
    QString explanation() const;
    /// The status line (target and last scrape).
    QString statusText() const;
    /// The target a scraper of this process was started on (`--attach-metrics`): until its
    /// first scrape is journaled the tab says it is waiting for it, not that nothing is
    /// attached. ScrapeTarget::toString() form.
    void setPendingTarget(const QString &target);
    /// Plots the figure at `row` of group `group` (top-level row), as clicking it does.
    void selectFigure(int group, int row);

protected:
    void retranslate() override;

private:
    void updateTargets();
    void updateStatus();
    void updatePlot();
    void select(const QModelIndex &index);

    LensModels *m_stream;
    QComboBox *m_targetBox;
    QLabel *m_status;
    QLabel *m_empty;
    QTreeView *m_view;
    QLabel *m_explain;
    QChartView *m_chartView;
    QChart *m_chart;
    QLineSeries *m_line;
    QValueAxis *m_axisX;
    QValueAxis *m_axisY;
    QString m_series;
    QString m_pending;
};

} // namespace lens
