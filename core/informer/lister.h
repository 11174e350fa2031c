// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "indexer.h"

#include "api/selectors.h"
#include "api/status.h"

#include <QList>
#include <QString>

namespace lens {

/// cache.ListAll (tools/cache/listers.go): the objects of `indexer` whose labels match
/// `selector`; an empty selector returns everything without matching labels. Sorted by key
/// (client-go's order is the store's map order, i.e. unspecified).
QList<Object> listAll(const Indexer &indexer, const LabelSelector &selector);

/// cache.ListAllByNamespace: `ns` empty (metav1.NamespaceAll) → listAll; otherwise the
/// "namespace" index when the indexer has it (ByIndex), else a full scan filtering on the
/// namespace. Sorted by key.
QList<Object> listAllByNamespace(const Indexer &indexer, const QString &ns,
                                 const LabelSelector &selector);

class NamespaceLister;

/// A generated lister (e.g. corev1listers.PodLister, built on cache.ResourceIndexer /
/// listers.ResourceIndexer in client-go ≥ 1.28): reads the informer's Indexer, never the API.
///
/// `resource` is the plural resource ("pods"), `group` its API group ("" for the core group,
/// "apps" for deployments): together they name the resource in NotFound errors. The indexer is
/// not owned and must outlive the lister. Objects returned are shared and immutable (lister
/// objects are read-only in client-go by convention; here by type).
class Lister {
public:
    Lister(const Indexer *indexer, QString resource, QString group = {});

    /// Lister.List(selector): every object matching, all namespaces.
    QList<Object> list(const LabelSelector &selector = {}) const;
    /// Lister.Pods(ns) / <Resource>s(namespace): a lister restricted to one namespace.
    NamespaceLister byNamespace(const QString &ns) const;
    /// Get for cluster-scoped resources (key = name). Not found → null Object and `*error` =
    /// ApiStatus::notFound (404, reason NotFound, `nodes "n1" not found`).
    Object get(const QString &name, ApiStatus *error = nullptr) const;

    /// "pods", or "deployments.apps": schema.GroupResource.String().
    QString qualifiedResource() const;
    const Indexer *indexer() const { return m_indexer; }

private:
    const Indexer *m_indexer;
    QString m_resource;
    QString m_group;
};

/// A generated namespace lister (e.g. corev1listers.PodNamespaceLister).
class NamespaceLister {
public:
    NamespaceLister(const Lister &parent, QString ns) : m_parent(parent), m_ns(std::move(ns)) {}

    /// List(selector): objects of this namespace matching (via ListAllByNamespace).
    QList<Object> list(const LabelSelector &selector = {}) const;
    /// Get(name): GetByKey("ns/name"); not found → null Object and `*error` =
    /// ApiStatus::notFound (404, reason NotFound, message `pods "name" not found`).
    Object get(const QString &name, ApiStatus *error = nullptr) const;
    QString namespace_() const { return m_ns; }

private:
    Lister m_parent;
    QString m_ns;
};

} // namespace lens
