// SPDX-License-Identifier: Apache-2.0
// How a test lets the event loop do what is already due, without waiting for real time: the
// half of "tests never sleep" that checks that nothing else happens (HACKING.md).
#pragma once

#include <QCoreApplication>
#include <QEventLoop>

namespace lens::test {

/// Runs, `turns` times over, everything the event loop has ready now: posted and queued
/// events (a ManualClock::advance() reaches its ClockTimers this way), zero-delay timers (the
/// controller's pump, a processor listener's delivery, a fake lister-watcher's answer) and
/// what they post in turn. It never waits: a timer due later in real time does not fire, so
/// whatever a test wants to have fired must be on a ManualClock the test advanced first.
/// 50 turns cover the longest chain in the suites (a backoff firing, the relist it starts, the
/// fake's answer, the watch after it, the deltas popped and delivered) with room to spare.
inline void runPendingEvents(int turns = 50)
{
    for (int i = 0; i < turns; ++i) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents(QEventLoop::AllEvents);
    }
}

} // namespace lens::test
