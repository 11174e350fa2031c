// SPDX-License-Identifier: Apache-2.0
// The managedFields-stripping transform (controller-runtime's TransformStripManagedFields, set
// with SharedIndexInformer.SetTransform): the field is cut from the bytes, nothing else moves,
// and an informer with it stores and hands out objects without it, counting what it saved.
#include "api/object.h"
#include "informer/transforms.h"
#include "informerharness.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace lens;
using namespace lens::test;

class tst_Transforms : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void realPodLosesOnlyManagedFields();
    void wherever_data();
    void wherever();
    void objectsWithoutItAreKept();
    void informerStoresStrippedObjects();
    void listedItemsStrippedWhereDecodedCountOnce();
};

void tst_Transforms::realPodLosesOnlyManagedFields()
{
    QFile f(QStringLiteral(LENS_WIRE_DIR "/05-watch-bookmarks.body"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject pod =
        QJsonDocument::fromJson(f.readLine()).object().value(u"object").toObject();
    const Object in = Object::fromJson(pod);
    QVERIFY(in.json().value(u"metadata").toObject().contains(QStringLiteral("managedFields")));
    const Object out = withoutManagedFields(in);
    QJsonObject expected = pod;
    QJsonObject meta = expected.value(u"metadata").toObject();
    const QByteArray managed =
        QJsonDocument(meta.value(u"managedFields").toArray()).toJson(QJsonDocument::Compact);
    meta.remove(QStringLiteral("managedFields"));
    expected.insert(QStringLiteral("metadata"), meta);
    QCOMPARE(out.json(), expected);
    // Exactly the member and one comma left the bytes.
    QCOMPARE(out.byteSize(),
             in.byteSize() - managed.size() - qsizetype(sizeof "\"managedFields\":,") + 1);
    QCOMPARE(out.name(), in.name());
    QCOMPARE(out.resourceVersion(), in.resourceVersion());
    QCOMPARE(out.labels(), in.labels());
    QCOMPARE(out.uid(), in.uid());
}

void tst_Transforms::wherever_data()
{
    QTest::addColumn<QByteArray>("in");
    QTest::addColumn<QByteArray>("out");
    QTest::newRow("first")
        << QByteArray("{\"metadata\":{\"managedFields\":[{\"manager\":\"a\"}],\"name\":\"p\"}}")
        << QByteArray("{\"metadata\":{\"name\":\"p\"}}");
    QTest::newRow("last") << QByteArray(
                                 "{\"metadata\":{\"name\":\"p\",\"managedFields\":[]},\"spec\":{}}")
                          << QByteArray("{\"metadata\":{\"name\":\"p\"},\"spec\":{}}");
    QTest::newRow("middle") << QByteArray("{\"metadata\":{\"a\":\"1\",\"managedFields\":[{\"f\":{"
                                          "\"x\":[1,2]}}],\"name\":\"p\"}}")
                            << QByteArray("{\"metadata\":{\"a\":\"1\",\"name\":\"p\"}}");
    QTest::newRow("only") << QByteArray("{\"kind\":\"Pod\",\"metadata\":{\"managedFields\":null}}")
                          << QByteArray("{\"kind\":\"Pod\",\"metadata\":{}}");
}

void tst_Transforms::wherever()
{
    QFETCH(QByteArray, in);
    QFETCH(QByteArray, out);
    const Object o = Object::parse(in);
    QVERIFY(!o.isNull());
    QCOMPARE(withoutManagedFields(o).toJson(), out);
}

void tst_Transforms::objectsWithoutItAreKept()
{
    // The words inside a string (an annotation) are not the field.
    const Object o =
        Object::parse("{\"metadata\":{\"annotations\":{\"note\":\"\\\"managedFields\\\": see "
                      "docs\"},\"name\":\"p\"},\"spec\":{\"managedFields\":[1]}}");
    QVERIFY(!o.isNull());
    QVERIFY(withoutManagedFields(o).sameInstance(o));
}

void tst_Transforms::informerStoresStrippedObjects()
{
    Harness h;
    auto tally = std::make_shared<TransformTally>();
    QCOMPARE(h.informer.setTransform(stripManagedFieldsTransform(tally)), QString());
    QList<Object> items;
    for (const QString &name : {QStringLiteral("a"), QStringLiteral("b")}) {
        QJsonObject meta{{QStringLiteral("name"), name},
                         {QStringLiteral("namespace"), QStringLiteral("ns")},
                         {QStringLiteral("resourceVersion"), QStringLiteral("1")}};
        if (name == QLatin1String("a"))
            meta.insert(QStringLiteral("managedFields"),
                        QJsonArray{QJsonObject{
                            {QStringLiteral("manager"), QStringLiteral("kubectl-create")},
                            {QStringLiteral("fieldsV1"),
                             QJsonObject{{QStringLiteral("f:spec"), QJsonObject()}}}}});
        items << Object::fromJson(QJsonObject{{QStringLiteral("metadata"), meta}});
    }
    QStringList seen;
    ResourceEventHandler r;
    r.name = QStringLiteral("rec");
    r.onAdd = [&](const Object &o, bool) {
        seen << o.name() +
                    (o.toJson().contains("managedFields") ? QStringLiteral("+mf") : QString());
    };
    h.informer.addEventHandler(r);
    h.lw.listScript << okReply(items, QStringLiteral("1"));
    h.informer.run();
    QTRY_COMPARE_WITH_TIMEOUT(seen.size(), 2, 5000);
    seen.sort();
    QCOMPARE(seen, QStringList({QStringLiteral("a"), QStringLiteral("b")}));
    for (const Object &o : h.informer.indexer().list())
        QVERIFY(!o.toJson().contains("managedFields"));
    QCOMPARE(tally->objects.load(), 2);
    QCOMPARE(tally->changed.load(), 1);
    QCOMPARE(tally->bytesIn.load(), items[0].byteSize() + items[1].byteSize());
    QVERIFY(tally->savedBytes() > 40);
    QVERIFY(tally->savedPercent() > 0 && tally->savedPercent() < 100);
}

// With a list-item transform, the reflector sends it with every LIST (ListOptions::itemTransform,
// which HttpListCall applies on the decoder thread); the items arrive stripped, the DeltaFIFO's
// transform finds nothing left to strip, and the tally still counts each object once, by its
// size as received.
void tst_Transforms::listedItemsStrippedWhereDecodedCountOnce()
{
    Harness h;
    auto tally = std::make_shared<TransformTally>();
    QCOMPARE(h.informer.setTransform(stripManagedFieldsTransform(tally)), QString());
    QCOMPARE(h.informer.setListItemTransform(listItemStrip()), QString());
    QJsonObject meta{{QStringLiteral("name"), QStringLiteral("a")},
                     {QStringLiteral("namespace"), QStringLiteral("ns")},
                     {QStringLiteral("resourceVersion"), QStringLiteral("1")},
                     {QStringLiteral("managedFields"),
                      QJsonArray{QJsonObject{{QStringLiteral("manager"), QStringLiteral("k")}}}}};
    const Object a = Object::fromJson(QJsonObject{{QStringLiteral("metadata"), meta}});
    meta.remove(QStringLiteral("managedFields"));
    meta.insert(QStringLiteral("name"), QStringLiteral("b"));
    const Object b = Object::fromJson(QJsonObject{{QStringLiteral("metadata"), meta}});
    // What the decoder thread makes of them.
    const TransformFunc strip = listItemStrip();
    QString error;
    const Object a2 = strip(a, &error);
    const Object b2 = strip(b, &error);
    QVERIFY(error.isEmpty());
    QVERIFY(!a2.toJson().contains("managedFields"));
    QCOMPARE(a2.receivedSize(), a.byteSize());
    QVERIFY(a2.byteSize() < a.byteSize());
    QVERIFY(b2.sameInstance(b));
    QCOMPARE(b2.receivedSize(), b.byteSize());
    h.lw.listScript << okReply({a2, b2}, QStringLiteral("1"));
    h.informer.run();
    QTRY_COMPARE_WITH_TIMEOUT(h.informer.indexer().size(), qsizetype(2), 5000);
    QCOMPARE(h.informer.setListItemTransform(listItemStrip()),
             QStringLiteral("informer has already started"));
    QVERIFY(!h.lw.lists.isEmpty());
    QVERIFY(bool(h.lw.lists.first().itemTransform));
    QVERIFY(!h.lw.lists.first().itemTransform(a, &error).toJson().contains("managedFields"));
    QCOMPARE(tally->objects.load(), 2);
    QCOMPARE(tally->changed.load(), 1);
    QCOMPARE(tally->bytesIn.load(), a.byteSize() + b.byteSize());
    QCOMPARE(tally->bytesOut.load(), a2.byteSize() + b.byteSize());
    // Without the list-item transform and without packing nothing is sent; with packing alone
    // the items are packed, not stripped.
    Harness plain;
    QCOMPARE(plain.informer.setPackListedObjects(false), QString());
    plain.lw.listScript << okReply({b}, QStringLiteral("1"));
    plain.informer.run();
    QTRY_COMPARE_WITH_TIMEOUT(plain.informer.indexer().size(), qsizetype(1), 5000);
    QVERIFY(!plain.lw.lists.first().itemTransform);
    QVERIFY(!plain.lw.lists.first().packer);
    QVERIFY(!plain.informer.objectPacker());
    Harness packing;
    packing.lw.listScript << okReply({a}, QStringLiteral("1"));
    packing.informer.run();
    QTRY_COMPARE_WITH_TIMEOUT(packing.informer.indexer().size(), qsizetype(1), 5000);
    QCOMPARE(packing.informer.setPackListedObjects(false),
             QStringLiteral("informer has already started"));
    QVERIFY(packing.informer.objectPacker());
    QVERIFY(!packing.lw.lists.first().itemTransform);
    QVERIFY(packing.lw.lists.first().packer == packing.informer.objectPacker());
    QTRY_VERIFY_WITH_TIMEOUT(!packing.lw.watches.isEmpty(), 5000);
    QVERIFY(packing.lw.watches.first().packer == packing.informer.objectPacker());
    // HttpListerWatcher's list-item step: the transform, then the packer.
    const TransformFunc step = packedAfter(listItemStrip(), packing.lw.lists.first().packer);
    QVERIFY(!step(a, &error).toJson().contains("managedFields"));
}

QTEST_GUILESS_MAIN(tst_Transforms)
#include "tst_transforms.moc"
