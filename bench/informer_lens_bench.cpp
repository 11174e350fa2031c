// SPDX-License-Identifier: Apache-2.0
// informer-lens-bench: how fast and how light the informer is at scale, as one program that
// prints one `key: value unit` line per figure (docs/performance.md lists every key, the
// command for each and the figures measured).
//
//   informer-lens-bench [--quick] [--pods 10000,50000,150000] [--skip sim,ui]
//
// For each pod count N the built-in cluster runs as its own process (informer-lens-sim --pods N,
// so that its memory is not counted), and each phase runs in a fresh child process of this
// program (`--phase NAME --server URL --pods N`), so that each peak RSS is that phase's own:
//  - wire: the same LIST's bytes drained with no parsing over the same client stack (the first
//    LIST of the fresh server, then again): the floor sync.wire_ratio compares with;
//  - download: the informer's first LIST requests (resourceVersion=0, limit=500, following
//    continue tokens), bodies kept, then the same bytes parsed by simdjson on one thread
//    (wire.decode_seconds): with the download, the floor sync.parse_ratio compares with;
//  - sync: a Session (the one `informer-lens --headless` runs: HTTP ListerWatcher → Reflector →
//    DeltaFIFO → Indexer with the namespace index → one logging handler, journal at its default
//    cap) from start() to WaitForCacheSync; cache_per_json is the heap the informer and journal
//    hold after sync (allocator statistics, lens::heap) over the objects' compact JSON;
//  - watch: the same with WatchList (sendInitialEvents=true), so that all N objects arrive as
//    watch events through Reflector → DeltaFIFO → Indexer → handler: events per second.
// Then `informer-lens --headless` itself against the same server (cli.* keys: what users run,
// its journal read from a pipe), bench_journallines (journal.*), bench_sim (sim.*) and
// bench_window (ui.*) run as children. client-go's figures come from a file the user updates
// (--clientgo-reference, bench/clientgo-reference.txt), never from a constant.
// Never run by ctest: speed targets live in benchmarks, not in timed tests.
#include "api/objectpacker.h"
#include "benchhttp.h"
#include "heap/heap.h"
#include "informer/sharedinformer.h"
#include "informer/transforms.h"
#include "session/session.h"
#include "trace/disposal.h"
#include "trace/journal.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTimer>
#include <QUrlQuery>

#include <simdjson.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <string_view>

using namespace lens;

namespace {

void out(const QString &key, double value, const char *unit, const char *format = "%.2f")
{
    std::printf("%s: ", qPrintable(key));
    std::printf(format, value);
    std::printf(" %s\n", unit);
    std::fflush(stdout);
}

/// Peak resident set (VmHWM) of this process in MB (10^6 bytes), from /proc/self/status.
/// A "Vm...:" figure of /proc/self/status ("VmHWM", "VmRSS"), MB.
double procStatusMb(const char *field)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray key = QByteArray(field) + ':';
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(key))
            return line.mid(key.size()).trimmed().split(' ').value(0).toDouble() * 1024.0 / 1e6;
    return 0;
}

/// The peak resident set so far, MB.
double peakRssMb()
{
    return procStatusMb("VmHWM");
}

/// The informer's first LIST, as its Reflector sends it (resourceVersion=0, limit=500),
/// following continue tokens; each body is handed to `onBody`. False on an HTTP error. With
/// `drain`, bodies are read and dropped as they arrive (bench::drainBody): `onBody` gets the
/// first 64 KiB and `*drained` counts the bytes.
bool listAll(const QUrl &server, const std::function<void(QByteArray)> &onBody, bool drain = false,
             qint64 *drained = nullptr)
{
    QNetworkAccessManager nam;
    QString token;
    for (;;) {
        QUrl url = server;
        url.setPath(QStringLiteral("/api/v1/pods"));
        QUrlQuery q;
        q.addQueryItem(QStringLiteral("limit"), QStringLiteral("500"));
        if (token.isEmpty())
            q.addQueryItem(QStringLiteral("resourceVersion"), QStringLiteral("0"));
        else
            q.addQueryItem(QStringLiteral("continue"), token);
        url.setQuery(q);
        int status = 0;
        qint64 bytes = 0;
        QByteArray body =
            drain ? bench::drainBody(nam, url, &status, &bytes) : bench::getBody(nam, url, &status);
        if (drained)
            *drained += bytes;
        if (status != 200) {
            std::fprintf(stderr, "informer-lens-bench: %s: HTTP %d\n", qPrintable(url.toString()),
                         status);
            return false;
        }
        token = QString::fromUtf8(bench::continueToken(body));
        onBody(std::move(body));
        if (token.isEmpty())
            return true;
    }
}

/// The wire: the informer's first LIST with the same client stack (QNetworkAccessManager over
/// the same loopback), its bytes drained and dropped as they arrive, nothing parsed. Twice: the
/// first LIST a freshly started server answers, then the same again.
int phaseWire(const QUrl &server, int pods)
{
    const QString n = QString::number(pods);
    for (const char *key : {"wire.first_seconds.pods", "wire.seconds.pods"}) {
        qint64 bytes = 0;
        QElapsedTimer t;
        t.start();
        if (!listAll(
                server, [](QByteArray) {}, true, &bytes))
            return 1;
        out(QLatin1String(key) + n, t.nsecsElapsed() / 1e9, "s", "%.3f");
        if (std::string_view(key) == "wire.seconds.pods")
            out(QStringLiteral("wire.mb.pods") + n, bytes / 1e6, "MB", "%.1f");
    }
    return 0;
}

int phaseDownload(const QUrl &server, int pods)
{
    QList<QByteArray> bodies;
    qint64 bytes = 0;
    QElapsedTimer t;
    t.start();
    if (!listAll(server, [&](QByteArray b) {
            bytes += b.size();
            bodies << std::move(b);
        }))
        return 1;
    const double downloadS = t.nsecsElapsed() / 1e9;
    simdjson::dom::parser parser;
    qsizetype items = 0;
    t.restart();
    for (const QByteArray &b : std::as_const(bodies)) {
        simdjson::dom::element doc;
        if (parser.parse(b.constData(), size_t(b.size())).get(doc) != simdjson::SUCCESS) {
            std::fprintf(stderr, "informer-lens-bench: simdjson could not parse a list body\n");
            return 1;
        }
        simdjson::dom::array arr;
        if (doc["items"].get_array().get(arr) == simdjson::SUCCESS)
            items += qsizetype(arr.size());
    }
    const double parseS = t.nsecsElapsed() / 1e9;
    const QString n = QString::number(pods);
    out(QStringLiteral("download.seconds.pods") + n, downloadS, "s", "%.3f");
    out(QStringLiteral("download.mb.pods") + n, bytes / 1e6, "MB", "%.1f");
    out(QStringLiteral("wire.decode_seconds.pods") + n, parseS, "s", "%.3f");
    out(QStringLiteral("parse.items.pods") + n, double(items), "items", "%.0f");
    return items == pods ? 0 : 1;
}

/// The resident set now, MB.
double currentRssMb()
{
    return procStatusMb("VmRSS");
}

/// A relist of the synced `session` (issue 40): the built-in cluster ends every watch with 410
/// Expired (/sim/v1/expire-watches), the Reflector lists again and Replace queues every pod
/// again; measured until all of them were popped. relist.rss_mb is the peak resident set
/// during it (VmHWM reset first through /proc/self/clear_refs), relist.steady_rss_mb the
/// resident set before it: the relist holds the new list beside the cache, one extra copy, as
/// client-go's does (its Replace gets the whole list).
int measureRelist(Session &session, const QUrl &server, const QString &n, int pods)
{
    const double steady = currentRssMb();
    {
        QFile clear(QStringLiteral("/proc/self/clear_refs"));
        if (clear.open(QIODevice::WriteOnly))
            clear.write("5"); // reset the peak (VmHWM) to the current resident set
    }
    QEventLoop loop;
    int lists = 0, popped = 0;
    QObject::connect(session.journal(), &Journal::eventRecorded, &loop, [&](const TraceEvent &e) {
        if (e.kind == TraceKind::ListCompleted)
            ++lists;
        else if (e.kind == TraceKind::FifoPopped && lists > 0 && ++popped == pods)
            loop.quit();
    });
    QElapsedTimer t;
    t.start();
    QNetworkAccessManager nam;
    QUrl expire = server;
    expire.setPath(QStringLiteral("/sim/v1/expire-watches"));
    std::unique_ptr<QNetworkReply> reply(nam.post(QNetworkRequest(expire), QByteArray()));
    QTimer giveUp;
    giveUp.setSingleShot(true);
    QObject::connect(&giveUp, &QTimer::timeout, &loop, &QEventLoop::quit);
    giveUp.start(30 * 60 * 1000);
    loop.exec();
    if (popped < pods) {
        std::fprintf(stderr, "informer-lens-bench: the relist handed over %d of %d pods\n", popped,
                     pods);
        return 1;
    }
    out(QStringLiteral("relist.seconds.pods") + n, t.nsecsElapsed() / 1e9, "s", "%.3f");
    out(QStringLiteral("relist.steady_rss_mb.pods") + n, steady, "MB", "%.0f");
    out(QStringLiteral("relist.rss_mb.pods") + n, peakRssMb(), "MB", "%.0f");
    return 0;
}

/// One Session against `server` until WaitForCacheSync; prints the sync figures (or, with
/// `watchList`, the watch figure). With `strip`, the informer has the managedFields-stripping
/// transform and the sync keys end in ".strip" (sync.seconds.podsN.strip, ...), with
/// sync.strip_saved_percent.podsN: what the transform kept out of the cache. Without `pack`,
/// listed objects keep their JSON unpacked (Session::Options::packListedObjects) and the keys
/// end in ".unpacked"; with it, sync.packed_percent.podsN says what packing saved.
int phaseSync(const QUrl &server, int pods, bool watchList, bool strip = false, bool pack = true)
{
    Session::Options o;
    o.server = server;
    o.resources = {QStringLiteral("pods")};
    o.resyncPeriodMs = 0;
    o.churnIntervalMs = 0;
    o.watchListModes = {watchList};
    o.stripManagedFields = strip;
    o.packListedObjects = pack;
    Session session(o);
    const heap::Figures before = heap::figures();
    bool done = false, ok = false;
    // The end is signalled (WaitForCacheSync), never polled: a processEvents() loop with a
    // timeout spins without blocking (QEventLoop ignores WaitForMoreEvents when given a time)
    // and took a core from the decoder thread and the simulated server.
    QEventLoop loop;
    QObject::connect(&session, &Session::cacheSynced, &loop, [&](const CacheSyncResult &r) {
        done = true;
        ok = r.ok();
        loop.quit();
    });
    // Watch requests sent: a WatchList cut before its initial-events-end bookmark starts again
    // from the beginning (client-go's watchList), so more than one means lost work.
    int watchRequests = 0;
    QObject::connect(session.journal(), &Journal::eventRecorded, &loop,
                     [&watchRequests](const TraceEvent &e) {
                         if (e.kind == TraceKind::WatchStarted)
                             ++watchRequests;
                     });
    QElapsedTimer t;
    t.start();
    QString error;
    if (!session.start(&error)) {
        std::fprintf(stderr, "informer-lens-bench: %s\n", qPrintable(error));
        return 1;
    }
    QTimer giveUp;
    giveUp.setSingleShot(true);
    QObject::connect(&giveUp, &QTimer::timeout, &loop, &QEventLoop::quit);
    giveUp.start(30 * 60 * 1000);
    if (!done)
        loop.exec();
    if (!done) {
        std::fprintf(stderr, "informer-lens-bench: not synced after 30 minutes\n");
        return 1;
    }
    const double seconds = t.nsecsElapsed() / 1e9;
    const heap::Figures after = heap::figures();
    const Indexer &indexer = session.informer()->indexer();
    if (!ok || indexer.size() != pods) {
        std::fprintf(stderr, "informer-lens-bench: synced %lld of %d pods\n",
                     qlonglong(indexer.size()), pods);
        return 1;
    }
    QString n = QString::number(pods);
    if (watchList) {
        if (!pack)
            n += QStringLiteral(".unpacked");
        out(QStringLiteral("watch.seconds.pods") + n, seconds, "s", "%.3f");
        out(QStringLiteral("watch.events_per_second.pods") + n, pods / seconds, "events/s", "%.0f");
        out(QStringLiteral("watch.requests.pods") + n, watchRequests, "requests", "%.0f");
        out(QStringLiteral("watch.rss_mb.pods") + n, peakRssMb(), "MB", "%.0f");
        return 0;
    }
    if (strip) {
        const TransformTally *t = session.transformTally();
        out(QStringLiteral("sync.strip_saved_percent.pods") + n, t->savedPercent(), "%", "%.1f");
        n += QStringLiteral(".strip");
    }
    if (!pack)
        n += QStringLiteral(".unpacked");
    if (pack)
        out(QStringLiteral("sync.packed_percent.pods") + n, session.packingTotals().savedPercent(),
            "%", "%.1f");
    out(QStringLiteral("sync.seconds.pods") + n, seconds, "s", "%.3f");
    out(QStringLiteral("sync.rss_mb.pods") + n, peakRssMb(), "MB", "%.0f");
    qint64 json = 0; // measured after the heap figure: byteSize() may cache a serialisation
    for (const Object &obj : indexer.list())
        json += obj.byteSize();
    const double heldMb = (after.inUseMiB - before.inUseMiB) * 1048576.0 / 1e6;
    out(QStringLiteral("sync.heap_mb.pods") + n, heldMb, "MB", "%.0f");
    out(QStringLiteral("sync.json_mb.pods") + n, json / 1e6, "MB", "%.1f");
    out(QStringLiteral("sync.cache_per_json.pods") + n, heldMb * 1e6 / double(json), "x");
    // The window's memory figures (MemoryUse), estimated from sizes, beside the heap measured
    // above: the cache's objects and its keys and indices, the journal's own bytes per event.
    out(QStringLiteral("mem.indexer_estimate_mb.pods") + n,
        double(indexer.objectBytes() + indexer.ownBytes()) / 1e6, "MB", "%.0f");
    // The journal's own share: what dropping its events frees (their objects stay, shared with
    // the indexer), per event dropped. Up to Journal::droppedBatch() of them wait for their
    // batch and are not freed yet: the figure errs low by at most that share.
    Journal *journal = session.journal();
    const qsizetype events = qsizetype(journal->events().size());
    out(QStringLiteral("sync.journal_events.pods") + n, double(events), "events", "%.0f");
    out(QStringLiteral("mem.journal_estimate_bytes_per_event.pods") + n,
        double(journal->ownBytes()) / double(qMax<qsizetype>(1, events)), "bytes", "%.0f");
    const heap::Figures full = heap::figures();
    journal->setCapacity(1);
    disposalPool()->waitForDone();
    const heap::Figures emptied = heap::figures();
    out(QStringLiteral("journal.bytes_per_event.pods") + n,
        (full.inUseMiB - emptied.inUseMiB) * 1048576.0 / double(qMax<qsizetype>(1, events - 1)),
        "bytes", "%.0f");
    if (!strip && pack)
        return measureRelist(session, server, n, pods);
    return 0;
}

/// Runs `program` with `args`, echoes its `key: value unit` lines whose key starts with one of
/// `prefixes` (all when empty) and returns them by key (value only). Empty on failure.
std::map<QString, double> runChild(const QString &program, const QStringList &args,
                                   const QStringList &prefixes = {}, int timeoutS = 1800)
{
    QProcess child;
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start(program, args);
    std::map<QString, double> figures;
    if (!child.waitForFinished(timeoutS * 1000) || child.exitCode() != 0) {
        std::fprintf(stderr, "informer-lens-bench: %s %s failed\n", qPrintable(program),
                     qPrintable(args.join(QLatin1Char(' '))));
        child.kill();
        child.waitForFinished();
        return figures;
    }
    for (const QByteArray &line : child.readAllStandardOutput().split('\n')) {
        const qsizetype colon = line.indexOf(": ");
        if (colon < 0 || (line.contains(' ') && line.indexOf(' ') < colon))
            continue;
        const QString key = QString::fromUtf8(line.left(colon));
        if (!prefixes.isEmpty() &&
            std::none_of(prefixes.begin(), prefixes.end(),
                         [&key](const QString &pre) { return key.startsWith(pre); }))
            continue;
        figures[key] = line.mid(colon + 2).split(' ').value(0).toDouble();
        std::printf("%s\n", line.constData());
    }
    std::fflush(stdout);
    return figures;
}

/// informer-lens-sim seeded with `pods` pods, churn off; its URL once it listens.
struct SimProcess {
    QProcess process;
    QUrl url;
    double seedSeconds = 0;
    bool start(const QString &program, int pods)
    {
        QElapsedTimer t;
        t.start();
        process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        process.start(program, {QStringLiteral("--pods"), QString::number(pods),
                                QStringLiteral("--churn"), QStringLiteral("0")});
        while (process.state() != QProcess::NotRunning && !process.canReadLine())
            process.waitForReadyRead(1000);
        url = QUrl(QString::fromUtf8(process.readLine().trimmed()));
        seedSeconds = t.nsecsElapsed() / 1e9;
        return url.isValid() && !url.host().isEmpty();
    }
    ~SimProcess()
    {
        process.terminate();
        if (!process.waitForFinished(10000))
            process.kill();
        process.waitForFinished();
    }
};

/// A target line: `target.NAME: VALUE UNIT (target OP LIMIT) met|MISSED`.
void target(const char *name, double value, const char *unit, const char *op, double limit)
{
    const std::string_view o(op);
    const bool met = o == "<=" ? value <= limit : o == "<" ? value < limit : value >= limit;
    std::printf("target.%s: %.2f %s (target %s %.2f) %s\n", name, value, unit, op, limit,
                met ? "met" : "MISSED");
    std::fflush(stdout);
}

/// What users run: `informer-lens --headless --server URL pods`, its journal read from a pipe
/// (as `| jq` or a file would take it), from the process's start until its `synced` line has
/// been read; its peak RSS (VmHWM) then. SIGTERM ends it (it finishes as on its own).
struct CliFigures {
    double seconds = 0, rssMb = 0, lines = 0;
};
bool runCli(const QString &program, const QUrl &server, CliFigures *f)
{
    QProcess cli;
    cli.setProcessChannelMode(QProcess::SeparateChannels);
    cli.setStandardErrorFile(QProcess::nullDevice());
    QElapsedTimer t;
    t.start();
    cli.start(program, {QStringLiteral("--headless"), QStringLiteral("--server"), server.toString(),
                        QStringLiteral("pods")});
    if (!cli.waitForStarted(30000))
        return false;
    const QByteArray marker = "\"kind\":\"synced\"";
    QByteArray tail; // the end of the previous chunk: a marker may straddle two
    bool synced = false;
    while (!synced && cli.waitForReadyRead(600000)) {
        const QByteArray chunk = tail + cli.readAllStandardOutput();
        f->lines += chunk.count('\n') - tail.count('\n');
        synced = chunk.contains(marker);
        tail = chunk.right(marker.size());
    }
    if (!synced)
        return false;
    f->seconds = t.nsecsElapsed() / 1e9;
    QFile status(QStringLiteral("/proc/%1/status").arg(cli.processId()));
    if (status.open(QIODevice::ReadOnly))
        for (const QByteArray &line : status.readAll().split('\n'))
            if (line.startsWith("VmHWM:"))
                f->rssMb = line.mid(6).trimmed().split(' ').value(0).toDouble() * 1024.0 / 1e6;
    cli.terminate();
    while (cli.state() != QProcess::NotRunning && cli.waitForReadyRead(60000))
        cli.readAllStandardOutput();
    cli.waitForFinished(60000);
    return true;
}

/// client-go's sync times for the same servers, from `path` (bench/clientgo-reference.txt:
/// `podsN SECONDS` lines, `#` comments), which the user updates when re-measured.
std::map<QString, double> clientGoReference(const QString &path)
{
    std::map<QString, double> ref;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "informer-lens-bench: no client-go reference: %s\n", qPrintable(path));
        return ref;
    }
    for (const QByteArray &raw : f.readAll().split('\n')) {
        const QByteArray line = raw.trimmed();
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const QList<QByteArray> parts = line.simplified().split(' ');
        bool ok = false;
        const double v = parts.value(1).toDouble(&ok);
        if (parts.size() >= 2 && ok)
            ref[QString::fromLatin1(parts[0])] = v;
    }
    return ref;
}

int orchestrate(const QStringList &podCounts, const QString &simProgram, bool quick,
                const QStringList &skip, const QString &referencePath)
{
    const std::map<QString, double> reference = clientGoReference(referencePath);
    const QString self = QCoreApplication::applicationFilePath();
    std::printf("bench.allocator: %s\n", qPrintable(heap::allocatorName()));
    std::map<QString, double> all;
    for (const QString &n : podCounts) {
        SimProcess sim;
        if (!sim.start(simProgram, n.toInt())) {
            std::fprintf(stderr, "informer-lens-bench: %s did not start\n", qPrintable(simProgram));
            return 1;
        }
        out(QStringLiteral("sim.seed_seconds.pods") + n, sim.seedSeconds, "s", "%.1f");
        const QStringList common{QStringLiteral("--server"), sim.url.toString(),
                                 QStringLiteral("--pods"), n};
        for (const char *phase : {"wire", "download", "sync", "sync-unpacked", "sync-strip",
                                  "watch", "watch-unpacked"}) {
            const auto f = runChild(
                self, QStringList{QStringLiteral("--phase"), QLatin1String(phase)} + common);
            if (f.empty())
                return 1;
            all.insert(f.begin(), f.end());
        }
        if (n == podCounts.last() && !skip.contains(QLatin1String("ui"))) {
            // The window open during the same initial list (bench_window --sync-only).
            const auto f = runChild(
                QFileInfo(self).absolutePath() + QStringLiteral("/bench_window"),
                {QStringLiteral("--server"), sim.url.toString(), QStringLiteral("--sync-only")},
                {QStringLiteral("ui.")});
            all.insert(f.begin(), f.end());
        }
        if (!skip.contains(QLatin1String("cli"))) {
            CliFigures cli;
            if (!runCli(QStringLiteral(LENS_APP_EXECUTABLE), sim.url, &cli)) {
                std::fprintf(stderr, "informer-lens-bench: informer-lens --headless never "
                                     "printed its synced line\n");
                return 1;
            }
            all[QStringLiteral("cli.sync_seconds.pods") + n] = cli.seconds;
            out(QStringLiteral("cli.sync_seconds.pods") + n, cli.seconds, "s", "%.3f");
            out(QStringLiteral("cli.rss_mb.pods") + n, cli.rssMb, "MB", "%.0f");
            out(QStringLiteral("cli.journal_lines.pods") + n, cli.lines, "lines", "%.0f");
            const double r = cli.seconds / all[QStringLiteral("sync.seconds.pods") + n];
            all[QStringLiteral("cli.sync_ratio.pods") + n] = r;
            all[QStringLiteral("cli.rss_mb.pods") + n] = cli.rssMb;
            out(QStringLiteral("cli.sync_ratio.pods") + n, r, "x");
        }
        const double sync = all[QStringLiteral("sync.seconds.pods") + n];
        const double floor = all[QStringLiteral("download.seconds.pods") + n] +
                             all[QStringLiteral("wire.decode_seconds.pods") + n];
        all[QStringLiteral("sync.parse_ratio.pods") + n] = sync / floor;
        out(QStringLiteral("sync.parse_ratio.pods") + n, sync / floor, "x");
        const double wire = sync / all[QStringLiteral("wire.seconds.pods") + n];
        all[QStringLiteral("sync.wire_ratio.pods") + n] = wire;
        out(QStringLiteral("sync.wire_ratio.pods") + n, wire, "x");
        if (const auto it = reference.find(QStringLiteral("pods") + n); it != reference.end()) {
            out(QStringLiteral("sync.clientgo_reference_seconds.pods") + n, it->second, "s",
                "%.1f");
            out(QStringLiteral("sync.clientgo_ratio.pods") + n, sync / it->second, "x");
        }
    }
    const QString last = podCounts.last();
    const double events = all[QStringLiteral("watch.events_per_second.pods") + last];
    out(QStringLiteral("watch.events_per_second"), events, "events/s", "%.0f");
    const QString dir = QFileInfo(self).absolutePath();
    if (!skip.contains(QLatin1String("sim"))) {
        const auto f = runChild(dir + QStringLiteral("/bench_sim"),
                                quick ? QStringList{QStringLiteral("--quick")} : QStringList{},
                                {QStringLiteral("sim.")});
        all.insert(f.begin(), f.end());
    }
    if (!skip.contains(QLatin1String("journal"))) {
        // The journal's JSON Lines writer alone, at a 150 000-pod sync's 600 000 events.
        const auto f =
            runChild(dir + QStringLiteral("/bench_journallines"), {}, {QStringLiteral("journal.")});
        all.insert(f.begin(), f.end());
    }
    if (!skip.contains(QLatin1String("ui"))) {
        // Every view open while a cluster pours 5 000 watch events per second in.
        const QStringList args{QStringLiteral("--rate"), QStringLiteral("5000"),
                               QStringLiteral("--seconds"),
                               quick ? QStringLiteral("10") : QStringLiteral("20")};
        QProcess child;
        child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        child.start(dir + QStringLiteral("/bench_window"), args);
        child.waitForFinished(600000);
        const std::map<QByteArray, QString> keys{
            {"loop_latency_ms_p50", QStringLiteral("ui.latency_p50_ms")},
            {"loop_latency_ms_p99", QStringLiteral("ui.latency_p99_ms")},
            {"loop_latency_ms_max", QStringLiteral("ui.latency_max_ms")}};
        for (const QByteArray &line : child.readAllStandardOutput().split('\n')) {
            const QList<QByteArray> parts = line.split(' ');
            if (parts.size() == 2 && keys.count(parts[0])) {
                all[keys.at(parts[0])] = parts[1].toDouble();
                out(keys.at(parts[0]), parts[1].toDouble(), "ms", "%.1f");
            }
        }
    }
    // Targets (issue 38: the command line as fast as the benchmark, the sync near the wire).
    if (all.count(QStringLiteral("sync.seconds.pods150000"))) {
        target("sync_seconds.pods150000", all[QStringLiteral("sync.seconds.pods150000")], "s",
               "<=", 2.5);
        target("sync_wire_ratio.pods150000", all[QStringLiteral("sync.wire_ratio.pods150000")], "x",
               "<=", 5);
        target("rss_mb.pods150000", all[QStringLiteral("sync.rss_mb.pods150000")], "MB", "<", 500);
    }
    if (all.count(QStringLiteral("cli.sync_ratio.pods150000"))) {
        target("cli_sync_ratio.pods150000", all[QStringLiteral("cli.sync_ratio.pods150000")], "x",
               "<=", 1.2);
        target("cli_rss_mb.pods150000", all[QStringLiteral("cli.rss_mb.pods150000")], "MB", "<",
               500);
    }
    // Issue 40: a relist holds the new list beside the cache once (client-go's Replace gets the
    // whole list too), never more: its peak stays under twice the steady resident set.
    if (all.count(QStringLiteral("relist.rss_mb.pods150000")) &&
        all[QStringLiteral("relist.steady_rss_mb.pods150000")] > 0)
        target("relist_rss_ratio.pods150000",
               all[QStringLiteral("relist.rss_mb.pods150000")] /
                   all[QStringLiteral("relist.steady_rss_mb.pods150000")],
               "x", "<=", 2.0);
    if (all.count(QStringLiteral("journal.printer_lines_per_second")))
        target("journal_lines_per_second", all[QStringLiteral("journal.printer_lines_per_second")],
               "lines/s", ">=", 1e6);
    target(qPrintable(QStringLiteral("cache_per_json.pods") + last),
           all[QStringLiteral("sync.cache_per_json.pods") + last], "x", "<=", 1.5);
    target("watch_events_per_second", events, "events/s", ">=", 100000);
    if (all.count(QStringLiteral("ui.latency_p99_ms"))) {
        target("ui.latency_p99_ms", all[QStringLiteral("ui.latency_p99_ms")], "ms", "<=", 33);
        target("ui.latency_max_ms", all[QStringLiteral("ui.latency_max_ms")], "ms", "<=", 100);
    }
    if (const QString k = QStringLiteral("ui.sync_stall_max_ms.pods") + last; all.count(k))
        target(qPrintable(QStringLiteral("ui.sync_stall_max_ms.pods") + last), all[k], "ms",
               "<=", 100);
    if (all.count(QStringLiteral("ui.rss_mb.pods150000")))
        target("ui.rss_mb.pods150000", all[QStringLiteral("ui.rss_mb.pods150000")], "MB", "<", 700);
    if (all.count(QStringLiteral("ui.sync_seconds.pods150000")))
        target("ui.sync_seconds.pods150000", all[QStringLiteral("ui.sync_seconds.pods150000")], "s",
               "<=", 4);
    if (all.count(QStringLiteral("sim.list_mb_per_second")))
        target("sim.list_mb_per_second", all[QStringLiteral("sim.list_mb_per_second")], "MB/s",
               ">=", 400);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Informer Lens at scale: prints one `key: value unit` line per figure "
                       "(docs/performance.md)."));
    p.addHelpOption();
    const QCommandLineOption quickOpt(QStringLiteral("quick"),
                                      QStringLiteral("10 000 pods only, short phases."));
    const QCommandLineOption podsOpt(
        QStringLiteral("pods"),
        QStringLiteral("Comma-separated pod counts (default 10000,50000,150000)."),
        QStringLiteral("N,..."));
    const QCommandLineOption skipOpt(
        QStringLiteral("skip"),
        QStringLiteral("Skip these parts: sim, ui, cli, journal (comma-separated)."),
        QStringLiteral("PARTS"));
    const QCommandLineOption simOpt(QStringLiteral("sim"),
                                    QStringLiteral("The informer-lens-sim executable."),
                                    QStringLiteral("PATH"), QStringLiteral(LENS_SIM_EXECUTABLE));
    const QCommandLineOption phaseOpt(QStringLiteral("phase"),
                                      QStringLiteral("Internal: run one phase in this process."),
                                      QStringLiteral("NAME"));
    const QCommandLineOption serverOpt(QStringLiteral("server"),
                                       QStringLiteral("Internal: the server of --phase."),
                                       QStringLiteral("URL"));
    const QCommandLineOption referenceOpt(
        QStringLiteral("clientgo-reference"),
        QStringLiteral("client-go's sync seconds per pod count (podsN SECONDS lines)."),
        QStringLiteral("FILE"), QStringLiteral(LENS_CLIENTGO_REFERENCE));
    p.addOptions({quickOpt, podsOpt, skipOpt, simOpt, phaseOpt, serverOpt, referenceOpt});
    p.process(app);

    if (p.isSet(phaseOpt)) {
        const QUrl server(p.value(serverOpt));
        const int pods = p.value(podsOpt).toInt();
        if (!server.isValid() || server.host().isEmpty() || pods <= 0) {
            std::fprintf(stderr, "informer-lens-bench: --phase needs --server URL and --pods N\n");
            return 2;
        }
        const QString phase = p.value(phaseOpt);
        if (phase == QLatin1String("download"))
            return phaseDownload(server, pods);
        if (phase == QLatin1String("wire"))
            return phaseWire(server, pods);
        const QStringList syncPhases{QStringLiteral("sync"), QStringLiteral("sync-strip"),
                                     QStringLiteral("sync-unpacked"), QStringLiteral("watch"),
                                     QStringLiteral("watch-unpacked")};
        if (syncPhases.contains(phase))
            return phaseSync(server, pods, phase.startsWith(QLatin1String("watch")),
                             phase == QLatin1String("sync-strip"),
                             !phase.endsWith(QLatin1String("-unpacked")));
        std::fprintf(stderr, "informer-lens-bench: unknown phase %s\n", qPrintable(phase));
        return 2;
    }
    const QStringList skip = p.value(skipOpt).split(QLatin1Char(','), Qt::SkipEmptyParts);
    QStringList pods =
        p.isSet(podsOpt)    ? p.value(podsOpt).split(QLatin1Char(','), Qt::SkipEmptyParts)
        : p.isSet(quickOpt) ? QStringList{QStringLiteral("10000")}
                            : QStringList{QStringLiteral("10000"), QStringLiteral("50000"),
                                          QStringLiteral("150000")};
    for (const QString &n : std::as_const(pods))
        if (n.toInt() <= 0) {
            std::fprintf(stderr, "informer-lens-bench: --pods takes positive numbers\n");
            return 2;
        }
    return orchestrate(pods, p.value(simOpt), p.isSet(quickOpt), skip, p.value(referenceOpt));
}
