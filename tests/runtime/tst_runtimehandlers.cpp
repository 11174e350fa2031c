// SPDX-License-Identifier: Apache-2.0
// controller-runtime's handlers (pkg/handler): controller-runtime-cases.md B, CR-15 … CR-19.
// Requests are NamespacedName strings: "ns/name", and "/name" without a namespace.
#include "recordingqueue.h"
#include "runtimetestutil.h"

#include "runtime/handler.h"
#include "runtime/legacyqueue.h"
#include "trace/clock.h"
#include "workqueue/ratelimitingqueue.h"

#include <QTest>

using namespace lens;
using namespace lens::runtime;
using lens::test::ownerRef;
using lens::test::RecordingQueue;
using lens::test::rtPod;

namespace {

/// A plain (client-go) queue: controller-runtime's legacy queue, which is no PriorityQueue.
struct PlainQueue : LegacyQueue {
    explicit PlainQueue(const Clock *clock)
        : LegacyQueue(LegacyQueue::Config{QStringLiteral("plain"), clock, nullptr, nullptr, 0})
    {
    }
};

QStringList keysOf(const LegacyQueue &q)
{
    return q.wrapped()->queued();
}

/// A handler of the user's own type that calls Add itself (no TypedFuncs around it).
class CustomHandler final : public EventHandler {
public:
    CustomHandler() : EventHandler(QStringLiteral("custom")) {}
    void create(const CreateEvent &e, ControllerQueue *q) override { q->add(requestKey(e.object)); }
    void update(const UpdateEvent &e, ControllerQueue *q) override
    {
        q->add(requestKey(e.objectNew));
    }
    void del(const DeleteEvent &e, ControllerQueue *q) override { q->add(requestKey(e.object)); }
    void generic(const GenericEvent &e, ControllerQueue *q) override
    {
        q->add(requestKey(e.object));
    }
};

QString prio(const AddOpts &o)
{
    return o.priority ? QString::number(*o.priority) : QStringLiteral("unset");
}

} // namespace

class TestRuntimeHandlers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cr15_enqueueRequestForObject();
    void cr16_lowPriorityWhenUnchanged();
    void cr17_wrapperCoversAddAfterRateLimitedAndOpts();
    void cr18_enqueueRequestForOwner();
    void cr19_enqueueRequestsFromMapFunc();
    void journalNamesPriorityAndWhy();
};

void TestRuntimeHandlers::cr15_enqueueRequestForObject()
{
    ManualClock clock;
    const Object pod = rtPod(QStringLiteral("biz"), QStringLiteral("baz"), QStringLiteral("1"));
    const Object pod2 = rtPod(QStringLiteral("biz2"), QStringLiteral("baz2"), QStringLiteral("2"));
    auto h = enqueueRequestForObject();
    auto run = [&](const std::function<void(ControllerQueue *)> &f) {
        PlainQueue q(&clock);
        f(&q);
        return keysOf(q);
    };
    QCOMPARE(run([&](ControllerQueue *q) {
                 h->create({pod, false}, q);
             }),
             QStringList{QStringLiteral("biz/baz")});
    QCOMPARE(run([&](ControllerQueue *q) {
                 h->del({pod, false}, q);
             }),
             QStringList{QStringLiteral("biz/baz")});
    QCOMPARE(run([&](ControllerQueue *q) {
                 h->update({pod, pod2}, q);
             }),
             QStringList{QStringLiteral("biz2/baz2")});
    QCOMPARE(run([&](ControllerQueue *q) {
                 h->update({Object(), pod2}, q);
             }),
             QStringList{QStringLiteral("biz2/baz2")});
    QCOMPARE(run([&](ControllerQueue *q) {
                 h->update({pod, Object()}, q);
             }),
             QStringList{QStringLiteral("biz/baz")});
    QCOMPARE(run([&](ControllerQueue *q) { h->generic({pod}, q); }),
             QStringList{QStringLiteral("biz/baz")});
    QCOMPARE(run([&](ControllerQueue *q) { h->create({Object(), false}, q); }), QStringList{});
    QCOMPARE(run([&](ControllerQueue *q) { h->del({Object(), false}, q); }), QStringList{});
    QCOMPARE(run([&](ControllerQueue *q) { h->generic({Object()}, q); }), QStringList{});
}

void TestRuntimeHandlers::cr16_lowPriorityWhenUnchanged()
{
    ManualClock clock;
    const QJsonArray owners{
        ownerRef(QStringLiteral("v1"), QStringLiteral("Pod"), QStringLiteral("my-pod"))};
    const Object podNoRv = rtPod({}, QStringLiteral("my-pod"), {}, 0, {}, {}, owners);
    const Object podRv1 =
        rtPod({}, QStringLiteral("my-pod"), QStringLiteral("1"), 0, {}, {}, owners);

    QList<std::shared_ptr<EventHandler>> handlers;
    handlers << enqueueRequestForObject();
    handlers << enqueueRequestForOwner({{}, QStringLiteral("Pod"), false, {}});
    handlers << enqueueRequestsFromMapFunc(
        [](const Object &o) { return QStringList{requestKey(o)}; });
    auto funcs = std::make_shared<Funcs>();
    funcs->createFunc = [](const CreateEvent &e, ControllerQueue *q) {
        q->add(requestKey(e.object));
    };
    funcs->updateFunc = [](const UpdateEvent &e, ControllerQueue *q) {
        q->add(requestKey(e.objectNew));
    };
    handlers << funcs;
    handlers << withLowPriorityWhenUnchanged(std::make_shared<CustomHandler>());

    for (const auto &h : handlers) {
        const QList<std::pair<std::function<void(ControllerQueue *)>, QString>> cases{
            {[&](ControllerQueue *q) {
                 h->create({podNoRv, true}, q);
             },
             QStringLiteral("-100")},
            {[&](ControllerQueue *q) {
                 h->create({podNoRv, false}, q);
             },
             QStringLiteral("unset")},
            {[&](ControllerQueue *q) {
                 h->update({podNoRv, podNoRv}, q);
             },
             QStringLiteral("-100")},
            {[&](ControllerQueue *q) {
                 h->update({podNoRv, podRv1}, q);
             },
             QStringLiteral("unset")},
        };
        for (const auto &[event, want] : cases) {
            RecordingQueue q;
            event(&q);
            QVERIFY2(q.calls.size() == 1, qPrintable(h->name()));
            QCOMPARE(q.calls.at(0).items, QStringList{QStringLiteral("/my-pod")});
            QVERIFY2(prio(q.calls.at(0).opts) == want,
                     qPrintable(h->name() + QStringLiteral(": ") + prio(q.calls.at(0).opts)));
            QCOMPARE(q.calls.at(0).opts.afterMs, 0);
            QVERIFY(!q.calls.at(0).opts.rateLimited);
        }
        // Over a plain queue: one request, no priority at all.
        for (int i = 0; i < 2; ++i) {
            PlainQueue plain(&clock);
            if (i == 0)
                h->create({podNoRv, true}, &plain);
            else
                h->update({podNoRv, podNoRv}, &plain);
            QCOMPARE(plain.len(), 1);
            QCOMPARE(keysOf(plain), QStringList{QStringLiteral("/my-pod")});
        }
    }
    // The same custom handler unwrapped adds at "unset" even for the initial list (§2.5).
    RecordingQueue q;
    CustomHandler bare;
    bare.create({podNoRv, true}, &q);
    QCOMPARE(prio(q.calls.at(0).opts), QStringLiteral("unset"));
}

void TestRuntimeHandlers::cr17_wrapperCoversAddAfterRateLimitedAndOpts()
{
    const Object podNoRv = rtPod({}, QStringLiteral("my-pod"));
    const Object podRv1 = rtPod({}, QStringLiteral("my-pod"), QStringLiteral("1"));
    using Call = std::function<void(ControllerQueue *, const QString &)>;
    const QList<std::pair<Call, QStringList>> variants{
        {[](ControllerQueue *q, const QString &k) { q->addAfter(k, 1000); },
         {QStringLiteral("AddWithOpts{After: 1000ms, Priority: -100}"),
          QStringLiteral("AddWithOpts{After: 1000ms}")}},
        {[](ControllerQueue *q, const QString &k) { q->addRateLimited(k); },
         {QStringLiteral("AddWithOpts{RateLimited: true, Priority: -100}"),
          QStringLiteral("AddWithOpts{RateLimited: true}")}},
        {[](ControllerQueue *q, const QString &k) {
             q->addWithOpts({0, false, 100}, {k});
         },
         {QStringLiteral("AddWithOpts{Priority: 100}"),
          QStringLiteral("AddWithOpts{Priority: 100}")}},
    };
    for (const auto &variant : variants) {
        // A named copy: clang 14 cannot capture a structured binding.
        const auto call = variant.first;
        const auto &want = variant.second;
        auto f = std::make_shared<Funcs>();
        f->createFunc = [call](const CreateEvent &e, ControllerQueue *q) {
            call(q, requestKey(e.object));
        };
        f->updateFunc = [call](const UpdateEvent &e, ControllerQueue *q) {
            call(q, requestKey(e.objectNew));
        };
        auto h = withLowPriorityWhenUnchanged(f);
        RecordingQueue q;
        h->create({podNoRv, true}, &q);    // (1) low
        h->create({podNoRv, false}, &q);   // (2)
        h->update({podNoRv, podNoRv}, &q); // (3) low
        h->update({podNoRv, podRv1}, &q);  // (4)
        QCOMPARE(q.calls.size(), 4);
        const QStringList got{
            describeAddOpts(q.calls.at(0).opts), describeAddOpts(q.calls.at(1).opts),
            describeAddOpts(q.calls.at(2).opts), describeAddOpts(q.calls.at(3).opts)};
        QCOMPARE(got, (QStringList{want.at(0), want.at(1), want.at(0), want.at(1)}));
    }
}

void TestRuntimeHandlers::cr18_enqueueRequestForOwner()
{
    ManualClock clock;
    const QString biz = QStringLiteral("biz");
    auto rs = [](const QString &name, const QString &apiVersion = QStringLiteral("apps/v1"),
                 bool controller = false) {
        return ownerRef(apiVersion, QStringLiteral("ReplicaSet"), name, controller);
    };
    auto podWith = [&](const QString &ns, const QString &name, const QJsonArray &owners) {
        return rtPod(ns, name, QStringLiteral("1"), 0, {}, {}, owners);
    };
    auto handler = [](const QString &group, const QString &kind, bool onlyController,
                      std::function<bool(const QString &, const QString &)> cluster = {}) {
        return enqueueRequestForOwner({group, kind, onlyController, std::move(cluster)});
    };
    auto keys = [&](const std::shared_ptr<EventHandler> &h,
                    const std::function<void(EventHandler *, ControllerQueue *)> &ev) {
        PlainQueue q(&clock);
        ev(h.get(), &q);
        QStringList k = keysOf(q);
        k.sort();
        return k;
    };
    const auto rsHandler = handler(QStringLiteral("apps"), QStringLiteral("ReplicaSet"), false);
    const Object p = podWith(biz, QStringLiteral("baz"), {rs(QStringLiteral("foo-parent"))});
    // (a) create, (d) generic
    QCOMPARE(keys(rsHandler,
                  [&](EventHandler *h, ControllerQueue *q) {
                      h->create({p, false}, q);
                  }),
             QStringList{QStringLiteral("biz/foo-parent")});
    QCOMPARE(keys(rsHandler, [&](EventHandler *h, ControllerQueue *q) { h->generic({p}, q); }),
             QStringList{QStringLiteral("biz/foo-parent")});
    // (b) update with different owners and namespaces: both
    const Object o1 = podWith(biz, QStringLiteral("baz"), {rs(QStringLiteral("foo1-parent"))});
    const Object o2 = podWith(QStringLiteral("biz2"), QStringLiteral("baz2"),
                              {rs(QStringLiteral("foo2-parent"))});
    QCOMPARE(keys(rsHandler,
                  [&](EventHandler *h, ControllerQueue *q) {
                      h->update({o1, o2}, q);
                  }),
             (QStringList{QStringLiteral("biz/foo1-parent"), QStringLiteral("biz2/foo2-parent")}));
    // (c) update, same owner: one request
    QCOMPARE(keys(rsHandler,
                  [&](EventHandler *h, ControllerQueue *q) {
                      h->update({p, p}, q);
                  }),
             QStringList{QStringLiteral("biz/foo-parent")});
    // (e) OnlyControllerOwner, wrong group and wrong kind, none a controller
    const auto onlyCtl = handler(QStringLiteral("apps"), QStringLiteral("ReplicaSet"), true);
    const Object e = podWith(biz, QStringLiteral("baz"),
                             {rs(QStringLiteral("foo1"), QStringLiteral("extensions/v1")),
                              ownerRef(QStringLiteral("apps/v1"), QStringLiteral("Deployment"),
                                       QStringLiteral("foo2"))});
    QCOMPARE(keys(onlyCtl,
                  [&](EventHandler *h, ControllerQueue *q) {
                      h->create({e, false}, q);
                  }),
             QStringList{});
    // (f) the version is ignored
    const auto hpa =
        handler(QStringLiteral("autoscaling"), QStringLiteral("HorizontalPodAutoscaler"), false);
    const Object f = podWith(
        biz, QStringLiteral("baz"),
        {ownerRef(QStringLiteral("autoscaling/v2"), QStringLiteral("HorizontalPodAutoscaler"),
                  QStringLiteral("foo-parent"))});
    QCOMPARE(keys(hpa,
                  [&](EventHandler *h, ControllerQueue *q) {
                      h->create({f, false}, q);
                  }),
             QStringList{QStringLiteral("biz/foo-parent")});
    // (g) a cluster-scoped owner kind: namespace ""
    const auto node =
        handler({}, QStringLiteral("Node"), false, [](const QString &g, const QString &k) {
            return g.isEmpty() && k == QLatin1String("Node");
        });
    const Object g =
        podWith(biz, QStringLiteral("baz"),
                {ownerRef(QStringLiteral("v1"), QStringLiteral("Node"), QStringLiteral("node-1"))});
    QCOMPARE(keys(node,
                  [&](EventHandler *h, ControllerQueue *q) {
                      h->create({g, false}, q);
                  }),
             QStringList{QStringLiteral("/node-1")});
    // (h) no owners
    const Object none = podWith(biz, QStringLiteral("baz"), {});
    QCOMPARE(keys(rsHandler,
                  [&](EventHandler *h, ControllerQueue *q) {
                      h->create({none, false}, q);
                  }),
             QStringList{});
    // (i) OnlyControllerOwner: the first controller reference only
    QJsonArray five;
    for (int i = 1; i <= 5; ++i)
        five << rs(QStringLiteral("foo%1-parent").arg(i), QStringLiteral("apps/v1"),
                   i == 2 || i == 4);
    const Object pi = podWith(biz, QStringLiteral("baz"), five);
    QCOMPARE(keys(onlyCtl,
                  [&](EventHandler *h, ControllerQueue *q) {
                      h->create({pi, false}, q);
                  }),
             QStringList{QStringLiteral("biz/foo2-parent")});
    // (j) OnlyControllerOwner, no controller among three; (k) no option: all three
    const Object pj = podWith(
        biz, QStringLiteral("baz"),
        {rs(QStringLiteral("foo1")), rs(QStringLiteral("foo2")), rs(QStringLiteral("foo3"))});
    QCOMPARE(keys(onlyCtl,
                  [&](EventHandler *h, ControllerQueue *q) {
                      h->create({pj, false}, q);
                  }),
             QStringList{});
    QCOMPARE(keys(rsHandler,
                  [&](EventHandler *h, ControllerQueue *q) {
                      h->create({pj, false}, q);
                  })
                 .size(),
             3);
    // An unparsable apiVersion ends that object's references (§2.3).
    const Object bad = podWith(biz, QStringLiteral("baz"),
                               {rs(QStringLiteral("ok1")),
                                rs(QStringLiteral("bad"), QStringLiteral("apps/v1/fail")),
                                rs(QStringLiteral("ok2"))});
    QCOMPARE(keys(rsHandler,
                  [&](EventHandler *h, ControllerQueue *q) {
                      h->create({bad, false}, q);
                  }),
             QStringList{QStringLiteral("biz/ok1")});
    // No owner kind: refused at construction.
    QString error;
    QVERIFY(!enqueueRequestForOwner({}, &error));
    QVERIFY(!error.isEmpty());
}

void TestRuntimeHandlers::cr19_enqueueRequestsFromMapFunc()
{
    ManualClock clock;
    const Object pod = rtPod(QStringLiteral("biz"), QStringLiteral("baz"), QStringLiteral("1"));
    auto fixed = enqueueRequestsFromMapFunc([](const Object &) {
        return QStringList{QStringLiteral("foo/bar"), QStringLiteral("biz/baz")};
    });
    const QStringList two{QStringLiteral("foo/bar"), QStringLiteral("biz/baz")};
    {
        PlainQueue q(&clock);
        fixed->create({pod, false}, &q);
        QCOMPARE(keysOf(q), two);
    }
    {
        PlainQueue q(&clock);
        fixed->del({pod, false}, &q);
        QCOMPARE(keysOf(q), two);
    }
    {
        PlainQueue q(&clock);
        fixed->generic({pod}, &q);
        QCOMPARE(keysOf(q), two);
    }
    auto byName = enqueueRequestsFromMapFunc([](const Object &o) {
        return QStringList{QStringLiteral("foo/%1-bar").arg(o.name()),
                           QStringLiteral("biz/%1-baz").arg(o.name())};
    });
    RecordingQueue rec;
    PlainQueue q(&clock);
    byName->update({pod, pod}, &q);
    QCOMPARE(q.len(), 2);
    QCOMPARE(keysOf(q),
             (QStringList{QStringLiteral("foo/baz-bar"), QStringLiteral("biz/baz-baz")}));
}

void TestRuntimeHandlers::journalNamesPriorityAndWhy()
{
    Journal journal;
    auto h = enqueueRequestForObject();
    h->bind(&journal, QStringLiteral("c1"));
    const Object pod = rtPod(QStringLiteral("ns"), QStringLiteral("a"), QStringLiteral("7"));
    const Object pod8 = rtPod(QStringLiteral("ns"), QStringLiteral("a"), QStringLiteral("8"));
    RecordingQueue q;
    h->create({pod, true}, &q);
    h->update({pod, pod}, &q);
    h->update({pod, pod8}, &q);
    h->del({pod8, false}, &q);
    QCOMPARE(qsizetype(journal.events().size()), qsizetype(4));
    QString why;
    QVERIFY2(lens::test::allEventsValid(journal, &why), qPrintable(why));
    const auto &ev = journal.events();
    const QJsonObject d0 = ev[0].detail.toJsonObject();
    QCOMPARE(ev[0].kind, TraceKind::RuntimeEnqueued);
    QCOMPARE(ev[0].key, QStringLiteral("ns/a"));
    QCOMPARE(d0.value(QLatin1String("priority")).toInt(), -100);
    QCOMPARE(d0.value(QLatin1String("lowPriority")).toString(), QStringLiteral("initial list"));
    QCOMPARE(d0.value(QLatin1String("controller")).toString(), QStringLiteral("c1"));
    QCOMPARE(ev[1].detail.toJsonObject().value(QLatin1String("lowPriority")).toString(),
             QStringLiteral("unchanged resourceVersion"));
    QVERIFY(!ev[2].detail.toJsonObject().contains(QLatin1String("priority")));
    QCOMPARE(ev[3].detail.toJsonObject().value(QLatin1String("event")).toString(),
             QStringLiteral("delete"));
}

QTEST_GUILESS_MAIN(TestRuntimeHandlers)
#include "tst_runtimehandlers.moc"
