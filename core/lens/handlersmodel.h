// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "cappedrowsmodel.h"
#include "eventbatcher.h"
#include "journalfold.h"

#include "trace/traceevent.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

#include <deque>
#include <vector>

namespace lens {

class Journal;

/// What a listener was told, as client-go's ResourceEventHandler sees it. Folded from a
/// HandlerNotified's type ("add", "update", "update (resync)", "delete", "delete (tombstone)")
/// and detail.isInInitialList.
enum class NotificationKind {
    Add,             ///< OnAdd(obj, isInInitialList=false): a watch event or relist brought it
    AddInitialList,  ///< OnAdd(obj, isInInitialList=true): part of the initial LIST
    Update,          ///< OnUpdate(old, new) for a real change
    ResyncUpdate,    ///< OnUpdate(old, new) from a resync: old and new are the same object
    Delete,          ///< OnDelete(obj) with the last known state
    TombstoneDelete, ///< OnDelete(DeletedFinalStateUnknown): the delete was missed, seen by relist
};

/// The kind of a HandlerNotified event.
NotificationKind notificationKindOf(const TraceEvent &e);
/// "add (initial list)", "add", "update", "update (resync)", "delete", "delete (tombstone)".
QString notificationKindName(NotificationKind k);
/// The name of a HandlerNotified event's kind (notificationKindName of notificationKindOf), as
/// the Handlers view, the journal view and the key history show it, in the window's language.
QString notificationName(const TraceEvent &e);

/// The sharedIndexInformer's sharedProcessor as the journal tells it: one row per
/// processorListener (named by its ResourceEventHandler), folded from HandlerAdded (a row from
/// registration on, before any notification), HandlerNotified, HandlerResyncChanged and
/// HandlerRemoved events.
///
/// Per listener: notifications delivered; backlog now (the listener's pendingNotifications
/// buffer after the newest delivery) and the largest seen; delivery latency (ms from the
/// notification being queued to the listener until its handler was called) as the median of
/// the newest 1024 deliveries and the maximum ever; the newest notification. The tooltip breaks
/// the count down by NotificationKind.
///
/// Live: batched by an EventBatcher (default 50 ms); rows arrive in first-seen order.
/// Time travel: foldUpTo(seq) shows the state as of journal seq `seq` (0 = live again).
/// Concept shown: processorListener.add/pop/run — the per-handler buffered channel that lets a
/// slow handler fall behind without blocking the informer.
class HandlersModel final : public QAbstractTableModel, public JournalFold {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        DeliveredColumn,
        BacklogColumn,
        MaxBacklogColumn,
        LatencyP50Column,
        LatencyMaxColumn,
        LastColumn,
        ColumnCount
    };
    Q_ENUM(Column)
    enum Role {
        HandlerRole = Qt::UserRole + 1, ///< QString handler name
        BacklogRole,                    ///< int, backlog now
        SortRole,                       ///< numbers for numeric columns
    };

    struct Stats {
        QString name;
        qint64 delivered = 0;
        int backlog = 0;
        int maxBacklog = 0;
        qint64 latencyP50Ms = 0;
        qint64 latencyMaxMs = 0;
        QHash<int, qint64> byKind; ///< int(NotificationKind) → count
        QString lastKey;
        QString lastType;
        QString lastResourceVersion;
        qint64 lastT = -1; ///< journal ms of the newest delivery, -1 = none
        quint64 lastSeq = 0;
        qint64 resyncPeriodMs = -1; ///< as registered or last changed; -1 = not journaled
        bool removed = false;       ///< RemoveEventHandler was called (HandlerRemoved)
    };

    /// Folds `journal`'s retained history at once, then follows it live. `journal` is not owned.
    explicit HandlersModel(JournalSource source, QObject *parent = nullptr);
    ~HandlersModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    /// Handler names in row order.
    QStringList handlers() const;
    /// How the user configured `handler` (e.g. "resync 5 s · processing delay 200 ms"), shown in
    /// the row's tooltip; the journal does not carry it. Kept across time travel.
    void setHandlerSettings(const QString &handler, const QString &settings);
    QString handlerSettings(const QString &handler) const { return m_settings.value(handler); }
    /// Row of `handler`, or -1.
    int rowOfHandler(const QString &handler) const;
    /// The figures of the listener at `row` (default Stats when out of range).
    Stats statsAt(int row) const;

    /// Applies pending journal events now instead of at the next coalescing tick.
    void flush() override;
    EventBatcher *batcher() const { return m_batcher; }

    /// Time travel: rebuilds from the journal's retained events with seq ≤ `seq` and stops
    /// following the journal; `seq` == 0 rebuilds from everything and follows live again.
    void foldUpTo(quint64 seq) override;
    quint64 foldedUpTo() const override { return m_upTo; }

Q_SIGNALS:
    /// After a batch changed any listener's figures.
    void statsChanged();

private:
    struct Listener {
        Stats stats;
        std::deque<qint64> recentLatencies;
    };
    void fold(const EventBatch &events);

    EventBatcher *m_batcher;
    std::vector<Listener> m_rows;
    QHash<QString, int> m_rowOf;
    QHash<QString, QString> m_settings;
    quint64 m_upTo = 0;
};

/// One notification as HandlerNotificationsModel shows it.
struct HandlerNotificationRow {
    quint64 seq = 0;
    qint64 t = 0;
    NotificationKind kind = NotificationKind::Add;
    QString key;
    QString resourceVersion;
    QString oldResourceVersion;
    qint64 latencyMs = 0;
    int backlog = 0;
};

/// The notifications one listener received, oldest first: seq, time, NotificationKind,
/// key, resourceVersion, latency (ms) and the listener's backlog after it. Keeps the newest
/// `rowCap()` rows (the oldest leave in one rowsRemoved at the top).
///
/// setHandler() rebuilds from the journal (a model reset); new notifications for the handler are
/// appended live, batched (default 50 ms). Time travel as HandlersModel::foldUpTo().
/// Concept shown: what a ResourceEventHandler's OnAdd/OnUpdate/OnDelete were called with, and
/// why (initial list, watch, resync, relist tombstone).
class HandlerNotificationsModel final : public CappedRowsModel<HandlerNotificationRow>,
                                        public JournalFold {
    Q_OBJECT
public:
    enum Column {
        SeqColumn,
        TimeColumn,
        KindColumn,
        KeyColumn,
        ResourceVersionColumn,
        LatencyColumn,
        BacklogColumn,
        ColumnCount
    };
    Q_ENUM(Column)
    enum Role {
        KindRole = Qt::UserRole + 1, ///< int(NotificationKind)
        KeyRole,                     ///< QString "ns/name"
        SeqRole,                     ///< quint64
    };

    /// `journal` is not owned. Empty until setHandler().
    explicit HandlerNotificationsModel(JournalSource source, int rowCap = 5000,
                                       QObject *parent = nullptr);
    ~HandlerNotificationsModel() override;

    void setHandler(const QString &handler);
    QString handler() const { return m_handler; }

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    void flush() override;
    EventBatcher *batcher() const { return m_batcher; }
    void foldUpTo(quint64 seq) override;
    quint64 foldedUpTo() const override { return m_upTo; }

Q_SIGNALS:
    void handlerChanged(const QString &handler);

private:
    using Row = HandlerNotificationRow;
    void append(const EventBatch &events);
    void rebuild();

    EventBatcher *m_batcher;
    QString m_handler;
    quint64 m_upTo = 0;
};

} // namespace lens
