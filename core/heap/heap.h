// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

/// The process's heap allocator, named and measured.
///
/// Informer Lens links jemalloc (Debian libjemalloc-dev; CMake option LENS_JEMALLOC, on by
/// default) instead of glibc's malloc. At 5 000 watch events per second four threads allocate
/// and free the same object versions: the watch decoder builds them, the window's thread folds
/// them, the disposal thread (trace/disposal.h) destroys them. glibc serialises every free of
/// another thread's memory on that thread's arena lock; bench_window measured the window's thread
/// waiting on those locks about 80 ms per second, in waits of up to 12 ms. jemalloc (and every
/// thread-caching allocator) returns such memory in batches. See docs/window-under-load.md.
///
/// heap.cpp also sets jemalloc's malloc_conf to "thp:always,metadata_thp:always,
/// background_thread:true,dirty_decay_ms:3000,muzzy_decay_ms:0". Its memory is backed by
/// transparent huge pages where the system grants them on request (THP "madvise"), which made a
/// 150 000-pod sync five times faster where page faults are expensive. Pages freed and not
/// reused within 3 s go back to the system, purged by jemalloc's own background thread rather
/// than by the thread that frees (jemalloc's default keeps them 10 s): the window's peak
/// resident set after a 150 000-pod list fell from 1 526–1 552 MB to 1 481–1 488 MB, a
/// stripped headless sync's from 1 796 to 1 397 MB (docs/performance.md). MALLOC_CONF in the
/// environment overrides it.
namespace lens::heap {

/// "jemalloc 5.3.0-0-g… (thp:always, background_thread, dirty_decay_ms:3000)" (its own
/// version string and options, read through mallctl), "glibc malloc", or
/// "AddressSanitizer allocator" in an ASan build: the allocator this executable was linked with
/// (an LD_PRELOAD of another one is not noticed).
/// Named in `informer-lens --version` and bench_window.
QString allocatorName();

/// The heap in mebibytes (MiB), from the allocator's own statistics (jemalloc's mallctl
/// "stats.allocated" and "stats.resident", refreshed through "epoch"; glibc's mallinfo2();
/// in an ASan build the sanitizer's __sanitizer_get_current_allocated_bytes() and
/// __sanitizer_get_free_bytes()).
struct Figures {
    double inUseMiB = 0; ///< bytes the program has allocated and not freed
    double heldMiB = 0;  ///< bytes the allocator keeps resident beyond those (free, cached)
};
Figures figures();

/// Gives the pages the allocator holds free back to the system now (jemalloc: every arena's
/// "arena.<i>.purge"; glibc: malloc_trim(0); nothing under AddressSanitizer). True when it did.
/// Costs a system call per free run of pages: for once after a burst, not per allocation.
bool releaseFreePages();

} // namespace lens::heap
