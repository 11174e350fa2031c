// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/status.h"

#include <QCoreApplication>
#include <QString>

namespace lens {

struct TraceEvent;

/// The journal's words for people: the journal itself (JSON Lines, `--headless`, recordings)
/// stays in English, but what the window shows from it (the timeline's LIST cause, a watch's
/// end, a backoff's reason, an error) is in the window's language, read from the typed fields
/// of trace/tracedetail.h (codes and ApiStatus), never by matching English sentences. The
/// words are looked up when asked, so rows recorded before a language switch read in the new
/// language. Context "lens::JournalText" of the installed Qt translators.
class JournalText {
    Q_DECLARE_TR_FUNCTIONS(lens::JournalText)
public:
    /// One of tracedetail::codes() ("initial", "watch expired", "429 on watch", "closed by
    /// server", "bookmark timeout", ...) in the window's language; anything else (a code of a
    /// newer version, an older recording's sentence) unchanged.
    static QString code(const QString &code);
    /// True when code() has words for `code`.
    static bool knowsCode(const QString &code);
    /// ApiStatus::describe() in the window's language: the transport failures ("cannot
    /// connect: connection refused (%1)", ...; the Qt network message inside stays as Qt gave
    /// it), "CODE Reason: message" for an API status (the StatusReason and kube-apiserver's
    /// message are the server's words and stay), "failed to list %1: ..." before it when the
    /// Reflector wrapped it.
    static QString status(const ApiStatus &status);
    /// The error an event recorded (listFailed, watchError): its typed status, "very short
    /// watch: N ms and no items received" for a watch that ended at once, else the English
    /// "error" of an older recording as it was written.
    static QString error(const TraceEvent &e);
    /// Why WatchList fell back to LIST+WATCH (detail fallbackCode and its typed fields, on the
    /// listStarted with cause "fallback" and on the Info note before it); the English
    /// fallbackReason of an older recording as written.
    static QString fallback(const TraceEvent &e);
    /// How a watch ended (watchEnded's reason code, with its status when the stream broke).
    static QString watchEnd(const TraceEvent &e);
    /// One line for a workqueue event (a kind whose name starts with "workqueue"), read from its
    /// fields: "default/a added to claims (enqueueClaim: add), depth 1", "worker-1 got
    /// default/a from claims after 5 ms", "default/a re-queued in claims in 15000 ms, chosen by
    /// ItemExponentialFailure (failure 1)", ... The caller's reason and the limiter's name stay
    /// as recorded. Empty for any other kind.
    static QString workqueue(const TraceEvent &e);
    /// One line for a controller-runtime event (priorityQueue…, runtime…, reconcile…), read
    /// from its fields: "default/a added to runtime-sample at priority -100 (initial list)",
    /// "worker-1 got default/a (priority 0) from runtime-sample after 12 ms", "reconcile of
    /// default/a: requeue_after 500 ms at priority -100". Empty for any other kind.
    static QString runtime(const TraceEvent &e);
    /// One line for a MetricsScraped event: "scraped pod/lens-system/provisioner-0:8080: 9
    /// families, 40 samples, 5120 bytes of Prometheus text in 3 ms", or "scrape of … failed
    /// (HTTP error): …". Empty for any other kind.
    static QString metrics(const TraceEvent &e);
};

} // namespace lens
