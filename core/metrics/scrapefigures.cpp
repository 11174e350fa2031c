// SPDX-License-Identifier: Apache-2.0
#include "scrapefigures.h"

#include <QJsonArray>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace lens::metrics {

namespace {

/// The longest label value read (a DNS-1123 subdomain, the longest Kubernetes name).
constexpr qsizetype kMaxLabelValue = 253;

/// JSON has no NaN or infinity: they are written as Go's strings "NaN", "+Inf" and "-Inf"
/// (what the exposition format writes), every other value as a number.
QJsonValue numberToJson(double v)
{
    if (std::isnan(v))
        return QStringLiteral("NaN");
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("+Inf") : QStringLiteral("-Inf");
    return v;
}

std::optional<double> numberFromJson(const QJsonValue &v)
{
    if (v.isDouble())
        return v.toDouble();
    const QString t = v.toString();
    if (t == QLatin1String("NaN"))
        return std::numeric_limits<double>::quiet_NaN();
    if (t == QLatin1String("+Inf"))
        return std::numeric_limits<double>::infinity();
    if (t == QLatin1String("-Inf"))
        return -std::numeric_limits<double>::infinity();
    return std::nullopt;
}

void putOptional(QJsonObject *o, const char *key, const std::optional<double> &v)
{
    if (v)
        o->insert(QLatin1String(key), numberToJson(*v));
}

std::optional<double> takeOptional(const QJsonObject &o, const char *key)
{
    return numberFromJson(o.value(QLatin1String(key)));
}

QJsonObject mapToJson(const QMap<QString, double> &m)
{
    QJsonObject o;
    for (auto it = m.cbegin(); it != m.cend(); ++it)
        o.insert(it.key(), numberToJson(it.value()));
    return o;
}

QMap<QString, double> mapFromJson(const QJsonValue &v)
{
    QMap<QString, double> m;
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        m.insert(it.key(), numberFromJson(it.value()).value_or(0));
    return m;
}

QJsonValue boundToJson(double b)
{
    return numberToJson(b);
}

double boundFromJson(const QJsonValue &v)
{
    return numberFromJson(v).value_or(std::numeric_limits<double>::infinity());
}

/// What a family of the seven workqueue, eight controller_runtime and three process families
/// must be typed, as client-go / controller-runtime register them.
const QMap<QString, MetricType> &expectedTypes()
{
    static const QMap<QString, MetricType> t{
        {QStringLiteral("workqueue_depth"), MetricType::Gauge},
        {QStringLiteral("workqueue_adds_total"), MetricType::Counter},
        {QStringLiteral("workqueue_retries_total"), MetricType::Counter},
        {QStringLiteral("workqueue_queue_duration_seconds"), MetricType::Histogram},
        {QStringLiteral("workqueue_work_duration_seconds"), MetricType::Histogram},
        {QStringLiteral("workqueue_unfinished_work_seconds"), MetricType::Gauge},
        {QStringLiteral("workqueue_longest_running_processor_seconds"), MetricType::Gauge},
        {QStringLiteral("controller_runtime_reconcile_total"), MetricType::Counter},
        {QStringLiteral("controller_runtime_reconcile_errors_total"), MetricType::Counter},
        {QStringLiteral("controller_runtime_terminal_reconcile_errors_total"), MetricType::Counter},
        {QStringLiteral("controller_runtime_reconcile_panics_total"), MetricType::Counter},
        {QStringLiteral("controller_runtime_reconcile_timeouts_total"), MetricType::Counter},
        {QStringLiteral("controller_runtime_active_workers"), MetricType::Gauge},
        {QStringLiteral("controller_runtime_max_concurrent_reconciles"), MetricType::Gauge},
        {QStringLiteral("controller_runtime_reconcile_time_seconds"), MetricType::Histogram},
        {QStringLiteral("rest_client_requests_total"), MetricType::Counter},
        {QStringLiteral("leader_election_master_status"), MetricType::Gauge},
        {QStringLiteral("process_start_time_seconds"), MetricType::Gauge},
    };
    return t;
}

/// Adds a histogram sample (_bucket, _sum or _count) to `h`.
void addHistogramSample(HistogramFigures *h, const QString &family, const Sample &s)
{
    if (s.name.size() == family.size() + 7) { // _bucket
        const double le = parseGoFloat(s.label(u"le").toLatin1()).value_or(0);
        h->bounds.append(le);
        h->cumulative.append(s.value);
    } else if (s.name.endsWith(QLatin1String("_sum"))) {
        h->sum = s.value;
    } else if (s.name.endsWith(QLatin1String("_count"))) {
        h->count = s.value;
    }
}

/// A series' identity without `le` (the labels of every sample of one histogram series).
QString seriesKey(const Sample &s)
{
    QString k;
    for (const auto &l : s.labels)
        if (l.first != QLatin1String("le"))
            k += l.first + QLatin1Char('=') + l.second + QLatin1Char('\x1f');
    return k;
}

} // namespace

QJsonObject HistogramFigures::toJson() const
{
    QJsonArray b, c;
    for (double x : bounds)
        b.append(boundToJson(x));
    for (double x : cumulative)
        c.append(numberToJson(x));
    return {{QStringLiteral("le"), b},
            {QStringLiteral("buckets"), c},
            {QStringLiteral("count"), numberToJson(count)},
            {QStringLiteral("sum"), numberToJson(sum)}};
}

HistogramFigures HistogramFigures::fromJson(const QJsonObject &o)
{
    HistogramFigures h;
    for (const QJsonValue &v : o.value(QLatin1String("le")).toArray())
        h.bounds.append(boundFromJson(v));
    for (const QJsonValue &v : o.value(QLatin1String("buckets")).toArray())
        h.cumulative.append(numberFromJson(v).value_or(0));
    h.count = numberFromJson(o.value(QLatin1String("count"))).value_or(0);
    h.sum = numberFromJson(o.value(QLatin1String("sum"))).value_or(0);
    if (h.cumulative.size() != h.bounds.size())
        return {};
    return h;
}

HistogramFigures HistogramFigures::since(const HistogramFigures &earlier) const
{
    if (earlier.isEmpty() || earlier.bounds != bounds || earlier.count > count)
        return *this;
    HistogramFigures d = *this;
    for (qsizetype i = 0; i < d.cumulative.size(); ++i) {
        if (earlier.cumulative[i] > cumulative[i])
            return *this; // a reset
        d.cumulative[i] -= earlier.cumulative[i];
    }
    d.count -= earlier.count;
    d.sum -= earlier.sum;
    return d;
}

std::optional<double> HistogramFigures::quantile(double q) const
{
    if (bounds.size() < 2 || !std::isinf(bounds.last()) || cumulative.last() <= 0)
        return std::nullopt;
    const double total = cumulative.last();
    const double rank = q * total;
    qsizetype b = 0;
    while (b < cumulative.size() - 1 && cumulative[b] < rank)
        ++b;
    if (b == bounds.size() - 1)
        return bounds[b - 1];
    if (b == 0 && bounds[0] <= 0)
        return bounds[0];
    const double start = b == 0 ? 0 : bounds[b - 1];
    const double below = b == 0 ? 0 : cumulative[b - 1];
    const double inBucket = cumulative[b] - below;
    if (inBucket <= 0)
        return bounds[b];
    return start + (bounds[b] - start) * ((rank - below) / inBucket);
}

std::optional<double> QueueFigures::depth() const
{
    if (depthByPriority.isEmpty())
        return std::nullopt;
    double d = 0;
    for (double v : depthByPriority)
        d += v;
    return d;
}

QJsonObject QueueFigures::toJson() const
{
    QJsonObject o{{QStringLiteral("name"), name}};
    if (!controller.isEmpty())
        o.insert(QStringLiteral("controller"), controller);
    if (!depthByPriority.isEmpty())
        o.insert(QStringLiteral("depth"), mapToJson(depthByPriority));
    putOptional(&o, "adds", adds);
    putOptional(&o, "retries", retries);
    if (!queueDuration.isEmpty())
        o.insert(QStringLiteral("queueDuration"), queueDuration.toJson());
    if (!workDuration.isEmpty())
        o.insert(QStringLiteral("workDuration"), workDuration.toJson());
    putOptional(&o, "unfinishedWorkSeconds", unfinishedWorkSeconds);
    putOptional(&o, "longestRunningProcessorSeconds", longestRunningProcessorSeconds);
    return o;
}

QueueFigures QueueFigures::fromJson(const QJsonObject &o)
{
    QueueFigures q;
    q.name = o.value(QLatin1String("name")).toString();
    q.controller = o.value(QLatin1String("controller")).toString();
    q.depthByPriority = mapFromJson(o.value(QLatin1String("depth")));
    q.adds = takeOptional(o, "adds");
    q.retries = takeOptional(o, "retries");
    q.queueDuration =
        HistogramFigures::fromJson(o.value(QLatin1String("queueDuration")).toObject());
    q.workDuration = HistogramFigures::fromJson(o.value(QLatin1String("workDuration")).toObject());
    q.unfinishedWorkSeconds = takeOptional(o, "unfinishedWorkSeconds");
    q.longestRunningProcessorSeconds = takeOptional(o, "longestRunningProcessorSeconds");
    return q;
}

QJsonObject ControllerFigures::toJson() const
{
    QJsonObject o{{QStringLiteral("name"), name}};
    if (!reconcileByResult.isEmpty())
        o.insert(QStringLiteral("reconcile"), mapToJson(reconcileByResult));
    putOptional(&o, "errors", errors);
    putOptional(&o, "terminalErrors", terminalErrors);
    putOptional(&o, "panics", panics);
    putOptional(&o, "timeouts", timeouts);
    putOptional(&o, "activeWorkers", activeWorkers);
    putOptional(&o, "maxConcurrent", maxConcurrent);
    if (!reconcileTime.isEmpty())
        o.insert(QStringLiteral("reconcileTime"), reconcileTime.toJson());
    return o;
}

ControllerFigures ControllerFigures::fromJson(const QJsonObject &o)
{
    ControllerFigures c;
    c.name = o.value(QLatin1String("name")).toString();
    c.reconcileByResult = mapFromJson(o.value(QLatin1String("reconcile")));
    c.errors = takeOptional(o, "errors");
    c.terminalErrors = takeOptional(o, "terminalErrors");
    c.panics = takeOptional(o, "panics");
    c.timeouts = takeOptional(o, "timeouts");
    c.activeWorkers = takeOptional(o, "activeWorkers");
    c.maxConcurrent = takeOptional(o, "maxConcurrent");
    c.reconcileTime =
        HistogramFigures::fromJson(o.value(QLatin1String("reconcileTime")).toObject());
    return c;
}

namespace {
/// The name a family is known by here: OpenMetrics names a counter family without its
/// `_total` suffix (`# TYPE workqueue_adds counter`, sample `workqueue_adds_total`), the text
/// format with it (expfmt's OpenMetrics encoder strips it, client_golang registers it).
QString canonicalName(const Family &fam)
{
    if (fam.type == MetricType::Counter && !fam.name.endsWith(QLatin1String("_total"))) {
        const QString total = fam.name + QStringLiteral("_total");
        if (expectedTypes().contains(total))
            return total;
    }
    return fam.name;
}
} // namespace

bool ScrapeFigures::wanted(QStringView family)
{
    const QString name = family.toString();
    return expectedTypes().contains(name) ||
           expectedTypes().contains(name + QStringLiteral("_total"));
}

ScrapeFigures ScrapeFigures::fromExposition(const Exposition &e, int maxSeriesPerFamily)
{
    ScrapeFigures f;
    for (const Family &fam : e.families) {
        const QString n = canonicalName(fam);
        const auto expected = expectedTypes().constFind(n);
        if (expected == expectedTypes().constEnd())
            continue;
        f.types.insert(n, metricTypeName(fam.type));
        // An untyped family (no # TYPE line) is read as what it should be, as Prometheus reads
        // untyped samples as plain values; a family typed otherwise is not.
        if (fam.type != *expected && fam.type != MetricType::Untyped) {
            f.warnings << QStringLiteral("%1 is a %2 here, where client-go and controller-runtime "
                                         "export a %3: left out")
                              .arg(n, metricTypeName(fam.type), metricTypeName(*expected));
            continue;
        }
        const bool histogram = *expected == MetricType::Histogram;
        QSet<QString> series;
        bool capped = false;
        bool longLabel = false;
        for (const Sample &s : fam.samples) {
            // OpenMetrics' creation time of a counter is no figure of it.
            if (*expected == MetricType::Counter && s.name.endsWith(QLatin1String("_created")))
                continue;
            // Names are keys of the figures, kept in every journaled scrape: a label value
            // longer than any Kubernetes name (253) is no queue's or controller's.
            if (std::any_of(s.labels.cbegin(), s.labels.cend(),
                            [](const auto &l) { return l.second.size() > kMaxLabelValue; })) {
                longLabel = true;
                continue;
            }
            const QString key = seriesKey(s);
            if (!series.contains(key)) {
                if (series.size() >= maxSeriesPerFamily) {
                    capped = true;
                    continue;
                }
                series.insert(key);
            }
            if (n.startsWith(QLatin1String("workqueue_"))) {
                const QString queue = s.label(u"name");
                QueueFigures &q = f.queues[queue];
                q.name = queue;
                q.controller = s.label(u"controller", q.controller);
                if (n == QLatin1String("workqueue_depth"))
                    q.depthByPriority[s.label(u"priority")] += s.value;
                else if (n == QLatin1String("workqueue_adds_total"))
                    q.adds = s.value;
                else if (n == QLatin1String("workqueue_retries_total"))
                    q.retries = s.value;
                else if (n == QLatin1String("workqueue_queue_duration_seconds"))
                    addHistogramSample(&q.queueDuration, n, s);
                else if (n == QLatin1String("workqueue_work_duration_seconds"))
                    addHistogramSample(&q.workDuration, n, s);
                else if (n == QLatin1String("workqueue_unfinished_work_seconds"))
                    q.unfinishedWorkSeconds = s.value;
                else
                    q.longestRunningProcessorSeconds = s.value;
            } else if (n.startsWith(QLatin1String("controller_runtime_"))) {
                const QString name = s.label(u"controller");
                ControllerFigures &c = f.controllers[name];
                c.name = name;
                if (n == QLatin1String("controller_runtime_reconcile_total"))
                    c.reconcileByResult[s.label(u"result")] += s.value;
                else if (n == QLatin1String("controller_runtime_reconcile_errors_total"))
                    c.errors = s.value;
                else if (n == QLatin1String("controller_runtime_terminal_reconcile_errors_total"))
                    c.terminalErrors = s.value;
                else if (n == QLatin1String("controller_runtime_reconcile_panics_total"))
                    c.panics = s.value;
                else if (n == QLatin1String("controller_runtime_reconcile_timeouts_total"))
                    c.timeouts = s.value;
                else if (n == QLatin1String("controller_runtime_active_workers"))
                    c.activeWorkers = s.value;
                else if (n == QLatin1String("controller_runtime_max_concurrent_reconciles"))
                    c.maxConcurrent = s.value;
                else if (histogram)
                    addHistogramSample(&c.reconcileTime, n, s);
            } else if (n == QLatin1String("rest_client_requests_total")) {
                f.requestsByCode[s.label(u"code")] += s.value;
            } else if (n == QLatin1String("leader_election_master_status")) {
                f.leaderElection.insert(s.label(u"name"), s.value);
            } else if (n == QLatin1String("process_start_time_seconds")) {
                f.processStartTimeSeconds = s.value;
            }
        }
        if (longLabel)
            f.warnings << QStringLiteral("%1 has a series with a label value longer than %2 "
                                         "characters: left out")
                              .arg(fam.name)
                              .arg(kMaxLabelValue);
        if (capped)
            f.warnings << QStringLiteral("%1 has more than %2 series: only the first %2 are read")
                              .arg(fam.name)
                              .arg(maxSeriesPerFamily);
    }
    return f;
}

QJsonObject ScrapeFigures::toJson() const
{
    QJsonObject o;
    QJsonArray q, c;
    for (const QueueFigures &x : queues)
        q.append(x.toJson());
    for (const ControllerFigures &x : controllers)
        c.append(x.toJson());
    if (!q.isEmpty())
        o.insert(QStringLiteral("queues"), q);
    if (!c.isEmpty())
        o.insert(QStringLiteral("controllers"), c);
    if (!requestsByCode.isEmpty())
        o.insert(QStringLiteral("requestsByCode"), mapToJson(requestsByCode));
    if (!leaderElection.isEmpty())
        o.insert(QStringLiteral("leaderElection"), mapToJson(leaderElection));
    putOptional(&o, "processStartTimeSeconds", processStartTimeSeconds);
    QJsonObject t;
    for (auto it = types.cbegin(); it != types.cend(); ++it)
        t.insert(it.key(), it.value());
    if (!t.isEmpty())
        o.insert(QStringLiteral("types"), t);
    if (!warnings.isEmpty())
        o.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(warnings));
    return o;
}

ScrapeFigures ScrapeFigures::fromJson(const QJsonObject &o)
{
    ScrapeFigures f;
    for (const QJsonValue &v : o.value(QLatin1String("queues")).toArray()) {
        QueueFigures q = QueueFigures::fromJson(v.toObject());
        f.queues.insert(q.name, q);
    }
    for (const QJsonValue &v : o.value(QLatin1String("controllers")).toArray()) {
        ControllerFigures c = ControllerFigures::fromJson(v.toObject());
        f.controllers.insert(c.name, c);
    }
    f.requestsByCode = mapFromJson(o.value(QLatin1String("requestsByCode")));
    f.leaderElection = mapFromJson(o.value(QLatin1String("leaderElection")));
    f.processStartTimeSeconds = takeOptional(o, "processStartTimeSeconds");
    const QJsonObject t = o.value(QLatin1String("types")).toObject();
    for (auto it = t.begin(); it != t.end(); ++it)
        f.types.insert(it.key(), it.value().toString());
    for (const QJsonValue &v : o.value(QLatin1String("warnings")).toArray())
        f.warnings << v.toString();
    return f;
}

} // namespace lens::metrics
