// SPDX-License-Identifier: Apache-2.0
// MainWindow: the pump actions, the menus, translation and the offline banner.
#include "mainwindow.h"

#include "deltapalette.h"
#include "i18n.h"
#include "informer/controller.h"
#include "informerbar.h"
#include "informerviews.h"
#include "keyboard.h"
#include "lens/handlersmodel.h"
#include "lens/indexermodel.h"
#include "lens/journalmodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/lensmodels.h"
#include "lens/namespaceindexmodel.h"
#include "lens/objecttreemodel.h"
#include "lens/queuemodel.h"
#include "lens/timelinemodel.h"
#include "pipelinewidget.h"
#include "recordreplay.h"

#include <QAction>
#include <QActionGroup>
#include <QEvent>
#include <QHash>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QToolBar>

namespace lens {

void MainWindow::buildActions()
{
    QToolBar *tb = addToolBar(QString());
    tb->setObjectName(QStringLiteral("pumpToolBar"));
    tb->setMovable(false);
    tb->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);

    auto *group = new QActionGroup(this);
    group->setExclusive(true);
    m_run = new QAction(QIcon::fromTheme(QStringLiteral("media-playback-start")), QString(), this);
    m_run->setShortcut(QKeySequence(Qt::Key_F5));
    m_pause =
        new QAction(QIcon::fromTheme(QStringLiteral("media-playback-pause")), QString(), this);
    m_pause->setShortcut(QKeySequence(Qt::Key_F6));
    m_step = new QAction(QIcon::fromTheme(QStringLiteral("media-skip-forward")), QString(), this);
    m_step->setShortcut(QKeySequence(Qt::Key_F10));
    for (QAction *a : {m_run, m_pause}) {
        a->setCheckable(true);
        group->addAction(a);
    }
    m_run->setObjectName(QStringLiteral("runAction"));
    m_pause->setObjectName(QStringLiteral("pauseAction"));
    m_step->setObjectName(QStringLiteral("stepAction"));
    tb->addAction(m_run);
    tb->addAction(m_pause);
    tb->addAction(m_step);

    // Legend of the delta colours, right-aligned.
    auto *spacer = new QWidget(tb);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    tb->addWidget(spacer);
    auto *legendLabel = new QLabel(tb);
    legendLabel->setTextFormat(Qt::RichText);
    tb->addWidget(legendLabel);
    for (QAction *a : {m_run, m_pause, m_step})
        addAction(a); // shortcuts work even if the toolbar is hidden
    translated([this, tb, legendLabel] {
        tb->setWindowTitle(tr("Pump"));
        m_run->setText(tr("\u25B6  Run"));
        m_run->setToolTip(tr("Run the controller's Pop pump: every queued key is popped and "
                             "handled (F5)"));
        m_pause->setText(tr("\u2016  Pause"));
        m_pause->setToolTip(tr("Pause the pump: deltas pile up in the DeltaFIFO, each key's in "
                               "order, where you can watch them (F6)"));
        m_step->setText(tr("\u21E5  Step"));
        m_step->setToolTip(tr("Pop exactly one key from the head of the queue (F10)"));
        QString legend = tr("Deltas:") + QStringLiteral("&nbsp;&nbsp;");
        for (DeltaType t : {DeltaType::Added, DeltaType::Updated, DeltaType::Deleted,
                            DeltaType::Replaced, DeltaType::Sync})
            legend += QStringLiteral("<span style=\"background-color:%1; color:white;\">"
                                     "&nbsp;%2&nbsp;</span>&nbsp;&nbsp;")
                          .arg(deltaColor(t).name(), deltaTypeName(t));
        legend += QStringLiteral("<span style=\"color:%1;\">%2</span>&nbsp;&nbsp;")
                      .arg(deltaColor(DeltaType::Deleted).name(),
                           tr("\u271D = DeletedFinalStateUnknown tombstone").toHtmlEscaped());
        legendLabel->setText(legend);
        legendLabel->setAccessibleName(tr("Delta colour legend"));
        // Accessible names for the buttons (screen readers and UI tests).
        for (QAction *a : {m_run, m_pause, m_step}) {
            if (QWidget *w = tb->widgetForAction(a))
                w->setAccessibleName(a->text().mid(3));
        }
    });
    // The pump of the informer shown.
    connect(m_run, &QAction::triggered, this, [this] {
        if (Controller *c = views()->controller())
            c->run();
    });
    connect(m_pause, &QAction::triggered, this, [this] {
        if (Controller *c = views()->controller())
            c->pause();
    });
    connect(m_step, &QAction::triggered, this, [this] {
        if (Controller *c = views()->controller())
            c->step();
    });
}

void MainWindow::translated(std::function<void()> apply)
{
    apply();
    m_retranslate.push_back(std::move(apply));
}

void MainWindow::retranslateUi()
{
    for (const auto &apply : m_retranslate)
        apply();
    setSourceDescription(m_source);
    auto header = [](QAbstractItemModel *m) {
        if (m->columnCount() > 0)
            Q_EMIT m->headerDataChanged(Qt::Horizontal, 0, m->columnCount() - 1);
    };
    header(m_stream->journalModel());
    for (LensModels *b : std::as_const(m_bodies))
        for (QAbstractItemModel *m : std::initializer_list<QAbstractItemModel *>{
                 b->queue(), b->indexer(), b->namespaces(), b->history(), b->handlers(),
                 b->notifications(), b->objectTree()})
            header(m);
    // Rows folded in the old language are read again.
    for (LensModels *b : std::as_const(m_bodies))
        b->retranslate();
    m_stream->retranslate(); // the Metrics tab's rows
    updateStatus();
    updatePipeline();
    m_pipeline->update();
    // Its labels (causes, errors) were folded in the old language.
    m_stream->timeline()->retranslate();
}

bool MainWindow::switchLanguage(const QString &lang)
{
    // installTranslation() posts QEvent::LanguageChange to every widget; changeEvent() and the
    // Playground panel's own handler re-apply the texts.
    if (!installTranslation(lang))
        return false;
    for (QAction *a : menuBar()->findChildren<QAction *>())
        if (a->objectName().startsWith(QLatin1String("lang-")))
            a->setChecked(a->data().toString() == currentLanguage());
    return true;
}

void MainWindow::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    if (e->type() == QEvent::PaletteChange)
        applyPaletteColours();
    QMainWindow::changeEvent(e);
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(QString());
    file->setObjectName(QStringLiteral("fileMenu"));
    QMenu *views = file->addMenu(QString());
    views->setObjectName(QStringLiteral("exportViewMenu"));
    const QStringList names = exportableViews();
    for (const QString &v : names) {
        QAction *a = views->addAction(v);
        a->setObjectName(QStringLiteral("export-") + v);
        connect(a, &QAction::triggered, this, [this, v] { exportViewInteractively(v); });
        translated([a, v] {
            static const QHash<QString, const char *> names{
                {QStringLiteral("window"), QT_TR_NOOP("Whole window")},
                {QStringLiteral("pipeline"), QT_TR_NOOP("Pipeline")},
                {QStringLiteral("queue"), QT_TR_NOOP("Queue (DeltaFIFO / RealFIFO)")},
                {QStringLiteral("history"), QT_TR_NOOP("Key history")},
                {QStringLiteral("caption"), QT_TR_NOOP("Explain")},
                {QStringLiteral("indexer"), QT_TR_NOOP("Indexer")},
                {QStringLiteral("indices"), QT_TR_NOOP("Indices")},
                {QStringLiteral("object"), QT_TR_NOOP("Object")},
                {QStringLiteral("journal"), QT_TR_NOOP("Journal")},
                {QStringLiteral("handlers"), QT_TR_NOOP("Handlers")},
                {QStringLiteral("playground"), QT_TR_NOOP("Playground")},
                {QStringLiteral("timeline"), QT_TR_NOOP("Timeline")},
                {QStringLiteral("informers"), QT_TR_NOOP("Informers and WaitForCacheSync")},
            };
            a->setText(tr(names.value(v, "")) + QStringLiteral("\u2026"));
        });
    }
    QAction *tl = file->addAction(QString());
    tl->setObjectName(QStringLiteral("exportTimelineAction"));
    connect(tl, &QAction::triggered, this, [this] { exportDataInteractively(true); });
    QAction *kh = file->addAction(QString());
    kh->setObjectName(QStringLiteral("exportKeyHistoryAction"));
    connect(kh, &QAction::triggered, this, [this] { exportDataInteractively(false); });
    file->addSeparator();
    QAction *quit = file->addAction(QString());
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &QWidget::close);

    // Language: switch at run time (QEvent::LanguageChange re-applies every text).
    QMenu *lang = menuBar()->addMenu(QString());
    lang->setObjectName(QStringLiteral("languageMenu"));
    auto *langs = new QActionGroup(this);
    for (const QString &code : availableLanguages()) {
        QAction *a = lang->addAction(languageName(code));
        a->setObjectName(QStringLiteral("lang-") + code);
        a->setCheckable(true);
        a->setChecked(code == currentLanguage());
        a->setData(code);
        langs->addAction(a);
        connect(a, &QAction::triggered, this, [this, code] { switchLanguage(code); });
    }
    // Theme: switch at run time (views read the palette when they paint; QEvent::PaletteChange
    // re-applies the few colours chosen for a background).
    QMenu *theme = menuBar()->addMenu(QString());
    theme->setObjectName(QStringLiteral("themeMenu"));
    auto *themes = new QActionGroup(this);
    struct ThemeName {
        const char *id;
        const char *text;
    };
    static const ThemeName themeNames[] = {{"system", QT_TR_NOOP("&Desktop colours")},
                                           {"light", QT_TR_NOOP("&Light")},
                                           {"dark", QT_TR_NOOP("D&ark")}};
    for (const ThemeName &t : themeNames) {
        const QString id = QLatin1String(t.id);
        QAction *a = theme->addAction(QString());
        a->setObjectName(QStringLiteral("theme-") + id);
        a->setCheckable(true);
        a->setChecked(id == currentTheme());
        themes->addAction(a);
        connect(a, &QAction::triggered, this, [id] { applyTheme(id); });
        translated([a, t] { a->setText(tr(t.text)); });
    }
    translated([theme] { theme->setTitle(tr("&Theme")); });
    translated([file, views, tl, kh, quit, lang] {
        file->setTitle(tr("&File"));
        views->setTitle(tr("Export &view as PNG or SVG"));
        tl->setText(tr("Export &timeline as CSV or JSON\u2026"));
        kh->setText(tr("Export &key history as CSV or JSON\u2026"));
        quit->setText(tr("&Quit"));
        lang->setTitle(tr("&Language"));
    });
    new RecordReplay(this, file);
}

Journal *MainWindow::journal() const
{
    return m_journal;
}

void MainWindow::setOfflineRecording(const QString &source, std::function<QString()> banner)
{
    m_offlineBanner = std::move(banner);
    m_source = source;
    for (QAction *a : {m_run, m_pause, m_step})
        a->setVisible(false);
    m_pumpLabel->hide();
    auto *label = new QLabel(this);
    label->setObjectName(QStringLiteral("offlineLabel"));
    label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // never widens the window
    statusBar()->addPermanentWidget(label, 1);
    translated([this, label] {
        setWindowTitle(tr("Informer Lens \u2014 %1").arg(m_offlineBanner()));
        label->setText(m_offlineBanner());
        label->setToolTip(tr("Recorded from %1").arg(m_source));
    });
}

} // namespace lens
