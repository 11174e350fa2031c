// SPDX-License-Identifier: Apache-2.0
#include "metricsmodel.h"

#include "format.h"
#include "metricsfigures_p.h"

#include <cmath>

namespace lens {

using metrics::ControllerFigures;
using metrics::HistogramFigures;
using metrics::QueueFigures;
using metrics::ScrapeFigures;
using namespace metricsfigures;

MetricsModel::MetricsModel(JournalSource source, QObject *parent)
    : QAbstractItemModel(parent),
      m_batcher(new EventBatcher(
          source, [this](const EventBatch &ev) { fold(ev); },
          [](const TraceEvent &e) { return MetricsStates::folds(e); }, this))
{
    m_batcher->replayHistory();
    rebuild();
}

MetricsModel::~MetricsModel() = default;

void MetricsModel::setTarget(const QString &target)
{
    if (target == m_target)
        return;
    m_target = target;
    rebuild();
    Q_EMIT changed();
}

QString MetricsModel::target() const
{
    if (!m_target.isEmpty())
        return m_target;
    return m_states.targets().value(0);
}

qint64 MetricsModel::rateWindowMs() const
{
    const MetricsTargetState *t = targetState();
    qint64 interval = 0;
    if (t && t->points.size() >= 2)
        interval = t->points.last().t - t->points[t->points.size() - 2].t;
    return std::max<qint64>(10000, 3 * interval);
}

void MetricsModel::setStuckAfterSeconds(double s)
{
    m_stuckAfterS = s;
    rebuild();
    Q_EMIT changed();
}

QString MetricsModel::statusText() const
{
    const MetricsTargetState *t = targetState();
    if (!t)
        return {};
    const QString ago = formatDuration(nowMs() - t->lastMs);
    if (t->lastOk)
        return tr("%1 · last scrape %2 ago: HTTP %3 in %4 ms · %5 scrapes, %6 failed")
            .arg(t->target, ago)
            .arg(t->lastCode)
            .arg(t->lastLatencyMs)
            .arg(t->scrapes)
            .arg(t->failures);
    const QString kept = t->latest() ? tr("showing the last good scrape, %1 ago")
                                           .arg(formatDuration(nowMs() - t->latest()->t))
                                     : tr("no good scrape yet");
    return tr("%1 · last scrape %2 ago failed (%3): %4 · %5")
        .arg(t->target, ago, t->lastFailure, t->lastError, kept);
}

QList<std::pair<qint64, double>> MetricsModel::series(const QString &key, qint64 windowMs) const
{
    const MetricsTargetState *t = targetState();
    const SeriesDef d = seriesDef(key);
    QList<std::pair<qint64, double>> out;
    if (!t || t->points.isEmpty())
        return out;
    const MetricsTargetState::Point *start = t->windowStart(windowMs);
    const MetricsTargetState::Point *prev = nullptr;
    for (const MetricsTargetState::Point *p = start; p <= &t->points.last(); prev = p, ++p) {
        if (d.shape == Shape::Gauge && d.value) {
            if (const std::optional<double> v = d.value(p->figures); v && std::isfinite(*v))
                out.append({p->t, *v});
        } else if (d.shape == Shape::Counter && d.value && prev && p->t > prev->t) {
            const std::optional<double> a = d.value(prev->figures);
            const std::optional<double> b = d.value(p->figures);
            if (a && b)
                out.append({p->t, MetricsTargetState::counterIncrease(*a, *b) /
                                      (double(p->t - prev->t) / 1000.0)});
        } else if (d.shape == Shape::Quantile && d.histogram && prev) {
            const HistogramFigures *a = d.histogram(prev->figures);
            const HistogramFigures *b = d.histogram(p->figures);
            if (a && b)
                if (const std::optional<double> q = b->since(*a).quantile(0.5);
                    q && std::isfinite(*q))
                    out.append({p->t, *q});
        }
    }
    return out;
}

QString MetricsModel::seriesTitle(const QString &key) const
{
    const QStringList k = key.split(QLatin1Char('|'));
    if (k.size() != 3)
        return {};
    const QString &n = k[1];
    const QString &w = k[2];
    if (k[0] == QLatin1String("q")) {
        if (w == QLatin1String("depth"))
            return tr("depth of workqueue %1").arg(n);
        if (w.startsWith(QLatin1String("depth=")))
            return tr("depth of workqueue %1 at priority %2").arg(n, w.mid(6));
        if (w == QLatin1String("adds"))
            return tr("adds per second, workqueue %1").arg(n);
        if (w == QLatin1String("retries"))
            return tr("retries per second, workqueue %1").arg(n);
        if (w == QLatin1String("queue"))
            return tr("median queue time (s) between scrapes, workqueue %1").arg(n);
        if (w == QLatin1String("work"))
            return tr("median work time (s) between scrapes, workqueue %1").arg(n);
        if (w == QLatin1String("unfinished"))
            return tr("unfinished work (s), workqueue %1").arg(n);
        if (w == QLatin1String("longest"))
            return tr("longest running processor (s), workqueue %1").arg(n);
    } else if (k[0] == QLatin1String("c")) {
        if (w == QLatin1String("reconciles"))
            return tr("reconciles per second, controller %1").arg(n);
        if (w.startsWith(QLatin1String("result=")))
            return tr("reconciles per second with result %2, controller %1").arg(n, w.mid(7));
        if (w == QLatin1String("errors"))
            return tr("reconcile errors per second, controller %1").arg(n);
        if (w == QLatin1String("active"))
            return tr("active workers, controller %1").arg(n);
        if (w == QLatin1String("time"))
            return tr("median reconcile time (s) between scrapes, controller %1").arg(n);
    } else if (k[0] == QLatin1String("r")) {
        return tr("API requests per second answered %1").arg(n);
    }
    return {};
}

int MetricsModel::addRow(int parent, Row row)
{
    row.parent = parent;
    const int i = int(m_rows.size());
    m_rows.append(row);
    if (parent < 0)
        m_top.append(i);
    else
        m_rows[parent].children.append(i);
    return i;
}

void MetricsModel::rebuild()
{
    beginResetModel();
    m_rows.clear();
    m_top.clear();
    if (const MetricsTargetState *t = targetState(); t && t->latest()) {
        for (const QueueFigures &q : t->latest()->figures.queues)
            addQueueRows(*t, q);
        for (const ControllerFigures &c : t->latest()->figures.controllers)
            addControllerRows(*t, c);
        addOtherRows(*t);
    }
    endResetModel();
}

void MetricsModel::flush()
{
    m_batcher->flushNow();
}

void MetricsModel::foldUpTo(quint64 seq)
{
    m_batcher->setFrozen(true);
    m_upTo = seq;
    m_states.clear();
    m_batcher->replayHistory(seq);
    rebuild();
    m_batcher->setFrozen(seq != 0);
    Q_EMIT targetsChanged();
    Q_EMIT changed();
}

void MetricsModel::fold(const EventBatch &events)
{
    const qsizetype targets = m_states.targets().size();
    bool scraped = false;
    for (const TraceEvent &e : events) {
        m_states.apply(e);
        scraped = scraped || e.kind == TraceKind::MetricsScraped;
    }
    if (m_batcher->isFrozen() || m_upTo != 0)
        return;
    if (scraped)
        rebuild();
    if (m_states.targets().size() != targets)
        Q_EMIT targetsChanged();
    Q_EMIT changed();
}

QModelIndex MetricsModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount)
        return {};
    const QList<int> &rows =
        parent.isValid() ? m_rows[int(parent.internalId() - 1)].children : m_top;
    if (row < 0 || row >= rows.size())
        return {};
    return createIndex(row, column, quintptr(rows[row] + 1));
}

QModelIndex MetricsModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    const int p = m_rows[int(child.internalId() - 1)].parent;
    if (p < 0)
        return {};
    const int gp = m_rows[p].parent;
    const QList<int> &siblings = gp < 0 ? m_top : m_rows[gp].children;
    return createIndex(int(siblings.indexOf(p)), 0, quintptr(p + 1));
}

int MetricsModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_top.size());
    if (parent.column() != 0)
        return 0;
    return int(m_rows[int(parent.internalId() - 1)].children.size());
}

int MetricsModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant MetricsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const Row &r = m_rows[int(index.internalId() - 1)];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case FigureColumn:
            return r.figure;
        case ScrapedColumn:
            return r.scraped;
        case RateColumn:
            return r.rate;
        case JournalColumn:
            return r.journal;
        case NoteColumn:
            return r.note;
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == JournalColumn && !r.journal.isEmpty())
            return tr("What this process's journal recorded of the same figure when the scrape "
                      "was journaled (its own workqueue and reconcile events).");
        return r.explain.isEmpty() ? QVariant() : QVariant(r.explain);
    case ExplainRole:
        return r.explain;
    case SeriesRole:
        return r.series;
    case WarningRole:
        return r.warning;
    case Qt::TextAlignmentRole:
        if (index.column() == ScrapedColumn || index.column() == RateColumn ||
            index.column() == JournalColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    }
    return {};
}

QVariant MetricsModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == JournalColumn)
        return tr("What this process's journal recorded of the same figure when the scrape "
                  "was journaled (its own workqueue and reconcile events).");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case FigureColumn:
        return tr("Figure");
    case ScrapedColumn:
        return tr("Scraped");
    case RateColumn:
        return tr("Per second");
    case JournalColumn:
        return tr("In the journal");
    case NoteColumn:
        return tr("Note");
    }
    return {};
}

} // namespace lens
