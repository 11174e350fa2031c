// SPDX-License-Identifier: Apache-2.0
// bench_indexerview: the indexer table at scale. N pods (labels app, tier and a per-pod index,
// status.phase) are recorded as IndexerAdded journal events; the window's own IndexerPanel
// (IndexerModel → IndexerFilterProxy → QTableView, shown off screen at 1600×1000) folds them,
// then is sorted by each column and filtered by text and by label selector, as a user clicks.
// Each figure is the wall time of that action including the repaint, one `key: value unit`
// line each:
//
//   QT_QPA_PLATFORM=offscreen build/bench/bench_indexerview [--pods 150000]
//
//   ui.indexer_fold_ms.pods150000: 812.0 ms
//   ui.indexer_sort_ms.name.pods150000: 95.1 ms
//   ui.indexer_filter_ms.text.pods150000: 60.2 ms
//
// Never run by ctest (speed targets live in benchmarks).
#include "indexerfilterproxy.h"
#include "indexerpanel.h"
#include "lens/indexermodel.h"
#include "lens/lensmodels.h"
#include "trace/clock.h"
#include "trace/journal.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QTableView>

#include <cstdio>
#include <functional>

using namespace lens;

namespace {

Object pod(int i)
{
    QJsonObject labels{
        {QStringLiteral("app"), QStringLiteral("web-%1").arg(i % 50)},
        {QStringLiteral("tier"), i % 3 ? QStringLiteral("fe") : QStringLiteral("be")},
        {QStringLiteral("pod-template-hash"), QString::number(1000000 + i, 16)}};
    QJsonObject meta{{QStringLiteral("name"), QStringLiteral("web-%1-%2").arg(i % 50).arg(i)},
                     {QStringLiteral("namespace"), QStringLiteral("ns-%1").arg(i % 40)},
                     {QStringLiteral("uid"), QStringLiteral("uid-%1").arg(i)},
                     {QStringLiteral("resourceVersion"), QString::number(1000 + i)},
                     {QStringLiteral("labels"), labels}};
    QJsonObject status{
        {QStringLiteral("phase"), i % 7 ? QStringLiteral("Running") : QStringLiteral("Pending")}};
    return Object::fromJson(QJsonObject{{QStringLiteral("kind"), QStringLiteral("Pod")},
                                        {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                                        {QStringLiteral("metadata"), meta},
                                        {QStringLiteral("status"), status}});
}

/// Runs `action`, then processes events until the view has repainted; milliseconds.
double timed(QWidget *w, const std::function<void()> &action)
{
    QElapsedTimer t;
    t.start();
    action();
    w->repaint();
    QCoreApplication::processEvents();
    return double(t.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser p;
    p.addHelpOption();
    const QCommandLineOption podsOpt(QStringLiteral("pods"),
                                     QStringLiteral("Pods in the indexer (default 150000)."),
                                     QStringLiteral("N"), QStringLiteral("150000"));
    p.addOption(podsOpt);
    p.process(app);
    const int pods = p.value(podsOpt).toInt();
    if (pods <= 0) {
        std::fprintf(stderr, "bench_indexerview: --pods takes a positive number\n");
        return 2;
    }
    const QString n = QStringLiteral(".pods") + QString::number(pods);
    auto out = [&n](const char *key, double ms) {
        std::printf("%s%s: %.1f ms\n", key, qPrintable(n), ms);
        std::fflush(stdout);
    };

    SteadyClock clock;
    Journal journal(&clock);
    journal.setCapacity(pods + 10);
    LensModels models(&journal, LensModels::InformerViews);
    IndexerPanel panel(&models);
    panel.resize(1000, 900);
    panel.show();
    QCoreApplication::processEvents();

    QList<Object> objects;
    objects.reserve(pods);
    for (int i = 0; i < pods; ++i)
        objects << pod(i);
    out("ui.indexer_fold_ms", timed(&panel, [&] {
            for (const Object &o : std::as_const(objects)) {
                TraceEvent e;
                e.kind = TraceKind::IndexerAdded;
                e.component = QStringLiteral("indexer");
                e.key = o.namespace_() + QLatin1Char('/') + o.name();
                e.resourceVersion = o.resourceVersion();
                e.object = o;
                journal.record(std::move(e));
            }
            models.indexer()->flush();
        }));
    if (panel.proxy()->rowCount() != pods) {
        std::fprintf(stderr, "bench_indexerview: %d rows shown, %d expected\n",
                     panel.proxy()->rowCount(), pods);
        return 1;
    }
    QTableView *view = panel.view();
    const struct {
        const char *name;
        int column;
    } columns[] = {
        {"namespace", IndexerModel::NamespaceColumn}, {"name", IndexerModel::NameColumn},
        {"rv", IndexerModel::ResourceVersionColumn},  {"labels", IndexerModel::LabelsColumn},
        {"phase", IndexerModel::PhaseColumn},         {"size", IndexerModel::SizeColumn}};
    for (const auto &c : columns) {
        const QByteArray key = QByteArray("ui.indexer_sort_ms.") + c.name;
        out(key.constData(),
            timed(view, [&] { view->sortByColumn(c.column, Qt::DescendingOrder); }));
    }
    out("ui.indexer_filter_ms.text",
        timed(view, [&] { panel.proxy()->setTextFilter(QStringLiteral("web-7-")); }));
    const int textRows = panel.proxy()->rowCount();
    out("ui.indexer_filter_ms.clear",
        timed(view, [&] { panel.proxy()->setTextFilter(QString()); }));
    out("ui.indexer_filter_ms.selector", timed(view, [&] {
            panel.proxy()->setLabelSelector(QStringLiteral("app=web-3,tier in (fe)"));
        }));
    const int selectorRows = panel.proxy()->rowCount();
    std::printf("ui.indexer_rows.text%s: %d rows\nui.indexer_rows.selector%s: %d rows\n",
                qPrintable(n), textRows, qPrintable(n), selectorRows);
    return textRows > 0 && selectorRows > 0 ? 0 : 1;
}
