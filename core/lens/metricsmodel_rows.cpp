// SPDX-License-Identifier: Apache-2.0
// MetricsModel's rows: one group per workqueue, per controller, API requests, leader
// election and notices, each row with its Explain.
#include "metricsmodel.h"

#include "format.h"
#include "metricsfigures_p.h"

#include <cmath>

namespace lens {

using metrics::ControllerFigures;
using metrics::HistogramFigures;
using metrics::QueueFigures;
using metrics::ScrapeFigures;
using namespace metricsfigures;

void MetricsModel::addQueueRows(const MetricsTargetState &t, const QueueFigures &q)
{
    const qint64 w = rateWindowMs();
    const QString base = QStringLiteral("q|") + q.name + QLatin1Char('|');
    const MetricsTargetState::Point &last = *t.latest();
    const bool journal = last.journalQueues.contains(q.name);
    const WorkqueueState::Metrics jm = last.journalQueues.value(q.name);
    Row g;
    g.figure = q.controller.isEmpty() || q.controller == q.name
                   ? tr("workqueue %1").arg(q.name)
                   : tr("workqueue %1 (controller %2)").arg(q.name, q.controller);
    g.explain = tr("The seven workqueue_* families with label name=\"%1\": client-go's "
                   "util/workqueue metrics (defaultQueueMetrics), or controller-runtime's "
                   "priority queue hooks.")
                    .arg(q.name);
    const int gi = addRow(-1, g);
    if (const std::optional<double> d = q.depth()) {
        Row r;
        r.figure = tr("depth");
        r.scraped = number(*d);
        r.series = base + QStringLiteral("depth");
        if (journal)
            r.journal = QString::number(jm.depth);
        r.explain = tr("workqueue_depth: items added and not yet handed out. client-go: "
                       "defaultQueueMetrics.add (+1 on an Add of an item not already dirty) and "
                       "get (−1 on Get). controller-runtime's priority queue counts ready "
                       "entries by priority. A depth that stays up while adds go on means the "
                       "workers do not keep up, or are stuck.");
        const int di = addRow(gi, r);
        m_rows[gi].scraped = r.scraped;
        if (q.depthByPriority.size() > 1 || !q.depthByPriority.contains(QString())) {
            // Highest priority first, as the priority queue hands them out.
            QList<std::pair<double, QString>> levels;
            for (auto it = q.depthByPriority.cbegin(); it != q.depthByPriority.cend(); ++it)
                levels.append({it.key().toDouble(), it.key()});
            std::sort(levels.begin(), levels.end(),
                      [](const auto &a, const auto &b) { return a.first > b.first; });
            const double higherReady = [&] {
                double n = 0;
                for (const auto &l : levels)
                    n += l.first > levels.last().first ? q.depthByPriority.value(l.second) : 0;
                return n;
            }();
            for (const auto &l : levels) {
                Row p;
                p.figure = tr("priority %1").arg(l.second);
                const double v = q.depthByPriority.value(l.second);
                p.scraped = number(v);
                p.series = base + QStringLiteral("depth=") + l.second;
                p.explain = tr("workqueue_depth{priority=\"%1\"}: ready entries at this "
                               "priority (controller-runtime v0.21+). The priority queue hands "
                               "out higher priorities first: entries at the lowest priority "
                               "wait while higher ones stay ready (starvation, §6.1).")
                                .arg(l.second);
                if (l.first == levels.last().first && levels.size() > 1 && v > 0 &&
                    higherReady > 0) {
                    p.note = tr("waits behind %1 ready at higher priorities").arg(higherReady);
                    p.warning = true;
                }
                addRow(di, p);
            }
        }
    }
    auto counter = [&](const QString &figure, const std::optional<double> &v, const char *key,
                       std::optional<quint64> journalValue, const QString &explain) {
        if (!v)
            return;
        Row r;
        r.figure = figure;
        r.scraped = number(*v);
        r.series = base + QLatin1String(key);
        r.rate = perSecond(t.rate(w, seriesDef(r.series).value));
        if (journalValue)
            r.journal = QString::number(*journalValue);
        r.explain = explain;
        addRow(gi, r);
    };
    counter(tr("adds"), q.adds, "adds",
            journal ? std::optional<quint64>(jm.addsTotal) : std::nullopt,
            tr("workqueue_adds_total: every Add that was not collapsed into an item already "
               "waiting (client-go Typed.Add → metrics.add; controller-runtime: an entry "
               "entering ready)."));
    counter(tr("retries"), q.retries, "retries",
            journal ? std::optional<quint64>(jm.retriesTotal) : std::nullopt,
            tr("workqueue_retries_total: client-go counts every AddAfter and AddRateLimited "
               "(metrics.retry); controller-runtime's priority queue counts adds with a delay "
               "above 0 (RequeueAfter, rate-limited requeues). Retries close to adds mean a "
               "requeue loop."));
    auto quantileRow = [&](int parent, const QString &figure, const QString &key,
                           const QString &explain) {
        Row r;
        r.figure = figure;
        r.scraped = quantiles(t, w, seriesDef(key).histogram);
        if (r.scraped.isEmpty())
            return;
        r.series = key;
        r.explain = explain;
        addRow(parent, r);
    };
    quantileRow(gi, tr("queue time"), base + QStringLiteral("queue"),
                tr("workqueue_queue_duration_seconds: from an item's Add to the Get that hands "
                   "it out (client-go metrics.get; controller-runtime: from first ready to hand "
                   "out). Quantiles as Prometheus' histogram_quantile computes them from the "
                   "buckets' counts in the rate window (linear inside a bucket). Starvation "
                   "looks like a depth that stays up with few queue-time observations."));
    quantileRow(gi, tr("work time"), base + QStringLiteral("work"),
                tr("workqueue_work_duration_seconds: from Get to Done (metrics.done): how long "
                   "a worker held an item."));
    auto gauge = [&](const QString &figure, const std::optional<double> &v, const char *key,
                     const QString &explain) -> int {
        if (!v)
            return -1;
        Row r;
        r.figure = figure;
        r.scraped = seconds(*v);
        r.series = base + QLatin1String(key);
        r.explain = explain;
        return addRow(gi, r);
    };
    const int unfinished =
        gauge(tr("unfinished work"), q.unfinishedWorkSeconds, "unfinished",
              tr("workqueue_unfinished_work_seconds: the summed age of the items being "
                 "processed, set every 500 ms by updateUnfinishedWorkLoop. It growing by about "
                 "n seconds each second means n workers are stuck in one item."));
    if (unfinished >= 0) {
        // Its slope over the window: seconds of unfinished work added per second.
        const auto s = t.series(w, seriesDef(base + QStringLiteral("unfinished")).value);
        if (s.size() >= 2 && s.last().first > s.first().first) {
            const double slope = (s.last().second - s.first().second) /
                                 (double(s.last().first - s.first().first) / 1000.0);
            // Only growth is shown: it is what stuck workers look like; a gauge that fell is
            // work that finished.
            if (slope > 0)
                m_rows[unfinished].rate = tr("%1 s/s").arg(slope, 0, 'f', 2);
            if (slope > 0.8 && *q.longestRunningProcessorSeconds >= m_stuckAfterS) {
                m_rows[unfinished].note = tr("≈ %1 stuck worker(s)").arg(std::lround(slope));
                m_rows[unfinished].warning = true;
            }
        }
    }
    const int longest =
        gauge(tr("longest running processor"), q.longestRunningProcessorSeconds, "longest",
              tr("workqueue_longest_running_processor_seconds: the age of the oldest item being "
                 "processed (updateUnfinishedWorkLoop). A stuck worker makes it grow one second "
                 "per second; past the stuck threshold the note says so."));
    if (longest >= 0 && *q.longestRunningProcessorSeconds >= m_stuckAfterS) {
        m_rows[longest].note =
            tr("a worker has held one item for %1").arg(seconds(*q.longestRunningProcessorSeconds));
        m_rows[longest].warning = true;
        m_rows[gi].note = tr("a worker looks stuck");
        m_rows[gi].warning = true;
    }
}

void MetricsModel::addControllerRows(const MetricsTargetState &t, const ControllerFigures &c)
{
    const qint64 w = rateWindowMs();
    const QString base = QStringLiteral("c|") + c.name + QLatin1Char('|');
    const MetricsTargetState::Point &last = *t.latest();
    const bool journal = last.journalReconciles.contains(c.name);
    const QMap<QString, double> jr = last.journalReconciles.value(c.name);
    Row g;
    g.figure = tr("controller %1").arg(c.name);
    g.explain = tr("The controller_runtime_* families with label controller=\"%1\" "
                   "(pkg/internal/controller/metrics).")
                    .arg(c.name);
    if (c.activeWorkers && c.maxConcurrent)
        g.scraped =
            tr("%1 of %2 workers busy").arg(number(*c.activeWorkers), number(*c.maxConcurrent));
    const int gi = addRow(-1, g);
    if (!c.reconcileByResult.isEmpty()) {
        Row r;
        r.figure = tr("reconciles");
        double sum = 0, jsum = 0;
        for (double v : c.reconcileByResult)
            sum += v;
        for (double v : jr)
            jsum += v;
        r.scraped = number(sum);
        r.series = base + QStringLiteral("reconciles");
        r.rate = perSecond(t.rate(w, seriesDef(r.series).value));
        if (journal)
            r.journal = number(jsum);
        r.explain = tr("controller_runtime_reconcile_total: reconcileHandler counts every "
                       "Reconcile return by result (success, error, requeue, requeue_after).");
        const int ri = addRow(gi, r);
        for (auto it = c.reconcileByResult.cbegin(); it != c.reconcileByResult.cend(); ++it) {
            Row x;
            x.figure = it.key();
            x.scraped = number(it.value());
            x.series = base + QStringLiteral("result=") + it.key();
            x.rate = perSecond(t.rate(w, seriesDef(x.series).value));
            if (journal)
                x.journal = number(jr.value(it.key()));
            x.explain = r.explain;
            addRow(ri, x);
        }
    }
    auto counter = [&](const QString &figure, const std::optional<double> &v, const char *key,
                       const QString &explain) {
        if (!v)
            return;
        Row r;
        r.figure = figure;
        r.scraped = number(*v);
        if (key) {
            r.series = base + QLatin1String(key);
            r.rate = perSecond(t.rate(w, seriesDef(r.series).value));
        }
        r.explain = explain;
        addRow(gi, r);
    };
    counter(tr("errors"), c.errors, "errors",
            tr("controller_runtime_reconcile_errors_total: Reconcile returned an error "
               "(reconcileHandler), terminal or not."));
    counter(tr("terminal errors"), c.terminalErrors, nullptr,
            tr("controller_runtime_terminal_reconcile_errors_total: errors wrapped with "
               "reconcile.TerminalError: not requeued."));
    counter(tr("panics"), c.panics, nullptr,
            tr("controller_runtime_reconcile_panics_total: Reconcile panicked and RecoverPanic "
               "caught it."));
    counter(tr("timeouts"), c.timeouts, nullptr,
            tr("controller_runtime_reconcile_timeouts_total (v0.23+): Reconcile ran past "
               "ReconciliationTimeout."));
    if (c.activeWorkers) {
        Row r;
        r.figure = tr("active workers");
        r.scraped = c.maxConcurrent
                        ? tr("%1 of %2").arg(number(*c.activeWorkers), number(*c.maxConcurrent))
                        : number(*c.activeWorkers);
        r.series = base + QStringLiteral("active");
        r.explain = tr("controller_runtime_active_workers: workers inside Reconcile now "
                       "(processNextWorkItem), of controller_runtime_max_concurrent_reconciles. "
                       "All of them busy while the longest running processor keeps growing: "
                       "stuck workers.");
        addRow(gi, r);
    }
    Row time;
    time.figure = tr("reconcile time");
    time.series = base + QStringLiteral("time");
    time.scraped = quantiles(t, w, seriesDef(time.series).histogram);
    time.explain = tr("controller_runtime_reconcile_time_seconds: how long each Reconcile took "
                      "(reconcileHandler), as quantiles of the rate window.");
    if (!time.scraped.isEmpty())
        addRow(gi, time);
}

void MetricsModel::addOtherRows(const MetricsTargetState &t)
{
    const ScrapeFigures &f = t.latest()->figures;
    const qint64 w = rateWindowMs();
    if (!f.requestsByCode.isEmpty()) {
        Row g;
        g.figure = tr("API requests");
        g.explain = tr("rest_client_requests_total by code: client-go's REST client counts "
                       "every request it made to the API server by HTTP code "
                       "(metrics.RequestResult), summed over method and host.");
        const int gi = addRow(-1, g);
        for (auto it = f.requestsByCode.cbegin(); it != f.requestsByCode.cend(); ++it) {
            Row r;
            r.figure = tr("code %1").arg(it.key());
            r.scraped = number(it.value());
            r.series = QStringLiteral("r|") + it.key() + QStringLiteral("|count");
            r.rate = perSecond(t.rate(w, seriesDef(r.series).value));
            r.explain = g.explain;
            addRow(gi, r);
        }
    }
    if (!f.leaderElection.isEmpty()) {
        Row g;
        g.figure = tr("leader election");
        g.explain = tr("leader_election_master_status: 1 while this process holds the lease "
                       "(client-go leaderelection).");
        const int gi = addRow(-1, g);
        for (auto it = f.leaderElection.cbegin(); it != f.leaderElection.cend(); ++it) {
            Row r;
            r.figure = it.key();
            r.scraped = it.value() > 0 ? tr("leading") : tr("not leading");
            r.explain = g.explain;
            addRow(gi, r);
        }
    }
    if (!t.notices.isEmpty()) {
        Row g;
        g.figure = tr("notices");
        g.explain = tr("What changed between scrapes: a counter that fell (the process "
                       "restarted: Prometheus counters only reset then), a family whose type "
                       "changed, a family left out.");
        const int gi = addRow(-1, g);
        for (qsizetype i = t.notices.size() - 1; i >= 0 && i >= t.notices.size() - 20; --i) {
            const MetricsTargetState::Notice &n = t.notices[i];
            Row r;
            r.figure = formatTimeMs(n.t);
            r.scraped = n.kind == MetricsTargetState::Notice::Restart       ? tr("restarted")
                        : n.kind == MetricsTargetState::Notice::TypeChanged ? tr("type changed")
                                                                            : tr("left out");
            r.note = n.what;
            r.warning = true;
            r.explain = g.explain;
            addRow(gi, r);
        }
    }
}

} // namespace lens
