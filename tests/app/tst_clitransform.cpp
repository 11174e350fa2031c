// SPDX-License-Identifier: Apache-2.0
// --strip-managed-fields as a user runs it: the built-in cluster's objects carry managedFields
// (as a real server's do), the informers drop them, and --headless says what that saved.
#include "lensprocess.h"

#include <QRegularExpression>
#include <QTest>

class tst_CliTransform : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void headlessReportsTheSaving();
    void withoutTheFlagNothingIsSaid();
};

void tst_CliTransform::headlessReportsTheSaving()
{
    QProcess *p = startLens({QStringLiteral("--headless"), QStringLiteral("--duration"),
                             QStringLiteral("2"), QStringLiteral("--strip-managed-fields")},
                            this);
    QVERIFY(p->waitForFinished(30000));
    QCOMPARE(p->exitCode(), 0);
    const QString err = QString::fromUtf8(p->readAllStandardError());
    const QRegularExpression re(QStringLiteral(
        "managedFields stripped \\(SetTransform\\): (\\d+) objects, .* \\(([\\d.]+) %\\) saved"));
    const QRegularExpressionMatch m = re.match(err);
    QVERIFY2(m.hasMatch(), qPrintable(err));
    QVERIFY(m.captured(1).toInt() >= 16); // the seeded pods and nodes, at least
    // Pods carry their creator's and the kubelet's managedFields: a real share of their bytes.
    QVERIFY2(m.captured(2).toDouble() > 20, qPrintable(err));
}

void tst_CliTransform::withoutTheFlagNothingIsSaid()
{
    QProcess *p = startLens(
        {QStringLiteral("--headless"), QStringLiteral("--duration"), QStringLiteral("1")}, this);
    QVERIFY(p->waitForFinished(30000));
    QCOMPARE(p->exitCode(), 0);
    QVERIFY(!p->readAllStandardError().contains("managedFields"));
}

QTEST_GUILESS_MAIN(tst_CliTransform)
#include "tst_clitransform.moc"
