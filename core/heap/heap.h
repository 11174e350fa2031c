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
/// heap.cpp also sets jemalloc's malloc_conf to "thp:always,metadata_thp:always": its memory is
/// backed by transparent huge pages where the system grants them on request (THP "madvise"),
/// which made a 150 000-pod sync five times faster where page faults are expensive
/// (docs/performance.md). MALLOC_CONF in the environment overrides it.
namespace lens::heap {

/// "jemalloc 5.3.0-0-g… (thp:always)" (its own version string and its opt.thp, read through
/// mallctl), "glibc malloc", or
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

} // namespace lens::heap
