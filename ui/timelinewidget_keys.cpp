// SPDX-License-Identifier: Apache-2.0
// TimelineWidget's keyboard use: the selected marker, stepping through markers, scrubbing by
// one axis step, zoom, and what the accessible description says (see timelinewidget.h).
#include "timelinewidget.h"

#include <QFocusEvent>
#include <QKeyEvent>
#include <QPainter>

#include <algorithm>

namespace lens {

namespace {
using Mark = TimelineModel::Mark;

bool isWatchEvent(const Mark &m)
{
    return m.kind == Mark::Kind::Added || m.kind == Mark::Kind::Modified ||
           m.kind == Mark::Kind::Deleted || m.kind == Mark::Kind::ListPage;
}

/// The marker recorded as `seq`, or null. Marks are in time order and seqs grow with time.
const Mark *findMark(const TimelineModel::Marks &marks, quint64 seq)
{
    if (seq == 0)
        return nullptr;
    // Marks are appended in journal order: their seqs ascend, so a binary search finds one
    // (this runs on every paint while a mark is selected).
    auto it = std::lower_bound(marks.begin(), marks.end(), seq,
                               [](const Mark &m, quint64 s) { return m.seq < s; });
    return it == marks.end() || it->seq != seq ? nullptr : &*it;
}

} // namespace

quint64 TimelineWidget::spanEndSeqAt(const QPoint &pos) const
{
    const QRect plot = plotRect();
    const int lane = laneAt(pos.y());
    if (!plot.contains(pos) || lane > 1)
        return 0;
    const qint64 t = timeAtX(pos.x());
    for (const TimelineModel::Span &s : m_model->spans()) {
        const int sl = s.lane == TimelineModel::Span::Lane::List ? 0 : 1;
        if (sl == lane && s.end >= 0 && t >= s.start && t <= s.end)
            return s.endSeq;
    }
    return 0;
}

void TimelineWidget::selectMark(quint64 seq)
{
    m_selectedSeq = seq;
    if (const Mark *m = findMark(m_model->marks(), seq)) {
        const auto [t0, t1] = visibleRange();
        if (m->t < t0 || m->t > t1)
            setWindowMs(presentMs() - m->t + qMax<qint64>(1000, m_windowMs / 10));
    }
    updateAccessibleDescription();
    update();
}

void TimelineWidget::keyPressEvent(QKeyEvent *event)
{
    const TimelineModel::Marks &marks = m_model->marks();
    const Qt::KeyboardModifiers mods = event->modifiers() & ~Qt::KeypadModifier;
    auto select = [this](const Mark &m) {
        selectMark(m.seq);
        setTravelTime(m.t, m.seq);
        Q_EMIT markSelected(m.seq);
    };
    // The selected marker's position; without one, "after the last" (or at the travel point).
    auto pos = marks.end();
    if (m_selectedSeq != 0) {
        const auto r = std::find_if(marks.rbegin(), marks.rend(),
                                    [this](const Mark &m) { return m.seq == m_selectedSeq; });
        if (r != marks.rend())
            pos = std::prev(r.base());
    }
    if (pos == marks.end() && m_travelMs >= 0)
        pos = std::upper_bound(marks.begin(), marks.end(), m_travelMs,
                               [](qint64 t, const Mark &m) { return t < m.t; });
    const bool skipEvents = mods & Qt::ControlModifier;
    switch (event->key()) {
    case Qt::Key_Left:
    case Qt::Key_Right: {
        const bool back = event->key() == Qt::Key_Left;
        if (mods & Qt::ShiftModifier) {
            const auto [t0, t1] = visibleRange();
            const qint64 step = niceStep(t1 - t0, 10);
            const qint64 from = m_travelMs >= 0 ? m_travelMs : m_model->nowMs();
            const qint64 to =
                std::clamp(from + (back ? -step : step), m_model->firstMs(), m_model->nowMs());
            m_selectedSeq = 0;
            updateAccessibleDescription();
            Q_EMIT scrubbed(to);
            event->accept();
            return;
        }
        if (back) {
            while (pos != marks.begin()) {
                --pos;
                if (pos->seq && !(skipEvents && isWatchEvent(*pos))) {
                    select(*pos);
                    break;
                }
            }
        } else if (pos != marks.end()) {
            for (++pos; pos != marks.end(); ++pos) {
                if (pos->seq && !(skipEvents && isWatchEvent(*pos))) {
                    select(*pos);
                    break;
                }
            }
        }
        event->accept();
        return;
    }
    case Qt::Key_Home:
    case Qt::Key_End: {
        auto it = std::find_if(marks.begin(), marks.end(), [](const Mark &m) { return m.seq; });
        if (event->key() == Qt::Key_End) {
            auto r =
                std::find_if(marks.rbegin(), marks.rend(), [](const Mark &m) { return m.seq; });
            it = r == marks.rend() ? marks.end() : std::prev(r.base());
        }
        if (it != marks.end())
            select(*it);
        event->accept();
        return;
    }
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        setWindowMs(qint64(double(m_windowMs) * 0.8));
        event->accept();
        return;
    case Qt::Key_Minus:
        setWindowMs(qint64(double(m_windowMs) * 1.25));
        event->accept();
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (const Mark *cur = findMark(marks, m_selectedSeq)) {
            Q_EMIT markClicked(cur->seq);
            if (!cur->key.isEmpty())
                Q_EMIT keyClicked(cur->key);
        }
        event->accept();
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

void TimelineWidget::focusInEvent(QFocusEvent *event)
{
    update();
    QWidget::focusInEvent(event);
}

void TimelineWidget::focusOutEvent(QFocusEvent *event)
{
    update();
    QWidget::focusOutEvent(event);
}

void TimelineWidget::paintSelection(QPainter &p, const QRect &plot, qint64 t0, qint64 t1) const
{
    const QPalette pal = palette();
    if (const Mark *m = findMark(m_model->marks(), m_selectedSeq); m && m->t >= t0 && m->t <= t1) {
        const double x = xOf(m->t, t0, t1, plot);
        QColor band = pal.color(QPalette::Highlight);
        band.setAlpha(60);
        p.fillRect(QRectF(x - 4, plot.top(), 8, plot.height()), band);
        p.setPen(QPen(pal.color(QPalette::Highlight), 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(x - 4, plot.top(), 8, plot.height()));
    }
    if (hasFocus()) {
        p.setPen(QPen(pal.color(QPalette::Highlight), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(rect()).adjusted(1, 1, -1, -1));
    }
}

void TimelineWidget::updateAccessibleDescription()
{
    QString text = tr("List and watch sessions, watch events, bookmarks, errors, backoffs, "
                      "resyncs and queue depth over time. Left and Right select markers.");
    if (const Mark *m = findMark(m_model->marks(), m_selectedSeq))
        text += QLatin1Char(' ') + tr("Selected: %1 s, %2. %3")
                                       .arg(double(m->t) / 1000.0, 0, 'f', 3)
                                       .arg(m->label, markExplanation(*m));
    if (m_travelMs >= 0)
        text += QLatin1Char(' ') + tr("The views show the past, at %1 s; Escape returns to Live.")
                                       .arg(double(m_travelMs) / 1000.0, 0, 'f', 3);
    if (text != accessibleDescription())
        setAccessibleDescription(text);
}

} // namespace lens
