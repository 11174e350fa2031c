// SPDX-License-Identifier: Apache-2.0
// Session's part for `--controller runtime-sample` (kept apart from session.cpp, which is long):
// its KubeClient and RuntimeWiring, its settings, the built-in cluster's parents.
#include "session.h"

#include "api/validation.h"
#include "client/kubeclient.h"
#include "runtimewiring.h"
#include "sim/simulator.h"
#include "sim/store.h"

#include <QDateTime>
#include <QTimer>

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
    if (m_opts.reproducible && m_sim) {
        // Exact runs: each write's answer waits until the informer has delivered the write's
        // own watch event to every handler, and the next write leaves only then; without this
        // the answer and the watch event race on two connections and the journal's order of
        // the two (and the handlers' enqueues) changes from run to run.
        QPointer<SharedIndexInformer> watched = configmaps;
        m_kubeClient->setAnswerGate([this, watched](const KubeClient::Result &answer,
                                                    std::function<void()> release) {
            bool numeric = false;
            const qint64 rv =
                answer.object.isNull() ? 0 : answer.object.resourceVersion().toLongLong(&numeric);
            if (!numeric) {
                release(); // a failed write caused no watch event
                return;
            }
            releaseOnceObserved(watched, rv, QDateTime::currentMSecsSinceEpoch() + 10000,
                                std::move(release));
        });
    }
    m_runtime =
        new RuntimeWiring(configmaps, m_kubeClient, m_clock, m_journal, m_runtimeSettings, this);
    if (!m_compareName.isEmpty())
        m_runtimeCompare = new RuntimeWiring(configmaps, m_kubeClient, m_clock, m_journal,
                                             m_compareSettings, this, m_compareName);
    // The manager starts its controllers once the caches have synced, in the order they were
    // added (mgr.Add: runnables start in order).
    connect(this, &Session::cacheSynced, m_runtime, [this](const CacheSyncResult &r) {
        if (!r.ok())
            return;
        m_runtime->start();
        if (m_runtimeCompare)
            m_runtimeCompare->start();
    });
    return true;
}

QString Session::applyControllerSection(const QJsonObject &section)
{
    QJsonObject own = section;
    const QJsonValue compare = own.take(QLatin1String("compare"));
    if (QString why = m_runtimeSettings.apply(own); !why.isEmpty())
        return why;
    m_compareName.clear();
    if (compare.isUndefined())
        return {};
    QJsonObject other = compare.toObject();
    const QString name = other.take(QLatin1String("name")).toString();
    // A controller name is a queue's and a metric label's: upstream requires it unique and
    // a valid label value; kept to a DNS-1123 label here.
    if (!compare.isObject() || !dns1123LabelErrors(name).isEmpty() ||
        name == QLatin1String(RuntimeWiring::kName))
        return QStringLiteral("compare needs a map with a name (lower-case letters, digits and "
                              "'-', other than %1) and the settings that differ")
            .arg(QLatin1String(RuntimeWiring::kName));
    m_compareSettings = m_runtimeSettings;
    if (QString why = m_compareSettings.apply(other); !why.isEmpty())
        return QStringLiteral("compare: %1").arg(why);
    m_compareName = name;
    return {};
}

void Session::releaseOnceObserved(const QPointer<SharedIndexInformer> &informer, qint64 rv,
                                  qint64 deadlineMs, std::function<void()> release)
{
    const bool watching = informer && informer->hasStarted() && !informer->isStopped();
    const bool seen = watching && informer->lastSyncResourceVersion().toLongLong() >= rv &&
                      !informerPipelinesBusy();
    if (!watching || seen || QDateTime::currentMSecsSinceEpoch() >= deadlineMs) {
        release();
        return;
    }
    QTimer::singleShot(2, m_kubeClient,
                       [this, informer, rv, deadlineMs, release = std::move(release)]() mutable {
                           releaseOnceObserved(informer, rv, deadlineMs, std::move(release));
                       });
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
