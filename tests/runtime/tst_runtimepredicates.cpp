// SPDX-License-Identifier: Apache-2.0
// controller-runtime's predicates and the source adapter (pkg/predicate,
// pkg/internal/source): controller-runtime-cases.md C, CR-20 … CR-23.
#include "../core/informerharness.h"
#include "fakequeue.h"
#include "runtimetestutil.h"

#include "pendingevents.h"
#include "runtime/predicate.h"
#include "runtime/source.h"

#include <QTest>

using namespace lens;
using namespace lens::runtime;
using lens::test::rtPod;

namespace {

/// A handler that records what reaches it.
class RecordingHandler final : public EventHandler {
public:
    RecordingHandler() : EventHandler(QStringLiteral("recording")) {}
    QStringList seen;
    QList<CreateEvent> creates;
    QList<DeleteEvent> deletes;
    void create(const CreateEvent &e, ControllerQueue *) override
    {
        creates << e;
        seen << QStringLiteral("create ") + objectKeyOf(e.object);
    }
    void update(const UpdateEvent &e, ControllerQueue *) override
    {
        seen << QStringLiteral("update ") + objectKeyOf(e.objectNew);
    }
    void del(const DeleteEvent &e, ControllerQueue *) override
    {
        deletes << e;
        seen << QStringLiteral("delete ") + objectKeyOf(e.object);
    }
    void generic(const GenericEvent &, ControllerQueue *) override {}
};

Predicate constant(bool v)
{
    Predicate p;
    p.name = v ? QStringLiteral("pass") : QStringLiteral("fail");
    p.create = [v](const CreateEvent &) { return v; };
    p.update = [v](const UpdateEvent &) { return v; };
    p.del = [v](const DeleteEvent &) { return v; };
    p.generic = [v](const GenericEvent &) { return v; };
    return p;
}

/// The four kinds' answers of `p` for `obj` (Update: old = new = obj).
QList<bool> allKinds(const Predicate &p, const Object &obj = {})
{
    return {p.onCreate({obj, false}), p.onUpdate({obj, obj}), p.onDelete({obj, false}),
            p.onGeneric({obj})};
}

} // namespace

class TestRuntimePredicates : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cr20_resourceVersionAndGeneration();
    void cr21_annotationsAndLabels();
    void cr22_booleanNamespaceAndSelector();
    void cr23_adapter();
    void cr23_adapterOverSharedIndexInformer();
};

void TestRuntimePredicates::cr20_resourceVersionAndGeneration()
{
    const Predicate rv = resourceVersionChanged();
    const Predicate gen = generationChanged();
    for (const Predicate &p : {rv, gen}) {
        QVERIFY(p.onCreate({}));
        QVERIFY(p.onDelete({}));
        QVERIFY(p.onGeneric({}));
    }
    const Object v1 = rtPod(QStringLiteral("ns"), QStringLiteral("a"), QStringLiteral("v1"));
    const Object v2 = rtPod(QStringLiteral("ns"), QStringLiteral("a"), QStringLiteral("v2"));
    QVERIFY(!rv.onUpdate({Object(), v1}));
    QVERIFY(!rv.onUpdate({v1, Object()}));
    QVERIFY(!rv.onUpdate({v1, v1}));
    QVERIFY(rv.onUpdate({v2, v1}));
    const Object g1 = rtPod(QStringLiteral("ns"), QStringLiteral("a"), QStringLiteral("1"), 1);
    const Object g1b = rtPod(QStringLiteral("ns"), QStringLiteral("a"), QStringLiteral("2"), 1);
    const Object g2 = rtPod(QStringLiteral("ns"), QStringLiteral("a"), QStringLiteral("3"), 2);
    QVERIFY(!gen.onUpdate({Object(), g1}));
    QVERIFY(!gen.onUpdate({g1, Object()}));
    QVERIFY(!gen.onUpdate({g1, g1b}));
    QVERIFY(gen.onUpdate({g1, g2}));
}

void TestRuntimePredicates::cr21_annotationsAndLabels()
{
    const QJsonObject none;
    const QJsonObject wooz{{QStringLiteral("booz"), QStringLiteral("wooz")}};
    const QJsonObject weez{{QStringLiteral("booz"), QStringLiteral("weez")}};
    const QJsonObject two{{QStringLiteral("booz"), QStringLiteral("wooz")},
                          {QStringLiteral("zooz"), QStringLiteral("qooz")}};
    const QList<std::pair<QJsonObject, QJsonObject>> pairs{
        {none, none}, {wooz, wooz}, {wooz, weez}, {wooz, two}, {two, wooz}};
    const QList<bool> want{false, false, true, true, true};
    for (int labels = 0; labels < 2; ++labels) {
        const Predicate p = labels ? labelChanged() : annotationChanged();
        auto mk = [&](const QJsonObject &m, const QString &rv) {
            return labels ? rtPod(QStringLiteral("ns"), QStringLiteral("a"), rv, 0, m)
                          : rtPod(QStringLiteral("ns"), QStringLiteral("a"), rv, 0, {}, m);
        };
        for (int i = 0; i < pairs.size(); ++i)
            QVERIFY2(p.onUpdate({mk(pairs.at(i).first, QStringLiteral("1")),
                                 mk(pairs.at(i).second, QStringLiteral("2"))}) == want.at(i),
                     qPrintable(QStringLiteral("%1 case %2").arg(p.name).arg(i)));
        QVERIFY(!p.onUpdate({Object(), mk(wooz, QStringLiteral("2"))}));
        QVERIFY(!p.onUpdate({mk(wooz, QStringLiteral("1")), Object()}));
        QVERIFY(p.onCreate({}));
        QVERIFY(p.onDelete({}));
        QVERIFY(p.onGeneric({}));
    }
}

void TestRuntimePredicates::cr22_booleanNamespaceAndSelector()
{
    const Predicate pass = constant(true), fail = constant(false);
    QCOMPARE(allKinds(andOf({pass, fail})), (QList<bool>{false, false, false, false}));
    QCOMPARE(allKinds(andOf({pass, pass})), (QList<bool>{true, true, true, true}));
    QCOMPARE(allKinds(orOf({pass, fail})), (QList<bool>{true, true, true, true}));
    QCOMPARE(allKinds(orOf({fail, fail})), (QList<bool>{false, false, false, false}));
    QCOMPARE(allKinds(notOf(pass)), (QList<bool>{false, false, false, false}));
    QCOMPARE(allKinds(notOf(fail)), (QList<bool>{true, true, true, true}));
    QCOMPARE(allKinds(andOf({})), (QList<bool>{true, true, true, true}));
    QCOMPARE(allKinds(orOf({})), (QList<bool>{false, false, false, false}));

    const Predicate ns = newPredicateFuncs(QStringLiteral("namespace biz"), [](const Object &o) {
        return o.namespace_() == QLatin1String("biz");
    });
    const Object biz = rtPod(QStringLiteral("biz"), QStringLiteral("a"), QStringLiteral("1"));
    const Object bizz = rtPod(QStringLiteral("bizz"), QStringLiteral("a"), QStringLiteral("2"));
    QVERIFY(ns.onUpdate({biz, biz}));
    QVERIFY(!ns.onUpdate({biz, bizz})); // only ObjectNew is consulted
    QVERIFY(!ns.onCreate({bizz, false}));

    const Predicate sel = labelSelectorPredicate(
        QMap<QString, QString>{{QStringLiteral("foo"), QStringLiteral("bar")}});
    const Object plain = rtPod(QStringLiteral("ns"), QStringLiteral("a"), QStringLiteral("1"));
    const Object labelled = rtPod(QStringLiteral("ns"), QStringLiteral("a"), QStringLiteral("1"), 0,
                                  {{QStringLiteral("foo"), QStringLiteral("bar")}});
    QCOMPARE(allKinds(sel, plain), (QList<bool>{false, false, false, false}));
    QCOMPARE(allKinds(sel, labelled), (QList<bool>{true, true, true, true}));
    // The string form, and an invalid selector refused at construction.
    QString error;
    const Predicate parsed = labelSelectorPredicate(QStringLiteral("foo=bar"), &error);
    QVERIFY(error.isEmpty());
    QCOMPARE(allKinds(parsed, labelled), (QList<bool>{true, true, true, true}));
    labelSelectorPredicate(QStringLiteral("foo in (bar"), &error);
    QVERIFY(!error.isEmpty());
}

void TestRuntimePredicates::cr23_adapter()
{
    const Predicate pass = constant(true), fail = constant(false);
    const Object pod = rtPod(QStringLiteral("ns"), QStringLiteral("p"), QStringLiteral("1"));
    const QList<std::pair<QList<Predicate>, bool>> lists{
        {{fail}, false},       {{pass}, true},       {{pass, fail}, false},
        {{fail, pass}, false}, {{pass, pass}, true}, {{}, true}};
    Journal journal;
    for (const auto &[preds, reaches] : lists) {
        auto h = std::make_shared<RecordingHandler>();
        lens::test::RecordingQueue q;
        EventHandlerAdapter a(h, preds, &q, &journal, QStringLiteral("c1"));
        a.onAdd(pod, false);
        QCOMPARE(h->creates.size(), reaches ? 1 : 0);
        if (reaches)
            QVERIFY(!h->creates.at(0).isInInitialList);
    }
    // Every drop is journaled, naming the predicate that said false.
    int filtered = 0;
    for (const TraceEvent &e : journal.events()) {
        QCOMPARE(e.kind, TraceKind::RuntimeEventFiltered);
        QCOMPARE(e.detail.value(QLatin1String("predicate")).toString(), QStringLiteral("fail"));
        ++filtered;
    }
    QCOMPARE(filtered, 3);
    QString why;
    QVERIFY2(lens::test::allEventsValid(journal, &why), qPrintable(why));

    auto h = std::make_shared<RecordingHandler>();
    lens::test::RecordingQueue q;
    EventHandlerAdapter a(h, {}, &q);
    a.onAdd(pod, true);
    QVERIFY(h->creates.at(0).isInInitialList);
    a.onDelete(Delta::deletedFinalStateUnknown(QStringLiteral("ns/p"), pod));
    QCOMPARE(h->deletes.size(), 1);
    QVERIFY(h->deletes.at(0).deleteStateUnknown);
    QCOMPARE(h->deletes.at(0).object.name(), QStringLiteral("p"));
    a.onDelete(Delta::of(DeltaType::Deleted, pod));
    QVERIFY(!h->deletes.at(1).deleteStateUnknown);
    // Values without metadata (and null objects) never reach the handler.
    const Object nometa = Object::fromJson({{QStringLiteral("kind"), QStringLiteral("Pod")}});
    const int before = int(h->seen.size());
    a.onAdd(nometa, false);
    a.onUpdate(nometa, nometa);
    a.onUpdate(pod, nometa);
    a.onDelete(Delta::of(DeltaType::Deleted, nometa));
    a.onDelete(Delta::deletedFinalStateUnknown(QStringLiteral("ns/x"), Object()));
    QCOMPARE(int(h->seen.size()), before);
}

void TestRuntimePredicates::cr23_adapterOverSharedIndexInformer()
{
    // source.Kind over the project's informer: the initial list arrives as initial-list
    // creates, WaitForSync answers once the handler has them, a watched update that a
    // predicate drops is journaled as filtered.
    lens::test::Harness hx;
    Journal journal;
    auto h = std::make_shared<RecordingHandler>();
    Kind kind(&hx.informer, QStringLiteral("*v1.Pod"), h, {resourceVersionChanged()});
    QVERIFY(hx.start(QStringLiteral("a@1,b@2"), QStringLiteral("2")));
    lens::test::RecordingQueue q;
    QString startError = QStringLiteral("not called");
    kind.start(&q, &journal, QStringLiteral("c1"), [&](const QString &e) { startError = e; });
    QCOMPARE(startError, QString());
    bool synced = false;
    kind.waitForSync([&](const QString &e) { synced = e.isEmpty(); });
    QTRY_VERIFY(synced);
    QCOMPARE(h->seen, (QStringList{QStringLiteral("create a"), QStringLiteral("create b")}));
    QVERIFY(h->creates.at(0).isInInitialList);
    // A resync-like update (same resourceVersion) is dropped by the predicate.
    EventHandlerAdapter direct(h, {resourceVersionChanged()}, &q, &journal, QStringLiteral("c1"));
    const Object a1 = lens::test::objFromSpec(QStringLiteral("a@1"));
    direct.onUpdate(a1, a1);
    QCOMPARE(journal.events().back().kind, TraceKind::RuntimeEventFiltered);
    QString why;
    QVERIFY2(lens::test::allEventsValid(journal, &why), qPrintable(why));
    QCOMPARE(kind.describe(), QStringLiteral("kind source: *v1.Pod"));
}

QTEST_GUILESS_MAIN(TestRuntimePredicates)
#include "tst_runtimepredicates.moc"
