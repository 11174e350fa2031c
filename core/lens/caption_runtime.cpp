// SPDX-License-Identifier: Apache-2.0
// Caption::forEvent for controller-runtime's handlers and predicates (pkg/handler,
// pkg/predicate) and the controller's Start and reconcileHandler (pkg/internal/controller). The
// headline is the event's own line (JournalText::runtime); every sentence below follows from that
// event's own fields.
#include "caption.h"
#include "caption_p.h"
#include "journaltext.h"
#include "rules.h"

namespace lens::captiondetail {

namespace {

/// Sentences joined into one paragraph, the empty ones (a rule that does not hold) left out.
QString joined(const QStringList &sentences)
{
    QStringList kept;
    for (const QString &s : sentences)
        if (!s.isEmpty())
            kept << s;
    return kept.join(QLatin1Char(' '));
}

QStringList enqueuedWords(const TraceEvent &e, const RuleContext &rc)
{
    QStringList p;
    const QString low = str(e, "lowPriority");
    const QString event = str(e, "event");
    const bool hasPriority = e.detail.contains(QLatin1String("priority"));
    const QString prio = QString::number(e.detail.value(QLatin1String("priority")).toInt());
    if (low == QLatin1String("initial list")) {
        p << joined({Caption::tr("handler.LowPriority (%1): this create is part of the informer's "
                                 "initial list (IsInInitialList).")
                         .arg(prio),
                     Rules::sentence(RuleId::HandlerInitialListLow, rc)});
    } else if (low == QLatin1String("unchanged resourceVersion")) {
        p << joined({Caption::tr("handler.LowPriority (%1): the old and new objects carry the "
                                 "same resourceVersion %2.")
                         .arg(prio, str(e, "newResourceVersion")),
                     Rules::sentence(RuleId::HandlerUnchangedUpdateLow, rc)});
    } else if (hasPriority) {
        p << Caption::tr("The handler asked for priority %1 itself: an explicit priority wins "
                         "over the handler's default.")
                 .arg(prio);
    } else if (event == QLatin1String("delete") || event == QLatin1String("generic")) {
        p << joined({Caption::tr("Priority unset (the queue reads it as 0)."),
                     Rules::sentence(RuleId::HandlerDeleteNeverLowered, rc)});
    } else if (event == QLatin1String("update")) {
        p << Caption::tr("Priority unset (the queue reads it as 0): resourceVersion %1 → %2 is "
                         "a real change, or the queue is not a priority queue.")
                 .arg(str(e, "oldResourceVersion"), str(e, "newResourceVersion"));
    } else if (flagOf(e, "initialList")) {
        p << Caption::tr("isInInitialList was true, yet no LowPriority was applied: the queue is "
                         "not a priority queue, or the handler adds without TypedFuncs' wrapper "
                         "(a handler type of its own).");
    } else {
        p << Caption::tr("Priority unset (the queue reads it as 0): a create the watch "
                         "delivered, not part of the initial list.");
    }
    p << Caption::tr("Queue call: %1.").arg(str(e, "call"));
    return p;
}

QStringList filteredWords(const TraceEvent &e)
{
    QStringList p;
    p << Caption::tr("Predicate %1 answered false for this %2 event, so handler %3 never saw it: "
                     "the source's adapter stops at the first predicate that says false. "
                     "Predicates filter events only; the informer's cache still holds the "
                     "object.")
             .arg(str(e, "predicate"), str(e, "event"), str(e, "handler"));
    if (str(e, "event") == QLatin1String("update") &&
        str(e, "oldResourceVersion") == str(e, "newResourceVersion"))
        p << Caption::tr("Old and new resourceVersion are both %1: a resync or relist "
                         "re-delivery, which old/new-comparing predicates always drop.")
                 .arg(str(e, "newResourceVersion"));
    return p;
}

QStringList startedWords(const TraceEvent &e, const RuleContext &rc)
{
    const QString phase = str(e, "phase");
    const QString queue = flagOf(e, "usePriorityQueue")
                              ? Caption::tr("the priority queue")
                              : Caption::tr("client-go's rate-limiting queue "
                                            "(UsePriorityQueue=false)");
    if (phase == QLatin1String("sources started"))
        return {Caption::tr("Every watched source started and synced within CacheSyncTimeout "
                            "(%1 ms); for source.Kind that means the informer synced and the "
                            "handler received the whole initial list, so the queue already "
                            "holds it.")
                    .arg(e.detail.value(QLatin1String("cacheSyncTimeoutMs")).toInteger())};
    if (phase == QLatin1String("workers started"))
        return {Caption::tr("%1 worker(s) (MaxConcurrentReconciles) now take keys from %2 with "
                            "rate limiter %3.")
                    .arg(e.detail.value(QLatin1String("maxConcurrentReconciles")).toInteger())
                    .arg(queue, str(e, "rateLimiter")),
                Rules::sentence(RuleId::LegacyQueueIgnoresPriority, rc)};
    if (phase == QLatin1String("failed"))
        return {Caption::tr("Start returned this error and no worker started: %1")
                    .arg(str(e, "error"))};
    return {Caption::tr("The controller's context ended: its queue shuts down and the workers "
                        "end.")};
}

QStringList finishedWords(const TraceEvent &e, const RuleContext &rc)
{
    QStringList p;
    const QString result = str(e, "result");
    const QString prio = QString::number(e.detail.value(QLatin1String("priority")).toInt());
    const qint64 after = e.detail.value(QLatin1String("requeueAfterMs")).toInteger();
    if (flagOf(e, "panic") && result.isEmpty()) {
        p << Caption::tr("The reconciler panicked and RecoverPanic is false: upstream the "
                         "process crashes; here the worker ends. reconcile_panics_total +1.");
    } else if (flagOf(e, "terminal")) {
        p << joined({Caption::tr("Terminal error: reconcile_total{result=\"error\"}, "
                                 "reconcile_errors_total and terminal_reconcile_errors_total "
                                 "+1."),
                     Rules::sentence(RuleId::ReconcileTerminalNoRequeue, rc)});
    } else if (result == QLatin1String("error")) {
        p << joined({Caption::tr("Error: reconcile_errors_total +1."),
                     Rules::sentence(RuleId::ReconcileRequeueRateLimited, rc)});
        if (flagOf(e, "panic"))
            p << Caption::tr("The reconciler panicked; RecoverPanic turned the panic into this "
                             "error. reconcile_panics_total +1.");
        if (flagOf(e, "ignoredRequeue"))
            p << Caption::tr("The reconciler also asked for a requeue (RequeueAfter or Requeue); "
                             "with an error that is ignored and controller-runtime logs a "
                             "warning.");
    } else if (result == QLatin1String("requeue_after")) {
        p << joined({Caption::tr("RequeueAfter %1 ms.").arg(after),
                     Rules::sentence(RuleId::ReconcileRequeueAfter, rc)});
    } else if (result == QLatin1String("requeue")) {
        p << joined({Caption::tr("Requeue: true (deprecated since v0.21)."),
                     Rules::sentence(RuleId::ReconcileRequeueRateLimited, rc)});
    } else if (result == QLatin1String("success")) {
        p << joined(
            {Caption::tr("Success."), Rules::sentence(RuleId::ReconcileSuccessForgets, rc)});
    }
    if (flagOf(e, "timedOut"))
        p << Caption::tr("ReconciliationTimeout ended the reconcile's context: "
                         "reconcile_timeouts_total +1.");
    if (!result.isEmpty() && result != QLatin1String("success") && !flagOf(e, "terminal")) {
        const QString kept = Rules::sentence(RuleId::ReconcileKeepsPriority, rc);
        p << (kept.isEmpty()
                  ? Rules::sentence(RuleId::LegacyQueueIgnoresPriority, rc)
                  : joined({Caption::tr("The requeue is at priority %1.").arg(prio), kept}));
    }
    const QStringList calls =
        e.detail.value(QLatin1String("queueCalls")).toVariant().toStringList();
    p << (calls.isEmpty() ? Caption::tr("Queue calls: none.")
                          : Caption::tr("Queue calls: %1.").arg(calls.join(QStringLiteral(", "))));
    return p;
}

} // namespace

QString runtimeCaption(const TraceEvent &e, const Journal *journal, quint64 upTo)
{
    QStringList p;
    const RuleContext rc{e, journal, upTo};
    switch (e.kind) {
    case TraceKind::RuntimeEnqueued:
        p = enqueuedWords(e, rc);
        break;
    case TraceKind::RuntimeEventFiltered:
        p = filteredWords(e);
        break;
    case TraceKind::RuntimeControllerStarted:
        p = startedWords(e, rc);
        break;
    case TraceKind::ReconcileStarted:
        p << Caption::tr("Worker %1 took %2 at priority %3 (reconcileID %4); the key stays "
                         "locked until Done. The rate limiter has counted %5 failure(s) for it "
                         "(NumRequeues).")
                 .arg(str(e, "worker"), e.key,
                      QString::number(e.detail.value(QLatin1String("priority")).toInt()))
                 .arg(e.detail.value(QLatin1String("reconcileId")).toInteger())
                 .arg(e.detail.value(QLatin1String("requeues")).toInteger());
        p << pqWaitText(e, journal, upTo);
        break;
    case TraceKind::ReconcileFinished:
        p = finishedWords(e, rc);
        break;
    default:
        break;
    }
    p.removeAll(QString());
    p << when(e);
    return page(JournalText::runtime(e), p);
}

} // namespace lens::captiondetail
