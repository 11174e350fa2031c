// SPDX-License-Identifier: Apache-2.0
#include "indexer.h"

#include "api/objectmemory.h"

namespace lens {

QStringList metaNamespaceIndexFunc(const Object &obj)
{
    return {obj.namespace_()};
}

Indexer::Indexer(KeyFunc keyFunc, Indexers indexers)
    : m_keyFunc(std::move(keyFunc)), m_indexers(std::move(indexers))
{
}

Indexer::~Indexer()
{
    for (auto it = m_items.cbegin(); it != m_items.cend(); ++it)
        ObjectMemory::cacheRelease(it.value());
}

void Indexer::account(const QString &key, const Object &obj, int sign)
{
    m_objectBytes += sign * ObjectMemory::footprint(obj);
    m_keyBytes += sign * ObjectMemory::stringBytes(key.capacity());
    if (sign > 0)
        ObjectMemory::cacheHold(obj);
    else
        ObjectMemory::cacheRelease(obj);
}

qint64 Indexer::ownBytes() const
{
    // A QHash: one byte per bucket, and a key and a value per entry in its spans.
    qint64 n =
        m_items.capacity() + m_items.size() * qint64(sizeof(QString) + sizeof(Object)) + m_keyBytes;
    for (const auto &index : m_indices) {
        n += index.capacity() + index.size() * qint64(sizeof(QString) + sizeof(QSet<QString>));
        for (auto v = index.cbegin(); v != index.cend(); ++v)
            n += ObjectMemory::stringBytes(v.key().capacity()) + v.value().capacity() +
                 v.value().size() * qint64(sizeof(QString));
    }
    return n;
}

KeyResult Indexer::update(const Object &obj)
{
    Object stored = obj;
    if (m_transform) {
        QString err;
        stored = m_transform(obj, &err);
        if (!err.isEmpty())
            return KeyResult{{}, QStringLiteral("transforming: ") + err};
    }
    const KeyResult k = m_keyFunc(stored);
    if (k.ok())
        updateByKey(k.key, stored);
    return k;
}

void Indexer::updateByKey(const QString &key, const Object &obj)
{
    auto it = m_items.find(key);
    if (it != m_items.end()) {
        const Object old = it.value();
        account(it.key(), obj, +1); // before the release: the same version stays held
        it.value() = obj;
        account(it.key(), old, -1);
        updateIndices(key, &old, &obj);
    } else {
        account(m_items.insert(key, obj).key(), obj, +1);
        updateIndices(key, nullptr, &obj);
    }
    if (obj.hasMeta())
        m_lastRv = obj.resourceVersion();
}

KeyResult Indexer::remove(const Object &obj)
{
    const KeyResult k = m_keyFunc(obj);
    if (k.ok()) {
        removeByKey(k.key);
        if (obj.hasMeta())
            m_lastRv = obj.resourceVersion();
    }
    return k;
}

void Indexer::removeByKey(const QString &key)
{
    auto it = m_items.find(key);
    if (it == m_items.end())
        return;
    const Object old = it.value();
    account(it.key(), old, -1);
    m_items.erase(it);
    updateIndices(key, &old, nullptr);
}

QString Indexer::replace(const QList<Object> &list, const QString &resourceVersion)
{
    QHash<QString, Object> items;
    items.reserve(list.size());
    for (const Object &o : list) {
        Object stored = o;
        if (m_transform) {
            QString err;
            stored = m_transform(o, &err);
            if (!err.isEmpty())
                return QStringLiteral("transforming: ") + err;
        }
        const KeyResult k = m_keyFunc(stored);
        if (!k.ok())
            return k.error;
        items.insert(k.key, stored);
    }
    for (auto it = items.cbegin(); it != items.cend(); ++it)
        account(it.key(), it.value(), +1); // before the releases: kept versions stay held
    for (auto it = m_items.cbegin(); it != m_items.cend(); ++it)
        account(it.key(), it.value(), -1);
    m_items = std::move(items);
    m_indices.clear();
    for (auto it = m_items.cbegin(); it != m_items.cend(); ++it)
        updateIndices(it.key(), nullptr, &it.value());
    m_lastRv = resourceVersion;
    return {};
}

Object Indexer::getByKey(const QString &key) const
{
    return m_items.value(key);
}
QStringList Indexer::listKeys() const
{
    return m_items.keys();
}
QList<Object> Indexer::list() const
{
    return m_items.values();
}

void Indexer::updateIndices(const QString &key, const Object *oldObj, const Object *newObj)
{
    for (auto ix = m_indexers.cbegin(); ix != m_indexers.cend(); ++ix) {
        const QStringList oldValues = oldObj ? ix.value()(*oldObj) : QStringList();
        const QStringList newValues = newObj ? ix.value()(*newObj) : QStringList();
        // client-go's fast path: one identical value before and after → nothing to do.
        if (oldValues.size() == 1 && newValues.size() == 1 && oldValues == newValues)
            continue;
        auto &index = m_indices[ix.key()];
        for (const QString &v : oldValues) {
            auto set = index.find(v);
            if (set == index.end())
                continue;
            set->remove(key);
            if (set->isEmpty())
                index.erase(set);
        }
        for (const QString &v : newValues)
            index[v].insert(key);
    }
}

QList<Object> Indexer::index(const QString &indexName, const Object &obj, QString *error) const
{
    auto ix = m_indexers.find(indexName);
    if (ix == m_indexers.end()) {
        if (error)
            *error = QStringLiteral("Index with name %1 does not exist").arg(indexName);
        return {};
    }
    QSet<QString> keys;
    const auto index = m_indices.value(indexName);
    for (const QString &v : ix.value()(obj))
        keys.unite(index.value(v));
    QList<Object> out;
    for (const QString &k : std::as_const(keys))
        out << m_items.value(k);
    return out;
}

QStringList Indexer::indexKeys(const QString &indexName, const QString &value, QString *error) const
{
    if (!m_indexers.contains(indexName)) {
        if (error)
            *error = QStringLiteral("Index with name %1 does not exist").arg(indexName);
        return {};
    }
    const QSet<QString> keys = m_indices.value(indexName).value(value);
    QStringList out(keys.begin(), keys.end());
    out.sort();
    return out;
}

QList<Object> Indexer::byIndex(const QString &indexName, const QString &value, QString *error) const
{
    QList<Object> out;
    for (const QString &k : indexKeys(indexName, value, error))
        out << m_items.value(k);
    return out;
}

QStringList Indexer::listIndexFuncValues(const QString &indexName) const
{
    QStringList out = m_indices.value(indexName).keys();
    out.sort();
    return out;
}

QString Indexer::addIndexers(const Indexers &indexers)
{
    QStringList clash;
    for (auto it = indexers.cbegin(); it != indexers.cend(); ++it)
        if (m_indexers.contains(it.key()))
            clash << it.key();
    if (!clash.isEmpty())
        return QStringLiteral("indexer conflict: [%1]").arg(clash.join(QStringLiteral(", ")));
    for (auto it = indexers.cbegin(); it != indexers.cend(); ++it) {
        m_indexers.insert(it.key(), it.value());
        auto &index = m_indices[it.key()];
        for (auto item = m_items.cbegin(); item != m_items.cend(); ++item)
            for (const QString &v : it.value()(item.value()))
                index[v].insert(item.key());
    }
    return {};
}

} // namespace lens
