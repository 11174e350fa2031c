// SPDX-License-Identifier: Apache-2.0
#include "simulator.h"

#include "apiserver.h"
#include "churn.h"
#include "fixtures.h"
#include "kubeconfig.h"
#include "protectioncontroller.h"
#include "pvcontroller.h"
#include "store.h"
#include "tls.h"
#include "writestrategy.h"

namespace lens::sim {

Simulator::Simulator(QObject *parent)
    : QObject(parent), m_store(new Store(this)), m_server(new ApiServer(m_store, this)),
      m_churn(new ChurnGenerator(m_store, this))
{
    m_server->setChurnGenerator(m_churn);
}

Simulator::~Simulator()
{
    m_churn->setIntervalMs(0);
    if (m_pvController)
        m_pvController->stop();
    if (m_protection)
        m_protection->stop();
    delete m_server; // closes watches while the store still exists
    m_server = nullptr;
}

bool Simulator::start(const Options &o, QString *error)
{
    m_store->setHistoryLimit(o.historyLimit);
    m_store->setHistoryWindowMs(o.historyWindowMs);
    if (o.reproducibleClock)
        m_store->setReproducible(o.reproducibleClock, o.seed);
    if (o.seedObjects) {
        Fixtures::seed(m_store, o.pods, o.seed);
        Fixtures::seedStorage(WriteStrategy(m_store), o.seed, o.seedClaims);
        Fixtures::addNamespaces(m_store, o.extraNamespaces, o.seed);
    }
    if (o.storageControllers) {
        const Clock *clock = o.reproducibleClock ? o.reproducibleClock : &m_steadyClock;
        m_pvController = new PersistentVolumeController(m_store, clock, this);
        m_pvController->setResyncPeriodMs(o.pvResyncMs);
        m_protection = new ProtectionController(m_store, this);
        m_protection->start();
        m_pvController->start();
        // A fresh cluster starts settled: what the controllers do to the seed happens now,
        // before any client lists (the same revisions every run).
        while (m_protection->processPending() + m_pvController->processPending() > 0) {
        }
    }
    m_server->setBookmarkInterval(o.bookmarkIntervalMs);
    m_server->setIgnoreSendInitialEvents(o.ignoreSendInitialEvents);
    m_server->setWatchCache(o.watchCache);
    m_churn->setSeed(o.seed);
    m_server->setBearerToken(o.token);
    if (o.tls || o.clientCertificates) {
        TlsMaterial tls;
        // A server bound to one address other than loopback is reached at it (url()).
        const bool oneAddress = !o.address.isLoopback() && o.address != QHostAddress::Any &&
                                o.address != QHostAddress::AnyIPv4 &&
                                o.address != QHostAddress::AnyIPv6;
        if (!generateTlsMaterial(&tls, error, o.clientCertificates,
                                 oneAddress ? QStringList{o.address.toString()} : QStringList{}) ||
            !m_server->setTls(tls.serverCertPem, tls.serverKeyPem, error,
                              o.clientCertificates ? tls.caCertPem : QByteArray()))
            return false;
        m_caPem = tls.caCertPem;
        m_clientCertPem = tls.clientCertPem;
        m_clientKeyPem = tls.clientKeyPem;
    }
    if (!m_server->start(o.port, o.address, error))
        return false;
    m_churn->setIntervalMs(o.churnIntervalMs);
    return true;
}

QUrl Simulator::url() const
{
    return m_server->url();
}

quint16 Simulator::port() const
{
    return m_server->port();
}

bool Simulator::writeKubeconfig(const QString &path, QString *error) const
{
    return lens::sim::writeKubeconfig(path, url(), m_caPem, m_server->bearerToken(), error,
                                      m_clientCertPem, m_clientKeyPem);
}

QString Simulator::token() const
{
    return m_server->bearerToken();
}

void Simulator::compact(qint64 revision)
{
    m_store->compact(revision);
}

int Simulator::expireWatches()
{
    return m_server->expireWatches();
}

int Simulator::dropWatches(bool midEvent)
{
    return m_server->dropWatches(midEvent);
}

void Simulator::failNextRequests(int count, int httpStatus, int retryAfterSeconds)
{
    m_server->failNextRequests(count, httpStatus, retryAfterSeconds);
}

int Simulator::sendGarbageOnWatches()
{
    return m_server->sendGarbageOnWatches();
}

int Simulator::stallWatches(int ms)
{
    return m_server->stallWatches(ms);
}

void Simulator::answerTooLargeResourceVersion(int count)
{
    m_server->answerTooLargeResourceVersion(count);
}

void Simulator::setIgnoreSendInitialEvents(bool ignore)
{
    m_server->setIgnoreSendInitialEvents(ignore);
}

void Simulator::setBookmarkInterval(int ms)
{
    m_server->setBookmarkInterval(ms);
}

void Simulator::setChurnInterval(int ms)
{
    m_churn->setIntervalMs(ms);
}

int Simulator::openWatchCount() const
{
    return m_server->openWatchCount();
}

qint64 Simulator::revision() const
{
    return m_store->revision();
}

QList<lens::Object> Simulator::objects(const QString &resource) const
{
    return m_store->objects(resource);
}

} // namespace lens::sim
