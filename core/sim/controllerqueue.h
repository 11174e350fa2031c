// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "workqueue/queue.h"

namespace lens::sim {

/// The plain work queue of one of kube-controller-manager's controllers in the built-in
/// cluster ("claims", "volumes", "pvcprotection", ...): client-go's basic workqueue
/// (workqueue.NewTypedWithConfig, as the PV and protection controllers make theirs: no rate
/// limit) from core/workqueue, unjournaled (the cluster's inner work is not the informer's
/// journal) and without the metrics ticker. Owned by `parent`; times on `clock` (null = a
/// steady clock of its own).
inline lens::workqueue::Queue *newControllerQueue(const QString &name, const lens::Clock *clock,
                                                  QObject *parent)
{
    lens::workqueue::Queue::Config c;
    c.name = name;
    c.clock = clock;
    c.unfinishedWorkUpdatePeriodMs = 0;
    return new lens::workqueue::Queue(std::move(c), parent);
}

} // namespace lens::sim
