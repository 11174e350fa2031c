// SPDX-License-Identifier: Apache-2.0
#include "silencewatchdog.h"

#include "trace/clock.h"
#include "trace/clocktimer.h"

#include <QNetworkReply>
#include <QUrl>

namespace lens {

namespace {
/// The reply property set when a watchdog aborted it (its value: the message).
constexpr char kSilenceProperty[] = "lens.silenceMessage";

QString seconds(qint64 ms)
{
    return QString::number(double(ms) / 1000.0);
}
} // namespace

SilenceWatchdog::SilenceWatchdog(const Clock *clock, QString description, qint64 noAnswerMs,
                                 qint64 silenceMs, QObject *parent)
    : QObject(parent), m_clock(clock ? clock : realTime()), m_description(std::move(description)),
      m_noAnswerMs(noAnswerMs), m_silenceMs(silenceMs), m_timer(new ClockTimer(m_clock, this))
{
    connect(m_timer, &ClockTimer::timeout, this, &SilenceWatchdog::check);
}

SilenceWatchdog::~SilenceWatchdog() = default;

const Clock *SilenceWatchdog::realTime()
{
    static const SteadyClock clock;
    return &clock;
}

QString SilenceWatchdog::endpoint(const QUrl &url)
{
    return url.host() + QLatin1Char(':') +
           QString::number(url.port(url.scheme() == QLatin1String("https") ? 443 : 80));
}

void SilenceWatchdog::watch(QNetworkReply *reply, std::function<bool()> busy)
{
    stop();
    m_reply = reply;
    m_busy = std::move(busy);
    m_answered = false;
    m_lastActivityMs = m_clock->nowMs();
    connect(reply, &QNetworkReply::readyRead, this, &SilenceWatchdog::activity);
    connect(reply, &QNetworkReply::metaDataChanged, this, &SilenceWatchdog::activity);
    connect(reply, &QNetworkReply::finished, this, &SilenceWatchdog::stop);
    m_timer->start(m_noAnswerMs);
}

void SilenceWatchdog::stop()
{
    m_timer->stop();
    if (m_reply)
        m_reply->disconnect(this);
    m_reply = nullptr;
}

void SilenceWatchdog::activity()
{
    m_lastActivityMs = m_clock->nowMs();
    if (!m_answered) {
        // The answer began: from now on the (longer) silence limit applies.
        m_answered = true;
        m_timer->start(m_silenceMs);
    }
}

void SilenceWatchdog::check()
{
    if (!m_reply)
        return;
    const qint64 now = m_clock->nowMs();
    if (m_busy && m_busy())
        m_lastActivityMs = now;
    const qint64 limit = m_answered ? m_silenceMs : m_noAnswerMs;
    if (now - m_lastActivityMs < limit) {
        m_timer->startAt(m_lastActivityMs + limit);
        return;
    }
    const QString where = endpoint(m_reply->url());
    const QString message =
        m_answered ? QStringLiteral("%1 from %2 stopped: no data for %3 s after its answer began")
                         .arg(m_description, where, seconds(now - m_lastActivityMs))
                   : QStringLiteral("%1 sent to %2 got no answer (not even response headers) in "
                                    "%3 s; the connection is taken for dead")
                         .arg(m_description, where, seconds(now - m_lastActivityMs));
    QNetworkReply *reply = m_reply;
    stop();
    reply->setProperty(kSilenceProperty, message);
    reply->abort(); // finished() follows at once, with OperationCanceledError
}

std::optional<QString> SilenceWatchdog::silenceMessage(const QNetworkReply *reply)
{
    const QVariant v = reply->property(kSilenceProperty);
    if (!v.isValid())
        return std::nullopt;
    return v.toString();
}

} // namespace lens
