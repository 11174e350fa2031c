// SPDX-License-Identifier: Apache-2.0
#include "handlersmodel.h"

#include "eventbatcher.h"
#include "format.h"
#include "trace/journal.h"

#include <algorithm>
#include <iterator>

namespace lens {

namespace {
constexpr size_t kLatencyWindow = 1024;

bool isNotification(const TraceEvent &e)
{
    return e.kind == TraceKind::HandlerNotified;
}

/// What HandlersModel folds: notifications, and each listener's registration, removal and
/// resync changes (so a handler has its row before its first notification).
bool isListenerEvent(const TraceEvent &e)
{
    return isNotification(e) || e.kind == TraceKind::HandlerAdded ||
           e.kind == TraceKind::HandlerRemoved || e.kind == TraceKind::HandlerResyncChanged;
}

QString handlerOf(const TraceEvent &e)
{
    return e.detail.value(QLatin1String("handler")).toString();
}
} // namespace

NotificationKind notificationKindOf(const TraceEvent &e)
{
    const QString &t = e.type;
    if (t.startsWith(QLatin1String("add")))
        return e.detail.value(QLatin1String("isInInitialList")).toBool()
                   ? NotificationKind::AddInitialList
                   : NotificationKind::Add;
    if (t.startsWith(QLatin1String("update")))
        return t.contains(QLatin1String("resync")) ? NotificationKind::ResyncUpdate
                                                   : NotificationKind::Update;
    return t.contains(QLatin1String("tombstone")) ? NotificationKind::TombstoneDelete
                                                  : NotificationKind::Delete;
}

QString notificationKindName(NotificationKind k)
{
    switch (k) {
    case NotificationKind::Add:
        return HandlersModel::tr("add");
    case NotificationKind::AddInitialList:
        return HandlersModel::tr("add (initial list)");
    case NotificationKind::Update:
        return HandlersModel::tr("update");
    case NotificationKind::ResyncUpdate:
        return HandlersModel::tr("update (resync)");
    case NotificationKind::Delete:
        return HandlersModel::tr("delete");
    case NotificationKind::TombstoneDelete:
        return HandlersModel::tr("delete (tombstone)");
    }
    return {};
}

QString notificationName(const TraceEvent &e)
{
    return notificationKindName(notificationKindOf(e));
}

// ---------------------------------------------------------------------------------------------

HandlersModel::HandlersModel(JournalSource source, QObject *parent)
    : QAbstractTableModel(parent),
      m_batcher(new EventBatcher(
          source, [this](const EventBatch &ev) { fold(ev); }, isListenerEvent, this))
{
    m_batcher->replayHistory();
}

HandlersModel::~HandlersModel() = default;

void HandlersModel::flush()
{
    m_batcher->flushNow();
}

void HandlersModel::foldUpTo(quint64 seq)
{
    m_batcher->setFrozen(true);
    beginResetModel();
    m_rows.clear();
    m_rowOf.clear();
    m_upTo = seq;
    endResetModel();
    // Rows arrive with ordinary inserts after the (empty) reset; the handful of listeners makes
    // that cheap and keeps the views' selection logic uniform.
    m_batcher->replayHistory(seq);
    m_batcher->setFrozen(seq != 0);
    Q_EMIT statsChanged();
}

void HandlersModel::fold(const EventBatch &events)
{
    QList<int> touched;
    std::vector<Listener> fresh;
    QHash<QString, int> freshIndex;
    for (const TraceEvent &e : events) {
        const QString name = handlerOf(e);
        Listener *l = nullptr;
        if (auto it = m_rowOf.constFind(name); it != m_rowOf.constEnd()) {
            l = &m_rows[size_t(*it)];
            if (!touched.contains(*it))
                touched << *it;
        } else if (auto f = freshIndex.constFind(name); f != freshIndex.constEnd()) {
            l = &fresh[size_t(*f)];
        } else {
            freshIndex.insert(name, int(fresh.size()));
            fresh.emplace_back();
            l = &fresh.back();
            l->stats.name = name;
        }
        Stats &s = l->stats;
        if (e.kind == TraceKind::HandlerAdded || e.kind == TraceKind::HandlerResyncChanged) {
            s.removed = false;
            s.resyncPeriodMs = e.detail.value(QLatin1String("resyncPeriodMs")).toInteger();
            continue;
        }
        if (e.kind == TraceKind::HandlerRemoved) {
            s.removed = true;
            s.backlog = 0;
            continue;
        }
        ++s.delivered;
        s.backlog = int(e.detail.value(QLatin1String("backlog")).toInteger());
        s.maxBacklog = qMax(s.maxBacklog, s.backlog);
        const qint64 latency = e.detail.value(QLatin1String("latencyMs")).toInteger();
        s.latencyMaxMs = qMax(s.latencyMaxMs, latency);
        l->recentLatencies.push_back(latency);
        if (l->recentLatencies.size() > kLatencyWindow)
            l->recentLatencies.pop_front();
        ++s.byKind[int(notificationKindOf(e))];
        s.lastKey = e.key;
        s.lastType = notificationName(e);
        s.lastResourceVersion = e.resourceVersion;
        s.lastT = e.t;
        s.lastSeq = e.seq;
    }
    auto median = [](Listener &l) {
        std::vector<qint64> v(l.recentLatencies.begin(), l.recentLatencies.end());
        if (v.empty())
            return;
        auto mid = v.begin() + qsizetype(v.size() / 2);
        std::nth_element(v.begin(), mid, v.end());
        l.stats.latencyP50Ms = *mid;
    };
    for (int r : std::as_const(touched))
        median(m_rows[size_t(r)]);
    if (!touched.isEmpty()) {
        const auto [lo, hi] = std::minmax_element(touched.cbegin(), touched.cend());
        Q_EMIT dataChanged(index(*lo, 0), index(*hi, ColumnCount - 1));
    }
    if (!fresh.empty()) {
        const int first = int(m_rows.size());
        beginInsertRows({}, first, first + int(fresh.size()) - 1);
        for (Listener &l : fresh) {
            median(l);
            m_rowOf.insert(l.stats.name, int(m_rows.size()));
            m_rows.push_back(std::move(l));
        }
        endInsertRows();
    }
    if (!touched.isEmpty() || !fresh.empty())
        Q_EMIT statsChanged();
}

int HandlersModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int HandlersModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QStringList HandlersModel::handlers() const
{
    QStringList out;
    for (const Listener &l : m_rows)
        out << l.stats.name;
    return out;
}

int HandlersModel::rowOfHandler(const QString &handler) const
{
    return m_rowOf.value(handler, -1);
}

HandlersModel::Stats HandlersModel::statsAt(int row) const
{
    return row >= 0 && size_t(row) < m_rows.size() ? m_rows[size_t(row)].stats : Stats();
}

QVariant HandlersModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Stats &s = m_rows[size_t(index.row())].stats;
    switch (role) {
    case Qt::DisplayRole:
    case SortRole:
        switch (index.column()) {
        case NameColumn:
            return s.name;
        case DeliveredColumn:
            return s.delivered;
        case BacklogColumn:
            return s.backlog;
        case MaxBacklogColumn:
            return s.maxBacklog;
        case LatencyP50Column:
            return s.latencyP50Ms;
        case LatencyMaxColumn:
            return s.latencyMaxMs;
        case LastColumn: {
            if (role == SortRole)
                return s.lastSeq;
            const QString removed = s.removed ? tr("removed") : QString();
            if (s.lastT < 0)
                return removed;
            const QString last =
                tr("%1 %2@%3 at %4")
                    .arg(s.lastType, s.lastKey, s.lastResourceVersion, formatTimeMs(s.lastT));
            return removed.isEmpty() ? last : removed + QStringLiteral(" \u00B7 ") + last;
        }
        }
        break;
    case Qt::ToolTipRole: {
        auto n = [&s](NotificationKind k) { return s.byKind.value(int(k)); };
        const QString settings = m_settings.value(s.name);
        return (settings.isEmpty() ? QString()
                                   : s.name + QStringLiteral(": ") + settings + QLatin1Char('\n')) +
               tr("%1: %2 notifications delivered\n"
                  "add: %3 (of which %4 from the initial list)\n"
                  "update: %5 (of which %6 from resync)\n"
                  "delete: %7 (of which %8 DeletedFinalStateUnknown tombstones)\n"
                  "backlog now %9, at most %10 (pendingNotifications)")
                   .arg(s.name)
                   .arg(s.delivered)
                   .arg(n(NotificationKind::Add) + n(NotificationKind::AddInitialList))
                   .arg(n(NotificationKind::AddInitialList))
                   .arg(n(NotificationKind::Update) + n(NotificationKind::ResyncUpdate))
                   .arg(n(NotificationKind::ResyncUpdate))
                   .arg(n(NotificationKind::Delete) + n(NotificationKind::TombstoneDelete))
                   .arg(n(NotificationKind::TombstoneDelete))
                   .arg(s.backlog)
                   .arg(s.maxBacklog);
    }
    case Qt::TextAlignmentRole:
        if (index.column() != NameColumn && index.column() != LastColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case HandlerRole:
        return s.name;
    case BacklogRole:
        return s.backlog;
    }
    return {};
}

void HandlersModel::setHandlerSettings(const QString &handler, const QString &settings)
{
    m_settings.insert(handler, settings);
    const int row = rowOfHandler(handler);
    if (row >= 0)
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1), {Qt::ToolTipRole});
}

QVariant HandlersModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, o, role);
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case BacklogColumn:
            return tr("Notifications waiting in the listener's buffer after the newest delivery");
        case LatencyP50Column:
            return tr("Median time from queued to the listener until its handler ran (newest "
                      "1024)");
        case LatencyMaxColumn:
            return tr("Longest time from queued to handled");
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Handler");
    case DeliveredColumn:
        return tr("Delivered");
    case BacklogColumn:
        return tr("Backlog");
    case MaxBacklogColumn:
        return tr("Max");
    case LatencyP50Column:
        return tr("p50 ms");
    case LatencyMaxColumn:
        return tr("max ms");
    case LastColumn:
        return tr("Last notification");
    }
    return {};
}

// ---------------------------------------------------------------------------------------------

HandlerNotificationsModel::HandlerNotificationsModel(JournalSource source, int rowCap,
                                                     QObject *parent)
    : CappedRowsModel(rowCap, parent),
      m_batcher(new EventBatcher(
          source, [this](const EventBatch &ev) { append(ev); }, isNotification, this))
{
}

HandlerNotificationsModel::~HandlerNotificationsModel() = default;

void HandlerNotificationsModel::setHandler(const QString &handler)
{
    if (handler == m_handler)
        return;
    m_handler = handler;
    rebuild();
    Q_EMIT handlerChanged(handler);
}

void HandlerNotificationsModel::foldUpTo(quint64 seq)
{
    m_upTo = seq;
    rebuild();
}

void HandlerNotificationsModel::rebuild()
{
    m_batcher->setFrozen(true);
    beginResetModel();
    m_rows.clear();
    m_dropped = 0;
    endResetModel();
    if (!m_handler.isEmpty())
        m_batcher->replayHistory(m_upTo);
    m_batcher->setFrozen(m_upTo != 0);
}

void HandlerNotificationsModel::flush()
{
    m_batcher->flushNow();
}

void HandlerNotificationsModel::append(const EventBatch &events)
{
    std::vector<Row> fresh;
    for (const TraceEvent &e : events) {
        if (m_handler.isEmpty() || handlerOf(e) != m_handler)
            continue;
        Row r;
        r.seq = e.seq;
        r.t = e.t;
        r.kind = notificationKindOf(e);
        r.key = e.key;
        r.resourceVersion = e.resourceVersion;
        r.oldResourceVersion = e.detail.value(QLatin1String("oldResourceVersion")).toString();
        r.latencyMs = e.detail.value(QLatin1String("latencyMs")).toInteger();
        r.backlog = int(e.detail.value(QLatin1String("backlog")).toInteger());
        fresh.push_back(std::move(r));
    }
    appendRows(std::make_move_iterator(fresh.begin()), std::make_move_iterator(fresh.end()));
}

int HandlerNotificationsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HandlerNotificationsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeqColumn:
            return r.seq;
        case TimeColumn:
            return formatTimeMs(r.t);
        case KindColumn:
            return notificationKindName(r.kind);
        case KeyColumn:
            return r.key;
        case ResourceVersionColumn:
            return r.oldResourceVersion.isEmpty() || r.oldResourceVersion == r.resourceVersion
                       ? r.resourceVersion
                       : r.oldResourceVersion + QStringLiteral(" \u2192 ") + r.resourceVersion;
        case LatencyColumn:
            return r.latencyMs;
        case BacklogColumn:
            return r.backlog;
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == TimeColumn) {
            const Journal *journal = m_batcher->journal();
            return formatTimeTooltip(r.t, journal ? journal->wallClockOrigin() : QDateTime());
        }
        switch (r.kind) {
        case NotificationKind::AddInitialList:
            return tr("OnAdd(obj, isInInitialList=true): the object was in the informer's first "
                      "LIST, delivered before HasSynced");
        case NotificationKind::Add:
            return tr("OnAdd(obj, isInInitialList=false): a watch event or a relist brought a "
                      "key the indexer did not have");
        case NotificationKind::Update:
            return tr("OnUpdate(old, new): the object changed (RV %1 \u2192 %2)")
                .arg(r.oldResourceVersion, r.resourceVersion);
        case NotificationKind::ResyncUpdate:
            return tr("OnUpdate(old, new) from a resync: the indexer's copy was re-delivered "
                      "unchanged because this handler's resync period was due");
        case NotificationKind::Delete:
            return tr("OnDelete(obj): a DELETED watch event; obj is the last state");
        case NotificationKind::TombstoneDelete:
            return tr("OnDelete(DeletedFinalStateUnknown): the delete was missed (e.g. during a "
                      "410 Gone) and found by the relist; obj may be stale");
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == SeqColumn || index.column() == LatencyColumn ||
            index.column() == BacklogColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case KindRole:
        return int(r.kind);
    case KeyRole:
        return r.key;
    case SeqRole:
        return r.seq;
    }
    return {};
}

QVariant HandlerNotificationsModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case SeqColumn:
        return tr("Seq");
    case TimeColumn:
        return tr("Time");
    case KindColumn:
        return tr("Notification");
    case KeyColumn:
        return tr("Key");
    case ResourceVersionColumn:
        return tr("RV");
    case LatencyColumn:
        return tr("ms");
    case BacklogColumn:
        return tr("Backlog");
    }
    return {};
}

} // namespace lens
