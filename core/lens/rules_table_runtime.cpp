// SPDX-License-Identifier: Apache-2.0
// The rule table's controller-runtime rows (RuleId::PqReadyOrder …), in RuleId order, appended to
// rules_table.cpp's by Rules::all(). "clientGo" names the controller-runtime function each one
// mirrors. The predicates are in rules_runtime.cpp; docs/rules.md lists the same rows.
#include "rules.h"

#include <QtGlobal>

namespace lens {

namespace rulepredicates {
bool pqReadyOrder(const RuleContext &);
bool pqLowerWaitsForHigher(const RuleContext &);
bool pqPriorityOnlyRaised(const RuleContext &);
bool pqReadyBeatsDelay(const RuleContext &);
bool pqHeldKeyAfterDone(const RuleContext &);
bool pqShutDownAbandons(const RuleContext &);
bool pqForgetResetsBackoff(const RuleContext &);
bool handlerInitialListLow(const RuleContext &);
bool handlerUnchangedUpdateLow(const RuleContext &);
bool handlerDeleteNeverLowered(const RuleContext &);
bool reconcileRequeueRateLimited(const RuleContext &);
bool reconcileRequeueAfter(const RuleContext &);
bool reconcileTerminalNoRequeue(const RuleContext &);
bool reconcileSuccessForgets(const RuleContext &);
bool reconcileKeepsPriority(const RuleContext &);
bool legacyQueueIgnoresPriority(const RuleContext &);
} // namespace rulepredicates

void Rules::appendRuntimeRules(std::vector<Rule> *table)
{
    using namespace rulepredicates;
    using R = RuleId;
    const Rule rows[] = {
        {R::PqReadyOrder, "pq-ready-order",
         "priorityqueue.lessReady, priorityqueue.handleReadyItems",
         "a Get: no ready entry of another unheld key came before it (priority, then sequence) "
         "in the queue rebuilt from its events; a ready add or Ready: no Get of the queue while "
         "the entry was ready and unheld, up to its own Get, handed out a key that comes after it",
         QT_TRANSLATE_NOOP("lens::Caption",
                           "Ready entries are handed out by priority, highest first, then by "
                           "sequence number, and a key a worker holds is skipped "
                           "(handleReadyItems)."),
         pqReadyOrder},
        {R::PqLowerWaitsForHigher, "pq-lower-waits-for-higher", "priorityqueue.handleReadyItems",
         "the key's ready stretch saw at least one Get of a key of higher priority while it was "
         "unheld, and no Get of a key that comes after it",
         QT_TRANSLATE_NOOP("lens::Caption",
                           "A ready entry is handed out only when no unheld ready entry of a "
                           "higher priority exists: while keys of a higher priority keep coming "
                           "back, it waits, however long."),
         pqLowerWaitsForHigher},
        {R::PqPriorityOnlyRaised, "pq-priority-only-raised", "priorityqueue.lockedAddWithOpts",
         "an add merged into an entry: its priority is the larger of the entry's before and the "
         "one asked for; a raise took a sequence number above every one the queue had given, "
         "otherwise the entry kept its own",
         QT_TRANSLATE_NOOP("lens::Caption",
                           "A key's priority is only ever raised, never lowered; a raise takes a "
                           "new sequence number, so the key goes to the tail of its new level, "
                           "behind the entries already there (FIFO within a level, since "
                           "v0.23)."),
         pqPriorityOnlyRaised},
        {R::PqReadyBeatsDelay, "pq-ready-beats-delay",
         "priorityqueue.lockedAddWithOpts (ready wins)",
         "an add that left the entry ready (a delayed one: the entry was ready before it); the "
         "key's next Ready or Get is its Get: no timer made it ready again",
         QT_TRANSLATE_NOOP("lens::Caption",
                           "Ready beats any delay: an entry that is ready stays ready, and a "
                           "delay merged into it is dropped for good (no timer adds it later)."),
         pqReadyBeatsDelay},
        {R::PqHeldKeyAfterDone, "pq-held-key-after-done",
         "priorityqueue.handleReadyItems (locked keys skipped), priorityqueue.Done",
         "a new entry added while the key was held (it was handed out and not Done), or a Get: "
         "the key's next Get comes after its Done",
         QT_TRANSLATE_NOOP("lens::Caption",
                           "A key a worker holds (handed out, not yet Done) has no entry in the "
                           "queue, so an add meanwhile makes a new one, and that entry is handed "
                           "out only after the worker's Done."),
         pqHeldKeyAfterDone},
        {R::PqShutDownAbandons, "pq-shutdown-abandons", "priorityqueue.ShutDown",
         "a ShutDown, a dropped add or a Get answered shutdown after the queue's ShutDown: after "
         "that ShutDown the queue hands nothing out, makes nothing ready and keeps no add",
         QT_TRANSLATE_NOOP("lens::Caption",
                           "After ShutDown the priority queue does not drain: its entries are "
                           "abandoned, every Get answers shutdown at once and every add is "
                           "dropped."),
         pqShutDownAbandons},
        {R::PqForgetResetsBackoff, "pq-forget-resets-backoff",
         "priorityqueue.Forget → TypedRateLimiter.Forget",
         "a Forget; the key's next rate-limited add (before another Forget) counts 1 failure",
         QT_TRANSLATE_NOOP("lens::Caption",
                           "Forget clears the rate limiter's count for the key, so its next "
                           "rate-limited add starts from the base delay again; it does not "
                           "remove an entry from the queue."),
         pqForgetResetsBackoff},
        {R::HandlerInitialListLow, "handler-initial-list-low",
         "handler.TypedFuncs.Create (isInInitialList → LowPriority)",
         "a create from the initial list queued at −100; the queue's next add of the request "
         "asked for −100",
         QT_TRANSLATE_NOOP("lens::Caption",
                           "controller-runtime's handlers add a create from the initial list at "
                           "LowPriority (−100), below every real change (TypedFuncs.Create, "
                           "IsInInitialList)."),
         handlerInitialListLow},
        {R::HandlerUnchangedUpdateLow, "handler-unchanged-update-low",
         "handler.TypedFuncs.Update (equal ResourceVersion → LowPriority)",
         "an update whose old and new resourceVersion are the same string, queued at −100; the "
         "queue's next add of the request asked for −100",
         QT_TRANSLATE_NOOP("lens::Caption",
                           "controller-runtime's handlers add an update whose old and new "
                           "resourceVersion are the same string at LowPriority (−100): a resync "
                           "or relist re-delivery, not a change (TypedFuncs.Update)."),
         handlerUnchangedUpdateLow},
        {R::HandlerDeleteNeverLowered, "handler-delete-never-lowered",
         "handler.TypedFuncs.Delete, handler.TypedFuncs.Generic",
         "a delete or generic event queued without a priority; the queue's next add of the "
         "request asked for none",
         QT_TRANSLATE_NOOP("lens::Caption",
                           "Delete and Generic events are never lowered: the handler adds them "
                           "without a priority, which the queue reads as 0."),
         handlerDeleteNeverLowered},
        {R::ReconcileRequeueRateLimited, "reconcile-requeue-rate-limited",
         "controller.reconcileHandler (err != nil, Requeue)",
         "a non-terminal error or Requeue; the queue recorded, since the reconcile started, one "
         "rate-limited add by reconcileHandler and no Forget",
         QT_TRANSLATE_NOOP("lens::Caption",
                           "reconcileHandler requeues the key rate-limited "
                           "(AddWithOpts{RateLimited}) without Forget, so its backoff keeps "
                           "growing until a success."),
         reconcileRequeueRateLimited},
        {R::ReconcileRequeueAfter, "reconcile-requeue-after",
         "controller.reconcileHandler (RequeueAfter > 0)",
         "a RequeueAfter; the queue recorded, since the reconcile started, a Forget then one add "
         "by reconcileHandler with After = RequeueAfter, not rate-limited",
         QT_TRANSLATE_NOOP("lens::Caption",
                           "For RequeueAfter reconcileHandler calls Forget, which resets the "
                           "key's backoff, then AddWithOpts{After: RequeueAfter}."),
         reconcileRequeueAfter},
        {R::ReconcileTerminalNoRequeue, "reconcile-terminal-no-requeue",
         "controller.reconcileHandler (errors.Is(err, reconcile.TerminalError))",
         "a terminal error; the queue recorded no add by reconcileHandler and no Forget since the "
         "reconcile started",
         QT_TRANSLATE_NOOP("lens::Caption",
                           "For a TerminalError reconcileHandler neither requeues nor Forgets "
                           "the key: it waits for its next event."),
         reconcileTerminalNoRequeue},
        {R::ReconcileSuccessForgets, "reconcile-success-forgets",
         "controller.reconcileHandler (success: Forget)",
         "a success; the queue recorded one Forget and no add by reconcileHandler since the "
         "reconcile started",
         QT_TRANSLATE_NOOP("lens::Caption",
                           "On success reconcileHandler calls Forget, which clears the key's "
                           "rate-limiter history; nothing is queued again until an event "
                           "comes."),
         reconcileSuccessForgets},
        {R::ReconcileKeepsPriority, "reconcile-keeps-priority",
         "controller.reconcileHandler (priority retention, #3167)",
         "a requeue; every add reconcileHandler made since the reconcile started asked for the "
         "priority the event records (the legacy queue records none: never there)",
         QT_TRANSLATE_NOOP("lens::Caption",
                           "A requeue uses the priority the key was handed out at, or "
                           "Result.Priority when the reconciler set one."),
         reconcileKeepsPriority},
        {R::LegacyQueueIgnoresPriority, "legacy-queue-ignores-priority",
         "controller.priorityQueueWrapper (UsePriorityQueue=false)",
         "the controller started with usePriorityQueue false; from then on no priority queue of "
         "its name records anything, and every reconcile starts at priority 0",
         QT_TRANSLATE_NOOP("lens::Caption",
                           "With UsePriorityQueue=false the controller runs on client-go's "
                           "rate-limiting queue (priorityQueueWrapper): every priority is "
                           "ignored, keys go out first in, first out, and GetWithPriority "
                           "reports 0."),
         legacyQueueIgnoresPriority},
    };
    for (const Rule &r : rows)
        table->push_back(r);
}

} // namespace lens
