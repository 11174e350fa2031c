// SPDX-License-Identifier: Apache-2.0
#include "protectioncontroller.h"

#include "storagehelpers.h"
#include "store.h"

#include <QJsonArray>

namespace lens::sim {

using namespace storage;

namespace {
const QString kClaims = QStringLiteral("persistentvolumeclaims");
const QString kVolumes = QStringLiteral("persistentvolumes");
const QString kPods = QStringLiteral("pods");

/// The claim names a pod's volumes refer to.
QStringList claimsOfPod(const QJsonObject &pod)
{
    QStringList out;
    for (const QJsonValue &v : pod.value(u"spec").toObject().value(u"volumes").toArray()) {
        const QString claim =
            v.toObject().value(u"persistentVolumeClaim").toObject().value(u"claimName").toString();
        if (!claim.isEmpty())
            out << claim;
    }
    return out;
}
} // namespace

ProtectionController::ProtectionController(Store *store, QObject *parent)
    : QObject(parent), m_store(store), m_writer(store, QStringLiteral("kube-controller-manager")),
      m_claims(newControllerQueue(QStringLiteral("pvcprotection"), nullptr, this)),
      m_volumes(newControllerQueue(QStringLiteral("pvprotection"), nullptr, this))
{
    connect(m_claims, &lens::workqueue::Queue::changed, this, &ProtectionController::schedule);
    connect(m_volumes, &lens::workqueue::Queue::changed, this, &ProtectionController::schedule);
}

void ProtectionController::start()
{
    if (m_running)
        return;
    m_running = true;
    connect(m_store, &Store::changed, this, &ProtectionController::onStoreChanged);
    const QList<lens::Object> claims = m_store->objects(kClaims);
    for (const lens::Object &c : claims)
        m_claims->add(Store::keyOf(c.namespace_(), c.name()));
    const QList<lens::Object> volumes = m_store->objects(kVolumes);
    for (const lens::Object &v : volumes)
        m_volumes->add(v.name());
}

void ProtectionController::stop()
{
    if (!m_running)
        return;
    m_running = false;
    disconnect(m_store, &Store::changed, this, &ProtectionController::onStoreChanged);
}

void ProtectionController::onStoreChanged(const ChangeEvent &event)
{
    if (event.type == ChangeEvent::Type::Deleted && event.resource != kPods)
        return;
    if (event.resource == kClaims) {
        m_claims->add(event.key);
    } else if (event.resource == kVolumes) {
        m_volumes->add(event.key);
    } else if (event.resource == kPods) {
        // podAddedDeletedUpdated: the claims this pod names may be free now.
        const lens::Object pod = event.object.object;
        // Most pods name no claim: their bytes say so without parsing them.
        if (!event.object.json.contains("\"persistentVolumeClaim\""))
            return;
        for (const QString &claim : claimsOfPod(pod.json()))
            m_claims->add(Store::keyOf(pod.namespace_(), claim));
    }
}

void ProtectionController::schedule()
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

int ProtectionController::processPending(int limit)
{
    int ran = 0;
    while (ran < limit && (m_claims->len() > 0 || m_volumes->len() > 0)) {
        if (const QString key = m_claims->tryGet().value_or(QString()); !key.isEmpty()) {
            processClaim(key);
            m_claims->done(key);
            ++ran;
        }
        if (const QString key = m_volumes->tryGet().value_or(QString()); !key.isEmpty()) {
            processVolume(key);
            m_volumes->done(key);
            ++ran;
        }
    }
    if (m_claims->len() > 0 || m_volumes->len() > 0)
        schedule();
    return ran;
}

bool ProtectionController::claimInUse(const QString &ns, const QString &name) const
{
    const QList<lens::Object> pods = m_store->objects(kPods, ns);
    const QByteArray names = "\"claimName\":\"" + name.toUtf8() + '"';
    for (const lens::Object &pod : pods) {
        const QString phase = pod.phase();
        if (phase == QLatin1String("Succeeded") || phase == QLatin1String("Failed"))
            continue;
        // Only a pod whose compact JSON says "claimName":"NAME" can use the claim: the others
        // are not parsed (parsing every pod for every claim took the whole server thread at
        // 150 000 pods). A key or name could be spelt with \u escapes: such a pod is parsed too.
        const QByteArray bytes = pod.toJson();
        if (!bytes.contains(names) && !bytes.contains("\\u"))
            continue;
        if (claimsOfPod(pod.json()).contains(name))
            return true;
    }
    return false;
}

void ProtectionController::processClaim(const QString &key)
{
    const lens::Object claim = m_store->get(kClaims, key.section(QLatin1Char('/'), 0, 0),
                                            key.section(QLatin1Char('/'), 1));
    if (claim.isNull())
        return;
    const QStringList list = finalizers(claim.json());
    const bool has = list.contains(QLatin1String(PvcProtectionFinalizer));
    const bool deleting = !claim.deletionTimestamp().isEmpty();
    if (deleting && has && !claimInUse(claim.namespace_(), claim.name())) {
        QStringList rest = list;
        rest.removeAll(QLatin1String(PvcProtectionFinalizer));
        m_writer.update(kClaims, withFinalizers(claim.json(), rest));
    } else if (!deleting && !has) {
        m_writer.update(kClaims,
                        withFinalizers(claim.json(),
                                       list + QStringList{QLatin1String(PvcProtectionFinalizer)}));
    }
}

void ProtectionController::processVolume(const QString &name)
{
    const lens::Object volume = m_store->get(kVolumes, QString(), name);
    if (volume.isNull())
        return;
    const QStringList list = finalizers(volume.json());
    const bool has = list.contains(QLatin1String(PvProtectionFinalizer));
    const bool deleting = !volume.deletionTimestamp().isEmpty();
    if (deleting && has && field(volume.json(), "status", "phase") != QLatin1String("Bound")) {
        QStringList rest = list;
        rest.removeAll(QLatin1String(PvProtectionFinalizer));
        m_writer.update(kVolumes, withFinalizers(volume.json(), rest));
    } else if (!deleting && !has) {
        m_writer.update(kVolumes,
                        withFinalizers(volume.json(),
                                       list + QStringList{QLatin1String(PvProtectionFinalizer)}));
    }
}

} // namespace lens::sim
