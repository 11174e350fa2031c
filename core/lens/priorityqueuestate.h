// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "trace/traceevent.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace lens {

/// One controller-runtime controller and its priority queue (pkg/controller/priorityqueue,
/// pkg/internal/controller) as its journal tells it, rebuilt event by event from the
/// priorityQueue…, runtime… and reconcile… kinds (core/trace/traceevent.h). Nothing is read
/// from the queue or the controller, so the state is the same live, in a recording and when
/// travelling in time.
///
/// What it mirrors (docs/controller-runtime.md, "In the window"):
///  * `entries`: the queue's `items` (at most one per key): ready ones are handed out by
///    priority (descending), then by the queue's sequence number (detail.seq, renewed when
///    the priority is raised or the entry becomes ready by timer); waiting ones have a ready
///    time. A key re-added while a worker holds it has a ready entry that is not eligible
///    until Done (`locked`).
///  * for every entry, why it is there (Cause): the PriorityQueueAdd that created it or made
///    it ready, linked to the RuntimeEnqueued (a handler saw an event) or the
///    ReconcileFinished (reconcileHandler requeued) recorded next to it for the same key, in
///    either order; the timer that made it ready (PriorityQueueReady); the adds merged into
///    it since (a raise moves it to the tail of its new lane).
///  * starvation facts: every PriorityQueueGet that handed out another key while the entry
///    was ready, counted per taker key and the priority it was handed out at.
///  * workers (PriorityQueueGet → Done, or ReconcileStarted → Finished for the legacy queue):
///    the key each holds, since when, at which priority; reconcile counts and the last result
///    per key; the controller's Start facts (RuntimeControllerStarted).
///
/// Times are journal milliseconds. No errors: an event that does not fit (history dropped,
/// a Get for an entry never seen) is applied as far as it can be.
struct PriorityQueueState {
    /// Why an entry is in the queue: one PriorityQueueAdd and what caused it.
    struct Cause {
        enum class Kind {
            Add,     ///< a PriorityQueueAdd no handler or reconcile was recorded next to
            Handler, ///< a handler queued it (RuntimeEnqueued)
            Requeue, ///< reconcileHandler requeued it (ReconcileFinished.queueCalls)
        };
        Kind kind = Kind::Add;
        quint64 seq = 0; ///< the PriorityQueueAdd
        qint64 atMs = 0;
        QString merge;             ///< its merge code ("new", "raised", "ready wins", …)
        QString reason;            ///< its reason (the caller's words)
        int priority = 0;          ///< the entry's priority after that add
        bool requestedSet = false; ///< requestedPriority was given (else: unset)
        int requested = 0;
        qint64 delayMs = 0;   ///< its effective delay (0 = ready at once)
        quint64 causeSeq = 0; ///< the RuntimeEnqueued / ReconcileFinished linked to it
        // Handler: RuntimeEnqueued's fields.
        QString handler;
        QString event; ///< create|update|delete|generic
        QString objectKey;
        QString oldResourceVersion;
        QString newResourceVersion;
        QString lowPriority; ///< "initial list" | "unchanged resourceVersion" | ""
        bool initialList = false;
        // Requeue: ReconcileFinished's fields.
        QString worker;
        QString result; ///< success|error|requeue|requeue_after
        QStringList queueCalls;
        bool terminal = false;
    };
    /// Who took the Gets while an entry waited: one key and the priority it was handed out at.
    struct Taker {
        QString key;
        int priority = 0;
        int count = 0;
    };
    static constexpr qsizetype kMaxTakers = 16; ///< distinct takers kept per entry
    static constexpr qsizetype kMaxMerges = 8;  ///< merged adds kept per entry (newest)

    struct Entry {
        QString key;
        int priority = 0;
        quint64 order = 0;        ///< the queue's sequence number: order within its lane
        bool ready = false;       ///< false: waiting for readyAtMs
        qint64 readyAtMs = -1;    ///< waiting: when its timer fires
        qint64 readySinceMs = -1; ///< ready: since when (its add, re-add or timer)
        quint64 readySinceSeq = 0;
        quint64 timerSeq = 0;      ///< the PriorityQueueReady that made it ready, 0 = none
        qint64 lateMs = 0;         ///< that timer's lateness
        Cause cause;               ///< the add that created it (or made it ready by a re-add)
        QList<Cause> merges;       ///< later adds merged into it, oldest first (at most kMaxMerges)
        int passedOver = 0;        ///< Gets of other keys while it was ready
        int passedWhileLocked = 0; ///< of those, while a worker held its own key
        QList<Taker> takers;       ///< who took them (the first kMaxTakers keys)
        int otherTakes = 0;        ///< takes by keys beyond kMaxTakers
    };
    /// A worker of the controller: the key it holds ("" = idle) and its last reconcile.
    struct Worker {
        QString name;
        QString key;
        int priority = 0;
        qint64 sinceMs = -1;    ///< Get (or ReconcileStarted without a Get)
        quint64 seq = 0;        ///< that event
        bool fromQueue = false; ///< the key came by PriorityQueueGet (Done releases it)
        qint64 reconcileSinceMs = -1;
        Cause cause; ///< why the entry it took was in the queue
        QString lastKey;
        QString lastResult;
        qint64 lastDurationMs = -1;
    };
    struct KeyStats {
        int handedOut = 0;
        int reconciles = 0;
        QString lastResult; ///< the last ReconcileFinished's result code
        bool lastTerminal = false;
        QString lastError;
        qint64 lastDurationMs = -1;
        quint64 lastResultSeq = 0;
        qint64 lastRequeueAfterMs = -1; ///< from a requeue_after result
        int lastPriority = 0;           ///< the priority it was last handed out or reconciled at
    };

    QString name; ///< the queue's name (= the controller's name)
    QHash<QString, Entry> entries;
    QHash<QString, QString> locked; ///< key → the worker holding it
    QList<Worker> workers;          ///< in the order they were first seen
    QHash<QString, KeyStats> keys;
    QMap<QString, int> results;  ///< ReconcileFinished result codes, counted
    qint64 reconcileMsTotal = 0; ///< summed durationMs of the finished reconciles
    int reconcilesTotal = 0;
    int depth = 0; ///< the ready count the last queue event reported
    /// Every priority a ready entry or a Get had in this queue, highest first (the lanes).
    QList<int> priorities;
    bool hasQueue = false;           ///< a priorityQueue… event named it
    int usePriorityQueue = -1;       ///< RuntimeControllerStarted: 1 / 0, -1 unknown
    int maxConcurrentReconciles = 0; ///< RuntimeControllerStarted, 0 unknown
    bool shutDown = false;
    qint64 lastEventMs = 0;

    Worker *worker(const QString &name, bool create);
    void notePriority(int p);
    const Worker *workerOf(const QString &name) const;
    /// Ready entries in hand-out order (priority descending, then sequence number).
    QList<const Entry *> readyInOrder() const;
    /// Waiting entries by ready time.
    QList<const Entry *> waitingInOrder() const;
};

/// Every controller-runtime queue of a journal, by name (detail.queue of the priorityQueue…
/// kinds, detail.controller of the runtime… and reconcile… kinds; controller-runtime names
/// the queue after its controller), in the order their first event came.
class PriorityQueueStates {
public:
    /// True for the events apply() folds (priorityQueue…, runtime…, reconcile… kinds).
    static bool folds(const TraceEvent &e);
    /// Call in journal order.
    void apply(const TraceEvent &e);
    void clear();

    QStringList names() const { return m_order; }
    const PriorityQueueState *queue(const QString &name) const;
    qint64 lastEventMs() const { return m_lastMs; }

private:
    PriorityQueueState &state(const QString &name);
    void applyAdd(PriorityQueueState &s, const TraceEvent &e);
    void applyGet(PriorityQueueState &s, const TraceEvent &e);
    /// Links a RuntimeEnqueued / ReconcileFinished to the add recorded next to it.
    bool attachToLastAdd(const TraceEvent &e);

    /// The event before, among those that link (adds, handlers, reconciles): adjacency.
    struct Prev {
        TraceKind kind = TraceKind::Info;
        QString key;
        QString queue;
        quint64 seq = 0;
        bool linked = false;
        TraceEvent event; ///< a RuntimeEnqueued / ReconcileFinished waiting for its add
    };
    Prev m_prev;
    QMap<QString, PriorityQueueState> m_queues;
    QStringList m_order;
    qint64 m_lastMs = 0;
};

} // namespace lens
