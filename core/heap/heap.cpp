// SPDX-License-Identifier: Apache-2.0
#include "heap.h"

#include <QStringList>

#include <cstddef>
#include <cstdint>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LENS_HEAP_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(LENS_HEAP_ASAN)
#define LENS_HEAP_ASAN 1
#endif

#if defined(LENS_HEAP_ASAN)
#include <sanitizer/allocator_interface.h>
#elif defined(LENS_HAVE_JEMALLOC)
#include <jemalloc/jemalloc.h>
#else
#include <malloc.h>
#endif

namespace lens::heap {

namespace {
constexpr double kMiB = 1024.0 * 1024.0;
}

#if defined(LENS_HEAP_ASAN)

// AddressSanitizer replaces malloc with its own allocator (jemalloc is off in the sanitizer
// presets), and glibc's mallinfo2() then counts nothing: ask the sanitizer.
QString allocatorName()
{
    return QStringLiteral("AddressSanitizer allocator");
}

Figures figures()
{
    Figures f;
    f.inUseMiB = double(__sanitizer_get_current_allocated_bytes()) / kMiB;
    f.heldMiB = double(__sanitizer_get_free_bytes()) / kMiB;
    return f;
}

bool releaseFreePages()
{
    return false; // the sanitizer's allocator keeps freed memory in quarantine on purpose
}

#elif defined(LENS_HAVE_JEMALLOC)

} // namespace lens::heap

// jemalloc's compile-time options (read once, at its first allocation; MALLOC_CONF in the
// environment still overrides them), see heap.h: transparent huge pages for its extents and
// its own metadata; freed pages purged by jemalloc's background thread 3 s after they were
// freed, given back to the system at once (MADV_DONTNEED, no "muzzy" stage).
extern "C" {
// NOLINTNEXTLINE: the name and type are jemalloc's (man 3 jemalloc, "TUNING").
const char *malloc_conf = "thp:always,metadata_thp:always,background_thread:true,"
                          "dirty_decay_ms:3000,muzzy_decay_ms:0";
}

namespace lens::heap {

QString allocatorName()
{
    const char *version = nullptr;
    size_t size = sizeof(version);
    if (mallctl("version", &version, &size, nullptr, 0) != 0 || !version)
        return QStringLiteral("jemalloc");
    QString name = QStringLiteral("jemalloc ") + QString::fromLatin1(version);
    const char *thp = nullptr;
    size = sizeof(thp);
    QStringList options;
    if (mallctl("opt.thp", &thp, &size, nullptr, 0) == 0 && thp)
        options << QStringLiteral("thp:") + QString::fromLatin1(thp);
    bool background = false;
    size = sizeof(background);
    if (mallctl("background_thread", &background, &size, nullptr, 0) == 0 && background)
        options << QStringLiteral("background_thread");
    ssize_t decayMs = 0;
    size = sizeof(decayMs);
    if (mallctl("opt.dirty_decay_ms", &decayMs, &size, nullptr, 0) == 0)
        options << QStringLiteral("dirty_decay_ms:%1").arg(qlonglong(decayMs));
    if (!options.isEmpty())
        name += QStringLiteral(" (") + options.join(QStringLiteral(", ")) + QLatin1Char(')');
    return name;
}

Figures figures()
{
    // jemalloc's statistics are a snapshot taken when "epoch" is written.
    uint64_t epoch = 1;
    size_t epochSize = sizeof(epoch);
    mallctl("epoch", &epoch, &epochSize, &epoch, epochSize);
    size_t allocated = 0;
    size_t resident = 0;
    size_t size = sizeof(size_t);
    mallctl("stats.allocated", &allocated, &size, nullptr, 0);
    mallctl("stats.resident", &resident, &size, nullptr, 0);
    Figures f;
    f.inUseMiB = double(allocated) / kMiB;
    f.heldMiB = resident > allocated ? double(resident - allocated) / kMiB : 0.0;
    return f;
}

bool releaseFreePages()
{
    // MALLCTL_ARENAS_ALL: every arena's unused dirty pages go back to the system at once.
    return mallctl("arena.4096.purge", nullptr, nullptr, nullptr, 0) == 0;
}

#else

QString allocatorName()
{
    return QStringLiteral("glibc malloc");
}

Figures figures()
{
    const struct mallinfo2 mi = mallinfo2();
    Figures f;
    f.inUseMiB = double(mi.uordblks + mi.hblkhd) / kMiB;
    f.heldMiB = double(mi.fordblks) / kMiB;
    return f;
}

bool releaseFreePages()
{
    return malloc_trim(0) == 1;
}

#endif

} // namespace lens::heap
