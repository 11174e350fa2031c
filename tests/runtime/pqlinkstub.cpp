// SPDX-License-Identifier: Apache-2.0
// Link stub, compiled only while core/runtime/priorityqueue.cpp does not exist yet (the
// priority queue is written on another branch): lens_runtime's automoc compiles
// priorityqueue.h's moc, which needs PriorityQueue's vtable. Nothing here is called; every
// function aborts. tests/runtime/CMakeLists.txt drops this file once the real one exists.
#include "runtime/priorityqueue.h"

#include <cstdlib>

namespace lens::runtime {

struct PriorityQueue::Private {};
PriorityQueue::~PriorityQueue() = default;
void PriorityQueue::addWithOpts(const AddOpts &, const QStringList &, const QString &)
{
    std::abort();
}
void PriorityQueue::requestGet(const QString &)
{
    std::abort();
}
void PriorityQueue::done(const QString &)
{
    std::abort();
}
void PriorityQueue::forget(const QString &)
{
    std::abort();
}
int PriorityQueue::numRequeues(const QString &) const
{
    std::abort();
}
int PriorityQueue::len() const
{
    std::abort();
}
void PriorityQueue::shutDown()
{
    std::abort();
}
QString PriorityQueue::rateLimiterDescription() const
{
    std::abort();
}

} // namespace lens::runtime
