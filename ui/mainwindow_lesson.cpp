// SPDX-License-Identifier: Apache-2.0
// MainWindow: lesson mode of a scenario (the Lesson tab, Back / Next through time travel, the
// caption pane's lesson line, the key a caption names selected), read from the journal.
#include "mainwindow.h"

#include "captionpane.h"
#include "i18n.h"
#include "indexerpanel.h"
#include "informerviews.h"
#include "keyboard.h"
#include "lens/indexermodel.h"
#include "lens/lensmodels.h"
#include "lens/lessontrack.h"
#include "lens/queuemodel.h"
#include "lens/waitmiss.h"
#include "lessonpanel.h"
#include "queuepanel.h"
#include "scenariotoolbar.h"
#include "trace/journal.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>

namespace lens {

namespace {
/// What the paused informers' queues hold at the moment shown: keys, and the Delta types among
/// them in the chips' words ("Replaced", "\u271D Deleted" for a tombstone), in a fixed order.
struct QueuedNow {
    int keys = 0;
    QStringList types;
};

QueuedNow queuedIn(const QList<LensModels *> &bodies, const QStringList &names,
                   const QStringList &informers)
{
    QueuedNow q;
    QSet<QString> seen;
    for (int i = 0; i < bodies.size(); ++i) {
        // names[i] is bodies[i]'s informer (a window of one informer has one body for all).
        if (!informers.contains(names.value(i, bodies.at(i)->informer())))
            continue;
        const QueueModel *queue = bodies.at(i)->queue();
        q.keys += queue->rowCount();
        for (int r = 0; r < queue->rowCount(); ++r)
            for (const Delta &d : queue->deltasAt(r))
                seen.insert(d.tombstone ? QStringLiteral("\u271D ") + deltaTypeName(d.type)
                                        : deltaTypeName(d.type));
    }
    for (const QString &t :
         {QStringLiteral("Replaced"), QStringLiteral("Added"), QStringLiteral("Updated"),
          QStringLiteral("Sync"), QStringLiteral("Deleted"), QStringLiteral("\u271D Deleted")})
        if (seen.contains(t))
            q.types << t;
    return q;
}

/// What the caption pane says of the Pop pumps at a lesson moment (from its lessonPause line)
/// and of what they hold: read from the paused informers' queues at that moment, so a step that
/// queued nothing is not said to have queued Replaced chips or tombstones.
QString lessonLineFor(const LessonTrack &t, const QList<LensModels *> &bodies,
                      const QStringList &names)
{
    if (!t.enabled)
        return {};
    if (!t.paused.isEmpty()) {
        const QueuedNow q = queuedIn(bodies, names, t.paused);
        if (q.keys == 0)
            return MainWindow::tr("Lesson: Pop of %1 is paused for the lesson; nothing is queued "
                                  "now. Next (F8) lets Pop run on and plays the next step.")
                .arg(t.paused.join(QLatin1String(", ")));
        return MainWindow::tr("Lesson: Pop of %1 is paused for the lesson, so what is queued "
                              "stays in the queue (%2: %3). Next (F8) lets Pop run on and plays "
                              "the next step.")
            .arg(t.paused.join(QLatin1String(", ")), MainWindow::tr("%n key(s)", nullptr, q.keys),
                 q.types.join(QLatin1String(", ")));
    }
    if (!t.held.isEmpty())
        return MainWindow::tr("Lesson: Pop of %1 stays paused, as the scenario paused it. Next "
                              "(F8) plays the next step.")
            .arg(t.held.join(QLatin1String(", ")));
    return MainWindow::tr("Lesson: Next (F8) plays the next step.");
}
} // namespace

void MainWindow::setLessonControls(LessonControls controls)
{
    if (m_lessonPanel)
        return; // one lesson per window
    m_lessonControls = std::move(controls);
    m_lessonMode = new QAction(this);
    m_lessonMode->setObjectName(QStringLiteral("lessonModeAction"));
    m_lessonMode->setCheckable(true);
    m_lessonMode->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_lessonBack = new QAction(this);
    m_lessonBack->setObjectName(QStringLiteral("lessonBackAction"));
    m_lessonBack->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F8));
    m_lessonNext = new QAction(this);
    m_lessonNext->setObjectName(QStringLiteral("lessonNextAction"));
    m_lessonNext->setShortcut(QKeySequence(Qt::Key_F8));
    for (QAction *a : {m_lessonMode, m_lessonBack, m_lessonNext})
        addAction(a); // the shortcuts work wherever the focus is
    connect(m_lessonMode, &QAction::triggered, this, [this](bool on) {
        if (m_lessonControls.setEnabled)
            m_lessonControls.setEnabled(on);
        if (on)
            m_rightTabs->setCurrentWidget(m_lessonPanel);
        refreshLesson();
    });
    connect(m_lessonBack, &QAction::triggered, this, &MainWindow::lessonBack);
    connect(m_lessonNext, &QAction::triggered, this, &MainWindow::lessonNext);
    if (m_scenarioBar) {
        // A row of its own: the scenario's title, its pace and the lesson's steps do not fit
        // beside the pump at 1600 px.
        insertToolBarBreak(m_scenarioBar);
        m_scenarioBar->addLessonActions(m_lessonMode, m_lessonBack, m_lessonNext);
    }

    QMenu *menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("lessonMenu"));
    menu->addActions({m_lessonMode, m_lessonBack, m_lessonNext});
    QAction *before = nullptr;
    for (QAction *a : menuBar()->actions())
        if (a->menu() && a->menu()->objectName() == QLatin1String("languageMenu"))
            before = a;
    menuBar()->insertMenu(before, menu);

    // The caption and what the lesson holds are read in the Explain pane: give it the room
    // of a few queue and key history rows.
    if (auto *left = qobject_cast<QSplitter *>(m_caption->parentWidget())) {
        QList<int> sizes = left->sizes();
        if (sizes.size() == 3 && sizes.at(0) > 200 && sizes.at(1) > 150) {
            sizes[0] -= 60; // from the queue's and the key history's spare rows
            sizes[1] -= 30;
            sizes[2] += 90;
            left->setSizes(sizes);
        }
    }
    m_lessonPanel = new LessonPanel(m_lessonBack, m_lessonNext, this);
    m_rightTabs->insertTab(1, m_lessonPanel, tr("Lesson"));
    connect(m_lessonPanel, &LessonPanel::captionChosen, this, [this](int index) {
        lessonGoTo(LessonTrack::fold(m_journal).positionOfCaption(index));
    });
    translated([this, menu] {
        menu->setTitle(tr("Less&on"));
        m_rightTabs->setTabText(m_rightTabs->indexOf(m_lessonPanel), tr("Lesson"));
        m_lessonMode->setText(tr("Lesson mode"));
        m_lessonMode->setToolTip(tr("Go through the scenario one step at a time, the Pop pump "
                                    "paused after each step (Ctrl+Shift+L)"));
        m_lessonBack->setText(tr("\u25C0 Back"));
        m_lessonBack->setToolTip(tr("Back to the previous step's moment: every view travels "
                                    "there (Shift+F8)"));
        m_lessonNext->setText(tr("Next \u25B6"));
        m_lessonNext->setToolTip(tr("Forward to the next step's moment; at the present, play "
                                    "the next step (F8)"));
    });

    // The lesson lines come with the scenario's: refresh once per event-loop turn.
    m_lessonTimer = new QTimer(this);
    m_lessonTimer->setSingleShot(true);
    m_lessonTimer->setInterval(0);
    connect(m_lessonTimer, &QTimer::timeout, this, &MainWindow::refreshLesson);
    connect(m_journal, &Journal::eventRecorded, this, [this](const TraceEvent &e) {
        if (e.component == QLatin1String("scenario") && !m_lessonTimer->isActive())
            m_lessonTimer->start();
    });
    // The lesson line says what the paused queues hold: it follows them.
    for (LensModels *b : std::as_const(m_bodies)) {
        const QueueModel *queue = b->queue();
        const auto refresh = qOverload<>(&QTimer::start);
        connect(queue, &QAbstractItemModel::rowsInserted, m_lessonTimer, refresh);
        connect(queue, &QAbstractItemModel::rowsRemoved, m_lessonTimer, refresh);
        connect(queue, &QAbstractItemModel::dataChanged, m_lessonTimer, refresh);
        connect(queue, &QAbstractItemModel::modelReset, m_lessonTimer, refresh);
    }
    m_keyboard->updateTabOrder();
    refreshLesson();
    if (LessonTrack::fold(m_journal).enabled)
        m_rightTabs->setCurrentWidget(m_lessonPanel);
}

QString MainWindow::translatedCaption(const QString &text) const
{
    return m_translateCaption ? m_translateCaption(text, currentLanguage()) : text;
}

void MainWindow::refreshLesson()
{
    if (!m_lessonPanel)
        return;
    const LessonTrack t = LessonTrack::fold(m_journal);
    const int position = t.positionAt(m_travelSeq);
    const bool live = m_travelSeq == 0;
    // A step whose waitFor did not happen: what was expected and what the journal showed.
    m_lessonPanel->setTrack(t, position, [this](const LessonTrack::CaptionLine &c) {
        return c.missed.isEmpty() ? translatedCaption(c.text) : WaitMiss::sentence(c.missed);
    });
    {
        const QSignalBlocker block(m_lessonMode);
        m_lessonMode->setChecked(t.enabled);
    }
    m_lessonMode->setEnabled(bool(m_lessonControls.setEnabled)); // not in a recording
    m_lessonBack->setEnabled(position > 0);
    m_lessonNext->setEnabled(!live || (t.enabled && !t.finished && bool(m_lessonControls.next)));
    // The caption pane says what the lesson holds at the moment shown.
    m_caption->setLessonLine(lessonLineFor(
        live ? t : LessonTrack::fold(m_journal, t.momentOf(position)), m_bodies, m_names));
    // A caption shown live in lesson mode: select the key it names (the caption stays shown).
    if (live && t.enabled && t.captions.size() > m_lessonCaptions &&
        !t.captions.constLast().key.isEmpty()) {
        selectLessonKey(t.captions.constLast().key);
        m_caption->showScenarioCaptionLine(t.captions.constLast().seq);
    }
    if (live)
        m_lessonCaptions = int(t.captions.size());
}

void MainWindow::lessonNext()
{
    if (!m_lessonPanel)
        return;
    if (m_travelSeq != 0) {
        const LessonTrack t = LessonTrack::fold(m_journal);
        lessonGoTo(qMin(t.positionAt(m_travelSeq) + 1, t.livePosition()));
        return;
    }
    if (m_lessonControls.next)
        m_lessonControls.next();
    refreshLesson();
}

void MainWindow::lessonBack()
{
    if (!m_lessonPanel)
        return;
    const LessonTrack t = LessonTrack::fold(m_journal);
    const int position = t.positionAt(m_travelSeq);
    if (position > 0)
        lessonGoTo(position - 1);
}

bool MainWindow::lessonGoTo(int position)
{
    const LessonTrack t = LessonTrack::fold(m_journal);
    if (!m_lessonPanel || position < 0 || position > t.livePosition())
        return false;
    travelToSeq(t.momentOf(position));
    if (const int c = t.captionAt(position); c >= 0) {
        // The key first: selecting it in the queue explains its Deltas; the caption is what
        // the lesson shows.
        selectLessonKey(t.captions.at(c).key);
        m_caption->showScenarioCaptionLine(t.captions.at(c).seq);
    }
    refreshLesson();
    return true;
}

void MainWindow::selectLessonKey(const QString &key)
{
    if (key.isEmpty())
        return;
    // The informer shown first; else the first whose queue or indexer holds the key.
    auto holds = [&key](LensModels *b) {
        b->settle();
        return b->queue()->rowOfKey(key) >= 0 || b->indexer()->rowOfKey(key) >= 0;
    };
    if (!holds(body()))
        for (int i = 0; i < m_bodies.size(); ++i)
            if (i != m_current && holds(m_bodies.at(i))) {
                setCurrentInformer(i);
                break;
            }
    InformerViews *v = views();
    v->selectKey(key);
    // Again where the key's history was already shown (after travel the rows are new).
    v->queue()->selectKey(key);
    v->indexer()->selectKey(key);
}

} // namespace lens
