// SPDX-License-Identifier: Apache-2.0
// The simulated API server over real HTTP on loopback, checked against the shapes captured from
// a real kube-apiserver (the captured kube-apiserver v1.20 exchanges; the expected bodies are
// quoted in simserverfixtures.h): discovery, lists, gets and writes. Watches, the fault
// controls and the /sim/v1 control API are in tst_simwatch.
#include "simserverfixtures.h"
#include "simtestutil.h"

#include "sim/apiserver.h"
#include "sim/continuetoken.h"
#include "sim/listhandler.h"
#include "sim/simulator.h"
#include "sim/store.h"

#include <QJsonArray>
#include <QScopeGuard>
#include <QTcpSocket>
#include <QTest>

#include <memory>

using namespace lens::sim;
using namespace simtest;

class tst_SimServer : public QObject, public SimServerFixture {
    Q_OBJECT
private slots:
    void init();
    void cleanup();

    void discovery();
    void listSortedItemsWithoutKind();
    void streamedListIsTheSameBody();
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
};

void tst_SimServer::init()
{
    startServer(42);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(m_url.host(), QStringLiteral("127.0.0.1"));
    QVERIFY(m_url.port() > 0);
}

void tst_SimServer::cleanup()
{
    stopServer();
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

// A list written piece by piece as the socket drains (16 MiB and more by default: a 150 000-pod
// list never exists whole) is byte for byte the body written at once: whole lists, pages,
// selections, one namespace, nodes.
void tst_SimServer::streamedListIsTheSameBody()
{
    const QStringList targets{QStringLiteral("/api/v1/pods"),
                              QStringLiteral("/api/v1/pods?resourceVersion=0"),
                              QStringLiteral("/api/v1/pods?limit=3"),
                              QStringLiteral("/api/v1/namespaces/shop/pods"),
                              QStringLiteral("/api/v1/pods?labelSelector=tier%21%3Dbackend"),
                              QStringLiteral("/api/v1/nodes")};
    QList<QByteArray> whole;
    for (const QString &t : targets) {
        const HttpResult r = get(*m_nam, m_url, t);
        QCOMPARE(r.status, 200);
        QVERIFY2(r.json().value(QStringLiteral("items")).toArray().size() > 0, qPrintable(t));
        whole << r.body;
    }
    ListHandler::setStreaming(1, 1024); // every list, 1 KiB of items a piece
    const auto restore = qScopeGuard([] { ListHandler::setStreaming(16 << 20, 4 << 20); });
    for (qsizetype i = 0; i < targets.size(); ++i) {
        const HttpResult r = get(*m_nam, m_url, targets[i]);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.body, whole[i]);
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

QTEST_GUILESS_MAIN(tst_SimServer)
#include "tst_simserver.moc"
