// SPDX-License-Identifier: Apache-2.0
#include "resourcetype.h"

namespace lens::sim {

namespace {
ResourceType make(const char *name, const char *singular, const char *kind, bool namespaced,
                  QStringList shortNames)
{
    ResourceType t;
    t.name = QLatin1String(name);
    t.singularName = QLatin1String(singular);
    t.kind = QLatin1String(kind);
    t.listKind = t.kind + QLatin1String("List");
    t.groupVersion = QStringLiteral("v1");
    t.namespaced = namespaced;
    t.shortNames = std::move(shortNames);
    t.verbs = {QStringLiteral("create"), QStringLiteral("delete"), QStringLiteral("get"),
               QStringLiteral("list"),   QStringLiteral("patch"),  QStringLiteral("update"),
               QStringLiteral("watch")};
    return t;
}
} // namespace

ResourceType ResourceType::pods()
{
    return make("pods", "pod", "Pod", true, {QStringLiteral("po")});
}

ResourceType ResourceType::namespaces()
{
    return make("namespaces", "namespace", "Namespace", false, {QStringLiteral("ns")});
}

QList<ResourceType> ResourceType::builtins()
{
    return {pods(), namespaces(), make("nodes", "node", "Node", false, {QStringLiteral("no")}),
            make("configmaps", "configmap", "ConfigMap", true, {QStringLiteral("cm")}),
            make("services", "service", "Service", true, {QStringLiteral("svc")})};
}

} // namespace lens::sim
