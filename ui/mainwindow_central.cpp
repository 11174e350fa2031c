// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

#include "columnfit.h"
#include "deltachipdelegate.h"
#include "i18n.h"
#include "indexerfilterproxy.h"
#include "lens/eventbatcher.h"
#include "lens/handlersmodel.h"
#include "lens/indexermodel.h"
#include "lens/journalmodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/namespaceindexmodel.h"
#include "lens/queuemodel.h"
#include "lens/reflectorstatus.h"
#include "panel.h"
#include "pipelinewidget.h"
#include "playgroundpanel.h"
#include "tableview.h"
#include "timelinewidget.h"
#include "trace/journal.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>

namespace lens {

QWidget *MainWindow::buildCentral()
{
    // DeltaFIFO queue. Connected before the view's selection model is: while Pop takes rows out,
    // the view's current row slides to the next key, and that is not the user's choice.
    connect(m_queue, &QAbstractItemModel::rowsAboutToBeRemoved, this,
            [this] { m_queueRowsLeaving = true; });
    // The explanation of a queued key follows its row: Deltas growing, the key popped.
    auto reexplain = [this] {
        if (m_captionSeq == 0 && !m_captionKey.isEmpty() && !m_queueRowsLeaving)
            explainQueuedKey(m_captionKey);
    };
    connect(m_queue, &QAbstractItemModel::rowsRemoved, this, [this, reexplain] {
        m_queueRowsLeaving = false;
        queueRowsLeft();
        reexplain();
    });
    connect(m_queue, &QAbstractItemModel::dataChanged, this, reexplain);
    connect(m_queue, &QAbstractItemModel::modelReset, this, reexplain);
    m_queueView = makeTable(m_queue, tr("DeltaFIFO queue"), this);
    m_queueView->setObjectName(QStringLiteral("queueView"));
    m_queueView->verticalHeader()->setVisible(true); // "#": queue position, 1 = next to pop
    m_queueView->verticalHeader()->setDefaultSectionSize(m_queueView->fontMetrics().height() + 9);
    m_queueView->verticalHeader()->setDefaultAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_queueView->setItemDelegateForColumn(QueueModel::DeltasColumn,
                                          new DeltaChipDelegate(QueueModel::DeltaChipsRole, this));
    m_queueView->horizontalHeader()->setStretchLastSection(false);
    m_queueView->horizontalHeader()->setSectionResizeMode(QueueModel::DeltasColumn,
                                                          QHeaderView::Stretch);
    setWidths(m_queueView, {170, 300, 76});
    m_queuePanel = new Panel(tr("DeltaFIFO"), m_queueView);
    translated([this] {
        m_queuePanel->setTitle(m_queue->isRealFifo() ? QStringLiteral("RealFIFO")
                                                     : QStringLiteral("DeltaFIFO"));
        m_queueView->setAccessibleName(tr("DeltaFIFO queue"));
    });
    connect(m_queue, &QAbstractItemModel::headerDataChanged, this, [this] {
        m_queuePanel->setTitle(m_queue->isRealFifo() ? QStringLiteral("RealFIFO")
                                                     : QStringLiteral("DeltaFIFO"));
    });

    // Key history.
    m_historyView = makeTable(m_history, tr("Key history"), this);
    m_historyView->setObjectName(QStringLiteral("historyView"));
    m_historyView->setItemDelegateForColumn(
        KeyHistoryModel::TypeColumn, new DeltaChipDelegate(KeyHistoryModel::DeltaChipsRole, this));
    setWidths(m_historyView, {48, 66, 110, 170, 52});
    fitLastColumn(m_historyView, 160); // Detail: elided, full text in its tooltip
    m_historyPanel = new Panel(tr("Key history"), m_historyView);
    auto historyTexts = [this] {
        const QString key = m_history->key();
        m_historyView->setAccessibleName(tr("Key history"));
        m_historyPanel->setTitle(key.isEmpty() ? tr("Key history")
                                               : tr("Key history: %1").arg(key));
        m_historyPanel->setSubtitle(key.isEmpty()
                                        ? tr("select a key in the queue, indexer or journal")
                                        : tr("watch → queue → pop → indexer → handlers"));
    };
    translated(historyTexts);
    connect(m_history, &KeyHistoryModel::keyChanged, this, historyTexts);
    // A key's story is read backwards from its latest row ("why did my handler get this
    // update?"), so a newly selected key opens at its newest rows.
    connect(m_history, &KeyHistoryModel::keyChanged, this,
            [this] { QTimer::singleShot(0, m_historyView, &QTableView::scrollToBottom); });
    connect(m_history, &QAbstractItemModel::rowsInserted, this,
            [this] { followTail(m_historyView); });

    // Indexer.
    m_indexerProxy->setIndexer(m_indexer);
    m_indexerProxy->setSortRole(IndexerModel::SortRole);
    m_indexerProxy->setFilterKeyColumn(-1);
    m_indexerProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_indexerProxy->setDynamicSortFilter(true);
    m_indexerView = makeTable(m_indexerProxy, tr("Indexer objects"), this);
    m_indexerView->setObjectName(QStringLiteral("indexerView"));
    m_indexerView->setSortingEnabled(true);
    m_indexerView->sortByColumn(IndexerModel::NamespaceColumn, Qt::AscendingOrder);
    setWidths(m_indexerView, {100, 110, 48, 150, 72, 50});
    m_indexerView->horizontalHeader()->setStretchLastSection(false);
    m_indexerView->horizontalHeader()->setSectionResizeMode(IndexerModel::LabelsColumn,
                                                            QHeaderView::Stretch);
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("indexerFilter"));
    m_filter->setClearButtonEnabled(true);
    translated([this] {
        m_filter->setPlaceholderText(tr("Filter objects (name, namespace, label, phase)\u2026"));
        m_filter->setAccessibleName(tr("Filter indexer objects"));
        m_indexerView->setAccessibleName(tr("Indexer objects"));
    });
    m_filter->setMinimumWidth(150);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(250);
    connect(m_filter, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    m_selectorEdit = new QLineEdit(this);
    m_selectorEdit->setObjectName(QStringLiteral("labelSelector"));
    m_selectorEdit->setClearButtonEnabled(true);
    m_selectorEdit->setMinimumWidth(150);
    connect(m_selectorEdit, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, &MainWindow::applyIndexerFilter);
    translated([this] {
        m_selectorEdit->setPlaceholderText(tr("Label selector, e.g. app=web,tier in (a,b)"));
        m_selectorEdit->setAccessibleName(tr("Label selector for indexer objects"));
        m_selectorEdit->setToolTip(tr("Kubernetes label selector syntax: key=value, key!=value, "
                                      "key in (a,b), key notin (a,b), key, !key"));
    });
    m_indexerPanel = new Panel(tr("Indexer"), m_indexerView);
    translated([this] { m_indexerPanel->setTitle(tr("Indexer")); });
    m_indexerPanel->addHeaderWidget(m_filter);
    m_indexerPanel->addHeaderWidget(m_selectorEdit);
    m_selectorError = new QLabel(this);
    m_selectorError->setObjectName(QStringLiteral("labelSelectorError"));
    m_selectorError->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_selectorError->setWordWrap(true);
    m_selectorError->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_selectorError->hide();
    m_indexerPanel->addContent(m_selectorError);
    auto updateIndexerSubtitle = [this] {
        const int all = m_indexer->rowCount(), shown = m_indexerProxy->rowCount();
        m_indexerPanel->setSubtitle(shown == all
                                        ? tr("%n object(s)", nullptr, all)
                                        : tr("%1 of %n object(s)", nullptr, all).arg(shown));
    };
    // The proxy announces a removal while the source still holds the row; the source's own
    // signal comes after both counts are current.
    for (auto sig : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved}) {
        connect(m_indexerProxy, sig, this, updateIndexerSubtitle);
        connect(m_indexer, sig, this, updateIndexerSubtitle);
    }
    connect(m_indexerProxy, &QAbstractItemModel::modelReset, this, updateIndexerSubtitle);
    connect(m_indexerProxy, &QAbstractItemModel::layoutChanged, this, updateIndexerSubtitle);
    translated(updateIndexerSubtitle);

    // Namespace index.
    m_namespaceView = new QTreeView(this);
    m_namespaceView->setObjectName(QStringLiteral("namespaceView"));
    m_namespaceView->setAccessibleName(tr("Namespace index"));
    m_namespaceView->setModel(m_namespaces);
    m_namespaceView->setUniformRowHeights(true);
    m_namespaceView->setAlternatingRowColors(true);
    m_namespaceView->header()->setStretchLastSection(false);
    m_namespaceView->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_namespaceView->header()->resizeSection(1, 60);
    m_namespaceView->expandToDepth(1);
    connect(m_namespaces, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &parent, int first, int last) {
                if (!parent.isValid() || !parent.parent().isValid()) {
                    m_namespaceView->expand(parent);
                    for (int r = first; r <= last; ++r)
                        m_namespaceView->expand(m_namespaces->index(r, 0, parent));
                }
            });
    auto *nsPanel = new Panel(tr("Indices"), m_namespaceView);
    m_indicesPanel = nsPanel;
    translated([this, nsPanel] {
        nsPanel->setTitle(tr("Indices"));
        nsPanel->setSubtitle(tr("index \u2192 value \u2192 keys, as ByIndex() sees them"));
        m_namespaceView->setAccessibleName(tr("Namespace index"));
    });

    // Journal.
    m_journalView = makeTable(m_journalModel, tr("Journal"), this);
    m_journalView->setObjectName(QStringLiteral("journalView"));
    setWidths(m_journalView, {40, 62, 70, 100, 130, 74, 44});
    // Before hiding a column: Qt 6.4 leaves a hidden section's width as a gap when
    // stretchLastSection is switched off after the section was hidden.
    fitLastColumn(m_journalView, 160); // Detail: elided, full text in its tooltip
    m_journalView->setColumnHidden(JournalModel::ComponentColumn, true);
    m_journalView->verticalHeader()->setDefaultSectionSize(m_journalView->fontMetrics().height() +
                                                           6);
    connect(m_journalModel, &QAbstractItemModel::rowsInserted, this,
            [this] { followTail(m_journalView); });
    m_journalPanel = new Panel(tr("Journal"), m_journalView);
    connect(m_journalModel, &QAbstractItemModel::rowsInserted, this,
            &MainWindow::updateJournalPanel);
    translated([this] {
        m_journalPanel->setTitle(tr("Journal"));
        m_journalView->setAccessibleName(tr("Journal"));
        updateJournalPanel();
    });
    QTimer::singleShot(0, m_journalView, &QTableView::scrollToBottom);

    // Timeline.
    m_timeline = new TimelineWidget(m_timelineModel, this);
    m_timeline->setObjectName(QStringLiteral("timeline"));
    m_timelinePanel = new Panel(tr("Timeline"), m_timeline);
    m_liveButton = new QToolButton(this);
    m_liveButton->setObjectName(QStringLiteral("liveButton"));
    translated([this] {
        m_timelinePanel->setTitle(tr("Timeline"));
        m_liveButton->setText(tr("\u25CF Live"));
        m_liveButton->setAccessibleName(tr("Return to live"));
        m_liveButton->setToolTip(tr("The views follow the present. Drag on the timeline's time "
                                    "axis to travel back; press here to return."));
    });
    m_liveButton->setCheckable(true);
    m_liveButton->setChecked(true);
    m_timelinePanel->addHeaderWidget(m_liveButton);
    connect(m_liveButton, &QToolButton::clicked, this, [this] { goLive(); });
    connect(m_timeline, &TimelineWidget::keyClicked, this, &MainWindow::selectKey);
    m_scrubTimer = new QTimer(this);
    m_scrubTimer->setSingleShot(true);
    m_scrubTimer->setInterval(60); // a drag rebuilds the past at most ~16 times a second
    connect(m_timeline, &TimelineWidget::scrubbed, this, [this](qint64 ms) {
        m_scrubMs = ms;
        m_timeline->setTravelTime(ms);
        if (!m_scrubTimer->isActive())
            m_scrubTimer->start();
    });
    connect(m_scrubTimer, &QTimer::timeout, this, [this] {
        const quint64 seq = seqAtTime(m_scrubMs);
        if (seq > 0)
            travelTo(seq, m_scrubMs);
        else
            m_timeline->setTravelTime(m_scrubMs);
    });
    updateTimelinePanel();

    // Selecting a key anywhere shows its history.
    connect(m_queueView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid() && !m_queueRowsLeaving)
                    selectKey(current.data(QueueModel::KeyRole).toString());
            });
    connect(m_indexerView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    selectKey(current.data(IndexerModel::KeyRole).toString());
            });
    connect(m_namespaceView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                const QString key =
                    current.siblingAtColumn(0).data(NamespaceIndexModel::KeyRole).toString();
                if (!key.isEmpty())
                    selectKey(key);
            });
    connect(m_journalView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                const QString key = current.data(JournalModel::KeyRole).toString();
                if (!key.isEmpty())
                    m_history->setKey(key);
            });

    // Caption pane: explains what is selected.
    m_caption = new QTextBrowser(this);
    m_caption->setObjectName(QStringLiteral("captionView"));
    m_caption->setAccessibleName(tr("Explanation of the selection"));
    m_caption->setOpenLinks(false);
    m_caption->setFrameShape(QFrame::NoFrame);
    m_captionPanel = new Panel(tr("Explain"), m_caption);
    translated([this] {
        m_captionPanel->setTitle(tr("Explain"));
        m_caption->setAccessibleName(tr("Explanation of the selection"));
        // The caption itself is in the language of the moment it was written: write it again.
        if (m_captionSeq)
            explainSeq(m_captionSeq);
        else if (!m_captionKey.isEmpty())
            explainQueuedKey(m_captionKey);
        else if (!m_scenarioCaption.isEmpty())
            showScenarioCaption(m_translateCaption
                                    ? m_translateCaption(m_scenarioCaption, currentLanguage())
                                    : m_scenarioCaption);
        else
            showCaptionHint();
    });
    connect(m_journalView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    explainSeq(current.data(JournalModel::SeqRole).toULongLong());
            });
    connect(m_historyView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    explainSeq(current.data(KeyHistoryModel::SeqRole).toULongLong());
            });
    connect(m_queueView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid() && !m_queueRowsLeaving)
                    explainQueuedKey(current.data(QueueModel::KeyRole).toString());
            });
    connect(m_timeline, &TimelineWidget::markClicked, this, &MainWindow::explainSeq);

    // Layout: three columns over the timeline.
    auto *left = new QSplitter(Qt::Vertical);
    left->addWidget(m_queuePanel);
    left->addWidget(m_historyPanel);
    left->addWidget(m_captionPanel);
    left->setSizes({360, 250, 150});
    m_middleTabs = new QTabWidget;
    m_middleTabs->setObjectName(QStringLiteral("middleTabs"));
    m_middleTabs->setDocumentMode(true);
    m_middleTabs->addTab(nsPanel, tr("Indices"));
    m_middleTabs->addTab(buildObjectPanel(), tr("Object"));
    auto *middle = new QSplitter(Qt::Vertical);
    middle->addWidget(m_indexerPanel);
    middle->addWidget(m_middleTabs);
    middle->setSizes({440, 320});
    m_rightTabs = new QTabWidget;
    m_rightTabs->setObjectName(QStringLiteral("rightTabs"));
    m_rightTabs->setDocumentMode(true);
    m_rightTabs->addTab(m_journalPanel, tr("Journal"));
    m_rightTabs->addTab(buildHandlersPanel(), tr("Handlers"));
    m_playground = new PlaygroundPanel(this);
    m_rightTabs->addTab(m_playground, tr("Playground"));
    translated([this] {
        m_middleTabs->setTabText(0, tr("Indices"));
        m_middleTabs->setTabText(1, tr("Object"));
        m_rightTabs->setTabText(0, tr("Journal"));
        m_rightTabs->setTabText(1, tr("Handlers"));
        m_rightTabs->setTabText(2, tr("Playground"));
    });
    connect(m_rightTabs, &QTabWidget::currentChanged, this, [this] {
        if (m_rightTabs->currentWidget() == m_handlersPanel)
            QTimer::singleShot(0, m_notificationsView, &QTableView::scrollToBottom);
    });
    auto *columns = new QSplitter(Qt::Horizontal);
    columns->addWidget(left);
    columns->addWidget(middle);
    columns->addWidget(m_rightTabs);
    columns->setSizes({560, 520, 520});
    for (int i = 0; i < 3; ++i)
        columns->setStretchFactor(i, 1);
    auto *outer = new QSplitter(Qt::Vertical);
    outer->addWidget(columns);
    outer->addWidget(m_timelinePanel);
    outer->setStretchFactor(0, 1);
    outer->setStretchFactor(1, 0);
    outer->setSizes({680, 230});
    outer->setChildrenCollapsible(false);

    // The pipeline strip above it all, refreshed at most 10 times a second.
    m_pipeline = new PipelineWidget(this);
    m_pipeline->setObjectName(QStringLiteral("pipeline"));
    m_pipelineTimer = new QTimer(this);
    m_pipelineTimer->setSingleShot(true);
    m_pipelineTimer->setInterval(100);
    connect(m_pipelineTimer, &QTimer::timeout, this, &MainWindow::updatePipeline);
    auto schedule = [this] {
        if (!m_pipelineTimer->isActive())
            m_pipelineTimer->start();
    };
    connect(m_status, &ReflectorStatus::changed, this, schedule);
    connect(m_queue, &QueueModel::statsChanged, this, schedule);
    connect(m_queue->batcher(), &EventBatcher::flushed, this, schedule);
    connect(m_indexer->batcher(), &EventBatcher::flushed, this, schedule);
    connect(m_handlers, &HandlersModel::statsChanged, this, schedule);
    connect(m_history, &KeyHistoryModel::keyChanged, this, &MainWindow::updatePipeline);
    auto *central = new QWidget;
    auto *v = new QVBoxLayout(central);
    v->setContentsMargins(4, 2, 4, 0);
    v->setSpacing(2);
    v->addWidget(m_pipeline);
    v->addWidget(outer, 1);
    updatePipeline();
    return central;
}

} // namespace lens
