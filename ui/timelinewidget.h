// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QTimer;

namespace lens {

class TimelineModel;

/// The Reflector's life along a time axis, painted from a TimelineModel in five lanes:
///   LIST    list sessions as bars (label: cause · items at RV), pages as ticks, failures red;
///   WATCH   watch sessions as bars (label: from RV · events), ended-by-error bars red-capped;
///   EVENTS  watch events as ticks (ADDED green, MODIFIED blue, DELETED red);
///   MARKERS bookmarks (purple diamonds), 410 Gone / errors (red flags), backoff (amber bars of
///           their delay), resync ticks (grey), HasSynced (green line across all lanes);
///   QUEUE   DeltaFIFO depth as a step area.
/// x is time in seconds since the journal's clock started. By default the view follows the
/// present: it shows the whole history until it is longer than the window (60 s, mouse wheel
/// zooms 1 s … 1 h), then the newest window. Hovering shows what is under the pointer.
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

protected:
    void paintEvent(QPaintEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    bool event(QEvent *event) override;

private:
    double xOf(qint64 t, qint64 t0, qint64 t1, const QRect &plot) const;
    QRect laneRect(int lane, const QRect &plot) const;
    QString describeAt(const QPoint &pos) const;

    TimelineModel *m_model;
    QTimer *m_tick;
    qint64 m_windowMs = 60000;
};

} // namespace lens
