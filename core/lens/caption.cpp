// SPDX-License-Identifier: Apache-2.0
#include "caption.h"
#include "caption_p.h"

#include "deltachip.h"
#include "format.h"
#include "journaltext.h"
#include "trace/journal.h"

#include <QJsonArray>
#include <QMap>
#include <QStringList>

#include <algorithm>
#include <deque>

namespace lens {

using namespace captiondetail;

namespace captiondetail {

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

QString page(const QString &headline, const QStringList &paragraphs)
{
    QString html = QStringLiteral("<p><b>%1</b></p>").arg(esc(headline));
    for (const QString &p : paragraphs)
        html += QStringLiteral("<p>%1</p>").arg(esc(p));
    return html;
}

QString str(const TraceEvent &e, const char *field)
{
    return e.detail.value(QLatin1String(field)).toVariant().toString();
}

/// A journal field in the window's language (a list cause, a watch's end, an error).
QString said(const TraceEvent &e, const char *field)
{
    return JournalText::phrase(str(e, field));
}

} // namespace captiondetail

namespace captiondetail {
/// What queued the FifoQueued event at `seq`: Replace (after a completed list, or a WatchList's
/// initial-events-end bookmark) and Resync (after its tick) queue in one go, right after the
/// event that recorded them, so the first event before the run of FifoQueued events it belongs
/// to (notes aside) is the cause. Null when that event is neither (the delta came from elsewhere)
/// or the journal no longer holds it.
const TraceEvent *queueCauseEvent(const Journal *journal, quint64 seq)
{
    if (!journal)
        return nullptr;
    auto it = at(journal, seq);
    int budget = kScanBudget;
    while (it != journal->events().begin() && budget-- > 0) {
        --it;
        // Notes (a scenario's caption, recorded as it reacts to the list) come in between.
        if (it->kind == TraceKind::FifoQueued || it->kind == TraceKind::Info)
            continue;
        if (it->kind == TraceKind::Resync || it->kind == TraceKind::ListCompleted ||
            (it->kind == TraceKind::Bookmark &&
             it->detail.value(QLatin1String("initialEventsEnd")).toBool()))
            return &*it;
        return nullptr;
    }
    return nullptr;
}

/// "at 12.345 s (journal event 321)": where to find `e` on the timeline and in the journal.
QString when(const TraceEvent &e)
{
    return Caption::tr("at %1 (journal event %2)").arg(formatTimeMs(e.t)).arg(e.seq);
}

/// The keys queued right after `e` (a Replace after a completed list, a Resync after its tick:
/// both queue in one go, before anything else is recorded), split into tombstones and others.
void queuedAfter(const Journal *journal, const TraceEvent &e, quint64 upTo, QStringList *others,
                 QStringList *tombstones)
{
    auto it = at(journal, e.seq + 1);
    const auto end = journal->events().end();
    for (int budget = kScanBudget; it != end && budget-- > 0; ++it) {
        if (it->kind != TraceKind::FifoQueued || (upTo != 0 && it->seq > upTo))
            break;
        const bool tomb = !it->deltas.isEmpty() && it->deltas.last().tombstone;
        (tomb ? tombstones : others)->append(it->key);
    }
}

/// Up to five keys, then "…".
QString someKeys(const QStringList &keys)
{
    QString out = keys.mid(0, 5).join(QStringLiteral(", "));
    if (keys.size() > 5)
        out += QStringLiteral(", \u2026");
    return out;
}
} // namespace captiondetail

QString Caption::queueCause(const Journal *journal, quint64 seq)
{
    const TraceEvent *e = queueCauseEvent(journal, seq);
    if (!e)
        return {};
    if (e->kind == TraceKind::Resync)
        return QStringLiteral("resync");
    if (e->kind == TraceKind::Bookmark)
        return QStringLiteral("watchlist");
    return QStringLiteral("list:") + str(*e, "cause");
}

QString Caption::hasSynced(bool synced)
{
    return tr("HasSynced is %1. It becomes true once the DeltaFIFO's first Replace (the initial "
              "list) has been called and every item it queued (initialPopulationCount) has been "
              "popped and handed to the handlers; it never becomes false again. "
              "WaitForCacheSync waits for exactly this, and each handler has its own HasSynced "
              "for its initial-list notifications.")
        .arg(synced ? QStringLiteral("true") : QStringLiteral("false"));
}

namespace captiondetail {
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

/// What queued a Sync or Replaced delta, from `cause` (queueCauseEvent()); `journal` says
/// whether there was a journal to look in at all.
QString causeOfQueued(const Journal *journal, const TraceEvent *cause)
{
    if (cause && cause->kind == TraceKind::Resync)
        return Caption::tr("It was queued by a resync tick (DeltaFIFO.Resync) %1.")
            .arg(when(*cause));
    if (cause && cause->kind == TraceKind::Bookmark)
        return Caption::tr("It was queued by the Replace of a WatchList's initial events, whose "
                           "end bookmark arrived %1.")
            .arg(when(*cause));
    if (cause)
        return Caption::tr("It was queued by the Replace of a list (cause: %1) that completed %2.")
            .arg(said(*cause, "cause"), when(*cause));
    if (journal)
        return Caption::tr("The journal no longer shows what queued it (a resync tick or the "
                           "Replace of a list).");
    return Caption::tr("It was queued by a resync tick (DeltaFIFO.Resync) or by the Replace of "
                       "a relist.");
}

QString deltaMeaning(DeltaType t, bool tombstone)
{
    if (tombstone)
        return Caption::tr("Deleted with a DeletedFinalStateUnknown tombstone: a relist no longer "
                           "had the object, so its deletion was inferred (the DELETE watch event "
                           "was missed); the tombstone carries the last known state.");
    switch (t) {
    case DeltaType::Added:
        return Caption::tr("Added: a watch ADDED event (DeltaFIFO.Add).");
    case DeltaType::Updated:
        return Caption::tr("Updated: a watch MODIFIED event (DeltaFIFO.Update).");
    case DeltaType::Deleted:
        return Caption::tr("Deleted: a watch DELETED event (DeltaFIFO.Delete).");
    case DeltaType::Replaced:
        return Caption::tr("Replaced: the object as a list (Replace) returned it, with "
                           "emitDeltaTypeReplaced on, as informers set it.");
    case DeltaType::Sync:
        return Caption::tr("Sync: re-queued by a resync (DeltaFIFO.Resync) or by Replace with "
                           "emitDeltaTypeReplaced off; nothing changed on the server.");
    }
    return {};
}
} // namespace captiondetail

QString Caption::forDeltas(const QString &key, const Deltas &deltas, const QString &queueMode)
{
    QStringList paras;
    const bool real = queueMode == QLatin1String("RealFIFO");
    if (real)
        paras << tr("RealFIFO keeps every event on its own, in arrival order across all keys: "
                    "each Pop hands over exactly one, so this key appears once per queued event.");
    else
        paras << tr("The DeltaFIFO keeps one entry per key with everything that happened to the "
                    "object, oldest first (%1). Pop hands the whole list to HandleDeltas at once; "
                    "the key keeps its place in line from its first delta until then. Only two "
                    "Deleted deltas in a row are ever merged (dedupDeltas).")
                     .arg(summarizeDeltas(deltas));
    QList<std::pair<DeltaType, bool>> seen;
    for (const Delta &d : deltas) {
        const std::pair<DeltaType, bool> k{d.type, d.tombstone};
        if (!seen.contains(k)) {
            seen << k;
            paras << deltaMeaning(d.type, d.tombstone);
        }
    }
    return page(real ? tr("%1: one queued event (RealFIFO)").arg(key)
                     : tr("%1: %n queued delta(s)", nullptr, int(deltas.size())).arg(key),
                paras);
}

QString Caption::forEvent(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    const QString key = e.key;
    const QString rv = e.resourceVersion;
    switch (e.kind) {
    case TraceKind::WatchEvent:
        return page(tr("Watch event %1 for %2 (resourceVersion %3)").arg(e.type, key, rv),
                    {tr("The API server's watch stream sent %1. The Reflector's watchHandler turns "
                        "ADDED into DeltaFIFO.Add, MODIFIED into Update and DELETED into Delete, "
                        "and remembers resourceVersion %2 so that the next watch resumes "
                        "there.")
                         .arg(e.type, rv)});
    case TraceKind::Bookmark: {
        QStringList p{tr("A bookmark carries no object: it only moves the Reflector's last "
                         "resourceVersion forward, so the next watch neither replays old events "
                         "nor relists. Nothing is queued.")};
        if (e.detail.value(QLatin1String("initialEventsEnd")).toBool())
            p << tr("This is the initial-events-end bookmark of a WatchList: the streamed "
                    "initial list is complete, the Reflector calls Replace with it and the "
                    "informer can become HasSynced.");
        return page(tr("BOOKMARK at resourceVersion %1").arg(rv), p);
    }
    case TraceKind::ListStarted: {
        const QString cause = str(e, "cause");
        return page(tr("LIST started (cause: %1) at resourceVersion \"%2\", limit %3")
                        .arg(said(e, "cause"), rv, str(e, "limit")),
                    {listCauseText(cause, str(e, "fallbackReason")),
                     listRequestText(rv, e.detail.value(QLatin1String("limit")).toInt())});
    }
    case TraceKind::ListPage:
        return page(tr("LIST page: %1 items").arg(str(e, "items")),
                    {tr("The pager follows the continue token until the list is whole; the "
                        "items are queued only when the last page has arrived.")});
    case TraceKind::ListCompleted: {
        QStringList p{tr("The Reflector calls DeltaFIFO.Replace with the whole list: every listed "
                         "object is queued as Replaced (Sync when emitDeltaTypeReplaced is off), "
                         "and every key the queue or the Indexer (knownObjects) holds that the "
                         "list lacks gets a Deleted delta with a DeletedFinalStateUnknown "
                         "tombstone, because its DELETE watch event was missed.")};
        const QString cause = str(e, "cause");
        if (!cause.isEmpty())
            p << listCauseText(cause, str(e, "fallbackReason"));
        if (const TraceEvent *started = lastBefore(journal, e.seq, [](const TraceEvent &x) {
                return x.kind == TraceKind::ListStarted;
            }))
            p << listRequestText(started->resourceVersion,
                                 started->detail.value(QLatin1String("limit")).toInt());
        if (journal) {
            QStringList others, tombstones;
            queuedAfter(journal, e, upTo, &others, &tombstones);
            if (!others.isEmpty() || !tombstones.isEmpty())
                p << tr("What this list did: Replace queued %n listed object(s) (Replaced) and ",
                        nullptr, int(others.size())) +
                         (tombstones.isEmpty()
                              ? tr("no tombstone: no known object was missing from it.")
                              : tr("%n tombstone(s) for object(s) missing from it (%1): their "
                                   "handlers get OnDelete with a DeletedFinalStateUnknown.",
                                   nullptr, int(tombstones.size()))
                                    .arg(someKeys(tombstones))) +
                         QLatin1Char(' ') +
                         tr("A listed object whose resourceVersion changed reaches every handler "
                            "as OnUpdate (OnAdd if new); an unchanged one only handlers whose "
                            "resync is due.");
        }
        return page(tr("LIST complete at resourceVersion %1: %2 objects").arg(rv, str(e, "items")),
                    p);
    }
    case TraceKind::ListFailed:
        return page(tr("LIST failed: %1").arg(said(e, "error")),
                    {tr("ListAndWatch returns the error (the watch error handler sees it) and the "
                        "Reflector backs off before it lists again.")});
    case TraceKind::WatchStarted:
        return page(tr("WATCH from resourceVersion %1 (timeoutSeconds %2)")
                        .arg(rv, str(e, "timeoutSeconds")),
                    {tr("The watch streams every change after resourceVersion %1. client-go picks "
                        "timeoutSeconds at random in [300, 600) so that informers do not all "
                        "re-watch at once, and asks for bookmarks (allowWatchBookmarks).")
                         .arg(rv)});
    case TraceKind::WatchEnded:
        return page(tr("Watch ended (%1) after %2 events").arg(said(e, "reason"), str(e, "events")),
                    {tr("A watch that ends without an error (e.g. the server's timeout) is "
                        "restarted from the last resourceVersion: no relist, nothing queued. "
                        "The gap until the next watch is a window in which no events arrive.")});
    case TraceKind::WatchError: {
        const int code = e.detail.value(QLatin1String("code")).toInt();
        QStringList p;
        if (code == 410)
            p << tr("410 Gone: the watch's resourceVersion is older than the server keeps "
                    "(etcd compaction). Events in between may be lost, so ListAndWatch ends; "
                    "after backoff it lists again (cause \"watch expired\") and Replace "
                    "repairs the cache, queueing tombstones for objects deleted in the "
                    "meantime.");
        else
            p << tr("The watch stopped with an error. After backoff the Reflector lists again "
                    "and starts a new watch; the resourceVersion is never taken from the "
                    "error's Status.");
        if (const TraceEvent *next = firstAfter(journal, e.seq, upTo, [](const TraceEvent &x) {
                return x.kind == TraceKind::ListStarted || x.kind == TraceKind::WatchStarted;
            })) {
            if (next->kind == TraceKind::ListStarted)
                p << tr("The next request was a LIST %1 (cause: %2) at resourceVersion \"%3\", "
                        "limit %4.")
                         .arg(when(*next), said(*next, "cause"), next->resourceVersion,
                              str(*next, "limit"));
            else
                p << tr("The next request was a WATCH %1 from resourceVersion %2, without a "
                        "list.")
                         .arg(when(*next), next->resourceVersion);
        }
        return page(code ? tr("Watch error %1: %2").arg(QString::number(code), said(e, "error"))
                         : tr("Watch error: %1").arg(said(e, "error")),
                    p);
    }
    case TraceKind::Backoff: {
        QStringList p{tr("client-go's backoff: 800 ms at first, doubled after each failure up "
                         "to 30 s, with jitter, reset after 2 minutes without failure. Then "
                         "ListAndWatch starts again (next list cause: %1).")
                          .arg(said(e, "reason"))};
        if (e.detail.contains(QLatin1String("retryAfterSeconds")))
            p << tr("The server asked to wait at least %1 s (Retry-After).")
                     .arg(str(e, "retryAfterSeconds"));
        return page(tr("Backoff: waiting %1 ms").arg(str(e, "delayMs")), p);
    }
    case TraceKind::FifoQueued: {
        const bool real = str(e, "queueMode") == QLatin1String("RealFIFO");
        const Delta last = e.deltas.isEmpty() ? Delta() : e.deltas.last();
        QStringList p;
        QString head;
        if (last.tombstone) {
            const bool wasQueued = e.deltas.size() > 1;
            head = tr("Tombstone queued for %1").arg(key);
            p << tr("A relist (Replace) did not contain %1, although the %2. Its DELETE watch "
                    "event was missed (a disconnect, or 410 Gone), so client-go queues a "
                    "Deleted delta whose object is a DeletedFinalStateUnknown tombstone with "
                    "the last state it knew (resourceVersion %3). Handlers get OnDelete with "
                    "the tombstone and must unwrap it.")
                     .arg(key,
                          wasQueued ? tr("DeltaFIFO still had deltas queued for it (the "
                                         "tombstone carries the newest queued object)")
                                    : tr("Indexer (knownObjects) still held it"),
                          last.object.isNull() ? tr("unknown") : last.object.resourceVersion());
        } else if (last.type == DeltaType::Sync) {
            head = tr("Sync queued for %1 (resourceVersion %2)").arg(key, rv);
            const TraceEvent *cause = queueCauseEvent(journal, e.seq);
            p << causeOfQueued(journal, cause);
            if (!cause || cause->kind == TraceKind::Resync)
                p << tr("DeltaFIFO.Resync queues the Indexer's current object for every key with "
                        "nothing queued (keys with queued deltas are skipped: they will be "
                        "delivered anyway). Nothing changed on the server; only handlers whose "
                        "resyncPeriod is due get the resulting OnUpdate(old, new) with the same "
                        "object.");
        } else if (last.type == DeltaType::Replaced) {
            head = tr("Replaced queued for %1 (resourceVersion %2)").arg(key, rv);
            p << causeOfQueued(journal, queueCauseEvent(journal, e.seq))
              << tr("When popped it becomes OnAdd if the Indexer lacks the key, otherwise "
                    "OnUpdate; an update with an unchanged resourceVersion reaches only "
                    "handlers whose resync is due.");
        } else {
            head =
                tr("%1 queued for %2 (resourceVersion %3)").arg(deltaTypeName(last.type), key, rv);
            p << deltaMeaning(last.type, false);
        }
        if (real)
            p << tr("RealFIFO queues each event on its own; they are delivered in arrival order, "
                    "one per Pop.");
        else
            p << tr("The key's Deltas are now %1; the DeltaFIFO never merges them (only two "
                    "Deleted in a row collapse), so a handler sees every version.")
                     .arg(summarizeDeltas(e.deltas));
        return page(head, p);
    }
    case TraceKind::FifoPopped: {
        const bool initial = e.detail.value(QLatin1String("isInInitialList")).toBool();
        return page(
            tr("Pop: %1 with %n delta(s) handed to HandleDeltas", nullptr, int(e.deltas.size()))
                .arg(key),
            {tr("The controller's processLoop popped the head of the queue. For each delta, "
                "oldest first, HandleDeltas updates the Indexer (add, update or delete) and then "
                "the processor notifies every listener."),
             initial ? tr("isInInitialList = true: the queue had not synced yet, so additions "
                          "from this pop are flagged as part of the initial list.")
                     : tr("isInInitialList = false: the initial list was already delivered.")});
    }
    case TraceKind::IndexerAdded:
    case TraceKind::IndexerUpdated:
    case TraceKind::IndexerDeleted:
        return page(e.kind == TraceKind::IndexerAdded     ? tr("Indexer: %1 added").arg(key)
                    : e.kind == TraceKind::IndexerUpdated ? tr("Indexer: %1 updated").arg(key)
                                                          : tr("Indexer: %1 deleted").arg(key),
                    {tr("The ThreadSafeStore keeps the newest object per key and updates every "
                        "index (e.g. namespace) in the same step; listers read from it. It "
                        "changes before any handler is notified.")});
    case TraceKind::Synced:
        return page(tr("HasSynced: %1 objects").arg(str(e, "objects")), {hasSynced(true)});
    case TraceKind::PumpMode:
        return page(tr("Pop pump: %1").arg(e.type),
                    {tr("Run pops continuously; Pause leaves deltas in the queue, where you can "
                        "watch them pile up and compress; Step pops exactly one key.")});
    case TraceKind::HandlerNotified:
    case TraceKind::Resync:
    case TraceKind::HandlerAdded:
    case TraceKind::HandlerRemoved:
    case TraceKind::HandlerResyncChanged:
        return processorCaption(e, journal, upTo);
    case TraceKind::CacheSyncStarted:
    case TraceKind::CacheSyncWaiting:
    case TraceKind::CacheSyncFinished:
        return cacheSyncCaption(e);
    case TraceKind::Info:
        return page(tr("Note"), {str(e, "message")});
    }
    return {};
}

} // namespace lens
