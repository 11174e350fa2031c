// SPDX-License-Identifier: Apache-2.0
#include "format.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

namespace lens {

QString formatTimeMs(qint64 ms)
{
    return QString::number(double(ms) / 1000.0, 'f', 3) + QStringLiteral(" s");
}

QString formatDetail(const QJsonObject &detail)
{
    QStringList parts;
    for (auto it = detail.begin(); it != detail.end(); ++it) {
        QString v;
        const QJsonValue val = it.value();
        if (val.isString())
            v = val.toString();
        else if (val.isBool())
            v = val.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        else if (val.isDouble())
            v = QString::number(val.toDouble());
        else if (val.isArray())
            v = QString::fromUtf8(QJsonDocument(val.toArray()).toJson(QJsonDocument::Compact));
        else if (val.isObject())
            v = QString::fromUtf8(QJsonDocument(val.toObject()).toJson(QJsonDocument::Compact));
        if (v.size() > 48)
            v = v.left(47) + QChar(0x2026);
        parts << it.key() + QLatin1Char('=') + v;
    }
    return parts.join(QLatin1Char(' '));
}

} // namespace lens
