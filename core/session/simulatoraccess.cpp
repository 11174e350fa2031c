// SPDX-License-Identifier: Apache-2.0
#include "simulatoraccess.h"

#include "sim/apiserver.h"
#include "sim/kubeconfig.h"
#include "sim/simulator.h"

namespace lens {

SimulatorAccess simulatorAccess(const sim::Simulator &simulator, int pollMs)
{
    SimulatorAccess a;
    a.rest.server = simulator.url();
    if (!simulator.caCertificatePem().isEmpty())
        a.rest.caCertificates = QSslCertificate::fromData(simulator.caCertificatePem());
    a.rest.bearerToken = simulator.token();
    if (!simulator.clientCertificatePem().isEmpty()) {
        a.rest.clientCertificate = QSslCertificate(simulator.clientCertificatePem());
        a.rest.clientKey = privateKeyFromPem(simulator.clientKeyPem());
    }
    a.kubeconfig =
        sim::kubeconfigText(simulator.url(), simulator.caCertificatePem(), simulator.token(),
                            simulator.clientCertificatePem(), simulator.clientKeyPem());
    a.pollMs = pollMs;
    if (const sim::ApiServer *server = simulator.server())
        a.loopbackOnly = server->isLoopbackOnly();
    return a;
}

} // namespace lens
