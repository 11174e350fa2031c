// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/object.h"
#include "client/kubeclient.h"
#include "eventrecorder.h"
#include "provisioner.h"
#include "provisionrules.h"
#include "queueworker.h"

#include <QHash>
#include <QMap>
#include <QObject>
#include <QPointer>

#include <memory>

namespace lens {
class Clock;
class Journal;
class SharedIndexInformer;
class SharedInformerFactory;
struct CacheSyncResult;
class CacheSyncWaiter;
namespace workqueue {
class RateLimitingQueue;
class RateLimiter;
} // namespace workqueue
} // namespace lens

namespace lens::controller {

/// sig-storage-lib-external-provisioner's ProvisionController (v13, controller/controller.go)
/// on the informer core: the claim, volume and class informers of one SharedInformerFactory
/// with the library's handlers, WaitForCacheSync over all three, the rate-limited workqueues
/// "claims" and "volumes" with `threadiness` workers each (QueueWorker), and the two syncs
/// (syncClaim → provisionClaimOperation → the PV created through the API server;
/// syncVolume → deleteVolumeOperation → the PV deleted) writing through a KubeClient, with
/// Events as the library writes them. docs/controller.md maps every piece to its upstream
/// function and says where this one differs.
///
/// Everything runs on the event loop: workers wait for keys without blocking it, and a
/// worker's API writes and Provisioner calls answer later, so up to `threadiness` claims are
/// provisioned at once (KubeClient::peakInFlight() shows the concurrency).
///
/// Journal (component "provisioner"): the queues' workqueue* events, every worker's
/// ControllerSyncStarted / ControllerSyncFinished, ProvisionerCalled / ProvisionerReturned and
/// every API request; notes (Info) when it waits for the caches and starts its workers.
class ProvisionController : public QObject {
    Q_OBJECT
public:
    struct Options {
        QString provisionerName = QStringLiteral("lens.example.com/hostpath");
        QStringList additionalProvisionerNames; ///< AdditionalProvisionerNames
        int threadiness = 4;                    ///< Threadiness: claim workers and volume workers
        int failedProvisionThreshold = 15;      ///< FailedProvisionThreshold (0 = forever)
        int failedDeleteThreshold = 15;         ///< FailedDeleteThreshold (0 = forever)
        /// ExponentialBackOffOnError: MaxOf(exponential(15 s, 1000 s), bucket(10, 100)); false:
        /// exponential(15 s, 15 s) in the MaxOf.
        bool exponentialBackOffOnError = true;
        bool addFinalizer = false; ///< AddFinalizer: the library's PV finalizer
        /// CreateProvisionedPVRetryCount / CreateProvisionedPVInterval: how the backoff store
        /// retries saving a PV (the worker waits meanwhile), milliseconds.
        int createProvisionedPVRetryCount = 5;
        qint64 createProvisionedPVIntervalMs = 10000;
        /// Event source component ("" = "<provisionerName>_informer-lens").
        QString eventSource;
    };

    /// The informers must come from `factory` and not be started yet (the handlers and the
    /// claims' "uid" index are added here, as NewProvisionController does). Nothing is owned
    /// but what is created here; all must outlive the controller.
    ProvisionController(SharedInformerFactory *factory, SharedIndexInformer *claims,
                        SharedIndexInformer *volumes, SharedIndexInformer *classes,
                        KubeClient *client, Provisioner *provisioner, Journal *journal,
                        const Clock *clock, Options options, QObject *parent = nullptr);
    ~ProvisionController() override;

    /// Run: WaitForCacheSync over the factory's informers (journaled by the factory), then
    /// starts the workers. Start the informers (factory->start()) before or after. `gate`: a
    /// wait already begun on the factory to use instead of a new one (null = its own).
    void run(CacheSyncWaiter *gate = nullptr);
    /// Shuts both queues down (workers end after their current key).
    void shutDown();

    const Options &options() const { return m_opts; }
    /// provisionerName and the additional names.
    QStringList knownNames() const;
    workqueue::RateLimitingQueue *claimQueue() const { return m_claimQueue.get(); }
    workqueue::RateLimitingQueue *volumeQueue() const { return m_volumeQueue.get(); }
    QList<QueueWorker *> claimWorkers() const { return m_claimWorkers; }
    QList<QueueWorker *> volumeWorkers() const { return m_volumeWorkers; }
    bool workersStarted() const { return m_started; }
    KubeClient *client() const { return m_client; }
    Provisioner *provisioner() const { return m_provisioner; }
    /// claimsInProgress: claims whose provisioning runs in the background, by UID.
    QStringList claimsInProgress() const { return m_inProgress.keys(); }

    /// The library's metrics (controller/metrics): counts by class label; and two counts the
    /// library has no metric for, so that a summary can say what the totals hold.
    struct Metrics {
        QMap<QString, int> provisionTotal; ///< controller_persistentvolumeclaim_provision_total
        QMap<QString, int> provisionFailedTotal; ///< ..._provision_failed_total
        QMap<QString, int> deleteTotal;          ///< controller_persistentvolume_delete_total
        QMap<QString, int> deleteFailedTotal;    ///< ..._delete_failed_total
        /// Of provisionFailedTotal: the attempts that stopped with nothing to do (the library's
        /// errStopProvision: the volume already in the volumes cache, a Block claim, a class
        /// naming another provisioner). The library counts them as failed; the worker does
        /// not re-queue them.
        QMap<QString, int> provisionStoppedTotal;
        /// Of provisionTotal: the provisions whose PV's POST was answered 409 AlreadyExists (an
        /// earlier sync of the claim had saved it), counted as provisioned as the library does.
        QMap<QString, int> provisionAlreadyExistsTotal;
    };
    const Metrics &metrics() const { return m_metrics; }

    /// One call of the Provisioner as the journal names it: `op` "provision" or "delete",
    /// keyed by the queue item, the worker and object in `tag`.
    struct ProvisionerCall {
        QString op;
        QString queueKey;
        KubeClient::Tag tag;
        QString pvName;
        QString className;
    };

    /// enqueueClaim: the claim's UID into the claim queue (a tombstone's object too).
    void enqueueClaim(const Object &claim, const QString &why);

Q_SIGNALS:
    /// The caches synced and the workers started.
    void started();
    /// WaitForCacheSync ended without every informer synced (the workers never start).
    void cacheSyncFailed(const QString &message);

private:
    void note(const QString &message, const QJsonObject &extra = {});
    void startWorkers(const CacheSyncResult &result);

    // claims side (provisioncontroller_claims.cpp)
    void syncClaimHandler(const QString &uid, QueueWorker *worker, QueueWorker::Finish finish);
    void syncClaim(const Object &claim, QueueWorker *worker, QueueWorker::Finish finish);
    /// How provisionClaimOperation ended: `error` "" = provisioned (`status` then holds the
    /// 409 AlreadyExists the PV's POST was answered with, when it was), `stop` = the library's
    /// errStopProvision; else the API error behind `error`, if any, in `status`.
    using OperationDone = std::function<void(ProvisioningState state, const QString &error,
                                             bool stop, const ApiStatus &status)>;
    void provisionClaimOperation(const Object &claim, QueueWorker *worker, OperationDone done);
    void storeVolume(const Object &claim, const QJsonObject &pv, int attempt, QueueWorker *worker,
                     OperationDone done);
    /// rescheduleProvisioning: the claim PUT without volume.kubernetes.io/selected-node;
    /// `done(true)` once the server took it (the copy then stands in the claims cache, see
    /// m_storeWrites), `done(false)` when it refused.
    void rescheduleProvisioning(const Object &claim, QueueWorker *worker,
                                std::function<void(bool removed)> done);
    QJsonObject storageClass(const QString &name) const;

    // volumes side (provisioncontroller_volumes.cpp)
    void syncVolumeHandler(const QString &name, QueueWorker *worker, QueueWorker::Finish finish);
    void deleteVolumeOperation(const Object &pv, QueueWorker *worker, QueueWorker::Finish finish);

    KubeClient::Tag tag(QueueWorker *worker, const QString &queueKey,
                        const QString &objectKey) const;
    /// Journals a Provisioner call (ProvisionerCalled) or its answer (ProvisionerReturned).
    void recordCalled(const ProvisionerCall &call);
    void recordReturned(const ProvisionerCall &call, const QString &state, const QString &error,
                        bool injected, qint64 calledMs);
    void after(qint64 delayMs, std::function<void()> fire);

    SharedInformerFactory *m_factory;
    QPointer<SharedIndexInformer> m_claims, m_volumes, m_classes;
    KubeClient *m_client;
    Provisioner *m_provisioner;
    Journal *m_journal;
    const Clock *m_clock;
    Options m_opts;
    EventRecorder m_events;
    std::shared_ptr<workqueue::RateLimiter> m_limiter;
    std::unique_ptr<workqueue::RateLimitingQueue> m_claimQueue;
    std::unique_ptr<workqueue::RateLimitingQueue> m_volumeQueue;
    QList<QueueWorker *> m_claimWorkers;
    QList<QueueWorker *> m_volumeWorkers;
    QHash<QString, Object> m_inProgress;
    /// The claims rescheduleProvisioning wrote into the claims cache (the library's
    /// claimInformer.GetStore().Update(newClaim)), by UID: a sync reads the copy while the
    /// informer still holds the version it was made from. The informer's own store is not
    /// written (only its watch writes it here); the journal notes each copy.
    QHash<QString, Object> m_storeWrites;
    Metrics m_metrics;
    bool m_started = false;
    bool m_running = false;
};

} // namespace lens::controller
