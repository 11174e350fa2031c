// SPDX-License-Identifier: Apache-2.0
// `informer-lens --controller runtime-sample --headless`: the journal's controller-runtime kinds
// and the reconcile summary on stderr (its bad values: tst_cli controllerArgumentsAreChecked).
#include "lensprocess.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QtTest>

class tst_CliRuntime : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void runtimeSampleReconcilesAndSaysWhatItDid();
};

void tst_CliRuntime::runtimeSampleReconcilesAndSaysWhatItDid()
{
    // The built-in cluster's three parents get their children; the journal has the
    // controller-runtime kinds and stderr the reconcile summary.
    QProcess *p =
        startLens({QStringLiteral("--headless"), QStringLiteral("--duration"), QStringLiteral("3"),
                   QStringLiteral("--controller"), QStringLiteral("runtime-sample"),
                   QStringLiteral("--use-priority-queue=false"),
                   QStringLiteral("--max-concurrent-reconciles"), QStringLiteral("2"),
                   QStringLiteral("--reconcile-latency"), QStringLiteral("50"),
                   QStringLiteral("--churn-interval"), QStringLiteral("0"),
                   // The window's tab by name: taken (and ignored without a window).
                   QStringLiteral("--view"), QStringLiteral("priorityqueue")},
                  this);
    QVERIFY(p->waitForFinished(30000));
    QCOMPARE(p->exitCode(), 0);
    QSet<QString> kinds, created;
    for (const QByteArray &line : p->readAllStandardOutput().trimmed().split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        kinds << o.value(QLatin1String("kind")).toString();
        if (o.value(QLatin1String("kind")).toString() == QLatin1String("apiRequestFinished") &&
            o.value(QLatin1String("code")).toInt() == 201)
            created << o.value(QLatin1String("objectKey")).toString();
    }
    for (const char *kind : {"runtimeControllerStarted", "runtimeEnqueued", "reconcileStarted",
                             "reconcileFinished", "workqueueAdd"})
        QVERIFY2(kinds.contains(QLatin1String(kind)), kind);
    QCOMPARE(created, (QSet<QString>{QStringLiteral("default/sample-1-copy"),
                                     QStringLiteral("default/sample-2-copy"),
                                     QStringLiteral("default/sample-3-copy")}));
    QVERIFY(p->readAllStandardError().contains("2 worker(s) on the legacy queue"));
}

QTEST_GUILESS_MAIN(tst_CliRuntime)
#include "tst_cliruntime.moc"
