// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/object.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>

/// The ProvisionController's decisions that need no I/O, as free functions over objects, so
/// each can be checked on its own (sig-storage-lib-external-provisioner v13,
/// controller/controller.go; the annotation names are component-helpers' storage/volume
/// constants).
namespace lens::controller::rules {

// Annotations and finalizers both controllers read.
inline const QString kAnnStorageProvisioner =
    QStringLiteral("volume.kubernetes.io/storage-provisioner");
inline const QString kAnnBetaStorageProvisioner =
    QStringLiteral("volume.beta.kubernetes.io/storage-provisioner");
inline const QString kAnnSelectedNode = QStringLiteral("volume.kubernetes.io/selected-node");
inline const QString kAnnAlphaSelectedNode =
    QStringLiteral("volume.alpha.kubernetes.io/selected-node");
inline const QString kAnnDynamicallyProvisioned = QStringLiteral("pv.kubernetes.io/provisioned-by");
inline const QString kAnnMigratedTo = QStringLiteral("pv.kubernetes.io/migrated-to");
inline const QString kAnnBetaStorageClass =
    QStringLiteral("volume.beta.kubernetes.io/storage-class");
inline const QString kFinalizerPV =
    QStringLiteral("external-provisioner.volume.kubernetes.io/finalizer");

/// util.GetPersistentVolumeClaimClass: the beta storage-class annotation if present, else
/// spec.storageClassName, else "".
QString claimClass(const Object &claim);
/// The provisioner a claim asks for: volume.kubernetes.io/storage-provisioner, else the beta
/// annotation (the GA one wins when both exist); "" when neither.
QString claimProvisioner(const Object &claim);
/// volume.kubernetes.io/selected-node, falling back to the alpha annotation; "" when none.
QString selectedNode(const Object &claim);

/// The library's Qualifier.ShouldProvision (optional veto): null = none.
using Qualifier = std::function<bool(const Object &claim)>;
/// The class named `name` from the class informer's store; an empty object when absent.
using ClassLookup = std::function<QJsonObject(const QString &name)>;

struct Decision {
    bool yes = false;
    QString error; ///< set when the decision could not be made (the claim is re-queued)
    QString why;   ///< one line for people: what decided it
};

/// ProvisionController.shouldProvision, in its order: spec.volumeName set → no; Qualifier
/// veto → no; no provisioner annotation → no; not one of `names` → no; the class missing →
/// error `storageClass "X" not found`; WaitForFirstConsumer without a selected node → no;
/// else yes.
Decision shouldProvision(const Object &claim, const QStringList &names, const ClassLookup &classes,
                         const Qualifier &qualifier = {});

/// ProvisionController.shouldDelete (v13, no DeletionGuard): with `addFinalizer`, a PV whose
/// finalizer is gone and that has a deletionTimestamp → no; without it, a deletionTimestamp →
/// no; phase not Released → no (Failed is not deleted); reclaim policy not Delete → no.
Decision shouldDelete(const Object &pv, bool addFinalizer);

/// ProvisionController.isProvisionerForVolume: with pv.kubernetes.io/provisioned-by, ours when
/// it or pv.kubernetes.io/migrated-to is one of `names`; without it, ours when spec.csi.driver
/// is one of them (a CSI PV) or, for others, when migrated-to is.
bool isProvisionerForVolume(const Object &pv, const QStringList &names);

/// canProvision: "" when it can, else the library's error ("<name> does not support block
/// volume provisioning") for a volumeMode Block claim and a provisioner without block support.
QString canProvision(const Object &claim, bool supportsBlock, const QString &provisionerName);

/// The claimRef the library puts on the PV (ref.GetReference of the claim): kind
/// PersistentVolumeClaim, apiVersion v1, namespace, name, uid, resourceVersion.
QJsonObject claimRef(const Object &claim);

/// The PV the library saves: `pvTemplate` (the Provisioner's answer) with spec.claimRef,
/// the provisioned-by annotation set to `classProvisioner`, spec.storageClassName = `className`,
/// and with `addFinalizer` the library's PV finalizer (A.9 step 11).
QJsonObject completePv(QJsonObject pvTemplate, const Object &claim, const QString &className,
                       const QString &classProvisioner, bool addFinalizer);

} // namespace lens::controller::rules
