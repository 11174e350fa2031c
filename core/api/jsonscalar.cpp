// SPDX-License-Identifier: Apache-2.0
#include "jsonscalar.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <cmath>

namespace lens {

namespace {

/// strconv.FormatFloat(f, 'f' or 'e', -1, 64) as encoding/json's floatEncoder picks them,
/// with its clean-up of "e-07" to "e-7".
QString goFloat(double d)
{
    const double a = std::fabs(d);
    if (a != 0 && (a < 1e-6 || a >= 1e21)) {
        QString s = QString::number(d, 'e', QLocale::FloatingPointShortest);
        const qsizetype e = s.indexOf(QLatin1Char('e'));
        if (e >= 0 && e + 2 < s.size() && s.at(e + 2) == QLatin1Char('0') && e + 3 < s.size())
            s.remove(e + 2, 1); // e-07 -> e-7, e+07 -> e+7
        return s;
    }
    return QString::number(d, 'f', QLocale::FloatingPointShortest);
}

} // namespace

QString jsonScalarText(const QJsonValue &value, JsonStrings strings)
{
    switch (value.type()) {
    case QJsonValue::String:
        return strings == JsonStrings::Quoted
                   ? QLatin1Char('"') + value.toString() + QLatin1Char('"')
                   : value.toString();
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: {
        const double d = value.toDouble();
        // A whole number in int64's range: toInteger() gives the 64-bit integer the parser
        // kept (exact beyond 2^53), or the double's own whole value.
        if (std::isfinite(d) && d == std::trunc(d) && std::fabs(d) < 9.2e18)
            return QString::number(value.toInteger(qint64(d)));
        if (!std::isfinite(d)) // not JSON; Qt stores none, but never print garbage
            return QString::number(d);
        return goFloat(d);
    }
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Array:
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    case QJsonValue::Object:
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    case QJsonValue::Undefined:
        break;
    }
    return {};
}

} // namespace lens
