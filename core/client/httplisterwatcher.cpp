// SPDX-License-Identifier: Apache-2.0
#include "httplisterwatcher.h"

#include "httpcalls.h"
#include "restnetworkaccessmanager.h"

#include "informer/transforms.h"

#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkRequest>
#include <QUrlQuery>

namespace lens {

namespace {
RestConfig withToken(const QUrl &server, const QString &bearerToken)
{
    RestConfig rc;
    rc.server = server;
    rc.bearerToken = bearerToken;
    return rc;
}
} // namespace

HttpListerWatcher::HttpListerWatcher(const QUrl &server, const QString &collectionPath,
                                     const QString &bearerToken)
    : HttpListerWatcher(withToken(server, bearerToken), collectionPath)
{
}

HttpListerWatcher::HttpListerWatcher(RestConfig rest, const QString &collectionPath)
    : m_rest(std::move(rest)), m_path(collectionPath),
      m_nam(std::make_unique<RestNetworkAccessManager>())
{
    if (const QUrl &p = m_rest.proxyUrl; !p.isEmpty()) {
        const bool socks = p.scheme() == QLatin1String("socks5");
        m_nam->setProxy(QNetworkProxy(socks ? QNetworkProxy::Socks5Proxy : QNetworkProxy::HttpProxy,
                                      p.host(), quint16(p.port(socks ? 1080 : 8080)), p.userName(),
                                      p.password()));
    }
}

HttpListerWatcher::~HttpListerWatcher() = default;

QString HttpListerWatcher::collectionPath(const QString &group, const QString &version,
                                          const QString &resource, const QString &ns)
{
    QString p = group.isEmpty() ? QStringLiteral("/api/") + version
                                : QStringLiteral("/apis/") + group + QLatin1Char('/') + version;
    if (!ns.isEmpty())
        p += QStringLiteral("/namespaces/") + ns;
    return p + QLatin1Char('/') + resource;
}

QString HttpListerWatcher::description() const
{
    return m_path + QStringLiteral(" at ") + RestNetworkAccessManager::shownUrl(m_rest.server);
}

QUrl HttpListerWatcher::requestUrl(const ListOptions &o, bool watch) const
{
    QUrl url = m_rest.url(m_path);
    QUrlQuery q;
    if (watch)
        q.addQueryItem(QStringLiteral("watch"), QStringLiteral("true"));
    if (!o.labelSelector.isEmpty())
        q.addQueryItem(QStringLiteral("labelSelector"), o.labelSelector);
    if (!o.fieldSelector.isEmpty())
        q.addQueryItem(QStringLiteral("fieldSelector"), o.fieldSelector);
    if (o.limit > 0)
        q.addQueryItem(QStringLiteral("limit"), QString::number(o.limit));
    if (!o.continueToken.isEmpty())
        q.addQueryItem(QStringLiteral("continue"), o.continueToken);
    if (!o.resourceVersion.isEmpty())
        q.addQueryItem(QStringLiteral("resourceVersion"), o.resourceVersion);
    if (!o.resourceVersionMatch.isEmpty())
        q.addQueryItem(QStringLiteral("resourceVersionMatch"), o.resourceVersionMatch);
    if (o.timeoutSeconds > 0)
        q.addQueryItem(QStringLiteral("timeoutSeconds"), QString::number(o.timeoutSeconds));
    if (o.allowWatchBookmarks)
        q.addQueryItem(QStringLiteral("allowWatchBookmarks"), QStringLiteral("true"));
    if (o.sendInitialEvents)
        q.addQueryItem(QStringLiteral("sendInitialEvents"), QStringLiteral("true"));
    url.setQuery(q);
    return url;
}

QNetworkRequest HttpListerWatcher::makeRequest(const ListOptions &o, bool watch) const
{
    return m_rest.request(requestUrl(o, watch));
}

ListCall *HttpListerWatcher::list(const ListOptions &options)
{
    auto *call = new HttpListCall(nullptr);
    call->setSilenceLimits(m_clock, noAnswerMs(), kListSilenceMs);
    call->setItemTransform(packedAfter(options.itemTransform, options.packer));
    call->setObjectPacker(options.packer);
    if (!m_itemKind.isEmpty())
        call->setListKind(m_itemKind + QLatin1String("List"), m_itemApiVersion);
    if (m_rest.credentialReady()) {
        call->attach(m_nam->get(makeRequest(options, false)));
        return call;
    }
    // The exec plugin runs first (asynchronously, one run for every waiting request).
    m_rest.withCredential(call, [this, call, options](const QString &error) {
        if (error.isEmpty())
            call->attach(m_nam->get(makeRequest(options, false)));
        else
            call->failBeforeSending(
                ApiStatus::transportError(ApiStatus::Transport::Unreachable, error));
    });
    return call;
}

WatchCall *HttpListerWatcher::watch(const ListOptions &options)
{
    auto *call = new HttpWatchCall(nullptr, m_backlogLimit);
    call->setObjectPacker(options.packer);
    // The server ends the stream itself after timeoutSeconds: silence past that and a minute
    // more is a dead connection.
    call->setSilenceLimits(m_clock, noAnswerMs(),
                           qint64(qMax(0, options.timeoutSeconds)) * 1000 + kListSilenceMs);
    if (m_rest.credentialReady()) {
        call->attach(m_nam->get(makeRequest(options, true)));
        return call;
    }
    m_rest.withCredential(call, [this, call, options](const QString &error) {
        if (error.isEmpty())
            call->attach(m_nam->get(makeRequest(options, true)));
        else
            call->failBeforeSending(
                ApiStatus::transportError(ApiStatus::Transport::Unreachable, error));
    });
    return call;
}

} // namespace lens
