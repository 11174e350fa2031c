// SPDX-License-Identifier: Apache-2.0
// Caption::forEvent for a controller's events: a worker's sync of one key (and what it came
// to), the Provisioner's calls, and the API writes the worker sent, each explained from its own
// fields and the events of the same worker before it.
#include "caption.h"
#include "caption_p.h"

#include "api/status.h"
#include "format.h"
#include "journaltext.h"
#include "trace/tracedetail.h"

namespace lens::captiondetail {

namespace {

/// The sync `e` belongs to: the newest ControllerSyncStarted of the same worker before it.
const TraceEvent *syncOf(const Journal *journal, const TraceEvent &e)
{
    const QString worker = str(e, "worker");
    if (worker.isEmpty())
        return nullptr;
    return lastBefore(journal, e.seq, [&worker](const TraceEvent &x) {
        return x.kind == TraceKind::ControllerSyncStarted &&
               x.detail.value(QLatin1String("worker")).toString() == worker;
    });
}

/// A worker's POST of a PersistentVolume answered 409 AlreadyExists: an earlier sync of the same
/// claim had saved it (the volume's name is the claim's, pvc-<uid>).
bool volumeAlreadyExists(const TraceEvent &e, const ApiStatus &status)
{
    return status.reason == QLatin1String("AlreadyExists") &&
           str(e, "verb") == QLatin1String("POST") &&
           str(e, "path").endsWith(QLatin1String("/persistentvolumes")) &&
           !str(e, "worker").isEmpty();
}

/// Who sent the request: the worker, the workqueue key it held (queueKey: a claim's UID) and
/// the object the request writes (objectKey: the claim's Event, the volume pvc-<uid>).
QString workerText(const TraceEvent &e)
{
    const QString worker = str(e, "worker");
    const QString held = str(e, "queueKey");
    const QString object = str(e, "objectKey");
    if (worker.isEmpty())
        return {};
    if (held.isEmpty())
        return object.isEmpty() ? Caption::tr("Sent by %1.").arg(worker)
                                : Caption::tr("Sent by %1; it writes %2.").arg(worker, object);
    return object.isEmpty() || object == held
               ? Caption::tr("Sent by %1 while it processed the workqueue key %2.")
                     .arg(worker, held)
               : Caption::tr("Sent by %1 while it processed the workqueue key %2; the request "
                             "writes %3.")
                     .arg(worker, held, object);
}

/// Why the key `e` (a ControllerSyncStarted) was in the queue, from the journal: the Add that
/// queued it before this worker's Get, and whether that Add was a rate-limited retry coming due
/// (a WorkqueueReady of the key right before it) or something else (an informer event's handler,
/// a resync), which re-queues a key at once however many failures NumRequeues counts.
QString whyQueued(const TraceEvent &e, const Journal *journal)
{
    const QString worker = str(e, "worker");
    const int requeues = e.detail.value(QLatin1String("requeues")).toInt();
    const TraceEvent *get = lastBefore(journal, e.seq, [&](const TraceEvent &x) {
        return x.kind == TraceKind::WorkqueueGet && x.key == e.key &&
               x.detail.value(QLatin1String("worker")).toString() == worker;
    });
    const TraceEvent *add =
        get ? lastBefore(journal, get->seq,
                         [&e](const TraceEvent &x) {
                             return x.kind == TraceKind::WorkqueueAdd && x.key == e.key &&
                                    !x.detail.value(QLatin1String("collapsed")).toBool();
                         })
            : nullptr;
    if (!add)
        return requeues > 0 ? Caption::tr("NumRequeues counts %n failure(s) of this key since "
                                          "its last Forget; the Add that queued it is no longer "
                                          "in the journal.",
                                          nullptr, requeues)
                            : QString();
    const TraceEvent *before = lastBefore(journal, add->seq, [&e](const TraceEvent &x) {
        return x.key == e.key && x.component == QLatin1String("workqueue");
    });
    const QString reason = str(*add, "reason");
    if (before && before->kind == TraceKind::WorkqueueReady) {
        const TraceEvent *limited = lastBefore(journal, before->seq, [&e](const TraceEvent &x) {
            return x.kind == TraceKind::WorkqueueAddRateLimited && x.key == e.key;
        });
        QString s = limited
                        ? Caption::tr("This sync is a rate-limited retry: the AddRateLimited "
                                      "%1 (%2 chose %3) came due %4 and queued the key.")
                              .arg(when(*limited), str(*limited, "limiter"),
                                   formatTimeMs(
                                       limited->detail.value(QLatin1String("delayMs")).toInteger()),
                                   when(*before))
                        : Caption::tr("This sync is a rate-limited retry: the key's delay "
                                      "came due %1 and queued it.")
                              .arg(when(*before));
        return s + QLatin1Char(' ') +
               Caption::tr("NumRequeues counts %n failure(s) now.", nullptr, requeues);
    }
    QString s = Caption::tr("The key was queued %1 by: %2.").arg(when(*add), reason);
    if (requeues > 0)
        s += QLatin1Char(' ') +
             Caption::tr("It is not the retry: NumRequeues counts %n failure(s) since the key's "
                         "last Forget, and its rate-limited retry still waits in the delaying "
                         "queue, but an Add that is not rate limited (an informer event, a "
                         "resync) queues a key at once.",
                         nullptr, requeues);
    return s;
}

} // namespace

QString apiRequestCaption(const TraceEvent &e, const Journal * /*journal*/, quint64 /*upTo*/)
{
    const QString verb = str(e, "verb");
    const QString path = str(e, "path");
    QStringList p;
    if (e.kind == TraceKind::ApiRequestSent) {
        p << Caption::tr("%1 %2 left for the API server %3.").arg(verb, path, when(e));
        p << workerText(e);
        p << Caption::tr("Its answer is a journal event of its own (apiRequestFinished, request "
                         "%1); until then the request is in flight, and the worker waits for it "
                         "without blocking the others.")
                 .arg(str(e, "requestId"));
        return page(Caption::tr("API request sent"), p);
    }
    if (const auto status = tracedetail::status(e)) {
        p << Caption::tr("%1 %2 failed after %3 ms: %4")
                 .arg(verb, path, str(e, "latencyMs"), JournalText::status(*status));
        p << workerText(e);
        if (volumeAlreadyExists(e, *status)) {
            p << Caption::tr("PV already exists (409) — the library treats this as "
                             "provisioned: its backoffStore counts AlreadyExists as saved, so "
                             "the worker's sync ends as provisioned and no second volume is "
                             "made.");
            p << Caption::tr("An earlier sync of the same claim had created the volume, but "
                             "when this sync started the volumes informer did not have it yet: "
                             "provisionClaimOperation looks for the volume in that cache, not "
                             "on the server, so it called Provision again.");
        }
        return page(Caption::tr("API request failed"), p);
    }
    p << Caption::tr("%1 %2 answered HTTP %3 after %4 ms.")
             .arg(verb, path, str(e, "code"), str(e, "latencyMs"));
    if (!e.resourceVersion.isEmpty())
        p << Caption::tr("The server stored it at resourceVersion %1: the informer's watch "
                         "brings that same resourceVersion back as an event, which is how the "
                         "controller sees its own write.")
                 .arg(e.resourceVersion);
    p << workerText(e);
    return page(Caption::tr("API request answered"), p);
}

QString controllerSyncCaption(const TraceEvent &e, const Journal *journal, quint64 /*upTo*/)
{
    const QString queue = str(e, "queue");
    const QString worker = str(e, "worker");
    const QString object = str(e, "objectKey");
    const QString what =
        object.isEmpty() || object == e.key ? e.key : Caption::tr("%1 (%2)").arg(e.key, object);
    QStringList p;
    if (e.kind == TraceKind::ControllerSyncStarted) {
        p << Caption::tr("%1 took %2 from the workqueue \"%3\" %4 (Get): it is in the queue's "
                         "processing set now, so no other worker can take it until Done.")
                 .arg(worker, what, queue, when(e));
        p << whyQueued(e, journal);
        return page(Caption::tr("Worker took a key"), p);
    }
    const QString outcome = str(e, "outcome");
    p << Caption::tr("%1 finished %2 after %3 ms: %4.")
             .arg(worker, what, str(e, "durationMs"), JournalText::code(outcome));
    if (e.detail.value(QLatin1String("alreadyExists")).toBool())
        p << Caption::tr("PV already exists (409) — the library treats this as provisioned. An "
                         "earlier sync of this claim had created the volume, but the volumes "
                         "informer did not have it yet when this sync looked there "
                         "(provisionClaimOperation checks that cache, not the server), so it "
                         "provisioned again; the server answered the volume's POST with 409 "
                         "AlreadyExists, which the library's backoffStore counts as saved.");
    else if (!str(e, "message").isEmpty())
        p << str(e, "message");
    const QString requeue = str(e, "requeue");
    if (requeue == QLatin1String("rate limited")) {
        const TraceEvent *limited = lastBefore(journal, e.seq, [&e](const TraceEvent &x) {
            return x.kind == TraceKind::WorkqueueAddRateLimited && x.key == e.key;
        });
        if (limited && limited->detail.value(QLatin1String("dedup")).toString() ==
                           QLatin1String("kept earlier"))
            p << Caption::tr("The worker called AddRateLimited: %1 chose %2 ms, but the key "
                             "already waited to come back sooner, so it returns in %3 ms "
                             "(NumRequeues is now %4).")
                     .arg(str(*limited, "limiter"), str(*limited, "delayMs"), str(e, "delayMs"),
                          str(e, "requeues"));
        else if (limited)
            p << Caption::tr("The worker called AddRateLimited: %1 chose a delay of %2 ms, so "
                             "the key comes back to the queue then (NumRequeues is now %3).")
                     .arg(str(*limited, "limiter"), str(*limited, "delayMs"), str(e, "requeues"));
        else
            p << Caption::tr("The worker called AddRateLimited: the key comes back to the queue "
                             "in %1 ms (NumRequeues is now %2).")
                     .arg(str(e, "delayMs"), str(e, "requeues"));
    } else if (requeue == QLatin1String("forgotten"))
        p << Caption::tr("The worker called Forget: the key's failure count is cleared, so a "
                         "later failure starts again at the shortest delay.");
    else if (requeue == QLatin1String("gave up"))
        p << Caption::tr("The key failed %1 times, the failed-provision threshold: the worker "
                         "gives up and does not re-queue it (and, as the library does, does not "
                         "call Forget either).")
                 .arg(str(e, "requeues"));
    p << Caption::tr("Then Done: the key leaves the processing set; if an informer event "
                     "added it again meanwhile (dirty), it goes to the back of the queue now.");
    if (const TraceEvent *start = syncOf(journal, e))
        p << Caption::tr("It started %1.").arg(when(*start));
    return page(Caption::tr("Worker finished a key"), p);
}

QString provisionerCaption(const TraceEvent &e, const Journal * /*journal*/, quint64 /*upTo*/)
{
    const bool provision = e.type == QLatin1String("provision");
    QStringList p;
    if (e.kind == TraceKind::ProvisionerCalled) {
        p << (provision ? Caption::tr("%1 called Provision for %2: the volume %3 of class %4 is "
                                      "being created.")
                              .arg(str(e, "worker"), str(e, "objectKey"), str(e, "pvName"),
                                   str(e, "class"))
                        : Caption::tr("%1 called Delete for the volume %2: its storage is "
                                      "being removed.")
                              .arg(str(e, "worker"), str(e, "pvName")));
        return page(provision ? Caption::tr("Provision called") : Caption::tr("Delete called"), p);
    }
    const QString error = str(e, "error");
    if (error.isEmpty()) {
        p << Caption::tr("It returned after %1 ms with state %2.")
                 .arg(str(e, "durationMs"), str(e, "state"));
    } else {
        p << Caption::tr("It failed after %1 ms (state %2): %3")
                 .arg(str(e, "durationMs"), str(e, "state"), error);
        if (e.detail.value(QLatin1String("injected")).toBool())
            p << Caption::tr("This failure was set on the built-in provisioner (fail the next "
                             "N, or every provision of a class), so that retries can be seen.");
    }
    return page(provision ? Caption::tr("Provision returned") : Caption::tr("Delete returned"), p);
}

} // namespace lens::captiondetail
