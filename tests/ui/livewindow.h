// SPDX-License-Identifier: Apache-2.0
#pragma once
// The way the live-window tests start: a Session on the built-in cluster and a window over it.

#include "informer/sharedinformer.h"
#include "mainwindow.h"
#include "session/session.h"

#include <memory>

namespace lens::test {

/// Starts a Session on the built-in simulated cluster with no churn (the test makes the
/// changes), then builds a 1600x1000 MainWindow over its journal, Pop controller and informer,
/// titled with the session's source; not shown yet. False, with the reason in `error`, when the
/// session cannot start.
inline bool startLiveWindow(std::unique_ptr<Session> *session, std::unique_ptr<MainWindow> *window,
                            QString *error)
{
    Session::Options o;
    o.churnIntervalMs = 0;
    *session = std::make_unique<Session>(o);
    if (!(*session)->start(error))
        return false;
    *window =
        std::make_unique<MainWindow>((*session)->journal(), (*session)->informer()->controller());
    (*window)->setSourceDescription((*session)->sourceDescription());
    (*window)->setInformer((*session)->informer());
    (*window)->resize(1600, 1000);
    return true;
}

} // namespace lens::test
