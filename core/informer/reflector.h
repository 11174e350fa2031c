// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "backoff.h"
#include "listerwatcher.h"
#include "pager.h"
#include "queue.h"
#include "trace/eventdetail.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QRandomGenerator>

#include <functional>
#include <memory>

class QTimer;

namespace lens {
class ClockTimer;
}

namespace lens {

class Journal;
class ObjectPacker;

/// client-go's Reflector (tools/cache/reflector.go, v0.32) driven by signals instead of a
/// goroutine: Run = ListAndWatch in a loop with backoff between attempts.
///
/// ListAndWatch: LIST through the pager (limit 500, following continue; one unpaged list at the
/// original resourceVersion when a continue token expires), resourceVersion "0" first, then
/// the last synced one, then "" after 410 Expired or "Too large resource version"; paging off
/// for resourceVersions other than "" and "0". Then queue.Replace(items, listRV) and WATCH from
/// the list's resourceVersion with timeoutSeconds in [300, 600) and allowWatchBookmarks. A
/// clean end of the watch re-watches from the last event's resourceVersion without a relist;
/// an ERROR event, a broken stream or a very short watch (< 1 s, no events) ends ListAndWatch
/// and the next attempt relists after backoff. A watch call refused or answered 429 is retried
/// in place after backoff. The resourceVersion is never taken from a Status.
///
/// WatchList mode (setUseWatchList, client-go's UseWatchList / WatchListClient gate, KEP-3157):
/// each ListAndWatch first sends a WATCH with sendInitialEvents=true,
/// resourceVersionMatch=NotOlderThan, allowWatchBookmarks=true and resourceVersion = the last
/// synced one ("" on the first attempt or after 410 / too large). ADDED / MODIFIED / DELETED go
/// into a temporary store; the BOOKMARK annotated k8s.io/initial-events-end: "true" makes it
/// queue.Replace(temporary store, bookmark RV) and the same stream then continues as the normal
/// watch. A stream that ends before that bookmark is retried as a new watch-list request with a
/// fresh temporary store; 429 / connection refused are retried after backoff, 410 / too large
/// at once with resourceVersion ""; any other error (e.g. 422 from a server that does not know
/// sendInitialEvents, an ERROR event, a very short watch) falls back to LIST+WATCH for that
/// attempt (journal: listStarted cause "fallback", detail fallbackReason). Not in client-go:
/// setWatchListBookmarkTimeoutMs() also falls back when the bookmark has not come in time, and
/// a stream the client let go before the bookmark because it fell behind it
/// (WatchCall::fellBehind(), HttpWatchCall's backlog limit) falls back too: streaming the same
/// burst again would fall behind again, forever.
///
/// Every step is journaled with the cause of each list: "initial", "watch ended",
/// "watch error", "expired", "too large", "list failed", "continue expired", "fallback".
class Reflector : public QObject {
    Q_OBJECT
public:
    /// handleWatch's "very short watch" threshold: a watch closing sooner with no events is an
    /// error that leads to a relist.
    static constexpr qint64 kVeryShortWatchMs = 1000;
    /// The longest Retry-After (429/503, header or Status details.retryAfterSeconds) the
    /// reflector honours, in seconds: the ceiling of its own backoff (client-go's
    /// wait.NewExponentialBackoffManager(800ms, 30s, 2min, 2.0, 1.0), backoff.h). client-go's
    /// REST client takes the header as it comes (rest/request.go retryAfterSeconds and
    /// checkWait parse any integer; withRetry.Before sleeps max(backoff, Retry-After) for each of
    /// at most maxRetries = 10 retries), so a server asking for 99999 s would hold a client-go
    /// request 27.8 hours; the Reflector's own waits between ListAndWatch attempts never exceed
    /// this 30 s. Here the server's ask is a floor under the backoff, capped at that ceiling:
    /// the journal's backoff event keeps what the server asked (retryAfterSeconds) and the cap
    /// applied (retryAfterCapSeconds, only when it applied).
    static constexpr int kMaxRetryAfterSeconds = 30;
    enum class State { Stopped, Listing, Watching, Backoff };
    Q_ENUM(State)

    /// `lw` and `queue` are not owned and must outlive the reflector. `journal` may be null.
    Reflector(ListerWatcher *lw, Queue *queue, Journal *journal, const Clock *clock,
              QObject *parent = nullptr);
    ~Reflector() override;

    /// The resync check (client-go's resyncPeriod of the reflector, the informer's
    /// resyncCheckPeriod): `ms` milliseconds of Clock time after a list is stored and after each
    /// tick (a ClockTimer: never earlier), `shouldResync` (may be empty = always due; client-go's
    /// ShouldResync) decides whether the tick calls the store's Resync. It may add fields to the
    /// tick's journal event (kind resync) through `detail`, e.g. which listener was due and when
    /// each is due next. 0 = no resync.
    using ShouldResync = std::function<bool(QJsonObject *detail)>;
    void setResyncPeriod(qint64 ms, ShouldResync shouldResync = {});
    /// A LIST of more than this many objects is given to the queue in slices of at most this
    /// many (and at most kReplaceSliceMs of real time), one slice per event-loop turn
    /// (Queue::beginReplace), so that a 150 000-object list does not hold the thread for the whole
    /// Replace (half a second in the window); the watch starts after the last slice, and Pop pops
    /// nothing until then, as under client-go's lock in syncWith. Shorter lists (and a
    /// watch-list's, whose stream must not go on meanwhile) are replaced in one call. Default
    /// kReplaceSliceItems; at least 1.
    void setReplaceSliceItems(qsizetype n) { m_replaceSliceItems = qMax<qsizetype>(1, n); }
    qsizetype replaceSliceItems() const { return m_replaceSliceItems; }
    /// About 30 ms of DeltaFIFO.Replace (3.4 µs an object with the journal at its cap).
    static constexpr qsizetype kReplaceSliceItems = 8192;
    /// A slice also ends after this many milliseconds of real time (not on a manual clock:
    /// SliceBudget), checked every kReplaceChunkItems objects.
    static constexpr qint64 kReplaceSliceMs = 8;
    static constexpr qsizetype kReplaceChunkItems = 256;
    /// WatchListPageSize; 0 = client-go's default paging rules.
    void setPageSize(int limit) { m_pageSize = limit; }
    /// minWatchTimeout in seconds (values under 300 are raised to 300, as client-go does).
    void setMinWatchTimeoutSeconds(int s) { m_minWatchTimeout = qMax(300, s); }
    /// client-go's WatchErrorHandler: called with each error ListAndWatch returns (list failed,
    /// Replace failed, Watch() call failed and not retriable); not for ended watches.
    void setWatchErrorHandler(std::function<void(const ApiStatus &)> h)
    {
        m_errorHandler = std::move(h);
    }
    /// UseWatchList (client-go ≥ 1.27 option, default of the WatchListClient gate from 1.35):
    /// stream the initial list over a watch instead of LIST. Off by default (v0.32 baseline).
    void setUseWatchList(bool on) { m_useWatchList = on; }
    bool useWatchList() const { return m_useWatchList; }
    /// Fall back to LIST+WATCH when the initial-events-end bookmark has not arrived this many
    /// milliseconds after the watch-list request was sent. 0 (default) = wait, as client-go
    /// does (it only logs a warning every 10 s; the stream ends with timeoutSeconds at the
    /// latest and is then retried as a watch-list).
    void setWatchListBookmarkTimeoutMs(qint64 ms) { m_bookmarkTimeoutMs = qMax<qint64>(0, ms); }
    /// MaxInternalErrorRetryDuration in milliseconds (0, the default, = never): a watch that
    /// ends with an ERROR event carrying a 500 InternalError is re-watched at once, without a
    /// relist, while less than this has passed since the first of a run of such errors; a gap
    /// of a minute or more between two of them starts a new run (client-go's
    /// retryWithDeadline, tools/cache/retry_with_deadline.go; TestRetryInternalError).
    void setMaxInternalErrorRetryDurationMs(qint64 ms)
    {
        m_maxInternalRetryMs = qMax<qint64>(0, ms);
    }
    /// The expected type (client-go's expectedType / expectedGVK): when `kind` is set, watch
    /// events whose object has another apiVersion or kind are skipped and journaled ("expected
    /// gvk ..., but watch event object had gvk ..."); the resourceVersion does not move.
    /// Objects here are JSON, so the check is client-go's Unstructured one (apiVersion and
    /// kind both compared). Empty kind = no check (the default).
    void setExpectedType(const QString &apiVersion, const QString &kind)
    {
        m_expectedApiVersion = apiVersion;
        m_expectedKind = kind;
    }
    /// ReflectorOptions.TypeDescription: how errors and the journal name the listed type when
    /// the expected type cannot say it (e.g. "pods (taken as core/v1)"). Empty = derived.
    void setTypeDescription(const QString &description) { m_typeDescription = description; }
    /// Sent with every LIST as ListOptions::itemTransform: the informer's transform (or one that
    /// does the same without counting) applied where the items are decoded, so that what it
    /// removes is let go before the Replace (client-go applies it in DeltaFIFO's
    /// queueActionLocked only; the DeltaFIFO here still does, and finds the work done). Not
    /// for WatchList's initial events: the journal shows watch events as received.
    void setListItemTransform(TransformFunc transform)
    {
        m_listItemTransform = std::move(transform);
    }
    /// Sent with every LIST and WATCH as ListOptions::packer: each listed item's bytes (after
    /// the list-item transform) and each watch event's object's are packed where they are
    /// decoded (ObjectPacker: a zstd dictionary trained on the first objects this reflector
    /// receives, kept for its relists and rewatches). Not client-go (it keeps Go structs):
    /// Informer Lens's representation of a large cache. Null (the default): objects keep their
    /// bytes as received.
    void setObjectPacker(std::shared_ptr<ObjectPacker> packer) { m_packer = std::move(packer); }
    /// The TypeDescription set above, else getTypeDescriptionFromObject: "<unspecified>" with no
    /// expected type, else the GroupVersionKind as Go prints it ("mygroup/v1, Kind=MyKind"; core
    /// group: "/v1, Kind=Pod"); a kind without apiVersion reads "*unstructured.Unstructured".
    QString typeDescription() const
    {
        return m_typeDescription.isEmpty() ? typeDescription(m_expectedApiVersion, m_expectedKind)
                                           : m_typeDescription;
    }
    static QString typeDescription(const QString &apiVersion, const QString &kind);
    /// The backoff between attempts (client-go's BackoffManager; default 800 ms initial, 30 s
    /// cap, reset after 2 min, factor 2, jitter 1). Tests inject shorter ones, as client-go's
    /// own reflector tests do.
    void setBackoffParams(const Backoff::Params &params);
    /// Seeds the jitter of timeouts and backoff (reproducible runs: scenarios). Without it each
    /// reflector draws a random seed, as client-go's jitter comes from a randomly seeded source.
    void setSeed(quint32 seed);
    /// The seed of the jitter of timeouts and backoff.
    quint32 seed() const { return m_seed; }

    /// Reflector.Run: starts ListAndWatch now; keeps going until stop().
    void run();
    /// Stops: aborts the list or watch, cancels timers. The queue is left as it is.
    void stop();

    State state() const { return m_state; }
    /// Reflector.LastSyncResourceVersion: "" until the first list.
    QString lastSyncResourceVersion() const { return m_lastSyncRv; }
    /// True while the open watch has received bytes it has not delivered as events yet
    /// (WatchCall::undeliveredBytes()): an event the server sent is on its way.
    bool watchHasUndelivered() const { return m_watchCall && m_watchCall->undeliveredBytes() > 0; }
    qint64 watchEventCount() const { return m_totalEvents; }

Q_SIGNALS:
    void stateChanged(lens::Reflector::State state);
    /// A human-readable error (list/watch failure), for the status line.
    void errorOccurred(const QString &message);
    /// A list was handed to queue.Replace (the informer checks HasSynced then).
    void listSynced(const QString &resourceVersion);

private:
    void listAndWatch(const QString &cause);
    void list(const QString &cause, bool retryUnavailable = false);
    void startWatchList();
    void onWatchListEvent(const WatchEvent &ev);
    void onWatchListEnded(WatchCall *call, const ApiStatus &err);
    /// `code`: "error event" (an ERROR event) or "request failed" (no answer to the request).
    void watchListFailed(const ApiStatus &err, const QString &code);
    void watchListSynced(const QString &rv);
    /// WatchList gives up for this attempt: journals why (`code`, one of tracedetail::codes():
    /// "bookmark timeout", "very short watch", "error event", "request failed"; `reason` the
    /// same in English; `typed` the fields that say more: bookmarkTimeoutMs, shortWatchMs,
    /// status) and lists with cause "fallback".
    void fallBackToList(const QString &code, const QString &reason, const QJsonObject &typed);
    void dropWatchCall();
    /// A watch's timeoutSeconds, drawn from [minWatchTimeout, 2 * minWatchTimeout).
    int watchTimeoutSeconds();
    /// handleAnyWatch's common part: skips (and journals) an event without metadata, else
    /// counts it and journals it as watchEvent/bookmark with `detail`. False when skipped.
    bool acceptWatchEvent(const WatchEvent &ev, const EventDetail &detail);
    /// The journal detail of an error: error (in English words, for JSON Lines readers), code,
    /// reason, status (typed: ApiStatus::toDetail), watchList.
    static QJsonObject errorDetail(const ApiStatus &err, bool watchList = false);
    /// The pager's signals: a page arrived, a continuation expired (full list follows), done.
    void onPage(const ListPage &page, int number);
    void onFullListFallback(const ApiStatus &expired);
    void onListFinished();
    void listSucceeded(const QString &rv);
    void listFailed(const ApiStatus &err);
    void startWatch();
    void onWatchEvent(const WatchEvent &ev);
    void onWatchEnded(const ApiStatus &err);
    void endListAndWatch(const ApiStatus &err, const QString &nextCause,
                         bool returnedError = false);
    /// Waits max(backoff, min(retryAfterSeconds, kMaxRetryAfterSeconds)) and journals why,
    /// then runs `then`.
    void backoffThen(const QString &reason, std::function<void()> then, int retryAfterSeconds = 0);
    /// queue.Replace(items, rv); on failure journals listFailed and ends ListAndWatch. `what` is
    /// "list" or "watch-list".
    bool replaceStore(QList<Object> items, const QString &rv, const QString &what);
    /// syncWith for a LIST: replaceStore() in one call, or in slices (setReplaceSliceItems());
    /// then the watch.
    void syncWith(QList<Object> items, const QString &rv);
    /// The next slice of a sliced Replace started for list number `generation`.
    void replaceSlice(quint64 generation, qsizetype listed, const QString &rv);
    void replaceFailed(const QString &err, qsizetype listed, const QString &rv,
                       const QString &what);
    void replaceSucceeded(const QString &rv);
    void setState(State s);
    void record(int kind, const EventDetail &detail, const QString &rv = {});
    QString relistResourceVersion() const;

    ListerWatcher *m_lw;
    Queue *m_queue;
    Journal *m_journal;
    const Clock *m_clock;
    Backoff m_backoff;
    Backoff::Params m_backoffParams;
    quint32 m_seed = 0;
    QRandomGenerator m_rand;
    State m_state = State::Stopped;
    bool m_running = false;

    // list state
    ListPager *m_pager = nullptr; ///< Reflector.list's pager (tools/pager)
    QList<Object> m_listItems;
    QString m_listCause;
    QString m_listRv;           ///< resourceVersion the current list asked for
    QString m_listStartRv;      ///< resourceVersion list() started with (before an "" retry)
    int m_pagerLimit = 0;       ///< the pager's PageSize for the current list()
    bool m_listIsRetry = false; ///< this list is list()'s one immediate retry at ""
    int m_pages = 0;
    bool m_paginatedResult = false;
    bool m_lastSyncRvUnavailable = false;
    QString m_lastSyncRv;
    qsizetype m_replaceSliceItems = kReplaceSliceItems;
    quint64 m_listGeneration = 0; ///< counts list() calls: a sliced Replace knows its own

    // watch state
    QPointer<WatchCall> m_watchCall;
    qint64 m_watchStartMs = 0;
    qint64 m_watchEvents = 0;
    qint64 m_totalEvents = 0;
    int m_minWatchTimeout = 300;
    int m_pageSize = 0;

    // watch-list state
    bool m_useWatchList = false;
    bool m_watchListSyncing = false; ///< m_watchCall is a watch-list before its bookmark
    qint64 m_bookmarkTimeoutMs = 0;
    QString m_watchListCause;
    QJsonObject m_fallbackDetail;  ///< fallbackReason, fallbackCode and their typed fields
    QStringList m_tempOrder;       ///< temporary store: keys in arrival order
    QHash<QString, Object> m_temp; ///< temporary store: key → object
    QString m_tempRv;              ///< RV of the last event of the watch-list stream
    ClockTimer *m_bookmarkTimer;

    ClockTimer *m_backoffTimer;
    ClockTimer *m_resyncTimer;
    qint64 m_resyncPeriodMs = 0;
    ShouldResync m_shouldResync;
    std::function<void(const ApiStatus &)> m_errorHandler;
    std::function<void()> m_afterBackoff;

    // retryWithDeadline for 500 InternalError watch ERROR events (milliseconds, -1 = zero time)
    qint64 m_maxInternalRetryMs = 0;
    qint64 m_internalFirstErrorMs = -1;
    qint64 m_internalLastErrorMs = -1;
    bool internalErrorShouldRetry();

    QString m_expectedApiVersion;
    QString m_expectedKind;
    QString m_typeDescription;
    TransformFunc m_listItemTransform;
    std::shared_ptr<ObjectPacker> m_packer;
};

} // namespace lens
