// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/delta.h"

#include <QObject>

#include <deque>
#include <functional>

class QTimer;

namespace lens {

class Journal;
class Clock;

/// client-go's ResourceEventHandlerFuncs. onDelete receives a Delta of type Deleted whose
/// `tombstone` flag says whether the object came wrapped in DeletedFinalStateUnknown (a delete
/// the informer inferred from a relist) or was seen in a watched DELETED event. Any callback
/// may be empty.
struct ResourceEventHandler {
    QString name; ///< shown in the UI and the journal
    std::function<void(const Object &obj, bool isInInitialList)> onAdd;
    std::function<void(const Object &oldObj, const Object &newObj)> onUpdate;
    std::function<void(const Delta &deleted)> onDelete;
};

/// One notification waiting in a listener's buffer.
struct Notification {
    enum class Type { Add, Update, Delete };
    Type type = Type::Add;
    Object oldObj; ///< update only
    Object obj;    ///< add/update: the new object; delete: the last state
    Delta deleted; ///< delete only
    /// The object's key as the informer's indexer holds it (MetaNamespaceKeyFunc, or the
    /// tombstone's key for DeletedFinalStateUnknown): the same string, shared, so each
    /// listener's journal event does not make a copy of its own. Empty: computed on delivery.
    QString key;
    bool isInInitialList = false;
    bool isSync = false; ///< an update with unchanged resourceVersion (resync or relist)
    qint64 queuedAtMs = 0;
};

/// client-go's processorListener (tools/cache/shared_informer.go): an unbounded buffer feeding
/// one handler sequentially, so a slow handler never blocks the informer or other handlers.
/// Delivery runs on the event loop, back to back for up to 4 ms per turn (or one notification
/// per optional artificial delay, in milliseconds, to show the slow-handler case). A handler that
/// throws is isolated: the exception is caught, journaled (kind Info, detail.level "error")
/// and signalled (handlerFailed), and delivery continues.
///
/// Resync bookkeeping follows client-go: requestedResyncPeriod as asked, resyncPeriod as
/// determined against the informer's check period, nextResync in clock milliseconds.
class ProcessorListener : public QObject {
    Q_OBJECT
public:
    ProcessorListener(ResourceEventHandler handler, qint64 requestedResyncMs, qint64 resyncMs,
                      Journal *journal, const Clock *clock, QObject *parent = nullptr);

    const QString &name() const { return m_handler.name; }
    qint64 requestedResyncPeriodMs() const { return m_requestedResync; }
    qint64 resyncPeriodMs() const { return m_resync; }
    void setResyncPeriodMs(qint64 ms) { m_resync = ms; }
    /// Artificial processing time per notification, in milliseconds (0 = none).
    void setProcessingDelayMs(int ms) { m_delayMs = qMax(0, ms); }

    /// Appends to the buffer (never blocks) and schedules delivery.
    void add(Notification n);
    /// sharedProcessor.shouldResync for this listener: due when resyncPeriod > 0 and now ≥
    /// nextResync; then nextResync = now + resyncPeriod. Sets isSyncing() to the verdict.
    bool shouldResync(qint64 nowMs);
    /// When the listener is next due for a resync (Clock milliseconds).
    qint64 nextResyncMs() const { return m_nextResync; }
    void determineNextResync(qint64 nowMs) { m_nextResync = nowMs + m_resync; }
    /// Whether sync notifications (updates with an unchanged resourceVersion) reach this
    /// listener: true from registration (sharedProcessor.addListener sets listeners[l] = true)
    /// until the first resync tick, then the verdict of each tick's shouldResync. With no
    /// resync ticks at all (resyncCheckPeriod 0) it stays true, so a relist's unchanged objects
    /// reach every handler, as in client-go.
    bool isSyncing() const { return m_syncing; }
    void clearSyncing() { m_syncing = false; }

    qsizetype backlog() const { return qsizetype(m_buffer.size()); }
    qint64 delivered() const { return m_delivered; }
    /// Notifications whose handler threw a C++ exception (caught, journaled, delivery goes on).
    qint64 failures() const { return m_failures; }
    /// The registration's HasSynced: the informer has synced and every add flagged
    /// isInInitialList that was queued to this listener has been delivered.
    bool hasSynced(bool informerSynced) const { return informerSynced && m_initialPending == 0; }
    /// Stops delivery (RemoveEventHandler); pending notifications are dropped.
    void shutdown();

Q_SIGNALS:
    void notified();
    /// The handler threw; `message` names handler, notification, key and what() ("handler h
    /// threw on add ns/a: boom"). client-go logs such panics (HandleCrash) and then crashes
    /// the process by default; here the listener and the informer carry on.
    void handlerFailed(const QString &message);

private:
    /// Delivers queued notifications for up to 4 ms (one per processing delay when a delay is
    /// set), then yields to the event loop.
    void deliverPending();
    /// Delivers the oldest notification; false when there was none or the listener shut down.
    bool deliverOne();

    ResourceEventHandler m_handler;
    qint64 m_requestedResync;
    qint64 m_resync;
    qint64 m_nextResync = 0;
    bool m_syncing = true;
    Journal *m_journal;
    const Clock *m_clock;
    std::deque<Notification> m_buffer;
    QTimer *m_timer;
    int m_delayMs = 0;
    qint64 m_delivered = 0;
    qint64 m_failures = 0;
    qint64 m_initialPending = 0;
    bool m_shutdown = false;
};

} // namespace lens
