// SPDX-License-Identifier: Apache-2.0
// What a debugger could not see (issue 35 §3), in the Widgets-free models: how long the
// Reflector has been doing what it does (a stalled watch and a WatchList waiting for its end
// bookmark no longer read alike), the server's newest resourceVersion beside the informer's
// synced one, relists counted as completed lists, durations never rounded up to a coarser
// unit, a key typed in part, whose row a claim's loop row is, and a histogram's median said no
// finer than its buckets and the journal's milliseconds.
#include "lens/format.h"
#include "lens/keyhistorymodel.h"
#include "lens/reflectorstatus.h"
#include "lens/timelinemodel.h"
#include "lens/workqueuemodel.h"
#include "trace/journal.h"

#include <QJsonObject>
#include <QTest>

using namespace lens;

namespace {

/// Records reflector events of informer "pods" on a journal.
struct Feed {
    Journal *j;
    void reflector(TraceKind k, const QString &rv = {}, const QJsonObject &detail = {},
                   const QString &type = {})
    {
        TraceEvent e;
        e.kind = k;
        e.component = QStringLiteral("reflector");
        e.informer = QStringLiteral("pods");
        e.resourceVersion = rv;
        e.type = type;
        e.detail = detail;
        j->record(e);
    }
    void watch(const QString &rv, bool watchList = false)
    {
        TraceEvent e;
        e.kind = TraceKind::WatchEvent;
        e.component = QStringLiteral("reflector");
        e.informer = QStringLiteral("pods");
        e.type = QStringLiteral("ADDED");
        e.key = QStringLiteral("default/web-") + rv;
        e.object = Object::make(QStringLiteral("default"), QStringLiteral("web-") + rv, rv);
        e.resourceVersion = rv;
        if (watchList)
            e.detail.insert(QLatin1String("watchList"), true);
        j->record(e);
    }
};

QJsonObject d(std::initializer_list<std::pair<QString, QJsonValue>> fields)
{
    QJsonObject o;
    for (const auto &[k, v] : fields)
        o.insert(k, v);
    return o;
}

} // namespace

class tst_DebugView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void timelineFailedWatchRequestIsNoWatch();
    void durationsAreNeverRoundedUp();
    void stalledWatchShowsTheTimeSinceItsLastEvent();
    void watchListSaysItWaitsForTheEndBookmark();
    void serverRvBesideTheInformersSyncedRv();
    void relistsCountCompletedListsOnly();
    void notSyncedReasonSaysWhatTheReflectorWasDoing();
    void backoffCountdownIsNotRoundedUp();
    void aKeyTypedInPart();
    void loopRowsNameTheirResource();
    void reconcileRowsNameTheirController();
    void quantilesSayNoMoreThanTheBuckets();
};

void tst_DebugView::durationsAreNeverRoundedUp()
{
    QCOMPARE(formatDuration(0), QStringLiteral("0 ms"));
    QCOMPARE(formatDuration(-5), QStringLiteral("0 ms"));
    QCOMPARE(formatDuration(246), QStringLiteral("246 ms"));
    QCOMPARE(formatDuration(1246), QStringLiteral("1.2 s")); // was "2 s" in the countdown
    QCOMPARE(formatDuration(12449), QStringLiteral("12.4 s"));
    QCOMPARE(formatDuration(59949), QStringLiteral("59.9 s"));
    QCOMPARE(formatDuration(59960), QStringLiteral("1 min 0 s"));
    QCOMPARE(formatDuration(125400), QStringLiteral("2 min 5 s"));
}

// A watch that delivers nothing reads differently from one that just delivered: the time since
// its last watch event or bookmark, on the journal's clock.
void tst_DebugView::stalledWatchShowsTheTimeSinceItsLastEvent()
{
    ManualClock clock;
    Journal journal(&clock);
    ReflectorStatus status({&journal, QStringLiteral("pods")});
    Feed f{&journal};
    f.reflector(TraceKind::ListStarted, {},
                d({{QStringLiteral("cause"), QStringLiteral("initial")}}));
    clock.advance(400);
    status.flush();
    QCOMPARE(status.activityText(status.nowMs()),
             QStringLiteral("LIST sent 400 ms ago, not complete"));
    f.reflector(TraceKind::ListCompleted, QStringLiteral("10"), d({{QStringLiteral("items"), 0}}));
    f.reflector(TraceKind::WatchStarted, QStringLiteral("10"));
    clock.advance(2500);
    status.flush();
    QCOMPARE(status.state(), ReflectorStatus::State::Watching);
    QCOMPARE(status.activityText(status.nowMs()),
             QStringLiteral("no event or bookmark in the 2.5 s since the watch started"));
    f.watch(QStringLiteral("11"));
    clock.advance(3000);
    status.flush();
    QCOMPARE(status.lastWatchDeliveryAtMs(), qint64(2900));
    QCOMPARE(status.activityText(status.nowMs()),
             QStringLiteral("last event or bookmark 3.0 s ago"));
    QCOMPARE(status.activityBrief(status.nowMs()), QStringLiteral("quiet 3.0 s"));
    // It grows with the clock alone: no journal event needed.
    clock.advance(62000);
    QCOMPARE(status.activityText(status.nowMs()),
             QStringLiteral("last event or bookmark 1 min 5 s ago"));
    QCOMPARE(status.summary(status.nowMs()),
             QStringLiteral("Watching \u00B7 last event or bookmark 1 min 5 s ago \u00B7 RV 11 "
                            "\u00B7 0 object(s) \u00B7 HasSynced \u2717 \u00B7 1 watch event(s)"));
    // A bookmark is a delivery too.
    f.reflector(TraceKind::Bookmark, QStringLiteral("12"));
    clock.advance(100);
    status.flush();
    QCOMPARE(status.activityText(status.nowMs()),
             QStringLiteral("last event or bookmark 100 ms ago"));
    // Time travel: the moment shown is the seq's, and it does not move with the clock.
    status.foldUpTo(4); // the watch event at 2.9 s
    clock.advance(10000);
    QCOMPARE(status.nowMs(), qint64(2900));
    QCOMPARE(status.activityText(status.nowMs()),
             QStringLiteral("last event or bookmark 0 ms ago"));
    status.foldUpTo(0);
    QCOMPARE(status.activityText(status.nowMs()),
             QStringLiteral("last event or bookmark 10.1 s ago"));
}

// A WatchList (sendInitialEvents) lists over its watch until the initial-events-end bookmark:
// the status says it is listing and what it waits for, and for how long.
void tst_DebugView::watchListSaysItWaitsForTheEndBookmark()
{
    ManualClock clock;
    Journal journal(&clock);
    ReflectorStatus status({&journal, QStringLiteral("pods")});
    Feed f{&journal};
    f.reflector(TraceKind::WatchStarted, {},
                d({{QStringLiteral("sendInitialEvents"), true},
                   {QStringLiteral("watchList"), true},
                   {QStringLiteral("cause"), QStringLiteral("initial")}}));
    f.watch(QStringLiteral("5"), true);
    f.watch(QStringLiteral("6"), true);
    clock.advance(1200);
    status.flush();
    QCOMPARE(status.state(), ReflectorStatus::State::Listing);
    QVERIFY(status.awaitingInitialEventsEnd());
    QCOMPARE(status.initialEventsStreamed(), qint64(2));
    QCOMPARE(status.activityText(status.nowMs()),
             QStringLiteral("WatchList: waiting 1.2 s for the initial-events-end bookmark (2 "
                            "initial event(s) so far)"));
    QCOMPARE(status.activityBrief(status.nowMs()),
             QStringLiteral("waiting 1.2 s for end bookmark"));
    // The end bookmark, then the list it completes: the same stream goes on as the watch.
    f.reflector(
        TraceKind::Bookmark, QStringLiteral("7"),
        d({{QStringLiteral("watchList"), true}, {QStringLiteral("initialEventsEnd"), true}}));
    f.reflector(TraceKind::ListCompleted, QStringLiteral("7"),
                d({{QStringLiteral("watchList"), true}, {QStringLiteral("items"), 2}}));
    clock.advance(500);
    status.flush();
    QCOMPARE(status.state(), ReflectorStatus::State::Watching);
    QVERIFY(!status.awaitingInitialEventsEnd());
    QCOMPARE(status.activityText(status.nowMs()),
             QStringLiteral("last event or bookmark 500 ms ago"));
}

void tst_DebugView::serverRvBesideTheInformersSyncedRv()
{
    ManualClock clock;
    Journal journal(&clock);
    ReflectorStatus status({&journal, QStringLiteral("pods")});
    Feed f{&journal};
    QCOMPARE(status.serverResourceVersion(), QString());
    f.reflector(TraceKind::ListStarted);
    f.reflector(TraceKind::ListCompleted, QStringLiteral("100"));
    f.reflector(TraceKind::WatchStarted, QStringLiteral("100"));
    f.watch(QStringLiteral("101"));
    status.flush();
    QCOMPARE(status.serverResourceVersion(), QStringLiteral("101"));
    QCOMPARE(status.lastResourceVersion(), QStringLiteral("101"));
    // A WatchList streams the server's resourceVersions into its temporary store: the
    // informer syncs none of them until the end bookmark.
    f.reflector(TraceKind::WatchEnded, QStringLiteral("101"));
    f.reflector(
        TraceKind::WatchStarted, QStringLiteral("101"),
        d({{QStringLiteral("sendInitialEvents"), true}, {QStringLiteral("watchList"), true}}));
    f.watch(QStringLiteral("140"), true);
    f.reflector(TraceKind::Bookmark, QStringLiteral("150"),
                d({{QStringLiteral("watchList"), true}}));
    status.flush();
    QCOMPARE(status.serverResourceVersion(), QStringLiteral("150"));
    QCOMPARE(status.lastResourceVersion(), QStringLiteral("101"));
    // It ended before its end bookmark: still nothing synced.
    f.reflector(TraceKind::WatchEnded, QStringLiteral("150"),
                d({{QStringLiteral("watchList"), true},
                   {QStringLiteral("reason"), QStringLiteral("before initial-events-end")}}));
    status.flush();
    QCOMPARE(status.lastResourceVersion(), QStringLiteral("101"));
    // A list whose Replace failed did not sync its resourceVersion either.
    f.reflector(TraceKind::ListStarted);
    f.reflector(TraceKind::ListCompleted, QStringLiteral("160"));
    f.reflector(TraceKind::ListFailed, QStringLiteral("160"),
                d({{QStringLiteral("error"), QStringLiteral("unable to sync list result")}}));
    status.flush();
    QCOMPARE(status.serverResourceVersion(), QStringLiteral("160"));
    QCOMPARE(status.lastResourceVersion(), QStringLiteral("101"));
}

// "N relist(s)" counted list attempts, failed ones included.
void tst_DebugView::relistsCountCompletedListsOnly()
{
    ManualClock clock;
    Journal journal(&clock);
    ReflectorStatus status({&journal, QStringLiteral("pods")});
    Feed f{&journal};
    // The initial list fails twice, then completes: no relist yet.
    for (int i = 0; i < 2; ++i) {
        f.reflector(TraceKind::ListStarted);
        f.reflector(TraceKind::ListFailed, {}, d({{QStringLiteral("code"), 500}}));
        f.reflector(TraceKind::Backoff, {}, d({{QStringLiteral("delayMs"), 800}}));
    }
    f.reflector(TraceKind::ListStarted);
    f.reflector(TraceKind::ListCompleted, QStringLiteral("10"));
    status.flush();
    QCOMPARE(status.listCount(), 3);
    QCOMPARE(status.relistCount(), 0);
    QCOMPARE(status.failedListCount(), 2);
    // A relist after a watch's 410.
    f.reflector(TraceKind::ListStarted);
    f.reflector(TraceKind::ListCompleted, QStringLiteral("20"));
    status.flush();
    QCOMPARE(status.relistCount(), 1);
}

void tst_DebugView::notSyncedReasonSaysWhatTheReflectorWasDoing()
{
    ManualClock clock;
    Journal journal(&clock);
    ReflectorStatus status({&journal, QStringLiteral("pods")});
    Feed f{&journal};
    QCOMPARE(status.notSyncedReason(0), QStringLiteral("its Reflector never sent a LIST"));
    clock.advance(120);
    f.reflector(TraceKind::ListStarted);
    clock.advance(1880);
    status.flush();
    QCOMPARE(status.notSyncedReason(status.nowMs()),
             QStringLiteral("its LIST sent at 0.120 s had not completed after 1.880 s"));
    f.reflector(TraceKind::ListFailed, {}, d({{QStringLiteral("code"), 500}}));
    f.reflector(TraceKind::Backoff, {}, d({{QStringLiteral("delayMs"), 1246}}));
    clock.advance(46);
    status.flush();
    QCOMPARE(status.notSyncedReason(status.nowMs()),
             QStringLiteral("it was backing off (retry in 1200 ms of a 1246 ms wait)"));
    f.reflector(
        TraceKind::WatchStarted, {},
        d({{QStringLiteral("sendInitialEvents"), true}, {QStringLiteral("watchList"), true}}));
    f.watch(QStringLiteral("3"), true);
    clock.advance(500);
    status.flush();
    QCOMPARE(status.notSyncedReason(status.nowMs()),
             QStringLiteral("its WatchList (sendInitialEvents) waited 0.500 s for the "
                            "initial-events-end bookmark, which never came (1 initial event(s) "
                            "streamed)"));
}

// The status bar's backoff countdown rounded 1 246 ms up to "2 s".
void tst_DebugView::backoffCountdownIsNotRoundedUp()
{
    ManualClock clock;
    Journal journal(&clock);
    ReflectorStatus status({&journal, QStringLiteral("pods")});
    Feed f{&journal};
    f.reflector(TraceKind::Backoff, {}, d({{QStringLiteral("delayMs"), 1246}}));
    status.flush();
    QCOMPARE(status.backoffText(clock.nowMs()), QStringLiteral("retry in 1.2 s"));
    clock.advance(300);
    QCOMPARE(status.backoffText(clock.nowMs()), QStringLiteral("retry in 946 ms"));
    QCOMPARE(status.backoffText(-1), QStringLiteral("waits 1.2 s"));
}

// docs/window.md: the key field takes "any part of the key, any case".
void tst_DebugView::aKeyTypedInPart()
{
    Journal journal;
    KeyHistoryModel history({&journal, QStringLiteral("pods")});
    Feed f{&journal};
    for (const char *rv : {"1", "2", "20"})
        f.watch(QString::fromLatin1(rv)); // default/web-1, default/web-2, default/web-20
    auto match = [&](const QString &typed) { return history.matchKey(typed); };
    QCOMPARE(match(QStringLiteral("default/web-2")).key, QStringLiteral("default/web-2"));
    QCOMPARE(match(QStringLiteral("DEFAULT/WEB-20")).key, QStringLiteral("default/web-20"));
    // The name after the namespace: one key has it, though two contain it.
    QCOMPARE(match(QStringLiteral("Web-2")).key, QStringLiteral("default/web-2"));
    QCOMPARE(match(QStringLiteral("web-2")).candidates,
             QStringList({QStringLiteral("default/web-2"), QStringLiteral("default/web-20")}));
    // Part of one key only.
    QCOMPARE(match(QStringLiteral("b-20")).key, QStringLiteral("default/web-20"));
    // Part of several: no key, the choice.
    const KeyHistoryModel::KeyMatch several = match(QStringLiteral("web"));
    QCOMPARE(several.key, QString());
    QCOMPARE(several.candidates.size(), 3);
    QCOMPARE(match(QStringLiteral("nothing")).candidates, QStringList());
}

// A claim's history goes on around the controller's loop: each row says whose it is.
void tst_DebugView::loopRowsNameTheirResource()
{
    TraceEvent own;
    own.kind = TraceKind::WatchEvent;
    own.informer = QStringLiteral("persistentvolumeclaims");
    own.key = QStringLiteral("default/data-0");
    QCOMPARE(KeyHistoryModel::resourceOf(own, true, own.informer),
             QStringLiteral("persistentvolumeclaims"));
    TraceEvent pv = own;
    pv.informer = QStringLiteral("persistentvolumes");
    pv.key = QStringLiteral("pvc-1");
    QCOMPARE(KeyHistoryModel::resourceOf(pv, false, own.informer),
             QStringLiteral("persistentvolumes pvc-1"));
    TraceEvent add;
    add.kind = TraceKind::WorkqueueAdd;
    add.key = QStringLiteral("35dea9e1");
    add.detail.insert(QLatin1String("queue"), QStringLiteral("claims"));
    QCOMPARE(KeyHistoryModel::resourceOf(add, false, own.informer), QStringLiteral("claims queue"));
    TraceEvent post;
    post.kind = TraceKind::ApiRequestSent;
    post.detail.insert(QLatin1String("path"), QStringLiteral("/api/v1/persistentvolumes"));
    QCOMPARE(KeyHistoryModel::resourceOf(post, false, own.informer),
             QStringLiteral("persistentvolumes"));
    post.detail.insert(QLatin1String("path"), QStringLiteral("/api/v1/namespaces/default/events"));
    QCOMPARE(KeyHistoryModel::resourceOf(post, false, own.informer), QStringLiteral("events"));
    // An Event posted about the claim itself carries the claim's key: still an Event's row.
    post.key = own.key;
    QCOMPARE(KeyHistoryModel::resourceOf(post, true, own.informer), QStringLiteral("events"));
    post.detail.insert(QLatin1String("path"),
                       QStringLiteral("/apis/storage.k8s.io/v1/storageclasses/standard"));
    QCOMPARE(KeyHistoryModel::resourceOf(post, false, own.informer),
             QStringLiteral("storageclasses standard"));
    TraceEvent prov;
    prov.kind = TraceKind::ProvisionerCalled;
    QCOMPARE(KeyHistoryModel::resourceOf(prov, false, own.informer), QStringLiteral("provisioner"));
}

// controller-runtime's rows of a key: the queue's (priorityQueue…) name the queue, the
// reconciles (no informer of their own) the controller that ran them.
void tst_DebugView::reconcileRowsNameTheirController()
{
    Journal journal;
    KeyHistoryModel history({&journal, QStringLiteral("configmaps")});
    const QString key = QStringLiteral("default/a");
    auto record = [&](TraceKind kind, const QJsonObject &detail) {
        TraceEvent e;
        e.kind = kind;
        e.component = QStringLiteral("runtime");
        e.key = key;
        e.detail = detail;
        journal.record(std::move(e));
    };
    TraceEvent own;
    own.kind = TraceKind::WatchEvent;
    own.component = QStringLiteral("reflector");
    own.informer = QStringLiteral("configmaps");
    own.type = QStringLiteral("ADDED");
    own.key = key;
    own.object = Object::make(QStringLiteral("default"), QStringLiteral("a"), QStringLiteral("1"));
    own.resourceVersion = QStringLiteral("1");
    journal.record(own);
    const QString name = QStringLiteral("runtime-sample");
    record(TraceKind::PriorityQueueAdd, {{QLatin1String("queue"), name},
                                         {QLatin1String("priority"), 0},
                                         {QLatin1String("ready"), true}});
    record(TraceKind::ReconcileStarted, {{QLatin1String("controller"), name},
                                         {QLatin1String("worker"), QStringLiteral("worker-1")},
                                         {QLatin1String("priority"), 0},
                                         {QLatin1String("reconcileId"), 1}});
    record(TraceKind::ReconcileFinished, {{QLatin1String("controller"), name},
                                          {QLatin1String("worker"), QStringLiteral("worker-1")},
                                          {QLatin1String("priority"), 0},
                                          {QLatin1String("result"), QStringLiteral("success")}});
    history.setKey(key);
    history.flush();
    QMap<int, QString> resources; // by TraceKind
    for (int row = 0; row < history.rowCount(); ++row)
        resources.insert(history.index(row, 0).data(KeyHistoryModel::KindRole).toInt(),
                         history.index(row, KeyHistoryModel::ResourceColumn).data().toString());
    QCOMPARE(resources.value(int(TraceKind::WatchEvent)), QStringLiteral("configmaps"));
    QCOMPARE(resources.value(int(TraceKind::PriorityQueueAdd)),
             QStringLiteral("runtime-sample queue"));
    QCOMPARE(resources.value(int(TraceKind::ReconcileStarted)),
             QStringLiteral("runtime-sample controller"));
    QCOMPARE(resources.value(int(TraceKind::ReconcileFinished)),
             QStringLiteral("runtime-sample controller"));
}

// "p50 ≤ 1e-08 s": a precision neither the buckets nor the journal's whole milliseconds have.
void tst_DebugView::quantilesSayNoMoreThanTheBuckets()
{
    using H = WorkqueueState::Histogram;
    auto text = [](std::initializer_list<double> seconds) {
        H h;
        for (double s : seconds)
            h.observe(s);
        return WorkqueueModel::quantileText(h);
    };
    QCOMPARE(text({}), QString());
    QCOMPARE(text({0, 0, 0.2}), QStringLiteral("p50 < 1 ms"));
    QCOMPARE(text({0.001, 0.001}), QStringLiteral("p50 \u2264 1 ms"));
    QCOMPARE(text({0.004}), QStringLiteral("p50 over 1 ms, at most 10 ms"));
    QCOMPARE(text({0.3, 0.3, 2}), QStringLiteral("p50 over 100 ms, at most 1 s"));
    QCOMPARE(text({5}), QStringLiteral("p50 over 1 s, at most 10 s"));
    QCOMPARE(text({50, 60}), QStringLiteral("p50 over 10 s"));
}

// Issue 35: a WATCH request the server answered with an error (WatchError detail.request) was no
// watch: its span says so and is no watch of the gaps between watches.
void tst_DebugView::timelineFailedWatchRequestIsNoWatch()
{
    ManualClock clock;
    Journal journal(&clock);
    TimelineModel tl(&journal);
    auto rec = [&](TraceKind k, const QJsonObject &d = {}, const QString &rv = {}) {
        TraceEvent e;
        e.kind = k;
        e.resourceVersion = rv;
        e.detail = d;
        journal.record(e);
    };
    rec(TraceKind::WatchStarted, {}, QStringLiteral("7"));
    clock.advance(1000);
    rec(TraceKind::WatchEnded, {{QLatin1String("reason"), QStringLiteral("stream broken")}});
    rec(TraceKind::WatchStarted, {}, QStringLiteral("7"));
    clock.advance(5);
    rec(TraceKind::WatchError, {{QLatin1String("code"), 429}, {QLatin1String("request"), true}});
    clock.advance(800);
    rec(TraceKind::WatchStarted, {}, QStringLiteral("7"));
    tl.flush();
    std::vector<TimelineModel::Span> watches;
    for (const auto &s : tl.spans())
        if (s.lane == TimelineModel::Span::Lane::Watch)
            watches.push_back(s);
    QCOMPARE(watches.size(), size_t(3));
    QVERIFY(!watches[0].requestFailed);
    QVERIFY(watches[1].requestFailed);
    QVERIFY2(watches[1].label.contains(QLatin1String("failed")), qPrintable(watches[1].label));
    QVERIFY(!watches[2].requestFailed);
    const auto gaps = tl.watchGaps();
    QCOMPARE(gaps.size(), size_t(1)); // from the broken stream to the watch that existed
    QCOMPARE(gaps[0].start, qint64(1000));
    QCOMPARE(gaps[0].end, qint64(1805));
}

QTEST_MAIN(tst_DebugView)
#include "tst_debugview.moc"
