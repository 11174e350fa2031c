// SPDX-License-Identifier: Apache-2.0
#include "controlapi.h"

#include "apiserver.h"
#include "churn.h"
#include "faultargs.h"
#include "httpresponder.h"
#include "jsonbytes.h"
#include "store.h"

#include <QJsonObject>

#include <cmath>

namespace lens::sim {

ControlApi::ControlApi(ApiServer *server, HttpResponder *responder)
    : m_server(server), m_responder(responder)
{
}

void ControlApi::handle(HttpCall &c)
{
    const QStringList &s = c.segments;
    if (s.size() != 3 || s[1] != QLatin1String("v1"))
        return;
    const QString op = s[2];
    const bool post = c.method == QLatin1String("POST");
    const auto badMethod = [&] {
        m_responder->respondStatus(
            c, 405, QStringLiteral("MethodNotAllowed"),
            QStringLiteral("use %1 for /sim/v1/%2")
                .arg(op == QLatin1String("state") ? QStringLiteral("GET") : QStringLiteral("POST"),
                     op));
    };
    if (op == QLatin1String("state")) {
        if (c.method != QLatin1String("GET"))
            return badMethod();
        handleState(c);
        return;
    }
    if (!post)
        return badMethod();
    // Every number and flag is checked before anything changes: a bad value answers 400
    // BadRequest naming the parameter and its range, and the simulator keeps its state.
    QString bad;
    const auto number = [&](const char *name, qint64 lo, qint64 hi, qint64 fallback,
                            bool required = false) -> qint64 {
        if (!c.has(name)) {
            if (required && bad.isEmpty())
                bad = QStringLiteral("%1 needs ?%2=N (a whole number from %3 to %4)")
                          .arg(op, QLatin1String(name))
                          .arg(lo)
                          .arg(hi);
            return fallback;
        }
        bool ok = false;
        const qint64 v = c.value(name).toLongLong(&ok);
        if ((!ok || v < lo || v > hi) && bad.isEmpty())
            bad = QStringLiteral("%1: %2=\"%3\" is not a whole number from %4 to %5")
                      .arg(op, QLatin1String(name), c.value(name))
                      .arg(lo)
                      .arg(hi);
        return v;
    };
    const auto flag = [&](const char *name, bool fallback) {
        if (!c.has(name))
            return fallback;
        const QString v = c.value(name).toLower();
        if (v == QLatin1String("true") || v == QLatin1String("1") || v.isEmpty())
            return true;
        if (v == QLatin1String("false") || v == QLatin1String("0"))
            return false;
        if (bad.isEmpty())
            bad = QStringLiteral("%1: %2=\"%3\" is not true or false")
                      .arg(op, QLatin1String(name), c.value(name));
        return fallback;
    };
    const auto rejected = [&] {
        if (bad.isEmpty())
            return false;
        m_responder->respondStatus(c, 400, QStringLiteral("BadRequest"), bad);
        return true;
    };
    constexpr qint64 kDay = 24LL * 3600 * 1000;
    // The fault controls' parameters: one check for this API and scenario steps (faultargs.h).
    QJsonObject a;
    if (faultParams(op)) {
        const QJsonObject given = faultArgsFromQuery(
            op, [&c](const char *n) { return c.has(n); },
            [&c](const char *n) { return c.value(n); });
        QString why;
        if (!checkFaultArgs(op, given, &a, &why, true)) {
            m_responder->respondStatus(c, 400, QStringLiteral("BadRequest"), why);
            return;
        }
    }
    const auto whole = [&a](const char *n) { return qint64(a.value(QLatin1String(n)).toDouble()); };
    if (op == QLatin1String("compact")) {
        const qint64 rev = whole("revision");
        if (const QString why = compactRevisionProblem(rev, m_server->store()->revision());
            !why.isEmpty()) {
            m_responder->respondStatus(c, 400, QStringLiteral("BadRequest"), why);
            return;
        }
        m_server->store()->compact(rev);
        m_responder->respond(
            c, 200,
            JsonBuilder().num("compactedRevision", m_server->store()->compactedRevision()).bytes());
    } else if (op == QLatin1String("drop-watches")) {
        const int n = m_server->dropWatches(a.value(u"midEvent").toBool());
        m_responder->respond(c, 200, JsonBuilder().num("dropped", n).bytes());
    } else if (op == QLatin1String("expire-watches")) {
        const int n = m_server->expireWatches();
        m_responder->respond(c, 200,
                             JsonBuilder()
                                 .num("expired", n)
                                 .num("compactedRevision", m_server->store()->compactedRevision())
                                 .bytes());
    } else if (op == QLatin1String("end-watches")) {
        const int n = m_server->endWatches();
        m_responder->respond(c, 200, JsonBuilder().num("ended", n).bytes());
    } else if (op == QLatin1String("fail")) {
        m_server->failNextRequests(int(whole("count")), int(whole("code")),
                                   int(whole("retryAfter")));
        m_responder->respond(
            c, 200, JsonBuilder().num("pendingFailures", m_server->faults().failCount).bytes());
    } else if (op == QLatin1String("garbage")) {
        m_responder->respond(
            c, 200, JsonBuilder().num("watches", m_server->sendGarbageOnWatches()).bytes());
    } else if (op == QLatin1String("stall")) {
        const int n =
            m_server->stallWatches(int(std::llround(a.value(u"seconds").toDouble() * 1000)));
        m_responder->respond(c, 200,
                             JsonBuilder()
                                 .num("stalled", n)
                                 .num("stallRemainingMs", m_server->stallRemainingMs())
                                 .bytes());
    } else if (op == QLatin1String("too-large")) {
        m_server->answerTooLargeResourceVersion(int(whole("count")));
        m_responder->respond(
            c, 200, JsonBuilder().num("pendingTooLarge", m_server->faults().tooLargeCount).bytes());
    } else if (op == QLatin1String("ignore-send-initial-events")) {
        m_server->setIgnoreSendInitialEvents(a.value(u"enabled").toBool());
        m_responder->respond(
            c, 200,
            JsonBuilder()
                .val("ignoreSendInitialEvents", m_server->faults().ignoreSendInitialEvents)
                .bytes());
    } else if (op == QLatin1String("forbid")) {
        const QString resource = a.value(u"resource").toString();
        m_server->setForbidden(resource, a.value(u"enabled").toBool());
        m_responder->respond(c, 200,
                             JsonBuilder()
                                 .str("resource", resource)
                                 .val("forbidden", m_server->isForbidden(resource))
                                 .bytes());
    } else if (op == QLatin1String("bookmark-interval")) {
        m_server->setBookmarkInterval(int(whole("ms")));
        m_responder->respond(
            c, 200, JsonBuilder().num("bookmarkIntervalMs", m_server->bookmarkInterval()).bytes());
    } else if (op == QLatin1String("history-window")) {
        m_server->store()->setHistoryWindowMs(int(whole("ms")));
        m_responder->respond(
            c, 200,
            JsonBuilder()
                .num("historyWindowMs", m_server->store()->historyWindowMs())
                .num("oldestRetainedRevision", m_server->store()->oldestRetainedRevision())
                .bytes());
    } else if (op == QLatin1String("history-limit")) {
        m_server->store()->setHistoryLimit(int(whole("events")));
        m_responder->respond(
            c, 200, JsonBuilder().num("historyLimit", m_server->store()->historyLimit()).bytes());
    } else if (op == QLatin1String("churn")) {
        ChurnGenerator *churn = m_server->churnGenerator();
        if (!churn) {
            m_responder->respondStatus(c, 404, QStringLiteral("NotFound"),
                                       QStringLiteral("no churn generator"));
            return;
        }
        const qint64 interval = number("intervalMs", 0, kDay, -1);
        const bool step = flag("step", false);
        if (rejected())
            return;
        if (interval >= 0)
            churn->setIntervalMs(int(interval));
        QString did;
        if (step)
            did = churn->step();
        m_responder->respond(
            c, 200,
            JsonBuilder().num("churnIntervalMs", churn->intervalMs()).str("step", did).bytes());
    } else {
        m_responder->respondStatus(
            c, 404, QStringLiteral("NotFound"),
            QStringLiteral("no /sim/v1/%1; the controls are state, compact, "
                           "drop-watches, end-watches, expire-watches, fail, garbage, stall, "
                           "too-large, ignore-send-initial-events, forbid, bookmark-interval, "
                           "history-window, history-limit and churn (docs/simulator.md)")
                .arg(op));
    }
}

void ControlApi::handleState(HttpCall &c)
{
    const Store *store = m_server->store();
    const Faults &f = m_server->faults();
    const ChurnGenerator *churn = m_server->churnGenerator();
    QJsonObject objects;
    const QList<ResourceType> types = store->resourceTypes();
    for (const ResourceType &t : types)
        objects.insert(t.name, store->count(t.key()));
    m_responder->respond(c, 200,
                         JsonBuilder()
                             .num("revision", store->revision())
                             .num("compactedRevision", store->compactedRevision())
                             .num("oldestRetainedRevision", store->oldestRetainedRevision())
                             .num("historySize", store->historySize())
                             .num("historyLimit", store->historyLimit())
                             .num("historyWindowMs", store->historyWindowMs())
                             .num("openWatches", m_server->openWatchCount())
                             .num("bookmarkIntervalMs", m_server->bookmarkInterval())
                             .val("churn", churn && churn->intervalMs() > 0)
                             .num("churnIntervalMs", churn ? churn->intervalMs() : 0)
                             .num("pendingFailures", f.failCount)
                             .num("failCode", f.failCount > 0 ? f.failStatus : 0)
                             .num("pendingTooLarge", f.tooLargeCount)
                             .num("stallRemainingMs", f.stallRemainingMs())
                             .val("ignoreSendInitialEvents", f.ignoreSendInitialEvents)
                             .num("requests", qint64(m_server->requestCount()))
                             .val("objects", objects)
                             .bytes());
}

} // namespace lens::sim
