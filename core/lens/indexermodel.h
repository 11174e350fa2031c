// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "eventbatcher.h"
#include "journalfold.h"
#include "keyedrowsmodel.h"

namespace lens {

class Journal;
struct TraceEvent;

/// The informer's Indexer (the local cache listers read) as the journal tells it: one row per
/// object currently stored, folded from IndexerAdded / IndexerUpdated (in place) /
/// IndexerDeleted (row leaves). Rows are in first-seen order; put a QSortFilterProxyModel with
/// sortRole = SortRole on top to sort (resourceVersion and size sort numerically).
///
/// Live: batched by an EventBatcher (default 50 ms). Concept shown: the thread-safe store that
/// HandleDeltas keeps in step with the DeltaFIFO — what a lister would return right now.
class IndexerModel final : public KeyedRowsModel, public JournalFold {
    Q_OBJECT
public:
    enum Column {
        NamespaceColumn,
        NameColumn,
        ResourceVersionColumn,
        LabelsColumn,
        PhaseColumn,
        SizeColumn,
        ColumnCount
    };
    Q_ENUM(Column)
    enum Role {
        KeyRole = Qt::UserRole + 1, ///< QString "ns/name"
        SortRole,                   ///< numbers for RV and size, text otherwise
        SeqRole,                    ///< journal seq (quint64) of the row's last change
    };

    /// Folds `journal`'s retained history at once, then follows it live. `journal` is not owned.
    explicit IndexerModel(JournalSource source, QObject *parent = nullptr);
    ~IndexerModel() override;

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

    /// The stored object at `row` (null when out of range).
    Object objectAt(int row) const;

    /// "app=web,tier=fe" — labels in key order.
    static QString labelsText(const Object &o);
    /// status.phase of the object's JSON, or empty.
    static QString phaseOf(const Object &o);
    /// The stored object at `row`, by reference (no copy; `row` must be valid). For proxies
    /// that sort or filter 150 000 rows without a QVariant per cell.
    const Object &storedObject(int row) const { return rowAt(row).object; }
    /// Whether any cell of `o`'s row shows `needle` (case-insensitive), as a fixed-string filter
    /// over every column finds it: namespace, name, resourceVersion, the labels' "k=v,..." text,
    /// phase and the size as shown.
    static bool showsText(const Object &o, const QString &needle);

private:
    void fold(const EventBatch &events);

    EventBatcher *m_batcher;
    quint64 m_upTo = 0;
};

} // namespace lens
