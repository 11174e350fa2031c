// SPDX-License-Identifier: Apache-2.0
// The controller workers' lanes of the timeline: what each worker did over time, from the
// journal (WorkerLanes), painted and hit-tested the way the informer lanes are.
#include "lens/journaltext.h"
#include "timelinelanes.h"
#include "timelinewidget.h"

#include <QPainter>

#include <cmath>

namespace lens {

namespace {
const QColor kIdleGate(0x9e, 0x9e, 0x9e);
const QColor kRetryColor(0xff, 0xa0, 0x00);

/// "default/data-0" for a span of a key standing for an object, else the key.
QString spanLabel(const WorkerLanes::Busy &b)
{
    return b.objectKey.isEmpty() ? b.key : b.objectKey;
}
} // namespace

QColor outcomeColor(const QString &outcome)
{
    if (outcome.isEmpty())
        return QColor(0x1e, 0x88, 0xe5); // running
    if (outcome == QLatin1String("failed") || outcome == QLatin1String("error"))
        return QColor(0xd3, 0x2f, 0x2f);
    if (outcome == QLatin1String("provisioned") || outcome == QLatin1String("deleted") ||
        outcome == QLatin1String("success"))
        return QColor(0x2e, 0x7d, 0x32);
    return QColor(0x78, 0x90, 0x9c); // skipped, kept, stopped, gone: nothing to do
}

void paintWorkerLanes(TimelinePaint &c, const WorkerLanes &w, int group)
{
    QPainter &p = c.p;
    const TimelineGeometry &g = c.g;
    const qint64 until = c.moment.untilMs;
    const QFontMetrics fm(c.small);
    p.setFont(c.small);
    for (size_t i = 0; i < w.workers.size(); ++i) {
        const int lane = g.indexOf(TimelineLane::Kind::Worker, group, int(i));
        if (lane < 0 || !g.isLaneVisible(lane)) // folded, or scrolled out of the plot
            continue;
        const QRect r = g.laneRect(lane).adjusted(0, 2, 0, -2);
        const WorkerLanes::Worker &wk = w.workers[i];
        // Idle before the gate opened: WaitForCacheSync holds the workers back.
        const qint64 gate = w.gateOpenMs >= 0 && w.gateOpenMs <= until ? w.gateOpenMs : until;
        const qint64 from = w.waitingSinceMs >= 0 ? w.waitingSinceMs : g.t0();
        if (gate > from) {
            const double x0 = qMax<double>(g.xOf(from), g.plot().left());
            const double x1 = qMin<double>(g.xOf(gate), g.plot().right());
            if (x1 > x0) {
                const QRectF band(x0, r.top() + r.height() * 0.3, x1 - x0, r.height() * 0.4);
                p.fillRect(band, QBrush(kIdleGate, Qt::BDiagPattern));
                const QString text = TimelineWidget::tr("idle: waiting for the caches to sync");
                if (fm.horizontalAdvance(text) + 6 < x1 - x0) {
                    p.setPen(c.pal.color(QPalette::PlaceholderText));
                    p.drawText(QRectF(x0 + 3, r.top(), x1 - x0 - 6, r.height()),
                               Qt::AlignVCenter | Qt::AlignLeft, text);
                }
            }
        }
        // Rate-limited retries: from the AddRateLimited to the ready time, dashed.
        for (const WorkerLanes::Retry &rt : wk.retries) {
            if (!c.moment.shows(rt.start, rt.seq) || rt.readyAt < g.t0() || rt.start > g.t1())
                continue;
            const double x0 = g.xOf(rt.start);
            const double x1 = g.xOf(qMin(rt.readyAt, qMax(until, rt.start)));
            const double y = r.bottom() - 1;
            p.setPen(QPen(kRetryColor, 1.5, Qt::DashLine));
            p.drawLine(QPointF(x0, y), QPointF(x1, y));
            if (rt.readyAt <= until) {
                p.setPen(QPen(kRetryColor, 1.5));
                p.drawLine(QPointF(x1, y - 4), QPointF(x1, y + 1));
            }
            const QString text = TimelineWidget::tr("retry in %1 s")
                                     .arg(double(rt.readyAt - rt.start) / 1000.0, 0, 'f', 1);
            if (fm.horizontalAdvance(text) + 6 < x1 - x0) {
                p.setPen(kRetryColor.darker(130));
                p.drawText(QRectF(x0 + 3, r.top(), x1 - x0 - 6, r.height() - 3),
                           Qt::AlignBottom | Qt::AlignLeft, text);
            }
        }
        // Busy spans, coloured by outcome (blue while running), labelled with the object.
        for (const WorkerLanes::Busy &b : wk.busy) {
            if (!c.moment.shows(b.start, b.startSeq) || b.start > g.t1())
                continue;
            const bool open = b.end < 0 || b.end > until || !c.moment.shows(b.end, b.endSeq);
            const qint64 end = open ? until : b.end;
            if (end < g.t0())
                continue;
            const double x0 = g.xOf(b.start);
            // Back-to-back reconciles (a worker that always finds a ready key) would read as
            // one bar: each span ends a pixel short of the next, when it is wide enough.
            const double x1 = qMax(g.xOf(end) - (open ? 0.0 : 1.0), x0 + 2.0);
            const QRectF bar(x0, r.top() + 1, x1 - x0, r.height() * 0.62);
            const QColor col = outcomeColor(open ? QString() : b.outcome);
            p.fillRect(bar, col);
            // The object and the outcome, else the object alone, else nothing.
            QString text = open ? spanLabel(b)
                                : QStringLiteral("%1 \u00B7 %2")
                                      .arg(spanLabel(b), JournalText::code(b.outcome));
            if (fm.horizontalAdvance(text) + 4 >= bar.width())
                text = spanLabel(b);
            if (fm.horizontalAdvance(text) + 4 < bar.width()) {
                p.setPen(Qt::white);
                p.drawText(bar.adjusted(2, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
            }
        }
        if (w.gateOpenMs >= 0 && w.gateOpenMs <= until && wk.busy.empty()) {
            const double x0 = qMax<double>(g.xOf(w.gateOpenMs), g.plot().left());
            p.setPen(c.pal.color(QPalette::PlaceholderText));
            p.drawText(QRectF(x0 + 3, r.top(), g.plot().right() - x0, r.height()),
                       Qt::AlignVCenter | Qt::AlignLeft, TimelineWidget::tr("idle"));
        }
    }
}

WorkerHit workerHitAt(const TimelineGeometry &g, const TimelineMoment &moment, const WorkerLanes &w,
                      int worker, int laneIndex, const QPoint &pos)
{
    WorkerHit hit;
    if (worker < 0 || size_t(worker) >= w.workers.size() || !g.plot().contains(pos))
        return hit;
    const WorkerLanes::Worker &wk = w.workers[size_t(worker)];
    const qint64 until = moment.untilMs;
    const QRect r = g.laneRect(laneIndex);
    for (const WorkerLanes::Busy &b : wk.busy) {
        if (!moment.shows(b.start, b.startSeq))
            break;
        const bool open = b.end < 0 || b.end > until || !moment.shows(b.end, b.endSeq);
        const double x0 = g.xOf(b.start);
        const double x1 = qMax(g.xOf(open ? until : b.end), x0 + 2.0);
        if (pos.x() < x0 - 2 || pos.x() > x1 + 2 || pos.y() > r.top() + r.height() * 0.7)
            continue;
        hit.seq = open ? b.startSeq : b.endSeq;
        hit.objectKey = b.objectKey;
        hit.text = open ? TimelineWidget::tr("%1 holds %2 since %3 s (Get → not Done yet)")
                              .arg(wk.name, spanLabel(b))
                              .arg(double(b.start) / 1000.0, 0, 'f', 3)
                        : TimelineWidget::tr("%1 synced %2 from %3 s for %4 ms: %5 — %6")
                              .arg(wk.name, spanLabel(b))
                              .arg(double(b.start) / 1000.0, 0, 'f', 3)
                              .arg(b.end - b.start)
                              .arg(JournalText::code(b.outcome), b.message);
        return hit;
    }
    for (const WorkerLanes::Retry &rt : wk.retries) {
        if (!moment.shows(rt.start, rt.seq))
            break;
        if (pos.x() >= g.xOf(rt.start) - 2 && pos.x() <= g.xOf(rt.readyAt) + 2) {
            hit.seq = rt.seq;
            hit.objectKey = rt.objectKey;
            hit.text =
                TimelineWidget::tr("%1 failed and was re-queued with AddRateLimited: "
                                   "%2 chose %3 s, ready at %4 s")
                    .arg(rt.objectKey.isEmpty() ? rt.key : rt.objectKey,
                         rt.limiter.isEmpty() ? TimelineWidget::tr("the limiter") : rt.limiter)
                    .arg(double(rt.readyAt - rt.start) / 1000.0, 0, 'f', 1)
                    .arg(double(rt.readyAt) / 1000.0, 0, 'f', 3);
            return hit;
        }
    }
    if (w.gateOpenMs < 0 || g.timeAtX(pos.x()) < w.gateOpenMs)
        hit.text = TimelineWidget::tr("%1 is idle: a controller starts its workers only once "
                                      "WaitForCacheSync says every informer has synced")
                       .arg(wk.name);
    else
        hit.text = TimelineWidget::tr("%1 is idle: it waits in Get for the next key").arg(wk.name);
    return hit;
}

} // namespace lens
