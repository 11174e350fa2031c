// SPDX-License-Identifier: Apache-2.0
#pragma once

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
class QTimer;
class QSplitter;
class QStackedWidget;
class QTextBrowser;
class QTableView;
class QTimer;
class QToolButton;
class QTreeView;

namespace lens {

class SimulatorPanel;
struct SimulatorAccess;
class WorkqueuePanel;
class PriorityQueuePanel;
class MetricsPanel;
struct ProvisionerControls;
struct RuntimeControls;

class CaptionPane;
class ClockTimer;
class Controller;
class InformerBar;
class InformerViews;
class JournalPanel;
class ScenarioToolBar;
class TimelinePanel;
class SharedIndexInformer;
class HandlerNotificationsModel;
class IndexerFilterProxy;
class HandlersModel;
class IndexerModel;
class KeyboardNavigation;
class LessonPanel;
struct LessonTrack;
class LensModels;
class MemoryStatus;
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
///  * status bar: "Watching · last event or bookmark 3.2 s ago · RV 1234 · 17 objects ·
///    HasSynced ✓ · 42 watch events", the time growing live on the journal's Clock.
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

    /// Adds the Simulator tab (fault controls and state of a simulated cluster, a client of
    /// its /sim/v1/ control API over HTTP, see SimulatorPanel) next to the Journal. Call once.
    void setSimulator(const SimulatorAccess &access);

    /// A controller runs on the informers (`--controller provisioner`): the Workqueue tab (its
    /// queues from the journal, see WorkqueuePanel) beside the Journal with the built-in
    /// provisioner's box (`controls`), and the status bar's controller line. A recording
    /// with workqueue events gets the tab (without the box) when its first queue shows. Call
    /// once.
    void setControllerControls(const ProvisionerControls &controls);
    /// `--controller runtime-sample` runs (a controller-runtime controller): the Priority queue
    /// tab now, with the Sample controller box (RuntimeControlsBox: its settings changed live),
    /// and it is the tab shown (showView() may choose another). Call once.
    void setRuntimeControls(const RuntimeControls &controls);
    /// Reads the Sample controller box again: after the settings changed (a scenario step) or
    /// the controller was rebuilt (RuntimeWiring::controllerRebuilt). No-op without the box.
    void refreshRuntimeControls();
    /// The Workqueue tab (null until a controller or a recorded queue made it).
    WorkqueuePanel *workqueuePanel() const { return m_workqueuePanel; }
    /// The Priority queue tab: made when the journal names a controller-runtime queue or
    /// controller (priorityQueue…, runtime…, reconcile… events, live or recorded); null before.
    PriorityQueuePanel *priorityQueuePanel() const { return m_priorityQueuePanel; }
    /// The Metrics tab (null until a scrape is journaled: --attach-metrics).
    MetricsPanel *metricsPanel() const { return m_metricsPanel; }
    /// Shows the key history of `key` in the body of the informer whose indexer holds it
    /// (else whose journal events name it, else the current one) and selects it there.
    void selectObject(const QString &key);
    /// The status bar's controller line ("workers: 2 busy, 6 idle · 3 claims provisioned"),
    /// "" without a controller in the journal.
    QString controllerStatus() const;

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
    bool isSettled() const;
    static constexpr int settleQuietMs() { return 300; }

    /// Shows `key`'s history and selects it in the queue/indexer views where present (of the
    /// informer shown).
    void selectKey(const QString &key);
    /// Selects the newest key the journal recorded for the informer shown (the story's last
    /// key: its history fills the key history view); no-op when it recorded none.
    void selectNewestKey();

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
    QAction *scenarioPauseAction() const;
    QComboBox *scenarioSpeedBox() const;

    /// Lesson mode of the scenario (the Lesson of core/session), as the window drives it.
    struct LessonControls {
        std::function<void(bool on)> setEnabled; ///< Lesson::setEnabled
        std::function<bool()> next;              ///< Lesson::next: plays the next steps
    };
    /// Adds lesson mode (call once, after setScenarioControls()): a checkable "Lesson mode"
    /// (Ctrl+Shift+L), Back (Shift+F8) and Next (F8) in the scenario bar and the Lesson menu,
    /// and the Lesson tab beside the Journal (where the lesson stands, the caption history).
    /// What they show is read from the journal's lesson lines (LessonTrack), so it follows
    /// time travel. In lesson mode the caption pane says when the Pop pump is paused for the
    /// lesson, and the key a caption names is selected in the queue, indexer and key history.
    /// Without callbacks (a recording) Lesson mode is disabled and Next stops at the end.
    void setLessonControls(LessonControls controls);
    QAction *lessonModeAction() const { return m_lessonMode; }
    QAction *lessonBackAction() const { return m_lessonBack; }
    QAction *lessonNextAction() const { return m_lessonNext; }
    LessonPanel *lessonPanel() const { return m_lessonPanel; }
    /// Next: from an earlier moment, travels forward to the next step's moment (the live end
    /// last); at the live end, plays the next steps (LessonControls::next).
    void lessonNext();
    /// Back: travels to the moment of the step before the one shown (time travel: every
    /// informer's views at the same seq), shows its caption and selects the key it names.
    void lessonBack();
    /// Travels to lesson position `position` (LessonTrack; its live end = live) and shows its
    /// caption. False when there is no such position.
    bool lessonGoTo(int position);

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
    QTextBrowser *captionView() const;
    CaptionPane *captionPane() const { return m_caption; }

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
    /// "object" (middle tabs), "simulator" and "lesson" (right tabs, once setSimulator() and
    /// setLessonControls() added them). Returns false for an unknown or absent one. For
    /// `--view NAME`.
    bool showView(const QString &name);
    /// The views every window has (showView() takes "lesson" too, with a scenario).
    static QStringList viewNames();

    // The parts, for tests and for the app's wiring.
    /// The informers the window shows, one body of views each, in the order given. A window
    /// made with one controller shows one body over the whole journal until setInformers()
    /// names them.
    struct InformerEntry {
        QString name; ///< TraceEvent::informer of its events ("pods", "pods/realfifo")
        SharedIndexInformer *informer = nullptr; ///< not owned; may be null (a recording)
        Controller *controller = nullptr;        ///< its Pop pump; not owned; may be null
    };
    /// Replaces the bodies: one per entry (its own queue, indexer, history, handlers…), picked
    /// with the informer bar (shown when there are two or more). Call before the window is
    /// shown; the first informer is current.
    void setInformers(const QList<InformerEntry> &informers);
    /// Names of the informers shown ("" for the one body of a window without names).
    QStringList informerNames() const;
    /// Shows informer `index`'s body in the queue, history, indexer, indices, object and
    /// handlers panels, the pipeline strip and the status bar; the pump buttons act on its
    /// controller. False for an index out of range.
    bool setCurrentInformer(int index);
    int currentInformer() const { return m_current; }
    /// The body shown (the current informer's) and the journal/timeline body (every informer).
    LensModels *body() const;
    LensModels *streamBody() const { return m_stream; }
    /// Every informer's body, in informer order (the stream body is not among them).
    const QList<LensModels *> &bodies() const { return m_bodies; }
    /// Memory per view in the status bar (journal, indexer, history).
    MemoryStatus *memoryStatus() const { return m_memory; }
    /// The current informer's panels.
    InformerViews *views() const;
    InformerBar *informerBar() const { return m_informerBar; }

    // For tests: the current informer's models and views.
    QueueModel *queueModel() const;
    IndexerModel *indexerModel() const;
    NamespaceIndexModel *namespaceModel() const;
    KeyHistoryModel *keyHistoryModel() const;
    JournalModel *journalModel() const;
    TimelineModel *timelineModel() const;
    ReflectorStatus *reflectorStatus() const;
    HandlersModel *handlersModel() const;
    HandlerNotificationsModel *notificationsModel() const;
    ObjectTreeModel *objectTreeModel() const;
    QTableView *handlersView() const;
    PlaygroundPanel *playgroundPanel() const { return m_playground; }
    QTableView *notificationsView() const;
    QTreeView *objectView() const;
    QToolButton *revealButton() const;
    PipelineWidget *pipelineWidget() const { return m_pipeline; }
    QToolButton *liveButton() const;
    QTableView *queueView() const;
    QTableView *historyView() const;
    QTableView *indexerView() const;
    QTreeView *namespaceView() const;
    QTableView *journalView() const;
    /// The Journal panel (the whole journal, with its filter bar).
    JournalPanel *journalPanel() const { return m_journalPanel; }
    TimelineWidget *timelineWidget() const;
    QLineEdit *indexerFilter() const;
    IndexerFilterProxy *indexerProxy() const;
    QLineEdit *labelSelectorEdit() const;
    /// Why the label selector typed is not applied ("" when it is).
    QString labelSelectorError() const;
    /// Applies the indexer's filter and label selector now (instead of 250 ms after typing).
    void applyIndexerFilter();
    QAction *runAction() const { return m_run; }
    QAction *pauseAction() const { return m_pause; }
    QAction *stepAction() const { return m_step; }
    KeyboardNavigation *keyboard() const { return m_keyboard; }

    /// Installs the translation for `lang` ("en", "zh_CN") and re-applies every text
    /// (QEvent::LanguageChange). False when there is none for `lang`.
    bool switchLanguage(const QString &lang);

Q_SIGNALS:
    /// See class comment. Emitted again after each later quiet period.
    void settled();

protected:
    void changeEvent(QEvent *e) override;
    /// The colours chosen for the palette's background (the status bar's error red).
    void applyPaletteColours();

private:
    void buildActions();
    void buildMenus();
    void translated(std::function<void()> apply);
    void retranslateUi();
    QWidget *viewWidget(const QString &view);
    void exportViewInteractively(const QString &view);
    void exportDataInteractively(bool timeline);
    QWidget *buildCentral();
    InformerViews *addViews(LensModels *body);
    void updateStatus();
    void updatePumpState();
    /// Adds the Workqueue tab when the journal names a queue (or a controller is set).
    void ensureWorkqueueTab();
    /// Adds the Priority queue tab when the journal names a controller-runtime queue.
    void ensurePriorityQueueTab();
    void ensureMetricsTab();
    void updateControllerStatus();
    void updatePipeline();
    void schedulePipeline();
    void travelTo(quint64 seq, qint64 cursorMs);
    void showKeyHistory(const QString &key, const QString &informer);
    /// Lesson mode: the Lesson tab, the actions and the caption pane's lesson line again from
    /// the journal; at the live end, the key of a caption that appeared since is selected.
    void refreshLesson();
    /// Selects `key` (a caption names it) in the body of the informer that has it.
    void selectLessonKey(const QString &key);
    QString translatedCaption(const QString &text) const;

    /// Repaints what grows with the journal's clock alone (each informer's time since its last
    /// watch event or bookmark, a WatchList's wait, a backoff's countdown, the informer bar)
    /// while the views are live; on the journal's Clock, so a ManualClock drives it.
    void liveTick();
    void armLiveTick();

    QPointer<Journal> m_journal;
    ClockTimer *m_liveTick = nullptr; ///< liveTick(): every 100 ms, or 1 s once 10 s have passed
    QString m_source;
    LensModels *m_stream;         ///< journal list and timeline: every informer
    QList<LensModels *> m_bodies; ///< one per informer
    MemoryStatus *m_memory = nullptr;
    QList<InformerViews *> m_views; ///< the panels of m_bodies[i]
    QStringList m_names;            ///< informer names (m_names[i] is m_bodies[i]'s)
    int m_current = 0;

    InformerBar *m_informerBar = nullptr;
    PipelineWidget *m_pipeline = nullptr;
    QTimer *m_pipelineTimer = nullptr;
    QStackedWidget *m_queueStack = nullptr;
    QStackedWidget *m_historyStack = nullptr;
    QStackedWidget *m_indexerStack = nullptr;
    QStackedWidget *m_indicesStack = nullptr;
    QStackedWidget *m_objectStack = nullptr;
    QStackedWidget *m_handlersStack = nullptr;
    CaptionPane *m_caption = nullptr;
    JournalPanel *m_journalPanel = nullptr;
    TimelinePanel *m_timelinePanel = nullptr;
    QTabWidget *m_middleTabs = nullptr;
    QSplitter *m_outer = nullptr; ///< the columns over the timeline
    QTabWidget *m_rightTabs = nullptr;
    SimulatorPanel *m_simulatorPanel = nullptr;
    WorkqueuePanel *m_workqueuePanel = nullptr;
    PriorityQueuePanel *m_priorityQueuePanel = nullptr;
    MetricsPanel *m_metricsPanel = nullptr;
    QLabel *m_controllerLabel = nullptr;
    PlaygroundPanel *m_playground = nullptr;
    ScenarioToolBar *m_scenarioBar = nullptr;
    LessonControls m_lessonControls;
    LessonPanel *m_lessonPanel = nullptr;
    QAction *m_lessonMode = nullptr;
    QAction *m_lessonBack = nullptr;
    QAction *m_lessonNext = nullptr;
    QTimer *m_lessonTimer = nullptr;
    int m_lessonCaptions = 0; ///< captions seen live (a new one's key is selected)
    std::function<QString(const QString &, const QString &)> m_translateCaption;
    quint64 m_travelSeq = 0;
    QLabel *m_statusLabel = nullptr;
    QLabel *m_pumpLabel = nullptr;
    QLabel *m_errorLabel = nullptr;
    QAction *m_run = nullptr;
    QAction *m_pause = nullptr;
    QAction *m_step = nullptr;
    KeyboardNavigation *m_keyboard = nullptr;

    std::function<QString()> m_offlineBanner;
    std::vector<std::function<void()>> m_retranslate;
};

} // namespace lens
