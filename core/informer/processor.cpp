// SPDX-License-Identifier: Apache-2.0
#include "processor.h"

#include "keys.h"
#include "trace/clock.h"
#include "trace/journal.h"

#include <QTimer>

#include <exception>

namespace lens {

ProcessorListener::ProcessorListener(ResourceEventHandler handler, qint64 requestedResyncMs,
                                     qint64 resyncMs, Journal *journal, const Clock *clock,
                                     QObject *parent)
    : QObject(parent), m_handler(std::move(handler)), m_requestedResync(requestedResyncMs),
      m_resync(resyncMs), m_journal(journal), m_clock(clock), m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &ProcessorListener::deliverPending);
    determineNextResync(m_clock->nowMs());
}

void ProcessorListener::add(Notification n)
{
    if (m_shutdown)
        return;
    n.queuedAtMs = m_clock->nowMs();
    if (n.type == Notification::Type::Add && n.isInInitialList)
        ++m_initialPending;
    m_buffer.push_back(std::move(n));
    if (!m_timer->isActive())
        m_timer->start(m_delayMs);
}

bool ProcessorListener::shouldResync(qint64 nowMs)
{
    m_syncing = false;
    if (m_resync > 0 && nowMs >= m_nextResync) {
        m_syncing = true;
        m_nextResync = nowMs + m_resync;
    }
    return m_syncing;
}

void ProcessorListener::shutdown()
{
    m_shutdown = true;
    m_buffer.clear();
    m_timer->stop();
}

void ProcessorListener::deliverPending()
{
    // client-go's run() loop hands notifications to the handler back to back. Here a turn of
    // the event loop delivers up to kSliceCount of them for up to kSliceMs (one notification
    // per turn could not keep up with thousands of events per second, and the buffer would
    // grow without end; on a manual clock the count alone, see SliceBudget); with an
    // artificial processing delay, one per delay.
    constexpr qint64 kSliceMs = 4;
    constexpr int kSliceCount = 256;
    const SliceBudget slice(m_clock, kSliceMs, kSliceCount);
    int delivered = 0;
    while (deliverOne()) {
        ++delivered;
        if (m_delayMs > 0 || m_buffer.empty() || slice.spent(delivered))
            break;
    }
    if (!m_buffer.empty() && !m_shutdown)
        m_timer->start(m_delayMs);
}

bool ProcessorListener::deliverOne()
{
    if (m_buffer.empty() || m_shutdown)
        return false;
    const Notification n = std::move(m_buffer.front());
    m_buffer.pop_front();
    QString type;
    const QString key = !n.key.isEmpty()                       ? n.key
                        : n.type == Notification::Type::Delete ? deletionHandlingKey(n.deleted).key
                                                               : metaNamespaceKeyFunc(n.obj).key;
    QString failure;
    // client-go runs handlers under HandleCrash, which logs the panic and (by default) re-raises
    // it, crashing the process. Here an exception is caught per notification: it is journaled
    // and counted, and the listener, the other listeners and the informer go on.
    auto guarded = [&failure](const std::function<void()> &call) {
        try {
            call();
        } catch (const std::exception &ex) {
            failure = QString::fromLocal8Bit(ex.what());
        } catch (...) {
            failure = QStringLiteral("unknown exception");
        }
    };
    switch (n.type) {
    case Notification::Type::Add:
        type = QStringLiteral("add");
        if (m_handler.onAdd)
            guarded([&] { m_handler.onAdd(n.obj, n.isInInitialList); });
        if (n.isInInitialList)
            --m_initialPending;
        break;
    case Notification::Type::Update:
        type = n.isSync ? QStringLiteral("update (resync)") : QStringLiteral("update");
        if (m_handler.onUpdate)
            guarded([&] { m_handler.onUpdate(n.oldObj, n.obj); });
        break;
    case Notification::Type::Delete:
        type =
            n.deleted.tombstone ? QStringLiteral("delete (tombstone)") : QStringLiteral("delete");
        if (m_handler.onDelete)
            guarded([&] { m_handler.onDelete(n.deleted); });
        break;
    }
    if (!failure.isEmpty()) {
        ++m_failures;
        const QString msg =
            QStringLiteral("handler %1 threw on %2 %3: %4").arg(m_handler.name, type, key, failure);
        if (m_journal) {
            TraceEvent e;
            e.kind = TraceKind::Info;
            e.component = QStringLiteral("processor");
            e.key = key;
            e.type = type;
            e.detail.insert(QLatin1String("message"), msg);
            e.detail.insert(QLatin1String("level"), QStringLiteral("error"));
            e.detail.insert(QLatin1String("handler"), m_handler.name);
            e.detail.insert(QLatin1String("failures"), m_failures);
            m_journal->record(std::move(e));
        }
        Q_EMIT handlerFailed(msg);
        if (m_shutdown)
            return false; // the handler removed itself before throwing
    }
    ++m_delivered;
    if (m_journal) {
        TraceEvent e;
        e.kind = TraceKind::HandlerNotified;
        e.component = QStringLiteral("processor");
        e.key = key;
        e.type = type;
        e.object = n.obj;
        e.resourceVersion = n.obj.resourceVersion();
        e.detail.insert(QLatin1String("handler"), m_handler.name);
        e.detail.insert(QLatin1String("backlog"), qint64(m_buffer.size()));
        e.detail.insert(QLatin1String("latencyMs"), m_clock->nowMs() - n.queuedAtMs);
        if (n.type == Notification::Type::Add)
            e.detail.insert(QLatin1String("isInInitialList"), n.isInInitialList);
        if (n.type == Notification::Type::Update)
            e.detail.insert(QLatin1String("oldResourceVersion"), n.oldObj.resourceVersion());
        m_journal->record(std::move(e));
    }
    Q_EMIT notified();
    return true;
}

} // namespace lens
