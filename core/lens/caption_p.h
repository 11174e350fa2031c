// SPDX-License-Identifier: Apache-2.0
#pragma once
// Caption's private helpers and its one function per event kind, shared by caption.cpp (the
// helpers, Caption's public functions and forEvent's choice by kind) and the files that explain
// each component's events: caption_reflector.cpp, caption_queue.cpp, caption_indexer.cpp,
// caption_informer.cpp, caption_processor.cpp, caption_cachesync.cpp, caption_workqueue.cpp.
// Not installed; include only from core/lens/caption*.cpp and rules*.cpp (the rule table's
// predicates scan the journal with the same helpers).

#include "api/delta.h"
#include "trace/journal.h"
#include "trace/traceevent.h"

#include <QStringList>

#include <algorithm>
#include <deque>
#include <vector>

namespace lens::captiondetail {

inline constexpr int kScanBudget = 20000; // journal events a caption looks at, back or forward

/// HTML: a bold headline, then one paragraph per entry (all escaped).
QString page(const QString &headline, const QStringList &paragraphs);
/// A journal detail field as text.
QString str(const TraceEvent &e, const char *field);
/// A journal field in the window's language (a list cause, a watch's end, an error).
QString said(const TraceEvent &e, const char *field);
/// "at 12.345 s (journal event 321)": where to find `e` on the timeline and in the journal.
QString when(const TraceEvent &e);
/// Event kinds of the Pop side (pops, the Indexer, handlers, the pump's mode, HasSynced): they
/// may come between the slices of a Replace, and never queue anything themselves.
bool runsBesideTheQueue(TraceKind kind);
/// What queued the FifoQueued event at `seq` (the list, bookmark or tick before its batch).
const TraceEvent *queueCauseEvent(const Journal *journal, quint64 seq);
/// The keys queued right after `e` (never past `upTo`, 0 = none), tombstones apart.
void queuedAfter(const Journal *journal, const TraceEvent &e, quint64 upTo, QStringList *others,
                 QStringList *tombstones);
/// Up to five keys, then "…".
QString someKeys(const QStringList &keys);
/// What queued a Sync or Replaced delta, from `cause` (queueCauseEvent()); `journal` says
/// whether there was a journal to look in at all.
QString causeOfQueued(const Journal *journal, const TraceEvent *cause);
/// Why list `e` (a ListStarted or ListCompleted) ran, from its recorded cause ("initial",
/// "expired", "watch expired", …) and, for a watch error, the informer's watch error before it;
/// each general claim a checked rule (rules.h). "" when no rule holds.
QString listCauseText(const TraceEvent &e, const Journal *journal, quint64 upTo);
/// A boolean journal detail field.
inline bool flagOf(const TraceEvent &e, const char *field)
{
    return e.detail.value(QLatin1String(field)).toBool();
}
/// What a LIST request with resourceVersion `rv` and `limit` asks the server for.
QString listRequestText(const QString &rv, int limit);
/// "Fields changed: a → b; +c; …" for an update `e` carrying the new object (watchEvent
/// MODIFIED, indexerUpdated, handlerNotified update): objectDiff() against the key's state
/// the Indexer held before (the newest indexerAdded/indexerUpdated of the same informer and
/// key, at `oldRv` when it is given). Empty when the journal holds no earlier state; says so
/// when nothing but metadata changed.
QString updateDiffText(const Journal *journal, const TraceEvent &e, const QString &oldRv);
/// For a listCompleted `e`: its listed keys compared with what the Indexer held before the
/// list (new, changed resourceVersion, unchanged) and the keys missing from it (tombstones),
/// each counted with up to five named. Empty when nothing was queued after it.
QString relistSplitText(const Journal *journal, const TraceEvent &e, quint64 upTo);
/// What a delta of type `t` (a tombstone when `tombstone`) means and why it is queued.
QString deltaMeaning(DeltaType t, bool tombstone);

// One function per TraceKind: the caption of `e` (see Caption::forEvent; `journal` may be
// null, `upTo` is the time-travel point, 0 = none). Each takes all three, so forEvent can pick
// one by kind; those that do not look in the journal ignore the last two.
// caption_reflector.cpp: the Reflector's lists, watches and backoffs.
QString watchEventCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString bookmarkCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString listStartedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString listPageCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString listCompletedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString listFailedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString watchStartedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString watchEndedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString watchErrorCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString backoffCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
// caption_queue.cpp: the DeltaFIFO's (or RealFIFO's) queued deltas and pops.
QString fifoQueuedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString fifoPoppedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
// caption_indexer.cpp: IndexerAdded, IndexerUpdated, IndexerDeleted.
QString indexerChangedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
// caption_informer.cpp: HasSynced, the Pop pump, notes (Info).
QString syncedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString pumpModeCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString noteCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
// caption_workqueue.cpp: every workqueue kind (Add, Get, Done, AddAfter, Ready, AddRateLimited,
// Forget, ShutDown, CancelGet).
QString workqueueCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
// caption_processor.cpp: handler notifications, resync ticks, handler registration.
QString handlerNotifiedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString resyncCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString handlerAddedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString handlerRemovedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString handlerResyncChangedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
// caption_cachesync.cpp: the factory's WaitForCacheSync gate (CacheSyncStarted,
// CacheSyncWaiting, CacheSyncFinished), from the event's own fields.
QString cacheSyncCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
// caption_controller.cpp: a controller's API writes, worker syncs and Provisioner calls.
QString apiRequestCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString controllerSyncCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
QString provisionerCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
// caption_priorityqueue.cpp: controller-runtime's priority queue.
QString priorityQueueCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
// caption_runtime.cpp: controller-runtime's handlers, predicates, Start and reconcileHandler.
QString runtimeCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
/// caption_metrics.cpp: a /metrics scrape.
QString metricsCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);

/// A key's latest stretch as a ready entry of a priority queue, from the journal alone (the
/// queue's events, within the scan budget, never past `upTo`): since when it was ready, and which
/// keys of a higher priority the queue handed out meanwhile while it was eligible (not held).
struct PqWait {
    struct Taker {
        QString key;
        int priority = 0;
        int count = 0;
    };
    bool known = false;     ///< the key's entry was ready (for a Get: right before it)
    bool handedOut = false; ///< the stretch ended with the key's own Get
    QString queue;
    QString key;
    int priority = 0;
    qint64 sinceMs = 0; ///< when it last became ready
    qint64 untilMs = 0; ///< its Get, or the last moment looked at
    int higher = 0;     ///< Gets of keys of a higher priority meanwhile
    std::vector<Taker> takers;
    bool orderHeld = true; ///< no Get meanwhile handed out a key that comes after it (lessReady)
};
/// For a PriorityQueueAdd or PriorityQueueReady (the stretch it starts or joins, up to the key's
/// next Get or `upTo`), a PriorityQueueGet (the stretch it ends) or a ReconcileStarted (the Get
/// before it). rules_runtime.cpp.
PqWait pqWaitOf(const TraceEvent &e, const Journal *journal, quint64 upTo);
/// The starvation paragraph for `e` (pqWaitOf), with the rule that explains it; "" when the
/// key's wait saw no key of a higher priority handed out. caption_priorityqueue.cpp.
QString pqWaitText(const TraceEvent &e, const Journal *journal, quint64 upTo);

/// Position of journal event `seq` (or of the first one after it).
inline Journal::Events::const_iterator at(const Journal *journal, quint64 seq)
{
    const auto &ev = journal->events();
    return std::lower_bound(ev.begin(), ev.end(), seq,
                            [](const TraceEvent &e, quint64 s) { return e.seq < s; });
}

/// The newest event before `seq` that matches `pred`, within the scan budget; null if none.
template<typename Pred> const TraceEvent *lastBefore(const Journal *journal, quint64 seq, Pred pred)
{
    if (!journal)
        return nullptr;
    auto it = at(journal, seq);
    for (int budget = kScanBudget; it != journal->events().begin() && budget-- > 0;) {
        --it;
        if (pred(*it))
            return &*it;
    }
    return nullptr;
}

/// The first event after `seq` that matches `pred`, within the scan budget; null if none.
/// Never past `upTo` (a time-travel point; 0 = the journal's end).
template<typename Pred>
const TraceEvent *firstAfter(const Journal *journal, quint64 seq, quint64 upTo, Pred pred)
{
    if (!journal)
        return nullptr;
    auto it = at(journal, seq + 1);
    for (int budget = kScanBudget; it != journal->events().end() && budget-- > 0; ++it) {
        if (upTo != 0 && it->seq > upTo)
            return nullptr;
        if (pred(*it))
            return &*it;
    }
    return nullptr;
}

} // namespace lens::captiondetail
