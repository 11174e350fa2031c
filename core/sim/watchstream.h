// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/fields.h"
#include "api/labels.h"
#include "resourcetype.h"
#include "store.h"
#include "trace/clock.h"
#include "trace/clocktimer.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>

QT_BEGIN_NAMESPACE
class QTcpSocket;
QT_END_NAMESPACE

namespace lens::sim {

/// One open WATCH: a chunked HTTP/1.1 response on a client socket that stays open and carries
/// newline-delimited {"type":...,"object":...} events, one per chunk, the way kube-apiserver
/// streams them (fixture 05). Created and owned by ApiServer; the socket is held in a QPointer,
/// so a client that goes away simply ends the watch (finished() is emitted, nothing is written).
///
/// Filtering follows the apiserver's cacheWatcher: an object that starts matching the selectors
/// is sent as ADDED, one that stops matching as DELETED (previous content, new resourceVersion).
/// What all open watches of one server may hold in memory for clients that read slower than
/// events come: frames queued in the server and in the sockets' write buffers. kube-apiserver
/// drops a watcher whose buffer stays full ("Forcing watcher close due to unresponsiveness");
/// here a watch holding more than kSlowWatchBytes is closed when the server's total passes
/// limitBytes, and any watch past WatchStream::MaxBacklogBytes on its own. The client sees its
/// connection end and watches again from its last resourceVersion, as after any drop. Shared by
/// the server's watches (WatchHandler owns it); one thread.
struct WatchBudget {
    /// The server's watches together, bytes (512 MiB).
    qint64 limitBytes = qint64(512) << 20;
    /// A watch holding more than this is "slow" once the total passes limitBytes (1 MiB).
    static constexpr qint64 kSlowWatchBytes = qint64(1) << 20;
    qint64 usedBytes = 0;       ///< held by all open watches now
    qint64 peakBytes = 0;       ///< the most usedBytes has been
    quint64 slowWatchesCut = 0; ///< watches closed for holding too much
};

class WatchStream : public QObject {
    Q_OBJECT
public:
    struct Options {
        ResourceType type;
        QString ns; ///< empty = all namespaces
        LabelSelector labels;
        FieldSelector fields;
        bool bookmarks = false; ///< allowWatchBookmarks=true
        int timeoutMs = 0;      ///< timeoutSeconds*1000; 0 = until the client leaves
        int bookmarkIntervalMs = 60000;
        bool closeConnection = false; ///< the request said "Connection: close"
        /// The request's User-Agent header, as sent: exact pacing tells this process's own
        /// informers' watches from other clients' (ApiServer::sendNextBookmarks).
        QByteArray userAgent;
        /// Periodic bookmarks follow this clock (ms) instead of a real timer: they are due
        /// bookmarkIntervalMs after the watch starts and after each one, and are sent only by
        /// sendScheduledBookmark() (exact pacing; see ApiServer::setBookmarkClock). Not owned.
        const lens::Clock *bookmarkClock = nullptr;
        /// The clock the stream's own timers run on (ClockTimers): timeoutSeconds, the bookmark
        /// shortly before it, periodic bookmarks (without bookmarkClock) and a stall's end.
        /// nullptr = real time. Not owned; see ApiServer::setTimerClock().
        const lens::Clock *timerClock = nullptr;
        /// When set, what an ADDED / MODIFIED / DELETED event carries instead of the object
        /// (a meta.k8s.io Table row for kubectl: TableConvertor); bookmarks and errors are
        /// not transformed.
        std::function<QByteArray(const lens::Object &)> transform;
        /// The server's budget for slow watches (not owned; null = only MaxBacklogBytes).
        WatchBudget *budget = nullptr;
    };

    /// Writes the 200 status line and chunked headers to `socket` immediately.
    WatchStream(QTcpSocket *socket, Options options, QObject *parent = nullptr);
    ~WatchStream() override;

    /// Events with revision <= lastRevision() are not sent (so a watch from N never repeats N).
    qint64 lastRevision() const { return m_lastRevision; }
    void setLastRevision(qint64 rv) { m_lastRevision = rv; }

    /// With Options::bookmarkClock: when the next periodic BOOKMARK is due, in that clock's
    /// milliseconds; -1 when none will be (no bookmarks asked, interval 0, or ended).
    qint64 bookmarkDueMs() const { return m_done ? -1 : m_bookmarkDueMs; }
    /// With Options::bookmarkClock: sends the periodic BOOKMARK due at bookmarkDueMs() (the
    /// current revision, as the real timer would) and makes the next one due an interval later.
    void sendScheduledBookmark();
    /// Switches an open watch's periodic bookmarks to `clock` (nullptr: back to real time),
    /// due an interval from now.
    void setBookmarkClock(const lens::Clock *clock);

    /// Starts the timeout and bookmark timers; `currentRevision` provides bookmark RVs.
    void start(std::function<qint64()> currentRevision);
    /// One event's framed chunk, built by the first watch it goes to and shared by the others
    /// that send the same bytes (no transform): fanning an event out to 100 watches then costs
    /// one frame, not 100 copies of the object.
    struct SharedFrame {
        const char *type = nullptr;
        QByteArray json; ///< the object bytes framed (held, so their address stays theirs)
        QByteArray frame;
    };
    /// Sends `event` if it passes the filters and is newer than lastRevision(). `shared` (may
    /// be null) carries the event's frame from one watch to the next.
    void deliver(const ChangeEvent &event, SharedFrame *shared = nullptr);
    /// Sends a synthetic ADDED for a current object (resourceVersion "" / "0" start).
    void sendAdded(const StoredObject &object);
    /// The initial content of a watch from resourceVersion ""/"0" or of a WatchList: ADDED for
    /// each object of `state` whose key starts with `prefix` (in key order) and, with
    /// `endBookmark`, then the BOOKMARK at `revision` carrying k8s.io/initial-events-end. The
    /// lines are produced lazily as the socket drains (never more than about HighWaterBytes
    /// queued), so a state of any size streams without the slow-client cut; live events that
    /// arrive meanwhile are kept and sent after it, as the cacheWatcher sends its initial
    /// events before the buffered live ones. The lines of one round of the producer (up to 256
    /// events) go out as one HTTP chunk. kube-apiserver over HTTP/1.1 sends an event of more
    /// than 2 KB as a chunk of its own (Go's chunked writer: a chunk per large Write); over
    /// HTTP/2, which client-go speaks to a TLS server, events travel in DATA frames with no
    /// per-event framing. The built-in cluster coalesces its initial events because a Qt 6.4
    /// client pays for each chunk (it reads a chunk's size line a byte at a time, a read(2)
    /// each: some 14 system calls an event), which capped a WatchList near 20 000 events/s
    /// whatever the informer did. Live events stay a chunk each. Sets lastRevision() to
    /// `revision`. Call before start().
    void setInitialState(QMap<QString, StoredObject> state, const QString &prefix, qint64 revision,
                         bool endBookmark);
    /// Replays `events` (oldest first; a watch from resourceVersion N) lazily in the same way
    /// (a round's lines share a chunk).
    /// Sets lastRevision() to the newest of them. Call before start().
    void setReplay(QList<ChangeEvent> events);
    /// Sends a BOOKMARK at `revision` (not older than lastRevision()); with
    /// `initialEventsEnd` the k8s.io/initial-events-end annotation is set (WatchList).
    void sendBookmark(qint64 revision, bool initialEventsEnd = false);
    /// Sends {"type":"ERROR","object":<statusJson>} and ends the stream.
    void sendErrorAndFinish(const QByteArray &statusJson);
    void setBookmarkInterval(int ms);
    /// Ends the stream cleanly (terminating 0-chunk), as a timeoutSeconds expiry does.
    void finish();
    /// Closes the TCP connection without ending the chunked body; with `midEvent`, after
    /// writing the first half of an event line (the client sees a truncated JSON value).
    void drop(bool midEvent);
    /// Fault: writes one chunk holding a line that is not JSON (GarbageLine). client-go's
    /// decoder fails on it ("Unable to decode an event from the watch stream"). The stream stays
    /// open and later events follow normally. No kube-apiserver does this on purpose; it stands
    /// for a corrupting proxy or a server bug.
    void sendGarbage();
    /// Fault: writes nothing at all for `ms` milliseconds (no events, no bookmarks, no end of
    /// stream, no TCP keep-alive payload), as a hung apiserver or a stuck proxy looks to a client.
    /// Everything due meanwhile is held and written in order when the stall ends (a
    /// timeoutSeconds expiry during the stall ends the stream right after the held events).
    /// Extends a stall in progress if `ms` reaches further; ms <= 0 ends a stall now.
    void stall(int ms);
    bool isStalled() const { return m_stallTimer->isActive(); }

    bool isOpen() const { return !m_done; }
    /// Bytes handed to the client's socket so far (status line and headers, chunks, the end of
    /// the body): what a stall holds back shows here at once, before any network delay.
    qint64 bytesWritten() const { return m_bytesWritten; }
    const Options &options() const { return m_opts; }

    /// Bytes a slow client may leave unread in the stream before the watch is closed (the
    /// apiserver likewise terminates watchers whose buffer is full). 8 MiB.
    static constexpr qint64 MaxBacklogBytes = 8 * 1024 * 1024;
    /// Flow control: frames are handed to the socket only while it holds less than this;
    /// the rest waits in the stream (and counts towards MaxBacklogBytes). 1 MiB.
    static constexpr qint64 HighWaterBytes = 1024 * 1024;
    /// What this watch holds now for its client: queued, deferred and held frames and the
    /// socket's unwritten bytes.
    qint64 heldBytes() const;
    /// The line sendGarbage() writes (newline included).
    static constexpr const char *GarbageLine = "lens-sim: this line is not JSON }{\n";

Q_SIGNALS:
    /// The stream ended (finished, dropped, or the client disconnected). Emitted once.
    void finished(lens::sim::WatchStream *stream);

private:
    bool passes(const lens::Object &object) const;
    /// The object as the event carries it (Options::transform).
    QByteArray encoded(const StoredObject &object) const;
    void writeLine(const char *type, const QByteArray &objectJson, SharedFrame *shared = nullptr);
    /// Writes `data` as one chunk (see writeFrame()).
    void writeChunk(const QByteArray &data);
    /// Hands one framed chunk on: after the initial content while it is produced, held during a
    /// stall, else queued (enqueue()); ends the stream when the client is gone.
    void writeFrame(const QByteArray &frame);
    void writeEvent(const ChangeEvent &event, SharedFrame *shared = nullptr);
    void writeBookmark(qint64 revision, bool initialEventsEnd);
    void enqueue(const QByteArray &frames);
    /// Writes `bytes` to the socket (connected) and counts them (bytesWritten()).
    void send(const QByteArray &bytes);
    void pump();
    void cut();
    void end();
    void endStall();
    /// Brings Options::budget up to date with heldBytes(), and closes this watch when it is one
    /// of the slow ones of a server over its budget.
    void account();

    QPointer<QTcpSocket> m_socket;
    Options m_opts;
    qint64 m_lastRevision = 0;
    bool m_done = false;
    const lens::Clock *m_timerClock; ///< Options::timerClock, or real time
    lens::ClockTimer *m_timeout;
    lens::ClockTimer *m_preTimeoutBookmark;
    lens::ClockTimer *m_bookmarkTimer; ///< periodic: re-armed each time it fires
    qint64 m_bookmarkDueMs = -1;       ///< with Options::bookmarkClock, instead of m_bookmarkTimer
    bool m_started = false;
    qint64 m_bytesWritten = 0;
    lens::ClockTimer *m_stallTimer;
    QByteArray m_held;         ///< frames written during a stall
    bool m_finishHeld = false; ///< finish() was called during a stall
    QByteArray m_pending;      ///< frames waiting for the socket to drain below HighWaterBytes
    QByteArray m_deferred;     ///< live frames that arrived while m_producer is running
    std::function<bool()> m_producer; ///< initial content; returns false when exhausted
    bool m_inProducer = false;
    /// While the producer runs: its lines, written as one chunk when its round ends (see
    /// setInitialState()).
    QByteArray *m_batch = nullptr;
    std::function<qint64()> m_currentRevision;
    qint64 m_accounted = 0; ///< what this watch last added to Options::budget
};

} // namespace lens::sim
