// SPDX-License-Identifier: Apache-2.0
// Indexer (cache + threadSafeMap), keys and listing against clientgo-cases.md §3 (spec §2).
//
// ST-08 (TestKeyError) checks lens::KeyError's error chain (keyError()).
// ST-06 (UndeltaStore), ST-09 (Transaction) and KY-05 / CT-03 (DeletionHandlingObjectToName)
// use core/informer/storeextras.h.
//
// Rows of store() are scripts over one Indexer. Objects are written "key=value@rv" (value and rv
// optional; key "ns/name" or "name"); the value lives in the label "val". Operations:
//   add|update OBJ, delete OBJ, deletekey KEY, putkey KEY OBJ (updateByKey), bookmark RV
//   replace OBJ,OBJ,... [RV]
//   get KEY        "Get KEY=value" | "Get KEY=absent"
//   list           "List={values, sorted}"      keys  "ListKeys={keys, sorted}"
//   byindex IX V   "ByIndex IX V={keys}"        (an error prints "error: <text>")
//   indexkeys IX V "IndexKeys IX V={keys}"
//   index IX OBJ   "Index IX={keys}"
//   values IX      "Values IX={values}"
//   addindexers IX,IX   "AddIndexers=ok" | "error: ..."
//   rv             "RV=<lastStoreSyncResourceVersion>"
// Index functions by name: val = [label val]; split = label val split on ","; identity = [name];
// namespace = MetaNamespaceIndexFunc; val2 = same as val (a second index over the same data).

#include "informer/indexer.h"
#include "informer/keys.h"
#include "informer/storeextras.h"
#include "testutil.h"

#include <QJsonObject>
#include <QTest>

using namespace lens;
using lens::test::L;

namespace {

Object obj(const QString &spec)
{
    QString rest = spec;
    QString rv;
    const qsizetype at = rest.indexOf(QLatin1Char('@'));
    if (at >= 0) {
        rv = rest.mid(at + 1);
        rest = rest.left(at);
    }
    QMap<QString, QString> labels;
    const qsizetype eq = rest.indexOf(QLatin1Char('='));
    if (eq >= 0) {
        labels.insert(QStringLiteral("val"), rest.mid(eq + 1));
        rest = rest.left(eq);
    }
    QString ns, name;
    splitMetaNamespaceKey(rest, &ns, &name);
    return Object::make(ns, name, rv, labels);
}

QString val(const Object &o)
{
    return o.labels().value(QStringLiteral("val"));
}

IndexFunc indexFunc(const QString &name)
{
    if (name == QLatin1String("val") || name == QLatin1String("val2"))
        return [](const Object &o) { return QStringList{val(o)}; };
    if (name == QLatin1String("split"))
        return [](const Object &o) {
            return val(o).isEmpty() ? QStringList() : val(o).split(QLatin1Char(','));
        };
    if (name == QLatin1String("identity"))
        return [](const Object &o) { return QStringList{o.name()}; };
    if (name == QLatin1String("namespace"))
        return metaNamespaceIndexFunc;
    return {};
}

Indexers indexers(const QString &csv)
{
    Indexers ix;
    for (const QString &n : csv.split(QLatin1Char(','), Qt::SkipEmptyParts))
        ix.insert(n, indexFunc(n));
    return ix;
}

QString set(QStringList l)
{
    l.sort();
    return QLatin1Char('{') + l.join(QStringLiteral(", ")) + QLatin1Char('}');
}

QString keysOf(const QList<Object> &objs)
{
    QStringList l;
    for (const Object &o : objs)
        l << metaNamespaceKeyFunc(o).key;
    return set(l);
}

} // namespace

class TestIndexer : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void transformer();
    void store_data();
    void store();
    void splitKey_data();
    void splitKey();
    void deletionHandlingKey_data();
    void deletionHandlingKey();
    void metaNamespaceKey_data();
    void metaNamespaceKey();
    void listByLabel_data();
    void listByLabel();
    void undeltaStore();
    void transaction_data();
    void transaction();
    void objectName_data();
    void objectName();
    void keyError_data();
    void keyError();
};

// ST-08 (TestKeyError): KeyError{obj=100, err=E} and KeyError{100, KeyError{100, E}}: unwrapping
// the first gives E, and errors.Is(·, E) holds for both.
void TestIndexer::keyError_data()
{
    QTest::addColumn<bool>("nested");
    QTest::newRow("ST-08 KeyError wraps E") << false;
    QTest::newRow("ST-08 nested KeyError wraps E") << true;
}

void TestIndexer::keyError()
{
    QFETCH(bool, nested);
    const QString e = QStringLiteral("E");
    const KeyError inner(QStringLiteral("100"), e);
    const KeyError err = nested ? KeyError(QStringLiteral("100"), inner) : inner;
    QVERIFY(err.is(e));
    QVERIFY(!err.is(QStringLiteral("F")));
    if (nested) {
        QVERIFY(err.wrappedKeyError() != nullptr);
        QCOMPARE(err.unwrap(), inner.message());
        QCOMPARE(err.wrappedKeyError()->unwrap(), e);
        QVERIFY(err.is(inner.message()));
        QCOMPARE(err.message(), QStringLiteral("couldn't create key for object 100: couldn't "
                                               "create key for object 100: E"));
    } else {
        QVERIFY(err.wrappedKeyError() == nullptr);
        QCOMPARE(err.unwrap(), e);
        QCOMPARE(err.message(), QStringLiteral("couldn't create key for object 100: E"));
    }
}

void TestIndexer::store_data()
{
    QTest::addColumn<QString>("indexerNames");
    QTest::addColumn<QStringList>("ops");
    QTest::addColumn<QStringList>("expected");

    // doTestStore (TestCache), one step per id.
    QTest::newRow("ST-01 add then get")
        << QString() << L({"add foo=bar", "get foo"}) << L({"Get foo=bar"});
    QTest::newRow("ST-02 update then get")
        << QString() << L({"add foo=bar", "update foo=baz", "get foo", "keys"})
        << L({"Get foo=baz", "ListKeys={foo}"});
    QTest::newRow("ST-02 update of a missing key adds it (spec 2.2)")
        << QString() << L({"update foo=baz", "get foo"}) << L({"Get foo=baz"});
    QTest::newRow("ST-03 delete then get")
        << QString() << L({"add foo=bar", "delete foo", "get foo", "delete foo", "keys"})
        << L({"Get foo=absent", "ListKeys={}"});
    QTest::newRow("ST-04 list") << QString()
                                << L({"add foo=bar", "update foo=baz", "delete foo", "add a=b",
                                      "add c=d", "add e=e", "list", "keys"})
                                << L({"List={b, d, e}", "ListKeys={a, c, e}"});
    QTest::newRow("ST-05 replace")
        << QString()
        << L({"add a=b", "add c=d", "add e=e", "replace foo=foo,bar=bar", "list", "get a"})
        << L({"List={bar, foo}", "Get a=absent"});
    QTest::newRow("spec 2.3 Index by value (doTestIndex)")
        << QStringLiteral("val")
        << L({"add a=b", "add c=b", "add e=f", "add g=h", "index val x=b", "index val x=f",
              "index val x=h", "index val x=zz"})
        << L({"Index val={a, c}", "Index val={e}", "Index val={g}", "Index val={}"});
    QTest::newRow("ST-05 replace rebuilds every index (spec 2.2)")
        << QStringLiteral("val,split")
        << L({"add a=x", "add b=x,y", "replace c=y,d=z", "byindex val x", "byindex split x",
              "byindex split y", "values val", "values split"})
        << L({"ByIndex val x={}", "ByIndex split x={}", "ByIndex split y={c}", "Values val={y, z}",
              "Values split={y, z}"});

    QTest::newRow("IX-01 get index func values")
        << QStringLiteral("val") << L({"add one=bar", "add two=bar", "add tre=biz", "values val"})
        << L({"Values val={bar, biz}"});
    QTest::newRow("IX-02 multi index keys")
        << QStringLiteral("split")
        << L({"add one=ernie,bert", "add two=bert,oscar", "add tre=ernie,elmo",
              "byindex split ernie", "byindex split bert", "byindex split elmo",
              "byindex split oscar", "byindex split elmo1"})
        << L({"ByIndex split ernie={one, tre}", "ByIndex split bert={one, two}",
              "ByIndex split elmo={tre}", "ByIndex split oscar={two}", "ByIndex split elmo1={}"});
    QTest::newRow("spec 2.3 Index is the deduplicated union over the object's values")
        << QStringLiteral("split")
        << L({"add one=ernie,bert", "add two=bert,oscar", "add tre=ernie,elmo",
              "index split x=ernie,bert", "indexkeys split bert"})
        << L({"Index split={one, tre, two}", "IndexKeys split bert={one, two}"});
    QTest::newRow("IX-04 update removes old index values")
        << QStringLiteral("split")
        << L({"add one=ernie,bert", "add two=bert,oscar", "add tre=ernie,elmo", "update two=oscar",
              "byindex split bert", "byindex split oscar"})
        << L({"ByIndex split bert={one}", "ByIndex split oscar={two}"});
    QTest::newRow("spec 2.3 unknown index name is an error")
        << QStringLiteral("val")
        << L({"add one=a", "byindex nope a", "indexkeys nope a", "index nope x=a", "values nope"})
        << L({"error: Index with name nope does not exist",
              "error: Index with name nope does not exist",
              "error: Index with name nope does not exist", "Values nope={}"});
    QTest::newRow("spec 2.3 AddIndexers indexes existing items")
        << QStringLiteral("val")
        << L({"add one=a", "add two=b", "addindexers val2", "byindex val2 a", "values val2",
              "add three=a", "byindex val2 a"})
        << L({"AddIndexers=ok", "ByIndex val2 a={one}", "Values val2={a, b}",
              "ByIndex val2 a={one, three}"});
    QTest::newRow("spec 2.3 AddIndexers name clash")
        << QStringLiteral("val") << L({"addindexers val", "addindexers identity,val"})
        << L({"error: indexer conflict: [val]", "error: indexer conflict: [val]"});
    QTest::newRow("spec 2.3 namespace index (MetaNamespaceIndexFunc)")
        << QStringLiteral("namespace")
        << L({"add ns1/a", "add ns1/b", "add ns2/a", "add c", "byindex namespace ns1",
              "byindex namespace ns2", "values namespace"})
        << L({"ByIndex namespace ns1={ns1/a, ns1/b}", "ByIndex namespace ns2={ns2/a}",
              "Values namespace={, ns1, ns2}"});

    QTest::newRow("TS-01 delete removes empty sets from index")
        << QStringLiteral("identity")
        << L({"add testKey", "indexkeys identity testKey", "values identity", "delete testKey",
              "values identity", "indexkeys identity testKey"})
        << L({"IndexKeys identity testKey={testKey}", "Values identity={testKey}",
              "Values identity={}", "IndexKeys identity testKey={}"});
    QTest::newRow("TS-02 update removes empty sets from index")
        << QStringLiteral("val") << L({"add k=old", "update k=new", "values val"})
        << L({"Values val={new}"});
    QTest::newRow("TS-03 indexing functions with multiple values")
        << QStringLiteral("split")
        << L({"add key1=foo",        "add key2=bar",        "indexkeys split foo",
              "indexkeys split bar", "indexkeys split baz", "update key2=foo,bar",
              "indexkeys split foo", "indexkeys split bar", "update key1=foo,bar",
              "indexkeys split foo", "indexkeys split bar", "add key3=foo,bar,baz",
              "indexkeys split foo", "indexkeys split bar", "indexkeys split baz",
              "update key1=foo",     "indexkeys split foo", "indexkeys split bar",
              "indexkeys split baz", "update key2=bar",     "indexkeys split foo",
              "indexkeys split bar", "indexkeys split baz", "delete key1",
              "indexkeys split foo", "indexkeys split bar", "indexkeys split baz",
              "delete key3",         "indexkeys split foo", "indexkeys split bar",
              "indexkeys split baz", "values split"})
        << L({"IndexKeys split foo={key1}",
              "IndexKeys split bar={key2}",
              "IndexKeys split baz={}",
              "IndexKeys split foo={key1, key2}",
              "IndexKeys split bar={key2}",
              "IndexKeys split foo={key1, key2}",
              "IndexKeys split bar={key1, key2}",
              "IndexKeys split foo={key1, key2, key3}",
              "IndexKeys split bar={key1, key2, key3}",
              "IndexKeys split baz={key3}",
              "IndexKeys split foo={key1, key2, key3}",
              "IndexKeys split bar={key2, key3}",
              "IndexKeys split baz={key3}",
              "IndexKeys split foo={key1, key3}",
              "IndexKeys split bar={key2, key3}",
              "IndexKeys split baz={key3}",
              "IndexKeys split foo={key3}",
              "IndexKeys split bar={key2, key3}",
              "IndexKeys split baz={key3}",
              "IndexKeys split foo={}",
              "IndexKeys split bar={key2}",
              "IndexKeys split baz={}",
              "Values split={bar}"});

    QTest::newRow("TS-04a initial state") << QString() << L({"rv"}) << L({"RV="});
    QTest::newRow("TS-04 (spec 2.4) add and update set the RV, even a lower one")
        << QString() << L({"add key1@10", "rv", "update key1@30", "rv", "add key2@20", "rv"})
        << L({"RV=10", "RV=30", "RV=20"});
    QTest::newRow("TS-04c replace")
        << QString() << L({"add key1@10", "rv", "replace key3@40,key2@30 50", "rv"})
        << L({"RV=10", "RV=50"});
    QTest::newRow("TS-04d delete with object")
        << QString() << L({"add key1@10", "rv", "delete key1@20", "rv", "keys"})
        << L({"RV=10", "RV=20", "ListKeys={}"});
    QTest::newRow("TS-04 (spec 2.4) delete without object leaves the RV")
        << QString() << L({"add key1@10", "deletekey key1", "rv", "keys"})
        << L({"RV=10", "ListKeys={}"});
    QTest::newRow("TS-04 (spec 2.4) bookmark sets the RV")
        << QString() << L({"add key1@10", "bookmark 70", "rv", "get key1"})
        << L({"RV=70", "Get key1="});
    QTest::newRow("TS-04 (spec 2.4) object without metadata leaves the RV")
        << QString() << L({"add key1@10", "putkey x nometa", "rv", "keys"})
        << L({"RV=10", "ListKeys={key1, x}"});
}

void TestIndexer::store()
{
    QFETCH(QString, indexerNames);
    QFETCH(QStringList, ops);
    QFETCH(QStringList, expected);

    Indexer ix(metaNamespaceKeyFunc, indexers(indexerNames));
    QStringList out;
    for (const QString &op : std::as_const(ops)) {
        const QStringList w = op.split(QLatin1Char(' '));
        const QString cmd = w.value(0);
        QString error;
        if (cmd == QLatin1String("add")) {
            error = ix.add(obj(w.value(1))).error;
        } else if (cmd == QLatin1String("update")) {
            error = ix.update(obj(w.value(1))).error;
        } else if (cmd == QLatin1String("delete")) {
            error = ix.remove(obj(w.value(1))).error;
        } else if (cmd == QLatin1String("deletekey")) {
            ix.removeByKey(w.value(1));
        } else if (cmd == QLatin1String("putkey")) {
            ix.updateByKey(w.value(1), w.value(2) == QLatin1String("nometa")
                                           ? Object::fromJson(QJsonObject())
                                           : obj(w.value(2)));
        } else if (cmd == QLatin1String("bookmark")) {
            ix.bookmark(w.value(1));
        } else if (cmd == QLatin1String("replace")) {
            QList<Object> list;
            for (const QString &s : w.value(1).split(QLatin1Char(','), Qt::SkipEmptyParts))
                list << obj(s);
            error = ix.replace(list, w.value(2, QStringLiteral("0")));
        } else if (cmd == QLatin1String("get")) {
            const Object o = ix.getByKey(w.value(1));
            out << QStringLiteral("Get ") + w.value(1) + QLatin1Char('=') +
                       (o.isNull() ? QStringLiteral("absent") : val(o));
        } else if (cmd == QLatin1String("list")) {
            QStringList vals;
            for (const Object &o : ix.list())
                vals << val(o);
            out << QStringLiteral("List=") + set(vals);
        } else if (cmd == QLatin1String("keys")) {
            out << QStringLiteral("ListKeys=") + set(ix.listKeys());
        } else if (cmd == QLatin1String("byindex")) {
            const QList<Object> r = ix.byIndex(w.value(1), w.value(2), &error);
            if (error.isEmpty())
                out << QStringLiteral("ByIndex %1 %2=").arg(w.value(1), w.value(2)) + keysOf(r);
        } else if (cmd == QLatin1String("indexkeys")) {
            const QStringList r = ix.indexKeys(w.value(1), w.value(2), &error);
            if (error.isEmpty())
                out << QStringLiteral("IndexKeys %1 %2=").arg(w.value(1), w.value(2)) + set(r);
        } else if (cmd == QLatin1String("index")) {
            const QList<Object> r = ix.index(w.value(1), obj(w.value(2)), &error);
            if (error.isEmpty())
                out << QStringLiteral("Index %1=").arg(w.value(1)) + keysOf(r);
        } else if (cmd == QLatin1String("values")) {
            out << QStringLiteral("Values %1=").arg(w.value(1)) +
                       set(ix.listIndexFuncValues(w.value(1)));
        } else if (cmd == QLatin1String("addindexers")) {
            error = ix.addIndexers(indexers(w.value(1)));
            if (error.isEmpty())
                out << QStringLiteral("AddIndexers=ok");
        } else if (cmd == QLatin1String("rv")) {
            out << QStringLiteral("RV=") + ix.lastStoreSyncResourceVersion();
        } else {
            QFAIL(qPrintable(QStringLiteral("unknown op ") + op));
        }
        if (!error.isEmpty())
            out << QStringLiteral("error: ") + error;
    }
    QCOMPARE(out, expected);
    QCOMPARE(ix.size(), ix.listKeys().size());
}

void TestIndexer::splitKey_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("ns");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("error");
    QTest::newRow("KY-02 name") << QStringLiteral("foo") << true << QString()
                                << QStringLiteral("foo") << QString();
    QTest::newRow("KY-02 ns/name") << QStringLiteral("ns/foo") << true << QStringLiteral("ns")
                                   << QStringLiteral("foo") << QString();
    QTest::newRow("KY-02 too many parts")
        << QStringLiteral("a/b/c") << false << QString() << QString()
        << QStringLiteral("unexpected key format: \"a/b/c\"");
    QTest::newRow("KY-02 empty") << QString() << true << QString() << QString() << QString();
}

void TestIndexer::splitKey()
{
    QFETCH(QString, key);
    QFETCH(bool, ok);
    QFETCH(QString, ns);
    QFETCH(QString, name);
    QFETCH(QString, error);
    QString gotNs = QStringLiteral("unset"), gotName = QStringLiteral("unset"), gotError;
    QCOMPARE(splitMetaNamespaceKey(key, &gotNs, &gotName, &gotError), ok);
    QCOMPARE(gotError, error);
    if (ok) {
        QCOMPARE(gotNs, ns);
        QCOMPARE(gotName, name);
    }
}

void TestIndexer::deletionHandlingKey_data()
{
    QTest::addColumn<bool>("tombstone");
    QTest::addColumn<QString>("objectSpec");
    QTest::addColumn<QString>("expected");
    QTest::newRow("KY-03 tombstone key used verbatim, object ignored")
        << true << QStringLiteral("other/obj") << QStringLiteral("ns/x");
    QTest::newRow("KY-03 tombstone with null object")
        << true << QString() << QStringLiteral("ns/x");
    QTest::newRow("KY-03 normal object")
        << false << QStringLiteral("ns/y") << QStringLiteral("ns/y");
}

void TestIndexer::deletionHandlingKey()
{
    QFETCH(bool, tombstone);
    QFETCH(QString, objectSpec);
    QFETCH(QString, expected);
    const Object o = objectSpec.isEmpty() ? Object() : obj(objectSpec);
    const Delta d = tombstone ? Delta::deletedFinalStateUnknown(QStringLiteral("ns/x"), o)
                              : Delta::of(DeltaType::Deleted, o);
    const KeyResult k = lens::deletionHandlingKey(d);
    QVERIFY(k.ok());
    QCOMPARE(k.key, expected);
}

void TestIndexer::metaNamespaceKey_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("errorPrefix");
    QTest::newRow("spec 2.1 MetaNamespaceKeyFunc namespaced")
        << QStringLiteral(R"({"metadata":{"namespace":"ns","name":"a"}})") << QStringLiteral("ns/a")
        << QString();
    QTest::newRow("spec 2.1 MetaNamespaceKeyFunc cluster-scoped")
        << QStringLiteral(R"({"metadata":{"name":"a"}})") << QStringLiteral("a") << QString();
    QTest::newRow("spec 2.1 MetaNamespaceKeyFunc no metadata")
        << QStringLiteral(R"({"kind":"Status"})") << QString()
        << QStringLiteral("object has no meta");
}

void TestIndexer::metaNamespaceKey()
{
    QFETCH(QString, json);
    QFETCH(QString, key);
    QFETCH(QString, errorPrefix);
    const KeyResult k = metaNamespaceKeyFunc(Object::parse(json.toUtf8()));
    QCOMPARE(k.key, key);
    if (errorPrefix.isEmpty())
        QVERIFY(k.ok());
    else
        QVERIFY2(k.error.startsWith(errorPrefix), qPrintable(k.error));
}

void TestIndexer::listByLabel_data()
{
    QTest::addColumn<int>("total");
    QTest::addColumn<int>("matching");
    QTest::addColumn<bool>("everything");
    QTest::addColumn<int>("expected");
    QTest::newRow("LS-01 match=true selects M of N") << 10 << 4 << false << 4;
    QTest::newRow("LS-01 Everything selects all") << 10 << 4 << true << 10;
    QTest::newRow("LS-01 none match") << 10 << 0 << false << 0;
}

void TestIndexer::listByLabel()
{
    // ListAll(store, selector) reduced to label equality over Indexer::list().
    QFETCH(int, total);
    QFETCH(int, matching);
    QFETCH(bool, everything);
    QFETCH(int, expected);
    Indexer ix;
    for (int i = 0; i < total; ++i) {
        QMap<QString, QString> labels;
        if (i < matching)
            labels.insert(QStringLiteral("match"), QStringLiteral("true"));
        else if (i % 2)
            labels.insert(QStringLiteral("match"), QStringLiteral("false"));
        QVERIFY(ix.add(Object::make(QStringLiteral("ns"), QStringLiteral("p%1").arg(i),
                                    QStringLiteral("1"), labels))
                    .ok());
    }
    int n = 0;
    for (const Object &o : ix.list())
        if (everything || o.labels().value(QStringLiteral("match")) == QLatin1String("true"))
            ++n;
    QCOMPARE(n, expected);
}

void TestIndexer::undeltaStore()
{
    // ST-06: doTestStore on an UndeltaStore; every mutation pushes the whole content.
    QList<QStringList> pushes;
    UndeltaStore s([&pushes](const QList<Object> &all) {
        QStringList keys;
        for (const Object &o : all)
            keys << metaNamespaceKeyFunc(o).key + u'=' + o.labels().value(QStringLiteral("val"));
        keys.sort();
        pushes << keys;
    });
    auto val = [&s](const QString &key) {
        const Object o = s.store().getByKey(key);
        return o.isNull() ? QStringLiteral("absent") : o.labels().value(QStringLiteral("val"));
    };
    QVERIFY(s.add(obj(QStringLiteral("foo=bar"))).isEmpty()); // ST-01
    QCOMPARE(val(QStringLiteral("foo")), QStringLiteral("bar"));
    QVERIFY(s.update(obj(QStringLiteral("foo=baz"))).isEmpty()); // ST-02
    QCOMPARE(val(QStringLiteral("foo")), QStringLiteral("baz"));
    QVERIFY(s.remove(obj(QStringLiteral("foo"))).isEmpty()); // ST-03
    QCOMPARE(val(QStringLiteral("foo")), QStringLiteral("absent"));
    QVERIFY(s.add(obj(QStringLiteral("a=b"))).isEmpty()); // ST-04
    QVERIFY(s.add(obj(QStringLiteral("c=d"))).isEmpty());
    QVERIFY(s.add(obj(QStringLiteral("e=e"))).isEmpty());
    QVERIFY(s.replace({obj(QStringLiteral("foo=foo")), obj(QStringLiteral("bar=bar"))},
                      QStringLiteral("0"))
                .isEmpty()); // ST-05
    QCOMPARE(s.store().size(), 2);
    QCOMPARE(pushes.size(), 7);
    QCOMPARE(pushes.at(0), QStringList{QStringLiteral("foo=bar")});
    QCOMPARE(pushes.at(2), QStringList());
    QCOMPARE(pushes.at(5),
             QStringList({QStringLiteral("a=b"), QStringLiteral("c=d"), QStringLiteral("e=e")}));
    QCOMPARE(pushes.at(6), QStringList({QStringLiteral("bar=bar"), QStringLiteral("foo=foo")}));
    // a key error changes nothing and pushes nothing
    QVERIFY(!s.add(Object::fromJson(QJsonObject{{QStringLiteral("kind"), QStringLiteral("X")}}))
                 .isEmpty());
    QCOMPARE(pushes.size(), 7);
}

void TestIndexer::transaction_data()
{
    QTest::addColumn<QStringList>("objects"); // "ok1", "fail1", ...
    QTest::addColumn<bool>("isError");
    QTest::addColumn<QList<int>>("successful");
    QTest::addColumn<QStringList>("keys");

    QTest::newRow("ST-09 all keys resolve: no error")
        << QStringList{QStringLiteral("ok1"), QStringLiteral("ok2")} << false << QList<int>{0, 1}
        << QStringList{QStringLiteral("ok1"), QStringLiteral("ok2")};
    QTest::newRow("ST-09 none resolves: TransactionError, no successful index")
        << QStringList{QStringLiteral("fail1"), QStringLiteral("fail2")} << true << QList<int>{}
        << QStringList{};
    QTest::newRow("ST-09 mixed: successful indices 0 and 2")
        << QStringList{QStringLiteral("ok1"), QStringLiteral("fail1"), QStringLiteral("ok2"),
                       QStringLiteral("fail2")}
        << true << QList<int>{0, 2} << QStringList{QStringLiteral("ok1"), QStringLiteral("ok2")};
}

void TestIndexer::transaction()
{
    QFETCH(QStringList, objects);
    QFETCH(bool, isError);
    QFETCH(QList<int>, successful);
    QFETCH(QStringList, keys);
    Indexer store;
    QList<StoreTransaction> txns;
    for (const QString &o : objects) {
        StoreTransaction t;
        t.object = o.startsWith(QLatin1String("fail"))
                       ? Object::fromJson(QJsonObject{{QStringLiteral("kind"), o}})
                       : Object::make(QString(), o, QStringLiteral("1"));
        txns << t;
    }
    const TransactionError err = applyTransaction(store, txns);
    QCOMPARE(err.isError(), isError);
    QCOMPARE(err.successfulIndices, successful);
    QCOMPARE(err.errors.size(), objects.size() - successful.size());
    QStringList got = store.listKeys();
    got.sort();
    QCOMPARE(got, keys);
}

void TestIndexer::objectName_data()
{
    QTest::addColumn<bool>("tombstone");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("ns");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("error");

    QTest::newRow("KY-05 CT-03 tombstone: name parsed from its key")
        << true << QStringLiteral("ns/name") << QStringLiteral("ns") << QStringLiteral("name")
        << QString();
    QTest::newRow("KY-05 tombstone of a cluster-scoped object")
        << true << QStringLiteral("node1") << QString() << QStringLiteral("node1") << QString();
    QTest::newRow("KY-05 tombstone with a bad key")
        << true << QStringLiteral("a/b/c") << QString() << QString()
        << QStringLiteral("unexpected key format: \"a/b/c\"");
    QTest::newRow("KY-05 plain object: its namespace and name")
        << false << QStringLiteral("other/y") << QStringLiteral("other") << QStringLiteral("y")
        << QString();
}

void TestIndexer::objectName()
{
    QFETCH(bool, tombstone);
    QFETCH(QString, key);
    QFETCH(QString, ns);
    QFETCH(QString, name);
    QFETCH(QString, error);
    // the tombstone's object deliberately differs from its key: only the key counts
    const Delta d = tombstone
                        ? Delta::deletedFinalStateUnknown(
                              key, Object::make(QStringLiteral("zz"), QStringLiteral("zz"), {}))
                        : Delta::of(DeltaType::Deleted,
                                    Object::make(key.section(u'/', 0, 0), key.section(u'/', 1),
                                                 QStringLiteral("1")));
    ObjectName n;
    QString err;
    const bool ok = deletionHandlingObjectToName(d, &n, &err);
    QCOMPARE(ok, error.isEmpty());
    QCOMPARE(err, error);
    if (ok) {
        QCOMPARE(n.namespace_, ns);
        QCOMPARE(n.name, name);
        QCOMPARE(n.toString(), key);
    }
}

// Issue 13 item 10: the store takes a transformer, as client-go's cache does (WithTransformer):
// Add, Update and Replace store the transformed object; an error stores nothing.
void TestIndexer::transformer()
{
    Indexer idx;
    int calls = 0;
    idx.setTransformer([&calls](const Object &o, QString *error) {
        ++calls;
        if (o.name() == QLatin1String("bad")) {
            *error = QStringLiteral("no bad objects");
            return Object();
        }
        QJsonObject j = o.json();
        QJsonObject meta = j.value(QLatin1String("metadata")).toObject();
        meta.insert(QLatin1String("name"), o.name().toUpper());
        j.insert(QLatin1String("metadata"), meta);
        return Object::fromJson(j);
    });
    QVERIFY(
        idx.add(Object::make(QStringLiteral("ns"), QStringLiteral("a"), QStringLiteral("1"))).ok());
    QCOMPARE(idx.listKeys(), QStringList{QStringLiteral("ns/A")});
    const KeyResult bad =
        idx.update(Object::make(QStringLiteral("ns"), QStringLiteral("bad"), QStringLiteral("2")));
    QCOMPARE(bad.error, QStringLiteral("transforming: no bad objects"));
    QCOMPARE(idx.size(), 1);
    QVERIFY(
        idx.replace({Object::make(QStringLiteral("ns"), QStringLiteral("b"), QStringLiteral("3"))},
                    QStringLiteral("3"))
            .isEmpty());
    QCOMPARE(idx.listKeys(), QStringList{QStringLiteral("ns/B")});
    QCOMPARE(idx.replace(
                 {Object::make(QStringLiteral("ns"), QStringLiteral("bad"), QStringLiteral("4"))},
                 QStringLiteral("4")),
             QStringLiteral("transforming: no bad objects"));
    QCOMPARE(idx.listKeys(), QStringList{QStringLiteral("ns/B")}); // nothing changed
    QCOMPARE(calls, 4);
}

QTEST_GUILESS_MAIN(TestIndexer)
#include "tst_indexer.moc"
