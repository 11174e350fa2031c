// SPDX-License-Identifier: Apache-2.0
// TimelineWidget: its lanes and groups, the paint (one painter per lane, timelinepaint.cpp),
// the mouse (TimelineHitTest says what is under it) and holding still under the pointer.
#include "timelinewidget.h"

#include "timelinehittest.h"
#include "timelinelanes.h"

#include <QEnterEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QTimer>
#include <QWheelEvent>

#include <algorithm>

namespace lens {

TimelineWidget::TimelineWidget(TimelineModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_tick(new QTimer(this)),
      m_groupCount(model->tracks().size())
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Timeline"));
    updateAccessibleDescription();
    connect(m_model, &TimelineModel::changed, this, [this] {
        m_sinceChange.start();
        if (const qsizetype n = m_model->tracks().size(); n != m_groupCount) {
            m_groupCount = n; // another informer: room for its lanes
            updateGeometry();
        }
        update();
    });
    // Open sessions grow with real time even when no event arrives. While the model changes
    // anyway (its batches are staggered against the other views'), the tick adds no paint of
    // its own, which would fall in with another view's.
    m_tick->setInterval(250);
    connect(m_tick, &QTimer::timeout, this, [this] {
        if (isVisible() && (!m_sinceChange.isValid() || m_sinceChange.elapsed() >= 200))
            update();
    });
    m_tick->start();
}

TimelineWidget::~TimelineWidget() = default;

void TimelineWidget::setWindowMs(qint64 ms)
{
    m_windowMs = std::clamp<qint64>(ms, 1000, 3600 * 1000);
    update();
}

namespace {
/// Height for the groups after the first (one informer: none): an unfolded group about as
/// much again as the first, a folded one its header.
int extraGroupHeight(const std::vector<TimelineGroup> &groups, int unfolded, int folded)
{
    int extra = 0;
    for (size_t i = 1; i < groups.size(); ++i)
        extra += groups[i].collapsed ? folded : unfolded;
    return extra;
}
} // namespace

QSize TimelineWidget::sizeHint() const
{
    return QSize(1200, 200 + extraGroupHeight(groups(), 160, 20));
}

QSize TimelineWidget::minimumSizeHint() const
{
    // Each further group asks for its header only: the window never grows beyond the size the
    // user (or --size) gave it; squeezed lanes share what there is, and groups fold.
    return QSize(400, 150 + extraGroupHeight(groups(), 16, 16));
}

std::pair<qint64, qint64> TimelineWidget::visibleRange() const
{
    return TimelineGeometry::visibleRange(m_model->firstMs(), presentMs(), m_windowMs);
}

std::vector<TimelineGroup> TimelineWidget::groups() const
{
    std::vector<TimelineGroup> out;
    // A group folds only when there are others to show (one group has no header).
    const bool several = m_model->tracks().size() + (m_model->workers().isEmpty() ? 0 : 1) > 1;
    for (const TimelineModel::Track &t : m_model->tracks())
        out.push_back({&t, several && m_collapsed.contains(t.informer)});
    if (out.empty()) {
        static const TimelineModel::Track none;
        out.push_back({&none, false});
    }
    // The controller's workers: one more group, after the informers'.
    if (!m_model->workers().isEmpty())
        out.push_back({nullptr, m_collapsed.contains(workersGroupKey()), &m_model->workers()});
    return out;
}

QString TimelineWidget::workersGroupKey()
{
    return QStringLiteral("\x01workers");
}

TimelineGeometry TimelineWidget::geometry() const
{
    const std::vector<TimelineGroup> gs = groups();
    std::vector<TimelineLane> lanes;
    for (size_t i = 0; i < gs.size(); ++i) {
        if (gs[i].workers)
            TimelineGeometry::appendWorkerGroup(&lanes, int(i), int(gs[i].workers->workers.size()),
                                                gs[i].collapsed);
        else
            TimelineGeometry::appendGroup(&lanes, int(i), int(gs[i].handlers().size()),
                                          gs.size() > 1, gs[i].collapsed);
    }
    return TimelineGeometry(size(), visibleRange(), std::move(lanes));
}

QStringList TimelineWidget::groupInformers() const
{
    const std::vector<TimelineGroup> gs = groups();
    QStringList keys;
    if (gs.size() > 1)
        for (const TimelineGroup &g : gs)
            keys << (g.workers ? workersGroupKey() : g.track->informer);
    return keys;
}

void TimelineWidget::setCollapsed(const QString &informer, bool collapsed)
{
    if (collapsed == m_collapsed.contains(informer))
        return;
    if (collapsed)
        m_collapsed.insert(informer);
    else
        m_collapsed.remove(informer);
    updateGeometry(); // the size hint follows the unfolded groups
    updateAccessibleDescription();
    update();
}

QRect TimelineWidget::headerRect(const QString &informer) const
{
    const int group = int(groupInformers().indexOf(informer));
    const TimelineGeometry g = geometry();
    const int i = group < 0 ? -1 : g.indexOf(TimelineLane::Kind::Header, group);
    return i < 0 ? QRect() : QRect(0, g.laneRect(i).top(), width(), g.laneRect(i).height());
}

void TimelineWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const TimelineGeometry g = geometry();
    const std::vector<TimelineGroup> gs = groups();
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    QFont bold = small;
    bold.setBold(true);
    TimelinePaint c{p, pal, g, moment(), small, bold, width()};

    paintLaneNames(c, gs, hasFocus() ? m_focusedGroup : -1);
    paintAxis(c);
    // What is drawn ends at the present, or at the travel point: nothing after it.
    p.save();
    p.setClipRect(g.plot().adjusted(0, 0, 1, 0));
    for (size_t i = 0; i < gs.size(); ++i) {
        if (gs[i].collapsed)
            continue;
        if (gs[i].workers) {
            paintWorkerLanes(c, *gs[i].workers, int(i));
            continue;
        }
        const Track &t = *gs[i].track;
        paintSessions(c, t, int(i));
        paintGaps(c, t, int(i));
        paintHandlerLanes(c, t, int(i), gs[i].handlers());
        paintEventTicks(c, t, int(i));
        paintMarkers(c, t, int(i));
        paintQueueDepth(c, t, int(i));
    }
    p.restore();
    for (size_t i = 0; i < gs.size(); ++i)
        if (!gs[i].collapsed && gs[i].track)
            paintQueueMax(c, *gs[i].track, int(i));
    paintNowOrTravel(c);
    if (m_hoverNowMs >= 0) {
        // Holding still under the pointer: say so, and how to follow again.
        const QString text = tr("holding still under the pointer \u00B7 F or move away to follow");
        const QFontMetrics sfm(small);
        const int w = sfm.horizontalAdvance(text) + 8;
        const QRect r(g.plot().right() - w, g.plot().top(), w, sfm.height() + 2);
        p.fillRect(r, pal.color(QPalette::Base));
        p.setFont(small);
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(r, Qt::AlignCenter, text);
    }
    paintSelection(p, g);
}

QRect TimelineWidget::plotRect() const
{
    return TimelineGeometry::plotRectFor(size());
}

QString TimelineWidget::describeAt(const QPoint &pos) const
{
    const TimelineGeometry g = geometry();
    const std::vector<TimelineGroup> gs = groups();
    return TimelineHitTest(g, gs, moment(), height()).describeAt(pos);
}

quint64 TimelineWidget::markSeqAt(const QPoint &pos) const
{
    const TimelineGeometry g = geometry();
    const std::vector<TimelineGroup> gs = groups();
    const Mark *m = TimelineHitTest(g, gs, moment(), height()).markAt(pos);
    return m ? m->seq : 0;
}

qint64 TimelineWidget::timeAtX(int x) const
{
    return geometry().timeAtX(x);
}

int TimelineWidget::xOfTime(qint64 t) const
{
    return int(std::lround(geometry().xOf(t)));
}

void TimelineWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const QPoint pos = event->position().toPoint();
    const QRect plot = plotRect();
    const bool onAxis = pos.y() > plot.bottom() && pos.x() >= plot.left();
    if (onAxis || (event->modifiers() & Qt::ShiftModifier)) {
        m_scrubbing = true;
        Q_EMIT scrubbed(timeAtX(pos.x()));
        event->accept();
        return;
    }
    const TimelineGeometry g = geometry();
    const std::vector<TimelineGroup> gs = groups();
    const TimelineHitTest hit(g, gs, moment(), height());
    if (const int group = hit.headerAt(pos); group >= 0) {
        const QString informer =
            gs[size_t(group)].workers ? workersGroupKey() : gs[size_t(group)].track->informer;
        m_focusedGroup = group;
        setCollapsed(informer, !isCollapsed(informer));
    } else if (const WorkerHit w = hit.workerAt(pos); w.seq) {
        Q_EMIT markClicked(w.seq); // the sync's end (or start while open): Explain says it
        if (!w.objectKey.isEmpty())
            Q_EMIT keyClicked(w.objectKey);
    } else if (const Mark *m = hit.markAt(pos)) {
        if (m->seq)
            Q_EMIT markClicked(m->seq);
        if (!m->key.isEmpty())
            Q_EMIT keyClicked(m->key);
    } else if (const quint64 seq = hit.spanEndSeqAt(pos)) {
        Q_EMIT markClicked(seq); // a LIST/WATCH bar: what ended it (e.g. what the list did)
    }
    event->accept();
}

void TimelineWidget::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    if (m_scrubbing) {
        Q_EMIT scrubbed(timeAtX(pos.x()));
        event->accept();
        return;
    }
    const QRect plot = plotRect();
    const bool onAxis = pos.y() > plot.bottom() && pos.x() >= plot.left();
    setCursor(onAxis ? Qt::SizeHorCursor : Qt::ArrowCursor);
    holdForPointer(pos);
    QWidget::mouseMoveEvent(event);
}

void TimelineWidget::mouseReleaseEvent(QMouseEvent *event)
{
    m_scrubbing = false;
    QWidget::mouseReleaseEvent(event);
}

void TimelineWidget::enterEvent(QEnterEvent *event)
{
    // The pointer may come to rest on the lanes without moving over them (a window raised
    // under it, a layout change): hold still from the moment it is there.
    holdForPointer(event->position().toPoint());
    QWidget::enterEvent(event);
}

void TimelineWidget::leaveEvent(QEvent *event)
{
    followPresent();
    QWidget::leaveEvent(event);
}

void TimelineWidget::holdForPointer(const QPoint &pos)
{
    // Only a live view scrolls; on the axis the pointer scrubs, which travels anyway.
    if (m_hoverNowMs >= 0 || m_travelMs >= 0 || !plotRect().contains(pos))
        return;
    m_hoverNowMs = m_model->nowMs();
    update();
}

void TimelineWidget::followPresent()
{
    if (m_hoverNowMs < 0)
        return;
    m_hoverNowMs = -1;
    update();
}

void TimelineWidget::wheelEvent(QWheelEvent *event)
{
    const int delta = event->angleDelta().y();
    if (delta == 0)
        return;
    setWindowMs(qint64(double(m_windowMs) * (delta > 0 ? 0.8 : 1.25)));
    event->accept();
}

} // namespace lens
