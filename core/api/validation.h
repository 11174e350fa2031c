// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QStringList>

namespace lens {

/// The name and value checks of k8s.io/apimachinery/pkg/util/validation, with its words.
///
/// Each check returns the list of problems apimachinery's Is* function returns (empty = valid),
/// in its order and wording, e.g. "must be no more than 63 characters" or "a lowercase RFC 1123
/// label must consist of lower case alphanumeric characters or '-', ... regex used for
/// validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')". Callers turn them into field errors with
/// fieldInvalid() and aggregate several with aggregateErrors(), as kube-apiserver does.
///
/// Used by the label selector parser (keys and values, core/api/labels.h) and by the built-in
/// cluster's metadata.name check on create (core/sim/store.cpp).

/// IsQualifiedName: an optional DNS-1123 subdomain prefix and "/", then a name of at most 63
/// characters of alphanumerics, '-', '_' and '.', starting and ending alphanumeric. Label keys,
/// annotation keys and finalizers are qualified names.
QStringList qualifiedNameErrors(const QString &value);
/// IsValidLabelValue: empty, or at most 63 characters of alphanumerics, '-', '_' and '.',
/// starting and ending alphanumeric.
QStringList labelValueErrors(const QString &value);
/// IsDNS1123Subdomain: at most 253 characters, lower-case RFC 1123 labels joined by '.'
/// (ValidateObjectMeta's name check for most resources: pods, configmaps, deployments, ...).
QStringList dns1123SubdomainErrors(const QString &value);
/// IsDNS1123Label: at most 63 characters of lower-case alphanumerics and '-', starting and
/// ending alphanumeric (namespace names).
QStringList dns1123LabelErrors(const QString &value);
/// path.IsValidPathSegmentName (apimachinery/pkg/api/validation/path): not "." or "..", and no
/// "/" or "%" ("may not be '..'", "may not contain '/'"). client-go's Request.Namespace()
/// refuses a namespace that fails it ("invalid namespace \"..\": [may not be '..']"), so that
/// it cannot become other path segments of the request's URL.
QStringList pathSegmentNameErrors(const QString &value);
/// IsDNS1035Label: like a DNS-1123 label but starting with a letter (service names).
QStringList dns1035LabelErrors(const QString &value);

/// field.Invalid(path, value, detail).Error() for each detail: `path: Invalid value: "value":
/// detail`, aggregated as aggregateErrors() does.
QString fieldInvalid(const QString &path, const QString &value, const QStringList &details);
/// utilerrors.NewAggregate(errs).Error(): the one message alone, several as "[a, b]", "" for
/// none.
QString aggregateErrors(const QStringList &messages);

} // namespace lens
