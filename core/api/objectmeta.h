// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "object.h"

#include <QList>
#include <QString>

namespace lens {

/// metav1.OwnerReference: the fields controller-runtime's EnqueueRequestForOwner reads.
struct OwnerReference {
    QString apiVersion; ///< "group/version" or "version" (core group), as written
    QString kind;
    QString name;
    QString uid;
    bool controller = false; ///< `controller: true` (absent or false = false)
};

/// metadata.generation (metav1.Object GetGeneration), parsed from the object's bytes on each
/// call (Object keeps no decoded copy); 0 when absent, not an integer, or `obj` is null.
qint64 objectGeneration(const Object &obj);

/// metadata.ownerReferences (metav1.Object GetOwnerReferences), parsed from the object's bytes
/// on each call, in the order written; entries that are not JSON objects are skipped, fields
/// of the wrong type read as empty. Empty for a null object.
QList<OwnerReference> ownerReferences(const Object &obj);

/// schema.ParseGroupVersion's group: "" for "v1", "apps" for "apps/v1". Returns false (and
/// sets *error to apimachinery's words, `unexpected GroupVersion string: apps/v1/fail`) when
/// the string has more than one '/'. "" and "/" parse as the empty group.
bool groupOfApiVersion(const QString &apiVersion, QString *group, QString *error = nullptr);

} // namespace lens
