// SPDX-License-Identifier: Apache-2.0
#include "pipelinewidget.h"

#include "deltapalette.h"
#include "lens/eventbatcher.h"
#include "trace/journal.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

namespace lens {

namespace {
constexpr int kStages = 6;
constexpr int kArrow = 22; // px between stages
const QColor kListColor(0x00, 0x89, 0x7b);
const QColor kWatchColor(0x1e, 0x88, 0xe5);
const QColor kBackoffColor(0xff, 0xa0, 0x00);
const QColor kSyncedColor(0x2e, 0x7d, 0x32);

QColor reflectorColor(ReflectorStatus::State state)
{
    switch (state) {
    case ReflectorStatus::State::Listing:
        return kListColor;
    case ReflectorStatus::State::Watching:
        return kWatchColor;
    case ReflectorStatus::State::Backoff:
        return kBackoffColor;
    case ReflectorStatus::State::Stopped:
        break;
    }
    return QColor(0x75, 0x75, 0x75);
}
} // namespace

PipelineWidget::PipelineWidget(QWidget *parent) : QWidget(parent)
{
    setAccessibleName(tr("Pipeline"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

PipelineWidget::~PipelineWidget() = default;

void PipelineWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        setAccessibleName(tr("Pipeline"));
        setState(m_state); // the description in the new language
    }
    QWidget::changeEvent(event);
}

QSize PipelineWidget::sizeHint() const
{
    return QSize(1200, minimumSizeHint().height());
}

QSize PipelineWidget::minimumSizeHint() const
{
    return QSize(600, fontMetrics().height() * 4 + 14);
}

void PipelineWidget::setState(const PipelineState &state)
{
    m_state = state;
    // Screen readers read the strip as text: every stage with its figures, as painted.
    QStringList stages;
    for (int i = 0; i < kStages; ++i)
        stages << stageText(i).split(QLatin1Char('\n'), Qt::SkipEmptyParts).join(u", ");
    const QString description = stages.join(u"; ");
    if (description != accessibleDescription())
        setAccessibleDescription(description);
    update();
}

void PipelineWidget::setRatesShown(bool shown)
{
    m_ratesShown = shown;
    update();
}

PipelineRates pipelineRates(const Journal &journal, const QString &informer, quint64 untilSeq,
                            qint64 untilMs, qint64 windowMs)
{
    PipelineRates out;
    const Journal::Events &events = journal.events();
    if (events.empty())
        return out;
    // The events up to the seq shown (seqs ascend), then back in time over the window.
    auto end = events.end();
    if (untilSeq != 0)
        end = std::upper_bound(events.begin(), events.end(), untilSeq,
                               [](quint64 seq, const TraceEvent &e) { return seq < e.seq; });
    // Journal time only grows with seq: the window (from, untilMs] is a run at the end.
    const qint64 from = qMax(untilMs - windowMs, events.front().t - 1);
    const qint64 span = untilMs - from;
    if (span < 200)
        return out;
    const JournalSource source(nullptr, informer);
    qint64 watched = 0, popped = 0;
    for (auto it = end; it != events.begin();) {
        const TraceEvent &e = *--it;
        if (e.t <= from)
            break;
        if (e.t > untilMs || !source.accepts(e))
            continue;
        if (e.kind == TraceKind::WatchEvent)
            ++watched;
        else if (e.kind == TraceKind::FifoPopped)
            ++popped;
    }
    out.watchEvents = double(watched) * 1000.0 / double(span);
    out.popped = double(popped) * 1000.0 / double(span);
    return out;
}

QStringList PipelineWidget::stageTitles() const
{
    return {tr("API server"),         tr("Reflector"), m_state.queueMode,
            tr("Pop / HandleDeltas"), tr("Indexer"),   tr("Listeners")};
}

QList<int> PipelineWidget::highlightedStages() const
{
    QList<int> out;
    if (m_state.selectedKey.isEmpty())
        return out;
    if (m_state.keyQueuePosition > 0)
        out << 2;
    if (m_state.keyInIndexer || m_state.keyDeleted)
        out << 4;
    return out;
}

QString PipelineWidget::stageText(int stage) const
{
    const PipelineState &s = m_state;
    const QString title = stageTitles().value(stage);
    QString figure, detail;
    switch (stage) {
    case 0:
        // What the server sent, beside what the informer took of it: a WatchList before its
        // end bookmark, or a list whose Replace failed, leaves the informer behind.
        figure = s.serverResourceVersion.isEmpty()
                     ? tr("sent no RV yet")
                     : tr("sent up to RV %1").arg(s.serverResourceVersion);
        detail = s.resourceVersion.isEmpty() ? tr("informer synced no RV yet")
                                             : tr("informer synced RV %1").arg(s.resourceVersion);
        break;
    case 1: {
        figure =
            s.watchList ? tr("Listing (WatchList)") : ReflectorStatus::nameOf(s.reflectorPhase);
        QStringList parts;
        if (!s.activity.isEmpty())
            parts << s.activity;
        parts << (ratesShown() && s.watchRate >= 0
                      ? tr("%n event(s) \u00B7 %1/s", nullptr, int(s.watchEvents))
                            .arg(s.watchRate, 0, 'f', 1)
                      : tr("%n event(s)", nullptr, int(s.watchEvents)));
        if (s.relists > 0)
            parts << tr("%n relist(s)", nullptr, s.relists);
        if (s.failedLists > 0)
            parts << tr("%n failed list attempt(s)", nullptr, s.failedLists);
        detail = parts.join(QStringLiteral(" \u00B7 "));
        break;
    }
    case 2:
        figure = tr("depth %1").arg(s.queueDepth);
        detail = tr("%1 deltas queued in all").arg(s.queued);
        break;
    case 3:
        figure = tr("%1 popped").arg(s.popped);
        detail = s.pumpMode == QLatin1String("paused") ? tr("paused") : tr("running");
        if (ratesShown() && s.popRate >= 0)
            detail += tr(" \u00B7 %1/s").arg(s.popRate, 0, 'f', 1);
        break;
    case 4:
        figure = tr("%n object(s)", nullptr, s.objects);
        detail = s.hasSynced ? tr("HasSynced \u2713") : tr("not synced");
        break;
    case 5: {
        figure = tr("%n listener(s)", nullptr, int(s.listeners.size()));
        QStringList parts;
        for (const auto &l : s.listeners)
            parts << tr("%1: backlog %2").arg(l.name).arg(l.backlog);
        detail = parts.join(QStringLiteral(" \u00B7 "));
        break;
    }
    }
    return title + QLatin1Char('\n') + figure + QLatin1Char('\n') + detail;
}

int PipelineWidget::stageAt(int x) const
{
    // The geometry paintEvent() lays the cards out with.
    const QRect area = rect().adjusted(6, 9, -6, -4);
    const double shares = kStages - 1 + 1.6;
    const double unit = (area.width() - (kStages - 1) * kArrow) / shares;
    double left = area.left();
    for (int i = 0; i < kStages; ++i) {
        const double w = i == kStages - 1 ? unit * 1.6 : unit;
        if (x >= left && x < left + w)
            return i;
        left += w + kArrow;
    }
    return -1;
}

bool PipelineWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int stage = stageAt(help->pos().x());
        if (stage >= 0)
            QToolTip::showText(help->globalPos(), stageText(stage), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

QColor PipelineWidget::stageColor(int stage) const
{
    if (stage == 1)
        return reflectorColor(m_state.reflectorPhase);
    if (stage == 2 && m_state.queueDepth > 0)
        return deltaColor(DeltaType::Replaced);
    if (stage == 4 && m_state.hasSynced)
        return kSyncedColor;
    return palette().color(QPalette::Mid);
}

void PipelineWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Window));

    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    QFont bold = font();
    bold.setBold(true);
    QFont big = font();
    big.setPointSizeF(font().pointSizeF() * 1.1);
    big.setBold(true);
    const QFontMetrics sfm(small), bfm(bold), gfm(big);

    // Stage widths: the listeners get 1.6 shares, every other stage one.
    const QRect area = rect().adjusted(6, 9, -6, -4);
    const double shares = kStages - 1 + 1.6;
    const double unit = (area.width() - (kStages - 1) * kArrow) / shares;
    const QList<int> lit = highlightedStages();
    double x = area.left();
    for (int i = 0; i < kStages; ++i) {
        const double w = i == kStages - 1 ? unit * 1.6 : unit;
        const QRectF box(x, area.top(), w, area.height());
        const QColor accent = stageColor(i);
        const bool highlighted = lit.contains(i);
        p.setPen(highlighted ? QPen(pal.color(QPalette::Highlight), 2.5) : QPen(accent, 1.2));
        p.setBrush(pal.color(QPalette::Base));
        p.drawRoundedRect(box.adjusted(1, 1, -1, -1), 5, 5);
        // A coloured spine on the left carries the stage's state colour.
        p.setPen(Qt::NoPen);
        p.setBrush(accent);
        p.drawRoundedRect(QRectF(box.left() + 1, box.top() + 1, 5, box.height() - 2), 2, 2);

        const QStringList lines = stageText(i).split(QLatin1Char('\n'));
        const QRectF text = box.adjusted(12, 3, -6, -3);
        const double lh = text.height() / 3.0;
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.setFont(bold);
        p.drawText(QRectF(text.left(), text.top(), text.width(), lh),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   bfm.elidedText(lines.value(0), Qt::ElideRight, int(text.width())));
        p.setPen(i == 1 ? accent.darker(110) : pal.color(QPalette::Text));
        p.setFont(big);
        p.drawText(QRectF(text.left(), text.top() + lh, text.width(), lh),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   gfm.elidedText(lines.value(1), Qt::ElideRight, int(text.width())));
        p.setFont(small);
        p.setPen(pal.color(QPalette::PlaceholderText));
        if (i == kStages - 1 && !m_state.listeners.isEmpty()) {
            // Each listener as a mini bar: its backlog relative to the largest.
            int maxBacklog = 1;
            for (const auto &l : m_state.listeners)
                maxBacklog = qMax(maxBacklog, l.backlog);
            const int n = int(m_state.listeners.size());
            const double cw = (text.width() - (n - 1) * 6) / n;
            double cx = text.left();
            const QRectF row(text.left(), text.top() + 2 * lh, text.width(), lh);
            for (const auto &l : m_state.listeners) {
                const QRectF cell(cx, row.top() + 1, cw, row.height() - 2);
                QColor bar = l.backlog > 0 ? kBackoffColor : kSyncedColor;
                bar.setAlpha(60);
                p.setPen(Qt::NoPen);
                p.setBrush(bar);
                const double fill = l.backlog > 0 ? cell.width() * l.backlog / maxBacklog : 3;
                p.drawRoundedRect(QRectF(cell.left(), cell.top(), fill, cell.height()), 2, 2);
                p.setPen(pal.color(QPalette::Text));
                p.drawText(cell.adjusted(3, 0, -2, 0), Qt::AlignLeft | Qt::AlignVCenter,
                           sfm.elidedText(tr("%1 \u00B7 backlog %2").arg(l.name).arg(l.backlog),
                                          Qt::ElideRight, int(cell.width()) - 5));
                cx += cw + 6;
            }
        } else {
            p.drawText(QRectF(text.left(), text.top() + 2 * lh, text.width(), lh),
                       Qt::AlignLeft | Qt::AlignVCenter,
                       sfm.elidedText(lines.value(2), Qt::ElideRight, int(text.width())));
        }

        // The selected key's tag on the box's top edge.
        if (highlighted) {
            // Short, so it never covers the title: the key itself is in the history's title.
            QString tag;
            if (i == 2)
                tag = tr("selected: #%1").arg(m_state.keyQueuePosition);
            else if (m_state.keyDeleted)
                tag = tr("selected: deleted");
            else
                tag = tr("selected: stored");
            tag = sfm.elidedText(QStringLiteral("\u25C6 ") + tag, Qt::ElideRight,
                                 int(box.width() - bfm.horizontalAdvance(lines.value(0))) - 40);
            const double tw = sfm.horizontalAdvance(tag) + 10;
            const QRectF t(box.right() - 8 - tw, box.top() - sfm.height() / 2.0 - 1, tw,
                           sfm.height() + 2);
            p.setPen(Qt::NoPen);
            p.setBrush(pal.color(QPalette::Highlight));
            p.drawRoundedRect(t, 3, 3);
            p.setPen(pal.color(QPalette::HighlightedText));
            p.drawText(t, Qt::AlignCenter, tag);
        }

        // Arrow to the next stage.
        if (i < kStages - 1) {
            const double ax0 = box.right() + 3, ax1 = box.right() + kArrow - 3;
            const double ay = box.center().y();
            p.setPen(QPen(pal.color(QPalette::Mid), 1.5));
            p.drawLine(QPointF(ax0, ay), QPointF(ax1 - 4, ay));
            QPainterPath head;
            head.moveTo(ax1, ay);
            head.lineTo(ax1 - 6, ay - 4);
            head.lineTo(ax1 - 6, ay + 4);
            head.closeSubpath();
            p.setPen(Qt::NoPen);
            p.setBrush(pal.color(QPalette::Mid));
            p.drawPath(head);
        }
        x += w + kArrow;
    }
}

} // namespace lens
