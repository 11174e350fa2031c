// SPDX-License-Identifier: Apache-2.0
#pragma once
// The window's Sample controller box over `--controller runtime-sample`'s RuntimeWiring (kept
// in a header of its own so the GUI tests wire a window exactly as the app does).

#include "mainwindow.h"
#include "runtime/controller.h"
#include "runtimecontrolsbox.h"
#include "session/runtimewiring.h"

#include <QJsonArray>

namespace lens {

/// The callbacks of the Sample controller box on `wiring` (not owned, must outlive the
/// window): the reconciler's settings, RuntimeWiring::applyFromUser (each change an Info note
/// in the journal), and the controller running now, looked up again at every call (the
/// wiring replaces it on a rebuild).
inline RuntimeControls runtimeControls(RuntimeWiring *wiring)
{
    RuntimeControls c;
    c.settings = [wiring] { return wiring->reconciler()->settings().toJson(); };
    c.apply = [wiring](const QJsonObject &changes) { return wiring->applyFromUser(changes); };
    c.state = [wiring] {
        const runtime::Controller *ctl = wiring->controller();
        const runtime::SampleReconciler *r = wiring->reconciler();
        return QJsonObject{
            {QLatin1String("started"), ctl->workersRunning()},
            {QLatin1String("workers"), ctl->options().maxConcurrentReconciles},
            {QLatin1String("priorityQueue"), ctl->options().usePriorityQueue.value_or(true)},
            {QLatin1String("reconciles"), r->reconcileCount()},
            {QLatin1String("hanging"), QJsonArray::fromStringList(r->hangingKeys())}};
    };
    return c;
}

/// Gives `window` the Sample controller box (the Priority queue tab, shown at start) and
/// keeps it current: a settings change (a scenario's runtime: step) or a rebuilt controller
/// (RuntimeWiring::controllerRebuilt) and its workers' start read it again.
inline void attachRuntimeControls(MainWindow &window, RuntimeWiring *wiring)
{
    window.setRuntimeControls(runtimeControls(wiring));
    QObject::connect(wiring->reconciler(), &runtime::SampleReconciler::settingsChanged, &window,
                     &MainWindow::refreshRuntimeControls);
    // The controller's workers start once its sources synced, after the rebuild: then too.
    auto follow = [&window](runtime::Controller *controller) {
        QObject::connect(controller, &runtime::Controller::workersStarted, &window,
                         &MainWindow::refreshRuntimeControls);
    };
    follow(wiring->controller());
    QObject::connect(wiring, &RuntimeWiring::controllerRebuilt, &window,
                     [&window, follow](runtime::Controller *controller) {
                         follow(controller);
                         window.refreshRuntimeControls();
                     });
}

} // namespace lens
