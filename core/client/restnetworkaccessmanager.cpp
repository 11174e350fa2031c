// SPDX-License-Identifier: Apache-2.0
#include "restnetworkaccessmanager.h"

#include "restconfig.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QNetworkReply>
#include <QPointer>
#include <QRegularExpression>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTimer>
#include <QUrlQuery>

#include <atomic>
#include <chrono>
#include <climits>
#include <cstdio>
#include <memory>

#include <unistd.h>

namespace lens {

namespace {
std::atomic<int> g_verbosity{0};
/// The reply property set when the timeout aborted it (its value: the timeout in ms).
constexpr char kTimedOutProperty[] = "lens.requestTimeoutMs";
constexpr char kRefusedCertificateProperty[] = "lens.refusedCertificate";

/// klog's header: "I1202 11:30:00.123456   12345 round_trippers.go] " (severity, month and
/// day, local time to the microsecond, process id, where).
QByteArray klogPrefix()
{
    const qint64 us = std::chrono::duration_cast<std::chrono::microseconds>(
                          std::chrono::system_clock::now().time_since_epoch())
                          .count();
    const QDateTime now = QDateTime::fromMSecsSinceEpoch(us / 1000);
    return QByteArray("I") + now.toString(QStringLiteral("MMdd hh:mm:ss.")).toLatin1() +
           QByteArray::number(us % 1000000).rightJustified(6, '0') + ' ' +
           QByteArray::number(qint64(::getpid())).rightJustified(7, ' ') + " round_trippers.go] ";
}

void logLine(const QByteArray &text)
{
    const QByteArray line = klogPrefix() + text + '\n';
    std::fwrite(line.constData(), 1, size_t(line.size()), stderr);
}

QByteArray verb(QNetworkAccessManager::Operation op, const QNetworkRequest &request)
{
    switch (op) {
    case QNetworkAccessManager::HeadOperation:
        return "HEAD";
    case QNetworkAccessManager::GetOperation:
        return "GET";
    case QNetworkAccessManager::PutOperation:
        return "PUT";
    case QNetworkAccessManager::PostOperation:
        return "POST";
    case QNetworkAccessManager::DeleteOperation:
        return "DELETE";
    case QNetworkAccessManager::CustomOperation:
        return request.attribute(QNetworkRequest::CustomVerbAttribute).toByteArray();
    case QNetworkAccessManager::UnknownOperation:
        break;
    }
    return "?";
}
} // namespace

void RestNetworkAccessManager::setVerbosity(int level)
{
    g_verbosity = level;
}

int RestNetworkAccessManager::verbosity()
{
    return g_verbosity;
}

bool RestNetworkAccessManager::refusedLegacyCommonName(const QNetworkReply *reply)
{
    return reply->property(kRefusedCertificateProperty).toBool();
}

qint64 RestNetworkAccessManager::timedOutAfterMs(const QNetworkReply *reply)
{
    return reply->property(kTimedOutProperty).toLongLong();
}

QByteArray RestNetworkAccessManager::loggedHeaderValue(const QByteArray &name,
                                                       const QByteArray &value)
{
    // round_trippers.go maskValue: the scheme stays, the credential does not.
    if (name.compare("Authorization", Qt::CaseInsensitive) == 0 ||
        name.compare("Proxy-Authorization", Qt::CaseInsensitive) == 0) {
        const qsizetype space = value.indexOf(' ');
        return (space > 0 ? value.left(space + 1) : QByteArray()) + "<masked>";
    }
    return value;
}

QString RestNetworkAccessManager::shownUrl(const QUrl &url)
{
    return QUrl::fromPercentEncoding(loggedUrl(url));
}

QByteArray RestNetworkAccessManager::loggedUrl(const QUrl &url)
{
    QUrl shown = url.adjusted(QUrl::RemoveUserInfo);
    if (shown.hasQuery()) {
        static const QRegularExpression secret(
            QStringLiteral("token|secret|passw|key|auth|sig|credential"),
            QRegularExpression::CaseInsensitiveOption);
        QUrlQuery q(shown);
        auto items = q.queryItems(QUrl::FullyEncoded);
        for (auto &item : items)
            if (secret.match(item.first).hasMatch())
                item.second = QStringLiteral("<masked>");
        q.setQueryItems(items);
        shown.setQuery(q);
    }
    return shown.toEncoded();
}

QString RestNetworkAccessManager::maskedUrlText(const QString &text)
{
    // Everything from "//" to the last "@" of the text: a password that breaks the URL (a
    // space, a tab, a "#" or a "/" in it) must not end the masking early, so the URL's own
    // rules (RFC 3986) are not what decides here.
    static const QRegularExpression userInfo(QStringLiteral("(//).*@"),
                                             QRegularExpression::DotMatchesEverythingOption);
    QString out = text;
    out.replace(userInfo, QStringLiteral("\\1<masked>@"));
    return out;
}

QNetworkReply *RestNetworkAccessManager::createRequest(Operation op, const QNetworkRequest &request,
                                                       QIODevice *outgoingData)
{
    QNetworkReply *reply = QNetworkAccessManager::createRequest(op, request, outgoingData);
    const qint64 timeoutMs = request.attribute(RestConfig::timeoutAttribute).toLongLong();
    if (timeoutMs > 0) {
        auto *timer = new QTimer(reply);
        timer->setSingleShot(true);
        connect(timer, &QTimer::timeout, reply, [reply, timeoutMs] {
            if (reply->isFinished())
                return;
            reply->setProperty(kTimedOutProperty, timeoutMs);
            reply->abort();
        });
        connect(reply, &QNetworkReply::finished, timer, &QTimer::stop);
        timer->start(int(qMin<qint64>(timeoutMs, INT_MAX)));
    }
    // Go's crypto/x509 (1.15 and later, so kubectl and client-go) checks the host name against
    // the certificate's subject alternative names only; OpenSSL still falls back to the Common
    // Name. A verified certificate without any SAN is refused as Go refuses it.
    if (request.url().scheme() == QLatin1String("https") &&
        request.sslConfiguration().peerVerifyMode() != QSslSocket::VerifyNone) {
        connect(reply, &QNetworkReply::encrypted, reply, [reply] {
            const QSslCertificate peer = reply->sslConfiguration().peerCertificate();
            if (peer.isNull() || !peer.subjectAlternativeNames().isEmpty())
                return;
            reply->setProperty(kRefusedCertificateProperty, true);
            reply->abort();
        });
    }
    const int level = g_verbosity;
    if (level < 6)
        return reply;
    const QByteArray line = verb(op, request) + ' ' + loggedUrl(request.url());
    if (level >= 7) {
        QByteArray headers = "Request Headers:";
        for (const QByteArray &name : request.rawHeaderList())
            headers += "\n    " + name + ": " + loggedHeaderValue(name, request.rawHeader(name));
        logLine(line + '\n' + headers);
    }
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    auto logged = std::make_shared<bool>(false);
    auto report = [reply, line, clock, logged, level] {
        if (*logged)
            return;
        *logged = true;
        const QVariant code = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
        QByteArray status =
            code.isValid()
                ? QByteArray::number(code.toInt()) + ' ' +
                      reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toByteArray()
                : QByteArray(" ");
        logLine(line + ' ' + status + " in " + QByteArray::number(clock->elapsed()) +
                " milliseconds" +
                (code.isValid() || reply->error() == QNetworkReply::NoError
                     ? QByteArray()
                     : " (" + reply->errorString().toUtf8() + ')'));
        if (level >= 8 && code.isValid()) {
            QByteArray headers = "Response Headers:";
            for (const auto &pair : reply->rawHeaderPairs())
                headers += "\n    " + pair.first + ": " + pair.second;
            logLine(headers);
        }
    };
    // The round trip ends when the headers arrive (a watch's body then streams for minutes),
    // or when the request fails without any.
    connect(reply, &QNetworkReply::metaDataChanged, reply, report);
    connect(reply, &QNetworkReply::finished, reply, report);
    return reply;
}

} // namespace lens
