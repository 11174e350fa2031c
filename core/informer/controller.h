// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "queue.h"

#include <QObject>

class QTimer;

namespace lens {

class Clock;
class Journal;

/// The controller's processLoop (tools/cache/controller.go) as a pump on the event loop: it
/// never blocks on Pop. Running: pops every queued key, a bounded batch per event-loop turn so
/// the window stays responsive. Paused: deltas pile up in the queue, where they can be seen.
/// step(): pops exactly one key (in any mode).
///
/// Process errors are ignored, as with informers (RetryOnError = false); ErrRequeue-style
/// results are honoured by the queue itself.
class Controller : public QObject {
    Q_OBJECT
public:
    enum class Mode { Running, Paused };
    Q_ENUM(Mode)

    /// `queue` is not owned. `process` is HandleDeltas. `journal` may be null.
    Controller(Queue *queue, PopProcessFunc process, Journal *journal, QObject *parent = nullptr);

    Mode mode() const { return m_mode; }
    /// Keys popped per event-loop turn while running (default 64), and for at most
    /// sliceBudgetMs() milliseconds: keys that piled up many deltas each cost more, and the
    /// rest waits for the next turn (at least one key per turn).
    void setBatchSize(int n) { m_batch = qMax(1, n); }
    /// The informer's clock (not owned; null = real time): on a manual one (exact pictures) a
    /// turn pops setBatchSize() keys whatever the time they take (SliceBudget).
    void setClock(const Clock *clock) { m_clock = clock; }
    static constexpr int sliceBudgetMs() { return 8; }
    qint64 poppedCount() const { return m_popped; }

public Q_SLOTS:
    void run();
    void pause();
    /// Pops one key if any is queued; returns true if it did.
    bool step();
    /// Tells the pump that something was queued (wired to Queue::setQueuedCallback).
    void notifyQueued();

Q_SIGNALS:
    void modeChanged(lens::Controller::Mode mode);
    /// After every pop (one or a batch), so views can refresh counters.
    void popped();

private:
    void pump();
    void setMode(Mode m);

    Queue *m_queue;
    PopProcessFunc m_process;
    Journal *m_journal;
    QTimer *m_timer;
    const Clock *m_clock = nullptr;
    Mode m_mode = Mode::Running;
    int m_batch = 64;
    qint64 m_popped = 0;
};

} // namespace lens
