// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "keys.h"

#include <QStringList>

#include <functional>
#include <optional>
#include <utility>

namespace lens {

class Journal;

/// What a Pop's process function answers. `requeue` mirrors client-go v0.32's ErrRequeue{Err}:
/// the popped Deltas go back to the tail unless newer deltas for the key arrived, and Pop
/// reports `error` (which may be empty, like ErrRequeue{Err: nil}).
struct ProcessResult {
    QString error;
    bool requeue = false;
};

/// Called by Pop with the popped Deltas and isInInitialList (= !HasSynced before the pop).
using PopProcessFunc =
    std::function<ProcessResult(const QString &key, const Deltas &deltas, bool isInInitialList)>;

/// The outcome of one non-blocking Pop.
struct PopResult {
    bool popped = false; ///< false: the queue was empty (or closed and empty)
    bool closed = false; ///< the queue is closed and empty: client-go's ErrFIFOClosed
    QString key;
    Deltas deltas;
    bool isInInitialList = false;
    QString error; ///< what process returned
    /// RealFIFO atomic mode: "ReplacedAll" or "SyncAll" for such an entry (key is then empty),
    /// else empty.
    QString atomicType;
};

/// One row of a queue as a viewer sees it: for DeltaFIFO a key and all its queued Deltas (one
/// row per key, in queue order); for RealFIFO one row per queued event (`deltas` has exactly
/// one element), in delivery order, so a key may appear on several rows.
struct QueueEntry {
    QString key;
    Deltas deltas;
};

/// client-go's Queue interface (tools/cache/fifo.go, delta_fifo.go) without blocking: Pop
/// returns at once when empty, and `setQueuedCallback` tells the controller's pump that
/// something arrived. DeltaFIFO and RealFIFO implement it.
///
/// Errors are returned as strings in client-go's words; an empty string means success.
class Queue {
public:
    virtual ~Queue() = default;

    /// "DeltaFIFO" or "RealFIFO": named in the UI and the journal.
    virtual QString modeName() const = 0;

    virtual QString add(const Object &obj) = 0;
    virtual QString update(const Object &obj) = 0;
    /// Queue a Deleted delta. `obj` is the last known state, or a tombstone via `delta`.
    virtual QString remove(const Object &obj) = 0;
    /// A relist: the complete current state. `resourceVersion` is the list's (ignored by
    /// DeltaFIFO, as in client-go). The list is taken by value: a queue with a transformer lets
    /// each listed original go once its transformed copy is queued, so that a caller that moves
    /// its list in never holds the whole list twice (originals and transformed copies).
    virtual QString replace(QList<Object> list, const QString &resourceVersion) = 0;
    /// Replace over several calls, for a list too large for one event-loop turn (the
    /// Reflector's LIST of more than Reflector::replaceSliceItems() objects): beginReplace()
    /// takes the list, each continueReplace() goes on with the next `maxItems` listed objects
    /// (-1 = all) and sets `*done` on the call that ended the Replace. The result is the one
    /// replace() gives in one call. While replacing() Pop pops nothing: client-go's Replace
    /// holds the queue's lock until it returns, so no Pop sees half of it; the caller queues
    /// nothing else meanwhile. A beginReplace() while replacing() first ends the one under way.
    /// Errors as replace()'s, from the call that met them (the Replace then ends). Default:
    /// the whole Replace in beginReplace(), as replace().
    virtual QString beginReplace(QList<Object> list, const QString &resourceVersion)
    {
        return replace(std::move(list), resourceVersion);
    }
    /// See beginReplace().
    virtual QString continueReplace(qsizetype maxItems, bool *done)
    {
        Q_UNUSED(maxItems);
        *done = true;
        return {};
    }
    /// True between beginReplace() and the continueReplace() that ended it.
    virtual bool replacing() const { return false; }
    virtual QString resync() = 0;
    /// Pops the head key (non-blocking; see PopResult).
    virtual PopResult pop(const PopProcessFunc &process) = 0;
    virtual bool hasSynced() const = 0;
    virtual QStringList listKeys() const = 0;
    virtual qsizetype size() const = 0;
    /// The queue's contents in Pop order (see QueueEntry). Not part of client-go's interface:
    /// it is how the playground and the views look inside without popping.
    virtual QList<QueueEntry> entries() const = 0;
    virtual void close() = 0;
    virtual bool isClosed() const = 0;

    /// Called after every change that queued something (the controller schedules a Pop).
    void setQueuedCallback(std::function<void()> cb) { m_queued = std::move(cb); }
    /// Every change is recorded there as fifoQueued / fifoPopped (may be null).
    void setJournal(Journal *journal) { m_journal = journal; }

protected:
    std::function<void()> m_queued;
    Journal *m_journal = nullptr;
};

} // namespace lens
