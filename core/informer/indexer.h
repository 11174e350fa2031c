// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "keys.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

#include <functional>

namespace lens {

/// client-go's IndexFunc: object → zero or more index values.
using IndexFunc = std::function<QStringList(const Object &)>;
/// client-go's Indexers: index name → IndexFunc.
using Indexers = QMap<QString, IndexFunc>;

/// The name of the namespace index (cache.NamespaceIndex).
inline QString namespaceIndexName()
{
    return QStringLiteral("namespace");
}
/// cache.MetaNamespaceIndexFunc: [obj.namespace].
QStringList metaNamespaceIndexFunc(const Object &obj);

/// The "knownObjects" a DeltaFIFO consults (client-go's KeyListerGetter): the informer's
/// indexer in practice.
class KeyListerGetter {
public:
    virtual ~KeyListerGetter() = default;
    virtual QStringList listKeys() const = 0;
    /// The object stored under `key`; null Object when absent.
    virtual Object getByKey(const QString &key) const = 0;
};

/// client-go's cache (store.go) over a threadSafeMap (thread_safe_store.go): key → object plus
/// indices, keyed by a KeyFunc. Not thread-safe in this port: the informer touches it from one
/// thread only (client-go needs its locks because goroutines share it).
///
/// Errors are returned as strings in client-go's words: "Index with name X does not exist",
/// "indexer conflict: [names]".
class Indexer : public KeyListerGetter {
public:
    explicit Indexer(KeyFunc keyFunc = metaNamespaceKeyFunc, Indexers indexers = {});
    /// Lets go of every stored object (ObjectMemory::cacheRelease).
    ~Indexer();
    Q_DISABLE_COPY_MOVE(Indexer)

    /// The store's transformer (client-go's cache with WithTransformer): called with every object
    /// Add, Update and Replace store, before its key is made; Delete is not transformed. An
    /// error is returned as "transforming: <error>" and nothing is stored. Empty = none.
    void setTransformer(TransformFunc transform) { m_transform = std::move(transform); }

    /// Store.Add / Update (identical: upsert). Returns the key or transform error, if any.
    KeyResult add(const Object &obj) { return update(obj); }
    KeyResult update(const Object &obj);
    /// Upsert under an explicit key (the informer uses DeletionHandlingMetaNamespaceKeyFunc).
    void updateByKey(const QString &key, const Object &obj);
    /// Store.Delete: removes the object's key; a missing key is a no-op.
    KeyResult remove(const Object &obj);
    void removeByKey(const QString &key);
    /// Store.Replace: swaps in the list wholesale (each object transformed first) and rebuilds
    /// every index. `resourceVersion` becomes lastStoreSyncResourceVersion. Returns the first
    /// transform or key error (nothing changed then).
    QString replace(const QList<Object> &list, const QString &resourceVersion);

    Object getByKey(const QString &key) const override;
    QStringList listKeys() const override;
    QList<Object> list() const;
    bool contains(const QString &key) const { return m_items.contains(key); }
    qsizetype size() const { return m_items.size(); }
    /// Room for `n` objects in the table of objects (not in the indices), so that filling it
    /// one object at a time does not rehash it on the way (at 131 072 objects a rehash held
    /// the thread 60-70 ms). Not in client-go (Go maps grow in steps too); a capacity hint only.
    void reserve(qsizetype n) { m_items.reserve(n); }

    /// Indexer.Index: objects sharing any index value with `obj`.
    QList<Object> index(const QString &indexName, const Object &obj,
                        QString *error = nullptr) const;
    /// Indexer.ByIndex / IndexKeys: unknown value → empty, unknown index → error.
    QList<Object> byIndex(const QString &indexName, const QString &value,
                          QString *error = nullptr) const;
    QStringList indexKeys(const QString &indexName, const QString &value,
                          QString *error = nullptr) const;
    /// Values with at least one key (empty sets are removed, k8s#84959); unknown index → empty.
    QStringList listIndexFuncValues(const QString &indexName) const;
    QStringList indexNames() const { return m_indexers.keys(); }

    /// Memory (docs/performance.md, "Memory per view"): ObjectMemory::footprint() summed over
    /// the stored objects, in bytes. Each stored object is held through
    /// ObjectMemory::cacheHold(), so the journal does not count it again.
    qint64 objectBytes() const { return m_objectBytes; }
    /// The cache's own bytes beside its objects, estimated from sizes: the key strings, the
    /// key → object table and every index (values, their key sets). O(index values).
    qint64 ownBytes() const;
    /// AddIndexers: name clash → "indexer conflict: [..]"; existing items are indexed at once
    /// (client-go ≥ 1.26).
    QString addIndexers(const Indexers &indexers);

    /// ThreadSafeStore's LastStoreSyncResourceVersion (InformerResourceVersion): RV of the last
    /// mutating object, Replace or bookmark; "" initially.
    QString lastStoreSyncResourceVersion() const { return m_lastRv; }
    void bookmark(const QString &resourceVersion) { m_lastRv = resourceVersion; }

private:
    void updateIndices(const QString &key, const Object *oldObj, const Object *newObj);
    /// Counts `obj` (stored under `key`) in (`sign` +1) or out (-1) of objectBytes() and the
    /// key bytes, and holds or releases it (ObjectMemory).
    void account(const QString &key, const Object &obj, int sign);

    KeyFunc m_keyFunc;
    Indexers m_indexers;
    QHash<QString, Object> m_items;
    QHash<QString, QHash<QString, QSet<QString>>> m_indices; // index → value → keys
    QString m_lastRv;
    TransformFunc m_transform;
    qint64 m_objectBytes = 0;
    qint64 m_keyBytes = 0;
};

} // namespace lens
