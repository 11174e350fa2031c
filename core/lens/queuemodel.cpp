// SPDX-License-Identifier: Apache-2.0
#include "queuemodel.h"

#include "deltachip.h"
#include "eventbatcher.h"
#include "trace/journal.h"

#include <climits>

namespace lens {

QueueModel::QueueModel(JournalSource source, QObject *parent)
    : KeyedRowsModel(parent),
      m_batcher(new EventBatcher(
          source, [this](const EventBatch &ev) { fold(ev); },
          [](const TraceEvent &e) {
              return e.kind == TraceKind::FifoQueued || e.kind == TraceKind::FifoPopped ||
                     e.kind == TraceKind::ListCompleted || e.kind == TraceKind::Synced;
          },
          this))
{
    m_batcher->replayHistory();
}

QueueModel::~QueueModel() = default;

void QueueModel::foldUpTo(quint64 seq)
{
    m_batcher->setFrozen(true);
    m_upTo = seq;
    m_hasSynced = false;
    m_populated = false;
    m_queuedTotal = 0;
    m_poppedTotal = 0;
    m_events.clear();
    rebuildRows([this, seq] { m_batcher->replayHistory(seq); });
    m_batcher->setFrozen(seq != 0);
    Q_EMIT statsChanged();
}

void QueueModel::flush()
{
    m_batcher->flushNow();
}

void QueueModel::fold(const EventBatch &events)
{
    QList<Change> changes;
    const bool wasSynced = m_hasSynced;
    const bool wasPopulated = m_populated;
    const qint64 queued = m_queuedTotal, popped = m_poppedTotal;
    for (const TraceEvent &e : events) {
        switch (e.kind) {
        case TraceKind::FifoQueued:
            m_populated = true;
            ++m_queuedTotal;
            setMode(e.detail.value(QLatin1String("queueMode")).toString(m_queueMode));
            if (isRealFifo()) {
                // One row per event: the newest of the key's queued events is this one.
                const QString rowKey = e.key + QChar(0x1F) + QString::number(++m_eventCounter);
                m_events[e.key].append(rowKey);
                Deltas one;
                if (!e.deltas.isEmpty())
                    one << e.deltas.last();
                changes.append(Change{false, rowKey, e.object, one, e.seq, e.t});
            } else {
                changes.append(
                    Change{false, e.key, e.object, e.deltas, e.seq, e.t, e.deltasOmitted()});
            }
            break;
        case TraceKind::FifoPopped:
            ++m_poppedTotal;
            m_hasSynced = e.detail.value(QLatin1String("hasSynced")).toBool(m_hasSynced);
            setMode(e.detail.value(QLatin1String("queueMode")).toString(m_queueMode));
            if (isRealFifo()) {
                auto it = m_events.find(e.key);
                if (it == m_events.end())
                    break; // queued before the retained history began
                QStringList &rows = *it;
                if (!rows.isEmpty())
                    changes.append(Change{true, rows.takeFirst(), {}, {}, e.seq, e.t});
                // Events of this key still queued, per the queue itself: drop rows the
                // journal no longer accounts for (oldest first).
                const qint64 remaining =
                    e.detail.value(QLatin1String("remainingForKey")).toInteger(rows.size());
                while (rows.size() > qMax<qint64>(0, remaining))
                    changes.append(Change{true, rows.takeFirst(), {}, {}, e.seq, e.t});
                if (rows.isEmpty())
                    m_events.erase(it);
            } else {
                changes.append(Change{true, e.key, {}, {}, e.seq, e.t});
            }
            break;
        case TraceKind::ListCompleted:
            m_populated = true;
            break;
        case TraceKind::Synced:
            m_hasSynced = true;
            break;
        default:
            break;
        }
    }
    applyChanges(changes);
    if (isRebuilding())
        return; // foldUpTo() announces the figures once, after the reset
    if (wasSynced != m_hasSynced || wasPopulated != m_populated || queued != m_queuedTotal ||
        popped != m_poppedTotal)
        Q_EMIT statsChanged();
}

void QueueModel::setMode(const QString &mode)
{
    if (mode == m_queueMode)
        return;
    m_queueMode = mode;
    if (!isRebuilding())
        Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

Deltas QueueModel::deltasAt(int row) const
{
    return row >= 0 && row < rowCount() ? rowAt(row).deltas : Deltas();
}

int QueueModel::rowOfKey(const QString &key) const
{
    if (!isRealFifo())
        return KeyedRowsModel::rowOfKey(key);
    const auto it = m_events.constFind(key);
    return it == m_events.constEnd() || it->isEmpty() ? -1 : rowOfRowKey(it->first());
}

QString QueueModel::keyAt(int row) const
{
    const QString rowKey = KeyedRowsModel::keyAt(row);
    if (!isRealFifo())
        return rowKey;
    return rowKey.section(QChar(0x1F), 0, 0);
}

int QueueModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant QueueModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = rowAt(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case KeyColumn:
            return keyAt(index.row());
        case DeltasColumn:
            return summarizeDeltas(r.deltas, r.deltasOmitted);
        case ResourceVersionColumn:
            return r.deltas.isEmpty() || r.deltas.last().object.isNull()
                       ? QString()
                       : r.deltas.last().object.resourceVersion();
        }
        break;
    case Qt::ToolTipRole:
        return describeDeltas(keyAt(index.row()), r.deltas, r.deltasOmitted);
    case Qt::TextAlignmentRole:
        if (index.column() == ResourceVersionColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case DeltaChipsRole:
        return QVariant::fromValue(chipsFromDeltas(r.deltas));
    case KeyRole:
        return keyAt(index.row());
    case DeltaCountRole:
        return int(qMin<qint64>(r.deltas.size() + r.deltasOmitted, INT_MAX));
    case DeltaTypesRole: {
        QStringList types;
        for (const Delta &d : r.deltas)
            types << deltaTypeName(d.type) + (d.tombstone ? QString(QChar(0x271D)) : QString());
        return types;
    }
    }
    return {};
}

QVariant QueueModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o == Qt::Vertical && role == Qt::DisplayRole)
        return section + 1;
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return KeyedRowsModel::headerData(section, o, role);
    switch (section) {
    case KeyColumn:
        return tr("Key");
    case DeltasColumn:
        return isRealFifo() ? tr("Event (arrival order)") : tr("Deltas (oldest first)");
    case ResourceVersionColumn:
        return tr("Newest RV");
    }
    return {};
}

QHash<int, QByteArray> QueueModel::roleNames() const
{
    auto names = KeyedRowsModel::roleNames();
    names.insert(DeltaChipsRole, "deltaChips");
    names.insert(KeyRole, "key");
    names.insert(DeltaCountRole, "deltaCount");
    names.insert(DeltaTypesRole, "deltaTypes");
    return names;
}

} // namespace lens
