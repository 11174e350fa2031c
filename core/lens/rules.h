// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "trace/traceevent.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace lens {

class Journal;

/// The rules of client-go that the Explain pane states in general words ("an unchanged update
/// reaches only …", "after backoff the Reflector lists again"), each one a checked claim: a name,
/// the client-go function it mirrors, its sentence, and a predicate over the journal that must
/// hold wherever the sentence is shown.
///
/// Caption never writes such a rule as free prose: it asks Rules::sentence(), which returns the
/// sentence only when the predicate holds for the event being explained (otherwise "", and the
/// caption shows the sentence that does hold, or nothing). The explanation audit (tests/ui
/// tst_audit) finds every rule's sentence in every caption of every shipped scenario, in both
/// languages, live and at time-travel points, and fails where a shown rule's predicate is false:
/// so a rule added as prose outside this table, or a predicate weakened to pass, is caught by
/// the sentence, not by the code path that wrote it.
///
/// Every sentence is translatable (context "lens::Caption"). Widgets-free.
enum class RuleId {
    WatchEventQueued,
    WatchListEventStored,
    BookmarkMovesResourceVersion,
    InitialEventsEndReplaces,
    WatchRequest,
    WatchListRequest,
    UnchangedUpdateToSyncing,
    ChangedUpdateToAll,
    WatchErrorRelists,
    WatchErrorRewatches,
    WatchErrorRetriesAtOnce,
    WatchListErrorFallsBack,
    WatchListErrorStreamsAgain,
    WatchEndedRewatches,
    WatchListEndedEarly,
    ListFailedBacksOff,
    ContinueExpiredListsAgain,
    BackoffThenList,
    BackoffThenWatch,
    DeltaFifoMergesOnlyDeletes,
    ListCauseWatchExpired,
    ListCauseWatchErrorEvent,
    ListCauseWatchRequestFailed,
    ListCauseShortWatch,
    ListCauseExpired,
    ResyncQueuesSync,
    BookmarkTimeoutIsOurs,
    // controller-runtime (rules_runtime.cpp, rules_table_runtime.cpp)
    PqReadyOrder,
    PqLowerWaitsForHigher,
    PqPriorityOnlyRaised,
    PqReadyBeatsDelay,
    PqHeldKeyAfterDone,
    PqShutDownAbandons,
    PqForgetResetsBackoff,
    HandlerInitialListLow,
    HandlerUnchangedUpdateLow,
    HandlerDeleteNeverLowered,
    ReconcileRequeueRateLimited,
    ReconcileRequeueAfter,
    ReconcileTerminalNoRequeue,
    ReconcileSuccessForgets,
    ReconcileKeepsPriority,
    LegacyQueueIgnoresPriority,
};

/// Where a rule is judged: the event explained, the journal (not owned, may be null) and the
/// time-travel point (a journal seq; 0 = the journal's end): nothing after `upTo` is looked at.
struct RuleContext {
    const TraceEvent &event;
    const Journal *journal = nullptr;
    quint64 upTo = 0;
};

/// One rule: see Rules.
struct Rule {
    RuleId id;
    const char *name;     ///< stable, kebab-case ("unchanged-update-to-syncing")
    const char *clientGo; ///< the client-go function(s) it mirrors, as named in client-go
    const char *checks;   ///< what the predicate checks, in English (docs/rules.md, the audit)
    const char *text;     ///< the sentence's source text (tr context "lens::Caption"), %1… args
    bool (*holds)(const RuleContext &); ///< the predicate; false without the journal it needs
};

class Rules {
    Q_DECLARE_TR_FUNCTIONS(lens::Caption)
public:
    /// Every rule, in RuleId order.
    static const std::vector<Rule> &all();
    /// controller-runtime's rows (rules_table_runtime.cpp), appended by all().
    static void appendRuntimeRules(std::vector<Rule> *table);
    static const Rule &get(RuleId id);
    /// True when rule `id`'s predicate holds at `c`.
    static bool holds(RuleId id, const RuleContext &c) { return get(id).holds(c); }
    /// The rule's sentence in the current language with `args` filled in (QString::arg), or ""
    /// when its predicate does not hold at `c`.
    template<typename... Args>
    static QString sentence(RuleId id, const RuleContext &c, Args &&...args)
    {
        const Rule &r = get(id);
        if (!r.holds(c))
            return {};
        const QString t = translated(r);
        if constexpr (sizeof...(Args) == 0)
            return t;
        else
            return t.arg(std::forward<Args>(args)...);
    }
    /// The rule's sentence template in the current language (still holding %1…).
    static QString translated(const Rule &r);

    /// What client-go does after watch error `e` (a WatchError event), from its recorded status
    /// alone: reflector.go watch()/watchList() and isWatchErrorRetriable. Rewatch: a new WATCH
    /// (after backoff for 429 or a refused connection); Relist: ListAndWatch ends, a LIST after
    /// backoff; FallBack: a WatchList gives up for LIST+WATCH; StreamAgain: a new WatchList;
    /// Unknown: the event alone does not tell (a 500 that may be retried at once).
    enum class AfterWatchError { Rewatch, Relist, FallBack, StreamAgain, Unknown };
    static AfterWatchError afterWatchError(const TraceEvent &e);
    /// The informer's next request after `e` (a ListStarted or WatchStarted of the same
    /// informer), never past `c.upTo`; null if the journal has none yet.
    static const TraceEvent *nextRequest(const RuleContext &c);
};

} // namespace lens
