// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace lens::sim {

/// One step of a Scenario: at scenario time `atMs`, optionally after the `waitFor` condition
/// holds, do one action. See docs/scenarios.md for the YAML form of every action.
struct ScenarioStep {
    enum class Action {
        Caption,  ///< show `text` to the learner (journal event + Session::captionChanged)
        Create,   ///< args: template, name, namespace, labels, annotations, count
        Update,   ///< args: resource, namespace, name, labels, annotations, count
        Delete,   ///< args: resource, namespace, name
        Compact,  ///< args: revision (optional; default the current revision)
        Fault,    ///< verb: a /sim/v1 fault (drop-watches, fail, stall, ...); args: its options
        Informer, ///< verb: start, stop, pause, resume, step, add-handler, set-resync, set-delay
        /// the built-in provisioner's knobs; args: failNext, failClass, passClass, latencyMs,
        /// deleteLatencyMs, failNextDeletes (any of them, applied in that order)
        Provisioner,
        /// the runtime-sample controller's settings, live; args: any of
        /// Scenario::runtimeSettingKeys() (maxConcurrentReconciles and usePriorityQueue
        /// rebuild the controller)
        Runtime,
    };
    qint64 atMs = 0; ///< scenario time in milliseconds (YAML `at:` is in seconds)
    Action action = Action::Caption;
    QString verb;     ///< fault / informer action name; the action's name otherwise
    QJsonObject args; ///< the action's options (YAML map → JSON)
    QString text;     ///< Caption: the text; other actions: an optional `caption:` beside
    /// `caption_<lang>:` (e.g. caption_zh_CN) translations of `text`, by language.
    QHash<QString, QString> translatedText;
    /// `text` in `lang` ("zh_CN"), or `text` itself when the scenario has no translation.
    QString textIn(const QString &lang) const { return translatedText.value(lang, text); }
    QJsonObject waitFor;          ///< empty = none; {"synced":true} or {"kind":..,"count":..,...}
    qint64 waitTimeoutMs = 15000; ///< real milliseconds to wait for `waitFor` before going on
    /// Empty = always. Else a condition of the same form as `waitFor`, asked once when the step
    /// is due (after its `waitFor`): the step runs only if it holds, and is skipped otherwise
    /// (ScenarioPlayer::skipped). A caption about something that may or may not happen (a
    /// race) is shown only when the journal recorded it.
    QJsonObject when;
    int line = 0; ///< 1-based line of the step in its file

    static QString actionName(Action a);
};

/// A teaching / test scenario: the built-in cluster's starting state, how the Session's
/// informer is set up, and timed steps on a manual clock (ScenarioPlayer plays them).
///
/// The format is YAML (parsed with yaml-cpp), documented in docs/scenarios.md. Shipped
/// scenarios are Qt resources under ":/lens/scenarios/NAME.yaml" (resources/scenarios/).
struct Scenario {
    QString name;  ///< the file's base name ("fs01-delete-while-disconnected")
    QString title; ///< one line for people
    QHash<QString, QString> translatedTitle; ///< `title_<lang>:` (e.g. title_zh_CN), by language
    /// `title` in `lang` ("zh_CN"), or `title` itself when the scenario has no translation.
    QString titleIn(const QString &lang) const { return translatedTitle.value(lang, title); }
    QString caseId;      ///< e.g. "FS-01" (acceptance row), may be empty
    QString description; ///< a paragraph for people

    // cluster: (the built-in simulated cluster at time 0; churn is always off)
    int pods = 4;                         ///< seeded pods (from the real pod templates)
    quint32 seed = 1;                     ///< names and uids
    int bookmarkIntervalMs = 60000;       ///< the server's BOOKMARK period
    int historyLimit = 1000;              ///< change events kept (watch cache window)
    bool ignoreSendInitialEvents = false; ///< act like a pre-1.27 server (no WatchList)
    bool watchCache = true; ///< false: lists at resourceVersion "0" honour limit (paged)
    /// false: the seeded claims (default/data-0, data-1, logs) are left out; the default
    /// StorageClass "standard" is still there.
    bool seedClaims = true;
    /// Namespaces created besides the seeded ones (default, kube-system, shop, analytics).
    QStringList namespaces;

    // informer: (applied to the Session's informers before the steps run). One informer per
    // resource, queue and list mode (the Session names them as `informer-lens` does: "pods",
    // or "pods/realfifo" when one resource is watched with two queues); the first is the one
    // informer actions act on unless they name another.
    QStringList resources{QStringLiteral("pods")}; ///< core/v1 resources
    QString namespace_;                            ///< "" = all namespaces
    qint64 resyncMs = 0;                           ///< defaultEventHandlerResyncPeriod
    QList<bool> watchLists{false}; ///< WatchList (true) instead of LIST+WATCH (false)
    QStringList queues{QStringLiteral("deltafifo")}; ///< deltafifo and/or realfifo
    int pageSize = 0;                                ///< the reflector's page size (0 = default)
    qint64 watchListBookmarkTimeoutMs = 0; ///< WatchList: fall back when no end bookmark (0 = no)

    // controller: (the Session's controller on top of the informers; Session::Options::controller)
    QString controller;  ///< "provisioner", "runtime-sample" or "" (none)
    int threadiness = 0; ///< the controller's workers per queue; 0 = the Session's default
    /// runtime-sample: the controller: section's settings besides its name (keys of
    /// runtimeSettingKeys(); their values are checked when the Session applies them).
    QJsonObject controllerSettings;
    /// The settings runtime-sample's controller: section and `runtime:` steps take
    /// (lens::runtime::SampleSettings::keys(); core/sim does not see core/runtime).
    static QStringList runtimeSettingKeys();

    QList<ScenarioStep> steps; ///< in file order; `at` never decreases

    /// Sizes the loader accepts (a scenario is a lesson, not a load test: `create: {count:
    /// 1000000}` once grew the program to 24 GB). Beyond them Scenario::parse fails with the
    /// step, its line and the limit.
    static constexpr int kMaxCountPerStep = 10000; ///< create/update `count` of one step
    static constexpr int kMaxObjects = 50000;      ///< cluster.pods; the sum of every create count
    static constexpr int kMaxSteps = 10000;        ///< steps in one scenario
    /// Objects created, updated and deleted by all steps together (`count` each): 10 000
    /// steps of `update count: 10000` were 10⁸ writes, 39 minutes of work; 10⁶ writes at one
    /// instant still held the event loop for 80 s (signals and --duration waited).
    static constexpr qint64 kMaxWrites = 100000;
    /// Bytes of object options the steps write (`count` × the step's options as JSON): 10 000
    /// objects with a 1 MiB annotation each passed 8 GB.
    static constexpr qint64 kMaxWrittenBytes = qint64(256) << 20;
    /// What the YAML may expand to in memory, bytes: every key and scalar at two bytes a
    /// character and every value built at 64 bytes, aliases counted each time they are named
    /// (billion laughs, with text or with empty leaves, stops here). The file itself is at most
    /// 16 MiB (fileLimits::kScenario).
    static constexpr qint64 kMaxTextBytes = qint64(64) << 20;
    /// The most seconds `at` and `timeout` take (a year).
    static constexpr qint64 kMaxSeconds = 365LL * 24 * 3600;

    /// Scenario time of the last step, in milliseconds.
    qint64 durationMs() const { return steps.isEmpty() ? 0 : steps.constLast().atMs; }
    /// True when some step is an informer action "start" (else the Session starts it at once).
    bool startsInformer() const;
    /// The informers a "start" step starts (their `informer:` option; "" = the default, the
    /// first informer). The others start with the scenario.
    QStringList informersStartedBySteps() const;

    /// Parses YAML text. On error returns false and sets `*error` to
    /// "SOURCE:LINE:COLUMN: what is wrong" (1-based, from yaml-cpp's Mark).
    static bool parse(const QByteArray &yaml, const QString &sourceName, Scenario *out,
                      QString *error);
    /// Loads a shipped scenario by name (see shippedNames()) or a YAML file by path.
    /// Errors: unknown name / unreadable file / parse errors, in `*error`.
    static bool load(const QString &nameOrFile, Scenario *out, QString *error);
    /// Names of the shipped scenarios, sorted.
    static QStringList shippedNames();
};

} // namespace lens::sim
