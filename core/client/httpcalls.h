// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "informer/listerwatcher.h"

#include <QPointer>

class QNetworkReply;

namespace lens {

/// Turns a finished reply's error state into an ApiStatus (HTTP Status body, Retry-After,
/// or a transport error). `body` is what was read of the answer.
ApiStatus statusFromReply(QNetworkReply *reply, const QByteArray &body);

/// A LIST over one QNetworkReply; see ListCall.
class HttpListCall final : public ListCall {
    Q_OBJECT
public:
    explicit HttpListCall(QNetworkReply *reply);
    ~HttpListCall() override;
    void abort() override;

private:
    void onFinished();
    QPointer<QNetworkReply> m_reply;
    bool m_done = false;
};

/// A WATCH over one QNetworkReply; see WatchCall. Newline-delimited events are decoded and
/// emitted in arrival order (client-go's StreamWatcher.receive), but in slices of at most
/// sliceBudgetMs() of work per event-loop turn: when the server pours events in faster than the
/// thread decodes them, the rest waits in the reply's buffer for the next turn instead of
/// stalling the thread (and the window on it) for as long as the backlog lasts.
class HttpWatchCall final : public WatchCall {
    Q_OBJECT
public:
    explicit HttpWatchCall(QNetworkReply *reply);
    ~HttpWatchCall() override;
    void stop() override;
    /// Milliseconds of decoding per event-loop turn before yielding.
    static constexpr int sliceBudgetMs() { return 8; }

private:
    void onReadyRead();
    void onFinished();
    /// Decodes whole lines for up to sliceBudgetMs(). Returns true when no whole line is left
    /// (or the call stopped); false when it yielded with lines still buffered (a queued
    /// continuation is then scheduled).
    bool drainLines();
    bool decodeLine(const QByteArray &line);
    QPointer<QNetworkReply> m_reply;
    QByteArray m_errorBody;
    bool m_stopped = false;
    bool m_ok = true;
    bool m_continuationQueued = false;
    bool m_finishedPending = false;
};

/// Decodes one watch line ({"type":..,"object":{..}}). Returns false with `*error` set when the
/// line is not a watch event.
bool decodeWatchEvent(const QByteArray &line, WatchEvent *out, QString *error);

} // namespace lens
