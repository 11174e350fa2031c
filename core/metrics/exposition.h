// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArrayView>
#include <QList>
#include <QString>

#include <functional>
#include <optional>
#include <utility>

namespace lens::metrics {

/// A metric family's type as a `# TYPE` line names it. Untyped: no `# TYPE` line, or
/// `untyped` (text format) / `unknown` (OpenMetrics).
enum class MetricType {
    Untyped,
    Counter,
    Gauge,
    Histogram,
    Summary,
    GaugeHistogram,
    StateSet,
    Info
};

/// "counter", "gauge", ... as the text format writes it ("untyped" for Untyped).
QString metricTypeName(MetricType t);

/// The two text formats a /metrics endpoint may answer with, chosen by its Content-Type.
enum class ExpositionFormat {
    Text004,      ///< text/plain; version=0.0.4 (prometheus/common expfmt.TypeTextPlain)
    OpenMetrics1, ///< application/openmetrics-text; version=1.0.0 (ends with "# EOF")
};

/// The format of a Content-Type header: OpenMetrics1 for application/openmetrics-text, Text004
/// for everything else (text/plain, or no header), as Prometheus falls back to the text parser.
ExpositionFormat expositionFormatFor(QByteArrayView contentType);

/// One sample line: `name{labels} value [timestamp]`. Labels in the order written, values
/// unescaped. `timestampMs`: the optional timestamp in milliseconds since the epoch (the text
/// format writes milliseconds, OpenMetrics seconds; both are converted).
struct Sample {
    QString name;
    QList<std::pair<QString, QString>> labels;
    double value = 0;
    std::optional<qint64> timestampMs;

    /// The value of label `name`; `fallback` when the sample has no such label.
    QString label(QStringView name, const QString &fallback = {}) const;
    bool hasLabel(QStringView name) const;
};

/// One metric family: its `# HELP` text (unescaped), `# TYPE`, OpenMetrics `# UNIT`, and its
/// samples in the order written (a histogram's _bucket, _sum and _count samples, a summary's
/// quantiles, _sum and _count, a counter's _total and _created all belong to the family).
struct Family {
    QString name;
    QString help;
    QString unit;
    MetricType type = MetricType::Untyped;
    QList<Sample> samples;
};

/// Where a body stopped being valid: the 1-based line and what is wrong with it, in the words
/// of prometheus/common expfmt's TextParser where it has words for it.
struct ExpositionError {
    int line = 0;
    QString message;
    /// "line 12: expected a float value, got \"abc\"" (empty when there is no error).
    QString toString() const;
};

/// A parsed scrape body.
struct Exposition {
    ExpositionFormat format = ExpositionFormat::Text004;
    QList<Family> families;    ///< the kept families, in the order they first appear
    qsizetype sampleCount = 0; ///< every sample line, kept or not
    int familyCount = 0;       ///< every family, kept or not

    /// The kept family `name`, or nullptr.
    const Family *family(QStringView name) const;
};

/// Parses a Prometheus text exposition (format 0.0.4) or an OpenMetrics 1.0 text body, the
/// rules of prometheus/common expfmt.TextParser and the OpenMetrics specification:
/// - `# HELP name text` (escapes \\ and \n), `# TYPE name type` (counter, gauge, histogram,
///   summary, untyped; OpenMetrics adds unknown, gaugehistogram, stateset, info, and `# UNIT`);
///   other `#` lines are comments; empty lines are skipped;
/// - a sample: a metric name ([a-zA-Z_:][a-zA-Z0-9_:]*), optional `{name="value",...}` (label
///   names [a-zA-Z_][a-zA-Z0-9_]*, a trailing comma allowed, values escaped \\ \" \n), a
///   value (a Go float: 1, 1.5e+06, +Inf, -Inf, NaN), an optional integer timestamp
///   (OpenMetrics: a float in seconds) and, in OpenMetrics, an exemplar after " # " (skipped);
/// - samples of a family without a `# TYPE` line are Untyped; a histogram's `_bucket` needs a
///   float `le` label, a summary's quantile samples a float `quantile` label;
/// - errors (the body is refused, nothing is kept): a malformed line, a second HELP or TYPE
///   for a family, a TYPE after the family's samples, an unknown type, a label name written
///   twice in one sample; in OpenMetrics also a missing or non-final `# EOF`.
/// `keep` decides which families are stored (all when empty): the others are still checked,
/// so a 50 MB body costs its parse, not its memory. Returns false and fills `*error` when the
/// body is invalid. No exceptions, no allocation beyond the kept families.
bool parseExposition(QByteArrayView body, ExpositionFormat format, Exposition *out,
                     ExpositionError *error,
                     const std::function<bool(QStringView family)> &keep = {});

/// A float as expfmt reads one (Go strconv.ParseFloat): decimal or exponent form, "+Inf",
/// "-Inf", "Inf", "NaN" (any case). nullopt when `text` is not one.
std::optional<double> parseGoFloat(QByteArrayView text);

} // namespace lens::metrics
