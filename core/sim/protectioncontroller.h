// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "controllerqueue.h"
#include "writestrategy.h"

#include <QObject>

namespace lens::sim {

struct ChangeEvent;
class Store;

/// kube-controller-manager's `pvc-protection` and `pv-protection` controllers for the built-in
/// cluster (kubernetes pkg/controller/volume/pvcprotection and pvprotection), together:
/// - a PersistentVolumeClaim being deleted loses its kubernetes.io/pvc-protection finalizer
///   once no pod that is not Succeeded or Failed in its namespace names it in
///   spec.volumes[].persistentVolumeClaim.claimName (so the Store removes it); a claim that is
///   not being deleted and lacks the finalizer gets it. Pod changes re-check the claims the pod
///   names. (The seeded pods use no claims, so in the built-in cluster a deleted claim goes at
///   once, unless a test or a user creates a pod that uses it.)
/// - a PersistentVolume being deleted loses kubernetes.io/pv-protection once its status.phase
///   is not Bound; one not being deleted and lacking it gets it.
/// Keys queue on plain work queues (newControllerQueue) ("pvcprotection", "pvprotection") and are
/// processed on the next pass of the event loop, never inside the Store's changed() emission.
/// Writes go through WriteStrategy; a failed one (409) waits for the next change, as upstream
/// requeues it.
class ProtectionController : public QObject {
    Q_OBJECT
public:
    /// `store` is not owned and must outlive the controller.
    explicit ProtectionController(Store *store, QObject *parent = nullptr);

    /// Starts reacting to the Store's changes and queues every claim and volume once.
    void start();
    void stop();
    bool isRunning() const { return m_running; }
    /// Processes the queued keys now; returns how many were processed.
    int processPending(int limit = 10000);

private:
    void onStoreChanged(const lens::sim::ChangeEvent &event);
    void schedule();
    void processClaim(const QString &key);
    void processVolume(const QString &name);
    /// Whether a pod that is not terminated names the claim.
    bool claimInUse(const QString &ns, const QString &name) const;

    Store *m_store;
    WriteStrategy m_writer;
    lens::workqueue::Queue *m_claims;
    lens::workqueue::Queue *m_volumes;
    bool m_running = false;
    bool m_scheduled = false;
};

} // namespace lens::sim
