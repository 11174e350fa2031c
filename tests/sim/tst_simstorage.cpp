// SPDX-License-Identifier: Apache-2.0
// The storage resources over real HTTP, as kube-apiserver answers them: the seeded default
// class and claims, defaults and reset status on create, admission's protection finalizers and
// default class, the status subresource (spec kept; main-resource writes keep status; PV phase
// transition time), PVC spec immutability (422 in kube-apiserver's words) and StorageClass
// update rules.
#include "simserverfixtures.h"
#include "simtestutil.h"

#include "sim/pvcontroller.h"
#include "sim/store.h"

#include <QJsonArray>
#include <QTest>

using namespace lens::sim;
using namespace simtest;

namespace {
const QString kPvcs = QStringLiteral("/api/v1/namespaces/default/persistentvolumeclaims");
const QString kPvs = QStringLiteral("/api/v1/persistentvolumes");
const QString kScs = QStringLiteral("/apis/storage.k8s.io/v1/storageclasses");
} // namespace

class tst_SimStorage : public QObject, public SimServerFixture {
    Q_OBJECT
private slots:
    void init() { startServer(7); }
    void cleanup() { stopServer(); }
    void seededStorage();
    void discoveryNamesThem();
    void createDefaultsAndAdmission();
    void createWithoutDefaultClass();
    void statusSubresource();
    void volumePhaseTransitionTime();
    void claimSpecIsImmutable();
    void storageClassUpdates();

private:
    HttpResult send(const QByteArray &verb, const QString &path, const QByteArray &body = {},
                    const QByteArray &type = "application/json")
    {
        return request(*m_nam, m_url, verb, path, body, type);
    }
};

void tst_SimStorage::seededStorage()
{
    HttpResult r = send("GET", kScs);
    QCOMPARE(r.status, 200);
    const QJsonArray classes = r.json()[u"items"].toArray();
    QCOMPARE(classes.size(), 1);
    const QJsonObject standard = classes.first().toObject();
    QCOMPARE(standard[u"metadata"][u"name"].toString(), QStringLiteral("standard"));
    QCOMPARE(standard[u"provisioner"].toString(), QStringLiteral("lens.example.com/hostpath"));
    QCOMPARE(standard[u"reclaimPolicy"].toString(), QStringLiteral("Delete"));
    QCOMPARE(standard[u"volumeBindingMode"].toString(), QStringLiteral("Immediate"));
    QCOMPARE(standard[u"metadata"][u"annotations"][u"storageclass.kubernetes.io/is-default-class"]
                 .toString(),
             QStringLiteral("true"));

    r = send("GET", kPvcs);
    QCOMPARE(r.status, 200);
    QStringList names;
    for (const QJsonValue &v : r.json()[u"items"].toArray()) {
        const QJsonObject c = v.toObject();
        names << c[u"metadata"][u"name"].toString() + QLatin1Char('=') +
                     c[u"spec"][u"resources"][u"requests"][u"storage"].toString();
        QCOMPARE(c[u"spec"][u"storageClassName"].toString(), QStringLiteral("standard"));
        QCOMPARE(c[u"status"][u"phase"].toString(), QStringLiteral("Pending"));
        QCOMPARE(c[u"metadata"][u"finalizers"].toArray(),
                 QJsonArray{QStringLiteral("kubernetes.io/pvc-protection")});
        // Annotated by the PV controller for the class's (external) provisioner.
        QCOMPARE(
            c[u"metadata"][u"annotations"][u"volume.kubernetes.io/storage-provisioner"].toString(),
            QStringLiteral("lens.example.com/hostpath"));
    }
    QCOMPARE(names, (QStringList{QStringLiteral("data-0=1Gi"), QStringLiteral("data-1=1Gi"),
                                 QStringLiteral("logs=2Gi")}));
    r = send("GET", kPvs);
    QCOMPARE(r.status, 200);
    QVERIFY(r.json()[u"items"].toArray().isEmpty()); // nobody provisions them yet

    // The ExternalProvisioning events, in the claims' namespace.
    r = send("GET", QStringLiteral("/api/v1/namespaces/default/events"));
    int external = 0;
    for (const QJsonValue &v : r.json()[u"items"].toArray())
        if (v[u"reason"].toString() == QLatin1String("ExternalProvisioning") &&
            v[u"source"][u"component"].toString() == QLatin1String("persistentvolume-controller"))
            ++external;
    QCOMPARE(external, 3);
}

void tst_SimStorage::discoveryNamesThem()
{
    HttpResult r = send("GET", QStringLiteral("/api/v1"));
    QStringList core;
    for (const QJsonValue &v : r.json()[u"resources"].toArray())
        core << v[u"name"].toString() + QLatin1Char(':') +
                    v[u"shortNames"].toArray().at(0).toString();
    QVERIFY(core.contains(QStringLiteral("persistentvolumeclaims:pvc")));
    QVERIFY(core.contains(QStringLiteral("persistentvolumes:pv")));
    QVERIFY(core.contains(QStringLiteral("persistentvolumeclaims/status:")));
    r = send("GET", QStringLiteral("/apis/storage.k8s.io/v1"));
    QCOMPARE(r.status, 200);
    const QJsonObject sc = r.json()[u"resources"].toArray().first().toObject();
    QCOMPARE(sc[u"name"].toString(), QStringLiteral("storageclasses"));
    QCOMPARE(sc[u"namespaced"].toBool(true), false);
    QCOMPARE(sc[u"shortNames"].toArray(), QJsonArray{QStringLiteral("sc")});
}

void tst_SimStorage::createDefaultsAndAdmission()
{
    // A client cannot create a claim already Bound: status is reset, then defaulted.
    HttpResult r = send("POST", kPvcs,
                        R"({"metadata":{"name":"c1"},"spec":{"accessModes":["ReadWriteOnce"],
                            "resources":{"requests":{"storage":"1Gi"}}},
                            "status":{"phase":"Bound","capacity":{"storage":"9Gi"}}})");
    QCOMPARE(r.status, 201);
    QJsonObject c = r.json();
    QCOMPARE(c[u"status"].toObject(),
             QJsonObject({{QStringLiteral("phase"), QStringLiteral("Pending")}}));
    QCOMPARE(c[u"spec"][u"volumeMode"].toString(), QStringLiteral("Filesystem"));
    QCOMPARE(c[u"spec"][u"storageClassName"].toString(), QStringLiteral("standard"));
    QCOMPARE(c[u"metadata"][u"finalizers"].toArray(),
             QJsonArray{QStringLiteral("kubernetes.io/pvc-protection")});
    // An explicit "" class stays "" (no default class).
    r = send("POST", kPvcs,
             R"({"metadata":{"name":"c2"},"spec":{"storageClassName":"",
                 "accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}}}})");
    QCOMPARE(r.status, 201);
    QCOMPARE(r.json()[u"spec"][u"storageClassName"].toString(QStringLiteral("unset")), QString());
    // Missing access modes and size: 422.
    r = send("POST", kPvcs, R"({"metadata":{"name":"c3"},"spec":{}})");
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json()[u"message"].toString(),
             QStringLiteral("PersistentVolumeClaim \"c3\" is invalid: [spec.accessModes: Required "
                            "value: at least 1 access mode is required, "
                            "spec.resources[storage]: Required value]"));

    r = send("POST", kPvs,
             R"({"metadata":{"name":"v1"},"spec":{"capacity":{"storage":"1Gi"},
                 "accessModes":["ReadWriteOnce"],"hostPath":{"path":"/tmp/v1"}},
                 "status":{"phase":"Bound"}})");
    QCOMPARE(r.status, 201);
    const QJsonObject v = r.json();
    QCOMPARE(v[u"status"][u"phase"].toString(), QStringLiteral("Pending"));
    QVERIFY(!v[u"status"][u"lastPhaseTransitionTime"].toString().isEmpty());
    QCOMPARE(v[u"spec"][u"persistentVolumeReclaimPolicy"].toString(), QStringLiteral("Retain"));
    QCOMPARE(v[u"spec"][u"volumeMode"].toString(), QStringLiteral("Filesystem"));
    QCOMPARE(v[u"metadata"][u"finalizers"].toArray(),
             QJsonArray{QStringLiteral("kubernetes.io/pv-protection")});
    QVERIFY(!v[u"metadata"].toObject().contains(QStringLiteral("namespace")));

    r = send("POST", kScs, R"({"metadata":{"name":"fast"},"provisioner":"example.com/sim"})");
    QCOMPARE(r.status, 201);
    QCOMPARE(r.json()[u"reclaimPolicy"].toString(), QStringLiteral("Delete"));
    QCOMPARE(r.json()[u"volumeBindingMode"].toString(), QStringLiteral("Immediate"));
    r = send("POST", kScs, R"({"metadata":{"name":"nothing"}})");
    QCOMPARE(r.status, 422);
}

void tst_SimStorage::createWithoutDefaultClass()
{
    QCOMPARE(
        send("PATCH", kScs + QStringLiteral("/standard"),
             R"({"metadata":{"annotations":{"storageclass.kubernetes.io/is-default-class":null}}})",
             "application/merge-patch+json")
            .status,
        200);
    const HttpResult r = send("POST", kPvcs,
                              R"({"metadata":{"name":"c1"},"spec":{"accessModes":["ReadWriteOnce"],
                                  "resources":{"requests":{"storage":"1Gi"}}}})");
    QCOMPARE(r.status, 201);
    QVERIFY(!r.json()[u"spec"].toObject().contains(QStringLiteral("storageClassName")));
}

void tst_SimStorage::statusSubresource()
{
    const QString path = kPvcs + QStringLiteral("/data-0");
    QJsonObject c = send("GET", path).json();
    // PUT .../status: the status is taken, the spec and metadata are not.
    QJsonObject changed = with(c, QStringLiteral("status.phase"), QStringLiteral("Lost"));
    changed = with(changed, QStringLiteral("spec.volumeName"), QStringLiteral("sneaky"));
    changed = with(changed, QStringLiteral("metadata.labels"),
                   QJsonObject{{QStringLiteral("a"), QStringLiteral("b")}});
    HttpResult r = send("PUT", path + QStringLiteral("/status"),
                        QJsonDocument(changed).toJson(QJsonDocument::Compact));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json()[u"status"][u"phase"].toString(), QStringLiteral("Lost"));
    QVERIFY(!r.json()[u"spec"].toObject().contains(QStringLiteral("volumeName")));
    QVERIFY(!r.json()[u"metadata"].toObject().contains(QStringLiteral("labels")));
    // The main resource: status stays as stored.
    c = r.json();
    changed = with(c, QStringLiteral("status.phase"), QStringLiteral("Bound"));
    changed = with(changed, QStringLiteral("metadata.labels"),
                   QJsonObject{{QStringLiteral("a"), QStringLiteral("b")}});
    r = send("PUT", path, QJsonDocument(changed).toJson(QJsonDocument::Compact));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json()[u"status"][u"phase"].toString(), QStringLiteral("Lost"));
    QCOMPARE(r.json()[u"metadata"][u"labels"][u"a"].toString(), QStringLiteral("b"));
    // PATCH .../status merges into status.
    r = send("PATCH", path + QStringLiteral("/status"), R"({"status":{"phase":"Pending"}})",
             "application/merge-patch+json");
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json()[u"status"][u"phase"].toString(), QStringLiteral("Pending"));
    // GET .../status answers the object; pods have no status subresource here.
    QCOMPARE(send("GET", path + QStringLiteral("/status")).status, 200);
    QCOMPARE(send("GET", QStringLiteral("/api/v1/namespaces/default/persistentvolumeclaims/"
                                        "nope/status"))
                 .status,
             404);
    QCOMPARE(send("DELETE", path + QStringLiteral("/status")).status, 405);
}

void tst_SimStorage::volumePhaseTransitionTime()
{
    m_sim->pvController()->stop(); // it would make the unclaimed volume Available meanwhile
    HttpResult r = send("POST", kPvs,
                        R"({"metadata":{"name":"v1"},"spec":{"capacity":{"storage":"1Gi"},
                            "accessModes":["ReadWriteOnce"],"hostPath":{"path":"/tmp/v1"}}})");
    QCOMPARE(r.status, 201);
    const QString path = kPvs + QStringLiteral("/v1/status");
    // A client that sets the time is believed; one that does not gets "now" on a change.
    r = send("PATCH", path,
             R"({"status":{"phase":"Failed","lastPhaseTransitionTime":"2020-01-01T00:00:00Z"}})",
             "application/merge-patch+json");
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json()[u"status"][u"lastPhaseTransitionTime"].toString(),
             QStringLiteral("2020-01-01T00:00:00Z"));
    r = send("PATCH", path, R"({"status":{"message":"same phase"}})",
             "application/merge-patch+json");
    QCOMPARE(r.json()[u"status"][u"lastPhaseTransitionTime"].toString(),
             QStringLiteral("2020-01-01T00:00:00Z"));
    r = send("PATCH", path, R"({"status":{"phase":"Released"}})", "application/merge-patch+json");
    QCOMPARE(r.json()[u"status"][u"phase"].toString(), QStringLiteral("Released"));
    QVERIFY(r.json()[u"status"][u"lastPhaseTransitionTime"].toString() > QStringLiteral("2025-"));
}

void tst_SimStorage::claimSpecIsImmutable()
{
    m_sim->pvController()->stop(); // it would set the hand-bound claim back to Pending
    const QString path = kPvcs + QStringLiteral("/data-1");
    const QString immutable = QStringLiteral(
        "PersistentVolumeClaim \"data-1\" is invalid: spec: Forbidden: spec is immutable after "
        "creation except resources.requests and volumeAttributesClassName for bound claims");
    HttpResult r = send("PATCH", path, R"({"spec":{"accessModes":["ReadWriteMany"]}})",
                        "application/merge-patch+json");
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json()[u"reason"].toString(), QStringLiteral("Invalid"));
    QCOMPARE(r.json()[u"message"].toString(), immutable);
    QCOMPARE(r.json()[u"details"][u"kind"].toString(), QStringLiteral("PersistentVolumeClaim"));
    // Requests of an unbound claim are immutable too.
    r = send("PATCH", path, R"({"spec":{"resources":{"requests":{"storage":"5Gi"}}}})",
             "application/merge-patch+json");
    QCOMPARE(r.status, 422);
    // Labels and annotations are not.
    r = send("PATCH", path, R"({"metadata":{"labels":{"tier":"db"}}})",
             "application/merge-patch+json");
    QCOMPARE(r.status, 200);
    // volumeName: once, from empty.
    r = send("PATCH", path, R"({"spec":{"volumeName":"pv-1"}})", "application/merge-patch+json");
    QCOMPARE(r.status, 200);
    r = send("PATCH", path, R"({"spec":{"volumeName":"pv-2"}})", "application/merge-patch+json");
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json()[u"message"].toString(), immutable);
    // A Bound claim may grow, but not below its capacity.
    r = send("PATCH", path + QStringLiteral("/status"),
             R"({"status":{"phase":"Bound","capacity":{"storage":"1Gi"}}})",
             "application/merge-patch+json");
    QCOMPARE(r.status, 200);
    r = send("PATCH", path, R"({"spec":{"resources":{"requests":{"storage":"2Gi"}}}})",
             "application/merge-patch+json");
    QCOMPARE(r.status, 200);
    r = send("PATCH", path, R"({"spec":{"resources":{"requests":{"storage":"512Mi"}}}})",
             "application/merge-patch+json");
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json()[u"message"].toString(),
             QStringLiteral("PersistentVolumeClaim \"data-1\" is invalid: "
                            "spec.resources.requests.storage: Forbidden: field can not be less "
                            "than status.capacity"));
}

void tst_SimStorage::storageClassUpdates()
{
    const QString path = kScs + QStringLiteral("/standard");
    HttpResult r = send("PATCH", path, R"({"provisioner":"other.example.com"})",
                        "application/merge-patch+json");
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json()[u"message"].toString(),
             QStringLiteral("StorageClass \"standard\" is invalid: provisioner: Forbidden: "
                            "updates to provisioner are forbidden."));
    r = send("PATCH", path, R"({"allowVolumeExpansion":true})", "application/merge-patch+json");
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json()[u"allowVolumeExpansion"].toBool(), true);
}

QTEST_GUILESS_MAIN(tst_SimStorage)
#include "tst_simstorage.moc"
