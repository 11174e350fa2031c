// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "eventbatcher.h"
#include "journalfold.h"

#include <QHash>
#include <QObject>
#include <QStringList>

namespace lens {

/// client-go's cache.WaitForCacheSync(informer.HasSynced, ...) over the informers of one
/// factory, as a gate folded from the journal: it is shut while any informer has not recorded
/// its Synced event (HasSynced became true) and opens at the Synced event of the last one.
///
/// Truth from the journal: when the factory journaled its WaitForCacheSync
/// (cacheSyncStarted / cacheSyncFinished, SharedInformerFactory::waitForCacheSync), the gate
/// began waiting at cacheSyncStarted and its outcome (opened, timed out, shut down), time and
/// the informer it waited on are cacheSyncFinished's; without those events (a single informer,
/// an older recording) it began at the first event any of the informers recorded and opened
/// at the last one's Synced event. The informers it waits on are those without a Synced event
/// up to the moment shown.
/// Time travel: foldUpTo(seq) shows the gate as of journal seq `seq`.
///
/// Not thread-safe: lives on the journal's thread.
class CacheSyncGate final : public QObject, public JournalFold {
    Q_OBJECT
public:
    explicit CacheSyncGate(Journal *journal, QObject *parent = nullptr);
    ~CacheSyncGate() override;

    /// The informers it waits for (TraceEvent::informer names). Refolds the journal.
    void setInformers(const QStringList &names);
    QStringList informers() const { return m_names; }

    /// True when it opened: the factory said so (cacheSyncFinished "opened"), or, without the
    /// factory's events, every informer has synced.
    bool isOpen() const;
    /// How the factory's wait ended: "opened", "timedOut", "shutDown"; "" while it waits (or
    /// without the factory's events).
    QString outcome() const { return m_outcome; }
    /// Journal time (ms) the factory's wait ended; -1 while it waits.
    qint64 finishedAtMs() const { return m_finishedMs; }
    /// Informers not synced yet, in setInformers() order.
    QStringList waitingFor() const;
    /// Journal time (ms) the wait began (cacheSyncStarted, else the first event of any of the
    /// informers); -1 before it.
    qint64 startedAtMs() const { return m_startedMs; }
    /// Journal time (ms) the gate opened (the last Synced event); -1 while shut.
    qint64 openedAtMs() const;
    /// Journal time (ms) informer `name` synced; -1 when it has not.
    qint64 syncedAtMs(const QString &name) const { return m_syncedMs.value(name, -1); }
    /// The informer whose sync opened it (the factory's `waitedOn`, else the last to sync);
    /// "" while shut.
    QString lastToSync() const;

    void flush() override;
    void foldUpTo(quint64 seq) override;
    quint64 foldedUpTo() const override { return m_upTo; }

Q_SIGNALS:
    void changed();

private:
    void fold(const EventBatch &events);
    void reset();

    EventBatcher *m_batcher;
    QStringList m_names;
    QHash<QString, qint64> m_syncedMs;
    qint64 m_startedMs = -1;
    bool m_factoryStarted = false; ///< a cacheSyncStarted event set m_startedMs
    QString m_outcome;
    qint64 m_finishedMs = -1;
    QString m_waitedOn;
    quint64 m_upTo = 0;
};

} // namespace lens
