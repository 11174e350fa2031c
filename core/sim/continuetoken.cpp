// SPDX-License-Identifier: Apache-2.0
#include "continuetoken.h"

#include "jsonbytes.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

namespace lens::sim {

namespace {
const auto kBase64 = QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals;
const QString kVersion = QStringLiteral("meta.k8s.io/v1");

/// encoding/json's quoteChar: the byte as Go's strconv.Quote shows the rune, in single quotes.
QString goQuoteChar(uchar c)
{
    if (c == '\'')
        return QStringLiteral("'\\''");
    if (c == '"')
        return QStringLiteral("'\"'");
    static const char *named[] = {"\\a", "\\b", "\\t", "\\n", "\\v", "\\f", "\\r"};
    QString q;
    if (c >= 7 && c <= 13)
        q = QLatin1String(named[c - 7]);
    else if (c == '\\')
        q = QStringLiteral("\\\\");
    else if (c < 0x20 || c == 0x7f)
        q = QStringLiteral("\\x%1").arg(c, 2, 16, QLatin1Char('0'));
    else if ((c >= 0x80 && c <= 0xa0) || c == 0xad)
        q = QStringLiteral("\\u%1").arg(c, 4, 16, QLatin1Char('0'));
    else
        q = QChar(char16_t(c));
    return QLatin1Char('\'') + q + QLatin1Char('\'');
}

/// Go's json.Unmarshal error for the common cases: nothing there, or a first byte that cannot
/// begin a value (fixture 14: "invalid character '\u0081' looking for beginning of value").
QString jsonError(const QByteArray &data, const QJsonParseError &pe)
{
    for (const char ch : data) {
        const uchar c = uchar(ch);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
            continue;
        if (QByteArrayView("{[\"-0123456789tfn").contains(char(c)))
            break;
        return QStringLiteral("invalid character %1 looking for beginning of value")
            .arg(goQuoteChar(c));
    }
    if (data.trimmed().isEmpty())
        return QStringLiteral("unexpected end of JSON input");
    return QStringLiteral("invalid JSON: %1").arg(pe.errorString());
}
} // namespace

QByteArray ContinueToken::encode() const
{
    const QByteArray json =
        JsonBuilder().str("v", kVersion).num("rv", resourceVersion).str("start", start).bytes();
    return json.toBase64(kBase64);
}

bool ContinueToken::decode(const QByteArray &token, ContinueToken *out, QString *error)
{
    const auto fail = [error](const QString &why) {
        if (error)
            *error = QStringLiteral("continue key is not valid: %1").arg(why);
        return false;
    };
    const auto decoded = QByteArray::fromBase64Encoding(
        token, QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return fail(QStringLiteral("illegal base64 data"));
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(*decoded, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject())
        return fail(jsonError(*decoded, pe));
    const QJsonObject o = doc.object();
    if (o.value(QStringLiteral("v")).toString() != kVersion)
        return fail(
            QStringLiteral("incorrect encoded start resourceVersion (version meta.k8s.io/v1)"));
    const qint64 rv = o.value(QStringLiteral("rv")).toInteger();
    if (rv == 0 || rv < -1)
        return fail(
            QStringLiteral("incorrect encoded start resourceVersion (version meta.k8s.io/v1)"));
    const QString start = o.value(QStringLiteral("start")).toString();
    if (start.isEmpty())
        return fail(QStringLiteral("encoded key is empty"));
    if (start.contains(QLatin1String("..")) || start.startsWith(QLatin1Char('/')))
        return fail(QStringLiteral("continue key is not a relative key"));
    out->resourceVersion = rv;
    out->start = start;
    return true;
}

} // namespace lens::sim
