// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "sharedinformer.h"
#include "trace/clocktimer.h"

#include <QHash>
#include <QMap>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace lens {

class Journal;

/// What SharedInformerFactory::waitForCacheSync() reports: client-go's
/// map[reflect.Type]bool for the started informers, plus what client-go leaves unsaid.
struct CacheSyncResult {
    /// informer name → HasSynced, for every started informer (client-go's map; the name is
    /// the resource unless InformerSpec::name said otherwise).
    QMap<QString, bool> synced;
    /// Informers obtained from the factory but never started (created after the last start();
    /// kubernetes#92777). client-go silently leaves them out; here they make `ok` false.
    QStringList notStarted;
    bool timedOut = false;
    qint64 elapsedMs = 0; ///< Clock milliseconds the wait took
    /// The informer the wait waited on last: when every informer synced, the one whose sync
    /// ended the wait ("" when all had synced before it began); else the first still not synced.
    QString waitedOn;
    /// True when every informer of the factory is started and synced.
    bool ok() const;
    /// Resources that are started but not synced.
    QStringList notSynced() const;
    /// One line: "all 2 informers synced (pods, configmaps)" or "timed out after 5000 ms
    /// waiting for caches to sync: not synced: pods; not started: services (call start()
    /// again)".
    QString message() const;
};

/// One pending waitForCacheSync(): emits finished() exactly once (all synced, timed out, or
/// the factory shut down) and then deletes itself (deleteLater). Times are milliseconds of the
/// factory's Clock, measured and waited for with ClockTimers: on a scenario's manual clock
/// the ticks come at exact scenario seconds (an exact `--at` picture stays exact) and the
/// timeout catches up when nobody drives the clock (ClockTimer::ManualClockPolicy).
class CacheSyncWaiter : public QObject {
    Q_OBJECT
public:
    const CacheSyncResult &result() const { return m_result; }
    bool isFinished() const { return m_finished; }

Q_SIGNALS:
    void finished(const lens::CacheSyncResult &result);
    /// Every second of Clock time while waiting: how long so far (ms) and the started
    /// informers not synced yet (a long wait is shown with a timer and names what it waits
    /// for). Journaled as CacheSyncWaiting.
    void waiting(qint64 elapsedMs, const QStringList &notSynced);

private:
    friend class SharedInformerFactory;
    explicit CacheSyncWaiter(QObject *parent) : QObject(parent) {}
    CacheSyncResult m_result;
    bool m_finished = false;
    qint64 m_startedMs = 0; ///< Clock milliseconds
    int m_ticks = 0;
    ClockTimer *m_timeout = nullptr;
    ClockTimer *m_ticker = nullptr;
};

/// What SharedInformerFactory::informerFor(const InformerSpec &) makes: an informer of
/// `resource`, with its own options where they differ from the factory's, under a name unique
/// in the factory (and in the journal, TraceEvent::informer). Two specs of one resource with
/// different options make two informers, e.g. {pods, "pods/deltafifo", DeltaFIFO} and {pods,
/// "pods/realfifo", RealFIFO}, to compare them on one event stream. Not in client-go (its
/// factory holds one informer per Go type and follows the feature gates).
struct InformerSpec {
    QString resource; ///< as the ListerWatcherFactory understands it ("pods", "apps/v1/...")
    QString name;     ///< "" = the resource
    /// The queue of this informer; unset = the factory's (Options::queueMode).
    std::optional<SharedIndexInformer::QueueMode> queueMode;
    /// UseWatchList for this informer; unset = the factory's (Options::useWatchList).
    std::optional<bool> useWatchList;
    QString effectiveName() const { return name.isEmpty() ? resource : name; }
};

/// client-go's sharedInformerFactory (informers/factory.go, v0.32) for resources named by
/// string ("pods", "configmaps", "apps/v1/deployments": whatever the ListerWatcherFactory
/// understands) instead of Go types: one SharedIndexInformer per resource, created on first
/// informerFor() and shared by every later caller. Informers are keyed by name: the resource,
/// or an InformerSpec's name when one resource is watched twice with different options.
///
/// Options (client-go's SharedInformerOption, passed to the constructor):
///  * withNamespace(ns): every informer lists and watches only `ns` ("" = all namespaces);
///  * withTweakListOptions(f): f edits the ListOptions of every LIST and WATCH (label and
///    field selectors, typically) before they are sent;
///  * withCustomResyncConfig({resource: ms}): that resource's defaultEventHandlerResyncPeriod
///    instead of the factory's defaultResync;
///  * withTransform(f): SetTransform on every informer.
/// Namespace and tweak are factory-wide, as in client-go, so the informer of a resource is
/// keyed by (resource, namespace, tweak) through the factory that holds it: use a second
/// factory for another namespace or selector.
///
/// Lifecycle: start() runs every informer created so far that is not running yet (client-go's
/// Start); an informer created after start() is NOT running until start() is called again —
/// the factory journals that at creation (and emits informerCreatedAfterStart) and
/// waitForCacheSync() names it under "not started" instead of waiting for it silently
/// (FS-08). shutdown() stops every informer at once (its handlers get nothing more and
/// AddEventHandler fails with client-go's "stopped already" error), then deletes informers and
/// their ListerWatchers (timers, network connections, caches) with deleteLater(): hold
/// informers in a QPointer if you keep them past shutdown(). Afterwards start() is a no-op
/// and informerFor() returns null with an error; the factory journals both.
///
/// Journal: component "factory". Creation, start and shutdown are TraceKind::Info with
/// detail.message and detail.resource; waitForCacheSync() is a gate of its own kinds,
/// CacheSyncStarted, CacheSyncWaiting (every second) and CacheSyncFinished, whose fields name
/// the informers it waits on (docs/semantics.md). With Options::journalNotes off the factory
/// journals none of these (the informers still journal their own events).
class SharedInformerFactory : public QObject {
    Q_OBJECT
public:
    /// Makes the ListerWatcher of `resource` restricted to `ns` ("" = all namespaces), e.g. an
    /// HttpListerWatcher on HttpListerWatcher::collectionPath(...). Returns null (and sets
    /// *error) when it cannot. The factory owns the result.
    using ListerWatcherFactory = std::function<std::unique_ptr<ListerWatcher>(
        const QString &resource, const QString &ns, QString *error)>;
    /// client-go's internalinterfaces.TweakListOptionsFunc.
    using TweakListOptionsFunc = std::function<void(ListOptions &)>;

    struct Options {
        QString namespaceName; ///< "" = metav1.NamespaceAll
        TweakListOptionsFunc tweakListOptions;
        QHash<QString, qint64> customResyncMs; ///< resource → resync in milliseconds
        TransformFunc transform;
        /// Not in client-go: SharedIndexInformer::setListItemTransform() for every informer.
        TransformFunc listItemTransform;
        /// Not in client-go's factory (its informers follow the feature gates): queue mode and
        /// UseWatchList applied to every informer.
        SharedIndexInformer::QueueMode queueMode = SharedIndexInformer::QueueMode::DeltaFIFO;
        bool useWatchList = false;
        /// Not in client-go: SharedIndexInformer::setPackListedObjects() for every informer.
        bool packListedObjects = true;
        /// Not in client-go: false = the factory journals nothing of its own (a front end
        /// running a single informer, whose journal reads as it did without a factory: the
        /// informer's Synced event is its whole gate).
        bool journalNotes = true;
    };
    /// client-go's SharedInformerOption.
    using Option = std::function<void(Options &)>;
    static Option withNamespace(const QString &ns);
    static Option withTweakListOptions(TweakListOptionsFunc tweak);
    /// A tweak setting labelSelector and/or fieldSelector (empty = leave as is).
    static TweakListOptionsFunc selectorTweak(const QString &labelSelector,
                                              const QString &fieldSelector);
    static Option withCustomResyncConfig(const QHash<QString, qint64> &resyncMs);
    static Option withTransform(TransformFunc transform);
    /// withTransform(`transform`), and `listItemTransform` (the same work, counting nothing)
    /// where a LIST's items are decoded (SharedIndexInformer::setListItemTransform()).
    static Option withTransform(TransformFunc transform, TransformFunc listItemTransform);
    static Option withQueueMode(SharedIndexInformer::QueueMode mode);
    static Option withWatchList(bool on);
    /// Options::packListedObjects (on unless this says off).
    static Option withObjectPacking(bool on);
    static Option withJournalNotes(bool on);

    /// NewSharedInformerFactoryWithOptions(client, defaultResync, options...).
    /// `defaultResyncMs` in milliseconds (0 = no resync). `journal` may be null; `clock` must
    /// outlive the factory.
    SharedInformerFactory(ListerWatcherFactory lwFactory, qint64 defaultResyncMs, Journal *journal,
                          const Clock *clock, const QList<Option> &options = {},
                          QObject *parent = nullptr);
    ~SharedInformerFactory() override;

    const Options &options() const { return m_options; }
    qint64 defaultResyncMs() const { return m_defaultResync; }

    /// InformerFor: the informer of `resource`, created on first call (resync = the custom one
    /// for the resource, else defaultResync; indexer with the "namespace" index), named
    /// `resource`. Null (with *error) when the ListerWatcherFactory fails or after shutdown().
    /// Owned by the factory.
    SharedIndexInformer *informerFor(const QString &resource, QString *error = nullptr);
    /// The informer `spec` describes, created on first call under spec.effectiveName() with
    /// the spec's queue mode and WatchList where set (the factory's otherwise), and returned
    /// again for the same name. Null with *error as above, and when the name is taken by an
    /// informer of another resource or other options ("informer name pods is taken by ...").
    SharedIndexInformer *informerFor(const InformerSpec &spec, QString *error = nullptr);
    /// The informer named `name` (the resource, for informerFor(resource)), else null.
    SharedIndexInformer *informer(const QString &name) const;
    /// The informers' names, in creation order.
    QStringList names() const { return m_order; }
    /// The same as names() (kept for callers that watch one informer per resource).
    QStringList resources() const { return m_order; }
    /// Created and not yet started by start().
    QStringList notStarted() const;
    bool isStarted(const QString &name) const { return m_started.value(name, false); }

    /// Start: runs every informer not started yet. No-op (journaled) after shutdown().
    void start();
    /// Runs the informers named in `names` that are not started yet (unknown names are
    /// ignored); the others stay as they are. Not in client-go, whose Start starts them all: a
    /// scenario starts one informer at a step of its own.
    void start(const QStringList &names);
    /// WaitForCacheSync with a timeout in Clock milliseconds (≤ 0 = no timeout): the returned
    /// waiter emits finished() once every started informer has synced, or at the timeout with
    /// the unsynced ones named, or at shutdown(). Already synced → finished() on the next
    /// event-loop turn. Journals the gate: CacheSyncStarted, CacheSyncWaiting every second
    /// while it waits, CacheSyncFinished.
    CacheSyncWaiter *waitForCacheSync(qint64 timeoutMs);
    /// The same, blocking in a local QEventLoop (tests, CLI). Use only where nested event
    /// loops are safe.
    CacheSyncResult waitForCacheSyncBlocking(qint64 timeoutMs);
    /// Shutdown: stops every informer, finishes pending waiters (their finished() reports the
    /// state at that moment) and releases informers, ListerWatchers and timers (deleteLater).
    /// Idempotent. client-go's Shutdown also waits for the informer goroutines; here stopping
    /// is synchronous.
    void shutdown();
    bool isShutdown() const { return m_shutdown; }

Q_SIGNALS:
    /// informerFor() created an informer after start(): it does not run until start() is
    /// called again.
    void informerCreatedAfterStart(const QString &name);
    /// start() started these informers.
    void informersStarted(const QStringList &resources);

private:
    /// Wraps a ListerWatcher, applying the tweak to every request's options.
    class TweakedListerWatcher;
    CacheSyncResult currentResult() const;
    /// Finishes every waiter when all started informers have synced; `synced` is the informer
    /// whose sync called it ("" when none did).
    void checkWaiters(const QString &synced = {});
    /// `outcome` is CacheSyncFinished's type: opened, timedOut or shutDown.
    void finishWaiter(CacheSyncWaiter *w, const QString &outcome, const QString &synced = {});
    void note(const QString &message, const QString &resource = {}, bool warning = false,
              const QJsonObject &extra = {});
    /// Records a CacheSync* event of the factory (nothing with journalNotes off).
    void journalGate(TraceKind kind, const QString &type, const QJsonObject &detail);

    ListerWatcherFactory m_lwFactory;
    qint64 m_defaultResync;
    Journal *m_journal;
    const Clock *m_clock;
    Options m_options;
    QHash<QString, QPointer<SharedIndexInformer>> m_entries; ///< by name
    QHash<QString, InformerSpec> m_specs;                    ///< by name, as created
    QStringList m_order;                                     ///< names, in creation order
    QHash<QString, bool> m_started;                          ///< by name
    QList<QPointer<CacheSyncWaiter>> m_waiters;
    bool m_startCalled = false;
    bool m_shutdown = false;
};

} // namespace lens

Q_DECLARE_METATYPE(lens::CacheSyncResult)
