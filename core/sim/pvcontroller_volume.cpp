// SPDX-License-Identifier: Apache-2.0
// The PV controller's volume side (pv_controller.go: syncVolume, reclaimVolume, unbindVolume,
// updateVolumePhase, deleteVolumeOperation's plugin lookup). See pvcontroller.h.
#include "pvcontroller.h"

#include "storagehelpers.h"
#include "store.h"

namespace lens::sim {

using namespace storage;

namespace {
const QString kClaims = QStringLiteral("persistentvolumeclaims");
const QString kVolumes = QStringLiteral("persistentvolumes");
} // namespace

void PersistentVolumeController::volumeWorkerStep(const QString &key)
{
    const lens::Object volume = m_store->get(kVolumes, QString(), key);
    if (!volume.isNull()) {
        m_deletedVolumes.remove(key);
        syncVolume(volume); // updateVolume: add/update/sync
        return;
    }
    // deleteVolume: the claim it was bound to may now be Lost.
    const lens::Object gone = m_deletedVolumes.take(key);
    if (gone.isNull())
        return;
    const QJsonObject ref = gone.json().value(u"spec").toObject().value(u"claimRef").toObject();
    if (!ref.isEmpty())
        m_claims->add(
            Store::keyOf(ref.value(u"namespace").toString(), ref.value(u"name").toString()));
}

void PersistentVolumeController::syncVolume(const lens::Object &volume)
{
    const QJsonObject v = volume.json();
    const QJsonObject ref = v.value(u"spec").toObject().value(u"claimRef").toObject();
    if (ref.isEmpty() || ref.value(u"uid").toString().isEmpty()) {
        // Unused, or pre-bound to a claim that the claim sync will bind.
        updateVolumePhase(volume, QStringLiteral("Available"));
        return;
    }
    const QString phase = field(v, "status", "phase");
    lens::Object claim =
        m_store->get(kClaims, ref.value(u"namespace").toString(), ref.value(u"name").toString());
    if (!claim.isNull() && claim.uid() != ref.value(u"uid").toString())
        claim = {}; // deleted and created again under the same name
    if (claim.isNull()) {
        lens::Object released = volume;
        if (phase != QLatin1String("Released") && phase != QLatin1String("Failed")) {
            released = updateVolumePhase(volume, QStringLiteral("Released"));
            if (released.isNull())
                return;
        }
        reclaimVolume(released);
        return;
    }
    const QString claimVolume = field(claim.json(), "spec", "volumeName");
    if (claimVolume.isEmpty()) {
        // Not bound yet: the claim sync finishes the binding (the fast path after a
        // provisioner created the volume).
        if (volumeMode(v) != volumeMode(claim.json())) {
            const QString msg =
                QStringLiteral("Cannot bind PersistentVolume to requested "
                               "PersistentVolumeClaim %1 due to incompatible volumeMode.")
                    .arg(claim.name());
            m_events.record(volume, QStringLiteral("Warning"), QStringLiteral("VolumeMismatch"),
                            msg);
            m_events.record(claim, QStringLiteral("Warning"), QStringLiteral("VolumeMismatch"),
                            msg);
            return;
        }
        m_claims->add(Store::keyOf(claim.namespace_(), claim.name()));
        return;
    }
    if (claimVolume == volume.name()) {
        updateVolumePhase(volume, QStringLiteral("Bound"));
        return;
    }
    // The claim is bound to another volume.
    if (hasAnnotation(v, AnnDynamicallyProvisioned) &&
        field(v, "spec", "persistentVolumeReclaimPolicy") == QLatin1String("Delete")) {
        lens::Object released = volume;
        if (phase != QLatin1String("Released") && phase != QLatin1String("Failed")) {
            released = updateVolumePhase(volume, QStringLiteral("Released"));
            if (released.isNull())
                return;
        }
        reclaimVolume(released);
        return;
    }
    unbindVolume(volume);
}

void PersistentVolumeController::reclaimVolume(const lens::Object &volume)
{
    const QJsonObject v = volume.json();
    if (!annotation(v, AnnMigratedTo).isEmpty())
        return;
    const QString policy = field(v, "spec", "persistentVolumeReclaimPolicy");
    if (policy == QLatin1String("Retain"))
        return; // stays Released with its claimRef until someone acts
    if (policy == QLatin1String("Delete")) {
        // deleteVolumeOperation → doDeleteVolume → findDeletablePlugin: a provisioned-by that
        // is not an in-tree kubernetes.io/ plugin means an external deleter: nothing to do.
        const QString by = annotation(v, AnnDynamicallyProvisioned);
        if (!by.isEmpty() && !by.startsWith(QLatin1String("kubernetes.io/")))
            return;
        updateVolumePhaseWithEvent(
            volume, QStringLiteral("Failed"), QStringLiteral("VolumeFailedDelete"),
            QStringLiteral("error getting deleter volume plugin for volume \"%1\": no deletable "
                           "volume plugin matched")
                .arg(volume.name()));
        return;
    }
    if (policy == QLatin1String("Recycle")) {
        // recycleVolumeOperation: the sim has no recycler plugin.
        updateVolumePhaseWithEvent(volume, QStringLiteral("Failed"),
                                   QStringLiteral("VolumeFailedRecycle"),
                                   QStringLiteral("No recycler plugin found for the volume!"));
        return;
    }
    updateVolumePhaseWithEvent(volume, QStringLiteral("Failed"),
                               QStringLiteral("VolumeUnknownReclaimPolicy"),
                               QStringLiteral("Volume has unrecognized "
                                              "PersistentVolumeReclaimPolicy"));
}

void PersistentVolumeController::unbindVolume(const lens::Object &volume)
{
    QJsonObject v = volume.json();
    if (hasAnnotation(v, AnnBoundByController)) {
        // Bound by this controller: forget the claim.
        v = withField(v, "spec", "claimRef", QJsonValue::Undefined);
        v = withoutAnnotation(v, AnnBoundByController);
    } else {
        // Pre-bound by the user: keep the claim's name, drop only its uid.
        QJsonObject ref = v.value(u"spec").toObject().value(u"claimRef").toObject();
        ref.remove(QStringLiteral("uid"));
        v = withField(v, "spec", "claimRef", ref);
    }
    const lens::Object updated = written(m_writer.update(kVolumes, v));
    if (!updated.isNull())
        updateVolumePhase(updated, QStringLiteral("Available"));
}

lens::Object PersistentVolumeController::updateVolumePhase(const lens::Object &volume,
                                                           const QString &phase,
                                                           const QString &message)
{
    QJsonObject v = volume.json();
    if (field(v, "status", "phase") == phase)
        return volume;
    v = withField(v, "status", "phase", phase);
    v = withField(v, "status", "message",
                  message.isEmpty() ? QJsonValue(QJsonValue::Undefined) : QJsonValue(message));
    return written(m_writer.update(kVolumes, v, WriteStrategy::Target::Status));
}

void PersistentVolumeController::updateVolumePhaseWithEvent(const lens::Object &volume,
                                                            const QString &phase,
                                                            const QString &reason,
                                                            const QString &message)
{
    if (field(volume.json(), "status", "phase") == phase)
        return;
    const lens::Object updated = updateVolumePhase(volume, phase, message);
    if (!updated.isNull())
        m_events.record(updated, QStringLiteral("Warning"), reason, message);
}

} // namespace lens::sim
