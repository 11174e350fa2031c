// SPDX-License-Identifier: Apache-2.0
#include "storagehelpers.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <cmath>

namespace lens::sim::storage {

namespace {
const QString kMetadata = QStringLiteral("metadata");
const QString kAnnotations = QStringLiteral("annotations");
const QString kSpec = QStringLiteral("spec");
} // namespace

std::optional<double> parseQuantity(const QString &text)
{
    // resource.Quantity's grammar: a signed decimal number, then a binary suffix (Ki .. Ei), a
    // decimal suffix (n, u, m, "", k, M, G, T, P, E) or a decimal exponent (e3, E-2).
    static const QRegularExpression re(
        QStringLiteral("^([+-]?[0-9]*\\.?[0-9]+|[+-]?[0-9]+\\.)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|"
                       "P|E|[eE][+-]?[0-9]+)?$"));
    const QRegularExpressionMatch m = re.match(text.trimmed());
    if (!m.hasMatch())
        return std::nullopt;
    bool ok = false;
    const double number = m.captured(1).toDouble(&ok);
    if (!ok)
        return std::nullopt;
    const QString suffix = m.captured(2);
    if (suffix.isEmpty())
        return number;
    if (suffix.size() == 2 && suffix.at(1) == QLatin1Char('i')) {
        const int power = int(QStringLiteral("KMGTPE").indexOf(suffix.at(0))) + 1;
        return number * std::pow(1024.0, power);
    }
    if (suffix.at(0) == QLatin1Char('e') || suffix.at(0) == QLatin1Char('E')) {
        if (suffix.size() > 1)
            return number * std::pow(10.0, suffix.mid(1).toInt());
        return number * 1e18; // "E" alone is exa
    }
    static const QString decimal = QStringLiteral("num kMGTP");
    const int at = int(decimal.indexOf(suffix.at(0)));
    return number * std::pow(10.0, (at - 3) * 3);
}

QString annotation(const QJsonObject &object, const char *key)
{
    return object.value(kMetadata)
        .toObject()
        .value(kAnnotations)
        .toObject()
        .value(QLatin1String(key))
        .toString();
}

bool hasAnnotation(const QJsonObject &object, const char *key)
{
    return object.value(kMetadata)
        .toObject()
        .value(kAnnotations)
        .toObject()
        .contains(QLatin1String(key));
}

QJsonObject withAnnotation(QJsonObject object, const char *key, const QString &value)
{
    QJsonObject meta = object.value(kMetadata).toObject();
    QJsonObject ann = meta.value(kAnnotations).toObject();
    ann.insert(QLatin1String(key), value);
    meta.insert(kAnnotations, ann);
    object.insert(kMetadata, meta);
    return object;
}

QJsonObject withoutAnnotation(QJsonObject object, const char *key)
{
    QJsonObject meta = object.value(kMetadata).toObject();
    QJsonObject ann = meta.value(kAnnotations).toObject();
    ann.remove(QLatin1String(key));
    if (ann.isEmpty())
        meta.remove(kAnnotations);
    else
        meta.insert(kAnnotations, ann);
    object.insert(kMetadata, meta);
    return object;
}

QStringList finalizers(const QJsonObject &object)
{
    QStringList out;
    const QJsonArray a = object.value(kMetadata).toObject().value(u"finalizers").toArray();
    for (const QJsonValue &v : a)
        out << v.toString();
    return out;
}

QJsonObject withFinalizers(QJsonObject object, const QStringList &list)
{
    QJsonObject meta = object.value(kMetadata).toObject();
    if (list.isEmpty())
        meta.remove(QStringLiteral("finalizers"));
    else
        meta.insert(QStringLiteral("finalizers"), QJsonArray::fromStringList(list));
    object.insert(kMetadata, meta);
    return object;
}

QString field(const QJsonObject &object, const char *outer, const char *inner)
{
    return object.value(QLatin1String(outer)).toObject().value(QLatin1String(inner)).toString();
}

QJsonObject withField(QJsonObject object, const char *outer, const char *inner,
                      const QJsonValue &value)
{
    QJsonObject o = object.value(QLatin1String(outer)).toObject();
    if (value.isUndefined())
        o.remove(QLatin1String(inner));
    else
        o.insert(QLatin1String(inner), value);
    object.insert(QLatin1String(outer), o);
    return object;
}

QString storageClassOf(const QJsonObject &o)
{
    if (hasAnnotation(o, AnnBetaStorageClass))
        return annotation(o, AnnBetaStorageClass);
    return field(o, "spec", "storageClassName");
}

std::optional<double> claimRequest(const QJsonObject &claim)
{
    const QJsonValue v = claim.value(kSpec)
                             .toObject()
                             .value(u"resources")
                             .toObject()
                             .value(u"requests")
                             .toObject()
                             .value(u"storage");
    return v.isString() ? parseQuantity(v.toString()) : std::nullopt;
}

std::optional<double> volumeCapacity(const QJsonObject &volume)
{
    const QJsonValue v =
        volume.value(kSpec).toObject().value(u"capacity").toObject().value(u"storage");
    return v.isString() ? parseQuantity(v.toString()) : std::nullopt;
}

QStringList accessModes(const QJsonObject &o)
{
    QStringList out;
    const QJsonArray a = o.value(kSpec).toObject().value(u"accessModes").toArray();
    for (const QJsonValue &v : a)
        out << v.toString();
    return out;
}

QString accessModesString(const QStringList &modes)
{
    QStringList out;
    const QList<QPair<const char *, const char *>> order = {{"ReadWriteOnce", "RWO"},
                                                            {"ReadOnlyMany", "ROX"},
                                                            {"ReadWriteMany", "RWX"},
                                                            {"ReadWriteOncePod", "RWOP"}};
    for (const auto &[mode, abbrev] : order)
        if (modes.contains(QLatin1String(mode)))
            out << QLatin1String(abbrev);
    return out.join(QLatin1Char(','));
}

QString volumeMode(const QJsonObject &o)
{
    const QString mode = field(o, "spec", "volumeMode");
    return mode.isEmpty() ? QStringLiteral("Filesystem") : mode;
}

} // namespace lens::sim::storage
