// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "httpresponder.h"

#include <QByteArray>
#include <QHash>
#include <QString>

#include <functional>

namespace lens::sim {

class Store;

/// What a process "in" the simulated cluster answers over HTTP: `path` (with its query, e.g.
/// "/metrics") in, status code, body and Content-Type out.
struct ProxyAnswer {
    int code = 200;
    QByteArray body;
    QByteArray contentType = QByteArrayLiteral("text/plain; version=0.0.4; charset=utf-8");
};
using ProxyServe = std::function<ProxyAnswer(const QString &path)>;

/// The API server's proxy subresource (kube-apiserver's pods/proxy and services/proxy:
/// GET /api/v1/namespaces/{ns}/pods/[{scheme}:]{name}[:{port}]/proxy/{path} and the same under
/// services), for the processes the simulator runs itself: the built-in controllers' /metrics
/// (see Session). A real apiserver dials the pod's IP and port; here a target is registered
/// by resource ("pods" or "services"), namespace, name and port, and its ProxyServe answers.
///
/// Answers as kube-apiserver does when nothing is registered there: a pod or service the
/// Store holds, with nothing listening on the port: 503 ServiceUnavailable "error trying to
/// reach service: dial tcp <podIP>:<port>: connect: connection refused"; one it does not hold:
/// 404 NotFound `pods "name" not found`. The port defaults to 80 when the path names none, as
/// the apiserver's proxy does for a pod.
class ProxyHandler {
public:
    ProxyHandler(Store *store, HttpResponder *responder) : m_store(store), m_responder(responder) {}
    /// Registers `serve` for resource ("pods" or "services"), namespace, name and port;
    /// an empty `serve` removes the target.
    void setTarget(const QString &resource, const QString &ns, const QString &name, int port,
                   ProxyServe serve);
    /// True when `segments` is a proxy path (api, v1, namespaces, ns, pods|services, name,
    /// proxy, ...).
    static bool isProxyPath(const QStringList &segments);
    /// Answers a proxy path (isProxyPath()).
    void handle(HttpCall &call);

private:
    static QString key(const QString &resource, const QString &ns, const QString &name, int port);
    Store *m_store;
    HttpResponder *m_responder;
    QHash<QString, ProxyServe> m_targets;
};

} // namespace lens::sim
