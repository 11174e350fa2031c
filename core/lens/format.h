// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "trace/eventdetail.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>

namespace lens {

/// Journal time (milliseconds since the clock started) as "12.345 s".
QString formatTimeMs(qint64 ms);

/// A duration or a countdown for people, never rounded to a coarser unit than it reads in:
/// under 1 s in milliseconds ("246 ms"), under a minute in tenths of a second ("1.2 s",
/// "12.4 s"), then minutes and whole seconds ("2 min 5 s"). Negative values read as 0 ms.
/// Translated (context "lens::Duration").
QString formatDuration(qint64 ms);

/// The tooltip of a time cell: journal time `ms` whole, in milliseconds and seconds
/// ("t = 123456 ms = 123.456 s after the journal's clock started"), and, when `wallClockOrigin`
/// is valid (Journal::wallClockOrigin()), the wall-clock moment it was, in local time to the
/// millisecond with its UTC offset ("2026-12-01 20:40:16.456 +01:00"). Translated (context
/// "lens::JournalTime").
QString formatTimeTooltip(qint64 ms, const QDateTime &wallClockOrigin = {});

/// A TraceEvent's detail object as "cause=initial limit=500" (keys sorted, strings unquoted,
/// long values elided). Empty for an empty object.
QString formatDetail(const QJsonObject &detail);
QString formatDetail(const EventDetail &detail);

} // namespace lens
