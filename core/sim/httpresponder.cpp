// SPDX-License-Identifier: Apache-2.0
#include "httpresponder.h"

#include <QDateTime>
#include <QHostAddress>
#include <QLocale>
#include <QTcpSocket>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

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

} // namespace

HttpCall::HttpCall(const QHttpServerRequest &request, QTcpSocket *socket_)
    : req(request), socket(socket_), method(methodName(request.method()))
{
    started.start();
    const QUrl url = request.url();
    path = url.path();
    target = url.toString(QUrl::RemoveScheme | QUrl::RemoveAuthority | QUrl::FullyEncoded);
    // Go's url.ParseQuery decodes '+' as a space (kubectl sends "app+in+%28a%2Cb%29").
    QString rawQuery = url.query(QUrl::FullyEncoded);
    rawQuery.replace(QLatin1Char('+'), QLatin1String("%20"));
    query = QUrlQuery(rawQuery);
    segments = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    closeConnection = header("Connection").compare("close", Qt::CaseInsensitive) == 0;
}

QByteArray HttpCall::header(const char *name) const
{
    const auto headers = req.headers();
    for (const auto &h : headers)
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    return {};
}

void HttpResponder::respond(HttpCall &c, int code, const QByteArray &body,
                            const QByteArray &contentType, int retryAfterSeconds)
{
    c.responded = true;
    if (c.socket && c.socket->state() == QAbstractSocket::ConnectedState) {
        QByteArray out;
        out.reserve(256);
        out += "HTTP/1.1 " + QByteArray::number(code) + ' ' + reasonPhrase(code) + "\r\n";
        out += "Cache-Control: no-cache, private\r\nContent-Type: " + contentType + "\r\n";
        out += "Date: " + httpDate() + "\r\n";
        if (retryAfterSeconds > 0)
            out += "Retry-After: " + QByteArray::number(retryAfterSeconds) + "\r\n";
        out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
        if (c.closeConnection)
            out += "Connection: close\r\n";
        out += "\r\n";
        if (body.size() < LargeBody) {
            out += body;
            c.socket->write(out);
        } else {
            // Head and body as two writes: the socket's buffer keeps a shared reference to the
            // body (QIODevice::write(const QByteArray &)), so a large list is not copied here.
            // (Small answers go in one write: a head sent alone would hold the body back behind
            // Nagle's algorithm until the client's delayed ACK, about 40 ms.) TCP_NODELAY, as Go
            // sets on every kube-apiserver connection: else the body's last partial segment
            // waits for that ACK too, 40 ms on every 1.6 MB page of a paged list.
            c.socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
            c.socket->write(out);
            c.socket->write(body);
        }
        if (c.closeConnection)
            c.socket->disconnectFromHost();
    }
    logRequest(c, code);
}

void HttpResponder::respondStreamed(HttpCall &c, qsizetype size,
                                    std::function<bool(QByteArray *piece)> next)
{
    c.responded = true;
    if (!c.socket || c.socket->state() != QAbstractSocket::ConnectedState) {
        logRequest(c, 200);
        return;
    }
    QByteArray head;
    head += "HTTP/1.1 200 OK\r\nCache-Control: no-cache, private\r\n"
            "Content-Type: application/json\r\nDate: " +
            httpDate() + "\r\nContent-Length: " + QByteArray::number(size) + "\r\n";
    if (c.closeConnection)
        head += "Connection: close\r\n";
    head += "\r\n";
    QTcpSocket *socket = c.socket;
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1); // as respond() for large bodies
    socket->write(head);
    logRequest(c, 200);
    // Pieces are written while fewer than StreamAhead bytes wait; the rest is written from
    // bytesWritten. The state lives with the connection made for it and goes with the socket.
    struct Stream {
        std::function<bool(QByteArray *)> next;
        QByteArray piece;
        bool close = false;
        QMetaObject::Connection connection;
    };
    auto stream = std::make_shared<Stream>();
    stream->next = std::move(next);
    stream->close = c.closeConnection;
    auto pump = [socket, stream] {
        bool more = true;
        while (more && socket->bytesToWrite() < StreamAhead) {
            stream->piece.clear();
            more = stream->next(&stream->piece);
            socket->write(stream->piece);
        }
        if (more)
            return;
        QObject::disconnect(stream->connection);
        stream->next = {}; // lets go of the list's objects now
        if (stream->close)
            socket->disconnectFromHost();
    };
    stream->connection = QObject::connect(socket, &QIODevice::bytesWritten, socket, pump);
    pump();
}

void HttpResponder::respondStatus(HttpCall &c, const StatusBody &s)
{
    respond(c, s.code, statusJson(s), QByteArrayLiteral("application/json"),
            s.details.value(QLatin1String("retryAfterSeconds")).toInt());
}

void HttpResponder::respondNotFound(HttpCall &c)
{
    respondStatus(c, 404, QStringLiteral("NotFound"),
                  QStringLiteral("the server could not find the requested resource"));
}

void HttpResponder::respondMethodNotAllowed(HttpCall &c)
{
    respondStatus(
        c, 405, QStringLiteral("MethodNotAllowed"),
        QStringLiteral("the server does not allow this method on the requested resource"));
}

void HttpResponder::logRequest(HttpCall &c, int code)
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
    if (handled)
        handled(c.method, c.target, code);
}

bool HttpResponder::openAccessLog(const QString &path, QString *error)
{
    m_accessLog.close();
    if (path.isEmpty())
        return true;
    // Opened without waiting: a FIFO no one reads would block open() for ever (the server never
    // started, and the first signal waited behind it). Such a FIFO is refused; a FIFO or a
    // pipe with a reader (/dev/stderr into `| tee`) is written as a file is.
    const int fd = ::open(QFile::encodeName(path).constData(),
                          O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0644);
    if (fd < 0) {
        const int why = errno;
        if (error)
            *error = why == ENXIO
                         ? QStringLiteral("cannot open %1: it is a FIFO no one reads").arg(path)
                         : QStringLiteral("cannot open %1: %2")
                               .arg(path, QString::fromLocal8Bit(std::strerror(why)));
        return false;
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    if (!m_accessLog.open(fd, QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text,
                          QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        if (error)
            *error = QStringLiteral("cannot open %1: %2").arg(path, m_accessLog.errorString());
        return false;
    }
    return true;
}

} // namespace lens::sim
