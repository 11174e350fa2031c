// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonObject>
#include <QString>

namespace lens {

/// Journal time (milliseconds since the clock started) as "12.345 s".
QString formatTimeMs(qint64 ms);

/// A TraceEvent's detail object as "cause=initial limit=500" (keys sorted, strings unquoted,
/// long values elided). Empty for an empty object.
QString formatDetail(const QJsonObject &detail);

} // namespace lens
