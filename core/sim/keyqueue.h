// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QObject>
#include <QSet>
#include <QString>

namespace lens::sim {

/// A plain, de-duplicating work queue of keys for the built-in cluster's controllers, with the
/// contract of client-go's basic workqueue (util/workqueue Type): add() of a key already
/// waiting does nothing; a key being processed (between get() and done()) that is added again
/// waits aside ("dirty") and is queued once done() is called, so one key is never processed
/// twice at once. No rate limiting and no delays: kube-controller-manager's PV controller uses
/// exactly such plain queues ("claims", "volumes") and retries through its periodic resync.
///
/// Kept this small on purpose, so that it can later be replaced by lens::workqueue's queue.
/// Not thread-safe; the controllers use it on the event loop's thread.
class KeyQueue : public QObject {
    Q_OBJECT
public:
    /// `name` is the queue's name ("claims", "volumes").
    explicit KeyQueue(const QString &name, QObject *parent = nullptr);

    QString name() const { return m_name; }
    /// Queues `key` unless it is waiting already; while it is being processed, marks it to be
    /// queued again at done(). Emits added() when the key was queued now.
    void add(const QString &key);
    /// Takes the first waiting key and marks it as being processed; "" when none waits.
    QString get();
    /// Ends processing of `key`; queues it again if it was added meanwhile.
    void done(const QString &key);
    /// Keys waiting (not counting those being processed).
    int length() const { return int(m_queue.size()); }
    bool isEmpty() const { return m_queue.isEmpty(); }
    /// The waiting keys in queue order.
    QList<QString> waiting() const { return m_queue; }

Q_SIGNALS:
    /// A key was queued (by add() or by done() re-queuing a dirty key).
    void added(const QString &key);

private:
    QString m_name;
    QList<QString> m_queue;
    QSet<QString> m_dirty;
    QSet<QString> m_processing;
};

} // namespace lens::sim
