// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "eventbatcher.h"
#include "journalfold.h"
#include <QObject>
#include <QSet>
#include <QString>

#include <vector>

namespace lens {

class Journal;
struct TraceEvent;

/// The informer's vital signs, derived from the journal alone: what the Reflector is doing
/// (listing / watching / backing off), the last resourceVersion it synced to, how many objects
/// the indexer holds, whether HasSynced is true, how many watch events arrived, the last error,
/// the DeltaFIFO depth and the pump mode. One changed() per batch that changed anything.
///
/// Live: batched by an EventBatcher (default 50 ms). Concept shown: Reflector state,
/// LastSyncResourceVersion, HasSynced.
class ReflectorStatus final : public QObject, public JournalFold {
    Q_OBJECT
    Q_PROPERTY(State state READ state NOTIFY changed)
    Q_PROPERTY(QString stateName READ stateName NOTIFY changed)
    Q_PROPERTY(QString lastResourceVersion READ lastResourceVersion NOTIFY changed)
    Q_PROPERTY(int objectCount READ objectCount NOTIFY changed)
    Q_PROPERTY(bool hasSynced READ hasSynced NOTIFY changed)
    Q_PROPERTY(qint64 watchEvents READ watchEvents NOTIFY changed)
    Q_PROPERTY(QString lastError READ lastError NOTIFY changed)
    Q_PROPERTY(int queueDepth READ queueDepth NOTIFY changed)
    Q_PROPERTY(QString pumpMode READ pumpMode NOTIFY changed)
    Q_PROPERTY(int listCount READ listCount NOTIFY changed)
public:
    /// Stopped = nothing recorded yet (or the reflector never started).
    enum class State { Stopped, Listing, Watching, Backoff };
    Q_ENUM(State)

    /// Folds `journal`'s retained history at once, then follows it live. `journal` is not owned.
    explicit ReflectorStatus(JournalSource source, QObject *parent = nullptr);
    ~ReflectorStatus() override;

    State state() const { return m_state; }
    /// "Stopped", "Listing", "Watching", "Backoff" (translated): the name of state().
    QString stateName() const { return nameOf(m_state); }
    /// The name of `state`, in the window's language.
    static QString nameOf(State state);
    QString lastResourceVersion() const { return m_rv; }
    int objectCount() const { return int(m_keys.size()); }
    bool hasSynced() const { return m_synced; }
    qint64 watchEvents() const { return m_watchEvents; }
    /// The newest ListFailed / WatchError error until the Reflector recovers (a list completes,
    /// or the watch delivers an event or a bookmark), else empty: JournalText::error() of that
    /// event, in the language installed when asked.
    QString lastError() const;
    int queueDepth() const { return m_depth; }
    /// "run", "paused" (the controller's pump), empty until a PumpMode event.
    QString pumpMode() const { return m_pump; }
    /// LIST requests started (1 = the initial list; more = relists).
    int listCount() const { return m_lists; }

    /// "Watching · RV 1234 · 17 objects · HasSynced ✓ · 42 watch events".
    QString summary() const;

    /// The newest backoff while state() is Backoff (else all -1 / 0): when it ends on the
    /// journal's clock (ms), what the server asked (Retry-After, s; 0 = nothing) and the cap
    /// the Reflector applied to it (s; 0 = none applied).
    qint64 backoffEndsAtMs() const { return m_state == State::Backoff ? m_backoffEndMs : -1; }
    int retryAfterAskedSeconds() const { return m_retryAsked; }
    int retryAfterCapSeconds() const { return m_retryCap; }
    /// During Backoff, the countdown at `nowMs` (journal clock): "retry in 12 s", with
    /// "; the server asked for 99999 s (Retry-After), capped at 30 s" when a Retry-After
    /// came with it. `nowMs` < 0 (time travel): "waits 30 s" instead. Empty otherwise.
    /// Translated.
    QString backoffText(qint64 nowMs) const;

    /// Applies pending journal events now instead of at the next coalescing tick.
    void flush() override;
    EventBatcher *batcher() const { return m_batcher; }

    /// Time travel: folds again from the journal's retained events with seq ≤ `seq` and stops
    /// following it (0 = live again: everything retained, then following). One changed().
    void foldUpTo(quint64 seq) override;
    /// The seq folded up to, 0 when live.
    quint64 foldedUpTo() const override { return m_upTo; }

Q_SIGNALS:
    void changed();

private:
    void fold(const EventBatch &events);

    EventBatcher *m_batcher;
    State m_state = State::Stopped;
    QString m_rv;
    QSet<QString> m_keys;
    bool m_synced = false;
    qint64 m_watchEvents = 0;
    TraceEvent m_error;         ///< the error event; seq 0 = none
    qint64 m_backoffEndMs = -1; ///< the newest backoff's end (journal clock ms)
    qint64 m_backoffMs = 0;     ///< its delay
    int m_retryAsked = 0;       ///< its detail.retryAfterSeconds
    int m_retryCap = 0;         ///< its detail.retryAfterCapSeconds

    int m_depth = 0;
    QString m_pump;
    int m_lists = 0;
    quint64 m_upTo = 0;
};

} // namespace lens
