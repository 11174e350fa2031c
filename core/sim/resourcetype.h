// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace lens::sim {

/// What the simulated server knows about one resource: the fields of a metav1.APIResource
/// entry in discovery (GET /api/v1, /apis/{group}/{version}) plus group, version and list kind.
///
/// Mirrors: k8s.io/apimachinery/pkg/apis/meta/v1 APIResource (name, singularName, namespaced,
/// kind, verbs, shortNames) and schema.GroupVersionResource.
struct ResourceType {
    QString name;         ///< plural, lower case, as in URLs: "pods"
    QString singularName; ///< "pod"
    QString kind;         ///< "Pod"
    QString listKind;     ///< "PodList"
    QString group;        ///< "" (core), "apps", "batch", a CRD's spec.group
    QString version;      ///< "v1"
    QString groupVersion; ///< "v1" (core) or "apps/v1" — also the objects' apiVersion
    bool namespaced = true;
    QStringList shortNames; ///< kubectl aliases: {"po"}
    QStringList verbs;      ///< {"create","delete","get","list","patch","update","watch"}
    /// A custom resource's field labels beyond metadata: its CRD version's
    /// selectableFields[].jsonPath without the leading '.' ("spec.color"); empty for builtins.
    QStringList selectableFields;

    bool isValid() const { return !name.isEmpty(); }
    /// The Store's name for it and the qualified resource kube-apiserver puts in messages:
    /// "pods" (core), "deployments.apps", "widgets.example.com".
    QString key() const { return group.isEmpty() ? name : name + QLatin1Char('.') + group; }
    /// URL prefix of the group-version: "/api/v1" or "/apis/apps/v1".
    QString pathPrefix() const;
    /// Whether the server serves .../{name}/scale (autoscaling/v1 Scale) for it: deployments,
    /// replicasets and statefulsets of apps, as kube-apiserver does.
    bool hasScale() const
    {
        return group == QLatin1String("apps") &&
               (name == QLatin1String("deployments") || name == QLatin1String("replicasets") ||
                name == QLatin1String("statefulsets"));
    }

    /// Whether the server serves .../{name}/status for it (kube-apiserver's status
    /// subresource, with the registry strategy of WriteStrategy): persistentvolumeclaims and
    /// persistentvolumes. Other resources keep writing status through the main resource.
    bool hasStatus() const
    {
        return group.isEmpty() && (name == QLatin1String("persistentvolumeclaims") ||
                                   name == QLatin1String("persistentvolumes"));
    }

    /// core/v1 pods, namespaces, nodes, configmaps, services, secrets, endpoints, events,
    /// serviceaccounts, persistentvolumeclaims, persistentvolumes; apps/v1 deployments,
    /// replicasets, statefulsets, daemonsets; batch/v1 jobs, cronjobs; storage.k8s.io/v1
    /// storageclasses; apiextensions.k8s.io/v1 customresourcedefinitions — in that order, with
    /// kubectl's short names (pvc, pv, sc, ...).
    static QList<ResourceType> builtins();
    static ResourceType pods();
    /// core/v1 persistentvolumeclaims (namespaced, "pvc").
    static ResourceType persistentVolumeClaims();
    /// core/v1 persistentvolumes (cluster-scoped, "pv").
    static ResourceType persistentVolumes();
    /// storage.k8s.io/v1 storageclasses (cluster-scoped, "sc").
    static ResourceType storageClasses();
    static ResourceType namespaces();
    static ResourceType customResourceDefinitions();
    /// The custom resource a CustomResourceDefinition object defines (spec.group,
    /// spec.names.{plural,singular,kind,listKind,shortNames}, spec.scope, the storage version —
    /// else the first served one — of spec.versions, and that version's selectableFields).
    /// Invalid when the CRD lacks them.
    static ResourceType fromCrd(const QJsonObject &crd);
};

} // namespace lens::sim
