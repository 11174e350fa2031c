// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace lens::sim::storage {

/// The names and small helpers the built-in cluster's storage half shares: the annotation and
/// finalizer names of kubernetes/component-helpers storage/volume/pv_helpers.go and the
/// admission plugins, resource.Quantity reading for capacities, and the JSON accessors of
/// PersistentVolumeClaim, PersistentVolume and StorageClass objects (plain QJsonObjects, as the
/// Store holds them).

inline constexpr char AnnBindCompleted[] = "pv.kubernetes.io/bind-completed";
inline constexpr char AnnBoundByController[] = "pv.kubernetes.io/bound-by-controller";
inline constexpr char AnnDynamicallyProvisioned[] = "pv.kubernetes.io/provisioned-by";
inline constexpr char AnnStorageProvisioner[] = "volume.kubernetes.io/storage-provisioner";
inline constexpr char AnnBetaStorageProvisioner[] = "volume.beta.kubernetes.io/storage-provisioner";
inline constexpr char AnnSelectedNode[] = "volume.kubernetes.io/selected-node";
inline constexpr char AnnBetaStorageClass[] = "volume.beta.kubernetes.io/storage-class";
inline constexpr char AnnMigratedTo[] = "pv.kubernetes.io/migrated-to";
inline constexpr char AnnIsDefaultClass[] = "storageclass.kubernetes.io/is-default-class";
inline constexpr char PvcProtectionFinalizer[] = "kubernetes.io/pvc-protection";
inline constexpr char PvProtectionFinalizer[] = "kubernetes.io/pv-protection";

/// resource.Quantity's value in base units (bytes for storage): "1Gi" → 1073741824, "500M",
/// "1.5Gi", "2e3", "100m" (milli). nullopt when `text` is not a quantity. Precision: a double,
/// enough to compare capacities, which is all the sim does with them.
std::optional<double> parseQuantity(const QString &text);

/// metadata.annotations[key] ("" when absent) and whether it is present.
QString annotation(const QJsonObject &object, const char *key);
bool hasAnnotation(const QJsonObject &object, const char *key);
/// `object` with annotations[key] = value.
QJsonObject withAnnotation(QJsonObject object, const char *key, const QString &value);
/// `object` without annotations[key] (the annotations map dropped when it empties).
QJsonObject withoutAnnotation(QJsonObject object, const char *key);
/// metadata.finalizers.
QStringList finalizers(const QJsonObject &object);
/// `object` with metadata.finalizers = `list` (the key dropped when empty).
QJsonObject withFinalizers(QJsonObject object, const QStringList &list);
/// A field two levels down, e.g. field(o, "spec", "volumeName"); "" when absent.
QString field(const QJsonObject &object, const char *outer, const char *inner);
/// `object` with object[outer][inner] = value (an undefined value removes it).
QJsonObject withField(QJsonObject object, const char *outer, const char *inner,
                      const QJsonValue &value);

/// GetPersistentVolumeClaimClass / GetPersistentVolumeClass: the beta annotation
/// volume.beta.kubernetes.io/storage-class when present, else spec.storageClassName, else "".
QString storageClassOf(const QJsonObject &claimOrVolume);
/// spec.resources.requests.storage of a claim, spec.capacity.storage of a volume, in bytes
/// (nullopt when absent or not a quantity).
std::optional<double> claimRequest(const QJsonObject &claim);
std::optional<double> volumeCapacity(const QJsonObject &volume);
/// spec.accessModes.
QStringList accessModes(const QJsonObject &claimOrVolume);
/// helper.GetAccessModesAsString: "RWO,ROX,RWX,RWOP" for the modes present, in that order.
QString accessModesString(const QStringList &modes);
/// spec.volumeMode, "Filesystem" when unset (the default).
QString volumeMode(const QJsonObject &claimOrVolume);

} // namespace lens::sim::storage
