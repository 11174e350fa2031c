// SPDX-License-Identifier: Apache-2.0
#include "keyboard.h"

#include "journalpanel.h"
#include "mainwindow.h"
#include "playgroundpanel.h"
#include "simulatorpanel.h"
#include "timelinewidget.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QEvent>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTextEdit>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace lens {

namespace {
/// The focusable widgets inside `container`, in the window's current focus chain order.
QList<QWidget *> focusablesIn(QWidget *container)
{
    QList<QWidget *> out;
    if (!container)
        return out;
    QWidget *w = container;
    do {
        w = w->nextInFocusChain();
        if (w != container && container->isAncestorOf(w) && (w->focusPolicy() & Qt::TabFocus) &&
            !w->focusProxy() && !out.contains(w))
            out << w;
    } while (w != container && w != container->window());
    return out;
}

QWidget *firstFocusable(QWidget *container)
{
    const QList<QWidget *> all = focusablesIn(container);
    for (QWidget *w : all)
        if (w->isVisibleTo(container) && w->isEnabled())
            return w;
    return nullptr;
}
} // namespace

KeyboardNavigation::KeyboardNavigation(MainWindow *window) : QObject(window), m_window(window)
{
    QMenuBar *bar = window->menuBar();
    m_viewMenu = new QMenu(window);
    m_viewMenu->setObjectName(QStringLiteral("viewMenu"));
    m_helpMenu = new QMenu(window);
    m_helpMenu->setObjectName(QStringLiteral("helpMenu"));
    bar->addMenu(m_viewMenu);
    bar->addMenu(m_helpMenu);

    MainWindow *w = window;
    auto tab = [w](const char *view, QWidget *focus) {
        return [w, view, focus]() -> QWidget * {
            w->showView(QString::fromLatin1(view));
            return focus;
        };
    };
    addGoTo(m_viewMenu, Qt::CTRL | Qt::Key_1, QT_TR_NOOP("&Queue"),
            [w] { return static_cast<QWidget *>(w->queueView()); });
    addGoTo(m_viewMenu, Qt::CTRL | Qt::Key_2, QT_TR_NOOP("Key &history"),
            [w] { return static_cast<QWidget *>(w->historyView()); });
    addGoTo(m_viewMenu, Qt::CTRL | Qt::Key_3, QT_TR_NOOP("&Explain"),
            [w] { return static_cast<QWidget *>(w->captionView()); });
    addGoTo(m_viewMenu, Qt::CTRL | Qt::Key_4, QT_TR_NOOP("In&dexer"),
            [w] { return static_cast<QWidget *>(w->indexerView()); });
    addGoTo(m_viewMenu, Qt::CTRL | Qt::Key_5, QT_TR_NOOP("I&ndices"),
            tab("indices", w->namespaceView()));
    addGoTo(m_viewMenu, Qt::CTRL | Qt::Key_6, QT_TR_NOOP("&Object"),
            tab("object", w->objectView()));
    addGoTo(m_viewMenu, Qt::CTRL | Qt::Key_7, QT_TR_NOOP("&Journal"),
            tab("journal", w->journalView()));
    addGoTo(m_viewMenu, Qt::CTRL | Qt::Key_8, QT_TR_NOOP("H&andlers"),
            tab("handlers", w->handlersView()));
    addGoTo(m_viewMenu, Qt::CTRL | Qt::Key_9, QT_TR_NOOP("&Playground"), [w]() -> QWidget * {
        w->showView(QStringLiteral("playground"));
        return firstFocusable(w->playgroundPanel());
    });
    addGoTo(m_viewMenu, Qt::CTRL | Qt::Key_0, QT_TR_NOOP("&Timeline"),
            [w] { return static_cast<QWidget *>(w->timelineWidget()); });
    addGoTo(m_viewMenu, Qt::CTRL | Qt::Key_M, QT_TR_NOOP("&Simulator"), [w]() -> QWidget * {
        if (!w->showView(QStringLiteral("simulator")))
            return nullptr;
        return firstFocusable(w->findChild<SimulatorPanel *>());
    });
    m_viewMenu->addSeparator();
    // Ctrl+F filters the view the focus is in: the journal's search inside the journal panel,
    // else the indexer's filter.
    addGoTo(m_viewMenu, Qt::CTRL | Qt::Key_F, QT_TR_NOOP("&Filter the indexer"), [w] {
        const QWidget *focus = QApplication::focusWidget();
        if (focus && w->journalPanel()->isAncestorOf(focus))
            return static_cast<QWidget *>(w->journalPanel()->searchField());
        return static_cast<QWidget *>(w->indexerFilter());
    });
    addGoTo(m_viewMenu, Qt::CTRL | Qt::SHIFT | Qt::Key_F, QT_TR_NOOP("&Search the journal"),
            tab("journal", w->journalPanel()->searchField()));
    addGoTo(m_viewMenu, Qt::CTRL | Qt::Key_L, QT_TR_NOOP("&Label selector"),
            [w] { return static_cast<QWidget *>(w->labelSelectorEdit()); });
    m_viewMenu->addSeparator();
    m_live = m_viewMenu->addAction(QString());
    m_live->setObjectName(QStringLiteral("goLiveAction"));
    m_live->setShortcut(QKeySequence(Qt::Key_Escape));
    m_live->setShortcutContext(Qt::WindowShortcut);
    window->addAction(m_live);
    connect(m_live, &QAction::triggered, window, &MainWindow::goLive);

    m_help = m_helpMenu->addAction(QString());
    m_help->setObjectName(QStringLiteral("keyboardShortcutsAction"));
    m_help->setShortcut(QKeySequence(Qt::Key_F1));
    window->addAction(m_help);
    connect(m_help, &QAction::triggered, this, &KeyboardNavigation::showShortcutsDialog);

    // The timeline's keyboard selection travels and explains, as a click on the marker does.
    TimelineWidget *tl = window->timelineWidget();
    connect(tl, &TimelineWidget::markSelected, window, [w](quint64 seq) {
        w->travelToSeq(seq);
        w->explainSeq(seq);
    });

    window->installEventFilter(this);
    retranslate();
    updateTabOrder();
}

void KeyboardNavigation::addGoTo(QMenu *menu, QKeySequence key, const char *text,
                                 std::function<QWidget *()> target)
{
    QAction *a = menu->addAction(QString());
    a->setObjectName(QStringLiteral("goto-%1").arg(m_goTo.size()));
    a->setShortcut(key);
    a->setShortcutContext(Qt::WindowShortcut);
    m_window->addAction(a);
    connect(a, &QAction::triggered, this, [target] {
        if (QWidget *w = target())
            w->setFocus(Qt::ShortcutFocusReason);
    });
    m_goTo.append({a, text, std::move(target)});
}

void KeyboardNavigation::nameCornerButtons()
{
    // A table's corner button (select all) is a button too; Qt gives it no name.
    for (QTableView *t : m_window->findChildren<QTableView *>())
        for (QAbstractButton *b : t->findChildren<QAbstractButton *>(Qt::FindDirectChildrenOnly))
            if (QLatin1String(b->metaObject()->className()) == QLatin1String("QTableCornerButton"))
                b->setAccessibleName(tr("Select all rows"));
}

void KeyboardNavigation::retranslate()
{
    m_viewMenu->setTitle(tr("&View"));
    m_helpMenu->setTitle(tr("&Help"));
    for (const GoTo &g : std::as_const(m_goTo))
        g.action->setText(tr(g.text));
    m_live->setText(tr("&Return to Live"));
    m_help->setText(tr("&Keyboard shortcuts\u2026"));
    // Tabs and the tab bars: screen readers name the bar, then each tab by its text.
    for (const char *name : {"middleTabs", "rightTabs"}) {
        if (auto *t = m_window->findChild<QTabWidget *>(QString::fromLatin1(name))) {
            const QString n = QLatin1String(name) == QLatin1String("middleTabs")
                                  ? tr("Indices and object tabs")
                                  : tr("Journal, handlers, playground and simulator tabs");
            t->setAccessibleName(n);
            t->tabBar()->setAccessibleName(n);
        }
    }
    nameCornerButtons();
}

bool KeyboardNavigation::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::eventFilter(watched, event);
}

QList<KeyboardNavigation::Shortcut> KeyboardNavigation::shortcuts() const
{
    auto keys = [](QAction *a) { return a->shortcut().toString(QKeySequence::NativeText); };
    auto plain = [](QString t) { return t.remove(QLatin1Char('&')).remove(u'\u2026'); };
    QList<Shortcut> out;
    out.append({keys(m_window->runAction()), tr("Run the Pop pump")});
    out.append({keys(m_window->pauseAction()), tr("Pause the Pop pump (deltas pile up)")});
    out.append({keys(m_window->stepAction()), tr("Step: pop exactly one key")});
    if (QAction *sp = m_window->scenarioPauseAction())
        out.append({keys(sp), tr("Pause or resume the scenario")});
    if (QAction *mode = m_window->lessonModeAction()) {
        out.append({keys(mode), tr("Lesson mode on or off: the scenario one step at a time")});
        out.append({keys(m_window->lessonNextAction()),
                    tr("Lesson: Next (forward to the next step's moment, or play the next "
                       "step)")});
        out.append(
            {keys(m_window->lessonBackAction()), tr("Lesson: Back to the previous step's moment")});
    }
    for (const GoTo &g : m_goTo)
        out.append({keys(g.action), tr("Go to: %1").arg(plain(tr(g.text)))});
    out.append({keys(m_live), tr("Return from time travel to Live")});
    out.append({keys(m_help), tr("This list of shortcuts")});
    out.append({tr("Tab / Shift+Tab"), tr("Next / previous pane")});
    out.append({tr("Up / Down"), tr("In a table: select the next / previous row (as a click "
                                    "does: history, Explain and inspector follow)")});
    out.append({tr("Alt+letter"), tr("Open a menu by its underlined letter")});
    out.append({tr("Timeline: Left / Right"),
                tr("Select the previous / next marker; the views travel to it and Explain "
                   "says what it is")});
    out.append({tr("Timeline: Ctrl+Left / Ctrl+Right"),
                tr("Previous / next marker that is not a watch event (410, error, backoff, "
                   "resync, bookmark, HasSynced)")});
    out.append({tr("Timeline: Shift+Left / Shift+Right"),
                tr("Travel back / forward by one step of the time axis")});
    out.append({tr("Timeline: Home / End"), tr("First / last marker")});
    out.append({tr("Timeline: + / \u2212"), tr("Zoom in / out")});
    out.append({tr("Timeline: Enter"), tr("Select the key of the selected marker")});
    out.append({tr("Timeline: Up / Down, Space"),
                tr("With several informers: select an informer's header; fold or unfold its "
                   "lanes")});
    out.append(
        {tr("Timeline: PageUp / PageDown"), tr("Scroll the lanes when they do not all fit")});
    out.append({tr("Timeline: F"),
                tr("Follow the present again after the pointer made the view hold still")});
    return out;
}

void KeyboardNavigation::showShortcutsDialog()
{
    QDialog dlg(m_window);
    dlg.setObjectName(QStringLiteral("shortcutsDialog"));
    dlg.setWindowTitle(tr("Keyboard shortcuts"));
    auto *v = new QVBoxLayout(&dlg);
    const QList<Shortcut> all = shortcuts();
    auto *table = new QTableWidget(int(all.size()), 2, &dlg);
    table->setObjectName(QStringLiteral("shortcutsTable"));
    table->setAccessibleName(tr("Keyboard shortcuts"));
    table->setHorizontalHeaderLabels({tr("Keys"), tr("What it does")});
    table->verticalHeader()->setVisible(false);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setTabKeyNavigation(false);
    table->setWordWrap(true);
    for (int r = 0; r < all.size(); ++r) {
        table->setItem(r, 0, new QTableWidgetItem(all.at(r).keys));
        table->setItem(r, 1, new QTableWidgetItem(all.at(r).what));
    }
    table->resizeColumnToContents(0);
    table->horizontalHeader()->setStretchLastSection(true);
    table->resizeRowsToContents();
    v->addWidget(table);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dlg);
    buttons->button(QDialogButtonBox::Close)->setText(tr("Close"));
    connect(buttons, &QDialogButtonBox::rejected, &dlg, &QDialog::reject);
    v->addWidget(buttons);
    dlg.resize(760, 560);
    dlg.exec();
}

void KeyboardNavigation::updateTabOrder()
{
    MainWindow *w = m_window;
    nameCornerButtons();
    // Tables move with arrows and give Tab back; read-only text panes too.
    for (QAbstractItemView *v : w->findChildren<QAbstractItemView *>())
        v->setTabKeyNavigation(false);
    for (QTextEdit *t : w->findChildren<QTextEdit *>())
        t->setTabChangesFocus(true);
    for (QPlainTextEdit *t : w->findChildren<QPlainTextEdit *>())
        t->setTabChangesFocus(true);

    auto *middle = w->findChild<QTabWidget *>(QStringLiteral("middleTabs"));
    auto *right = w->findChild<QTabWidget *>(QStringLiteral("rightTabs"));
    QList<QWidget *> order;
    if (QComboBox *speed = w->scenarioSpeedBox())
        order << speed;
    order << w->queueView() << w->historyView() << w->captionView() << w->indexerFilter()
          << w->labelSelectorEdit() << w->indexerView();
    if (middle) {
        order << middle->tabBar() << w->namespaceView() << w->revealButton() << w->objectView();
    }
    if (right) {
        order << right->tabBar() << w->journalView()
              << w->findChild<QToolButton *>(QStringLiteral("addHandlerButton"))
              << w->handlersView() << w->notificationsView();
        order << focusablesIn(w->playgroundPanel());
        if (auto *sim = w->findChild<SimulatorPanel *>())
            order << focusablesIn(sim);
    }
    order << w->timelineWidget() << w->liveButton();
    order.removeAll(nullptr);
    for (int i = 1; i < order.size(); ++i)
        QWidget::setTabOrder(order.at(i - 1), order.at(i));
}

} // namespace lens
