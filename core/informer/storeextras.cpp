// SPDX-License-Identifier: Apache-2.0
#include "storeextras.h"

namespace lens {

bool parseObjectName(const QString &key, ObjectName *out, QString *error)
{
    QString ns, name;
    if (!splitMetaNamespaceKey(key, &ns, &name, error))
        return false;
    *out = ObjectName{ns, name};
    return true;
}

bool deletionHandlingObjectToName(const Delta &delta, ObjectName *out, QString *error)
{
    if (delta.tombstone)
        return parseObjectName(delta.tombstoneKey, out, error);
    if (!delta.object.hasMeta()) {
        if (error)
            *error = metaNamespaceKeyFunc(delta.object).error;
        return false;
    }
    *out = ObjectName{delta.object.namespace_(), delta.object.name()};
    return true;
}

QString UndeltaStore::add(const Object &obj)
{
    const KeyResult k = m_store.add(obj);
    if (!k.ok())
        return k.error;
    m_push(m_store.list());
    return {};
}

QString UndeltaStore::update(const Object &obj)
{
    const KeyResult k = m_store.update(obj);
    if (!k.ok())
        return k.error;
    m_push(m_store.list());
    return {};
}

QString UndeltaStore::remove(const Object &obj)
{
    const KeyResult k = m_store.remove(obj);
    if (!k.ok())
        return k.error;
    m_push(m_store.list());
    return {};
}

QString UndeltaStore::replace(const QList<Object> &list, const QString &resourceVersion)
{
    const QString err = m_store.replace(list, resourceVersion);
    if (!err.isEmpty())
        return err;
    m_push(m_store.list());
    return {};
}

TransactionError applyTransaction(Indexer &store, const QList<StoreTransaction> &txns)
{
    TransactionError result;
    for (int i = 0; i < txns.size(); ++i) {
        const StoreTransaction &t = txns.at(i);
        KeyResult k;
        switch (t.type) {
        case StoreTransaction::Type::Add:
            k = store.add(t.object);
            break;
        case StoreTransaction::Type::Update:
            k = store.update(t.object);
            break;
        case StoreTransaction::Type::Delete:
            k = store.remove(t.object);
            break;
        }
        if (k.ok())
            result.successfulIndices << i;
        else
            result.errors << k.error;
    }
    return result;
}

} // namespace lens
