// SPDX-License-Identifier: Apache-2.0
#include "objectmemory.h"

#include "object_p.h"

#include <atomic>

namespace lens {

namespace {

std::atomic<qint64> g_journalOnlyBytes{0};
std::atomic<qint64> g_journalOnlyVersions{0};

/// Qt 6's array header (reference count, flags, capacity) before an allocated array's data.
constexpr qint64 kArrayHeader = 16;
/// std::make_shared's control block (two counts and a vtable pointer).
constexpr qint64 kControlBlock = 16;

qint64 heapBytes(const QByteArray &b)
{
    return b.capacity() > 0 ? kArrayHeader + b.capacity() + 1 : 0;
}

/// The version entered (+1) or left (-1) the set of those some journal holds and no cache does.
void journalOnly(const Object &obj, qint64 sign)
{
    g_journalOnlyBytes.fetch_add(sign * ObjectMemory::footprint(obj), std::memory_order_relaxed);
    g_journalOnlyVersions.fetch_add(sign, std::memory_order_relaxed);
}

} // namespace

qint64 ObjectMemory::footprint(const Object &obj)
{
    const Object::Data *d = obj.d.get();
    if (!d)
        return 0;
    return kControlBlock + qint64(sizeof(Object::Data)) + heapBytes(d->bytes) +
           heapBytes(d->extra) + ObjectMemory::stringBytes(d->name.capacity()) +
           ObjectMemory::stringBytes(d->rv.capacity());
}

qint64 ObjectMemory::stringBytes(qsizetype chars)
{
    return chars > 0 ? kArrayHeader + 2 * (qint64(chars) + 1) : 0;
}

void ObjectMemory::journalHold(const Object &obj)
{
    const Object::Data *d = obj.d.get();
    if (d && d->journalHolds.n.fetch_add(1, std::memory_order_relaxed) == 0 &&
        d->cacheHolds.n.load(std::memory_order_relaxed) == 0)
        journalOnly(obj, +1);
}

void ObjectMemory::journalRelease(const Object &obj)
{
    const Object::Data *d = obj.d.get();
    if (d && d->journalHolds.n.fetch_sub(1, std::memory_order_relaxed) == 1 &&
        d->cacheHolds.n.load(std::memory_order_relaxed) == 0)
        journalOnly(obj, -1);
}

void ObjectMemory::cacheHold(const Object &obj)
{
    const Object::Data *d = obj.d.get();
    if (d && d->cacheHolds.n.fetch_add(1, std::memory_order_relaxed) == 0 &&
        d->journalHolds.n.load(std::memory_order_relaxed) > 0)
        journalOnly(obj, -1);
}

void ObjectMemory::cacheRelease(const Object &obj)
{
    const Object::Data *d = obj.d.get();
    if (d && d->cacheHolds.n.fetch_sub(1, std::memory_order_relaxed) == 1 &&
        d->journalHolds.n.load(std::memory_order_relaxed) > 0)
        journalOnly(obj, +1);
}

qint64 ObjectMemory::journalOnlyBytes()
{
    return g_journalOnlyBytes.load(std::memory_order_relaxed);
}

qint64 ObjectMemory::journalOnlyVersions()
{
    return g_journalOnlyVersions.load(std::memory_order_relaxed);
}

} // namespace lens
