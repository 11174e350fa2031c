// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "informer/sharedinformer.h"
#include "trace/journal.h"

#include <QObject>
#include <QUrl>

#include <memory>

namespace lens {

namespace sim {
class ApiServer;
class ChurnGenerator;
class Simulator;
class Store;
} // namespace sim
class ListerWatcher;

/// The wiring every front end shares (the window, `--headless`, tests): one journal on one
/// clock, the built-in simulated API server (or an external URL), an HTTP ListerWatcher over
/// QNetworkAccessManager and a SharedIndexInformer with one logging handler.
class Session : public QObject {
    Q_OBJECT
public:
    struct Options {
        /// Empty: start the built-in simulated API server on 127.0.0.1 (ephemeral port).
        QUrl server;
        QString bearerToken;                       ///< sent as Authorization: Bearer (never logged)
        QString resource = QStringLiteral("pods"); ///< core/v1 resource name
        QString namespace_;                        ///< "" = all namespaces
        qint64 resyncPeriodMs = 30000; ///< the informer's defaultEventHandlerResyncPeriod
        int churnIntervalMs =
            1000;         ///< built-in cluster: one create/update/delete per interval; 0 = off
        quint32 seed = 1; ///< built-in cluster churn and reflector jitter
        /// DeltaFIFO (client-go v0.32 informers) or RealFIFO (InOrderInformers, 1.33+).
        SharedIndexInformer::QueueMode queueMode = SharedIndexInformer::QueueMode::DeltaFIFO;
        /// WatchList (streaming list, sendInitialEvents) instead of LIST then WATCH.
        bool useWatchList = false;
    };

    explicit Session(Options options, QObject *parent = nullptr);
    ~Session() override;

    /// Starts the simulator (if built in) and the informer. Returns false with `*error` set
    /// (in words a user understands) when the simulator cannot listen.
    bool start(QString *error = nullptr);
    void stop();

    const Options &options() const { return m_opts; }
    Journal *journal() const { return m_journal; }
    const Clock *clock() const { return &m_clock; }
    SharedIndexInformer *informer() const { return m_informer; }
    /// The built-in cluster (null when talking to an external server), its store, HTTP server
    /// and churn generator.
    sim::Simulator *simulator() const { return m_sim; }
    sim::Store *simulatorStore() const;
    sim::ApiServer *simulatorServer() const;
    sim::ChurnGenerator *churn() const;
    /// The API server's base URL (for the built-in one, known after start()).
    QUrl serverUrl() const;
    /// e.g. "pods (all namespaces) at http://127.0.0.1:40123 — built-in simulated cluster ·
    /// DeltaFIFO · LIST+WATCH".
    QString sourceDescription() const;

Q_SIGNALS:
    void synced();

private:
    Options m_opts;
    SteadyClock m_clock;
    Journal *m_journal;
    sim::Simulator *m_sim = nullptr;
    std::unique_ptr<ListerWatcher> m_lw;
    SharedIndexInformer *m_informer = nullptr;
};

} // namespace lens
