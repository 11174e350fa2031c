// SPDX-License-Identifier: Apache-2.0
// Session's part for /metrics (docs/metrics.md): the built-in controller's registry served
// behind its pod proxy path, and the scraper Options::attachMetrics asks for.
#include "session.h"

#include "client/metricsscraper.h"
#include "runtimewiring.h"
#include "selfmetrics.h"
#include "sim/apiserver.h"
#include "sim/simulator.h"

#include <QFile>
#include <QFileInfo>

namespace lens {

QString Session::selfMetricsText() const
{
    if (m_controller)
        return selfmetrics::provisionerText(*m_controller);
    if (m_runtime) {
        QList<const runtime::Controller *> controllers{m_runtime->controller()};
        if (m_runtimeCompare)
            controllers << m_runtimeCompare->controller();
        return selfmetrics::runtimeText(controllers);
    }
    return {};
}

bool Session::attachMetrics(const RestConfig &rest, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (m_sim && !m_opts.controller.isEmpty()) {
        m_sim->server()->setProxyTarget(QStringLiteral("pods"), selfmetrics::podNamespace(),
                                        selfmetrics::podName(m_opts.controller), selfmetrics::port,
                                        [this](const QString &path) {
                                            sim::ProxyAnswer a;
                                            if (path == QLatin1String("/metrics") ||
                                                path.startsWith(QLatin1String("/metrics?"))) {
                                                a.body = selfMetricsText().toUtf8();
                                            } else {
                                                a.code = 404;
                                                a.body = "404 page not found\n";
                                                a.contentType = "text/plain; charset=utf-8";
                                            }
                                            return a;
                                        });
    }
    QString spec = m_opts.attachMetrics;
    if (spec.isEmpty())
        return true;
    if (m_opts.metricsIntervalMs <= 0)
        return fail(QStringLiteral("The scrape interval must be more than 0 ms."));
    if (spec == QLatin1String("self")) {
        if (!m_sim || m_opts.controller.isEmpty())
            return fail(QStringLiteral(
                "--attach-metrics self attaches to the controller Informer Lens runs on its "
                "built-in cluster: give --controller provisioner or runtime-sample (or a "
                "scenario with a controller), or name a target in a real cluster: "
                "pod/NAMESPACE/NAME:PORT, svc/NAMESPACE/NAME:PORT or a URL."));
        spec = selfmetrics::target(m_opts.controller);
    }
    QString why;
    const std::optional<metrics::ScrapeTarget> target = metrics::ScrapeTarget::parse(spec, &why);
    if (!target)
        return fail(why);
    RestConfig config = rest;
    if (target->kind == metrics::ScrapeTarget::Kind::Url) {
        // Never the cluster's credentials to another server: only the token file asked for,
        // the cluster's CA (a certificate is public) and insecure when asked.
        config = RestConfig();
        config.server = target->url;
        config.caCertificates = rest.caCertificates;
        config.insecureSkipTlsVerify = m_opts.metricsInsecure;
        config.bearerTokenFile = m_opts.metricsTokenFile;
        if (!m_opts.metricsTokenFile.isEmpty()) {
            // Said now, not as a 401 later: a token file that cannot be sent.
            QFile f(m_opts.metricsTokenFile);
            if (QFileInfo(f).isDir() || !f.open(QIODevice::ReadOnly))
                return fail(QStringLiteral("--metrics-token-file %1: cannot read it (%2)")
                                .arg(m_opts.metricsTokenFile, QFileInfo(f).isDir()
                                                                  ? QStringLiteral("a directory")
                                                                  : f.errorString()));
            const QString token = QString::fromUtf8(f.read(1 << 20)).trimmed();
            if (token.isEmpty())
                return fail(QStringLiteral("--metrics-token-file %1 is empty: no token to send")
                                .arg(m_opts.metricsTokenFile));
            if (const QString why = RestConfig::tokenProblem(token); !why.isEmpty())
                return fail(QStringLiteral("--metrics-token-file %1: %2")
                                .arg(m_opts.metricsTokenFile, why));
        }
    } else if (!m_opts.metricsTokenFile.isEmpty() || m_opts.metricsInsecure) {
        return fail(QStringLiteral("--metrics-token-file and --metrics-insecure are for a URL "
                                   "target; a pod or service is reached through the API server "
                                   "with the kubeconfig's credentials."));
    }
    metrics::MetricsScraper::Options o;
    o.intervalMs = m_opts.metricsIntervalMs;
    o.timeoutMs = std::min(o.timeoutMs, std::max(1000, m_opts.metricsIntervalMs * 10));
    m_scraper = new metrics::MetricsScraper(config, *target, m_journal, o, this);
    m_scraper->start();
    return true;
}

} // namespace lens
