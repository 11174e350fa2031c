// SPDX-License-Identifier: Apache-2.0
// TimelineWidget at a travel point: the view stands still (its present frozen when travel
// began) and draws, describes and offers nothing recorded after the point; sessions end there
// as they stood then. Also the hover texts and the QUEUE lane, which honour it (see
// timelinewidget.h).
#include "timelinewidget.h"

#include "deltapalette.h"
#include "timelinelanes.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace lens {

using namespace timelinelanes;

void TimelineWidget::setTravelTime(qint64 ms, quint64 seq)
{
    const bool wasLive = m_travelMs < 0;
    m_travelMs = ms < 0 ? -1 : ms;
    m_travelSeq = m_travelMs < 0 ? 0 : seq;
    if (m_travelMs < 0) {
        m_selectedSeq = 0; // live again: the keyboard starts from the present
        m_frozenNowMs = -1;
    } else if (wasLive) {
        m_frozenNowMs = m_model->nowMs(); // the axis stops scrolling where travel began
    }
    if (m_frozenNowMs >= 0 && m_travelMs > m_frozenNowMs)
        m_frozenNowMs = m_travelMs; // travelled (by key) to a marker recorded since
    updateAccessibleDescription();
    update();
}

qint64 TimelineWidget::presentMs() const
{
    return m_frozenNowMs >= 0 ? m_frozenNowMs : m_model->nowMs();
}

qint64 TimelineWidget::shownUntilMs() const
{
    return m_travelMs >= 0 ? m_travelMs : m_model->nowMs();
}

bool TimelineWidget::isShown(const Mark &m) const
{
    if (m_travelMs < 0)
        return true;
    return m.t <= m_travelMs && (m_travelSeq == 0 || m.seq <= m_travelSeq);
}

int TimelineWidget::shownEventsOf(const Span &s) const
{
    if (m_travelMs < 0 || (s.end >= 0 && s.end <= m_travelMs))
        return s.events;
    const TimelineModel::Marks &marks = m_model->marks();
    auto it = std::lower_bound(marks.begin(), marks.end(), s.start,
                               [](const Mark &m, qint64 t) { return m.t < t; });
    int n = 0;
    for (; it != marks.end() && isShown(*it); ++it)
        n += it->kind == Mark::Kind::Added || it->kind == Mark::Kind::Modified ||
             it->kind == Mark::Kind::Deleted;
    return n;
}

int TimelineWidget::maxDepthShown() const
{
    if (m_travelMs < 0)
        return m_model->maxDepth();
    int deepest = 0;
    for (const TimelineModel::DepthSample &d : m_model->depth()) {
        if (d.t > m_travelMs)
            break;
        deepest = qMax(deepest, d.peak);
    }
    return deepest;
}

QString TimelineWidget::describeAt(const QPoint &pos) const
{
    const QRect plot = plotRect();
    if (pos.y() > plot.bottom() && pos.x() >= plot.left() && pos.y() < height())
        return tr("Press and drag on the time axis to travel back in time: every view shows "
                  "the state at that moment.");
    const int lane = laneAt(pos.y());
    if (pos.x() < plot.left() && lane >= kFirstHandlerLane && lane < queueLane())
        return tr("Updates with an unchanged resourceVersion that handler %1 received, one "
                  "mark per interval between resync checks")
            .arg(m_model->resyncHandlers().value(lane - kFirstHandlerLane)); // the whole name
    if (!plot.contains(pos))
        return {};
    const auto [t0, t1] = visibleRange();
    // Nothing after the travel point is drawn, so nothing there is described.
    const qint64 now = shownUntilMs();
    if (m_travelMs >= 0 && xOfTime(now) < pos.x() - 2)
        return {};
    if (lane == kGapLane) {
        for (const TimelineModel::Gap &g : m_model->watchGaps()) {
            if (g.start > now)
                break;
            const qint64 end = g.end < 0 || g.end > now ? now : g.end;
            const double x0 = xOf(g.start, t0, t1, plot);
            const double x1 = xOf(end, t0, t1, plot);
            if (pos.x() >= x0 - 2 && pos.x() <= x1 + 2)
                return tr("Gap between watch sessions: %1 s with no watch open (after: %2). "
                          "Changes on the server wait until the next watch resumes from the "
                          "last resourceVersion, or a relist repairs the cache.")
                    .arg(double(end - g.start) / 1000.0, 0, 'f', 3)
                    .arg(g.cause);
        }
        return {};
    }
    if (lane >= kFirstHandlerLane && lane < queueLane()) {
        const QString h = m_model->resyncHandlers().value(lane - kFirstHandlerLane);
        for (const auto &tick : m_model->handlerTicks(h)) {
            if (tick.t > now || (m_travelMs >= 0 && m_travelSeq && tick.seq > m_travelSeq))
                break;
            if (std::abs(xOf(tick.t, t0, t1, plot) - pos.x()) < 6)
                return tr("%1 s \u00B7 %2 received %n update(s) with an unchanged "
                          "resourceVersion from here until the next resync check (Sync or "
                          "Replaced deltas delivered while it was syncing; Explain on one of "
                          "them says which delta and which tick)",
                          nullptr, tick.count)
                    .arg(double(tick.t) / 1000.0, 0, 'f', 3)
                    .arg(h);
        }
        return tr("Updates with an unchanged resourceVersion that handler %1 received, one "
                  "mark per interval between resync checks")
            .arg(h);
    }
    if (lane <= 1) {
        for (const Span &s : m_model->spans()) {
            if (s.start > now)
                break;
            const bool open = s.end < 0 || s.end > now; // it ended after the travel point
            const int sl = s.lane == Span::Lane::List ? 0 : 1;
            const double x0 = xOf(s.start, t0, t1, plot);
            const double x1 = xOf(open ? now : s.end, t0, t1, plot);
            if (sl == lane && pos.x() >= x0 - 2 && pos.x() <= x1 + 2)
                return (sl == 0 ? tr("LIST (cause: %1)").arg(s.label)
                                : tr("WATCH %1").arg(s.label)) +
                       (open ? tr(" (open)") : QStringLiteral(" \u2192 ") + s.outcome);
        }
    }
    if (const Mark *m = markAt(pos))
        return QStringLiteral("%1 s \u00B7 %2\n%3")
            .arg(double(m->t) / 1000.0, 0, 'f', 3)
            .arg(m->label, markExplanation(*m));
    return {};
}

void TimelineWidget::paintQueueDepth(QPainter &p, const QRect &ql, qint64 t0, qint64 t1,
                                     const QRect &plot) const
{
    const auto &depth = m_model->depth();
    if (depth.empty())
        return;
    const qint64 now = shownUntilMs();
    const int base = ql.bottom() - 2;
    const double scale = (ql.height() - 8) / double(qMax(1, maxDepthShown()));
    const int left = plot.left();
    const int xEnd = int(qMin<double>(plot.right(), xOf(now, t0, t1, plot)));
    if (xEnd < left)
        return;
    // One height per pixel column: the deepest the queue was during that column's time (the
    // depth carried in from before it counts). Hundreds of thousands of samples become at most
    // one rectangle per column; a path through every sample cost tens of milliseconds to fill.
    std::vector<int> top(size_t(xEnd - left + 1), base);
    auto it =
        std::lower_bound(depth.begin(), depth.end(), t0,
                         [](const TimelineModel::DepthSample &s, qint64 t) { return s.t < t; });
    int level = it == depth.begin() ? 0 : std::prev(it)->depth;
    int peak = level;
    size_t column = 0;
    for (; it != depth.end() && it->t <= t1 && it->t <= now; ++it) {
        const size_t at = size_t(std::clamp(int(xOf(it->t, t0, t1, plot)), left, xEnd) - left);
        for (; column < at; ++column, peak = level)
            top[column] = base - int(std::lround(peak * scale));
        level = it->depth;
        peak = qMax(peak, it->peak);
    }
    for (; column < top.size(); ++column, peak = level)
        top[column] = base - int(std::lround(peak * scale));

    // On a dark base the purple needs more weight and a lighter outline to be seen.
    const bool dark = palette().color(QPalette::Base).lightness() < 128;
    QColor fill = deltaColor(DeltaType::Replaced);
    fill.setAlpha(dark ? 140 : 70);
    QPolygon outline;
    outline << QPoint(left, base);
    for (size_t run = 0; run < top.size();) {
        size_t next = run + 1;
        while (next < top.size() && top[next] == top[run])
            ++next;
        const int x0 = left + int(run), x1 = left + int(next);
        if (top[run] < base)
            p.fillRect(QRect(x0, top[run], x1 - x0, base - top[run]), fill);
        outline << QPoint(x0, top[run]) << QPoint(x1, top[run]);
        run = next;
    }
    outline << QPoint(left + int(top.size()), base);
    QPen pen(dark ? deltaColor(DeltaType::Replaced).lighter(150) : deltaColor(DeltaType::Replaced),
             1);
    pen.setCosmetic(true);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    p.setRenderHint(QPainter::Antialiasing, false); // whole-pixel columns
    p.drawPolygon(outline);
    p.setRenderHint(QPainter::Antialiasing);
}

qint64 TimelineWidget::timeAtX(int x) const
{
    const QRect plot = plotRect();
    const auto [t0, t1] = visibleRange();
    const double f = double(x - plot.left()) / double(qMax(1, plot.width()));
    return std::clamp<qint64>(t0 + qint64(std::llround(f * double(t1 - t0))), t0, t1);
}

int TimelineWidget::xOfTime(qint64 t) const
{
    const auto [t0, t1] = visibleRange();
    return int(std::lround(xOf(t, t0, t1, plotRect())));
}

bool TimelineWidget::event(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        setAccessibleName(tr("Timeline"));
        updateAccessibleDescription();
    }
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = describeAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace lens
