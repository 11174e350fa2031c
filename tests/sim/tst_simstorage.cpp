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
#include "sim/tableconvertor.h"

#include <QJsonArray>
#include <QTest>

using namespace lens::sim;
using namespace simtest;

namespace {
const QString kPvcs = QStringLiteral("/api/v1/namespaces/default/persistentvolumeclaims");
const QString kPvs = QStringLiteral("/api/v1/persistentvolumes");
const QString kScs = QStringLiteral("/apis/storage.k8s.io/v1/storageclasses");
/// What kubectl get sends.
const QByteArray kTableAccept = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;"
                                "as=Table;v=v1beta1;g=meta.k8s.io,application/json";

QStringList cellsOf(const QJsonValue &row, int count)
{
    QStringList out;
    const QJsonArray cells = row[u"cells"].toArray();
    for (int i = 0; i < count && i < cells.size(); ++i)
        out << cells.at(i).toString();
    return out;
}
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
    void tablesForKubectl();
    void tableWatchSendsColumnsOnce();
    void humanDuration_data();
    void humanDuration();

private:
    HttpResult send(const QByteArray &verb, const QString &path, const QByteArray &body = {},
                    const QByteArray &type = "application/json")
    {
        return request(*m_nam, m_url, verb, path, body, type);
    }
    HttpResult getTable(const QString &path)
    {
        prepareRequest = [](QNetworkRequest &r) { r.setRawHeader("Accept", kTableAccept); };
        HttpResult r = request(*m_nam, m_url, "GET", path);
        prepareRequest = nullptr;
        return r;
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

void tst_SimStorage::tablesForKubectl()
{
    HttpResult r = getTable(kPvcs);
    QCOMPARE(r.status, 200);
    QJsonObject t = r.json();
    QCOMPARE(t[u"kind"].toString(), QStringLiteral("Table"));
    QCOMPARE(t[u"apiVersion"].toString(), QStringLiteral("meta.k8s.io/v1"));
    QCOMPARE(t[u"metadata"][u"resourceVersion"].toString(),
             QString::number(m_sim->store()->revision()));
    QStringList columns;
    for (const QJsonValue &c : t[u"columnDefinitions"].toArray())
        columns << c[u"name"].toString() + QLatin1Char('/') +
                       QString::number(c[u"priority"].toInt());
    QCOMPARE(columns,
             (QStringList{QStringLiteral("Name/0"), QStringLiteral("Status/0"),
                          QStringLiteral("Volume/0"), QStringLiteral("Capacity/0"),
                          QStringLiteral("Access Modes/0"), QStringLiteral("StorageClass/0"),
                          QStringLiteral("VolumeAttributesClass/0"), QStringLiteral("Age/0"),
                          QStringLiteral("VolumeMode/1")}));
    const QJsonArray rows = t[u"rows"].toArray();
    QCOMPARE(rows.size(), 3);
    QCOMPARE(cellsOf(rows.at(0), 7),
             (QStringList{QStringLiteral("data-0"), QStringLiteral("Pending"), QString(), QString(),
                          QString(), QStringLiteral("standard"), QStringLiteral("<unset>")}));
    QCOMPARE(rows.at(0)[u"object"][u"kind"].toString(), QStringLiteral("PartialObjectMetadata"));
    QCOMPARE(rows.at(0)[u"object"][u"metadata"][u"name"].toString(), QStringLiteral("data-0"));
    // includeObject=Object: the whole claim in the row.
    r = getTable(kPvcs + QStringLiteral("?includeObject=Object"));
    QCOMPARE(r.json()[u"rows"].toArray().at(0)[u"object"][u"kind"].toString(),
             QStringLiteral("PersistentVolumeClaim"));

    // Bind data-0 as an external provisioner would; the rows read as on a real cluster.
    const QString uid =
        send("GET", kPvcs + QStringLiteral("/data-0")).json()[u"metadata"][u"uid"].toString();
    const QString pv = QStringLiteral("pvc-") + uid;
    r = send("POST", kPvs,
             QStringLiteral(R"({"metadata":{"name":"%1","annotations":{
                 "pv.kubernetes.io/provisioned-by":"lens.example.com/hostpath"}},
                 "spec":{"capacity":{"storage":"1Gi"},"accessModes":["ReadWriteOnce"],
                 "persistentVolumeReclaimPolicy":"Delete","storageClassName":"standard",
                 "hostPath":{"path":"/tmp/x"},"claimRef":{"kind":"PersistentVolumeClaim",
                 "apiVersion":"v1","namespace":"default","name":"data-0","uid":"%2"}}})")
                 .arg(pv, uid)
                 .toUtf8());
    QCOMPARE(r.status, 201);
    QTRY_COMPARE(
        cellsOf(getTable(kPvcs + QStringLiteral("/data-0")).json()[u"rows"].toArray().at(0), 5),
        (QStringList{QStringLiteral("data-0"), QStringLiteral("Bound"), pv, QStringLiteral("1Gi"),
                     QStringLiteral("RWO")}));
    t = getTable(kPvs).json();
    QCOMPARE(
        cellsOf(t[u"rows"].toArray().at(0), 9),
        (QStringList{pv, QStringLiteral("1Gi"), QStringLiteral("RWO"), QStringLiteral("Delete"),
                     QStringLiteral("Bound"), QStringLiteral("default/data-0"),
                     QStringLiteral("standard"), QStringLiteral("<unset>"), QString()}));
    QCOMPARE(t[u"columnDefinitions"].toArray().at(5)[u"name"].toString(), QStringLiteral("Claim"));

    t = getTable(kScs).json();
    QCOMPARE(cellsOf(t[u"rows"].toArray().at(0), 5),
             (QStringList{QStringLiteral("standard (default)"),
                          QStringLiteral("lens.example.com/hostpath"), QStringLiteral("Delete"),
                          QStringLiteral("Immediate"), QStringLiteral("false")}));
    t = getTable(QStringLiteral("/api/v1/nodes/minikube")).json();
    QCOMPARE(cellsOf(t[u"rows"].toArray().at(0), 2),
             (QStringList{QStringLiteral("minikube"), QStringLiteral("Ready")}));
    t = getTable(QStringLiteral("/api/v1/pods")).json();
    QCOMPARE(t[u"columnDefinitions"].toArray().size(), 9);
    QVERIFY(t[u"rows"].toArray().at(0)[u"cells"].toArray().at(1).toString().contains(u'/'));
    // printDeployment's UP-TO-DATE and AVAILABLE and printEvent's COUNT are int64 cells: JSON
    // numbers on the wire, as kube-apiserver writes them.
    t = getTable(QStringLiteral("/apis/apps/v1/namespaces/default/deployments/icx-db")).json();
    QCOMPARE(t[u"columnDefinitions"].toArray().size(), 8);
    QJsonArray cells = t[u"rows"].toArray().at(0)[u"cells"].toArray();
    QCOMPARE(cells.size(), 8);
    QCOMPARE(cells.at(1), QJsonValue(QStringLiteral("1/1")));
    QCOMPARE(cells.at(2), QJsonValue(1));
    QCOMPARE(cells.at(3), QJsonValue(1));
    QCOMPARE(cells.at(7), QJsonValue(QStringLiteral("app=icx-db")));
    t = getTable(QStringLiteral("/api/v1/namespaces/default/events")).json();
    QCOMPARE(t[u"columnDefinitions"].toArray().at(0)[u"name"].toString(),
             QStringLiteral("Last Seen"));
    cells = t[u"rows"].toArray().at(0)[u"cells"].toArray();
    QCOMPARE(cells.size(), 10);
    QVERIFY(cells.at(8).isDouble());
    // Resources without columns here answer JSON; kubectl prints NAME and AGE itself.
    r = getTable(QStringLiteral("/api/v1/namespaces/default/configmaps"));
    QCOMPARE(r.json()[u"kind"].toString(), QStringLiteral("ConfigMapList"));
}

void tst_SimStorage::tableWatchSendsColumnsOnce()
{
    prepareRequest = [](QNetworkRequest &r) { r.setRawHeader("Accept", kTableAccept); };
    WatchClient watch(
        *m_nam, m_url,
        kPvcs + QStringLiteral("?watch=true&resourceVersion=%1").arg(m_sim->store()->revision()));
    prepareRequest = nullptr;
    QTRY_VERIFY(watch.started());
    QCOMPARE(send("PATCH", kPvcs + QStringLiteral("/logs"), R"({"metadata":{"labels":{"a":"1"}}})",
                  "application/merge-patch+json")
                 .status,
             200);
    QCOMPARE(send("PATCH", kPvcs + QStringLiteral("/logs"), R"({"metadata":{"labels":{"a":"2"}}})",
                  "application/merge-patch+json")
                 .status,
             200);
    QTRY_VERIFY(watch.events.size() >= 2);
    const QJsonObject first = watch.events.at(0)[u"object"].toObject();
    const QJsonObject second = watch.events.at(1)[u"object"].toObject();
    QCOMPARE(watch.events.at(0)[u"type"].toString(), QStringLiteral("MODIFIED"));
    QCOMPARE(first[u"kind"].toString(), QStringLiteral("Table"));
    QCOMPARE(first[u"columnDefinitions"].toArray().size(), 9);
    QVERIFY(second[u"columnDefinitions"].isNull());
    QCOMPARE(second[u"rows"].toArray().at(0)[u"cells"].toArray().at(0).toString(),
             QStringLiteral("logs"));
    QCOMPARE(second[u"rows"].toArray().at(0)[u"object"][u"metadata"][u"labels"][u"a"].toString(),
             QStringLiteral("2"));
}

void tst_SimStorage::humanDuration_data()
{
    QTest::addColumn<qint64>("seconds");
    QTest::addColumn<QString>("words");
    QTest::newRow("now") << qint64(0) << QStringLiteral("0s");
    QTest::newRow("119s") << qint64(119) << QStringLiteral("119s");
    QTest::newRow("2m") << qint64(120) << QStringLiteral("2m");
    QTest::newRow("2m5s") << qint64(125) << QStringLiteral("2m5s");
    QTest::newRow("10m") << qint64(605) << QStringLiteral("10m");
    QTest::newRow("3h") << qint64(3 * 3600 + 59) << QStringLiteral("3h");
    QTest::newRow("3h5m") << qint64(3 * 3600 + 300) << QStringLiteral("3h5m");
    QTest::newRow("47h") << qint64(47 * 3600) << QStringLiteral("47h");
    QTest::newRow("2d1h") << qint64(49 * 3600) << QStringLiteral("2d1h");
    QTest::newRow("9d") << qint64(9 * 86400) << QStringLiteral("9d");
    QTest::newRow("2y70d") << qint64(800 * 86400) << QStringLiteral("2y70d");
}

void tst_SimStorage::humanDuration()
{
    QFETCH(qint64, seconds);
    QFETCH(QString, words);
    QCOMPARE(TableConvertor::humanDuration(seconds * 1000), words);
}

QTEST_GUILESS_MAIN(tst_SimStorage)
#include "tst_simstorage.moc"
