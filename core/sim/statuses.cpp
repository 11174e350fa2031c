// SPDX-License-Identifier: Apache-2.0
#include "statuses.h"

#include "jsonbytes.h"

#include <QJsonArray>

namespace lens::sim {

namespace {

/// The reason a Status carries for an injected failure code.
QString reasonFor(int code)
{
    switch (code) {
    case 400:
        return QStringLiteral("BadRequest");
    case 401:
        return QStringLiteral("Unauthorized");
    case 403:
        return QStringLiteral("Forbidden");
    case 404:
        return QStringLiteral("NotFound");
    case 409:
        return QStringLiteral("Conflict");
    case 410:
        return QStringLiteral("Expired");
    case 429:
        return QStringLiteral("TooManyRequests");
    case 500:
        return QStringLiteral("InternalError");
    case 503:
        return QStringLiteral("ServiceUnavailable");
    case 504:
        return QStringLiteral("Timeout");
    default:
        return QString();
    }
}

QString messageFor(int code)
{
    switch (code) {
    case 401:
        return QStringLiteral("Unauthorized");
    case 403:
        return QStringLiteral("forbidden: simulated failure");
    case 410:
        return QStringLiteral("simulated failure: resource expired");
    case 429:
        return QStringLiteral("Too many requests, please try again later.");
    case 500:
        return QStringLiteral("Internal error occurred: simulated failure");
    case 503:
        return QStringLiteral("The server is currently unable to handle the request");
    case 504:
        return QStringLiteral("Timeout: simulated failure");
    default:
        return QStringLiteral("simulated failure (HTTP %1)").arg(code);
    }
}

} // namespace

QByteArray statusJson(int code, const QString &reason, const QString &message,
                      const QJsonObject &details, const QByteArray &metadata)
{
    JsonBuilder b;
    b.str("kind", QStringLiteral("Status"))
        .str("apiVersion", QStringLiteral("v1"))
        .raw("metadata", metadata)
        .str("status", QStringLiteral("Failure"))
        .str("message", message);
    if (!reason.isEmpty())
        b.str("reason", reason);
    if (!details.isEmpty())
        b.val("details", details);
    b.num("code", code);
    return b.bytes();
}

StatusBody injectedFailure(int code, int retryAfterSeconds)
{
    StatusBody s{code, reasonFor(code), messageFor(code), {}, "{}"};
    if (retryAfterSeconds > 0)
        s.details.insert(QStringLiteral("retryAfterSeconds"), retryAfterSeconds);
    return s;
}

StatusBody tooLargeResourceVersion(qint64 asked, qint64 current)
{
    QJsonObject cause;
    cause.insert(QStringLiteral("reason"), QStringLiteral("ResourceVersionTooLarge"));
    cause.insert(QStringLiteral("message"), QStringLiteral("Too large resource version"));
    QJsonObject details;
    details.insert(QStringLiteral("causes"), QJsonArray{cause});
    details.insert(QStringLiteral("retryAfterSeconds"), 1);
    // kube-apiserver waits ~3 s for the cache to catch up first (fixture 16); we answer at once.
    return {504, QStringLiteral("Timeout"),
            QStringLiteral("Timeout: Too large resource version: %1, current: %2")
                .arg(asked)
                .arg(current),
            details, "{}"};
}

FieldError forbidden(const char *detail, const char *field)
{
    return {QLatin1String(field), QStringLiteral("FieldValueForbidden"),
            QStringLiteral("Forbidden: ") + QLatin1String(detail)};
}

FieldError notSupported(const QString &value, const QStringList &supported)
{
    QStringList quoted;
    for (const QString &v : supported)
        quoted << QLatin1Char('"') + v + QLatin1Char('"');
    return {QStringLiteral("resourceVersionMatch"), QStringLiteral("FieldValueNotSupported"),
            QStringLiteral("Unsupported value: \"%1\": supported values: %2")
                .arg(value, quoted.join(QLatin1String(", ")))};
}

StatusBody invalidListOptions(const QList<FieldError> &errs)
{
    QStringList texts;
    QJsonArray causes;
    for (const FieldError &e : errs) {
        texts << e.field + QLatin1String(": ") + e.body;
        QJsonObject cause;
        cause.insert(QStringLiteral("reason"), e.type);
        cause.insert(QStringLiteral("message"), e.body);
        cause.insert(QStringLiteral("field"), e.field);
        causes.append(cause);
    }
    const QString aggregate =
        texts.size() == 1 ? texts.first()
                          : QLatin1Char('[') + texts.join(QLatin1String(", ")) + QLatin1Char(']');
    QJsonObject details;
    details.insert(QStringLiteral("group"), QStringLiteral("meta.k8s.io"));
    details.insert(QStringLiteral("kind"), QStringLiteral("ListOptions"));
    details.insert(QStringLiteral("causes"), causes);
    return {422, QStringLiteral("Invalid"),
            QStringLiteral("ListOptions.meta.k8s.io \"\" is invalid: ") + aggregate, details, "{}"};
}

} // namespace lens::sim
