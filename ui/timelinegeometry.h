// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QRect>
#include <QSize>
#include <QtGlobal>

#include <utility>
#include <vector>

namespace lens {

/// One horizontal lane of the timeline (see TimelineWidget for what each shows).
struct TimelineLane {
    enum class Kind {
        Header,  ///< a group's name (one informer's lanes), click to collapse
        List,    ///< LIST sessions and their pages
        Watch,   ///< WATCH sessions
        Gaps,    ///< the time between watch sessions
        Events,  ///< watch events as ticks
        Markers, ///< bookmarks, errors, backoffs, resync ticks, HasSynced
        Handler, ///< one handler's resync rounds (↻)
        Queue,   ///< the queue's depth
        Worker,  ///< one controller worker: busy spans and rate-limited retries
    };
    Kind kind = Kind::List;
    int group = 0;    ///< the lane group (one per informer) it belongs to, 0 when one
    int handler = -1; ///< Handler: index into the group's resync handlers; Worker: into the
                      ///< workers; else -1

    /// Height relative to a full lane: thin lanes (gaps, per-handler resync ticks) 0.6, the
    /// queue's depth area and its two labels (QUEUE, max N) 1.5, a group header 0.9.
    double weight() const;
    bool operator==(const TimelineLane &o) const
    {
        return kind == o.kind && group == o.group && handler == o.handler;
    }
};

/// How a TimelineGeometry's lanes share the plot's height.
struct TimelineStacking {
    /// The height (px) of a line of lane names (QFontMetrics::height() of their bold font,
    /// or more for taller fallback glyphs) and of the lanes' small texts: every lane is at
    /// least TimelineGeometry::minimumLaneHeight() high. 0: the lanes share the plot, however
    /// small their share.
    int nameHeight = 0;
    int textHeight = 0;
    /// Pixels of the lanes scrolled above the plot's top; clamped to [0, maxScroll()].
    int scroll = 0;
    /// Pixels taken off the plot's right for a scroll bar (0: none).
    int scrollBar = 0;
};

/// Where everything sits on the timeline: the plot area in widget pixels, the visible time
/// range [t0, t1] in journal milliseconds, and the lanes stacked top to bottom, each as high
/// as its weight's share of the plot, but never lower than minimumLaneHeight() (so that its
/// name reads): lanes that get their minimum give up their share, the others share what is
/// left by weight; lanes whose minimums alone need more than the plot's height run below it
/// and are scrolled (Stacking::scroll), like a scroll area's contents, while the time axis
/// stays under the plot. Pure arithmetic, no widget: TimelineWidget makes one per paint (and
/// per mouse event) and its painters and hit test read it.
class TimelineGeometry {
public:
    static constexpr int kGutter = 76;         ///< lane names, left of the plot (px)
    static constexpr int kAxis = 20;           ///< the time axis, below the plot (px)
    static constexpr int kMaxHandlerLanes = 4; ///< ↻ lanes per group at most

    using Stacking = TimelineStacking;

    TimelineGeometry() = default;
    /// A widget of `widget` pixels showing [range.first, range.second] ms in `lanes`.
    TimelineGeometry(const QSize &widget, std::pair<qint64, qint64> range,
                     std::vector<TimelineLane> lanes, Stacking stacking = {});

    /// The plot area of a widget of `widget` pixels: right of the lane names, above the axis,
    /// left of a scroll bar `scrollBar` px wide.
    static QRect plotRectFor(const QSize &widget, int scrollBar = 0);
    /// The least height (px) of a lane of `kind` whose name is set in a font `boldHeight` px
    /// high (QFontMetrics::height(), the lane names and group headers) and whose other texts
    /// are `smallHeight` px high (↻ and worker lanes' names, "max N" under QUEUE): one line of
    /// its name with a pixel of air above and below; QUEUE two lines, MARKERS a flag's line
    /// above the 12 px resync ticks.
    static int minimumLaneHeight(TimelineLane::Kind kind, int boldHeight, int smallHeight);
    /// The height (px) of `lanes` each at its minimumLaneHeight().
    static int minimumHeight(const std::vector<TimelineLane> &lanes, int boldHeight,
                             int smallHeight);
    /// The summed weight of `lanes`.
    static double totalWeight(const std::vector<TimelineLane> &lanes);
    /// The time range to show, in journal ms: the whole history [first, present] with 4 % of
    /// air on the right while it fits in `windowMs` (at least 1 s), else the newest
    /// `windowMs` and 4 % beyond the present.
    static std::pair<qint64, qint64> visibleRange(qint64 firstMs, qint64 presentMs,
                                                  qint64 windowMs);
    /// A "nice" step (1, 2, 5 × 10^n ms, at least 1) giving roughly `approx` steps over
    /// `spanMs` milliseconds: the axis ticks, and (approx 10) the keyboard's scrub step.
    static qint64 niceStep(qint64 spanMs, int approx);
    /// Appends group `group`'s lanes: LIST, WATCH, GAPS, EVENTS, MARKERS, `handlers` ↻ lanes
    /// (at most kMaxHandlerLanes), QUEUE; led by a Header lane when `header`, and only that
    /// when `collapsed`.
    static void appendGroup(std::vector<TimelineLane> *lanes, int group, int handlers, bool header,
                            bool collapsed);

    /// Appends the controller workers' group: a Header lane, then (unless `collapsed`) one
    /// Worker lane per worker.
    static void appendWorkerGroup(std::vector<TimelineLane> *lanes, int group, int workers,
                                  bool collapsed);

    QRect plot() const { return m_plot; }
    qint64 t0() const { return m_t0; }
    qint64 t1() const { return m_t1; }
    /// x (widget px, fractional) of journal time `t`; outside the plot when t is outside
    /// [t0, t1].
    double xOf(qint64 t) const;
    /// Journal time under widget x, clamped to [t0, t1].
    qint64 timeAtX(int x) const;

    /// The lanes' whole height (px): the plot's when they fit, more when they scroll.
    int contentHeight() const { return m_content; }
    /// Pixels of the lanes above the plot's top (0 unless they scroll).
    int scroll() const { return m_scroll; }
    /// The most the lanes can scroll: what does not fit in the plot (0 when they fit).
    int maxScroll() const { return qMax(0, m_content - m_plot.height()); }
    /// The scroll() that shows `lane` whole (or its top when it is taller than the plot) and
    /// moves the lanes as little as possible.
    int scrollToShow(int lane) const;

    int laneCount() const { return int(m_lanes.size()); }
    const TimelineLane &lane(int i) const { return m_lanes.at(size_t(i)); }
    const std::vector<TimelineLane> &lanes() const { return m_lanes; }
    /// Lane `i`'s rectangle: the plot's width, its share of the lanes' height, moved up by
    /// scroll(): it may lie partly or wholly outside the plot (painters clip to the plot).
    QRect laneRect(int i) const { return m_rects.at(size_t(i)); }
    /// Whether any row of lane `i` is inside the plot.
    bool isLaneVisible(int i) const { return m_rects.at(size_t(i)).intersects(m_plot); }
    /// The lane at widget y: the first one shown above the plot, the last one shown below it;
    /// -1 when there are no lanes.
    int laneAt(int y) const;
    /// The index of `group`'s lane of `kind` (and `handler` for Handler lanes); -1 when that
    /// lane is not shown (its group collapsed, or no such handler lane).
    int indexOf(TimelineLane::Kind kind, int group = 0, int handler = -1) const;

private:
    QRect m_plot;
    qint64 m_t0 = 0;
    qint64 m_t1 = 1;
    std::vector<TimelineLane> m_lanes;
    std::vector<QRect> m_rects;
    int m_content = 0;
    int m_scroll = 0;
};

} // namespace lens
