// SPDX-License-Identifier: Apache-2.0
// Caption::forEvent for the Reflector's events: its lists (started, pages, completed, failed),
// watches (started, events, bookmarks, ended, errors) and backoffs.
#include "caption.h"
#include "caption_p.h"

#include "journaltext.h"
#include "rules.h"
#include "trace/journal.h"

namespace lens::captiondetail {

QString listCauseText(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    const QString cause = str(e, "cause");
    const RuleContext c{e, journal, upTo};
    if (cause == QLatin1String("initial"))
        return Caption::tr("It is the first list of ListAndWatch: it fills the cache.");
    if (cause == QLatin1String("expired"))
        return Rules::sentence(RuleId::ListCauseExpired, c);
    if (cause == QLatin1String("too large"))
        return Caption::tr("The list before it was refused because its resourceVersion is too "
                           "large (newer than the server has seen), so the Reflector marks its "
                           "last synced resourceVersion unavailable and lists again at once.");
    if (cause == QLatin1String("watch expired"))
        return Rules::sentence(RuleId::ListCauseWatchExpired, c);
    if (cause == QLatin1String("watch error")) {
        // Which watch error led here, from the informer's last one before this list.
        const TraceEvent *err = lastBefore(journal, e.seq, [&](const TraceEvent &x) {
            return x.informer == e.informer && x.kind == TraceKind::WatchError;
        });
        if (!err)
            return Caption::tr("The watch before it ended with an error; the journal no longer "
                               "shows which.");
        QString s = Rules::sentence(RuleId::ListCauseShortWatch, c, str(*err, "shortWatchMs"));
        if (s.isEmpty())
            s = Rules::sentence(RuleId::ListCauseWatchRequestFailed, c, JournalText::error(*err));
        if (s.isEmpty())
            s = Rules::sentence(RuleId::ListCauseWatchErrorEvent, c, JournalText::error(*err));
        return s.isEmpty()
                   ? s
                   : s + QLatin1Char(' ') + Caption::tr("The watch error was %1.").arg(when(*err));
    }
    if (cause == QLatin1String("fallback")) {
        QString s = Caption::tr("WatchList (a streaming list with sendInitialEvents) did not work "
                                "(%1), so the Reflector falls back to LIST then WATCH.")
                        .arg(JournalText::fallback(e));
        const QString ours =
            Rules::sentence(RuleId::BookmarkTimeoutIsOurs, c, str(e, "bookmarkTimeoutMs"));
        return ours.isEmpty() ? s : s + QLatin1Char(' ') + ours;
    }
    if (cause == QLatin1String("continue expired"))
        return Caption::tr("A continue token of the paged list expired, so the pager lists "
                           "everything again in one request at the original resourceVersion.");
    return Caption::tr("Cause: %1.").arg(said(e, "cause"));
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

QString watchEventCaption(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    const QString key = e.key;
    const QString rv = e.resourceVersion;
    const RuleContext c{e, journal, upTo};
    QStringList p{Caption::tr("The API server's watch stream sent %1.").arg(e.type),
                  Rules::sentence(RuleId::WatchEventQueued, c, rv),
                  Rules::sentence(RuleId::WatchListEventStored, c)};
    if (e.type == QLatin1String("MODIFIED"))
        p << updateDiffText(journal, e, QString());
    p.removeAll(QString());
    return page(Caption::tr("Watch event %1 for %2 (resourceVersion %3)").arg(e.type, key, rv), p);
}

QString bookmarkCaption(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    const QString rv = e.resourceVersion;
    const RuleContext c{e, journal, upTo};
    QStringList p{Rules::sentence(RuleId::BookmarkMovesResourceVersion, c, rv),
                  Rules::sentence(RuleId::InitialEventsEndReplaces, c)};
    if (flagOf(e, "watchList") && !flagOf(e, "initialEventsEnd"))
        p << Caption::tr("It arrived during a WatchList's initial events: it moves the "
                         "resourceVersion of the Reflector's temporary store to %1.")
                 .arg(rv);
    p.removeAll(QString());
    return page(Caption::tr("BOOKMARK at resourceVersion %1").arg(rv), p);
}

QString listStartedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    const QString rv = e.resourceVersion;
    QStringList p{listCauseText(e, journal, upTo),
                  listRequestText(rv, e.detail.value(QLatin1String("limit")).toInt())};
    p.removeAll(QString());
    return page(Caption::tr("LIST started (cause: %1) at resourceVersion \"%2\", limit %3")
                    .arg(said(e, "cause"), rv, str(e, "limit")),
                p);
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
    if (!str(e, "cause").isEmpty())
        p << listCauseText(e, journal, upTo);
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
                     Caption::tr("A listed object whose resourceVersion changed reaches every "
                                 "handler as OnUpdate (OnAdd if new).");
        p << Rules::sentence(RuleId::UnchangedUpdateToSyncing, RuleContext{e, journal, upTo});
        p << relistSplitText(journal, e, upTo);
        p.removeAll(QString());
    }
    return page(
        Caption::tr("LIST complete at resourceVersion %1: %2 objects").arg(rv, str(e, "items")), p);
}

QString listFailedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    const RuleContext c{e, journal, upTo};
    QStringList p{Rules::sentence(RuleId::ListFailedBacksOff, c),
                  Rules::sentence(RuleId::ContinueExpiredListsAgain, c)};
    p.removeAll(QString());
    return page(Caption::tr("LIST failed: %1").arg(JournalText::error(e)), p);
}

QString watchStartedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    const QString rv = e.resourceVersion;
    const RuleContext c{e, journal, upTo};
    const int timeout = e.detail.value(QLatin1String("timeoutSeconds")).toInt();
    const QString timeoutText =
        timeout >= 300 && timeout < 600
            ? Caption::tr("client-go picks timeoutSeconds at random in [300, 600) so that "
                          "informers do not all re-watch at once; this one is %1 s.")
                  .arg(timeout)
            : Caption::tr("timeoutSeconds %1 is this program's setting (client-go picks one at "
                          "random in [300, 600) s).")
                  .arg(timeout);
    if (flagOf(e, "sendInitialEvents")) {
        const QString match =
            rv.isEmpty() ? Caption::tr("resourceVersion \"\": the newest state, a consistent "
                                       "read from etcd")
                         : Caption::tr("a state not older than %1").arg(rv);
        return page(Caption::tr("WATCH with sendInitialEvents (WatchList), resourceVersion \"%1\" "
                                "(timeoutSeconds %2)")
                        .arg(rv, str(e, "timeoutSeconds")),
                    {Rules::sentence(RuleId::WatchListRequest, c, rv, match), timeoutText});
    }
    QStringList p{Rules::sentence(RuleId::WatchRequest, c, rv), timeoutText};
    if (const TraceEvent *err = firstAfter(journal, e.seq, upTo,
                                           [&](const TraceEvent &x) {
                                               return x.informer == e.informer &&
                                                      (x.kind == TraceKind::WatchError ||
                                                       x.kind == TraceKind::WatchEvent ||
                                                       x.kind == TraceKind::Bookmark ||
                                                       x.kind == TraceKind::WatchEnded);
                                           });
        err && err->kind == TraceKind::WatchError && flagOf(*err, "request"))
        p << Caption::tr("The request failed %1 (%2): no watch existed.")
                 .arg(when(*err), JournalText::error(*err));
    p.removeAll(QString());
    return page(Caption::tr("WATCH from resourceVersion %1 (timeoutSeconds %2)")
                    .arg(rv, str(e, "timeoutSeconds")),
                p);
}

QString watchEndedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    const RuleContext c{e, journal, upTo};
    QStringList p{Rules::sentence(RuleId::WatchEndedRewatches, c, e.resourceVersion),
                  Rules::sentence(RuleId::WatchListEndedEarly, c)};
    if (str(e, "reason") == QLatin1String("stream broken") && flagOf(e, "watchList"))
        p << Caption::tr("Informer Lens let this WatchList go because it fell behind the initial "
                         "events (its own backlog limit, not client-go's) and lists instead.");
    p.removeAll(QString());
    return page(Caption::tr("Watch ended (%1) after %2 events")
                    .arg(JournalText::watchEnd(e), str(e, "events")),
                p);
}

QString watchErrorCaption(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    const int code = e.detail.value(QLatin1String("code")).toInt();
    const RuleContext c{e, journal, upTo};
    QStringList p;
    if (flagOf(e, "request"))
        p << Caption::tr("The WATCH request itself was answered with this error: no watch "
                         "existed.");
    else if (e.detail.contains(QLatin1String("shortWatchMs")))
        p << Caption::tr("The watch closed after %1 ms without a single event: client-go calls "
                         "that a \"very short watch\" and treats it as an error.")
                 .arg(str(e, "shortWatchMs"));
    else
        p << Caption::tr("The open watch stream sent an ERROR event.");
    if (code == 410)
        p << Caption::tr("410 Gone: the resourceVersion is older than the server keeps (etcd "
                         "compaction); events in between may be lost, and only a list can "
                         "repair the cache (Replace queues tombstones for objects deleted in "
                         "the meantime).");
    p << Rules::sentence(RuleId::WatchErrorRelists, c)
      << Rules::sentence(RuleId::WatchErrorRewatches, c)
      << Rules::sentence(RuleId::WatchErrorRetriesAtOnce, c)
      << Rules::sentence(RuleId::WatchListErrorFallsBack, c)
      << Rules::sentence(RuleId::WatchListErrorStreamsAgain, c)
      << Caption::tr("The resourceVersion is never taken from the error's Status.");
    if (const TraceEvent *next = Rules::nextRequest(c)) {
        if (next->kind == TraceKind::ListStarted)
            p << Caption::tr(
                     "The next request was a LIST %1 (cause: %2) at resourceVersion \"%3\", "
                     "limit %4.")
                     .arg(when(*next), said(*next, "cause"), next->resourceVersion,
                          str(*next, "limit"));
        else
            p << Caption::tr("The next request was a WATCH %1 from resourceVersion \"%2\", "
                             "without a list.")
                     .arg(when(*next), next->resourceVersion);
    }
    p.removeAll(QString());
    return page(
        code ? Caption::tr("Watch error %1: %2").arg(QString::number(code), JournalText::error(e))
             : Caption::tr("Watch error: %1").arg(JournalText::error(e)),
        p);
}

QString backoffCaption(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    const RuleContext c{e, journal, upTo};
    QStringList p{Caption::tr("client-go's backoff: 800 ms at first, doubled after each failure up "
                              "to 30 s, with jitter, reset after 2 minutes without failure."),
                  Rules::sentence(RuleId::BackoffThenList, c, said(e, "reason")),
                  Rules::sentence(RuleId::BackoffThenWatch, c, said(e, "reason"))};
    p.removeAll(QString());
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
