// SPDX-License-Identifier: Apache-2.0
// Resource names resolved the way kubectl resolves them (discovery + RESTMapper) against the
// simulated API server, and an informer over a resolved non-core resource that syncs.
#include "client/discovery.h"
#include "informer/keys.h"
#include "session/session.h"
#include "sim/apiserver.h"
#include "sim/simulator.h"
#include "sim/store.h"

#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

using namespace lens;
using namespace Qt::StringLiterals;

class tst_Discovery : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void resolvesLikeKubectl_data();
    void resolvesLikeKubectl();
    void unreachableServerIsATransportFailure();
    void documentsAreFetchedOnce();
    void unreadableDiscoveryIsSaid();
    void sessionWatchesAResolvedResource();
    void sessionRefusesAnUnknownResource();
    void sessionSaysHowFarDiscoveryIs();
    void sessionRefusesANamespaceThatIsAPath_data();
    void sessionRefusesANamespaceThatIsAPath();

private:
    sim::Simulator m_sim;
    RestConfig m_rest;
};

void tst_Discovery::initTestCase()
{
    QString error;
    QVERIFY2(m_sim.start(&error), qPrintable(error));
    m_rest.server = m_sim.url();
}

void tst_Discovery::resolvesLikeKubectl_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("expected"); // "qualifiedName groupVersion kind scope", or "!error"
    QTest::newRow("plural") << "pods"
                            << "pods v1 Pod namespaced";
    QTest::newRow("singular") << "pod"
                              << "pods v1 Pod namespaced";
    QTest::newRow("short") << "po"
                           << "pods v1 Pod namespaced";
    QTest::newRow("kind") << "Pod"
                          << "pods v1 Pod namespaced";
    QTest::newRow("case-insensitive") << "PODS"
                                      << "pods v1 Pod namespaced";
    QTest::newRow("cluster-scoped") << "no"
                                    << "nodes v1 Node cluster";
    QTest::newRow("group-short") << "deploy"
                                 << "deployments.apps apps/v1 Deployment namespaced";
    QTest::newRow("dotted-group") << "deployments.apps"
                                  << "deployments.apps apps/v1 Deployment namespaced";
    QTest::newRow("dotted-version-group") << "deployments.v1.apps"
                                          << "deployments.apps apps/v1 Deployment namespaced";
    QTest::newRow("batch") << "cronjob"
                           << "cronjobs.batch batch/v1 CronJob namespaced";
    QTest::newRow("custom-resource") << "adapters.config.istio.io"
                                     << "adapters.config.istio.io config.istio.io/v1alpha2 "
                                        "adapter namespaced";
    QTest::newRow("explicit-gvr") << "apps/v1/replicasets"
                                  << "replicasets.apps apps/v1  namespaced";
    QTest::newRow("explicit-core") << "v1/configmaps"
                                   << "configmaps v1  namespaced";
    QTest::newRow("wrong-group") << "deployments.batch"
                                 << "!the server doesn't have a resource type "
                                    "\"deployments.batch\"";
    QTest::newRow("unknown") << "bogus"
                             << "!the server doesn't have a resource type \"bogus\"";
    QTest::newRow("subresource") << "pods/log"
                                 << "!the server doesn't have a resource type \"pods/log\"";
}

void tst_Discovery::resolvesLikeKubectl()
{
    QFETCH(QString, typed);
    QFETCH(QString, expected);
    ApiResource r;
    QString error;
    bool transport = true;
    const bool ok = Discovery::resolve(m_rest, typed, &r, &error, &transport);
    QVERIFY(!transport);
    if (expected.startsWith(QLatin1Char('!'))) {
        QVERIFY(!ok);
        QCOMPARE(error, expected.mid(1));
        return;
    }
    QVERIFY2(ok, qPrintable(error));
    QCOMPARE(QStringLiteral("%1 %2 %3 %4")
                 .arg(r.qualifiedName(), r.groupVersion(), r.kind,
                      r.namespaced ? QStringLiteral("namespaced") : QStringLiteral("cluster")),
             expected);
}

void tst_Discovery::unreachableServerIsATransportFailure()
{
    RestConfig dead;
    dead.server = QUrl(QStringLiteral("http://127.0.0.1:9"));
    ApiResource r;
    QString error;
    bool transport = false;
    QVERIFY(!Discovery::resolve(dead, QStringLiteral("pods"), &r, &error, &transport));
    QVERIFY(transport);
    QVERIFY2(error.startsWith(QStringLiteral("discovery (/api")), qPrintable(error));
}

// Issue 40: 1 000 resources took 6 minutes, each resolve asking every discovery document again.
// One Discovery fetches each document once, as kubectl's cached discovery client does.
void tst_Discovery::documentsAreFetchedOnce()
{
    Discovery discovery(m_rest);
    ApiResource r;
    QString error;
    QVERIFY2(discovery.resolve(QStringLiteral("deploy"), &r, &error), qPrintable(error));
    const quint64 first = m_sim.server()->requestCount();
    for (int i = 0; i < 50; ++i) {
        QVERIFY2(
            discovery.resolve(i % 2 ? QStringLiteral("pods") : QStringLiteral("sc"), &r, &error),
            qPrintable(error));
    }
    QCOMPARE(m_sim.server()->requestCount(), first);
    QCOMPARE(r.qualifiedName(), QStringLiteral("pods"));
}

// A server whose discovery answers something that is not a discovery document was reported as
// "the server doesn't have a resource type \"pods\"": it says what came back now.
void tst_Discovery::unreadableDiscoveryIsSaid()
{
    QTcpServer html;
    QVERIFY(html.listen(QHostAddress::LocalHost));
    connect(&html, &QTcpServer::newConnection, this, [&html] {
        QTcpSocket *s = html.nextPendingConnection();
        connect(s, &QTcpSocket::readyRead, s, [s] {
            if (!s->peek(1 << 16).contains("\r\n\r\n"))
                return;
            s->readAll();
            const QByteArray body = "<html><body>Welcome</body></html>";
            s->write("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: " +
                     QByteArray::number(body.size()) + "\r\n\r\n" + body);
        });
    });
    RestConfig rest;
    rest.server = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(html.serverPort()));
    ApiResource r;
    QString error;
    bool transport = false;
    QVERIFY(!Discovery::resolve(rest, QStringLiteral("pods"), &r, &error, &transport));
    QVERIFY(transport);
    QVERIFY2(error.startsWith(QStringLiteral("discovery (/api/v1) failed: the answer is not JSON")),
             qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("not an APIResourceList")), qPrintable(error));
}

void tst_Discovery::sessionWatchesAResolvedResource()
{
    Session::Options o;
    o.resources = {QStringLiteral("deploy")};
    o.namespace_ = QStringLiteral("default");
    o.churnIntervalMs = 0;
    o.resyncPeriodMs = 0;
    Session s(o);
    QString error;
    QVERIFY2(s.start(&error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(s.informer()->hasSynced(), 10000);
    QVERIFY(
        s.sourceDescription().startsWith(QStringLiteral("deployments.apps (namespace default)")));
    QStringList want;
    for (const Object &d : s.simulatorStore()->objects(QStringLiteral("deployments.apps")))
        if (d.namespace_() == QLatin1String("default"))
            want << metaNamespaceKeyFunc(d).key;
    QStringList got;
    for (const Object &d : s.informer()->indexer().list())
        got << metaNamespaceKeyFunc(d).key;
    want.sort();
    got.sort();
    QVERIFY(!want.isEmpty());
    QCOMPARE(got, want);
    bool noted = false;
    for (const TraceEvent &e : s.journal()->events())
        noted = noted || (e.component == QLatin1String("discovery") &&
                          e.detail.value(QLatin1String("message")).toString() ==
                              QLatin1String("resource \"deploy\" is deployments.apps (apps/v1 "
                                            "Deployment, namespaced)"));
    QVERIFY(noted);
}

void tst_Discovery::sessionRefusesAnUnknownResource()
{
    Session::Options o;
    o.resources = {QStringLiteral("bogus")};
    Session s(o);
    QString error;
    QVERIFY(!s.start(&error));
    QCOMPARE(error, QStringLiteral("The resource cannot be watched: the server doesn't have a "
                                   "resource type \"bogus\""));
}

// Issue 40: discovery of 1 000 resources took minutes with nothing printed.
void tst_Discovery::sessionSaysHowFarDiscoveryIs()
{
    Session::Options o;
    o.resources = {QStringLiteral("deploy"), QStringLiteral("pods"), QStringLiteral("cm"),
                   QStringLiteral("svc")};
    o.churnIntervalMs = 0;
    o.resyncPeriodMs = 0;
    o.discoveryProgressMs = 0; // after every resource
    Session s(o);
    QSignalSpy progress(&s, &Session::discoveryProgressed);
    QString error;
    QVERIFY2(s.start(&error), qPrintable(error));
    QCOMPARE(progress.count(), 4);
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(progress.at(i).at(0).toInt(), i + 1);
        QCOMPARE(progress.at(i).at(1).toInt(), 4);
        QCOMPARE(progress.at(i).at(2).toString(), o.resources.at(i));
    }
    // The default: a start that resolves within a second says nothing.
    o.discoveryProgressMs = Session::Options{}.discoveryProgressMs;
    Session quick(o);
    QSignalSpy quiet(&quick, &Session::discoveryProgressed);
    QVERIFY2(quick.start(&error), qPrintable(error));
    QCOMPARE(quiet.count(), 0);
}

// Hostile round 3: -n went into the URL as given: "../../apis" asked /api/apis/pods, ".."
// every namespace. client-go's Request.Namespace refuses them (IsValidPathSegmentName).
void tst_Discovery::sessionRefusesANamespaceThatIsAPath_data()
{
    QTest::addColumn<QString>("ns");
    QTest::addColumn<QString>("says");
    QTest::newRow("..") << u".."_s << u"invalid namespace \"..\": [may not be '..']"_s;
    QTest::newRow(".") << u"."_s << u"invalid namespace \".\": [may not be '.']"_s;
    QTest::newRow("../../apis") << u"../../apis"_s
                                << u"invalid namespace \"../../apis\": [may not contain '/']"_s;
    QTest::newRow("a/b%2F") << u"a/b%2F"_s
                            << u"invalid namespace \"a/b%2F\": [may not contain '/', may not "
                               u"contain '%']"_s;
}

void tst_Discovery::sessionRefusesANamespaceThatIsAPath()
{
    QFETCH(QString, ns);
    QFETCH(QString, says);
    Session::Options o;
    o.namespace_ = ns;
    o.churnIntervalMs = 0;
    Session s(o);
    QString error;
    QVERIFY(!s.start(&error));
    QCOMPARE(error, says);
}

QTEST_GUILESS_MAIN(tst_Discovery)
#include "tst_discovery.moc"
