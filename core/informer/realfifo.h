// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "indexer.h"
#include "queue.h"

#include <deque>
#include <memory>

namespace lens {

/// client-go's RealFIFO (tools/cache/the_real_fifo.go, non-atomic mode): a plain ordered list of
/// Delta events, delivered one per Pop in exactly the order they arrived. Nothing is merged and
/// nothing is skipped: the queue of newer client-go informers (feature gate InOrderInformers,
/// beta and default-on in 1.33, GA in 1.36), where DeltaFIFO is the v0.32 baseline.
///
/// Differences from DeltaFIFO, all as in client-go:
///  * Add/Update/Delete always enqueue; Delete has no existence check (RQ-03).
///  * Replace queues the deletions first — a DeletedFinalStateUnknown for every queued key the
///    list lacks whose last queued event is not already a Deleted (carrying that event's
///    object), then one for every known key the list lacks that has no queued event (carrying
///    the known object, or null when knownObjects cannot produce it) — and then one `Replaced`
///    per listed item in list order (never `Sync`; there is no emitDeltaTypeReplaced option).
///  * The first Replace (if nothing was queued before it) sets initialPopulationCount to the
///    total number of queued events at that moment, including deletions and anything queued
///    earlier (RQ-05).
///  * Resync queues `Sync` (not transformed) for every known key with no queued event.
///  * Pop returns a one-element Deltas; a process error is returned and the event is NOT
///    re-queued (`ProcessResult::requeue` is ignored: ErrRequeue never applied to RealFIFO).
///
/// Atomic mode (Options::atomicEvents; client-go's RealFIFOOptions.AtomicEvents, feature gate
/// AtomicFIFO, beta and default-on in 1.36): Replace queues ONE `ReplacedAll` entry carrying
/// the (transformed) objects and the list's resourceVersion, and Resync ONE `SyncAll` entry;
/// knownObjects is not used. Such an entry pops with an empty key and `PopResult::atomicType`
/// "ReplacedAll" / "SyncAll" (deltas = one Replaced per object, none for SyncAll); during the
/// process call atomicBeingProcessed() describes it, so the informer can reconcile it against
/// its indexer (client-go's processReplacedAllInfo). In entries() it is one row with key
/// "ReplacedAll" / "SyncAll". PopBatch is not implemented.
///
/// Map iteration (knownObjects keys) uses sorted order for reproducibility.
///
/// Errors are returned as strings; an empty string means success. Not thread-safe (one thread,
/// like the rest of this port). Journal events use component "realfifo" and detail
/// queueMode = "RealFIFO".
class RealFIFO final : public Queue {
public:
    struct Options {
        KeyFunc keyFunc = metaNamespaceKeyFunc;
        /// Required in client-go (NewRealFIFO panics without it). Not owned. When null, the
        /// known-object parts of Replace and Resync are skipped.
        const KeyListerGetter *knownObjects = nullptr;
        TransformFunc transformer;
        /// AtomicEvents: Replace → one ReplacedAll, Resync → one SyncAll (see above).
        bool atomicEvents = false;
    };
    /// The payload of a ReplacedAll / SyncAll entry (client-go's ReplacedAllInfo /
    /// SyncAllInfo).
    struct AtomicEvent {
        QString type;            ///< "ReplacedAll" or "SyncAll"
        QList<Object> objects;   ///< ReplacedAll: the listed objects, transformed
        QString resourceVersion; ///< ReplacedAll: the list's resourceVersion
    };
    explicit RealFIFO(Options options);

    QString modeName() const override { return QStringLiteral("RealFIFO"); }

    /// RealFIFO.Add / Update / Delete: populated = true, then one event appended.
    QString add(const Object &obj) override;
    QString update(const Object &obj) override;
    QString remove(const Object &obj) override;
    /// RealFIFO.Replace (see the class comment). `resourceVersion` is ignored, as in client-go.
    QString replace(QList<Object> list, const QString &resourceVersion) override;
    /// RealFIFO.Resync.
    QString resync() override;
    /// RealFIFO.Pop (non-blocking): the oldest event, as a one-element Deltas.
    PopResult pop(const PopProcessFunc &process) override;
    bool hasSynced() const override { return m_populated && m_initialPopulationCount == 0; }
    /// The key of every queued event, in delivery order (a key repeats once per event).
    QStringList listKeys() const override;
    /// Number of queued events.
    qsizetype size() const override { return qsizetype(m_items.size()); }
    /// One entry per queued event.
    QList<QueueEntry> entries() const override;
    void close() override { m_closed = true; }
    bool isClosed() const override { return m_closed; }

    bool atomicEvents() const { return m_opts.atomicEvents; }
    /// The atomic entry whose process call is running, else null.
    const AtomicEvent *atomicBeingProcessed() const { return m_processing; }

    bool populated() const { return m_populated; }
    int initialPopulationCount() const { return m_initialPopulationCount; }

private:
    struct Item {
        QString key;
        Delta delta;
        std::shared_ptr<AtomicEvent> atomic; ///< set for ReplacedAll / SyncAll
    };
    QString addToItems(DeltaType type, const Delta &payload, bool skipTransform);
    void addAtomic(std::shared_ptr<AtomicEvent> ev);
    static Deltas atomicDeltas(const AtomicEvent &ev);

    Options m_opts;
    std::deque<Item> m_items;
    bool m_populated = false;
    int m_initialPopulationCount = 0;
    bool m_closed = false;
    const AtomicEvent *m_processing = nullptr;
};

} // namespace lens
