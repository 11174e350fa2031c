// SPDX-License-Identifier: Apache-2.0
#include "httpcalls.h"

#include "restnetworkaccessmanager.h"
#include "silencewatchdog.h"
#include "watchdecoder.h"

#include "api/objectdecode.h"
#include "trace/tsan.h"

#include <QElapsedTimer>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QNetworkReply>
#include <QSslConfiguration>
#include <QSslError>
#include <QThreadPool>

#include <QtConcurrent/QtConcurrentRun>
#include <cstring>

#include <memory>
#include <utility>

namespace lens {

namespace {

/// client-go's StreamWatcher.receive: data the decoder refuses becomes an ERROR event with an
/// InternalError Status ("unable to decode an event from the watch stream: <why>").
WatchEvent undecodableEvent(const QString &why)
{
    WatchEvent ev;
    ev.type = WatchEvent::Type::Error;
    ev.typeName = QStringLiteral("ERROR");
    ev.status.code = 500;
    ev.status.reason = QStringLiteral("InternalError");
    ev.status.message = QStringLiteral("unable to decode an event from the watch stream: ") + why;
    return ev;
}
int httpStatus(QNetworkReply *reply)
{
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

QString endpoint(QNetworkReply *reply)
{
    return SilenceWatchdog::endpoint(reply->url());
}
/// Why a TLS handshake failed, in terms of what the configuration gave: a CA from the
/// kubeconfig, or only this machine's trust store; and a client certificate or none.
QString tlsFailureCause(QNetworkReply *reply)
{
    // The handshake's own reason (QSslError's words) comes first when it is not about trust.
    const QString said = reply->errorString();
    if (said.contains(QSslError(QSslError::HostNameMismatch).errorString()))
        return QStringLiteral("the server's certificate is for another host name: connect by a "
                              "name the certificate lists, or set tls-server-name in the "
                              "kubeconfig");
    if (said.contains(QSslError(QSslError::CertificateExpired).errorString()) ||
        said.contains(QSslError(QSslError::CertificateNotYetValid).errorString()))
        return QStringLiteral("the server's certificate is outside its validity dates (is this "
                              "machine's clock right?)");
    const QSslConfiguration ssl = reply->request().sslConfiguration();
    QString cause =
        ssl.caCertificates() == QSslConfiguration::defaultConfiguration().caCertificates()
            ? QStringLiteral("the server's certificate is not signed by any authority "
                             "this machine trusts, and the kubeconfig gives no "
                             "certificate-authority for this cluster")
            : QStringLiteral("the server's certificate is not signed by the "
                             "kubeconfig's certificate-authority");
    if (!ssl.localCertificate().isNull())
        cause += QStringLiteral(", or the server refused the client certificate");
    return cause;
}
} // namespace

static bool isRequestTimeout(const QNetworkReply *reply)
{
    return RestNetworkAccessManager::timedOutAfterMs(reply) > 0;
}

/// The request timeout (rest.Config.Timeout) or a SilenceWatchdog aborted `reply`.
static bool isTimedOut(const QNetworkReply *reply)
{
    return isRequestTimeout(reply) || SilenceWatchdog::silenceMessage(reply).has_value();
}

/// Why `reply` was aborted by a timeout (isTimedOut()).
static ApiStatus requestTimeoutStatus(QNetworkReply *reply)
{
    if (const std::optional<QString> silence = SilenceWatchdog::silenceMessage(reply))
        return ApiStatus::transportError(ApiStatus::Transport::Timeout, *silence);
    return ApiStatus::transportError(
        ApiStatus::Transport::Timeout,
        QStringLiteral("%1 did not finish within the request timeout of %2 s "
                       "(--request-timeout, rest.Config.Timeout)")
            .arg(endpoint(reply))
            .arg(double(RestNetworkAccessManager::timedOutAfterMs(reply)) / 1000.0));
}

ApiStatus statusFromReply(QNetworkReply *reply, const QByteArray &body)
{
    const int code = httpStatus(reply);
    if (code == 0) {
        switch (reply->error()) {
        case QNetworkReply::ConnectionRefusedError:
            return ApiStatus::transportError(ApiStatus::Transport::ConnectionRefused,
                                             endpoint(reply));
        case QNetworkReply::TimeoutError:
        case QNetworkReply::OperationCanceledError:
            if (isTimedOut(reply))
                return requestTimeoutStatus(reply);
            return ApiStatus::transportError(
                ApiStatus::Transport::Timeout,
                QStringLiteral("no data from %1").arg(endpoint(reply)));
        case QNetworkReply::SslHandshakeFailedError:
            return ApiStatus::transportError(
                ApiStatus::Transport::Unreachable,
                QStringLiteral("TLS handshake with %1 failed (%2): %3")
                    .arg(endpoint(reply), reply->errorString(), tlsFailureCause(reply)));
        case QNetworkReply::RemoteHostClosedError:
        case QNetworkReply::ProtocolFailure:
            if (reply->url().scheme() == QLatin1String("http"))
                return ApiStatus::transportError(
                    ApiStatus::Transport::Unreachable,
                    QStringLiteral("%1 from %2: the server hung up on plain HTTP; if it "
                                   "serves HTTPS, write the server address with https://")
                        .arg(reply->errorString(), endpoint(reply)));
            return ApiStatus::transportError(ApiStatus::Transport::Unreachable,
                                             reply->errorString());
        default:
            return ApiStatus::transportError(ApiStatus::Transport::Unreachable,
                                             reply->errorString());
        }
    }
    ApiStatus s;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    if (pe.error == QJsonParseError::NoError && doc.isObject() &&
        doc.object().value(QLatin1String("kind")).toString() == QLatin1String("Status")) {
        s = ApiStatus::fromStatusJson(doc.object(), code);
    } else {
        // Not a metav1.Status: say what came back instead of echoing a web page.
        s.code = code;
        s.message = reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
        const QString type = reply->header(QNetworkRequest::ContentTypeHeader).toString();
        if (!type.contains(QLatin1String("json"))) {
            s.message += QStringLiteral(" — a %1 answer, not a Kubernetes Status: is %2 an API "
                                        "server?")
                             .arg(type.isEmpty() ? QStringLiteral("non-JSON")
                                                 : type.section(QLatin1Char(';'), 0, 0),
                                  reply->url().toString(QUrl::RemoveQuery | QUrl::RemoveUserInfo));
            if (body.contains("HTTP request to an HTTPS server"))
                s.message += QStringLiteral(" The server speaks HTTPS: write its address with "
                                            "https://.");
        } else if (const QByteArray snippet = body.left(200).trimmed(); !snippet.isEmpty()) {
            s.message += QStringLiteral(" (") + QString::fromUtf8(snippet) + QLatin1Char(')');
        }
    }
    bool ok = false;
    const int retryAfter = reply->rawHeader("Retry-After").toInt(&ok);
    if (ok && retryAfter > 0)
        s.retryAfterSeconds = retryAfter;
    return s;
}

HttpListCall::HttpListCall(QNetworkReply *reply)
{
    if (reply)
        attach(reply);
}

void HttpListCall::attach(QNetworkReply *reply)
{
    if (m_done) { // aborted while its credential was fetched
        reply->abort();
        reply->deleteLater();
        return;
    }
    m_reply = reply;
    reply->setParent(this);
    connect(reply, &QNetworkReply::finished, this, &HttpListCall::onFinished);
    if (m_watchdog)
        m_watchdog->watch(reply);
}

void HttpListCall::setSilenceLimits(const Clock *clock, qint64 noAnswerMs, qint64 silenceMs)
{
    delete m_watchdog;
    m_watchdog =
        new SilenceWatchdog(clock, QStringLiteral("the list"), noAnswerMs, silenceMs, this);
}

void HttpListCall::failBeforeSending(const ApiStatus &error)
{
    if (m_done)
        return;
    m_done = true;
    m_error = error;
    Q_EMIT finished();
}

HttpListCall::~HttpListCall()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
    }
}

void HttpListCall::abort()
{
    if (m_reply && !m_done)
        m_reply->abort(); // emits finished synchronously
    else if (!m_reply && !m_done)
        failBeforeSending(ApiStatus::transportError(ApiStatus::Transport::Unreachable,
                                                    QStringLiteral("list aborted before it was "
                                                                   "sent (waiting for a "
                                                                   "credential)")));
}

void HttpListCall::onFinished()
{
    if (m_done)
        return;
    m_done = true;
    QByteArray body = m_reply->readAll();
    const int code = httpStatus(m_reply);
    if (m_reply->error() != QNetworkReply::NoError || code < 200 || code >= 300) {
        m_error = statusFromReply(m_reply, body);
        if (m_reply->error() == QNetworkReply::OperationCanceledError && code == 0 &&
            !isTimedOut(m_reply))
            m_error.message = QStringLiteral("list aborted or timed out");
        Q_EMIT finished();
        return;
    }
    // Parsed on the decoder thread; finished() comes back here. QtConcurrent::run reports the
    // future finished exactly once. (A QPromise in a shared_ptr did not: destroyed on the
    // decoder thread after this thread's takeResult() had reset the future, it reported it
    // finished again, and the second takeResult() read an empty result store.)
    m_parsing = new QFutureWatcher<Parsed>(this);
    connect(m_parsing, &QFutureWatcher<Parsed>::finished, this, [this] {
        tsan::tookOver(decoderPool());
        Parsed p = m_parsing->future().takeResult();
        m_ok = p.ok;
        m_page = std::move(p.page);
        m_error = std::move(p.error);
        Q_EMIT finished();
    });
    // Moved, so that the decoder owns the only reference and can parse the body in place.
    tsan::handOff(decoderPool());
    m_parsing->setFuture(
        QtConcurrent::run(decoderPool(), [body = tsan::Captured(std::move(body))]() mutable {
            tsan::tookOver(decoderPool());
            Parsed parsed = parse(*body);
            tsan::handOff(decoderPool());
            return parsed;
        }));
}

HttpListCall::Parsed HttpListCall::parse(QByteArray &body)
{
    Parsed out;
    if (fastjson::ListBody fast; fastjson::decodeList(body, &fast)) {
        out.page.items = std::move(fast.items);
        out.page.resourceVersion = std::move(fast.resourceVersion);
        out.page.continueToken = std::move(fast.continueToken);
        if (fast.remainingItemCount)
            out.page.remainingItemCount = *fast.remainingItemCount;
        out.ok = true;
        return out;
    }
    // What the fast path declines: Qt's parser gives the result or the error, as it always did.
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        out.error =
            ApiStatus::transportError(pe.error == QJsonParseError::UnterminatedObject ||
                                              pe.error == QJsonParseError::UnterminatedArray ||
                                              pe.error == QJsonParseError::UnterminatedString
                                          ? ApiStatus::Transport::Truncated
                                          : ApiStatus::Transport::Decode,
                                      pe.error != QJsonParseError::NoError
                                          ? QStringLiteral("list body is not valid JSON at byte "
                                                           "%1: %2")
                                                .arg(pe.offset)
                                                .arg(pe.errorString())
                                          : QStringLiteral("list body is JSON but not an object "
                                                           "(expected a kind: ...List)"));
        return out;
    }
    const QJsonObject list = doc.object();
    const QJsonObject meta = list.value(QLatin1String("metadata")).toObject();
    QString itemKind = list.value(QLatin1String("kind")).toString();
    if (itemKind.endsWith(QLatin1String("List")))
        itemKind.chop(4);
    const QString apiVersion = list.value(QLatin1String("apiVersion")).toString();
    // client-go decodes a list into its typed List struct: an items field that is not an array,
    // an item that is not an object or a metadata field of the wrong type fails the whole list
    // (the reflector keeps its store and retries), never an empty or misread list.
    auto refuse = [&out](const QString &what) {
        out.error = ApiStatus::transportError(
            ApiStatus::Transport::Decode,
            QStringLiteral("%1 (client-go's decoder refuses such a list)").arg(what));
        return out;
    };
    const QJsonValue itemsValue = list.value(QLatin1String("items"));
    if (const QString e =
            jsonTypeMismatch(itemsValue, QJsonValue::Array, QStringLiteral("\"items\""));
        !e.isEmpty())
        return refuse(e);
    if (!list.value(QLatin1String("metadata")).isUndefined() &&
        !list.value(QLatin1String("metadata")).isNull() &&
        !list.value(QLatin1String("metadata")).isObject())
        return refuse(QStringLiteral("the list's \"metadata\" is not an object"));
    for (const char *f : {"resourceVersion", "continue"}) {
        const QJsonValue v = meta.value(QLatin1String(f));
        if (!v.isUndefined() && !v.isNull() && !v.isString())
            return refuse(
                QStringLiteral("the list's metadata.%1 is not a string").arg(QLatin1String(f)));
    }
    const QJsonArray items = itemsValue.toArray();
    out.page.items.reserve(items.size());
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QJsonValue v = items.at(i);
        if (!v.isObject())
            return refuse(QStringLiteral("items[%1] is not an object").arg(i));
        QJsonObject o = v.toObject();
        if (const QString e = Object::decodeError(o); !e.isEmpty())
            return refuse(QStringLiteral("items[%1]: %2").arg(i).arg(e));
        // Items of a list usually omit kind/apiVersion; client-go's decoder fills them in.
        if (!o.contains(QLatin1String("kind")) && !itemKind.isEmpty())
            o.insert(QLatin1String("kind"), itemKind);
        if (!o.contains(QLatin1String("apiVersion")) && !apiVersion.isEmpty())
            o.insert(QLatin1String("apiVersion"), apiVersion);
        out.page.items << Object::fromJson(o);
    }
    out.page.resourceVersion = meta.value(QLatin1String("resourceVersion")).toString();
    out.page.continueToken = meta.value(QLatin1String("continue")).toString();
    if (meta.contains(QLatin1String("remainingItemCount")))
        out.page.remainingItemCount = meta.value(QLatin1String("remainingItemCount")).toInteger();
    out.ok = true;
    return out;
}

bool decodeWatchEvent(QByteArrayView line, WatchEvent *out, QString *error)
{
    static const QHash<QString, WatchEvent::Type> types{
        {QStringLiteral("ADDED"), WatchEvent::Type::Added},
        {QStringLiteral("MODIFIED"), WatchEvent::Type::Modified},
        {QStringLiteral("DELETED"), WatchEvent::Type::Deleted},
        {QStringLiteral("BOOKMARK"), WatchEvent::Type::Bookmark},
        {QStringLiteral("ERROR"), WatchEvent::Type::Error},
    };
    if (fastjson::decodeWatchEvent(line, &out->typeName, &out->object)) {
        out->type = types.value(out->typeName, WatchEvent::Type::Unknown);
        return true;
    }
    // ERROR events (a metav1.Status) and what the fast path declines.
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(line.toByteArray(), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        *error = pe.error != QJsonParseError::NoError
                     ? QStringLiteral("%1 at byte %2").arg(pe.errorString()).arg(pe.offset)
                     : QStringLiteral("not a JSON object");
        return false;
    }
    const QJsonObject ev = doc.object();
    const QJsonValue obj = ev.value(QLatin1String("object"));
    if (!ev.value(QLatin1String("type")).isString() || !obj.isObject()) {
        *error = QStringLiteral("a watch event needs \"type\" and \"object\"");
        return false;
    }
    out->typeName = ev.value(QLatin1String("type")).toString();
    out->type = types.value(out->typeName, WatchEvent::Type::Unknown);
    // As for a list item: a metadata field of the wrong type fails the event's decoding
    // (client-go's StreamWatcher reports it as an InternalError and the watch is restarted).
    if (out->type != WatchEvent::Type::Error)
        if (const QString e = Object::decodeError(obj.toObject()); !e.isEmpty()) {
            *error = QStringLiteral("the %1 event's object: %2").arg(out->typeName, e);
            return false;
        }
    if (out->type == WatchEvent::Type::Error)
        out->status = ApiStatus::fromStatusJson(obj.toObject());
    else
        out->object = Object::fromJson(obj.toObject());
    return true;
}

HttpWatchCall::HttpWatchCall(QNetworkReply *reply, qint64 backlogLimit)
    : m_decoder(new WatchDecoder(this)),
      m_backlogLimit(backlogLimit > 0 ? backlogLimit : defaultBacklogLimit())
{
    connect(m_decoder, &WatchDecoder::ready, this, &HttpWatchCall::pump);
    m_nextSlice.setSingleShot(true);
    m_nextSlice.setInterval(0);
    connect(&m_nextSlice, &QTimer::timeout, this, &HttpWatchCall::pump);
    if (reply)
        attach(reply);
}

void HttpWatchCall::attach(QNetworkReply *reply)
{
    if (m_stopped) { // stopped while its credential was fetched
        reply->abort();
        reply->deleteLater();
        return;
    }
    m_reply = reply;
    reply->setParent(this);
    // Back-pressure: Qt stops reading the socket past this, so the server waits.
    reply->setReadBufferSize(readBufferBytes());
    connect(reply, &QNetworkReply::readyRead, this, &HttpWatchCall::onReadyRead);
    connect(reply, &QNetworkReply::finished, this, &HttpWatchCall::onFinished);
    if (m_watchdog) // undelivered data means this call is behind, not that the server is silent
        m_watchdog->watch(reply, [this] { return backlogBytes() > 0; });
}

void HttpWatchCall::setSilenceLimits(const Clock *clock, qint64 noAnswerMs, qint64 silenceMs)
{
    delete m_watchdog;
    m_watchdog =
        new SilenceWatchdog(clock, QStringLiteral("the watch"), noAnswerMs, silenceMs, this);
}

void HttpWatchCall::failBeforeSending(const ApiStatus &error)
{
    if (m_stopped)
        return;
    m_stopped = true;
    m_responded = false;
    Q_EMIT ended(error);
}

HttpWatchCall::~HttpWatchCall()
{
    stop();
}

void HttpWatchCall::stop()
{
    if (m_stopped)
        return;
    m_stopped = true;
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
    }
}

void HttpWatchCall::onReadyRead()
{
    if (m_stopped)
        return;
    const int code = httpStatus(m_reply);
    if (code != 200) {
        m_errorBody += m_reply->readAll();
        return;
    }
    m_responded = true;
    pump();
}

qint64 HttpWatchCall::backlogBytes() const
{
    return (m_reply ? m_reply->bytesAvailable() : 0) + (m_lines.size() - m_pos) +
           m_decoder->pendingBytes();
}

void HttpWatchCall::fallBehind()
{
    m_behindMiB = double(backlogBytes()) / (1024.0 * 1024.0);
    m_fellBehind = true;
    // Keep up to the limit (at least one whole line, so every round makes progress); the rest
    // is let go with the connection.
    dropSubmitted();
    const qint64 room = m_backlogLimit - m_lines.size() - m_decoder->pendingBytes();
    if (room > 0)
        readFromReply(room);
    if (lastNewline() < 0)
        m_lines += m_reply->readLine();
    m_reply->disconnect(this);
    m_reply->abort();
}

void HttpWatchCall::dropSubmitted()
{
    if (m_pos == 0)
        return;
    m_lines = m_lines.sliced(m_pos); // a copy of the unsubmitted tail (at most one line)
    m_searchedTo -= m_pos;
    m_lastNewline = m_lastNewline >= m_pos ? m_lastNewline - m_pos : -1;
    m_pos = 0;
}

void HttpWatchCall::readFromReply(qint64 maxBytes)
{
    const qint64 n = qMin(maxBytes, m_reply->bytesAvailable());
    if (n <= 0)
        return;
    const qsizetype had = m_lines.size();
    m_lines.resize(had + n);
    const qint64 got = m_reply->read(m_lines.data() + had, n);
    m_lines.resize(had + qMax<qint64>(got, 0));
}

qsizetype HttpWatchCall::lastNewline()
{
    // Only what arrived since the last search is searched: a line of megabytes arriving a
    // megabyte at a time is searched once, not once per read, and the unfinished line at the
    // end is not searched again for every event delivered while it waits.
    if (m_searchedTo < m_lines.size()) {
        const char *data = m_lines.constData();
        const void *at = memrchr(data + m_searchedTo, '\n', size_t(m_lines.size() - m_searchedTo));
        if (at)
            m_lastNewline = static_cast<const char *>(at) - data;
        m_searchedTo = m_lines.size();
    }
    return m_lastNewline >= m_pos ? m_lastNewline : -1;
}

bool HttpWatchCall::lineTooLong()
{
    // Whole lines before it are the decoder's; the unfinished one is m_lines past its last
    // newline and, when the reply's buffer holds no newline either, all of that buffer.
    const qsizetype last = lastNewline();
    const qint64 held = m_lines.size() - qMax(m_pos, last + 1);
    if (held > maxEventBytes())
        return true;
    // Sizes first: canReadLine() searches the reply's buffer, and this runs once per event.
    if (!m_reply || held + m_reply->bytesAvailable() <= maxEventBytes())
        return false;
    return !m_reply->canReadLine();
}

void HttpWatchCall::rejectLongLine()
{
    // apimachinery's streaming decoder: ErrObjectTooLarge, which StreamWatcher.receive turns
    // into an ERROR event before it stops.
    m_stopped = true;
    m_lines.clear();
    m_pos = 0;
    m_searchedTo = 0;
    m_lastNewline = -1;
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
    }
    Q_EMIT eventReceived(undecodableEvent(
        QStringLiteral("object to decode was longer than maximum allowed size (a line of more "
                       "than %1 MiB without a newline; client-go's streaming decoder takes at "
                       "most %1 MiB per event)")
            .arg(maxEventBytes() / (1024 * 1024))));
}

void HttpWatchCall::submitLines()
{
    constexpr qsizetype kChunk = 64 * 1024;
    while (m_decoder->pendingBytes() < maxDecodingBytes()) {
        const qsizetype last = lastNewline();
        if (last < m_pos) {
            // Out of whole lines: keep the partial one and take the next megabyte the reply
            // holds (not all of it: a backlog of megabytes stays there, counted, instead of
            // being copied in one turn). A line longer than that takes several reads. A
            // watch that fell behind reads nothing more.
            if (m_behindMiB >= 0 || !m_reply || m_reply->bytesAvailable() <= 0)
                return;
            dropSubmitted();
            readFromReply(maxDecodingBytes());
            continue;
        }
        const qsizetype end = last - m_pos > kChunk ? m_lines.indexOf('\n', m_pos + kChunk) : last;
        m_decoder->submit(m_lines, m_pos, end + 1 - m_pos);
        m_pos = end + 1;
    }
}

void HttpWatchCall::pump()
{
    if (m_nextSlice.isActive())
        return; // the last slice used its budget: the next one waits for its timer
    QElapsedTimer budget;
    budget.start();
    for (;;) {
        if (m_stopped || !m_reply)
            return;
        if (m_behindMiB < 0 && lineTooLong()) {
            // The events before the long line are delivered first (they may still be decoding);
            // nothing more is read meanwhile.
            if (m_decoder->pendingBytes() == 0) {
                rejectLongLine();
                return;
            }
        } else {
            if (!m_finishedPending && m_behindMiB < 0 && backlogBytes() > m_backlogLimit)
                fallBehind();
            submitLines();
        }
        if (!m_decoder->hasNext()) {
            // Decoding (ready() comes back here), or everything whole was delivered.
            if (m_decoder->pendingBytes() == 0)
                allDelivered();
            return;
        }
        if (budget.elapsed() >= sliceBudgetMs()) {
            m_nextSlice.start();
            return;
        }
        DecodedWatchLine d;
        m_decoder->next(&d);
        if (!d.ok) {
            Q_EMIT eventReceived(undecodableEvent(d.error));
            return;
        }
        Q_EMIT eventReceived(d.event);
    }
}

void HttpWatchCall::allDelivered()
{
    if (m_behindMiB >= 0) {
        // What was kept is delivered: end, so the reflector resumes from here.
        m_stopped = true;
        m_lines.clear();
        m_pos = 0;
        m_searchedTo = 0;
        m_lastNewline = -1;
        Q_EMIT ended(ApiStatus::transportError(
            ApiStatus::Transport::ConnectionLost,
            QStringLiteral("this client fell %1 MiB behind the stream and let it go (as "
                           "kube-apiserver closes a watcher that falls behind); the events it "
                           "had not decoded come again from the last resourceVersion")
                .arg(m_behindMiB, 0, 'f', 1)));
        return;
    }
    if (!m_finishedPending)
        return;
    const QByteArray rest =
        (m_lines.mid(m_pos) + (m_reply->isOpen() ? m_reply->readAll() : QByteArray())).trimmed();
    if (!rest.isEmpty()) {
        // The last line had no newline: either a complete event or a cut-off one.
        WatchEvent ev;
        QString err;
        if (decodeWatchEvent(rest, &ev, &err)) {
            Q_EMIT eventReceived(ev);
        } else {
            m_stopped = true;
            Q_EMIT ended(ApiStatus::transportError(
                ApiStatus::Transport::Truncated,
                QStringLiteral("the watch stream ended in the middle of an event (%1 bytes)")
                    .arg(rest.size())));
            return;
        }
    }
    if (m_stopped || !m_reply)
        return;
    m_stopped = true;
    // A stream that breaks after the answer began (reset, silence past the transfer timeout)
    // is reported as a transport error; the reflector resumes from its RV.
    if (m_reply->error() == QNetworkReply::NoError)
        Q_EMIT ended(ApiStatus{});
    else if (isTimedOut(m_reply))
        Q_EMIT ended(requestTimeoutStatus(m_reply));
    else
        Q_EMIT ended(ApiStatus::transportError(ApiStatus::Transport::ConnectionLost,
                                               m_reply->errorString()));
}

void HttpWatchCall::onFinished()
{
    if (m_stopped || !m_reply)
        return;
    const int code = httpStatus(m_reply);
    if (code == 200) {
        m_responded = true;
        // Events still buffered are delivered (in slices) before the end is reported.
        m_finishedPending = true;
        pump();
        return;
    }
    m_stopped = true;
    m_errorBody += m_reply->readAll();
    m_responded = false;
    Q_EMIT ended(statusFromReply(m_reply, m_errorBody));
}

} // namespace lens
