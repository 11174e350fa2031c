// SPDX-License-Identifier: Apache-2.0
// Private to MetricsModel (metricsmodel.cpp, metricsmodel_rows.cpp): how its figures read as text
// and how a series key ("q|NAME|depth", "c|NAME|errors", "r|CODE|count") reads its figure.
#pragma once

#include "metrics/scrapefigures.h"
#include "metricsstate.h"

#include <QString>

#include <functional>
#include <optional>

namespace lens::metricsfigures {

using Getter = std::function<std::optional<double>(const metrics::ScrapeFigures &)>;
using HistogramGetter =
    std::function<const metrics::HistogramFigures *(const metrics::ScrapeFigures &)>;

/// A figure as text: whole numbers without decimals, else 4 significant digits; "NaN".
QString number(double v);
/// Seconds as text: "12 µs" below a millisecond, else formatDuration's "1.2 s".
QString seconds(double s);
/// "3.00/s", or empty when there is no rate.
QString perSecond(const std::optional<double> &r);

/// How a series key reads its figure: what, of which queue or controller, and as what kind.
enum class Shape { Counter, Gauge, Quantile };
struct SeriesDef {
    Getter value;
    Shape shape = Shape::Gauge;
    HistogramGetter histogram;
};
/// The reading of a series key; an unknown key gives a SeriesDef without getters.
SeriesDef seriesDef(const QString &key);

/// "p50 1.2 s · p99 4.0 s" of the observations in the rate window (milliseconds), "no
/// observations", or empty when the scrape has no such histogram.
QString quantiles(const MetricsTargetState &t, qint64 windowMs, const HistogramGetter &h);

} // namespace lens::metricsfigures
