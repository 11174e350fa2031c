// SPDX-License-Identifier: Apache-2.0
#include "metricsfigures_p.h"

#include "format.h"
#include "metricsmodel.h"

#include <cmath>

namespace lens::metricsfigures {

using metrics::ControllerFigures;
using metrics::HistogramFigures;
using metrics::QueueFigures;
using metrics::ScrapeFigures;

QString number(double v)
{
    if (std::isnan(v))
        return QStringLiteral("NaN");
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("+Inf") : QStringLiteral("-Inf");
    if (std::abs(v) >= 1e15)
        return QString::number(v, 'g', 6);
    if (v == std::floor(v))
        return QString::number(v, 'f', 0);
    return QString::number(v, 'g', 4);
}

QString seconds(double s)
{
    // A gauge may hold anything: what is no duration is shown as the number it is.
    if (!std::isfinite(s) || std::abs(s) >= 1e9)
        return MetricsModel::tr("%1 s").arg(number(s));
    if (s < 0)
        return QLatin1Char('-') + seconds(-s);
    if (s < 0.001)
        return MetricsModel::tr("%1 µs").arg(s * 1e6, 0, 'g', 3);
    return formatDuration(qint64(std::llround(s * 1000)));
}

QString perSecond(const std::optional<double> &r)
{
    return r ? MetricsModel::tr("%1/s").arg(*r, 0, 'f', *r < 10 ? 2 : 1) : QString();
}

SeriesDef seriesDef(const QString &key)
{
    const QStringList k = key.split(QLatin1Char('|'));
    if (k.size() != 3)
        return {};
    const QString name = k[1];
    const QString what = k[2];
    auto queue = [name](const ScrapeFigures &f) -> const QueueFigures * {
        const auto it = f.queues.constFind(name);
        return it == f.queues.constEnd() ? nullptr : &*it;
    };
    auto controller = [name](const ScrapeFigures &f) -> const ControllerFigures * {
        const auto it = f.controllers.constFind(name);
        return it == f.controllers.constEnd() ? nullptr : &*it;
    };
    SeriesDef d;
    if (k[0] == QLatin1String("q")) {
        if (what == QLatin1String("depth"))
            d.value = [queue](const ScrapeFigures &f) {
                const QueueFigures *q = queue(f);
                return q ? q->depth() : std::nullopt;
            };
        else if (what.startsWith(QLatin1String("depth=")))
            d.value = [queue, p = what.mid(6)](const ScrapeFigures &f) -> std::optional<double> {
                const QueueFigures *q = queue(f);
                if (!q || !q->depthByPriority.contains(p))
                    return std::nullopt;
                return q->depthByPriority.value(p);
            };
        else if (what == QLatin1String("adds") || what == QLatin1String("retries")) {
            d.shape = Shape::Counter;
            d.value = [queue, adds = what == QLatin1String("adds")](const ScrapeFigures &f) {
                const QueueFigures *q = queue(f);
                return q ? (adds ? q->adds : q->retries) : std::nullopt;
            };
        } else if (what == QLatin1String("unfinished") || what == QLatin1String("longest"))
            d.value = [queue, u = what == QLatin1String("unfinished")](const ScrapeFigures &f) {
                const QueueFigures *q = queue(f);
                return q ? (u ? q->unfinishedWorkSeconds : q->longestRunningProcessorSeconds)
                         : std::nullopt;
            };
        else if (what == QLatin1String("queue") || what == QLatin1String("work")) {
            d.shape = Shape::Quantile;
            d.histogram = [queue, qd = what == QLatin1String("queue")](
                              const ScrapeFigures &f) -> const HistogramFigures * {
                const QueueFigures *q = queue(f);
                return q ? (qd ? &q->queueDuration : &q->workDuration) : nullptr;
            };
        }
    } else if (k[0] == QLatin1String("c")) {
        if (what == QLatin1String("reconciles") || what.startsWith(QLatin1String("result="))) {
            d.shape = Shape::Counter;
            d.value = [controller, what](const ScrapeFigures &f) -> std::optional<double> {
                const ControllerFigures *c = controller(f);
                if (!c || c->reconcileByResult.isEmpty())
                    return std::nullopt;
                if (what.startsWith(QLatin1String("result=")))
                    return c->reconcileByResult.value(what.mid(7));
                double sum = 0;
                for (double v : c->reconcileByResult)
                    sum += v;
                return sum;
            };
        } else if (what == QLatin1String("errors")) {
            d.shape = Shape::Counter;
            d.value = [controller](const ScrapeFigures &f) {
                const ControllerFigures *c = controller(f);
                return c ? c->errors : std::nullopt;
            };
        } else if (what == QLatin1String("active")) {
            d.value = [controller](const ScrapeFigures &f) {
                const ControllerFigures *c = controller(f);
                return c ? c->activeWorkers : std::nullopt;
            };
        } else if (what == QLatin1String("time")) {
            d.shape = Shape::Quantile;
            d.histogram = [controller](const ScrapeFigures &f) -> const HistogramFigures * {
                const ControllerFigures *c = controller(f);
                return c ? &c->reconcileTime : nullptr;
            };
        }
    } else if (k[0] == QLatin1String("r")) {
        d.shape = Shape::Counter;
        d.value = [name](const ScrapeFigures &f) -> std::optional<double> {
            if (!f.requestsByCode.contains(name))
                return std::nullopt;
            return f.requestsByCode.value(name);
        };
    }
    return d;
}

/// "p50 1.2 s · p99 4.0 s" of the observations in the window, or why there are none.
QString quantiles(const MetricsTargetState &t, qint64 windowMs, const HistogramGetter &h)
{
    const MetricsTargetState::Point *start = t.windowStart(windowMs);
    const HistogramFigures *now = h(t.latest()->figures);
    if (!now || now->isEmpty())
        return {};
    const HistogramFigures *then = start ? h(start->figures) : nullptr;
    const HistogramFigures d = then && start != t.latest() ? now->since(*then) : *now;
    const std::optional<double> p50 = d.quantile(0.5);
    const std::optional<double> p99 = d.quantile(0.99);
    if (!p50 || !p99)
        return MetricsModel::tr("no observations in the last %1").arg(formatDuration(windowMs));
    // In the first bucket histogram_quantile interpolates from 0 to its bound: all the buckets
    // say is "at most the bound", so that is what is shown (the plot keeps promql's figure).
    const double first = d.bounds.value(0, 0);
    auto shown = [first](double v) {
        if (std::isinf(v)) // histogram_quantile: past the highest finite bound
            return MetricsModel::tr("over the largest bucket");
        return v <= first ? MetricsModel::tr("≤ %1").arg(seconds(first)) : seconds(v);
    };
    return MetricsModel::tr("p50 %1 · p99 %2").arg(shown(*p50), shown(*p99));
}

} // namespace lens::metricsfigures
