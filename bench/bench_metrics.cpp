// SPDX-License-Identifier: Apache-2.0
// The /metrics parser (core/metrics/exposition.h) and the figures read from a scrape: how long a
// body takes to parse and read, for the sample scrape of controller-runtime-semantics §5.5
// (tests/metrics/data/sample-scrape.txt, a few KiB: what a real controller serves) and for a
// body of --megabytes MiB of an unwanted family (a process that exports far more than the
// workqueue and controller families). One `key: value unit` line per figure; the best of
// --runs runs.
//
//   build/bench/bench_metrics [--megabytes 50] [--runs 5]
#include "metrics/exposition.h"
#include "metrics/scrapefigures.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>

#include <cstdio>
#include <limits>

using namespace lens::metrics;

namespace {

/// The best wall time in milliseconds of `runs` parses and reads of `body`; false when it does
/// not parse (the error on stderr).
bool best(const QByteArray &body, int runs, double *ms, qint64 *samples)
{
    *ms = std::numeric_limits<double>::max();
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        Exposition e;
        ExpositionError error;
        if (!parseExposition(body, ExpositionFormat::Text004, &e, &error, &ScrapeFigures::wanted)) {
            std::fprintf(stderr, "bench_metrics: %s\n", qPrintable(error.toString()));
            return false;
        }
        const ScrapeFigures f = ScrapeFigures::fromExposition(e);
        (void)f.toJson();
        *ms = std::min(*ms, double(t.nsecsElapsed()) / 1e6);
        *samples = e.sampleCount;
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    p.addHelpOption();
    p.addOption({QStringLiteral("megabytes"), QStringLiteral("Size of the large body in MiB."),
                 QStringLiteral("N"), QStringLiteral("50")});
    p.addOption({QStringLiteral("runs"), QStringLiteral("Runs per figure (the best is printed)."),
                 QStringLiteral("N"), QStringLiteral("5")});
    p.process(app);
    const int megabytes = p.value(QStringLiteral("megabytes")).toInt();
    const int runs = std::max(1, p.value(QStringLiteral("runs")).toInt());
    if (megabytes <= 0) {
        std::fprintf(stderr, "bench_metrics: --megabytes takes a positive number\n");
        return 2;
    }

    QFile sample(QStringLiteral(LENS_METRICS_DATA "/sample-scrape.txt"));
    if (!sample.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "bench_metrics: cannot read %s\n", qPrintable(sample.fileName()));
        return 1;
    }
    const QByteArray small = sample.readAll();
    double ms = 0;
    qint64 samples = 0;
    if (!best(small, runs * 100, &ms, &samples))
        return 1;
    std::printf("metrics.sample_scrape.bytes: %lld B\n", qint64(small.size()));
    std::printf("metrics.sample_scrape.samples: %lld\n", samples);
    std::printf("metrics.sample_scrape.parse_and_read: %.3f ms\n", ms);

    QByteArray large = small;
    large.reserve(qsizetype(megabytes + 1) * 1024 * 1024);
    large += "# TYPE http_requests_total counter\n";
    const QByteArray tail = "\",method=\"GET\",path=\"/api/v1/namespaces/default/pods\"} 17\n";
    for (int i = 0; large.size() < qsizetype(megabytes) * 1024 * 1024; ++i)
        large += "http_requests_total{id=\"" + QByteArray::number(i) + tail;
    if (!best(large, runs, &ms, &samples))
        return 1;
    const double mib = double(large.size()) / (1024.0 * 1024.0);
    std::printf("metrics.large_body.bytes: %.1f MiB\n", mib);
    std::printf("metrics.large_body.samples: %lld\n", samples);
    std::printf("metrics.large_body.parse_and_read: %.1f ms\n", ms);
    std::printf("metrics.large_body.throughput: %.1f MiB/s\n", mib / (ms / 1000.0));
    return 0;
}
