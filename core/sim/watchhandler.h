// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "trace/clock.h"
#include "watchstream.h"

#include <QList>
#include <QObject>
#include <QString>

namespace lens::sim {

class HttpResponder;
class Store;
class WatchStream;
struct ChangeEvent;
struct Faults;
struct HttpCall;
struct ResourceType;

/// WATCH of one resource and every open watch (docs/simulator.md "WATCH"): validates the
/// WatchList options as apimachinery's validateWatchOptions, parses the selectors (core/api),
/// starts a WatchStream from resourceVersion N (replayed history; 200 + ERROR 410 Expired
/// before the history, fixture 06), from "" / "0" (synthetic ADDED, fixture 17), or as a
/// WatchList (sendInitialEvents, with the initial-events-end bookmark), hands every Store
/// change to every open stream, and applies the watch faults (drop, end, garbage, stall,
/// bookmarks, the stall and too-large faults of Faults). An "old server"
/// (Faults::ignoreSendInitialEvents) does not know the WatchList parameters at all.
class WatchHandler : public QObject {
    Q_OBJECT
public:
    /// `store`, `responder` and `faults` must outlive the handler; the store's changes are
    /// delivered to the open watches from now on.
    WatchHandler(Store *store, HttpResponder *responder, Faults *faults, QObject *parent = nullptr);
    /// Closes every open watch's connection.
    ~WatchHandler() override;

    /// Answers GET ...?watch=true on the collection of `type` in `ns` ("" = all namespaces).
    void handle(HttpCall &call, const ResourceType &type, const QString &ns);

    int openCount() const { return int(m_watches.size()); }
    /// What the open watches hold for slow clients, and how many were closed for it.
    const WatchBudget &watchBudget() const { return m_budget; }
    /// The bytes all watches together may hold before slow ones are closed (WatchBudget).
    void setWatchBudgetBytes(qint64 bytes) { m_budget.limitBytes = bytes; }
    /// See ApiServer::dropWatches(), endWatches(), sendGarbageOnWatches(), stallWatches():
    /// each returns how many open watches it touched.
    int dropAll(bool midEvent);
    int endAll();
    int sendGarbageOnAll();
    int stallAll(int ms);
    /// Ends every open watch with an ERROR event carrying 410 Expired "The resourceVersion for
    /// the provided watch is too old." (what etcd compaction past a watch does; see
    /// ApiServer::expireWatches()). Returns how many watches were ended.
    int expireAll();

    /// See ApiServer::setBookmarkInterval() and the bookmark clock functions.
    void setBookmarkInterval(int ms);
    int bookmarkInterval() const { return m_bookmarkIntervalMs; }
    void setBookmarkClock(const lens::Clock *clock);
    /// See ApiServer::setTimerClock(): the clock of the watches opened from now on.
    void setTimerClock(const lens::Clock *clock) { m_timerClock = clock; }
    qint64 nextBookmarkDueMs() const;
    /// See ApiServer::sendNextBookmarks().
    int sendNextBookmarks(QList<QByteArray> *userAgents = nullptr);

Q_SIGNALS:
    /// A watch started or ended.
    void countChanged(int openWatches);

private:
    void onStoreChanged(const ChangeEvent &event);
    void onWatchFinished(WatchStream *watch);

    Store *m_store;
    HttpResponder *m_responder;
    Faults *m_faults;
    QList<WatchStream *> m_watches;
    WatchBudget m_budget; ///< shared by m_watches; the destructor ends them first
    int m_bookmarkIntervalMs = 60000;
    const lens::Clock *m_bookmarkClock = nullptr;
    const lens::Clock *m_timerClock = nullptr; ///< WatchStream::Options::timerClock
};

} // namespace lens::sim
