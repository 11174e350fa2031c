// SPDX-License-Identifier: Apache-2.0
// What the Reflector suites share (tst_reflector, tst_reflector_extras): a Reflector over the
// in-memory FakeListerWatcher with a RecordingStore, a ManualClock and client-go's injected
// short backoff, and how long a row may wait for one backoff.
#pragma once

#include "fakelisterwatcher.h"
#include "informer/reflector.h"

namespace lens::test {

struct Harness {
    ManualClock clock;
    FakeListerWatcher lw;
    RecordingStore store;
    /// every state the reflector went through (declared before the reflector, whose destructor
    /// still reports a state change)
    QList<Reflector::State> states;
    Reflector reflector;
    QList<ApiStatus> handlerErrors;
    Harness() : reflector(&lw, &store, nullptr, &clock)
    {
        QObject::connect(&reflector, &Reflector::stateChanged,
                         [this](Reflector::State s) { states << s; });
        lw.clock = &clock;
        reflector.setSeed(42);
        // client-go's reflector tests inject a fast backoff too; the real 800 ms / 30 s one is
        // asserted in tst_backoff-style rows through Backoff itself.
        reflector.setBackoffParams(Backoff::Params{1, 50, 100, 2.0, 1.0});
        reflector.setWatchErrorHandler([this](const ApiStatus &s) { handlerErrors << s; });
    }
};

constexpr int kBackoffWaitMs = 6000; // first backoff ≤ 1.6 s; generous for loaded machines

} // namespace lens::test
