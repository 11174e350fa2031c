// SPDX-License-Identifier: Apache-2.0
// TimelineWidget at a travel point: the view stands still (its present frozen when travel
// began) and draws, describes and offers nothing recorded after the point (TimelineMoment);
// sessions end there as they stood then (see timelinewidget.h).
#include "timelinewidget.h"

#include "timelinelanes.h"

#include <QHelpEvent>
#include <QToolTip>

#include <algorithm>

namespace lens {

void TimelineWidget::setTravelTime(qint64 ms, quint64 seq)
{
    const bool wasLive = m_travelMs < 0;
    m_travelMs = ms < 0 ? -1 : ms;
    m_travelSeq = m_travelMs < 0 ? 0 : seq;
    if (m_travelMs < 0) {
        m_selectedSeq = 0; // live again: the keyboard starts from the present
        m_frozenNowMs = -1;
    } else if (wasLive) {
        // The axis stops scrolling where travel began (or where the pointer held it).
        m_frozenNowMs = m_hoverNowMs >= 0 ? m_hoverNowMs : m_model->nowMs();
    }
    if (m_frozenNowMs >= 0 && m_travelMs > m_frozenNowMs)
        m_frozenNowMs = m_travelMs; // travelled (by key) to a marker recorded since
    updateAccessibleDescription();
    update();
}

qint64 TimelineWidget::presentMs() const
{
    if (m_frozenNowMs >= 0)
        return m_frozenNowMs;
    return m_hoverNowMs >= 0 ? m_hoverNowMs : m_model->nowMs();
}

qint64 TimelineWidget::shownUntilMs() const
{
    return m_travelMs >= 0 ? m_travelMs : m_model->nowMs();
}

TimelineMoment TimelineWidget::moment() const
{
    return TimelineMoment{m_travelMs, m_travelMs < 0 ? 0 : m_travelSeq, shownUntilMs()};
}

int TimelineMoment::shownEventsOf(const Track &t, const Span &s) const
{
    if (travelMs < 0 || (s.end >= 0 && s.end <= travelMs))
        return s.events;
    auto it = std::lower_bound(t.marks.begin(), t.marks.end(), s.start,
                               [](const Mark &m, qint64 t) { return m.t < t; });
    int n = 0;
    for (; it != t.marks.end() && shows(*it); ++it)
        n += it->kind == Mark::Kind::Added || it->kind == Mark::Kind::Modified ||
             it->kind == Mark::Kind::Deleted;
    return n;
}

int TimelineMoment::maxDepthShown(const Track &t) const
{
    if (travelMs < 0)
        return t.maxDepth;
    int deepest = 0;
    for (const TimelineModel::DepthSample &d : t.depth) {
        if (d.t > travelMs)
            break;
        deepest = qMax(deepest, d.peak);
    }
    return deepest;
}

bool TimelineWidget::event(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        setAccessibleName(tr("Timeline"));
        updateAccessibleDescription();
    }
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = describeAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace lens
