// SPDX-License-Identifier: Apache-2.0
// KubeClient's settled answers (setAnswerGate, used by exact runs under --at): against the
// built-in cluster over HTTP, requests made together leave one at a time in the order they were
// made, an answer the gate holds is neither journaled nor handed over until it is released,
// counts as in flight meanwhile, and a failed write passes through the gate too.

#include "client/kubeclient.h"
#include "sim/simulator.h"
#include "trace/journal.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QTest>

using namespace lens;
using namespace Qt::StringLiterals;

namespace {
QJsonObject configMap(const QString &name)
{
    return {{u"apiVersion"_s, u"v1"_s},
            {u"kind"_s, u"ConfigMap"_s},
            {u"metadata"_s, QJsonObject{{u"name"_s, name}, {u"namespace"_s, u"default"_s}}},
            {u"data"_s, QJsonObject{{u"k"_s, u"v"_s}}}};
}
/// The default namespace's ConfigMaps.
const QString collection = KubeClient::objectPath({}, u"v1"_s, u"configmaps"_s, u"default"_s, {});

/// A built-in cluster and a journal on a manual clock, as each test needs them.
struct Cluster {
    ManualClock clock;
    Journal journal{&clock};
    sim::Simulator sim;
    QString error;
    bool start() { return sim.start(sim::Simulator::Options{}, &error); }
    RestConfig rest() const
    {
        RestConfig r;
        r.server = sim.url();
        return r;
    }
};
} // namespace

class TestKubeClientGate : public QObject {
    Q_OBJECT
private slots:
    void oneAtATimeInOrderAndHeldUntilReleased();
    void withoutGateAllLeaveAtOnce();
};

void TestKubeClientGate::oneAtATimeInOrderAndHeldUntilReleased()
{
    Cluster c;
    QVERIFY2(c.start(), qPrintable(c.error));
    KubeClient client(c.rest(), &c.journal, u"gated"_s);
    Journal &journal = c.journal;
    QList<std::function<void()>> held;
    QList<KubeClient::Result> gated;
    client.setAnswerGate([&](const KubeClient::Result &r, std::function<void()> release) {
        gated << r;
        held << std::move(release);
    });
    QStringList answered;
    for (const QString &name : {u"a"_s, u"b"_s, u"a"_s}) // the second "a" is a 409
        client.create(collection, configMap(name), [&answered, name](const KubeClient::Result &r) {
            answered << name + (r.ok ? u" ok"_s : u" %1"_s.arg(r.error.code));
        });
    // Made together: one in flight, two waiting.
    QCOMPARE(client.inFlight(), 1);
    QCOMPARE(client.queued(), 2);
    QVERIFY(QTest::qWaitFor([&] { return held.size() == 1; }, 10000));
    // Held: not handed over, not journaled, still in flight, the next one not sent.
    QCoreApplication::processEvents(); // nothing moves while the gate holds it
    QVERIFY(answered.isEmpty());
    QCOMPARE(client.inFlight(), 1);
    QCOMPARE(client.queued(), 2);
    const auto finished = [&] {
        int n = 0;
        for (const TraceEvent &e : journal.events())
            n += e.kind == TraceKind::ApiRequestFinished;
        return n;
    };
    QCOMPARE(finished(), 0);
    held.takeFirst()();
    QCOMPARE(answered, QStringList{u"a ok"_s});
    QCOMPARE(finished(), 1);
    // Releasing twice does nothing more.
    QVERIFY(QTest::qWaitFor([&] { return held.size() == 1; }, 10000));
    QCOMPARE(client.queued(), 1);
    held.takeFirst()();
    QVERIFY(QTest::qWaitFor([&] { return held.size() == 1; }, 10000));
    QCOMPARE(client.queued(), 0);
    QCOMPARE(gated.last().code, 409); // failed writes pass the gate too
    held.takeFirst()();
    QCOMPARE(answered, (QStringList{u"a ok"_s, u"b ok"_s, u"a 409"_s}));
    QCOMPARE(client.inFlight(), 0);
    // The server stored them in the order they were made: a before b.
    QVERIFY(gated.at(0).object.resourceVersion().toLongLong() <
            gated.at(1).object.resourceVersion().toLongLong());
}

void TestKubeClientGate::withoutGateAllLeaveAtOnce()
{
    Cluster c;
    QVERIFY2(c.start(), qPrintable(c.error));
    KubeClient client(c.rest(), &c.journal, u"free"_s);
    int answers = 0;
    for (const QString &name : {u"x"_s, u"y"_s, u"z"_s})
        client.create(collection, configMap(name),
                      [&answers](const KubeClient::Result &r) { answers += r.ok; });
    QCOMPARE(client.inFlight(), 3);
    QCOMPARE(client.queued(), 0);
    QVERIFY(QTest::qWaitFor([&] { return answers == 3; }, 10000));
    QCOMPARE(client.peakInFlight(), 3);
}

QTEST_GUILESS_MAIN(TestKubeClientGate)
#include "tst_kubeclient_gate.moc"
