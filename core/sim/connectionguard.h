// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QPointer>
#include <QSslConfiguration>
#include <QSslServer>
#include <QTcpServer>
#include <QTimer>

#include <memory>

class QTcpSocket;

namespace lens::sim {

/// What the built-in server tolerates of a request before it is whole: kube-apiserver's
/// http.Server settings (k8s.io/apiserver/pkg/server/secure_serving.go: MaxHeaderBytes 1 << 20,
/// ReadHeaderTimeout 32 s).
struct ConnectionLimits {
    /// Request line and headers together, bytes. Beyond: "431 Request Header Fields Too Large"
    /// and the connection closed, as Go's net/http answers a header over MaxHeaderBytes.
    qint64 maxHeaderBytes = 1 << 20;
    /// From the accepted connection (or a keep-alive connection's next request's first byte)
    /// to the end of the headers, milliseconds. Beyond: the connection is closed without an
    /// answer, as Go's ReadHeaderTimeout does. 0 = no limit.
    int readHeaderTimeoutMs = 32000;
    /// A request's body, bytes (kube-apiserver's MaxRequestBodyBytes, 3 MiB). Beyond: "413
    /// Request Entity Too Large" with a RequestEntityTooLarge Status ("Request entity too large:
    /// limit is 3145728", as limitedReadBody answers) and the connection closed, before the
    /// body is buffered whole (Qt 6.4's server holds a body in memory until it is complete).
    /// 0 = no limit.
    qint64 maxBodyBytes = qint64(3) << 20;
    /// Unfinished requests of all connections together, headers and bodies, bytes (128 MiB):
    /// past it, a request that is still coming is answered "429 Too Many Requests"
    /// (Retry-After 1, reason TooManyRequests, as kube-apiserver's max-in-flight filter
    /// answers) and its connection closed. Qt 6.4's server holds an unfinished request about
    /// three times over: 150 connections each sending 3 MB of body and never the last byte
    /// took the server to 1.3 GB, 1 000 sending 1 MiB of headers that never end to 2.5 GB.
    /// 0 = no limit.
    qint64 maxUnfinishedBytes = qint64(128) << 20;
};

/// Guards one connection of the built-in server against requests that never end (see
/// ConnectionLimits). Qt 6.4's QAbstractHttpServer has no hook for either: it reads a request
/// byte by byte inside a QIODevice transaction, so the whole unfinished request stays buffered
/// in the socket, and a request whose headers never end is kept (and grown) for ever. The
/// guard sits on the socket itself: created by GuardedTcpServer / GuardedSslServer before
/// QAbstractHttpServer sees the socket, its readyRead slot runs before the server's, and it
/// peeks at the bytes that arrived (never reading them) to count a request's header bytes and
/// find where its headers end. A new request starts when the server has committed the
/// previous one (no transaction in progress on the socket).
class ConnectionGuard : public QObject {
    Q_OBJECT
public:
    /// Watches `socket` (becomes its child). `limits` are read when each request starts;
    /// `inFlight` counts the unfinished requests (headers and bodies) of every connection of
    /// the server.
    ConnectionGuard(QTcpSocket *socket, const ConnectionLimits *limits,
                    std::shared_ptr<qint64> inFlight);
    ~ConnectionGuard() override;

    /// How the guard ended the connection, for the server's log: "" = it did not.
    QString refusal() const { return m_refusal; }

Q_SIGNALS:
    /// The guard closed the connection: `status` 431 (header too large), 413 (body too large),
    /// 429 (too many unfinished requests) or 408 (header timeout; nothing is sent then, as Go's
    /// server sends nothing either).
    void refused(int status, const QString &why);

private:
    void onReadyRead();
    void startRequest();
    void refuse(int status, const QString &why);
    void countBody(qint64 bytes);
    /// Adds `bytes` to the server's unfinished requests; past the limit, refuses with 429.
    void countInFlight(qint64 bytes);

    QTcpSocket *m_socket;
    const ConnectionLimits *m_limits;
    QTimer m_headerDeadline;
    qint64 m_headerBytes = 0;
    qint64 m_bodyBytes = 0;             ///< bytes after the current request's headers
    std::shared_ptr<qint64> m_inFlight; ///< the server's unfinished request bytes
    bool m_inHeader = true;             ///< the current request's headers have not ended yet
    QByteArray m_tail; ///< the last bytes scanned (a header end split over two reads)
    QString m_refusal;
};

/// A QTcpServer whose connections each get a ConnectionGuard before QAbstractHttpServer::bind()
/// takes them (QTcpServer::incomingConnection, the documented hook).
class GuardedTcpServer : public QTcpServer {
    Q_OBJECT
public:
    GuardedTcpServer(const ConnectionLimits *limits, QObject *parent = nullptr);

Q_SIGNALS:
    void refused(int status, const QString &why);

protected:
    void incomingConnection(qintptr socketDescriptor) override;

private:
    const ConnectionLimits *m_limits;
    std::shared_ptr<qint64> m_inFlight = std::make_shared<qint64>(0);
};

/// GuardedTcpServer for TLS: QSslServer's own incomingConnection() makes the QSslSocket and
/// starts the handshake; the guard is attached to it then, before it is pending.
class GuardedSslServer : public QSslServer {
    Q_OBJECT
public:
    GuardedSslServer(const ConnectionLimits *limits, QObject *parent = nullptr);

Q_SIGNALS:
    void refused(int status, const QString &why);

protected:
    void incomingConnection(qintptr socketDescriptor) override;

private:
    const ConnectionLimits *m_limits;
    std::shared_ptr<qint64> m_inFlight = std::make_shared<qint64>(0);
};

} // namespace lens::sim
