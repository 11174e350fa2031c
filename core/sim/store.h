// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/object.h"
#include "api/status.h"
#include "fieldmanager.h"
#include "jsonbytes.h"
#include "resourcetype.h"
#include "trace/clock.h"
#include "trace/clocktimer.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QObject>
#include <QRandomGenerator>
#include <QTimer>

#include <deque>
#include <span>
#include <utility>

namespace lens::sim {

/// One stored version of an object: the object as watch events carry it (with kind and
/// apiVersion), its compact JSON (what GET answers and a watch event carries) and the list item
/// (the same without kind/apiVersion: the real server omits them in list items). The JSON is
/// written once per write, so serving a list or an event copies cached bytes and never
/// serialises. The item shares the JSON's bytes whenever apiVersion and kind lead it (they sort
/// first, as QJsonDocument writes keys): then it is "{" followed by the JSON from itemFrom on.
/// Copies are cheap (implicitly shared).
struct StoredObject {
    lens::Object object;
    QByteArray json;        ///< compact, with kind and apiVersion
    qsizetype itemFrom = 0; ///< > 0: the item is '{' + json.mid(itemFrom); 0: see `item`
    QByteArray item;        ///< the list item when it could not share `json`
    bool isNull() const { return object.isNull(); }
    /// Size of the list item in bytes.
    qsizetype itemSize() const { return itemFrom > 0 ? json.size() - itemFrom + 1 : item.size(); }
    /// Appends the list item to `out`.
    void appendItem(QByteArray &out) const
    {
        if (itemFrom > 0)
            out.append('{').append(json.constData() + itemFrom, json.size() - itemFrom);
        else
            out.append(item);
    }
    /// The list item as bytes of its own.
    QByteArray itemJson() const
    {
        QByteArray out;
        appendItem(out);
        return out;
    }
};

/// One change as the watch cache records it. `revision` is the revision the write created
/// (the object's new metadata.resourceVersion; for DELETED the deletion revision, as in
/// fixture 05). `previous` is the state just before (null for ADDED); the server uses it to turn
/// a MODIFIED into ADDED/DELETED for selector-filtered watches, the store to roll back to an older
/// revision when serving a continue token.
struct ChangeEvent {
    enum class Type { Added, Modified, Deleted };
    Type type = Type::Added;
    QString resource; ///< "pods"
    QString key;      ///< "namespace/name" or "name" (cluster-scoped)
    qint64 revision = 0;
    StoredObject object;
    StoredObject previous;
    qint64 recordedAtMs = 0; ///< the Store's history clock when recorded (setHistoryClock())

    /// "ADDED" / "MODIFIED" / "DELETED".
    static const char *typeName(Type type);
};

/// The result of a write: the stored object, or an error in metav1.Status terms
/// (error.code != 0: 404 NotFound, 409 AlreadyExists / Conflict, 400/422 for bad input).
struct WriteResult {
    lens::Object object;
    QByteArray json; ///< the stored object's compact JSON (StoredObject::json) when ok()
    lens::ApiStatus error;
    bool ok() const { return error.code == 0; }
};

/// The versioned object store of the simulated cluster: etcd plus the apiserver's watch cache.
///
/// - One global revision counter (starts at `InitialRevision`); every write bumps it by one and
///   stamps metadata.resourceVersion with it (decimal string), like etcd's mod revision.
/// - create() also sets metadata.uid (a random QUuid unless the caller set one),
///   metadata.creationTimestamp (UTC, RFC 3339, seconds), kind and apiVersion; selfLink is dropped.
/// - A history window of ChangeEvents (at most historyLimit(), default 1000, across all
///   resources) serves watches from a resourceVersion; older events fall off the front.
/// - compact() mimics etcd compaction: history up to the given revision is dropped, so older
///   resourceVersions and continue tokens answer 410 Expired.
///
/// Threading: not thread-safe; use it from the thread it lives in (the server's thread). Every
/// write emits changed() synchronously, before the write call returns.
class Store : public QObject {
    Q_OBJECT
public:
    /// The field manager (metadata.managedFields) of writes no one else names: the seeded
    /// objects and the store's own writes.
    static constexpr const char *DefaultManager = "informer-lens-sim";
    static constexpr qint64 InitialRevision = 1000;

    /// Registers ResourceType::builtins().
    explicit Store(QObject *parent = nullptr);
    ~Store() override;

    /// Adds a resource under ResourceType::key() (replaces one with the same key; keeps its
    /// objects). Objects of unknown resources are rejected by every write with 404 NotFound.
    /// Creating or updating a CustomResourceDefinition adds the resource it defines
    /// (ResourceType::fromCrd()); deleting it deletes its objects (DELETED events) and then
    /// the resource. Emits resourcesChanged().
    void addResource(const ResourceType &type);
    /// Drops a resource and its objects without events (see addResource()).
    void removeResource(const QString &resource);
    /// The type registered under `name` — ResourceType::key(): "pods", "deployments.apps",
    /// "widgets.example.com"; invalid (isValid() false) when unknown.
    ResourceType resourceType(const QString &name) const;
    QList<ResourceType> resourceTypes() const;

    /// The current (latest) revision: the resourceVersion of the last write.
    qint64 revision() const { return m_revision; }
    /// Every event with revision > oldestRetainedRevision() is in the history, so a watch from
    /// resourceVersion N can be served iff N >= oldestRetainedRevision(); otherwise it gets
    /// "too old resource version: N (oldestRetainedRevision())" (kube-apiserver's watch cache
    /// reports the revision before its oldest event the same way).
    qint64 oldestRetainedRevision() const { return m_oldestRetained; }
    /// The last revision passed to compact() (InitialRevision when never compacted).
    qint64 compactedRevision() const { return m_compacted; }

    /// Maximum number of change events kept (all resources together). Minimum 1.
    int historyLimit() const { return m_historyLimit; }
    void setHistoryLimit(int maxEvents);
    int historySize() const { return int(m_history.size()); }
    /// Also drop events older than `ms` milliseconds (checked on every write and once a
    /// second); 0 = no time limit (the default). kube-apiserver's watch cache likewise keeps
    /// events by count and by age (eventFreshDuration, 75 s in 1.27+).
    void setHistoryWindowMs(int ms);
    int historyWindowMs() const { return m_historyWindowMs; }
    /// The clock the history window is measured on: each event's age and the trim once a
    /// second (a ClockTimer). nullptr (the default) = real time. A test passes a ManualClock
    /// and advances it to age the history. Not owned; must outlive the store. Set it before the
    /// first write: events recorded earlier keep their times on the previous clock.
    void setHistoryClock(const Clock *clock);

    /// Drops history up to and including `revision` (default -1 = the current revision) and
    /// makes resourceVersions older than it "too old": watches from them get an ERROR 410 event,
    /// LISTs with resourceVersionMatch=Exact or a continue token at them get HTTP 410.
    /// Mirrors etcd compaction (there only lists are affected; our watch cache is the history).
    Q_INVOKABLE void compact(qint64 revision = -1);

    /// Creates an object of `resource`. The namespace comes from metadata.namespace (required for
    /// namespaced resources and it must exist when the store serves namespaces), name from
    /// metadata.name, or metadata.generateName plus 5 random characters.
    /// Errors: 404 NotFound (unknown resource or namespace), 409 AlreadyExists, 422 Invalid
    /// (missing name / namespace).
    WriteResult create(const QString &resource, const QJsonObject &object);

    /// What many create()s of one shape share, stamped once (prepareCreates()): the object as
    /// create() stores it, with JsonTemplate holes for what differs between the objects.
    struct CreateTemplate {
        /// The store's slots; the caller's own start at FirstFree. The caller may put
        /// JsonTemplate::marker(CreationTimestamp) in other fields written at creation
        /// (managedFields[].time).
        enum Slot { Name, Namespace, Uid, ResourceVersion, CreationTimestamp, FirstFree };
        QString resource;
        int extraSlots = 0;
        JsonTemplate json;
        /// False when the resource is not served or a hole is not a whole string value
        /// (JsonTemplate::isValid()): use create() then.
        bool isValid() const { return json.isValid(); }
    };
    /// Stamps `object` as create() would (kind, apiVersion, metadata; managedFields when it has
    /// none, written at the creation time), with holes for metadata.name, metadata.namespace,
    /// metadata.resourceVersion, metadata.creationTimestamp and, when `object` has no uid,
    /// metadata.uid. `object`'s own string values equal to JsonTemplate::marker(FirstFree + i),
    /// 0 ≤ i < extraSlots, are holes createFrom() fills from its `extra` values.
    CreateTemplate prepareCreates(const QString &resource, const QJsonObject &object,
                                  int extraSlots = 0) const;
    /// create() of `t`'s object named `name` in `ns`, with extra[i] in the holes of slot
    /// FirstFree + i: the same checks, errors, revision, uid, timestamps, stored bytes and
    /// event as create() of the filled-in object, without building it as a QJsonObject (what
    /// seeding 150 000 pods spent most of its time on). `extra` has t.extraSlots values.
    WriteResult createFrom(const CreateTemplate &t, const QString &ns, const QString &name,
                           std::span<const QStringView> extra = {});
    /// Replaces an existing object (PUT semantics). If metadata.resourceVersion is set it must
    /// equal the stored one, else 409 Conflict ("the object has been modified ..."), as
    /// optimistic concurrency works in the apiserver. uid and creationTimestamp are kept.
    WriteResult update(const QString &resource, const QJsonObject &object);
    /// create() and update() keep metadata.managedFields as kube-apiserver does (FieldManager):
    /// the fields each write sets become the current writer's. A create whose object carries
    /// managedFields keeps them as sent; an update's are ignored (the stored ones go on).
    /// The writer is DefaultManager unless a WriterScope names another.
    const FieldWriter &writer() const { return m_writer; }
    /// Names the writer of the writes made while it lives (the HTTP request's field manager,
    /// kube-controller-manager for the built-in controllers), then restores the previous one.
    class WriterScope {
    public:
        WriterScope(Store *store, FieldWriter writer)
            : m_store(store), m_saved(std::exchange(store->m_writer, std::move(writer)))
        {
        }
        ~WriterScope() { m_store->m_writer = m_saved; }
        WriterScope(const WriterScope &) = delete;
        WriterScope &operator=(const WriterScope &) = delete;

    private:
        Store *m_store;
        FieldWriter m_saved;
    };
    /// Deletes. An object with metadata.finalizers is not removed: deletionTimestamp (now) and
    /// deletionGracePeriodSeconds 0 are set (a MODIFIED event) and it stays until an update
    /// removes its last finalizer — then MODIFIED and DELETED follow (update() adding a
    /// finalizer meanwhile is 422 Invalid). Without finalizers the delete is immediate: the
    /// DELETED event carries the last state stamped with the deletion revision. Deleting a
    /// namespace first deletes the namespaced objects in it. 404 NotFound when absent.
    WriteResult remove(const QString &resource, const QString &ns, const QString &name);

    /// The stored object, or a null Object.
    lens::Object get(const QString &resource, const QString &ns, const QString &name) const;
    /// The stored version with its cached bytes (isNull() when absent).
    StoredObject stored(const QString &resource, const QString &ns, const QString &name) const;
    /// All objects of `resource` (optionally of one namespace), sorted by namespace then name
    /// (etcd key order, as the real server lists them).
    QList<lens::Object> objects(const QString &resource, const QString &ns = QString()) const;
    int count(const QString &resource) const;
    /// The object at `index` (0 ≤ index < count()) in objects()' order, without building that
    /// list: O(log n) through the table's sorted keys, nothing copied. A null Object when out of
    /// range. The churn picks its random pod with it (a list of 150 000 objects per write made
    /// each write cost milliseconds and slowed a concurrent large LIST thirtyfold).
    lens::Object objectAt(const QString &resource, int index) const;
    /// Names of the namespaces objects (sorted).
    QStringList namespaceNames() const;

    /// The state of `resource` at `revision` (keyed "ns/name" or "name", in list order).
    /// revision <= 0 or the current one gives the live state (shared, no copy). An older revision
    /// is rebuilt by rolling the history back; returns false when history no longer reaches back
    /// that far (revision < oldestRetainedRevision()) or when revision > revision().
    bool stateAt(const QString &resource, qint64 revision, QMap<QString, StoredObject> *out) const;

    /// The events of `resource` with revision > `afterRevision`, oldest first. Only meaningful
    /// when afterRevision >= oldestRetainedRevision().
    QList<ChangeEvent> eventsSince(const QString &resource, qint64 afterRevision) const;

    static QString keyOf(const QString &ns, const QString &name)
    {
        return ns.isEmpty() ? name : ns + QLatin1Char('/') + name;
    }
    /// Builds the StoredObject for `json` (serialises it once with compactJson(); a second time
    /// without kind/apiVersion only when those two do not lead the JSON).
    static StoredObject makeStored(const QJsonObject &json);
    /// Builds the StoredObject for `json`, compact JSON as compactJson() writes it (keys
    /// sorted); a null one when it does not parse.
    static StoredObject storedFromCompact(const QByteArray &json);

    /// Reproducible objects (deterministic pictures): with a `clock`, creationTimestamp and
    /// deletionTimestamp are 2025-01-01T00:00:00Z plus the clock's milliseconds, and generated
    /// names (generateName) and uids come from a generator seeded with `seed`. Null `clock`
    /// (the default) = the wall clock and random names/uids, like a real API server.
    void setReproducible(const Clock *clock, quint32 seed);
    /// "Now" as the store stamps creationTimestamp: UTC, RFC 3339 with seconds (the clock of
    /// setReproducible() when one is set, else the wall clock). For the other server-set times
    /// (events, PersistentVolume status.lastPhaseTransitionTime).
    QString nowRfc3339() const;
    /// The same instant as a QDateTime (UTC, milliseconds kept), for ages ("5m12s").
    QDateTime now() const;

Q_SIGNALS:
    /// Emitted after every successful write, with the event the history recorded.
    void changed(const lens::sim::ChangeEvent &event);
    /// Emitted by compact().
    void compacted(qint64 revision);
    /// A resource was added or removed (discovery changed).
    void resourcesChanged();

private:
    /// Sets `json`'s metadata.managedFields to what FieldManager makes of the current writer's
    /// write over `previous` (empty for a create).
    void stampManagedFields(const QJsonObject &previous, const QString &apiVersion,
                            const QString &now, QJsonObject *json) const;
    QString randomSuffix();
    QString newUid();

    struct Table {
        ResourceType type;
        QMap<QString, StoredObject> objects;
        /// The keys of `objects` in its order, for objectAt() in O(log n) (a QMap is walked
        /// node by node: half of 150 000 pods per churn write). Built by the first objectAt(),
        /// then kept by record() (seeding inserts in random order and never reads it: keeping
        /// it then would move the whole list per pod).
        mutable QStringList keys;
        mutable bool keysValid = false;
    };
    Table *table(const QString &resource);
    const Table *table(const QString &resource) const;
    /// Why `object` (of `type`, with `meta` its metadata) cannot be stored, an ApiStatus with
    /// code 0 when it can: annotations over 256 KiB in all (ValidateAnnotations: 422 Invalid
    /// "Kind \"name\" is invalid: metadata.annotations: Too long: must have at most 262144
    /// bytes"), or an object over etcd's 1.5 MiB (500 "etcdserver: request is too large", as
    /// kube-apiserver passes it on). prepareWrite() asks it for every create and update.
    static lens::ApiStatus sizeProblem(const ResourceType &type, const QJsonObject &object,
                                       const QJsonObject &meta);
    /// The start of create() and update(): the table of `resource` (null, with 404 NotFound
    /// "the server could not find the requested resource" in `result`, when it is not served,
    /// or sizeProblem()'s error), and a copy of `object` and of its metadata to fill in.
    Table *prepareWrite(const QString &resource, const QJsonObject &object, WriteResult *result,
                        QJsonObject *json, QJsonObject *meta);
    /// Moves the revision to `revision`, stores `json` and records the change; returns the
    /// stored version (the one tail of create, update and remove).
    StoredObject commit(ChangeEvent::Type type, const QString &resource, const QString &key,
                        qint64 revision, const QJsonObject &json, const StoredObject &previous);
    StoredObject commit(ChangeEvent::Type type, const QString &resource, const QString &key,
                        qint64 revision, const StoredObject &stored, const StoredObject &previous);
    /// create()'s checks of the name and namespace of a new object of `t`: its key, or an empty
    /// string with the error (422 Invalid for a missing or malformed name or a missing
    /// namespace, 404 namespace NotFound, 409 AlreadyExists) in `r`.
    QString checkCreate(const Table &t, const QString &ns, const QString &name,
                        WriteResult *r) const;
    /// What create() sets on a new object of `type`: name, namespace (namespaced types),
    /// resourceVersion, creationTimestamp (`now`), kind and apiVersion; selfLink and deletion
    /// fields dropped; managedFields written at `now` when `meta` has none.
    void stampCreated(const ResourceType &type, const QString &name, const QString &ns,
                      const QString &resourceVersion, const QString &now, QJsonObject meta,
                      QJsonObject *json) const;
    void record(ChangeEvent event);
    static lens::ApiStatus status(int code, const QString &reason, const QString &message);
    /// 404 NotFound "the server could not find the requested resource": a write to a resource
    /// the store does not serve.
    static lens::ApiStatus unknownResource();

    QMap<QString, Table> m_tables;
    QStringList m_order; // registration order, for discovery
    std::deque<ChangeEvent> m_history;
    qint64 m_revision = InitialRevision;
    FieldWriter m_writer{QLatin1String(DefaultManager), QString()};
    qint64 m_oldestRetained = InitialRevision;
    qint64 m_compacted = InitialRevision;
    int m_historyLimit = 1000;
    int m_historyWindowMs = 0;
    SteadyClock m_ownClock;
    const Clock *m_clock = &m_ownClock;  ///< setHistoryClock()
    const Clock *m_fixedClock = nullptr; ///< setReproducible()
    QRandomGenerator m_rng;
    ClockTimer *m_trimTimer = nullptr; ///< every min(1 s, window) while a window is set
    void trimHistory();
};

} // namespace lens::sim

Q_DECLARE_METATYPE(lens::sim::ChangeEvent)
