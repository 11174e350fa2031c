// SPDX-License-Identifier: Apache-2.0
// metadata.managedFields as kube-apiserver keeps them (FieldManager), checked against a pod a
// real kube-apiserver v1.20 wrote (resources/fixtures/wire/05-watch-bookmarks.body: created by
// kubectl-create, then labelled by kubectl-label), and through the Store and its writers.
#include "sim/fieldmanager.h"
#include "sim/fixtures.h"
#include "sim/store.h"
#include "sim/writestrategy.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace lens::sim;

class tst_FieldManager : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void createMatchesTheRealServer();
    void updateMovesChangedFieldsToTheWriter();
    void statusIsTheStatusWritersAlone();
    void removedFieldsLeaveEveryEntry();
    void noChangeAddsNoEntry();
    void storeKeepsManagedFieldsPerWriter();
    void seededPodsCarryTheirWritersFields();
    void managerFromUserAgent();

private:
    static QJsonObject withoutManaged(QJsonObject o);
    QJsonObject m_real; ///< the pod as the real server sent it
};

void tst_FieldManager::initTestCase()
{
    QFile f(QStringLiteral(LENS_WIRE_DIR "/05-watch-bookmarks.body"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    m_real = QJsonDocument::fromJson(f.readLine()).object().value(u"object").toObject();
    QCOMPARE(m_real.value(u"metadata").toObject().value(u"managedFields").toArray().size(), 2);
}

QJsonObject tst_FieldManager::withoutManaged(QJsonObject o)
{
    QJsonObject meta = o.value(u"metadata").toObject();
    meta.remove(QStringLiteral("managedFields"));
    o.insert(QStringLiteral("metadata"), meta);
    return o;
}

void tst_FieldManager::createMatchesTheRealServer()
{
    // What kubectl create sent, defaulted: the stored pod without what admission added after
    // the field manager ran (tolerations, priority, preemptionPolicy) and without the label
    // kubectl label added later.
    QJsonObject created = withoutManaged(m_real);
    QJsonObject spec = created.value(u"spec").toObject();
    for (const char *k : {"tolerations", "priority", "preemptionPolicy"})
        spec.remove(QLatin1String(k));
    created.insert(QStringLiteral("spec"), spec);
    QJsonObject meta = created.value(u"metadata").toObject();
    meta.insert(QStringLiteral("labels"),
                QJsonObject{{QStringLiteral("app"), QStringLiteral("sample")}});
    created.insert(QStringLiteral("metadata"), meta);

    const QJsonArray managed =
        FieldManager::afterWrite(QJsonObject(), created, {QStringLiteral("kubectl-create"), {}},
                                 QStringLiteral("v1"), QStringLiteral("2026-11-29T07:31:27Z"));
    const QJsonArray real = m_real.value(u"metadata").toObject().value(u"managedFields").toArray();
    QCOMPARE(managed.size(), 1);
    QCOMPARE(managed.at(0).toObject(), real.at(0).toObject());

    // kubectl label app=... bench=v1: the new label is kubectl-label's, the rest stays.
    meta.insert(QStringLiteral("managedFields"), managed);
    created.insert(QStringLiteral("metadata"), meta);
    QJsonObject labelled = created;
    QJsonObject m2 = meta;
    m2.insert(QStringLiteral("labels"),
              QJsonObject{{QStringLiteral("app"), QStringLiteral("sample")},
                          {QStringLiteral("bench"), QStringLiteral("v1")}});
    labelled.insert(QStringLiteral("metadata"), m2);
    const QJsonArray after =
        FieldManager::afterWrite(created, labelled, {QStringLiteral("kubectl-label"), {}},
                                 QStringLiteral("v1"), QStringLiteral("2026-11-29T07:31:38Z"));
    QCOMPARE(after, real);
}

void tst_FieldManager::updateMovesChangedFieldsToTheWriter()
{
    const QJsonObject before{
        {QStringLiteral("metadata"),
         QJsonObject{
             {QStringLiteral("name"), QStringLiteral("p")},
             {QStringLiteral("labels"), QJsonObject{{QStringLiteral("a"), QStringLiteral("1")}}}}},
        {QStringLiteral("spec"), QJsonObject{{QStringLiteral("image"), QStringLiteral("x:1")},
                                             {QStringLiteral("replicas"), 1}}}};
    QJsonObject stored = before;
    QJsonObject meta = stored.value(u"metadata").toObject();
    meta.insert(QStringLiteral("managedFields"),
                FieldManager::afterWrite({}, before, {QStringLiteral("alice"), {}},
                                         QStringLiteral("v1"), QStringLiteral("T1")));
    stored.insert(QStringLiteral("metadata"), meta);

    QJsonObject next = stored;
    QJsonObject spec = next.value(u"spec").toObject();
    spec.insert(QStringLiteral("image"), QStringLiteral("x:2"));
    next.insert(QStringLiteral("spec"), spec);
    const QJsonArray out = FieldManager::afterWrite(stored, next, {QStringLiteral("bob"), {}},
                                                    QStringLiteral("v1"), QStringLiteral("T2"));
    QCOMPARE(out.size(), 2);
    const QJsonObject alice = out.at(0).toObject();
    const QJsonObject bob = out.at(1).toObject();
    QCOMPARE(alice.value(u"manager").toString(), QStringLiteral("alice"));
    QCOMPARE(alice.value(u"time").toString(), QStringLiteral("T1")); // not bob's write
    QVERIFY(!alice.value(u"fieldsV1")
                 .toObject()
                 .value(u"f:spec")
                 .toObject()
                 .contains(QStringLiteral("f:image")));
    QVERIFY(alice.value(u"fieldsV1")
                .toObject()
                .value(u"f:spec")
                .toObject()
                .contains(QStringLiteral("f:replicas")));
    QCOMPARE(bob.value(u"fieldsV1").toObject(),
             QJsonObject({{QStringLiteral("f:spec"),
                           QJsonObject{{QStringLiteral("f:image"), QJsonObject()}}}}));
    QCOMPARE(bob.value(u"time").toString(), QStringLiteral("T2"));
}

void tst_FieldManager::statusIsTheStatusWritersAlone()
{
    const QJsonObject pod{
        {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), QStringLiteral("p")}}},
        {QStringLiteral("spec"), QJsonObject{{QStringLiteral("nodeName"), QStringLiteral("n")}}},
        {QStringLiteral("status"),
         QJsonObject{
             {QStringLiteral("phase"), QStringLiteral("Running")},
             {QStringLiteral("conditions"),
              QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("Ready")},
                                     {QStringLiteral("status"), QStringLiteral("True")}}}}}}};
    const QJsonObject v1 = FieldManager::fieldsV1(pod, QStringLiteral("status"));
    QCOMPARE(QJsonDocument(v1).toJson(QJsonDocument::Compact),
             QByteArray("{\"f:status\":{\"f:conditions\":{\".\":{},\"k:{\\\"type\\\":\\\"Ready\\\"}"
                        "\":{\".\":{},"
                        "\"f:status\":{},\"f:type\":{}}},\"f:phase\":{}}}"));
    const QJsonObject main = FieldManager::fieldsV1(pod);
    QVERIFY(!main.contains(QStringLiteral("f:status")));
    QVERIFY(!main.contains(QStringLiteral("f:metadata"))); // name is the server's
    const QJsonArray out =
        FieldManager::afterWrite({}, pod, {QStringLiteral("kubelet"), QStringLiteral("status")},
                                 QStringLiteral("v1"), QStringLiteral("T"));
    QCOMPARE(out.size(), 1);
    QCOMPARE(out.at(0).toObject().value(u"subresource").toString(), QStringLiteral("status"));
}

void tst_FieldManager::removedFieldsLeaveEveryEntry()
{
    QJsonObject obj{{QStringLiteral("metadata"),
                     QJsonObject{{QStringLiteral("finalizers"),
                                  QJsonArray{QStringLiteral("a/x"), QStringLiteral("b/y")}}}}};
    QJsonObject meta = obj.value(u"metadata").toObject();
    meta.insert(QStringLiteral("managedFields"),
                FieldManager::afterWrite({}, obj, {QStringLiteral("c"), {}}, QStringLiteral("v1"),
                                         QStringLiteral("T1")));
    obj.insert(QStringLiteral("metadata"), meta);
    QCOMPARE(
        QJsonDocument(
            meta.value(u"managedFields").toArray().at(0).toObject().value(u"fieldsV1").toObject())
            .toJson(QJsonDocument::Compact),
        QByteArray("{\"f:metadata\":{\"f:finalizers\":{\".\":{},\"v:\\\"a/x\\\"\":{},\"v:\\\"b/"
                   "y\\\"\":{}}}}"));
    // Another writer removes every finalizer: nothing is left to own.
    QJsonObject next = obj;
    meta.insert(QStringLiteral("finalizers"), QJsonArray());
    next.insert(QStringLiteral("metadata"), meta);
    const QJsonArray out = FieldManager::afterWrite(obj, next, {QStringLiteral("d"), {}},
                                                    QStringLiteral("v1"), QStringLiteral("T2"));
    // The empty list is d's (it set it); c owns nothing any more and is gone.
    QCOMPARE(out.size(), 1);
    QCOMPARE(out.at(0).toObject().value(u"manager").toString(), QStringLiteral("d"));
}

void tst_FieldManager::noChangeAddsNoEntry()
{
    QJsonObject obj{{QStringLiteral("spec"), QJsonObject{{QStringLiteral("x"), 1}}}};
    QJsonObject meta;
    meta.insert(QStringLiteral("managedFields"),
                FieldManager::afterWrite({}, obj, {QStringLiteral("a"), {}}, QStringLiteral("v1"),
                                         QStringLiteral("T1")));
    obj.insert(QStringLiteral("metadata"), meta);
    const QJsonArray out = FieldManager::afterWrite(obj, obj, {QStringLiteral("b"), {}},
                                                    QStringLiteral("v1"), QStringLiteral("T2"));
    QCOMPARE(out, meta.value(u"managedFields").toArray());
}

void tst_FieldManager::storeKeepsManagedFieldsPerWriter()
{
    Store store;
    QVERIFY(
        store
            .create(QStringLiteral("namespaces"),
                    QJsonObject{{QStringLiteral("metadata"),
                                 QJsonObject{{QStringLiteral("name"), QStringLiteral("default")}}}})
            .ok());
    QJsonObject cm{
        {QStringLiteral("metadata"),
         QJsonObject{{QStringLiteral("name"), QStringLiteral("c")},
                     {QStringLiteral("namespace"), QStringLiteral("default")}}},
        {QStringLiteral("data"), QJsonObject{{QStringLiteral("k"), QStringLiteral("1")}}}};
    {
        const Store::WriterScope scope(&store, {QStringLiteral("kubectl-create"), {}});
        QVERIFY(store.create(QStringLiteral("configmaps"), cm).ok());
    }
    // Outside a scope the store's own name is back.
    QCOMPARE(store.writer().manager, QStringLiteral("informer-lens-sim"));
    QJsonObject stored =
        store.get(QStringLiteral("configmaps"), QStringLiteral("default"), QStringLiteral("c"))
            .json();
    QJsonArray managed = stored.value(u"metadata").toObject().value(u"managedFields").toArray();
    QCOMPARE(managed.size(), 1);
    QCOMPARE(managed.at(0).toObject().value(u"manager").toString(),
             QStringLiteral("kubectl-create"));
    QCOMPARE(managed.at(0).toObject().value(u"fieldsV1").toObject(),
             QJsonObject({{QStringLiteral("f:data"),
                           QJsonObject{{QStringLiteral("."), QJsonObject()},
                                       {QStringLiteral("f:k"), QJsonObject()}}}}));
    // An update that sends managedFields back (GET, change, PUT) does not reset them.
    QJsonObject data = stored.value(u"data").toObject();
    data.insert(QStringLiteral("k2"), QStringLiteral("2"));
    stored.insert(QStringLiteral("data"), data);
    {
        const Store::WriterScope scope(&store, {QStringLiteral("editor"), {}});
        QVERIFY(store.update(QStringLiteral("configmaps"), stored).ok());
    }
    managed =
        store.get(QStringLiteral("configmaps"), QStringLiteral("default"), QStringLiteral("c"))
            .json()
            .value(u"metadata")
            .toObject()
            .value(u"managedFields")
            .toArray();
    QCOMPARE(managed.size(), 2);
    // Sorted as the apiserver sorts them: both written in the same second, so by manager.
    QCOMPARE(managed.at(0).toObject().value(u"manager").toString(), QStringLiteral("editor"));
    QCOMPARE(managed.at(0).toObject().value(u"fieldsV1").toObject(),
             QJsonObject({{QStringLiteral("f:data"),
                           QJsonObject{{QStringLiteral("f:k2"), QJsonObject()}}}}));
    QCOMPARE(managed.at(1).toObject().value(u"manager").toString(),
             QStringLiteral("kubectl-create"));
}

void tst_FieldManager::seededPodsCarryTheirWritersFields()
{
    Store store;
    Fixtures::seed(&store, 12, 7);
    const QList<lens::Object> pods = store.objects(QStringLiteral("pods"));
    QCOMPARE(pods.size(), 12);
    for (const lens::Object &p : pods) {
        const QJsonArray managed =
            p.json().value(u"metadata").toObject().value(u"managedFields").toArray();
        QVERIFY2(managed.size() == 2, qPrintable(p.name()));
        const QJsonObject creator = managed.at(0).toObject();
        const QJsonObject kubelet = managed.at(1).toObject();
        QCOMPARE(kubelet.value(u"manager").toString(), QStringLiteral("kubelet"));
        QCOMPARE(kubelet.value(u"subresource").toString(), QStringLiteral("status"));
        QVERIFY(kubelet.value(u"fieldsV1").toObject().contains(QStringLiteral("f:status")));
        const bool owned =
            !p.json().value(u"metadata").toObject().value(u"ownerReferences").toArray().isEmpty();
        QCOMPARE(creator.value(u"manager").toString(),
                 owned ? QStringLiteral("kube-controller-manager")
                       : QStringLiteral("kubectl-create"));
        const QJsonObject spec = creator.value(u"fieldsV1").toObject().value(u"f:spec").toObject();
        QVERIFY(spec.contains(QStringLiteral("f:containers")));
        QVERIFY(!spec.contains(QStringLiteral("f:nodeName"))); // pods/binding's, no manager
        // The label every seeded pod gets is in its creator's set.
        QVERIFY(creator.value(u"fieldsV1")
                    .toObject()
                    .value(u"f:metadata")
                    .toObject()
                    .value(u"f:labels")
                    .toObject()
                    .contains(QStringLiteral("f:tier")));
    }
}

void tst_FieldManager::managerFromUserAgent()
{
    QCOMPARE(FieldWriter::managerFromUserAgent("kubectl/v1.30.0 (linux/amd64) kubernetes/7c48c2b"),
             QStringLiteral("kubectl"));
    QCOMPARE(FieldWriter::managerFromUserAgent("python-requests"),
             QStringLiteral("python-requests"));
    QCOMPARE(FieldWriter::managerFromUserAgent(""), QString());
}

QTEST_GUILESS_MAIN(tst_FieldManager)
#include "tst_fieldmanager.moc"
