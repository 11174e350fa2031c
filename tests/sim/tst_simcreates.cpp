// SPDX-License-Identifier: Apache-2.0
// JsonTemplate and Store::prepareCreates()/createFrom(): many creates of one shape give the
// same bytes, revisions, events and errors as create() of each object built in full.
#include "sim/fixtures.h"
#include "sim/jsonbytes.h"
#include "sim/store.h"
#include "trace/clock.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace lens::sim;

namespace {
const QString kPods = QStringLiteral("pods");
using T = Store::CreateTemplate;

QJsonObject podWith(const QString &uid, const QString &tier, const QString &node,
                    const QString &managedTime)
{
    QJsonObject meta{
        {QStringLiteral("uid"), uid},
        {QStringLiteral("labels"), QJsonObject{{QStringLiteral("app"), QStringLiteral("web")},
                                               {QStringLiteral("tier"), tier}}},
        {QStringLiteral("managedFields"),
         QJsonArray{QJsonObject{{QStringLiteral("manager"), QStringLiteral("kubectl-create")},
                                {QStringLiteral("operation"), QStringLiteral("Update")},
                                {QStringLiteral("time"), managedTime}}}}};
    return QJsonObject{{QStringLiteral("metadata"), meta},
                       {QStringLiteral("spec"), QJsonObject{{QStringLiteral("nodeName"), node}}},
                       {QStringLiteral("status"),
                        QJsonObject{{QStringLiteral("phase"), QStringLiteral("Running")}}}};
}

QJsonObject named(QJsonObject o, const QString &ns, const QString &name)
{
    QJsonObject meta = o.value(QStringLiteral("metadata")).toObject();
    meta.insert(QStringLiteral("name"), name);
    meta.insert(QStringLiteral("namespace"), ns);
    o.insert(QStringLiteral("metadata"), meta);
    return o;
}

void addNamespaces(Store *s)
{
    for (const char *n : {"a", "b"})
        QVERIFY(s->create(QStringLiteral("namespaces"),
                          QJsonObject{{QStringLiteral("metadata"),
                                       QJsonObject{{QStringLiteral("name"), QLatin1String(n)}}}})
                    .ok());
}
} // namespace

class tst_SimCreates : public QObject {
    Q_OBJECT
private slots:
    void templateFillsLikeCompactJson();
    void templateRefusesAMarkerInsideAString();
    void createFromIsCreate();
    void createFromErrorsAreCreates();
    void createFromDrawsAUidWhenTheObjectHasNone();
    void seedUsesTheTemplates();
};

void tst_SimCreates::templateFillsLikeCompactJson()
{
    const QJsonObject withHoles{
        {QStringLiteral("b"), JsonTemplate::marker(0)},
        {QStringLiteral("a"), QJsonArray{JsonTemplate::marker(1), 7, JsonTemplate::marker(0)}},
        {QStringLiteral("c"), QJsonObject{{QStringLiteral("x"), true}}}};
    const JsonTemplate t(withHoles, 2);
    QVERIFY(t.isValid());
    QVERIFY(t.hasSlot(0));
    QVERIFY(t.hasSlot(1));
    // Plain values, values that need escaping, non-ASCII and empty: each as compactJson() writes
    // the object with the values in place.
    const QList<QStringList> cases = {{QStringLiteral("v0"), QStringLiteral("v1")},
                                      {QStringLiteral("q\"uo\\te\n"), QStringLiteral("\x01")},
                                      {QStringLiteral("caf\u00e9 \u4e2d"), QString()}};
    for (const QStringList &values : cases) {
        QJsonObject filled = withHoles;
        filled.insert(QStringLiteral("b"), values[0]);
        filled.insert(QStringLiteral("a"), QJsonArray{values[1], 7, values[0]});
        const QStringView views[] = {values[0], values[1]};
        QCOMPARE(t.fill(views), compactJson(filled));
        QCOMPARE(t.fill(views), QJsonDocument(filled).toJson(QJsonDocument::Compact));
    }
    // A slot with no hole is allowed (and says so).
    const JsonTemplate none(QJsonObject{{QStringLiteral("k"), JsonTemplate::marker(0)}}, 2);
    QVERIFY(none.isValid());
    QVERIFY(!none.hasSlot(1));
}

void tst_SimCreates::templateRefusesAMarkerInsideAString()
{
    // A hole must be a whole string value: inside a longer one (or a key) it cannot be cut out.
    QVERIFY(
        !JsonTemplate(
             QJsonObject{{QStringLiteral("k"), QStringLiteral("x") + JsonTemplate::marker(0)}}, 1)
             .isValid());
    QVERIFY(!JsonTemplate(QJsonObject{{JsonTemplate::marker(0), 1}}, 1).isValid());
    // A marker of a slot the template was not given is not a hole either.
    QVERIFY(
        !JsonTemplate(QJsonObject{{QStringLiteral("k"), JsonTemplate::marker(3)}}, 2).isValid());
    QVERIFY(!JsonTemplate().isValid());
}

void tst_SimCreates::createFromIsCreate()
{
    // Two stores on the same reproducible clock: one creates each pod in full, the other from
    // the template. Everything the store stamps and records must be the same.
    lens::ManualClock clock;
    clock.advance(86'400'000);
    Store full, fast;
    full.setReproducible(&clock, 5);
    fast.setReproducible(&clock, 5);
    addNamespaces(&full);
    addNamespaces(&fast);
    const T t = fast.prepareCreates(
        kPods,
        podWith(JsonTemplate::marker(T::FirstFree), JsonTemplate::marker(T::FirstFree + 1),
                JsonTemplate::marker(T::FirstFree + 2), JsonTemplate::marker(T::CreationTimestamp)),
        3);
    QVERIFY(t.isValid());
    QSignalSpy fullEvents(&full, &Store::changed);
    QSignalSpy fastEvents(&fast, &Store::changed);
    for (int i = 0; i < 5; ++i) {
        const QString ns = i % 2 ? QStringLiteral("a") : QStringLiteral("b");
        const QString name = QStringLiteral("web-%1").arg(i);
        const QString uid = QStringLiteral("00000000-0000-4000-8000-00000000000%1").arg(i);
        const QString tier = i == 3 ? QStringLiteral("needs \"escaping\"") : QStringLiteral("fe");
        const QString node = QStringLiteral("node-%1").arg(i % 2);
        const WriteResult a =
            full.create(kPods, named(podWith(uid, tier, node, full.nowRfc3339()), ns, name));
        const QStringView extra[] = {uid, tier, node};
        const WriteResult b = fast.createFrom(t, ns, name, extra);
        QVERIFY2(a.ok() && b.ok(), qPrintable(b.error.message));
        QCOMPARE(b.json, a.json);
        QCOMPARE(b.object.resourceVersion(), a.object.resourceVersion());
        QCOMPARE(fast.stored(kPods, ns, name).itemJson(), full.stored(kPods, ns, name).itemJson());
        QVERIFY(fast.stored(kPods, ns, name).itemFrom > 0); // the item shares the bytes
        clock.advance(1500);
    }
    QCOMPARE(fast.revision(), full.revision());
    QCOMPARE(fastEvents.size(), fullEvents.size());
    const auto last = fastEvents.last().first().value<ChangeEvent>();
    QCOMPARE(last.type, ChangeEvent::Type::Added);
    QCOMPARE(last.key, QStringLiteral("b/web-4"));
    QCOMPARE(last.revision, fast.revision());
    QVERIFY(last.previous.isNull());
}

void tst_SimCreates::createFromErrorsAreCreates()
{
    Store s;
    addNamespaces(&s);
    const QJsonObject p = podWith(JsonTemplate::marker(T::FirstFree), QStringLiteral("fe"),
                                  QStringLiteral("n"), QStringLiteral("t"));
    const T t = s.prepareCreates(kPods, p, 1);
    QVERIFY(t.isValid());
    const QString uid = QStringLiteral("u");
    const QStringView extra[] = {uid};
    QVERIFY(s.createFrom(t, QStringLiteral("a"), QStringLiteral("p1"), extra).ok());
    const qint64 rev = s.revision();
    const auto same = [&](const QString &ns, const QString &name) {
        const WriteResult viaTemplate = s.createFrom(t, ns, name, extra);
        const WriteResult viaCreate = s.create(kPods, named(p, ns, name));
        QVERIFY(!viaTemplate.ok());
        QCOMPARE(viaTemplate.error.code, viaCreate.error.code);
        QCOMPARE(viaTemplate.error.reason, viaCreate.error.reason);
        QCOMPARE(viaTemplate.error.message, viaCreate.error.message);
    };
    same(QStringLiteral("a"), QStringLiteral("p1"));       // 409 AlreadyExists
    same(QStringLiteral("nope"), QStringLiteral("p2"));    // 404 namespace NotFound
    same(QStringLiteral("a"), QStringLiteral("Bad_Name")); // 422 Invalid
    same(QString(), QStringLiteral("p3"));                 // 422 namespace required
    QCOMPARE(s.revision(), rev);                           // no error wrote anything
    QVERIFY(!s.prepareCreates(QStringLiteral("nonsense"), p, 1).isValid());
}

void tst_SimCreates::createFromDrawsAUidWhenTheObjectHasNone()
{
    lens::ManualClock clock;
    Store full, fast;
    full.setReproducible(&clock, 11);
    fast.setReproducible(&clock, 11);
    addNamespaces(&full);
    addNamespaces(&fast);
    QJsonObject p = podWith(QString(), QStringLiteral("fe"), QStringLiteral("n"), QString());
    QJsonObject meta = p.value(QStringLiteral("metadata")).toObject();
    meta.remove(QStringLiteral("uid"));
    meta.remove(QStringLiteral("managedFields")); // the store writes them, as create() does
    p.insert(QStringLiteral("metadata"), meta);
    const T t = fast.prepareCreates(kPods, p);
    QVERIFY(t.isValid());
    QVERIFY(t.json.hasSlot(T::Uid));
    for (const char *name : {"x", "y"}) {
        const WriteResult a =
            full.create(kPods, named(p, QStringLiteral("a"), QLatin1String(name)));
        const WriteResult b = fast.createFrom(t, QStringLiteral("a"), QLatin1String(name));
        QVERIFY(a.ok() && b.ok());
        QCOMPARE(b.json, a.json); // the same uid drawn, the same managedFields written
        QVERIFY(!b.object.uid().isEmpty());
    }
    QVERIFY(fast.get(kPods, QStringLiteral("a"), QStringLiteral("x")).uid() !=
            fast.get(kPods, QStringLiteral("a"), QStringLiteral("y")).uid());
}

void tst_SimCreates::seedUsesTheTemplates()
{
    // Every pod template of the seed can be cut into holes (else the seed falls back to one
    // create() per pod, several times slower), and the seeded pods carry what differs.
    Store s;
    for (const QJsonObject &tmpl : Fixtures::podTemplates()) {
        QJsonObject p = tmpl;
        QJsonObject meta = p.value(QStringLiteral("metadata")).toObject();
        meta.insert(QStringLiteral("uid"), JsonTemplate::marker(T::FirstFree));
        p.insert(QStringLiteral("metadata"), meta);
        QVERIFY(s.prepareCreates(kPods, p, 1).isValid());
    }
    Fixtures::seed(&s, 300, 4);
    QCOMPARE(s.count(kPods), 300);
    QSet<QString> uids, tiers, nodes;
    for (const lens::Object &o : s.objects(kPods)) {
        uids.insert(o.uid());
        tiers.insert(o.label(u"tier").value_or(QString()));
        const QJsonObject json = o.json();
        nodes.insert(json.value(QStringLiteral("spec")).toObject().value(u"nodeName").toString());
        const QJsonArray managed =
            json.value(QStringLiteral("metadata")).toObject().value(u"managedFields").toArray();
        QVERIFY(!managed.isEmpty());
        QCOMPARE(managed.first().toObject().value(u"time").toString(), o.creationTimestamp());
        QVERIFY(!o.toJson().contains("lens-slot"));
    }
    QCOMPARE(uids.size(), 300);
    QCOMPARE(tiers.size(), 4);
    QCOMPARE(nodes, QSet<QString>({QStringLiteral("minikube"), QStringLiteral("lens-sim-worker")}));
}

QTEST_GUILESS_MAIN(tst_SimCreates)
#include "tst_simcreates.moc"
