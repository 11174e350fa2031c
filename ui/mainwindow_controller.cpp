// SPDX-License-Identifier: Apache-2.0
// MainWindow's controller rooms: the Workqueue tab (with the built-in provisioner's box), the
// status bar's controller line, and selecting the object a queue key stands for.
#include "mainwindow.h"

#include "informerviews.h"
#include "keyboard.h"
#include "lens/indexermodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/lensmodels.h"
#include "lens/priorityqueuemodel.h"
#include "lens/timelinemodel.h"
#include "lens/workqueuemodel.h"
#include "metricspanel.h"
#include "priorityqueuepanel.h"
#include "runtimecontrolsbox.h"
#include "trace/journal.h"
#include "workqueuepanel.h"

#include <QLabel>
#include <QStatusBar>
#include <QTabWidget>

#include <limits>

namespace lens {

void MainWindow::ensureWorkqueueTab()
{
    if (m_workqueuePanel)
        return;
    m_workqueuePanel = new WorkqueuePanel(m_stream, m_journal->clock(), this);
    m_rightTabs->addTab(m_workqueuePanel, tr("Workqueue"));
    translated([this] {
        m_rightTabs->setTabText(m_rightTabs->indexOf(m_workqueuePanel), tr("Workqueue"));
    });
    connect(m_workqueuePanel, &WorkqueuePanel::objectSelected, this, &MainWindow::selectObject);
    connect(m_workqueuePanel, &WorkqueuePanel::seqChosen, this, &MainWindow::explainSeq);
    connect(m_stream->workqueue(), &WorkqueueModel::changed, this,
            &MainWindow::updateControllerStatus);
    m_keyboard->updateTabOrder();
    updateControllerStatus();
}

void MainWindow::ensurePriorityQueueTab()
{
    // Keyed on the journal alone (like the Workqueue tab for a recorded queue): whichever
    // front end runs a controller-runtime controller, its events make the tab.
    if (m_priorityQueuePanel)
        return;
    m_priorityQueuePanel = new PriorityQueuePanel(m_stream, m_journal->clock(), this);
    m_rightTabs->addTab(m_priorityQueuePanel, tr("Priority queue"));
    translated([this] {
        m_rightTabs->setTabText(m_rightTabs->indexOf(m_priorityQueuePanel), tr("Priority queue"));
    });
    connect(m_priorityQueuePanel, &PriorityQueuePanel::objectSelected, this,
            &MainWindow::selectObject);
    connect(m_priorityQueuePanel, &PriorityQueuePanel::seqChosen, this, &MainWindow::explainSeq);
    m_keyboard->updateTabOrder();
}

void MainWindow::ensureMetricsTab()
{
    // Keyed on the journal alone: a live scraper's events or a recording's make the tab.
    if (m_metricsPanel)
        return;
    m_metricsPanel = new MetricsPanel(m_stream, this);
    m_rightTabs->addTab(m_metricsPanel, tr("Metrics"));
    translated(
        [this] { m_rightTabs->setTabText(m_rightTabs->indexOf(m_metricsPanel), tr("Metrics")); });
    m_keyboard->updateTabOrder();
}

void MainWindow::setControllerControls(const ProvisionerControls &controls)
{
    ensureWorkqueueTab();
    m_workqueuePanel->setProvisionerControls(controls);
}

void MainWindow::setRuntimeControls(const RuntimeControls &controls)
{
    ensurePriorityQueueTab();
    m_priorityQueuePanel->setRuntimeControls(controls);
    m_rightTabs->setCurrentWidget(m_priorityQueuePanel);
}

void MainWindow::refreshRuntimeControls()
{
    if (m_priorityQueuePanel && m_priorityQueuePanel->runtimeControls())
        m_priorityQueuePanel->runtimeControls()->refresh();
}

void MainWindow::selectObject(const QString &key)
{
    if (key.isEmpty())
        return;
    int at = -1;
    for (int i = 0; i < m_bodies.size() && at < 0; ++i)
        if (m_bodies[i]->indexer()->rowOfKey(key) >= 0)
            at = i;
    for (int i = 0; i < m_bodies.size() && at < 0; ++i)
        if (m_bodies[i]->history()->knownKeys().contains(key))
            at = i;
    if (at >= 0 && at != m_current)
        setCurrentInformer(at);
    selectKey(key);
    body()->history()->setKey(key);
}

QString MainWindow::controllerStatus() const
{
    const WorkqueueModel *wq = m_stream->workqueue();
    const WorkerLanes &lanes = m_stream->timeline()->workers();
    if (wq->queues().isEmpty() && lanes.isEmpty())
        return {};
    // From the journal: who holds a key now, and the syncs that provisioned a claim.
    int busy = 0;
    int provisioned = 0;
    for (const QString &name : wq->queues()) {
        const WorkqueueState *s = wq->states().queue(name);
        busy += int(s->processing.size());
        provisioned += s->outcomes.value(QStringLiteral("provisioned"));
    }
    const int workers = int(lanes.workers.size());
    const qint64 at = m_travelSeq ? timeOfSeq(m_travelSeq) : std::numeric_limits<qint64>::max();
    const bool gateOpen = lanes.gateOpenMs >= 0 && lanes.gateOpenMs <= at;
    QString text =
        !gateOpen && workers > 0
            ? tr("controller: %n worker(s) waiting for the caches to sync", nullptr, workers)
            : tr("workers: %1 busy, %2 idle").arg(busy).arg(qMax(0, workers - busy));
    text += tr(" \u00B7 %n claim(s) provisioned", nullptr, provisioned);
    return text;
}

void MainWindow::updateControllerStatus()
{
    if (!m_controllerLabel) {
        m_controllerLabel = new QLabel(this);
        m_controllerLabel->setObjectName(QStringLiteral("controllerStatus"));
        statusBar()->addPermanentWidget(m_controllerLabel);
    }
    m_controllerLabel->setText(controllerStatus());
    m_controllerLabel->setToolTip(
        tr("From the journal: keys held by a worker now (workqueueGet → Done) and the claims "
           "whose last sync provisioned a volume"));
}

} // namespace lens
