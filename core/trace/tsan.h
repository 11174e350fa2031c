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

#include <utility>

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

/// The hand-off key of every Captured value.
inline constexpr char kCaptures = 0;

/// A value a QtConcurrent::run() task captures (`[bytes = tsan::Captured(lines)]() mutable`).
/// QtConcurrent moves the task's captures into its task object on the submitting thread and
/// moves them out again on the pool thread before the task's body runs, both inside Qt, where
/// no handOff()/tookOver() of ours can stand: a handOff() before run() comes before the first
/// move's writes, a tookOver() in the body after the second move's reads. So each copy or move
/// of a Captured takes over before it reads its source and hands off after it wrote itself.
/// Holds T by value; in builds without ThreadSanitizer it is just a T.
template<typename T> class Captured {
public:
    explicit Captured(T value) : m_value(std::move(value)) { handOff(&kCaptures); }
    Captured(Captured &&other) noexcept : m_value((tookOver(&kCaptures), std::move(other.m_value)))
    {
        handOff(&kCaptures);
    }
    Captured(const Captured &other) : m_value((tookOver(&kCaptures), other.m_value))
    {
        handOff(&kCaptures);
    }
    Captured &operator=(const Captured &) = delete;
    Captured &operator=(Captured &&) = delete;
    ~Captured() = default;

    T &operator*() { return m_value; }
    const T &operator*() const { return m_value; }

private:
    T m_value;
};
} // namespace lens::tsan
