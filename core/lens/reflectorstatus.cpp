// SPDX-License-Identifier: Apache-2.0
#include "reflectorstatus.h"

#include "journaltext.h"

#include "eventbatcher.h"
#include "trace/journal.h"

#include <QLocale>

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

void ReflectorStatus::foldUpTo(quint64 seq)
{
    m_batcher->setFrozen(true);
    m_upTo = seq;
    m_state = State::Stopped;
    m_rv.clear();
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

QString ReflectorStatus::summary() const
{
    QStringList parts;
    parts << stateName();
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
    // Whole seconds, rounded up: "retry in 1 s" until the very end.
    const auto seconds = [](qint64 ms) { return (qMax<qint64>(0, ms) + 999) / 1000; };
    QString t = nowMs < 0 ? tr("waits %1 s").arg(seconds(m_backoffMs))
                          : tr("retry in %1 s").arg(seconds(m_backoffEndMs - nowMs));
    if (m_retryAsked > 0 && m_retryCap > 0)
        t += tr("; the server asked for %1 s (Retry-After), capped at %2 s")
                 .arg(m_retryAsked)
                 .arg(m_retryCap);
    else if (m_retryAsked > 0)
        t += tr("; the server asked for %1 s (Retry-After)").arg(m_retryAsked);
    return t;
}

QString ReflectorStatus::lastError() const
{
    return m_error.seq == 0 ? QString() : JournalText::error(m_error);
}

void ReflectorStatus::fold(const EventBatch &events)
{
    if (events.empty())
        return;
    for (const TraceEvent &e : events) {
        switch (e.kind) {
        case TraceKind::ListStarted:
            m_state = State::Listing;
            ++m_lists;
            break;
        case TraceKind::ListCompleted:
            m_rv = e.resourceVersion;
            m_error = {}; // recovered: a whole list arrived after the error
            break;
        case TraceKind::ListFailed:
        case TraceKind::WatchError:
            m_error = e;
            break;
        case TraceKind::WatchStarted:
            m_state = State::Watching;
            break;
        case TraceKind::WatchEvent:
            ++m_watchEvents;
            if (!e.resourceVersion.isEmpty())
                m_rv = e.resourceVersion;
            m_error = {}; // recovered: the watch delivers again
            break;
        case TraceKind::Bookmark:
            m_error = {}; // recovered: the watch delivers again
            [[fallthrough]];
        case TraceKind::WatchEnded:
            if (!e.resourceVersion.isEmpty())
                m_rv = e.resourceVersion;
            break;
        case TraceKind::Backoff:
            m_state = State::Backoff;
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
