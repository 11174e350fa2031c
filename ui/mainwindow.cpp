// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"
#include "playgroundpanel.h"
#include "simulatorpanel.h"

#include "deltapalette.h"
#include "i18n.h"
#include "indexerfilterproxy.h"
#include "informer/controller.h"
#include "keyboard.h"
#include "lens/caption.h"
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
#include "panel.h"
#include "pipelinewidget.h"
#include "recordreplay.h"
#include "timelinewidget.h"
#include "trace/journal.h"

#include <QAction>
#include <QActionGroup>
#include <QEvent>
#include <QHash>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>

#include <algorithm>
#include <functional>

namespace lens {

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
    travelTo(seq, -1);
}

qint64 MainWindow::timeOfSeq(quint64 seq) const
{
    if (seq == 0 || !m_journal)
        return -1;
    const auto &ev = m_journal->events();
    auto it = std::lower_bound(ev.begin(), ev.end(), seq,
                               [](const TraceEvent &e, quint64 s) { return e.seq < s; });
    return it != ev.end() && it->seq == seq ? it->t : -1;
}

void MainWindow::travelTo(quint64 seq, qint64 cursorMs)
{
    // The cursor is where the user put it (a scrub) but never before the event the views show:
    // they would show its future.
    const qint64 t = timeOfSeq(seq);
    const qint64 cursor = seq == 0 ? -1 : qMax(qMax<qint64>(0, cursorMs), t);
    if (seq != m_travelSeq) {
        m_travelSeq = seq;
        // Every view folds the journal up to the same seq (issue 13 item 7).
        m_queue->foldUpTo(seq);
        m_indexer->foldUpTo(seq);
        m_namespaces->foldUpTo(seq);
        m_history->foldUpTo(seq);
        m_journalModel->foldUpTo(seq);
        m_status->foldUpTo(seq);
        m_handlers->foldUpTo(seq);
        m_notifications->foldUpTo(seq);
        for (QTableView *v : {m_journalView, m_historyView})
            QTimer::singleShot(0, v, &QTableView::scrollToBottom);
    }
    m_timeline->setTravelTime(cursor, seq);
    {
        const QSignalBlocker block(m_liveButton);
        m_liveButton->setChecked(seq == 0);
    }
    updateTimelinePanel();
    updateQueuePanel();
    updateJournalPanel();
    updateStatus();
    updatePipeline();
    updateInspector();
    explainAtTravelPoint();
}

void MainWindow::updateTimelinePanel()
{
    if (m_travelSeq == 0) {
        m_timelinePanel->setSubtitle(tr("ListAndWatch over time \u00B7 wheel to zoom \u00B7 "
                                        "hover for details \u00B7 click an event to select "
                                        "its key \u00B7 drag the time axis to travel back"));
        return;
    }
    // The cursor's time, and the seq the views show with the time it was recorded (the newest
    // event at or before the cursor).
    m_timelinePanel->setSubtitle(
        tr("TIME TRAVEL to %1: every view shows the journal up to seq %2, recorded at %3 "
           "\u00B7 press Live to return")
            .arg(formatTimeMs(qMax<qint64>(0, m_timeline->travelTime())))
            .arg(m_travelSeq)
            .arg(formatTimeMs(qMax<qint64>(0, timeOfSeq(m_travelSeq)))));
}

void MainWindow::updateJournalPanel()
{
    if (!m_journalPanel)
        return;
    // While travelling the journal ends at the travel seq: seqs count events from 1.
    const quint64 recorded = m_travelSeq ? m_travelSeq : (m_journal ? m_journal->lastSeq() : 0);
    QString text =
        (m_travelSeq ? tr("past, at seq %1: ").arg(m_travelSeq) : QString()) +
        tr("%1 events recorded · newest %2 shown").arg(recorded).arg(m_journalModel->rowCount());
    if (m_journal && m_journal->droppedCount() > 0)
        text += tr(" · %1 oldest dropped (journal cap %2)")
                    .arg(m_journal->droppedCount())
                    .arg(m_journal->capacity());
    m_journalPanel->setSubtitle(text);
}

void MainWindow::updatePipeline()
{
    PipelineState s;
    s.reflectorPhase = m_status->state();
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
        if (!st.removed) // a removed listener stays in the Handlers view, not in the processor
            s.listeners.append({st.name, st.backlog, st.delivered});
    }
    s.past = m_travelSeq != 0;
    s.selectedKey = m_history->key();
    if (!s.selectedKey.isEmpty()) {
        s.keyQueuePosition = m_queue->rowOfKey(s.selectedKey) + 1;
        s.keyInIndexer = m_indexer->rowOfKey(s.selectedKey) >= 0;
        s.keyDeleted = s.keyQueuePosition == 0 && !s.keyInIndexer;
    }
    m_pipeline->setState(s);
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
    if (m_simulatorPanel) // its own refresh is a 1 s timer: a picture must not show a past second
        m_simulatorPanel->refreshState();
    updatePipeline();
}

void MainWindow::updateStatus()
{
    m_statusLabel->setText(
        (m_travelSeq ? tr("past, at seq %1: ").arg(m_travelSeq) : QString()) + m_status->summary() +
        tr(" \u00B7 queue %1").arg(m_status->queueDepth()) +
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
