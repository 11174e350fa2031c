// SPDX-License-Identifier: Apache-2.0
// TraceEvent::detail's compact store (trace/eventdetail.h) reads and writes as the QJsonObject
// it replaced: same fields, same JSON types (an integer stays apart from a double), same key
// order, copy-on-write; and the journal's chunked deque (trace/chunkeddeque.h) keeps its
// elements in place across chunks.
#include "trace/chunkeddeque.h"
#include "trace/eventdetail.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QVariant>

#include <QTest>

#include <algorithm>

using namespace lens;
using namespace Qt::StringLiterals;

class TestEventDetail : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void roundTrip_data();
    void roundTrip();
    void typedInserts();
    void replaceRemoveAndUndefined();
    void copyOnWrite();
    void equality();
    void compactness();
    void chunkedDeque();
    void keyTableFull(); // last: fills the process's key table
};

void TestEventDetail::roundTrip_data()
{
    QTest::addColumn<QJsonObject>("json");
    QTest::newRow("empty") << QJsonObject{};
    QTest::newRow("scalars") << QJsonObject{{u"queueDepth"_s, 3},
                                            {u"queueMode"_s, u"DeltaFIFO"_s},
                                            {u"hasSynced"_s, false},
                                            {u"isInInitialList"_s, true},
                                            {u"none"_s, QJsonValue(QJsonValue::Null)}};
    QTest::newRow("numbers") << QJsonObject{{u"i8"_s, -5},
                                            {u"i16"_s, 3000},
                                            {u"i32"_s, -70000},
                                            {u"i64"_s, qint64(1) << 40},
                                            {u"min"_s, std::numeric_limits<qint64>::min()},
                                            {u"double"_s, 1.5},
                                            {u"wholeDouble"_s, 2.0},
                                            {u"tiny"_s, 1e-300}};
    QTest::newRow("strings") << QJsonObject{{u"empty"_s, u""_s},
                                            {u"latin1"_s, u"caf\u00e9"_s},
                                            {u"cjk"_s, u"\u540c\u6b65\u5b8c\u6210"_s},
                                            {u"emoji"_s, u"\U0001F600"_s},
                                            {u"long"_s, QString(5000, u'x')}};
    QTest::newRow("nested") << QJsonObject{
        {u"informers"_s, QJsonArray{u"pods"_s, u"nodes"_s}},
        {u"status"_s, QJsonObject{{u"code"_s, 410}, {u"reason"_s, u"Expired"_s}}},
        {u"listeners"_s, QJsonArray{QJsonObject{{u"handler"_s, u"h"_s}, {u"due"_s, true}}}}};
    QTest::newRow("key order") << QJsonObject{
        {u"b"_s, 1}, {u"aa"_s, 2}, {u"a"_s, 3},     {u"B"_s, 4}, {u"\u00e9t\u00e9"_s, 5},
        {u"_"_s, 6}, {u"a1"_s, 7}, {u"\u540c"_s, 8}};
}

void TestEventDetail::roundTrip()
{
    QFETCH(QJsonObject, json);
    const EventDetail d(json);
    QCOMPARE(d.toJsonObject(), json);
    QCOMPARE(d.isEmpty(), json.isEmpty());
    QCOMPARE(d.size(), json.size());
    QCOMPARE(d.keys(), json.keys()); // QJsonObject's key order
    for (auto it = json.begin(); it != json.end(); ++it) {
        QVERIFY(d.contains(it.key()));
        QCOMPARE(d.value(it.key()), it.value());
        // Integer or double, as the QJsonValue held it (QVariant tells them apart).
        QCOMPARE(d.value(it.key()).toVariant().typeId(), it.value().toVariant().typeId());
    }
    // Iteration gives the same pairs in the same order.
    QStringList seen;
    for (auto it = d.begin(); it != d.end(); ++it) {
        seen << it.key();
        QCOMPARE(it.value(), json.value(it.key()));
    }
    QCOMPARE(seen, json.keys());
    // The same fields inserted one by one, in reverse, give the same detail.
    EventDetail built;
    const QStringList keys = json.keys();
    for (auto k = keys.crbegin(); k != keys.crend(); ++k)
        built.insert(*k, json.value(*k));
    QCOMPARE(built.toJsonObject(), json);
    QVERIFY(built == d);
    QCOMPARE(QJsonDocument(QJsonObject(d)).toJson(), QJsonDocument(json).toJson());
    QVERIFY(!d.contains(u"absent"_s));
    QVERIFY(d.value(u"absent"_s).isUndefined());
    QVERIFY(d.find(u"absent"_s) == d.end());
}

void TestEventDetail::typedInserts()
{
    EventDetail d;
    d.insert(QLatin1String("queueDepth"), qint64(12));
    d.insert(QLatin1String("backlog"), 7);
    d.insert(QLatin1String("hasSynced"), true);
    d.insert(QLatin1String("queueMode"), QStringLiteral("DeltaFIFO"));
    d.insert(QLatin1String("mode"), QLatin1String("run"));
    d.insert(QLatin1String("ratio"), 0.25);
    d.insert(QLatin1String("nothing"), QJsonValue::Null);
    d.insert(u"name"_s, u"\u540c"_s);
    const QJsonObject want{{u"queueDepth"_s, 12},
                           {u"backlog"_s, 7},
                           {u"hasSynced"_s, true},
                           {u"queueMode"_s, u"DeltaFIFO"_s},
                           {u"mode"_s, u"run"_s},
                           {u"ratio"_s, 0.25},
                           {u"nothing"_s, QJsonValue(QJsonValue::Null)},
                           {u"name"_s, u"\u540c"_s}};
    QCOMPARE(d.toJsonObject(), want);
    QCOMPARE(d.value(u"queueDepth"_s).toVariant().typeId(), int(QMetaType::LongLong));
    QCOMPARE(d.value(u"ratio"_s).toVariant().typeId(), int(QMetaType::Double));
    QVERIFY(d.value(u"nothing"_s).isNull());
    QCOMPARE(d[u"mode"_s].toString(), u"run"_s);
    QCOMPARE(d.constFind(QLatin1String("backlog")).value().toInteger(), 7);
}

void TestEventDetail::replaceRemoveAndUndefined()
{
    EventDetail d{{u"a"_s, 1}, {u"b"_s, u"two"_s}, {u"c"_s, true}};
    d.insert(u"b"_s, 2);
    QCOMPARE(d.toJsonObject(), (QJsonObject{{u"a"_s, 1}, {u"b"_s, 2}, {u"c"_s, true}}));
    d.remove(u"a"_s);
    d.remove(u"zzz"_s);
    QCOMPARE(d.toJsonObject(), (QJsonObject{{u"b"_s, 2}, {u"c"_s, true}}));
    d.insert(u"c"_s, QJsonValue(QJsonValue::Undefined)); // as QJsonObject: removes
    QCOMPARE(d.keys(), QStringList{u"b"_s});
    d.remove(u"b"_s);
    QVERIFY(d.isEmpty());
    QCOMPARE(d.heapBytes(), 0);
    QVERIFY(d.begin() == d.end());
}

void TestEventDetail::copyOnWrite()
{
    EventDetail a{{u"x"_s, 1}};
    const EventDetail b = a;
    QCOMPARE(a.heapBytes(), b.heapBytes());
    a.insert(u"y"_s, 2);
    QCOMPARE(b.toJsonObject(), (QJsonObject{{u"x"_s, 1}}));
    QCOMPARE(a.toJsonObject(), (QJsonObject{{u"x"_s, 1}, {u"y"_s, 2}}));
    EventDetail c;
    c = b;
    c = std::move(a);
    QCOMPARE(c.keys(), (QStringList{u"x"_s, u"y"_s}));
    QCOMPARE(b.keys(), QStringList{u"x"_s});
}

void TestEventDetail::equality()
{
    const EventDetail one{{u"n"_s, 1}};
    const EventDetail oneDouble{{u"n"_s, 1.0}};
    QVERIFY(one == oneDouble); // as QJsonObject compares
    QVERIFY(one != EventDetail({{u"n"_s, 2}}));
    QVERIFY(EventDetail() == EventDetail(QJsonObject{}));
    const QJsonObject asJson = one;
    QCOMPARE(asJson, (QJsonObject{{u"n"_s, 1}}));
}

void TestEventDetail::compactness()
{
    // What the journal's hottest events carry (DeltaFIFO's Pop, the processor's notification):
    // a few dozen bytes, where a QJsonObject took several hundred.
    EventDetail popped;
    popped.insert(QLatin1String("isInInitialList"), true);
    popped.insert(QLatin1String("queueDepth"), qint64(9999));
    popped.insert(QLatin1String("hasSynced"), false);
    popped.insert(QLatin1String("queueMode"), QStringLiteral("DeltaFIFO"));
    QVERIFY2(popped.heapBytes() <= 40, qPrintable(QString::number(popped.heapBytes())));
}

void TestEventDetail::chunkedDeque()
{
    ChunkedDeque<QString, 4> d;
    QVERIFY(d.empty());
    std::vector<const QString *> where;
    for (int i = 0; i < 10; ++i)
        where.push_back(&d.emplace_back(QString::number(i)));
    QCOMPARE(d.size(), size_t(10));
    QCOMPARE(d.front(), u"0"_s);
    QCOMPARE(d.back(), u"9"_s);
    for (int i = 0; i < 6; ++i) // across a chunk's end
        d.pop_front();
    for (int i = 10; i < 15; ++i)
        d.push_back(QString::number(i));
    // Elements never moved.
    for (int i = 6; i < 10; ++i)
        QCOMPARE(&d[size_t(i - 6)], where[size_t(i)]);
    QStringList all;
    for (const QString &s : d)
        all << s;
    QCOMPARE(all, (QStringList{u"6"_s, u"7"_s, u"8"_s, u"9"_s, u"10"_s, u"11"_s, u"12"_s, u"13"_s,
                               u"14"_s}));
    const auto &cd = d;
    const auto it = std::lower_bound(cd.begin(), cd.end(), 12,
                                     [](const QString &s, int v) { return s.toInt() < v; });
    QCOMPARE(*it, u"12"_s);
    QCOMPARE(it - cd.begin(), 6);
    QCOMPARE(cd.rbegin()->toInt(), 14);
    ChunkedDeque<QString, 4> copy = d;
    ChunkedDeque<QString, 4> moved = std::move(d);
    QCOMPARE(copy.size(), moved.size());
    QCOMPARE(copy[8], moved[8]);
    while (!moved.empty())
        moved.pop_front();
    moved.push_back(u"again"_s);
    QCOMPARE(moved.front(), u"again"_s);
    QCOMPARE(copy.size(), size_t(9));
}

void TestEventDetail::keyTableFull()
{
    // 65 280 distinct names fill the table; later names are stored in the detail itself.
    for (int i = 0; i < 65300; ++i) {
        EventDetail d;
        d.insert(u"k%1"_s.arg(i), i);
    }
    EventDetail d{{u"overflow-b"_s, 2}, {u"overflow-a"_s, u"\u540c"_s}, {u"queueDepth"_s, 1}};
    QCOMPARE(d.keys(), (QStringList{u"overflow-a"_s, u"overflow-b"_s, u"queueDepth"_s}));
    QCOMPARE(d.value(u"overflow-b"_s).toInt(), 2);
    d.remove(u"overflow-a"_s);
    QCOMPARE(d.toJsonObject(), (QJsonObject{{u"overflow-b"_s, 2}, {u"queueDepth"_s, 1}}));
}

QTEST_GUILESS_MAIN(TestEventDetail)
#include "tst_eventdetail.moc"
