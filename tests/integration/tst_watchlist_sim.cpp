// SPDX-License-Identifier: Apache-2.0
// WatchList (streaming list, KEP-3157) over real HTTP against the simulated API server:
// FS-10 (initial ADDED, then the annotated bookmark; synced exactly then), FS-11 (request
// with resourceVersion unset), FS-12 (the bookmark's resourceVersion is kept, not the
// objects'), FS-09 (a server ignoring sendInitialEvents: fallback to LIST+WATCH with a reason).
#include "client/httplisterwatcher.h"
#include "informer/keys.h"
#include "informer/sharedinformer.h"
#include "keyrvs.h"
#include "sim/simulator.h"
#include "trace/journal.h"

#include <QTest>

using namespace lens;
using lens::test::keyRvs;

class tst_WatchListSim : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void streamsThenSyncsAtBookmark();
    void ignoredSendInitialEventsFallsBack();
    void fallingBehindTheInitialEventsFallsBack();

private:
    void startInformer(qint64 bookmarkTimeoutMs, qint64 watchBacklogLimit = 0)
    {
        m_lw = std::make_unique<HttpListerWatcher>(
            m_sim->url(), HttpListerWatcher::collectionPath({}, QStringLiteral("v1"),
                                                            QStringLiteral("pods"), {}));
        m_lw->setWatchBacklogLimit(watchBacklogLimit);
        m_informer =
            std::make_unique<SharedIndexInformer>(m_lw.get(), 0, m_journal.get(), &m_clock);
        QCOMPARE(m_informer->setUseWatchList(true), QString());
        QCOMPARE(m_informer->setWatchListBookmarkTimeoutMs(bookmarkTimeoutMs), QString());
        QCOMPARE(m_informer->run(), QString());
    }
    QList<TraceEvent> events(TraceKind kind) const
    {
        QList<TraceEvent> out;
        for (const TraceEvent &e : m_journal->events())
            if (e.kind == kind)
                out << e;
        return out;
    }
    SteadyClock m_clock;
    std::unique_ptr<Journal> m_journal;
    std::unique_ptr<sim::Simulator> m_sim;
    std::unique_ptr<HttpListerWatcher> m_lw;
    std::unique_ptr<SharedIndexInformer> m_informer;
};

void tst_WatchListSim::init()
{
    m_journal = std::make_unique<Journal>(&m_clock);
    m_sim = std::make_unique<sim::Simulator>();
    QString err;
    QVERIFY2(m_sim->start(&err), qPrintable(err));
}

void tst_WatchListSim::cleanup()
{
    m_informer.reset();
    m_lw.reset();
    m_sim.reset();
}

void tst_WatchListSim::streamsThenSyncsAtBookmark()
{
    const QString revision = QString::number(m_sim->revision());
    startInformer(0);
    QTRY_VERIFY_WITH_TIMEOUT(m_informer->hasSynced(), 10000);
    QCOMPARE(keyRvs(m_informer->indexer().list()), keyRvs(m_sim->objects(QStringLiteral("pods"))));

    // FS-11: one watch-list request, resourceVersion unset, NotOlderThan; no LIST at all.
    const QList<TraceEvent> watches = events(TraceKind::WatchStarted);
    QCOMPARE(watches.size(), 1);
    QCOMPARE(watches.first().resourceVersion, QString());
    QCOMPARE(watches.first().detail.value(QLatin1String("sendInitialEvents")).toBool(), true);
    QCOMPARE(watches.first().detail.value(QLatin1String("resourceVersionMatch")).toString(),
             QStringLiteral("NotOlderThan"));
    QCOMPARE(events(TraceKind::ListStarted).size(), 0);

    // FS-10: every object came as an initial ADDED, then one bookmark annotated
    // initial-events-end; the informer synced only after it.
    const int pods = int(m_sim->objects(QStringLiteral("pods")).size());
    int added = 0;
    quint64 bookmarkSeq = 0, lastAddedSeq = 0, syncedSeq = 0;
    QString bookmarkRv;
    for (const TraceEvent &e : m_journal->events()) {
        if (e.kind == TraceKind::WatchEvent && e.type == QLatin1String("ADDED")) {
            ++added;
            lastAddedSeq = e.seq;
        } else if (e.kind == TraceKind::Bookmark &&
                   e.detail.value(QLatin1String("initialEventsEnd")).toBool() && !bookmarkSeq) {
            bookmarkSeq = e.seq;
            bookmarkRv = e.resourceVersion;
        } else if (e.kind == TraceKind::Synced) {
            syncedSeq = e.seq;
        }
    }
    QCOMPARE(added, pods);
    QVERIFY(bookmarkSeq > lastAddedSeq);
    QVERIFY(syncedSeq > bookmarkSeq);

    // FS-12: the bookmark's resourceVersion (the snapshot's) is the one kept, whatever the
    // order and RVs of the initial events.
    QCOMPARE(bookmarkRv, revision);
    QCOMPARE(m_informer->lastSyncResourceVersion(), revision);
    const QList<TraceEvent> completed = events(TraceKind::ListCompleted);
    QCOMPARE(completed.size(), 1);
    QCOMPARE(completed.first().resourceVersion, revision);

    // The same stream goes on as the watch: a change arrives without another request.
    m_sim->dropWatches(); // then it resumes from the bookmark's RV with a plain watch
    QTRY_COMPARE_WITH_TIMEOUT(events(TraceKind::WatchStarted).size(), 2, 10000);
    const TraceEvent rewatch = events(TraceKind::WatchStarted).last();
    QCOMPARE(rewatch.resourceVersion, revision);
    QVERIFY(!rewatch.detail.value(QLatin1String("sendInitialEvents")).toBool());
}

void tst_WatchListSim::ignoredSendInitialEventsFallsBack()
{
    // FS-09: the server streams ADDED but never the initial-events-end bookmark.
    m_sim->setIgnoreSendInitialEvents(true);
    startInformer(300);
    QTRY_VERIFY_WITH_TIMEOUT(m_informer->hasSynced(), 10000);
    QCOMPARE(keyRvs(m_informer->indexer().list()), keyRvs(m_sim->objects(QStringLiteral("pods"))));
    QString reason;
    for (const TraceEvent &e : m_journal->events())
        if (e.detail.contains(QLatin1String("fallbackReason")))
            reason = e.detail.value(QLatin1String("fallbackReason")).toString();
    QVERIFY2(reason.contains(QLatin1String("initial-events-end")), qPrintable(reason));
    const QList<TraceEvent> lists = events(TraceKind::ListStarted);
    QCOMPARE(lists.size(), 1);
    QCOMPARE(lists.first().detail.value(QLatin1String("cause")).toString(),
             QStringLiteral("fallback"));
    QCOMPARE(m_informer->lastSyncResourceVersion(), QString::number(m_sim->revision()));
}

void tst_WatchListSim::fallingBehindTheInitialEventsFallsBack()
{
    // A client that lets the stream go because it fell behind the initial events (a backlog
    // limit far below the burst) cannot resume a watch-list: a new one streams the same burst
    // and falls behind again. It used to do that forever, without backoff (tst_convergence seed
    // 3); it falls back to LIST+WATCH for the attempt, whose watch resumes where it fell behind.
    m_sim = std::make_unique<sim::Simulator>();
    sim::Simulator::Options o;
    o.pods = 200; // about 600 KB of initial events, written in one go
    QString err;
    QVERIFY2(m_sim->start(o, &err), qPrintable(err));
    startInformer(0, 4096);
    QTRY_VERIFY_WITH_TIMEOUT(m_informer->hasSynced(), 20000);
    QCOMPARE(keyRvs(m_informer->indexer().list()), keyRvs(m_sim->objects(QStringLiteral("pods"))));
    const QList<TraceEvent> lists = events(TraceKind::ListStarted);
    QCOMPARE(lists.size(), 1);
    QCOMPARE(lists.first().detail.value(QLatin1String("fallbackCode")).toString(),
             QStringLiteral("fell behind"));
    QCOMPARE(events(TraceKind::WatchStarted).first().detail.value(QLatin1String("watchList")),
             QJsonValue(true));
}

QTEST_GUILESS_MAIN(tst_WatchListSim)
#include "tst_watchlist_sim.moc"
