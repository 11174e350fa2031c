// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/delta.h"
#include "api/object.h"
#include "eventdetail.h"

#include <QJsonObject>
#include <QMetaType>
#include <QString>

namespace lens {

/// What kind of state change a trace event records. The names (traceKindName) are the "kind"
/// values of `informer-lens --headless`'s JSON Lines.
enum class TraceKind {
    ListStarted,   ///< reflector: a LIST began; detail.cause, detail.resourceVersion, detail.limit
    ListPage,      ///< reflector: one page arrived; detail.items, detail.continue,
                   ///< detail.remainingItemCount
    ListCompleted, ///< reflector: the list is whole; resourceVersion = list RV, detail.items
    ListFailed,    ///< reflector: the list failed; detail.error, detail.code
    WatchStarted,  ///< reflector: a WATCH request was sent; resourceVersion, detail.timeoutSeconds
    WatchEvent,   ///< reflector: ADDED/MODIFIED/DELETED arrived; type, key, resourceVersion, object
    Bookmark,     ///< reflector: a BOOKMARK moved the resourceVersion
    WatchEnded,   ///< reflector: the stream ended without error; detail.events, detail.reason
    WatchError,   ///< reflector: ERROR event, failed WATCH request (detail.request: no watch
                  ///< existed) or very short watch (detail.shortWatchMs); detail.error, code
    Backoff,      ///< reflector: waiting before the next attempt; detail.delayMs, detail.reason
    FifoQueued,   ///< queue: a delta was queued; key, type, deltas = the key's Deltas afterwards
    FifoPopped,   ///< queue: Pop took a key; deltas = what was popped, detail.isInInitialList
    IndexerAdded, ///< indexer: key added; object
    IndexerUpdated,  ///< indexer: key updated; object
    IndexerDeleted,  ///< indexer: key deleted; object = last state
    HandlerNotified, ///< processor: a listener was notified; type add|update|delete, detail.handler
    Resync,          ///< informer: a resync tick; detail.due = whether any listener was due
    Synced,          ///< informer: HasSynced became true; detail.objects
    PumpMode,        ///< controller: the Pop pump was switched; type = run|paused|step
    HandlerAdded,    ///< processor: a listener was registered (AddEventHandlerWithResyncPeriod);
                     ///< detail.handler, requestedResyncPeriodMs, resyncPeriodMs, nextResyncMs,
                     ///< syncing (true: sharedProcessor.addListener), informerStarted
    HandlerRemoved,  ///< processor: a listener was removed (RemoveEventHandler); detail.handler,
                     ///< dropped (notifications still buffered, let go)
    HandlerResyncChanged,    ///< processor: a listener's resyncPeriod changed; detail.handler,
                             ///< resyncPeriodMs, nextResyncMs, reason ("user": set live;
                             ///< "resyncCheckPeriod": re-determined when detail.byHandler lowered
                             ///< the check period before start)
    CacheSyncStarted,        ///< factory: WaitForCacheSync began; detail.informers (all it
                             ///< waits on), waitingFor (not synced yet), notStarted, timeoutMs
    CacheSyncWaiting,        ///< factory: the wait goes on (every second of Clock time);
                             ///< detail.elapsedMs, notSynced (the informers it still waits on)
    CacheSyncFinished,       ///< factory: the wait ended; type = opened|timedOut|shutDown;
                             ///< detail.elapsedMs, notSynced, notStarted, waitedOn (opened: the
                             ///< informer whose sync opened it, "" when all were synced already;
                             ///< else the first it still waited on), message
    WorkqueueAdd,            ///< workqueue (component "workqueue", key = the item): Add;
                             ///< detail.queue, reason, collapsed (already dirty: nothing changed),
                             ///< whileProcessing (being processed: queued again at Done), depth,
                             ///< ignored (shutting down)
    WorkqueueGet,            ///< workqueue: Get handed the item out; detail.queue, worker, waitedMs
                             ///< (since its add), depth; or shutDown (no item: shut down and empty)
    WorkqueueDone,           ///< workqueue: Done; detail.queue, worker, workMs, requeued (it was
                             ///< added while processing), depth
    WorkqueueAddAfter,       ///< workqueue: AddAfter; detail.queue, delayMs, readyAtMs, reason,
                             ///< dedup ("new", "earlier wins", "kept earlier", "at once"), ignored
    WorkqueueReady,          ///< workqueue: a waiting item's time came (it is added next);
                             ///< detail.queue, readyAtMs, lateMs, reason
    WorkqueueAddRateLimited, ///< workqueue: AddRateLimited; detail.queue, delayMs, limiter (which
                             ///< one chose the delay), failures (NumRequeues after), readyAtMs,
                             ///< reason, dedup, ignored
    WorkqueueForget,         ///< workqueue: Forget; detail.queue, failures (NumRequeues before)
    WorkqueueShutDown,       ///< workqueue: ShutDown / ShutDownWithDrain; detail.queue, drain,
                             ///< discarded (waiting items dropped), queued, processing
    WorkqueueCancelGet,      ///< workqueue: a worker withdrew its Get; detail.queue, worker,
                             ///< givenBack (the item taken for it, = key, went back), depth
    ApiRequestSent,          ///< a controller's write left (KubeClient): type = verb;
                             ///< detail.requestId, verb, path, worker, queueKey, objectKey
    ApiRequestFinished,      ///< its answer came: type = verb, resourceVersion of the answer's
                             ///< object; detail.requestId, verb, path, code, latencyMs, status
                             ///< (on failure), worker, queueKey, objectKey
    ControllerSyncStarted,   ///< a controller worker took a key (processNextWorkItem): key = the
                             ///< queue item; detail.queue, worker, objectKey, requeues
    ControllerSyncFinished,  ///< its sync returned: key = the queue item; detail.queue, worker,
                             ///< objectKey, outcome (code), message, status, requeue (code),
                             ///< delayMs, durationMs, requeues
    ProvisionerCalled,       ///< the controller called its Provisioner: type = provision|delete;
                             ///< key = the queue item; detail.worker, objectKey, pvName, class
    ProvisionerReturned,     ///< the Provisioner answered: type = provision|delete; detail.state
                             ///< (Finished|Background|NoChange|Reschedule), error, pvName,
                             ///< durationMs, worker, objectKey, injected (a set failure)
    PriorityQueueAdd,        ///< controller-runtime priority queue (component "priorityqueue",
                             ///< key = the item): AddWithOpts for one key (lockedAddWithOpts);
                             ///< detail.queue, requestedPriority (absent: unset), priority (the
                             ///< entry's after the merge), afterMs, rateLimited, limiterMs,
                             ///< failures, delayMs (the effective delay, 0 = ready), readyAtMs,
                             ///< merge (new|raised|ready wins|earlier wins|kept earlier|unchanged),
                             ///< whileProcessing, sequence, retry, ready, ignored, reason, depth
    PriorityQueueReady,      ///< priority queue: a waiting entry's time came (handleWaitingItems);
                        ///< detail.queue, priority, sequence (renewed), readyAtMs, lateMs, depth
    PriorityQueueGet,      ///< priority queue: GetWithPriority handed the key out; detail.queue,
                           ///< worker, priority, sequence, waitedMs (since it became ready), depth;
                           ///< or shutDown (no item)
    PriorityQueueDone,     ///< priority queue: Done; detail.queue, worker, workMs, requeued (a
                           ///< ready entry of the key waited for the lock), depth
    PriorityQueueForget,   ///< priority queue: Forget; detail.queue, failures (before)
    PriorityQueueShutDown, ///< priority queue: ShutDown (never drains); detail.queue, abandoned,
                           ///< processing
    RuntimeEnqueued,       ///< controller-runtime handler (component "runtime", key = the
                           ///< request "ns/name"): a handler queued a request; detail.controller,
                           ///< handler, event (create|update|delete|generic), objectKey,
                           ///< initialList, oldResourceVersion, newResourceVersion, priority
                           ///< (absent: unset), lowPriority (initial list|unchanged
                           ///< resourceVersion), call
    RuntimeEventFiltered,  ///< controller-runtime source: a predicate dropped an event;
                           ///< detail.controller, handler, event, objectKey, predicate,
                           ///< oldResourceVersion, newResourceVersion
    RuntimeControllerStarted, ///< controller-runtime controller: a step of Start;
                              ///< detail.controller, phase (sources started|workers
                              ///< started|failed|stopped), maxConcurrentReconciles,
                              ///< usePriorityQueue, rateLimiter, cacheSyncTimeoutMs, error
    ReconcileStarted,         ///< controller-runtime worker: reconcileHandler began (key = the
                              ///< request); detail.controller, worker, priority, reconcileId,
                              ///< requeues
    ReconcileFinished, ///< reconcileHandler decided; detail.controller, worker, priority (the
                       ///< one any requeue uses), result (success|error|requeue|
                       ///< requeue_after), terminal, panic, timedOut, error, requeueAfterMs,
                       ///< ignoredRequeue (RequeueAfter/Requeue ignored: error), queueCalls,
                       ///< durationMs, reconcileId
    MetricsScraped,    ///< a controller's /metrics was scraped (component "metrics", key =
                       ///< the target, e.g. "pod/lens-system/provisioner-0:8080"): detail.target,
                       ///< path (or url, without credentials), code (0: no HTTP answer),
                       ///< latencyMs (real time), bytes, format (text|openmetrics), families,
                       ///< samples, figures (metrics::ScrapeFigures::toJson) when it parsed;
                       ///< failure (a code: unreachable|timeout|http|not metrics|too large) and
                       ///< error (English) when it did not
    Info,              ///< anything else worth a line; detail.message
};

QString traceKindName(TraceKind k);
/// Inverse of traceKindName ("watchEvent" → WatchEvent); false for an unknown name.
bool traceKindFromName(const QString &name, TraceKind *out);

/// One state change, as a value. Carries shared references to objects, never copies.
///
/// `seq` counts from 1 in recording order; `t` is milliseconds since the journal's clock
/// started; `component` is "reflector", "deltafifo", "realfifo", "indexer", "processor",
/// "informer" or "controller" for an informer's parts (isInformerComponent()), else e.g.
/// "factory", "scenario", "discovery", "capture"; `informer` names the informer whose part
/// recorded the event (SharedIndexInformer::name(): the resource as given, "pods", or with the
/// option that tells two informers of one resource apart, "pods/realfifo"), empty for events
/// of no informer and for an informer that was given no name; `key` is a MetaNamespaceKeyFunc
/// key ("ns/name" or "name").
struct TraceEvent {
    quint64 seq = 0;
    qint64 t = 0;
    TraceKind kind = TraceKind::Info;
    /// The informer that recorded it, unique within the journal: the resource as given ("pods"),
    /// with the option that differs when two informers watch one resource ("pods/realfifo").
    /// Empty for events that are no informer's (scenario, simulator, factory-wide).
    QString informer;
    QString component;
    QString key;
    QString type;
    QString resourceVersion;
    Object object;
    Deltas deltas;
    /// The kind's own fields (tracedetail.h), stored compactly; reads as a QJsonObject.
    EventDetail detail;

    /// How many of the key's Deltas are not in `deltas`: a fifoQueued event carries at most the
    /// newest DeltaFIFO::kJournalDeltas of them (detail "deltasOmitted"), so that a key with
    /// thousands of queued deltas does not make every line repeat them all. 0 for other kinds.
    qint64 deltasOmitted() const
    {
        return detail.value(QLatin1String("deltasOmitted")).toInteger();
    }
    /// How many Deltas the key held: deltas.size() + deltasOmitted().
    qint64 deltaCount() const { return deltas.size() + deltasOmitted(); }

    /// One JSON object (no newline) with "seq", "t", "kind", "component" and, where set,
    /// "informer", "key", "type", "resourceVersion", "deltas" (as ["Added ns/a@12", ...]) and
    /// the detail fields. Objects are referenced by key and resourceVersion, never dumped (a
    /// Secret's data never reaches the journal).
    QJsonObject toJson() const;

    /// True for the components that belong to one informer (Reflector, queue, indexer,
    /// processor and listeners, controller, the informer itself): their events carry
    /// `informer`. An older recording, written before events named their informer, gets its
    /// one informer's name on exactly these (JournalFile::read()).
    static bool isInformerComponent(const QString &component);
};

} // namespace lens

Q_DECLARE_METATYPE(lens::TraceEvent)
