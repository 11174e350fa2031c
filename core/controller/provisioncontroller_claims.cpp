// SPDX-License-Identifier: Apache-2.0
// The claim side of ProvisionController: syncClaimHandler → syncClaim → shouldProvision →
// provisionClaimOperation → the backoff store saving the PV (library v13, controller.go and
// volume_store.go's backoffStore).
#include "provisioncontroller.h"

#include "informer/sharedinformer.h"
#include "trace/journal.h"

#include <QJsonArray>

namespace lens::controller {

namespace {
QString keyOf(const Object &o)
{
    return o.namespace_().isEmpty() ? o.name() : o.namespace_() + QLatin1Char('/') + o.name();
}
} // namespace

void ProvisionController::syncClaimHandler(const QString &uid, QueueWorker *worker,
                                           QueueWorker::Finish finish)
{
    Object claim;
    const QList<Object> found = m_claims->indexer().byIndex(QStringLiteral("uid"), uid);
    if (!found.isEmpty()) {
        claim = found.first();
        // What rescheduleProvisioning wrote into the store stays until the informer stores
        // another version of the claim.
        const auto written = m_storeWrites.constFind(uid);
        if (written != m_storeWrites.cend() &&
            written->resourceVersion() == claim.resourceVersion())
            claim = *written;
        else
            m_storeWrites.remove(uid);
    } else {
        m_storeWrites.remove(uid);
        if (m_inProgress.contains(uid))
            claim = m_inProgress.value(uid); // deleted meanwhile: finish or clean up from the copy
    }
    if (claim.isNull()) {
        SyncOutcome o = SyncOutcome::success(
            QStringLiteral("gone"),
            QStringLiteral("claim %1 in work queue no longer exists").arg(uid));
        finish(o);
        return;
    }
    syncClaim(claim, worker, std::move(finish));
}

void ProvisionController::syncClaim(const Object &claim, QueueWorker *worker,
                                    QueueWorker::Finish finish)
{
    const QString key = keyOf(claim);
    const QString className = rules::claimClass(claim);
    const rules::Decision d = rules::shouldProvision(
        claim, knownNames(), [this](const QString &n) { return storageClass(n); });
    if (!d.error.isEmpty()) {
        ++m_metrics.provisionFailedTotal[className];
        SyncOutcome o = SyncOutcome::failure(d.error);
        o.objectKey = key;
        finish(o);
        return;
    }
    if (!d.yes) {
        SyncOutcome o = SyncOutcome::success(QStringLiteral("skipped"), d.why);
        o.objectKey = key;
        finish(o);
        return;
    }
    const QString uid = claim.uid();
    provisionClaimOperation(
        claim, worker,
        [this, claim, uid, key, className, finish](ProvisioningState state, const QString &error,
                                                   bool stop, const ApiStatus &status) {
            const bool alreadyExists =
                error.isEmpty() && status.reason == QLatin1String("AlreadyExists");
            if (error.isEmpty())
                ++m_metrics.provisionTotal[className];
            else
                ++m_metrics.provisionFailedTotal[className];
            if (alreadyExists)
                ++m_metrics.provisionAlreadyExistsTotal[className];
            if (stop)
                ++m_metrics.provisionStoppedTotal[className];
            SyncOutcome o;
            o.objectKey = key;
            if (error.isEmpty() || state == ProvisioningState::Finished) {
                m_inProgress.remove(uid);
            } else if (state == ProvisioningState::Background) {
                m_inProgress.insert(uid, claim);
            } // NoChange: claimsInProgress stays as it is
            if (alreadyExists) {
                // An earlier sync of this claim saved the PV, but the volumes informer did not
                // have it yet when this one looked (the library checks its cache, not the
                // server): the POST's AlreadyExists counts as saved.
                o = SyncOutcome::success(
                    QStringLiteral("provisioned"),
                    QStringLiteral("volume pvc-%1 already exists (409 AlreadyExists): the "
                                   "library treats this as provisioned")
                        .arg(uid));
                o.alreadyExists = true;
            } else if (error.isEmpty()) {
                o = SyncOutcome::success(QStringLiteral("provisioned"),
                                         QStringLiteral("volume pvc-%1 saved").arg(uid));
            } else if (stop) {
                // errStopProvision: counted as a failure in the metrics, but nil for the
                // worker (no requeue).
                o = SyncOutcome::success(QStringLiteral("stopped"), error);
            } else {
                o = SyncOutcome::failure(error, status);
            }
            o.objectKey = key;
            finish(o);
        });
}

void ProvisionController::provisionClaimOperation(const Object &claim, QueueWorker *worker,
                                                  OperationDone done)
{
    const QString className = rules::claimClass(claim);
    const QString pvName = QStringLiteral("pvc-") + claim.uid();
    const QString key = keyOf(claim);
    const KubeClient::Tag t = tag(worker, claim.uid(), key);
    // 2. A PV of that name in the volumes cache: provisioned already.
    if (m_volumes->indexer().contains(pvName)) {
        done(
            ProvisioningState::Finished,
            QStringLiteral("volume %1 for claim %2 already exists, nothing to do").arg(pvName, key),
            true, {});
        return;
    }
    // 4. canProvision
    const QString blockError =
        rules::canProvision(claim, m_provisioner->supportsBlock(), m_opts.provisionerName);
    if (!blockError.isEmpty()) {
        m_events.event(claim, QStringLiteral("Warning"), QStringLiteral("ProvisioningFailed"),
                       blockError, t);
        done(ProvisioningState::Finished, blockError, true, {});
        return;
    }
    // 5. the class
    const QJsonObject cls = storageClass(className);
    if (cls.isEmpty()) {
        done(ProvisioningState::Finished,
             QStringLiteral("storageClass \"%1\" not found").arg(className), false, {});
        return;
    }
    // 6. the class must name us
    const QString classProvisioner = cls.value(QLatin1String("provisioner")).toString();
    if (!knownNames().contains(classProvisioner)) {
        done(ProvisioningState::Finished,
             QStringLiteral("unknown provisioner %1 requested in claim's StorageClass %2")
                 .arg(classProvisioner, className),
             true, {});
        return;
    }
    // 8. Event, then 9. Provision.
    m_events.event(
        claim, QStringLiteral("Normal"), QStringLiteral("Provisioning"),
        QStringLiteral("External provisioner is provisioning volume for claim \"%1\"").arg(key), t);
    ProvisionOptions opts;
    opts.storageClass = cls;
    opts.pvName = pvName;
    opts.claim = claim;
    opts.selectedNodeName = rules::selectedNode(claim);
    const ProvisionerCall call{QStringLiteral("provision"), claim.uid(), t, pvName, className};
    recordCalled(call);
    const qint64 calledMs = m_clock->nowMs();
    QPointer<QueueWorker> w(worker);
    m_provisioner->provision(opts, [this, claim, className, classProvisioner, pvName, key, t, w,
                                    call, calledMs, done](const ProvisionResult &r) {
        recordReturned(call, provisioningStateName(r.state), r.error, r.injected, calledMs);
        if (!r.ok()) {
            if (r.ignored) {
                done(ProvisioningState::Finished, r.error, true, {});
                return;
            }
            // provisionVolumeErrorHandling: the event, then for a Reschedule of a claim with
            // volume.kubernetes.io/selected-node (the GA annotation only, as the library checks
            // it) rescheduleProvisioning; any other Reschedule is Finished, the rest as given.
            m_events.event(claim, QStringLiteral("Warning"), QStringLiteral("ProvisioningFailed"),
                           r.error, t);
            if (r.state == ProvisioningState::Reschedule &&
                claim.json()
                    .value(QLatin1String("metadata"))
                    .toObject()
                    .value(QLatin1String("annotations"))
                    .toObject()
                    .contains(rules::kAnnSelectedNode)) {
                rescheduleProvisioning(claim, w, [key, error = r.error, done](bool removed) {
                    if (!removed) {
                        // "Volume rescheduling failed": kept in the queue as if Finished, with
                        // the provisioner's error (the update's is only logged).
                        done(ProvisioningState::Finished, error, false, {});
                        return;
                    }
                    // "Volume rescheduled because": errStopProvision.
                    done(ProvisioningState::Finished,
                         QStringLiteral("Provision answered Reschedule (%1): %2 removed from "
                                        "claim %3 so that the scheduler picks a node again")
                             .arg(error, rules::kAnnSelectedNode, key),
                         true, {});
                });
                return;
            }
            const ProvisioningState state =
                r.state == ProvisioningState::Reschedule ? ProvisioningState::Finished : r.state;
            done(state, r.error, false, {});
            return;
        }
        const QJsonObject pv =
            rules::completePv(r.pv, claim, className, classProvisioner, m_opts.addFinalizer);
        storeVolume(claim, pv, 1, w, done);
    });
}

void ProvisionController::rescheduleProvisioning(const Object &claim, QueueWorker *worker,
                                                 std::function<void(bool removed)> done)
{
    const QString key = keyOf(claim);
    QJsonObject updated = claim.json();
    QJsonObject meta = updated.value(QLatin1String("metadata")).toObject();
    QJsonObject annotations = meta.value(QLatin1String("annotations")).toObject();
    annotations.remove(rules::kAnnSelectedNode);
    meta.insert(QLatin1String("annotations"), annotations);
    updated.insert(QLatin1String("metadata"), meta);
    // PersistentVolumeClaims(ns).Update(newClaim): a PUT with the cached resourceVersion, so a
    // claim changed meanwhile is answered 409 Conflict.
    m_client->update(
        KubeClient::objectPath({}, QStringLiteral("v1"), QStringLiteral("persistentvolumeclaims"),
                               claim.namespace_(), claim.name()),
        updated,
        [this, claim, updated, key, done](const KubeClient::Result &r) {
            if (!r.ok) {
                done(false);
                return;
            }
            // claimInformer.GetStore().Update(newClaim): the copy (still at the cached
            // resourceVersion) is what a sync reads until the informer's watch brings the
            // claim again (syncClaimHandler).
            m_storeWrites.insert(claim.uid(), Object::fromJson(updated));
            note(QStringLiteral("claim %1 without %2 written into the claims cache "
                                "(GetStore().Update) until the watch brings its update")
                     .arg(key, rules::kAnnSelectedNode));
            done(true);
        },
        tag(worker, claim.uid(), key));
}

void ProvisionController::storeVolume(const Object &claim, const QJsonObject &pv, int attempt,
                                      QueueWorker *worker, OperationDone done)
{
    const QString key = keyOf(claim);
    const QString pvName =
        pv.value(QLatin1String("metadata")).toObject().value(QLatin1String("name")).toString();
    const KubeClient::Tag t = tag(worker, claim.uid(), pvName);
    QPointer<QueueWorker> w(worker);
    m_client->create(
        KubeClient::objectPath({}, QStringLiteral("v1"), QStringLiteral("persistentvolumes"), {},
                               {}),
        pv,
        [this, claim, pv, attempt, key, pvName, t, w, done](const KubeClient::Result &r) {
            // backoffStore: AlreadyExists counts as saved.
            if (r.ok || r.error.reason == QLatin1String("AlreadyExists")) {
                m_events.event(claim, QStringLiteral("Normal"),
                               QStringLiteral("ProvisioningSucceeded"),
                               QStringLiteral("Successfully provisioned volume %1").arg(pvName),
                               {t.worker, claim.uid(), key});
                done(ProvisioningState::Finished, {}, false, r.ok ? ApiStatus() : r.error);
                return;
            }
            if (attempt < m_opts.createProvisionedPVRetryCount) {
                // The library's blocking wait.ExponentialBackoff (factor 1): the worker waits.
                after(m_opts.createProvisionedPVIntervalMs, [this, claim, pv, attempt, w, done] {
                    storeVolume(claim, pv, attempt + 1, w, done);
                });
                return;
            }
            const QString error = r.error.describe();
            // volume_store.go formats the client-go error with %v: its Error(), for an API
            // Status the server's message alone.
            m_events.event(claim, QStringLiteral("Warning"), QStringLiteral("ProvisioningFailed"),
                           QStringLiteral("Error creating provisioned PV object for claim %1: "
                                          "%2. Deleting the volume.")
                               .arg(key, clientGoErrorText(r.error)),
                           {t.worker, claim.uid(), key});
            m_provisioner->remove(Object::fromJson(pv), [this, claim, key, t, error, r,
                                                         done](const DeleteResult &dr) {
                if (!dr.ok() && !dr.ignored)
                    m_events.event(claim, QStringLiteral("Warning"),
                                   QStringLiteral("ProvisioningCleanupFailed"),
                                   QStringLiteral("Error cleaning provisioned volume for claim "
                                                  "%1: %2. Please delete manually.")
                                       .arg(key, dr.error),
                                   {t.worker, claim.uid(), key});
                done(ProvisioningState::Finished, error, false, r.error);
            });
        },
        t);
}

} // namespace lens::controller
