// SPDX-License-Identifier: Apache-2.0
#include "apiserver.h"

#include "api/fields.h"
#include "api/labels.h"
#include "churn.h"
#include "continuetoken.h"
#include "jsonbytes.h"
#include "patch.h"
#include "watchstream.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHttpServerRequest>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QLocale>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslSocket>
#include <QTcpSocket>

#include <algorithm>

namespace lens::sim {

namespace {

QByteArray reasonPhrase(int code)
{
    switch (code) {
    case 200:
        return "OK";
    case 201:
        return "Created";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 409:
        return "Conflict";
    case 410:
        return "Gone";
    case 415:
        return "Unsupported Media Type";
    case 422:
        return "Unprocessable Entity";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    case 504:
        return "Gateway Timeout";
    default:
        return "Status";
    }
}

QString methodName(QHttpServerRequest::Method m)
{
    switch (m) {
    case QHttpServerRequest::Method::Get:
        return QStringLiteral("GET");
    case QHttpServerRequest::Method::Put:
        return QStringLiteral("PUT");
    case QHttpServerRequest::Method::Delete:
        return QStringLiteral("DELETE");
    case QHttpServerRequest::Method::Post:
        return QStringLiteral("POST");
    case QHttpServerRequest::Method::Head:
        return QStringLiteral("HEAD");
    case QHttpServerRequest::Method::Options:
        return QStringLiteral("OPTIONS");
    case QHttpServerRequest::Method::Patch:
        return QStringLiteral("PATCH");
    default:
        return QStringLiteral("UNKNOWN");
    }
}

QByteArray httpDate()
{
    return QLocale::c()
        .toString(QDateTime::currentDateTimeUtc(),
                  QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'"))
        .toLatin1();
}

/// The reason a Status carries for an injected failure code.
QString reasonFor(int code)
{
    switch (code) {
    case 400:
        return QStringLiteral("BadRequest");
    case 401:
        return QStringLiteral("Unauthorized");
    case 403:
        return QStringLiteral("Forbidden");
    case 404:
        return QStringLiteral("NotFound");
    case 409:
        return QStringLiteral("Conflict");
    case 410:
        return QStringLiteral("Expired");
    case 429:
        return QStringLiteral("TooManyRequests");
    case 500:
        return QStringLiteral("InternalError");
    case 503:
        return QStringLiteral("ServiceUnavailable");
    case 504:
        return QStringLiteral("Timeout");
    default:
        return QString();
    }
}

QString messageFor(int code)
{
    switch (code) {
    case 401:
        return QStringLiteral("Unauthorized");
    case 403:
        return QStringLiteral("forbidden: simulated failure");
    case 410:
        return QStringLiteral("simulated failure: resource expired");
    case 429:
        return QStringLiteral("Too many requests, please try again later.");
    case 500:
        return QStringLiteral("Internal error occurred: simulated failure");
    case 503:
        return QStringLiteral("The server is currently unable to handle the request");
    case 504:
        return QStringLiteral("Timeout: simulated failure");
    default:
        return QStringLiteral("simulated failure (HTTP %1)").arg(code);
    }
}

/// A boolean query parameter as apimachinery's Convert_Slice_string_To_bool reads it: "0" and
/// "false" (any case) are false, any other value is true ("True" from Python's client, "1").
/// An absent (or empty) parameter is false.
bool isTrue(const QString &v)
{
    return !v.isEmpty() && v != QLatin1String("0") &&
           v.compare(QLatin1String("false"), Qt::CaseInsensitive) != 0;
}

/// One field.Error of apimachinery validation: field path, cause type, ErrorBody().
struct FieldError {
    QString field;
    QString type;
    QString body;
};

FieldError forbidden(const char *detail, const char *field = "resourceVersionMatch")
{
    return {QLatin1String(field), QStringLiteral("FieldValueForbidden"),
            QStringLiteral("Forbidden: ") + QLatin1String(detail)};
}

/// field.NotSupported: `Unsupported value: "X": supported values: "A", "B"`.
FieldError notSupported(const QString &value, const QStringList &supported)
{
    QStringList quoted;
    for (const QString &v : supported)
        quoted << QLatin1Char('"') + v + QLatin1Char('"');
    return {QStringLiteral("resourceVersionMatch"), QStringLiteral("FieldValueNotSupported"),
            QStringLiteral("Unsupported value: \"%1\": supported values: %2")
                .arg(value, quoted.join(QLatin1String(", ")))};
}

// errors.NewInvalid(GroupKind{"meta.k8s.io", "ListOptions"}, "", errs), as the list/watch
// handler answers a ValidateListOptions failure: 422 Invalid, the aggregate message
// ("[a, b]" for more than one) and one cause per error.
QPair<QString, QJsonObject> invalidListOptions(const QList<FieldError> &errs)
{
    QStringList texts;
    QJsonArray causes;
    for (const FieldError &e : errs) {
        texts << e.field + QLatin1String(": ") + e.body;
        QJsonObject cause;
        cause.insert(QStringLiteral("reason"), e.type);
        cause.insert(QStringLiteral("message"), e.body);
        cause.insert(QStringLiteral("field"), e.field);
        causes.append(cause);
    }
    const QString aggregate =
        texts.size() == 1 ? texts.first()
                          : QLatin1Char('[') + texts.join(QLatin1String(", ")) + QLatin1Char(']');
    QJsonObject details;
    details.insert(QStringLiteral("group"), QStringLiteral("meta.k8s.io"));
    details.insert(QStringLiteral("kind"), QStringLiteral("ListOptions"));
    details.insert(QStringLiteral("causes"), causes);
    return {QStringLiteral("ListOptions.meta.k8s.io \"\" is invalid: ") + aggregate, details};
}

} // namespace

QByteArray statusJson(int code, const QString &reason, const QString &message,
                      const QJsonObject &details, const QByteArray &metadata)
{
    JsonBuilder b;
    b.str("kind", QStringLiteral("Status"))
        .str("apiVersion", QStringLiteral("v1"))
        .raw("metadata", metadata)
        .str("status", QStringLiteral("Failure"))
        .str("message", message);
    if (!reason.isEmpty())
        b.str("reason", reason);
    if (!details.isEmpty())
        b.val("details", details);
    b.num("code", code);
    return b.bytes();
}

struct ApiServer::Call {
    const QHttpServerRequest &req;
    QTcpSocket *socket;
    QString method;
    QString path;
    QString target;
    QUrlQuery query;
    QStringList segments;
    bool closeConnection = false;
    bool responded = false;
    QElapsedTimer started = [] {
        QElapsedTimer t;
        t.start();
        return t;
    }();

    QString value(const char *key) const
    {
        return query.queryItemValue(QLatin1String(key), QUrl::FullyDecoded);
    }
    bool has(const char *key) const { return query.hasQueryItem(QLatin1String(key)); }
    QByteArray header(const char *name) const
    {
        const auto headers = req.headers();
        for (const auto &h : headers)
            if (h.first.compare(name, Qt::CaseInsensitive) == 0)
                return h.second;
        return {};
    }
};

ApiServer::ApiServer(Store *store, QObject *parent) : QAbstractHttpServer(parent), m_store(store)
{
    connect(m_store, &Store::changed, this, &ApiServer::onStoreChanged);
}

ApiServer::~ApiServer()
{
    const QList<WatchStream *> watches = m_watches;
    m_watches.clear();
    for (WatchStream *w : watches) {
        disconnect(w, nullptr, this, nullptr);
        w->drop(false);
        delete w;
    }
}

bool ApiServer::start(quint16 port, const QHostAddress &address, QString *error)
{
    const quint16 bound = listen(address, port);
    if (bound == 0) {
        if (error)
            *error = QStringLiteral("cannot listen on %1:%2").arg(address.toString()).arg(port);
        return false;
    }
    m_port = bound;
    return true;
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
    sslSetup(conf);
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
    u.setHost(QStringLiteral("127.0.0.1"));
    u.setPort(m_port);
    return u;
}

QString ApiServer::gitVersion()
{
    return QStringLiteral("v1.32.0-lens-sim");
}

// ---- fault controls -----------------------------------------------------------------------

int ApiServer::dropWatches(bool midEvent)
{
    const QList<WatchStream *> watches = m_watches;
    for (WatchStream *w : watches)
        w->drop(midEvent);
    return int(watches.size());
}

int ApiServer::endWatches()
{
    const QList<WatchStream *> watches = m_watches;
    for (WatchStream *w : watches)
        w->finish();
    return int(watches.size());
}

void ApiServer::failNextRequests(int count, int httpStatus, int retryAfterSeconds)
{
    m_failCount = qMax(0, count);
    m_failStatus = httpStatus;
    m_failRetryAfter = qMax(0, retryAfterSeconds);
}

int ApiServer::sendGarbageOnWatches()
{
    const QList<WatchStream *> watches = m_watches;
    for (WatchStream *w : watches)
        w->sendGarbage();
    return int(watches.size());
}

int ApiServer::stallWatches(int ms)
{
    m_stallUntil = ms > 0 ? QDeadlineTimer(ms) : QDeadlineTimer();
    const QList<WatchStream *> watches = m_watches;
    for (WatchStream *w : watches)
        w->stall(ms);
    return int(watches.size());
}

int ApiServer::stallRemainingMs() const
{
    return m_stallUntil.hasExpired() ? 0 : int(m_stallUntil.remainingTime());
}

void ApiServer::answerTooLargeResourceVersion(int count)
{
    m_tooLargeCount = qMax(0, count);
}

void ApiServer::setIgnoreSendInitialEvents(bool ignore)
{
    m_ignoreSendInitialEvents = ignore;
}

void ApiServer::setForbidden(const QString &resource, bool forbidden)
{
    if (forbidden)
        m_forbidden.insert(resource);
    else
        m_forbidden.remove(resource);
}

bool ApiServer::takeTooLargeFault(Call &c, const QString &resourceVersion)
{
    if (m_tooLargeCount <= 0)
        return false;
    --m_tooLargeCount;
    const qint64 current = m_store->revision();
    respondTooLarge(c, qMax(resourceVersion.toLongLong(), current + 1), current);
    return true;
}

void ApiServer::respondTooLarge(Call &c, qint64 asked, qint64 current)
{
    QJsonObject cause;
    cause.insert(QStringLiteral("reason"), QStringLiteral("ResourceVersionTooLarge"));
    cause.insert(QStringLiteral("message"), QStringLiteral("Too large resource version"));
    QJsonObject details;
    details.insert(QStringLiteral("causes"), QJsonArray{cause});
    details.insert(QStringLiteral("retryAfterSeconds"), 1);
    // kube-apiserver waits ~3 s for the cache to catch up first (fixture 16); we answer at once.
    respondStatus(c, 504, QStringLiteral("Timeout"),
                  QStringLiteral("Timeout: Too large resource version: %1, current: %2")
                      .arg(asked)
                      .arg(current),
                  details);
}

void ApiServer::setBookmarkInterval(int ms)
{
    m_bookmarkIntervalMs = qMax(0, ms);
    for (WatchStream *w : std::as_const(m_watches))
        w->setBookmarkInterval(m_bookmarkIntervalMs);
}

void ApiServer::setBookmarkClock(const lens::Clock *clock)
{
    m_bookmarkClock = clock;
    for (WatchStream *w : std::as_const(m_watches))
        w->setBookmarkClock(clock);
}

qint64 ApiServer::nextBookmarkDueMs() const
{
    qint64 next = -1;
    for (const WatchStream *w : m_watches)
        if (const qint64 due = w->bookmarkDueMs(); due >= 0 && (next < 0 || due < next))
            next = due;
    return next;
}

int ApiServer::sendNextBookmarks()
{
    const qint64 due = nextBookmarkDueMs();
    int sent = 0;
    if (due < 0)
        return sent;
    const QList<WatchStream *> watches = m_watches; // a write may end a stream
    for (WatchStream *w : watches) {
        if (w->bookmarkDueMs() == due) {
            w->sendScheduledBookmark();
            ++sent;
        }
    }
    return sent;
}

// ---- plumbing -----------------------------------------------------------------------------

void ApiServer::respond(Call &c, int code, const QByteArray &body, const QByteArray &contentType,
                        int retryAfterSeconds)
{
    c.responded = true;
    if (c.socket && c.socket->state() == QAbstractSocket::ConnectedState) {
        QByteArray out;
        out.reserve(body.size() + 256);
        out += "HTTP/1.1 " + QByteArray::number(code) + ' ' + reasonPhrase(code) + "\r\n";
        out += "Cache-Control: no-cache, private\r\nContent-Type: " + contentType + "\r\n";
        out += "Date: " + httpDate() + "\r\n";
        if (retryAfterSeconds > 0)
            out += "Retry-After: " + QByteArray::number(retryAfterSeconds) + "\r\n";
        out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
        if (c.closeConnection)
            out += "Connection: close\r\n";
        out += "\r\n";
        out += body;
        c.socket->write(out);
        if (c.closeConnection)
            c.socket->disconnectFromHost();
    }
    logRequest(c, code);
}

void ApiServer::logRequest(Call &c, int code)
{
    if (m_accessLog.isOpen()) {
        // kube-apiserver's httplog line (klog: I<date> ... httplog.go] "HTTP" verb=...), with
        // an RFC 3339 timestamp instead of the klog header.
        const auto quote = [](QByteArray v) {
            v.replace('\\', "\\\\").replace('"', "\\\"");
            return '"' + v + '"';
        };
        QByteArray line = QDateTime::currentDateTimeUtc()
                              .toString(QStringLiteral("yyyy-MM-ddThh:mm:ss.zzzZ"))
                              .toLatin1();
        const QByteArray peer = c.socket ? c.socket->peerAddress().toString().toLatin1() + ':' +
                                               QByteArray::number(c.socket->peerPort())
                                         : QByteArray();
        line += " \"HTTP\" verb=" + quote(c.method.toLatin1()) +
                " URI=" + quote(c.target.toUtf8()) + " latency=" +
                quote(QByteArray::number(c.started.nsecsElapsed() / 1000.0, 'f', 1) + "µs") +
                " userAgent=" + quote(c.header("User-Agent")) + " srcIP=" + quote(peer) +
                " resp=" + QByteArray::number(code) + '\n';
        m_accessLog.write(line);
        m_accessLog.flush();
    }
    Q_EMIT requestHandled(c.method, c.target, code);
}

bool ApiServer::openAccessLog(const QString &path, QString *error)
{
    m_accessLog.close();
    if (path.isEmpty())
        return true;
    m_accessLog.setFileName(path);
    if (!m_accessLog.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text)) {
        if (error)
            *error = QStringLiteral("cannot open %1: %2").arg(path, m_accessLog.errorString());
        return false;
    }
    return true;
}

void ApiServer::respondStatus(Call &c, int code, const QString &reason, const QString &message,
                              const QJsonObject &details, const QByteArray &metadata)
{
    respond(c, code, statusJson(code, reason, message, details, metadata),
            QByteArrayLiteral("application/json"),
            details.value(QLatin1String("retryAfterSeconds")).toInt());
}

void ApiServer::missingHandler(const QHttpServerRequest &request, QTcpSocket *socket)
{
    Call c{request,
           socket,
           methodName(request.method()),
           request.url().path(),
           request.url().toString(QUrl::RemoveScheme | QUrl::RemoveAuthority),
           {},
           {}};
    respondStatus(c, 404, QStringLiteral("NotFound"),
                  QStringLiteral("the server could not find the requested resource"));
}

bool ApiServer::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    ++m_requestCount;
    const QUrl url = request.url();
    Call c{request,
           socket,
           methodName(request.method()),
           url.path(),
           url.toString(QUrl::RemoveScheme | QUrl::RemoveAuthority | QUrl::FullyEncoded),
           {},
           {}};
    // Go's url.ParseQuery decodes '+' as a space (kubectl sends "app+in+%28a%2Cb%29").
    QString rawQuery = url.query(QUrl::FullyEncoded);
    rawQuery.replace(QLatin1Char('+'), QLatin1String("%20"));
    c.query = QUrlQuery(rawQuery);
    c.segments = c.path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    c.closeConnection = c.header("Connection").compare("close", Qt::CaseInsensitive) == 0;
    route(c);
    if (!c.responded)
        respondStatus(c, 404, QStringLiteral("NotFound"),
                      QStringLiteral("the server could not find the requested resource"));
    return true;
}

void ApiServer::route(Call &c)
{
    if (!m_token.isEmpty() || m_clientCa) {
        // The x509 authenticator: a client certificate that verified against the client CA
        // during the handshake (QueryPeer collects the verification errors without failing).
        const auto *ssl = qobject_cast<const QSslSocket *>(c.socket);
        bool ok = m_clientCa && ssl && !ssl->peerCertificate().isNull() &&
                  ssl->sslHandshakeErrors().isEmpty();
        // The bearer-token authenticator: "Bearer" (any case), one space, the token.
        const QByteArray auth = c.header("Authorization").trimmed();
        const qsizetype sp = auth.indexOf(' ');
        ok = ok || (!m_token.isEmpty() && sp > 0 &&
                    auth.left(sp).compare("bearer", Qt::CaseInsensitive) == 0 &&
                    auth.mid(sp + 1).trimmed() == m_token.toUtf8());
        if (!ok) {
            respondStatus(c, 401, QStringLiteral("Unauthorized"), QStringLiteral("Unauthorized"));
            return;
        }
    }
    const QStringList &s = c.segments;
    if (!s.isEmpty() && s.first() == QLatin1String("sim")) {
        handleControl(c);
        return;
    }
    if (s.size() == 1 &&
        (s.first() == QLatin1String("healthz") || s.first() == QLatin1String("livez") ||
         s.first() == QLatin1String("readyz"))) {
        respond(c, 200, "ok", "text/plain; charset=utf-8");
        return;
    }
    if (m_failCount > 0) {
        --m_failCount;
        QJsonObject details;
        if (m_failRetryAfter > 0)
            details.insert(QStringLiteral("retryAfterSeconds"), m_failRetryAfter);
        respondStatus(c, m_failStatus, reasonFor(m_failStatus), messageFor(m_failStatus), details);
        return;
    }
    if (s.isEmpty() || s.first() == QLatin1String("version") ||
        s.first() == QLatin1String("openapi") ||
        (s.first() == QLatin1String("apis") && s.size() <= 3) ||
        (s.first() == QLatin1String("api") && s.size() <= 2)) {
        handleDiscovery(c);
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
    // {base}/namespaces/{ns}/{resource}[/{name}[/scale]]  or  {base}/{resource}[/{name}]
    if (rest[0] == QLatin1String("namespaces") && rest.size() >= 3) {
        if (rest.size() > 5)
            return;
        ns = rest[1];
        resource = rest[2];
        name = rest.value(3);
        subresource = rest.value(4);
    } else {
        if (rest.size() > 2)
            return;
        resource = rest[0];
        name = rest.value(1);
    }
    const ResourceType type =
        m_store->resourceType(group.isEmpty() ? resource : resource + QLatin1Char('.') + group);
    if (!type.isValid() || type.version != version || (!ns.isEmpty() && !type.namespaced))
        return;
    if (!subresource.isEmpty()) {
        if (subresource == QLatin1String("scale") && hasScale(type))
            handleScale(c, type, ns, name);
        return; // other subresources are not served (404)
    }
    handleResource(c, type, ns, name, !ns.isEmpty());
}

QByteArray ApiServer::resourceListJson(const QString &groupVersion) const
{
    QByteArray list = "[";
    const QList<ResourceType> types = m_store->resourceTypes();
    for (const ResourceType &t : types) {
        if (t.groupVersion != groupVersion)
            continue;
        if (list.size() > 1)
            list += ',';
        list += JsonBuilder()
                    .str("name", t.name)
                    .str("singularName", t.singularName)
                    .val("namespaced", t.namespaced)
                    .str("kind", t.kind)
                    .val("verbs", QJsonArray::fromStringList(t.verbs))
                    .val("shortNames", QJsonArray::fromStringList(t.shortNames))
                    .bytes();
        if (hasScale(t)) // kubectl scale finds the Scale kind through discovery
            list +=
                ',' + JsonBuilder()
                          .str("name", t.name + QStringLiteral("/scale"))
                          .str("singularName", QString())
                          .val("namespaced", t.namespaced)
                          .str("group", QStringLiteral("autoscaling"))
                          .str("version", QStringLiteral("v1"))
                          .str("kind", QStringLiteral("Scale"))
                          .val("verbs", QJsonArray{QStringLiteral("get"), QStringLiteral("patch"),
                                                   QStringLiteral("update")})
                          .bytes();
    }
    if (list.size() == 1)
        return {};
    list += ']';
    JsonBuilder b;
    b.str("kind", QStringLiteral("APIResourceList"));
    if (groupVersion.contains(QLatin1Char('/'))) // the core list has no apiVersion, groups do
        b.str("apiVersion", QStringLiteral("v1"));
    return b.str("groupVersion", groupVersion).raw("resources", list).bytes();
}

bool ApiServer::hasScale(const ResourceType &type)
{
    return type.group == QLatin1String("apps") && (type.name == QLatin1String("deployments") ||
                                                   type.name == QLatin1String("replicasets") ||
                                                   type.name == QLatin1String("statefulsets"));
}

namespace {
/// autoscaling/v1 Scale of a deployment / replicaset / statefulset.
QJsonObject scaleOf(const lens::Object &o)
{
    const QJsonObject json = o.json();
    const QJsonObject meta = json.value(QStringLiteral("metadata")).toObject();
    QJsonObject m;
    for (const char *k : {"name", "namespace", "uid", "resourceVersion", "creationTimestamp"})
        if (meta.contains(QLatin1String(k)))
            m.insert(QLatin1String(k), meta.value(QLatin1String(k)));
    const QJsonObject spec = json.value(QStringLiteral("spec")).toObject();
    QStringList selector;
    const QJsonObject match = spec.value(QStringLiteral("selector"))
                                  .toObject()
                                  .value(QStringLiteral("matchLabels"))
                                  .toObject();
    for (auto it = match.begin(); it != match.end(); ++it)
        selector << it.key() + QLatin1Char('=') + it.value().toString();
    QJsonObject status{
        {QStringLiteral("replicas"),
         json.value(QStringLiteral("status")).toObject().value(u"replicas").toInt()}};
    if (!selector.isEmpty())
        status.insert(QStringLiteral("selector"), selector.join(QLatin1Char(',')));
    return {{QStringLiteral("kind"), QStringLiteral("Scale")},
            {QStringLiteral("apiVersion"), QStringLiteral("autoscaling/v1")},
            {QStringLiteral("metadata"), m},
            {QStringLiteral("spec"),
             QJsonObject{{QStringLiteral("replicas"), spec.value(u"replicas").toInt(1)}}},
            {QStringLiteral("status"), status}};
}
} // namespace

void ApiServer::handleScale(Call &c, const ResourceType &type, const QString &ns,
                            const QString &name)
{
    const lens::Object current = m_store->get(type.key(), ns, name);
    if (current.isNull()) {
        QJsonObject details{{QStringLiteral("name"), name},
                            {QStringLiteral("group"), type.group},
                            {QStringLiteral("kind"), type.name}};
        respondStatus(c, 404, QStringLiteral("NotFound"),
                      QStringLiteral("%1 \"%2\" not found").arg(type.key(), name), details);
        return;
    }
    const QJsonObject scale = scaleOf(current);
    if (c.method == QLatin1String("GET")) {
        respond(c, 200, QJsonDocument(scale).toJson(QJsonDocument::Compact));
        return;
    }
    QJsonObject wanted;
    const QByteArray ct = c.header("Content-Type");
    if (c.method == QLatin1String("PATCH") && ct.startsWith("application/json-patch+json")) {
        QString err;
        bool badRequest = false;
        if (!jsonPatch(scale, c.req.body(), &wanted, &err, &badRequest)) {
            respondStatus(c, badRequest ? 400 : 422,
                          badRequest ? QStringLiteral("BadRequest") : QStringLiteral("Invalid"),
                          err);
            return;
        }
    } else if (c.method == QLatin1String("PATCH") || c.method == QLatin1String("PUT")) {
        const QJsonObject body = QJsonDocument::fromJson(c.req.body()).object();
        wanted = c.method == QLatin1String("PUT") ? body : mergePatch(scale, body).toObject();
    } else {
        respondStatus(
            c, 405, QStringLiteral("MethodNotAllowed"),
            QStringLiteral("the server does not allow this method on the requested resource"));
        return;
    }
    const QJsonValue replicas = wanted.value(u"spec").toObject().value(u"replicas");
    if (!replicas.isDouble() || replicas.toInt(-1) < 0) {
        respondStatus(
            c, 422, QStringLiteral("Invalid"),
            QStringLiteral("Scale.autoscaling \"%1\" is invalid: spec.replicas: "
                           "Invalid value: %2: must be greater than or equal to 0")
                .arg(name, QString::fromUtf8(
                               QJsonDocument(QJsonArray{replicas}).toJson(QJsonDocument::Compact))
                               .mid(1)
                               .chopped(1)));
        return;
    }
    QJsonObject json = current.json();
    QJsonObject spec = json.value(u"spec").toObject();
    spec.insert(QStringLiteral("replicas"), replicas.toInt());
    json.insert(QStringLiteral("spec"), spec);
    QJsonObject meta = json.value(u"metadata").toObject();
    const QString wantRv =
        wanted.value(u"metadata").toObject().value(u"resourceVersion").toString();
    if (c.method == QLatin1String("PUT") && !wantRv.isEmpty())
        meta.insert(QStringLiteral("resourceVersion"), wantRv); // optimistic concurrency
    json.insert(QStringLiteral("metadata"), meta);
    const WriteResult r = m_store->update(type.key(), json);
    if (!r.ok()) {
        respondStatus(c, r.error.code, r.error.reason, r.error.message);
        return;
    }
    respond(c, 200, QJsonDocument(scaleOf(r.object)).toJson(QJsonDocument::Compact));
}

QByteArray ApiServer::apiGroupJson(const QString &group, bool withKind) const
{
    QStringList versions;
    const QList<ResourceType> types = m_store->resourceTypes();
    for (const ResourceType &t : types)
        if (t.group == group && !versions.contains(t.version))
            versions << t.version;
    if (versions.isEmpty())
        return {};
    QByteArray list = "[";
    for (const QString &v : std::as_const(versions)) {
        if (list.size() > 1)
            list += ',';
        list += JsonBuilder()
                    .str("groupVersion", group + QLatin1Char('/') + v)
                    .str("version", v)
                    .bytes();
    }
    list += ']';
    JsonBuilder b;
    if (withKind)
        b.str("kind", QStringLiteral("APIGroup")).str("apiVersion", QStringLiteral("v1"));
    return b.str("name", group)
        .raw("versions", list)
        .raw("preferredVersion", JsonBuilder()
                                     .str("groupVersion", group + QLatin1Char('/') + versions[0])
                                     .str("version", versions[0])
                                     .bytes())
        .bytes();
}

void ApiServer::handleDiscovery(Call &c)
{
    if (c.method != QLatin1String("GET")) {
        respondStatus(c, 405, QStringLiteral("MethodNotAllowed"),
                      QStringLiteral("the server does not allow this method on the requested "
                                     "resource"));
        return;
    }
    const QStringList &s = c.segments;
    if (s.isEmpty()) {
        QJsonArray paths;
        for (const char *p : {"/api", "/api/v1", "/apis", "/healthz", "/livez", "/readyz",
                              "/version", "/sim/v1/state"})
            paths.append(QLatin1String(p));
        const QList<ResourceType> types = m_store->resourceTypes();
        for (const ResourceType &t : types)
            if (!t.group.isEmpty() && !paths.contains(t.pathPrefix()))
                paths.append(t.pathPrefix());
        respond(c, 200, JsonBuilder().val("paths", paths).bytes());
    } else if (s.first() == QLatin1String("version")) {
        if (s.size() != 1)
            return;
        respond(c, 200,
                JsonBuilder()
                    .str("major", QStringLiteral("1"))
                    .str("minor", QStringLiteral("32"))
                    .str("gitVersion", gitVersion())
                    .str("gitCommit", QStringLiteral("0000000000000000000000000000000000000000"))
                    .str("gitTreeState", QStringLiteral("clean"))
                    .str("buildDate", QStringLiteral("2025-01-01T00:00:00Z"))
                    .str("goVersion", QStringLiteral("none (Qt %1)").arg(QLatin1String(qVersion())))
                    .str("compiler", QStringLiteral("gc"))
                    .str("platform", QStringLiteral("linux/amd64"))
                    .bytes());
    } else if (s.first() == QLatin1String("openapi")) {
        // Just enough OpenAPI v3 for kubectl's field-validation probe (create/replace/apply):
        // a PATCH operation per kind that accepts fieldValidation, so kubectl trusts the server
        // to validate (fieldValidation=Strict) instead of downloading schemas. No real schemas.
        const QList<ResourceType> types = m_store->resourceTypes();
        if (s.size() == 2 && s[1] == QLatin1String("v3")) {
            QJsonObject paths;
            for (const ResourceType &t : types) {
                const QString gv = t.pathPrefix().mid(1); // "api/v1", "apis/apps/v1"
                paths.insert(gv,
                             QJsonObject{{QStringLiteral("serverRelativeURL"),
                                          QStringLiteral("/openapi/v3/%1?hash=LENSSIM").arg(gv)}});
            }
            respond(c, 200, JsonBuilder().val("paths", paths).bytes());
        } else if (s.size() >= 4 && s[1] == QLatin1String("v3")) {
            // kubectl (cli-runtime queryParamVerifierV3) looks for a PATCH operation tagged
            // with the kind's x-kubernetes-group-version-kind that lists fieldValidation.
            const QString prefix = QLatin1Char('/') + s.mid(2).join(QLatin1Char('/'));
            QJsonObject paths;
            QJsonObject param;
            param.insert(QStringLiteral("name"), QStringLiteral("fieldValidation"));
            param.insert(QStringLiteral("in"), QStringLiteral("query"));
            param.insert(QStringLiteral("schema"),
                         QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}});
            for (const ResourceType &t : types) {
                if (t.pathPrefix() != prefix)
                    continue;
                QJsonObject gvk;
                gvk.insert(QStringLiteral("group"), t.group);
                gvk.insert(QStringLiteral("version"), t.version);
                gvk.insert(QStringLiteral("kind"), t.kind);
                QJsonObject patch;
                patch.insert(QStringLiteral("x-kubernetes-group-version-kind"), gvk);
                patch.insert(QStringLiteral("parameters"), QJsonArray{param});
                patch.insert(
                    QStringLiteral("responses"),
                    QJsonObject{{QStringLiteral("200"), QJsonObject{{QStringLiteral("description"),
                                                                     QStringLiteral("OK")}}}});
                const QString path =
                    t.namespaced
                        ? QStringLiteral("%1/namespaces/{namespace}/%2/{name}").arg(prefix, t.name)
                        : QStringLiteral("%1/%2/{name}").arg(prefix, t.name);
                paths.insert(path, QJsonObject{{QStringLiteral("patch"), patch}});
            }
            if (paths.isEmpty())
                return; // 404
            QJsonObject info;
            info.insert(QStringLiteral("title"), QStringLiteral("Kubernetes"));
            info.insert(QStringLiteral("version"), gitVersion());
            QJsonObject components;
            components.insert(QStringLiteral("schemas"), QJsonObject());
            respond(c, 200,
                    JsonBuilder()
                        .str("openapi", QStringLiteral("3.0.0"))
                        .val("info", info)
                        .val("paths", paths)
                        .val("components", components)
                        .bytes());
        }
    } else if (s.first() == QLatin1String("apis")) {
        if (s.size() == 1) {
            QStringList groups;
            const QList<ResourceType> types = m_store->resourceTypes();
            for (const ResourceType &t : types)
                if (!t.group.isEmpty() && !groups.contains(t.group))
                    groups << t.group;
            QByteArray list = "[";
            for (const QString &g : std::as_const(groups)) {
                if (list.size() > 1)
                    list += ',';
                list += apiGroupJson(g, false);
            }
            list += ']';
            respond(c, 200,
                    JsonBuilder()
                        .str("kind", QStringLiteral("APIGroupList"))
                        .str("apiVersion", QStringLiteral("v1"))
                        .raw("groups", list)
                        .bytes());
        } else if (s.size() == 2) {
            const QByteArray group = apiGroupJson(s[1], true);
            if (!group.isEmpty())
                respond(c, 200, group);
        } else {
            const QByteArray list = resourceListJson(s[1] + QLatin1Char('/') + s[2]);
            if (!list.isEmpty())
                respond(c, 200, list);
        }
    } else if (s.size() == 1) { // /api
        QJsonObject cidr;
        cidr.insert(QStringLiteral("clientCIDR"), QStringLiteral("0.0.0.0/0"));
        cidr.insert(QStringLiteral("serverAddress"), QStringLiteral("127.0.0.1:%1").arg(m_port));
        respond(c, 200,
                JsonBuilder()
                    .str("kind", QStringLiteral("APIVersions"))
                    .val("versions", QJsonArray{QStringLiteral("v1")})
                    .val("serverAddressByClientCIDRs", QJsonArray{cidr})
                    .bytes());
    } else if (s[1] == QLatin1String("v1")) {
        respond(c, 200, resourceListJson(QStringLiteral("v1")));
    }
}

void ApiServer::handleControl(Call &c)
{
    const QStringList &s = c.segments;
    if (s.size() != 3 || s[1] != QLatin1String("v1"))
        return;
    const QString op = s[2];
    const bool post = c.method == QLatin1String("POST");
    const auto badMethod = [&] {
        respondStatus(
            c, 405, QStringLiteral("MethodNotAllowed"),
            QStringLiteral("use %1 for /sim/v1/%2")
                .arg(op == QLatin1String("state") ? QStringLiteral("GET") : QStringLiteral("POST"),
                     op));
    };
    if (op == QLatin1String("state")) {
        if (c.method != QLatin1String("GET"))
            return badMethod();
        QJsonObject objects;
        const QList<ResourceType> types = m_store->resourceTypes();
        for (const ResourceType &t : types)
            objects.insert(t.name, m_store->count(t.name));
        respond(c, 200,
                JsonBuilder()
                    .num("revision", m_store->revision())
                    .num("compactedRevision", m_store->compactedRevision())
                    .num("oldestRetainedRevision", m_store->oldestRetainedRevision())
                    .num("historySize", m_store->historySize())
                    .num("historyLimit", m_store->historyLimit())
                    .num("historyWindowMs", m_store->historyWindowMs())
                    .num("openWatches", openWatchCount())
                    .num("bookmarkIntervalMs", m_bookmarkIntervalMs)
                    .num("churnIntervalMs", m_churn ? m_churn->intervalMs() : 0)
                    .num("pendingFailures", m_failCount)
                    .num("failCode", m_failCount > 0 ? m_failStatus : 0)
                    .num("pendingTooLarge", m_tooLargeCount)
                    .num("stallRemainingMs", stallRemainingMs())
                    .val("ignoreSendInitialEvents", m_ignoreSendInitialEvents)
                    .num("requests", qint64(m_requestCount))
                    .val("objects", objects)
                    .bytes());
        return;
    }
    if (!post)
        return badMethod();
    // Every number and flag is checked before anything changes: a bad value answers 400
    // BadRequest naming the parameter and its range, and the simulator keeps its state.
    QString bad;
    const auto number = [&](const char *name, qint64 lo, qint64 hi, qint64 fallback,
                            bool required = false) -> qint64 {
        if (!c.has(name)) {
            if (required && bad.isEmpty())
                bad = QStringLiteral("%1 needs ?%2=N (a whole number from %3 to %4)")
                          .arg(op, QLatin1String(name))
                          .arg(lo)
                          .arg(hi);
            return fallback;
        }
        bool ok = false;
        const qint64 v = c.value(name).toLongLong(&ok);
        if ((!ok || v < lo || v > hi) && bad.isEmpty())
            bad = QStringLiteral("%1: %2=\"%3\" is not a whole number from %4 to %5")
                      .arg(op, QLatin1String(name), c.value(name))
                      .arg(lo)
                      .arg(hi);
        return v;
    };
    const auto flag = [&](const char *name, bool fallback) {
        if (!c.has(name))
            return fallback;
        const QString v = c.value(name).toLower();
        if (v == QLatin1String("true") || v == QLatin1String("1") || v.isEmpty())
            return true;
        if (v == QLatin1String("false") || v == QLatin1String("0"))
            return false;
        if (bad.isEmpty())
            bad = QStringLiteral("%1: %2=\"%3\" is not true or false")
                      .arg(op, QLatin1String(name), c.value(name));
        return fallback;
    };
    const auto rejected = [&] {
        if (bad.isEmpty())
            return false;
        respondStatus(c, 400, QStringLiteral("BadRequest"), bad);
        return true;
    };
    constexpr qint64 kDay = 24LL * 3600 * 1000;
    if (op == QLatin1String("compact")) {
        const qint64 rev = number("revision", 0, m_store->revision(), -1);
        if (rejected())
            return;
        m_store->compact(rev);
        respond(c, 200,
                JsonBuilder().num("compactedRevision", m_store->compactedRevision()).bytes());
    } else if (op == QLatin1String("drop-watches")) {
        const bool midEvent = flag("midEvent", false);
        if (rejected())
            return;
        const int n = dropWatches(midEvent);
        respond(c, 200, JsonBuilder().num("dropped", n).bytes());
    } else if (op == QLatin1String("end-watches")) {
        const int n = endWatches();
        respond(c, 200, JsonBuilder().num("ended", n).bytes());
    } else if (op == QLatin1String("fail")) {
        const qint64 count = number("count", 0, 1000000, 0, true);
        const qint64 code = number("code", 400, 599, 500);
        const qint64 retryAfter = number("retryAfter", 0, 3600, 0);
        if (rejected())
            return;
        failNextRequests(int(count), int(code), int(retryAfter));
        respond(c, 200, JsonBuilder().num("pendingFailures", m_failCount).bytes());
    } else if (op == QLatin1String("garbage")) {
        respond(c, 200, JsonBuilder().num("watches", sendGarbageOnWatches()).bytes());
    } else if (op == QLatin1String("stall")) {
        bool ok = false;
        const double seconds = c.value("seconds").toDouble(&ok);
        if (!ok || !(seconds >= 0 && seconds <= 86400)) {
            respondStatus(c, 400, QStringLiteral("BadRequest"),
                          QStringLiteral("stall needs ?seconds=S (0 <= S <= 86400; 0 ends a "
                                         "stall)"));
            return;
        }
        const int n = stallWatches(int(seconds * 1000));
        respond(
            c, 200,
            JsonBuilder().num("stalled", n).num("stallRemainingMs", stallRemainingMs()).bytes());
    } else if (op == QLatin1String("too-large")) {
        const qint64 count = number("count", 0, 1000000, 1);
        if (rejected())
            return;
        answerTooLargeResourceVersion(int(count));
        respond(c, 200, JsonBuilder().num("pendingTooLarge", m_tooLargeCount).bytes());
    } else if (op == QLatin1String("ignore-send-initial-events")) {
        const bool enabled = flag("enabled", true);
        if (rejected())
            return;
        setIgnoreSendInitialEvents(enabled);
        respond(c, 200,
                JsonBuilder().val("ignoreSendInitialEvents", m_ignoreSendInitialEvents).bytes());
    } else if (op == QLatin1String("forbid")) {
        const QString resource = c.value("resource");
        const bool enabled = flag("enabled", true);
        if (resource.isEmpty()) {
            respondStatus(c, 400, QStringLiteral("BadRequest"),
                          QStringLiteral("forbid needs ?resource=NAME (e.g. nodes)"));
            return;
        }
        if (rejected())
            return;
        setForbidden(resource, enabled);
        respond(c, 200,
                JsonBuilder()
                    .str("resource", resource)
                    .val("forbidden", isForbidden(resource))
                    .bytes());
    } else if (op == QLatin1String("bookmark-interval")) {
        const qint64 ms = number("ms", 0, kDay, 0, true);
        if (rejected())
            return;
        setBookmarkInterval(int(ms));
        respond(c, 200, JsonBuilder().num("bookmarkIntervalMs", m_bookmarkIntervalMs).bytes());
    } else if (op == QLatin1String("history-window")) {
        const qint64 ms = number("ms", 0, kDay, 0, true);
        if (rejected())
            return;
        m_store->setHistoryWindowMs(int(ms));
        respond(c, 200,
                JsonBuilder()
                    .num("historyWindowMs", m_store->historyWindowMs())
                    .num("oldestRetainedRevision", m_store->oldestRetainedRevision())
                    .bytes());
    } else if (op == QLatin1String("history-limit")) {
        const qint64 events = number("events", 1, 10000000, 0, true);
        if (rejected())
            return;
        m_store->setHistoryLimit(int(events));
        respond(c, 200, JsonBuilder().num("historyLimit", m_store->historyLimit()).bytes());
    } else if (op == QLatin1String("churn")) {
        if (!m_churn) {
            respondStatus(c, 404, QStringLiteral("NotFound"), QStringLiteral("no churn generator"));
            return;
        }
        const qint64 interval = number("intervalMs", 0, kDay, -1);
        const bool step = flag("step", false);
        if (rejected())
            return;
        if (interval >= 0)
            m_churn->setIntervalMs(int(interval));
        QString did;
        if (step)
            did = m_churn->step();
        respond(
            c, 200,
            JsonBuilder().num("churnIntervalMs", m_churn->intervalMs()).str("step", did).bytes());
    } else {
        respondStatus(c, 404, QStringLiteral("NotFound"),
                      QStringLiteral("no /sim/v1/%1; the controls are state, compact, "
                                     "drop-watches, end-watches, fail, garbage, stall, too-large, "
                                     "ignore-send-initial-events, forbid, bookmark-interval, "
                                     "history-window, history-limit and churn (docs/simulator.md)")
                          .arg(op));
    }
}

void ApiServer::handleResource(Call &c, const ResourceType &type, const QString &ns,
                               const QString &name, bool namespacedPath)
{
    Q_UNUSED(namespacedPath)
    if (m_forbidden.contains(type.key())) {
        // RBAC's answer (the authorizer's reason for an anonymous user), verb as the request's.
        const bool list = name.isEmpty() && c.method == QLatin1String("GET");
        const QString verb =
            list ? (isTrue(c.value("watch")) ? QStringLiteral("watch") : QStringLiteral("list"))
                 : c.method.toLower();
        QJsonObject details;
        details.insert(QStringLiteral("kind"), type.name);
        respondStatus(c, 403, QStringLiteral("Forbidden"),
                      QStringLiteral("%1 is forbidden: User \"system:anonymous\" cannot %2 "
                                     "resource \"%3\" in API group \"%4\" %5")
                          .arg(type.key(), verb, type.name, type.group,
                               ns.isEmpty() ? QStringLiteral("at the cluster scope")
                                            : QStringLiteral("in the namespace \"%1\"").arg(ns)),
                      details);
        return;
    }
    if (name.isEmpty()) {
        if (c.method == QLatin1String("GET")) {
            if (isTrue(c.value("watch")))
                handleWatch(c, type, ns);
            else
                handleList(c, type, ns);
            return;
        }
        if (c.method == QLatin1String("POST")) {
            handleWrite(c, type, ns, name);
            return;
        }
    } else {
        if (c.method == QLatin1String("GET")) {
            const lens::Object o = m_store->get(type.key(), ns, name);
            if (o.isNull()) {
                QJsonObject details;
                details.insert(QStringLiteral("name"), name);
                details.insert(QStringLiteral("kind"), type.name);
                if (!type.group.isEmpty())
                    details.insert(QStringLiteral("group"), type.group);
                respondStatus(c, 404, QStringLiteral("NotFound"),
                              QStringLiteral("%1 \"%2\" not found").arg(type.key(), name), details);
                return;
            }
            respond(c, 200, o.toJson());
            return;
        }
        if (c.method == QLatin1String("PUT") || c.method == QLatin1String("PATCH") ||
            c.method == QLatin1String("DELETE")) {
            handleWrite(c, type, ns, name);
            return;
        }
    }
    respondStatus(
        c, 405, QStringLiteral("MethodNotAllowed"),
        QStringLiteral("the server does not allow this method on the requested resource"));
}

void ApiServer::handleList(Call &c, const ResourceType &type, const QString &ns)
{
    const QString rvText = c.value("resourceVersion");
    if (takeTooLargeFault(c, rvText))
        return;
    const QString match = c.value("resourceVersionMatch");
    const QByteArray cont = c.value("continue").toLatin1();
    {
        // apimachinery ValidateListOptions (list branch), before any storage parsing.
        QList<FieldError> errs;
        if (!match.isEmpty()) {
            if (rvText.isEmpty())
                errs << forbidden("resourceVersionMatch is forbidden unless resourceVersion is "
                                  "provided");
            if (!cont.isEmpty())
                errs << forbidden("resourceVersionMatch is forbidden when continue is provided");
            if (match != QLatin1String("Exact") && match != QLatin1String("NotOlderThan"))
                errs << notSupported(
                    match, {QStringLiteral("Exact"), QStringLiteral("NotOlderThan"), QString()});
            if (match == QLatin1String("Exact") && rvText == QLatin1String("0"))
                errs << forbidden("resourceVersionMatch \"exact\" is forbidden for "
                                  "resourceVersion \"0\"");
        }
        if (c.has("sendInitialEvents"))
            errs << FieldError{
                QStringLiteral("sendInitialEvents"), QStringLiteral("FieldValueForbidden"),
                QStringLiteral("Forbidden: sendInitialEvents is forbidden for list")};
        if (!errs.isEmpty()) {
            const auto [message, details] = invalidListOptions(errs);
            respondStatus(c, 422, QStringLiteral("Invalid"), message, details);
            return;
        }
    }
    const qint64 limit = qMax<qint64>(0, c.value("limit").toLongLong());
    // labels.Parse / fields.ParseSelector, as the apiserver's parameter decoding: an error is
    // 400 BadRequest with the parser's message.
    QString selError;
    std::optional<FieldSelector> fields;
    const std::optional<LabelSelector> labels =
        LabelSelector::parse(c.value("labelSelector"), &selError);
    if (labels)
        fields = FieldSelector::parse(c.value("fieldSelector"), &selError);
    if (!labels || !fields) {
        respondStatus(c, 400, QStringLiteral("BadRequest"), selError);
        return;
    }
    qint64 rv = 0;
    if (!rvText.isEmpty()) {
        bool ok = false;
        rv = rvText.toLongLong(&ok);
        if (!ok || rv < 0) {
            const QString inner =
                QStringLiteral("resourceVersion: Invalid value: \"%1\": "
                               "strconv.ParseUint: parsing \"%1\": invalid syntax")
                    .arg(rvText);
            // v1.20: the cacher path (no limit) answers 500 without a reason (fixture 11),
            // the etcd path 400 BadRequest (fixture 13).
            if (limit > 0)
                respondStatus(c, 400, QStringLiteral("BadRequest"),
                              QStringLiteral("invalid resource version: ") + inner);
            else
                respondStatus(c, 500, QString(), inner);
            return;
        }
    }
    if (!cont.isEmpty() && !rvText.isEmpty() && rvText != QLatin1String("0")) {
        respondStatus(c, 400, QStringLiteral("BadRequest"),
                      QStringLiteral("specifying resource version is not allowed when using "
                                     "continue"));
        return;
    }
    const qint64 current = m_store->revision();
    const auto tooLarge = [&](qint64 asked) { respondTooLarge(c, asked, current); };
    if (rv > current) {
        tooLarge(rv);
        return;
    }
    qint64 at = current;
    QString start;
    bool honourLimit = limit > 0;
    if (!cont.isEmpty()) {
        ContinueToken token;
        QString err;
        if (!ContinueToken::decode(cont, &token, &err)) {
            respondStatus(c, 400, QStringLiteral("BadRequest"),
                          QStringLiteral("invalid continue token: ") + err);
            return;
        }
        if (token.resourceVersion > current) {
            tooLarge(token.resourceVersion);
            return;
        }
        if (token.resourceVersion != -1 &&
            token.resourceVersion < m_store->oldestRetainedRevision()) {
            ContinueToken fresh{-1, token.start};
            respondStatus(
                c, 410, QStringLiteral("Expired"),
                QStringLiteral(
                    "The provided continue parameter is too old to display a consistent list "
                    "result. You can start a new list without the continue parameter, or use the "
                    "continue token in this response to retrieve the remainder of the results. "
                    "Continuing with the provided token results in an inconsistent list - objects "
                    "that were created, modified, or deleted between the time the first chunk was "
                    "returned and now may show up in the list."),
                {}, JsonBuilder().str("continue", QString::fromLatin1(fresh.encode())).bytes());
            return;
        }
        if (token.resourceVersion != -1)
            at = token.resourceVersion;
        start = token.start;
    } else if (!rvText.isEmpty() && rv == 0 && m_watchCache) {
        honourLimit = false; // served from the watch cache: limit ignored (fixture 04)
    } else if (match == QLatin1String("Exact")) {
        if (rv < m_store->oldestRetainedRevision()) {
            respondStatus(c, 410, QStringLiteral("Expired"),
                          QStringLiteral("The resourceVersion for the provided list is too old."));
            return;
        }
        at = rv;
    }
    QMap<QString, StoredObject> state;
    if (!m_store->stateAt(type.key(), at, &state)) {
        respondStatus(c, 410, QStringLiteral("Expired"),
                      QStringLiteral("The resourceVersion for the provided list is too old."));
        return;
    }
    const QString prefix = (type.namespaced && !ns.isEmpty()) ? ns + QLatin1Char('/') : QString();
    const bool filtered = !labels->isEmpty() || !fields->isEmpty();
    QByteArray items;
    qint64 taken = 0;
    qint64 remaining = 0;
    QString lastKey;
    // Const access only: a non-const lowerBound()/end() would detach (deep-copy) the state the
    // list shares with the store.
    const QMap<QString, StoredObject> &snapshot = state;
    // remainingItemCount without walking the rest of the collection on every page: the state at
    // a revision never changes, so the count left after a page is remembered for the next one
    // (keyed by resource, revision, prefix and start key); a first page of an unfiltered
    // all-namespaces list knows it from the size.
    const QString cacheKey = QStringLiteral("%1|%2|%3|").arg(type.key()).arg(at).arg(prefix);
    qint64 known = -1; // items at or after `start` (unfiltered lists only)
    if (!filtered && honourLimit) {
        if (start.isEmpty() && prefix.isEmpty())
            known = snapshot.size();
        else
            known = m_remainingCache.value(cacheKey + start, -1);
    }
    for (auto it = snapshot.lowerBound(prefix + start);
         it != snapshot.cend() && it.key().startsWith(prefix); ++it) {
        const lens::Object &o = it.value().object;
        if (filtered && !(labels->matches(o) && fields->matches(o)))
            continue;
        if (honourLimit && taken >= limit) {
            ++remaining;
            if (filtered || known >= 0)
                break; // only "is there more" is needed, or the count is known
            continue;
        }
        if (taken > 0)
            items += ',';
        items += it.value().itemJson;
        lastKey = it.key();
        ++taken;
    }
    JsonBuilder meta;
    meta.str("resourceVersion", QString::number(at));
    if (remaining > 0 && known >= 0)
        remaining = known - taken;
    if (remaining > 0) {
        ContinueToken next{at, lastKey.mid(prefix.size()) + QChar(0)};
        if (!filtered) {
            if (m_remainingCache.size() > 256)
                m_remainingCache.clear();
            m_remainingCache.insert(cacheKey + next.start, remaining);
        }
        meta.str("continue", QString::fromLatin1(next.encode()));
        if (!filtered)
            meta.num("remainingItemCount", remaining);
    }
    QByteArray body = JsonBuilder()
                          .str("kind", type.listKind)
                          .str("apiVersion", type.groupVersion)
                          .raw("metadata", meta.bytes())
                          .raw("items", '[' + items + ']')
                          .bytes();
    respond(c, 200, body);
}

void ApiServer::handleWatch(Call &c, const ResourceType &type, const QString &ns)
{
    const QString rvText = c.value("resourceVersion");
    if (takeTooLargeFault(c, rvText))
        return;
    // An "old server" (setIgnoreSendInitialEvents) does not know these parameters at all.
    const bool sieSet = !m_ignoreSendInitialEvents && c.has("sendInitialEvents");
    const bool initialEvents = sieSet && isTrue(c.value("sendInitialEvents"));
    const QString match = m_ignoreSendInitialEvents ? QString() : c.value("resourceVersionMatch");
    {
        // apimachinery validateWatchOptions (WatchList enabled), before anything else.
        QList<FieldError> errs;
        if (sieSet && match != QLatin1String("NotOlderThan"))
            errs << forbidden("sendInitialEvents requires setting resourceVersionMatch to "
                              "NotOlderThan");
        if (!match.isEmpty()) {
            if (!sieSet)
                errs << forbidden("resourceVersionMatch is forbidden for watch unless "
                                  "sendInitialEvents is provided");
            if (match != QLatin1String("NotOlderThan"))
                errs << notSupported(match, {QStringLiteral("NotOlderThan")});
            if (c.has("continue") && !c.value("continue").isEmpty())
                errs << forbidden("resourceVersionMatch is forbidden when continue is provided");
        }
        if (!errs.isEmpty()) {
            const auto [message, details] = invalidListOptions(errs);
            respondStatus(c, 422, QStringLiteral("Invalid"), message, details);
            return;
        }
    }
    QString selError;
    WatchStream::Options opts;
    opts.type = type;
    opts.ns = type.namespaced ? ns : QString();
    const std::optional<LabelSelector> labels =
        LabelSelector::parse(c.value("labelSelector"), &selError);
    std::optional<FieldSelector> fields;
    if (labels)
        fields = FieldSelector::parse(c.value("fieldSelector"), &selError);
    if (!labels || !fields) {
        respondStatus(c, 400, QStringLiteral("BadRequest"), selError);
        return;
    }
    opts.labels = *labels;
    opts.fields = *fields;
    opts.bookmarks = isTrue(c.value("allowWatchBookmarks"));
    opts.timeoutMs = qMax(0, c.value("timeoutSeconds").toInt()) * 1000;
    opts.bookmarkIntervalMs = m_bookmarkIntervalMs;
    opts.bookmarkClock = m_bookmarkClock;
    opts.closeConnection = c.closeConnection;
    qint64 rv = 0;
    if (!rvText.isEmpty()) {
        bool ok = false;
        rv = rvText.toLongLong(&ok);
        if (!ok || rv < 0) { // fixture 12
            respondStatus(c, 500, QString(),
                          QStringLiteral("resourceVersion: Invalid value: \"%1\": "
                                         "strconv.ParseUint: parsing \"%1\": invalid syntax")
                              .arg(rvText));
            return;
        }
    }
    const qint64 current = m_store->revision();
    if (initialEvents && rv > current) {
        // WatchList waits for the cache to reach rv, then fails like a LIST (cacher.Watch
        // returns the error before the stream starts).
        respondTooLarge(c, rv, current);
        return;
    }

    c.responded = true;
    auto *watch = new WatchStream(c.socket, opts, this);
    logRequest(c, 200);
    if (!initialEvents && rv > 0 && rv < m_store->oldestRetainedRevision()) {
        // fixture 06: 200, one ERROR event, end of stream.
        watch->sendErrorAndFinish(statusJson(410, QStringLiteral("Expired"),
                                             QStringLiteral("too old resource version: %1 (%2)")
                                                 .arg(rv)
                                                 .arg(m_store->oldestRetainedRevision())));
        watch->deleteLater();
        return;
    }
    connect(watch, &WatchStream::finished, this, &ApiServer::onWatchFinished);
    m_watches << watch;
    if (!m_stallUntil.hasExpired())
        watch->stall(int(m_stallUntil.remainingTime()));
    if (initialEvents || (!sieSet && rv == 0)) {
        // Synthetic ADDED for the current state (fixture 17; WatchList streams the same), then
        // (WatchList with bookmarks, as the cacher's isInitialEventsEndBookmarkRequired) the
        // initial-events-end bookmark, then changes after it. Produced as the socket drains.
        QMap<QString, StoredObject> state;
        m_store->stateAt(type.key(), current, &state);
        const QString prefix =
            (type.namespaced && !ns.isEmpty()) ? ns + QLatin1Char('/') : QString();
        watch->setInitialState(std::move(state), prefix, current, initialEvents && opts.bookmarks);
    } else if (rv == 0) {
        // sendInitialEvents=false with resourceVersion "" / "0": start at "now", no state.
        watch->setLastRevision(current);
    } else {
        // rv > current (v1.20, fixture 15): nothing is replayed, the watch waits for rv.
        watch->setLastRevision(rv);
        watch->setReplay(m_store->eventsSince(type.key(), rv));
    }
    if (!watch->isOpen()) // the client vanished while we replayed
        return;
    Store *store = m_store;
    watch->start([store] { return store->revision(); });
    Q_EMIT watchCountChanged(openWatchCount());
}

void ApiServer::onStoreChanged(const ChangeEvent &event)
{
    const QList<WatchStream *> watches = m_watches; // deliver() may end a watch
    for (WatchStream *w : watches)
        w->deliver(event);
}

void ApiServer::onWatchFinished(WatchStream *watch)
{
    if (m_watches.removeOne(watch)) {
        watch->deleteLater();
        Q_EMIT watchCountChanged(openWatchCount());
    }
}

void ApiServer::handleWrite(Call &c, const ResourceType &type, const QString &ns,
                            const QString &name)
{
    WriteResult result;
    int okCode = 200;
    const auto notFound = [&] {
        QJsonObject details;
        details.insert(QStringLiteral("name"), name);
        details.insert(QStringLiteral("kind"), type.name);
        if (!type.group.isEmpty())
            details.insert(QStringLiteral("group"), type.group);
        respondStatus(c, 404, QStringLiteral("NotFound"),
                      QStringLiteral("%1 \"%2\" not found").arg(type.key(), name), details);
    };
    const QByteArray contentType = c.header("Content-Type");
    const bool isJsonPatch =
        c.method == QLatin1String("PATCH") && contentType.startsWith("application/json-patch+json");
    if (c.method == QLatin1String("DELETE")) {
        result = m_store->remove(type.key(), ns, name);
    } else if (isJsonPatch) {
        const lens::Object current = m_store->get(type.key(), ns, name);
        if (current.isNull()) {
            notFound();
            return;
        }
        QJsonObject patched;
        QString err;
        bool badRequest = false;
        if (!jsonPatch(current.json(), c.req.body(), &patched, &err, &badRequest)) {
            // patch.go: DecodePatch errors are BadRequest; Apply errors a generic 422.
            if (badRequest) {
                respondStatus(c, 400, QStringLiteral("BadRequest"), err);
            } else {
                QJsonObject cause{
                    {QStringLiteral("reason"), QStringLiteral("UnexpectedServerResponse")},
                    {QStringLiteral("message"), err}};
                respondStatus(c, 422, QStringLiteral("Invalid"),
                              QStringLiteral("the server rejected our request due to an error "
                                             "in our request"),
                              {{QStringLiteral("causes"), QJsonArray{cause}}});
            }
            return;
        }
        QJsonObject meta = patched.value(QStringLiteral("metadata")).toObject();
        meta.insert(QStringLiteral("name"), name);
        if (type.namespaced)
            meta.insert(QStringLiteral("namespace"), ns);
        patched.insert(QStringLiteral("metadata"), meta);
        result = m_store->update(type.key(), patched);
    } else {
        if (contentType.startsWith("application/vnd.kubernetes.protobuf")) {
            // The simulator speaks JSON only. kube-apiserver answers a media type it cannot
            // decode with 415; kubectl then shows the reason instead of a decoding error.
            respondStatus(c, 415, QStringLiteral("UnsupportedMediaType"),
                          QStringLiteral("the body of the request was in an unknown format - "
                                         "accepted media types include: application/json "
                                         "(this simulated API server does not speak protobuf; "
                                         "use kubectl create -f or apply -f)"));
            return;
        }
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(c.req.body(), &pe);
        if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
            respondStatus(c, 400, QStringLiteral("BadRequest"),
                          QStringLiteral("the body of the request was in an unknown format - "
                                         "accepted media types include: application/json, "
                                         "application/merge-patch+json (%1)")
                              .arg(pe.errorString()));
            return;
        }
        QJsonObject body = doc.object();
        if (c.method == QLatin1String("PATCH")) {
            const QByteArray &ct = contentType;
            const bool strategic = ct.startsWith("application/strategic-merge-patch+json");
            const QList<ResourceType> builtins = ResourceType::builtins();
            const bool builtin =
                std::any_of(builtins.begin(), builtins.end(),
                            [&](const ResourceType &b) { return b.key() == type.key(); });
            if (ct.startsWith("application/apply-patch") || (strategic && !builtin)) {
                // No server-side apply; custom resources have no strategic merge (as the
                // apiserver, which has no Go struct tags for them).
                respondStatus(
                    c, 415, QStringLiteral("UnsupportedMediaType"),
                    QStringLiteral("the body of the request was in an unknown format - accepted "
                                   "media types include: application/json-patch+json, "
                                   "application/merge-patch+json%1")
                        .arg(builtin ? QStringLiteral(", application/strategic-merge-patch+json")
                                     : QString()));
                return;
            }
            const lens::Object current = m_store->get(type.key(), ns, name);
            if (current.isNull()) {
                notFound();
                return;
            }
            QJsonObject patched = strategic ? strategicMergePatch(current.json(), body).toObject()
                                            : mergePatch(current.json(), body).toObject();
            QJsonObject meta = patched.value(QStringLiteral("metadata")).toObject();
            const bool rvInPatch = body.value(QStringLiteral("metadata"))
                                       .toObject()
                                       .contains(QStringLiteral("resourceVersion"));
            if (!rvInPatch)
                meta.insert(QStringLiteral("resourceVersion"), current.resourceVersion());
            meta.insert(QStringLiteral("name"), name);
            if (type.namespaced)
                meta.insert(QStringLiteral("namespace"), ns);
            patched.insert(QStringLiteral("metadata"), meta);
            result = m_store->update(type.key(), patched);
        } else {
            QJsonObject meta = body.value(QStringLiteral("metadata")).toObject();
            const QString bodyNs = meta.value(QStringLiteral("namespace")).toString();
            if (type.namespaced) {
                if (!bodyNs.isEmpty() && bodyNs != ns) {
                    respondStatus(c, 400, QStringLiteral("BadRequest"),
                                  QStringLiteral("the namespace of the provided object does not "
                                                 "match the namespace sent on the request"));
                    return;
                }
                meta.insert(QStringLiteral("namespace"), ns);
            }
            if (c.method == QLatin1String("PUT")) {
                const QString bodyName = meta.value(QStringLiteral("name")).toString();
                if (bodyName != name) {
                    respondStatus(c, 400, QStringLiteral("BadRequest"),
                                  QStringLiteral("the name of the object (%1) does not match the "
                                                 "name on the URL (%2)")
                                      .arg(bodyName, name));
                    return;
                }
            }
            body.insert(QStringLiteral("metadata"), meta);
            if (c.method == QLatin1String("POST")) {
                result = m_store->create(type.key(), body);
                okCode = 201;
            } else {
                result = m_store->update(type.key(), body);
            }
        }
    }
    if (!result.ok()) {
        QJsonObject details;
        if (result.error.code == 404 || result.error.code == 409) {
            details.insert(QStringLiteral("name"), name.isEmpty() ? result.object.name() : name);
            details.insert(QStringLiteral("kind"), type.name);
            if (!type.group.isEmpty())
                details.insert(QStringLiteral("group"), type.group);
        }
        respondStatus(c, result.error.code, result.error.reason, result.error.message, details);
        return;
    }
    respond(c, okCode, result.object.toJson());
}

} // namespace lens::sim
