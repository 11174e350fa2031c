// SPDX-License-Identifier: Apache-2.0
// SIGTERM, SIGINT and SIGHUP end a run the way it ends on its own: informer-lens --headless
// closes its recording, prints the controller's summary and exits 0; informer-lens-sim stops
// serving with exit 0; the window closes and says what its journal held. A second signal ends a
// run that does not stop.
#include "lensprocess.h"

#include <QFile>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

class tst_Signals : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void headlessEndsCleanly_data();
    void headlessEndsCleanly();
    void windowEndsCleanly();
    void simStopsServing();
    void signalDuringDiscoveryEndsTheRun_data();
    void signalDuringDiscoveryEndsTheRun();
    void signalDuringAnExecPluginLeavesNoRunningProcess();

private:
    QTemporaryDir m_dir;
};

void tst_Signals::headlessEndsCleanly_data()
{
    QTest::addColumn<int>("signalNumber");
    QTest::addColumn<QString>("name");
    QTest::newRow("SIGTERM") << int(SIGTERM) << QStringLiteral("SIGTERM");
    QTest::newRow("SIGINT") << int(SIGINT) << QStringLiteral("SIGINT");
    QTest::newRow("SIGHUP") << int(SIGHUP) << QStringLiteral("SIGHUP");
}

void tst_Signals::headlessEndsCleanly()
{
    QFETCH(int, signalNumber);
    QFETCH(QString, name);
    const QString file = m_dir.filePath(name + QStringLiteral(".jsonl"));
    QProcess *p = startLens({QStringLiteral("--headless"), QStringLiteral("--controller"),
                             QStringLiteral("provisioner"), QStringLiteral("--record"), file},
                            this);
    QByteArray out;
    connect(p, &QProcess::readyReadStandardOutput, this,
            [p, &out] { out += p->readAllStandardOutput(); });
    // Running: the caches synced and the workers took keys.
    QTRY_VERIFY_WITH_TIMEOUT(out.contains("\"kind\":\"cacheSyncFinished\"") &&
                                 out.contains("\"kind\":\"workqueueDone\""),
                             30000);
    QCOMPARE(p->state(), QProcess::Running);
    QVERIFY(::kill(pid_t(p->processId()), signalNumber) == 0);
    QVERIFY(p->waitForFinished(30000));
    out += p->readAllStandardOutput();
    const QString err = QString::fromUtf8(p->readAllStandardError());
    QCOMPARE(p->exitStatus(), QProcess::NormalExit);
    QCOMPARE(p->exitCode(), 0);
    QVERIFY2(err.contains(name + QStringLiteral(" received; stopping")), qPrintable(err));
    // The summary a run prints when it ends on its own.
    QVERIFY2(err.contains(QStringLiteral("volume(s) provisioned")), qPrintable(err));
    // and what the journal held: every event was printed live, so its last seq is their count.
    const QRegularExpression journal(
        QStringLiteral("journal: (\\d+) event\\(s\\) held \\(cap 100000\\), 0 older event\\(s\\) "
                       "dropped, last seq (\\d+)"));
    const QRegularExpressionMatch m = journal.match(err);
    QVERIFY2(m.hasMatch(), qPrintable(err));
    QCOMPARE(m.captured(1), m.captured(2));
    QCOMPARE(m.captured(2).toLongLong(), qlonglong(out.count('\n')));
    // The recording was closed: --open replays it to its last event.
    QFile rec(file);
    QVERIFY(rec.open(QIODevice::ReadOnly));
    const QByteArray recorded = rec.readAll();
    QVERIFY(recorded.endsWith('\n'));
    QProcess *q = startLens({QStringLiteral("--headless"), QStringLiteral("--open"), file}, this);
    QVERIFY(q->waitForFinished(30000));
    QCOMPARE(q->exitCode(), 0);
    const QByteArray replayed = q->readAllStandardOutput();
    QVERIFY(replayed.contains("\"kind\":\"workqueueDone\""));
    // Every event printed live is in the recording (the last line is the same).
    const QByteArray lastLive = out.trimmed().split('\n').last();
    QCOMPARE(replayed.trimmed().split('\n').last(), lastLive);
}

void tst_Signals::windowEndsCleanly()
{
    const QString kubeconfig = m_dir.filePath(QStringLiteral("window.kubeconfig"));
    QProcess *p = startLens({QStringLiteral("--kubeconfig-out"), kubeconfig}, this);
    QByteArray err;
    connect(p, &QProcess::readyReadStandardError, this,
            [p, &err] { err += p->readAllStandardError(); });
    // The window is up with its built-in cluster (the note comes once the session started).
    QTRY_VERIFY_WITH_TIMEOUT(err.contains("written to"), 30000);
    QVERIFY(::kill(pid_t(p->processId()), SIGTERM) == 0);
    QVERIFY(p->waitForFinished(30000));
    err += p->readAllStandardError();
    QCOMPARE(p->exitStatus(), QProcess::NormalExit);
    QCOMPARE(p->exitCode(), 0);
    QVERIFY2(err.contains("SIGTERM received; stopping"), err.constData());
    // A window stopped by a signal says what its journal held, as a headless run does.
    QVERIFY2(err.contains(" event(s) held (cap 100000)"), err.constData());
}

void tst_Signals::simStopsServing()
{
    auto *p = new QProcess(this);
    p->start(QStringLiteral(SIM_APP), {QStringLiteral("--churn"), QStringLiteral("0")});
    QByteArray out;
    connect(p, &QProcess::readyReadStandardOutput, this,
            [p, &out] { out += p->readAllStandardOutput(); });
    QTRY_VERIFY_WITH_TIMEOUT(out.startsWith("http"), 30000);
    p->terminate(); // SIGTERM
    QVERIFY(p->waitForFinished(30000));
    QCOMPARE(p->exitStatus(), QProcess::NormalExit);
    QCOMPARE(p->exitCode(), 0);
    QVERIFY(p->readAllStandardError().contains("SIGTERM received; stopping"));
}

// Issue 40 H2: a SIGINT while discovery waited for the server was acknowledged ("stopping") and
// lost: the quit ended discovery's local event loop only, the run went on, and only a second
// signal stopped it. The first one ends the start now, with the reason and the summary.
void tst_Signals::signalDuringDiscoveryEndsTheRun_data()
{
    QTest::addColumn<bool>("bySignal");
    QTest::newRow("SIGINT") << true;
    // Issue 40: --duration counted from the end of the start, so a discovery that waited
    // made the run last its 10 s more.
    QTest::newRow("--duration 1") << false;
}

void tst_Signals::signalDuringDiscoveryEndsTheRun()
{
    QFETCH(bool, bySignal);
    // A server that takes the requests and never answers them.
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost));
    QList<QTcpSocket *> held;
    bool asked = false;
    connect(&silent, &QTcpServer::newConnection, this, [&] {
        while (QTcpSocket *s = silent.nextPendingConnection()) {
            held << s;
            connect(s, &QTcpSocket::readyRead, this, [s, &asked] {
                if (s->readAll().contains("GET /api"))
                    asked = true;
            });
        }
    });
    QStringList args{QStringLiteral("--headless"), QStringLiteral("--server"),
                     QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort())};
    if (!bySignal)
        args << QStringLiteral("--duration") << QStringLiteral("1");
    QProcess *p = startLens(args, this);
    QTRY_VERIFY_WITH_TIMEOUT(asked, 30000);
    if (bySignal)
        QVERIFY(::kill(pid_t(p->processId()), SIGINT) == 0);
    // Without the cure the run outlived discovery's 10 s and watched for ever.
    QVERIFY(p->waitForFinished(30000));
    const QString err = QString::fromUtf8(p->readAllStandardError());
    QCOMPARE(p->exitStatus(), QProcess::NormalExit);
    QCOMPARE(p->exitCode(), 1); // it could not start
    QVERIFY2(err.contains(bySignal ? QStringLiteral("SIGINT received; stopping")
                                   : QStringLiteral("--duration's 1 s passed before the start "
                                                    "was over")),
             qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("Stopped during discovery")), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral(" event(s) held (cap 100000)")), qPrintable(err));
    QVERIFY2(!err.contains(QStringLiteral("did not answer within")), qPrintable(err));
}

// Hostile round 3: a signal while an exec credential plugin ran printed Qt's "QProcess:
// Destroyed while process (...) is still running" (the killed plugin was not reaped).
void tst_Signals::signalDuringAnExecPluginLeavesNoRunningProcess()
{
    const QString marker = m_dir.filePath(QStringLiteral("plugin-started"));
    const auto writeFile = [](const QString &path, const QByteArray &text,
                              QFile::Permissions permissions) {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(text) == text.size() &&
               f.setPermissions(permissions);
    };
    const QString plugin = m_dir.filePath(QStringLiteral("slow-plugin.sh"));
    QVERIFY(writeFile(plugin,
                      "#!/bin/sh\ntouch '" + QFile::encodeName(marker) + "'\nexec sleep 30\n",
                      QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    const QString kubeconfig = m_dir.filePath(QStringLiteral("exec.kubeconfig"));
    QVERIFY(writeFile(
        kubeconfig,
        "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster: {server: "
        "\"http://127.0.0.1:1\"}\nusers:\n- name: u\n  user:\n    exec:\n      apiVersion: "
        "client.authentication.k8s.io/v1\n      command: " +
            QFile::encodeName(plugin) +
            "\n      interactiveMode: Never\ncontexts:\n- name: x\n  context: {cluster: c, "
            "user: u}\ncurrent-context: x\n",
        QFile::ReadOwner | QFile::WriteOwner));
    QProcess *p =
        startLens({QStringLiteral("--headless"), QStringLiteral("--kubeconfig"), kubeconfig}, this);
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(marker), 30000);
    QVERIFY(::kill(pid_t(p->processId()), SIGINT) == 0);
    QVERIFY(p->waitForFinished(30000));
    const QString err = QString::fromUtf8(p->readAllStandardError());
    QVERIFY2(err.contains(QStringLiteral("was stopped before it answered")), qPrintable(err));
    QVERIFY2(!err.contains(QStringLiteral("QProcess")), qPrintable(err));
}

QTEST_GUILESS_MAIN(tst_Signals)
#include "tst_signals.moc"
