// SPDX-License-Identifier: Apache-2.0
// Caption::forEvent for the Indexer's events: an object added, updated or deleted in the
// ThreadSafeStore.
#include "caption.h"
#include "caption_p.h"

namespace lens::captiondetail {

QString indexerChangedCaption(const TraceEvent &e, const Journal *journal, quint64)
{
    const QString key = e.key;
    QStringList p{Caption::tr("The ThreadSafeStore keeps the newest object per key and updates "
                              "every index (e.g. namespace) in the same step; listers read from "
                              "it. It changes before any handler is notified.")};
    if (e.kind == TraceKind::IndexerUpdated)
        p << updateDiffText(journal, e, str(e, "oldResourceVersion"));
    p.removeAll(QString());
    return page(e.kind == TraceKind::IndexerAdded     ? Caption::tr("Indexer: %1 added").arg(key)
                : e.kind == TraceKind::IndexerUpdated ? Caption::tr("Indexer: %1 updated").arg(key)
                                                      : Caption::tr("Indexer: %1 deleted").arg(key),
                p);
}

} // namespace lens::captiondetail
