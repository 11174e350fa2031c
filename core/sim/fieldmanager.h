// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace lens::sim {

/// Who writes an object, as kube-apiserver names the writer in metadata.managedFields: the
/// request's `?fieldManager=` parameter, else the program name at the front of its User-Agent
/// ("kubectl/v1.30.0 (linux/amd64) kubernetes/abc" → "kubectl"), and the subresource written
/// ("" for the object itself, "status", "scale").
struct FieldWriter {
    QString manager;
    QString subresource;

    /// kube-apiserver's default for a request without ?fieldManager= (fieldmanager's
    /// prefixFromUserAgent: up to the first '/', at most 128 bytes); "" when the header is empty.
    static QString managerFromUserAgent(const QByteArray &userAgent);
};

/// kube-apiserver's field manager for Update operations (k8s.io/apiserver
/// pkg/endpoints/handlers/fieldmanager with structured-merge-diff's FieldsV1 sets), kept as
/// metadata.managedFields on every object the built-in cluster stores, so that objects carry
/// what a real server's carry (a pod's managedFields are often a third of its JSON) and
/// `kubectl get -o yaml --show-managed-fields` reads as against a real cluster.
///
/// What it does, per write by `writer` over `previous` (an empty object for a create):
/// - the fields the write set or changed become the writer's: its "Update" entry (same manager,
///   subresource and apiVersion) gets them, and every other entry loses them;
/// - fields that no longer exist leave every entry; an entry left with no field is dropped;
/// - a write that changed nothing adds no entry and keeps the entries' times;
/// - the writer's entry gets `time` = `now` when its fields changed;
/// - entries are sorted as the apiserver sorts them (operation, then time, then manager,
///   apiVersion, subresource).
/// The object itself is the writer's scope: the status subresource owns only `status`; the
/// object itself everything but `status`, `apiVersion`, `kind` and the metadata the server
/// sets (only metadata.labels, annotations, finalizers and ownerReferences are owned).
///
/// Where it differs from the apiserver (no OpenAPI schema here): which fields are maps (their
/// node gets ".") and which lists are associative (keyed "k:{...}" by their merge keys) or
/// sets ("v:...") comes from a table of the core/v1 field names (`containers` by name, `ports`
/// by containerPort and protocol, `conditions` by type, `finalizers` a set, ...); every other
/// list is atomic and every other object a struct. No server-side apply (Apply entries are
/// never made; client-sent managedFields on a create are kept as sent).
class FieldManager {
public:
    /// `next`'s metadata.managedFields after `writer` wrote it over `previous` at `now`
    /// (RFC 3339), for an object of `apiVersion`. `previous` is empty for a create; its
    /// metadata.managedFields are the entries before the write.
    static QJsonArray afterWrite(const QJsonObject &previous, const QJsonObject &next,
                                 const FieldWriter &writer, const QString &apiVersion,
                                 const QString &now);

    /// The FieldsV1 set of `object`'s fields within the scope of `subresource` ("" = the object
    /// itself, "status" = its status), as the apiserver encodes it:
    /// {"f:spec":{"f:containers":{"k:{\"name\":\"main\"}":{".":{},"f:image":{}}}}}.
    static QJsonObject fieldsV1(const QJsonObject &object, const QString &subresource = {});
};

} // namespace lens::sim
