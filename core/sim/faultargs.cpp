// SPDX-License-Identifier: Apache-2.0
#include "faultargs.h"

#include <QHash>
#include <QJsonValue>
#include <QStringList>

#include <cmath>

namespace lens::sim {

namespace {

using T = FaultParam::Type;
constexpr double kDayMs = 24.0 * 3600 * 1000;

const QHash<QString, QList<FaultParam>> &table()
{
    static const QHash<QString, QList<FaultParam>> t = {
        {QStringLiteral("drop-watches"), {{"midEvent", T::Flag, 0, 1, 0}}},
        {QStringLiteral("end-watches"), {}},
        {QStringLiteral("expire-watches"), {}},
        {QStringLiteral("garbage"), {}},
        {QStringLiteral("fail"),
         {{"count", T::Whole, 0, 1000000, 1, true},
          {"code", T::Whole, 400, 599, 500},
          {"retryAfter", T::Whole, 0, 3600, 0}}},
        {QStringLiteral("stall"), {{"seconds", T::Seconds, 0, 86400, 1, true}}},
        {QStringLiteral("too-large"), {{"count", T::Whole, 0, 1000000, 1}}},
        {QStringLiteral("ignore-send-initial-events"), {{"enabled", T::Flag, 0, 1, 1}}},
        {QStringLiteral("forbid"),
         {{"resource", T::Text, 0, 0, 0, true}, {"enabled", T::Flag, 0, 1, 1}}},
        {QStringLiteral("bookmark-interval"), {{"ms", T::Whole, 0, kDayMs, 60000, true}}},
        {QStringLiteral("history-window"), {{"ms", T::Whole, 0, kDayMs, 0, true}}},
        {QStringLiteral("history-limit"), {{"events", T::Whole, 1, 10000000, 1000, true}}},
        // Up to 2^53 here (a JSON number's whole range); compactRevisionProblem() then holds
        // it to the store's current revision. -1: the current revision.
        {QStringLiteral("compact"), {{"revision", T::Whole, 0, 9007199254740992.0, -1}}},
    };
    return t;
}

QString range(const FaultParam &p)
{
    switch (p.type) {
    case T::Whole:
        return QStringLiteral("a whole number from %1 to %2").arg(qint64(p.min)).arg(qint64(p.max));
    case T::Seconds:
        return QStringLiteral("a number of seconds from %1 to %2").arg(p.min).arg(p.max);
    case T::Flag:
        return QStringLiteral("true or false");
    case T::Text:
        return QStringLiteral("a name");
    }
    return {};
}

QString shown(const QJsonValue &v)
{
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', 6);
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isString())
        return QStringLiteral("\"%1\"").arg(v.toString().left(80));
    return v.isNull() ? QStringLiteral("null") : QStringLiteral("a list or map");
}

} // namespace

const QList<FaultParam> *faultParams(const QString &name)
{
    const auto it = table().constFind(name);
    return it == table().cend() ? nullptr : &*it;
}

bool checkFaultArgs(const QString &name, const QJsonObject &given, QJsonObject *out, QString *error,
                    bool apiRequired)
{
    auto fail = [&](const QString &why) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(name, why);
        return false;
    };
    const QList<FaultParam> *params = faultParams(name);
    if (!params)
        return fail(QStringLiteral("not a fault control"));
    QStringList known;
    for (const FaultParam &p : *params)
        known << QLatin1String(p.name);
    for (auto it = given.begin(); it != given.end(); ++it)
        if (!known.contains(it.key()))
            return fail(QStringLiteral("unknown option \"%1\" (known: %2)")
                            .arg(it.key(), known.isEmpty() ? QStringLiteral("none")
                                                           : known.join(QStringLiteral(", "))));
    QJsonObject result;
    for (const FaultParam &p : *params) {
        const QString key = QLatin1String(p.name);
        const QJsonValue v = given.value(key);
        if (v.isUndefined()) {
            if (apiRequired && p.requiredInApi)
                return fail(QStringLiteral("needs %1 (%2)").arg(key, range(p)));
            if (p.type == T::Flag)
                result.insert(key, p.fallback != 0);
            else if (p.type != T::Text)
                result.insert(key, p.fallback);
            else if (p.requiredInApi)
                return fail(QStringLiteral("needs %1 (%2)").arg(key, range(p)));
            continue;
        }
        bool ok = false;
        switch (p.type) {
        case T::Whole: {
            const double d = v.toDouble(std::nan(""));
            ok = v.isDouble() && d == std::floor(d) && d >= p.min && d <= p.max;
            break;
        }
        case T::Seconds: {
            const double d = v.toDouble(std::nan(""));
            ok = v.isDouble() && d >= p.min && d <= p.max;
            break;
        }
        case T::Flag:
            ok = v.isBool();
            break;
        case T::Text:
            ok = v.isString() && !v.toString().trimmed().isEmpty();
            break;
        }
        if (!ok)
            return fail(QStringLiteral("%1 %2 is not %3").arg(key, shown(v), range(p)));
        result.insert(key, v);
    }
    *out = result;
    return true;
}

QJsonObject faultArgsFromQuery(const QString &name, const std::function<bool(const char *)> &has,
                               const std::function<QString(const char *)> &value)
{
    QJsonObject given;
    const QList<FaultParam> *params = faultParams(name);
    if (!params)
        return given;
    for (const FaultParam &p : *params) {
        if (!has(p.name))
            continue;
        const QString text = value(p.name);
        const QString key = QLatin1String(p.name);
        if (p.type == T::Flag) {
            const QString l = text.toLower();
            if (l == QLatin1String("true") || l == QLatin1String("1") || l.isEmpty())
                given.insert(key, true);
            else if (l == QLatin1String("false") || l == QLatin1String("0"))
                given.insert(key, false);
            else
                given.insert(key, text);
            continue;
        }
        bool ok = false;
        const double d = text.toDouble(&ok);
        if (p.type != T::Text && ok && std::isfinite(d))
            given.insert(key, d);
        else
            given.insert(key, text);
    }
    return given;
}

QString compactRevisionProblem(qint64 revision, qint64 current)
{
    if (revision <= current)
        return {};
    return QStringLiteral("compact: revision %1 is past the current revision %2")
        .arg(revision)
        .arg(current);
}

} // namespace lens::sim
