// SPDX-License-Identifier: Apache-2.0
#include "indexermodel.h"

#include "eventbatcher.h"
#include "trace/journal.h"

#include <QJsonObject>
#include <QLocale>
#include <QStringList>

namespace lens {

namespace {
bool isIndexerEvent(const TraceEvent &e)
{
    return e.kind == TraceKind::IndexerAdded || e.kind == TraceKind::IndexerUpdated ||
           e.kind == TraceKind::IndexerDeleted;
}

/// The indexer events, and the list completions that say how many objects are coming.
bool isIndexerOrListEvent(const TraceEvent &e)
{
    return isIndexerEvent(e) || e.kind == TraceKind::ListCompleted;
}
} // namespace

IndexerModel::IndexerModel(JournalSource source, QObject *parent)
    : KeyedRowsModel(parent),
      m_batcher(new EventBatcher(
          source, [this](const EventBatch &ev) { fold(ev); }, isIndexerOrListEvent, this))
{
    m_batcher->replayHistory();
}

IndexerModel::~IndexerModel() = default;

void IndexerModel::foldUpTo(quint64 seq)
{
    m_batcher->setFrozen(true);
    m_upTo = seq;
    rebuildRows([this, seq] { m_batcher->replayHistory(seq); });
    m_batcher->setFrozen(seq != 0);
}

void IndexerModel::flush()
{
    m_batcher->flushNow();
}

void IndexerModel::fold(const EventBatch &events)
{
    QList<Change> changes;
    changes.reserve(qsizetype(events.size()));
    for (const TraceEvent &e : events) {
        if (e.kind == TraceKind::ListCompleted) {
            // Room for the listed objects' rows at once (no rehash of 131 072 keys mid-fold).
            reserveRows(qsizetype(e.detail.value(QLatin1String("items")).toInteger()));
            continue;
        }
        changes.append(
            Change{e.kind == TraceKind::IndexerDeleted, e.key, e.object, {}, e.seq, e.t});
    }
    applyChanges(changes);
}

Object IndexerModel::objectAt(int row) const
{
    return row >= 0 && row < rowCount() ? rowAt(row).object : Object();
}

QString IndexerModel::labelsText(const Object &o)
{
    QStringList parts;
    const auto labels = o.labels();
    for (auto it = labels.cbegin(); it != labels.cend(); ++it)
        parts << it.key() + QLatin1Char('=') + it.value();
    return parts.join(QLatin1Char(','));
}

QString IndexerModel::phaseOf(const Object &o)
{
    return o.phase();
}

bool IndexerModel::showsText(const Object &o, const QString &needle)
{
    if (needle.isEmpty())
        return true;
    const auto has = [&needle](const QString &text) {
        return text.contains(needle, Qt::CaseInsensitive);
    };
    if (has(o.namespace_()) || has(o.name()) || has(o.resourceVersion()) || has(phaseOf(o)))
        return true;
    // Labels: a needle without the joining characters is found in one key or value.
    if (needle.contains(QLatin1Char('=')) || needle.contains(QLatin1Char(','))) {
        if (has(labelsText(o)))
            return true;
    } else {
        const auto labels = o.labels();
        for (auto it = labels.cbegin(); it != labels.cend(); ++it)
            if (has(it.key()) || has(it.value()))
                return true;
    }
    return has(QLocale::c().toString(qlonglong(o.byteSize())));
}

int IndexerModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant IndexerModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = rowAt(index.row());
    const Object &o = r.object;
    switch (role) {
    case Qt::DisplayRole:
    case SortRole:
        switch (index.column()) {
        case NamespaceColumn:
            return o.namespace_();
        case NameColumn:
            return o.name();
        case ResourceVersionColumn: {
            if (role == SortRole) {
                bool ok = false;
                const qlonglong v = o.resourceVersion().toLongLong(&ok);
                if (ok)
                    return v;
            }
            return o.resourceVersion();
        }
        case LabelsColumn:
            return labelsText(o);
        case PhaseColumn:
            return phaseOf(o);
        case SizeColumn:
            if (role == SortRole)
                return qlonglong(o.byteSize());
            return QLocale::c().toString(qlonglong(o.byteSize()));
        }
        break;
    case Qt::ToolTipRole:
        return r.key;
    case Qt::TextAlignmentRole:
        if (index.column() == ResourceVersionColumn || index.column() == SizeColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case KeyRole:
        return r.key;
    case SeqRole:
        return r.seq;
    }
    return {};
}

QVariant IndexerModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return KeyedRowsModel::headerData(section, o, role);
    switch (section) {
    case NamespaceColumn:
        return tr("Namespace");
    case NameColumn:
        return tr("Name");
    case ResourceVersionColumn:
        return tr("RV");
    case LabelsColumn:
        return tr("Labels");
    case PhaseColumn:
        return tr("Phase");
    case SizeColumn:
        return tr("Bytes");
    }
    return {};
}

QHash<int, QByteArray> IndexerModel::roleNames() const
{
    auto names = KeyedRowsModel::roleNames();
    names.insert(KeyRole, "key");
    names.insert(SortRole, "sortValue");
    names.insert(SeqRole, "seq");
    return names;
}

} // namespace lens
