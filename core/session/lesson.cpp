// SPDX-License-Identifier: Apache-2.0
#include "lesson.h"

#include "informer/controller.h"
#include "informer/sharedinformer.h"
#include "scenariobinding.h"
#include "sim/scenarioplayer.h"
#include "trace/journal.h"

#include <QJsonArray>
#include <QScopedValueRollback>

#include <utility>

namespace lens {

Lesson::Lesson(ScenarioBinding *binding, QObject *parent)
    : QObject(parent), m_player(binding->player()), m_journal(binding->journal()),
      m_informers(binding->informers())
{
    connect(binding, &ScenarioBinding::stepRan, this, &Lesson::stepRan);
    connect(binding, &ScenarioBinding::stepSkipped, this, &Lesson::stepEnded);
}

int Lesson::stepCount() const
{
    return int(m_player->scenario().steps.size());
}

int Lesson::nextStep() const
{
    return m_player->nextStep();
}

QString Lesson::nameOf(const QString &informerOption) const
{
    if (!informerOption.isEmpty() || m_informers.isEmpty())
        return informerOption;
    return m_informers.first()->name();
}

void Lesson::note(const QString &type, const QString &message, const QJsonObject &detail)
{
    recordScenarioNote(m_journal, m_player, type, message, detail);
}

void Lesson::setEnabled(bool on)
{
    if (on == m_enabled)
        return;
    m_enabled = on;
    note(QStringLiteral("lesson"),
         on ? QStringLiteral("lesson mode on: the scenario plays one step at a time")
            : QStringLiteral("lesson mode off: the scenario plays on"),
         {{QLatin1String("enabled"), on}});
    if (on) {
        // The gate holds the next group from now on (off, the player plays at its speed).
        m_player->setStepGate([this](int first) { return mayRun(first); });
        // A step has run: what it queued stays to be looked at.
        if (m_player->nextStep() > 0 && m_running < 0)
            pausePumps(m_player->nextStep() - 1);
    } else {
        m_allowed = -1;
        resumePumps();
        m_player->setStepGate(nullptr);
    }
    Q_EMIT changed();
}

bool Lesson::next()
{
    const int first = m_player->nextStep();
    if (!m_enabled || isPlaying() || m_player->isFinished() || first >= stepCount())
        return false;
    const int last = m_player->groupEnd(first) - 1;
    note(QStringLiteral("lessonStep"),
         QStringLiteral("lesson: next, step %1 of %2").arg(first + 1).arg(stepCount()),
         {{QLatin1String("step"), first},
          {QLatin1String("last"), last},
          {QLatin1String("steps"), stepCount()}});
    {
        // A resumed pump journals its mode, and the player asks the gate at every journal
        // event: the group waits until every pump the lesson paused runs again (else it could
        // run, and pause the pumps after it, in the middle of this loop).
        const QScopedValueRollback<bool> resuming(m_resuming, true);
        resumePumps();
    }
    m_allowed = first;
    m_player->gateChanged();
    Q_EMIT changed();
    return true;
}

bool Lesson::mayRun(int first)
{
    if (!m_enabled)
        return true;
    if (m_resuming)
        return false; // next() asks the player again once the pumps run
    if (m_allowed != first && m_autoUntilMs >= 0 && !isPlaying() && first < stepCount() &&
        m_player->scenario().steps.at(first).atMs <= m_autoUntilMs)
        next();
    if (m_allowed != first)
        return false;
    // What the pumps that run have queued is popped before the group starts.
    for (const SharedIndexInformer *inf : std::as_const(m_informers)) {
        const Controller *c = inf->controller();
        if (c && !inf->isStopped() && c->mode() == Controller::Mode::Running && inf->queue() &&
            inf->queue()->size() > 0)
            return false; // its pops are journaled: recheck() asks again
    }
    m_allowed = -1;
    m_running = m_player->groupEnd(first) - 1;
    m_resumedByStep.clear();
    return true;
}

void Lesson::stepRan(int index, const sim::ScenarioStep &step)
{
    if (step.action == sim::ScenarioStep::Action::Informer) {
        const QString name = nameOf(step.args.value(u"informer").toString());
        if (step.verb == QLatin1String("pause")) {
            m_scenarioRuns.insert(name, false);
        } else if (step.verb == QLatin1String("resume")) {
            m_scenarioRuns.insert(name, true);
            m_resumedByStep.insert(name);
        } else if (step.verb == QLatin1String("step")) {
            m_resumedByStep.insert(name);
        }
    }
    stepEnded(index);
}

void Lesson::stepEnded(int index)
{
    const bool lastOfGroup = index + 1 >= stepCount() || m_player->startsGroup(index + 1);
    if (!lastOfGroup)
        return;
    m_running = -1;
    if (m_enabled)
        pausePumps(index);
    m_resumedByStep.clear();
    Q_EMIT changed();
}

void Lesson::pausePumps(int afterStep)
{
    QStringList paused;
    QStringList held;
    for (SharedIndexInformer *inf : std::as_const(m_informers)) {
        Controller *c = inf->controller();
        if (!c || inf->isStopped() || m_resumedByStep.contains(inf->name()))
            continue;
        if (c->mode() == Controller::Mode::Running) {
            c->pause();
            m_pausedByLesson.insert(inf->name());
            paused << inf->name();
        } else if (m_pausedByLesson.contains(inf->name())) {
            paused << inf->name(); // still paused by the lesson
        } else if (!m_scenarioRuns.value(inf->name(), true)) {
            held << inf->name(); // the scenario's own `pause` step
        }
        // Else paused by hand (the window's Pause): neither the lesson's nor the scenario's.
    }
    if (paused.isEmpty() && held.isEmpty())
        return;
    note(QStringLiteral("lessonPause"),
         paused.isEmpty()
             ? QStringLiteral("Pop stays paused for the lesson (the scenario paused %1)")
                   .arg(held.join(QLatin1String(", ")))
             : QStringLiteral("the lesson paused Pop of %1 after step %2: what is queued stays "
                              "queued")
                   .arg(paused.join(QLatin1String(", ")))
                   .arg(afterStep + 1),
         {{QLatin1String("step"), afterStep},
          {QLatin1String("paused"), QJsonArray::fromStringList(paused)},
          {QLatin1String("held"), QJsonArray::fromStringList(held)}});
}

void Lesson::resumePumps()
{
    // Taken first: a pump's run() journals, and whatever that sets off must find the lesson's
    // record of the pumps it pauses from now on, not have it cleared afterwards.
    const QSet<QString> paused = std::exchange(m_pausedByLesson, {});
    for (SharedIndexInformer *inf : std::as_const(m_informers)) {
        Controller *c = inf->controller();
        if (c && !inf->isStopped() && paused.contains(inf->name()) &&
            m_scenarioRuns.value(inf->name(), true))
            c->run();
    }
}

} // namespace lens
