// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QStringList>

#include <memory>

namespace lens::workqueue {

/// The queue's pluggable storage: client-go's `Queue[T]` interface (util/workqueue/queue.go,
/// v0.31+), the ordered part of a Queue. The Queue keeps its invariant around it: every item in
/// the storage is dirty and not being processed, and it calls these only for such items.
/// Called on the queue's thread only (the Queue serialises what client-go guards with its
/// lock). No errors: pop() is only called when len() > 0.
class Storage {
public:
    virtual ~Storage() = default;
    /// An item already in the storage was added again (client-go's Touch hook, for priority
    /// queues); the FIFO ignores it, so the item keeps its place.
    virtual void touch(const QString &item) = 0;
    /// Appends `item` (which is not in the storage).
    virtual void push(const QString &item) = 0;
    /// How many items the storage holds.
    virtual int len() const = 0;
    /// Removes and returns the next item; the storage keeps no reference to it afterwards.
    virtual QString pop() = 0;
    /// The items in pop order, for views and tests.
    virtual QStringList items() const = 0;
};

/// client-go's DefaultQueue: a FIFO. Its pop() frees the vacated slot, so a popped item's data
/// is no longer referenced by the queue (client-go's TestGarbageCollection).
std::unique_ptr<Storage> defaultStorage();

} // namespace lens::workqueue
