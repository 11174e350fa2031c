// SPDX-License-Identifier: Apache-2.0
#include "queueworker.h"

#include "trace/journal.h"
#include "workqueue/ratelimitingqueue.h"

#include <QPointer>

#include <memory>

namespace lens::controller {

QueueWorker::QueueWorker(workqueue::RateLimitingQueue *queue, const QString &name, SyncHandler sync,
                         int failureThreshold, Journal *journal, const QString &component,
                         QObject *parent)
    : QObject(parent), m_queue(queue), m_name(name), m_sync(std::move(sync)),
      m_threshold(failureThreshold), m_journal(journal), m_component(component)
{
    connect(m_queue, &workqueue::Queue::itemHandedOut, this, &QueueWorker::onHandedOut);
    connect(m_queue, &workqueue::Queue::getShutDown, this, [this](const QString &worker) {
        if (worker != m_name || m_ended)
            return;
        m_ended = true;
        Q_EMIT ended();
    });
}

void QueueWorker::start()
{
    if (!m_ended && m_key.isEmpty())
        m_queue->requestGet(m_name);
}

void QueueWorker::onHandedOut(const QString &worker, const QString &key)
{
    if (worker != m_name)
        return;
    m_key = key;
    const qint64 startedMs = m_queue->clock()->nowMs();
    if (m_journal) {
        TraceEvent e;
        e.kind = TraceKind::ControllerSyncStarted;
        e.component = m_component;
        e.key = key;
        QJsonObject d;
        d.insert(QLatin1String("queue"), m_queue->name());
        d.insert(QLatin1String("worker"), m_name);
        d.insert(QLatin1String("requeues"), m_queue->numRequeues(key));
        e.detail = d;
        m_journal->record(std::move(e));
    }
    Q_EMIT syncStarted(key);
    // The handler may answer at once or much later; guard against a second answer.
    auto answered = std::make_shared<bool>(false);
    QPointer<QueueWorker> self(this);
    m_sync(key, this, [self, key, startedMs, answered](const SyncOutcome &outcome) {
        if (*answered || !self)
            return;
        *answered = true;
        self->finish(key, startedMs, outcome);
    });
}

void QueueWorker::finish(const QString &key, qint64 startedMs, const SyncOutcome &outcome)
{
    QString requeue;
    qint64 delayMs = -1;
    if (outcome.failed()) {
        if (m_threshold == 0 || m_queue->numRequeues(key) < m_threshold) {
            m_queue->addRateLimited(key, QStringLiteral("%1: retry after error").arg(m_name));
            requeue = QStringLiteral("rate limited");
            for (const auto &w : m_queue->waiting())
                if (w.item == key)
                    delayMs = w.readyAtMs - m_queue->clock()->nowMs();
        } else {
            // The library gives up without Forget: the failure count stays.
            requeue = QStringLiteral("gave up");
            Q_EMIT gaveUp(key);
        }
    } else {
        m_queue->forget(key);
        requeue = QStringLiteral("forgotten");
    }
    if (m_journal) {
        TraceEvent e;
        e.kind = TraceKind::ControllerSyncFinished;
        e.component = m_component;
        e.key = key;
        QJsonObject d;
        d.insert(QLatin1String("queue"), m_queue->name());
        d.insert(QLatin1String("worker"), m_name);
        if (!outcome.objectKey.isEmpty())
            d.insert(QLatin1String("objectKey"), outcome.objectKey);
        d.insert(QLatin1String("outcome"), outcome.outcome);
        if (outcome.alreadyExists)
            d.insert(QLatin1String("alreadyExists"), true);
        if (!outcome.message.isEmpty())
            d.insert(QLatin1String("message"), outcome.message);
        if (outcome.status.code != 0 || outcome.status.transport != ApiStatus::Transport::None)
            d.insert(QLatin1String("status"), outcome.status.toDetail());
        d.insert(QLatin1String("requeue"), requeue);
        if (delayMs >= 0)
            d.insert(QLatin1String("delayMs"), delayMs);
        d.insert(QLatin1String("durationMs"), m_queue->clock()->nowMs() - startedMs);
        d.insert(QLatin1String("requeues"), m_queue->numRequeues(key));
        e.detail = d;
        m_journal->record(std::move(e));
    }
    ++m_processed;
    m_key.clear();
    Q_EMIT syncFinished(key, outcome);
    m_queue->done(key);
    start();
}

} // namespace lens::controller
