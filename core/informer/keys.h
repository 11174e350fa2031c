// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/delta.h"
#include "api/object.h"

#include <QString>

#include <functional>

namespace lens {

/// A key, or the reason none could be made. client-go reports these as KeyError{Obj, Err}.
struct KeyResult {
    QString key;
    QString error; ///< empty when the key is valid
    bool ok() const { return error.isEmpty(); }
};

/// client-go's KeyFunc: object → key. Keys are "namespace/name", or "name" for cluster-scoped
/// objects (MetaNamespaceKeyFunc's format).
using KeyFunc = std::function<KeyResult(const Object &)>;

/// cache.MetaNamespaceKeyFunc (tools/cache/store.go): "ns/name", or "name" when the namespace
/// is empty; an object without metadata → error "object has no meta: ...".
KeyResult metaNamespaceKeyFunc(const Object &obj);

/// cache.DeletionHandlingMetaNamespaceKeyFunc (tools/cache/controller.go) applied to one Delta's
/// payload: a DeletedFinalStateUnknown yields its Key verbatim, anything else MetaNamespaceKeyFunc.
KeyResult deletionHandlingKey(const Delta &delta, const KeyFunc &keyFunc = metaNamespaceKeyFunc);

/// cache.SplitMetaNamespaceKey: "name" → ("", name); "ns/name" → (ns, name); "" → ("", "");
/// more than one "/" → false with `*error` = `unexpected key format: "<key>"`.
bool splitMetaNamespaceKey(const QString &key, QString *ns, QString *name,
                           QString *error = nullptr);

} // namespace lens
