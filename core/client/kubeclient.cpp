// SPDX-License-Identifier: Apache-2.0
#include "kubeclient.h"

#include "httpcalls.h"
#include "trace/journal.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QNetworkRequest>

#include <memory>
#include <utility>

namespace lens {

KubeClient::KubeClient(RestConfig config, Journal *journal, const QString &actor, QObject *parent)
    : QObject(parent), m_config(std::move(config)), m_journal(journal), m_actor(actor)
{
}

KubeClient::~KubeClient() = default;

QString KubeClient::objectPath(const QString &group, const QString &version,
                               const QString &resource, const QString &ns, const QString &name,
                               const QString &subresource)
{
    QString p = group.isEmpty() ? QStringLiteral("/api/") + version
                                : QStringLiteral("/apis/%1/%2").arg(group, version);
    if (!ns.isEmpty())
        p += QStringLiteral("/namespaces/") + ns;
    p += QLatin1Char('/') + resource;
    if (!name.isEmpty())
        p += QLatin1Char('/') + name;
    if (!subresource.isEmpty())
        p += QLatin1Char('/') + subresource;
    return p;
}

quint64 KubeClient::create(const QString &collectionPath, const QJsonObject &object, Callback done,
                           const Tag &tag)
{
    return send("POST", collectionPath, QJsonDocument(object).toJson(QJsonDocument::Compact),
                "application/json", std::move(done), tag);
}

quint64 KubeClient::update(const QString &path, const QJsonObject &object, Callback done,
                           const Tag &tag)
{
    return send("PUT", path, QJsonDocument(object).toJson(QJsonDocument::Compact),
                "application/json", std::move(done), tag);
}

quint64 KubeClient::patch(const QString &path, const QJsonObject &patch,
                          const QByteArray &contentType, Callback done, const Tag &tag)
{
    return send("PATCH", path, QJsonDocument(patch).toJson(QJsonDocument::Compact), contentType,
                std::move(done), tag);
}

quint64 KubeClient::remove(const QString &path, Callback done, const Tag &tag)
{
    return send("DELETE", path, {}, {}, std::move(done), tag);
}

void KubeClient::setReadOnly(bool readOnly, const QString &why)
{
    m_readOnly = readOnly;
    m_readOnlyWhy = why;
}

quint64 KubeClient::send(const QByteArray &verb, const QString &path, const QByteArray &body,
                         const QByteArray &contentType, Callback done, const Tag &tag)
{
    const quint64 id = m_nextId++;
    journalSent(id, verb, path, tag);
    if (m_readOnly) {
        ++m_refused;
        // Refused here, before any byte leaves: the answer is journaled like a server's 403 so
        // the views say why nothing was written.
        Result r;
        r.code = 0;
        r.error.code = 403;
        r.error.reason = QStringLiteral("Forbidden");
        r.error.message = m_readOnlyWhy.isEmpty()
                              ? QStringLiteral("writes are switched off (read-only client)")
                              : m_readOnlyWhy;
        r.error.failedVerb = QString::fromLatin1(verb).toLower();
        r.error.failedTarget = path;
        journalFinished(id, verb, path, tag, r);
        QMetaObject::invokeMethod(
            this, [done = std::move(done), r] { done(r); }, Qt::QueuedConnection);
        return id;
    }
    if (!m_config.credentialReady()) {
        // The exec plugin runs first (asynchronously, one run for every waiting request); a
        // failed run fails the request before any byte leaves, as client-go's round tripper.
        m_config.withCredential(this, [this, id, verb, path, body, contentType, tag,
                                       done = std::move(done)](const QString &error) mutable {
            if (error.isEmpty()) {
                transmit(id, verb, path, body, contentType, std::move(done), tag);
                return;
            }
            Result r;
            r.error = ApiStatus::transportError(ApiStatus::Transport::Unreachable, error);
            r.error.failedVerb = QString::fromLatin1(verb).toLower();
            r.error.failedTarget = path;
            journalFinished(id, verb, path, tag, r);
            done(r);
        });
        return id;
    }
    if (m_gate) {
        m_waiting.append(
            [this, id, verb, path, body, contentType, tag, done = std::move(done)]() mutable {
                transmit(id, verb, path, body, contentType, std::move(done), tag);
            });
        sendNextWaiting();
        return id;
    }
    transmit(id, verb, path, body, contentType, std::move(done), tag);
    return id;
}

void KubeClient::sendNextWaiting()
{
    if (m_inFlight == 0 && !m_waiting.isEmpty())
        m_waiting.takeFirst()();
}

void KubeClient::deliver(quint64 id, const QByteArray &verb, const QString &path, const Tag &tag,
                         const Result &r, const Callback &done)
{
    --m_inFlight;
    Q_EMIT inFlightChanged(m_inFlight);
    journalFinished(id, verb, path, tag, r);
    done(r);
    if (m_gate)
        sendNextWaiting();
}

void KubeClient::transmit(quint64 id, const QByteArray &verb, const QString &path,
                          const QByteArray &body, const QByteArray &contentType, Callback done,
                          const Tag &tag)
{
    QNetworkRequest req = m_config.request(m_config.url(path));
    if (!contentType.isEmpty())
        req.setHeader(QNetworkRequest::ContentTypeHeader, contentType);
    if (m_timeoutMs > 0)
        req.setTransferTimeout(m_timeoutMs);
    QNetworkReply *reply = body.isEmpty() && verb != "POST"
                               ? m_nam.sendCustomRequest(req, verb)
                               : m_nam.sendCustomRequest(req, verb, body);
    ++m_inFlight;
    m_peakInFlight = std::max(m_peakInFlight, m_inFlight);
    Q_EMIT inFlightChanged(m_inFlight);
    // Latency on the journal's Clock, like every other duration the journal shows (on a
    // scenario's clock under --at a request takes no scenario time, so the journal stays the
    // same on every run); real time without a journal.
    const Clock *clock = m_journal ? m_journal->clock() : nullptr;
    auto started = std::make_shared<QElapsedTimer>();
    started->start();
    const qint64 startedMs = clock ? clock->nowMs() : 0;
    connect(reply, &QNetworkReply::finished, this,
            [this, reply, id, verb, path, tag, started, clock, startedMs, done = std::move(done)] {
                reply->deleteLater();
                const QByteArray answer = reply->readAll();
                Result r;
                r.latencyMs = clock ? clock->nowMs() - startedMs : started->elapsed();
                r.code = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
                if (reply->error() == QNetworkReply::NoError && r.code / 100 == 2) {
                    QJsonParseError pe;
                    const QJsonDocument doc = QJsonDocument::fromJson(answer, &pe);
                    if (pe.error == QJsonParseError::NoError && doc.isObject()) {
                        r.ok = true;
                        if (doc.object().value(QLatin1String("kind")).toString() !=
                            QLatin1String("Status"))
                            r.object = Object::parse(answer); // the server's own bytes
                    } else {
                        r.error = ApiStatus::transportError(
                            ApiStatus::Transport::Decode,
                            QStringLiteral("the answer to %1 %2 is not a JSON object: %3")
                                .arg(QString::fromLatin1(verb), path, pe.errorString()));
                    }
                } else {
                    r.error = statusFromReply(reply, answer);
                }
                if (!r.ok) {
                    r.error.failedVerb = QString::fromLatin1(verb).toLower();
                    r.error.failedTarget = path;
                }
                if (!m_gate) {
                    deliver(id, verb, path, tag, r, done);
                    return;
                }
                auto released = std::make_shared<bool>(false);
                m_gate(r, [this, released, id, verb, path, tag, r, done] {
                    if (std::exchange(*released, true))
                        return;
                    deliver(id, verb, path, tag, r, done);
                });
            });
}

namespace {
void insertTag(QJsonObject *d, const KubeClient::Tag &tag)
{
    if (!tag.worker.isEmpty())
        d->insert(QLatin1String("worker"), tag.worker);
    if (!tag.queueKey.isEmpty())
        d->insert(QLatin1String("queueKey"), tag.queueKey);
    if (!tag.objectKey.isEmpty())
        d->insert(QLatin1String("objectKey"), tag.objectKey);
}
} // namespace

void KubeClient::journalSent(quint64 id, const QByteArray &verb, const QString &path,
                             const Tag &tag)
{
    if (!m_journal)
        return;
    TraceEvent e;
    e.kind = TraceKind::ApiRequestSent;
    e.component = tag.actor.isEmpty() ? m_actor : tag.actor;
    e.key = tag.objectKey;
    e.type = QString::fromLatin1(verb);
    QJsonObject d;
    d.insert(QLatin1String("requestId"), qint64(id));
    d.insert(QLatin1String("verb"), QString::fromLatin1(verb));
    d.insert(QLatin1String("path"), path);
    insertTag(&d, tag);
    e.detail = d;
    m_journal->record(std::move(e));
}

void KubeClient::journalFinished(quint64 id, const QByteArray &verb, const QString &path,
                                 const Tag &tag, const Result &r)
{
    if (!m_journal)
        return;
    TraceEvent e;
    e.kind = TraceKind::ApiRequestFinished;
    e.component = tag.actor.isEmpty() ? m_actor : tag.actor;
    e.key = tag.objectKey;
    e.type = QString::fromLatin1(verb);
    e.resourceVersion = r.object.isNull() ? QString() : r.object.resourceVersion();
    QJsonObject d;
    d.insert(QLatin1String("requestId"), qint64(id));
    d.insert(QLatin1String("verb"), QString::fromLatin1(verb));
    d.insert(QLatin1String("path"), path);
    d.insert(QLatin1String("code"), r.ok ? r.code : r.error.code);
    d.insert(QLatin1String("latencyMs"), r.latencyMs);
    if (!r.ok)
        d.insert(QLatin1String("status"), r.error.toDetail());
    insertTag(&d, tag);
    e.detail = d;
    m_journal->record(std::move(e));
}

} // namespace lens
