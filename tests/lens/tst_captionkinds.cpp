// SPDX-License-Identifier: Apache-2.0
// Caption without a window: every journal event kind has its own explanation (headline and
// words of its component), and every timeline marker kind its sentence (Caption::forMark).
#include "api/status.h"
#include "lens/caption.h"
#include "lens/controllerloop.h"
#include "lens/timelinemodel.h"
#include "trace/clock.h"
#include "trace/journal.h"

#include <QSet>
#include <QTest>

using namespace lens;

class TestCaptionKinds : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void updateShowsItsFieldDiff();
    void simulatorNotesAreReadFromTheirFields();
    void relistSaysNewChangedUnchangedMissing();
    void secondProvisionSaysThe409FromItsEvent();
    void syncSaysWhichAddQueuedIt();
    void everyEventKindIsExplained_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("headline"); // the start of the bold headline
        const QList<std::pair<TraceKind, const char *>> rows{
            {TraceKind::ListStarted, "LIST started"},
            {TraceKind::ListPage, "LIST page"},
            {TraceKind::ListCompleted, "LIST complete"},
            {TraceKind::ListFailed, "LIST failed"},
            {TraceKind::WatchStarted, "WATCH from resourceVersion"},
            {TraceKind::WatchEvent, "Watch event"},
            {TraceKind::Bookmark, "BOOKMARK"},
            {TraceKind::WatchEnded, "Watch ended"},
            {TraceKind::WatchError, "Watch error"},
            {TraceKind::Backoff, "Backoff: waiting"},
            {TraceKind::FifoQueued, "Added queued for"},
            {TraceKind::FifoPopped, "Pop:"},
            {TraceKind::IndexerAdded, "Indexer: default/a added"},
            {TraceKind::IndexerUpdated, "Indexer: default/a updated"},
            {TraceKind::IndexerDeleted, "Indexer: default/a deleted"},
            {TraceKind::HandlerNotified, "OnAdd(default/a)"},
            {TraceKind::Resync, "Resync tick"},
            {TraceKind::Synced, "HasSynced:"},
            {TraceKind::PumpMode, "Pop pump:"},
            {TraceKind::HandlerAdded, "Handler h registered"},
            {TraceKind::HandlerRemoved, "Handler h removed"},
            {TraceKind::HandlerResyncChanged, "Handler h: resyncPeriod"},
            {TraceKind::CacheSyncStarted, "WaitForCacheSync started"},
            {TraceKind::CacheSyncWaiting, "WaitForCacheSync still waiting"},
            {TraceKind::CacheSyncFinished, "WaitForCacheSync ended by shutdown"},
            {TraceKind::WorkqueueAdd, "default/a added to claims"},
            {TraceKind::WorkqueueGet, "w1 got default/a from claims after 3 ms"},
            {TraceKind::WorkqueueDone, "w1 done with default/a from claims"},
            {TraceKind::WorkqueueAddAfter, "default/a waits 15 ms before it is added to claims"},
            {TraceKind::WorkqueueReady, "default/a's wait in claims is over"},
            {TraceKind::WorkqueueAddRateLimited, "default/a waits 15 ms before it is added"},
            {TraceKind::WorkqueueForget, "claims forgets default/a's 2 failure(s)"},
            {TraceKind::WorkqueueShutDown, "claims shuts down: 0 queued"},
            {TraceKind::WorkqueueCancelGet, "w1 stopped waiting on claims"},
            {TraceKind::Info, "Note"},
        };
        for (const auto &[kind, headline] : rows)
            QTest::newRow(qPrintable(traceKindName(kind)))
                << int(kind) << QString::fromUtf8(headline);
    }
    void everyEventKindIsExplained()
    {
        QFETCH(int, kind);
        QFETCH(QString, headline);
        TraceEvent e;
        e.seq = 1;
        e.kind = TraceKind(kind);
        e.key = QStringLiteral("default/a");
        e.type =
            e.kind == TraceKind::HandlerNotified ? QStringLiteral("add") : QStringLiteral("ADDED");
        e.resourceVersion = QStringLiteral("7");
        e.detail = {{QLatin1String("handler"), QStringLiteral("h")}};
        if (traceKindName(e.kind).startsWith(QLatin1String("workqueue")))
            e.detail = {{QLatin1String("queue"), QStringLiteral("claims")},
                        {QLatin1String("worker"), QStringLiteral("w1")},
                        {QLatin1String("waitedMs"), 3},
                        {QLatin1String("delayMs"), 15},
                        {QLatin1String("failures"), 2}};
        if (e.kind == TraceKind::FifoQueued)
            e.deltas = {Delta::of(
                DeltaType::Added,
                Object::make(QStringLiteral("default"), QStringLiteral("a"), QStringLiteral("7")))};
        const QString html = Caption::forEvent(e);
        QVERIFY2(html.startsWith(QStringLiteral("<p><b>") + headline), qPrintable(html));
        QVERIFY2(html.count(QLatin1String("<p>")) >= 2, qPrintable(html)); // and a paragraph
    }

    void everyMarkKindHasItsSentence()
    {
        using Kind = TimelineModel::Mark::Kind;
        const QList<std::pair<Kind, const char *>> rows{
            {Kind::Added, "A watch event"},     {Kind::Modified, "A watch event"},
            {Kind::Deleted, "A watch event"},   {Kind::Bookmark, "A BOOKMARK"},
            {Kind::ListPage, "One page"},       {Kind::Expired, "410 Gone"},
            {Kind::Error, "The list or watch"}, {Kind::Backoff, "Backoff"},
            {Kind::Resync, "Resync"},           {Kind::Synced, "HasSynced"},
        };
        QSet<QString> distinct;
        for (const auto &[kind, start] : rows) {
            TimelineModel::Mark m;
            m.kind = kind;
            const QString text = Caption::forMark(m);
            QVERIFY2(text.startsWith(QString::fromUtf8(start)), qPrintable(text));
            distinct.insert(text);
        }
        QCOMPARE(distinct.size(), 8); // the three watch event kinds share one
    }
};

namespace {
/// Records `kind` for `key` (namespace "default") at `rv` with `labels`, informer "pods".
quint64 put(Journal &j, TraceKind kind, const QString &name, const QString &rv,
            const QMap<QString, QString> &labels = {}, const QJsonObject &detail = {},
            bool tombstone = false)
{
    TraceEvent e;
    e.kind = kind;
    e.component =
        kind == TraceKind::FifoQueued ? QStringLiteral("deltafifo") : QStringLiteral("indexer");
    e.informer = QStringLiteral("pods");
    e.key = name.isEmpty() ? QString() : QStringLiteral("default/") + name;
    e.resourceVersion = rv;
    if (!name.isEmpty())
        e.object = Object::make(QStringLiteral("default"), name, rv, labels);
    e.detail = detail;
    if (kind == TraceKind::FifoQueued)
        e.deltas = {tombstone ? Delta::deletedFinalStateUnknown(e.key, e.object)
                              : Delta::of(DeltaType::Replaced, e.object)};
    return j.record(std::move(e));
}
} // namespace

// The explanation of an update names the fields it changed, against the state the Indexer
// held at the old resourceVersion (never the resourceVersion itself).
void TestCaptionKinds::syncSaysWhichAddQueuedIt()
{
    // The journal of `--resync 5 --fail-provisions 3`: the first sync fails (AddRateLimited,
    // 15 s); the resync's update re-queues the key at once, so the next sync is NOT the retry,
    // although NumRequeues counts 1; the retry comes due later (workqueueReady, then its Add).
    ManualClock clock;
    Journal j(&clock);
    const QString key = QStringLiteral("uid-1");
    const auto wq = [&](TraceKind kind, QVariantMap detail) {
        TraceEvent e;
        e.kind = kind;
        e.component = kind == TraceKind::ControllerSyncStarted ? QStringLiteral("provisioner")
                                                               : QStringLiteral("workqueue");
        e.key = key;
        detail.insert(QStringLiteral("queue"), QStringLiteral("claims"));
        e.detail = QJsonObject::fromVariantMap(detail);
        return j.record(std::move(e));
    };
    const auto caption = [&](quint64 seq) {
        const auto it = std::find_if(j.events().begin(), j.events().end(),
                                     [seq](const TraceEvent &e) { return e.seq == seq; });
        return Caption::forEvent(*it, &j);
    };
    const QString w1 = QStringLiteral("claim-worker-1"), w4 = QStringLiteral("claim-worker-4");
    wq(TraceKind::WorkqueueAdd, {{QStringLiteral("reason"), QStringLiteral("enqueueClaim: add")}});
    wq(TraceKind::WorkqueueGet, {{QStringLiteral("worker"), w1}});
    const quint64 first = wq(TraceKind::ControllerSyncStarted,
                             {{QStringLiteral("worker"), w1}, {QStringLiteral("requeues"), 0}});
    wq(TraceKind::WorkqueueAddRateLimited,
       {{QStringLiteral("limiter"), QStringLiteral("ItemExponentialFailure")},
        {QStringLiteral("delayMs"), 15000},
        {QStringLiteral("failures"), 1},
        {QStringLiteral("reason"), QStringLiteral("claim-worker-1: retry after error")}});
    wq(TraceKind::WorkqueueDone, {{QStringLiteral("worker"), w1}});
    clock.advance(5000);
    wq(TraceKind::WorkqueueAdd,
       {{QStringLiteral("reason"), QStringLiteral("enqueueClaim: update")}});
    wq(TraceKind::WorkqueueGet, {{QStringLiteral("worker"), w4}});
    const quint64 resynced = wq(TraceKind::ControllerSyncStarted,
                                {{QStringLiteral("worker"), w4}, {QStringLiteral("requeues"), 1}});
    wq(TraceKind::WorkqueueDone, {{QStringLiteral("worker"), w4}});
    clock.advance(10000);
    wq(TraceKind::WorkqueueReady,
       {{QStringLiteral("reason"), QStringLiteral("claim-worker-1: retry after error")}});
    wq(TraceKind::WorkqueueAdd,
       {{QStringLiteral("reason"), QStringLiteral("claim-worker-1: retry after error")}});
    wq(TraceKind::WorkqueueGet, {{QStringLiteral("worker"), w1}});
    const quint64 retry = wq(TraceKind::ControllerSyncStarted,
                             {{QStringLiteral("worker"), w1}, {QStringLiteral("requeues"), 0}});

    const QString a = caption(first), b = caption(resynced), c = caption(retry);
    QVERIFY2(a.contains(QLatin1String("by: enqueueClaim: add.")), qPrintable(a));
    QVERIFY2(!a.contains(QLatin1String("retry")), qPrintable(a));
    QVERIFY2(b.contains(QLatin1String("by: enqueueClaim: update.")), qPrintable(b));
    QVERIFY2(b.contains(QLatin1String("It is not the retry: NumRequeues counts 1 failure(s)")),
             qPrintable(b));
    QVERIFY2(c.contains(QLatin1String("This sync is a rate-limited retry")), qPrintable(c));
    QVERIFY2(c.contains(QLatin1String("ItemExponentialFailure chose 15")), qPrintable(c));
    QVERIFY2(!c.contains(QLatin1String("enqueueClaim")), qPrintable(c));
}

void TestCaptionKinds::updateShowsItsFieldDiff()
{
    ManualClock clock;
    Journal j(&clock);
    put(j, TraceKind::IndexerAdded, QStringLiteral("a"), QStringLiteral("1"),
        {{QStringLiteral("tier"), QStringLiteral("fe")}});
    const quint64 seq = put(j, TraceKind::IndexerUpdated, QStringLiteral("a"), QStringLiteral("2"),
                            {{QStringLiteral("tier"), QStringLiteral("be")}},
                            {{QStringLiteral("oldResourceVersion"), QStringLiteral("1")}});
    const TraceEvent &updated = j.events().back();
    QCOMPARE(updated.seq, seq);
    const QString html = Caption::forEvent(updated, &j);
    QVERIFY2(html.contains(QStringLiteral("Fields changed since resourceVersion 1: "
                                          "metadata.labels.tier: fe \u2192 be")),
             qPrintable(html));
    // Without the journal there is nothing to compare with, and nothing is claimed.
    QVERIFY(!Caption::forEvent(updated).contains(QStringLiteral("Fields changed")));
}

// The Simulator panel's notes are explained from their fields, not from their English message.
void TestCaptionKinds::simulatorNotesAreReadFromTheirFields()
{
    TraceEvent e;
    e.kind = TraceKind::Info;
    e.component = QStringLiteral("simulator");
    e.type = QStringLiteral("action");
    e.detail = {{QStringLiteral("action"), QStringLiteral("expire-watches")},
                {QStringLiteral("parameters"),
                 QJsonObject{{QStringLiteral("resource"), QStringLiteral("pods")}}},
                {QStringLiteral("answer"), QJsonObject{{QStringLiteral("closedWatches"), 2}}},
                {QStringLiteral("message"), QStringLiteral("ENGLISH ONLY")}};
    const QString html = Caption::forEvent(e);
    QVERIFY2(html.startsWith(QStringLiteral("<p><b>Simulator: expire-watches")), qPrintable(html));
    QVERIFY2(html.contains(QStringLiteral("POST /sim/v1/expire-watches with resource=pods")),
             qPrintable(html));
    QVERIFY2(html.contains(QStringLiteral("closedWatches=2")), qPrintable(html));
    QVERIFY(!html.contains(QStringLiteral("ENGLISH ONLY")));
}

// A relist's explanation sorts its listed keys by what the Indexer held before it.
void TestCaptionKinds::relistSaysNewChangedUnchangedMissing()
{
    ManualClock clock;
    Journal j(&clock);
    put(j, TraceKind::IndexerAdded, QStringLiteral("same"), QStringLiteral("1"));
    put(j, TraceKind::IndexerAdded, QStringLiteral("moved"), QStringLiteral("1"));
    put(j, TraceKind::IndexerAdded, QStringLiteral("gone"), QStringLiteral("1"));
    put(j, TraceKind::IndexerAdded, QStringLiteral("deleted"), QStringLiteral("1"));
    put(j, TraceKind::IndexerDeleted, QStringLiteral("deleted"), QStringLiteral("2"));
    TraceEvent list;
    list.kind = TraceKind::ListCompleted;
    list.component = QStringLiteral("reflector");
    list.informer = QStringLiteral("pods");
    list.resourceVersion = QStringLiteral("9");
    list.detail = {{QStringLiteral("items"), 4},
                   {QStringLiteral("cause"), QStringLiteral("watch expired")}};
    const quint64 listSeq = j.record(std::move(list));
    put(j, TraceKind::FifoQueued, QStringLiteral("same"), QStringLiteral("1"));
    put(j, TraceKind::FifoQueued, QStringLiteral("moved"), QStringLiteral("5"));
    put(j, TraceKind::FifoQueued, QStringLiteral("fresh"), QStringLiteral("8"));
    put(j, TraceKind::FifoQueued, QStringLiteral("deleted"), QStringLiteral("7"));
    put(j, TraceKind::FifoQueued, QStringLiteral("gone"), QStringLiteral("1"), {}, {}, true);
    const TraceEvent &completed =
        *std::find_if(j.events().begin(), j.events().end(),
                      [&](const TraceEvent &e) { return e.seq == listSeq; });
    const QString html = Caption::forEvent(completed, &j);
    QVERIFY2(html.contains(QStringLiteral("Against the Indexer before this list: "
                                          "2 new (default/fresh, default/deleted); "
                                          "1 changed, another resourceVersion (default/moved); "
                                          "1 unchanged, the same resourceVersion (default/same); "
                                          "1 missing from the list, queued as tombstones "
                                          "(default/gone).")),
             qPrintable(html));
}

// A claim provisioned twice (its key came back before the volumes informer had the PV): the
// second worker run's Explain and key-history line say that the PV already existed (409) and
// that the library counts it as provisioned, from the events' own fields; a run whose POST was
// answered 201 says nothing of the kind.
void TestCaptionKinds::secondProvisionSaysThe409FromItsEvent()
{
    const QString words = QStringLiteral("PV already exists (409) \u2014 the library treats this "
                                         "as provisioned");
    ManualClock clock;
    Journal j(&clock);
    auto post = [&j](int code) {
        TraceEvent e;
        e.kind = TraceKind::ApiRequestFinished;
        e.component = QStringLiteral("provisioner");
        e.key = QStringLiteral("pvc-u1");
        e.detail = {{QStringLiteral("requestId"), 7},
                    {QStringLiteral("verb"), QStringLiteral("POST")},
                    {QStringLiteral("path"), QStringLiteral("/api/v1/persistentvolumes")},
                    {QStringLiteral("code"), code},
                    {QStringLiteral("latencyMs"), 2},
                    {QStringLiteral("worker"), QStringLiteral("claim-worker-1")},
                    {QStringLiteral("queueKey"), QStringLiteral("u1")},
                    {QStringLiteral("objectKey"), QStringLiteral("pvc-u1")}};
        if (code == 409) {
            ApiStatus st;
            st.code = 409;
            st.reason = QStringLiteral("AlreadyExists");
            st.message = QStringLiteral("persistentvolumes \"pvc-u1\" already exists");
            e.detail.insert(QStringLiteral("status"), st.toDetail());
        }
        j.record(std::move(e));
        return j.events().back();
    };
    auto finished = [&j](bool alreadyExists) {
        TraceEvent e;
        e.kind = TraceKind::ControllerSyncFinished;
        e.component = QStringLiteral("provisioner");
        e.key = QStringLiteral("u1");
        e.detail = {{QStringLiteral("queue"), QStringLiteral("claims")},
                    {QStringLiteral("worker"), QStringLiteral("claim-worker-1")},
                    {QStringLiteral("objectKey"), QStringLiteral("default/data")},
                    {QStringLiteral("outcome"), QStringLiteral("provisioned")},
                    {QStringLiteral("message"), QStringLiteral("volume pvc-u1 saved")},
                    {QStringLiteral("requeue"), QStringLiteral("forgotten")},
                    {QStringLiteral("durationMs"), 200},
                    {QStringLiteral("requeues"), 0}};
        if (alreadyExists)
            e.detail.insert(QStringLiteral("alreadyExists"), true);
        j.record(std::move(e));
        return j.events().back();
    };
    ControllerLoop loop;
    loop.reset(QStringLiteral("default/data"), QStringLiteral("persistentvolumeclaims"));

    const TraceEvent created = post(201);
    const TraceEvent first = finished(false);
    QVERIFY(!Caption::forEvent(created, &j).contains(words));
    QVERIFY(!Caption::forEvent(first, &j).contains(words));
    QVERIFY(!loop.line(created).contains(words));
    QVERIFY(!loop.line(first).contains(words));

    const TraceEvent conflict = post(409);
    const TraceEvent second = finished(true);
    for (const TraceEvent *e : {&conflict, &second}) {
        const QString html = Caption::forEvent(*e, &j);
        QVERIFY2(html.contains(words.toHtmlEscaped()) || html.contains(words), qPrintable(html));
        QVERIFY2(loop.line(*e).contains(words), qPrintable(loop.line(*e)));
    }
    // The sync's own English message is not what it says (it is worded in the window's
    // language from the alreadyExists field).
    QVERIFY(!loop.line(second).contains(QStringLiteral("saved")));
}

QTEST_GUILESS_MAIN(TestCaptionKinds)
#include "tst_captionkinds.moc"
