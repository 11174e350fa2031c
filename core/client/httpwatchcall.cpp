// SPDX-License-Identifier: Apache-2.0
// HttpWatchCall (httpcalls.h): a WATCH over one QNetworkReply, its lines decoded on the
// decoder thread (watchdecoder.h), and decodeWatchEvent.
#include "httpcalls.h"
#include "httpcalls_p.h"
#include "silencewatchdog.h"
#include "watchdecoder.h"

#include "api/objectdecode.h"
#include "api/objectpacker.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QNetworkReply>

#include <cstring>

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

/// The event's type from its name (metav1.WatchEvent's "type"). A comparison, not a static table:
/// the decoder thread may still be decoding while the process exits and destroys its statics.
WatchEvent::Type watchEventType(const QString &name)
{
    if (name == QLatin1String("ADDED"))
        return WatchEvent::Type::Added;
    if (name == QLatin1String("MODIFIED"))
        return WatchEvent::Type::Modified;
    if (name == QLatin1String("DELETED"))
        return WatchEvent::Type::Deleted;
    if (name == QLatin1String("BOOKMARK"))
        return WatchEvent::Type::Bookmark;
    if (name == QLatin1String("ERROR"))
        return WatchEvent::Type::Error;
    return WatchEvent::Type::Unknown;
}

} // namespace

bool decodeWatchEvent(QByteArrayView line, WatchEvent *out, QString *error)
{
    if (fastjson::decodeWatchEvent(line, &out->typeName, &out->object)) {
        out->type = watchEventType(out->typeName);
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
    const QJsonValue type = ev.value(QLatin1String("type"));
    const QJsonValue obj = ev.value(QLatin1String("object"));
    if (!type.isString()) {
        *error = type.isUndefined()
                     ? QStringLiteral("the event has no \"type\"")
                     : jsonTypeMismatch(type, QJsonValue::String, QStringLiteral("type"));
        return false;
    }
    out->typeName = type.toString();
    out->type = watchEventType(out->typeName);
    if (!obj.isObject()) {
        *error = obj.isUndefined() || obj.isNull()
                     ? QStringLiteral("the %1 event has no \"object\"").arg(out->typeName)
                     : QStringLiteral("the %1 event's %2")
                           .arg(out->typeName, jsonTypeMismatch(obj, QJsonValue::Object,
                                                                QStringLiteral("object")));
        return false;
    }
    // A Status that Go could not decode (a code that is not an int32, a reason that is not a
    // string) fails the event as any undecodable object does.
    if (out->type == WatchEvent::Type::Error)
        if (const QString e = ApiStatus::statusJsonProblem(obj.toObject()); !e.isEmpty()) {
            *error = QStringLiteral("the ERROR event's Status: %1").arg(e);
            return false;
        }
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

static_assert(HttpWatchCall::defaultBacklogLimit() > HttpWatchCall::heldAtMostBytes(),
              "a watch that keeps up must never be let go for falling behind");

HttpWatchCall::HttpWatchCall(QNetworkReply *reply, qint64 backlogLimit)
    : m_decoder(new WatchDecoder(this)),
      m_backlogLimit(backlogLimit > 0 ? backlogLimit : defaultBacklogLimit())
{
    connect(m_decoder, &WatchDecoder::ready, this, &HttpWatchCall::pump);
    m_nextSlice.setParent(this); // moves with the call; a profiler names its turns
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
    if (m_watchdog) // deliverable data means this call is behind, not that the server is silent
        m_watchdog->watch(reply, [this] { return deliverableBytes() > 0; });
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

void HttpWatchCall::setObjectPacker(std::shared_ptr<ObjectPacker> packer)
{
    if (!packer) {
        m_decoder->setObjectMap({});
        return;
    }
    m_decoder->setObjectMap(
        [packer = std::move(packer)](const Object &o) { return packer->pack(o); });
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

qint64 HttpWatchCall::deliverableBytes() const
{
    if ((m_reply && m_reply->bytesAvailable() > 0) || m_decoder->pendingBytes() > 0)
        return backlogBytes();
    // Only m_lines past m_pos is left: deliverable when it holds a newline (lastNewline()'s
    // answer for what it searched, memchr for anything appended since).
    if (m_lastNewline >= m_pos)
        return backlogBytes();
    const qsizetype from = qMax(m_pos, m_searchedTo);
    if (from < m_lines.size() &&
        std::memchr(m_lines.constData() + from, '\n', size_t(m_lines.size() - from)))
        return backlogBytes();
    return 0;
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
    if (lastNewline() < 0 && m_reply->isOpen())
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

void HttpWatchCall::dropLines()
{
    m_lines.clear();
    m_pos = 0;
    m_searchedTo = 0;
    m_lastNewline = -1;
}

void HttpWatchCall::readFromReply(qint64 maxBytes)
{
    // An aborted reply is closed: reading it only makes Qt warn "device not open".
    if (!m_reply->isOpen())
        return;
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
    dropLines();
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
        dropLines();
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
        } else if (isTimedOut(m_reply)) {
            // Given up for silence (or the request timeout) while half an event was here: the
            // timeout is the cause, the unfinished event what it cost.
            m_stopped = true;
            ApiStatus st = requestTimeoutStatus(m_reply);
            st.message += QStringLiteral("; the last event had arrived only in part (%1 bytes)")
                              .arg(rest.size());
            Q_EMIT ended(st);
            return;
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
    if (m_reply->isOpen())
        m_errorBody += m_reply->readAll();
    m_responded = false;
    Q_EMIT ended(statusFromReply(m_reply, m_errorBody));
}

} // namespace lens
