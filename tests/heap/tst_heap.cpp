// SPDX-License-Identifier: Apache-2.0
#include "heap/heap.h"

#include <QTest>

#include <cstdlib>
#include <cstring>
#include <vector>

// An ASan build (gcc says __SANITIZE_ADDRESS__, clang __has_feature): its allocator is ASan's.
#if defined(__SANITIZE_ADDRESS__)
#define LENS_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LENS_TEST_ASAN 1
#endif
#endif

class tst_Heap : public QObject {
    Q_OBJECT
private slots:
    void allocatorIsTheOneBuiltFor();
    void figuresFollowMallocAndFree();
    void freePagesGoBackToTheSystem();
};

void tst_Heap::allocatorIsTheOneBuiltFor()
{
    const QString name = lens::heap::allocatorName();
#if defined(LENS_TEST_ASAN)
    QCOMPARE(name, QStringLiteral("AddressSanitizer allocator"));
#elif defined(LENS_EXPECT_JEMALLOC)
    // jemalloc's own version string, read through mallctl: the library is really linked.
    QVERIFY2(name.startsWith(QLatin1String("jemalloc 5.")), qPrintable(name));
    // heap.cpp's malloc_conf reached it: huge pages for its extents, freed pages purged by its
    // background thread after 3 s (unless MALLOC_CONF in the environment says otherwise, which
    // jemalloc lets override it).
    if (qEnvironmentVariableIsEmpty("MALLOC_CONF"))
        QVERIFY2(
            name.endsWith(QLatin1String("(thp:always, background_thread, dirty_decay_ms:3000)")),
            qPrintable(name));
#else
    QCOMPARE(name, QStringLiteral("glibc malloc"));
#endif
}

void tst_Heap::figuresFollowMallocAndFree()
{
    // 64 MiB in 4 KiB blocks through plain malloc(): the allocator that counts them is the one
    // malloc() resolves to (jemalloc replaces it process-wide, Qt's allocations included).
    constexpr size_t kBlock = 4096;
    constexpr size_t kBlocks = 16384;
    const lens::heap::Figures before = lens::heap::figures();
    std::vector<void *> blocks;
    blocks.reserve(kBlocks);
    for (size_t i = 0; i < kBlocks; ++i) {
        void *b = std::malloc(kBlock);
        QVERIFY(b);
        std::memset(b, int(i & 0xff), kBlock);
        blocks.push_back(b);
    }
    const lens::heap::Figures during = lens::heap::figures();
    QVERIFY2(during.inUseMiB - before.inUseMiB >= 63.0,
             qPrintable(QStringLiteral("in use %1 MiB before, %2 MiB with 64 MiB allocated")
                            .arg(before.inUseMiB)
                            .arg(during.inUseMiB)));
    for (void *b : blocks)
        std::free(b);
    const lens::heap::Figures after = lens::heap::figures();
    QVERIFY2(during.inUseMiB - after.inUseMiB >= 63.0,
             qPrintable(QStringLiteral("in use %1 MiB with 64 MiB allocated, %2 MiB after free")
                            .arg(during.inUseMiB)
                            .arg(after.inUseMiB)));
    QVERIFY(after.heldMiB >= 0.0);
}

// releaseFreePages(): 64 MiB freed are no longer held by jemalloc once purged (its background
// thread would take 3 s); glibc trims what it can; the sanitizer keeps its quarantine.
void tst_Heap::freePagesGoBackToTheSystem()
{
    constexpr size_t kBlock = 4096;
    constexpr size_t kBlocks = 16384;
    std::vector<void *> blocks;
    blocks.reserve(kBlocks);
    for (size_t i = 0; i < kBlocks; ++i) {
        void *b = std::malloc(kBlock);
        QVERIFY(b);
        std::memset(b, 1, kBlock);
        blocks.push_back(b);
    }
    for (void *b : blocks)
        std::free(b);
#if defined(LENS_TEST_ASAN)
    QVERIFY(!lens::heap::releaseFreePages());
#elif defined(LENS_EXPECT_JEMALLOC)
    const lens::heap::Figures freed = lens::heap::figures();
    QVERIFY(lens::heap::releaseFreePages());
    const lens::heap::Figures purged = lens::heap::figures();
    QVERIFY2(purged.heldMiB < 32.0 && purged.heldMiB <= freed.heldMiB,
             qPrintable(QStringLiteral("held %1 MiB after freeing 64 MiB, %2 MiB after purging")
                            .arg(freed.heldMiB)
                            .arg(purged.heldMiB)));
#else
    lens::heap::releaseFreePages(); // malloc_trim: true only when it gave something back
    QVERIFY(lens::heap::figures().heldMiB >= 0.0);
#endif
}

QTEST_GUILESS_MAIN(tst_Heap)
#include "tst_heap.moc"
