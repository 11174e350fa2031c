// SPDX-License-Identifier: Apache-2.0
// Reflector, WatchList mode (reflector.go watchList, KEP-3157): a streaming list over one watch.
#include "reflector.h"

#include "trace/journal.h"

#include "trace/clocktimer.h"

#include <QTimer>

namespace lens {

namespace {
const QString kInitialEventsEnd = QStringLiteral("k8s.io/initial-events-end");
} // namespace

void Reflector::startWatchList()
{
    if (!m_running)
        return;
    m_temp.clear();
    m_tempOrder.clear();
    m_tempRv.clear();
    ListOptions opts;
    // rewatchResourceVersion(): "" when the last one is unavailable (410 / too large).
    opts.resourceVersion = m_lastSyncRvUnavailable ? QString() : m_lastSyncRv;
    opts.resourceVersionMatch = QStringLiteral("NotOlderThan");
    opts.sendInitialEvents = true;
    opts.allowWatchBookmarks = true;
    opts.timeoutSeconds = watchTimeoutSeconds();
    opts.packer = m_packer;
    QJsonObject d;
    d.insert(QLatin1String("timeoutSeconds"), opts.timeoutSeconds);
    d.insert(QLatin1String("watchList"), true);
    d.insert(QLatin1String("sendInitialEvents"), true);
    d.insert(QLatin1String("resourceVersionMatch"), opts.resourceVersionMatch);
    d.insert(QLatin1String("cause"), m_watchListCause);
    record(int(TraceKind::WatchStarted), d, opts.resourceVersion);
    m_watchStartMs = m_clock->nowMs();
    m_watchEvents = 0;
    m_watchListSyncing = true;
    m_watchCall = m_lw->watch(opts);
    connect(m_watchCall, &WatchCall::eventReceived, this, &Reflector::onWatchEvent);
    connect(m_watchCall, &WatchCall::ended, this, &Reflector::onWatchEnded);
    setState(State::Listing);
    if (m_bookmarkTimeoutMs > 0)
        m_bookmarkTimer->start(m_bookmarkTimeoutMs);
}

void Reflector::onWatchListEvent(const WatchEvent &ev)
{
    if (ev.type == WatchEvent::Type::Error) {
        record(int(TraceKind::WatchError), errorDetail(ev.status, true));
        dropWatchCall(); // stop and retry with clean state
        watchListFailed(ev.status, QStringLiteral("error event"));
        return;
    }
    const QString rv = ev.object.resourceVersion();
    const bool end = ev.type == WatchEvent::Type::Bookmark &&
                     ev.object.annotations().value(kInitialEventsEnd) == QLatin1String("true");
    // One detail per shape, shared by every event (EventDetail is copy-on-write): nothing is
    // allocated per event.
    static const EventDetail plain{{QStringLiteral("watchList"), true}};
    static const EventDetail last{{QStringLiteral("watchList"), true},
                                  {QStringLiteral("initialEventsEnd"), true}};
    if (!acceptWatchEvent(ev, end ? last : plain))
        return;
    const QString key = metaNamespaceKeyFunc(ev.object).key;
    switch (ev.type) {
    case WatchEvent::Type::Added:
    case WatchEvent::Type::Modified:
        if (!m_temp.contains(key))
            m_tempOrder << key;
        m_temp.insert(key, ev.object);
        break;
    case WatchEvent::Type::Deleted:
        if (m_temp.remove(key))
            m_tempOrder.removeOne(key);
        break;
    case WatchEvent::Type::Bookmark:
    case WatchEvent::Type::Unknown:
    case WatchEvent::Type::Error:
        break;
    }
    m_tempRv = rv;
    if (end)
        watchListSynced(rv);
}

void Reflector::watchListSynced(const QString &rv)
{
    m_bookmarkTimer->stop();
    m_watchListSyncing = false;
    m_lastSyncRvUnavailable = false;
    QList<Object> items;
    items.reserve(m_tempOrder.size());
    for (const QString &k : std::as_const(m_tempOrder))
        items << m_temp.value(k);
    m_temp.clear();
    m_tempOrder.clear();
    QJsonObject d;
    d.insert(QLatin1String("items"), items.size());
    d.insert(QLatin1String("cause"), m_watchListCause);
    d.insert(QLatin1String("watchList"), true);
    record(int(TraceKind::ListCompleted), d, rv);
    if (!replaceStore(std::move(items), rv, QStringLiteral("watch-list")))
        return;
    // The same stream goes on as the ordinary watch.
    setState(State::Watching);
}

void Reflector::onWatchListEnded(WatchCall *call, const ApiStatus &err)
{
    m_bookmarkTimer->stop();
    if (!call->responded()) {
        QJsonObject d = errorDetail(err, true);
        d.insert(QLatin1String("request"), true); // no watch existed: Watch() failed
        record(int(TraceKind::WatchError), d);
        watchListFailed(err, QStringLiteral("request failed"));
        return;
    }
    const qint64 lasted = m_clock->nowMs() - m_watchStartMs;
    if (lasted < kVeryShortWatchMs && m_watchEvents == 0) {
        const QString msg =
            QStringLiteral("very short watch: %1 ms and no items received").arg(lasted);
        QJsonObject d;
        d.insert(QLatin1String("error"), msg);
        d.insert(QLatin1String("shortWatchMs"), lasted);
        d.insert(QLatin1String("watchList"), true);
        record(int(TraceKind::WatchError), d);
        fallBackToList(QStringLiteral("very short watch"), msg,
                       {{QLatin1String("shortWatchMs"), lasted}});
        return;
    }
    if (call->fellBehind()) {
        // The client let the stream go because it fell behind the initial events (HttpWatchCall's
        // backlog limit, not in client-go). A new watch-list would stream the same burst from the
        // start and fall behind again, forever and without backoff (found by tst_convergence);
        // LIST+WATCH for this attempt makes progress: its watch resumes where it fell behind.
        QJsonObject d;
        d.insert(QLatin1String("events"), m_watchEvents);
        d.insert(QLatin1String("durationMs"), lasted);
        d.insert(QLatin1String("reason"), QStringLiteral("stream broken"));
        d.insert(QLatin1String("status"), err.toDetail());
        d.insert(QLatin1String("watchList"), true);
        record(int(TraceKind::WatchEnded), d, m_tempRv);
        fallBackToList(QStringLiteral("fell behind"),
                       QStringLiteral("the client fell behind the initial events: ") +
                           err.describe(),
                       {{QLatin1String("status"), err.toDetail()}});
        return;
    }
    // Closed before the initial-events-end bookmark: discard the temporary store and ask
    // again (WL-07).
    QJsonObject d;
    d.insert(QLatin1String("events"), m_watchEvents);
    d.insert(QLatin1String("durationMs"), lasted);
    d.insert(QLatin1String("reason"), QStringLiteral("before initial-events-end"));
    d.insert(QLatin1String("watchList"), true);
    record(int(TraceKind::WatchEnded), d, m_tempRv);
    m_watchListSyncing = false;
    startWatchList();
}

void Reflector::watchListFailed(const ApiStatus &err, const QString &code)
{
    m_watchListSyncing = false;
    m_temp.clear();
    m_tempOrder.clear();
    if (err.isConnectionRefused() || err.isTooManyRequests()) {
        backoffThen(
            err.isTooManyRequests() ? QStringLiteral("429 on watch-list")
                                    : QStringLiteral("connection refused"),
            [this] { startWatchList(); }, err.retryAfterSeconds);
        return;
    }
    if (err.isExpired() || err.isTooLargeResourceVersion()) {
        // The resourceVersion asked for is gone or too new: stream again from "" at once.
        m_lastSyncRvUnavailable = true;
        startWatchList();
        return;
    }
    const QString what = code == QLatin1String("error event")
                             ? QStringLiteral("watch-list ERROR event")
                             : QStringLiteral("watch-list request failed");
    fallBackToList(code, what + QStringLiteral(": ") + err.describe(),
                   {{QLatin1String("status"), err.toDetail()}});
}

void Reflector::fallBackToList(const QString &code, const QString &reason, const QJsonObject &typed)
{
    m_bookmarkTimer->stop();
    dropWatchCall();
    m_watchListSyncing = false;
    m_temp.clear();
    m_tempOrder.clear();
    m_fallbackDetail = typed;
    m_fallbackDetail.insert(QLatin1String("fallbackReason"), reason);
    m_fallbackDetail.insert(QLatin1String("fallbackCode"), code);
    QJsonObject d = m_fallbackDetail;
    d.insert(QLatin1String("message"),
             QStringLiteral("watch-list falls back to LIST+WATCH: ") + reason);
    record(int(TraceKind::Info), d);
    list(QStringLiteral("fallback"));
}

} // namespace lens
