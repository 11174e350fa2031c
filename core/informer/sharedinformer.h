// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "controller.h"
#include "deltafifo.h"
#include "indexer.h"
#include "processor.h"
#include "realfifo.h"
#include "reflector.h"
#include "trace/traceevent.h"

#include <QList>
#include <QObject>

#include <memory>

namespace lens {

class Journal;

/// client-go's sharedIndexInformer (tools/cache/shared_informer.go, v0.32): an Indexer kept in
/// step with the API server through a Reflector and a DeltaFIFO (knownObjects = the indexer,
/// EmitDeltaTypeReplaced = true), whose popped Deltas are applied by HandleDeltas and
/// distributed to every registered handler through its own ProcessorListener.
///
/// Times are milliseconds. Errors are returned as strings in client-go's words.
class SharedIndexInformer : public QObject {
    Q_OBJECT
public:
    /// Which queue run() builds.
    ///  * DeltaFIFO: client-go v0.32 (and every release before the InOrderInformers gate was
    ///    on): per-key Deltas, EmitDeltaTypeReplaced = true. The default here (baseline).
    ///  * RealFIFO: client-go ≥ 1.33 with InOrderInformers (default-on 1.33, GA 1.36): every
    ///    event in arrival order, one per Pop; a relist's deletions come before its Replaced
    ///    events (non-atomic mode).
    enum class QueueMode { DeltaFIFO, RealFIFO };
    Q_ENUM(QueueMode)

    /// `lw` is not owned and must outlive the informer. `defaultResyncMs` is the
    /// defaultEventHandlerResyncPeriod and the initial resyncCheckPeriod (0 = no resync).
    /// The indexer always has the "namespace" index (MetaNamespaceIndexFunc) plus `indexers`.
    /// `journal` may be null; the informer records in it through a handle of its own (see
    /// Journal), so every event of its parts carries name().
    SharedIndexInformer(ListerWatcher *lw, qint64 defaultResyncMs, Journal *journal,
                        const Clock *clock, Indexers indexers = {}, QObject *parent = nullptr);
    ~SharedIndexInformer() override;

    /// The informer's name in the journal (TraceEvent::informer): unique among the informers
    /// recording in one journal, e.g. the resource as given ("pods"), or "pods/realfifo" when
    /// two informers watch pods with different options. "" (the default) = events unnamed.
    /// May be set at any time; it names the events recorded from then on. Not in client-go
    /// (its informers are told apart by their Go type).
    void setName(const QString &name);
    QString name() const { return m_name; }

    /// AddEventHandler = AddEventHandlerWithResyncPeriod(h, defaultResync).
    ProcessorListener *addEventHandler(const ResourceEventHandler &h, QString *error = nullptr);
    /// Resync rules of client-go: p < 1 s → 1 s; before start a smaller p lowers the check
    /// period (and every listener's period is re-determined); after start p is raised to the
    /// check period. Added while running: a synthetic add (isInInitialList = true) is queued for
    /// every object in the indexer. After stop: error "handler ... was not added to shared
    /// informer because it has stopped already".
    ProcessorListener *addEventHandlerWithResyncPeriod(const ResourceEventHandler &h,
                                                       qint64 resyncMs, QString *error = nullptr);
    /// RemoveEventHandler: unknown or foreign handles are ignored (no error).
    /// Registration and removal are journaled (HandlerAdded, HandlerRemoved), so a view knows a
    /// handler before its first notification.
    void removeEventHandler(ProcessorListener *handle);
    /// Changes a registered listener's resyncPeriod to `resyncMs` milliseconds (0 = none) and
    /// makes it next due `resyncMs` from now (determineNextResync); journaled as
    /// HandlerResyncChanged. Not a client-go API: client-go fixes the period at registration;
    /// the teaching scenarios and the window change it live.
    void setHandlerResyncPeriod(ProcessorListener *l, qint64 resyncMs);
    QList<ProcessorListener *> listeners() const { return m_listeners; }

    /// SetTransform: only before run(); after it, "informer has already started".
    QString setTransform(TransformFunc transform);
    /// Reflector::setListItemTransform() for this informer's reflector: where a LIST's items
    /// are decoded, the transform (or its non-counting twin) runs already; only before run().
    QString setListItemTransform(TransformFunc transform);
    /// Whether the reflector has listed and watched objects' bytes packed
    /// (Reflector::setObjectPacker(), with an ObjectPacker of this informer's; on by default); only
    /// before run() (after it: "informer has already started").
    QString setPackListedObjects(bool on);
    bool packListedObjects() const { return m_packListedObjects; }
    /// The packer run() made (its dictionary and what it saved), or null when packing is off or
    /// the informer has not run.
    std::shared_ptr<const ObjectPacker> objectPacker() const { return m_packer; }
    /// Chooses the queue; only before run() (after it: "informer has already started").
    QString setQueueMode(QueueMode mode);
    QueueMode queueMode() const { return m_queueMode; }
    /// The reflector's UseWatchList (streaming initial list, see Reflector); only before run()
    /// (after it: "informer has already started"). Off by default (v0.32 baseline).
    QString setUseWatchList(bool on);
    bool useWatchList() const { return m_useWatchList; }
    /// Reflector::setWatchListBookmarkTimeoutMs for the reflector run() builds (milliseconds;
    /// 0 = wait as client-go does). Only before run() ("informer has already started").
    QString setWatchListBookmarkTimeoutMs(qint64 ms);
    /// RealFIFO's AtomicEvents (client-go ≥ 1.36, feature gate AtomicFIFO): a relist is one
    /// ReplacedAll entry and a resync one SyncAll entry, reconciled against the indexer when
    /// popped: deletions (tombstones carrying the cached object) first, then adds/updates in
    /// list order, after the indexer was replaced (processReplacedAllInfo); SyncAll notifies
    /// OnUpdate(obj, obj) for every cached object (a sync: only resync-due handlers). Applies
    /// in RealFIFO mode only; only before run() ("informer has already started").
    QString setAtomicEvents(bool on);
    bool atomicEvents() const { return m_atomicEvents; }
    /// "DeltaFIFO" or "RealFIFO".
    QString queueModeName() const;

    /// SetWatchErrorHandler: the reflector's WatchErrorHandler (called with each error
    /// ListAndWatch returns: failed list, failed Replace, a watch call failing for good). Only
    /// before run(); after it "informer has already started".
    QString setWatchErrorHandler(std::function<void(const ApiStatus &)> handler);

    /// AddIndexers: allowed while running (indexes existing items); after stop an error.
    QString addIndexers(const Indexers &indexers);

    /// The type of the objects this informer holds, as NewSharedIndexInformer's exampleObject
    /// tells it: passed to the Reflector as its expectedType, which names the type in errors
    /// ("failed to list /v1, Kind=Pod: ...") and checks watch events against it. apiVersion is
    /// "v1" or "group/version"; empty = unspecified. `description`, when given, is the
    /// Reflector's TypeDescription (ReflectorOptions.TypeDescription), for a type known only by
    /// its resource name. Only before run().
    void setObjectType(const QString &apiVersion, const QString &kind,
                       const QString &description = {})
    {
        m_objectApiVersion = apiVersion;
        m_objectKind = kind;
        m_objectTypeDescription = description;
    }

    /// Called by run() with the new Reflector before it starts, to set what only the Reflector
    /// has (page size, WatchList bookmark timeout, ...). Used by scenarios; null = nothing.
    void setReflectorSetup(std::function<void(Reflector *)> setup)
    {
        m_reflectorSetup = std::move(setup);
    }

    /// Run: builds queue, reflector and controller and starts them. Returns "" on success.
    /// Like client-go, an informer runs once: a second run() — also after stop() — does
    /// nothing, journals a warning and returns "The sharedIndexInformer has started, run more
    /// than once is not allowed" (after stop: "... has been stopped; a stopped informer cannot
    /// be started again, create a new one").
    QString run();
    /// Stops the reflector and the pump; the indexer keeps its contents.
    void stop();

    bool hasStarted() const { return m_started; }
    bool isStopped() const { return m_stopped; }
    /// controller.HasSynced = queue.HasSynced.
    bool hasSynced() const { return m_queue && m_queue->hasSynced(); }
    QString lastSyncResourceVersion() const;
    qint64 resyncCheckPeriodMs() const { return m_resyncCheckPeriod; }

    const Indexer &indexer() const { return m_indexer; }
    /// The queue run() built (DeltaFIFO or RealFIFO, see QueueMode). Null before run().
    Queue *queue() const { return m_queue.get(); }
    /// The queue as a DeltaFIFO; null before run() or in RealFIFO mode.
    DeltaFIFO *deltaFifo() const { return dynamic_cast<DeltaFIFO *>(m_queue.get()); }
    /// The queue as a RealFIFO; null before run() or in DeltaFIFO mode.
    RealFIFO *realFifo() const { return dynamic_cast<RealFIFO *>(m_queue.get()); }
    Reflector *reflector() const { return m_reflector; }
    Controller *controller() const { return m_controller; }

Q_SIGNALS:
    /// HasSynced became true (once).
    void synced();

private:
    ProcessResult handleDeltas(const QString &key, const Deltas &deltas, bool isInInitialList);
    void handleAtomic(const RealFIFO::AtomicEvent &ev, bool isInInitialList);
    void journalIndexer(TraceKind kind, const QString &key, const Object &obj, const QString &type,
                        const Object &old = {});
    void distribute(const Notification &n, bool isSync);
    /// sharedProcessor.shouldResync: asks every listener (which sets its syncing flag) and
    /// writes each one's verdict and due times into `detail` ("listeners": [{handler,
    /// resyncPeriodMs, due, dueAtMs, nextResyncMs}], Clock milliseconds).
    bool shouldResync(QJsonObject *detail);
    /// Journals a listener's registration, removal or resync change (kinds HandlerAdded,
    /// HandlerRemoved, HandlerResyncChanged) with its name and resync settings.
    void journalHandler(TraceKind kind, const ProcessorListener *l, QJsonObject detail);
    void checkSynced();
    static qint64 determineResyncPeriod(qint64 desired, qint64 check);

    ListerWatcher *m_lw;
    /// The handle every part records through (null without a journal). Declared before the
    /// queue, so it outlives it; the reflector and controller are deleted first, explicitly.
    std::unique_ptr<Journal> m_journalHandle;
    Journal *m_journal; ///< m_journalHandle.get()
    QString m_name;
    const Clock *m_clock;
    Indexer m_indexer;
    std::unique_ptr<Queue> m_queue;
    QueueMode m_queueMode = QueueMode::DeltaFIFO;
    bool m_useWatchList = false;
    qint64 m_bookmarkTimeoutMs = 0;
    bool m_atomicEvents = false;
    std::function<void(const ApiStatus &)> m_watchErrorHandler;
    Reflector *m_reflector = nullptr;
    Controller *m_controller = nullptr;
    TransformFunc m_transform;
    TransformFunc m_listItemTransform;
    bool m_packListedObjects = true;
    std::shared_ptr<ObjectPacker> m_packer;
    std::function<void(Reflector *)> m_reflectorSetup;
    QString m_objectApiVersion;
    QString m_objectKind;
    QString m_objectTypeDescription;
    QList<ProcessorListener *> m_listeners;
    qint64 m_defaultResync;
    qint64 m_resyncCheckPeriod;
    bool m_started = false;
    bool m_stopped = false;
    bool m_syncedEmitted = false;
};

} // namespace lens
