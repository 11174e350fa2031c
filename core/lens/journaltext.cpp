// SPDX-License-Identifier: Apache-2.0
#include "journaltext.h"

#include <QRegularExpression>

namespace lens {

namespace {
/// Exact phrases: list causes, backoff reasons, watch endings, Qt network messages.
QString exactPhrase(const QString &s)
{
    static const struct {
        const char *english;
        const char *text;
    } table[] = {
        {"initial", QT_TRANSLATE_NOOP("lens::JournalText", "initial")},
        {"expired", QT_TRANSLATE_NOOP("lens::JournalText", "expired")},
        {"watch expired", QT_TRANSLATE_NOOP("lens::JournalText", "watch expired")},
        {"too large", QT_TRANSLATE_NOOP("lens::JournalText", "too large")},
        {"watch error", QT_TRANSLATE_NOOP("lens::JournalText", "watch error")},
        {"watch ended", QT_TRANSLATE_NOOP("lens::JournalText", "watch ended")},
        {"list failed", QT_TRANSLATE_NOOP("lens::JournalText", "list failed")},
        {"continue expired", QT_TRANSLATE_NOOP("lens::JournalText", "continue expired")},
        {"fallback", QT_TRANSLATE_NOOP("lens::JournalText", "fallback")},
        {"resync failed", QT_TRANSLATE_NOOP("lens::JournalText", "resync failed")},
        {"429 on watch", QT_TRANSLATE_NOOP("lens::JournalText", "429 on watch")},
        {"429 on watch-list", QT_TRANSLATE_NOOP("lens::JournalText", "429 on watch-list")},
        {"connection refused", QT_TRANSLATE_NOOP("lens::JournalText", "connection refused")},
        {"closed by server", QT_TRANSLATE_NOOP("lens::JournalText", "closed by server")},
        {"Connection closed", QT_TRANSLATE_NOOP("lens::JournalText", "Connection closed")},
        {"Remote host closed connection",
         QT_TRANSLATE_NOOP("lens::JournalText", "Remote host closed connection")},
        {"Connection refused", QT_TRANSLATE_NOOP("lens::JournalText", "Connection refused")},
        {"The server is currently unable to handle the request",
         QT_TRANSLATE_NOOP("lens::JournalText",
                           "The server is currently unable to handle the request")},
    };
    for (const auto &row : table)
        if (s == QLatin1String(row.english))
            return JournalText::tr(row.text);
    return {};
}

/// "prefix: rest" patterns; %1 (and %2) are the parts the pattern captures.
struct Pattern {
    QRegularExpression re;
    const char *text;
    int nested; // the capture that is itself a phrase (a nested message), 0 = none
};

const std::vector<Pattern> &patterns()
{
    static const std::vector<Pattern> list = [] {
        auto re = [](const char *p) {
            return QRegularExpression(QLatin1String(p),
                                      QRegularExpression::DotMatchesEverythingOption);
        };
        return std::vector<Pattern>{
            {re("^the connection was lost: (.*)$"),
             QT_TRANSLATE_NOOP("lens::JournalText", "the connection was lost: %1"), 1},
            {re("^cannot connect: connection refused \\((.*)\\)$"),
             QT_TRANSLATE_NOOP("lens::JournalText", "cannot connect: connection refused (%1)"), 1},
            {re("^cannot reach the API server: (.*)$"),
             QT_TRANSLATE_NOOP("lens::JournalText", "cannot reach the API server: %1"), 1},
            {re("^the API server did not answer in time: (.*)$"),
             QT_TRANSLATE_NOOP("lens::JournalText", "the API server did not answer in time: %1"),
             1},
            {re("^the answer was cut off: (.*)$"),
             QT_TRANSLATE_NOOP("lens::JournalText", "the answer was cut off: %1"), 1},
            {re("^the answer could not be read: (.*)$"),
             QT_TRANSLATE_NOOP("lens::JournalText", "the answer could not be read: %1"), 1},
            {re("^failed to list ([^:]+): (.*)$"),
             QT_TRANSLATE_NOOP("lens::JournalText", "failed to list %1: %2"), 2},
            {re("^very short watch: (\\d+) ms and no items received$"),
             QT_TRANSLATE_NOOP("lens::JournalText",
                               "very short watch: %1 ms and no items received"),
             0},
            {re("^too old resource version: (\\S+) \\((\\S+)\\)$"),
             QT_TRANSLATE_NOOP("lens::JournalText", "too old resource version: %1 (%2)"), 0},
            {re("^(?:Timeout: )?Too large resource version: (\\S+), current: (\\S+)$"),
             QT_TRANSLATE_NOOP("lens::JournalText", "Too large resource version: %1, current: %2"),
             0},
            {re("^Internal error occurred: (.*)$"),
             QT_TRANSLATE_NOOP("lens::JournalText", "Internal error occurred: %1"), 0},
            {re("^The provided continue parameter is too old.*$"),
             QT_TRANSLATE_NOOP("lens::JournalText",
                               "The provided continue parameter is too old to display a "
                               "consistent list result."),
             0},
        };
    }();
    return list;
}
} // namespace

QString JournalText::phrase(const QString &english)
{
    if (english.isEmpty())
        return english;
    if (QString exact = exactPhrase(english); !exact.isEmpty())
        return exact;
    for (const Pattern &p : patterns()) {
        const QRegularExpressionMatch m = p.re.match(english);
        if (!m.hasMatch())
            continue;
        const QString text = tr(p.text);
        auto arg = [&](int i) { return i == p.nested ? phrase(m.captured(i)) : m.captured(i); };
        return m.lastCapturedIndex() >= 2   ? text.arg(arg(1), arg(2))
               : m.lastCapturedIndex() == 1 ? text.arg(arg(1))
                                            : text;
    }
    // An API status: "410 Expired: message" keeps its code and reason, the message is read.
    static const QRegularExpression status(QStringLiteral("^(\\d{3} [A-Za-z]+): (.*)$"),
                                           QRegularExpression::DotMatchesEverythingOption);
    if (const QRegularExpressionMatch m = status.match(english); m.hasMatch()) {
        const QString message = phrase(m.captured(2));
        if (message != m.captured(2))
            return m.captured(1) + QStringLiteral(": ") + message;
    }
    return english;
}

} // namespace lens
