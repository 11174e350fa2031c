// SPDX-License-Identifier: Apache-2.0
#include "tracedetail.h"

#include <QJsonArray>

#include <map>

namespace lens::tracedetail {

namespace {
using T = Type;

const std::map<TraceKind, QList<Field>> &schema()
{
    static const std::map<TraceKind, QList<Field>> s{
        {TraceKind::ListStarted,
         {{"cause", T::Code},
          {"limit", T::Int},
          {"fallbackReason", T::String},
          {"fallbackCode", T::Code},
          {"bookmarkTimeoutMs", T::Int},
          {"shortWatchMs", T::Int},
          {"status", T::Status}}},
        {TraceKind::ListPage,
         {{"page", T::Int},
          {"items", T::Int},
          {"continue", T::String},
          {"remainingItemCount", T::Int}}},
        {TraceKind::ListCompleted,
         {{"cause", T::Code}, {"items", T::Int}, {"pages", T::Int}, {"watchList", T::Bool}}},
        {TraceKind::ListFailed,
         {{"cause", T::Code},
          {"error", T::String},
          {"code", T::Int},
          {"reason", T::String},
          {"status", T::Status},
          {"watchList", T::Bool}}},
        {TraceKind::WatchStarted,
         {{"timeoutSeconds", T::Int},
          {"cause", T::Code},
          {"resourceVersionMatch", T::String},
          {"sendInitialEvents", T::Bool},
          {"allowWatchBookmarks", T::Bool},
          {"watchList", T::Bool}}},
        {TraceKind::WatchEvent, {{"watchList", T::Bool}}},
        {TraceKind::Bookmark, {{"initialEventsEnd", T::Bool}, {"watchList", T::Bool}}},
        {TraceKind::WatchEnded,
         {{"events", T::Int},
          {"durationMs", T::Int},
          {"reason", T::Code},
          {"status", T::Status},
          {"watchList", T::Bool}}},
        {TraceKind::WatchError,
         {{"error", T::String},
          {"code", T::Int},
          {"reason", T::String},
          {"status", T::Status},
          {"shortWatchMs", T::Int},
          {"request", T::Bool},
          {"watchList", T::Bool}}},
        {TraceKind::Backoff,
         {{"delayMs", T::Int},
          {"reason", T::Code},
          {"retryAfterSeconds", T::Int},
          {"retryAfterCapSeconds", T::Int}}},
        {TraceKind::FifoQueued,
         {{"queueDepth", T::Int},
          {"deltasOmitted", T::Int},
          {"queueMode", T::String},
          {"objects", T::Int},
          {"atomicEvents", T::Bool}}},
        {TraceKind::FifoPopped,
         {{"isInInitialList", T::Bool},
          {"queueDepth", T::Int},
          {"hasSynced", T::Bool},
          {"queueMode", T::String},
          {"remainingForKey", T::Int}}},
        {TraceKind::IndexerAdded, {}},
        {TraceKind::IndexerUpdated, {{"oldResourceVersion", T::String}}},
        {TraceKind::IndexerDeleted, {}},
        {TraceKind::HandlerNotified,
         {{"handler", T::String},
          {"backlog", T::Int},
          {"latencyMs", T::Int},
          {"isInInitialList", T::Bool},
          {"oldResourceVersion", T::String}}},
        {TraceKind::Resync,
         {{"due", T::Bool}, {"periodMs", T::Int}, {"nextTickMs", T::Int}, {"listeners", T::Array}}},
        {TraceKind::Synced, {{"objects", T::Int}}},
        {TraceKind::PumpMode, {}},
        {TraceKind::HandlerAdded,
         {{"handler", T::String},
          {"requestedResyncPeriodMs", T::Int},
          {"resyncPeriodMs", T::Int},
          {"nextResyncMs", T::Int},
          {"syncing", T::Bool},
          {"informerStarted", T::Bool}}},
        {TraceKind::HandlerRemoved, {{"handler", T::String}, {"dropped", T::Int}}},
        {TraceKind::HandlerResyncChanged,
         {{"handler", T::String},
          {"resyncPeriodMs", T::Int},
          {"nextResyncMs", T::Int},
          {"reason", T::Code},
          {"byHandler", T::String}}},
        {TraceKind::CacheSyncStarted,
         {{"informers", T::StringList},
          {"waitingFor", T::StringList},
          {"notStarted", T::StringList},
          {"timeoutMs", T::Int}}},
        {TraceKind::CacheSyncWaiting, {{"elapsedMs", T::Int}, {"notSynced", T::StringList}}},
        {TraceKind::CacheSyncFinished,
         {{"elapsedMs", T::Int},
          {"notSynced", T::StringList},
          {"notStarted", T::StringList},
          {"waitedOn", T::String},
          {"message", T::String}}},
        {TraceKind::WorkqueueAdd,
         {{"queue", T::String},
          {"reason", T::String},
          {"collapsed", T::Bool},
          {"whileProcessing", T::Bool},
          {"depth", T::Int},
          {"ignored", T::Bool}}},
        {TraceKind::WorkqueueGet,
         {{"queue", T::String},
          {"worker", T::String},
          {"waitedMs", T::Int},
          {"depth", T::Int},
          {"shutDown", T::Bool}}},
        {TraceKind::WorkqueueDone,
         {{"queue", T::String},
          {"worker", T::String},
          {"workMs", T::Int},
          {"requeued", T::Bool},
          {"depth", T::Int}}},
        {TraceKind::WorkqueueAddAfter,
         {{"queue", T::String},
          {"delayMs", T::Int},
          {"readyAtMs", T::Int},
          {"reason", T::String},
          {"dedup", T::Code},
          {"ignored", T::Bool}}},
        {TraceKind::WorkqueueReady,
         {{"queue", T::String}, {"readyAtMs", T::Int}, {"lateMs", T::Int}, {"reason", T::String}}},
        {TraceKind::WorkqueueAddRateLimited,
         {{"queue", T::String},
          {"delayMs", T::Int},
          {"limiter", T::String},
          {"failures", T::Int},
          {"readyAtMs", T::Int},
          {"reason", T::String},
          {"dedup", T::Code},
          {"ignored", T::Bool}}},
        {TraceKind::WorkqueueForget, {{"queue", T::String}, {"failures", T::Int}}},
        {TraceKind::WorkqueueShutDown,
         {{"queue", T::String},
          {"drain", T::Bool},
          {"discarded", T::Int},
          {"queued", T::Int},
          {"processing", T::Int}}},
        {TraceKind::WorkqueueCancelGet,
         {{"queue", T::String}, {"worker", T::String}, {"givenBack", T::Bool}, {"depth", T::Int}}},
        {TraceKind::ApiRequestSent,
         {{"requestId", T::Int},
          {"verb", T::String},
          {"path", T::String},
          {"worker", T::String},
          {"queueKey", T::String},
          {"objectKey", T::String}}},
        {TraceKind::ApiRequestFinished,
         {{"requestId", T::Int},
          {"verb", T::String},
          {"path", T::String},
          {"code", T::Int},
          {"latencyMs", T::Int},
          {"status", T::Status},
          {"worker", T::String},
          {"queueKey", T::String},
          {"objectKey", T::String}}},
        {TraceKind::ControllerSyncStarted,
         {{"queue", T::String},
          {"worker", T::String},
          {"objectKey", T::String},
          {"requeues", T::Int}}},
        {TraceKind::ControllerSyncFinished,
         {{"queue", T::String},
          {"worker", T::String},
          {"objectKey", T::String},
          {"outcome", T::Code},
          {"alreadyExists", T::Bool},
          {"message", T::String},
          {"status", T::Status},
          {"requeue", T::Code},
          {"delayMs", T::Int},
          {"durationMs", T::Int},
          {"requeues", T::Int}}},
        {TraceKind::ProvisionerCalled,
         {{"worker", T::String},
          {"objectKey", T::String},
          {"pvName", T::String},
          {"class", T::String}}},
        {TraceKind::ProvisionerReturned,
         {{"worker", T::String},
          {"objectKey", T::String},
          {"pvName", T::String},
          {"state", T::String},
          {"error", T::String},
          {"durationMs", T::Int},
          {"injected", T::Bool}}},
        {TraceKind::PriorityQueueAdd,
         {{"queue", T::String},
          {"requestedPriority", T::Int},
          {"priority", T::Int},
          {"afterMs", T::Int},
          {"rateLimited", T::Bool},
          {"limiterMs", T::Int},
          {"failures", T::Int},
          {"delayMs", T::Int},
          {"readyAtMs", T::Int},
          {"merge", T::Code},
          {"whileProcessing", T::Bool},
          {"sequence", T::Int},
          {"retry", T::Bool},
          {"ready", T::Bool},
          {"ignored", T::Bool},
          {"reason", T::String},
          {"depth", T::Int}}},
        {TraceKind::PriorityQueueReady,
         {{"queue", T::String},
          {"priority", T::Int},
          {"sequence", T::Int},
          {"readyAtMs", T::Int},
          {"lateMs", T::Int},
          {"depth", T::Int}}},
        {TraceKind::PriorityQueueGet,
         {{"queue", T::String},
          {"worker", T::String},
          {"priority", T::Int},
          {"sequence", T::Int},
          {"waitedMs", T::Int},
          {"depth", T::Int},
          {"shutDown", T::Bool}}},
        {TraceKind::PriorityQueueDone,
         {{"queue", T::String},
          {"worker", T::String},
          {"workMs", T::Int},
          {"requeued", T::Bool},
          {"depth", T::Int}}},
        {TraceKind::PriorityQueueForget, {{"queue", T::String}, {"failures", T::Int}}},
        {TraceKind::PriorityQueueShutDown,
         {{"queue", T::String}, {"abandoned", T::Int}, {"processing", T::Int}}},
        {TraceKind::RuntimeEnqueued,
         {{"controller", T::String},
          {"handler", T::String},
          {"event", T::Code},
          {"objectKey", T::String},
          {"initialList", T::Bool},
          {"oldResourceVersion", T::String},
          {"newResourceVersion", T::String},
          {"priority", T::Int},
          {"lowPriority", T::Code},
          {"call", T::String}}},
        {TraceKind::RuntimeEventFiltered,
         {{"controller", T::String},
          {"handler", T::String},
          {"event", T::Code},
          {"objectKey", T::String},
          {"predicate", T::String},
          {"oldResourceVersion", T::String},
          {"newResourceVersion", T::String}}},
        {TraceKind::RuntimeControllerStarted,
         {{"controller", T::String},
          {"phase", T::Code},
          {"maxConcurrentReconciles", T::Int},
          {"usePriorityQueue", T::Bool},
          {"rateLimiter", T::String},
          {"cacheSyncTimeoutMs", T::Int},
          {"error", T::String}}},
        {TraceKind::ReconcileStarted,
         {{"controller", T::String},
          {"worker", T::String},
          {"priority", T::Int},
          {"reconcileId", T::Int},
          {"requeues", T::Int}}},
        {TraceKind::ReconcileFinished,
         {{"controller", T::String},
          {"worker", T::String},
          {"priority", T::Int},
          {"result", T::Code},
          {"terminal", T::Bool},
          {"panic", T::Bool},
          {"timedOut", T::Bool},
          {"error", T::String},
          {"requeueAfterMs", T::Int},
          {"ignoredRequeue", T::Bool},
          {"queueCalls", T::StringList},
          {"durationMs", T::Int},
          {"reconcileId", T::Int}}},
        {TraceKind::MetricsScraped,
         {{"target", T::String},
          {"path", T::String},
          {"url", T::String},
          {"code", T::Int},
          {"latencyMs", T::Int},
          {"bytes", T::Int},
          {"format", T::Code},
          {"families", T::Int},
          {"samples", T::Int},
          {"figures", T::Object},
          {"failure", T::Code},
          {"error", T::String}}},
        {TraceKind::Info,
         {{"message", T::String},
          {"level", T::String},
          {"fallbackReason", T::String},
          {"fallbackCode", T::Code},
          {"bookmarkTimeoutMs", T::Int},
          {"shortWatchMs", T::Int},
          {"status", T::Status}}},
    };
    return s;
}

bool hasType(const QJsonValue &v, Type type)
{
    switch (type) {
    case Type::Int:
        return v.isDouble() && v.toDouble() == double(v.toInteger());
    case Type::Number:
        return v.isDouble();
    case Type::Bool:
        return v.isBool();
    case Type::String:
    case Type::Code:
        return v.isString();
    case Type::StringList: {
        if (!v.isArray())
            return false;
        const QJsonArray a = v.toArray();
        return std::all_of(a.begin(), a.end(), [](const QJsonValue &x) { return x.isString(); });
    }
    case Type::Array:
        return v.isArray();
    case Type::Status:
    case Type::Object:
        return v.isObject();
    }
    return false;
}
} // namespace

const QList<Field> &fields(TraceKind kind)
{
    static const QList<Field> none;
    const auto it = schema().find(kind);
    return it == schema().end() ? none : it->second;
}

bool isOpen(TraceKind kind)
{
    return kind == TraceKind::Info;
}

const QStringList &codes()
{
    static const QStringList list{
        // list causes (ListAndWatch's next attempt) and backoff reasons
        QStringLiteral("initial"), QStringLiteral("expired"), QStringLiteral("too large"),
        QStringLiteral("watch expired"), QStringLiteral("watch error"),
        QStringLiteral("list failed"), QStringLiteral("resync failed"),
        QStringLiteral("continue expired"), QStringLiteral("fallback"),
        QStringLiteral("429 on watch"), QStringLiteral("429 on watch-list"),
        QStringLiteral("connection refused"),
        // how a watch ended
        QStringLiteral("closed by server"), QStringLiteral("stream broken"),
        QStringLiteral("before initial-events-end"),
        // why WatchList fell back to LIST+WATCH
        QStringLiteral("bookmark timeout"), QStringLiteral("very short watch"),
        QStringLiteral("error event"), QStringLiteral("request failed"),
        QStringLiteral("fell behind"),
        // why a listener's resyncPeriod changed
        QStringLiteral("user"), QStringLiteral("resyncCheckPeriod"),
        // how a workqueue's AddAfter met an item already waiting (and a delay <= 0)
        QStringLiteral("new"), QStringLiteral("earlier wins"), QStringLiteral("kept earlier"),
        QStringLiteral("at once"),
        // what a controller's sync came to (ControllerSyncFinished.outcome)
        QStringLiteral("provisioned"), QStringLiteral("skipped"), QStringLiteral("stopped"),
        QStringLiteral("gone"), QStringLiteral("deleted"), QStringLiteral("kept"),
        QStringLiteral("failed"),
        // what the worker did with the key then (ControllerSyncFinished.requeue)
        QStringLiteral("forgotten"), QStringLiteral("rate limited"), QStringLiteral("gave up"),
        // how controller-runtime's priority queue merged an add (PriorityQueueAdd.merge)
        QStringLiteral("raised"), QStringLiteral("ready wins"), QStringLiteral("unchanged"),
        // the event a controller-runtime handler saw, and why it chose LowPriority
        QStringLiteral("create"), QStringLiteral("update"), QStringLiteral("delete"),
        QStringLiteral("generic"), QStringLiteral("initial list"),
        QStringLiteral("unchanged resourceVersion"),
        // reconcileHandler's result (controller_runtime_reconcile_total's result label)
        QStringLiteral("success"), QStringLiteral("error"), QStringLiteral("requeue"),
        QStringLiteral("requeue_after"),
        // a controller-runtime controller's Start
        QStringLiteral("sources started"), QStringLiteral("workers started"),
        QStringLiteral("stopped"),
        // a /metrics scrape: the body's format, and why one failed (MetricsScraped)
        QStringLiteral("text"), QStringLiteral("openmetrics"), QStringLiteral("unreachable"),
        QStringLiteral("timeout"), QStringLiteral("http"), QStringLiteral("not metrics")};
    return list;
}

bool check(const TraceEvent &e, QString *why)
{
    const QString kind = traceKindName(e.kind);
    auto fail = [&](const QString &text) {
        if (why)
            *why = text;
        return false;
    };
    const QList<Field> &known = fields(e.kind);
    for (auto it = e.detail.begin(); it != e.detail.end(); ++it) {
        const auto f = std::find_if(known.begin(), known.end(), [&](const Field &x) {
            return it.key() == QLatin1String(x.name);
        });
        if (f == known.end()) {
            if (isOpen(e.kind))
                continue;
            return fail(QStringLiteral("%1.%2: not a field of %1").arg(kind, it.key()));
        }
        if (!hasType(it.value(), f->type))
            return fail(QStringLiteral("%1.%2: wrong JSON type").arg(kind, it.key()));
        if (f->type == Type::Code && !codes().contains(it.value().toString()))
            return fail(QStringLiteral("%1.%2: \"%3\" is no code")
                            .arg(kind, it.key(), it.value().toString()));
    }
    return true;
}

std::optional<ApiStatus> status(const TraceEvent &e)
{
    const QJsonValue v = e.detail.value(QLatin1String("status"));
    if (!v.isObject())
        return std::nullopt;
    return ApiStatus::fromDetail(v.toObject());
}

} // namespace lens::tracedetail
