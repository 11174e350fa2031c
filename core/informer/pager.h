// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "listerwatcher.h"

#include <QHash>
#include <QObject>
#include <QPointer>

#include <utility>

namespace lens {

/// client-go's tools/pager ListPager: lists a resource in chunks of at most pageSize() items by
/// following metadata.continue, and hands back one list.
///
/// - A caller's limit (ListOptions::limit > 0) is honoured; a limit of 0 takes pageSize()
///   (0 = one unpaged request).
/// - Continuation requests carry the continue token and an empty resourceVersion and
///   resourceVersionMatch (the API server refuses both with continue).
/// - The list's metadata is the first page's: resourceVersion() is the first page's, whatever
///   later pages report.
/// - fullListIfExpired (on by default): a 410 Expired on a continuation request falls back to
///   one unpaged request at the requested resourceVersion (and match); fullListFallback() is
///   emitted before it and the result is that request's own list.
/// - Any other error ends the list: finished() with ok() false and error() set.
/// - A continue token the list already followed ends it too (Transport::Decode, "the server
///   gave page 3 the continue token page 2 had ..."): following it would page for ever, the
///   items piling up. client-go's pager would loop; the Reflector reports the error and
///   retries the list after its backoff instead.
///
/// Asynchronous: list() returns at once; pageReceived() follows for each page, then finished()
/// exactly once. Used by the Reflector (Reflector.list's pager) and on its own.
class ListPager final : public QObject {
    Q_OBJECT
public:
    /// pager.defaultPageSize.
    static constexpr int kDefaultPageSize = 500;

    /// `lw` is not owned and must outlive the pager.
    explicit ListPager(ListerWatcher *lw, QObject *parent = nullptr);
    ~ListPager() override;

    /// Items per page when the caller's limit is 0 (0 = no paging).
    void setPageSize(int n) { m_pageSize = qMax(0, n); }
    int pageSize() const { return m_pageSize; }
    void setFullListIfExpired(bool on) { m_fullListIfExpired = on; }

    /// pager.List: starts listing; an earlier list still running is aborted (no signal).
    void list(const ListOptions &options);
    /// Stops the list in progress; no signal follows.
    void abort();
    bool isListing() const { return !m_call.isNull(); }

    /// After finished(): whether the list is whole, its items (every page's, in order), its
    /// resourceVersion, and whether more than one page was requested (paginatedResult).
    bool ok() const { return m_ok; }
    const ApiStatus &error() const { return m_error; }
    const QList<Object> &items() const { return m_items; }
    /// The items, handed over: the pager keeps none of them (the Reflector takes the list this
    /// way, so that once the store has them nothing else holds the objects as listed — with a
    /// transform, the untransformed ones).
    QList<Object> takeItems() { return std::exchange(m_items, {}); }
    const QString &resourceVersion() const { return m_rv; }
    bool paginated() const { return m_paginated; }

Q_SIGNALS:
    /// One page arrived (`number` counts from 1 within this list).
    void pageReceived(const lens::ListPage &page, int number);
    /// A continuation was answered 410 Expired (`expired`): one unpaged request at the
    /// requested resourceVersion follows.
    void fullListFallback(const lens::ApiStatus &expired, const lens::ListOptions &fullList);
    void finished();

private:
    void request(const ListOptions &opts);
    void onFinished();
    void finish(bool ok);

    ListerWatcher *m_lw;
    int m_pageSize = kDefaultPageSize;
    bool m_fullListIfExpired = true;
    QPointer<ListCall> m_call;
    ListOptions m_requested; ///< as list() was called (limit filled in)
    ListOptions m_current;   ///< the request in flight
    int m_pages = 0;
    /// Each continue token followed in this list, with the page that gave it (1-based).
    QHash<QString, int> m_tokens;
    bool m_fellBack = false;
    bool m_ok = false;
    bool m_paginated = false;
    bool m_haveRv = false;
    ApiStatus m_error;
    QList<Object> m_items;
    QString m_rv;
};

} // namespace lens
