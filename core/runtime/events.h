// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/object.h"

#include <QString>

/// controller-runtime's events (pkg/event) and reconcile.Request (pkg/reconcile) over the
/// project's Object. A null Object stands for Go's nil object.
namespace lens::runtime {

/// event.CreateEvent: an informer's OnAdd. `isInInitialList` is client-go's flag (true for the
/// initial list and for every object replayed to a handler added to a synced informer).
struct CreateEvent {
    Object object;
    bool isInInitialList = false;
};

/// event.UpdateEvent: OnUpdate(old, new); a resync carries the same object twice.
struct UpdateEvent {
    Object objectOld;
    Object objectNew;
};

/// event.DeleteEvent: OnDelete; `deleteStateUnknown` when the object came wrapped in a
/// DeletedFinalStateUnknown tombstone (the informer inferred the delete from a relist).
struct DeleteEvent {
    Object object;
    bool deleteStateUnknown = false;
};

/// event.GenericEvent: from a source other than the informer (source.Channel).
struct GenericEvent {
    Object object;
};

/// reconcile.Request's NamespacedName.String(): "namespace/name", and "/name" for a
/// cluster-scoped object (the namespace is empty, the separator stays). The queue's key.
inline QString requestKey(const QString &ns, const QString &name)
{
    return ns + QLatin1Char('/') + name;
}
/// The request of `obj` (its namespace and name).
inline QString requestKey(const Object &obj)
{
    return requestKey(obj.namespace_(), obj.name());
}
/// The namespace of request key `key` ("" for "/name" and for a key without '/').
inline QString requestNamespace(const QString &key)
{
    const qsizetype i = key.indexOf(QLatin1Char('/'));
    return i < 0 ? QString() : key.left(i);
}
/// The name of request key `key`.
inline QString requestName(const QString &key)
{
    const qsizetype i = key.indexOf(QLatin1Char('/'));
    return i < 0 ? key : key.mid(i + 1);
}
/// The object's own key for the journal (MetaNamespaceKeyFunc: "ns/name", or "name").
inline QString objectKeyOf(const Object &obj)
{
    if (obj.isNull())
        return {};
    return obj.namespace_().isEmpty() ? obj.name()
                                      : obj.namespace_() + QLatin1Char('/') + obj.name();
}

} // namespace lens::runtime
