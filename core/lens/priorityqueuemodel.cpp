// SPDX-License-Identifier: Apache-2.0
#include "priorityqueuemodel.h"

#include "journaltext.h"

#include <algorithm>
#include <cmath>

namespace lens {

namespace {
/// Seconds with one decimal below a minute ("4.2 s"), whole seconds above ("95 s").
QString seconds(qint64 ms)
{
    const double s = double(ms) / 1000.0;
    return std::abs(s) < 60 ? PriorityQueueModel::tr("%1 s").arg(s, 0, 'f', 1)
                            : PriorityQueueModel::tr("%1 s").arg(qRound64(s));
}

/// Lane rows carry internalId 0; an entry row carries its lane's index + 1.
constexpr quintptr laneId = 0;
} // namespace

PriorityQueueModel::PriorityQueueModel(JournalSource source, QObject *parent)
    : QAbstractItemModel(parent),
      m_batcher(new EventBatcher(
          source, [this](const EventBatch &ev) { fold(ev); },
          [](const TraceEvent &e) { return PriorityQueueStates::folds(e); }, this))
{
    m_batcher->replayHistory();
    m_lanes = computeLanes();
    m_nowMs = m_states.lastEventMs();
}

PriorityQueueModel::~PriorityQueueModel() = default;

void PriorityQueueModel::setQueue(const QString &name)
{
    if (name == m_queue)
        return;
    m_queue = name;
    rebuild();
    Q_EMIT changed();
}

QString PriorityQueueModel::queue() const
{
    if (!m_queue.isEmpty())
        return m_queue;
    // The first name a queue event gave, else the first controller named.
    const QStringList names = m_states.names();
    for (const QString &n : names)
        if (m_states.queue(n)->hasQueue)
            return n;
    return names.isEmpty() ? QString() : names.first();
}

void PriorityQueueModel::setNowMs(qint64 ms)
{
    if (ms == m_nowMs)
        return;
    m_nowMs = ms;
    for (int l = 0; l < m_lanes.size(); ++l)
        if (!m_lanes[l].keys.isEmpty())
            Q_EMIT dataChanged(index(0, ReadyForColumn, index(l, 0)),
                               index(int(m_lanes[l].keys.size()) - 1, ReadyForColumn, index(l, 0)));
    Q_EMIT changed();
}

void PriorityQueueModel::flush()
{
    m_batcher->flushNow();
}

void PriorityQueueModel::foldUpTo(quint64 seq)
{
    m_batcher->setFrozen(true);
    m_upTo = seq;
    m_states.clear();
    m_batcher->replayHistory(seq);
    rebuild();
    m_batcher->setFrozen(seq != 0);
    m_nowMs = m_states.lastEventMs();
    Q_EMIT queuesChanged();
    Q_EMIT changed();
}

void PriorityQueueModel::fold(const EventBatch &events)
{
    const qsizetype queues = m_states.names().size();
    for (const TraceEvent &e : events)
        m_states.apply(e);
    if (m_batcher->isFrozen() || m_upTo != 0)
        return; // foldUpTo() rebuilds once after replaying
    m_nowMs = qMax(m_nowMs, m_states.lastEventMs());
    rebuild();
    if (m_states.names().size() != queues)
        Q_EMIT queuesChanged();
    Q_EMIT changed();
}

void PriorityQueueModel::rebuild()
{
    beginResetModel();
    m_lanes = computeLanes();
    endResetModel();
}

QList<PriorityQueueModel::Lane> PriorityQueueModel::computeLanes() const
{
    QList<Lane> lanes;
    const PriorityQueueState *s = state();
    if (!s || !s->hasQueue)
        return lanes;
    for (int p : s->priorities)
        lanes.append(Lane{false, p, {}});
    for (const PriorityQueueState::Entry *en : s->readyInOrder()) {
        auto lane = std::find_if(lanes.begin(), lanes.end(),
                                 [&](const Lane &l) { return l.priority == en->priority; });
        if (lane != lanes.end())
            lane->keys << en->key;
    }
    Lane waiting{true, 0, {}};
    for (const PriorityQueueState::Entry *en : s->waitingInOrder())
        waiting.keys << en->key;
    if (!waiting.keys.isEmpty())
        lanes.append(waiting);
    return lanes;
}

const PriorityQueueState::Entry *PriorityQueueModel::entryAt(const QModelIndex &index) const
{
    if (!index.isValid() || index.internalId() == laneId)
        return nullptr;
    const Lane &lane = m_lanes.at(qsizetype(index.internalId() - 1));
    const PriorityQueueState *s = state();
    const auto it = s->entries.constFind(lane.keys.at(index.row()));
    return it == s->entries.cend() ? nullptr : &*it;
}

QString PriorityQueueModel::causeText(const PriorityQueueState::Cause &c) const
{
    using K = PriorityQueueState::Cause::Kind;
    QString what;
    switch (c.kind) {
    case K::Handler: {
        what = tr("%1: %2").arg(c.handler, JournalText::code(c.event));
        if (!c.oldResourceVersion.isEmpty() || !c.newResourceVersion.isEmpty())
            what += tr(" (RV %1 \u2192 %2)").arg(c.oldResourceVersion, c.newResourceVersion);
        else if (c.initialList && c.lowPriority.isEmpty())
            what += tr(" (initial list)");
        if (!c.lowPriority.isEmpty())
            what += tr(", low priority: %1").arg(JournalText::code(c.lowPriority));
        break;
    }
    case K::Requeue:
        what = tr("requeue by reconcileHandler (%1)").arg(JournalText::code(c.result));
        break;
    case K::Add:
        what = c.reason.isEmpty() ? tr("added") : c.reason;
        break;
    }
    if (c.delayMs > 0)
        what += tr(" after %1").arg(seconds(c.delayMs));
    const QString requested =
        c.requestedSet ? QString::number(c.requested) : tr("unset", "priority");
    return tr("%1 \u2192 priority %2 (asked %3)").arg(what).arg(c.priority).arg(requested);
}

QString PriorityQueueModel::whyText(const PriorityQueueState::Entry &en) const
{
    QString text = causeText(en.cause);
    if (en.timerSeq != 0)
        text += tr(" \u00B7 ready by timer (%1 late)").arg(seconds(en.lateMs));
    for (const PriorityQueueState::Cause &m : en.merges)
        if (m.merge == QLatin1String("raised"))
            text += tr(" \u00B7 raised: %1").arg(causeText(m));
    const int kept = int(std::count_if(en.merges.begin(), en.merges.end(), [](const auto &m) {
        return m.merge != QLatin1String("raised");
    }));
    if (kept > 0)
        text += tr(" \u00B7 %n later add(s) merged without a change", nullptr, kept);
    return text;
}

QString PriorityQueueModel::passedOverText(const PriorityQueueState::Entry &en) const
{
    const PriorityQueueState *s = state();
    const bool never = s && s->keys.value(en.key).handedOut == 0;
    if (en.passedOver == 0)
        return never && en.ready ? tr("never handed out") : QString();
    // Group the takers by the priority they were handed out at, highest first.
    QList<int> prios;
    for (const auto &t : en.takers)
        if (!prios.contains(t.priority))
            prios << t.priority;
    std::sort(prios.begin(), prios.end(), std::greater<int>());
    QStringList groups;
    for (int p : std::as_const(prios)) {
        QStringList who;
        for (const auto &t : en.takers)
            if (t.priority == p)
                who << tr("%1 \u00D7%2").arg(t.key).arg(t.count);
        groups << tr("%1 at priority %2").arg(who.join(QStringLiteral(", "))).arg(p);
    }
    if (en.otherTakes > 0)
        groups << tr("%n more", nullptr, en.otherTakes);
    QString text = tr("passed over %n time(s): %1", nullptr, en.passedOver)
                       .arg(groups.join(QStringLiteral("; ")));
    if (en.passedWhileLocked > 0)
        text += tr(" (%n while its key was held by a worker)", nullptr, en.passedWhileLocked);
    if (never)
        text += tr(" \u00B7 never handed out");
    return text;
}

QString PriorityQueueModel::ageText(const PriorityQueueState::Entry &en) const
{
    if (!en.ready)
        return tr("in %1").arg(seconds(qMax<qint64>(0, en.readyAtMs - m_nowMs)));
    return en.readySinceMs < 0 ? QString() : seconds(qMax<qint64>(0, m_nowMs - en.readySinceMs));
}

PriorityQueueModel::Capacity PriorityQueueModel::capacity() const
{
    Capacity c;
    const PriorityQueueState *s = state();
    if (!s)
        return c;
    c.workers = s->maxConcurrentReconciles;
    for (const auto &w : s->workers)
        c.busy += w.key.isEmpty() ? 0 : 1;
    if (s->reconcilesTotal > 0)
        c.meanReconcileMs = double(s->reconcileMsTotal) / s->reconcilesTotal;
    qint64 requeueSum = 0;
    for (const auto &k : s->keys)
        if (k.lastRequeueAfterMs > 0) {
            ++c.cyclingKeys;
            requeueSum += k.lastRequeueAfterMs;
        }
    if (c.cyclingKeys > 0)
        c.meanRequeueAfterMs = double(requeueSum) / c.cyclingKeys;
    if (c.workers > 0 && c.meanReconcileMs >= 0 && c.meanRequeueAfterMs > 0)
        c.ratio = c.cyclingKeys * c.meanReconcileMs / (c.workers * c.meanRequeueAfterMs);
    return c;
}

QString PriorityQueueModel::capacityText() const
{
    const Capacity c = capacity();
    QStringList parts;
    if (c.workers > 0)
        parts << tr("workers busy %1 of %2").arg(c.busy).arg(c.workers);
    else if (c.busy > 0)
        parts << tr("workers busy %1").arg(c.busy);
    if (c.meanReconcileMs >= 0)
        parts << tr("mean reconcile %1").arg(seconds(qRound64(c.meanReconcileMs)));
    if (c.cyclingKeys > 0)
        parts << tr("%n key(s) requeued after %1", nullptr, c.cyclingKeys)
                     .arg(seconds(qRound64(c.meanRequeueAfterMs)));
    if (c.ratio >= 0)
        parts << tr("demand P \u00B7 c / (W \u00B7 T) = %1").arg(c.ratio, 0, 'f', 2);
    return parts.join(QStringLiteral(" \u00B7 "));
}

QString PriorityQueueModel::laneTitle(const Lane &l) const
{
    return l.waiting ? tr("waiting") : tr("priority %1").arg(l.priority);
}

QModelIndex PriorityQueueModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, laneId);
    return createIndex(row, column, quintptr(parent.row()) + 1);
}

QModelIndex PriorityQueueModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == laneId)
        return {};
    return createIndex(int(child.internalId() - 1), 0, laneId);
}

int PriorityQueueModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_lanes.size());
    if (parent.internalId() != laneId || parent.column() != 0)
        return 0;
    return int(m_lanes.at(parent.row()).keys.size());
}

int PriorityQueueModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant PriorityQueueModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() == laneId) {
        const Lane &l = m_lanes.at(index.row());
        switch (role) {
        case Qt::DisplayRole:
            if (index.column() == KeyColumn)
                return laneTitle(l);
            if (index.column() == PriorityColumn && !l.waiting)
                return l.priority;
            if (index.column() == ReadyForColumn)
                return tr("%n key(s)", nullptr, int(l.keys.size()));
            return {};
        case PriorityRole:
            return l.priority;
        case WaitingLaneRole:
            return l.waiting;
        default:
            return {};
        }
    }
    const PriorityQueueState::Entry *en = entryAt(index);
    if (!en)
        return {};
    const bool waiting = m_lanes.at(qsizetype(index.internalId() - 1)).waiting;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case KeyColumn: {
            const QString holder = state()->locked.value(en->key);
            return holder.isEmpty() ? en->key : tr("%1 (held by %2)").arg(en->key, holder);
        }
        case PriorityColumn:
            return en->priority;
        case ReadyForColumn:
            return ageText(*en);
        case WhyColumn:
            return whyText(*en);
        case PassedColumn:
            return passedOverText(*en);
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (index.column() == WhyColumn)
            return whyText(*en);
        if (index.column() == PassedColumn)
            return passedOverText(*en);
        return {};
    case KeyRole:
        return en->key;
    case PriorityRole:
        return en->priority;
    case WaitingLaneRole:
        return waiting;
    case PassedOverRole:
        return en->passedOver;
    case SeqRole:
        return en->timerSeq != 0 ? en->timerSeq : en->cause.seq;
    default:
        return {};
    }
}

QVariant PriorityQueueModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn:
        return tr("Key");
    case PriorityColumn:
        return tr("Priority");
    case ReadyForColumn:
        return tr("Ready for");
    case WhyColumn:
        return tr("Why it is queued");
    case PassedColumn:
        return tr("Passed over by");
    default:
        return {};
    }
}

} // namespace lens
