// SPDX-License-Identifier: Apache-2.0
// Python's official client (Debian python3-kubernetes, installed by scripts/bootstrap) against
// the simulated API server: python_client_watch.py lists, resumes a watch from the list's
// resourceVersion, gets a 410 after /sim/v1/compact and survives it by relisting. The server
// runs in this test's event loop; the script is awaited with QTRY_* (never waitFor*).
// Without python3 or the kubernetes module the test FAILS (it does not skip).
#include "sim/simulator.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace lens::sim;

class tst_SimPython : public QObject {
    Q_OBJECT
private slots:
    void listWatchResumeAndSurvive410();
};

void tst_SimPython::listWatchResumeAndSurvive410()
{
    // Debian's interpreter first: python3-kubernetes installs for it (a pyenv or venv python3
    // earlier on PATH would not see the module).
    QString python =
        QStandardPaths::findExecutable(QStringLiteral("python3"), {QStringLiteral("/usr/bin")});
    if (python.isEmpty())
        python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    QVERIFY2(!python.isEmpty(), "python3 not found (scripts/bootstrap installs python3 and "
                                "python3-kubernetes)");
    QTemporaryDir dir;
    Simulator sim;
    Simulator::Options o;
    o.seed = 9;
    QString error;
    QVERIFY2(sim.start(o, &error), qPrintable(error));
    const QString kubeconfig = dir.filePath(QStringLiteral("kubeconfig"));
    QVERIFY2(sim.writeKubeconfig(kubeconfig, &error), qPrintable(error));

    QProcess p;
    p.start(python, {QStringLiteral(LENS_PY_SCRIPT), kubeconfig, sim.url().toString()});
    QTRY_COMPARE_WITH_TIMEOUT(p.state(), QProcess::NotRunning, 90000);
    const QByteArray out = p.readAllStandardOutput();
    const QByteArray err = p.readAllStandardError();
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, (out + err).constData());
    QVERIFY2(out.contains("listed "), out.constData());
    QVERIFY2(out.contains("resumed from "), out.constData());
    QVERIFY2(out.contains("ApiException 410"), out.constData());
    QVERIFY2(out.contains("survived the 410"), out.constData());
    QVERIFY(sim.objects(QStringLiteral("pods")).size() == 16); // py-one came and went
}

QTEST_GUILESS_MAIN(tst_SimPython)
#include "tst_sim_python.moc"
