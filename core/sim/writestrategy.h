// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "store.h"

#include <QJsonObject>
#include <QString>

namespace lens::sim {

/// The part of kube-apiserver's write path between decoding a body and storing it, for the
/// resources whose server-side rules the storage controllers depend on: defaulting
/// (pkg/apis/core/v1/defaults.go, pkg/apis/storage/v1/defaults.go), the registry strategies'
/// PrepareForCreate / PrepareForUpdate and update validation (pkg/registry/core/
/// persistentvolume[claim]/strategy.go, pkg/apis/core/validation ValidatePersistentVolumeClaim-
/// Update, pkg/apis/storage/validation ValidateStorageClassUpdate) and two admission plugins
/// (StorageObjectInUseProtection, DefaultStorageClass). Every write of the built-in cluster that
/// plays a client — HTTP (WriteHandler), the PV controller, the seeds, churn — goes through it;
/// the Store below stays a plain versioned store. Other resources pass through unchanged.
///
/// persistentvolumeclaims:
/// - create: client-sent status dropped, status.phase "Pending", spec.volumeMode "Filesystem";
///   finalizer kubernetes.io/pvc-protection added; no storageClassName (and no beta class
///   annotation) → the default class (annotated storageclass.kubernetes.io/is-default-class
///   "true"; the newest when there are several; none → unset);
/// - update of the main resource keeps the stored status; the spec may change only in
///   spec.volumeName (once, from empty), spec.storageClassName (from unset, while unbound:
///   RetroactiveDefaultStorageClass) and, for a Bound claim, resources.requests (not below
///   status.capacity): anything else is 422 Invalid with kube-apiserver's words ("spec is
///   immutable after creation except resources.requests and volumeAttributesClassName for bound
///   claims", without Go's cmp.Diff that follows them there);
/// - update of the status subresource keeps the stored spec and metadata
///   (ResetObjectMetaForStatus) and takes status from the body.
/// persistentvolumes: create drops status, sets status.phase "Pending" and
/// status.lastPhaseTransitionTime (now), defaults spec.persistentVolumeReclaimPolicy "Retain"
/// and spec.volumeMode "Filesystem", adds kubernetes.io/pv-protection; main-resource updates
/// keep status; status updates keep spec and metadata and stamp lastPhaseTransitionTime when
/// status.phase changes (unless the client set a new one).
/// storageclasses: reclaimPolicy "Delete" and volumeBindingMode "Immediate" by default;
/// provisioner, parameters and reclaimPolicy cannot change (422).
///
/// Errors come back in WriteResult as the Store reports its own (422 Invalid, 404, 409).
class WriteStrategy {
public:
    /// Which part of an object a write addresses: the resource itself or its status
    /// subresource (ResourceType::hasStatus()).
    enum class Target { Main, Status };

    /// `store` is not owned and must outlive the strategy. `manager` names the writer in
    /// metadata.managedFields (Store::WriterScope), e.g. "kube-controller-manager" for the
    /// built-in controllers; "" = the store's current writer (an HTTP request's field manager).
    explicit WriteStrategy(Store *store, QString manager = {})
        : m_store(store), m_manager(std::move(manager))
    {
    }

    /// POST: defaulting, PrepareForCreate and admission, then Store::create().
    WriteResult create(const QString &resource, const QJsonObject &object) const;
    /// PUT (PATCH after the patch is applied): defaulting, PrepareForUpdate and validation of
    /// `target`, then Store::update() (optimistic concurrency as there). 404 when the object
    /// does not exist.
    WriteResult update(const QString &resource, const QJsonObject &object,
                       Target target = Target::Main) const;

    /// The name of the class DefaultStorageClass admission would give a claim ("" = none):
    /// among StorageClasses annotated is-default-class "true", the newest (then by name).
    QString defaultStorageClass() const;

private:
    /// Defaults of every decoded object of `resource` (create and update alike).
    static QJsonObject applyDefaults(const QString &resource, QJsonObject object);
    /// ValidatePersistentVolumeClaimUpdate's spec rule; empty when allowed.
    static QString claimSpecUpdateProblem(const QJsonObject &next, const QJsonObject &old);

    /// The writer of a write to `target`: m_manager (or the store's) and the subresource.
    FieldWriter writer(Target target) const;

    Store *m_store;
    QString m_manager;
};

} // namespace lens::sim
