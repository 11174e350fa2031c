// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "trace/clock.h"

#include <QSet>
#include <QString>

#include <climits>

namespace lens::sim {

/// The misbehaviour the simulated API server has been told to show, in one place: set by
/// ApiServer's fault controls (and so by the /sim/v1/ control API, the window's Simulator panel
/// and scenarios), read by the handlers, reported by GET /sim/v1/state. Counts are requests
/// still to be failed; the stall is a deadline on the server's timer clock (passed = none).
struct Faults {
    int failCount = 0;      ///< the next N API requests fail ...
    int failStatus = 0;     ///< ... with this HTTP status ...
    int failRetryAfter = 0; ///< ... and this Retry-After (seconds; 0 = none)
    int tooLargeCount = 0;  ///< the next N LIST/WATCH get 504 "Too large resource version"
    /// The server's timer clock (ApiServer::setTimerClock()); the stall's deadline is on it.
    const lens::Clock *clock = nullptr;
    qint64 stallUntilMs = 0;              ///< watches opened before this (clock ms) are stalled too
    bool ignoreSendInitialEvents = false; ///< act like a server before 1.27 (no WatchList)
    QSet<QString> forbidden;              ///< resources (the Store's names) answered 403 Forbidden

    /// Milliseconds left of the watch stall (0 = none).
    int stallRemainingMs() const
    {
        return clock ? int(qBound(qint64(0), stallUntilMs - clock->nowMs(), qint64(INT_MAX))) : 0;
    }
    /// Uses up one injected failure: true (and the status and Retry-After to answer with) while
    /// failCount lasts.
    bool takeFailure(int *status, int *retryAfterSeconds)
    {
        if (failCount <= 0)
            return false;
        --failCount;
        *status = failStatus;
        *retryAfterSeconds = failRetryAfter;
        return true;
    }
    /// Uses up one "Too large resource version" answer: true while tooLargeCount lasts.
    bool takeTooLarge()
    {
        if (tooLargeCount <= 0)
            return false;
        --tooLargeCount;
        return true;
    }
};

} // namespace lens::sim
