// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace lens::sim {

/// What the simulated server knows about one resource: the fields of a metav1.APIResource
/// entry in discovery (GET /api/v1) plus the list kind. Only the core group ("v1") is served.
///
/// Mirrors: k8s.io/apimachinery/pkg/apis/meta/v1 APIResource.
struct ResourceType {
    QString name;         ///< plural, lower case, as in URLs: "pods"
    QString singularName; ///< "pod"
    QString kind;         ///< "Pod"
    QString listKind;     ///< "PodList"
    QString groupVersion; ///< "v1" (core group) — also the objects' apiVersion
    bool namespaced = true;
    QStringList shortNames; ///< kubectl aliases: {"po"}
    QStringList verbs;      ///< {"create","delete","get","list","patch","update","watch"}

    bool isValid() const { return !name.isEmpty(); }

    /// core/v1 pods, namespaces, nodes, configmaps, services — in that order.
    static QList<ResourceType> builtins();
    static ResourceType pods();
    static ResourceType namespaces();
};

} // namespace lens::sim
