// SPDX-License-Identifier: Apache-2.0
// Caption::forEvent for the queue's events (DeltaFIFO / RealFIFO: a delta queued, a key popped),
// and what each delta type means (shared with Caption::forDeltas).
#include "caption.h"
#include "caption_p.h"

#include "deltachip.h"
#include "rules.h"
#include "trace/journal.h"

#include <climits>

namespace lens::captiondetail {

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

QString fifoQueuedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    const QString key = e.key;
    const QString rv = e.resourceVersion;
    const bool real = str(e, "queueMode") == QLatin1String("RealFIFO");
    const Delta last = e.deltas.isEmpty() ? Delta() : e.deltas.last();
    QStringList p;
    QString head;
    if (last.tombstone) {
        const bool wasQueued = e.deltaCount() > 1;
        head = Caption::tr("Tombstone queued for %1").arg(key);
        p << Caption::tr("A relist (Replace) did not contain %1, although the %2. Its DELETE watch "
                         "event was missed (a disconnect, or 410 Gone), so client-go queues a "
                         "Deleted delta whose object is a DeletedFinalStateUnknown tombstone with "
                         "the last state it knew (resourceVersion %3). Handlers get OnDelete with "
                         "the tombstone and must unwrap it.")
                 .arg(key,
                      wasQueued ? Caption::tr("DeltaFIFO still had deltas queued for it (the "
                                              "tombstone carries the newest queued object)")
                                : Caption::tr("Indexer (knownObjects) still held it"),
                      last.object.isNull() ? Caption::tr("unknown")
                                           : last.object.resourceVersion());
    } else if (last.type == DeltaType::Sync) {
        head = Caption::tr("Sync queued for %1 (resourceVersion %2)").arg(key, rv);
        const TraceEvent *cause = queueCauseEvent(journal, e.seq);
        p << causeOfQueued(journal, cause);
        if (!cause || cause->kind == TraceKind::Resync)
            p << Caption::tr(
                "DeltaFIFO.Resync queues the Indexer's current object for every key with "
                "nothing queued (keys with queued deltas are skipped: they will be "
                "delivered anyway). Nothing changed on the server: the resulting "
                "OnUpdate(old, new) carries the same object.");
        p << Rules::sentence(RuleId::UnchangedUpdateToSyncing, RuleContext{e, journal, upTo});
    } else if (last.type == DeltaType::Replaced) {
        head = Caption::tr("Replaced queued for %1 (resourceVersion %2)").arg(key, rv);
        p << causeOfQueued(journal, queueCauseEvent(journal, e.seq))
          << Caption::tr("When popped it becomes OnAdd if the Indexer lacks the key, otherwise "
                         "OnUpdate.")
          << Rules::sentence(RuleId::UnchangedUpdateToSyncing, RuleContext{e, journal, upTo});
    } else {
        head = Caption::tr("%1 queued for %2 (resourceVersion %3)")
                   .arg(deltaTypeName(last.type), key, rv);
        p << deltaMeaning(last.type, false);
    }
    if (real)
        p << Caption::tr(
            "RealFIFO queues each event on its own; they are delivered in arrival order, "
            "one per Pop.");
    else
        p << (e.deltasOmitted() > 0
                  ? Caption::tr("The key's Deltas are now %n delta(s), the newest of them %1.",
                                nullptr, int(qMin<qint64>(e.deltaCount(), INT_MAX)))
                        .arg(summarizeDeltas(e.deltas))
                  : Caption::tr("The key's Deltas are now %1.").arg(summarizeDeltas(e.deltas)))
          << Rules::sentence(RuleId::DeltaFifoMergesOnlyDeletes, RuleContext{e, journal, upTo});
    p.removeAll(QString());
    return page(head, p);
}

QString fifoPoppedCaption(const TraceEvent &e, const Journal *, quint64)
{
    const QString key = e.key;
    const bool initial = e.detail.value(QLatin1String("isInInitialList")).toBool();
    return page(
        Caption::tr("Pop: %1 with %n delta(s) handed to HandleDeltas", nullptr,
                    int(e.deltas.size()))
            .arg(key),
        {Caption::tr(
             "The controller's processLoop popped the head of the queue. For each delta, "
             "oldest first, HandleDeltas updates the Indexer (add, update or delete) and then "
             "the processor notifies every listener."),
         initial
             ? Caption::tr("isInInitialList = true: the queue had not synced yet, so additions "
                           "from this pop are flagged as part of the initial list.")
             : Caption::tr("isInInitialList = false: the initial list was already delivered.")});
}

} // namespace lens::captiondetail
