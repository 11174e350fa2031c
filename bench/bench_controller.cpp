// SPDX-License-Identifier: Apache-2.0
// How fast the ProvisionController provisions on the built-in cluster: N claims created at
// once, timed until every one of them is Bound (the controller's PV written through the API
// server and bound by the cluster's PV controller), at threadiness 1 and 4, with the built-in
// provisioner's latency (default 200 ms of Clock time per Provision) and with none. Prints one
// `key: value unit` line per figure:
//
//   controller.claims_per_second.latency200ms.threadiness1: 4.9 /s
//   controller.peak_writes_in_flight.latency200ms.threadiness4: 4
//
//   bench_controller [--claims N] [--latency-ms MS]   (defaults 100 claims, 200 ms and 0 ms)

#include "client/kubeclient.h"
#include "controller/hostpathprovisioner.h"
#include "controller/provisioncontroller.h"
#include "controller/storagelisterwatchers.h"
#include "informer/informerfactory.h"
#include "sim/simulator.h"
#include "sim/store.h"
#include "sim/writestrategy.h"
#include "trace/journal.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>

#include <cstdio>

using namespace lens;
using namespace lens::controller;

namespace {

QJsonObject claimJson(const QString &name)
{
    QJsonObject requests;
    requests.insert(QLatin1String("storage"), QStringLiteral("1Gi"));
    QJsonObject resources;
    resources.insert(QLatin1String("requests"), requests);
    QJsonObject spec;
    spec.insert(QLatin1String("accessModes"), QJsonArray{QStringLiteral("ReadWriteOnce")});
    spec.insert(QLatin1String("resources"), resources);
    spec.insert(QLatin1String("storageClassName"), QStringLiteral("standard"));
    QJsonObject meta;
    meta.insert(QLatin1String("name"), name);
    meta.insert(QLatin1String("namespace"), QStringLiteral("default"));
    QJsonObject o;
    o.insert(QLatin1String("apiVersion"), QStringLiteral("v1"));
    o.insert(QLatin1String("kind"), QStringLiteral("PersistentVolumeClaim"));
    o.insert(QLatin1String("metadata"), meta);
    o.insert(QLatin1String("spec"), spec);
    return o;
}

struct Result {
    double seconds = 0;
    int peakInFlight = 0;
    bool ok = false;
};

/// One run: a fresh cluster and controller; `claims` created at once; until all are Bound.
Result run(int claims, int threadiness, qint64 latencyMs)
{
    Result r;
    SteadyClock clock;
    Journal journal(&clock);
    journal.setCapacity(2000000);
    sim::Simulator sim;
    sim::Simulator::Options so;
    if (!sim.start(so))
        return r;
    RestConfig rest;
    rest.server = sim.url();
    const auto lw = storageListerWatchers(rest);
    SharedInformerFactory factory(lw, 0, &journal, &clock, {});
    auto *pvcs = factory.informerFor(QStringLiteral("persistentvolumeclaims"));
    auto *pvs = factory.informerFor(QStringLiteral("persistentvolumes"));
    auto *classes = factory.informerFor(QStringLiteral("storageclasses"));
    KubeClient client(rest, &journal, QStringLiteral("provisioner"));
    HostPathProvisioner provisioner(&clock);
    provisioner.setLatencyMs(latencyMs, 0);
    ProvisionController::Options o;
    o.threadiness = threadiness;
    ProvisionController controller(&factory, pvcs, pvs, classes, &client, &provisioner, &journal,
                                   &clock, o);
    factory.start();
    controller.run();
    QElapsedTimer deadline;
    deadline.start();
    // The seeded claims first, so that the timed ones start from a settled controller.
    while (sim.objects(QStringLiteral("persistentvolumes")).size() < 3 &&
           deadline.elapsed() < 60000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    sim::WriteStrategy api(sim.store());
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < claims; ++i)
        api.create(QStringLiteral("persistentvolumeclaims"),
                   claimJson(QStringLiteral("bench-%1").arg(i)));
    const auto bound = [&sim] {
        int n = 0;
        for (const Object &c : sim.objects(QStringLiteral("persistentvolumeclaims")))
            n += c.json().value(QLatin1String("status")).toObject().value(QLatin1String("phase")) ==
                 QLatin1String("Bound");
        return n;
    };
    while (bound() < claims + 3 && deadline.elapsed() < 600000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    r.seconds = t.elapsed() / 1000.0;
    r.peakInFlight = client.peakInFlight();
    r.ok = bound() == claims + 3;
    controller.shutDown();
    factory.shutdown();
    return r;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    p.addHelpOption();
    const QCommandLineOption claimsOpt(QStringLiteral("claims"),
                                       QStringLiteral("claims per run (default 100)"),
                                       QStringLiteral("N"), QStringLiteral("100"));
    const QCommandLineOption latencyOpt(
        QStringLiteral("latency-ms"),
        QStringLiteral("only this provisioner latency (default: 200 and 0)"), QStringLiteral("MS"));
    p.addOptions({claimsOpt, latencyOpt});
    p.process(app);
    const int claims = std::max(1, p.value(claimsOpt).toInt());
    QList<qint64> latencies{200, 0};
    if (p.isSet(latencyOpt))
        latencies = {p.value(latencyOpt).toLongLong()};
    std::printf("controller.claims: %d claims\n", claims);
    for (qint64 latency : latencies) {
        for (int threadiness : {1, 4}) {
            const Result r = run(claims, threadiness, latency);
            if (!r.ok) {
                std::fprintf(stderr, "run threadiness %d latency %lld ms did not finish\n",
                             threadiness, static_cast<long long>(latency));
                return 1;
            }
            std::printf("controller.claims_per_second.latency%lldms.threadiness%d: %.1f /s\n",
                        static_cast<long long>(latency), threadiness, claims / r.seconds);
            std::printf("controller.peak_writes_in_flight.latency%lldms.threadiness%d: %d\n",
                        static_cast<long long>(latency), threadiness, r.peakInFlight);
            std::fflush(stdout);
        }
    }
    return 0;
}
