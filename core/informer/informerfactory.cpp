// SPDX-License-Identifier: Apache-2.0
#include "informerfactory.h"

#include "trace/journal.h"

#include <QDateTime>
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
    return [transform](Options &o) { o.transform = transform; };
}

SharedInformerFactory::Option
SharedInformerFactory::withQueueMode(SharedIndexInformer::QueueMode mode)
{
    return [mode](Options &o) { o.queueMode = mode; };
}

SharedInformerFactory::Option SharedInformerFactory::withWatchList(bool on)
{
    return [on](Options &o) { o.useWatchList = on; };
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
    if (!m_journal)
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

SharedIndexInformer *SharedInformerFactory::informer(const QString &resource) const
{
    return m_entries.value(resource).data();
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
    if (m_shutdown) {
        const QString msg =
            QStringLiteral("informer for %1 not created: the factory has been shut down")
                .arg(resource);
        note(msg, resource, true);
        if (error)
            *error = msg;
        return nullptr;
    }
    if (SharedIndexInformer *inf = informer(resource))
        return inf;
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
    inf->setObjectName(resource);
    inf->setName(resource);
    // The ListerWatcher lives as long as its informer: a child deleted after the informer's
    // destructor has stopped the reflector.
    new ListerWatcherHolder(std::move(lw), inf);
    if (m_options.transform)
        inf->setTransform(m_options.transform);
    inf->setQueueMode(m_options.queueMode);
    inf->setUseWatchList(m_options.useWatchList);
    connect(inf, &SharedIndexInformer::synced, this, &SharedInformerFactory::checkWaiters);
    m_entries.insert(resource, inf);
    m_order << resource;
    m_started.insert(resource, false);

    QJsonObject extra;
    extra.insert(QLatin1String("resyncMs"), resync);
    extra.insert(QLatin1String("namespace"), m_options.namespaceName);
    if (m_startCalled) {
        note(QStringLiteral("informer for %1 created after start(): it is not running until "
                            "start() is called again")
                 .arg(resource),
             resource, true, extra);
        Q_EMIT informerCreatedAfterStart(resource);
    } else {
        note(QStringLiteral("informer for %1 created").arg(resource), resource, false, extra);
    }
    return inf;
}

void SharedInformerFactory::start()
{
    if (m_shutdown) {
        note(QStringLiteral("start() ignored: the factory has been shut down"), {}, true);
        return;
    }
    m_startCalled = true;
    QStringList started;
    for (const QString &r : std::as_const(m_order)) {
        if (m_started.value(r, false))
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
    w->m_startedMs = QDateTime::currentMSecsSinceEpoch();
    m_waiters << w;
    const CacheSyncResult now = currentResult();
    QJsonObject extra;
    extra.insert(QLatin1String("timeoutMs"), timeoutMs);
    extra.insert(QLatin1String("waitingFor"), QJsonArray::fromStringList(now.notSynced()));
    extra.insert(QLatin1String("notStarted"), QJsonArray::fromStringList(now.notStarted));
    note(QStringLiteral("waiting for caches to sync"), {}, false, extra);
    if (!now.notStarted.isEmpty())
        note(QStringLiteral("not waiting for %1: created after start() and not started")
                 .arg(now.notStarted.join(QLatin1String(", "))),
             {}, true);
    if (timeoutMs > 0) {
        w->m_timeout = new QTimer(w);
        w->m_timeout->setSingleShot(true);
        connect(w->m_timeout, &QTimer::timeout, this, [this, w] { finishWaiter(w, true); });
        w->m_timeout->start(int(qMin<qint64>(timeoutMs, std::numeric_limits<int>::max())));
    }
    w->m_ticker = new QTimer(w);
    w->m_ticker->setInterval(1000);
    connect(w->m_ticker, &QTimer::timeout, this, [this, w] {
        const qint64 elapsed = QDateTime::currentMSecsSinceEpoch() - w->m_startedMs;
        const QStringList pending = currentResult().notSynced();
        Q_EMIT w->waiting(elapsed, pending);
        if (++w->m_ticks % 5 == 0)
            note(QStringLiteral("still waiting for caches to sync after %1 ms: not synced: %2")
                     .arg(elapsed)
                     .arg(pending.join(QLatin1String(", "))),
                 {}, true);
    });
    w->m_ticker->start();
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

void SharedInformerFactory::checkWaiters()
{
    const CacheSyncResult now = currentResult();
    if (!now.notSynced().isEmpty())
        return;
    const QList<QPointer<CacheSyncWaiter>> waiters = m_waiters;
    for (const QPointer<CacheSyncWaiter> &w : waiters)
        if (w)
            finishWaiter(w, false);
}

void SharedInformerFactory::finishWaiter(CacheSyncWaiter *w, bool timedOut)
{
    if (!w || w->m_finished)
        return;
    w->m_finished = true;
    m_waiters.removeAll(QPointer<CacheSyncWaiter>(w));
    if (w->m_timeout)
        w->m_timeout->stop();
    w->m_ticker->stop();
    CacheSyncResult r = currentResult();
    r.timedOut = timedOut;
    r.elapsedMs = QDateTime::currentMSecsSinceEpoch() - w->m_startedMs;
    w->m_result = r;
    QJsonObject extra;
    extra.insert(QLatin1String("elapsedMs"), r.elapsedMs);
    extra.insert(QLatin1String("notSynced"), QJsonArray::fromStringList(r.notSynced()));
    extra.insert(QLatin1String("notStarted"), QJsonArray::fromStringList(r.notStarted));
    note(r.message(), {}, !r.ok(), extra);
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
            finishWaiter(w, false);
    // deleteLater: shutdown() may be called from one of the informers' handlers. Each
    // informer takes its ListerWatcher (network manager, connections) with it.
    for (const QString &r : std::as_const(m_order))
        if (SharedIndexInformer *inf = informer(r))
            inf->deleteLater();
    m_entries.clear();
    const QStringList was = m_order;
    m_order.clear();
    m_started.clear();
    if (!was.isEmpty())
        note(QStringLiteral("shut down; released informers: ") + was.join(QLatin1String(", ")));
}

} // namespace lens
