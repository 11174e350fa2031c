// SPDX-License-Identifier: Apache-2.0
#include "informerfactory.h"

#include "trace/journal.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QTimer>

namespace lens {

// ---- CacheSyncResult ------------------------------------------------------------------------

bool CacheSyncResult::ok() const
{
    return notStarted.isEmpty() && notSynced().isEmpty();
}

QStringList CacheSyncResult::notSynced() const
{
    QStringList out;
    for (auto it = synced.cbegin(); it != synced.cend(); ++it)
        if (!it.value())
            out << it.key();
    return out;
}

QString CacheSyncResult::message() const
{
    if (ok())
        return QStringLiteral("all %1 informers synced (%2)")
            .arg(synced.size())
            .arg(synced.keys().join(QLatin1String(", ")));
    QStringList parts;
    if (!notSynced().isEmpty())
        parts << QStringLiteral("not synced: ") + notSynced().join(QLatin1String(", "));
    if (!notStarted.isEmpty())
        parts << QStringLiteral("not started: ") + notStarted.join(QLatin1String(", ")) +
                     QStringLiteral(" (created after start(); call start() again)");
    const QString head = timedOut ? QStringLiteral("timed out after %1 ms waiting for caches to "
                                                   "sync")
                                        .arg(elapsedMs)
                                  : QStringLiteral("caches not synced");
    return head + QStringLiteral(": ") + parts.join(QLatin1String("; "));
}

// ---- TweakedListerWatcher -------------------------------------------------------------------

class SharedInformerFactory::TweakedListerWatcher final : public ListerWatcher {
public:
    TweakedListerWatcher(std::unique_ptr<ListerWatcher> inner, TweakListOptionsFunc tweak)
        : m_inner(std::move(inner)), m_tweak(std::move(tweak))
    {
    }
    ListCall *list(const ListOptions &options) override
    {
        ListOptions o = options;
        m_tweak(o);
        return m_inner->list(o);
    }
    WatchCall *watch(const ListOptions &options) override
    {
        ListOptions o = options;
        m_tweak(o);
        return m_inner->watch(o);
    }
    QString description() const override { return m_inner->description(); }

private:
    std::unique_ptr<ListerWatcher> m_inner;
    TweakListOptionsFunc m_tweak;
};

namespace {
/// Owns a ListerWatcher as a QObject child of the informer that uses it.
class ListerWatcherHolder : public QObject {
public:
    ListerWatcherHolder(std::unique_ptr<ListerWatcher> lw, QObject *parent)
        : QObject(parent), m_lw(std::move(lw))
    {
    }

private:
    std::unique_ptr<ListerWatcher> m_lw;
};
} // namespace

// ---- options --------------------------------------------------------------------------------

SharedInformerFactory::Option SharedInformerFactory::withNamespace(const QString &ns)
{
    return [ns](Options &o) { o.namespaceName = ns; };
}

SharedInformerFactory::Option SharedInformerFactory::withTweakListOptions(TweakListOptionsFunc t)
{
    return [t](Options &o) { o.tweakListOptions = t; };
}

SharedInformerFactory::TweakListOptionsFunc
SharedInformerFactory::selectorTweak(const QString &labelSelector, const QString &fieldSelector)
{
    return [labelSelector, fieldSelector](ListOptions &o) {
        if (!labelSelector.isEmpty())
            o.labelSelector = labelSelector;
        if (!fieldSelector.isEmpty())
            o.fieldSelector = fieldSelector;
    };
}

SharedInformerFactory::Option
SharedInformerFactory::withCustomResyncConfig(const QHash<QString, qint64> &resyncMs)
{
    return [resyncMs](Options &o) {
        for (auto it = resyncMs.cbegin(); it != resyncMs.cend(); ++it)
            o.customResyncMs.insert(it.key(), it.value());
    };
}

SharedInformerFactory::Option SharedInformerFactory::withTransform(TransformFunc transform)
{
    return withTransform(std::move(transform), {});
}

SharedInformerFactory::Option SharedInformerFactory::withTransform(TransformFunc transform,
                                                                   TransformFunc listItemTransform)
{
    return [transform, listItemTransform](Options &o) {
        o.transform = transform;
        o.listItemTransform = listItemTransform;
    };
}

SharedInformerFactory::Option
SharedInformerFactory::withQueueMode(SharedIndexInformer::QueueMode mode)
{
    return [mode](Options &o) { o.queueMode = mode; };
}

SharedInformerFactory::Option SharedInformerFactory::withObjectPacking(bool on)
{
    return [on](Options &o) { o.packListedObjects = on; };
}

SharedInformerFactory::Option SharedInformerFactory::withWatchList(bool on)
{
    return [on](Options &o) { o.useWatchList = on; };
}

SharedInformerFactory::Option SharedInformerFactory::withJournalNotes(bool on)
{
    return [on](Options &o) { o.journalNotes = on; };
}

// ---- factory --------------------------------------------------------------------------------

SharedInformerFactory::SharedInformerFactory(ListerWatcherFactory lwFactory, qint64 defaultResyncMs,
                                             Journal *journal, const Clock *clock,
                                             const QList<Option> &options, QObject *parent)
    : QObject(parent), m_lwFactory(std::move(lwFactory)), m_defaultResync(defaultResyncMs),
      m_journal(journal), m_clock(clock)
{
    for (const Option &opt : options)
        opt(m_options);
}

SharedInformerFactory::~SharedInformerFactory()
{
    shutdown();
}

void SharedInformerFactory::note(const QString &message, const QString &resource, bool warning,
                                 const QJsonObject &extra)
{
    if (!m_journal || !m_options.journalNotes)
        return;
    TraceEvent e;
    e.kind = TraceKind::Info;
    e.component = QStringLiteral("factory");
    e.detail = extra;
    e.detail.insert(QLatin1String("message"), message);
    if (!resource.isEmpty())
        e.detail.insert(QLatin1String("resource"), resource);
    if (warning)
        e.detail.insert(QLatin1String("level"), QStringLiteral("warning"));
    m_journal->record(std::move(e));
}

void SharedInformerFactory::journalGate(TraceKind kind, const QString &type,
                                        const QJsonObject &detail)
{
    if (!m_journal || !m_options.journalNotes)
        return;
    TraceEvent e;
    e.kind = kind;
    e.component = QStringLiteral("factory");
    e.type = type;
    e.detail = detail;
    m_journal->record(std::move(e));
}

SharedIndexInformer *SharedInformerFactory::informer(const QString &name) const
{
    return m_entries.value(name).data();
}

QStringList SharedInformerFactory::notStarted() const
{
    QStringList out;
    for (const QString &r : m_order)
        if (!m_started.value(r, false))
            out << r;
    return out;
}

SharedIndexInformer *SharedInformerFactory::informerFor(const QString &resource, QString *error)
{
    return informerFor(InformerSpec{resource, {}, {}, {}}, error);
}

SharedIndexInformer *SharedInformerFactory::informerFor(const InformerSpec &spec, QString *error)
{
    const QString &resource = spec.resource;
    const QString name = spec.effectiveName();
    if (m_shutdown) {
        const QString msg =
            QStringLiteral("informer for %1 not created: the factory has been shut down")
                .arg(resource);
        note(msg, resource, true);
        if (error)
            *error = msg;
        return nullptr;
    }
    const SharedIndexInformer::QueueMode queueMode = spec.queueMode.value_or(m_options.queueMode);
    const bool useWatchList = spec.useWatchList.value_or(m_options.useWatchList);
    if (SharedIndexInformer *inf = informer(name)) {
        const InformerSpec &was = m_specs.value(name);
        if (was.resource == resource && inf->queueMode() == queueMode &&
            inf->useWatchList() == useWatchList)
            return inf;
        const QString msg =
            QStringLiteral("informer for %1 not created: the name %2 is taken by the informer "
                           "for %3 with other options")
                .arg(resource, name, was.resource);
        note(msg, resource, true);
        if (error)
            *error = msg;
        return nullptr;
    }
    QString lwError;
    std::unique_ptr<ListerWatcher> lw = m_lwFactory(resource, m_options.namespaceName, &lwError);
    if (!lw) {
        const QString msg = QStringLiteral("informer for %1 not created: %2")
                                .arg(resource, lwError.isEmpty() ? QStringLiteral("no "
                                                                                  "ListerWatcher")
                                                                 : lwError);
        note(msg, resource, true);
        if (error)
            *error = msg;
        return nullptr;
    }
    if (m_options.tweakListOptions)
        lw = std::make_unique<TweakedListerWatcher>(std::move(lw), m_options.tweakListOptions);
    const qint64 resync = m_options.customResyncMs.value(resource, m_defaultResync);
    auto *inf = new SharedIndexInformer(lw.get(), resync, m_journal, m_clock, {}, this);
    inf->setObjectName(name);
    inf->setName(name);
    // The ListerWatcher lives as long as its informer: a child deleted after the informer's
    // destructor has stopped the reflector.
    new ListerWatcherHolder(std::move(lw), inf);
    if (m_options.transform)
        inf->setTransform(m_options.transform);
    if (m_options.listItemTransform)
        inf->setListItemTransform(m_options.listItemTransform);
    inf->setQueueMode(queueMode);
    inf->setUseWatchList(useWatchList);
    inf->setPackListedObjects(m_options.packListedObjects);
    connect(inf, &SharedIndexInformer::synced, this, [this, name] { checkWaiters(name); });
    m_entries.insert(name, inf);
    m_specs.insert(name, spec);
    m_order << name;
    m_started.insert(name, false);

    QJsonObject extra;
    extra.insert(QLatin1String("resyncMs"), resync);
    extra.insert(QLatin1String("namespace"), m_options.namespaceName);
    // The informer is named in the message when it is not simply the resource's.
    const QString what =
        name == resource ? resource : QStringLiteral("%1 (%2)").arg(resource, name);
    if (name != resource) {
        extra.insert(QLatin1String("name"), name);
        extra.insert(QLatin1String("queue"), inf->queueModeName());
        extra.insert(QLatin1String("watchList"), useWatchList);
    }
    if (m_startCalled) {
        note(QStringLiteral("informer for %1 created after start(): it is not running until "
                            "start() is called again")
                 .arg(what),
             resource, true, extra);
        Q_EMIT informerCreatedAfterStart(name);
    } else {
        note(QStringLiteral("informer for %1 created").arg(what), resource, false, extra);
    }
    return inf;
}

void SharedInformerFactory::start()
{
    start(m_order);
}

void SharedInformerFactory::start(const QStringList &names)
{
    if (m_shutdown) {
        note(QStringLiteral("start() ignored: the factory has been shut down"), {}, true);
        return;
    }
    m_startCalled = true;
    QStringList started;
    for (const QString &r : std::as_const(m_order)) {
        if (m_started.value(r, false) || !names.contains(r))
            continue;
        SharedIndexInformer *inf = informer(r);
        if (!inf)
            continue;
        const QString err = inf->run();
        if (!err.isEmpty()) {
            note(QStringLiteral("informer for %1 not started: %2").arg(r, err), r, true);
            continue;
        }
        m_started.insert(r, true);
        started << r;
    }
    if (!started.isEmpty()) {
        note(QStringLiteral("started informers: ") + started.join(QLatin1String(", ")));
        Q_EMIT informersStarted(started);
    }
}

CacheSyncResult SharedInformerFactory::currentResult() const
{
    CacheSyncResult r;
    for (const QString &res : m_order) {
        const SharedIndexInformer *inf = informer(res);
        if (!m_started.value(res, false))
            r.notStarted << res;
        else
            r.synced.insert(res, inf && inf->hasSynced());
    }
    return r;
}

CacheSyncWaiter *SharedInformerFactory::waitForCacheSync(qint64 timeoutMs)
{
    auto *w = new CacheSyncWaiter(this);
    w->m_startedMs = m_clock->nowMs();
    m_waiters << w;
    const CacheSyncResult now = currentResult();
    QJsonObject d;
    d.insert(QLatin1String("informers"), QJsonArray::fromStringList(now.synced.keys()));
    d.insert(QLatin1String("waitingFor"), QJsonArray::fromStringList(now.notSynced()));
    d.insert(QLatin1String("notStarted"), QJsonArray::fromStringList(now.notStarted));
    d.insert(QLatin1String("timeoutMs"), qMax<qint64>(0, timeoutMs));
    journalGate(TraceKind::CacheSyncStarted, {}, d);
    if (!now.notStarted.isEmpty())
        note(QStringLiteral("not waiting for %1: created after start() and not started")
                 .arg(now.notStarted.join(QLatin1String(", "))),
             {}, true);
    if (timeoutMs > 0) {
        // A timeout must end even on a manual clock nobody drives: it catches up.
        w->m_timeout = new ClockTimer(m_clock, w, ClockTimer::ManualClockPolicy::CatchUp);
        connect(w->m_timeout, &ClockTimer::timeout, this,
                [this, w] { finishWaiter(w, QStringLiteral("timedOut")); });
        w->m_timeout->start(timeoutMs);
    }
    // The ticks show time passing on the Clock: on a manual clock they come when it is moved.
    w->m_ticker = new ClockTimer(m_clock, w);
    connect(w->m_ticker, &ClockTimer::timeout, this, [this, w] {
        const qint64 elapsed = m_clock->nowMs() - w->m_startedMs;
        const QStringList pending = currentResult().notSynced();
        ++w->m_ticks;
        w->m_ticker->startAt(w->m_startedMs + 1000 * qint64(w->m_ticks + 1));
        QJsonObject tick;
        tick.insert(QLatin1String("elapsedMs"), elapsed);
        tick.insert(QLatin1String("notSynced"), QJsonArray::fromStringList(pending));
        journalGate(TraceKind::CacheSyncWaiting, {}, tick);
        Q_EMIT w->waiting(elapsed, pending);
    });
    w->m_ticker->startAt(w->m_startedMs + 1000);
    // Decide on the next turn so the caller can connect to finished() first.
    QTimer::singleShot(0, w, [this] { checkWaiters(); });
    return w;
}

CacheSyncResult SharedInformerFactory::waitForCacheSyncBlocking(qint64 timeoutMs)
{
    CacheSyncWaiter *w = waitForCacheSync(timeoutMs);
    CacheSyncResult result;
    QEventLoop loop;
    connect(w, &CacheSyncWaiter::finished, &loop, [&](const CacheSyncResult &r) {
        result = r;
        loop.quit();
    });
    loop.exec();
    return result;
}

void SharedInformerFactory::checkWaiters(const QString &synced)
{
    const CacheSyncResult now = currentResult();
    if (!now.notSynced().isEmpty())
        return;
    const QList<QPointer<CacheSyncWaiter>> waiters = m_waiters;
    for (const QPointer<CacheSyncWaiter> &w : waiters)
        if (w)
            finishWaiter(w, QStringLiteral("opened"), synced);
}

void SharedInformerFactory::finishWaiter(CacheSyncWaiter *w, const QString &outcome,
                                         const QString &synced)
{
    if (!w || w->m_finished)
        return;
    w->m_finished = true;
    m_waiters.removeAll(QPointer<CacheSyncWaiter>(w));
    if (w->m_timeout)
        w->m_timeout->stop();
    w->m_ticker->stop();
    CacheSyncResult r = currentResult();
    r.timedOut = outcome == QLatin1String("timedOut");
    r.elapsedMs = m_clock->nowMs() - w->m_startedMs;
    r.waitedOn = outcome == QLatin1String("opened") ? synced : r.notSynced().value(0);
    w->m_result = r;
    QJsonObject d;
    d.insert(QLatin1String("elapsedMs"), r.elapsedMs);
    d.insert(QLatin1String("notSynced"), QJsonArray::fromStringList(r.notSynced()));
    d.insert(QLatin1String("notStarted"), QJsonArray::fromStringList(r.notStarted));
    d.insert(QLatin1String("waitedOn"), r.waitedOn);
    d.insert(QLatin1String("message"), r.message());
    if (!r.ok())
        d.insert(QLatin1String("level"), QStringLiteral("warning"));
    journalGate(TraceKind::CacheSyncFinished, outcome, d);
    Q_EMIT w->finished(r);
    w->deleteLater();
}

void SharedInformerFactory::shutdown()
{
    if (m_shutdown)
        return;
    m_shutdown = true;
    for (const QString &r : std::as_const(m_order))
        if (SharedIndexInformer *inf = informer(r))
            inf->stop();
    const QList<QPointer<CacheSyncWaiter>> waiters = m_waiters;
    for (const QPointer<CacheSyncWaiter> &w : waiters)
        if (w)
            finishWaiter(w, QStringLiteral("shutDown"));
    // deleteLater: shutdown() may be called from one of the informers' handlers. Each
    // informer takes its ListerWatcher (network manager, connections) with it.
    for (const QString &r : std::as_const(m_order))
        if (SharedIndexInformer *inf = informer(r))
            inf->deleteLater();
    m_entries.clear();
    m_specs.clear();
    const QStringList was = m_order;
    m_order.clear();
    m_started.clear();
    if (!was.isEmpty())
        note(QStringLiteral("shut down; released informers: ") + was.join(QLatin1String(", ")));
}

} // namespace lens
