// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QtGlobal>

namespace lens {

class Journal;
class LensModels;

/// Memory of one part of the window (journal, indexer, history), in bytes.
struct PartMemory {
    qint64 items = 0;       ///< events, stored objects or rows
    qint64 ownBytes = 0;    ///< the part's own structures
    qint64 objectBytes = 0; ///< the object versions counted to this part (each version once)
    /// The informers' ObjectPackers since they started (the indexer part only): objects packed,
    /// their JSON bytes and their packed bytes, whether still cached or not.
    qint64 packedObjects = 0;
    qint64 packedJsonBytes = 0;
    qint64 packedBytes = 0;
    qint64 bytes() const { return ownBytes + objectBytes; }
    PartMemory &operator+=(const PartMemory &o)
    {
        items += o.items;
        ownBytes += o.ownBytes;
        objectBytes += o.objectBytes;
        packedObjects += o.packedObjects;
        packedJsonBytes += o.packedJsonBytes;
        packedBytes += o.packedBytes;
        return *this;
    }
};

/// The window's memory per view (issue 16's "memory shown per view"; docs/performance.md,
/// "Memory per view"). Object versions are shared by the queue, the caches, the journal and the
/// views; each is counted once (ObjectMemory, api/objectmemory.h): to the indexer while an
/// informer's cache stores it, else to the journal while a retained event carries it.
///
/// - journal: the retained events (Journal::ownBytes(): sizeof(TraceEvent) and the detail
///   block each), the journal list's rows, and the object versions only the journal keeps
///   (ObjectMemory::journalOnlyBytes(): older versions, deleted objects, versions still queued);
/// - indexer: the informers' caches (Indexer::objectBytes(), Indexer::ownBytes()), added by the
///   caller with addCaches() since the models do not link the informer, and the Indexer
///   view's rows (KeyedRowsModel::memoryBytes()); without caches (a recording played back)
///   items counts the view's rows and the objects are the journal's;
/// - history: the key history's rows (KeyHistoryModel::memoryBytes()).
/// Estimates from the structures' sizes (the allocator's rounding and bookkeeping are not
/// included); the heap figure (heap::figures()) is the allocator's own count of everything.
struct MemoryUse {
    PartMemory journal;
    PartMemory indexer;
    PartMemory history;

    /// Reads `journal` and the models of `bodies` (none may be null). O(rows of the key
    /// histories), a few microseconds per thousand rows; everything else is kept as it changes.
    static MemoryUse measure(const Journal &journal, const QList<LensModels *> &bodies);
    /// Counts the informers' caches (summed Indexer figures) in `indexer`: their objects
    /// become indexer.items (instead of the view's rows), their bytes are added.
    void addCaches(const PartMemory &caches)
    {
        indexer.items = caches.items;
        indexer.ownBytes += caches.ownBytes;
        indexer.objectBytes += caches.objectBytes;
        indexer.packedObjects = caches.packedObjects;
        indexer.packedJsonBytes = caches.packedJsonBytes;
        indexer.packedBytes = caches.packedBytes;
    }
};

} // namespace lens
