// SPDX-License-Identifier: Apache-2.0
#include "resourcetype.h"

#include <QJsonArray>

namespace lens::sim {

namespace {
ResourceType make(const char *group, const char *name, const char *singular, const char *kind,
                  bool namespaced, QStringList shortNames)
{
    ResourceType t;
    t.name = QLatin1String(name);
    t.singularName = QLatin1String(singular);
    t.kind = QLatin1String(kind);
    t.listKind = t.kind + QLatin1String("List");
    t.group = QLatin1String(group);
    t.version = QStringLiteral("v1");
    t.groupVersion = t.group.isEmpty() ? t.version : t.group + QLatin1Char('/') + t.version;
    t.namespaced = namespaced;
    t.shortNames = std::move(shortNames);
    t.verbs = {QStringLiteral("create"), QStringLiteral("delete"), QStringLiteral("get"),
               QStringLiteral("list"),   QStringLiteral("patch"),  QStringLiteral("update"),
               QStringLiteral("watch")};
    return t;
}
} // namespace

QString ResourceType::pathPrefix() const
{
    return group.isEmpty() ? QStringLiteral("/api/") + version
                           : QStringLiteral("/apis/") + groupVersion;
}

ResourceType ResourceType::pods()
{
    return make("", "pods", "pod", "Pod", true, {QStringLiteral("po")});
}

ResourceType ResourceType::namespaces()
{
    return make("", "namespaces", "namespace", "Namespace", false, {QStringLiteral("ns")});
}

ResourceType ResourceType::customResourceDefinitions()
{
    return make("apiextensions.k8s.io", "customresourcedefinitions", "customresourcedefinition",
                "CustomResourceDefinition", false, {QStringLiteral("crd"), QStringLiteral("crds")});
}

ResourceType ResourceType::persistentVolumeClaims()
{
    return make("", "persistentvolumeclaims", "persistentvolumeclaim", "PersistentVolumeClaim",
                true, {QStringLiteral("pvc")});
}

ResourceType ResourceType::persistentVolumes()
{
    return make("", "persistentvolumes", "persistentvolume", "PersistentVolume", false,
                {QStringLiteral("pv")});
}

ResourceType ResourceType::storageClasses()
{
    return make("storage.k8s.io", "storageclasses", "storageclass", "StorageClass", false,
                {QStringLiteral("sc")});
}

QList<ResourceType> ResourceType::builtins()
{
    return {
        pods(),
        namespaces(),
        make("", "nodes", "node", "Node", false, {QStringLiteral("no")}),
        make("", "configmaps", "configmap", "ConfigMap", true, {QStringLiteral("cm")}),
        make("", "services", "service", "Service", true, {QStringLiteral("svc")}),
        make("", "secrets", "secret", "Secret", true, {}),
        make("", "endpoints", "endpoints", "Endpoints", true, {QStringLiteral("ep")}),
        make("", "events", "event", "Event", true, {QStringLiteral("ev")}),
        make("", "serviceaccounts", "serviceaccount", "ServiceAccount", true,
             {QStringLiteral("sa")}),
        persistentVolumeClaims(),
        persistentVolumes(),
        make("apps", "deployments", "deployment", "Deployment", true, {QStringLiteral("deploy")}),
        make("apps", "replicasets", "replicaset", "ReplicaSet", true, {QStringLiteral("rs")}),
        make("apps", "statefulsets", "statefulset", "StatefulSet", true, {QStringLiteral("sts")}),
        make("apps", "daemonsets", "daemonset", "DaemonSet", true, {QStringLiteral("ds")}),
        make("batch", "jobs", "job", "Job", true, {}),
        make("batch", "cronjobs", "cronjob", "CronJob", true, {QStringLiteral("cj")}),
        storageClasses(),
        customResourceDefinitions()};
}

ResourceType ResourceType::fromCrd(const QJsonObject &crd)
{
    const QJsonObject spec = crd.value(QLatin1String("spec")).toObject();
    const QJsonObject names = spec.value(QLatin1String("names")).toObject();
    ResourceType t;
    t.group = spec.value(QLatin1String("group")).toString();
    t.name = names.value(QLatin1String("plural")).toString();
    t.kind = names.value(QLatin1String("kind")).toString();
    t.singularName = names.value(QLatin1String("singular")).toString();
    if (t.singularName.isEmpty())
        t.singularName = t.kind.toLower();
    t.listKind = names.value(QLatin1String("listKind")).toString();
    if (t.listKind.isEmpty())
        t.listKind = t.kind + QLatin1String("List");
    for (const QJsonValue &v : names.value(QLatin1String("shortNames")).toArray())
        t.shortNames << v.toString();
    t.namespaced = spec.value(QLatin1String("scope")).toString() != QLatin1String("Cluster");
    const QJsonArray versions = spec.value(QLatin1String("versions")).toArray();
    QJsonObject chosen;
    for (const QJsonValue &v : versions) {
        const QJsonObject o = v.toObject();
        if (o.value(QLatin1String("storage")).toBool()) {
            t.version = o.value(QLatin1String("name")).toString();
            chosen = o;
            break;
        }
        if (t.version.isEmpty() && o.value(QLatin1String("served")).toBool(true)) {
            t.version = o.value(QLatin1String("name")).toString();
            chosen = o;
        }
    }
    for (const QJsonValue &f : chosen.value(QLatin1String("selectableFields")).toArray()) {
        const QString path = f.toObject().value(QLatin1String("jsonPath")).toString();
        if (path.size() > 1 && path.startsWith(QLatin1Char('.')))
            t.selectableFields << path.mid(1);
    }
    if (t.version.isEmpty()) // apiextensions v1beta1 shape
        t.version = spec.value(QLatin1String("version")).toString();
    if (t.group.isEmpty() || t.name.isEmpty() || t.kind.isEmpty() || t.version.isEmpty())
        return {};
    t.groupVersion = t.group + QLatin1Char('/') + t.version;
    t.verbs = {QStringLiteral("delete"), QStringLiteral("deletecollection"),
               QStringLiteral("get"),    QStringLiteral("list"),
               QStringLiteral("patch"),  QStringLiteral("create"),
               QStringLiteral("update"), QStringLiteral("watch")};
    t.verbs.removeOne(QStringLiteral("deletecollection")); // not served
    return t;
}

} // namespace lens::sim
