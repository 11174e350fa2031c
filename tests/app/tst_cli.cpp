// SPDX-License-Identifier: Apache-2.0
#include "lensprocess.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <tuple>

class tst_Cli : public QObject {
    Q_OBJECT
private slots:
    void headlessPrintsTheJournal();
    void headlessSaysItCouldNotWrite();
    void screenshotWritesAPng();
    void theWindowSpeaksTheDesktopsLanguage();
    void queueAndListModesAreSelectable_data();
    void queueAndListModesAreSelectable();
    void severalInformers_data();
    void severalInformers();
    void severalInformersAreRecordedAndOpened();
    void badArgumentsAreExplained();
    void unreachableServerIsReportedAndRetried();
    void headlessSaysWhyAWatchListNeverSynced();
    void screenshotNamesWhyItNeverSynced();
    void versionNamesQtAndTheAllocator();
    void controllerProvisionsAndSaysWhatItDid();
    void controllerArgumentsAreChecked();
    void failProvisionsRetriesAClaim();
    void kubeconfigOutPointsAtTheLiveCluster();
    void builtinResourcesAreKnownWithoutDiscovery();

private:
    static QProcess *run(const QStringList &args, QObject *parent)
    {
        return startLens(args, parent);
    }
};

void tst_Cli::controllerProvisionsAndSaysWhatItDid()
{
    // The built-in cluster's three seeded claims are provisioned by the workers; stderr says so.
    QProcess *p =
        run({QStringLiteral("--headless"), QStringLiteral("--duration"), QStringLiteral("4"),
             QStringLiteral("--controller"), QStringLiteral("provisioner"),
             QStringLiteral("--threadiness"), QStringLiteral("2"),
             QStringLiteral("--churn-interval"), QStringLiteral("0")},
            this);
    QVERIFY(p->waitForFinished(30000));
    QCOMPARE(p->exitCode(), 0);
    QSet<QString> informers, workers;
    int provisioned = 0;
    for (const QByteArray &line : p->readAllStandardOutput().trimmed().split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        informers << o.value(QLatin1String("informer")).toString();
        if (o.value(QLatin1String("kind")).toString() == QLatin1String("controllerSyncStarted"))
            workers << o.value(QLatin1String("worker")).toString();
        provisioned += o.value(QLatin1String("outcome")).toString() == QLatin1String("provisioned");
    }
    for (const char *name : {"persistentvolumeclaims", "persistentvolumes", "storageclasses"})
        QVERIFY2(informers.contains(QLatin1String(name)), name);
    QCOMPARE(provisioned, 3);
    QVERIFY(workers.contains(QStringLiteral("claim-worker-1")));
    QVERIFY(!workers.contains(QStringLiteral("claim-worker-3"))); // --threadiness 2
    QVERIFY(p->readAllStandardError().contains(
        "provisioner lens.example.com/hostpath: 3 volume(s) provisioned"));
}

void tst_Cli::controllerArgumentsAreChecked()
{
    for (const auto &[args, words] :
         {std::pair{QStringList{QStringLiteral("--controller"), QStringLiteral("binder")},
                    QByteArray("--controller takes provisioner")},
          std::pair{QStringList{QStringLiteral("--allow-writes")},
                    QByteArray("--allow-writes goes with --controller")},
          std::pair{QStringList{QStringLiteral("--threadiness"), QStringLiteral("2")},
                    QByteArray("--threadiness goes with --controller or a scenario that runs a "
                               "controller")},
          std::pair{QStringList{QStringLiteral("--controller"), QStringLiteral("provisioner"),
                                QStringLiteral("--threadiness"), QStringLiteral("0")},
                    QByteArray("--threadiness needs a whole number from 1 to 64")},
          std::pair{QStringList{QStringLiteral("--fail-provisions"), QStringLiteral("2")},
                    QByteArray("--provision-latency and --fail-provisions go with --controller")},
          std::pair{QStringList{QStringLiteral("--controller"), QStringLiteral("provisioner"),
                                QStringLiteral("--provision-latency"), QStringLiteral("-5")},
                    QByteArray("--provision-latency needs milliseconds from 0 to 3600000")},
          std::pair{QStringList{QStringLiteral("--controller"), QStringLiteral("runtime-sample"),
                                QStringLiteral("--max-concurrent-reconciles"), QStringLiteral("0")},
                    QByteArray("--max-concurrent-reconciles needs a whole number from 1 to 64")},
          std::pair{QStringList{QStringLiteral("--controller"), QStringLiteral("runtime-sample"),
                                QStringLiteral("--use-priority-queue=maybe")},
                    QByteArray("--use-priority-queue takes true or false")},
          std::pair{QStringList{QStringLiteral("--requeue-after"), QStringLiteral("500")},
                    QByteArray("go with --controller runtime-sample")}}) {
        QProcess *q = run(QStringList{QStringLiteral("--headless")} + args, this);
        QVERIFY(q->waitForFinished(10000));
        QCOMPARE(q->exitCode(), 2);
        QVERIFY2(q->readAllStandardError().contains(words), words.constData());
    }
}

void tst_Cli::failProvisionsRetriesAClaim()
{
    // --fail-provisions 1: the first Provision fails as set, and the claim is re-queued with
    // the limiter's delay; --provision-latency is how long each call took.
    QProcess *p = run(
        {QStringLiteral("--headless"), QStringLiteral("--duration"), QStringLiteral("3"),
         QStringLiteral("--controller"), QStringLiteral("provisioner"),
         QStringLiteral("--threadiness"), QStringLiteral("1"), QStringLiteral("--fail-provisions"),
         QStringLiteral("1"), QStringLiteral("--provision-latency"), QStringLiteral("300"),
         QStringLiteral("--churn-interval"), QStringLiteral("0")},
        this);
    QVERIFY(p->waitForFinished(30000));
    QCOMPARE(p->exitCode(), 0);
    int injected = 0, returned = 0, rateLimited = 0;
    for (const QByteArray &line : p->readAllStandardOutput().trimmed().split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        const QString kind = o.value(QLatin1String("kind")).toString();
        if (kind == QLatin1String("provisionerReturned")) {
            ++returned;
            injected += o.value(QLatin1String("injected")).toBool();
            QVERIFY(o.value(QLatin1String("durationMs")).toInt() >= 300);
        }
        if (kind == QLatin1String("workqueueAddRateLimited") &&
            o.value(QLatin1String("queue")).toString() == QLatin1String("claims")) {
            ++rateLimited;
            QCOMPARE(o.value(QLatin1String("delayMs")).toInt(), 15000);
        }
    }
    QCOMPARE(injected, 1);
    QVERIFY(returned >= 3); // the failed one, then the other two claims
    QCOMPARE(rateLimited, 1);
}

void tst_Cli::kubeconfigOutPointsAtTheLiveCluster()
{
    // --kubeconfig-out: the file names the built-in cluster this run watches (its URL and that it
    // listens on loopback only are on stderr), and that cluster answers a LIST of the claims the
    // controller provisions.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("lens.yaml"));
    QProcess *p = run({QStringLiteral("--headless"), QStringLiteral("--duration"),
                       QStringLiteral("20"), QStringLiteral("--controller"),
                       QStringLiteral("provisioner"), QStringLiteral("--churn-interval"),
                       QStringLiteral("0"), QStringLiteral("--kubeconfig-out"), path},
                      this);
    QByteArray err;
    QTRY_VERIFY_WITH_TIMEOUT((err += p->readAllStandardError()).contains('\n'), 20000);
    const QByteArray marker = "built-in cluster at ";
    QVERIFY2(err.contains(marker), err.constData());
    const qsizetype from = err.indexOf(marker) + marker.size();
    const QByteArray url = err.mid(from, err.indexOf(';', from) - from);
    QVERIFY(url.startsWith("http://127.0.0.1:"));
    // It says where it listens: this machine only.
    QVERIFY2(err.contains("; listening on " + url.mid(7) +
                          " (loopback only: other machines cannot connect)\n"),
             err.constData());
    // The file is written after that line, and said so: under load the first read of stderr
    // can come between the two.
    QTRY_VERIFY_WITH_TIMEOUT((err += p->readAllStandardError())
                                 .contains("kubeconfig for the built-in cluster written to"),
                             20000);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll().contains("server: " + url));
    // The cluster is the live one: its claims list answers while the run goes on.
    QNetworkAccessManager nam;
    QNetworkReply *reply =
        nam.get(QNetworkRequest(QUrl(QString::fromLatin1(url + "/api/v1/persistentvolumeclaims"))));
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 10000);
    QCOMPARE(reply->error(), QNetworkReply::NoError);
    QVERIFY(reply->readAll().contains("\"data-0\""));
    delete reply;
    p->kill();
    p->waitForFinished();
    // Only the built-in cluster has a kubeconfig to write.
    QProcess *q =
        run({QStringLiteral("--headless"), QStringLiteral("--server"),
             QStringLiteral("http://127.0.0.1:1"), QStringLiteral("--kubeconfig-out"), path},
            this);
    QVERIFY(q->waitForFinished(10000));
    QCOMPARE(q->exitCode(), 2);
    QVERIFY(q->readAllStandardError().contains("--kubeconfig-out writes the built-in cluster's"));
}

void tst_Cli::builtinResourcesAreKnownWithoutDiscovery()
{
    // A server that cannot be asked at start: storageclasses is still listed where every
    // cluster serves it (storage.k8s.io/v1), so the claim controller's gate can open once the
    // server answers; a name Kubernetes does not build in is taken as core/v1 and says so.
    QProcess *p = run({QStringLiteral("--headless"), QStringLiteral("--duration"),
                       QStringLiteral("2"), QStringLiteral("--controller"),
                       QStringLiteral("provisioner"), QStringLiteral("--allow-writes"),
                       QStringLiteral("--server"), QStringLiteral("http://127.0.0.1:1")},
                      this);
    QVERIFY(p->waitForFinished(30000));
    QCOMPARE(p->exitCode(), 3); // never synced
    const QByteArray out = p->readAllStandardOutput();
    QVERIFY(out.contains("storageclasses is a built-in Kubernetes resource, taken as "
                         "storage.k8s.io/v1 storageclasses until the server answers"));
    QVERIFY(!out.contains("storageclasses (taken as core/v1)"));
    QProcess *q = run({QStringLiteral("--headless"), QStringLiteral("--duration"),
                       QStringLiteral("1"), QStringLiteral("--server"),
                       QStringLiteral("http://127.0.0.1:1"), QStringLiteral("widgets")},
                      this);
    QVERIFY(q->waitForFinished(30000));
    QVERIFY(q->readAllStandardOutput().contains("assuming core/v1 widgets"));
}

void tst_Cli::headlessPrintsTheJournal()
{
    QProcess *p =
        run({QStringLiteral("--headless"), QStringLiteral("--duration"), QStringLiteral("2.5"),
             QStringLiteral("--churn-interval"), QStringLiteral("200")},
            this);
    QVERIFY(p->waitForFinished(30000));
    QCOMPARE(p->exitCode(), 0);
    const QList<QByteArray> lines = p->readAllStandardOutput().trimmed().split('\n');
    QVERIFY(lines.size() > 20);
    QSet<QString> kinds;
    qint64 lastSeq = 0;
    for (const QByteArray &line : lines) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        QVERIFY2(o.contains(QLatin1String("seq")) && o.contains(QLatin1String("t")) &&
                     o.contains(QLatin1String("kind")),
                 line.constData());
        QCOMPARE(o.value(QLatin1String("seq")).toInteger(), lastSeq + 1);
        lastSeq = o.value(QLatin1String("seq")).toInteger();
        kinds << o.value(QLatin1String("kind")).toString();
    }
    for (const char *k : {"listStarted", "listPage", "listCompleted", "watchStarted", "watchEvent",
                          "fifoQueued", "fifoPopped", "indexerAdded", "handlerNotified", "synced"})
        QVERIFY2(kinds.contains(QLatin1String(k)), k);
}

// A journal that cannot be written (a full disk: /dev/full) is an error a script must see:
// exit 1, and stderr says so with how many lines went out, after the run's own summary.
void tst_Cli::headlessSaysItCouldNotWrite()
{
    auto *p = new QProcess(this);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p->setProcessEnvironment(env);
    p->setStandardOutputFile(QStringLiteral("/dev/full"));
    p->start(QStringLiteral(LENS_APP), {QStringLiteral("--headless"), QStringLiteral("--scenario"),
                                        QStringLiteral("fs06-initial-sync")});
    QVERIFY(p->waitForFinished(60000));
    const QString err = QString::fromUtf8(p->readAllStandardError());
    QCOMPARE(p->exitCode(), 1);
    QVERIFY2(err.contains(QLatin1String("writing the journal to standard output failed: No "
                                        "space left on device; at least 0 of ")),
             qPrintable(err));
}

void tst_Cli::screenshotWritesAPng()
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("shot.png"));
    const QByteArray runtimeDir = qgetenv("XDG_RUNTIME_DIR");
    qunsetenv("XDG_RUNTIME_DIR"); // as for root under xvfb-run in a container
    QProcess *p = run({QStringLiteral("--screenshot"), png, QStringLiteral("--screenshot-pause"),
                       QStringLiteral("1"), QStringLiteral("--size"), QStringLiteral("1280x800")},
                      this);
    if (!runtimeDir.isEmpty())
        qputenv("XDG_RUNTIME_DIR", runtimeDir);
    QVERIFY(p->waitForFinished(60000));
    const QByteArray err = p->readAllStandardError();
    QVERIFY2(p->exitCode() == 0, err.constData());
    const QImage img(png);
    QVERIFY(!img.isNull());
    QCOMPARE(img.size(), QSize(1280, 800));
    // Qt's notices about the platform (offscreen has no size hints; root without a login
    // session has no XDG_RUNTIME_DIR) say nothing about the picture: not printed.
    QVERIFY2(!err.contains("propagateSizeHints"), err.constData());
    QVERIFY2(!err.contains("XDG_RUNTIME_DIR"), err.constData());
}

void tst_Cli::theWindowSpeaksTheDesktopsLanguage()
{
    // LC_ALL=zh_CN.UTF-8 without --lang: the window in Chinese; --lang en wins; --at (exact
    // pictures) stays English whatever the desktop's language.
    QTemporaryDir dir;
    const auto shot = [&](const QStringList &extra) {
        const QString svg = dir.filePath(QStringLiteral("shot.svg"));
        QFile::remove(svg);
        QProcess *p = startLens(QStringList{QStringLiteral("--screenshot"), svg,
                                            QStringLiteral("--panel"), QStringLiteral("window")} +
                                    extra,
                                this, QStringLiteral("zh_CN.UTF-8"));
        if (!p->waitForFinished(60000) || p->exitCode() != 0)
            return QString::fromUtf8(p->readAllStandardError());
        QFile f(svg);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    };
    const QString zh = shot({});
    QVERIFY2(zh.contains(QStringLiteral("\u65e5\u5fd7")), qPrintable(zh.left(300))); // 日志
    QVERIFY(!zh.contains(QLatin1String(">Journal<")));
    const QString en = shot({QStringLiteral("--lang"), QStringLiteral("en")});
    QVERIFY2(en.contains(QLatin1String(">Journal<")), qPrintable(en.left(300)));
    QVERIFY(!en.contains(QStringLiteral("\u65e5\u5fd7")));
    const QString at = shot({QStringLiteral("--scenario"), QStringLiteral("window-tour"),
                             QStringLiteral("--at"), QStringLiteral("1")});
    QVERIFY2(at.contains(QLatin1String(">Journal<")), qPrintable(at.left(300)));
    QVERIFY(!at.contains(QStringLiteral("\u65e5\u5fd7")));
}

void tst_Cli::queueAndListModesAreSelectable_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("queueComponent");
    QTest::addColumn<bool>("listed");
    QTest::newRow("default: DeltaFIFO, LIST+WATCH") << QStringList() << "deltafifo" << true;
    QTest::newRow("RealFIFO") << QStringList{QStringLiteral("--queue"), QStringLiteral("realfifo")}
                              << "realfifo" << true;
    QTest::newRow("WatchList") << QStringList{QStringLiteral("--watch-list")} << "deltafifo"
                               << false;
}

void tst_Cli::queueAndListModesAreSelectable()
{
    QFETCH(QStringList, args);
    QFETCH(QString, queueComponent);
    QFETCH(bool, listed);
    QProcess *p = run(QStringList{QStringLiteral("--headless"), QStringLiteral("--duration"),
                                  QStringLiteral("1.5")} +
                          args,
                      this);
    QVERIFY(p->waitForFinished(30000));
    QCOMPARE(p->exitCode(), 0);
    QSet<QString> components;
    bool synced = false;
    bool sawList = false;
    for (const QByteArray &line : p->readAllStandardOutput().trimmed().split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        components << o.value(QLatin1String("component")).toString();
        synced = synced || o.value(QLatin1String("kind")).toString() == QLatin1String("synced");
        sawList =
            sawList || o.value(QLatin1String("kind")).toString() == QLatin1String("listStarted");
    }
    QVERIFY(synced);
    QVERIFY(components.contains(queueComponent));
    QCOMPARE(sawList, listed); // WatchList syncs from one streaming watch, no LIST
}

void tst_Cli::severalInformers_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("informers");
    QTest::newRow("default: pods and nodes")
        << QStringList() << QStringList{QStringLiteral("pods"), QStringLiteral("nodes")};
    QTest::newRow("pods,nodes") << QStringList{QStringLiteral("pods,nodes")}
                                << QStringList{QStringLiteral("pods"), QStringLiteral("nodes")};
    QTest::newRow("pods configmaps -n kube-system")
        << QStringList{QStringLiteral("pods"), QStringLiteral("configmaps"), QStringLiteral("-n"),
                       QStringLiteral("kube-system")}
        << QStringList{QStringLiteral("pods"), QStringLiteral("configmaps")};
    QTest::newRow("pods --queue deltafifo,realfifo")
        << QStringList{QStringLiteral("pods"), QStringLiteral("--queue"),
                       QStringLiteral("deltafifo,realfifo")}
        << QStringList{QStringLiteral("pods/deltafifo"), QStringLiteral("pods/realfifo")};
    QTest::newRow("pods --watch-list=true,false")
        << QStringList{QStringLiteral("pods"), QStringLiteral("--watch-list=true,false")}
        << QStringList{QStringLiteral("pods/watchlist"), QStringLiteral("pods/listwatch")};
}

void tst_Cli::severalInformers()
{
    // One informer per resource (and per compared option), every informer event naming its
    // informer, each one synced, and the WaitForCacheSync gate opening over all of them.
    QFETCH(QStringList, args);
    QFETCH(QStringList, informers);
    QProcess *p = run(QStringList{QStringLiteral("--headless"), QStringLiteral("--duration"),
                                  QStringLiteral("2")} +
                          args,
                      this);
    QVERIFY(p->waitForFinished(30000));
    QVERIFY2(p->exitCode() == 0, p->readAllStandardError().constData());
    QSet<QString> named, synced;
    QJsonObject gate;
    for (const QByteArray &line : p->readAllStandardOutput().trimmed().split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        const QString informer = o.value(QLatin1String("informer")).toString();
        const QString kind = o.value(QLatin1String("kind")).toString();
        if (QStringList{QStringLiteral("reflector"), QStringLiteral("deltafifo"),
                        QStringLiteral("realfifo"), QStringLiteral("indexer"),
                        QStringLiteral("processor"), QStringLiteral("informer"),
                        QStringLiteral("controller")}
                .contains(o.value(QLatin1String("component")).toString()))
            QVERIFY2(informers.contains(informer), line.constData());
        if (!informer.isEmpty())
            named << informer;
        if (kind == QLatin1String("synced"))
            synced << informer;
        if (kind == QLatin1String("cacheSyncFinished"))
            gate = o;
    }
    QCOMPARE(named, QSet<QString>(informers.begin(), informers.end()));
    QCOMPARE(synced, named);
    QCOMPARE(gate.value(QLatin1String("type")).toString(), QStringLiteral("opened"));
    QVERIFY(informers.contains(gate.value(QLatin1String("waitedOn")).toString()));
}

void tst_Cli::severalInformersAreRecordedAndOpened()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("two.jsonl"));
    QProcess *rec =
        run({QStringLiteral("--headless"), QStringLiteral("--duration"), QStringLiteral("2"),
             QStringLiteral("pods,nodes"), QStringLiteral("--record"), file},
            this);
    QVERIFY(rec->waitForFinished(30000));
    QVERIFY2(rec->exitCode() == 0, rec->readAllStandardError().constData());
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject header = QJsonDocument::fromJson(f.readLine()).object();
    QCOMPARE(header.value(QLatin1String("informers")).toArray(),
             (QJsonArray{QStringLiteral("pods"), QStringLiteral("nodes")}));
    QProcess *open = run({QStringLiteral("--headless"), QStringLiteral("--open"), file}, this);
    QVERIFY(open->waitForFinished(30000));
    QCOMPARE(open->exitCode(), 0);
    QSet<QString> named;
    for (const QByteArray &line : open->readAllStandardOutput().trimmed().split('\n'))
        named << QJsonDocument::fromJson(line).object().value(QLatin1String("informer")).toString();
    QVERIFY(named.contains(QStringLiteral("pods")) && named.contains(QStringLiteral("nodes")));
}

void tst_Cli::badArgumentsAreExplained()
{
    QProcess *p = run(
        {QStringLiteral("--headless"), QStringLiteral("--duration"), QStringLiteral("soon")}, this);
    QVERIFY(p->waitForFinished(10000));
    QCOMPARE(p->exitCode(), 2);
    QVERIFY(p->readAllStandardError().contains("--duration needs a positive number of seconds"));
    for (const QStringList &args :
         {QStringList{QStringLiteral("--headless"), QStringLiteral("--duration"),
                      QStringLiteral("inf")},
          QStringList{QStringLiteral("--headless"), QStringLiteral("--speed"),
                      QStringLiteral("nan")},
          QStringList{QStringLiteral("--headless"), QStringLiteral("--speed"),
                      QStringLiteral("inf")},
          QStringList{QStringLiteral("--headless"), QStringLiteral("--at"), QStringLiteral("3")},
          QStringList{QStringLiteral("--headless"), QStringLiteral("--scenario"),
                      QStringLiteral("fs03-410-relist"), QStringLiteral("--at"),
                      QStringLiteral("nan")},
          QStringList{QStringLiteral("--headless"), QStringLiteral("--scale"), QStringLiteral("9")},
          QStringList{QStringLiteral("--headless"), QStringLiteral("--lesson")},
          QStringList{QStringLiteral("--headless"), QStringLiteral("--scenario"),
                      QStringLiteral("window-tour"), QStringLiteral("--lesson")},
          QStringList{QStringLiteral("--screenshot"), QStringLiteral("shot.jpg")}}) {
        QProcess *q = run(args, this);
        QVERIFY(q->waitForFinished(10000));
        QCOMPARE(q->exitCode(), 2);
        QVERIFY2(q->readAllStandardError().contains("needs a"), qPrintable(args.join(u' ')));
    }
    // With no display at all: bad arguments are still exit 2 in their own words; good ones
    // say there is no display (exit 1).
    for (const auto &[args, code, words] :
         {std::tuple{QStringList{QStringLiteral("--bogus-flag")}, 2,
                     QByteArray("unknown flag: --bogus-flag")},
          std::tuple{QStringList{}, 1, QByteArray("no display")}}) {
        QProcess q;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *var : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            env.remove(QLatin1String(var));
        q.setProcessEnvironment(env);
        q.start(QStringLiteral(LENS_APP), args);
        QVERIFY(q.waitForFinished(10000));
        QCOMPARE(q.exitCode(), code);
        QVERIFY2(q.readAllStandardError().contains(words), words.constData());
    }
    QProcess *cap = run(
        {QStringLiteral("--headless"), QStringLiteral("--journal-cap"), QStringLiteral("5")}, this);
    QVERIFY(cap->waitForFinished(10000));
    QCOMPARE(cap->exitCode(), 2);
    QVERIFY(cap->readAllStandardError().contains("--journal-cap needs a number of events"));
    // A kubeconfig that cannot be read: exit 1 with the file named, nothing started.
    QProcess *kc = run({QStringLiteral("--headless"), QStringLiteral("--kubeconfig"),
                        QStringLiteral("/nonexistent/kubeconfig")},
                       this);
    QVERIFY(kc->waitForFinished(10000));
    QCOMPARE(kc->exitCode(), 1);
    QVERIFY(kc->readAllStandardError().contains(
        "The kubeconfig cannot be used: cannot read /nonexistent/kubeconfig"));
    QVERIFY(kc->readAllStandardOutput().isEmpty());
    QProcess *mix =
        run({QStringLiteral("--headless"), QStringLiteral("--context"), QStringLiteral("prod"),
             QStringLiteral("--scenario"), QStringLiteral("fs03-410-relist")},
            this);
    QVERIFY(mix->waitForFinished(10000));
    QCOMPARE(mix->exitCode(), 2);
    QVERIFY(mix->readAllStandardError().contains("cannot be combined with --server, --kubeconfig"));
    // Every bad argument is exit 2 before anything starts, with or without a window.
    for (const QStringList &args :
         {QStringList{QStringLiteral("--frobnicate")},
          QStringList{QStringLiteral("--headless"), QStringLiteral("--view"),
                      QStringLiteral("foo")},
          QStringList{QStringLiteral("--headless"), QStringLiteral("--view"),
                      QStringLiteral("object,foo")},
          QStringList{QStringLiteral("--headless"), QStringLiteral("--lang"), QStringLiteral("fr")},
          QStringList{QStringLiteral("--headless"), QStringLiteral("--theme"),
                      QStringLiteral("blue")},
          QStringList{QStringLiteral("--headless"), QStringLiteral("pods"), QStringLiteral("pods")},
          QStringList{QStringLiteral("--headless"), QStringLiteral("--queue"),
                      QStringLiteral("realfifo,realfifo")},
          QStringList{QStringLiteral("--headless"), QStringLiteral("--watch-list=maybe")}}) {
        QProcess *q = run(args, this);
        QVERIFY(q->waitForFinished(10000));
        QCOMPARE(q->exitCode(), 2);
        const QByteArray err = q->readAllStandardError();
        QVERIFY2(err.contains("frobnicate") || err.contains("takes") ||
                     err.contains("is given twice") || err.contains("twice"),
                 err.constData());
        QVERIFY(q->readAllStandardOutput().isEmpty());
    }
}

void tst_Cli::unreachableServerIsReportedAndRetried()
{
    // Nothing listens on port 9 of loopback: the list fails with "connection refused", the
    // reflector backs off and lists again, and the process keeps running until --duration.
    QProcess *p =
        run({QStringLiteral("--headless"), QStringLiteral("--duration"), QStringLiteral("2.5"),
             QStringLiteral("--server"), QStringLiteral("http://127.0.0.1:9")},
            this);
    QVERIFY(p->waitForFinished(30000));
    // It never synced: exit 3, and stderr says so with the last error.
    QCOMPARE(p->exitCode(), 3);
    const QByteArray err = p->readAllStandardError();
    QVERIFY2(err.contains("the informer never synced (HasSynced stayed false); last error: ") &&
                 err.contains("connection refused"),
             err.constData());
    // And what its Reflector was doing when the run ended, from the journal.
    QVERIFY2(err.contains("; when the run ended, it was backing off (retry in ") ||
                 err.contains("; when the run ended, its LIST sent at "),
             err.constData());
    const QByteArray out = p->readAllStandardOutput();
    QVERIFY2(out.contains("connection refused"), out.constData());
    QVERIFY(out.count("\"kind\":\"listStarted\"") >= 2);
    QVERIFY(out.contains("\"kind\":\"backoff\""));
    QVERIFY(!out.contains("\"kind\":\"synced\""));
}

void tst_Cli::headlessSaysWhyAWatchListNeverSynced()
{
    // FS-09's server ignores sendInitialEvents: the WatchList streams the four pods and never
    // gets its initial-events-end bookmark. The run ends after 1 s, before the informer gives
    // up on it (1.5 s): exit 3 says it never synced, and why, in words. (Not `--at 0.5`: the
    // scenario player does not reach a stop time while the bookmark timeout waits beyond it.)
    QProcess *p = run({QStringLiteral("--headless"), QStringLiteral("--scenario"),
                       QStringLiteral("fs09-watchlist-fallback"), QStringLiteral("--duration"),
                       QStringLiteral("1")},
                      this);
    QVERIFY(p->waitForFinished(30000));
    const QByteArray err = p->readAllStandardError();
    QCOMPARE(p->exitCode(), 3);
    QVERIFY2(err.contains("informer-lens: the informer never synced (HasSynced stayed false); "
                          "when the run ended, its WatchList (sendInitialEvents) waited ") &&
                 err.contains(" s for the initial-events-end bookmark, which never came (4 "
                              "initial event(s) streamed)\n"),
             err.constData());
}

void tst_Cli::screenshotNamesWhyItNeverSynced()
{
    // Nothing listens on port 1: --screenshot gives up after --screenshot-timeout (60 s by
    // default) with exit 1, naming the last list error as --headless does on exit 3.
    QTemporaryDir dir;
    QProcess *p = run({QStringLiteral("--server"), QStringLiteral("http://127.0.0.1:1"),
                       QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("x.png")),
                       QStringLiteral("--screenshot-timeout"), QStringLiteral("2")},
                      this);
    QVERIFY(p->waitForFinished(30000));
    const QByteArray err = p->readAllStandardError();
    QCOMPARE(p->exitCode(), 1);
    QVERIFY2(err.contains("no screenshot: the informer did not sync in 2 s (") &&
                 err.contains("; last error: ") &&
                 err.contains("cannot connect: connection refused (127.0.0.1:1)"),
             err.constData());
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.png"))));

    // The limit covers the pause too: timing out during it is a failure, never also a picture.
    p = run({QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("y.png")),
             QStringLiteral("--screenshot-timeout"), QStringLiteral("1"),
             QStringLiteral("--screenshot-pause"), QStringLiteral("3")},
            this);
    QVERIFY(p->waitForFinished(30000));
    QCOMPARE(p->exitCode(), 1);
    // (Usually "the views did not settle in time"; on a loaded machine sync itself may be late.)
    QVERIFY(p->readAllStandardError().contains("informer-lens: no screenshot: the "));
    QVERIFY(p->readAllStandardOutput().isEmpty());
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("y.png"))));
}

void tst_Cli::versionNamesQtAndTheAllocator()
{
    QProcess *p = run({QStringLiteral("--version")}, this);
    QVERIFY(p->waitForFinished(30000));
    QCOMPARE(p->exitCode(), 0);
    const QString out = QString::fromUtf8(p->readAllStandardOutput());
    QVERIFY2(out.startsWith(QLatin1String("informer-lens 0.")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("Qt ") + QLatin1String(qVersion())), qPrintable(out));
    // An ASan build (the check preset; gcc says __SANITIZE_ADDRESS__, clang __has_feature)
    // allocates with the sanitizer's allocator and names it.
    bool asan = false;
#if defined(__SANITIZE_ADDRESS__)
    asan = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    asan = true;
#endif
#endif
    if (asan) {
        QVERIFY2(out.contains(QLatin1String("AddressSanitizer allocator")), qPrintable(out));
        return;
    }
#if defined(LENS_EXPECT_JEMALLOC)
    QVERIFY2(out.contains(QLatin1String("jemalloc 5.")), qPrintable(out));
#else
    QVERIFY2(out.contains(QLatin1String("glibc malloc")), qPrintable(out));
#endif
}

QTEST_GUILESS_MAIN(tst_Cli)
#include "tst_cli.moc"
