// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "chunkeddeque.h"
#include "clock.h"
#include "traceevent.h"

#include <QDateTime>
#include <QObject>

#include <deque>
#include <vector>

namespace lens {

/// The journal: every state change of the informer core is recorded here as one TraceEvent,
/// in order, and re-emitted to whoever folds it (the views, the headless printer, tests).
///
/// Not thread-safe: record() must be called on the journal's thread. Keeps at most
/// `capacity()` events (oldest dropped first; droppedCount() says how many). Each retained
/// event shares its object with the informer's caches: the journal's own share is the event
/// itself (sizeof(TraceEvent), 192 bytes, in chunks of 256 events) and its detail (EventDetail,
/// typically 32-48 bytes), about 280 bytes per event in all (informer-lens-bench:
/// journal.bytes_per_event, docs/performance.md). Under heavy churn (every event a new object
/// version) the object versions the journal alone keeps alive dominate: about 6-7 KiB per event for
/// typical pods, so the default cap of 100 000 events bounds it near 700 MiB (bench/bench_window
/// measures it).
///
/// Dropped events are destroyed off this thread, in bunches of droppedBatch(), by
/// disposeOffThread() (trace/disposal.h): the last reference to an object version is usually
/// the oldest journal event, and freeing memory another thread (the watch decoder) allocated
/// took milliseconds of the window's thread.
///
/// Order: eventRecorded is emitted in seq order, always. An event recorded from inside a slot
/// of eventRecorded (a listener reacting to an event) is kept at once but emitted only after
/// the current emission has reached every slot, so no receiver sees seq N+1 before seq N.
///
/// An informer's handle: a journal made with Journal(upstream, informer) keeps nothing of its
/// own. Its record() names the informer on the event (TraceEvent::informer, unless the event
/// names one already) and records it in `upstream`; its accessors (events(), lastSeq(), …)
/// read the upstream journal's, and it never emits eventRecorded (connect to the upstream
/// journal). A SharedIndexInformer hands its handle to its Reflector, queue, controller and
/// listeners, so every event of theirs says whose it is, in one place.
class Journal : public QObject {
    Q_OBJECT
public:
    /// The retained events, oldest first: a deque whose elements never move while retained.
    using Events = ChunkedDeque<TraceEvent>;

    /// `clock` is not owned and must outlive the journal; null means a SteadyClock of its own.
    explicit Journal(const Clock *clock = nullptr, QObject *parent = nullptr);
    /// An informer's handle on `upstream` (not owned, must outlive the handle), stamping
    /// `informer` ("" = leave events unnamed) on what is recorded through it.
    Journal(Journal *upstream, const QString &informer, QObject *parent = nullptr);
    ~Journal() override;

    /// Stamps seq and t on `event`, keeps it, emits eventRecorded (deferred while an emission is
    /// in progress, see above). Returns the stamped seq. Through a handle: names the informer
    /// and records in the upstream journal.
    quint64 record(TraceEvent event);

    /// The journal a handle records in (null for a journal of its own).
    Journal *upstream() const { return m_upstream; }
    /// The informer a handle names on its events ("" for a journal of its own).
    QString informerName() const { return m_informer; }
    /// Renames the informer for events recorded from now on (a handle only).
    void setInformerName(const QString &name) { m_informer = name; }

    /// Replaces the contents with events already stamped elsewhere (a journal file read back,
    /// see JournalFile): keeps their seq and t, emits nothing, sets lastSeq() to the last
    /// event's seq and droppedCount() to `dropped`; raises capacity() to hold them all. Call it
    /// before any view folds the journal (the views fold the retained history when built).
    void restore(Events events, quint64 dropped = 0);

    const Clock *clock() const { return m_clock; }
    /// The wall-clock time (UTC) at which clock() read 0, when the journal has one: event `t`
    /// ms happened at wallClockOrigin() + t. Invalid (the default) when the journal's clock is
    /// no wall clock, e.g. a scenario's ManualClock; the Session sets it for a SteadyClock, a
    /// recording read back from the file's header (JournalFileHeader::clockOrigin). Through a
    /// handle: the upstream journal's.
    QDateTime wallClockOrigin() const
    {
        return m_upstream ? m_upstream->wallClockOrigin() : m_wallClockOrigin;
    }
    void setWallClockOrigin(const QDateTime &origin) { m_wallClockOrigin = origin; }
    const Events &events() const { return m_upstream ? m_upstream->events() : m_events; }
    quint64 lastSeq() const { return m_upstream ? m_upstream->lastSeq() : m_seq; }
    quint64 droppedCount() const { return m_upstream ? m_upstream->droppedCount() : m_dropped; }
    qsizetype capacity() const { return m_upstream ? m_upstream->capacity() : m_capacity; }
    void setCapacity(qsizetype maxEvents);
    /// The journal's own memory in bytes: sizeof(TraceEvent) and the detail block of each
    /// retained event. The object versions they carry are shared with the informers' caches and
    /// counted by ObjectMemory (api/objectmemory.h); a handle reads its upstream journal's.
    qint64 ownBytes() const { return m_upstream ? m_upstream->ownBytes() : m_ownBytes; }
    /// Dropped events handed to a worker thread to be destroyed at a time.
    static constexpr size_t droppedBatch() { return 2048; }

Q_SIGNALS:
    void eventRecorded(const lens::TraceEvent &event);
    /// Emitted before the oldest events, up to and including seq `lastDroppedSeq`, are dropped
    /// beyond capacity(): a reader that has not read them yet reads them now (EventBatcher).
    void aboutToDrop(quint64 lastDroppedSeq);

private:
    const Clock *m_clock;
    std::unique_ptr<Clock> m_ownClock;
    QDateTime m_wallClockOrigin;   ///< see wallClockOrigin()
    Journal *m_upstream = nullptr; ///< a handle's journal (see above)
    QString m_informer;            ///< a handle's informer name
    Events m_events;
    quint64 m_seq = 0;
    quint64 m_dropped = 0;
    qsizetype m_capacity = 100000;
    qint64 m_ownBytes = 0;              ///< see ownBytes()
    std::deque<TraceEvent> m_toEmit;    ///< recorded during an emission, waiting their turn
    std::vector<TraceEvent> m_dropping; ///< dropped, to be destroyed by a worker (droppedBatch)
    /// Emits `event` now, or after the emission in progress (see "Order" above).
    void emitInOrder(TraceEvent event);
    /// Drops the oldest events beyond capacity(); hands a full batch to a worker thread.
    void dropBeyondCapacity();
    /// Counts a retained event in (`sign` +1) or out (-1): ownBytes() and its objects' holds.
    void account(const TraceEvent &event, int sign);
    bool m_emitting = false;
};

} // namespace lens
