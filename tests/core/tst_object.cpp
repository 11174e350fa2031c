// SPDX-License-Identifier: Apache-2.0
// lens::Object keeps the JSON bytes as received and the metadata the machinery reads; the rest is
// parsed when asked for. Decoding walks the bytes with simdjson and leaves everything it does
// not take (malformed, deep, mistyped) to QJsonDocument, so results and error sentences are the
// ones the Qt-only decoder gave. Each case below compares against that Qt-only reading.
#include "api/jsoncompact.h"
#include "client/httpcalls.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace lens;

namespace {

QMap<QString, QString> stringMap(const QJsonValue &v)
{
    QMap<QString, QString> out;
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        out.insert(it.key(), it.value().toString());
    return out;
}

/// The Qt-only reading of a malformed body, as the decoders word it.
QString qtError(const QByteArray &bytes)
{
    QJsonParseError pe;
    QJsonDocument::fromJson(bytes, &pe);
    return pe.error == QJsonParseError::NoError
               ? QString()
               : QStringLiteral("at byte %1: %2").arg(pe.offset).arg(pe.errorString());
}

QStringList fixtureFiles()
{
    QStringList out;
    QDirIterator it(QStringLiteral(LENS_SOURCE_DIR "/resources/fixtures"),
                    {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << it.next();
    out.sort();
    return out;
}

} // namespace

class tst_Object : public QObject {
    Q_OBJECT
private slots:
    void compactBytesAreKept();
    void prettyInputIsCompacted();
    void compactInputIsSharedNotCopied();
    void whitespaceIsFoundAnywhere();
    void everyFixtureReadsAsQtReadsIt();
    void annotationsAndLabelsAreReadFromTheBytes();
    void listItemsGetKindAndApiVersion();
    void malformedJsonGivesQtsError_data();
    void malformedJsonGivesQtsError();
    void mistypedMetadataGivesTheSameSentence();
    void deepNestingIsAnErrorNotACrash();
    void watchEventsOfEveryType();
    void equalityIsDeep();
};

void tst_Object::compactBytesAreKept()
{
    // Key order as the server sent it (QJsonDocument would sort the keys).
    const QByteArray bytes =
        R"({"metadata":{"name":"a","namespace":"d","resourceVersion":"7","uid":"u-1"},)"
        R"("kind":"Pod","apiVersion":"v1","spec":{"n":1.50,"big":12345678901234567890},)"
        R"("status":{"phase":"Pending"}})";
    const Object o = Object::parse(bytes);
    QVERIFY(!o.isNull());
    QCOMPARE(o.toJson(), bytes);
    QCOMPARE(o.byteSize(), bytes.size());
    QCOMPARE(o.name(), QStringLiteral("a"));
    QCOMPARE(o.namespace_(), QStringLiteral("d"));
    QCOMPARE(o.resourceVersion(), QStringLiteral("7"));
    QCOMPARE(o.uid(), QStringLiteral("u-1"));
    QCOMPARE(o.kind(), QStringLiteral("Pod"));
    QCOMPARE(o.phase(), QStringLiteral("Pending"));
    // Copies share the bytes: toJson() is not a re-serialisation.
    QCOMPARE(o.toJson().constData(), o.toJson().constData());
}

// jsonHasNoWhitespace() decides whether a decoded object is copied or minified: each of the
// four whitespace bytes, at every position of values shorter and longer than its 16-byte
// steps, is found; anything else is not whitespace.
void tst_Object::whitespaceIsFoundAnywhere()
{
    for (int size : {1, 15, 16, 17, 31, 32, 33, 100}) {
        const QByteArray compact(size, 'x');
        QVERIFY(jsonHasNoWhitespace(std::string_view(compact.constData(), size_t(size))));
        for (char ws : {' ', '\t', '\n', '\r'})
            for (int at = 0; at < size; ++at) {
                QByteArray b = compact;
                b[at] = ws;
                QVERIFY2(
                    !jsonHasNoWhitespace(std::string_view(b.constData(), size_t(size))),
                    qPrintable(
                        QStringLiteral("size %1, byte %2 at %3").arg(size).arg(int(ws)).arg(at)));
            }
    }
    const QByteArray others = R"({"a":[1,2.5e-3,true,null,"\u00e9"]})";
    QVERIFY(jsonHasNoWhitespace(std::string_view(others.constData(), size_t(others.size()))));
    QVERIFY(jsonHasNoWhitespace(std::string_view()));
}

void tst_Object::compactInputIsSharedNotCopied()
{
    // Object::parse() keeps the caller's compact buffer itself (one copy of the bytes in the
    // simulated server's store, not two) ...
    const QByteArray compact = QByteArrayLiteral(R"({"metadata":{"name":"a"},"spec":{"x":[1,2]}})")
                                   .toLower(); // a heap copy, as bytes from a writer are
    const Object shared = Object::parse(compact);
    QCOMPARE(shared.toJson(), compact);
    QCOMPARE(shared.toJson().constData(), compact.constData());
    // ... but not bytes someone else owns (fromRawData), nor a buffer with much spare room ...
    const char raw[] = R"({"metadata":{"name":"b"}})";
    const QByteArray foreign = QByteArray::fromRawData(raw, qsizetype(sizeof raw) - 1);
    const Object copied = Object::parse(foreign);
    QCOMPARE(copied.toJson(), foreign);
    QVERIFY(copied.toJson().constData() != foreign.constData());
    QByteArray roomy = compact;
    roomy.reserve(64 * 1024);
    const Object squeezed = Object::parse(roomy);
    QCOMPARE(squeezed.toJson(), compact);
    QVERIFY(squeezed.toJson().constData() != roomy.constData());
    QVERIFY(squeezed.toJson().capacity() < 1024);
    // ... nor input that is not compact (trailing whitespace is minified away).
    const QByteArray trailing = compact + "\n";
    const Object trimmed = Object::parse(trailing);
    QCOMPARE(trimmed.toJson(), compact);
}

void tst_Object::prettyInputIsCompacted()
{
    const QByteArray pretty = "{\n  \"metadata\": {\n    \"name\": \"a b\",\n    \"labels\": "
                              "{ \"x\" : \"1 2\" }\n  },\n  \"spec\" : [ 1 , true , null ]\n}\n";
    const Object o = Object::parse(pretty);
    QCOMPARE(
        o.toJson(),
        QByteArray(R"({"metadata":{"name":"a b","labels":{"x":"1 2"}},"spec":[1,true,null]})"));
    QCOMPARE(o.labels(), (QMap<QString, QString>{{QStringLiteral("x"), QStringLiteral("1 2")}}));
}

void tst_Object::everyFixtureReadsAsQtReadsIt()
{
    const QStringList files = fixtureFiles();
    QVERIFY(files.size() >= 20);
    int objects = 0;
    for (const QString &path : files) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QList<QJsonObject> expected;
        if (const QJsonDocument doc = QJsonDocument::fromJson(bytes); doc.isObject()) {
            expected << doc.object();
        } else {
            // A kubectl watch capture: one event per line.
            for (const QByteArray &line : bytes.split('\n'))
                if (const QJsonDocument ev = QJsonDocument::fromJson(line); ev.isObject())
                    expected << ev.object().value(QLatin1String("object")).toObject();
        }
        QVERIFY2(!expected.isEmpty(), qPrintable(path));
        QList<Object> decoded;
        if (expected.size() == 1 && QJsonDocument::fromJson(bytes).isObject()) {
            decoded << Object::parse(bytes);
        } else {
            for (const QByteArray &line : bytes.split('\n')) {
                if (line.trimmed().isEmpty())
                    continue;
                WatchEvent ev;
                QString error;
                QVERIFY2(decodeWatchEvent(line, &ev, &error), qPrintable(error));
                decoded << ev.object;
            }
        }
        QCOMPARE(decoded.size(), expected.size());
        for (qsizetype i = 0; i < decoded.size(); ++i) {
            const Object &o = decoded.at(i);
            const QJsonObject &json = expected.at(i);
            const QJsonObject meta = json.value(QLatin1String("metadata")).toObject();
            QVERIFY2(o.json() == json, qPrintable(path));
            QVERIFY(!o.toJson().contains('\n'));
            QCOMPARE(o.kind(), json.value(QLatin1String("kind")).toString());
            QCOMPARE(o.apiVersion(), json.value(QLatin1String("apiVersion")).toString());
            QCOMPARE(o.hasMeta(), json.value(QLatin1String("metadata")).isObject());
            QCOMPARE(o.name(), meta.value(QLatin1String("name")).toString());
            QCOMPARE(o.namespace_(), meta.value(QLatin1String("namespace")).toString());
            QCOMPARE(o.generateName(), meta.value(QLatin1String("generateName")).toString());
            QCOMPARE(o.uid(), meta.value(QLatin1String("uid")).toString());
            QCOMPARE(o.resourceVersion(), meta.value(QLatin1String("resourceVersion")).toString());
            QCOMPARE(o.creationTimestamp(),
                     meta.value(QLatin1String("creationTimestamp")).toString());
            QCOMPARE(o.deletionTimestamp(),
                     meta.value(QLatin1String("deletionTimestamp")).toString());
            QCOMPARE(o.labels(), stringMap(meta.value(QLatin1String("labels"))));
            QCOMPARE(o.annotations(), stringMap(meta.value(QLatin1String("annotations"))));
            QCOMPARE(o.phase(), json.value(QLatin1String("status"))
                                    .toObject()
                                    .value(QLatin1String("phase"))
                                    .toString());
            // The same object built from the QJsonObject reads the same.
            const Object built = Object::fromJson(json);
            QVERIFY(built == o);
            QCOMPARE(built.labels(), o.labels());
            QCOMPARE(built.uid(), o.uid());
            ++objects;
        }
    }
    QVERIFY(objects >= 25);
}

void tst_Object::annotationsAndLabelsAreReadFromTheBytes()
{
    const QByteArray bytes =
        R"({"metadata":{"name":"a","annotations":{"k8s.io/initial-events-end":"true",)"
        R"("q":"say \"hi\"\n\u00e9","n":null},"labels":{"b":"2","a":"1","\u00e9t\u00e9":"x"}}})";
    const Object o = Object::parse(bytes);
    const QMap<QString, QString> ann = o.annotations();
    QCOMPARE(ann.value(QStringLiteral("k8s.io/initial-events-end")), QStringLiteral("true"));
    QCOMPARE(ann.value(QStringLiteral("q")), QStringLiteral("say \"hi\"\n\u00e9"));
    QVERIFY(ann.contains(QStringLiteral("n")));
    QCOMPARE(ann.size(), 3);
    QCOMPARE(o.labels().keys(), (QStringList{QStringLiteral("a"), QStringLiteral("b"),
                                             QStringLiteral("\u00e9t\u00e9")}));
    QCOMPARE(o.label(QStringLiteral("b")), std::optional<QString>(QStringLiteral("2")));
    QCOMPARE(o.label(QStringLiteral("\u00e9t\u00e9")), std::optional<QString>(QStringLiteral("x")));
    QCOMPARE(o.label(QStringLiteral("c")), std::nullopt);
    QVERIFY(Object::parse(R"({"metadata":{"name":"a"}})").annotations().isEmpty());
    QVERIFY(Object().annotations().isEmpty());
}

void tst_Object::listItemsGetKindAndApiVersion()
{
    QByteArray body = R"({"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"9",)"
                      R"("remainingItemCount":3},"items":[{"metadata":{"name":"a"}},{},)"
                      R"({"kind":"Other","metadata":{"name":"c"}}]})";
    const HttpListCall::Parsed p = HttpListCall::parse(body);
    QVERIFY2(p.ok, qPrintable(p.error.describe()));
    QCOMPARE(p.page.resourceVersion, QStringLiteral("9"));
    QCOMPARE(p.page.remainingItemCount, 3);
    QCOMPARE(p.page.items.size(), 3);
    QCOMPARE(p.page.items.at(0).toJson(),
             QByteArray(R"({"kind":"Pod","apiVersion":"v1","metadata":{"name":"a"}})"));
    QCOMPARE(p.page.items.at(1).toJson(), QByteArray(R"({"kind":"Pod","apiVersion":"v1"})"));
    QCOMPARE(p.page.items.at(2).toJson(),
             QByteArray(R"({"apiVersion":"v1","kind":"Other","metadata":{"name":"c"}})"));
    QCOMPARE(p.page.items.at(0).kind(), QStringLiteral("Pod"));
    QCOMPARE(p.page.items.at(2).kind(), QStringLiteral("Other"));
    QCOMPARE(p.page.items.at(1).apiVersion(), QStringLiteral("v1"));
    QCOMPARE(p.page.items.at(0).json().value(QLatin1String("kind")).toString(),
             QStringLiteral("Pod"));
}

void tst_Object::malformedJsonGivesQtsError_data()
{
    QTest::addColumn<QByteArray>("object");
    QTest::newRow("missing colon") << QByteArray(R"({"metadata":{"name" "a"}})");
    QTest::newRow("missing comma") << QByteArray(R"({"metadata":{"name":"a" "uid":"b"}})");
    QTest::newRow("array without comma") << QByteArray(R"({"spec":[1 2]})");
    QTest::newRow("bad literal") << QByteArray(R"({"spec":{"x":tru}})");
    QTest::newRow("leading zero") << QByteArray(R"({"spec":{"x":01}})");
    // Qt's parser takes these two (simdjson does not): the decoders give Qt's reading.
    QTest::newRow("bad escape") << QByteArray(R"({"spec":{"x":"a\qb"}})");
    QTest::newRow("raw newline in string") << QByteArray("{\"spec\":{\"x\":\"a\nb\"}}");
    QTest::newRow("cut") << QByteArray(R"({"metadata":{"name":"a")");
    QTest::newRow("trailing comma") << QByteArray(R"({"spec":{"x":1,}})");
    // A string value followed by a colon, and a brace too many further on: simdjson 3.0 skips
    // a value left unread and takes "b": for a key, so the fast path once accepted these
    // (fuzz/regressions/fuzz_listbody/string-read-as-a-key).
    QTest::newRow("string read as a key")
        << QByteArray(R"({"metadata":{"name":"a"},"x":"b":"c"}})");
    QTest::newRow("string read as a key, nested") << QByteArray(R"({"spec":{"x":"b":{"y":1}}}})");
    QTest::newRow("string read as a key, in metadata")
        << QByteArray(R"({"metadata":{"name":"a","managedFields":[{"k":"v":1}}]}})");
}

void tst_Object::malformedJsonGivesQtsError()
{
    QFETCH(QByteArray, object);
    QString error;
    if (qtError(object).isEmpty()) {
        // Qt's parser is lenient here (it takes the value): so are the decoders, alike.
        const Object o = Object::parse(object, &error);
        QVERIFY(!o.isNull());
        QCOMPARE(o.json(), QJsonDocument::fromJson(object).object());
        QVERIFY(!o.toJson().contains('\n'));
        return;
    }
    QVERIFY(Object::parse(object, &error).isNull());
    QCOMPARE(error, QStringLiteral("malformed JSON ") + qtError(object));

    QByteArray body = R"({"kind":"PodList","items":[)" + object + "]}";
    const HttpListCall::Parsed p = HttpListCall::parse(body);
    QVERIFY(!p.ok);
    QVERIFY2(
        p.error.message.startsWith(QStringLiteral("list body is not valid JSON ") + qtError(body)),
        qPrintable(p.error.message));

    const QByteArray line = R"({"type":"ADDED","object":)" + object + "}";
    WatchEvent ev;
    QString why;
    QVERIFY(!decodeWatchEvent(line, &ev, &why));
    QJsonParseError pe;
    QJsonDocument::fromJson(line, &pe);
    QCOMPARE(why, QStringLiteral("%1 at byte %2").arg(pe.errorString()).arg(pe.offset));
}

void tst_Object::mistypedMetadataGivesTheSameSentence()
{
    const QList<std::pair<QByteArray, QString>> cases{
        {R"({"metadata":{"name":"a","labels":{"x":1}}})",
         QStringLiteral("metadata.labels[\"x\"] is a number, not a string")},
        {R"({"metadata":{"name":"a","annotations":{"x":[]}}})",
         QStringLiteral("metadata.annotations[\"x\"] is an array, not a string")},
        {R"({"kind":7,"metadata":{"name":"a"}})", QStringLiteral("kind is a number, not a string")},
        {R"({"metadata":"x"})", QStringLiteral("metadata is a string, not an object")},
        {R"({"metadata":{"uid":true}})", QStringLiteral("metadata.uid is a boolean, not a string")},
    };
    for (const auto &[object, sentence] : cases) {
        QCOMPARE(Object::decodeError(QJsonDocument::fromJson(object).object()), sentence);
        WatchEvent ev;
        QString why;
        QVERIFY(!decodeWatchEvent(R"({"type":"MODIFIED","object":)" + object + "}", &ev, &why));
        QCOMPARE(why, QStringLiteral("the MODIFIED event's object: ") + sentence);
        QByteArray body = R"({"kind":"PodList","items":[)" + object + "]}";
        const HttpListCall::Parsed p = HttpListCall::parse(body);
        QVERIFY(!p.ok);
        QVERIFY2(p.error.message.contains(QStringLiteral("items[0]: ") + sentence),
                 qPrintable(p.error.message));
        // Object::parse, like fromJson(), takes it with the field read as empty.
        QVERIFY(!Object::parse(object).isNull());
    }
}

void tst_Object::deepNestingIsAnErrorNotACrash()
{
    // Far past both parsers' limits: an error with Qt's words, no stack overflow.
    const QByteArray deep = R"({"metadata":{"name":"a"},"spec":)" + QByteArray(100000, '[') +
                            QByteArray(100000, ']') + "}";
    QString error;
    QVERIFY(Object::parse(deep, &error).isNull());
    QCOMPARE(error, QStringLiteral("malformed JSON ") + qtError(deep));
    QVERIFY(error.contains(QStringLiteral("too deeply nested")) ||
            error.contains(QStringLiteral("nest")));
    QByteArray body = R"({"kind":"PodList","items":[)" + deep + "]}";
    QVERIFY(!HttpListCall::parse(body).ok);
    // Deeper than the fast path walks, within Qt's limit: decoded all the same.
    const QByteArray nested =
        R"({"metadata":{"name":"a"},"spec":)" + QByteArray(400, '[') + QByteArray(400, ']') + "}";
    const Object o = Object::parse(nested, &error);
    QVERIFY(!o.isNull());
    QCOMPARE(o.name(), QStringLiteral("a"));
    QCOMPARE(o.json(), QJsonDocument::fromJson(nested).object());
}

void tst_Object::watchEventsOfEveryType()
{
    WatchEvent ev;
    QString why;
    QVERIFY(decodeWatchEvent(
        R"({"type":"BOOKMARK","object":{"kind":"Pod","apiVersion":"v1","metadata":)"
        R"({"resourceVersion":"12","annotations":{"k8s.io/initial-events-end":"true"}}}})",
        &ev, &why));
    QCOMPARE(ev.type, WatchEvent::Type::Bookmark);
    QCOMPARE(ev.object.resourceVersion(), QStringLiteral("12"));
    QCOMPARE(ev.object.annotations().value(QStringLiteral("k8s.io/initial-events-end")),
             QStringLiteral("true"));
    QVERIFY(decodeWatchEvent(R"({"type":"ERROR","object":{"kind":"Status","apiVersion":"v1",)"
                             R"x("status":"Failure","message":"too old resource version: 1 (5)",)x"
                             R"("reason":"Expired","code":410}})",
                             &ev, &why));
    QCOMPARE(ev.type, WatchEvent::Type::Error);
    QCOMPARE(ev.status.code, 410);
    QCOMPARE(ev.status.reason, QStringLiteral("Expired"));
    // Issue 40: ERROR events whose Status lacks fields were shown as "0", "410", "0: huge code".
    QVERIFY(decodeWatchEvent(R"({"type":"ERROR","object":{"kind":"Status"}})", &ev, &why));
    QCOMPARE(ev.status.describeCause(),
             QStringLiteral("an error Status without a code (the Status gives no reason or "
                            "message)"));
    QVERIFY(
        decodeWatchEvent(R"({"type":"ERROR","object":{"kind":"Status","code":410}})", &ev, &why));
    QCOMPARE(ev.status.describeCause(),
             QStringLiteral("410 (the Status gives no reason or message)"));
    // A Status Go cannot decode (Code is an int32) is an undecodable event, as in client-go.
    QVERIFY(!decodeWatchEvent(
        R"({"type":"ERROR","object":{"kind":"Status","code":1e30,"message":"huge code"}})", &ev,
        &why));
    QCOMPARE(why, QStringLiteral("the ERROR event's Status: code 1e+30 does not fit a 32-bit "
                                 "integer"));
    QVERIFY(!decodeWatchEvent(R"({"type":"ERROR","object":{"kind":"Status","code":"abc"}})", &ev,
                              &why));
    QCOMPARE(why, QStringLiteral("the ERROR event's Status: code is a string, not a number"));
    QVERIFY(
        !decodeWatchEvent(R"({"type":"ERROR","object":{"kind":"Status","reason":7}})", &ev, &why));
    QCOMPARE(why, QStringLiteral("the ERROR event's Status: reason is a number, not a string"));
    QVERIFY(!decodeWatchEvent(R"({"type":"ERROR","object":"gone"})", &ev, &why));
    QCOMPARE(why, QStringLiteral("the ERROR event's object is a string, not an object"));
    QVERIFY(decodeWatchEvent(
        R"({"type":"ERROR","object":{"kind":"Status","code":7000,"reason":"Odd"}})", &ev, &why));
    QCOMPARE(ev.status.describeCause(), QStringLiteral("code 7000 (not an HTTP status) Odd"));
    QVERIFY(
        decodeWatchEvent(R"({"object":{"metadata":{"name":"x"}},"type":"DELETED"})", &ev, &why));
    QCOMPARE(ev.type, WatchEvent::Type::Deleted);
    QCOMPARE(ev.object.name(), QStringLiteral("x"));
    QVERIFY(decodeWatchEvent(R"({"type":"SURPRISE","object":{}})", &ev, &why));
    QCOMPARE(ev.type, WatchEvent::Type::Unknown);
    QVERIFY(!decodeWatchEvent(R"({"type":"ADDED"})", &ev, &why));
    QCOMPARE(why, QStringLiteral("the ADDED event has no \"object\""));
    QVERIFY(!decodeWatchEvent(R"({"object":{}})", &ev, &why));
    QCOMPARE(why, QStringLiteral("the event has no \"type\""));
    QVERIFY(!decodeWatchEvent(R"({"type":3,"object":{}})", &ev, &why));
    QCOMPARE(why, QStringLiteral("type is a number, not a string"));
    QVERIFY(!decodeWatchEvent(R"({"type":"ADDED","object":{}} {})", &ev, &why));
}

void tst_Object::equalityIsDeep()
{
    const Object a = Object::parse(R"({"metadata":{"name":"a","uid":"1"},"spec":{"n":1}})");
    const Object b = Object::parse(R"({"spec":{"n":1},"metadata":{"uid":"1","name":"a"}})");
    const Object c = Object::parse(R"({"spec":{"n":2},"metadata":{"uid":"1","name":"a"}})");
    QVERIFY(a == b);
    QVERIFY(!(a == c));
    QVERIFY(!a.sameInstance(b));
    QVERIFY(a == Object::fromJson(a.json()));
}

QTEST_GUILESS_MAIN(tst_Object)
#include "tst_object.moc"
