// SPDX-License-Identifier: Apache-2.0
// Caption::forEvent for the Reflector's events: its lists (started, pages, completed, failed),
// watches (started, events, bookmarks, ended, errors) and backoffs.
#include "caption.h"
#include "caption_p.h"

#include "journaltext.h"
#include "trace/journal.h"

namespace lens::captiondetail {

QString listCauseText(const QString &cause, const QString &fallbackReason)
{
    if (cause == QLatin1String("initial"))
        return Caption::tr("It is the first list of ListAndWatch: it fills the cache.");
    if (cause == QLatin1String("expired"))
        return Caption::tr("The list before it was refused with 410 Gone (Expired: etcd compacted "
                           "the resourceVersion it asked for), so the Reflector marks its last "
                           "synced resourceVersion unavailable and lists again at once, without "
                           "backoff.");
    if (cause == QLatin1String("too large"))
        return Caption::tr("The list before it was refused because its resourceVersion is too "
                           "large (newer than the server has seen), so the Reflector marks its "
                           "last synced resourceVersion unavailable and lists again at once.");
    if (cause == QLatin1String("watch expired"))
        return Caption::tr("The watch was answered 410 Gone (its resourceVersion is older than the "
                           "server keeps), which ends ListAndWatch; after backoff it starts over "
                           "with a list from the last synced resourceVersion "
                           "(relistResourceVersion).");
    if (cause == QLatin1String("watch error"))
        return Caption::tr("The watch failed (an ERROR event or a broken stream), so after "
                           "backoff ListAndWatch starts over with a list from the last synced "
                           "resourceVersion (relistResourceVersion).");
    if (cause == QLatin1String("fallback"))
        return Caption::tr("WatchList (a streaming list with sendInitialEvents) did not work "
                           "(%1), so the Reflector falls back to LIST then WATCH.")
            .arg(fallbackReason);
    if (cause == QLatin1String("continue expired"))
        return Caption::tr("A continue token of the paged list expired, so the pager lists "
                           "everything again in one request at the original resourceVersion.");
    return Caption::tr("Cause: %1.").arg(cause);
}

/// What a LIST request with resourceVersion `rv` and `limit` asks the server for (the
/// Kubernetes API's resourceVersion semantics for list).
QString listRequestText(const QString &rv, int limit)
{
    const QString paging = limit > 0 ? Caption::tr("in pages of at most %1 items").arg(limit)
                                     : Caption::tr("in one unpaged answer (limit 0)");
    if (rv.isEmpty())
        return Caption::tr("This request asked for resourceVersion \"\": a consistent read "
                           "from etcd, %1.")
            .arg(paging);
    if (rv == QLatin1String("0"))
        return Caption::tr("This request asked for resourceVersion \"0\": any version, which "
                           "the watch cache may serve, %1.")
            .arg(paging);
    return Caption::tr("This request asked for resourceVersion \"%1\": a state not older than "
                       "that version (NotOlderThan), %2.")
        .arg(rv, paging);
}

QString watchEventCaption(const TraceEvent &e, const Journal *journal, quint64)
{
    const QString key = e.key;
    const QString rv = e.resourceVersion;
    QStringList p{
        Caption::tr("The API server's watch stream sent %1. The Reflector's watchHandler turns "
                    "ADDED into DeltaFIFO.Add, MODIFIED into Update and DELETED into Delete, "
                    "and remembers resourceVersion %2 so that the next watch resumes "
                    "there.")
            .arg(e.type, rv)};
    if (e.type == QLatin1String("MODIFIED"))
        p << updateDiffText(journal, e, QString());
    p.removeAll(QString());
    return page(Caption::tr("Watch event %1 for %2 (resourceVersion %3)").arg(e.type, key, rv), p);
}

QString bookmarkCaption(const TraceEvent &e, const Journal *, quint64)
{
    const QString rv = e.resourceVersion;
    QStringList p{
        Caption::tr("A bookmark carries no object: it only moves the Reflector's last "
                    "resourceVersion forward, so the next watch neither replays old events "
                    "nor relists. Nothing is queued.")};
    if (e.detail.value(QLatin1String("initialEventsEnd")).toBool())
        p << Caption::tr("This is the initial-events-end bookmark of a WatchList: the streamed "
                         "initial list is complete, the Reflector calls Replace with it and the "
                         "informer can become HasSynced.");
    return page(Caption::tr("BOOKMARK at resourceVersion %1").arg(rv), p);
}

QString listStartedCaption(const TraceEvent &e, const Journal *, quint64)
{
    const QString rv = e.resourceVersion;
    const QString cause = str(e, "cause");
    return page(Caption::tr("LIST started (cause: %1) at resourceVersion \"%2\", limit %3")
                    .arg(said(e, "cause"), rv, str(e, "limit")),
                {listCauseText(cause, JournalText::fallback(e)),
                 listRequestText(rv, e.detail.value(QLatin1String("limit")).toInt())});
}

QString listPageCaption(const TraceEvent &e, const Journal *, quint64)
{
    return page(Caption::tr("LIST page: %1 items").arg(str(e, "items")),
                {Caption::tr("The pager follows the continue token until the list is whole; the "
                             "items are queued only when the last page has arrived.")});
}

QString listCompletedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    const QString rv = e.resourceVersion;
    QStringList p{
        Caption::tr("The Reflector calls DeltaFIFO.Replace with the whole list: every listed "
                    "object is queued as Replaced (Sync when emitDeltaTypeReplaced is off), "
                    "and every key the queue or the Indexer (knownObjects) holds that the "
                    "list lacks gets a Deleted delta with a DeletedFinalStateUnknown "
                    "tombstone, because its DELETE watch event was missed.")};
    const QString cause = str(e, "cause");
    if (!cause.isEmpty())
        p << listCauseText(cause, JournalText::fallback(e));
    if (const TraceEvent *started = lastBefore(
            journal, e.seq, [](const TraceEvent &x) { return x.kind == TraceKind::ListStarted; }))
        p << listRequestText(started->resourceVersion,
                             started->detail.value(QLatin1String("limit")).toInt());
    if (journal) {
        QStringList others, tombstones;
        queuedAfter(journal, e, upTo, &others, &tombstones);
        if (!others.isEmpty() || !tombstones.isEmpty())
            p << Caption::tr(
                     "What this list did: Replace queued %n listed object(s) (Replaced) and ",
                     nullptr, int(others.size())) +
                     (tombstones.isEmpty()
                          ? Caption::tr("no tombstone: no known object was missing from it.")
                          : Caption::tr("%n tombstone(s) for object(s) missing from it (%1): their "
                                        "handlers get OnDelete with a DeletedFinalStateUnknown.",
                                        nullptr, int(tombstones.size()))
                                .arg(someKeys(tombstones))) +
                     QLatin1Char(' ') +
                     Caption::tr(
                         "A listed object whose resourceVersion changed reaches every handler "
                         "as OnUpdate (OnAdd if new); an unchanged one only handlers whose "
                         "resync is due.");
        p << relistSplitText(journal, e, upTo);
        p.removeAll(QString());
    }
    return page(
        Caption::tr("LIST complete at resourceVersion %1: %2 objects").arg(rv, str(e, "items")), p);
}

QString listFailedCaption(const TraceEvent &e, const Journal *, quint64)
{
    return page(
        Caption::tr("LIST failed: %1").arg(JournalText::error(e)),
        {Caption::tr("ListAndWatch returns the error (the watch error handler sees it) and the "
                     "Reflector backs off before it lists again.")});
}

QString watchStartedCaption(const TraceEvent &e, const Journal *, quint64)
{
    const QString rv = e.resourceVersion;
    return page(
        Caption::tr("WATCH from resourceVersion %1 (timeoutSeconds %2)")
            .arg(rv, str(e, "timeoutSeconds")),
        {Caption::tr("The watch streams every change after resourceVersion %1. client-go picks "
                     "timeoutSeconds at random in [300, 600) so that informers do not all "
                     "re-watch at once, and asks for bookmarks (allowWatchBookmarks).")
             .arg(rv)});
}

QString watchEndedCaption(const TraceEvent &e, const Journal *, quint64)
{
    return page(
        Caption::tr("Watch ended (%1) after %2 events")
            .arg(JournalText::watchEnd(e), str(e, "events")),
        {Caption::tr("A watch that ends without an error (e.g. the server's timeout) is "
                     "restarted from the last resourceVersion: no relist, nothing queued. "
                     "The gap until the next watch is a window in which no events arrive.")});
}

QString watchErrorCaption(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    const int code = e.detail.value(QLatin1String("code")).toInt();
    QStringList p;
    if (code == 410)
        p << Caption::tr("410 Gone: the watch's resourceVersion is older than the server keeps "
                         "(etcd compaction). Events in between may be lost, so ListAndWatch ends; "
                         "after backoff it lists again (cause \"watch expired\") and Replace "
                         "repairs the cache, queueing tombstones for objects deleted in the "
                         "meantime.");
    else
        p << Caption::tr("The watch stopped with an error. After backoff the Reflector lists again "
                         "and starts a new watch; the resourceVersion is never taken from the "
                         "error's Status.");
    if (const TraceEvent *next = firstAfter(journal, e.seq, upTo, [](const TraceEvent &x) {
            return x.kind == TraceKind::ListStarted || x.kind == TraceKind::WatchStarted;
        })) {
        if (next->kind == TraceKind::ListStarted)
            p << Caption::tr(
                     "The next request was a LIST %1 (cause: %2) at resourceVersion \"%3\", "
                     "limit %4.")
                     .arg(when(*next), said(*next, "cause"), next->resourceVersion,
                          str(*next, "limit"));
        else
            p << Caption::tr("The next request was a WATCH %1 from resourceVersion %2, without a "
                             "list.")
                     .arg(when(*next), next->resourceVersion);
    }
    return page(
        code ? Caption::tr("Watch error %1: %2").arg(QString::number(code), JournalText::error(e))
             : Caption::tr("Watch error: %1").arg(JournalText::error(e)),
        p);
}

QString backoffCaption(const TraceEvent &e, const Journal *, quint64)
{
    QStringList p{Caption::tr("client-go's backoff: 800 ms at first, doubled after each failure up "
                              "to 30 s, with jitter, reset after 2 minutes without failure. Then "
                              "ListAndWatch starts again (next list cause: %1).")
                      .arg(said(e, "reason"))};
    if (e.detail.contains(QLatin1String("retryAfterCapSeconds")))
        p << Caption::tr("The server asked to wait at least %1 s (Retry-After); the Reflector "
                         "waits at most %2 s, the ceiling of its own backoff (client-go's REST "
                         "client would honour any value).")
                 .arg(str(e, "retryAfterSeconds"), str(e, "retryAfterCapSeconds"));
    else if (e.detail.contains(QLatin1String("retryAfterSeconds")))
        p << Caption::tr("The server asked to wait at least %1 s (Retry-After).")
                 .arg(str(e, "retryAfterSeconds"));
    return page(Caption::tr("Backoff: waiting %1 ms").arg(str(e, "delayMs")), p);
}

} // namespace lens::captiondetail
