// SPDX-License-Identifier: Apache-2.0
// Caption::forEvent for the processor's events: a handler's notifications (and why it got
// them, from the journal), resync ticks, and handler registration, resync changes, removal.
#include "caption.h"
#include "caption_p.h"

#include "format.h"
#include "rules.h"

#include <QJsonArray>
#include <QMap>

namespace lens::captiondetail {

namespace {

/// Why handler notification `e` happened: the watch event (or list) it comes from, found by
/// key and resourceVersion in the journal before it.
QString whyNotified(const Journal *journal, const TraceEvent &e)
{
    auto it = at(journal, e.seq);
    const auto begin = journal->events().begin();
    for (int budget = kScanBudget; it != begin && budget-- > 0;) {
        --it;
        if (it->informer != e.informer)
            continue;
        if (it->key == e.key && it->kind == TraceKind::WatchEvent &&
            (e.type == QLatin1String("delete") ? it->type == QLatin1String("DELETED")
                                               : it->resourceVersion == e.resourceVersion))
            return Caption::tr("Why: the watch event %1 %2 brought resourceVersion %3; the "
                               "Reflector queued it as a delta, Pop handed it to HandleDeltas, "
                               "the Indexer stored it, then the processor notified %4.")
                .arg(it->type, when(*it), it->resourceVersion, str(e, "handler"));
        if (it->kind == TraceKind::ListCompleted)
            return Caption::tr("Why: the list that completed %1 (cause: %2) had this object; "
                               "Replace queued it, Pop handed it to HandleDeltas, then the "
                               "processor notified %3.")
                .arg(when(*it), said(*it, "cause"), str(e, "handler"));
    }
    return {};
}

/// Why an "update (resync)" notification `e` happened, from the journal: the Pop that delivered
/// it, the queued Sync or Replaced delta it came from and what queued that, and why the
/// listener was syncing when Pop distributed it (the last resync tick's verdict for it, or no
/// tick since it was registered).
QStringList whyResyncUpdate(const Journal *journal, const TraceEvent &e)
{
    if (!journal)
        return {causeOfQueued(nullptr, nullptr)};
    const QString handler = str(e, "handler");
    const TraceEvent *pop = lastBefore(journal, e.seq, [&e](const TraceEvent &x) {
        return x.kind == TraceKind::FifoPopped && x.key == e.key && x.informer == e.informer;
    });
    if (!pop)
        return {Caption::tr("The journal no longer shows the Pop that delivered it.")};
    DeltaType type = DeltaType::Sync;
    bool found = false;
    for (const Delta &d : pop->deltas)
        if ((d.type == DeltaType::Sync || d.type == DeltaType::Replaced) && !d.tombstone &&
            d.object.resourceVersion() == e.resourceVersion) {
            type = d.type;
            found = true;
        }
    QStringList p;
    const TraceEvent *queued =
        !found ? nullptr : lastBefore(journal, pop->seq, [&](const TraceEvent &x) {
            return x.kind == TraceKind::FifoQueued && x.key == e.key && x.informer == e.informer &&
                   x.type == deltaTypeName(type) && x.resourceVersion == e.resourceVersion;
        });
    if (queued)
        p << Caption::tr("It comes from the %1 delta queued %2 and popped %3.")
                     .arg(deltaTypeName(type), when(*queued), when(*pop)) +
                 QLatin1Char(' ') + causeOfQueued(journal, queueCauseEvent(journal, queued->seq));
    else
        p << Caption::tr("It was popped %1; the journal no longer shows when its delta was "
                         "queued.")
                 .arg(when(*pop));
    // The listener's syncing flag at Pop time: set by the last resync tick before the pop.
    const TraceEvent *tick = lastBefore(journal, pop->seq, [&e](const TraceEvent &x) {
        return x.kind == TraceKind::Resync && x.informer == e.informer;
    });
    if (tick) {
        const QJsonArray ls = tick->detail.value(QLatin1String("listeners")).toArray();
        for (const QJsonValue &v : ls) {
            const QJsonObject l = v.toObject();
            if (l.value(QLatin1String("handler")).toString() != handler ||
                !l.value(QLatin1String("due")).toBool())
                continue;
            p << Caption::tr("%1 received it because the resync tick %2 found its resyncPeriod "
                             "(%3 s) due, so it was syncing when Pop distributed the update; "
                             "it is next due at %4.")
                     .arg(handler, when(*tick))
                     .arg(l.value(QLatin1String("resyncPeriodMs")).toDouble() / 1000.0)
                     .arg(formatTimeMs(l.value(QLatin1String("nextResyncMs")).toInteger()));
            return p;
        }
        if (ls.isEmpty())
            p << Caption::tr("The last resync tick before the Pop was %1; it found a handler due.")
                     .arg(when(*tick));
    } else if (journal && !journal->events().empty() && journal->events().front().seq == 1) {
        p << Caption::tr("No resync tick had run before the Pop, and a listener is syncing from "
                         "its registration (sharedProcessor.addListener), so %1 received this "
                         "update although nothing changed.")
                 .arg(handler);
    }
    return p;
}

} // namespace

QString handlerNotifiedCaption(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    const QString key = e.key;
    const QString rv = e.resourceVersion;
    const QString handler = str(e, "handler");
    QStringList p;
    QString head;
    if (e.type == QLatin1String("add")) {
        head = Caption::tr("OnAdd(%1) \u2192 %2").arg(key, handler);
        p << (e.detail.value(QLatin1String("isInInitialList")).toBool()
                  ? Caption::tr(
                        "isInInitialList = true: the object came with the informer's initial "
                        "list (or was already cached when this handler was added), not a new "
                        "object on the server.")
                  : Caption::tr(
                        "A new object: the Indexer did not have the key before this delta."));
    } else if (e.type == QLatin1String("update (resync)")) {
        head = Caption::tr("OnUpdate from resync: %1 \u2192 %2 (resourceVersion %3 unchanged)")
                   .arg(key, handler, rv);
        p << Caption::tr("Old and new object have the same resourceVersion: nothing changed on the "
                         "server. Such updates come from a Sync or Replaced delta.")
          << Rules::sentence(RuleId::UnchangedUpdateToSyncing, RuleContext{e, journal, upTo})
          << whyResyncUpdate(journal, e);
    } else if (e.type == QLatin1String("update")) {
        head = Caption::tr("OnUpdate(%1) \u2192 %2 (resourceVersion %3 \u2192 %4)")
                   .arg(key, handler, str(e, "oldResourceVersion"), rv);
        p << Rules::sentence(RuleId::ChangedUpdateToAll, RuleContext{e, journal, upTo});
        p << updateDiffText(journal, e, str(e, "oldResourceVersion"));
        p.removeAll(QString());
    } else if (e.type == QLatin1String("delete (tombstone)")) {
        head = Caption::tr("OnDelete(%1) with a tombstone \u2192 %2").arg(key, handler);
        p << Caption::tr("The object is a DeletedFinalStateUnknown: the deletion was inferred by a "
                         "relist, not seen as a watch event, and the object may be stale.");
    } else {
        head = Caption::tr("OnDelete(%1) \u2192 %2").arg(key, handler);
        p << Caption::tr("A DELETED watch event reached the handler with the object's last state.");
    }
    if (journal && e.type != QLatin1String("update (resync)") &&
        e.type != QLatin1String("delete (tombstone)")) {
        const QString why = whyNotified(journal, e);
        if (!why.isEmpty())
            p << why;
    }
    p << Caption::tr("The listener's buffer still holds %1 notification(s); this one waited %2 ms.")
             .arg(str(e, "backlog"), str(e, "latencyMs"));
    return page(head, p);
}

QString resyncCaption(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    const bool due = e.detail.value(QLatin1String("due")).toBool();
    const double periodS = e.detail.value(QLatin1String("periodMs")).toDouble() / 1000.0;
    QStringList p{due ? Rules::sentence(RuleId::ResyncQueuesSync, RuleContext{e, journal, upTo})
                      : Caption::tr("No handler's resyncPeriod was due yet: nothing was queued.")};
    p.removeAll(QString());
    if (journal && due) {
        QStringList synced, unused;
        queuedAfter(journal, e, upTo, &synced, &unused);
        p << Caption::tr("This tick %1 queued %n Sync delta(s)", nullptr, int(synced.size()))
                     .arg(when(e)) +
                 (synced.isEmpty() ? QStringLiteral(".")
                                   : QStringLiteral(" (%1).").arg(someKeys(synced)));
        // Who got it: the "update (resync)" notifications until the next tick or list.
        QMap<QString, int> perHandler;
        auto it = at(journal, e.seq + 1);
        for (int budget = kScanBudget; it != journal->events().end() && budget-- > 0; ++it) {
            if (it->kind == TraceKind::Resync || it->kind == TraceKind::ListCompleted ||
                (upTo != 0 && it->seq > upTo))
                break;
            if (it->kind == TraceKind::HandlerNotified &&
                it->type == QLatin1String("update (resync)"))
                ++perHandler[str(*it, "handler")];
        }
        QStringList got;
        for (auto h = perHandler.cbegin(); h != perHandler.cend(); ++h)
            got << Caption::tr("%1: %n update(s) from resync", nullptr, h.value()).arg(h.key());
        p << (got.isEmpty()
                  ? Caption::tr("No handler has received an update from this resync yet.")
                  : Caption::tr("Delivered so far: %1.").arg(got.join(QStringLiteral("; "))));
    }
    // Each listener's verdict and due time, as the tick recorded them.
    QStringList verdicts;
    for (const QJsonValue &v : e.detail.value(QLatin1String("listeners")).toArray()) {
        const QJsonObject l = v.toObject();
        const QString h = l.value(QLatin1String("handler")).toString();
        const qint64 period = l.value(QLatin1String("resyncPeriodMs")).toInteger();
        if (period <= 0)
            verdicts << Caption::tr("%1: no resyncPeriod, not due").arg(h);
        else if (l.value(QLatin1String("due")).toBool())
            verdicts << Caption::tr("%1: due (it was due at %2), next due at %3")
                            .arg(h, formatTimeMs(l.value(QLatin1String("dueAtMs")).toInteger()),
                                 formatTimeMs(l.value(QLatin1String("nextResyncMs")).toInteger()));
        else
            verdicts << Caption::tr("%1: not due, next due at %2")
                            .arg(h,
                                 formatTimeMs(l.value(QLatin1String("nextResyncMs")).toInteger()));
    }
    if (!verdicts.isEmpty())
        p << Caption::tr("The handlers at this tick: %1.").arg(verdicts.join(QStringLiteral("; ")));
    if (e.detail.contains(QLatin1String("nextTickMs")))
        p << Caption::tr("The next tick comes at %1 (resyncCheckPeriod %2 s after this one); each "
                         "handler is resynced at the first tick at or after its own due time.")
                 .arg(formatTimeMs(e.detail.value(QLatin1String("nextTickMs")).toInteger()))
                 .arg(periodS);
    else
        p << Caption::tr("The next tick comes %1 s later; each handler is resynced when its own "
                         "resyncPeriod is due (the ↻ lanes of the timeline).")
                 .arg(periodS);
    return page(Caption::tr("Resync tick (resyncCheckPeriod %1 s) %2").arg(periodS).arg(when(e)),
                p);
}

QString handlerAddedCaption(const TraceEvent &e, const Journal *, quint64)
{
    const qint64 period = e.detail.value(QLatin1String("resyncPeriodMs")).toInteger();
    QStringList p{
        Caption::tr("AddEventHandlerWithResyncPeriod registered the processorListener %1 "
                    "(requested resyncPeriod %2 s, effective %3 s). A new listener is "
                    "syncing (sharedProcessor.addListener): until a resync tick decides "
                    "otherwise, updates with an unchanged resourceVersion reach it too.")
            .arg(str(e, "handler"))
            .arg(e.detail.value(QLatin1String("requestedResyncPeriodMs")).toDouble() / 1000.0)
            .arg(double(period) / 1000.0)};
    if (period > 0)
        p << Caption::tr("It is first due for a resync at %1.")
                 .arg(formatTimeMs(e.detail.value(QLatin1String("nextResyncMs")).toInteger()));
    if (e.detail.value(QLatin1String("informerStarted")).toBool())
        p << Caption::tr("The informer was already running, so it gets an add (isInInitialList = "
                         "true) for every object already in the Indexer.");
    return page(Caption::tr("Handler %1 registered").arg(str(e, "handler")), p);
}

QString handlerRemovedCaption(const TraceEvent &e, const Journal *, quint64)
{
    return page(Caption::tr("Handler %1 removed").arg(str(e, "handler")),
                {Caption::tr("RemoveEventHandler stopped its processorListener; the %1 "
                             "notification(s) still in its buffer were let go.")
                     .arg(str(e, "dropped"))});
}

QString handlerResyncChangedCaption(const TraceEvent &e, const Journal *, quint64)
{
    const qint64 period = e.detail.value(QLatin1String("resyncPeriodMs")).toInteger();
    QStringList p{
        str(e, "reason") == QLatin1String("user")
            ? Caption::tr("The period was set while the informer runs (a scenario step or "
                          "the window); the listener is next due one period from then.")
            : Caption::tr("Handler %1 lowered the resyncCheckPeriod before the informer "
                          "started, so this listener's period was determined again "
                          "(determineResyncPeriod).")
                  .arg(str(e, "byHandler"))};
    if (period > 0)
        p << Caption::tr("It is next due for a resync at %1.")
                 .arg(formatTimeMs(e.detail.value(QLatin1String("nextResyncMs")).toInteger()));
    else
        p << Caption::tr("With no resyncPeriod it is never due: the next resync tick makes it stop "
                         "syncing.");
    return page(Caption::tr("Handler %1: resyncPeriod %2 s")
                    .arg(str(e, "handler"))
                    .arg(double(period) / 1000.0),
                p);
}

} // namespace lens::captiondetail
