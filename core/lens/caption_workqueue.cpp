// SPDX-License-Identifier: Apache-2.0
// Caption::forEvent for a workqueue's operations (client-go util/workqueue): the event's own
// line (JournalText::workqueue, from its fields) as the headline, then what the operation means
// in the queue's own terms: dirty, processing, collapse, the waiting heap, the limiter.
#include "caption.h"
#include "caption_p.h"
#include "format.h"
#include "journaltext.h"

namespace lens::captiondetail {

namespace {
bool flag(const TraceEvent &e, const char *field)
{
    return e.detail.value(QLatin1String(field)).toBool();
}

/// Which limiter chose the delay, and why that one, in the limiter's own terms.
QString limiterSentence(const TraceEvent &e)
{
    const QString limiter = e.detail.value(QLatin1String("limiter")).toString();
    const qint64 delayMs = e.detail.value(QLatin1String("delayMs")).toInteger();
    const int failures = e.detail.value(QLatin1String("failures")).toInt();
    const QString delay = formatTimeMs(delayMs);
    if (limiter == QLatin1String("ItemExponentialFailure"))
        return Caption::tr("ItemExponentialFailure chose %1: the key has failed %n time(s) since "
                           "its last Forget, and each failure doubles its wait (base × "
                           "2^(failures − 1): the first failure waits the base delay; up to the "
                           "limiter's cap); the next failure waits twice as long.",
                           nullptr, failures)
            .arg(delay);
    if (limiter == QLatin1String("Bucket"))
        return Caption::tr("The token bucket chose %1: it limits re-queues of all keys together "
                           "to its rate, its burst is spent, so this key waits for the next "
                           "token; the per-key backoff asked for less.")
            .arg(delay);
    if (limiter == QLatin1String("ItemFastSlow"))
        return Caption::tr("ItemFastSlow chose %1: a short delay for the first attempts of a "
                           "key, a long one after that (failure %2).")
            .arg(delay)
            .arg(failures);
    if (limiter == QLatin1String("WithMaxWait"))
        return Caption::tr("WithMaxWait capped the delay at %1: whatever the inner limiter "
                           "asked for, no key waits longer.")
            .arg(delay);
    return limiter.isEmpty() ? QString() : Caption::tr("%1 chose %2.").arg(limiter, delay);
}
} // namespace

QString workqueueCaption(const TraceEvent &e, const Journal *, quint64)
{
    QStringList p;
    switch (e.kind) {
    case TraceKind::WorkqueueAdd:
        if (flag(e, "ignored"))
            p << Caption::tr("After ShutDown a workqueue ignores every Add: nothing is marked "
                             "dirty and no metric counts it.");
        else if (flag(e, "collapsed"))
            p << Caption::tr("The key was dirty already (waiting in the queue, or added while a "
                             "worker holds it), so this Add changes nothing: however many times a "
                             "key is added before a worker takes it, it is processed once. A "
                             "waiting key keeps its place in line.");
        else if (flag(e, "whileProcessing"))
            p << Caption::tr("A worker is processing the key right now, and a workqueue never "
                             "hands one key to two workers. So it is only marked dirty; when the "
                             "worker calls Done, the key goes to the tail of the queue and is "
                             "processed once more.");
        else
            p << Caption::tr("The key is marked dirty and queued at the tail (the queue is fair: "
                             "first added, first out). The depth metric counts dirty keys.");
        break;
    case TraceKind::WorkqueueGet:
        p << (flag(e, "shutDown")
                  ? Caption::tr("Get answers \"shut down\" only once the queue is shut down and "
                                "empty: the worker's loop (processNextWorkItem) returns false "
                                "and the worker ends.")
                  : Caption::tr("The key leaves the queue and is processing until the worker "
                                "calls Done; an Add meanwhile only marks it dirty. The time it "
                                "waited is the queue_duration metric."));
        break;
    case TraceKind::WorkqueueDone:
        p << (flag(e, "requeued")
                  ? Caption::tr("The key was added while the worker held it (dirty while "
                                "processing), so Done queues it again at the tail, even when the "
                                "queue is shutting down.")
                  : Caption::tr("The worker finished: the key is no longer processing. The time "
                                "it took is the work_duration metric."));
        break;
    case TraceKind::WorkqueueAddAfter:
    case TraceKind::WorkqueueAddRateLimited:
        if (e.kind == TraceKind::WorkqueueAddRateLimited) {
            p << Caption::tr("AddRateLimited asks the rate limiter how long to wait (When): a "
                             "per-key exponential backoff counts this key's failures until "
                             "Forget, and a token bucket limits re-queues of all keys together; "
                             "the longest wait wins.");
            p << limiterSentence(e);
        }
        if (!flag(e, "ignored") &&
            e.detail.value(QLatin1String("dedup")).toString() == QLatin1String("kept earlier"))
            p << Caption::tr("The key was already waiting with an earlier ready time, so it "
                             "keeps that one: a waiting key is in the heap once, and the later "
                             "time is dropped.");
        else if (e.detail.value(QLatin1String("dedup")).toString() == QLatin1String("earlier wins"))
            p << Caption::tr("The key was already waiting, for longer: the earlier ready time "
                             "wins and replaces it.");
        p << Caption::tr("A delayed add waits in a heap ordered by ready time; when its time "
                         "comes it is added like any Add. A key waits there once: a second "
                         "AddAfter keeps the earlier of the two times. It is neither in Len nor "
                         "in the depth metric while it waits, and a plain Add does not cancel "
                         "it. Every call counts in the retries metric.");
        break;
    case TraceKind::WorkqueueReady:
        p << Caption::tr("The delayed add's time came: the key is added to the queue now (the "
                         "Add follows in the journal); if it is dirty already it collapses.");
        break;
    case TraceKind::WorkqueueForget:
        p << Caption::tr("Forget clears the rate limiter's history of the key, so its next "
                         "failure backs off from the base delay again. It does not take the key "
                         "out of the queue; the worker still calls Done.");
        break;
    case TraceKind::WorkqueueShutDown:
        p << Caption::tr("After ShutDown, Add is ignored and delayed adds are dropped; workers "
                         "still get what is queued, then \"shut down\". ShutDownWithDrain also "
                         "waits until no key is processing (or until ShutDown releases it).");
        break;
    case TraceKind::WorkqueueCancelGet:
        p << Caption::tr("The worker went away before it got a key; a key already taken for it "
                         "goes back to the queue for the next worker.");
        break;
    default:
        break;
    }
    p << when(e);
    return page(JournalText::workqueue(e), p);
}

} // namespace lens::captiondetail
