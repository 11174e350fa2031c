// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

namespace lens {

class Journal;
class EventDetail;

/// A scenario step whose `waitFor` did not happen within its timeout, told from the journal:
/// what it waited for and what the journal shows instead. A caption says what the step waited
/// for (the tombstone was delivered, the relist came), so when it did not come the step's own
/// caption is not shown: the ScenarioBinding (core/session) journals a caption line with these
/// facts instead (detail.missed), and the window says them in its language (sentence()), e.g.
/// "Expected: a handlerNotified delete (tombstone) for default/victim — it did not happen
/// within 15 s; the journal shows: default/victim still queued (Deleted) and in the Indexer."
///
/// The facts (a JSON object, the caption line's detail fields):
///  * `missed` true; `expected`: the waitFor as the scenario wrote it ({"synced": true} or
///    {kind, type, key, handler, component, informer, detail, count, since});
///  * `informer`: the informer the facts were read for ("" = every informer);
///  * `timeoutMs`: how long it was waited for; `found`: matching events that did happen;
///  * a key's state, when the waitFor names a key: `known` (the journal ever queued or stored
///    it), `queued` (the types of its Deltas still queued, in order; [] = none), `inIndexer`;
///  * `synced`: for a `synced` waitFor, whether the journal recorded that informer's sync.
/// Errors: none; a journal without the events gives "nothing of KEY" / "not synced".
class WaitMiss {
    Q_DECLARE_TR_FUNCTIONS(lens::WaitMiss)
public:
    /// Reads the facts at the journal's end. `informer` is the informer the waitFor concerns
    /// ("" = any; for `synced`, the one it names or the scenario's first), `found` the events
    /// that matched it (ScenarioBinding counts them as it asks the condition).
    static QJsonObject facts(const Journal *journal, const QJsonObject &waitFor,
                             const QString &informer, int found, qint64 timeoutMs);
    /// True when a caption line's detail carries these facts.
    static bool isMiss(const EventDetail &detail);
    static bool isMiss(const QJsonObject &detail);
    /// The sentence for the facts, in the window's language (context "lens::WaitMiss").
    static QString sentence(const QJsonObject &facts);
    /// What the waitFor asked for, in words: "a handlerNotified delete (tombstone) for
    /// default/victim", "2 × listCompleted", "pods synced".
    static QString expected(const QJsonObject &waitFor, const QString &informer);
};

} // namespace lens
