// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connectionguard.h"
#include "faults.h"
#include "httpresponder.h"
#include "proxyhandler.h"
#include "statuses.h"
#include "store.h"
#include "trace/clock.h"

#include <QAbstractHttpServer>
#include <QHostAddress>
#include <QPointer>
#include <QUrl>

#include <memory>

QT_BEGIN_NAMESPACE
class QTcpSocket;
QT_END_NAMESPACE

namespace lens::sim {

class ChurnGenerator;
class ControlApi;
class DiscoveryHandler;
class ListHandler;
class WatchHandler;
class WriteHandler;
struct WatchBudget;

/// The simulated kube-apiserver: real HTTP/1.1 with real Kubernetes JSON over a Store.
///
/// Built on QAbstractHttpServer (Qt 6.4): every response is written by hand on the client socket
/// (Content-Length bodies with keep-alive for plain requests, hand-framed chunked bodies for
/// watches), because QHttpServerResponder in 6.4 keeps a raw socket pointer and crashes when a
/// watch client goes away (see docs/simulator.md).
///
/// Served (JSON only; bearer-token authentication and HTTPS optional, see setBearerToken() and
/// setTls()):
/// - GET /version, /healthz, /livez, /readyz, /api, /api/v1, /apis, /apis/{group},
///   /apis/{group}/{version}, /openapi/v3[/...] (discovery);
/// - {prefix}/{resource}, {prefix}/namespaces/{ns}/{resource}[/{name}] with prefix /api/v1 or
///   /apis/{group}/{version} for every ResourceType the Store holds (builtins and CRD-defined):
///   LIST (limit, continue, resourceVersion, resourceVersionMatch, labelSelector,
///   fieldSelector), WATCH (?watch=true|1, resourceVersion, timeoutSeconds,
///   allowWatchBookmarks, sendInitialEvents), GET, POST, PUT, PATCH (merge and strategic merge
///   treated as JSON merge patch), DELETE;
/// - GET /api/v1/namespaces/{ns}/{pods|services}/{name}:{port}/proxy/{path} for the targets
///   setProxyTarget() registered (ProxyHandler: the built-in controllers' /metrics);
/// - the control API under /sim/v1/ (see docs/simulator.md).
///
/// Error bodies are metav1.Status objects shaped like the captured kube-apiserver answers in
/// the captured kube-apiserver v1.20 exchanges (410 Expired, 504 ResourceVersionTooLarge, 404
/// NotFound, ...).
///
/// Built from one part per job: HttpResponder (framing, Status answers, access log),
/// DiscoveryHandler, ControlApi (/sim/v1/, acting on the Faults struct through the fault
/// controls below), ListHandler, WatchHandler (the open WatchStreams), WriteHandler (writes and
/// /scale). This class keeps construction, TLS, authentication and routing.
///
/// Threading: lives in (and must be used from) the thread that created it, together with its
/// Store. Fault controls are Q_INVOKABLE, so another thread can call them with
/// QMetaObject::invokeMethod.
class ApiServer : public QAbstractHttpServer {
    Q_OBJECT
public:
    /// `store` must outlive the server.
    explicit ApiServer(Store *store, QObject *parent = nullptr);
    ~ApiServer() override;

    /// Serve HTTPS instead of HTTP (a QSslServer with this configuration; TLS 1.2 or later,
    /// HTTP/1.1 only, no ALPN h2). `certPem` is the server certificate (optionally followed by its
    /// chain), `keyPem` its private key (PEM; EC or RSA). Call before start(). Returns false (and
    /// sets `*error`) when the PEM does not parse or the Qt TLS backend is missing.
    ///
    /// `clientCaPem` (kube-apiserver's --client-ca-file): when not empty the handshake asks for
    /// a client certificate (optional, as Go's VerifyClientCertIfGiven) and a request whose
    /// connection presented one that chains to this CA is authenticated — beside the bearer
    /// token, if one is set. With a client CA, a request with neither is 401 Unauthorized
    /// (a certificate from another CA too).
    bool setTls(const QByteArray &certPem, const QByteArray &keyPem, QString *error = nullptr,
                const QByteArray &clientCaPem = {});
    bool isTls() const { return m_tls; }
    bool requiresClientCertificate() const { return m_clientCa; }
    /// Requires `Authorization: Bearer <token>` (scheme case-insensitive, as the apiserver's
    /// bearer-token authenticator) on every request, the /sim/v1/ control API and the health
    /// endpoints included — kube-apiserver with --anonymous-auth=false and a static token file.
    /// Otherwise: 401 with the Status kube-apiserver sends
    /// ({"kind":"Status",...,"message":"Unauthorized","reason":"Unauthorized","code":401}).
    /// Empty (the default) = no authentication: any or no token is accepted.
    void setBearerToken(const QString &token) { m_token = token; }
    QString bearerToken() const { return m_token; }

    /// What a connection may take before its request is whole (kube-apiserver's MaxHeaderBytes
    /// 1 MiB and ReadHeaderTimeout 32 s by default; ConnectionLimits, connectionguard.h): a
    /// larger header is answered 431 Request Header Fields Too Large, headers that do not end
    /// in time close the connection. Call before start() or at any time (a request in progress
    /// keeps the timeout it started with).
    void setConnectionLimits(const ConnectionLimits &limits) { m_limits = limits; }
    ConnectionLimits connectionLimits() const { return m_limits; }

    /// Listens on `address`:`port` (port 0 = an ephemeral port). The default is the loopback
    /// interface only (127.0.0.1; kube-apiserver's --bind-address defaults to every interface,
    /// but a simulated cluster without authentication is for this machine): nothing else can
    /// reach it unless the caller names another address (QHostAddress::Any or AnyIPv6 = every
    /// interface; see listeningSummary()). Returns false (and sets `*error`) when the port
    /// cannot be bound.
    bool start(quint16 port = 0, const QHostAddress &address = QHostAddress::LocalHost,
               QString *error = nullptr);
    /// The bound port (0 before start()).
    quint16 port() const { return m_port; }
    /// The address start() listens on (null before start()).
    QHostAddress address() const { return m_address; }
    /// True when only this machine can connect: the address is 127.0.0.0/8 or ::1.
    bool isLoopbackOnly() const { return m_address.isLoopback(); }
    /// One line saying where the server listens, for a program's start-up output:
    /// "listening on 127.0.0.1:PORT (loopback only: other machines cannot connect)", or, for any
    /// other address, a warning: "WARNING: listening on 0.0.0.0:PORT (every network interface):
    /// other machines can connect and read and change the simulated cluster, its /sim/v1 fault
    /// controls included; no bearer token is required" (or "; requests need the bearer token").
    QString listeningSummary() const;
    /// "http://127.0.0.1:PORT" ("https://..." after setTls()): the bound address, or loopback
    /// (127.0.0.1, ::1 for AnyIPv6) when bound to every interface.
    QUrl url() const;
    /// The TLS configuration served after setTls() (TLS 1.2 or later).
    QSslConfiguration sslConfiguration() const { return m_sslConfig; }
    /// "v1.32.0-lens-sim", reported by GET /version.
    static QString gitVersion();

    Store *store() const { return m_store; }
    /// Lets POST /sim/v1/churn reach the churn generator (optional; not owned).
    void setChurnGenerator(ChurnGenerator *churn);
    /// The churn generator set with setChurnGenerator() (null when none).
    ChurnGenerator *churnGenerator() const;
    /// The faults in force (what the fault controls below set).
    const Faults &faults() const { return m_faults; }

    // ---- fault controls --------------------------------------------------------------------
    /// Closes the TCP connection of every open watch without ending its chunked body (what a
    /// killed apiserver or a load balancer reset looks like to the client); with `midEvent`,
    /// after writing the first half of an event line. Returns how many watches were dropped.
    Q_INVOKABLE int dropWatches(bool midEvent = false);
    /// Ends every open watch cleanly (terminating 0-chunk), as an expired timeoutSeconds does.
    Q_INVOKABLE int endWatches();
    /// Forces every watching client to relist: compacts the history at the current revision,
    /// then ends every open watch with an ERROR event {"kind":"Status",...,"reason":"Expired",
    /// "code":410} ("The resourceVersion for the provided watch is too old.", what kube-apiserver
    /// sends when etcd compacts past a watch). client-go's Reflector takes a watch's 410 as
    /// "my resourceVersion is gone" and relists (at its last resourceVersion), where a dropped
    /// or ended watch is merely resumed. Returns how many watches were ended.
    Q_INVOKABLE int expireWatches();
    /// The next `count` API requests (not /sim/ or /healthz) fail with `httpStatus` and a
    /// matching Status (429 TooManyRequests, 500 InternalError, 503 ServiceUnavailable,
    /// 504 Timeout, 410 Expired, 401, 403, ...). `retryAfterSeconds` > 0 adds a Retry-After
    /// header and details.retryAfterSeconds. count 0 cancels.
    Q_INVOKABLE void failNextRequests(int count, int httpStatus, int retryAfterSeconds = 0);
    /// Period of BOOKMARK events on watches that asked for them (allowWatchBookmarks=true), in
    /// milliseconds; 0 disables periodic bookmarks (the one ~1 s before timeoutSeconds stays).
    /// Default 60000 (kube-apiserver sends them about once a minute). Applies to open watches.
    Q_INVOKABLE void setBookmarkInterval(int ms);
    /// Exact pacing (`--at`): periodic bookmarks follow `clock` (scenario milliseconds, not
    /// owned) instead of real timers, so how many a picture shows does not depend on how fast
    /// the machine is. They are then sent only by sendNextBookmarks(), which the scenario player
    /// calls as its clock reaches nextBookmarkDueMs(). nullptr (default) = real time. Applies to
    /// open watches too.
    void setBookmarkClock(const lens::Clock *clock);
    /// With setBookmarkClock(): the earliest time (clock ms) a periodic BOOKMARK is due on an
    /// open watch; -1 when none is.
    qint64 nextBookmarkDueMs() const;
    /// With setBookmarkClock(): sends the BOOKMARKs due at nextBookmarkDueMs(), on every watch
    /// due then; returns how many were sent. `userAgents`, when given, receives the User-Agent
    /// of each watch's request (one per bookmark sent), so the player can wait for those its
    /// own informers will take (ScenarioPlayer::setBookmarkReceipts).
    int sendNextBookmarks(QList<QByteArray> *userAgents = nullptr);
    int bookmarkInterval() const;
    /// The clock the watches' own timers run on (ClockTimers): timeoutSeconds, the bookmark
    /// before it, periodic bookmarks (unless setBookmarkClock() holds them) and the end of a
    /// stall (stallWatches(), stallRemainingMs()). nullptr (the default) = real time. A test
    /// passes a ManualClock and advances it past a deadline instead of waiting for it. Applies
    /// to watches opened afterwards and to the stall deadline; not owned, must outlive the
    /// server and its watches.
    void setTimerClock(const lens::Clock *clock);
    /// Writes WatchStream::GarbageLine (a line that is not JSON) as one chunk on every open
    /// watch; the streams stay open. Returns how many watches got it.
    Q_INVOKABLE int sendGarbageOnWatches();
    /// Stalls every open watch, and every watch opened before the stall ends, for `ms`
    /// milliseconds: not a byte is written (events, bookmarks and stream ends are held and
    /// flushed in order afterwards; see WatchStream::stall()). Plain requests are still served.
    /// ms <= 0 ends a stall now. Returns how many open watches were stalled.
    Q_INVOKABLE int stallWatches(int ms);
    /// Milliseconds left of the stall started by stallWatches() (0 = none).
    int stallRemainingMs() const;
    /// The next `count` LIST or WATCH requests on a collection answer like a kube-apiserver
    /// whose watch cache is behind the requested resourceVersion (fixture 16): HTTP 504,
    /// reason Timeout, message "Timeout: Too large resource version: N, current: M", cause
    /// ResourceVersionTooLarge, Retry-After: 1 and details.retryAfterSeconds 1. N is the request's
    /// resourceVersion, or current+1 when it named none or an older one. Watches get the 504
    /// before the stream starts (as the cacher's Watch error is returned). count 0 cancels.
    Q_INVOKABLE void answerTooLargeResourceVersion(int count);
    int pendingTooLarge() const { return m_faults.tooLargeCount; }
    /// Behave like a kube-apiserver older than 1.27 (no WatchList): watch requests'
    /// sendInitialEvents and resourceVersionMatch are ignored (not validated either), so a
    /// WatchList request gets synthetic ADDED events only when resourceVersion is "" or "0",
    /// a replay from N otherwise, and never the k8s.io/initial-events-end bookmark.
    Q_INVOKABLE void setIgnoreSendInitialEvents(bool ignore);
    bool ignoresSendInitialEvents() const { return m_faults.ignoreSendInitialEvents; }
    /// RBAC says no to one resource: while forbidden, every request on `resource` (the Store's
    /// name, "nodes", "deployments.apps") is answered 403 Forbidden with kube-apiserver's
    /// message (`nodes is forbidden: User "system:anonymous" cannot list resource "nodes" in API
    /// group "" at the cluster scope`), the other resources as before. /sim/v1/forbid.
    Q_INVOKABLE void setForbidden(const QString &resource, bool forbidden);
    bool isForbidden(const QString &resource) const
    {
        return m_faults.forbidden.contains(resource);
    }
    /// false: act like kube-apiserver started with --watch-cache=false — a LIST at
    /// resourceVersion "0" is served from storage and honours `limit` (pages with continue
    /// tokens) instead of answering the whole collection from the watch cache. Default true.
    void setWatchCache(bool on) { m_watchCache = on; }
    bool watchCache() const { return m_watchCache; }
    Q_INVOKABLE int openWatchCount() const;
    /// What the open watches hold for clients slower than the events, and how many were closed
    /// for holding too much (WatchBudget, watchstream.h).
    const WatchBudget &watchBudget() const;
    /// The bytes all watches together may hold before slow ones are closed (default 512 MiB).
    void setWatchBudgetBytes(qint64 bytes);
    /// Appends one line per request to `path` (empty = stop logging), flushed at once, in the
    /// shape of kube-apiserver's httplog lines:
    /// `2026-11-29T09:30:01.123Z "HTTP" verb="GET" URI="/api/v1/pods?limit=500"
    /// latency="412.0µs" userAgent="kubectl/v1.32.0 ..." srcIP="127.0.0.1:40312" resp=200`.
    /// A watch is logged when its stream starts (resp=200, latency up to the first byte; the
    /// apiserver logs long-running requests when they end). Returns false and sets `*error` when
    /// the file cannot be opened.
    bool openAccessLog(const QString &path, QString *error = nullptr);
    /// Serves `serve` behind the proxy subresource of pod or service `name` in `ns` on `port`
    /// (ProxyHandler): GET /api/v1/namespaces/{ns}/{pods|services}/{name}:{port}/proxy/...
    /// An empty `serve` removes it. `resource` is "pods" or "services".
    void setProxyTarget(const QString &resource, const QString &ns, const QString &name, int port,
                        ProxyServe serve);
    /// Requests handled so far (all paths).
    quint64 requestCount() const { return m_requestCount; }

Q_SIGNALS:
    /// After every request: method ("GET"), target (path and query) and HTTP status; for
    /// watches the status is 200 when the stream starts. A connection the ConnectionGuard
    /// refused reports method "-", why as the target ("request headers over 1048576 bytes")
    /// and 431, or 408 for headers that did not end in time (nothing is sent then).
    void requestHandled(const QString &method, const QString &target, int status);
    void watchCountChanged(int openWatches);

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

private:
    void route(HttpCall &call);
    void handleResource(HttpCall &call, const ResourceType &type, const QString &ns,
                        const QString &name);

    Store *m_store;
    QPointer<ChurnGenerator> m_churn;
    HttpResponder m_responder;
    lens::SteadyClock m_realTime; ///< the timer clock by default (setTimerClock())
    Faults m_faults;
    std::unique_ptr<DiscoveryHandler> m_discovery;
    std::unique_ptr<ControlApi> m_control;
    std::unique_ptr<ListHandler> m_list;
    WatchHandler *m_watch; ///< a child QObject; deleted first by the destructor
    std::unique_ptr<WriteHandler> m_write;
    std::unique_ptr<ProxyHandler> m_proxy;
    quint16 m_port = 0;
    QHostAddress m_address;
    quint64 m_requestCount = 0;
    bool m_tls = false;
    QSslConfiguration m_sslConfig;
    ConnectionLimits m_limits;
    bool m_clientCa = false;
    QString m_token;
    bool m_watchCache = true;
};

} // namespace lens::sim
