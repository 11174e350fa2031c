// SPDX-License-Identifier: Apache-2.0
#include "restconfig.h"

#include "api/boundedfile.h"

#include "api/version.h"

#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkRequest>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTimer>

#include <utility>

namespace lens {

QSslKey privateKeyFromPem(const QByteArray &pem)
{
    for (const QSsl::KeyAlgorithm alg : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa}) {
        QSslKey key(pem, alg, QSsl::Pem, QSsl::PrivateKey);
        if (!key.isNull())
            return key;
    }
    return {};
}

ExecCredentialPlugin::ExecCredentialPlugin(QObject *parent) : QObject(parent) {}

ExecCredentialPlugin::~ExecCredentialPlugin()
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(1000); // reaped, not left a zombie
    }
}

bool ExecCredentialPlugin::hasValidCredential() const
{
    return m_fetched && (!m_expiry.isValid() || QDateTime::currentDateTimeUtc() < m_expiry);
}

void ExecCredentialPlugin::finish(const QString &error)
{
    if (m_deadline)
        m_deadline->stop();
    m_stderrTail.clear();
    if (m_process) {
        QProcess *p = std::exchange(m_process, nullptr);
        p->disconnect(this);
        if (p->state() != QProcess::NotRunning) {
            // Killed and reaped now (SIGKILL: at once), so that it neither lingers as a zombie
            // nor is destroyed running when the program ends right after (Qt's "QProcess:
            // Destroyed while process ... is still running" on stderr).
            p->kill();
            p->waitForFinished(1000);
        }
        p->deleteLater();
    }
    m_error = error.isEmpty()
                  ? QString()
                  : QStringLiteral("the exec credential plugin \"%1\" %2").arg(command, error);
    Q_EMIT finished(error.isEmpty());
}

void ExecCredentialPlugin::fetch()
{
    if (m_process)
        return; // the run under way answers every caller
    if (hasValidCredential()) {
        QMetaObject::invokeMethod(
            this, [this] { Q_EMIT finished(true); }, Qt::QueuedConnection);
        return;
    }
    if (interactiveMode == QLatin1String("Always")) {
        QMetaObject::invokeMethod(
            this,
            [this] {
                finish(QStringLiteral("needs a terminal (interactiveMode: Always); Informer "
                                      "Lens runs plugins without one"));
            },
            Qt::QueuedConnection);
        return;
    }
    ++m_runs;
    m_process = new QProcess(this);
    QProcessEnvironment procEnv = QProcessEnvironment::systemEnvironment();
    for (const auto &[name, value] : env)
        procEnv.insert(name, value);
    const QJsonObject info{
        {QStringLiteral("apiVersion"), apiVersion},
        {QStringLiteral("kind"), QStringLiteral("ExecCredential")},
        {QStringLiteral("spec"), QJsonObject{{QStringLiteral("interactive"), false}}}};
    procEnv.insert(QStringLiteral("KUBERNETES_EXEC_INFO"),
                   QString::fromUtf8(QJsonDocument(info).toJson(QJsonDocument::Compact)));
    m_process->setProcessEnvironment(procEnv);
    m_process->setProgram(command);
    m_process->setArguments(args);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return; // crashes and timeouts end in finished() or the deadline
        const QString hint = installHint.trimmed();
        finish(QStringLiteral("could not be started (%1)%2")
                   .arg(m_process->errorString(),
                        hint.isEmpty() ? QString() : QStringLiteral(". ") + hint));
    });
    // An ExecCredential is a few KB: a plugin that prints without end is stopped at 1 MiB on
    // stdout (64 KiB on stderr, of which only the last line is shown) instead of growing this
    // process until it is killed.
    constexpr qint64 kMaxOutput = qint64(1) << 20, kMaxErrors = qint64(64) << 10;
    connect(m_process, &QProcess::readyReadStandardOutput, this, [this] {
        if (m_process->bytesAvailable() > kMaxOutput)
            finish(QStringLiteral("printed more than %1 without ending (an ExecCredential is a "
                                  "few KB); stopped")
                       .arg(byteLimitText(kMaxOutput)));
    });
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        // Keep the end of stderr only: the last line is what an error message quotes.
        m_stderrTail += m_process->readAllStandardError();
        if (m_stderrTail.size() > kMaxErrors)
            m_stderrTail = m_stderrTail.right(kMaxErrors);
    });
    connect(m_process, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
        if (status != QProcess::NormalExit || code != 0) {
            m_stderrTail += m_process->readAllStandardError();
            const QList<QByteArray> lines = m_stderrTail.right(kMaxErrors).trimmed().split('\n');
            finish(QStringLiteral("exited with code %1%2")
                       .arg(code)
                       .arg(lines.constLast().isEmpty()
                                ? QString()
                                : QStringLiteral(": ") + QString::fromUtf8(lines.constLast())));
            return;
        }
        finish(takeCredential(m_process->readAllStandardOutput()));
    });
    if (!m_deadline) {
        m_deadline = new QTimer(this);
        m_deadline->setSingleShot(true);
        connect(m_deadline, &QTimer::timeout, this, [this] {
            finish(QStringLiteral("did not answer within %1 s (stopped; the next request that "
                                  "needs a credential runs it again)")
                       .arg(double(timeoutMs) / 1000));
        });
    }
    m_deadline->start(timeoutMs);
    m_process->start(QIODevice::ReadOnly);
}

bool ExecCredentialPlugin::fetchAndWait(QString *error)
{
    if (!hasValidCredential()) {
        QEventLoop loop;
        connect(this, &ExecCredentialPlugin::finished, &loop, &QEventLoop::quit);
        fetch();
        if (!hasValidCredential() || isRunning())
            loop.exec();
        // The wait ended by someone else (QCoreApplication::exit() after a termination
        // signal) while the plugin still ran: stop it and say so.
        if (isRunning())
            finish(QStringLiteral("was stopped before it answered: the program is stopping"));
    }
    if (error)
        *error = m_error;
    return hasValidCredential();
}

QString ExecCredentialPlugin::takeCredential(const QByteArray &printed)
{
    QJsonParseError pe{};
    const QJsonObject out = QJsonDocument::fromJson(printed, &pe).object();
    if (pe.error != QJsonParseError::NoError)
        return QStringLiteral("printed something that is not JSON (%1 at byte %2)")
            .arg(pe.errorString())
            .arg(pe.offset);
    if (out.value(QStringLiteral("kind")).toString() != QLatin1String("ExecCredential"))
        return QStringLiteral("printed JSON that is not an ExecCredential");
    if (!apiVersion.isEmpty() && out.value(QStringLiteral("apiVersion")).toString() != apiVersion)
        return QStringLiteral("answered with apiVersion \"%1\", the kubeconfig asks for \"%2\"")
            .arg(out.value(QStringLiteral("apiVersion")).toString(), apiVersion);
    const QJsonObject status = out.value(QStringLiteral("status")).toObject();
    const QString token = status.value(QStringLiteral("token")).toString();
    const QByteArray certPem =
        status.value(QStringLiteral("clientCertificateData")).toString().toUtf8();
    const QByteArray keyPem = status.value(QStringLiteral("clientKeyData")).toString().toUtf8();
    QSslCertificate cert;
    QSslKey key;
    if (!certPem.isEmpty() || !keyPem.isEmpty()) {
        const QList<QSslCertificate> certs = QSslCertificate::fromData(certPem, QSsl::Pem);
        key = privateKeyFromPem(keyPem);
        if (certs.isEmpty() || key.isNull())
            return QStringLiteral("returned a client certificate or key that is not valid PEM");
        cert = certs.constFirst();
    }
    if (token.isEmpty() && cert.isNull())
        return QStringLiteral("returned neither status.token nor a client certificate");
    if (const QString why = RestConfig::tokenProblem(token); !why.isEmpty())
        return QStringLiteral("returned a status.token that cannot be sent: %1").arg(why);
    const QString expiry = status.value(QStringLiteral("expirationTimestamp")).toString();
    const QDateTime expires =
        expiry.isEmpty() ? QDateTime() : QDateTime::fromString(expiry, Qt::ISODate);
    if (!expiry.isEmpty() && !expires.isValid())
        return QStringLiteral("returned an expirationTimestamp that is not an RFC 3339 time "
                              "(\"%1\")")
            .arg(expiry.left(40));
    // A credential already expired cannot be used: it would be fetched again at once, and the
    // request that waited on it would fail with no reason given.
    if (expires.isValid() && expires <= QDateTime::currentDateTimeUtc())
        return QStringLiteral("returned a credential that had already expired (expirationTimestamp "
                              "%1; the clock here says %2)")
            .arg(expiry, QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    m_expiry = expires;
    m_token = token;
    m_cert = cert;
    m_key = key;
    m_fetched = true;
    return {};
}

QSslConfiguration RestConfig::sslConfiguration() const
{
    QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
    // TLS 1.2 or later, whatever the system's OpenSSL configuration allows (Go's crypto/tls,
    // which kubectl uses, offers no less as a client since Go 1.22).
    ssl.setProtocol(QSsl::TlsV1_2OrLater);
    if (!caCertificates.isEmpty())
        ssl.setCaCertificates(caCertificates);
    if (insecureSkipTlsVerify)
        ssl.setPeerVerifyMode(QSslSocket::VerifyNone);
    QSslCertificate cert = clientCertificate;
    QSslKey key = clientKey;
    if (exec && !exec->clientCertificate().isNull()) {
        cert = exec->clientCertificate();
        key = exec->clientKey();
    }
    if (!cert.isNull()) {
        ssl.setLocalCertificate(cert);
        ssl.setPrivateKey(key);
    }
    return ssl;
}

QUrl RestConfig::url(const QString &path) const
{
    QUrl u = server;
    QString base = u.path();
    if (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    u.setPath(base + path);
    return u;
}

QByteArray RestConfig::userAgent()
{
    return QStringLiteral("informer-lens/%1").arg(projectVersion()).toLatin1();
}

QNetworkRequest RestConfig::request(const QUrl &url) const
{
    QNetworkRequest req(url);
    req.setRawHeader("Accept", "application/json");
    req.setRawHeader("User-Agent", userAgent());
    apply(&req);
    return req;
}

void RestConfig::withCredential(QObject *context,
                                std::function<void(const QString &error)> then) const
{
    if (credentialReady()) {
        then({});
        return;
    }
    // One connection per caller, gone after the run it waited for (or with `context`).
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = QObject::connect(
        exec.get(), &ExecCredentialPlugin::finished, context,
        [connection, plugin = exec.get(), then = std::move(then)](bool ok) {
            QObject::disconnect(*connection);
            then(ok ? QString()
                    : QStringLiteral("getting credentials: %1").arg(plugin->lastError()));
        });
    exec->fetch();
}

void RestConfig::takeServerUserInfo()
{
    if (server.userInfo().isEmpty())
        return;
    if (username.isEmpty()) {
        username = server.userName();
        password = server.password();
    }
    server = server.adjusted(QUrl::RemoveUserInfo);
}

QString RestConfig::tokenProblem(const QString &token)
{
    // Bytes that are not UTF-8 were read as U+FFFD: what would be sent is not the token.
    // (kubectl sends a token's bytes as they are; this client holds text.)
    if (token.contains(QChar::ReplacementCharacter))
        return QStringLiteral("the token holds bytes that are not UTF-8 (read as U+FFFD): they "
                              "would be sent altered, so nothing is sent");
    for (const QChar c : token)
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return QStringLiteral("the token holds a control character (U+%1): only one line "
                                  "of printable text can be sent as a bearer token")
                .arg(c.unicode(), 4, 16, QLatin1Char('0'));
    return {};
}

void RestConfig::apply(QNetworkRequest *request) const
{
    // Redirects are followed within the server's origin only: the credentials and the
    // impersonation headers never go to another host. Go's net/http follows a redirect to
    // another host without Authorization; Qt 6.4 cannot drop a header on the way, so such a
    // redirect is not followed and the request fails, saying where it pointed.
    request->setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                          QNetworkRequest::SameOriginRedirectPolicy);
    if (server.scheme() == QLatin1String("https")) {
        request->setSslConfiguration(sslConfiguration());
        if (!tlsServerName.isEmpty())
            request->setPeerVerifyName(tlsServerName);
    }
    QString token = bearerToken;
    if (token.isEmpty() && !bearerTokenFile.isEmpty()) {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        if (!m_fileTokenRead.isValid() || m_fileTokenRead.secsTo(now) >= 60) {
            QByteArray text;
            if (readBoundedFile(bearerTokenFile, fileLimits::kTokenFile, &text, nullptr))
                m_fileToken = QString::fromUtf8(text).trimmed();
            m_fileTokenRead = now;
        }
        token = m_fileToken;
    }
    if (token.isEmpty() && exec)
        token = exec->token();
    if (!token.isEmpty() && tokenProblem(token).isEmpty())
        request->setRawHeader("Authorization", "Bearer " + token.toUtf8());
    else if (!username.isEmpty())
        request->setRawHeader("Authorization",
                              "Basic " +
                                  (username + QLatin1Char(':') + password).toUtf8().toBase64());
    // client-go's transport.NewImpersonatingRoundTripper. It sends one Impersonate-Group
    // header per group (and per extra value); QNetworkRequest (Qt 6.4) holds one value per
    // header name, so impersonationError() lets at most one through.
    if (!impersonateUser.isEmpty())
        request->setRawHeader("Impersonate-User", impersonateUser.toUtf8());
    if (!impersonateUid.isEmpty())
        request->setRawHeader("Impersonate-Uid", impersonateUid.toUtf8());
    if (!impersonateGroups.isEmpty())
        request->setRawHeader("Impersonate-Group", impersonateGroups.first().toUtf8());
    for (auto it = impersonateExtra.cbegin(); it != impersonateExtra.cend(); ++it)
        if (!it.value().isEmpty())
            request->setRawHeader(impersonateExtraHeader(it.key()), it.value().first().toUtf8());
    if (timeoutMs > 0)
        request->setAttribute(timeoutAttribute, timeoutMs);
}

QString RestConfig::headerValueProblem(const QString &value)
{
    // golang.org/x/net/http/httpguts.ValidHeaderFieldValue: no control byte but the tab.
    for (const QChar c : value)
        if ((c.unicode() < 0x20 && c != QLatin1Char('\t')) || c.unicode() == 0x7f)
            return QStringLiteral("holds a control character (U+%1)%2")
                .arg(c.unicode(), 4, 16, QLatin1Char('0'))
                .arg(c == QLatin1Char('\n') || c == QLatin1Char('\r')
                         ? QStringLiteral(", a line break that would start a header of its own")
                         : QString());
    return {};
}

QString RestConfig::tokenFileError() const
{
    if (!bearerToken.isEmpty() || bearerTokenFile.isEmpty())
        return {};
    // transport.NewBearerAuthWithRefreshRoundTripper reads the file once when the client is
    // made and fails then (fileTokenSource.Token).
    QByteArray text;
    QString why;
    if (!readBoundedFile(bearerTokenFile, fileLimits::kTokenFile, &text, &why))
        return QStringLiteral("the token file (tokenFile): %1").arg(why);
    const QString token = QString::fromUtf8(text).trimmed();
    if (token.isEmpty())
        return QStringLiteral("read empty token from file \"%1\"").arg(bearerTokenFile);
    if (const QString problem = tokenProblem(token); !problem.isEmpty())
        return QStringLiteral("the token file %1: %2").arg(bearerTokenFile, problem);
    return {};
}

QString RestConfig::headerError() const
{
    auto refuse = [](const QString &what, const char *header, const QString &why) {
        return QStringLiteral("%1 %2: it cannot be sent as the %3 header (Go's net/http, "
                              "and so kubectl, refuses it too: invalid header field value)")
            .arg(what, why, QLatin1String(header));
    };
    if (bearerToken.contains(QChar::ReplacementCharacter))
        return QStringLiteral("the bearer token (--token or the kubeconfig's token): %1")
            .arg(tokenProblem(bearerToken));
    if (const QString why = headerValueProblem(bearerToken); !why.isEmpty())
        return refuse(QStringLiteral("the bearer token (--token or the kubeconfig's token)"),
                      "Authorization", why);
    if (const QString why = headerValueProblem(impersonateUser); !why.isEmpty())
        return refuse(QStringLiteral("the user to impersonate (--as or the kubeconfig's as)"),
                      "Impersonate-User", why);
    if (const QString why = headerValueProblem(impersonateUid); !why.isEmpty())
        return refuse(
            QStringLiteral("the uid to impersonate (--as-uid or the kubeconfig's as-uid)"),
            "Impersonate-Uid", why);
    for (const QString &g : impersonateGroups)
        if (const QString why = headerValueProblem(g); !why.isEmpty())
            return refuse(
                QStringLiteral("a group to impersonate (--as-group or the kubeconfig's as-groups)"),
                "Impersonate-Group", why);
    for (auto it = impersonateExtra.cbegin(); it != impersonateExtra.cend(); ++it)
        for (const QString &v : it.value())
            if (const QString why = headerValueProblem(v); !why.isEmpty())
                return refuse(QStringLiteral("the kubeconfig's as-user-extra \"%1\"").arg(it.key()),
                              "Impersonate-Extra-", why);
    return {};
}

QString RestConfig::impersonationError() const
{
    // clientcmd's validateAuthInfo (client-go tools/clientcmd/validation.go).
    if (impersonateUser.isEmpty() &&
        (!impersonateUid.isEmpty() || !impersonateGroups.isEmpty() || !impersonateExtra.isEmpty()))
        return QStringLiteral("requesting uid, groups or user-extra for %1 without "
                              "impersonating a user")
            .arg(userName.isEmpty() ? QStringLiteral("the command line") : userName);
    if (impersonateGroups.size() > 1)
        return QStringLiteral("%1 Impersonate-Group values asked for (%2): Informer Lens sends "
                              "one (Qt 6.4's HTTP client cannot repeat a header); name one with "
                              "--as-group")
            .arg(impersonateGroups.size())
            .arg(impersonateGroups.join(QStringLiteral(", ")));
    for (auto it = impersonateExtra.cbegin(); it != impersonateExtra.cend(); ++it)
        if (it.value().size() > 1)
            return QStringLiteral("as-user-extra \"%1\" has %2 values: Informer Lens sends one "
                                  "Impersonate-Extra-%1 header (Qt 6.4's HTTP client cannot "
                                  "repeat a header)")
                .arg(it.key())
                .arg(it.value().size());
    return {};
}

QByteArray RestConfig::impersonateExtraHeader(const QString &key)
{
    // client-go transport/round_trippers.go headerKeyEscape over net/http's isTokenTable.
    static const QByteArray tokenPunctuation("!#$&'*+-.^_`|~");
    QByteArray out("Impersonate-Extra-");
    for (const char c : key.toUtf8()) {
        const auto b = static_cast<unsigned char>(c);
        const bool legal = (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') ||
                           (b >= 'A' && b <= 'Z') || tokenPunctuation.contains(c);
        if (legal)
            out += c;
        else
            out += '%' + QByteArray::number(b, 16).toUpper().rightJustified(2, '0');
    }
    return out;
}

QString RestConfig::credentialKind() const
{
    if (!bearerToken.isEmpty())
        return QStringLiteral("bearer token");
    if (!bearerTokenFile.isEmpty())
        return QStringLiteral("token file");
    if (exec)
        return QStringLiteral("exec plugin %1").arg(exec->command);
    if (!clientCertificate.isNull())
        return QStringLiteral("client certificate");
    if (!username.isEmpty())
        return QStringLiteral("basic auth");
    return QStringLiteral("no credentials");
}

QString RestConfig::description() const
{
    if (contextName.isEmpty())
        return credentialKind();
    return QStringLiteral("context %1 (cluster %2, user %3: %4)")
        .arg(contextName, clusterName, userName.isEmpty() ? QStringLiteral("-") : userName,
             credentialKind());
}

} // namespace lens
