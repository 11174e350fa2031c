// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "restconfig.h"

#include <QString>

namespace lens {

/// One API resource found by discovery (metav1.APIResource plus its group and version).
struct ApiResource {
    QString group;    ///< "" for the core group
    QString version;  ///< e.g. "v1"
    QString resource; ///< plural, e.g. "deployments"
    QString kind;     ///< e.g. "Deployment"
    bool namespaced = true;
    /// "apps/v1" or "v1", the objects' apiVersion.
    QString groupVersion() const
    {
        return group.isEmpty() ? version : group + QLatin1Char('/') + version;
    }
    /// "deployments.apps" or "pods": what kubectl prints.
    QString qualifiedName() const
    {
        return group.isEmpty() ? resource : resource + QLatin1Char('.') + group;
    }
};

/// Turns what a user typed into a resource the way kubectl's discovery RESTMapper does
/// (k8s.io/client-go/discovery + restmapper.DeferredDiscoveryRESTMapper, and kubectl's
/// ResourceOrKindArgs): "pods", "pod", "po", "Pod", "deployments.apps", "deploy",
/// "deployments.v1.apps" or "apps/v1/deployments" ("GROUP/VERSION/RESOURCE" and "v1/pods" are
/// taken as given, without asking the server).
///
/// Asks the server GET /api/v1, GET /apis and GET /apis/GROUP/VERSION for each group's
/// preferred version (in parallel), and matches plural name, singular name, short names, then
/// kind, case-insensitively; the core group wins a tie, then the server's group order.
/// Subresources ("pods/log") are skipped. The resource must support list and watch.
class Discovery {
public:
    /// Blocks (running a local event loop, so an in-process server keeps answering) for at
    /// most `timeoutMs` milliseconds. Returns false with `*error` in kubectl's words when the
    /// server has no such resource ("the server doesn't have a resource type \"x\""), when it
    /// cannot be watched, or when discovery failed (`*transportFailed` is then set: the
    /// server could not be reached or answered an error, so the caller may fall back).
    static bool resolve(const RestConfig &rest, const QString &what, ApiResource *out,
                        QString *error, bool *transportFailed = nullptr, int timeoutMs = 15000);

    /// "GROUP/VERSION/RESOURCE" or "VERSION/RESOURCE" parsed without a server; false otherwise.
    static bool parseExplicit(const QString &what, ApiResource *out);
};

} // namespace lens
