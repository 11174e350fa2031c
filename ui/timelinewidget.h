// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "lens/timelinemodel.h"
#include "timelinelanes.h"

#include <QElapsedTimer>
#include <QSet>
#include <QWidget>

class QPainter;
class QScrollBar;
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
/// When the journal holds several informers (TimelineModel::tracks()), each gets these lanes
/// under a header naming it; clicking the header (or Up/Down to it and Space) folds the
/// group to its header and back, and stays so across time travel.
/// Lanes are never squeezed below the height their names need (measured with QFontMetrics,
/// TimelineGeometry::minimumLaneHeight): when they need more height than the widget has, the
/// lanes scroll under a fixed time axis, with a scroll bar on the right; the mouse wheel over
/// the lane names (or with Shift anywhere) and PageUp/PageDown scroll them, and a header
/// selected with Up/Down or a marker selected with the keyboard is scrolled into view.
/// x is time in seconds since the journal's clock started. By default the view follows the
/// present: it shows the whole history until it is longer than the window (60 s, mouse wheel
/// zooms 1 s … 1 h), then the newest window. While the pointer rests on the lanes the view
/// stops following (so what is under it stays there) until the pointer leaves or F is
/// pressed. Hovering explains the mark nearest the pointer (within 8 px); clicking a watch
/// event selects its key (keyClicked); pressing and dragging on the time axis (or anywhere
/// with Shift) scrubs: scrubbed(t) asks the window to show that moment (time travel), painted
/// as an orange line until setTravelTime(-1) returns to live. While travelling the view stops
/// scrolling (its present is frozen where travel began) and draws nothing after the travel
/// point: sessions end there, labelled as they stood then, and later markers, queue depth and
/// resync rounds are not drawn, described or clickable (timelinewidget_travel.cpp).
///
/// Keyboard (the widget takes the focus; timelinewidget_keys.cpp): Left/Right select the
/// previous/next marker, Ctrl+Left/Right the previous/next one that is not a watch event,
/// Home/End the first/last; each selection emits markSelected(seq) (the window travels there
/// and explains it). Shift+Left/Right scrub by one axis step (scrubbed), +/- zoom, Enter emits
/// markClicked and keyClicked for the selected marker. The accessible description says what
/// is selected and whether the views travel in time.
///
/// The parts: TimelineGeometry (where lanes and times are), one painter per lane
/// (timelinepaint.cpp), TimelineHitTest (what is under a point); the words for a marker are
/// Caption::forMark.
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
    /// The present the view scrolls with: the journal clock's; while travelling the one frozen
    /// when travel began, while the pointer rests on the lanes the one frozen when it came
    /// (the time axis stands still).
    qint64 presentMs() const;
    /// The last moment drawn: the travel point, or the present when live.
    qint64 shownUntilMs() const;
    /// Whether the view stopped following the present because the pointer rests on it.
    bool isHoldingForPointer() const { return m_hoverNowMs >= 0; }
    /// Follows the present again (after the pointer made the view hold still).
    void followPresent();

    /// Journal time under x (widget coordinates) in the current visible range.
    qint64 timeAtX(int x) const;
    /// x (widget coordinates) of journal time `t` in the current visible range.
    int xOfTime(qint64 t) const;
    /// The text the tooltip would show at `pos` (empty when nothing is there).
    QString describeAt(const QPoint &pos) const;
    /// The journal seq of the mark a click at `pos` would pick (0: none): the nearest one
    /// drawn within 8 px (TimelineHitTest::kRadius).
    quint64 markSeqAt(const QPoint &pos) const;
    /// The plot area (lanes) in widget coordinates; the time axis is just below it.
    QRect plotRect() const;
    /// Where everything is drawn now: plot, visible range and lanes.
    TimelineGeometry geometry() const;

    /// The groups of lanes with a header of their own, top to bottom: each informer's name, then
    /// workersGroupKey() for the controller's workers (empty when there is only one group).
    /// Up and Down select among them, Space folds the selected one.
    QStringList groupInformers() const;
    /// The key the workers' group is folded under (no informer is named so).
    static QString workersGroupKey();
    /// Whether `informer`'s lanes are folded under their header.
    bool isCollapsed(const QString &informer) const { return m_collapsed.contains(informer); }
    /// Folds (or unfolds) `informer`'s lanes under their header.
    void setCollapsed(const QString &informer, bool collapsed);
    /// The rectangle of `informer`'s header lane (empty when it has none); it lies outside
    /// plotRect() while the lanes are scrolled away from it.
    QRect headerRect(const QString &informer) const;
    /// Pixels of the lanes scrolled above the plot (0 while they fit, see geometry()).
    int laneScroll() const { return geometry().scroll(); }
    /// Scrolls the lanes so that `px` of them are above the plot (clamped to what scrolls).
    void setLaneScroll(int px);
    /// The vertical scroll bar of the lanes (hidden while they fit).
    QScrollBar *laneScrollBar() const { return m_vbar; }
    /// The group header selected with Up/Down (an index into groupInformers()), -1 when none.
    int focusedGroup() const { return m_focusedGroup; }

    /// The journal seq of the marker selected with the keyboard, 0 when none.
    quint64 selectedSeq() const { return m_selectedSeq; }
    /// Selects the marker recorded as journal event `seq` (0: none), widening the visible
    /// window (up to 1 h) so it is on screen. Does not emit markSelected.
    void selectMark(quint64 seq);

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
    void enterEvent(QEnterEvent *event) override;
    void leaveEvent(QEvent *event) override;
    bool event(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    /// The lane texts' fonts: the widget's font at 85 %, and that in bold (names, headers).
    QFont smallFont() const;
    QFont boldFont() const;
    /// How the lanes stack now: at least their names' height, scrolled by m_scroll, and room
    /// for the scroll bar when they do not fit.
    TimelineGeometry::Stacking stacking(const std::vector<TimelineLane> &lanes) const;
    /// The lanes of `groups`, top to bottom.
    static std::vector<TimelineLane> lanesOf(const std::vector<TimelineGroup> &groups);
    /// Shows, sizes and sets the scroll bar for the lanes as they are now.
    void updateScrollBar();
    /// Scrolls lane `lane` of the current geometry into view.
    void scrollLaneIntoView(int lane);
    /// One group per track (informer) of the model; one empty group before any event; then
    /// the controller's workers when the journal has any.
    std::vector<TimelineGroup> groups() const;
    TimelineMoment moment() const;
    /// The marker recorded as `seq` in any group, or null.
    const TimelineModel::Mark *findMark(quint64 seq) const;
    /// The marker before (`back`) or after the selection (or the travel point, or the
    /// present) in the unfolded groups; skipping watch events and list pages with
    /// `skipEvents`. Null when there is none.
    const TimelineModel::Mark *neighbourMark(bool back, bool skipEvents) const;
    /// The first or last marker of the unfolded groups.
    const TimelineModel::Mark *endMark(bool last) const;
    /// The keyboard selection and the focus frame, painted last.
    void paintSelection(QPainter &p, const TimelineGeometry &g) const;
    void updateAccessibleDescription();
    /// Holds the view still while the pointer rests on the lanes of a live view.
    void holdForPointer(const QPoint &pos);

    TimelineModel *m_model;
    QTimer *m_tick;
    QScrollBar *m_vbar;
    QElapsedTimer m_sinceChange; ///< since the model last changed
    qint64 m_windowMs = 60000;
    qint64 m_travelMs = -1;
    quint64 m_travelSeq = 0;   ///< the newest seq shown while travelling, 0 when unknown
    qint64 m_frozenNowMs = -1; ///< the present frozen while travelling, -1 when live
    qint64 m_hoverNowMs = -1;  ///< the present frozen while the pointer rests, -1 when not
    bool m_scrubbing = false;
    quint64 m_selectedSeq = 0;
    QSet<QString> m_collapsed;     ///< informers whose lanes are folded
    int m_focusedGroup = -1;       ///< the group header selected with Up/Down, -1 when none
    qsizetype m_groupCount = 0;    ///< tracks when the size hint was last given
    int m_scroll = 0;              ///< px of the lanes above the plot, as asked (geometry clamps)
    mutable int m_nameHeight = -1; ///< laneTextHeight() of the lane names, -1: to measure
    mutable int m_textHeight = -1; ///< laneTextHeight() of the small lane texts
};

} // namespace lens
