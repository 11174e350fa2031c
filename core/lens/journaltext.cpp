// SPDX-License-Identifier: Apache-2.0
#include "journaltext.h"

#include "trace/tracedetail.h"

namespace lens {

namespace {
constexpr struct {
    const char *code;
    const char *text;
} kCodes[] = {
    {"initial", QT_TRANSLATE_NOOP("lens::JournalText", "initial")},
    {"expired", QT_TRANSLATE_NOOP("lens::JournalText", "expired")},
    {"too large", QT_TRANSLATE_NOOP("lens::JournalText", "too large")},
    {"watch expired", QT_TRANSLATE_NOOP("lens::JournalText", "watch expired")},
    {"watch error", QT_TRANSLATE_NOOP("lens::JournalText", "watch error")},
    {"list failed", QT_TRANSLATE_NOOP("lens::JournalText", "list failed")},
    {"resync failed", QT_TRANSLATE_NOOP("lens::JournalText", "resync failed")},
    {"continue expired", QT_TRANSLATE_NOOP("lens::JournalText", "continue expired")},
    {"fallback", QT_TRANSLATE_NOOP("lens::JournalText", "fallback")},
    {"429 on watch", QT_TRANSLATE_NOOP("lens::JournalText", "429 on watch")},
    {"429 on watch-list", QT_TRANSLATE_NOOP("lens::JournalText", "429 on watch-list")},
    {"connection refused", QT_TRANSLATE_NOOP("lens::JournalText", "connection refused")},
    {"closed by server", QT_TRANSLATE_NOOP("lens::JournalText", "closed by server")},
    {"stream broken", QT_TRANSLATE_NOOP("lens::JournalText", "stream broken")},
    {"before initial-events-end",
     QT_TRANSLATE_NOOP("lens::JournalText", "ended before the initial-events-end bookmark")},
    {"bookmark timeout", QT_TRANSLATE_NOOP("lens::JournalText", "bookmark timeout")},
    {"very short watch", QT_TRANSLATE_NOOP("lens::JournalText", "very short watch")},
    {"error event", QT_TRANSLATE_NOOP("lens::JournalText", "ERROR event")},
    {"request failed", QT_TRANSLATE_NOOP("lens::JournalText", "request failed")},
    {"user", QT_TRANSLATE_NOOP("lens::JournalText", "set by the user")},
    {"resyncCheckPeriod", QT_TRANSLATE_NOOP("lens::JournalText", "resyncCheckPeriod")},
};

QString shortWatch(qint64 ms)
{
    return JournalText::tr("very short watch: %1 ms and no items received").arg(ms);
}
} // namespace

QString JournalText::code(const QString &code)
{
    for (const auto &row : kCodes)
        if (code == QLatin1String(row.code))
            return tr(row.text);
    return code;
}

bool JournalText::knowsCode(const QString &code)
{
    return std::any_of(std::begin(kCodes), std::end(kCodes),
                       [&](const auto &row) { return code == QLatin1String(row.code); });
}

QString JournalText::status(const ApiStatus &s)
{
    QString cause;
    switch (s.transport) {
    case ApiStatus::Transport::ConnectionRefused:
        cause = tr("cannot connect: connection refused (%1)").arg(s.message);
        break;
    case ApiStatus::Transport::Unreachable:
        cause = tr("cannot reach the API server: %1").arg(s.message);
        break;
    case ApiStatus::Transport::Timeout:
        cause = tr("the API server did not answer in time: %1").arg(s.message);
        break;
    case ApiStatus::Transport::ConnectionLost:
        cause = tr("the connection was lost: %1").arg(s.message);
        break;
    case ApiStatus::Transport::Truncated:
        cause = tr("the answer was cut off: %1").arg(s.message);
        break;
    case ApiStatus::Transport::Decode:
        cause = tr("the answer could not be read: %1").arg(s.message);
        break;
    case ApiStatus::Transport::None:
        // The code and StatusReason are the API's terms, the message the server's words.
        cause = s.describeCause();
        break;
    }
    if (s.failedVerb == QLatin1String("list"))
        return tr("failed to list %1: %2").arg(s.failedTarget, cause);
    if (!s.failedVerb.isEmpty())
        return tr("failed to %1 %2: %3").arg(s.failedVerb, s.failedTarget, cause);
    return cause;
}

QString JournalText::error(const TraceEvent &e)
{
    if (const QJsonValue ms = e.detail.value(QLatin1String("shortWatchMs")); ms.isDouble())
        return shortWatch(ms.toInteger());
    if (const std::optional<ApiStatus> s = tracedetail::status(e))
        return status(*s);
    return e.detail.value(QLatin1String("error")).toString();
}

QString JournalText::fallback(const TraceEvent &e)
{
    const QString c = e.detail.value(QLatin1String("fallbackCode")).toString();
    const std::optional<ApiStatus> s = tracedetail::status(e);
    if (c == QLatin1String("bookmark timeout"))
        return tr("the initial-events-end bookmark did not arrive within %1 ms")
            .arg(e.detail.value(QLatin1String("bookmarkTimeoutMs")).toInteger());
    if (c == QLatin1String("very short watch"))
        return shortWatch(e.detail.value(QLatin1String("shortWatchMs")).toInteger());
    if (c == QLatin1String("error event") && s)
        return tr("watch-list ERROR event: %1").arg(status(*s));
    if (c == QLatin1String("request failed") && s)
        return tr("watch-list request failed: %1").arg(status(*s));
    return e.detail.value(QLatin1String("fallbackReason")).toString();
}

QString JournalText::watchEnd(const TraceEvent &e)
{
    const QString reason = e.detail.value(QLatin1String("reason")).toString();
    if (reason == QLatin1String("stream broken"))
        if (const std::optional<ApiStatus> s = tracedetail::status(e))
            return status(*s);
    return code(reason);
}

} // namespace lens
