// SPDX-License-Identifier: Apache-2.0
// What the core suites share for writing objects and expected values (every test target has
// tests/ on its include path, see cmake/LensTest.cmake): objects written "name@rv" as in
// clientgo-cases.md (obj(k, v): cluster-scoped, so the key is the name), their text form, a
// QStringList from literals for table rows, the counting transformer of client-go's transformer
// tests, and durations in milliseconds.
#pragma once

#include "api/object.h"
#include "informer/keys.h"

#include <QJsonObject>
#include <QStringList>

#include <functional>
#include <initializer_list>

namespace lens::test {

/// L({"a", "b"}): a QStringList from string literals, for expected values in table rows.
inline QStringList L(std::initializer_list<const char *> l)
{
    QStringList out;
    for (const char *s : l)
        out << QString::fromUtf8(s);
    return out;
}

/// An object `name` in namespace `ns` ("" = cluster-scoped) at resourceVersion `rv`.
inline Object pod(const QString &name, const QString &rv, const QString &ns = QString())
{
    return Object::make(ns, name, rv);
}

/// "name@rv" → a cluster-scoped object (key = name); "name" → one without a resourceVersion;
/// "nometa" → an object without metadata (its key function fails).
inline Object objFromSpec(const QString &spec)
{
    if (spec == QLatin1String("nometa")) {
        QJsonObject json;
        json.insert(QStringLiteral("kind"), QStringLiteral("Service"));
        return Object::fromJson(json);
    }
    const qsizetype at = spec.indexOf(QLatin1Char('@'));
    if (at < 0)
        return pod(spec, QString());
    return pod(spec.left(at), spec.mid(at + 1));
}

/// "a@1,b@2" → the objects objFromSpec() makes of each.
inline QList<Object> objsFromSpec(const QString &csv)
{
    QList<Object> out;
    for (const QString &s : csv.split(QLatin1Char(','), Qt::SkipEmptyParts))
        out << objFromSpec(s);
    return out;
}

/// "key@rv" (MetaNamespaceKeyFunc's key), "null" for a null object: objFromSpec()'s inverse.
inline QString spec(const Object &o)
{
    return o.isNull() ? QStringLiteral("null")
                      : metaNamespaceKeyFunc(o).key + QLatin1Char('@') + o.resourceVersion();
}

/// "[a@1, b@2]": spec() of each, sorted when `sorted` (a store's List has no order).
inline QString specs(const QList<Object> &objs, bool sorted)
{
    QStringList s;
    for (const Object &o : objs)
        s << spec(o);
    if (sorted)
        s.sort();
    return QLatin1Char('[') + s.join(QStringLiteral(", ")) + QLatin1Char(']');
}

/// How often `o` went through countingTransform() (its "transformed" annotation; 0 = never).
inline int transformCount(const Object &o)
{
    return o.annotations().value(QStringLiteral("transformed"), QStringLiteral("0")).toInt();
}

/// A transformer in the spirit of client-go's TestDeltaFIFO_transformer: it counts, on the
/// object itself, how often the object went through it. Never fails.
inline Object countingTransform(const Object &o, QString *)
{
    QJsonObject ann;
    ann.insert(QStringLiteral("transformed"), QString::number(transformCount(o) + 1));
    QJsonObject patch;
    patch.insert(QStringLiteral("annotations"), ann);
    return o.withMetadata(patch);
}

/// Watches whether a queue's Replace lets each listed original go once its transformed copy is
/// queued: originals(n) makes n objects and keeps a copy of each one's bytes (shared with it);
/// transformer() is countingTransform() that also checks, each time it is called, that every
/// original it was given before holds its bytes no more (only the probe's copy is left).
struct LetGoProbe {
    QList<QByteArray> bytes;
    int calls = 0;
    int heldWhenChecked = 0; ///< earlier originals still alive at a call of the transformer

    QList<Object> originals(int n)
    {
        QList<Object> list;
        for (int i = 0; i < n; ++i) {
            list << Object::make(QString(), QStringLiteral("o%1").arg(i), QString::number(i + 1));
            bytes << list.last().toJson();
        }
        return list;
    }
    /// Originals among the first `n` still held by someone besides the probe.
    int held(qsizetype n) const
    {
        int count = 0;
        for (qsizetype i = 0; i < qMin(n, bytes.size()); ++i)
            count += bytes.at(i).isDetached() ? 0 : 1;
        return count;
    }
    std::function<Object(const Object &, QString *)> transformer()
    {
        return [this](const Object &o, QString *err) {
            heldWhenChecked += held(calls);
            ++calls;
            return countingTransform(o, err);
        };
    }
};

inline constexpr qint64 kSecond = 1000; ///< milliseconds
inline constexpr qint64 kMinute = 60 * kSecond;
inline constexpr qint64 kHour = 60 * kMinute;

} // namespace lens::test
