// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/object.h"

#include <QJsonObject>
#include <QObject>
#include <QString>

#include <functional>

namespace lens::controller {

/// sig-storage-lib-external-provisioner's ProvisioningState (controller/volume.go): what a
/// Provision call left behind.
enum class ProvisioningState {
    Finished,   ///< no background work; an error is final for this attempt
    Background, ///< may still be provisioning: the library will call Provision again
    NoChange,   ///< same state as before the call (first call: as Finished)
    Reschedule, ///< give up on the selected node (only meaningful with one)
};
/// "Finished", "Background", "NoChange", "Reschedule" (the library's string values).
QString provisioningStateName(ProvisioningState state);

/// The library's ProvisionOptions (v13): what Provision is asked to create.
struct ProvisionOptions {
    QJsonObject storageClass; ///< the claim's storage.k8s.io/v1 StorageClass
    QString pvName;           ///< the PV to create ("pvc-<claim uid>")
    Object claim;             ///< the PersistentVolumeClaim
    QString selectedNodeName; ///< volume.kubernetes.io/selected-node, "" when none
};

/// What Provision answered: a PV template on success (the library fills in claimRef, the
/// provisioned-by annotation and the class), else an error with the state it left.
struct ProvisionResult {
    QJsonObject pv; ///< the PersistentVolume template (empty on error)
    ProvisioningState state = ProvisioningState::Finished;
    QString error;         ///< "" = success
    bool ignored = false;  ///< the library's IgnoredError: "not mine, did nothing"
    bool injected = false; ///< the failure was set on purpose (HostPathProvisioner::failNext)
    bool ok() const { return error.isEmpty(); }
};

/// What Delete answered.
struct DeleteResult {
    QString error;         ///< "" = the asset is gone
    bool ignored = false;  ///< IgnoredError: not this provisioner's volume
    bool injected = false; ///< set on purpose
    bool ok() const { return error.isEmpty(); }
};

/// The library's Provisioner interface (controller/volume.go), asynchronous as everything on
/// the event loop is: provision() and remove() answer through their callback, later, never
/// from inside the call. BlockProvisioner's SupportsBlock is supportsBlock().
class Provisioner : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    /// Provision(ctx, options): create the storage asset and answer with a PV template.
    virtual void provision(const ProvisionOptions &options,
                           std::function<void(const ProvisionResult &)> done) = 0;
    /// Delete(ctx, pv): delete the asset (not the PV object).
    virtual void remove(const Object &pv, std::function<void(const DeleteResult &)> done) = 0;
    /// BlockProvisioner.SupportsBlock: whether volumeMode Block can be provisioned.
    virtual bool supportsBlock() const { return false; }
};

} // namespace lens::controller
