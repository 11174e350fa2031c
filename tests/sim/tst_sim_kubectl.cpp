// SPDX-License-Identifier: Apache-2.0
// kubectl against the simulated API server: the server runs in this test's event loop, kubectl
// runs as a QProcess and is awaited with QTRY_* (never waitFor*, which would block the server).
// kubectl is required: when it is missing the test FAILS (CI installs kubectl v1.32).
// Near 700 lines on purpose: every case shares the one kubectl harness (private cache dir,
// kubeconfig, event loop kept running), which a split would have to copy.
#include "sim/apiserver.h"
#include "sim/kubeconfig.h"
#include "sim/simulator.h"
#include "sim/store.h"
#include "sim/writestrategy.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace lens::sim;

namespace {
const QString kPods = QStringLiteral("pods");

QJsonObject podJson(const QString &ns, const QString &name)
{
    QJsonObject meta{{QStringLiteral("name"), name}, {QStringLiteral("namespace"), ns}};
    return QJsonObject{
        {QStringLiteral("metadata"), meta},
        {QStringLiteral("spec"), QJsonObject{{QStringLiteral("containers"), QJsonArray{}}}}};
}
} // namespace

class tst_Kubectl : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void kubeconfigText();
    void getPodsMatchesServer();
    void getPodsInChunks();
    void watchSeesChanges();
    void createLabelDelete();
    void tlsWithToken();
    void tlsWithClientCertificate();
    void applyAnnotatePatchScale();
    void deleteWaitsForFinalizers();
    void groupResources();
    void crdAndCustomResource();
    void storageReadsLikeACluster();
    void storageWatchShowsTheBinding();
    void eventsAndDeploymentsPrintTheirColumns();
    void unsupportedFieldSelectorIsRefused();

private:
    struct Run {
        int exitCode = -1;
        QByteArray out, err;
    };
    /// Runs kubectl with our kubeconfig and a private cache dir; spins the event loop meanwhile.
    Run kubectl(const QStringList &args, int timeoutMs = 60000);
    QStringList baseArgs() const;
    QSet<QString> serverPods() const;

    QString m_kubectl;
    QString m_kubeconfig; ///< overrides the default kubeconfig when set
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Simulator> m_sim;
};

void tst_Kubectl::initTestCase()
{
    m_kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
    QVERIFY2(!m_kubectl.isEmpty(),
             "kubectl not found on PATH. This test needs kubectl (v1.32 in CI; Debian: apt install "
             "kubernetes-client) and fails rather than skips without it.");
}

void tst_Kubectl::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_sim = std::make_unique<Simulator>();
    Simulator::Options o;
    o.seed = 3;
    QString error;
    QVERIFY2(m_sim->start(o, &error), qPrintable(error));
    QVERIFY2(m_sim->writeKubeconfig(m_dir->filePath(QStringLiteral("kubeconfig")), &error),
             qPrintable(error));
}

void tst_Kubectl::cleanup()
{
    m_kubeconfig.clear();
    m_sim.reset();
    m_dir.reset();
}

QStringList tst_Kubectl::baseArgs() const
{
    return {QStringLiteral("--kubeconfig"),
            m_kubeconfig.isEmpty() ? m_dir->filePath(QStringLiteral("kubeconfig")) : m_kubeconfig,
            QStringLiteral("--cache-dir"), m_dir->filePath(QStringLiteral("cache")),
            QStringLiteral("--request-timeout=20s")};
}

tst_Kubectl::Run tst_Kubectl::kubectl(const QStringList &args, int timeoutMs)
{
    QProcess p;
    p.start(m_kubectl, baseArgs() + args);
    Run r;
    if (!QTest::qWaitFor([&] { return p.state() == QProcess::NotRunning; }, timeoutMs)) {
        p.kill();
        (void)QTest::qWaitFor([&] { return p.state() == QProcess::NotRunning; }, 5000);
        r.err = "timed out";
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QSet<QString> tst_Kubectl::serverPods() const
{
    QSet<QString> s;
    for (const lens::Object &o : m_sim->objects(kPods))
        s.insert(o.namespace_() + QLatin1Char('/') + o.name());
    return s;
}

void tst_Kubectl::kubeconfigText()
{
    const QString text = lens::sim::kubeconfigText(m_sim->url());
    QVERIFY(text.contains(QStringLiteral("server: ") + m_sim->url().toString()));
    QVERIFY(text.contains(QStringLiteral("current-context: lens-sim")));
    const Run r =
        kubectl({QStringLiteral("config"), QStringLiteral("view"), QStringLiteral("-o"),
                 QStringLiteral("jsonpath={.clusters[0].cluster.server} {.current-context}")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(QString::fromUtf8(r.out), m_sim->url().toString() + QStringLiteral(" lens-sim"));
}

void tst_Kubectl::getPodsMatchesServer()
{
    const Run r = kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A"),
                           QStringLiteral("-o"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonArray items =
        QJsonDocument::fromJson(r.out).object().value(QStringLiteral("items")).toArray();
    QSet<QString> seen;
    for (const QJsonValue &v : items)
        seen.insert(v[QStringLiteral("metadata")][QStringLiteral("namespace")].toString() +
                    QLatin1Char('/') +
                    v[QStringLiteral("metadata")][QStringLiteral("name")].toString());
    QCOMPARE(seen.size(), items.size());
    QCOMPARE(seen, serverPods());
    QVERIFY(seen.size() >= 10);
}

void tst_Kubectl::getPodsInChunks()
{
    const Run r = kubectl(
        {QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A"),
         QStringLiteral("--chunk-size=3"), QStringLiteral("--no-headers"), QStringLiteral("-o"),
         QStringLiteral("custom-columns=NS:.metadata.namespace,NAME:.metadata.name")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QSet<QString> seen;
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    for (const QByteArray &line : lines) {
        const QList<QByteArray> cols = line.simplified().split(' ');
        QCOMPARE(cols.size(), 2);
        seen.insert(QString::fromUtf8(cols[0] + '/' + cols[1]));
    }
    QCOMPARE(seen, serverPods());
    QCOMPARE(lines.size(), serverPods().size());
}

namespace {
/// What an external provisioner creates for claim `uid` "default/<claim>".
QJsonObject provisionedVolume(const QString &claim, const QString &uid)
{
    return QJsonObject{
        {QStringLiteral("metadata"),
         QJsonObject{{QStringLiteral("name"), QStringLiteral("pvc-") + uid},
                     {QStringLiteral("annotations"),
                      QJsonObject{{QStringLiteral("pv.kubernetes.io/provisioned-by"),
                                   QStringLiteral("lens.example.com/hostpath")}}}}},
        {QStringLiteral("spec"),
         QJsonObject{{QStringLiteral("capacity"),
                      QJsonObject{{QStringLiteral("storage"), QStringLiteral("1Gi")}}},
                     {QStringLiteral("accessModes"), QJsonArray{QStringLiteral("ReadWriteOnce")}},
                     {QStringLiteral("persistentVolumeReclaimPolicy"), QStringLiteral("Delete")},
                     {QStringLiteral("storageClassName"), QStringLiteral("standard")},
                     {QStringLiteral("hostPath"),
                      QJsonObject{{QStringLiteral("path"), QStringLiteral("/tmp/x")}}},
                     {QStringLiteral("claimRef"),
                      QJsonObject{{QStringLiteral("kind"), QStringLiteral("PersistentVolumeClaim")},
                                  {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                                  {QStringLiteral("namespace"), QStringLiteral("default")},
                                  {QStringLiteral("name"), claim},
                                  {QStringLiteral("uid"), uid}}}}}};
}

/// kubectl's table output as rows of whitespace-separated words.
QList<QStringList> words(const QByteArray &out)
{
    QList<QStringList> rows;
    for (const QByteArray &line : out.trimmed().split('\n'))
        if (!line.trimmed().isEmpty())
            rows << QString::fromUtf8(line).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    return rows;
}
} // namespace

void tst_Kubectl::storageReadsLikeACluster()
{
    const QString uid = m_sim->store()
                            ->get(QStringLiteral("persistentvolumeclaims"),
                                  QStringLiteral("default"), QStringLiteral("data-0"))
                            .uid();
    QVERIFY(!uid.isEmpty());
    QVERIFY(lens::sim::WriteStrategy(m_sim->store())
                .create(QStringLiteral("persistentvolumes"),
                        provisionedVolume(QStringLiteral("data-0"), uid))
                .ok());
    QTRY_COMPARE(m_sim->store()
                     ->get(QStringLiteral("persistentvolumeclaims"), QStringLiteral("default"),
                           QStringLiteral("data-0"))
                     .json()[u"status"][u"phase"]
                     .toString(),
                 QStringLiteral("Bound"));
    Run r = kubectl({QStringLiteral("get"), QStringLiteral("pvc")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QList<QStringList> rows = words(r.out);
    QCOMPARE(
        rows.value(0),
        (QStringList{QStringLiteral("NAME"), QStringLiteral("STATUS"), QStringLiteral("VOLUME"),
                     QStringLiteral("CAPACITY"), QStringLiteral("ACCESS"), QStringLiteral("MODES"),
                     QStringLiteral("STORAGECLASS"), QStringLiteral("VOLUMEATTRIBUTESCLASS"),
                     QStringLiteral("AGE")}));
    QCOMPARE(
        rows.value(1).mid(0, 7),
        (QStringList{QStringLiteral("data-0"), QStringLiteral("Bound"),
                     QStringLiteral("pvc-") + uid, QStringLiteral("1Gi"), QStringLiteral("RWO"),
                     QStringLiteral("standard"), QStringLiteral("<unset>")}));
    QCOMPARE(rows.value(2).mid(0, 4),
             (QStringList{QStringLiteral("data-1"), QStringLiteral("Pending"),
                          QStringLiteral("standard"), QStringLiteral("<unset>")}));
    r = kubectl({QStringLiteral("get"), QStringLiteral("pv")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    rows = words(r.out);
    QCOMPARE(rows.value(0).mid(0, 3),
             (QStringList{QStringLiteral("NAME"), QStringLiteral("CAPACITY"),
                          QStringLiteral("ACCESS")}));
    QCOMPARE(rows.value(1).mid(0, 8),
             (QStringList{QStringLiteral("pvc-") + uid, QStringLiteral("1Gi"),
                          QStringLiteral("RWO"), QStringLiteral("Delete"), QStringLiteral("Bound"),
                          QStringLiteral("default/data-0"), QStringLiteral("standard"),
                          QStringLiteral("<unset>")}));
    r = kubectl({QStringLiteral("get"), QStringLiteral("sc")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    rows = words(r.out);
    QCOMPARE(rows.value(1).mid(0, 6),
             (QStringList{QStringLiteral("standard"), QStringLiteral("(default)"),
                          QStringLiteral("lens.example.com/hostpath"), QStringLiteral("Delete"),
                          QStringLiteral("Immediate"), QStringLiteral("false")}));
}

void tst_Kubectl::storageWatchShowsTheBinding()
{
    QProcess p;
    p.start(m_kubectl, baseArgs() + QStringList{QStringLiteral("get"), QStringLiteral("pvc"),
                                                QStringLiteral("-w")});
    QByteArray out;
    connect(&p, &QProcess::readyReadStandardOutput, &p, [&] { out += p.readAllStandardOutput(); });
    QTRY_VERIFY_WITH_TIMEOUT(m_sim->openWatchCount() == 1 || p.state() == QProcess::NotRunning,
                             30000);
    QVERIFY2(p.state() == QProcess::Running, p.readAllStandardError().constData());
    QTRY_VERIFY_WITH_TIMEOUT(out.contains("logs"), 10000);
    const QString uid = m_sim->store()
                            ->get(QStringLiteral("persistentvolumeclaims"),
                                  QStringLiteral("default"), QStringLiteral("data-1"))
                            .uid();
    QVERIFY(lens::sim::WriteStrategy(m_sim->store())
                .create(QStringLiteral("persistentvolumes"),
                        provisionedVolume(QStringLiteral("data-1"), uid))
                .ok());
    // The spec write (volume set, still Pending), then the status write (Bound, 1Gi, RWO).
    const auto hasRow = [&](const QStringList &prefix) {
        for (const QStringList &row : words(out))
            if (row.mid(0, prefix.size()) == prefix)
                return true;
        return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(
        hasRow({QStringLiteral("data-1"), QStringLiteral("Bound"), QStringLiteral("pvc-") + uid,
                QStringLiteral("1Gi"), QStringLiteral("RWO")}),
        10000);
    QVERIFY(hasRow({QStringLiteral("data-1"), QStringLiteral("Pending"),
                    QStringLiteral("pvc-") + uid, QStringLiteral("standard")}));
    QCOMPARE(words(out).first().first(), QStringLiteral("NAME")); // one header
    QCOMPARE(out.count("NAME"), 1);
    p.kill();
    QTRY_VERIFY(p.state() == QProcess::NotRunning);
}

void tst_Kubectl::watchSeesChanges()
{
    QProcess p;
    p.start(m_kubectl, baseArgs() + QStringList{QStringLiteral("get"), QStringLiteral("pods"),
                                                QStringLiteral("-A"), QStringLiteral("-w"),
                                                QStringLiteral("-o"), QStringLiteral("json"),
                                                QStringLiteral("--output-watch-events")});
    QByteArray out;
    connect(&p, &QProcess::readyReadStandardOutput, &p, [&] { out += p.readAllStandardOutput(); });
    // kubectl lists, then opens its watch from the list's resourceVersion.
    QTRY_VERIFY_WITH_TIMEOUT(m_sim->openWatchCount() == 1 || p.state() == QProcess::NotRunning,
                             30000);
    QVERIFY2(p.state() == QProcess::Running, p.readAllStandardError().constData());
    const lens::Object first = m_sim->objects(kPods).first();
    QTRY_VERIFY_WITH_TIMEOUT(out.contains(first.name().toUtf8()), 10000);

    Store *s = m_sim->store();
    const auto created =
        s->create(kPods, podJson(QStringLiteral("shop"), QStringLiteral("kubectl-watch-probe")));
    QVERIFY2(created.ok(), qPrintable(created.error.message));
    QTRY_VERIFY_WITH_TIMEOUT(out.contains("kubectl-watch-probe"), 10000);
    QVERIFY(s->remove(kPods, QStringLiteral("shop"), QStringLiteral("kubectl-watch-probe")).ok());
    // kubectl prints one compact JSON event per line.
    const auto eventLine = [&](const QByteArray &type, const QByteArray &name) {
        const QList<QByteArray> lines = out.split('\n');
        for (const QByteArray &line : lines) {
            const QJsonObject e = QJsonDocument::fromJson(line).object();
            if (e.value(QStringLiteral("type")).toString().toUtf8() == type &&
                e[QStringLiteral("object")][QStringLiteral("metadata")][QStringLiteral("name")]
                        .toString()
                        .toUtf8() == name)
                return true;
        }
        return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(eventLine("DELETED", "kubectl-watch-probe"), 10000);
    QVERIFY(eventLine("ADDED", "kubectl-watch-probe"));
    QVERIFY(eventLine("ADDED", first.name().toUtf8())); // the initial list, as events

    p.kill();
    QTRY_VERIFY(p.state() == QProcess::NotRunning);
    QTRY_COMPARE(m_sim->openWatchCount(), 0);
}

void tst_Kubectl::createLabelDelete()
{
    const QString manifest = m_dir->filePath(QStringLiteral("pod.yaml"));
    QFile f(manifest);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: made-by-kubectl\n  labels:\n    app: probe\n"
        "spec:\n  containers:\n  - name: c\n    image: busybox\n");
    f.close();
    Run r = kubectl({QStringLiteral("create"), QStringLiteral("-f"), manifest});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const lens::Object made =
        m_sim->store()->get(kPods, QStringLiteral("default"), QStringLiteral("made-by-kubectl"));
    QVERIFY(!made.isNull());
    QCOMPARE(made.labels().value(QStringLiteral("app")), QStringLiteral("probe"));

    r = kubectl({QStringLiteral("label"), QStringLiteral("pod"), QStringLiteral("made-by-kubectl"),
                 QStringLiteral("color=blue")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(m_sim->store()
                 ->get(kPods, QStringLiteral("default"), QStringLiteral("made-by-kubectl"))
                 .labels()
                 .value(QStringLiteral("color")),
             QStringLiteral("blue"));

    r = kubectl(
        {QStringLiteral("delete"), QStringLiteral("pod"), QStringLiteral("made-by-kubectl")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.out.contains("deleted"));
    QVERIFY(m_sim->store()
                ->get(kPods, QStringLiteral("default"), QStringLiteral("made-by-kubectl"))
                .isNull());

    r = kubectl({QStringLiteral("get"), QStringLiteral("pod"), QStringLiteral("made-by-kubectl")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains("NotFound"));
}

void tst_Kubectl::tlsWithToken()
{
    // kubectl verifies the generated CA from certificate-authority-data and sends the token.
    Simulator tls;
    Simulator::Options o;
    o.seed = 5;
    o.tls = true;
    o.token = QStringLiteral("kubectl-token-1");
    QString error;
    QVERIFY2(tls.start(o, &error), qPrintable(error));
    QCOMPARE(tls.url().scheme(), QStringLiteral("https"));
    m_kubeconfig = m_dir->filePath(QStringLiteral("tls-kubeconfig"));
    QVERIFY2(tls.writeKubeconfig(m_kubeconfig, &error), qPrintable(error));
    Run r = kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A"),
                     QStringLiteral("-o"), QStringLiteral("json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(
        QJsonDocument::fromJson(r.out).object().value(QStringLiteral("items")).toArray().size(),
        tls.objects(kPods).size());
    // --chunk-size pages over TLS too.
    r = kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A"),
                 QStringLiteral("--chunk-size=3"), QStringLiteral("--no-headers")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.out.count('\n'), tls.objects(kPods).size());
    // A wrong token: 401, which kubectl reports as Unauthorized.
    const QString wrong = m_dir->filePath(QStringLiteral("wrong-kubeconfig"));
    QVERIFY(lens::sim::writeKubeconfig(wrong, tls.url(), tls.caCertificatePem(),
                                       QStringLiteral("not-the-token"), &error));
    m_kubeconfig = wrong;
    r = kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A")});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("Unauthorized"), r.err.constData());
    // The right token but no CA: kubectl refuses the certificate.
    const QString noCa = m_dir->filePath(QStringLiteral("noca-kubeconfig"));
    QVERIFY(lens::sim::writeKubeconfig(noCa, tls.url(), QByteArray(), o.token, &error));
    m_kubeconfig = noCa;
    r = kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A")});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("certificate"), r.err.constData());
}

void tst_Kubectl::tlsWithClientCertificate()
{
    // kubectl presents client-certificate-data / client-key-data from the kubeconfig.
    Simulator tls;
    Simulator::Options o;
    o.seed = 6;
    o.clientCertificates = true;
    QString error;
    QVERIFY2(tls.start(o, &error), qPrintable(error));
    m_kubeconfig = m_dir->filePath(QStringLiteral("cert-kubeconfig"));
    QVERIFY2(tls.writeKubeconfig(m_kubeconfig, &error), qPrintable(error));
    Run r = kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A"),
                     QStringLiteral("--no-headers")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.out.count('\n'), tls.objects(kPods).size());
    // Without the certificate (CA only, no token): Unauthorized.
    const QString noCert = m_dir->filePath(QStringLiteral("nocert-kubeconfig"));
    QVERIFY(
        lens::sim::writeKubeconfig(noCert, tls.url(), tls.caCertificatePem(), QString(), &error));
    m_kubeconfig = noCert;
    r = kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A")});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("Unauthorized") || r.err.contains("credentials"), r.err.constData());
}

void tst_Kubectl::applyAnnotatePatchScale()
{
    const QString manifest = m_dir->filePath(QStringLiteral("deploy.yaml"));
    auto writeManifest = [&](const QByteArray &image, const QByteArray &tier) {
        QFile f(manifest);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels:\n"
                "    tier: " +
                tier +
                "\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n"
                "      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n"
                "    spec:\n      containers:\n      - name: web\n        image: " +
                image + "\n      - name: log\n        image: busybox\n");
    };
    const QString dp = QStringLiteral("deployments.apps");
    auto web = [&] {
        return m_sim->store()->get(dp, QStringLiteral("default"), QStringLiteral("web"));
    };
    writeManifest("nginx:1.25", "front");
    Run r = kubectl({QStringLiteral("apply"), QStringLiteral("-f"), manifest});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("created"), r.out.constData());
    QVERIFY(web().annotations().contains(
        QStringLiteral("kubectl.kubernetes.io/last-applied-configuration")));
    // Second apply: a strategic merge patch (containers merged by name).
    writeManifest("nginx:1.27", "edge");
    r = kubectl({QStringLiteral("apply"), QStringLiteral("-f"), manifest});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("configured"), r.out.constData());
    QCOMPARE(web().labels().value(QStringLiteral("tier")), QStringLiteral("edge"));
    const QJsonArray containers = web()
                                      .json()[QStringLiteral("spec")][QStringLiteral("template")]
                                             [QStringLiteral("spec")][QStringLiteral("containers")]
                                      .toArray();
    QCOMPARE(containers.size(), 2);
    QCOMPARE(containers[0][QStringLiteral("image")].toString(), QStringLiteral("nginx:1.27"));
    QVERIFY(!web()
                 .json()[QStringLiteral("spec")][QStringLiteral("template")][QStringLiteral("spec")]
                 .toObject()
                 .keys()
                 .join(QLatin1Char(' '))
                 .contains(QLatin1Char('$')));

    r = kubectl({QStringLiteral("annotate"), QStringLiteral("deployment"), QStringLiteral("web"),
                 QStringLiteral("owner=team-a")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(web().annotations().value(QStringLiteral("owner")), QStringLiteral("team-a"));

    r = kubectl({QStringLiteral("patch"), QStringLiteral("deployment"), QStringLiteral("web"),
                 QStringLiteral("--type=json"),
                 QStringLiteral("-p=[{\"op\":\"replace\",\"path\":\"/metadata/labels/tier\","
                                "\"value\":\"back\"}]")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(web().labels().value(QStringLiteral("tier")), QStringLiteral("back"));
    r = kubectl({QStringLiteral("patch"), QStringLiteral("deployment"), QStringLiteral("web"),
                 QStringLiteral("--type=json"),
                 QStringLiteral("-p=[{\"op\":\"remove\",\"path\":\"/metadata/nope\"}]")});
    QVERIFY(r.exitCode != 0);

    r = kubectl({QStringLiteral("scale"), QStringLiteral("deployment"), QStringLiteral("web"),
                 QStringLiteral("--replicas=7")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("scaled"), r.out.constData());
    QCOMPARE(web().json()[QStringLiteral("spec")][QStringLiteral("replicas")].toInt(), 7);
}

void tst_Kubectl::deleteWaitsForFinalizers()
{
    QVERIFY(m_sim->store()
                ->create(QStringLiteral("configmaps"),
                         QJsonObject{
                             {QStringLiteral("metadata"),
                              QJsonObject{{QStringLiteral("name"), QStringLiteral("held")},
                                          {QStringLiteral("namespace"), QStringLiteral("default")},
                                          {QStringLiteral("finalizers"),
                                           QJsonArray{QStringLiteral("lens.test/hold")}}}}})
                .ok());
    auto held = [&] {
        return m_sim->store()->get(QStringLiteral("configmaps"), QStringLiteral("default"),
                                   QStringLiteral("held"));
    };
    Run r = kubectl({QStringLiteral("delete"), QStringLiteral("configmap"), QStringLiteral("held"),
                     QStringLiteral("--wait=false")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(!held().isNull());
    QVERIFY(!held().deletionTimestamp().isEmpty());
    // `kubectl delete` (waiting) returns once the finalizer is removed.
    int deletes = 0;
    connect(m_sim->server(), &ApiServer::requestHandled, this,
            [&deletes](const QString &method, const QString &target, int) {
                if (method == QLatin1String("DELETE") &&
                    target.contains(QLatin1String("configmaps/held")))
                    ++deletes;
            });
    QProcess waiting;
    waiting.setProgram(m_kubectl);
    waiting.setArguments(baseArgs() +
                         QStringList{QStringLiteral("delete"), QStringLiteral("configmap"),
                                     QStringLiteral("held"), QStringLiteral("--timeout=60s")});
    waiting.start();
    QTRY_COMPARE_WITH_TIMEOUT(deletes, 1, 30000); // its DELETE arrived (object still there)
    r = kubectl({QStringLiteral("patch"), QStringLiteral("configmap"), QStringLiteral("held"),
                 QStringLiteral("--type=merge"), QStringLiteral("-p"),
                 QStringLiteral("{\"metadata\":{\"finalizers\":null}}")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(held().isNull());
    QTRY_VERIFY_WITH_TIMEOUT(waiting.state() == QProcess::NotRunning, 60000);
    QCOMPARE(waiting.exitCode(), 0);
}

void tst_Kubectl::groupResources()
{
    Run r = kubectl({QStringLiteral("get"), QStringLiteral("deployments,statefulsets,cronjobs"),
                     QStringLiteral("-A"), QStringLiteral("-o"), QStringLiteral("name")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts),
             (QStringList{QStringLiteral("deployment.apps/icx-db"),
                          QStringLiteral("statefulset.apps/nginx-sts"),
                          QStringLiteral("cronjob.batch/hello")}));
    // Short names come from discovery.
    r = kubectl({QStringLiteral("get"), QStringLiteral("sa,ep,secrets"), QStringLiteral("-o"),
                 QStringLiteral("name")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts),
             (QStringList{QStringLiteral("serviceaccount/blee"), QStringLiteral("endpoints/blee"),
                          QStringLiteral("secret/s1")}));
}

void tst_Kubectl::crdAndCustomResource()
{
    const QString crd = m_dir->filePath(QStringLiteral("crd.yaml"));
    QFile f(crd);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n"
            "metadata:\n  name: gadgets.lens.example\n"
            "spec:\n  group: lens.example\n  scope: Namespaced\n"
            "  names:\n    plural: gadgets\n    singular: gadget\n    kind: Gadget\n"
            "    shortNames: [gdg]\n"
            "  versions:\n  - name: v1\n    served: true\n    storage: true\n"
            "    schema:\n      openAPIV3Schema:\n        type: object\n"
            "        x-kubernetes-preserve-unknown-fields: true\n");
    f.close();
    Run r = kubectl({QStringLiteral("apply"), QStringLiteral("-f"), crd});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString cr = m_dir->filePath(QStringLiteral("gadget.yaml"));
    QFile g(cr);
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write("apiVersion: lens.example/v1\nkind: Gadget\nmetadata:\n  name: g1\n"
            "spec:\n  color: teal\n");
    g.close();
    r = kubectl({QStringLiteral("create"), QStringLiteral("-f"), cr});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(!m_sim->store()
                 ->get(QStringLiteral("gadgets.lens.example"), QStringLiteral("default"),
                       QStringLiteral("g1"))
                 .isNull());
    r = kubectl({QStringLiteral("get"), QStringLiteral("gdg"), QStringLiteral("-o"),
                 QStringLiteral("jsonpath={.items[0].spec.color}")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.out, QByteArray("teal"));
    r = kubectl({QStringLiteral("delete"), QStringLiteral("-f"), crd});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(!m_sim->store()->resourceType(QStringLiteral("gadgets.lens.example")).isValid());
}

void tst_Kubectl::eventsAndDeploymentsPrintTheirColumns()
{
    // kube-apiserver's Table for events and deployments (printEvent, printDeployment), the
    // priority-1 columns with -o wide; the seeded event selected by one of its field labels.
    const QStringList event{QStringLiteral("get"), QStringLiteral("events"),
                            QStringLiteral("--field-selector"), QStringLiteral("reason=Pulled")};
    Run r = kubectl(event);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QList<QStringList> rows = words(r.out);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows.value(0), (QStringList{QStringLiteral("LAST"), QStringLiteral("SEEN"),
                                         QStringLiteral("TYPE"), QStringLiteral("REASON"),
                                         QStringLiteral("OBJECT"), QStringLiteral("MESSAGE")}));
    const QStringList message{QStringLiteral("Successfully"), QStringLiteral("pulled"),
                              QStringLiteral("image"), QStringLiteral("\"blang/busybox-bash\"")};
    QCOMPARE(rows.value(1).mid(1), (QStringList{QStringLiteral("Normal"), QStringLiteral("Pulled"),
                                                QStringLiteral("pod/hello-1567197780-mn4mv")} +
                                    message));
    r = kubectl(event + QStringList{QStringLiteral("-o"), QStringLiteral("wide")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    rows = words(r.out);
    QCOMPARE(rows.value(0), (QStringList{QStringLiteral("LAST"), QStringLiteral("SEEN"),
                                         QStringLiteral("TYPE"), QStringLiteral("REASON"),
                                         QStringLiteral("OBJECT"), QStringLiteral("SUBOBJECT"),
                                         QStringLiteral("SOURCE"), QStringLiteral("MESSAGE"),
                                         QStringLiteral("FIRST"), QStringLiteral("SEEN"),
                                         QStringLiteral("COUNT"), QStringLiteral("NAME")}));
    QCOMPARE(rows.value(1).mid(4, 3),
             (QStringList{QStringLiteral("spec.containers{c1}"), QStringLiteral("kubelet,"),
                          QStringLiteral("gke-k9s-default-pool-0fa2fb89-qnkc")}));
    QCOMPARE(rows.value(1).mid(7, 4), message);
    QCOMPARE(rows.value(1).mid(12),
             (QStringList{QStringLiteral("1"),
                          QStringLiteral("hello-1567197780-mn4mv.15bfce150bd764dd")}));

    r = kubectl({QStringLiteral("get"), QStringLiteral("deploy")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    rows = words(r.out);
    QCOMPARE(rows.value(0), (QStringList{QStringLiteral("NAME"), QStringLiteral("READY"),
                                         QStringLiteral("UP-TO-DATE"), QStringLiteral("AVAILABLE"),
                                         QStringLiteral("AGE")}));
    QCOMPARE(rows.value(1).mid(0, 4), (QStringList{QStringLiteral("icx-db"), QStringLiteral("1/1"),
                                                   QStringLiteral("1"), QStringLiteral("1")}));
    r = kubectl({QStringLiteral("get"), QStringLiteral("deploy"), QStringLiteral("-o"),
                 QStringLiteral("wide")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    rows = words(r.out);
    QCOMPARE(rows.value(0).mid(5),
             (QStringList{QStringLiteral("CONTAINERS"), QStringLiteral("IMAGES"),
                          QStringLiteral("SELECTOR")}));
    QCOMPARE(rows.value(1).mid(5),
             (QStringList{QStringLiteral("icx-db"), QStringLiteral("postgres:9.2-alpine"),
                          QStringLiteral("app=icx-db")}));
}

void tst_Kubectl::unsupportedFieldSelectorIsRefused()
{
    // Deployments have no field labels but metadata.name and metadata.namespace: kube-apiserver
    // answers 400 BadRequest, which kubectl reports as an error from the server.
    Run r = kubectl({QStringLiteral("get"), QStringLiteral("deploy"),
                     QStringLiteral("--field-selector"), QStringLiteral("status.phase=Running")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("Error from server (BadRequest)") &&
                 r.err.contains("\"status.phase\" is not a known field selector: only "
                                "\"metadata.name\", \"metadata.namespace\""),
             r.err.constData());
    r = kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A"),
                 QStringLiteral("--field-selector"), QStringLiteral("status.phase=Running"),
                 QStringLiteral("-o"), QStringLiteral("name")});
    QVERIFY2(r.exitCode == 0 && r.out.startsWith("pod/"), r.err.constData());
}

QTEST_GUILESS_MAIN(tst_Kubectl)
#include "tst_sim_kubectl.moc"
