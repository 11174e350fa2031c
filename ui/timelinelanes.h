// SPDX-License-Identifier: Apache-2.0
#pragma once
// TimelineWidget's insides, shared by its source files (timelinewidget*.cpp,
// timelinepaint.cpp, timelinehittest.cpp): what a travel point hides (TimelineMoment), the
// lane groups (one per informer), and one painter function per lane.

#include "lens/timelinemodel.h"
#include "timelinegeometry.h"

#include <QFont>
#include <QPalette>
#include <QStringList>

#include <vector>

class QPainter;

namespace lens {

using Mark = TimelineModel::Mark;
using Span = TimelineModel::Span;
using Track = TimelineModel::Track;

/// The moment the timeline shows: live (travelMs < 0), or a travel point, after which nothing
/// is drawn, described or clickable.
struct TimelineMoment {
    qint64 travelMs = -1;  ///< the travel point in journal ms, -1 when live
    quint64 travelSeq = 0; ///< the newest journal seq shown while travelling, 0 when unknown
    qint64 untilMs = 0;    ///< the last moment drawn: the travel point, or the present

    /// Whether journal event `seq` at `t` ms happened at or before the travel point.
    bool shows(qint64 t, quint64 seq) const
    {
        return travelMs < 0 || (t <= travelMs && (travelSeq == 0 || seq <= travelSeq));
    }
    bool shows(const Mark &m) const { return shows(m.t, m.seq); }
    /// Watch events of `s` up to the travel point (s.events when live).
    int shownEventsOf(const Track &t, const Span &s) const;
    /// The deepest `t`'s queue was up to the travel point (maxDepth when live).
    int maxDepthShown(const Track &t) const;
};

/// One informer's lanes: its track and whether its lanes are folded under its header; or the
/// controller's workers (`workers` set, `track` null): one lane per worker.
struct TimelineGroup {
    const Track *track = nullptr;
    bool collapsed = false;
    const WorkerLanes *workers = nullptr;
    /// The handlers that get a ↻ lane (the first TimelineGeometry::kMaxHandlerLanes).
    QStringList handlers() const;
    /// The header's text: the informer's name ("shared" for events that name none).
    QString title() const;
};

/// What every painter needs: the painter, the palette, where things are and what is shown.
struct TimelinePaint {
    QPainter &p;
    QPalette pal;
    const TimelineGeometry &g;
    TimelineMoment moment;
    QFont small;    ///< lane texts: the widget's font at 85 %
    QFont bold;     ///< lane names and flags: small, bold
    int width;      ///< the widget's width
    int nameHeight; ///< the height of a line of lane names in `bold` (laneTextHeight())
};

/// The height (px) of one line of `texts` in `font`: QFontMetrics::height(), or more when a
/// text's glyphs come from a taller fallback font (CJK names in a Latin font).
int laneTextHeight(const QFont &font, const QStringList &texts);
/// The lane names as painted (translated), for measuring them.
QStringList laneNames();

/// The lane of a mark of `k` in its group: LIST (pages), EVENTS (watch events) or MARKERS.
TimelineLane::Kind laneKindOfMark(Mark::Kind k);
/// The text on an error's flag: "410" for Expired, "ERR" (translated) for other errors.
QString flagText(Mark::Kind k);
/// The top and bottom (widget y) of group `group`'s lanes: the plot's when there is one group.
std::pair<int, int> groupExtent(const TimelineGeometry &g, int group);

// One painter per lane (timelinepaint.cpp), in the order the widget calls them. All clip to
// what the moment shows, and paint [g.t0(), g.t1()] only.
/// Lane bands and names; a group's header with its informer and ▾/▸.
void paintLaneNames(TimelinePaint &c, const std::vector<TimelineGroup> &groups, int focusedGroup);
/// The time axis under the plot: dotted lines and "12 s" labels at niceStep() intervals.
void paintAxis(TimelinePaint &c);
/// LIST and WATCH sessions as bars with their labels.
void paintSessions(TimelinePaint &c, const Track &t, int group);
/// GAPS: the time between watch sessions, hatched, with its length.
void paintGaps(TimelinePaint &c, const Track &t, int group);
/// ↻ lanes: per handler, a tick per resync round with the number of updates it delivered.
void paintHandlerLanes(TimelinePaint &c, const Track &t, int group, const QStringList &handlers);
/// EVENTS: watch events as ticks, one per pixel column and kind.
void paintEventTicks(TimelinePaint &c, const Track &t, int group);
/// MARKERS (and LIST's page ticks): backoff bars, then bookmarks, error flags, resync ticks and
/// HasSynced last; then where older marks were dropped.
void paintMarkers(TimelinePaint &c, const Track &t, int group);
/// QUEUE: the queue's depth as a step area (one column per pixel, at its deepest).
void paintQueueDepth(TimelinePaint &c, const Track &t, int group);
/// "max N" under the QUEUE lane's name (outside the plot's clip).
void paintQueueMax(TimelinePaint &c, const Track &t, int group);
/// The workers' lanes (timelinepaint_workers.cpp): idle until the gate opened (hatched and
/// labelled), busy spans coloured by outcome and labelled with the object, rate-limited retries
/// as a dashed line to their ready time.
void paintWorkerLanes(TimelinePaint &c, const WorkerLanes &w, int group);
/// The colour of a sync outcome code ("provisioned", "failed", … ; "" = still running).
QColor outcomeColor(const QString &outcome);
/// What is under `pos` on worker lane `worker` of the drawn moment: the busy span (its start
/// seq, its object and a sentence) or the retry; seq 0 when nothing.
struct WorkerHit {
    quint64 seq = 0;
    QString objectKey;
    QString text;
};
WorkerHit workerHitAt(const TimelineGeometry &g, const TimelineMoment &moment, const WorkerLanes &w,
                      int worker, int laneIndex, const QPoint &pos);

/// The present (live) or the travel point with its flag and the veil over the future.
void paintNowOrTravel(TimelinePaint &c);

} // namespace lens
