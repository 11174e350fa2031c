// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "informer/listerwatcher.h"

#include <QFuture>
#include <QFutureWatcher>
#include <QObject>

#include <deque>
#include <functional>
#include <vector>

class QThreadPool;

namespace lens {

/// The workers (two threads on a machine with two cores or more, one otherwise, for the whole
/// process) that parse watch streams and LIST bodies off the UI thread. Tasks may run side by
/// side: their results are taken in submission order by their owners (WatchDecoder's queue of
/// futures; a LIST's Feed lets one drain task at a time append its pieces). Tasks still running
/// when the QCoreApplication goes are waited for.
QThreadPool *decoderPool();

/// One line of a watch stream, decoded: the event, or why the line is not one.
struct DecodedWatchLine {
    bool ok = false;
    WatchEvent event;
    QString error; ///< decodeWatchEvent()'s reason when !ok
};

/// Decodes newline-delimited watch events (JSON → WatchEvent) on a worker thread and hands them
/// back on the owner's thread strictly in stream order — the JSON parsing client-go's
/// StreamWatcher.receive does on its own goroutine, kept off the UI thread. Only decoding moves:
/// the caller still delivers each event (to the reflector) on its own thread, one at a time.
///
/// submit() takes chunks of whole lines ('\n'-terminated; blank lines are skipped); next()
/// returns the decoded lines in submission order once the oldest chunk is decoded; ready() is
/// emitted (on the owner's thread) when next() has something again after it ran dry. Chunks
/// still decoding when the decoder is destroyed finish on the worker and are discarded.
/// Not thread-safe: use from the owner's thread.
class WatchDecoder final : public QObject {
    Q_OBJECT
public:
    explicit WatchDecoder(QObject *parent = nullptr);
    ~WatchDecoder() override;

    /// Queues bytes [from, from + size) of `buffer` (whole lines, in stream order) for
    /// decoding. The buffer is shared, not copied: the caller must not change it in place
    /// (a QByteArray detaches when written while shared, so any write of the caller's copy does).
    void submit(const QByteArray &buffer, qsizetype from, qsizetype size);
    /// Bytes submitted whose lines next() has not returned yet.
    qint64 pendingBytes() const { return m_pendingBytes; }
    /// True when a decoded line is waiting (next() will return it).
    bool hasNext();
    /// Takes the oldest decoded line. Returns false when none is decoded yet (ready() follows
    /// once one is) or nothing is pending.
    bool next(DecodedWatchLine *out);
    /// Applied on the decoder thread to the object of each ADDED, MODIFIED and DELETED event
    /// decoded from chunks submitted afterwards (HttpWatchCall::setObjectPacker()); it must be
    /// callable from any thread. Null: objects as decoded.
    using ObjectMap = std::function<Object(const Object &)>;
    void setObjectMap(ObjectMap map) { m_map = std::move(map); }

Q_SIGNALS:
    void ready();

private:
    struct Chunk {
        std::vector<DecodedWatchLine> lines;
        qint64 bytes = 0;
    };
    /// Decodes newline-separated watch lines (decodeWatchEvent on each non-blank one); runs on
    /// the decoder pool's thread.
    static Chunk decodeChunk(QByteArrayView lines, const ObjectMap &map);
    ObjectMap m_map;
    std::deque<QFuture<Chunk>> m_decoding;
    Chunk m_current;
    size_t m_next = 0;
    qint64 m_pendingBytes = 0;
    quint64 m_takenChunks = 0;      ///< chunks taken off m_decoding: the front's number
    quint64 m_watchedChunk = ~0ull; ///< the chunk m_watcher follows
    QFutureWatcher<Chunk> m_watcher;
};

} // namespace lens
