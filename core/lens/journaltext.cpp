// SPDX-License-Identifier: Apache-2.0
#include "journaltext.h"

#include "trace/tracedetail.h"
#include "trace/traceevent.h"

namespace lens {

namespace {
constexpr struct {
    const char *code;
    const char *text;
} kCodes[] = {
    {"initial", QT_TRANSLATE_NOOP("lens::JournalText", "initial")},
    {"expired", QT_TRANSLATE_NOOP("lens::JournalText", "expired")},
    {"too large", QT_TRANSLATE_NOOP("lens::JournalText", "too large")},
    {"watch expired", QT_TRANSLATE_NOOP("lens::JournalText", "watch expired")},
    {"watch error", QT_TRANSLATE_NOOP("lens::JournalText", "watch error")},
    {"list failed", QT_TRANSLATE_NOOP("lens::JournalText", "list failed")},
    {"resync failed", QT_TRANSLATE_NOOP("lens::JournalText", "resync failed")},
    {"continue expired", QT_TRANSLATE_NOOP("lens::JournalText", "continue expired")},
    {"fallback", QT_TRANSLATE_NOOP("lens::JournalText", "fallback")},
    {"429 on watch", QT_TRANSLATE_NOOP("lens::JournalText", "429 on watch")},
    {"429 on watch-list", QT_TRANSLATE_NOOP("lens::JournalText", "429 on watch-list")},
    {"connection refused", QT_TRANSLATE_NOOP("lens::JournalText", "connection refused")},
    {"closed by server", QT_TRANSLATE_NOOP("lens::JournalText", "closed by server")},
    {"stream broken", QT_TRANSLATE_NOOP("lens::JournalText", "stream broken")},
    {"before initial-events-end",
     QT_TRANSLATE_NOOP("lens::JournalText", "ended before the initial-events-end bookmark")},
    {"bookmark timeout", QT_TRANSLATE_NOOP("lens::JournalText", "bookmark timeout")},
    {"very short watch", QT_TRANSLATE_NOOP("lens::JournalText", "very short watch")},
    {"error event", QT_TRANSLATE_NOOP("lens::JournalText", "ERROR event")},
    {"request failed", QT_TRANSLATE_NOOP("lens::JournalText", "request failed")},
    {"fell behind", QT_TRANSLATE_NOOP("lens::JournalText", "fell behind the stream")},
    {"user", QT_TRANSLATE_NOOP("lens::JournalText", "set by the user")},
    {"resyncCheckPeriod", QT_TRANSLATE_NOOP("lens::JournalText", "resyncCheckPeriod")},
    {"new", QT_TRANSLATE_NOOP("lens::JournalText", "new")},
    {"earlier wins", QT_TRANSLATE_NOOP("lens::JournalText", "the earlier time wins")},
    {"kept earlier", QT_TRANSLATE_NOOP("lens::JournalText", "an earlier time was kept")},
    {"at once", QT_TRANSLATE_NOOP("lens::JournalText", "at once")},
    {"provisioned", QT_TRANSLATE_NOOP("lens::JournalText", "volume provisioned")},
    {"skipped", QT_TRANSLATE_NOOP("lens::JournalText", "nothing to provision")},
    {"stopped", QT_TRANSLATE_NOOP("lens::JournalText", "provisioning stopped")},
    {"controller stopped", QT_TRANSLATE_NOOP("lens::JournalText", "controller stopped")},
    {"gone", QT_TRANSLATE_NOOP("lens::JournalText", "object no longer exists")},
    {"deleted", QT_TRANSLATE_NOOP("lens::JournalText", "volume deleted")},
    {"kept", QT_TRANSLATE_NOOP("lens::JournalText", "nothing to delete")},
    {"failed", QT_TRANSLATE_NOOP("lens::JournalText", "failed")},
    {"forgotten", QT_TRANSLATE_NOOP("lens::JournalText", "forgotten")},
    {"rate limited", QT_TRANSLATE_NOOP("lens::JournalText", "re-queued, rate limited")},
    {"gave up", QT_TRANSLATE_NOOP("lens::JournalText", "gave up")},
    {"raised", QT_TRANSLATE_NOOP("lens::JournalText", "priority raised")},
    {"ready wins", QT_TRANSLATE_NOOP("lens::JournalText", "merged: ready wins")},
    {"unchanged", QT_TRANSLATE_NOOP("lens::JournalText", "merged: nothing changed")},
    {"create", QT_TRANSLATE_NOOP("lens::JournalText", "create")},
    {"update", QT_TRANSLATE_NOOP("lens::JournalText", "update")},
    {"delete", QT_TRANSLATE_NOOP("lens::JournalText", "delete")},
    {"generic", QT_TRANSLATE_NOOP("lens::JournalText", "generic")},
    {"initial list", QT_TRANSLATE_NOOP("lens::JournalText", "initial list")},
    {"unchanged resourceVersion",
     QT_TRANSLATE_NOOP("lens::JournalText", "unchanged resourceVersion")},
    {"success", QT_TRANSLATE_NOOP("lens::JournalText", "success")},
    {"error", QT_TRANSLATE_NOOP("lens::JournalText", "error")},
    {"requeue", QT_TRANSLATE_NOOP("lens::JournalText", "requeue")},
    {"requeue_after", QT_TRANSLATE_NOOP("lens::JournalText", "requeue after")},
    {"sources started", QT_TRANSLATE_NOOP("lens::JournalText", "sources started")},
    {"workers started", QT_TRANSLATE_NOOP("lens::JournalText", "workers started")},
    {"text", QT_TRANSLATE_NOOP("lens::JournalText", "Prometheus text")},
    {"openmetrics", QT_TRANSLATE_NOOP("lens::JournalText", "OpenMetrics")},
    {"unreachable", QT_TRANSLATE_NOOP("lens::JournalText", "unreachable")},
    {"timeout", QT_TRANSLATE_NOOP("lens::JournalText", "timed out")},
    {"http", QT_TRANSLATE_NOOP("lens::JournalText", "HTTP error")},
    {"not metrics", QT_TRANSLATE_NOOP("lens::JournalText", "not a metrics body")},
};

QString shortWatch(qint64 ms)
{
    return JournalText::tr("very short watch: %1 ms and no items received").arg(ms);
}
} // namespace

QString JournalText::code(const QString &code)
{
    for (const auto &row : kCodes)
        if (code == QLatin1String(row.code))
            return tr(row.text);
    return code;
}

bool JournalText::knowsCode(const QString &code)
{
    return std::any_of(std::begin(kCodes), std::end(kCodes),
                       [&](const auto &row) { return code == QLatin1String(row.code); });
}

QString JournalText::status(const ApiStatus &s)
{
    QString cause;
    switch (s.transport) {
    case ApiStatus::Transport::ConnectionRefused:
        cause = tr("cannot connect: connection refused (%1)").arg(s.message);
        break;
    case ApiStatus::Transport::Unreachable:
        cause = tr("cannot reach the API server: %1").arg(s.message);
        break;
    case ApiStatus::Transport::Timeout:
        cause = tr("the API server did not answer in time: %1").arg(s.message);
        break;
    case ApiStatus::Transport::ConnectionLost:
        cause = tr("the connection was lost: %1").arg(s.message);
        break;
    case ApiStatus::Transport::Truncated:
        cause = tr("the answer was cut off: %1").arg(s.message);
        break;
    case ApiStatus::Transport::Decode:
        cause = tr("the answer could not be read: %1").arg(s.message);
        break;
    case ApiStatus::Transport::None:
        // The code and StatusReason are the API's terms, the message the server's words.
        cause = s.describeCause();
        break;
    }
    if (s.failedVerb == QLatin1String("list"))
        return tr("failed to list %1: %2").arg(s.failedTarget, cause);
    if (!s.failedVerb.isEmpty())
        return tr("failed to %1 %2: %3").arg(s.failedVerb, s.failedTarget, cause);
    return cause;
}

QString JournalText::error(const TraceEvent &e)
{
    if (const QJsonValue ms = e.detail.value(QLatin1String("shortWatchMs")); ms.isDouble())
        return shortWatch(ms.toInteger());
    if (const std::optional<ApiStatus> s = tracedetail::status(e))
        return status(*s);
    return e.detail.value(QLatin1String("error")).toString();
}

QString JournalText::fallback(const TraceEvent &e)
{
    const QString c = e.detail.value(QLatin1String("fallbackCode")).toString();
    const std::optional<ApiStatus> s = tracedetail::status(e);
    if (c == QLatin1String("bookmark timeout"))
        return tr("the initial-events-end bookmark did not arrive within %1 ms")
            .arg(e.detail.value(QLatin1String("bookmarkTimeoutMs")).toInteger());
    if (c == QLatin1String("very short watch"))
        return shortWatch(e.detail.value(QLatin1String("shortWatchMs")).toInteger());
    if (c == QLatin1String("error event") && s)
        return tr("watch-list ERROR event: %1").arg(status(*s));
    if (c == QLatin1String("request failed") && s)
        return tr("watch-list request failed: %1").arg(status(*s));
    if (c == QLatin1String("fell behind") && s)
        return tr("fell behind the initial events: %1").arg(status(*s));
    return e.detail.value(QLatin1String("fallbackReason")).toString();
}

QString JournalText::watchEnd(const TraceEvent &e)
{
    const QString reason = e.detail.value(QLatin1String("reason")).toString();
    if (reason == QLatin1String("stream broken"))
        if (const std::optional<ApiStatus> s = tracedetail::status(e))
            return status(*s);
    return code(reason);
}

namespace {
QString dstr(const TraceEvent &e, const char *field)
{
    return e.detail.value(QLatin1String(field)).toString();
}

qint64 dint(const TraceEvent &e, const char *field)
{
    return e.detail.value(QLatin1String(field)).toInteger();
}

bool dbool(const TraceEvent &e, const char *field)
{
    return e.detail.value(QLatin1String(field)).toBool();
}

/// " (reason)" when the caller gave one.
QString because(const TraceEvent &e)
{
    const QString r = dstr(e, "reason");
    return r.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(r);
}
} // namespace

QString JournalText::workqueue(const TraceEvent &e)
{
    const QString q = dstr(e, "queue");
    const QString key = e.key;
    switch (e.kind) {
    case TraceKind::WorkqueueAdd:
        if (dbool(e, "ignored"))
            return tr("%1 not added to %2: the queue is shutting down%3").arg(key, q, because(e));
        if (dbool(e, "collapsed"))
            return dbool(e, "whileProcessing")
                       ? tr("%1 added to %2 again while processing: already dirty, nothing "
                            "changed%3")
                             .arg(key, q, because(e))
                       : tr("%1 added to %2 again: already queued, the adds collapse%3")
                             .arg(key, q, because(e));
        if (dbool(e, "whileProcessing"))
            return tr("%1 added to %2 while a worker holds it: dirty, queued again at Done%3, "
                      "depth %4")
                .arg(key, q, because(e))
                .arg(dint(e, "depth"));
        return tr("%1 added to %2%3, depth %4").arg(key, q, because(e)).arg(dint(e, "depth"));
    case TraceKind::WorkqueueGet:
        if (dbool(e, "shutDown"))
            return tr("%1: %2 is shut down and empty, the worker ends").arg(dstr(e, "worker"), q);
        return tr("%1 got %2 from %3 after %4 ms in the queue")
            .arg(dstr(e, "worker"), key, q)
            .arg(dint(e, "waitedMs"));
    case TraceKind::WorkqueueDone:
        return dbool(e, "requeued")
                   ? tr("%1 done with %2 from %3 after %4 ms; it was added meanwhile, so it "
                        "is queued again")
                         .arg(dstr(e, "worker"), key, q)
                         .arg(dint(e, "workMs"))
                   : tr("%1 done with %2 from %3 after %4 ms")
                         .arg(dstr(e, "worker"), key, q)
                         .arg(dint(e, "workMs"));
    case TraceKind::WorkqueueAddAfter:
    case TraceKind::WorkqueueAddRateLimited: {
        const bool limited = e.kind == TraceKind::WorkqueueAddRateLimited;
        if (dbool(e, "ignored"))
            return tr("%1 not re-queued in %2: the queue is shutting down%3")
                .arg(key, q, because(e));
        const QString chosen =
            limited
                ? tr(", chosen by %1 (failure %2)").arg(dstr(e, "limiter")).arg(dint(e, "failures"))
                : QString();
        const QString dedup = dstr(e, "dedup");
        if (dedup == QLatin1String("at once"))
            return tr("%1 added to %2 at once (delay %3 ms)%4%5")
                .arg(key, q)
                .arg(dint(e, "delayMs"))
                .arg(chosen, because(e));
        if (dedup == QLatin1String("kept earlier"))
            return tr("%1 already waits in %2 until %3 ms, earlier than this delay of %4 ms: "
                      "kept%5%6")
                .arg(key, q)
                .arg(dint(e, "readyAtMs"))
                .arg(dint(e, "delayMs"))
                .arg(chosen, because(e));
        if (dedup == QLatin1String("earlier wins"))
            return tr("%1 waits in %2 for %3 ms now, until %4 ms (earlier than it waited "
                      "for)%5%6")
                .arg(key, q)
                .arg(dint(e, "delayMs"))
                .arg(dint(e, "readyAtMs"))
                .arg(chosen, because(e));
        return tr("%1 waits %2 ms before it is added to %3, until %4 ms%5%6")
            .arg(key)
            .arg(dint(e, "delayMs"))
            .arg(q)
            .arg(dint(e, "readyAtMs"))
            .arg(chosen, because(e));
    }
    case TraceKind::WorkqueueReady:
        return tr("%1's wait in %2 is over (ready at %3 ms, %4 ms late)")
            .arg(key, q)
            .arg(dint(e, "readyAtMs"))
            .arg(dint(e, "lateMs"));
    case TraceKind::WorkqueueForget:
        return tr("%1 forgets %2's %n failure(s)", nullptr, int(dint(e, "failures"))).arg(q, key);
    case TraceKind::WorkqueueShutDown:
        return (dbool(e, "drain") ? tr("%1 shuts down and drains: %2 queued, %3 processing, %4 "
                                       "waiting item(s) dropped")
                                  : tr("%1 shuts down: %2 queued, %3 processing, %4 waiting "
                                       "item(s) dropped"))
            .arg(q)
            .arg(dint(e, "queued"))
            .arg(dint(e, "processing"))
            .arg(dint(e, "discarded"));
    case TraceKind::WorkqueueCancelGet:
        return dbool(e, "givenBack")
                   ? tr("%1 stopped waiting on %2; %3, already taken for it, goes back")
                         .arg(dstr(e, "worker"), q, key)
                   : tr("%1 stopped waiting on %2").arg(dstr(e, "worker"), q);
    default:
        return {};
    }
}

QString JournalText::runtime(const TraceEvent &e)
{
    const QString q = dstr(e, "queue");
    const QString c = dstr(e, "controller");
    const QString key = e.key;
    const QString prio = QString::number(dint(e, "priority"));
    switch (e.kind) {
    case TraceKind::PriorityQueueAdd: {
        if (dbool(e, "ignored"))
            return tr("%1 not added to %2: the queue is shut down%3").arg(key, q, because(e));
        const QString merge = code(dstr(e, "merge"));
        if (!dbool(e, "ready"))
            return tr("%1 waits in %2 for %3 ms at priority %4 (%5)%6")
                .arg(key, q)
                .arg(dint(e, "delayMs"))
                .arg(prio, merge, because(e));
        return tr("%1 ready in %2 at priority %3 (%4)%5, depth %6")
            .arg(key, q, prio, merge, because(e))
            .arg(dint(e, "depth"));
    }
    case TraceKind::PriorityQueueReady:
        return tr("%1's wait in %2 is over: ready at priority %3 (%4 ms late)")
            .arg(key, q, prio)
            .arg(dint(e, "lateMs"));
    case TraceKind::PriorityQueueGet:
        if (dbool(e, "shutDown"))
            return tr("%1: %2 is shut down, the worker ends").arg(dstr(e, "worker"), q);
        return tr("%1 got %2 (priority %3) from %4 after %5 ms ready")
            .arg(dstr(e, "worker"), key, prio, q)
            .arg(dint(e, "waitedMs"));
    case TraceKind::PriorityQueueDone:
        return dbool(e, "requeued")
                   ? tr("%1 done with %2 from %3 after %4 ms; it was added meanwhile and is "
                        "eligible now")
                         .arg(dstr(e, "worker"), key, q)
                         .arg(dint(e, "workMs"))
                   : tr("%1 done with %2 from %3 after %4 ms")
                         .arg(dstr(e, "worker"), key, q)
                         .arg(dint(e, "workMs"));
    case TraceKind::PriorityQueueForget:
        return tr("%1 forgets %2's %n failure(s)", nullptr, int(dint(e, "failures"))).arg(q, key);
    case TraceKind::PriorityQueueShutDown:
        return tr("%1 shuts down: %2 queued item(s) abandoned, %3 processing")
            .arg(q)
            .arg(dint(e, "abandoned"))
            .arg(dint(e, "processing"));
    case TraceKind::RuntimeEnqueued: {
        const QString low = dstr(e, "lowPriority");
        const QString at = e.detail.contains(QLatin1String("priority"))
                               ? tr("priority %1").arg(prio)
                               : tr("priority unset");
        return (low.isEmpty()
                    ? tr("%1: %2 %3 → %4 queued at %5")
                          .arg(c, dstr(e, "handler"), code(dstr(e, "event")), key, at)
                    : tr("%1: %2 %3 → %4 queued at %5 (%6)")
                          .arg(c, dstr(e, "handler"), code(dstr(e, "event")), key, at, code(low)));
    }
    case TraceKind::RuntimeEventFiltered:
        return tr("%1: %2 dropped the %3 of %4")
            .arg(c, dstr(e, "predicate"), code(dstr(e, "event")), dstr(e, "objectKey"));
    case TraceKind::RuntimeControllerStarted: {
        const QString phase = dstr(e, "phase");
        if (phase == QLatin1String("failed"))
            return tr("%1 failed to start: %2").arg(c, dstr(e, "error"));
        return tr("%1: %2").arg(c, code(phase));
    }
    case TraceKind::ReconcileStarted:
        return tr("%1 reconciles %2 (priority %3)").arg(dstr(e, "worker"), key, prio);
    case TraceKind::ReconcileFinished: {
        const QString err = dstr(e, "error");
        if (!e.detail.contains(QLatin1String("result"))) {
            // No reconcileHandler row applied: the panic escaped (RecoverPanic false), which
            // upstream crashes the process; the worker ended without requeue or Forget.
            if (dbool(e, "panic"))
                return tr("reconcile of %1 by %2 panicked after %3 ms, not recovered "
                          "(RecoverPanic false): %4; no requeue, the worker ended")
                    .arg(key, dstr(e, "worker"))
                    .arg(dint(e, "durationMs"))
                    .arg(err);
            return tr("reconcile of %1 by %2 ended after %3 ms without a result")
                .arg(key, dstr(e, "worker"))
                .arg(dint(e, "durationMs"));
        }
        QString s = tr("reconcile of %1 by %2: %3 after %4 ms")
                        .arg(key, dstr(e, "worker"), code(dstr(e, "result")))
                        .arg(dint(e, "durationMs"));
        if (!err.isEmpty())
            s += tr(" (%1)").arg(err);
        return s;
    }
    default:
        return {};
    }
}

QString JournalText::metrics(const TraceEvent &e)
{
    if (e.kind != TraceKind::MetricsScraped)
        return {};
    const QString failure = dstr(e, "failure");
    if (!failure.isEmpty())
        return tr("scrape of %1 failed (%2): %3")
            .arg(dstr(e, "target"), code(failure), dstr(e, "error"));
    return tr("scraped %1: %2 families, %3 samples, %4 bytes of %5 in %6 ms")
        .arg(dstr(e, "target"))
        .arg(dint(e, "families"))
        .arg(dint(e, "samples"))
        .arg(dint(e, "bytes"))
        .arg(code(dstr(e, "format")))
        .arg(dint(e, "latencyMs"));
}

} // namespace lens
