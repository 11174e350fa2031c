// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "eventbatcher.h"
#include "journalfold.h"
#include "priorityqueuestate.h"

#include <QAbstractItemModel>

namespace lens {

/// The priority queue view of one controller-runtime controller ("runtime-sample"), folded
/// from the journal's priorityQueue…, runtime… and reconcile… events only
/// (PriorityQueueStates): a tree of lanes, one per priority the queue has held ready entries
/// at (highest first), then one lane of the waiting entries (by ready time); under each lane
/// its entries in hand-out order (priority descending, then the queue's sequence number).
///
/// Columns: the key; its priority; how long it has been ready ("now" minus the journal time
/// of the add, re-add or timer that made it ready), or when a waiting one becomes ready; why
/// it is there (whyText(): the handler and event that added it, the resourceVersion pair and
/// the LowPriority reason, or reconcileHandler's requeue with its result, or the add's own
/// reason, then "ready by timer" and any raise); and by whom it was passed over
/// (passedOverText(): the Gets that handed out other keys while it was ready, per key and the
/// priority they were handed out at). Every word is read from recorded fields.
///
/// The panel and Explain read the same facts as structs: state() (entries, workers, reconcile
/// counts per key), lanes(), capacity(). "Now" for the ages is setNowMs() (the journal's clock
/// while live, the folded moment when travelling). Live: batched (default 50 ms); every batch
/// that changes the state resets the model (the tree is small: one queue's entries).
class PriorityQueueModel final : public QAbstractItemModel, public JournalFold {
    Q_OBJECT
public:
    enum Column { KeyColumn, PriorityColumn, ReadyForColumn, WhyColumn, PassedColumn, ColumnCount };
    Q_ENUM(Column)
    enum Role {
        KeyRole = Qt::UserRole + 1, ///< QString: the entry's key ("" on a lane row)
        PriorityRole,               ///< int: the lane's or entry's priority
        WaitingLaneRole,            ///< bool: the waiting lane or one of its entries
        PassedOverRole,             ///< int: Gets of other keys while the entry was ready
        SeqRole,                    ///< quint64: the add (or timer) that made it ready
    };

    /// One lane of the picture: a priority's ready entries in hand-out order, or the waiting
    /// entries by ready time.
    struct Lane {
        bool waiting = false;
        int priority = 0; ///< ready lanes only
        QStringList keys; ///< in order (look the entries up in state()->entries)
    };

    /// `source.journal` is not owned. Folds the retained history at once, then follows live.
    explicit PriorityQueueModel(JournalSource source, QObject *parent = nullptr);
    ~PriorityQueueModel() override;

    /// The queue shown; "" = the first controller-runtime queue or controller the journal named.
    void setQueue(const QString &name);
    QString queue() const;
    QStringList queues() const { return m_states.names(); }
    /// The folded state of the queue shown (null before its first event).
    const PriorityQueueState *state() const { return m_states.queue(queue()); }
    const QList<Lane> &lanes() const { return m_lanes; }

    void setNowMs(qint64 ms);
    qint64 nowMs() const { return m_nowMs; }

    /// Why the entry is in the queue, from the add that put it there and what was recorded next
    /// to it: "EnqueueRequestForObject: update (RV 17 → 18) → priority 0", "initial list →
    /// priority -100", "requeue by reconcileHandler (requeue after) → priority -100", then
    /// "· ready by timer", "· raised to 0 by …". Translated.
    QString whyText(const PriorityQueueState::Entry &en) const;
    /// One cause in words (the same as whyText's first part).
    QString causeText(const PriorityQueueState::Cause &c) const;
    /// "passed over 37 times: p1 ×19, p2 ×18 at priority 0 · never handed out"; "" when never
    /// passed over. Translated.
    QString passedOverText(const PriorityQueueState::Entry &en) const;
    /// "4.2 s" since the entry became ready, or "in 0.5 s" for a waiting one.
    QString ageText(const PriorityQueueState::Entry &en) const;

    /// What the journal tells about the controller's capacity (controller-runtime-semantics
    /// §6.1): W = maxConcurrentReconciles (RuntimeControllerStarted), busy workers now, c = the
    /// mean durationMs of the finished reconciles, T = the mean requeueAfterMs of the keys whose
    /// last result was requeue_after, P = how many such keys. ratio = P·c / (W·T), -1 when a
    /// factor is unknown (≥ 1: those keys alone keep every worker busy).
    struct Capacity {
        int workers = 0;
        int busy = 0;
        double meanReconcileMs = -1;
        int cyclingKeys = 0;
        double meanRequeueAfterMs = -1;
        double ratio = -1;
    };
    Capacity capacity() const;
    /// The capacity in one line, translated ("" when nothing is known).
    QString capacityText() const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    void flush() override;
    void foldUpTo(quint64 seq) override;
    quint64 foldedUpTo() const override { return m_upTo; }
    EventBatcher *batcher() const { return m_batcher; }

Q_SIGNALS:
    /// After a batch changed the state, the queue shown or "now".
    void changed();
    /// The list of queues() grew.
    void queuesChanged();

private:
    void fold(const EventBatch &events);
    QList<Lane> computeLanes() const;
    void rebuild();
    QString laneTitle(const Lane &l) const;
    const PriorityQueueState::Entry *entryAt(const QModelIndex &index) const;

    EventBatcher *m_batcher;
    PriorityQueueStates m_states;
    QString m_queue;
    QList<Lane> m_lanes;
    qint64 m_nowMs = 0;
    quint64 m_upTo = 0;
};

} // namespace lens
