// SPDX-License-Identifier: Apache-2.0
#include "metricspanel.h"

#include "lens/lensmodels.h"
#include "lens/metricsmodel.h"
#include "tableview.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QGraphicsLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QRegularExpression>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

#include <QValueAxis>
#include <cmath>

namespace lens {

MetricsPanel::MetricsPanel(LensModels *stream, QWidget *parent)
    : Panel(tr("Metrics"), nullptr, parent), m_stream(stream), m_targetBox(new QComboBox(this)),
      m_status(new QLabel(this)), m_empty(new QLabel(this)), m_view(new QTreeView(this)),
      m_explain(new QLabel(this)), m_chartView(new QChartView(this)), m_chart(new QChart),
      m_line(new QLineSeries), m_axisX(new QValueAxis), m_axisY(new QValueAxis)
{
    setObjectName(QStringLiteral("metricsPanel"));
    MetricsModel *m = model();
    m_targetBox->setObjectName(QStringLiteral("metricsTarget"));
    m_targetBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    addHeaderWidget(m_targetBox);
    connect(m_targetBox, &QComboBox::currentTextChanged, this, [this](const QString &t) {
        if (!t.isEmpty())
            model()->setTarget(t);
    });
    for (QLabel *l : {m_status, m_empty, m_explain}) {
        l->setWordWrap(true);
        l->setTextFormat(Qt::PlainText);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_status->setObjectName(QStringLiteral("metricsStatus"));
    m_empty->setObjectName(QStringLiteral("metricsEmpty"));
    m_explain->setObjectName(QStringLiteral("metricsExplain"));

    m_view->setObjectName(QStringLiteral("metricsView"));
    m_view->setModel(m);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->header()->setStretchLastSection(true);
    m_view->setColumnWidth(MetricsModel::FigureColumn, 225);
    m_view->setColumnWidth(MetricsModel::ScrapedColumn, 170);
    m_view->setColumnWidth(MetricsModel::JournalColumn, 100);
    m_view->setColumnWidth(MetricsModel::RateColumn, 80);
    installRowCopy(m_view);
    keepMinimumRows(m_view, kMinimumTableRows);
    connect(m, &QAbstractItemModel::modelReset, this, [this] {
        m_view->expandAll();
        // The figures' column grows to what a scrape shows (quantiles are long), never shrinks.
        const int width = m_view->columnWidth(MetricsModel::ScrapedColumn);
        m_view->resizeColumnToContents(MetricsModel::ScrapedColumn);
        if (m_view->columnWidth(MetricsModel::ScrapedColumn) < width)
            m_view->setColumnWidth(MetricsModel::ScrapedColumn, width);
        // Nothing chosen yet: the first figure with a history (a queue's depth) is plotted,
        // so the plot is never blank beside figures. Else the figure selected stays selected
        // across the reset a scrape makes.
        if (m_series.isEmpty()) {
            const QModelIndexList first =
                model()->match(model()->index(0, 0), MetricsModel::SeriesRole,
                               QRegularExpression(QStringLiteral(".+")), 1,
                               Qt::MatchRegularExpression | Qt::MatchRecursive);
            if (!first.isEmpty())
                m_view->setCurrentIndex(first.first());
            return;
        }
        for (const QModelIndex &i :
             model()->match(model()->index(0, 0), MetricsModel::SeriesRole, m_series, 1,
                            Qt::MatchExactly | Qt::MatchRecursive)) {
            m_view->setCurrentIndex(i);
            m_explain->setText(i.data(MetricsModel::ExplainRole).toString());
        }
    });
    connect(m_view, &QTreeView::clicked, this, &MetricsPanel::select);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &i) { select(i); });

    m_chart->addSeries(m_line);
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_chart->addAxis(m_axisY, Qt::AlignLeft);
    m_line->attachAxis(m_axisX);
    m_line->attachAxis(m_axisY);
    m_chart->legend()->hide();
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    // The tab is short beside the informer's panes: no frame, no axis title (the labels carry
    // the unit), so the plot area is the height it is given.
    m_chart->layout()->setContentsMargins(0, 0, 0, 0);
    m_chart->setBackgroundRoundness(0);
    m_chartView->setObjectName(QStringLiteral("metricsChart"));
    // A QChartView made without a chart makes its own, and setChart() hands that one back.
    QChart *made = m_chartView->chart();
    m_chartView->setChart(m_chart);
    delete made;
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumHeight(150);

    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_status);
    topLayout->addWidget(m_empty);
    topLayout->addWidget(m_view, 1);
    topLayout->addWidget(m_explain);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("metricsSplit"));
    split->setChildrenCollapsible(false);
    split->addWidget(top);
    split->addWidget(m_chartView);
    // The figures first: the plot keeps its minimum and a fifth of what is left.
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    addContent(split, 1);

    connect(m, &MetricsModel::changed, this, [this] {
        updateStatus();
        updatePlot();
    });
    connect(m, &MetricsModel::targetsChanged, this, &MetricsPanel::updateTargets);
    m_view->expandAll();
    updateTargets();
    retranslate();
}

MetricsModel *MetricsPanel::model() const
{
    return m_stream->metrics();
}

int MetricsPanel::plottedPoints() const
{
    return int(m_line->count());
}

QString MetricsPanel::explanation() const
{
    return m_explain->text();
}

QString MetricsPanel::statusText() const
{
    return m_status->text();
}

void MetricsPanel::selectFigure(int group, int row)
{
    const QModelIndex g = model()->index(group, 0);
    const QModelIndex i = row < 0 ? g : model()->index(row, 0, g);
    m_view->setCurrentIndex(i);
    select(i);
}

void MetricsPanel::setPendingTarget(const QString &target)
{
    m_pending = target;
    retranslate();
}

void MetricsPanel::select(const QModelIndex &index)
{
    if (!index.isValid())
        return;
    const QModelIndex first = index.siblingAtColumn(0);
    m_explain->setText(first.data(MetricsModel::ExplainRole).toString());
    const QString series = first.data(MetricsModel::SeriesRole).toString();
    if (series.isEmpty() || series == m_series)
        return;
    m_series = series;
    updatePlot();
}

void MetricsPanel::updateTargets()
{
    const QStringList targets = model()->targets();
    const QSignalBlocker block(m_targetBox);
    m_targetBox->clear();
    m_targetBox->addItems(targets);
    m_targetBox->setCurrentText(model()->target());
    m_targetBox->setVisible(targets.size() > 1);
    updateStatus();
}

void MetricsPanel::updateStatus()
{
    const bool none = model()->targets().isEmpty();
    m_empty->setVisible(none);
    m_status->setVisible(!none);
    const MetricsTargetState *t = model()->targetState();
    // The Note column may be scrolled out of sight: the warnings (a stuck worker, a starved
    // priority, a restart) are repeated under the status, the first two in full.
    QStringList warnings;
    const MetricsModel *m = model();
    for (int g = 0; g < m->rowCount(); ++g) {
        const QModelIndex gi = m->index(g, 0);
        for (int r = 0; r < m->rowCount(gi); ++r) {
            const QModelIndex i = m->index(r, 0, gi);
            if (i.data(MetricsModel::WarningRole).toBool())
                warnings << i.data().toString() + QStringLiteral(": ") +
                                i.siblingAtColumn(MetricsModel::NoteColumn).data().toString();
        }
    }
    QString status = m->statusText();
    if (!warnings.isEmpty())
        status += QStringLiteral("\n⚠ ") + warnings.mid(0, 2).join(QStringLiteral(" · ")) +
                  (warnings.size() > 2 ? tr(" · %1 more in the tree").arg(warnings.size() - 2)
                                       : QString());
    m_status->setText(status);
    m_status->setForegroundRole(t && !t->lastOk ? QPalette::Link : QPalette::WindowText);
}

void MetricsPanel::updatePlot()
{
    const auto points = m_series.isEmpty() ? QList<std::pair<qint64, double>>()
                                           : model()->series(m_series, 10 * 60 * 1000);
    QList<QPointF> xy;
    // The value axis from 0 (or the lowest value below it) to a tenth above the highest, so
    // a figure of 550 µs is as readable as one of 5000 adds; 0 to 1 when all are 0.
    double lo = 0, hi = 0;
    for (const auto &p : points) {
        xy.append(QPointF(double(p.first) / 1000.0, p.second));
        hi = std::max(hi, p.second);
        lo = std::min(lo, p.second);
    }
    hi = hi > lo ? hi + (hi - lo) * 0.1 : lo + 1;
    m_line->replace(xy);
    const double end =
        std::max(double(model()->nowMs()) / 1000.0, xy.isEmpty() ? 1.0 : xy.last().x());
    const double start = xy.isEmpty() ? 0.0 : std::min(xy.first().x(), end - 1);
    m_axisX->setRange(start, end);
    // Ticks at a round step (at most six of them) from a round second, so labels never repeat
    // or skip unevenly; tenths only when the step is under a second.
    double step = 600;
    for (double s : {0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 15.0, 30.0, 60.0, 120.0, 300.0})
        if ((end - start) / s <= 6) {
            step = s;
            break;
        }
    m_axisX->setTickType(QValueAxis::TicksDynamic);
    m_axisX->setTickAnchor(std::floor(start));
    m_axisX->setTickInterval(step);
    m_axisX->setLabelFormat(step < 1 ? QStringLiteral("%.1f s") : QStringLiteral("%.0f s"));
    m_axisY->setRange(lo, hi);
    m_axisY->applyNiceNumbers(); // round ticks: 0, 25, 50, ... not 28.6, 57.2
    m_axisY->setLabelFormat(QStringLiteral("%.3g"));
    m_chart->setTitle(m_series.isEmpty() ? tr("Select a figure to plot its history")
                                         : model()->seriesTitle(m_series));
}

void MetricsPanel::retranslate()
{
    setTitle(tr("Metrics"));
    m_view->setAccessibleName(tr("Scraped metrics"));
    m_chartView->setAccessibleName(tr("History of the selected figure over journal time"));
    if (!m_pending.isEmpty())
        m_empty->setText(tr("Attached to %1: waiting for its first scrape (each waits at most "
                            "10 s for the whole answer).")
                             .arg(m_pending));
    else
        m_empty->setText(tr("No controller is attached. Start Informer Lens with --attach-metrics "
                            "self (with --controller), pod/NAMESPACE/NAME:PORT, "
                            "svc/NAMESPACE/NAME:PORT or a URL to scrape a controller's /metrics "
                            "(docs/metrics.md)."));
    updateStatus();
    updatePlot();
}

} // namespace lens
