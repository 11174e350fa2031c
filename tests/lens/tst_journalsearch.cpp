// SPDX-License-Identifier: Apache-2.0
// Searching the journal (JournalFilterModel: each criterion, rows arriving at the tail, the
// choices offered) and the history of a key the indexer no longer holds (KeyHistoryModel's
// deletion and known keys), with the time cells' tooltips.
#include "lens/format.h"
#include "lens/journalfiltermodel.h"
#include "lens/journalmodel.h"
#include "lens/keyhistorymodel.h"
#include "testutil.h"
#include "trace/journal.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace lens;
using lens::test::L;

namespace {

/// Records events of two informers over a ManualClock: watch events, queued Deltas, the
/// indexer, and a handler's life (added, notified), at the journal times given.
struct Story {
    ManualClock clock;
    Journal journal{&clock};

    quint64 record(qint64 atMs, TraceKind kind, const QString &informer, const QString &key,
                   const QString &type = {}, const QJsonObject &detail = {})
    {
        clock.advanceTo(atMs);
        TraceEvent e;
        e.kind = kind;
        e.informer = informer;
        e.component = kind == TraceKind::WatchEvent ? QStringLiteral("reflector")
                                                    : QStringLiteral("processor");
        e.key = key;
        e.type = type;
        e.detail = detail;
        return journal.record(e);
    }
    static QJsonObject handler(const QString &name) { return {{QLatin1String("handler"), name}}; }

    /// The story every test filters: 9 events from 0.1 s to 125 s.
    void tell()
    {
        const QString pods = QStringLiteral("pods"), nodes = QStringLiteral("nodes");
        record(100, TraceKind::HandlerAdded, pods, {}, {}, handler(QStringLiteral("logger")));
        record(200, TraceKind::WatchEvent, pods, QStringLiteral("default/web-1"),
               QStringLiteral("ADDED"));
        record(300, TraceKind::FifoQueued, pods, QStringLiteral("default/web-1"),
               QStringLiteral("Added"));
        record(400, TraceKind::HandlerNotified, pods, QStringLiteral("default/web-1"),
               QStringLiteral("add"), handler(QStringLiteral("logger")));
        record(5000, TraceKind::WatchEvent, nodes, QStringLiteral("node-a"),
               QStringLiteral("ADDED"));
        record(60000, TraceKind::WatchEvent, pods, QStringLiteral("kube-system/dns"),
               QStringLiteral("MODIFIED"));
        record(101000, TraceKind::HandlerNotified, pods, QStringLiteral("kube-system/dns"),
               QStringLiteral("update"), handler(QStringLiteral("counter")));
        record(120000, TraceKind::WatchEvent, pods, QStringLiteral("default/web-1"),
               QStringLiteral("DELETED"));
        record(125000, TraceKind::Info, {}, {}, {},
               {{QLatin1String("message"), QStringLiteral("done")}});
    }
};

/// The keys (or "-" for none) of the rows `m` shows, in order.
QStringList keysOf(const QAbstractItemModel &m)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r) {
        const QString k = m.index(r, JournalModel::KeyColumn).data().toString();
        out << (k.isEmpty() ? QStringLiteral("-") : k);
    }
    return out;
}

QStringList seqsOf(const QAbstractItemModel &m)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.index(r, 0).data(JournalModel::SeqRole).toString();
    return out;
}

} // namespace

class tst_JournalSearch : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void eachCriterion_data();
    void eachCriterion();
    void criteriaCombineAndClear();
    void followsTheTailWhileFiltering();
    void choicesFromTheJournal();
    void historyOfADeletedKey();
    void tombstoneDeletionAndReAdd();
    void knownKeysOfOneInformer();
    void timeTooltip();
};

void tst_JournalSearch::eachCriterion_data()
{
    QTest::addColumn<QString>("criterion");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QStringList>("seqs");
    QTest::newRow("text on key") << "text"
                                 << "WEB-1" << L({"2", "3", "4", "8"});
    QTest::newRow("text on key part") << "text"
                                      << "kube-system/" << L({"6", "7"});
    QTest::newRow("text on informer") << "text"
                                      << "nodes" << L({"5"});
    QTest::newRow("text matching nothing") << "text"
                                           << "zzz" << QStringList();
    QTest::newRow("kind") << "kind"
                          << "watchEvent" << L({"2", "5", "6", "8"});
    QTest::newRow("kind handlerNotified") << "kind"
                                          << "handlerNotified" << L({"4", "7"});
    QTest::newRow("handler: added and notified") << "handler"
                                                 << "logger" << L({"1", "4"});
    QTest::newRow("handler counter") << "handler"
                                     << "counter" << L({"7"});
    QTest::newRow("type DELETED") << "type"
                                  << "DELETED" << L({"8"});
    QTest::newRow("type exact: ADDED is not Added") << "type"
                                                    << "ADDED" << L({"2", "5"});
    QTest::newRow("type Added") << "type"
                                << "Added" << L({"3"});
    QTest::newRow("informer") << "informer"
                              << "pods" << L({"1", "2", "3", "4", "6", "7", "8"});
    QTest::newRow("from 100 s") << "from"
                                << "100000" << L({"7", "8", "9"});
    QTest::newRow("to 5 s inclusive") << "to"
                                      << "5000" << L({"1", "2", "3", "4", "5"});
    QTest::newRow("from 0.4 s to 60 s") << "range"
                                        << "400-60000" << L({"4", "5", "6"});
}

void tst_JournalSearch::eachCriterion()
{
    QFETCH(QString, criterion);
    QFETCH(QString, value);
    QFETCH(QStringList, seqs);
    Story s;
    s.tell();
    JournalModel model(&s.journal);
    JournalFilterModel filter;
    QAbstractItemModelTester tester(&filter,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    filter.setJournalModel(&model);
    QCOMPARE(filter.rowCount(), 9);
    QVERIFY(!filter.isActive());
    QSignalSpy changed(&filter, &JournalFilterModel::criteriaChanged);
    if (criterion == QLatin1String("text")) {
        filter.setText(value);
    } else if (criterion == QLatin1String("kind")) {
        TraceKind k;
        QVERIFY(traceKindFromName(value, &k));
        filter.setKind(k);
    } else if (criterion == QLatin1String("handler")) {
        filter.setHandler(value);
    } else if (criterion == QLatin1String("type")) {
        filter.setType(value);
    } else if (criterion == QLatin1String("informer")) {
        filter.setInformer(value);
    } else if (criterion == QLatin1String("from")) {
        filter.setTimeRange(value.toLongLong(), -1);
    } else if (criterion == QLatin1String("to")) {
        filter.setTimeRange(-1, value.toLongLong());
    } else {
        filter.setTimeRange(value.section(QLatin1Char('-'), 0, 0).toLongLong(),
                            value.section(QLatin1Char('-'), 1).toLongLong());
    }
    QVERIFY(filter.isActive());
    QCOMPARE(changed.count(), 1);
    QCOMPARE(seqsOf(filter), seqs);
    // Each row still says which event it shows (the source's roles pass through).
    for (int r = 0; r < filter.rowCount(); ++r) {
        const QModelIndex src = filter.mapToSource(filter.index(r, 0));
        QCOMPARE(filter.index(r, 0).data(JournalModel::SeqRole), src.data(JournalModel::SeqRole));
        QCOMPARE(filter.index(r, JournalModel::KeyColumn).data(JournalModel::InformerRole),
                 src.data(JournalModel::InformerRole));
    }
    filter.clearCriteria();
    QVERIFY(!filter.isActive());
    QCOMPARE(filter.rowCount(), 9);
}

void tst_JournalSearch::criteriaCombineAndClear()
{
    Story s;
    s.tell();
    JournalModel model(&s.journal);
    JournalFilterModel filter;
    QAbstractItemModelTester tester(&filter,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    filter.setJournalModel(&model);
    filter.setKind(TraceKind::WatchEvent);
    filter.setText(QStringLiteral("web"));
    QCOMPARE(keysOf(filter), L({"default/web-1", "default/web-1"}));
    filter.setTimeRange(1000, -1);
    QCOMPARE(seqsOf(filter), L({"8"}));
    QSignalSpy changed(&filter, &JournalFilterModel::criteriaChanged);
    filter.setText(QStringLiteral("web")); // unchanged: no re-filter
    QCOMPARE(changed.count(), 0);
    filter.clearCriteria();
    QCOMPARE(changed.count(), 1);
    QCOMPARE(filter.rowCount(), 9);
    QCOMPARE(filter.kind(), std::optional<TraceKind>());
    QCOMPARE(filter.fromMs(), qint64(-1));
}

void tst_JournalSearch::followsTheTailWhileFiltering()
{
    Story s;
    s.tell();
    JournalModel model(&s.journal);
    JournalFilterModel filter;
    QAbstractItemModelTester tester(&filter,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    filter.setJournalModel(&model);
    filter.setText(QStringLiteral("web-1"));
    QSignalSpy inserted(&filter, &QAbstractItemModel::rowsInserted);
    s.record(130000, TraceKind::WatchEvent, QStringLiteral("pods"), QStringLiteral("default/web-2"),
             QStringLiteral("ADDED"));
    s.record(131000, TraceKind::WatchEvent, QStringLiteral("pods"), QStringLiteral("default/web-1"),
             QStringLiteral("ADDED"));
    model.flush();
    QCOMPARE(model.rowCount(), 11);
    QCOMPARE(seqsOf(filter), L({"2", "3", "4", "8", "11"})); // the match at the tail, in order
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(inserted.at(0).at(1).toInt(), 4); // appended as the last row
}

void tst_JournalSearch::choicesFromTheJournal()
{
    Story s;
    s.tell();
    JournalModel model(&s.journal);
    JournalFilterModel filter;
    filter.setJournalModel(&model);
    JournalFilterModel::Choices c = filter.choices();
    QCOMPARE(c.handlers, L({"counter", "logger"}));
    QCOMPARE(c.types, L({"add", "ADDED", "Added", "DELETED", "MODIFIED", "update"}));
    QCOMPARE(c.informers, L({"nodes", "pods"}));
    QSignalSpy grew(&filter, &JournalFilterModel::choicesChanged);
    QJsonObject h{{QLatin1String("handler"), QStringLiteral("audit")}};
    s.record(130000, TraceKind::HandlerRemoved, QStringLiteral("pods"), {}, {}, h);
    model.flush();
    QCOMPARE(grew.count(), 1);
    QCOMPARE(filter.choices().handlers, L({"audit", "counter", "logger"}));
    s.record(131000, TraceKind::WatchEvent, QStringLiteral("pods"), QStringLiteral("x"),
             QStringLiteral("ADDED"));
    model.flush();
    QCOMPARE(grew.count(), 1); // nothing new
}

void tst_JournalSearch::historyOfADeletedKey()
{
    Story s;
    s.tell();
    const QString web = QStringLiteral("default/web-1");
    s.record(126000, TraceKind::IndexerDeleted, QStringLiteral("pods"), web);
    s.record(127000, TraceKind::HandlerNotified, QStringLiteral("pods"), web,
             QStringLiteral("delete"), Story::handler(QStringLiteral("logger")));
    KeyHistoryModel history({&s.journal, QStringLiteral("pods")});
    QAbstractItemModelTester tester(&history,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    history.setKey(web);
    // The whole history, the delete and what came after it included.
    QCOMPARE(history.rowCount(), 6);
    QCOMPARE(history.index(4, KeyHistoryModel::KindColumn).data().toString(),
             QStringLiteral("indexerDeleted"));
    QCOMPARE(history.index(4, KeyHistoryModel::DetailColumn).data().toString(),
             QStringLiteral("removed"));
    QCOMPARE(history.deletion().seq, 10ULL);
    QCOMPARE(history.deletion().t, qint64(126000));
    QVERIFY(!history.deletion().tombstone);
    // As of before the delete (time travel), it is not deleted.
    history.foldUpTo(9);
    QCOMPARE(history.deletion().seq, 0ULL);
    QCOMPARE(history.rowCount(), 4);
    history.foldUpTo(0);
    QCOMPARE(history.deletion().seq, 10ULL);
    history.setKey(QStringLiteral("kube-system/dns"));
    QCOMPARE(history.deletion().seq, 0ULL);
}

void tst_JournalSearch::tombstoneDeletionAndReAdd()
{
    Story s;
    const QString k = QStringLiteral("default/gone");
    s.record(1000, TraceKind::IndexerAdded, QStringLiteral("pods"), k);
    KeyHistoryModel history(&s.journal);
    history.setKey(k);
    QCOMPARE(history.deletion().seq, 0ULL);
    s.record(150000, TraceKind::IndexerDeleted, QStringLiteral("pods"), k,
             QStringLiteral("DeletedFinalStateUnknown"));
    history.flush(); // live: the delete arrives as an appended row
    QCOMPARE(history.rowCount(), 2);
    QCOMPARE(history.deletion().t, qint64(150000));
    QVERIFY(history.deletion().tombstone);
    s.record(151000, TraceKind::IndexerAdded, QStringLiteral("pods"), k);
    history.flush();
    QCOMPARE(history.deletion().seq, 0ULL); // back again
}

void tst_JournalSearch::knownKeysOfOneInformer()
{
    Story s;
    s.tell();
    KeyHistoryModel pods({&s.journal, QStringLiteral("pods")});
    QCOMPARE(pods.knownKeys(), L({"default/web-1", "kube-system/dns"}));
    KeyHistoryModel all(&s.journal);
    QCOMPARE(all.knownKeys(), L({"default/web-1", "kube-system/dns", "node-a"}));
    s.record(130000, TraceKind::WatchEvent, QStringLiteral("pods"), QStringLiteral("a/new"),
             QStringLiteral("ADDED"));
    QCOMPARE(pods.knownKeys(), L({"a/new", "default/web-1", "kube-system/dns"}));
    // Dropped from the journal, still known.
    s.journal.setCapacity(1);
    s.record(131000, TraceKind::Info, {}, {});
    QCOMPARE(s.journal.events().size(), size_t(1));
    QCOMPARE(pods.knownKeys().size(), 3);
}

void tst_JournalSearch::timeTooltip()
{
    QCOMPARE(formatTimeTooltip(123456),
             QStringLiteral("t = 123456 ms = 123.456 s after the journal's clock started"));
    const QDateTime origin =
        QDateTime::fromString(QStringLiteral("2026-12-01T10:00:00.000Z"), Qt::ISODateWithMs);
    const QString withWall = formatTimeTooltip(1500, origin);
    QVERIFY2(withWall.endsWith(origin.addMSecs(1500).toLocalTime().toString(
                 QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz t"))),
             qPrintable(withWall));
    QVERIFY(withWall.contains(QStringLiteral(".500")));

    // The journal model's time cells carry it, with the journal's wall clock.
    Story s;
    s.tell();
    s.journal.setWallClockOrigin(origin);
    JournalModel model(&s.journal);
    const QModelIndex t = model.index(6, JournalModel::TimeColumn);
    QCOMPARE(t.data().toString(), QStringLiteral("101.000 s"));
    QCOMPARE(t.data(Qt::ToolTipRole).toString(), formatTimeTooltip(101000, origin));
    KeyHistoryModel history(&s.journal);
    history.setKey(QStringLiteral("kube-system/dns"));
    QCOMPARE(history.index(1, KeyHistoryModel::TimeColumn).data(Qt::ToolTipRole).toString(),
             formatTimeTooltip(101000, origin));
}

QTEST_GUILESS_MAIN(tst_JournalSearch)
#include "tst_journalsearch.moc"
