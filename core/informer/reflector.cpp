// SPDX-License-Identifier: Apache-2.0
#include "reflector.h"

#include "trace/clock.h"
#include "trace/clocktimer.h"
#include "trace/journal.h"

#include <QTimer>

#include <climits>

namespace lens {

namespace {
constexpr int kDefaultPageSize = ListPager::kDefaultPageSize;
} // namespace

Reflector::Reflector(ListerWatcher *lw, Queue *queue, Journal *journal, const Clock *clock,
                     QObject *parent)
    : QObject(parent), m_lw(lw), m_queue(queue), m_journal(journal), m_clock(clock),
      m_backoff(clock), m_rand(QRandomGenerator::global()->generate()),
      m_bookmarkTimer(new ClockTimer(clock, this, ClockTimer::ManualClockPolicy::CatchUp)),
      m_backoffTimer(new ClockTimer(clock, this, ClockTimer::ManualClockPolicy::CatchUp)),
      m_resyncTimer(new ClockTimer(clock, this))
{
    m_pager = new ListPager(lw, this);
    connect(m_pager, &ListPager::pageReceived, this, &Reflector::onPage);
    connect(m_pager, &ListPager::fullListFallback, this, &Reflector::onFullListFallback);
    connect(m_pager, &ListPager::finished, this, &Reflector::onListFinished);
    m_seed = QRandomGenerator::global()->generate();
    m_backoff = Backoff(m_clock, m_backoffParams, m_seed);
    qRegisterMetaType<lens::WatchEvent>();
    qRegisterMetaType<lens::ApiStatus>();
    // Backoff and the WatchList bookmark timeout are waits on the Clock that must end even when
    // nobody drives a manual clock (a scenario holds its clock while it waits for the informer
    // to recover): they catch up, moving the clock by their wait (ClockTimer::CatchUp).
    connect(m_bookmarkTimer, &ClockTimer::timeout, this, [this] {
        if (m_watchListSyncing)
            fallBackToList(
                QStringLiteral("bookmark timeout"),
                QStringLiteral("the initial-events-end bookmark did not arrive within %1 ms")
                    .arg(m_bookmarkTimeoutMs),
                {{QLatin1String("bookmarkTimeoutMs"), m_bookmarkTimeoutMs}});
    });
    connect(m_backoffTimer, &ClockTimer::timeout, this, [this] {
        if (m_afterBackoff)
            std::exchange(m_afterBackoff, {})();
    });
    connect(m_resyncTimer, &ClockTimer::timeout, this, [this] {
        // startResync: the next tick is armed after this one (resyncChan per round).
        m_resyncTimer->start(m_resyncPeriodMs);
        QJsonObject d;
        const bool due = !m_shouldResync || m_shouldResync(&d);
        d.insert(QLatin1String("due"), due);
        d.insert(QLatin1String("periodMs"), m_resyncPeriodMs);
        d.insert(QLatin1String("nextTickMs"), m_resyncTimer->dueMs());
        record(int(TraceKind::Resync), d);
        if (due) {
            const QString err = m_queue->resync();
            if (!err.isEmpty()) {
                // An error from Resync ends the current watch (client-go's resyncerrc).
                ApiStatus s;
                s.message = err;
                endListAndWatch(s, QStringLiteral("resync failed"));
            }
        }
    });
}

Reflector::~Reflector()
{
    stop();
}

void Reflector::setResyncPeriod(qint64 ms, ShouldResync shouldResync)
{
    m_resyncPeriodMs = ms;
    m_shouldResync = std::move(shouldResync);
    if (m_resyncTimer->isActive()) {
        m_resyncTimer->stop();
        if (ms > 0)
            m_resyncTimer->start(ms);
    }
}

void Reflector::setSeed(quint32 seed)
{
    m_rand.seed(seed);
    m_seed = seed;
    m_backoff = Backoff(m_clock, m_backoffParams, seed);
}

void Reflector::setBackoffParams(const Backoff::Params &params)
{
    m_backoffParams = params;
    m_backoff = Backoff(m_clock, params, m_seed);
}

void Reflector::record(int kind, const EventDetail &detail, const QString &rv)
{
    if (!m_journal)
        return;
    TraceEvent e;
    e.kind = TraceKind(kind);
    e.component = QStringLiteral("reflector");
    e.resourceVersion = rv;
    e.detail = detail;
    m_journal->record(std::move(e));
}

int Reflector::watchTimeoutSeconds()
{
    // timeoutSeconds = minWatchTimeout * (1 + rand[0,1)): in [300, 600) by default.
    return int(double(m_minWatchTimeout) * (1.0 + m_rand.generateDouble()));
}

QJsonObject Reflector::errorDetail(const ApiStatus &err, bool watchList)
{
    QJsonObject d;
    d.insert(QLatin1String("error"), err.describe());
    if (err.code != 0)
        d.insert(QLatin1String("code"), err.code);
    if (!err.reason.isEmpty())
        d.insert(QLatin1String("reason"), err.reason);
    d.insert(QLatin1String("status"), err.toDetail());
    if (watchList)
        d.insert(QLatin1String("watchList"), true);
    return d;
}

QString Reflector::typeDescription(const QString &apiVersion, const QString &kind)
{
    if (apiVersion.isEmpty() && kind.isEmpty())
        return QStringLiteral("<unspecified>");
    if (apiVersion.isEmpty() || kind.isEmpty())
        return QStringLiteral("*unstructured.Unstructured");
    // schema.GroupVersionKind.String(): group + "/" + version + ", Kind=" + kind
    const QString gv =
        apiVersion.contains(QLatin1Char('/')) ? apiVersion : QLatin1Char('/') + apiVersion;
    return gv + QStringLiteral(", Kind=") + kind;
}

bool Reflector::internalErrorShouldRetry()
{
    // retryWithDeadline.After(err) for an InternalError, then ShouldRetry().
    constexpr qint64 kMinResetPeriodMs = 60000;
    const qint64 now = m_clock->nowMs();
    if (m_internalLastErrorMs < 0 || now - m_internalLastErrorMs >= kMinResetPeriodMs)
        m_internalFirstErrorMs = -1;
    if (m_internalFirstErrorMs < 0)
        m_internalFirstErrorMs = now;
    m_internalLastErrorMs = now;
    if (m_maxInternalRetryMs <= 0)
        return false;
    if (now - m_internalFirstErrorMs <= m_maxInternalRetryMs)
        return true;
    m_internalFirstErrorMs = m_internalLastErrorMs = -1;
    return false;
}

bool Reflector::acceptWatchEvent(const WatchEvent &ev, const EventDetail &detail)
{
    if (!m_expectedKind.isEmpty() &&
        (ev.object.kind() != m_expectedKind || ev.object.apiVersion() != m_expectedApiVersion)) {
        QJsonObject d;
        d.insert(QLatin1String("message"),
                 QStringLiteral("%1: expected gvk %2, but watch event object had gvk %3")
                     .arg(m_lw->description(), typeDescription(),
                          typeDescription(ev.object.apiVersion(), ev.object.kind())));
        record(int(TraceKind::Info), d);
        return false;
    }
    // handleAnyWatch: an event whose object has no metadata (meta.Accessor fails) is skipped,
    // whatever its type, BOOKMARK included; the resourceVersion does not move.
    if (!ev.object.hasMeta()) {
        QJsonObject d;
        d.insert(QLatin1String("message"),
                 QStringLiteral("skipped a watch event without metadata"));
        record(int(TraceKind::Info), d);
        return false;
    }
    ++m_watchEvents;
    ++m_totalEvents;
    if (m_journal) {
        TraceEvent e;
        e.kind =
            ev.type == WatchEvent::Type::Bookmark ? TraceKind::Bookmark : TraceKind::WatchEvent;
        e.component = QStringLiteral("reflector");
        e.type = ev.typeName;
        e.resourceVersion = ev.object.resourceVersion();
        if (ev.type != WatchEvent::Type::Bookmark) {
            e.object = ev.object;
            e.key = metaNamespaceKeyFunc(ev.object).key;
        }
        e.detail = detail;
        m_journal->record(std::move(e));
    }
    return true;
}

void Reflector::setState(State s)
{
    if (m_state == s)
        return;
    m_state = s;
    Q_EMIT stateChanged(s);
}

void Reflector::run()
{
    if (m_running)
        return;
    m_running = true;
    listAndWatch(QStringLiteral("initial"));
}

void Reflector::stop()
{
    const bool wasRunning = m_running;
    m_running = false;
    ++m_listGeneration; // a sliced Replace under way ends without starting a watch
    m_backoffTimer->stop();
    m_afterBackoff = {};
    m_resyncTimer->stop();
    m_bookmarkTimer->stop();
    m_watchListSyncing = false;
    m_temp.clear();
    m_tempOrder.clear();
    m_pager->abort();
    if (m_watchCall) {
        WatchCall *w = m_watchCall;
        m_watchCall = nullptr;
        w->disconnect(this);
        w->stop();
        w->deleteLater();
    }
    if (wasRunning)
        setState(State::Stopped);
}

QString Reflector::relistResourceVersion() const
{
    // relistResourceVersion(): "" after Expired/too large, "0" before the first list, else the
    // last synced resourceVersion.
    if (m_lastSyncRvUnavailable)
        return QString();
    if (m_lastSyncRv.isEmpty())
        return QStringLiteral("0");
    return m_lastSyncRv;
}

void Reflector::listAndWatch(const QString &cause)
{
    if (!m_running)
        return;
    // A fresh retryWithDeadline per ListAndWatch, as client-go builds it in watch().
    m_internalFirstErrorMs = m_internalLastErrorMs = -1;
    if (m_useWatchList) {
        // ListAndWatch with UseWatchList: try the streaming list first; fallBackToList() lists
        // when it fails.
        m_watchListCause = cause;
        startWatchList();
        return;
    }
    list(cause);
}

void Reflector::list(const QString &cause, bool retryUnavailable)
{
    if (!m_running)
        return;
    ++m_listGeneration;
    m_listCause = cause;
    m_listItems.clear();
    m_pages = 0;
    m_listRv = relistResourceVersion();
    m_listIsRetry = retryUnavailable;
    if (!retryUnavailable) {
        // Reflector.list(): the pager's PageSize is chosen once from the RV list() starts with;
        // the immediate retry at "" after Expired / too large reuses the same pager (and so the
        // same page size), and paginatedResult is judged against that first RV too.
        m_listStartRv = m_listRv;
        if (m_pageSize > 0)
            m_pagerLimit = m_pageSize;
        else if (m_paginatedResult || m_listRv.isEmpty() || m_listRv == QLatin1String("0"))
            m_pagerLimit = kDefaultPageSize;
        else
            m_pagerLimit = 0; // let the watch cache serve a list at an exact resourceVersion
    }
    // The options carry no limit: the pager's PageSize decides it (as client-go's reflector
    // sets pager.PageSize), so the request's limit is m_pagerLimit.
    ListOptions opts;
    opts.resourceVersion = m_listRv;
    opts.itemTransform = m_listItemTransform;
    opts.packer = m_packer;
    m_pager->setPageSize(m_pagerLimit);
    QJsonObject d;
    d.insert(QLatin1String("cause"), cause);
    d.insert(QLatin1String("limit"), m_pagerLimit);
    if (cause == QLatin1String("fallback"))
        for (auto it = m_fallbackDetail.begin(); it != m_fallbackDetail.end(); ++it)
            d.insert(it.key(), it.value());
    record(int(TraceKind::ListStarted), d, m_listRv);
    setState(State::Listing);
    m_pager->list(opts);
}

void Reflector::onPage(const ListPage &page, int number)
{
    m_pages = number;
    QJsonObject d;
    d.insert(QLatin1String("page"), number);
    d.insert(QLatin1String("items"), page.items.size());
    if (!page.continueToken.isEmpty())
        d.insert(QLatin1String("continue"), page.continueToken);
    if (page.remainingItemCount >= 0)
        d.insert(QLatin1String("remainingItemCount"), page.remainingItemCount);
    record(int(TraceKind::ListPage), d, page.resourceVersion);
}

void Reflector::onFullListFallback(const ApiStatus &expired)
{
    // pager.List with FullListIfExpired: one unpaged list at the original resourceVersion.
    QJsonObject d = errorDetail(expired);
    d.insert(QLatin1String("cause"), QStringLiteral("continue expired"));
    record(int(TraceKind::ListFailed), d);
    QJsonObject s;
    s.insert(QLatin1String("cause"), QStringLiteral("continue expired"));
    s.insert(QLatin1String("limit"), 0);
    record(int(TraceKind::ListStarted), s, m_listRv);
}

void Reflector::onListFinished()
{
    if (!m_running)
        return;
    if (!m_pager->ok()) {
        listFailed(m_pager->error());
        return;
    }
    // pager.List keeps the first page's list metadata: its resourceVersion is the list's, the
    // one Replace stores and the next watch starts from (later pages' may differ).
    m_listItems = m_pager->takeItems();
    listSucceeded(m_pager->resourceVersion());
}

void Reflector::listFailed(const ApiStatus &err)
{
    record(int(TraceKind::ListFailed), errorDetail(err), m_listRv);
    if (!m_listIsRetry && (err.isExpired() || err.isTooLargeResourceVersion())) {
        // The last synced resourceVersion is unavailable: list again at once, from etcd.
        m_lastSyncRvUnavailable = true;
        list(err.isExpired() ? QStringLiteral("expired") : QStringLiteral("too large"), true);
        return;
    }
    ApiStatus wrapped = err;
    wrapped.failedVerb = QStringLiteral("list");
    wrapped.failedTarget = typeDescription();
    endListAndWatch(wrapped, QStringLiteral("list failed"), true);
}

void Reflector::listSucceeded(const QString &rv)
{
    m_lastSyncRvUnavailable = false;
    // Reflector.list(): `options.ResourceVersion == "0" && paginatedResult`, where options are
    // those list() started with (the "" retry after Expired still counts).
    if (m_listStartRv == QLatin1String("0") && m_pager->paginated())
        m_paginatedResult = true;
    QJsonObject d;
    d.insert(QLatin1String("items"), m_listItems.size());
    d.insert(QLatin1String("pages"), m_pages);
    d.insert(QLatin1String("cause"), m_listCause);
    record(int(TraceKind::ListCompleted), d, rv);
    syncWith(std::exchange(m_listItems, {}), rv);
}

void Reflector::syncWith(QList<Object> items, const QString &rv)
{
    if (items.size() <= m_replaceSliceItems) {
        if (replaceStore(std::move(items), rv, QStringLiteral("list")))
            startWatch();
        return;
    }
    const qsizetype listed = items.size();
    if (const QString err = m_queue->beginReplace(std::move(items), rv); !err.isEmpty()) {
        replaceFailed(err, listed, rv, QStringLiteral("list"));
        return;
    }
    replaceSlice(m_listGeneration, listed, rv);
}

void Reflector::replaceSlice(quint64 generation, qsizetype listed, const QString &rv)
{
    // At most replaceSliceItems() objects a turn and, on a real-time clock, at most
    // kReplaceSliceMs milliseconds (the journal's readers, called as each object is queued,
    // make an object cost three times as much with the window open as without).
    const SliceBudget budget(m_clock, kReplaceSliceMs,
                             int(qMin<qsizetype>(m_replaceSliceItems, INT_MAX)));
    bool done = false;
    QString err;
    int queued = 0;
    while (!done && !budget.spent(queued)) {
        const qsizetype chunk = qMin<qsizetype>(kReplaceChunkItems, m_replaceSliceItems - queued);
        err = m_queue->continueReplace(chunk, &done);
        queued += int(chunk);
    }
    const bool current = generation == m_listGeneration && m_running;
    if (!done) {
        // The Replace goes on even when the reflector was stopped or listed again meanwhile,
        // as client-go's syncWith returns before ListAndWatch looks at its stop channel.
        QTimer::singleShot(
            0, this, [this, generation, listed, rv] { replaceSlice(generation, listed, rv); });
        return;
    }
    if (!current)
        return; // a later list (or stop()) took over
    if (!err.isEmpty()) {
        replaceFailed(err, listed, rv, QStringLiteral("list"));
        return;
    }
    replaceSucceeded(rv);
    startWatch();
}

bool Reflector::replaceStore(QList<Object> items, const QString &rv, const QString &what)
{
    // Moved in: a queue with a transformer lets each original go once its copy is queued.
    const qsizetype listed = items.size();
    const QString err = m_queue->replace(std::move(items), rv);
    if (!err.isEmpty()) {
        replaceFailed(err, listed, rv, what);
        return false;
    }
    replaceSucceeded(rv);
    return true;
}

void Reflector::replaceFailed(const QString &err, qsizetype listed, const QString &rv,
                              const QString &what)
{
    // syncWith failed: "unable to sync list result"; ListAndWatch returns the error.
    ApiStatus s;
    s.message = QStringLiteral("unable to sync %1 result: %2").arg(what, err);
    QJsonObject d = errorDetail(s);
    d.insert(QLatin1String("items"), listed);
    record(int(TraceKind::ListFailed), d, rv);
    endListAndWatch(s, QStringLiteral("list failed"), true);
}

void Reflector::replaceSucceeded(const QString &rv)
{
    m_lastSyncRv = rv;
    Q_EMIT listSynced(rv);
    if (m_resyncPeriodMs > 0)
        m_resyncTimer->start(m_resyncPeriodMs);
}

void Reflector::startWatch()
{
    if (!m_running)
        return;
    ListOptions opts;
    opts.resourceVersion = m_lastSyncRv;
    opts.timeoutSeconds = watchTimeoutSeconds();
    opts.allowWatchBookmarks = true;
    opts.packer = m_packer;
    QJsonObject d;
    d.insert(QLatin1String("timeoutSeconds"), opts.timeoutSeconds);
    record(int(TraceKind::WatchStarted), d, opts.resourceVersion);
    m_watchStartMs = m_clock->nowMs();
    m_watchEvents = 0;
    m_watchCall = m_lw->watch(opts);
    connect(m_watchCall, &WatchCall::eventReceived, this, &Reflector::onWatchEvent);
    connect(m_watchCall, &WatchCall::ended, this, &Reflector::onWatchEnded);
    setState(State::Watching);
}

void Reflector::onWatchEvent(const WatchEvent &ev)
{
    if (sender() != m_watchCall || !m_running)
        return;
    if (m_watchListSyncing) {
        onWatchListEvent(ev);
        return;
    }
    if (ev.type == WatchEvent::Type::Error) {
        record(int(TraceKind::WatchError), errorDetail(ev.status));
        // client-go: 429 → backoff and re-watch; anything else ends ListAndWatch (the next
        // attempt relists at lastSyncResourceVersion). The Status's resourceVersion is ignored.
        if (ev.status.isTooManyRequests()) {
            dropWatchCall();
            backoffThen(
                QStringLiteral("429 on watch"), [this] { startWatch(); },
                ev.status.retryAfterSeconds);
            return;
        }
        // 500 InternalError within MaxInternalErrorRetryDuration: re-watch at once, no relist.
        if (ev.status.isInternalError() && internalErrorShouldRetry()) {
            dropWatchCall();
            QJsonObject d;
            d.insert(QLatin1String("message"),
                     QStringLiteral("retrying watch after internal error: ") +
                         ev.status.describe());
            record(int(TraceKind::Info), d);
            startWatch();
            return;
        }
        // A watch's 410 only ends this ListAndWatch: the next one lists at the last synced
        // resourceVersion (cause "watch expired"); "expired" is a list's own 410.
        endListAndWatch(ev.status, ev.status.isExpired() ? QStringLiteral("watch expired")
                                                         : QStringLiteral("watch error"));
        return;
    }
    if (!acceptWatchEvent(ev, {}))
        return;
    const QString rv = ev.object.resourceVersion();
    QString err;
    switch (ev.type) {
    case WatchEvent::Type::Added:
        err = m_queue->add(ev.object);
        break;
    case WatchEvent::Type::Modified:
        err = m_queue->update(ev.object);
        break;
    case WatchEvent::Type::Deleted:
        err = m_queue->remove(ev.object);
        break;
    case WatchEvent::Type::Bookmark:
    case WatchEvent::Type::Unknown:
    case WatchEvent::Type::Error:
        break;
    }
    if (!err.isEmpty()) {
        QJsonObject d;
        d.insert(QLatin1String("message"), QStringLiteral("unable to queue watch event: ") + err);
        record(int(TraceKind::Info), d);
    }
    m_lastSyncRv = rv; // the latest event's resourceVersion, bookmarks included
}

void Reflector::onWatchEnded(const ApiStatus &err)
{
    auto *call = qobject_cast<WatchCall *>(sender());
    if (!call || call != m_watchCall || !m_running)
        return;
    m_watchCall = nullptr;
    call->deleteLater();
    if (m_watchListSyncing) {
        onWatchListEnded(call, err);
        return;
    }
    const bool clean = err.code == 0 && err.transport == ApiStatus::Transport::None;
    if (!call->responded()) {
        // Watch() itself returned the error: no watch existed (detail.request).
        QJsonObject d = errorDetail(err);
        d.insert(QLatin1String("request"), true);
        record(int(TraceKind::WatchError), d);
        if (err.isConnectionRefused() || err.isTooManyRequests()) {
            backoffThen(
                err.isTooManyRequests() ? QStringLiteral("429 on watch")
                                        : QStringLiteral("connection refused"),
                [this] { startWatch(); }, err.retryAfterSeconds);
            return;
        }
        endListAndWatch(
            err, err.isExpired() ? QStringLiteral("watch expired") : QStringLiteral("watch error"),
            true);
        return;
    }
    const qint64 lasted = m_clock->nowMs() - m_watchStartMs;
    if (lasted < kVeryShortWatchMs && m_watchEvents == 0) {
        ApiStatus s = err;
        s.message = QStringLiteral("very short watch: %1 ms and no items received").arg(lasted);
        QJsonObject d;
        d.insert(QLatin1String("error"), s.message);
        d.insert(QLatin1String("shortWatchMs"), lasted);
        // client-go's error names only the shortness; the journal also keeps why it closed.
        if (err.code != 0 || err.transport != ApiStatus::Transport::None)
            d.insert(QLatin1String("status"), err.toDetail());
        record(int(TraceKind::WatchError), d);
        endListAndWatch(s, QStringLiteral("watch error"));
        return;
    }
    // A closed stream (timeoutSeconds, or a dropped connection: client-go treats EOF and
    // unexpected EOF alike) resumes from the last resourceVersion without a relist.
    QJsonObject d;
    d.insert(QLatin1String("events"), m_watchEvents);
    d.insert(QLatin1String("durationMs"), lasted);
    d.insert(QLatin1String("reason"),
             clean ? QStringLiteral("closed by server") : QStringLiteral("stream broken"));
    if (!clean)
        d.insert(QLatin1String("status"), err.toDetail());
    record(int(TraceKind::WatchEnded), d, m_lastSyncRv);
    startWatch();
}

void Reflector::endListAndWatch(const ApiStatus &err, const QString &nextCause, bool returnedError)
{
    m_resyncTimer->stop();
    dropWatchCall();
    const bool isError =
        err.code != 0 || err.transport != ApiStatus::Transport::None || !err.message.isEmpty();
    if (isError) {
        // Reflector.Run calls the WatchErrorHandler only with an error ListAndWatch returns:
        // a failed list, a failed Replace, a Watch() call that failed and is not retriable.
        // A watch that ended (ERROR event, very short watch, resync error) makes watch()
        // return nil: the next attempt relists after backoff without involving the handler.
        if (m_errorHandler && returnedError)
            m_errorHandler(err);
        Q_EMIT errorOccurred(err.describe());
    }
    backoffThen(
        nextCause, [this, nextCause] { listAndWatch(nextCause); }, err.retryAfterSeconds);
}

void Reflector::backoffThen(const QString &reason, std::function<void()> then,
                            int retryAfterSeconds)
{
    // The server's Retry-After (429/503) is a floor under the backoff, as client-go's REST
    // client waits at least that long before it tries again; capped at the backoff's own
    // ceiling (kMaxRetryAfterSeconds says why).
    const int honoured = qBound(0, retryAfterSeconds, kMaxRetryAfterSeconds);
    const qint64 delay = qMax<qint64>(m_backoff.next(), qint64(honoured) * 1000);
    QJsonObject d;
    d.insert(QLatin1String("delayMs"), delay);
    d.insert(QLatin1String("reason"), reason);
    if (retryAfterSeconds > 0)
        d.insert(QLatin1String("retryAfterSeconds"), retryAfterSeconds);
    if (retryAfterSeconds > kMaxRetryAfterSeconds)
        d.insert(QLatin1String("retryAfterCapSeconds"), kMaxRetryAfterSeconds);
    record(int(TraceKind::Backoff), d);
    setState(State::Backoff);
    m_afterBackoff = std::move(then);
    m_backoffTimer->start(delay);
}

} // namespace lens

namespace lens {

// ---- WatchList (reflector.go watchList, v0.32) ------------------------------------------------

void Reflector::dropWatchCall()
{
    if (!m_watchCall)
        return;
    WatchCall *w = std::exchange(m_watchCall, nullptr);
    w->disconnect(this);
    w->stop();
    w->deleteLater();
}

} // namespace lens
