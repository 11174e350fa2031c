// SPDX-License-Identifier: Apache-2.0
#pragma once
// Caption's private helpers, shared by caption.cpp (the reflector's and the queue's events) and
// caption_processor.cpp (the processor's: notifications, resync ticks, handler registration).
// Not installed; include only from core/lens/caption*.cpp.

#include "trace/journal.h"
#include "trace/traceevent.h"

#include <QStringList>

#include <algorithm>
#include <deque>

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
/// The captions of the processor's events (HandlerNotified, Resync, HandlerAdded,
/// HandlerRemoved, HandlerResyncChanged); see Caption::forEvent.
QString processorCaption(const TraceEvent &e, const Journal *journal, quint64 upTo);
/// The captions of the factory's WaitForCacheSync gate (CacheSyncStarted, CacheSyncWaiting,
/// CacheSyncFinished), from the event's own fields; see Caption::forEvent.
QString cacheSyncCaption(const TraceEvent &e);

/// Position of journal event `seq` (or of the first one after it).
inline std::deque<TraceEvent>::const_iterator at(const Journal *journal, quint64 seq)
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
