// SPDX-License-Identifier: Apache-2.0
// Caption::forEvent for the factory's WaitForCacheSync gate: its start, its ticks while it
// waits and its end (opened, timed out, shut down), with the informers it waits on, all read
// from the journal event's own fields.
#include "caption.h"
#include "caption_p.h"

#include <QJsonArray>

namespace lens::captiondetail {

namespace {
/// A detail field holding a list of informer names, as "pods, nodes" (or `none`).
QString names(const TraceEvent &e, const char *field, const QString &none)
{
    QStringList out;
    for (const QJsonValue &v : e.detail.value(QLatin1String(field)).toArray())
        out << v.toString();
    return out.isEmpty() ? none : out.join(QLatin1String(", "));
}

/// Milliseconds as seconds with one decimal ("2.0 s").
QString seconds(const TraceEvent &e, const char *field)
{
    return Caption::tr("%1 s").arg(e.detail.value(QLatin1String(field)).toDouble() / 1000, 0, 'f',
                                   1);
}

const char *whatTheGateIs()
{
    return QT_TRANSLATE_NOOP("lens::Caption",
                             "WaitForCacheSync is the gate a controller waits at before its "
                             "workers start: it opens once every informer started by the "
                             "SharedInformerFactory reports HasSynced (its first list is in the "
                             "indexer and popped), so a worker never reads a half-filled cache.");
}
} // namespace

QString cacheSyncCaption(const TraceEvent &e, const Journal *, quint64)
{
    const QString gate = Caption::tr(whatTheGateIs());
    switch (e.kind) {
    case TraceKind::CacheSyncStarted: {
        QStringList paragraphs{
            Caption::tr("Waiting for: %1. Informers of the factory: %2.")
                .arg(names(e, "waitingFor", Caption::tr("none (all synced already)")),
                     names(e, "informers", Caption::tr("none"))),
            gate};
        const QString notStarted = names(e, "notStarted", {});
        if (!notStarted.isEmpty())
            paragraphs << Caption::tr("Not waited for: %1, created after start() and not "
                                      "started; client-go leaves them out of the wait silently.")
                              .arg(notStarted);
        return page(Caption::tr("WaitForCacheSync started %1").arg(when(e)), paragraphs);
    }
    case TraceKind::CacheSyncWaiting:
        return page(
            Caption::tr("WaitForCacheSync still waiting after %1").arg(seconds(e, "elapsedMs")),
            {Caption::tr("Not synced yet: %1. Each informer syncs when its Reflector's "
                         "first list has been popped; one whose list keeps failing "
                         "(403 Forbidden, a server that cannot be reached) keeps the "
                         "gate shut.")
                 .arg(names(e, "notSynced", Caption::tr("none"))),
             gate});
    case TraceKind::CacheSyncFinished: {
        const QString waitedOn = str(e, "waitedOn");
        if (e.type == QLatin1String("opened"))
            return page(
                Caption::tr("WaitForCacheSync opened after %1").arg(seconds(e, "elapsedMs")),
                {waitedOn.isEmpty()
                     ? Caption::tr("Every informer had synced before the wait began.")
                     : Caption::tr("The last informer to sync was %1; with it every "
                                   "informer of the factory reports HasSynced.")
                           .arg(waitedOn),
                 gate});
        const QString headline =
            e.type == QLatin1String("timedOut")
                ? Caption::tr("WaitForCacheSync timed out after %1").arg(seconds(e, "elapsedMs"))
                : Caption::tr("WaitForCacheSync ended by shutdown after %1")
                      .arg(seconds(e, "elapsedMs"));
        return page(headline,
                    {Caption::tr("It was still waiting on %1 (not synced: %2); the gate did not "
                                 "open, so a controller would not start its workers.")
                         .arg(waitedOn, names(e, "notSynced", Caption::tr("none"))),
                     gate});
    }
    default:
        return {};
    }
}

} // namespace lens::captiondetail
