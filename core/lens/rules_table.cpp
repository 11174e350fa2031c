// SPDX-License-Identifier: Apache-2.0
// The rule table: one row per RuleId (in its order), its name, the client-go function it mirrors,
// what its predicate checks, and its sentence. The predicates are in rules.cpp; docs/rules.md
// lists the same table for people (tst_audit checks that it names every rule).
#include "rules.h"

#include <QtGlobal>

namespace lens {

namespace rulepredicates {
// rules.cpp's predicates, one per row (declared here so the table reads as a table).
bool watchEventQueued(const RuleContext &);
bool watchListEventStored(const RuleContext &);
bool bookmarkMovesResourceVersion(const RuleContext &);
bool initialEventsEndReplaces(const RuleContext &);
bool watchRequest(const RuleContext &);
bool watchListRequest(const RuleContext &);
bool unchangedUpdateToSyncing(const RuleContext &);
bool changedUpdateToAll(const RuleContext &);
bool watchErrorRelists(const RuleContext &);
bool watchErrorRewatches(const RuleContext &);
bool watchErrorRetriesAtOnce(const RuleContext &);
bool watchListErrorFallsBack(const RuleContext &);
bool watchListErrorStreamsAgain(const RuleContext &);
bool watchEndedRewatches(const RuleContext &);
bool watchListEndedEarly(const RuleContext &);
bool listFailedBacksOff(const RuleContext &);
bool continueExpiredListsAgain(const RuleContext &);
bool backoffThenList(const RuleContext &);
bool backoffThenWatch(const RuleContext &);
bool deltaFifoMergesOnlyDeletes(const RuleContext &);
bool listCauseWatchExpired(const RuleContext &);
bool listCauseWatchErrorEvent(const RuleContext &);
bool listCauseWatchRequestFailed(const RuleContext &);
bool listCauseShortWatch(const RuleContext &);
bool listCauseExpired(const RuleContext &);
bool resyncQueuesSync(const RuleContext &);
bool bookmarkTimeoutIsOurs(const RuleContext &);
} // namespace rulepredicates

const std::vector<Rule> &Rules::all()
{
    using namespace rulepredicates;
    using R = RuleId;
    static const std::vector<Rule> table = [] {
        std::vector<Rule> table{
            {R::WatchEventQueued, "watch-event-queued", "handleWatch / watchHandler (reflector.go)",
             "a plain watch's event; the informer's next queued delta, if it queued one, is this "
             "event's (Added/Updated/Deleted) for its key",
             QT_TRANSLATE_NOOP(
                 "lens::Caption",
                 "The Reflector's watchHandler turns ADDED into DeltaFIFO.Add, MODIFIED "
                 "into Update and DELETED into Delete, and remembers resourceVersion %1 "
                 "so that the next watch resumes there."),
             watchEventQueued},
            {R::WatchListEventStored, "watchlist-event-stored",
             "Reflector.watchList / handleListWatch (temporaryStore)",
             "an event of a WatchList's initial stream; nothing is queued for its key before the "
             "stream's list completes or the attempt ends",
             QT_TRANSLATE_NOOP(
                 "lens::Caption",
                 "This event is part of a WatchList's initial events (sendInitialEvents): "
                 "the Reflector keeps it in a temporary store instead of queueing it; "
                 "only the initial-events-end bookmark hands the whole store to "
                 "DeltaFIFO.Replace."),
             watchListEventStored},
            {R::BookmarkMovesResourceVersion, "bookmark-moves-rv",
             "handleWatch (reflector.go), case watch.Bookmark",
             "a bookmark of a plain watch, not initial-events-end; the informer's next step is not "
             "a "
             "queued delta",
             QT_TRANSLATE_NOOP(
                 "lens::Caption",
                 "A BOOKMARK's object carries only metadata (its resourceVersion, and "
                 "annotations): the Reflector moves its last resourceVersion to %1, so "
                 "the next watch neither replays old events nor relists. Nothing is "
                 "queued."),
             bookmarkMovesResourceVersion},
            {R::InitialEventsEndReplaces, "initial-events-end-replaces",
             "Reflector.watchList (handleListWatch: the k8s.io/initial-events-end bookmark), "
             "Reflector.syncWith",
             "a bookmark annotated initial-events-end; the informer's next step is the WatchList's "
             "listCompleted (Replace)",
             QT_TRANSLATE_NOOP("lens::Caption",
                               "Its annotation k8s.io/initial-events-end says the streamed initial "
                               "list is complete: the Reflector calls Replace with its temporary "
                               "store, and the informer can become HasSynced."),
             initialEventsEndReplaces},
            {R::WatchRequest, "watch-request", "Reflector.watch (ListWatch.Watch options)",
             "a WATCH without sendInitialEvents",
             QT_TRANSLATE_NOOP("lens::Caption",
                               "The watch asks for every change after resourceVersion %1, with "
                               "allowWatchBookmarks: nothing from before it is replayed."),
             watchRequest},
            {R::WatchListRequest, "watchlist-request",
             "Reflector.watchList (sendInitialEvents, resourceVersionMatch=NotOlderThan)",
             "a WATCH with sendInitialEvents; nothing but Sync is queued before its list completes "
             "or the attempt ends",
             QT_TRANSLATE_NOOP(
                 "lens::Caption",
                 "A WatchList: a WATCH with sendInitialEvents=true and "
                 "resourceVersionMatch=NotOlderThan at resourceVersion \"%1\" (%2). The "
                 "server first sends every object as ADDED, then a BOOKMARK annotated "
                 "k8s.io/initial-events-end, then the changes after it on the same "
                 "stream. The Reflector queues nothing until that bookmark."),
             watchListRequest},
            {R::UnchangedUpdateToSyncing, "unchanged-update-to-syncing",
             "sharedProcessor.distribute(obj, sync=true), sharedProcessor.addListener, "
             "sharedProcessor.shouldResync",
             "every \"update (resync)\" notification (of this event, or delivered from what it "
             "queued until the next list or tick) went to a listener that was syncing at its Pop: "
             "the last resync tick since its registration found it due, or no tick had run since",
             QT_TRANSLATE_NOOP(
                 "lens::Caption",
                 "An update whose resourceVersion did not change reaches only the "
                 "listeners that are syncing (sharedProcessor.distribute): a listener "
                 "is syncing from its registration (sharedProcessor.addListener) until "
                 "the first resync tick, and after that only while the last tick found "
                 "its resyncPeriod due (shouldResync)."),
             unchangedUpdateToSyncing},
            {R::ChangedUpdateToAll, "changed-update-to-all",
             "sharedProcessor.distribute(obj, sync=false)",
             "an update whose resourceVersion moved; no listener got this Pop's object as an "
             "update "
             "\"from resync\"",
             QT_TRANSLATE_NOOP(
                 "lens::Caption",
                 "A real update: the resourceVersion moved, so sharedProcessor.distribute "
                 "hands it to every listener, syncing or not."),
             changedUpdateToAll},
            {R::WatchErrorRelists, "watch-error-relists",
             "Reflector.watch returns / ListAndWatch ends; Reflector.Run's BackoffUntil",
             "a plain watch's error; the informer's next request is a LIST after a backoff (or, "
             "not there yet, the recorded status is not retried by client-go)",
             QT_TRANSLATE_NOOP(
                 "lens::Caption",
                 "client-go does not retry this error on the watch: ListAndWatch ends, "
                 "and after backoff the Reflector starts over with a LIST from its last "
                 "synced resourceVersion."),
             watchErrorRelists},
            {R::WatchErrorRewatches, "watch-error-rewatches",
             "Reflector.watch: isWatchErrorRetriable (connection refused, 429) and the 429 case of "
             "handleWatch's error",
             "a plain watch's error; the informer's next request is a WATCH after a backoff (or, "
             "not "
             "there yet, the recorded status is 429 or a refused connection)",
             QT_TRANSLATE_NOOP(
                 "lens::Caption",
                 "client-go retries this error on the watch: after backoff the Reflector "
                 "sends a new WATCH from the same resourceVersion, without a list."),
             watchErrorRewatches},
            {R::WatchErrorRetriesAtOnce, "watch-error-retries-at-once",
             "Reflector.watch: retryWithDeadline (MaxInternalErrorRetryDuration) for a 500",
             "a plain watch's error; the informer's next request is a WATCH with no backoff "
             "between",
             QT_TRANSLATE_NOOP("lens::Caption",
                               "client-go retried this internal error at once, within "
                               "MaxInternalErrorRetryDuration: a new WATCH, no backoff, no list."),
             watchErrorRetriesAtOnce},
            {R::WatchListErrorFallsBack, "watchlist-error-falls-back",
             "Reflector.ListAndWatch: fallback to LIST+WATCH when watchList returns an error",
             "a WatchList's error; the informer's next request is a LIST with cause fallback (or, "
             "not "
             "there yet, the status is neither retriable nor an unavailable resourceVersion)",
             QT_TRANSLATE_NOOP(
                 "lens::Caption",
                 "The WatchList failed with an error client-go does not retry, so the "
                 "Reflector falls back to LIST then WATCH."),
             watchListErrorFallsBack},
            {R::WatchListErrorStreamsAgain, "watchlist-error-streams-again",
             "Reflector.watchList: isErrorRetriableWithSideEffectsFn, isExpiredError / "
             "isTooLargeResourceVersionError (resourceVersion \"\")",
             "a WatchList's error; the informer's next request is a new WatchList (or, not there "
             "yet, "
             "the status is 429, a refused connection, 410 or too large)",
             QT_TRANSLATE_NOOP(
                 "lens::Caption",
                 "client-go asks again with a new WatchList (after backoff for 429 or a "
                 "refused connection; at once, from resourceVersion \"\", for 410 or a "
                 "resourceVersion too large)."),
             watchListErrorStreamsAgain},
            {R::WatchEndedRewatches, "watch-ended-rewatches",
             "Reflector.watch loop (handleWatch returns nil)",
             "a plain watch's end without error; the informer's next request is a WATCH from the "
             "resourceVersion it ended at",
             QT_TRANSLATE_NOOP(
                 "lens::Caption",
                 "A watch that ends without an error (the server's timeout, or a broken "
                 "stream) is restarted from the last resourceVersion, %1: no relist, "
                 "nothing queued. The gap until the next watch is a window in which no "
                 "events arrive."),
             watchEndedRewatches},
            {R::WatchListEndedEarly, "watchlist-ended-early",
             "Reflector.watchList (the stream closed before the bookmark: w.Stop, retry)",
             "a WatchList closed before initial-events-end; the informer's next request is a new "
             "WatchList",
             QT_TRANSLATE_NOOP("lens::Caption",
                               "The WatchList closed before its initial-events-end bookmark: the "
                               "Reflector drops its temporary store and asks again with a new "
                               "WatchList."),
             watchListEndedEarly},
            {R::ListFailedBacksOff, "list-failed-backs-off",
             "Reflector.ListAndWatch returns the error; Reflector.Run's BackoffUntil, "
             "WatchErrorHandler",
             "a failed list (not a continue token's expiry); the informer's next step among "
             "backoff "
             "and requests is a backoff",
             QT_TRANSLATE_NOOP("lens::Caption",
                               "ListAndWatch returns the error (the WatchErrorHandler sees it) and "
                               "the Reflector backs off before it lists again."),
             listFailedBacksOff},
            {R::ContinueExpiredListsAgain, "continue-expired-lists-again",
             "ListPager.list with FullListIfExpired",
             "a continue token's 410; the informer's next request is an unpaged LIST (limit 0) "
             "with "
             "cause continue expired, with no backoff",
             QT_TRANSLATE_NOOP(
                 "lens::Caption",
                 "A continue token expired (410): client-go's ListPager lists again at "
                 "once, in one unpaged request at the list's resourceVersion "
                 "(FullListIfExpired); no backoff."),
             continueExpiredListsAgain},
            {R::BackoffThenList, "backoff-then-list",
             "Reflector.Run: wait.BackoffUntil(ListAndWatch)",
             "a backoff whose reason is ListAndWatch's end; the informer's next request is a LIST "
             "(or the WatchList that ListAndWatch starts with)",
             QT_TRANSLATE_NOOP("lens::Caption",
                               "Then ListAndWatch starts again (next list cause: %1)."),
             backoffThenList},
            {R::BackoffThenWatch, "backoff-then-watch",
             "Reflector.watch / watchList: <-r.backoffManager.Backoff().C() then continue",
             "a backoff for 429 or a refused connection on a watch; the informer's next request is "
             "a WATCH",
             QT_TRANSLATE_NOOP("lens::Caption",
                               "Then the Reflector retries the watch (%1), without a list."),
             backoffThenWatch},
            {R::DeltaFifoMergesOnlyDeletes, "deltafifo-merges-only-deletes",
             "DeltaFIFO.queueActionLocked, dedupDeltas / isDeletionDup",
             "every delta queued (this one, or while this pump mode lasts) added one delta to its "
             "key's Deltas, or a Deleted collapsed into the Deleted before it",
             QT_TRANSLATE_NOOP("lens::Caption",
                               "The DeltaFIFO never merges a key's deltas: each one is appended, "
                               "oldest first, except that two Deleted in a row collapse into one "
                               "(dedupDeltas)."),
             deltaFifoMergesOnlyDeletes},
            {R::ListCauseWatchExpired, "list-cause-watch-expired",
             "Reflector.watch: isExpiredError → ListAndWatch ends (relistResourceVersion)",
             "a list with cause \"watch expired\"; the informer's last watch error before it is "
             "410",
             QT_TRANSLATE_NOOP(
                 "lens::Caption",
                 "The watch before it got 410 Gone (its resourceVersion is older than "
                 "the server keeps), which ends ListAndWatch; after backoff it starts "
                 "over with a list from the last synced resourceVersion "
                 "(relistResourceVersion)."),
             listCauseWatchExpired},
            {R::ListCauseWatchErrorEvent, "list-cause-watch-error-event",
             "Reflector.watch: handleWatch returns the ERROR event's error → ListAndWatch ends",
             "a list with cause \"watch error\"; the informer's last watch error before it was an "
             "ERROR event on an open stream",
             QT_TRANSLATE_NOOP("lens::Caption",
                               "The watch stream sent an ERROR event (%1) that client-go does not "
                               "retry on the watch, so ListAndWatch ended; after backoff it starts "
                               "over with a list from the last synced resourceVersion."),
             listCauseWatchErrorEvent},
            {R::ListCauseWatchRequestFailed, "list-cause-watch-request-failed",
             "Reflector.watch: ListerWatcher.Watch returned an error that isWatchErrorRetriable "
             "rejects → ListAndWatch returns it",
             "a list with cause \"watch error\"; the informer's last watch error before it was the "
             "WATCH request's own failure",
             QT_TRANSLATE_NOOP(
                 "lens::Caption",
                 "The WATCH request itself failed (%1): no watch existed, and client-go "
                 "retries on the watch only a refused connection or 429, so ListAndWatch "
                 "returned the error; after backoff it starts over with a list."),
             listCauseWatchRequestFailed},
            {R::ListCauseShortWatch, "list-cause-short-watch",
             "Reflector.handleWatch: \"very short watch\" (under 1 s and no event)",
             "a list with cause \"watch error\"; the informer's last watch error before it was a "
             "very short watch",
             QT_TRANSLATE_NOOP(
                 "lens::Caption",
                 "The watch before it closed after %1 ms without a single event, which "
                 "client-go treats as an error (\"very short watch\"): ListAndWatch "
                 "ended, and after backoff it starts over with a list."),
             listCauseShortWatch},
            {R::ListCauseExpired, "list-cause-expired",
             "Reflector.list: isExpiredError → setIsLastSyncResourceVersionUnavailable, list at "
             "\"\"",
             "a list with cause \"expired\"; the informer's last failed list before it got 410",
             QT_TRANSLATE_NOOP(
                 "lens::Caption",
                 "The list before it was refused with 410 Gone (Expired: etcd compacted "
                 "the resourceVersion it asked for), so the Reflector marks its last "
                 "synced resourceVersion unavailable and lists again at once, without "
                 "backoff."),
             listCauseExpired},
            {R::ResyncQueuesSync, "resync-queues-sync",
             "controller.resync → DeltaFIFO.Resync "
             "(ShouldResync = sharedProcessor.shouldResync)",
             "a tick recorded due with a listener due; the informer's next step, if a queued "
             "delta, "
             "is a Sync",
             QT_TRANSLATE_NOOP("lens::Caption",
                               "At least one listener's resyncPeriod was due, so DeltaFIFO.Resync "
                               "queued a Sync for every Indexer key with nothing queued."),
             resyncQueuesSync},
            {R::BookmarkTimeoutIsOurs, "bookmark-timeout-is-ours",
             "none: Informer Lens's own watchListBookmarkTimeout (client-go's watchList has no "
             "such timeout)",
             "a WatchList fallback recorded with code \"bookmark timeout\"",
             QT_TRANSLATE_NOOP(
                 "lens::Caption",
                 "This timeout is Informer Lens's own (its WatchList bookmark timeout, "
                 "%1 ms here), not client-go's: client-go waits for the bookmark as long "
                 "as the watch lasts and falls back to LIST+WATCH only when the "
                 "WatchList request fails."),
             bookmarkTimeoutIsOurs},
        };
        Q_ASSERT(table.size() == std::size_t(RuleId::BookmarkTimeoutIsOurs) + 1);
        appendRuntimeRules(&table);
        Q_ASSERT(table.size() == std::size_t(RuleId::LegacyQueueIgnoresPriority) + 1);
        return table;
    }();
    return table;
}

} // namespace lens
