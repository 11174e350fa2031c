// SPDX-License-Identifier: Apache-2.0
// Caption::forEvent for a /metrics scrape (MetricsScraped, client/metricsscraper.h). Every
// sentence is read from the event's own fields, and from the target's previous good scrape in
// the journal when one failed.
#include "caption.h"
#include "caption_p.h"
#include "journaltext.h"
#include "metrics/scrapefigures.h"

#include <QJsonArray>

namespace lens::captiondetail {

namespace {

/// The newest good scrape of `target` before `seq`, or nullptr (within kScanBudget events).
const TraceEvent *lastGoodBefore(const Journal *journal, const QString &target, quint64 seq)
{
    if (!journal)
        return nullptr;
    auto it = at(journal, seq);
    int budget = kScanBudget;
    while (it != journal->events().begin() && budget-- > 0) {
        --it;
        if (it->kind == TraceKind::MetricsScraped && it->key == target &&
            !it->detail.contains(QLatin1String("failure")))
            return &*it;
    }
    return nullptr;
}

} // namespace

QString metricsCaption(const TraceEvent &e, const Journal *journal, quint64)
{
    QStringList p;
    const QString path = str(e, "path");
    const int code = e.detail.value(QLatin1String("code")).toInt();
    if (!path.isEmpty())
        p << Caption::tr("Informer Lens sent GET %1 to the API server, which passes it to the "
                         "pod or service named in it (the proxy subresource; the user needs "
                         "RBAC get on it).")
                 .arg(path);
    else
        p << Caption::tr("Informer Lens sent GET %1.").arg(str(e, "url"));
    if (e.detail.contains(QLatin1String("failure"))) {
        if (code != 0)
            p << Caption::tr("The answer was HTTP %1 after %2 ms.")
                     .arg(code)
                     .arg(e.detail.value(QLatin1String("latencyMs")).toInteger());
        p << Caption::tr("Why it failed: %1.").arg(str(e, "error"));
        if (const TraceEvent *good = lastGoodBefore(journal, e.key, e.seq))
            p << Caption::tr("The Metrics tab keeps the figures of the last good scrape of this "
                             "target, journal event %1 at %2 s.")
                     .arg(good->seq)
                     .arg(double(good->t) / 1000.0, 0, 'f', 3);
        else
            p << Caption::tr("No scrape of this target has succeeded yet: the Metrics tab has no "
                             "figures for it.");
    } else {
        p << Caption::tr("The controller answered HTTP %1 with %2 bytes in %3 ms: %4 families, "
                         "%5 samples.")
                 .arg(code)
                 .arg(e.detail.value(QLatin1String("bytes")).toInteger())
                 .arg(e.detail.value(QLatin1String("latencyMs")).toInteger())
                 .arg(e.detail.value(QLatin1String("families")).toInteger())
                 .arg(e.detail.value(QLatin1String("samples")).toInteger());
        const metrics::ScrapeFigures f =
            metrics::ScrapeFigures::fromJson(e.detail.value(QLatin1String("figures")).toObject());
        if (!f.queues.isEmpty())
            p << Caption::tr("Workqueues in it: %1.")
                     .arg(QStringList(f.queues.keys()).join(QStringLiteral(", ")));
        if (!f.controllers.isEmpty())
            p << Caption::tr("controller-runtime controllers in it: %1.")
                     .arg(QStringList(f.controllers.keys()).join(QStringLiteral(", ")));
        for (const QString &w : f.warnings)
            p << Caption::tr("Left out: %1.").arg(w);
    }
    p << when(e);
    return page(JournalText::metrics(e), p);
}

} // namespace lens::captiondetail
