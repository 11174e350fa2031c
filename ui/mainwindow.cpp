// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"
#include "simulatorpanel.h"

#include "columnfit.h"
#include "deltachipdelegate.h"
#include "deltapalette.h"
#include "i18n.h"
#include "indexerfilterproxy.h"
#include "informer/controller.h"
#include "informer/sharedinformer.h"
#include "keyboard.h"
#include "lens/caption.h"
#include "lens/eventbatcher.h"
#include "lens/export.h"
#include "lens/format.h"
#include "lens/handlersmodel.h"
#include "lens/indexermodel.h"
#include "lens/journalmodel.h"
#include "lens/journaltext.h"
#include "lens/keyhistorymodel.h"
#include "lens/namespaceindexmodel.h"
#include "lens/objecttreemodel.h"
#include "lens/queuemodel.h"
#include "lens/reflectorstatus.h"
#include "lens/timelinemodel.h"
#include "notificationdelegate.h"
#include "panel.h"
#include "pipelinewidget.h"
#include "plaintextdelegate.h"
#include "playgroundpanel.h"
#include "recordreplay.h"
#include "timelinewidget.h"
#include "trace/journal.h"
#include "viewexport.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHash>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>

namespace lens {

namespace {

QTableView *makeTable(QAbstractItemModel *model, const QString &accessibleName, QWidget *parent)
{
    auto *v = new QTableView(parent);
    v->setModel(model);
    v->setItemDelegate(new PlainTextDelegate(v)); // text cells at a fraction of the cost
    v->setAccessibleName(accessibleName);
    v->setSelectionBehavior(QAbstractItemView::SelectRows);
    v->setSelectionMode(QAbstractItemView::SingleSelection);
    v->setAlternatingRowColors(true);
    v->setShowGrid(false);
    v->setWordWrap(false);
    v->setTextElideMode(Qt::ElideRight);
    v->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    v->verticalHeader()->setVisible(false);
    v->verticalHeader()->setDefaultSectionSize(v->fontMetrics().height() + 10);
    v->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    v->horizontalHeader()->setHighlightSections(false);
    v->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    v->horizontalHeader()->setStretchLastSection(true);
    return v;
}

void setWidths(QTableView *v, std::initializer_list<int> widths)
{
    int c = 0;
    for (int w : widths)
        v->setColumnWidth(c++, w);
}

} // namespace

MainWindow::MainWindow(Journal *journal, Controller *controller, QWidget *parent)
    : QMainWindow(parent), m_journal(journal), m_controller(controller),
      m_queue(new QueueModel(journal, this)), m_indexer(new IndexerModel(journal, this)),
      m_namespaces(new NamespaceIndexModel(journal, this)),
      m_history(new KeyHistoryModel(journal, this)),
      m_journalModel(new JournalModel(journal, 5000, this)),
      m_timelineModel(new TimelineModel(journal, this)),
      m_status(new ReflectorStatus(journal, this)), m_handlers(new HandlersModel(journal, this)),
      m_notifications(new HandlerNotificationsModel(journal, 5000, this)),
      m_objectTree(new ObjectTreeModel(this)), m_indexerProxy(new IndexerFilterProxy(this)),
      m_settleTimer(new QTimer(this)), m_filterTimer(new QTimer(this))
{
    Q_ASSERT(journal);
    setObjectName(QStringLiteral("InformerLensMainWindow"));
    setSourceDescription(QString());
    buildActions();
    setCentralWidget(buildCentral());
    buildMenus();
    m_keyboard = new KeyboardNavigation(this);

    m_statusLabel = new QLabel(this);
    m_statusLabel->setAccessibleName(tr("Reflector status"));
    m_pumpLabel = new QLabel(this);
    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(QStringLiteral("errorLabel"));
    // Red that reads on the theme's background (a darker red on light, a lighter one on dark).
    m_errorLabel->setStyleSheet(palette().color(QPalette::Base).lightness() < 128
                                    ? QStringLiteral("color: #ef5350;")
                                    : QStringLiteral("color: #c62828;"));
    // Status texts grow with the numbers and errors they show; they must never force the
    // window wider than the user (or --size) made it.
    // window wider than the user (or --size) made it: the status gives way, the error (elided
    // to 480 px) and the pump state keep their width.
    m_statusLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_statusLabel->setMinimumWidth(0);
    m_errorLabel->setMaximumWidth(480);
    statusBar()->addWidget(m_statusLabel, 1);
    statusBar()->addPermanentWidget(m_errorLabel);
    statusBar()->addPermanentWidget(m_pumpLabel);

    connect(m_status, &ReflectorStatus::changed, this, &MainWindow::updateStatus);
    connect(m_queue, &QueueModel::statsChanged, this, &MainWindow::updateQueuePanel);
    connect(m_queue, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateQueuePanel);
    connect(m_queue, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateQueuePanel);
    if (m_controller)
        connect(m_controller, &Controller::modeChanged, this, &MainWindow::updatePumpState);

    m_settleTimer->setSingleShot(true);
    connect(m_settleTimer, &QTimer::timeout, this, &MainWindow::onSettleTimer);
    if (journal)
        connect(journal, &Journal::eventRecorded, this, &MainWindow::onJournalEvent);
    m_sinceLastEvent.start();
    m_settleTimer->start(settleQuietMs());

    updateStatus();
    updateQueuePanel();
    updatePumpState();
    resize(1600, 1000);
}

MainWindow::~MainWindow() = default;

void MainWindow::setSourceDescription(const QString &source)
{
    m_source = source;
    if (m_offlineBanner)
        return; // the title names the recording
    setWindowTitle(source.isEmpty() ? tr("Informer Lens")
                                    : tr("Informer Lens \u2014 %1").arg(source));
}

void MainWindow::buildActions()
{
    QToolBar *tb = addToolBar(QString());
    tb->setObjectName(QStringLiteral("pumpToolBar"));
    tb->setMovable(false);
    tb->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);

    auto *group = new QActionGroup(this);
    group->setExclusive(true);
    m_run = new QAction(QIcon::fromTheme(QStringLiteral("media-playback-start")), QString(), this);
    m_run->setShortcut(QKeySequence(Qt::Key_F5));
    m_pause =
        new QAction(QIcon::fromTheme(QStringLiteral("media-playback-pause")), QString(), this);
    m_pause->setShortcut(QKeySequence(Qt::Key_F6));
    m_step = new QAction(QIcon::fromTheme(QStringLiteral("media-skip-forward")), QString(), this);
    m_step->setShortcut(QKeySequence(Qt::Key_F10));
    for (QAction *a : {m_run, m_pause}) {
        a->setCheckable(true);
        group->addAction(a);
    }
    m_run->setObjectName(QStringLiteral("runAction"));
    m_pause->setObjectName(QStringLiteral("pauseAction"));
    m_step->setObjectName(QStringLiteral("stepAction"));
    tb->addAction(m_run);
    tb->addAction(m_pause);
    tb->addAction(m_step);

    // Legend of the delta colours, right-aligned.
    auto *spacer = new QWidget(tb);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    tb->addWidget(spacer);
    auto *legendLabel = new QLabel(tb);
    legendLabel->setTextFormat(Qt::RichText);
    tb->addWidget(legendLabel);
    for (QAction *a : {m_run, m_pause, m_step})
        addAction(a); // shortcuts work even if the toolbar is hidden
    translated([this, tb, legendLabel] {
        tb->setWindowTitle(tr("Pump"));
        m_run->setText(tr("\u25B6  Run"));
        m_run->setToolTip(tr("Run the controller's Pop pump: every queued key is popped and "
                             "handled (F5)"));
        m_pause->setText(tr("\u2016  Pause"));
        m_pause->setToolTip(tr("Pause the pump: deltas pile up in the DeltaFIFO where you can "
                               "watch them being compressed (F6)"));
        m_step->setText(tr("\u21E5  Step"));
        m_step->setToolTip(tr("Pop exactly one key from the head of the queue (F10)"));
        QString legend = tr("Deltas:") + QStringLiteral("&nbsp;&nbsp;");
        for (DeltaType t : {DeltaType::Added, DeltaType::Updated, DeltaType::Deleted,
                            DeltaType::Replaced, DeltaType::Sync})
            legend += QStringLiteral("<span style=\"background-color:%1; color:white;\">"
                                     "&nbsp;%2&nbsp;</span>&nbsp;&nbsp;")
                          .arg(deltaColor(t).name(), deltaTypeName(t));
        legend += QStringLiteral("<span style=\"color:%1;\">%2</span>&nbsp;&nbsp;")
                      .arg(deltaColor(DeltaType::Deleted).name(),
                           tr("\u271D = DeletedFinalStateUnknown tombstone").toHtmlEscaped());
        legendLabel->setText(legend);
        legendLabel->setAccessibleName(tr("Delta colour legend"));
        // Accessible names for the buttons (screen readers and UI tests).
        for (QAction *a : {m_run, m_pause, m_step}) {
            if (QWidget *w = tb->widgetForAction(a))
                w->setAccessibleName(a->text().mid(3));
        }
    });
    connect(m_run, &QAction::triggered, this, [this] {
        if (m_controller)
            m_controller->run();
    });
    connect(m_pause, &QAction::triggered, this, [this] {
        if (m_controller)
            m_controller->pause();
    });
    connect(m_step, &QAction::triggered, this, [this] {
        if (m_controller)
            m_controller->step();
    });
}

QWidget *MainWindow::buildCentral()
{
    // DeltaFIFO queue.
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
    auto updateJournalSubtitle = [this] {
        QString text = tr("%1 events recorded · newest %2 shown")
                           .arg(m_journal ? m_journal->lastSeq() : 0)
                           .arg(m_journalModel->rowCount());
        if (m_journal && m_journal->droppedCount() > 0)
            text += tr(" · %1 oldest dropped (journal cap %2)")
                        .arg(m_journal->droppedCount())
                        .arg(m_journal->capacity());
        m_journalPanel->setSubtitle(text);
    };
    connect(m_journalModel, &QAbstractItemModel::rowsInserted, this, updateJournalSubtitle);
    translated([this, updateJournalSubtitle] {
        m_journalPanel->setTitle(tr("Journal"));
        m_journalView->setAccessibleName(tr("Journal"));
        updateJournalSubtitle();
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
            travelToSeq(seq);
        m_timeline->setTravelTime(m_scrubMs);
    });
    updateTimelinePanel();

    // Selecting a key anywhere shows its history.
    connect(m_queueView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
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
            m_caption->setHtml(QStringLiteral("<p>%1</p>")
                                   .arg(tr("Select a journal event, a key history row, a handler "
                                           "notification, a timeline marker or a queued key: "
                                           "this pane explains it.")
                                            .toHtmlEscaped()));
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
                if (current.isValid())
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

QWidget *MainWindow::buildHandlersPanel()
{
    m_handlersView = makeTable(m_handlers, tr("Event handlers"), this);
    m_handlersView->setObjectName(QStringLiteral("handlersView"));
    setWidths(m_handlersView, {110, 64, 58, 40, 52, 52});
    m_notificationsView =
        makeTable(m_notifications, tr("Notifications of the selected handler"), this);
    m_notificationsView->setObjectName(QStringLiteral("notificationsView"));
    m_notificationsView->setItemDelegateForColumn(
        HandlerNotificationsModel::KindColumn,
        new NotificationDelegate(HandlerNotificationsModel::KindRole, this));
    setWidths(m_notificationsView, {40, 62, 128, 160, 64, 36, 56});
    fitColumn(m_notificationsView, HandlerNotificationsModel::KeyColumn, 150); // keys readable
    fitLastColumn(m_handlersView, 150); // the newest notification
    m_notificationsView->verticalHeader()->setDefaultSectionSize(
        m_notificationsView->fontMetrics().height() + 9);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_handlersView);
    split->addWidget(m_notificationsView);
    split->setSizes({120, 560});
    split->setChildrenCollapsible(false);
    m_handlersPanel = new Panel(tr("Handlers"), split);
    m_addHandler = new QToolButton(this);
    m_addHandler->setObjectName(QStringLiteral("addHandlerButton"));
    translated([this] {
        m_handlersPanel->setTitle(tr("Handlers"));
        m_handlersView->setAccessibleName(tr("Event handlers"));
        m_notificationsView->setAccessibleName(tr("Notifications of the selected handler"));
        m_addHandler->setText(tr("Add handler\u2026"));
        m_addHandler->setAccessibleName(tr("Add an event handler"));
        m_addHandler->setToolTip(tr("Add an event handler to the informer with its own resync "
                                    "period and an artificial processing time per notification, "
                                    "to watch a slow handler's backlog and latency grow"));
    });
    m_addHandler->setEnabled(false);
    m_handlersPanel->addHeaderWidget(m_addHandler);
    connect(m_addHandler, &QToolButton::clicked, this, &MainWindow::openAddHandlerDialog);

    connect(m_handlersView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    m_notifications->setHandler(
                        current.data(HandlersModel::HandlerRole).toString());
            });
    connect(m_notificationsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                const QString key = current.data(HandlerNotificationsModel::KeyRole).toString();
                if (!key.isEmpty())
                    selectKey(key);
                if (current.isValid())
                    explainSeq(current.data(HandlerNotificationsModel::SeqRole).toULongLong());
            });
    connect(m_notifications, &QAbstractItemModel::rowsInserted, this,
            [this] { followTail(m_notificationsView); });
    connect(m_notifications, &QAbstractItemModel::modelReset, this,
            [this] { QTimer::singleShot(0, m_notificationsView, &QTableView::scrollToBottom); });
    // The first listener is shown as soon as it exists.
    auto pickFirst = [this] {
        if (m_notifications->handler().isEmpty() && m_handlers->rowCount() > 0)
            m_handlersView->setCurrentIndex(m_handlers->index(0, 0));
    };
    connect(m_handlers, &QAbstractItemModel::rowsInserted, this, pickFirst);
    connect(m_handlers, &QAbstractItemModel::modelReset, this, pickFirst);
    connect(m_handlers, &HandlersModel::statsChanged, this, &MainWindow::updateHandlersPanel);
    connect(m_notifications, &HandlerNotificationsModel::handlerChanged, this,
            &MainWindow::updateHandlersPanel);
    QTimer::singleShot(0, this, pickFirst);
    updateHandlersPanel();
    return m_handlersPanel;
}

void MainWindow::updateHandlersPanel()
{
    qint64 delivered = 0;
    int backlog = 0;
    for (int r = 0; r < m_handlers->rowCount(); ++r) {
        const auto s = m_handlers->statsAt(r);
        delivered += s.delivered;
        backlog += s.backlog;
    }
    QString text = tr("%n listener(s)", nullptr, m_handlers->rowCount()) +
                   tr(" \u00B7 %1 delivered \u00B7 backlog %2").arg(delivered).arg(backlog);
    m_handlersPanel->setSubtitle(text);
}

void MainWindow::applyIndexerFilter()
{
    m_indexerProxy->setFilterFixedString(m_filter->text());
    QString err;
    if (m_indexerProxy->setLabelSelector(m_selectorEdit->text(), &err)) {
        m_selectorEdit->setStyleSheet(QString());
        m_selectorError->hide();
        m_selectorError->clear();
        return;
    }
    // Keep the last valid selector in effect and say why this one is not.
    m_selectorEdit->setStyleSheet(QStringLiteral("QLineEdit { border: 2px solid #c62828; }"));
    m_selectorError->setText(tr("Label selector not applied: %1").arg(err));
    m_selectorError->show();
}

QString MainWindow::labelSelectorError() const
{
    return m_selectorError->text();
}

void MainWindow::translated(std::function<void()> apply)
{
    apply();
    m_retranslate.push_back(std::move(apply));
}

void MainWindow::retranslateUi()
{
    for (const auto &apply : m_retranslate)
        apply();
    setSourceDescription(m_source);
    for (QAbstractItemModel *m : std::initializer_list<QAbstractItemModel *>{
             m_queue, m_indexer, m_namespaces, m_history, m_journalModel, m_handlers,
             m_notifications, m_objectTree}) {
        if (m->columnCount() > 0)
            Q_EMIT m->headerDataChanged(Qt::Horizontal, 0, m->columnCount() - 1);
    }
    updateStatus();
    updateQueuePanel();
    updateHandlersPanel();
    updateTimelinePanel();
    updateInspector();
    updatePipeline();
    m_pipeline->update();
    m_timelineModel->retranslate(); // its labels (causes, errors) were folded in the old language
}

bool MainWindow::switchLanguage(const QString &lang)
{
    // installTranslation() posts QEvent::LanguageChange to every widget; changeEvent() and the
    // Playground panel's own handler re-apply the texts.
    if (!installTranslation(lang))
        return false;
    for (QAction *a : menuBar()->findChildren<QAction *>())
        if (a->objectName().startsWith(QLatin1String("lang-")))
            a->setChecked(a->data().toString() == currentLanguage());
    return true;
}

void MainWindow::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QMainWindow::changeEvent(e);
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(QString());
    file->setObjectName(QStringLiteral("fileMenu"));
    QMenu *views = file->addMenu(QString());
    views->setObjectName(QStringLiteral("exportViewMenu"));
    const QStringList names = exportableViews();
    for (const QString &v : names) {
        QAction *a = views->addAction(v);
        a->setObjectName(QStringLiteral("export-") + v);
        connect(a, &QAction::triggered, this, [this, v] { exportViewInteractively(v); });
        translated([a, v] {
            static const QHash<QString, const char *> names{
                {QStringLiteral("window"), QT_TR_NOOP("Whole window")},
                {QStringLiteral("pipeline"), QT_TR_NOOP("Pipeline")},
                {QStringLiteral("queue"), QT_TR_NOOP("Queue (DeltaFIFO / RealFIFO)")},
                {QStringLiteral("history"), QT_TR_NOOP("Key history")},
                {QStringLiteral("caption"), QT_TR_NOOP("Explain")},
                {QStringLiteral("indexer"), QT_TR_NOOP("Indexer")},
                {QStringLiteral("indices"), QT_TR_NOOP("Indices")},
                {QStringLiteral("object"), QT_TR_NOOP("Object")},
                {QStringLiteral("journal"), QT_TR_NOOP("Journal")},
                {QStringLiteral("handlers"), QT_TR_NOOP("Handlers")},
                {QStringLiteral("playground"), QT_TR_NOOP("Playground")},
                {QStringLiteral("timeline"), QT_TR_NOOP("Timeline")},
            };
            a->setText(tr(names.value(v, "")) + QStringLiteral("\u2026"));
        });
    }
    QAction *tl = file->addAction(QString());
    tl->setObjectName(QStringLiteral("exportTimelineAction"));
    connect(tl, &QAction::triggered, this, [this] { exportDataInteractively(true); });
    QAction *kh = file->addAction(QString());
    kh->setObjectName(QStringLiteral("exportKeyHistoryAction"));
    connect(kh, &QAction::triggered, this, [this] { exportDataInteractively(false); });
    file->addSeparator();
    QAction *quit = file->addAction(QString());
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &QWidget::close);

    // Language: switch at run time (QEvent::LanguageChange re-applies every text).
    QMenu *lang = menuBar()->addMenu(QString());
    lang->setObjectName(QStringLiteral("languageMenu"));
    auto *langs = new QActionGroup(this);
    for (const QString &code : availableLanguages()) {
        QAction *a = lang->addAction(languageName(code));
        a->setObjectName(QStringLiteral("lang-") + code);
        a->setCheckable(true);
        a->setChecked(code == currentLanguage());
        a->setData(code);
        langs->addAction(a);
        connect(a, &QAction::triggered, this, [this, code] { switchLanguage(code); });
    }
    translated([file, views, tl, kh, quit, lang] {
        file->setTitle(tr("&File"));
        views->setTitle(tr("Export &view as PNG or SVG"));
        tl->setText(tr("Export &timeline as CSV or JSON\u2026"));
        kh->setText(tr("Export &key history as CSV or JSON\u2026"));
        quit->setText(tr("&Quit"));
        lang->setTitle(tr("&Language"));
    });
    new RecordReplay(this, file);
}

Journal *MainWindow::journal() const
{
    return m_journal;
}

void MainWindow::setOfflineRecording(const QString &source, std::function<QString()> banner)
{
    m_offlineBanner = std::move(banner);
    m_source = source;
    for (QAction *a : {m_run, m_pause, m_step})
        a->setVisible(false);
    m_pumpLabel->hide();
    auto *label = new QLabel(this);
    label->setObjectName(QStringLiteral("offlineLabel"));
    label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // never widens the window
    statusBar()->addPermanentWidget(label, 1);
    translated([this, label] {
        setWindowTitle(tr("Informer Lens \u2014 %1").arg(m_offlineBanner()));
        label->setText(m_offlineBanner());
        label->setToolTip(tr("Recorded from %1").arg(m_source));
    });
}

QStringList MainWindow::exportableViews()
{
    return {QStringLiteral("window"),   QStringLiteral("pipeline"),   QStringLiteral("queue"),
            QStringLiteral("history"),  QStringLiteral("caption"),    QStringLiteral("indexer"),
            QStringLiteral("indices"),  QStringLiteral("object"),     QStringLiteral("journal"),
            QStringLiteral("handlers"), QStringLiteral("playground"), QStringLiteral("timeline")};
}

QWidget *MainWindow::viewWidget(const QString &view)
{
    if (view == QLatin1String("window"))
        return this;
    if (view == QLatin1String("pipeline"))
        return m_pipeline;
    if (view == QLatin1String("queue"))
        return m_queuePanel;
    if (view == QLatin1String("history"))
        return m_historyPanel;
    if (view == QLatin1String("caption"))
        return m_captionPanel;
    if (view == QLatin1String("indexer"))
        return m_indexerPanel;
    if (view == QLatin1String("timeline"))
        return m_timelinePanel;
    // Views in tabs come to the front first.
    if (!showView(view))
        return nullptr;
    if (view == QLatin1String("indices"))
        return m_indicesPanel;
    if (view == QLatin1String("object"))
        return m_objectPanel;
    if (view == QLatin1String("journal"))
        return m_journalPanel;
    if (view == QLatin1String("handlers"))
        return m_handlersPanel;
    if (view == QLatin1String("playground"))
        return m_playground;
    return nullptr;
}

bool MainWindow::exportView(const QString &view, const QString &path, QString *error)
{
    QWidget *w = viewWidget(view);
    if (!w) {
        if (error)
            *error = tr("no view named %1 (try: %2)")
                         .arg(view, exportableViews().join(QLatin1Char(' ')));
        return false;
    }
    settle();
    return exportWidgetImage(w, path, error);
}

bool MainWindow::exportTimeline(const QString &path, QString *error)
{
    m_timelineModel->flush();
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("csv"))
        return writeFileBytes(path, exporting::timelineToCsv(*m_timelineModel), error);
    if (suffix == QLatin1String("json"))
        return writeFileBytes(path, exporting::timelineToJson(*m_timelineModel), error);
    if (error)
        *error = tr("%1: export as .csv or .json").arg(path);
    return false;
}

bool MainWindow::exportKeyHistory(const QString &path, QString *error)
{
    m_history->flush();
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("csv"))
        return writeFileBytes(path, exporting::modelToCsv(*m_history), error);
    if (suffix == QLatin1String("json"))
        return writeFileBytes(
            path, exporting::modelToJson(*m_history, tr("Key history: %1").arg(m_history->key())),
            error);
    if (error)
        *error = tr("%1: export as .csv or .json").arg(path);
    return false;
}

void MainWindow::exportViewInteractively(const QString &view)
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export %1").arg(view), view + QStringLiteral(".png"),
                                     tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (path.isEmpty())
        return;
    QString err;
    if (exportView(view, path, &err))
        statusBar()->showMessage(tr("Wrote %1").arg(QDir::toNativeSeparators(path)), 6000);
    else
        QMessageBox::warning(this, tr("Export"), err);
}

void MainWindow::exportDataInteractively(bool timeline)
{
    const QString path = QFileDialog::getSaveFileName(
        this, timeline ? tr("Export timeline") : tr("Export key history"),
        timeline ? QStringLiteral("timeline.csv") : QStringLiteral("key-history.csv"),
        tr("CSV (*.csv);;JSON (*.json)"));
    if (path.isEmpty())
        return;
    QString err;
    if (timeline ? exportTimeline(path, &err) : exportKeyHistory(path, &err))
        statusBar()->showMessage(tr("Wrote %1").arg(QDir::toNativeSeparators(path)), 6000);
    else
        QMessageBox::warning(this, tr("Export"), err);
}

void MainWindow::setInformer(SharedIndexInformer *informer)
{
    m_informer = informer;
    m_addHandler->setEnabled(informer != nullptr);
}

bool MainWindow::addHandler(const QString &name, qint64 resyncMs, int delayMs, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (!m_informer)
        return fail(tr("no informer to add a handler to"));
    if (name.trimmed().isEmpty())
        return fail(tr("the handler needs a name"));
    for (const ProcessorListener *l : m_informer->listeners())
        if (l->name() == name)
            return fail(tr("a handler named %1 exists already").arg(name));
    ResourceEventHandler h;
    h.name = name;
    QString err;
    ProcessorListener *l = resyncMs > 0
                               ? m_informer->addEventHandlerWithResyncPeriod(h, resyncMs, &err)
                               : m_informer->addEventHandler(h, &err);
    if (!l)
        return fail(err.isEmpty() ? tr("the informer refused the handler") : err);
    l->setProcessingDelayMs(delayMs);
    QString settings = tr("resync asked %1 s, in effect %2 s")
                           .arg(resyncMs > 0 ? double(resyncMs) / 1000.0
                                             : double(l->requestedResyncPeriodMs()) / 1000.0)
                           .arg(double(l->resyncPeriodMs()) / 1000.0);
    if (delayMs > 0)
        settings += tr(" \u00B7 processing time %1 ms per notification").arg(delayMs);
    m_handlers->setHandlerSettings(name, settings);
    statusBar()->showMessage(tr("Added handler %1: %2").arg(name, settings), 8000);
    return true;
}

void MainWindow::openAddHandlerDialog()
{
    QDialog dlg(this);
    dlg.setWindowTitle(tr("Add event handler"));
    auto *form = new QFormLayout(&dlg);
    auto *name = new QLineEdit(&dlg);
    name->setObjectName(QStringLiteral("handlerName"));
    name->setText(tr("handler-%1").arg(m_informer ? m_informer->listeners().size() + 1 : 1));
    name->setAccessibleName(tr("Handler name"));
    auto *resync = new QDoubleSpinBox(&dlg);
    resync->setObjectName(QStringLiteral("handlerResync"));
    resync->setRange(0, 3600);
    resync->setDecimals(1);
    resync->setSuffix(tr(" s"));
    resync->setSpecialValueText(tr("informer default"));
    resync->setAccessibleName(tr("Resync period in seconds"));
    resync->setToolTip(tr("AddEventHandlerWithResyncPeriod: under 1 s becomes 1 s; after the "
                          "informer started it cannot be shorter than its resyncCheckPeriod"));
    auto *delay = new QSpinBox(&dlg);
    delay->setObjectName(QStringLiteral("handlerDelay"));
    delay->setRange(0, 10000);
    delay->setSingleStep(50);
    delay->setSuffix(tr(" ms"));
    delay->setAccessibleName(tr("Processing time per notification in milliseconds"));
    delay->setToolTip(tr("Artificial time the handler spends on each notification: its buffer "
                         "(backlog) grows while the informer moves on"));
    form->addRow(tr("Name"), name);
    form->addRow(tr("Resync period"), resync);
    form->addRow(tr("Processing time"), delay);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dlg);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Add"));
    buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dlg, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dlg, &QDialog::reject);
    if (dlg.exec() != QDialog::Accepted)
        return;
    QString err;
    if (!addHandler(name->text().trimmed(), qint64(resync->value() * 1000), delay->value(), &err))
        QMessageBox::warning(this, tr("Add event handler"), err);
}

QWidget *MainWindow::buildObjectPanel()
{
    m_objectView = new QTreeView(this);
    m_objectView->setObjectName(QStringLiteral("objectView"));
    m_objectView->setAccessibleName(tr("Object inspector"));
    m_objectView->setModel(m_objectTree);
    m_objectView->setUniformRowHeights(true);
    m_objectView->setAlternatingRowColors(true);
    m_objectView->header()->resizeSection(ObjectTreeModel::FieldColumn, 210);
    m_objectView->header()->setStretchLastSection(true);
    m_reveal = new QToolButton(this);
    m_reveal->setObjectName(QStringLiteral("revealButton"));
    translated([this] {
        m_reveal->setText(tr("Reveal"));
        m_reveal->setAccessibleName(tr("Reveal this object's secret values"));
        m_reveal->setToolTip(tr("Show this object's Secret data and last-applied-configuration "
                                "annotation. Other objects stay masked."));
        m_objectView->setAccessibleName(tr("Object inspector"));
    });
    m_reveal->setCheckable(true);
    m_reveal->setEnabled(false);
    m_objectPanel = new Panel(tr("Object"), m_objectView);
    m_objectPanel->addHeaderWidget(m_reveal);
    m_objectPanel->setSubtitle(tr("select a key to inspect its object"));
    connect(m_reveal, &QToolButton::toggled, this,
            [this](bool on) { m_objectTree->setRevealed(on); });

    // Follow the selected key, and its newest version as the indexer changes.
    connect(m_history, &KeyHistoryModel::keyChanged, this, &MainWindow::updateInspector);
    connect(m_indexer->batcher(), &EventBatcher::flushed, this, &MainWindow::updateInspector);
    connect(m_queue->batcher(), &EventBatcher::flushed, this, &MainWindow::updateInspector);
    connect(m_objectTree, &ObjectTreeModel::objectChanged, this, [this] {
        const QSignalBlocker block(m_reveal);
        m_reveal->setEnabled(m_objectTree->hasSensitive());
        m_reveal->setChecked(m_objectTree->isRevealed());
    });
    return m_objectPanel;
}

void MainWindow::updateInspector()
{
    const QString key = m_history->key();
    Object o = m_indexer->objectOfKey(key);
    QString where;
    if (!o.isNull()) {
        where = tr("in indexer");
    } else if (!(o = m_queue->objectOfKey(key)).isNull()) {
        where = tr("queued, not yet in indexer");
    } else if (key == m_objectTree->key() && !key.isEmpty()) {
        o = m_objectTree->object();
        where = tr("deleted; last known state");
    }
    if (key != m_objectTree->key() || !o.sameInstance(m_objectTree->object())) {
        // Keep what the user expanded when a new version of the same object arrives.
        QStringList expanded;
        const bool sameKey = key == m_objectTree->key();
        std::function<void(const QModelIndex &)> collect = [&](const QModelIndex &parent) {
            for (int r = 0; r < m_objectTree->rowCount(parent); ++r) {
                const QModelIndex i = m_objectTree->index(r, 0, parent);
                if (m_objectView->isExpanded(i)) {
                    expanded << i.data(ObjectTreeModel::PathRole).toString();
                    collect(i);
                }
            }
        };
        if (sameKey)
            collect({});
        m_objectTree->setObject(key, o);
        if (sameKey) {
            for (const QString &p : std::as_const(expanded))
                m_objectView->expand(m_objectTree->indexOfPath(p));
        } else {
            m_objectView->expandToDepth(0);
            for (const char *p : {"metadata.labels", "status"})
                m_objectView->expand(m_objectTree->indexOfPath(QString::fromLatin1(p)));
        }
    }
    if (key.isEmpty() || o.isNull()) {
        m_objectPanel->setTitle(tr("Object"));
        m_objectPanel->setSubtitle(key.isEmpty() ? tr("select a key to inspect its object")
                                                 : tr("%1: no object known").arg(key));
        return;
    }
    m_objectPanel->setTitle(tr("Object: %1").arg(key));
    QString sub = tr("%1 \u00B7 RV %2 \u00B7 %3").arg(o.kind(), o.resourceVersion(), where);
    if (m_objectTree->hasSensitive())
        sub += m_objectTree->isRevealed() ? tr(" \u00B7 revealed") : tr(" \u00B7 masked");
    m_objectPanel->setSubtitle(sub);
}

quint64 MainWindow::seqAtTime(qint64 ms) const
{
    if (!m_journal || m_journal->events().empty())
        return 0;
    const auto &ev = m_journal->events();
    auto it = std::upper_bound(ev.begin(), ev.end(), ms,
                               [](qint64 t, const TraceEvent &e) { return t < e.t; });
    return it == ev.begin() ? ev.front().seq : std::prev(it)->seq;
}

void MainWindow::travelToSeq(quint64 seq)
{
    if (seq == m_travelSeq)
        return;
    m_travelSeq = seq;
    m_queue->foldUpTo(seq);
    m_indexer->foldUpTo(seq);
    m_handlers->foldUpTo(seq);
    m_notifications->foldUpTo(seq);
    qint64 t = -1;
    if (seq > 0 && m_journal) {
        const auto &ev = m_journal->events();
        auto it = std::lower_bound(ev.begin(), ev.end(), seq,
                                   [](const TraceEvent &e, quint64 s) { return e.seq < s; });
        if (it != ev.end())
            t = it->t;
    }
    if (seq == 0 || m_timeline->travelTime() < 0)
        m_timeline->setTravelTime(t);
    {
        const QSignalBlocker block(m_liveButton);
        m_liveButton->setChecked(seq == 0);
    }
    updateTimelinePanel();
    updateQueuePanel();
    updatePipeline();
    updateInspector();
}

void MainWindow::updateTimelinePanel()
{
    if (m_travelSeq == 0) {
        m_timelinePanel->setSubtitle(tr("ListAndWatch over time \u00B7 wheel to zoom \u00B7 "
                                        "hover for details \u00B7 click an event to select "
                                        "its key \u00B7 drag the time axis to travel back"));
        return;
    }
    m_timelinePanel->setSubtitle(
        tr("TIME TRAVEL: queue, indexer and handlers show seq %1 (%2) \u00B7 press Live to "
           "return")
            .arg(m_travelSeq)
            .arg(formatTimeMs(qMax<qint64>(0, m_timeline->travelTime()))));
}

void MainWindow::updatePipeline()
{
    PipelineState s;
    s.reflectorState = m_status->stateName();
    s.resourceVersion = m_status->lastResourceVersion();
    s.watchEvents = m_status->watchEvents();
    s.lists = m_status->listCount();
    s.queueMode = m_queue->queueMode();
    s.queueDepth = m_queue->depth();
    s.queued = m_queue->queuedTotal();
    s.popped = m_queue->poppedTotal();
    s.hasSynced = m_queue->hasSynced() || m_status->hasSynced();
    s.pumpMode = m_status->pumpMode();
    s.objects = m_indexer->rowCount();
    for (int r = 0; r < m_handlers->rowCount(); ++r) {
        const auto st = m_handlers->statsAt(r);
        s.listeners.append({st.name, st.backlog, st.delivered});
    }
    s.selectedKey = m_history->key();
    if (!s.selectedKey.isEmpty()) {
        s.keyQueuePosition = m_queue->rowOfKey(s.selectedKey) + 1;
        s.keyInIndexer = m_indexer->rowOfKey(s.selectedKey) >= 0;
        s.keyDeleted = s.keyQueuePosition == 0 && !s.keyInIndexer;
    }
    m_pipeline->setState(s);
}

void MainWindow::explainSeq(quint64 seq)
{
    if (!m_journal || seq == 0)
        return;
    m_captionSeq = seq;
    m_captionKey.clear();
    const auto &ev = m_journal->events();
    auto it = std::lower_bound(ev.begin(), ev.end(), seq,
                               [](const TraceEvent &e, quint64 s) { return e.seq < s; });
    if (it == ev.end() || it->seq != seq) {
        m_caption->setHtml(
            QStringLiteral("<p>%1</p>")
                .arg(
                    tr("Event %1 is no longer retained by the journal.").arg(seq).toHtmlEscaped()));
        return;
    }
    m_caption->setHtml(Caption::forEvent(*it, m_journal));
    m_captionPanel->setSubtitle(tr("journal event %1 · %2").arg(seq).arg(formatTimeMs(it->t)));
}

void MainWindow::explainQueuedKey(const QString &key)
{
    const int row = m_queue->rowOfKey(key);
    if (row < 0)
        return;
    m_captionSeq = 0;
    m_captionKey = key;
    m_caption->setHtml(Caption::forDeltas(key, m_queue->deltasAt(row), m_queue->queueMode()));
    m_captionPanel->setSubtitle(tr("queued key %1").arg(key));
}

void MainWindow::setScenarioControls(const QString &title, double speed,
                                     std::function<void(bool paused)> setPaused,
                                     std::function<void(double speed)> setSpeed)
{
    setScenarioControls([title](const QString &) { return title; }, speed, std::move(setPaused),
                        std::move(setSpeed));
}

void MainWindow::setScenarioCaptionTranslation(
    std::function<QString(const QString &caption, const QString &lang)> translate)
{
    m_translateCaption = std::move(translate);
}

void MainWindow::setScenarioControls(std::function<QString(const QString &lang)> title,
                                     double speed, std::function<void(bool paused)> setPaused,
                                     std::function<void(double speed)> setSpeed)
{
    if (m_scenarioPause)
        return; // one scenario per window
    QToolBar *tb = addToolBar(QString());
    tb->setObjectName(QStringLiteral("scenarioToolBar"));
    tb->setMovable(false);
    tb->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto *name = new QLabel(tb);
    name->setObjectName(QStringLiteral("scenarioTitle"));
    name->setContentsMargins(8, 0, 8, 0);
    tb->addWidget(name);
    m_scenarioPause = tb->addAction(QString());
    m_scenarioPause->setObjectName(QStringLiteral("scenarioPauseAction"));
    m_scenarioPause->setCheckable(true);
    m_scenarioPause->setShortcut(QKeySequence(Qt::Key_F7));
    connect(m_scenarioPause, &QAction::toggled, this, [setPaused](bool on) { setPaused(on); });
    m_scenarioSpeed = new QComboBox(tb);
    m_scenarioSpeed->setObjectName(QStringLiteral("scenarioSpeed"));
    for (double x : {0.25, 0.5, 1.0, 2.0, 4.0, 8.0})
        m_scenarioSpeed->addItem(QStringLiteral("%1\u00D7").arg(x), x);
    int at = m_scenarioSpeed->findData(speed);
    if (at < 0) {
        m_scenarioSpeed->addItem(QStringLiteral("%1\u00D7").arg(speed), speed);
        at = m_scenarioSpeed->count() - 1;
    }
    m_scenarioSpeed->setCurrentIndex(at);
    connect(m_scenarioSpeed, &QComboBox::activated, this,
            [this, setSpeed](int i) { setSpeed(m_scenarioSpeed->itemData(i).toDouble()); });
    tb->addWidget(m_scenarioSpeed);
    translated([this, tb, name, title] {
        tb->setWindowTitle(tr("Scenario"));
        name->setText(tr("Scenario: %1").arg(title(currentLanguage())));
        m_scenarioPause->setText(m_scenarioPause->isChecked() ? tr("Resume scenario")
                                                              : tr("Pause scenario"));
        m_scenarioPause->setToolTip(tr("Hold the scenario's clock and steps; the informer and "
                                       "the server go on (F7)"));
        m_scenarioSpeed->setAccessibleName(tr("Scenario speed"));
        m_scenarioSpeed->setToolTip(tr("Scenario seconds per real second"));
    });
    connect(m_scenarioPause, &QAction::toggled, this, [this](bool on) {
        m_scenarioPause->setText(on ? tr("Resume scenario") : tr("Pause scenario"));
    });
    m_keyboard->updateTabOrder();
}

void MainWindow::showScenarioCaption(const QString &text)
{
    m_captionSeq = 0;
    m_captionKey.clear();
    m_scenarioCaption = text;
    m_caption->setHtml(QStringLiteral("<p><b>%1</b></p><p>%2</p>")
                           .arg(tr("Scenario").toHtmlEscaped(), text.toHtmlEscaped()));
    m_captionPanel->setSubtitle(tr("scenario caption"));
}

QString MainWindow::captionText() const
{
    return m_caption->toPlainText();
}

bool MainWindow::showView(const QString &name)
{
    if (name == QLatin1String("journal"))
        m_rightTabs->setCurrentIndex(0);
    else if (name == QLatin1String("handlers"))
        m_rightTabs->setCurrentIndex(1);
    else if (name == QLatin1String("playground"))
        m_rightTabs->setCurrentWidget(m_playground);
    else if (name == QLatin1String("indices"))
        m_middleTabs->setCurrentIndex(0);
    else if (name == QLatin1String("object"))
        m_middleTabs->setCurrentIndex(1);
    else if (name == QLatin1String("simulator") && m_simulatorPanel)
        m_rightTabs->setCurrentWidget(m_simulatorPanel);
    else
        return false;
    return true;
}

QStringList MainWindow::viewNames()
{
    return {QStringLiteral("journal"), QStringLiteral("handlers"), QStringLiteral("playground"),
            QStringLiteral("indices"), QStringLiteral("object"),   QStringLiteral("simulator")};
}

void MainWindow::setSimulator(sim::Simulator *simulator)
{
    if (!simulator || m_simulatorPanel)
        return;
    m_simulatorPanel = new SimulatorPanel(simulator, m_journal, this);
    m_rightTabs->addTab(m_simulatorPanel, tr("Simulator"));
    translated([this] {
        m_rightTabs->setTabText(m_rightTabs->indexOf(m_simulatorPanel), tr("Simulator"));
    });
    m_keyboard->updateTabOrder();
}

void MainWindow::selectKey(const QString &key)
{
    if (key.isEmpty() || key == m_history->key())
        return;
    m_history->setKey(key);
    const int q = m_queue->rowOfKey(key);
    if (q >= 0 && m_queueView->currentIndex().row() != q)
        m_queueView->setCurrentIndex(m_queue->index(q, QueueModel::KeyColumn));
    const int i = m_indexer->rowOfKey(key);
    if (i >= 0) {
        const QModelIndex pi = m_indexerProxy->mapFromSource(m_indexer->index(i, 0));
        if (pi.isValid() && m_indexerView->currentIndex().row() != pi.row())
            m_indexerView->setCurrentIndex(pi);
    }
}

void MainWindow::followTail(QTableView *view)
{
    QScrollBar *sb = view->verticalScrollBar();
    if (sb->value() >= sb->maximum() - 2)
        QTimer::singleShot(0, view, &QTableView::scrollToBottom);
}

void MainWindow::onJournalEvent()
{
    m_settled = false;
    m_sinceLastEvent.restart();
    if (!m_settleTimer->isActive())
        m_settleTimer->start(settleQuietMs());
}

void MainWindow::onSettleTimer()
{
    const qint64 quiet = m_sinceLastEvent.elapsed();
    if (quiet < settleQuietMs()) {
        m_settleTimer->start(int(settleQuietMs() - quiet));
        return;
    }
    settle();
    m_settled = true;
    Q_EMIT settled();
}

void MainWindow::settle()
{
    m_queue->flush();
    m_indexer->flush();
    m_namespaces->flush();
    m_history->flush();
    m_journalModel->flush();
    m_timelineModel->flush();
    m_status->flush();
    m_handlers->flush();
    m_notifications->flush();
    updatePipeline();
}

void MainWindow::updateStatus()
{
    m_statusLabel->setText(
        m_status->summary() + tr(" \u00B7 queue %1").arg(m_status->queueDepth()) +
        (m_status->listCount() > 1 ? tr(" \u00B7 %n relist(s)", nullptr, m_status->listCount() - 1)
                                   : QString()));
    m_statusLabel->setToolTip(Caption::hasSynced(m_status->hasSynced()));
    const QString err = JournalText::phrase(m_status->lastError());
    // During Backoff the reason for waiting is what matters: name it.
    const QString text =
        m_status->state() == ReflectorStatus::State::Backoff
            ? (err.isEmpty() ? tr("backing off") : tr("backing off after: %1").arg(err))
        : err.isEmpty() ? QString()
                        : tr("last error: %1").arg(err);
    // At most 480 px beside the status: elided, the whole text in the tooltip.
    m_errorLabel->setText(m_errorLabel->fontMetrics().elidedText(text, Qt::ElideRight, 480));
    m_errorLabel->setToolTip(text);
    updatePumpState();
}

void MainWindow::updateQueuePanel()
{
    m_queuePanel->setSubtitle(
        (m_travelSeq ? tr("past, at seq %1: ").arg(m_travelSeq) : QString()) +
        tr("%n key(s) queued now", nullptr, m_queue->depth()) +
        tr(" \u00B7 %1 deltas queued in all \u00B7 %2 popped")
            .arg(m_queue->queuedTotal())
            .arg(m_queue->poppedTotal()) +
        (m_queue->hasSynced() ? tr(" \u00B7 HasSynced \u2713") : tr(" \u00B7 HasSynced \u2717")));
}

void MainWindow::updatePumpState()
{
    const bool have = m_controller;
    for (QAction *a : {m_run, m_pause, m_step})
        a->setEnabled(have);
    bool running;
    if (have)
        running = m_controller->mode() == Controller::Mode::Running;
    else
        running = m_status->pumpMode() != QLatin1String("paused");
    m_run->setChecked(running);
    m_pause->setChecked(!running);
    m_pumpLabel->setText(!have     ? tr("pump: not connected")
                         : running ? tr("pump: running")
                                   : tr("pump: paused"));
}

} // namespace lens
