// SPDX-License-Identifier: Apache-2.0
#include "realfifo.h"

#include "trace/journal.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <utility>

namespace lens {

namespace {
const QString kComponent = QStringLiteral("realfifo");
const QString kMode = QStringLiteral("RealFIFO");
} // namespace

RealFIFO::RealFIFO(Options options) : m_opts(std::move(options)) {}

QString RealFIFO::add(const Object &obj)
{
    m_populated = true;
    return addToItems(DeltaType::Added, Delta::of(DeltaType::Added, obj), false);
}

QString RealFIFO::update(const Object &obj)
{
    m_populated = true;
    return addToItems(DeltaType::Updated, Delta::of(DeltaType::Updated, obj), false);
}

QString RealFIFO::remove(const Object &obj)
{
    m_populated = true;
    return addToItems(DeltaType::Deleted, Delta::of(DeltaType::Deleted, obj), false);
}

QString RealFIFO::addToItems(DeltaType type, const Delta &payload, bool skipTransform)
{
    const KeyResult k = deletionHandlingKey(payload, m_opts.keyFunc);
    if (!k.ok())
        return QStringLiteral("couldn't create key for object: ") + k.error;
    Delta d = payload;
    d.type = type;
    // Tombstones and Sync objects have already been through the transformer.
    if (m_opts.transformer && !d.tombstone && !skipTransform) {
        QString err;
        Object t = m_opts.transformer(d.object, &err);
        if (!err.isEmpty())
            return err;
        d.object = t;
    }
    m_items.push_back(Item{k.key, d, nullptr});
    if (m_journal) {
        TraceEvent e;
        e.kind = TraceKind::FifoQueued;
        e.component = kComponent;
        e.key = k.key;
        e.type = deltaTypeName(type);
        // Every event still queued for this key, oldest first: what a per-key view shows.
        for (const Item &i : m_items) {
            if (i.key == k.key)
                e.deltas << i.delta;
        }
        e.object = d.object;
        e.resourceVersion = d.object.resourceVersion();
        e.detail.insert(QLatin1String("queueDepth"), qint64(m_items.size()));
        e.detail.insert(QLatin1String("queueMode"), kMode);
        m_journal->record(std::move(e));
    }
    if (m_queued)
        m_queued();
    return {};
}

Deltas RealFIFO::atomicDeltas(const AtomicEvent &ev)
{
    Deltas out;
    for (const Object &o : ev.objects)
        out << Delta::of(DeltaType::Replaced, o);
    return out;
}

void RealFIFO::addAtomic(std::shared_ptr<AtomicEvent> ev)
{
    const QString type = ev->type;
    const QString rv = ev->resourceVersion;
    const qint64 objects = ev->objects.size();
    Item item;
    item.delta = Delta::of(DeltaType::Replaced, Object());
    item.atomic = std::move(ev);
    m_items.push_back(std::move(item));
    if (m_journal) {
        TraceEvent e;
        e.kind = TraceKind::FifoQueued;
        e.component = kComponent;
        e.type = type;
        e.resourceVersion = rv;
        e.detail.insert(QLatin1String("objects"), objects);
        e.detail.insert(QLatin1String("queueDepth"), qint64(m_items.size()));
        e.detail.insert(QLatin1String("queueMode"), kMode);
        e.detail.insert(QLatin1String("atomicEvents"), true);
        m_journal->record(std::move(e));
    }
    if (m_queued)
        m_queued();
}

QString RealFIFO::replace(QList<Object> list, const QString &resourceVersion)
{
    if (m_opts.atomicEvents) {
        // addReplaceToItemsLocked: transform every object, queue one ReplacedAll.
        auto ev = std::make_shared<AtomicEvent>();
        ev->type = QStringLiteral("ReplacedAll");
        ev->resourceVersion = resourceVersion;
        ev->objects.reserve(list.size());
        for (Object &item : list) {
            const KeyResult k = m_opts.keyFunc(item);
            if (!k.ok())
                return QStringLiteral("couldn't create key for object: ") + k.error;
            Object o = std::exchange(item, Object()); // the original goes once transformed
            if (m_opts.transformer) {
                QString err;
                o = m_opts.transformer(o, &err);
                if (!err.isEmpty())
                    return err;
            }
            ev->objects << std::move(o);
        }
        addAtomic(std::move(ev));
        if (!m_populated) {
            m_populated = true;
            m_initialPopulationCount = int(m_items.size());
        }
        return {};
    }
    Q_UNUSED(resourceVersion); // RealFIFO (non-atomic) ignores it, as client-go does.
    QSet<QString> newKeys;
    for (const Object &item : list) {
        const KeyResult k = m_opts.keyFunc(item);
        if (!k.ok())
            return QStringLiteral("couldn't create key for object: ") + k.error;
        newKeys.insert(k.key);
    }

    // Last queued event per key, keys in order of first appearance.
    QStringList queuedKeys;
    QHash<QString, Delta> lastQueued;
    for (const Item &i : m_items) {
        if (!lastQueued.contains(i.key))
            queuedKeys << i.key;
        lastQueued.insert(i.key, i.delta);
    }

    // Deletion detection against the queue: keys whose last event is already a Deleted are
    // left alone.
    for (const QString &key : std::as_const(queuedKeys)) {
        if (newKeys.contains(key))
            continue;
        const Delta last = lastQueued.value(key);
        if (last.type == DeltaType::Deleted)
            continue;
        const QString err =
            addToItems(DeltaType::Deleted, Delta::deletedFinalStateUnknown(key, last.object), true);
        if (!err.isEmpty())
            return QStringLiteral("couldn't enqueue object: ") + err;
    }

    // Deletion detection against knownObjects, for keys with no queued event.
    if (m_opts.knownObjects) {
        QStringList known = m_opts.knownObjects->listKeys();
        std::sort(known.begin(), known.end());
        for (const QString &key : std::as_const(known)) {
            if (newKeys.contains(key) || lastQueued.contains(key))
                continue;
            const QString err = addToItems(
                DeltaType::Deleted,
                Delta::deletedFinalStateUnknown(key, m_opts.knownObjects->getByKey(key)), false);
            if (!err.isEmpty())
                return QStringLiteral("couldn't enqueue object: ") + err;
        }
    }

    // Then the listed objects, always as Replaced, in list order.
    for (Object &item : list) {
        const QString err = addToItems(
            DeltaType::Replaced, Delta::of(DeltaType::Replaced, std::exchange(item, {})), false);
        if (!err.isEmpty())
            return QStringLiteral("couldn't enqueue object: ") + err;
    }

    if (!m_populated) {
        m_populated = true;
        m_initialPopulationCount = int(m_items.size());
    }
    return {};
}

QString RealFIFO::resync()
{
    if (m_opts.atomicEvents) {
        auto ev = std::make_shared<AtomicEvent>();
        ev->type = QStringLiteral("SyncAll");
        addAtomic(std::move(ev));
        return {};
    }
    if (!m_opts.knownObjects)
        return {};
    QSet<QString> keysInQueue;
    for (const Item &i : m_items)
        keysInQueue.insert(i.key);
    QStringList known = m_opts.knownObjects->listKeys();
    std::sort(known.begin(), known.end());
    for (const QString &key : std::as_const(known)) {
        // An event queued for the key is newer than the known object: no Sync with a stale
        // value.
        if (keysInQueue.contains(key))
            continue;
        const Object obj = m_opts.knownObjects->getByKey(key);
        if (obj.isNull())
            continue; // "key does not exist in known objects store, unable to queue object"
        const QString err = addToItems(DeltaType::Sync, Delta::of(DeltaType::Sync, obj), true);
        if (!err.isEmpty())
            return QStringLiteral("couldn't queue object: ") + err;
    }
    return {};
}

PopResult RealFIFO::pop(const PopProcessFunc &process)
{
    PopResult r;
    if (m_items.empty()) {
        r.closed = m_closed;
        return r;
    }
    r.isInInitialList = !hasSynced();
    const Item item = m_items.front();
    m_items.pop_front();
    if (m_initialPopulationCount > 0)
        --m_initialPopulationCount;
    r.popped = true;
    r.key = item.key;
    r.deltas = item.atomic ? atomicDeltas(*item.atomic) : Deltas{item.delta};
    if (item.atomic)
        r.atomicType = item.atomic->type;
    if (m_journal) {
        TraceEvent e;
        e.kind = TraceKind::FifoPopped;
        e.component = kComponent;
        e.key = item.key;
        e.type = item.atomic ? item.atomic->type : deltaTypeName(item.delta.type);
        e.deltas = r.deltas;
        e.object = item.delta.object;
        e.resourceVersion = e.object.resourceVersion();
        qint64 remaining = 0;
        for (const Item &i : m_items)
            remaining += i.key == item.key ? 1 : 0;
        e.detail.insert(QLatin1String("isInInitialList"), r.isInInitialList);
        e.detail.insert(QLatin1String("queueDepth"), qint64(m_items.size()));
        e.detail.insert(QLatin1String("hasSynced"), hasSynced());
        e.detail.insert(QLatin1String("queueMode"), kMode);
        // Events of the same key still queued behind this one (a per-key view keeps the key).
        e.detail.insert(QLatin1String("remainingForKey"), remaining);
        m_journal->record(std::move(e));
    }
    if (process) {
        m_processing = item.atomic.get();
        r.error = process(item.key, r.deltas, r.isInInitialList).error;
        m_processing = nullptr;
    }
    return r;
}

QStringList RealFIFO::listKeys() const
{
    QStringList out;
    out.reserve(qsizetype(m_items.size()));
    for (const Item &i : m_items)
        out << (i.atomic ? i.atomic->type : i.key);
    return out;
}

QList<QueueEntry> RealFIFO::entries() const
{
    QList<QueueEntry> out;
    out.reserve(qsizetype(m_items.size()));
    for (const Item &i : m_items)
        out << (i.atomic ? QueueEntry{i.atomic->type, atomicDeltas(*i.atomic)}
                         : QueueEntry{i.key, Deltas{i.delta}});
    return out;
}

} // namespace lens
