// SPDX-License-Identifier: Apache-2.0
#pragma once

#if defined(__SANITIZE_THREAD__)
#define LENS_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define LENS_TSAN 1
#endif
#endif

#ifdef LENS_TSAN
#include <sanitizer/tsan_interface.h>
#endif

/// Happens-before edges ThreadSanitizer cannot see by itself (the `tsan` preset, HACKING.md).
/// Debian's Qt is not built with ThreadSanitizer, and QThreadPool's queue sits behind a
/// futex-based QMutex inside libQt6Core, so data handed to a pool thread with
/// QThreadPool::start() or QtConcurrent::run() looks, to it, as if both threads touched it
/// unsynchronised. Each hand-off of ours says what Qt does: handOff(key) on the giving thread
/// before the hand-off, tookOver(key) on the taking thread once it has it (key: any address
/// both sides know, here the pool's). Mirrors the TSan annotations Go's and Chromium's
/// runtimes put at their own queues. No-ops in every other build.
namespace lens::tsan {
#ifdef LENS_TSAN
inline void handOff(const void *key)
{
    __tsan_release(const_cast<void *>(key));
}
inline void tookOver(const void *key)
{
    __tsan_acquire(const_cast<void *>(key));
}
#else
inline void handOff(const void *) {}
inline void tookOver(const void *) {}
#endif
} // namespace lens::tsan
