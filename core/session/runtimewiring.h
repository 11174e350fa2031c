// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "runtime/samplereconciler.h"

#include <QObject>
#include <QPointer>

#include <memory>

namespace lens {

class Journal;
class KubeClient;
class SharedIndexInformer;
namespace runtime {
class Controller;
class Kind;
} // namespace runtime

/// `--controller runtime-sample`: what controller-runtime's manager and builder do for
/// `ctrl.NewControllerManagedBy(mgr).For(&ConfigMap{}, WithPredicates(label
/// lens.dev/sample=parent)).Owns(&ConfigMap{}).Complete(r)`, on the session's one configmaps
/// informer (the cache shares one informer per GVK: two handler registrations on it), its
/// Clock and Journal, writing through `client`.
///
/// start() is the manager's: called once the caches have synced (WaitForCacheSync); it starts
/// the Controller (source.Kind registrations replay the cache as initial-list adds at −100 with
/// the priority queue, then workers start). When SampleSettings::maxConcurrentReconciles or
/// usePriorityQueue change live, the controller is rebuilt: the old one stops (its queue shuts
/// down; a reconcile in flight finishes into nothing), its registrations are removed, and a new
/// Controller with a new queue starts at once (controllerRebuilt()).
class RuntimeWiring : public QObject {
    Q_OBJECT
public:
    static constexpr const char *kName = "runtime-sample";
    /// Not owned, must outlive the wiring: `configmaps`, `client`, `clock`, `journal`. `name`
    /// is the controller's (unique in a manager, as upstream): its queue, its workers
    /// ("NAME-worker-1") and the journal's component for its events and writes.
    RuntimeWiring(SharedIndexInformer *configmaps, KubeClient *client, const Clock *clock,
                  Journal *journal, const runtime::SampleSettings &settings,
                  QObject *parent = nullptr, const QString &name = QString::fromLatin1(kName));
    ~RuntimeWiring() override;

    /// The manager's start, after the caches synced; a second call does nothing.
    void start();
    bool isStarted() const { return m_started; }
    QString name() const { return m_name; }
    /// The controller running now (rebuilt when its options change; never null).
    runtime::Controller *controller() const { return m_controller.get(); }
    runtime::SampleReconciler *reconciler() const { return m_reconciler.get(); }
    /// A change the user made (the window's controls): SampleSettings keys as apply() takes
    /// them. Refused (returns why, nothing changed or recorded) like applySettings(); else an
    /// Info note (component "runtime-sample", type "settings": `setting`, `old`, `new` and the
    /// message "reconcileLatencyMs 200 → 500") is recorded for each value that changes, and
    /// then the settings are applied (a controller option rebuilds the controller after the
    /// note). A change to the same value records nothing.
    QString applyFromUser(const QJsonObject &changes);
    /// Writes in flight or waiting their turn (KubeClient::queued): exact pacing waits.
    bool busy() const;

Q_SIGNALS:
    /// A new Controller replaced the old one (live options change); the old is gone.
    void controllerRebuilt(lens::runtime::Controller *controller);

private:
    void build();
    void rebuild();

    QString m_name;
    QPointer<SharedIndexInformer> m_informer;
    KubeClient *m_client;
    const Clock *m_clock;
    Journal *m_journal;
    std::shared_ptr<runtime::SampleReconciler> m_reconciler;
    std::unique_ptr<runtime::Controller> m_controller;
    QList<runtime::Kind *> m_sources;
    bool m_started = false;
};

} // namespace lens
