// SPDX-License-Identifier: Apache-2.0
#include "runtimewiring.h"

#include "client/kubeclient.h"
#include "informer/sharedinformer.h"
#include "runtime/controller.h"
#include "runtime/handler.h"
#include "runtime/legacyqueue.h"
#include "runtime/predicate.h"
#include "runtime/priorityqueue.h"
#include "runtime/source.h"
#include "trace/journal.h"

#include <QJsonArray>

namespace lens {

RuntimeWiring::RuntimeWiring(SharedIndexInformer *configmaps, KubeClient *client,
                             const Clock *clock, Journal *journal,
                             const runtime::SampleSettings &settings, QObject *parent,
                             const QString &name)
    : QObject(parent), m_name(name), m_informer(configmaps), m_client(client), m_clock(clock),
      m_journal(journal),
      m_reconciler(std::make_shared<runtime::SampleReconciler>(configmaps, client, clock, settings))
{
    connect(m_reconciler.get(), &runtime::SampleReconciler::controllerOptionsChanged, this,
            &RuntimeWiring::rebuild);
    build();
}

RuntimeWiring::~RuntimeWiring()
{
    if (m_controller)
        m_controller->stop();
    for (runtime::Kind *k : std::as_const(m_sources))
        if (m_informer && k->registration())
            m_informer->removeEventHandler(k->registration());
    qDeleteAll(m_sources);
}

void RuntimeWiring::build()
{
    const runtime::SampleSettings &s = m_reconciler->settings();
    runtime::ControllerOptions o;
    o.name = m_name;
    o.maxConcurrentReconciles = s.maxConcurrentReconciles;
    o.usePriorityQueue = s.usePriorityQueue;
    o.reconciler = m_reconciler;
    o.newQueue = [](const runtime::QueueConfig &c) -> std::unique_ptr<runtime::ControllerQueue> {
        if (c.usePriorityQueue)
            return std::make_unique<runtime::PriorityQueue>(
                runtime::PriorityQueue::Config{c.name, c.clock, c.journal, c.rateLimiter});
        return std::make_unique<runtime::LegacyQueue>(
            runtime::LegacyQueue::Config{c.name, c.clock, c.journal, c.rateLimiter});
    };
    m_controller = std::make_unique<runtime::Controller>(std::move(o), m_clock, m_journal);
    // builder.For(&ConfigMap{}, WithPredicates(LabelSelectorPredicate)): EnqueueRequestForObject.
    // builder.WithEventFilter: the global predicates come first on every watch (upstream
    // appends the For / Owns predicates after blder.globalPredicates).
    QList<runtime::Predicate> global;
    if (const QString ns = s.namespaceFilter; !ns.isEmpty())
        global << runtime::newPredicateFuncs(
            QStringLiteral("NewPredicateFuncs(namespace == \"%1\")").arg(ns),
            [ns](const Object &o) { return o.namespace_() == ns; });
    QMap<QString, QString> parent;
    parent.insert(QString::fromLatin1(runtime::SampleReconciler::kParentLabel),
                  QStringLiteral("parent"));
    auto *forSource = new runtime::Kind(
        m_informer, QStringLiteral("*v1.ConfigMap"), runtime::enqueueRequestForObject(),
        global + QList<runtime::Predicate>{runtime::labelSelectorPredicate(parent)});
    // builder.Owns(&ConfigMap{}): EnqueueRequestForOwner(ConfigMap, OnlyControllerOwner()).
    runtime::OwnerOptions owner;
    owner.ownerKind = QStringLiteral("ConfigMap");
    owner.onlyControllerOwner = true;
    auto *ownsSource = new runtime::Kind(m_informer, QStringLiteral("*v1.ConfigMap"),
                                         runtime::enqueueRequestForOwner(owner), global);
    m_sources = {forSource, ownsSource};
    for (runtime::Kind *k : std::as_const(m_sources))
        m_controller->watch(k);
}

void RuntimeWiring::start()
{
    if (std::exchange(m_started, true))
        return;
    m_controller->start();
}

void RuntimeWiring::rebuild()
{
    // The old controller stops first (its queue shuts down), then its handlers leave the
    // informer; the new one replays the cache into a new queue.
    m_controller->stop();
    for (runtime::Kind *k : std::as_const(m_sources))
        if (m_informer && k->registration())
            m_informer->removeEventHandler(k->registration());
    std::unique_ptr<runtime::Controller> old = std::move(m_controller);
    const QList<runtime::Kind *> oldSources = std::exchange(m_sources, {});
    build();
    // Deleted on the next turn: a reconcile's callback may be on the stack.
    old.release()->deleteLater();
    for (runtime::Kind *k : oldSources)
        k->deleteLater();
    if (m_started)
        m_controller->start();
    Q_EMIT controllerRebuilt(m_controller.get());
}

namespace {

QString settingText(const QJsonValue &v)
{
    if (v.isArray()) {
        QStringList items;
        for (const QJsonValue &i : v.toArray())
            items << i.toString();
        return items.isEmpty() ? QStringLiteral("[]") : items.join(QStringLiteral(", "));
    }
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isString())
        return v.toString().isEmpty() ? QStringLiteral("\"\"") : v.toString();
    return QString::number(v.toDouble(), 'g', 15);
}

} // namespace

QString RuntimeWiring::applyFromUser(const QJsonObject &changes)
{
    runtime::SampleSettings next = m_reconciler->settings();
    if (QString err = next.apply(changes); !err.isEmpty())
        return err;
    const QJsonObject before = m_reconciler->settings().toJson();
    const QJsonObject after = next.toJson();
    for (auto it = changes.begin(); it != changes.end() && m_journal; ++it) {
        const QJsonValue was = before.value(it.key());
        const QJsonValue now = after.value(it.key());
        if (was == now)
            continue;
        TraceEvent e;
        e.kind = TraceKind::Info;
        e.component = m_name;
        e.type = QStringLiteral("settings");
        e.detail.insert(QLatin1String("setting"), it.key());
        e.detail.insert(QLatin1String("old"), settingText(was));
        e.detail.insert(QLatin1String("new"), settingText(now));
        e.detail.insert(QLatin1String("message"),
                        QStringLiteral("%1 %2 \u2192 %3 (changed in the window)")
                            .arg(it.key(), settingText(was), settingText(now)));
        m_journal->record(std::move(e));
    }
    m_reconciler->setSettings(next);
    return {};
}

bool RuntimeWiring::busy() const
{
    return m_client && (m_client->inFlight() > 0 || m_client->queued() > 0);
}

} // namespace lens
