// SPDX-License-Identifier: Apache-2.0
#pragma once

// What a QNetworkReply of the API server says, for the calls of httpcalls.cpp (LIST) and
// httpwatchcall.cpp (WATCH). Not part of the client's interface.

#include "api/status.h"

class QNetworkReply;

namespace lens {

/// The HTTP status code of `reply` (0 before the headers came, or without an answer).
int httpStatus(QNetworkReply *reply);
/// The request timeout (rest.Config.Timeout) or a SilenceWatchdog aborted `reply`.
bool isTimedOut(const QNetworkReply *reply);
/// Why `reply` was aborted by a timeout (isTimedOut()): a Transport::Timeout status naming the
/// endpoint and the limit.
ApiStatus requestTimeoutStatus(QNetworkReply *reply);

} // namespace lens
