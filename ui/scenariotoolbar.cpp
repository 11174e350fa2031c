// SPDX-License-Identifier: Apache-2.0
#include "scenariotoolbar.h"

#include "i18n.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QLabel>

namespace lens {

ScenarioToolBar::ScenarioToolBar(std::function<QString(const QString &lang)> title, double speed,
                                 std::function<void(bool paused)> setPaused,
                                 std::function<void(double speed)> setSpeed, QWidget *parent)
    : QToolBar(parent), m_title(std::move(title)), m_name(new QLabel(this))
{
    setObjectName(QStringLiteral("scenarioToolBar"));
    setMovable(false);
    setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_name->setObjectName(QStringLiteral("scenarioTitle"));
    m_name->setContentsMargins(8, 0, 8, 0);
    addWidget(m_name);
    m_pause = addAction(QString());
    m_pause->setObjectName(QStringLiteral("scenarioPauseAction"));
    m_pause->setCheckable(true);
    m_pause->setShortcut(QKeySequence(Qt::Key_F7));
    connect(m_pause, &QAction::toggled, this, [setPaused](bool on) { setPaused(on); });
    m_speed = new QComboBox(this);
    m_speed->setObjectName(QStringLiteral("scenarioSpeed"));
    // Speed 0 (`--at`, `--speed 0`) is no multiple: the next step runs as soon as it may.
    for (double x : {0.25, 0.5, 1.0, 2.0, 4.0, 8.0})
        m_speed->addItem(speedText(x), x);
    int at = m_speed->findData(speed);
    if (at < 0) {
        m_speed->addItem(speedText(speed), speed);
        at = m_speed->count() - 1;
    }
    m_speed->setCurrentIndex(at);
    connect(m_speed, &QComboBox::activated, this,
            [this, setSpeed](int i) { setSpeed(m_speed->itemData(i).toDouble()); });
    addWidget(m_speed);
    connect(m_pause, &QAction::toggled, this, [this](bool on) {
        m_pause->setText(on ? tr("Resume scenario") : tr("Pause scenario"));
    });
    retranslate();
}

void ScenarioToolBar::addLessonActions(QAction *mode, QAction *back, QAction *next)
{
    addSeparator();
    for (QAction *a : {mode, back, next})
        addAction(a);
}

QString ScenarioToolBar::speedText(double x)
{
    return x > 0 ? QStringLiteral("%1\u00D7").arg(x) : tr("fastest");
}

void ScenarioToolBar::retranslate()
{
    for (int i = 0; i < m_speed->count(); ++i)
        m_speed->setItemText(i, speedText(m_speed->itemData(i).toDouble()));
    setWindowTitle(tr("Scenario"));
    m_name->setText(tr("Scenario: %1").arg(m_title(currentLanguage())));
    m_pause->setText(m_pause->isChecked() ? tr("Resume scenario") : tr("Pause scenario"));
    m_pause->setToolTip(tr("Hold the scenario's clock and steps; the informer and the server go "
                           "on (F7)"));
    m_speed->setAccessibleName(tr("Scenario speed"));
    m_speed->setToolTip(tr("Scenario seconds per real second (fastest: each step as soon as "
                           "everything before it has happened)"));
}

void ScenarioToolBar::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QToolBar::changeEvent(e);
}

} // namespace lens
