// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "metrics/scrapefigures.h"
#include "metrics/scrapetarget.h"
#include "restconfig.h"
#include "restnetworkaccessmanager.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <QNetworkReply>

namespace lens {
class Journal;
}

namespace lens::metrics {

/// Scrapes one controller's /metrics every interval, as Prometheus does (one scrape at a time:
/// an interval that comes while one is in flight is skipped), and journals each as a
/// MetricsScraped event (traceevent.h) carrying the figures read from it (ScrapeFigures), so
/// recordings and time travel show them without the body.
///
/// The request: GET with Prometheus' Accept header (OpenMetrics 1.0 preferred, text 0.0.4
/// accepted), informer-lens's User-Agent and the credentials of `config` (RestConfig::apply:
/// bearer token, client certificate, CA, insecure only when the config says so). For a Pod or
/// Service target it goes to the API server in `config.server` on the proxy path
/// (ScrapeTarget::proxyPath); for a Url target straight to the URL (`config` then only
/// contributes TLS and whatever credentials the caller left in it).
///
/// A scrape fails, and is journaled with detail.failure and detail.error (the last good
/// figures stay where the views keep them), when: nothing answers (unreachable), no answer
/// within Options::timeoutMs, body included (timeout: Prometheus' scrape_timeout), the answer
/// is not 2xx (http: the Status message the API server sent, e.g. 403 when the user lacks get
/// on pods/proxy; for a URL the code and what it asks for), the body is larger than
/// Options::maxBodyBytes (too large: the download is cut there), or it is cut short, empty, or
/// does not parse as the text format or OpenMetrics (not metrics: an HTML page, garbage; the
/// line and the reason, exposition.h). The URL in the journal never carries a user name, password,
/// query or token.
class MetricsScraper : public QObject {
    Q_OBJECT
public:
    struct Options {
        int intervalMs = 1000;                    ///< between scrape starts; > 0
        int timeoutMs = 10000;                    ///< Prometheus' scrape_timeout default
        qint64 maxBodyBytes = 64LL * 1024 * 1024; ///< a larger body is refused
        int maxSeriesPerFamily = 2000;            ///< ScrapeFigures::fromExposition's cap
    };

    /// `journal` is not owned and must outlive the scraper.
    MetricsScraper(const RestConfig &config, const ScrapeTarget &target, Journal *journal,
                   const Options &options, QObject *parent = nullptr);
    ~MetricsScraper() override;

    /// Scrapes at once, then every intervalMs until stop().
    void start();
    void stop();
    bool isRunning() const { return m_timer.isActive(); }
    /// One scrape now (nothing when one is in flight).
    void scrapeNow();
    bool inFlight() const { return m_reply != nullptr; }
    void setIntervalMs(int ms);
    int intervalMs() const { return m_options.intervalMs; }

    const ScrapeTarget &target() const { return m_target; }
    /// The URL scraped, without credentials (ScrapeTarget::toString for a URL, the API
    /// server's URL with the proxy path otherwise).
    QString displayUrl() const;
    int scrapeCount() const { return m_scrapes; }
    int failureCount() const { return m_failures; }
    /// The figures of the last scrape that parsed (empty before one did).
    const ScrapeFigures &lastGood() const { return m_lastGood; }
    /// What the last failed scrape said ("" after a good one).
    QString lastError() const { return m_lastError; }

    /// Prometheus' Accept header for a scrape.
    static QByteArray acceptHeader();

Q_SIGNALS:
    /// A scrape ended (after its MetricsScraped event was journaled); `ok` false = it failed.
    void scrapeFinished(bool ok);

private:
    void finish(QNetworkReply *reply);
    /// Why a scrape without a 2xx answer failed, in words: the API server's Status for a pod or
    /// service (403: the RBAC it needs), the connection error or the HTTP code for a URL.
    QString failureWords(QNetworkReply *reply, int code, const QByteArray &body) const;
    /// A URL target: whether a token, password or client certificate goes with the request.
    bool sendsCredentials() const;
    void record(bool ok, int code, qint64 latencyMs, qint64 bytes, const QString &failure,
                const QString &error, const QString &format = {}, const Exposition *e = nullptr,
                const ScrapeFigures *figures = nullptr);

    RestConfig m_config;
    ScrapeTarget m_target;
    Journal *m_journal;
    Options m_options;
    RestNetworkAccessManager m_nam;
    QTimer m_timer;
    QPointer<QNetworkReply> m_reply;
    qint64 m_startedMs = 0;
    bool m_tooLarge = false;
    bool m_timedOut = false;
    int m_scrapes = 0;
    int m_failures = 0;
    ScrapeFigures m_lastGood;
    QString m_lastError;
};

} // namespace lens::metrics
