// SPDX-License-Identifier: Apache-2.0
// The simulated API server's store, continue tokens, fixtures and churn (no HTTP), and the
// core/api selectors the server filters with, on stored objects.
#include "api/selectors.h"
#include "sim/churn.h"
#include "sim/continuetoken.h"
#include "sim/fixtures.h"
#include "sim/jsonbytes.h"
#include "sim/store.h"
#include "sim/writestrategy.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace lens::sim;

namespace {
QJsonObject pod(const QString &ns, const QString &name, const QJsonObject &labels = {})
{
    QJsonObject meta;
    meta.insert(QStringLiteral("name"), name);
    meta.insert(QStringLiteral("namespace"), ns);
    if (!labels.isEmpty())
        meta.insert(QStringLiteral("labels"), labels);
    QJsonObject o;
    o.insert(QStringLiteral("metadata"), meta);
    o.insert(QStringLiteral("spec"),
             QJsonObject{{QStringLiteral("nodeName"), QStringLiteral("n1")}});
    return o;
}

QJsonObject ns(const QString &name)
{
    return QJsonObject{{QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), name}}}};
}

const QString kPods = QStringLiteral("pods");
} // namespace

class tst_SimStore : public QObject {
    Q_OBJECT
private slots:
    void revisionsAndStamping();
    void writeErrors();
    void historyWindowAndCompaction();
    void stateAtRollsBack();
    void objectAtFollowsListOrder();
    void namespaceDeletionCascades();
    void labelSelector_data();
    void labelSelector();
    void fieldSelector();
    void continueTokenMatchesRealServer();
    void continueTokenRejectsGarbage();
    void fixturesSeedDeterministically();
    void churnKeepsBandAndIsReproducible();
    void churnSparesAUsersClaims();
    void storedJsonIsSerialisedOnce();
    void seedMakesExactlyNPods();
    void compactJsonIsQtsBytes();
};

void tst_SimStore::revisionsAndStamping()
{
    Store s;
    QSignalSpy changed(&s, &Store::changed);
    QCOMPARE(s.revision(), Store::InitialRevision);
    QVERIFY(s.create(QStringLiteral("namespaces"), ns(QStringLiteral("a"))).ok());
    const WriteResult c = s.create(kPods, pod(QStringLiteral("a"), QStringLiteral("p")));
    QVERIFY(c.ok());
    QCOMPARE(c.object.resourceVersion(), QString::number(Store::InitialRevision + 2));
    QCOMPARE(c.object.kind(), QStringLiteral("Pod"));
    QCOMPARE(c.object.apiVersion(), QStringLiteral("v1"));
    QVERIFY(!c.object.uid().isEmpty());
    QVERIFY(c.object.creationTimestamp().endsWith(QLatin1Char('Z')));
    QCOMPARE(changed.size(), 2);

    QJsonObject upd = c.object.json();
    QJsonObject meta = upd.value(QStringLiteral("metadata")).toObject();
    meta.insert(QStringLiteral("labels"), QJsonObject{{QStringLiteral("x"), QStringLiteral("1")}});
    upd.insert(QStringLiteral("metadata"), meta);
    const WriteResult u = s.update(kPods, upd);
    QVERIFY(u.ok());
    QCOMPARE(u.object.resourceVersion(), QString::number(s.revision()));
    QCOMPARE(u.object.uid(), c.object.uid());
    QCOMPARE(u.object.labels().value(QStringLiteral("x")), QStringLiteral("1"));

    const WriteResult d = s.remove(kPods, QStringLiteral("a"), QStringLiteral("p"));
    QVERIFY(d.ok());
    QCOMPARE(changed.size(), 4);
    const auto ev = changed.last().first().value<ChangeEvent>();
    QCOMPARE(ev.type, ChangeEvent::Type::Deleted);
    // DELETED carries the last state stamped with the deletion revision (fixture 05).
    QCOMPARE(ev.object.object.resourceVersion(), QString::number(s.revision()));
    QCOMPARE(ev.object.object.labels().value(QStringLiteral("x")), QStringLiteral("1"));
    QVERIFY(!ev.object.itemJson().contains("\"kind\""));
    QVERIFY(ev.object.object.toJson().contains("\"kind\":\"Pod\""));
    QCOMPARE(s.count(kPods), 0);
}

void tst_SimStore::writeErrors()
{
    Store s;
    QCOMPARE(s.create(kPods, pod(QStringLiteral("nope"), QStringLiteral("p"))).error.code, 404);
    QVERIFY(s.create(QStringLiteral("namespaces"), ns(QStringLiteral("a"))).ok());
    const WriteResult c = s.create(kPods, pod(QStringLiteral("a"), QStringLiteral("p")));
    QVERIFY(c.ok());
    const WriteResult dup = s.create(kPods, pod(QStringLiteral("a"), QStringLiteral("p")));
    QCOMPARE(dup.error.code, 409);
    QCOMPARE(dup.error.reason, QStringLiteral("AlreadyExists"));
    QVERIFY(s.update(kPods, c.object.json()).ok());             // rv matches: fine
    const WriteResult stale = s.update(kPods, c.object.json()); // rv now stale
    QCOMPARE(stale.error.code, 409);
    QCOMPARE(stale.error.reason, QStringLiteral("Conflict"));
    QCOMPARE(s.remove(kPods, QStringLiteral("a"), QStringLiteral("zz")).error.code, 404);
    QCOMPARE(s.create(QStringLiteral("widgets"), ns(QStringLiteral("w"))).error.code, 404);
    QCOMPARE(s.create(kPods, pod(QStringLiteral("a"), QString())).error.code, 422);
}

void tst_SimStore::historyWindowAndCompaction()
{
    Store s;
    s.setHistoryLimit(5);
    QVERIFY(s.create(QStringLiteral("namespaces"), ns(QStringLiteral("a"))).ok());
    for (int i = 0; i < 9; ++i)
        QVERIFY(s.create(kPods, pod(QStringLiteral("a"), QStringLiteral("p%1").arg(i))).ok());
    QCOMPARE(s.revision(), Store::InitialRevision + 10);
    QCOMPARE(s.historySize(), 5);
    QCOMPARE(s.oldestRetainedRevision(), Store::InitialRevision + 5);
    QCOMPARE(s.eventsSince(kPods, s.oldestRetainedRevision()).size(), 5);
    QCOMPARE(s.eventsSince(kPods, s.revision() - 2).size(), 2);

    const qint64 mid = s.revision() - 2;
    s.compact(mid);
    QCOMPARE(s.compactedRevision(), mid);
    QCOMPARE(s.oldestRetainedRevision(), mid);
    QCOMPARE(s.historySize(), 2);
    s.compact();
    QCOMPARE(s.oldestRetainedRevision(), s.revision());
    QCOMPARE(s.historySize(), 0);
    QMap<QString, StoredObject> st;
    QVERIFY(!s.stateAt(kPods, mid, &st));
    QVERIFY(s.stateAt(kPods, s.revision(), &st));
    QCOMPARE(st.size(), 9);
}

void tst_SimStore::stateAtRollsBack()
{
    Store s;
    QVERIFY(s.create(QStringLiteral("namespaces"), ns(QStringLiteral("a"))).ok());
    QVERIFY(s.create(kPods, pod(QStringLiteral("a"), QStringLiteral("p1"))).ok());
    const WriteResult p2 = s.create(kPods, pod(QStringLiteral("a"), QStringLiteral("p2")));
    const qint64 before = s.revision();
    QVERIFY(s.create(kPods, pod(QStringLiteral("a"), QStringLiteral("p3"))).ok());
    QVERIFY(s.remove(kPods, QStringLiteral("a"), QStringLiteral("p1")).ok());
    QVERIFY(s.update(kPods, p2.object.json()).ok());

    QMap<QString, StoredObject> then;
    QVERIFY(s.stateAt(kPods, before, &then));
    QCOMPARE(then.keys(), (QStringList{QStringLiteral("a/p1"), QStringLiteral("a/p2")}));
    QCOMPARE(then.value(QStringLiteral("a/p2")).object.resourceVersion(),
             p2.object.resourceVersion());
    QMap<QString, StoredObject> now;
    QVERIFY(s.stateAt(kPods, 0, &now));
    QCOMPARE(now.keys(), (QStringList{QStringLiteral("a/p2"), QStringLiteral("a/p3")}));
    QVERIFY(!s.stateAt(kPods, s.revision() + 1, &now));
}

// The churn's random pick: objectAt(i) is objects().at(i), so seeded churn picks the same pods
// as when it built the whole list for every write.
void tst_SimStore::objectAtFollowsListOrder()
{
    Store s;
    Fixtures::seed(&s, 40, 3);
    const QList<lens::Object> all = s.objects(kPods);
    QCOMPARE(all.size(), s.count(kPods));
    QVERIFY(all.size() >= 40);
    for (int i = 0; i < all.size(); ++i)
        QCOMPARE(s.objectAt(kPods, i).name(), all.at(i).name());
    QVERIFY(s.objectAt(kPods, -1).isNull());
    QVERIFY(s.objectAt(kPods, int(all.size())).isNull());
    // After deletes, creates and updates (the churn's writes) it still follows the list.
    for (int i = 0; i < 10; ++i) {
        const lens::Object victim = s.objectAt(kPods, (i * 7) % int(s.count(kPods)));
        QVERIFY(s.remove(kPods, victim.namespace_(), victim.name()).ok());
        QVERIFY(s.create(kPods, pod(victim.namespace_(), QStringLiteral("new-%1").arg(i))).ok());
    }
    const QList<lens::Object> after = s.objects(kPods);
    QCOMPARE(after.size(), all.size());
    for (int i = 0; i < after.size(); ++i)
        QCOMPARE(s.objectAt(kPods, i).name(), after.at(i).name());
    QVERIFY(s.objectAt(QStringLiteral("nosuchresource"), 0).isNull());
}

void tst_SimStore::namespaceDeletionCascades()
{
    Store s;
    QVERIFY(s.create(QStringLiteral("namespaces"), ns(QStringLiteral("a"))).ok());
    QVERIFY(s.create(QStringLiteral("namespaces"), ns(QStringLiteral("b"))).ok());
    QVERIFY(s.create(kPods, pod(QStringLiteral("a"), QStringLiteral("p1"))).ok());
    QVERIFY(s.create(kPods, pod(QStringLiteral("b"), QStringLiteral("p1"))).ok());
    QVERIFY(s.remove(QStringLiteral("namespaces"), QString(), QStringLiteral("a")).ok());
    QCOMPARE(s.objects(kPods).size(), 1);
    QCOMPARE(s.objects(kPods).first().namespace_(), QStringLiteral("b"));
    QCOMPARE(s.namespaceNames(), QStringList{QStringLiteral("b")});
}

void tst_SimStore::labelSelector_data()
{
    QTest::addColumn<QString>("selector");
    QTest::addColumn<bool>("matches");
    QTest::addColumn<bool>("valid");
    // labels: app=web, tier=front
    QTest::newRow("empty") << QString() << true << true;
    QTest::newRow("eq") << QStringLiteral("app=web") << true << true;
    QTest::newRow("eqeq") << QStringLiteral("app==web") << true << true;
    QTest::newRow("eq-miss") << QStringLiteral("app=db") << false << true;
    QTest::newRow("neq") << QStringLiteral("app!=db") << true << true;
    QTest::newRow("neq-absent") << QStringLiteral("zone!=x") << true << true;
    QTest::newRow("and") << QStringLiteral("app=web,tier=back") << false << true;
    QTest::newRow("exists") << QStringLiteral("tier") << true << true;
    QTest::newRow("not-exists") << QStringLiteral("!tier") << false << true;
    QTest::newRow("in") << QStringLiteral("tier in (back, front)") << true << true;
    QTest::newRow("notin") << QStringLiteral("tier notin (back,front),app=web") << false << true;
    QTest::newRow("bad") << QStringLiteral("=x") << false << false;
    // What the simulator's own parser used to reject and kube-apiserver accepts.
    QTest::newRow("gt") << QStringLiteral("tier,app>3") << false << true;
    QTest::newRow("key with prefix") << QStringLiteral("example.com/team!=x") << true << true;
}

void tst_SimStore::labelSelector()
{
    QFETCH(QString, selector);
    QFETCH(bool, matches);
    QFETCH(bool, valid);
    QString error;
    const std::optional<lens::LabelSelector> sel = lens::LabelSelector::parse(selector, &error);
    QCOMPARE(error.isEmpty(), valid);
    QCOMPARE(bool(sel), valid);
    if (!valid)
        return;
    const QMap<QString, QString> labels{{QStringLiteral("app"), QStringLiteral("web")},
                                        {QStringLiteral("tier"), QStringLiteral("front")}};
    QCOMPARE(sel->matches(labels), matches);
}

void tst_SimStore::fieldSelector()
{
    // The built-in cluster matches stored objects with lens::FieldSelector: numbers exactly,
    // escaped commas in values.
    QJsonObject json = pod(QStringLiteral("a"), QStringLiteral("p"));
    json.insert(QStringLiteral("status"),
                QJsonObject{{QStringLiteral("message"), QStringLiteral("x,y")},
                            {QStringLiteral("restarts"), 1234567}});
    Store s;
    QVERIFY(s.create(QStringLiteral("namespaces"), ns(QStringLiteral("a"))).ok());
    const lens::Object o = s.create(kPods, json).object;
    const auto sel = [](const char *text) {
        QString error;
        const auto f = lens::FieldSelector::parse(QString::fromUtf8(text), &error);
        return f ? *f : (qWarning() << error, lens::FieldSelector());
    };
    QVERIFY(sel("metadata.name=p").matches(o));
    QVERIFY(!sel("metadata.name!=p").matches(o));
    QVERIFY(sel("metadata.namespace==a,spec.nodeName=n1").matches(o));
    QVERIFY(!sel("spec.nodeName=n2").matches(o));
    QVERIFY(sel("status.restarts=1234567").matches(o));
    QVERIFY(sel("status.message=x\\,y").matches(o));
    QString error;
    QVERIFY(!lens::FieldSelector::parse(QStringLiteral("nonsense"), &error));
    QCOMPARE(error, QStringLiteral("invalid selector: 'nonsense'; can't understand 'nonsense'"));
}

void tst_SimStore::continueTokenMatchesRealServer()
{
    // Tokens captured from kube-apiserver v1.20.2 (fixtures 01 and 20).
    ContinueToken ns{89, QStringLiteral("sample-1") + QChar(0)};
    QCOMPARE(
        ns.encode(),
        QByteArray("eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6ODksInN0YXJ0Ijoic2FtcGxlLTFcdTAwMDAifQ"));
    ContinueToken all{93, QStringLiteral("samples/sample-1") + QChar(0)};
    QCOMPARE(all.encode(), QByteArray("eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6OTMsInN0YXJ0Ijoic2Ft"
                                      "cGxlcy9zYW1wbGUtMVx1MDAwMCJ9"));
    // Fixture 07: the fresh token of an expired continue has rv -1.
    ContinueToken fresh{-1, QStringLiteral("sample-1") + QChar(0)};
    QCOMPARE(
        fresh.encode(),
        QByteArray("eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6LTEsInN0YXJ0Ijoic2FtcGxlLTFcdTAwMDAifQ"));
    ContinueToken back;
    QString error;
    QVERIFY(ContinueToken::decode(all.encode(), &back, &error));
    QCOMPARE(back.resourceVersion, 93);
    QCOMPARE(back.start, all.start);
}

void tst_SimStore::continueTokenRejectsGarbage()
{
    ContinueToken t;
    QString error;
    QVERIFY(!ContinueToken::decode("garbage", &t, &error));
    QVERIFY(error.startsWith(QStringLiteral("continue key is not valid")));
    QVERIFY(!ContinueToken::decode(QByteArray("{\"v\":\"x\",\"rv\":1,\"start\":\"a\"}").toBase64(),
                                   &t, &error));
}

void tst_SimStore::fixturesSeedDeterministically()
{
    QCOMPARE(Fixtures::podTemplates().size(), 6);
    Store a, b, c;
    Fixtures::seed(&a, -1, 7);
    Fixtures::seed(&b, -1, 7);
    Fixtures::seed(&c, -1, 8);
    QCOMPARE(a.count(kPods), Fixtures::DefaultPodCount);
    QStringList wantNs = Fixtures::namespaces();
    wantNs.sort();
    QCOMPARE(a.namespaceNames(), wantNs);
    QCOMPARE(a.count(QStringLiteral("nodes")), 2);
    QCOMPARE(a.count(QStringLiteral("services")), 2);
    QCOMPARE(a.count(QStringLiteral("configmaps")), 1);
    QStringList namesA, namesB, namesC;
    for (const auto &o : a.objects(kPods))
        namesA << o.namespace_() + QLatin1Char('/') + o.name() + QLatin1Char(' ') + o.uid();
    for (const auto &o : b.objects(kPods))
        namesB << o.namespace_() + QLatin1Char('/') + o.name() + QLatin1Char(' ') + o.uid();
    for (const auto &o : c.objects(kPods))
        namesC << o.namespace_() + QLatin1Char('/') + o.name() + QLatin1Char(' ') + o.uid();
    QCOMPARE(namesA, namesB);
    QVERIFY(namesA != namesC);
    // Sorted by namespace/name, real-looking objects with the server-set fields fresh.
    QStringList sorted = namesA;
    std::sort(sorted.begin(), sorted.end());
    QCOMPARE(namesA, sorted);
    const lens::Object first = a.objects(kPods).first();
    QVERIFY(first.json()
                .value(QStringLiteral("spec"))
                .toObject()
                .contains(QStringLiteral("containers")));
    QVERIFY(!first.json()
                 .value(QStringLiteral("metadata"))
                 .toObject()
                 .contains(QStringLiteral("selfLink")));
    QVERIFY(first.labels().contains(QStringLiteral("tier")));
    Store big;
    Fixtures::seed(&big, 40, 1);
    QCOMPARE(big.count(kPods), 40);
}

void tst_SimStore::churnKeepsBandAndIsReproducible()
{
    const auto run = [](quint32 seed) {
        Store s;
        Fixtures::seed(&s, 10, 3);
        ChurnGenerator churn(&s);
        churn.setSeed(seed);
        churn.setPodBand(8, 12);
        QStringList out;
        for (int i = 0; i < 200; ++i) {
            const QString did = churn.step();
            out << did.section(QLatin1Char(' '), 0, 1); // verb and key, not timestamps
            const int n = s.count(kPods);
            if (n < 7 || n > 12)
                return QStringList{QStringLiteral("out of band: %1").arg(n)};
        }
        return out;
    };
    const QStringList a = run(5);
    QCOMPARE(a.size(), 200);
    QCOMPARE(a, run(5));
    QVERIFY(a != run(6));
    QVERIFY(a.filter(QStringLiteral("created")).size() > 10);
    QVERIFY(a.filter(QStringLiteral("updated")).size() > 10);
    QVERIFY(a.filter(QStringLiteral("deleted")).size() > 10);

    // Timer-driven churn writes through the store.
    Store s;
    Fixtures::seed(&s, 10, 3);
    ChurnGenerator churn(&s);
    const qint64 rev = s.revision();
    churn.setIntervalMs(10);
    QTRY_VERIFY(s.revision() >= rev + 5);
    churn.setIntervalMs(0);
}

void tst_SimStore::churnSparesAUsersClaims()
{
    // The seeded claims and churn's own come and go; a claim a user created (kubectl create:
    // field manager "kubectl-create") is never deleted by churn, even when it is the only one.
    const QString claims = QStringLiteral("persistentvolumeclaims");
    Store s;
    Fixtures::seed(&s, 0);
    Fixtures::seedStorage(WriteStrategy(&s), 1, true);
    {
        const Store::WriterScope user(&s, {QStringLiteral("kubectl-create"), QString()});
        QVERIFY(
            WriteStrategy(&s)
                .create(claims, Fixtures::makeClaim(QStringLiteral("default"),
                                                    QStringLiteral("mine"), QStringLiteral("1Gi")))
                .ok());
    }
    const lens::Object mine = s.get(claims, QStringLiteral("default"), QStringLiteral("mine"));
    QVERIFY(!mine.isNull());
    QVERIFY(!ChurnGenerator::isChurnsClaim(mine));
    QVERIFY(ChurnGenerator::isChurnsClaim(
        s.get(claims, QStringLiteral("default"), QStringLiteral("data-0"))));
    ChurnGenerator churn(&s);
    churn.setSeed(3);
    int deleted = 0;
    for (int i = 0; i < 300; ++i) {
        const QString did = churn.claimStep();
        QVERIFY2(!did.contains(QLatin1String("default/mine")), qPrintable(did));
        deleted += did.startsWith(QLatin1String("deleted")) ? 1 : 0;
        // Deleted claims keep their protection finalizer in the store without a controller:
        // release them as kube-controller-manager's pvc-protection controller would.
        for (const lens::Object &c : s.objects(claims))
            if (!c.deletionTimestamp().isEmpty()) {
                QJsonObject o = c.json();
                QJsonObject meta = o.value(QStringLiteral("metadata")).toObject();
                meta.remove(QStringLiteral("finalizers"));
                o.insert(QStringLiteral("metadata"), meta);
                const Store::WriterScope kcm(
                    &s, {QStringLiteral("kube-controller-manager"), QString()});
                QVERIFY(s.update(claims, o).ok());
            }
    }
    QVERIFY2(deleted > 20, qPrintable(QString::number(deleted)));
    const lens::Object after = s.get(claims, QStringLiteral("default"), QStringLiteral("mine"));
    QVERIFY(!after.isNull());
    QVERIFY(after.deletionTimestamp().isEmpty());
}

void tst_SimStore::storedJsonIsSerialisedOnce()
{
    const auto expectedItem = [](QJsonObject o) {
        o.remove(QStringLiteral("kind"));
        o.remove(QStringLiteral("apiVersion"));
        return QJsonDocument(o).toJson(QJsonDocument::Compact);
    };
    QJsonObject pod = Fixtures::podTemplates().first();
    pod.insert(QStringLiteral("kind"), QStringLiteral("Pod"));
    pod.insert(QStringLiteral("apiVersion"), QStringLiteral("v1"));
    StoredObject s = Store::makeStored(pod);
    QCOMPARE(s.itemJson(), expectedItem(pod));
    QCOMPARE(s.itemSize(), expectedItem(pod).size());
    QCOMPARE(s.json, QJsonDocument(pod).toJson(QJsonDocument::Compact));
    QVERIFY(s.itemFrom > 0); // the item shares the JSON's bytes
    QVERIFY(s.item.isNull());
    QCOMPARE(s.object.toJson(), QJsonDocument(pod).toJson(QJsonDocument::Compact));
    // One copy of the bytes, shared by the stored JSON and the Object.
    QCOMPARE(s.json.constData(), s.object.toJson().constData());
    // Keys sorting before "apiVersion" (uppercase) take the slow path and still come out right.
    pod.insert(QStringLiteral("Zebra"), 1);
    pod.insert(QStringLiteral("apiVersion"), QStringLiteral("apps/v1\"quoted"));
    s = Store::makeStored(pod);
    QCOMPARE(s.itemJson(), expectedItem(pod));
    QCOMPARE(s.itemSize(), expectedItem(pod).size());
    QCOMPARE(s.itemFrom, 0);
    QCOMPARE(s.json, QJsonDocument(pod).toJson(QJsonDocument::Compact));
    // No kind at all.
    pod.remove(QStringLiteral("kind"));
    QCOMPARE(Store::makeStored(pod).itemJson(), expectedItem(pod));
}

void tst_SimStore::seedMakesExactlyNPods()
{
    Store store;
    Fixtures::seed(&store, 5000, 9);
    QCOMPARE(store.count(QStringLiteral("pods")), 5000);
}

void tst_SimStore::compactJsonIsQtsBytes()
{
    const auto qt = [](const QJsonObject &o) {
        return QJsonDocument(o).toJson(QJsonDocument::Compact);
    };
    // Every embedded fixture (real objects from real clusters).
    const QStringList files = QDir(QStringLiteral(":/lens/sim/fixtures/k9s/"))
                                  .entryList({QStringLiteral("*.json")}, QDir::Files);
    QVERIFY(files.size() > 10);
    for (const QString &f : files) {
        const QJsonObject o = Fixtures::load(f);
        QVERIFY2(!o.isEmpty(), qPrintable(f));
        QCOMPARE(compactJson(o), qt(o));
    }
    // Escapes, numbers, non-ASCII, nesting.
    QJsonObject odd;
    odd.insert(QStringLiteral("quote\"back\\slash/"), QStringLiteral("a\"b\\c/d"));
    odd.insert(QStringLiteral("controls"), QString::fromUtf8("\b\f\n\r\t\x01\x1f\x7f end"));
    odd.insert(QStringLiteral("unicode"),
               QString::fromUtf8("caf\xc3\xa9 \xe6\xb1\x89 \xf0\x9f\x98\x80"));
    odd.insert(QString::fromUtf8("k\xc3\xa9y"), 1);
    odd.insert(QStringLiteral("lone"), QString(QChar(0xd800)));
    odd.insert(QStringLiteral("ints"), QJsonArray{0, -1, qint64(1) << 53, qint64(1e15),
                                                  std::numeric_limits<qint64>::min()});
    odd.insert(QStringLiteral("doubles"), QJsonArray{0.5, -2.25, 1e15, 1e20, 1e-7, 3.0, 0.1 + 0.2,
                                                     std::numeric_limits<double>::infinity(),
                                                     std::numeric_limits<double>::quiet_NaN()});
    odd.insert(QStringLiteral("parsed"),
               QJsonDocument::fromJson("{\"i\":1000000000000000,\"d\":1.5,\"e\":1e300,"
                                       "\"big\":123456789012345678901234}")
                   .object());
    odd.insert(QStringLiteral("empty"), QJsonObject{{QStringLiteral("o"), QJsonObject()},
                                                    {QStringLiteral("a"), QJsonArray()},
                                                    {QStringLiteral("s"), QString()}});
    odd.insert(QStringLiteral("scalars"),
               QJsonArray{true, false, QJsonValue(), QJsonValue(QJsonValue::Undefined)});
    odd.insert(QString(), QStringLiteral("empty key"));
    QCOMPARE(compactJson(odd), qt(odd));
    QCOMPARE(compactJson(QJsonObject()), qt(QJsonObject()));
    QCOMPARE(JsonBuilder::encode(QStringLiteral("x\ny")), QByteArray("\"x\\ny\""));
}

QTEST_GUILESS_MAIN(tst_SimStore)
#include "tst_simstore.moc"
