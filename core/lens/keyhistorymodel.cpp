// SPDX-License-Identifier: Apache-2.0
#include "keyhistorymodel.h"

#include "api/objectmemory.h"

#include "eventbatcher.h"
#include "format.h"
#include "handlersmodel.h"
#include "objectdiff.h"
#include "trace/journal.h"

#include <algorithm>

namespace lens {

qint64 KeyHistoryModel::memoryBytes() const
{
    qint64 n = CappedRowsModel::memoryBytes();
    for (const KeyHistoryEntry &e : m_rows)
        n += ObjectMemory::stringBytes(e.detail.size()) +
             ObjectMemory::stringBytes(e.tooltip.size()) +
             ObjectMemory::stringBytes(e.resource.size()) +
             e.chips.size() * qint64(sizeof(DeltaChip));
    return n;
}

KeyHistoryModel::KeyHistoryModel(JournalSource source, QObject *parent, int rowCap)
    : CappedRowsModel(rowCap, parent), m_source(source),
      // Every informer's events: a loop's watch event comes through another informer.
      m_batcher(new EventBatcher(
          JournalSource(source.journal), [this](const EventBatch &ev) { append(ev); },
          [this](const TraceEvent &e) {
              return !m_key.isEmpty() &&
                     ((e.key == m_key && m_source.accepts(e)) || ControllerLoop::mayLink(e));
          },
          this))
{
}

KeyHistoryModel::~KeyHistoryModel() = default;

void KeyHistoryModel::flush()
{
    m_batcher->flushNow();
}

void KeyHistoryModel::setKey(const QString &key)
{
    if (key == m_key)
        return;
    m_batcher->flushNow(); // drop nothing of the old key's pending events into the new one
    beginResetModel();
    m_key = key;
    rebuild();
    endResetModel();
    Q_EMIT keyChanged(key);
}

void KeyHistoryModel::foldUpTo(quint64 seq)
{
    m_batcher->setFrozen(true); // what is pending is after `seq` or folded again below
    m_upTo = seq;
    beginResetModel();
    rebuild();
    endResetModel();
    m_batcher->setFrozen(seq != 0);
}

void KeyHistoryModel::rebuild()
{
    m_rows.clear();
    m_dropped = 0;
    m_linkedRows = 0;
    m_prevWatchObject = {};
    m_prevIndexerObject = {};
    m_lastObject = {};
    m_lastObjectGone = false;
    m_deletion = {};
    m_loop.reset(m_key, m_source.informer);
    if (m_key.isEmpty())
        return;
    // Rebuild from the retained history without per-chunk signals: we are inside a reset.
    m_rebuilding = true;
    if (Journal *j = m_batcher->journal()) {
        for (const TraceEvent &e : j->events()) {
            if (m_upTo > 0 && e.seq > m_upTo)
                break;
            if (!m_batcher->accepts(e) || !belongs(e))
                continue;
            m_rows.push_back(makeEntry(e));
            if (e.kind == TraceKind::ApiRequestFinished)
                markAnswered(e);
            if (m_rows.size() > size_t(rowCap())) {
                m_rows.pop_front();
                ++m_dropped;
            }
        }
    }
    m_rebuilding = false;
}

bool KeyHistoryModel::belongs(const TraceEvent &e)
{
    if (e.key == m_key && m_source.accepts(e)) {
        m_loop.own(e);
        if (ControllerLoop::mayLink(e))
            m_loop.take(e); // an API request about the key itself may create an object
        return true;
    }
    return m_loop.take(e);
}

void KeyHistoryModel::markAnswered(const TraceEvent &answer)
{
    const QString created = answer.detail.value(QLatin1String("objectKey")).toString();
    const QString rv = m_loop.answerOf(created);
    if (rv.isEmpty())
        return;
    for (size_t i = m_rows.size(); i-- > 0;) {
        Entry &r = m_rows[i];
        if (r.kind != TraceKind::WatchEvent || r.key != created || r.resourceVersion != rv)
            continue;
        TraceEvent w;
        w.kind = r.kind;
        w.key = r.key;
        w.type = r.type;
        w.informer = r.informer;
        w.resourceVersion = r.resourceVersion;
        r.detail = m_loop.line(w);
        if (!m_rebuilding)
            Q_EMIT dataChanged(index(int(i), DetailColumn), index(int(i), DetailColumn));
        return;
    }
}

KeyHistoryModel::Entry KeyHistoryModel::makeEntry(const TraceEvent &e)
{
    Entry r;
    r.seq = e.seq;
    r.t = e.t;
    r.kind = e.kind;
    r.component = e.component;
    r.type = e.type;
    r.resourceVersion = e.resourceVersion;
    const bool own = e.key == m_key && m_source.accepts(e);
    r.resource = resourceOf(e, own, m_source.informer);
    if (!own) {
        // A row of the controller's loop around the key.
        ++m_linkedRows;
        r.key = e.key;
        r.informer = e.informer;
        r.detail = m_loop.line(e);
        r.tooltip = tr("key %1: %2").arg(e.key, r.detail);
        return r;
    }
    if (ControllerLoop::mayLink(e) && e.kind != TraceKind::WatchEvent) {
        r.detail = m_loop.line(e);
        return r;
    }
    if (!e.object.isNull()) {
        m_lastObject = e.object;
        m_lastObjectGone = e.kind == TraceKind::IndexerDeleted ||
                           (e.kind == TraceKind::WatchEvent && e.type == QLatin1String("DELETED"));
    } else if (!e.deltas.isEmpty() && !e.deltas.constLast().object.isNull()) {
        m_lastObject = e.deltas.constLast().object;
        m_lastObjectGone = e.deltas.constLast().type == DeltaType::Deleted;
    }
    auto diffAgainst = [&](Object *prev) {
        QString text;
        if (!e.object.isNull()) {
            if (!prev->isNull()) {
                const QStringList lines = objectDiff(prev->json(), e.object.json());
                text = lines.isEmpty() ? tr("no field changed") : lines.join(QStringLiteral("; "));
                r.tooltip = lines.join(QLatin1Char('\n'));
            }
            *prev = e.object;
        }
        return text;
    };
    switch (e.kind) {
    case TraceKind::WatchEvent:
        r.detail = diffAgainst(&m_prevWatchObject);
        if (e.type == QLatin1String("DELETED"))
            m_prevWatchObject = {};
        break;
    case TraceKind::FifoQueued:
        r.chips = chipsFromDeltas(e.deltas);
        r.detail = tr("%1 · queue depth %2")
                       .arg(summarizeDeltas(e.deltas, e.deltasOmitted()))
                       .arg(e.detail.value(QLatin1String("queueDepth")).toInteger());
        r.tooltip = describeDeltas(e.key, e.deltas, e.deltasOmitted());
        break;
    case TraceKind::FifoPopped:
        r.chips = chipsFromDeltas(e.deltas);
        r.detail =
            tr("popped %n delta(s)", nullptr, int(e.deltas.size())) +
            (e.detail.value(QLatin1String("isInInitialList")).toBool() ? tr(" · in initial list")
                                                                       : QString()) +
            tr(" · depth %1").arg(e.detail.value(QLatin1String("queueDepth")).toInteger());
        r.tooltip = describeDeltas(e.key, e.deltas);
        break;
    case TraceKind::IndexerAdded:
    case TraceKind::IndexerUpdated:
        m_deletion = {};
        r.detail = diffAgainst(&m_prevIndexerObject);
        if (r.detail.isEmpty())
            r.detail = formatDetail(e.detail);
        break;
    case TraceKind::IndexerDeleted:
        r.detail = e.type == QLatin1String("DeletedFinalStateUnknown")
                       ? tr("removed via tombstone (last state as the relist saw it)")
                       : tr("removed");
        m_prevIndexerObject = {};
        m_deletion = {e.seq, e.t, e.type == QLatin1String("DeletedFinalStateUnknown")};
        break;
    case TraceKind::HandlerNotified: {
        r.type = notificationName(e); // as the Handlers view names it
        QStringList bits;
        bits << e.detail.value(QLatin1String("handler")).toString();
        bits << tr("backlog %1").arg(e.detail.value(QLatin1String("backlog")).toInteger());
        bits << tr("%1 ms").arg(e.detail.value(QLatin1String("latencyMs")).toInteger());
        if (e.detail.value(QLatin1String("isInInitialList")).toBool())
            bits << tr("in initial list");
        r.detail = bits.join(QStringLiteral(" · "));
        break;
    }
    default:
        r.detail = formatDetail(e.detail);
        break;
    }
    return r;
}

KeyHistoryModel::KeyMatch KeyHistoryModel::matchKey(const QString &typed) const
{
    KeyMatch m;
    const QString part = typed.trimmed();
    if (part.isEmpty())
        return m;
    const QStringList keys = knownKeys();
    QStringList sameInAnyCase, byName;
    for (const QString &k : keys) {
        if (!k.contains(part, Qt::CaseInsensitive))
            continue;
        m.candidates << k;
        if (k.compare(part, Qt::CaseInsensitive) == 0)
            sameInAnyCase << k;
        const QString name = k.mid(k.lastIndexOf(QLatin1Char('/')) + 1);
        if (name.compare(part, Qt::CaseInsensitive) == 0)
            byName << k;
    }
    if (keys.contains(part))
        m.key = part;
    else if (sameInAnyCase.size() == 1)
        m.key = sameInAnyCase.first();
    else if (byName.size() == 1)
        m.key = byName.first();
    else if (m.candidates.size() == 1)
        m.key = m.candidates.first();
    return m;
}

QString KeyHistoryModel::resourceOf(const TraceEvent &e, bool own, const QString &informer)
{
    const auto str = [&e](const char *field) {
        return e.detail.value(QLatin1String(field)).toVariant().toString();
    };
    switch (e.kind) {
    case TraceKind::WatchEvent:
    case TraceKind::FifoQueued:
    case TraceKind::FifoPopped:
    case TraceKind::IndexerAdded:
    case TraceKind::IndexerUpdated:
    case TraceKind::IndexerDeleted:
    case TraceKind::HandlerNotified:
        if (own)
            return informer;
        // Another object, through its own informer (a PV the claim's create wrote).
        return e.informer.isEmpty() ? e.key : e.informer + QLatin1Char(' ') + e.key;
    case TraceKind::ProvisionerCalled:
    case TraceKind::ProvisionerReturned:
        return tr("provisioner");
    case TraceKind::ReconcileStarted:
    case TraceKind::ReconcileFinished:
        // controller-runtime's reconcile of the key: the controller that ran it (its queue's
        // rows, priorityQueue…, say "<controller> queue").
        if (const QString controller = str("controller"); !controller.isEmpty())
            return tr("%1 controller").arg(controller);
        break;
    case TraceKind::ApiRequestSent:
    case TraceKind::ApiRequestFinished: {
        // /api/v1/[namespaces/NS/]RESOURCE[/NAME], /apis/GROUP/VERSION/…: the resource and name.
        QStringList parts = str("path").split(QLatin1Char('/'), Qt::SkipEmptyParts);
        if (!parts.isEmpty())
            parts.remove(
                0, qMin<qsizetype>(parts.size(), parts.first() == QLatin1String("apis") ? 3 : 2));
        if (parts.size() > 2 && parts.first() == QLatin1String("namespaces"))
            parts.remove(0, 2);
        return parts.mid(0, 2).join(QLatin1Char(' '));
    }
    default:
        break;
    }
    if (const QString queue = str("queue"); !queue.isEmpty())
        return tr("%1 queue").arg(queue);
    return own ? informer : e.informer;
}

QStringList KeyHistoryModel::knownKeys() const
{
    if (Journal *j = m_batcher->journal()) {
        const JournalSource &source = m_source; // every key, not only m_key
        const auto &all = j->events();
        auto it = std::upper_bound(all.begin(), all.end(), m_keysSeq,
                                   [](quint64 s, const TraceEvent &e) { return s < e.seq; });
        for (; it != all.end(); ++it) {
            m_keysSeq = it->seq;
            if (!it->key.isEmpty() && source.accepts(*it))
                m_knownKeys.insert(it->key);
        }
    }
    QStringList keys(m_knownKeys.begin(), m_knownKeys.end());
    keys.sort();
    return keys;
}

void KeyHistoryModel::append(const EventBatch &events)
{
    if (events.empty())
        return;
    std::vector<Entry> fresh;
    std::vector<const TraceEvent *> answers;
    for (const TraceEvent &e : events) {
        if (!belongs(e))
            continue;
        fresh.push_back(makeEntry(e));
        if (e.kind == TraceKind::ApiRequestFinished)
            answers.push_back(&e);
    }
    appendRows(std::make_move_iterator(fresh.begin()), std::make_move_iterator(fresh.end()));
    for (const TraceEvent *a : answers)
        markAnswered(*a);
}

int KeyHistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KeyHistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry &r = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeqColumn:
            return r.seq;
        case TimeColumn:
            return formatTimeMs(r.t);
        case ResourceColumn:
            return r.resource;
        case KindColumn:
            return traceKindName(r.kind);
        case TypeColumn:
            return r.type;
        case ResourceVersionColumn:
            return r.resourceVersion;
        case DetailColumn:
            return r.detail;
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == TimeColumn) {
            const Journal *journal = m_batcher->journal();
            return formatTimeTooltip(r.t, journal ? journal->wallClockOrigin() : QDateTime());
        }
        return r.tooltip.isEmpty() ? r.detail : r.tooltip;
    case Qt::TextAlignmentRole:
        if (index.column() == SeqColumn || index.column() == TimeColumn ||
            index.column() == ResourceVersionColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case DeltaChipsRole:
        if (index.column() == TypeColumn && !r.chips.isEmpty())
            return QVariant::fromValue(r.chips);
        break;
    case KindRole:
        return int(r.kind);
    case SeqRole:
        return r.seq;
    case KeyRole:
        return r.key;
    }
    return {};
}

QVariant KeyHistoryModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o == Qt::Horizontal && role == Qt::ToolTipRole && section == ResourceColumn)
        return tr("Whose row it is: the selected key's own rows name its informer's resource; "
                  "a controller's loop adds rows of its queue, the provisioner, its API "
                  "requests and the objects its writes created (e.g. a claim's PV)");
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case SeqColumn:
        return tr("Seq");
    case TimeColumn:
        return tr("Time");
    case ResourceColumn:
        return tr("Resource");
    case KindColumn:
        return tr("Event");
    case TypeColumn:
        return tr("Type / Deltas");
    case ResourceVersionColumn:
        return tr("RV");
    case DetailColumn:
        return tr("Detail");
    }
    return {};
}

} // namespace lens
