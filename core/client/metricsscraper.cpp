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
    req.setTransferTimeout(m_options.timeoutMs);
    m_tooLarge = false;
    m_startedMs = QDateTime::currentMSecsSinceEpoch();
    m_reply = m_nam.get(req);
    QNetworkReply *reply = m_reply;
    connect(reply, &QNetworkReply::downloadProgress, this, [this, reply](qint64 received, qint64) {
        if (received > m_options.maxBodyBytes && !m_tooLarge) {
            m_tooLarge = true;
            reply->abort();
        }
    });
    connect(reply, &QNetworkReply::finished, this, [this, reply] { finish(reply); });
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
    // A reply aborted by its transfer timeout is closed: nothing to read.
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
    if (reply->error() != QNetworkReply::NoError || code / 100 != 2) {
        const ApiStatus s = statusFromReply(reply, body);
        const bool timedOut =
            code == 0 && (reply->error() == QNetworkReply::TimeoutError ||
                          reply->error() == QNetworkReply::OperationCanceledError);
        QString why = s.describeCause();
        if (code == 401)
            why += QStringLiteral(" — the credentials were refused");
        else if (code == 403 && m_target.kind != ScrapeTarget::Kind::Url)
            why += QStringLiteral(" — the user needs RBAC get on %1/proxy in namespace %2")
                       .arg(m_target.kind == ScrapeTarget::Kind::Pod ? QStringLiteral("pods")
                                                                     : QStringLiteral("services"),
                            m_target.namespace_);
        record(false, code, latency, body.size(),
               code != 0  ? QStringLiteral("http")
               : timedOut ? QStringLiteral("timeout")
                          : QStringLiteral("unreachable"),
               why);
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
