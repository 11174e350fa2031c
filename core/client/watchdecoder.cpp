// SPDX-License-Identifier: Apache-2.0
#include "watchdecoder.h"

#include "httpcalls.h"
#include "trace/tsan.h"

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <cstring>
#include <memory>
#include <utility>

namespace lens {

QThreadPool *decoderPool()
{
    static QThreadPool *pool = [] {
        auto *p = new QThreadPool;
        // Two threads where the machine has two cores: watch chunks decode side by side (their
        // results are still taken in submission order: WatchDecoder keeps the futures in a
        // queue), 27 000 → 37 000 WatchList events/s at 150 000 pods on 2 cores; a LIST's pieces
        // stay one at a time (HttpListCall's Feed lets one drain task append).
        p->setMaxThreadCount(qBound(1, QThread::idealThreadCount(), 2));
        p->setObjectName(QStringLiteral("watch decoder"));
        // Chunks still decoding finish before the application object goes (and with it the
        // statics decoding uses); the pool itself lives as long as the process.
        qAddPostRoutine([] {
            decoderPool()->waitForDone();
            tsan::tookOver(decoderPool()); // what the last tasks read may now be destroyed
        });
        return p;
    }();
    return pool;
}

WatchDecoder::WatchDecoder(QObject *parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<Chunk>::finished, this, &WatchDecoder::ready);
}

WatchDecoder::~WatchDecoder()
{
    m_watcher.disconnect(this);
}

void WatchDecoder::submit(const QByteArray &buffer, qsizetype from, qsizetype size)
{
    if (size <= 0)
        return;
    Q_ASSERT(from >= 0 && from + size <= buffer.size());
    m_pendingBytes += size;
    // QtConcurrent::run, not a QPromise: see HttpListCall::onFinished.
    tsan::handOff(decoderPool());
    m_decoding.push_back(QtConcurrent::run(
        decoderPool(), [bytes = tsan::Captured(buffer), from, size, map = m_map]() mutable {
            tsan::tookOver(decoderPool());
            Chunk c = decodeChunk(QByteArrayView(*bytes).sliced(from, size), map);
            // The task lets go of its share of the bytes before its hand-off: QtConcurrent
            // destroys the task (and what it captured) on the pool thread after the result is
            // reported, unordered with the reader, which by then may reuse or free the buffer
            // they shared (Qt's detach checks the count with a relaxed load).
            *bytes = QByteArray();
            tsan::handOff(decoderPool());
            return c;
        }));
}

WatchDecoder::Chunk WatchDecoder::decodeChunk(QByteArrayView lines, const ObjectMap &map)
{
    Chunk c;
    c.bytes = lines.size();
    qsizetype from = 0;
    while (from < lines.size()) {
        const void *nl = memchr(lines.data() + from, '\n', size_t(lines.size() - from));
        const qsizetype end = nl ? static_cast<const char *>(nl) - lines.data() : lines.size();
        const QByteArrayView line = lines.sliced(from, end - from).trimmed();
        from = end + 1;
        if (line.isEmpty())
            continue;
        DecodedWatchLine d;
        d.ok = decodeWatchEvent(line, &d.event, &d.error);
        if (d.ok && map &&
            (d.event.type == WatchEvent::Type::Added ||
             d.event.type == WatchEvent::Type::Modified ||
             d.event.type == WatchEvent::Type::Deleted))
            d.event.object = map(d.event.object);
        c.lines.push_back(std::move(d));
    }
    return c;
}

bool WatchDecoder::hasNext()
{
    while (m_next >= m_current.lines.size()) {
        m_pendingBytes -= m_current.bytes;
        m_current = Chunk{};
        m_next = 0;
        if (m_decoding.empty())
            return false;
        if (!m_decoding.front().isFinished()) {
            if (std::exchange(m_watchedChunk, m_takenChunks) != m_takenChunks)
                m_watcher.setFuture(m_decoding.front());
            return false;
        }
        tsan::tookOver(decoderPool());
        m_current = m_decoding.front().takeResult();
        m_decoding.pop_front();
        ++m_takenChunks;
    }
    return true;
}

bool WatchDecoder::next(DecodedWatchLine *out)
{
    if (!hasNext())
        return false;
    *out = std::move(m_current.lines[m_next++]);
    return true;
}

} // namespace lens
