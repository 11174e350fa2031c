// SPDX-License-Identifier: Apache-2.0
// The Metrics tab (issue 37) in the window, over a live session: the built-in provisioner's
// /metrics attached through the pod proxy, as `informer-lens --controller provisioner
// --attach-metrics self` runs it. The tab appears from the journal's scrapes, shows the status
// of the last scrape, the provisioner's two workqueues, a plot of the first figure, Explain for
// the figure chosen; a failing endpoint keeps the last good figures and says why; with nothing
// attached the tab says how to attach. Set LENS_SCREENSHOT_DIR to keep metricspanel.png.

#include "client/metricsscraper.h"
#include "i18ncheck.h"
#include "informer/sharedinformer.h"
#include "lens/metricsmodel.h"
#include "mainwindow.h"
#include "metricspanel.h"
#include "session/selfmetrics.h"
#include "session/session.h"
#include "sim/apiserver.h"
#include "sim/simulator.h"
#include "trace/journal.h"
#include "trace/traceevent.h"

#include <QLabel>
#include <QTreeView>
#include <QtTest>

using namespace lens;

namespace {

/// The top-level rows' figures ("workqueue claims", ...).
QStringList groups(const MetricsModel &m)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.index(r, MetricsModel::FigureColumn).data().toString();
    return out;
}

} // namespace

class TestMetricsPanel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void attachedProvisioner()
    {
        Session::Options o;
        o.churnIntervalMs = 0;
        o.controller = QStringLiteral("provisioner");
        o.attachMetrics = QStringLiteral("self");
        o.metricsIntervalMs = 100;
        Session session(o);
        QString error;
        QVERIFY2(session.start(&error), qPrintable(error));
        MainWindow window(session.journal(), session.informer()->controller());
        window.setInformer(session.informer());
        window.resize(1600, 1000);
        window.show();

        // The tab comes from the journal's MetricsScraped events alone.
        QTRY_VERIFY_WITH_TIMEOUT(window.metricsPanel(), 20000);
        MetricsPanel *panel = window.metricsPanel();
        QVERIFY(window.showView(QStringLiteral("metrics")));
        MetricsModel *m = panel->model();
        QTRY_VERIFY_WITH_TIMEOUT(groups(*m).contains(QStringLiteral("workqueue claims")), 20000);
        QVERIFY(groups(*m).contains(QStringLiteral("workqueue volumes")));
        QVERIFY2(panel->statusText().contains(QStringLiteral("HTTP 200")),
                 qPrintable(panel->statusText()));
        QVERIFY(panel->statusText().contains(selfmetrics::target(o.controller)));
        QVERIFY(!panel->findChild<QLabel *>(QStringLiteral("metricsEmpty"))->isVisible());

        // Without a choice the first figure with a history is plotted: claims' depth, one
        // point per scrape, and its Explain names the family and who sets it.
        QTRY_VERIFY_WITH_TIMEOUT(panel->plottedPoints() >= 3, 20000);
        QCOMPARE(panel->plottedSeries(), QStringLiteral("q|claims|depth"));
        QVERIFY2(panel->explanation().contains(QStringLiteral("workqueue_depth")),
                 qPrintable(panel->explanation()));

        // Choosing "adds" plots its rate and explains workqueue_adds_total; the choice stays
        // across the resets later scrapes make.
        const QModelIndex claims =
            m->index(groups(*m).indexOf(QStringLiteral("workqueue claims")), 0);
        int addsRow = -1;
        for (int r = 0; r < m->rowCount(claims); ++r)
            if (m->index(r, 0, claims).data().toString() == QStringLiteral("adds"))
                addsRow = r;
        QVERIFY(addsRow >= 0);
        panel->selectFigure(claims.row(), addsRow);
        QCOMPARE(panel->plottedSeries(), QStringLiteral("q|claims|adds"));
        QVERIFY(panel->explanation().contains(QStringLiteral("workqueue_adds_total")));
        const int scraped = session.metricsScraper()->scrapeCount();
        QTRY_VERIFY_WITH_TIMEOUT(session.metricsScraper()->scrapeCount() >= scraped + 2, 20000);
        QCOMPARE(panel->plottedSeries(), QStringLiteral("q|claims|adds"));
        QVERIFY(panel->explanation().contains(QStringLiteral("workqueue_adds_total")));

        if (const QByteArray dir = qgetenv("LENS_SCREENSHOT_DIR"); !dir.isEmpty())
            window.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/metricspanel.png"));

        // Time travel: at the second scrape's seq the model holds two scrapes and the plot
        // ends there; live again, every scrape is back.
        quint64 second = 0;
        int seen = 0;
        for (const TraceEvent &e : session.journal()->events())
            if (e.kind == TraceKind::MetricsScraped && ++seen == 2)
                second = e.seq;
        QVERIFY(second > 0);
        panel->selectFigure(claims.row(), 0);
        QCOMPARE(panel->plottedSeries(), QStringLiteral("q|claims|depth"));
        window.travelToSeq(second);
        QCOMPARE(m->targetState()->scrapes, 2);
        QCOMPARE(panel->plottedPoints(), 2);
        QVERIFY(panel->statusText().contains(QStringLiteral("2 scrapes")));
        window.goLive();
        QTRY_VERIFY(m->targetState()->scrapes > 2);
        QTRY_VERIFY(panel->plottedPoints() > 2);

        // In Chinese: the status, the headers, every group and figure and Explain are
        // translated (only names and data stay: workqueue_*, claims, p50, HTTP codes).
        QVERIFY(window.switchLanguage(QStringLiteral("zh_CN")));
        QTRY_VERIFY(test::hasCjk(panel->statusText()));
        for (int c = 0; c < m->columnCount(); ++c)
            QVERIFY2(test::hasCjk(m->headerData(c, Qt::Horizontal).toString()),
                     qPrintable(m->headerData(c, Qt::Horizontal).toString()));
        QStringList english;
        for (int g = 0; g < m->rowCount(); ++g) {
            const QModelIndex gi = m->index(g, 0);
            for (int r = -1; r < m->rowCount(gi); ++r) {
                const QModelIndex i = r < 0 ? gi : m->index(r, 0, gi);
                for (const QString &text :
                     {i.data().toString(), i.data(MetricsModel::ExplainRole).toString()})
                    if (test::untranslated(text,
                                           {QStringLiteral("claims"), QStringLiteral("volumes")}))
                        english << text;
            }
        }
        QVERIFY2(english.isEmpty(), qPrintable(english.join(u'\n')));
        QVERIFY(window.switchLanguage(QStringLiteral("en")));

        // The endpoint starts answering 503: the status says so and why, the figures stay.
        const int rows = m->rowCount();
        session.simulator()->server()->setProxyTarget(
            QStringLiteral("pods"), selfmetrics::podNamespace(), selfmetrics::podName(o.controller),
            selfmetrics::port, [](const QString &) {
                sim::ProxyAnswer a;
                a.code = 503;
                a.body = "<html><body>upstream down</body></html>";
                a.contentType = "text/html";
                return a;
            });
        QTRY_VERIFY_WITH_TIMEOUT(panel->statusText().contains(QStringLiteral("ago failed (")),
                                 20000);
        QVERIFY2(panel->statusText().contains(QStringLiteral("showing the last good scrape")),
                 qPrintable(panel->statusText()));
        QVERIFY(panel->statusText().contains(QStringLiteral("503")));
        QCOMPARE(m->rowCount(), rows);
        QVERIFY(groups(*m).contains(QStringLiteral("workqueue claims")));
        session.stop();
    }

    void nothingAttached()
    {
        Journal journal;
        MainWindow window(&journal, nullptr);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(!window.metricsPanel());
        QVERIFY(window.showView(QStringLiteral("metrics")));
        MetricsPanel *panel = window.metricsPanel();
        QVERIFY(panel);
        const auto *empty = panel->findChild<QLabel *>(QStringLiteral("metricsEmpty"));
        QVERIFY(empty->isVisible());
        QVERIFY(empty->text().contains(QStringLiteral("--attach-metrics")));
        QCOMPARE(panel->model()->rowCount(), 0);
        QCOMPARE(panel->plottedPoints(), 0);
        QVERIFY(panel->plottedSeries().isEmpty());
    }
};

QTEST_MAIN(TestMetricsPanel)
#include "tst_metricspanel.moc"
