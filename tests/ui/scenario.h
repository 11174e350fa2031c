// SPDX-License-Identifier: Apache-2.0
#pragma once
// A synthetic but realistic informer journal for the window tests: 20 pods in 3 namespaces
// listed in 2 pages, a watch with updates, a paused pump piling up deltas, a 410 Gone, a backoff
// and a relist whose Replace yields Replaced deltas and DeletedFinalStateUnknown tombstones.

#include "trace/journal.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

namespace lens::test {

class SyntheticInformer {
public:
    explicit SyntheticInformer(Journal *j, ManualClock *c) : m_j(j), m_clock(c) {}

    static Object pod(const QString &ns, const QString &name, int rv, const QString &phase,
                      const QString &node = QStringLiteral("node-1"))
    {
        const QString app = name.section(QLatin1Char('-'), 0, 0);
        QJsonObject meta{{QLatin1String("name"), name},
                         {QLatin1String("namespace"), ns},
                         {QLatin1String("resourceVersion"), QString::number(rv)},
                         {QLatin1String("uid"), QStringLiteral("uid-") + ns + name},
                         {QLatin1String("labels"),
                          QJsonObject{{QLatin1String("app"), app},
                                      {QLatin1String("tier"), app == QLatin1String("db")
                                                                  ? QStringLiteral("data")
                                                                  : QStringLiteral("web")}}}};
        QJsonObject spec{
            {QLatin1String("nodeName"), node},
            {QLatin1String("containers"),
             QJsonArray{QJsonObject{
                 {QLatin1String("name"), app},
                 {QLatin1String("image"), QStringLiteral("registry.local/%1:1.4").arg(app)}}}}};
        return Object::fromJson(
            QJsonObject{{QLatin1String("apiVersion"), QStringLiteral("v1")},
                        {QLatin1String("kind"), QStringLiteral("Pod")},
                        {QLatin1String("metadata"), meta},
                        {QLatin1String("spec"), spec},
                        {QLatin1String("status"), QJsonObject{{QLatin1String("phase"), phase}}}});
    }

    void advance(qint64 ms) { m_clock->advance(ms); }

    void reflector(TraceKind k, const QString &rv, const QJsonObject &d = {})
    {
        TraceEvent e;
        e.kind = k;
        e.component = QStringLiteral("reflector");
        e.resourceVersion = rv;
        e.detail = d;
        m_j->record(e);
    }
    void pump(const QString &mode)
    {
        m_paused = mode == QLatin1String("paused");
        TraceEvent e;
        e.kind = TraceKind::PumpMode;
        e.component = QStringLiteral("controller");
        e.type = mode;
        m_j->record(e);
    }
    void queue(const QString &key, const Delta &d)
    {
        if (!m_items.contains(key))
            m_queue << key;
        Deltas &ds = m_items[key];
        // dedupDeltas: two Deleted in a row collapse to one.
        if (!ds.isEmpty() && ds.last().type == DeltaType::Deleted && d.type == DeltaType::Deleted)
            ds.last() = d;
        else
            ds.append(d);
        TraceEvent e;
        e.kind = TraceKind::FifoQueued;
        e.component = QStringLiteral("deltafifo");
        e.key = key;
        e.type = deltaTypeName(d.type);
        e.deltas = ds;
        e.object = d.object;
        e.resourceVersion = d.object.resourceVersion();
        e.detail.insert(QLatin1String("queueDepth"), m_queue.size());
        m_j->record(e);
    }
    /// Pops the head key and applies it like HandleDeltas (indexer + one handler).
    void pop()
    {
        if (m_queue.isEmpty())
            return;
        const QString key = m_queue.takeFirst();
        const Deltas ds = m_items.take(key);
        const bool initial = m_initialLeft > 0;
        if (m_initialLeft > 0)
            --m_initialLeft;
        TraceEvent e;
        e.kind = TraceKind::FifoPopped;
        e.component = QStringLiteral("deltafifo");
        e.key = key;
        e.deltas = ds;
        e.object = ds.last().object;
        e.resourceVersion = e.object.resourceVersion();
        e.detail.insert(QLatin1String("isInInitialList"), initial);
        e.detail.insert(QLatin1String("queueDepth"), m_queue.size());
        e.detail.insert(QLatin1String("hasSynced"), m_listed && m_initialLeft == 0);
        m_j->record(e);
        for (const Delta &d : ds) {
            TraceEvent x;
            x.component = QStringLiteral("indexer");
            x.key = key;
            x.object = d.object;
            x.resourceVersion = d.object.resourceVersion();
            QString handlerType;
            if (d.type == DeltaType::Deleted) {
                x.kind = TraceKind::IndexerDeleted;
                x.type = d.tombstone ? QStringLiteral("DeletedFinalStateUnknown")
                                     : QStringLiteral("Deleted");
                m_store.remove(key);
                handlerType =
                    d.tombstone ? QStringLiteral("delete (tombstone)") : QStringLiteral("delete");
            } else {
                x.kind =
                    m_store.contains(key) ? TraceKind::IndexerUpdated : TraceKind::IndexerAdded;
                x.type = deltaTypeName(d.type);
                handlerType = !m_store.contains(key) ? QStringLiteral("add")
                              : m_store.value(key).resourceVersion() == d.object.resourceVersion()
                                  ? QStringLiteral("update (resync)")
                                  : QStringLiteral("update");
                m_store.insert(key, d.object);
            }
            m_j->record(x);
            // An update with an unchanged resourceVersion reaches only syncing listeners.
            const bool sync = handlerType == QLatin1String("update (resync)");
            if (!sync || m_syncing.contains(QLatin1String("pod-logger")))
                notify(QStringLiteral("pod-logger"), key, handlerType, d.object, initial, 0, 2);
            // A slow handler: its buffer grows while the informer moves on.
            m_slowBacklog = (m_slowBacklog + 3) % 11;
            if (!sync || m_syncing.contains(QLatin1String("slow-audit")))
                notify(QStringLiteral("slow-audit"), key, handlerType, d.object, initial,
                       m_slowBacklog, 40 + 35 * m_slowBacklog);
        }
        if (m_listed && m_initialLeft == 0 && !m_synced) {
            m_synced = true;
            TraceEvent s;
            s.kind = TraceKind::Synced;
            s.component = QStringLiteral("informer");
            s.detail.insert(QLatin1String("objects"), m_store.size());
            m_j->record(s);
        }
    }
    void notify(const QString &handler, const QString &key, const QString &type, const Object &o,
                bool initial, int backlog, int latencyMs)
    {
        TraceEvent h;
        h.kind = TraceKind::HandlerNotified;
        h.component = QStringLiteral("processor");
        h.key = key;
        h.type = type;
        h.object = o;
        h.resourceVersion = o.resourceVersion();
        h.detail.insert(QLatin1String("handler"), handler);
        h.detail.insert(QLatin1String("backlog"), backlog);
        h.detail.insert(QLatin1String("latencyMs"), latencyMs);
        if (type == QLatin1String("add"))
            h.detail.insert(QLatin1String("isInInitialList"), initial);
        m_j->record(h);
    }
    void drain()
    {
        while (!m_queue.isEmpty()) {
            advance(3);
            pop();
        }
    }
    /// A LIST in `pages` pages then Replace, as the Reflector + DeltaFIFO record it.
    void list(const QString &cause, const QString &fromRv, const QList<Object> &items, int rv,
              int pages)
    {
        reflector(TraceKind::ListStarted, fromRv,
                  {{QLatin1String("cause"), cause}, {QLatin1String("limit"), 500}});
        const int per = (int(items.size()) + pages - 1) / pages;
        for (int p = 0; p < pages; ++p) {
            advance(180);
            QJsonObject d{{QLatin1String("page"), p + 1},
                          {QLatin1String("items"), qMin(per, int(items.size()) - p * per)}};
            if (p + 1 < pages)
                d.insert(QLatin1String("continue"), QStringLiteral("eyJydiI6MTIwMH0"));
            reflector(TraceKind::ListPage, QString::number(rv), d);
        }
        reflector(TraceKind::ListCompleted, QString::number(rv),
                  {{QLatin1String("items"), items.size()},
                   {QLatin1String("pages"), pages},
                   {QLatin1String("cause"), cause}});
        QStringList listed;
        for (const Object &o : items) {
            const QString key = o.namespace_() + QLatin1Char('/') + o.name();
            listed << key;
            queue(key, Delta::of(DeltaType::Replaced, o));
        }
        // Known objects that the list no longer has: DeletedFinalStateUnknown tombstones.
        for (auto it = m_store.cbegin(); it != m_store.cend(); ++it)
            if (!listed.contains(it.key()) && !m_items.contains(it.key()))
                queue(it.key(), Delta::deletedFinalStateUnknown(it.key(), it.value()));
        if (!m_listed) {
            m_listed = true;
            m_initialLeft = int(m_queue.size());
        }
    }
    void watchEvent(const QString &type, const Object &o)
    {
        const QString key = o.namespace_() + QLatin1Char('/') + o.name();
        TraceEvent e;
        e.kind = TraceKind::WatchEvent;
        e.component = QStringLiteral("reflector");
        e.type = type;
        e.key = key;
        e.object = o;
        e.resourceVersion = o.resourceVersion();
        m_j->record(e);
        const DeltaType dt = type == QLatin1String("ADDED")     ? DeltaType::Added
                             : type == QLatin1String("DELETED") ? DeltaType::Deleted
                                                                : DeltaType::Updated;
        queue(key, Delta::of(dt, o));
        if (!m_paused) {
            advance(2);
            pop();
        }
    }

    /// The whole story; leaves the pump paused with a few keys queued.
    void runStory()
    {
        const QStringList nss{QStringLiteral("default"), QStringLiteral("kube-system"),
                              QStringLiteral("shop")};
        const QStringList apps{QStringLiteral("web"), QStringLiteral("api"), QStringLiteral("db"),
                               QStringLiteral("cache")};
        QList<Object> items;
        int rv = 1180;
        for (int i = 0; i < 20; ++i) {
            const QString ns = nss[i % 3];
            const QString name =
                apps[i % 4] + QStringLiteral("-%1").arg(i, 2, 10, QLatin1Char('0'));
            items << pod(ns, name, ++rv,
                         i % 5 == 0 ? QStringLiteral("Pending") : QStringLiteral("Running"),
                         QStringLiteral("node-%1").arg(i % 3 + 1));
        }
        pump(QStringLiteral("run"));
        list(QStringLiteral("initial"), QStringLiteral("0"), items, 1200, 2);
        drain();
        advance(40);
        reflector(TraceKind::WatchStarted, QStringLiteral("1200"),
                  {{QLatin1String("timeoutSeconds"), 412}});
        int r = 1200;
        for (int i = 0; i < 12; ++i) {
            advance(600);
            const Object &o = items[(i * 7) % 20];
            watchEvent(QStringLiteral("MODIFIED"),
                       pod(o.namespace_(), o.name(), ++r, QStringLiteral("Running"),
                           QStringLiteral("node-%1").arg(i % 3 + 1)));
            if (i == 5) {
                advance(300);
                reflector(TraceKind::Bookmark, QString::number(++r));
            }
        }
        // A resync tick while the pump runs: pod-logger's 30 s resyncPeriod is due, slow-audit
        // has none. DeltaFIFO.Resync queues a Sync for every stored key (nothing is queued);
        // Pop hands each over and only the syncing pod-logger gets "update (resync)".
        advance(900);
        resyncTick();
        drain();
        advance(500);
        watchEvent(QStringLiteral("ADDED"), pod(QStringLiteral("shop"), QStringLiteral("web-20"),
                                                ++r, QStringLiteral("Pending")));
        advance(400);
        watchEvent(QStringLiteral("DELETED"), items[3]);
        // Pause the pump: deltas pile up and compress per key.
        advance(700);
        pump(QStringLiteral("paused"));
        for (int i = 0; i < 9; ++i) {
            advance(350);
            const Object &o = items[(i % 3) * 5 + 1];
            watchEvent(QStringLiteral("MODIFIED"),
                       pod(o.namespace_(), o.name(), ++r,
                           i % 2 ? QStringLiteral("Running") : QStringLiteral("Succeeded")));
        }
        advance(300);
        watchEvent(QStringLiteral("ADDED"), pod(QStringLiteral("default"), QStringLiteral("api-21"),
                                                ++r, QStringLiteral("Pending")));
        advance(500);
        // The watch falls too far behind: 410 Gone, backoff, relist.
        reflector(TraceKind::WatchError, {},
                  {{QLatin1String("error"),
                    QStringLiteral("410 Gone: too old resource version: 1200 (1430)")},
                   {QLatin1String("code"), 410}});
        reflector(TraceKind::Backoff, {},
                  {{QLatin1String("delayMs"), 800},
                   {QLatin1String("reason"), QStringLiteral("watch expired")}});
        advance(800);
        QList<Object> relisted;
        for (int i = 0; i < 20; ++i)
            if (i != 3 && i != 8 && i != 14) // 8 and 14 vanished while we were not watching
                relisted << pod(items[i].namespace_(), items[i].name(), 1440 + i,
                                QStringLiteral("Running"));
        // A watch's 410 ends ListAndWatch; the relist asks for the last synced resourceVersion.
        list(QStringLiteral("watch expired"), QString::number(r), relisted, 1460, 2);
        advance(120);
        reflector(TraceKind::WatchStarted, QStringLiteral("1460"),
                  {{QLatin1String("timeoutSeconds"), 388}});
        // Let the pump run for a moment, then pause again with work left.
        pump(QStringLiteral("run"));
        for (int i = 0; i < 4; ++i) {
            advance(40);
            pop();
        }
        pump(QStringLiteral("paused"));
        advance(900);
        // Updates for keys still queued after the relist: their Deltas grow in place.
        int rr = 1461;
        for (int i : {7, 9, 7, 10, 7, 12}) {
            advance(250);
            watchEvent(QStringLiteral("MODIFIED"),
                       pod(items[i].namespace_(), items[i].name(), ++rr, QStringLiteral("Running"),
                           QStringLiteral("node-2")));
        }
        advance(400);
        watchEvent(QStringLiteral("MODIFIED"),
                   pod(QStringLiteral("shop"), QStringLiteral("db-02"), 1470,
                       QStringLiteral("Running"), QStringLiteral("node-3")));
        advance(600);
        reflector(TraceKind::Bookmark, QStringLiteral("1475"));
        advance(500);
    }

    /// A resync tick as the Reflector records it, then DeltaFIFO.Resync: a Sync for every stored
    /// key with nothing queued (syncKeyLocked skips the others).
    void resyncTick()
    {
        const qint64 now = m_clock->nowMs();
        m_syncing = {QStringLiteral("pod-logger")};
        const QJsonArray listeners{
            QJsonObject{{QLatin1String("handler"), QStringLiteral("pod-logger")},
                        {QLatin1String("resyncPeriodMs"), 30000},
                        {QLatin1String("due"), true},
                        {QLatin1String("dueAtMs"), now},
                        {QLatin1String("nextResyncMs"), now + 30000}},
            QJsonObject{{QLatin1String("handler"), QStringLiteral("slow-audit")},
                        {QLatin1String("resyncPeriodMs"), 0},
                        {QLatin1String("due"), false}}};
        reflector(TraceKind::Resync, {},
                  {{QLatin1String("due"), true},
                   {QLatin1String("periodMs"), 30000},
                   {QLatin1String("nextTickMs"), now + 30000},
                   {QLatin1String("listeners"), listeners}});
        const QMap<QString, Object> stored = m_store;
        for (auto it = stored.cbegin(); it != stored.cend(); ++it)
            if (!m_items.contains(it.key()))
                queue(it.key(), Delta::of(DeltaType::Sync, it.value()));
    }

    int queued() const { return int(m_queue.size()); }
    QStringList queueKeys() const { return m_queue; }
    int stored() const { return int(m_store.size()); }

private:
    Journal *m_j;
    ManualClock *m_clock;
    QHash<QString, Deltas> m_items;
    QStringList m_queue;
    QMap<QString, Object> m_store;
    bool m_paused = false;
    bool m_listed = false;
    bool m_synced = false;
    int m_initialLeft = 0;
    int m_slowBacklog = 0;
    /// Listeners that get updates with an unchanged resourceVersion: all from registration
    /// (sharedProcessor.addListener), then those the last resync tick found due.
    QStringList m_syncing{QStringLiteral("pod-logger"), QStringLiteral("slow-audit")};
};

} // namespace lens::test
