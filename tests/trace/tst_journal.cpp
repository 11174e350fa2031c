// SPDX-License-Identifier: Apache-2.0
// The journal: capacity with a drop count, and emission in seq order even when a receiver
// records while it is being told about an event.
#include "trace/clock.h"
#include "trace/disposal.h"
#include "trace/journal.h"

#include <QTest>
#include <QThread>

#include <atomic>
#include <vector>

using namespace lens;

class TestJournal : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void stampsSeqAndTime()
    {
        ManualClock clock;
        Journal j(&clock);
        clock.advance(250);
        TraceEvent e;
        e.kind = TraceKind::Info;
        QCOMPARE(j.record(e), quint64(1));
        clock.advance(100);
        QCOMPARE(j.record(e), quint64(2));
        QCOMPARE(j.events().front().t, qint64(250));
        QCOMPARE(j.events().back().t, qint64(350));
        QCOMPARE(j.lastSeq(), quint64(2));
    }

    // An informer's handle names the informer on what it records and keeps nothing itself:
    // the event is in the upstream journal, with the upstream's seq, time and emission.
    void handleNamesTheInformer()
    {
        ManualClock clock;
        Journal root(&clock);
        Journal pods(&root, QStringLiteral("pods"));
        Journal nodes(&root, QStringLiteral("nodes"));
        QList<TraceEvent> seen;
        connect(&root, &Journal::eventRecorded, this, [&seen](const TraceEvent &e) { seen << e; });
        int handleEmitted = 0;
        connect(&pods, &Journal::eventRecorded, this, [&handleEmitted] { ++handleEmitted; });
        clock.advance(5);
        TraceEvent e;
        e.kind = TraceKind::Synced;
        e.component = QStringLiteral("informer");
        QCOMPARE(pods.record(e), quint64(1));
        QCOMPARE(nodes.record(e), quint64(2));
        QCOMPARE(root.record(e), quint64(3));
        TraceEvent named = e; // an event that names its informer keeps the name
        named.informer = QStringLiteral("other");
        QCOMPARE(pods.record(named), quint64(4));
        pods.setInformerName(QStringLiteral("pods/realfifo"));
        QCOMPARE(pods.record(e), quint64(5));
        QCOMPARE(seen.size(), 5);
        QCOMPARE(seen[0].informer, QStringLiteral("pods"));
        QCOMPARE(seen[1].informer, QStringLiteral("nodes"));
        QCOMPARE(seen[2].informer, QString());
        QCOMPARE(seen[3].informer, QStringLiteral("other"));
        QCOMPARE(seen[4].informer, QStringLiteral("pods/realfifo"));
        QCOMPARE(seen[0].t, qint64(5));
        QCOMPARE(handleEmitted, 0);
        QCOMPARE(pods.lastSeq(), quint64(5));
        QCOMPARE(&pods.events(), &root.events());
        QCOMPARE(pods.clock(), root.clock());
        QCOMPARE(pods.upstream(), &root);
        QCOMPARE(root.events().front().toJson().value(QLatin1String("informer")).toString(),
                 QStringLiteral("pods"));
        QVERIFY(!root.events()[2].toJson().contains(QLatin1String("informer")));
    }

    void capacityDropsOldestAndCounts()
    {
        Journal j;
        QCOMPARE(j.capacity(), qsizetype(100000));
        j.setCapacity(3);
        for (int i = 0; i < 5; ++i)
            j.record(TraceEvent{});
        QCOMPARE(qsizetype(j.events().size()), qsizetype(3));
        QCOMPARE(j.droppedCount(), quint64(2));
        QCOMPARE(j.events().front().seq, quint64(3));
        j.setCapacity(1);
        QCOMPARE(j.droppedCount(), quint64(4));
        QCOMPARE(j.events().front().seq, quint64(5));
    }

    // Dropped events are destroyed by a worker thread in bunches (Journal::droppedBatch()):
    // what stays is whole (not a moved-from shell), in order, and the counts are exact across
    // several bunches.
    void droppedEventsGoInBunchesAndWhatStaysIsWhole()
    {
        Journal j;
        j.setCapacity(100);
        const int total = 100 + 3 * int(Journal::droppedBatch()) + 7;
        for (int i = 1; i <= total; ++i) {
            TraceEvent e;
            e.key = QStringLiteral("ns/pod-%1").arg(i);
            e.detail.insert(QLatin1String("i"), i);
            j.record(std::move(e));
        }
        disposalPool()->waitForDone();
        QCOMPARE(qsizetype(j.events().size()), qsizetype(100));
        QCOMPARE(j.droppedCount(), quint64(total - 100));
        QCOMPARE(j.events().front().seq, quint64(total - 99));
        QCOMPARE(j.events().front().key, QStringLiteral("ns/pod-%1").arg(total - 99));
        QCOMPARE(j.events().back().detail.value(QLatin1String("i")).toInt(), total);
        j.setCapacity(10); // dropping by a smaller capacity goes the same way
        QCOMPARE(j.events().front().key, QStringLiteral("ns/pod-%1").arg(total - 9));
        QCOMPARE(j.droppedCount(), quint64(total - 10));
    }

    // What the window's thread lets go of in bulk is destroyed on the disposal thread, whole.
    void disposeOffThreadDestroysEverythingElsewhere()
    {
        struct Probe {
            std::atomic<int> *destroyedHere;
            std::atomic<int> *destroyedElsewhere;
            QThread *caller;
            bool live = true;
            Probe(std::atomic<int> *h, std::atomic<int> *e, QThread *c)
                : destroyedHere(h), destroyedElsewhere(e), caller(c)
            {
            }
            Probe(Probe &&o) noexcept
                : destroyedHere(o.destroyedHere), destroyedElsewhere(o.destroyedElsewhere),
                  caller(o.caller)
            {
                o.live = false; // a moved-from shell owns nothing
            }
            Probe &operator=(Probe &&) = delete;
            ~Probe()
            {
                if (live)
                    ++*(QThread::currentThread() == caller ? destroyedHere : destroyedElsewhere);
            }
        };
        std::atomic<int> here = 0;
        std::atomic<int> elsewhere = 0;
        std::vector<Probe> doomed;
        doomed.reserve(1000);
        for (int i = 0; i < 1000; ++i)
            doomed.emplace_back(&here, &elsewhere, QThread::currentThread());
        disposeOffThread(std::move(doomed));
        disposalPool()->waitForDone();
        QCOMPARE(here.load(), 0);
        QCOMPARE(elsewhere.load(), 1000);
        disposeOffThread(std::vector<Probe>{}); // nothing to do, nothing started
        QCOMPARE(elsewhere.load(), 1000);
    }

    // A receiver connected before another records a follow-up event while seq 1 is being
    // emitted: every receiver must still see 1 before 2 (the window's journal view once
    // listed a scenario's caption above the notification that caused it).
    void nestedRecordsAreEmittedInSeqOrder()
    {
        Journal j;
        QList<quint64> first, second;
        connect(&j, &Journal::eventRecorded, this, [&](const TraceEvent &e) {
            first << e.seq;
            if (e.seq == 1) {
                j.record(TraceEvent{});
                j.record(TraceEvent{});
                // Kept at once, even though not emitted yet.
                QCOMPARE(j.lastSeq(), quint64(3));
                QCOMPARE(qsizetype(j.events().size()), qsizetype(3));
            }
        });
        connect(&j, &Journal::eventRecorded, this, [&](const TraceEvent &e) { second << e.seq; });
        j.record(TraceEvent{});
        QCOMPARE(first, (QList<quint64>{1, 2, 3}));
        QCOMPARE(second, (QList<quint64>{1, 2, 3}));
        // Emission is not left half-done: the next record is emitted at once.
        j.record(TraceEvent{});
        QCOMPARE(second.last(), quint64(4));
    }
};

QTEST_GUILESS_MAIN(TestJournal)
#include "tst_journal.moc"
