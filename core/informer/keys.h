// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/delta.h"
#include "api/object.h"

#include <QString>

#include <functional>
#include <memory>

namespace lens {

/// A key, or the reason none could be made. client-go reports these as KeyError{Obj, Err}.
/// Transformer (client-go's TransformFunc): returns the object to store, or sets *error.
using TransformFunc = std::function<Object(const Object &, QString *error)>;

struct KeyResult {
    QString key;
    QString error; ///< empty when the key is valid
    bool ok() const { return error.isEmpty(); }
};

/// client-go's KeyError (tools/cache/store.go): the object a key could not be made for, and the
/// error that stopped it, as an error chain. Go walks the chain with errors.Unwrap / errors.Is;
/// here unwrap() and is() do the same. A KeyError may wrap a plain error (a message) or another
/// KeyError. `object` is a description of the object (Go formats Obj with %+v).
class KeyError {
public:
    /// KeyError{Obj: object, Err: errors.New(error)}.
    KeyError(QString object, QString error);
    /// KeyError{Obj: object, Err: inner}.
    KeyError(QString object, KeyError inner);

    QString object() const { return m_object; }
    /// Error(): "couldn't create key for object <object>: <wrapped error's message>".
    QString message() const;
    /// errors.Unwrap: the wrapped error's message (for a wrapped KeyError, its message()).
    QString unwrap() const;
    /// The wrapped KeyError, or null when the wrapped error is a plain one.
    const KeyError *wrappedKeyError() const { return m_inner.get(); }
    /// errors.Is(k, err): true when `error` is the message of this error or of any error down
    /// the chain (plain errors compare by message, as sentinel errors compare by identity).
    bool is(const QString &error) const;

private:
    QString m_object;
    QString m_error; ///< the plain wrapped error (when m_inner is null)
    std::shared_ptr<const KeyError> m_inner;
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
