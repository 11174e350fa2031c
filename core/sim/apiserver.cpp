// SPDX-License-Identifier: Apache-2.0
#include "apiserver.h"

#include "churn.h"
#include "controlapi.h"
#include "discoveryhandler.h"
#include "listhandler.h"
#include "secretcompare.h"
#include "tableconvertor.h"
#include "watchhandler.h"
#include "writehandler.h"

#include <QHttpServerRequest>
#include <QJsonObject>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslSocket>
#include <QTcpSocket>

namespace lens::sim {

ApiServer::ApiServer(Store *store, QObject *parent)
    : QAbstractHttpServer(parent), m_store(store),
      m_discovery(std::make_unique<DiscoveryHandler>(store, &m_responder)),
      m_control(std::make_unique<ControlApi>(this, &m_responder)),
      m_list(std::make_unique<ListHandler>(store, &m_responder, &m_faults)),
      m_watch(new WatchHandler(store, &m_responder, &m_faults, this)),
      m_write(std::make_unique<WriteHandler>(store, &m_responder)),
      m_proxy(std::make_unique<ProxyHandler>(store, &m_responder))
{
    m_responder.handled = [this](const QString &method, const QString &target, int status) {
        Q_EMIT requestHandled(method, target, status);
    };
    connect(m_watch, &WatchHandler::countChanged, this, &ApiServer::watchCountChanged);
    setTimerClock(nullptr);
}

void ApiServer::setTimerClock(const lens::Clock *clock)
{
    const int stall = m_faults.stallRemainingMs();
    m_faults.clock = clock ? clock : &m_realTime;
    m_faults.stallUntilMs = m_faults.clock->nowMs() + stall; // a stall keeps what is left
    m_watch->setTimerClock(m_faults.clock);
}

ApiServer::~ApiServer()
{
    delete m_watch; // closes the open watches while the responder still exists
}

bool ApiServer::start(quint16 port, const QHostAddress &address, QString *error)
{
    // Our own QTcpServer / QSslServer (not QAbstractHttpServer::listen()'s) so that every
    // connection gets its ConnectionGuard before the server reads it: Qt 6.4's server has no
    // limit on a request's headers nor a timeout for them.
    QTcpServer *tcp = nullptr;
    if (m_tls) {
        auto *ssl = new GuardedSslServer(&m_limits, this);
        ssl->setSslConfiguration(m_sslConfig);
        connect(ssl, &GuardedSslServer::refused, this, [this](int status, const QString &why) {
            Q_EMIT requestHandled(QStringLiteral("-"), why, status);
        });
        tcp = ssl;
    } else {
        auto *plain = new GuardedTcpServer(&m_limits, this);
        connect(plain, &GuardedTcpServer::refused, this, [this](int status, const QString &why) {
            Q_EMIT requestHandled(QStringLiteral("-"), why, status);
        });
        tcp = plain;
    }
    if (!tcp->listen(address, port)) {
        if (error)
            *error = QStringLiteral("cannot listen on %1:%2: %3")
                         .arg(address.toString())
                         .arg(port)
                         .arg(tcp->errorString());
        delete tcp;
        return false;
    }
    bind(tcp);
    m_port = tcp->serverPort();
    m_address = tcp->serverAddress();
    return true;
}

QString ApiServer::listeningSummary() const
{
    QUrl where;
    where.setHost(m_address.toString());
    where.setPort(m_port);
    const QString hostPort = where.toString(QUrl::RemoveScheme).mid(2); // "[::1]:N", "0.0.0.0:N"
    if (isLoopbackOnly())
        return QStringLiteral("listening on %1 (loopback only: other machines cannot connect)")
            .arg(hostPort);
    const bool everywhere = m_address == QHostAddress::Any || m_address == QHostAddress::AnyIPv4 ||
                            m_address == QHostAddress::AnyIPv6;
    return QStringLiteral("WARNING: listening on %1%2: other machines can connect and read and "
                          "change the simulated cluster, its /sim/v1 fault controls included; %3")
        .arg(hostPort, everywhere ? QStringLiteral(" (every network interface)") : QString(),
             m_token.isEmpty() && !m_clientCa
                 ? QStringLiteral("no bearer token is required")
                 : QStringLiteral("requests need the bearer token or client certificate"));
}

bool ApiServer::setTls(const QByteArray &certPem, const QByteArray &keyPem, QString *error,
                       const QByteArray &clientCaPem)
{
    const auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (!QSslSocket::supportsSsl())
        return fail(QStringLiteral("no TLS backend in Qt Network (libqopensslbackend missing?)"));
    const QList<QSslCertificate> chain = QSslCertificate::fromData(certPem, QSsl::Pem);
    if (chain.isEmpty())
        return fail(QStringLiteral("the server certificate PEM does not parse"));
    QSslKey key(keyPem, QSsl::Ec, QSsl::Pem);
    if (key.isNull())
        key = QSslKey(keyPem, QSsl::Rsa, QSsl::Pem);
    if (key.isNull())
        return fail(QStringLiteral("the server key PEM does not parse"));
    QSslConfiguration conf = QSslConfiguration::defaultConfiguration();
    conf.setLocalCertificateChain(chain);
    conf.setPrivateKey(key);
    conf.setProtocol(QSsl::TlsV1_2OrLater);
    conf.setPeerVerifyMode(QSslSocket::VerifyNone);
    if (!clientCaPem.isEmpty()) {
        const QList<QSslCertificate> clientCa = QSslCertificate::fromData(clientCaPem, QSsl::Pem);
        if (clientCa.isEmpty())
            return fail(QStringLiteral("the client CA PEM does not parse"));
        // QueryPeer: ask for a certificate, verify it against the client CA, but let the
        // handshake succeed without one (route() decides, so a bearer token still works).
        conf.setCaCertificates(clientCa);
        conf.setPeerVerifyMode(QSslSocket::QueryPeer);
        m_clientCa = true;
    }
    m_sslConfig = conf;
    m_tls = true;
    return true;
}

void ApiServer::setChurnGenerator(ChurnGenerator *churn)
{
    m_churn = churn;
}

QUrl ApiServer::url() const
{
    QUrl u;
    u.setScheme(m_tls ? QStringLiteral("https") : QStringLiteral("http"));
    if (m_address.isNull() || m_address == QHostAddress::Any || m_address == QHostAddress::AnyIPv4)
        u.setHost(QStringLiteral("127.0.0.1"));
    else if (m_address == QHostAddress::AnyIPv6)
        u.setHost(QStringLiteral("::1"));
    else
        u.setHost(m_address.toString());
    u.setPort(m_port);
    return u;
}

QString ApiServer::gitVersion()
{
    return QStringLiteral("v1.32.0-lens-sim");
}

// ---- fault controls -----------------------------------------------------------------------

ChurnGenerator *ApiServer::churnGenerator() const
{
    return m_churn;
}

int ApiServer::dropWatches(bool midEvent)
{
    return m_watch->dropAll(midEvent);
}

int ApiServer::endWatches()
{
    return m_watch->endAll();
}

int ApiServer::expireWatches()
{
    m_store->compact(-1);
    return m_watch->expireAll();
}

void ApiServer::failNextRequests(int count, int httpStatus, int retryAfterSeconds)
{
    m_faults.failCount = qMax(0, count);
    m_faults.failStatus = httpStatus;
    m_faults.failRetryAfter = qMax(0, retryAfterSeconds);
}

int ApiServer::sendGarbageOnWatches()
{
    return m_watch->sendGarbageOnAll();
}

int ApiServer::stallWatches(int ms)
{
    m_faults.stallUntilMs = m_faults.clock->nowMs() + qMax(0, ms);
    return m_watch->stallAll(ms);
}

int ApiServer::stallRemainingMs() const
{
    return m_faults.stallRemainingMs();
}

void ApiServer::answerTooLargeResourceVersion(int count)
{
    m_faults.tooLargeCount = qMax(0, count);
}

void ApiServer::setIgnoreSendInitialEvents(bool ignore)
{
    m_faults.ignoreSendInitialEvents = ignore;
}

void ApiServer::setForbidden(const QString &resource, bool forbidden)
{
    if (forbidden)
        m_faults.forbidden.insert(resource);
    else
        m_faults.forbidden.remove(resource);
}

void ApiServer::setBookmarkInterval(int ms)
{
    m_watch->setBookmarkInterval(ms);
}

int ApiServer::bookmarkInterval() const
{
    return m_watch->bookmarkInterval();
}

void ApiServer::setBookmarkClock(const lens::Clock *clock)
{
    m_watch->setBookmarkClock(clock);
}

qint64 ApiServer::nextBookmarkDueMs() const
{
    return m_watch->nextBookmarkDueMs();
}

int ApiServer::sendNextBookmarks(QList<QByteArray> *userAgents)
{
    return m_watch->sendNextBookmarks(userAgents);
}

int ApiServer::openWatchCount() const
{
    return m_watch->openCount();
}

const WatchBudget &ApiServer::watchBudget() const
{
    return m_watch->watchBudget();
}

void ApiServer::setWatchBudgetBytes(qint64 bytes)
{
    m_watch->setWatchBudgetBytes(bytes);
}

void ApiServer::setProxyTarget(const QString &resource, const QString &ns, const QString &name,
                               int port, ProxyServe serve)
{
    m_proxy->setTarget(resource, ns, name, port, std::move(serve));
}

bool ApiServer::openAccessLog(const QString &path, QString *error)
{
    return m_responder.openAccessLog(path, error);
}

// ---- routing ------------------------------------------------------------------------------

void ApiServer::missingHandler(const QHttpServerRequest &request, QTcpSocket *socket)
{
    HttpCall c(request, socket);
    m_responder.respondNotFound(c);
}

bool ApiServer::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    ++m_requestCount;
    HttpCall c(request, socket);
    route(c);
    if (!c.responded)
        m_responder.respondNotFound(c);
    return true;
}

void ApiServer::route(HttpCall &c)
{
    if (!m_token.isEmpty() || m_clientCa) {
        // The x509 authenticator: a client certificate that verified against the client CA
        // during the handshake (QueryPeer collects the verification errors without failing).
        const auto *ssl = qobject_cast<const QSslSocket *>(c.socket);
        bool ok = m_clientCa && ssl && !ssl->peerCertificate().isNull() &&
                  ssl->sslHandshakeErrors().isEmpty();
        // The bearer-token authenticator: "Bearer" (any case), one space, the token, compared
        // in constant time (crypto/subtle.ConstantTimeCompare, as the token file authenticator).
        const QByteArray auth = c.header("Authorization").trimmed();
        const qsizetype sp = auth.indexOf(' ');
        ok = ok || (!m_token.isEmpty() && sp > 0 &&
                    auth.left(sp).compare("bearer", Qt::CaseInsensitive) == 0 &&
                    constantTimeEquals(auth.mid(sp + 1).trimmed(), m_token.toUtf8()));
        if (!ok) {
            m_responder.respondStatus(c, 401, QStringLiteral("Unauthorized"),
                                      QStringLiteral("Unauthorized"));
            return;
        }
    }
    const QStringList &s = c.segments;
    if (!s.isEmpty() && s.first() == QLatin1String("sim")) {
        m_control->handle(c);
        return;
    }
    if (s.size() == 1 &&
        (s.first() == QLatin1String("healthz") || s.first() == QLatin1String("livez") ||
         s.first() == QLatin1String("readyz"))) {
        m_responder.respond(c, 200, "ok", "text/plain; charset=utf-8");
        return;
    }
    if (int code = 0, retryAfter = 0; m_faults.takeFailure(&code, &retryAfter)) {
        m_responder.respondStatus(c, injectedFailure(code, retryAfter));
        return;
    }
    if (s.isEmpty() || s.first() == QLatin1String("version") ||
        s.first() == QLatin1String("openapi") ||
        (s.first() == QLatin1String("apis") && s.size() <= 3) ||
        (s.first() == QLatin1String("api") && s.size() <= 2)) {
        m_discovery->handle(c, m_port);
        return;
    }
    if (ProxyHandler::isProxyPath(s)) {
        m_proxy->handle(c);
        return;
    }
    // /api/v1/... (core) or /apis/{group}/{version}/...
    QString group;
    QString version;
    qsizetype base = 0;
    if (s[0] == QLatin1String("api") && s[1] == QLatin1String("v1")) {
        version = s[1];
        base = 2;
    } else if (s[0] == QLatin1String("apis") && s.size() >= 4) {
        group = s[1];
        version = s[2];
        base = 3;
    } else {
        return; // 404
    }
    const QStringList rest = s.mid(base);
    QString ns, resource, name, subresource;
    // {base}/namespaces/{ns}/{resource}[/{name}[/scale|status]]  or
    // {base}/{resource}[/{name}[/status]]
    if (rest[0] == QLatin1String("namespaces") && rest.size() >= 3) {
        if (rest.size() > 5)
            return;
        ns = rest[1];
        resource = rest[2];
        name = rest.value(3);
        subresource = rest.value(4);
    } else {
        if (rest.size() > 3)
            return;
        resource = rest[0];
        name = rest.value(1);
        subresource = rest.value(2);
    }
    const ResourceType type =
        m_store->resourceType(group.isEmpty() ? resource : resource + QLatin1Char('.') + group);
    if (!type.isValid() || type.version != version || (!ns.isEmpty() && !type.namespaced))
        return;
    if (!subresource.isEmpty()) {
        if (subresource == QLatin1String("scale") && type.hasScale())
            m_write->handleScale(c, type, ns, name);
        else if (subresource == QLatin1String("status") && type.hasStatus())
            m_write->handleStatus(c, type, ns, name);
        return; // other subresources are not served (404)
    }
    handleResource(c, type, ns, name);
}

void ApiServer::handleResource(HttpCall &c, const ResourceType &type, const QString &ns,
                               const QString &name)
{
    if (m_faults.forbidden.contains(type.key())) {
        // RBAC's answer (the authorizer's reason for an anonymous user), verb as the request's.
        const bool list = name.isEmpty() && c.method == QLatin1String("GET");
        const QString verb =
            list ? (queryFlag(c.value("watch")) ? QStringLiteral("watch") : QStringLiteral("list"))
                 : c.method.toLower();
        QJsonObject details;
        details.insert(QStringLiteral("kind"), type.name);
        m_responder.respondStatus(
            c, 403, QStringLiteral("Forbidden"),
            QStringLiteral("%1 is forbidden: User \"system:anonymous\" cannot %2 resource \"%3\" "
                           "in API group \"%4\" %5")
                .arg(type.key(), verb, type.name, type.group,
                     ns.isEmpty() ? QStringLiteral("at the cluster scope")
                                  : QStringLiteral("in the namespace \"%1\"").arg(ns)),
            details);
        return;
    }
    if (name.isEmpty()) {
        if (c.method == QLatin1String("GET")) {
            if (queryFlag(c.value("watch")))
                m_watch->handle(c, type, ns);
            else
                m_list->handle(c, type, ns, m_watchCache);
            return;
        }
        if (c.method == QLatin1String("POST")) {
            m_write->handleWrite(c, type, ns, name);
            return;
        }
    } else {
        if (c.method == QLatin1String("GET")) {
            const StoredObject stored = m_store->stored(type.key(), ns, name);
            const lens::Object &o = stored.object;
            if (o.isNull()) {
                QJsonObject details;
                details.insert(QStringLiteral("name"), name);
                details.insert(QStringLiteral("kind"), type.name);
                if (!type.group.isEmpty())
                    details.insert(QStringLiteral("group"), type.group);
                m_responder.respondStatus(
                    c, 404, QStringLiteral("NotFound"),
                    QStringLiteral("%1 \"%2\" not found").arg(type.key(), name), details);
                return;
            }
            if (const QString table = TableConvertor::supports(type)
                                          ? TableConvertor::requestedVersion(c.header("Accept"))
                                          : QString();
                !table.isEmpty()) {
                const TableConvertor convertor(type, m_store->now(), c.value("includeObject"),
                                               table);
                m_responder.respond(c, 200, convertor.table(convertor.row(o), o.resourceVersion()));
                return;
            }
            m_responder.respond(c, 200, stored.json);
            return;
        }
        if (c.method == QLatin1String("PUT") || c.method == QLatin1String("PATCH") ||
            c.method == QLatin1String("DELETE")) {
            m_write->handleWrite(c, type, ns, name);
            return;
        }
    }
    m_responder.respondMethodNotAllowed(c);
}

} // namespace lens::sim
