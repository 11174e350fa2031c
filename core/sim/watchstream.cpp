// SPDX-License-Identifier: Apache-2.0
#include "watchstream.h"

#include "fieldlabels.h"
#include "jsonbytes.h"

#include <QDateTime>
#include <QLocale>
#include <QTcpSocket>

#include <utility>

namespace lens::sim {

namespace {
/// Real time, for streams without a timer clock (Options::timerClock).
const lens::Clock *realTime()
{
    static const lens::SteadyClock clock;
    return &clock;
}

/// Appends the watch event line {"type":"TYPE","object":OBJECT}\n to `out`.
void appendEventLine(QByteArray *out, const char *type, const QByteArray &objectJson)
{
    out->append("{\"type\":\"").append(type).append("\",\"object\":");
    out->append(objectJson).append("}\n");
}
} // namespace

WatchStream::WatchStream(QTcpSocket *socket, Options options, QObject *parent)
    : QObject(parent), m_socket(socket), m_opts(std::move(options)),
      m_timerClock(m_opts.timerClock ? m_opts.timerClock : realTime()),
      m_timeout(new lens::ClockTimer(m_timerClock, this)),
      m_preTimeoutBookmark(new lens::ClockTimer(m_timerClock, this)),
      m_bookmarkTimer(new lens::ClockTimer(m_timerClock, this)),
      m_stallTimer(new lens::ClockTimer(m_timerClock, this))
{
    connect(m_stallTimer, &lens::ClockTimer::timeout, this, &WatchStream::endStall);
    connect(m_timeout, &lens::ClockTimer::timeout, this, &WatchStream::finish);
    connect(m_preTimeoutBookmark, &lens::ClockTimer::timeout, this,
            [this] { sendBookmark(m_currentRevision ? m_currentRevision() : m_lastRevision); });
    connect(m_bookmarkTimer, &lens::ClockTimer::timeout, this, [this] {
        m_bookmarkTimer->start(m_opts.bookmarkIntervalMs); // periodic, as a QTimer's
        sendBookmark(m_currentRevision ? m_currentRevision() : m_lastRevision);
    });
    if (m_socket) {
        connect(m_socket, &QTcpSocket::disconnected, this, &WatchStream::end);
        connect(m_socket, &QObject::destroyed, this, &WatchStream::end);
        connect(m_socket, &QIODevice::bytesWritten, this, &WatchStream::pump);
        QByteArray head = QByteArrayLiteral("HTTP/1.1 200 OK\r\n"
                                            "Cache-Control: no-cache, private\r\n"
                                            "Content-Type: application/json\r\n"
                                            "Date: ");
        head += QLocale::c()
                    .toString(QDateTime::currentDateTimeUtc(),
                              QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'"))
                    .toLatin1();
        head += "\r\n";
        if (m_opts.closeConnection)
            head += "Connection: close\r\n";
        head += "Transfer-Encoding: chunked\r\n\r\n";
        send(head);
    }
}

WatchStream::~WatchStream()
{
    if (m_opts.budget && m_accounted != 0) // an ended watch released its share already
        m_opts.budget->usedBytes -= m_accounted;
}

void WatchStream::start(std::function<qint64()> currentRevision)
{
    m_currentRevision = std::move(currentRevision);
    m_started = true;
    if (m_opts.timeoutMs > 0) {
        m_timeout->start(m_opts.timeoutMs);
        // Like fixture 05: a last bookmark shortly before the server ends the stream, so the
        // client resumes from the freshest resourceVersion.
        if (m_opts.bookmarks && m_opts.timeoutMs > 1000)
            m_preTimeoutBookmark->start(m_opts.timeoutMs - 1000);
    }
    setBookmarkInterval(m_opts.bookmarkIntervalMs);
    pump();
}

void WatchStream::setInitialState(QMap<QString, StoredObject> state, const QString &prefix,
                                  qint64 revision, bool endBookmark)
{
    m_lastRevision = revision;
    struct Cursor {
        QMap<QString, StoredObject> state;
        QMap<QString, StoredObject>::const_iterator it;
        QString prefix;
    };
    auto c = std::make_shared<Cursor>();
    c->state = std::move(state);
    c->it = std::as_const(c->state).lowerBound(prefix); // const: no detach from the store
    c->prefix = prefix;
    m_producer = [this, c, revision, endBookmark] {
        for (int n = 0; n < 256; ++n) {
            if (c->it == c->state.cend() || !c->it.key().startsWith(c->prefix)) {
                if (endBookmark)
                    writeBookmark(revision, true);
                return false;
            }
            sendAdded(c->it.value());
            ++c->it;
        }
        return true;
    };
}

void WatchStream::setReplay(QList<ChangeEvent> events)
{
    if (events.isEmpty())
        return;
    m_lastRevision = qMax(m_lastRevision, events.last().revision);
    auto list = std::make_shared<QList<ChangeEvent>>(std::move(events));
    auto next = std::make_shared<qsizetype>(0);
    m_producer = [this, list, next] {
        for (int n = 0; n < 256 && *next < list->size(); ++n)
            writeEvent(list->at((*next)++));
        return *next < list->size();
    };
}

void WatchStream::setBookmarkInterval(int ms)
{
    m_opts.bookmarkIntervalMs = ms;
    const bool periodic = m_opts.bookmarks && ms > 0 && !m_done;
    if (m_opts.bookmarkClock) {
        m_bookmarkTimer->stop();
        m_bookmarkDueMs = periodic ? m_opts.bookmarkClock->nowMs() + ms : -1;
    } else if (periodic) {
        m_bookmarkTimer->start(ms);
    } else {
        m_bookmarkTimer->stop();
    }
}

void WatchStream::setBookmarkClock(const lens::Clock *clock)
{
    m_opts.bookmarkClock = clock;
    m_bookmarkDueMs = -1;
    if (m_started)
        setBookmarkInterval(m_opts.bookmarkIntervalMs);
}

void WatchStream::sendScheduledBookmark()
{
    if (bookmarkDueMs() < 0)
        return;
    m_bookmarkDueMs += m_opts.bookmarkIntervalMs;
    sendBookmark(m_currentRevision ? m_currentRevision() : m_lastRevision);
}

bool WatchStream::passes(const lens::Object &object) const
{
    if (object.isNull())
        return false;
    if (!m_opts.ns.isEmpty() && object.namespace_() != m_opts.ns)
        return false;
    if (!m_opts.labels.isEmpty() && !m_opts.labels.matches(object.labels()))
        return false;
    if (!m_opts.fields.isEmpty() && !fieldlabels::matches(m_opts.type, m_opts.fields, object))
        return false;
    return true;
}

void WatchStream::deliver(const ChangeEvent &event, SharedFrame *shared)
{
    if (m_done || event.resource != m_opts.type.key() || event.revision <= m_lastRevision)
        return;
    m_lastRevision = event.revision;
    writeEvent(event, shared);
}

void WatchStream::writeEvent(const ChangeEvent &event, SharedFrame *shared)
{
    if (m_opts.transform)
        shared = nullptr; // the bytes are this watch's own
    if (m_done || event.resource != m_opts.type.key())
        return;
    const bool isDelete = event.type == ChangeEvent::Type::Deleted;
    const bool curPasses = !isDelete && passes(event.object.object);
    const bool oldPasses = !event.previous.isNull() && passes(event.previous.object);
    if (isDelete) {
        if (oldPasses)
            writeLine("DELETED", encoded(event.object), shared);
        return;
    }
    if (curPasses && oldPasses)
        writeLine("MODIFIED", encoded(event.object), shared);
    else if (curPasses)
        writeLine("ADDED", encoded(event.object), shared);
    else if (oldPasses) {
        // Left the selection: previous content with the event's resourceVersion (cacheWatcher).
        QJsonObject meta;
        meta.insert(QStringLiteral("resourceVersion"), QString::number(event.revision));
        writeLine("DELETED",
                  encoded(Store::makeStored(event.previous.object.withMetadata(meta).json())));
    }
}

void WatchStream::sendAdded(const StoredObject &object)
{
    if (m_done || !passes(object.object))
        return;
    writeLine("ADDED", encoded(object));
}

QByteArray WatchStream::encoded(const StoredObject &object) const
{
    return m_opts.transform ? m_opts.transform(object.object) : object.json;
}

void WatchStream::sendBookmark(qint64 revision, bool initialEventsEnd)
{
    if (m_done)
        return;
    revision = qMax(revision, m_lastRevision);
    m_lastRevision = revision;
    writeBookmark(revision, initialEventsEnd);
}

void WatchStream::writeBookmark(qint64 revision, bool initialEventsEnd)
{
    JsonBuilder meta;
    meta.str("resourceVersion", QString::number(revision)).raw("creationTimestamp", "null");
    if (initialEventsEnd)
        meta.raw("annotations", "{\"k8s.io/initial-events-end\":\"true\"}");
    JsonBuilder obj;
    obj.str("kind", m_opts.type.kind)
        .str("apiVersion", m_opts.type.groupVersion)
        .raw("metadata", meta.bytes());
    if (m_opts.type.kind == QLatin1String("Pod")) // the zero Pod as Go encodes it (fixture 05)
        obj.raw("spec", "{\"containers\":null}").raw("status", "{}");
    writeLine("BOOKMARK", obj.bytes());
}

void WatchStream::sendErrorAndFinish(const QByteArray &statusJson)
{
    writeLine("ERROR", statusJson);
    finish();
}

void WatchStream::writeLine(const char *type, const QByteArray &objectJson, SharedFrame *shared)
{
    if (m_batch) { // the initial content: the lines of one producer round share a chunk
        appendEventLine(m_batch, type, objectJson);
        return;
    }
    if (shared && shared->type && qstrcmp(shared->type, type) == 0 &&
        shared->json.constData() == objectJson.constData() &&
        shared->json.size() == objectJson.size()) {
        writeFrame(shared->frame);
        return;
    }
    // The chunk frame around the line, built in one buffer.
    const qsizetype lineSize =
        objectJson.size() + qsizetype(qstrlen(type)) + 22; // {"type":"","object":}\n
    QByteArray frame;
    frame.reserve(lineSize + 24);
    frame.setNum(lineSize, 16);
    frame.append("\r\n");
    appendEventLine(&frame, type, objectJson);
    frame.append("\r\n");
    if (shared)
        *shared = SharedFrame{type, objectJson, frame};
    writeFrame(frame);
}

void WatchStream::writeChunk(const QByteArray &data)
{
    QByteArray frame = QByteArray::number(data.size(), 16);
    frame.append("\r\n").append(data).append("\r\n");
    writeFrame(frame);
}

void WatchStream::writeFrame(const QByteArray &frame)
{
    if (m_done)
        return;
    if (!m_socket || m_socket->state() != QAbstractSocket::ConnectedState) {
        end();
        return;
    }
    if (m_producer && !m_inProducer) {
        // A live event while the initial content is still being produced: after it.
        m_deferred += frame;
        if (m_deferred.size() > MaxBacklogBytes)
            cut();
        else
            account();
        return;
    }
    if (isStalled()) {
        m_held += frame;
        if (m_held.size() > MaxBacklogBytes)
            cut();
        else
            account();
        return;
    }
    enqueue(frame);
}

void WatchStream::send(const QByteArray &bytes)
{
    m_bytesWritten += bytes.size();
    m_socket->write(bytes);
    account();
}

void WatchStream::enqueue(const QByteArray &frames)
{
    if (m_done || !m_socket)
        return;
    if (m_pending.isEmpty() && m_socket->bytesToWrite() < HighWaterBytes) {
        send(frames);
        return;
    }
    m_pending += frames;
    if (m_pending.size() > MaxBacklogBytes)
        cut(); // a client this far behind is dropped, as the apiserver drops a blocked watcher
    else
        account();
}

void WatchStream::pump()
{
    if (m_done || isStalled() || !m_socket || m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    if (!m_pending.isEmpty() && m_socket->bytesToWrite() < HighWaterBytes)
        send(std::exchange(m_pending, QByteArray()));
    while (m_producer && m_pending.isEmpty() && m_socket->bytesToWrite() < HighWaterBytes) {
        m_inProducer = true;
        QByteArray batch;
        m_batch = &batch;
        const bool more = m_producer();
        m_batch = nullptr;
        if (!batch.isEmpty())
            writeChunk(batch); // still in the producer: straight on, not after itself
        m_inProducer = false;
        if (m_done) {
            m_producer = nullptr;
            return;
        }
        if (!more) {
            m_producer = nullptr;
            const QByteArray live = std::exchange(m_deferred, QByteArray());
            if (!live.isEmpty())
                enqueue(live);
        }
    }
    account(); // the socket drained: what it held went down
}

void WatchStream::cut()
{
    if (m_socket)
        m_socket->abort();
    end();
}

qint64 WatchStream::heldBytes() const
{
    return m_pending.size() + m_deferred.size() + m_held.size() +
           (m_socket ? m_socket->bytesToWrite() : 0);
}

void WatchStream::account()
{
    WatchBudget *b = m_opts.budget;
    if (!b)
        return;
    const qint64 now = m_done ? 0 : heldBytes();
    b->usedBytes += now - m_accounted;
    m_accounted = now;
    b->peakBytes = qMax(b->peakBytes, b->usedBytes);
    if (!m_done && b->usedBytes > b->limitBytes && now > WatchBudget::kSlowWatchBytes) {
        ++b->slowWatchesCut;
        cut(); // end() accounts the release
    }
}

void WatchStream::sendGarbage()
{
    writeChunk(QByteArray(GarbageLine));
}

void WatchStream::stall(int ms)
{
    if (m_done)
        return;
    if (ms <= 0) {
        if (isStalled()) {
            m_stallTimer->stop();
            endStall();
        }
        return;
    }
    if (!isStalled() || m_stallTimer->dueMs() - m_timerClock->nowMs() < ms)
        m_stallTimer->start(ms);
}

void WatchStream::endStall()
{
    const QByteArray held = std::exchange(m_held, QByteArray());
    if (m_done)
        return;
    if (!m_socket || m_socket->state() != QAbstractSocket::ConnectedState) {
        end();
        return;
    }
    if (!held.isEmpty())
        enqueue(held);
    if (std::exchange(m_finishHeld, false))
        finish();
    else
        pump();
}

void WatchStream::finish()
{
    if (m_done)
        return;
    if (isStalled()) {
        m_finishHeld = true;
        m_timeout->stop();
        m_preTimeoutBookmark->stop();
        m_bookmarkTimer->stop();
        return;
    }
    // Initial content not yet produced (and live events queued behind it) is dropped, as when
    // the apiserver ends a watch whose initial events are still being sent.
    if (!m_inProducer)
        m_producer = nullptr;
    m_deferred.clear();
    if (m_socket && m_socket->state() == QAbstractSocket::ConnectedState) {
        send(std::exchange(m_pending, QByteArray()) + "0\r\n\r\n");
        if (m_opts.closeConnection)
            m_socket->disconnectFromHost();
    }
    end();
}

void WatchStream::drop(bool midEvent)
{
    if (m_done)
        return;
    m_stallTimer->stop(); // a hung server that is cut off never sends what it held
    m_held.clear();
    if (!m_inProducer)
        m_producer = nullptr;
    m_deferred.clear();
    m_pending.clear();
    if (m_socket && m_socket->state() == QAbstractSocket::ConnectedState) {
        if (midEvent) {
            const QByteArray line =
                JsonBuilder()
                    .str("type", QStringLiteral("MODIFIED"))
                    .raw("object", JsonBuilder()
                                       .str("kind", m_opts.type.kind)
                                       .str("apiVersion", m_opts.type.groupVersion)
                                       .raw("metadata", "{\"name\":\"cut-off\"}")
                                       .bytes())
                    .bytes();
            writeChunk(line.left(line.size() / 2));
        }
        m_socket->disconnectFromHost();
    }
    end();
}

void WatchStream::end()
{
    if (m_done)
        return;
    m_done = true;
    m_timeout->stop();
    m_preTimeoutBookmark->stop();
    m_bookmarkTimer->stop();
    m_bookmarkDueMs = -1;
    m_stallTimer->stop();
    m_held.clear();
    m_pending.clear();
    m_deferred.clear();
    if (!m_inProducer) // never destroy the running producer; pump() drops it
        m_producer = nullptr;
    if (m_socket)
        disconnect(m_socket, nullptr, this, nullptr);
    account(); // done: what it held is released
    Q_EMIT finished(this);
}

} // namespace lens::sim
