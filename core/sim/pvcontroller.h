// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/object.h"
#include "controllerqueue.h"
#include "eventrecorder.h"
#include "writestrategy.h"

#include <QHash>
#include <QObject>

namespace lens {
class Clock;
class ClockTimer;
} // namespace lens

namespace lens::sim {

struct ChangeEvent;
class Store;

/// kube-controller-manager's `persistentvolume-controller` for the built-in cluster
/// (kubernetes pkg/controller/volume/persistentvolume: pv_controller_base.go for the queues,
/// workers and resync, pv_controller.go for the syncs; component-helpers
/// storage/volume/pv_helpers.go for matching and binding). See docs/simulator.md, "Storage:
/// what kube-controller-manager does here", for the function-by-function map.
///
/// - Every change of a PersistentVolumeClaim (Added, Modified, Deleted) queues its
///   "namespace/name" on the plain queue "claims", every change of a PersistentVolume its name
///   on "volumes" (core/workqueue's basic queue: de-duplicating, no rate limit). Nothing is done
///   inside the Store's changed() emission: the keys are processed on the next pass of the event
///   loop, one key of each queue in turn (the two single workers), until both are empty.
/// - Every resyncPeriodMs() (15 s, --pvclaimbinder-sync-period) on the given Clock every claim
///   and volume is queued again; a sync that fails (a 409 Conflict is routine: someone wrote
///   first) is only retried then or at the next change, as upstream.
/// - syncClaim: unbound claims are matched (findBestMatchForClaim: a volume whose claimRef
///   names the claim first, else the smallest Available one of the claim's class, access modes,
///   volume mode, selector and capacity; none while the class is WaitForFirstConsumer and no
///   node is selected), bound (the four writes of bind()) or, with no match, handed to the
///   class's provisioner: setClaimProvisioner writes both storage-provisioner annotations and
///   the Normal event ExternalProvisioning (the sim has no in-tree plugins, so every
///   provisioner is external); without a class: FailedBinding; WaitForFirstConsumer classes:
///   the WaitForFirstConsumer event. Bound claims whose volume is gone or bound elsewhere go
///   Lost (ClaimLost / ClaimMisbound).
/// - syncVolume: Available when unclaimed or pre-bound without uid; Bound when its claim is
///   bound to it; a claim that is unbound yet is queued so syncClaim binds it; claim gone →
///   Released, then reclaimVolume: Retain does nothing, Delete of a volume provisioned by an
///   external provisioner does nothing more (that provisioner deletes it), Delete of any other
///   volume fails (VolumeFailedDelete, phase Failed: no in-tree deleter), Recycle fails the same
///   way (no recycler), an unknown policy is VolumeUnknownReclaimPolicy; a claim bound to
///   another volume unbinds it (or releases a dynamically provisioned Delete volume).
/// Events are core/v1 Events from source component "persistentvolume-controller".
///
/// Differences: it reads the Store directly (always current) instead of informer caches, so
/// it never sees stale objects; no metrics, no operation goroutine map (operations complete
/// at once), no CSI migration, no volume expansion, no pods or scheduler (selected-node must
/// be written by whoever plays the scheduler).
class PersistentVolumeController : public QObject {
    Q_OBJECT
public:
    /// --pvclaimbinder-sync-period's default.
    static constexpr int DefaultResyncPeriodMs = 15000;
    /// Source component of its events.
    static constexpr char Component[] = "persistentvolume-controller";

    /// `store` and `clock` (the resync's time) are not owned and must outlive the controller.
    PersistentVolumeController(Store *store, const lens::Clock *clock, QObject *parent = nullptr);
    ~PersistentVolumeController() override;

    /// Starts reacting to the Store's changes, queues every claim and volume (the initial sync
    /// of Run after WaitForCacheSync) and arms the resync. Does nothing when running.
    void start();
    /// Stops reacting and resyncing; queued keys stay queued.
    void stop();
    bool isRunning() const { return m_running; }

    /// The resync period in Clock milliseconds (default DefaultResyncPeriodMs; 0 = none).
    void setResyncPeriodMs(int ms);
    int resyncPeriodMs() const { return m_resyncMs; }

    /// Processes queued keys now, alternating between the claim and the volume worker, until
    /// both queues are empty (at most `limit` syncs); returns how many ran. The event loop
    /// calls it on its own; the simulator calls it after seeding so a fresh cluster starts
    /// settled.
    int processPending(int limit = 10000);

    lens::workqueue::Queue *claimQueue() const { return m_claims; }
    lens::workqueue::Queue *volumeQueue() const { return m_volumes; }

Q_SIGNALS:
    /// After each sync: the queue ("claims" / "volumes") and the key.
    void synced(const QString &queue, const QString &key);

private:
    void onStoreChanged(const lens::sim::ChangeEvent &event);
    void schedule();
    void resync();

    // pv_controller.go, claim side (pvcontroller.cpp)
    void claimWorkerStep(const QString &key);
    void syncClaim(const lens::Object &claim);
    void syncUnboundClaim(const lens::Object &claim);
    void syncBoundClaim(const lens::Object &claim);
    lens::Object findBestMatchForClaim(const lens::Object &claim, bool delayBinding) const;
    bool assignDefaultStorageClass(const lens::Object &claim);
    void provisionClaim(const lens::Object &claim, const lens::Object &storageClass);
    bool bind(lens::Object volume, lens::Object claim);
    lens::Object bindVolumeToClaim(const lens::Object &volume, const lens::Object &claim);
    lens::Object bindClaimToVolume(const lens::Object &claim, const lens::Object &volume);
    lens::Object updateClaimStatus(const lens::Object &claim, const QString &phase,
                                   const lens::Object &volume);
    void updateClaimStatusWithEvent(const lens::Object &claim, const QString &phase,
                                    const QString &reason, const QString &message);

    // pv_controller.go, volume side (pvcontroller_volume.cpp)
    void volumeWorkerStep(const QString &key);
    void syncVolume(const lens::Object &volume);
    void reclaimVolume(const lens::Object &volume);
    void unbindVolume(const lens::Object &volume);
    lens::Object updateVolumePhase(const lens::Object &volume, const QString &phase,
                                   const QString &message = QString());
    void updateVolumePhaseWithEvent(const lens::Object &volume, const QString &phase,
                                    const QString &reason, const QString &message);

    /// A write's result: the stored object, or null (409 and the like: retried by a later
    /// sync, as upstream).
    static lens::Object written(const WriteResult &result);

    Store *m_store;
    WriteStrategy m_writer;
    EventRecorder m_events;
    lens::workqueue::Queue *m_claims;
    lens::workqueue::Queue *m_volumes;
    lens::ClockTimer *m_resyncTimer;
    int m_resyncMs = DefaultResyncPeriodMs;
    bool m_running = false;
    bool m_scheduled = false;
    /// The last state of deleted claims / volumes (deleteClaim queues the claim's volume,
    /// deleteVolume the volume's claim), until their key is processed.
    QHash<QString, lens::Object> m_deletedClaims;
    QHash<QString, lens::Object> m_deletedVolumes;
};

} // namespace lens::sim
