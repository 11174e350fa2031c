// SPDX-License-Identifier: Apache-2.0
// Writes over HTTP: DELETE with finalizers (deletionTimestamp, MODIFIED then DELETED when the
// last finalizer goes), JSON patch (RFC 6902) with kube-apiserver's error codes, the strategic
// merge approximation (lists merged by key), and the scale subresource.
#include "simtestutil.h"

#include "sim/simulator.h"
#include "sim/store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <memory>

using namespace lens::sim;
using namespace simtest;

class tst_SimWrites : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void finalizersKeepTheObject();
    void jsonPatch_data();
    void jsonPatch();
    void strategicMergeByKey();
    void strategicMergeRefusedForCustomResources();
    void scaleSubresource();
    void protobufBodiesGet415();
    void invalidNamesAre422_data();
    void invalidNamesAre422();
    void badControlParametersAre400_data();
    void badControlParametersAre400();
    void anObjectCannotGrowWithoutBound();

private:
    HttpResult send(const QByteArray &verb, const QString &path, const QByteArray &body,
                    const QByteArray &contentType = "application/json")
    {
        return request(*m_nam, m_sim->url(), verb, path, body, contentType);
    }
    std::unique_ptr<Simulator> m_sim;
    std::unique_ptr<QNetworkAccessManager> m_nam;
};

void tst_SimWrites::init()
{
    qRegisterMetaType<lens::sim::ChangeEvent>();
    m_sim = std::make_unique<Simulator>();
    QString error;
    QVERIFY2(m_sim->start(&error), qPrintable(error));
    m_nam = std::make_unique<QNetworkAccessManager>();
}

void tst_SimWrites::cleanup()
{
    m_nam.reset();
    m_sim.reset();
}

void tst_SimWrites::finalizersKeepTheObject()
{
    const QString path = QStringLiteral("/api/v1/namespaces/default/configmaps");
    HttpResult r =
        send("POST", path,
             R"({"metadata":{"name":"held","finalizers":["lens.test/hold"]},"data":{"a":"1"}})");
    QCOMPARE(r.status, 201);
    QSignalSpy changes(m_sim->store(), &Store::changed);

    r = send("DELETE", path + QStringLiteral("/held"), {});
    QCOMPARE(r.status, 200);
    const QJsonObject meta = r.json().value(u"metadata").toObject();
    QVERIFY(!meta.value(u"deletionTimestamp").toString().isEmpty());
    QCOMPARE(meta.value(u"deletionGracePeriodSeconds").toInt(-1), 0);
    QCOMPARE(changes.size(), 1);
    QCOMPARE(changes[0][0].value<ChangeEvent>().type, ChangeEvent::Type::Modified);
    QVERIFY(
        !m_sim->store()
             ->get(QStringLiteral("configmaps"), QStringLiteral("default"), QStringLiteral("held"))
             .isNull());

    // A second DELETE changes nothing; adding a finalizer now is forbidden.
    QCOMPARE(send("DELETE", path + QStringLiteral("/held"), {}).status, 200);
    QCOMPARE(changes.size(), 1);
    r = send("PATCH", path + QStringLiteral("/held"),
             R"({"metadata":{"finalizers":["lens.test/hold","lens.test/more"]}})",
             "application/merge-patch+json");
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"reason").toString(), QStringLiteral("Invalid"));
    QCOMPARE(r.json().value(u"message").toString(),
             QStringLiteral("configmaps \"held\" is invalid: metadata.finalizers: Forbidden: no "
                            "new finalizers can be added if the object is being deleted, found "
                            "new finalizers []string{\"lens.test/more\"}"));
    // Other updates keep deletionTimestamp.
    r = send("PATCH", path + QStringLiteral("/held"), R"({"data":{"a":"2"}})",
             "application/merge-patch+json");
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"metadata").toObject().value(u"deletionTimestamp"),
             meta.value(u"deletionTimestamp"));
    QCOMPARE(changes.size(), 2);

    // Removing the last finalizer: MODIFIED, then DELETED; the object is gone.
    r = send("PATCH", path + QStringLiteral("/held"),
             R"([{"op":"remove","path":"/metadata/finalizers"}])", "application/json-patch+json");
    QCOMPARE(r.status, 200);
    QCOMPARE(changes.size(), 4);
    QCOMPARE(changes[2][0].value<ChangeEvent>().type, ChangeEvent::Type::Modified);
    QCOMPARE(changes[3][0].value<ChangeEvent>().type, ChangeEvent::Type::Deleted);
    QVERIFY(
        m_sim->store()
            ->get(QStringLiteral("configmaps"), QStringLiteral("default"), QStringLiteral("held"))
            .isNull());
    QCOMPARE(send("GET", path + QStringLiteral("/held"), {}).status, 404);
}

void tst_SimWrites::jsonPatch_data()
{
    QTest::addColumn<QByteArray>("patch");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("blee"); // data.blee afterwards ("" = unchanged check skipped)

    QTest::newRow("add") << QByteArray(R"([{"op":"add","path":"/data/blee","value":"x"}])") << 200
                         << QString() << QStringLiteral("x");
    QTest::newRow("replace then test")
        << QByteArray(R"([{"op":"add","path":"/data/blee","value":"y"},)"
                      R"({"op":"test","path":"/data/blee","value":"y"}])")
        << 200 << QString() << QStringLiteral("y");
    QTest::newRow("remove a missing path: 422")
        << QByteArray(R"([{"op":"remove","path":"/data/nope"}])") << 422
        << QStringLiteral("Invalid") << QString();
    QTest::newRow("failed test: 422")
        << QByteArray(R"([{"op":"test","path":"/metadata/name","value":"other"}])") << 422
        << QStringLiteral("Invalid") << QString();
    QTest::newRow("not an array: 400")
        << QByteArray(R"({"op":"add"})") << 400 << QStringLiteral("BadRequest") << QString();
    QTest::newRow("unknown op: 400") << QByteArray(R"([{"op":"frobnicate","path":"/data"}])") << 400
                                     << QStringLiteral("BadRequest") << QString();
    // nlohmann::json's patch() and dump() recurse per level: 100 000 levels are refused, not a
    // crash of the server.
    QTest::newRow("value nested 100 000 deep: 400")
        << QByteArray(R"([{"op":"add","path":"/data/blee","value":)" + QByteArray(100000, '[') +
                      QByteArray(100000, ']') + "}]")
        << 400 << QStringLiteral("BadRequest") << QString();
    // Issue 40 C1: a 5 KB value that copies itself into itself 30 times would be 5 TB; it used
    // to kill the server. kube-apiserver's JSONPatchMaxCopyBytes (3 MiB) stops it with 422.
    QByteArray doubling = R"([{"op":"add","path":"/metadata/annotations","value":{"a":")" +
                          QByteArray(5000, 'x') + R"("}})";
    for (int i = 0; i < 30; ++i)
        doubling +=
            R"(,{"op":"copy","from":"/metadata/annotations","path":"/metadata/annotations/c)" +
            QByteArray::number(i) + "\"}";
    QTest::newRow("a value that doubles 30 times: 422")
        << (doubling + "]") << 422 << QStringLiteral("Invalid") << QString();
    // patch.go maxJSONPatchOperations: 10 000.
    QByteArray many = "[";
    for (int i = 0; i < 10001; ++i)
        many +=
            QByteArray(i ? "," : "") + R"({"op":"test","path":"/metadata/name","value":"blee"})";
    QTest::newRow("10 001 operations: 413")
        << (many + "]") << 413 << QStringLiteral("RequestEntityTooLarge") << QString();
}

void tst_SimWrites::jsonPatch()
{
    QFETCH(QByteArray, patch);
    QFETCH(int, status);
    QFETCH(QString, reason);
    QFETCH(QString, blee);
    const qint64 before = m_sim->revision();
    const HttpResult r = send("PATCH", QStringLiteral("/api/v1/namespaces/default/configmaps/blee"),
                              patch, "application/json-patch+json");
    QCOMPARE(r.status, status);
    if (status != 200) {
        QCOMPARE(r.json().value(u"reason").toString(), reason);
        QCOMPARE(r.json().value(u"kind").toString(), QStringLiteral("Status"));
        QCOMPARE(m_sim->revision(), before);
        return;
    }
    QCOMPARE(r.json().value(u"data").toObject().value(u"blee").toString(), blee);
    QCOMPARE(m_sim->revision(), before + 1);
}

void tst_SimWrites::strategicMergeByKey()
{
    const QString pods = QStringLiteral("/api/v1/namespaces/default/pods");
    QCOMPARE(send("POST", pods,
                  R"({"metadata":{"name":"two","finalizers":["a"]},"spec":{"containers":[)"
                  R"({"name":"app","image":"app:1","ports":[{"containerPort":80}]},)"
                  R"({"name":"side","image":"side:1"}]}})")
                 .status,
             201);
    // Strategic merge: the containers list merges by name; ports by containerPort; the
    // ordering directive is dropped; finalizers merge as a set.
    HttpResult r = send(
        "PATCH", pods + QStringLiteral("/two"),
        R"({"metadata":{"finalizers":["b"]},"spec":{"$setElementOrder/containers":[{"name":"app"},{"name":"side"}],)"
        R"("containers":[{"name":"side","image":"side:2"},)"
        R"({"name":"app","ports":[{"containerPort":443}]}]}})",
        "application/strategic-merge-patch+json");
    QCOMPARE(r.status, 200);
    QJsonObject spec = r.json().value(u"spec").toObject();
    QJsonArray containers = spec.value(u"containers").toArray();
    QCOMPARE(containers.size(), 2);
    QCOMPARE(containers[0].toObject().value(u"image").toString(), QStringLiteral("app:1"));
    QCOMPARE(containers[0].toObject().value(u"ports").toArray().size(), 2);
    QCOMPARE(containers[1].toObject().value(u"image").toString(), QStringLiteral("side:2"));
    QVERIFY(!spec.contains(QStringLiteral("$setElementOrder/containers")));
    QCOMPARE(r.json().value(u"metadata").toObject().value(u"finalizers").toArray().size(), 2);
    // $patch: delete removes one element.
    r = send("PATCH", pods + QStringLiteral("/two"),
             R"({"spec":{"containers":[{"name":"side","$patch":"delete"}]}})",
             "application/strategic-merge-patch+json");
    QCOMPARE(r.status, 200);
    containers = r.json().value(u"spec").toObject().value(u"containers").toArray();
    QCOMPARE(containers.size(), 1);
    QCOMPARE(containers[0].toObject().value(u"name").toString(), QStringLiteral("app"));
    // A JSON merge patch replaces the list.
    r = send("PATCH", pods + QStringLiteral("/two"),
             R"({"spec":{"containers":[{"name":"only","image":"x"}]}})",
             "application/merge-patch+json");
    QCOMPARE(r.status, 200);
    containers = r.json().value(u"spec").toObject().value(u"containers").toArray();
    QCOMPARE(containers.size(), 1);
    QCOMPARE(containers[0].toObject().value(u"name").toString(), QStringLiteral("only"));
}

void tst_SimWrites::strategicMergeRefusedForCustomResources()
{
    const QString path =
        QStringLiteral("/apis/config.istio.io/v1alpha2/namespaces/default/adapters");
    QCOMPARE(send("POST", path, R"({"metadata":{"name":"a1"},"spec":{}})").status, 201);
    HttpResult r = send("PATCH", path + QStringLiteral("/a1"), R"({"spec":{"x":1}})",
                        "application/strategic-merge-patch+json");
    QCOMPARE(r.status, 415);
    QCOMPARE(r.json().value(u"reason").toString(), QStringLiteral("UnsupportedMediaType"));
    r = send("PATCH", path + QStringLiteral("/a1"), R"({"spec":{"x":1}})",
             "application/merge-patch+json");
    QCOMPARE(r.status, 200);
}

void tst_SimWrites::scaleSubresource()
{
    const QJsonObject discovery = get(*m_nam, m_sim->url(), QStringLiteral("/apis/apps/v1")).json();
    bool listed = false;
    for (const QJsonValue &v : discovery.value(u"resources").toArray()) {
        const QJsonObject o = v.toObject();
        if (o.value(u"name").toString() == QLatin1String("deployments/scale")) {
            listed = true;
            QCOMPARE(o.value(u"kind").toString(), QStringLiteral("Scale"));
            QCOMPARE(o.value(u"group").toString(), QStringLiteral("autoscaling"));
        }
    }
    QVERIFY(listed);
    const QString path =
        QStringLiteral("/apis/apps/v1/namespaces/default/deployments/icx-db/scale");
    HttpResult r = get(*m_nam, m_sim->url(), path);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"kind").toString(), QStringLiteral("Scale"));
    QCOMPARE(r.json().value(u"apiVersion").toString(), QStringLiteral("autoscaling/v1"));
    r = send("PATCH", path, R"({"spec":{"replicas":5}})", "application/merge-patch+json");
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"spec").toObject().value(u"replicas").toInt(), 5);
    const lens::Object d = m_sim->store()->get(QStringLiteral("deployments.apps"),
                                               QStringLiteral("default"), QStringLiteral("icx-db"));
    QCOMPARE(d.json().value(u"spec").toObject().value(u"replicas").toInt(), 5);
    QCOMPARE(r.json().value(u"metadata").toObject().value(u"resourceVersion").toString(),
             d.resourceVersion());
    r = send("PATCH", path, R"({"spec":{"replicas":-1}})", "application/merge-patch+json");
    QCOMPARE(r.status, 422);
    QCOMPARE(get(*m_nam, m_sim->url(),
                 QStringLiteral("/apis/apps/v1/namespaces/default/deployments/nope/scale"))
                 .status,
             404);
    QCOMPARE(
        get(*m_nam, m_sim->url(), QStringLiteral("/api/v1/namespaces/default/pods/x/scale")).status,
        404);
}

// kubectl's imperative creates (create configmap|secret|namespace) send protobuf bodies; the
// JSON-only simulator answers 415 UnsupportedMediaType as kube-apiserver does for a type it
// cannot decode, naming the way out.
void tst_SimWrites::protobufBodiesGet415()
{
    const HttpResult r =
        send("POST", QStringLiteral("/api/v1/namespaces/default/configmaps"),
             QByteArray("k8s\x00\x0a\x0f\x0a\x02v1", 11), "application/vnd.kubernetes.protobuf");
    QCOMPARE(r.status, 415);
    QCOMPARE(r.json().value(u"reason").toString(), QStringLiteral("UnsupportedMediaType"));
    QVERIFY(r.json().value(u"message").toString().contains(QLatin1String("apply -f")));
}

void tst_SimWrites::invalidNamesAre422_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("expected"); // "" = created
    const QString cms = QStringLiteral("/api/v1/namespaces/default/configmaps");
    const QString svcs = QStringLiteral("/api/v1/namespaces/default/services");
    const QString nss = QStringLiteral("/api/v1/namespaces");
    QTest::newRow("configmap-ok-dots") << cms << "ConfigMap"
                                       << "app.config-1"
                                       << "";
    QTest::newRow("configmap-upper") << cms << "ConfigMap"
                                     << "Bad_Name"
                                     << "a lowercase RFC 1123 subdomain must consist of";
    QTest::newRow("configmap-trailing-dash") << cms << "ConfigMap"
                                             << "cfg-"
                                             << "must start and end with an alphanumeric";
    QTest::newRow("configmap-too-long") << cms << "ConfigMap" << QString(254, QLatin1Char('a'))
                                        << "must be no more than 253 characters";
    QTest::newRow("namespace-dot") << nss << "Namespace"
                                   << "team.a"
                                   << "a lowercase RFC 1123 label must consist of";
    QTest::newRow("service-digit-first") << svcs << "Service"
                                         << "1web"
                                         << "a DNS-1035 label must consist of";
    QTest::newRow("service-ok") << svcs << "Service"
                                << "web-1"
                                << "";
}

void tst_SimWrites::invalidNamesAre422()
{
    QFETCH(QString, path);
    QFETCH(QString, kind);
    QFETCH(QString, name);
    QFETCH(QString, expected);
    const QJsonObject body{
        {QStringLiteral("apiVersion"), QStringLiteral("v1")},
        {QStringLiteral("kind"), kind},
        {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), name}}}};
    const qint64 before = m_sim->revision();
    const HttpResult r = send("POST", path, QJsonDocument(body).toJson());
    if (expected.isEmpty()) {
        QCOMPARE(r.status, 201);
        return;
    }
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"reason").toString(), QStringLiteral("Invalid"));
    const QString message = r.json().value(u"message").toString();
    QVERIFY2(message.startsWith(QStringLiteral("%1 \"%2\" is invalid: metadata.name: Invalid "
                                               "value: \"%2\": ")
                                    .arg(kind, name)) &&
                 message.contains(expected),
             qPrintable(message));
    QCOMPARE(m_sim->revision(), before); // nothing was written
}

void tst_SimWrites::badControlParametersAre400_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("expected");
    // The words of faultargs.h, which a scenario's fault step gets too.
    QTest::newRow("fail-count-word") << "fail?count=abc&code=500"
                                     << "fail: count \"abc\" is not a whole number from 0 to "
                                        "1000000";
    QTest::newRow("fail-code-999") << "fail?count=2&code=999"
                                   << "fail: code 999 is not a whole number from 400 to 599";
    QTest::newRow("fail-no-count") << "fail?code=503"
                                   << "fail: needs count (a whole number from 0 to 1000000)";
    QTest::newRow("bookmark-negative") << "bookmark-interval?ms=-5"
                                       << "bookmark-interval: ms -5 is not";
    QTest::newRow("history-limit-word") << "history-limit?events=x"
                                        << "history-limit: events \"x\" is not";
    QTest::newRow("history-limit-zero") << "history-limit?events=0"
                                        << "from 1 to";
    QTest::newRow("compact-word") << "compact?revision=zz"
                                  << "compact: revision \"zz\" is not a whole number from 0";
    QTest::newRow("compact-negative") << "compact?revision=-5"
                                      << "compact: revision -5 is not a whole number from 0";
    QTest::newRow("compact-future") << "compact?revision=999999999"
                                    << "compact: revision 999999999 is past the current revision";
    QTest::newRow("too-large-negative") << "too-large?count=-1"
                                        << "too-large: count -1 is not";
    QTest::newRow("churn-word") << "churn?intervalMs=fast"
                                << "intervalMs=\"fast\"";
    QTest::newRow("drop-maybe") << "drop-watches?midEvent=maybe"
                                << "drop-watches: midEvent \"maybe\" is not true or false";
    QTest::newRow("stall-nan") << "stall?seconds=nan"
                               << "stall: seconds \"nan\" is not a number of seconds from 0 "
                                  "to 86400";
    QTest::newRow("stall-a-billion") << "stall?seconds=1e9"
                                     << "stall: seconds 1e+09 is not a number of seconds";
}

void tst_SimWrites::badControlParametersAre400()
{
    QFETCH(QString, query);
    QFETCH(QString, expected);
    const QByteArray stateBefore =
        request(*m_nam, m_sim->url(), "GET", QStringLiteral("/sim/v1/state")).body;
    const HttpResult r = send("POST", QStringLiteral("/sim/v1/") + query, {});
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json().value(u"reason").toString(), QStringLiteral("BadRequest"));
    QVERIFY2(r.json().value(u"message").toString().contains(expected), r.body.constData());
    // The simulator kept its state (only the request counter moved).
    QJsonObject before = QJsonDocument::fromJson(stateBefore).object();
    QJsonObject after =
        request(*m_nam, m_sim->url(), "GET", QStringLiteral("/sim/v1/state")).json();
    before.remove(QStringLiteral("requests"));
    after.remove(QStringLiteral("requests"));
    QCOMPARE(after, before);
    // An unknown control names the ones there are.
    const HttpResult unknown = send("POST", QStringLiteral("/sim/v1/explode"), {});
    QCOMPARE(unknown.status, 404);
    QVERIFY(unknown.json().value(u"message").toString().contains(QLatin1String("drop-watches")));
}

// Hostile round 3: every patch under the 3 MiB body limit added 3 MB to one object until the
// server ran out of memory. kube-apiserver refuses annotations over 256 KiB
// (ValidateAnnotations) and etcd any object over 1.5 MiB.
void tst_SimWrites::anObjectCannotGrowWithoutBound()
{
    const QString path = QStringLiteral("/api/v1/namespaces/default/configmaps");
    QCOMPARE(send("POST", path, R"({"metadata":{"name":"grows"},"data":{"a":"1"}})").status, 201);
    const QByteArray big(300 * 1024, 'x');
    HttpResult r = send("PATCH", path + QStringLiteral("/grows"),
                        R"({"metadata":{"annotations":{"big":")" + big + R"("}}})",
                        "application/merge-patch+json");
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"message").toString(),
             QStringLiteral("ConfigMap \"grows\" is invalid: metadata.annotations: Too long: "
                            "must have at most 262144 bytes"));
    // 200 KiB more each time: the annotations stay under their limit, the object does not.
    const QByteArray part(200 * 1024, 'y');
    int status = 200;
    int patches = 0;
    for (; patches < 20 && status == 200; ++patches)
        status = send("PATCH", path + QStringLiteral("/grows"),
                      R"({"data":{"d)" + QByteArray::number(patches) + R"(":")" + part + R"("}})",
                      "application/merge-patch+json")
                     .status;
    QCOMPARE(status, 500);
    QCOMPARE(patches, 8); // 7 × 200 KiB fit in 1.5 MiB, the 8th does not
    r = send("GET", path + QStringLiteral("/grows"), {});
    QCOMPARE(r.status, 200);
    QVERIFY(r.body.size() < 1536 * 1024);
    const HttpResult tooLarge = send("POST", path,
                                     R"({"metadata":{"name":"huge"},"data":{"a":")" +
                                         QByteArray(1600 * 1024, 'z') + R"("}})");
    QCOMPARE(tooLarge.status, 500);
    QCOMPARE(tooLarge.json().value(u"message").toString(),
             QStringLiteral("etcdserver: request is too large"));
}

QTEST_GUILESS_MAIN(tst_SimWrites)
#include "tst_simwrites.moc"
