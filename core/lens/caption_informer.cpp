// SPDX-License-Identifier: Apache-2.0
// Caption::forEvent for the informer's own events: HasSynced, the Pop pump's mode, and a note
// (a scenario's or the window's words, recorded as they are).
#include "caption.h"
#include "caption_p.h"
#include "journaltext.h"

namespace lens::captiondetail {

QString syncedCaption(const TraceEvent &e, const Journal *, quint64)
{
    return page(Caption::tr("HasSynced: %1 objects").arg(str(e, "objects")),
                {Caption::hasSynced(true)});
}

QString pumpModeCaption(const TraceEvent &e, const Journal *, quint64)
{
    return page(
        Caption::tr("Pop pump: %1").arg(e.type),
        {Caption::tr("Run pops continuously; Pause leaves deltas in the queue, where you can "
                     "watch them pile up and compress; Step pops exactly one key.")});
}

QString noteCaption(const TraceEvent &e, const Journal *, quint64)
{
    // The Reflector's note that WatchList gave up says why from its typed fields.
    if (e.detail.contains(QLatin1String("fallbackCode")))
        return page(
            Caption::tr("Note"),
            {Caption::tr("WatchList falls back to LIST+WATCH: %1").arg(JournalText::fallback(e))});
    return page(Caption::tr("Note"), {str(e, "message")});
}

} // namespace lens::captiondetail
