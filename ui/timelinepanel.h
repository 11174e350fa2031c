// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "panel.h"

class QTimer;
class QToolButton;

namespace lens {

class LensModels;
class TimelineWidget;

/// The Timeline panel: ListAndWatch over time (TimelineWidget over the body's TimelineModel)
/// with the "● Live" button. Dragging on the time axis asks to travel (travelRequested, at most
/// about 16 times a second while dragging); Live asks to return (liveRequested). The window
/// travels every body and calls setTravel() back, which moves the cursor and says in the
/// subtitle which seq the views show.
class TimelinePanel final : public Panel {
    Q_OBJECT
public:
    /// `body` must have LensModels::StreamViews.
    explicit TimelinePanel(LensModels *body, QWidget *parent = nullptr);

    TimelineWidget *timeline() const { return m_timeline; }
    QToolButton *liveButton() const { return m_live; }
    /// Shows the travel point: the cursor at `cursorMs` (journal time) and the views at `seq`
    /// (0 = live).
    void setTravel(qint64 cursorMs, quint64 seq);

Q_SIGNALS:
    /// Travel to journal seq `seq` with the cursor at `cursorMs`.
    void travelRequested(quint64 seq, qint64 cursorMs);
    void liveRequested();

protected:
    void retranslate() override;

private:
    void updateSubtitle();

    LensModels *m_body;
    TimelineWidget *m_timeline;
    QToolButton *m_live;
    QTimer *m_scrubTimer;
    qint64 m_scrubMs = -1;
    quint64 m_seq = 0;
};

} // namespace lens
