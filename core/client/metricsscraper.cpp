// SPDX-License-Identifier: Apache-2.0
#include "metricsscraper.h"

#include "httpcalls.h"
#include "trace/journal.h"

#include <QDateTime>
#include <QNetworkReply>

namespace lens::metrics {

MetricsScraper::MetricsScraper(const RestConfig &config, const ScrapeTarget &target,
                               Journal *journal, const Options &options, QObject *parent)
    : QObject(parent), m_config(config), m_target(target), m_journal(journal), m_options(options)
{
    m_options.intervalMs = std::max(1, m_options.intervalMs);
    m_timer.setInterval(m_options.intervalMs);
    connect(&m_timer, &QTimer::timeout, this, &MetricsScraper::scrapeNow);
}

MetricsScraper::~MetricsScraper()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
    }
}

QByteArray MetricsScraper::acceptHeader()
{
    return QByteArrayLiteral("application/openmetrics-text;version=1.0.0,"
                             "application/openmetrics-text;version=0.0.1;q=0.75,"
                             "text/plain;version=0.0.4;q=0.5,*/*;q=0.1");
}

QString MetricsScraper::displayUrl() const
{
    if (m_target.kind == ScrapeTarget::Kind::Url)
        return m_target.toString();
    return m_config.url(m_target.proxyPath())
        .adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment)
        .toString();
}

void MetricsScraper::start()
{
    m_timer.start();
    scrapeNow();
}

void MetricsScraper::stop()
{
    m_timer.stop();
}

void MetricsScraper::setIntervalMs(int ms)
{
    m_options.intervalMs = std::max(1, ms);
    m_timer.setInterval(m_options.intervalMs);
}

void MetricsScraper::scrapeNow()
{
    if (m_reply)
        return;
    const QUrl url = m_target.kind == ScrapeTarget::Kind::Url ? m_target.url
                                                              : m_config.url(m_target.proxyPath());
    QNetworkRequest req = m_config.request(url);
    req.setRawHeader("Accept", acceptHeader());
    m_tooLarge = false;
    m_timedOut = false;
    m_startedMs = QDateTime::currentMSecsSinceEpoch();
    m_reply = m_nam.get(req);
    QNetworkReply *reply = m_reply;
    connect(reply, &QNetworkReply::downloadProgress, this, [this, reply](qint64 received, qint64) {
        if (received > m_options.maxBodyBytes && !m_tooLarge) {
            m_tooLarge = true;
            reply->abort();
        }
    });
    // Prometheus' scrape_timeout bounds the whole scrape, body included: a server that
    // trickles a byte now and then is cut off too (a transfer timeout would restart on each).
    auto *deadline = new QTimer(reply);
    deadline->setSingleShot(true);
    connect(deadline, &QTimer::timeout, this, [this, reply] {
        if (reply->isFinished())
            return;
        m_timedOut = true;
        reply->abort();
    });
    deadline->start(m_options.timeoutMs);
    connect(reply, &QNetworkReply::finished, this, [this, reply] { finish(reply); });
}

bool MetricsScraper::sendsCredentials() const
{
    return !m_config.bearerToken.isEmpty() || !m_config.bearerTokenFile.isEmpty() ||
           !m_config.username.isEmpty() || m_config.exec || !m_target.url.userInfo().isEmpty() ||
           !m_config.clientCertificate.isNull();
}

QString MetricsScraper::failureWords(QNetworkReply *reply, int code, const QByteArray &body) const
{
    if (m_target.kind != ScrapeTarget::Kind::Url) {
        // The API server answered (or did not): its Status says why, as for any request.
        const ApiStatus s = statusFromReply(reply, body);
        QString why = s.describeCause();
        if (code == 401)
            why += QStringLiteral(" — the API server refused the kubeconfig's credentials");
        else if (code == 403)
            why += QStringLiteral(" — the user needs RBAC get on %1/proxy in namespace %2")
                       .arg(m_target.kind == ScrapeTarget::Kind::Pod ? QStringLiteral("pods")
                                                                     : QStringLiteral("services"),
                            m_target.namespace_);
        return why;
    }
    const QString where = m_target.url.host() + QLatin1Char(':') +
                          QString::number(m_target.url.port(
                              m_target.url.scheme() == QLatin1String("https") ? 443 : 80));
    if (code == 0) {
        QString why = QStringLiteral("cannot connect to %1: %2").arg(where, reply->errorString());
        const auto e = reply->error();
        if (e == QNetworkReply::SslHandshakeFailedError)
            why += QStringLiteral(" — the server's certificate was not verified: give its CA in "
                                  "the kubeconfig, or --metrics-insecure to skip the check");
        return why;
    }
    QString why = QStringLiteral("HTTP %1 %2")
                      .arg(code)
                      .arg(reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString());
    if (code == 401)
        why += sendsCredentials()
                   ? QStringLiteral(" — the credentials sent were refused")
                   : QStringLiteral(" — the server asks for credentials and none were sent: "
                                    "--metrics-token-file FILE");
    else if (code == 403)
        why += QStringLiteral(" — the credentials may not read /metrics (a controller-runtime "
                              "metrics server with authorization wants get on the "
                              "non-resource URL /metrics)");
    return why;
}

void MetricsScraper::finish(QNetworkReply *reply)
{
    reply->deleteLater();
    m_reply = nullptr;
    const qint64 latency = QDateTime::currentMSecsSinceEpoch() - m_startedMs;
    const int code = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (m_tooLarge) {
        record(false, code, latency, m_options.maxBodyBytes, QStringLiteral("too large"),
               QStringLiteral("the body is larger than %1 MiB: the scrape was cut off there")
                   .arg(m_options.maxBodyBytes / (1024 * 1024)));
        return;
    }
    // A reply aborted (deadline) is closed: nothing to read.
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
    const bool timedOut =
        m_timedOut || (code == 0 && reply->error() == QNetworkReply::TimeoutError);
    if (timedOut) {
        record(false, code, latency, body.size(), QStringLiteral("timeout"),
               QStringLiteral("no whole answer within %1 s (the scrape timeout): the server is "
                              "slow, or sends its body too slowly")
                   .arg(double(m_options.timeoutMs) / 1000.0));
        return;
    }
    if (code == 0 || code / 100 != 2) {
        record(false, code, latency, body.size(),
               code != 0 ? QStringLiteral("http") : QStringLiteral("unreachable"),
               failureWords(reply, code, body));
        return;
    }
    if (reply->error() != QNetworkReply::NoError) {
        // HTTP 200, then the connection broke or the body did not decode.
        record(false, code, latency, body.size(), QStringLiteral("not metrics"),
               QStringLiteral("the body was cut short after %1 bytes: %2")
                   .arg(body.size())
                   .arg(reply->errorString()));
        return;
    }
    const QByteArray contentType = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray();
    const ExpositionFormat format = expositionFormatFor(contentType);
    Exposition e;
    ExpositionError error;
    if (!parseExposition(body, format, &e, &error, &ScrapeFigures::wanted)) {
        QString why =
            QStringLiteral("the answer is not Prometheus metrics (%1)").arg(error.toString());
        if (!contentType.isEmpty())
            why += QStringLiteral("; its Content-Type is %1").arg(QString::fromLatin1(contentType));
        record(false, code, latency, body.size(), QStringLiteral("not metrics"), why);
        return;
    }
    if (e.familyCount == 0) {
        // Valid for Prometheus, but no process that registers a workqueue answers it.
        record(false, code, latency, body.size(), QStringLiteral("not metrics"),
               QStringLiteral("the answer holds no metric families (%1)")
                   .arg(body.trimmed().isEmpty() ? QStringLiteral("an empty body")
                                                 : QStringLiteral("only comments")));
        return;
    }
    const ScrapeFigures f = ScrapeFigures::fromExposition(e, m_options.maxSeriesPerFamily);
    record(true, code, latency, body.size(), {}, {},
           format == ExpositionFormat::OpenMetrics1 ? QStringLiteral("openmetrics")
                                                    : QStringLiteral("text"),
           &e, &f);
}

void MetricsScraper::record(bool ok, int code, qint64 latencyMs, qint64 bytes,
                            const QString &failure, const QString &error, const QString &format,
                            const Exposition *e, const ScrapeFigures *figures)
{
    ++m_scrapes;
    if (ok) {
        m_lastGood = *figures;
        m_lastError.clear();
    } else {
        ++m_failures;
        m_lastError = error;
    }
    if (m_journal) {
        TraceEvent ev;
        ev.kind = TraceKind::MetricsScraped;
        ev.component = QStringLiteral("metrics");
        ev.key = m_target.toString();
        QJsonObject d{{QStringLiteral("target"), m_target.toString()},
                      {QStringLiteral("code"), code},
                      {QStringLiteral("latencyMs"), latencyMs},
                      {QStringLiteral("bytes"), bytes}};
        if (m_target.kind == ScrapeTarget::Kind::Url)
            d.insert(QStringLiteral("url"), displayUrl());
        else
            d.insert(QStringLiteral("path"), m_target.proxyPath());
        if (ok) {
            d.insert(QStringLiteral("format"), format);
            d.insert(QStringLiteral("families"), e->familyCount);
            d.insert(QStringLiteral("samples"), qint64(e->sampleCount));
            d.insert(QStringLiteral("figures"), figures->toJson());
        } else {
            d.insert(QStringLiteral("failure"), failure);
            d.insert(QStringLiteral("error"), error);
        }
        ev.detail = d;
        m_journal->record(std::move(ev));
    }
    Q_EMIT scrapeFinished(ok);
}

} // namespace lens::metrics
