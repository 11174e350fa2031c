// SPDX-License-Identifier: Apache-2.0
#include "lessonpanel.h"

#include <QAction>
#include <QLabel>
#include <QListWidget>
#include <QToolButton>

namespace lens {

LessonPanel::LessonPanel(QAction *back, QAction *next, QWidget *parent)
    : Panel(QString(), nullptr, parent), m_state(new QLabel(this)),
      m_history(new QListWidget(this)), m_back(new QToolButton(this)), m_next(new QToolButton(this))
{
    setObjectName(QStringLiteral("lessonPanel"));
    m_back->setDefaultAction(back);
    m_next->setDefaultAction(next);
    m_back->setObjectName(QStringLiteral("lessonBackButton"));
    m_next->setObjectName(QStringLiteral("lessonNextButton"));
    addHeaderWidget(m_back);
    addHeaderWidget(m_next);
    m_state->setObjectName(QStringLiteral("lessonState"));
    m_state->setWordWrap(true);
    m_state->setTextFormat(Qt::PlainText);
    m_state->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    addContent(m_state);
    m_history->setObjectName(QStringLiteral("lessonHistory"));
    m_history->setWordWrap(true);
    m_history->setAlternatingRowColors(true);
    m_history->setUniformItemSizes(false);
    m_history->setTextElideMode(Qt::ElideNone);
    m_history->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_history->setResizeMode(QListView::Adjust);
    addContent(m_history, 1);
    auto chosen = [this](QListWidgetItem *item) {
        if (!m_rendering && item)
            Q_EMIT captionChosen(m_history->row(item));
    };
    connect(m_history, &QListWidget::itemClicked, this, chosen);
    connect(m_history, &QListWidget::itemActivated, this, chosen);
    retranslate();
}

void LessonPanel::setTrack(const LessonTrack &track, int position,
                           const std::function<QString(const LessonTrack::CaptionLine &)> &text)
{
    m_track = track;
    m_position = position;
    m_text = text;
    render();
}

QString LessonPanel::stateText() const
{
    return m_state->text();
}

void LessonPanel::render()
{
    m_rendering = true;
    const LessonTrack &t = m_track;
    const bool live = m_position >= t.livePosition();
    const int step = t.stepNumberAt(m_position);
    QString state;
    if (!t.enabled && t.steps.isEmpty())
        state = tr("Lesson mode is off: the scenario plays at its speed. Turn it on to go "
                   "through the scenario one step at a time.");
    else if (step == 0)
        state = tr("Before the first step. Next plays step 1 of %1.").arg(t.stepCount);
    else if (const int last = t.lastStepNumberAt(m_position); last > step)
        state = tr("Steps %1\u2013%2 of %3").arg(step).arg(last).arg(t.stepCount);
    else
        state = tr("Step %1 of %2").arg(step).arg(t.stepCount);
    if (!live)
        state += QStringLiteral(" \u00B7 ") + tr("an earlier moment: Next goes forward");
    else if (t.finished)
        state += QStringLiteral(" \u00B7 ") + tr("the scenario has played every step");
    else if (!t.enabled && !t.steps.isEmpty())
        state += QStringLiteral(" \u00B7 ") + tr("lesson mode is off: the scenario plays on");
    m_state->setText(state);
    setSubtitle(tr("%n caption(s)", nullptr, int(t.captions.size())));

    const int current = t.captionAt(m_position);
    // Rows are updated in place: a click on one may be what brought us here.
    while (m_history->count() > t.captions.size())
        delete m_history->takeItem(m_history->count() - 1);
    for (int i = 0; i < t.captions.size(); ++i) {
        const LessonTrack::CaptionLine &c = t.captions.at(i);
        const QString text = m_text ? m_text(c) : c.text;
        QListWidgetItem *item = m_history->item(i);
        if (!item)
            item = new QListWidgetItem(m_history);
        item->setText(c.step >= 0 ? tr("Step %1 \u00B7 %2").arg(c.step + 1).arg(text) : text);
        item->setForeground(palette().color(QPalette::Text));
        item->setToolTip(c.key.isEmpty() ? text : tr("%1\nKey: %2").arg(text, c.key));
        // Captions after the moment shown are there to go forward to, dimmed.
        if (!live && c.seq > t.momentOf(m_position))
            item->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
    }
    if (current >= 0) {
        m_history->setCurrentRow(current);
        m_history->scrollToItem(m_history->item(current));
    }
    m_rendering = false;
}

void LessonPanel::retranslate()
{
    setTitle(tr("Lesson"));
    m_history->setAccessibleName(tr("Caption history: click a caption to go back to its step"));
    m_state->setAccessibleName(tr("Where the lesson stands"));
    render();
}

} // namespace lens
