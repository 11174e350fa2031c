// SPDX-License-Identifier: Apache-2.0
#include "store.h"

#include <algorithm>

#include "api/validation.h"
#include "fixtures.h"
#include "jsonbytes.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QUuid>

#include <iterator>

namespace lens::sim {

namespace {

/// apimachinery's name validation for metadata.name on create (ValidateObjectMeta with the
/// resource's name function): DNS-1035 labels for services, RFC 1123 labels for namespaces,
/// RFC 1123 subdomains for everything else. Returns kube-apiserver's words, none when valid.
QStringList nameProblems(const QString &resource, const QString &name)
{
    if (resource == QLatin1String("services"))
        return dns1035LabelErrors(name);
    if (resource == QLatin1String("namespaces"))
        return dns1123LabelErrors(name);
    return dns1123SubdomainErrors(name);
}
const QString kMetadata = QStringLiteral("metadata");
const QString kNamespacesResource = QStringLiteral("namespaces");

} // namespace

void Store::setReproducible(const Clock *clock, quint32 seed)
{
    m_fixedClock = clock;
    m_rng.seed(seed);
}

QString Store::randomSuffix()
{
    // Like the apiserver's names.SimpleNameGenerator: 5 chars from a consonant-heavy alphabet.
    static const char alphabet[] = "bcdfghjklmnpqrstvwxz2456789";
    QRandomGenerator *rng = m_fixedClock ? &m_rng : QRandomGenerator::global();
    QString s;
    for (int i = 0; i < 5; ++i)
        s += QLatin1Char(alphabet[rng->bounded(int(sizeof alphabet) - 1)]);
    return s;
}

QString Store::newUid()
{
    if (!m_fixedClock)
        return QUuid::createUuid().toString(QUuid::WithoutBraces);
    return Fixtures::makeUid(m_rng);
}

QDateTime Store::now() const
{
    if (!m_fixedClock)
        return QDateTime::currentDateTimeUtc();
    return QDateTime(QDate(2025, 1, 1), QTime(0, 0), Qt::UTC).addMSecs(m_fixedClock->nowMs());
}

QString Store::nowRfc3339() const
{
    return now().toString(Qt::ISODate);
}

const char *ChangeEvent::typeName(Type type)
{
    switch (type) {
    case Type::Added:
        return "ADDED";
    case Type::Modified:
        return "MODIFIED";
    case Type::Deleted:
        return "DELETED";
    }
    return "ERROR";
}

Store::Store(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<lens::sim::ChangeEvent>();
    setHistoryClock(nullptr);
    for (const ResourceType &t : ResourceType::builtins())
        addResource(t);
}

Store::~Store() = default;

void Store::addResource(const ResourceType &type)
{
    if (!m_tables.contains(type.key()))
        m_order << type.key();
    m_tables[type.key()].type = type;
    Q_EMIT resourcesChanged();
}

void Store::removeResource(const QString &resource)
{
    if (m_tables.remove(resource) > 0) {
        m_order.removeAll(resource);
        Q_EMIT resourcesChanged();
    }
}

ResourceType Store::resourceType(const QString &name) const
{
    const Table *t = table(name);
    return t ? t->type : ResourceType();
}

QList<ResourceType> Store::resourceTypes() const
{
    QList<ResourceType> out;
    for (const QString &n : m_order)
        out << m_tables.value(n).type;
    return out;
}

Store::Table *Store::table(const QString &resource)
{
    auto it = m_tables.find(resource);
    return it == m_tables.end() ? nullptr : &it.value();
}

const Store::Table *Store::table(const QString &resource) const
{
    auto it = m_tables.constFind(resource);
    return it == m_tables.constEnd() ? nullptr : &it.value();
}

void Store::setHistoryLimit(int maxEvents)
{
    m_historyLimit = qMax(1, maxEvents);
    trimHistory();
}

void Store::setHistoryWindowMs(int ms)
{
    m_historyWindowMs = qMax(0, ms);
    if (m_historyWindowMs > 0)
        m_trimTimer->start(qMin(1000, m_historyWindowMs));
    else
        m_trimTimer->stop();
    trimHistory();
}

void Store::setHistoryClock(const Clock *clock)
{
    delete m_trimTimer;
    m_clock = clock ? clock : &m_ownClock;
    m_trimTimer = new ClockTimer(m_clock, this);
    connect(m_trimTimer, &ClockTimer::timeout, this, [this] {
        if (m_historyWindowMs > 0) // periodic, as a QTimer's
            m_trimTimer->start(qMin(1000, m_historyWindowMs));
        trimHistory();
    });
    if (m_historyWindowMs > 0)
        m_trimTimer->start(qMin(1000, m_historyWindowMs));
}

void Store::trimHistory()
{
    const qint64 now = m_clock->nowMs();
    while (!m_history.empty() &&
           (int(m_history.size()) > m_historyLimit ||
            (m_historyWindowMs > 0 && now - m_history.front().recordedAtMs > m_historyWindowMs))) {
        m_oldestRetained = m_history.front().revision;
        m_history.pop_front();
    }
}

void Store::compact(qint64 revision)
{
    if (revision < 0 || revision > m_revision)
        revision = m_revision;
    m_compacted = qMax(m_compacted, revision);
    while (!m_history.empty() && m_history.front().revision <= revision)
        m_history.pop_front();
    m_oldestRetained = qMax(m_oldestRetained, revision);
    Q_EMIT compacted(m_compacted);
}

lens::ApiStatus Store::unknownResource()
{
    return status(404, QStringLiteral("NotFound"),
                  QStringLiteral("the server could not find the requested resource"));
}

lens::ApiStatus Store::status(int code, const QString &reason, const QString &message)
{
    lens::ApiStatus s;
    s.code = code;
    s.reason = reason;
    s.message = message;
    return s;
}

StoredObject Store::makeStored(const QJsonObject &json)
{
    // Serialised once: the Object reads its metadata from the same compact bytes.
    StoredObject s = storedFromCompact(compactJson(json));
    if (s.isNull()) { // not expected: compactJson() writes what Object::parse() reads
        s.object = lens::Object::fromJson(json);
        s.itemFrom = 0;
        QJsonObject item = json;
        item.remove(QStringLiteral("kind"));
        item.remove(QStringLiteral("apiVersion"));
        s.item = compactJson(item);
    }
    return s;
}

StoredObject Store::storedFromCompact(const QByteArray &json)
{
    StoredObject s;
    s.json = json;
    s.object = lens::Object::parse(s.json);
    if (s.object.isNull())
        return s;
    // One copy of the bytes for both (Object::parse() shares compact input; else they are
    // equal bytes from the object's own buffer).
    if (const QByteArray kept = s.object.toJson(); kept == s.json)
        s.json = kept;
    // The list item is the same bytes without the leading apiVersion and kind members (keys
    // are written sorted, so those two come first when no key sorts before them).
    const QString apiVersion = s.object.apiVersion();
    const QString kind = s.object.kind();
    if (!apiVersion.isEmpty() && !kind.isEmpty()) {
        const QByteArray head = "{\"apiVersion\":" + JsonBuilder::encode(apiVersion) +
                                ",\"kind\":" + JsonBuilder::encode(kind) + ',';
        if (s.json.startsWith(head)) {
            s.itemFrom = head.size();
            return s;
        }
    }
    QJsonObject item = s.object.json();
    item.remove(QStringLiteral("kind"));
    item.remove(QStringLiteral("apiVersion"));
    s.item = compactJson(item);
    return s;
}

void Store::stampManagedFields(const QJsonObject &previous, const QString &apiVersion,
                               const QString &now, QJsonObject *json) const
{
    const QJsonArray managed = FieldManager::afterWrite(previous, *json, m_writer, apiVersion, now);
    QJsonObject meta = json->value(kMetadata).toObject();
    if (managed.isEmpty())
        meta.remove(QStringLiteral("managedFields"));
    else
        meta.insert(QStringLiteral("managedFields"), managed);
    json->insert(kMetadata, meta);
}

StoredObject Store::commit(ChangeEvent::Type type, const QString &resource, const QString &key,
                           qint64 revision, const QJsonObject &json, const StoredObject &previous)
{
    return commit(type, resource, key, revision, makeStored(json), previous);
}

StoredObject Store::commit(ChangeEvent::Type type, const QString &resource, const QString &key,
                           qint64 revision, const StoredObject &stored,
                           const StoredObject &previous)
{
    m_revision = revision;
    ChangeEvent ev;
    ev.type = type;
    ev.resource = resource;
    ev.key = key;
    ev.revision = revision;
    ev.object = stored;
    ev.previous = previous;
    record(std::move(ev));
    return stored;
}

void Store::record(ChangeEvent event)
{
    Table *t = table(event.resource);
    Q_ASSERT(t);
    if (event.type == ChangeEvent::Type::Deleted)
        t->objects.remove(event.key);
    else
        t->objects.insert(event.key, event.object);
    if (t->keysValid) {
        const auto at = std::lower_bound(t->keys.begin(), t->keys.end(), event.key);
        const bool known = at != t->keys.end() && *at == event.key;
        if (event.type == ChangeEvent::Type::Deleted && known)
            t->keys.erase(at);
        else if (event.type != ChangeEvent::Type::Deleted && !known)
            t->keys.insert(at, event.key);
    }
    event.recordedAtMs = m_clock->nowMs();
    m_history.push_back(event);
    trimHistory();
    // A created or updated CustomResourceDefinition serves its resource at once (the
    // apiextensions-apiserver registers it when the CRD becomes Established).
    const bool crdWrite = event.resource == ResourceType::customResourceDefinitions().key() &&
                          event.type != ChangeEvent::Type::Deleted;
    Q_EMIT changed(event);
    if (crdWrite) {
        const ResourceType cr = ResourceType::fromCrd(event.object.object.json());
        const Table *existing = cr.isValid() ? table(cr.key()) : nullptr;
        if (cr.isValid() && (!existing || existing->type.kind == cr.kind))
            addResource(cr);
    }
}

Store::Table *Store::prepareWrite(const QString &resource, const QJsonObject &object,
                                  WriteResult *result, QJsonObject *json, QJsonObject *meta)
{
    Table *t = table(resource);
    if (!t) {
        result->error = unknownResource();
        return nullptr;
    }
    *json = object;
    *meta = json->value(kMetadata).toObject();
    if (lens::ApiStatus why = sizeProblem(t->type, object, *meta); why.code != 0) {
        result->error = std::move(why);
        return nullptr;
    }
    return t;
}

lens::ApiStatus Store::sizeProblem(const ResourceType &type, const QJsonObject &object,
                                   const QJsonObject &meta)
{
    // ValidateObjectMeta's ValidateAnnotations: the keys and values together, in bytes
    // (TotalAnnotationSizeLimitB).
    constexpr qsizetype kAnnotationBytes = 256 * 1024;
    qsizetype annotationBytes = 0;
    const QJsonObject annotations = meta.value(QStringLiteral("annotations")).toObject();
    for (auto it = annotations.constBegin(); it != annotations.constEnd(); ++it)
        annotationBytes += it.key().toUtf8().size() + it.value().toString().toUtf8().size();
    if (annotationBytes > kAnnotationBytes)
        return status(422, QStringLiteral("Invalid"),
                      QStringLiteral("%1 \"%2\" is invalid: metadata.annotations: Too long: must "
                                     "have at most %3 bytes")
                          .arg(type.kind, meta.value(QStringLiteral("name")).toString())
                          .arg(kAnnotationBytes));
    // etcd's --max-request-bytes (1.5 MiB): kube-apiserver passes etcd's refusal on as a 500
    // without a reason (kubernetes#112152). Without it one object grew 3 MB a patch until the
    // server ran out of memory.
    constexpr qsizetype kObjectBytes = 1536 * 1024;
    if (QJsonDocument(object).toJson(QJsonDocument::Compact).size() > kObjectBytes)
        return status(500, QString(), QStringLiteral("etcdserver: request is too large"));
    return {};
}

QString Store::checkCreate(const Table &t, const QString &ns, const QString &name,
                           WriteResult *r) const
{
    if (name.isEmpty()) {
        r->error = status(422, QStringLiteral("Invalid"),
                          QStringLiteral("%1 \"\" is invalid: metadata.name: Required value: name "
                                         "or generateName is required")
                              .arg(t.type.kind));
        return {};
    }
    if (const QStringList why = nameProblems(t.type.name, name); !why.isEmpty()) {
        // errors.NewInvalid: "Kind \"name\" is invalid: " and one field error per problem.
        r->error = status(422, QStringLiteral("Invalid"),
                          QStringLiteral("%1 \"%2\" is invalid: ").arg(t.type.kind, name) +
                              fieldInvalid(QStringLiteral("metadata.name"), name, why));
        return {};
    }
    if (t.type.namespaced) {
        if (ns.isEmpty()) {
            r->error = status(422, QStringLiteral("Invalid"),
                              QStringLiteral("%1 \"%2\" is invalid: metadata.namespace: Required "
                                             "value")
                                  .arg(t.type.kind, name));
            return {};
        }
        const Table *nsTable = table(kNamespacesResource);
        if (nsTable && !nsTable->objects.contains(ns)) {
            r->error = status(404, QStringLiteral("NotFound"),
                              QStringLiteral("namespaces \"%1\" not found").arg(ns));
            return {};
        }
    }
    const QString key = keyOf(ns, name);
    if (t.objects.contains(key)) {
        r->error = status(409, QStringLiteral("AlreadyExists"),
                          QStringLiteral("%1 \"%2\" already exists").arg(t.type.key(), name));
        return {};
    }
    return key;
}

void Store::stampCreated(const ResourceType &type, const QString &name, const QString &ns,
                         const QString &resourceVersion, const QString &now, QJsonObject meta,
                         QJsonObject *json) const
{
    meta.insert(QStringLiteral("name"), name);
    if (type.namespaced)
        meta.insert(QStringLiteral("namespace"), ns);
    else
        meta.remove(QStringLiteral("namespace"));
    meta.insert(QStringLiteral("resourceVersion"), resourceVersion);
    meta.insert(QStringLiteral("creationTimestamp"), now);
    meta.remove(QStringLiteral("selfLink"));
    meta.remove(QStringLiteral("deletionTimestamp"));
    meta.remove(QStringLiteral("deletionGracePeriodSeconds"));
    json->insert(QStringLiteral("kind"), type.kind);
    json->insert(QStringLiteral("apiVersion"), type.groupVersion);
    json->insert(kMetadata, meta);
    if (meta.value(QStringLiteral("managedFields")).toArray().isEmpty())
        stampManagedFields(QJsonObject(), type.groupVersion, now, json);
}

WriteResult Store::create(const QString &resource, const QJsonObject &object)
{
    WriteResult r;
    QJsonObject json;
    QJsonObject meta;
    Table *t = prepareWrite(resource, object, &r, &json, &meta);
    if (!t)
        return r;
    QString name = meta.value(QStringLiteral("name")).toString();
    const QString generateName = meta.value(QStringLiteral("generateName")).toString();
    QString ns = meta.value(QStringLiteral("namespace")).toString();
    if (!t->type.namespaced)
        ns.clear();
    if (name.isEmpty() && !generateName.isEmpty())
        name = generateName + randomSuffix();
    const QString key = checkCreate(*t, ns, name, &r);
    if (!r.ok())
        return r;
    const qint64 rev = m_revision + 1;
    if (meta.value(QStringLiteral("uid")).toString().isEmpty())
        meta.insert(QStringLiteral("uid"), newUid());
    stampCreated(t->type, name, ns, QString::number(rev), nowRfc3339(), meta, &json);

    const StoredObject stored =
        commit(ChangeEvent::Type::Added, resource, key, rev, json, StoredObject());
    r.object = stored.object;
    r.json = stored.json;
    return r;
}

WriteResult Store::update(const QString &resource, const QJsonObject &object)
{
    WriteResult r;
    QJsonObject json;
    QJsonObject meta;
    Table *t = prepareWrite(resource, object, &r, &json, &meta);
    if (!t)
        return r;
    const QString name = meta.value(QStringLiteral("name")).toString();
    const QString ns =
        t->type.namespaced ? meta.value(QStringLiteral("namespace")).toString() : QString();
    const QString key = keyOf(ns, name);
    auto it = t->objects.constFind(key);
    if (it == t->objects.constEnd()) {
        r.error = status(404, QStringLiteral("NotFound"),
                         QStringLiteral("%1 \"%2\" not found").arg(t->type.key(), name));
        return r;
    }
    const StoredObject previous = it.value();
    const QString wantRv = meta.value(QStringLiteral("resourceVersion")).toString();
    if (!wantRv.isEmpty() && wantRv != previous.object.resourceVersion()) {
        r.error = status(409, QStringLiteral("Conflict"),
                         QStringLiteral("Operation cannot be fulfilled on %1 \"%2\": the object "
                                        "has been modified; please apply your changes to the "
                                        "latest version and try again")
                             .arg(t->type.key(), name));
        return r;
    }
    // Graceful deletion: once deletionTimestamp is set it stays, and no finalizer may be added
    // (ValidateObjectMetaUpdate); when the last finalizer goes, the object goes too.
    const QJsonObject prevJson = previous.object.json(); // parsed once: metadata and fields
    const QJsonObject prevMeta = prevJson.value(kMetadata).toObject();
    const bool deleting = prevMeta.contains(QStringLiteral("deletionTimestamp"));
    const QJsonArray finalizers = meta.value(QStringLiteral("finalizers")).toArray();
    if (deleting) {
        const QJsonArray before = prevMeta.value(QStringLiteral("finalizers")).toArray();
        QStringList added;
        for (const QJsonValue &f : finalizers)
            if (!before.contains(f))
                added << QStringLiteral("\"%1\"").arg(f.toString());
        if (!added.isEmpty()) {
            r.error = status(
                422, QStringLiteral("Invalid"),
                QStringLiteral("%1 \"%2\" is invalid: metadata.finalizers: Forbidden: no new "
                               "finalizers can be added if the object is being deleted, found "
                               "new finalizers []string{%3}")
                    .arg(t->type.key(), name, added.join(u", ")));
            return r;
        }
        for (const char *k : {"deletionTimestamp", "deletionGracePeriodSeconds"})
            meta.insert(QLatin1String(k), prevMeta.value(QLatin1String(k)));
    }
    const qint64 rev = m_revision + 1;
    meta.insert(QStringLiteral("uid"), previous.object.uid());
    meta.insert(QStringLiteral("creationTimestamp"), previous.object.creationTimestamp());
    meta.insert(QStringLiteral("resourceVersion"), QString::number(rev));
    meta.remove(QStringLiteral("selfLink"));
    json.insert(QStringLiteral("kind"), t->type.kind);
    json.insert(QStringLiteral("apiVersion"), t->type.groupVersion);
    json.insert(kMetadata, meta);
    stampManagedFields(prevJson, t->type.groupVersion, nowRfc3339(), &json);

    const StoredObject stored =
        commit(ChangeEvent::Type::Modified, resource, key, rev, json, previous);
    r.object = stored.object;
    r.json = stored.json;
    if (deleting && finalizers.isEmpty()) {
        // Store.Update's deleteWithoutFinalizers: watchers see MODIFIED, then DELETED.
        const WriteResult gone = remove(resource, ns, name);
        if (gone.ok()) {
            r.object = gone.object;
            r.json = gone.json;
        }
    }
    return r;
}

WriteResult Store::remove(const QString &resource, const QString &ns, const QString &name)
{
    WriteResult r;
    Table *t = table(resource);
    if (!t) {
        r.error = unknownResource();
        return r;
    }
    const QString key = keyOf(t->type.namespaced ? ns : QString(), name);
    if (!t->objects.contains(key)) {
        r.error = status(404, QStringLiteral("NotFound"),
                         QStringLiteral("%1 \"%2\" not found").arg(t->type.key(), name));
        return r;
    }
    {
        // Finalizers keep the object: deletionTimestamp (and a zero grace period) is set once
        // and the object stays until an update removes the last finalizer (see update()).
        const lens::Object current = t->objects.value(key).object;
        const QJsonObject meta = current.json().value(kMetadata).toObject();
        if (!meta.value(QStringLiteral("finalizers")).toArray().isEmpty()) {
            if (meta.contains(QStringLiteral("deletionTimestamp"))) {
                r.object = current; // already being deleted: nothing changes
                r.json = t->objects.value(key).json;
                return r;
            }
            QJsonObject json = current.json();
            QJsonObject m = meta;
            m.insert(QStringLiteral("deletionTimestamp"), nowRfc3339());
            m.insert(QStringLiteral("deletionGracePeriodSeconds"), 0);
            json.insert(kMetadata, m);
            return update(resource, json);
        }
    }
    if (resource == ResourceType::customResourceDefinitions().key()) {
        // Deleting a CRD deletes its custom resources first, then stops serving them.
        const ResourceType cr = ResourceType::fromCrd(t->objects.value(key).object.json());
        if (cr.isValid() && table(cr.key())) {
            const QList<lens::Object> all = objects(cr.key());
            for (const lens::Object &o : all)
                remove(cr.key(), o.namespace_(), o.name());
            removeResource(cr.key());
        }
        t = table(resource);
    }
    if (resource == kNamespacesResource) {
        // Cascade: the namespace controller would delete everything in it first.
        for (const QString &other : std::as_const(m_order)) {
            const Table *ot = table(other);
            if (!ot->type.namespaced)
                continue;
            const QList<lens::Object> inNs = objects(other, name);
            for (const lens::Object &o : inNs)
                remove(other, name, o.name());
        }
        t = table(resource); // (no rehash in QMap, but stay safe)
    }
    const StoredObject previous = t->objects.value(key);
    const qint64 rev = m_revision + 1;
    QJsonObject meta;
    meta.insert(QStringLiteral("resourceVersion"), QString::number(rev));
    const QJsonObject last = previous.object.withMetadata(meta).json();

    const StoredObject stored =
        commit(ChangeEvent::Type::Deleted, resource, key, rev, last, previous);
    r.object = stored.object;
    r.json = stored.json;
    return r;
}

lens::Object Store::get(const QString &resource, const QString &ns, const QString &name) const
{
    const Table *t = table(resource);
    if (!t)
        return {};
    return t->objects.value(keyOf(t->type.namespaced ? ns : QString(), name)).object;
}

StoredObject Store::stored(const QString &resource, const QString &ns, const QString &name) const
{
    const Table *t = table(resource);
    if (!t)
        return {};
    return t->objects.value(keyOf(t->type.namespaced ? ns : QString(), name));
}

QList<lens::Object> Store::objects(const QString &resource, const QString &ns) const
{
    QList<lens::Object> out;
    const Table *t = table(resource);
    if (!t)
        return out;
    if (ns.isEmpty() || !t->type.namespaced) {
        out.reserve(t->objects.size());
        for (const StoredObject &s : t->objects)
            out << s.object;
        return out;
    }
    const QString prefix = ns + QLatin1Char('/');
    for (auto it = t->objects.lowerBound(prefix);
         it != t->objects.end() && it.key().startsWith(prefix); ++it)
        out << it.value().object;
    return out;
}

int Store::count(const QString &resource) const
{
    const Table *t = table(resource);
    return t ? int(t->objects.size()) : 0;
}

lens::Object Store::objectAt(const QString &resource, int index) const
{
    const Table *t = table(resource);
    if (!t || index < 0 || index >= t->objects.size())
        return {};
    if (!t->keysValid) {
        t->keys = t->objects.keys();
        t->keysValid = true;
    }
    return t->objects.value(t->keys.at(index)).object;
}

QStringList Store::namespaceNames() const
{
    const Table *t = table(kNamespacesResource);
    return t ? t->objects.keys() : QStringList();
}

bool Store::stateAt(const QString &resource, qint64 revision,
                    QMap<QString, StoredObject> *out) const
{
    const Table *t = table(resource);
    if (!t)
        return false;
    if (revision <= 0 || revision == m_revision) {
        *out = t->objects;
        return true;
    }
    if (revision > m_revision || revision < m_oldestRetained)
        return false;
    QMap<QString, StoredObject> state = t->objects;
    for (auto it = m_history.rbegin(); it != m_history.rend() && it->revision > revision; ++it) {
        if (it->resource != resource)
            continue;
        if (it->previous.isNull())
            state.remove(it->key);
        else
            state.insert(it->key, it->previous);
    }
    *out = std::move(state);
    return true;
}

QList<ChangeEvent> Store::eventsSince(const QString &resource, qint64 afterRevision) const
{
    QList<ChangeEvent> out;
    // History is ordered by revision: find the first event after `afterRevision` from the back.
    auto it = m_history.end();
    while (it != m_history.begin() && std::prev(it)->revision > afterRevision)
        --it;
    for (; it != m_history.end(); ++it)
        if (it->resource == resource)
            out << *it;
    return out;
}

} // namespace lens::sim
