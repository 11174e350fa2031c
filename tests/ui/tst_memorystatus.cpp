// SPDX-License-Identifier: Apache-2.0
// Memory per view in the window's status bar (issue 16 item 3): journal, indexer and history,
// each object version counted once (ui/memorystatus.h, lens/memoryuse.h).
#include "api/objectmemory.h"
#include "informer/indexer.h"
#include "lens/memoryuse.h"
#include "mainwindow.h"
#include "memorystatus.h"
#include "trace/clock.h"
#include "trace/journal.h"

#include <QLabel>
#include <QStatusBar>
#include <QTest>

using namespace lens;

class tst_MemoryStatus : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void showsJournalIndexerAndHistory();
};

void tst_MemoryStatus::showsJournalIndexerAndHistory()
{
    ManualClock clock;
    Journal journal(&clock);
    MainWindow w(&journal);
    w.show();
    auto *label = w.statusBar()->findChild<QLabel *>(QStringLiteral("memoryLabel"));
    QVERIFY(label);
    QVERIFY2(label->text().startsWith(QLatin1String("Memory: journal ")),
             qPrintable(label->text()));
    QCOMPARE(w.memoryStatus()->figures().journal.items, 0);

    // An informer's cache and the journal of what it did: 200 pods of 2 KiB each.
    Indexer cache;
    const qint64 journalOnlyBefore = ObjectMemory::journalOnlyBytes();
    for (int i = 0; i < 200; ++i) {
        const Object pod = Object::make(QStringLiteral("default"), QStringLiteral("p%1").arg(i),
                                        QString::number(i + 1),
                                        {{QStringLiteral("app"), QString(2048, QLatin1Char('x'))}});
        cache.add(pod);
        TraceEvent e;
        e.kind = TraceKind::IndexerAdded;
        e.component = QStringLiteral("indexer");
        e.key = QStringLiteral("default/p%1").arg(i);
        e.resourceVersion = pod.resourceVersion();
        e.object = pod;
        journal.record(e);
    }
    w.settle();
    w.memoryStatus()->setCaches([&cache] {
        return PartMemory{cache.size(), cache.ownBytes(), cache.objectBytes()};
    });
    const MemoryUse &m = w.memoryStatus()->figures();
    QCOMPARE(m.journal.items, 200);
    QCOMPARE(m.indexer.items, 200);
    // The objects are the cache's, not the journal's: counted once.
    QCOMPARE(m.indexer.objectBytes, cache.objectBytes());
    QVERIFY(m.indexer.objectBytes > 200 * 2 * 2048);
    QCOMPARE(m.journal.objectBytes, journalOnlyBefore);
    QVERIFY(m.journal.ownBytes >= 200 * qint64(sizeof(TraceEvent)));
    // Each figure in the label, as QLocale writes data sizes.
    const QLocale l;
    QVERIFY2(label->text().contains(l.formattedDataSize(m.indexer.bytes(), 1)),
             qPrintable(label->text()));
    QVERIFY2(label->text().contains(l.formattedDataSize(m.journal.bytes(), 1)),
             qPrintable(label->text()));
    QVERIFY(label->toolTip().contains(QLatin1String("200 objects in the informers' caches")));
    QVERIFY(label->toolTip().contains(QLatin1String("200 events retained")));
    QVERIFY(!label->toolTip().contains(QLatin1String("Packed")));
    // What the informers' ObjectPackers saved, in the tooltip.
    w.memoryStatus()->setCaches([&cache] {
        PartMemory p{cache.size(), cache.ownBytes(), cache.objectBytes()};
        p.packedObjects = 150;
        p.packedJsonBytes = 8000 * 1024;
        p.packedBytes = 1000 * 1024;
        return p;
    });
    w.memoryStatus()->refresh();
    QVERIFY2(label->toolTip().contains(
                 QStringLiteral("Packed since the informers started: 150 objects, %1 of JSON kept "
                                "in %2 (%3 % saved)")
                     .arg(l.formattedDataSize(8000 * 1024, 1), l.formattedDataSize(1000 * 1024, 1),
                          l.toString(87.5, 'f', 1))),
             qPrintable(label->toolTip()));

    // The key history of one key: its rows counted under "history".
    w.selectKey(QStringLiteral("default/p7"));
    w.settle();
    w.memoryStatus()->refresh();
    QCOMPARE(w.memoryStatus()->figures().history.items, 1);
    QVERIFY(w.memoryStatus()->figures().history.ownBytes > 0);

    // Objects leave the cache: now the journal alone keeps them.
    QVERIFY(cache.replace({}, QStringLiteral("999")).isEmpty());
    w.memoryStatus()->refresh();
    QCOMPARE(w.memoryStatus()->figures().indexer.objectBytes, 0);
    QVERIFY(w.memoryStatus()->figures().journal.objectBytes - journalOnlyBefore > 200 * 2 * 2048);
}

QTEST_MAIN(tst_MemoryStatus)
#include "tst_memorystatus.moc"
