// SPDX-License-Identifier: Apache-2.0
#include "simulatorclient.h"

#include "restnetworkaccessmanager.h"
#include "trace/journal.h"

#include <QJsonDocument>
#include <QNetworkReply>
#include <QNetworkRequest>

namespace lens {

namespace {
const QLatin1String kComponent("simulator");
const QLatin1String kState("state");
/// How far back SimulatorState::at() looks for a state event (a poll journals one at least
/// every few seconds while anything changes; older ones are not worth a longer scan).
constexpr int kScanBudget = 200000;

QJsonObject toJson(const QMap<QString, qint64> &m)
{
    QJsonObject o;
    for (auto it = m.cbegin(); it != m.cend(); ++it)
        o.insert(it.key(), it.value());
    return o;
}
} // namespace

qint64 SimulatorState::objectCount() const
{
    qint64 n = 0;
    for (const qint64 c : objects)
        n += c;
    return n;
}

bool SimulatorState::hasFaults() const
{
    return pendingFailures > 0 || pendingTooLarge > 0 || stallRemainingS > 0 ||
           ignoreSendInitialEvents;
}

SimulatorState SimulatorState::fromAnswer(const QJsonObject &a, const QString &server)
{
    SimulatorState s;
    s.server = server;
    s.revision = a.value(QLatin1String("revision")).toInteger(-1);
    s.compactedRevision = a.value(QLatin1String("compactedRevision")).toInteger();
    s.oldestRetainedRevision = a.value(QLatin1String("oldestRetainedRevision")).toInteger();
    const QJsonObject objects = a.value(QLatin1String("objects")).toObject();
    for (auto it = objects.begin(); it != objects.end(); ++it)
        s.objects.insert(it.key(), it.value().toInteger());
    s.openWatches = a.value(QLatin1String("openWatches")).toInt();
    s.churnIntervalMs = a.value(QLatin1String("churnIntervalMs")).toInt();
    s.churn = a.contains(QLatin1String("churn")) ? a.value(QLatin1String("churn")).toBool()
                                                 : s.churnIntervalMs > 0;
    s.bookmarkIntervalMs = a.value(QLatin1String("bookmarkIntervalMs")).toInt();
    s.pendingFailures = a.value(QLatin1String("pendingFailures")).toInt();
    s.failCode = a.value(QLatin1String("failCode")).toInt();
    s.pendingTooLarge = a.value(QLatin1String("pendingTooLarge")).toInt();
    s.stallRemainingS = (a.value(QLatin1String("stallRemainingMs")).toInt() + 999) / 1000;
    s.ignoreSendInitialEvents = a.value(QLatin1String("ignoreSendInitialEvents")).toBool();
    return s;
}

QJsonObject SimulatorState::toDetail() const
{
    QJsonObject d;
    d.insert(QLatin1String("server"), server);
    d.insert(QLatin1String("revision"), revision);
    d.insert(QLatin1String("compactedRevision"), compactedRevision);
    d.insert(QLatin1String("oldestRetainedRevision"), oldestRetainedRevision);
    d.insert(QLatin1String("objects"), toJson(objects));
    d.insert(QLatin1String("openWatches"), openWatches);
    d.insert(QLatin1String("churn"), churn);
    d.insert(QLatin1String("churnIntervalMs"), churnIntervalMs);
    d.insert(QLatin1String("bookmarkIntervalMs"), bookmarkIntervalMs);
    QJsonObject faults;
    faults.insert(QLatin1String("pendingFailures"), pendingFailures);
    faults.insert(QLatin1String("failCode"), failCode);
    faults.insert(QLatin1String("pendingTooLarge"), pendingTooLarge);
    faults.insert(QLatin1String("stallRemainingS"), stallRemainingS);
    faults.insert(QLatin1String("ignoreSendInitialEvents"), ignoreSendInitialEvents);
    d.insert(QLatin1String("faults"), faults);
    d.insert(QLatin1String("message"),
             QStringLiteral("simulator at revision %1: %2 objects, %3 open watch(es), churn %4")
                 .arg(revision)
                 .arg(objectCount())
                 .arg(openWatches)
                 .arg(churn ? QStringLiteral("on") : QStringLiteral("off")));
    return d;
}

SimulatorState SimulatorState::fromEvent(const TraceEvent &e)
{
    if (e.kind != TraceKind::Info || e.component != kComponent || e.type != kState)
        return {};
    const EventDetail &d = e.detail;
    SimulatorState s;
    s.server = d.value(QLatin1String("server")).toString();
    s.revision = d.value(QLatin1String("revision")).toInteger(-1);
    s.compactedRevision = d.value(QLatin1String("compactedRevision")).toInteger();
    s.oldestRetainedRevision = d.value(QLatin1String("oldestRetainedRevision")).toInteger();
    const QJsonObject objects = d.value(QLatin1String("objects")).toObject();
    for (auto it = objects.begin(); it != objects.end(); ++it)
        s.objects.insert(it.key(), it.value().toInteger());
    s.openWatches = d.value(QLatin1String("openWatches")).toInt();
    s.churn = d.value(QLatin1String("churn")).toBool();
    s.churnIntervalMs = d.value(QLatin1String("churnIntervalMs")).toInt();
    s.bookmarkIntervalMs = d.value(QLatin1String("bookmarkIntervalMs")).toInt();
    const QJsonObject f = d.value(QLatin1String("faults")).toObject();
    s.pendingFailures = f.value(QLatin1String("pendingFailures")).toInt();
    s.failCode = f.value(QLatin1String("failCode")).toInt();
    s.pendingTooLarge = f.value(QLatin1String("pendingTooLarge")).toInt();
    s.stallRemainingS = f.value(QLatin1String("stallRemainingS")).toInt();
    s.ignoreSendInitialEvents = f.value(QLatin1String("ignoreSendInitialEvents")).toBool();
    return s;
}

SimulatorState SimulatorState::at(const Journal &journal, quint64 seq)
{
    const Journal::Events &events = journal.events();
    int budget = kScanBudget;
    for (auto it = events.rbegin(); it != events.rend() && budget-- > 0; ++it) {
        if (seq != 0 && it->seq > seq)
            continue;
        if (SimulatorState s = fromEvent(*it); s.isValid())
            return s;
    }
    return {};
}

SimulatorClient::SimulatorClient(RestConfig config, Journal *journal, QObject *parent)
    : QObject(parent), m_config(std::move(config)), m_journal(journal)
{
    qRegisterMetaType<lens::SimulatorState>();
}

void SimulatorClient::fetchState()
{
    send("GET", kState, {}, [this](const QJsonObject &answer) {
        const SimulatorState s =
            SimulatorState::fromAnswer(answer, RestNetworkAccessManager::shownUrl(m_config.server));
        if (s != m_lastJournaled) {
            m_lastJournaled = s;
            journal(kState, s.toDetail());
        }
        Q_EMIT stateArrived(s);
    });
}

void SimulatorClient::post(const QString &control, const QUrlQuery &query,
                           std::function<QString(const QJsonObject &)> describe)
{
    send("POST", control, query, [this, control, query, describe](const QJsonObject &answer) {
        QJsonObject parameters;
        for (const auto &[k, v] : query.queryItems(QUrl::FullyDecoded))
            parameters.insert(k, v);
        QJsonObject d;
        d.insert(QLatin1String("action"), control);
        d.insert(QLatin1String("parameters"), parameters);
        d.insert(QLatin1String("answer"), answer);
        d.insert(QLatin1String("message"), describe ? describe(answer) : control);
        journal(QStringLiteral("action"), d);
        fetchState();
    });
}

void SimulatorClient::send(const QByteArray &verb, const QString &control, const QUrlQuery &query,
                           std::function<void(const QJsonObject &)> onAnswer)
{
    QUrl url = m_config.url(QStringLiteral("/sim/v1/") + control);
    url.setQuery(query);
    QNetworkRequest req = m_config.request(url);
    ++m_pending;
    QNetworkReply *reply = m_nam.sendCustomRequest(req, verb);
    connect(reply, &QNetworkReply::finished, this, [this, reply, verb, control, onAnswer] {
        reply->deleteLater();
        const int code = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QJsonObject body = QJsonDocument::fromJson(reply->readAll()).object();
        if (reply->error() == QNetworkReply::NoError && code / 100 == 2) {
            onAnswer(body);
        } else {
            // The Status message when the server sent one, else the network error.
            const QString why = body.value(QLatin1String("message")).toString();
            QJsonObject d;
            d.insert(QLatin1String("action"), control);
            d.insert(QLatin1String("code"), code);
            d.insert(QLatin1String("message"),
                     QStringLiteral("%1 /sim/v1/%2 failed: %3")
                         .arg(QString::fromLatin1(verb), control,
                              why.isEmpty() ? reply->errorString() : why));
            journal(QStringLiteral("error"), d);
        }
        finished();
    });
}

void SimulatorClient::journal(const QString &type, const QJsonObject &detail)
{
    if (!m_journal)
        return;
    TraceEvent e;
    e.kind = TraceKind::Info;
    e.component = kComponent;
    e.type = type;
    e.detail = detail;
    m_journal->record(std::move(e));
}

void SimulatorClient::finished()
{
    if (--m_pending == 0)
        Q_EMIT idle();
}

} // namespace lens
