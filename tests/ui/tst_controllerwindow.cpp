// SPDX-License-Identifier: Apache-2.0
// The controller's rooms in the window, live: `--controller provisioner` on the built-in
// cluster. A claim is provisioned; selecting it shows its whole loop in the key history, in
// journal order (informer → enqueueClaim → workqueue → worker → Provisioner → the PV's POST →
// the PV's watch event coming back → the claim Bound); the Workqueue tab shows a processing
// row (which worker, for how long) while the provisioner works, and the seven metrics; the
// timeline has one lane per worker; the Provisioner box reaches the built-in provisioner.
#include "controller/hostpathprovisioner.h"
#include "controller/provisioncontroller.h"
#include "informer/sharedinformer.h"
#include "journalpanel.h"
#include "lens/indexermodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/lensmodels.h"
#include "lens/timelinemodel.h"
#include "lens/workqueuemodel.h"
#include "mainwindow.h"
#include "session/session.h"
#include "sim/simulator.h"
#include "sim/store.h"
#include "timelinewidget.h"
#include "workqueue/ratelimitingqueue.h"
#include "workqueuepanel.h"

#include <QSpinBox>
#include <QTableView>
#include <QTest>
#include <QTreeWidget>

#include <memory>

using namespace lens;

class tst_ControllerWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void workqueueShowsAProcessingRowAndTheMetrics();
    void selectingAClaimShowsItsWholeLoop();
    void workerLanesAndStatusLine();
    void deletingTheChosenClaimKeepsItsHistory();

private:
    /// Rows of the key history shown: (kind, own key or "" for the claim's own, detail).
    struct Row {
        TraceKind kind;
        QString key;
        QString detail;
    };
    QList<Row> historyRows() const
    {
        QList<Row> rows;
        const KeyHistoryModel *m = m_window->keyHistoryModel();
        for (int r = 0; r < m->rowCount(); ++r)
            rows.append({TraceKind(m->index(r, 0).data(KeyHistoryModel::KindRole).toInt()),
                         m->index(r, 0).data(KeyHistoryModel::KeyRole).toString(),
                         m->index(r, KeyHistoryModel::DetailColumn).data().toString()});
        return rows;
    }
    /// The first row at or after `from` that `pred` accepts, -1 when none.
    template<typename Pred> static int find(const QList<Row> &rows, int from, Pred pred)
    {
        for (int i = qMax(0, from); i < rows.size(); ++i)
            if (pred(rows[i]))
                return i;
        return -1;
    }

    std::unique_ptr<Session> m_session;
    std::unique_ptr<MainWindow> m_window;
};

void tst_ControllerWindow::initTestCase()
{
    Session::Options o;
    o.churnIntervalMs = 0;
    o.controller = QStringLiteral("provisioner");
    o.threadiness = 2;
    m_session = std::make_unique<Session>(o);
    QString err;
    QVERIFY2(m_session->start(&err), qPrintable(err));
    QVERIFY(m_session->provisioner());
    m_window =
        std::make_unique<MainWindow>(m_session->journal(), m_session->informer()->controller());
    QList<MainWindow::InformerEntry> entries;
    for (SharedIndexInformer *i : m_session->informers())
        entries.append({i->name(), i, i->controller()});
    m_window->setInformers(entries);
    controller::HostPathProvisioner *prov = m_session->provisioner();
    ProvisionerControls controls;
    controls.setLatencyMs = [prov](qint64 ms) { prov->setLatencyMs(ms, prov->deleteLatencyMs()); };
    controls.latencyMs = [prov] { return prov->provisionLatencyMs(); };
    controls.failNext = [prov](int n) { prov->failNext(n); };
    controls.pendingFailures = [prov] { return prov->pendingFailures(); };
    m_window->setControllerControls(controls);
    QVERIFY(m_window->workqueuePanel());
    // Through the Provisioner box: each Provision takes 1.5 s, so a worker is seen holding a
    // claim (the caches have not synced yet: the workers have not started).
    auto *latency =
        m_window->workqueuePanel()->findChild<QSpinBox *>(QStringLiteral("provisionerLatency"));
    QVERIFY(latency);
    QCOMPARE(latency->value(), 200);
    latency->setValue(1500);
    Q_EMIT latency->editingFinished();
    QCOMPARE(prov->provisionLatencyMs(), 1500);
    QVERIFY(m_window->showView(QStringLiteral("workqueue")));
    m_window->resize(1600, 1000);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void tst_ControllerWindow::cleanupTestCase()
{
    m_window.reset();
    m_session.reset();
}

void tst_ControllerWindow::workqueueShowsAProcessingRowAndTheMetrics()
{
    WorkqueuePanel *panel = m_window->workqueuePanel();
    WorkqueueModel *model = panel->model();
    // A worker holds a claim: its row names the worker and how long it has held it.
    auto processingRow = [model] {
        for (int r = 0; r < model->rowCount(); ++r)
            if (model->index(r, 0).data(WorkqueueModel::SectionRole).toInt() ==
                int(WorkqueueModel::Section::Processing))
                return r;
        return -1;
    };
    QTRY_VERIFY_WITH_TIMEOUT(processingRow() >= 0, 15000);
    QCOMPARE(model->queue(), QStringLiteral("claims"));
    const int row = processingRow();
    QVERIFY(model->index(row, WorkqueueModel::WorkerColumn)
                .data()
                .toString()
                .startsWith(QStringLiteral("claim-worker-")));
    QVERIFY(model->index(row, WorkqueueModel::TimeColumn)
                .data()
                .toString()
                .startsWith(QStringLiteral("for ")));
    // The key shows the claim it stands for: "default/… (uid …)".
    QVERIFY2(model->index(row, WorkqueueModel::KeyColumn)
                 .data()
                 .toString()
                 .contains(QStringLiteral("(uid ")),
             qPrintable(model->index(row, WorkqueueModel::KeyColumn).data().toString()));
    QVERIFY(panel->view()->isVisible());

    // The seven metrics under client-go's names, each with how it is derived.
    QTreeWidget *metrics = panel->metricsView();
    QCOMPARE(metrics->topLevelItemCount(), 7);
    QStringList names;
    for (int i = 0; i < metrics->topLevelItemCount(); ++i) {
        names << metrics->topLevelItem(i)->text(0);
        QVERIFY(!metrics->topLevelItem(i)->text(2).isEmpty());
    }
    QCOMPARE(names,
             (QStringList{QStringLiteral("workqueue_depth"), QStringLiteral("workqueue_adds_total"),
                          QStringLiteral("workqueue_queue_duration_seconds"),
                          QStringLiteral("workqueue_work_duration_seconds"),
                          QStringLiteral("workqueue_unfinished_work_seconds"),
                          QStringLiteral("workqueue_longest_running_processor_seconds"),
                          QStringLiteral("workqueue_retries_total")}));
    QVERIFY(metrics->topLevelItem(1)->text(1).toInt() >= 3); // the three seeded claims
    // The queue's own metrics agree with the ones the journal gave.
    m_window->settle();
    const auto &own = m_session->provisionController()->claimQueue()->metrics();
    QCOMPARE(metrics->topLevelItem(1)->text(1), QString::number(own.addsTotal));
}

void tst_ControllerWindow::selectingAClaimShowsItsWholeLoop()
{
    // default/data-0 provisioned, and the cluster's PV controller bound it.
    controller::ProvisionController *pc = m_session->provisionController();
    QTRY_VERIFY_WITH_TIMEOUT(pc->metrics().provisionTotal.value(QStringLiteral("standard")) >= 3,
                             20000);
    const QString claim = QStringLiteral("default/data-0");
    SharedIndexInformer *claims = m_session->informers().at(0);
    QCOMPARE(claims->name(), QStringLiteral("persistentvolumeclaims"));
    QTRY_VERIFY_WITH_TIMEOUT(claims->indexer()
                                     .getByKey(claim)
                                     .json()
                                     .value(QStringLiteral("status"))
                                     .toObject()
                                     .value(QStringLiteral("phase"))
                                     .toString() == QStringLiteral("Bound"),
                             20000);
    const QString uid = claims->indexer().getByKey(claim).uid();
    const QString pv = QStringLiteral("pvc-") + uid;
    m_window->settle();

    // One selection: the claim, from the Workqueue tab's row or anywhere else.
    m_window->selectObject(claim);
    m_window->settle();
    QCOMPARE(m_window->keyHistoryModel()->key(), claim);
    QCOMPARE(m_window->body()->informer(), QStringLiteral("persistentvolumeclaims"));
    const QList<Row> rows = historyRows();
    auto own = [](TraceKind k) {
        return [k](const Row &r) { return r.key.isEmpty() && r.kind == k; };
    };
    auto linked = [&uid](TraceKind k) {
        return [k, &uid](const Row &r) { return r.kind == k && r.key == uid; };
    };
    const int informerEvent = find(rows, 0, [](const Row &r) {
        return r.key.isEmpty() &&
               (r.kind == TraceKind::FifoQueued || r.kind == TraceKind::WatchEvent);
    });
    const int add = find(rows, 0, linked(TraceKind::WorkqueueAdd));
    const int handler = find(rows, 0, [](const Row &r) {
        return r.kind == TraceKind::HandlerNotified &&
               r.detail.contains(QLatin1String("enqueueClaim"));
    });
    const int get = find(rows, add, linked(TraceKind::WorkqueueGet));
    const int started = find(rows, get, linked(TraceKind::ControllerSyncStarted));
    const int called = find(rows, started, linked(TraceKind::ProvisionerCalled));
    const int returned = find(rows, called, linked(TraceKind::ProvisionerReturned));
    const int sent = find(rows, returned, [&pv](const Row &r) {
        return r.kind == TraceKind::ApiRequestSent && r.key == pv;
    });
    const int answered = find(rows, sent, [&pv](const Row &r) {
        return r.kind == TraceKind::ApiRequestFinished && r.key == pv;
    });
    const int cameBack = find(rows, sent, [&pv](const Row &r) {
        return r.kind == TraceKind::WatchEvent && r.key == pv &&
               r.detail.contains(QLatin1String("coming back"));
    });
    const int finished = find(rows, returned, linked(TraceKind::ControllerSyncFinished));
    const int bound = find(rows, sent, [](const Row &r) {
        return r.key.isEmpty() && r.kind == TraceKind::WatchEvent &&
               r.detail.contains(QLatin1String("Bound"));
    });
    QString dump;
    for (int i = 0; i < rows.size(); ++i)
        dump += QStringLiteral("%1 %2 [%3] %4\n")
                    .arg(i)
                    .arg(traceKindName(rows[i].kind), rows[i].key, rows[i].detail.left(90));
    const QList<int> order{informerEvent, add, get, started, called, returned, sent, answered};
    for (int i = 0; i < order.size(); ++i) {
        QVERIFY2(order[i] >= 0, qPrintable(QStringLiteral("step %1 missing\n").arg(i) + dump));
        if (i > 0)
            QVERIFY2(order[i] > order[i - 1],
                     qPrintable(QStringLiteral("step %1 out of order\n").arg(i) + dump));
    }
    // enqueueClaim's notification is recorded when the handler returns: right after the Add it
    // made (and the Get a waiting worker answered at once), before the worker's sync began.
    QVERIFY2(handler > informerEvent && qAbs(handler - add) <= 2 && handler < started,
             qPrintable(dump));
    QVERIFY2(cameBack > sent, qPrintable(dump));
    QVERIFY2(finished > returned, qPrintable(dump));
    QVERIFY2(bound > sent, qPrintable(dump));
    QVERIFY(rows[answered].detail.contains(QStringLiteral("201")));
    QVERIFY(find(rows, 0, own(TraceKind::IndexerAdded)) >= 0 ||
            find(rows, 0, own(TraceKind::IndexerUpdated)) >= 0);
    // Issue 35: the PV's rows are not passed off as the claim's. The Resource column, shown
    // for a loop, names whose row each is.
    const KeyHistoryModel *history = m_window->keyHistoryModel();
    QVERIFY(!m_window->historyView()->isColumnHidden(KeyHistoryModel::ResourceColumn));
    auto resource = [history](int row) {
        return history->index(row, KeyHistoryModel::ResourceColumn).data().toString();
    };
    QCOMPARE(resource(informerEvent), QStringLiteral("persistentvolumeclaims"));
    QCOMPARE(resource(cameBack), QStringLiteral("persistentvolumes ") + pv);
    QCOMPARE(resource(add), QStringLiteral("claims queue"));
    QCOMPARE(resource(called), QStringLiteral("provisioner"));
    QCOMPARE(resource(sent), QStringLiteral("persistentvolumes"));

    // A journal row of the claims queue (keyed by the UID, no informer) shows the claim too.
    m_window->selectObject(QStringLiteral("default/logs"));
    QCOMPARE(m_window->keyHistoryModel()->key(), QStringLiteral("default/logs"));
    Q_EMIT m_window->journalPanel()->keySelected(uid, QString());
    QCOMPARE(m_window->keyHistoryModel()->key(), claim);
}

void tst_ControllerWindow::workerLanesAndStatusLine()
{
    m_window->settle();
    const WorkerLanes &lanes = m_window->streamBody()->timeline()->workers();
    QStringList names;
    for (const auto &w : lanes.workers)
        names << w.name;
    QCOMPARE(names,
             (QStringList{QStringLiteral("claim-worker-1"), QStringLiteral("claim-worker-2"),
                          QStringLiteral("volume-worker-1"), QStringLiteral("volume-worker-2")}));
    QVERIFY(lanes.gateOpenMs >= 0);
    QVERIFY(lanes.waitingSinceMs >= 0 && lanes.waitingSinceMs <= lanes.gateOpenMs);
    // Every busy span of a claim worker started after the gate opened and says what came of it.
    int provisioned = 0;
    for (const auto &w : lanes.workers)
        for (const auto &b : w.busy) {
            QVERIFY(b.start >= lanes.gateOpenMs);
            provisioned += b.outcome == QLatin1String("provisioned") ? 1 : 0;
        }
    QCOMPARE(provisioned, 3);
    QTRY_VERIFY(m_window->controllerStatus().contains(QStringLiteral("3 claim")));
    QVERIFY(m_window->controllerStatus().startsWith(QStringLiteral("workers: ")));

    // The keyboard reaches the workers' group too: Up from the first header wraps to it (the
    // last group), Space folds its lanes, and the accessible text names it.
    TimelineWidget *timeline = m_window->timelineWidget();
    const QStringList groups = timeline->groupInformers();
    QCOMPARE(groups.last(), TimelineWidget::workersGroupKey());
    QVERIFY(timeline->headerRect(TimelineWidget::workersGroupKey()).isValid());
    const int workersGroup = int(groups.size()) - 1;
    QVERIFY(timeline->geometry().indexOf(TimelineLane::Kind::Worker, workersGroup, 0) >= 0);
    timeline->setFocus();
    QTest::keyClick(timeline, Qt::Key_Down); // the first header
    QTest::keyClick(timeline, Qt::Key_Up);   // wraps to the last: the workers
    QVERIFY(timeline->accessibleDescription().contains(
        QLatin1String("Selected informer: controller workers (unfolded)")));
    QTest::keyClick(timeline, Qt::Key_Space);
    QVERIFY(timeline->isCollapsed(TimelineWidget::workersGroupKey()));
    QCOMPARE(timeline->geometry().indexOf(TimelineLane::Kind::Worker, workersGroup, 0), -1);
    QVERIFY(timeline->accessibleDescription().contains(
        QLatin1String("Selected informer: controller workers (folded)")));
    QTest::keyClick(timeline, Qt::Key_Space);
    QVERIFY(!timeline->isCollapsed(TimelineWidget::workersGroupKey()));

    // A latency set on the provisioner itself (as a scenario's provisioner: step does) shows in
    // the Provisioner box, which was built with the old one.
    auto *latency =
        m_window->workqueuePanel()->findChild<QSpinBox *>(QStringLiteral("provisionerLatency"));
    QVERIFY(latency);
    controller::HostPathProvisioner *prov = m_session->provisioner();
    prov->setLatencyMs(3000, prov->deleteLatencyMs());
    QTRY_COMPARE(latency->value(), 3000);
}

void tst_ControllerWindow::deletingTheChosenClaimKeepsItsHistory()
{
    // The user chooses a claim's row in the indexer, then deletes the claim (kubectl delete
    // pvc). Its row leaves the table; Qt moves the view's current row to the neighbouring claim,
    // which is not the user's choice: the key history stays on the deleted claim and shows its
    // deletion, and no row of the indexer looks chosen.
    SharedIndexInformer *claims = m_session->informers().at(0);
    const QString claim = QStringLiteral("default/data-1");
    QTRY_VERIFY_WITH_TIMEOUT(!claims->indexer().getByKey(claim).isNull(), 20000);
    m_window->selectObject(claim);
    m_window->settle();
    QTableView *view = m_window->indexerView();
    QVERIFY(view);
    QAbstractItemModel *rows = view->model();
    int row = -1;
    for (int r = 0; r < rows->rowCount() && row < 0; ++r)
        if (rows->index(r, 0).data(IndexerModel::KeyRole).toString() == claim)
            row = r;
    QVERIFY2(row >= 0, "the claim's row is in the indexer table");
    QVERIFY2(rows->rowCount() >= 3, "neighbours to slide to");
    view->setCurrentIndex(QModelIndex());
    view->setCurrentIndex(rows->index(row, 0)); // the user's choice
    QCOMPARE(m_window->keyHistoryModel()->key(), claim);

    QVERIFY(m_session->simulator()
                ->store()
                ->remove(QStringLiteral("persistentvolumeclaims"), QStringLiteral("default"),
                         QStringLiteral("data-1"))
                .ok());
    QTRY_VERIFY_WITH_TIMEOUT(claims->indexer().getByKey(claim).isNull(), 20000);
    m_window->settle();
    QCOMPARE(m_window->keyHistoryModel()->key(), claim);
    bool deletion = false;
    for (const Row &r : historyRows())
        deletion = deletion || (r.key.isEmpty() && r.kind == TraceKind::IndexerDeleted);
    QVERIFY2(deletion, "the history shows the claim's deletion");
    QVERIFY2(!view->currentIndex().isValid(), "no neighbour looks chosen");
    QVERIFY(view->selectionModel()->selectedRows().isEmpty());
}

QTEST_MAIN(tst_ControllerWindow)
#include "tst_controllerwindow.moc"
