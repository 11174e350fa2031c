// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace lens {
namespace controller {
class ProvisionController;
}
namespace runtime {
class Controller;
}

/// The /metrics bodies of the controllers Informer Lens runs itself, in the names and format
/// a real controller's registry exports (Prometheus text 0.0.4), so that attaching to them
/// (`--attach-metrics self`) goes through the same HTTP, parser and views as attaching to a
/// controller in a real cluster. Served by the built-in cluster behind the pod proxy path of
/// selfMetricsPod() (sim::ProxyHandler).
namespace selfmetrics {

/// The namespace of the pods the built-in controllers "run in": lens-system.
QString podNamespace();
/// "<controller>-0": the pod a built-in controller's /metrics is reached through.
QString podName(const QString &controller);
/// controller-runtime's default metrics port, which the built-in controllers "listen" on: 8080.
constexpr int port = 8080;
/// The --attach-metrics target of a built-in controller: "pod/lens-system/<controller>-0:8080".
QString target(const QString &controller);

/// The provisioner's /metrics: the workqueue metrics of its queues "claims" and "volumes" as
/// client-go's workqueue exports them through component-base's provider (workqueue::Metrics::
/// toPrometheusText: label name), and the library's controller/metrics counters
/// controller_persistentvolumeclaim_provision_total, …_provision_failed_total,
/// controller_persistentvolume_delete_total and …_delete_failed_total by `class`
/// (sig-storage-lib-external-provisioner v≤8 labels; provisioner-semantics.md A.13).
QString provisionerText(const controller::ProvisionController &c);

/// A controller-runtime manager's /metrics for `controllers` (one registry: every family
/// once): each one's workqueue_* (priority queue: runtime::QueueMetrics; legacy queue: the
/// wrapped client-go queue's figures under controller-runtime's labels, priority "") and
/// controller_runtime_* (runtime::ControllerMetrics).
QString runtimeText(const QList<const runtime::Controller *> &controllers);

/// Merges expositions of this project's own writers into one registry's: every family once
/// (its HELP and TYPE from the first text that has it), families sorted by name as expfmt
/// writes them, each family's samples in the order of `texts`.
QString merge(const QStringList &texts);

} // namespace selfmetrics
} // namespace lens
