// SPDX-License-Identifier: Apache-2.0
// The Simulator tab: a client of the built-in cluster's /sim/v1/ control API over HTTP. Each
// control changes the cluster the way the control API does and is journaled with what the
// server answered; the state line is drawn from the journal's state events, so it follows time
// travel and works without a server (a replayed recording).
#include "mainwindow.h"
#include "session/simulatoraccess.h"
#include "sim/apiserver.h"
#include "sim/churn.h"
#include "sim/simulator.h"
#include "sim/store.h"
#include "simulatorpanel.h"
#include "trace/journal.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>

using namespace lens;

class tst_SimulatorPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void controlsActOnTheClusterAndAreJournaled();
    void forceRelistEndsEveryWatchWith410();
    void churnSwitchesOnAndOff();
    void stateComesFromTheJournalAndTravels();
    void withoutAServerItShowsTheJournal();
    void copyKubeconfig();
    void everyControlHasAnAccessibleName();
    void windowShowsTheTabOnlyWithABuiltInCluster();
};

namespace {
QList<TraceEvent> simulatorEvents(const Journal &j, const QString &type)
{
    QList<TraceEvent> out;
    for (const TraceEvent &e : j.events())
        if (e.component == QLatin1String("simulator") && e.type == type)
            out << e;
    return out;
}

QStringList actionMessages(const Journal &j)
{
    QStringList out;
    for (const TraceEvent &e : simulatorEvents(j, QStringLiteral("action")))
        out << e.detail.value(QLatin1String("message")).toString();
    return out;
}

/// Clicks `button` and waits for the panel's requests (the action, then the state) to finish.
void clickAndWait(SimulatorPanel &panel, QAbstractButton *button)
{
    button->click();
    QVERIFY(panel.isBusy());
    QTRY_VERIFY(!panel.isBusy());
}
} // namespace

void tst_SimulatorPanel::controlsActOnTheClusterAndAreJournaled()
{
    sim::Simulator cluster;
    QString error;
    QVERIFY2(cluster.start(&error), qPrintable(error));
    Journal journal;
    SimulatorPanel panel(simulatorAccess(cluster, 0), &journal);
    panel.show();

    const qint64 rev = cluster.revision();
    QVERIFY(cluster.store()->compactedRevision() < rev);
    clickAndWait(panel, panel.compactButton());
    QCOMPARE(cluster.store()->compactedRevision(), rev);
    QVERIFY2(panel.stateText().contains(QStringLiteral("compacted up to %1").arg(rev)),
             qPrintable(panel.stateText()));

    panel.ignoreSendInitialEvents()->setChecked(true);
    QTRY_VERIFY(cluster.server()->ignoresSendInitialEvents());
    QTRY_VERIFY(!panel.isBusy());

    panel.bookmarkSeconds()->setValue(7);
    Q_EMIT panel.bookmarkSeconds()->editingFinished();
    QTRY_COMPARE(cluster.server()->bookmarkInterval(), 7000);
    QTRY_VERIFY(!panel.isBusy());

    panel.failCount()->setValue(2);
    panel.failStatus()->setValue(429);
    panel.failRetryAfter()->setValue(3);
    clickAndWait(panel, panel.failButton());
    QCOMPARE(cluster.server()->faults().failCount, 2);
    QVERIFY2(panel.stateText().contains(QStringLiteral("next 2 request(s) fail with HTTP 429")),
             qPrintable(panel.stateText()));
    // The panel's own requests are never failed: /sim/ is not an API request.
    clickAndWait(panel, panel.dropButton());
    clickAndWait(panel, panel.tooLargeButton());
    QCOMPARE(cluster.server()->pendingTooLarge(), 1);

    const QStringList messages = actionMessages(journal);
    QCOMPARE(messages.size(), 6);
    QCOMPARE(messages[0],
             QStringLiteral("compacted the history at revision %1: older resourceVersions now "
                            "get 410 Gone")
                 .arg(rev));
    QVERIFY(messages[1].contains(QLatin1String("ignoring sendInitialEvents")));
    QCOMPARE(messages[2], QStringLiteral("bookmarks every 7 s on watches that allow them"));
    QCOMPARE(messages[3],
             QStringLiteral("the next 2 request(s) fail with HTTP 429 (Retry-After 3 s)"));
    QCOMPARE(messages[4], QStringLiteral("dropped 0 watch(es) cleanly"));
    QVERIFY(messages[5].contains(QLatin1String("Too large resource version")));
    // Each action carries what was asked and what the server answered, typed.
    const TraceEvent fail = simulatorEvents(journal, QStringLiteral("action"))[3];
    QCOMPARE(fail.kind, TraceKind::Info);
    QCOMPARE(fail.detail.value(QLatin1String("action")).toString(), QStringLiteral("fail"));
    QCOMPARE(fail.detail.value(QLatin1String("parameters")).toObject().value(u"code").toString(),
             QStringLiteral("429"));
    QCOMPARE(fail.detail.value(QLatin1String("answer")).toObject().value(u"pendingFailures"),
             QJsonValue(2));
}

void tst_SimulatorPanel::forceRelistEndsEveryWatchWith410()
{
    sim::Simulator cluster;
    QVERIFY(cluster.start());
    Journal journal;
    SimulatorPanel panel(simulatorAccess(cluster, 0), &journal);
    QNetworkAccessManager nam;
    QUrl url = cluster.url();
    url.setPath(QStringLiteral("/api/v1/pods"));
    url.setQuery(QStringLiteral("watch=1&resourceVersion=%1").arg(cluster.revision()));
    QNetworkReply *watch = nam.get(QNetworkRequest(url));
    QTRY_COMPARE(cluster.openWatchCount(), 1);
    const qint64 rev = cluster.revision();

    clickAndWait(panel, panel.relistButton());
    QTRY_VERIFY(watch->isFinished());
    const QByteArray body = watch->readAll();
    watch->deleteLater();
    QVERIFY2(body.contains("\"type\":\"ERROR\"") && body.contains("\"code\":410") &&
                 body.contains("\"reason\":\"Expired\""),
             body.constData());
    QCOMPARE(cluster.openWatchCount(), 0);
    QCOMPARE(cluster.store()->compactedRevision(), rev);
    QCOMPARE(actionMessages(journal),
             QStringList{QStringLiteral("compacted at revision %1 and ended 1 watch(es) with 410 "
                                        "Expired: each informer relists")
                             .arg(rev)});
}

void tst_SimulatorPanel::churnSwitchesOnAndOff()
{
    sim::Simulator cluster;
    QVERIFY(cluster.start());
    Journal journal;
    SimulatorPanel panel(simulatorAccess(cluster, 0), &journal);
    panel.fetchStateNow();
    QTRY_VERIFY(panel.shownState().isValid());
    QVERIFY(!panel.churnBox()->isChecked());
    QVERIFY(panel.stateText().contains(QStringLiteral("churn off")));

    clickAndWait(panel, panel.churnBox());
    QCOMPARE(cluster.churn()->intervalMs(), 1000); // the interval churn comes back with
    QVERIFY(panel.shownState().churn);
    QVERIFY2(panel.stateText().contains(QStringLiteral("churn on")), qPrintable(panel.stateText()));
    clickAndWait(panel, panel.churnBox());
    QCOMPARE(cluster.churn()->intervalMs(), 0);
    QVERIFY(!panel.churnBox()->isChecked());
    // A change made elsewhere (another client, a scenario) shows at the next state answer.
    cluster.setChurnInterval(250);
    panel.fetchStateNow();
    QTRY_VERIFY(panel.churnBox()->isChecked());
    QTRY_VERIFY(!panel.isBusy());
    clickAndWait(panel, panel.churnBox()); // off
    QCOMPARE(cluster.churn()->intervalMs(), 0);
    clickAndWait(panel, panel.churnBox()); // on again, at the interval it had
    QCOMPARE(cluster.churn()->intervalMs(), 250);
}

void tst_SimulatorPanel::stateComesFromTheJournalAndTravels()
{
    sim::Simulator cluster;
    QVERIFY(cluster.start());
    Journal journal;
    TraceEvent before;
    before.component = QStringLiteral("reflector"); // an event before the first state
    journal.record(before);
    SimulatorPanel panel(simulatorAccess(cluster, 0), &journal);
    panel.fetchStateNow();
    QTRY_COMPARE(simulatorEvents(journal, QStringLiteral("state")).size(), 1);
    // Asking again with nothing changed journals nothing.
    panel.fetchStateNow();
    QTRY_VERIFY(!panel.isBusy());
    QCOMPARE(simulatorEvents(journal, QStringLiteral("state")).size(), 1);
    const TraceEvent first = simulatorEvents(journal, QStringLiteral("state")).first();
    QCOMPARE(first.kind, TraceKind::Info);
    QCOMPARE(first.detail.value(QLatin1String("revision")).toInteger(), cluster.revision());
    QCOMPARE(first.detail.value(QLatin1String("objects")).toObject().value(u"pods").toInteger(),
             cluster.objects(QStringLiteral("pods")).size());
    QCOMPARE(first.detail.value(QLatin1String("server")).toString(), cluster.url().toString());
    const qint64 revBefore = cluster.revision();

    QVERIFY(cluster.churn()->step().size() > 0); // one write
    panel.fetchStateNow();
    QTRY_COMPARE(simulatorEvents(journal, QStringLiteral("state")).size(), 2);
    QTRY_VERIFY(!panel.isBusy());
    QVERIFY2(panel.stateText().startsWith(QStringLiteral("revision %1 ").arg(revBefore + 1)),
             qPrintable(panel.stateText()));
    // Travelling to the first state event shows the cluster as it was then; Live again, now.
    panel.showAt(first.seq);
    QVERIFY2(panel.stateText().startsWith(QStringLiteral("revision %1 ").arg(revBefore)),
             qPrintable(panel.stateText()));
    panel.showAt(first.seq - 1); // before the first state: none to show
    QVERIFY(!panel.shownState().isValid());
    panel.showAt(0);
    QCOMPARE(panel.shownState().revision, revBefore + 1);
}

void tst_SimulatorPanel::withoutAServerItShowsTheJournal()
{
    // A replayed recording: no server, the state the journal holds.
    Journal journal;
    SimulatorState s;
    s.server = QStringLiteral("http://127.0.0.1:1");
    s.revision = 1234;
    s.objects.insert(QStringLiteral("pods"), 3);
    s.openWatches = 1;
    TraceEvent e;
    e.kind = TraceKind::Info;
    e.component = QStringLiteral("simulator");
    e.type = QStringLiteral("state");
    e.detail = s.toDetail();
    journal.record(e);
    SimulatorPanel panel(SimulatorAccess{}, &journal);
    QCOMPARE(panel.shownState(), s);
    QVERIFY2(panel.stateText().startsWith(QStringLiteral("revision 1234 · 3 objects · 1 open")),
             qPrintable(panel.stateText()));
    QVERIFY(!panel.compactButton()->isEnabled());
    QVERIFY(!panel.relistButton()->isEnabled());
    QVERIFY(!panel.copyKubeconfigButton()->isEnabled());
}

void tst_SimulatorPanel::copyKubeconfig()
{
    sim::Simulator cluster;
    QVERIFY(cluster.start());
    SimulatorPanel panel(simulatorAccess(cluster, 0), nullptr);
    QVERIFY2(panel.kubectlText().contains(
                 QStringLiteral("kubectl reaches it at %1,").arg(cluster.url().toString())),
             qPrintable(panel.kubectlText()));
    // The server's own word on who can connect (the built-in cluster: loopback by default).
    QVERIFY(cluster.server()->isLoopbackOnly());
    QVERIFY2(panel.kubectlText().contains(QStringLiteral("loopback only")),
             qPrintable(panel.kubectlText()));
    SimulatorAccess wide = simulatorAccess(cluster, 0);
    wide.loopbackOnly = false;
    QVERIFY2(SimulatorPanel(wide, nullptr)
                 .kubectlText()
                 .contains(QStringLiteral("other machines can connect")),
             qPrintable(panel.kubectlText()));
    SimulatorAccess unknown = simulatorAccess(cluster, 0);
    unknown.loopbackOnly.reset();
    QVERIFY(!SimulatorPanel(unknown, nullptr).kubectlText().contains(QStringLiteral("loopback")));
    panel.copyKubeconfigButton()->click();
    const QString text = QApplication::clipboard()->text();
    QVERIFY2(text.contains(QStringLiteral("server: ") + cluster.url().toString()),
             qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("current-context: lens-sim")));
}

void tst_SimulatorPanel::everyControlHasAnAccessibleName()
{
    sim::Simulator cluster;
    QVERIFY(cluster.start());
    SimulatorPanel panel(simulatorAccess(cluster, 0), nullptr);
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
    QCOMPARE(checked, 16);
}

void tst_SimulatorPanel::windowShowsTheTabOnlyWithABuiltInCluster()
{
    Journal journal;
    MainWindow external(&journal);
    QVERIFY(!external.showView(QStringLiteral("simulator")));

    sim::Simulator cluster;
    QVERIFY(cluster.start());
    MainWindow builtIn(&journal);
    builtIn.setSimulator(simulatorAccess(cluster));
    QVERIFY(builtIn.showView(QStringLiteral("simulator")));
    auto *tabs = builtIn.findChild<QTabWidget *>(QStringLiteral("rightTabs"));
    QVERIFY(tabs);
    QCOMPARE(tabs->currentWidget()->objectName(), QStringLiteral("simulatorPanel"));
    QCOMPARE(tabs->tabText(tabs->currentIndex()), QStringLiteral("Simulator"));
}

QTEST_MAIN(tst_SimulatorPanel)
#include "tst_simulatorpanel.moc"
