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

/// RFC 6902 JSON patch (`application/json-patch+json`, `kubectl patch --type=json`): add,
/// remove, replace, move, copy, test, applied with nlohmann::json's patch(). Returns false and
/// sets `*error` to the library's words when the patch is not a JSON array of operations
/// (`*badRequest` = true: kube-apiserver answers 400) or an operation fails, e.g. a missing
/// path or a failed test (`*badRequest` = false: 422).
bool jsonPatch(const QJsonObject &target, const QByteArray &patch, QJsonObject *out, QString *error,
               bool *badRequest);

} // namespace lens::sim
