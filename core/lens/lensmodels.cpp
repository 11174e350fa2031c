// SPDX-License-Identifier: Apache-2.0
#include "lensmodels.h"

#include "cachesyncgate.h"
#include "handlersmodel.h"
#include "indexermodel.h"
#include "journalmodel.h"
#include "keyhistorymodel.h"
#include "metricsmodel.h"
#include "namespaceindexmodel.h"
#include "objecttreemodel.h"
#include "priorityqueuemodel.h"
#include "queuemodel.h"
#include "reflectorstatus.h"
#include "timelinemodel.h"
#include "trace/journal.h"
#include "workqueuemodel.h"

#include <QTimer>

#include <algorithm>

namespace lens {

LensModels::LensModels(JournalSource source, Parts parts, QObject *parent)
    : QObject(parent), m_source(std::move(source)), m_parts(parts), m_settleTimer(new QTimer(this))
{
    Q_ASSERT(m_source.journal);
    if (parts & InformerViews) {
        m_queue = new QueueModel(m_source, this);
        m_indexer = new IndexerModel(m_source, this);
        m_namespaces = new NamespaceIndexModel(m_source, this);
        m_history = new KeyHistoryModel(m_source, this);
        m_status = new ReflectorStatus(m_source, this);
        m_handlers = new HandlersModel(m_source, this);
        m_notifications = new HandlerNotificationsModel(m_source, 5000, this);
        m_objectTree = new ObjectTreeModel(this);
        m_folds << m_queue << m_indexer << m_namespaces << m_history << m_status << m_handlers
                << m_notifications;
    }
    if (parts & StreamViews) {
        m_journalModel = new JournalModel(m_source, 5000, this);
        m_timeline = new TimelineModel(m_source, this);
        m_cacheSync = new CacheSyncGate(m_source.journal, this);
        m_workqueue = new WorkqueueModel(m_source, this);
        m_priorityQueue = new PriorityQueueModel(m_source, this);
        m_metrics = new MetricsModel(m_source, this);
        m_folds << m_journalModel << m_timeline << m_cacheSync << m_workqueue << m_priorityQueue
                << m_metrics;
    }
    m_settleTimer->setSingleShot(true);
    connect(m_settleTimer, &QTimer::timeout, this, &LensModels::onSettleTimer);
    connect(m_source.journal, &Journal::eventRecorded, this, &LensModels::onJournalEvent);
    m_sinceLastEvent.start();
    m_settleTimer->start(settleQuietMs());
}

LensModels::~LensModels() = default;

void LensModels::retranslate()
{
    for (JournalFold *f :
         std::initializer_list<JournalFold *>{m_history, m_handlers, m_notifications, m_metrics})
        if (f)
            f->foldUpTo(f->foldedUpTo());
}

void LensModels::settle()
{
    for (JournalFold *f : std::as_const(m_folds))
        f->flush();
}

void LensModels::onJournalEvent(const TraceEvent &e)
{
    if (!m_source.accepts(e))
        return;
    m_settled = false;
    m_sinceLastEvent.restart();
    if (!m_settleTimer->isActive())
        m_settleTimer->start(settleQuietMs());
}

void LensModels::onSettleTimer()
{
    const qint64 quiet = m_sinceLastEvent.elapsed();
    if (quiet < settleQuietMs()) {
        m_settleTimer->start(int(settleQuietMs() - quiet));
        return;
    }
    settle();
    m_settled = true;
    Q_EMIT settled();
}

void LensModels::travelToSeq(quint64 seq)
{
    if (seq == m_travelSeq)
        return;
    m_travelSeq = seq;
    for (JournalFold *f : std::as_const(m_folds))
        f->foldUpTo(seq);
    Q_EMIT travelled(seq);
}

quint64 LensModels::seqAtTime(qint64 ms) const
{
    const auto &ev = m_source.journal->events();
    if (ev.empty())
        return 0;
    auto it = std::upper_bound(ev.begin(), ev.end(), ms,
                               [](qint64 t, const TraceEvent &e) { return t < e.t; });
    return it == ev.begin() ? ev.front().seq : std::prev(it)->seq;
}

qint64 LensModels::timeOfSeq(quint64 seq) const
{
    if (seq == 0)
        return -1;
    const auto &ev = m_source.journal->events();
    auto it = std::lower_bound(ev.begin(), ev.end(), seq,
                               [](const TraceEvent &e, quint64 s) { return e.seq < s; });
    return it != ev.end() && it->seq == seq ? it->t : -1;
}

} // namespace lens
