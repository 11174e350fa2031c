// SPDX-License-Identifier: Apache-2.0
// --scenario / --list-scenarios on both programs: informer-lens --headless plays a scenario and
// exits with its journal, a broken scenario file is reported with its line, informer-lens-sim
// serves a scenario's cluster and plays its steps.
#include "simtestutil.h"

#include <QProcess>
#include <QScopeGuard>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <vector>

using namespace simtest;

class tst_ScenarioCli : public QObject {
    Q_OBJECT
private slots:
    void listScenarios();
    void headlessPlaysAndExits();
    void controllerScenariosEndByThemselves();
    void headlessLessonPausesPopAfterEachStep();
    void brokenFileNamesTheLine();
    void onlyStepAtZeroEnds();
    void oversizedScenarioIsRefused();
    void simServesAScenario();
};

namespace {
QStringList lines(const QByteArray &out)
{
    QStringList l = QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    return l;
}
} // namespace

void tst_ScenarioCli::listScenarios()
{
    QProcess lensList, simList;
    lensList.start(QStringLiteral(LENS_EXE), {QStringLiteral("--list-scenarios")});
    simList.start(QStringLiteral(LENS_SIM_EXE), {QStringLiteral("--list-scenarios")});
    QTRY_COMPARE_WITH_TIMEOUT(lensList.state(), QProcess::NotRunning, 20000);
    QTRY_COMPARE_WITH_TIMEOUT(simList.state(), QProcess::NotRunning, 20000);
    QCOMPARE(lensList.exitCode(), 0);
    QCOMPARE(simList.exitCode(), 0);
    const QStringList names = lines(lensList.readAllStandardOutput());
    QCOMPARE(lines(simList.readAllStandardOutput()), names);
    QVERIFY(names.contains(QStringLiteral("fs01-delete-while-disconnected")));
    QVERIFY(names.size() >= 11);
}

void tst_ScenarioCli::headlessPlaysAndExits()
{
    QProcess lens;
    lens.start(QStringLiteral(LENS_EXE),
               {QStringLiteral("--headless"), QStringLiteral("--scenario"),
                QStringLiteral("fs01-delete-while-disconnected")});
    const auto stop = qScopeGuard([&lens] { lens.kill(); });
    QTRY_COMPARE_WITH_TIMEOUT(lens.state(), QProcess::NotRunning, 30000);
    QCOMPARE(lens.exitCode(), 0);
    int tombstones = 0;
    bool finished = false;
    for (const QString &line : lines(lens.readAllStandardOutput())) {
        const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
        if (o.value(u"kind").toString() == QLatin1String("handlerNotified") &&
            o.value(u"type").toString() == QLatin1String("delete (tombstone)") &&
            o.value(u"key").toString() == QLatin1String("default/victim"))
            ++tombstones;
        finished = finished || (o.value(u"component").toString() == QLatin1String("scenario") &&
                                o.value(u"type").toString() == QLatin1String("finished"));
    }
    QCOMPARE(tombstones, 1);
    QVERIFY(finished);
}

// The controller's scenarios: --list-scenarios names them, and --headless plays each to its
// end and exits 0 (on the scenario clock with --at, the 105 s of retries included; the short
// one also in real time), its steps without errors but the provisioner's injected failures.
void tst_ScenarioCli::controllerScenariosEndByThemselves()
{
    const QList<QStringList> runs = {
        {QStringLiteral("controller-provision")},
        {QStringLiteral("controller-provision"), QStringLiteral("--at"), QStringLiteral("5")},
        {QStringLiteral("controller-retry"), QStringLiteral("--at"), QStringLiteral("110")},
        {QStringLiteral("controller-dirty"), QStringLiteral("--at"), QStringLiteral("8")},
        {QStringLiteral("controller-burst"), QStringLiteral("--at"), QStringLiteral("7")},
        // --threadiness replaces the scenario's own 4: one claim worker does all 50.
        {QStringLiteral("controller-burst"), QStringLiteral("--at"), QStringLiteral("20"),
         QStringLiteral("--threadiness"), QStringLiteral("1")},
        {QStringLiteral("controller-delete"), QStringLiteral("--at"), QStringLiteral("6")},
        {QStringLiteral("controller-resync"), QStringLiteral("--at"), QStringLiteral("6.5")},
        {QStringLiteral("controller-gate"), QStringLiteral("--at"), QStringLiteral("7")}};
    QProcess list;
    list.start(QStringLiteral(LENS_EXE), {QStringLiteral("--list-scenarios")});
    QVERIFY(list.waitForFinished(20000));
    const QStringList names = lines(list.readAllStandardOutput());
    std::vector<std::unique_ptr<QProcess>> procs;
    for (const QStringList &r : runs) {
        QVERIFY2(names.contains(r.first()), qPrintable(r.first()));
        auto p = std::make_unique<QProcess>();
        p->start(QStringLiteral(LENS_EXE),
                 QStringList{QStringLiteral("--headless"), QStringLiteral("--scenario")} + r);
        procs.push_back(std::move(p));
    }
    const auto stop = qScopeGuard([&procs] {
        for (auto &p : procs)
            p->kill();
    });
    for (size_t i = 0; i < procs.size(); ++i) {
        QProcess &p = *procs[i];
        const QString name = runs.at(int(i)).join(u' ');
        QVERIFY2(p.waitForFinished(120000), qPrintable(name));
        QVERIFY2(p.exitCode() == 0, qPrintable(name + QString::fromUtf8(p.readAllStandardError())));
        bool finished = false, provisioned = false;
        QSet<QString> workers;
        for (const QString &line : lines(p.readAllStandardOutput())) {
            const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
            if (o.value(u"component").toString() != QLatin1String("scenario")) {
                provisioned = provisioned || o.value(u"outcome").toString() == u"provisioned";
                if (o.value(u"kind").toString() == QLatin1String("controllerSyncStarted") &&
                    o.value(u"queue").toString() == QLatin1String("claims"))
                    workers << o.value(u"worker").toString();
                continue;
            }
            QVERIFY2(!o.contains(u"error"), qPrintable(name + QStringLiteral(": ") + line));
            finished = finished || o.value(u"type").toString() == QLatin1String("finished");
        }
        QVERIFY2(finished, qPrintable(name));
        QVERIFY2(provisioned, qPrintable(name));
        if (runs.at(int(i)).contains(QLatin1String("--threadiness")))
            QCOMPARE(workers, QSet<QString>{QStringLiteral("claim-worker-1")});
    }
}

// --lesson --at: every step up to the stop time is played as if Next were pressed, and Pop is
// paused after each step: no pop between a lessonPause line and the next Next.
void tst_ScenarioCli::headlessLessonPausesPopAfterEachStep()
{
    QProcess lens;
    lens.start(QStringLiteral(LENS_EXE),
               {QStringLiteral("--headless"), QStringLiteral("--scenario"),
                QStringLiteral("window-tour"), QStringLiteral("--lesson"), QStringLiteral("--at"),
                QStringLiteral("5")});
    const auto stop = qScopeGuard([&lens] { lens.kill(); });
    QTRY_COMPARE_WITH_TIMEOUT(lens.state(), QProcess::NotRunning, 60000);
    QCOMPARE(lens.exitCode(), 0);
    int nexts = 0;
    int pauses = 0;
    bool held = false; // between a lessonPause line and the next lessonStep line
    int popsWhileHeld = 0;
    int replacedQueued = 0;
    QString lastCaptionKey;
    for (const QString &line : lines(lens.readAllStandardOutput())) {
        const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
        const QString kind = o.value(u"kind").toString();
        const QString type = o.value(u"type").toString();
        const QJsonObject &d = o; // the detail fields are top-level in --headless lines
        if (o.value(u"component").toString() == QLatin1String("scenario")) {
            if (type == QLatin1String("lessonStep")) {
                QCOMPARE(d.value(u"step").toInt(), nexts);
                QCOMPARE(d.value(u"steps").toInt(), 11);
                ++nexts;
                held = false;
            } else if (type == QLatin1String("lessonPause")) {
                ++pauses;
                held = true;
            } else if (type == QLatin1String("caption")) {
                lastCaptionKey = d.value(u"aboutKey").toString();
            }
        }
        if (kind == QLatin1String("fifoPopped") && held)
            ++popsWhileHeld;
        if (kind == QLatin1String("fifoQueued") && type == QLatin1String("Replaced") && held)
            ++replacedQueued;
    }
    QCOMPARE(nexts, 10); // the steps at or before 5 s
    QCOMPARE(pauses, 10);
    QCOMPARE(popsWhileHeld, 0);
    QCOMPARE(replacedQueued, 16); // the initial list, queued while Pop was held
    QCOMPARE(lastCaptionKey, QStringLiteral("default/web-2"));
}

// A scenario whose only step is at 0 s finished inside Session::start(), before --headless
// listened for its end, and never exited.
void tst_ScenarioCli::onlyStepAtZeroEnds()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("zero.yaml"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("title: zero\nsteps:\n  - at: 0\n    caption: only this\n");
    f.close();
    for (const QStringList &extra :
         {QStringList{}, QStringList{QStringLiteral("--speed"), QStringLiteral("0")}}) {
        QProcess lens;
        lens.start(QStringLiteral(LENS_EXE),
                   QStringList{QStringLiteral("--headless"), QStringLiteral("--scenario"), path} +
                       extra);
        const auto stop = qScopeGuard([&lens] { lens.kill(); });
        QTRY_COMPARE_WITH_TIMEOUT(lens.state(), QProcess::NotRunning, 30000);
        QCOMPARE(lens.exitStatus(), QProcess::NormalExit);
        QCOMPARE(lens.exitCode(), 0);
        bool finished = false;
        for (const QString &line : lines(lens.readAllStandardOutput())) {
            const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
            finished = finished || (o.value(u"component").toString() == QLatin1String("scenario") &&
                                    o.value(u"type").toString() == QLatin1String("finished"));
        }
        QVERIFY(finished);
    }
}

void tst_ScenarioCli::oversizedScenarioIsRefused()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.yaml"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("title: big\nsteps:\n  - create: {template: pod, count: 1000000}\n");
    f.close();
    QProcess lens;
    lens.start(QStringLiteral(LENS_EXE),
               {QStringLiteral("--headless"), QStringLiteral("--scenario"), path});
    const auto stop = qScopeGuard([&lens] { lens.kill(); });
    QTRY_COMPARE_WITH_TIMEOUT(lens.state(), QProcess::NotRunning, 20000);
    QCOMPARE(lens.exitCode(), 1);
    const QString err = QString::fromUtf8(lens.readAllStandardError());
    QVERIFY2(err.contains(path + QStringLiteral(":3:36: step 1 (create, line 3): count 1000000 is "
                                                "over the limit of 10000 objects per step")),
             qPrintable(err));
}

void tst_ScenarioCli::brokenFileNamesTheLine()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.yaml"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("title: broken\nsteps:\n  - at: 1\n    fault: explode\n");
    f.close();
    QProcess lens;
    lens.start(QStringLiteral(LENS_EXE),
               {QStringLiteral("--headless"), QStringLiteral("--scenario"), path});
    QTRY_COMPARE_WITH_TIMEOUT(lens.state(), QProcess::NotRunning, 20000);
    QCOMPARE(lens.exitCode(), 1);
    const QString err = QString::fromUtf8(lens.readAllStandardError());
    QVERIFY2(err.contains(path + QStringLiteral(":4:12: unknown fault \"explode\"")),
             qPrintable(err));
}

void tst_ScenarioCli::simServesAScenario()
{
    QProcess sim;
    sim.start(QStringLiteral(LENS_SIM_EXE),
              {QStringLiteral("--scenario"), QStringLiteral("fs06-initial-sync"),
               QStringLiteral("--speed"), QStringLiteral("0")});
    const auto stop = qScopeGuard([&sim] {
        sim.kill();
        sim.waitForFinished(10000);
    });
    QTRY_VERIFY_WITH_TIMEOUT(sim.canReadLine(), 15000);
    const QUrl url(QString::fromUtf8(sim.readLine().trimmed()));
    QByteArray err;
    QTRY_VERIFY_WITH_TIMEOUT((err += sim.readAllStandardError()).contains("finished"), 15000);
    QVERIFY(err.contains("caption: "));
    QVERIFY(err.contains("created pods shop/late"));
    QVERIFY(err.contains("informer start: no informer here: step skipped"));
    QNetworkAccessManager nam;
    const HttpResult r = get(nam, url, QStringLiteral("/sim/v1/state"));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json()[QStringLiteral("objects")][QStringLiteral("pods")].toInt(), 9);
    QCOMPARE(r.json()[QStringLiteral("churnIntervalMs")].toInt(), 0);
}

QTEST_GUILESS_MAIN(tst_ScenarioCli)
#include "tst_scenariocli.moc"
