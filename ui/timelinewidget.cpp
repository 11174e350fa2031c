// SPDX-License-Identifier: Apache-2.0
// TimelineWidget: its lanes and groups, the paint (one painter per lane, timelinepaint.cpp),
// the mouse (TimelineHitTest says what is under it) and holding still under the pointer.
#include "timelinewidget.h"

#include "timelinehittest.h"
#include "timelinelanes.h"

#include <QEnterEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QStyle>
#include <QTimer>
#include <QWheelEvent>

#include <algorithm>

namespace lens {

TimelineWidget::TimelineWidget(TimelineModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_tick(new QTimer(this)),
      m_vbar(new QScrollBar(Qt::Vertical, this)), m_groupCount(model->tracks().size())
{
    m_vbar->setObjectName(QStringLiteral("timelineLaneScroll"));
    m_vbar->setAccessibleName(tr("Scroll the timeline's lanes"));
    m_vbar->setFocusPolicy(Qt::NoFocus); // the widget's own keys scroll (PageUp/PageDown)
    m_vbar->hide();
    connect(m_vbar, &QScrollBar::valueChanged, this, [this](int v) {
        if (v == m_scroll)
            return;
        m_scroll = v;
        update();
    });
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
        updateScrollBar(); // a worker or handler lane more
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

int laneTextHeight(const QFont &font, const QStringList &texts)
{
    const QFontMetrics fm(font);
    int h = fm.height();
    for (const QString &t : texts)
        h = qMax(h, fm.boundingRect(t).height());
    return h;
}

QStringList laneNames()
{
    return {TimelineWidget::tr("LIST"),
            TimelineWidget::tr("WATCH"),
            TimelineWidget::tr("GAPS"),
            TimelineWidget::tr("EVENTS"),
            TimelineWidget::tr("MARKERS"),
            TimelineWidget::tr("QUEUE"),
            TimelineWidget::tr("controller workers")};
}

QSize TimelineWidget::sizeHint() const
{
    // Room for every lane, folded or not, at its least height, up to about two informers'
    // lanes: more scroll.
    std::vector<TimelineGroup> gs = groups();
    for (TimelineGroup &g : gs)
        g.collapsed = false;
    const std::vector<TimelineLane> lanes = lanesOf(gs);
    const TimelineGeometry::Stacking st = stacking(lanes);
    const int lanesHeight = TimelineGeometry::minimumHeight(lanes, st.nameHeight, st.textHeight);
    return QSize(1200, qBound(200, lanesHeight * 5 / 4 + TimelineGeometry::kAxis + 12, 420));
}

QSize TimelineWidget::minimumSizeHint() const
{
    // The lanes scroll: the axis and a few lanes are enough, however many informers and
    // workers there are; the window never grows beyond the size the user (or --size) gave it.
    // Three lanes: at 1280x800 the Explain pane needs the rest (its eight lines).
    const std::vector<TimelineLane> lanes = lanesOf(groups());
    const int fewLanes = 3 * (stacking(lanes).nameHeight + 2);
    return QSize(400, fewLanes + TimelineGeometry::kAxis + 12);
}

QFont TimelineWidget::smallFont() const
{
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    return small;
}

QFont TimelineWidget::boldFont() const
{
    QFont bold = smallFont();
    bold.setBold(true);
    return bold;
}

std::vector<TimelineLane> TimelineWidget::lanesOf(const std::vector<TimelineGroup> &gs)
{
    std::vector<TimelineLane> lanes;
    for (size_t i = 0; i < gs.size(); ++i) {
        if (gs[i].workers)
            TimelineGeometry::appendWorkerGroup(&lanes, int(i), int(gs[i].workers->workers.size()),
                                                gs[i].collapsed);
        else
            TimelineGeometry::appendGroup(&lanes, int(i), int(gs[i].handlers().size()),
                                          gs.size() > 1, gs[i].collapsed);
    }
    return lanes;
}

TimelineGeometry::Stacking TimelineWidget::stacking(const std::vector<TimelineLane> &lanes) const
{
    if (m_nameHeight < 0) { // measured once per font and language
        m_nameHeight = laneTextHeight(boldFont(), laneNames());
        m_textHeight = laneTextHeight(smallFont(), {tr("max %1").arg(0), tr("idle")});
    }
    TimelineGeometry::Stacking st;
    st.nameHeight = m_nameHeight;
    st.textHeight = m_textHeight;
    st.scroll = m_scroll;
    if (TimelineGeometry::minimumHeight(lanes, m_nameHeight, m_textHeight) >
        TimelineGeometry::plotRectFor(size()).height())
        st.scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this) + 2;
    return st;
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
    std::vector<TimelineLane> lanes = lanesOf(groups());
    const TimelineGeometry::Stacking st = stacking(lanes);
    return TimelineGeometry(size(), visibleRange(), std::move(lanes), st);
}

void TimelineWidget::updateScrollBar()
{
    const TimelineGeometry g = geometry();
    const bool shown = g.maxScroll() > 0;
    if (shown) {
        const QRect plot = g.plot();
        const int w = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_vbar);
        m_vbar->setGeometry(plot.right() + 2, plot.top(), w, plot.height());
        m_vbar->setRange(0, g.maxScroll());
        m_vbar->setPageStep(plot.height());
        m_vbar->setSingleStep(stacking(g.lanes()).nameHeight + 2); // about a lane
    }
    // What no longer scrolls is shown from its top; a shorter content keeps its bottom.
    m_scroll = g.scroll();
    {
        const QSignalBlocker block(m_vbar);
        m_vbar->setValue(m_scroll);
    }
    if (shown != m_vbar->isVisible())
        m_vbar->setVisible(shown);
}

void TimelineWidget::setLaneScroll(int px)
{
    m_scroll = qMax(0, px);
    updateScrollBar();
    update();
}

void TimelineWidget::scrollLaneIntoView(int lane)
{
    const TimelineGeometry g = geometry();
    if (lane >= 0 && lane < g.laneCount() && g.scrollToShow(lane) != g.scroll())
        setLaneScroll(g.scrollToShow(lane));
}

void TimelineWidget::resizeEvent(QResizeEvent *event)
{
    updateScrollBar();
    QWidget::resizeEvent(event);
}

void TimelineWidget::changeEvent(QEvent *event)
{
    // Lane heights follow the fonts (and, through the names, the language).
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange ||
        event->type() == QEvent::LanguageChange) {
        m_nameHeight = m_textHeight = -1;
        updateGeometry();
        updateScrollBar();
    }
    QWidget::changeEvent(event);
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
    updateScrollBar();
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
    const QFont small = smallFont();
    const QFont bold = boldFont();
    stacking(g.lanes()); // measures the lane names when the font or language changed
    TimelinePaint c{p, pal, g, moment(), small, bold, width(), m_nameHeight};

    // Lane names and headers beside the plot, cut where the lanes scroll under the axis.
    p.save();
    p.setClipRect(QRect(0, g.plot().top(), width(), g.plot().height()));
    paintLaneNames(c, gs, hasFocus() ? m_focusedGroup : -1);
    for (size_t i = 0; i < gs.size(); ++i)
        if (!gs[i].collapsed && gs[i].track)
            paintQueueMax(c, *gs[i].track, int(i));
    p.restore();
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
    return geometry().plot();
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
    const QPoint angle = event->angleDelta();
    const int delta = angle.y() != 0 ? angle.y() : angle.x();
    if (delta == 0)
        return;
    // Over the lane names, or with Shift: scroll the lanes (when they do not fit); else zoom.
    const bool overNames = event->position().x() < plotRect().left();
    if (m_vbar->isVisible() && (overNames || (event->modifiers() & Qt::ShiftModifier))) {
        setLaneScroll(m_scroll - delta * m_vbar->singleStep() * 3 / 120);
        event->accept();
        return;
    }
    setWindowMs(qint64(double(m_windowMs) * (delta > 0 ? 0.8 : 1.25)));
    event->accept();
}

} // namespace lens
