// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QElapsedTimer>
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

Q_SIGNALS:
    /// The clock moved to `nowMs`.
    void advanced(qint64 nowMs);

private:
    qint64 m_now = 0;
};

} // namespace lens
