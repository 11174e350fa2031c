// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "eventbatcher.h"
#include "journalfold.h"
#include "keyedrowsmodel.h"

namespace lens {

class Journal;
struct TraceEvent;

/// The DeltaFIFO as the journal tells it: one row per queued key, in queue order, each with the
/// key's whole Deltas list. Folds FifoQueued (the key enters at the tail if absent, else its
/// Deltas are replaced in place — a key keeps its position from its first delta until popped)
/// and FifoPopped (the key leaves). Also derives the queue's figures: depth, HasSynced (the last
/// FifoPopped.hasSynced, or a Synced event), populated (any delta or list seen).
///
/// RealFIFO mode (the journal's detail.queueMode is "RealFIFO"; client-go 1.33+'s in-order
/// queue): one row per queued *event*, in arrival order, so a key appears once per event still
/// queued for it; each FifoPopped removes that key's oldest row. The pop's
/// detail.remainingForKey (events of the key still queued behind it) corrects the rows when the
/// journal's retained history began mid-queue. KeyRole is then still the object key, and
/// rowOfKey()/keyAt() speak object keys (rowOfKey: the key's next event to pop).
///
/// Live: batched by an EventBatcher (default 50 ms). Concept shown: DeltaFIFO's items/queue and
/// delta compression (dedupDeltas), Replace's Replaced/Deleted-tombstone deltas, Pop order;
/// RealFIFO's one-event-per-pop delivery.
class QueueModel final : public KeyedRowsModel, public JournalFold {
    Q_OBJECT
public:
    /// The queue position ("#", 1 = next to pop) is the vertical header, not a column: it is
    /// positional, so it may change on removals without a dataChanged.
    enum Column { KeyColumn, DeltasColumn, ResourceVersionColumn, ColumnCount };
    Q_ENUM(Column)
    enum Role {
        DeltaChipsRole = Qt::UserRole + 1, ///< QVariant<lens::DeltaChips>, oldest first
        KeyRole,                           ///< QString "ns/name"
        DeltaCountRole,                    ///< int
        DeltaTypesRole,                    ///< QStringList of type names, "Deleted✝" = tombstone
    };

    /// Folds `journal`'s retained history at once, then follows it live. `journal` is not owned.
    explicit QueueModel(JournalSource source, QObject *parent = nullptr);
    ~QueueModel() override;

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    /// Applies pending journal events now instead of at the next coalescing tick.
    void flush() override;
    EventBatcher *batcher() const { return m_batcher; }

    /// Time travel: rebuilds (one model reset) from the journal's retained events with
    /// seq ≤ `seq` and stops following the journal; `seq` == 0 rebuilds from everything and
    /// follows live again.
    void foldUpTo(quint64 seq) override;
    quint64 foldedUpTo() const override { return m_upTo; }

    /// Keys queued right now (as of the last flush; equals rowCount()).
    int depth() const { return rowCount(); }
    /// The DeltaFIFO's HasSynced as last reported (initial list popped entirely).
    bool hasSynced() const { return m_hasSynced; }
    /// True once any delta was queued or a list completed (DeltaFIFO "populated").
    bool populated() const { return m_populated; }
    qint64 queuedTotal() const { return m_queuedTotal; }
    qint64 poppedTotal() const { return m_poppedTotal; }
    /// "DeltaFIFO" or "RealFIFO", from the newest FifoQueued/FifoPopped's detail.queueMode.
    QString queueMode() const { return m_queueMode; }
    /// True when the rows are RealFIFO's events (see class comment).
    bool isRealFifo() const { return m_queueMode == QLatin1String("RealFIFO"); }

    /// The Deltas shown at `row` (RealFIFO: the one event), empty when out of range.
    Deltas deltasAt(int row) const;

    int rowOfKey(const QString &key) const override;
    QString keyAt(int row) const override;

Q_SIGNALS:
    /// After a batch changed any of the figures above.
    void statsChanged();

private:
    void fold(const EventBatch &events);
    void setMode(const QString &mode);

    // RealFIFO: per object key, the row identities ("key\x1F<n>") of its queued events, oldest
    // first.
    QHash<QString, QStringList> m_events;
    qint64 m_eventCounter = 0;

    EventBatcher *m_batcher;
    quint64 m_upTo = 0;
    bool m_hasSynced = false;
    bool m_populated = false;
    qint64 m_queuedTotal = 0;
    qint64 m_poppedTotal = 0;
    QString m_queueMode = QStringLiteral("DeltaFIFO");
};

} // namespace lens
