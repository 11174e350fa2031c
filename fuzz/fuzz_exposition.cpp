// SPDX-License-Identifier: Apache-2.0
// A /metrics body (metrics/exposition.h: the Prometheus text format 0.0.4 and OpenMetrics 1.0),
// parsed in both formats. A body that parses must be read into ScrapeFigures, and the figures
// the journal keeps (toJson) must read back to the same JSON; a body that does not must say
// on which line and why.

#include "fuzzcommon.h"

#include "metrics/exposition.h"
#include "metrics/scrapefigures.h"

#include <QJsonDocument>

#include <cstdio>

LENS_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace lens::metrics;
    const QByteArrayView body(reinterpret_cast<const char *>(data), qsizetype(size));
    for (const ExpositionFormat format :
         {ExpositionFormat::Text004, ExpositionFormat::OpenMetrics1}) {
        Exposition e;
        ExpositionError error;
        if (!parseExposition(body, format, &e, &error)) {
            if (error.message.isEmpty() || error.line < 1)
                std::abort();
            continue;
        }
        const ScrapeFigures f = ScrapeFigures::fromExposition(e, 64);
        const QJsonObject once = f.toJson();
        const QJsonObject twice = ScrapeFigures::fromJson(once).toJson();
        if (once != twice) {
            std::fprintf(stderr, "figures do not read back:\n%s\n%s\n",
                         QJsonDocument(once).toJson().constData(),
                         QJsonDocument(twice).toJson().constData());
            std::abort();
        }
        for (const QueueFigures &q : f.queues)
            for (double quantile : {0.5, 0.99})
                (void)q.queueDuration.quantile(quantile);
    }
    return 0;
}
