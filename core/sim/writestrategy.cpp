// SPDX-License-Identifier: Apache-2.0
#include "writestrategy.h"

#include "storagehelpers.h"

#include <QJsonArray>

namespace lens::sim {

using namespace storage;

namespace {
const QString kClaims = QStringLiteral("persistentvolumeclaims");
const QString kVolumes = QStringLiteral("persistentvolumes");
const QString kClasses = QStringLiteral("storageclasses.storage.k8s.io");
const QString kStatus = QStringLiteral("status");
const QString kSpec = QStringLiteral("spec");
const QString kMetadata = QStringLiteral("metadata");

WriteResult invalid(const QString &kind, const QString &name, const QStringList &errors)
{
    WriteResult r;
    r.error.code = 422;
    r.error.reason = QStringLiteral("Invalid");
    // errors.NewInvalid: `Kind "name" is invalid: ` then the aggregate of the field errors.
    r.error.message =
        QStringLiteral("%1 \"%2\" is invalid: %3")
            .arg(kind, name,
                 errors.size() == 1
                     ? errors.first()
                     : QLatin1Char('[') + errors.join(QStringLiteral(", ")) + QLatin1Char(']'));
    return r;
}

QString nameOf(const QJsonObject &o)
{
    return o.value(kMetadata).toObject().value(u"name").toString();
}

QJsonObject withFinalizer(const QJsonObject &o, const char *finalizer)
{
    QStringList list = finalizers(o);
    if (list.contains(QLatin1String(finalizer)))
        return o;
    list << QLatin1String(finalizer);
    return withFinalizers(o, list);
}
} // namespace

QJsonObject WriteStrategy::applyDefaults(const QString &resource, QJsonObject o)
{
    if (resource == kClaims) {
        if (field(o, "status", "phase").isEmpty())
            o = withField(o, "status", "phase", QStringLiteral("Pending"));
        if (field(o, "spec", "volumeMode").isEmpty())
            o = withField(o, "spec", "volumeMode", QStringLiteral("Filesystem"));
    } else if (resource == kVolumes) {
        if (field(o, "status", "phase").isEmpty())
            o = withField(o, "status", "phase", QStringLiteral("Pending"));
        if (field(o, "spec", "persistentVolumeReclaimPolicy").isEmpty())
            o = withField(o, "spec", "persistentVolumeReclaimPolicy", QStringLiteral("Retain"));
        if (field(o, "spec", "volumeMode").isEmpty())
            o = withField(o, "spec", "volumeMode", QStringLiteral("Filesystem"));
    } else if (resource == kClasses) {
        if (o.value(u"reclaimPolicy").toString().isEmpty())
            o.insert(QStringLiteral("reclaimPolicy"), QStringLiteral("Delete"));
        if (o.value(u"volumeBindingMode").toString().isEmpty())
            o.insert(QStringLiteral("volumeBindingMode"), QStringLiteral("Immediate"));
    }
    return o;
}

QString WriteStrategy::defaultStorageClass() const
{
    QString best;
    QString bestCreated;
    const QList<lens::Object> classes = m_store->objects(kClasses);
    for (const lens::Object &c : classes) {
        if (c.annotations().value(QLatin1String(AnnIsDefaultClass)) != QLatin1String("true"))
            continue;
        // 1.28+: with several defaults the newest wins (ISO timestamps compare as strings).
        const QString created = c.creationTimestamp();
        if (best.isEmpty() || created > bestCreated) {
            best = c.name();
            bestCreated = created;
        }
    }
    return best;
}

FieldWriter WriteStrategy::writer(Target target) const
{
    return {m_manager.isEmpty() ? m_store->writer().manager : m_manager,
            target == Target::Status ? QStringLiteral("status") : QString()};
}

WriteResult WriteStrategy::create(const QString &resource, const QJsonObject &object) const
{
    const Store::WriterScope scope(m_store, writer(Target::Main));
    QJsonObject o = object;
    if (resource == kClaims) {
        o.remove(kStatus); // PrepareForCreate
        if (!o.value(kSpec).toObject().contains(QStringLiteral("storageClassName")) &&
            !hasAnnotation(o, AnnBetaStorageClass)) {
            // admission DefaultStorageClass
            if (const QString def = defaultStorageClass(); !def.isEmpty())
                o = withField(o, "spec", "storageClassName", def);
        }
        o = withFinalizer(o, PvcProtectionFinalizer); // admission StorageObjectInUseProtection
        QStringList errors;
        if (accessModes(o).isEmpty())
            errors << QStringLiteral(
                "spec.accessModes: Required value: at least 1 access mode is required");
        if (!claimRequest(o))
            errors << QStringLiteral("spec.resources[storage]: Required value");
        if (!errors.isEmpty())
            return invalid(QStringLiteral("PersistentVolumeClaim"), nameOf(o), errors);
    } else if (resource == kVolumes) {
        o.remove(kStatus);
        o = withField(o, "status", "lastPhaseTransitionTime", m_store->nowRfc3339());
        o = withFinalizer(o, PvProtectionFinalizer);
    } else if (resource == kClasses) {
        if (o.value(u"provisioner").toString().isEmpty())
            return invalid(QStringLiteral("StorageClass"), nameOf(o),
                           {QStringLiteral("provisioner: Required value")});
    }
    return m_store->create(resource, applyDefaults(resource, o));
}

QString WriteStrategy::claimSpecUpdateProblem(const QJsonObject &next, const QJsonObject &old)
{
    QJsonObject newSpec = next.value(kSpec).toObject();
    QJsonObject oldSpec = old.value(kSpec).toObject();
    // volumeName may change once, from empty (the PV controller's bind).
    if (oldSpec.value(u"volumeName").toString().isEmpty())
        oldSpec.insert(QStringLiteral("volumeName"), newSpec.value(u"volumeName"));
    // RetroactiveDefaultStorageClass: an unset class may be set while the claim is unbound.
    if (!oldSpec.contains(QStringLiteral("storageClassName")) &&
        oldSpec.value(u"volumeName").toString().isEmpty() &&
        newSpec.contains(QStringLiteral("storageClassName")))
        oldSpec.insert(QStringLiteral("storageClassName"), newSpec.value(u"storageClassName"));
    // Bound claims may change their requests (expansion).
    const bool bound = field(old, "status", "phase") == QLatin1String("Bound");
    if (bound) {
        QJsonObject resources = newSpec.value(u"resources").toObject();
        resources.insert(QStringLiteral("requests"),
                         oldSpec.value(u"resources").toObject().value(u"requests"));
        newSpec.insert(QStringLiteral("resources"), resources);
    }
    if (newSpec != oldSpec)
        return QStringLiteral("spec: Forbidden: spec is immutable after creation except "
                              "resources.requests and volumeAttributesClassName for bound "
                              "claims");
    const std::optional<double> newSize = claimRequest(next);
    const std::optional<double> oldSize = claimRequest(old);
    if (bound && newSize && oldSize && *newSize < *oldSize) {
        // RecoverVolumeExpansionFailure (on by default since 1.32): down to status.capacity.
        const std::optional<double> capacity = parseQuantity(old.value(kStatus)
                                                                 .toObject()
                                                                 .value(u"capacity")
                                                                 .toObject()
                                                                 .value(u"storage")
                                                                 .toString());
        if (!capacity || *newSize <= *capacity)
            return QStringLiteral("spec.resources.requests.storage: Forbidden: field can not be "
                                  "less than status.capacity");
    }
    return {};
}

WriteResult WriteStrategy::update(const QString &resource, const QJsonObject &object,
                                  Target target) const
{
    const Store::WriterScope scope(m_store, writer(target));
    const bool storage = resource == kClaims || resource == kVolumes;
    if (!storage && resource != kClasses)
        return m_store->update(resource, object);
    const QJsonObject meta = object.value(kMetadata).toObject();
    const lens::Object current =
        m_store->get(resource, meta.value(u"namespace").toString(), meta.value(u"name").toString());
    if (current.isNull()) // the Store words the 404
        return m_store->update(resource, object);
    const QJsonObject old = current.json();
    QJsonObject o = applyDefaults(resource, object);
    if (resource == kClasses) {
        QStringList errors;
        for (const char *immutable : {"provisioner", "parameters", "reclaimPolicy"})
            if (o.value(QLatin1String(immutable)) != old.value(QLatin1String(immutable)))
                errors << QStringLiteral("%1: Forbidden: updates to %1 are forbidden.")
                              .arg(QLatin1String(immutable));
        if (!errors.isEmpty())
            return invalid(QStringLiteral("StorageClass"), nameOf(old), errors);
        return m_store->update(resource, o);
    }
    if (target == Target::Status) {
        // The status strategies: spec and metadata (ResetObjectMetaForStatus) from the stored
        // object; resourceVersion from the request (optimistic concurrency).
        QJsonObject keptMeta = old.value(kMetadata).toObject();
        if (meta.contains(QStringLiteral("resourceVersion")))
            keptMeta.insert(QStringLiteral("resourceVersion"), meta.value(u"resourceVersion"));
        o.insert(kMetadata, keptMeta);
        o.insert(kSpec, old.value(kSpec));
        if (resource == kVolumes) {
            const QString oldPhase = field(old, "status", "phase");
            const QString oldTime = field(old, "status", "lastPhaseTransitionTime");
            const QString newTime = field(o, "status", "lastPhaseTransitionTime");
            if (oldPhase == field(o, "status", "phase")) {
                if (newTime.isEmpty() && !oldTime.isEmpty())
                    o = withField(o, "status", "lastPhaseTransitionTime", oldTime);
            } else if (newTime.isEmpty() || newTime == oldTime) {
                o = withField(o, "status", "lastPhaseTransitionTime", m_store->nowRfc3339());
            }
        }
        return m_store->update(resource, o);
    }
    // The main resource: status is the stored one.
    if (old.contains(kStatus))
        o.insert(kStatus, old.value(kStatus));
    else
        o.remove(kStatus);
    if (resource == kClaims) {
        if (const QString problem = claimSpecUpdateProblem(o, old); !problem.isEmpty())
            return invalid(QStringLiteral("PersistentVolumeClaim"), nameOf(old), {problem});
    }
    return m_store->update(resource, o);
}

} // namespace lens::sim
