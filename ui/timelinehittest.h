// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "timelinelanes.h"

#include <QPoint>
#include <QString>

#include <vector>

namespace lens {

/// What is under a point of the timeline: the mark to hover or click, the LIST/WATCH bar, a
/// group header, and the tooltip's words for it. Reads the same geometry, groups and moment
/// the painters drew, so nothing after a travel point, and nothing in a folded group, is hit.
class TimelineHitTest {
public:
    /// How far (px) from a drawn mark a point still hits it, on each side and in x and y
    /// alike: a tick is 2 px wide, so each mark is a target of at least 2 × 8 px around it and
    /// the nearest mark within it wins (the older on a tie).
    static constexpr double kRadius = 8.0;

    /// `groups` and the tracks they point to must outlive the hit test.
    TimelineHitTest(const TimelineGeometry &g, const std::vector<TimelineGroup> &groups,
                    const TimelineMoment &moment, int widgetHeight);

    /// The mark nearest `pos` (widget px) among those drawn, within kRadius of its tick in x
    /// and within kRadius of its lane in y; null when none.
    const Mark *markAt(const QPoint &pos) const;
    /// The journal seq that closed the LIST/WATCH bar under `pos` (0: none, or still open).
    quint64 spanEndSeqAt(const QPoint &pos) const;
    /// The group whose header lane is under `pos`, -1 when none.
    int headerAt(const QPoint &pos) const;
    /// What is under `pos` on a worker lane (seq 0 when nothing, or not a worker lane).
    WorkerHit workerAt(const QPoint &pos) const;
    /// The text the tooltip shows at `pos` (empty when nothing is there).
    QString describeAt(const QPoint &pos) const;

private:
    /// The group of the lane under `pos` and that lane's index (-1, -1 without lanes).
    std::pair<int, int> groupAndLaneAt(const QPoint &pos) const;

    const TimelineGeometry &m_g;
    const std::vector<TimelineGroup> &m_groups;
    TimelineMoment m_moment;
    int m_height;
};

} // namespace lens
