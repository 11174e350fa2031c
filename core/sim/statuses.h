// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace lens::sim {

/// The metav1.Status answers of the simulated kube-apiserver, built in one place: the body
/// (statusJson), and the Status the server sends for each kind of failure, worded as the
/// captured kube-apiserver v1.20 exchanges word them (fixtures 06, 08, 11–16 of
/// docs/simulator.md).

/// A metav1.Status about to be sent: HTTP code (also the body's "code"), reason ("" = none, as
/// the cacher's 500 for an unparsable resourceVersion), message, details (omitted when empty;
/// details.retryAfterSeconds also becomes a Retry-After header) and the raw metadata object.
struct StatusBody {
    int code = 500;
    QString reason;
    QString message;
    QJsonObject details;
    QByteArray metadata = "{}";
};

/// A metav1.Status body in kube-apiserver's key order: kind, apiVersion, metadata, status,
/// message, reason (omitted when empty), details (omitted when empty), code.
QByteArray statusJson(int code, const QString &reason, const QString &message,
                      const QJsonObject &details = {}, const QByteArray &metadata = "{}");
inline QByteArray statusJson(const StatusBody &s)
{
    return statusJson(s.code, s.reason, s.message, s.details, s.metadata);
}

/// The Status of a failure injected with ApiServer::failNextRequests(): reason and message as
/// kube-apiserver words that code (429 TooManyRequests "Too many requests, please try again
/// later.", 503 ServiceUnavailable, 410 Expired, ...; "simulated failure (HTTP N)" for codes it
/// has no words for), with details.retryAfterSeconds when `retryAfterSeconds` > 0.
StatusBody injectedFailure(int code, int retryAfterSeconds);

/// 504 Timeout "Timeout: Too large resource version: N, current: M" with cause
/// ResourceVersionTooLarge and retryAfterSeconds 1 (fixture 16): a LIST or WATCH at a
/// resourceVersion the watch cache has not reached.
StatusBody tooLargeResourceVersion(qint64 asked, qint64 current);

/// One field.Error of apimachinery validation: field path, cause type, ErrorBody().
struct FieldError {
    QString field;
    QString type;
    QString body;
};

/// field.Forbidden(field, detail).
FieldError forbidden(const char *detail, const char *field = "resourceVersionMatch");
/// field.NotSupported on resourceVersionMatch: `Unsupported value: "X": supported values:
/// "A", "B"`.
FieldError notSupported(const QString &value, const QStringList &supported);
/// errors.NewInvalid(GroupKind{"meta.k8s.io", "ListOptions"}, "", errs), as the list/watch
/// handler answers a ValidateListOptions failure: 422 Invalid, the aggregate message
/// ("[a, b]" for more than one) and one cause per error.
StatusBody invalidListOptions(const QList<FieldError> &errs);

} // namespace lens::sim
