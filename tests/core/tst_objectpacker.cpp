// SPDX-License-Identifier: Apache-2.0
// ObjectPacker (api/objectpacker.h): a LIST's objects keep their bytes packed with a dictionary
// trained on the first of them, and read back exactly as received.
#include "api/objectmemory.h"
#include "api/objectpacker.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <QtConcurrent/QtConcurrentMap>

using namespace lens;

namespace {

/// A real Pod (resources/fixtures/wire, captured from a cluster), as object `i` of a list: its
/// own name, uid, resourceVersion, one label and one annotation.
QList<Object> realPods(int count)
{
    QFile f(QStringLiteral(LENS_WIRE_DIR "/05-watch-bookmarks.body"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject pod =
        QJsonDocument::fromJson(f.readLine()).object().value(u"object").toObject();
    QList<Object> out;
    for (int i = 0; i < count; ++i) {
        QJsonObject o = pod;
        QJsonObject meta = o.value(u"metadata").toObject();
        meta.insert(QStringLiteral("name"), QStringLiteral("web-%1").arg(i));
        meta.insert(QStringLiteral("uid"),
                    QStringLiteral("0c0ffee0-0000-4000-8000-%1").arg(i, 12, 10, QLatin1Char('0')));
        meta.insert(QStringLiteral("resourceVersion"), QString::number(1000 + i));
        QJsonObject labels = meta.value(u"labels").toObject();
        labels.insert(QStringLiteral("shard"), QString::number(i % 7));
        meta.insert(QStringLiteral("labels"), labels);
        QJsonObject annotations = meta.value(u"annotations").toObject();
        annotations.insert(QStringLiteral("example.com/index"), QString::number(i));
        meta.insert(QStringLiteral("annotations"), annotations);
        o.insert(QStringLiteral("metadata"), meta);
        out << Object::fromJson(o);
    }
    return out;
}

} // namespace

class tst_ObjectPacker : public QObject {
    Q_OBJECT
private slots:
    void samplesStayThenObjectsArePacked();
    void packedObjectsReadAsReceived();
    void packedObjectsCompareByContent();
    void packingFromSeveralThreads();
    void failedTrainingKeepsObjectsAsTheyAre();
    void nothingToSaveKeepsTheObject();
};

void tst_ObjectPacker::samplesStayThenObjectsArePacked()
{
    const QList<Object> pods = realPods(40);
    QCOMPARE(pods.size(), 40);
    ObjectPacker packer(16);
    for (int i = 0; i < 16; ++i) {
        QVERIFY(!packer.trained());
        const Object o = packer.pack(pods.at(i));
        QVERIFY2(o.sameInstance(pods.at(i)), "a training sample is kept as it is");
    }
    QVERIFY(packer.trained());
    QVERIFY(!packer.failed());
    QVERIFY(packer.dictionaryBytes() > 0);
    QVERIFY(packer.dictionaryBytes() <= 8192);
    qint64 json = 0, packed = 0;
    for (int i = 16; i < 40; ++i) {
        const Object o = packer.pack(pods.at(i));
        QVERIFY(o.isPacked());
        QVERIFY(!pods.at(i).isPacked());
        QVERIFY(packer.pack(o).sameInstance(o)); // packed once
        json += pods.at(i).byteSize();
        packed += ObjectMemory::footprint(o);
        QVERIFY2(ObjectMemory::footprint(o) * 2 < ObjectMemory::footprint(pods.at(i)),
                 qPrintable(QStringLiteral("%1 of %2")
                                .arg(ObjectMemory::footprint(o))
                                .arg(ObjectMemory::footprint(pods.at(i)))));
    }
    QCOMPARE(packer.packedObjects(), 24);
    QCOMPARE(packer.jsonBytes(), json);
    QVERIFY(packer.packedBytes() > 0 && packer.packedBytes() < json / 2);
    QVERIFY(packed < json);
}

void tst_ObjectPacker::packedObjectsReadAsReceived()
{
    const QList<Object> pods = realPods(30);
    ObjectPacker packer(8);
    for (const Object &in : pods) {
        const Object o = packer.pack(in);
        QCOMPARE(o.toJson(), in.toJson());
        QCOMPARE(o.byteSize(), in.byteSize());
        QCOMPARE(o.receivedSize(), in.receivedSize());
        QCOMPARE(o.json(), in.json());
        QCOMPARE(o.annotations(), in.annotations());
        QCOMPARE(o.labels(), in.labels());
        QCOMPARE(o.name(), in.name());
        QCOMPARE(o.namespace_(), in.namespace_());
        QCOMPARE(o.resourceVersion(), in.resourceVersion());
        QCOMPARE(o.uid(), in.uid());
        QCOMPARE(o.creationTimestamp(), in.creationTimestamp());
        QCOMPARE(o.kind(), in.kind());
        QCOMPARE(o.phase(), in.phase());
        QCOMPARE(o.hasMeta(), in.hasMeta());
    }
    QCOMPARE(packer.packedObjects(), 22);
}

void tst_ObjectPacker::packedObjectsCompareByContent()
{
    const QList<Object> pods = realPods(12);
    ObjectPacker packer(8);
    for (int i = 0; i < 8; ++i)
        packer.pack(pods.at(i));
    const Object a = packer.pack(pods.at(9));
    const Object b = packer.pack(pods.at(9));
    const Object c = packer.pack(pods.at(10));
    QVERIFY(a.isPacked() && b.isPacked() && c.isPacked());
    QVERIFY(!a.sameInstance(b));
    QVERIFY(a == b);
    QVERIFY(a == pods.at(9));
    QVERIFY(pods.at(9) == a);
    QVERIFY(!(a == c));
    QVERIFY(!(c == pods.at(9)));
}

void tst_ObjectPacker::packingFromSeveralThreads()
{
    const QList<Object> pods = realPods(600);
    ObjectPacker packer(32);
    const QList<Object> packed =
        QtConcurrent::blockingMapped(pods, [&packer](const Object &o) { return packer.pack(o); });
    QCOMPARE(packed.size(), pods.size());
    int count = 0;
    for (qsizetype i = 0; i < pods.size(); ++i) {
        QCOMPARE(packed.at(i).toJson(), pods.at(i).toJson());
        count += packed.at(i).isPacked() ? 1 : 0;
    }
    QCOMPARE(count, 600 - 32);
    QCOMPARE(packer.packedObjects(), count);
}

void tst_ObjectPacker::failedTrainingKeepsObjectsAsTheyAre()
{
    // zstd cannot make a dictionary of 16 bytes (ZDICT_trainFromBuffer: "Destination buffer is
    // too small"): nothing is packed, ever.
    const QList<Object> pods = realPods(20);
    ObjectPacker packer(8, 16);
    for (const Object &o : pods)
        QVERIFY(packer.pack(o).sameInstance(o));
    QVERIFY(packer.failed());
    QVERIFY(!packer.trained());
    QCOMPARE(packer.dictionaryBytes(), 0);
    QCOMPARE(packer.packedObjects(), 0);
    QVERIFY(packer.pack(Object()).isNull());
}

void tst_ObjectPacker::nothingToSaveKeepsTheObject()
{
    const QList<Object> pods = realPods(8);
    ObjectPacker packer(8);
    for (const Object &o : pods)
        packer.pack(o);
    QVERIFY(packer.trained());
    // Random printable bytes the dictionary knows nothing of: packing saves less than a quarter.
    QByteArray noise;
    quint32 x = 12345;
    while (noise.size() < 2000) {
        x = x * 1103515245u + 12345u;
        const char c = char(0x20 + (x >> 16) % 95);
        if (c != '"' && c != '\\')
            noise.append(c);
    }
    const Object o = Object::parse("{\"metadata\":{\"name\":\"n\"},\"data\":\"" + noise + "\"}");
    QVERIFY(!o.isNull());
    QVERIFY(packer.pack(o).sameInstance(o));
}

QTEST_GUILESS_MAIN(tst_ObjectPacker)
#include "tst_objectpacker.moc"
