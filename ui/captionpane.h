// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "panel.h"

#include <QPointer>

#include <functional>

class QTextBrowser;

namespace lens {

class Journal;
class LensModels;

/// The Explain pane: says why the selected thing happened, from the journal events that
/// recorded it (Caption): a journal event (explainSeq), a queued key's Deltas
/// (explainQueuedKey), or a scenario's caption. It never says anything of after the moment
/// the views show (time travel): atTravelPoint() re-explains or withdraws what was shown.
/// Texts are written again in the new language on a language change.
///
/// It keeps room for kMinimumLines lines of its font (a Chinese line stands taller, and holds
/// about twice the text of an English one), so a caption and the correction under it are read
/// without scrolling at 1280x800; paragraphs are set a third of a line apart, not Qt's 12 px.
class CaptionPane final : public Panel {
    Q_OBJECT
public:
    /// The lines of text the pane always has room for.
    static constexpr int kMinimumLines = 8;
    /// The height of one line of the pane's font (its line spacing).
    int lineHeight() const;

    explicit CaptionPane(Journal *journal, QWidget *parent = nullptr);

    /// The informer body whose queue a queued key is explained from (the one shown).
    void setBody(LensModels *body);
    /// The moment the views show (0 = live).
    void setTravelSeq(quint64 seq) { m_travelSeq = seq; }

    QTextBrowser *view() const { return m_view; }
    QString text() const;
    /// What is explained: a journal seq (0 = none), a queued key ("" = none), or the scenario
    /// caption.
    quint64 explainedSeq() const { return m_seq; }
    QString explainedKey() const { return m_key; }

    void explainSeq(quint64 seq);
    void explainQueuedKey(const QString &key);
    /// Shows a scenario caption: the journal's newest caption line with this text when there
    /// is one (then as showScenarioCaptionLine()), else the text as given.
    void showScenarioCaption(const QString &text);
    /// Shows the scenario caption journal line `seq` (component "scenario", type "caption"): its
    /// text in the window's language, or for a step whose waitFor did not happen, what was
    /// expected and what the journal showed (WaitMiss). While travelling, never one recorded
    /// after the moment shown: the newest at or before it instead.
    void showScenarioCaptionLine(quint64 seq);
    /// The caption line shown (0 = none, or a caption shown by its text alone).
    quint64 scenarioCaptionSeq() const { return m_captionSeq; }
    /// Lesson mode: a line shown under the scenario caption (e.g. that the Pop pump is paused
    /// for the lesson); "" = none. Shown again with the next caption too.
    void setLessonLine(const QString &line);
    QString lessonLine() const { return m_lessonLine; }
    /// How a scenario caption is shown in another language (the scenario's own translations).
    void setScenarioCaptionTranslation(
        std::function<QString(const QString &caption, const QString &lang)> translate);
    /// After travelling: explains again what was explained, as of the moment shown, or
    /// withdraws an event recorded after it. A scenario caption shown moves with the travel:
    /// the newest caption line at or before the moment shown (live: the newest).
    void atTravelPoint();
    /// The queue changed: a queued key's explanation follows its row (Deltas growing, popped).
    void queueChanged();

protected:
    void retranslate() override;
    void changeEvent(QEvent *event) override;

private:
    void showHint();
    /// The newest scenario caption line at or before `upTo` (0 = any); 0 = none.
    quint64 captionLineAt(quint64 upTo) const;
    /// Renders the scenario caption `text` (with the lesson line).
    void renderScenarioCaption(const QString &text);
    /// The view's minimum height: kMinimumLines lines and the document's margins.
    void keepMinimumLines();

    QPointer<Journal> m_journal;
    QPointer<LensModels> m_body;
    QTextBrowser *m_view;
    quint64 m_travelSeq = 0;
    quint64 m_seq = 0;         // what the caption explains: a journal seq …
    QString m_key;             // … or a queued key …
    QString m_scenarioCaption; // … or a scenario's caption
    quint64 m_captionSeq = 0;  // its journal line (0 = shown by text alone)
    QString m_lessonLine;
    std::function<QString(const QString &, const QString &)> m_translateCaption;
};

} // namespace lens
