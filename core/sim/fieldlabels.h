// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/fields.h"
#include "api/object.h"
#include "resourcetype.h"

#include <QString>

#include <optional>

namespace lens::sim {

/// kube-apiserver's field labels: which labels a LIST's or WATCH's ?fieldSelector= may name on
/// each resource, and the value each one has on an object.
///
/// Accepted labels, as Scheme.ConvertFieldLabel answers for the served version (the funcs
/// registered with AddFieldLabelConversionFunc in kubernetes pkg/apis/core/v1/conversion.go and
/// pkg/apis/batch/v1/conversion.go, runtime.DefaultMetaV1FieldSelectorConversion for a kind
/// without one, apiextensions-apiserver's crConverter.ConvertFieldLabel for a custom resource):
///
/// - pods: metadata.name, metadata.namespace, spec.nodeName, spec.restartPolicy,
///   spec.schedulerName, spec.serviceAccountName, spec.hostNetwork, status.phase,
///   status.podIP, status.podIPs, status.nominatedNodeName, and spec.host (read as
///   spec.nodeName);
/// - nodes: metadata.name, spec.unschedulable (no metadata.namespace);
/// - namespaces: metadata.name, status.phase;
/// - events: metadata.name, metadata.namespace, involvedObject.kind, .namespace, .name, .uid,
///   .apiVersion, .resourceVersion, .fieldPath, reason, reportingComponent, source, type;
/// - secrets: metadata.name, metadata.namespace, type;
/// - services: metadata.name, metadata.namespace, spec.clusterIP, spec.type;
/// - jobs.batch: metadata.name, metadata.namespace, status.successful;
/// - a custom resource: metadata.name, metadata.namespace when namespaced, and its CRD
///   version's selectableFields;
/// - every other one (configmaps, persistentvolumeclaims, persistentvolumes, deployments.apps,
///   storageclasses, ...): metadata.name, metadata.namespace.
///
/// Refused in the conversion's words: `field label not supported: L` (the kinds with a func of
/// their own and custom resources), `field label "L" not supported for Job` (jobs), `"L" is not
/// a known field selector: only "metadata.name", "metadata.namespace"` (every other one).
///
/// Values, as the registry strategies' ToSelectableFields set them (pkg/registry/*/strategy.go):
/// the JSON value at the label's path (FieldSelector's objectFieldValue), except spec.hostNetwork
/// and spec.unschedulable ("false" when absent: strconv.FormatBool), an event's source
/// (source.component, else reportingComponent), a job's status.successful (status.succeeded,
/// "0" when absent), status.podIPs (never set: ""), and the fields the API server defaults on
/// create when an object here lacks them (a secret's type "Opaque", a service's spec.type
/// "ClusterIP", a namespace's status.phase "Active").
namespace fieldlabels {

/// fields.Selector.Transform(ConvertFieldLabel) for `type`: the selector with its labels
/// converted (spec.host becomes spec.nodeName), or nullopt with the conversion's error in
/// `*error` — kube-apiserver's ListResource answers it as 400 BadRequest with that message.
std::optional<FieldSelector> convert(const ResourceType &type, const FieldSelector &selector,
                                     QString *error = nullptr);

/// The value of the (converted) `label` on `object` of `type`.
QString value(const ResourceType &type, const Object &object, const QString &label);

/// Whether `object` matches the (converted) `selector` with value()'s values.
bool matches(const ResourceType &type, const FieldSelector &selector, const Object &object);

} // namespace fieldlabels

} // namespace lens::sim
