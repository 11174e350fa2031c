// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QElapsedTimer>
#include <QMainWindow>
#include <QPointer>

class QAction;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QTimer;
class QToolButton;
class QTreeView;

namespace lens {

class Controller;
class HandlerNotificationsModel;
class HandlersModel;
class IndexerModel;
class Journal;
class JournalModel;
class KeyHistoryModel;
class NamespaceIndexModel;
class ObjectTreeModel;
class Panel;
class PipelineWidget;
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
///    selected key's history (every watch event, queue/pop, indexer change, notification);
///  * middle: the indexer (objects, filterable and sortable) above two tabs: the "namespace"
///    index tree and the object inspector (the selected key's JSON; Secret data and the
///    last-applied annotation masked until "Reveal" is pressed for that object);
///  * right: two tabs: the journal (event log, follows the tail while scrolled to the bottom)
///    and the handlers (each listener's deliveries, backlog and latency, and the selected
///    listener's notifications);
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

    /// Sets the window title to "Informer Lens — <source>" (e.g. "built-in cluster · pods").
    void setSourceDescription(const QString &source);
    QString sourceDescription() const { return m_source; }

    /// Applies all pending journal events to every model now (no waiting for coalescing).
    void settle();
    /// True when no journal event arrived for settleQuietMs() and the models are flushed.
    bool isSettled() const { return m_settled; }
    static constexpr int settleQuietMs() { return 300; }

    /// Shows `key`'s history and selects it in the queue/indexer views where present.
    void selectKey(const QString &key);

    /// Time travel: the queue, indexer and handler views show the state folded from the
    /// journal up to `seq` (and stop following it); 0 = live again. The timeline marks the
    /// moment. Scrubbing the timeline's axis calls this with the last seq at that time.
    void travelToSeq(quint64 seq);
    /// Live again (travelToSeq(0)).
    void goLive() { travelToSeq(0); }
    /// The seq the views show, 0 when live.
    quint64 travelSeq() const { return m_travelSeq; }
    /// The newest retained journal seq recorded at or before journal time `ms` (the first
    /// retained seq when none is; 0 when the journal is empty).
    quint64 seqAtTime(qint64 ms) const;

    /// Brings a view to the front: "journal", "handlers" (right tabs), "indices", "object"
    /// (middle tabs). Returns false for an unknown name. For `--view NAME`.
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
    QSortFilterProxyModel *indexerProxy() const { return m_indexerProxy; }
    QAction *runAction() const { return m_run; }
    QAction *pauseAction() const { return m_pause; }
    QAction *stepAction() const { return m_step; }

Q_SIGNALS:
    /// See class comment. Emitted again after each later quiet period.
    void settled();

private:
    void buildActions();
    QWidget *buildCentral();
    void onJournalEvent();
    void onSettleTimer();
    void updateStatus();
    void updateQueuePanel();
    void updatePumpState();
    void followTail(QTableView *view);
    QWidget *buildHandlersPanel();
    QWidget *buildObjectPanel();
    void updateHandlersPanel();
    void updateInspector();
    void updatePipeline();
    void updateTimelinePanel();

    QPointer<Journal> m_journal;
    QPointer<Controller> m_controller;
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
    QSortFilterProxyModel *m_indexerProxy;

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
    Panel *m_handlersPanel = nullptr;
    Panel *m_objectPanel = nullptr;
    PipelineWidget *m_pipeline = nullptr;
    QTimer *m_pipelineTimer = nullptr;
    QToolButton *m_liveButton = nullptr;
    QTimer *m_scrubTimer = nullptr;
    qint64 m_scrubMs = -1;
    quint64 m_travelSeq = 0;
    QLineEdit *m_filter = nullptr;
    Panel *m_queuePanel = nullptr;
    Panel *m_historyPanel = nullptr;
    Panel *m_indexerPanel = nullptr;
    Panel *m_journalPanel = nullptr;
    Panel *m_timelinePanel = nullptr;
    QLabel *m_statusLabel = nullptr;
    QLabel *m_pumpLabel = nullptr;
    QLabel *m_errorLabel = nullptr;
    QAction *m_run = nullptr;
    QAction *m_pause = nullptr;
    QAction *m_step = nullptr;

    QTimer *m_settleTimer;
    QTimer *m_filterTimer;
    QElapsedTimer m_sinceLastEvent;
    bool m_settled = false;
};

} // namespace lens
