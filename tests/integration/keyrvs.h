// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the integration suites compare between an informer's indexer and the server's store.

#include "api/object.h"
#include "informer/keys.h"

#include <QList>
#include <QMap>

namespace lens::test {

/// key → resourceVersion of `objs` (MetaNamespaceKeyFunc keys): the part of the state an
/// indexer and the server must agree on.
inline QMap<QString, QString> keyRvs(const QList<Object> &objs)
{
    QMap<QString, QString> m;
    for (const Object &o : objs)
        m.insert(metaNamespaceKeyFunc(o).key, o.resourceVersion());
    return m;
}

} // namespace lens::test
