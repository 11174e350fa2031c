// SPDX-License-Identifier: Apache-2.0
// The journal's JSON Lines writer (`informer-lens --headless`'s output) at the rate of a large
// sync: N pods' events shaped as a 150 000-pod sync records them (fifoQueued, fifoPopped,
// indexerAdded, handlerNotified per pod, with the same fields and values), formatted
//  - as before: QJsonDocument(event.toJson()).toJson(Compact), one line at a time;
//  - by jsonlines::appendEvent into one reused buffer (the same bytes: tst_jsonlines);
//  - through JournalPrinter to a file (default /dev/null): formatting on this thread, writes
//    on the printer's own, until finish() returns (everything written).
// Prints one `key: value unit` line per figure (docs/performance.md, "The journal's lines").
//
//   build/bench/bench_journallines [--pods 150000] [--out /dev/null]
#include "trace/journal.h"
#include "trace/journalprinter.h"
#include "trace/jsonlines.h"
#include "trace/traceevent.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonDocument>

#include <cstdio>
#include <vector>

using namespace lens;

namespace {

/// The four events a listed pod causes, with the fields a real sync gives them.
std::vector<TraceEvent> syncEvents(int pods)
{
    std::vector<TraceEvent> events;
    events.reserve(size_t(pods) * 4);
    const QStringList namespaces{QStringLiteral("analytics"), QStringLiteral("payments"),
                                 QStringLiteral("shop"), QStringLiteral("default")};
    const QString informer = QStringLiteral("pods");
    quint64 seq = 0;
    for (int i = 0; i < pods; ++i) {
        const QString ns = namespaces[i % namespaces.size()];
        const QString name = QStringLiteral("nginx-7fb78fb6d8-%1").arg(i, 5, 36, QLatin1Char('0'));
        const QString rv = QString::number(1000 + i);
        const Object pod = Object::make(ns, name, rv);
        TraceEvent e;
        e.informer = informer;
        e.key = ns + QLatin1Char('/') + name;
        e.resourceVersion = rv;
        e.t = 4379 + i / 100;

        TraceEvent queued = e;
        queued.seq = ++seq;
        queued.kind = TraceKind::FifoQueued;
        queued.component = QStringLiteral("deltafifo");
        queued.type = QStringLiteral("Replaced");
        queued.deltas = {Delta::of(DeltaType::Replaced, pod)};
        queued.detail.insert(QLatin1String("queueDepth"), i + 1);
        queued.detail.insert(QLatin1String("queueMode"), QLatin1String("DeltaFIFO"));
        events.push_back(queued);

        TraceEvent popped = queued;
        popped.seq = ++seq;
        popped.kind = TraceKind::FifoPopped;
        popped.type.clear();
        popped.detail = EventDetail();
        popped.detail.insert(QLatin1String("hasSynced"), false);
        popped.detail.insert(QLatin1String("isInInitialList"), true);
        popped.detail.insert(QLatin1String("queueDepth"), pods - i - 1);
        popped.detail.insert(QLatin1String("queueMode"), QLatin1String("DeltaFIFO"));
        events.push_back(popped);

        TraceEvent added = e;
        added.seq = ++seq;
        added.kind = TraceKind::IndexerAdded;
        added.component = QStringLiteral("indexer");
        added.type = QStringLiteral("Replaced");
        added.object = pod;
        events.push_back(added);

        TraceEvent notified = e;
        notified.seq = ++seq;
        notified.kind = TraceKind::HandlerNotified;
        notified.component = QStringLiteral("processor");
        notified.type = QStringLiteral("add");
        notified.detail.insert(QLatin1String("backlog"), i % 64);
        notified.detail.insert(QLatin1String("handler"), QLatin1String("logger"));
        notified.detail.insert(QLatin1String("isInInitialList"), true);
        notified.detail.insert(QLatin1String("latencyMs"), 2);
        events.push_back(notified);
    }
    return events;
}

void out(const char *key, double value, const char *unit, const char *format = "%.0f")
{
    std::printf("%s: ", key);
    std::printf(format, value);
    std::printf(" %s\n", unit);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("The journal's JSON Lines writer, lines per second."));
    p.addHelpOption();
    const QCommandLineOption podsOpt(QStringLiteral("pods"),
                                     QStringLiteral("Pods (default 150000)."), QStringLiteral("N"),
                                     QStringLiteral("150000"));
    const QCommandLineOption outOpt(QStringLiteral("out"),
                                    QStringLiteral("Where the printer writes (default /dev/null)."),
                                    QStringLiteral("FILE"), QStringLiteral("/dev/null"));
    p.addOptions({podsOpt, outOpt});
    p.process(app);
    const int pods = p.value(podsOpt).toInt();
    if (pods <= 0) {
        std::fprintf(stderr, "bench_journallines: --pods takes a positive number\n");
        return 2;
    }
    const std::vector<TraceEvent> events = syncEvents(pods);
    const double n = double(events.size());
    out("journal.events", n, "events");

    QElapsedTimer t;
    qint64 bytes = 0;
    t.start();
    for (const TraceEvent &e : events)
        bytes += QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact).size() + 1;
    out("journal.qjson_lines_per_second", n / (t.nsecsElapsed() / 1e9), "lines/s");

    QByteArray buffer;
    buffer.reserve(1 << 20);
    qint64 check = 0;
    t.restart();
    for (const TraceEvent &e : events) {
        jsonlines::appendEvent(buffer, e);
        buffer.append('\n');
        if (buffer.size() >= (1 << 20)) {
            check += buffer.size();
            buffer.clear();
        }
    }
    check += buffer.size();
    out("journal.lines_per_second", n / (t.nsecsElapsed() / 1e9), "lines/s");
    if (check != bytes) {
        std::fprintf(stderr, "bench_journallines: %lld bytes, QJsonDocument wrote %lld\n",
                     qlonglong(check), qlonglong(bytes));
        return 1;
    }
    out("journal.mb", double(bytes) / 1e6, "MB", "%.1f");

    FILE *file = std::fopen(qPrintable(p.value(outOpt)), "w");
    if (!file) {
        std::fprintf(stderr, "bench_journallines: cannot write %s\n", qPrintable(p.value(outOpt)));
        return 1;
    }
    Journal journal; // not recorded to: print() is called directly, as eventRecorded would
    {
        JournalPrinter printer(&journal, fileno(file));
        t.restart();
        for (const TraceEvent &e : events)
            printer.print(e);
        if (!printer.finish()) {
            std::fprintf(stderr, "bench_journallines: %s\n", qPrintable(printer.error()));
            return 1;
        }
        const double s = t.nsecsElapsed() / 1e9;
        out("journal.printer_lines_per_second", n / s, "lines/s");
        out("journal.printer_mb_per_second", double(bytes) / 1e6 / s, "MB/s");
        out("journal.printer_stalled_ms", printer.stalledMs(), "ms", "%.1f");
    }
    std::fclose(file);
    return 0;
}
