// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QtGlobal>

namespace lens {

/// The one clock every component asks for "now" (milliseconds since the clock started).
/// SteadyClock follows real time; ManualClock only moves when told to, which is what makes
/// tests and scenarios reproducible. Timers that must not fire before a time on this clock
/// are ClockTimers (clocktimer.h). Mirrors k8s.io/utils/clock (clock.Clock, and
/// testingclock.FakeClock for ManualClock).
class Clock {
public:
    virtual ~Clock() = default;
    /// Milliseconds since this clock's start; never decreases.
    virtual qint64 nowMs() const = 0;
    /// True for a clock that moves only when told to (ManualClock: tests, exact pictures).
    /// Work that is cut into slices per event-loop turn cuts them by count instead of real time
    /// on such a clock (SliceBudget), so the same inputs interleave the same on any machine.
    virtual bool isManual() const { return false; }
};

/// How much of a queue one event-loop turn may work through: at most `maxCount` items, and on
/// a real-time clock (or none) also at most `maxMs` milliseconds of real time, so that the
/// window stays responsive under any load. On a manual clock (Clock::isManual(), exact
/// pictures) only the count applies: how many items a turn takes, and therefore the order in
/// which two pumps' records interleave in the journal, must not depend on the machine's speed.
class SliceBudget {
public:
    SliceBudget(const Clock *clock, qint64 maxMs, int maxCount)
        : m_timed(!clock || !clock->isManual()), m_maxMs(maxMs), m_maxCount(maxCount)
    {
        if (m_timed)
            m_timer.start();
    }
    /// True once `done` items used the turn up (the first item is always allowed).
    bool spent(int done) const
    {
        return done >= m_maxCount || (m_timed && done > 0 && m_timer.elapsed() >= m_maxMs);
    }

private:
    QElapsedTimer m_timer;
    bool m_timed;
    qint64 m_maxMs;
    int m_maxCount;
};

class SteadyClock final : public Clock {
public:
    SteadyClock() { m_timer.start(); }
    qint64 nowMs() const override { return m_timer.elapsed(); }

private:
    QElapsedTimer m_timer;
};

/// A clock that moves only by advance(), like client-go's FakeClock.Step: every ClockTimer on it
/// that has come due fires (on the next pass of the timer's event loop).
class ManualClock final : public QObject, public Clock {
    Q_OBJECT
public:
    qint64 nowMs() const override { return m_now; }
    bool isManual() const override { return true; }
    /// Moves time forward by `ms` milliseconds (negative values are ignored).
    void advance(qint64 ms)
    {
        if (ms <= 0)
            return;
        m_now += ms;
        Q_EMIT advanced(m_now);
    }
    /// Moves time forward to `ms` (nothing when the clock already reads it or later).
    void advanceTo(qint64 ms) { advance(ms - m_now); }

    /// The ClockTimers waiting on this clock (ClockTimer keeps it up to date), so that whoever
    /// drives the clock can stop at each due time instead of jumping over it, as a scenario's
    /// player does: `timer` is due at `dueMs`; `catchUp` when it would move the clock itself;
    /// `stop` false for a timer nobody needs to stop at (ClockTimer::setClockStop).
    void timerArmed(const QObject *timer, qint64 dueMs, bool catchUp, bool stop = true)
    {
        if (stop)
            m_timers.insert(timer, {dueMs, catchUp});
        else
            m_timers.remove(timer);
    }
    void timerDisarmed(const QObject *timer) { m_timers.remove(timer); }
    /// The latest time (ms) a catching-up ClockTimer may move this clock to by itself; -1 (the
    /// default) = no limit. A catching-up timer due later waits for advance() like a
    /// WaitForAdvance one. Whoever drives the clock to a stop time (a scenario's `--at`) sets
    /// it, so that waits that end in real time (the provisioner's latency, a backoff) cannot
    /// carry the clock past the stop while its driver waits for the run to settle.
    void setCatchUpLimitMs(qint64 ms) { m_catchUpLimit = ms; }
    qint64 catchUpLimitMs() const { return m_catchUpLimit; }
    /// The earliest due time after now of a waiting timer (only catching-up ones when
    /// `catchUpOnly`), or -1 when none.
    qint64 nextTimerDueMs(bool catchUpOnly = false) const
    {
        qint64 next = -1;
        for (auto it = m_timers.cbegin(); it != m_timers.cend(); ++it)
            if (it->dueMs > m_now && (!catchUpOnly || it->catchUp) &&
                (next < 0 || it->dueMs < next))
                next = it->dueMs;
        return next;
    }

Q_SIGNALS:
    /// The clock moved to `nowMs`.
    void advanced(qint64 nowMs);

private:
    struct Waiting {
        qint64 dueMs;
        bool catchUp;
    };
    qint64 m_now = 0;
    qint64 m_catchUpLimit = -1;
    QHash<const QObject *, Waiting> m_timers;
};

} // namespace lens
