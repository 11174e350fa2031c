// SPDX-License-Identifier: Apache-2.0
// The rule table (Rules): each general sentence of the Explain pane, the client-go function it
// mirrors and the predicate over the journal that must hold wherever it is shown. A predicate is
// "the event's own fields make the rule apply, and nothing in the journal up to the time-travel
// point contradicts it"; where the rule is about what comes next and the journal already holds
// it, what the journal holds decides.
#include "rules.h"

#include "api/status.h"
#include "caption_p.h"
#include "trace/journal.h"

#include <QJsonArray>
#include <QJsonObject>

#include <optional>

namespace lens {

using namespace captiondetail;

namespace rulepredicates {

bool sameInformer(const TraceEvent &x, const TraceEvent &e)
{
    return x.informer == e.informer;
}

bool isRequest(const TraceEvent &x)
{
    return x.kind == TraceKind::ListStarted || x.kind == TraceKind::WatchStarted;
}

/// The events by which the Reflector moves on (what it queues, receives and asks for): the
/// first of them after an event tells what that event led to. Pops, the Indexer, handlers and
/// notes run beside them and are skipped.
bool isReflectorStep(const TraceEvent &x)
{
    switch (x.kind) {
    case TraceKind::FifoQueued:
    case TraceKind::ListStarted:
    case TraceKind::ListCompleted:
    case TraceKind::ListFailed:
    case TraceKind::WatchStarted:
    case TraceKind::WatchEvent:
    case TraceKind::Bookmark:
    case TraceKind::WatchEnded:
    case TraceKind::WatchError:
    case TraceKind::Backoff:
    case TraceKind::Resync:
        return true;
    default:
        return false;
    }
}

const TraceEvent *nextStep(const RuleContext &c)
{
    return firstAfter(c.journal, c.event.seq, c.upTo, [&](const TraceEvent &x) {
        return sameInformer(x, c.event) && isReflectorStep(x);
    });
}

/// The typed status an error event recorded; an older recording's plain code and reason fill
/// in what it lacks.
ApiStatus statusOf(const TraceEvent &e)
{
    ApiStatus s = ApiStatus::fromDetail(e.detail.value(QLatin1String("status")).toObject());
    if (s.code == 0)
        s.code = e.detail.value(QLatin1String("code")).toInt();
    if (s.reason.isEmpty())
        s.reason = e.detail.value(QLatin1String("reason")).toString();
    return s;
}

/// "Added", "Updated" or "Deleted": the delta watchHandler queues for a watch event type.
QString deltaFor(const QString &watchType)
{
    if (watchType == QLatin1String("ADDED"))
        return QStringLiteral("Added");
    if (watchType == QLatin1String("MODIFIED"))
        return QStringLiteral("Updated");
    if (watchType == QLatin1String("DELETED"))
        return QStringLiteral("Deleted");
    return {};
}

// ---- the listener's syncing flag (sharedProcessor.addListener / shouldResync) ----------------

/// Whether `handler` of `informer` was syncing when Pop `popSeq` distributed: the verdict of the
/// last resync tick after its registration, or, with no tick since, the flag addListener set.
/// nullopt when the journal does not tell (its registration or the tick's verdicts are gone).
std::optional<bool> syncingAt(const Journal *j, const QString &informer, const QString &handler,
                              quint64 popSeq)
{
    const TraceEvent *added = lastBefore(j, popSeq, [&](const TraceEvent &x) {
        return x.kind == TraceKind::HandlerAdded && x.informer == informer &&
               x.detail.value(QLatin1String("handler")).toString() == handler;
    });
    if (!added)
        return std::nullopt;
    const TraceEvent *tick = lastBefore(j, popSeq, [&](const TraceEvent &x) {
        return x.kind == TraceKind::Resync && x.informer == informer;
    });
    if (!tick || tick->seq < added->seq)
        return added->detail.contains(QLatin1String("syncing")) ? flagOf(*added, "syncing") : true;
    const QJsonArray ls = tick->detail.value(QLatin1String("listeners")).toArray();
    if (ls.isEmpty())
        return std::nullopt;
    for (const QJsonValue &v : ls) {
        const QJsonObject l = v.toObject();
        if (l.value(QLatin1String("handler")).toString() == handler)
            return l.value(QLatin1String("due")).toBool();
    }
    return false;
}

/// An "update (resync)" notification `n` went to a listener that was syncing at its Pop.
bool unchangedUpdateWentToSyncing(const Journal *j, const TraceEvent &n)
{
    const QString handler = str(n, "handler");
    const TraceEvent *pop = lastBefore(j, n.seq, [&](const TraceEvent &x) {
        return x.kind == TraceKind::FifoPopped && x.key == n.key && x.informer == n.informer;
    });
    if (!pop)
        return true; // the journal no longer shows the Pop: nothing to contradict
    const std::optional<bool> syncing = syncingAt(j, n.informer, handler, pop->seq);
    return !syncing || *syncing;
}

bool unchangedUpdateToSyncing(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (!c.journal)
        return false;
    if (e.kind == TraceKind::HandlerNotified)
        return e.type == QLatin1String("update (resync)") &&
               unchangedUpdateWentToSyncing(c.journal, e);
    // A list, a tick or a queued Sync/Replaced: every unchanged update delivered from what it
    // queued, until the informer's next list or tick, went to a syncing listener.
    bool ok = true;
    firstAfter(c.journal, e.seq, c.upTo, [&](const TraceEvent &x) {
        if (!sameInformer(x, e))
            return false;
        if (x.seq != e.seq && (x.kind == TraceKind::ListCompleted || x.kind == TraceKind::Resync))
            return true; // the next batch: stop
        if (x.kind == TraceKind::HandlerNotified && x.type == QLatin1String("update (resync)") &&
            !unchangedUpdateWentToSyncing(c.journal, x))
            ok = false;
        return !ok;
    });
    return ok;
}

bool changedUpdateToAll(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (e.type != QLatin1String("update") || str(e, "oldResourceVersion") == e.resourceVersion)
        return false;
    // No listener got this Pop's object as an update "from resync".
    const TraceEvent *pop = lastBefore(c.journal, e.seq, [&](const TraceEvent &x) {
        return x.kind == TraceKind::FifoPopped && x.key == e.key && sameInformer(x, e);
    });
    if (!pop)
        return true;
    const TraceEvent *wrong = firstAfter(c.journal, pop->seq, c.upTo, [&](const TraceEvent &x) {
        return x.kind == TraceKind::HandlerNotified && sameInformer(x, e) && x.key == e.key &&
               x.resourceVersion == e.resourceVersion && x.type == QLatin1String("update (resync)");
    });
    return !wrong;
}

// ---- the watch's events -----------------------------------------------------------------------

bool watchEventQueued(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (flagOf(e, "watchList") || deltaFor(e.type).isEmpty())
        return false;
    const TraceEvent *next = nextStep(c);
    // What the Reflector did next, if it queued something, is this event's delta.
    return !next || next->kind != TraceKind::FifoQueued ||
           (next->key == e.key && next->type == deltaFor(e.type));
}

/// True when, after `c.event` and up to the stream's ListCompleted or the informer's next request
/// (whichever comes first), nothing but Sync deltas is queued; only deltas of `key` count when
/// one is given. What a WatchList stream receives waits in its temporary store until then.
bool nothingQueuedBeforeListEnds(const RuleContext &c, const QString *key)
{
    const TraceEvent &e = c.event;
    const TraceEvent *queued = firstAfter(c.journal, e.seq, c.upTo, [&](const TraceEvent &x) {
        if (!sameInformer(x, e))
            return false;
        if (x.kind == TraceKind::ListCompleted || isRequest(x))
            return true;
        return x.kind == TraceKind::FifoQueued && (!key || x.key == *key) &&
               x.type != QLatin1String("Sync");
    });
    return !queued || queued->kind != TraceKind::FifoQueued;
}

bool watchListEventStored(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (!flagOf(e, "watchList") || e.kind != TraceKind::WatchEvent)
        return false;
    // Nothing of the key is queued before the stream's list is complete (or given up).
    return nothingQueuedBeforeListEnds(c, &e.key);
}

bool bookmarkMovesResourceVersion(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (e.kind != TraceKind::Bookmark || flagOf(e, "initialEventsEnd") || flagOf(e, "watchList"))
        return false;
    const TraceEvent *next = nextStep(c);
    return !next || next->kind != TraceKind::FifoQueued;
}

bool initialEventsEndReplaces(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (e.kind != TraceKind::Bookmark || !flagOf(e, "initialEventsEnd"))
        return false;
    const TraceEvent *next = nextStep(c);
    return !next || (next->kind == TraceKind::ListCompleted && flagOf(*next, "watchList"));
}

bool watchRequest(const RuleContext &c)
{
    return c.event.kind == TraceKind::WatchStarted && !flagOf(c.event, "sendInitialEvents");
}

bool watchListRequest(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (e.kind != TraceKind::WatchStarted || !flagOf(e, "sendInitialEvents"))
        return false;
    // Until the stream's list is complete (or the attempt ends) nothing it streams is queued.
    return nothingQueuedBeforeListEnds(c, nullptr);
}

// ---- after a watch error ----------------------------------------------------------------------

/// What the journal shows came after watch error `c.event`: the informer's next request (null
/// when the journal shows none yet) and whether it backed off before that request.
struct After {
    const TraceEvent *request = nullptr;
    bool backedOff = false;
};

After afterError(const RuleContext &c)
{
    After a;
    a.request = Rules::nextRequest(c);
    if (a.request)
        a.backedOff = firstAfter(c.journal, c.event.seq, a.request->seq, [&](const TraceEvent &x) {
                          return sameInformer(x, c.event) && x.kind == TraceKind::Backoff;
                      }) != nullptr;
    return a;
}

bool isWatchListStart(const TraceEvent *x)
{
    return x && x->kind == TraceKind::WatchStarted && flagOf(*x, "sendInitialEvents");
}

/// A plain watch's error `c.event` led to a `next` request after a backoff, or, with no request
/// in the journal yet, its recorded status makes client-go do `expected`.
bool plainWatchErrorLeadsTo(const RuleContext &c, TraceKind next, Rules::AfterWatchError expected)
{
    const TraceEvent &e = c.event;
    if (e.kind != TraceKind::WatchError || flagOf(e, "watchList"))
        return false;
    const After a = afterError(c);
    if (a.request)
        return a.request->kind == next && a.backedOff;
    return Rules::afterWatchError(e) == expected;
}

bool watchErrorRelists(const RuleContext &c)
{
    return plainWatchErrorLeadsTo(c, TraceKind::ListStarted, Rules::AfterWatchError::Relist);
}

bool watchErrorRewatches(const RuleContext &c)
{
    return plainWatchErrorLeadsTo(c, TraceKind::WatchStarted, Rules::AfterWatchError::Rewatch);
}

bool watchErrorRetriesAtOnce(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (e.kind != TraceKind::WatchError || flagOf(e, "watchList"))
        return false;
    const After a = afterError(c);
    return a.request && a.request->kind == TraceKind::WatchStarted && !a.backedOff;
}

bool watchListErrorFallsBack(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (e.kind != TraceKind::WatchError || !flagOf(e, "watchList"))
        return false;
    const After a = afterError(c);
    if (a.request)
        return a.request->kind == TraceKind::ListStarted &&
               str(*a.request, "cause") == QLatin1String("fallback");
    return Rules::afterWatchError(e) == Rules::AfterWatchError::FallBack;
}

bool watchListErrorStreamsAgain(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (e.kind != TraceKind::WatchError || !flagOf(e, "watchList"))
        return false;
    const After a = afterError(c);
    if (a.request)
        return isWatchListStart(a.request);
    return Rules::afterWatchError(e) == Rules::AfterWatchError::StreamAgain;
}

bool watchEndedRewatches(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (e.kind != TraceKind::WatchEnded || flagOf(e, "watchList"))
        return false;
    const TraceEvent *next = Rules::nextRequest(c);
    return !next || (next->kind == TraceKind::WatchStarted && !isWatchListStart(next) &&
                     next->resourceVersion == e.resourceVersion);
}

bool watchListEndedEarly(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (e.kind != TraceKind::WatchEnded || !flagOf(e, "watchList") ||
        str(e, "reason") != QLatin1String("before initial-events-end"))
        return false;
    const TraceEvent *next = Rules::nextRequest(c);
    return !next || isWatchListStart(next);
}

// ---- lists and backoff ------------------------------------------------------------------------

bool listFailedBacksOff(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (e.kind != TraceKind::ListFailed || str(e, "cause") == QLatin1String("continue expired"))
        return false;
    const ApiStatus s = statusOf(e);
    const TraceEvent *next = firstAfter(c.journal, e.seq, c.upTo, [&](const TraceEvent &x) {
        return sameInformer(x, e) && (isRequest(x) || x.kind == TraceKind::Backoff);
    });
    if (next)
        return next->kind == TraceKind::Backoff;
    // A list's first 410 / too-large is retried at once from "" (Reflector.list), not backed off.
    const bool retried = e.detail.contains(QLatin1String("status")) &&
                         (s.isExpired() || s.isTooLargeResourceVersion());
    return !retried;
}

bool continueExpiredListsAgain(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (e.kind != TraceKind::ListFailed || str(e, "cause") != QLatin1String("continue expired"))
        return false;
    const TraceEvent *next = firstAfter(c.journal, e.seq, c.upTo, [&](const TraceEvent &x) {
        return sameInformer(x, e) && (isRequest(x) || x.kind == TraceKind::Backoff);
    });
    return !next || (next->kind == TraceKind::ListStarted &&
                     str(*next, "cause") == QLatin1String("continue expired") &&
                     next->detail.value(QLatin1String("limit")).toInt() == 0);
}

/// Backoff reasons after which the Reflector retries the watch, not ListAndWatch.
bool backoffRewatches(const TraceEvent &e)
{
    const QString r = str(e, "reason");
    return r == QLatin1String("429 on watch") || r == QLatin1String("429 on watch-list") ||
           r == QLatin1String("connection refused");
}

bool backoffThenList(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (e.kind != TraceKind::Backoff)
        return false;
    const TraceEvent *next = Rules::nextRequest(c);
    if (next)
        return next->kind == TraceKind::ListStarted ||
               (isWatchListStart(next) && !backoffRewatches(e)); // ListAndWatch's WatchList
    return !backoffRewatches(e);
}

bool backoffThenWatch(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (e.kind != TraceKind::Backoff || !backoffRewatches(e))
        return false;
    const TraceEvent *next = Rules::nextRequest(c);
    return !next || next->kind == TraceKind::WatchStarted;
}

// ---- the DeltaFIFO ----------------------------------------------------------------------------

/// Queued delta `q` (DeltaFIFO) added one delta to what its key held, or collapsed a Deleted
/// into a Deleted before it (dedupDeltas).
bool queuedOneMore(const Journal *j, const TraceEvent &q)
{
    if (str(q, "queueMode") == QLatin1String("RealFIFO"))
        return true;
    const TraceEvent *prev = lastBefore(j, q.seq, [&](const TraceEvent &x) {
        return sameInformer(x, q) && x.key == q.key &&
               (x.kind == TraceKind::FifoQueued || x.kind == TraceKind::FifoPopped);
    });
    if (!prev)
        return true; // the journal does not show what the key held before
    const qint64 before = prev->kind == TraceKind::FifoQueued ? prev->deltaCount() : 0;
    const qint64 after = q.deltaCount();
    if (after == before + 1)
        return true;
    return after == before && before > 0 && q.type == QLatin1String("Deleted") &&
           prev->deltas.last().type == DeltaType::Deleted;
}

bool deltaFifoMergesOnlyDeletes(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (!c.journal)
        return false;
    if (e.kind == TraceKind::FifoQueued)
        return str(e, "queueMode") != QLatin1String("RealFIFO") && queuedOneMore(c.journal, e);
    if (e.kind != TraceKind::PumpMode)
        return false;
    // While this mode lasts, every delta queued kept its key's earlier ones.
    bool ok = true;
    firstAfter(c.journal, e.seq, c.upTo, [&](const TraceEvent &x) {
        if (!sameInformer(x, e))
            return false;
        if (x.kind == TraceKind::PumpMode)
            return true;
        if (x.kind == TraceKind::FifoQueued && !queuedOneMore(c.journal, x))
            ok = false;
        return !ok;
    });
    return ok;
}

// ---- why a list ran ---------------------------------------------------------------------------

/// The newest event of `kind` of the informer before `e` (its list's cause).
const TraceEvent *lastOf(const RuleContext &c, TraceKind kind)
{
    return lastBefore(c.journal, c.event.seq, [&](const TraceEvent &x) {
        return sameInformer(x, c.event) && x.kind == kind;
    });
}

bool isList(const TraceEvent &e)
{
    return e.kind == TraceKind::ListStarted || e.kind == TraceKind::ListCompleted;
}

const TraceEvent *causingWatchError(const RuleContext &c, const char *cause)
{
    if (!isList(c.event) || str(c.event, "cause") != QLatin1String(cause))
        return nullptr;
    return lastOf(c, TraceKind::WatchError);
}

bool listCauseWatchExpired(const RuleContext &c)
{
    const TraceEvent *err = causingWatchError(c, "watch expired");
    return err && statusOf(*err).isExpired();
}

bool listCauseWatchErrorEvent(const RuleContext &c)
{
    const TraceEvent *err = causingWatchError(c, "watch error");
    return err && !flagOf(*err, "request") && !err->detail.contains(QLatin1String("shortWatchMs"));
}

bool listCauseWatchRequestFailed(const RuleContext &c)
{
    const TraceEvent *err = causingWatchError(c, "watch error");
    return err && flagOf(*err, "request");
}

bool listCauseShortWatch(const RuleContext &c)
{
    const TraceEvent *err = causingWatchError(c, "watch error");
    return err && err->detail.contains(QLatin1String("shortWatchMs"));
}

bool listCauseExpired(const RuleContext &c)
{
    if (!isList(c.event) || str(c.event, "cause") != QLatin1String("expired"))
        return false;
    const TraceEvent *failed = lastOf(c, TraceKind::ListFailed);
    return failed && statusOf(*failed).isExpired();
}

bool resyncQueuesSync(const RuleContext &c)
{
    const TraceEvent &e = c.event;
    if (e.kind != TraceKind::Resync || !flagOf(e, "due"))
        return false;
    const QJsonArray ls = e.detail.value(QLatin1String("listeners")).toArray();
    bool anyDue = ls.isEmpty();
    for (const QJsonValue &v : ls)
        anyDue = anyDue || v.toObject().value(QLatin1String("due")).toBool();
    const TraceEvent *next = nextStep(c);
    return anyDue &&
           (!next || next->kind != TraceKind::FifoQueued || next->type == QLatin1String("Sync"));
}

bool bookmarkTimeoutIsOurs(const RuleContext &c)
{
    return str(c.event, "fallbackCode") == QLatin1String("bookmark timeout");
}

} // namespace rulepredicates

using namespace rulepredicates;

const TraceEvent *Rules::nextRequest(const RuleContext &c)
{
    return firstAfter(c.journal, c.event.seq, c.upTo, [&](const TraceEvent &x) {
        return sameInformer(x, c.event) && isRequest(x);
    });
}

Rules::AfterWatchError Rules::afterWatchError(const TraceEvent &e)
{
    const ApiStatus s = statusOf(e);
    const bool shortWatch = e.detail.contains(QLatin1String("shortWatchMs"));
    const bool retriable = s.isTooManyRequests() || s.isConnectionRefused();
    if (flagOf(e, "watchList")) {
        // reflector.go watchList(): a retriable error or an unavailable resourceVersion asks
        // again; any other error, and a very short watch, fall back to LIST+WATCH.
        if (shortWatch)
            return AfterWatchError::FallBack;
        return retriable || s.isExpired() || s.isTooLargeResourceVersion()
                   ? AfterWatchError::StreamAgain
                   : AfterWatchError::FallBack;
    }
    if (shortWatch)
        return AfterWatchError::Relist; // "very short watch": watch() returns, ListAndWatch ends
    if (flagOf(e, "request")) // Watch() failed: isWatchErrorRetriable, else ListAndWatch returns
        return retriable ? AfterWatchError::Rewatch : AfterWatchError::Relist;
    if (s.isTooManyRequests())
        return AfterWatchError::Rewatch;
    if (s.isInternalError())
        return AfterWatchError::Unknown; // retried at once while MaxInternalErrorRetryDuration
    return AfterWatchError::Relist;
}

QString Rules::translated(const Rule &r)
{
    return QCoreApplication::translate("lens::Caption", r.text);
}

const Rule &Rules::get(RuleId id)
{
    return all().at(std::size_t(id));
}

} // namespace lens
