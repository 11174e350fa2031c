// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace lens {

class Journal;

/// A scenario's lesson as its journal lines tell it (component "scenario"; written by the
/// Lesson and the ScenarioBinding in core/session): whether lesson mode is on, each Next
/// ("lessonStep"), each caption with its step and the key it names, and the Pop pause after
/// the last step. The window's lesson bar, caption history and Back/Next travel read it, so a
/// recording and time travel show the lesson as it was.
///
/// Positions: position `p` (0 … steps.size()) is the moment after `p` Nexts, just before Next
/// number p+1 was pressed; the last position is the live end. Nothing is reported as an error:
/// a journal without lesson lines gives an empty track.
struct LessonTrack {
    /// One Next: the lessonStep line and the steps it let run (0-based, inclusive).
    struct Step {
        quint64 seq = 0;
        int first = 0;
        int last = 0;
    };
    /// One caption shown: its line, the step that showed it (0-based; -1 when not recorded),
    /// its text as shown and the key it names ("" = none). `missed`: for a step whose waitFor
    /// did not happen, the line's facts (WaitMiss: WaitMiss::sentence() says them in the
    /// window's language); empty otherwise.
    struct CaptionLine {
        quint64 seq = 0;
        int step = -1;
        QString text;
        QString key;
        QJsonObject missed;
    };

    bool enabled = false; ///< lesson mode, as the last "lesson" line says
    int stepCount = 0;    ///< the scenario's steps ("started" line)
    bool finished = false;
    QList<Step> steps;
    QList<CaptionLine> captions;
    /// The last lessonPause line, when no Next came after it: the pumps the lesson paused and
    /// those the scenario had paused itself (empty when the pumps are not held for the lesson).
    QStringList paused;
    QStringList held;

    /// Folds the journal's lesson lines recorded up to `upTo` (0 = every line).
    static LessonTrack fold(const Journal *journal, quint64 upTo = 0);

    /// The live end's position (steps.size()).
    int livePosition() const { return int(steps.size()); }
    /// The seq position `p` shows: 0 for the live end, else the line before Next number p+1
    /// (at least 1).
    quint64 momentOf(int position) const;
    /// The position a travel to `seq` shows (0 = live: the live end): Nexts recorded at or
    /// before it.
    int positionAt(quint64 seq) const;
    /// The position a caption belongs to: Nexts recorded before it.
    int positionOfCaption(int captionIndex) const;
    /// The index of the last caption shown at or before position `p`'s moment; -1 = none.
    int captionAt(int position) const;
    /// The first step number (1-based) position `p` has played, 0 before the first Next.
    int stepNumberAt(int position) const;
    /// The last step number (1-based) position `p` has played (a Next may play several steps
    /// at one time), 0 before the first Next.
    int lastStepNumberAt(int position) const;
};

} // namespace lens
