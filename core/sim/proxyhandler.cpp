// SPDX-License-Identifier: Apache-2.0
#include "proxyhandler.h"

#include "store.h"

#include <QJsonObject>

namespace lens::sim {

QString ProxyHandler::key(const QString &resource, const QString &ns, const QString &name, int port)
{
    return resource + QLatin1Char('/') + ns + QLatin1Char('/') + name + QLatin1Char(':') +
           QString::number(port);
}

void ProxyHandler::setTarget(const QString &resource, const QString &ns, const QString &name,
                             int port, ProxyServe serve)
{
    if (serve)
        m_targets.insert(key(resource, ns, name, port), std::move(serve));
    else
        m_targets.remove(key(resource, ns, name, port));
}

bool ProxyHandler::isProxyPath(const QStringList &s)
{
    return s.size() >= 7 && s[0] == QLatin1String("api") && s[1] == QLatin1String("v1") &&
           s[2] == QLatin1String("namespaces") &&
           (s[4] == QLatin1String("pods") || s[4] == QLatin1String("services")) &&
           s[6] == QLatin1String("proxy");
}

void ProxyHandler::handle(HttpCall &c)
{
    const QStringList &s = c.segments;
    const QString resource = s[4];
    const QString ns = s[3];
    // [scheme:]name[:port] (apimachinery's SplitSchemeNamePort): one part = name, two =
    // name:port, three = scheme:name:port.
    const QStringList parts = s[5].split(QLatin1Char(':'));
    QString name = parts.value(0);
    QString port;
    if (parts.size() == 2) {
        port = parts[1];
    } else if (parts.size() == 3) {
        name = parts[1];
        port = parts[2];
    }
    bool numeric = true;
    const int portNumber = port.isEmpty() ? 80 : port.toInt(&numeric);
    QString path = QStringLiteral("/") + s.mid(7).join(QLatin1Char('/'));
    if (!c.query.isEmpty())
        path += QLatin1Char('?') + c.query.toString(QUrl::FullyEncoded);
    if (numeric) {
        if (const auto it = m_targets.constFind(key(resource, ns, name, portNumber));
            it != m_targets.constEnd()) {
            const ProxyAnswer a = (*it)(path);
            m_responder->respond(c, a.code, a.body, a.contentType);
            return;
        }
    }
    const lens::Object o = m_store->stored(resource, ns, name).object;
    if (o.isNull()) {
        QJsonObject details{{QStringLiteral("name"), name}, {QStringLiteral("kind"), resource}};
        m_responder->respondStatus(c, 404, QStringLiteral("NotFound"),
                                   QStringLiteral("%1 \"%2\" not found").arg(resource, name),
                                   details);
        return;
    }
    const QString ip = o.json()
                           .value(QLatin1String("status"))
                           .toObject()
                           .value(QLatin1String("podIP"))
                           .toString(QStringLiteral("10.244.0.1"));
    m_responder->respondStatus(
        c, 503, QStringLiteral("ServiceUnavailable"),
        QStringLiteral("error trying to reach service: dial tcp %1:%2: connect: connection "
                       "refused")
            .arg(ip, port.isEmpty() ? QStringLiteral("80") : port));
}

} // namespace lens::sim
