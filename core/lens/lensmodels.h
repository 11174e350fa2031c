// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "eventbatcher.h"
#include "journalfold.h"

#include <QElapsedTimer>
#include <QFlags>
#include <QList>
#include <QObject>

class QTimer;

namespace lens {

class CacheSyncGate;
class HandlerNotificationsModel;
class HandlersModel;
class IndexerModel;
class JournalModel;
class KeyHistoryModel;
class NamespaceIndexModel;
class ObjectTreeModel;
class MetricsModel;
class PriorityQueueModel;
class QueueModel;
class ReflectorStatus;
class TimelineModel;
class WorkqueueModel;

/// The body of views of one informer, without Widgets: the models that fold the journal's
/// events of that informer (JournalSource::informer), their settling and their time travel.
/// The window's panels take a body and show its models; `--headless`, benches and tests drive
/// the very same models.
///
/// Parts: an informer's body holds the InformerViews (queue, indexer, namespace index, key
/// history, reflector status, handlers, notifications, the inspector's object tree); the
/// journal list, the timeline, the WaitForCacheSync gate, the controllers' workqueues and
/// controller-runtime's priority queues (StreamViews) show the whole event
/// stream, so a window with
/// several informers keeps them in one body of its own whose source names no informer. Getters
/// of parts not built return null.
///
/// Settling: after settleQuietMs() of real time without a journal event the body flushes every
/// model and emits settled() (exact pictures wait for it). Time travel: travelToSeq(seq) folds
/// every model up to the same journal seq (0 = live).
///
/// Not thread-safe: lives on the journal's thread.
class LensModels : public QObject {
    Q_OBJECT
public:
    enum Part { InformerViews = 0x1, StreamViews = 0x2, AllViews = InformerViews | StreamViews };
    Q_DECLARE_FLAGS(Parts, Part)

    /// `source.journal` must not be null and must outlive the body. `notificationRows` and
    /// `journalRows` cap the two log models (rows, oldest dropped).
    explicit LensModels(JournalSource source, Parts parts = AllViews, QObject *parent = nullptr);
    ~LensModels() override;

    Journal *journal() const { return m_source.journal; }
    /// The informer whose events this body folds ("" = every event of the journal).
    const QString &informer() const { return m_source.informer; }
    Parts parts() const { return m_parts; }

    QueueModel *queue() const { return m_queue; }
    IndexerModel *indexer() const { return m_indexer; }
    NamespaceIndexModel *namespaces() const { return m_namespaces; }
    KeyHistoryModel *history() const { return m_history; }
    ReflectorStatus *status() const { return m_status; }
    HandlersModel *handlers() const { return m_handlers; }
    HandlerNotificationsModel *notifications() const { return m_notifications; }
    ObjectTreeModel *objectTree() const { return m_objectTree; }
    JournalModel *journalModel() const { return m_journalModel; }
    TimelineModel *timeline() const { return m_timeline; }
    /// WaitForCacheSync over the informers named with CacheSyncGate::setInformers().
    CacheSyncGate *cacheSync() const { return m_cacheSync; }
    /// The controllers' workqueues (StreamViews: their events name no informer).
    WorkqueueModel *workqueue() const { return m_workqueue; }
    /// controller-runtime's controllers and priority queues (StreamViews).
    PriorityQueueModel *priorityQueue() const { return m_priorityQueue; }
    /// An attached controller's /metrics scrapes (StreamViews).
    MetricsModel *metrics() const { return m_metrics; }
    /// Every model of the body that folds the journal.
    const QList<JournalFold *> &folds() const { return m_folds; }

    /// Applies every model's pending events now.
    void settle();
    /// True after settled() until the next journal event.
    bool isSettled() const { return m_settled; }
    /// Real-time quiet (ms) after which the body settles by itself.
    static constexpr int settleQuietMs() { return 300; }

    /// Re-reads the journal into the models that keep words they folded (the key history's
    /// details, the handlers' last notification, a handler's notification rows), at the
    /// moment they show, so rows recorded before a language switch read in the language
    /// installed now. Call on QEvent::LanguageChange; the other models word at paint time.
    void retranslate();

    /// Time travel: every model shows the journal up to `seq` (0 = live again).
    void travelToSeq(quint64 seq);
    quint64 travelSeq() const { return m_travelSeq; }
    /// The newest retained journal seq recorded at or before `ms` (journal time); the oldest
    /// retained seq when `ms` is before it; 0 for an empty journal.
    quint64 seqAtTime(qint64 ms) const;
    /// The journal time (ms) of `seq`, or -1 when it is 0 or no longer retained.
    qint64 timeOfSeq(quint64 seq) const;

Q_SIGNALS:
    /// The journal was quiet for settleQuietMs() and every model is flushed.
    void settled();
    /// travelToSeq() moved the body to `seq` (0 = live).
    void travelled(quint64 seq);

private:
    void onJournalEvent(const TraceEvent &e);
    void onSettleTimer();

    JournalSource m_source;
    Parts m_parts;
    QueueModel *m_queue = nullptr;
    IndexerModel *m_indexer = nullptr;
    NamespaceIndexModel *m_namespaces = nullptr;
    KeyHistoryModel *m_history = nullptr;
    ReflectorStatus *m_status = nullptr;
    HandlersModel *m_handlers = nullptr;
    HandlerNotificationsModel *m_notifications = nullptr;
    ObjectTreeModel *m_objectTree = nullptr;
    JournalModel *m_journalModel = nullptr;
    TimelineModel *m_timeline = nullptr;
    CacheSyncGate *m_cacheSync = nullptr;
    WorkqueueModel *m_workqueue = nullptr;
    PriorityQueueModel *m_priorityQueue = nullptr;
    MetricsModel *m_metrics = nullptr;
    QList<JournalFold *> m_folds;
    QTimer *m_settleTimer;
    QElapsedTimer m_sinceLastEvent;
    bool m_settled = false;
    quint64 m_travelSeq = 0;
};

Q_DECLARE_OPERATORS_FOR_FLAGS(LensModels::Parts)

} // namespace lens
