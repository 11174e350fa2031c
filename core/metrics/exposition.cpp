// SPDX-License-Identifier: Apache-2.0
#include "exposition.h"

#include <QHash>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace lens::metrics {

QString metricTypeName(MetricType t)
{
    switch (t) {
    case MetricType::Counter:
        return QStringLiteral("counter");
    case MetricType::Gauge:
        return QStringLiteral("gauge");
    case MetricType::Histogram:
        return QStringLiteral("histogram");
    case MetricType::Summary:
        return QStringLiteral("summary");
    case MetricType::GaugeHistogram:
        return QStringLiteral("gaugehistogram");
    case MetricType::StateSet:
        return QStringLiteral("stateset");
    case MetricType::Info:
        return QStringLiteral("info");
    case MetricType::Untyped:
        break;
    }
    return QStringLiteral("untyped");
}

ExpositionFormat expositionFormatFor(QByteArrayView contentType)
{
    const QByteArray mime = contentType.toByteArray().split(';').first().trimmed().toLower();
    return mime == "application/openmetrics-text" ? ExpositionFormat::OpenMetrics1
                                                  : ExpositionFormat::Text004;
}

QString Sample::label(QStringView name, const QString &fallback) const
{
    for (const auto &l : labels)
        if (l.first == name)
            return l.second;
    return fallback;
}

bool Sample::hasLabel(QStringView name) const
{
    for (const auto &l : labels)
        if (l.first == name)
            return true;
    return false;
}

QString ExpositionError::toString() const
{
    return message.isEmpty() ? QString() : QStringLiteral("line %1: %2").arg(line).arg(message);
}

const Family *Exposition::family(QStringView name) const
{
    for (const Family &f : families)
        if (f.name == name)
            return &f;
    return nullptr;
}

std::optional<double> parseGoFloat(QByteArrayView text)
{
    if (text.isEmpty())
        return std::nullopt;
    QByteArrayView t = text;
    bool negative = false;
    if (t.front() == '+' || t.front() == '-') {
        negative = t.front() == '-';
        t = t.sliced(1);
    }
    if (t.compare("inf", Qt::CaseInsensitive) == 0 ||
        t.compare("infinity", Qt::CaseInsensitive) == 0)
        return negative ? -std::numeric_limits<double>::infinity()
                        : std::numeric_limits<double>::infinity();
    if (t.compare("nan", Qt::CaseInsensitive) == 0)
        return text.size() == 3 ? std::optional<double>(std::numeric_limits<double>::quiet_NaN())
                                : std::nullopt;
    if (t.isEmpty() || !(std::isdigit(uchar(t.front())) || t.front() == '.'))
        return std::nullopt;
    double v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    // Out of range: Go returns ±Inf with an error; expfmt refuses the line.
    if (ec != std::errc() || end != t.data() + t.size())
        return std::nullopt;
    return negative ? -v : v;
}

namespace {

bool isNameStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}

bool isNameChar(char c)
{
    return isNameStart(c) || (c >= '0' && c <= '9');
}

/// What the parser knows of every family, kept or not.
struct FamilyState {
    MetricType type = MetricType::Untyped;
    bool hasHelp = false;
    bool hasType = false;
    bool hasSamples = false;
    int kept = -1; ///< index into Exposition::families, -1 when not kept
};

/// One body's parse: a cursor over the current line and the families seen so far.
class Parser {
public:
    Parser(ExpositionFormat format, Exposition *out, const std::function<bool(QStringView)> &keep)
        : m_format(format), m_out(out), m_keep(keep)
    {
    }

    bool parse(QByteArrayView body, ExpositionError *error)
    {
        qsizetype pos = 0;
        bool eof = false;
        while (pos < body.size()) {
            qsizetype nl = body.indexOf('\n', pos);
            const bool lastLine = nl < 0;
            if (lastLine)
                nl = body.size();
            QByteArrayView line = body.sliced(pos, nl - pos);
            pos = nl + 1;
            ++m_line;
            if (line.endsWith('\r'))
                line.chop(1);
            if (eof) {
                if (!(lastLine && line.isEmpty()))
                    return fail(error, QStringLiteral("content after \"# EOF\""));
                continue;
            }
            if (m_format == ExpositionFormat::OpenMetrics1 && line == "# EOF") {
                eof = true;
                continue;
            }
            if (!parseLine(line))
                return fail(error, m_message);
        }
        if (m_format == ExpositionFormat::OpenMetrics1 && !eof) {
            ++m_line; // "# EOF" was due on the line after the last one, line 1 of an empty body
            return fail(error, QStringLiteral("the body ends without \"# EOF\": it was cut short "
                                              "or is not OpenMetrics"));
        }
        return true;
    }

private:
    bool fail(ExpositionError *error, const QString &message)
    {
        if (error)
            *error = {m_line, message};
        return false;
    }

    bool problem(const QString &message)
    {
        m_message = message;
        return false;
    }

    static QByteArrayView skipBlanks(QByteArrayView v)
    {
        qsizetype i = 0;
        while (i < v.size() && (v[i] == ' ' || v[i] == '\t'))
            ++i;
        return v.sliced(i);
    }

    static QByteArrayView takeName(QByteArrayView *v, bool labelName)
    {
        qsizetype i = 0;
        if (v->isEmpty() || !isNameStart(v->front()) || (labelName && v->front() == ':'))
            return {};
        while (i < v->size() && isNameChar((*v)[i]) && !(labelName && (*v)[i] == ':'))
            ++i;
        const QByteArrayView name = v->first(i);
        *v = v->sliced(i);
        return name;
    }

    FamilyState &state(const QString &name)
    {
        auto it = m_states.find(name);
        if (it == m_states.end()) {
            it = m_states.insert(name, FamilyState{});
            ++m_out->familyCount;
        }
        return *it;
    }

    Family *kept(const QString &name, FamilyState &s)
    {
        if (s.kept < 0 && (!m_keep || m_keep(name))) {
            s.kept = int(m_out->families.size());
            Family f;
            f.name = name;
            f.type = s.type;
            m_out->families.append(f);
        }
        return s.kept < 0 ? nullptr : &m_out->families[s.kept];
    }

    bool parseLine(QByteArrayView line)
    {
        line = skipBlanks(line);
        if (line.isEmpty())
            return true;
        if (line.front() == '#')
            return parseComment(line.sliced(1));
        return parseSample(line);
    }

    bool parseComment(QByteArrayView rest)
    {
        rest = skipBlanks(rest);
        const bool help =
            rest.startsWith("HELP") && (rest.size() == 4 || rest[4] == ' ' || rest[4] == '\t');
        const bool type =
            rest.startsWith("TYPE") && (rest.size() == 4 || rest[4] == ' ' || rest[4] == '\t');
        const bool unit = m_format == ExpositionFormat::OpenMetrics1 && rest.startsWith("UNIT") &&
                          (rest.size() == 4 || rest[4] == ' ' || rest[4] == '\t');
        if (!help && !type && !unit)
            return true; // a plain comment
        rest = skipBlanks(rest.sliced(4));
        const QByteArrayView nameView = takeName(&rest, false);
        if (nameView.isEmpty())
            return problem(QStringLiteral("invalid metric name in comment"));
        if (!rest.isEmpty() && rest.front() != ' ' && rest.front() != '\t')
            return problem(QStringLiteral("invalid metric name in comment"));
        const QString name = QString::fromLatin1(nameView);
        FamilyState &s = state(name);
        rest = skipBlanks(rest);
        if (help) {
            if (s.hasHelp)
                return problem(QStringLiteral("second HELP line for metric name \"%1\"").arg(name));
            s.hasHelp = true;
            QString text;
            if (!unescape(rest, false, &text))
                return false;
            if (Family *f = kept(name, s))
                f->help = text;
            return true;
        }
        if (unit) {
            if (Family *f = kept(name, s))
                f->unit = QString::fromUtf8(rest);
            return true;
        }
        if (s.hasType || s.hasSamples)
            return problem(QStringLiteral("second TYPE line for metric name \"%1\", or TYPE "
                                          "reported after samples")
                               .arg(name));
        const QByteArray t = rest.toByteArray().trimmed();
        static const QHash<QByteArray, MetricType> text{{"counter", MetricType::Counter},
                                                        {"gauge", MetricType::Gauge},
                                                        {"histogram", MetricType::Histogram},
                                                        {"summary", MetricType::Summary},
                                                        {"untyped", MetricType::Untyped}};
        static const QHash<QByteArray, MetricType> open{
            {"counter", MetricType::Counter},     {"gauge", MetricType::Gauge},
            {"histogram", MetricType::Histogram}, {"summary", MetricType::Summary},
            {"unknown", MetricType::Untyped},     {"gaugehistogram", MetricType::GaugeHistogram},
            {"stateset", MetricType::StateSet},   {"info", MetricType::Info}};
        const auto &types = m_format == ExpositionFormat::OpenMetrics1 ? open : text;
        const auto it = types.constFind(t);
        if (it == types.constEnd())
            return problem(QStringLiteral("unknown metric type \"%1\"").arg(QString::fromUtf8(t)));
        s.hasType = true;
        s.type = *it;
        if (Family *f = kept(name, s))
            f->type = *it;
        return true;
    }

    /// The family a sample name belongs to: itself, or a typed family it is a suffix of.
    QString familyOf(const QString &sample, QString *suffix)
    {
        if (m_states.contains(sample) && m_states.value(sample).hasType)
            return sample;
        static const char *const suffixes[] = {"_bucket",  "_sum",  "_count",  "_total",
                                               "_created", "_gsum", "_gcount", "_info"};
        for (const char *sfx : suffixes) {
            const QLatin1StringView s(sfx);
            if (!sample.endsWith(s))
                continue;
            const QString base = sample.chopped(s.size());
            const auto it = m_states.constFind(base);
            if (it == m_states.constEnd())
                continue;
            const MetricType t = it->type;
            const bool fits = (t == MetricType::Histogram &&
                               (s == QLatin1String("_bucket") || s == QLatin1String("_sum") ||
                                s == QLatin1String("_count") || s == QLatin1String("_created"))) ||
                              (t == MetricType::GaugeHistogram &&
                               (s == QLatin1String("_bucket") || s == QLatin1String("_gsum") ||
                                s == QLatin1String("_gcount"))) ||
                              (t == MetricType::Summary &&
                               (s == QLatin1String("_sum") || s == QLatin1String("_count") ||
                                s == QLatin1String("_created"))) ||
                              (t == MetricType::Counter &&
                               (s == QLatin1String("_total") || s == QLatin1String("_created"))) ||
                              (t == MetricType::Info && s == QLatin1String("_info"));
            if (fits) {
                *suffix = s;
                return base;
            }
        }
        suffix->clear();
        return sample;
    }

    bool unescape(QByteArrayView v, bool quotes, QString *out)
    {
        if (!v.contains('\\')) {
            *out = QString::fromUtf8(v);
            return true;
        }
        QByteArray b;
        b.reserve(v.size());
        for (qsizetype i = 0; i < v.size(); ++i) {
            if (v[i] != '\\') {
                b += v[i];
                continue;
            }
            if (++i == v.size())
                return problem(QStringLiteral("invalid escape sequence at the end of the line"));
            const char c = v[i];
            if (c == '\\')
                b += '\\';
            else if (c == 'n')
                b += '\n';
            else if (quotes && c == '"')
                b += '"';
            else
                return problem(
                    QStringLiteral("invalid escape sequence '\\%1'").arg(QChar::fromLatin1(c)));
        }
        *out = QString::fromUtf8(b);
        return true;
    }

    bool parseLabels(QByteArrayView *rest, Sample *sample)
    {
        QByteArrayView v = skipBlanks(rest->sliced(1)); // after '{'
        while (true) {
            if (v.isEmpty())
                return problem(QStringLiteral("unexpected end of label set"));
            if (v.front() == '}') {
                *rest = v.sliced(1);
                return true;
            }
            const QByteArrayView name = takeName(&v, true);
            if (name.isEmpty())
                return problem(QStringLiteral("invalid label name"));
            v = skipBlanks(v);
            if (v.isEmpty() || v.front() != '=')
                return problem(QStringLiteral("expected '=' after label name \"%1\"")
                                   .arg(QString::fromLatin1(name)));
            v = skipBlanks(v.sliced(1));
            if (v.isEmpty() || v.front() != '"')
                return problem(QStringLiteral("expected '\"' to open the value of label \"%1\"")
                                   .arg(QString::fromLatin1(name)));
            qsizetype i = 1;
            while (i < v.size() && v[i] != '"')
                i += v[i] == '\\' ? 2 : 1;
            if (i >= v.size())
                return problem(QStringLiteral("unterminated value of label \"%1\"")
                                   .arg(QString::fromLatin1(name)));
            QString value;
            if (!unescape(v.sliced(1, i - 1), true, &value))
                return false;
            const QString labelName = QString::fromLatin1(name);
            if (sample->hasLabel(labelName))
                return problem(QStringLiteral("duplicate label name \"%1\"").arg(labelName));
            sample->labels.append({labelName, value});
            v = skipBlanks(v.sliced(i + 1));
            if (!v.isEmpty() && v.front() == ',')
                v = skipBlanks(v.sliced(1));
            else if (v.isEmpty() || v.front() != '}')
                return problem(QStringLiteral("expected ',' or '}' after a label value"));
        }
    }

    static QByteArrayView takeToken(QByteArrayView *v)
    {
        qsizetype i = 0;
        while (i < v->size() && (*v)[i] != ' ' && (*v)[i] != '\t')
            ++i;
        const QByteArrayView t = v->first(i);
        *v = v->sliced(i);
        return t;
    }

    bool parseSample(QByteArrayView line)
    {
        QByteArrayView rest = line;
        const QByteArrayView nameView = takeName(&rest, false);
        if (nameView.isEmpty())
            return problem(QStringLiteral("invalid metric name"));
        Sample sample;
        sample.name = QString::fromLatin1(nameView);
        rest = skipBlanks(rest);
        if (!rest.isEmpty() && rest.front() == '{') {
            if (!parseLabels(&rest, &sample))
                return false;
            rest = skipBlanks(rest);
        }
        const QByteArrayView valueText = takeToken(&rest);
        const std::optional<double> value = parseGoFloat(valueText);
        if (!value)
            return problem(valueText.isEmpty()
                               ? QStringLiteral("sample \"%1\" has no value").arg(sample.name)
                               : QStringLiteral("expected a float value, got \"%1\"")
                                     .arg(QString::fromUtf8(valueText.first(
                                         std::min<qsizetype>(valueText.size(), 64)))));
        sample.value = *value;
        rest = skipBlanks(rest);
        if (!rest.isEmpty() && rest.front() != '#') {
            const QByteArrayView ts = takeToken(&rest);
            if (m_format == ExpositionFormat::OpenMetrics1) {
                const std::optional<double> seconds = parseGoFloat(ts);
                if (!seconds || !std::isfinite(*seconds))
                    return problem(
                        QStringLiteral("expected a timestamp, got \"%1\"")
                            .arg(QString::fromUtf8(ts.first(std::min<qsizetype>(ts.size(), 64)))));
                sample.timestampMs = qint64(std::llround(*seconds * 1000));
            } else {
                qint64 ms = 0;
                const auto [end, ec] = std::from_chars(ts.data(), ts.data() + ts.size(), ms);
                if (ec != std::errc() || end != ts.data() + ts.size())
                    return problem(
                        QStringLiteral("expected an integer timestamp, got \"%1\"")
                            .arg(QString::fromUtf8(ts.first(std::min<qsizetype>(ts.size(), 64)))));
                sample.timestampMs = ms;
            }
            rest = skipBlanks(rest);
        }
        // OpenMetrics: an exemplar (" # {labels} value [timestamp]") may follow; it is skipped.
        if (!rest.isEmpty() && !(m_format == ExpositionFormat::OpenMetrics1 && rest.front() == '#'))
            return problem(
                QStringLiteral("unexpected \"%1\" after the sample value")
                    .arg(QString::fromUtf8(rest.first(std::min<qsizetype>(rest.size(), 64)))));
        QString suffix;
        const QString familyName = familyOf(sample.name, &suffix);
        FamilyState &s = state(familyName);
        s.hasSamples = true;
        if (s.type == MetricType::Histogram || s.type == MetricType::GaugeHistogram) {
            if (suffix == QLatin1String("_bucket") && !parseGoFloat(sample.label(u"le").toLatin1()))
                return problem(QStringLiteral("histogram bucket \"%1\" needs a float \"le\" label")
                                   .arg(sample.name));
        } else if (s.type == MetricType::Summary && suffix.isEmpty()) {
            if (!parseGoFloat(sample.label(u"quantile").toLatin1()))
                return problem(QStringLiteral("summary \"%1\" needs a float \"quantile\" label")
                                   .arg(sample.name));
        }
        ++m_out->sampleCount;
        if (Family *f = kept(familyName, s))
            f->samples.append(std::move(sample));
        return true;
    }

    ExpositionFormat m_format;
    Exposition *m_out;
    const std::function<bool(QStringView)> &m_keep;
    QHash<QString, FamilyState> m_states;
    int m_line = 0;
    QString m_message;
};

} // namespace

bool parseExposition(QByteArrayView body, ExpositionFormat format, Exposition *out,
                     ExpositionError *error, const std::function<bool(QStringView)> &keep)
{
    Exposition result;
    result.format = format;
    Parser p(format, &result, keep);
    if (!p.parse(body, error))
        return false;
    *out = std::move(result);
    return true;
}

} // namespace lens::metrics
