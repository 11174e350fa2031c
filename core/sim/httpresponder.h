// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "statuses.h"

#include <QElapsedTimer>
#include <QFile>
#include <QHttpServerRequest>
#include <QString>
#include <QStringList>
#include <QUrlQuery>

#include <functional>

QT_BEGIN_NAMESPACE
class QTcpSocket;
QT_END_NAMESPACE

namespace lens::sim {

/// One HTTP request being answered by the simulated API server: the request, the client socket,
/// and what the handlers read from it — method ("GET"), path, target (path and query as sent,
/// for the access log), the query (with '+' read as a space, as Go's url.ParseQuery does:
/// kubectl sends "app+in+%28a%2Cb%29"), the path segments, whether the client asked for
/// "Connection: close", and whether an answer went out already.
struct HttpCall {
    HttpCall(const QHttpServerRequest &request, QTcpSocket *socket);

    const QHttpServerRequest &req;
    QTcpSocket *socket;
    QString method;
    QString path;
    QString target;
    QUrlQuery query;
    QStringList segments;
    bool closeConnection = false;
    bool responded = false;
    QElapsedTimer started;

    /// A query parameter, fully decoded ("" when absent).
    QString value(const char *key) const
    {
        return query.queryItemValue(QLatin1String(key), QUrl::FullyDecoded);
    }
    bool has(const char *key) const { return query.hasQueryItem(QLatin1String(key)); }
    /// A request header by case-insensitive name ("" when absent).
    QByteArray header(const char *name) const;
};

/// A boolean query parameter as apimachinery's Convert_Slice_string_To_bool reads it: "0" and
/// "false" (any case) are false, any other value is true ("True" from Python's client, "1").
/// An absent (or empty) parameter is false.
inline bool queryFlag(const QString &v)
{
    return !v.isEmpty() && v != QLatin1String("0") &&
           v.compare(QLatin1String("false"), Qt::CaseInsensitive) != 0;
}

/// Writes the simulated API server's plain answers by hand on the client socket (Qt 6.4's
/// QHttpServerResponder keeps a raw socket pointer and crashes when a watch client goes away,
/// see docs/simulator.md): HTTP/1.1 with Content-Length, keep-alive unless the client asked
/// for "Connection: close", kube-apiserver's Cache-Control and Date headers and, for Status
/// answers carrying details.retryAfterSeconds, a Retry-After header. Every answer (and every
/// watch when its stream starts) is counted in the access log and reported to `handled`.
class HttpResponder {
public:
    /// Sends `body` with `code` (a socket that went away is not written to; the request is
    /// logged all the same). `retryAfterSeconds` > 0 adds a Retry-After header.
    void respond(HttpCall &call, int code, const QByteArray &body,
                 const QByteArray &contentType = QByteArrayLiteral("application/json"),
                 int retryAfterSeconds = 0);
    /// Sends a metav1.Status (statusJson) with its code.
    void respondStatus(HttpCall &call, const StatusBody &status);
    void respondStatus(HttpCall &call, int code, const QString &reason, const QString &message,
                       const QJsonObject &details = {}, const QByteArray &metadata = "{}")
    {
        respondStatus(call, StatusBody{code, reason, message, details, metadata});
    }
    /// 404 NotFound "the server could not find the requested resource", kube-apiserver's answer
    /// for a path it does not serve.
    void respondNotFound(HttpCall &call);
    /// 405 MethodNotAllowed "the server does not allow this method on the requested resource".
    void respondMethodNotAllowed(HttpCall &call);

    /// Writes the access-log line for `call` answered with `code` and calls `handled`.
    void logRequest(HttpCall &call, int code);
    /// Appends one line per request to `path` (empty = stop logging), flushed at once, in the
    /// shape of kube-apiserver's httplog lines (see ApiServer::openAccessLog). Returns false
    /// and sets `*error` when the file cannot be opened.
    bool openAccessLog(const QString &path, QString *error = nullptr);

    /// Bodies from this size (bytes) on are handed to the socket apart from the head, without
    /// a copy; smaller ones are written together with it.
    static constexpr qsizetype LargeBody = 256 * 1024;

    /// Sends a 200 application/json answer of exactly `size` bytes that `next` writes piece by
    /// piece: `next(&piece)` fills `piece` (cleared first) with the next bytes and returns
    /// false once it wrote the last. A piece is asked for whenever fewer than StreamAhead bytes
    /// wait in the socket, so the whole body never exists at once: a LIST of 150 000 pods
    /// (912 MB) went out as one freshly allocated array whose first touch cost 1.5 s of page
    /// faults on the first LIST a new server answered (docs/performance.md, "The first LIST").
    /// `next` is not called again once the client has gone; the request is logged when the
    /// last piece has been handed to the socket.
    void respondStreamed(HttpCall &call, qsizetype size,
                         std::function<bool(QByteArray *piece)> next);
    static constexpr qsizetype StreamAhead = 8 << 20;

    /// Called after every answer with method, target and HTTP status.
    std::function<void(const QString &method, const QString &target, int status)> handled;

private:
    QFile m_accessLog;
};

} // namespace lens::sim
