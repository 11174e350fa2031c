// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "reconcile.h"

#include <QJsonObject>
#include <QMap>
#include <QObject>
#include <QPointer>
#include <QStringList>

namespace lens {
class Clock;
class KubeClient;
class SharedIndexInformer;
} // namespace lens

namespace lens::runtime {

/// What the runtime-sample controller does and how (all of it changeable live). Times are
/// Clock milliseconds.
struct SampleSettings {
    /// Clock time one reconcile takes, from its start (a ClockTimer); its writes are sent at
    /// the start and it finishes when both the time has passed and the writes are answered.
    qint64 reconcileLatencyMs = 200;
    /// Every Nth reconcile (counted over all keys, from 1) returns a plain error; 0 = never.
    /// A counter, not a random draw: the same run under --at fails the same reconciles.
    int failEvery = 0;
    /// Keys (ns/name) whose name matches this regular expression return
    /// reconcile.TerminalError; "" = none.
    QString terminalPattern;
    /// RequeueAfter of a successful reconcile; 0 = Result{} (no requeue).
    qint64 requeueAfterMs = 0;
    /// Keys whose reconcile never returns (story 6.5) until the key leaves the set.
    QStringList hangKeys;
    /// Keys whose reconcile panics (the controller recovers it: RecoverPanic).
    QStringList panicKeys;
    /// MaxConcurrentReconciles and UsePriorityQueue: controller options; changing either
    /// live rebuilds and restarts the controller (a new queue: what was queued is listed
    /// again from the informer's cache, as after a restart).
    int maxConcurrentReconciles = 1;
    bool usePriorityQueue = true;
    /// Only this namespace's objects reach the controller ("" = every namespace the informer
    /// sees): builder.WithEventFilter(predicate.NewPredicateFuncs(namespace == X)), on the For
    /// and the Owns watch alike; each event it drops is journaled (runtimeEventFiltered) with
    /// the predicate `NewPredicateFuncs(namespace == "X")`. Also a controller option: a change
    /// rebuilds the controller. Two controllers of one manager split a cluster's load this
    /// way (Session's compare controller).
    QString namespaceFilter;

    /// Applies the keys of `json` (the scenario's controller: section and `runtime:` steps:
    /// maxConcurrentReconciles, usePriorityQueue, reconcileLatencyMs, requeueAfterMs, failEvery,
    /// terminalPattern, hang, panic, namespace) onto these settings. Returns "" or why a value is
    /// refused (nothing is changed then); unknown keys are refused. `summary` (may be null) gets
    /// what was set, "reconcileLatencyMs 1000, requeueAfterMs 500".
    QString apply(const QJsonObject &json, QString *summary = nullptr);
    /// The keys apply() knows.
    static QStringList keys();
    QJsonObject toJson() const;
};

/// The runtime-sample controller's Reconciler: a kubebuilder-style controller on ConfigMaps,
/// For(ConfigMap with label lens.dev/sample=parent) + Owns(ConfigMap), both on one configmaps
/// informer (builder.For / builder.Owns; the wiring is in core/session/runtimewiring.cpp).
///
/// Reconcile(ns/name), in this order:
/// 1. the settings' hang, panic, terminal and failEvery rules (each after the latency,
///    except hang, which keeps the reconcile open until the key leaves hangKeys);
/// 2. Get from the informer's cache (the lister): gone → Result{} (nothing to do);
/// 3. ensure the child `<name>-copy` in the parent's namespace: the parent's data, label
///    lens.dev/sample=child and an ownerReference (controller: true) to the parent; Create when
///    absent, Update when its data or reference differ, nothing otherwise;
/// 4. the parent's annotations lens.dev/observed-generation (metadata.generation) and
///    lens.dev/last-reconcile ("<child> has N keys"): Update the parent ONLY when they change.
///    So a parent's first reconcile writes it once (one Update with a new resourceVersion,
///    which the For handler queues again at priority 0) and the second pass writes nothing:
///    the controller settles (story 6.4's self-triggered loop, with identical content).
/// 5. Result{RequeueAfter: requeueAfterMs}, as the setting reads when the latency ends.
/// A write that fails (409 Conflict: the cache was older than the server) is the reconcile's
/// error, so it is retried rate-limited, as a kubebuilder controller returns err.
///
/// Writes go through `client` (journaled apiRequestSent/Finished, tagged with the worker and
/// the request). Errors are fmt.Errorf-like sentences ("failed to create child
/// default/a-copy: ..."). Not modelled: the finalizer dance, a Delete of children (the
/// garbage collector does that upstream; the built-in cluster has none).
class SampleReconciler : public QObject, public Reconciler {
    Q_OBJECT
public:
    static constexpr const char *kParentLabel = "lens.dev/sample";
    /// `configmaps` (the shared informer), `client` and `clock` are not owned and must outlive
    /// the reconciler.
    SampleReconciler(SharedIndexInformer *configmaps, KubeClient *client, const Clock *clock,
                     SampleSettings settings = {}, QObject *parent = nullptr);
    ~SampleReconciler() override;

    void reconcile(const QString &request, const ReconcileContext &ctx, Finish finish) override;

    const SampleSettings &settings() const { return m_settings; }
    /// Replaces the settings: settingsChanged(); controllerOptionsChanged() too when
    /// maxConcurrentReconciles, usePriorityQueue or namespaceFilter differ; keys that left hangKeys
    /// are released (their open reconciles finish now, as if they had returned Result{}).
    void setSettings(const SampleSettings &settings);
    /// SampleSettings::apply on a copy, then setSettings(); "" or the refusal.
    QString applySettings(const QJsonObject &json, QString *summary = nullptr);
    void setReconcileLatencyMs(qint64 ms);
    void setFailEvery(int n);
    void setTerminalPattern(const QString &pattern);
    void setRequeueAfterMs(qint64 ms);
    void setHangKeys(const QStringList &keys);
    void setPanicKeys(const QStringList &keys);
    void setMaxConcurrentReconciles(int n);
    void setUsePriorityQueue(bool on);

    /// Reconciles begun so far (the failEvery counter).
    int reconcileCount() const { return m_count; }
    /// Keys whose reconcile is hanging now.
    QStringList hangingKeys() const { return m_hung.keys(); }

Q_SIGNALS:
    void settingsChanged();
    /// maxConcurrentReconciles, usePriorityQueue or namespaceFilter changed: the controller must
    /// be rebuilt.
    void controllerOptionsChanged();

private:
    /// Steps 2 to 4: calls `begin` before each write it sends and `answered` ("" or the
    /// error) when its answer is in.
    void sync(const QString &request, const ReconcileContext &ctx,
              const std::function<void()> &begin,
              const std::function<void(const QString &error)> &answered);
    /// Runs `then` once `latencyMs` of Clock time has passed since `startedMs`.
    void afterLatency(qint64 startedMs, std::function<void()> then);

    QPointer<SharedIndexInformer> m_informer;
    KubeClient *m_client;
    const Clock *m_clock;
    SampleSettings m_settings;
    int m_count = 0;
    QMap<QString, Finish> m_hung; ///< by key: released in key order
};

} // namespace lens::runtime
