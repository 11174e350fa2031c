// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "lens/lessontrack.h"
#include "panel.h"

#include <functional>

class QLabel;
class QListWidget;
class QToolButton;
class QAction;

namespace lens {

/// The Lesson tab (lesson mode of a scenario): where the lesson stands ("Step 3 of 11", the
/// Pop pump held for the lesson, or "lesson mode is off"), Back and Next, and the caption
/// history: every caption shown so far, with the step that showed it; the one of the moment
/// shown is selected. Clicking (or Return on) a caption asks to go to its step
/// (captionChosen). Everything shown comes from a LessonTrack (the journal's lesson lines).
class LessonPanel final : public Panel {
    Q_OBJECT
public:
    /// `back` and `next` are the window's actions (shown as buttons in the header).
    LessonPanel(QAction *back, QAction *next, QWidget *parent = nullptr);

    /// Shows `track` at `position` (LessonTrack positions; the live end = livePosition()).
    /// `text` gives a caption line's text in the window's language.
    void setTrack(const LessonTrack &track, int position,
                  const std::function<QString(const LessonTrack::CaptionLine &)> &text);
    QListWidget *history() const { return m_history; }
    QString stateText() const;

Q_SIGNALS:
    /// The learner chose caption `index` of the track shown.
    void captionChosen(int index);

protected:
    void retranslate() override;

private:
    void render();

    QLabel *m_state;
    QListWidget *m_history;
    QToolButton *m_back;
    QToolButton *m_next;
    LessonTrack m_track;
    int m_position = 0;
    std::function<QString(const LessonTrack::CaptionLine &)> m_text;
    bool m_rendering = false;
};

} // namespace lens
