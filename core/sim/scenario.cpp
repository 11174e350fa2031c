// SPDX-License-Identifier: Apache-2.0
#include "scenario.h"

#include "api/boundedfile.h"
#include "api/validation.h"
#include "faultargs.h"
#include "scenarioyaml.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <cmath>

namespace lens::sim {

namespace {

const QString kResourcePrefix = QStringLiteral(":/lens/scenarios/");

using namespace scenarioyaml;

const QStringList kFaults = {
    QStringLiteral("drop-watches"),   QStringLiteral("end-watches"),
    QStringLiteral("expire-watches"), QStringLiteral("fail"),
    QStringLiteral("garbage"),        QStringLiteral("stall"),
    QStringLiteral("too-large"),      QStringLiteral("ignore-send-initial-events"),
    QStringLiteral("forbid"),         QStringLiteral("bookmark-interval"),
    QStringLiteral("history-limit")};
const QStringList kInformerActions = {QStringLiteral("start"),      QStringLiteral("stop"),
                                      QStringLiteral("pause"),      QStringLiteral("resume"),
                                      QStringLiteral("step"),       QStringLiteral("add-handler"),
                                      QStringLiteral("set-resync"), QStringLiteral("set-delay")};

/// `key: VERB` or `key: {VERB: {options}}` or `key: {name: VERB, options...}`.
void verbAndArgs(const YAML::Node &n, const QStringList &verbs, const QString &what,
                 ScenarioStep *s)
{
    if (n.IsScalar()) {
        s->verb = str(n.Scalar());
    } else if (n.IsMap() && n.size() == 1 && !n.begin()->second.IsScalar()) {
        s->verb = str(n.begin()->first.Scalar());
        s->args = toJson(n.begin()->second).toObject();
    } else if (n.IsMap() && n[std::string("name")]) {
        const QJsonObject o = toJson(n).toObject();
        s->verb = o.value(u"name").toString();
        s->args = o;
        s->args.remove(QStringLiteral("name"));
    } else {
        throw Error{
            n.Mark(),
            QStringLiteral("%1 needs a name, e.g. \"%1: %2\"").arg(what, verbs.constFirst())};
    }
    if (!verbs.contains(s->verb))
        throw Error{
            n.Mark(),
            QStringLiteral("unknown %1 \"%2\" (known: %3)").arg(what, s->verb, verbs.join(u", "))};
}

/// A `waitFor:` or `when:` condition (`field` names it in errors).
QJsonObject parseCondition(const YAML::Node &n, const char *field)
{
    const QString f = QLatin1String(field);
    if (n.IsScalar()) {
        if (n.Scalar() != "synced")
            throw Error{n.Mark(), QStringLiteral("%1 takes \"synced\" or a map with kind "
                                                 "(and count, type, key, handler, component, "
                                                 "informer, detail, since)")
                                      .arg(f)};
        return {{QStringLiteral("synced"), true}};
    }
    if (n.IsMap() && n[std::string("synced")]) { // {synced: true, informer: nodes}
        checkKeys(n, {QStringLiteral("synced"), QStringLiteral("informer")}, f);
        if (!flag(n[std::string("synced")], "synced"))
            throw Error{n.Mark(), QStringLiteral("%1 synced takes true").arg(f)};
        return toJson(n).toObject();
    }
    checkKeys(n,
              {QStringLiteral("kind"), QStringLiteral("count"), QStringLiteral("type"),
               QStringLiteral("key"), QStringLiteral("handler"), QStringLiteral("since"),
               QStringLiteral("component"), QStringLiteral("informer"), QStringLiteral("detail")},
              f);
    if (const YAML::Node d = n[std::string("detail")]; d && !d.IsMap())
        throw Error{d.Mark(), QStringLiteral("%1 detail needs a map of fields, e.g. "
                                             "{outcome: provisioned}")
                                  .arg(f)};
    if (!n[std::string("kind")])
        throw Error{n.Mark(),
                    QStringLiteral("%1 needs a journal kind, e.g. kind: Bookmark").arg(f)};
    QJsonObject o = toJson(n).toObject();
    const QString since = o.value(u"since").toString(QStringLiteral("start"));
    if (since != QLatin1String("start") && since != QLatin1String("previous"))
        throw Error{n[std::string("since")].Mark(),
                    QStringLiteral("%1 since takes start or previous").arg(f)};
    return o;
}

/// "zh_CN" for key "caption_zh_CN" and field "caption" (a translation of that field); "" else.
QString translationOf(const QString &key, const char *field)
{
    static const QRegularExpression lang(QStringLiteral("^[a-z]{2}(_[A-Z]{2})?$"));
    const QString prefix = QLatin1String(field) + QLatin1Char('_');
    if (!key.startsWith(prefix))
        return {};
    const QString l = key.mid(prefix.size());
    return lang.match(l).hasMatch() ? l : QString();
}

/// "step 3 (create, line 12)": how a size error names its step.
QString stepName(int index, const QString &action, int line)
{
    return QStringLiteral("step %1 (%2, line %3)").arg(index + 1).arg(action).arg(line);
}

/// The `count` of a create or update step: a whole number from 1 to kMaxCountPerStep.
int stepCount(const YAML::Node &action, int index, const QString &verb, int line)
{
    const YAML::Node c = action.IsMap() ? action[std::string("count")] : YAML::Node();
    if (!c)
        return 1;
    const QJsonValue v = toJson(c);
    const double d = v.isDouble() ? v.toDouble() : -1;
    if (d < 1 || d != std::floor(d))
        throw Error{c.Mark(), QStringLiteral("%1: count needs a whole number from 1 to %2, got "
                                             "\"%3\"")
                                  .arg(stepName(index, verb, line))
                                  .arg(Scenario::kMaxCountPerStep)
                                  .arg(str(c.Scalar()))};
    if (d > Scenario::kMaxCountPerStep)
        throw Error{c.Mark(), QStringLiteral("%1: count %2 is over the limit of %3 objects per "
                                             "step")
                                  .arg(stepName(index, verb, line))
                                  .arg(str(c.Scalar()))
                                  .arg(Scenario::kMaxCountPerStep)};
    return int(d);
}

ScenarioStep parseStep(const YAML::Node &n, qint64 previousAt, int index)
{
    if (!n.IsMap())
        throw Error{n.Mark(), QStringLiteral("a step is a map such as {at: 1, caption: Hello}")};
    ScenarioStep s;
    s.line = n.Mark().line + 1;
    s.atMs = previousAt;
    static const QStringList actions = {
        QStringLiteral("caption"),  QStringLiteral("create"),      QStringLiteral("update"),
        QStringLiteral("delete"),   QStringLiteral("compact"),     QStringLiteral("fault"),
        QStringLiteral("informer"), QStringLiteral("provisioner"), QStringLiteral("runtime")};
    QString action;
    YAML::Node actionNode;
    for (auto it = n.begin(); it != n.end(); ++it) {
        const QString key = str(it->first.Scalar());
        const YAML::Node v = it->second;
        if (key == QLatin1String("at")) {
            s.atMs = milliseconds(v, "at");
            if (s.atMs < previousAt)
                throw Error{v.Mark(), QStringLiteral("at goes back in time (%1 s after %2 s)")
                                          .arg(double(s.atMs) / 1000)
                                          .arg(double(previousAt) / 1000)};
        } else if (key == QLatin1String("waitFor")) {
            s.waitFor = parseCondition(v, "waitFor");
        } else if (key == QLatin1String("when")) {
            s.when = parseCondition(v, "when");
        } else if (key == QLatin1String("timeout")) {
            s.waitTimeoutMs = milliseconds(v, "timeout");
        } else if (const QString lang = translationOf(key, "caption"); !lang.isEmpty()) {
            s.translatedText.insert(lang, text(v, "caption"));
        } else if (actions.contains(key)) {
            if (!action.isEmpty() && !(key == QLatin1String("caption") || action == u"caption"))
                throw Error{
                    it->first.Mark(),
                    QStringLiteral("one action per step (\"%1\" and \"%2\")").arg(action, key)};
            if (key == QLatin1String("caption")) {
                s.text = text(v, "caption");
                if (action.isEmpty())
                    action = key;
            } else {
                action = key;
                actionNode = v;
            }
        } else {
            throw Error{it->first.Mark(),
                        QStringLiteral("unknown step key \"%1\" (known: at, waitFor, when, "
                                       "timeout, caption_<lang>, %2)")
                            .arg(key, actions.join(u", "))};
        }
    }
    if (action.isEmpty() && !s.waitFor.isEmpty())
        action = QStringLiteral("caption"); // a step that only waits
    if (action.isEmpty())
        throw Error{n.Mark(),
                    QStringLiteral("the step has no action (one of %1)").arg(actions.join(u", "))};
    s.verb = action;
    if (action == QLatin1String("caption")) {
        s.action = ScenarioStep::Action::Caption;
    } else if (action == QLatin1String("create")) {
        s.action = ScenarioStep::Action::Create;
        checkKeys(actionNode,
                  {QStringLiteral("template"), QStringLiteral("name"), QStringLiteral("namespace"),
                   QStringLiteral("labels"), QStringLiteral("annotations"), QStringLiteral("count"),
                   QStringLiteral("size"), QStringLiteral("storageClass")},
                  QStringLiteral("create"));
        s.args = toJson(actionNode).toObject();
        stepCount(actionNode, index, action, s.line);
        if (!s.args.contains(u"template"))
            throw Error{actionNode.Mark(), QStringLiteral("create needs a template (pod, "
                                                          "configmap, ...)")};
        if ((s.args.contains(u"size") || s.args.contains(u"storageClass")) &&
            s.args.value(u"template").toString() != QLatin1String("claim"))
            throw Error{actionNode.Mark(), QStringLiteral("size and storageClass go with "
                                                          "template: claim")};
    } else if (action == QLatin1String("update") || action == QLatin1String("delete")) {
        s.action = action == QLatin1String("update") ? ScenarioStep::Action::Update
                                                     : ScenarioStep::Action::Delete;
        QStringList keys = {QStringLiteral("resource"), QStringLiteral("namespace"),
                            QStringLiteral("name")};
        if (s.action == ScenarioStep::Action::Update)
            keys << QStringLiteral("labels") << QStringLiteral("annotations")
                 << QStringLiteral("count");
        checkKeys(actionNode, keys, action);
        s.args = toJson(actionNode).toObject();
        if (s.action == ScenarioStep::Action::Update)
            stepCount(actionNode, index, action, s.line);
        if (s.args.value(u"name").toString().isEmpty())
            throw Error{actionNode.Mark(), QStringLiteral("%1 needs a name").arg(action)};
    } else if (action == QLatin1String("compact")) {
        s.action = ScenarioStep::Action::Compact;
        if (!actionNode.IsNull() && !(actionNode.IsScalar() && actionNode.Scalar().empty())) {
            checkKeys(actionNode, {QStringLiteral("revision")}, QStringLiteral("compact"));
            s.args = toJson(actionNode).toObject();
        }
        // The /sim/v1 compact control's check (faultargs.h); the revision against the store's
        // when the step plays (compactRevisionProblem).
        if (QString why; !checkFaultArgs(QStringLiteral("compact"), s.args, &s.args, &why))
            throw Error{actionNode.Mark(), why};
    } else if (action == QLatin1String("fault")) {
        s.action = ScenarioStep::Action::Fault;
        verbAndArgs(actionNode, kFaults, QStringLiteral("fault"), &s);
        // The same check as the /sim/v1 control API's (faultargs.h); the fallbacks filled in.
        if (QString why; !checkFaultArgs(s.verb, s.args, &s.args, &why))
            throw Error{actionNode.Mark(), why};
    } else if (action == QLatin1String("provisioner")) {
        s.action = ScenarioStep::Action::Provisioner;
        const QStringList knobs = {
            QStringLiteral("failNext"),        QStringLiteral("failClass"),
            QStringLiteral("passClass"),       QStringLiteral("latencyMs"),
            QStringLiteral("deleteLatencyMs"), QStringLiteral("failNextDeletes")};
        checkKeys(actionNode, knobs, QStringLiteral("provisioner"));
        if (actionNode.size() == 0)
            throw Error{actionNode.Mark(),
                        QStringLiteral("provisioner needs a setting, e.g. {failNext: 3}")};
        for (const char *k : {"failNext", "latencyMs", "deleteLatencyMs", "failNextDeletes"})
            if (actionNode[std::string(k)])
                s.args.insert(QLatin1String(k), number(actionNode[std::string(k)], k));
        for (const char *k : {"failClass", "passClass"})
            if (actionNode[std::string(k)])
                s.args.insert(QLatin1String(k), text(actionNode[std::string(k)], k));
    } else if (action == QLatin1String("runtime")) {
        s.action = ScenarioStep::Action::Runtime;
        checkKeys(actionNode, Scenario::runtimeSettingKeys(), QStringLiteral("runtime"));
        if (actionNode.size() == 0)
            throw Error{actionNode.Mark(),
                        QStringLiteral("runtime needs a setting, e.g. {reconcileLatencyMs: 500}")};
        s.args = toJson(actionNode).toObject();
    } else {
        s.action = ScenarioStep::Action::Informer;
        verbAndArgs(actionNode, kInformerActions, QStringLiteral("informer"), &s);
    }
    return s;
}

void parseRoot(const YAML::Node &root, Scenario *sc)
{
    if (!root.IsMap())
        throw Error{root.Mark(), QStringLiteral("a scenario is a map with title and steps")};
    for (auto it = root.begin(); it != root.end(); ++it) {
        const QString key = str(it->first.Scalar());
        const YAML::Node v = it->second;
        if (key == QLatin1String("name")) {
            sc->name = text(v, "name");
        } else if (key == QLatin1String("title")) {
            sc->title = text(v, "title");
        } else if (const QString lang = translationOf(key, "title"); !lang.isEmpty()) {
            sc->translatedTitle.insert(lang, text(v, "title"));
        } else if (key == QLatin1String("case")) {
            sc->caseId = text(v, "case");
        } else if (key == QLatin1String("description")) {
            sc->description = text(v, "description").trimmed();
        } else if (key == QLatin1String("cluster")) {
            checkKeys(v,
                      {QStringLiteral("pods"), QStringLiteral("seed"),
                       QStringLiteral("bookmarkIntervalMs"), QStringLiteral("historyLimit"),
                       QStringLiteral("ignoreSendInitialEvents"), QStringLiteral("watchCache"),
                       QStringLiteral("claims"), QStringLiteral("namespaces")},
                      QStringLiteral("cluster"));
            if (const YAML::Node ns = v[std::string("namespaces")]) {
                sc->namespaces = texts(ns, "namespaces");
                for (const QString &n : std::as_const(sc->namespaces))
                    if (!dns1123LabelErrors(n).isEmpty())
                        throw Error{ns.Mark(), QStringLiteral("cluster.namespaces: \"%1\" is not "
                                                              "a namespace name (a DNS-1123 "
                                                              "label)")
                                                   .arg(n)};
            }
            if (v[std::string("claims")])
                sc->seedClaims = flag(v[std::string("claims")], "claims");
            if (v[std::string("watchCache")])
                sc->watchCache = flag(v[std::string("watchCache")], "watchCache");
            if (const YAML::Node pods = v[std::string("pods")]) {
                const double n = number(pods, "pods");
                if (n > Scenario::kMaxObjects)
                    throw Error{pods.Mark(), QStringLiteral("cluster.pods %1 is over the limit of "
                                                            "%2 objects")
                                                 .arg(str(pods.Scalar()))
                                                 .arg(Scenario::kMaxObjects)};
                sc->pods = int(n);
            }
            if (v[std::string("seed")])
                sc->seed = quint32(number(v[std::string("seed")], "seed"));
            if (v[std::string("bookmarkIntervalMs")])
                sc->bookmarkIntervalMs =
                    int(number(v[std::string("bookmarkIntervalMs")], "bookmarkIntervalMs"));
            if (v[std::string("historyLimit")])
                sc->historyLimit =
                    qMax(1, int(number(v[std::string("historyLimit")], "historyLimit")));
            if (v[std::string("ignoreSendInitialEvents")])
                sc->ignoreSendInitialEvents =
                    flag(v[std::string("ignoreSendInitialEvents")], "ignoreSendInitialEvents");
        } else if (key == QLatin1String("informer")) {
            checkKeys(v,
                      {QStringLiteral("resource"), QStringLiteral("resources"),
                       QStringLiteral("namespace"), QStringLiteral("resyncSeconds"),
                       QStringLiteral("watchList"), QStringLiteral("queue"),
                       QStringLiteral("pageSize"),
                       QStringLiteral("watchListBookmarkTimeoutSeconds")},
                      QStringLiteral("informer"));
            if (v[std::string("pageSize")])
                sc->pageSize = int(number(v[std::string("pageSize")], "pageSize"));
            if (v[std::string("watchListBookmarkTimeoutSeconds")])
                sc->watchListBookmarkTimeoutMs =
                    qint64(std::llround(number(v[std::string("watchListBookmarkTimeoutSeconds")],
                                               "watchListBookmarkTimeoutSeconds") *
                                        1000));
            for (const char *k : {"resource", "resources"})
                if (v[std::string(k)])
                    sc->resources = texts(v[std::string(k)], k);
            if (v[std::string("namespace")])
                sc->namespace_ = text(v[std::string("namespace")], "namespace");
            if (v[std::string("resyncSeconds")])
                sc->resyncMs = qint64(
                    std::llround(number(v[std::string("resyncSeconds")], "resyncSeconds") * 1000));
            if (const YAML::Node wl = v[std::string("watchList")]) {
                sc->watchLists.clear();
                if (wl.IsSequence())
                    for (const auto &item : wl)
                        sc->watchLists << flag(item, "watchList");
                else
                    sc->watchLists << flag(wl, "watchList");
                if (sc->watchLists.isEmpty())
                    throw Error{wl.Mark(), QStringLiteral("watchList needs true, false or a "
                                                          "list of them")};
            }
            if (const YAML::Node q = v[std::string("queue")]) {
                sc->queues = texts(q, "queue");
                for (QString &mode : sc->queues) {
                    mode = mode.toLower();
                    if (mode != QLatin1String("deltafifo") && mode != QLatin1String("realfifo"))
                        throw Error{q.Mark(), QStringLiteral("queue takes deltafifo or realfifo "
                                                             "(or a list of them)")};
                }
            }
        } else if (key == QLatin1String("controller")) {
            // controller: provisioner, or {name: provisioner, threadiness: N}
            // (A yaml-cpp Node assigned to another rewrites what it refers to: no reassigning.)
            const YAML::Node name = v.IsMap() ? v[std::string("name")] : v;
            const bool runtimeSample =
                name && name.IsScalar() && name.Scalar() == std::string("runtime-sample");
            if (v.IsMap()) {
                checkKeys(v,
                          runtimeSample
                              ? QStringList{QStringLiteral("name"), QStringLiteral("compare")} +
                                    Scenario::runtimeSettingKeys()
                              : QStringList{QStringLiteral("name"), QStringLiteral("threadiness")},
                          QStringLiteral("controller"));
                if (const YAML::Node compare = v[std::string("compare")]) {
                    if (!compare.IsMap() || !compare[std::string("name")])
                        throw Error{compare.Mark(),
                                    QStringLiteral("compare needs a map with a name and the "
                                                   "settings that differ, e.g. {name: legacy, "
                                                   "usePriorityQueue: false}")};
                    checkKeys(compare,
                              QStringList{QStringLiteral("name")} + Scenario::runtimeSettingKeys(),
                              QStringLiteral("compare"));
                }
                if (runtimeSample) {
                    sc->controllerSettings = toJson(v).toObject();
                    sc->controllerSettings.remove(QLatin1String("name"));
                }
                if (!name)
                    throw Error{v.Mark(), QStringLiteral("controller needs a name (provisioner)")};
                if (const YAML::Node t = v[std::string("threadiness")]) {
                    const double n = number(t, "threadiness");
                    if (n < 1 || n > 64 || n != std::floor(n))
                        throw Error{t.Mark(), QStringLiteral("threadiness needs a whole number "
                                                             "from 1 to 64")};
                    sc->threadiness = int(n);
                }
            }
            sc->controller = text(name, "controller");
            if (sc->controller != QLatin1String("provisioner") && !runtimeSample)
                throw Error{name.Mark(), QStringLiteral("unknown controller \"%1\" (known: "
                                                        "provisioner, runtime-sample)")
                                             .arg(sc->controller)};
        } else if (key == QLatin1String("steps")) {
            if (!v.IsSequence())
                throw Error{v.Mark(), QStringLiteral("steps needs a list of steps")};
            qint64 at = 0;
            qint64 created = 0;
            qint64 writes = 0, writtenBytes = 0;
            for (const auto &item : v) {
                const int index = int(sc->steps.size());
                if (index >= Scenario::kMaxSteps)
                    throw Error{item.Mark(), QStringLiteral("step %1: more than %2 steps in one "
                                                            "scenario")
                                                 .arg(index + 1)
                                                 .arg(Scenario::kMaxSteps)};
                try {
                    sc->steps << parseStep(item, at, index);
                } catch (const TextBudgetSpent &) {
                    throw Error{item.Mark(),
                                QStringLiteral("step %1: the scenario's text passes %2 MiB here "
                                               "(as built in memory; YAML aliases, *name, repeat "
                                               "what they name: a scenario is a lesson, not a "
                                               "load test)")
                                    .arg(index + 1)
                                    .arg(Scenario::kMaxTextBytes >> 20)};
                }
                const ScenarioStep &s = sc->steps.constLast();
                at = s.atMs;
                // What the steps will write and create, in objects and in bytes (an object's
                // options repeated `count` times), bounded as a whole.
                const auto over = [&](bool exceeded, const QString &what, const QString &limit,
                                      const QString &note = {}) {
                    if (exceeded)
                        throw Error{item.Mark(),
                                    QStringLiteral("%1: the scenario %2 by this "
                                                   "step%3, over the limit of %4")
                                        .arg(stepName(index, s.verb, s.line), what, note, limit)};
                };
                const qint64 count = qMax(1, s.args.value(u"count").toInt(1));
                if (s.action == ScenarioStep::Action::Create ||
                    s.action == ScenarioStep::Action::Update ||
                    s.action == ScenarioStep::Action::Delete) {
                    writes += count;
                    writtenBytes +=
                        count * QJsonDocument(s.args).toJson(QJsonDocument::Compact).size();
                    over(writes > Scenario::kMaxWrites,
                         QStringLiteral("writes %1 objects").arg(writes),
                         QString::number(Scenario::kMaxWrites));
                    over(writtenBytes > Scenario::kMaxWrittenBytes,
                         QStringLiteral("writes %1 MiB of object options").arg(writtenBytes >> 20),
                         QStringLiteral("%1 MiB").arg(Scenario::kMaxWrittenBytes >> 20),
                         QStringLiteral(" (count × what one object is given)"));
                }
                if (s.action == ScenarioStep::Action::Create) {
                    created += count;
                    over(created > Scenario::kMaxObjects,
                         QStringLiteral("creates %1 objects").arg(created),
                         QString::number(Scenario::kMaxObjects));
                }
            }
        } else {
            throw Error{it->first.Mark(),
                        QStringLiteral("unknown key \"%1\" (known: name, title, title_<lang>, "
                                       "case, description, cluster, informer, controller, "
                                       "steps)")
                            .arg(key)};
        }
    }
    if (sc->steps.isEmpty())
        throw Error{root.Mark(), QStringLiteral("the scenario has no steps")};
}

} // namespace

QString ScenarioStep::actionName(Action a)
{
    switch (a) {
    case Action::Caption:
        return QStringLiteral("caption");
    case Action::Create:
        return QStringLiteral("create");
    case Action::Update:
        return QStringLiteral("update");
    case Action::Delete:
        return QStringLiteral("delete");
    case Action::Compact:
        return QStringLiteral("compact");
    case Action::Fault:
        return QStringLiteral("fault");
    case Action::Informer:
        return QStringLiteral("informer");
    case Action::Provisioner:
        return QStringLiteral("provisioner");
    case Action::Runtime:
        return QStringLiteral("runtime");
    }
    return {};
}

QStringList Scenario::runtimeSettingKeys()
{
    return {QStringLiteral("maxConcurrentReconciles"),
            QStringLiteral("usePriorityQueue"),
            QStringLiteral("reconcileLatencyMs"),
            QStringLiteral("requeueAfterMs"),
            QStringLiteral("failEvery"),
            QStringLiteral("terminalPattern"),
            QStringLiteral("hang"),
            QStringLiteral("panic"),
            QStringLiteral("namespace")};
}

bool Scenario::startsInformer() const
{
    for (const ScenarioStep &s : steps)
        if (s.action == ScenarioStep::Action::Informer && s.verb == QLatin1String("start"))
            return true;
    return false;
}

QStringList Scenario::informersStartedBySteps() const
{
    QStringList out;
    for (const ScenarioStep &s : steps)
        if (s.action == ScenarioStep::Action::Informer && s.verb == QLatin1String("start"))
            out << s.args.value(u"informer").toString();
    return out;
}

bool Scenario::parse(const QByteArray &yaml, const QString &sourceName, Scenario *out,
                     QString *error)
{
    Scenario sc;
    sc.name = QFileInfo(sourceName).completeBaseName();
    auto fail = [&](const YAML::Mark &m, const QString &msg) {
        if (error)
            *error = QStringLiteral("%1:%2:%3: %4")
                         .arg(sourceName)
                         .arg(m.line + 1)
                         .arg(m.column + 1)
                         .arg(msg);
        return false;
    };
    resetTextBudget(Scenario::kMaxTextBytes);
    try {
        parseRoot(YAML::Load(yaml.toStdString()), &sc);
    } catch (const Error &e) {
        return fail(e.mark, e.message);
    } catch (const TextBudgetSpent &) {
        return fail(YAML::Mark(), QStringLiteral("the scenario's text passes %1 MiB (YAML "
                                                 "aliases, *name, repeat what they name)")
                                      .arg(Scenario::kMaxTextBytes >> 20));
    } catch (const YAML::DeepRecursion &e) {
        // yaml-cpp's depth guard says "bad file"; say what is wrong.
        return fail(e.mark, QStringLiteral("the YAML is nested deeper than %1 levels, the most "
                                           "yaml-cpp reads")
                                .arg(e.depth() - 1));
    } catch (const YAML::Exception &e) {
        return fail(e.mark, QString::fromStdString(e.msg));
    }
    *out = std::move(sc);
    return true;
}

bool Scenario::load(const QString &nameOrFile, Scenario *out, QString *error)
{
    QString path = nameOrFile;
    if (!QFileInfo::exists(path)) {
        path = kResourcePrefix + nameOrFile + QStringLiteral(".yaml");
        if (!QFile::exists(path)) {
            if (error)
                *error = QStringLiteral("no scenario \"%1\": not a file, and not one of the "
                                        "shipped scenarios (%2)")
                             .arg(nameOrFile, shippedNames().join(u", "));
            return false;
        }
    }
    QByteArray text;
    QString why;
    if (!readBoundedFile(path, fileLimits::kScenario, &text, &why)) {
        if (error)
            *error = QStringLiteral("cannot read the scenario: %1").arg(why);
        return false;
    }
    const QString source =
        path.startsWith(kResourcePrefix) ? QFileInfo(path).fileName() : nameOrFile;
    return parse(text, source, out, error);
}

QStringList Scenario::shippedNames()
{
    QStringList names;
    for (const QString &f :
         QDir(kResourcePrefix).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name))
        names << QFileInfo(f).completeBaseName();
    return names;
}

} // namespace lens::sim
