// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QUrl>

#include <optional>

namespace lens::metrics {

/// Where a /metrics scrape goes: a URL, or a pod or service reached through the API server's
/// proxy subresource with the kubeconfig's credentials (no port-forward needed; the user needs
/// RBAC `get` on pods/proxy or services/proxy in that namespace).
struct ScrapeTarget {
    enum class Kind { Url, Pod, Service };
    Kind kind = Kind::Url;
    QUrl url;           ///< Kind::Url: http:// or https://, path included
    QString namespace_; ///< Pod, Service
    QString name;       ///< Pod, Service
    QString scheme;     ///< Pod, Service: "" (http) or "https" (the proxy's scheme prefix)
    int port = 8080;    ///< Pod, Service: controller-runtime's default metrics port
    QString path = QStringLiteral("/metrics"); ///< Pod, Service: the path behind the proxy

    /// Reads a command-line target:
    /// - "pod/NAMESPACE/NAME:PORT[/PATH]" or "svc/NAMESPACE/NAME:PORT[/PATH]" ("service/" too;
    ///   "https:NAME:PORT" for a TLS metrics server; PATH defaults to /metrics);
    /// - "http://HOST:PORT/PATH" or "https://...".
    /// nullopt and `*error` (in words, naming the accepted forms) for anything else.
    static std::optional<ScrapeTarget> parse(const QString &spec, QString *error);
    /// The API server path for Pod and Service:
    /// "/api/v1/namespaces/NS/pods/[https:]NAME:PORT/proxy/metrics"; empty for Url.
    QString proxyPath() const;
    /// As a user wrote it: "pod/NS/NAME:PORT", "svc/NS/NAME:PORT" (with the path when it is not
    /// /metrics), or the URL without user name, password, query or fragment (which may carry
    /// secrets).
    QString toString() const;
};

} // namespace lens::metrics
