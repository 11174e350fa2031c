// SPDX-License-Identifier: Apache-2.0
#include "sharedinformer.h"

#include <QJsonArray>

#include "api/objectpacker.h"
#include "trace/journal.h"

#include <QSet>

namespace lens {

namespace {
constexpr qint64 kMinimumResyncPeriodMs = 1000; // minimumResyncPeriod

Indexers withNamespaceIndex(Indexers ix)
{
    if (!ix.contains(namespaceIndexName()))
        ix.insert(namespaceIndexName(), metaNamespaceIndexFunc);
    return ix;
}
} // namespace

SharedIndexInformer::SharedIndexInformer(ListerWatcher *lw, qint64 defaultResyncMs,
                                         Journal *journal, const Clock *clock, Indexers indexers,
                                         QObject *parent)
    : QObject(parent), m_lw(lw),
      m_journalHandle(journal ? std::make_unique<Journal>(journal, QString()) : nullptr),
      m_journal(m_journalHandle.get()), m_clock(clock),
      m_indexer(metaNamespaceKeyFunc, withNamespaceIndex(std::move(indexers))),
      m_defaultResync(defaultResyncMs), m_resyncCheckPeriod(defaultResyncMs)
{
}

SharedIndexInformer::~SharedIndexInformer()
{
    // The reflector and controller are children; stop them before the queue goes away.
    delete m_reflector;
    delete m_controller;
}

void SharedIndexInformer::setName(const QString &name)
{
    m_name = name;
    if (m_journalHandle)
        m_journalHandle->setInformerName(name);
}

qint64 SharedIndexInformer::determineResyncPeriod(qint64 desired, qint64 check)
{
    if (desired == 0 || check == 0)
        return 0;
    return desired < check ? check : desired;
}

ProcessorListener *SharedIndexInformer::addEventHandler(const ResourceEventHandler &h,
                                                        QString *error)
{
    return addEventHandlerWithResyncPeriod(h, m_defaultResync, error);
}

ProcessorListener *
SharedIndexInformer::addEventHandlerWithResyncPeriod(const ResourceEventHandler &h, qint64 resyncMs,
                                                     QString *error)
{
    if (m_stopped) {
        if (error)
            *error = QStringLiteral("handler %1 was not added to shared informer because it has "
                                    "stopped already")
                         .arg(h.name);
        return nullptr;
    }
    if (resyncMs > 0) {
        if (resyncMs < kMinimumResyncPeriodMs)
            resyncMs = kMinimumResyncPeriodMs;
        if (resyncMs < m_resyncCheckPeriod) {
            if (m_started) {
                resyncMs = m_resyncCheckPeriod;
            } else {
                m_resyncCheckPeriod = resyncMs;
                for (ProcessorListener *l : std::as_const(m_listeners)) {
                    const qint64 was = l->resyncPeriodMs();
                    l->setResyncPeriodMs(
                        determineResyncPeriod(l->requestedResyncPeriodMs(), resyncMs));
                    if (l->resyncPeriodMs() != was)
                        journalHandler(
                            TraceKind::HandlerResyncChanged, l,
                            {{QLatin1String("reason"), QStringLiteral("resyncCheckPeriod")},
                             {QLatin1String("byHandler"), h.name}});
                }
            }
        }
    }
    auto *l =
        new ProcessorListener(h, resyncMs, determineResyncPeriod(resyncMs, m_resyncCheckPeriod),
                              m_journal, m_clock, this);
    m_listeners << l;
    journalHandler(TraceKind::HandlerAdded, l,
                   {{QLatin1String("requestedResyncPeriodMs"), resyncMs},
                    {QLatin1String("syncing"), l->isSyncing()},
                    {QLatin1String("informerStarted"), m_started}});
    if (m_started) {
        // A late handler gets a synthetic add for everything already in the cache.
        QList<Object> objs = m_indexer.list();
        std::sort(objs.begin(), objs.end(), [](const Object &a, const Object &b) {
            return metaNamespaceKeyFunc(a).key < metaNamespaceKeyFunc(b).key;
        });
        for (const Object &o : std::as_const(objs)) {
            Notification n;
            n.type = Notification::Type::Add;
            n.obj = o;
            n.isInInitialList = true;
            l->add(n);
        }
    }
    return l;
}

void SharedIndexInformer::removeEventHandler(ProcessorListener *handle)
{
    const qsizetype i = m_listeners.indexOf(handle);
    if (i < 0)
        return;
    m_listeners.removeAt(i);
    journalHandler(TraceKind::HandlerRemoved, handle,
                   {{QLatin1String("dropped"), qint64(handle->backlog())}});
    handle->shutdown();
    handle->deleteLater();
}

void SharedIndexInformer::setHandlerResyncPeriod(ProcessorListener *l, qint64 resyncMs)
{
    if (!m_listeners.contains(l))
        return;
    l->setResyncPeriodMs(resyncMs);
    l->determineNextResync(m_clock->nowMs());
    journalHandler(TraceKind::HandlerResyncChanged, l,
                   {{QLatin1String("reason"), QStringLiteral("user")}});
}

void SharedIndexInformer::journalHandler(TraceKind kind, const ProcessorListener *l,
                                         QJsonObject detail)
{
    if (!m_journal)
        return;
    TraceEvent e;
    e.kind = kind;
    e.component = QStringLiteral("processor");
    detail.insert(QLatin1String("handler"), l->name());
    if (kind != TraceKind::HandlerRemoved) {
        detail.insert(QLatin1String("resyncPeriodMs"), l->resyncPeriodMs());
        if (l->resyncPeriodMs() > 0)
            detail.insert(QLatin1String("nextResyncMs"), l->nextResyncMs());
    }
    e.detail = std::move(detail);
    m_journal->record(std::move(e));
}

QString SharedIndexInformer::setTransform(TransformFunc transform)
{
    if (m_started)
        return QStringLiteral("informer has already started");
    m_transform = std::move(transform);
    return {};
}

QString SharedIndexInformer::setListItemTransform(TransformFunc transform)
{
    if (m_started)
        return QStringLiteral("informer has already started");
    m_listItemTransform = std::move(transform);
    return {};
}

QString SharedIndexInformer::setPackListedObjects(bool on)
{
    if (m_started)
        return QStringLiteral("informer has already started");
    m_packListedObjects = on;
    return {};
}

QString SharedIndexInformer::setQueueMode(QueueMode mode)
{
    if (m_started)
        return QStringLiteral("informer has already started");
    m_queueMode = mode;
    return {};
}

QString SharedIndexInformer::setUseWatchList(bool on)
{
    if (m_started)
        return QStringLiteral("informer has already started");
    m_useWatchList = on;
    return {};
}

QString SharedIndexInformer::setWatchErrorHandler(std::function<void(const ApiStatus &)> handler)
{
    if (m_started)
        return QStringLiteral("informer has already started");
    m_watchErrorHandler = std::move(handler);
    return {};
}

QString SharedIndexInformer::setAtomicEvents(bool on)
{
    if (m_started)
        return QStringLiteral("informer has already started");
    m_atomicEvents = on;
    return {};
}

QString SharedIndexInformer::setWatchListBookmarkTimeoutMs(qint64 ms)
{
    if (m_started)
        return QStringLiteral("informer has already started");
    m_bookmarkTimeoutMs = ms;
    return {};
}

QString SharedIndexInformer::queueModeName() const
{
    return m_queueMode == QueueMode::RealFIFO ? QStringLiteral("RealFIFO")
                                              : QStringLiteral("DeltaFIFO");
}

QString SharedIndexInformer::addIndexers(const Indexers &indexers)
{
    if (m_stopped)
        return QStringLiteral("indexer was not added because it has stopped already");
    return m_indexer.addIndexers(indexers);
}

QString SharedIndexInformer::lastSyncResourceVersion() const
{
    return m_reflector ? m_reflector->lastSyncResourceVersion() : QString();
}

QString SharedIndexInformer::run()
{
    if (m_started || m_stopped) {
        const QString msg =
            m_stopped ? QStringLiteral("The sharedIndexInformer has been stopped; a stopped "
                                       "informer cannot be started again, create a new one")
                      : QStringLiteral("The sharedIndexInformer has started, run more than once "
                                       "is not allowed");
        if (m_journal) {
            TraceEvent e;
            e.kind = TraceKind::Info;
            e.component = QStringLiteral("informer");
            e.detail.insert(QLatin1String("message"), msg);
            e.detail.insert(QLatin1String("level"), QStringLiteral("warning"));
            m_journal->record(std::move(e));
        }
        return msg;
    }
    m_started = true;
    if (m_queueMode == QueueMode::RealFIFO) {
        RealFIFO::Options o;
        o.keyFunc = metaNamespaceKeyFunc;
        // client-go unsets knownObjects for an atomic FIFO: the informer reconciles instead.
        o.knownObjects = m_atomicEvents ? nullptr : &m_indexer;
        o.transformer = m_transform;
        o.atomicEvents = m_atomicEvents;
        m_queue = std::make_unique<RealFIFO>(o);
    } else {
        DeltaFIFO::Options o;
        o.keyFunc = metaNamespaceKeyFunc;
        o.knownObjects = &m_indexer;
        o.emitDeltaTypeReplaced = true;
        o.transformer = m_transform;
        m_queue = std::make_unique<DeltaFIFO>(o);
    }
    m_queue->setJournal(m_journal);
    if (m_journal) {
        TraceEvent e;
        e.kind = TraceKind::Info;
        e.component = QStringLiteral("informer");
        e.detail.insert(QLatin1String("message"),
                        QStringLiteral("informer queue: ") + queueModeName());
        e.detail.insert(QLatin1String("queueMode"), queueModeName());
        if (m_queueMode == QueueMode::RealFIFO)
            e.detail.insert(QLatin1String("atomicEvents"), m_atomicEvents);
        m_journal->record(std::move(e));
    }
    m_controller = new Controller(
        m_queue.get(),
        [this](const QString &key, const Deltas &d, bool initial) {
            return handleDeltas(key, d, initial);
        },
        m_journal, this);
    m_controller->setClock(m_clock);
    m_queue->setQueuedCallback([this] { m_controller->notifyQueued(); });
    m_reflector = new Reflector(m_lw, m_queue.get(), m_journal, m_clock, this);
    m_reflector->setResyncPeriod(m_resyncCheckPeriod,
                                 [this](QJsonObject *detail) { return shouldResync(detail); });
    m_reflector->setUseWatchList(m_useWatchList);
    m_reflector->setWatchListBookmarkTimeoutMs(m_bookmarkTimeoutMs);
    m_reflector->setExpectedType(m_objectApiVersion, m_objectKind);
    m_reflector->setTypeDescription(m_objectTypeDescription);
    m_reflector->setListItemTransform(m_listItemTransform);
    if (m_packListedObjects) {
        m_packer = std::make_shared<ObjectPacker>();
        m_reflector->setObjectPacker(m_packer);
    }
    if (m_watchErrorHandler)
        m_reflector->setWatchErrorHandler(m_watchErrorHandler);
    connect(m_reflector, &Reflector::listSynced, this, &SharedIndexInformer::checkSynced);
    if (m_reflectorSetup)
        m_reflectorSetup(m_reflector);
    m_reflector->run();
    return {};
}

void SharedIndexInformer::stop()
{
    if (!m_started || m_stopped)
        return;
    m_stopped = true;
    m_reflector->stop();
    m_controller->pause();
    if (m_queue)
        m_queue->close();
    // The processor stops with the informer: listeners drain no further.
    for (ProcessorListener *l : std::as_const(m_listeners))
        l->shutdown();
}

bool SharedIndexInformer::shouldResync(QJsonObject *detail)
{
    const qint64 now = m_clock->nowMs();
    bool any = false;
    QJsonArray listeners;
    for (ProcessorListener *l : std::as_const(m_listeners)) {
        const qint64 wasDue = l->nextResyncMs();
        const bool due = l->shouldResync(now);
        any = due || any;
        QJsonObject o;
        o.insert(QLatin1String("handler"), l->name());
        o.insert(QLatin1String("resyncPeriodMs"), l->resyncPeriodMs());
        o.insert(QLatin1String("due"), due);
        if (l->resyncPeriodMs() > 0) {
            o.insert(QLatin1String("dueAtMs"), wasDue);
            o.insert(QLatin1String("nextResyncMs"), l->nextResyncMs());
        }
        listeners.append(o);
    }
    if (detail)
        detail->insert(QLatin1String("listeners"), listeners);
    return any;
}

void SharedIndexInformer::distribute(const Notification &n, bool isSync)
{
    for (ProcessorListener *l : std::as_const(m_listeners)) {
        if (!isSync || l->isSyncing())
            l->add(n);
    }
}

void SharedIndexInformer::journalIndexer(TraceKind kind, const QString &key, const Object &obj,
                                         const QString &type, const Object &old)
{
    if (!m_journal)
        return;
    TraceEvent e;
    e.kind = kind;
    e.component = QStringLiteral("indexer");
    e.key = key;
    e.object = obj;
    e.resourceVersion = obj.resourceVersion();
    e.type = type;
    if (!old.isNull())
        e.detail.insert(QLatin1String("oldResourceVersion"), old.resourceVersion());
    m_journal->record(std::move(e));
}

void SharedIndexInformer::handleAtomic(const RealFIFO::AtomicEvent &ev, bool isInInitialList)
{
    if (ev.type == QLatin1String("SyncAll")) {
        // OnUpdate(obj, obj) for every cached object: a sync, so only resync-due listeners.
        QList<Object> objs = m_indexer.list();
        std::sort(objs.begin(), objs.end(), [](const Object &a, const Object &b) {
            return metaNamespaceKeyFunc(a).key < metaNamespaceKeyFunc(b).key;
        });
        for (const Object &o : std::as_const(objs)) {
            Notification n;
            n.type = Notification::Type::Update;
            n.oldObj = o;
            n.obj = o;
            n.isSync = true;
            distribute(n, true);
        }
        return;
    }
    // processReplacedAllInfo: reconcile against the indexer, replace it, then notify deletions
    // first and adds/updates in list order.
    QSet<QString> newKeys;
    QList<QPair<QString, Object>> replacements; // key → old object (null = add)
    for (const Object &o : ev.objects) {
        const QString key = metaNamespaceKeyFunc(o).key;
        newKeys.insert(key);
        replacements << qMakePair(key, m_indexer.getByKey(key));
    }
    QStringList known = m_indexer.listKeys();
    std::sort(known.begin(), known.end());
    QList<Delta> deletions;
    for (const QString &key : std::as_const(known))
        if (!newKeys.contains(key))
            deletions << Delta::deletedFinalStateUnknown(key, m_indexer.getByKey(key));
    m_indexer.replace(ev.objects, ev.resourceVersion);
    for (const Delta &d : std::as_const(deletions)) {
        journalIndexer(TraceKind::IndexerDeleted, d.tombstoneKey, d.object,
                       QStringLiteral("DeletedFinalStateUnknown"));
        Notification n;
        n.type = Notification::Type::Delete;
        n.obj = d.object;
        n.deleted = d;
        n.key = d.tombstoneKey;
        distribute(n, false);
    }
    for (qsizetype i = 0; i < ev.objects.size(); ++i) {
        const Object &o = ev.objects.at(i);
        const QString &key = replacements.at(i).first;
        const Object &old = replacements.at(i).second;
        Notification n;
        n.obj = o;
        n.key = key;
        if (!old.isNull()) {
            n.type = Notification::Type::Update;
            n.oldObj = old;
            n.isSync = old.resourceVersion() == o.resourceVersion();
            journalIndexer(TraceKind::IndexerUpdated, key, o, QStringLiteral("ReplacedAll"), old);
        } else {
            n.type = Notification::Type::Add;
            n.isInInitialList = isInInitialList;
            journalIndexer(TraceKind::IndexerAdded, key, o, QStringLiteral("ReplacedAll"));
        }
        distribute(n, n.isSync);
    }
}

ProcessResult SharedIndexInformer::handleDeltas(const QString &key, const Deltas &deltas,
                                                bool isInInitialList)
{
    if (key.isEmpty()) {
        if (const RealFIFO *rf = realFifo()) {
            if (const RealFIFO::AtomicEvent *ev = rf->atomicBeingProcessed()) {
                handleAtomic(*ev, isInInitialList);
                checkSynced();
                return {};
            }
        }
    }
    if (isInInitialList && m_indexer.size() == 0 && m_queue->size() > 0)
        m_indexer.reserve(m_queue->size() + 1); // the initial list, popped one key at a time
    for (const Delta &d : deltas) {
        switch (d.type) {
        case DeltaType::Sync:
        case DeltaType::Replaced:
        case DeltaType::Added:
        case DeltaType::Updated: {
            const Object old = m_indexer.getByKey(key);
            m_indexer.updateByKey(key, d.object);
            Notification n;
            n.obj = d.object;
            n.key = key;
            TraceEvent e;
            e.component = QStringLiteral("indexer");
            e.key = key;
            e.object = d.object;
            e.resourceVersion = d.object.resourceVersion();
            e.type = deltaTypeName(d.type);
            if (!old.isNull()) {
                n.type = Notification::Type::Update;
                n.oldObj = old;
                // Events that did not change resourceVersion only reach resync-due listeners.
                n.isSync = old.resourceVersion() == d.object.resourceVersion();
                e.kind = TraceKind::IndexerUpdated;
                e.detail.insert(QLatin1String("oldResourceVersion"), old.resourceVersion());
            } else {
                n.type = Notification::Type::Add;
                n.isInInitialList = isInInitialList;
                e.kind = TraceKind::IndexerAdded;
            }
            if (m_journal)
                m_journal->record(std::move(e));
            distribute(n, n.isSync);
            break;
        }
        case DeltaType::Deleted: {
            const Object old = m_indexer.getByKey(key);
            m_indexer.removeByKey(key);
            if (m_journal) {
                TraceEvent e;
                e.kind = TraceKind::IndexerDeleted;
                e.component = QStringLiteral("indexer");
                e.key = key;
                e.object = d.object.isNull() ? old : d.object;
                e.resourceVersion = e.object.resourceVersion();
                e.type = d.tombstone ? QStringLiteral("DeletedFinalStateUnknown")
                                     : QStringLiteral("Deleted");
                m_journal->record(std::move(e));
            }
            Notification n;
            n.type = Notification::Type::Delete;
            n.obj = d.object;
            n.deleted = d;
            n.key = key;
            distribute(n, false);
            break;
        }
        }
    }
    checkSynced();
    return {};
}

void SharedIndexInformer::checkSynced()
{
    if (!m_syncedEmitted && m_queue && m_queue->hasSynced()) {
        m_syncedEmitted = true;
        if (m_journal) {
            TraceEvent e;
            e.kind = TraceKind::Synced;
            e.component = QStringLiteral("informer");
            e.resourceVersion = lastSyncResourceVersion();
            e.detail.insert(QLatin1String("objects"), qint64(m_indexer.size()));
            m_journal->record(std::move(e));
        }
        Q_EMIT synced();
    }
}

} // namespace lens
