// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"
#include "priorityqueuepanel.h"

#include "captionpane.h"
#include "handlerspanel.h"
#include "historypanel.h"
#include "indexerpanel.h"
#include "informerbar.h"
#include "informerviews.h"
#include "inspectorpanel.h"
#include "journalpanel.h"
#include "lens/export.h"
#include "lens/keyhistorymodel.h"
#include "lens/lensmodels.h"
#include "lens/timelinemodel.h"
#include "panel.h"
#include "pipelinewidget.h"
#include "playgroundpanel.h"
#include "queuepanel.h"
#include "simulatorpanel.h"
#include "timelinepanel.h"
#include "timelinewidget.h"
#include "viewexport.h"
#include "workqueuepanel.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QStatusBar>

namespace lens {

QStringList MainWindow::exportableViews()
{
    return {QStringLiteral("window"),   QStringLiteral("pipeline"),   QStringLiteral("queue"),
            QStringLiteral("history"),  QStringLiteral("caption"),    QStringLiteral("indexer"),
            QStringLiteral("indices"),  QStringLiteral("object"),     QStringLiteral("journal"),
            QStringLiteral("handlers"), QStringLiteral("playground"), QStringLiteral("timeline"),
            QStringLiteral("informers")};
}

QWidget *MainWindow::viewWidget(const QString &view)
{
    if (view == QLatin1String("window"))
        return this;
    if (view == QLatin1String("pipeline"))
        return m_pipeline;
    if (view == QLatin1String("queue"))
        return views()->queue();
    if (view == QLatin1String("history"))
        return views()->history();
    if (view == QLatin1String("caption") || view == QLatin1String("explain"))
        return m_caption;
    if (view == QLatin1String("indexer"))
        return views()->indexer();
    if (view == QLatin1String("informers"))
        return m_informerBar->isVisible() ? m_informerBar : nullptr;
    if (view == QLatin1String("timeline"))
        return m_timelinePanel;
    // Views in tabs come to the front first.
    if (!showView(view))
        return nullptr;
    if (view == QLatin1String("indices"))
        return views()->indices();
    if (view == QLatin1String("object"))
        return views()->inspector();
    if (view == QLatin1String("journal"))
        return m_journalPanel;
    if (view == QLatin1String("handlers"))
        return views()->handlers();
    if (view == QLatin1String("playground"))
        return m_playground;
    if (view == QLatin1String("simulator"))
        return m_simulatorPanel;
    if (view == QLatin1String("workqueue"))
        return m_workqueuePanel;
    if (view == QLatin1String("priorityqueue"))
        return m_priorityQueuePanel;
    return nullptr;
}

bool MainWindow::exportView(const QString &view, const QString &path, QString *error)
{
    QWidget *w = viewWidget(view);
    if (!w) {
        if (error)
            *error = tr("no view named %1 (try: %2)")
                         .arg(view, exportableViews().join(QLatin1Char(' ')));
        return false;
    }
    settle();
    return exportWidgetImage(w, path, error);
}

bool MainWindow::exportTimeline(const QString &path, QString *error)
{
    TimelineModel *timeline = m_stream->timeline();
    timeline->flush();
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("csv"))
        return writeFileBytes(path, exporting::timelineToCsv(*timeline), error);
    if (suffix == QLatin1String("json"))
        return writeFileBytes(path, exporting::timelineToJson(*timeline), error);
    if (error)
        *error = tr("%1: export as .csv or .json").arg(path);
    return false;
}

bool MainWindow::exportKeyHistory(const QString &path, QString *error)
{
    KeyHistoryModel *history = body()->history();
    history->flush();
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("csv"))
        return writeFileBytes(path, exporting::modelToCsv(*history), error);
    if (suffix == QLatin1String("json"))
        return writeFileBytes(
            path, exporting::modelToJson(*history, tr("Key history: %1").arg(history->key())),
            error);
    if (error)
        *error = tr("%1: export as .csv or .json").arg(path);
    return false;
}

void MainWindow::exportViewInteractively(const QString &view)
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export %1").arg(view), view + QStringLiteral(".png"),
                                     tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (path.isEmpty())
        return;
    QString err;
    if (exportView(view, path, &err))
        statusBar()->showMessage(tr("Wrote %1").arg(QDir::toNativeSeparators(path)), 6000);
    else
        QMessageBox::warning(this, tr("Export"), err);
}

void MainWindow::exportDataInteractively(bool timeline)
{
    const QString path = QFileDialog::getSaveFileName(
        this, timeline ? tr("Export timeline") : tr("Export key history"),
        timeline ? QStringLiteral("timeline.csv") : QStringLiteral("key-history.csv"),
        tr("CSV (*.csv);;JSON (*.json)"));
    if (path.isEmpty())
        return;
    QString err;
    if (timeline ? exportTimeline(path, &err) : exportKeyHistory(path, &err))
        statusBar()->showMessage(tr("Wrote %1").arg(QDir::toNativeSeparators(path)), 6000);
    else
        QMessageBox::warning(this, tr("Export"), err);
}

} // namespace lens
