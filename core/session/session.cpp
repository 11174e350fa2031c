// SPDX-License-Identifier: Apache-2.0
#include "session.h"

#include "client/httplisterwatcher.h"
#include "sim/simulator.h"

namespace lens {

Session::Session(Options options, QObject *parent)
    : QObject(parent), m_opts(std::move(options)), m_journal(new Journal(&m_clock, this))
{
}

Session::~Session()
{
    stop();
    delete m_informer; // before the ListerWatcher it uses
    m_informer = nullptr;
}

bool Session::start(QString *error)
{
    if (m_opts.server.isEmpty()) {
        m_sim = new sim::Simulator(this);
        sim::Simulator::Options so;
        so.seed = m_opts.seed;
        QString err;
        if (!m_sim->start(so, &err)) {
            if (error)
                *error = QStringLiteral("The built-in cluster could not start: %1").arg(err);
            return false;
        }
    }
    m_lw = std::make_unique<HttpListerWatcher>(
        serverUrl(),
        HttpListerWatcher::collectionPath(QString(), QStringLiteral("v1"), m_opts.resource,
                                          m_opts.namespace_),
        m_opts.bearerToken);
    m_informer =
        new SharedIndexInformer(m_lw.get(), m_opts.resyncPeriodMs, m_journal, &m_clock, {}, this);
    m_informer->setQueueMode(m_opts.queueMode);
    m_informer->setUseWatchList(m_opts.useWatchList);
    m_informer->addEventHandler(ResourceEventHandler{QStringLiteral("logger"), {}, {}, {}});
    connect(m_informer, &SharedIndexInformer::synced, this, [this] {
        // The cluster starts changing once the informer has its initial list, so the first
        // sync is easy to follow.
        if (m_sim && m_opts.churnIntervalMs > 0)
            m_sim->setChurnInterval(m_opts.churnIntervalMs);
        Q_EMIT synced();
    });
    m_informer->run();
    return true;
}

void Session::stop()
{
    if (m_sim)
        m_sim->setChurnInterval(0);
    if (m_informer)
        m_informer->stop();
}

sim::Store *Session::simulatorStore() const
{
    return m_sim ? m_sim->store() : nullptr;
}
sim::ApiServer *Session::simulatorServer() const
{
    return m_sim ? m_sim->server() : nullptr;
}
sim::ChurnGenerator *Session::churn() const
{
    return m_sim ? m_sim->churn() : nullptr;
}

QUrl Session::serverUrl() const
{
    return m_sim ? m_sim->url() : m_opts.server;
}

QString Session::sourceDescription() const
{
    const QString scope = m_opts.namespace_.isEmpty()
                              ? QStringLiteral("all namespaces")
                              : QStringLiteral("namespace %1").arg(m_opts.namespace_);
    QString s = QStringLiteral("%1 (%2) at %3")
                    .arg(m_opts.resource, scope, serverUrl().toString(QUrl::RemoveUserInfo));
    if (m_sim)
        s += QStringLiteral(" — built-in simulated cluster");
    s += QStringLiteral(" · ") +
         (m_informer ? m_informer->queueModeName() : QStringLiteral("DeltaFIFO"));
    s += m_opts.useWatchList ? QStringLiteral(" · WatchList") : QStringLiteral(" · LIST+WATCH");
    return s;
}

} // namespace lens
