// SPDX-License-Identifier: Apache-2.0
#include "scenarioyaml.h"

#include "scenario.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>

namespace lens::sim::scenarioyaml {

/// What one parse may still build from the YAML, bytes (Scenario::kMaxTextBytes at the
/// start): every key and scalar taken from it passes through str() (two bytes a character, as
/// a QString holds it) and every node toJson() builds costs kNodeBytes more (a QJsonValue and
/// its container's slot). YAML aliases (*name) repeat what they name without costing the file
/// a byte: a 1 MiB caption named 9 999 times was 10 GB, and nested aliases of empty values
/// (billion laughs with `~` leaves) built gigabytes of empty JSON.
namespace {
thread_local qint64 t_textLeft = 0;
constexpr qint64 kNodeBytes = 64;
} // namespace

void resetTextBudget(qint64 bytes)
{
    t_textLeft = bytes;
}

static void spend(qint64 bytes)
{
    t_textLeft -= bytes;
    if (t_textLeft < 0)
        throw TextBudgetSpent{};
}

QString str(const std::string &s)
{
    spend(2 * qint64(s.size()));
    return QString::fromStdString(s);
}

/// A YAML node as JSON: maps → objects, sequences → arrays, plain scalars → bool / number /
/// null when they read as one, quoted scalars → strings.
QJsonValue toJson(const YAML::Node &n)
{
    spend(kNodeBytes);
    switch (n.Type()) {
    case YAML::NodeType::Map: {
        QJsonObject o;
        for (auto it = n.begin(); it != n.end(); ++it)
            o.insert(str(it->first.Scalar()), toJson(it->second));
        return o;
    }
    case YAML::NodeType::Sequence: {
        QJsonArray a;
        for (const auto &item : n)
            a.append(toJson(item));
        return a;
    }
    case YAML::NodeType::Scalar: {
        const QString s = str(n.Scalar());
        if (n.Tag() == "!") // quoted
            return s;
        if (s == QLatin1String("true"))
            return true;
        if (s == QLatin1String("false"))
            return false;
        if (s == QLatin1String("null") || s == QLatin1String("~"))
            return QJsonValue::Null;
        bool ok = false;
        const double d = s.toDouble(&ok);
        if (ok && std::isfinite(d))
            return d;
        return s;
    }
    default:
        return QJsonValue::Null;
    }
}

double number(const YAML::Node &n, const char *what)
{
    const QJsonValue v = toJson(n);
    if (!v.isDouble() || v.toDouble() < 0)
        throw Error{n.Mark(), QStringLiteral("%1 needs a number ≥ 0, got \"%2\"")
                                  .arg(QLatin1String(what), str(n.Scalar()))};
    return v.toDouble();
}

/// A number of seconds from 0 to Scenario::kMaxSeconds, in milliseconds (`at: 1e308` was
/// "-9.22337e+15 s" once it had overflowed).
qint64 milliseconds(const YAML::Node &n, const char *what)
{
    const double s = number(n, what);
    if (s > double(Scenario::kMaxSeconds))
        throw Error{n.Mark(), QStringLiteral("%1 needs a number of seconds from 0 to %2, got "
                                             "\"%3\"")
                                  .arg(QLatin1String(what))
                                  .arg(Scenario::kMaxSeconds)
                                  .arg(str(n.Scalar()))};
    return qint64(std::llround(s * 1000));
}

QString text(const YAML::Node &n, const char *what)
{
    if (!n.IsScalar())
        throw Error{n.Mark(), QStringLiteral("%1 needs a text value").arg(QLatin1String(what))};
    return str(n.Scalar());
}

bool flag(const YAML::Node &n, const char *what)
{
    const QJsonValue v = toJson(n);
    if (!v.isBool())
        throw Error{n.Mark(), QStringLiteral("%1 needs true or false").arg(QLatin1String(what))};
    return v.toBool();
}

/// A scalar ("pods", "pods,nodes") or a list of scalars ([pods, nodes]) as a list of texts.
QStringList texts(const YAML::Node &n, const char *what)
{
    QStringList out;
    if (n.IsSequence()) {
        for (const auto &item : n)
            out << text(item, what);
    } else {
        out = text(n, what).split(QLatin1Char(','), Qt::SkipEmptyParts);
    }
    for (QString &t : out)
        t = t.trimmed();
    if (out.isEmpty() || out.contains(QString()))
        throw Error{
            n.Mark(),
            QStringLiteral("%1 needs a value or a list of values").arg(QLatin1String(what))};
    return out;
}

/// Throws for a key not in `allowed`.
void checkKeys(const YAML::Node &map, const QStringList &allowed, const QString &where)
{
    if (!map.IsMap())
        throw Error{map.Mark(), QStringLiteral("%1 needs a map of options").arg(where)};
    for (auto it = map.begin(); it != map.end(); ++it) {
        const QString key = str(it->first.Scalar());
        if (!allowed.contains(key))
            throw Error{it->first.Mark(), QStringLiteral("unknown option \"%1\" in %2 (known: %3)")
                                              .arg(key, where, allowed.join(u", "))};
    }
}

} // namespace lens::sim::scenarioyaml
