// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/object.h"
#include "trace/clock.h"

#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QUrl>

namespace lens::sim {

class ApiServer;
class ChurnGenerator;
class PersistentVolumeController;
class ProtectionController;
class Store;

/// The whole simulated cluster in one object, for the app, the UI and tests: a Store seeded
/// from the embedded fixtures, an ApiServer on 127.0.0.1 (Options::address), a ChurnGenerator and
/// kube-controller-manager's storage half (the PersistentVolumeController and the
/// pvc-/pv-protection ProtectionController; docs/simulator.md "Storage").
///
///     lens::sim::Simulator sim;
///     lens::sim::Simulator::Options o;   // port 0 = ephemeral, 16 pods, churn off
///     if (!sim.start(o, &error)) ...
///     informer.setServer(sim.url());     // http://127.0.0.1:PORT
///     sim.compact(); sim.dropWatches(); sim.failNextRequests(2, 429, 1);
///
/// Threading: create it in the thread whose event loop should serve HTTP (the GUI thread is
/// fine: requests take microseconds to milliseconds). The fault controls are Q_INVOKABLE for
/// calls from other threads via QMetaObject::invokeMethod.
class Simulator : public QObject {
    Q_OBJECT
public:
    struct Options {
        quint16 port = 0; ///< 0 = ephemeral
        /// Where to listen: loopback only by default (ApiServer::start();
        /// informer-lens-sim --bind-address); QHostAddress::Any = every interface.
        QHostAddress address = QHostAddress::LocalHost;
        int pods = -1;                  ///< seeded pods; -1 = Fixtures::DefaultPodCount
        quint32 seed = 1;               ///< seeds names/uids and the churn sequence
        int churnIntervalMs = 0;        ///< 0 = no churn
        int bookmarkIntervalMs = 60000; ///< periodic BOOKMARK period (allowWatchBookmarks)
        int historyLimit = 1000;        ///< change events kept for watches
        int historyWindowMs = 0;        ///< and for at most this long (0 = no time limit)
        bool seedObjects = true;        ///< false = start with an empty store
        /// With seedObjects: false leaves out the seeded claims (Fixtures::seedStorage); the
        /// default StorageClass is still seeded.
        bool seedClaims = true;
        /// With seedObjects: namespaces created besides the seeded ones
        /// (Fixtures::addNamespaces; a scenario's cluster.namespaces).
        QStringList extraNamespaces;
        /// Behave like a pre-1.27 server: ignore sendInitialEvents / resourceVersionMatch on
        /// watches (ApiServer::setIgnoreSendInitialEvents()).
        bool ignoreSendInitialEvents = false;
        /// false = ApiServer::setWatchCache(false): lists at resourceVersion "0" are paged.
        bool watchCache = true;
        /// Serve HTTPS with a CA and server certificate generated at start (generateTlsMaterial():
        /// needs the openssl command). url() is then https://127.0.0.1:PORT.
        bool tls = false;
        /// Require this bearer token on every request (ApiServer::setBearerToken()); empty = no
        /// authentication.
        QString token;
        /// Client-certificate authentication (kube-apiserver --client-ca-file): implies `tls`;
        /// the generated CA also signs a client certificate (clientCertificatePem()) that
        /// writeKubeconfig() puts into the kubeconfig. Requests need that certificate or the
        /// token.
        bool clientCertificates = false;
        /// Store::setReproducible(clock, seed): timestamps from this clock, names and uids from
        /// `seed` (the same run gives the same objects). Null = wall clock, random uids.
        const Clock *reproducibleClock = nullptr;
        /// Run kube-controller-manager's storage controllers (PersistentVolumeController,
        /// ProtectionController). With seedObjects the seeded claims are then annotated for
        /// their provisioner before start() returns.
        bool storageControllers = true;
        /// The PV controller's resync (--pvclaimbinder-sync-period), on reproducibleClock when
        /// one is set, else on the wall clock; 0 = none.
        int pvResyncMs = 15000;
    };

    explicit Simulator(QObject *parent = nullptr);
    ~Simulator() override;

    /// Seeds the store and starts listening. Returns false (and sets `*error`) when the port
    /// cannot be bound. Call once.
    bool start(const Options &options, QString *error = nullptr);
    /// Same with default Options (ephemeral port, seeded pods, no churn).
    bool start(QString *error = nullptr) { return start(Options{}, error); }

    QUrl url() const;
    quint16 port() const;

    Store *store() const { return m_store; }
    ApiServer *server() const { return m_server; }
    ChurnGenerator *churn() const { return m_churn; }
    /// kube-controller-manager's persistentvolume-controller and the pvc-/pv-protection
    /// controllers (running after start() unless Options::storageControllers is false).
    PersistentVolumeController *pvController() const { return m_pvController; }
    ProtectionController *protectionController() const { return m_protection; }

    /// The CA certificate (PEM) clients must trust when Options::tls is set; empty otherwise.
    QByteArray caCertificatePem() const { return m_caPem; }
    /// With Options::clientCertificates: the client certificate and its key (PEM) that the
    /// server accepts; empty otherwise. The key is a secret: never log it.
    QByteArray clientCertificatePem() const { return m_clientCertPem; }
    QByteArray clientKeyPem() const { return m_clientKeyPem; }
    /// The required bearer token (Options::token); empty = none.
    QString token() const;

    /// Writes a kubeconfig pointing at url() (see writeKubeconfig()), with the CA data, the
    /// token and the client certificate when TLS / authentication are on.
    bool writeKubeconfig(const QString &path, QString *error = nullptr) const;

    // ---- conveniences forwarding to the parts ----------------------------------------------
    /// Store::compact(): revision -1 = the current revision.
    Q_INVOKABLE void compact(qint64 revision = -1);
    /// ApiServer::dropWatches().
    Q_INVOKABLE int dropWatches(bool midEvent = false);
    /// ApiServer::expireWatches(): compact, then 410 Expired on every watch (a relist).
    Q_INVOKABLE int expireWatches();
    /// ApiServer::failNextRequests().
    Q_INVOKABLE void failNextRequests(int count, int httpStatus, int retryAfterSeconds = 0);
    /// ApiServer::sendGarbageOnWatches(): a line that is not JSON on every open watch.
    Q_INVOKABLE int sendGarbageOnWatches();
    /// ApiServer::stallWatches(): no bytes on any watch for `ms` milliseconds.
    Q_INVOKABLE int stallWatches(int ms);
    /// ApiServer::answerTooLargeResourceVersion(): the next `count` lists/watches get 504
    /// "Too large resource version".
    Q_INVOKABLE void answerTooLargeResourceVersion(int count);
    /// ApiServer::setIgnoreSendInitialEvents(): act like a server without WatchList.
    Q_INVOKABLE void setIgnoreSendInitialEvents(bool ignore);
    /// ApiServer::setBookmarkInterval() (milliseconds).
    Q_INVOKABLE void setBookmarkInterval(int ms);
    /// ChurnGenerator::setIntervalMs() (milliseconds; 0 = off).
    Q_INVOKABLE void setChurnInterval(int ms);
    Q_INVOKABLE int openWatchCount() const;
    Q_INVOKABLE qint64 revision() const;
    /// Store::objects(): all objects of `resource` ("pods"), sorted by namespace/name.
    QList<lens::Object> objects(const QString &resource) const;

private:
    Store *m_store;
    ApiServer *m_server;
    ChurnGenerator *m_churn;
    PersistentVolumeController *m_pvController = nullptr;
    ProtectionController *m_protection = nullptr;
    SteadyClock m_steadyClock; ///< the PV controller's clock without a reproducible one
    QByteArray m_caPem;
    QByteArray m_clientCertPem;
    QByteArray m_clientKeyPem;
};

} // namespace lens::sim
