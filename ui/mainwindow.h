// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QElapsedTimer>
#include <QMainWindow>
#include <QPointer>

#include <functional>
#include <vector>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTabWidget;
class QTextBrowser;
class QTableView;
class QTimer;
class QToolButton;
class QTreeView;

namespace lens {

namespace sim {
class Simulator;
}
class SimulatorPanel;

class Controller;
class SharedIndexInformer;
class HandlerNotificationsModel;
class IndexerFilterProxy;
class HandlersModel;
class IndexerModel;
class KeyboardNavigation;
class Journal;
class JournalModel;
class KeyHistoryModel;
class NamespaceIndexModel;
class ObjectTreeModel;
class Panel;
class PipelineWidget;
class PlaygroundPanel;
class QueueModel;
class ReflectorStatus;
class TimelineModel;
class TimelineWidget;

/// The Informer Lens window: every view folds the same Journal.
///
///  * toolbar: Run (F5) / Pause (F6) / Step (F10) drive the controller's Pop pump;
///  * top: the pipeline strip (API server → Reflector → queue → Pop → Indexer → listeners, with
///    counts; the selected key is tagged where it is);
///  * left: the DeltaFIFO queue (keys in queue order, Deltas as coloured chips) above the
///    selected key's history (every watch event, queue/pop, indexer change, notification) and
///    the caption pane ("Explain"), which explains the selected journal event, history row,
///    notification, timeline marker or queued Deltas in the informer's own words (Caption);
///  * middle: the indexer (objects, filterable and sortable) above two tabs: the "namespace"
///    index tree and the object inspector (the selected key's JSON; Secret data and the
///    last-applied annotation masked until "Reveal" is pressed for that object);
///  * right: three tabs: the journal (event log, follows the tail while scrolled to the bottom),
///    the handlers (each listener's deliveries, backlog and latency, and the selected
///    listener's notifications) and the Playground (PlaygroundPanel: step a queue script);
///  * bottom: the timeline (list/watch sessions, events, 410s, backoffs, resyncs, queue depth);
///  * status bar: "Watching · RV 1234 · 17 objects · HasSynced ✓ · 42 watch events".
/// Selecting a key in the queue, indexer, index tree or journal shows its history.
///
/// Settling: settled() is emitted once the models have applied every journal event and no new
/// event arrived for settleQuietMs() (300 ms); `--screenshot` waits for it after HasSynced.
/// Secret data is never displayed unless revealed, per object, in the inspector.
class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    /// `journal` is required and not owned; it must outlive the window. `controller` (not owned,
    /// may be null: the pump buttons are then disabled) is the informer's Pop pump.
    explicit MainWindow(Journal *journal, Controller *controller = nullptr,
                        QWidget *parent = nullptr);
    ~MainWindow() override;

    /// The informer whose handlers the "Add handler…" button extends (not owned, may be null:
    /// the button is then disabled). Set by the app; tests may leave it unset.
    void setInformer(SharedIndexInformer *informer);
    /// Adds an event handler named `name` to the informer, as the "Add handler…" dialog does:
    /// AddEventHandlerWithResyncPeriod(h, resyncMs) (client-go's resync rules apply: < 1 s
    /// becomes 1 s; after start it is raised to the resyncCheckPeriod; 0 = the informer's
    /// default) with an artificial processing time of `delayMs` per notification (the
    /// slow-handler case). Returns false and sets *error when the informer refuses (stopped,
    /// none set, or the name is taken).
    bool addHandler(const QString &name, qint64 resyncMs, int delayMs, QString *error = nullptr);

    /// Adds the Simulator tab (fault controls and state of the built-in cluster, see
    /// SimulatorPanel) next to the Journal; `simulator` is not owned. Null: no tab.
    void setSimulator(sim::Simulator *simulator);

    /// Sets the window title to "Informer Lens — <source>" (e.g. "built-in cluster · pods").
    void setSourceDescription(const QString &source);
    QString sourceDescription() const { return m_source; }

    /// Offline: the window shows a recording (a journal file, see RecordReplay), with no
    /// informer behind it. The pump controls are hidden; the title and a status-bar label say
    /// `banner()` (re-evaluated when the language changes); `source` is the recorded run's.
    void setOfflineRecording(const QString &source, std::function<QString()> banner);
    bool isOffline() const { return bool(m_offlineBanner); }
    Journal *journal() const;

    /// Applies all pending journal events to every model now (no waiting for coalescing).
    void settle();
    /// True when no journal event arrived for settleQuietMs() and the models are flushed.
    bool isSettled() const { return m_settled; }
    static constexpr int settleQuietMs() { return 300; }

    /// Shows `key`'s history and selects it in the queue/indexer views where present.
    void selectKey(const QString &key);

    /// Time travel: every view (queue, indexer, indices, key history, Object, journal,
    /// handlers, notifications, the pipeline strip and the status bar) shows the state folded
    /// from the journal up to `seq` and stops following it; 0 = live again. The timeline's
    /// cursor goes to the time `seq` was recorded and the timeline stops scrolling. Scrubbing
    /// the timeline's axis travels to the last seq at or before the scrubbed time.
    void travelToSeq(quint64 seq);
    /// Live again (travelToSeq(0)).
    void goLive() { travelToSeq(0); }
    /// The seq the views show, 0 when live.
    quint64 travelSeq() const { return m_travelSeq; }
    /// The newest retained journal seq recorded at or before journal time `ms` (the first
    /// retained seq when none is; 0 when the journal is empty).
    quint64 seqAtTime(qint64 ms) const;
    /// The journal time `seq` was recorded at, -1 when it is not retained (or 0).
    qint64 timeOfSeq(quint64 seq) const;

    /// The caption pane explains journal event `seq` (a default text when it is not retained).
    void explainSeq(quint64 seq);
    /// The caption pane explains the queue row of `key` (its Deltas). When `key` is no longer
    /// queued it says so, with the Pop that took it (from the journal).
    void explainQueuedKey(const QString &key);
    /// Shows the scenario toolbar (issue 5 item 7: scenario speed on the manual clock): the
    /// scenario's `title`, a Pause toggle that holds the scenario clock and its steps (the
    /// informer and the server go on), and a speed choice (0.25× … 8×, scenario seconds per real
    /// second). The callbacks apply them (ScenarioPlayer::setPaused / setSpeed); the window has
    /// no simulator dependency.
    /// `title(lang)` gives the title in a language ("en", "zh_CN"): it follows run-time
    /// language switches.
    void setScenarioControls(std::function<QString(const QString &lang)> title, double speed,
                             std::function<void(bool paused)> setPaused,
                             std::function<void(double speed)> setSpeed);
    void setScenarioControls(const QString &title, double speed,
                             std::function<void(bool paused)> setPaused,
                             std::function<void(double speed)> setSpeed);
    QAction *scenarioPauseAction() const { return m_scenarioPause; }
    QComboBox *scenarioSpeedBox() const { return m_scenarioSpeed; }

    /// The caption pane shows a scenario's caption (docs/scenarios.md), verbatim, until the
    /// user selects something to explain.
    void showScenarioCaption(const QString &text);
    /// How a shown caption reads in another language: `translate(caption, lang)` (e.g. the
    /// scenario step's caption_zh_CN). On a run-time language switch the caption pane shows
    /// the caption again through it. Without one, captions stay as they were written.
    void setScenarioCaptionTranslation(
        std::function<QString(const QString &caption, const QString &lang)> translate);
    /// The caption pane's current text, as plain text.
    QString captionText() const;
    QTextBrowser *captionView() const { return m_caption; }

    /// Exports view `view` (one of exportableViews(): "window", "pipeline", "queue", …) as
    /// it looks now to `path`, a .png or .svg (see exportWidgetImage). A view in a tab is
    /// brought to the front first. False and *error on failure.
    bool exportView(const QString &view, const QString &path, QString *error = nullptr);
    static QStringList exportableViews();
    /// Writes the timeline (exporting::timelineToCsv / timelineToJson, by the .csv / .json
    /// suffix) to `path`.
    bool exportTimeline(const QString &path, QString *error = nullptr);
    /// Writes the selected key's history (the key history table) as .csv or .json.
    bool exportKeyHistory(const QString &path, QString *error = nullptr);

    /// Brings a view to the front: "journal", "handlers", "playground" (right tabs), "indices",
    /// "object" (middle tabs). Returns false for an unknown name. For `--view NAME`.
    bool showView(const QString &name);
    static QStringList viewNames();

    // The parts, for tests and for the app's wiring.
    QueueModel *queueModel() const { return m_queue; }
    IndexerModel *indexerModel() const { return m_indexer; }
    NamespaceIndexModel *namespaceModel() const { return m_namespaces; }
    KeyHistoryModel *keyHistoryModel() const { return m_history; }
    JournalModel *journalModel() const { return m_journalModel; }
    TimelineModel *timelineModel() const { return m_timelineModel; }
    ReflectorStatus *reflectorStatus() const { return m_status; }
    HandlersModel *handlersModel() const { return m_handlers; }
    HandlerNotificationsModel *notificationsModel() const { return m_notifications; }
    ObjectTreeModel *objectTreeModel() const { return m_objectTree; }
    QTableView *handlersView() const { return m_handlersView; }
    PlaygroundPanel *playgroundPanel() const { return m_playground; }
    QTableView *notificationsView() const { return m_notificationsView; }
    QTreeView *objectView() const { return m_objectView; }
    QToolButton *revealButton() const { return m_reveal; }
    PipelineWidget *pipelineWidget() const { return m_pipeline; }
    QToolButton *liveButton() const { return m_liveButton; }
    QTableView *queueView() const { return m_queueView; }
    QTableView *historyView() const { return m_historyView; }
    QTableView *indexerView() const { return m_indexerView; }
    QTreeView *namespaceView() const { return m_namespaceView; }
    QTableView *journalView() const { return m_journalView; }
    TimelineWidget *timelineWidget() const { return m_timeline; }
    QLineEdit *indexerFilter() const { return m_filter; }
    IndexerFilterProxy *indexerProxy() const { return m_indexerProxy; }
    /// The indexer's label-selector field (labels.Parse syntax).
    QLineEdit *labelSelectorEdit() const { return m_selectorEdit; }
    /// The parse error shown under the indexer ("" when the selector is valid).
    QString labelSelectorError() const;
    /// Applies the filter fields now (they otherwise apply 250 ms after the last keystroke).
    void applyIndexerFilter();
    QAction *runAction() const { return m_run; }
    QAction *pauseAction() const { return m_pause; }
    QAction *stepAction() const { return m_step; }
    /// Shortcuts, the View and Help menus and the Tab order (see KeyboardNavigation).
    KeyboardNavigation *keyboard() const { return m_keyboard; }

    /// Switches the window's language at run time ("en", "zh_CN"; see availableLanguages()),
    /// as the Language menu does: every label, title, tooltip, accessible name and header is
    /// re-applied (QEvent::LanguageChange). False for a language without a catalogue.
    bool switchLanguage(const QString &lang);

Q_SIGNALS:
    /// See class comment. Emitted again after each later quiet period.
    void settled();

protected:
    void changeEvent(QEvent *e) override;

private:
    void buildActions();
    void buildMenus();
    /// Runs `apply` now and again on every language change (retranslateUi).
    void translated(std::function<void()> apply);
    void retranslateUi();
    QWidget *viewWidget(const QString &view);
    void exportViewInteractively(const QString &view);
    void exportDataInteractively(bool timeline);
    QWidget *buildCentral();
    void onJournalEvent();
    void onSettleTimer();
    void updateStatus();
    /// After Pop took rows out of the queue model: keeps the selection on the key.
    void queueRowsLeft();
    void updateQueuePanel();
    void updatePumpState();
    void followTail(QTableView *view);
    QWidget *buildHandlersPanel();
    QWidget *buildObjectPanel();
    void updateHandlersPanel();
    void openAddHandlerDialog();
    void updateInspector();
    void updatePipeline();
    void updateTimelinePanel();
    void updateJournalPanel();
    /// The caption pane's hint (nothing selected to explain).
    void showCaptionHint();
    /// After a travel: Explain drops an event recorded after the travel point, and explains a
    /// queued key's Deltas as they stand at the point (the hint when it is not queued then).
    void explainAtTravelPoint();
    /// Time travel to `seq` with the timeline's cursor at `cursorMs` (a scrubbed time; never
    /// before the time `seq` was recorded; -1: at it).
    void travelTo(quint64 seq, qint64 cursorMs);

    QPointer<Journal> m_journal;
    QPointer<Controller> m_controller;
    QPointer<SharedIndexInformer> m_informer;
    QToolButton *m_addHandler = nullptr;
    QString m_source;

    QueueModel *m_queue;
    IndexerModel *m_indexer;
    NamespaceIndexModel *m_namespaces;
    KeyHistoryModel *m_history;
    JournalModel *m_journalModel;
    TimelineModel *m_timelineModel;
    ReflectorStatus *m_status;
    HandlersModel *m_handlers;
    HandlerNotificationsModel *m_notifications;
    ObjectTreeModel *m_objectTree;
    IndexerFilterProxy *m_indexerProxy;

    QTableView *m_queueView = nullptr;
    QTableView *m_historyView = nullptr;
    QTableView *m_indexerView = nullptr;
    QTreeView *m_namespaceView = nullptr;
    QTableView *m_journalView = nullptr;
    TimelineWidget *m_timeline = nullptr;
    QTableView *m_handlersView = nullptr;
    QTableView *m_notificationsView = nullptr;
    QTreeView *m_objectView = nullptr;
    QToolButton *m_reveal = nullptr;
    QTabWidget *m_middleTabs = nullptr;
    QTabWidget *m_rightTabs = nullptr;
    SimulatorPanel *m_simulatorPanel = nullptr;
    Panel *m_handlersPanel = nullptr;
    Panel *m_objectPanel = nullptr;
    Panel *m_indicesPanel = nullptr;
    PipelineWidget *m_pipeline = nullptr;
    PlaygroundPanel *m_playground = nullptr;
    QTimer *m_pipelineTimer = nullptr;
    QToolButton *m_liveButton = nullptr;
    QTimer *m_scrubTimer = nullptr;
    qint64 m_scrubMs = -1;
    quint64 m_travelSeq = 0;
    QLineEdit *m_filter = nullptr;
    QLineEdit *m_selectorEdit = nullptr;
    QLabel *m_selectorError = nullptr;
    Panel *m_queuePanel = nullptr;
    Panel *m_historyPanel = nullptr;
    Panel *m_indexerPanel = nullptr;
    Panel *m_journalPanel = nullptr;
    Panel *m_timelinePanel = nullptr;
    QTextBrowser *m_caption = nullptr;
    bool m_queueRowsLeaving = false; // Pop is taking rows out of the queue model right now
    quint64 m_captionSeq = 0;        // what the caption explains: a journal seq …
    QString m_captionKey;            // … or a queued key …
    QString m_scenarioCaption;       // … or a scenario's caption
    std::function<QString(const QString &, const QString &)> m_translateCaption;
    Panel *m_captionPanel = nullptr;
    QLabel *m_statusLabel = nullptr;
    QLabel *m_pumpLabel = nullptr;
    QLabel *m_errorLabel = nullptr;
    QAction *m_run = nullptr;
    QAction *m_pause = nullptr;
    QAction *m_step = nullptr;
    QAction *m_scenarioPause = nullptr;
    QComboBox *m_scenarioSpeed = nullptr;
    KeyboardNavigation *m_keyboard = nullptr;

    std::function<QString()> m_offlineBanner;
    std::vector<std::function<void()>> m_retranslate;
    QTimer *m_settleTimer;
    QTimer *m_filterTimer;
    QElapsedTimer m_sinceLastEvent;
    bool m_settled = false;
};

} // namespace lens
