// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "restconfig.h"

#include <QHash>
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
    /// Why resolve() returned false.
    enum class Failure {
        None,
        NotFound,    ///< no such resource, or it cannot be listed and watched
        Transport,   ///< the server could not be reached, answered an error or something that
                     ///< is not a discovery document: the caller may fall back
        Interrupted, ///< the local event loop was ended (QCoreApplication::quit(), e.g. after
                     ///< a termination signal) before the server answered
    };

    /// Discovery of the server `rest` names. Each document (GET /api/v1, /apis,
    /// /apis/GROUP/VERSION) is fetched at most once per instance and reused by every
    /// resolve() after, as kubectl's cached discovery client reuses it: resolving 1 000
    /// resources asks the server what one does. `timeoutMs` bounds each round of requests.
    explicit Discovery(const RestConfig &rest, int timeoutMs = 15000);

    /// Blocks (running a local event loop, so an in-process server keeps answering) until the
    /// documents it needs are here, for at most the timeout per round. Returns false with
    /// `*error` in kubectl's words and `*why` set: the server has no such resource ("the server
    /// doesn't have a resource type \"x\""), it cannot be watched, discovery failed
    /// ("discovery (/api/v1) failed: HTTP 503: ...", "discovery (/api/v1) failed: the answer
    /// is not JSON (...), not an APIResourceList") or was interrupted. A failed request is not
    /// asked again by the same instance.
    bool resolve(const QString &what, ApiResource *out, QString *error, Failure *why = nullptr);

    /// One resolve() on a fresh instance; `*transportFailed` = Failure::Transport.
    static bool resolve(const RestConfig &rest, const QString &what, ApiResource *out,
                        QString *error, bool *transportFailed = nullptr, int timeoutMs = 15000);

    /// "GROUP/VERSION/RESOURCE" or "VERSION/RESOURCE" parsed without a server; false otherwise.
    static bool parseExplicit(const QString &what, ApiResource *out);

private:
    /// One fetched document: its body, or why it could not be read (kubectl's words).
    struct Document {
        QByteArray body;
        QString problem;
    };
    /// Fetches the `paths` not fetched yet, in parallel; false (with `*error`, `*why`) when
    /// the server did not answer them all in time or the wait was interrupted.
    bool fetch(const QStringList &paths, QString *error, Failure *why);

    RestConfig m_rest;
    int m_timeoutMs;
    QHash<QString, Document> m_documents;
};

} // namespace lens
