// SPDX-License-Identifier: Apache-2.0
// Caption::forEvent for controller-runtime's priority queue (pkg/controller/priorityqueue).
// The headline is the event's own line (JournalText::runtime, from its fields). The paragraphs say
// what happened and why in controller-runtime's terms, each sentence from the event's own fields
// (lockedAddWithOpts, handleWaitingItems, handleReadyItems, Done, Forget, ShutDown).
#include "caption.h"
#include "caption_p.h"
#include "format.h"
#include "journaltext.h"
#include "rules.h"

#include <algorithm>
#include <functional>

namespace lens::captiondetail {

namespace {
qint64 num(const TraceEvent &e, const char *field)
{
    return e.detail.value(QLatin1String(field)).toInteger();
}

/// Sentences joined into one paragraph, the empty ones (a rule that does not hold) left out.
QString joined(const QStringList &sentences)
{
    QStringList kept;
    for (const QString &s : sentences)
        if (!s.isEmpty())
            kept << s;
    return kept.join(QLatin1Char(' '));
}

/// lockedAddWithOpts for one key: the delay it asked for, then how it met the key's entry.
void explainAdd(const TraceEvent &e, const RuleContext &rc, QStringList &p)
{
    if (flagOf(e, "ignored")) {
        p << joined({Caption::tr("The queue is shut down, so this add is dropped (no entry, no "
                                 "rate limiter call, no metric)."),
                     Rules::sentence(RuleId::PqShutDownAbandons, rc)});
        return;
    }
    const int prio = int(num(e, "priority"));
    const qint64 seq = num(e, "sequence");
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
        if (flagOf(e, "whileProcessing")) {
            const QString held = Rules::sentence(RuleId::PqHeldKeyAfterDone, rc);
            p << (held.isEmpty() ? Caption::tr("A worker held this key when it was added; the "
                                               "key had no entry, so a new one is made.")
                                 : held);
        } else {
            p << Caption::tr("The key had no entry, so a new one is made.");
        }
        p << (ready ? joined({Caption::tr("It is ready with sequence number %1 at priority %2.")
                                  .arg(seq)
                                  .arg(prio),
                              Rules::sentence(RuleId::PqReadyOrder, rc),
                              Caption::tr("It counts in Len, in adds and in "
                                          "depth{priority=\"%1\"}.")
                                  .arg(prio)})
                    : Caption::tr("It waits until %1 at priority %2; while it waits it is "
                                  "neither in Len nor in any depth series, and when its time "
                                  "comes it takes a new sequence number.")
                          .arg(readyAt)
                          .arg(prio));
    } else if (merge == QLatin1String("raised")) {
        p << joined({Caption::tr("The key already had an entry with a lower priority; it now has "
                                 "priority %1 and sequence number %2.")
                         .arg(prio)
                         .arg(seq),
                     Rules::sentence(RuleId::PqPriorityOnlyRaised, rc)});
        if (ready && delayMs > 0)
            p << joined({Caption::tr("The entry was ready already, so this add's delay is "
                                     "dropped."),
                         Rules::sentence(RuleId::PqReadyBeatsDelay, rc)});
        p << (ready
                  ? joined(
                        {Caption::tr("It is ready and counts in depth{priority=\"%1\"}.").arg(prio),
                         Rules::sentence(RuleId::PqReadyOrder, rc)})
                  : Caption::tr("It still waits until %1; only ready entries are in depth.")
                        .arg(readyAt));
    } else if (merge == QLatin1String("ready wins")) {
        p << joined({delayMs > 0 ? Caption::tr("The key was already ready, so this delayed add "
                                               "is dropped; the entry keeps its sequence number "
                                               "%1 and its place.")
                                       .arg(seq)
                                 : Caption::tr("The key was waiting; this add has no delay, so "
                                               "the entry becomes ready now and keeps its "
                                               "sequence number %1. It counts in Len, in adds "
                                               "and in depth{priority=\"%2\"} from now on.")
                                       .arg(seq)
                                       .arg(prio),
                     Rules::sentence(RuleId::PqReadyBeatsDelay, rc)});
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
        p << joined({Caption::tr("It asked for priority %1, lower than the entry's %2, which it "
                                 "keeps.")
                         .arg(num(e, "requestedPriority"))
                         .arg(prio),
                     Rules::sentence(RuleId::PqPriorityOnlyRaised, rc)});
}

/// "default/p1 ×6, default/p2 ×6 (priority 0); …": the takers by priority, highest first.
QString takersText(const PqWait &w)
{
    std::vector<int> prios;
    for (const PqWait::Taker &t : w.takers)
        if (std::find(prios.begin(), prios.end(), t.priority) == prios.end())
            prios.push_back(t.priority);
    std::sort(prios.begin(), prios.end(), std::greater<>());
    QStringList groups;
    for (int prio : prios) {
        QStringList keys;
        for (const PqWait::Taker &t : w.takers)
            if (t.priority == prio)
                keys << QStringLiteral("%1 ×%2").arg(t.key).arg(t.count);
        if (keys.size() > 5)
            keys = keys.mid(0, 5) << QStringLiteral("…");
        groups << Caption::tr("%1 (priority %2)").arg(keys.join(QStringLiteral(", "))).arg(prio);
    }
    return groups.join(QStringLiteral("; "));
}
} // namespace

QString pqWaitText(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    const PqWait w = pqWaitOf(e, journal, upTo);
    if (!w.known || w.higher == 0)
        return {};
    const QString facts =
        w.handedOut
            ? Caption::tr("%1 was ready at priority %2 from %3 for %4 before it was handed "
                          "out; meanwhile the queue handed out %n key(s) of a higher priority "
                          "first: %5.",
                          nullptr, w.higher)
                  .arg(w.key)
                  .arg(w.priority)
                  .arg(formatTimeMs(w.sinceMs), formatDuration(w.untilMs - w.sinceMs),
                       takersText(w))
            : Caption::tr("%1 has been ready at priority %2 since %3 (%4); since then the "
                          "queue handed out %n key(s) of a higher priority: %5, and never this "
                          "one.",
                          nullptr, w.higher)
                  .arg(w.key)
                  .arg(w.priority)
                  .arg(formatTimeMs(w.sinceMs), formatDuration(w.untilMs - w.sinceMs),
                       takersText(w));
    return joined(
        {facts, Rules::sentence(RuleId::PqLowerWaitsForHigher, RuleContext{e, journal, upTo})});
}

QString priorityQueueCaption(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    QStringList p;
    const int prio = int(num(e, "priority"));
    const RuleContext rc{e, journal, upTo};
    switch (e.kind) {
    case TraceKind::PriorityQueueAdd:
        explainAdd(e, rc, p);
        break;
    case TraceKind::PriorityQueueReady:
        p << joined({Caption::tr("Its ready time came (%1, %2 late), so handleWaitingItems moved "
                                 "the entry to the ready ones with a new sequence number, %3, at "
                                 "priority %4. It counts in Len, in adds and in "
                                 "depth{priority=\"%4\"} now.")
                         .arg(formatTimeMs(num(e, "readyAtMs")), formatTimeMs(num(e, "lateMs")))
                         .arg(num(e, "sequence"))
                         .arg(prio),
                     Rules::sentence(RuleId::PqReadyOrder, rc)});
        break;
    case TraceKind::PriorityQueueGet:
        if (flagOf(e, "shutDown")) {
            p << joined({Caption::tr("The queue is shut down, so GetWithPriority answers "
                                     "shutdown at once, and the worker ends."),
                         Rules::sentence(RuleId::PqShutDownAbandons, rc)});
            break;
        }
        p << joined({Caption::tr("GetWithPriority handed the key out at priority %1 (sequence "
                                 "number %2). It had been ready for %3 (the queue_duration "
                                 "metric counts from when it first became ready).")
                         .arg(prio)
                         .arg(num(e, "sequence"))
                         .arg(formatTimeMs(num(e, "waitedMs"))),
                     Rules::sentence(RuleId::PqReadyOrder, rc)});
        p << joined({Rules::sentence(RuleId::PqHeldKeyAfterDone, rc),
                     Caption::tr("%n ready entry(s) left.", nullptr, int(num(e, "depth")))});
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
        p << joined({Caption::tr("Forget: the rate limiter had counted %n failure(s) for the "
                                 "key.",
                                 nullptr, int(num(e, "failures"))),
                     Rules::sentence(RuleId::PqForgetResetsBackoff, rc)});
        break;
    case TraceKind::PriorityQueueShutDown:
        p << joined(
            {Caption::tr("ShutDown: %n entry(s) were queued.", nullptr, int(num(e, "abandoned"))),
             Rules::sentence(RuleId::PqShutDownAbandons, rc)});
        p << Caption::tr("%n key(s) were being processed; their workers may still call Done.",
                         nullptr, int(num(e, "processing")));
        break;
    default:
        break;
    }
    if (e.kind == TraceKind::PriorityQueueAdd || e.kind == TraceKind::PriorityQueueGet)
        p << pqWaitText(e, journal, upTo);
    p.removeAll(QString());
    p << when(e);
    return page(JournalText::runtime(e), p);
}

} // namespace lens::captiondetail
