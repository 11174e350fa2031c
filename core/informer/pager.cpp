// SPDX-License-Identifier: Apache-2.0
#include "pager.h"

namespace lens {

ListPager::ListPager(ListerWatcher *lw, QObject *parent) : QObject(parent), m_lw(lw) {}

ListPager::~ListPager()
{
    abort();
}

void ListPager::list(const ListOptions &options)
{
    abort();
    m_requested = options;
    if (m_requested.limit == 0)
        m_requested.limit = m_pageSize;
    m_pages = 0;
    m_tokens.clear();
    m_fellBack = false;
    m_ok = false;
    m_paginated = false;
    m_haveRv = false;
    m_error = ApiStatus{};
    m_items.clear();
    m_rv.clear();
    request(m_requested);
}

void ListPager::abort()
{
    if (ListCall *c = m_call.data()) {
        m_call = nullptr;
        c->disconnect(this);
        c->abort();
        c->deleteLater();
    }
}

void ListPager::request(const ListOptions &opts)
{
    m_current = opts;
    m_call = m_lw->list(opts);
    connect(m_call, &ListCall::finished, this, &ListPager::onFinished);
}

void ListPager::onFinished()
{
    auto *call = qobject_cast<ListCall *>(sender());
    if (!call || call != m_call)
        return;
    m_call = nullptr;
    call->deleteLater();
    if (!call->ok()) {
        const ApiStatus err = call->error();
        if (err.isExpired() && m_fullListIfExpired && !m_current.continueToken.isEmpty() &&
            !m_fellBack) {
            // The list expired while paging: one full list at the requested resourceVersion.
            ListOptions full = m_requested;
            full.limit = 0;
            full.continueToken.clear();
            m_fellBack = true;
            m_items.clear();
            m_haveRv = false;
            Q_EMIT fullListFallback(err, full);
            request(full);
            return;
        }
        m_error = err;
        finish(false);
        return;
    }
    ListPage page = call->takePage();
    ++m_pages;
    if (!m_haveRv) { // the first page's list metadata is the list's
        m_rv = page.resourceVersion;
        m_haveRv = true;
    }
    Q_EMIT pageReceived(page, m_pages);
    if (m_items.isEmpty())
        m_items = std::move(page.items);
    else
        m_items += std::move(page.items);
    if (page.continueToken.isEmpty() || m_fellBack) {
        finish(true);
        return;
    }
    if (const auto seen = m_tokens.constFind(page.continueToken); seen != m_tokens.cend()) {
        m_error = ApiStatus::transportError(
            ApiStatus::Transport::Decode,
            QStringLiteral("the server gave page %1 the continue token page %2 had: following "
                           "it would page for ever, so the list is given up (%3 items read)")
                .arg(m_pages)
                .arg(*seen)
                .arg(m_items.size()));
        m_items.clear();
        finish(false);
        return;
    }
    m_tokens.insert(page.continueToken, m_pages);
    ListOptions next = m_current;
    next.continueToken = page.continueToken;
    next.resourceVersion.clear();      // "specifying resource version is not allowed when using
    next.resourceVersionMatch.clear(); // continue"
    m_paginated = true;
    request(next);
}

void ListPager::finish(bool ok)
{
    m_ok = ok;
    Q_EMIT finished();
}

} // namespace lens
