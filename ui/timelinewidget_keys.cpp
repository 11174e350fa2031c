// SPDX-License-Identifier: Apache-2.0
// TimelineWidget's keyboard use: the selected marker, stepping through markers, scrubbing by
// one axis step, zoom, and what the accessible description says (see timelinewidget.h).
#include "timelinewidget.h"

#include "lens/caption.h"
#include "timelinelanes.h"

#include <QFocusEvent>
#include <QKeyEvent>
#include <QPainter>

#include <algorithm>

namespace lens {

namespace {
bool isWatchEvent(const Mark &m)
{
    return m.kind == Mark::Kind::Added || m.kind == Mark::Kind::Modified ||
           m.kind == Mark::Kind::Deleted || m.kind == Mark::Kind::ListPage;
}

/// The marker recorded as `seq` in `marks`, or null. Marks are appended in journal order: their
/// seqs ascend, so a binary search finds one (this runs on every paint while one is selected).
const Mark *findIn(const TimelineModel::Marks &marks, quint64 seq)
{
    auto it = std::lower_bound(marks.begin(), marks.end(), seq,
                               [](const Mark &m, quint64 s) { return m.seq < s; });
    return it == marks.end() || it->seq != seq ? nullptr : &*it;
}
} // namespace

const Mark *TimelineWidget::findMark(quint64 seq) const
{
    if (seq == 0)
        return nullptr;
    for (const TimelineModel::Track &t : m_model->tracks())
        if (const Mark *m = findIn(t.marks, seq))
            return m;
    return nullptr;
}

const Mark *TimelineWidget::neighbourMark(bool back, bool skipEvents) const
{
    // Seqs grow with time across every informer, so the nearest by seq is the nearest in time.
    const Mark *best = nullptr;
    for (const TimelineGroup &g : groups()) {
        if (g.collapsed || !g.track)
            continue;
        const TimelineModel::Marks &marks = g.track->marks;
        // Where the cursor is in this track: at the selection, after the travel point, or at
        // the end (the present).
        auto pos = marks.end();
        if (m_selectedSeq != 0)
            pos = std::lower_bound(marks.begin(), marks.end(), m_selectedSeq,
                                   [](const Mark &m, quint64 s) { return m.seq < s; });
        else if (m_travelMs >= 0)
            pos = std::upper_bound(marks.begin(), marks.end(), m_travelMs,
                                   [](qint64 t, const Mark &m) { return t < m.t; });
        else if (!back)
            continue;
        auto fits = [&](const Mark &m) {
            return m.seq && m.seq != m_selectedSeq && !(skipEvents && isWatchEvent(m));
        };
        const Mark *found = nullptr;
        if (back) {
            for (auto it = pos; it != marks.begin();)
                if (fits(*--it)) {
                    found = &*it;
                    break;
                }
        } else {
            for (auto it = pos; it != marks.end(); ++it)
                if (fits(*it)) {
                    found = &*it;
                    break;
                }
        }
        if (found && (!best || (back ? found->seq > best->seq : found->seq < best->seq)))
            best = found;
    }
    return best;
}

const Mark *TimelineWidget::endMark(bool last) const
{
    const Mark *best = nullptr;
    for (const TimelineGroup &g : groups()) {
        if (g.collapsed || !g.track)
            continue;
        const TimelineModel::Marks &marks = g.track->marks;
        const Mark *found = nullptr;
        if (last) {
            auto r =
                std::find_if(marks.rbegin(), marks.rend(), [](const Mark &m) { return m.seq; });
            found = r == marks.rend() ? nullptr : &*r;
        } else {
            auto it = std::find_if(marks.begin(), marks.end(), [](const Mark &m) { return m.seq; });
            found = it == marks.end() ? nullptr : &*it;
        }
        if (found && (!best || (last ? found->seq > best->seq : found->seq < best->seq)))
            best = found;
    }
    return best;
}

void TimelineWidget::selectMark(quint64 seq)
{
    m_selectedSeq = seq;
    if (const Mark *m = findMark(seq)) {
        const auto [t0, t1] = visibleRange();
        if (m->t < t0 || m->t > t1)
            setWindowMs(presentMs() - m->t + qMax<qint64>(1000, m_windowMs / 10));
        // Its lane on screen too, when the lanes scroll.
        const std::vector<TimelineGroup> gs = groups();
        for (size_t i = 0; i < gs.size(); ++i)
            if (gs[i].track && findIn(gs[i].track->marks, seq))
                scrollLaneIntoView(geometry().indexOf(laneKindOfMark(m->kind), int(i)));
    }
    updateAccessibleDescription();
    update();
}

void TimelineWidget::keyPressEvent(QKeyEvent *event)
{
    const Qt::KeyboardModifiers mods = event->modifiers() & ~Qt::KeypadModifier;
    auto select = [this](const Mark *m) {
        if (!m)
            return;
        selectMark(m->seq);
        setTravelTime(m->t, m->seq);
        Q_EMIT markSelected(m->seq);
    };
    const QStringList informers = groupInformers();
    switch (event->key()) {
    case Qt::Key_Left:
    case Qt::Key_Right: {
        const bool back = event->key() == Qt::Key_Left;
        if (mods & Qt::ShiftModifier) {
            const auto [t0, t1] = visibleRange();
            const qint64 step = TimelineGeometry::niceStep(t1 - t0, 10);
            const qint64 from = m_travelMs >= 0 ? m_travelMs : m_model->nowMs();
            const qint64 to =
                std::clamp(from + (back ? -step : step), m_model->firstMs(), m_model->nowMs());
            m_selectedSeq = 0;
            updateAccessibleDescription();
            Q_EMIT scrubbed(to);
            event->accept();
            return;
        }
        select(neighbourMark(back, mods & Qt::ControlModifier));
        event->accept();
        return;
    }
    case Qt::Key_Home:
    case Qt::Key_End:
        select(endMark(event->key() == Qt::Key_End));
        event->accept();
        return;
    case Qt::Key_Up:
    case Qt::Key_Down:
        // The informers' headers, top to bottom (only when there are several).
        if (informers.isEmpty())
            break;
        m_focusedGroup =
            event->key() == Qt::Key_Up
                ? (m_focusedGroup <= 0 ? int(informers.size()) - 1 : m_focusedGroup - 1)
                : (m_focusedGroup + 1) % int(informers.size());
        scrollLaneIntoView(geometry().indexOf(TimelineLane::Kind::Header, m_focusedGroup));
        updateAccessibleDescription();
        update();
        event->accept();
        return;
    case Qt::Key_PageUp:
    case Qt::Key_PageDown: {
        // The lanes, a plot's height less one lane at a time (when they do not all fit).
        const TimelineGeometry g = geometry();
        const int page = qMax(1, g.plot().height() - stacking(g.lanes()).nameHeight - 2);
        setLaneScroll(g.scroll() + (event->key() == Qt::Key_PageUp ? -page : page));
        event->accept();
        return;
    }
    case Qt::Key_Space:
        if (m_focusedGroup >= 0 && m_focusedGroup < informers.size()) {
            const QString informer = informers.at(m_focusedGroup);
            setCollapsed(informer, !isCollapsed(informer));
            event->accept();
            return;
        }
        break;
    case Qt::Key_F:
        if (mods == Qt::NoModifier && isHoldingForPointer()) {
            followPresent();
            event->accept();
            return;
        }
        break;
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
        if (const Mark *cur = findMark(m_selectedSeq)) {
            Q_EMIT markClicked(cur->seq);
            if (!cur->key.isEmpty())
                Q_EMIT keyClicked(cur->key);
        }
        event->accept();
        return;
    default:
        break;
    }
    QWidget::keyPressEvent(event);
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

void TimelineWidget::paintSelection(QPainter &p, const TimelineGeometry &g) const
{
    const QPalette pal = palette();
    const QRect plot = g.plot();
    if (const Mark *m = findMark(m_selectedSeq); m && m->t >= g.t0() && m->t <= g.t1()) {
        const double x = g.xOf(m->t);
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
    if (const QStringList informers = groupInformers(); !informers.isEmpty()) {
        text += QLatin1Char(' ') + tr("Lanes for %n informer(s); Up and Down select an "
                                      "informer's header, Space folds or unfolds its lanes.",
                                      nullptr, int(informers.size()));
        if (m_focusedGroup >= 0 && m_focusedGroup < informers.size())
            text += QLatin1Char(' ') + (isCollapsed(informers.at(m_focusedGroup))
                                            ? tr("Selected informer: %1 (folded).")
                                            : tr("Selected informer: %1 (unfolded)."))
                                           .arg(informers.at(m_focusedGroup) == workersGroupKey()
                                                    ? tr("controller workers")
                                                    : informers.at(m_focusedGroup));
    }
    if (const Mark *m = findMark(m_selectedSeq))
        text += QLatin1Char(' ') + tr("Selected: %1 s, %2. %3")
                                       .arg(double(m->t) / 1000.0, 0, 'f', 3)
                                       .arg(m->label, Caption::forMark(*m));
    if (m_travelMs >= 0)
        text += QLatin1Char(' ') + tr("The views show the past, at %1 s; Escape returns to Live.")
                                       .arg(double(m_travelMs) / 1000.0, 0, 'f', 3);
    if (text != accessibleDescription())
        setAccessibleDescription(text);
}

} // namespace lens
