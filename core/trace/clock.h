// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QElapsedTimer>
#include <QtGlobal>

namespace lens {

/// The one clock every component asks for "now" (milliseconds since the clock started).
/// SteadyClock follows real time; ManualClock only moves when told to, which is what makes
/// tests and scenarios reproducible.
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

class ManualClock final : public Clock {
public:
    qint64 nowMs() const override { return m_now; }
    /// Moves time forward by `ms` milliseconds (negative values are ignored).
    void advance(qint64 ms) { m_now += qMax<qint64>(0, ms); }

private:
    qint64 m_now = 0;
};

} // namespace lens
