// SPDX-License-Identifier: Apache-2.0
// Caption::forEvent for the informer's own events: HasSynced, the Pop pump's mode, and a note
// (a scenario's or the window's words, recorded as they are).
#include "caption.h"
#include "caption_p.h"
#include "format.h"
#include "journaltext.h"
#include "rules.h"

namespace lens::captiondetail {

QString syncedCaption(const TraceEvent &e, const Journal *, quint64)
{
    return page(Caption::tr("HasSynced: %1 objects").arg(str(e, "objects")),
                {Caption::hasSynced(true)});
}

QString pumpModeCaption(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    QStringList p{
        Caption::tr("Run pops continuously; Pause leaves deltas in the queue, where you "
                    "can watch them pile up; Step pops exactly one key."),
        Rules::sentence(RuleId::DeltaFifoMergesOnlyDeletes, RuleContext{e, journal, upTo})};
    p.removeAll(QString());
    return page(Caption::tr("Pop pump: %1").arg(e.type), p);
}

namespace {
/// The Simulator panel's notes (SimulatorClient, component "simulator"): from their typed
/// fields, in the window's language. Empty for any other note.
QString simulatorNote(const TraceEvent &e)
{
    if (e.component != QLatin1String("simulator"))
        return {};
    const EventDetail &d = e.detail;
    if (e.type == QLatin1String("state")) {
        qint64 objects = 0; // objects: resource -> count
        const QJsonObject perResource = d.value(QLatin1String("objects")).toObject();
        for (auto it = perResource.begin(); it != perResource.end(); ++it)
            objects += it.value().toInteger();
        return page(Caption::tr("Built-in cluster at revision %1").arg(str(e, "revision")),
                    {Caption::tr("/sim/v1/state says: %n object(s), ", nullptr, int(objects)) +
                     Caption::tr("%1 open watch(es), churn %2, compacted up to revision %3.")
                         .arg(str(e, "openWatches"),
                              d.value(QLatin1String("churn")).toBool() ? Caption::tr("on")
                                                                       : Caption::tr("off"),
                              str(e, "compactedRevision"))});
    }
    if (e.type == QLatin1String("action")) {
        const QString params = formatDetail(d.value(QLatin1String("parameters")).toObject());
        return page(
            Caption::tr("Simulator: %1").arg(str(e, "action")),
            {(params.isEmpty()
                  ? Caption::tr("The Simulator panel sent POST /sim/v1/%1.").arg(str(e, "action"))
                  : Caption::tr("The Simulator panel sent POST /sim/v1/%1 with %2.")
                        .arg(str(e, "action"), params)),
             Caption::tr("The built-in cluster answered: %1.")
                 .arg(formatDetail(d.value(QLatin1String("answer")).toObject()))});
    }
    if (e.type == QLatin1String("error"))
        return page(Caption::tr("Simulator: %1 failed").arg(str(e, "action")),
                    {Caption::tr("The request to /sim/v1/%1 failed (HTTP %2); as recorded: %3")
                         .arg(str(e, "action"), str(e, "code"), str(e, "message"))});
    return {};
}
} // namespace

QString noteCaption(const TraceEvent &e, const Journal *, quint64)
{
    if (QString sim = simulatorNote(e); !sim.isEmpty())
        return sim;
    // The Reflector's note that WatchList gave up says why from its typed fields.
    if (e.detail.contains(QLatin1String("fallbackCode"))) {
        QStringList p{
            Caption::tr("WatchList falls back to LIST+WATCH: %1").arg(JournalText::fallback(e)),
            Rules::sentence(RuleId::BookmarkTimeoutIsOurs, RuleContext{e, nullptr, 0},
                            str(e, "bookmarkTimeoutMs"))};
        p.removeAll(QString());
        return page(Caption::tr("Note"), p);
    }
    return page(Caption::tr("Note"), {str(e, "message")});
}

} // namespace lens::captiondetail
