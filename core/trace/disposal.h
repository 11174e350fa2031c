// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "trace/tsan.h"

#include <QRunnable>
#include <QThreadPool>

#include <type_traits>
#include <utility>

namespace lens {

/// The thread that destroys what the window's thread lets go of in bulk: one low-priority
/// thread ("disposal"), not QThreadPool::globalInstance() — Qt's raster engine splits large
/// fills over the global pool and the UI thread waits for them, so bulk destruction queued there
/// made painting wait. Waited for when the application object is destroyed.
QThreadPool *disposalPool();

/// Destroys `values` (a std::vector or std::deque, moved in) on disposalPool() instead of here.
///
/// Why: journal events, deltas and object versions are implicitly shared with atomic counts,
/// and the last copy is often the one a model or batch lets go of (with a small journal cap the
/// journal has already dropped them). Freeing thousands of object versions — whose memory the
/// watch decoder's thread allocated — took 10–25 ms of the UI thread per batch (bench_window,
/// `--journal-cap 5000`). Safe for any value type whose shared parts count atomically (Qt's
/// implicitly shared classes, lens::Object); no-op for an empty container.
namespace detail {
template<typename Container> class Disposal final : public QRunnable {
public:
    explicit Disposal(Container &&doomed) : m_doomed(std::move(doomed)) {}
    void run() override
    {
        tsan::tookOver(disposalPool());
        Container().swap(m_doomed);
    }

private:
    Container m_doomed;
};
} // namespace detail

template<typename Container> void disposeOffThread(Container &&values)
{
    static_assert(!std::is_reference_v<Container>, "move the container in: std::move(rows)");
    if (values.empty())
        return;
    auto *task = new detail::Disposal<Container>(std::move(values));
    tsan::handOff(disposalPool());
    disposalPool()->start(task);
}

} // namespace lens
