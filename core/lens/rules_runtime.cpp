// SPDX-License-Identifier: Apache-2.0
// The predicates of controller-runtime's rules (rules_table_runtime.cpp): the priority queue
// (pkg/controller/priorityqueue), the handlers' priorities (pkg/handler) and reconcileHandler's
// decision table (pkg/internal/controller). Each reads the journal only, up to the time-travel
// point, within the scan budget: the queue's entries are rebuilt from its own events
// (PriorityQueueAdd records the entry after the merge, Ready its new sequence number, Get and
// Done the lock), so a Get can be checked against what was ready when it was recorded.
#include "caption_p.h"
#include "rules.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <optional>

namespace lens {

using namespace captiondetail;

namespace {

bool isPq(TraceKind k)
{
    switch (k) {
    case TraceKind::PriorityQueueAdd:
    case TraceKind::PriorityQueueReady:
    case TraceKind::PriorityQueueGet:
    case TraceKind::PriorityQueueDone:
    case TraceKind::PriorityQueueForget:
    case TraceKind::PriorityQueueShutDown:
        return true;
    default:
        return false;
    }
}

qint64 num(const TraceEvent &e, const char *field)
{
    return e.detail.value(QLatin1String(field)).toInteger();
}

int prioOf(const TraceEvent &e)
{
    return int(num(e, "priority"));
}

/// An event of priority queue `queue` (its journal name: the controller's).
bool ofQueue(const TraceEvent &x, const QString &queue)
{
    return isPq(x.kind) && str(x, "queue") == queue;
}

bool handedOut(const TraceEvent &x)
{
    return x.kind == TraceKind::PriorityQueueGet && !x.key.isEmpty() && !flagOf(x, "shutDown");
}

/// lessReady: higher priority first, then the lower sequence number.
bool lessReady(int pa, qint64 sa, int pb, qint64 sb)
{
    return pa != pb ? pa > pb : sa < sb;
}

/// One priority queue's `items` and `locked`, rebuilt from its journal events in order.
struct PqFold {
    struct Entry {
        int priority = 0;
        qint64 seq = 0;
        bool ready = false;
    };
    QString queue;
    QHash<QString, Entry> items;
    QSet<QString> locked;
    qint64 maxSeq = -1;
    bool complete = false; ///< the fold starts at the journal's first event, none dropped

    void apply(const TraceEvent &x)
    {
        switch (x.kind) {
        case TraceKind::PriorityQueueAdd:
            if (flagOf(x, "ignored"))
                break;
            [[fallthrough]];
        case TraceKind::PriorityQueueReady: {
            Entry &en = items[x.key];
            en.priority = prioOf(x);
            en.seq = num(x, "sequence");
            en.ready = x.kind == TraceKind::PriorityQueueReady || flagOf(x, "ready");
            maxSeq = std::max(maxSeq, en.seq);
            break;
        }
        case TraceKind::PriorityQueueGet:
            if (handedOut(x)) {
                items.remove(x.key);
                locked.insert(x.key);
            }
            break;
        case TraceKind::PriorityQueueDone:
            locked.remove(x.key);
            break;
        case TraceKind::PriorityQueueShutDown:
            items.clear();
            break;
        default:
            break;
        }
    }

    /// A ready entry other than `but`'s, not locked, that comes before (priority, seq).
    bool anyEligibleBefore(int priority, qint64 seq, const QString &but) const
    {
        for (auto it = items.cbegin(); it != items.cend(); ++it)
            if (it.key() != but && it->ready && !locked.contains(it.key()) &&
                lessReady(it->priority, it->seq, priority, seq))
                return true;
        return false;
    }
};

/// The first event the fold of the queue reads for a caption of event `seq`: at most the scan
/// budget back.
Journal::Events::const_iterator foldStart(const Journal *j, quint64 seq, bool *complete)
{
    const auto &ev = j->events();
    auto it = at(j, seq);
    const auto back = std::min<qsizetype>(std::distance(ev.begin(), it), kScanBudget);
    it -= back;
    *complete = it == ev.begin() && !ev.empty() && ev.front().seq == 1;
    return it;
}

/// The fold of `queue` over every event before `seq` (not including it).
PqFold foldBefore(const Journal *j, const QString &queue, quint64 seq)
{
    PqFold f;
    f.queue = queue;
    auto it = foldStart(j, seq, &f.complete);
    for (; it != j->events().end() && it->seq < seq; ++it)
        if (ofQueue(*it, queue))
            f.apply(*it);
    return f;
}

} // namespace

namespace captiondetail {

PqWait pqWaitOf(const TraceEvent &e, const Journal *j, quint64 upTo)
{
    PqWait w;
    if (!j || j->events().empty())
        return w;
    const TraceEvent *anchor = &e;
    if (e.kind == TraceKind::ReconcileStarted) {
        const QString controller = str(e, "controller");
        anchor = lastBefore(j, e.seq, [&](const TraceEvent &x) {
            return handedOut(x) && x.key == e.key && str(x, "queue") == controller;
        });
        if (!anchor)
            return w;
    } else if (!(e.kind == TraceKind::PriorityQueueAdd && !flagOf(e, "ignored")) &&
               e.kind != TraceKind::PriorityQueueReady && !handedOut(e)) {
        return w;
    }
    const bool atGet = anchor->kind == TraceKind::PriorityQueueGet;
    w.queue = str(*anchor, "queue");
    w.key = anchor->key;
    bool complete = false;
    auto it = foldStart(j, anchor->seq, &complete);
    PqFold f;
    f.queue = w.queue;
    bool ready = false; // the key's entry is ready (the stretch below is running)
    qint64 lastT = anchor->t;
    const auto end = j->events().end();
    for (int budget = 2 * kScanBudget; it != end && budget-- > 0; ++it) {
        const TraceEvent &x = *it;
        if (x.seq > anchor->seq && upTo != 0 && x.seq > upTo)
            break;
        lastT = x.t;
        if (!ofQueue(x, w.queue))
            continue;
        const PqFold::Entry mine = f.items.value(w.key);
        if (x.key == w.key && handedOut(x)) {
            if (x.seq >= anchor->seq) {
                w.handedOut = true;
                w.known = ready;
                w.priority = mine.priority;
                w.untilMs = x.t;
                return w;
            }
            ready = false;
        } else if (handedOut(x) && ready && !f.locked.contains(w.key)) {
            const int p = prioOf(x);
            if (p > mine.priority) {
                ++w.higher;
                auto t = std::find_if(w.takers.begin(), w.takers.end(), [&](const auto &k) {
                    return k.key == x.key && k.priority == p;
                });
                if (t == w.takers.end())
                    w.takers.push_back({x.key, p, 1});
                else
                    ++t->count;
            } else if (!lessReady(p, num(x, "sequence"), mine.priority, mine.seq)) {
                w.orderHeld = false;
            }
        } else if (x.kind == TraceKind::PriorityQueueShutDown && x.seq > anchor->seq) {
            break;
        }
        const bool had = f.items.contains(w.key) && mine.ready;
        f.apply(x);
        if (x.key == w.key && f.items.contains(w.key)) {
            const bool now = f.items.value(w.key).ready;
            if (now && (!had || x.kind == TraceKind::PriorityQueueReady)) {
                w.sinceMs = x.t; // a new stretch: it became ready here
                w.higher = 0;
                w.takers.clear();
                w.orderHeld = true;
            }
            ready = now;
        }
        if (atGet && x.seq >= anchor->seq)
            break; // the anchor Get was not the key's (cannot happen)
    }
    w.known = ready && !atGet;
    w.priority = f.items.value(w.key).priority;
    w.untilMs = lastT;
    return w;
}

} // namespace captiondetail

namespace rulepredicates {

bool pqReadyOrder(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (!c.journal)
        return false;
    if (handedOut(e)) {
        const PqFold f = foldBefore(c.journal, str(e, "queue"), e.seq);
        return !f.complete || (!f.locked.contains(e.key) &&
                               !f.anyEligibleBefore(prioOf(e), num(e, "sequence"), e.key));
    }
    const bool readyAdd =
        e.kind == TraceKind::PriorityQueueAdd && !flagOf(e, "ignored") && flagOf(e, "ready");
    if (!readyAdd && e.kind != TraceKind::PriorityQueueReady)
        return false;
    return pqWaitOf(e, c.journal, c.upTo).orderHeld;
}

bool pqLowerWaitsForHigher(const RuleContext &c)
{
    const PqWait w = pqWaitOf(c.event, c.journal, c.upTo);
    return (w.known || w.handedOut) && w.higher > 0 && w.orderHeld;
}

bool pqPriorityOnlyRaised(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    const QString merge = str(e, "merge");
    if (!c.journal || e.kind != TraceKind::PriorityQueueAdd || flagOf(e, "ignored") ||
        merge == QLatin1String("new"))
        return false;
    const PqFold f = foldBefore(c.journal, str(e, "queue"), e.seq);
    if (!f.items.contains(e.key))
        return !f.complete;
    const PqFold::Entry prev = f.items.value(e.key);
    const int requested = int(num(e, "requestedPriority")); // absent: 0
    if (prioOf(e) != std::max(prev.priority, requested))
        return false;
    if (prioOf(e) > prev.priority)
        return merge == QLatin1String("raised") && num(e, "sequence") > f.maxSeq;
    return num(e, "sequence") == prev.seq;
}

bool pqReadyBeatsDelay(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    const QString merge = str(e, "merge");
    if (!c.journal || e.kind != TraceKind::PriorityQueueAdd || !flagOf(e, "ready") ||
        (merge != QLatin1String("ready wins") && merge != QLatin1String("raised")))
        return false;
    if (num(e, "delayMs") > 0) { // the entry was ready before this delayed add
        const PqFold f = foldBefore(c.journal, str(e, "queue"), e.seq);
        if (f.items.contains(e.key) ? !f.items.value(e.key).ready : f.complete)
            return false;
    }
    // No timer makes it ready later: its next event of that kind is its Get, not a Ready.
    const QString queue = str(e, "queue");
    const TraceEvent *next = firstAfter(c.journal, e.seq, c.upTo, [&](const TraceEvent &x) {
        return ofQueue(x, queue) && x.key == e.key &&
               (handedOut(x) || x.kind == TraceKind::PriorityQueueReady);
    });
    return !next || next->kind != TraceKind::PriorityQueueReady;
}

bool pqHeldKeyAfterDone(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    const bool heldAdd = e.kind == TraceKind::PriorityQueueAdd &&
                         str(e, "merge") == QLatin1String("new") && flagOf(e, "whileProcessing");
    if (!c.journal || (!heldAdd && !handedOut(e)))
        return false;
    const QString queue = str(e, "queue");
    if (heldAdd) {
        const PqFold f = foldBefore(c.journal, queue, e.seq);
        if (f.complete && !f.locked.contains(e.key))
            return false;
    }
    const TraceEvent *next = firstAfter(c.journal, e.seq, c.upTo, [&](const TraceEvent &x) {
        return ofQueue(x, queue) && x.key == e.key &&
               (handedOut(x) || x.kind == TraceKind::PriorityQueueDone);
    });
    return !next || next->kind == TraceKind::PriorityQueueDone;
}

bool pqShutDownAbandons(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    const bool applies = e.kind == TraceKind::PriorityQueueShutDown ||
                         (e.kind == TraceKind::PriorityQueueAdd && flagOf(e, "ignored")) ||
                         (e.kind == TraceKind::PriorityQueueGet && flagOf(e, "shutDown"));
    if (!c.journal || !applies)
        return false;
    const QString queue = str(e, "queue");
    const TraceEvent *down =
        e.kind == TraceKind::PriorityQueueShutDown
            ? &e
            : lastBefore(c.journal, e.seq, [&](const TraceEvent &x) {
                  return x.kind == TraceKind::PriorityQueueShutDown && str(x, "queue") == queue;
              });
    if (!down)
        return false;
    // Nothing of the queue moves after it: no hand-out, no entry made ready, no add kept.
    return !firstAfter(c.journal, down->seq, c.upTo, [&](const TraceEvent &x) {
        return ofQueue(x, queue) &&
               (handedOut(x) || x.kind == TraceKind::PriorityQueueReady ||
                (x.kind == TraceKind::PriorityQueueAdd && !flagOf(x, "ignored")));
    });
}

bool pqForgetResetsBackoff(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (!c.journal || e.kind != TraceKind::PriorityQueueForget)
        return false;
    const QString queue = str(e, "queue");
    const TraceEvent *next = firstAfter(c.journal, e.seq, c.upTo, [&](const TraceEvent &x) {
        return ofQueue(x, queue) && x.key == e.key &&
               (x.kind == TraceKind::PriorityQueueForget ||
                (x.kind == TraceKind::PriorityQueueAdd && flagOf(x, "rateLimited") &&
                 !flagOf(x, "ignored")));
    });
    return !next || next->kind == TraceKind::PriorityQueueForget || num(*next, "failures") == 1;
}

// ---- the handlers' priorities (handler.TypedFuncs) ---------------------------------------------

/// The queue's next add of the handler's request `e` (before the handler queues it again).
const TraceEvent *nextAddOf(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    const QString controller = str(e, "controller");
    const TraceEvent *next = firstAfter(c.journal, e.seq, c.upTo, [&](const TraceEvent &x) {
        return x.key == e.key &&
               ((x.kind == TraceKind::PriorityQueueAdd && str(x, "queue") == controller) ||
                (x.kind == TraceKind::RuntimeEnqueued && str(x, "controller") == controller));
    });
    return next && next->kind == TraceKind::PriorityQueueAdd ? next : nullptr;
}

bool addedLow(const RuleContext &c)
{
    const TraceEvent *add = nextAddOf(c);
    return !add || (add->detail.contains(QLatin1String("requestedPriority")) &&
                    num(*add, "requestedPriority") == -100);
}

bool handlerInitialListLow(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    return c.journal && e.kind == TraceKind::RuntimeEnqueued &&
           str(e, "event") == QLatin1String("create") && flagOf(e, "initialList") &&
           str(e, "lowPriority") == QLatin1String("initial list") && prioOf(e) == -100 &&
           addedLow(c);
}

bool handlerUnchangedUpdateLow(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    return c.journal && e.kind == TraceKind::RuntimeEnqueued &&
           str(e, "event") == QLatin1String("update") &&
           str(e, "oldResourceVersion") == str(e, "newResourceVersion") &&
           str(e, "lowPriority") == QLatin1String("unchanged resourceVersion") &&
           prioOf(e) == -100 && addedLow(c);
}

bool handlerDeleteNeverLowered(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    const QString event = str(e, "event");
    if (!c.journal || e.kind != TraceKind::RuntimeEnqueued ||
        (event != QLatin1String("delete") && event != QLatin1String("generic")) ||
        e.detail.contains(QLatin1String("priority")) || !str(e, "lowPriority").isEmpty())
        return false;
    const TraceEvent *add = nextAddOf(c);
    return !add || !add->detail.contains(QLatin1String("requestedPriority"));
}

// ---- reconcileHandler's queue calls -------------------------------------------------------------

/// One queue call reconcileHandler made, as the queue recorded it.
struct Call {
    bool forget = false;
    bool rateLimited = false;
    qint64 afterMs = 0;
    std::optional<int> priority; ///< requestedPriority (the priority queue only)
};

/// The queue calls of the reconcile that ReconcileFinished `e` ends, as the queue recorded them
/// (before `e`, after its ReconcileStarted): Forgets and the adds reconcileHandler made, on the
/// priority queue or on the legacy one. nullopt when the journal no longer shows its start.
std::optional<std::vector<Call>> reconcileCalls(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    const QString controller = str(e, "controller");
    const TraceEvent *start = lastBefore(c.journal, e.seq, [&](const TraceEvent &x) {
        return x.kind == TraceKind::ReconcileStarted && x.key == e.key &&
               str(x, "controller") == controller && str(x, "worker") == str(e, "worker");
    });
    if (!start)
        return std::nullopt;
    std::vector<Call> calls;
    firstAfter(c.journal, start->seq, e.seq, [&](const TraceEvent &x) {
        if (x.seq >= e.seq || x.key != e.key || str(x, "queue") != controller)
            return false;
        const bool byHandler = str(x, "reason").startsWith(QLatin1String("reconcileHandler"));
        Call call;
        switch (x.kind) {
        case TraceKind::PriorityQueueForget:
        case TraceKind::WorkqueueForget:
            call.forget = true;
            break;
        case TraceKind::PriorityQueueAdd:
            if (!byHandler)
                return false;
            call.rateLimited = flagOf(x, "rateLimited");
            call.afterMs = num(x, "afterMs");
            if (x.detail.contains(QLatin1String("requestedPriority")))
                call.priority = int(num(x, "requestedPriority"));
            break;
        case TraceKind::WorkqueueAddRateLimited:
        case TraceKind::WorkqueueAddAfter:
        case TraceKind::WorkqueueAdd:
            if (!byHandler)
                return false;
            call.rateLimited = x.kind == TraceKind::WorkqueueAddRateLimited;
            call.afterMs = x.kind == TraceKind::WorkqueueAddAfter ? num(x, "delayMs") : 0;
            break;
        default:
            return false;
        }
        calls.push_back(call);
        return false;
    });
    return calls;
}

bool isFinished(const RuleContext &c)
{
    return c.journal && c.event.kind == TraceKind::ReconcileFinished;
}

bool reconcileRequeueRateLimited(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    const QString result = str(e, "result");
    if (!isFinished(c) || flagOf(e, "terminal") ||
        (result != QLatin1String("error") && result != QLatin1String("requeue")))
        return false;
    const auto calls = reconcileCalls(c);
    return !calls || (calls->size() == 1 && calls->front().rateLimited && !calls->front().forget);
}

bool reconcileRequeueAfter(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (!isFinished(c) || str(e, "result") != QLatin1String("requeue_after"))
        return false;
    const auto calls = reconcileCalls(c);
    return !calls || (calls->size() == 2 && (*calls)[0].forget && !(*calls)[1].forget &&
                      !(*calls)[1].rateLimited && (*calls)[1].afterMs == num(e, "requeueAfterMs"));
}

bool reconcileTerminalNoRequeue(const RuleContext &c)
{
    if (!isFinished(c) || !flagOf(c.event, "terminal"))
        return false;
    const auto calls = reconcileCalls(c);
    return !calls || calls->empty();
}

bool reconcileSuccessForgets(const RuleContext &c)
{
    if (!isFinished(c) || str(c.event, "result") != QLatin1String("success"))
        return false;
    const auto calls = reconcileCalls(c);
    return !calls || (calls->size() == 1 && calls->front().forget);
}

bool reconcileKeepsPriority(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    const QString result = str(e, "result");
    if (!isFinished(c) || flagOf(e, "terminal") || result.isEmpty() ||
        result == QLatin1String("success"))
        return false;
    const auto calls = reconcileCalls(c);
    if (!calls)
        return true;
    bool added = false;
    for (const Call &call : *calls) {
        if (call.forget)
            continue;
        added = true;
        if (call.priority != prioOf(e)) // the legacy queue records none: it is no priority queue
            return false;
    }
    return added;
}

bool legacyQueueIgnoresPriority(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (!c.journal)
        return false;
    const QString controller =
        e.kind == TraceKind::RuntimeControllerStarted && str(e, "controller").isEmpty()
            ? e.key
            : str(e, "controller");
    const TraceEvent *start = nullptr;
    if (e.kind == TraceKind::RuntimeControllerStarted)
        start = &e;
    else if (e.kind == TraceKind::ReconcileStarted || e.kind == TraceKind::ReconcileFinished)
        start = lastBefore(c.journal, e.seq, [&](const TraceEvent &x) {
            return x.kind == TraceKind::RuntimeControllerStarted &&
                   str(x, "controller") == controller;
        });
    if (!start || !start->detail.contains(QLatin1String("usePriorityQueue")) ||
        flagOf(*start, "usePriorityQueue"))
        return false;
    // No priority queue of its name moves, and every key is handed out at priority 0.
    return !firstAfter(c.journal, start->seq, c.upTo, [&](const TraceEvent &x) {
        return ofQueue(x, controller) || (x.kind == TraceKind::ReconcileStarted &&
                                          str(x, "controller") == controller && prioOf(x) != 0);
    });
}

} // namespace rulepredicates

} // namespace lens
