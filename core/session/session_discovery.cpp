// SPDX-License-Identifier: Apache-2.0
// What the user typed ("deploy", "deployments.apps", "v1/pods") turned into resources through
// discovery, as kubectl resolves them: Session::resolveResources, beside session.cpp.
#include "session.h"
#include "session_p.h"

#include "client/discovery.h"
#include "process/terminationsignals.h"
#include "sim/resourcetype.h"
#include "sim/simulator.h"
#include "sim/store.h"

#include <QElapsedTimer>

#include <algorithm>

namespace lens {

bool Session::resolveResources(const RestConfig &rest, QList<Resolved> *out, QString *error)
{
    // What the user typed ("deploy", "deployments.apps", "v1/pods") becomes a resource through
    // discovery, as kubectl resolves it. Scenarios name core/v1 resources of the built-in
    // cluster. One Discovery for all of them: its documents are fetched once.
    Discovery discovery(rest, 10000);
    QElapsedTimer elapsed;
    elapsed.start();
    qint64 saidAt = 0;
    const auto progressed = [&](const QString &given) {
        const qint64 now = elapsed.elapsed();
        if (now - saidAt < m_opts.discoveryProgressMs)
            return;
        saidAt = now;
        Q_EMIT discoveryProgressed(int(out->size()), int(m_opts.resources.size()), given, now);
    };
    for (const QString &given : std::as_const(m_opts.resources)) {
        // A termination signal ends the start between two resources (and a wait for the
        // server at once: QCoreApplication::quit() ends discovery's local event loop).
        if (TerminationSignals::requested()) {
            if (error)
                *error = QStringLiteral("Stopped during discovery, before resource \"%1\" (%2 "
                                        "of %3): a termination signal arrived")
                             .arg(given)
                             .arg(out->size() + 1)
                             .arg(m_opts.resources.size());
            return false;
        }
        Resolved r{given, ApiResource{QString(), QStringLiteral("v1"), given, {}, true}, false, {}};
        if (!m_opts.scenario.isEmpty() && m_sim) {
            // A scenario's resource is one the built-in cluster serves: its group, version,
            // kind and scope as the cluster registers them (storageclasses are
            // storage.k8s.io/v1; pods get Kind=Pod, as a typed informer knows it, and not
            // "<unspecified>").
            for (const sim::ResourceType &t : m_sim->store()->resourceTypes())
                if (t.name == given)
                    r.resource = ApiResource{t.group, t.version, t.name, t.kind, t.namespaced};
        }
        if (m_opts.scenario.isEmpty()) {
            QString err;
            Discovery::Failure failure = Discovery::Failure::None;
            const bool found = discovery.resolve(given, &r.resource, &err, &failure);
            const bool transport = failure == Discovery::Failure::Transport;
            if (failure == Discovery::Failure::Interrupted) {
                if (error)
                    *error = QStringLiteral("Stopped during discovery (resource \"%1\"): %2")
                                 .arg(given, err);
                return false;
            }
            if (found) {
                const ApiResource &a = r.resource;
                r.note = QStringLiteral("resource \"%1\" is %2 (%3%4)")
                             .arg(given, a.qualifiedName(), a.groupVersion(),
                                  a.kind.isEmpty()
                                      ? QString()
                                      : QStringLiteral(" ") + a.kind +
                                            (a.namespaced ? QStringLiteral(", namespaced")
                                                          : QStringLiteral(", cluster-scoped")));
            } else if (transport) {
                // The server cannot be asked now. A resource every Kubernetes cluster serves
                // (pods, storageclasses, deployments, ... by name, singular or short name) is
                // taken as its built-in group/version, as a typed client-go informer names it
                // without asking; any other name as a core/v1 resource. The Reflector then
                // reports and retries, as it would for any list that fails.
                const QList<sim::ResourceType> known = sim::ResourceType::builtins();
                const auto it = std::find_if(known.begin(), known.end(), [&](const auto &t) {
                    return t.name == given || t.singularName == given ||
                           t.shortNames.contains(given);
                });
                if (it != known.end()) {
                    r.resource =
                        ApiResource{it->group, it->version, it->name, it->kind, it->namespaced};
                    r.note = QStringLiteral("%1; %2 is a built-in Kubernetes resource, taken as "
                                            "%3 %4 until the server answers")
                                 .arg(err, given, it->groupVersion, it->name);
                } else {
                    r.resource = ApiResource{QString(), QStringLiteral("v1"), given, {}, true};
                    r.assumedCoreV1 = true;
                    r.note = QStringLiteral("%1; assuming core/v1 %2").arg(err, given);
                }
            } else {
                if (error)
                    *error = QStringLiteral("The resource cannot be watched: %1").arg(err);
                return false;
            }
            if (!r.resource.namespaced && !m_opts.namespace_.isEmpty() && !m_namespaceFromContext)
                r.note += QStringLiteral("; %1 is cluster-scoped, so namespace %2 is ignored")
                              .arg(r.resource.qualifiedName(), m_opts.namespace_);
        }
        *out << r;
        if (m_opts.scenario.isEmpty())
            progressed(given);
    }
    // -n applies to the namespaced resources only; when none is, the run has no namespace.
    if (std::none_of(out->cbegin(), out->cend(),
                     [](const Resolved &r) { return r.resource.namespaced; }))
        m_opts.namespace_.clear();
    return true;
}

} // namespace lens
