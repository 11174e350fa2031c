// SPDX-License-Identifier: Apache-2.0
// The resources beyond pods: core/v1 extras, apps/v1, batch/v1, CustomResourceDefinitions and
// their custom resources, with the discovery documents (/apis, /apis/{group},
// /apis/{group}/{version}) kubectl reads. kubectl itself is in tst_sim_kubectl.
#include "simtestutil.h"

#include "sim/simulator.h"
#include "sim/store.h"

#include <QJsonArray>
#include <QTest>

#include <memory>

using namespace lens::sim;
using namespace simtest;

namespace {
QJsonObject widgetCrd(const QString &scope = QStringLiteral("Namespaced"))
{
    const QJsonObject names{{QStringLiteral("plural"), QStringLiteral("widgets")},
                            {QStringLiteral("singular"), QStringLiteral("widget")},
                            {QStringLiteral("kind"), QStringLiteral("Widget")},
                            {QStringLiteral("shortNames"), QJsonArray{QStringLiteral("wd")}}};
    const QJsonObject version{{QStringLiteral("name"), QStringLiteral("v1")},
                              {QStringLiteral("served"), true},
                              {QStringLiteral("storage"), true}};
    return QJsonObject{
        {QStringLiteral("apiVersion"), QStringLiteral("apiextensions.k8s.io/v1")},
        {QStringLiteral("kind"), QStringLiteral("CustomResourceDefinition")},
        {QStringLiteral("metadata"),
         QJsonObject{{QStringLiteral("name"), QStringLiteral("widgets.example.com")}}},
        {QStringLiteral("spec"),
         QJsonObject{{QStringLiteral("group"), QStringLiteral("example.com")},
                     {QStringLiteral("names"), names},
                     {QStringLiteral("scope"), scope},
                     {QStringLiteral("versions"), QJsonArray{version}}}}};
}

QStringList names(const QJsonArray &array, const char *key = "name")
{
    QStringList out;
    for (const QJsonValue &v : array)
        out << v[QLatin1String(key)].toString();
    return out;
}
} // namespace

class tst_SimResources : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void discoveryGroups();
    void coreExtras();
    void appsAndBatchKinds();
    void seededCrdIsServed();
    void crdLifecycle();
    void remainingItemCountOnEveryPage();

private:
    HttpResult send(const QByteArray &verb, const QString &path, const QJsonObject &body = {})
    {
        return request(*m_nam, m_url, verb, path,
                       body.isEmpty() ? QByteArray() : QJsonDocument(body).toJson());
    }
    std::unique_ptr<Simulator> m_sim;
    std::unique_ptr<QNetworkAccessManager> m_nam;
    QUrl m_url;
};

void tst_SimResources::init()
{
    m_sim = std::make_unique<Simulator>();
    QString error;
    QVERIFY2(m_sim->start(&error), qPrintable(error));
    m_url = m_sim->url();
    m_nam = std::make_unique<QNetworkAccessManager>();
}

void tst_SimResources::cleanup()
{
    m_nam.reset();
    m_sim.reset();
}

void tst_SimResources::discoveryGroups()
{
    HttpResult r = get(*m_nam, m_url, QStringLiteral("/apis"));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(QStringLiteral("kind")).toString(), QStringLiteral("APIGroupList"));
    const QJsonArray groups = r.json().value(QStringLiteral("groups")).toArray();
    QCOMPARE(names(groups),
             (QStringList{QStringLiteral("apps"), QStringLiteral("batch"),
                          QStringLiteral("storage.k8s.io"), QStringLiteral("apiextensions.k8s.io"),
                          QStringLiteral("config.istio.io")}));
    QCOMPARE(
        groups[0][QStringLiteral("preferredVersion")][QStringLiteral("groupVersion")].toString(),
        QStringLiteral("apps/v1"));
    r = get(*m_nam, m_url, QStringLiteral("/apis/batch"));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(QStringLiteral("kind")).toString(), QStringLiteral("APIGroup"));
    QCOMPARE(names(r.json().value(QStringLiteral("versions")).toArray(), "version"),
             QStringList{QStringLiteral("v1")});
    r = get(*m_nam, m_url, QStringLiteral("/apis/apps/v1"));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(QStringLiteral("groupVersion")).toString(), QStringLiteral("apps/v1"));
    const QJsonArray apps = r.json().value(QStringLiteral("resources")).toArray();
    QCOMPARE(names(apps),
             (QStringList{QStringLiteral("deployments"), QStringLiteral("deployments/scale"),
                          QStringLiteral("replicasets"), QStringLiteral("replicasets/scale"),
                          QStringLiteral("statefulsets"), QStringLiteral("statefulsets/scale"),
                          QStringLiteral("daemonsets")}));
    QCOMPARE(apps[0][QStringLiteral("shortNames")].toArray(), QJsonArray{QStringLiteral("deploy")});
    QCOMPARE(apps[0][QStringLiteral("kind")].toString(), QStringLiteral("Deployment"));
    QVERIFY(apps[0][QStringLiteral("namespaced")].toBool());
    r = get(*m_nam, m_url, QStringLiteral("/apis/apiextensions.k8s.io/v1"));
    QCOMPARE(names(r.json().value(QStringLiteral("resources")).toArray()),
             QStringList{QStringLiteral("customresourcedefinitions")});
    // The core list holds the core kinds only.
    r = get(*m_nam, m_url, QStringLiteral("/api/v1"));
    const QStringList core = names(r.json().value(QStringLiteral("resources")).toArray());
    for (const char *n : {"pods", "configmaps", "secrets", "endpoints", "events", "serviceaccounts",
                          "namespaces", "nodes", "services"})
        QVERIFY2(core.contains(QLatin1String(n)), n);
    QVERIFY(!core.contains(QStringLiteral("deployments")));
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/apis/nope")).status, 404);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/apis/apps/v2")).status, 404);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/apis/apps/v2/deployments")).status, 404);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/api/v1/deployments")).status, 404);
}

void tst_SimResources::coreExtras()
{
    // default's events: the seeded one and the PV controller's ExternalProvisioning for each
    // of the three seeded claims.
    const QList<QPair<const char *, int>> paths = {{"/api/v1/namespaces/default/secrets", 1},
                                                   {"/api/v1/endpoints", 1},
                                                   {"/api/v1/namespaces/default/events", 4},
                                                   {"/api/v1/serviceaccounts", 1}};
    for (const auto &[path, count] : paths) {
        const HttpResult r = get(*m_nam, m_url, QLatin1String(path));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json().value(QStringLiteral("apiVersion")).toString(), QStringLiteral("v1"));
        QCOMPARE(r.json().value(QStringLiteral("items")).toArray().size(), count);
    }
    const HttpResult s =
        get(*m_nam, m_url, QStringLiteral("/api/v1/namespaces/default/secrets/s1"));
    QCOMPARE(s.status, 200);
    QCOMPARE(s.json().value(QStringLiteral("kind")).toString(), QStringLiteral("Secret"));
}

void tst_SimResources::appsAndBatchKinds()
{
    HttpResult r =
        get(*m_nam, m_url, QStringLiteral("/apis/apps/v1/namespaces/default/deployments"));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(QStringLiteral("kind")).toString(), QStringLiteral("DeploymentList"));
    QCOMPARE(r.json().value(QStringLiteral("apiVersion")).toString(), QStringLiteral("apps/v1"));
    const QJsonArray items = r.json().value(QStringLiteral("items")).toArray();
    QCOMPARE(items.size(), 1);
    QVERIFY(!items[0].toObject().contains(QStringLiteral("kind")));
    r = get(*m_nam, m_url, QStringLiteral("/apis/apps/v1/namespaces/default/deployments/icx-db"));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(QStringLiteral("apiVersion")).toString(), QStringLiteral("apps/v1"));
    // render-cj.json is batch/v1beta1 and render-rs.json says networking.k8s.io/v1: served as v1.
    r = get(*m_nam, m_url, QStringLiteral("/apis/batch/v1/namespaces/default/cronjobs/hello"));
    QCOMPARE(r.json().value(QStringLiteral("apiVersion")).toString(), QStringLiteral("batch/v1"));
    r = get(*m_nam, m_url, QStringLiteral("/apis/apps/v1/replicasets"));
    QCOMPARE(
        r.json()[QStringLiteral("items")][0][QStringLiteral("metadata")][QStringLiteral("name")]
            .toString(),
        QStringLiteral("icx-db-7d4b578979"));
    r = get(*m_nam, m_url, QStringLiteral("/apis/apps/v1/namespaces/default/deployments/nope"));
    QCOMPARE(r.status, 404);
    QCOMPARE(r.json().value(QStringLiteral("message")).toString(),
             QStringLiteral("deployments.apps \"nope\" not found"));
    QCOMPARE(r.json()[QStringLiteral("details")][QStringLiteral("group")].toString(),
             QStringLiteral("apps"));
    // A watch on a group resource sees writes with the group's apiVersion.
    WatchClient w(
        *m_nam, m_url,
        QStringLiteral("/apis/batch/v1/jobs?watch=1&resourceVersion=%1").arg(m_sim->revision()));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    const HttpResult del =
        send("DELETE", QStringLiteral("/apis/batch/v1/namespaces/default/jobs/hello-1567179180"));
    QCOMPARE(del.status, 200);
    QTRY_COMPARE(w.types(), QStringList{QStringLiteral("DELETED")});
    QCOMPARE(w.events[0][QStringLiteral("object")][QStringLiteral("apiVersion")].toString(),
             QStringLiteral("batch/v1"));
}

void tst_SimResources::seededCrdIsServed()
{
    const HttpResult r = get(*m_nam, m_url, QStringLiteral("/apis/config.istio.io/v1alpha2"));
    QCOMPARE(r.status, 200);
    const QJsonArray res = r.json().value(QStringLiteral("resources")).toArray();
    QCOMPARE(names(res), QStringList{QStringLiteral("adapters")});
    QCOMPARE(res[0][QStringLiteral("kind")].toString(), QStringLiteral("adapter"));
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/apis/config.istio.io/v1alpha2/adapters")).status,
             200);
}

void tst_SimResources::crdLifecycle()
{
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/apis/example.com/v1")).status, 404);
    HttpResult r =
        send("POST", QStringLiteral("/apis/apiextensions.k8s.io/v1/customresourcedefinitions"),
             widgetCrd());
    QCOMPARE(r.status, 201);
    // Discovery and the resource itself, at once.
    r = get(*m_nam, m_url, QStringLiteral("/apis/example.com/v1"));
    QCOMPARE(r.status, 200);
    const QJsonArray res = r.json().value(QStringLiteral("resources")).toArray();
    QCOMPARE(names(res), QStringList{QStringLiteral("widgets")});
    QCOMPARE(res[0][QStringLiteral("shortNames")].toArray(), QJsonArray{QStringLiteral("wd")});
    QVERIFY(
        names(
            get(*m_nam, m_url, QStringLiteral("/apis")).json()[QStringLiteral("groups")].toArray())
            .contains(QStringLiteral("example.com")));
    WatchClient w(*m_nam, m_url, QStringLiteral("/apis/example.com/v1/widgets?watch=1"));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    const QJsonObject widget{
        {QStringLiteral("apiVersion"), QStringLiteral("example.com/v1")},
        {QStringLiteral("kind"), QStringLiteral("Widget")},
        {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), QStringLiteral("w1")}}},
        {QStringLiteral("spec"), QJsonObject{{QStringLiteral("size"), 3}}}};
    r = send("POST", QStringLiteral("/apis/example.com/v1/namespaces/shop/widgets"), widget);
    QCOMPARE(r.status, 201);
    QCOMPARE(r.json().value(QStringLiteral("kind")).toString(), QStringLiteral("Widget"));
    QCOMPARE(r.json()[QStringLiteral("metadata")][QStringLiteral("namespace")].toString(),
             QStringLiteral("shop"));
    QTRY_COMPARE(w.types(), QStringList{QStringLiteral("ADDED")});
    r = get(*m_nam, m_url, QStringLiteral("/apis/example.com/v1/namespaces/shop/widgets"));
    QCOMPARE(r.json().value(QStringLiteral("kind")).toString(), QStringLiteral("WidgetList"));
    QCOMPARE(r.json().value(QStringLiteral("items")).toArray().size(), 1);
    // Deleting the CRD deletes its objects (the watch sees DELETED), then the resource goes.
    r = send("DELETE",
             QStringLiteral(
                 "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com"));
    QCOMPARE(r.status, 200);
    QTRY_COMPARE(w.types(), (QStringList{QStringLiteral("ADDED"), QStringLiteral("DELETED")}));
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/apis/example.com/v1")).status, 404);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/apis/example.com/v1/widgets")).status, 404);
    QVERIFY(!m_sim->store()->resourceType(QStringLiteral("widgets.example.com")).isValid());
    // Cluster-scoped custom resources are served without a namespace.
    QCOMPARE(send("POST", QStringLiteral("/apis/apiextensions.k8s.io/v1/customresourcedefinitions"),
                  widgetCrd(QStringLiteral("Cluster")))
                 .status,
             201);
    QCOMPARE(send("POST", QStringLiteral("/apis/example.com/v1/widgets"), widget).status, 201);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/apis/example.com/v1/widgets/w1")).status, 200);
    QCOMPARE(
        get(*m_nam, m_url, QStringLiteral("/apis/example.com/v1/namespaces/shop/widgets")).status,
        404);
}

void tst_SimResources::remainingItemCountOnEveryPage()
{
    // Later pages take the count from the server's per-snapshot memo; it must equal a walk.
    for (const QString &base : {QStringLiteral("/api/v1/pods?limit=3"),
                                QStringLiteral("/api/v1/namespaces/shop/pods?limit=1"),
                                QStringLiteral("/api/v1/pods?limit=2&labelSelector=tier")}) {
        const bool filtered = base.contains(QLatin1String("Selector"));
        const int total = filtered ? int(m_sim->objects(QStringLiteral("pods")).size())
                          : base.contains(QLatin1String("shop"))
                              ? int(m_sim->store()
                                        ->objects(QStringLiteral("pods"), QStringLiteral("shop"))
                                        .size())
                              : int(m_sim->objects(QStringLiteral("pods")).size());
        QVERIFY(total > 3);
        int seen = 0;
        QString token;
        do {
            const HttpResult r =
                get(*m_nam, m_url,
                    token.isEmpty() ? base : base + QStringLiteral("&continue=") + token);
            QCOMPARE(r.status, 200);
            seen += int(r.json().value(QStringLiteral("items")).toArray().size());
            const QJsonObject meta = r.json().value(QStringLiteral("metadata")).toObject();
            token = meta.value(QStringLiteral("continue")).toString();
            if (token.isEmpty())
                break;
            if (filtered)
                QVERIFY(!meta.contains(QStringLiteral("remainingItemCount")));
            else
                QCOMPARE(meta.value(QStringLiteral("remainingItemCount")).toInt(), total - seen);
            // Writes between pages do not change a continued list (it is a snapshot).
            m_sim->store()->remove(QStringLiteral("configmaps"), QStringLiteral("default"),
                                   QStringLiteral("blee"));
        } while (true);
        QCOMPARE(seen, total);
    }
}

QTEST_GUILESS_MAIN(tst_SimResources)
#include "tst_simresources.moc"
