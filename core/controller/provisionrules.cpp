// SPDX-License-Identifier: Apache-2.0
#include "provisionrules.h"

#include <QJsonArray>

namespace lens::controller::rules {

namespace {
QJsonObject sub(const QJsonObject &o, const char *field)
{
    return o.value(QLatin1String(field)).toObject();
}
QString text(const QJsonObject &o, const char *field)
{
    return o.value(QLatin1String(field)).toString();
}
} // namespace

QString claimClass(const Object &claim)
{
    const auto ann = claim.annotations();
    if (ann.contains(kAnnBetaStorageClass))
        return ann.value(kAnnBetaStorageClass);
    return text(sub(claim.json(), "spec"), "storageClassName");
}

QString claimProvisioner(const Object &claim)
{
    const auto ann = claim.annotations();
    if (ann.contains(kAnnStorageProvisioner))
        return ann.value(kAnnStorageProvisioner);
    return ann.value(kAnnBetaStorageProvisioner);
}

QString selectedNode(const Object &claim)
{
    const auto ann = claim.annotations();
    const QString node = ann.value(kAnnSelectedNode);
    return node.isEmpty() ? ann.value(kAnnAlphaSelectedNode) : node;
}

Decision shouldProvision(const Object &claim, const QStringList &names, const ClassLookup &classes,
                         const Qualifier &qualifier)
{
    const QJsonObject spec = sub(claim.json(), "spec");
    if (!text(spec, "volumeName").isEmpty())
        return {false,
                {},
                QStringLiteral("spec.volumeName is set (%1): the claim is bound already")
                    .arg(text(spec, "volumeName"))};
    if (qualifier && !qualifier(claim))
        return {false, {}, QStringLiteral("the provisioner's Qualifier said no")};
    const QString provisioner = claimProvisioner(claim);
    if (provisioner.isEmpty())
        return {false,
                {},
                QStringLiteral("no %1 annotation: the PV controller has not asked an external "
                               "provisioner yet")
                    .arg(kAnnStorageProvisioner)};
    if (!names.contains(provisioner))
        return {false,
                {},
                QStringLiteral("the claim asks for provisioner %1, not %2")
                    .arg(provisioner, names.join(QStringLiteral(", ")))};
    const QString className = claimClass(claim);
    const QJsonObject cls = classes ? classes(className) : QJsonObject();
    if (cls.isEmpty())
        return {false, QStringLiteral("storageClass \"%1\" not found").arg(className), {}};
    if (text(cls, "volumeBindingMode") == QLatin1String("WaitForFirstConsumer") &&
        selectedNode(claim).isEmpty())
        return {false,
                {},
                QStringLiteral("class %1 waits for the first consumer and no node is selected")
                    .arg(className)};
    return {true,
            {},
            QStringLiteral("the claim asks for %1 through class %2").arg(provisioner, className)};
}

Decision shouldDelete(const Object &pv, bool addFinalizer)
{
    const bool deleting = !pv.deletionTimestamp().isEmpty();
    if (addFinalizer) {
        const QJsonArray fin =
            sub(pv.json(), "metadata").value(QLatin1String("finalizers")).toArray();
        if (!fin.contains(kFinalizerPV) && deleting)
            return {false, {}, QStringLiteral("being deleted and our finalizer is gone already")};
    } else if (deleting) {
        return {false, {}, QStringLiteral("being deleted already")};
    }
    const QString phase = text(sub(pv.json(), "status"), "phase");
    if (phase != QLatin1String("Released"))
        return {false, {}, QStringLiteral("phase is %1, not Released").arg(phase)};
    const QString policy = text(sub(pv.json(), "spec"), "persistentVolumeReclaimPolicy");
    if (policy != QLatin1String("Delete"))
        return {false, {}, QStringLiteral("reclaim policy is %1, not Delete").arg(policy)};
    return {true, {}, QStringLiteral("Released with reclaim policy Delete")};
}

bool isProvisionerForVolume(const Object &pv, const QStringList &names)
{
    const auto ann = pv.annotations();
    const QString migrated = ann.value(kAnnMigratedTo);
    if (ann.contains(kAnnDynamicallyProvisioned))
        return names.contains(ann.value(kAnnDynamicallyProvisioned)) ||
               (!migrated.isEmpty() && names.contains(migrated));
    const QJsonObject spec = sub(pv.json(), "spec");
    if (spec.contains(QLatin1String("csi")))
        return names.contains(text(sub(spec, "csi"), "driver"));
    return !migrated.isEmpty() && names.contains(migrated);
}

QString canProvision(const Object &claim, bool supportsBlock, const QString &provisionerName)
{
    if (text(sub(claim.json(), "spec"), "volumeMode") == QLatin1String("Block") && !supportsBlock)
        return QStringLiteral("%1 does not support block volume provisioning").arg(provisionerName);
    return {};
}

QJsonObject claimRef(const Object &claim)
{
    QJsonObject ref;
    ref.insert(QLatin1String("kind"), QStringLiteral("PersistentVolumeClaim"));
    ref.insert(QLatin1String("apiVersion"), QStringLiteral("v1"));
    ref.insert(QLatin1String("namespace"), claim.namespace_());
    ref.insert(QLatin1String("name"), claim.name());
    ref.insert(QLatin1String("uid"), claim.uid());
    ref.insert(QLatin1String("resourceVersion"), claim.resourceVersion());
    return ref;
}

QJsonObject completePv(QJsonObject pv, const Object &claim, const QString &className,
                       const QString &classProvisioner, bool addFinalizer)
{
    QJsonObject spec = sub(pv, "spec");
    spec.insert(QLatin1String("claimRef"), claimRef(claim));
    spec.insert(QLatin1String("storageClassName"), className);
    pv.insert(QLatin1String("spec"), spec);
    QJsonObject meta = sub(pv, "metadata");
    QJsonObject ann = sub(meta, "annotations");
    ann.insert(kAnnDynamicallyProvisioned, classProvisioner);
    meta.insert(QLatin1String("annotations"), ann);
    if (addFinalizer) {
        QJsonArray fin = meta.value(QLatin1String("finalizers")).toArray();
        if (!fin.contains(kFinalizerPV))
            fin.append(kFinalizerPV);
        meta.insert(QLatin1String("finalizers"), fin);
    }
    pv.insert(QLatin1String("metadata"), meta);
    return pv;
}

} // namespace lens::controller::rules
