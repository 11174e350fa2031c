// SPDX-License-Identifier: Apache-2.0
// TimelineWidget's painters: one function per lane (see timelinelanes.h), each reading one
// informer's track, the geometry and the moment shown. One file of about 630 lines on purpose:
// the painters share the colours and the helpers below, and read best side by side.
#include "timelinelanes.h"

#include "deltapalette.h"
#include "timelinewidget.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <utility>

namespace lens {

namespace {
const QColor kGapColor(0x9e, 0x9e, 0x9e);
const QColor kListColor(0x00, 0x89, 0x7b);
const QColor kWatchColor(0x1e, 0x88, 0xe5);
const QColor kFailColor(0xd3, 0x2f, 0x2f);
const QColor kBackoffColor(0xff, 0xa0, 0x00);
const QColor kBookmarkColor(0x8e, 0x24, 0xaa);
const QColor kSyncedColor(0x2e, 0x7d, 0x32);

QColor markColor(Mark::Kind k)
{
    switch (k) {
    case Mark::Kind::Added:
        return deltaColor(DeltaType::Added);
    case Mark::Kind::Modified:
        return deltaColor(DeltaType::Updated);
    case Mark::Kind::Deleted:
        return deltaColor(DeltaType::Deleted);
    case Mark::Kind::Bookmark:
        return kBookmarkColor;
    case Mark::Kind::ListPage:
        return kListColor.darker(130);
    case Mark::Kind::Expired:
    case Mark::Kind::Error:
        return kFailColor;
    case Mark::Kind::Backoff:
        return kBackoffColor;
    case Mark::Kind::Resync:
        return QColor(0x61, 0x61, 0x61);
    case Mark::Kind::Synced:
        return kSyncedColor;
    }
    return Qt::gray;
}

bool isWatchEventKind(Mark::Kind k)
{
    return k == Mark::Kind::Added || k == Mark::Kind::Modified || k == Mark::Kind::Deleted;
}

QRect laneOf(const TimelinePaint &c, TimelineLane::Kind kind, int group, int handler = -1)
{
    const int i = c.g.indexOf(kind, group, handler);
    return i < 0 ? QRect() : c.g.laneRect(i);
}

/// For each span, the start of the next span in its lane that started later (-1: none), in
/// one pass from the newest: spans are recorded in time order, so that is the next later one
/// in the lane, or (when it started in the same millisecond) the one after it.
std::vector<qint64> nextLaterStarts(const std::vector<Span> &spans)
{
    std::vector<qint64> next(spans.size(), -1);
    qsizetype newer[2] = {-1, -1}; // per lane: the index of the span after this one
    for (qsizetype i = qsizetype(spans.size()) - 1; i >= 0; --i) {
        const int lane = spans[size_t(i)].lane == Span::Lane::List ? 0 : 1;
        if (const qsizetype n = newer[lane]; n >= 0)
            next[size_t(i)] = spans[size_t(n)].start > spans[size_t(i)].start
                                  ? spans[size_t(n)].start
                                  : next[size_t(n)];
        newer[lane] = i;
    }
    return next;
}
} // namespace

QStringList TimelineGroup::handlers() const
{
    return track ? track->resyncHandlers.mid(0, TimelineGeometry::kMaxHandlerLanes) : QStringList();
}

QString TimelineGroup::title() const
{
    if (workers)
        return TimelineWidget::tr("controller workers");
    if (!track || track->informer.isEmpty())
        return TimelineWidget::tr("shared (events that name no informer)");
    return track->informer;
}

TimelineLane::Kind laneKindOfMark(Mark::Kind k)
{
    switch (k) {
    case Mark::Kind::ListPage:
        return TimelineLane::Kind::List;
    case Mark::Kind::Added:
    case Mark::Kind::Modified:
    case Mark::Kind::Deleted:
        return TimelineLane::Kind::Events;
    default:
        return TimelineLane::Kind::Markers;
    }
}

QString flagText(Mark::Kind k)
{
    return k == Mark::Kind::Expired ? QStringLiteral("410") : TimelineWidget::tr("ERR");
}

std::pair<int, int> groupExtent(const TimelineGeometry &g, int group)
{
    if (g.indexOf(TimelineLane::Kind::Header, 0) < 0)
        return {g.plot().top(), g.plot().bottom()};
    int top = g.plot().bottom(), bottom = g.plot().top();
    for (int i = 0; i < g.laneCount(); ++i)
        if (g.lane(i).group == group && g.lane(i).kind != TimelineLane::Kind::Header) {
            top = qMin(top, g.laneRect(i).top());
            bottom = qMax(bottom, g.laneRect(i).bottom());
        }
    return {top, bottom};
}

void paintLaneNames(TimelinePaint &c, const std::vector<TimelineGroup> &groups, int focusedGroup)
{
    QPainter &p = c.p;
    const TimelineGeometry &g = c.g;
    for (int l = 0; l < g.laneCount(); ++l) {
        const TimelineLane &lane = g.lane(l);
        const QRect r = g.laneRect(l);
        if (!g.isLaneVisible(l)) // scrolled out of the plot
            continue;
        if (lane.kind == TimelineLane::Kind::Header) {
            // A group's header: a band across the widget with ▾/▸ and the informer's name.
            const TimelineGroup &grp = groups.at(size_t(lane.group));
            p.fillRect(QRect(0, r.top(), c.width, r.height()), c.pal.color(QPalette::Button));
            p.setPen(c.pal.color(QPalette::Mid));
            p.drawLine(0, r.top(), c.width, r.top());
            p.setPen(c.pal.color(QPalette::ButtonText));
            p.setFont(c.bold);
            const QString text =
                (grp.collapsed ? QStringLiteral("\u25B8 ") : QStringLiteral("\u25BE ")) +
                grp.title();
            p.drawText(QRect(8, r.top(), c.width - 16, r.height()),
                       Qt::AlignVCenter | Qt::AlignLeft,
                       QFontMetrics(c.bold).elidedText(text, Qt::ElideRight, c.width - 16));
            if (lane.group == focusedGroup) {
                p.setPen(QPen(c.pal.color(QPalette::Highlight), 1.5));
                p.setBrush(Qt::NoBrush);
                p.drawRect(QRectF(2, r.top() + 1, c.width - 4, r.height() - 2));
            }
            continue;
        }
        if (l % 2 == 1)
            p.fillRect(QRect(0, r.top(), c.width, r.height()),
                       c.pal.color(QPalette::AlternateBase));
        QString name;
        switch (lane.kind) {
        case TimelineLane::Kind::List:
            name = TimelineWidget::tr("LIST");
            break;
        case TimelineLane::Kind::Watch:
            name = TimelineWidget::tr("WATCH");
            break;
        case TimelineLane::Kind::Gaps:
            name = TimelineWidget::tr("GAPS");
            break;
        case TimelineLane::Kind::Events:
            name = TimelineWidget::tr("EVENTS");
            break;
        case TimelineLane::Kind::Markers:
            name = TimelineWidget::tr("MARKERS");
            break;
        case TimelineLane::Kind::Handler: // one lane per handler: its resync rounds
            name = QStringLiteral("\u21BB ") +
                   groups.at(size_t(lane.group)).handlers().value(lane.handler);
            break;
        case TimelineLane::Kind::Queue:
            name = TimelineWidget::tr("QUEUE");
            break;
        case TimelineLane::Kind::Worker: {
            const WorkerLanes *w = groups.at(size_t(lane.group)).workers;
            name = w && size_t(lane.handler) < w->workers.size()
                       ? w->workers[size_t(lane.handler)].name
                       : QString();
            break;
        }
        case TimelineLane::Kind::Header:
            break;
        }
        const bool queue = lane.kind == TimelineLane::Kind::Queue;
        p.setPen(c.pal.color(QPalette::Text)); // lane names must read on light and dark
        p.setFont(lane.kind == TimelineLane::Kind::Handler ||
                          lane.kind == TimelineLane::Kind::Worker
                      ? c.small
                      : c.bold);
        const int gutter = TimelineGeometry::kGutter;
        const QRect labelRect = queue ? QRect(8, r.top() + 2, gutter - 12, r.height() - 2)
                                      : QRect(8, r.top(), gutter - 12, r.height());
        const QFontMetrics fm(p.font());
        QString shown = fm.elidedText(name, Qt::ElideRight, labelRect.width());
        if (lane.kind == TimelineLane::Kind::Worker && shown != name) {
            // "claim-worker-12" → "claim-12" (the hover names it whole); the middle goes first,
            // so the worker's number stays readable.
            QString shortName = name;
            shortName.replace(QLatin1String("-worker-"), QLatin1String("-"));
            shown = fm.elidedText(shortName, Qt::ElideMiddle, labelRect.width());
        }
        p.drawText(labelRect,
                   (queue ? Qt::AlignTop : Qt::AlignVCenter) | Qt::AlignLeft | Qt::TextDontClip,
                   shown);
    }
    p.setPen(c.pal.color(QPalette::Mid));
    p.drawLine(g.plot().left(), g.plot().top(), g.plot().left(), g.plot().bottom());
}

void paintAxis(TimelinePaint &c)
{
    QPainter &p = c.p;
    const QRect plot = c.g.plot();
    const qint64 t0 = c.g.t0(), t1 = c.g.t1();
    p.setFont(c.small);
    const qint64 step = TimelineGeometry::niceStep(t1 - t0, qMax(2, plot.width() / 110));
    const QFontMetrics sfm(c.small);
    for (qint64 t = (t0 / step) * step; t <= t1; t += step) {
        if (t < t0)
            continue;
        const double x = c.g.xOf(t);
        p.setPen(QPen(c.pal.color(QPalette::Midlight), 1, Qt::DotLine));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p.setPen(c.pal.color(QPalette::PlaceholderText));
        const QString label =
            step >= 1000
                ? QStringLiteral("%1 s").arg(double(t) / 1000.0, 0, 'f', 0)
                : QStringLiteral("%1 s").arg(double(t) / 1000.0, 0, 'f', step >= 100 ? 1 : 2);
        // Centred under its tick, but kept whole inside the widget at either edge.
        const double w = sfm.horizontalAdvance(label) + 2;
        const double left = qBound(0.0, x - w / 2, qMax(0.0, c.width - w - 1.0));
        p.drawText(QRectF(left, plot.bottom() + 3, w, TimelineGeometry::kAxis),
                   Qt::AlignHCenter | Qt::AlignTop, label);
    }
}

void paintSessions(TimelinePaint &c, const Track &t, int group)
{
    // A label goes inside its bar, else beside it (up to the next session), else — for a
    // session that began near the right edge ("now") — before it, right-aligned, in the room
    // the lane's previous bar and label left free.
    QPainter &p = c.p;
    const QRect plot = c.g.plot();
    const qint64 t0 = c.g.t0(), t1 = c.g.t1(), now = c.moment.untilMs;
    const QRect lanes[2] = {laneOf(c, TimelineLane::Kind::List, group),
                            laneOf(c, TimelineLane::Kind::Watch, group)};
    const QFontMetrics sfm(c.small);
    const std::vector<qint64> nextStart = nextLaterStarts(t.spans);
    double drawnRight[2] = {plot.left() - 1.0, plot.left() - 1.0};
    for (size_t i = 0; i < t.spans.size(); ++i) {
        const Span &s = t.spans[i];
        // A session that ended after the travel point was open then.
        const bool open = s.end < 0 || s.end > now;
        const qint64 end = open ? now : s.end;
        if (end < t0 || s.start > t1 || s.start > now)
            continue;
        const int lane = s.lane == Span::Lane::List ? 0 : 1;
        const QRect &lr = lanes[lane];
        const double x0 = c.g.xOf(s.start);
        const double x1 = qMax(x0 + 3, c.g.xOf(end));
        const QRectF bar(x0, lr.top() + lr.height() * 0.22, x1 - x0, lr.height() * 0.56);
        const QColor base = lane == 0 ? kListColor : kWatchColor;
        QColor fill = base;
        fill.setAlpha(open ? 170 : 215);
        if (s.requestFailed && !open) {
            // A WATCH request the server refused: no watch existed, so no bar, only its outline.
            p.setPen(QPen(kFailColor, 1.5, Qt::DashLine));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(bar, 3, 3);
        } else {
            p.setPen(Qt::NoPen);
            p.setBrush(fill);
            p.drawRoundedRect(bar, 3, 3);
        }
        if (s.failed && !open && !s.requestFailed) {
            p.setBrush(kFailColor);
            p.drawRoundedRect(QRectF(bar.right() - 4, bar.top(), 4, bar.height()), 1, 1);
        }
        QString text = s.label;
        if (const int events = c.moment.shownEventsOf(t, s); lane == 1 && events > 0)
            text += TimelineWidget::tr(" · %n event(s)", nullptr, events);
        if (!s.outcome.isEmpty() && !open)
            text += QStringLiteral(" · ") + s.outcome;
        p.setFont(c.small);
        const int textWidth = sfm.horizontalAdvance(text);
        double right = bar.right();
        if (bar.width() > textWidth + 12 || bar.width() > 160) {
            p.setPen(s.requestFailed ? c.pal.color(QPalette::Text) : QColor(Qt::white));
            p.drawText(bar.adjusted(5, 0, -6, 0), Qt::AlignVCenter | Qt::AlignLeft,
                       sfm.elidedText(text, Qt::ElideRight, int(bar.width()) - 11));
        } else {
            double room = plot.right() - bar.right() - 6;
            if (nextStart[i] >= 0 && nextStart[i] <= now)
                room = qMin(room, c.g.xOf(nextStart[i]) - bar.right() - 10);
            const double roomBefore = bar.left() - 5 - (drawnRight[lane] + 8);
            p.setPen(c.pal.color(QPalette::Text)); // beside the bar: must read on any theme
            if (room > 40) {
                const double w = qMin(room, double(textWidth));
                p.drawText(QRectF(bar.right() + 5, bar.top(), room, bar.height()),
                           Qt::AlignVCenter | Qt::AlignLeft,
                           sfm.elidedText(text, Qt::ElideRight, int(room)));
                right = bar.right() + 5 + w;
            } else if (roomBefore >= qMin(textWidth, 100)) { // whole, or enough to read
                const double w = qMin(roomBefore, double(textWidth) + 2); // + subpixel advance
                p.drawText(QRectF(bar.left() - 5 - w, bar.top(), w, bar.height()),
                           Qt::AlignVCenter | Qt::AlignRight,
                           sfm.elidedText(text, Qt::ElideRight, int(w)));
            }
        }
        drawnRight[lane] = qMax(drawnRight[lane], right);
    }
}

void paintGaps(TimelinePaint &c, const Track &t, int group)
{
    // No watch open: events wait on the server.
    QPainter &p = c.p;
    const qint64 t0 = c.g.t0(), t1 = c.g.t1(), now = c.moment.untilMs;
    const QRect gapLane = laneOf(c, TimelineLane::Kind::Gaps, group);
    const QFontMetrics sfm(c.small);
    for (const TimelineModel::Gap &gap : t.watchGaps()) {
        const qint64 end = gap.end < 0 || gap.end > now ? now : gap.end;
        if (end < t0 || gap.start > t1 || gap.start > now)
            continue;
        const double x0 = c.g.xOf(gap.start);
        const double x1 = qMax(x0 + 2, c.g.xOf(end));
        const QRectF r(x0, gapLane.top() + 3, x1 - x0, gapLane.height() - 6);
        QColor col = kGapColor;
        col.setAlpha(150);
        p.setPen(QPen(kGapColor.darker(130), 1));
        p.setBrush(QBrush(col, Qt::Dense5Pattern));
        p.drawRect(r);
        const QString text =
            TimelineWidget::tr("gap %1 s").arg(double(end - gap.start) / 1000.0, 0, 'f', 1);
        if (r.width() > sfm.horizontalAdvance(text) + 8) {
            p.setPen(c.pal.color(QPalette::Text));
            p.setFont(c.small);
            p.drawText(r.adjusted(4, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
        }
    }
}

void paintHandlerLanes(TimelinePaint &c, const Track &t, int group, const QStringList &handlers)
{
    // One tick per resync round, labelled with how many updates it sent.
    QPainter &p = c.p;
    const qint64 t0 = c.g.t0(), t1 = c.g.t1(), now = c.moment.untilMs;
    for (int i = 0; i < handlers.size(); ++i) {
        const QRect hl = laneOf(c, TimelineLane::Kind::Handler, group, i);
        const QColor col = markColor(Mark::Kind::Resync);
        for (const auto &tick : t.handlerTicks.value(handlers.at(i))) {
            if (tick.t < t0 || tick.t > t1 || tick.t > now || !c.moment.shows(tick.t, tick.seq))
                continue;
            const double x = c.g.xOf(tick.t);
            p.setPen(QPen(col, 2));
            p.drawLine(QPointF(x, hl.top() + 3), QPointF(x, hl.bottom() - 2));
            p.setFont(c.small);
            p.drawText(QRectF(x + 3, hl.top(), 60, hl.height()), Qt::AlignVCenter | Qt::AlignLeft,
                       QString::number(tick.count));
        }
    }
}

void paintEventTicks(TimelinePaint &c, const Track &t, int group)
{
    // One tick per pixel column and kind, as a pixel-aligned fill (thousands per paint under
    // load; an antialiased 2 px stroke costs many times a rectangle fill).
    const qint64 t0 = c.g.t0(), t1 = c.g.t1();
    const QRect eventLane = laneOf(c, TimelineLane::Kind::Events, group);
    const QColor tickColors[] = {markColor(Mark::Kind::Added), markColor(Mark::Kind::Modified),
                                 markColor(Mark::Kind::Deleted)};
    int lastTickColumn[3] = {-1, -1, -1};
    const auto first = std::lower_bound(t.marks.begin(), t.marks.end(), t0,
                                        [](const Mark &m, qint64 t) { return m.t < t; });
    for (auto it = first; it != t.marks.end() && it->t <= t1 && c.moment.shows(*it); ++it) {
        const int k = it->kind == Mark::Kind::Added      ? 0
                      : it->kind == Mark::Kind::Modified ? 1
                      : it->kind == Mark::Kind::Deleted  ? 2
                                                         : -1;
        if (k < 0)
            continue;
        const int column = int(c.g.xOf(it->t));
        if (std::exchange(lastTickColumn[k], column) != column)
            c.p.fillRect(QRect(column - 1, eventLane.top() + 4, 2, eventLane.height() - 8),
                         tickColors[k]);
    }
}

void paintMarkers(TimelinePaint &c, const Track &t, int group)
{
    // The rare marks that are not watch events, in time order (a backoff bar from as far back
    // as the longest backoff reaches): backoff bars first, under the other markers.
    QPainter &p = c.p;
    const QRect plot = c.g.plot();
    const qint64 t0 = c.g.t0(), t1 = c.g.t1(), now = c.moment.untilMs;
    const TimelineModel::Marks &marks = t.marks;
    const QFontMetrics sfm(c.small);
    const auto first = std::lower_bound(marks.begin(), marks.end(), t0 - t.longestBackoffMs,
                                        [](const Mark &m, qint64 t) { return m.t < t; });
    const QRect listLane = laneOf(c, TimelineLane::Kind::List, group);
    const QRect markerLane = laneOf(c, TimelineLane::Kind::Markers, group);
    const int groupTop = groupExtent(c.g, group).first;
    const int groupBottom = groupExtent(c.g, group).second;
    std::vector<TimelineModel::Marks::const_iterator> backoffs, others;
    for (auto it = first; it != marks.end() && it->t <= t1 && c.moment.shows(*it); ++it) {
        if (isWatchEventKind(it->kind))
            continue;
        if (it->kind == Mark::Kind::Backoff)
            backoffs.push_back(it);
        else if (it->t >= t0)
            others.push_back(it);
    }
    for (const auto &mi : backoffs) {
        const Mark &m = *mi;
        if (m.t + m.durationMs < t0)
            continue;
        // The wait ends when the next list or watch starts (its real delay is not scenario
        // time) and never runs past the present.
        qint64 end = qMin(m.t + m.durationMs, now);
        const auto next = std::upper_bound(t.spans.begin(), t.spans.end(), m.t,
                                           [](qint64 t, const Span &s) { return t < s.start; });
        if (next != t.spans.end())
            end = qMin(end, next->start);
        const double x0 = c.g.xOf(m.t);
        const double x1 = qMax(x0 + 3, c.g.xOf(end));
        QColor col = kBackoffColor;
        col.setAlpha(110);
        p.setPen(QPen(kBackoffColor.darker(120), 1));
        p.setBrush(QBrush(col, Qt::BDiagPattern));
        const QRectF r(x0, markerLane.center().y() + 1, x1 - x0, markerLane.height() / 2.0 - 4);
        p.drawRect(r);
        // The error that caused the backoff has its flag at the same place: write after it.
        const Mark *prev = mi == marks.begin() ? nullptr : &*std::prev(mi);
        const double flagRight =
            prev && (prev->kind == Mark::Kind::Expired || prev->kind == Mark::Kind::Error)
                ? c.g.xOf(prev->t) + sfm.horizontalAdvance(flagText(prev->kind)) + 10
                : x0;
        const QRectF textRect = r.adjusted(qMax(3.0, flagRight - x0), 0, -2, 0);
        if (textRect.width() > 30) {
            p.setPen(c.pal.color(QPalette::Text));
            p.setFont(c.small);
            p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
                       sfm.elidedText(TimelineWidget::tr("backoff"), Qt::ElideRight,
                                      int(textRect.width())));
        }
    }

    // "HasSynced ✓" last: its label reads over a bookmark or tick that follows it closely.
    std::stable_partition(others.begin(), others.end(),
                          [](const auto &it) { return it->kind != Mark::Kind::Synced; });
    for (const auto &it : others) {
        const Mark &m = *it;
        const double x = c.g.xOf(m.t);
        const QRect &lr = m.kind == Mark::Kind::ListPage ? listLane : markerLane;
        const QColor col = markColor(m.kind);
        switch (m.kind) {
        case Mark::Kind::ListPage:
            p.setPen(QPen(Qt::white, 1.5));
            p.drawLine(QPointF(x, lr.top() + lr.height() * 0.22),
                       QPointF(x, lr.top() + lr.height() * 0.78));
            break;
        case Mark::Kind::Bookmark: {
            const double cy = lr.center().y();
            QPainterPath d;
            d.moveTo(x, cy - 6);
            d.lineTo(x + 5, cy);
            d.lineTo(x, cy + 6);
            d.lineTo(x - 5, cy);
            d.closeSubpath();
            p.setPen(Qt::NoPen);
            p.setBrush(col);
            p.drawPath(d);
            break;
        }
        case Mark::Kind::Expired:
        case Mark::Kind::Error: {
            // A flag on a pole across the LIST/WATCH/EVENTS lanes: where the stream broke.
            p.setPen(QPen(col, 1.5));
            p.drawLine(QPointF(x, groupTop), QPointF(x, lr.bottom() - 2));
            const QString text = flagText(m.kind);
            const QRectF flag(x, lr.top() + 2, sfm.horizontalAdvance(text) + 8, sfm.height() + 1);
            p.setPen(Qt::NoPen);
            p.setBrush(col);
            p.drawRect(flag);
            p.setPen(Qt::white);
            p.setFont(c.bold);
            p.drawText(flag, Qt::AlignCenter, text);
            p.setFont(c.small);
            break;
        }
        case Mark::Kind::Resync: {
            p.setPen(QPen(col, 1.5));
            p.drawLine(QPointF(x, lr.bottom() - 12), QPointF(x, lr.bottom() - 2));
            p.setFont(c.small);
            p.drawText(QRectF(x - 10, lr.bottom() - 12 - sfm.height(), 20, sfm.height()),
                       Qt::AlignCenter, QStringLiteral("R"));
            break;
        }
        case Mark::Kind::Synced: {
            p.setPen(QPen(col, 1.5, Qt::DashLine));
            p.drawLine(QPointF(x, groupTop), QPointF(x, groupBottom));
            p.setFont(c.bold);
            // The label in a lighter green on a dark base, where the line's green is too dim.
            p.setPen(c.pal.color(QPalette::Base).lightness() < 128 ? QColor(0x66, 0xbb, 0x6a)
                                                                   : col);
            p.drawText(QRectF(x + 4, lr.bottom() - sfm.height() - 3, 140, sfm.height()),
                       Qt::AlignLeft | Qt::AlignVCenter, TimelineWidget::tr("HasSynced \u2713"));
            p.setFont(c.small);
            break;
        }
        case Mark::Kind::Added: // drawn as ticks (paintEventTicks)
        case Mark::Kind::Modified:
        case Mark::Kind::Deleted:
        case Mark::Kind::Backoff:
            break;
        }
    }

    // Marks older than the model keeps (TimelineModel::maxMarks()) are gone: say so where they
    // would be, left of the oldest one kept.
    if (t.droppedMarks > 0 && !marks.empty() && marks.front().t > t0) {
        const QRect el = laneOf(c, TimelineLane::Kind::Events, group);
        const double x = c.g.xOf(marks.front().t);
        p.setPen(QPen(c.pal.color(QPalette::PlaceholderText), 1, Qt::DashLine));
        p.drawLine(QPointF(x, el.top()), QPointF(x, el.bottom()));
        const QString text = TimelineWidget::tr("%1 older marks dropped (the timeline keeps %2)")
                                 .arg(t.droppedMarks)
                                 .arg(qsizetype(marks.size()));
        const QRectF room(plot.left() + 4, el.top(), x - plot.left() - 8, el.height());
        if (room.width() > 40) {
            p.setFont(c.small);
            p.drawText(room, Qt::AlignVCenter | Qt::AlignRight,
                       sfm.elidedText(text, Qt::ElideLeft, int(room.width())));
        }
    }
}

void paintQueueDepth(TimelinePaint &c, const Track &t, int group)
{
    const auto &depth = t.depth;
    if (depth.empty())
        return;
    QPainter &p = c.p;
    const QRect ql = laneOf(c, TimelineLane::Kind::Queue, group);
    const QRect plot = c.g.plot();
    const qint64 t0 = c.g.t0(), t1 = c.g.t1(), now = c.moment.untilMs;
    const int base = ql.bottom() - 2;
    const double scale = (ql.height() - 8) / double(qMax(1, c.moment.maxDepthShown(t)));
    const int left = plot.left();
    const int xEnd = int(qMin<double>(plot.right(), c.g.xOf(now)));
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
        const size_t at = size_t(std::clamp(int(c.g.xOf(it->t)), left, xEnd) - left);
        for (; column < at; ++column, peak = level)
            top[column] = base - int(std::lround(peak * scale));
        level = it->depth;
        peak = qMax(peak, it->peak);
    }
    for (; column < top.size(); ++column, peak = level)
        top[column] = base - int(std::lround(peak * scale));

    // On a dark base the purple needs more weight and a lighter outline to be seen.
    const bool dark = c.pal.color(QPalette::Base).lightness() < 128;
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

void paintQueueMax(TimelinePaint &c, const Track &t, int group)
{
    // "max N" right under the QUEUE name (both may be CJK, taller than the Latin metrics).
    const QRect ql = laneOf(c, TimelineLane::Kind::Queue, group);
    const QFontMetrics sfm(c.small);
    const int gutter = TimelineGeometry::kGutter;
    c.p.setFont(c.small);
    c.p.setPen(c.pal.color(QPalette::PlaceholderText));
    const QString maxText = TimelineWidget::tr("max %1").arg(c.moment.maxDepthShown(t));
    c.p.drawText(QRect(8, ql.top() + 3 + c.nameHeight, gutter - 12, sfm.height()),
                 Qt::AlignLeft | Qt::AlignTop | Qt::TextDontClip,
                 sfm.elidedText(maxText, Qt::ElideRight, gutter - 12));
}

void paintNowOrTravel(TimelinePaint &c)
{
    QPainter &p = c.p;
    const QRect plot = c.g.plot();
    const qint64 t0 = c.g.t0(), t1 = c.g.t1(), now = c.moment.untilMs;
    const qint64 travel = c.moment.travelMs;
    // The present (while travelling the views do not show it).
    if (travel < 0 && now >= t0 && now <= t1) {
        const double x = c.g.xOf(now);
        p.setPen(QPen(c.pal.color(QPalette::Highlight), 1.5));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    }
    // The time-travel point: everything right of it is the future the views do not show.
    if (travel >= 0 && travel >= t0 && travel <= t1) {
        const double x = c.g.xOf(travel);
        QColor veil = c.pal.color(QPalette::Window);
        veil.setAlpha(110);
        p.fillRect(QRectF(x, plot.top(), plot.right() - x, plot.height()), veil);
        p.setPen(QPen(kBackoffColor.darker(115), 2));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom() + TimelineGeometry::kAxis - 4));
        p.setFont(c.bold);
        const QString text =
            TimelineWidget::tr("time travel %1 s").arg(double(travel) / 1000.0, 0, 'f', 3);
        const QFontMetrics bfm(c.bold);
        const double w = bfm.horizontalAdvance(text) + 10;
        const QRectF flag(x + w + 2 > plot.right() ? x - w : x, plot.bottom() + 2, w,
                          bfm.height() + 2);
        p.setPen(Qt::NoPen);
        p.setBrush(kBackoffColor.darker(115));
        p.drawRect(flag);
        p.setPen(Qt::white);
        p.drawText(flag, Qt::AlignCenter, text);
    }
}

} // namespace lens
