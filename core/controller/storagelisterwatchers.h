// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "client/restconfig.h"
#include "informer/informerfactory.h"

namespace lens::controller {

/// A SharedInformerFactory::ListerWatcherFactory for the ProvisionController's three resources
/// on `rest`'s server without asking discovery: "persistentvolumeclaims" and
/// "persistentvolumes" (core/v1), "storageclasses" (storage.k8s.io/v1), all namespaces.
/// Anything else is taken as a core/v1 resource. For tests and benchmarks on the built-in
/// cluster; the Session resolves resources through discovery instead.
SharedInformerFactory::ListerWatcherFactory storageListerWatchers(const RestConfig &rest);

} // namespace lens::controller
