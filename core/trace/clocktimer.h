// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QTimer>

namespace lens {

class Clock;

/// A single-shot timer on the one Clock: timeout() comes no earlier than the due time as the
/// Clock reads it (client-go's clock.Timer from k8s.io/utils/clock, which never fires early).
///
/// On a SteadyClock it waits on a precise QTimer and, should that wake up before the Clock
/// reads the due time (a QTimer's and the Clock's milliseconds are counted apart), waits again
/// for the rest. On a ManualClock real time plays no part: it fires once ManualClock::advance()
/// has moved the clock to or past the due time (queued, on this object's event loop), as
/// client-go's FakeClock.Step fires its waiters.
class ClockTimer final : public QObject {
    Q_OBJECT
public:
    /// `clock` is not owned and must outlive the timer.
    explicit ClockTimer(const Clock *clock, QObject *parent = nullptr);

    /// Fires once when the Clock reads `dueMs` (Clock milliseconds) or later; replaces any
    /// earlier start.
    void startAt(qint64 dueMs);
    /// Fires once `delayMs` milliseconds of Clock time from now (0 = on the next check).
    void start(qint64 delayMs);
    void stop();
    bool isActive() const { return m_active; }
    /// When it fires (Clock milliseconds); meaningful while active.
    qint64 dueMs() const { return m_dueMs; }

Q_SIGNALS:
    void timeout();

private:
    /// Fires when due, else (steady clock) waits for the rest.
    void check();

    const Clock *m_clock;
    bool m_manual;
    QTimer m_timer;
    qint64 m_dueMs = 0;
    bool m_active = false;
};

} // namespace lens
