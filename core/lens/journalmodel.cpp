// SPDX-License-Identifier: Apache-2.0
#include "journalmodel.h"

#include "eventbatcher.h"
#include "format.h"
#include "handlersmodel.h"
#include "trace/journal.h"

#include <algorithm>

namespace lens {

JournalModel::JournalModel(JournalSource source, int rowCap, QObject *parent)
    : CappedRowsModel(rowCap, parent),
      m_batcher(new EventBatcher(
          source, [this](const EventBatch &ev) { append(ev); }, {}, this))
{
    loadRetained();
}

JournalModel::~JournalModel() = default;

void JournalModel::loadRetained()
{
    m_rows.clear();
    const Journal *journal = m_batcher->journal();
    if (!journal)
        return;
    const auto &all = journal->events();
    auto end = all.end();
    if (m_upTo > 0)
        end = std::upper_bound(all.begin(), all.end(), m_upTo,
                               [](quint64 s, const TraceEvent &e) { return s < e.seq; });
    // The newest m_cap events of this source, oldest first.
    std::vector<const TraceEvent *> kept;
    for (auto it = end; it != all.begin() && kept.size() < size_t(m_cap);) {
        --it;
        if (m_batcher->accepts(*it))
            kept.push_back(&*it);
    }
    for (auto it = kept.rbegin(); it != kept.rend(); ++it)
        m_rows.push_back(**it);
}

void JournalModel::foldUpTo(quint64 seq)
{
    m_batcher->setFrozen(true);
    m_upTo = seq;
    beginResetModel();
    loadRetained();
    endResetModel();
    m_batcher->setFrozen(seq != 0);
}

void JournalModel::flush()
{
    m_batcher->flushNow();
}

QDateTime JournalModel::wallClockOrigin() const
{
    const Journal *journal = m_batcher->journal();
    return journal ? journal->wallClockOrigin() : QDateTime();
}

TraceEvent JournalModel::eventAt(int row) const
{
    return row >= 0 && size_t(row) < m_rows.size() ? m_rows[size_t(row)] : TraceEvent();
}

void JournalModel::append(const EventBatch &events)
{
    appendRows(events.begin(), events.end());
}

int JournalModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant JournalModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const TraceEvent &e = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeqColumn:
            return e.seq;
        case TimeColumn:
            return formatTimeMs(e.t);
        case ComponentColumn:
            return e.component;
        case InformerColumn:
            return e.informer;
        case KindColumn:
            return traceKindName(e.kind);
        case KeyColumn:
            return e.key;
        case TypeColumn: // a notification as the Handlers view names it (translated)
            return e.kind == TraceKind::HandlerNotified ? notificationName(e) : e.type;
        case ResourceVersionColumn:
            return e.resourceVersion;
        case DetailColumn:
            return formatDetail(e.detail);
        }
        break;
    case Qt::ToolTipRole: // the full text of the columns the view elides
        if (index.column() == TimeColumn)
            return formatTimeTooltip(e.t, wallClockOrigin());
        if (index.column() == DetailColumn)
            return formatDetail(e.detail);
        if (index.column() == KeyColumn)
            return e.key;
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == SeqColumn || index.column() == TimeColumn ||
            index.column() == ResourceVersionColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case KindRole:
        return int(e.kind);
    case KeyRole:
        return e.key;
    case SeqRole:
        return e.seq;
    case InformerRole:
        return e.informer;
    }
    return {};
}

QVariant JournalModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case SeqColumn:
        return tr("Seq");
    case TimeColumn:
        return tr("Time");
    case ComponentColumn:
        return tr("Component");
    case InformerColumn:
        return tr("Informer");
    case KindColumn:
        return tr("Event");
    case KeyColumn:
        return tr("Key");
    case TypeColumn:
        return tr("Type");
    case ResourceVersionColumn:
        return tr("RV");
    case DetailColumn:
        return tr("Detail");
    }
    return {};
}

} // namespace lens
