// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QPointer>
#include <QTimer>

namespace lens {

class Clock;
class ManualClock;

/// A single-shot timer on the one Clock: timeout() comes no earlier than the due time as the
/// Clock reads it (client-go's clock.Timer from k8s.io/utils/clock, which never fires early).
///
/// On a SteadyClock it waits on a precise QTimer and, should that wake up before the Clock
/// reads the due time (a QTimer's and the Clock's milliseconds are counted apart), waits again
/// for the rest. On a ManualClock it depends on `policy`:
/// - WaitForAdvance: real time plays no part; it fires once ManualClock::advance() has moved
///   the clock to or past the due time (queued, on this object's event loop), as client-go's
///   FakeClock.Step fires its waiters (the resync check: a scenario's or a test's clock decides
///   when a tick comes).
/// - CatchUp: a wait that must end even when nobody drives the clock (backoff, the WatchList
///   bookmark timeout): once its delay has passed in real time, it moves the manual clock to its
///   due time (ManualClock::advanceTo) and fires, so the wait shows as time passing on the
///   Clock and nothing sees a time before it. An advance() that reaches the due time first
///   fires it at once. A due time past the clock's catch-up limit (ManualClock::
///   setCatchUpLimitMs, a scenario's stop time) is not caught up: it waits for advance().
/// While it waits on a ManualClock, the clock knows its due time (ManualClock::nextTimerDueMs),
/// so whoever drives the clock can stop there instead of jumping over it.
class ClockTimer final : public QObject {
    Q_OBJECT
public:
    enum class ManualClockPolicy { WaitForAdvance, CatchUp };

    /// `clock` is not owned and must outlive the timer.
    explicit ClockTimer(const Clock *clock, QObject *parent = nullptr,
                        ManualClockPolicy policy = ManualClockPolicy::WaitForAdvance);
    ~ClockTimer() override;

    /// Fires once when the Clock reads `dueMs` (Clock milliseconds) or later; replaces any
    /// earlier start.
    void startAt(qint64 dueMs);
    /// Fires once `delayMs` milliseconds of Clock time from now (0 = on the next check).
    void start(qint64 delayMs);
    void stop();
    bool isActive() const { return m_active; }
    /// Whether a ManualClock's driver should stop at this timer's due time (the default, true:
    /// it is listed by ManualClock::nextTimerDueMs). False for a timer whose firing changes
    /// nothing a scenario waits for (a metrics tick, an insurance heartbeat), so that a player
    /// jumping to `--at` does not stop every few hundred milliseconds for it; it still fires
    /// once advance() passes its due time. Takes effect at the next start.
    void setClockStop(bool stop) { m_clockStop = stop; }
    bool isClockStop() const { return m_clockStop; }
    /// When it fires (Clock milliseconds); meaningful while active.
    qint64 dueMs() const { return m_dueMs; }

Q_SIGNALS:
    void timeout();

private:
    /// Fires when due, else (steady clock) waits for the rest.
    void check();

    const Clock *m_clock;
    ManualClock *m_manual; ///< the clock when it is a ManualClock, else null
    /// The same, null once that clock's destruction began: a timer destroyed with or after its
    /// clock (a child of it, or deleted later) does not call into a clock that is gone.
    QPointer<ManualClock> m_manualAlive;
    ManualClockPolicy m_policy;
    QTimer m_timer;
    qint64 m_dueMs = 0;
    bool m_active = false;
    bool m_clockStop = true;
};

} // namespace lens
