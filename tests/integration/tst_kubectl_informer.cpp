// SPDX-License-Identifier: Apache-2.0
// kubectl, a real client, must see the same pods as the informer when both talk to the
// built-in simulated API server: `get pods -A` lists them, `get pods -A -w` streams the same
// changes. kubectl is required (CI installs Debian's kubernetes-client when it is missing);
// its absence fails the test instead of skipping it.
#include "informer/keys.h"
#include "session/session.h"
#include "sim/churn.h"
#include "sim/kubeconfig.h"
#include "sim/store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace lens;

class tst_KubectlInformer : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void getPodsMatchesInformer();
    void watchSeesWhatInformerSees();

private:
    QStringList kubectlArgs(const QStringList &args) const
    {
        return QStringList{QStringLiteral("--kubeconfig"), m_kubeconfig,
                           QStringLiteral("--cache-dir"), m_dir.filePath(QStringLiteral("cache"))} +
               args;
    }
    QMap<QString, QString> informerState() const
    {
        QMap<QString, QString> m;
        for (const Object &o : m_session->informer()->indexer().list())
            m.insert(metaNamespaceKeyFunc(o).key, o.resourceVersion());
        return m;
    }

    QString m_kubectl;
    QTemporaryDir m_dir;
    QString m_kubeconfig;
    std::unique_ptr<Session> m_session;
};

void tst_KubectlInformer::initTestCase()
{
    m_kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
    QVERIFY2(!m_kubectl.isEmpty(), "kubectl is not on PATH: install kubectl or Debian's "
                                   "kubernetes-client (scripts/bootstrap does)");
    QVERIFY(m_dir.isValid());
    Session::Options o;
    o.churnIntervalMs = 0;
    o.resyncPeriodMs = 0;
    m_session = std::make_unique<Session>(o);
    QString err;
    QVERIFY2(m_session->start(&err), qPrintable(err));
    QTRY_VERIFY_WITH_TIMEOUT(m_session->informer()->hasSynced(), 10000);
    m_kubeconfig = m_dir.filePath(QStringLiteral("kubeconfig"));
    QVERIFY2(sim::writeKubeconfig(m_kubeconfig, m_session->serverUrl(), &err), qPrintable(err));
}

void tst_KubectlInformer::getPodsMatchesInformer()
{
    // a few changes first, so both sides have more than the seed to agree on
    for (int i = 0; i < 12; ++i)
        m_session->churn()->step();
    QProcess kubectl;
    kubectl.start(m_kubectl,
                  kubectlArgs({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A"),
                               QStringLiteral("-o"), QStringLiteral("json")}));
    // The server lives on this thread's event loop: wait by spinning it, never by blocking.
    QTRY_COMPARE_WITH_TIMEOUT(kubectl.state(), QProcess::NotRunning, 30000);
    QVERIFY2(kubectl.exitCode() == 0, kubectl.readAllStandardError().constData());
    const QJsonArray items = QJsonDocument::fromJson(kubectl.readAllStandardOutput())
                                 .object()
                                 .value(QLatin1String("items"))
                                 .toArray();
    QMap<QString, QString> seenByKubectl;
    for (const QJsonValue &v : items) {
        const QJsonObject meta = v.toObject().value(QLatin1String("metadata")).toObject();
        seenByKubectl.insert(meta.value(QLatin1String("namespace")).toString() + QLatin1Char('/') +
                                 meta.value(QLatin1String("name")).toString(),
                             meta.value(QLatin1String("resourceVersion")).toString());
    }
    QVERIFY(seenByKubectl.size() > 5);
    QTRY_COMPARE_WITH_TIMEOUT(informerState(), seenByKubectl, 10000);
}

void tst_KubectlInformer::watchSeesWhatInformerSees()
{
    // One line per watch event: "TYPE namespace/name resourceVersion".
    const QString perEvent =
        QStringLiteral("jsonpath={.type} {.object.metadata.namespace}/{.object.metadata.name} "
                       "{.object.metadata.resourceVersion}{\"\\n\"}");
    QProcess kubectl;
    kubectl.start(m_kubectl,
                  kubectlArgs({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A"),
                               QStringLiteral("-w"), QStringLiteral("--output-watch-events"),
                               QStringLiteral("-o"), perEvent}));
    QVERIFY(kubectl.waitForStarted(10000));
    QStringList lines;
    QByteArray partial;
    connect(&kubectl, &QProcess::readyReadStandardOutput, this, [&] {
        partial += kubectl.readAllStandardOutput();
        qsizetype nl;
        while ((nl = partial.indexOf('\n')) >= 0) {
            lines << QString::fromUtf8(partial.left(nl));
            partial.remove(0, nl + 1);
        }
    });
    // kubectl first lists the current state (printed as ADDED), then watches.
    const int initial = int(informerState().size());
    QTRY_VERIFY2_WITH_TIMEOUT(lines.size() >= initial, kubectl.readAllStandardError().constData(),
                              30000);
    QCOMPARE(lines.size(), initial);
    const quint64 mark = m_session->journal()->lastSeq();
    for (int i = 0; i < 8; ++i)
        m_session->churn()->step();
    const QString lastRv = QString::number(m_session->simulatorStore()->revision());
    QTRY_VERIFY_WITH_TIMEOUT(!lines.isEmpty() && lines.constLast().endsWith(lastRv), 15000);
    QTRY_COMPARE_WITH_TIMEOUT(m_session->informer()->lastSyncResourceVersion(), lastRv, 10000);

    // The informer's reflector received exactly the events kubectl printed, in the same order.
    QStringList seenByInformer;
    for (const TraceEvent &e : m_session->journal()->events())
        if (e.seq > mark && e.kind == TraceKind::WatchEvent)
            seenByInformer << e.type + QLatin1Char(' ') + e.key + QLatin1Char(' ') +
                                  e.resourceVersion;
    QCOMPARE(lines.mid(initial), seenByInformer);
    QCOMPARE(seenByInformer.size(), 8);
    kubectl.kill();
    kubectl.waitForFinished(5000);
}

QTEST_GUILESS_MAIN(tst_KubectlInformer)
#include "tst_kubectl_informer.moc"
