// SPDX-License-Identifier: Apache-2.0
#include "httpcalls.h"
#include "httpcalls_p.h"

#include "restnetworkaccessmanager.h"
#include "silencewatchdog.h"
#include "watchdecoder.h"

#include "api/liststream.h"
#include "api/objectdecode.h"
#include "api/objectpacker.h"
#include "trace/tsan.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QMutex>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QSslConfiguration>
#include <QSslError>
#include <QThreadPool>
#include <QWaitCondition>

#include <QtConcurrent/QtConcurrentRun>

#include <memory>
#include <utility>

namespace lens {

/// A successful answer's pieces on their way to a ListStream on the decoder thread: one drain
/// task at a time appends them in order, without holding the lock while it decodes (feed() on
/// this thread never waits for a decode); the final task (complete()) takes over what is left.
struct HttpListCall::Feed {
    QMutex mutex;
    QWaitCondition idle; ///< the drain task stopped appending
    QList<QByteArray> queue;
    qint64 queuedBytes = 0;        ///< in `queue`
    HttpListCall *owner = nullptr; ///< the call, while it may take more of its reply
    bool wakeOwner = false;        ///< the owner holds back until the queue shrinks
    qint64 resumeAt = 0;           ///< to this many bytes
    bool scheduled = false;        ///< a drain task is queued and has not started
    bool draining = false;         ///< a drain task is appending
    bool ending = false;           ///< the final task has taken over the stream
    fastjson::ListStream stream;
    TransformFunc itemTransform; ///< ListOptions::itemTransform, applied as items are decoded
    std::shared_ptr<ObjectPacker> packer; ///< the one in itemTransform, if any

    /// True (and drain() will call the owner's takeArrived() once the queue has shrunk to half)
    /// when `limit` bytes or more wait for the decoder thread.
    bool holdBack(HttpListCall *call, qint64 limit)
    {
        QMutexLocker lock(&mutex);
        if (queuedBytes < limit)
            return false;
        resumeAt = limit / 2;
        owner = call;
        wakeOwner = true;
        return true;
    }
    /// The call takes no more of its reply (it ended, or goes): nothing is posted to it.
    void release()
    {
        QMutexLocker lock(&mutex);
        owner = nullptr;
        wakeOwner = false;
    }

    /// The drain task: appends the queued pieces until none is left or the final task came.
    void drain()
    {
        QMutexLocker lock(&mutex);
        scheduled = false;
        if (ending || draining)
            return; // the final task, or the drain task already at work, takes these
        draining = true;
        while (!queue.isEmpty() && !ending) {
            QByteArray piece = queue.takeFirst();
            queuedBytes -= piece.size();
            lock.unlock();
            stream.append(piece);
            piece = QByteArray(); // released here, on the decoder thread
            transformNewItems();
            lock.relock();
            if (wakeOwner && owner && queuedBytes <= resumeAt) {
                // Posted while `owner` is alive (its destructor clears it under this lock);
                // an event posted to an object is dropped when the object goes.
                wakeOwner = false;
                QMetaObject::invokeMethod(
                    owner, [call = owner] { call->takeArrived(); }, Qt::QueuedConnection);
            }
        }
        draining = false;
        idle.wakeAll();
    }

    /// The final task: waits for a drain task at work, appends what is left, decodes the rest.
    Parsed finish()
    {
        QMutexLocker lock(&mutex);
        ending = true;
        while (draining)
            idle.wait(&mutex);
        const QList<QByteArray> rest = std::exchange(queue, {});
        lock.unlock();
        for (const QByteArray &piece : rest)
            stream.append(piece);
        transformNewItems();
        const qsizetype transformedItems = stream.heldItems();
        Parsed parsed = parseStream(stream);
        transformItems(itemTransform, &parsed, transformedItems); // decoded from the remainder
        packSamples(packer, &parsed);
        return parsed;
    }

    /// The items the stream decoded since the last call through itemTransform: a piece's items
    /// (about 700 pods of 6 KB in 4 MiB) on two threads, half on this one and half on the global
    /// pool's, since packing (zstd) was a third of the decoder thread's time in a large LIST
    /// (docs/performance.md, "Two decoder threads"). Each item is replaced by one thread.
    void transformNewItems()
    {
        if (!itemTransform)
            return;
        const std::span<Object> items = stream.newItems();
        auto map = [this](std::span<Object> part) {
            for (Object &o : part)
                o = transformed(itemTransform, o);
        };
        // While the packer samples, one thread: the list's first objects train it, in order.
        const bool sampling = packer && !packer->trained() && !packer->failed();
        if (!sampling && items.size() >= kParallelItems) {
            const size_t half = items.size() / 2;
            QFuture<void> first =
                QtConcurrent::run(QThreadPool::globalInstance(), map, items.first(half));
            map(items.subspan(half));
            first.waitForFinished();
        } else {
            map(items);
        }
        stream.markNewItemsMapped();
    }
    /// Fewer items are not worth a second thread.
    static constexpr size_t kParallelItems = 64;
};

HttpListCall::HttpListCall(QNetworkReply *reply)
{
    m_moreArrived.setParent(this); // moves with the call; a profiler names its turns
    m_moreArrived.setSingleShot(true);
    m_moreArrived.setInterval(0);
    connect(&m_moreArrived, &QTimer::timeout, this, &HttpListCall::takeArrived);
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
    // Qt stops reading the socket once this much waits in the reply (takeArrived() holds back
    // while the decoder thread is behind), so the server waits instead of the body piling up.
    reply->setReadBufferSize(m_limits.readBufferBytes);
    connect(reply, &QNetworkReply::readyRead, this, &HttpListCall::takeArrived);
    connect(reply, &QNetworkReply::finished, this, &HttpListCall::onFinished);
    if (m_watchdog)
        m_watchdog->watch(reply);
}

void HttpListCall::takeArrived()
{
    if (!m_reply || m_done)
        return;
    // At most pieceBytes per event-loop turn: taking bytes from QNAM copies them, and a
    // backlog of hundreds of MB copied in one turn would stall the thread (and the window).
    if (m_feed && m_feed->holdBack(this, m_limits.decodeAheadBytes))
        return; // the decoder thread is behind: drain() calls again when it caught up
    if (const qint64 n = qMin<qint64>(m_reply->bytesAvailable(), m_limits.pieceBytes); n > 0) {
        const int code = httpStatus(m_reply);
        m_bytesTaken += n;
        if (m_feed || (code >= 200 && code < 300 && m_pieces.isEmpty()))
            feed(m_reply->read(n));
        else
            m_pieces.append(m_reply->read(n));
    }
    if (m_reply->bytesAvailable() > 0)
        m_moreArrived.start();
    else if (m_replyFinished)
        complete();
}

QByteArray HttpListCall::joinPieces(QList<QByteArray> &pieces)
{
    if (pieces.size() == 1) {
        QByteArray only = std::move(pieces.first());
        pieces.clear();
        return only; // parse() adds the padding if it has no room for it
    }
    qsizetype total = 0;
    for (const QByteArray &piece : std::as_const(pieces))
        total += piece.size();
    QByteArray body;
    body.reserve(total + qsizetype(fastjson::kParserPadding));
    for (QByteArray &piece : pieces) {
        body.append(piece);
        piece = QByteArray();
    }
    pieces.clear();
    return body;
}

Object HttpListCall::transformed(const TransformFunc &transform, const Object &item)
{
    QString error;
    Object out = transform(item, &error);
    return error.isEmpty() && !out.isNull() ? out : item; // the FIFO's own call reports it
}

void HttpListCall::transformItems(const TransformFunc &transform, Parsed *parsed, qsizetype from)
{
    if (!transform || !parsed->ok)
        return;
    QList<Object> &items = parsed->page.items;
    for (qsizetype i = from; i < items.size(); ++i)
        items[i] = transformed(transform, items.at(i));
}

void HttpListCall::setItemTransform(TransformFunc transform)
{
    m_itemTransform = std::move(transform);
}

void HttpListCall::setObjectPacker(std::shared_ptr<ObjectPacker> packer)
{
    m_packer = std::move(packer);
}

void HttpListCall::packSamples(const std::shared_ptr<ObjectPacker> &packer, Parsed *parsed)
{
    if (!packer || !parsed->ok || !packer->trained())
        return;
    QList<Object> &items = parsed->page.items;
    const qsizetype n = qMin<qsizetype>(items.size(), packer->samples());
    for (qsizetype i = 0; i < n; ++i)
        if (!items.at(i).isPacked())
            items[i] = packer->pack(items.at(i));
}

void HttpListCall::feed(QByteArray piece)
{
    if (!m_feed) {
        m_feed = std::make_shared<Feed>();
        m_feed->itemTransform = m_itemTransform;
        m_feed->packer = m_packer;
    }
    if (m_bodyStart.size() < kBodyStartBytes)
        m_bodyStart.append(piece.left(kBodyStartBytes - m_bodyStart.size()));
    QMutexLocker lock(&m_feed->mutex);
    m_feed->queuedBytes += piece.size();
    m_feed->queue.append(std::move(piece));
    if (m_feed->scheduled || m_feed->draining)
        return; // the drain task takes it
    m_feed->scheduled = true;
    lock.unlock();
    decoderPool()->start([feed = tsan::Captured(m_feed)]() mutable { (*feed)->drain(); });
}

void HttpListCall::setReadLimits(const ReadLimits &limits)
{
    m_limits = limits;
    if (m_reply)
        m_reply->setReadBufferSize(m_limits.readBufferBytes);
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
    if (m_feed)
        m_feed->release();
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
    if (m_done || m_replyFinished)
        return;
    m_replyFinished = true;
    const int code = httpStatus(m_reply);
    if (m_reply->error() != QNetworkReply::NoError || code < 200 || code >= 300) {
        m_moreArrived.stop();
        m_done = true;
        // An error's Status: small. An aborted reply is closed (reading it, Qt warns).
        const QByteArray last = m_reply->isOpen() ? m_reply->readAll() : QByteArray();
        const qint64 received = m_bytesTaken + last.size();
        m_pieces.append(last);
        QByteArray body = joinPieces(m_pieces);
        if (m_feed) { // a successful answer cut off: what statusFromReply() reads is its start
            body.prepend(m_bodyStart);
            m_feed->release();
            m_feed.reset();
        }
        m_error = statusFromReply(m_reply, body);
        // A 2xx answer whose body stopped before its end (the connection closed or was reset
        // mid-body): the body was cut, not an HTTP error ("200: OK (...)" said nothing).
        if (code >= 200 && code < 300 && m_reply->error() != QNetworkReply::NoError &&
            m_reply->error() != QNetworkReply::OperationCanceledError)
            m_error = ApiStatus::transportError(
                ApiStatus::Transport::Truncated,
                QStringLiteral("the LIST's answer (%1 %2) ended after %3 bytes of its body: %4")
                    .arg(code)
                    .arg(m_reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString())
                    .arg(received)
                    .arg(m_reply->errorString()));
        if (m_reply->error() == QNetworkReply::OperationCanceledError && code == 0 &&
            !isTimedOut(m_reply) && !RestNetworkAccessManager::refusedLegacyCommonName(m_reply))
            m_error.message = QStringLiteral("list aborted or timed out");
        Q_EMIT finished();
        return;
    }
    takeArrived(); // the rest of the body, a piece per turn; then complete()
}

void HttpListCall::complete()
{
    m_done = true;
    // Parsed on the decoder thread; finished() comes back here. QtConcurrent::run reports the
    // future finished exactly once. (A QPromise in a shared_ptr did not: destroyed on the
    // decoder thread after this thread's takeResult() had reset the future, it reported it
    // finished again, and the second takeResult() read an empty result store.)
    m_parsing = new QFutureWatcher<Parsed>(this);
    connect(m_parsing, &QFutureWatcher<Parsed>::finished, this, [this] {
        tsan::tookOver(decoderPool());
        Parsed p = m_parsing->future().takeResult();
        refuseOtherList(&p, m_listKind, m_listApiVersion);
        m_ok = p.ok;
        m_page = std::move(p.page);
        m_error = std::move(p.error);
        Q_EMIT finished();
    });
    if (m_feed) {
        m_feed->release();
        m_parsing->setFuture(
            QtConcurrent::run(decoderPool(), [feed = tsan::Captured(std::move(m_feed))]() mutable {
                Parsed parsed = (*feed)->finish();
                tsan::handOff(decoderPool());
                return parsed;
            }));
        return;
    }
    // Moved, so that the decoder owns the only reference and can join the pieces and parse
    // the body in place.
    tsan::handOff(decoderPool());
    m_parsing->setFuture(QtConcurrent::run(
        decoderPool(), [pieces = tsan::Captured(std::move(m_pieces)), transform = m_itemTransform,
                        packer = m_packer]() mutable {
            tsan::tookOver(decoderPool());
            QByteArray body = joinPieces(*pieces);
            Parsed parsed = parse(body);
            body = QByteArray();
            transformItems(transform, &parsed, 0);
            packSamples(packer, &parsed);
            tsan::handOff(decoderPool());
            return parsed;
        }));
}

HttpListCall::Parsed HttpListCall::parseStream(fastjson::ListStream &stream)
{
    Shift shift;
    shift.headBytes = stream.headBytes();
    shift.removedBytes = stream.removedBytes();
    shift.items = stream.decodedItems();
    QList<Object> items = stream.takeItems();
    QByteArray rest = stream.takeRemainder();
    Parsed out = parse(rest, shift);
    if (out.ok && !items.isEmpty()) {
        items.append(std::move(out.page.items));
        out.page.items = std::move(items);
    }
    return out;
}

bool HttpListCall::refuseNonList(const QJsonObject &body, Parsed *out)
{
    const QJsonValue kindValue = body.value(QLatin1String("kind"));
    if (kindValue.isUndefined() || kindValue.isNull())
        return false; // client-go fills the kind in from the list type it decodes into
    if (!kindValue.isString()) {
        out->error = ApiStatus::transportError(
            ApiStatus::Transport::Decode,
            QStringLiteral("the list's \"kind\" is not a string (client-go's decoder refuses "
                           "such a list)"));
        return true;
    }
    const QString kind = kindValue.toString();
    if (kind.isEmpty() || kind.endsWith(QLatin1String("List")))
        return false;
    if (kind == QLatin1String("Status")) {
        // rest.Result.Into: a Status decoded in place of the object asked for is an error
        // (errors.FromObject), whatever the HTTP code; its code and reason decide what the
        // Reflector does next (a 410 relists).
        out->error = ApiStatus::fromStatusJson(body);
        const QString status = body.value(QLatin1String("status")).toString();
        QString said = QStringLiteral("the LIST was answered with a Status");
        if (!status.isEmpty())
            said += QStringLiteral(" (status \"%1\")").arg(status);
        said += QStringLiteral(", not a list");
        if (!out->error.message.isEmpty())
            said += QStringLiteral(": ") + out->error.message;
        out->error.message = said;
        if (out->error.code == 0)
            out->error.transport = ApiStatus::Transport::Decode;
        return true;
    }
    out->error = ApiStatus::transportError(
        ApiStatus::Transport::Decode,
        QStringLiteral("the LIST was answered with a %1, not a list").arg(kind));
    return true;
}

void HttpListCall::refuseOtherList(Parsed *parsed, const QString &listKind,
                                   const QString &apiVersion)
{
    if (!parsed->ok || listKind.isEmpty())
        return;
    // client-go's typed decoder: "no kind "PodList" is registered for version "apps/v1"".
    const bool otherKind = !parsed->kind.isEmpty() && parsed->kind != listKind;
    const bool otherVersion =
        !apiVersion.isEmpty() && !parsed->apiVersion.isEmpty() && parsed->apiVersion != apiVersion;
    if (!otherKind && !otherVersion)
        return;
    parsed->ok = false;
    parsed->page = ListPage();
    auto named = [](const QString &kind, const QString &version) {
        return version.isEmpty() ? QStringLiteral("kind %1").arg(kind)
                                 : QStringLiteral("kind %1, apiVersion %2").arg(kind, version);
    };
    parsed->error = ApiStatus::transportError(
        ApiStatus::Transport::Decode,
        QStringLiteral("the LIST was answered with %1; it asked for %2")
            .arg(named(parsed->kind.isEmpty() ? listKind : parsed->kind, parsed->apiVersion),
                 named(listKind, apiVersion)));
}

HttpListCall::Parsed HttpListCall::parse(QByteArray &body)
{
    return parse(body, Shift());
}

HttpListCall::Parsed HttpListCall::parse(QByteArray &body, const Shift &shift)
{
    Parsed out;
    // Qt's parser skips a UTF-8 byte order mark; Go's encoding/json, and so client-go's
    // decoder, refuses it. A list behind one is an error that keeps the cache.
    if (body.startsWith("\xEF\xBB\xBF")) {
        out.error = ApiStatus::transportError(
            ApiStatus::Transport::Decode,
            QStringLiteral("list body begins with a UTF-8 byte order mark, which Go's JSON "
                           "decoder refuses (invalid character looking for beginning of value)"));
        return out;
    }
    // A body of another kind than a list (a Status above all) is left to the Qt path, which
    // refuses it with its words.
    if (fastjson::ListBody fast;
        fastjson::decodeList(body, &fast) &&
        (fast.kind.isEmpty() || fast.kind.endsWith(QLatin1String("List")))) {
        out.kind = std::move(fast.kind);
        out.apiVersion = std::move(fast.apiVersion);
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
        out.error = ApiStatus::transportError(
            pe.error == QJsonParseError::UnterminatedObject ||
                    pe.error == QJsonParseError::UnterminatedArray ||
                    pe.error == QJsonParseError::UnterminatedString
                ? ApiStatus::Transport::Truncated
                : ApiStatus::Transport::Decode,
            pe.error != QJsonParseError::NoError
                ? QStringLiteral("list body is not valid JSON at byte "
                                 "%1: %2")
                      .arg(pe.offset >= shift.headBytes ? pe.offset + shift.removedBytes
                                                        : pe.offset)
                      .arg(pe.errorString())
                : QStringLiteral("list body is JSON but not an object "
                                 "(expected a kind: ...List)"));
        return out;
    }
    const QJsonObject list = doc.object();
    if (refuseNonList(list, &out))
        return out;
    out.kind = list.value(QLatin1String("kind")).toString();
    out.apiVersion = list.value(QLatin1String("apiVersion")).toString();
    const QJsonObject meta = list.value(QLatin1String("metadata")).toObject();
    QString itemKind = out.kind;
    if (itemKind.endsWith(QLatin1String("List")))
        itemKind.chop(4);
    const QString apiVersion = list.value(QLatin1String("apiVersion")).toString();
    // client-go decodes a list into its typed List struct: an items field that is not an array,
    // an item that is not an object or a metadata field of the wrong type fails the whole list
    // (the reflector keeps its store and retries), never an empty or misread list.
    auto refuse = [&out](const QString &what) {
        out.page = ListPage(); // nothing of a refused list is kept
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
            return refuse(QStringLiteral("items[%1] is not an object").arg(i + shift.items));
        QJsonObject o = v.toObject();
        if (const QString e = Object::decodeError(o); !e.isEmpty())
            return refuse(QStringLiteral("items[%1]: %2").arg(i + shift.items).arg(e));
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

} // namespace lens
