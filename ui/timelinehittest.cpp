// SPDX-License-Identifier: Apache-2.0
#include "timelinehittest.h"

#include "lens/caption.h"
#include "timelinewidget.h"

#include <algorithm>
#include <cmath>

namespace lens {

using Kind = TimelineLane::Kind;

TimelineHitTest::TimelineHitTest(const TimelineGeometry &g,
                                 const std::vector<TimelineGroup> &groups,
                                 const TimelineMoment &moment, int widgetHeight)
    : m_g(g), m_groups(groups), m_moment(moment), m_height(widgetHeight)
{
}

std::pair<int, int> TimelineHitTest::groupAndLaneAt(const QPoint &pos) const
{
    const int lane = m_g.laneAt(pos.y());
    if (lane < 0)
        return {-1, -1};
    return {m_g.lane(lane).group, lane};
}

const Mark *TimelineHitTest::markAt(const QPoint &pos) const
{
    const QRect plot = m_g.plot();
    if (!plot.contains(pos))
        return nullptr;
    const auto [group, lane] = groupAndLaneAt(pos);
    if (group < 0 || size_t(group) >= m_groups.size() || !m_groups[size_t(group)].track ||
        m_g.lane(lane).kind == Kind::Header)
        return nullptr;
    // The mark lanes' vertical extents in this group (absent when folded).
    const int rows[] = {m_g.indexOf(Kind::List, group), m_g.indexOf(Kind::Events, group),
                        m_g.indexOf(Kind::Markers, group)};
    auto distanceY = [&](Kind k) {
        const int i = rows[k == Kind::List ? 0 : k == Kind::Events ? 1 : 2];
        if (i < 0)
            return kRadius + 1;
        const QRect r = m_g.laneRect(i);
        return double(qMax(0, qMax(r.top() - pos.y(), pos.y() - r.bottom())));
    };
    // Only the marks drawn within kRadius of the pointer: a binary search into the
    // time-ordered marks, not a walk over all of them (100 000 at the cap) on every move.
    const TimelineModel::Marks &marks = m_groups[size_t(group)].track->marks;
    const qint64 tLo = m_g.timeAtX(int(std::floor(pos.x() - kRadius)));
    const qint64 tHi = m_g.timeAtX(int(std::ceil(pos.x() + kRadius)));
    auto it = std::lower_bound(marks.begin(), marks.end(), tLo,
                               [](const Mark &m, qint64 t) { return m.t < t; });
    const Mark *best = nullptr;
    double bestD = 0;
    for (; it != marks.end() && it->t <= tHi; ++it) {
        const Mark &m = *it;
        if (!m_moment.shows(m)) // after the travel point: not drawn
            break;
        const double dy = distanceY(laneKindOfMark(m.kind));
        if (dy > kRadius)
            continue;
        const double dx = std::abs(m_g.xOf(m.t) - pos.x());
        if (dx > kRadius)
            continue;
        // Within the target box around the tick: the nearest one wins.
        const double d = std::hypot(dx, dy);
        if (!best || d < bestD) { // the nearest; the older on a tie
            bestD = d;
            best = &m;
        }
    }
    return best;
}

quint64 TimelineHitTest::spanEndSeqAt(const QPoint &pos) const
{
    const auto [group, lane] = groupAndLaneAt(pos);
    if (!m_g.plot().contains(pos) || group < 0 || !m_groups[size_t(group)].track)
        return 0;
    const Kind k = m_g.lane(lane).kind;
    if (k != Kind::List && k != Kind::Watch)
        return 0;
    const Span::Lane want = k == Kind::List ? Span::Lane::List : Span::Lane::Watch;
    const qint64 t = m_g.timeAtX(pos.x());
    for (const Span &s : m_groups[size_t(group)].track->spans)
        if (s.lane == want && s.end >= 0 && t >= s.start && t <= s.end)
            return s.endSeq;
    return 0;
}

int TimelineHitTest::headerAt(const QPoint &pos) const
{
    if (pos.y() < m_g.plot().top() || pos.y() > m_g.plot().bottom())
        return -1;
    const auto [group, lane] = groupAndLaneAt(pos);
    return lane >= 0 && m_g.lane(lane).kind == Kind::Header ? group : -1;
}

WorkerHit TimelineHitTest::workerAt(const QPoint &pos) const
{
    const auto [group, lane] = groupAndLaneAt(pos);
    if (group < 0 || size_t(group) >= m_groups.size() || !m_groups[size_t(group)].workers ||
        m_g.lane(lane).kind != Kind::Worker)
        return {};
    return workerHitAt(m_g, m_moment, *m_groups[size_t(group)].workers, m_g.lane(lane).handler,
                       lane, pos);
}

QString TimelineHitTest::describeAt(const QPoint &pos) const
{
    const QRect plot = m_g.plot();
    if (pos.y() > plot.bottom() && pos.x() >= plot.left() && pos.y() < m_height)
        return TimelineWidget::tr("Press and drag on the time axis to travel back in time: "
                                  "every view shows the state at that moment.");
    if (const int h = headerAt(pos); h >= 0 && m_groups[size_t(h)].workers)
        return TimelineWidget::tr("The controller's workers, one lane each. Click (or select it "
                                  "with Up/Down and press Space) to fold or unfold them.");
    if (const int lane = m_g.laneAt(pos.y()); lane >= 0 && m_g.lane(lane).kind == Kind::Worker) {
        if (pos.x() < m_g.plot().left())
            return TimelineWidget::tr("A controller worker: busy while it syncs a key (Get → "
                                      "Done), coloured by what the sync came to");
        return workerAt(pos).text;
    }
    if (const int h = headerAt(pos); h >= 0)
        return TimelineWidget::tr("The lanes of informer %1. Click (or select it with Up/Down "
                                  "and press Space) to fold or unfold them.")
            .arg(m_groups[size_t(h)].title());
    const auto [group, lane] = groupAndLaneAt(pos);
    if (group < 0 || !m_groups[size_t(group)].track)
        return {};
    const Track &track = *m_groups[size_t(group)].track;
    const TimelineLane &l = m_g.lane(lane);
    const QStringList handlers = m_groups[size_t(group)].handlers();
    if (pos.x() < plot.left() && l.kind == Kind::Handler)
        return TimelineWidget::tr("Updates with an unchanged resourceVersion that handler %1 "
                                  "received, one mark per interval between resync checks")
            .arg(handlers.value(l.handler)); // the whole name
    if (!plot.contains(pos))
        return {};
    // Nothing after the travel point is drawn, so nothing there is described.
    const qint64 now = m_moment.untilMs;
    if (m_moment.travelMs >= 0 && std::lround(m_g.xOf(now)) < pos.x() - 2)
        return {};
    if (l.kind == Kind::Gaps) {
        for (const TimelineModel::Gap &gap : track.watchGaps()) {
            if (gap.start > now)
                break;
            const qint64 end = gap.end < 0 || gap.end > now ? now : gap.end;
            const double x0 = m_g.xOf(gap.start);
            const double x1 = m_g.xOf(end);
            if (pos.x() >= x0 - 2 && pos.x() <= x1 + 2)
                return TimelineWidget::tr(
                           "Gap between watch sessions: %1 s with no watch open (after: %2). "
                           "Changes on the server wait until the next watch resumes from the "
                           "last resourceVersion, or a relist repairs the cache.")
                    .arg(double(end - gap.start) / 1000.0, 0, 'f', 3)
                    .arg(gap.cause);
        }
        return {};
    }
    if (l.kind == Kind::Handler) {
        const QString h = handlers.value(l.handler);
        for (const auto &tick : track.handlerTicks.value(h)) {
            if (tick.t > now || !m_moment.shows(tick.t, tick.seq))
                break;
            if (std::abs(m_g.xOf(tick.t) - pos.x()) < kRadius)
                return TimelineWidget::tr(
                           "%1 s \u00B7 %2 received %n update(s) with an unchanged "
                           "resourceVersion from here until the next resync check (Sync or "
                           "Replaced deltas delivered while it was syncing; Explain on one of "
                           "them says which delta and which tick)",
                           nullptr, tick.count)
                    .arg(double(tick.t) / 1000.0, 0, 'f', 3)
                    .arg(h);
        }
        return TimelineWidget::tr("Updates with an unchanged resourceVersion that handler %1 "
                                  "received, one mark per interval between resync checks")
            .arg(h);
    }
    if (l.kind == Kind::List || l.kind == Kind::Watch) {
        const Span::Lane want = l.kind == Kind::List ? Span::Lane::List : Span::Lane::Watch;
        for (const Span &s : track.spans) {
            if (s.start > now)
                break;
            const bool open = s.end < 0 || s.end > now; // it ended after the travel point
            const double x0 = m_g.xOf(s.start);
            const double x1 = m_g.xOf(open ? now : s.end);
            if (s.lane == want && pos.x() >= x0 - 2 && pos.x() <= x1 + 2)
                return (want == Span::Lane::List
                            ? TimelineWidget::tr("LIST (cause: %1)").arg(s.label)
                            : TimelineWidget::tr("WATCH %1").arg(s.label)) +
                       (open ? TimelineWidget::tr(" (open)")
                             : QStringLiteral(" \u2192 ") + s.outcome);
        }
    }
    if (const Mark *m = markAt(pos))
        return QStringLiteral("%1 s \u00B7 %2\n%3")
            .arg(double(m->t) / 1000.0, 0, 'f', 3)
            .arg(m->label, Caption::forMark(*m));
    return {};
}

} // namespace lens
