// SPDX-License-Identifier: Apache-2.0
// The runtime-sample controller over the real Session and the built-in cluster: CR-30 A, B and
// C (story 6.1) from its scenarios under exact pacing (the scenario's ManualClock, as --at),
// asserted from the journal; and `--controller runtime-sample` reconciling a parent.
#include "api/objectmeta.h"
#include "runtime/controller.h"
#include "runtime/controllerqueue.h"
#include "runtime/samplereconciler.h"
#include "session/runtimewiring.h"
#include "session/session.h"
#include "sim/scenario.h"
#include "sim/store.h"
#include "trace/journal.h"
#include "trace/tracedetail.h"

#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace lens;

namespace {

struct Started {
    qint64 t;
    QString key;
    int priority;
};

/// Every ReconcileStarted in the journal, in order.
QList<Started> reconciles(const Journal &j)
{
    QList<Started> out;
    for (const TraceEvent &e : j.events())
        if (e.kind == TraceKind::ReconcileStarted)
            out << Started{e.t, e.key, e.detail.value(QLatin1String("priority")).toInt()};
    return out;
}

int countOf(const QList<Started> &r, const QString &key)
{
    return int(std::count_if(r.begin(), r.end(), [&](const Started &s) { return s.key == key; }));
}

const QString kFirst = QStringLiteral("default/first");
const QString kStarved = QStringLiteral("default/starved");
const QString kP1 = QStringLiteral("default/p1");
const QString kP2 = QStringLiteral("default/p2");

} // namespace

class TestScenariosRuntime : public QObject {
    Q_OBJECT

    /// Plays `scenario` (a shipped name or a file) as --at `stopAtMs` does; the session stands
    /// at its stop time when this returns.
    std::unique_ptr<Session> play(const QString &scenario, qint64 stopAtMs)
    {
        m_schemaErrors.clear();
        Session::Options o;
        o.scenario = scenario;
        o.reproducible = true;
        o.stopAtMs = stopAtMs;
        auto s = std::make_unique<Session>(o);
        bool stopped = false;
        connect(s.get(), &Session::scenarioStopTimeReached, this, [&stopped] { stopped = true; });
        QString error;
        if (!s->start(&error)) {
            qWarning("%s", qPrintable(error));
            return nullptr;
        }
        if (!QTest::qWaitFor([&stopped] { return stopped; }, 120000))
            return nullptr;
        for (const TraceEvent &e : s->journal()->events()) {
            QString why;
            if (!tracedetail::check(e, &why))
                m_schemaErrors << why;
        }
        return s;
    }

    /// Journal events play() found off tracedetail's schema.
    QStringList m_schemaErrors;

private Q_SLOTS:
    void cleanup() { QVERIFY2(m_schemaErrors.isEmpty(), qPrintable(m_schemaErrors.join(u'\n'))); }

    // CR-30 A: W 1, 1 s reconciles, RequeueAfter 500 ms. default/starved came only with the
    // initial list (−100) and is never handed out while the priority-0 keys poll.
    void cr30PriorityQueueStarvesTheInitialListKey()
    {
        auto s = play(QStringLiteral("cr-initial-list-starvation"), 12000);
        QVERIFY(s);
        const Journal &j = *s->journal();
        const QList<Started> r = reconciles(j);
        QCOMPARE(countOf(r, kStarved), 0);
        QVERIFY2(countOf(r, kP1) >= 3 && countOf(r, kP2) >= 3, "p1 and p2 keep polling");
        // p1 and p2 alternate (the third poller, default/first, comes between them too).
        QStringList ps;
        for (const Started &x : r)
            if (x.key == kP1 || x.key == kP2)
                ps << x.key;
        for (int i = 1; i < ps.size(); ++i)
            QVERIFY2(ps.at(i) != ps.at(i - 1), qPrintable(ps.join(u' ')));
        // Every reconcile after the first ran at priority 0; the first was the initial list's.
        QCOMPARE(r.first().key, kFirst);
        QCOMPARE(r.first().priority, -100);
        for (int i = 1; i < r.size(); ++i)
            QCOMPARE(r.at(i).priority, 0);
        // starved was added once, at LowPriority, because of the initial list.
        int enqueued = 0;
        for (const TraceEvent &e : j.events())
            if (e.kind == TraceKind::RuntimeEnqueued && e.key == kStarved) {
                ++enqueued;
                QCOMPARE(e.detail.value(QLatin1String("lowPriority")).toString(),
                         QStringLiteral("initial list"));
            }
        QCOMPARE(enqueued, 1);
        // The scenario's captions all came (no waitFor missed).
        for (const TraceEvent &e : j.events())
            if (e.component == QLatin1String("scenario"))
                QVERIFY2(!e.detail.contains(QLatin1String("error")),
                         qPrintable(e.detail.value(QLatin1String("error")).toString()));
    }

    // CR-30 B: the same load on the legacy queue: starved is handed out in its initial-list
    // place, right after first and before the parents created later.
    void cr30LegacyQueueReconcilesItFirst()
    {
        auto s = play(QStringLiteral("cr-legacy-queue"), 6000);
        QVERIFY(s);
        const QList<Started> r = reconciles(*s->journal());
        QVERIFY(r.size() >= 4);
        QCOMPARE(r.at(0).key, kFirst);
        QCOMPARE(r.at(1).key, kStarved);
        QCOMPARE(r.at(1).priority, 0); // GetWithPriority of the wrapper: always 0
        QVERIFY(r.at(2).key == kP1 || r.at(2).key == kP2);
    }

    // CR-30 C: touching starved (an Update with a new resourceVersion) raises it to 0, and it
    // runs within about one reconcile.
    void cr30TouchLetsItRun()
    {
        sim::Scenario sc;
        QString error;
        QVERIFY2(sim::Scenario::load(QStringLiteral("cr-initial-list-starvation"), &sc, &error),
                 qPrintable(error));
        QFile shipped(QStringLiteral(":/lens/scenarios/cr-initial-list-starvation.yaml"));
        QVERIFY(shipped.open(QIODevice::ReadOnly));
        QByteArray yaml = shipped.readAll();
        yaml += "  - at: 13\n"
                "    update: {resource: configmaps, namespace: default, name: starved, "
                "labels: {touched: \"yes\"}}\n";
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("touch.yaml"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(yaml);
        out.close();
        auto s = play(file, 17000);
        QVERIFY(s);
        const QList<Started> r = reconciles(*s->journal());
        QList<Started> starved;
        for (const Started &x : r)
            if (x.key == kStarved)
                starved << x;
        QVERIFY(!starved.isEmpty());
        QVERIFY2(starved.first().t >= 13000 && starved.first().t <= 13000 + 2200,
                 qPrintable(QString::number(starved.first().t)));
        QCOMPARE(starved.first().priority, 0);
        // Its update was queued without a priority (new resourceVersion): raised to 0.
        bool raised = false;
        for (const TraceEvent &e : s->journal()->events())
            if (e.kind == TraceKind::PriorityQueueAdd && e.key == kStarved &&
                e.detail.value(QLatin1String("merge")).toString() == QLatin1String("raised"))
                raised = true;
        QVERIFY(raised);
    }

    // `--controller runtime-sample` on the built-in cluster: each parent gets its child with a
    // controller ownerReference, and the parent's annotations are written once.
    void runtimeSampleReconcilesAParent()
    {
        Session::Options o;
        o.controller = QStringLiteral("runtime-sample");
        o.runtime.reconcileLatencyMs = 0;
        o.churnIntervalMs = 0;
        Session s(o);
        QString error;
        QVERIFY2(s.start(&error), qPrintable(error));
        QCOMPARE(s.informerNames(), QStringList{QStringLiteral("configmaps")});
        QVERIFY(s.sampleReconciler());
        auto find = [&s](const QString &name) {
            for (const Object &c : s.simulatorStore()->objects(QStringLiteral("configmaps")))
                if (c.namespace_() == QLatin1String("default") && c.name() == name)
                    return c;
            return Object();
        };
        QTRY_VERIFY_WITH_TIMEOUT(!find(QStringLiteral("sample-1-copy")).isNull(), 20000);
        const Object parent = find(QStringLiteral("sample-1"));
        const Object child = find(QStringLiteral("sample-1-copy"));
        const QList<OwnerReference> refs = ownerReferences(child);
        QCOMPARE(refs.size(), 1);
        QCOMPARE(refs.first().kind, QStringLiteral("ConfigMap"));
        QCOMPARE(refs.first().name, QStringLiteral("sample-1"));
        QCOMPARE(refs.first().uid, parent.uid());
        QVERIFY(refs.first().controller);
        QCOMPARE(child.json().value(u"data"), parent.json().value(u"data"));
        QCOMPARE(child.labels().value(QStringLiteral("lens.dev/sample")), QStringLiteral("child"));
        QTRY_COMPARE_WITH_TIMEOUT(find(QStringLiteral("sample-1"))
                                      .annotations()
                                      .value(QStringLiteral("lens.dev/last-reconcile")),
                                  QStringLiteral("sample-1-copy has 2 keys"), 20000);
        // It settles: every parent reconciled, then nothing more is written.
        QTRY_VERIFY_WITH_TIMEOUT(!find(QStringLiteral("sample-3-copy")).isNull(), 20000);
        // 3 children created + 3 parents annotated, each once. A reconcile that reads the cache
        // before its own earlier write came back by watch writes again and is refused with 409
        // (409 Conflict on a stale resourceVersion, 409 AlreadyExists on the child): that is a
        // real controller's race too, so such writes are allowed, but nothing else is.
        const auto succeeded = [&s] {
            QStringList done;
            for (const TraceEvent &e : s.journal()->events())
                if (e.kind == TraceKind::ApiRequestFinished &&
                    e.detail.value(QLatin1String("code")).toInt() / 100 == 2)
                    done << e.type + QLatin1Char(' ') + e.key;
            return done;
        };
        QTRY_COMPARE_WITH_TIMEOUT(succeeded().size(), 6, 20000);
        const QStringList done = succeeded();
        QCOMPARE(QSet<QString>(done.begin(), done.end()).size(), 6);
        const auto unanswered = [&s] {
            int n = 0;
            for (const TraceEvent &e : s.journal()->events())
                n += e.kind == TraceKind::ApiRequestSent       ? 1
                     : e.kind == TraceKind::ApiRequestFinished ? -1
                                                               : 0;
            return n;
        };
        QTRY_COMPARE_WITH_TIMEOUT(unanswered(), 0, 20000);
        QCOMPARE(succeeded(), done);
        for (const TraceEvent &e : s.journal()->events()) {
            const int code = e.detail.value(QLatin1String("code")).toInt();
            if (e.kind == TraceKind::ApiRequestFinished)
                QVERIFY2(code / 100 == 2 || code == 409,
                         qPrintable(e.type + QLatin1Char(' ') + e.key));
        }
    }

    // Live settings: UsePriorityQueue false rebuilds the controller on the legacy queue.
    void changingTheQueueRebuildsTheController()
    {
        Session::Options o;
        o.controller = QStringLiteral("runtime-sample");
        o.churnIntervalMs = 0;
        Session s(o);
        QString error;
        QVERIFY2(s.start(&error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(s.runtimeController() && s.runtimeController()->workersRunning(),
                                 20000);
        runtime::Controller *before = s.runtimeController();
        QVERIFY(before->queue()->isPriorityQueue());
        QCOMPARE(s.sampleReconciler()->applySettings(
                     QJsonObject{{QStringLiteral("usePriorityQueue"), false},
                                 {QStringLiteral("maxConcurrentReconciles"), 2}}),
                 QString());
        QVERIFY(s.runtimeController() != before);
        QTRY_VERIFY_WITH_TIMEOUT(s.runtimeController()->workersRunning(), 20000);
        QVERIFY(!s.runtimeController()->queue()->isPriorityQueue());
        QCOMPARE(s.runtimeController()->options().maxConcurrentReconciles, 2);
        QVERIFY(
            !s.sampleReconciler()->applySettings({{QStringLiteral("failEvery"), -1}}).isEmpty());
        QVERIFY(!s.sampleReconciler()->applySettings({{QStringLiteral("bogus"), 1}}).isEmpty());
        QVERIFY(!s.sampleReconciler()
                     ->applySettings({{QStringLiteral("namespace"), QStringLiteral("Not_A_Label")}})
                     .isEmpty());
        // A namespace filter is a controller option too: the controller is rebuilt.
        runtime::Controller *unfiltered = s.runtimeController();
        QCOMPARE(s.sampleReconciler()->applySettings(
                     {{QStringLiteral("namespace"), QStringLiteral("default")}}),
                 QString());
        QVERIFY(s.runtimeController() != unfiltered);
        QCOMPARE(s.sampleReconciler()->settings().namespaceFilter, QStringLiteral("default"));
    }

    // The scenario reader (core/sim cannot see core/runtime) knows the same settings.
    void scenarioKnowsEverySetting()
    {
        QCOMPARE(sim::Scenario::runtimeSettingKeys(), runtime::SampleSettings::keys());
    }

    // compare: a second controller, with a name unlike the first's; refused otherwise.
    void compareNeedsAName_data()
    {
        QTest::addColumn<QByteArray>("compare");
        QTest::addColumn<QString>("error"); ///< part of the refusal ("" = accepted)
        QTest::newRow("named") << QByteArray("{name: legacy, usePriorityQueue: false}")
                               << QString();
        QTest::newRow("no name") << QByteArray("{usePriorityQueue: false}")
                                 << QStringLiteral("compare needs a map with a name");
        QTest::newRow("the first's name")
            << QByteArray("{name: runtime-sample}") << QStringLiteral("other than runtime-sample");
        QTest::newRow("unknown setting")
            << QByteArray("{name: b, bogus: 1}") << QStringLiteral("bogus");
        QTest::newRow("bad value")
            << QByteArray("{name: b, failEvery: -1}") << QStringLiteral("compare: failEvery needs");
    }
    void compareNeedsAName()
    {
        QFETCH(QByteArray, compare);
        QFETCH(QString, error);
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("c.yaml"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write("title: t\ndescription: d\ncluster: {pods: 0, claims: false}\n"
                  "informer: {resource: configmaps}\n"
                  "controller: {name: runtime-sample, compare: " +
                  compare + "}\nsteps:\n  - at: 0\n    informer: start\n");
        out.close();
        Session::Options o;
        o.scenario = file;
        o.reproducible = true;
        o.stopAtMs = 100;
        Session s(o);
        QString why;
        const bool started = s.start(&why);
        if (error.isEmpty()) {
            QVERIFY2(started, qPrintable(why));
            QVERIFY(s.compareWiring());
            QCOMPARE(s.compareWiring()->name(), QStringLiteral("legacy"));
            QVERIFY(!s.compareWiring()->reconciler()->settings().usePriorityQueue);
            QVERIFY(s.sampleReconciler()->settings().usePriorityQueue);
        } else {
            QVERIFY(!started);
            QVERIFY2(why.contains(error), qPrintable(why));
        }
    }
};

QTEST_GUILESS_MAIN(TestScenariosRuntime)
#include "tst_scenarios_runtime.moc"
