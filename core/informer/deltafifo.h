// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "indexer.h"
#include "queue.h"

#include <QHash>
#include <QSet>

#include <deque>
#include <optional>

namespace lens {

/// client-go's DeltaFIFO (tools/cache/delta_fifo.go, v0.32 semantics): a producer/consumer
/// queue of key → Deltas, where each key keeps the position of its first queued delta until
/// it is popped, and only two consecutive Deleted deltas are ever merged (dedupDeltas).
///
/// Options as client-go's DeltaFIFOOptions: `keyFunc` (default MetaNamespaceKeyFunc),
/// `knownObjects` (the informer's indexer; not owned, may be null), `emitDeltaTypeReplaced`
/// (Replace emits Replaced instead of Sync; informers set it), `transformer`.
///
/// Not thread-safe; single-threaded use on the informer's thread replaces client-go's lock.
class DeltaFIFO final : public Queue {
public:
    struct Options {
        KeyFunc keyFunc = metaNamespaceKeyFunc;
        const KeyListerGetter *knownObjects = nullptr;
        bool emitDeltaTypeReplaced = false;
        TransformFunc transformer;
    };
    explicit DeltaFIFO(Options options);
    DeltaFIFO() : DeltaFIFO(Options{}) {}

    QString modeName() const override { return QStringLiteral("DeltaFIFO"); }

    /// DeltaFIFO.Add / Update: always queue (populated becomes true).
    QString add(const Object &obj) override;
    QString update(const Object &obj) override;
    /// DeltaFIFO.Delete: a no-op when the key is neither queued nor (with knownObjects) known.
    QString remove(const Object &obj) override;
    /// DeltaFIFO.Replace: Replaced/Sync per item; DeletedFinalStateUnknown for queued keys the
    /// list lacks (newest queued object) and for known keys the list lacks and the queue does
    /// not hold (object from knownObjects); the first Replace sets initialPopulationCount.
    /// With a transformer each listed original is let go once its transformed delta is queued.
    QString replace(QList<Object> list, const QString &resourceVersion) override;
    /// DeltaFIFO.Replace in slices (Queue::beginReplace): each continueReplace() queues the next
    /// `maxItems` listed objects as replace() does; the last one also detects the deletions,
    /// sets initialPopulationCount and, when the Replace took more than one call, calls the
    /// queued callback once more (Pop popped nothing meanwhile).
    QString beginReplace(QList<Object> list, const QString &resourceVersion) override;
    QString continueReplace(qsizetype maxItems, bool *done) override;
    bool replacing() const override { return m_replace.has_value(); }
    /// DeltaFIFO.Resync: Sync for every known key with no queued deltas (not transformed).
    QString resync() override;
    /// DeltaFIFO.Pop (non-blocking). isInInitialList is computed before the count decrement.
    /// Pops nothing while replacing().
    PopResult pop(const PopProcessFunc &process) override;
    /// DeltaFIFO.AddIfNotPresent (v0.32): ignored when the key is queued, else appended at the
    /// tail. Empty Deltas → "couldn't create key for object: 0 length Deltas object; can't get
    /// key".
    QString addIfNotPresent(const Deltas &deltas);
    /// populated && initialPopulationCount == 0.
    bool hasSynced() const override { return m_populated && m_initialPopulationCount == 0; }
    /// ListKeys in queue order.
    QStringList listKeys() const override;
    qsizetype size() const override { return qsizetype(m_queue.size()); }
    QList<QueueEntry> entries() const override;
    /// DeltaFIFO.GetByKey: a copy of the key's Deltas; nullopt when not queued.
    std::optional<Deltas> get(const QString &key) const;
    /// DeltaFIFO.List: the newest object of every queued key, in queue order.
    QList<Object> list() const;
    void close() override { m_closed = true; }
    bool isClosed() const override { return m_closed; }
    /// DeltaFIFO.KeyOf: a Deltas → key of its newest delta; a tombstone → its Key.
    KeyResult keyOf(const Delta &delta) const { return deletionHandlingKey(delta, m_opts.keyFunc); }
    /// DeltaFIFO.KeyOf for a Deltas: the key of its newest delta; an empty Deltas is
    /// ErrZeroLengthDeltasObject ("0 length Deltas object; can't get key").
    KeyResult keyOf(const Deltas &deltas) const
    {
        if (deltas.isEmpty())
            return {QString(), QStringLiteral("0 length Deltas object; can't get key")};
        return keyOf(deltas.last());
    }

    bool populated() const { return m_populated; }
    int initialPopulationCount() const { return m_initialPopulationCount; }

    /// The most Deltas a fifoQueued journal event carries: the key's newest ones; how many
    /// older ones it left out is its "deltasOmitted" (TraceEvent::deltasOmitted()). client-go's
    /// DeltaFIFO keeps them all, and so does this queue (Pop hands them all over).
    static constexpr qsizetype kJournalDeltas = 64;

private:
    QString queueAction(DeltaType type, const Delta &payload, bool transform);
    void journalQueued(const QString &key, DeltaType type);
    /// Replace's end: deletions against the queue and knownObjects, initialPopulationCount.
    QString finishReplace(const QSet<QString> &keys);

    /// A Replace under way (beginReplace() to the continueReplace() that ends it).
    struct PendingReplace {
        QList<Object> list;
        qsizetype next = 0; ///< the next listed object to queue
        QSet<QString> keys; ///< the keys queued so far
        DeltaType action = DeltaType::Sync;
        int calls = 0; ///< continueReplace() calls so far
    };
    std::optional<PendingReplace> m_replace;

    Options m_opts;
    /// Above this capacity an emptied m_items gives its room back (pop()).
    static constexpr qsizetype kRoomKeptWhenEmpty = 1024;
    QHash<QString, Deltas> m_items;
    std::deque<QString> m_queue;
    bool m_populated = false;
    int m_initialPopulationCount = 0;
    bool m_closed = false;
};

} // namespace lens
