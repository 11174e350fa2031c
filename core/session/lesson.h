// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>

namespace lens {

namespace sim {
class ScenarioPlayer;
struct ScenarioStep;
} // namespace sim
class Journal;
class ScenarioBinding;
class SharedIndexInformer;

/// Lesson mode of a playing scenario: one group of steps at a time (a step and the steps at
/// the same time that run with it, ScenarioPlayer::groupEnd()), each when the
/// learner asks for it with next(), and the informers' Pop pumps paused after each group so
/// what it queued (Replaced chips, DeletedFinalStateUnknown tombstones) stays in the queue to
/// be looked at.
///
/// The pumps: after a group has run, every started informer whose pump runs is paused
/// (Controller::pause, journaled by the controller as pumpMode "paused"), except one the group
/// itself resumed or stepped (`informer: resume` / `step`: the learner is to see Pop run). On
/// next() the pumps the lesson paused run again where the scenario wants them running (its
/// last `pause` / `resume` of that informer; running by default), and the next group starts
/// once their queues are empty: the Deltas looked at are popped as the scenario meant, and what
/// the next group queues is its own. A pump the scenario paused stays paused. Whatever the
/// informer queued while the lesson held its pump (a relist that ran in real time between two
/// Nexts) is popped too: next() resumes every pump the lesson paused, and the group starts
/// only once they all run again.
///
/// What it does is journaled (component "scenario"), so the window's lesson views, recordings
/// and time travel follow it from the journal alone:
///  * type "lesson": lesson mode switched; detail.enabled;
///  * type "lessonStep": next() let a group run; detail.step (its first step, 0-based),
///    detail.last (its last step), detail.steps (the scenario's step count);
///  * type "lessonPause": the pumps were paused after detail.step; detail.paused (the informers
///    the lesson paused), detail.held (those the scenario had paused itself with a `pause`
///    step). A pump paused by hand (the window's Pause) is in neither.
///
/// Errors: none are reported; next() answers false when no step is left (or lesson mode is
/// off), and an informer not started yet (no controller) is left alone.
class Lesson : public QObject {
    Q_OBJECT
public:
    /// `binding` (not owned, must outlive the lesson) ties the scenario's player, journal and
    /// informers together. Lesson mode starts off: the player plays at its speed; while it is
    /// on, the lesson is the player's step gate (ScenarioPlayer::setStepGate).
    explicit Lesson(ScenarioBinding *binding, QObject *parent = nullptr);

    /// Lesson mode on: the scenario holds before its next group, and the running pumps are
    /// paused now. Off: the pumps the lesson paused run again (where the scenario wants them
    /// running) and the scenario plays on at its speed. Journaled (type "lesson").
    void setEnabled(bool on);
    bool isEnabled() const { return m_enabled; }
    /// Lets the next group of steps run (see the class comment). False, and nothing journaled,
    /// when lesson mode is off, a group is already on its way, or no step is left.
    bool next();
    /// For exact pictures (`--lesson --at SECONDS`): next() is pressed by the lesson itself for
    /// every group at or before scenario time `ms`, each once the reactions to the one before
    /// have settled (ScenarioPlayer::setQuietMs()). -1 (default) = only by hand.
    void setAutoNextUntilMs(qint64 ms) { m_autoUntilMs = ms; }

    /// The scenario's step count, and the first step of the group next() plays (== stepCount()
    /// when every step has run).
    int stepCount() const;
    int nextStep() const;
    /// True while a group next() let through has not run to its end yet (queues draining, a
    /// `waitFor` pending).
    bool isPlaying() const { return m_allowed >= 0 || m_running >= 0; }

Q_SIGNALS:
    /// Lesson mode, the next step or the pumps changed.
    void changed();

private:
    /// The player's step gate.
    bool mayRun(int first);
    /// After step `index` ran: the scenario's pump intent, and the pause after its group.
    void stepRan(int index, const sim::ScenarioStep &step);
    /// Step `index` ran or was skipped: the pause after its group.
    void stepEnded(int index);
    void pausePumps(int afterStep);
    /// The pumps the lesson paused run again where the scenario wants them running.
    void resumePumps();
    void note(const QString &type, const QString &message, const QJsonObject &detail);
    QString nameOf(const QString &informerOption) const;

    sim::ScenarioPlayer *m_player;
    QPointer<Journal> m_journal;
    QList<SharedIndexInformer *> m_informers;
    bool m_enabled = false;
    int m_allowed = -1;            ///< the group next() let through, until it starts
    int m_running = -1;            ///< last step of the group the gate let through, until it ran
    QSet<QString> m_resumedByStep; ///< informers the running group resumed or stepped
    QSet<QString> m_pausedByLesson;
    QHash<QString, bool> m_scenarioRuns; ///< the scenario's last pause/resume per informer
    qint64 m_autoUntilMs = -1;
    bool m_resuming = false; ///< next() is resuming the pumps: the gate stays shut
};

} // namespace lens
