// SPDX-License-Identifier: Apache-2.0
// Session's part for `--controller runtime-sample` (kept apart from session.cpp, which is long):
// its KubeClient and RuntimeWiring, its settings, the built-in cluster's parents.
#include "session.h"

#include "client/kubeclient.h"
#include "runtimewiring.h"
#include "sim/simulator.h"
#include "sim/store.h"

namespace lens {

bool Session::makeRuntimeController(const RestConfig &rest, QString *error)
{
    SharedIndexInformer *configmaps = informerNamed(QStringLiteral("configmaps"));
    if (!configmaps) {
        if (error)
            *error = QStringLiteral("runtime-sample needs one informer for configmaps (with one "
                                    "queue mode and one watch mode).");
        return false;
    }
    // The command line wins over the scenario's controller: section.
    const Options::RuntimeFlags &f = m_opts.runtime;
    if (f.maxConcurrentReconciles)
        m_runtimeSettings.maxConcurrentReconciles = *f.maxConcurrentReconciles;
    if (f.usePriorityQueue)
        m_runtimeSettings.usePriorityQueue = *f.usePriorityQueue;
    if (f.reconcileLatencyMs)
        m_runtimeSettings.reconcileLatencyMs = *f.reconcileLatencyMs;
    if (f.requeueAfterMs)
        m_runtimeSettings.requeueAfterMs = *f.requeueAfterMs;
    m_kubeClient = new KubeClient(rest, m_journal, QString::fromLatin1(RuntimeWiring::kName), this);
    if (!m_sim && !m_opts.allowWrites)
        m_kubeClient->setReadOnly(
            true, QStringLiteral("informer-lens writes to a cluster that is not the built-in "
                                 "one only with --allow-writes; this write was not sent"));
    m_runtime =
        new RuntimeWiring(configmaps, m_kubeClient, m_clock, m_journal, m_runtimeSettings, this);
    // The manager starts its controllers once the caches have synced.
    connect(this, &Session::cacheSynced, m_runtime, [this](const CacheSyncResult &r) {
        if (r.ok())
            m_runtime->start();
    });
    return true;
}

void Session::seedRuntimeParents()
{
    // Something to reconcile on a fresh built-in cluster: three parents in "default".
    for (int i = 1; i <= 3; ++i) {
        const QJsonObject meta{{QLatin1String("name"), QStringLiteral("sample-%1").arg(i)},
                               {QLatin1String("namespace"), QStringLiteral("default")},
                               {QLatin1String("labels"),
                                QJsonObject{{QLatin1String(runtime::SampleReconciler::kParentLabel),
                                             QStringLiteral("parent")}}}};
        m_sim->store()->create(
            QStringLiteral("configmaps"),
            QJsonObject{{QLatin1String("apiVersion"), QStringLiteral("v1")},
                        {QLatin1String("kind"), QStringLiteral("ConfigMap")},
                        {QLatin1String("metadata"), meta},
                        {QLatin1String("data"),
                         QJsonObject{{QLatin1String("greeting"), QStringLiteral("hello %1").arg(i)},
                                     {QLatin1String("color"), QStringLiteral("blue")}}}});
    }
}

runtime::Controller *Session::runtimeController() const
{
    return m_runtime ? m_runtime->controller() : nullptr;
}

runtime::SampleReconciler *Session::sampleReconciler() const
{
    return m_runtime ? m_runtime->reconciler() : nullptr;
}

} // namespace lens
