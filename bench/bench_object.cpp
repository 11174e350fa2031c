// SPDX-License-Identifier: Apache-2.0
// What one Kubernetes object costs: the heap a lens::Object takes per pod version against the
// pod's compact JSON, and the decoder thread's time to turn a LIST body or a watch line into
// Objects (HttpListCall::parse, decodeWatchEvent: the code the informer runs). Then, with
// --pods N, one LIST of N synthetic pods (3.2 KB of JSON each, managedFields included) decoded
// as the informer's first list is: the time, the heap the N objects keep and the process's peak
// resident memory (VmHWM) while the body and the objects are both alive. One `key: value unit`
// line per figure; run each 3 times and take the median (the machine is shared).
//
//   build/bench/bench_object                  # the per-object and per-event figures
//   build/bench/bench_object --pods 10000     # one LIST, in a fresh process (peak RSS)
//   build/bench/bench_object --pods 150000
#include "client/httpcalls.h"
#include "heap/heap.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>

#include <cstdio>
#include <vector>

using namespace lens;

namespace {

double procStatusMiB(const char *field)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(field))
            return line.mid(qsizetype(qstrlen(field))).trimmed().split(' ').value(0).toDouble() /
                   1024.0;
    return -1;
}

/// A running pod as a v1.32 API server sends it in a LIST (items omit kind and apiVersion
/// there; a GET or a watch event carries them): labels, the kubectl annotation, two
/// managedFields entries, one container with probes and resources, and its status. About
/// 3.2 KB; %1 is the pod's number, %2 its resourceVersion.
const char kPod[] =
    R"({"metadata":{"name":"web-7d4b9c6f5-%1","generateName":"web-7d4b9c6f5-","namespace":"shop",)"
    R"("uid":"5f0c1e2a-8b7d-4c3e-9a1f-%1","resourceVersion":"%2","creationTimestamp":)"
    R"("2025-01-07T10:15:42Z","labels":{"app":"web","pod-template-hash":"7d4b9c6f5","tier":)"
    R"("frontend"},"annotations":{"kubectl.kubernetes.io/restartedAt":"2025-01-07T10:15:00Z"},)"
    R"("ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"web-7d4b9c6f5",)"
    R"("uid":"0a1b2c3d-4e5f-6789-abcd-ef0123456789","controller":true,"blockOwnerDeletion":true}],)"
    R"("managedFields":[{"manager":"kube-controller-manager","operation":"Update","apiVersion":)"
    R"("v1","time":"2025-01-07T10:15:42Z","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":)"
    R"({"f:generateName":{},"f:labels":{".":{},"f:app":{},"f:pod-template-hash":{},"f:tier":{}},)"
    R"("f:ownerReferences":{".":{},"k:{\"uid\":\"0a1b2c3d-4e5f-6789-abcd-ef0123456789\"}":{}}},)"
    R"("f:spec":{"f:containers":{"k:{\"name\":\"web\"}":{".":{},"f:image":{},"f:name":{},)"
    R"("f:ports":{".":{},"k:{\"containerPort\":8080,\"protocol\":\"TCP\"}":{}},"f:resources":)"
    R"({".":{},"f:limits":{},"f:requests":{}}}},"f:dnsPolicy":{},"f:restartPolicy":{}}}},)"
    R"({"manager":"kubelet","operation":"Update","apiVersion":"v1","time":"2025-01-07T10:15:49Z",)"
    R"("fieldsType":"FieldsV1","fieldsV1":{"f:status":{"f:conditions":{},"f:containerStatuses":)"
    R"({},"f:hostIP":{},"f:phase":{},"f:podIP":{},"f:podIPs":{},"f:startTime":{}}},)"
    R"("subresource":"status"}]},"spec":{"volumes":[{"name":"kube-api-access-x7k2p","projected":)"
    R"({"sources":[{"serviceAccountToken":{"expirationSeconds":3607,"path":"token"}},)"
    R"({"configMap":{"name":"kube-root-ca.crt","items":[{"key":"ca.crt","path":"ca.crt"}]}}],)"
    R"("defaultMode":420}}],"containers":[{"name":"web","image":)"
    R"("registry.example.com/shop/web:1.24.3","ports":[{"containerPort":8080,"protocol":"TCP"}],)"
    R"("resources":{"limits":{"cpu":"500m","memory":"256Mi"},"requests":{"cpu":"100m","memory":)"
    R"("128Mi"}},"volumeMounts":[{"name":"kube-api-access-x7k2p","readOnly":true,"mountPath":)"
    R"("/var/run/secrets/kubernetes.io/serviceaccount"}],"readinessProbe":{"httpGet":{"path":)"
    R"("/healthz","port":8080,"scheme":"HTTP"},"timeoutSeconds":1,"periodSeconds":10,)"
    R"("successThreshold":1,"failureThreshold":3},"terminationMessagePath":"/dev/termination-log",)"
    R"("terminationMessagePolicy":"File","imagePullPolicy":"IfNotPresent"}],"restartPolicy":)"
    R"("Always","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst","serviceAccountName":)"
    R"("default","serviceAccount":"default","nodeName":"node-12","securityContext":{},)"
    R"("schedulerName":"default-scheduler","tolerations":[{"key":)"
    R"("node.kubernetes.io/not-ready","operator":"Exists","effect":"NoExecute",)"
    R"("tolerationSeconds":300}],"priority":0,"enableServiceLinks":true,"preemptionPolicy":)"
    R"("PreemptLowerPriority"},"status":{"phase":"Running","conditions":[{"type":"Ready",)"
    R"("status":"True","lastProbeTime":null,"lastTransitionTime":"2025-01-07T10:15:49Z"},)"
    R"({"type":"PodScheduled","status":"True","lastProbeTime":null,"lastTransitionTime":)"
    R"("2025-01-07T10:15:42Z"}],"hostIP":"10.0.3.12","podIP":"10.244.3.57","podIPs":[{"ip":)"
    R"("10.244.3.57"}],"startTime":"2025-01-07T10:15:42Z","containerStatuses":[{"name":"web",)"
    R"("state":{"running":{"startedAt":"2025-01-07T10:15:48Z"}},"lastState":{},"ready":true,)"
    R"("restartCount":0,"image":"registry.example.com/shop/web:1.24.3","imageID":)"
    R"("registry.example.com/shop/web@sha256:3b1f0c8e9d2a4b6c8e0f1a3b5c7d9e1f3a5b7c9d1e3f5a7b9c1d)"
    R"(3e5f7a9b1c3d","containerID":"containerd://8c2e4a6b8d0f2a4c6e8a0b2d4f6a8c0e2b4d6f8a0c2e4b6d)"
    R"(8f0a2c4e6b8d0f2a","started":true}],"qosClass":"Burstable"}})";

QByteArray pod(int i, int rv)
{
    return QString::fromLatin1(kPod).arg(i, 6, 10, QLatin1Char('0')).arg(rv).toLatin1();
}

QByteArray listBody(int n)
{
    const QByteArray one = pod(0, 1);
    QByteArray body;
    body.reserve(qsizetype(n) * (one.size() + 1) + 200);
    body += R"({"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"9000000"},)"
            R"("items":[)";
    for (int i = 0; i < n; ++i) {
        if (i > 0)
            body += ',';
        body += pod(i, 1000 + i);
    }
    body += "]}";
    return body;
}

void print(const char *key, double value, const char *unit)
{
    std::printf("%s: %.3f %s\n", key, value, unit);
    std::fflush(stdout);
}

/// Heap per Object for N decoded copies of `json` (each with its own bytes), after each was
/// asked its byteSize() as the indexer's Size column does.
double bytesPerObject(const QByteArray &json, int n)
{
    std::vector<QByteArray> inputs;
    for (int i = 0; i < n; ++i) {
        // A different name per copy, so that nothing can be shared between them.
        QByteArray b = json;
        b.replace("\"name\":\"", "\"name\":\"" + QByteArray::number(i) + '-');
        inputs.push_back(b);
    }
    const double before = heap::figures().inUseMiB;
    std::vector<Object> objects;
    objects.reserve(size_t(n));
    qsizetype sizes = 0;
    for (const QByteArray &b : inputs) {
        objects.push_back(Object::parse(b));
        sizes += objects.back().byteSize();
    }
    const double after = heap::figures().inUseMiB;
    if (sizes <= 0)
        return -1;
    return (after - before) * 1024 * 1024 / n;
}

int listFigures(int n)
{
    const double before = heap::figures().inUseMiB;
    QByteArray body = listBody(n);
    QElapsedTimer t;
    t.start();
    HttpListCall::Parsed parsed = HttpListCall::parse(body);
    const double seconds = double(t.nsecsElapsed()) / 1e9;
    if (!parsed.ok || parsed.page.items.size() != n) {
        std::fprintf(stderr, "list of %d pods not decoded: %s\n", n,
                     qPrintable(parsed.error.describe()));
        return 1;
    }
    qsizetype json = 0;
    for (const Object &o : std::as_const(parsed.page.items))
        json += o.byteSize();
    body = QByteArray();
    const double cacheMiB = heap::figures().inUseMiB - before;
    const QByteArray suffix = ".pods" + QByteArray::number(n);
    print(QByteArray("list.decode_seconds" + suffix).constData(), seconds, "s");
    print(QByteArray("list.cache_mb" + suffix).constData(), cacheMiB, "MiB");
    print(QByteArray("list.cache_per_json" + suffix).constData(),
          cacheMiB * 1024 * 1024 / double(json), "x");
    print(QByteArray("list.rss_peak_mb" + suffix).constData(), procStatusMiB("VmHWM:"), "MiB");
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("What a lens::Object costs, and decoding."));
    p.addHelpOption();
    const QCommandLineOption podsOption(
        QStringLiteral("pods"),
        QStringLiteral("Only decode one LIST of N synthetic pods (peak RSS of a fresh process)."),
        QStringLiteral("N"));
    p.addOption(podsOption);
    p.process(app);
    if (p.isSet(podsOption))
        return listFigures(p.value(podsOption).toInt());

    std::printf("heap.allocator: %s\n", qPrintable(heap::allocatorName()));
    const QByteArray synthetic = pod(1, 1000);
    print("object.json_bytes", double(synthetic.size()), "B");
    const double perObject = bytesPerObject(synthetic, 2000);
    print("object.bytes_per_object", perObject, "B");
    print("object.ratio_to_json", perObject / double(synthetic.size()), "x");
    QFile fixture(QStringLiteral(LENS_SOURCE_DIR "/resources/fixtures/k9s/render-po.json"));
    if (fixture.open(QIODevice::ReadOnly)) {
        const QByteArray compact =
            QJsonDocument::fromJson(fixture.readAll()).toJson(QJsonDocument::Compact);
        const double fixtureObject = bytesPerObject(compact, 2000);
        print("object.render_po.json_bytes", double(compact.size()), "B");
        print("object.render_po.bytes_per_object", fixtureObject, "B");
        print("object.render_po.ratio_to_json", fixtureObject / double(compact.size()), "x");
    }

    constexpr int kItems = 2000;
    constexpr int kRounds = 5;
    double best = 1e18;
    for (int r = 0; r < kRounds; ++r) {
        QByteArray body = listBody(kItems);
        QElapsedTimer t;
        t.start();
        const HttpListCall::Parsed parsed = HttpListCall::parse(body);
        const double us = double(t.nsecsElapsed()) / 1e3 / kItems;
        if (!parsed.ok)
            return 1;
        best = std::min(best, us);
    }
    print("object.decode_us_per_pod", best, "us");

    std::vector<QByteArray> lines;
    for (int i = 0; i < kItems; ++i) {
        QByteArray object = pod(i, 5000 + i);
        object.insert(1, R"("kind":"Pod","apiVersion":"v1",)");
        lines.push_back(R"({"type":"MODIFIED","object":)" + object + '}');
    }
    best = 1e18;
    for (int r = 0; r < kRounds; ++r) {
        QElapsedTimer t;
        t.start();
        for (const QByteArray &line : lines) {
            WatchEvent ev;
            QString error;
            if (!decodeWatchEvent(line, &ev, &error))
                return 1;
        }
        best = std::min(best, double(t.nsecsElapsed()) / 1e3 / kItems);
    }
    print("watch.decode_us_per_event", best, "us");
    return 0;
}
