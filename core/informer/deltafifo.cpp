// SPDX-License-Identifier: Apache-2.0
#include "deltafifo.h"

#include "trace/journal.h"

#include <QSet>

#include <algorithm>

namespace lens {

namespace {
// dedupDeltas: only two consecutive Deleted deltas collapse; the older is kept unless it is a
// tombstone (isDeletionDup / isDup in delta_fifo.go).
void dedupDeltas(Deltas &deltas)
{
    const qsizetype n = deltas.size();
    if (n < 2)
        return;
    const Delta &a = deltas.at(n - 2);
    const Delta &b = deltas.at(n - 1);
    if (a.type != DeltaType::Deleted || b.type != DeltaType::Deleted)
        return;
    const Delta keep = a.tombstone ? b : a;
    deltas.removeLast();
    deltas.last() = keep;
}
} // namespace

DeltaFIFO::DeltaFIFO(Options options) : m_opts(std::move(options)) {}

QString DeltaFIFO::add(const Object &obj)
{
    m_populated = true;
    return queueAction(DeltaType::Added, Delta::of(DeltaType::Added, obj), true);
}

QString DeltaFIFO::update(const Object &obj)
{
    m_populated = true;
    return queueAction(DeltaType::Updated, Delta::of(DeltaType::Updated, obj), true);
}

QString DeltaFIFO::remove(const Object &obj)
{
    const Delta payload = Delta::of(DeltaType::Deleted, obj);
    const KeyResult k = keyOf(payload);
    if (!k.ok())
        return QStringLiteral("couldn't create key for object: ") + k.error;
    m_populated = true;
    const bool queued = m_items.contains(k.key);
    if (!m_opts.knownObjects) {
        if (!queued)
            return {}; // Presumably, this was deleted when a relist happened.
    } else if (!queued && m_opts.knownObjects->getByKey(k.key).isNull()) {
        return {}; // Neither queued nor known: nothing to delete.
    }
    return queueAction(DeltaType::Deleted, payload, true);
}

QString DeltaFIFO::queueAction(DeltaType type, const Delta &payload, bool transform)
{
    const KeyResult k = keyOf(payload);
    if (!k.ok())
        return QStringLiteral("couldn't create key for object: ") + k.error;
    Delta d = payload;
    d.type = type;
    if (transform && m_opts.transformer && !d.tombstone) {
        QString err;
        Object t = m_opts.transformer(d.object, &err);
        if (!err.isEmpty())
            return err;
        d.object = t;
    }
    auto it = m_items.find(k.key);
    if (it == m_items.end()) {
        m_items.insert(k.key, Deltas{d});
        m_queue.push_back(k.key);
    } else {
        it->append(d);
        dedupDeltas(*it);
    }
    journalQueued(k.key, type);
    if (m_queued)
        m_queued();
    return {};
}

void DeltaFIFO::journalQueued(const QString &key, DeltaType type)
{
    if (!m_journal)
        return;
    TraceEvent e;
    e.kind = TraceKind::FifoQueued;
    e.component = QStringLiteral("deltafifo");
    e.key = key;
    e.type = deltaTypeName(type);
    // The newest kJournalDeltas only: a copy, so that the key's own list is not shared and the
    // next append does not copy it (with the whole list, a LIST repeating one key N times
    // made N lines of up to N deltas each, and N copies of the list).
    const auto found = m_items.constFind(key);
    const Deltas all = found == m_items.cend() ? Deltas() : *found;
    const qsizetype omitted = qMax<qsizetype>(0, all.size() - kJournalDeltas);
    e.deltas = omitted > 0 ? all.mid(omitted) : all;
    if (!e.deltas.isEmpty()) {
        e.object = e.deltas.last().object;
        e.resourceVersion = e.object.resourceVersion();
    }
    e.detail.insert(QLatin1String("queueDepth"), qint64(m_queue.size()));
    if (omitted > 0)
        e.detail.insert(QLatin1String("deltasOmitted"), qint64(omitted));
    e.detail.insert(QLatin1String("queueMode"), QStringLiteral("DeltaFIFO"));
    m_journal->record(std::move(e));
}

QString DeltaFIFO::replace(QList<Object> list, const QString &resourceVersion)
{
    const QString err = beginReplace(std::move(list), resourceVersion);
    if (!err.isEmpty())
        return err;
    bool done = false;
    return continueReplace(-1, &done);
}

QString DeltaFIFO::beginReplace(QList<Object> list, const QString &resourceVersion)
{
    Q_UNUSED(resourceVersion); // DeltaFIFO ignores it, as client-go does.
    if (m_replace) {
        // One Replace at a time, as under client-go's lock: the one under way ends first.
        bool done = false;
        if (const QString err = continueReplace(-1, &done); !err.isEmpty())
            return err;
    }
    PendingReplace r;
    r.action = m_opts.emitDeltaTypeReplaced ? DeltaType::Replaced : DeltaType::Sync;
    // One allocation each for a list of any size (a 150 000-pod list rehashed both sets of
    // keys a dozen times on the way).
    r.keys.reserve(list.size());
    m_items.reserve(m_items.size() + list.size());
    r.list = std::move(list);
    m_replace = std::move(r);
    return {};
}

QString DeltaFIFO::continueReplace(qsizetype maxItems, bool *done)
{
    *done = true;
    if (!m_replace)
        return {};
    PendingReplace &r = *m_replace;
    ++r.calls;
    const qsizetype end =
        maxItems < 0 ? r.list.size() : qMin(r.list.size(), r.next + qMax<qsizetype>(1, maxItems));
    for (; r.next < end; ++r.next) {
        Object &item = r.list[r.next];
        const KeyResult k = keyOf(Delta::of(r.action, item));
        QString err;
        if (!k.ok()) {
            err = QStringLiteral("couldn't create key for object: ") + k.error;
        } else {
            r.keys.insert(k.key);
            // Replace transforms listed objects even when it emits Sync (internal action
            // Replaced).
            err = queueAction(r.action, Delta::of(r.action, item), true);
        }
        if (!err.isEmpty()) {
            m_replace.reset(); // Replace returns the error; what it queued stays queued
            return err;
        }
        // The queued delta holds the object now (or its transformed copy, and the original
        // goes here rather than when the whole list has been queued).
        item = Object();
    }
    if (r.next < r.list.size()) {
        *done = false;
        return {};
    }
    const QSet<QString> keys = std::move(r.keys);
    const bool sliced = r.calls > 1;
    m_replace.reset();
    const QString err = finishReplace(keys);
    if (err.isEmpty() && sliced && !m_queue.empty() && m_queued)
        m_queued(); // Pop may pop again
    return err;
}

QString DeltaFIFO::finishReplace(const QSet<QString> &keys)
{
    int queuedDeletions = 0;
    // Deletions detected against the queue: tombstones carry the newest queued object.
    const std::deque<QString> queueSnapshot = m_queue;
    for (const QString &key : queueSnapshot) {
        if (keys.contains(key))
            continue;
        const Delta newest = m_items.value(key).last();
        ++queuedDeletions;
        const QString err = queueAction(DeltaType::Deleted,
                                        Delta::deletedFinalStateUnknown(key, newest.object), false);
        if (!err.isEmpty())
            return err;
    }
    // Deletions detected against knownObjects, for keys with nothing queued.
    if (m_opts.knownObjects) {
        QStringList known = m_opts.knownObjects->listKeys();
        std::sort(known.begin(), known.end());
        for (const QString &key : std::as_const(known)) {
            if (keys.contains(key) || m_items.contains(key))
                continue;
            ++queuedDeletions;
            const QString err = queueAction(
                DeltaType::Deleted,
                Delta::deletedFinalStateUnknown(key, m_opts.knownObjects->getByKey(key)), false);
            if (!err.isEmpty())
                return err;
        }
    }
    if (!m_populated) {
        m_populated = true;
        m_initialPopulationCount = int(keys.size()) + queuedDeletions;
    }
    return {};
}

QString DeltaFIFO::resync()
{
    if (!m_opts.knownObjects)
        return {};
    QStringList known = m_opts.knownObjects->listKeys();
    std::sort(known.begin(), known.end());
    for (const QString &key : std::as_const(known)) {
        const Object obj = m_opts.knownObjects->getByKey(key);
        if (obj.isNull())
            continue;
        const KeyResult k = keyOf(Delta::of(DeltaType::Sync, obj));
        if (!k.ok())
            return QStringLiteral("couldn't create key for object: ") + k.error;
        if (m_items.contains(k.key))
            continue; // queued deltas are newer than the known object (DF-10, DF-16)
        const QString err = queueAction(DeltaType::Sync, Delta::of(DeltaType::Sync, obj), false);
        if (!err.isEmpty())
            return err;
    }
    return {};
}

PopResult DeltaFIFO::pop(const PopProcessFunc &process)
{
    PopResult r;
    while (!m_queue.empty() && !m_replace) {
        r.isInInitialList = !hasSynced();
        const QString key = m_queue.front();
        m_queue.pop_front();
        if (m_initialPopulationCount > 0)
            --m_initialPopulationCount;
        auto it = m_items.find(key);
        if (it == m_items.end())
            continue; // cannot happen: queue and items are kept in step
        r.popped = true;
        r.key = key;
        r.deltas = it.value();
        m_items.erase(it);
        // A hash that held a whole list keeps its room when it empties (Go's map does too, but
        // its memory goes back to the collector): give it back, so that 150 000 keys' room is
        // not held for the small watch traffic that follows.
        if (m_items.isEmpty() && m_items.capacity() > kRoomKeptWhenEmpty)
            m_items.squeeze();
        if (m_journal) {
            TraceEvent e;
            e.kind = TraceKind::FifoPopped;
            e.component = QStringLiteral("deltafifo");
            e.key = key;
            e.deltas = r.deltas;
            e.object = r.deltas.last().object;
            e.resourceVersion = e.object.resourceVersion();
            e.detail.insert(QLatin1String("isInInitialList"), r.isInInitialList);
            e.detail.insert(QLatin1String("queueDepth"), qint64(m_queue.size()));
            e.detail.insert(QLatin1String("hasSynced"), hasSynced());
            e.detail.insert(QLatin1String("queueMode"), QStringLiteral("DeltaFIFO"));
            m_journal->record(std::move(e));
        }
        if (process) {
            const ProcessResult pr = process(key, r.deltas, r.isInInitialList);
            r.error = pr.error;
            if (pr.requeue)
                addIfNotPresent(r.deltas);
        }
        return r;
    }
    r.closed = m_closed;
    return r;
}

QString DeltaFIFO::addIfNotPresent(const Deltas &deltas)
{
    if (deltas.isEmpty())
        return QStringLiteral(
            "couldn't create key for object: 0 length Deltas object; can't get key");
    const KeyResult k = keyOf(deltas.last());
    if (!k.ok())
        return QStringLiteral("couldn't create key for object: ") + k.error;
    m_populated = true;
    if (m_items.contains(k.key))
        return {};
    m_items.insert(k.key, deltas);
    m_queue.push_back(k.key);
    journalQueued(k.key, deltas.last().type);
    if (m_queued)
        m_queued();
    return {};
}

QStringList DeltaFIFO::listKeys() const
{
    return QStringList(m_queue.begin(), m_queue.end());
}

QList<QueueEntry> DeltaFIFO::entries() const
{
    QList<QueueEntry> out;
    out.reserve(qsizetype(m_queue.size()));
    for (const QString &k : m_queue)
        out << QueueEntry{k, m_items.value(k)};
    return out;
}

std::optional<Deltas> DeltaFIFO::get(const QString &key) const
{
    auto it = m_items.find(key);
    if (it == m_items.end())
        return std::nullopt;
    return it.value();
}

QList<Object> DeltaFIFO::list() const
{
    QList<Object> out;
    for (const QString &k : m_queue)
        out << m_items.value(k).last().object;
    return out;
}

} // namespace lens
