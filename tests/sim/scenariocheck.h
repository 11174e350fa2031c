// SPDX-License-Identifier: Apache-2.0
#pragma once
// What tst_scenarios' play() rows share: journal queries and the per-scenario check, and the
// rows of the controller scenarios (tst_scenarios_controller.cpp).
#include "session/session.h"
#include "trace/journal.h"

#include <QtTest>

#include <deque>
#include <functional>
#include <vector>

namespace lens {

/// Journal queries for the assertions.
struct Trace {
    const lens::Journal::Events &events;

    std::vector<const TraceEvent *>
    find(TraceKind kind, const std::function<bool(const TraceEvent &)> &f = {}) const
    {
        std::vector<const TraceEvent *> out;
        for (const TraceEvent &e : events)
            if (e.kind == kind && (!f || f(e)))
                out.push_back(&e);
        return out;
    }
    int count(TraceKind kind, const QString &type = {}, const QString &key = {}) const
    {
        return int(find(kind, [&](const TraceEvent &e) {
                       return (type.isEmpty() || e.type == type) && (key.isEmpty() || e.key == key);
                   }).size());
    }
    int withCode(TraceKind kind, int code) const
    {
        return int(find(kind, [&](const TraceEvent &e) {
                       return e.detail.value(QLatin1String("code")).toInt() == code;
                   }).size());
    }
    int listsWithCause(const QString &cause) const
    {
        return int(find(TraceKind::ListStarted, [&](const TraceEvent &e) {
                       return e.detail.value(QLatin1String("cause")).toString() == cause;
                   }).size());
    }
    QStringList scenarioErrors() const
    {
        QStringList out;
        for (const TraceEvent *e : find(TraceKind::Info, [](const TraceEvent &e) {
                 return e.component == QLatin1String("scenario") &&
                        e.detail.contains(QLatin1String("error"));
             }))
            out << e->detail.value(QLatin1String("error")).toString();
        return out;
    }
};

using Check = std::function<void(const Trace &, Session &)>;

/// Adds play()'s rows (columns "name", "check") for the controller scenarios.
void addControllerScenarioRows();
/// Adds play()'s rows for the runtime-sample scenarios (cr-*; tst_scenarios_runtimerows.cpp).
void addRuntimeScenarioRows();

/// controller-burst played up to --at 1.1: the clock stands at 1.1 s exactly, no event is
/// stamped later, four claim workers are busy and most claims are still Pending.
void checkBurstStandsAtItsStopTime();
/// controller-burst with `threadiness` workers given over the scenario's own 4: that many
/// workers run, every claim ends Bound, and the captions name that number.
void checkThreadinessReplacesTheScenarios(int threadiness);

// tst_scenarios_truth.cpp: a scenario says what its journal shows (issue 35).
/// A step whose waitFor cannot happen (Pop paused) shows no caption of its own: its caption
/// line says what was expected and what the journal shows.
void checkACaptionWhoseWaitForTimedOutSaysSo();
/// fs07-continue-expiry --at 4 (`lesson`: --lesson --at 4) journals page 2's 410 on the
/// continue token and the pager's full list, each caption after what it tells of.
void checkContinueExpiresUnderAt(bool lesson);
/// FS-17's and factory-gate's captions checked against their --at journals.
void checkCaptionsTellWhatTheJournalShows();
/// With lesson mode off the player keeps its speed (1: a step at 5 s waits).
void checkWithLessonModeOffThePlayerKeepsItsSpeed();

} // namespace lens

Q_DECLARE_METATYPE(lens::Check)
