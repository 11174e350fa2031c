// SPDX-License-Identifier: Apache-2.0
#include "keyedrowsmodel.h"

#include <QSet>

#include <algorithm>

namespace lens {

KeyedRowsModel::KeyedRowsModel(QObject *parent) : QAbstractTableModel(parent) {}

KeyedRowsModel::~KeyedRowsModel() = default;

int KeyedRowsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int KeyedRowsModel::rowOfOrdinal(qint64 ordinal) const
{
    auto it = std::lower_bound(m_rows.cbegin(), m_rows.cend(), ordinal,
                               [](const Row &r, qint64 o) { return r.ordinal < o; });
    if (it == m_rows.cend() || it->ordinal != ordinal)
        return -1;
    return int(it - m_rows.cbegin());
}

int KeyedRowsModel::rowOfRowKey(const QString &rowKey) const
{
    auto it = m_ordinalOf.constFind(rowKey);
    return it == m_ordinalOf.constEnd() ? -1 : rowOfOrdinal(*it);
}

int KeyedRowsModel::rowOfKey(const QString &key) const
{
    return rowOfRowKey(key);
}

QString KeyedRowsModel::keyAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).key : QString();
}

qint64 KeyedRowsModel::memoryBytes() const
{
    // Sizes, not capacities: how the rows grew depends on how the events were batched (real
    // time), and an exact screenshot must show the same figure whatever the machine's speed.
    return m_rows.size() * qint64(sizeof(Row)) +
           m_ordinalOf.size() * qint64(sizeof(QString) + sizeof(qint64) + 1);
}

void KeyedRowsModel::reserveRows(qsizetype rows)
{
    if (rows <= m_rows.size() || rows > (qsizetype(1) << 24))
        return;
    m_rows.reserve(rows);
    m_ordinalOf.reserve(rows);
    m_reservedRows = rows;
}

void KeyedRowsModel::releaseUnusedRoom()
{
    if (m_rows.size() >= m_reservedRows)
        m_reservedRows = 0; // the list that made room has arrived
    const qsizetype keep = qMax(kRoomAlwaysKept, qMax(m_reservedRows, 4 * m_rows.size()));
    if (m_rows.capacity() > keep)
        m_rows.squeeze();
    if (m_ordinalOf.capacity() > keep)
        m_ordinalOf.squeeze();
}

QStringList KeyedRowsModel::keys() const
{
    QStringList out;
    out.reserve(m_rows.size());
    for (int r = 0; r < m_rows.size(); ++r)
        out << keyAt(r);
    return out;
}

Object KeyedRowsModel::objectOfKey(const QString &key) const
{
    const int r = rowOfKey(key);
    return r < 0 ? Object() : m_rows.at(r).object;
}

namespace {
// Contiguous runs [first, last] of sorted row numbers.
QList<std::pair<int, int>> runsOf(QList<int> rows)
{
    std::sort(rows.begin(), rows.end());
    QList<std::pair<int, int>> runs;
    for (int r : rows) {
        if (!runs.isEmpty() && runs.last().second + 1 == r)
            runs.last().second = r;
        else
            runs.append({r, r});
    }
    return runs;
}
} // namespace

void KeyedRowsModel::applyChanges(const QList<Change> &changes)
{
    if (changes.isEmpty())
        return;
    QSet<qint64> removedOld;
    QHash<qint64, const Change *> updatedOld;
    QList<Row> fresh;
    QHash<QString, qsizetype> freshIndex; // key → index in fresh, live entries only
    for (const Change &c : changes) {
        auto f = freshIndex.find(c.key);
        if (f != freshIndex.end()) {
            Row &r = fresh[*f];
            if (c.remove) {
                r.ordinal = -1; // arrived and left within the batch: never shown
                freshIndex.erase(f);
            } else {
                r.object = c.object;
                r.deltas = c.deltas;
                r.deltasOmitted = c.deltasOmitted;
                r.seq = c.seq;
                r.t = c.t;
            }
            continue;
        }
        auto o = m_ordinalOf.constFind(c.key);
        if (o != m_ordinalOf.constEnd() && !removedOld.contains(*o)) {
            if (c.remove) {
                removedOld.insert(*o);
                updatedOld.remove(*o);
            } else {
                updatedOld.insert(*o, &c);
            }
            continue;
        }
        if (c.remove)
            continue;
        freshIndex.insert(c.key, fresh.size());
        fresh.append(Row{m_nextOrdinal++, c.key, c.object, c.deltas, c.seq, c.t, c.deltasOmitted});
    }

    // Departures, last run first so earlier row numbers stay valid.
    if (!removedOld.isEmpty()) {
        QList<int> rows;
        for (qint64 o : std::as_const(removedOld))
            rows << rowOfOrdinal(o);
        const auto runs = runsOf(rows);
        for (auto it = runs.crbegin(); it != runs.crend(); ++it) {
            if (!m_rebuilding)
                beginRemoveRows({}, it->first, it->second);
            for (int r = it->first; r <= it->second; ++r)
                m_ordinalOf.remove(m_rows.at(r).key);
            m_rows.remove(it->first, it->second - it->first + 1);
            if (!m_rebuilding)
                endRemoveRows();
        }
    }

    // In-place changes.
    if (!updatedOld.isEmpty()) {
        QList<int> rows;
        for (auto it = updatedOld.cbegin(); it != updatedOld.cend(); ++it) {
            const int r = rowOfOrdinal(it.key());
            Row &row = m_rows[r];
            row.object = it.value()->object;
            row.deltas = it.value()->deltas;
            row.deltasOmitted = it.value()->deltasOmitted;
            row.seq = it.value()->seq;
            row.t = it.value()->t;
            rows << r;
        }
        const int lastColumn = columnCount() - 1;
        if (!m_rebuilding)
            for (const auto &run : runsOf(rows))
                Q_EMIT dataChanged(index(run.first, 0), index(run.second, lastColumn));
    }

    // Arrivals at the tail.
    fresh.removeIf([](const Row &r) { return r.ordinal < 0; });
    if (!fresh.isEmpty()) {
        const int first = int(m_rows.size());
        if (!m_rebuilding)
            beginInsertRows({}, first, first + int(fresh.size()) - 1);
        for (Row &r : fresh) {
            m_ordinalOf.insert(r.key, r.ordinal);
            m_rows.append(std::move(r));
        }
        if (!m_rebuilding)
            endInsertRows();
    }
    if (!removedOld.isEmpty())
        releaseUnusedRoom();
}

void KeyedRowsModel::rebuildRows(const std::function<void()> &refold)
{
    beginResetModel();
    m_rows.clear();
    m_ordinalOf.clear();
    m_rebuilding = true;
    refold();
    m_rebuilding = false;
    endResetModel();
}

} // namespace lens
