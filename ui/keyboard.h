// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QKeySequence>
#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>

class QAction;
class QMenu;
class QWidget;

namespace lens {

class MainWindow;

/// Full keyboard use of the Informer Lens window (issue 5 item 10):
///
///  * a **View** menu whose actions bring a view forward and give it the focus: Ctrl+1 queue,
///    Ctrl+2 key history, Ctrl+3 Explain, Ctrl+4 indexer, Ctrl+5 Indices, Ctrl+6 Object,
///    Ctrl+7 Journal, Ctrl+8 Handlers, Ctrl+9 Playground, Ctrl+0 timeline, Ctrl+M Simulator;
///    Ctrl+F the indexer's text filter (the journal's search while the focus is in the
///    journal), Ctrl+Shift+F the journal's search, Ctrl+L the indexer's label selector; Esc
///    returns from time travel to Live (in the journal it first clears an active filter);
///  * a **Help** menu with "Keyboard shortcuts" (F1): a dialog listing every shortcut (the
///    pump's F5/F6/F10 and the scenario's F7 included) and the timeline's keys;
///  * Tab / Shift+Tab move the focus through the panes left to right, top to bottom (queue,
///    key history, Explain, indexer filters, indexer, middle tabs, right tabs, timeline, Live);
///    tables give up Tab (arrows move inside them) and the read-only text panes too;
///  * the timeline's keyboard selection (TimelineWidget::markSelected) makes the views travel
///    to that journal event and explains it, as a click on the marker does.
///
/// Arrow keys in the queue, key history, indexer, journal and handler views move the current
/// row, which propagates exactly as a click does (the window follows currentRowChanged).
/// Texts are translated (context "lens::KeyboardNavigation") and re-applied on a language
/// change. Owned by the window; construct it after the window's widgets exist.
class KeyboardNavigation final : public QObject {
    Q_OBJECT
public:
    explicit KeyboardNavigation(MainWindow *window);

    /// One line of the shortcuts dialog: the keys as shown ("Ctrl+1", "Left / Right") and
    /// what they do (translated).
    struct Shortcut {
        QString keys;
        QString what;
    };
    /// Every shortcut of the window, window-wide ones first, then the timeline's keys.
    QList<Shortcut> shortcuts() const;

    /// Opens the Help → Keyboard shortcuts dialog (modal); returns when it is closed.
    void showShortcutsDialog();

    /// Re-applies the Tab order; the window calls it after adding a tab or a toolbar
    /// (setSimulator, setScenarioControls).
    void updateTabOrder();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct GoTo {
        QAction *action;
        const char *text; // QT_TR_NOOP
        std::function<QWidget *()> target;
    };
    void addGoTo(QMenu *menu, QKeySequence key, const char *text,
                 std::function<QWidget *()> target);
    void retranslate();
    void nameCornerButtons();

    MainWindow *m_window;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QAction *m_live = nullptr;
    QAction *m_help = nullptr;
    QList<GoTo> m_goTo;
};

} // namespace lens
