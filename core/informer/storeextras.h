// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "indexer.h"
#include "keys.h"

#include <QList>

#include <functional>

namespace lens {

/// cache.ObjectName (tools/cache/object-names.go): a namespace and a name. toString() is the
/// MetaNamespaceKeyFunc key ("ns/name", or "name" without namespace).
struct ObjectName {
    QString namespace_;
    QString name;
    QString toString() const { return namespace_.isEmpty() ? name : namespace_ + u'/' + name; }
    bool operator==(const ObjectName &) const = default;
};

/// cache.ParseObjectName: SplitMetaNamespaceKey's rules; false (and `*error` = `unexpected key
/// format: "<key>"`) for more than one "/".
bool parseObjectName(const QString &key, ObjectName *out, QString *error = nullptr);

/// cache.DeletionHandlingObjectToName (tools/cache/controller.go): a DeletedFinalStateUnknown →
/// the name parsed from its Key (its object is not looked at); anything else → the object's
/// namespace and name. An object without metadata → false with `*error` = "object has no meta:
/// ...".
bool deletionHandlingObjectToName(const Delta &delta, ObjectName *out, QString *error = nullptr);

/// cache.UndeltaStore (tools/cache/undelta_store.go): a Store that, after every Add, Update,
/// Delete and Replace, pushes its complete contents to `push` (the consumer sees whole states,
/// never deltas). Errors are key errors as strings; a failed call pushes nothing.
class UndeltaStore {
public:
    using PushFunc = std::function<void(const QList<Object> &all)>;
    explicit UndeltaStore(PushFunc push, KeyFunc keyFunc = metaNamespaceKeyFunc)
        : m_store(std::move(keyFunc)), m_push(std::move(push))
    {
    }
    QString add(const Object &obj);
    QString update(const Object &obj);
    QString remove(const Object &obj);
    QString replace(const QList<Object> &list, const QString &resourceVersion);
    const Indexer &store() const { return m_store; }

private:
    Indexer m_store;
    PushFunc m_push;
};

/// cache.Transaction (store.go, client-go ≥ 1.34 [new]): one Add, Update or Delete.
struct StoreTransaction {
    enum class Type { Add, Update, Delete };
    Type type = Type::Add;
    Object object;
};

/// cache.TransactionError: which transactions were applied (indices into the list) and the
/// key error of each one that was not.
struct TransactionError {
    QList<int> successfulIndices;
    QStringList errors;
    bool isError() const { return !errors.isEmpty(); }
};

/// Store.Transaction: applies every transaction whose key resolves, in order; the rest are
/// skipped. No error (isError() false) when all applied.
TransactionError applyTransaction(Indexer &store, const QList<StoreTransaction> &txns);

} // namespace lens
