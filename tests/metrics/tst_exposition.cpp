// SPDX-License-Identifier: Apache-2.0
// The /metrics parser (metrics/exposition.h) against the rules of the Prometheus text format
// (prometheus/common expfmt, controller-runtime-semantics.md §5.4) and OpenMetrics 1.0, and
// the figures read from the sample scrape of §5.5 (data/sample-scrape.txt), whose totals must
// add up as the brief says.

#include "metrics/exposition.h"
#include "metrics/scrapefigures.h"
#include "runtime/controllermetrics.h"
#include "runtime/queuemetrics.h"

#include <QFile>
#include <QtTest>

#include <cmath>

using namespace lens::metrics;

namespace {

Exposition parsed(const QByteArray &body, ExpositionFormat f = ExpositionFormat::Text004)
{
    Exposition e;
    ExpositionError error;
    if (!parseExposition(body, f, &e, &error))
        qWarning("%s", qPrintable(error.toString()));
    return e;
}

QString refusal(const QByteArray &body, ExpositionFormat f = ExpositionFormat::Text004)
{
    Exposition e;
    ExpositionError error;
    if (parseExposition(body, f, &e, &error))
        return QString();
    return error.toString();
}

QByteArray sampleScrape()
{
    QFile f(QStringLiteral(LENS_METRICS_DATA "/sample-scrape.txt"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read the sample scrape");
    return f.readAll();
}

} // namespace

class TestExposition : public QObject {
    Q_OBJECT
private slots:
    void sampleScrapeParses()
    {
        const Exposition e = parsed(sampleScrape());
        QCOMPARE(e.familyCount, 17);
        QVERIFY(e.family(u"go_goroutines"));
        QCOMPARE(e.family(u"go_goroutines")->samples.first().value, 187.0);
        const Family *adds = e.family(u"workqueue_adds_total");
        QVERIFY(adds);
        QCOMPARE(adds->type, MetricType::Counter);
        QCOMPARE(adds->help, QStringLiteral("Total number of adds handled by workqueue"));
        QCOMPARE(adds->samples.first().value, 1137205.0); // written 1.137205e+06
        QCOMPARE(adds->samples.first().label(u"controller"), QStringLiteral("agent-volume"));
        const Family *q = e.family(u"workqueue_queue_duration_seconds");
        QVERIFY(q);
        QCOMPARE(q->type, MetricType::Histogram);
        QCOMPARE(q->samples.size(), 2 * (13 + 2)); // 12 bounds and +Inf, _sum, _count
        QCOMPARE(q->samples[3].label(u"le"), QStringLiteral("9.999999999999999e-06"));
        // The depth series of the legacy queue keeps its empty priority label.
        const Family *depth = e.family(u"workqueue_depth");
        QVERIFY(depth->samples[2].hasLabel(u"priority"));
        QCOMPARE(depth->samples[2].label(u"priority", QStringLiteral("absent")), QString());
    }

    // §5.5's invariants, on the figures read out of the scrape.
    void sampleScrapeAddsUp()
    {
        const ScrapeFigures f = ScrapeFigures::fromExposition(parsed(sampleScrape()));
        QCOMPARE(f.queues.keys(),
                 (QStringList{QStringLiteral("agent-volume"), QStringLiteral("snapshot")}));
        const QueueFigures av = f.queues.value(QStringLiteral("agent-volume"));
        const ControllerFigures cav = f.controllers.value(QStringLiteral("agent-volume"));
        QCOMPARE(av.controller, QStringLiteral("agent-volume"));
        QCOMPARE(av.depthByPriority.value(QStringLiteral("-100")), 3.0);
        QCOMPARE(*av.depth(), 104.0);
        // adds − Σdepth = queue_duration count
        QCOMPARE(*av.adds - *av.depth(), av.queueDuration.count);
        QCOMPARE(av.queueDuration.count, 1137101.0);
        // queue_duration count − work_duration count = active workers
        QCOMPARE(av.queueDuration.count - av.workDuration.count, *cav.activeWorkers);
        // Σ reconcile_total = reconcile_time count = work_duration count
        double reconciles = 0;
        for (double v : cav.reconcileByResult)
            reconciles += v;
        QCOMPARE(reconciles, cav.reconcileTime.count);
        QCOMPARE(reconciles, av.workDuration.count);
        // retries = requeue_after + non-terminal error reconciles
        QCOMPARE(*av.retries, cav.reconcileByResult.value(QStringLiteral("requeue_after")) +
                                  cav.reconcileByResult.value(QStringLiteral("error")) -
                                  *cav.terminalErrors);
        const ControllerFigures snap = f.controllers.value(QStringLiteral("snapshot"));
        QCOMPARE(*f.queues.value(QStringLiteral("snapshot")).retries,
                 snap.reconcileByResult.value(QStringLiteral("requeue_after")) +
                     snap.reconcileByResult.value(QStringLiteral("error")) - *snap.terminalErrors);
        // Every histogram: ascending bounds ending at +Inf, cumulative counts, +Inf = count.
        for (const HistogramFigures &h : {av.queueDuration, av.workDuration, cav.reconcileTime}) {
            QVERIFY(std::isinf(h.bounds.last()));
            QCOMPARE(h.cumulative.last(), h.count);
            for (qsizetype i = 1; i < h.bounds.size(); ++i) {
                QVERIFY(h.bounds[i] > h.bounds[i - 1]);
                QVERIFY(h.cumulative[i] >= h.cumulative[i - 1]);
            }
        }
        QVERIFY(f.processStartTimeSeconds);
        QVERIFY(f.warnings.isEmpty());
    }

    // What the journal keeps of a scrape reads back to the same figures.
    void figuresRoundTripThroughJson()
    {
        const ScrapeFigures f = ScrapeFigures::fromExposition(parsed(sampleScrape()));
        const QJsonObject once = f.toJson();
        QCOMPARE(ScrapeFigures::fromJson(once).toJson(), once);
        const HistogramFigures h =
            ScrapeFigures::fromJson(once).queues.value(QStringLiteral("snapshot")).workDuration;
        QVERIFY(std::isinf(h.bounds.last()));
        QCOMPARE(h.count, 4611.0);
    }

    // histogram_quantile as promql/quantile.go computes it.
    void quantileInterpolatesInsideTheBucket()
    {
        HistogramFigures h;
        h.bounds = {0.1, 1, 10, std::numeric_limits<double>::infinity()};
        h.cumulative = {10, 60, 100, 100};
        h.count = 100;
        QCOMPARE(*h.quantile(0.05), 0.05);           // half of the first bucket, from 0
        QCOMPARE(*h.quantile(0.5), 0.1 + 0.9 * 0.8); // rank 50: 40 of the 50 in (0.1, 1]
        QCOMPARE(*h.quantile(0.99), 1 + 9 * (39.0 / 40));
        h.cumulative = {0, 0, 90, 100};
        QCOMPARE(*h.quantile(0.99), 10.0); // in +Inf: the highest finite bound
        HistogramFigures empty = h;
        empty.cumulative = {0, 0, 0, 0};
        QVERIFY(!empty.quantile(0.5));
        // Observations between two scrapes; a reset (count went down) is the later one whole.
        HistogramFigures later = h;
        later.cumulative = {5, 5, 95, 110};
        later.count = 110;
        QCOMPARE(later.since(h).cumulative, (QList<double>{5, 5, 5, 10}));
        QCOMPARE(h.since(later).cumulative, h.cumulative);
    }

    void labelValuesAndHelpUnescape()
    {
        const Exposition e = parsed("# HELP m A \\\\ backslash\\nand a newline\n"
                                    "# TYPE m gauge\n"
                                    "m{path=\"C:\\\\dir\",q=\"say \\\"hi\\\"\",nl=\"a\\nb\",} 1\n");
        const Family *m = e.family(u"m");
        QVERIFY(m);
        QCOMPARE(m->help, QStringLiteral("A \\ backslash\nand a newline"));
        const Sample &s = m->samples.first();
        QCOMPARE(s.label(u"path"), QStringLiteral("C:\\dir"));
        QCOMPARE(s.label(u"q"), QStringLiteral("say \"hi\""));
        QCOMPARE(s.label(u"nl"), QStringLiteral("a\nb"));
        QCOMPARE(s.labels.size(), 3); // the trailing comma is allowed
    }

    void valuesTimestampsAndSpecials()
    {
        const Exposition e = parsed("a +Inf\nb -Inf\nc NaN\nd 1.5e-3 1700000000123\n"
                                    "e\t 7 \t\n  f{} 2\n");
        QVERIFY(std::isinf(e.family(u"a")->samples.first().value));
        QVERIFY(e.family(u"b")->samples.first().value < 0);
        QVERIFY(std::isnan(e.family(u"c")->samples.first().value));
        QCOMPARE(e.family(u"d")->samples.first().value, 0.0015);
        QCOMPARE(*e.family(u"d")->samples.first().timestampMs, Q_INT64_C(1700000000123));
        QCOMPARE(e.family(u"e")->samples.first().value, 7.0);
        QCOMPARE(e.family(u"f")->samples.first().value, 2.0);
    }

    // Without # TYPE a family is untyped; comments and blank lines are skipped; samples of a
    // histogram belong to its family whatever the order of HELP and TYPE.
    void missingTypeAndComments()
    {
        const Exposition e = parsed("# a comment\n\n# HELP h help first\n# TYPE h histogram\n"
                                    "h_bucket{le=\"1\"} 1\nh_bucket{le=\"+Inf\"} 2\nh_sum 3\n"
                                    "h_count 2\nplain 4\n#TYPE x gauge\n");
        QCOMPARE(e.families.size(), 3);
        QCOMPARE(e.family(u"h")->samples.size(), 4);
        QCOMPARE(e.family(u"plain")->type, MetricType::Untyped);
        QCOMPARE(e.family(u"x")->type, MetricType::Gauge);
        QCOMPARE(e.sampleCount, 5);
    }

    void refusals_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("why");
        QTest::newRow("second TYPE") << QByteArray("# TYPE a gauge\n# TYPE a counter\n")
                                     << QStringLiteral("line 2: second TYPE line");
        QTest::newRow("TYPE after samples")
            << QByteArray("a 1\n# TYPE a gauge\n") << QStringLiteral("line 2: second TYPE line");
        QTest::newRow("second HELP")
            << QByteArray("# HELP a x\n# HELP a y\n") << QStringLiteral("line 2: second HELP line");
        QTest::newRow("unknown type") << QByteArray("# TYPE a meter\n")
                                      << QStringLiteral("line 1: unknown metric type \"meter\"");
        QTest::newRow("bad value")
            << QByteArray("a 1\nb abc\n") << QStringLiteral("line 2: expected a float value");
        QTest::newRow("no value") << QByteArray("a{x=\"1\"}\n")
                                  << QStringLiteral("line 1: sample \"a\" has no value");
        QTest::newRow("bad escape")
            << QByteArray("a{x=\"\\t\"} 1\n") << QStringLiteral("line 1: invalid escape sequence");
        QTest::newRow("duplicate label") << QByteArray("a{x=\"1\",x=\"2\"} 1\n")
                                         << QStringLiteral("line 1: duplicate label name \"x\"");
        QTest::newRow("unterminated")
            << QByteArray("a{x=\"1} 1\n") << QStringLiteral("line 1: unterminated value");
        QTest::newRow("bucket without le")
            << QByteArray("# TYPE h histogram\nh_bucket{x=\"1\"} 1\n")
            << QStringLiteral("line 2: histogram bucket \"h_bucket\" needs a float \"le\"");
        QTest::newRow("trailing token")
            << QByteArray("a 1 2 3\n") << QStringLiteral("line 1: unexpected \"3\"");
        QTest::newRow("bad timestamp")
            << QByteArray("a 1 soon\n") << QStringLiteral("line 1: expected an integer timestamp");
        QTest::newRow("html") << QByteArray("<html><body>502 Bad Gateway</body></html>\n")
                              << QStringLiteral("line 1: invalid metric name");
        QTest::newRow("metric name digit")
            << QByteArray("1a 1\n") << QStringLiteral("line 1: invalid metric name");
    }

    void refusals()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, why);
        const QString error = refusal(body);
        QVERIFY2(error.startsWith(why), qPrintable(error));
    }

    void openMetrics()
    {
        QCOMPARE(expositionFormatFor("application/openmetrics-text; version=1.0.0; charset=utf-8"),
                 ExpositionFormat::OpenMetrics1);
        QCOMPARE(expositionFormatFor("text/plain; version=0.0.4"), ExpositionFormat::Text004);
        QCOMPARE(expositionFormatFor(""), ExpositionFormat::Text004);
        const QByteArray body = "# TYPE rpc counter\n# UNIT rpc seconds\n"
                                "rpc_total{a=\"b\"} 3 1700000000.25 # {trace=\"x\"} 1\n"
                                "rpc_created{a=\"b\"} 1600000000\n"
                                "# TYPE s unknown\ns 1\n# EOF\n";
        const Exposition e = parsed(body, ExpositionFormat::OpenMetrics1);
        const Family *rpc = e.family(u"rpc");
        QVERIFY(rpc);
        QCOMPARE(rpc->type, MetricType::Counter);
        QCOMPARE(rpc->unit, QStringLiteral("seconds"));
        QCOMPARE(rpc->samples.size(), 2);
        QCOMPARE(*rpc->samples.first().timestampMs, Q_INT64_C(1700000000250));
        QCOMPARE(e.family(u"s")->type, MetricType::Untyped);
        QVERIFY(refusal(QByteArray(body).replace("# EOF\n", ""), ExpositionFormat::OpenMetrics1)
                    .contains(QStringLiteral("without \"# EOF\"")));
        // An empty body is no OpenMetrics either: "# EOF" was due on its line 1 (fuzz_exposition).
        QCOMPARE(refusal(QByteArray(), ExpositionFormat::OpenMetrics1).left(7),
                 QStringLiteral("line 1:"));
        QVERIFY(refusal(QByteArray(), ExpositionFormat::Text004).isEmpty());
        QVERIFY(refusal(body + "a 1\n", ExpositionFormat::OpenMetrics1)
                    .contains(QStringLiteral("after \"# EOF\"")));
        // An OpenMetrics counter family is named without _total: its figures are read all
        // the same, its _created sample is not one of them.
        const QByteArray om =
            "# TYPE workqueue_adds counter\n"
            "workqueue_adds_total{name=\"q\"} 7\n"
            "workqueue_adds_created{name=\"q\"} 1.7e9\n"
            "# TYPE controller_runtime_reconcile counter\n"
            "controller_runtime_reconcile_total{controller=\"c\",result=\"success\"} 3\n"
            "controller_runtime_reconcile_created{controller=\"c\",result=\"success\"} 1\n"
            "# EOF\n";
        Exposition ome;
        QVERIFY(parseExposition(om, ExpositionFormat::OpenMetrics1, &ome, nullptr,
                                &ScrapeFigures::wanted));
        const ScrapeFigures omf = ScrapeFigures::fromExposition(ome);
        QCOMPARE(*omf.queues.value(QStringLiteral("q")).adds, 7.0);
        QCOMPARE(omf.controllers.value(QStringLiteral("c"))
                     .reconcileByResult.value(QStringLiteral("success")),
                 3.0);
        QVERIFY(omf.warnings.isEmpty());
        // In the text format the exemplar is an error, and "unknown" is no type.
        QVERIFY(!refusal("# TYPE s unknown\n").isEmpty());
    }

    // A wrong type is left out with a warning; more series than the cap are cut with one.
    void wrongTypesAndCardinality()
    {
        QByteArray body = "# TYPE workqueue_adds_total gauge\n"
                          "workqueue_adds_total{name=\"q\"} 5\n"
                          "# TYPE workqueue_depth gauge\n";
        for (int i = 0; i < 50; ++i)
            body += "workqueue_depth{name=\"q" + QByteArray::number(i) + "\"} 1\n";
        const ScrapeFigures f = ScrapeFigures::fromExposition(parsed(body), 10);
        QCOMPARE(f.queues.size(), 10);
        QVERIFY(!f.queues.value(QStringLiteral("q")).adds);
        QCOMPARE(f.types.value(QStringLiteral("workqueue_adds_total")), QStringLiteral("gauge"));
        QCOMPARE(f.warnings.size(), 2);
        QVERIFY(f.warnings.first().startsWith(QStringLiteral("workqueue_adds_total is a gauge")));
        QVERIFY(f.warnings.last().contains(QStringLiteral("only the first 10")));
    }

    void hugeLabelSet()
    {
        QByteArray line = "wide{";
        for (int i = 0; i < 2000; ++i)
            line += "l" + QByteArray::number(i) + "=\"" + QByteArray(20, 'v') + "\",";
        line += "} 9\n";
        const Exposition e = parsed(line);
        QCOMPARE(e.family(u"wide")->samples.first().labels.size(), 2000);
        QCOMPARE(e.family(u"wide")->samples.first().value, 9.0);
    }

    // A 50 MB body: every line checked, only the wanted families kept.
    void fiftyMegabytes()
    {
        QByteArray body;
        body.reserve(52 * 1024 * 1024);
        body += "# TYPE workqueue_adds_total counter\n";
        body += "workqueue_adds_total{controller=\"c\",name=\"c\"} 42\n";
        body += "# TYPE http_requests_total counter\n";
        const QByteArray tail = "\",method=\"GET\",path=\"/api/v1/namespaces/default/pods\"} 17\n";
        for (int i = 0; body.size() < 50 * 1024 * 1024; ++i)
            body += "http_requests_total{id=\"" + QByteArray::number(i) + tail;
        Exposition e;
        ExpositionError error;
        QVERIFY2(
            parseExposition(body, ExpositionFormat::Text004, &e, &error, &ScrapeFigures::wanted),
            qPrintable(error.toString()));
        QVERIFY(e.sampleCount > 500000);
        QCOMPARE(e.families.size(), 1);
        QCOMPARE(e.familyCount, 2);
        QCOMPARE(*ScrapeFigures::fromExposition(e).queues.value(QStringLiteral("c")).adds, 42.0);
    }

    // What this project's own queues and controllers export reads back as the same figures.
    void ownExportReadsBack()
    {
        lens::runtime::QueueMetrics q;
        q.add(QStringLiteral("a"), -100, 0);
        q.add(QStringLiteral("b"), 0, 0);
        q.get(QStringLiteral("b"), 0, 250);
        q.retry();
        lens::runtime::ControllerMetrics c;
        c.init(2);
        c.activeWorkers = 1;
        const QByteArray body =
            (q.toPrometheusText(QStringLiteral("pq")) + c.toPrometheusText(QStringLiteral("pq")))
                .toUtf8();
        const ScrapeFigures f = ScrapeFigures::fromExposition(parsed(body));
        const QueueFigures pq = f.queues.value(QStringLiteral("pq"));
        QCOMPARE(*pq.adds, 2.0);
        QCOMPARE(*pq.retries, 1.0);
        QCOMPARE(pq.depthByPriority.value(QStringLiteral("-100")), 1.0);
        QCOMPARE(pq.depthByPriority.value(QStringLiteral("0")), 0.0);
        QCOMPARE(pq.queueDuration.count, 1.0);
        QCOMPARE(*pq.queueDuration.quantile(1.0), 1.0); // 0.25 s sits in (0.1, 1]
        QCOMPARE(*f.controllers.value(QStringLiteral("pq")).maxConcurrent, 2.0);
        QCOMPARE(*f.controllers.value(QStringLiteral("pq")).activeWorkers, 1.0);
    }
};

QTEST_GUILESS_MAIN(TestExposition)
#include "tst_exposition.moc"
