// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "trace/traceevent.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

#include <deque>

namespace lens {

/// One client-go workqueue (util/workqueue) as its journal tells it, rebuilt event by event
/// from the workqueue* kinds (docs/workqueue.md, "The journal") and the controller* kinds of
/// the workers that drain it. Nothing is read from the queue itself, so the state is the same
/// live, in a recording and when travelling in time.
///
/// What it mirrors (Typed[T] in queue.go, delayingType, rateLimitingType):
///  * `queue`: the keys in line, in order (Add pushes at the tail if the key was not dirty and
///    is not being processed; Done pushes a key that was added meanwhile; Get takes the head);
///  * `dirty`: keys waiting to be processed, including a key added while a worker holds it
///    (it is queued again at Done);
///  * `processing`: key → the worker holding it and since when (Get → Done);
///  * `waiting`: the delaying queue's heap: key → ready time (AddAfter / AddRateLimited; the
///    earliest ready time wins; Ready takes it out and adds the key);
///  * per key: NumRequeues (the `failures` AddRateLimited and Forget report), the limiter that
///    chose the last delay, that delay, and the last sync's outcome;
///  * the seven metrics, computed from the events as client-go's defaultQueueMetrics would.
///
/// Times are journal milliseconds. No errors: an event that does not fit (a Done for a key
/// not processing, from a journal whose retained history began mid-run) is applied as far as
/// it can be.
struct WorkqueueState {
    struct Processing {
        QString worker;
        qint64 sinceMs = 0;
        quint64 seq = 0; ///< the Get's journal seq
    };
    struct Waiting {
        qint64 readyAtMs = 0;
        qint64 delayMs = 0;
        QString reason;
        QString limiter; ///< "" for a plain AddAfter
        quint64 seq = 0; ///< the AddAfter / AddRateLimited that set the ready time
    };
    struct KeyInfo {
        int failures = 0;        ///< NumRequeues as the limiter last reported it
        QString limiter;         ///< the limiter that chose the last rate-limited delay
        qint64 lastDelayMs = -1; ///< that delay (-1: never rate-limited)
        QString lastOutcome;     ///< the last ControllerSyncFinished's outcome code
        QString lastRequeue;     ///< and its requeue code ("forgotten", "rate limited", ...)
        QString objectKey;       ///< the object the key stands for, when an event named it
        qint64 addedMs = -1;     ///< its first not-collapsed Add (queue duration starts), -1
        quint64 addSeq = 0;      ///< that Add's journal seq
    };
    /// A Prometheus histogram over the workqueue's buckets (1e-8 s … 10 s, ×10 each).
    struct Histogram {
        QList<quint64> buckets; ///< non-cumulative counts per bucket; last = above 10 s
        quint64 count = 0;
        double sum = 0; ///< seconds
        void observe(double seconds);
        /// The upper bound (seconds) of the bucket holding the median observation: "p50 ≤ x".
        /// -1 when empty; +inf when above the largest bucket.
        double p50UpperBound() const;
        /// The bucket holding the median observation (bucketCount() = above the largest
        /// bucket), -1 when empty. The median lies over upperBound(bucket - 1) (0 for the
        /// first) and at most upperBound(bucket).
        int p50Bucket() const;
        static double upperBound(int bucket);
        static int bucketCount() { return 10; }
    };
    struct Metrics {
        qint64 depth = 0;         ///< workqueue_depth: +1 per Add not collapsed, -1 per Get
        quint64 addsTotal = 0;    ///< workqueue_adds_total
        Histogram queueDuration;  ///< workqueue_queue_duration_seconds (Get's waitedMs)
        Histogram workDuration;   ///< workqueue_work_duration_seconds (Done's workMs)
        quint64 retriesTotal = 0; ///< workqueue_retries_total: AddAfter / AddRateLimited kept
    };

    QString name;
    QStringList queue;
    QSet<QString> dirty;
    QHash<QString, Processing> processing;
    QHash<QString, Waiting> waiting;
    QHash<QString, KeyInfo> keys;
    Metrics metrics;
    /// ControllerSyncFinished outcome codes of this queue's syncs, counted.
    QHash<QString, int> outcomes;
    bool shutDown = false;
    qint64 lastEventMs = 0;

    /// Applies one event of this queue (detail.queue == name); others are ignored.
    void apply(const TraceEvent &e);

    /// workqueue_unfinished_work_seconds at `nowMs`: the summed age of the keys processing.
    double unfinishedWorkSeconds(qint64 nowMs) const;
    /// workqueue_longest_running_processor_seconds at `nowMs`: the age of the oldest one.
    double longestRunningProcessorSeconds(qint64 nowMs) const;
};

/// Every workqueue of a journal, by name, in the order their first event came. The controller
/// events (ControllerSyncStarted/Finished, ProvisionerCalled/Returned, ApiRequest*) name the
/// object a queue key stands for (objectKey); objectKeyOf() answers from them and from the
/// objects the informers stored (a claim's UID → "default/data-0").
///
/// The UID → key names are bounded by the cluster's size, not by how long the lens runs. They
/// mirror the informers' stores (the Indexer's adds, updates and deletes): an object the store
/// holds keeps its name. A deleted object's name is kept a while longer, because client-go's
/// queues outlive their objects: the external provisioner keys its claim queue by UID, and a
/// claim deleted while its key is queued, processing or backing off (the limiter's delays reach
/// 1000 s) is still synced once more, and that row should still say which claim it was. So the
/// names of the newest retiredNameCap() deleted objects (and the names ProvisionerCalled gave
/// for keys no store holds) are kept, the oldest forgotten first; droppedNames() counts those
/// forgotten, and the view says so for a UID it can no longer name. Before this bound every
/// object the informers ever added stayed named for the whole session: at the soak's 300
/// writes/s, about 100 new pods a second, the window grew by ~100 MB an hour (docs/soak.md).
class WorkqueueStates {
public:
    /// Deleted objects whose names are kept after their delete (see the class comment): at the
    /// soak's ~100 deletes/s that is the last ~100 s of deletes; for a provisioner's claims,
    /// deleted at human rates, hours. About 2 MB at most.
    static constexpr qsizetype kRetiredNameCap = 10000;

    /// True for the events a WorkqueueStates folds (workqueue* and controller* kinds, and
    /// the indexer's adds, updates and deletes, whose objects map a UID to its key).
    static bool folds(const TraceEvent &e);
    /// True for the client-go workqueue's own kinds (workqueue*: Add, Get, Done, AddAfter,
    /// Ready, AddRateLimited, Forget, ShutDown, CancelGet), which WorkqueueState::apply folds.
    static bool isQueueKind(TraceKind kind);
    void apply(const TraceEvent &e);
    void clear();

    /// Names kept for deleted objects (and keys no store holds), at most; default
    /// kRetiredNameCap, at least 1. Takes effect from the next event.
    void setRetiredNameCap(qsizetype n) { m_retiredCap = qMax<qsizetype>(1, n); }
    qsizetype retiredNameCap() const { return m_retiredCap; }
    /// UID → key names held now: the objects the stores hold plus at most retiredNameCap().
    qsizetype namesHeld() const { return m_keyOfUid.size(); }
    /// Names of deleted objects forgotten because of retiredNameCap(), since clear().
    quint64 droppedNames() const { return m_droppedNames; }

    QStringList names() const { return m_order; }
    const WorkqueueState *queue(const QString &name) const;
    /// "ns/name" of the object whose UID is `key`, or the objectKey an event gave for `key` in
    /// its queue (`queue` "" = only the UIDs); "" when none is known (a volumes queue's keys
    /// are the objects' names).
    QString objectKeyOf(const QString &queue, const QString &key) const;
    /// The journal time of the newest event folded.
    qint64 lastEventMs() const { return m_lastMs; }

private:
    WorkqueueState &state(const QString &name);
    /// The indexer's add, update or delete of an object: its UID named or retired.
    void applyIndexer(const TraceEvent &e);
    /// `uid` no longer stands for an object a store holds: its name joins the retired ones,
    /// and the oldest retired names beyond the cap are forgotten.
    void retire(const QString &uid);

    struct Name {
        QString key;
        bool live = false; ///< a store holds the object now
    };
    QMap<QString, WorkqueueState> m_queues;
    QStringList m_order;
    QHash<QString, Name> m_keyOfUid;
    /// (informer, key) → the UID of the object that store holds under that key.
    QHash<QString, QString> m_uidOfStored;
    /// UIDs whose names are retired, oldest first (a UID stored again stays listed, live).
    std::deque<QString> m_retired;
    qsizetype m_retiredCap = kRetiredNameCap;
    quint64 m_droppedNames = 0;
    qint64 m_lastMs = 0;
};

} // namespace lens
