// SPDX-License-Identifier: Apache-2.0
// SharedInformerFactory over real HTTP against the simulated API server: two resources, one
// informer each, synced together; a namespaced factory sees only its namespace; an informer
// obtained after start() is reported and started by the next start() (FS-08); shutdown
// closes every watch (FS-27).
#include "client/httplisterwatcher.h"
#include "informer/informerfactory.h"
#include "informer/keys.h"
#include "sim/simulator.h"
#include "sim/store.h"
#include "trace/journal.h"

#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace lens;

namespace {
QMap<QString, QString> keyRvs(const QList<Object> &objs, const QString &ns = {})
{
    QMap<QString, QString> m;
    for (const Object &o : objs)
        if (ns.isEmpty() || o.namespace_() == ns)
            m.insert(metaNamespaceKeyFunc(o).key, o.resourceVersion());
    return m;
}
} // namespace

class tst_FactorySim : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void twoResourcesSyncAndFollow();
    void namespacedFactory();
    void lateInformerAndShutdown();

private:
    std::unique_ptr<SharedInformerFactory> factory(const QList<SharedInformerFactory::Option> &o)
    {
        const QUrl url = m_sim->url();
        auto lwf = [url](const QString &resource, const QString &ns,
                         QString *) -> std::unique_ptr<ListerWatcher> {
            return std::make_unique<HttpListerWatcher>(
                url, HttpListerWatcher::collectionPath({}, QStringLiteral("v1"), resource, ns));
        };
        return std::make_unique<SharedInformerFactory>(lwf, 0, &m_journal, &m_clock, o);
    }
    bool equalsServer(SharedInformerFactory *f, const QString &resource, const QString &ns = {})
    {
        SharedIndexInformer *inf = f->informer(resource);
        return inf && keyRvs(inf->indexer().list()) == keyRvs(m_sim->objects(resource), ns);
    }
    SteadyClock m_clock;
    Journal m_journal{&m_clock};
    std::unique_ptr<sim::Simulator> m_sim;
};

void tst_FactorySim::init()
{
    m_sim = std::make_unique<sim::Simulator>();
    QString err;
    QVERIFY2(m_sim->start(&err), qPrintable(err));
    QVERIFY(!m_sim->objects(QStringLiteral("pods")).isEmpty());
    QVERIFY(!m_sim->objects(QStringLiteral("configmaps")).isEmpty());
}

void tst_FactorySim::cleanup()
{
    m_sim.reset();
}

void tst_FactorySim::twoResourcesSyncAndFollow()
{
    auto f = factory({});
    SharedIndexInformer *pods = f->informerFor(QStringLiteral("pods"));
    SharedIndexInformer *cms = f->informerFor(QStringLiteral("configmaps"));
    QCOMPARE(f->informerFor(QStringLiteral("pods")), pods);
    f->start();
    const CacheSyncResult r = f->waitForCacheSyncBlocking(10000);
    QVERIFY2(r.ok(), qPrintable(r.message()));
    QCOMPARE(r.synced.size(), 2);
    QVERIFY(equalsServer(f.get(), QStringLiteral("pods")));
    QVERIFY(equalsServer(f.get(), QStringLiteral("configmaps")));
    QVERIFY(pods->indexer().size() != cms->indexer().size() ||
            pods->indexer().listKeys() != cms->indexer().listKeys());

    // a change to one resource reaches only its informer
    QJsonObject meta;
    meta.insert(QStringLiteral("name"), QStringLiteral("factory-test"));
    meta.insert(QStringLiteral("namespace"), QStringLiteral("default"));
    QJsonObject cm;
    cm.insert(QStringLiteral("apiVersion"), QStringLiteral("v1"));
    cm.insert(QStringLiteral("kind"), QStringLiteral("ConfigMap"));
    cm.insert(QStringLiteral("metadata"), meta);
    QVERIFY(m_sim->store()->create(QStringLiteral("configmaps"), cm).ok());
    QTRY_VERIFY_WITH_TIMEOUT(cms->indexer().contains(QStringLiteral("default/factory-test")),
                             10000);
    QVERIFY(!pods->indexer().contains(QStringLiteral("default/factory-test")));
    QVERIFY(equalsServer(f.get(), QStringLiteral("configmaps")));
}

void tst_FactorySim::namespacedFactory()
{
    auto f = factory({SharedInformerFactory::withNamespace(QStringLiteral("default"))});
    f->informerFor(QStringLiteral("pods"));
    f->start();
    const CacheSyncResult r = f->waitForCacheSyncBlocking(10000);
    QVERIFY2(r.ok(), qPrintable(r.message()));
    const QList<Object> mine = f->informer(QStringLiteral("pods"))->indexer().list();
    QVERIFY(!mine.isEmpty());
    for (const Object &o : mine)
        QCOMPARE(o.namespace_(), QStringLiteral("default"));
    QVERIFY(equalsServer(f.get(), QStringLiteral("pods"), QStringLiteral("default")));
}

void tst_FactorySim::lateInformerAndShutdown()
{
    auto f = factory({});
    f->informerFor(QStringLiteral("pods"));
    f->start();
    QSignalSpy late(f.get(), &SharedInformerFactory::informerCreatedAfterStart);
    QPointer<SharedIndexInformer> svc = f->informerFor(QStringLiteral("services"));
    QCOMPARE(late.size(), 1);
    CacheSyncResult r = f->waitForCacheSyncBlocking(10000);
    QVERIFY(!r.ok() && !r.timedOut);
    QCOMPARE(r.notStarted, QStringList{QStringLiteral("services")});
    f->start();
    r = f->waitForCacheSyncBlocking(10000);
    QVERIFY2(r.ok(), qPrintable(r.message()));
    QVERIFY(equalsServer(f.get(), QStringLiteral("services")));
    QTRY_COMPARE_WITH_TIMEOUT(m_sim->openWatchCount(), 2, 10000);

    f->shutdown();
    QTRY_VERIFY_WITH_TIMEOUT(svc.isNull(), 5000);
    QTRY_COMPARE_WITH_TIMEOUT(m_sim->openWatchCount(), 0, 10000);
}

QTEST_GUILESS_MAIN(tst_FactorySim)
#include "tst_factory_sim.moc"
