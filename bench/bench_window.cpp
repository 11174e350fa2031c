// SPDX-License-Identifier: Apache-2.0
// bench_window: how smooth the whole window stays while a cluster pours watch events in.
//
// The simulated API server runs on its own thread (as a real cluster is another machine) and
// updates pods at --rate events per second; the window, with every view open, watches them
// through the real Session (HTTP ListerWatcher → Reflector → DeltaFIFO → Indexer → handlers →
// journal → models). A probe timer on the UI thread measures how late the event loop runs it
// (the stall a user feels) and /proc/self/status gives resident memory, sampled every 10 s so a
// bound is visible. Prints one figure per line; never run by ctest (speed targets live in
// benchmarks, not in timed tests).
//
//   QT_QPA_PLATFORM=offscreen build/bench/bench_window [--rate 5000] [--seconds 20]
//                              [--journal-cap N] [--pods 200] [--views all|none]
//                              [--stall-ms 20] [--tab-seconds 3]
//
// Besides the figures it names the longest event-loop turns' causes (`stall_cause` lines: the
// receiver and event, or the widgets painted), from a timing QCoreApplication::notify().

#include "heap/heap.h"
#include "informer/reflector.h"
#include "lens/handlersmodel.h"
#include "lens/journalmodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/queuemodel.h"
#include "lens/timelinemodel.h"
#include "mainwindow.h"
#include "session/session.h"
#include "sim/simulator.h"
#include "sim/store.h"
#include "turnprofiler.h"

#include <QApplication>

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonObject>
#include <QSemaphore>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

namespace {

/// Resident set size and its peak, in MiB, from /proc/self/status (VmRSS, VmHWM).
std::pair<double, double> residentMiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    double rss = 0, hwm = 0;
    if (!f.open(QIODevice::ReadOnly))
        return {rss, hwm};
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QList<QByteArray> parts = line.simplified().split(' ');
        if (parts.size() < 2)
            continue;
        if (parts[0] == "VmRSS:")
            rss = parts[1].toDouble() / 1024.0;
        else if (parts[0] == "VmHWM:")
            hwm = parts[1].toDouble() / 1024.0;
    }
    return {rss, hwm};
}

/// The machine's load average over 1, 5 and 15 minutes (/proc/loadavg), as printed: figures
/// taken while other processes compete for the cores say little about the window.
QByteArray loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    if (!f.open(QIODevice::ReadOnly))
        return "?";
    const QList<QByteArray> parts = f.readAll().split(' ');
    return parts.size() >= 3 ? parts[0] + ' ' + parts[1] + ' ' + parts[2] : QByteArray("?");
}

/// The cluster side: a Simulator living on its own thread, plus a writer that touches a label
/// on `rate` pods per second in 10 ms batches.
class ClusterThread : public QThread {
public:
    ClusterThread(int pods, int rate) : m_pods(pods), m_rate(rate) {}
    QUrl url() const { return m_url; }
    qint64 writes() const { return m_writes.loadRelaxed(); }
    void startWriting() { m_go.storeRelease(1); }

protected:
    void run() override
    {
        lens::sim::Simulator sim;
        lens::sim::Simulator::Options o;
        o.pods = m_pods;
        QString error;
        if (!sim.start(o, &error)) {
            std::fprintf(stderr, "bench_window: simulator: %s\n", qPrintable(error));
            m_ready.release();
            return;
        }
        m_url = sim.url();
        QList<QJsonObject> pods;
        for (const lens::Object &p : sim.objects(QStringLiteral("pods")))
            pods << p.json();
        QTimer writer;
        writer.setInterval(10);
        writer.setTimerType(Qt::PreciseTimer);
        int next = 0;
        QElapsedTimer since;
        qint64 due = 0;
        QObject::connect(&writer, &QTimer::timeout, [&] {
            if (!m_go.loadAcquire() || pods.isEmpty())
                return;
            if (!since.isValid())
                since.start();
            // Catch up to the wall clock, so a late timer does not lower the rate — but by at
            // most 50 ms of writes per tick: a starved thread (a busy machine) must still return
            // to its event loop to flush the watch sockets, or its watchers overflow and are cut.
            const qint64 target =
                std::min(since.elapsed() * m_rate / 1000, due + qint64(m_rate) / 20);
            for (; due < target; ++due) {
                QJsonObject &pod = pods[next];
                next = (next + 1) % int(pods.size());
                QJsonObject meta = pod.value(QStringLiteral("metadata")).toObject();
                QJsonObject labels = meta.value(QStringLiteral("labels")).toObject();
                labels.insert(QStringLiteral("bench"), QString::number(due));
                meta.insert(QStringLiteral("labels"), labels);
                meta.remove(QStringLiteral("resourceVersion"));
                pod.insert(QStringLiteral("metadata"), meta);
                if (sim.store()->update(QStringLiteral("pods"), pod).ok())
                    m_writes.fetchAndAddRelaxed(1);
            }
        });
        writer.start();
        m_ready.release();
        exec();
    }

private:
    int m_pods;
    int m_rate;
    QUrl m_url;
    QAtomicInteger<qint64> m_writes{0};
    QAtomicInt m_go{0};

public:
    QSemaphore m_ready; ///< released once url() is known (or the simulator failed)
};

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const auto i = std::min(v.size() - 1, size_t(p / 100.0 * double(v.size() - 1) + 0.5));
    return v[i];
}

/// One `fold` line per view that folded something: its model's class, the calls of its fold,
/// the events in them and the milliseconds they took, busiest first.
void printFoldTotals(QList<lens::EventBatcher *> batchers)
{
    std::sort(batchers.begin(), batchers.end(),
              [](auto *a, auto *b) { return a->totals().ns > b->totals().ns; });
    for (const lens::EventBatcher *b : batchers) {
        const auto &t = b->totals();
        if (t.calls == 0)
            continue;
        const QObject *model = b->parent();
        std::printf("fold %s: %lld calls, %lld events, %.0f ms\n",
                    model ? model->metaObject()->className() : "?", qlonglong(t.calls),
                    qlonglong(t.events), double(t.ns) / 1e6);
    }
}

/// --server URL --sync-only: the window open from the start, the informer's initial list of
/// every pod of an external server (informer-lens-sim --pods N) until HasSynced, with a 5 ms
/// probe on the UI thread; prints ui.sync_seconds.podsN, the event-loop stalls during the sync
/// (ui.sync_stall_max_ms / _p99), the window's peak RSS and the longest turns' causes.
int syncOnly(lens::bench::TurnProfiler &app, const QUrl &server, qsizetype sliceEvents,
             qsizetype replaceSlice)
{
    lens::Session::Options o;
    o.server = server;
    o.churnIntervalMs = 0;
    o.resyncPeriodMs = 0;
    o.resources = {QStringLiteral("pods")};
    lens::Session session(o);
    std::vector<double> lateMs;
    QElapsedTimer clock;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    probe.setInterval(5);
    qint64 expected = 5'000'000;
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        lateMs.push_back(double(std::max<qint64>(0, now - expected)) / 1e6);
        if (lateMs.back() >= 2 * app.thresholdMs())
            app.noteLateProbe(lateMs.back());
        expected = now + 5'000'000;
    });
    clock.start();
    probe.start();
    app.setRecording(true);
    QString error;
    if (!session.start(&error)) {
        std::fprintf(stderr, "bench_window: %s\n", qPrintable(error));
        return 1;
    }
    if (replaceSlice > 0)
        for (lens::Reflector *r : session.informer()->findChildren<lens::Reflector *>())
            r->setReplaceSliceItems(replaceSlice);
    lens::MainWindow window(session.journal(), session.informer()->controller());
    window.setSourceDescription(session.sourceDescription());
    window.resize(1600, 1000);
    window.show();
    const auto batchers = window.findChildren<lens::EventBatcher *>();
    for (lens::EventBatcher *b : batchers)
        b->setSliceEvents(sliceEvents);
    QObject::connect(&session, &lens::Session::cacheSynced, &app, [&] {
        const double seconds = double(clock.nsecsElapsed()) / 1e9;
        // The views fold what the sync recorded, then the figures.
        window.settle();
        const double settled = double(clock.nsecsElapsed()) / 1e9;
        probe.stop();
        app.setRecording(false);
        const QString n = QString::number(session.informer()->indexer().size());
        std::printf("ui.sync_seconds.pods%s: %.2f s\n", qPrintable(n), seconds);
        std::printf("ui.sync_settled_seconds.pods%s: %.2f s\n", qPrintable(n), settled);
        std::printf("ui.sync_stall_p99_ms.pods%s: %.1f ms\n", qPrintable(n),
                    percentile(lateMs, 99));
        std::printf("ui.sync_stall_max_ms.pods%s: %.1f ms\n", qPrintable(n),
                    lateMs.empty() ? 0.0 : *std::max_element(lateMs.begin(), lateMs.end()));
        std::printf("ui.rss_mb.pods%s: %.0f MB\n", qPrintable(n),
                    residentMiB().second * 1048576.0 / 1e6);
        {
            // After the sync: what the program holds and what the allocator keeps beside it
            // (freed, cached), so that the peak can be told apart from fragmentation.
            const lens::heap::Figures heap = lens::heap::figures();
            std::printf("ui.rss_end_mb.pods%s: %.0f MB\n", qPrintable(n),
                        residentMiB().first * 1048576.0 / 1e6);
            std::printf("ui.heap_in_use_mb.pods%s: %.0f MB\n", qPrintable(n),
                        heap.inUseMiB * 1048576.0 / 1e6);
            std::printf("ui.heap_free_held_mb.pods%s: %.0f MB\n", qPrintable(n),
                        heap.heldMiB * 1048576.0 / 1e6);
            lens::heap::releaseFreePages();
            std::printf("ui.rss_purged_mb.pods%s: %.0f MB\n", qPrintable(n),
                        residentMiB().first * 1048576.0 / 1e6);
        }
        app.print(10);
        printFoldTotals(batchers);
        std::fflush(stdout);
        QCoreApplication::exit(0);
    });
    const int rc = QApplication::exec();
    session.stop();
    return rc;
}

} // namespace

int main(int argc, char **argv)
{
    // A measurement, not a window to look at: off screen unless asked otherwise (and --help
    // works without a display).
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    lens::bench::TurnProfiler app(argc, argv);
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Event-loop latency and memory of the window under a steady watch-event load, drawn off "
        "screen (QT_QPA_PLATFORM=offscreen unless set). Prints one figure per line: "
        "loop_latency_ms_p50/p99/max (and per tab turn), rss_mib_* and heap_* (memory; "
        "heap_allocator names the malloc), "
        "journal_events_per_s, rows and marks kept, stall_cause lines (the longest event-loop "
        "turns) and late_probe lines (what made a probe late). See docs/window-under-load.md."));
    p.addHelpOption();
    const QCommandLineOption rateOpt(QStringLiteral("rate"),
                                     QStringLiteral("Watch events per second (default 5000)."),
                                     QStringLiteral("N"), QStringLiteral("5000"));
    const QCommandLineOption secondsOpt(QStringLiteral("seconds"),
                                        QStringLiteral("Measured seconds (default 20)."),
                                        QStringLiteral("S"), QStringLiteral("20"));
    const QCommandLineOption podsOpt(QStringLiteral("pods"),
                                     QStringLiteral("Pods in the cluster (default 200)."),
                                     QStringLiteral("N"), QStringLiteral("200"));
    const QCommandLineOption capOpt(QStringLiteral("journal-cap"),
                                    QStringLiteral("Journal capacity in events (default: the "
                                                   "journal's own)."),
                                    QStringLiteral("N"));
    const QCommandLineOption noWindowOpt(
        QStringLiteral("no-window"),
        QStringLiteral("Measure the informer and journal alone, without the window."));
    const QCommandLineOption viewsOpt(
        QStringLiteral("views"),
        QStringLiteral("all (default): the whole window, with a pod's key history and a "
                       "handler's notifications open; none: as --no-window."),
        QStringLiteral("which"), QStringLiteral("all"));
    const QCommandLineOption stallOpt(
        QStringLiteral("stall-ms"),
        QStringLiteral("Event-loop turns this long or longer are counted as stall causes "
                       "(default 20)."),
        QStringLiteral("ms"), QStringLiteral("20"));
    const QCommandLineOption tabsOpt(
        QStringLiteral("tab-seconds"),
        QStringLiteral("Bring the tabbed views forward in turn every N seconds (journal + "
                       "indices, handlers + object, playground + indices), so each one is "
                       "painted under load; 0 keeps journal + indices (default 3)."),
        QStringLiteral("N"), QStringLiteral("3"));
    const QCommandLineOption serverOpt(
        QStringLiteral("server"),
        QStringLiteral("With --sync-only: the API server to list (e.g. informer-lens-sim --pods "
                       "150000)."),
        QStringLiteral("URL"));
    const QCommandLineOption syncOnlyOpt(
        QStringLiteral("sync-only"),
        QStringLiteral("Only the initial sync from --server with the window open: "
                       "ui.sync_seconds, the stalls during it and the peak RSS."));
    const QCommandLineOption sliceOpt(
        QStringLiteral("slice-events"),
        QStringLiteral("Hand each view its batches in slices of N events "
                       "(default 0: as many as fit EventBatcher::sliceBudgetMs() by the view's "
                       "measured cost; a large N compares with unsliced batches)."),
        QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption replaceSliceOpt(
        QStringLiteral("replace-slice"),
        QStringLiteral("With --sync-only: objects per slice of the initial list's Replace "
                       "(default 0: Reflector::kReplaceSliceItems)."),
        QStringLiteral("N"), QStringLiteral("0"));
    p.addOptions({rateOpt, secondsOpt, podsOpt, capOpt, noWindowOpt, viewsOpt, stallOpt, tabsOpt,
                  serverOpt, syncOnlyOpt, sliceOpt, replaceSliceOpt});
    p.process(app);
    if (p.isSet(syncOnlyOpt)) {
        if (!p.isSet(serverOpt)) {
            std::fprintf(stderr, "bench_window: --sync-only needs --server\n");
            return 2;
        }
        app.setThresholdMs(p.value(stallOpt).toDouble());
        return syncOnly(app, QUrl(p.value(serverOpt)), p.value(sliceOpt).toLongLong(),
                        p.value(replaceSliceOpt).toLongLong());
    }
    const int rate = p.value(rateOpt).toInt();
    const int seconds = p.value(secondsOpt).toInt();
    const int pods = p.value(podsOpt).toInt();
    const QString views = p.value(viewsOpt);
    if (views != QLatin1String("all") && views != QLatin1String("none")) {
        std::fprintf(stderr, "bench_window: --views takes all or none\n");
        return 2;
    }
    const bool withWindow = views == QLatin1String("all") && !p.isSet(noWindowOpt);
    if (rate <= 0 || seconds <= 0 || pods <= 0) {
        std::fprintf(stderr, "bench_window: --rate, --seconds and --pods take positive numbers\n");
        return 2;
    }

    app.setThresholdMs(p.value(stallOpt).toDouble());
    ClusterThread cluster(pods, rate);
    cluster.start();
    cluster.m_ready.acquire();
    if (cluster.url().isEmpty())
        return 1;

    lens::Session::Options o;
    o.server = cluster.url();
    o.churnIntervalMs = 0;
    lens::Session session(o);
    QString error;
    if (!session.start(&error)) {
        std::fprintf(stderr, "bench_window: %s\n", qPrintable(error));
        return 1;
    }
    if (p.isSet(capOpt))
        session.journal()->setCapacity(p.value(capOpt).toLongLong());
    std::unique_ptr<lens::MainWindow> window;
    if (withWindow) {
        window =
            std::make_unique<lens::MainWindow>(session.journal(), session.informer()->controller());
        window->setSourceDescription(session.sourceDescription());
        window->resize(1600, 1000);
        window->show();
        for (lens::EventBatcher *b : window->findChildren<lens::EventBatcher *>())
            b->setSliceEvents(p.value(sliceOpt).toLongLong());
    }

    // The tabbed views take turns in front, as a user clicking through them would.
    const QList<QStringList> tabTurns{{QStringLiteral("journal"), QStringLiteral("indices")},
                                      {QStringLiteral("handlers"), QStringLiteral("object")},
                                      {QStringLiteral("playground"), QStringLiteral("indices")}};
    int tabTurn = 0;
    std::vector<double> lateMs;
    std::vector<std::vector<double>> lateMsByTabs(size_t(tabTurns.size())); // while in front
    QElapsedTimer clock;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    probe.setInterval(5);
    qint64 expected = 0;
    double maxRssMiB = 0;
    std::vector<std::pair<int, double>> rssEvery10s; // (second, MiB)
    const auto [rssBefore, hwmBefore] = residentMiB();
    Q_UNUSED(hwmBefore);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        lateMs.push_back(double(std::max<qint64>(0, now - expected)) / 1e6);
        if (lateMs.back() >= 2 * app.thresholdMs())
            app.noteLateProbe(lateMs.back());
        lateMsByTabs[size_t(tabTurn)].push_back(lateMs.back());
        expected = now + 5'000'000;
        if (lateMs.size() % 200 == 0)
            maxRssMiB = std::max(maxRssMiB, residentMiB().first);
    });
    QTimer rssSampler;
    QObject::connect(&rssSampler, &QTimer::timeout, [&] {
        const double rss = residentMiB().first;
        maxRssMiB = std::max(maxRssMiB, rss);
        rssEvery10s.emplace_back(int(rssEvery10s.size() + 1) * 10, rss);
    });
    QTimer tabCycler;
    QObject::connect(&tabCycler, &QTimer::timeout, [&] {
        tabTurn = (tabTurn + 1) % int(tabTurns.size());
        for (const QString &view : tabTurns.at(tabTurn))
            window->showView(view);
    });
    const int tabSeconds = p.value(tabsOpt).toInt();
    qint64 eventsAtStart = 0;
    auto begin = [&] {
        if (window) {
            // Key history shows one pod (every view folds something), as a user watching it.
            const QStringList keys = session.informer()->indexer().listKeys();
            if (!keys.isEmpty())
                window->selectKey(keys.constFirst());
        }
        cluster.startWriting();
        rssSampler.start(10000);
        if (window && tabSeconds > 0)
            tabCycler.start(tabSeconds * 1000);
        std::printf("tab_seconds %d\n", window ? tabSeconds : 0);
        eventsAtStart = qint64(session.journal()->lastSeq());
        std::printf("load_average_at_start %s\n", loadAverage().constData());
        std::printf("heap_allocator %s\n", qPrintable(lens::heap::allocatorName()));
        clock.start();
        expected = 5'000'000;
        probe.start();
        app.setRecording(true);
        QTimer::singleShot(seconds * 1000, &app, [&] {
            probe.stop();
            rssSampler.stop();
            tabCycler.stop();
            app.setRecording(false);
            const double elapsedS = double(clock.elapsed()) / 1000.0;
            const qint64 events = qint64(session.journal()->lastSeq()) - eventsAtStart;
            const auto [rss, hwm] = residentMiB();
            std::printf("load_average_at_end %s\n", loadAverage().constData());
            std::printf("rate_target_events_per_s %d\n", rate);
            std::printf("server_writes_per_s %.0f\n", double(cluster.writes()) / elapsedS);
            std::printf("journal_events_per_s %.0f\n", double(events) / elapsedS);
            std::printf("indexer_objects %lld\n",
                        qlonglong(session.informer()->indexer().listKeys().size()));
            std::printf("loop_latency_ms_p50 %.1f\n", percentile(lateMs, 50));
            std::printf("loop_latency_ms_p99 %.1f\n", percentile(lateMs, 99));
            std::printf("loop_latency_ms_max %.1f\n",
                        lateMs.empty() ? 0.0 : *std::max_element(lateMs.begin(), lateMs.end()));
            std::printf("probes %zu\n", lateMs.size());
            for (size_t i = 0; i < lateMsByTabs.size(); ++i)
                if (!lateMsByTabs[i].empty())
                    std::printf("loop_latency_ms_p99_max_with_%s %.1f %.1f\n",
                                qPrintable(tabTurns.at(int(i)).join(QLatin1Char('+'))),
                                percentile(lateMsByTabs[i], 99),
                                *std::max_element(lateMsByTabs[i].begin(), lateMsByTabs[i].end()));
            std::printf("rss_mib_start %.1f\n", rssBefore);
            std::printf("rss_mib_end %.1f\n", rss);
            std::printf("rss_mib_max_sampled %.1f\n", std::max(maxRssMiB, rss));
            std::printf("rss_mib_peak %.1f\n", hwm);
            {
                // The allocator's view: bytes handed out and still in use vs. held by the
                // allocator, so growth can be told apart from fragmentation.
                const lens::heap::Figures heap = lens::heap::figures();
                std::printf("heap_in_use_mib %.1f\n", heap.inUseMiB);
                std::printf("heap_free_held_mib %.1f\n", heap.heldMiB);
            }
            for (const auto &[second, mib] : rssEvery10s)
                std::printf("rss_mib_at_%ds %.1f\n", second, mib);
            qsizetype queued = 0;
            for (const lens::QueueEntry &e : session.informer()->queue()->entries())
                queued += e.deltas.size();
            std::printf("queue_keys %lld\n", qlonglong(session.informer()->queue()->size()));
            std::printf("queue_deltas %lld\n", qlonglong(queued));
            if (window) {
                std::printf("rows_journal %d\n", window->journalModel()->rowCount());
                std::printf("rows_key_history %d\n", window->keyHistoryModel()->rowCount());
                std::printf("rows_key_history_dropped %llu\n",
                            qulonglong(window->keyHistoryModel()->droppedRows()));
                std::printf("rows_notifications %d\n", window->notificationsModel()->rowCount());
                std::printf("timeline_marks %lld\n",
                            qlonglong(window->timelineModel()->marks().size()));
                std::printf("timeline_depth_samples %lld\n",
                            qlonglong(window->timelineModel()->depth().size()));
            }
            std::printf("journal_size %lld\n", qlonglong(session.journal()->events().size()));
            std::printf("journal_capacity %lld\n", qlonglong(session.journal()->capacity()));
            std::printf("journal_dropped %llu\n", qulonglong(session.journal()->droppedCount()));
            int watchEnded = 0, behind = 0;
            for (const lens::TraceEvent &e : session.journal()->events()) {
                if (e.kind != lens::TraceKind::WatchEnded)
                    continue;
                ++watchEnded;
                behind += e.detail.value(QLatin1String("reason"))
                              .toString()
                              .contains(QLatin1String("behind"));
            }
            std::printf("watches_ended %d\n", watchEnded);
            std::printf("watches_let_go_behind %d\n", behind);
            app.print(10);
            std::fflush(stdout);
            QCoreApplication::exit(0);
        });
    };
    if (session.informer()->hasSynced())
        begin();
    else
        QObject::connect(&session, &lens::Session::synced, &app, begin, Qt::SingleShotConnection);
    const int rc = QApplication::exec();
    session.stop();
    cluster.quit();
    cluster.wait();
    return rc;
}
