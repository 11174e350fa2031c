// SPDX-License-Identifier: Apache-2.0
// Memory per view (issue 16): an object version's footprint, the Indexer's and the Journal's
// running figures, and the one count of each version between the caches and the journals
// (api/objectmemory.h, lens/memoryuse.h).

#include "api/objectmemory.h"
#include "informer/indexer.h"
#include "trace/clock.h"
#include "trace/journal.h"

#include <QTest>

using namespace lens;

namespace {

Object pod(const QString &name, const QString &rv, int labelBytes = 10)
{
    return Object::make(QStringLiteral("default"), name, rv,
                        {{QStringLiteral("app"), QString(labelBytes, QLatin1Char('x'))}});
}

TraceEvent carrying(const Object &obj, const Deltas &deltas = {})
{
    TraceEvent e;
    e.kind = TraceKind::IndexerAdded;
    e.component = QStringLiteral("indexer");
    e.key = obj.namespace_() + QLatin1Char('/') + obj.name();
    e.object = obj;
    e.deltas = deltas;
    e.detail.insert(QLatin1String("message"), QStringLiteral("a detail of some forty bytes"));
    return e;
}

} // namespace

class tst_ObjectMemory : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void footprintCoversTheJsonAndTheMetadata();
    void indexerCountsWhatItStores();
    void aVersionIsCountedOnceBetweenCacheAndJournal();
    void deltasCarriedByAnEventAreTheJournals();
    void journalOwnBytesFollowItsRetainedEvents();
};

void tst_ObjectMemory::footprintCoversTheJsonAndTheMetadata()
{
    QCOMPARE(ObjectMemory::footprint(Object()), 0);
    const Object small = pod(QStringLiteral("a"), QStringLiteral("1"));
    const Object big = pod(QStringLiteral("a"), QStringLiteral("1"), 5000);
    // At least the JSON and the label's UTF-8 copy in the metadata block; not wildly more.
    QVERIFY2(ObjectMemory::footprint(big) >= big.byteSize() + 5000,
             qPrintable(QString::number(ObjectMemory::footprint(big))));
    QVERIFY2(ObjectMemory::footprint(big) < 2 * big.byteSize() + 1024,
             qPrintable(QStringLiteral("%1 for %2 bytes of JSON")
                            .arg(ObjectMemory::footprint(big))
                            .arg(big.byteSize())));
    QCOMPARE(ObjectMemory::footprint(big) - ObjectMemory::footprint(small) >= 2 * 4990, true);
    // Copies share the version: the same footprint, one instance.
    const Object copy = big;
    QCOMPARE(ObjectMemory::footprint(copy), ObjectMemory::footprint(big));
}

void tst_ObjectMemory::indexerCountsWhatItStores()
{
    Indexer cache(metaNamespaceKeyFunc, {{QStringLiteral("namespace"), metaNamespaceIndexFunc}});
    QCOMPARE(cache.objectBytes(), 0);
    const qint64 emptyOwn = cache.ownBytes();
    const Object a1 = pod(QStringLiteral("a"), QStringLiteral("1"));
    const Object a2 = pod(QStringLiteral("a"), QStringLiteral("2"), 3000);
    const Object b1 = pod(QStringLiteral("b"), QStringLiteral("3"));
    cache.add(a1);
    QCOMPARE(cache.objectBytes(), ObjectMemory::footprint(a1));
    cache.update(a2); // replaces a1
    QCOMPARE(cache.objectBytes(), ObjectMemory::footprint(a2));
    cache.add(b1);
    QCOMPARE(cache.objectBytes(), ObjectMemory::footprint(a2) + ObjectMemory::footprint(b1));
    QVERIFY(cache.ownBytes() > emptyOwn); // two keys, a namespace index value with two keys
    cache.remove(a2);
    QCOMPARE(cache.objectBytes(), ObjectMemory::footprint(b1));
    QVERIFY(cache.replace({a1, b1}, QStringLiteral("9")).isEmpty());
    QCOMPARE(cache.objectBytes(), ObjectMemory::footprint(a1) + ObjectMemory::footprint(b1));
    QVERIFY(cache.replace({}, QStringLiteral("10")).isEmpty());
    QCOMPARE(cache.objectBytes(), 0);
}

void tst_ObjectMemory::aVersionIsCountedOnceBetweenCacheAndJournal()
{
    const qint64 before = ObjectMemory::journalOnlyBytes();
    const qint64 versionsBefore = ObjectMemory::journalOnlyVersions();
    const Object a1 = pod(QStringLiteral("a"), QStringLiteral("1"), 400);
    const qint64 fp = ObjectMemory::footprint(a1);
    ManualClock clock;
    {
        Journal journal(&clock);
        journal.record(carrying(a1));
        journal.record(carrying(a1)); // a second event carrying the same version: still once
        QCOMPARE(ObjectMemory::journalOnlyBytes() - before, fp);
        QCOMPARE(ObjectMemory::journalOnlyVersions() - versionsBefore, 1);
        {
            Indexer cache;
            cache.add(a1); // now the cache's
            QCOMPARE(ObjectMemory::journalOnlyBytes(), before);
            cache.update(a1); // the same version again: no change
            QCOMPARE(ObjectMemory::journalOnlyBytes(), before);
            const Object a2 = pod(QStringLiteral("a"), QStringLiteral("2"));
            cache.update(a2); // a1 left the cache: the journal's alone again
            QCOMPARE(ObjectMemory::journalOnlyBytes() - before, fp);
            cache.update(a1);
            QCOMPARE(ObjectMemory::journalOnlyBytes(), before);
        } // the cache is gone: the journal's again
        QCOMPARE(ObjectMemory::journalOnlyBytes() - before, fp);
        // Dropped beyond the cap: one event still carries it, then none.
        journal.setCapacity(1);
        QCOMPARE(ObjectMemory::journalOnlyBytes() - before, fp);
        journal.record(TraceEvent{});
        QCOMPARE(ObjectMemory::journalOnlyBytes(), before);
        journal.record(carrying(a1));
        QCOMPARE(ObjectMemory::journalOnlyBytes() - before, fp);
    } // the journal is gone
    QCOMPARE(ObjectMemory::journalOnlyBytes(), before);
    QCOMPARE(ObjectMemory::journalOnlyVersions(), versionsBefore);
}

void tst_ObjectMemory::deltasCarriedByAnEventAreTheJournals()
{
    const qint64 before = ObjectMemory::journalOnlyBytes();
    const Object a1 = pod(QStringLiteral("a"), QStringLiteral("1"));
    const Object a2 = pod(QStringLiteral("a"), QStringLiteral("2"), 200);
    ManualClock clock;
    Journal journal(&clock);
    journal.record(
        carrying(a2, {Delta::of(DeltaType::Updated, a1), Delta::of(DeltaType::Updated, a2)}));
    QCOMPARE(ObjectMemory::journalOnlyBytes() - before,
             ObjectMemory::footprint(a1) + ObjectMemory::footprint(a2));
    // A journal restored from a file counts what it was given, and lets go of what it had.
    Journal::Events events;
    events.push_back(carrying(a1));
    journal.restore(std::move(events));
    QCOMPARE(ObjectMemory::journalOnlyBytes() - before, ObjectMemory::footprint(a1));
}

void tst_ObjectMemory::journalOwnBytesFollowItsRetainedEvents()
{
    ManualClock clock;
    Journal journal(&clock);
    QCOMPARE(journal.ownBytes(), 0);
    const TraceEvent e = carrying(pod(QStringLiteral("a"), QStringLiteral("1")));
    const qint64 one = qint64(sizeof(TraceEvent)) + e.detail.heapBytes();
    QVERIFY(e.detail.heapBytes() > 0);
    journal.record(e);
    QCOMPARE(journal.ownBytes(), one);
    journal.record(TraceEvent{});
    QCOMPARE(journal.ownBytes(), one + qint64(sizeof(TraceEvent)));
    journal.setCapacity(1); // the first, with its detail, leaves
    QCOMPARE(journal.ownBytes(), qint64(sizeof(TraceEvent)));
    // A handle reads its journal's.
    Journal handle(&journal, QStringLiteral("pods"));
    QCOMPARE(handle.ownBytes(), journal.ownBytes());
}

QTEST_GUILESS_MAIN(tst_ObjectMemory)
#include "tst_objectmemory.moc"
