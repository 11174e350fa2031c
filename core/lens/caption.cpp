// SPDX-License-Identifier: Apache-2.0
#include "caption.h"
#include "caption_p.h"

#include "deltachip.h"
#include "format.h"
#include "journaltext.h"
#include "objectdiff.h"
#include "trace/journal.h"

#include <QHash>
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

/// A code field of the journal (a list's cause, a backoff's reason) in the window's language.
QString said(const TraceEvent &e, const char *field)
{
    return JournalText::code(str(e, field));
}

} // namespace captiondetail

namespace captiondetail {
/// What queued the FifoQueued event at `seq`: Replace (after a completed list, or a WatchList's
/// initial-events-end bookmark) and Resync (after its tick) queue in one go, right after the
/// event that recorded them, so the first event before the run of FifoQueued events it belongs
/// to (notes aside) is the cause. Null when that event is neither (the delta came from elsewhere)
/// or the journal no longer holds it.
bool runsBesideTheQueue(TraceKind kind)
{
    switch (kind) {
    case TraceKind::FifoPopped:
    case TraceKind::IndexerAdded:
    case TraceKind::IndexerUpdated:
    case TraceKind::IndexerDeleted:
    case TraceKind::HandlerNotified:
    case TraceKind::PumpMode:
    case TraceKind::Synced:
        return true;
    default:
        return false;
    }
}

const TraceEvent *queueCauseEvent(const Journal *journal, quint64 seq)
{
    if (!journal)
        return nullptr;
    auto it = at(journal, seq);
    // Another informer's events may come between the slices of a long Replace: only the
    // queued delta's own informer's events count.
    const QString informer =
        it != journal->events().end() && it->seq == seq ? it->informer : QString();
    int budget = kScanBudget;
    while (it != journal->events().begin() && budget-- > 0) {
        --it;
        // Notes (a scenario's caption, recorded as it reacts to the list) come in between, and
        // so does the Pop side between the slices of a long Replace (pops of keys queued
        // already, the Indexer, handlers, a lesson pausing the pump): none of them queues.
        if (it->kind == TraceKind::FifoQueued || it->kind == TraceKind::Info ||
            it->informer != informer || runsBesideTheQueue(it->kind))
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

QString updateDiffText(const Journal *journal, const TraceEvent &e, const QString &oldRv)
{
    if (e.object.isNull())
        return {};
    const TraceEvent *before = lastBefore(journal, e.seq, [&](const TraceEvent &x) {
        return (x.kind == TraceKind::IndexerAdded || x.kind == TraceKind::IndexerUpdated) &&
               x.key == e.key && x.informer == e.informer && !x.object.isNull() &&
               (oldRv.isEmpty() || x.resourceVersion == oldRv);
    });
    if (!before)
        return {};
    const QStringList diff = objectDiff(before->object.json(), e.object.json());
    if (diff.isEmpty())
        return Caption::tr("Fields changed since resourceVersion %1: none besides metadata "
                           "(resourceVersion, managedFields).")
            .arg(before->resourceVersion);
    return Caption::tr("Fields changed since resourceVersion %1: %2.")
        .arg(before->resourceVersion, diff.join(QStringLiteral("; ")));
}

QString relistSplitText(const Journal *journal, const TraceEvent &e, quint64 upTo)
{
    if (!journal)
        return {};
    // The listed keys (with the resourceVersion listed) and the tombstones Replace queued.
    QList<std::pair<QString, QString>> listed;
    QStringList missing;
    auto it = at(journal, e.seq + 1);
    for (int budget = kScanBudget; it != journal->events().end() && budget-- > 0; ++it) {
        if (it->kind != TraceKind::FifoQueued || (upTo != 0 && it->seq > upTo))
            break;
        if (!it->deltas.isEmpty() && it->deltas.last().tombstone)
            missing << it->key;
        else
            listed.append({it->key, it->resourceVersion});
    }
    if (listed.isEmpty() && missing.isEmpty())
        return {};
    // What the Indexer held before the list: the newest indexer event per key.
    QHash<QString, QString> held; // key -> resourceVersion ("" = deleted)
    auto back = at(journal, e.seq);
    int budget = kScanBudget;
    while (back != journal->events().begin() && budget-- > 0) {
        --back;
        if (back->informer != e.informer || held.contains(back->key))
            continue;
        if (back->kind == TraceKind::IndexerAdded || back->kind == TraceKind::IndexerUpdated)
            held.insert(back->key, back->resourceVersion);
        else if (back->kind == TraceKind::IndexerDeleted)
            held.insert(back->key, QString());
    }
    // Keys the scan did not reach are "not known" unless it saw the whole journal.
    const bool sawAll =
        back == journal->events().begin() && budget >= 0 && journal->droppedCount() == 0;
    QStringList added, changed, unchanged, unknown;
    for (const auto &[key, rv] : std::as_const(listed)) {
        const auto h = held.constFind(key);
        if (h == held.cend())
            (sawAll ? added : unknown) << key;
        else if (h->isEmpty())
            added << key;
        else
            (*h == rv ? unchanged : changed) << key;
    }
    auto group = [](const QString &text, const QStringList &keys) {
        return keys.isEmpty() ? QString() : text.arg(keys.size()).arg(someKeys(keys));
    };
    QStringList parts;
    parts << group(Caption::tr("%1 new (%2)"), added)
          << group(Caption::tr("%1 changed, another resourceVersion (%2)"), changed)
          << group(Caption::tr("%1 unchanged, the same resourceVersion (%2)"), unchanged)
          << group(Caption::tr("%1 not in the journal before the list (%2)"), unknown)
          << group(Caption::tr("%1 missing from the list, queued as tombstones (%2)"), missing);
    parts.removeAll(QString());
    return Caption::tr("Against the Indexer before this list: %1.")
        .arg(parts.join(QStringLiteral("; ")));
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

QString Caption::forMark(const TimelineModel::Mark &m)
{
    using Kind = TimelineModel::Mark::Kind;
    switch (m.kind) {
    case Kind::Added:
    case Kind::Modified:
    case Kind::Deleted:
        return tr("A watch event: the Reflector queues it as a Delta for the key. Click to select "
                  "the key.");
    case Kind::Bookmark:
        return tr("A BOOKMARK: only the resourceVersion moves, so a restarted watch can resume "
                  "from here instead of relisting.");
    case Kind::ListPage:
        return tr("One page of a paginated LIST (limit/continue).");
    case Kind::Expired:
        return tr("410 Gone: the resourceVersion is older than the server keeps; only a list "
                  "can repair the cache, and its Replace turns missed deletions into "
                  "DeletedFinalStateUnknown tombstones. Click it: the Explain pane says what "
                  "the Reflector did next.");
    case Kind::Error:
        return tr("The list or watch failed. Click it: the Explain pane says what the Reflector "
                  "did next (a new watch, a list, a backoff).");
    case Kind::Backoff:
        return tr("Backoff: the Reflector waits before the next list/watch attempt (exponential, "
                  "with jitter).");
    case Kind::Resync:
        return tr("Resync tick: when a listener's resyncPeriod is due, DeltaFIFO.Resync queues "
                  "a Sync for every Indexer key with nothing queued; syncing listeners receive "
                  "OnUpdate(old, new) with the same object.");
    case Kind::Synced:
        return tr("HasSynced: every object of the initial list has been popped and handled.");
    }
    return {};
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

namespace {
using KindCaption = QString (*)(const TraceEvent &, const Journal *, quint64);

/// The function that explains events of `kind` (one per TraceKind, grouped by component in
/// caption_reflector.cpp, caption_queue.cpp, caption_indexer.cpp, caption_informer.cpp,
/// caption_processor.cpp, caption_cachesync.cpp, caption_workqueue.cpp).
KindCaption captionOf(TraceKind kind)
{
    switch (kind) {
    case TraceKind::WatchEvent:
        return watchEventCaption;
    case TraceKind::Bookmark:
        return bookmarkCaption;
    case TraceKind::ListStarted:
        return listStartedCaption;
    case TraceKind::ListPage:
        return listPageCaption;
    case TraceKind::ListCompleted:
        return listCompletedCaption;
    case TraceKind::ListFailed:
        return listFailedCaption;
    case TraceKind::WatchStarted:
        return watchStartedCaption;
    case TraceKind::WatchEnded:
        return watchEndedCaption;
    case TraceKind::WatchError:
        return watchErrorCaption;
    case TraceKind::Backoff:
        return backoffCaption;
    case TraceKind::FifoQueued:
        return fifoQueuedCaption;
    case TraceKind::FifoPopped:
        return fifoPoppedCaption;
    case TraceKind::IndexerAdded:
    case TraceKind::IndexerUpdated:
    case TraceKind::IndexerDeleted:
        return indexerChangedCaption;
    case TraceKind::Synced:
        return syncedCaption;
    case TraceKind::PumpMode:
        return pumpModeCaption;
    case TraceKind::HandlerNotified:
        return handlerNotifiedCaption;
    case TraceKind::Resync:
        return resyncCaption;
    case TraceKind::HandlerAdded:
        return handlerAddedCaption;
    case TraceKind::HandlerRemoved:
        return handlerRemovedCaption;
    case TraceKind::HandlerResyncChanged:
        return handlerResyncChangedCaption;
    case TraceKind::CacheSyncStarted:
    case TraceKind::CacheSyncWaiting:
    case TraceKind::CacheSyncFinished:
        return cacheSyncCaption;
    case TraceKind::WorkqueueAdd:
    case TraceKind::WorkqueueGet:
    case TraceKind::WorkqueueDone:
    case TraceKind::WorkqueueAddAfter:
    case TraceKind::WorkqueueReady:
    case TraceKind::WorkqueueAddRateLimited:
    case TraceKind::WorkqueueForget:
    case TraceKind::WorkqueueShutDown:
    case TraceKind::WorkqueueCancelGet:
        return workqueueCaption;
    case TraceKind::ApiRequestSent:
    case TraceKind::ApiRequestFinished:
        return apiRequestCaption;
    case TraceKind::ControllerSyncStarted:
    case TraceKind::ControllerSyncFinished:
        return controllerSyncCaption;
    case TraceKind::ProvisionerCalled:
    case TraceKind::ProvisionerReturned:
        return provisionerCaption;
    case TraceKind::PriorityQueueAdd:
    case TraceKind::PriorityQueueReady:
    case TraceKind::PriorityQueueGet:
    case TraceKind::PriorityQueueDone:
    case TraceKind::PriorityQueueForget:
    case TraceKind::PriorityQueueShutDown:
        return priorityQueueCaption;
    case TraceKind::RuntimeEnqueued:
    case TraceKind::RuntimeEventFiltered:
    case TraceKind::RuntimeControllerStarted:
    case TraceKind::ReconcileStarted:
    case TraceKind::ReconcileFinished:
        return runtimeCaption;
    case TraceKind::MetricsScraped:
        return metricsCaption;
    case TraceKind::Info:
        return noteCaption;
    }
    return nullptr;
}
} // namespace

QString Caption::forEvent(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    const KindCaption caption = captionOf(e.kind);
    return caption ? caption(e, journal, upTo) : QString();
}

} // namespace lens
