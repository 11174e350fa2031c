// SPDX-License-Identifier: Apache-2.0
// The Simulator tab (issue 4 item 6): each control changes the built-in cluster the way the
// /sim/v1/ control API does, says so in the journal, and the state line follows.
#include "mainwindow.h"
#include "sim/apiserver.h"
#include "sim/simulator.h"
#include "sim/store.h"
#include "simulatorpanel.h"
#include "trace/journal.h"

#include <QCheckBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>

using namespace lens;

class tst_SimulatorPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void controlsActOnTheClusterAndAreJournaled();
    void everyControlHasAnAccessibleName();
    void windowShowsTheTabOnlyWithABuiltInCluster();
};

namespace {
QStringList simulatorMessages(const Journal &j)
{
    QStringList out;
    for (const TraceEvent &e : j.events())
        if (e.component == QLatin1String("simulator"))
            out << e.detail.value(QLatin1String("message")).toString();
    return out;
}
} // namespace

void tst_SimulatorPanel::controlsActOnTheClusterAndAreJournaled()
{
    sim::Simulator cluster;
    QString error;
    QVERIFY2(cluster.start(&error), qPrintable(error));
    Journal journal;
    SimulatorPanel panel(&cluster, &journal);
    panel.show();

    const qint64 rev = cluster.revision();
    QVERIFY(cluster.store()->compactedRevision() < rev);
    panel.compactButton()->click();
    QCOMPARE(cluster.store()->compactedRevision(), rev);
    QVERIFY2(panel.stateText().contains(QStringLiteral("compacted up to %1").arg(rev)),
             qPrintable(panel.stateText()));

    panel.ignoreSendInitialEvents()->setChecked(true);
    QVERIFY(cluster.server()->ignoresSendInitialEvents());

    panel.bookmarkSeconds()->setValue(7);
    Q_EMIT panel.bookmarkSeconds()->editingFinished();
    QCOMPARE(cluster.server()->bookmarkInterval(), 7000);

    panel.failCount()->setValue(2);
    panel.failStatus()->setValue(429);
    panel.failRetryAfter()->setValue(3);
    panel.failButton()->click();
    panel.dropButton()->click();
    panel.tooLargeButton()->click();

    const QStringList messages = simulatorMessages(journal);
    QCOMPARE(messages.size(), 6);
    QVERIFY2(
        messages[0].startsWith(QStringLiteral("compacted the history at revision %1").arg(rev)),
        qPrintable(messages[0]));
    QVERIFY(messages[1].contains(QLatin1String("ignoring sendInitialEvents")));
    QVERIFY(messages[2].contains(QLatin1String("every 7 s")));
    QCOMPARE(messages[3],
             QStringLiteral("the next 2 request(s) fail with HTTP 429 (Retry-After 3 s)"));
    QCOMPARE(messages[4], QStringLiteral("dropped 0 watch(es) cleanly"));
    QVERIFY(messages[5].contains(QLatin1String("Too large resource version")));
}

void tst_SimulatorPanel::everyControlHasAnAccessibleName()
{
    sim::Simulator cluster;
    QVERIFY(cluster.start());
    SimulatorPanel panel(&cluster, nullptr);
    const QList<QWidget *> controls = panel.findChildren<QWidget *>();
    int checked = 0;
    for (QWidget *w : controls) {
        if (!qobject_cast<QPushButton *>(w) && !qobject_cast<QSpinBox *>(w) &&
            !qobject_cast<QCheckBox *>(w))
            continue;
        QVERIFY2(!w->accessibleName().isEmpty(), w->metaObject()->className());
        QVERIFY(w->isEnabled());
        ++checked;
    }
    QCOMPARE(checked, 13);
}

void tst_SimulatorPanel::windowShowsTheTabOnlyWithABuiltInCluster()
{
    Journal journal;
    MainWindow external(&journal);
    QVERIFY(!external.showView(QStringLiteral("simulator")));

    sim::Simulator cluster;
    QVERIFY(cluster.start());
    MainWindow builtIn(&journal);
    builtIn.setSimulator(&cluster);
    QVERIFY(builtIn.showView(QStringLiteral("simulator")));
    auto *tabs = builtIn.findChild<QTabWidget *>(QStringLiteral("rightTabs"));
    QVERIFY(tabs);
    QCOMPARE(tabs->currentWidget()->objectName(), QStringLiteral("simulatorPanel"));
    QCOMPARE(tabs->tabText(tabs->currentIndex()), QStringLiteral("Simulator"));
}

QTEST_MAIN(tst_SimulatorPanel)
#include "tst_simulatorpanel.moc"
