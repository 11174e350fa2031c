// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "client/restconfig.h"
#include "client/restnetworkaccessmanager.h"
#include "trace/traceevent.h"

#include <QJsonObject>
#include <QMap>
#include <QNetworkAccessManager>
#include <QObject>
#include <QPointer>
#include <QUrl>
#include <QUrlQuery>

#include <optional>

#include <functional>

namespace lens {

class Journal;

/// What GET /sim/v1/state of a simulated cluster (the built-in one or informer-lens-sim) said,
/// as the journal keeps it: one Info event of component "simulator", type "state", whose
/// detail holds these fields typed (numbers as numbers, objects per resource as an object) and
/// an English one-line summary in detail.message for readers of the raw journal. Views build
/// their text from the typed fields (fromEvent), never from the summary.
struct SimulatorState {
    QString server;                    ///< the URL that answered, e.g. http://127.0.0.1:40117
    qint64 revision = -1;              ///< -1 = no state (isValid() false)
    qint64 compactedRevision = 0;      ///< etcd's compaction point
    qint64 oldestRetainedRevision = 0; ///< watches from an older resourceVersion get 410
    QMap<QString, qint64> objects;     ///< objects per resource ("pods" → 16)
    int openWatches = 0;
    bool churn = false;      ///< the churn generator is writing
    int churnIntervalMs = 0; ///< its period (0 = off)
    int bookmarkIntervalMs = 0;
    // Faults in force.
    int pendingFailures = 0; ///< requests still to fail ...
    int failCode = 0;        ///< ... with this HTTP status
    int pendingTooLarge = 0; ///< lists/watches still to get "Too large resource version"
    int stallRemainingS = 0; ///< seconds of watch stall left (rounded up)
    bool ignoreSendInitialEvents = false; ///< acting as a server before 1.27

    bool isValid() const { return revision >= 0; }
    /// All objects of all resources.
    qint64 objectCount() const;
    /// Whether any fault is in force (failures, too-large answers, a stall, no WatchList).
    bool hasFaults() const;

    /// Reads a /sim/v1/state answer.
    static SimulatorState fromAnswer(const QJsonObject &answer, const QString &server);
    /// The journal detail (typed fields and the summary message).
    QJsonObject toDetail() const;
    /// The state a journal event carries; invalid when `event` is not a simulator state event.
    static SimulatorState fromEvent(const TraceEvent &event);
    /// The newest state journaled at or before `seq` (0 = the newest of all); invalid when
    /// there is none (yet, or no longer: the journal dropped it).
    static SimulatorState at(const Journal &journal, quint64 seq = 0);

    bool operator==(const SimulatorState &o) const = default;
};

/// How the window reaches a simulated cluster's /sim/v1/ control API: the server and its TLS
/// and credentials (an empty server = none: a panel only shows what the journal recorded),
/// the kubeconfig "Copy kubeconfig" puts on the clipboard, and how often the state is polled
/// while a panel shows it (0 = only after an action and when asked: exact pictures).
struct SimulatorAccess {
    RestConfig rest;
    QString kubeconfig;
    int pollMs = 1000;
    /// Show the server's port as "PORT" (exact pictures: the built-in cluster's ephemeral port
    /// differs from run to run). The kubeconfig keeps the real one.
    bool hidePort = false;
    /// Who can connect to the server, as the server that this process started says
    /// (sim::ApiServer::isLoopbackOnly()): true = this machine only, false = other machines too
    /// (the panel warns), unset = not known (a cluster another process serves).
    std::optional<bool> loopbackOnly;
    /// The journal the panel records into and draws its state from; null = the window's (the
    /// session's journal: the simulator's events belong to no informer).
    Journal *journal = nullptr;
};

/// A client of a simulated cluster's /sim/v1/ control API (docs/simulator.md) over HTTP, as any
/// program would talk to it (QNetworkAccessManager, with the RestConfig's TLS and credentials):
/// the window's Simulator panel uses it for the built-in cluster and could equally use it for a
/// separate informer-lens-sim. Widgets-free.
///
/// Everything it learns is journaled (component "simulator", TraceKind::Info), so state and
/// actions replay and time-travel with the informer's events:
/// - fetchState(): GET /sim/v1/state; the answer is journaled as type "state" (SimulatorState)
///   when it differs from the last state journaled (a poll that finds nothing new adds
///   nothing);
/// - post(): POST /sim/v1/CONTROL?QUERY; the answer is journaled as type "action" with
///   detail.action (the control), detail.parameters (the query), detail.answer (the JSON the
///   server sent) and detail.message (what the caller's `describe` makes of the answer), then
///   the state is fetched again;
/// - a request that fails (no connection, a non-2xx status) is journaled as type "error" with
///   detail.action, detail.code (HTTP status, 0 without an answer) and detail.message naming
///   the request and the server's Status message or the network error.
/// busy() says whether requests are in flight; idle() is emitted when the last one finished.
class SimulatorClient : public QObject {
    Q_OBJECT
public:
    /// `journal` may be null (nothing is journaled, signals still come). Not owned.
    SimulatorClient(RestConfig config, Journal *journal, QObject *parent = nullptr);

    QUrl server() const { return m_config.server; }
    bool isBusy() const { return m_pending > 0; }

    void fetchState();
    void post(const QString &control, const QUrlQuery &query,
              std::function<QString(const QJsonObject &answer)> describe);

Q_SIGNALS:
    /// A state answer arrived (journaled or, unchanged, not).
    void stateArrived(const lens::SimulatorState &state);
    /// No request is in flight any more.
    void idle();

private:
    void send(const QByteArray &verb, const QString &control, const QUrlQuery &query,
              std::function<void(const QJsonObject &)> onAnswer);
    void journal(const QString &type, const QJsonObject &detail);
    void finished();

    RestConfig m_config;
    QPointer<Journal> m_journal;
    RestNetworkAccessManager m_nam;
    SimulatorState m_lastJournaled;
    int m_pending = 0;
};

} // namespace lens

Q_DECLARE_METATYPE(lens::SimulatorState)
