// SPDX-License-Identifier: Apache-2.0
#include "workqueuepanel.h"

#include "columnfit.h"
#include "lens/lensmodels.h"
#include "lens/workqueuemodel.h"
#include "rowsleaving.h"
#include "tableview.h"
#include "trace/clock.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QTreeWidget>

namespace lens {

WorkqueuePanel::WorkqueuePanel(LensModels *stream, const Clock *clock, QWidget *parent)
    : Panel(tr("Workqueue"), nullptr, parent), m_stream(stream), m_clock(clock),
      m_queueBox(new QComboBox(this)), m_tick(new QTimer(this))
{
    setObjectName(QStringLiteral("workqueuePanel"));
    WorkqueueModel *model = stream->workqueue();
    m_queueBox->setObjectName(QStringLiteral("workqueueQueue"));
    m_queueBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    addHeaderWidget(m_queueBox);
    connect(m_queueBox, &QComboBox::currentTextChanged, this, [this](const QString &name) {
        if (!name.isEmpty())
            this->model()->setQueue(name);
    });

    // Before the view has the model: an item leaving the queue (Get) is not the user's choice
    // of its neighbour.
    auto *rowsLeaving = new RowsLeaving(model, this);
    m_view = makeTable(model, tr("Workqueue items"), this);
    m_view->setObjectName(QStringLiteral("workqueueView"));
    rowsLeaving->clearMovedCurrent(m_view);
    m_view->verticalHeader()->setVisible(true); // "#": position in line, 1 = next Get
    m_view->verticalHeader()->setDefaultAlignment(Qt::AlignRight | Qt::AlignVCenter);
    setWidths(m_view, {150, 120, 70, 70, 60, 80, 90});
    fitColumnsToContents(m_view);
    // Worker is empty for every waiting item: shown last, so that the narrow column of the
    // window starts with what each item waits for (time, failures, backoff).
    m_view->horizontalHeader()->moveSection(WorkqueueModel::WorkerColumn, model->columnCount() - 1);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this, rowsLeaving](const QModelIndex &current) {
                if (!current.isValid() || rowsLeaving->active())
                    return;
                const QString object = current.data(WorkqueueModel::ObjectKeyRole).toString();
                Q_EMIT objectSelected(
                    object.isEmpty() ? current.data(WorkqueueModel::KeyRole).toString() : object);
                if (const quint64 seq = current.data(WorkqueueModel::SeqRole).toULongLong())
                    Q_EMIT seqChosen(seq);
            });

    m_metrics = new QTreeWidget(this);
    m_metrics->setObjectName(QStringLiteral("workqueueMetrics"));
    m_metrics->setRootIsDecorated(false);
    m_metrics->setColumnCount(3);
    m_metrics->setUniformRowHeights(true);
    m_metrics->setWordWrap(false);
    m_metrics->header()->setStretchLastSection(true);
    m_metrics->setColumnWidth(0, 240);
    m_metrics->setColumnWidth(1, 260);
    installRowCopy(m_metrics);
    keepMinimumRows(m_view, kMinimumTableRows);
    keepMinimumRows(m_metrics, kMinimumTableRows);
    // The items above the metrics; the user moves the line between them.
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("workqueueSplit"));
    split->setChildrenCollapsible(false);
    split->addWidget(m_view);
    split->addWidget(m_metrics);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    addContent(split, 1);

    connect(model, &WorkqueueModel::changed, this, &WorkqueuePanel::updateFigures);
    connect(model, &WorkqueueModel::queuesChanged, this, &WorkqueuePanel::updateQueues);
    connect(stream, &LensModels::travelled, this, &WorkqueuePanel::refresh);
    // Live seconds: processing for, ready in, unfinished work.
    m_tick->setInterval(1000);
    connect(m_tick, &QTimer::timeout, this, &WorkqueuePanel::refresh);
    m_tick->start();
    updateQueues();
    retranslate();
}

WorkqueueModel *WorkqueuePanel::model() const
{
    return m_stream->workqueue();
}

bool WorkqueuePanel::showQueue(const QString &name)
{
    const int i = m_queueBox->findText(name);
    if (i < 0)
        return false;
    m_queueBox->setCurrentIndex(i);
    return true;
}

void WorkqueuePanel::refresh()
{
    // Live: the clock's now; travelling: the folded moment (the model set it when it folded).
    if (m_clock && m_stream->travelSeq() == 0)
        model()->setNowMs(qMax(m_clock->nowMs(), model()->states().lastEventMs()));
    updateFigures();
}

void WorkqueuePanel::updateQueues()
{
    const QStringList names = model()->queues();
    const QString current = model()->queue();
    const QSignalBlocker block(m_queueBox);
    m_queueBox->clear();
    m_queueBox->addItems(names);
    m_queueBox->setCurrentIndex(qMax(0, names.indexOf(current)));
    m_queueBox->setVisible(!names.isEmpty());
}

void WorkqueuePanel::updateFigures()
{
    const WorkqueueModel *m = model();
    const WorkqueueState *s = m->state();
    const quint64 travel = m_stream->travelSeq();
    QString sub = travel ? tr("past, at seq %1: ").arg(travel) : QString();
    if (!s) {
        setSubtitle(sub + tr("no workqueue in the journal (run a controller: --controller "
                             "provisioner)"));
    } else {
        sub += tr("%1: %n queued", nullptr, int(s->queue.size())).arg(s->name) +
               tr(" \u00B7 %n processing", nullptr, int(s->processing.size())) +
               tr(" \u00B7 %n waiting", nullptr, int(s->waiting.size())) +
               tr(" \u00B7 %n dirty", nullptr, int(s->dirty.size()));
        if (s->shutDown)
            sub += tr(" \u00B7 shut down");
        setSubtitle(sub);
    }
    const QList<WorkqueueModel::Metric> metrics = m->metrics();
    if (m_metrics->topLevelItemCount() != metrics.size()) {
        m_metrics->clear();
        for (int i = 0; i < metrics.size(); ++i)
            new QTreeWidgetItem(m_metrics);
    }
    for (int i = 0; i < metrics.size(); ++i) {
        QTreeWidgetItem *item = m_metrics->topLevelItem(i);
        item->setText(0, metrics[i].name);
        item->setText(1, metrics[i].value);
        item->setText(2, metrics[i].how);
        for (int c = 0; c < 3; ++c)
            item->setToolTip(c, metrics[i].how);
    }
    updateProvisioner();
}

void WorkqueuePanel::setProvisionerControls(ProvisionerControls controls)
{
    m_controls = std::move(controls);
    if (!m_box) {
        m_box = buildProvisionerBox();
        addContent(m_box, 0);
    }
    retranslate();
}

QWidget *WorkqueuePanel::buildProvisionerBox()
{
    auto *box = new QFrame(this);
    box->setObjectName(QStringLiteral("provisionerBox"));
    box->setFrameShape(QFrame::StyledPanel);
    auto *g = new QGridLayout(box);
    g->setContentsMargins(6, 2, 6, 2);
    g->setVerticalSpacing(2);
    m_boxTitle = new QLabel(box);
    QFont bold = m_boxTitle->font();
    bold.setBold(true);
    m_boxTitle->setFont(bold);
    m_boxState = new QLabel(box);
    m_boxState->setObjectName(QStringLiteral("provisionerState"));
    g->addWidget(m_boxTitle, 0, 0);
    g->addWidget(m_boxState, 0, 1, 1, 5);
    m_latencyLabel = new QLabel(box);
    m_latency = new QSpinBox(box);
    m_latency->setObjectName(QStringLiteral("provisionerLatency"));
    m_latency->setRange(0, 600000);
    m_latency->setSingleStep(100);
    m_latency->setSuffix(QStringLiteral(" ms"));
    if (m_controls.latencyMs)
        m_latency->setValue(int(m_controls.latencyMs()));
    connect(m_latency, &QSpinBox::editingFinished, this, [this] {
        if (m_controls.setLatencyMs)
            m_controls.setLatencyMs(m_latency->value());
        updateProvisioner();
    });
    g->addWidget(m_latencyLabel, 1, 0);
    g->addWidget(m_latency, 1, 1);
    m_failLabel = new QLabel(box);
    m_failCount = new QSpinBox(box);
    m_failCount->setObjectName(QStringLiteral("provisionerFailNext"));
    m_failCount->setRange(0, 100);
    m_failCount->setValue(3);
    m_failButton = new QPushButton(box);
    m_failButton->setObjectName(QStringLiteral("provisionerFailButton"));
    connect(m_failButton, &QPushButton::clicked, this, [this] {
        if (m_controls.failNext)
            m_controls.failNext(m_failCount->value());
        updateProvisioner();
    });
    g->addWidget(m_failLabel, 1, 2);
    g->addWidget(m_failCount, 1, 3);
    g->addWidget(m_failButton, 1, 4);
    m_classLabel = new QLabel(box);
    m_failClass = new QLineEdit(QStringLiteral("standard"), box);
    m_failClass->setObjectName(QStringLiteral("provisionerFailClass"));
    m_classButton = new QPushButton(box);
    m_classButton->setObjectName(QStringLiteral("provisionerClassButton"));
    m_classButton->setCheckable(true);
    connect(m_classButton, &QPushButton::toggled, this, [this](bool on) {
        if (m_controls.setFailClass)
            m_controls.setFailClass(m_failClass->text().trimmed(), on);
        m_failClass->setEnabled(!on);
        retranslate(); // the button says what a click does now
    });
    g->addWidget(m_classLabel, 2, 0, 1, 2);
    g->addWidget(m_failClass, 2, 2, 1, 2);
    g->addWidget(m_classButton, 2, 4);
    g->setColumnStretch(5, 1);
    return box;
}

void WorkqueuePanel::updateProvisioner()
{
    if (!m_box)
        return;
    // The latency as the provisioner has it now: a scenario step or --provision-latency may
    // have set it since the box was built (not while the user is typing one).
    if (m_controls.latencyMs && !m_latency->hasFocus() &&
        m_latency->value() != int(m_controls.latencyMs())) {
        const QSignalBlocker quiet(m_latency);
        m_latency->setValue(int(m_controls.latencyMs()));
    }
    QStringList bits;
    if (m_controls.summary)
        bits << m_controls.summary();
    if (m_controls.pendingFailures && m_controls.pendingFailures() > 0)
        bits << tr("%n provision(s) still to fail", nullptr, m_controls.pendingFailures());
    if (m_controls.failingClasses && !m_controls.failingClasses().isEmpty())
        bits << tr("failing every provision of: %1")
                    .arg(m_controls.failingClasses().join(QStringLiteral(", ")));
    m_boxState->setText(bits.join(QStringLiteral(" \u00B7 ")));
}

void WorkqueuePanel::retranslate()
{
    setTitle(tr("Workqueue"));
    m_view->setAccessibleName(tr("Workqueue items"));
    m_queueBox->setToolTip(tr("The controller's queue shown: claims (keys are claim UIDs) or "
                              "volumes (keys are PV names)"));
    m_metrics->setHeaderLabels(
        {tr("Metric (client-go name)"), tr("Value"), tr("How it is derived from the journal")});
    if (m_box) {
        m_boxTitle->setText(tr("Built-in provisioner"));
        m_latencyLabel->setText(tr("Provision takes"));
        m_latency->setToolTip(tr("Clock time each Provision call takes before it answers"));
        m_failLabel->setText(tr("Fail the next"));
        m_failButton->setText(tr("provisions"));
        m_failButton->setToolTip(tr("The next N Provision calls fail (0 cancels): the claim is "
                                    "re-queued with AddRateLimited, 15 s, 30 s, 60 s …"));
        m_classLabel->setText(tr("Fail every provision of class"));
        m_classButton->setText(m_classButton->isChecked() ? tr("failing (click to stop)")
                                                          : tr("fail it"));
    }
    updateFigures();
}

} // namespace lens
