// SPDX-License-Identifier: Apache-2.0
#include "reflectorstatus.h"

#include "journaltext.h"

#include "eventbatcher.h"
#include "format.h"
#include "trace/clock.h"
#include "trace/journal.h"

#include <QLocale>

#include <algorithm>

namespace lens {

ReflectorStatus::ReflectorStatus(JournalSource source, QObject *parent)
    : QObject(parent), m_batcher(new EventBatcher(
                           source, [this](const EventBatch &ev) { fold(ev); }, {}, this))
{
    m_batcher->replayHistory();
}

ReflectorStatus::~ReflectorStatus() = default;

void ReflectorStatus::flush()
{
    m_batcher->flushNow();
}

void ReflectorStatus::reset()
{
    m_state = State::Stopped;
    m_rv.clear();
    m_rvBeforeList.clear();
    m_listJustCompleted = false;
    m_serverRv.clear();
    m_watchOpen = false;
    m_watchStartMs = -1;
    m_lastDeliveryMs = -1;
    m_awaitingEnd = false;
    m_streamed = 0;
    m_listStartMs = -1;
    m_completedLists = 0;
    m_failedLists = 0;
    m_keys.clear();
    m_synced = false;
    m_watchEvents = 0;
    m_error = {};
    m_backoffEndMs = -1;
    m_backoffMs = 0;
    m_retryAsked = 0;
    m_retryCap = 0;
    m_depth = 0;
    m_pump.clear();
    m_lists = 0;
}

void ReflectorStatus::foldUpTo(quint64 seq)
{
    m_batcher->setFrozen(true);
    m_upTo = seq;
    reset();
    m_batcher->replayHistory(seq);
    m_batcher->setFrozen(seq != 0);
    Q_EMIT changed();
}

QString ReflectorStatus::nameOf(State state)
{
    switch (state) {
    case State::Stopped:
        return tr("Stopped");
    case State::Listing:
        return tr("Listing");
    case State::Watching:
        return tr("Watching");
    case State::Backoff:
        return tr("Backoff");
    }
    return {};
}

QString ReflectorStatus::summary(qint64 nowMs) const
{
    QStringList parts;
    parts << stateName();
    if (nowMs >= 0 && m_state != State::Backoff)
        if (const QString activity = activityText(nowMs); !activity.isEmpty())
            parts << activity;
    parts << (m_rv.isEmpty() ? tr("RV —") : tr("RV %1").arg(m_rv));
    parts << tr("%n object(s)", nullptr, objectCount());
    parts << (m_synced ? tr("HasSynced \u2713") : tr("HasSynced \u2717"));
    parts << tr("%n watch event(s)", nullptr, int(m_watchEvents));
    return parts.join(QStringLiteral(" \u00B7 "));
}

QString ReflectorStatus::backoffText(qint64 nowMs) const
{
    if (m_state != State::Backoff || m_backoffEndMs < 0)
        return {};
    // Never rounded to a coarser unit: 1246 ms reads "1246 ms", not "2 s".
    QString t = nowMs < 0 ? tr("waits %1").arg(formatDuration(m_backoffMs))
                          : tr("retry in %1").arg(formatDuration(m_backoffEndMs - nowMs));
    if (m_retryAsked > 0 && m_retryCap > 0)
        t += tr("; the server asked for %1 s (Retry-After), capped at %2 s")
                 .arg(m_retryAsked)
                 .arg(m_retryCap);
    else if (m_retryAsked > 0)
        t += tr("; the server asked for %1 s (Retry-After)").arg(m_retryAsked);
    return t;
}

qint64 ReflectorStatus::nowMs() const
{
    const Journal *journal = m_batcher->journal();
    if (!journal)
        return -1;
    const Journal::Events &events = journal->events();
    if (m_upTo != 0) {
        // The moment shown: the newest retained event at or before the seq folded up to.
        auto it = std::upper_bound(events.begin(), events.end(), m_upTo,
                                   [](quint64 seq, const TraceEvent &e) { return seq < e.seq; });
        return it == events.begin() ? 0 : (it - 1)->t;
    }
    if (const Clock *clock = journal->clock())
        return clock->nowMs();
    return events.empty() ? 0 : events.back().t;
}

QString ReflectorStatus::activityText(qint64 nowMs) const
{
    return activity(nowMs, false);
}

QString ReflectorStatus::activityBrief(qint64 nowMs) const
{
    return activity(nowMs, true);
}

QString ReflectorStatus::activity(qint64 nowMs, bool brief) const
{
    const auto since = [nowMs](qint64 t) { return formatDuration(qMax<qint64>(0, nowMs - t)); };
    switch (m_state) {
    case State::Stopped:
        return {};
    case State::Backoff:
        if (!brief)
            return backoffText(nowMs);
        return m_backoffEndMs < 0 ? QString()
                                  : tr("retry in %1").arg(formatDuration(m_backoffEndMs - nowMs));
    case State::Listing:
        if (awaitingInitialEventsEnd())
            return brief ? tr("waiting %1 for end bookmark").arg(since(m_watchStartMs))
                         : tr("WatchList: waiting %1 for the initial-events-end bookmark (%n "
                              "initial event(s) so far)",
                              nullptr, int(m_streamed))
                               .arg(since(m_watchStartMs));
        if (m_listStartMs >= 0)
            return brief ? tr("LIST for %1").arg(since(m_listStartMs))
                         : tr("LIST sent %1 ago, not complete").arg(since(m_listStartMs));
        return {};
    case State::Watching:
        if (!m_watchOpen)
            return {};
        // No watch event and no bookmark for this long (since the watch started, when it has
        // delivered none yet).
        if (brief)
            return tr("quiet %1")
                .arg(since(m_lastDeliveryMs >= 0 ? m_lastDeliveryMs : m_watchStartMs));
        if (m_lastDeliveryMs >= 0)
            return tr("last event or bookmark %1 ago").arg(since(m_lastDeliveryMs));
        return tr("no event or bookmark in the %1 since the watch started")
            .arg(since(m_watchStartMs));
    }
    return {};
}

QString ReflectorStatus::notSyncedReason(qint64 nowMs) const
{
    if (m_synced)
        return {};
    const auto ms = [](qint64 t) { return formatTimeMs(t); }; // "0.120 s"
    const qint64 depth = m_depth;
    switch (m_state) {
    case State::Stopped:
        return QStringLiteral("its Reflector never sent a LIST");
    case State::Backoff: {
        QString s = QStringLiteral("it was backing off");
        if (m_backoffEndMs >= 0)
            s += QStringLiteral(" (retry in %1 ms of a %2 ms wait)")
                     .arg(qMax<qint64>(0, m_backoffEndMs - nowMs))
                     .arg(m_backoffMs);
        return s;
    }
    case State::Listing:
        if (awaitingInitialEventsEnd())
            return QStringLiteral("its WatchList (sendInitialEvents) waited %1 for the "
                                  "initial-events-end bookmark, which never came (%2 initial "
                                  "event(s) streamed)")
                .arg(ms(qMax<qint64>(0, nowMs - m_watchStartMs)))
                .arg(m_streamed);
        if (m_listStartMs >= 0)
            return QStringLiteral("its LIST sent at %1 had not completed after %2")
                .arg(ms(m_listStartMs), ms(qMax<qint64>(0, nowMs - m_listStartMs)));
        return QStringLiteral("its list completed at RV %1 and the Reflector had not started "
                              "its watch yet")
            .arg(m_rv);
    case State::Watching:
        break;
    }
    // Listed and watching, yet not synced: Pop has not handed every listed object over.
    QString s = QStringLiteral("its list completed%1 but Pop had not yet handed every listed "
                               "object to the indexer (%2 key(s) still queued")
                    .arg(m_rv.isEmpty() ? QString() : QStringLiteral(" at RV ") + m_rv)
                    .arg(depth);
    if (m_pump == QLatin1String("paused"))
        s += QStringLiteral(", the Pop pump paused");
    return s + QLatin1Char(')');
}

QString ReflectorStatus::lastError() const
{
    return m_error.seq == 0 ? QString() : JournalText::error(m_error);
}

void ReflectorStatus::fold(const EventBatch &events)
{
    if (events.empty())
        return;
    const auto flag = [](const TraceEvent &e, const char *field) {
        return e.detail.value(QLatin1String(field)).toBool();
    };
    for (const TraceEvent &e : events) {
        switch (e.kind) {
        case TraceKind::ListStarted:
            m_state = State::Listing;
            m_watchOpen = false;
            m_awaitingEnd = false;
            m_listStartMs = e.t;
            m_listJustCompleted = false;
            ++m_lists;
            break;
        case TraceKind::ListCompleted:
            if (!e.resourceVersion.isEmpty())
                m_serverRv = e.resourceVersion;
            m_rvBeforeList = m_rv;
            m_rv = e.resourceVersion;
            m_listJustCompleted = true;
            m_listStartMs = -1; // answered: Replace, then the watch
            ++m_completedLists;
            m_error = {}; // recovered: a whole list arrived after the error
            if (flag(e, "watchList") && m_watchOpen) {
                // The initial-events-end bookmark: the same stream goes on as the watch.
                m_awaitingEnd = false;
                m_state = State::Watching;
                m_lastDeliveryMs = e.t;
            }
            break;
        case TraceKind::ListFailed:
            m_error = e;
            ++m_failedLists;
            if (m_listJustCompleted) {
                // Its Replace failed (syncWith): the list did not complete, nothing synced.
                m_rv = m_rvBeforeList;
                --m_completedLists;
                m_listJustCompleted = false;
            }
            break;
        case TraceKind::WatchError:
            m_error = e;
            m_watchOpen = false;
            m_awaitingEnd = false;
            break;
        case TraceKind::WatchStarted: {
            const bool watchList = flag(e, "sendInitialEvents");
            // A WatchList lists over the watch until its end bookmark (the Reflector's own
            // state is Listing then).
            m_state = watchList ? State::Listing : State::Watching;
            m_watchOpen = true;
            m_watchStartMs = e.t;
            m_lastDeliveryMs = -1;
            m_awaitingEnd = watchList;
            m_streamed = 0;
            m_listJustCompleted = false;
            break;
        }
        case TraceKind::WatchEvent:
            ++m_watchEvents;
            if (!e.resourceVersion.isEmpty()) {
                m_serverRv = e.resourceVersion;
                if (!(m_awaitingEnd && flag(e, "watchList")))
                    m_rv = e.resourceVersion;
            }
            if (m_awaitingEnd && flag(e, "watchList"))
                ++m_streamed;
            m_lastDeliveryMs = e.t;
            m_error = {}; // recovered: the watch delivers again
            break;
        case TraceKind::Bookmark:
            m_error = {}; // recovered: the watch delivers again
            m_lastDeliveryMs = e.t;
            if (!e.resourceVersion.isEmpty()) {
                m_serverRv = e.resourceVersion;
                // A WatchList's bookmarks (its end one included) sync nothing by themselves:
                // its listCompleted does.
                if (!flag(e, "watchList"))
                    m_rv = e.resourceVersion;
            }
            break;
        case TraceKind::WatchEnded:
            // A plain watch ends at the last synced resourceVersion; a WatchList that ended
            // before its end bookmark synced nothing.
            if (!e.resourceVersion.isEmpty() && !flag(e, "watchList"))
                m_rv = e.resourceVersion;
            m_watchOpen = false;
            m_awaitingEnd = false;
            break;
        case TraceKind::Backoff:
            m_state = State::Backoff;
            m_watchOpen = false;
            m_awaitingEnd = false;
            m_backoffMs = e.detail.value(QLatin1String("delayMs")).toInteger();
            m_backoffEndMs = e.t + m_backoffMs;
            m_retryAsked = e.detail.value(QLatin1String("retryAfterSeconds")).toInt();
            m_retryCap = e.detail.value(QLatin1String("retryAfterCapSeconds")).toInt();
            break;
        case TraceKind::FifoQueued:
            m_depth = int(e.detail.value(QLatin1String("queueDepth")).toInteger());
            break;
        case TraceKind::FifoPopped:
            m_depth = int(e.detail.value(QLatin1String("queueDepth")).toInteger());
            m_synced = e.detail.value(QLatin1String("hasSynced")).toBool(m_synced);
            break;
        case TraceKind::IndexerAdded:
        case TraceKind::IndexerUpdated:
            m_keys.insert(e.key);
            break;
        case TraceKind::IndexerDeleted:
            m_keys.remove(e.key);
            break;
        case TraceKind::Synced:
            m_synced = true;
            break;
        case TraceKind::PumpMode:
            if (e.type != QLatin1String("step"))
                m_pump = e.type;
            break;
        default:
            break;
        }
    }
    Q_EMIT changed();
}

} // namespace lens
