// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "client/simulatorclient.h"

namespace lens {

namespace sim {
class Simulator;
}

/// How a client reaches the built-in cluster `simulator` (started): its URL with the CA it
/// serves TLS with, the bearer token and the client certificate it requires (when it does),
/// and the kubeconfig kubectl would use (sim::kubeconfigText: cluster, user and context
/// "lens-sim"). `pollMs`: how often a panel polls /sim/v1/state (0 = only when asked).
SimulatorAccess simulatorAccess(const sim::Simulator &simulator, int pollMs = 1000);

} // namespace lens
