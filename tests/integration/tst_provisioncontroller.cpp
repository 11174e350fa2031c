// SPDX-License-Identifier: Apache-2.0
// The ProvisionController against the built-in cluster over real HTTP: claim, volume and class
// informers from one factory, the rate-limited workqueues and their workers, the PVs written
// through the API server and bound by the cluster's PV controller, deletion, retries through
// AddRateLimited on a ManualClock (15 s, 30 s, 60 s), the failed-provision threshold, and
// several writes in flight at once with threadiness 4.

// The fixtures below are JSON written inline: plain string literals are QStrings here.
#undef QT_NO_CAST_FROM_ASCII

#include "client/kubeclient.h"
#include "controller/hostpathprovisioner.h"
#include "controller/provisioncontroller.h"
#include "controller/storagelisterwatchers.h"
#include "informer/informerfactory.h"
#include "sim/apiserver.h"
#include "sim/simulator.h"
#include "sim/store.h"
#include "sim/writestrategy.h"
#include "trace/journal.h"
#include "trace/tracedetail.h"
#include "workqueue/ratelimitingqueue.h"

#include <QJsonArray>
#include <QTest>

using namespace lens;
using namespace lens::controller;

namespace {

QJsonObject claimJson(const QString &name, const QString &cls = QStringLiteral("standard"),
                      const QString &size = QStringLiteral("1Gi"))
{
    return QJsonObject{
        {"apiVersion", "v1"},
        {"kind", "PersistentVolumeClaim"},
        {"metadata", QJsonObject{{"name", name}, {"namespace", "default"}}},
        {"spec",
         QJsonObject{{"accessModes", QJsonArray{"ReadWriteOnce"}},
                     {"resources", QJsonObject{{"requests", QJsonObject{{"storage", size}}}}},
                     {"storageClassName", cls}}}};
}

QString phaseOf(const Object &o)
{
    return o.json().value("status").toObject().value("phase").toString();
}

/// One built-in cluster and the controller on it, wired as Session wires them.
struct Harness {
    ManualClock clock;
    Journal journal{&clock};
    sim::Simulator sim;
    SharedInformerFactory *factory = nullptr;
    KubeClient *client = nullptr;
    HostPathProvisioner *provisioner = nullptr;
    ProvisionController *controller = nullptr;
    std::unique_ptr<sim::WriteStrategy> api; ///< writes as a client's would arrive (admission)

    /// The built-in cluster as it starts (its default class "standard" and the claims
    /// data-0, data-1 and logs) with the controller on it, provisioning with `custom` (the
    /// HostPathProvisioner when null) and the options `tweak` sets.
    bool start(int threadiness, Provisioner *custom = nullptr,
               const std::function<void(ProvisionController::Options &)> &tweak = {})
    {
        QString error;
        if (!sim.start(sim::Simulator::Options{}, &error)) {
            qWarning("%s", qPrintable(error));
            return false;
        }
        api = std::make_unique<sim::WriteStrategy>(sim.store());
        RestConfig rest;
        rest.server = sim.url();
        const auto lw = storageListerWatchers(rest);
        factory = new SharedInformerFactory(lw, 0, &journal, &clock, {});
        auto *claims = factory->informerFor(QStringLiteral("persistentvolumeclaims"));
        auto *volumes = factory->informerFor(QStringLiteral("persistentvolumes"));
        auto *classes = factory->informerFor(QStringLiteral("storageclasses"));
        client = new KubeClient(rest, &journal, QStringLiteral("provisioner"));
        provisioner = new HostPathProvisioner(&clock);
        provisioner->setLatencyMs(0, 0);
        ProvisionController::Options o;
        o.threadiness = threadiness;
        if (tweak)
            tweak(o);
        controller = new ProvisionController(factory, claims, volumes, classes, client,
                                             custom ? custom : provisioner, &journal, &clock, o);
        factory->start();
        controller->run();
        return true;
    }
    ~Harness()
    {
        delete controller;
        if (factory)
            factory->shutdown();
        delete factory;
        delete provisioner;
        delete client;
    }
    QList<Object> pvs() const { return sim.objects(QStringLiteral("persistentvolumes")); }
    Object claim(const QString &name) const
    {
        return sim.store()->get(QStringLiteral("persistentvolumeclaims"), QStringLiteral("default"),
                                name);
    }
    /// Journal events of `kind` (and `type` when given).
    QList<TraceEvent> events(TraceKind kind, const QString &type = {}) const
    {
        QList<TraceEvent> out;
        for (const TraceEvent &e : journal.events())
            if (e.kind == kind && (type.isEmpty() || e.type == type))
                out << e;
        return out;
    }
    /// The Events the controller wrote with `reason`.
    QList<Object> kubeEvents(const QString &reason) const
    {
        QList<Object> out;
        for (const Object &e : sim.objects(QStringLiteral("events")))
            if (e.json().value("reason").toString() == reason)
                out << e;
        return out;
    }
};

/// A provisioner that answers a claim with a selected node only when the test releases it (as
/// one that found the node full: Reschedule), and every other claim at once with the
/// host-path template.
class NodeBoundProvisioner final : public Provisioner {
public:
    void provision(const ProvisionOptions &options,
                   std::function<void(const ProvisionResult &)> done) override
    {
        selectedNodes << options.selectedNodeName;
        if (!options.selectedNodeName.isEmpty()) {
            held = std::move(done);
            return;
        }
        ProvisionResult r;
        r.pv = HostPathProvisioner::pvTemplate(options);
        QMetaObject::invokeMethod(
            this, [r, done = std::move(done)] { done(r); }, Qt::QueuedConnection);
    }
    void remove(const Object &, std::function<void(const DeleteResult &)> done) override
    {
        QMetaObject::invokeMethod(
            this, [done = std::move(done)] { done({}); }, Qt::QueuedConnection);
    }
    /// Answers the held call: Reschedule with `error`.
    void reschedule(const QString &error)
    {
        ProvisionResult r;
        r.state = ProvisioningState::Reschedule;
        r.error = error;
        auto done = std::move(held);
        held = nullptr;
        done(r);
    }
    std::function<void(const ProvisionResult &)> held;
    QStringList selectedNodes; ///< each call's selectedNodeName
};

QString annotation(const Object &o, const QString &key)
{
    return o.json()
        .value("metadata")
        .toObject()
        .value("annotations")
        .toObject()
        .value(key)
        .toString();
}

} // namespace

class TestProvisionController : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void provisionsAndBinds();
    void concurrentWritesWithThreadiness4();
    void retriesWithBackoffThenSucceeds();
    void deletingTheClaimDeletesTheVolume();
    void everyEventFollowsTheSchema();
    void failedSaveEventQuotesTheStatusMessage();
    void rescheduleRemovesTheSelectedNode();
};

void TestProvisionController::provisionsAndBinds()
{
    Harness h;
    QVERIFY(h.start(4));
    QTRY_VERIFY_WITH_TIMEOUT(h.controller->workersStarted(), 10000);
    // Every seeded claim gets its PV and the cluster binds them.
    QTRY_COMPARE_WITH_TIMEOUT(h.pvs().size(), 3, 10000);
    for (const QString &n : QStringList{"data-0", "data-1", "logs"})
        QTRY_COMPARE_WITH_TIMEOUT(phaseOf(h.claim(n)), QStringLiteral("Bound"), 10000);
    for (const Object &pv : h.pvs()) {
        QCOMPARE(pv.name(), QStringLiteral("pvc-") + pv.json()
                                                         .value("spec")
                                                         .toObject()
                                                         .value("claimRef")
                                                         .toObject()
                                                         .value("uid")
                                                         .toString());
        QCOMPARE(pv.annotations().value(QStringLiteral("pv.kubernetes.io/provisioned-by")),
                 HostPathProvisioner::defaultName());
        QTRY_COMPARE_WITH_TIMEOUT(
            phaseOf(h.sim.store()->get(QStringLiteral("persistentvolumes"), {}, pv.name())),
            QStringLiteral("Bound"), 10000);
    }
    // The PVs are in the cluster before the answers to their POSTs are read: wait for those.
    QTRY_COMPARE_WITH_TIMEOUT(
        h.controller->metrics().provisionTotal.value(QStringLiteral("standard")), 3, 10000);
    // The workers took UIDs from the "claims" queue and ended each with Forget.
    const auto finished = h.events(TraceKind::ControllerSyncFinished);
    QVERIFY(std::any_of(finished.begin(), finished.end(), [](const TraceEvent &e) {
        return e.detail.value("outcome").toString() == QLatin1String("provisioned") &&
               e.detail.value("requeue").toString() == QLatin1String("forgotten");
    }));
    // Events written as the library writes them, one Provisioning and one
    // ProvisioningSucceeded per claim.
    const auto count = [&h](const QString &reason) {
        int n = 0;
        for (const Object &ev : h.sim.objects(QStringLiteral("events")))
            n += ev.json().value("reason").toString() == reason;
        return n;
    };
    QTRY_COMPARE_WITH_TIMEOUT(count(QStringLiteral("ProvisioningSucceeded")), 3, 10000);
    QCOMPARE(count(QStringLiteral("Provisioning")), 3);
}

void TestProvisionController::concurrentWritesWithThreadiness4()
{
    Harness h;
    QVERIFY(h.start(4));
    QTRY_VERIFY_WITH_TIMEOUT(h.controller->workersStarted(), 10000);
    for (int i = 0; i < 12; ++i)
        QVERIFY(h.api
                    ->create(QStringLiteral("persistentvolumeclaims"),
                             claimJson(QStringLiteral("burst-%1").arg(i)))
                    .ok());
    QTRY_COMPARE_WITH_TIMEOUT(h.pvs().size(), 3 + 12, 20000);
    // Several writes were in flight at once: the workers do not wait for each other.
    QVERIFY2(h.client->peakInFlight() >= 2, qPrintable(QString::number(h.client->peakInFlight())));
}

void TestProvisionController::retriesWithBackoffThenSucceeds()
{
    Harness h;
    QVERIFY(h.start(1));
    QTRY_VERIFY_WITH_TIMEOUT(h.controller->workersStarted(), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(h.pvs().size(), 3, 10000); // the seeded claims first
    h.provisioner->failNext(3);
    QVERIFY(h.api->create(QStringLiteral("persistentvolumeclaims"), claimJson("flaky")).ok());
    const QString uid = h.claim(QStringLiteral("flaky")).uid();
    // Each failure is re-queued with the library's limiter: 15 s, 30 s, 60 s. The clock moves
    // to each retry's ready time; other events for the key (a relist's updates, say) may add
    // attempts in between, but the three failures get exactly those delays.
    const auto delays = [&h, &uid] {
        QList<qint64> d;
        for (const TraceEvent &e : h.events(TraceKind::WorkqueueAddRateLimited))
            if (e.key == uid)
                d << e.detail.value("delayMs").toInteger();
        return d;
    };
    // The cluster's PV controller may update the claim while a worker holds it: then the key
    // is dirty, goes back into the queue at Done and fails again at once (its AddRateLimited
    // then keeps the earlier ready time). Either way the limiter's delays grow per failure.
    auto *queue = h.controller->claimQueue();
    for (int round = 0; round < 10 && h.pvs().size() < 4; ++round) {
        QTRY_VERIFY_WITH_TIMEOUT(
            h.pvs().size() == 4 ||
                (!queue->waiting().isEmpty() && queue->processing().isEmpty() && queue->len() == 0),
            10000);
        QVERIFY(h.pvs().size() == 3 || delays().size() == 3);
        if (queue->waiting().isEmpty())
            continue;
        const qint64 readyAt = queue->waiting().first().readyAtMs;
        h.clock.advanceTo(readyAt);
        // The delayed add fires on the clock's advance (through the event loop).
        QTRY_VERIFY_WITH_TIMEOUT(
            queue->waiting().isEmpty() || queue->waiting().first().readyAtMs > readyAt, 5000);
    }
    QTRY_COMPARE_WITH_TIMEOUT(h.pvs().size(), 4, 10000);
    QCOMPARE(delays(), (QList<qint64>{15000, 30000, 60000}));
    QTRY_COMPARE_WITH_TIMEOUT(
        h.controller->metrics().provisionFailedTotal.value(QStringLiteral("standard")), 3, 5000);
    const auto failed = h.events(TraceKind::ControllerSyncFinished);
    QVERIFY(std::any_of(failed.begin(), failed.end(), [](const TraceEvent &e) {
        return e.detail.value("requeue").toString() == QLatin1String("rate limited") &&
               e.detail.value("delayMs").toInteger() == 60000;
    }));
    // Success forgets the key: NumRequeues back to 0.
    QTRY_COMPARE_WITH_TIMEOUT(h.controller->claimQueue()->numRequeues(uid), 0, 5000);
}

void TestProvisionController::deletingTheClaimDeletesTheVolume()
{
    Harness h;
    QVERIFY(h.start(2));
    QTRY_VERIFY_WITH_TIMEOUT(h.controller->workersStarted(), 10000);
    QVERIFY(h.api->create(QStringLiteral("persistentvolumeclaims"), claimJson("gone")).ok());
    QTRY_COMPARE_WITH_TIMEOUT(phaseOf(h.claim("gone")), QStringLiteral("Bound"), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(h.pvs().size(), 4, 10000);
    const QString pvName = QStringLiteral("pvc-") + h.claim(QStringLiteral("gone")).uid();
    QVERIFY(
        h.sim.store()->remove(QStringLiteral("persistentvolumeclaims"), "default", "gone").ok());
    // Released by the cluster, then deleted by the controller's volume worker.
    QTRY_COMPARE_WITH_TIMEOUT(h.pvs().size(), 3, 20000);
    for (const Object &pv : h.pvs())
        QVERIFY(pv.name() != pvName);
    // At least once: a second sync may run before the informer has seen the first DELETE (the
    // library's provisioners must be idempotent for the same reason).
    QTRY_VERIFY_WITH_TIMEOUT(
        h.controller->metrics().deleteTotal.value(QStringLiteral("standard")) >= 1, 5000);
    QVERIFY(!h.events(TraceKind::ProvisionerCalled, QStringLiteral("delete")).isEmpty());
}

void TestProvisionController::everyEventFollowsTheSchema()
{
    Harness h;
    QVERIFY(h.start(2));
    QTRY_VERIFY_WITH_TIMEOUT(h.controller->workersStarted(), 10000);
    QVERIFY(h.api->create(QStringLiteral("persistentvolumeclaims"), claimJson("x")).ok());
    QTRY_COMPARE_WITH_TIMEOUT(h.pvs().size(), 4, 10000);
    for (const TraceEvent &e : h.journal.events()) {
        QString why;
        QVERIFY2(tracedetail::check(e, &why), qPrintable(why));
    }
}

void TestProvisionController::failedSaveEventQuotesTheStatusMessage()
{
    // volume_store.go's Event puts the client-go error in with %v: for a Status answer its
    // Error() is Status.Message alone, not the request and code around it.
    Harness h;
    QVERIFY(h.start(1, nullptr, [](ProvisionController::Options &o) {
        o.createProvisionedPVRetryCount = 1; // one POST, then the Event
    }));
    h.provisioner->setLatencyMs(1000, 0);
    QTRY_VERIFY_WITH_TIMEOUT(h.controller->workersStarted(), 10000);
    // The first claim's Provision waits on the clock; its Provisioning Event has been written.
    QTRY_VERIFY_WITH_TIMEOUT(h.provisioner->provisionCalls() == 0 &&
                                 h.events(TraceKind::ProvisionerCalled).size() == 1 &&
                                 h.client->inFlight() == 0,
                             10000);
    // The next request the server gets, the PV's POST, is answered 500.
    h.sim.server()->failNextRequests(1, 500);
    h.clock.advance(1000);
    QTRY_COMPARE_WITH_TIMEOUT(h.kubeEvents(QStringLiteral("ProvisioningFailed")).size(), 1, 10000);
    const QJsonObject ev = h.kubeEvents(QStringLiteral("ProvisioningFailed")).first().json();
    const QString claim = ev.value("involvedObject").toObject().value("name").toString();
    QCOMPARE(ev.value("message").toString(),
             QStringLiteral("Error creating provisioned PV object for claim default/%1: Internal "
                            "error occurred: simulated failure. Deleting the volume.")
                 .arg(claim));
    // The journal keeps the whole answer, typed.
    const auto finished = h.events(TraceKind::ApiRequestFinished);
    QVERIFY(std::any_of(finished.begin(), finished.end(), [](const TraceEvent &e) {
        return e.detail.value("path").toString() == QLatin1String("/api/v1/persistentvolumes") &&
               e.detail.value("code").toInt() == 500;
    }));
}

void TestProvisionController::rescheduleRemovesTheSelectedNode()
{
    // provisionVolumeErrorHandling: a Reschedule for a claim with
    // volume.kubernetes.io/selected-node writes the Event, then rescheduleProvisioning PUTs the
    // claim without it: refused, the claim is re-queued with the provisioner's error; taken,
    // the sync ends with errStopProvision (no re-queue) and the claim's update brings it back
    // with no node, provisioned then.
    NodeBoundProvisioner nodeBound;
    Harness h;
    QVERIFY(h.start(1, &nodeBound));
    QTRY_VERIFY_WITH_TIMEOUT(h.controller->workersStarted(), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(h.pvs().size(), 3, 10000); // the seeded claims first
    QJsonObject placed = claimJson("placed");
    QJsonObject meta = placed.value("metadata").toObject();
    meta.insert("annotations", QJsonObject{{"volume.kubernetes.io/selected-node", "node-a"}});
    placed.insert("metadata", meta);
    QVERIFY(h.api->create(QStringLiteral("persistentvolumeclaims"), placed).ok());
    const QString uid = h.claim("placed").uid();
    QTRY_VERIFY_WITH_TIMEOUT(nodeBound.held && h.client->inFlight() == 0, 10000);
    const QString full = QStringLiteral("node-a has no room for 1Gi");

    // 1. The claim's PUT is refused (the Event's POST too: the next two requests fail).
    h.sim.server()->failNextRequests(2, 500);
    nodeBound.reschedule(full);
    const auto finishedFor = [&h, &uid] {
        QList<TraceEvent> out;
        for (const TraceEvent &e : h.events(TraceKind::ControllerSyncFinished))
            if (e.key == uid)
                out << e;
        return out;
    };
    QTRY_VERIFY_WITH_TIMEOUT(!finishedFor().isEmpty(), 10000);
    QCOMPARE(finishedFor().last().detail.value("outcome").toString(), QStringLiteral("failed"));
    QCOMPARE(finishedFor().last().detail.value("message").toString(), full);
    QCOMPARE(finishedFor().last().detail.value("requeue").toString(),
             QStringLiteral("rate limited"));
    const auto puts = [&h] {
        QList<TraceEvent> out;
        for (const TraceEvent &e : h.events(TraceKind::ApiRequestFinished))
            if (e.detail.value("verb").toString() == QLatin1String("PUT") &&
                e.detail.value("path").toString() ==
                    QLatin1String("/api/v1/namespaces/default/persistentvolumeclaims/placed"))
                out << e;
        return out;
    };
    QCOMPARE(puts().size(), 1);
    QCOMPARE(puts().first().detail.value("code").toInt(), 500);
    QCOMPARE(annotation(h.claim("placed"), "volume.kubernetes.io/selected-node"), "node-a");

    // 2. The retry (15 s later on the limiter's clock) is rescheduled again; the PUT is taken.
    auto *queue = h.controller->claimQueue();
    QTRY_VERIFY_WITH_TIMEOUT(nodeBound.held || !queue->waiting().isEmpty(), 10000);
    if (!nodeBound.held)
        h.clock.advanceTo(queue->waiting().first().readyAtMs);
    QTRY_VERIFY_WITH_TIMEOUT(nodeBound.held && h.client->inFlight() == 0, 10000);
    const qsizetype before = finishedFor().size();
    nodeBound.reschedule(full);
    QTRY_VERIFY_WITH_TIMEOUT(finishedFor().size() > before, 10000);
    const TraceEvent stopped = finishedFor().at(before);
    QCOMPARE(stopped.detail.value("outcome").toString(), QStringLiteral("stopped"));
    QCOMPARE(stopped.detail.value("requeue").toString(), QStringLiteral("forgotten"));
    QVERIFY2(stopped.detail.value("message").toString().contains(
                 "volume.kubernetes.io/selected-node removed from claim default/placed"),
             qPrintable(stopped.detail.value("message").toString()));
    QCOMPARE(puts().size(), 2);
    QCOMPARE(puts().last().detail.value("code").toInt(), 200);
    QVERIFY(annotation(h.claim("placed"), "volume.kubernetes.io/selected-node").isEmpty());
    // The Event says what the provisioner said.
    const QList<Object> failed = h.kubeEvents(QStringLiteral("ProvisioningFailed"));
    QVERIFY(!failed.isEmpty());
    QCOMPARE(failed.last().json().value("message").toString(), full);

    // 3. The claim's update brings it back without a node: provisioned.
    QTRY_COMPARE_WITH_TIMEOUT(h.pvs().size(), 4, 10000);
    // Two calls with the node, then without it (a later sync of the claim may call again
    // before the volumes cache has the PV: also without the node).
    const QStringList calls =
        nodeBound.selectedNodes.mid(nodeBound.selectedNodes.indexOf("node-a"));
    QCOMPARE(calls.mid(0, 3), (QStringList{"node-a", "node-a", QString()}));
    QCOMPARE(calls.count("node-a"), 2);
}

QTEST_GUILESS_MAIN(TestProvisionController)
#include "tst_provisioncontroller.moc"
