// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "trace/disposal.h"

#include <QAbstractTableModel>

#include <deque>
#include <iterator>
#include <vector>

namespace lens {

/// A table model whose rows are a log of the newest rowCap() entries (the journal view, one
/// handler's notifications): each batch arrives as one rowsInserted at the bottom, and when the
/// cap is exceeded the oldest rows leave first, in one rowsRemoved at the top — the
/// Wireshark-style live list. Subclasses provide columns and data() over `m_rows` (oldest first)
/// and feed batches to appendRows(). Rows that leave are destroyed by disposeOffThread().
template<typename Row> class CappedRowsModel : public QAbstractTableModel {
public:
    /// `rowCap` is the most rows kept (at least 1).
    explicit CappedRowsModel(int rowCap, QObject *parent = nullptr)
        : QAbstractTableModel(parent), m_cap(qMax(1, rowCap))
    {
    }

    int rowCap() const { return m_cap; }
    /// Rows that left at the top because of the cap since the model was filled.
    quint64 droppedRows() const { return m_dropped; }
    int rowCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : int(m_rows.size());
    }
    /// The rows' own bytes, sizeof(Row) each (what their strings and objects share with the
    /// journal is not counted; a subclass adds what is its own). For MemoryUse.
    virtual qint64 memoryBytes() const { return qint64(m_rows.size()) * qint64(sizeof(Row)); }

protected:
    /// Appends the rows in [first, last), oldest first; of a batch longer than rowCap() only its
    /// newest rowCap() rows are kept. Rows are copied (pass move iterators to move them).
    template<typename It> void appendRows(It first, It last)
    {
        const auto n = size_t(std::distance(first, last));
        if (n == 0)
            return;
        const size_t cap = size_t(m_cap);
        if (n > cap) {
            std::advance(first, n - cap);
            m_dropped += n - cap;
        }
        const size_t take = qMin(n, cap);
        if (m_rows.size() + take > cap) {
            const size_t excess = m_rows.size() + take - cap;
            beginRemoveRows({}, 0, int(excess) - 1);
            // Destroyed off this thread: they may hold the last references to object versions.
            std::vector<Row> gone(std::make_move_iterator(m_rows.begin()),
                                  std::make_move_iterator(m_rows.begin() + qsizetype(excess)));
            m_rows.erase(m_rows.begin(), m_rows.begin() + qsizetype(excess));
            m_dropped += excess;
            endRemoveRows();
            disposeOffThread(std::move(gone));
        }
        const int at = int(m_rows.size());
        beginInsertRows({}, at, at + int(take) - 1);
        m_rows.insert(m_rows.end(), first, last);
        endInsertRows();
    }

    std::deque<Row> m_rows;
    const int m_cap;
    quint64 m_dropped = 0;
};

} // namespace lens
