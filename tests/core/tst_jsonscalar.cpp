// SPDX-License-Identifier: Apache-2.0
// jsonScalarText (core/api/jsonscalar.h): one JSON value as text, numbers as Go's encoding/json
// writes them, for field selectors, the inspector, diffs and journal details alike.
#include "api/fields.h"
#include "api/jsonscalar.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace lens;

class tst_JsonScalar : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void text_data();
    void text();
    void quotedStrings();
    void fieldLookupUsesIt();
};

void tst_JsonScalar::text_data()
{
    QTest::addColumn<QByteArray>("json"); // one element of a JSON array, as the parser reads it
    QTest::addColumn<QString>("text");
    QTest::newRow("integer") << QByteArray("1234567") << QStringLiteral("1234567");
    QTest::newRow("negative integer") << QByteArray("-42") << QStringLiteral("-42");
    QTest::newRow("zero") << QByteArray("0") << QStringLiteral("0");
    QTest::newRow("half") << QByteArray("0.5") << QStringLiteral("0.5");
    QTest::newRow("a tenth") << QByteArray("0.1") << QStringLiteral("0.1");
    QTest::newRow("fraction digits kept") << QByteArray("3.14159") << QStringLiteral("3.14159");
    QTest::newRow("whole number written as a double")
        << QByteArray("1e6") << QStringLiteral("1000000");
    QTest::newRow("2^53 exactly") << QByteArray("9007199254740992")
                                  << QStringLiteral("9007199254740992");
    QTest::newRow("int64 beyond 2^53 stays exact")
        << QByteArray("9007199254740993") << QStringLiteral("9007199254740993");
    QTest::newRow("big whole double in Go's f form")
        << QByteArray("1e20") << QStringLiteral("100000000000000000000");
    QTest::newRow("from 1e21 an exponent") << QByteArray("1e21") << QStringLiteral("1e+21");
    QTest::newRow("tiny") << QByteArray("1e-7") << QStringLiteral("1e-7");
    QTest::newRow("small but plain") << QByteArray("0.000001") << QStringLiteral("0.000001");
    QTest::newRow("true") << QByteArray("true") << QStringLiteral("true");
    QTest::newRow("false") << QByteArray("false") << QStringLiteral("false");
    QTest::newRow("null") << QByteArray("null") << QStringLiteral("null");
    QTest::newRow("string bare") << QByteArray("\"web-1\"") << QStringLiteral("web-1");
    QTest::newRow("array compact")
        << QByteArray("[1, 2.5, \"a\"]") << QStringLiteral("[1,2.5,\"a\"]");
    QTest::newRow("object compact")
        << QByteArray("{\"a\": 1234567}") << QStringLiteral("{\"a\":1234567}");
}

void tst_JsonScalar::text()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, text);
    const QJsonDocument doc = QJsonDocument::fromJson('[' + json + ']');
    QVERIFY(doc.isArray());
    QCOMPARE(jsonScalarText(doc.array().first()), text);
}

void tst_JsonScalar::quotedStrings()
{
    QCOMPARE(jsonScalarText(QJsonValue(QStringLiteral("c")), JsonStrings::Quoted),
             QStringLiteral("\"c\""));
    QCOMPARE(jsonScalarText(QJsonValue(7), JsonStrings::Quoted), QStringLiteral("7"));
    QCOMPARE(jsonScalarText(QJsonValue(QJsonValue::Undefined)), QString());
}

void tst_JsonScalar::fieldLookupUsesIt()
{
    const Object o = Object::fromJson(QJsonObject{
        {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), QStringLiteral("p")}}},
        {QStringLiteral("status"), QJsonObject{{QStringLiteral("restarts"), 1234567},
                                               {QStringLiteral("ratio"), 0.5},
                                               {QStringLiteral("ready"), true},
                                               {QStringLiteral("nothing"), QJsonValue::Null},
                                               {QStringLiteral("list"), QJsonArray{1}}}}});
    QCOMPARE(objectFieldValue(o, QStringLiteral("status.restarts")), QStringLiteral("1234567"));
    QCOMPARE(objectFieldValue(o, QStringLiteral("status.ratio")), QStringLiteral("0.5"));
    QCOMPARE(objectFieldValue(o, QStringLiteral("status.ready")), QStringLiteral("true"));
    // A field selector compares "" for null, objects, arrays and missing fields.
    QCOMPARE(objectFieldValue(o, QStringLiteral("status.nothing")), QString());
    QCOMPARE(objectFieldValue(o, QStringLiteral("status.list")), QString());
    QCOMPARE(objectFieldValue(o, QStringLiteral("status")), QString());
    QCOMPARE(objectFieldValue(o, QStringLiteral("status.missing")), QString());
}

QTEST_GUILESS_MAIN(tst_JsonScalar)
#include "tst_jsonscalar.moc"
