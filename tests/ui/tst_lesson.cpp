// SPDX-License-Identifier: Apache-2.0
// Lesson mode: the window-tour scenario played one step at a time with Next (F8) and Back
// (Shift+F8), the Pop pump paused after each step, the caption history growing and taking the
// views back to a caption's step, and the key a caption names selected.

#include "captionpane.h"
#include "informer/controller.h"
#include "informer/sharedinformer.h"
#include "lens/journalfile.h"
#include "lens/keyhistorymodel.h"
#include "lens/lessontrack.h"
#include "lens/queuemodel.h"
#include "lessonpanel.h"
#include "mainwindow.h"
#include "recordreplay.h"
#include "scenariotoolbar.h"
#include "session/lesson.h"
#include "session/session.h"
#include "sim/scenarioplayer.h"

#include <QAction>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace lens;

class tst_Lesson : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void nextPlaysOneStepAndThePumpStaysPaused();
    void backTravelsAndNextReturnsForward();
    void viewsAreFoundBesideTheLessonTab();
    void captionHistoryGrowsAndNavigates();
    void theKeyACaptionNamesIsSelected();
    void lessonModeOffPlaysOn();
    void aRecordedLessonTravelsOffline();
    void fs01AtHumanPace();
    void fs01Fast();
    void timeTravelMovesTheScenarioCaption();

private:
    /// Closes the lesson open (init(): window-tour) and opens `scenario` in lesson mode at
    /// `speed`.
    void reopen(const QString &scenario, double speed);
    /// Issue 35: fs01 played with Next (F8) to its end. `human`: before each Next the views
    /// settle and what the reflector does on its own timers meanwhile (the re-watch's 410, the
    /// backoff, the relist) has happened, as in a learner's few seconds; else each Next as soon
    /// as the lesson takes it.
    void playFs01(bool human);

    /// Presses Next (F8) at the live end and waits until the steps it let run have run and the
    /// window shows them: the lesson idle again with its next step past `before`.
    bool next();

    Controller *pump() const { return m_session->informer()->controller(); }

    std::unique_ptr<Session> m_session;
    std::unique_ptr<MainWindow> m_window;
};

void tst_Lesson::init()
{
    reopen(QStringLiteral("window-tour"), 0);
}

void tst_Lesson::reopen(const QString &scenario, double speed)
{
    cleanup();
    Session::Options o;
    o.scenario = scenario;
    o.scenarioSpeed = speed;
    o.lesson = true;
    m_session = std::make_unique<Session>(o);
    QString err;
    QVERIFY2(m_session->start(&err), qPrintable(err));
    m_window = std::make_unique<MainWindow>(m_session->journal(), pump());
    QList<MainWindow::InformerEntry> entries;
    for (SharedIndexInformer *i : m_session->informers())
        entries.append({i->name(), i, i->controller()});
    m_window->setInformers(entries);
    sim::ScenarioPlayer *player = m_session->scenarioPlayer();
    QVERIFY(player);
    m_window->setScenarioControls(
        player->scenario().title, speed, [player](bool p) { player->setPaused(p); },
        [player](double s) { player->setSpeed(s); });
    connect(m_session.get(), &Session::captionChanged, m_window.get(),
            &MainWindow::showScenarioCaption);
    Lesson *lesson = m_session->lesson();
    QVERIFY(lesson);
    m_window->setLessonControls(
        {[lesson](bool on) { lesson->setEnabled(on); }, [lesson] { return lesson->next(); }});
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void tst_Lesson::cleanup()
{
    if (m_session)
        m_session->stop();
    m_window.reset();
    m_session.reset();
}

bool tst_Lesson::next()
{
    Lesson *lesson = m_session->lesson();
    const int before = lesson->nextStep();
    QTest::keyClick(m_window.get(), Qt::Key_F8);
    if (!QTest::qWaitFor([&] { return lesson->nextStep() > before && !lesson->isPlaying(); },
                         20000))
        return false;
    // What the step caused arrives over HTTP: wait for the journal to fall quiet.
    m_window->settle();
    return QTest::qWaitFor([this] { return m_window->isSettled(); }, 20000);
}

void tst_Lesson::nextPlaysOneStepAndThePumpStaysPaused()
{
    Lesson *lesson = m_session->lesson();
    // --lesson: nothing plays before Next.
    QVERIFY(lesson->isEnabled());
    QVERIFY(m_window->lessonModeAction()->isChecked());
    auto *menu = m_window->findChild<QMenu *>(QStringLiteral("lessonMenu"));
    QVERIFY(menu);
    QVERIFY(m_window->menuBar()->actions().contains(menu->menuAction()));
    QVERIFY(menu->actions().contains(m_window->lessonBackAction()));
    QVERIFY(
        m_window->findChild<ScenarioToolBar *>()->actions().contains(m_window->lessonNextAction()));
    QCOMPARE(lesson->nextStep(), 0);
    QSignalSpy held(m_session->scenarioPlayer(), &sim::ScenarioPlayer::held);
    QVERIFY(m_window->lessonPanel()->stateText().contains(QLatin1String("first step")));

    // Step 1 starts the informer; its pump is paused at once, so the initial list's 16 pods
    // stay queued as Replaced Deltas.
    QVERIFY(next());
    QCOMPARE(lesson->nextStep(), 1);
    QCOMPARE(pump()->mode(), Controller::Mode::Paused);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->queueModel()->rowCount(), 16, 20000);
    QCOMPARE(m_window->queueModel()->deltasAt(0).constFirst().type, DeltaType::Replaced);
    QVERIFY(!m_session->informer()->hasSynced());
    QVERIFY2(m_window->captionText().contains(QLatin1String("paused for the lesson")),
             qPrintable(m_window->captionText()));
    QVERIFY(m_window->lessonPanel()->stateText().startsWith(QLatin1String("Step 1 of 11")));

    // Next lets Pop take them (the scenario wants it running), then plays step 2 (waitFor
    // synced; the scenario pauses Pop itself).
    QVERIFY(next());
    QCOMPARE(lesson->nextStep(), 2);
    QVERIFY(m_session->informer()->hasSynced());
    QCOMPARE(pump()->mode(), Controller::Mode::Paused);
    QCOMPARE(m_window->queueModel()->rowCount(), 0);
    // Step 3 creates three pods: they stay queued, and nothing else happens until Next.
    QVERIFY(next());
    QCOMPARE(lesson->nextStep(), 3);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->queueModel()->rowCount(), 3, 20000);
    QCOMPARE(pump()->mode(), Controller::Mode::Paused);
    // The player holds before step 4 until the next Next (and every step before was held too).
    QTRY_VERIFY(!held.isEmpty() && held.constLast().at(0).toInt() == 3);
    QCOMPARE(held.size(), 3);
    QCOMPARE(lesson->nextStep(), 3);
    QCOMPARE(m_window->queueModel()->rowCount(), 3);
}

void tst_Lesson::backTravelsAndNextReturnsForward()
{
    for (int i = 0; i < 3; ++i)
        QVERIFY(next());
    QCOMPARE(m_window->travelSeq(), quint64(0));
    const LessonTrack live = LessonTrack::fold(m_session->journal());
    QCOMPARE(live.steps.size(), 3);
    // Back: every view at the moment before the third Next (the queue empty: step 3's pods are
    // not created yet).
    QTest::keyClick(m_window.get(), Qt::Key_F8, Qt::ShiftModifier);
    QCOMPARE(m_window->travelSeq(), live.momentOf(2));
    QCOMPARE(m_window->queueModel()->rowCount(), 0);
    QVERIFY(m_window->lessonPanel()->stateText().contains(QLatin1String("earlier moment")));
    // Back again: the initial list queued, not popped yet.
    m_window->lessonBack();
    QCOMPARE(m_window->travelSeq(), live.momentOf(1));
    QCOMPARE(m_window->queueModel()->rowCount(), 16);
    // Next goes forward through travel first, and plays nothing.
    const int nextStep = m_session->lesson()->nextStep();
    m_window->lessonNext();
    QCOMPARE(m_window->travelSeq(), live.momentOf(2));
    m_window->lessonNext();
    QCOMPARE(m_window->travelSeq(), quint64(0)); // the live end
    QCOMPARE(m_session->lesson()->nextStep(), nextStep);
    QCOMPARE(m_window->queueModel()->rowCount(), 3);
    // At the live end Next plays the next step.
    QVERIFY(next());
    QCOMPARE(m_session->lesson()->nextStep(), nextStep + 1);
    QCOMPARE(pump()->mode(), Controller::Mode::Paused);
}

void tst_Lesson::viewsAreFoundBesideTheLessonTab()
{
    // The Lesson tab sits between Journal and Handlers: views and their titles go by widget.
    auto *tabs = m_window->findChild<QTabWidget *>(QStringLiteral("rightTabs"));
    QVERIFY(tabs);
    const QStringList expected{QStringLiteral("Journal"), QStringLiteral("Lesson"),
                               QStringLiteral("Handlers"), QStringLiteral("Playground")};
    for (const QString &lang : {QStringLiteral("zh_CN"), QStringLiteral("en")}) {
        QVERIFY(m_window->switchLanguage(lang));
        QCoreApplication::processEvents();
    }
    for (int i = 0; i < expected.size(); ++i)
        QCOMPARE(tabs->tabText(i), expected[i]);
    QVERIFY(m_window->showView(QStringLiteral("handlers")));
    QCOMPARE(tabs->tabText(tabs->currentIndex()), QStringLiteral("Handlers"));
    QVERIFY(m_window->showView(QStringLiteral("journal")));
    QCOMPARE(tabs->tabText(tabs->currentIndex()), QStringLiteral("Journal"));
}

void tst_Lesson::captionHistoryGrowsAndNavigates()
{
    QListWidget *history = m_window->lessonPanel()->history();
    QCOMPARE(history->count(), 0);
    QVERIFY(next());
    QTRY_COMPARE(history->count(), 1);
    QVERIFY(next());
    QTRY_COMPARE(history->count(), 2);
    QVERIFY(history->item(1)->text().startsWith(QStringLiteral("Step 2 \u00B7 Synced.")));
    QCOMPARE(history->currentRow(), 1);
    QVERIFY(next()); // step 3 has no caption
    QCOMPARE(history->count(), 2);
    // Clicking the first caption takes every view to its step's moment, and says it.
    const LessonTrack t = LessonTrack::fold(m_session->journal());
    QTest::mouseClick(history->viewport(), Qt::LeftButton, {},
                      history->visualItemRect(history->item(0)).center());
    QCOMPARE(m_window->travelSeq(), t.momentOf(t.positionOfCaption(0)));
    QVERIFY(m_window->travelSeq() != 0);
    QVERIFY(m_window->captionText().contains(QLatin1String("lists the pods")));
    QCOMPARE(history->currentRow(), 0);
    QCOMPARE(m_window->queueModel()->rowCount(), 16);
    // The second caption: its step is the one before the live end.
    QTest::mouseClick(history->viewport(), Qt::LeftButton, {},
                      history->visualItemRect(history->item(1)).center());
    QCOMPARE(m_window->travelSeq(), t.momentOf(t.positionOfCaption(1)));
    QCOMPARE(t.positionOfCaption(1), 2);
    QVERIFY(m_window->captionText().contains(QLatin1String("Synced.")));
}

void tst_Lesson::theKeyACaptionNamesIsSelected()
{
    // Step 10's caption names default/web-2 (added and deleted before any Pop).
    while (m_session->lesson()->nextStep() < 10)
        QVERIFY(next());
    const LessonTrack t = LessonTrack::fold(m_session->journal());
    QCOMPARE(t.captions.constLast().step, 9);
    QCOMPARE(t.captions.constLast().key, QStringLiteral("default/web-2"));
    QCOMPARE(m_window->keyHistoryModel()->key(), QStringLiteral("default/web-2"));
    const QModelIndexList rows = m_window->queueView()->selectionModel()->selectedRows();
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows.first().data(QueueModel::KeyRole).toString(), QStringLiteral("default/web-2"));
    // Both of its Deltas wait: the pump stayed paused through every step.
    QCOMPARE(m_window->queueModel()->deltasAt(rows.first().row()).size(), 2);
    QCOMPARE(pump()->mode(), Controller::Mode::Paused);
    // Back and forward again: the caption's key is selected again at its moment.
    m_window->lessonBack();
    m_window->selectKey(QStringLiteral("default/web-0"));
    m_window->lessonNext();
    QCOMPARE(m_window->travelSeq(), quint64(0));
    QCOMPARE(m_window->keyHistoryModel()->key(), QStringLiteral("default/web-2"));
}

void tst_Lesson::lessonModeOffPlaysOn()
{
    QVERIFY(next());
    QSignalSpy finished(m_session.get(), &Session::scenarioFinished);
    m_window->lessonModeAction()->trigger();
    QVERIFY(!m_session->lesson()->isEnabled());
    QVERIFY(!m_window->lessonModeAction()->isChecked());
    // The lesson's pause is lifted and the scenario plays to its end at its speed.
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() > 0, 30000);
    QTRY_COMPARE(m_window->lessonPanel()->history()->count(), 4);
    QVERIFY(!m_window->lessonNextAction()->isEnabled());
}

void tst_Lesson::aRecordedLessonTravelsOffline()
{
    for (int i = 0; i < 3; ++i)
        QVERIFY(next());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("lesson.jsonl"));
    QString err;
    {
        JournalRecorder recorder(m_session->journal());
        QVERIFY2(recorder.start(
                     path, headerFor(*m_session->journal(), m_session->sourceDescription()), &err),
                 qPrintable(err));
        QVERIFY2(recorder.stop(&err), qPrintable(err));
    }
    std::unique_ptr<MainWindow> offline(RecordReplay::openRecording(path, &err));
    QVERIFY2(offline, qPrintable(err));
    offline->setAttribute(Qt::WA_DeleteOnClose, false);
    offline->settle();
    QVERIFY(offline->lessonPanel());
    QVERIFY(!offline->lessonModeAction()->isEnabled()); // nothing left to play
    QCOMPARE(offline->lessonPanel()->history()->count(), 2);
    const LessonTrack t = LessonTrack::fold(offline->journal());
    QCOMPARE(t.steps.size(), 3);
    offline->lessonBack();
    QCOMPARE(offline->travelSeq(), t.momentOf(2));
    QCOMPARE(offline->queueModel()->rowCount(), 0);
    offline->lessonBack();
    QCOMPARE(offline->queueModel()->rowCount(), 16);
    offline->lessonNext();
    offline->lessonNext();
    QCOMPARE(offline->travelSeq(), quint64(0));
    QVERIFY(!offline->lessonNextAction()->isEnabled());
    QCOMPARE(offline->queueModel()->rowCount(), 3);
}

void tst_Lesson::playFs01(bool human)
{
    // As `informer-lens --scenario fs01-delete-while-disconnected --lesson` plays it: at the
    // window's speed, 1.
    reopen(QStringLiteral("fs01-delete-while-disconnected"), 1);
    Lesson *lesson = m_session->lesson();
    const Journal *journal = m_session->journal();
    auto find = [journal](TraceKind kind, const QString &type = {}, const QString &key = {}) {
        QList<const TraceEvent *> found;
        for (const TraceEvent &e : journal->events())
            if (e.kind == kind && (type.isEmpty() || e.type == type) &&
                (key.isEmpty() || e.key == key))
                found << &e;
        return found;
    };
    const QString victim = QStringLiteral("default/victim");
    while (lesson->nextStep() < lesson->stepCount()) {
        const int before = lesson->nextStep();
        if (human) {
            // What a learner's few seconds between two Nexts let happen: the views caught up,
            // and after the disconnect the reflector's own timers ran (410, backoff, relist),
            // its Replaced Deltas and the tombstone queued while the lesson holds Pop.
            if (before == 6)
                QTRY_VERIFY_WITH_TIMEOUT(
                    !find(TraceKind::FifoQueued, QStringLiteral("Deleted"), victim).isEmpty(),
                    20000);
            m_window->settle();
            QTRY_VERIFY_WITH_TIMEOUT(m_window->isSettled(), 20000);
            // The lesson line says what the paused queue holds, not what a step usually queues.
            const CaptionPane *pane = m_window->findChild<CaptionPane *>();
            QVERIFY(pane);
            if (before == 1) // the initial list: 4 pods
                QTRY_VERIFY2(pane->lessonLine().contains(QLatin1String("(4 key(s): Replaced)")),
                             qPrintable(pane->lessonLine()));
            if (before == 3) // "The handler knows default/victim": its ADDED was popped
                QTRY_VERIFY2(pane->lessonLine().contains(QLatin1String("nothing is queued now")),
                             qPrintable(pane->lessonLine()));
            if (before == 6) // the relist: Replaced chips and the tombstone
                QTRY_VERIFY2(pane->lessonLine().contains(
                                 QStringLiteral("(5 key(s): Replaced, \u271D Deleted)")),
                             qPrintable(pane->lessonLine()));
        }
        QTest::keyClick(m_window.get(), Qt::Key_F8);
        QVERIFY2(QTest::qWaitFor(
                     [&] { return lesson->nextStep() > before && !lesson->isPlaying(); }, 30000),
                 qPrintable(QStringLiteral("step %1").arg(before + 1)));
    }
    if (human) // the tombstone was queued while Pop was held, before the last Next
        QVERIFY(find(TraceKind::FifoQueued, QStringLiteral("Deleted"), victim).constFirst()->seq <
                find(TraceKind::Info, QStringLiteral("lessonStep")).constLast()->seq);
    // Next let Pop take what the relist queued: the tombstone reached the handler, the pod left
    // the Indexer, and the step's waitFor held (no timeout).
    QCOMPARE(find(TraceKind::HandlerNotified, QStringLiteral("delete (tombstone)"), victim).size(),
             1);
    QVERIFY(m_session->informer()->indexer().getByKey(victim).isNull());
    for (const TraceEvent &e : journal->events()) {
        if (e.component != QLatin1String("scenario"))
            continue;
        QVERIFY2(!e.detail.contains(QLatin1String("error")),
                 qPrintable(e.detail.value(QLatin1String("error")).toString()));
        // The lesson paused every pump itself: it never says the scenario did.
        if (e.type == QLatin1String("lessonPause"))
            QVERIFY2(e.detail.value(QLatin1String("held")).toArray().isEmpty(),
                     qPrintable(e.detail.value(QLatin1String("message")).toString()));
    }
    // Each captioned step once in the caption history, the last one as written.
    const LessonTrack t = LessonTrack::fold(journal);
    QStringList steps;
    for (const LessonTrack::CaptionLine &c : t.captions)
        steps << QString::number(c.step + 1);
    QCOMPARE(steps.join(u','), QStringLiteral("1,2,3,6,7"));
    QTRY_COMPARE(m_window->lessonPanel()->history()->count(), 5);
    QVERIFY(t.captions.constLast().missed.isEmpty());
    QTRY_VERIFY(m_window->captionText().contains(QLatin1String("DeletedFinalStateUnknown")));
}

void tst_Lesson::fs01AtHumanPace()
{
    playFs01(true);
}

void tst_Lesson::fs01Fast()
{
    playFs01(false);
}

void tst_Lesson::timeTravelMovesTheScenarioCaption()
{
    // Issue 35: travelling on the timeline left the last caption shown. The caption shown is
    // the one of the newest step at or before the moment the views show.
    reopen(QStringLiteral("fs01-delete-while-disconnected"), 0);
    QSignalSpy finished(m_session.get(), &Session::scenarioFinished);
    m_window->lessonModeAction()->trigger(); // off: the scenario plays to its end
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 30000);
    const LessonTrack t = LessonTrack::fold(m_session->journal());
    QCOMPARE(t.captions.size(), 5);
    QTRY_VERIFY(m_window->captionText().contains(t.captions.at(4).text));
    m_window->travelToSeq(t.captions.at(2).seq);
    QVERIFY2(m_window->captionText().contains(t.captions.at(2).text),
             qPrintable(m_window->captionText()));
    m_window->travelToSeq(t.captions.at(2).seq - 1);
    QVERIFY2(m_window->captionText().contains(t.captions.at(1).text),
             qPrintable(m_window->captionText()));
    m_window->travelToSeq(t.captions.at(0).seq - 1);
    QVERIFY2(m_window->captionText().contains(QLatin1String("No caption yet")),
             qPrintable(m_window->captionText()));
    m_window->travelToSeq(0); // live
    QVERIFY2(m_window->captionText().contains(t.captions.at(4).text),
             qPrintable(m_window->captionText()));
}

QTEST_MAIN(tst_Lesson)
#include "tst_lesson.moc"
