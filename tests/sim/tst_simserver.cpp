// SPDX-License-Identifier: Apache-2.0
// The simulated API server over real HTTP on loopback, checked against the shapes captured from
// a real kube-apiserver (the captured kube-apiserver v1.20 exchanges; the expected bodies are
// quoted below).
#include "simtestutil.h"

#include "sim/apiserver.h"
#include "sim/continuetoken.h"
#include "sim/simulator.h"
#include "sim/store.h"

#include <QJsonArray>
#include <QTcpSocket>
#include <QTest>

#include <memory>

using namespace lens::sim;
using namespace simtest;

namespace {
const QString kPods = QStringLiteral("pods");

// Bodies recorded from kube-apiserver v1.20.2 (fixtures 06, 08, 16, 05).
const char kFixture06[] =
    R"json({"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"too old resource version: 89 (93)","reason":"Expired","code":410}})json";
const char kFixture08[] =
    R"json({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"The resourceVersion for the provided list is too old.","reason":"Expired","code":410})json";
const char kFixture16[] =
    R"json({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Timeout: Too large resource version: 99999999, current: 93","reason":"Timeout","details":{"causes":[{"reason":"ResourceVersionTooLarge","message":"Too large resource version"}],"retryAfterSeconds":1},"code":504})json";
const char kFixture05Bookmark[] =
    R"json({"type":"BOOKMARK","object":{"kind":"Pod","apiVersion":"v1","metadata":{"resourceVersion":"93","creationTimestamp":null},"spec":{"containers":null},"status":{}}})json";

QJsonObject parse(const char *json)
{
    return QJsonDocument::fromJson(QByteArray(json)).object();
}

/// Replaces `path` ("object.message", "metadata.resourceVersion") in a JSON object.
QJsonObject with(QJsonObject o, const QString &path, const QJsonValue &v)
{
    const QStringList parts = path.split(QLatin1Char('.'));
    if (parts.size() == 1) {
        o.insert(parts.first(), v);
        return o;
    }
    o.insert(parts.first(),
             with(o.value(parts.first()).toObject(), parts.mid(1).join(QLatin1Char('.')), v));
    return o;
}

QJsonObject podJson(const QString &ns, const QString &name,
                    const QString &app = QStringLiteral("web"))
{
    QJsonObject meta{{QStringLiteral("name"), name},
                     {QStringLiteral("namespace"), ns},
                     {QStringLiteral("labels"), QJsonObject{{QStringLiteral("app"), app}}}};
    return QJsonObject{
        {QStringLiteral("apiVersion"), QStringLiteral("v1")},
        {QStringLiteral("kind"), QStringLiteral("Pod")},
        {QStringLiteral("metadata"), meta},
        {QStringLiteral("spec"), QJsonObject{{QStringLiteral("containers"), QJsonArray{}}}}};
}

QString keyOf(const QJsonObject &item)
{
    const QJsonObject m = item.value(QStringLiteral("metadata")).toObject();
    return m.value(QStringLiteral("namespace")).toString() + QLatin1Char('/') +
           m.value(QStringLiteral("name")).toString();
}
} // namespace

class tst_SimServer : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();

    void discovery();
    void listSortedItemsWithoutKind();
    void pagingAllNamespaces();
    void pagingOneNamespaceIsSnapshot();
    void listRv0IgnoresLimit();
    void listExactCompacted410();
    void listContinueAfterCompaction410();
    void listInvalidParameters();
    void listTooLargeRv504();
    void listSelectors();
    void getAndNotFound();
    void crudOverHttp();
    void watchSeesWrites();
    void watchReplaysFromResourceVersion();
    void watchRv0SyntheticAdded();
    void watchSelectorTransitions();
    void watchTooOld410();
    void watchTimeoutWithBookmark();
    void periodicBookmarks();
    void dropWatches();
    void dropWatchesMidEvent();
    void clientDisconnectEndsWatch();
    void manyConcurrentWatches();
    void keepAliveReusesConnection();
    void failNextRequests();
    void controlApi();

private:
    std::unique_ptr<Simulator> m_sim;
    std::unique_ptr<QNetworkAccessManager> m_nam;
    QUrl m_url;
};

void tst_SimServer::init()
{
    m_sim = std::make_unique<Simulator>();
    Simulator::Options o;
    o.seed = 42;
    QString error;
    QVERIFY2(m_sim->start(o, &error), qPrintable(error));
    m_url = m_sim->url();
    QCOMPARE(m_url.host(), QStringLiteral("127.0.0.1"));
    QVERIFY(m_url.port() > 0);
    m_nam = std::make_unique<QNetworkAccessManager>();
}

void tst_SimServer::cleanup()
{
    m_nam.reset();
    m_sim.reset();
}

void tst_SimServer::discovery()
{
    HttpResult r = get(*m_nam, m_url, QStringLiteral("/version"));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(QStringLiteral("gitVersion")).toString(),
             QStringLiteral("v1.32.0-lens-sim"));
    r = get(*m_nam, m_url, QStringLiteral("/api"));
    QCOMPARE(r.json().value(QStringLiteral("kind")).toString(), QStringLiteral("APIVersions"));
    QCOMPARE(r.json().value(QStringLiteral("versions")).toArray(),
             QJsonArray{QStringLiteral("v1")});
    r = get(*m_nam, m_url, QStringLiteral("/apis"));
    QCOMPARE(r.json().value(QStringLiteral("kind")).toString(), QStringLiteral("APIGroupList"));
    QVERIFY(r.json().value(QStringLiteral("groups")).isArray());
    r = get(*m_nam, m_url, QStringLiteral("/api/v1"));
    QCOMPARE(r.json().value(QStringLiteral("kind")).toString(), QStringLiteral("APIResourceList"));
    QJsonObject podsEntry, nsEntry;
    for (const QJsonValue &v : r.json().value(QStringLiteral("resources")).toArray()) {
        if (v[QStringLiteral("name")] == QStringLiteral("pods"))
            podsEntry = v.toObject();
        if (v[QStringLiteral("name")] == QStringLiteral("namespaces"))
            nsEntry = v.toObject();
    }
    QCOMPARE(podsEntry.value(QStringLiteral("kind")).toString(), QStringLiteral("Pod"));
    QCOMPARE(podsEntry.value(QStringLiteral("singularName")).toString(), QStringLiteral("pod"));
    QCOMPARE(podsEntry.value(QStringLiteral("namespaced")).toBool(), true);
    QCOMPARE(podsEntry.value(QStringLiteral("shortNames")).toArray(),
             QJsonArray{QStringLiteral("po")});
    const QJsonArray verbs = podsEntry.value(QStringLiteral("verbs")).toArray();
    for (const char *verb : {"get", "list", "watch", "create", "update", "patch", "delete"})
        QVERIFY2(verbs.contains(QLatin1String(verb)), verb);
    QCOMPARE(nsEntry.value(QStringLiteral("namespaced")).toBool(), false);
    QCOMPARE(nsEntry.value(QStringLiteral("shortNames")).toArray(),
             QJsonArray{QStringLiteral("ns")});
    r = get(*m_nam, m_url, QStringLiteral("/healthz"));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.body, QByteArray("ok"));
    r = get(*m_nam, m_url, QStringLiteral("/api/v1/widgets"));
    QCOMPARE(r.status, 404);
    QCOMPARE(r.json().value(QStringLiteral("reason")).toString(), QStringLiteral("NotFound"));
}

void tst_SimServer::listSortedItemsWithoutKind()
{
    const HttpResult r = get(*m_nam, m_url, QStringLiteral("/api/v1/pods"));
    QCOMPARE(r.status, 200);
    const QJsonObject list = r.json();
    QCOMPARE(list.value(QStringLiteral("kind")).toString(), QStringLiteral("PodList"));
    QCOMPARE(list.value(QStringLiteral("apiVersion")).toString(), QStringLiteral("v1"));
    QCOMPARE(list[QStringLiteral("metadata")][QStringLiteral("resourceVersion")].toString(),
             QString::number(m_sim->revision()));
    QVERIFY(
        !list.value(QStringLiteral("metadata")).toObject().contains(QStringLiteral("continue")));
    // The body starts like the real server's (key order kind, apiVersion, metadata, items).
    QVERIFY(r.body.startsWith(
        "{\"kind\":\"PodList\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":"));
    const QJsonArray items = list.value(QStringLiteral("items")).toArray();
    const QList<lens::Object> server = m_sim->objects(kPods);
    QCOMPARE(items.size(), server.size());
    for (int i = 0; i < items.size(); ++i) {
        const QJsonObject item = items[i].toObject();
        QVERIFY(!item.contains(QStringLiteral("kind"))); // list items omit kind/apiVersion
        QCOMPARE(keyOf(item), server[i].namespace_() + QLatin1Char('/') + server[i].name());
    }
}

void tst_SimServer::pagingAllNamespaces()
{
    const QList<lens::Object> server = m_sim->objects(kPods);
    const qint64 rv = m_sim->revision();
    QStringList seen;
    QString cont;
    int pages = 0;
    do {
        const HttpResult r =
            get(*m_nam, m_url,
                QStringLiteral("/api/v1/pods?limit=5") +
                    (cont.isEmpty() ? QString() : QStringLiteral("&continue=") + cont));
        QCOMPARE(r.status, 200);
        const QJsonObject meta = r.json().value(QStringLiteral("metadata")).toObject();
        QCOMPARE(meta.value(QStringLiteral("resourceVersion")).toString(), QString::number(rv));
        const QJsonArray items = r.json().value(QStringLiteral("items")).toArray();
        for (const QJsonValue &v : items)
            seen << keyOf(v.toObject());
        cont = meta.value(QStringLiteral("continue")).toString();
        if (!cont.isEmpty()) {
            QCOMPARE(items.size(), 5);
            QCOMPARE(meta.value(QStringLiteral("remainingItemCount")).toInteger(),
                     server.size() - seen.size());
            ContinueToken t;
            QString err;
            QVERIFY2(ContinueToken::decode(cont.toLatin1(), &t, &err), qPrintable(err));
            QCOMPARE(t.resourceVersion, rv);
            QCOMPARE(t.start, seen.last() + QChar(0)); // "namespace/name\0" (fixture 20)
        } else {
            QVERIFY(!meta.contains(QStringLiteral("remainingItemCount")));
        }
        ++pages;
    } while (!cont.isEmpty() && pages < 20);
    QCOMPARE(pages, int((server.size() + 4) / 5));
    QStringList want;
    for (const lens::Object &o : server)
        want << o.namespace_() + QLatin1Char('/') + o.name();
    QCOMPARE(seen, want);
}

void tst_SimServer::pagingOneNamespaceIsSnapshot()
{
    const QList<lens::Object> inShop = m_sim->store()->objects(kPods, QStringLiteral("shop"));
    QVERIFY(inShop.size() >= 3);
    HttpResult r = get(*m_nam, m_url, QStringLiteral("/api/v1/namespaces/shop/pods?limit=1"));
    QCOMPARE(r.status, 200);
    const QString rv =
        r.json()[QStringLiteral("metadata")][QStringLiteral("resourceVersion")].toString();
    const QString cont =
        r.json()[QStringLiteral("metadata")][QStringLiteral("continue")].toString();
    ContinueToken t;
    QVERIFY(ContinueToken::decode(cont.toLatin1(), &t, nullptr));
    QCOMPARE(t.start, inShop.first().name() + QChar(0)); // relative to the namespace (fixture 01)
    // Writes between pages must not show up: the continue token pins the snapshot (etcd MVCC).
    QVERIFY(m_sim->store()->remove(kPods, QStringLiteral("shop"), inShop.last().name()).ok());
    QVERIFY(m_sim->store()
                ->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("zzz-new")))
                .ok());
    r = get(*m_nam, m_url,
            QStringLiteral("/api/v1/namespaces/shop/pods?limit=100&continue=") + cont);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json()[QStringLiteral("metadata")][QStringLiteral("resourceVersion")].toString(),
             rv);
    QStringList names;
    for (const QJsonValue &v : r.json().value(QStringLiteral("items")).toArray())
        names << v[QStringLiteral("metadata")][QStringLiteral("name")].toString();
    QStringList want;
    for (int i = 1; i < inShop.size(); ++i)
        want << inShop[i].name();
    QCOMPARE(names, want);
}

void tst_SimServer::listRv0IgnoresLimit()
{
    const HttpResult r =
        get(*m_nam, m_url, QStringLiteral("/api/v1/pods?resourceVersion=0&limit=2"));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(QStringLiteral("items")).toArray().size(),
             m_sim->objects(kPods).size());
    QVERIFY(!r.json()
                 .value(QStringLiteral("metadata"))
                 .toObject()
                 .contains(QStringLiteral("continue")));
}

void tst_SimServer::listExactCompacted410()
{
    const qint64 old = m_sim->revision();
    QVERIFY(m_sim->store()
                ->create(kPods, podJson(QStringLiteral("default"), QStringLiteral("x")))
                .ok());
    HttpResult r =
        get(*m_nam, m_url,
            QStringLiteral("/api/v1/pods?resourceVersion=%1&resourceVersionMatch=Exact&limit=2")
                .arg(old));
    QCOMPARE(r.status, 200); // not compacted yet: served at that revision
    QCOMPARE(r.json()[QStringLiteral("metadata")][QStringLiteral("resourceVersion")].toString(),
             QString::number(old));
    m_sim->compact();
    r = get(*m_nam, m_url,
            QStringLiteral("/api/v1/pods?resourceVersion=%1&resourceVersionMatch=Exact&limit=2")
                .arg(old));
    QCOMPARE(r.status, 410);
    QCOMPARE(r.json(), parse(kFixture08));
}

void tst_SimServer::listContinueAfterCompaction410()
{
    HttpResult r = get(*m_nam, m_url, QStringLiteral("/api/v1/namespaces/shop/pods?limit=1"));
    const QString cont =
        r.json()[QStringLiteral("metadata")][QStringLiteral("continue")].toString();
    QVERIFY(!cont.isEmpty());
    QVERIFY(m_sim->store()
                ->create(kPods, podJson(QStringLiteral("default"), QStringLiteral("x")))
                .ok());
    m_sim->compact();
    r = get(*m_nam, m_url, QStringLiteral("/api/v1/namespaces/shop/pods?limit=1&continue=") + cont);
    QCOMPARE(r.status, 410);
    const QJsonObject st = r.json();
    QCOMPARE(st.value(QStringLiteral("reason")).toString(), QStringLiteral("Expired"));
    QCOMPARE(st.value(QStringLiteral("code")).toInt(), 410);
    QCOMPARE(st.value(QStringLiteral("kind")).toString(), QStringLiteral("Status"));
    QVERIFY(st.value(QStringLiteral("message"))
                .toString()
                .startsWith(QStringLiteral("The provided continue parameter is too old to display "
                                           "a consistent list result.")));
    // Fixture 07: the Status carries a fresh "inconsistent" token (rv -1) with the same start.
    ContinueToken oldT, fresh;
    QVERIFY(ContinueToken::decode(cont.toLatin1(), &oldT, nullptr));
    QVERIFY(ContinueToken::decode(
        st[QStringLiteral("metadata")][QStringLiteral("continue")].toString().toLatin1(), &fresh,
        nullptr));
    QCOMPARE(fresh.resourceVersion, -1);
    QCOMPARE(fresh.start, oldT.start);
    // ...which serves the rest from the latest state.
    r = get(*m_nam, m_url,
            QStringLiteral("/api/v1/namespaces/shop/pods?limit=100&continue=") +
                st[QStringLiteral("metadata")][QStringLiteral("continue")].toString());
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(QStringLiteral("items")).toArray().size(),
             m_sim->store()->objects(kPods, QStringLiteral("shop")).size() - 1);
}

void tst_SimServer::listInvalidParameters()
{
    HttpResult r = get(*m_nam, m_url, QStringLiteral("/api/v1/pods?limit=2&continue=garbage"));
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json().value(QStringLiteral("reason")).toString(), QStringLiteral("BadRequest"));
    QVERIFY(r.json()
                .value(QStringLiteral("message"))
                .toString()
                .startsWith(QStringLiteral("invalid continue token: ")));
    r = get(*m_nam, m_url, QStringLiteral("/api/v1/pods?resourceVersion=abc")); // fixture 11
    QCOMPARE(r.status, 500);
    QCOMPARE(r.json().value(QStringLiteral("message")).toString(),
             QStringLiteral("resourceVersion: Invalid value: \"abc\": strconv.ParseUint: parsing "
                            "\"abc\": invalid syntax"));
    QVERIFY(!r.json().contains(QStringLiteral("reason")));
    r = get(*m_nam, m_url,
            QStringLiteral("/api/v1/pods?limit=2&resourceVersion=abc")); // fixture 13
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json().value(QStringLiteral("reason")).toString(), QStringLiteral("BadRequest"));
    r = get(*m_nam, m_url, QStringLiteral("/api/v1/pods?labelSelector=%3Dbad"));
    QCOMPARE(r.status, 400);
}

void tst_SimServer::listTooLargeRv504()
{
    const HttpResult r =
        get(*m_nam, m_url, QStringLiteral("/api/v1/namespaces/shop/pods?resourceVersion=99999999"));
    QCOMPARE(r.status, 504);
    QCOMPARE(r.retryAfter, QByteArray("1"));
    QVERIFY2(r.elapsedMs < 2000, "answers at once");
    const QJsonObject want =
        with(parse(kFixture16), QStringLiteral("message"),
             QStringLiteral("Timeout: Too large resource version: 99999999, current: %1")
                 .arg(m_sim->revision()));
    QCOMPARE(r.json(), want);
}

void tst_SimServer::listSelectors()
{
    QVERIFY(m_sim->store()
                ->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("sel-a"),
                                        QStringLiteral("selected")))
                .ok());
    QVERIFY(m_sim->store()
                ->create(kPods, podJson(QStringLiteral("analytics"), QStringLiteral("sel-b"),
                                        QStringLiteral("selected")))
                .ok());
    HttpResult r = get(*m_nam, m_url, QStringLiteral("/api/v1/pods?labelSelector=app%3Dselected"));
    QStringList keys;
    for (const QJsonValue &v : r.json().value(QStringLiteral("items")).toArray())
        keys << keyOf(v.toObject());
    QCOMPARE(keys, (QStringList{QStringLiteral("analytics/sel-b"), QStringLiteral("shop/sel-a")}));
    r = get(*m_nam, m_url, QStringLiteral("/api/v1/pods?labelSelector=app%3Dselected&limit=1"));
    QVERIFY(!r.json()[QStringLiteral("metadata")][QStringLiteral("continue")].toString().isEmpty());
    QVERIFY(!r.json()
                 .value(QStringLiteral("metadata"))
                 .toObject()
                 .contains(QStringLiteral("remainingItemCount")));
    r = get(*m_nam, m_url, QStringLiteral("/api/v1/pods?fieldSelector=metadata.name%3Dsel-a"));
    QCOMPARE(r.json().value(QStringLiteral("items")).toArray().size(), 1);
    r = get(
        *m_nam, m_url,
        QStringLiteral("/api/v1/namespaces/shop/pods?labelSelector=app+in+%28selected%2Cother%29"));
    QCOMPARE(r.json().value(QStringLiteral("items")).toArray().size(), 1);
}

void tst_SimServer::getAndNotFound()
{
    const lens::Object some = m_sim->objects(kPods).first();
    HttpResult r =
        get(*m_nam, m_url,
            QStringLiteral("/api/v1/namespaces/%1/pods/%2").arg(some.namespace_(), some.name()));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json(), some.json());
    r = get(*m_nam, m_url, QStringLiteral("/api/v1/namespaces/shop/pods/nope"));
    QCOMPARE(r.status, 404);
    QCOMPARE(r.json().value(QStringLiteral("message")).toString(),
             QStringLiteral("pods \"nope\" not found"));
    QCOMPARE(r.json()[QStringLiteral("details")][QStringLiteral("kind")].toString(),
             QStringLiteral("pods"));
    r = get(*m_nam, m_url, QStringLiteral("/api/v1/namespaces/shop"));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(QStringLiteral("kind")).toString(), QStringLiteral("Namespace"));
}

void tst_SimServer::crudOverHttp()
{
    const QByteArray body = QJsonDocument(podJson(QString(), QStringLiteral("made"))).toJson();
    HttpResult r =
        request(*m_nam, m_url, "POST", QStringLiteral("/api/v1/namespaces/shop/pods"), body);
    QCOMPARE(r.status, 201);
    QCOMPARE(r.json()[QStringLiteral("metadata")][QStringLiteral("namespace")].toString(),
             QStringLiteral("shop"));
    QCOMPARE(r.json()[QStringLiteral("metadata")][QStringLiteral("resourceVersion")].toString(),
             QString::number(m_sim->revision()));
    QVERIFY(!m_sim->store()->get(kPods, QStringLiteral("shop"), QStringLiteral("made")).isNull());
    r = request(*m_nam, m_url, "POST", QStringLiteral("/api/v1/namespaces/shop/pods"), body);
    QCOMPARE(r.status, 409);
    QCOMPARE(r.json().value(QStringLiteral("reason")).toString(), QStringLiteral("AlreadyExists"));
    r = request(*m_nam, m_url, "POST", QStringLiteral("/api/v1/namespaces/ghost/pods"), body);
    QCOMPARE(r.status, 404);

    r = request(*m_nam, m_url, "PATCH", QStringLiteral("/api/v1/namespaces/shop/pods/made"),
                R"({"metadata":{"labels":{"color":"blue","app":null}}})",
                "application/strategic-merge-patch+json");
    QCOMPARE(r.status, 200);
    const lens::Object patched =
        m_sim->store()->get(kPods, QStringLiteral("shop"), QStringLiteral("made"));
    QCOMPARE(patched.labels(),
             (QMap<QString, QString>{{QStringLiteral("color"), QStringLiteral("blue")}}));

    QJsonObject stale = podJson(QStringLiteral("shop"), QStringLiteral("made"));
    stale = with(stale, QStringLiteral("metadata.resourceVersion"), QStringLiteral("1"));
    r = request(*m_nam, m_url, "PUT", QStringLiteral("/api/v1/namespaces/shop/pods/made"),
                QJsonDocument(stale).toJson());
    QCOMPARE(r.status, 409);
    QCOMPARE(r.json().value(QStringLiteral("reason")).toString(), QStringLiteral("Conflict"));
    stale = with(stale, QStringLiteral("metadata.resourceVersion"), patched.resourceVersion());
    r = request(*m_nam, m_url, "PUT", QStringLiteral("/api/v1/namespaces/shop/pods/made"),
                QJsonDocument(stale).toJson());
    QCOMPARE(r.status, 200);

    r = request(*m_nam, m_url, "DELETE", QStringLiteral("/api/v1/namespaces/shop/pods/made"));
    QCOMPARE(r.status, 200);
    QVERIFY(m_sim->store()->get(kPods, QStringLiteral("shop"), QStringLiteral("made")).isNull());
    r = request(*m_nam, m_url, "DELETE", QStringLiteral("/api/v1/namespaces/shop/pods/made"));
    QCOMPARE(r.status, 404);
}

void tst_SimServer::watchSeesWrites()
{
    const qint64 rv = m_sim->revision();
    WatchClient w(*m_nam, m_url,
                  QStringLiteral("/api/v1/pods?watch=true&resourceVersion=%1").arg(rv));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    Store *s = m_sim->store();
    const WriteResult c = s->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("w1")));
    QVERIFY(c.ok());
    QJsonObject upd = with(c.object.json(), QStringLiteral("metadata.labels"),
                           QJsonObject{{QStringLiteral("v"), QStringLiteral("2")}});
    QVERIFY(s->update(kPods, upd).ok());
    QVERIFY(s->remove(kPods, QStringLiteral("shop"), QStringLiteral("w1")).ok());
    QTRY_COMPARE(w.types(), (QStringList{QStringLiteral("ADDED"), QStringLiteral("MODIFIED"),
                                         QStringLiteral("DELETED")}));
    for (int i = 0; i < 3; ++i) {
        const QJsonObject obj = w.events[i].value(QStringLiteral("object")).toObject();
        QCOMPARE(obj.value(QStringLiteral("kind")).toString(), QStringLiteral("Pod"));
        QCOMPARE(obj[QStringLiteral("metadata")][QStringLiteral("resourceVersion")].toString(),
                 QString::number(rv + 1 + i));
    }
    QCOMPARE(w.events[1][QStringLiteral("object")][QStringLiteral("metadata")]
                     [QStringLiteral("labels")][QStringLiteral("v")]
                         .toString(),
             QStringLiteral("2"));
    QVERIFY(!w.finished);
}

void tst_SimServer::watchReplaysFromResourceVersion()
{
    Store *s = m_sim->store();
    const qint64 rv = s->revision();
    QVERIFY(s->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("r1"))).ok());
    QVERIFY(s->create(kPods, podJson(QStringLiteral("default"), QStringLiteral("r2"))).ok());
    QVERIFY(s->remove(kPods, QStringLiteral("shop"), QStringLiteral("r1")).ok());
    WatchClient all(*m_nam, m_url,
                    QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1").arg(rv));
    WatchClient shop(
        *m_nam, m_url,
        QStringLiteral("/api/v1/namespaces/shop/pods?watch=1&resourceVersion=%1").arg(rv));
    QTRY_COMPARE(all.types(), (QStringList{QStringLiteral("ADDED"), QStringLiteral("ADDED"),
                                           QStringLiteral("DELETED")}));
    QTRY_COMPARE(shop.types(), (QStringList{QStringLiteral("ADDED"), QStringLiteral("DELETED")}));
    // Live events follow the replay without gaps or repeats.
    QVERIFY(s->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("r3"))).ok());
    QTRY_COMPARE(shop.events.size(), 3);
    QCOMPARE(
        shop.events
            .last()[QStringLiteral("object")][QStringLiteral("metadata")][QStringLiteral("name")]
            .toString(),
        QStringLiteral("r3"));
    QCOMPARE(all.events.size(), 4);
}

void tst_SimServer::watchRv0SyntheticAdded()
{
    const int n = int(m_sim->store()->objects(kPods, QStringLiteral("shop")).size());
    WatchClient w(*m_nam, m_url,
                  QStringLiteral("/api/v1/namespaces/shop/pods?watch=1&resourceVersion=0"));
    QTRY_COMPARE(w.events.size(), n);
    QCOMPARE(w.types(), QStringList(n, QStringLiteral("ADDED")));
    WatchClient empty(*m_nam, m_url, QStringLiteral("/api/v1/namespaces/shop/pods?watch=1"));
    QTRY_COMPARE(empty.events.size(), n);
}

void tst_SimServer::watchSelectorTransitions()
{
    Store *s = m_sim->store();
    WatchClient w(*m_nam, m_url,
                  QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1&labelSelector=app%3Dhot")
                      .arg(s->revision()));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    const WriteResult c = s->create(
        kPods, podJson(QStringLiteral("shop"), QStringLiteral("t1"), QStringLiteral("cold")));
    const WriteResult hot = s->update(
        kPods, with(c.object.json(), QStringLiteral("metadata.labels.app"), QStringLiteral("hot")));
    const WriteResult cold =
        s->update(kPods, with(hot.object.json(), QStringLiteral("metadata.labels.app"),
                              QStringLiteral("cold")));
    QVERIFY(cold.ok());
    QTRY_COMPARE(w.types(), (QStringList{QStringLiteral("ADDED"), QStringLiteral("DELETED")}));
    // Leaving the selection: DELETED with the previous content and the new resourceVersion.
    const QJsonObject gone = w.events[1].value(QStringLiteral("object")).toObject();
    QCOMPARE(gone[QStringLiteral("metadata")][QStringLiteral("labels")][QStringLiteral("app")]
                 .toString(),
             QStringLiteral("hot"));
    QCOMPARE(gone[QStringLiteral("metadata")][QStringLiteral("resourceVersion")].toString(),
             cold.object.resourceVersion());
}

void tst_SimServer::watchTooOld410()
{
    const qint64 old = m_sim->revision();
    QVERIFY(
        m_sim->store()->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("o1"))).ok());
    m_sim->compact();
    WatchClient w(
        *m_nam, m_url,
        QStringLiteral(
            "/api/v1/namespaces/shop/pods?watch=1&allowWatchBookmarks=true&resourceVersion=%1")
            .arg(old));
    QTRY_VERIFY(w.finished);
    QCOMPARE(w.status, 200);
    QCOMPARE(w.error, QNetworkReply::NoError);
    QCOMPARE(w.events.size(), 1);
    const QJsonObject want =
        with(parse(kFixture06), QStringLiteral("object.message"),
             QStringLiteral("too old resource version: %1 (%2)").arg(old).arg(m_sim->revision()));
    QCOMPARE(w.events.first(), want);
    QCOMPARE(m_sim->openWatchCount(), 0);
}

void tst_SimServer::watchTimeoutWithBookmark()
{
    const qint64 rv = m_sim->revision();
    WatchClient w(
        *m_nam, m_url,
        QStringLiteral("/api/v1/namespaces/shop/"
                       "pods?watch=1&allowWatchBookmarks=true&resourceVersion=%1&timeoutSeconds=2")
            .arg(rv));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    QVERIFY(
        m_sim->store()->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("b1"))).ok());
    QTRY_VERIFY_WITH_TIMEOUT(w.finished, 5000);
    QCOMPARE(w.error, QNetworkReply::NoError); // clean end of the chunked body
    QCOMPARE(w.types(), (QStringList{QStringLiteral("ADDED"), QStringLiteral("BOOKMARK")}));
    QCOMPARE(w.events.last(),
             with(parse(kFixture05Bookmark), QStringLiteral("object.metadata.resourceVersion"),
                  QString::number(m_sim->revision())));
    QCOMPARE(m_sim->openWatchCount(), 0);
}

void tst_SimServer::periodicBookmarks()
{
    m_sim->setBookmarkInterval(150);
    WatchClient with(
        *m_nam, m_url,
        QStringLiteral("/api/v1/pods?watch=1&allowWatchBookmarks=true&resourceVersion=%1")
            .arg(m_sim->revision()));
    WatchClient without(
        *m_nam, m_url,
        QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1").arg(m_sim->revision()));
    QTRY_VERIFY(with.events.size() >= 3);
    const QStringList types = with.types();
    QCOMPARE(QSet<QString>(types.begin(), types.end()), QSet<QString>{QStringLiteral("BOOKMARK")});
    QCOMPARE(without.events.size(), 0);
    m_sim->setBookmarkInterval(0);
    const auto n = with.events.size();
    QTest::qWait(400);
    QVERIFY(with.events.size() <= n + 1);
}

void tst_SimServer::dropWatches()
{
    WatchClient a(*m_nam, m_url,
                  QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1").arg(m_sim->revision()));
    WatchClient b(*m_nam, m_url, QStringLiteral("/api/v1/namespaces/shop/pods?watch=1"));
    QTRY_COMPARE(m_sim->openWatchCount(), 2);
    QCOMPARE(m_sim->dropWatches(), 2);
    QCOMPARE(m_sim->openWatchCount(), 0);
    QTRY_VERIFY(a.finished && b.finished);
    QVERIFY(a.error != QNetworkReply::NoError); // connection closed inside the chunked body
    // The server is still fine.
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/api")).status, 200);
}

void tst_SimServer::dropWatchesMidEvent()
{
    WatchClient a(*m_nam, m_url,
                  QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1").arg(m_sim->revision()));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    QTRY_VERIFY(a.started());
    QCOMPARE(m_sim->dropWatches(true), 1);
    QTRY_VERIFY(a.finished);
    QCOMPARE(a.events.size(), 0);
    QVERIFY(a.m_tail.startsWith("{\"type\":\"MODIFIED\""));
    QVERIFY(!a.m_tail.contains('\n'));
    QVERIFY(QJsonDocument::fromJson(a.m_tail).isNull()); // truncated JSON
}

void tst_SimServer::clientDisconnectEndsWatch()
{
    auto w = std::make_unique<WatchClient>(*m_nam, m_url, QStringLiteral("/api/v1/pods?watch=1"));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    w->abort();
    QTRY_COMPARE(m_sim->openWatchCount(), 0);
    // Writes after the client left must not crash or leak.
    QVERIFY(m_sim->store()
                ->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("after")))
                .ok());
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/healthz")).status, 200);
}

void tst_SimServer::manyConcurrentWatches()
{
    // QNAM opens at most 6 connections per host, so spread 50 watches over 10 managers.
    std::vector<std::unique_ptr<QNetworkAccessManager>> nams;
    std::vector<std::unique_ptr<WatchClient>> watches;
    const qint64 rv = m_sim->revision();
    for (int i = 0; i < 10; ++i) {
        nams.push_back(std::make_unique<QNetworkAccessManager>());
        for (int j = 0; j < 5; ++j)
            watches.push_back(std::make_unique<WatchClient>(
                *nams.back(), m_url,
                QStringLiteral("/api/v1/pods?watch=1&resourceVersion=%1").arg(rv)));
    }
    QTRY_COMPARE(m_sim->openWatchCount(), 50);
    const HttpResult api = get(*m_nam, m_url, QStringLiteral("/api"));
    QCOMPARE(api.status, 200);
    QVERIFY2(api.elapsedMs < 1000, qPrintable(QString::number(api.elapsedMs)));
    const HttpResult list = get(*m_nam, m_url, QStringLiteral("/api/v1/pods"));
    QCOMPARE(list.status, 200);
    QVERIFY(m_sim->store()
                ->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("fanout")))
                .ok());
    for (const auto &w : watches)
        QTRY_COMPARE(w->events.size(), 1);
    watches.clear();
    QTRY_COMPARE(m_sim->openWatchCount(), 0);
}

void tst_SimServer::keepAliveReusesConnection()
{
    QTcpSocket sock;
    QByteArray in;
    connect(&sock, &QTcpSocket::readyRead, &sock, [&] { in += sock.readAll(); });
    sock.connectToHost(QHostAddress::LocalHost, m_url.port());
    QTRY_COMPARE(sock.state(), QAbstractSocket::ConnectedState);
    const auto exchange = [&](const QByteArray &path) -> QByteArray {
        in.clear();
        sock.write("GET " + path + " HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n\r\n");
        if (!QTest::qWaitFor([&] { return in.contains("\r\n\r\n"); }, 5000))
            return {};
        const QByteArray head = in.left(in.indexOf("\r\n\r\n"));
        const qsizetype at = head.indexOf("Content-Length: ");
        if (at < 0)
            return {};
        const int len = head.mid(at + 16, head.indexOf("\r\n", at) - at - 16).toInt();
        if (!QTest::qWaitFor([&] { return in.size() >= head.size() + 4 + len; }, 5000))
            return {};
        return in.size() == head.size() + 4 + len ? in : QByteArray();
    };
    QByteArray r1 = exchange("/version");
    QVERIFY(r1.startsWith("HTTP/1.1 200 OK\r\n"));
    QVERIFY(r1.contains("v1.32.0-lens-sim"));
    QByteArray r2 = exchange("/api/v1/namespaces/shop/pods/none");
    QVERIFY(r2.startsWith("HTTP/1.1 404 Not Found\r\n"));
    QByteArray r3 = exchange("/api");
    QVERIFY(r3.startsWith("HTTP/1.1 200 OK\r\n"));
    QCOMPARE(sock.state(), QAbstractSocket::ConnectedState);
}

void tst_SimServer::failNextRequests()
{
    m_sim->failNextRequests(2, 429, 3);
    HttpResult r = get(*m_nam, m_url, QStringLiteral("/api/v1/pods"));
    QCOMPARE(r.status, 429);
    QCOMPARE(r.retryAfter, QByteArray("3"));
    QCOMPARE(r.json().value(QStringLiteral("reason")).toString(),
             QStringLiteral("TooManyRequests"));
    QCOMPARE(r.json()[QStringLiteral("details")][QStringLiteral("retryAfterSeconds")].toInt(), 3);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/healthz")).status, 200); // not counted
    r = get(*m_nam, m_url, QStringLiteral("/api/v1/pods?watch=1"));
    QCOMPARE(r.status, 429);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/api/v1/pods")).status, 200);
    m_sim->failNextRequests(1, 500);
    r = get(*m_nam, m_url, QStringLiteral("/api"));
    QCOMPARE(r.status, 500);
    QCOMPARE(r.json().value(QStringLiteral("reason")).toString(), QStringLiteral("InternalError"));
    QVERIFY(r.retryAfter.isEmpty());
}

void tst_SimServer::controlApi()
{
    WatchClient w(*m_nam, m_url, QStringLiteral("/api/v1/pods?watch=1"));
    QTRY_COMPARE(m_sim->openWatchCount(), 1);
    HttpResult r = get(*m_nam, m_url, QStringLiteral("/sim/v1/state"));
    QCOMPARE(r.status, 200);
    QJsonObject st = r.json();
    QCOMPARE(st.value(QStringLiteral("revision")).toInteger(), m_sim->revision());
    QCOMPARE(st.value(QStringLiteral("openWatches")).toInt(), 1);
    QCOMPARE(st[QStringLiteral("objects")][QStringLiteral("pods")].toInt(),
             m_sim->objects(kPods).size());
    QCOMPARE(st[QStringLiteral("objects")][QStringLiteral("namespaces")].toInt(), 4);
    QCOMPARE(st.value(QStringLiteral("oldestRetainedRevision")).toInteger(),
             Store::InitialRevision);

    r = request(*m_nam, m_url, "POST", QStringLiteral("/sim/v1/compact"));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(QStringLiteral("compactedRevision")).toInteger(), m_sim->revision());
    r = request(*m_nam, m_url, "POST", QStringLiteral("/sim/v1/drop-watches"));
    QCOMPARE(r.json().value(QStringLiteral("dropped")).toInt(), 1);
    QTRY_VERIFY(w.finished);
    r = request(*m_nam, m_url, "POST", QStringLiteral("/sim/v1/churn?intervalMs=0&step=true"));
    QCOMPARE(r.status, 200);
    QVERIFY(!r.json().value(QStringLiteral("step")).toString().isEmpty());
    r = get(*m_nam, m_url, QStringLiteral("/sim/v1/state"));
    QCOMPARE(r.json().value(QStringLiteral("oldestRetainedRevision")).toInteger(),
             m_sim->revision() - 1);
    QCOMPARE(r.json().value(QStringLiteral("openWatches")).toInt(), 0);
    QCOMPARE(get(*m_nam, m_url, QStringLiteral("/sim/v1/compact")).status, 405);
}

QTEST_GUILESS_MAIN(tst_SimServer)
#include "tst_simserver.moc"
