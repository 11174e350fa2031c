// SPDX-License-Identifier: Apache-2.0
// Caption::forEvent for controller-runtime's priority queue (pkg/controller/priorityqueue).
// The headline is the event's own line (JournalText::runtime, from its fields). The paragraphs say
// what happened and why in controller-runtime's terms, each sentence from the event's own fields
// (lockedAddWithOpts, handleWaitingItems, handleReadyItems, Done, Forget, ShutDown).
#include "caption.h"
#include "caption_p.h"
#include "format.h"
#include "journaltext.h"

namespace lens::captiondetail {

namespace {
qint64 num(const TraceEvent &e, const char *field)
{
    return e.detail.value(QLatin1String(field)).toInteger();
}

/// lockedAddWithOpts for one key: the delay it asked for, then how it met the key's entry.
void explainAdd(const TraceEvent &e, QStringList &p)
{
    if (flagOf(e, "ignored")) {
        p << Caption::tr("The queue is shut down, so this add is dropped: after ShutDown the "
                         "priority queue ignores every add (no entry, no rate limiter call, no "
                         "metric).");
        return;
    }
    const int prio = int(num(e, "priority"));
    const qint64 seq = num(e, "seq");
    const qint64 delayMs = num(e, "delayMs");
    const bool ready = flagOf(e, "ready");
    const QString merge = str(e, "merge");
    const QString readyAt = formatTimeMs(num(e, "readyAtMs"));
    if (flagOf(e, "rateLimited"))
        p << Caption::tr("RateLimited: the rate limiter's When chose %1 (it is asked on every "
                         "such add, so the key now has %n failure(s) to its name even if the "
                         "add merges away); the add waits the smaller of After and that.",
                         nullptr, int(num(e, "failures")))
                 .arg(formatTimeMs(num(e, "limiterMs")));
    if (delayMs <= 0 && num(e, "afterMs") < 0)
        p << Caption::tr("An After of zero or less means ready now, and such an add is no "
                         "retry.");
    if (flagOf(e, "retry"))
        p << Caption::tr("Its effective delay, %1, is more than zero, so it counts in "
                         "workqueue_retries_total, whatever the merge below made of it.")
                 .arg(formatTimeMs(delayMs));
    if (merge == QLatin1String("new")) {
        if (flagOf(e, "whileProcessing"))
            p << Caption::tr("A worker holds this key (handed out, not yet Done), and a held "
                             "key has no entry, so this add makes a new one; it is handed out "
                             "only after Done.");
        else
            p << Caption::tr("The key had no entry, so a new one is made.");
        p << (ready ? Caption::tr("It is ready with sequence number %1 at priority %2: ready "
                                  "entries are handed out by priority, highest first, then by "
                                  "sequence number. It counts in Len, in adds and in "
                                  "depth{priority=\"%2\"}.")
                          .arg(seq)
                          .arg(prio)
                    : Caption::tr("It waits until %1 at priority %2; while it waits it is "
                                  "neither in Len nor in any depth series, and when its time "
                                  "comes it takes a new sequence number.")
                          .arg(readyAt)
                          .arg(prio));
    } else if (merge == QLatin1String("raised")) {
        p << Caption::tr("The key already had an entry with a lower priority; priority is only "
                         "ever raised, so the entry now has priority %1. A raise takes a new "
                         "sequence number (%2): the key goes to the tail of priority %1, behind "
                         "the entries already there (FIFO within a level, since v0.23).")
                 .arg(prio)
                 .arg(seq);
        if (ready && delayMs > 0)
            p << Caption::tr("The entry was ready already, so this add's delay is dropped: "
                             "ready beats any delay.");
        p << (ready ? Caption::tr("It is ready and counts in depth{priority=\"%1\"}.").arg(prio)
                    : Caption::tr("It still waits until %1; only ready entries are in depth.")
                          .arg(readyAt));
    } else if (merge == QLatin1String("ready wins")) {
        p << (delayMs > 0 ? Caption::tr("The key was already ready, so this delayed add is "
                                        "dropped: ready beats any delay (lockedAddWithOpts). "
                                        "No timer will add it later; the entry keeps its "
                                        "sequence number %1 and its place.")
                                .arg(seq)
                          : Caption::tr("The key was waiting; this add has no delay, so the "
                                        "entry becomes ready now (ready beats any delay) and "
                                        "keeps its sequence number %1. It counts in Len, in "
                                        "adds and in depth{priority=\"%2\"} from now on.")
                                .arg(seq)
                                .arg(prio));
    } else if (merge == QLatin1String("earlier wins")) {
        p << Caption::tr("The key was already waiting for a later time; the earlier readyAt "
                         "wins, so it now waits until %1.")
                 .arg(readyAt);
    } else if (merge == QLatin1String("kept earlier")) {
        p << Caption::tr("The key was already waiting with a ready time no later than this "
                         "one, %1, and keeps it: of two delays the earlier readyAt wins.")
                 .arg(readyAt);
    } else if (merge == QLatin1String("unchanged")) {
        p << Caption::tr("The key was already ready at priority %1, and this add neither raises "
                         "its priority nor has a time to shorten, so nothing changes: the entry "
                         "keeps its sequence number %2 and its place, and no metric counts it.")
                 .arg(prio)
                 .arg(seq);
    }
    if (e.detail.contains(QLatin1String("requestedPriority")) && num(e, "requestedPriority") < prio)
        p << Caption::tr("It asked for priority %1, lower than the entry's %2: a priority is "
                         "never lowered.")
                 .arg(num(e, "requestedPriority"))
                 .arg(prio);
}
} // namespace

QString priorityQueueCaption(const TraceEvent &e, const Journal *, quint64)
{
    QStringList p;
    const int prio = int(num(e, "priority"));
    switch (e.kind) {
    case TraceKind::PriorityQueueAdd:
        explainAdd(e, p);
        break;
    case TraceKind::PriorityQueueReady:
        p << Caption::tr("Its ready time came (%1, %2 late), so handleWaitingItems moved the "
                         "entry to the ready ones with a new sequence number, %3: among "
                         "priority %4 it goes after every entry that became ready before it, "
                         "and before any older entry of a lower priority. It counts in Len, in "
                         "adds and in depth{priority=\"%4\"} now.")
                 .arg(formatTimeMs(num(e, "readyAtMs")), formatTimeMs(num(e, "lateMs")))
                 .arg(num(e, "seq"))
                 .arg(prio);
        break;
    case TraceKind::PriorityQueueGet:
        if (flagOf(e, "shutDown")) {
            p << Caption::tr("The queue is shut down, so GetWithPriority answers shutdown at "
                             "once: the priority queue does not drain what is queued, and the "
                             "worker ends.");
            break;
        }
        p << Caption::tr("GetWithPriority handed the key out at priority %1 (sequence number "
                         "%2): ready entries go by priority, highest first, then by sequence "
                         "number, and a key a worker holds is skipped. It had been ready for "
                         "%3 (the queue_duration metric counts from when it first became "
                         "ready).")
                 .arg(prio)
                 .arg(num(e, "seq"))
                 .arg(formatTimeMs(num(e, "waitedMs")));
        p << Caption::tr("The key is locked until Done: an add meanwhile makes a new entry "
                         "that waits for the lock. %n ready entry(s) left.",
                         nullptr, int(num(e, "depth")));
        break;
    case TraceKind::PriorityQueueDone:
        p << (flagOf(e, "requeued")
                  ? Caption::tr("Done unlocks the key after %1 of work. It was added again "
                                "meanwhile, and that ready entry can be handed out now, in its "
                                "order.")
                        .arg(formatTimeMs(num(e, "workMs")))
                  : Caption::tr("Done unlocks the key after %1 of work (the work_duration "
                                "metric). No ready entry of it waits.")
                        .arg(formatTimeMs(num(e, "workMs"))));
        break;
    case TraceKind::PriorityQueueForget:
        p << Caption::tr("Forget clears the rate limiter's %n failure(s) of the key, so its "
                         "next rate-limited add starts from the base delay again. It does not "
                         "remove an entry from the queue.",
                         nullptr, int(num(e, "failures")));
        break;
    case TraceKind::PriorityQueueShutDown:
        p << Caption::tr("ShutDown abandons the %n queued entry(s): the priority queue does not "
                         "drain, waiting and later Gets answer shutdown at once, and every "
                         "later add is dropped.",
                         nullptr, int(num(e, "abandoned")));
        p << Caption::tr("%n key(s) were being processed; their workers may still call Done.",
                         nullptr, int(num(e, "processing")));
        break;
    default:
        break;
    }
    p << when(e);
    return page(JournalText::runtime(e), p);
}

} // namespace lens::captiondetail
