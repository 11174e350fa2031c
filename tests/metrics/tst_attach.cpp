// SPDX-License-Identifier: Apache-2.0
// Attaching to a controller's /metrics end to end, over real HTTP: the built-in provisioner's
// registry scraped through the built-in cluster's pod proxy (with the session's credentials,
// and with a kubeconfig written for it), its figures equal to the controller's own counters;
// the Metrics model beside the journal; and every kind of bad answer (issue 37 item 6): down,
// slow, 401, 403, HTML, garbage, a type change, a counter reset, too many series — each a
// clear message in the journal, the last good figures kept.

#include "client/kubeconfig.h"
#include "client/metricsscraper.h"
#include "controller/hostpathprovisioner.h"
#include "controller/provisioncontroller.h"
#include "lens/metricsmodel.h"
#include "metrics/exposition.h"
#include "session/selfmetrics.h"
#include "session/session.h"
#include "session/simulatoraccess.h"
#include "sim/apiserver.h"
#include "sim/simulator.h"
#include "trace/journal.h"
#include "trace/tracedetail.h"
#include "workqueue/ratelimitingqueue.h"

#include <QHttpServer>
#include <QHttpServerResponse>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace lens;

namespace {

/// The MetricsScraped events of `journal`, oldest first.
QList<TraceEvent> scrapes(const Journal &journal)
{
    QList<TraceEvent> out;
    for (const TraceEvent &e : journal.events())
        if (e.kind == TraceKind::MetricsScraped)
            out << e;
    return out;
}

metrics::ScrapeFigures figuresOf(const TraceEvent &e)
{
    return metrics::ScrapeFigures::fromJson(e.detail.value(QLatin1String("figures")).toObject());
}

/// A built-in cluster with nothing running on it but a proxy target whose answers the test
/// sets, and a scraper on it.
struct Rig {
    sim::Simulator sim;
    Journal journal;
    sim::ProxyAnswer answer;
    std::unique_ptr<metrics::MetricsScraper> scraper;

    bool start(const metrics::MetricsScraper::Options &o = {})
    {
        sim::Simulator::Options so;
        so.pods = 0;
        if (!sim.start(so))
            return false;
        sim.server()->setProxyTarget(QStringLiteral("pods"), QStringLiteral("ops"),
                                     QStringLiteral("ctl-0"), 8080,
                                     [this](const QString &) { return answer; });
        RestConfig rest = simulatorAccess(sim).rest;
        scraper = std::make_unique<metrics::MetricsScraper>(
            rest, *metrics::ScrapeTarget::parse(QStringLiteral("pod/ops/ctl-0:8080"), nullptr),
            &journal, o);
        return true;
    }
    /// One scrape, waited for; its event.
    TraceEvent scrape()
    {
        const int before = scraper->scrapeCount();
        scraper->scrapeNow();
        if (!QTest::qWaitFor([&] { return scraper->scrapeCount() > before; }, 20000))
            return {};
        return scrapes(journal).last();
    }
};

QByteArray queueText(const char *name, const char *adds, const char *type = "counter")
{
    return QByteArray("# TYPE workqueue_adds_total ") + type + "\nworkqueue_adds_total{name=\"" +
           name + "\"} " + adds + "\n# TYPE workqueue_depth gauge\nworkqueue_depth{name=\"" + name +
           "\"} 2\n";
}

} // namespace

class TestAttach : public QObject {
    Q_OBJECT
private slots:
    // `--controller provisioner --attach-metrics self`: its queues' figures, scraped through
    // the pod proxy, are the controller's own counters, and the journal's.
    void selfAttachEqualsTheController()
    {
        Session::Options o;
        o.churnIntervalMs = 0;
        o.controller = QStringLiteral("provisioner");
        o.threadiness = 2;
        o.attachMetrics = QStringLiteral("self");
        o.metricsIntervalMs = 50;
        Session s(o);
        QString error;
        QVERIFY2(s.start(&error), qPrintable(error));
        QVERIFY(s.metricsScraper());
        QCOMPARE(s.metricsScraper()->target().toString(),
                 QStringLiteral("pod/lens-system/provisioner-0:8080"));
        s.provisioner()->failNext(2); // two retries through AddRateLimited
        const workqueue::RateLimitingQueue *claims = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((claims = s.provisionController()->claimQueue()) &&
                                     claims->metrics().retriesTotal >= 2,
                                 30000);
        // Once quiet, the newest scrape equals the live counters.
        auto equal = [&] {
            const QList<TraceEvent> all = scrapes(*s.journal());
            if (all.isEmpty() || all.last().detail.contains(QLatin1String("failure")))
                return false;
            const metrics::QueueFigures q =
                figuresOf(all.last()).queues.value(QStringLiteral("claims"));
            const workqueue::Metrics &m = claims->metrics();
            return q.adds && *q.adds == double(m.addsTotal) && q.retries &&
                   *q.retries == double(m.retriesTotal) && q.depth() &&
                   *q.depth() == double(m.depth) && m.addsTotal > 0;
        };
        QTRY_VERIFY_WITH_TIMEOUT(equal(), 30000);
        const TraceEvent last = scrapes(*s.journal()).last();
        QString why;
        QVERIFY2(tracedetail::check(last, &why), qPrintable(why));
        QCOMPARE(last.detail.value(QLatin1String("path")).toString(),
                 QStringLiteral("/api/v1/namespaces/lens-system/pods/provisioner-0:8080/proxy/"
                                "metrics"));
        QVERIFY(figuresOf(last).queues.contains(QStringLiteral("volumes")));
        // The model puts the journal's own figures beside the scraped ones.
        MetricsModel model({s.journal(), QString()});
        model.flush();
        QCOMPARE(model.target(), QStringLiteral("pod/lens-system/provisioner-0:8080"));
        QModelIndex claimsGroup;
        for (int r = 0; r < model.rowCount(); ++r)
            if (model.index(r, 0).data().toString() == QStringLiteral("workqueue claims"))
                claimsGroup = model.index(r, 0);
        QVERIFY(claimsGroup.isValid());
        int compared = 0;
        for (int r = 0; r < model.rowCount(claimsGroup); ++r) {
            const QString figure = model.index(r, 0, claimsGroup).data().toString();
            if (figure != QLatin1String("adds") && figure != QLatin1String("retries") &&
                figure != QLatin1String("depth"))
                continue;
            QCOMPARE(model.index(r, MetricsModel::JournalColumn, claimsGroup).data().toString(),
                     model.index(r, MetricsModel::ScrapedColumn, claimsGroup).data().toString());
            ++compared;
        }
        QCOMPARE(compared, 3);
        s.stop();
    }

    // The same registry through a kubeconfig written for the built-in cluster, as a user would
    // attach to a controller in a real cluster.
    void attachThroughAKubeconfig()
    {
        Session::Options o;
        o.churnIntervalMs = 0;
        o.controller = QStringLiteral("provisioner");
        Session s(o);
        QString error;
        QVERIFY2(s.start(&error), qPrintable(error));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("kubeconfig"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(simulatorAccess(*s.simulator()).kubeconfig.toUtf8());
        f.close();
        RestConfig rest;
        QVERIFY2(KubeconfigLoader::load(path, QString(), &rest, &error), qPrintable(error));
        Journal journal;
        metrics::MetricsScraper scraper(
            rest,
            *metrics::ScrapeTarget::parse(selfmetrics::target(QStringLiteral("provisioner")),
                                          nullptr),
            &journal, {});
        QSignalSpy done(&scraper, &metrics::MetricsScraper::scrapeFinished);
        scraper.scrapeNow();
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 20000);
        QCOMPARE(done.first().first().toBool(), true);
        QVERIFY(scraper.lastGood().queues.contains(QStringLiteral("claims")));
        // A pod that exists nowhere: the apiserver's 404, said in words.
        metrics::MetricsScraper missing(
            rest,
            *metrics::ScrapeTarget::parse(QStringLiteral("pod/lens-system/nope:8080"), nullptr),
            &journal, {});
        QSignalSpy failed(&missing, &metrics::MetricsScraper::scrapeFinished);
        missing.scrapeNow();
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 20000);
        QCOMPARE(failed.first().first().toBool(), false);
        QVERIFY2(missing.lastError().contains(QStringLiteral("pods \"nope\" not found")),
                 qPrintable(missing.lastError()));
    }

    void selfNeedsABuiltInController()
    {
        Session::Options o;
        o.churnIntervalMs = 0;
        o.attachMetrics = QStringLiteral("self");
        Session s(o);
        QString error;
        QVERIFY(!s.start(&error));
        QVERIFY2(error.contains(QStringLiteral("--controller")), qPrintable(error));
    }

    // A token file that cannot be sent is said at start, not met as a 401 later: missing,
    // a directory, empty, or holding a line break (which would start a header of its own).
    void badTokenFiles()
    {
        QTemporaryDir dir;
        auto write = [&](const char *name, const QByteArray &text) {
            QFile f(dir.filePath(QString::fromLatin1(name)));
            f.open(QIODevice::WriteOnly);
            f.write(text);
            return f.fileName();
        };
        const QList<std::pair<QString, QString>> cases{
            {dir.filePath(QStringLiteral("missing")), QStringLiteral("cannot read it")},
            {dir.path(), QStringLiteral("a directory")},
            {write("empty", "\n"), QStringLiteral("is empty")},
            {write("crlf", "tokA\r\nX-Evil: injected\r\n"), QStringLiteral("control character")},
            {write("nul", QByteArray("tok\0after", 9)), QStringLiteral("control character")},
        };
        for (const auto &[file, words] : cases) {
            Session::Options o;
            o.churnIntervalMs = 0;
            o.attachMetrics = QStringLiteral("http://127.0.0.1:1/metrics");
            o.metricsTokenFile = file;
            Session s(o);
            QString error;
            QVERIFY(!s.start(&error));
            QVERIFY2(error.contains(words), qPrintable(error));
        }
        // RestConfig itself never sends such a token (a kubeconfig's tokenFile too).
        RestConfig c;
        c.bearerToken = QStringLiteral("tokA\r\nX-Evil: injected");
        QNetworkRequest r(QUrl(QStringLiteral("http://127.0.0.1:1/")));
        c.apply(&r);
        QVERIFY(!r.hasRawHeader("Authorization"));
        c.bearerToken = QStringLiteral("tokA");
        c.apply(&r);
        QCOMPARE(r.rawHeader("Authorization"), QByteArray("Bearer tokA"));
    }

    void targets_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("proxyPath");
        QTest::newRow("pod") << QStringLiteral("pod/ops/ctl-0:8080")
                             << QStringLiteral(
                                    "/api/v1/namespaces/ops/pods/ctl-0:8080/proxy/metrics");
        QTest::newRow("svc https path")
            << QStringLiteral("svc/ops/https:ctl-metrics:8443/custom/metrics")
            << QStringLiteral(
                   "/api/v1/namespaces/ops/services/https:ctl-metrics:8443/proxy/custom/metrics");
        QTest::newRow("url") << QStringLiteral("https://10.0.0.1:8443/metrics") << QString();
        QTest::newRow("no port") << QStringLiteral("pod/ops/ctl-0") << QStringLiteral("!");
        QTest::newRow("bad namespace") << QStringLiteral("pod/Ops_/ctl-0:1") << QStringLiteral("!");
        QTest::newRow("deploy") << QStringLiteral("deploy/ops/ctl:1") << QStringLiteral("!");
        QTest::newRow("empty") << QString() << QStringLiteral("!");
        // The path stays behind the proxy.
        QTest::newRow("dot dot") << QStringLiteral("pod/ops/ctl-0:8080/../../../../api/v1/secrets")
                                 << QStringLiteral("!");
        QTest::newRow("escaped dot dot")
            << QStringLiteral("pod/ops/ctl-0:8080/%2e%2e/x") << QStringLiteral("!");
        QTest::newRow("upper-case scheme")
            << QStringLiteral("HTTP://10.0.0.1:8080/metrics") << QString();
    }

    void targets()
    {
        QFETCH(QString, spec);
        QFETCH(QString, proxyPath);
        QString error;
        const auto t = metrics::ScrapeTarget::parse(spec, &error);
        if (proxyPath == QLatin1String("!")) {
            QVERIFY(!t);
            QVERIFY(error.contains(QStringLiteral("pod/NAMESPACE/NAME:PORT")));
            return;
        }
        QVERIFY2(t, qPrintable(error));
        QCOMPARE(t->proxyPath(), proxyPath);
        QCOMPARE(t->toString().toLower(), spec.toLower());
    }

    // Item 6: each bad answer is a failed scrape with a message; the last good figures stay.
    void badAnswersKeepTheLastGoodFigures()
    {
        Rig rig;
        metrics::MetricsScraper::Options o;
        o.maxSeriesPerFamily = 5;
        QVERIFY(rig.start(o));
        rig.answer.body = queueText("q", "10");
        TraceEvent e = rig.scrape();
        QVERIFY(!e.detail.contains(QLatin1String("failure")));
        auto failure = [&](const char *code, const char *words) {
            const TraceEvent f = rig.scrape();
            const QString error = f.detail.value(QLatin1String("error")).toString();
            if (f.detail.value(QLatin1String("failure")).toString() != QLatin1String(code) ||
                !error.contains(QLatin1String(words))) {
                qWarning() << f.detail.toJsonObject();
                return false;
            }
            // The last good figures are the first scrape's.
            return rig.scraper->lastGood().queues.value(QStringLiteral("q")).adds == 10.0;
        };
        rig.answer.body = "<!DOCTYPE html><html><body>Login</body></html>";
        rig.answer.contentType = "text/html";
        QVERIFY(failure("not metrics", "not Prometheus metrics (line 1: invalid metric name)"));
        rig.answer.contentType = "text/plain; version=0.0.4";
        rig.answer.body = "workqueue_depth{name=\"q\" 3\n";
        QVERIFY(failure("not metrics", "line 1"));
        rig.answer.body = QByteArray("\x00\xff\x01garbage", 10);
        QVERIFY(failure("not metrics", "line 1"));
        rig.sim.server()->failNextRequests(1, 401);
        QVERIFY(failure("http", "refused the kubeconfig's credentials"));
        rig.sim.server()->failNextRequests(1, 403);
        QVERIFY(failure("http", "RBAC get on pods/proxy in namespace ops"));
        rig.answer.code = 500;
        rig.answer.body = "boom";
        QVERIFY(failure("http", "500"));
        rig.answer.code = 200;
        // An empty answer is no figures at all, not a scrape that emptied the tab.
        rig.answer.body = "";
        QVERIFY(failure("not metrics", "no metric families (an empty body)"));
        rig.answer.body = "# only a comment\n";
        QVERIFY(failure("not metrics", "no metric families (only comments)"));
        // A type change is reported once the next scrape parses.
        rig.answer.body = queueText("q", "12", "gauge");
        e = rig.scrape();
        QVERIFY(!e.detail.contains(QLatin1String("failure")));
        QVERIFY(figuresOf(e).warnings.first().contains(QStringLiteral("is a gauge here")));
        // A counter that falls is a restart, and its rate is never negative.
        rig.answer.body = queueText("q", "30");
        rig.scrape();
        rig.answer.body = queueText("q", "4");
        rig.scrape();
        MetricsModel model({&rig.journal, QString()});
        model.flush();
        const MetricsTargetState *t = model.targetState();
        QVERIFY(t);
        bool typeChanged = false, restarted = false;
        for (const auto &n : t->notices) {
            typeChanged |= n.kind == MetricsTargetState::Notice::TypeChanged;
            restarted |= n.kind == MetricsTargetState::Notice::Restart &&
                         n.what.contains(QStringLiteral("fell from 30 to 4"));
        }
        QVERIFY(typeChanged);
        QVERIFY(restarted);
        const auto adds = [](const metrics::ScrapeFigures &f) {
            return f.queues.value(QStringLiteral("q")).adds;
        };
        QVERIFY(*t->increase(3600000, adds) >= 4); // 10 → (gauge left out) → 30 → reset 4
        for (const auto &p : model.series(QStringLiteral("q|q|adds"), 3600000))
            QVERIFY(p.second >= 0);
        // Too many series: cut, with a warning.
        QByteArray wide = "# TYPE workqueue_depth gauge\n";
        for (int i = 0; i < 50; ++i)
            wide += "workqueue_depth{name=\"w" + QByteArray::number(i) + "\"} 1\n";
        rig.answer.body = wide;
        e = rig.scrape();
        QCOMPARE(figuresOf(e).queues.size(), 5);
        QVERIFY(figuresOf(e).warnings.first().contains(QStringLiteral("only the first 5")));
        // A negative counter (no real counter is) gains nothing: never a negative rate.
        rig.answer.body = queueText("q", "-100");
        rig.scrape();
        rig.answer.body = queueText("q", "-200");
        rig.scrape();
        MetricsModel after({&rig.journal, QString()});
        after.flush();
        for (const auto &p : after.series(QStringLiteral("q|q|adds"), 3600000))
            QVERIFY(p.second >= 0);
        QVERIFY(*after.targetState()->rate(3600000, adds) >= 0);
        // NaN and 1e308 survive the journal (JSON has neither NaN nor infinities) and are
        // shown as the numbers they are.
        rig.answer.body = "# TYPE workqueue_depth gauge\nworkqueue_depth{name=\"n\"} NaN\n"
                          "# TYPE workqueue_longest_running_processor_seconds gauge\n"
                          "workqueue_longest_running_processor_seconds{name=\"n\"} 1e308\n";
        e = rig.scrape();
        QVERIFY(std::isnan(*figuresOf(e).queues.value(QStringLiteral("n")).depth()));
        QCOMPARE(*figuresOf(e).queues.value(QStringLiteral("n")).longestRunningProcessorSeconds,
                 1e308);
        MetricsModel odd({&rig.journal, QString()});
        odd.flush();
        QStringList shown;
        const QModelIndex n = odd.index(0, 0);
        for (int r = 0; r < odd.rowCount(n); ++r)
            shown << odd.index(r, MetricsModel::ScrapedColumn, n).data().toString();
        QVERIFY2(shown.contains(QStringLiteral("NaN")), qPrintable(shown.join(u'|')));
        QVERIFY2(shown.contains(QStringLiteral("1e+308 s")), qPrintable(shown.join(u'|')));
        // A label value longer than any Kubernetes name is left out, with a warning: it would
        // be copied into every journaled scrape.
        rig.answer.body = "# TYPE workqueue_depth gauge\nworkqueue_depth{name=\"" +
                          QByteArray(300, 'x') + "\"} 1\nworkqueue_depth{name=\"ok\"} 2\n";
        e = rig.scrape();
        QCOMPARE(figuresOf(e).queues.keys(), QStringList{QStringLiteral("ok")});
        QVERIFY(figuresOf(e).warnings.join(u' ').contains(QStringLiteral("longer than 253")));
    }

    // Issue 37's "done when": any URL serving the sample scrape (controller-runtime-semantics
    // §5.5) shows every workqueue and controller in it, with the scrape's figures.
    void sampleScrapeByUrl()
    {
        QFile file(QStringLiteral(LENS_METRICS_DATA "/sample-scrape.txt"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray body = file.readAll();
        metrics::Exposition e;
        QVERIFY(metrics::parseExposition(body, metrics::ExpositionFormat::Text004, &e, nullptr));
        const metrics::ScrapeFigures expected = metrics::ScrapeFigures::fromExposition(e, 64);
        QVERIFY(!expected.queues.isEmpty());
        QVERIFY(!expected.controllers.isEmpty());

        QHttpServer server;
        server.route(QStringLiteral("/metrics"), [body] {
            return QHttpServerResponse("text/plain; version=0.0.4; charset=utf-8", body);
        });
        const quint16 port = server.listen(QHostAddress::LocalHost);
        QVERIFY(port != 0);
        Journal journal;
        metrics::MetricsScraper scraper(
            RestConfig(),
            *metrics::ScrapeTarget::parse(QStringLiteral("http://127.0.0.1:%1/metrics").arg(port),
                                          nullptr),
            &journal, {});
        QSignalSpy done(&scraper, &metrics::MetricsScraper::scrapeFinished);
        scraper.scrapeNow();
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 20000);
        QVERIFY(scrapes(journal).last().detail.value(QLatin1String("figures")).isObject());

        MetricsModel model({&journal, QString()});
        QStringList groups;
        for (int r = 0; r < model.rowCount(); ++r)
            groups << model.index(r, MetricsModel::FigureColumn).data().toString();
        for (const metrics::QueueFigures &q : expected.queues) {
            const QString name =
                q.controller.isEmpty() || q.controller == q.name
                    ? QStringLiteral("workqueue %1").arg(q.name)
                    : QStringLiteral("workqueue %1 (controller %2)").arg(q.name, q.controller);
            const int g = int(groups.indexOf(name));
            QVERIFY2(g >= 0, qPrintable(name + QStringLiteral(" not in ") + groups.join(u',')));
            const QModelIndex gi = model.index(g, 0);
            QCOMPARE(model.index(0, MetricsModel::FigureColumn, gi).data().toString(),
                     QStringLiteral("depth"));
            QCOMPARE(model.index(0, MetricsModel::ScrapedColumn, gi).data().toString(),
                     QString::number(*q.depth(), 'f', 0));
        }
        for (const metrics::ControllerFigures &c : expected.controllers)
            QVERIFY2(groups.contains(QStringLiteral("controller %1").arg(c.name)),
                     qPrintable(c.name));
    }

    void downAndSlowEndpoints()
    {
        Journal journal;
        // Down: a port nothing listens on.
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 port = probe.serverPort();
        probe.close();
        metrics::MetricsScraper down(
            RestConfig(),
            *metrics::ScrapeTarget::parse(QStringLiteral("http://127.0.0.1:%1/metrics").arg(port),
                                          nullptr),
            &journal, {});
        QSignalSpy downDone(&down, &metrics::MetricsScraper::scrapeFinished);
        down.scrapeNow();
        QTRY_COMPARE_WITH_TIMEOUT(downDone.size(), 1, 20000);
        QCOMPARE(scrapes(journal).last().detail.value(QLatin1String("failure")).toString(),
                 QStringLiteral("unreachable"));
        // Slow: accepts and never answers; the scrape times out.
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost));
        metrics::MetricsScraper::Options o;
        o.timeoutMs = 300;
        metrics::MetricsScraper slow(
            RestConfig(),
            *metrics::ScrapeTarget::parse(
                QStringLiteral("http://127.0.0.1:%1/metrics").arg(silent.serverPort()), nullptr),
            &journal, o);
        QSignalSpy slowDone(&slow, &metrics::MetricsScraper::scrapeFinished);
        slow.scrapeNow();
        QTRY_COMPARE_WITH_TIMEOUT(slowDone.size(), 1, 20000);
        QCOMPARE(scrapes(journal).last().detail.value(QLatin1String("failure")).toString(),
                 QStringLiteral("timeout"));
        // A server that trickles its body (a comment line every 50 ms, forever) is cut off at
        // the scrape timeout: it bounds the whole answer, not the wait between two bytes.
        QTcpServer trickle;
        QVERIFY(trickle.listen(QHostAddress::LocalHost));
        connect(&trickle, &QTcpServer::newConnection, this, [&trickle] {
            QTcpSocket *c = trickle.nextPendingConnection();
            c->write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n"
                     "Content-Length: 1000000\r\n\r\n");
            auto *drip = new QTimer(c);
            connect(drip, &QTimer::timeout, c, [c] { c->write("# x\n"); });
            drip->start(50);
        });
        metrics::MetricsScraper dripping(
            RestConfig(),
            *metrics::ScrapeTarget::parse(
                QStringLiteral("http://127.0.0.1:%1/metrics").arg(trickle.serverPort()), nullptr),
            &journal, o);
        QSignalSpy drippingDone(&dripping, &metrics::MetricsScraper::scrapeFinished);
        dripping.scrapeNow();
        QTRY_COMPARE_WITH_TIMEOUT(drippingDone.size(), 1, 20000);
        QCOMPARE(scrapes(journal).last().detail.value(QLatin1String("failure")).toString(),
                 QStringLiteral("timeout"));
        QVERIFY(scrapes(journal)
                    .last()
                    .detail.value(QLatin1String("error"))
                    .toString()
                    .contains(QStringLiteral("no whole answer within 0.3 s")));
        // HTTP 200, then the connection closes before the body is whole: cut short, in words
        // about the body (not about an API server).
        QTcpServer cut;
        QVERIFY(cut.listen(QHostAddress::LocalHost));
        connect(&cut, &QTcpServer::newConnection, this, [&cut] {
            QTcpSocket *c = cut.nextPendingConnection();
            c->write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n"
                     "Content-Length: 1000\r\n\r\nworkqueue_depth{name=\"q\"} 1\n");
            c->disconnectFromHost();
        });
        metrics::MetricsScraper cutShort(
            RestConfig(),
            *metrics::ScrapeTarget::parse(
                QStringLiteral("http://127.0.0.1:%1/metrics").arg(cut.serverPort()), nullptr),
            &journal, {});
        QSignalSpy cutDone(&cutShort, &metrics::MetricsScraper::scrapeFinished);
        cutShort.scrapeNow();
        QTRY_COMPARE_WITH_TIMEOUT(cutDone.size(), 1, 20000);
        const QJsonObject cutDetail = scrapes(journal).last().detail.toJsonObject();
        QCOMPARE(cutDetail.value(QLatin1String("failure")).toString(),
                 QStringLiteral("not metrics"));
        QVERIFY2(cutDetail.value(QLatin1String("error"))
                     .toString()
                     .contains(QStringLiteral("cut short")),
                 qPrintable(cutDetail.value(QLatin1String("error")).toString()));
        // The URL in the journal carries no credentials.
        metrics::MetricsScraper secret(
            RestConfig(),
            *metrics::ScrapeTarget::parse(
                QStringLiteral("http://user:hunter2@127.0.0.1:%1/metrics?token=abc").arg(port),
                nullptr),
            &journal, {});
        QSignalSpy secretDone(&secret, &metrics::MetricsScraper::scrapeFinished);
        secret.scrapeNow();
        QTRY_COMPARE_WITH_TIMEOUT(secretDone.size(), 1, 20000);
        const QJsonObject d = scrapes(journal).last().detail.toJsonObject();
        const QByteArray text = QJsonDocument(d).toJson() + scrapes(journal).last().key.toUtf8();
        QVERIFY(!text.contains("hunter2"));
        QVERIFY(!text.contains("abc"));
    }
};

QTEST_GUILESS_MAIN(TestAttach)
#include "tst_attach.moc"
