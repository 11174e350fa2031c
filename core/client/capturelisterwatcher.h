// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "informer/listerwatcher.h"

#include <QPointer>

#include <memory>

namespace lens {

class Journal;

/// The watch events of a `kubectl get pods -A -w -o json --output-watch-events` capture: a
/// stream of concatenated (usually pretty-printed) JSON objects {"type":"ADDED|MODIFIED|
/// DELETED|BOOKMARK|ERROR","object":{…}}, not one per line. Split with nlohmann::json's
/// stream parser (one value per `>>`), each value decoded like a watch-stream line.
struct WatchCapture {
    QList<WatchEvent> events;
    /// Set when reading stopped early: "FILE:LINE: the last object is truncated (kept the N
    /// events read before it)" when the bytes end inside the last object (LINE: where it
    /// starts), else "FILE:LINE:COLUMN: <what>; kept the N events read before it" (malformed
    /// JSON with the parser's reason, or a value that is not a watch event; an informer-lens
    /// journal gets the hint to open it with --open).
    QString warning;

    /// Decodes `bytes` (`name` is used in messages).
    static WatchCapture parse(const QByteArray &bytes, const QString &name);
    /// Reads and decodes `path`. False with `*error` when the file cannot be read or holds no
    /// event at all (then `*error` says why, with the position).
    static bool read(const QString &path, WatchCapture *out, QString *error = nullptr);
};

/// A ListerWatcher backed by a kubectl watch capture, standing in for client-go's
/// cache.ListWatch (tools/cache/listwatch.go) so the capture goes through a real Reflector,
/// DeltaFIFO, Indexer and handlers. Semantics (docs/semantics.md, "Replaying a kubectl
/// capture"):
///  * LIST answers at once (next event-loop turn) with the objects the events delivered so far
///    imply (none at first) at the resourceVersion of the last delivered event (at first: the
///    first captured event's). A relist after an ERROR therefore keeps the cache whole.
///  * WATCH delivers the captured events in order, from the first one not yet delivered (the
///    position is the ListerWatcher's, shared by every watch), `eventsPerSecond` of them per
///    second (0 = as fast as possible, in chunks of 200 per event-loop turn). ERROR events are
///    delivered as they are: the reflector ends that watch (410 → relist, see above).
///  * After the last event the watch stays open and silent (no timeout, no relist that would
///    wipe the cache); the journal gets one info event, component "capture", type "ended".
///  * The ListOptions' resourceVersion, selectors, limit and timeoutSeconds are ignored: the
///    capture is what it is.
class CaptureListerWatcher final : public ListerWatcher {
public:
    /// `journal` (not owned, may be null) receives the "capture ended" info event; `name`
    /// names the capture in description() (e.g. the file name).
    CaptureListerWatcher(WatchCapture capture, const QString &name, Journal *journal = nullptr,
                         double eventsPerSecond = 50);
    ~CaptureListerWatcher() override;

    ListCall *list(const ListOptions &options) override;
    WatchCall *watch(const ListOptions &options) override;
    /// "kubectl watch capture pods.json (120 events, 50 events/s)".
    QString description() const override;

    /// Events per second for watches from now on (0 = as fast as possible).
    void setEventsPerSecond(double eventsPerSecond);
    qsizetype delivered() const;
    qsizetype total() const;
    /// WatchCapture::warning of the capture given (empty when it was read whole).
    QString warning() const;
    /// The kind and apiVersion of the capture's first object ("Pod", "v1"): a watch is of one
    /// type, so objects of another kind are not in the LIST this replays, and the informer
    /// takes this as its expected type (Reflector::setExpectedType: the watch event of a
    /// ConfigMap in a capture of pods is skipped and journaled, as client-go's watchHandler
    /// skips an object of another type). Empty for a capture without objects.
    QString objectKind() const;
    QString objectApiVersion() const;

    struct State;

private:
    std::shared_ptr<State> m_state;
};

} // namespace lens
