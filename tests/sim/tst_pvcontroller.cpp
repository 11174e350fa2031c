// SPDX-License-Identifier: Apache-2.0
// kube-controller-manager's storage half in the built-in cluster, on the Store (HTTP adds
// nothing here; tst_simstorage covers the server): the PV controller against the reference
// timeline of the provisioner brief (annotation and ExternalProvisioning, then the bind writes
// in order after an external provisioner's PV, release and protection on deletion), binding a
// pre-existing Available volume, Retain, Lost, WaitForFirstConsumer and the 15 s resync on a
// ManualClock. The controllers act on the next pass of the event loop: QTRY_*, no sleeps.
#include "sim/protectioncontroller.h"
#include "sim/pvcontroller.h"
#include "sim/simulator.h"
#include "sim/store.h"
#include "sim/writestrategy.h"
#include "trace/clock.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace lens::sim;

namespace {
const QString kClaims = QStringLiteral("persistentvolumeclaims");
const QString kVolumes = QStringLiteral("persistentvolumes");
const QString kClasses = QStringLiteral("storageclasses.storage.k8s.io");
const QString kDefault = QStringLiteral("default");

QJsonObject storageClass(const QString &name, const QString &provisioner,
                         const QString &bindingMode = QStringLiteral("Immediate"))
{
    return {{QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), name}}},
            {QStringLiteral("provisioner"), provisioner},
            {QStringLiteral("reclaimPolicy"), QStringLiteral("Delete")},
            {QStringLiteral("volumeBindingMode"), bindingMode}};
}

QJsonObject claim(const QString &name, const QJsonValue &className, const QString &size)
{
    QJsonObject spec{{QStringLiteral("accessModes"), QJsonArray{QStringLiteral("ReadWriteOnce")}},
                     {QStringLiteral("resources"),
                      QJsonObject{{QStringLiteral("requests"),
                                   QJsonObject{{QStringLiteral("storage"), size}}}}}};
    if (!className.isUndefined())
        spec.insert(QStringLiteral("storageClassName"), className);
    return {{QStringLiteral("metadata"),
             QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("namespace"), kDefault}}},
            {QStringLiteral("spec"), spec}};
}

QJsonObject volume(const QString &name, const QString &size, const QString &className,
                   const QString &policy, const QJsonObject &claimRef = {},
                   const QJsonObject &annotations = {})
{
    QJsonObject spec{{QStringLiteral("capacity"), QJsonObject{{QStringLiteral("storage"), size}}},
                     {QStringLiteral("accessModes"), QJsonArray{QStringLiteral("ReadWriteOnce")}},
                     {QStringLiteral("persistentVolumeReclaimPolicy"), policy},
                     {QStringLiteral("storageClassName"), className},
                     {QStringLiteral("hostPath"),
                      QJsonObject{{QStringLiteral("path"), QStringLiteral("/tmp/") + name}}}};
    if (!claimRef.isEmpty())
        spec.insert(QStringLiteral("claimRef"), claimRef);
    QJsonObject meta{{QStringLiteral("name"), name}};
    if (!annotations.isEmpty())
        meta.insert(QStringLiteral("annotations"), annotations);
    return {{QStringLiteral("metadata"), meta}, {QStringLiteral("spec"), spec}};
}

QString at(const lens::Object &o, const char *outer, const char *inner)
{
    return o.json().value(QLatin1String(outer)).toObject().value(QLatin1String(inner)).toString();
}
} // namespace

class tst_PvController : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void referenceTimeline();
    void preExistingAvailableVolumeBinds();
    void retainKeepsTheReleasedVolume();
    void claimLostWithItsVolume();
    void waitForFirstConsumerAndNoClass();
    void resyncEvery15sOnTheManualClock();
    void podUsingAClaimHoldsItsFinalizer();
    void seededClusterIsSettledAtStart();

private:
    lens::Object claimNow(const QString &name) const
    {
        return m_sim->store()->get(kClaims, kDefault, name);
    }
    lens::Object volumeNow(const QString &name) const
    {
        return m_sim->store()->get(kVolumes, QString(), name);
    }
    /// Events about `uid` with `reason`.
    QList<lens::Object> events(const QString &uid, const QString &reason) const
    {
        QList<lens::Object> out;
        const QList<lens::Object> all = m_sim->store()->objects(QStringLiteral("events"));
        for (const lens::Object &e : all)
            if (e.json().value(u"involvedObject").toObject().value(u"uid").toString() == uid &&
                e.json().value(u"reason").toString() == reason)
                out << e;
        return out;
    }
    /// A bound pair: a Retain volume "pv-a" bound by the controller to claim "app".
    void bindPair(const QString &policy = QStringLiteral("Retain"));

    lens::ManualClock m_clock;
    std::unique_ptr<Simulator> m_sim;
    std::unique_ptr<WriteStrategy> m_api;
};

void tst_PvController::init()
{
    qRegisterMetaType<lens::sim::ChangeEvent>();
    m_sim = std::make_unique<Simulator>();
    Simulator::Options o;
    o.seedObjects = false;
    o.reproducibleClock = &m_clock;
    QString error;
    QVERIFY2(m_sim->start(o, &error), qPrintable(error));
    m_api = std::make_unique<WriteStrategy>(m_sim->store());
    QVERIFY(m_sim->store()
                ->create(QStringLiteral("namespaces"),
                         QJsonObject{{QStringLiteral("metadata"),
                                      QJsonObject{{QStringLiteral("name"), kDefault}}}})
                .ok());
}

void tst_PvController::cleanup()
{
    m_api.reset();
    m_sim.reset();
}

void tst_PvController::referenceTimeline()
{
    Store *store = m_sim->store();
    // 1-2: the class and the claim; admission adds pvc-protection, defaults say Pending.
    QVERIFY(m_api
                ->create(kClasses,
                         storageClass(QStringLiteral("fast"), QStringLiteral("example.com/sim")))
                .ok());
    const WriteResult created = m_api->create(
        kClaims, claim(QStringLiteral("data"), QStringLiteral("fast"), QStringLiteral("1Gi")));
    QVERIFY2(created.ok(), qPrintable(created.error.message));
    const QString uid = created.object.uid();
    QCOMPARE(at(created.object, "status", "phase"), QStringLiteral("Pending"));
    QCOMPARE(created.object.json()[u"metadata"][u"finalizers"].toArray(),
             QJsonArray{QStringLiteral("kubernetes.io/pvc-protection")});

    // 3: the PV controller names the provisioner on the claim and says so in an event.
    QTRY_COMPARE(claimNow(QStringLiteral("data"))
                     .annotations()
                     .value(QStringLiteral("volume.kubernetes.io/storage-provisioner")),
                 QStringLiteral("example.com/sim"));
    QCOMPARE(claimNow(QStringLiteral("data"))
                 .annotations()
                 .value(QStringLiteral("volume.beta.kubernetes.io/storage-provisioner")),
             QStringLiteral("example.com/sim"));
    QTRY_VERIFY(!events(uid, QStringLiteral("ExternalProvisioning")).isEmpty());
    const QJsonObject ev = events(uid, QStringLiteral("ExternalProvisioning")).first().json();
    QCOMPARE(ev[u"type"].toString(), QStringLiteral("Normal"));
    QCOMPARE(ev[u"source"][u"component"].toString(), QStringLiteral("persistentvolume-controller"));
    QCOMPARE(ev[u"involvedObject"][u"kind"].toString(), QStringLiteral("PersistentVolumeClaim"));
    QCOMPARE(ev[u"involvedObject"][u"name"].toString(), QStringLiteral("data"));
    QVERIFY(ev[u"message"].toString().contains(QStringLiteral("'example.com/sim'")));
    QVERIFY(ev[u"count"].toInt() >= 1);
    QVERIFY(!ev[u"firstTimestamp"].toString().isEmpty());

    // 4: the external provisioner's PV: claimRef with the uid, provisioned-by, the class.
    QSignalSpy changes(store, &Store::changed);
    const QString pvName = QStringLiteral("pvc-") + uid;
    const QJsonObject ref{{QStringLiteral("kind"), QStringLiteral("PersistentVolumeClaim")},
                          {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                          {QStringLiteral("namespace"), kDefault},
                          {QStringLiteral("name"), QStringLiteral("data")},
                          {QStringLiteral("uid"), uid}};
    const WriteResult pv =
        m_api->create(kVolumes, volume(pvName, QStringLiteral("1Gi"), QStringLiteral("fast"),
                                       QStringLiteral("Delete"), ref,
                                       {{QStringLiteral("pv.kubernetes.io/provisioned-by"),
                                         QStringLiteral("example.com/sim")}}));
    QVERIFY2(pv.ok(), qPrintable(pv.error.message));
    QCOMPARE(at(pv.object, "status", "phase"), QStringLiteral("Pending"));
    QCOMPARE(pv.object.json()[u"metadata"][u"finalizers"].toArray(),
             QJsonArray{QStringLiteral("kubernetes.io/pv-protection")});

    // 5-7: PV status Bound, PVC spec + annotations, PVC status Bound — in that order.
    QTRY_COMPARE(at(claimNow(QStringLiteral("data")), "status", "phase"), QStringLiteral("Bound"));
    QStringList writes;
    for (const QList<QVariant> &args : std::as_const(changes)) {
        const ChangeEvent e = args.at(0).value<ChangeEvent>();
        if (e.resource != kClaims && e.resource != kVolumes)
            continue;
        const lens::Object o = e.object.object;
        const lens::Object before = e.previous.object;
        QString what = e.resource == kClaims ? QStringLiteral("pvc") : QStringLiteral("pv");
        if (e.type == ChangeEvent::Type::Added)
            what += QStringLiteral(" created");
        else if (at(o, "status", "phase") != at(before, "status", "phase"))
            what += QStringLiteral(" status ") + at(o, "status", "phase");
        else if (at(o, "spec", "volumeName") != at(before, "spec", "volumeName"))
            what += QStringLiteral(" volumeName ") + at(o, "spec", "volumeName");
        else
            what += QStringLiteral(" other");
        writes << what;
    }
    QCOMPARE(writes, (QStringList{QStringLiteral("pv created"), QStringLiteral("pv status Bound"),
                                  QStringLiteral("pvc volumeName ") + pvName,
                                  QStringLiteral("pvc status Bound")}));
    const lens::Object boundClaim = claimNow(QStringLiteral("data"));
    QCOMPARE(boundClaim.annotations().value(QStringLiteral("pv.kubernetes.io/bind-completed")),
             QStringLiteral("yes"));
    QCOMPARE(boundClaim.annotations().value(QStringLiteral("pv.kubernetes.io/bound-by-controller")),
             QStringLiteral("yes"));
    QCOMPARE(boundClaim.json()[u"status"][u"capacity"][u"storage"].toString(),
             QStringLiteral("1Gi"));
    QCOMPARE(boundClaim.json()[u"status"][u"accessModes"].toArray(),
             QJsonArray{QStringLiteral("ReadWriteOnce")});
    QVERIFY(!volumeNow(pvName).annotations().contains(
        QStringLiteral("pv.kubernetes.io/bound-by-controller")));
    QCOMPARE(at(volumeNow(pvName), "status", "phase"), QStringLiteral("Bound"));

    // 8-9: deleting the claim: pvc-protection goes, the claim goes, the PV is Released and
    // (external deleter) left for the provisioner.
    QVERIFY(store->remove(kClaims, kDefault, QStringLiteral("data")).ok());
    QVERIFY(!claimNow(QStringLiteral("data")).isNull()); // only the deletionTimestamp so far
    QTRY_VERIFY(claimNow(QStringLiteral("data")).isNull());
    QTRY_COMPARE(at(volumeNow(pvName), "status", "phase"), QStringLiteral("Released"));
    QVERIFY(events(volumeNow(pvName).uid(), QStringLiteral("VolumeFailedDelete")).isEmpty());

    // 10: the provisioner deletes the PV: pv-protection goes (not Bound), the PV goes.
    QVERIFY(store->remove(kVolumes, QString(), pvName).ok());
    QTRY_VERIFY(volumeNow(pvName).isNull());
}

void tst_PvController::bindPair(const QString &policy)
{
    QVERIFY(m_api
                ->create(kVolumes,
                         volume(QStringLiteral("pv-a"), QStringLiteral("5Gi"), QString(), policy))
                .ok());
    QTRY_COMPARE(at(volumeNow(QStringLiteral("pv-a")), "status", "phase"),
                 QStringLiteral("Available"));
    // storageClassName "" (not unset): no default class, matches the class-less volume.
    QVERIFY(m_api->create(kClaims, claim(QStringLiteral("app"), QString(), QStringLiteral("1Gi")))
                .ok());
    QTRY_COMPARE(at(claimNow(QStringLiteral("app")), "status", "phase"), QStringLiteral("Bound"));
}

void tst_PvController::preExistingAvailableVolumeBinds()
{
    // A smaller volume that does not fit and one of another class are passed over.
    QVERIFY(m_api
                ->create(kVolumes, volume(QStringLiteral("pv-tiny"), QStringLiteral("500Mi"),
                                          QString(), QStringLiteral("Retain")))
                .ok());
    bindPair();
    const lens::Object pv = volumeNow(QStringLiteral("pv-a"));
    const lens::Object pvc = claimNow(QStringLiteral("app"));
    QCOMPARE(at(pvc, "spec", "volumeName"), QStringLiteral("pv-a"));
    QCOMPARE(pv.annotations().value(QStringLiteral("pv.kubernetes.io/bound-by-controller")),
             QStringLiteral("yes"));
    QCOMPARE(pv.json()[u"spec"][u"claimRef"][u"uid"].toString(), pvc.uid());
    QCOMPARE(at(pv, "status", "phase"), QStringLiteral("Bound"));
    QCOMPARE(pvc.json()[u"status"][u"capacity"][u"storage"].toString(), QStringLiteral("5Gi"));
    QCOMPARE(at(volumeNow(QStringLiteral("pv-tiny")), "status", "phase"),
             QStringLiteral("Available"));
}

void tst_PvController::retainKeepsTheReleasedVolume()
{
    bindPair(QStringLiteral("Retain"));
    const QString claimUid = claimNow(QStringLiteral("app")).uid();
    QVERIFY(m_sim->store()->remove(kClaims, kDefault, QStringLiteral("app")).ok());
    QTRY_COMPARE(at(volumeNow(QStringLiteral("pv-a")), "status", "phase"),
                 QStringLiteral("Released"));
    // A resync later it is still Released, claimRef and all, and nobody deleted it.
    m_clock.advance(PersistentVolumeController::DefaultResyncPeriodMs);
    QSignalSpy synced(m_sim->pvController(), &PersistentVolumeController::synced);
    QTRY_VERIFY(!synced.isEmpty());
    const lens::Object pv = volumeNow(QStringLiteral("pv-a"));
    QCOMPARE(at(pv, "status", "phase"), QStringLiteral("Released"));
    QCOMPARE(pv.json()[u"spec"][u"claimRef"][u"uid"].toString(), claimUid);
    QVERIFY(pv.deletionTimestamp().isEmpty());
}

void tst_PvController::claimLostWithItsVolume()
{
    bindPair();
    const QString uid = claimNow(QStringLiteral("app")).uid();
    // pv-protection holds a Bound volume: the delete only marks it.
    QVERIFY(m_sim->store()->remove(kVolumes, QString(), QStringLiteral("pv-a")).ok());
    m_sim->pvController()->processPending();
    m_sim->protectionController()->processPending();
    QVERIFY(!volumeNow(QStringLiteral("pv-a")).isNull());
    // An administrator removes the finalizer: the volume goes, the claim is Lost.
    QJsonObject pv = volumeNow(QStringLiteral("pv-a")).json();
    QJsonObject meta = pv.value(u"metadata").toObject();
    meta.remove(QStringLiteral("finalizers"));
    pv.insert(QStringLiteral("metadata"), meta);
    QVERIFY(m_api->update(kVolumes, pv).ok());
    QVERIFY(volumeNow(QStringLiteral("pv-a")).isNull());
    QTRY_COMPARE(at(claimNow(QStringLiteral("app")), "status", "phase"), QStringLiteral("Lost"));
    const QList<lens::Object> lost = events(uid, QStringLiteral("ClaimLost"));
    QCOMPARE(lost.size(), 1);
    QCOMPARE(lost.first().json()[u"type"].toString(), QStringLiteral("Warning"));
}

void tst_PvController::waitForFirstConsumerAndNoClass()
{
    QVERIFY(m_api
                ->create(kClasses,
                         storageClass(QStringLiteral("late"), QStringLiteral("example.com/sim"),
                                      QStringLiteral("WaitForFirstConsumer")))
                .ok());
    const QString late = m_api
                             ->create(kClaims, claim(QStringLiteral("late"), QStringLiteral("late"),
                                                     QStringLiteral("1Gi")))
                             .object.uid();
    const QString none =
        m_api->create(kClaims, claim(QStringLiteral("none"), QString(), QStringLiteral("1Gi")))
            .object.uid();
    QTRY_VERIFY(!events(late, QStringLiteral("WaitForFirstConsumer")).isEmpty());
    QTRY_VERIFY(!events(none, QStringLiteral("FailedBinding")).isEmpty());
    QVERIFY(!claimNow(QStringLiteral("late"))
                 .annotations()
                 .contains(QStringLiteral("volume.kubernetes.io/storage-provisioner")));
    // A scheduler's selected-node starts provisioning.
    QJsonObject c = claimNow(QStringLiteral("late")).json();
    QJsonObject meta = c.value(u"metadata").toObject();
    meta.insert(QStringLiteral("annotations"),
                QJsonObject{{QStringLiteral("volume.kubernetes.io/selected-node"),
                             QStringLiteral("minikube")}});
    c.insert(QStringLiteral("metadata"), meta);
    QVERIFY(m_api->update(kClaims, c).ok());
    QTRY_COMPARE(claimNow(QStringLiteral("late"))
                     .annotations()
                     .value(QStringLiteral("volume.kubernetes.io/storage-provisioner")),
                 QStringLiteral("example.com/sim"));
}

void tst_PvController::resyncEvery15sOnTheManualClock()
{
    const QString uid =
        m_api->create(kClaims, claim(QStringLiteral("none"), QString(), QStringLiteral("1Gi")))
            .object.uid();
    QTRY_VERIFY(!events(uid, QStringLiteral("FailedBinding")).isEmpty());
    m_sim->pvController()->processPending();
    const int before =
        events(uid, QStringLiteral("FailedBinding")).first().json()[u"count"].toInt();
    // Not before 15 s of the cluster's clock ...
    m_clock.advance(PersistentVolumeController::DefaultResyncPeriodMs - 1);
    QCoreApplication::processEvents();
    m_sim->pvController()->processPending();
    QCOMPARE(events(uid, QStringLiteral("FailedBinding")).first().json()[u"count"].toInt(), before);
    // ... and then the resync syncs the claim again: the same event, counted once more.
    m_clock.advance(1);
    QTRY_COMPARE(events(uid, QStringLiteral("FailedBinding")).first().json()[u"count"].toInt(),
                 before + 1);
    QCOMPARE(events(uid, QStringLiteral("FailedBinding")).size(), 1);
}

void tst_PvController::podUsingAClaimHoldsItsFinalizer()
{
    QVERIFY(m_api->create(kClaims, claim(QStringLiteral("used"), QString(), QStringLiteral("1Gi")))
                .ok());
    const QJsonObject pod{
        {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), QStringLiteral("user")},
                                                 {QStringLiteral("namespace"), kDefault}}},
        {QStringLiteral("spec"),
         QJsonObject{{QStringLiteral("containers"), QJsonArray{}},
                     {QStringLiteral("volumes"),
                      QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("data")},
                                             {QStringLiteral("persistentVolumeClaim"),
                                              QJsonObject{{QStringLiteral("claimName"),
                                                           QStringLiteral("used")}}}}}}}}};
    QVERIFY(m_sim->store()->create(QStringLiteral("pods"), pod).ok());
    QVERIFY(m_sim->store()->remove(kClaims, kDefault, QStringLiteral("used")).ok());
    m_sim->protectionController()->processPending();
    QVERIFY(!claimNow(QStringLiteral("used")).isNull());
    QCOMPARE(at(claimNow(QStringLiteral("used")), "status", "phase"), QStringLiteral("Pending"));
    QVERIFY(m_sim->store()->remove(QStringLiteral("pods"), kDefault, QStringLiteral("user")).ok());
    QTRY_VERIFY(claimNow(QStringLiteral("used")).isNull());
}

void tst_PvController::seededClusterIsSettledAtStart()
{
    Simulator seeded;
    QString error;
    QVERIFY2(seeded.start(&error), qPrintable(error));
    const QList<lens::Object> claims = seeded.store()->objects(kClaims, kDefault);
    QCOMPARE(claims.size(), 3);
    for (const lens::Object &c : claims) {
        QCOMPARE(at(c, "spec", "storageClassName"), QStringLiteral("standard"));
        QCOMPARE(c.annotations().value(QStringLiteral("volume.kubernetes.io/storage-provisioner")),
                 QStringLiteral("lens.example.com/hostpath"));
        QCOMPARE(at(c, "status", "phase"), QStringLiteral("Pending"));
    }
    const qint64 revision = seeded.store()->revision();
    QCOMPARE(seeded.pvController()->processPending(), 0);
    QCOMPARE(seeded.store()->revision(), revision);
}

QTEST_GUILESS_MAIN(tst_PvController)
#include "tst_pvcontroller.moc"
