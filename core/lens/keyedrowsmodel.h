// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/delta.h"
#include "api/object.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

#include <functional>

namespace lens {

/// Base of the flat live tables whose rows are keyed objects that enter at the tail, change in
/// place and leave from anywhere: the DeltaFIFO queue (a key keeps its position from its first
/// delta until popped) and the indexer (rows in first-seen order; sort with a proxy).
///
/// Subclasses fold journal events into Change lists and call applyChanges(), which emits the
/// fewest signals that describe the batch: one rowsRemoved per contiguous run of departed rows,
/// one dataChanged per contiguous run of updated rows, one rowsInserted for all new rows.
/// A key removed and re-added within one batch is a departure plus an arrival at the tail.
class KeyedRowsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit KeyedRowsModel(QObject *parent = nullptr);
    ~KeyedRowsModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;

    /// Row of `key`, or -1 when absent. O(log n). (Virtual: a model whose rows are not one per
    /// key, like the RealFIFO queue, maps its keys to rows itself.)
    virtual int rowOfKey(const QString &key) const;
    /// Key at `row` (empty when out of range).
    virtual QString keyAt(int row) const;
    /// All keys in row order.
    QStringList keys() const;
    /// The object of `key`'s row (the indexer's stored object; the queue's newest delta's
    /// object), or a null Object when absent.
    Object objectOfKey(const QString &key) const;
    /// The rows' own bytes, estimated from their number (not the containers' capacities, which
    /// depend on how events were batched): the rows and the key → row table (keys and objects
    /// are shared with the journal's events and not counted). For MemoryUse.
    qint64 memoryBytes() const;
    /// Rows the table has room for without growing (at least rowCount()): the room of rows that
    /// left is given back once less than a quarter of it is used (beyond 4 096 rows), unless a
    /// list's ListCompleted made it for rows still arriving.
    qsizetype rowRoom() const { return m_rows.capacity(); }

protected:
    struct Row {
        qint64 ordinal = 0; // monotonic arrival number; rows are sorted by it
        QString key;
        Object object;
        Deltas deltas;
        quint64 seq = 0;          // journal seq of the last change
        qint64 t = 0;             // journal time (ms) of the last change
        qint64 deltasOmitted = 0; // the key's older Deltas the journal left out
    };
    struct Change {
        bool remove = false;
        QString key;
        Object object;
        Deltas deltas;
        quint64 seq = 0;
        qint64 t = 0;
        qint64 deltasOmitted = 0; ///< TraceEvent::deltasOmitted()
    };

    /// Applies `changes` in order (see class comment). Removing an unknown key is ignored.
    void applyChanges(const QList<Change> &changes);
    /// Makes room for `rows` rows at once (a list's item count, from its ListCompleted event),
    /// so filling the table does not rehash its key index mid-fold. No-op when there is room
    /// already or `rows` is implausible (over 16 M).
    void reserveRows(qsizetype rows);
    /// Time travel and other wholesale rebuilds: one model reset around clearing every row and
    /// running `refold`, whose applyChanges() calls then emit nothing of their own.
    void rebuildRows(const std::function<void()> &refold);
    bool isRebuilding() const { return m_rebuilding; }
    const Row &rowAt(int row) const { return m_rows.at(row); }
    /// Row of a row identity (Row::key / Change::key), -1 when absent; the base rowOfKey().
    int rowOfRowKey(const QString &rowKey) const;

private:
    int rowOfOrdinal(qint64 ordinal) const;
    /// Gives back the room of rows that left when less than a quarter of it is used (the queue
    /// view after a 150 000-object list drained kept 17 MB of rows and its key table), unless
    /// reserveRows() made it for a list still arriving.
    void releaseUnusedRoom();
    static constexpr qsizetype kRoomAlwaysKept = 4096;
    qsizetype m_reservedRows = 0;

    QList<Row> m_rows;
    QHash<QString, qint64> m_ordinalOf;
    qint64 m_nextOrdinal = 1;
    bool m_rebuilding = false;
};

} // namespace lens
