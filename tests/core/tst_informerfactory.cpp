// SPDX-License-Identifier: Apache-2.0
// SharedInformerFactory (client-go informers/factory.go, spec §4.7, issue 3 item 6, FS-08,
// FS-27, SI-19) over in-memory FakeListerWatchers, one per resource.

#include "fakelisterwatcher.h"
#include "informer/informerfactory.h"
#include "pendingevents.h"
#include "trace/journal.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace lens;
using namespace lens::test;

namespace {

/// A FakeListerWatcher that says when it is destroyed.
class TrackedLw : public FakeListerWatcher {
public:
    explicit TrackedLw(int *alive) : m_alive(alive) { ++*m_alive; }
    ~TrackedLw() override { --*m_alive; }

private:
    int *m_alive;
};

struct Fixture {
    ManualClock clock;
    Journal journal{&clock};
    int alive = 0;
    QHash<QString, TrackedLw *> lws;       ///< resource → its ListerWatcher (not owned)
    QHash<QString, QString> namespaces;    ///< resource → ns the factory asked for
    QHash<QString, ListReply> listAnswers; ///< resource → answer to every list (absent: none)
    int created = 0;

    SharedInformerFactory::ListerWatcherFactory lwFactory()
    {
        return [this](const QString &resource, const QString &ns,
                      QString *error) -> std::unique_ptr<ListerWatcher> {
            if (resource == QLatin1String("unknown")) {
                *error = QStringLiteral("the server doesn't have a resource type \"unknown\"");
                return nullptr;
            }
            ++created;
            auto lw = std::make_unique<TrackedLw>(&alive);
            lw->clock = &clock;
            if (listAnswers.contains(resource)) {
                const ListReply r = listAnswers.value(resource);
                lw->listHandler = [r](const ListOptions &) { return r; };
            }
            lws.insert(resource, lw.get());
            namespaces.insert(resource, ns);
            return lw;
        };
    }
    std::unique_ptr<SharedInformerFactory>
    factory(qint64 resync = 0, const QList<SharedInformerFactory::Option> &opts = {})
    {
        return std::make_unique<SharedInformerFactory>(lwFactory(), resync, &journal, &clock, opts);
    }
    QStringList factoryMessages() const
    {
        QStringList out;
        for (const TraceEvent &e : journal.events())
            if (e.component == QLatin1String("factory"))
                out << e.detail.value(QLatin1String("message")).toString();
        return out;
    }
};

} // namespace

class TestInformerFactory : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void onePerResource();
    void options_data();
    void options();
    void customResync();
    void startAndSync();
    void journalNamesTheInformer();
    void twoInformersOfOneResource();
    void gateIsJournaled();
    void quietFactory();
    void createdAfterStart();
    void syncTimeoutNamesResources();
    void shutdownReleases();
    void stoppedInformerCannotRestart();
    void listerWatcherFailure();
};

void TestInformerFactory::onePerResource()
{
    Fixture f;
    auto fac = f.factory();
    SharedIndexInformer *pods = fac->informerFor(QStringLiteral("pods"));
    QVERIFY(pods);
    QCOMPARE(fac->informerFor(QStringLiteral("pods")), pods);
    SharedIndexInformer *cms = fac->informerFor(QStringLiteral("configmaps"));
    QVERIFY(cms && cms != pods);
    QCOMPARE(f.created, 2);
    QCOMPARE(fac->resources(), QStringList({QStringLiteral("pods"), QStringLiteral("configmaps")}));
    QCOMPARE(fac->informer(QStringLiteral("pods")), pods);
    QCOMPARE(fac->informer(QStringLiteral("services")), nullptr);
    // every informer has client-go's namespace index
    QVERIFY(pods->indexer().indexNames().contains(namespaceIndexName()));
    QVERIFY(!pods->hasStarted());
}

void TestInformerFactory::options_data()
{
    QTest::addColumn<QString>("ns");
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("field");

    QTest::newRow("WithNamespace only") << QStringLiteral("default") << QString() << QString();
    QTest::newRow("WithTweakListOptions label selector")
        << QString() << QStringLiteral("app=web,tier!=db") << QString();
    QTest::newRow("WithNamespace and WithTweakListOptions label and field selector")
        << QStringLiteral("kube-system") << QStringLiteral("app in (a,b)")
        << QStringLiteral("status.phase=Running");
}

void TestInformerFactory::options()
{
    QFETCH(QString, ns);
    QFETCH(QString, label);
    QFETCH(QString, field);
    Fixture f;
    f.listAnswers.insert(QStringLiteral("pods"),
                         okReply(objsFromSpec(QStringLiteral("a@1")), QStringLiteral("1")));
    QList<SharedInformerFactory::Option> opts;
    if (!ns.isEmpty())
        opts << SharedInformerFactory::withNamespace(ns);
    if (!label.isEmpty() || !field.isEmpty())
        opts << SharedInformerFactory::withTweakListOptions(
            SharedInformerFactory::selectorTweak(label, field));
    auto fac = f.factory(0, opts);
    QVERIFY(fac->informerFor(QStringLiteral("pods")));
    QCOMPARE(f.namespaces.value(QStringLiteral("pods")), ns);
    fac->start();
    QTRY_VERIFY_WITH_TIMEOUT(!f.lws.value(QStringLiteral("pods"))->watches.isEmpty(), 5000);
    TrackedLw *lw = f.lws.value(QStringLiteral("pods"));
    // the tweak edits every LIST and every WATCH
    QCOMPARE(lw->lists.first().labelSelector, label);
    QCOMPARE(lw->lists.first().fieldSelector, field);
    QCOMPARE(lw->watches.first().labelSelector, label);
    QCOMPARE(lw->watches.first().fieldSelector, field);
    // and leaves the reflector's own options alone
    QCOMPARE(lw->lists.first().resourceVersion, QStringLiteral("0"));
    QCOMPARE(lw->lists.first().limit, 500);
    QCOMPARE(lw->watches.first().resourceVersion, QStringLiteral("1"));
}

void TestInformerFactory::customResync()
{
    Fixture f;
    auto fac = f.factory(30000, {SharedInformerFactory::withCustomResyncConfig(
                                    {{QStringLiteral("configmaps"), 5000}})});
    QCOMPARE(fac->informerFor(QStringLiteral("pods"))->resyncCheckPeriodMs(), qint64(30000));
    QCOMPARE(fac->informerFor(QStringLiteral("configmaps"))->resyncCheckPeriodMs(), qint64(5000));
    // a handler added without a period gets the informer's default (defaultEventHandlerResync)
    ProcessorListener *l =
        fac->informer(QStringLiteral("configmaps"))
            ->addEventHandler(ResourceEventHandler{QStringLiteral("h"), {}, {}, {}});
    QCOMPARE(l->resyncPeriodMs(), qint64(5000));
}

void TestInformerFactory::startAndSync()
{
    Fixture f;
    f.listAnswers.insert(QStringLiteral("pods"),
                         okReply(objsFromSpec(QStringLiteral("a@1,b@2")), QStringLiteral("2")));
    f.listAnswers.insert(QStringLiteral("configmaps"),
                         okReply(objsFromSpec(QStringLiteral("c@3")), QStringLiteral("3")));
    auto fac = f.factory();
    SharedIndexInformer *pods = fac->informerFor(QStringLiteral("pods"));
    SharedIndexInformer *cms = fac->informerFor(QStringLiteral("configmaps"));
    QSignalSpy started(fac.get(), &SharedInformerFactory::informersStarted);
    fac->start();
    QVERIFY(pods->hasStarted() && cms->hasStarted());
    QCOMPARE(started.size(), 1);
    fac->start(); // idempotent: nothing is started twice
    QCOMPARE(started.size(), 1);
    const CacheSyncResult r = fac->waitForCacheSyncBlocking(10000);
    QVERIFY2(r.ok(), qPrintable(r.message()));
    QVERIFY(!r.timedOut);
    QCOMPARE(r.synced.value(QStringLiteral("pods")), true);
    QCOMPARE(r.synced.value(QStringLiteral("configmaps")), true);
    QCOMPARE(pods->indexer().size(), 2);
    QCOMPARE(cms->indexer().size(), 1);
    QCOMPARE(f.lws.value(QStringLiteral("pods"))->lists.size(), 1);
    // already synced: the async form answers on the next turn
    CacheSyncWaiter *w = fac->waitForCacheSync(0);
    QSignalSpy done(w, &CacheSyncWaiter::finished);
    QVERIFY(done.wait(5000));
    QVERIFY(done.first().first().value<CacheSyncResult>().ok());
}

void TestInformerFactory::journalNamesTheInformer()
{
    // Every event of an informer's parts (reflector, queue, indexer, processor and listeners,
    // controller, the informer) names it; the factory's own events name none.
    Fixture f;
    f.listAnswers.insert(QStringLiteral("pods"),
                         okReply(objsFromSpec(QStringLiteral("a@1,b@2")), QStringLiteral("2")));
    f.listAnswers.insert(QStringLiteral("configmaps"),
                         okReply(objsFromSpec(QStringLiteral("c@3")), QStringLiteral("3")));
    auto fac = f.factory(
        0, {SharedInformerFactory::withQueueMode(SharedIndexInformer::QueueMode::RealFIFO)});
    SharedIndexInformer *pods = fac->informerFor(QStringLiteral("pods"));
    fac->informerFor(QStringLiteral("configmaps"));
    QCOMPARE(pods->name(), QStringLiteral("pods"));
    pods->addEventHandler(ResourceEventHandler{QStringLiteral("h"), {}, {}, {}});
    fac->start();
    QVERIFY(fac->waitForCacheSyncBlocking(10000).ok());
    pods->controller()->pause();
    QSet<QString> components;
    QHash<QString, QString> informerOfKey;
    for (const TraceEvent &e : f.journal.events()) {
        if (!TraceEvent::isInformerComponent(e.component)) {
            QVERIFY2(e.informer.isEmpty(), qPrintable(e.component));
            continue;
        }
        components << e.component;
        QVERIFY2(e.informer == QLatin1String("pods") || e.informer == QLatin1String("configmaps"),
                 qPrintable(traceKindName(e.kind) + QLatin1Char(' ') + e.informer));
        if (!e.key.isEmpty())
            informerOfKey.insert(e.key, e.informer);
    }
    QCOMPARE(components, (QSet<QString>{QStringLiteral("reflector"), QStringLiteral("realfifo"),
                                        QStringLiteral("indexer"), QStringLiteral("processor"),
                                        QStringLiteral("informer"), QStringLiteral("controller")}));
    QCOMPARE(informerOfKey.value(QStringLiteral("a")), QStringLiteral("pods"));
    QCOMPARE(informerOfKey.value(QStringLiteral("c")), QStringLiteral("configmaps"));
}

void TestInformerFactory::twoInformersOfOneResource()
{
    // One resource watched twice, each informer with its own queue, under its own name; a
    // third spec under a taken name with other options is refused.
    Fixture f;
    f.listAnswers.insert(QStringLiteral("pods"),
                         okReply(objsFromSpec(QStringLiteral("a@1,b@2")), QStringLiteral("2")));
    auto fac = f.factory(0, {SharedInformerFactory::withWatchList(false)});
    SharedIndexInformer *df =
        fac->informerFor(InformerSpec{QStringLiteral("pods"), QStringLiteral("pods/deltafifo"),
                                      SharedIndexInformer::QueueMode::DeltaFIFO, std::nullopt});
    SharedIndexInformer *rf =
        fac->informerFor(InformerSpec{QStringLiteral("pods"), QStringLiteral("pods/realfifo"),
                                      SharedIndexInformer::QueueMode::RealFIFO, std::nullopt});
    QVERIFY(df && rf && df != rf);
    QCOMPARE(f.created, 2); // a ListerWatcher each
    QCOMPARE(fac->names(),
             (QStringList{QStringLiteral("pods/deltafifo"), QStringLiteral("pods/realfifo")}));
    QCOMPARE(fac->informerFor(InformerSpec{QStringLiteral("pods"), QStringLiteral("pods/realfifo"),
                                           SharedIndexInformer::QueueMode::RealFIFO, std::nullopt}),
             rf);
    QString err;
    QVERIFY(!fac->informerFor(InformerSpec{QStringLiteral("pods"), QStringLiteral("pods/realfifo"),
                                           SharedIndexInformer::QueueMode::DeltaFIFO, true},
                              &err));
    QCOMPARE(err, QStringLiteral("informer for pods not created: the name pods/realfifo is taken "
                                 "by the informer for pods with other options"));
    QCOMPARE(df->queueMode(), SharedIndexInformer::QueueMode::DeltaFIFO);
    QCOMPARE(rf->queueMode(), SharedIndexInformer::QueueMode::RealFIFO);
    fac->start();
    const CacheSyncResult r = fac->waitForCacheSyncBlocking(10000);
    QVERIFY2(r.ok(), qPrintable(r.message()));
    QCOMPARE(r.synced.keys(),
             (QStringList{QStringLiteral("pods/deltafifo"), QStringLiteral("pods/realfifo")}));
    QCOMPARE(df->indexer().size(), 2);
    QCOMPARE(rf->indexer().size(), 2);
    int realfifo = 0, deltafifo = 0;
    for (const TraceEvent &e : f.journal.events()) {
        if (e.component == QLatin1String("realfifo")) {
            QCOMPARE(e.informer, QStringLiteral("pods/realfifo"));
            ++realfifo;
        } else if (e.component == QLatin1String("deltafifo")) {
            QCOMPARE(e.informer, QStringLiteral("pods/deltafifo"));
            ++deltafifo;
        }
    }
    QVERIFY(realfifo > 0 && deltafifo > 0);
}

void TestInformerFactory::gateIsJournaled()
{
    // WaitForCacheSync is journaled as a gate: which informers it waits for, and which one's
    // sync opened it.
    Fixture f;
    f.listAnswers.insert(QStringLiteral("pods"),
                         okReply(objsFromSpec(QStringLiteral("a@1")), QStringLiteral("1")));
    auto fac = f.factory();
    SharedIndexInformer *pods = fac->informerFor(QStringLiteral("pods"));
    fac->informerFor(QStringLiteral("nodes"));
    fac->start();
    QTRY_VERIFY_WITH_TIMEOUT(pods->hasSynced(), 5000);
    CacheSyncWaiter *w = fac->waitForCacheSync(0);
    QSignalSpy done(w, &CacheSyncWaiter::finished);
    const TraceEvent started = f.journal.events().back();
    QCOMPARE(started.kind, TraceKind::CacheSyncStarted);
    QCOMPARE(started.component, QStringLiteral("factory"));
    QCOMPARE(started.informer, QString());
    QCOMPARE(started.detail.value(QLatin1String("informers")).toArray(),
             (QJsonArray{QStringLiteral("nodes"), QStringLiteral("pods")}));
    QCOMPARE(started.detail.value(QLatin1String("waitingFor")).toArray(),
             QJsonArray{QStringLiteral("nodes")});
    f.clock.advance(50);
    runPendingEvents();
    QCOMPARE(done.size(), 0); // the gate stays shut while nodes has not synced
    // nodes' list arrives: its sync opens the gate
    f.lws.value(QStringLiteral("nodes"))
        ->listCalls.last()
        ->answer(okReply(objsFromSpec(QStringLiteral("n1@5")), QStringLiteral("5")));
    QVERIFY(done.wait(5000));
    const CacheSyncResult r = done.first().first().value<CacheSyncResult>();
    QVERIFY(r.ok());
    QCOMPARE(r.waitedOn, QStringLiteral("nodes"));
    const TraceEvent *finished = nullptr;
    for (const TraceEvent &e : f.journal.events())
        if (e.kind == TraceKind::CacheSyncFinished)
            finished = &e;
    QVERIFY(finished);
    QCOMPARE(finished->type, QStringLiteral("opened"));
    QCOMPARE(finished->detail.value(QLatin1String("waitedOn")).toString(), QStringLiteral("nodes"));
    QCOMPARE(finished->detail.value(QLatin1String("message")).toString(), r.message());
    // after its Synced event: the gate opens when the last informer syncs
    const auto synced =
        std::find_if(f.journal.events().begin(), f.journal.events().end(), [](const TraceEvent &e) {
            return e.kind == TraceKind::Synced && e.informer == QLatin1String("nodes");
        });
    QVERIFY(synced != f.journal.events().end());
    QVERIFY(synced->seq < finished->seq);
}

void TestInformerFactory::quietFactory()
{
    // withJournalNotes(false): the informers journal their events, the factory nothing.
    Fixture f;
    f.listAnswers.insert(QStringLiteral("pods"),
                         okReply(objsFromSpec(QStringLiteral("a@1")), QStringLiteral("1")));
    auto fac = f.factory(0, {SharedInformerFactory::withJournalNotes(false)});
    fac->informerFor(QStringLiteral("pods"));
    fac->start();
    QVERIFY(fac->waitForCacheSyncBlocking(10000).ok());
    fac->shutdown();
    QVERIFY(!f.journal.events().empty());
    for (const TraceEvent &e : f.journal.events())
        QVERIFY2(e.component != QLatin1String("factory"), qPrintable(traceKindName(e.kind)));
}

void TestInformerFactory::createdAfterStart()
{
    // FS-08 (kubernetes#92777): an informer obtained after Start is not running until the
    // next Start, and the factory says so instead of letting a sync wait hang.
    Fixture f;
    f.listAnswers.insert(QStringLiteral("pods"),
                         okReply(objsFromSpec(QStringLiteral("a@1")), QStringLiteral("1")));
    f.listAnswers.insert(QStringLiteral("services"),
                         okReply(objsFromSpec(QStringLiteral("s@2")), QStringLiteral("2")));
    auto fac = f.factory();
    fac->informerFor(QStringLiteral("pods"));
    fac->start();
    QSignalSpy late(fac.get(), &SharedInformerFactory::informerCreatedAfterStart);
    SharedIndexInformer *svc = fac->informerFor(QStringLiteral("services"));
    QCOMPARE(late.size(), 1);
    QCOMPARE(late.first().first().toString(), QStringLiteral("services"));
    QVERIFY(!svc->hasStarted());
    QCOMPARE(fac->notStarted(), QStringList{QStringLiteral("services")});
    QVERIFY(f.factoryMessages().contains(
        QStringLiteral("informer for services created after start(): it is not running until "
                       "start() is called again")));

    // The wait finishes as soon as the started ones synced, and names the one not started.
    CacheSyncResult r = fac->waitForCacheSyncBlocking(10000);
    QVERIFY(!r.timedOut);
    QVERIFY(!r.ok());
    QCOMPARE(r.synced.keys(), QStringList{QStringLiteral("pods")});
    QCOMPARE(r.notStarted, QStringList{QStringLiteral("services")});
    QVERIFY2(r.message().contains(QLatin1String("not started: services")), qPrintable(r.message()));

    fac->start(); // client-go: the next Start starts it
    QVERIFY(svc->hasStarted());
    r = fac->waitForCacheSyncBlocking(10000);
    QVERIFY2(r.ok(), qPrintable(r.message()));
    QCOMPARE(r.synced.size(), 2);
}

void TestInformerFactory::syncTimeoutNamesResources()
{
    Fixture f;
    f.listAnswers.insert(QStringLiteral("pods"),
                         okReply(objsFromSpec(QStringLiteral("a@1")), QStringLiteral("1")));
    // configmaps: the list is never answered
    auto fac = f.factory();
    fac->informerFor(QStringLiteral("pods"));
    fac->informerFor(QStringLiteral("configmaps"));
    fac->start();
    QTRY_VERIFY_WITH_TIMEOUT(fac->informer(QStringLiteral("pods"))->hasSynced(), 5000);
    // FS-08: a long wait ticks every second of Clock time, naming what it still waits for
    CacheSyncWaiter *w = fac->waitForCacheSync(0);
    QSignalSpy ticks(w, &CacheSyncWaiter::waiting);
    f.clock.advance(999);
    runPendingEvents();
    QCOMPARE(ticks.size(), 0); // never early
    f.clock.advance(1);
    QVERIFY(ticks.wait(3000));
    QCOMPARE(ticks.first().at(1).toStringList(), QStringList{QStringLiteral("configmaps")});
    QCOMPARE(ticks.first().at(0).toLongLong(), qint64(1000));
    const TraceEvent &tick = f.journal.events().back();
    QCOMPARE(tick.kind, TraceKind::CacheSyncWaiting);
    QCOMPARE(tick.detail.value(QLatin1String("elapsedMs")).toInteger(), qint64(1000));
    QCOMPARE(tick.detail.value(QLatin1String("notSynced")).toArray(),
             QJsonArray{QStringLiteral("configmaps")});
    f.clock.advance(1000);
    QVERIFY(ticks.wait(3000));
    QCOMPARE(ticks.last().at(0).toLongLong(), qint64(2000));
    // a timeout ends the wait even when nobody moves the manual clock: it catches up
    const qint64 before = f.clock.nowMs();
    const CacheSyncResult r = fac->waitForCacheSyncBlocking(200);
    QCOMPARE(r.elapsedMs, qint64(200));
    QCOMPARE(f.clock.nowMs(), before + 200);
    QCOMPARE(r.waitedOn, QStringLiteral("configmaps"));
    const TraceEvent &end = f.journal.events().back();
    QCOMPARE(end.kind, TraceKind::CacheSyncFinished);
    QCOMPARE(end.type, QStringLiteral("timedOut"));
    QCOMPARE(end.detail.value(QLatin1String("waitedOn")).toString(), QStringLiteral("configmaps"));
    QVERIFY(r.timedOut);
    QVERIFY(!r.ok());
    QCOMPARE(r.notSynced(), QStringList{QStringLiteral("configmaps")});
    QCOMPARE(r.synced.value(QStringLiteral("pods")), true);
    QVERIFY2(r.message().startsWith(QLatin1String("timed out after ")), qPrintable(r.message()));
    QVERIFY2(r.message().endsWith(QLatin1String("waiting for caches to sync: not synced: "
                                                "configmaps")),
             qPrintable(r.message()));
    QVERIFY(f.factoryMessages().contains(r.message()));
}

void TestInformerFactory::shutdownReleases()
{
    // SI-19 / FS-27: Shutdown stops every informer and releases what it held.
    Fixture f;
    f.listAnswers.insert(QStringLiteral("pods"),
                         okReply(objsFromSpec(QStringLiteral("a@1")), QStringLiteral("1")));
    auto fac = f.factory(60000);
    QPointer<SharedIndexInformer> pods = fac->informerFor(QStringLiteral("pods"));
    QPointer<SharedIndexInformer> cms = fac->informerFor(QStringLiteral("configmaps"));
    fac->start();
    QTRY_VERIFY_WITH_TIMEOUT(pods->hasSynced(), 5000);
    TrackedLw *lw = f.lws.value(QStringLiteral("pods"));
    QPointer<FakeWatchCall> watch = lw->watchCalls.last();
    QVERIFY(watch && !watch->stopped);
    QPointer<FakeListCall> pendingList =
        f.lws.value(QStringLiteral("configmaps"))->listCalls.last();
    CacheSyncWaiter *w = fac->waitForCacheSync(60000);
    QSignalSpy waitDone(w, &CacheSyncWaiter::finished);
    QCOMPARE(f.alive, 2);

    fac->shutdown();
    // stopped at once: the watch and the pending list are cut, handlers can't be added
    QVERIFY(pods && pods->isStopped());
    QVERIFY(!watch || watch->stopped);
    QVERIFY(!pendingList || pendingList->aborted);
    QString err;
    QVERIFY(!pods->addEventHandler(ResourceEventHandler{QStringLiteral("late"), {}, {}, {}}, &err));
    QVERIFY(err.endsWith(QLatin1String("because it has stopped already")));
    // a pending wait is answered, not left hanging
    QCOMPARE(waitDone.size(), 1);
    QVERIFY(!waitDone.first().first().value<CacheSyncResult>().ok());
    // then informers and ListerWatchers are released
    QTRY_VERIFY_WITH_TIMEOUT(pods.isNull() && cms.isNull(), 5000);
    QCOMPARE(f.alive, 0);
    QVERIFY(fac->resources().isEmpty());
    // after shutdown: start() is a no-op and informerFor() refuses, both journaled
    fac->start();
    QVERIFY(!fac->informerFor(QStringLiteral("pods"), &err));
    QCOMPARE(err, QStringLiteral("informer for pods not created: the factory has been shut down"));
    QVERIFY(f.factoryMessages().contains(
        QStringLiteral("start() ignored: the factory has been shut down")));
    fac->shutdown(); // idempotent
}

void TestInformerFactory::stoppedInformerCannotRestart()
{
    // FS-27: a stopped informer is not restartable; run() says so clearly.
    Fixture f;
    f.listAnswers.insert(QStringLiteral("pods"),
                         okReply(objsFromSpec(QStringLiteral("a@1")), QStringLiteral("1")));
    auto fac = f.factory();
    SharedIndexInformer *pods = fac->informerFor(QStringLiteral("pods"));
    QCOMPARE(pods->run(), QString());
    QCOMPARE(pods->run(), QStringLiteral("The sharedIndexInformer has started, run more than "
                                         "once is not allowed"));
    pods->stop();
    QCOMPARE(pods->run(), QStringLiteral("The sharedIndexInformer has been stopped; a stopped "
                                         "informer cannot be started again, create a new one"));
    QCOMPARE(f.lws.value(QStringLiteral("pods"))->lists.size(), 1);
}

void TestInformerFactory::listerWatcherFailure()
{
    Fixture f;
    auto fac = f.factory();
    QString err;
    QVERIFY(!fac->informerFor(QStringLiteral("unknown"), &err));
    QCOMPARE(err, QStringLiteral("informer for unknown not created: the server doesn't have a "
                                 "resource type \"unknown\""));
    QVERIFY(fac->resources().isEmpty());
}

QTEST_GUILESS_MAIN(TestInformerFactory)
#include "tst_informerfactory.moc"
