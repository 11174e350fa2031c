// SPDX-License-Identifier: Apache-2.0
#include "watchhandler.h"

#include "api/fields.h"
#include "api/labels.h"
#include "faults.h"
#include "fieldlabels.h"
#include "httpresponder.h"
#include "listhandler.h"
#include "listoptions.h"
#include "store.h"
#include "tableconvertor.h"
#include "watchstream.h"

namespace lens::sim {

WatchHandler::WatchHandler(Store *store, HttpResponder *responder, Faults *faults, QObject *parent)
    : QObject(parent), m_store(store), m_responder(responder), m_faults(faults)
{
    connect(m_store, &Store::changed, this, &WatchHandler::onStoreChanged);
}

WatchHandler::~WatchHandler()
{
    const QList<WatchStream *> watches = m_watches;
    m_watches.clear();
    for (WatchStream *w : watches) {
        disconnect(w, nullptr, this, nullptr);
        w->drop(false);
        delete w;
    }
}

int WatchHandler::dropAll(bool midEvent)
{
    const QList<WatchStream *> watches = m_watches;
    for (WatchStream *w : watches)
        w->drop(midEvent);
    return int(watches.size());
}

int WatchHandler::endAll()
{
    const QList<WatchStream *> watches = m_watches;
    for (WatchStream *w : watches)
        w->finish();
    return int(watches.size());
}

int WatchHandler::sendGarbageOnAll()
{
    const QList<WatchStream *> watches = m_watches;
    for (WatchStream *w : watches)
        w->sendGarbage();
    return int(watches.size());
}

int WatchHandler::expireAll()
{
    const QList<WatchStream *> watches = m_watches;
    const QByteArray status =
        statusJson(410, QStringLiteral("Expired"),
                   QStringLiteral("The resourceVersion for the provided watch is too old."));
    for (WatchStream *w : watches)
        w->sendErrorAndFinish(status);
    return int(watches.size());
}

int WatchHandler::stallAll(int ms)
{
    const QList<WatchStream *> watches = m_watches;
    for (WatchStream *w : watches)
        w->stall(ms);
    return int(watches.size());
}

void WatchHandler::setBookmarkInterval(int ms)
{
    m_bookmarkIntervalMs = qMax(0, ms);
    for (WatchStream *w : std::as_const(m_watches))
        w->setBookmarkInterval(m_bookmarkIntervalMs);
}

void WatchHandler::setBookmarkClock(const lens::Clock *clock)
{
    m_bookmarkClock = clock;
    for (WatchStream *w : std::as_const(m_watches))
        w->setBookmarkClock(clock);
}

qint64 WatchHandler::nextBookmarkDueMs() const
{
    qint64 next = -1;
    for (const WatchStream *w : m_watches)
        if (const qint64 due = w->bookmarkDueMs(); due >= 0 && (next < 0 || due < next))
            next = due;
    return next;
}

int WatchHandler::sendNextBookmarks(QList<QByteArray> *userAgents)
{
    const qint64 due = nextBookmarkDueMs();
    int sent = 0;
    if (due < 0)
        return sent;
    const QList<WatchStream *> watches = m_watches; // a write may end a stream
    for (WatchStream *w : watches) {
        if (w->bookmarkDueMs() == due) {
            if (userAgents)
                userAgents->append(w->options().userAgent);
            w->sendScheduledBookmark();
            ++sent;
        }
    }
    return sent;
}

void WatchHandler::handle(HttpCall &c, const ResourceType &type, const QString &ns)
{
    const QString rvText = c.value("resourceVersion");
    if (answerTooLargeFault(c, *m_responder, *m_faults, *m_store, rvText))
        return;
    // An "old server" (setIgnoreSendInitialEvents) does not know these parameters at all.
    const bool sieSet = !m_faults->ignoreSendInitialEvents && c.has("sendInitialEvents");
    const bool initialEvents = sieSet && queryFlag(c.value("sendInitialEvents"));
    const QString match =
        m_faults->ignoreSendInitialEvents ? QString() : c.value("resourceVersionMatch");
    // apimachinery ValidateListOptions (its watch branch), before anything else.
    if (const QList<FieldError> errs =
            validateListOptions({true, rvText, match, c.value("continue"), sieSet});
        !errs.isEmpty()) {
        m_responder->respondStatus(c, invalidListOptions(errs));
        return;
    }
    QString selError;
    WatchStream::Options opts;
    opts.type = type;
    opts.userAgent = c.header("User-Agent");
    opts.ns = type.namespaced ? ns : QString();
    if (!parseSelectors(c, type, &opts.labels, &opts.fields, &selError)) {
        m_responder->respondStatus(c, 400, QStringLiteral("BadRequest"), selError);
        return;
    }
    opts.bookmarks = queryFlag(c.value("allowWatchBookmarks"));
    opts.timeoutMs = qMax(0, c.value("timeoutSeconds").toInt()) * 1000;
    opts.bookmarkIntervalMs = m_bookmarkIntervalMs;
    opts.bookmarkClock = m_bookmarkClock;
    opts.timerClock = m_timerClock;
    opts.closeConnection = c.closeConnection;
    opts.budget = &m_budget;
    if (const QString table = TableConvertor::supports(type)
                                  ? TableConvertor::requestedVersion(c.header("Accept"))
                                  : QString();
        !table.isEmpty()) {
        // Each event carries a Table of one row; the column definitions only the first.
        Store *store = m_store;
        const QString include = c.value("includeObject");
        auto headers = std::make_shared<bool>(true);
        opts.transform = [store, type, include, table, headers](const lens::Object &o) {
            const TableConvertor convertor(type, store->now(), include, table);
            return convertor.table(convertor.row(o), o.resourceVersion(), QString(),
                                   std::exchange(*headers, false));
        };
    }
    const std::optional<qint64> parsedRv = parseResourceVersion(rvText);
    if (!parsedRv) { // fixture 12
        m_responder->respondStatus(c, 500, QString(), invalidResourceVersionText(rvText));
        return;
    }
    const qint64 rv = *parsedRv;
    const qint64 current = m_store->revision();
    if (initialEvents && rv > current) {
        // WatchList waits for the cache to reach rv, then fails like a LIST (cacher.Watch
        // returns the error before the stream starts).
        m_responder->respondStatus(c, tooLargeResourceVersion(rv, current));
        return;
    }

    c.responded = true;
    auto *watch = new WatchStream(c.socket, opts, this);
    m_responder->logRequest(c, 200);
    if (!initialEvents && rv > 0 && rv < m_store->oldestRetainedRevision()) {
        // fixture 06: 200, one ERROR event, end of stream.
        watch->sendErrorAndFinish(statusJson(410, QStringLiteral("Expired"),
                                             QStringLiteral("too old resource version: %1 (%2)")
                                                 .arg(rv)
                                                 .arg(m_store->oldestRetainedRevision())));
        watch->deleteLater();
        return;
    }
    connect(watch, &WatchStream::finished, this, &WatchHandler::onWatchFinished);
    m_watches << watch;
    if (const int stall = m_faults->stallRemainingMs(); stall > 0)
        watch->stall(stall);
    if (initialEvents || (!sieSet && rv == 0)) {
        // Synthetic ADDED for the current state (fixture 17; WatchList streams the same), then
        // (WatchList with bookmarks, as the cacher's isInitialEventsEndBookmarkRequired) the
        // initial-events-end bookmark, then changes after it. Produced as the socket drains.
        QMap<QString, StoredObject> state;
        m_store->stateAt(type.key(), current, &state);
        const QString prefix =
            (type.namespaced && !ns.isEmpty()) ? ns + QLatin1Char('/') : QString();
        watch->setInitialState(std::move(state), prefix, current, initialEvents && opts.bookmarks);
    } else if (rv == 0) {
        // sendInitialEvents=false with resourceVersion "" / "0": start at "now", no state.
        watch->setLastRevision(current);
    } else {
        // rv > current (v1.20, fixture 15): nothing is replayed, the watch waits for rv.
        watch->setLastRevision(rv);
        watch->setReplay(m_store->eventsSince(type.key(), rv));
    }
    if (!watch->isOpen()) // the client vanished while we replayed
        return;
    Store *store = m_store;
    watch->start([store] { return store->revision(); });
    Q_EMIT countChanged(openCount());
}

void WatchHandler::onStoreChanged(const ChangeEvent &event)
{
    const QList<WatchStream *> watches = m_watches; // deliver() may end a watch
    WatchStream::SharedFrame shared;
    for (WatchStream *w : watches)
        w->deliver(event, &shared);
}

void WatchHandler::onWatchFinished(WatchStream *watch)
{
    if (m_watches.removeOne(watch)) {
        watch->deleteLater();
        Q_EMIT countChanged(openCount());
    }
}

} // namespace lens::sim
