// SPDX-License-Identifier: Apache-2.0
#include "journal.h"

#include "disposal.h"

#include "api/objectmemory.h"

#include <QJsonArray>

namespace lens {

QString traceKindName(TraceKind k)
{
    switch (k) {
    case TraceKind::ListStarted:
        return QStringLiteral("listStarted");
    case TraceKind::ListPage:
        return QStringLiteral("listPage");
    case TraceKind::ListCompleted:
        return QStringLiteral("listCompleted");
    case TraceKind::ListFailed:
        return QStringLiteral("listFailed");
    case TraceKind::WatchStarted:
        return QStringLiteral("watchStarted");
    case TraceKind::WatchEvent:
        return QStringLiteral("watchEvent");
    case TraceKind::Bookmark:
        return QStringLiteral("bookmark");
    case TraceKind::WatchEnded:
        return QStringLiteral("watchEnded");
    case TraceKind::WatchError:
        return QStringLiteral("watchError");
    case TraceKind::Backoff:
        return QStringLiteral("backoff");
    case TraceKind::FifoQueued:
        return QStringLiteral("fifoQueued");
    case TraceKind::FifoPopped:
        return QStringLiteral("fifoPopped");
    case TraceKind::IndexerAdded:
        return QStringLiteral("indexerAdded");
    case TraceKind::IndexerUpdated:
        return QStringLiteral("indexerUpdated");
    case TraceKind::IndexerDeleted:
        return QStringLiteral("indexerDeleted");
    case TraceKind::HandlerNotified:
        return QStringLiteral("handlerNotified");
    case TraceKind::Resync:
        return QStringLiteral("resync");
    case TraceKind::Synced:
        return QStringLiteral("synced");
    case TraceKind::PumpMode:
        return QStringLiteral("pumpMode");
    case TraceKind::HandlerAdded:
        return QStringLiteral("handlerAdded");
    case TraceKind::HandlerRemoved:
        return QStringLiteral("handlerRemoved");
    case TraceKind::HandlerResyncChanged:
        return QStringLiteral("handlerResyncChanged");
    case TraceKind::CacheSyncStarted:
        return QStringLiteral("cacheSyncStarted");
    case TraceKind::CacheSyncWaiting:
        return QStringLiteral("cacheSyncWaiting");
    case TraceKind::CacheSyncFinished:
        return QStringLiteral("cacheSyncFinished");
    case TraceKind::WorkqueueAdd:
        return QStringLiteral("workqueueAdd");
    case TraceKind::WorkqueueGet:
        return QStringLiteral("workqueueGet");
    case TraceKind::WorkqueueDone:
        return QStringLiteral("workqueueDone");
    case TraceKind::WorkqueueAddAfter:
        return QStringLiteral("workqueueAddAfter");
    case TraceKind::WorkqueueReady:
        return QStringLiteral("workqueueReady");
    case TraceKind::WorkqueueAddRateLimited:
        return QStringLiteral("workqueueAddRateLimited");
    case TraceKind::WorkqueueForget:
        return QStringLiteral("workqueueForget");
    case TraceKind::WorkqueueShutDown:
        return QStringLiteral("workqueueShutDown");
    case TraceKind::WorkqueueCancelGet:
        return QStringLiteral("workqueueCancelGet");
    case TraceKind::ApiRequestSent:
        return QStringLiteral("apiRequestSent");
    case TraceKind::ApiRequestFinished:
        return QStringLiteral("apiRequestFinished");
    case TraceKind::ControllerSyncStarted:
        return QStringLiteral("controllerSyncStarted");
    case TraceKind::ControllerSyncFinished:
        return QStringLiteral("controllerSyncFinished");
    case TraceKind::ProvisionerCalled:
        return QStringLiteral("provisionerCalled");
    case TraceKind::ProvisionerReturned:
        return QStringLiteral("provisionerReturned");
    case TraceKind::PriorityQueueAdd:
        return QStringLiteral("priorityQueueAdd");
    case TraceKind::PriorityQueueReady:
        return QStringLiteral("priorityQueueReady");
    case TraceKind::PriorityQueueGet:
        return QStringLiteral("priorityQueueGet");
    case TraceKind::PriorityQueueDone:
        return QStringLiteral("priorityQueueDone");
    case TraceKind::PriorityQueueForget:
        return QStringLiteral("priorityQueueForget");
    case TraceKind::PriorityQueueShutDown:
        return QStringLiteral("priorityQueueShutDown");
    case TraceKind::RuntimeEnqueued:
        return QStringLiteral("runtimeEnqueued");
    case TraceKind::RuntimeEventFiltered:
        return QStringLiteral("runtimeEventFiltered");
    case TraceKind::RuntimeControllerStarted:
        return QStringLiteral("runtimeControllerStarted");
    case TraceKind::ReconcileStarted:
        return QStringLiteral("reconcileStarted");
    case TraceKind::ReconcileFinished:
        return QStringLiteral("reconcileFinished");
    case TraceKind::MetricsScraped:
        return QStringLiteral("metricsScraped");
    case TraceKind::Info:
        return QStringLiteral("info");
    }
    return {};
}

bool traceKindFromName(const QString &name, TraceKind *out)
{
    for (int k = int(TraceKind::ListStarted); k <= int(TraceKind::Info); ++k) {
        if (traceKindName(TraceKind(k)) == name) {
            *out = TraceKind(k);
            return true;
        }
    }
    return false;
}

QJsonObject TraceEvent::toJson() const
{
    QJsonObject o;
    o.insert(QLatin1String("seq"), qint64(seq));
    o.insert(QLatin1String("t"), t);
    o.insert(QLatin1String("kind"), traceKindName(kind));
    o.insert(QLatin1String("component"), component);
    if (!informer.isEmpty())
        o.insert(QLatin1String("informer"), informer);
    if (!key.isEmpty())
        o.insert(QLatin1String("key"), key);
    if (!type.isEmpty())
        o.insert(QLatin1String("type"), type);
    if (!resourceVersion.isEmpty())
        o.insert(QLatin1String("resourceVersion"), resourceVersion);
    if (!deltas.isEmpty()) {
        QJsonArray a;
        for (const Delta &d : deltas)
            a.append(d.describe(key));
        o.insert(QLatin1String("deltas"), a);
    }
    for (auto it = detail.begin(); it != detail.end(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

bool TraceEvent::isInformerComponent(const QString &component)
{
    static const QStringList names{QStringLiteral("reflector"), QStringLiteral("deltafifo"),
                                   QStringLiteral("realfifo"),  QStringLiteral("indexer"),
                                   QStringLiteral("processor"), QStringLiteral("informer"),
                                   QStringLiteral("controller")};
    return names.contains(component);
}

Journal::Journal(const Clock *clock, QObject *parent) : QObject(parent), m_clock(clock)
{
    qRegisterMetaType<lens::TraceEvent>();
    if (!m_clock) {
        m_ownClock = std::make_unique<SteadyClock>();
        m_clock = m_ownClock.get();
    }
}

Journal::Journal(Journal *upstream, const QString &informer, QObject *parent)
    : QObject(parent), m_clock(upstream->clock()), m_upstream(upstream), m_informer(informer)
{
}

Journal::~Journal()
{
    for (const TraceEvent &e : m_events)
        account(e, -1);
}

void Journal::account(const TraceEvent &event, int sign)
{
    m_ownBytes += sign * (qint64(sizeof(TraceEvent)) + event.detail.heapBytes());
    auto hold = sign > 0 ? &ObjectMemory::journalHold : &ObjectMemory::journalRelease;
    hold(event.object);
    for (const Delta &d : event.deltas)
        hold(d.object);
}

quint64 Journal::record(TraceEvent event)
{
    if (m_upstream) {
        if (event.informer.isEmpty())
            event.informer = m_informer;
        return m_upstream->record(std::move(event));
    }
    event.seq = ++m_seq;
    event.t = m_clock->nowMs();
    const quint64 seq = event.seq;
    m_events.push_back(event);
    account(event, +1);
    dropBeyondCapacity();
    emitInOrder(std::move(event));
    return seq;
}

void Journal::emitInOrder(TraceEvent event)
{
    m_toEmit.push_back(std::move(event));
    if (m_emitting)
        return;
    m_emitting = true;
    struct Reset {
        bool &flag;
        ~Reset() { flag = false; }
    } reset{m_emitting};
    while (!m_toEmit.empty()) {
        const TraceEvent next = std::move(m_toEmit.front());
        m_toEmit.pop_front();
        Q_EMIT eventRecorded(next);
    }
}

void Journal::restore(Events events, quint64 dropped)
{
    for (const TraceEvent &e : m_events)
        account(e, -1);
    m_events = std::move(events);
    for (const TraceEvent &e : m_events)
        account(e, +1);
    m_dropped = dropped;
    m_seq = m_events.empty() ? dropped : m_events.back().seq;
    m_capacity = qMax(m_capacity, qsizetype(m_events.size()));
}

void Journal::setCapacity(qsizetype maxEvents)
{
    m_capacity = qMax<qsizetype>(1, maxEvents);
    dropBeyondCapacity();
}

void Journal::dropBeyondCapacity()
{
    if (qsizetype(m_events.size()) > m_capacity)
        Q_EMIT aboutToDrop(m_events[size_t(qsizetype(m_events.size()) - m_capacity - 1)].seq);
    while (qsizetype(m_events.size()) > m_capacity) {
        account(m_events.front(), -1);
        m_dropping.push_back(std::move(m_events.front()));
        m_events.pop_front();
        ++m_dropped;
    }
    if (m_dropping.size() < droppedBatch())
        return;
    disposeOffThread(std::exchange(m_dropping, {}));
    m_dropping.reserve(droppedBatch());
}

} // namespace lens
