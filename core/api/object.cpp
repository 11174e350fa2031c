// SPDX-License-Identifier: Apache-2.0
#include "object.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <QMutex>

namespace lens {

struct Object::Data {
    QJsonObject json;
    bool hasMeta = false;
    QString ns, name, generateName, uid, rv, created, deleted, kind, apiVersion;
    QMap<QString, QString> labels, annotations;
    mutable QByteArray compact;
    mutable QMutex compactLock;
};

namespace {
QMap<QString, QString> stringMap(const QJsonValue &v)
{
    QMap<QString, QString> out;
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        out.insert(it.key(), it.value().toString());
    return out;
}

QString typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    default:
        return QStringLiteral("null");
    }
}

} // namespace

QString jsonTypeMismatch(const QJsonValue &v, QJsonValue::Type want, const QString &path)
{
    if (v.isUndefined() || v.isNull() || v.type() == want)
        return {};
    return QStringLiteral("%1 is %2, not %3").arg(path, typeName(v), typeName(QJsonValue(want)));
}

QString Object::decodeError(const QJsonObject &json)
{
    for (const char *f : {"kind", "apiVersion"})
        if (QString e = jsonTypeMismatch(json.value(QLatin1String(f)), QJsonValue::String,
                                         QLatin1String(f));
            !e.isEmpty())
            return e;
    const QJsonValue metaValue = json.value(QLatin1String("metadata"));
    if (QString e = jsonTypeMismatch(metaValue, QJsonValue::Object, QStringLiteral("metadata"));
        !e.isEmpty())
        return e;
    const QJsonObject meta = metaValue.toObject();
    for (const char *f : {"name", "namespace", "generateName", "uid", "resourceVersion",
                          "creationTimestamp", "deletionTimestamp"})
        if (QString e = jsonTypeMismatch(meta.value(QLatin1String(f)), QJsonValue::String,
                                         QStringLiteral("metadata.") + QLatin1String(f));
            !e.isEmpty())
            return e;
    for (const char *f : {"labels", "annotations"}) {
        const QJsonValue m = meta.value(QLatin1String(f));
        const QString path = QStringLiteral("metadata.") + QLatin1String(f);
        if (QString e = jsonTypeMismatch(m, QJsonValue::Object, path); !e.isEmpty())
            return e;
        const QJsonObject o = m.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            if (QString e = jsonTypeMismatch(it.value(), QJsonValue::String,
                                             QStringLiteral("%1[\"%2\"]").arg(path, it.key()));
                !e.isEmpty())
                return e;
    }
    return {};
}

Object Object::fromJson(const QJsonObject &json)
{
    auto d = std::make_shared<Data>();
    d->json = json;
    d->kind = json.value(QLatin1String("kind")).toString();
    d->apiVersion = json.value(QLatin1String("apiVersion")).toString();
    const QJsonValue metaValue = json.value(QLatin1String("metadata"));
    d->hasMeta = metaValue.isObject();
    const QJsonObject meta = metaValue.toObject();
    d->ns = meta.value(QLatin1String("namespace")).toString();
    d->name = meta.value(QLatin1String("name")).toString();
    d->generateName = meta.value(QLatin1String("generateName")).toString();
    d->uid = meta.value(QLatin1String("uid")).toString();
    d->rv = meta.value(QLatin1String("resourceVersion")).toString();
    d->created = meta.value(QLatin1String("creationTimestamp")).toString();
    d->deleted = meta.value(QLatin1String("deletionTimestamp")).toString();
    d->labels = stringMap(meta.value(QLatin1String("labels")));
    d->annotations = stringMap(meta.value(QLatin1String("annotations")));
    Object o;
    o.d = std::move(d);
    return o;
}

Object Object::parse(const QByteArray &bytes, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        if (error) {
            *error = pe.error != QJsonParseError::NoError
                         ? QStringLiteral("malformed JSON at byte %1: %2")
                               .arg(pe.offset)
                               .arg(pe.errorString())
                         : QStringLiteral("expected a JSON object");
        }
        return {};
    }
    // The compact form is recomputed on demand: the input may be pretty-printed, and toJson()
    // must stay one line (watch streams are newline-delimited).
    return fromJson(doc.object());
}

Object Object::make(const QString &ns, const QString &name, const QString &resourceVersion,
                    const QMap<QString, QString> &labels)
{
    QJsonObject meta;
    meta.insert(QLatin1String("name"), name);
    if (!ns.isEmpty())
        meta.insert(QLatin1String("namespace"), ns);
    if (!resourceVersion.isEmpty())
        meta.insert(QLatin1String("resourceVersion"), resourceVersion);
    if (!labels.isEmpty()) {
        QJsonObject l;
        for (auto it = labels.begin(); it != labels.end(); ++it)
            l.insert(it.key(), it.value());
        meta.insert(QLatin1String("labels"), l);
    }
    QJsonObject json;
    json.insert(QLatin1String("metadata"), meta);
    return fromJson(json);
}

bool Object::hasMeta() const
{
    return d && d->hasMeta;
}
QString Object::kind() const
{
    return d ? d->kind : QString();
}
QString Object::apiVersion() const
{
    return d ? d->apiVersion : QString();
}
QString Object::namespace_() const
{
    return d ? d->ns : QString();
}
QString Object::name() const
{
    return d ? d->name : QString();
}
QString Object::generateName() const
{
    return d ? d->generateName : QString();
}
QString Object::uid() const
{
    return d ? d->uid : QString();
}
QString Object::resourceVersion() const
{
    return d ? d->rv : QString();
}
QString Object::creationTimestamp() const
{
    return d ? d->created : QString();
}
QString Object::deletionTimestamp() const
{
    return d ? d->deleted : QString();
}
QMap<QString, QString> Object::labels() const
{
    return d ? d->labels : QMap<QString, QString>();
}
QMap<QString, QString> Object::annotations() const
{
    return d ? d->annotations : QMap<QString, QString>();
}

const QJsonObject &Object::json() const
{
    static const QJsonObject empty;
    return d ? d->json : empty;
}

QByteArray Object::toJson() const
{
    if (!d)
        return QByteArrayLiteral("null");
    QMutexLocker lock(&d->compactLock);
    if (d->compact.isEmpty())
        d->compact = QJsonDocument(d->json).toJson(QJsonDocument::Compact);
    return d->compact;
}

Object Object::withMetadata(const QJsonObject &metadataPatch) const
{
    QJsonObject json = this->json();
    QJsonObject meta = json.value(QLatin1String("metadata")).toObject();
    for (auto it = metadataPatch.begin(); it != metadataPatch.end(); ++it) {
        if (it.value().isNull())
            meta.remove(it.key());
        else
            meta.insert(it.key(), it.value());
    }
    json.insert(QLatin1String("metadata"), meta);
    return fromJson(json);
}

bool Object::operator==(const Object &other) const
{
    if (d == other.d)
        return true;
    if (!d || !other.d)
        return false;
    return d->json == other.d->json;
}

} // namespace lens
