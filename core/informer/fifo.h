// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "keys.h"
#include "queue.h"

#include <QHash>

#include <deque>
#include <functional>
#include <optional>

namespace lens {

/// client-go's plain FIFO (tools/cache/fifo.go, v0.32): a queue of keys where each key holds
/// only its latest object — no Deltas, no tombstones. The contrast to DeltaFIFO (spec §1.13):
///  * Add / Update store the object and queue the key only if the key has no object yet; the
///    key keeps its queue position.
///  * Delete removes the object only: the key stays in the queue and Pop skips it silently
///    (still counting it against initialPopulationCount).
///  * Replace swaps the objects wholesale and rebuilds the queue (list order here; Go map order
///    in client-go); the first Replace sets initialPopulationCount = number of distinct keys.
///  * Resync queues every stored key that is not queued.
///  * AddIfNotPresent(obj) stores and queues only when the key has no object.
/// Not a Queue (its Pop hands out one object, not Deltas); the informer never uses it.
/// Non-blocking Pop like the rest of this port: an empty queue answers at once. Errors are
/// returned as strings in client-go's words ("" = success); key errors read "couldn't create
/// key for object: ...".
class FIFO {
public:
    /// What Pop's process function receives: the key, the object and isInInitialList.
    using ProcessFunc =
        std::function<ProcessResult(const QString &key, const Object &obj, bool isInInitialList)>;
    struct PopResult {
        bool popped = false; ///< false: nothing to pop (empty, or closed and empty)
        bool closed = false; ///< closed and empty: ErrFIFOClosed
        QString key;
        Object object;
        bool isInInitialList = false;
        QString error; ///< what process returned (the inner error of a requeue)
    };

    explicit FIFO(KeyFunc keyFunc = metaNamespaceKeyFunc) : m_keyFunc(std::move(keyFunc)) {}

    QString add(const Object &obj);
    QString update(const Object &obj) { return add(obj); }
    /// FIFO.Delete: removes the object; the key's queue entry stays and Pop skips it.
    QString remove(const Object &obj);
    /// FIFO.AddIfNotPresent: nothing happens when the key already has an object.
    QString addIfNotPresent(const Object &obj);
    /// FIFO.Replace (resourceVersion ignored).
    QString replace(const QList<Object> &list, const QString &resourceVersion = {});
    /// FIFO.Resync: queues every stored key not already queued.
    QString resync();
    /// FIFO.Pop: skips keys whose object was deleted; a requeue result puts the object back
    /// with addIfNotPresent and reports the inner error.
    PopResult pop(const ProcessFunc &process);
    void close() { m_closed = true; }
    bool isClosed() const { return m_closed; }
    bool hasSynced() const { return m_populated && m_initialPopulationCount == 0; }

    /// FIFO.List: every stored object (queue order here, map order in client-go).
    QList<Object> list() const;
    /// FIFO.ListKeys: every stored key (same order as list()).
    QStringList listKeys() const;
    /// FIFO.GetByKey.
    std::optional<Object> get(const QString &key) const;
    /// The raw queue, including entries of deleted keys Pop will skip (for tests and views).
    QStringList queuedKeys() const { return {m_queue.begin(), m_queue.end()}; }
    qsizetype itemCount() const { return m_items.size(); }
    int initialPopulationCount() const { return m_initialPopulationCount; }

private:
    KeyResult keyOf(const Object &obj) const;
    void addIfNotPresentLocked(const QString &key, const Object &obj);

    KeyFunc m_keyFunc;
    QHash<QString, Object> m_items;
    std::deque<QString> m_queue;
    bool m_populated = false;
    int m_initialPopulationCount = 0;
    bool m_closed = false;
};

} // namespace lens
