// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "informer/listerwatcher.h"
#include "restconfig.h"

#include <QUrl>

#include <memory>

class QNetworkAccessManager;
class QNetworkRequest;

namespace lens {
class Clock;
}

namespace lens {

/// client-go's ListWatch over REST (tools/cache/listwatch.go NewListWatchFromClient) with
/// QNetworkAccessManager: LIST is `GET <collection>?limit=&continue=&resourceVersion=...`,
/// WATCH is the same path with `watch=true`, read as newline-delimited JSON events
/// (watch.Event) from a chunked response.
///
/// Errors: a non-2xx answer becomes an ApiStatus from the Status body (or from the HTTP status
/// when the body is not a Status), with Retry-After honoured; connection refused, unreachable
/// hosts and timeouts become transport errors; a malformed line in a watch stream becomes an
/// ERROR event with a 500 InternalError Status ("unable to decode an event from the watch
/// stream: ..."), as client-go's StreamWatcher reports it; a stream cut in the middle of a line
/// ends with Transport::Truncated; a TLS handshake that fails (untrusted server certificate,
/// missing client certificate) is an Unreachable transport error that says so. Credentials
/// (bearer token, token file, basic auth, client certificate, exec plugin) come from a
/// RestConfig (see KubeconfigLoader) and are sent, never logged. A server that goes silent is
/// given up after the limits setClock() describes (Transport::Timeout, naming the limit).
///
/// One QNetworkAccessManager per instance: an informer holds at most one list and one watch at
/// a time, well under QNAM's six connections per host.
class HttpListerWatcher final : public ListerWatcher {
public:
    /// `server` is the API server base URL (http or https), `collectionPath` the resource's
    /// collection, e.g. "/api/v1/pods" or "/api/v1/namespaces/default/pods".
    HttpListerWatcher(const QUrl &server, const QString &collectionPath,
                      const QString &bearerToken = {});
    /// Same, with TLS, proxy and credentials from `rest` (rest.server is the base URL).
    HttpListerWatcher(RestConfig rest, const QString &collectionPath);
    ~HttpListerWatcher() override;

    /// "/api/v1[/namespaces/NS]/RESOURCE" for core/v1 ("" group), else
    /// "/apis/GROUP/VERSION[/namespaces/NS]/RESOURCE". `ns` "" = all namespaces.
    static QString collectionPath(const QString &group, const QString &version,
                                  const QString &resource, const QString &ns);

    /// Bytes of undecoded watch stream tolerated before a watch that fell behind is given up
    /// (see HttpWatchCall); <= 0 = HttpWatchCall::defaultBacklogLimit(). For new watches.
    void setWatchBacklogLimit(qint64 bytes) { m_backlogLimit = bytes; }
    /// The kind of the objects listed, e.g. "Pod" (discovery's ApiResource::kind), and their
    /// apiVersion ("v1", "apps/v1"; "" = not checked): a LIST answered with another kind of list
    /// ("ConfigMapList") or another version ("apps/v1" for pods) is then an error that keeps the
    /// informer's state, as a Status or a body of any other kind always is (HttpListCall::
    /// parse()). "" (the default): any list is taken. For new lists.
    void setItemKind(const QString &kind, const QString &apiVersion = {})
    {
        m_itemKind = kind;
        m_itemApiVersion = apiVersion;
    }
    /// The Clock the silence limits are timed on (SilenceWatchdog): a request without any
    /// answer is given up after 60 s, a list that stops sending after 60 s, a watch that
    /// stops sending after its timeoutSeconds plus 60 s; each ends with Transport::Timeout
    /// and says which. Default (null): real time, which is what silence on a network is. A
    /// test whose server is a fake that only answers when the test's ManualClock is advanced
    /// passes that clock; a test that advances a ManualClock faster than a real server answers
    /// (the convergence harness) must not, or a live request would look dead. Not owned; must
    /// outlive the calls. For new requests.
    void setClock(const Clock *clock) { m_clock = clock; }
    /// Milliseconds without any answer (not even response headers) before a request is given
    /// up; default 60 000 (a minute, as lists had it from Qt's transfer timeout). A harness on
    /// loopback may shorten it; values below 1 ms count as 1 ms. For new requests.
    void setNoAnswerLimit(qint64 ms) { m_noAnswerMs = qMax<qint64>(1, ms); }
    qint64 noAnswerMs() const { return m_noAnswerMs; }
    ListCall *list(const ListOptions &options) override;
    WatchCall *watch(const ListOptions &options) override;
    QString description() const override;

    /// The URL a request with these options goes to (for tests and the journal).
    QUrl requestUrl(const ListOptions &options, bool watch) const;

private:
    QNetworkRequest makeRequest(const ListOptions &options, bool watch) const;

    RestConfig m_rest;
    QString m_path;
    std::unique_ptr<QNetworkAccessManager> m_nam;
    qint64 m_backlogLimit = 0;
    QString m_itemKind;
    QString m_itemApiVersion;
    const Clock *m_clock = nullptr;
    static constexpr qint64 kListSilenceMs = 60000;
    qint64 m_noAnswerMs = kListSilenceMs;
};

} // namespace lens
