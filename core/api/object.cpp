// SPDX-License-Identifier: Apache-2.0
#include "object.h"

#include "object_p.h"
#include "objectdecode.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <QMutex>
#include <QSet>

#include <array>

namespace lens {

namespace {
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

QString internedString(QStringView v)
{
    // Never destroyed: the decoder thread may still intern while the process exits.
    static QMutex lock;
    static QSet<QString> &strings = *new QSet<QString>;
    constexpr qsizetype kMaxStrings = 4096;
    if (v.isEmpty())
        return {};
    QMutexLocker locker(&lock);
    if (const auto it = strings.constFind(v.toString()); it != strings.cend())
        return *it;
    QString s = v.toString();
    if (strings.size() < kMaxStrings)
        strings.insert(s);
    return s;
}

void ObjectBuilder::setKind(QStringView v)
{
    m_kind = internedString(v);
}
void ObjectBuilder::setApiVersion(QStringView v)
{
    m_apiVersion = internedString(v);
}
void ObjectBuilder::setNamespace(QStringView v)
{
    m_ns = internedString(v);
}
void ObjectBuilder::setPhase(QStringView v)
{
    m_phase = internedString(v);
}

Object::Data::Span ObjectBuilder::append(std::string_view utf8)
{
    const Object::Data::Span s{quint32(m_strings.size()), quint32(utf8.size())};
    m_strings.append(utf8.data(), qsizetype(utf8.size()));
    return s;
}

void ObjectBuilder::setExtra(Object::Data::SpanIndex which, std::string_view utf8)
{
    m_fixed[which] = append(utf8);
}

void ObjectBuilder::addLabel(std::string_view key, std::string_view value)
{
    m_labels << append(key) << append(value);
}

bool ObjectBuilder::labelsRepeatAKey() const
{
    auto key = [this](qsizetype i) {
        const Object::Data::Span s = m_labels.at(2 * i);
        return std::string_view(m_strings.constData() + s.offset, s.size);
    };
    const qsizetype n = m_labels.size() / 2;
    if (n > 32) {
        QSet<QByteArray> seen;
        for (qsizetype i = 0; i < n; ++i) {
            const std::string_view k = key(i);
            const QByteArray b = QByteArray::fromRawData(k.data(), qsizetype(k.size()));
            if (seen.contains(b))
                return true;
            seen.insert(b);
        }
        return false;
    }
    for (qsizetype i = 0; i < n; ++i)
        for (qsizetype j = i + 1; j < n; ++j)
            if (key(i) == key(j))
                return true;
    return false;
}

Object ObjectBuilder::build()
{
    auto d = std::make_shared<Object::Data>();
    d->bytes = std::move(m_bytes);
    d->ns = std::move(m_ns);
    d->name = std::move(m_name);
    d->rv = std::move(m_rv);
    d->kind = std::move(m_kind);
    d->apiVersion = std::move(m_apiVersion);
    d->phase = std::move(m_phase);
    d->hasMeta = m_hasMeta;
    d->labelCount = quint32(m_labels.size() / 2);
    // The spans, shifted past themselves, then the strings: one allocation.
    const qsizetype spans = Object::Data::FixedSpans + m_labels.size();
    const quint32 shift = quint32(spans * qsizetype(sizeof(Object::Data::Span)));
    d->extra.reserve(shift + m_strings.size());
    auto put = [&](Object::Data::Span s) {
        s.offset += shift;
        d->extra.append(reinterpret_cast<const char *>(&s), sizeof(s));
    };
    for (const Object::Data::Span &s : m_fixed)
        put(s);
    for (const Object::Data::Span &s : std::as_const(m_labels))
        put(s);
    d->extra.append(m_strings);
    Object o;
    o.d = std::move(d);
    return o;
}

namespace {

/// The last objects this thread parsed for json() or built with fromJson(): a few entries, so
/// json() called several times in a row on one object parses it once, and no parsed copy
/// outlives its use by much. Weak references: the cache never keeps an object alive.
struct ParsedCache {
    static constexpr int kEntries = 8;
    std::array<std::weak_ptr<const Object::Data>, kEntries> owner;
    std::array<QJsonObject, kEntries> json;
    int next = 0;

    const QJsonObject *find(const std::shared_ptr<const Object::Data> &d) const
    {
        for (int i = 0; i < kEntries; ++i)
            if (!owner[i].owner_before(d) && !d.owner_before(owner[i]) && !owner[i].expired())
                return &json[i];
        return nullptr;
    }
    void put(const std::shared_ptr<const Object::Data> &d, QJsonObject j)
    {
        owner[next] = d;
        json[next] = std::move(j);
        next = (next + 1) % kEntries;
    }
};

ParsedCache &parsedCache()
{
    thread_local ParsedCache cache;
    return cache;
}

void readMetadata(const QJsonObject &json, ObjectBuilder *b)
{
    b->setKind(json.value(QLatin1String("kind")).toString());
    b->setApiVersion(json.value(QLatin1String("apiVersion")).toString());
    const QJsonValue metaValue = json.value(QLatin1String("metadata"));
    b->setHasMeta(metaValue.isObject());
    const QJsonObject meta = metaValue.toObject();
    b->setNamespace(meta.value(QLatin1String("namespace")).toString());
    b->setName(meta.value(QLatin1String("name")).toString());
    b->setResourceVersion(meta.value(QLatin1String("resourceVersion")).toString());
    const std::pair<Object::Data::SpanIndex, const char *> extras[] = {
        {Object::Data::Uid, "uid"},
        {Object::Data::GenerateName, "generateName"},
        {Object::Data::Created, "creationTimestamp"},
        {Object::Data::Deleted, "deletionTimestamp"},
    };
    for (const auto &[which, key] : extras) {
        const QByteArray v = meta.value(QLatin1String(key)).toString().toUtf8();
        b->setExtra(which, std::string_view(v.constData(), size_t(v.size())));
    }
    const QJsonObject labels = meta.value(QLatin1String("labels")).toObject();
    for (auto it = labels.begin(); it != labels.end(); ++it) {
        const QByteArray k = it.key().toUtf8();
        const QByteArray v = it.value().toString().toUtf8();
        b->addLabel(std::string_view(k.constData(), size_t(k.size())),
                    std::string_view(v.constData(), size_t(v.size())));
    }
    b->setPhase(
        json.value(QLatin1String("status")).toObject().value(QLatin1String("phase")).toString());
}

} // namespace

Object Object::fromJson(const QJsonObject &json)
{
    ObjectBuilder b;
    QByteArray bytes = QJsonDocument(json).toJson(QJsonDocument::Compact);
    bytes.squeeze(); // toJson grows its buffer as it writes: up to half of it was slack
    b.setBytes(std::move(bytes));
    readMetadata(json, &b);
    Object o = b.build();
    // The caller often reads it back soon (the simulated server's read-modify-write).
    parsedCache().put(o.d, json);
    return o;
}

Object Object::parse(const QByteArray &bytes, QString *error, qsizetype receivedSize)
{
    Object o = decodeBytes(bytes, error);
    if (!o.isNull() && receivedSize > o.byteSize() && receivedSize <= qsizetype(UINT32_MAX))
        // Just built, held only here: its Data was made non-const and is shared with no one.
        const_cast<Data &>(*o.d).receivedBytes = quint32(receivedSize);
    return o;
}

Object Object::decodeBytes(const QByteArray &bytes, QString *error)
{
    if (Object o; fastjson::decodeObject(bytes, &o))
        return o;
    // Not for the fast path (malformed, not an object, deeply nested, repeated keys or
    // mistyped metadata): Qt's parser decides, and names the byte where it stopped.
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
    return d ? d->text(Data::GenerateName) : QString();
}
QString Object::uid() const
{
    return d ? d->text(Data::Uid) : QString();
}
QString Object::resourceVersion() const
{
    return d ? d->rv : QString();
}
QString Object::creationTimestamp() const
{
    return d ? d->text(Data::Created) : QString();
}
QString Object::deletionTimestamp() const
{
    return d ? d->text(Data::Deleted) : QString();
}
QString Object::phase() const
{
    return d ? d->phase : QString();
}

QMap<QString, QString> Object::labels() const
{
    QMap<QString, QString> out;
    if (!d)
        return out;
    // Inserted in order: a key the JSON repeats keeps its last value, as QJsonObject does.
    for (quint32 i = 0; i < d->labelCount; ++i)
        out.insert(d->text(Data::FixedSpans + 2 * i), d->text(Data::FixedSpans + 2 * i + 1));
    return out;
}

std::optional<QString> Object::label(QStringView key) const
{
    if (!d)
        return std::nullopt;
    std::optional<QString> found;
    for (quint32 i = 0; i < d->labelCount; ++i) {
        const Data::Span k = d->span(Data::FixedSpans + 2 * i);
        if (QAnyStringView::equal(QUtf8StringView(d->extra.constData() + k.offset, k.size), key))
            found = d->text(Data::FixedSpans + 2 * i + 1);
    }
    return found;
}

QMap<QString, QString> Object::annotations() const
{
    QMap<QString, QString> out;
    if (d)
        fastjson::readStringMap(d->json(), "annotations", &out);
    return out;
}

QJsonObject Object::json() const
{
    if (!d)
        return {};
    ParsedCache &cache = parsedCache();
    if (const QJsonObject *j = cache.find(d))
        return *j;
    QJsonObject j = QJsonDocument::fromJson(d->json()).object();
    cache.put(d, j);
    return j;
}

bool Object::isPacked() const
{
    return d && d->packing;
}

QByteArray Object::Data::json() const
{
    return packing ? packing->unpack(bytes, jsonBytes) : bytes;
}

QByteArray Object::toJson() const
{
    return d ? d->json() : QByteArrayLiteral("null");
}

qsizetype Object::byteSize() const
{
    return d ? (d->packing ? qsizetype(d->jsonBytes) : d->bytes.size()) : 4;
}

qsizetype Object::receivedSize() const
{
    return d && d->receivedBytes ? qsizetype(d->receivedBytes) : byteSize();
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
    if (d->packing == other.d->packing && d->bytes == other.d->bytes)
        return true; // the same bytes, or the same bytes packed with one dictionary
    if ((d->packing || other.d->packing) && toJson() == other.toJson())
        return true;
    return json() == other.json();
}

} // namespace lens
