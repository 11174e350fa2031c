// SPDX-License-Identifier: Apache-2.0
// QueueModel over the journal of a real DeltaFIFO and a real RealFIFO (driven through the
// playground's interpreter): after every command the model's rows equal the queue's own
// entries — one row per key for DeltaFIFO, one row per queued event in arrival order for
// RealFIFO, where a key stays as long as any of its events is queued.
#include "informer/playground.h"
#include "lens/deltachip.h"
#include "lens/queuemodel.h"
#include "trace/journal.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace lens;

namespace {
QStringList rowsOf(const QueueModel &m)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r) {
        const QModelIndex i = m.index(r, 0);
        QStringList chips;
        for (const DeltaChip &c : i.data(QueueModel::DeltaChipsRole).value<DeltaChips>())
            chips << deltaTypeName(c.type) + (c.tombstone ? QStringLiteral("!") : QString()) +
                         QLatin1Char('@') + c.resourceVersion;
        out << i.data(QueueModel::KeyRole).toString() + QLatin1Char(' ') +
                   chips.join(QLatin1Char(','));
    }
    return out;
}

QStringList rowsOf(const QList<QueueEntry> &entries)
{
    QStringList out;
    for (const QueueEntry &e : entries) {
        QStringList chips;
        for (const DeltaChip &c : chipsFromDeltas(e.deltas))
            chips << deltaTypeName(c.type) + (c.tombstone ? QStringLiteral("!") : QString()) +
                         QLatin1Char('@') + c.resourceVersion;
        out << e.key + QLatin1Char(' ') + chips.join(QLatin1Char(','));
    }
    return out;
}
} // namespace

class TestQueueModes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void modelFollowsQueue_data()
    {
        QTest::addColumn<QString>("newLine");
        QTest::addColumn<QString>("script");
        const QString script = QStringLiteral(
            "add a@1\nadd b@1\nupdate a@2\npop\nupdate a@3\ndelete b@1\npop\npop\n"
            "replace a@4 c@1\nresync\npop\npop\npop\nadd c@2\nadd c@3\npop\npop\npop");
        QTest::newRow("deltafifo") << QStringLiteral("new deltafifo known=b@1") << script;
        QTest::newRow("deltafifo-emitReplaced")
            << QStringLiteral("new deltafifo emitReplaced known=b@1") << script;
        QTest::newRow("realfifo") << QStringLiteral("new realfifo known=b@1") << script;
    }

    void modelFollowsQueue()
    {
        QFETCH(QString, newLine);
        QFETCH(QString, script);
        Journal journal;
        Playground play;
        QVERIFY(play.runLine(newLine).isEmpty());
        play.queue()->setJournal(&journal);
        QueueModel model(&journal);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const bool real = newLine.contains(QLatin1String("realfifo"));
        for (const QString &line : script.split(QLatin1Char('\n'))) {
            play.runLine(line);
            model.flush();
            QCOMPARE(model.queueMode(), play.queue()->modeName());
            QCOMPARE(model.isRealFifo(), real);
            QCOMPARE(rowsOf(model), rowsOf(play.entries()));
            // rowOfKey names the key's next event to pop.
            for (const QueueEntry &e : play.entries()) {
                const int r = model.rowOfKey(e.key);
                QVERIFY(r >= 0);
                QCOMPARE(model.keyAt(r), e.key);
            }
        }
        QCOMPARE(model.rowCount(), 0);
    }

    // The bug this guards: in RealFIFO mode the first pop of a key with more queued events
    // must not drop the key's remaining rows.
    void realFifoKeepsKeyWithRemainingEvents()
    {
        Journal journal;
        Playground play;
        play.runLine(QStringLiteral("new realfifo"));
        play.queue()->setJournal(&journal);
        QueueModel model(&journal);
        for (const char *l : {"add a@1", "add b@1", "update a@2", "update a@3", "pop"})
            play.runLine(QString::fromLatin1(l));
        model.flush();
        QCOMPARE(rowsOf(model),
                 (QStringList{QStringLiteral("b Added@1"), QStringLiteral("a Updated@2"),
                              QStringLiteral("a Updated@3")}));
        QCOMPARE(model.headerData(QueueModel::DeltasColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Event (arrival order)"));
        QCOMPARE(model.rowOfKey(QStringLiteral("a")), 1);
        QCOMPARE(model.objectOfKey(QStringLiteral("a")).resourceVersion(), QStringLiteral("2"));

        // Time travel to before the pop shows all four events again.
        const quint64 beforePop = journal.lastSeq() - 1;
        model.foldUpTo(beforePop);
        QCOMPARE(model.rowCount(), 4);
        model.foldUpTo(0);
        QCOMPARE(model.rowCount(), 3);
    }

    // A pop's remainingForKey is the queue's truth: rows the journal cannot account for go.
    void realFifoRemainingForKeyCorrects()
    {
        Journal journal;
        QueueModel model(&journal);
        auto queued = [&](const QString &key, int rv) {
            TraceEvent e;
            e.kind = TraceKind::FifoQueued;
            e.key = key;
            e.deltas = {Delta::of(DeltaType::Added, Object::make({}, key, QString::number(rv)))};
            e.object = e.deltas.last().object;
            e.detail.insert(QLatin1String("queueMode"), QStringLiteral("RealFIFO"));
            journal.record(e);
        };
        queued(QStringLiteral("x"), 1);
        queued(QStringLiteral("x"), 2);
        queued(QStringLiteral("x"), 3);
        TraceEvent pop;
        pop.kind = TraceKind::FifoPopped;
        pop.key = QStringLiteral("x");
        pop.detail.insert(QLatin1String("queueMode"), QStringLiteral("RealFIFO"));
        pop.detail.insert(QLatin1String("remainingForKey"), 0);
        journal.record(pop);
        model.flush();
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(TestQueueModes)
#include "tst_queuemodes.moc"
