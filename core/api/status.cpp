// SPDX-License-Identifier: Apache-2.0
#include "status.h"

#include "object.h"

#include <QJsonArray>
#include <QStringList>

#include <cmath>

namespace lens {

ApiStatus ApiStatus::fromStatusJson(const QJsonObject &status, int httpCode)
{
    ApiStatus s;
    s.code = status.value(QLatin1String("code")).toInt(httpCode);
    if (s.code == 0)
        s.code = httpCode;
    s.reason = status.value(QLatin1String("reason")).toString();
    s.message = status.value(QLatin1String("message")).toString();
    const QJsonObject details = status.value(QLatin1String("details")).toObject();
    s.retryAfterSeconds = details.value(QLatin1String("retryAfterSeconds")).toInt();
    const QJsonArray causes = details.value(QLatin1String("causes")).toArray();
    for (const QJsonValue &c : causes) {
        const QJsonObject co = c.toObject();
        QString r = co.value(QLatin1String("reason")).toString();
        if (r.isEmpty())
            r = co.value(QLatin1String("type")).toString();
        s.causes << r;
        const QString m = co.value(QLatin1String("message")).toString();
        if (!m.isEmpty())
            s.causes << m;
    }
    return s;
}

QString ApiStatus::statusJsonProblem(const QJsonObject &status)
{
    for (const char *f : {"kind", "apiVersion", "status", "message", "reason"})
        if (QString e = jsonTypeMismatch(status.value(QLatin1String(f)), QJsonValue::String,
                                         QLatin1String(f));
            !e.isEmpty())
            return e;
    for (const char *f : {"metadata", "details"})
        if (QString e = jsonTypeMismatch(status.value(QLatin1String(f)), QJsonValue::Object,
                                         QLatin1String(f));
            !e.isEmpty())
            return e;
    const QJsonValue code = status.value(QLatin1String("code"));
    if (QString e = jsonTypeMismatch(code, QJsonValue::Double, QStringLiteral("code"));
        !e.isEmpty())
        return e;
    // Go's encoding/json into Status.Code (int32): a fraction or a value out of range fails.
    const double c = code.toDouble();
    if (code.isDouble() && (!(c >= -2147483648.0 && c <= 2147483647.0) || c != std::trunc(c)))
        return QStringLiteral("code %1 does not fit a 32-bit integer").arg(c);
    return {};
}

ApiStatus ApiStatus::transportError(Transport t, const QString &message)
{
    ApiStatus s;
    s.transport = t;
    s.message = message;
    return s;
}

ApiStatus ApiStatus::notFound(const QString &qualifiedResource, const QString &name)
{
    ApiStatus s;
    s.code = 404;
    s.reason = QStringLiteral("NotFound");
    s.message = qualifiedResource + QStringLiteral(" \"") + name + QStringLiteral("\" not found");
    return s;
}

QJsonObject ApiStatus::toStatusJson() const
{
    QJsonObject o;
    o.insert(QLatin1String("kind"), QLatin1String("Status"));
    o.insert(QLatin1String("apiVersion"), QLatin1String("v1"));
    o.insert(QLatin1String("metadata"), QJsonObject());
    o.insert(QLatin1String("status"), QLatin1String("Failure"));
    o.insert(QLatin1String("message"), message);
    if (!reason.isEmpty())
        o.insert(QLatin1String("reason"), reason);
    if (retryAfterSeconds > 0) {
        QJsonObject details;
        details.insert(QLatin1String("retryAfterSeconds"), retryAfterSeconds);
        o.insert(QLatin1String("details"), details);
    }
    o.insert(QLatin1String("code"), code);
    return o;
}

namespace {
constexpr struct {
    ApiStatus::Transport transport;
    const char *name;
} kTransportNames[] = {
    {ApiStatus::Transport::ConnectionRefused, "connectionRefused"},
    {ApiStatus::Transport::Unreachable, "unreachable"},
    {ApiStatus::Transport::Timeout, "timeout"},
    {ApiStatus::Transport::ConnectionLost, "connectionLost"},
    {ApiStatus::Transport::Truncated, "truncated"},
    {ApiStatus::Transport::Decode, "decode"},
};
} // namespace

QString ApiStatus::transportName(Transport t)
{
    for (const auto &row : kTransportNames)
        if (row.transport == t)
            return QLatin1String(row.name);
    return {};
}

ApiStatus::Transport ApiStatus::transportFromName(const QString &name)
{
    for (const auto &row : kTransportNames)
        if (name == QLatin1String(row.name))
            return row.transport;
    return Transport::None;
}

QJsonObject ApiStatus::toDetail() const
{
    QJsonObject o;
    auto put = [&o](const char *field, const QString &value) {
        if (!value.isEmpty())
            o.insert(QLatin1String(field), value);
    };
    if (code != 0)
        o.insert(QLatin1String("code"), code);
    put("reason", reason);
    put("message", message);
    if (!causes.isEmpty())
        o.insert(QLatin1String("causes"), QJsonArray::fromStringList(causes));
    if (retryAfterSeconds > 0)
        o.insert(QLatin1String("retryAfterSeconds"), retryAfterSeconds);
    put("transport", transportName(transport));
    put("failedVerb", failedVerb);
    put("failedTarget", failedTarget);
    return o;
}

ApiStatus ApiStatus::fromDetail(const QJsonObject &d)
{
    ApiStatus s;
    s.code = d.value(QLatin1String("code")).toInt();
    s.reason = d.value(QLatin1String("reason")).toString();
    s.message = d.value(QLatin1String("message")).toString();
    for (const QJsonValue &c : d.value(QLatin1String("causes")).toArray())
        s.causes << c.toString();
    s.retryAfterSeconds = d.value(QLatin1String("retryAfterSeconds")).toInt();
    s.transport = transportFromName(d.value(QLatin1String("transport")).toString());
    s.failedVerb = d.value(QLatin1String("failedVerb")).toString();
    s.failedTarget = d.value(QLatin1String("failedTarget")).toString();
    return s;
}

bool ApiStatus::isTooLargeResourceVersion() const
{
    static const QString tooLarge = QStringLiteral("Too large resource version");
    if (causes.contains(QLatin1String("ResourceVersionTooLarge")))
        return true;
    if (message.contains(tooLarge))
        return true;
    for (const QString &c : causes)
        if (c.contains(tooLarge))
            return true;
    return false;
}

QString ApiStatus::describe() const
{
    if (failedVerb.isEmpty())
        return describeCause();
    return QStringLiteral("failed to %1 %2: ").arg(failedVerb, failedTarget) + describeCause();
}

QString ApiStatus::describeCause() const
{
    switch (transport) {
    case Transport::ConnectionRefused:
        return QStringLiteral("cannot connect: connection refused (%1)").arg(message);
    case Transport::Unreachable:
        return QStringLiteral("cannot reach the API server: %1").arg(message);
    case Transport::Timeout:
        return QStringLiteral("the API server did not answer in time: %1").arg(message);
    case Transport::ConnectionLost:
        return QStringLiteral("the connection was lost: %1").arg(message);
    case Transport::Truncated:
        return QStringLiteral("the answer was cut off: %1").arg(message);
    case Transport::Decode:
        return QStringLiteral("the answer could not be read: %1").arg(message);
    case Transport::None:
        break;
    }
    // A watch ERROR event's Status may lack any of its fields: say what is missing rather than
    // print "0" or a bare "410".
    QString s = code == 0 ? QStringLiteral("an error Status without a code")
                : code < 100 || code > 599
                    ? QStringLiteral("code %1 (not an HTTP status)").arg(code)
                    : QString::number(code);
    if (!reason.isEmpty())
        s += QLatin1Char(' ') + reason;
    if (!message.isEmpty() && message != reason) // "401 Unauthorized", not "...: Unauthorized"
        s += QStringLiteral(": ") + message;
    if (reason.isEmpty() && message.isEmpty())
        s += QStringLiteral(" (the Status gives no reason or message)");
    return s;
}

bool ApiStatus::isInternalError() const
{
    if (reason == QLatin1String("InternalError"))
        return true;
    // apimachinery's knownReasons (StatusReasonUnknown "" is not among them).
    static const QStringList known{QStringLiteral("Unauthorized"),
                                   QStringLiteral("Forbidden"),
                                   QStringLiteral("NotFound"),
                                   QStringLiteral("AlreadyExists"),
                                   QStringLiteral("Conflict"),
                                   QStringLiteral("Gone"),
                                   QStringLiteral("Invalid"),
                                   QStringLiteral("ServerTimeout"),
                                   QStringLiteral("StorageReadError"),
                                   QStringLiteral("Timeout"),
                                   QStringLiteral("TooManyRequests"),
                                   QStringLiteral("BadRequest"),
                                   QStringLiteral("MethodNotAllowed"),
                                   QStringLiteral("NotAcceptable"),
                                   QStringLiteral("RequestEntityTooLarge"),
                                   QStringLiteral("UnsupportedMediaType"),
                                   QStringLiteral("Expired"),
                                   QStringLiteral("ServiceUnavailable")};
    return code == 500 && !known.contains(reason);
}

} // namespace lens
