// SPDX-License-Identifier: Apache-2.0
#include "timelinewidget.h"

#include "timelinelanes.h"

#include "deltapalette.h"
#include "lens/timelinemodel.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QTimer>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace lens {

using namespace timelinelanes;

namespace {
const QColor kGapColor(0x9e, 0x9e, 0x9e);
const QColor kListColor(0x00, 0x89, 0x7b);
const QColor kWatchColor(0x1e, 0x88, 0xe5);
const QColor kFailColor(0xd3, 0x2f, 0x2f);
const QColor kBackoffColor(0xff, 0xa0, 0x00);
const QColor kBookmarkColor(0x8e, 0x24, 0xaa);
const QColor kSyncedColor(0x2e, 0x7d, 0x32);

int laneOfMark(Mark::Kind k)
{
    switch (k) {
    case Mark::Kind::ListPage:
        return kListLane;
    case Mark::Kind::Added:
    case Mark::Kind::Modified:
    case Mark::Kind::Deleted:
        return kEventLane;
    default:
        return kMarkerLane;
    }
}

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

/// The text on an error's flag: "410" for Expired, "ERR" (translated) for other errors.
QString flagText(Mark::Kind k)
{
    return k == Mark::Kind::Expired ? QStringLiteral("410") : TimelineWidget::tr("ERR");
}

} // namespace

qint64 TimelineWidget::niceStep(qint64 spanMs, int approx)
{
    const double raw = double(qMax<qint64>(1, spanMs)) / qMax(1, approx);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * mag >= raw)
            return qMax<qint64>(1, qint64(m * mag));
    return qint64(10 * mag);
}

TimelineWidget::TimelineWidget(TimelineModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_tick(new QTimer(this))
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Timeline"));
    updateAccessibleDescription();
    connect(m_model, &TimelineModel::changed, this, [this] {
        m_sinceChange.start();
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

QSize TimelineWidget::sizeHint() const
{
    return QSize(1200, 200);
}

QSize TimelineWidget::minimumSizeHint() const
{
    return QSize(400, 150);
}

std::pair<qint64, qint64> TimelineWidget::visibleRange() const
{
    const qint64 first = m_model->firstMs();
    const qint64 now = presentMs();
    const qint64 history = now - first;
    if (history <= m_windowMs) {
        // Fit all, with 4 % of air on the right so "now" is not glued to the edge.
        const qint64 span = qMax<qint64>(1000, qint64(double(history) * 1.04));
        return {first, first + span};
    }
    return {now - m_windowMs, now + m_windowMs / 25};
}

double TimelineWidget::xOf(qint64 t, qint64 t0, qint64 t1, const QRect &plot) const
{
    return plot.left() + double(t - t0) / double(qMax<qint64>(1, t1 - t0)) * plot.width();
}

int TimelineWidget::handlerLaneCount() const
{
    return int(qMin<qsizetype>(kMaxHandlerLanes, m_model->resyncHandlers().size()));
}

int TimelineWidget::laneCount() const
{
    return kFirstHandlerLane + handlerLaneCount() + 1;
}

int TimelineWidget::queueLane() const
{
    return kFirstHandlerLane + handlerLaneCount();
}

namespace {
// Thin lanes (gaps, per-handler resync ticks) get 60 % of a full lane's height; the queue's
// depth area and its two labels (QUEUE, max N) get 150 %.
double laneWeight(int lane, int queueLane)
{
    if (lane == queueLane)
        return 1.5;
    return lane == kGapLane || (lane >= kFirstHandlerLane && lane < queueLane) ? 0.6 : 1.0;
}
} // namespace

QRect TimelineWidget::laneRect(int lane, const QRect &plot) const
{
    const int q = queueLane();
    double total = 0, before = 0;
    for (int l = 0; l < laneCount(); ++l) {
        if (l < lane)
            before += laneWeight(l, q);
        total += laneWeight(l, q);
    }
    const double unit = plot.height() / total;
    const int top = plot.top() + int(std::lround(before * unit));
    const int bottom = plot.top() + int(std::lround((before + laneWeight(lane, q)) * unit));
    return QRect(plot.left(), top, plot.width(), bottom - top);
}

int TimelineWidget::laneAt(int y) const
{
    const QRect plot = plotRect();
    for (int l = 0; l < laneCount(); ++l) {
        const QRect r = laneRect(l, plot);
        if (y >= r.top() && y < r.top() + r.height())
            return l;
    }
    return y < plot.top() ? 0 : laneCount() - 1;
}

void TimelineWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const QRect plot = plotRect();
    const auto [t0, t1] = visibleRange();

    // Lane bands and names.
    const QStringList handlers = m_model->resyncHandlers().mid(0, handlerLaneCount());
    const int qLane = queueLane();
    QStringList names{tr("LIST"), tr("WATCH"), tr("GAPS"), tr("EVENTS"), tr("MARKERS")};
    for (const QString &h : handlers)
        names << QStringLiteral("\u21BB ") + h; // one lane per handler: its resync rounds
    names << tr("QUEUE");
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    QFont bold = small;
    bold.setBold(true);
    for (int l = 0; l < laneCount(); ++l) {
        const QRect r = laneRect(l, plot);
        if (l % 2 == 1)
            p.fillRect(QRect(0, r.top(), width(), r.height()), pal.color(QPalette::AlternateBase));
        p.setPen(pal.color(QPalette::Text)); // lane names must read on light and dark
        p.setFont(l >= kFirstHandlerLane && l < qLane ? small : bold);
        const QRect labelRect = l == qLane ? QRect(8, r.top() + 2, kGutter - 12, r.height() - 2)
                                           : QRect(8, r.top(), kGutter - 12, r.height());
        p.drawText(
            labelRect,
            (l == qLane ? Qt::AlignTop : Qt::AlignVCenter) | Qt::AlignLeft | Qt::TextDontClip,
            QFontMetrics(p.font()).elidedText(names.at(l), Qt::ElideRight, labelRect.width()));
    }
    p.setPen(pal.color(QPalette::Mid));
    p.drawLine(plot.left(), plot.top(), plot.left(), plot.bottom());

    // Time axis.
    p.setFont(small);
    const qint64 step = niceStep(t1 - t0, qMax(2, plot.width() / 110));
    const QFontMetrics sfm(small);
    for (qint64 t = (t0 / step) * step; t <= t1; t += step) {
        if (t < t0)
            continue;
        const double x = xOf(t, t0, t1, plot);
        p.setPen(QPen(pal.color(QPalette::Midlight), 1, Qt::DotLine));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p.setPen(pal.color(QPalette::PlaceholderText));
        const QString label =
            step >= 1000
                ? QStringLiteral("%1 s").arg(double(t) / 1000.0, 0, 'f', 0)
                : QStringLiteral("%1 s").arg(double(t) / 1000.0, 0, 'f', step >= 100 ? 1 : 2);
        // Centred under its tick, but kept whole inside the widget at either edge.
        const double w = sfm.horizontalAdvance(label) + 2;
        const double left = qBound(0.0, x - w / 2, qMax(0.0, width() - w - 1.0));
        p.drawText(QRectF(left, plot.bottom() + 3, w, kAxis), Qt::AlignHCenter | Qt::AlignTop,
                   label);
    }

    // What is drawn ends at the present, or at the travel point: nothing after it.
    const qint64 now = shownUntilMs();
    p.save();
    p.setClipRect(plot.adjusted(0, 0, 1, 0));

    // Sessions. A label goes inside its bar, else beside it (up to the next session), else —
    // for a session that began near the right edge ("now") — before it, right-aligned, in the
    // room the lane's previous bar and label left free.
    double drawnRight[2] = {plot.left() - 1.0, plot.left() - 1.0};
    for (const Span &s : m_model->spans()) {
        // A session that ended after the travel point was open then.
        const bool open = s.end < 0 || s.end > now;
        const qint64 end = open ? now : s.end;
        if (end < t0 || s.start > t1 || s.start > now)
            continue;
        const int lane = s.lane == Span::Lane::List ? 0 : 1;
        const QRect lr = laneRect(lane, plot);
        const double x0 = xOf(s.start, t0, t1, plot);
        const double x1 = qMax(x0 + 3, xOf(end, t0, t1, plot));
        const QRectF bar(x0, lr.top() + lr.height() * 0.22, x1 - x0, lr.height() * 0.56);
        const QColor base = lane == 0 ? kListColor : kWatchColor;
        QColor fill = base;
        fill.setAlpha(open ? 170 : 215);
        p.setPen(Qt::NoPen);
        p.setBrush(fill);
        p.drawRoundedRect(bar, 3, 3);
        if (s.failed && !open) {
            p.setBrush(kFailColor);
            p.drawRoundedRect(QRectF(bar.right() - 4, bar.top(), 4, bar.height()), 1, 1);
        }
        QString text = s.label;
        if (const int events = shownEventsOf(s); lane == 1 && events > 0)
            text += tr(" · %n event(s)", nullptr, events);
        if (!s.outcome.isEmpty() && !open)
            text += QStringLiteral(" · ") + s.outcome;
        p.setFont(small);
        const int textWidth = sfm.horizontalAdvance(text);
        double right = bar.right();
        if (bar.width() > textWidth + 12 || bar.width() > 160) {
            p.setPen(Qt::white);
            p.drawText(bar.adjusted(5, 0, -6, 0), Qt::AlignVCenter | Qt::AlignLeft,
                       sfm.elidedText(text, Qt::ElideRight, int(bar.width()) - 11));
        } else {
            double room = plot.right() - bar.right() - 6;
            for (const Span &o : m_model->spans())
                if (o.lane == s.lane && o.start > s.start && o.start <= now)
                    room = qMin(room, xOf(o.start, t0, t1, plot) - bar.right() - 10);
            const double roomBefore = bar.left() - 5 - (drawnRight[lane] + 8);
            p.setPen(pal.color(QPalette::Text)); // beside the bar: must read on any theme
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

    // Gaps between watch sessions: no watch open, events wait on the server.
    const QRect gapLane = laneRect(kGapLane, plot);
    for (const TimelineModel::Gap &g : m_model->watchGaps()) {
        const qint64 end = g.end < 0 || g.end > now ? now : g.end;
        if (end < t0 || g.start > t1 || g.start > now)
            continue;
        const double x0 = xOf(g.start, t0, t1, plot);
        const double x1 = qMax(x0 + 2, xOf(end, t0, t1, plot));
        const QRectF r(x0, gapLane.top() + 3, x1 - x0, gapLane.height() - 6);
        QColor c = kGapColor;
        c.setAlpha(150);
        p.setPen(QPen(kGapColor.darker(130), 1));
        p.setBrush(QBrush(c, Qt::Dense5Pattern));
        p.drawRect(r);
        const QString text = tr("gap %1 s").arg(double(end - g.start) / 1000.0, 0, 'f', 1);
        if (r.width() > sfm.horizontalAdvance(text) + 8) {
            p.setPen(pal.color(QPalette::Text));
            p.setFont(small);
            p.drawText(r.adjusted(4, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
        }
    }

    // Per-handler resync rounds: one tick per round, labelled with how many updates it sent.
    for (int i = 0; i < handlers.size(); ++i) {
        const QRect hl = laneRect(kFirstHandlerLane + i, plot);
        const QColor c = markColor(Mark::Kind::Resync);
        for (const auto &tick : m_model->handlerTicks(handlers.at(i))) {
            if (tick.t < t0 || tick.t > t1 || tick.t > now ||
                (m_travelMs >= 0 && m_travelSeq && tick.seq > m_travelSeq))
                continue;
            const double x = xOf(tick.t, t0, t1, plot);
            p.setPen(QPen(c, 2));
            p.drawLine(QPointF(x, hl.top() + 3), QPointF(x, hl.bottom() - 2));
            p.setFont(small);
            p.drawText(QRectF(x + 3, hl.top(), 60, hl.height()), Qt::AlignVCenter | Qt::AlignLeft,
                       QString::number(tick.count));
        }
    }

    // One pass over the marks that can reach into view (in time order; a backoff bar from as
    // far back as the longest backoff). Event ticks are drawn at once, one per pixel column and
    // kind, as a pixel-aligned fill (thousands per paint under load; an antialiased 2 px stroke
    // costs many times a rectangle fill). The rare other marks are drawn after them: backoff
    // bars first, under the other markers.
    const TimelineModel::Marks &marks = m_model->marks();
    const auto first =
        std::lower_bound(marks.begin(), marks.end(), t0 - m_model->longestBackoffMs(),
                         [](const Mark &m, qint64 t) { return m.t < t; });
    const QRect markLaneRects[] = {laneRect(kListLane, plot), laneRect(kEventLane, plot),
                                   laneRect(kMarkerLane, plot)};
    const QRect &eventLane = markLaneRects[1], &markerLane = markLaneRects[2];
    const QColor tickColors[] = {markColor(Mark::Kind::Added), markColor(Mark::Kind::Modified),
                                 markColor(Mark::Kind::Deleted)};
    int lastTickColumn[3] = {-1, -1, -1};
    std::vector<TimelineModel::Marks::const_iterator> backoffs, others;
    for (auto it = first; it != marks.end() && it->t <= t1 && isShown(*it); ++it) {
        const int k = it->kind == Mark::Kind::Added      ? 0
                      : it->kind == Mark::Kind::Modified ? 1
                      : it->kind == Mark::Kind::Deleted  ? 2
                                                         : -1;
        if (k < 0) {
            if (it->kind == Mark::Kind::Backoff)
                backoffs.push_back(it);
            else if (it->t >= t0)
                others.push_back(it);
            continue;
        }
        if (it->t < t0)
            continue;
        const int column = int(xOf(it->t, t0, t1, plot));
        if (std::exchange(lastTickColumn[k], column) != column)
            p.fillRect(QRect(column - 1, eventLane.top() + 4, 2, eventLane.height() - 8),
                       tickColors[k]);
    }
    for (const auto &mi : backoffs) {
        const Mark &m = *mi;
        if (m.t + m.durationMs < t0)
            continue;
        // The wait ends when the next list or watch starts (its real delay is not scenario
        // time) and never runs past the present.
        qint64 end = qMin(m.t + m.durationMs, now);
        const auto next = std::upper_bound(m_model->spans().begin(), m_model->spans().end(), m.t,
                                           [](qint64 t, const Span &s) { return t < s.start; });
        if (next != m_model->spans().end())
            end = qMin(end, next->start);
        const double x0 = xOf(m.t, t0, t1, plot);
        const double x1 = qMax(x0 + 3, xOf(end, t0, t1, plot));
        QColor c = kBackoffColor;
        c.setAlpha(110);
        p.setPen(QPen(kBackoffColor.darker(120), 1));
        p.setBrush(QBrush(c, Qt::BDiagPattern));
        const QRectF r(x0, markerLane.center().y() + 1, x1 - x0, markerLane.height() / 2.0 - 4);
        p.drawRect(r);
        // The error that caused the backoff has its flag at the same place: write after it.
        const Mark *prev = mi == marks.begin() ? nullptr : &*std::prev(mi);
        const double flagRight =
            prev && (prev->kind == Mark::Kind::Expired || prev->kind == Mark::Kind::Error)
                ? xOf(prev->t, t0, t1, plot) + sfm.horizontalAdvance(flagText(prev->kind)) + 10
                : x0;
        const QRectF textRect = r.adjusted(qMax(3.0, flagRight - x0), 0, -2, 0);
        if (textRect.width() > 30) {
            p.setPen(pal.color(QPalette::Text));
            p.setFont(small);
            p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
                       sfm.elidedText(tr("backoff"), Qt::ElideRight, int(textRect.width())));
        }
    }

    // "HasSynced ✓" last: its label reads over a bookmark or tick that follows it closely.
    std::stable_partition(others.begin(), others.end(),
                          [](const auto &it) { return it->kind != Mark::Kind::Synced; });
    for (const auto &it : others) {
        const Mark &m = *it;
        const double x = xOf(m.t, t0, t1, plot);
        const int lane = laneOfMark(m.kind);
        const QRect &lr = markLaneRects[lane == kListLane ? 0 : lane == kEventLane ? 1 : 2];
        const QColor c = markColor(m.kind);
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
            p.setBrush(c);
            p.drawPath(d);
            break;
        }
        case Mark::Kind::Expired:
        case Mark::Kind::Error: {
            // A flag on a pole across the LIST/WATCH/EVENTS lanes: where the stream broke.
            p.setPen(QPen(c, 1.5));
            p.drawLine(QPointF(x, plot.top()), QPointF(x, lr.bottom() - 2));
            const QString text = flagText(m.kind);
            const QRectF flag(x, lr.top() + 2, sfm.horizontalAdvance(text) + 8, sfm.height() + 1);
            p.setPen(Qt::NoPen);
            p.setBrush(c);
            p.drawRect(flag);
            p.setPen(Qt::white);
            p.setFont(bold);
            p.drawText(flag, Qt::AlignCenter, text);
            p.setFont(small);
            break;
        }
        case Mark::Kind::Resync: {
            p.setPen(QPen(c, 1.5));
            p.drawLine(QPointF(x, lr.bottom() - 12), QPointF(x, lr.bottom() - 2));
            p.setFont(small);
            p.drawText(QRectF(x - 10, lr.bottom() - 12 - sfm.height(), 20, sfm.height()),
                       Qt::AlignCenter, QStringLiteral("R"));
            break;
        }
        case Mark::Kind::Synced: {
            p.setPen(QPen(c, 1.5, Qt::DashLine));
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
            p.setFont(bold);
            // The label in a lighter green on a dark base, where the line's green is too dim.
            p.setPen(pal.color(QPalette::Base).lightness() < 128 ? QColor(0x66, 0xbb, 0x6a) : c);
            p.drawText(QRectF(x + 4, lr.bottom() - sfm.height() - 3, 140, sfm.height()),
                       Qt::AlignLeft | Qt::AlignVCenter, tr("HasSynced \u2713"));
            p.setFont(small);
            break;
        }
        case Mark::Kind::Added: // drawn as ticks above
        case Mark::Kind::Modified:
        case Mark::Kind::Deleted:
        case Mark::Kind::Backoff:
            break;
        }
    }

    // Marks older than the model keeps (TimelineModel::maxMarks()) are gone: say so where they
    // would be, left of the oldest one kept.
    if (m_model->droppedMarks() > 0 && !marks.empty() && marks.front().t > t0) {
        const QRect el = laneRect(kEventLane, plot);
        const double x = xOf(marks.front().t, t0, t1, plot);
        p.setPen(QPen(pal.color(QPalette::PlaceholderText), 1, Qt::DashLine));
        p.drawLine(QPointF(x, el.top()), QPointF(x, el.bottom()));
        const QString text = tr("%1 older marks dropped (the timeline keeps %2)")
                                 .arg(m_model->droppedMarks())
                                 .arg(m_model->maxMarks());
        const QRectF room(plot.left() + 4, el.top(), x - plot.left() - 8, el.height());
        if (room.width() > 40) {
            p.setFont(small);
            p.drawText(room, Qt::AlignVCenter | Qt::AlignRight,
                       sfm.elidedText(text, Qt::ElideLeft, int(room.width())));
        }
    }

    paintQueueDepth(p, laneRect(qLane, plot), t0, t1, plot);
    p.restore();
    const QRect ql = laneRect(qLane, plot);
    // "max N" right under the QUEUE name (both may be CJK, taller than the Latin metrics).
    p.setFont(small);
    p.setPen(pal.color(QPalette::PlaceholderText));
    const QString maxText = tr("max %1").arg(maxDepthShown());
    const int nameHeight = QFontMetrics(bold).boundingRect(names.at(qLane)).height();
    p.drawText(QRect(8, ql.top() + 3 + nameHeight, kGutter - 12, sfm.height()),
               Qt::AlignLeft | Qt::AlignTop | Qt::TextDontClip,
               sfm.elidedText(maxText, Qt::ElideRight, kGutter - 12));

    // The present (while travelling the views do not show it).
    if (m_travelMs < 0 && now >= t0 && now <= t1) {
        const double x = xOf(now, t0, t1, plot);
        p.setPen(QPen(pal.color(QPalette::Highlight), 1.5));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    }

    // The time-travel point: everything right of it is the future the views do not show.
    if (m_travelMs >= 0 && m_travelMs >= t0 && m_travelMs <= t1) {
        const double x = xOf(m_travelMs, t0, t1, plot);
        QColor veil = pal.color(QPalette::Window);
        veil.setAlpha(110);
        p.fillRect(QRectF(x, plot.top(), plot.right() - x, plot.height()), veil);
        p.setPen(QPen(kBackoffColor.darker(115), 2));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom() + kAxis - 4));
        p.setFont(bold);
        const QString text = tr("time travel %1 s").arg(double(m_travelMs) / 1000.0, 0, 'f', 3);
        const QFontMetrics bfm(bold);
        const double w = bfm.horizontalAdvance(text) + 10;
        const QRectF flag(x + w + 2 > plot.right() ? x - w : x, plot.bottom() + 2, w,
                          bfm.height() + 2);
        p.setPen(Qt::NoPen);
        p.setBrush(kBackoffColor.darker(115));
        p.drawRect(flag);
        p.setPen(Qt::white);
        p.drawText(flag, Qt::AlignCenter, text);
    }
    paintSelection(p, plot, t0, t1);
}

QRect TimelineWidget::plotRect() const
{
    return QRect(kGutter, 4, width() - kGutter - 8, height() - kAxis - 8);
}

const TimelineModel::Mark *TimelineWidget::markAt(const QPoint &pos) const
{
    const QRect plot = plotRect();
    if (!plot.contains(pos))
        return nullptr;
    const auto [t0, t1] = visibleRange();
    const int lane = laneAt(pos.y());
    const Mark *best = nullptr;
    double bestDx = 6;
    // Only the marks drawn within 6 px of the pointer: a binary search into the time-ordered
    // marks, not a walk over all of them (100 000 at the cap) on every mouse move.
    const TimelineModel::Marks &marks = m_model->marks();
    const qint64 tLo = timeAtX(pos.x() - 6);
    const qint64 tHi = timeAtX(pos.x() + 6);
    auto it = std::lower_bound(marks.begin(), marks.end(), tLo,
                               [](const Mark &m, qint64 t) { return m.t < t; });
    for (; it != marks.end() && it->t <= tHi; ++it) {
        const Mark &m = *it;
        if (laneOfMark(m.kind) != lane || !isShown(m)) // after the travel point: not drawn
            continue;
        const double dx = std::abs(xOf(m.t, t0, t1, plot) - pos.x());
        if (dx < bestDx) {
            bestDx = dx;
            best = &m;
        }
    }
    return best;
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
    if (const Mark *m = markAt(pos)) {
        if (m->seq)
            Q_EMIT markClicked(m->seq);
        if (!m->key.isEmpty())
            Q_EMIT keyClicked(m->key);
    } else if (const quint64 seq = spanEndSeqAt(pos)) {
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
    QWidget::mouseMoveEvent(event);
}

void TimelineWidget::mouseReleaseEvent(QMouseEvent *event)
{
    m_scrubbing = false;
    QWidget::mouseReleaseEvent(event);
}

void TimelineWidget::wheelEvent(QWheelEvent *event)
{
    const int delta = event->angleDelta().y();
    if (delta == 0)
        return;
    setWindowMs(qint64(double(m_windowMs) * (delta > 0 ? 0.8 : 1.25)));
    event->accept();
}

QString TimelineWidget::markExplanation(const Mark &m)
{
    switch (m.kind) {
    case Mark::Kind::Added:
    case Mark::Kind::Modified:
    case Mark::Kind::Deleted:
        return TimelineWidget::tr("A watch event: the Reflector queues it as a Delta for the "
                                  "key. Click to select the key.");
    case Mark::Kind::Bookmark:
        return TimelineWidget::tr("A BOOKMARK: only the resourceVersion moves, so a restarted "
                                  "watch can resume from here instead of relisting.");
    case Mark::Kind::ListPage:
        return TimelineWidget::tr("One page of a paginated LIST (limit/continue).");
    case Mark::Kind::Expired:
        return TimelineWidget::tr("410 Gone: the resourceVersion is too old for the watch cache; "
                                  "the Reflector must relist, and the relist's Replace turns "
                                  "missed deletions into DeletedFinalStateUnknown tombstones.");
    case Mark::Kind::Error:
        return TimelineWidget::tr("The list or watch failed; the Reflector backs off and "
                                  "retries.");
    case Mark::Kind::Backoff:
        return TimelineWidget::tr("Backoff: the Reflector waits before the next list/watch "
                                  "attempt (exponential, with jitter).");
    case Mark::Kind::Resync:
        return TimelineWidget::tr("Resync: the informer re-queues the indexer's objects as "
                                  "Sync deltas for handlers whose resync period is due; they "
                                  "receive OnUpdate(old, new) with the same object.");
    case Mark::Kind::Synced:
        return TimelineWidget::tr("HasSynced: every object of the initial list has been popped "
                                  "and handled.");
    }
    return {};
}

} // namespace lens
