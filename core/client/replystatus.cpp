// SPDX-License-Identifier: Apache-2.0
// What a QNetworkReply of the API server says, in the words client-go and kubectl use: the
// HTTP status, a Status body, or the transport failure (refused, TLS, proxy, timeout, a body
// cut short). For the LIST (httpcalls.cpp) and the WATCH (httpwatchcall.cpp).
#include "httpcalls.h"
#include "httpcalls_p.h"

#include "restnetworkaccessmanager.h"
#include "silencewatchdog.h"

#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QSslConfiguration>
#include <QSslError>
#include <QSslSocket>

#include <mutex>
#include <optional>

namespace lens {

int httpStatus(QNetworkReply *reply)
{
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

namespace {

QString endpoint(QNetworkReply *reply)
{
    return SilenceWatchdog::endpoint(reply->url());
}
/// The proxy `reply` went through, as host:port ("the system's proxy" when it came from the
/// environment or the system's settings).
QString proxyOf(QNetworkReply *reply)
{
    const QNetworkProxy p = reply->manager() ? reply->manager()->proxy() : QNetworkProxy();
    if (p.type() == QNetworkProxy::NoProxy || p.hostName().isEmpty())
        return QStringLiteral("set for this machine");
    return QStringLiteral("%1:%2").arg(p.hostName()).arg(p.port());
}
/// Why a TLS handshake failed, in terms of what the configuration gave: a CA from the
/// kubeconfig, or only this machine's trust store; and a client certificate or none.
QString tlsFailureCause(QNetworkReply *reply)
{
    // The handshake's own reason (QSslError's words) comes first when it is not about trust.
    const QString said = reply->errorString();
    // OpenSSL's words when the two sides share no protocol version (a server that offers only
    // TLS 1.0 or 1.1): not a certificate problem.
    // "wrong version number": what came back is not a TLS record at all, most often a
    // plain-HTTP server's answer (Go's client says "http: server gave HTTP response to HTTPS
    // client").
    if (said.contains(QLatin1String("wrong version number"), Qt::CaseInsensitive))
        return QStringLiteral("the server did not answer in TLS: a plain-HTTP server answers "
                              "that way (write its address with http://), and so may a server "
                              "that offers only TLS versions older than 1.2");
    for (const char *noVersion :
         {"unsupported protocol", "no protocols available", "protocol version", "version too low"})
        if (said.contains(QLatin1String(noVersion), Qt::CaseInsensitive))
            return QStringLiteral("the server and this client share no TLS version: it offers "
                                  "only versions older than TLS 1.2, which Informer Lens, kubectl "
                                  "and client-go do not accept");
    if (said.contains(QSslError(QSslError::HostNameMismatch).errorString()))
        return QStringLiteral("the server's certificate is for another host name: connect by a "
                              "name the certificate lists, or set tls-server-name in the "
                              "kubeconfig");
    if (said.contains(QSslError(QSslError::CertificateExpired).errorString()) ||
        said.contains(QSslError(QSslError::CertificateNotYetValid).errorString()))
        return QStringLiteral("the server's certificate is outside its validity dates (is this "
                              "machine's clock right?)");
    const QSslConfiguration ssl = reply->request().sslConfiguration();
    QString cause =
        ssl.caCertificates() == QSslConfiguration::defaultConfiguration().caCertificates()
            ? QStringLiteral("the server's certificate is not signed by any authority "
                             "this machine trusts, and the kubeconfig gives no "
                             "certificate-authority for this cluster")
            : QStringLiteral("the server's certificate is not signed by the "
                             "kubeconfig's certificate-authority");
    if (!ssl.localCertificate().isNull())
        cause += QStringLiteral(", or the server refused the client certificate");
    return cause;
}
/// Whether `url`'s host and port complete a TLS handshake (the certificate is not checked):
/// told when a server hung up on a plain-HTTP request. Go's TLS listener (kube-apiserver's)
/// answers such a request with 400 "Client sent an HTTP request to an HTTPS server."; other
/// TLS servers (and an HTTP server that fails) just close the connection, and only a
/// handshake tells the two apart. Blocks for at most 1 s, once per host and port for the
/// process; not tried through a proxy (the probe would go around it): nullopt.
std::optional<bool> speaksTls(QNetworkReply *reply)
{
    const QNetworkProxy proxy = reply->manager() ? reply->manager()->proxy() : QNetworkProxy();
    if (!QSslSocket::supportsSsl() ||
        (proxy.type() != QNetworkProxy::NoProxy && !proxy.hostName().isEmpty()))
        return std::nullopt;
    const QUrl url = reply->url();
    const QString host = url.host();
    const quint16 port = quint16(url.port(80));
    static std::mutex mutex;
    static QHash<QString, bool> known;
    const QString key = host + QLatin1Char(':') + QString::number(port);
    {
        const std::lock_guard lock(mutex);
        if (auto it = known.constFind(key); it != known.constEnd())
            return *it;
    }
    QSslSocket probe;
    probe.setPeerVerifyMode(QSslSocket::VerifyNone);
    probe.connectToHostEncrypted(host, port);
    const bool tls = probe.waitForEncrypted(1000);
    probe.abort();
    const std::lock_guard lock(mutex);
    known.insert(key, tls);
    return tls;
}

/// A plain-HTTP connection closed before any answer (RemoteHostClosedError, ProtocolFailure):
/// whether https:// would help, from speaksTls().
QString hungUpOnPlainHttp(QNetworkReply *reply)
{
    const QString head = QStringLiteral("%1 from %2: the server closed the connection without an "
                                        "answer to plain HTTP")
                             .arg(reply->errorString(), endpoint(reply));
    const std::optional<bool> tls = speaksTls(reply);
    if (!tls)
        return head + QStringLiteral("; if it serves HTTPS, write the server address with "
                                     "https://");
    if (*tls)
        return head + QStringLiteral(", and it speaks TLS on that port: write the server "
                                     "address with https://");
    return head + QStringLiteral(" (it does not speak TLS on that port either, so https:// "
                                 "would not help: is this the API server's address?)");
}
} // namespace

static bool isRequestTimeout(const QNetworkReply *reply)
{
    return RestNetworkAccessManager::timedOutAfterMs(reply) > 0;
}

bool isTimedOut(const QNetworkReply *reply)
{
    return isRequestTimeout(reply) || SilenceWatchdog::silenceMessage(reply).has_value();
}

ApiStatus requestTimeoutStatus(QNetworkReply *reply)
{
    if (const std::optional<QString> silence = SilenceWatchdog::silenceMessage(reply))
        return ApiStatus::transportError(ApiStatus::Transport::Timeout, *silence);
    return ApiStatus::transportError(
        ApiStatus::Transport::Timeout,
        QStringLiteral("%1 did not finish within the request timeout of %2 s "
                       "(--request-timeout, rest.Config.Timeout)")
            .arg(endpoint(reply))
            .arg(double(RestNetworkAccessManager::timedOutAfterMs(reply)) / 1000.0));
}

ApiStatus statusFromReply(QNetworkReply *reply, const QByteArray &body)
{
    if (reply->error() == QNetworkReply::InsecureRedirectError) // RestConfig::apply's policy
        return ApiStatus::transportError(
            ApiStatus::Transport::Unreachable,
            QStringLiteral("%1 redirected the request to %2, another origin: not followed, so "
                           "that the credentials go to no other server (Go's client follows "
                           "it without them)")
                .arg(endpoint(reply), RestNetworkAccessManager::shownUrl(reply->url().resolved(
                                          QUrl::fromEncoded(reply->rawHeader("Location"))))));
    const int code = httpStatus(reply);
    if (code == 0) {
        if (RestNetworkAccessManager::refusedLegacyCommonName(reply))
            return ApiStatus::transportError(
                ApiStatus::Transport::Unreachable,
                QStringLiteral("TLS handshake with %1: x509: certificate relies on legacy Common "
                               "Name field, use SANs instead (the server's certificate names no "
                               "subject alternative name; Go, and so kubectl, refuses it too)")
                    .arg(endpoint(reply)));
        switch (reply->error()) {
        case QNetworkReply::ProxyConnectionRefusedError:
        case QNetworkReply::ProxyConnectionClosedError:
        case QNetworkReply::ProxyNotFoundError:
        case QNetworkReply::ProxyTimeoutError:
        case QNetworkReply::ProxyAuthenticationRequiredError:
            // The proxy's failure, not the API server's: name the proxy.
            return ApiStatus::transportError(
                reply->error() == QNetworkReply::ProxyConnectionRefusedError
                    ? ApiStatus::Transport::ConnectionRefused
                    : ApiStatus::Transport::Unreachable,
                QStringLiteral("the proxy %1 (on the way to %2): %3")
                    .arg(proxyOf(reply), endpoint(reply), reply->errorString()));
        case QNetworkReply::ConnectionRefusedError:
            // Through an HTTP proxy, Qt reports the proxy's refusal as this very error: the
            // connection that was refused is the proxy's, not the API server's.
            if (reply->manager() && reply->manager()->proxy().type() != QNetworkProxy::NoProxy &&
                !reply->manager()->proxy().hostName().isEmpty())
                return ApiStatus::transportError(ApiStatus::Transport::ConnectionRefused,
                                                 QStringLiteral("the proxy %1, on the way to %2")
                                                     .arg(proxyOf(reply), endpoint(reply)));
            return ApiStatus::transportError(ApiStatus::Transport::ConnectionRefused,
                                             endpoint(reply));
        case QNetworkReply::TimeoutError:
        case QNetworkReply::OperationCanceledError:
            if (isTimedOut(reply))
                return requestTimeoutStatus(reply);
            return ApiStatus::transportError(
                ApiStatus::Transport::Timeout,
                QStringLiteral("no data from %1").arg(endpoint(reply)));
        case QNetworkReply::SslHandshakeFailedError:
            return ApiStatus::transportError(
                ApiStatus::Transport::Unreachable,
                QStringLiteral("TLS handshake with %1 failed (%2): %3")
                    .arg(endpoint(reply), reply->errorString(), tlsFailureCause(reply)));
        case QNetworkReply::RemoteHostClosedError:
        case QNetworkReply::ProtocolFailure:
            if (reply->url().scheme() == QLatin1String("http"))
                return ApiStatus::transportError(ApiStatus::Transport::Unreachable,
                                                 hungUpOnPlainHttp(reply));
            return ApiStatus::transportError(ApiStatus::Transport::Unreachable,
                                             reply->errorString());
        default:
            return ApiStatus::transportError(ApiStatus::Transport::Unreachable,
                                             reply->errorString());
        }
    }
    ApiStatus s;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    if (pe.error == QJsonParseError::NoError && doc.isObject() &&
        doc.object().value(QLatin1String("kind")).toString() == QLatin1String("Status")) {
        s = ApiStatus::fromStatusJson(doc.object(), code);
    } else {
        // Not a metav1.Status: say what came back instead of echoing a web page.
        s.code = code;
        s.message = reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
        const QString type = reply->header(QNetworkRequest::ContentTypeHeader).toString();
        if (!type.contains(QLatin1String("json"))) {
            s.message += QStringLiteral(" — a %1 answer, not a Kubernetes Status: is %2 an API "
                                        "server?")
                             .arg(type.isEmpty() ? QStringLiteral("non-JSON")
                                                 : type.section(QLatin1Char(';'), 0, 0),
                                  reply->url().toString(QUrl::RemoveQuery | QUrl::RemoveUserInfo));
            if (body.contains("HTTP request to an HTTPS server"))
                s.message += QStringLiteral(" The server speaks HTTPS: write its address with "
                                            "https://.");
        } else if (const QByteArray snippet = body.left(200).trimmed(); !snippet.isEmpty()) {
            s.message += QStringLiteral(" (") + QString::fromUtf8(snippet) + QLatin1Char(')');
        }
    }
    bool ok = false;
    const int retryAfter = reply->rawHeader("Retry-After").toInt(&ok);
    if (ok && retryAfter > 0)
        s.retryAfterSeconds = retryAfter;
    return s;
}

} // namespace lens
