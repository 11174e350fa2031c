// SPDX-License-Identifier: Apache-2.0
// The PV controller's structure (queues, workers, resync: pv_controller_base.go) and its claim
// side (syncClaim, bind: pv_controller.go). The volume side is in pvcontroller_volume.cpp.
#include "pvcontroller.h"

#include "api/labels.h"
#include "storagehelpers.h"
#include "store.h"
#include "trace/clocktimer.h"

#include <QJsonArray>

namespace lens::sim {

using namespace storage;

namespace {
const QString kClaims = QStringLiteral("persistentvolumeclaims");
const QString kVolumes = QStringLiteral("persistentvolumes");
const QString kClasses = QStringLiteral("storageclasses.storage.k8s.io");

/// IsVolumeBoundToClaim: the volume's claimRef names the claim (and its uid, when set).
bool isVolumeBoundToClaim(const QJsonObject &volume, const lens::Object &claim)
{
    const QJsonObject ref = volume.value(u"spec").toObject().value(u"claimRef").toObject();
    if (ref.isEmpty() || ref.value(u"name").toString() != claim.name() ||
        ref.value(u"namespace").toString() != claim.namespace_())
        return false;
    const QString uid = ref.value(u"uid").toString();
    return uid.isEmpty() || uid == claim.uid();
}

/// The claim's spec.selector as a label selector (matchLabels and matchExpressions).
std::optional<LabelSelector> claimSelector(const QJsonObject &claim)
{
    const QJsonObject sel = claim.value(u"spec").toObject().value(u"selector").toObject();
    QStringList parts;
    const QJsonObject match = sel.value(u"matchLabels").toObject();
    for (auto it = match.begin(); it != match.end(); ++it)
        parts << it.key() + QLatin1Char('=') + it.value().toString();
    for (const QJsonValue &v : sel.value(u"matchExpressions").toArray()) {
        const QJsonObject e = v.toObject();
        const QString key = e.value(u"key").toString();
        const QString op = e.value(u"operator").toString();
        QStringList values;
        for (const QJsonValue &x : e.value(u"values").toArray())
            values << x.toString();
        if (op == QLatin1String("In") || op == QLatin1String("NotIn"))
            parts << QStringLiteral("%1 %2 (%3)")
                         .arg(key, op.toLower(), values.join(QLatin1Char(',')));
        else if (op == QLatin1String("Exists"))
            parts << key;
        else if (op == QLatin1String("DoesNotExist"))
            parts << QLatin1Char('!') + key;
    }
    return LabelSelector::parse(parts.join(QLatin1Char(',')));
}
} // namespace

PersistentVolumeController::PersistentVolumeController(Store *store, const lens::Clock *clock,
                                                       QObject *parent)
    : QObject(parent), m_store(store), m_writer(store, QStringLiteral("kube-controller-manager")),
      m_events(store, QLatin1String(Component)),
      m_claims(newControllerQueue(QStringLiteral("claims"), clock, this)),
      m_volumes(newControllerQueue(QStringLiteral("volumes"), clock, this)),
      m_resyncTimer(new lens::ClockTimer(clock, this))
{
    connect(m_claims, &lens::workqueue::Queue::changed, this,
            &PersistentVolumeController::schedule);
    connect(m_volumes, &lens::workqueue::Queue::changed, this,
            &PersistentVolumeController::schedule);
    connect(m_resyncTimer, &lens::ClockTimer::timeout, this, &PersistentVolumeController::resync);
}

PersistentVolumeController::~PersistentVolumeController() = default;

void PersistentVolumeController::start()
{
    if (m_running)
        return;
    m_running = true;
    connect(m_store, &Store::changed, this, &PersistentVolumeController::onStoreChanged);
    resync(); // Run: the first sync of everything, then every period
}

void PersistentVolumeController::stop()
{
    if (!m_running)
        return;
    m_running = false;
    disconnect(m_store, &Store::changed, this, &PersistentVolumeController::onStoreChanged);
    m_resyncTimer->stop();
}

void PersistentVolumeController::setResyncPeriodMs(int ms)
{
    m_resyncMs = qMax(0, ms);
    if (m_running && m_resyncMs > 0)
        m_resyncTimer->start(m_resyncMs);
    else
        m_resyncTimer->stop();
}

void PersistentVolumeController::onStoreChanged(const ChangeEvent &event)
{
    // The informers' handlers: Add, Update and Delete all enqueue the key (enqueueWork).
    if (event.resource == kClaims) {
        if (event.type == ChangeEvent::Type::Deleted)
            m_deletedClaims.insert(event.key, event.object.object);
        m_claims->add(event.key);
    } else if (event.resource == kVolumes) {
        if (event.type == ChangeEvent::Type::Deleted)
            m_deletedVolumes.insert(event.key, event.object.object);
        m_volumes->add(event.key);
    }
}

void PersistentVolumeController::schedule()
{
    if (m_scheduled)
        return;
    m_scheduled = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_scheduled = false;
            processPending();
        },
        Qt::QueuedConnection);
}

void PersistentVolumeController::resync()
{
    // resync(): every claim and volume from the listers, into the queues.
    const QList<lens::Object> claims = m_store->objects(kClaims);
    for (const lens::Object &c : claims)
        m_claims->add(Store::keyOf(c.namespace_(), c.name()));
    const QList<lens::Object> volumes = m_store->objects(kVolumes);
    for (const lens::Object &v : volumes)
        m_volumes->add(v.name());
    if (m_running && m_resyncMs > 0)
        m_resyncTimer->start(m_resyncMs);
}

int PersistentVolumeController::processPending(int limit)
{
    int ran = 0;
    while (ran < limit && (m_claims->len() > 0 || m_volumes->len() > 0)) {
        if (const QString key = m_claims->tryGet().value_or(QString()); !key.isEmpty()) {
            claimWorkerStep(key);
            m_claims->done(key);
            ++ran;
            Q_EMIT synced(m_claims->name(), key);
        }
        if (const QString key = m_volumes->tryGet().value_or(QString()); !key.isEmpty()) {
            volumeWorkerStep(key);
            m_volumes->done(key);
            ++ran;
            Q_EMIT synced(m_volumes->name(), key);
        }
    }
    if (m_claims->len() > 0 || m_volumes->len() > 0)
        schedule(); // the rest on the next pass
    return ran;
}

lens::Object PersistentVolumeController::written(const WriteResult &result)
{
    return result.ok() ? result.object : lens::Object();
}

void PersistentVolumeController::claimWorkerStep(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0);
    const QString name = key.section(QLatin1Char('/'), 1);
    const lens::Object claim = m_store->get(kClaims, ns, name);
    if (!claim.isNull()) {
        m_deletedClaims.remove(key);
        syncClaim(claim); // updateClaim: add/update/sync
        return;
    }
    // deleteClaim: the claim is gone; its volume may need to be released.
    const lens::Object gone = m_deletedClaims.take(key);
    if (gone.isNull())
        return;
    const QString volumeName = field(gone.json(), "spec", "volumeName");
    if (!volumeName.isEmpty())
        m_volumes->add(volumeName);
}

void PersistentVolumeController::syncClaim(const lens::Object &claim)
{
    if (!hasAnnotation(claim.json(), AnnBindCompleted))
        syncUnboundClaim(claim);
    else
        syncBoundClaim(claim);
}

lens::Object PersistentVolumeController::findBestMatchForClaim(const lens::Object &claim,
                                                               bool delayBinding) const
{
    // FindMatchingVolume over the volumes whose access modes include the claim's.
    const QJsonObject c = claim.json();
    const QStringList wanted = accessModes(c);
    const double requested = claimRequest(c).value_or(0);
    const QString requestedClass = storageClassOf(c);
    const std::optional<LabelSelector> selector = claimSelector(c);
    lens::Object smallest;
    double smallestSize = 0;
    const QList<lens::Object> volumes = m_store->objects(kVolumes);
    for (const lens::Object &volume : volumes) {
        const QJsonObject v = volume.json();
        const QStringList modes = accessModes(v);
        if (!std::all_of(wanted.begin(), wanted.end(),
                         [&](const QString &m) { return modes.contains(m); }))
            continue;
        const bool claimed = v.value(u"spec").toObject().contains(QStringLiteral("claimRef"));
        if (claimed && !isVolumeBoundToClaim(v, claim))
            continue;
        const double size = volumeCapacity(v).value_or(0);
        if (size < requested || volumeMode(v) != volumeMode(c) ||
            !volume.deletionTimestamp().isEmpty())
            continue;
        if (isVolumeBoundToClaim(v, claim))
            return volume; // pre-bound or provisioned for this claim
        if (delayBinding)
            continue; // the scheduler binds these
        if (field(v, "status", "phase") != QLatin1String("Available") ||
            (selector && !selector->matches(volume.labels())) ||
            storageClassOf(v) != requestedClass)
            continue;
        if (smallest.isNull() || smallestSize > size) {
            smallest = volume;
            smallestSize = size;
        }
    }
    return smallest;
}

bool PersistentVolumeController::assignDefaultStorageClass(const lens::Object &claim)
{
    // RetroactiveDefaultStorageClass: only claims with no class at all (nil, not "").
    const QJsonObject c = claim.json();
    if (c.value(u"spec").toObject().contains(QStringLiteral("storageClassName")) ||
        hasAnnotation(c, AnnBetaStorageClass))
        return false;
    const QString def = m_writer.defaultStorageClass();
    if (def.isEmpty())
        return false;
    return !written(m_writer.update(kClaims, withField(c, "spec", "storageClassName", def)))
                .isNull();
}

void PersistentVolumeController::syncUnboundClaim(const lens::Object &claim)
{
    const QJsonObject c = claim.json();
    const QString volumeName = field(c, "spec", "volumeName");
    if (volumeName.isEmpty()) {
        const lens::Object storageClass = m_store->get(kClasses, QString(), storageClassOf(c));
        const bool delayBinding =
            !storageClass.isNull() && storageClass.json().value(u"volumeBindingMode").toString() ==
                                          QLatin1String("WaitForFirstConsumer");
        const lens::Object volume = findBestMatchForClaim(claim, delayBinding);
        if (!volume.isNull()) {
            bind(volume, claim);
            return;
        }
        if (assignDefaultStorageClass(claim))
            return; // the claim's update syncs it again
        const bool nodeSelected = hasAnnotation(c, AnnSelectedNode) ||
                                  hasAnnotation(c, "volume.alpha.kubernetes.io/selected-node");
        if (delayBinding && !nodeSelected) {
            // emitEventForUnboundDelayBindingClaim: no pod uses a claim in the sim.
            m_events.record(claim, QStringLiteral("Normal"), QStringLiteral("WaitForFirstConsumer"),
                            QStringLiteral("waiting for first consumer to be created before "
                                           "binding"));
        } else if (!storageClassOf(c).isEmpty()) {
            provisionClaim(claim, storageClass);
            return;
        } else {
            m_events.record(claim, QStringLiteral("Normal"), QStringLiteral("FailedBinding"),
                            QStringLiteral("no persistent volumes available for this claim and "
                                           "no storage class is set"));
        }
        updateClaimStatus(claim, QStringLiteral("Pending"), {});
        return;
    }
    // The user asked for a specific volume.
    const lens::Object volume = m_store->get(kVolumes, QString(), volumeName);
    if (volume.isNull()) {
        updateClaimStatus(claim, QStringLiteral("Pending"), {});
        return;
    }
    const QJsonObject v = volume.json();
    if (!v.value(u"spec").toObject().contains(QStringLiteral("claimRef"))) {
        // checkVolumeSatisfyClaim
        QString why;
        if (volumeCapacity(v).value_or(0) < claimRequest(c).value_or(0))
            why = QStringLiteral("requested PV is too small");
        else if (storageClassOf(v) != storageClassOf(c))
            why = QStringLiteral("storageClassName does not match");
        else if (volumeMode(v) != volumeMode(c))
            why = QStringLiteral("incompatible volumeMode");
        if (!why.isEmpty()) {
            m_events.record(
                claim, QStringLiteral("Warning"), QStringLiteral("VolumeMismatch"),
                QStringLiteral("Cannot bind to requested volume \"%1\": %2").arg(volumeName, why));
            updateClaimStatus(claim, QStringLiteral("Pending"), {});
        } else {
            bind(volume, claim);
        }
    } else if (isVolumeBoundToClaim(v, claim)) {
        bind(volume, claim);
    } else {
        m_events.record(
            claim, QStringLiteral("Warning"), QStringLiteral("FailedBinding"),
            QStringLiteral("volume \"%1\" already bound to a different claim.").arg(volumeName));
        if (!hasAnnotation(c, AnnBoundByController))
            updateClaimStatus(claim, QStringLiteral("Pending"), {});
    }
}

void PersistentVolumeController::provisionClaim(const lens::Object &claim,
                                                const lens::Object &storageClass)
{
    // findProvisionablePlugin: the class must exist; a kubernetes.io/ name needs an in-tree
    // plugin (the sim has none); any other name is an external provisioner.
    if (storageClass.isNull()) {
        m_events.record(claim, QStringLiteral("Warning"), QStringLiteral("ProvisioningFailed"),
                        QStringLiteral("storageclass.storage.k8s.io \"%1\" not found")
                            .arg(storageClassOf(claim.json())));
        return;
    }
    const QString provisioner = storageClass.json().value(u"provisioner").toString();
    if (provisioner.startsWith(QLatin1String("kubernetes.io/"))) {
        m_events.record(claim, QStringLiteral("Warning"), QStringLiteral("ProvisioningFailed"),
                        QStringLiteral("no volume plugin matched name: %1").arg(provisioner));
        return;
    }
    // provisionClaimOperationExternal → setClaimProvisioner, then the event.
    lens::Object current = claim;
    if (annotation(claim.json(), AnnStorageProvisioner) != provisioner) {
        QJsonObject c = withAnnotation(claim.json(), AnnBetaStorageProvisioner, provisioner);
        c = withAnnotation(c, AnnStorageProvisioner, provisioner);
        const WriteResult r = m_writer.update(kClaims, c);
        if (!r.ok()) {
            m_events.record(claim, QStringLiteral("Warning"), QStringLiteral("ProvisioningFailed"),
                            QStringLiteral("Error saving claim: ") + r.error.message);
            return;
        }
        current = r.object;
    }
    m_events.record(current, QStringLiteral("Normal"), QStringLiteral("ExternalProvisioning"),
                    QStringLiteral("Waiting for a volume to be created either by the external "
                                   "provisioner '%1' or manually by the system administrator. If "
                                   "volume creation is delayed, please verify that the "
                                   "provisioner is running and correctly registered.")
                        .arg(provisioner));
}

void PersistentVolumeController::syncBoundClaim(const lens::Object &claim)
{
    const QString volumeName = field(claim.json(), "spec", "volumeName");
    if (volumeName.isEmpty()) {
        updateClaimStatusWithEvent(claim, QStringLiteral("Lost"), QStringLiteral("ClaimLost"),
                                   QStringLiteral("Bound claim has lost reference to "
                                                  "PersistentVolume. Data on the volume is "
                                                  "lost!"));
        return;
    }
    const lens::Object volume = m_store->get(kVolumes, QString(), volumeName);
    if (volume.isNull()) {
        updateClaimStatusWithEvent(claim, QStringLiteral("Lost"), QStringLiteral("ClaimLost"),
                                   QStringLiteral("Bound claim has lost its PersistentVolume. "
                                                  "Data on the volume is lost!"));
        return;
    }
    const QJsonObject ref = volume.json().value(u"spec").toObject().value(u"claimRef").toObject();
    if (ref.isEmpty() || ref.value(u"uid").toString() == claim.uid()) {
        bind(volume, claim); // re-bind an unbound volume, or fix the phases
        return;
    }
    updateClaimStatusWithEvent(claim, QStringLiteral("Lost"), QStringLiteral("ClaimMisbound"),
                               QStringLiteral("Two claims are bound to the same volume, this one "
                                              "is bound incorrectly"));
}

bool PersistentVolumeController::bind(lens::Object volume, lens::Object claim)
{
    // The four writes, each skipped when nothing would change; any failure leaves the rest to
    // a later sync.
    if ((volume = bindVolumeToClaim(volume, claim)).isNull())
        return false;
    if ((volume = updateVolumePhase(volume, QStringLiteral("Bound"))).isNull())
        return false;
    if ((claim = bindClaimToVolume(claim, volume)).isNull())
        return false;
    return !updateClaimStatus(claim, QStringLiteral("Bound"), volume).isNull();
}

lens::Object PersistentVolumeController::bindVolumeToClaim(const lens::Object &volume,
                                                           const lens::Object &claim)
{
    // GetBindVolumeToClaim
    QJsonObject v = volume.json();
    const bool alreadyBound = isVolumeBoundToClaim(v, claim);
    bool dirty = false;
    const QJsonObject ref = v.value(u"spec").toObject().value(u"claimRef").toObject();
    if (ref.value(u"name").toString() != claim.name() ||
        ref.value(u"namespace").toString() != claim.namespace_() ||
        ref.value(u"uid").toString() != claim.uid()) {
        v = withField(v, "spec", "claimRef",
                      QJsonObject{{QStringLiteral("kind"), QStringLiteral("PersistentVolumeClaim")},
                                  {QStringLiteral("namespace"), claim.namespace_()},
                                  {QStringLiteral("name"), claim.name()},
                                  {QStringLiteral("uid"), claim.uid()},
                                  {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                                  {QStringLiteral("resourceVersion"), claim.resourceVersion()}});
        dirty = true;
    }
    if (!alreadyBound && !hasAnnotation(v, AnnBoundByController)) {
        v = withAnnotation(v, AnnBoundByController, QStringLiteral("yes"));
        dirty = true;
    }
    if (!dirty)
        return volume;
    return written(m_writer.update(kVolumes, v));
}

lens::Object PersistentVolumeController::bindClaimToVolume(const lens::Object &claim,
                                                           const lens::Object &volume)
{
    QJsonObject c = claim.json();
    bool dirty = false;
    if (field(c, "spec", "volumeName") != volume.name()) {
        c = withField(c, "spec", "volumeName", volume.name());
        if (!hasAnnotation(c, AnnBoundByController))
            c = withAnnotation(c, AnnBoundByController, QStringLiteral("yes"));
        dirty = true;
    }
    if (!hasAnnotation(c, AnnBindCompleted)) {
        c = withAnnotation(c, AnnBindCompleted, QStringLiteral("yes"));
        dirty = true;
    }
    if (!dirty)
        return claim;
    return written(m_writer.update(kClaims, c));
}

lens::Object PersistentVolumeController::updateClaimStatus(const lens::Object &claim,
                                                           const QString &phase,
                                                           const lens::Object &volume)
{
    QJsonObject c = claim.json();
    QJsonObject status = c.value(u"status").toObject();
    bool dirty = false;
    const bool phaseChanges = status.value(u"phase").toString() != phase;
    if (phaseChanges) {
        status.insert(QStringLiteral("phase"), phase);
        dirty = true;
    }
    if (volume.isNull()) {
        for (const char *k : {"accessModes", "capacity"})
            if (status.contains(QLatin1String(k))) {
                status.remove(QLatin1String(k));
                dirty = true;
            }
    } else {
        const QJsonObject spec = volume.json().value(u"spec").toObject();
        if (status.value(u"accessModes") != spec.value(u"accessModes")) {
            status.insert(QStringLiteral("accessModes"), spec.value(u"accessModes"));
            dirty = true;
        }
        // Capacity only when the claim becomes Bound (a later difference may be intended).
        if (phaseChanges && status.value(u"capacity") != spec.value(u"capacity")) {
            status.insert(QStringLiteral("capacity"), spec.value(u"capacity"));
            dirty = true;
        }
    }
    if (!dirty)
        return claim;
    c.insert(QStringLiteral("status"), status);
    return written(m_writer.update(kClaims, c, WriteStrategy::Target::Status));
}

void PersistentVolumeController::updateClaimStatusWithEvent(const lens::Object &claim,
                                                            const QString &phase,
                                                            const QString &reason,
                                                            const QString &message)
{
    if (field(claim.json(), "status", "phase") == phase)
        return;
    const lens::Object updated = updateClaimStatus(claim, phase, {});
    if (!updated.isNull())
        m_events.record(updated, QStringLiteral("Warning"), reason, message);
}

} // namespace lens::sim
