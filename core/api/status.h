// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonObject>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace lens {

/// An error from the API server or the way to it, in the shape of metav1.Status.
///
/// `code` is the HTTP status (0 when no HTTP answer came: the connection failed, see
/// `transport`), `reason` the StatusReason ("Expired", "Gone", "Timeout", "TooManyRequests",
/// "NotFound", ...), `message` the server's words, `causes` the details.causes[].reason/type
/// values. The predicates mirror k8s.io/apimachinery/pkg/api/errors (IsResourceExpired, IsGone,
/// IsTooManyRequests) and client-go's reflector helpers (isTooLargeResourceVersionError,
/// utilnet.IsConnectionRefused).
struct ApiStatus {
    enum class Transport {
        None,              ///< an HTTP answer (or a watch ERROR event) was received
        ConnectionRefused, ///< nothing listens at the address
        Unreachable,       ///< DNS, routing, TLS or other network failure
        Timeout,           ///< no answer in time
        ConnectionLost,    ///< an answer had begun, then the connection closed or reset
        Truncated,         ///< the stream or body ended in the middle of a JSON value
        Decode,            ///< an answer came but was not valid JSON of the expected shape
    };

    int code = 0;
    QString reason;
    QString message;
    QStringList causes;
    int retryAfterSeconds = 0;
    Transport transport = Transport::None;
    /// What the client was doing when this error came, as client-go's Reflector.list wraps it
    /// (fmt.Errorf("failed to list %v: %w", r.typeDescription, err)): the verb ("list") and
    /// what it was done to ("/v1, Kind=Pod"). describe() puts "failed to list /v1, Kind=Pod: "
    /// first. Both empty for errors not wrapped.
    QString failedVerb;
    QString failedTarget;

    /// Builds from a Status object (as sent in an error body or a watch ERROR event).
    static ApiStatus fromStatusJson(const QJsonObject &status, int httpCode = 0);
    /// Why `status` would not decode as a metav1.Status in Go ("code is a string, not a
    /// number", "code 1e+20 does not fit a 32-bit integer", "reason is a number, not a
    /// string"); "" when it would. A watch ERROR event whose object fails this is undecodable:
    /// client-go's StreamWatcher turns it into an InternalError ("unable to decode an event
    /// from the watch stream").
    static QString statusJsonProblem(const QJsonObject &status);
    static ApiStatus transportError(Transport t, const QString &message);
    /// errors.NewNotFound(qualifiedResource, name): code 404, reason "NotFound", message
    /// `<qualifiedResource> "<name>" not found` — e.g. `pods "web-1" not found` or
    /// `deployments.apps "api" not found` (resource, then ".group" when the group is not core).
    static ApiStatus notFound(const QString &qualifiedResource, const QString &name);
    /// The journal's typed form of this error (TraceEvent::detail "status", see
    /// trace/tracedetail.h): "code", "reason", "message", "causes", "retryAfterSeconds",
    /// "transport" (transportName()), "failedVerb", "failedTarget", each only when set. Views
    /// translate from these fields (JournalText::status), never from describe()'s English.
    QJsonObject toDetail() const;
    /// Inverse of toDetail(); unknown or missing fields stay at their defaults.
    static ApiStatus fromDetail(const QJsonObject &detail);
    /// "connectionRefused", "unreachable", "timeout", "connectionLost", "truncated", "decode";
    /// "" for Transport::None.
    static QString transportName(Transport t);
    /// Inverse of transportName(); Transport::None for "" or an unknown name.
    static Transport transportFromName(const QString &name);
    /// A Status JSON document the way kube-apiserver writes it ("kind":"Status",
    /// "status":"Failure").
    QJsonObject toStatusJson() const;

    bool isExpired() const
    {
        return code == 410 || reason == QLatin1String("Expired") || reason == QLatin1String("Gone");
    }
    /// "Too large resource version": 504 Timeout with cause ResourceVersionTooLarge, or any status
    /// whose message says so (client-go's isTooLargeResourceVersionError accepts all three shapes).
    bool isTooLargeResourceVersion() const;
    bool isTooManyRequests() const { return code == 429; }
    /// errors.IsNotFound: reason NotFound, or code 404 when no reason is given.
    bool isNotFound() const
    {
        return reason == QLatin1String("NotFound") || (reason.isEmpty() && code == 404);
    }
    bool isConnectionRefused() const { return transport == Transport::ConnectionRefused; }
    /// apimachinery's errors.IsInternalError: reason InternalError, or a 500 whose reason is
    /// none of the StatusReasons apimachinery knows (so a 500 with reason StorageReadError,
    /// metav1.StatusReasonStoreReadError, is not one: the reflector relists instead of
    /// re-watching in place).
    bool isInternalError() const;

    /// One line a user understands, e.g. "410 Expired: too old resource version: 89 (93)",
    /// "cannot connect: connection refused (127.0.0.1:6443)", or with an operation
    /// "failed to list /v1, Kind=Pod: 401 Unauthorized: Unauthorized".
    QString describe() const;
    /// describe() without the wrapping operation: "410 Expired: too old resource version: 89
    /// (93)", "cannot connect: connection refused (127.0.0.1:6443)".
    QString describeCause() const;
};

} // namespace lens
Q_DECLARE_METATYPE(lens::ApiStatus)
