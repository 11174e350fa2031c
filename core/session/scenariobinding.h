// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>

#include <functional>

namespace lens {

namespace sim {
class ScenarioPlayer;
struct ScenarioStep;
} // namespace sim
namespace controller {
class HostPathProvisioner;
} // namespace controller
class Journal;
class ProcessorListener;
class SharedIndexInformer;

/// Journals a scenario line: an Info event of component "scenario" with `type`, the fields of
/// `extra`, detail.message and detail.at (the player's clock, in seconds). Nothing without a
/// journal. The lines ScenarioBinding and Lesson write, read back by LessonTrack and captions.
void recordScenarioNote(Journal *journal, const sim::ScenarioPlayer *player, const QString &type,
                        const QString &message, const QJsonObject &extra);

/// What ties a playing scenario to a Session's informers: the scenario's informer actions
/// (start, stop, pause, resume, step, add-handler, set-resync, set-delay, each on the informer
/// its `informer:` option names, by default the first), its `provisioner:` steps (the
/// controller's built-in provisioner: its journal line, type "provisioner", carries the values
/// set in detail.message and in detail.settings), its `waitFor` conditions (answered
/// from the journal: `synced`, or a count of journal events since the scenario started or the
/// previous step), and the journal's scenario lines (component "scenario": started, each
/// step's outcome, captions, waiting, finished). A caption line carries the index of the step
/// that showed it (`detail.step`) and, when it names one, the key it is about (`detail.aboutKey`:
/// the first namespace/name word of the caption that a step acts on or the journal recorded,
/// else the one object the step itself creates, updates or deletes). A step whose `waitFor`
/// timed out does not show its caption: its caption line says instead what was expected and
/// what the journal shows (lens::WaitMiss: detail.missed, detail.expected, ..., detail.error),
/// and for a caption step it is the step's only line.
///
/// Errors of an action ("no informer named \"x\"", "no handler named \"y\"", the informer's
/// own errors) are returned to the player, which journals them with the step.
class ScenarioBinding : public QObject {
    Q_OBJECT
public:
    /// Starts the informers named (the "" name = the first informer); returns "" or an error.
    using Starter = std::function<QString(const QString &name)>;

    /// `player` and `journal` are not owned and must outlive the binding. `informers` are the
    /// Session's, in order (the first is the default of every action); `start` runs the
    /// `start` action.
    ScenarioBinding(sim::ScenarioPlayer *player, Journal *journal,
                    QList<SharedIndexInformer *> informers, Starter start,
                    QObject *parent = nullptr);

    /// Journals the scenario's start and starts the player at `speed` (scenario seconds per
    /// real second; 0 = as fast as possible).
    void start(double speed);
    /// The controller's built-in provisioner that `provisioner:` steps set (not owned; null =
    /// none: such a step is skipped with an error). Set before start().
    void setProvisioner(controller::HostPathProvisioner *provisioner)
    {
        m_provisioner = provisioner;
    }
    /// What `runtime:` steps call with their settings (the runtime-sample controller's
    /// SampleReconciler::applySettings: "" or the refusal; `summary` = what was set). Unset =
    /// no such controller: the step is skipped with an error. Set before start().
    using RuntimeActions = std::function<QString(const QJsonObject &settings, QString *summary)>;
    void setRuntimeActions(RuntimeActions f) { m_runtimeActions = std::move(f); }
    /// The informer named `name` ("" = the first); null when there is none by that name.
    SharedIndexInformer *informerNamed(const QString &name) const;
    sim::ScenarioPlayer *player() const { return m_player; }
    Journal *journal() const { return m_journal; }
    const QList<SharedIndexInformer *> &informers() const { return m_informers; }

Q_SIGNALS:
    /// Step `index` ran and its outcome was journaled (before its caption).
    void stepRan(int index, const lens::sim::ScenarioStep &step);
    /// Step `index` was due but its `when` condition did not hold: it did not run (journaled:
    /// component "scenario", type "skipped").
    void stepSkipped(int index);
    /// A caption to show (also journaled: component "scenario", type "caption").
    void captionChanged(const QString &text);
    /// The scenario has played its last step.
    void finished();

private:
    /// Runs one informer action; "" or an error in words.
    QString informerAction(const sim::ScenarioStep &step);
    /// A `provisioner:` step: sets the built-in provisioner's knobs (HostPathProvisioner::
    /// failNext, setFailClass, setLatencyMs, failNextDeletes) and says what it set in
    /// `*summary` ("failNext 3, latencyMs 500"), which the step's journal line carries.
    QString provisionerAction(const sim::ScenarioStep &step, QString *summary);
    /// The key caption `text` of step `stepIndex` is about ("" = none); see the class comment.
    QString keyNamedBy(const QString &text, int stepIndex) const;
    /// The one object's key a create/update/delete step acts on ("" when several or none).
    static QString stepKey(const sim::ScenarioStep &s);
    /// Whether `waitFor` of step `stepIndex` holds now.
    bool conditionHolds(const QJsonObject &waitFor, int stepIndex) const;
    /// The journal events that match a counting `waitFor` of step `stepIndex` (at most its
    /// count; 0 for `synced`).
    int matchingEvents(const QJsonObject &waitFor, int stepIndex) const;
    /// The name of the informer an action or condition names ("" = the first).
    QString informerName(const QString &name) const;
    static ProcessorListener *listenerNamed(const SharedIndexInformer *informer,
                                            const QString &name);
    void note(const QString &type, const QString &message, const QJsonObject &extra);

    sim::ScenarioPlayer *m_player;
    Journal *m_journal;
    QList<SharedIndexInformer *> m_informers;
    Starter m_start;
    controller::HostPathProvisioner *m_provisioner = nullptr;
    RuntimeActions m_runtimeActions;
    quint64 m_startSeq = 0;   ///< journal seq when the scenario started
    QList<quint64> m_stepSeq; ///< journal seq after each step ran (waitFor since: previous)
    int m_lastStep = -1;      ///< the step that ran last (its caption follows)
    /// Steps whose waitFor timed out, until they ran: the journal's facts then (WaitMiss).
    QHash<int, QJsonObject> m_missed;
};

} // namespace lens
