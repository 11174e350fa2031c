// SPDX-License-Identifier: Apache-2.0
#include "scenariobinding.h"

#include "controller/hostpathprovisioner.h"
#include "informer/sharedinformer.h"
#include "lens/waitmiss.h"
#include "sim/scenarioplayer.h"
#include "trace/journal.h"

#include <QRegularExpression>

namespace lens {

ScenarioBinding::ScenarioBinding(sim::ScenarioPlayer *player, Journal *journal,
                                 QList<SharedIndexInformer *> informers, Starter start,
                                 QObject *parent)
    : QObject(parent), m_player(player), m_journal(journal), m_informers(std::move(informers)),
      m_start(std::move(start))
{
}

void recordScenarioNote(Journal *journal, const sim::ScenarioPlayer *player, const QString &type,
                        const QString &message, const QJsonObject &extra)
{
    if (!journal)
        return;
    TraceEvent e;
    e.kind = TraceKind::Info;
    e.component = QStringLiteral("scenario");
    e.type = type;
    e.detail = extra;
    e.detail.insert(QLatin1String("message"), message);
    e.detail.insert(QLatin1String("at"), double(player->clock()->nowMs()) / 1000);
    journal->record(std::move(e));
}

void ScenarioBinding::note(const QString &type, const QString &message, const QJsonObject &extra)
{
    recordScenarioNote(m_journal, m_player, type, message, extra);
}

void ScenarioBinding::start(double speed)
{
    m_player->setInformerActions([this](const sim::ScenarioStep &s) { return informerAction(s); });
    m_player->setProvisionerActions([this](const sim::ScenarioStep &s, QString *summary) {
        return provisionerAction(s, summary);
    });
    if (m_runtimeActions)
        m_player->setRuntimeActions([this](const sim::ScenarioStep &s, QString *summary) {
            QString did;
            const QString error = m_runtimeActions(s.args, &did);
            *summary = QStringLiteral("runtime-sample: ") + did;
            return error;
        });
    m_player->setConditionCheck(
        [this](const QJsonObject &w, int index) { return conditionHolds(w, index); });
    connect(m_journal, &Journal::eventRecorded, m_player, &sim::ScenarioPlayer::recheck);
    // A waitFor that timed out: what the journal shows now, before the step runs anyway.
    connect(m_player, &sim::ScenarioPlayer::waitTimedOut, this,
            [this](int index, const sim::ScenarioStep &s, qint64) {
                const QString which = s.waitFor.value(u"synced").toBool()
                                          ? informerName(s.waitFor.value(u"informer").toString())
                                          : s.waitFor.value(u"informer").toString();
                m_missed.insert(index,
                                WaitMiss::facts(m_journal, s.waitFor, which,
                                                matchingEvents(s.waitFor, index), s.waitTimeoutMs));
            });
    connect(m_player, &sim::ScenarioPlayer::stepDone, this,
            [this](int index, const sim::ScenarioStep &s, const QString &summary,
                   const QString &error) {
                const QJsonObject missed = m_missed.take(index);
                // A caption step whose waitFor timed out has no outcome line of its own: its
                // caption line (below) carries the error, so it is one caption, not two.
                const bool captionOnly =
                    s.action == sim::ScenarioStep::Action::Caption && !missed.isEmpty();
                if (!captionOnly &&
                    (s.action != sim::ScenarioStep::Action::Caption || !error.isEmpty())) {
                    QJsonObject d{{QLatin1String("step"), index},
                                  {QLatin1String("line"), s.line},
                                  {QLatin1String("verb"), s.verb}};
                    if (!error.isEmpty())
                        d.insert(QLatin1String("error"), error);
                    if (s.action == sim::ScenarioStep::Action::Provisioner ||
                        s.action == sim::ScenarioStep::Action::Runtime)
                        d.insert(QLatin1String("settings"), s.args);
                    note(sim::ScenarioStep::actionName(s.action), summary, d);
                }
                m_stepSeq.resize(qMax<qsizetype>(m_stepSeq.size(), index + 1));
                m_stepSeq[index] = m_journal->lastSeq();
                m_lastStep = index;
                Q_EMIT stepRan(index, s);
                if (!missed.isEmpty()) {
                    // In place of the step's caption: that it did not happen, and what the
                    // journal shows instead (the player does not emit the caption).
                    QJsonObject d = missed;
                    d.insert(QLatin1String("step"), index);
                    d.insert(QLatin1String("error"), error);
                    if (const QString key = s.waitFor.value(u"key").toString(); !key.isEmpty())
                        d.insert(QLatin1String("aboutKey"), key);
                    const QString text = WaitMiss::sentence(missed);
                    note(QStringLiteral("caption"), text, d);
                    Q_EMIT captionChanged(text);
                }
            });
    connect(m_player, &sim::ScenarioPlayer::skipped, this,
            [this](int index, const sim::ScenarioStep &s, const QString &condition) {
                note(QStringLiteral("skipped"),
                     QStringLiteral("step %1 (line %2) skipped: when %3 did not hold")
                         .arg(index + 1)
                         .arg(s.line)
                         .arg(condition),
                     {{QLatin1String("step"), index},
                      {QLatin1String("line"), s.line},
                      {QLatin1String("verb"), s.verb}});
                m_stepSeq.resize(qMax<qsizetype>(m_stepSeq.size(), index + 1));
                m_stepSeq[index] = m_journal->lastSeq();
                Q_EMIT stepSkipped(index);
            });
    // The player emits a step's caption right after its stepDone.
    connect(m_player, &sim::ScenarioPlayer::caption, this, [this](const QString &text) {
        QJsonObject d{{QLatin1String("step"), m_lastStep}};
        if (const QString key = keyNamedBy(text, m_lastStep); !key.isEmpty())
            d.insert(QLatin1String("aboutKey"), key);
        note(QStringLiteral("caption"), text, d);
        Q_EMIT captionChanged(text);
    });
    connect(m_player, &sim::ScenarioPlayer::waiting, this,
            [this](int index, const QString &condition) {
                note(QStringLiteral("waiting"), QStringLiteral("waiting for %1").arg(condition),
                     {{QLatin1String("step"), index}});
            });
    connect(m_player, &sim::ScenarioPlayer::finished, this, [this] {
        note(QStringLiteral("finished"),
             QStringLiteral("scenario %1 finished").arg(m_player->scenario().name), {});
        Q_EMIT finished();
    });
    const sim::Scenario &sc = m_player->scenario();
    note(QStringLiteral("started"), QStringLiteral("scenario %1: %2").arg(sc.name, sc.title),
         {{QLatin1String("case"), sc.caseId}, {QLatin1String("steps"), int(sc.steps.size())}});
    m_startSeq = m_journal->lastSeq();
    m_player->setSpeed(speed);
    m_player->start();
}

QString ScenarioBinding::stepKey(const sim::ScenarioStep &s)
{
    using A = sim::ScenarioStep::Action;
    const QString name = s.args.value(u"name").toString();
    if (name.isEmpty() ||
        (s.action != A::Create && s.action != A::Update && s.action != A::Delete) ||
        (s.action == A::Create && s.args.value(u"count").toInt(1) > 1))
        return {};
    return s.args.value(u"namespace").toString(QStringLiteral("default")) + QLatin1Char('/') + name;
}

QString ScenarioBinding::keyNamedBy(const QString &text, int stepIndex) const
{
    const auto &steps = m_player->scenario().steps;
    // A word shaped like a namespace/name key that some step acts on or the journal recorded.
    static const QRegularExpression keyShape(QStringLiteral(
        "(?<![\\w./-])([a-z0-9]([-a-z0-9.]*[a-z0-9])?/[a-z0-9]([-a-z0-9.]*[a-z0-9])?)"));
    for (auto m = keyShape.globalMatch(text); m.hasNext();) {
        const QString word = m.next().captured(1);
        for (const sim::ScenarioStep &s : steps)
            if (stepKey(s) == word)
                return word;
        const auto &events = m_journal->events();
        for (auto it = events.rbegin(); it != events.rend(); ++it)
            if (it->key == word)
                return word;
    }
    if (stepIndex >= 0 && stepIndex < steps.size())
        return stepKey(steps.at(stepIndex));
    return {};
}

SharedIndexInformer *ScenarioBinding::informerNamed(const QString &name) const
{
    if (name.isEmpty())
        return m_informers.value(0);
    for (SharedIndexInformer *inf : m_informers)
        if (inf->name() == name)
            return inf;
    return nullptr;
}

ProcessorListener *ScenarioBinding::listenerNamed(const SharedIndexInformer *informer,
                                                  const QString &name)
{
    for (ProcessorListener *l : informer->listeners())
        if (l->name() == name)
            return l;
    return nullptr;
}

QString ScenarioBinding::informerAction(const sim::ScenarioStep &s)
{
    const QString &v = s.verb;
    const QJsonObject &a = s.args;
    const QString which = a.value(u"informer").toString();
    SharedIndexInformer *informer = informerNamed(which);
    if (!informer)
        return QStringLiteral("no informer named \"%1\"").arg(which);
    if (v == QLatin1String("start"))
        return m_start(which);
    if (v == QLatin1String("stop")) {
        informer->stop();
        return {};
    }
    if (v == QLatin1String("pause") || v == QLatin1String("resume") || v == QLatin1String("step")) {
        Controller *c = informer->controller();
        if (!c)
            return QStringLiteral("the informer has not started");
        if (v == QLatin1String("pause"))
            c->pause();
        else if (v == QLatin1String("resume"))
            c->run();
        else
            c->step();
        return {};
    }
    if (v == QLatin1String("add-handler")) {
        const QString name = a.value(u"name").toString(
            QStringLiteral("handler-%1").arg(informer->listeners().size()));
        QString err;
        ProcessorListener *l =
            a.contains(u"resyncSeconds")
                ? informer->addEventHandlerWithResyncPeriod(
                      ResourceEventHandler{name, {}, {}, {}},
                      qint64(a.value(u"resyncSeconds").toDouble() * 1000), &err)
                : informer->addEventHandler(ResourceEventHandler{name, {}, {}, {}}, &err);
        if (!l)
            return err;
        l->setProcessingDelayMs(a.value(u"delayMs").toInt(0));
        return {};
    }
    const QString handler = a.value(u"handler").toString(QStringLiteral("logger"));
    ProcessorListener *l = listenerNamed(informer, handler);
    if (!l)
        return QStringLiteral("no handler named \"%1\"").arg(handler);
    if (v == QLatin1String("set-resync")) {
        informer->setHandlerResyncPeriod(l, qint64(a.value(u"seconds").toDouble() * 1000));
        return {};
    }
    if (v == QLatin1String("set-delay")) {
        l->setProcessingDelayMs(a.value(u"ms").toInt(0));
        return {};
    }
    return QStringLiteral("unknown informer action \"%1\"").arg(v);
}

QString ScenarioBinding::provisionerAction(const sim::ScenarioStep &s, QString *summary)
{
    if (!m_provisioner)
        return QStringLiteral("no provisioner runs (the scenario needs controller: provisioner)");
    const QJsonObject &a = s.args;
    QStringList did;
    auto count = [&a](const char *k) { return int(a.value(QLatin1String(k)).toDouble()); };
    if (a.contains(u"failNext")) {
        m_provisioner->failNext(count("failNext"));
        did << QStringLiteral("the next %1 provision(s) fail").arg(count("failNext"));
    }
    if (a.contains(u"failClass")) {
        m_provisioner->setFailClass(a.value(u"failClass").toString(), true);
        did << QStringLiteral("every provision of class %1 fails")
                   .arg(a.value(u"failClass").toString());
    }
    if (a.contains(u"passClass")) {
        m_provisioner->setFailClass(a.value(u"passClass").toString(), false);
        did << QStringLiteral("provisions of class %1 no longer fail")
                   .arg(a.value(u"passClass").toString());
    }
    if (a.contains(u"latencyMs") || a.contains(u"deleteLatencyMs")) {
        const qint64 p = a.contains(u"latencyMs") ? qint64(a.value(u"latencyMs").toDouble())
                                                  : m_provisioner->provisionLatencyMs();
        const qint64 d = a.contains(u"deleteLatencyMs")
                             ? qint64(a.value(u"deleteLatencyMs").toDouble())
                             : m_provisioner->deleteLatencyMs();
        m_provisioner->setLatencyMs(p, d);
        did << QStringLiteral("Provision takes %1 ms, Delete %2 ms").arg(p).arg(d);
    }
    if (a.contains(u"failNextDeletes")) {
        m_provisioner->failNextDeletes(count("failNextDeletes"));
        did << QStringLiteral("the next %1 delete(s) fail").arg(count("failNextDeletes"));
    }
    *summary = QStringLiteral("provisioner: ") + did.join(QLatin1String("; "));
    return {};
}

QString ScenarioBinding::informerName(const QString &name) const
{
    const SharedIndexInformer *inf = informerNamed(name);
    return inf ? inf->name() : name;
}

bool ScenarioBinding::conditionHolds(const QJsonObject &w, int stepIndex) const
{
    if (w.value(u"synced").toBool()) {
        // The journal's synced line, as the caption after it will say: HasSynced turns true as
        // Pop takes the last key of the first list, before HandleDeltas has handed it on (in
        // client-go the queue's lock hides that moment: Pop processes under it).
        const SharedIndexInformer *inf = informerNamed(w.value(u"informer").toString());
        if (!inf || !inf->hasSynced())
            return false;
        const auto &events = m_journal->events();
        for (auto it = events.rbegin(); it != events.rend(); ++it)
            if (it->kind == TraceKind::Synced && it->informer == inf->name())
                return true;
        return m_journal->droppedCount() > 0; // the line may be gone with the oldest events
    }
    return matchingEvents(w, stepIndex) >= qMax(1, w.value(u"count").toInt(1));
}

int ScenarioBinding::matchingEvents(const QJsonObject &w, int stepIndex) const
{
    if (w.value(u"synced").toBool())
        return 0;
    const QString informer = w.value(u"informer").toString();
    quint64 since = m_startSeq;
    if (w.value(u"since").toString() == QLatin1String("previous") && stepIndex > 0 &&
        stepIndex - 1 < m_stepSeq.size())
        since = m_stepSeq.at(stepIndex - 1);
    const QString kind = w.value(u"kind").toString();
    const QString type = w.value(u"type").toString();
    const QString key = w.value(u"key").toString();
    const QString handler = w.value(u"handler").toString();
    const QString component = w.value(u"component").toString();
    const QJsonObject detail = w.value(u"detail").toObject();
    const int need = qMax(1, w.value(u"count").toInt(1));
    int n = 0;
    const auto &events = m_journal->events();
    for (auto it = events.rbegin(); it != events.rend() && it->seq > since; ++it) {
        if (traceKindName(it->kind).compare(kind, Qt::CaseInsensitive) != 0 ||
            (!type.isEmpty() && it->type != type) || (!key.isEmpty() && it->key != key) ||
            (!component.isEmpty() && it->component != component) ||
            (!informer.isEmpty() && it->informer != informer) ||
            (!handler.isEmpty() &&
             it->detail.value(QLatin1String("handler")).toString() != handler))
            continue;
        bool fieldsMatch = true; // detail: {field: value}, each as the event's detail has it
        for (auto d = detail.begin(); d != detail.end() && fieldsMatch; ++d)
            fieldsMatch = it->detail.value(d.key()) == d.value();
        if (!fieldsMatch)
            continue;
        if (++n >= need)
            return n;
    }
    return n;
}

} // namespace lens
