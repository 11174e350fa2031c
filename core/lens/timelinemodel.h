// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "eventbatcher.h"
#include "journalfold.h"
#include "workerlanes.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <deque>
#include <vector>

namespace lens {

class Journal;
struct TraceEvent;

/// A time-ordered picture of the Reflector's ListAndWatch loop, folded from the journal, for a
/// timeline widget to paint. All times are journal milliseconds (since the clock started).
///
///  * spans: LIST sessions (ListStarted → ListCompleted / ListFailed) and WATCH sessions
///    (WatchStarted → WatchEnded / WatchError); an open span has end == -1;
///  * marks: watch events (ADDED/MODIFIED/DELETED), bookmarks, list pages, 410 Gone / other
///    errors, backoffs (with their delay), resync ticks, Synced;
///  * depth: DeltaFIFO queue depth samples (one per millisecond at most: its last depth and
///    its peak);
///  * gaps between watch sessions (watchGaps) and per-handler resync rounds (handlerTicks,
///    from HandlerNotified "update (resync)").
///
/// One journal may hold several informers (TraceEvent::informer, e.g. "pods" and "nodes" from
/// one SharedInformerFactory): each has its own Track of spans, marks, depth, gaps and handler
/// ticks, since each runs its own Reflector, queue and processor. Events without an informer
/// (an older recording) make the track named "". The accessors without a track (spans(),
/// marks(), …) read the first track, which is the only one for a single informer.
///
/// A controller's workers (WorkerLanes: busy spans, rate-limited retries, the gate) are one
/// more picture beside the tracks: workers().
///
/// Not an item model: the widget reads the containers directly after changed(). Storage is
/// bounded per track: beyond maxMarks() the oldest marks and depth samples are dropped
/// (droppedMarks() says how many marks), as the journal drops its oldest events beyond its
/// capacity. Live: batched (default 50 ms).
class TimelineModel final : public QObject, public JournalFold {
    Q_OBJECT
public:
    struct Span {
        enum class Lane { List, Watch };
        Lane lane = Lane::List;
        qint64 start = 0;
        qint64 end = -1; ///< -1 while open
        bool failed = false;
        /// A WATCH request answered with an error (WatchError detail.request): no watch
        /// existed, only the request (client-go's ListerWatcher.Watch returned the error).
        bool requestFailed = false;
        QString label; ///< list: cause; watch: "from RV n"
        /// watch: the resourceVersion its WatchStarted asked from ("" for a list)
        QString resourceVersion;
        QString outcome;    ///< "123 items", "closed by server", "410 Gone: …"
        int events = 0;     ///< watch events seen in a watch span
        quint64 endSeq = 0; ///< journal seq of the event that closed it (0 while open)
    };
    struct Mark {
        enum class Kind {
            Added,
            Modified,
            Deleted,
            Bookmark,
            ListPage,
            Expired,
            Error,
            Backoff,
            Resync,
            Synced
        };
        Kind kind = Kind::Added;
        qint64 t = 0;
        qint64 durationMs = 0; ///< backoff delay
        QString label;
        QString key;     ///< the object's key for watch events, else empty
        quint64 seq = 0; ///< journal seq of the event
    };
    /// A gap between two watch sessions (FS-14): from one watch's end to the next watch's
    /// start, while no watch was open (a relist, a backoff, a re-watch). `end` is -1 while the
    /// next watch has not started yet. Events that happened on the server in a gap arrive later
    /// (re-watch from the last resourceVersion) or are repaired by a relist.
    struct Gap {
        qint64 start = 0;
        qint64 end = -1;
        QString cause; ///< what ended the watch before the gap (its outcome)
    };
    /// One handler's resync: the first "update (resync)" notification of one resync round
    /// (after a Resync tick or a relist) delivered to that handler.
    struct HandlerTick {
        qint64 t = 0;
        int count = 0;   ///< resync updates the handler got in that round
        quint64 seq = 0; ///< journal seq of the first one
    };
    /// The DeltaFIFO's depth during one millisecond: where it ended and the most it reached
    /// (a burst queued and popped within the same millisecond, as every step under `--at` is,
    /// still shows its peak).
    struct DepthSample {
        qint64 t = 0;
        int depth = 0; ///< the depth at the end of that millisecond
        int peak = 0;  ///< the deepest it was during it
    };

    using Marks = std::deque<Mark>;

    /// What one informer's Reflector, queue and processor did: all times in journal ms, each
    /// container oldest first. Marks are in journal order, so their seqs ascend.
    struct Track {
        QString informer; ///< TraceEvent::informer of its events ("" = none named)
        std::vector<Span> spans;
        Marks marks;
        std::deque<DepthSample> depth;
        int maxDepth = 0;
        /// Handlers that got at least one resync update, in first-seen order.
        QStringList resyncHandlers;
        QHash<QString, std::vector<HandlerTick>> handlerTicks;
        /// The longest backoff delay among the marks, in ms (0 when none).
        qint64 longestBackoffMs = 0;
        /// Marks dropped so far because there were more than maxMarks().
        quint64 droppedMarks = 0;
        /// Gaps between watch sessions, oldest first (derived from spans).
        std::vector<Gap> watchGaps() const;

        QHash<QString, quint64> handlerRound; ///< handler → round (seq of its Resync/ListCompleted)
        quint64 round = 0;                    ///< seq of the newest Resync or ListCompleted
    };

    /// Folds `journal`'s retained history at once, then follows it live. `journal` is not owned.
    explicit TimelineModel(JournalSource source, QObject *parent = nullptr);
    ~TimelineModel() override;

    /// One track per informer, in the order their first event was recorded.
    const std::deque<Track> &tracks() const { return m_tracks; }
    /// The track of `informer`, null when the journal holds none of its events.
    const Track *track(const QString &informer) const;
    /// The informers of tracks(), in order ("" for events that name none).
    QStringList informers() const;

    // The first track's containers (empty when there is no track yet).
    const std::vector<Span> &spans() const { return primary().spans; }
    const Marks &marks() const { return primary().marks; }
    const std::deque<DepthSample> &depth() const { return primary().depth; }
    int maxDepth() const { return primary().maxDepth; }
    /// Gaps between watch sessions, oldest first (derived from spans()).
    std::vector<Gap> watchGaps() const { return primary().watchGaps(); }
    /// Handlers that got at least one resync update, in first-seen order.
    QStringList resyncHandlers() const { return primary().resyncHandlers; }
    /// Resync rounds of `handler`, oldest first.
    std::vector<HandlerTick> handlerTicks(const QString &handler) const
    {
        return primary().handlerTicks.value(handler);
    }
    /// The controller's workers (empty without a controller in the journal).
    const WorkerLanes &workers() const { return m_workers; }
    /// Time of the first and newest folded events (0 when none).
    qint64 firstMs() const { return m_first; }
    qint64 lastMs() const { return m_last; }
    /// The journal clock's present (≥ lastMs()), so open spans can grow with real time.
    qint64 nowMs() const;

    /// Marks (and depth samples) kept per track, at least 100; the newest are kept. Default: the
    /// journal's capacity() when the model is made (one mark per watch event at most, so the
    /// timeline reaches back at least as far as the journal), or 200 000 without a journal.
    void setMaxMarks(qsizetype n) { m_maxMarks = qMax<qsizetype>(100, n); }
    qsizetype maxMarks() const { return m_maxMarks; }
    /// The longest backoff delay among the first track's marks, in ms (0 when none): a painter
    /// looking for backoffs that reach into [t0, t1] need only look at marks from
    /// t0 - longestBackoffMs().
    qint64 longestBackoffMs() const { return primary().longestBackoffMs; }
    /// The first track's marks dropped so far because there were more than maxMarks().
    quint64 droppedMarks() const { return primary().droppedMarks; }

    /// Applies pending journal events now instead of at the next coalescing tick.
    void flush() override;
    /// The timeline keeps every retained event whatever moment the other views show (the
    /// widget draws the travel cursor): this only remembers the seq (0 = live).
    void foldUpTo(quint64 seq) override { m_upTo = seq; }
    quint64 foldedUpTo() const override { return m_upTo; }
    /// Folds the journal's retained history again, so labels (causes, outcomes, errors; see
    /// JournalText) read in the language installed now. Call on QEvent::LanguageChange.
    void retranslate();
    EventBatcher *batcher() const { return m_batcher; }

Q_SIGNALS:
    void changed();

private:
    const Track &primary() const;
    /// The track of e.informer, made when `e` is its first event.
    Track &trackOf(const TraceEvent &e);
    void fold(const EventBatch &events);
    void foldInto(Track &t, const TraceEvent &e);
    void trim(Track &t) const;
    static void closeOpen(Track &t, Span::Lane lane, const TraceEvent &e, bool failed,
                          const QString &outcome);
    static void addMark(Track &t, Mark::Kind kind, const TraceEvent &e, const QString &label,
                        qint64 duration = 0);

    EventBatcher *m_batcher;
    quint64 m_upTo = 0;
    WorkerLanes m_workers;
    std::deque<Track> m_tracks; // a deque: a Track's address stays while others are added
    QHash<QString, qsizetype> m_trackIndex;
    qint64 m_first = 0;
    qint64 m_last = 0;
    bool m_any = false;
    qsizetype m_maxMarks = 200000;
};

} // namespace lens
