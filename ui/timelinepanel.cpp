// SPDX-License-Identifier: Apache-2.0
#include "timelinepanel.h"

#include "lens/format.h"
#include "lens/lensmodels.h"
#include "timelinewidget.h"

#include <QSignalBlocker>
#include <QTimer>
#include <QToolButton>

namespace lens {

TimelinePanel::TimelinePanel(LensModels *body, QWidget *parent)
    : Panel(QString(), nullptr, parent), m_body(body),
      m_timeline(new TimelineWidget(body->timeline(), this)), m_live(new QToolButton(this)),
      m_scrubTimer(new QTimer(this))
{
    m_timeline->setObjectName(QStringLiteral("timeline"));
    addContent(m_timeline, 1);
    m_live->setObjectName(QStringLiteral("liveButton"));
    m_live->setCheckable(true);
    m_live->setChecked(true);
    addHeaderWidget(m_live);
    connect(m_live, &QToolButton::clicked, this, &TimelinePanel::liveRequested);
    m_scrubTimer->setSingleShot(true);
    m_scrubTimer->setInterval(60); // a drag rebuilds the past at most ~16 times a second
    connect(m_timeline, &TimelineWidget::scrubbed, this, [this](qint64 ms) {
        m_scrubMs = ms;
        m_timeline->setTravelTime(ms);
        if (!m_scrubTimer->isActive())
            m_scrubTimer->start();
    });
    connect(m_scrubTimer, &QTimer::timeout, this, [this] {
        const quint64 seq = m_body->seqAtTime(m_scrubMs);
        if (seq > 0)
            Q_EMIT travelRequested(seq, m_scrubMs);
        else
            m_timeline->setTravelTime(m_scrubMs);
    });
    retranslate();
}

void TimelinePanel::setTravel(qint64 cursorMs, quint64 seq)
{
    m_seq = seq;
    m_timeline->setTravelTime(cursorMs, seq);
    {
        const QSignalBlocker block(m_live);
        m_live->setChecked(seq == 0);
    }
    updateSubtitle();
}

void TimelinePanel::updateSubtitle()
{
    if (m_seq == 0) {
        setSubtitle(tr("ListAndWatch over time \u00B7 wheel to zoom \u00B7 hover for details "
                       "\u00B7 click an event to select its key \u00B7 drag the time axis to "
                       "travel back"));
        return;
    }
    // The cursor's time, and the seq the views show with the time it was recorded (the newest
    // event at or before the cursor).
    setSubtitle(tr("TIME TRAVEL to %1: every view shows the journal up to seq %2, recorded at %3 "
                   "\u00B7 press Live to return")
                    .arg(formatTimeMs(qMax<qint64>(0, m_timeline->travelTime())))
                    .arg(m_seq)
                    .arg(formatTimeMs(qMax<qint64>(0, m_body->timeOfSeq(m_seq)))));
}

void TimelinePanel::retranslate()
{
    setTitle(tr("Timeline"));
    m_live->setText(tr("\u25CF Live"));
    m_live->setAccessibleName(tr("Return to live"));
    m_live->setToolTip(tr("The views follow the present. Drag on the timeline's time axis to "
                          "travel back; press here to return."));
    updateSubtitle();
}

} // namespace lens
