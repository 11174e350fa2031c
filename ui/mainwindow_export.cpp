// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

#include "lens/export.h"
#include "lens/keyhistorymodel.h"
#include "lens/timelinemodel.h"
#include "panel.h"
#include "pipelinewidget.h"
#include "playgroundpanel.h"
#include "timelinewidget.h"
#include "viewexport.h"

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
            QStringLiteral("handlers"), QStringLiteral("playground"), QStringLiteral("timeline")};
}

QWidget *MainWindow::viewWidget(const QString &view)
{
    if (view == QLatin1String("window"))
        return this;
    if (view == QLatin1String("pipeline"))
        return m_pipeline;
    if (view == QLatin1String("queue"))
        return m_queuePanel;
    if (view == QLatin1String("history"))
        return m_historyPanel;
    if (view == QLatin1String("caption"))
        return m_captionPanel;
    if (view == QLatin1String("indexer"))
        return m_indexerPanel;
    if (view == QLatin1String("timeline"))
        return m_timelinePanel;
    // Views in tabs come to the front first.
    if (!showView(view))
        return nullptr;
    if (view == QLatin1String("indices"))
        return m_indicesPanel;
    if (view == QLatin1String("object"))
        return m_objectPanel;
    if (view == QLatin1String("journal"))
        return m_journalPanel;
    if (view == QLatin1String("handlers"))
        return m_handlersPanel;
    if (view == QLatin1String("playground"))
        return m_playground;
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
    m_timelineModel->flush();
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("csv"))
        return writeFileBytes(path, exporting::timelineToCsv(*m_timelineModel), error);
    if (suffix == QLatin1String("json"))
        return writeFileBytes(path, exporting::timelineToJson(*m_timelineModel), error);
    if (error)
        *error = tr("%1: export as .csv or .json").arg(path);
    return false;
}

bool MainWindow::exportKeyHistory(const QString &path, QString *error)
{
    m_history->flush();
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("csv"))
        return writeFileBytes(path, exporting::modelToCsv(*m_history), error);
    if (suffix == QLatin1String("json"))
        return writeFileBytes(
            path, exporting::modelToJson(*m_history, tr("Key history: %1").arg(m_history->key())),
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
