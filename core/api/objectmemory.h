// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "object.h"

#include <QtGlobal>

namespace lens {

/// Memory accounting of object versions, for the window's memory per view (MemoryUse,
/// docs/performance.md, "Memory per view").
///
/// An object version is shared by everything that holds it (the DeltaFIFO, the Indexer, the
/// journal, the views), so its bytes are counted once: in the informers' caches while an
/// Indexer stores it, and otherwise, while a journal's retained event carries it, as the
/// journal's. The Indexer calls cacheHold()/cacheRelease() for each object it stores and lets
/// go; the Journal calls journalHold()/journalRelease() for each object an event it keeps
/// carries (TraceEvent::object and each of its Deltas' objects). Each version counts its own
/// holds; journalOnlyBytes() is the sum of footprint() over the versions held by some journal
/// and by no cache: older versions, deleted objects, and versions still waiting in a queue.
///
/// Process-wide figures (every journal and cache of the process). Holds and releases of one
/// version are meant to happen on one thread (the journal's: the informers run on it); the
/// counters are atomic, so another thread's holds are no data race, but two threads holding
/// and releasing one version at the same moment can leave journalOnlyBytes() off by it.
class ObjectMemory {
public:
    /// Estimated heap bytes of one object version: its shared instance (Object::Data and the
    /// shared pointer's control block), the compact JSON's and the metadata block's
    /// allocations, and its name and resourceVersion strings. The few-valued strings (kind,
    /// apiVersion, namespace, phase) are shared by every object and not counted, nor the
    /// allocator's rounding and bookkeeping. 0 for a null Object.
    static qint64 footprint(const Object &obj);
    /// Heap bytes of a QString allocation of `chars` UTF-16 characters: Qt's array header and
    /// the characters with their terminator; 0 for none. The one formula behind every string in
    /// the memory figures (callers pass a capacity, or a size where capacity depends on timing).
    static qint64 stringBytes(qsizetype chars);

    static void journalHold(const Object &obj);
    static void journalRelease(const Object &obj);
    static void cacheHold(const Object &obj);
    static void cacheRelease(const Object &obj);

    /// Σ footprint() of the versions some journal holds and no cache does (bytes).
    static qint64 journalOnlyBytes();
    /// How many versions that is.
    static qint64 journalOnlyVersions();
};

} // namespace lens
