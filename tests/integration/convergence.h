// SPDX-License-Identifier: Apache-2.0
#pragma once
// The fault-convergence property test's run (issue 17, item 1): one seed draws an informer
// configuration and a schedule of writes and faults against the built-in cluster over real HTTP,
// plays it, lets the informer settle and checks what must hold afterwards. docs/convergence.md.

#include "informer/sharedinformer.h"
#include "trace/clock.h"
#include "trace/journal.h"

#include <QJsonObject>
#include <QMap>
#include <QObject>
#include <QRandomGenerator>
#include <QStringList>

#include <memory>

class QTimer;

namespace lens {
class HttpListerWatcher;
class ListerWatcher;
namespace sim {
class ApiServer;
class Store;
} // namespace sim
} // namespace lens

namespace lens::test {

/// What one seed runs: drawn from the seed before the schedule.
struct ConvergenceConfig {
    SharedIndexInformer::QueueMode mode = SharedIndexInformer::QueueMode::DeltaFIFO;
    bool atomicEvents = false; ///< RealFIFO's AtomicEvents
    bool watchList = false;    ///< WatchList instead of LIST+WATCH
    /// WatchList: fall back to LIST+WATCH when the initial-events-end bookmark has not come in
    /// this many clock ms; 0 = wait as client-go does (then a server that ignores
    /// sendInitialEvents is never drawn: client-go would wait for the server's timeoutSeconds).
    qint64 bookmarkTimeoutMs = 0;
    bool selector = false;  ///< the informer lists and watches with labelSelector conv=in
    bool watchCache = true; ///< false: a LIST at resourceVersion "0" is paged too
    int pageSize = 0;       ///< the reflector's WatchListPageSize; 0 = client-go's rules
    int pods = 0;           ///< pods seeded before the informer starts
    int steps = 0;          ///< schedule length
    qint64 defaultResyncMs = 0;
    qint64 ownResyncMs = 0;   ///< the third listener's own resync period
    int slowDelayMs = 0;      ///< the slow listener's processing delay (real milliseconds)
    int lateListenerStep = 0; ///< a fourth listener is added to the running informer then
    /// Undecoded watch bytes the client tolerates before it lets a watch that fell behind go and
    /// resumes it (HttpListerWatcher::setWatchBacklogLimit); 0 = its default (16 MiB). Drawn
    /// from a second generator, so that the rest of a seed's draw is what it was before.
    qint64 watchBacklogLimit = 0;

    /// Draws from `rng` (seeded with `seed`), and the backlog limit from its own generator.
    static ConvergenceConfig draw(QRandomGenerator &rng, quint32 seed);
    QString describe() const;
};

/// One listener's view of the informer, built only from its notifications, and every
/// inconsistency seen on the way (an add for a key it holds, an update or delete for a key it
/// never got, an update whose old object is not the last one it was given).
struct ListenerModel {
    QString name;
    QMap<QString, QString> held; ///< key → resourceVersion of the last notification
    QStringList violations;
    qint64 notifications = 0;
    ResourceEventHandler handler();
};

/// One seed: start, play, settle, check. Nothing sleeps: the test drives the ManualClock the
/// informer runs on (backoff, Retry-After, resync) and waits for events on the event loop.
class ConvergenceRun : public QObject {
    Q_OBJECT
public:
    explicit ConvergenceRun(quint32 seed, QObject *parent = nullptr);
    ~ConvergenceRun() override;

    /// Plays the whole run; "" when every property held, else what failed, the configuration
    /// and the last steps of the schedule.
    QString run();

    const ConvergenceConfig &config() const { return m_cfg; }
    int faults() const { return m_faults; }
    int writes() const { return m_writes; }
    int lists() const;
    /// What the reflector went through, for the coverage tally: "listStarted cause=watch
    /// expired", "watchError code=410", "backoff reason=429 on watch", ... → how often.
    QMap<QString, int> paths() const;

private:
    enum class Wait { No, Events };
    bool start(QString *error);
    bool startServer(QString *error);
    void stopServer();
    /// Registers a listener ("fast", "slow", "own-resync" or "late") and its model.
    bool addListener(const QString &name, QString *error);
    void step(int i);
    /// A pod `ns`/`name` from a random template, labelled conv=in (`selected`) or conv=out.
    QJsonObject newPod(const QString &ns, const QString &name, bool selected);
    void write(int kind);
    void fault(int kind);
    void onRequestHandled(const QString &method, const QString &target, int status);
    /// One pass of the event loop; with Wait::Events it blocks until something arrives or
    /// 1 ms has passed. Checks HasSynced after it.
    void turn(Wait wait);
    void pump(int turns);
    QString settle();
    QString check() const;
    bool converged() const;
    QMap<QString, QString> expected() const;
    quint64 progress() const;
    void note(const QString &what);
    QString failure(const QString &what) const;

    quint32 m_seed;
    QRandomGenerator m_rng;
    ConvergenceConfig m_cfg;
    ManualClock m_clock;
    std::unique_ptr<Journal> m_journal;
    std::unique_ptr<sim::Store> m_store;
    sim::ApiServer *m_server = nullptr;
    quint16 m_port = 0;
    int m_downSteps = 0; ///< steps left with the server down
    bool m_ignoreSendInitialEvents = false;
    int m_bookmarkIntervalMs = 0;
    bool m_compactOnNextPage = false;
    std::unique_ptr<HttpListerWatcher> m_http;
    std::unique_ptr<ListerWatcher> m_lw;
    std::unique_ptr<SharedIndexInformer> m_informer;
    QList<ListenerModel *> m_models;
    QList<ProcessorListener *> m_listeners;
    QTimer *m_guard;
    bool m_wasSynced = false;
    QList<bool> m_listenerWasSynced;
    quint64 m_settleSeq = 0;
    QStringList m_syncViolations;
    QStringList m_log;
    int m_faults = 0;
    int m_writes = 0;
    int m_created = 0;
    QStringList m_deletedNames; ///< names of deleted pods, for re-creation
};

} // namespace lens::test
