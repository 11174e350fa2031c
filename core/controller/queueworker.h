// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/status.h"

#include <QObject>
#include <QString>

#include <functional>

namespace lens {
class Journal;
namespace workqueue {
class RateLimitingQueue;
}
} // namespace lens

namespace lens::controller {

/// What one sync of a key came to (the `error` a Go sync handler returns, plus the words the
/// journal shows).
struct SyncOutcome {
    /// A code (tracedetail::codes()): "provisioned", "skipped", "stopped", "gone", "deleted",
    /// "kept", "failed".
    QString outcome;
    QString error;     ///< "" = the handler returned nil (success); else the error's text
    ApiStatus status;  ///< the API error behind `error`, when it was one (code != 0 or transport)
    QString message;   ///< one line for people: what was done or why not
    QString objectKey; ///< the object the key stood for ("ns/name"), when known
    /// "provisioned" only: the PV's POST was answered 409 AlreadyExists (an earlier sync of the
    /// same claim had created it), which the library's backoffStore counts as saved. Journaled
    /// as `alreadyExists: true`.
    bool alreadyExists = false;
    bool failed() const { return !error.isEmpty(); }
    static SyncOutcome success(const QString &outcome, const QString &message = {})
    {
        return {outcome, {}, {}, message, {}, false};
    }
    static SyncOutcome failure(const QString &error, const ApiStatus &status = {})
    {
        return {QStringLiteral("failed"), error, status, error, {}, false};
    }
};

/// One controller worker: client-go's standard worker loop (`runWorker` →
/// `processNextWorkItem`, as sig-storage-lib-external-provisioner's runClaimWorker /
/// processNextClaimWorkItem and sample-controller write it), on the event loop:
///
///  1. Get: asks its queue for a key (RateLimitingQueue::requestGet; it waits without blocking
///     the thread, other workers and the informers go on);
///  2. calls the sync handler, which answers later through its callback (several workers'
///     syncs are in flight at once, each with its own API writes);
///  3. on failure: AddRateLimited while NumRequeues < `failureThreshold` (0 = always), else
///     gives up WITHOUT Forget (the library's choice: the count stays); on success: Forget;
///  4. Done, then back to 1 — until the queue shuts down (Get answers "shut down").
///
/// Journal (component `component`): ControllerSyncStarted when it takes a key and
/// ControllerSyncFinished when the sync answered (outcome, error, the requeue decision and the
/// delay the limiter chose), both naming the worker, the queue and the object.
class QueueWorker : public QObject {
    Q_OBJECT
public:
    using Finish = std::function<void(const SyncOutcome &)>;
    /// The sync handler: process `key` (as `worker`), then call `finish` exactly once.
    using SyncHandler = std::function<void(const QString &key, QueueWorker *worker, Finish finish)>;

    /// `queue` and `journal` (may be null) are not owned and must outlive the worker.
    QueueWorker(workqueue::RateLimitingQueue *queue, const QString &name, SyncHandler sync,
                int failureThreshold, Journal *journal, const QString &component,
                QObject *parent = nullptr);

    QString name() const { return m_name; }
    /// Starts the loop (the first Get).
    void start();
    /// Whether it processes a key now, and which.
    bool isBusy() const { return !m_key.isEmpty(); }
    QString currentKey() const { return m_key; }
    /// Syncs finished so far.
    int processed() const { return m_processed; }
    /// True once the queue answered its Get with "shut down" (the worker has ended).
    bool hasEnded() const { return m_ended; }

Q_SIGNALS:
    void syncStarted(const QString &key);
    void syncFinished(const QString &key, const lens::controller::SyncOutcome &outcome);
    /// The key failed `failureThreshold` times and is not re-queued (emitted before Done).
    void gaveUp(const QString &key);
    void ended();

private:
    void onHandedOut(const QString &worker, const QString &key);
    void finish(const QString &key, qint64 startedMs, const SyncOutcome &outcome);

    workqueue::RateLimitingQueue *m_queue;
    QString m_name;
    SyncHandler m_sync;
    int m_threshold;
    Journal *m_journal;
    QString m_component;
    QString m_key;
    int m_processed = 0;
    bool m_ended = false;
};

} // namespace lens::controller
