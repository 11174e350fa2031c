// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QNetworkAccessManager>

namespace lens {

/// The QNetworkAccessManager every request to an API server goes through (the informers'
/// HttpListerWatcher, KubeClient, Discovery, SimulatorClient). On top of Qt's it does what
/// client-go's HTTP transport stack does around each request:
///
///  * rest.Config.Timeout: a request carrying RestConfig::timeoutAttribute (milliseconds) is
///    aborted when it has not finished by then, headers and body together, as Go's
///    http.Client.Timeout (so a watch is cut too). timedOutAfterMs() then says so, and
///    statusFromReply() words it.
///  * kubectl's -v=N request log (client-go's transport/round_trippers.go, written to stderr in
///    klog's layout): at verbosity ≥ 6 one line per request when its response headers arrive
///    or it fails — method, URL, status and milliseconds; ≥ 7 also the request headers; ≥ 8
///    the response headers. Credentials are masked as kubectl masks them: an Authorization
///    header prints as "Bearer <masked>" / "Basic <masked>", never its value.
class RestNetworkAccessManager : public QNetworkAccessManager {
    Q_OBJECT
public:
    using QNetworkAccessManager::QNetworkAccessManager;

    /// kubectl's -v level for the whole process (0 = no request log, the default).
    static void setVerbosity(int level);
    static int verbosity();

    /// The timeout `reply` was aborted by (milliseconds), or 0 when it was not.
    static qint64 timedOutAfterMs(const QNetworkReply *reply);
    /// True when `reply` was aborted after its TLS handshake because the server's certificate
    /// names no subject alternative name: Go 1.15 and later (kubectl, client-go) refuse to match
    /// a host name against the legacy Common Name ("x509: certificate relies on legacy Common
    /// Name field, use SANs instead"); OpenSSL would still accept it. Not checked with
    /// insecure-skip-tls-verify, which checks nothing.
    static bool refusedLegacyCommonName(const QNetworkReply *reply);

    /// One request header as the log prints it: Authorization (and Proxy-Authorization)
    /// values masked, everything else as sent.
    static QByteArray loggedHeaderValue(const QByteArray &name, const QByteArray &value);
    /// A request URL as the log prints it: no user name or password, and the value of every
    /// query parameter whose name speaks of a secret (token, secret, password, key, auth,
    /// signature, credential, any case) replaced by <masked>. The API's own parameters
    /// (resourceVersion, watch, labelSelector, ...) stay as sent.
    static QByteArray loggedUrl(const QUrl &url);
    /// loggedUrl() as text to show (percent-escapes decoded): for a URL in a caption, a
    /// recording's header or the journal.
    static QString shownUrl(const QUrl &url);
    /// `text` (one URL as the user gave it, which may not parse) with everything from "//" to
    /// its last "@" replaced by "<masked>", for error messages that quote it: a password with a
    /// space, tab, "#" or "/" in it is masked whole too.
    static QString maskedUrlText(const QString &text);

protected:
    QNetworkReply *createRequest(Operation op, const QNetworkRequest &request,
                                 QIODevice *outgoingData) override;
};

} // namespace lens
