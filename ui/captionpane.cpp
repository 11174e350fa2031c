// SPDX-License-Identifier: Apache-2.0
#include "captionpane.h"

#include "i18n.h"
#include "lens/caption.h"
#include "lens/format.h"
#include "lens/lensmodels.h"
#include "lens/queuemodel.h"
#include "lens/waitmiss.h"
#include "trace/journal.h"

#include <QEvent>
#include <QTextBrowser>
#include <QTextDocument>

#include <algorithm>

namespace lens {

CaptionPane::CaptionPane(Journal *journal, QWidget *parent)
    : Panel(QString(), nullptr, parent), m_journal(journal), m_view(new QTextBrowser(this))
{
    m_view->setObjectName(QStringLiteral("captionView"));
    m_view->setOpenLinks(false);
    m_view->setFrameShape(QFrame::NoFrame);
    // Paragraphs a line apart, not Qt's 12 px above and below each: the pane's height is for
    // the explanation's lines.
    m_view->document()->setDefaultStyleSheet(
        QStringLiteral("p { margin-top: 0px; margin-bottom: 6px; }"));
    addContent(m_view, 1);
    retranslate();
    keepMinimumLines();
}

int CaptionPane::lineHeight() const
{
    return m_view->fontMetrics().lineSpacing();
}

void CaptionPane::keepMinimumLines()
{
    const int margins = 2 * int(m_view->document()->documentMargin()) + 2 * m_view->frameWidth();
    m_view->setMinimumHeight(kMinimumLines * lineHeight() + margins);
}

void CaptionPane::changeEvent(QEvent *event)
{
    Panel::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::LanguageChange)
        keepMinimumLines();
}

void CaptionPane::setBody(LensModels *body)
{
    m_body = body;
}

QString CaptionPane::text() const
{
    return m_view->toPlainText();
}

void CaptionPane::explainSeq(quint64 seq)
{
    if (!m_journal || seq == 0)
        return;
    m_seq = seq;
    m_key.clear();
    m_scenarioCaption.clear();
    m_captionSeq = 0;
    const auto &ev = m_journal->events();
    auto it = std::lower_bound(ev.begin(), ev.end(), seq,
                               [](const TraceEvent &e, quint64 s) { return e.seq < s; });
    if (it == ev.end() || it->seq != seq) {
        m_view->setHtml(
            QStringLiteral("<p>%1</p>")
                .arg(
                    tr("Event %1 is no longer retained by the journal.").arg(seq).toHtmlEscaped()));
        return;
    }
    m_view->setHtml(Caption::forEvent(*it, m_journal, m_travelSeq));
    setSubtitle(tr("journal event %1 · %2").arg(seq).arg(formatTimeMs(it->t)));
}

void CaptionPane::showHint()
{
    m_view->setHtml(QStringLiteral("<p>%1</p>")
                        .arg(tr("Select a journal event, a key history row, a handler "
                                "notification, a timeline marker or a queued key: this pane "
                                "explains it.")
                                 .toHtmlEscaped()));
}

void CaptionPane::atTravelPoint()
{
    // A scenario caption shown: the one of the newest step at or before the moment shown.
    if (m_seq == 0 && m_key.isEmpty() && !m_scenarioCaption.isEmpty()) {
        if (const quint64 line = captionLineAt(m_travelSeq); line != 0) {
            showScenarioCaptionLine(line);
        } else {
            m_captionSeq = 0;
            m_view->setHtml(QStringLiteral("<p><b>%1</b></p><p>%2</p>")
                                .arg(tr("Scenario").toHtmlEscaped(),
                                     tr("No caption yet at this moment.").toHtmlEscaped()));
            setSubtitle(tr("scenario caption"));
        }
        return;
    }
    // Explain says nothing of after the moment shown: not an event recorded later, nor a key's
    // Deltas as they were queued at another moment (they are explained again as queued now).
    const bool later = m_travelSeq != 0 && m_seq > m_travelSeq;
    if (!later && m_seq != 0) {
        explainSeq(m_seq); // again, looking at nothing after the moment shown
        return;
    }
    if (!later && m_key.isEmpty())
        return;
    const QString key = m_key;
    m_seq = 0;
    m_key.clear();
    setSubtitle(QString());
    showHint();
    if (!key.isEmpty())
        explainQueuedKey(key); // when the key is queued at this moment
}

void CaptionPane::queueChanged()
{
    if (m_seq == 0 && !m_key.isEmpty())
        explainQueuedKey(m_key);
}

void CaptionPane::explainQueuedKey(const QString &key)
{
    m_seq = 0;
    m_key = key;
    m_scenarioCaption.clear();
    m_captionSeq = 0;
    const QueueModel *queue = m_body ? m_body->queue() : nullptr;
    const int row = queue ? queue->rowOfKey(key) : -1;
    if (row >= 0) {
        m_view->setHtml(Caption::forDeltas(key, queue->deltasAt(row), queue->queueMode()));
        setSubtitle(tr("queued key %1").arg(key));
        return;
    }
    // Popped (or never queued at the moment the views show): say so, from the journal, up to
    // the moment shown (time travel shows nothing after it).
    const quint64 upTo = queue ? queue->foldedUpTo() : m_travelSeq;
    const QString informer = m_body ? m_body->informer() : QString();
    const TraceEvent *pop = nullptr;
    if (m_journal)
        for (auto it = m_journal->events().rbegin(); it != m_journal->events().rend(); ++it)
            if ((upTo == 0 || it->seq <= upTo) && it->kind == TraceKind::FifoPopped &&
                it->key == key && (informer.isEmpty() || it->informer == informer)) {
                pop = &*it;
                break;
            }
    QString html =
        QStringLiteral("<p><b>%1</b></p>").arg(tr("%1 is not queued").arg(key).toHtmlEscaped());
    if (pop)
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("Pop handed its Deltas to HandleDeltas at %1 (journal event %2).")
                             .arg(formatTimeMs(pop->t))
                             .arg(pop->seq)
                             .toHtmlEscaped());
    m_view->setHtml(html);
    setSubtitle(tr("key %1").arg(key));
}

void CaptionPane::setScenarioCaptionTranslation(
    std::function<QString(const QString &caption, const QString &lang)> translate)
{
    m_translateCaption = std::move(translate);
}

quint64 CaptionPane::captionLineAt(quint64 upTo) const
{
    if (!m_journal)
        return 0;
    const auto &events = m_journal->events();
    for (auto it = events.rbegin(); it != events.rend(); ++it)
        if ((upTo == 0 || it->seq <= upTo) && it->kind == TraceKind::Info &&
            it->type == QLatin1String("caption") && it->component == QLatin1String("scenario"))
            return it->seq;
    return 0;
}

void CaptionPane::showScenarioCaption(const QString &text)
{
    if (m_journal) {
        // Its journal line: the newest caption line that says this (just recorded, live).
        const auto &events = m_journal->events();
        for (auto it = events.rbegin(); it != events.rend(); ++it)
            if (it->kind == TraceKind::Info && it->type == QLatin1String("caption") &&
                it->component == QLatin1String("scenario") &&
                it->detail.value(QLatin1String("message")).toString() == text) {
                showScenarioCaptionLine(it->seq);
                return;
            }
    }
    m_captionSeq = 0;
    renderScenarioCaption(text);
}

void CaptionPane::showScenarioCaptionLine(quint64 seq)
{
    if (!m_journal)
        return;
    if (m_travelSeq != 0 && seq > m_travelSeq)
        seq = captionLineAt(m_travelSeq); // nothing of after the moment shown
    const auto &ev = m_journal->events();
    auto it = std::lower_bound(ev.begin(), ev.end(), seq,
                               [](const TraceEvent &e, quint64 s) { return e.seq < s; });
    if (seq == 0 || it == ev.end() || it->seq != seq)
        return;
    m_captionSeq = seq;
    const QString message = it->detail.value(QLatin1String("message")).toString();
    if (WaitMiss::isMiss(it->detail))
        renderScenarioCaption(WaitMiss::sentence(it->detail));
    else
        renderScenarioCaption(m_translateCaption ? m_translateCaption(message, currentLanguage())
                                                 : message);
}

void CaptionPane::renderScenarioCaption(const QString &text)
{
    m_seq = 0;
    m_key.clear();
    m_scenarioCaption = text;
    QString html = QStringLiteral("<p><b>%1</b></p><p>%2</p>")
                       .arg(tr("Scenario").toHtmlEscaped(), text.toHtmlEscaped());
    if (!m_lessonLine.isEmpty())
        html += QStringLiteral("<p><i>%1</i></p>").arg(m_lessonLine.toHtmlEscaped());
    m_view->setHtml(html);
    setSubtitle(tr("scenario caption"));
}

void CaptionPane::setLessonLine(const QString &line)
{
    if (line == m_lessonLine)
        return;
    m_lessonLine = line;
    if (m_seq == 0 && m_key.isEmpty() && !m_scenarioCaption.isEmpty())
        renderScenarioCaption(m_scenarioCaption);
}

void CaptionPane::retranslate()
{
    setTitle(tr("Explain"));
    m_view->setAccessibleName(tr("Explanation of the selection"));
    // The caption itself is in the language of the moment it was written: write it again.
    if (m_seq)
        explainSeq(m_seq);
    else if (!m_key.isEmpty())
        explainQueuedKey(m_key);
    else if (m_captionSeq != 0)
        showScenarioCaptionLine(m_captionSeq);
    else if (!m_scenarioCaption.isEmpty())
        renderScenarioCaption(m_translateCaption
                                  ? m_translateCaption(m_scenarioCaption, currentLanguage())
                                  : m_scenarioCaption);
    else
        showHint();
}

} // namespace lens
