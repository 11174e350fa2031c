// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "cappedrowsmodel.h"
#include "eventbatcher.h"
#include "journalfold.h"
#include "trace/traceevent.h"

namespace lens {

class Journal;

/// The journal itself as an event log: the newest `rowCap()` events, oldest first, one row each
/// (seq, time, component, informer, kind, key, type, resourceVersion, detail). The informer
/// column names whose Reflector, queue or handler recorded the row (TraceEvent::informer; ""
/// for the factory's, a scenario's or the controller's own rows). New events arrive at the
/// tail in one rowsInserted per batch; when the cap is exceeded the oldest rows leave in one
/// rowsRemoved at the top.
///
/// Live: batched by an EventBatcher (default 50 ms). Concept shown: the raw order of state
/// changes every other view is folded from.
class JournalModel final : public CappedRowsModel<TraceEvent>, public JournalFold {
    Q_OBJECT
public:
    enum Column {
        SeqColumn,
        TimeColumn,
        ComponentColumn,
        InformerColumn,
        KindColumn,
        KeyColumn,
        TypeColumn,
        ResourceVersionColumn,
        DetailColumn,
        ColumnCount
    };
    Q_ENUM(Column)
    enum Role {
        KindRole = Qt::UserRole + 1, ///< int(TraceKind)
        KeyRole,                     ///< QString (may be empty)
        SeqRole,                     ///< quint64
        InformerRole,                ///< QString: TraceEvent::informer (may be empty)
    };

    /// Shows the newest `rowCap` events (at least 1) of `journal` (not owned), retained ones first.
    explicit JournalModel(JournalSource source, int rowCap = 5000, QObject *parent = nullptr);
    ~JournalModel() override;

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    /// Applies pending journal events now instead of at the next coalescing tick.
    void flush() override;
    EventBatcher *batcher() const { return m_batcher; }

    /// Time travel: shows the newest rowCap() retained events with seq ≤ `seq` (one model
    /// reset) and appends nothing recorded later; 0 = live again (the newest retained events).
    void foldUpTo(quint64 seq) override;
    quint64 foldedUpTo() const override { return m_upTo; }

    /// The event shown at `row` (a default TraceEvent when out of range).
    TraceEvent eventAt(int row) const;
    /// The event shown at `row`, without a copy (null when out of range); valid until the rows
    /// change.
    const TraceEvent *eventPtr(int row) const
    {
        return row >= 0 && size_t(row) < m_rows.size() ? &m_rows[size_t(row)] : nullptr;
    }

private:
    QDateTime wallClockOrigin() const;
    void append(const EventBatch &events);
    /// m_rows = the newest rowCap() retained events with seq ≤ m_upTo (all when 0).
    void loadRetained();

    EventBatcher *m_batcher;
    quint64 m_upTo = 0;
};

} // namespace lens
