// SPDX-License-Identifier: Apache-2.0
#include "connectionguard.h"

#include <QSslSocket>
#include <QTcpSocket>

namespace lens::sim {

namespace {
const char kGuarded[] = "lensConnectionGuard";
} // namespace

ConnectionGuard::ConnectionGuard(QTcpSocket *socket, const ConnectionLimits *limits,
                                 std::shared_ptr<qint64> inFlight)
    : QObject(socket), m_socket(socket), m_limits(limits), m_inFlight(std::move(inFlight))
{
    socket->setProperty(kGuarded, true);
    m_headerDeadline.setSingleShot(true);
    connect(&m_headerDeadline, &QTimer::timeout, this, [this] {
        refuse(408, QStringLiteral("the request's headers did not arrive within %1 ms")
                        .arg(m_limits->readHeaderTimeoutMs));
    });
    // Before the server's own readyRead slot (connected when the socket becomes pending).
    connect(socket, &QTcpSocket::readyRead, this, &ConnectionGuard::onReadyRead);
    startRequest(); // Go's ReadHeaderTimeout counts from the accepted connection
}

ConnectionGuard::~ConnectionGuard()
{
    *m_inFlight -= m_headerBytes + m_bodyBytes;
}

void ConnectionGuard::startRequest()
{
    // The previous request is whole: it is the handler's.
    *m_inFlight -= m_headerBytes + m_bodyBytes;
    m_inHeader = true;
    m_headerBytes = 0;
    m_bodyBytes = 0;
    m_tail.clear();
    if (m_limits->readHeaderTimeoutMs > 0)
        m_headerDeadline.start(m_limits->readHeaderTimeoutMs);
}

void ConnectionGuard::onReadyRead()
{
    if (!m_refusal.isEmpty())
        return;
    // QAbstractHttpServer reads a request inside a socket transaction and commits it once the
    // request is whole: no transaction = the previous request is done, these bytes start the
    // next one.
    if (!m_socket->isTransactionStarted() && !m_inHeader)
        startRequest();
    if (!m_inHeader) {
        countBody(m_socket->bytesAvailable());
        return;
    }
    const QByteArray fresh = m_socket->peek(m_socket->bytesAvailable());
    // QHttpServerRequestPrivate::readHeader's rule: the headers end at "\n\r\n" or "\n\n";
    // whitespace before the request line is skipped, as it skips it.
    QByteArray scan = m_tail + fresh;
    qsizetype end = -1;
    for (qsizetype i = m_tail.size(); i < scan.size(); ++i) {
        if (scan.at(i) != '\n')
            continue;
        if ((i >= 1 && scan.at(i - 1) == '\n') ||
            (i >= 2 && scan.at(i - 1) == '\r' && scan.at(i - 2) == '\n')) {
            end = i + 1 - m_tail.size(); // bytes of `fresh` up to the header end
            break;
        }
    }
    const qint64 added = end >= 0 ? end : fresh.size();
    m_headerBytes += added;
    *m_inFlight += added;
    if (m_headerBytes > m_limits->maxHeaderBytes) {
        refuse(431, QStringLiteral("request headers over %1 bytes").arg(m_limits->maxHeaderBytes));
        return;
    }
    countInFlight(added);
    if (!m_refusal.isEmpty())
        return;
    if (end >= 0) {
        m_inHeader = false;
        m_headerDeadline.stop();
        m_tail.clear();
        countBody(fresh.size() - end);
    } else {
        m_tail = scan.right(2);
    }
}

void ConnectionGuard::countBody(qint64 bytes)
{
    // Bytes after the headers until the server commits the request. A pipelined next request
    // that arrived in the same read counts too: a client that pipelines requests just under
    // the limit may be refused early (kubectl and client-go do not pipeline).
    m_bodyBytes += bytes;
    *m_inFlight += bytes;
    if (m_limits->maxBodyBytes > 0 && m_bodyBytes > m_limits->maxBodyBytes)
        refuse(413, QStringLiteral("request body over %1 bytes").arg(m_limits->maxBodyBytes));
    else
        countInFlight(bytes);
}

void ConnectionGuard::countInFlight(qint64 bytes)
{
    if (m_limits->maxUnfinishedBytes > 0 && *m_inFlight > m_limits->maxUnfinishedBytes && bytes > 0)
        refuse(429, QStringLiteral("unfinished requests over %1 bytes in all")
                        .arg(m_limits->maxUnfinishedBytes));
}

void ConnectionGuard::refuse(int status, const QString &why)
{
    if (!m_refusal.isEmpty())
        return;
    m_refusal = why;
    m_headerDeadline.stop();
    *m_inFlight -= m_headerBytes + m_bodyBytes; // thrown away below
    m_headerBytes = 0;
    m_bodyBytes = 0;
    // The server's parser lets go of the request: its readyRead slot is disconnected (a slot
    // disconnected during an emission is skipped), the transaction holding the request's bytes
    // is ended and what came in is thrown away, now and until the connection closes.
    disconnect(m_socket, &QTcpSocket::readyRead, nullptr, nullptr);
    if (m_socket->isTransactionStarted())
        m_socket->commitTransaction();
    m_socket->readAll();
    connect(m_socket, &QTcpSocket::readyRead, this, [this] { m_socket->readAll(); });
    Q_EMIT refused(status, why);
    if (status == 431) {
        m_socket->write("HTTP/1.1 431 Request Header Fields Too Large\r\n"
                        "Content-Type: text/plain; charset=utf-8\r\n"
                        "Connection: close\r\n\r\n"
                        "431 Request Header Fields Too Large");
    } else if (status == 429) {
        // kube-apiserver's max-in-flight filter (tooManyRequests).
        const QByteArray body =
            R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":)"
            R"("Too many requests, please try again later.","reason":"TooManyRequests",)"
            R"("details":{"retryAfterSeconds":1},"code":429})";
        m_socket->write("HTTP/1.1 429 Too Many Requests\r\n"
                        "Content-Type: application/json\r\n"
                        "Retry-After: 1\r\n"
                        "Content-Length: " +
                        QByteArray::number(body.size()) +
                        "\r\n"
                        "Connection: close\r\n\r\n" +
                        body);
    } else if (status == 413) {
        // kube-apiserver's limitedReadBody: errors.NewRequestEntityTooLargeError.
        const QByteArray body =
            R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":)"
            R"("Request entity too large: limit is )" +
            QByteArray::number(m_limits->maxBodyBytes) +
            R"(","reason":"RequestEntityTooLarge","code":413})";
        m_socket->write("HTTP/1.1 413 Request Entity Too Large\r\n"
                        "Content-Type: application/json\r\n"
                        "Content-Length: " +
                        QByteArray::number(body.size()) +
                        "\r\n"
                        "Connection: close\r\n\r\n" +
                        body);
    } else {
        m_socket->disconnectFromHost(); // Go's ReadHeaderTimeout: closed, nothing said
        return;
    }
    // Closed a moment later, input drained meanwhile: a socket closed with unread input answers
    // with a reset, which can destroy the 431 before the client read it (Go's
    // closeWriteAndWait waits 500 ms for the same reason).
    m_headerDeadline.disconnect(this);
    connect(&m_headerDeadline, &QTimer::timeout, m_socket, &QTcpSocket::disconnectFromHost);
    m_headerDeadline.start(500);
}

GuardedTcpServer::GuardedTcpServer(const ConnectionLimits *limits, QObject *parent)
    : QTcpServer(parent), m_limits(limits)
{
}

void GuardedTcpServer::incomingConnection(qintptr socketDescriptor)
{
    auto *socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(socketDescriptor)) {
        delete socket;
        return;
    }
    auto *guard = new ConnectionGuard(socket, m_limits, m_inFlight);
    connect(guard, &ConnectionGuard::refused, this, &GuardedTcpServer::refused);
    addPendingConnection(socket);
}

GuardedSslServer::GuardedSslServer(const ConnectionLimits *limits, QObject *parent)
    : QSslServer(parent), m_limits(limits)
{
}

void GuardedSslServer::incomingConnection(qintptr socketDescriptor)
{
    QSslServer::incomingConnection(socketDescriptor);
    // QSslServer made the QSslSocket as its child and started the handshake; the socket is
    // pending only once encrypted, so the guard's readyRead slot comes first.
    for (QSslSocket *s : findChildren<QSslSocket *>(Qt::FindDirectChildrenOnly))
        if (!s->property(kGuarded).toBool()) {
            auto *guard = new ConnectionGuard(s, m_limits, m_inFlight);
            connect(guard, &ConnectionGuard::refused, this, &GuardedSslServer::refused);
        }
}

} // namespace lens::sim
