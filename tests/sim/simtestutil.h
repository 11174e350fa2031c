// SPDX-License-Identifier: Apache-2.0
// Helpers for talking to the simulated API server over real HTTP in tests.
#pragma once

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSignalSpy>
#include <QTest>
#include <QUrl>

#include <functional>

namespace simtest {

/// Applied to every request request() and WatchClient send (TLS configuration, Authorization).
inline std::function<void(QNetworkRequest &)> prepareRequest;

struct HttpResult {
    int status = 0;
    QByteArray body;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QByteArray retryAfter;
    qint64 elapsedMs = 0;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

/// Sends one request and spins the event loop (so an in-process server can answer) until the
/// reply finishes or `timeoutMs` passes.
inline HttpResult request(QNetworkAccessManager &nam, const QUrl &base, const QByteArray &verb,
                          const QString &pathAndQuery, const QByteArray &body = {},
                          const QByteArray &contentType = "application/json", int timeoutMs = 10000)
{
    QUrl url = base;
    const qsizetype q = pathAndQuery.indexOf(QLatin1Char('?'));
    url.setPath(q < 0 ? pathAndQuery : pathAndQuery.left(q));
    if (q >= 0)
        url.setQuery(pathAndQuery.mid(q + 1), QUrl::StrictMode);
    QNetworkRequest req(url);
    if (prepareRequest)
        prepareRequest(req);
    if (!body.isEmpty())
        req.setHeader(QNetworkRequest::ContentTypeHeader, contentType);
    QElapsedTimer t;
    t.start();
    QNetworkReply *reply = nam.sendCustomRequest(req, verb, body);
    HttpResult r;
    if (!reply->isFinished()) {
        QSignalSpy spy(reply, &QNetworkReply::finished);
        if (!spy.wait(timeoutMs)) {
            reply->abort();
            reply->deleteLater();
            r.status = -1;
            return r;
        }
    }
    r.elapsedMs = t.elapsed();
    r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    r.body = reply->readAll();
    r.error = reply->error();
    r.retryAfter = reply->rawHeader("Retry-After");
    reply->deleteLater();
    return r;
}

inline HttpResult get(QNetworkAccessManager &nam, const QUrl &base, const QString &pathAndQuery)
{
    return request(nam, base, "GET", pathAndQuery);
}

/// A watch as a client sees it: the reply, each complete event line parsed, and the raw tail.
class WatchClient : public QObject {
public:
    WatchClient(QNetworkAccessManager &nam, const QUrl &base, const QString &pathAndQuery)
    {
        QUrl url = base;
        const qsizetype q = pathAndQuery.indexOf(QLatin1Char('?'));
        url.setPath(pathAndQuery.left(q));
        url.setQuery(pathAndQuery.mid(q + 1), QUrl::StrictMode);
        QNetworkRequest req(url);
        if (prepareRequest)
            prepareRequest(req);
        m_reply = nam.get(req);
        connect(m_reply, &QNetworkReply::readyRead, this, [this] { read(); });
        connect(m_reply, &QNetworkReply::finished, this, [this] {
            read();
            m_tail += m_reply->readAll();
            finished = true;
            error = m_reply->error();
            status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        });
    }
    ~WatchClient() override
    {
        if (m_reply) {
            m_reply->disconnect(this);
            m_reply->abort();
            m_reply->deleteLater();
        }
    }
    void abort() { m_reply->abort(); }
    QStringList types() const
    {
        QStringList t;
        for (const QJsonObject &e : events)
            t << e.value(QLatin1String("type")).toString();
        return t;
    }
    bool started() const
    {
        return m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() == 200;
    }

    QList<QJsonObject> events;
    QList<QByteArray> lines; ///< every complete line as received (newline stripped)
    QByteArray m_tail;
    bool finished = false;
    int status = 0;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;

private:
    void read()
    {
        while (m_reply->canReadLine()) {
            const QByteArray line = m_reply->readLine();
            lines << line.chopped(line.endsWith('\n') ? 1 : 0);
            events << QJsonDocument::fromJson(line).object();
        }
    }
    QNetworkReply *m_reply = nullptr;
};

} // namespace simtest
