// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "lens/timelinemodel.h"

#include <QElapsedTimer>
#include <QWidget>

class QPainter;
class QTimer;

namespace lens {

/// The Reflector's life along a time axis, painted from a TimelineModel in lanes:
///   LIST    list sessions as bars (label: cause · items at RV), pages as ticks, failures red;
///   WATCH   watch sessions as bars (label: from RV · events), ended-by-error bars red-capped;
///   GAPS    the time between watch sessions (no watch open), hatched grey with its length;
///   EVENTS  watch events as ticks (ADDED green, MODIFIED blue, DELETED red);
///   MARKERS bookmarks (purple diamonds), 410 Gone / errors (red flags), backoff (amber bars of
///           their delay), resync ticks (grey), HasSynced (green line across all lanes);
///   ↻ <handler>  one thin lane per handler that got resync updates (at most 4): a tick per
///           resync round with the number of updates it delivered;
///   QUEUE   DeltaFIFO depth as a step area.
/// x is time in seconds since the journal's clock started. By default the view follows the
/// present: it shows the whole history until it is longer than the window (60 s, mouse wheel
/// zooms 1 s … 1 h), then the newest window. Hovering explains what is under the pointer;
/// clicking a watch event selects its key (keyClicked); pressing and dragging on the time axis
/// (or anywhere with Shift) scrubs: scrubbed(t) asks the window to show that moment (time
/// travel), painted as an orange line until setTravelTime(-1) returns to live. While
/// travelling the view stops scrolling (its present is frozen where travel began) and draws
/// nothing after the travel point: sessions end there, labelled as they stood then, and later
/// markers, queue depth and resync rounds are not drawn, described or clickable
/// (timelinewidget_travel.cpp).
///
/// Keyboard (the widget takes the focus; timelinewidget_keys.cpp): Left/Right select the
/// previous/next marker, Ctrl+Left/Right the previous/next one that is not a watch event,
/// Home/End the first/last; each selection emits markSelected(seq) (the window travels there
/// and explains it). Shift+Left/Right scrub by one axis step (scrubbed), +/- zoom, Enter emits
/// markClicked and keyClicked for the selected marker. The accessible description says what
/// is selected and whether the views travel in time.
class TimelineWidget final : public QWidget {
    Q_OBJECT
public:
    /// `model` is not owned and must outlive the widget.
    explicit TimelineWidget(TimelineModel *model, QWidget *parent = nullptr);
    ~TimelineWidget() override;

    /// Width of the visible time window in milliseconds once history is longer than it.
    qint64 windowMs() const { return m_windowMs; }
    void setWindowMs(qint64 ms);

    /// The visible time range [first, last] in journal milliseconds, as last painted.
    std::pair<qint64, qint64> visibleRange() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    /// The time-travel point in journal milliseconds, or -1 when live.
    qint64 travelTime() const { return m_travelMs; }
    /// Travels to journal time `ms` (-1: live). `seq` (when known) is the newest journal seq
    /// the views show: events recorded in the same millisecond after it are not drawn either.
    void setTravelTime(qint64 ms, quint64 seq = 0);
    /// The present the view scrolls with: the journal clock's, or while travelling the one
    /// frozen when travel began (the time axis stands still).
    qint64 presentMs() const;
    /// The last moment drawn: the travel point, or the present when live.
    qint64 shownUntilMs() const;

    /// Journal time under x (widget coordinates) in the current visible range.
    qint64 timeAtX(int x) const;
    /// x (widget coordinates) of journal time `t` in the current visible range.
    int xOfTime(qint64 t) const;
    /// The text the tooltip would show at `pos` (empty when nothing is there).
    QString describeAt(const QPoint &pos) const;
    /// The plot area (lanes) in widget coordinates; the time axis is just below it.
    QRect plotRect() const;

    /// The journal seq of the marker selected with the keyboard, 0 when none.
    quint64 selectedSeq() const { return m_selectedSeq; }
    /// Selects the marker recorded as journal event `seq` (0: none), widening the visible
    /// window (up to 1 h) so it is on screen. Does not emit markSelected.
    void selectMark(quint64 seq);
    /// One sentence on what a marker means, in the informer's own terms (tooltip, Explain).
    static QString markExplanation(const TimelineModel::Mark &m);

Q_SIGNALS:
    /// The user clicked a watch event of `key`.
    void keyClicked(const QString &key);
    /// The user clicked a marker (watch event, bookmark, error, backoff, resync, …) recorded
    /// as journal event `seq` (the caption pane explains it).
    void markClicked(quint64 seq);
    /// The user scrubbed to journal time `ms` (press or drag on the time axis).
    void scrubbed(qint64 ms);
    /// The user selected the marker recorded as journal event `seq` with the keyboard.
    void markSelected(quint64 seq);

protected:
    void paintEvent(QPaintEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    /// A "nice" step (1, 2, 5 × 10^n ms) giving roughly `approx` steps over `spanMs`
    /// milliseconds: the axis ticks, and (approx 10) the keyboard's scrub step.
    static qint64 niceStep(qint64 spanMs, int approx);
    double xOf(qint64 t, qint64 t0, qint64 t1, const QRect &plot) const;
    QRect laneRect(int lane, const QRect &plot) const;
    int laneAt(int y) const;
    int laneCount() const;
    int handlerLaneCount() const;
    int queueLane() const;
    const TimelineModel::Mark *markAt(const QPoint &pos) const;
    /// The journal seq that closed the LIST/WATCH bar under `pos` (0: none, or still open).
    quint64 spanEndSeqAt(const QPoint &pos) const;
    /// The QUEUE lane `ql`: the DeltaFIFO's depth over [t0, t1] ms as a step area, one column
    /// per pixel at the deepest the queue was in that column's time, up to the present.
    void paintQueueDepth(QPainter &p, const QRect &ql, qint64 t0, qint64 t1,
                         const QRect &plot) const;
    /// The keyboard selection and the focus frame, painted last.
    void paintSelection(QPainter &p, const QRect &plot, qint64 t0, qint64 t1) const;
    void updateAccessibleDescription();
    /// Whether `m` happened at or before the travel point (always true when live).
    bool isShown(const TimelineModel::Mark &m) const;
    /// Watch events of `s` up to the travel point (s.events when live).
    int shownEventsOf(const TimelineModel::Span &s) const;
    /// The deepest the queue was up to the travel point (maxDepth() when live).
    int maxDepthShown() const;

    TimelineModel *m_model;
    QTimer *m_tick;
    QElapsedTimer m_sinceChange; ///< since the model last changed
    qint64 m_windowMs = 60000;
    qint64 m_travelMs = -1;
    quint64 m_travelSeq = 0;   ///< the newest seq shown while travelling, 0 when unknown
    qint64 m_frozenNowMs = -1; ///< the present frozen while travelling, -1 when live
    bool m_scrubbing = false;
    quint64 m_selectedSeq = 0;
};

} // namespace lens
