// SPDX-License-Identifier: Apache-2.0
#include "masking.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace lens {

namespace {
const QLatin1String kLastApplied("kubectl.kubernetes.io/last-applied-configuration");

bool isSecret(const QString &kind)
{
    return kind == QLatin1String("Secret");
}
} // namespace

bool isSensitivePath(const QString &kind, const QStringList &path)
{
    if (path.size() == 3 && path.at(0) == QLatin1String("metadata") &&
        path.at(1) == QLatin1String("annotations") && path.at(2) == kLastApplied)
        return true;
    if (!isSecret(kind) || path.size() != 2)
        return false;
    return path.at(0) == QLatin1String("data") || path.at(0) == QLatin1String("stringData");
}

bool isMaskedText(const QJsonValue &value)
{
    static const QRegularExpression masked(
        QStringLiteral("^\u2022\u2022\u2022\u2022\u2022 \\([0-9]+ bytes\\)$"));
    return value.isString() && masked.match(value.toString()).hasMatch();
}

QString maskedValueText(const QJsonValue &value, bool base64)
{
    // A recording holds values masked when it was written: their count is the real value's,
    // and counting the mask's own characters (or base64-decoding them) would say something
    // else.
    if (isMaskedText(value))
        return value.toString();
    qsizetype bytes = 0;
    if (value.isString()) {
        const QByteArray utf8 = value.toString().toUtf8();
        if (base64) {
            // Strictly: Qt's lenient decoding skips what is not base64 and counts the rest.
            const auto decoded = QByteArray::fromBase64Encoding(
                utf8, QByteArray::Base64Encoding | QByteArray::AbortOnBase64DecodingErrors);
            bytes = decoded ? decoded.decoded.size() : utf8.size();
        } else {
            bytes = utf8.size();
        }
    } else if (value.isObject()) {
        bytes = QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact).size();
    } else if (value.isArray()) {
        bytes = QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact).size();
    }
    return QStringLiteral("\u2022\u2022\u2022\u2022\u2022 (%1 bytes)").arg(bytes);
}

QJsonObject maskSensitive(const QJsonObject &object)
{
    QJsonObject out = object;
    bool changed = false;
    const QString kind = object.value(QLatin1String("kind")).toString();
    if (isSecret(kind)) {
        for (const QLatin1String field : {QLatin1String("data"), QLatin1String("stringData")}) {
            const QJsonValue v = object.value(field);
            if (v.isUndefined())
                continue;
            changed = true;
            if (!v.isObject()) {
                out.insert(field, maskedValueText(v, false));
                continue;
            }
            QJsonObject masked = v.toObject();
            const bool base64 = field == QLatin1String("data");
            for (auto it = masked.begin(); it != masked.end(); ++it)
                it.value() = maskedValueText(it.value(), base64);
            out.insert(field, masked);
        }
    }
    const QJsonObject meta = object.value(QLatin1String("metadata")).toObject();
    const QJsonObject ann = meta.value(QLatin1String("annotations")).toObject();
    if (ann.contains(kLastApplied)) {
        changed = true;
        QJsonObject a = ann;
        a.insert(kLastApplied, maskedValueText(ann.value(kLastApplied), false));
        QJsonObject m = meta;
        m.insert(QLatin1String("annotations"), a);
        out.insert(QLatin1String("metadata"), m);
    }
    return changed ? out : object;
}

} // namespace lens
