// SPDX-License-Identifier: Apache-2.0
// Exec credential plugins in a kubeconfig (client-go's exec authenticator): a failing plugin is
// explained with its own words and the kubeconfig's installHint, a plugin that never answers is
// timed out without freezing the event loop, and arguments reach it without a shell.
#include "client/httplisterwatcher.h"
#include "client/kubeconfig.h"
#include "session/session.h"

#include "kubeconfigtestutil.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QNetworkRequest>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace lens;
using namespace lens::kubeconfigtest;

class tst_KubeconfigExec : public QObject {
    Q_OBJECT
private slots:
    void execPluginFailureIsExplained();
    void hungExecPluginTimesOutWithoutFreezing();
    void execPluginRunsWithoutAShell();
};

void tst_KubeconfigExec::execPluginFailureIsExplained()
{
    QTemporaryDir dir;
    const QString plugin = write(dir, QStringLiteral("plugin.sh"),
                                 "#!/bin/sh\necho 'token expired, run: login' >&2\nexit 2\n",
                                 QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    auto kubeconfigWith = [&](const QString &command) {
        return write(dir, QStringLiteral("config"),
                     config("    server: https://127.0.0.1:1\n",
                            "    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n"
                            "      command: " +
                                command.toUtf8() + "\n      installHint: install it with apt\n"));
    };
    Session::Options o;
    o.useKubeconfig = true;
    o.kubeconfig = kubeconfigWith(plugin);
    QString error;
    QVERIFY(!Session(o).start(&error));
    QVERIFY2(error.contains(QStringLiteral("exited with code 2: token expired, run: login")),
             qPrintable(error));
    o.kubeconfig = kubeconfigWith(dir.filePath(QStringLiteral("no-such-plugin")));
    QVERIFY(!Session(o).start(&error));
    QVERIFY2(error.contains(QStringLiteral("could not be started")) &&
                 error.contains(QStringLiteral("install it with apt")),
             qPrintable(error));
    // Issue 40: a credential that had expired already failed with an empty message.
    const QString expired = write(dir, QStringLiteral("expired.sh"),
                                  R"(#!/bin/sh
echo '{"apiVersion":"client.authentication.k8s.io/v1beta1","kind":"ExecCredential","status":{"token":"t","expirationTimestamp":"2001-01-01T00:00:00Z"}}'
)",
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    o.kubeconfig = kubeconfigWith(expired);
    QVERIFY(!Session(o).start(&error));
    QVERIFY2(error.contains(QStringLiteral("returned a credential that had already expired "
                                           "(expirationTimestamp 2001-01-01T00:00:00Z")),
             qPrintable(error));
}

// A plugin that never answers: the requests that need its credential wait for one run (not
// one each), the event loop keeps turning meanwhile, the run is stopped after its timeout and
// the requests fail with an error naming the plugin; the next request runs it again.
void tst_KubeconfigExec::hungExecPluginTimesOutWithoutFreezing()
{
    QTemporaryDir dir;
    const QString runs = dir.filePath(QStringLiteral("runs"));
    const QString plugin = write(dir, QStringLiteral("hung-plugin"),
                                 "#!/bin/sh\necho run >> '" + runs.toUtf8() + "'\nexec sleep 600\n",
                                 QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    const QString path =
        write(dir, QStringLiteral("config"),
              config("    server: https://127.0.0.1:1\n",
                     "    exec:\n      apiVersion: client.authentication.k8s.io/v1\n"
                     "      command: " +
                         plugin.toUtf8() + "\n"));
    RestConfig rc;
    QString error;
    QVERIFY2(KubeconfigLoader::load(path, {}, &rc, &error), qPrintable(error));
    QVERIFY(rc.exec);
    QCOMPARE(rc.exec->timeoutMs, 10000); // the default
    rc.exec->timeoutMs = 500;
    HttpListerWatcher lw(rc, QStringLiteral("/api/v1/pods"));
    // The event loop turns while the plugin hangs.
    int ticks = 0;
    QTimer tick;
    connect(&tick, &QTimer::timeout, this, [&ticks] { ++ticks; });
    tick.start(10);
    std::unique_ptr<ListCall> list(lw.list(ListOptions{}));
    std::unique_ptr<WatchCall> watch(lw.watch(ListOptions{}));
    QVERIFY(rc.exec->isRunning()); // handed back while the plugin runs, not after it
    bool listDone = false;
    ApiStatus watchEnd;
    bool watchEnded = false;
    connect(list.get(), &ListCall::finished, this, [&] { listDone = true; });
    connect(watch.get(), &WatchCall::ended, this, [&](const ApiStatus &s) {
        watchEnded = true;
        watchEnd = s;
    });
    QString third;
    bool thirdDone = false;
    rc.withCredential(this, [&](const QString &e) {
        third = e;
        thirdDone = true;
    });
    QCOMPARE(rc.exec->runCount(), 1); // one run for the three waiting
    QTRY_VERIFY_WITH_TIMEOUT(listDone && watchEnded && thirdDone, 10000);
    QVERIFY2(ticks >= 10, qPrintable(QString::number(ticks)));
    QCOMPARE(rc.exec->runCount(), 1);
    QFile counted(runs);
    QVERIFY(counted.open(QIODevice::ReadOnly));
    QCOMPARE(counted.readAll(), QByteArray("run\n"));
    const QString expected =
        QStringLiteral("getting credentials: the exec credential plugin \"%1\" did not answer "
                       "within 0.5 s")
            .arg(plugin);
    QVERIFY(!list->ok());
    QVERIFY2(list->error().message.startsWith(expected), qPrintable(list->error().message));
    QVERIFY(!watch->responded());
    QVERIFY2(watchEnd.message.startsWith(expected), qPrintable(watchEnd.message));
    QVERIFY2(third.startsWith(expected), qPrintable(third));
    QVERIFY(!rc.exec->isRunning());
    // The next request runs it again.
    std::unique_ptr<ListCall> again(lw.list(ListOptions{}));
    QCOMPARE(rc.exec->runCount(), 2);
    QVERIFY(rc.exec->isRunning());
}

// Go's exec.Command, not a shell: every argument reaches the plugin as one word, untouched,
// whatever shell syntax it holds, and nothing in it is run.
void tst_KubeconfigExec::execPluginRunsWithoutAShell()
{
    QTemporaryDir dir;
    const QString seen = dir.filePath(QStringLiteral("seen"));
    const QString pwned = dir.filePath(QStringLiteral("pwned"));
    const QString plugin =
        write(dir, QStringLiteral("plugin"),
              "#!/bin/sh\nfor a in \"$@\"; do printf '<%s>\\n' \"$a\"; done > '" + seen.toUtf8() +
                  "'\nprintf '{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":"
                  "\"ExecCredential\",\"status\":{\"token\":\"t\"}}'\n",
              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    const QStringList args{QStringLiteral("two words"),
                           QStringLiteral("$(touch ") + pwned + QLatin1Char(')'),
                           QStringLiteral("x; touch ") + pwned,
                           QStringLiteral("`touch ") + pwned + QLatin1Char('`'),
                           QStringLiteral("*"),
                           QStringLiteral("$HOME")};
    QByteArray yamlArgs;
    for (const QString &a : args)
        yamlArgs += "      - '" + a.toUtf8() + "'\n";
    const QString path = write(dir, QStringLiteral("config"),
                               config("    server: https://127.0.0.1:1\n",
                                      "    exec:\n      apiVersion: client.authentication.k8s.io/"
                                      "v1\n      command: " +
                                          plugin.toUtf8() + "\n      args:\n" + yamlArgs));
    RestConfig rc;
    QString error;
    QVERIFY2(KubeconfigLoader::load(path, {}, &rc, &error), qPrintable(error));
    QVERIFY(rc.exec);
    QCOMPARE(rc.exec->args, args);
    QVERIFY2(rc.exec->fetchAndWait(&error), qPrintable(error));
    QCOMPARE(rc.exec->token(), QStringLiteral("t"));
    QFile f(seen);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray want;
    for (const QString &a : args)
        want += '<' + a.toUtf8() + ">\n";
    QCOMPARE(f.readAll(), want);
    QVERIFY(!QFileInfo::exists(pwned));
}

QTEST_GUILESS_MAIN(tst_KubeconfigExec)
#include "tst_kubeconfig_exec.moc"
