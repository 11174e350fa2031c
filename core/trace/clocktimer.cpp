// SPDX-License-Identifier: Apache-2.0
#include "clocktimer.h"

#include "clock.h"

#include <climits>

namespace lens {

ClockTimer::ClockTimer(const Clock *clock, QObject *parent, ManualClockPolicy policy)
    : QObject(parent), m_clock(clock),
      // Catching up moves the manual clock: the one place a timer writes to its Clock.
      m_manual(const_cast<ManualClock *>(dynamic_cast<const ManualClock *>(clock))),
      m_manualAlive(m_manual), m_policy(policy)
{
    // A child, so it moves with the ClockTimer to another thread and a profiler names its
    // turns after the ClockTimer's owner; destroyed as a member before ~QObject runs.
    m_timer.setParent(this);
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &ClockTimer::check);
    if (m_manual)
        connect(m_manual, &ManualClock::advanced, this, &ClockTimer::check, Qt::QueuedConnection);
}

ClockTimer::~ClockTimer()
{
    if (m_manualAlive)
        m_manualAlive->timerDisarmed(this);
}

void ClockTimer::startAt(qint64 dueMs)
{
    m_dueMs = dueMs;
    m_active = true;
    if (m_manual)
        m_manual->timerArmed(this, dueMs, m_policy == ManualClockPolicy::CatchUp, m_clockStop);
    // A manual clock that already reads the due time fires on the next pass, as a steady one;
    // a catching-up timer waits its delay in real time.
    if (!m_manual || m_policy == ManualClockPolicy::CatchUp || m_clock->nowMs() >= dueMs)
        m_timer.start(int(qBound<qint64>(0, dueMs - m_clock->nowMs(), qint64(INT_MAX))));
    else
        m_timer.stop();
}

void ClockTimer::start(qint64 delayMs)
{
    startAt(m_clock->nowMs() + qMax<qint64>(0, delayMs));
}

void ClockTimer::stop()
{
    m_active = false;
    m_timer.stop();
    if (m_manual)
        m_manual->timerDisarmed(this);
}

void ClockTimer::check()
{
    if (!m_active)
        return;
    const qint64 now = m_clock->nowMs();
    if (now < m_dueMs) {
        if (!m_manual) {
            m_timer.start(int(qMin<qint64>(m_dueMs - now, qint64(INT_MAX))));
            return;
        }
        if (m_policy != ManualClockPolicy::CatchUp || sender() != &m_timer)
            return; // an advance() short of the due time
        if (const qint64 limit = m_manual->catchUpLimitMs(); limit >= 0 && m_dueMs > limit)
            return; // past the driver's stop time: only its advance() may get there
        m_manual->advanceTo(m_dueMs); // the delay has passed in real time: so it has here
    }
    m_active = false;
    m_timer.stop();
    if (m_manual)
        m_manual->timerDisarmed(this);
    Q_EMIT timeout();
}

} // namespace lens
