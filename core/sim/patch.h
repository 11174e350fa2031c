// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace lens::sim {

/// RFC 7386 JSON merge patch (`application/merge-patch+json`): objects merge recursively, null
/// removes a member, anything else (arrays included) replaces.
QJsonValue mergePatch(const QJsonValue &target, const QJsonValue &patch);

/// Strategic merge patch (`application/strategic-merge-patch+json`, what kubectl apply, label,
/// annotate, scale and `patch` without --type send), APPROXIMATED without the Go types' patch
/// tags: a JSON merge patch, except that
///  - lists whose elements are objects carrying a merge key are merged element by element:
///    `name` (containers, initContainers, ephemeralContainers, volumes, env, imagePullSecrets,
///    ...), `containerPort` (container ports), `port` (service ports), `mountPath`
///    (volumeMounts), `type` (conditions), `uid` (ownerReferences), `ip` (hostAliases); an
///    element `{"$patch":"delete", KEY: ...}` removes that element;
///  - metadata.finalizers (a list of strings) is merged as a set, as its `patchStrategy:merge`;
///  - the directives `$setElementOrder/...`, `$retainKeys`, `$deleteFromPrimitiveList/...`
///    and `$patch: replace` on a map are honoured only as far as: ordering directives are
///    dropped, `$deleteFromPrimitiveList/F` removes those strings from F, `$patch: replace`
///    replaces the map.
/// Other lists are replaced, as with a merge patch. See docs/simulator.md.
QJsonValue strategicMergePatch(const QJsonValue &target, const QJsonValue &patch,
                               const QString &field = QString());

/// What a JSON patch may do (kube-apiserver's genericapiserver.Config defaults).
struct JsonPatchLimits {
    /// patch.go maxJSONPatchOperations: more operations are refused with 413.
    qsizetype maxOperations = 10000;
    /// JSONPatchMaxCopyBytes (3 MiB, as MaxRequestBodyBytes): the bytes all "copy" operations
    /// of one patch may copy together; beyond, 422 "Unable to copy, accumulated size exceeds
    /// limit" (evanphx/json-patch's AccumulatedCopySizeLimit).
    qint64 maxCopyBytes = qint64(3) << 20;
};

/// RFC 6902 JSON patch (`application/json-patch+json`, `kubectl patch --type=json`): add,
/// remove, replace, move, copy, test, applied with nlohmann::json's patch_inplace(), one
/// operation at a time. Returns false, sets `*error` to the words and `*status` to the HTTP
/// status kube-apiserver answers with: 400 when the patch is not a JSON array of operations
/// or an operation is malformed, 413 for more than `limits.maxOperations` operations, 422 when
/// an operation fails (a missing path, a failed test) or the copies pass
/// `limits.maxCopyBytes`.
[[nodiscard]] bool jsonPatch(const QJsonObject &target, const QByteArray &patch, QJsonObject *out,
                             QString *error, int *status, const JsonPatchLimits &limits = {});

} // namespace lens::sim
