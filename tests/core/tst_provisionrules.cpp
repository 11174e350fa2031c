// SPDX-License-Identifier: Apache-2.0
// The ProvisionController's decisions without I/O (core/controller/provisionrules.h) against
// workqueue-cases.md §E: PC-01 (TestShouldProvision), PC-02 (TestShouldDelete), PC-04
// (TestIsProvisionerForVolume), PC-05 (TestCanProvision), each row named by its case id and
// sub-test letter; plus the PV the library saves (A.9 step 11).

// The fixtures below are JSON written inline: plain string literals are QStrings here.
#undef QT_NO_CAST_FROM_ASCII

#include "controller/provisionrules.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace lens;
using namespace lens::controller;

namespace {

const QString kOurs = QStringLiteral("foo.bar/baz");

/// The upstream test's newClaim: namespace default, the beta provisioner annotation when
/// `prov` is set, plus `extra`.
Object claim(const QString &name, const QString &uid, const QString &cls, const QString &prov,
             const QString &volumeName, const QJsonObject &extra = {}, const QString &mode = {})
{
    QJsonObject ann = extra;
    if (!prov.isEmpty())
        ann.insert(rules::kAnnBetaStorageProvisioner, prov);
    QJsonObject meta{{"name", name},
                     {"namespace", "default"},
                     {"uid", uid},
                     {"resourceVersion", "0"},
                     {"annotations", ann}};
    QJsonObject spec{{"accessModes", QJsonArray{"ReadWriteOnce", "ReadOnlyMany"}},
                     {"resources", QJsonObject{{"requests", QJsonObject{{"storage", "1Mi"}}}}},
                     {"storageClassName", cls},
                     {"volumeName", volumeName}};
    if (!mode.isEmpty())
        spec.insert(QLatin1String("volumeMode"), mode);
    return Object::fromJson(QJsonObject{{"apiVersion", "v1"},
                                        {"kind", "PersistentVolumeClaim"},
                                        {"metadata", meta},
                                        {"spec", spec},
                                        {"status", QJsonObject{{"phase", "Pending"}}}});
}

QJsonObject storageClass(const QString &name, const QString &prov, bool wffc = false)
{
    QJsonObject c{{"apiVersion", "storage.k8s.io/v1"},
                  {"kind", "StorageClass"},
                  {"metadata", QJsonObject{{"name", name}}},
                  {"provisioner", prov},
                  {"reclaimPolicy", "Delete"}};
    if (wffc)
        c.insert(QLatin1String("volumeBindingMode"), QStringLiteral("WaitForFirstConsumer"));
    return c;
}

/// The upstream newVolume / newCSIVolume.
Object volume(const QString &phase, const QString &policy, const QJsonObject &ann,
              bool deleting = false, const QString &csiDriver = {},
              const QJsonArray &finalizers = {})
{
    QJsonObject meta{{"name", "volume-1"}, {"annotations", ann}};
    if (deleting)
        meta.insert(QLatin1String("deletionTimestamp"), QStringLiteral("2025-01-01T00:00:00Z"));
    if (!finalizers.isEmpty())
        meta.insert(QLatin1String("finalizers"), finalizers);
    QJsonObject spec{{"persistentVolumeReclaimPolicy", policy},
                     {"accessModes", QJsonArray{"ReadWriteOnce", "ReadOnlyMany"}},
                     {"capacity", QJsonObject{{"storage", "1Mi"}}}};
    if (csiDriver.isEmpty())
        spec.insert(QLatin1String("nfs"), QJsonObject{{"server", "foo"}, {"path", "bar"}});
    else
        spec.insert(QLatin1String("csi"), QJsonObject{{"driver", csiDriver},
                                                      {"volumeHandle", "test-volume-id-1"},
                                                      {"fsType", "ext4"}});
    return Object::fromJson(QJsonObject{{"apiVersion", "v1"},
                                        {"kind", "PersistentVolume"},
                                        {"metadata", meta},
                                        {"spec", spec},
                                        {"status", QJsonObject{{"phase", phase}}}});
}

enum class Qualifies { None, No, Yes };

} // namespace

Q_DECLARE_METATYPE(lens::Object)
Q_DECLARE_METATYPE(Qualifies)

class TestProvisionRules : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldProvision_data();
    void shouldProvision();
    void shouldDelete_data();
    void shouldDelete();
    void isProvisionerForVolume_data();
    void isProvisionerForVolume();
    void canProvision_data();
    void canProvision();
    void completePv();
    void claimClassAndNode();
};

void TestProvisionRules::shouldProvision_data()
{
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QJsonObject>("cls");
    QTest::addColumn<Object>("claim");
    QTest::addColumn<Qualifies>("qualifier");
    QTest::addColumn<bool>("expected");

    const QStringList ours{kOurs};
    const QJsonObject class1 = storageClass("class-1", kOurs);
    const Object c = claim("claim-1", "1-1", "class-1", kOurs, "");
    QTest::newRow("PC-01a should provision") << ours << class1 << c << Qualifies::None << true;
    QTest::newRow("PC-01b additional provisioner names")
        << QStringList{"csi.com/mock-csi", "foo.bar/baz", "foo.xyz/baz"} << class1 << c
        << Qualifies::None << true;
    QTest::newRow("PC-01c claim already bound")
        << ours << class1 << claim("claim-1", "1-1", "class-1", kOurs, "foo") << Qualifies::None
        << false;
    QTest::newRow("PC-01d no provisioner annotation, no such class")
        << ours << class1 << claim("claim-1", "1-1", "class-2", "", "") << Qualifies::None << false;
    QTest::newRow("PC-01e another provisioner's class")
        << ours << storageClass("class-1", "abc.def/ghi")
        << claim("claim-1", "1-1", "class-1", "abc.def/ghi", "") << Qualifies::None << false;
    QTest::newRow("PC-01f beta annotation names another")
        << ours << class1 << claim("claim-1", "1-1", "class-1", "abc.def/ghi", "")
        << Qualifies::None << false;
    QTest::newRow("PC-01g no annotation")
        << ours << class1 << claim("claim-1", "1-1", "class-1", "", "") << Qualifies::None << false;
    QTest::newRow("PC-01h GA annotation names another")
        << ours << class1
        << claim("claim-1", "1-1", "class-1", "", "",
                 {{rules::kAnnStorageProvisioner, "abc.def/ghi"}})
        << Qualifies::None << false;
    QTest::newRow("PC-01i qualifier says no") << ours << class1 << c << Qualifies::No << false;
    QTest::newRow("PC-01j qualifier says yes") << ours << class1 << c << Qualifies::Yes << true;
    const QJsonObject wffc = storageClass("class-1", kOurs, true);
    QTest::newRow("PC-01k WaitForFirstConsumer, no selected node")
        << ours << wffc << c << Qualifies::None << false;
    QTest::newRow("PC-01l WaitForFirstConsumer, selected node")
        << ours << wffc
        << claim("claim-1", "1-1", "class-1", kOurs, "", {{rules::kAnnSelectedNode, "node1"}})
        << Qualifies::None << true;
    QTest::newRow("PC-01m as l with the GA annotation")
        << ours << wffc
        << claim("claim-1", "1-1", "class-1", "", "",
                 {{rules::kAnnSelectedNode, "node1"}, {rules::kAnnStorageProvisioner, kOurs}})
        << Qualifies::None << true;
}

void TestProvisionRules::shouldProvision()
{
    QFETCH(QStringList, names);
    QFETCH(QJsonObject, cls);
    QFETCH(Object, claim);
    QFETCH(Qualifies, qualifier);
    QFETCH(bool, expected);
    const auto lookup = [&cls](const QString &name) {
        return cls.value("metadata").toObject().value("name").toString() == name ? cls
                                                                                 : QJsonObject();
    };
    rules::Qualifier q;
    if (qualifier != Qualifies::None)
        q = [qualifier](const Object &) { return qualifier == Qualifies::Yes; };
    const rules::Decision d = rules::shouldProvision(claim, names, lookup, q);
    QCOMPARE(d.yes, expected);
    QVERIFY2(d.error.isEmpty(), qPrintable(d.error)); // none of the variants errs
    QVERIFY(!d.why.isEmpty());
}

void TestProvisionRules::shouldDelete_data()
{
    QTest::addColumn<Object>("pv");
    QTest::addColumn<bool>("expected");
    const QJsonObject ann{{rules::kAnnDynamicallyProvisioned, kOurs}};
    QTest::newRow("PC-02a Released, Delete") << volume("Released", "Delete", ann) << true;
    QTest::newRow("PC-02b Failed is not deleted") << volume("Failed", "Delete", ann) << false;
    QTest::newRow("PC-02c Bound") << volume("Bound", "Delete", ann) << false;
    QTest::newRow("PC-02d Retain") << volume("Released", "Retain", ann) << false;
    QTest::newRow("PC-02e being deleted") << volume("Released", "Delete", ann, true) << false;
    QTest::newRow("PC-02f no deletionTimestamp") << volume("Released", "Delete", ann) << true;
    QTest::newRow("PC-02g migrated to the controller")
        << volume(
               "Released", "Delete",
               {{rules::kAnnDynamicallyProvisioned, kOurs}, {rules::kAnnMigratedTo, "csi.driver"}})
        << true;
}

void TestProvisionRules::shouldDelete()
{
    QFETCH(Object, pv);
    QFETCH(bool, expected);
    QCOMPARE(rules::shouldDelete(pv, false).yes, expected);
}

void TestProvisionRules::isProvisionerForVolume_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<Object>("pv");
    QTest::addColumn<bool>("expected");
    const QString other = QStringLiteral("foo.bar1/baz1");
    const Object nfs = volume("Bound", "Delete", {{rules::kAnnDynamicallyProvisioned, kOurs}});
    const Object nfsMigrated =
        volume("Bound", "Delete",
               {{rules::kAnnDynamicallyProvisioned, kOurs}, {rules::kAnnMigratedTo, kOurs}});
    const Object csi =
        volume("Bound", "Delete", {{rules::kAnnDynamicallyProvisioned, kOurs}}, false, kOurs);
    const Object csiBare = volume("Bound", "Delete", {}, false, kOurs);
    const Object bare = volume("Bound", "Delete", {});
    const Object migratedOnly = volume("Bound", "Delete", {{rules::kAnnMigratedTo, kOurs}});
    QTest::newRow("PC-04a provisioned-by") << kOurs << nfs << true;
    QTest::newRow("PC-04b provisioned-by and migrated-to") << kOurs << nfsMigrated << true;
    QTest::newRow("PC-04c another name") << other << nfs << false;
    QTest::newRow("PC-04d another name, migrated") << other << nfsMigrated << false;
    QTest::newRow("PC-04e CSI with annotation") << kOurs << csi << true;
    QTest::newRow("PC-04f CSI with annotation, another name") << other << csi << false;
    QTest::newRow("PC-04g CSI without annotations") << kOurs << csiBare << true;
    QTest::newRow("PC-04h CSI without annotations, another name") << other << csiBare << false;
    QTest::newRow("PC-04i NFS without annotations") << kOurs << bare << false;
    QTest::newRow("PC-04j migrated-to only") << kOurs << migratedOnly << true;
    QTest::newRow("PC-04k migrated-to only, another name") << other << migratedOnly << false;
}

void TestProvisionRules::isProvisionerForVolume()
{
    QFETCH(QString, name);
    QFETCH(Object, pv);
    QFETCH(bool, expected);
    QCOMPARE(rules::isProvisionerForVolume(pv, {name}), expected);
}

void TestProvisionRules::canProvision_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<int>("block"); // 0 plain, 1 BlockProvisioner(false), 2 BlockProvisioner(true)
    QTest::addColumn<bool>("fails");
    const QStringList modes{"", "Filesystem", "Block"};
    const char *kinds[] = {"plain", "BlockProvisioner(false)", "BlockProvisioner(true)"};
    for (const QString &m : modes)
        for (int b = 0; b < 3; ++b)
            QTest::addRow("PC-05 %s %s", m.isEmpty() ? "unset" : qPrintable(m), kinds[b])
                << m << b << (m == QLatin1String("Block") && b < 2);
}

void TestProvisionRules::canProvision()
{
    QFETCH(QString, mode);
    QFETCH(int, block);
    QFETCH(bool, fails);
    const QString err = rules::canProvision(claim("claim-1", "1-1", "class-1", kOurs, "", {}, mode),
                                            block == 2, kOurs);
    QCOMPARE(!err.isEmpty(), fails);
    if (fails)
        QCOMPARE(err, QStringLiteral("foo.bar/baz does not support block volume provisioning"));
}

void TestProvisionRules::completePv()
{
    const Object c = claim("claim-1", "1-1", "class-1", kOurs, "");
    const QJsonObject tmpl{{"apiVersion", "v1"},
                           {"kind", "PersistentVolume"},
                           {"metadata", QJsonObject{{"name", "pvc-1-1"}}},
                           {"spec", QJsonObject{{"persistentVolumeReclaimPolicy", "Delete"}}}};
    const QJsonObject pv = rules::completePv(tmpl, c, "class-1", kOurs, false);
    const QJsonObject meta = pv.value("metadata").toObject();
    // Exactly one annotation, provisioned-by = the class's provisioner; no finalizer.
    QCOMPARE(meta.value("annotations").toObject(),
             (QJsonObject{{rules::kAnnDynamicallyProvisioned, kOurs}}));
    QVERIFY(!meta.contains("finalizers"));
    const QJsonObject spec = pv.value("spec").toObject();
    QCOMPARE(spec.value("storageClassName").toString(), QStringLiteral("class-1"));
    QCOMPARE(spec.value("claimRef").toObject(), (QJsonObject{{"kind", "PersistentVolumeClaim"},
                                                             {"apiVersion", "v1"},
                                                             {"namespace", "default"},
                                                             {"name", "claim-1"},
                                                             {"uid", "1-1"},
                                                             {"resourceVersion", "0"}}));
    QVERIFY(!pv.contains("status")); // the library never writes PV status
    const QJsonObject withFinalizer = rules::completePv(tmpl, c, "class-1", kOurs, true);
    QCOMPARE(withFinalizer.value("metadata").toObject().value("finalizers").toArray(),
             (QJsonArray{rules::kFinalizerPV}));
}

void TestProvisionRules::claimClassAndNode()
{
    // The beta storage-class annotation wins over spec.storageClassName.
    QCOMPARE(rules::claimClass(claim("c", "u", "spec-class", "", "",
                                     {{rules::kAnnBetaStorageClass, "ann-class"}})),
             QStringLiteral("ann-class"));
    QCOMPARE(rules::claimClass(claim("c", "u", "spec-class", "", "")),
             QStringLiteral("spec-class"));
    // The GA provisioner annotation wins over the beta one.
    QCOMPARE(rules::claimProvisioner(claim("c", "u", "x", "beta/prov", "",
                                           {{rules::kAnnStorageProvisioner, "ga/prov"}})),
             QStringLiteral("ga/prov"));
    QCOMPARE(rules::selectedNode(
                 claim("c", "u", "x", "", "", {{rules::kAnnAlphaSelectedNode, "alpha-node"}})),
             QStringLiteral("alpha-node"));
    // A missing class is an error (the claim is re-queued), not a "no".
    const rules::Decision d = rules::shouldProvision(claim("c", "u", "gone", kOurs, ""), {kOurs},
                                                     [](const QString &) { return QJsonObject(); });
    QVERIFY(!d.yes);
    QCOMPARE(d.error, QStringLiteral("storageClass \"gone\" not found"));
}

QTEST_GUILESS_MAIN(TestProvisionRules)
#include "tst_provisionrules.moc"
