// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

#include "i18n.h"
#include "keyboard.h"
#include "lens/caption.h"
#include "lens/format.h"
#include "lens/keyhistorymodel.h"
#include "lens/queuemodel.h"
#include "panel.h"
#include "trace/journal.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QTableView>
#include <QTextBrowser>
#include <QToolBar>

#include <algorithm>

namespace lens {

void MainWindow::explainSeq(quint64 seq)
{
    if (!m_journal || seq == 0)
        return;
    m_captionSeq = seq;
    m_captionKey.clear();
    const auto &ev = m_journal->events();
    auto it = std::lower_bound(ev.begin(), ev.end(), seq,
                               [](const TraceEvent &e, quint64 s) { return e.seq < s; });
    if (it == ev.end() || it->seq != seq) {
        m_caption->setHtml(
            QStringLiteral("<p>%1</p>")
                .arg(
                    tr("Event %1 is no longer retained by the journal.").arg(seq).toHtmlEscaped()));
        return;
    }
    m_caption->setHtml(Caption::forEvent(*it, m_journal, m_travelSeq));
    m_captionPanel->setSubtitle(tr("journal event %1 · %2").arg(seq).arg(formatTimeMs(it->t)));
}

void MainWindow::showCaptionHint()
{
    m_caption->setHtml(QStringLiteral("<p>%1</p>")
                           .arg(tr("Select a journal event, a key history row, a handler "
                                   "notification, a timeline marker or a queued key: this pane "
                                   "explains it.")
                                    .toHtmlEscaped()));
}

void MainWindow::explainAtTravelPoint()
{
    // Explain says nothing of after the moment shown: not an event recorded later, nor a key's
    // Deltas as they were queued at another moment (they are explained again as queued now).
    const bool later = m_travelSeq != 0 && m_captionSeq > m_travelSeq;
    if (!later && m_captionSeq != 0) {
        explainSeq(m_captionSeq); // again, looking at nothing after the moment shown
        return;
    }
    if (!later && m_captionKey.isEmpty())
        return;
    const QString key = m_captionKey;
    m_captionSeq = 0;
    m_captionKey.clear();
    m_captionPanel->setSubtitle(QString());
    showCaptionHint();
    if (!key.isEmpty())
        explainQueuedKey(key); // when the key is queued at this moment
}

void MainWindow::explainQueuedKey(const QString &key)
{
    m_captionSeq = 0;
    m_captionKey = key;
    const int row = m_queue->rowOfKey(key);
    if (row >= 0) {
        m_caption->setHtml(Caption::forDeltas(key, m_queue->deltasAt(row), m_queue->queueMode()));
        m_captionPanel->setSubtitle(tr("queued key %1").arg(key));
        return;
    }
    // Popped (or never queued at the moment the views show): say so, from the journal, up to
    // the moment shown (time travel shows nothing after it).
    const quint64 upTo = m_queue->foldedUpTo();
    const TraceEvent *pop = nullptr;
    if (m_journal)
        for (auto it = m_journal->events().rbegin(); it != m_journal->events().rend(); ++it)
            if ((upTo == 0 || it->seq <= upTo) && it->kind == TraceKind::FifoPopped &&
                it->key == key) {
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
    m_caption->setHtml(html);
    m_captionPanel->setSubtitle(tr("key %1").arg(key));
}

void MainWindow::queueRowsLeft()
{
    // The key Pop took had the queue view's current row: Qt moved it to the next key. Stay on
    // the key (its history and explanation) and leave the queue view without a current row.
    const QString key = m_history->key();
    if (!key.isEmpty() && m_queue->rowOfKey(key) < 0 && m_queueView->currentIndex().isValid()) {
        const QSignalBlocker block(m_queueView->selectionModel());
        m_queueView->selectionModel()->clear();
        m_queueView->viewport()->update();
    }
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
    if (m_scenarioPause)
        return; // one scenario per window
    QToolBar *tb = addToolBar(QString());
    tb->setObjectName(QStringLiteral("scenarioToolBar"));
    tb->setMovable(false);
    tb->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto *name = new QLabel(tb);
    name->setObjectName(QStringLiteral("scenarioTitle"));
    name->setContentsMargins(8, 0, 8, 0);
    tb->addWidget(name);
    m_scenarioPause = tb->addAction(QString());
    m_scenarioPause->setObjectName(QStringLiteral("scenarioPauseAction"));
    m_scenarioPause->setCheckable(true);
    m_scenarioPause->setShortcut(QKeySequence(Qt::Key_F7));
    connect(m_scenarioPause, &QAction::toggled, this, [setPaused](bool on) { setPaused(on); });
    m_scenarioSpeed = new QComboBox(tb);
    m_scenarioSpeed->setObjectName(QStringLiteral("scenarioSpeed"));
    // Speed 0 (`--at`, `--speed 0`) is no multiple: the next step runs as soon as it may.
    const auto speedText = [](double x) {
        return x > 0 ? QStringLiteral("%1\u00D7").arg(x) : tr("fastest");
    };
    for (double x : {0.25, 0.5, 1.0, 2.0, 4.0, 8.0})
        m_scenarioSpeed->addItem(speedText(x), x);
    int at = m_scenarioSpeed->findData(speed);
    if (at < 0) {
        m_scenarioSpeed->addItem(speedText(speed), speed);
        at = m_scenarioSpeed->count() - 1;
    }
    m_scenarioSpeed->setCurrentIndex(at);
    connect(m_scenarioSpeed, &QComboBox::activated, this,
            [this, setSpeed](int i) { setSpeed(m_scenarioSpeed->itemData(i).toDouble()); });
    tb->addWidget(m_scenarioSpeed);
    translated([this, tb, name, title, speedText] {
        for (int i = 0; i < m_scenarioSpeed->count(); ++i)
            m_scenarioSpeed->setItemText(i, speedText(m_scenarioSpeed->itemData(i).toDouble()));
        tb->setWindowTitle(tr("Scenario"));
        name->setText(tr("Scenario: %1").arg(title(currentLanguage())));
        m_scenarioPause->setText(m_scenarioPause->isChecked() ? tr("Resume scenario")
                                                              : tr("Pause scenario"));
        m_scenarioPause->setToolTip(tr("Hold the scenario's clock and steps; the informer and "
                                       "the server go on (F7)"));
        m_scenarioSpeed->setAccessibleName(tr("Scenario speed"));
        m_scenarioSpeed->setToolTip(tr("Scenario seconds per real second (fastest: each step as "
                                       "soon as everything before it has happened)"));
    });
    connect(m_scenarioPause, &QAction::toggled, this, [this](bool on) {
        m_scenarioPause->setText(on ? tr("Resume scenario") : tr("Pause scenario"));
    });
    m_keyboard->updateTabOrder();
}

void MainWindow::setScenarioCaptionTranslation(
    std::function<QString(const QString &caption, const QString &lang)> translate)
{
    m_translateCaption = std::move(translate);
}

void MainWindow::showScenarioCaption(const QString &text)
{
    m_captionSeq = 0;
    m_captionKey.clear();
    m_scenarioCaption = text;
    m_caption->setHtml(QStringLiteral("<p><b>%1</b></p><p>%2</p>")
                           .arg(tr("Scenario").toHtmlEscaped(), text.toHtmlEscaped()));
    m_captionPanel->setSubtitle(tr("scenario caption"));
}

QString MainWindow::captionText() const
{
    return m_caption->toPlainText();
}

} // namespace lens
