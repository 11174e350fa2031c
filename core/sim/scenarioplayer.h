// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "scenario.h"
#include "simulator.h"
#include "trace/clock.h"
#include "trace/clocktimer.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>

namespace lens::sim {

/// Plays a Scenario against a running Simulator on a ManualClock (scenario time, in ms).
///
/// Cluster steps (create, update, delete, compact, faults) are done here on the Simulator;
/// creates and updates go through its WriteStrategy (defaults, admission), as a client's
/// POST and PUT do, deletes through Store::remove() as a DELETE does (finalizers hold an
/// object with a deletionTimestamp). Steps the simulator cannot do — informer actions and the
/// provisioner's knobs — go to the InformerActions and ProvisionerActions callbacks (the
/// Session provides them; without one they are skipped and reported). A step's `waitFor`
/// condition is asked of the ConditionCheck callback (the Session answers from its journal;
/// without one a condition counts as met).
///
/// Speed: 1.0 (default) moves the scenario clock at real time; 2.0 twice as fast; 0 = as fast
/// as possible — the clock jumps straight to the next step's time, so a run is decided by the
/// steps and their waitFor conditions, not by wall time. Steps with the same time and no
/// waitFor run in one event-loop turn (e.g. "drop watches, delete, compact" before the client
/// can reconnect), except two object writes under a quiet time (settlesBetween()). The clock stops
/// at a step whose condition does not hold yet; after `waitTimeoutMs` of real time the step runs
/// anyway, stepDone() says so and its caption is not emitted (waitTimedOut(): what it tells of did
/// not happen).
class ScenarioPlayer : public QObject {
    Q_OBJECT
public:
    /// Runs one informer action; returns "" on success or an error in words.
    using InformerActions = std::function<QString(const ScenarioStep &step)>;
    /// Runs one provisioner step (the controller's built-in provisioner); "" or an error, and
    /// `*summary` says what it set.
    using ProvisionerActions = std::function<QString(const ScenarioStep &step, QString *summary)>;
    /// True when `waitFor` holds (`stepIndex` = the step waiting).
    using ConditionCheck = std::function<bool(const QJsonObject &waitFor, int stepIndex)>;
    /// Lesson mode: true when the group of steps starting at `first` may run now.
    using StepGate = std::function<bool(int first)>;

    /// `sim` is not owned and must be started and outlive the player.
    ScenarioPlayer(Scenario scenario, Simulator *sim, QObject *parent = nullptr);
    /// Gives the server's periodic bookmarks back to real time (see setQuietMs()).
    ~ScenarioPlayer() override;

    void setInformerActions(InformerActions f) { m_informer = std::move(f); }
    /// Provisioner steps go to `f` (the Session, which owns the controller); without one they
    /// are skipped and reported.
    void setProvisionerActions(ProvisionerActions f) { m_provisioner = std::move(f); }
    /// `runtime:` steps (the runtime-sample controller's settings) go to `f`, of the same
    /// form; without one they are skipped with an error.
    void setRuntimeActions(ProvisionerActions f) { m_runtime = std::move(f); }
    void setConditionCheck(ConditionCheck f) { m_condition = std::move(f); }
    /// Lesson mode (the Lesson in core/session): before each group of steps (see groupEnd())
    /// the player asks `gate`; while it answers false the clock stands and no step runs
    /// (held() says so once). It asks again on recheck(), on the speed tick and after
    /// gateChanged(). Once it answered true the group runs at once: the clock jumps to the
    /// group's time as with speed 0 (a `waitFor` is still waited for). With setQuietMs() the
    /// gate is asked only once nothing was journaled for that long, so each group starts from
    /// the settled reactions of the one before. Null (the default): no gate.
    void setStepGate(StepGate gate);
    /// Index one past the last step of the group that starts at step `first`: the steps after
    /// it at the same time run with it, those without `waitFor` in one event-loop turn (e.g.
    /// "drop watches, delete, compact" before the client can reconnect), one with a `waitFor`
    /// as soon as it holds (fs07: "once page 1 arrived, compact" in the middle of the list the
    /// group's first step started).
    int groupEnd(int first) const;
    /// True when step `index` starts a group (see groupEnd()).
    bool startsGroup(int index) const;
    /// Scenario seconds per real second; 0 = as fast as possible. Takes effect at once.
    void setSpeed(double speed);
    /// The real time a speed > 0 is measured against: the player reads it to move the scenario
    /// clock and ticks on it every 50 ms (a ClockTimer). Default: a SteadyClock of its own (the
    /// wall). A test passes a ManualClock and advances it to play "real" time without waiting
    /// for it. Not owned; must outlive the player. Call before start().
    void setPaceClock(const Clock *clock);
    double speed() const { return m_speed; }
    /// Holds the scenario clock and the steps (a "pause" button); what the informer and the
    /// server do on their own goes on. setPaused(false) continues where it stopped.
    void setPaused(bool paused);
    bool isPaused() const { return m_paused; }

    /// Deterministic pacing (exact pictures, `--at`): a step at a later time than the clock's
    /// waits until nothing was journaled (recheck() not called) for `ms` real milliseconds and
    /// then for 50 more event-loop turns, so every reaction to the previous steps is stamped
    /// with their time, whatever the machine's speed. The simulated server's periodic
    /// bookmarks then follow the scenario clock (ApiServer::setBookmarkClock), each one sent at
    /// its scenario time and waited for like a step. 0 (default) = off. Use with speed 0.
    void setQuietMs(int ms) { m_quietMs = ms; }
    /// Captions in `lang` ("zh_CN") where the scenario has a `caption_<lang>:`; "" = as written.
    void setLanguage(const QString &lang) { m_lang = lang; }
    /// A value a caption may name as `{name}` (e.g. "threadiness": the controller's real
    /// number of workers, which --threadiness may have changed): filled in when the caption is
    /// shown. A name without a value stays as written.
    void setCaptionValue(const QString &name, const QString &value) { m_values[name] = value; }
    /// Step `s`'s caption in `lang` ("" = as written) with the caption values filled in: the
    /// text caption() emits for it.
    QString stepCaption(const ScenarioStep &s, const QString &lang) const;
    /// With setQuietMs(): while `busy` returns true (say, a list request has no answer yet)
    /// the clock does not move on either.
    void setBusyCheck(std::function<bool()> busy) { m_busy = std::move(busy); }
    /// With setQuietMs(): after the server sent the periodic BOOKMARKs due, the clock does not
    /// move on until this process's own informers took them: `received` returns how many
    /// BOOKMARK events they have taken so far (it only grows), and the watches whose request's
    /// User-Agent starts with `userAgentPrefix` are theirs. Quiet time alone cannot tell a
    /// bookmark still in a socket on a loaded machine from none at all. Bookmarks that never
    /// arrive (the watch broke) are waited for at most kBookmarkWaitMs real milliseconds.
    void setBookmarkReceipts(const QByteArray &userAgentPrefix, std::function<qint64()> received);
    /// See setBookmarkReceipts().
    static constexpr int kBookmarkWaitMs = 10000;
    /// Play only the steps at or before scenario time `ms`; then, once quiet, move the clock to
    /// `ms` and emit stopTimeReached() (also when every step ran earlier). -1 = no stop time.
    /// The clock never goes past `ms`: it is also the clock's catch-up limit (ManualClock::
    /// setCatchUpLimitMs), so a wait that ends in real time (the provisioner's latency, a
    /// backoff) cannot carry it there while the player waits for quiet. Call after setClock().
    void setStopAtMs(qint64 ms);
    /// Drive `clock` (not owned; must outlive the player) as the scenario clock instead of the
    /// player's own, so the journal and the informer can share scenario time. Call before
    /// start().
    void setClock(ManualClock *clock) { m_clock = clock ? clock : &m_ownClock; }

    const Scenario &scenario() const { return m_scenario; }
    /// Scenario time (ms since the scenario started).
    const Clock *clock() const { return m_clock; }
    /// Index of the next step to run (== steps.size() when finished).
    int nextStep() const { return m_next; }
    bool isFinished() const { return m_finished; }

    /// Sets what a scenario's `cluster:` section asks for in `options` (pods, seed, bookmark
    /// interval, history limit, ignoreSendInitialEvents, watch cache, seeded claims) and turns
    /// churn off. Apply before Simulator::start().
    static void configure(const Scenario &scenario, Simulator::Options *options);

public Q_SLOTS:
    /// Starts playing at scenario time 0.
    void start();
    /// Re-evaluates a waiting step's condition (call when the journal changed).
    void recheck();
    /// Stops playing for good: no further step runs, no signal is emitted.
    void stop();
    /// The step gate's answer may have changed (a lesson's Next): asks it again on the next
    /// event-loop turn.
    void gateChanged();

Q_SIGNALS:
    /// A step ran. `summary` says what it did ("deleted pods default/web-1 at revision 1012");
    /// `error` is set when it could not (or its waitFor timed out: then the step still ran).
    void stepDone(int index, const lens::sim::ScenarioStep &step, const QString &summary,
                  const QString &error);
    /// A caption to show (a caption step, or an action's `caption:`), in the player's language
    /// with its values filled in (stepCaption()). Not for a step whose `waitFor` timed out
    /// (waitTimedOut()): what its caption explains did not happen.
    void caption(const QString &text);
    /// Step `index`'s `waitFor` did not hold within its timeout (`waitedMs` real milliseconds):
    /// emitted once, before the step runs anyway (stepDone() then carries the error), so a
    /// listener can read what the journal shows at that moment. Its caption is not emitted.
    void waitTimedOut(int index, const lens::sim::ScenarioStep &step, qint64 waitedMs);
    /// The step at `index` was due but its `when` condition (`condition`, as JSON) did not
    /// hold: it did not run, and its caption was not shown.
    void skipped(int index, const lens::sim::ScenarioStep &step, const QString &condition);
    /// The step at `index` is waiting for its condition (emitted once per step).
    void waiting(int index, const QString &condition);
    /// The step gate holds the group that starts at step `index` (emitted once per group).
    void held(int index);
    /// Every step has run.
    void finished();
    /// The clock stands at the stop time (setStopAtMs()); no further step will run.
    void stopTimeReached();

private:
    void advance();
    void advanceSteps();
    /// With setQuietMs(): true when nothing was journaled for that long; otherwise arms a
    /// timer that calls advance() again and returns false.
    bool quiet();
    /// Exact pacing (setQuietMs()): the next stop on the way to scenario time `limitMs`. The
    /// earliest of the informer's timers waiting on the scenario clock (ManualClock::
    /// nextTimerDueMs: resync check, backoff, bookmark timeout) and the server's next periodic
    /// BOOKMARKs, when due at or before `limitMs`: the clock moves to a timer's due time (it
    /// fires), or to the bookmarks' time and they are sent. With `limitMs` -1 (a step waiting
    /// for its condition, the clock held) only a wait that would move the clock anyway (a
    /// backoff) is a stop, and bookmarks are sent without moving the clock, as they would
    /// arrive while it stands. True when it stopped: the caller waits for quiet again.
    bool stopAtNextDue(qint64 limitMs);
    /// At a stop (a clock timer fired, bookmarks sent): the next step at this time waits until
    /// what that set off is quiet (m_settleBeforeStep), counted from now.
    void settleAtStop();
    /// Whether `next`, due at the same time as `done` and without a condition, waits until
    /// what `done` set off is quiet instead of running in the same event-loop turn: under a
    /// quiet time (exact runs), between two object writes (create, update, delete).
    bool settlesBetween(const ScenarioStep &done, const ScenarioStep &next) const;
    void reachStopTime();
    /// The clock moves to the stop time and stays there; stopTimeReached(). Call once quiet,
    /// with no stop on the way (stopAtNextDue()).
    void standAtStopTime();
    QString run(const ScenarioStep &step, QString *summary);
    QString create(const QJsonObject &args, QString *summary);
    QString update(const QJsonObject &args, QString *summary);
    QString remove(const QJsonObject &args, QString *summary);
    QString fault(const ScenarioStep &step, QString *summary);

    Scenario m_scenario;
    QPointer<Simulator> m_sim;
    bool m_bookmarksOnClock = false; ///< start() put the server's bookmarks on m_clock
    InformerActions m_informer;
    ProvisionerActions m_provisioner;
    ProvisionerActions m_runtime;
    ConditionCheck m_condition;
    StepGate m_gate;
    int m_heldAt = -1;      ///< the group the gate holds (-1: none)
    int m_gateOpenFor = -1; ///< the group the gate let through (asked no more)
    ManualClock m_ownClock;
    ManualClock *m_clock = &m_ownClock;
    int m_quietMs = 0;
    QString m_lang;
    QHash<QString, QString> m_values; ///< setCaptionValue()
    std::function<bool()> m_busy;
    QByteArray m_ownUserAgent;                ///< setBookmarkReceipts()
    std::function<qint64()> m_bookmarksTaken; ///< setBookmarkReceipts()
    qint64 m_bookmarksAwaited = -1;           ///< m_bookmarksTaken() to wait for (-1: none)
    QElapsedTimer m_bookmarksSent;            ///< real time since they were sent
    qint64 m_stopAtMs = -1;
    bool m_stopPending = false;
    bool m_stopReached = false;
    QElapsedTimer m_activity; ///< real time since the last journal event (recheck())
    QTimer m_quietTimer;
    int m_idleTurns = 0; ///< event-loop turns without a journal event, after m_quietMs
    /// A timer on the scenario clock fired, or periodic bookmarks were sent, at a stop
    /// (stopAtNextDue): what that set off settles before the next step plays at that time
    /// (exact pacing).
    bool m_settleBeforeStep = false;
    double m_speed = 1.0;
    int m_next = 0;
    bool m_started = false;
    bool m_stopped = false;
    bool m_paused = false;
    bool m_finished = false;
    bool m_inAdvance = false;  ///< guards against re-entry from journal events of a step
    int m_waitingFor = -1;     ///< step index whose condition is pending
    QElapsedTimer m_waitTimer; ///< real time spent waiting for it
    SteadyClock m_ownPace;
    const Clock *m_pace = &m_ownPace; ///< setPaceClock()
    qint64 m_paceMark = 0;            ///< m_pace's time at the last clock move (speed > 0)
    /// Pace time since the last clock move, which is now: paused or held time does not count.
    qint64 restartPace();
    ClockTimer *m_tick = nullptr; ///< every kTickMs on m_pace while playing at a speed
    quint32 m_rngState = 1;
};

} // namespace lens::sim
