// SPDX-License-Identifier: Apache-2.0
#include "workqueuemodel.h"

#include "journaltext.h"
#include "trace/journal.h"

#include <QUuid>

#include <algorithm>
#include <cmath>

namespace lens {

namespace {
/// Seconds with one decimal below a minute ("4.2 s"), whole seconds above ("95 s").
QString seconds(qint64 ms)
{
    const double s = double(ms) / 1000.0;
    return std::abs(s) < 60 ? WorkqueueModel::tr("%1 s").arg(s, 0, 'f', 1)
                            : WorkqueueModel::tr("%1 s").arg(qRound64(s));
}
QString secondsValue(double s)
{
    return WorkqueueModel::tr("%1 s").arg(s, 0, 'g', 3);
}

/// A bucket bound of 1 ms or more: "1 ms", "10 ms", "100 ms", "1 s", "10 s".
QString boundText(double seconds)
{
    return seconds < 1 ? WorkqueueModel::tr("%1 ms").arg(qRound64(seconds * 1000))
                       : WorkqueueModel::tr("%1 s").arg(seconds, 0, 'g', 3);
}
} // namespace

QString WorkqueueModel::quantileText(const WorkqueueState::Histogram &h)
{
    // A histogram knows a quantile only as the bucket that holds it: say the bucket, and no
    // finer than the journal times (whole milliseconds, so every bucket under 1 ms holds only
    // 0 ms). Never "p50 ≤ 1e-08 s".
    using H = WorkqueueState::Histogram;
    const int b = h.p50Bucket();
    if (b < 0)
        return {};
    if (b >= H::bucketCount())
        return tr("p50 over %1").arg(boundText(H::upperBound(H::bucketCount() - 1)));
    // Bounds are products of floating-point factors (1e-3 may read 0.0010000000000000002):
    // compare them with half a millisecond.
    const double upper = H::upperBound(b);
    if (upper < 0.5e-3)
        return tr("p50 < 1 ms");
    const double lower = b == 0 ? 0 : H::upperBound(b - 1);
    if (lower < 0.5e-3)
        return tr("p50 \u2264 %1").arg(boundText(upper));
    return tr("p50 over %1, at most %2").arg(boundText(lower), boundText(upper));
}

namespace {
} // namespace

WorkqueueModel::WorkqueueModel(JournalSource source, QObject *parent)
    : QAbstractTableModel(parent),
      m_batcher(new EventBatcher(
          source, [this](const EventBatch &ev) { fold(ev); },
          [](const TraceEvent &e) { return WorkqueueStates::folds(e); }, this))
{
    m_batcher->replayHistory();
    m_rows = computeRows();
    m_nowMs = m_states.lastEventMs();
}

WorkqueueModel::~WorkqueueModel() = default;

void WorkqueueModel::setQueue(const QString &name)
{
    if (name == m_queue)
        return;
    beginResetModel();
    m_queue = name;
    m_rows = computeRows();
    endResetModel();
    Q_EMIT changed();
}

QString WorkqueueModel::queue() const
{
    if (!m_queue.isEmpty())
        return m_queue;
    const QStringList names = m_states.names();
    return names.isEmpty() ? QString() : names.first();
}

void WorkqueueModel::setNowMs(qint64 ms)
{
    if (ms == m_nowMs)
        return;
    m_nowMs = ms;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, TimeColumn), index(int(m_rows.size()) - 1, TimeColumn));
    Q_EMIT changed();
}

void WorkqueueModel::flush()
{
    m_batcher->flushNow();
}

void WorkqueueModel::foldUpTo(quint64 seq)
{
    m_batcher->setFrozen(true);
    m_upTo = seq;
    beginResetModel();
    m_states.clear();
    m_batcher->replayHistory(seq);
    m_rows = computeRows();
    endResetModel();
    m_batcher->setFrozen(seq != 0);
    m_nowMs = m_states.lastEventMs();
    Q_EMIT queuesChanged();
    Q_EMIT changed();
}

void WorkqueueModel::fold(const EventBatch &events)
{
    const qsizetype queues = m_states.names().size();
    for (const TraceEvent &e : events)
        m_states.apply(e);
    if (m_batcher->isFrozen() || m_upTo != 0)
        return; // foldUpTo() resets once after replaying
    m_nowMs = qMax(m_nowMs, m_states.lastEventMs());
    refreshRows();
    if (m_states.names().size() != queues)
        Q_EMIT queuesChanged();
    Q_EMIT changed();
}

void WorkqueueModel::refreshRows()
{
    QList<Row> rows = computeRows();
    const auto same = [](const Row &a, const Row &b) {
        return a.key == b.key && a.section == b.section;
    };
    // The rows move as a queue does: keys leave at the head (Get), arrive at the queued tail
    // (Add) and pass through processing and waiting, so the new rows are the old ones less a
    // head, then a common run, a changed middle and a common tail. The view is told exactly
    // that (removals and insertions), never a reset of 150 000 rows for a few changed ones.
    const qsizetype oldN = m_rows.size(), newN = rows.size();
    qsizetype head = 0; // old rows gone from the front
    if (newN > 0) {
        while (head < oldN && !same(m_rows[head], rows[0]))
            ++head;
        if (head == oldN)
            head = 0; // the first new row is not an old one: nothing left from the front
    }
    qsizetype run = 0; // old[head + i] == new[i]
    while (head + run < oldN && run < newN && same(m_rows[head + run], rows[run]))
        ++run;
    qsizetype tail = 0; // common rows at the end, after the run
    while (tail < oldN - head - run && tail < newN - run &&
           same(m_rows[oldN - 1 - tail], rows[newN - 1 - tail]))
        ++tail;
    const qsizetype oldMiddle = oldN - head - run - tail, newMiddle = newN - run - tail;
    if (head > 0) {
        beginRemoveRows({}, 0, int(head) - 1);
        m_rows.remove(0, head);
        endRemoveRows();
    }
    if (oldMiddle > 0) {
        beginRemoveRows({}, int(run), int(run + oldMiddle) - 1);
        m_rows.remove(run, oldMiddle);
        endRemoveRows();
    }
    if (newMiddle > 0) {
        beginInsertRows({}, int(run), int(run + newMiddle) - 1);
        m_rows.insert(run, newMiddle, Row());
        std::move(rows.begin() + run, rows.begin() + run + newMiddle, m_rows.begin() + run);
        endInsertRows();
    }
    // Attempts, times and backoffs of the rows that stayed may have changed.
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
}

QList<WorkqueueModel::Row> WorkqueueModel::computeRows() const
{
    QList<Row> rows;
    const WorkqueueState *s = state();
    if (!s)
        return rows;
    for (const QString &k : s->queue)
        rows.append({k, Section::Queued});
    QStringList processing = s->processing.keys();
    std::sort(processing.begin(), processing.end(), [s](const QString &a, const QString &b) {
        return s->processing.value(a).seq < s->processing.value(b).seq;
    });
    for (const QString &k : std::as_const(processing))
        rows.append({k, Section::Processing});
    QStringList waiting = s->waiting.keys();
    std::sort(waiting.begin(), waiting.end(), [s](const QString &a, const QString &b) {
        const auto &wa = s->waiting[a], &wb = s->waiting[b];
        return wa.readyAtMs != wb.readyAtMs ? wa.readyAtMs < wb.readyAtMs : wa.seq < wb.seq;
    });
    for (const QString &k : std::as_const(waiting))
        rows.append({k, Section::Waiting});
    return rows;
}

int WorkqueueModel::rowOf(const QString &key, Section section) const
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].key == key && m_rows[i].section == section)
            return i;
    return -1;
}

QString WorkqueueModel::keyLabel(const QString &key) const
{
    const QString object = m_states.objectKeyOf(queue(), key);
    if (object.isEmpty()) {
        // A UID the stores no longer hold whose name went with the oldest retired ones.
        if (m_states.droppedNames() > 0 && !QUuid::fromString(key).isNull())
            return tr("%1 (name dropped: only the newest %n deleted objects' names are kept)",
                      nullptr, int(m_states.retiredNameCap()))
                .arg(key);
        return key;
    }
    return tr("%1 (uid %2)").arg(object, key.left(8) + QChar(0x2026));
}

QString WorkqueueModel::nextBackoff(const WorkqueueState::KeyInfo &k) const
{
    if (k.failures == 0)
        return k.lastDelayMs < 0 ? QString() : tr("base again (forgotten)");
    if (k.limiter == QLatin1String("ItemExponentialFailure"))
        return tr("%1 (doubles each failure, up to the limiter's cap)")
            .arg(seconds(2 * k.lastDelayMs));
    if (k.limiter == QLatin1String("Bucket"))
        return tr("the bucket's next token (overall rate, not per key)");
    if (k.lastDelayMs >= 0)
        return tr("%1 or more (%2)").arg(seconds(k.lastDelayMs), k.limiter);
    return QString();
}

int WorkqueueModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int WorkqueueModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant WorkqueueModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const WorkqueueState *s = state();
    if (!s)
        return {};
    const Row &r = m_rows[index.row()];
    const WorkqueueState::KeyInfo k = s->keys.value(r.key);
    const bool dirty = s->dirty.contains(r.key);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case KeyColumn:
            return keyLabel(r.key);
        case StateColumn:
            switch (r.section) {
            case Section::Queued:
                return tr("queued (dirty)");
            case Section::Processing:
                return dirty ? tr("processing · dirty: queued again at Done") : tr("processing");
            case Section::Waiting:
                return tr("waiting (delayed)");
            }
            break;
        case WorkerColumn:
            return r.section == Section::Processing ? s->processing.value(r.key).worker : QString();
        case TimeColumn:
            switch (r.section) {
            case Section::Queued:
                return k.addedMs >= 0 ? tr("waited %1").arg(seconds(m_nowMs - k.addedMs))
                                      : QString();
            case Section::Processing:
                return tr("for %1").arg(seconds(m_nowMs - s->processing.value(r.key).sinceMs));
            case Section::Waiting: {
                const auto w = s->waiting.value(r.key);
                const qint64 left = w.readyAtMs - m_nowMs;
                return left > 0 ? tr("ready in %1 (at %2)").arg(seconds(left), seconds(w.readyAtMs))
                                : tr("ready now (at %1)").arg(seconds(w.readyAtMs));
            }
            }
            break;
        case FailuresColumn:
            return k.failures;
        case LimiterColumn:
            if (r.section == Section::Waiting && s->waiting.value(r.key).limiter.isEmpty())
                return tr("AddAfter %1").arg(seconds(s->waiting.value(r.key).delayMs));
            return k.limiter.isEmpty() ? QString()
                                       : tr("%1 chose %2").arg(k.limiter, seconds(k.lastDelayMs));
        case NextBackoffColumn:
            return nextBackoff(k);
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == KeyColumn)
            return r.key;
        if (index.column() == StateColumn && r.section == Section::Waiting)
            return tr("Reason: %1").arg(s->waiting.value(r.key).reason);
        if (index.column() == LimiterColumn && !k.lastOutcome.isEmpty())
            return tr("Last sync: %1, %2")
                .arg(JournalText::code(k.lastOutcome), JournalText::code(k.lastRequeue));
        return data(index, Qt::DisplayRole);
    case Qt::TextAlignmentRole:
        if (index.column() == FailuresColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case KeyRole:
        return r.key;
    case ObjectKeyRole:
        return m_states.objectKeyOf(queue(), r.key);
    case SectionRole:
        return int(r.section);
    case SeqRole:
        switch (r.section) {
        case Section::Processing:
            return s->processing.value(r.key).seq;
        case Section::Waiting:
            return s->waiting.value(r.key).seq;
        case Section::Queued:
            return k.addSeq;
        }
        break;
    }
    return {};
}

QVariant WorkqueueModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o == Qt::Vertical && role == Qt::DisplayRole && section < m_rows.size())
        return m_rows[section].section == Section::Queued ? QVariant(section + 1) : QVariant();
    if (o != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, o, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case KeyColumn:
            return tr("Key (object)");
        case StateColumn:
            return tr("State");
        case WorkerColumn:
            return tr("Worker");
        case TimeColumn:
            return tr("Time");
        case FailuresColumn:
            return tr("Failures");
        case LimiterColumn:
            return tr("Last delay");
        case NextBackoffColumn:
            return tr("Next backoff");
        }
    } else if (role == Qt::ToolTipRole) {
        switch (section) {
        case KeyColumn:
            return tr("The queue's key and the object it stands for (a claim's UID, from the "
                      "claims informer's objects and the controller's events)");
        case StateColumn:
            return tr("Queued: in line, dirty (the # is the position); processing: a worker "
                      "holds it (Get → Done); waiting: in the delaying queue until its ready "
                      "time");
        case TimeColumn:
            return tr("Queued: since its Add; processing: since its Get; waiting: the countdown "
                      "to its ready time (journal seconds)");
        case FailuresColumn:
            return tr("NumRequeues: the failures the rate limiter counts for the key "
                      "(AddRateLimited raises it, Forget clears it)");
        case LimiterColumn:
            return tr("The limiter that chose the key's last delay (of a MaxOf, the one whose "
                      "delay was the longest) and that delay");
        case NextBackoffColumn:
            return tr("What the next AddRateLimited would wait: ItemExponentialFailure doubles "
                      "the delay per failure; Forget starts it from the base again");
        }
    }
    return {};
}

QList<WorkqueueModel::Metric> WorkqueueModel::metrics() const
{
    QList<Metric> out;
    const WorkqueueState *s = state();
    if (!s)
        return out;
    const auto &m = s->metrics;
    auto histogram = [](const WorkqueueState::Histogram &h) {
        if (h.count == 0)
            return tr("count 0");
        return tr("count %1 · sum %2 · %3")
            .arg(h.count)
            .arg(secondsValue(h.sum))
            .arg(quantileText(h));
    };
    out.append({QStringLiteral("workqueue_depth"), QString::number(m.depth),
                tr("+1 per workqueueAdd that was not collapsed, −1 per workqueueGet: the dirty "
                   "keys, so it can exceed the keys in line")});
    out.append({QStringLiteral("workqueue_adds_total"), QString::number(m.addsTotal),
                tr("workqueueAdd events not collapsed and not ignored")});
    out.append({QStringLiteral("workqueue_queue_duration_seconds"), histogram(m.queueDuration),
                tr("each workqueueGet's waitedMs (first Add → Get) in client-go's buckets "
                   "1e-8 s … 10 s (×10 each); p50 names the bucket holding the median: over "
                   "its lower bound, at most its upper one. The journal times whole "
                   "milliseconds, so the buckets under 1 ms hold only 0 ms: \"< 1 ms\"")});
    out.append({QStringLiteral("workqueue_work_duration_seconds"), histogram(m.workDuration),
                tr("each workqueueDone's workMs (Get → Done), same buckets")});
    out.append({QStringLiteral("workqueue_unfinished_work_seconds"),
                secondsValue(s->unfinishedWorkSeconds(m_nowMs)),
                tr("the summed age of the keys processing now (since their workqueueGet)")});
    out.append({QStringLiteral("workqueue_longest_running_processor_seconds"),
                secondsValue(s->longestRunningProcessorSeconds(m_nowMs)),
                tr("the age of the oldest key processing now")});
    out.append({QStringLiteral("workqueue_retries_total"), QString::number(m.retriesTotal),
                tr("workqueueAddAfter and workqueueAddRateLimited events not ignored")});
    return out;
}

} // namespace lens
