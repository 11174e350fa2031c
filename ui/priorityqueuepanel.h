// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "panel.h"

#include <QList>
#include <QRect>

class QComboBox;
class QLabel;
class QScrollArea;
class QTimer;
class QTreeView;

namespace lens {

class Clock;
class LensModels;
class PriorityQueueModel;
class RuntimeControlsBox;
struct RuntimeControls;

/// The lanes picture of one controller-runtime priority queue (PriorityQueueModel): one
/// horizontal lane per priority, highest on top, each key a chip in hand-out order with how
/// long it has been ready; the waiting keys in a lane of their own with their ready time. A
/// chip whose entry was passed over by Gets of other keys is highlighted, a key a worker holds
/// is outlined with a dashed line; the tooltip says why the entry is there and by whom it was
/// passed over. Each lane's title gives its depth (the ready entries at that priority).
/// Painted, not widgets: a queue of thousands stays one widget. Clicking a chip selects it.
class PriorityLanesView final : public QWidget {
    Q_OBJECT
public:
    explicit PriorityLanesView(PriorityQueueModel *model, QWidget *parent = nullptr);
    /// Lays the chips out again (after the model changed).
    void relayout();
    QSize sizeHint() const override;
    /// Pixels `lanes` lanes of one chip row take (capped at what the lanes take now).
    int heightForLanes(int lanes) const;
    /// The chip of `key`, in widget coordinates (empty when not shown).
    QRect chipRect(const QString &key) const;

Q_SIGNALS:
    void chipClicked(const QString &key, quint64 seq);

protected:
    void paintEvent(QPaintEvent *e) override;
    void resizeEvent(QResizeEvent *e) override;
    bool event(QEvent *e) override;
    void mousePressEvent(QMouseEvent *e) override;

private:
    struct Chip {
        QRect rect;
        QString key;
        QString text;
        bool passed = false;
        bool held = false;
        bool waiting = false;
    };
    struct LaneBox {
        QRect rect;
        QString title;
    };
    int layoutFor(int width);
    const Chip *chipAt(const QPoint &p) const;

    PriorityQueueModel *m_model;
    QList<Chip> m_chips;
    QList<LaneBox> m_lanes;
    int m_height = 0;
    int m_titleWidth = 100; ///< the lane titles' column, pixels
};

/// The Priority queue tab: the lanes picture above, a strip of the controller's workers (the
/// key each holds, at which priority, for how long, and its last result), the capacity facts
/// the journal gives (busy workers of maxConcurrentReconciles, the mean reconcile, the keys
/// requeued after a delay, P·c / (W·T)), and below the model's tree: every entry with why it is
/// queued and by whom it was passed over. From the journal only; while live the clock's "now"
/// is read each second, so the ages count.
class PriorityQueuePanel final : public Panel {
    Q_OBJECT
public:
    /// `stream` is the window's body over the whole journal (its priorityQueue()); `clock`
    /// (may be null) is the journal's.
    PriorityQueuePanel(LensModels *stream, const Clock *clock, QWidget *parent = nullptr);

    PriorityQueueModel *model() const;
    PriorityLanesView *lanesView() const { return m_lanes; }
    QTreeView *view() const { return m_view; }
    QLabel *workersLabel() const { return m_workers; }
    QLabel *capacityLabel() const { return m_capacity; }
    /// Reads the clock and the figures again now.
    void refresh();
    /// Adds the Sample controller box (RuntimeControlsBox) at the bottom: the runtime-sample
    /// controller's settings, changed live. Call once.
    void setRuntimeControls(RuntimeControls controls);
    /// The box (null until setRuntimeControls()).
    RuntimeControlsBox *runtimeControls() const { return m_controls; }

Q_SIGNALS:
    /// The user chose a key (the request "ns/name").
    void objectSelected(const QString &objectKey);
    /// The event that put the chosen entry in its state, for Explain.
    void seqChosen(quint64 seq);

protected:
    void retranslate() override;

private:
    void updateQueues();
    void updateFigures();

    LensModels *m_stream;
    const Clock *m_clock;
    QComboBox *m_queueBox;
    PriorityLanesView *m_lanes;
    QScrollArea *m_laneScroll = nullptr;
    QLabel *m_workers;
    QLabel *m_capacity;
    QTreeView *m_view;
    QTimer *m_tick;
    RuntimeControlsBox *m_controls = nullptr;
};

} // namespace lens
