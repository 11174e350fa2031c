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

/// A WATCH over one QNetworkReply; see WatchCall.
class HttpWatchCall final : public WatchCall {
    Q_OBJECT
public:
    explicit HttpWatchCall(QNetworkReply *reply);
    ~HttpWatchCall() override;
    void stop() override;

private:
    void onReadyRead();
    void onFinished();
    bool decodeLine(const QByteArray &line);
    QPointer<QNetworkReply> m_reply;
    QByteArray m_errorBody;
    bool m_stopped = false;
    bool m_ok = true;
};

/// Decodes one watch line ({"type":..,"object":{..}}). Returns false with `*error` set when the
/// line is not a watch event.
bool decodeWatchEvent(const QByteArray &line, WatchEvent *out, QString *error);

} // namespace lens
