// SPDX-License-Identifier: Apache-2.0
// MainWindow's accessors: the current informer's panels and models (for tests and the keyboard
// navigation), forwarded to the panels that own them, and the scenario bar.
#include "mainwindow.h"

#include "captionpane.h"
#include "handlerspanel.h"
#include "historypanel.h"
#include "indexerpanel.h"
#include "informerviews.h"
#include "inspectorpanel.h"
#include "journalpanel.h"
#include "keyboard.h"
#include "lens/lensmodels.h"
#include "queuepanel.h"
#include "scenariotoolbar.h"
#include "timelinepanel.h"

namespace lens {

// The current informer's panels and models, for tests and the keyboard navigation.
QueueModel *MainWindow::queueModel() const
{
    return body()->queue();
}
IndexerModel *MainWindow::indexerModel() const
{
    return body()->indexer();
}
NamespaceIndexModel *MainWindow::namespaceModel() const
{
    return body()->namespaces();
}
KeyHistoryModel *MainWindow::keyHistoryModel() const
{
    return body()->history();
}
JournalModel *MainWindow::journalModel() const
{
    return m_stream->journalModel();
}
TimelineModel *MainWindow::timelineModel() const
{
    return m_stream->timeline();
}
ReflectorStatus *MainWindow::reflectorStatus() const
{
    return body()->status();
}
HandlersModel *MainWindow::handlersModel() const
{
    return body()->handlers();
}
HandlerNotificationsModel *MainWindow::notificationsModel() const
{
    return body()->notifications();
}
ObjectTreeModel *MainWindow::objectTreeModel() const
{
    return body()->objectTree();
}
QTableView *MainWindow::handlersView() const
{
    return views()->handlers()->handlersView();
}
QTableView *MainWindow::notificationsView() const
{
    return views()->handlers()->notificationsView();
}
QTreeView *MainWindow::objectView() const
{
    return views()->inspector()->view();
}
QToolButton *MainWindow::revealButton() const
{
    return views()->inspector()->revealButton();
}
QToolButton *MainWindow::liveButton() const
{
    return m_timelinePanel->liveButton();
}
QTableView *MainWindow::queueView() const
{
    return views()->queue()->view();
}
QTableView *MainWindow::historyView() const
{
    return views()->history()->view();
}
QTableView *MainWindow::indexerView() const
{
    return views()->indexer()->view();
}
QTreeView *MainWindow::namespaceView() const
{
    return views()->indices()->view();
}
QTableView *MainWindow::journalView() const
{
    return m_journalPanel->view();
}
TimelineWidget *MainWindow::timelineWidget() const
{
    return m_timelinePanel->timeline();
}
QLineEdit *MainWindow::indexerFilter() const
{
    return views()->indexer()->filterEdit();
}
IndexerFilterProxy *MainWindow::indexerProxy() const
{
    return views()->indexer()->proxy();
}
QLineEdit *MainWindow::labelSelectorEdit() const
{
    return views()->indexer()->selectorEdit();
}
QString MainWindow::labelSelectorError() const
{
    return views()->indexer()->selectorError();
}
void MainWindow::applyIndexerFilter()
{
    views()->indexer()->applyFilter();
}
QTextBrowser *MainWindow::captionView() const
{
    return m_caption->view();
}
QString MainWindow::captionText() const
{
    return m_caption->text();
}
void MainWindow::explainSeq(quint64 seq)
{
    m_caption->explainSeq(seq);
}
void MainWindow::explainQueuedKey(const QString &key)
{
    m_caption->explainQueuedKey(key);
}
void MainWindow::showScenarioCaption(const QString &text)
{
    m_caption->showScenarioCaption(text);
}
void MainWindow::setScenarioCaptionTranslation(
    std::function<QString(const QString &caption, const QString &lang)> translate)
{
    m_translateCaption = translate;
    m_caption->setScenarioCaptionTranslation(std::move(translate));
}
QAction *MainWindow::scenarioPauseAction() const
{
    return m_scenarioBar ? m_scenarioBar->pauseAction() : nullptr;
}
QComboBox *MainWindow::scenarioSpeedBox() const
{
    return m_scenarioBar ? m_scenarioBar->speedBox() : nullptr;
}

void MainWindow::setScenarioControls(const QString &title, double speed,
                                     std::function<void(bool paused)> setPaused,
                                     std::function<void(double speed)> setSpeed)
{
    setScenarioControls([title](const QString &) { return title; }, speed, std::move(setPaused),
                        std::move(setSpeed));
}

void MainWindow::setScenarioControls(std::function<QString(const QString &lang)> title,
                                     double speed, std::function<void(bool paused)> setPaused,
                                     std::function<void(double speed)> setSpeed)
{
    if (m_scenarioBar)
        return; // one scenario per window
    m_scenarioBar = new ScenarioToolBar(std::move(title), speed, std::move(setPaused),
                                        std::move(setSpeed), this);
    addToolBar(m_scenarioBar);
    m_keyboard->updateTabOrder();
}

} // namespace lens
