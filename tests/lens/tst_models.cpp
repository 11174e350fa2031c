// SPDX-License-Identifier: Apache-2.0
#include "lens/deltachip.h"
#include "lens/eventbatcher.h"
#include "lens/indexermodel.h"
#include "lens/journalmodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/namespaceindexmodel.h"
#include "lens/objectdiff.h"
#include "lens/queuemodel.h"
#include "lens/reflectorstatus.h"
#include "lens/timelinemodel.h"
#include "trace/journal.h"

#include <QAbstractItemModelTester>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace lens;

namespace {

QString nsOf(const QString &key)
{
    return key.section(QLatin1Char('/'), 0, 0);
}
QString nameOf(const QString &key)
{
    return key.section(QLatin1Char('/'), 1);
}

Object obj(const QString &key, int rv, const QString &phase = {})
{
    Object o = Object::make(nsOf(key), nameOf(key), QString::number(rv),
                            {{QStringLiteral("app"), nameOf(key).left(3)}});
    if (phase.isEmpty())
        return o;
    QJsonObject j = o.json();
    j.insert(QLatin1String("status"), QJsonObject{{QLatin1String("phase"), phase}});
    return Object::fromJson(j);
}

/// The feeder: keeps a shadow DeltaFIFO so FifoQueued carries the key's whole Deltas, as the
/// real queue does.
struct Feed {
    Journal *j;
    QHash<QString, Deltas> items;
    QStringList queue;

    void queued(const QString &key, DeltaType t, const Object &o, bool tomb = false)
    {
        if (!items.contains(key))
            queue << key;
        items[key].append(tomb ? Delta::deletedFinalStateUnknown(key, o) : Delta::of(t, o));
        TraceEvent e;
        e.kind = TraceKind::FifoQueued;
        e.component = QStringLiteral("deltafifo");
        e.key = key;
        e.type = deltaTypeName(t);
        e.deltas = items[key];
        e.object = o;
        e.resourceVersion = o.resourceVersion();
        e.detail.insert(QLatin1String("queueDepth"), queue.size());
        j->record(e);
    }
    void pop(bool hasSynced = false)
    {
        const QString key = queue.takeFirst();
        TraceEvent e;
        e.kind = TraceKind::FifoPopped;
        e.component = QStringLiteral("deltafifo");
        e.key = key;
        e.deltas = items.take(key);
        e.detail.insert(QLatin1String("queueDepth"), queue.size());
        e.detail.insert(QLatin1String("hasSynced"), hasSynced);
        j->record(e);
    }
    void indexer(TraceKind k, const QString &key, const Object &o)
    {
        TraceEvent e;
        e.kind = k;
        e.component = QStringLiteral("indexer");
        e.key = key;
        e.object = o;
        e.resourceVersion = o.resourceVersion();
        e.type = k == TraceKind::IndexerDeleted ? QStringLiteral("Deleted") : QString();
        j->record(e);
    }
    void reflector(TraceKind k, const QString &rv, const QJsonObject &detail = {})
    {
        TraceEvent e;
        e.kind = k;
        e.component = QStringLiteral("reflector");
        e.resourceVersion = rv;
        e.detail = detail;
        j->record(e);
    }
    void watch(const QString &type, const QString &key, const Object &o)
    {
        TraceEvent e;
        e.kind = TraceKind::WatchEvent;
        e.component = QStringLiteral("reflector");
        e.type = type;
        e.key = key;
        e.object = o;
        e.resourceVersion = o.resourceVersion();
        j->record(e);
    }
};

QStringList column(const QAbstractItemModel &m, int col, const QModelIndex &parent = {})
{
    QStringList out;
    for (int r = 0; r < m.rowCount(parent); ++r)
        out << m.index(r, col, parent).data().toString();
    return out;
}

} // namespace

class tst_Models : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void queueOrderAndDeltas();
    void queueBatching();
    void queueArriveAndLeaveInOneBatch();
    void indexerAddUpdateDelete();
    void namespaceIndexTree();
    void keyHistory();
    void journalModelCap();
    void keyHistoryCap();
    void busyBatchesTakeTurns();
    void reflectorStatusAndTimeline();
    void backoffCountdownSaysRetryAfterAndCap();
    void objectDiffLines();
    void timelineGapsAndHandlerTicks();
    void timelineDepthKeepsTheMillisecondsPeak();
    void timelineKeepsAtMostItsCapAndCountsTheRest();
};

void tst_Models::queueOrderAndDeltas()
{
    ManualClock clock;
    Journal journal(&clock);
    QueueModel model(&journal);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    Feed f{&journal, {}, {}};

    f.queued(QStringLiteral("ns/a"), DeltaType::Replaced, obj(QStringLiteral("ns/a"), 10));
    f.queued(QStringLiteral("ns/b"), DeltaType::Replaced, obj(QStringLiteral("ns/b"), 11));
    f.queued(QStringLiteral("ns/c"), DeltaType::Replaced, obj(QStringLiteral("ns/c"), 12));
    f.queued(QStringLiteral("ns/a"), DeltaType::Updated, obj(QStringLiteral("ns/a"), 13));
    f.queued(QStringLiteral("ns/a"), DeltaType::Updated, obj(QStringLiteral("ns/a"), 14));
    QTRY_COMPARE(model.rowCount(), 3);
    QCOMPARE(model.keys(),
             (QStringList{QStringLiteral("ns/a"), QStringLiteral("ns/b"), QStringLiteral("ns/c")}));
    QCOMPARE(model.index(0, QueueModel::DeltasColumn).data().toString(),
             QStringLiteral("Replaced \u00D71, Updated \u00D72"));
    QCOMPARE(model.index(0, QueueModel::ResourceVersionColumn).data().toString(),
             QStringLiteral("14"));
    const auto chips = model.index(0, QueueModel::DeltasColumn)
                           .data(QueueModel::DeltaChipsRole)
                           .value<DeltaChips>();
    QCOMPARE(chips.size(), 3);
    QCOMPARE(chips.at(0).type, DeltaType::Replaced);
    QCOMPARE(chips.at(2).resourceVersion, QStringLiteral("14"));

    // Pop a, then a is re-queued: it goes to the tail, not back to its old position.
    f.pop();
    QTRY_COMPARE(model.rowCount(), 2);
    QCOMPARE(model.keyAt(0), QStringLiteral("ns/b"));
    f.queued(QStringLiteral("ns/a"), DeltaType::Deleted, obj(QStringLiteral("ns/a"), 14), true);
    QTRY_COMPARE(model.rowCount(), 3);
    QCOMPARE(model.keys(),
             (QStringList{QStringLiteral("ns/b"), QStringLiteral("ns/c"), QStringLiteral("ns/a")}));
    QCOMPARE(model.index(2, QueueModel::DeltasColumn).data().toString(),
             QStringLiteral("Deleted\u271D \u00D71"));
    QVERIFY(model.index(2, 0).data(QueueModel::DeltaChipsRole).value<DeltaChips>().at(0).tombstone);
    QCOMPARE(model.headerData(2, Qt::Vertical).toInt(), 3);
    QCOMPARE(model.rowOfKey(QStringLiteral("ns/c")), 1);

    QVERIFY(!model.hasSynced());
    f.pop();
    f.pop();
    f.pop(true);
    QTRY_COMPARE(model.rowCount(), 0);
    QVERIFY(model.hasSynced());
    QCOMPARE(model.poppedTotal(), 4);
    QCOMPARE(model.queuedTotal(), 6);
}

void tst_Models::queueBatching()
{
    ManualClock clock;
    Journal journal(&clock);
    QueueModel model(&journal);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    Feed f{&journal, {}, {}};
    for (int i = 0; i < 100; ++i) {
        const QString key = QStringLiteral("ns/p%1").arg(i, 3, 10, QLatin1Char('0'));
        f.queued(key, DeltaType::Replaced, obj(key, 100 + i));
    }
    QTRY_COMPARE(model.rowCount(), 100);
    QCOMPARE(inserted.count(), 1); // 100 FifoQueued → one rowsInserted
    QCOMPARE(inserted.at(0).at(1).toInt(), 0);
    QCOMPARE(inserted.at(0).at(2).toInt(), 99);

    // Pop the first 10 and update 5 in the middle: one removal run, one changed run.
    for (int i = 0; i < 10; ++i)
        f.pop();
    for (int i = 50; i < 55; ++i) {
        const QString key = QStringLiteral("ns/p%1").arg(i, 3, 10, QLatin1Char('0'));
        f.queued(key, DeltaType::Updated, obj(key, 300 + i));
    }
    QTRY_COMPARE(model.rowCount(), 90);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(removed.at(0).at(2).toInt(), 9);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), 40);
    QCOMPARE(changed.at(0).at(1).value<QModelIndex>().row(), 44);
    QCOMPARE(resets.count(), 0);
    QCOMPARE(model.index(40, QueueModel::DeltasColumn).data().toString(),
             QStringLiteral("Replaced \u00D71, Updated \u00D71"));
}

void tst_Models::queueArriveAndLeaveInOneBatch()
{
    ManualClock clock;
    Journal journal(&clock);
    Feed f{&journal, {}, {}};
    f.queued(QStringLiteral("ns/old"), DeltaType::Added, obj(QStringLiteral("ns/old"), 1));
    // History is folded at construction.
    QueueModel model(&journal);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 1);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    f.queued(QStringLiteral("ns/x"), DeltaType::Added, obj(QStringLiteral("ns/x"), 2));
    f.pop(); // old
    f.pop(); // x: arrived and left within the batch
    f.queued(QStringLiteral("ns/y"), DeltaType::Added, obj(QStringLiteral("ns/y"), 3));
    model.flush();
    QCOMPARE(model.keys(), QStringList{QStringLiteral("ns/y")});
    QCOMPARE(inserted.count(), 1);
}

void tst_Models::indexerAddUpdateDelete()
{
    ManualClock clock;
    Journal journal(&clock);
    IndexerModel model(&journal);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    Feed f{&journal, {}, {}};
    f.indexer(TraceKind::IndexerAdded, QStringLiteral("b/web-1"),
              obj(QStringLiteral("b/web-1"), 5, QStringLiteral("Pending")));
    f.indexer(TraceKind::IndexerAdded, QStringLiteral("a/db-0"),
              obj(QStringLiteral("a/db-0"), 6, QStringLiteral("Running")));
    f.indexer(TraceKind::IndexerAdded, QStringLiteral("a/db-1"), obj(QStringLiteral("a/db-1"), 7));
    QTRY_COMPARE(model.rowCount(), 3);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(
        column(model, IndexerModel::NameColumn),
        (QStringList{QStringLiteral("web-1"), QStringLiteral("db-0"), QStringLiteral("db-1")}));
    QCOMPARE(model.index(0, IndexerModel::PhaseColumn).data().toString(),
             QStringLiteral("Pending"));
    QCOMPARE(model.index(0, IndexerModel::LabelsColumn).data().toString(),
             QStringLiteral("app=web"));
    QVERIFY(model.index(0, IndexerModel::SizeColumn).data(IndexerModel::SortRole).toLongLong() >
            20);

    f.indexer(TraceKind::IndexerUpdated, QStringLiteral("b/web-1"),
              obj(QStringLiteral("b/web-1"), 9, QStringLiteral("Running")));
    f.indexer(TraceKind::IndexerDeleted, QStringLiteral("a/db-0"),
              obj(QStringLiteral("a/db-0"), 6));
    QTRY_COMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(0, IndexerModel::PhaseColumn).data().toString(),
             QStringLiteral("Running"));
    QCOMPARE(model.index(0, IndexerModel::ResourceVersionColumn)
                 .data(IndexerModel::SortRole)
                 .toLongLong(),
             9);
    QCOMPARE(model.keys(), (QStringList{QStringLiteral("b/web-1"), QStringLiteral("a/db-1")}));
}

void tst_Models::namespaceIndexTree()
{
    ManualClock clock;
    Journal journal(&clock);
    NamespaceIndexModel model(&journal);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    Feed f{&journal, {}, {}};
    for (const char *k : {"prod/web-2", "dev/api-0", "prod/web-0", "prod/web-1", "dev/api-1"})
        f.indexer(TraceKind::IndexerAdded, QLatin1String(k), obj(QLatin1String(k), 1));
    QTRY_COMPARE(model.valuesOf(QStringLiteral("namespace")),
                 (QStringList{QStringLiteral("dev"), QStringLiteral("prod")}));
    QCOMPARE(model.rowCount(), 1);
    const QModelIndex nsIndex = model.index(0, 0);
    QCOMPARE(nsIndex.data().toString(), QStringLiteral("namespace"));
    QCOMPARE(model.index(0, 1).data().toInt(), 2);
    const QModelIndex prod = model.index(1, 0, nsIndex);
    QCOMPARE(prod.data().toString(), QStringLiteral("prod"));
    QCOMPARE(column(model, 0, prod),
             (QStringList{QStringLiteral("prod/web-0"), QStringLiteral("prod/web-1"),
                          QStringLiteral("prod/web-2")}));
    QCOMPARE(model.index(1, 1, nsIndex).data().toInt(), 3);
    QCOMPARE(model.index(0, 0, prod).data(NamespaceIndexModel::KeyRole).toString(),
             QStringLiteral("prod/web-0"));

    // Delete both dev keys → the "dev" value disappears; add a new namespace in between.
    f.indexer(TraceKind::IndexerDeleted, QStringLiteral("dev/api-0"),
              obj(QStringLiteral("dev/api-0"), 1));
    f.indexer(TraceKind::IndexerDeleted, QStringLiteral("dev/api-1"),
              obj(QStringLiteral("dev/api-1"), 1));
    f.indexer(TraceKind::IndexerAdded, QStringLiteral("kube-system/dns"),
              obj(QStringLiteral("kube-system/dns"), 2));
    f.indexer(TraceKind::IndexerDeleted, QStringLiteral("prod/web-1"),
              obj(QStringLiteral("prod/web-1"), 1));
    QTRY_COMPARE(model.valuesOf(QStringLiteral("namespace")),
                 (QStringList{QStringLiteral("kube-system"), QStringLiteral("prod")}));
    QCOMPARE(model.keysFor(QStringLiteral("namespace"), QStringLiteral("prod")),
             (QStringList{QStringLiteral("prod/web-0"), QStringLiteral("prod/web-2")}));
}

void tst_Models::keyHistory()
{
    ManualClock clock;
    Journal journal(&clock);
    Feed f{&journal, {}, {}};
    const QString a = QStringLiteral("ns/a");
    f.watch(QStringLiteral("ADDED"), a, obj(a, 1, QStringLiteral("Pending")));
    f.queued(a, DeltaType::Added, obj(a, 1, QStringLiteral("Pending")));
    f.queued(QStringLiteral("ns/b"), DeltaType::Added, obj(QStringLiteral("ns/b"), 2));
    clock.advance(5);
    f.watch(QStringLiteral("MODIFIED"), a, obj(a, 3, QStringLiteral("Running")));
    f.queued(a, DeltaType::Updated, obj(a, 3, QStringLiteral("Running")));

    KeyHistoryModel model(&journal);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setKey(a);
    QCOMPARE(model.rowCount(), 4); // filled from the journal's retained events
    QCOMPARE(model.index(0, KeyHistoryModel::KindColumn).data().toString(),
             QStringLiteral("watchEvent"));
    QCOMPARE(model.index(2, KeyHistoryModel::DetailColumn).data().toString(),
             QStringLiteral("status.phase: Pending \u2192 Running"));
    QCOMPARE(model.index(3, KeyHistoryModel::TypeColumn)
                 .data(KeyHistoryModel::DeltaChipsRole)
                 .value<DeltaChips>()
                 .size(),
             2);
    QCOMPARE(model.index(3, KeyHistoryModel::TimeColumn).data().toString(),
             QStringLiteral("0.005 s"));

    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    f.pop(); // pops ns/a
    f.indexer(TraceKind::IndexerAdded, a, obj(a, 3, QStringLiteral("Running")));
    f.indexer(TraceKind::IndexerAdded, QStringLiteral("ns/b"), obj(QStringLiteral("ns/b"), 2));
    QTRY_COMPARE(model.rowCount(), 6);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(model.index(4, KeyHistoryModel::KindColumn).data().toString(),
             QStringLiteral("fifoPopped"));

    model.setKey(QStringLiteral("ns/b"));
    QCOMPARE(model.rowCount(), 2);
    model.setKey(QString());
    QCOMPARE(model.rowCount(), 0);
}

void tst_Models::journalModelCap()
{
    ManualClock clock;
    Journal journal(&clock);
    JournalModel model(&journal, 50);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    Feed f{&journal, {}, {}};
    for (int i = 0; i < 30; ++i)
        f.reflector(TraceKind::Info, {}, {{QLatin1String("message"), QString::number(i)}});
    QTRY_COMPARE(model.rowCount(), 30);
    for (int i = 30; i < 80; ++i)
        f.reflector(TraceKind::Info, {}, {{QLatin1String("message"), QString::number(i)}});
    QTRY_COMPARE(model.index(0, JournalModel::SeqColumn).data().toULongLong(), 31ULL);
    QCOMPARE(model.rowCount(), 50);
    QCOMPARE(inserted.count(), 2);
    QCOMPARE(model.index(49, JournalModel::DetailColumn).data().toString(),
             QStringLiteral("message=79"));
}

void tst_Models::keyHistoryCap()
{
    // A key updated without end keeps only the newest rowCap rows; the dropped are counted.
    ManualClock clock;
    Journal journal(&clock);
    Feed f{&journal, {}, {}};
    const QString a = QStringLiteral("ns/a");
    for (int rv = 1; rv <= 6; ++rv)
        f.watch(QStringLiteral("MODIFIED"), a, obj(a, rv));
    KeyHistoryModel model(&journal, nullptr, 4);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setKey(a);
    QCOMPARE(model.rowCount(), 4); // rebuilt from the journal: the newest 4 of 6
    QCOMPARE(model.droppedRows(), 2ULL);
    QCOMPARE(model.index(0, KeyHistoryModel::ResourceVersionColumn).data().toString(),
             QStringLiteral("3"));
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    for (int rv = 7; rv <= 9; ++rv)
        f.watch(QStringLiteral("MODIFIED"), a, obj(a, rv));
    QTRY_COMPARE(model.index(3, KeyHistoryModel::ResourceVersionColumn).data().toString(),
                 QStringLiteral("9"));
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.droppedRows(), 5ULL);
    QCOMPARE(removed.count(), 1); // one rowsRemoved at the top per batch
    QCOMPARE(model.index(0, KeyHistoryModel::ResourceVersionColumn).data().toString(),
             QStringLiteral("6"));
    model.setKey(QString());
    QCOMPARE(model.droppedRows(), 0ULL);
}

void tst_Models::busyBatchesTakeTurns()
{
    // Two views due at the same moment with busy batches: the second is handed its batch in a
    // later event-loop turn (after what the first posted, such as its repaint), and each batch
    // holds every event in recording order.
    ManualClock clock;
    Journal journal(&clock);
    std::vector<quint64> seqsA, seqsB;
    bool turnPassed = false;
    bool secondSawTurn = false;
    int flushes = 0;
    QObject context;
    auto onFlush = [&](std::vector<quint64> *seqs, const EventBatcher::Events &ev) {
        for (const TraceEvent &e : ev)
            seqs->push_back(e.seq);
        if (++flushes == 1)
            QMetaObject::invokeMethod(
                &context, [&] { turnPassed = true; }, Qt::QueuedConnection);
        else
            secondSawTurn = turnPassed;
    };
    EventBatcher a(&journal, [&](const EventBatcher::Events &ev) { onFlush(&seqsA, ev); });
    EventBatcher b(&journal, [&](const EventBatcher::Events &ev) { onFlush(&seqsB, ev); });
    a.setInterval(0);
    b.setInterval(0);
    Feed f{&journal, {}, {}};
    const int n = int(EventBatcher::busyBatchSize()) + 5;
    for (int i = 0; i < n; ++i)
        f.reflector(TraceKind::Info, {}, {{QLatin1String("message"), QString::number(i)}});
    QTRY_COMPARE(flushes, 2);
    QVERIFY(secondSawTurn);
    QCOMPARE(seqsA.size(), size_t(n));
    QCOMPARE(seqsA, seqsB);
    QVERIFY(std::is_sorted(seqsA.begin(), seqsA.end()));
}

// During Backoff the status counts the wait down on the journal's clock and says what the
// server asked (Retry-After) and the cap the Reflector applied to it.
void tst_Models::backoffCountdownSaysRetryAfterAndCap()
{
    ManualClock clock;
    Journal journal(&clock);
    ReflectorStatus status(&journal);
    Feed f{&journal, {}, {}};
    f.reflector(TraceKind::WatchError, {}, {{QLatin1String("code"), 429}});
    QCOMPARE(status.backoffText(0), QString());
    f.reflector(TraceKind::Backoff, {},
                {{QLatin1String("delayMs"), 30000},
                 {QLatin1String("reason"), QStringLiteral("429 on watch")},
                 {QLatin1String("retryAfterSeconds"), 99999},
                 {QLatin1String("retryAfterCapSeconds"), 30}});
    QTRY_COMPARE(status.state(), ReflectorStatus::State::Backoff);
    QCOMPARE(status.backoffEndsAtMs(), clock.nowMs() + 30000);
    QCOMPARE(status.retryAfterAskedSeconds(), 99999);
    QCOMPARE(status.retryAfterCapSeconds(), 30);
    const QString tail =
        QStringLiteral("; the server asked for 99999 s (Retry-After), capped at 30 s");
    QCOMPARE(status.backoffText(clock.nowMs()), QStringLiteral("retry in 30.0 s") + tail);
    clock.advance(17500);
    QCOMPARE(status.backoffText(clock.nowMs()), QStringLiteral("retry in 12.5 s") + tail);
    clock.advance(12500);
    QCOMPARE(status.backoffText(clock.nowMs()), QStringLiteral("retry in 0 ms") + tail);
    QCOMPARE(status.backoffText(-1), QStringLiteral("waits 30.0 s") + tail);
    // A Retry-After under the cap: no cap named.
    f.reflector(TraceKind::Backoff, {},
                {{QLatin1String("delayMs"), 5000},
                 {QLatin1String("reason"), QStringLiteral("429 on watch")},
                 {QLatin1String("retryAfterSeconds"), 5}});
    QTRY_COMPARE(status.retryAfterAskedSeconds(), 5);
    QCOMPARE(status.backoffText(clock.nowMs()),
             QStringLiteral("retry in 5.0 s; the server asked for 5 s (Retry-After)"));
    // Watching again: no countdown.
    f.reflector(TraceKind::WatchStarted, QStringLiteral("7"));
    QTRY_COMPARE(status.state(), ReflectorStatus::State::Watching);
    QCOMPARE(status.backoffText(clock.nowMs()), QString());
    QCOMPARE(status.backoffEndsAtMs(), qint64(-1));
}

void tst_Models::reflectorStatusAndTimeline()
{
    ManualClock clock;
    Journal journal(&clock);
    ReflectorStatus status(&journal);
    TimelineModel timeline(&journal);
    QSignalSpy statusChanged(&status, &ReflectorStatus::changed);
    Feed f{&journal, {}, {}};
    QCOMPARE(status.state(), ReflectorStatus::State::Stopped);
    f.reflector(TraceKind::ListStarted, QStringLiteral("0"),
                {{QLatin1String("cause"), QStringLiteral("initial")}});
    clock.advance(100);
    f.reflector(TraceKind::ListCompleted, QStringLiteral("100"), {{QLatin1String("items"), 2}});
    f.reflector(TraceKind::WatchStarted, QStringLiteral("100"));
    clock.advance(50);
    f.watch(QStringLiteral("ADDED"), QStringLiteral("ns/a"), obj(QStringLiteral("ns/a"), 101));
    f.indexer(TraceKind::IndexerAdded, QStringLiteral("ns/a"), obj(QStringLiteral("ns/a"), 101));
    QTRY_COMPARE(status.state(), ReflectorStatus::State::Watching);
    QCOMPARE(statusChanged.count(), 1);
    QCOMPARE(status.summary(), QStringLiteral("Watching \u00B7 RV 101 \u00B7 1 object(s) \u00B7 "
                                              "HasSynced \u2717 \u00B7 1 watch event(s)"));
    clock.advance(50);
    f.reflector(
        TraceKind::WatchError, {},
        {{QLatin1String("error"), QStringLiteral("410 Gone")}, {QLatin1String("code"), 410}});
    f.reflector(TraceKind::Backoff, {}, {{QLatin1String("delayMs"), 800}});
    QTRY_COMPARE(status.state(), ReflectorStatus::State::Backoff);
    QCOMPARE(status.lastError(), QStringLiteral("410 Gone"));

    timeline.flush();
    QCOMPARE(timeline.spans().size(), size_t(2));
    QCOMPARE(timeline.spans()[0].start, 0);
    QCOMPARE(timeline.spans()[0].end, 100);
    QVERIFY(!timeline.spans()[0].failed);
    QCOMPARE(timeline.spans()[1].end, 200);
    QVERIFY(timeline.spans()[1].failed);
    QCOMPARE(timeline.spans()[1].events, 1);
    int expired = 0, backoff = 0;
    for (const auto &m : timeline.marks()) {
        expired += m.kind == TimelineModel::Mark::Kind::Expired;
        backoff += m.kind == TimelineModel::Mark::Kind::Backoff;
    }
    QCOMPARE(expired, 1);
    QCOMPARE(backoff, 1);
    QCOMPARE(timeline.lastMs(), 200);
}

// FS-14: the gaps between watch sessions; per-handler resync rounds (one tick per round, with
// the number of resync updates the handler got in it).
void tst_Models::timelineDepthKeepsTheMillisecondsPeak()
{
    // Under --at a step's queueing and popping share one millisecond: the sample keeps where
    // the depth ended and how deep it got, so the QUEUE lane can draw the burst.
    ManualClock clock;
    Journal journal(&clock);
    TimelineModel tl(&journal);
    auto depth = [&](TraceKind k, int d) {
        TraceEvent e;
        e.kind = k;
        e.detail = QJsonObject{{QLatin1String("queueDepth"), d}};
        journal.record(e);
    };
    clock.advance(1000);
    for (int d : {1, 2, 3})
        depth(TraceKind::FifoQueued, d);
    for (int d : {2, 1, 0})
        depth(TraceKind::FifoPopped, d);
    clock.advance(1);
    depth(TraceKind::FifoQueued, 1);
    tl.flush();
    QCOMPARE(tl.maxDepth(), 3);
    QCOMPARE(qsizetype(tl.depth().size()), qsizetype(2));
    QCOMPARE(tl.depth()[0].t, qint64(1000));
    QCOMPARE(tl.depth()[0].depth, 0);
    QCOMPARE(tl.depth()[0].peak, 3);
    QCOMPARE(tl.depth()[1].depth, 1);
    QCOMPARE(tl.depth()[1].peak, 1);
}

void tst_Models::timelineKeepsAtMostItsCapAndCountsTheRest()
{
    // The timeline's marks are bounded like the journal (whose capacity is its default cap):
    // the newest are kept and droppedMarks() says how many older ones went.
    ManualClock clock;
    Journal journal(&clock);
    journal.setCapacity(1000);
    TimelineModel tl(&journal);
    QCOMPARE(tl.maxMarks(), 1000);
    tl.setMaxMarks(150);
    QCOMPARE(tl.maxMarks(), 150);
    for (int i = 0; i < 400; ++i) {
        TraceEvent e;
        e.kind = TraceKind::WatchEvent;
        e.type = QStringLiteral("MODIFIED");
        e.key = QStringLiteral("ns/p%1").arg(i % 7);
        e.resourceVersion = QString::number(100 + i);
        clock.advance(1);
        journal.record(e);
        if (i % 97 == 0)
            tl.flush(); // several batches, each trimmed
    }
    tl.flush();
    QCOMPARE(qsizetype(tl.marks().size()), 150);
    QCOMPARE(tl.droppedMarks(), quint64(250));
    QCOMPARE(tl.marks().front().label, QStringLiteral("MODIFIED ns/p5@350")); // event 250
    QCOMPARE(tl.marks().back().label, QStringLiteral("MODIFIED ns/p0@499"));
}

void tst_Models::timelineGapsAndHandlerTicks()
{
    ManualClock clock;
    Journal journal(&clock);
    TimelineModel tl(&journal);
    auto rec = [&](TraceKind k, const QJsonObject &d = {}, const QString &type = {}) {
        TraceEvent e;
        e.kind = k;
        e.type = type;
        e.detail = d;
        journal.record(e);
    };
    auto resyncUpdate = [&](const QString &handler) {
        rec(TraceKind::HandlerNotified, {{QLatin1String("handler"), handler}},
            QStringLiteral("update (resync)"));
    };
    rec(TraceKind::WatchStarted);
    clock.advance(1000);
    rec(TraceKind::WatchEnded, {{QLatin1String("reason"), QStringLiteral("closed by server")}});
    clock.advance(250);
    rec(TraceKind::WatchStarted);
    clock.advance(500);
    rec(TraceKind::Resync, {{QLatin1String("due"), true}});
    resyncUpdate(QStringLiteral("fast"));
    resyncUpdate(QStringLiteral("fast"));
    resyncUpdate(QStringLiteral("slow"));
    clock.advance(500);
    rec(TraceKind::Resync, {{QLatin1String("due"), true}});
    resyncUpdate(QStringLiteral("fast"));
    clock.advance(100);
    rec(TraceKind::WatchError, {{QLatin1String("code"), 410}});
    tl.flush();

    const auto gaps = tl.watchGaps();
    QCOMPARE(gaps.size(), size_t(2));
    QCOMPARE(gaps[0].start, qint64(1000));
    QCOMPARE(gaps[0].end, qint64(1250));
    QCOMPARE(gaps[0].cause, QStringLiteral("closed by server"));
    QCOMPARE(gaps[1].start, qint64(2350));
    QCOMPARE(gaps[1].end, qint64(-1)); // no watch open yet

    QCOMPARE(tl.resyncHandlers(), (QStringList{QStringLiteral("fast"), QStringLiteral("slow")}));
    const auto fast = tl.handlerTicks(QStringLiteral("fast"));
    QCOMPARE(fast.size(), size_t(2));
    QCOMPARE(fast[0].t, qint64(1750));
    QCOMPARE(fast[0].count, 2);
    QCOMPARE(fast[1].t, qint64(2250));
    QCOMPARE(fast[1].count, 1);
    QCOMPARE(tl.handlerTicks(QStringLiteral("slow")).size(), size_t(1));
}

void tst_Models::objectDiffLines()
{
    const QJsonObject a{
        {QLatin1String("metadata"),
         QJsonObject{{QLatin1String("resourceVersion"), QStringLiteral("1")},
                     {QLatin1String("name"), QStringLiteral("x")}}},
        {QLatin1String("spec"), QJsonObject{{QLatin1String("nodeName"), QStringLiteral("n1")}}}};
    const QJsonObject b{{QLatin1String("metadata"),
                         QJsonObject{{QLatin1String("resourceVersion"), QStringLiteral("2")},
                                     {QLatin1String("name"), QStringLiteral("x")}}},
                        {QLatin1String("status"),
                         QJsonObject{{QLatin1String("phase"), QStringLiteral("Running")}}}};
    QCOMPARE(objectDiff(a, b), (QStringList{QStringLiteral("-spec"),
                                            QStringLiteral("+status = {\"phase\":\"Running\"}")}));
    QVERIFY(objectDiff(a, a).isEmpty());
}

QTEST_GUILESS_MAIN(tst_Models)
#include "tst_models.moc"
