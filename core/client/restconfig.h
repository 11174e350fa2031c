// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QNetworkRequest>
#include <QObject>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>
#include <memory>

class QNetworkRequest;
class QProcess;
class QTimer;

namespace lens {

/// A kubeconfig `exec` credential plugin (client.authentication.k8s.io v1 / v1beta1
/// ExecCredential), run the way client-go's plugin/pkg/client/auth/exec Authenticator runs it:
/// the command with its args and env (no shell: QProcess starts the program itself, as Go's
/// exec.Command), KUBERNETES_EXEC_INFO set to an ExecCredential whose spec.interactive is false,
/// stdout parsed as an ExecCredential. The credential (a token or a client certificate and key)
/// is kept until its status.expirationTimestamp and fetched again on the next request after
/// that. Never logs what the plugin printed.
///
/// Asynchronous: fetch() starts the plugin and returns; finished() says how it went. One run at
/// a time: however many requests wait for a credential, they wait for the same run (client-go
/// serialises them behind one mutex). Not in client-go: a run is stopped after timeoutMs
/// (client-go's exec plugin has no timeout by default and a hung plugin hangs every request
/// behind it; here it must not freeze the window): the error then names the plugin and the
/// time, and the next request that needs a credential starts it again.
class ExecCredentialPlugin : public QObject {
    Q_OBJECT
public:
    /// How long one run may take, milliseconds (10 s: aws / gcloud / kubelogin answer from
    /// their cache in well under a second and within a few seconds when they refresh).
    static constexpr int kDefaultTimeoutMs = 10000;

    QString apiVersion; ///< e.g. "client.authentication.k8s.io/v1"
    QString command;    ///< program, looked up on PATH like exec.Command
    QStringList args;
    QList<QPair<QString, QString>> env; ///< added to the environment
    QString installHint;                ///< shown when the command cannot be started
    QString interactiveMode;            ///< "Never", "IfAvailable" or "Always"
    int timeoutMs = kDefaultTimeoutMs;  ///< one run's limit (see the class comment)

    explicit ExecCredentialPlugin(QObject *parent = nullptr);
    ~ExecCredentialPlugin() override;

    /// A credential fetched before is still valid (fetched and not past its expiration).
    bool hasValidCredential() const;
    /// Starts the plugin unless a credential is valid or a run is under way; never blocks.
    /// finished() follows (at once, queued, when nothing needed to run).
    void fetch();
    /// A run is under way.
    bool isRunning() const { return m_process != nullptr; }
    /// Runs started so far.
    int runCount() const { return m_runs; }
    /// Why the last run failed ("" after a success): the command, its exit code and stderr's
    /// last line, the timeout, or what in its output was wrong; never the output itself.
    QString lastError() const { return m_error; }
    /// fetch() and waits for it, the event loop running meanwhile (at most timeoutMs and a
    /// little more): for start-up checks. False with `*error` as lastError().
    bool fetchAndWait(QString *error = nullptr);

    QString token() const { return m_token; }                    ///< status.token (secret)
    QSslCertificate clientCertificate() const { return m_cert; } ///< status.clientCertificateData
    QSslKey clientKey() const { return m_key; }                  ///< status.clientKeyData (secret)
    QDateTime expiration() const { return m_expiry; }            ///< invalid = never expires

Q_SIGNALS:
    /// A run ended (or fetch() found nothing to do): `ok` when a credential is valid now.
    void finished(bool ok);

private:
    void finish(const QString &error);
    /// Parses what a run printed; "" when it held a credential (then kept), else why not.
    QString takeCredential(const QByteArray &out);

    QString m_token;
    QSslCertificate m_cert;
    QSslKey m_key;
    QDateTime m_expiry;
    bool m_fetched = false;
    QProcess *m_process = nullptr;
    QByteArray m_stderrTail; ///< the end of the running plugin's stderr (at most 64 KiB)
    QTimer *m_deadline = nullptr;
    QString m_error;
    int m_runs = 0;
};

/// How to reach and authenticate to one API server: what client-go's rest.Config holds after
/// clientcmd resolved a kubeconfig context (k8s.io/client-go/rest/config.go, transport/config.go).
/// Secrets (bearerToken, password, clientKey, the exec plugin's output) are never part of
/// description() and never logged.
struct RestConfig {
    QUrl server;                                ///< https://host:port[/prefix] or http://…
    QString contextName, clusterName, userName; ///< where it came from (empty without kubeconfig)
    QString namespace_;                         ///< the context's namespace ("" = none given)

    // TLS (rest.TLSClientConfig)
    QList<QSslCertificate> caCertificates; ///< empty = the system's trust store
    bool insecureSkipTlsVerify = false;    ///< no server certificate check (kubectl warns too)
    QString tlsServerName;                 ///< name the server certificate is checked against
    QUrl proxyUrl; ///< http://, https:// or socks5:// proxy (empty = Qt's default, no proxy)
    QSslCertificate clientCertificate;
    QSslKey clientKey; ///< secret

    // Authentication (rest.Config BearerToken / BearerTokenFile / Username / Password /
    // ExecProvider)
    QString bearerToken; ///< secret
    QString
        bearerTokenFile; ///< read again at most once a minute, like client-go's cachingTokenSource
    QString username;
    QString password; ///< secret
    std::shared_ptr<ExecCredentialPlugin> exec;

    // Impersonation (rest.Config.Impersonate, rest.ImpersonationConfig UserName, UID, Groups,
    // Extra): from the kubeconfig user's `as`, `as-uid`, `as-groups` and `as-user-extra`, each
    // replaced by kubectl's --as, --as-uid and --as-group when given (clientcmd's getAuthInfo
    // merges the overrides field by field). Sent as client-go's impersonatingRoundTripper sends
    // them: Impersonate-User, Impersonate-Uid, Impersonate-Group and Impersonate-Extra-<key>
    // (key %-escaped, headerKeyEscape). QNetworkRequest (Qt 6.4) cannot repeat a header, so one
    // group and one value per extra key at most: impersonationError() refuses more. The server
    // checks that the credentials above may impersonate them.
    QString impersonateUser;
    QString impersonateUid;
    QStringList impersonateGroups;
    QMap<QString, QStringList> impersonateExtra;

    /// rest.Config.Timeout in milliseconds (kubectl --request-timeout; 0 = none): the longest a
    /// whole request may take, headers and body, as Go's http.Client.Timeout. Like client-go it
    /// also cuts a watch that lasts longer (the Reflector then watches again). Carried on the
    /// request (timeoutAttribute) and enforced by RestNetworkAccessManager.
    qint64 timeoutMs = 0;
    /// The QNetworkRequest attribute apply() puts timeoutMs in (a qint64; absent = none).
    static constexpr QNetworkRequest::Attribute timeoutAttribute =
        QNetworkRequest::Attribute(QNetworkRequest::User + 1);

    /// Moves the user name and password of `server` (https://user:password@host) into
    /// username and password (unless a username is set already) and removes them from the URL,
    /// so that no URL printed, journaled or recorded carries them. Go's net/http sends a URL's
    /// user information as Basic auth when no Authorization header is set (http.Client.send),
    /// which is what apply() does with username and password.
    void takeServerUserInfo();

    /// The QSslConfiguration for this server: TLS 1.2 or later only (QSsl::TlsV1_2OrLater), CA
    /// certificates (replacing the system's when given), client certificate and key, and the
    /// peer verify mode.
    QSslConfiguration sslConfiguration() const;

    /// `server` with `path` (e.g. "/api/v1/pods") appended to its own path prefix.
    QUrl url(const QString &path) const;
    /// A GET-ready request for `url`: Accept JSON, informer-lens's User-Agent, then apply().
    QNetworkRequest request(const QUrl &url) const;
    /// The User-Agent every request carries: "informer-lens/<version>" (client-go's
    /// rest.DefaultKubernetesUserAgent is "<program>/<version> (<os>/<arch>) kubernetes/<commit>").
    static QByteArray userAgent();

    /// Sets TLS and the Authorization header on `request` (Bearer token from bearerToken, the
    /// token file or the exec plugin's current credential, unless tokenProblem(); else Basic
    /// for username/password), the
    /// Impersonate-* headers and the timeout attribute. Re-reads the token file when due. Never
    /// runs the exec plugin (see withCredential()).
    void apply(QNetworkRequest *request) const;

    /// Why `token` cannot go in an Authorization header, "" when it can: a control character
    /// (a line break or NUL inside a token file's text would start a header of its own; Go's
    /// net/http refuses such a value with "invalid header field value"), or bytes that were not
    /// UTF-8 (read as U+FFFD: sent, they would not be the token). apply() sends no token then;
    /// callers that read a token from a file say why at start.
    static QString tokenProblem(const QString &token);

    /// Why `value` cannot be a header's value, "" when it can: a control character other than
    /// the tab (golang.org/x/net/http/httpguts.ValidHeaderFieldValue, which Go's net/http
    /// checks before it sends a request). A line break would end the header and start one of
    /// the sender's choosing (header injection). E.g. "holds a control character (U+000a), a
    /// line break that would start a header of its own".
    [[nodiscard]] static QString headerValueProblem(const QString &value);
    /// Why the credentials and impersonation fields cannot be sent as headers, "" when they
    /// can: the first of bearerToken, impersonateUser, impersonateUid, impersonateGroups and
    /// impersonateExtra whose value headerValueProblem() refuses, named as the user gave it
    /// ("the user to impersonate (--as or the kubeconfig's as) holds a control character
    /// (U+000d), ...: it cannot be sent as the Impersonate-User header ..."); the value itself
    /// is never quoted (it may be a secret). Session::start refuses to start then, as kubectl
    /// fails each request. A token file's or an exec plugin's token is checked where it is
    /// read (tokenProblem()).
    [[nodiscard]] QString headerError() const;

    /// Why bearerTokenFile cannot give a token, "" when it can or is not used (a bearerToken is
    /// set, or no file): it cannot be read (missing, not a regular file, over 1 MiB), holds
    /// only whitespace ("read empty token from file \"/x\"", client-go's fileTokenSource), or
    /// a control character. client-go fails when the client is made
    /// (transport.NewBearerAuthWithRefreshRoundTripper); Session::start refuses to start then,
    /// instead of every request getting a bare 401.
    [[nodiscard]] QString tokenFileError() const;

    /// Why the impersonation fields cannot be sent, "" when they can: a uid, group or extra
    /// without a user (clientcmd's validateAuthInfo: "requesting uid, groups or user-extra for
    /// USER without impersonating a user"), more than one group or more than one value for an
    /// extra key (one header each in Qt 6.4, see above). Session::start calls it after the
    /// command line's --as/--as-uid/--as-group replaced the kubeconfig's.
    QString impersonationError() const;

    /// "Impersonate-Extra-" and `key` %-escaped as client-go's headerKeyEscape escapes it
    /// (every byte that is not an RFC 7230 token character, and '%', as %XX).
    static QByteArray impersonateExtraHeader(const QString &key);

    /// True when a request can be made now: no exec plugin, or its credential is valid.
    bool credentialReady() const { return !exec || exec->hasValidCredential(); }
    /// Calls `then("")` when a request can be made: at once without an exec plugin or with a
    /// valid credential, else after the plugin's run (one run for every caller waiting), with
    /// `then(why)` when it failed: "getting credentials: the exec credential plugin \"aws\"
    /// did not answer within 10 s" (client-go's round tripper words it "getting credentials:
    /// exec: ..."). Dropped when `context` is destroyed first. Never blocks.
    void withCredential(QObject *context, std::function<void(const QString &error)> then) const;

    /// What a user may see, e.g. "context kind-dev (cluster kind-dev, user kind-dev: client
    /// certificate)": names and the kind of credentials, never their value.
    QString description() const;

    /// "bearer token", "token file", "client certificate", "exec plugin aws", "basic auth" or
    /// "no credentials".
    QString credentialKind() const;

private:
    mutable QString m_fileToken;
    mutable QDateTime m_fileTokenRead;
};

/// Parses a PEM private key of any algorithm Qt supports (RSA, EC, DSA; PKCS#1, SEC1 or
/// PKCS#8). Returns a null key when none of them parses.
QSslKey privateKeyFromPem(const QByteArray &pem);

} // namespace lens
