// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

#include "deltachipdelegate.h"
#include "deltapalette.h"
#include "informer/controller.h"
#include "lens/indexermodel.h"
#include "lens/journalmodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/namespaceindexmodel.h"
#include "lens/queuemodel.h"
#include "lens/reflectorstatus.h"
#include "lens/timelinemodel.h"
#include "panel.h"
#include "timelinewidget.h"
#include "trace/journal.h"

#include <QAction>
#include <QActionGroup>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>

namespace lens {

namespace {

QTableView *makeTable(QAbstractItemModel *model, const QString &accessibleName, QWidget *parent)
{
    auto *v = new QTableView(parent);
    v->setModel(model);
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
      m_status(new ReflectorStatus(journal, this)), m_indexerProxy(new QSortFilterProxyModel(this)),
      m_settleTimer(new QTimer(this)), m_filterTimer(new QTimer(this))
{
    Q_ASSERT(journal);
    setObjectName(QStringLiteral("InformerLensMainWindow"));
    setSourceDescription(QString());
    buildActions();
    setCentralWidget(buildCentral());

    m_statusLabel = new QLabel(this);
    m_statusLabel->setAccessibleName(tr("Reflector status"));
    m_pumpLabel = new QLabel(this);
    m_errorLabel = new QLabel(this);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #c62828;"));
    // Status texts grow with the numbers and errors they show; they must never force the
    // window wider than the user (or --size) made it.
    for (QLabel *l : {m_statusLabel, m_pumpLabel, m_errorLabel}) {
        l->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        l->setMinimumWidth(0);
    }
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
    setWindowTitle(source.isEmpty() ? tr("Informer Lens")
                                    : tr("Informer Lens \u2014 %1").arg(source));
}

void MainWindow::buildActions()
{
    QToolBar *tb = addToolBar(tr("Pump"));
    tb->setObjectName(QStringLiteral("pumpToolBar"));
    tb->setMovable(false);
    tb->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);

    auto *group = new QActionGroup(this);
    group->setExclusive(true);
    m_run = new QAction(QIcon::fromTheme(QStringLiteral("media-playback-start")), tr("\u25B6  Run"),
                        this);
    m_run->setShortcut(QKeySequence(Qt::Key_F5));
    m_run->setToolTip(tr("Run the controller's Pop pump: every queued key is popped and "
                         "handled (F5)"));
    m_pause = new QAction(QIcon::fromTheme(QStringLiteral("media-playback-pause")),
                          tr("\u23F8  Pause"), this);
    m_pause->setShortcut(QKeySequence(Qt::Key_F6));
    m_pause->setToolTip(tr("Pause the pump: deltas pile up in the DeltaFIFO where you can "
                           "watch them being compressed (F6)"));
    m_step = new QAction(QIcon::fromTheme(QStringLiteral("media-skip-forward")), tr("\u23ED  Step"),
                         this);
    m_step->setShortcut(QKeySequence(Qt::Key_F10));
    m_step->setToolTip(tr("Pop exactly one key from the head of the queue (F10)"));
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
    QString legend = tr("Deltas:") + QStringLiteral("&nbsp;&nbsp;");
    for (DeltaType t : {DeltaType::Added, DeltaType::Updated, DeltaType::Deleted,
                        DeltaType::Replaced, DeltaType::Sync})
        legend += QStringLiteral("<span style=\"background-color:%1; color:white;\">"
                                 "&nbsp;%2&nbsp;</span>&nbsp;&nbsp;")
                      .arg(deltaColor(t).name(), deltaTypeName(t));
    legend += QStringLiteral("<span style=\"color:%1;\">&#x271D; = DeletedFinalStateUnknown "
                             "tombstone</span>&nbsp;&nbsp;")
                  .arg(deltaColor(DeltaType::Deleted).name());
    auto *legendLabel = new QLabel(legend, tb);
    legendLabel->setTextFormat(Qt::RichText);
    legendLabel->setAccessibleName(tr("Delta colour legend"));
    tb->addWidget(legendLabel);
    // Accessible names for the buttons (screen readers and UI tests).
    for (QAction *a : {m_run, m_pause, m_step}) {
        if (QWidget *w = tb->widgetForAction(a))
            w->setAccessibleName(a->text().mid(3));
        addAction(a); // shortcuts work even if the toolbar is hidden
    }
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

    // Key history.
    m_historyView = makeTable(m_history, tr("Key history"), this);
    m_historyView->setObjectName(QStringLiteral("historyView"));
    m_historyView->setItemDelegateForColumn(
        KeyHistoryModel::TypeColumn, new DeltaChipDelegate(KeyHistoryModel::DeltaChipsRole, this));
    setWidths(m_historyView, {48, 66, 110, 170, 52});
    m_historyPanel = new Panel(tr("Key history"), m_historyView);
    m_historyPanel->setSubtitle(tr("select a key in the queue, indexer or journal"));
    connect(m_history, &KeyHistoryModel::keyChanged, this, [this](const QString &key) {
        m_historyPanel->setTitle(key.isEmpty() ? tr("Key history")
                                               : tr("Key history: %1").arg(key));
        m_historyPanel->setSubtitle(key.isEmpty()
                                        ? tr("select a key in the queue, indexer or journal")
                                        : tr("watch → queue → pop → indexer → handlers"));
    });
    connect(m_history, &QAbstractItemModel::rowsInserted, this,
            [this] { followTail(m_historyView); });

    // Indexer.
    m_indexerProxy->setSourceModel(m_indexer);
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
    m_filter->setPlaceholderText(tr("Filter objects (name, namespace, label, phase)\u2026"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(tr("Filter indexer objects"));
    m_filter->setMinimumWidth(240);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(250);
    connect(m_filter, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this,
            [this] { m_indexerProxy->setFilterFixedString(m_filter->text()); });
    m_indexerPanel = new Panel(tr("Indexer"), m_indexerView);
    m_indexerPanel->addHeaderWidget(m_filter);
    auto updateIndexerSubtitle = [this] {
        const int all = m_indexer->rowCount(), shown = m_indexerProxy->rowCount();
        m_indexerPanel->setSubtitle(shown == all
                                        ? tr("%n object(s)", nullptr, all)
                                        : tr("%1 of %n object(s)", nullptr, all).arg(shown));
    };
    for (auto sig : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_indexerProxy, sig, this, updateIndexerSubtitle);
    connect(m_indexerProxy, &QAbstractItemModel::modelReset, this, updateIndexerSubtitle);
    connect(m_indexerProxy, &QAbstractItemModel::layoutChanged, this, updateIndexerSubtitle);
    updateIndexerSubtitle();

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
    nsPanel->setSubtitle(tr("index \u2192 value \u2192 keys, as ByIndex() sees them"));

    // Journal.
    m_journalView = makeTable(m_journalModel, tr("Journal"), this);
    m_journalView->setObjectName(QStringLiteral("journalView"));
    setWidths(m_journalView, {40, 62, 70, 100, 150, 74, 44});
    m_journalView->setColumnHidden(JournalModel::ComponentColumn, true);
    m_journalView->verticalHeader()->setDefaultSectionSize(m_journalView->fontMetrics().height() +
                                                           6);
    connect(m_journalModel, &QAbstractItemModel::rowsInserted, this,
            [this] { followTail(m_journalView); });
    m_journalPanel = new Panel(tr("Journal"), m_journalView);
    auto updateJournalSubtitle = [this] {
        m_journalPanel->setSubtitle(tr("%1 events recorded · newest %2 shown")
                                        .arg(m_journal ? m_journal->lastSeq() : 0)
                                        .arg(m_journalModel->rowCount()));
    };
    connect(m_journalModel, &QAbstractItemModel::rowsInserted, this, updateJournalSubtitle);
    updateJournalSubtitle();
    QTimer::singleShot(0, m_journalView, &QTableView::scrollToBottom);

    // Timeline.
    m_timeline = new TimelineWidget(m_timelineModel, this);
    m_timeline->setObjectName(QStringLiteral("timeline"));
    m_timelinePanel = new Panel(tr("Timeline"), m_timeline);
    m_timelinePanel->setSubtitle(tr("ListAndWatch over time · wheel to zoom · hover for details"));

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

    // Layout: three columns over the timeline.
    auto *left = new QSplitter(Qt::Vertical);
    left->addWidget(m_queuePanel);
    left->addWidget(m_historyPanel);
    left->setSizes({490, 270});
    auto *middle = new QSplitter(Qt::Vertical);
    middle->addWidget(m_indexerPanel);
    middle->addWidget(nsPanel);
    middle->setSizes({470, 290});
    auto *columns = new QSplitter(Qt::Horizontal);
    columns->addWidget(left);
    columns->addWidget(middle);
    columns->addWidget(m_journalPanel);
    columns->setSizes({560, 520, 520});
    for (int i = 0; i < 3; ++i)
        columns->setStretchFactor(i, 1);
    auto *outer = new QSplitter(Qt::Vertical);
    outer->addWidget(columns);
    outer->addWidget(m_timelinePanel);
    outer->setStretchFactor(0, 1);
    outer->setStretchFactor(1, 0);
    outer->setSizes({720, 230});
    outer->setChildrenCollapsible(false);
    return outer;
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
}

void MainWindow::updateStatus()
{
    m_statusLabel->setText(
        m_status->summary() + tr(" \u00B7 queue %1").arg(m_status->queueDepth()) +
        (m_status->listCount() > 1 ? tr(" \u00B7 %n relist(s)", nullptr, m_status->listCount() - 1)
                                   : QString()));
    const QString err = m_status->lastError();
    m_errorLabel->setText(err.isEmpty() ? QString() : tr("last error: %1").arg(err));
    m_errorLabel->setToolTip(err);
    updatePumpState();
}

void MainWindow::updateQueuePanel()
{
    m_queuePanel->setSubtitle(
        tr("%n key(s) queued", nullptr, m_queue->depth()) +
        tr(" \u00B7 %1 deltas queued \u00B7 %2 popped")
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
