// SPDX-License-Identifier: Apache-2.0
// Session's part for its controllers (kept apart from session.cpp, which is long): making the
// one Options::controller names (the provisioner here, runtime-sample in session_runtime.cpp),
// and the busy checks exact pacing waits on, over the informers and the controllers.
#include "session.h"

#include "client/kubeclient.h"
#include "controller/hostpathprovisioner.h"
#include "controller/provisioncontroller.h"
#include "informer/reflector.h"
#include "runtimewiring.h"
#include "workqueue/ratelimitingqueue.h"

#include <QTimer>

namespace lens {

bool Session::makeController(const RestConfig &rest, QString *error)
{
    const Options::RuntimeFlags &f = m_opts.runtime;
    if (m_opts.controller != QLatin1String("runtime-sample") &&
        (f.maxConcurrentReconciles || f.usePriorityQueue || f.reconcileLatencyMs ||
         f.requeueAfterMs)) {
        if (error)
            *error =
                QStringLiteral("The runtime-sample settings (reconciles, queue, latency, "
                               "RequeueAfter) were given, but the controller here is "
                               "\"%1\"")
                    .arg(m_opts.controller.isEmpty() ? QStringLiteral("none") : m_opts.controller);
        return false;
    }
    if (m_opts.controller.isEmpty())
        return true;
    if (m_opts.controller == QLatin1String("runtime-sample"))
        return makeRuntimeController(rest, error);
    SharedIndexInformer *claims = informerNamed(QStringLiteral("persistentvolumeclaims"));
    SharedIndexInformer *volumes = informerNamed(QStringLiteral("persistentvolumes"));
    SharedIndexInformer *classes = informerNamed(QStringLiteral("storageclasses"));
    if (!claims || !volumes || !classes) {
        if (error)
            *error = QStringLiteral("The provisioner needs one informer each for "
                                    "persistentvolumeclaims, persistentvolumes and "
                                    "storageclasses (with one queue mode and one watch mode).");
        return false;
    }
    m_kubeClient = new KubeClient(rest, m_journal, QStringLiteral("provisioner"), this);
    if (!m_sim && !m_opts.allowWrites)
        m_kubeClient->setReadOnly(
            true, QStringLiteral("informer-lens writes to a cluster that is not the built-in "
                                 "one only with --allow-writes; this write was not sent"));
    m_provisioner = new controller::HostPathProvisioner(m_clock, this);
    controller::ProvisionController::Options o;
    if (m_opts.threadiness > 0) // else the library's default (4)
        o.threadiness = m_opts.threadiness;
    m_controller =
        new controller::ProvisionController(m_factory, claims, volumes, classes, m_kubeClient,
                                            m_provisioner, m_journal, m_clock, o, this);
    return true;
}

bool Session::informersBusy() const
{
    if (informerPipelinesBusy())
        return true;
    if (m_runtime && m_runtime->busy())
        return true;
    if (m_controller) {
        for (const workqueue::RateLimitingQueue *q :
             {m_controller->claimQueue(), m_controller->volumeQueue()})
            if (q && q->hasAnswersInFlight())
                return true;
    }
    return false;
}

bool Session::informerPipelinesBusy() const
{
    for (const SharedIndexInformer *inf : std::as_const(m_informers)) {
        if (!inf->hasStarted() || inf->isStopped())
            continue;
        if (const Reflector *r = inf->reflector();
            r && (r->state() == Reflector::State::Listing || r->watchHasUndelivered()))
            return true;
        if (const Controller *c = inf->controller();
            c && c->mode() == Controller::Mode::Running && inf->queue() && inf->queue()->size() > 0)
            return true;
        for (const ProcessorListener *l : inf->listeners())
            if (l->backlog() > 0)
                return true;
    }
    return false;
}

void Session::whenInformersIdle(QObject *context, std::function<void()> then) const
{
    if (!informersBusy()) {
        then();
        return;
    }
    QTimer::singleShot(10, context, [this, context, then = std::move(then)]() mutable {
        whenInformersIdle(context, std::move(then));
    });
}

} // namespace lens
