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
        return fail(QStringLiteral("invalid JSON: %1").arg(pe.errorString()));
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
