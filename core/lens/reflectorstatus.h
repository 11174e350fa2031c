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
/// (listing / watching / backing off) and since when, the last resourceVersion it synced to
/// and the newest one the server sent, how many objects the indexer holds, whether HasSynced
/// is true, how many watch events arrived, the last error, the DeltaFIFO depth and the pump
/// mode. One changed() per batch that changed anything.
///
/// What grows with time without a journal event (the time since the open watch's last event
/// or bookmark, how long a WatchList has waited for its initial-events-end bookmark, a
/// backoff's countdown) is asked for at a moment: activityText(nowMs), with nowMs() the
/// moment the status shows (the journal's Clock live; the folded seq's time while travelling).
/// Whoever shows it repaints on a timer on that Clock (the window's ClockTimer).
///
/// Live: batched by an EventBatcher (default 50 ms). Concept shown: Reflector state,
/// LastSyncResourceVersion (reflector.go setLastSyncResourceVersion: a list's, every watch
/// event's and bookmark's resourceVersion; a WatchList's only at its initial-events-end
/// bookmark), HasSynced.
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
    Q_PROPERTY(QString serverResourceVersion READ serverResourceVersion NOTIFY changed)
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
    /// The informer's last synced resourceVersion (client-go's LastSyncResourceVersion): the
    /// last list's whose Replace succeeded, then every watch event's and bookmark's; a
    /// WatchList's streamed events count only once their initial-events-end bookmark came.
    QString lastResourceVersion() const { return m_rv; }
    /// The newest resourceVersion the server sent, as the journal recorded it: a list's
    /// (listCompleted), a watch event's or a bookmark's (a WatchList's streamed ones too).
    /// Ahead of lastResourceVersion() while the informer has not taken it (a WatchList before
    /// its end bookmark, a list whose Replace failed). "" before the server sent any.
    QString serverResourceVersion() const { return m_serverRv; }
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
    /// LIST requests started (1 = the initial list), failed ones included.
    int listCount() const { return m_lists; }
    /// Lists that completed after the first completed one (a WatchList's initial events
    /// count as a list): what "relist" means. A list whose Replace failed did not complete.
    int relistCount() const { return qMax(0, m_completedLists - 1); }
    /// List attempts that failed (listFailed: a list request's error, a continue token's 410
    /// before the full list, a Replace that failed).
    int failedListCount() const { return m_failedLists; }

    /// The open watch as the journal shows it (a watchStarted not yet ended by watchEnded,
    /// watchError, a backoff or a list). -1 when none is open.
    qint64 watchStartedAtMs() const { return m_watchOpen ? m_watchStartMs : -1; }
    /// When the open watch last delivered a watch event or a bookmark; -1 when it has not yet
    /// (or none is open).
    qint64 lastWatchDeliveryAtMs() const { return m_watchOpen ? m_lastDeliveryMs : -1; }
    /// The open watch asked for sendInitialEvents (a WatchList, reflector.go watchList) and
    /// its initial-events-end bookmark has not come: its events go to a temporary store, the
    /// informer lists until that bookmark. The status's state is Listing then.
    bool awaitingInitialEventsEnd() const { return m_watchOpen && m_awaitingEnd; }
    /// The initial events the awaiting WatchList has streamed so far.
    qint64 initialEventsStreamed() const { return m_streamed; }
    /// While Listing with a plain LIST: when it was sent; else -1.
    qint64 listStartedAtMs() const
    {
        return m_state == State::Listing && !m_watchOpen ? m_listStartMs : -1;
    }
    /// What the Reflector has been doing, and for how long, at `nowMs` (journal clock; see
    /// nowMs()), translated: "last event or bookmark 3.2 s ago" / "no event or bookmark in the
    /// 12.0 s since the watch started" (Watching), "WatchList: waiting 1.2 s for the
    /// initial-events-end bookmark (16 initial events so far)", "LIST sent 0.4 s ago, not
    /// complete", the backoff's countdown (backoffText); empty when Stopped.
    QString activityText(qint64 nowMs) const;
    /// The same, short, for a button or a card: "quiet 3.2 s" (no watch event and no bookmark
    /// for 3.2 s: since the last, or since the watch started), "waiting 1.2 s for end bookmark"
    /// (a WatchList's initial-events-end), "LIST for 400 ms", "retry in 1.2 s"; empty when
    /// Stopped. Translated.
    QString activityBrief(qint64 nowMs) const;
    /// The moment the status shows, in journal milliseconds: the journal's Clock while live
    /// (a recording's stands at its last event), the time of the event folded up to while
    /// travelling; -1 without a journal.
    qint64 nowMs() const;
    /// Why an informer that has not synced has not, from its journal, at `nowMs`, in English
    /// (for --headless's stderr): "its Reflector never sent a LIST", "its LIST sent at 0.120 s
    /// had not completed after 1.880 s", "its WatchList waited 1.880 s for the
    /// initial-events-end bookmark (16 initial events streamed)", "it was backing off (retry in
    /// 1246 ms)", "its list completed at RV 1005 but Pop had not handed every listed object to
    /// the indexer (3 key(s) still queued, Pop pump paused)". Empty once HasSynced.
    QString notSyncedReason(qint64 nowMs) const;

    /// "Watching · RV 1234 · 17 objects · HasSynced ✓ · 42 watch events"; with `nowMs` ≥ 0,
    /// what the Reflector has been doing for how long after the state (activityText(), not
    /// during Backoff, whose countdown the window shows with its error): "Watching · last
    /// event or bookmark 3.2 s ago · RV 1234 · …".
    QString summary(qint64 nowMs = -1) const;

    /// The newest backoff while state() is Backoff (else all -1 / 0): when it ends on the
    /// journal's clock (ms), what the server asked (Retry-After, s; 0 = nothing) and the cap
    /// the Reflector applied to it (s; 0 = none applied).
    qint64 backoffEndsAtMs() const { return m_state == State::Backoff ? m_backoffEndMs : -1; }
    int retryAfterAskedSeconds() const { return m_retryAsked; }
    int retryAfterCapSeconds() const { return m_retryCap; }
    /// During Backoff, the countdown at `nowMs` (journal clock), never rounded to a coarser
    /// unit than it reads in (formatDuration): "retry in 1246 ms", "retry in 12.4 s", with
    /// "; the server asked for 99999 s (Retry-After), capped at 30 s" when a Retry-After
    /// came with it. `nowMs` < 0: "waits 30.0 s" (the whole delay) instead. Empty otherwise.
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
    /// activityText() (brief = false) and activityBrief() (brief = true): one state walk.
    QString activity(qint64 nowMs, bool brief) const;
    void fold(const EventBatch &events);
    void reset();

    EventBatcher *m_batcher;
    State m_state = State::Stopped;
    QString m_rv;           ///< informer synced (LastSyncResourceVersion)
    QString m_rvBeforeList; ///< m_rv before the last listCompleted (its Replace may fail)
    bool m_listJustCompleted = false;
    QString m_serverRv; ///< newest the server sent
    bool m_watchOpen = false;
    qint64 m_watchStartMs = -1;
    qint64 m_lastDeliveryMs = -1; ///< last watch event or bookmark of the open watch
    bool m_awaitingEnd = false;   ///< a WatchList before its initial-events-end bookmark
    qint64 m_streamed = 0;        ///< its initial events so far
    qint64 m_listStartMs = -1;
    int m_completedLists = 0;
    int m_failedLists = 0;
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
