// SPDX-License-Identifier: Apache-2.0
#include "timelinegeometry.h"

#include <QtGlobal>

#include <algorithm>
#include <cmath>

namespace lens {

double TimelineLane::weight() const
{
    switch (kind) {
    case Kind::Queue:
        return 1.5;
    case Kind::Gaps:
    case Kind::Handler:
        return 0.6;
    case Kind::Header:
        return 0.9;
    default:
        return 1.0;
    }
}

TimelineGeometry::TimelineGeometry(const QSize &widget, std::pair<qint64, qint64> range,
                                   std::vector<TimelineLane> lanes, Stacking stacking)
    : m_plot(plotRectFor(widget, stacking.scrollBar)), m_t0(range.first), m_t1(range.second),
      m_lanes(std::move(lanes))
{
    // Each lane its weight's share of the plot (`unit` px per unit of weight), or its minimum
    // when that is more: the largest unit at which the lanes fill the plot, or none (every
    // lane at its minimum, running below the plot) when their minimums alone are too much.
    std::vector<int> least;
    least.reserve(m_lanes.size());
    int leastTotal = 0;
    for (const TimelineLane &l : m_lanes) {
        least.push_back(stacking.nameHeight > 0
                            ? minimumLaneHeight(l.kind, stacking.nameHeight, stacking.textHeight)
                            : 0);
        leastTotal += least.back();
    }
    const int room = m_plot.height();
    auto heightAt = [&](double unit) {
        double h = 0;
        for (size_t i = 0; i < m_lanes.size(); ++i)
            h += qMax(m_lanes[i].weight() * unit, double(least[i]));
        return h;
    };
    double unit = 0;
    if (leastTotal < room) {
        double lo = 0, hi = room / qMax(totalWeight(m_lanes), 1e-9);
        for (int i = 0; i < 40 && hi - lo > 1e-3; ++i)
            (heightAt((lo + hi) / 2) <= room ? lo : hi) = (lo + hi) / 2;
        unit = heightAt(hi) <= room + 0.5 ? hi : lo;
    }
    m_content = m_lanes.empty() ? room : qMax(room, int(std::lround(heightAt(unit))));
    m_scroll = std::clamp(stacking.scroll, 0, maxScroll());
    const int top0 = m_plot.top() - m_scroll;
    double before = 0;
    m_rects.reserve(m_lanes.size());
    for (size_t i = 0; i < m_lanes.size(); ++i) {
        const double h = qMax(m_lanes[i].weight() * unit, double(least[i]));
        const int top = top0 + int(std::lround(before));
        const int bottom = top0 + int(std::lround(before + h));
        m_rects.emplace_back(m_plot.left(), top, m_plot.width(), bottom - top);
        before += h;
    }
    // The last lane ends at the content's bottom (the plot's when they fit).
    if (!m_rects.empty())
        m_rects.back().setBottom(top0 + m_content - 1);
}

QRect TimelineGeometry::plotRectFor(const QSize &widget, int scrollBar)
{
    return QRect(kGutter, 4, widget.width() - kGutter - 8 - qMax(0, scrollBar),
                 widget.height() - kAxis - 8);
}

int TimelineGeometry::minimumLaneHeight(TimelineLane::Kind kind, int boldHeight, int smallHeight)
{
    using K = TimelineLane::Kind;
    switch (kind) {
    case K::Queue: // QUEUE, and "max N" under it
        return 2 + boldHeight + 1 + smallHeight + 2;
    case K::Markers: // a flag (or HasSynced) above the resync ticks' 12 px
        return qMax(boldHeight + 2, smallHeight + 1 + 12);
    case K::Handler:
    case K::Worker:
        return smallHeight + 2;
    case K::Header:
    case K::List:
    case K::Watch:
    case K::Gaps:
    case K::Events:
        break;
    }
    return boldHeight + 2;
}

int TimelineGeometry::minimumHeight(const std::vector<TimelineLane> &lanes, int boldHeight,
                                    int smallHeight)
{
    int h = 0;
    for (const TimelineLane &l : lanes)
        h += minimumLaneHeight(l.kind, boldHeight, smallHeight);
    return h;
}

double TimelineGeometry::totalWeight(const std::vector<TimelineLane> &lanes)
{
    double total = 0;
    for (const TimelineLane &l : lanes)
        total += l.weight();
    return total;
}

int TimelineGeometry::scrollToShow(int lane) const
{
    if (lane < 0 || lane >= laneCount())
        return m_scroll;
    // In content coordinates (0 = the first lane's top).
    const int top = m_rects[size_t(lane)].top() + m_scroll - m_plot.top();
    const int bottom = top + m_rects[size_t(lane)].height();
    int scroll = m_scroll;
    if (bottom - scroll > m_plot.height())
        scroll = bottom - m_plot.height();
    if (top < scroll) // above, or taller than the plot: its top
        scroll = top;
    return std::clamp(scroll, 0, maxScroll());
}

std::pair<qint64, qint64> TimelineGeometry::visibleRange(qint64 firstMs, qint64 presentMs,
                                                         qint64 windowMs)
{
    const qint64 history = presentMs - firstMs;
    if (history <= windowMs) {
        // Fit all, with 4 % of air on the right so "now" is not glued to the edge.
        const qint64 span = qMax<qint64>(1000, qint64(double(history) * 1.04));
        return {firstMs, firstMs + span};
    }
    return {presentMs - windowMs, presentMs + windowMs / 25};
}

qint64 TimelineGeometry::niceStep(qint64 spanMs, int approx)
{
    const double raw = double(qMax<qint64>(1, spanMs)) / qMax(1, approx);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * mag >= raw)
            return qMax<qint64>(1, qint64(m * mag));
    return qint64(10 * mag);
}

void TimelineGeometry::appendGroup(std::vector<TimelineLane> *lanes, int group, int handlers,
                                   bool header, bool collapsed)
{
    using K = TimelineLane::Kind;
    if (header)
        lanes->push_back({K::Header, group, -1});
    if (header && collapsed)
        return;
    for (K k : {K::List, K::Watch, K::Gaps, K::Events, K::Markers})
        lanes->push_back({k, group, -1});
    for (int h = 0; h < qMin(handlers, kMaxHandlerLanes); ++h)
        lanes->push_back({K::Handler, group, h});
    lanes->push_back({K::Queue, group, -1});
}

void TimelineGeometry::appendWorkerGroup(std::vector<TimelineLane> *lanes, int group, int workers,
                                         bool collapsed)
{
    lanes->push_back({TimelineLane::Kind::Header, group, -1});
    if (collapsed)
        return;
    for (int w = 0; w < workers; ++w)
        lanes->push_back({TimelineLane::Kind::Worker, group, w});
}

double TimelineGeometry::xOf(qint64 t) const
{
    return m_plot.left() + double(t - m_t0) / double(qMax<qint64>(1, m_t1 - m_t0)) * m_plot.width();
}

qint64 TimelineGeometry::timeAtX(int x) const
{
    const double f = double(x - m_plot.left()) / double(qMax(1, m_plot.width()));
    return std::clamp<qint64>(m_t0 + qint64(std::llround(f * double(m_t1 - m_t0))), m_t0, m_t1);
}

int TimelineGeometry::laneAt(int y) const
{
    if (m_lanes.empty())
        return -1;
    // Outside the plot: the lane shown at its edge (not one scrolled out of sight).
    const int at = std::clamp(y, m_plot.top(), qMax(m_plot.top(), m_plot.bottom()));
    for (int l = 0; l < laneCount(); ++l) {
        const QRect &r = m_rects[size_t(l)];
        if (at >= r.top() && at < r.top() + r.height())
            return l;
    }
    return y < m_plot.top() ? 0 : laneCount() - 1;
}

int TimelineGeometry::indexOf(TimelineLane::Kind kind, int group, int handler) const
{
    const bool indexed = kind == TimelineLane::Kind::Handler || kind == TimelineLane::Kind::Worker;
    const TimelineLane want{kind, group, indexed ? handler : -1};
    const auto it = std::find(m_lanes.begin(), m_lanes.end(), want);
    return it == m_lanes.end() ? -1 : int(it - m_lanes.begin());
}

} // namespace lens
