// SPDX-License-Identifier: Apache-2.0
// The informer lists and watches the simulated API server over real HTTP on loopback; its
// indexer must equal the server's state after churn, after a forced 410 and after a dropped
// connection (client-go's ListAndWatch recovery paths).
#include "informer/keys.h"
#include "keyrvs.h"
#include "pendingevents.h"
#include "session/session.h"
#include "sim/apiserver.h"
#include "sim/churn.h"
#include "sim/simulator.h"
#include "sim/store.h"
#include "trace/tracedetail.h"

#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace lens;
using lens::test::keyRvs;

namespace {
int countEvents(const Journal *j, TraceKind kind, const QString &detailKey = {},
                const QJsonValue &detailValue = {})
{
    int n = 0;
    for (const TraceEvent &e : j->events())
        if (e.kind == kind && (detailKey.isEmpty() || e.detail.value(detailKey) == detailValue))
            ++n;
    return n;
}
} // namespace

class tst_InformerSim : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void initialSyncMatchesServer();
    void churnKeepsIndexerEqual();
    void forced410Relists();
    void expiredWatchRelistsAnUpToDateInformer();
    void deleteWhileDisconnectedGivesTombstone();
    void droppedConnectionResumesWithoutRelist();
    void retryAfterIsAFloorUnderBackoff();
    void watchThatFallsBehindResumesInOrder();
    void brokenWatchLineIsReportedAndRecovered_data();
    void brokenWatchLineIsReportedAndRecovered();
    void listedPodsArePackedAndReadAsServed_data();
    void listedPodsArePackedAndReadAsServed();

private:
    /// One change seen through the watch, so a later drop is not a "very short watch"
    /// (client-go relists after a watch that ended within 1 s with no events).
    void watchSeesOneEvent()
    {
        m_session->churn()->step();
        QTRY_VERIFY_WITH_TIMEOUT(indexerEqualsServer(), 10000);
    }
    bool indexerEqualsServer() const
    {
        return keyRvs(m_session->informer()->indexer().list()) ==
               keyRvs(m_session->simulatorStore()->objects(QStringLiteral("pods")));
    }
    std::unique_ptr<Session> m_session;
    QList<Delta> m_deletes;
};

void tst_InformerSim::init()
{
    Session::Options o;
    o.churnIntervalMs = 0; // the test drives every change
    o.resyncPeriodMs = 0;
    m_session = std::make_unique<Session>(o);
    QString err;
    QVERIFY2(m_session->start(&err), qPrintable(err));
    m_deletes.clear();
    m_session->informer()->addEventHandler(ResourceEventHandler{
        QStringLiteral("test"), {}, {}, [this](const Delta &d) { m_deletes << d; }});
    QTRY_VERIFY_WITH_TIMEOUT(m_session->informer()->hasSynced(), 10000);
}

void tst_InformerSim::cleanup()
{
    m_session.reset();
}

void tst_InformerSim::initialSyncMatchesServer()
{
    QVERIFY(m_session->informer()->indexer().size() > 0);
    QVERIFY(indexerEqualsServer());
    const Journal *j = m_session->journal();
    QCOMPARE(countEvents(j, TraceKind::ListCompleted), 1);
    QCOMPARE(countEvents(j, TraceKind::Synced), 1);
    QVERIFY(countEvents(j, TraceKind::WatchStarted) >= 1);
    // the first list asks for resourceVersion "0" with limit 500 (client-go's relist rules)
    for (const TraceEvent &e : j->events()) {
        if (e.kind == TraceKind::ListStarted) {
            QCOMPARE(e.resourceVersion, QStringLiteral("0"));
            QCOMPARE(e.detail.value(QLatin1String("limit")).toInt(), 500);
            QCOMPARE(e.detail.value(QLatin1String("cause")).toString(), QStringLiteral("initial"));
            break;
        }
    }
}

void tst_InformerSim::churnKeepsIndexerEqual()
{
    sim::ChurnGenerator *churn = m_session->churn();
    QVERIFY(churn);
    for (int i = 0; i < 60; ++i) {
        churn->step();
        if (i % 10 == 0) // let the event loop carry what is on its way, never waiting
            lens::test::runPendingEvents();
    }
    QTRY_VERIFY_WITH_TIMEOUT(indexerEqualsServer(), 10000);
    QCOMPARE(countEvents(m_session->journal(), TraceKind::ListCompleted), 1); // no relist
    QVERIFY(countEvents(m_session->journal(), TraceKind::WatchEvent) >= 60);
}

void tst_InformerSim::forced410Relists()
{
    sim::Store *store = m_session->simulatorStore();
    sim::ApiServer *server = m_session->simulatorServer();
    watchSeesOneEvent();
    // Drop the watch, then change and compact the store before the reflector re-watches: the
    // re-watch from the last resourceVersion is answered with an ERROR 410 event.
    server->dropWatches();
    for (int i = 0; i < 5; ++i)
        m_session->churn()->step();
    store->compact();
    QTRY_VERIFY_WITH_TIMEOUT(
        countEvents(m_session->journal(), TraceKind::WatchError, QStringLiteral("code"), 410) >= 1,
        10000);
    QTRY_VERIFY_WITH_TIMEOUT(countEvents(m_session->journal(), TraceKind::ListCompleted) >= 2,
                             10000);
    // A watch's 410 relists with cause "watch expired" (a list's own 410 is "expired").
    QCOMPARE(countEvents(m_session->journal(), TraceKind::ListStarted, QStringLiteral("cause"),
                         QStringLiteral("watch expired")),
             1);
    QTRY_VERIFY_WITH_TIMEOUT(indexerEqualsServer(), 10000);
    // and the informer keeps following changes afterwards
    for (int i = 0; i < 10; ++i)
        m_session->churn()->step();
    QTRY_VERIFY_WITH_TIMEOUT(indexerEqualsServer(), 10000);
}

void tst_InformerSim::expiredWatchRelistsAnUpToDateInformer()
{
    // The Simulator panel's "Force relist (410)": an informer that has seen every change
    // (its resourceVersion is the store's) rewatches after "compact, then drop" (nothing it
    // asks for is gone), but relists after /sim/v1/expire-watches, as client-go does after a
    // watch that ends with an ERROR 410 Expired event.
    sim::ApiServer *server = m_session->simulatorServer();
    sim::Store *store = m_session->simulatorStore();
    watchSeesOneEvent();
    QTRY_COMPARE_WITH_TIMEOUT(server->openWatchCount(), 1, 10000);
    store->compact();
    server->dropWatches();
    QTRY_COMPARE_WITH_TIMEOUT(countEvents(m_session->journal(), TraceKind::WatchStarted), 2, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(server->openWatchCount(), 1, 10000);
    QCOMPARE(countEvents(m_session->journal(), TraceKind::ListStarted), 1);

    QCOMPARE(server->expireWatches(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(countEvents(m_session->journal(), TraceKind::ListCompleted) >= 2,
                             10000);
    QCOMPARE(countEvents(m_session->journal(), TraceKind::WatchError, QStringLiteral("code"), 410),
             1);
    QCOMPARE(countEvents(m_session->journal(), TraceKind::ListStarted, QStringLiteral("cause"),
                         QStringLiteral("watch expired")),
             1);
    QTRY_VERIFY_WITH_TIMEOUT(indexerEqualsServer(), 10000);
}

void tst_InformerSim::deleteWhileDisconnectedGivesTombstone()
{
    sim::Store *store = m_session->simulatorStore();
    const Object victim = store->objects(QStringLiteral("pods")).constFirst();
    const QString key = metaNamespaceKeyFunc(victim).key;
    watchSeesOneEvent();
    m_session->simulatorServer()->dropWatches();
    QVERIFY(store->remove(QStringLiteral("pods"), victim.namespace_(), victim.name()).ok());
    store->compact(); // the DELETED event is gone: only a relist can notice
    QTRY_VERIFY_WITH_TIMEOUT(!m_deletes.isEmpty(), 10000);
    QCOMPARE(m_deletes.size(), 1);
    QVERIFY(m_deletes.constFirst().tombstone);
    QCOMPARE(m_deletes.constFirst().tombstoneKey, key);
    QCOMPARE(m_deletes.constFirst().object.resourceVersion(), victim.resourceVersion());
    QTRY_VERIFY_WITH_TIMEOUT(indexerEqualsServer(), 10000);
    QVERIFY(countEvents(m_session->journal(), TraceKind::WatchError, QStringLiteral("code"), 410) >=
            1);
}

void tst_InformerSim::droppedConnectionResumesWithoutRelist()
{
    sim::ApiServer *server = m_session->simulatorServer();
    for (int round = 0; round < 3; ++round) {
        QTRY_COMPARE_WITH_TIMEOUT(server->openWatchCount(), 1, 10000);
        m_session->churn()->step();
        server->dropWatches(/*midEvent=*/round % 2 == 1);
        m_session->churn()->step();
        m_session->churn()->step();
        QTRY_VERIFY_WITH_TIMEOUT(indexerEqualsServer(), 10000);
    }
    QCOMPARE(countEvents(m_session->journal(), TraceKind::ListCompleted), 1);
    QVERIFY(countEvents(m_session->journal(), TraceKind::WatchEnded) >= 3);
}

void tst_InformerSim::retryAfterIsAFloorUnderBackoff()
{
    watchSeesOneEvent();
    // The re-watch after the drop is answered 429 with Retry-After: 3; the reflector retries
    // the watch in place (no relist) no sooner than that.
    m_session->simulatorServer()->failNextRequests(1, 429, 3);
    m_session->simulatorServer()->dropWatches();
    const Journal *j = m_session->journal();
    QTRY_VERIFY_WITH_TIMEOUT(
        countEvents(j, TraceKind::Backoff, QStringLiteral("retryAfterSeconds"), 3) == 1, 10000);
    for (const TraceEvent &e : j->events())
        if (e.kind == TraceKind::Backoff)
            QVERIFY(e.detail.value(QLatin1String("delayMs")).toInteger() >= 3000);
    m_session->churn()->step();
    QTRY_VERIFY_WITH_TIMEOUT(indexerEqualsServer(), 10000);
    QCOMPARE(countEvents(j, TraceKind::ListCompleted), 1); // 429 on watch: no relist
}

void tst_InformerSim::watchThatFallsBehindResumesInOrder()
{
    // A client that cannot decode as fast as events arrive keeps at most watchBacklogLimit
    // undecoded bytes: past it the watch is let go (journaled as watchEnded with the reason) and
    // resumed from the last resourceVersion — no relist, no event lost or repeated.
    Session::Options o;
    o.churnIntervalMs = 0;
    o.resyncPeriodMs = 0;
    o.watchBacklogLimit = 8 * 1024; // a few pod events
    Session s(o);
    QString err;
    QVERIFY2(s.start(&err), qPrintable(err));
    QTRY_VERIFY_WITH_TIMEOUT(s.informer()->hasSynced(), 10000);
    sim::Store *store = s.simulatorStore();
    const QList<Object> pods = store->objects(QStringLiteral("pods"));
    QVERIFY(!pods.isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(s.simulatorServer()->openWatchCount(), 1, 10000);
    // A burst written in one go, faster than one event-loop turn decodes.
    for (int i = 0; i < 300; ++i) {
        QJsonObject pod = pods.at(i % pods.size()).json();
        QJsonObject meta = pod.value(QStringLiteral("metadata")).toObject();
        QJsonObject labels = meta.value(QStringLiteral("labels")).toObject();
        labels.insert(QStringLiteral("burst"), QString::number(i));
        meta.insert(QStringLiteral("labels"), labels);
        meta.remove(QStringLiteral("resourceVersion"));
        pod.insert(QStringLiteral("metadata"), meta);
        QVERIFY(store->update(QStringLiteral("pods"), pod).ok());
    }
    const auto sameAsServer = [&] {
        return keyRvs(s.informer()->indexer().list()) ==
               keyRvs(store->objects(QStringLiteral("pods")));
    };
    QTRY_VERIFY_WITH_TIMEOUT(sameAsServer(), 20000);
    const Journal *j = s.journal();
    int behind = 0;
    qint64 lastRv = 0;
    int watchEvents = 0;
    for (const TraceEvent &e : j->events()) {
        // A broken stream's watchEnded carries its typed status.
        if (const std::optional<ApiStatus> st = tracedetail::status(e);
            e.kind == TraceKind::WatchEnded && st &&
            e.detail.value(QLatin1String("reason")).toString() == QLatin1String("stream broken") &&
            st->describe().contains(QLatin1String("behind")))
            ++behind;
        if (e.kind == TraceKind::WatchEvent && e.type == QLatin1String("MODIFIED")) {
            const qint64 rv = e.resourceVersion.toLongLong();
            QVERIFY2(rv > lastRv, "watch events arrive in order, none repeated");
            lastRv = rv;
            ++watchEvents;
        }
    }
    QVERIFY(behind >= 1);
    QCOMPARE(watchEvents, 300);                            // none lost
    QCOMPARE(countEvents(j, TraceKind::ListCompleted), 1); // resumed, not relisted
}

void tst_InformerSim::brokenWatchLineIsReportedAndRecovered_data()
{
    QTest::addColumn<bool>("garbage");
    QTest::addColumn<int>("kind");          // TraceKind of the journal row that says what broke
    QTest::addColumn<QString>("detailKey"); // "status": the typed status, described
    QTest::addColumn<QString>("says");
    // Decoding runs on a worker thread: the error and the recovery must be what the stream
    // decoded on the UI thread gave — an InternalError ERROR event (client-go's StreamWatcher)
    // and a re-watch; a cut line ends the watch as truncated and it resumes.
    QTest::newRow("line that is not JSON")
        << true << int(TraceKind::WatchError) << QStringLiteral("error")
        << QStringLiteral("unable to decode an event from the "
                          "watch stream");
    QTest::newRow("stream cut in the middle of an event")
        << false << int(TraceKind::WatchEnded) << QStringLiteral("status")
        << QStringLiteral("the watch stream ended in the middle of an event");
}

void tst_InformerSim::brokenWatchLineIsReportedAndRecovered()
{
    QFETCH(bool, garbage);
    QFETCH(int, kind);
    QFETCH(QString, detailKey);
    QFETCH(QString, says);
    sim::ApiServer *server = m_session->simulatorServer();
    watchSeesOneEvent();
    QTRY_COMPARE_WITH_TIMEOUT(server->openWatchCount(), 1, 10000);
    if (garbage)
        QCOMPARE(server->sendGarbageOnWatches(), 1);
    else
        QCOMPARE(server->dropWatches(/*midEvent=*/true), 1);
    const Journal *j = m_session->journal();
    const auto said = [&] {
        for (const TraceEvent &e : j->events())
            if (int(e.kind) == kind &&
                (detailKey == QLatin1String("status")
                     ? tracedetail::status(e).value_or(ApiStatus()).describe()
                     : e.detail.value(detailKey).toString())
                    .contains(says))
                return true;
        return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(said(), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(server->openWatchCount(), 1, 10000); // watching again
    m_session->churn()->step();
    QTRY_VERIFY_WITH_TIMEOUT(indexerEqualsServer(), 10000);
}

void tst_InformerSim::listedPodsArePackedAndReadAsServed_data()
{
    QTest::addColumn<bool>("pack");
    QTest::addColumn<bool>("watchList");
    QTest::newRow("LIST, packed") << true << false;
    QTest::newRow("WatchList's initial events, packed") << true << true;
    QTest::newRow("--no-pack-objects") << false << false;
}

void tst_InformerSim::listedPodsArePackedAndReadAsServed()
{
    // 400 pods over HTTP: the first 128 train the pods informer's dictionary, the other 272
    // are packed where they are decoded (a LIST's items, or a WatchList's ADDED events); a
    // LIST's first 128 are packed too once the list is whole (a WatchList's were handed on
    // one by one and stay as they came); every one reads as the server has it. Then a watch
    // event's object is packed too.
    QFETCH(bool, pack);
    QFETCH(bool, watchList);
    sim::Simulator server;
    sim::Simulator::Options so;
    so.pods = 400;
    QString err;
    QVERIFY2(server.start(so, &err), qPrintable(err));
    Session::Options o;
    o.server = server.url();
    o.churnIntervalMs = 0;
    o.resyncPeriodMs = 0;
    o.packListedObjects = pack;
    o.watchListModes = {watchList};
    Session session(o);
    QVERIFY2(session.start(&err), qPrintable(err));
    QTRY_VERIFY_WITH_TIMEOUT(session.informer()->hasSynced(), 20000);
    const QList<Object> served = server.objects(QStringLiteral("pods"));
    QCOMPARE(served.size(), 400);
    QHash<QString, Object> cached;
    int packed = 0;
    for (const Object &obj : session.informer()->indexer().list()) {
        cached.insert(obj.namespace_() + u'/' + obj.name(), obj);
        packed += obj.isPacked() ? 1 : 0;
    }
    QCOMPARE(cached.size(), 400);
    for (const Object &s : served) {
        const Object c = cached.value(s.namespace_() + u'/' + s.name());
        QCOMPARE(c.json(), s.json());
        QCOMPARE(c.resourceVersion(), s.resourceVersion());
        QCOMPARE(c.labels(), s.labels());
    }
    const int expected = !pack ? 0 : watchList ? 400 - 128 : 400;
    QCOMPARE(packed, expected);
    if (pack)
        QVERIFY2(session.packingSummary().contains(QStringLiteral(": %1 objects,").arg(expected)),
                 qPrintable(session.packingSummary()));
    else
        QCOMPARE(session.packingSummary(), QString());
    // A MODIFIED event's object, through the watch.
    QJsonObject changed = served.first().json();
    QJsonObject meta = changed.value(u"metadata").toObject();
    QJsonObject labels = meta.value(u"labels").toObject();
    labels.insert(QStringLiteral("tier"), QStringLiteral("gold"));
    meta.insert(QStringLiteral("labels"), labels);
    changed.insert(QStringLiteral("metadata"), meta);
    QVERIFY(server.store()->update(QStringLiteral("pods"), changed).ok());
    const QString key = served.first().namespace_() + u'/' + served.first().name();
    QTRY_COMPARE_WITH_TIMEOUT(
        session.informer()->indexer().getByKey(key).label(u"tier").value_or(QString()),
        QStringLiteral("gold"), 10000);
    const Object updated = session.informer()->indexer().getByKey(key);
    QCOMPARE(updated.isPacked(), pack);
    QCOMPARE(updated.json(), server.objects(QStringLiteral("pods")).first().json());
}

QTEST_GUILESS_MAIN(tst_InformerSim)
#include "tst_informer_sim.moc"
