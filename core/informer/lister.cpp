// SPDX-License-Identifier: Apache-2.0
#include "lister.h"

#include <algorithm>

namespace lens {

namespace {
void sortByKey(QList<Object> &objs)
{
    std::sort(objs.begin(), objs.end(), [](const Object &a, const Object &b) {
        return metaNamespaceKeyFunc(a).key < metaNamespaceKeyFunc(b).key;
    });
}
} // namespace

QList<Object> listAll(const Indexer &indexer, const LabelSelector &selector)
{
    QList<Object> out;
    const QList<Object> all = indexer.list();
    if (selector.isEmpty()) {
        out = all; // client-go skips label matching for Everything()
    } else {
        for (const Object &o : all) {
            if (selector.matches(o))
                out << o;
        }
    }
    sortByKey(out);
    return out;
}

QList<Object> listAllByNamespace(const Indexer &indexer, const QString &ns,
                                 const LabelSelector &selector)
{
    if (ns.isEmpty())
        return listAll(indexer, selector);
    QList<Object> candidates;
    if (indexer.indexNames().contains(namespaceIndexName())) {
        candidates = indexer.byIndex(namespaceIndexName(), ns);
    } else {
        // No namespace index: a full scan (client-go logs "can not retrieve list of objects
        // using index" and does the same).
        for (const Object &o : indexer.list()) {
            if (o.namespace_() == ns)
                candidates << o;
        }
    }
    QList<Object> out;
    for (const Object &o : std::as_const(candidates)) {
        if (selector.isEmpty() || selector.matches(o))
            out << o;
    }
    sortByKey(out);
    return out;
}

Lister::Lister(const Indexer *indexer, QString resource, QString group)
    : m_indexer(indexer), m_resource(std::move(resource)), m_group(std::move(group))
{
}

QString Lister::qualifiedResource() const
{
    return m_group.isEmpty() ? m_resource : m_resource + QLatin1Char('.') + m_group;
}

QList<Object> Lister::list(const LabelSelector &selector) const
{
    return listAll(*m_indexer, selector);
}

NamespaceLister Lister::byNamespace(const QString &ns) const
{
    return NamespaceLister(*this, ns);
}

Object Lister::get(const QString &name, ApiStatus *error) const
{
    const Object o = m_indexer->getByKey(name);
    if (o.isNull() && error)
        *error = ApiStatus::notFound(qualifiedResource(), name);
    return o;
}

QList<Object> NamespaceLister::list(const LabelSelector &selector) const
{
    return listAllByNamespace(*m_parent.indexer(), m_ns, selector);
}

Object NamespaceLister::get(const QString &name, ApiStatus *error) const
{
    const Object o = m_parent.indexer()->getByKey(m_ns + QLatin1Char('/') + name);
    if (o.isNull() && error)
        *error = ApiStatus::notFound(m_parent.qualifiedResource(), name);
    return o;
}

} // namespace lens
