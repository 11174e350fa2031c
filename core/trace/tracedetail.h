// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/status.h"
#include "traceevent.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace lens {

/// The schema of TraceEvent::detail: for every TraceKind, the fields its detail may carry,
/// each with its JSON type, and for the fields that hold a code (a list's cause, a backoff's
/// reason, how a watch ended) the codes a journal may hold. This is the one description of
/// `informer-lens --headless`'s JSON Lines beyond the envelope (seq, t, kind, ...), and what
/// views read: they translate a code by the code (JournalText::code) and an error by its typed
/// ApiStatus (detail "status", ApiStatus::toDetail), never by matching English sentences. The
/// English fields ("error", "fallbackReason", "message") stay for readers of the JSON Lines.
namespace tracedetail {

enum class Type {
    Int,        ///< a JSON number holding an integer (milliseconds, counts, HTTP codes)
    Number,     ///< any JSON number (scenario seconds)
    Bool,       ///< true/false
    String,     ///< free text: a name, a resourceVersion, an English sentence for JSONL readers
    Code,       ///< one of the field's codes (codes()); translated by JournalText::code
    StringList, ///< an array of strings (informer names)
    Array,      ///< an array of objects (resync's listeners)
    Status,     ///< an object in ApiStatus::toDetail()'s shape
    Object,     ///< any JSON object (a scrape's figures: metrics::ScrapeFigures::toJson)
};

/// One field a kind's detail may carry.
struct Field {
    const char *name;
    Type type;
};

/// The fields `kind`'s detail may carry. Info's is open: a note may carry any field besides
/// these (a scenario step's number, the simulator's verb, ...).
const QList<Field> &fields(TraceKind kind);
/// True for kinds whose detail may carry fields beyond fields(kind) (Info).
bool isOpen(TraceKind kind);

/// Every code a Code field may hold, whatever the field: the Reflector's list causes
/// ("initial", "expired", "too large", "watch expired", "watch error", "list failed",
/// "resync failed", "continue expired", "fallback"), its backoff reasons (those, and "429 on
/// watch", "429 on watch-list", "connection refused"), how a watch ended ("closed by server",
/// "stream broken", "before initial-events-end") and why WatchList fell back
/// ("bookmark timeout", "very short watch", "error event", "request failed", "fell behind"),
/// and why a
/// listener's resyncPeriod changed ("user", "resyncCheckPeriod"), and how a workqueue's AddAfter
/// met an item already waiting ("new", "earlier wins", "kept earlier"; "at once" for a delay
/// <= 0).
const QStringList &codes();

/// Whether `e.detail` follows its kind's schema: every field known (unless isOpen) and of its
/// type, every Code field holding one of codes(), every Status an object. On false, `why` (when
/// given) says which field and what was wrong, e.g. "listStarted.cause: \"later\" is no code".
bool check(const TraceEvent &e, QString *why = nullptr);

/// The typed error an event recorded (detail "status"); nullopt when it recorded none (an
/// older recording, or an event of no error).
std::optional<ApiStatus> status(const TraceEvent &e);

} // namespace tracedetail
} // namespace lens
