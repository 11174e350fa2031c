// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

#include "captionpane.h"
#include "handlerspanel.h"
#include "historypanel.h"
#include "indexerpanel.h"
#include "informer/controller.h"
#include "informerbar.h"
#include "informerviews.h"
#include "inspectorpanel.h"
#include "journalpanel.h"
#include "keyboard.h"
#include "lens/cachesyncgate.h"
#include "lens/caption.h"
#include "lens/eventbatcher.h"
#include "lens/handlersmodel.h"
#include "lens/indexermodel.h"
#include "lens/journalmodel.h"
#include "lens/journaltext.h"
#include "lens/keyhistorymodel.h"
#include "lens/lensmodels.h"
#include "lens/metricsmodel.h"
#include "lens/priorityqueuemodel.h"
#include "lens/queuemodel.h"
#include "lens/reflectorstatus.h"
#include "lens/timelinemodel.h"
#include "lens/workqueuemodel.h"
#include "lessonpanel.h"
#include "memorystatus.h"
#include "metricspanel.h"
#include "pipelinewidget.h"
#include "playgroundpanel.h"
#include "priorityqueuepanel.h"
#include "queuepanel.h"
#include "scenariotoolbar.h"
#include "simulatorpanel.h"
#include "timelinepanel.h"
#include "timelinewidget.h"
#include "trace/clock.h"
#include "trace/clocktimer.h"
#include "trace/journal.h"
#include "workqueuepanel.h"

#include <QAction>
#include <QLabel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace lens {

MainWindow::MainWindow(Journal *journal, Controller *controller, QWidget *parent)
    : QMainWindow(parent), m_journal(journal),
      m_stream(new LensModels(journal, LensModels::StreamViews, this))
{
    Q_ASSERT(journal);
    setObjectName(QStringLiteral("InformerLensMainWindow"));
    setSourceDescription(QString());
    buildActions();
    setCentralWidget(buildCentral());
    // One body over the whole journal until setInformers() names the informers.
    m_bodies << new LensModels(journal, LensModels::InformerViews, this);
    m_names << QString();
    addViews(m_bodies.first())->setInformer(nullptr, controller);
    buildMenus();
    m_keyboard = new KeyboardNavigation(this);
    // A controller's queues in the journal (live, or a recording): the Workqueue tab.
    connect(m_stream->workqueue(), &WorkqueueModel::queuesChanged, this, [this] {
        if (!m_stream->workqueue()->queues().isEmpty())
            ensureWorkqueueTab();
    });
    // controller-runtime's controllers (any priorityQueue…, runtime… or reconcile… event).
    connect(m_stream->priorityQueue(), &PriorityQueueModel::queuesChanged, this, [this] {
        if (!m_stream->priorityQueue()->queues().isEmpty())
            ensurePriorityQueueTab();
    });
    // An attached controller's scrapes (--attach-metrics, or a recording of them).
    connect(m_stream->metrics(), &MetricsModel::targetsChanged, this, [this] {
        if (!m_stream->metrics()->targets().isEmpty())
            ensureMetricsTab();
    });
    connect(m_stream->timeline(), &TimelineModel::changed, this, [this] {
        if (m_workqueuePanel)
            updateControllerStatus();
    });

    m_statusLabel = new QLabel(this);
    m_statusLabel->setAccessibleName(tr("Reflector status"));
    m_pumpLabel = new QLabel(this);
    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(QStringLiteral("errorLabel"));
    applyPaletteColours();
    // Status texts grow with the numbers and errors they show; they must never force the
    // window wider than the user (or --size) made it: the status gives way, the error (elided
    // to 480 px) and the pump state keep their width.
    m_statusLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_statusLabel->setMinimumWidth(0);
    m_errorLabel->setMaximumWidth(480);
    statusBar()->addWidget(m_statusLabel, 1);
    statusBar()->addPermanentWidget(m_errorLabel);
    statusBar()->addPermanentWidget(m_pumpLabel);
    m_memory = new MemoryStatus(this);
    if (const Clock *clock = journal->clock()) {
        m_liveTick = new ClockTimer(clock, this);
        // Nothing a scenario waits for: its player need not stop at each tick (--at).
        m_liveTick->setClockStop(false);
        connect(m_liveTick, &ClockTimer::timeout, this, &MainWindow::liveTick);
    }

    // Settled: the stream body (every event) was quiet for settleQuietMs().
    connect(m_stream, &LensModels::settled, this, [this] {
        settle();
        Q_EMIT settled();
    });
    setCurrentInformer(0);
    if (!m_stream->workqueue()->queues().isEmpty())
        ensureWorkqueueTab();
    if (!m_stream->priorityQueue()->queues().isEmpty())
        ensurePriorityQueueTab();
    if (!m_stream->metrics()->targets().isEmpty())
        ensureMetricsTab();
    resize(1600, 1000);
}

MainWindow::~MainWindow() = default;

InformerViews *MainWindow::addViews(LensModels *body)
{
    auto *v = new InformerViews(body, this);
    m_views << v;
    m_queueStack->addWidget(v->queue());
    m_historyStack->addWidget(v->history());
    m_indexerStack->addWidget(v->indexer());
    m_indicesStack->addWidget(v->indices());
    m_objectStack->addWidget(v->inspector());
    m_handlersStack->addWidget(v->handlers());
    connect(v, &InformerViews::seqChosen, this, &MainWindow::explainSeq);
    connect(v, &InformerViews::queuedKeyChosen, this, &MainWindow::explainQueuedKey);
    connect(v, &InformerViews::queueChanged, m_caption, &CaptionPane::queueChanged);
    connect(v, &InformerViews::keyChanged, this, &MainWindow::updatePipeline);
    connect(v, &InformerViews::handlerAdded, this,
            [this](const QString &summary) { statusBar()->showMessage(summary, 8000); });
    ReflectorStatus *status = body->status();
    connect(status, &ReflectorStatus::changed, this, [this, body] {
        if (body == this->body())
            updateStatus();
    });
    connect(status, &ReflectorStatus::changed, this, &MainWindow::schedulePipeline);
    connect(status, &ReflectorStatus::changed, this, &MainWindow::armLiveTick);
    connect(body->queue(), &QueueModel::statsChanged, this, &MainWindow::schedulePipeline);
    connect(body->queue()->batcher(), &EventBatcher::flushed, this, &MainWindow::schedulePipeline);
    connect(body->indexer()->batcher(), &EventBatcher::flushed, this,
            &MainWindow::schedulePipeline);
    connect(body->handlers(), &HandlersModel::statsChanged, this, &MainWindow::schedulePipeline);
    return v;
}

void MainWindow::setInformers(const QList<InformerEntry> &informers)
{
    if (informers.isEmpty())
        return;
    if (informers.size() == 1 && m_views.size() == 1) {
        // One informer: the body over the whole journal is its body.
        m_names = {informers.first().name};
        m_views.first()->setInformer(informers.first().informer, informers.first().controller);
        m_informerBar->hide();
        setCurrentInformer(0);
        return;
    }
    for (InformerViews *v : std::as_const(m_views)) {
        for (QWidget *w :
             std::initializer_list<QWidget *>{v->queue(), v->history(), v->indexer(), v->indices(),
                                              v->inspector(), v->handlers()})
            delete w;
        delete v;
    }
    qDeleteAll(m_bodies);
    m_views.clear();
    m_bodies.clear();
    m_names.clear();
    for (const InformerEntry &e : informers) {
        auto *body = new LensModels({m_journal, e.name}, LensModels::InformerViews, this);
        m_bodies << body;
        m_names << e.name;
        addViews(body)->setInformer(e.informer, e.controller);
    }
    m_stream->cacheSync()->setInformers(m_names);
    m_informerBar->setBodies(m_bodies);
    m_informerBar->setVisible(m_bodies.size() > 1);
    // The timeline draws a group of lanes per informer: give it the room of about one more
    // group each (at most 300 px), taken from the columns above as far as they can give it
    // (the key history keeps its rows); what still does not fit scrolls in the timeline.
    const int extra = qMin(300, 140 * int(m_bodies.size() - 1));
    m_outer->setSizes({680 - extra, 230 + extra});
    m_current = -1;
    setCurrentInformer(0);
    m_keyboard->updateTabOrder();
}

QStringList MainWindow::informerNames() const
{
    return m_names;
}

bool MainWindow::setCurrentInformer(int index)
{
    if (index < 0 || index >= m_views.size())
        return false;
    m_current = index;
    for (QStackedWidget *s : {m_queueStack, m_historyStack, m_indexerStack, m_indicesStack,
                              m_objectStack, m_handlersStack})
        s->setCurrentIndex(index);
    m_caption->setBody(m_bodies[index]);
    m_informerBar->setCurrent(index);
    updateStatus();
    updatePumpState();
    updatePipeline();
    return true;
}

LensModels *MainWindow::body() const
{
    return m_bodies.value(m_current);
}

InformerViews *MainWindow::views() const
{
    return m_views.value(m_current);
}

void MainWindow::setSourceDescription(const QString &source)
{
    m_source = source;
    if (m_offlineBanner)
        return; // the title names the recording
    setWindowTitle(source.isEmpty() ? tr("Informer Lens")
                                    : tr("Informer Lens \u2014 %1").arg(source));
}

QWidget *MainWindow::buildCentral()
{
    auto stack = [this](const char *name) {
        auto *s = new QStackedWidget(this);
        s->setObjectName(QString::fromLatin1(name));
        return s;
    };
    m_queueStack = stack("queueStack");
    m_historyStack = stack("historyStack");
    m_indexerStack = stack("indexerStack");
    m_indicesStack = stack("indicesStack");
    m_objectStack = stack("objectStack");
    m_handlersStack = stack("handlersStack");
    m_caption = new CaptionPane(m_journal, this);
    m_journalPanel = new JournalPanel(m_stream, this);
    m_timelinePanel = new TimelinePanel(m_stream, this);

    connect(m_journalPanel, &JournalPanel::keySelected, this, &MainWindow::showKeyHistory);
    connect(m_journalPanel, &JournalPanel::seqChosen, this, &MainWindow::explainSeq);
    connect(m_timelinePanel, &TimelinePanel::travelRequested, this, &MainWindow::travelTo);
    connect(m_timelinePanel, &TimelinePanel::liveRequested, this, &MainWindow::goLive);
    connect(m_timelinePanel->timeline(), &TimelineWidget::keyClicked, this, &MainWindow::selectKey);
    connect(m_timelinePanel->timeline(), &TimelineWidget::markClicked, this,
            &MainWindow::explainSeq);

    // Layout: three columns over the timeline.
    auto *left = new QSplitter(Qt::Vertical);
    left->addWidget(m_queueStack);
    left->addWidget(m_historyStack);
    left->addWidget(m_caption);
    // Explain gets room for a caption and the correction under it (about a dozen lines at
    // 1600x1000); at 1280x800 the queue and the key history keep their rows and Explain its
    // CaptionPane::kMinimumLines.
    left->setSizes({300, 240, 230});
    // Dragging a handle stops at a pane's minimum (three rows of its table): no pane of the
    // window disappears under a drag, so none needs finding again (a user trial lost DeltaFIFO,
    // Indexer and Explain this way).
    left->setChildrenCollapsible(false);
    m_middleTabs = new QTabWidget;
    m_middleTabs->setObjectName(QStringLiteral("middleTabs"));
    m_middleTabs->setDocumentMode(true);
    m_middleTabs->addTab(m_indicesStack, tr("Indices"));
    m_middleTabs->addTab(m_objectStack, tr("Object"));
    auto *middle = new QSplitter(Qt::Vertical);
    middle->addWidget(m_indexerStack);
    middle->addWidget(m_middleTabs);
    middle->setSizes({440, 320});
    middle->setChildrenCollapsible(false);
    m_rightTabs = new QTabWidget;
    m_rightTabs->setObjectName(QStringLiteral("rightTabs"));
    m_rightTabs->setDocumentMode(true);
    m_rightTabs->addTab(m_journalPanel, tr("Journal"));
    m_rightTabs->addTab(m_handlersStack, tr("Handlers"));
    m_playground = new PlaygroundPanel(this);
    m_rightTabs->addTab(m_playground, tr("Playground"));
    translated([this] {
        m_middleTabs->setTabText(0, tr("Indices"));
        m_middleTabs->setTabText(1, tr("Object"));
        // By widget: the Lesson tab, when there is one, sits between them.
        m_rightTabs->setTabText(m_rightTabs->indexOf(m_journalPanel), tr("Journal"));
        m_rightTabs->setTabText(m_rightTabs->indexOf(m_handlersStack), tr("Handlers"));
        m_rightTabs->setTabText(m_rightTabs->indexOf(m_playground), tr("Playground"));
    });
    connect(m_rightTabs, &QTabWidget::currentChanged, this, [this] {
        if (m_rightTabs->currentWidget() == m_handlersStack)
            QTimer::singleShot(0, notificationsView(), &QTableView::scrollToBottom);
    });
    auto *columns = new QSplitter(Qt::Horizontal);
    columns->addWidget(left);
    columns->addWidget(middle);
    columns->addWidget(m_rightTabs);
    columns->setSizes({560, 520, 520});
    columns->setChildrenCollapsible(false);
    for (int i = 0; i < 3; ++i)
        columns->setStretchFactor(i, 1);
    auto *outer = m_outer = new QSplitter(Qt::Vertical);
    outer->addWidget(columns);
    outer->addWidget(m_timelinePanel);
    outer->setStretchFactor(0, 1);
    outer->setStretchFactor(1, 0);
    outer->setSizes({680, 230});
    outer->setChildrenCollapsible(false);

    // The factory's informers and the WaitForCacheSync gate (two or more informers), then the
    // pipeline strip of the informer shown, refreshed at most 10 times a second.
    m_informerBar = new InformerBar(m_stream->cacheSync(), m_journal->clock(), this);
    m_informerBar->hide();
    connect(m_informerBar, &InformerBar::currentChanged, this, &MainWindow::setCurrentInformer);
    m_pipeline = new PipelineWidget(this);
    m_pipeline->setObjectName(QStringLiteral("pipeline"));
    m_pipelineTimer = new QTimer(this);
    m_pipelineTimer->setSingleShot(true);
    m_pipelineTimer->setInterval(100);
    connect(m_pipelineTimer, &QTimer::timeout, this, &MainWindow::updatePipeline);
    auto *central = new QWidget;
    auto *v = new QVBoxLayout(central);
    v->setContentsMargins(4, 2, 4, 0);
    v->setSpacing(2);
    v->addWidget(m_informerBar);
    v->addWidget(m_pipeline);
    v->addWidget(outer, 1);
    return central;
}

void MainWindow::schedulePipeline()
{
    if (!m_pipelineTimer->isActive())
        m_pipelineTimer->start();
}

void MainWindow::setInformer(SharedIndexInformer *informer)
{
    if (InformerViews *v = views())
        v->setInformer(informer, v->controller());
}

bool MainWindow::addHandler(const QString &name, qint64 resyncMs, int delayMs, QString *error)
{
    return views()->handlers()->addHandler(name, resyncMs, delayMs, error);
}

quint64 MainWindow::seqAtTime(qint64 ms) const
{
    return m_stream->seqAtTime(ms);
}

qint64 MainWindow::timeOfSeq(quint64 seq) const
{
    return m_stream->timeOfSeq(seq);
}

void MainWindow::travelToSeq(quint64 seq)
{
    travelTo(seq, -1);
}

void MainWindow::travelTo(quint64 seq, qint64 cursorMs)
{
    // The cursor is where the user put it (a scrub) but never before the event the views show:
    // they would show its future.
    const qint64 t = timeOfSeq(seq);
    const qint64 cursor = seq == 0 ? -1 : qMax(qMax<qint64>(0, cursorMs), t);
    if (seq != m_travelSeq) {
        m_travelSeq = seq;
        // Every view of every informer folds the journal up to the same seq.
        m_stream->travelToSeq(seq);
        for (LensModels *b : std::as_const(m_bodies))
            b->travelToSeq(seq);
    }
    m_timelinePanel->setTravel(cursor, seq);
    if (m_simulatorPanel)
        m_simulatorPanel->showAt(seq);
    m_caption->setTravelSeq(seq);
    m_informerBar->refresh();
    updateStatus();
    updatePipeline();
    m_caption->atTravelPoint();
    if (m_lessonPanel)
        refreshLesson();
}

void MainWindow::updatePipeline()
{
    const LensModels *b = body();
    if (!b || !m_pipeline)
        return;
    const ReflectorStatus *status = b->status();
    const QueueModel *queue = b->queue();
    PipelineState s;
    s.reflectorPhase = status->state();
    s.resourceVersion = status->lastResourceVersion();
    s.serverResourceVersion = status->serverResourceVersion();
    s.watchList = status->awaitingInitialEventsEnd();
    s.activity = status->activityBrief(status->nowMs());
    s.watchEvents = status->watchEvents();
    s.relists = status->relistCount();
    s.failedLists = status->failedListCount();
    s.queueMode = queue->queueMode();
    s.queueDepth = queue->depth();
    s.queued = queue->queuedTotal();
    s.popped = queue->poppedTotal();
    s.hasSynced = queue->hasSynced() || status->hasSynced();
    s.pumpMode = status->pumpMode();
    s.objects = b->indexer()->rowCount();
    for (int r = 0; r < b->handlers()->rowCount(); ++r) {
        const auto st = b->handlers()->statsAt(r);
        if (!st.removed) // a removed listener stays in the Handlers view, not in the processor
            s.listeners.append({st.name, st.backlog, st.delivered});
    }
    s.past = m_travelSeq != 0;
    if (!s.past) {
        // On the journal's own clock (a recording's stands at its last event), over the
        // events of the informer shown: never a difference of two bodies' counts.
        const Clock *clock = m_journal->clock();
        const auto &events = m_journal->events();
        const qint64 now = clock ? clock->nowMs() : events.empty() ? 0 : events.back().t;
        const PipelineRates rates = pipelineRates(*m_journal, b->informer(), 0, now);
        s.watchRate = rates.watchEvents;
        s.popRate = rates.popped;
    }
    s.selectedKey = b->history()->key();
    if (!s.selectedKey.isEmpty()) {
        s.keyQueuePosition = queue->rowOfKey(s.selectedKey) + 1;
        s.keyInIndexer = b->indexer()->rowOfKey(s.selectedKey) >= 0;
        s.keyDeleted = s.keyQueuePosition == 0 && !s.keyInIndexer;
    }
    m_pipeline->setState(s);
}

bool MainWindow::showView(const QString &name)
{
    if (name == QLatin1String("journal"))
        m_rightTabs->setCurrentWidget(m_journalPanel);
    else if (name == QLatin1String("handlers"))
        m_rightTabs->setCurrentWidget(m_handlersStack);
    else if (name == QLatin1String("playground"))
        m_rightTabs->setCurrentWidget(m_playground);
    else if (name == QLatin1String("indices"))
        m_middleTabs->setCurrentIndex(0);
    else if (name == QLatin1String("object"))
        m_middleTabs->setCurrentIndex(1);
    else if (name == QLatin1String("simulator") && m_simulatorPanel)
        m_rightTabs->setCurrentWidget(m_simulatorPanel);
    else if (name == QLatin1String("lesson") && m_lessonPanel)
        m_rightTabs->setCurrentWidget(m_lessonPanel);
    else if (name == QLatin1String("workqueue") && m_workqueuePanel)
        m_rightTabs->setCurrentWidget(m_workqueuePanel);
    else if (name == QLatin1String("priorityqueue") && m_priorityQueuePanel)
        m_rightTabs->setCurrentWidget(m_priorityQueuePanel);
    else if (name == QLatin1String("metrics")) {
        // Always there when asked for: with nothing attached it says how to attach.
        ensureMetricsTab();
        m_rightTabs->setCurrentWidget(m_metricsPanel);
    } else
        return false;
    return true;
}

QStringList MainWindow::viewNames()
{
    return {QStringLiteral("journal"), QStringLiteral("handlers"), QStringLiteral("playground"),
            QStringLiteral("indices"), QStringLiteral("object"),   QStringLiteral("simulator")};
}

void MainWindow::setSimulator(const SimulatorAccess &access)
{
    if (m_simulatorPanel)
        return;
    m_simulatorPanel = new SimulatorPanel(access, m_journal, this);
    m_rightTabs->addTab(m_simulatorPanel, tr("Simulator"));
    translated([this] {
        m_rightTabs->setTabText(m_rightTabs->indexOf(m_simulatorPanel), tr("Simulator"));
    });
    m_keyboard->updateTabOrder();
}

void MainWindow::selectKey(const QString &key)
{
    views()->selectKey(key);
}

void MainWindow::selectNewestKey()
{
    const QString informer = body()->informer();
    const auto &ev = m_journal->events();
    for (auto it = ev.rbegin(); it != ev.rend(); ++it) {
        if (!it->key.isEmpty() && (informer.isEmpty() || it->informer == informer)) {
            selectKey(it->key);
            return;
        }
    }
}

void MainWindow::showKeyHistory(const QString &key, const QString &informer)
{
    // A workqueue's or a worker's row keyed by a claim's UID: the claim's history, which
    // holds the loop around that key.
    if (informer.isEmpty()) {
        const QString object = m_stream->workqueue()->states().objectKeyOf(QString(), key);
        if (!object.isEmpty()) {
            selectObject(object);
            return;
        }
    }
    // A journal row names the informer that recorded it: show that informer's body.
    if (const int i = m_names.indexOf(informer); m_names.size() > 1 && i >= 0 && i != m_current)
        setCurrentInformer(i);
    body()->history()->setKey(key);
}

void MainWindow::settle()
{
    m_stream->settle();
    for (LensModels *b : std::as_const(m_bodies))
        b->settle();
    if (m_simulatorPanel) // asks for the state now (its tab shown): its own poll is a 1 s timer
        m_simulatorPanel->refreshState();
    if (m_workqueuePanel)
        m_workqueuePanel->refresh();
    if (m_priorityQueuePanel)
        m_priorityQueuePanel->refresh();
    m_informerBar->refresh();
    updatePipeline();
    updateStatus(); // a backoff's countdown moves with the clock, without events
    if (m_memory)
        m_memory->refresh(); // its own timer reads every two seconds of real time
}

bool MainWindow::isSettled() const
{
    return m_stream->isSettled();
}

void MainWindow::applyPaletteColours()
{
    // Red that reads on the theme's background (a darker red on light, a lighter one on dark).
    m_errorLabel->setStyleSheet(palette().color(QPalette::Base).lightness() < 128
                                    ? QStringLiteral("color: #ef5350;")
                                    : QStringLiteral("color: #c62828;"));
}

void MainWindow::updateStatus()
{
    const LensModels *b = body();
    if (!b || !m_statusLabel)
        return;
    const ReflectorStatus *status = b->status();
    // The moment shown: the journal's clock live, the travel point's time while travelling.
    const qint64 now = status->nowMs();
    QString counts;
    if (const int relists = status->relistCount(); relists > 0)
        counts += tr(" \u00B7 %n relist(s)", nullptr, relists);
    if (const int failed = status->failedListCount(); failed > 0)
        counts += tr(" \u00B7 %n failed list attempt(s)", nullptr, failed);
    m_statusLabel->setText((m_travelSeq ? tr("past, at seq %1: ").arg(m_travelSeq) : QString()) +
                           (m_names.size() > 1 ? b->informer() + QStringLiteral(": ") : QString()) +
                           status->summary(now) + tr(" \u00B7 queue %1").arg(status->queueDepth()) +
                           counts);
    m_statusLabel->setToolTip(Caption::hasSynced(status->hasSynced()));
    const QString err = status->lastError();
    // During Backoff the reason for waiting is what matters: name it, and count the wait down
    // (on the journal's clock; the live tick keeps the count moving while nothing happens).
    const bool backoff = status->state() == ReflectorStatus::State::Backoff;
    // First, so that eliding keeps it: "retry in 1246 ms; the server asked for 99999 s
    // (Retry-After), capped at 30 s".
    const QString countdown =
        backoff ? status->backoffText(m_travelSeq || now < 0 ? -1 : now) : QString();
    QString text;
    if (!backoff)
        text = err.isEmpty() ? QString() : tr("last error: %1").arg(err);
    else if (countdown.isEmpty())
        text = err.isEmpty() ? tr("backing off") : tr("backing off after: %1").arg(err);
    else
        text = err.isEmpty() ? tr("backing off, %1").arg(countdown)
                             : tr("backing off, %1, after: %2").arg(countdown, err);
    // At most 480 px beside the status: elided, the whole text in the tooltip.
    m_errorLabel->setText(m_errorLabel->fontMetrics().elidedText(text, Qt::ElideRight, 480));
    m_errorLabel->setToolTip(text);
    updatePumpState();
    armLiveTick();
}

void MainWindow::liveTick()
{
    updateStatus();
    updatePipeline();
    m_informerBar->refresh();
}

void MainWindow::armLiveTick()
{
    if (!m_liveTick)
        return;
    // Only live (a past moment does not move) and only while some informer's Reflector is
    // doing something whose time grows.
    qint64 shortest = -1;
    if (!m_travelSeq)
        for (const LensModels *b : std::as_const(m_bodies)) {
            const ReflectorStatus *s = b->status();
            const qint64 now = s->nowMs();
            for (const qint64 since : {s->lastWatchDeliveryAtMs(), s->watchStartedAtMs(),
                                       s->listStartedAtMs(), s->backoffEndsAtMs()})
                if (since >= 0 && now >= 0)
                    shortest = shortest < 0 ? qAbs(now - since) : qMin(shortest, qAbs(now - since));
        }
    if (shortest < 0) {
        m_liveTick->stop();
        return;
    }
    // Tenths of a second move every 100 ms; past 10 s a second's step is enough.
    const qint64 delay = shortest < 10000 ? 100 : 1000;
    if (!m_liveTick->isActive() || m_liveTick->dueMs() > m_journal->clock()->nowMs() + delay)
        m_liveTick->start(delay);
}

void MainWindow::updatePumpState()
{
    if (!m_pumpLabel || !views())
        return;
    Controller *controller = views()->controller();
    const bool have = controller;
    for (QAction *a : {m_run, m_pause, m_step})
        a->setEnabled(have);
    bool running;
    if (have)
        running = controller->mode() == Controller::Mode::Running;
    else
        running = body()->status()->pumpMode() != QLatin1String("paused");
    m_run->setChecked(running);
    m_pause->setChecked(!running);
    m_pumpLabel->setText(!have     ? tr("pump: not connected")
                         : running ? tr("pump: running")
                                   : tr("pump: paused"));
}

} // namespace lens
