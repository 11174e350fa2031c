// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QToolBar>

#include <functional>

class QAction;
class QComboBox;
class QLabel;

namespace lens {

/// The scenario bar: the scenario's title (in the window's language), "Pause scenario" (F7:
/// holds the scenario's clock and steps; the informer and the server go on) and the speed
/// (scenario seconds per real second; "fastest" for 0).
class ScenarioToolBar final : public QToolBar {
    Q_OBJECT
public:
    /// `title(lang)` gives the title in a language; `setPaused` and `setSpeed` act on the
    /// scenario player.
    ScenarioToolBar(std::function<QString(const QString &lang)> title, double speed,
                    std::function<void(bool paused)> setPaused,
                    std::function<void(double speed)> setSpeed, QWidget *parent = nullptr);

    QAction *pauseAction() const { return m_pause; }
    /// Lesson mode: adds the window's Lesson mode, Back and Next actions after the speed.
    void addLessonActions(QAction *mode, QAction *back, QAction *next);
    QComboBox *speedBox() const { return m_speed; }

protected:
    void changeEvent(QEvent *e) override;

private:
    void retranslate();
    static QString speedText(double x);

    std::function<QString(const QString &)> m_title;
    QLabel *m_name;
    QAction *m_pause;
    QComboBox *m_speed;
};

} // namespace lens
