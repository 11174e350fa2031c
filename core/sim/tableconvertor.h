// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/object.h"
#include "resourcetype.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonArray>
#include <QString>

namespace lens::sim {

/// kube-apiserver's server-side printing for kubectl: a meta.k8s.io Table (v1 or v1beta1)
/// instead of the objects when the Accept header asks for one
/// (`application/json;as=Table;v=v1;g=meta.k8s.io`, what `kubectl get` sends), with the column
/// definitions and cells of kubernetes pkg/printers/internalversion/printers.go (AddHandlers,
/// printPersistentVolumeClaim, printPersistentVolume, printStorageClass, printPod, printNode,
/// printEvent, printDeployment; v1.32) and AGE as duration.HumanDuration words it ("45s",
/// "5m12s", "3h", "2d4h"). Cells are strings, or numbers where the printer puts an int64
/// (a deployment's UP-TO-DATE and AVAILABLE, an event's COUNT).
///
/// Served for persistentvolumeclaims (NAME STATUS VOLUME CAPACITY ACCESS MODES STORAGECLASS
/// VOLUMEATTRIBUTESCLASS AGE), persistentvolumes (NAME CAPACITY ACCESS MODES RECLAIM POLICY
/// STATUS CLAIM STORAGECLASS VOLUMEATTRIBUTESCLASS REASON AGE), storageclasses (NAME
/// PROVISIONER RECLAIMPOLICY VOLUMEBINDINGMODE ALLOWVOLUMEEXPANSION AGE, " (default)" after the
/// default class), pods (NAME READY STATUS RESTARTS AGE), nodes (NAME STATUS ROLES AGE
/// VERSION), events (LAST SEEN TYPE REASON OBJECT MESSAGE) and deployments.apps (NAME READY
/// UP-TO-DATE AVAILABLE AGE), each with its priority-1 (-o wide) columns (an event's SUBOBJECT,
/// SOURCE, FIRST SEEN, COUNT and NAME; a deployment's CONTAINERS, IMAGES and SELECTOR). Other
/// resources keep answering JSON, and kubectl prints NAME and AGE for them itself.
///
/// Rows carry the object as includeObject asks: "Metadata" (the default: a
/// PartialObjectMetadata), "Object" (the whole object) or "None". Watches send the column
/// definitions with the first event only (handlers/watch.go sets NoHeaders after it).
class TableConvertor {
public:
    /// The Table version the Accept header asks for first ("v1" or "v1beta1"), or "" when it
    /// does not ask for a Table before plain JSON.
    static QString requestedVersion(const QByteArray &accept);
    /// Whether `type` has columns here.
    static bool supports(const ResourceType &type);

    /// `now` is the server's clock (Store::now()) for AGE; `includeObject` the query
    /// parameter ("" = Metadata); `version` from requestedVersion().
    TableConvertor(const ResourceType &type, const QDateTime &now, const QString &includeObject,
                   const QString &version);

    /// One row {"cells":[...],"object":...} of `object`.
    QByteArray row(const lens::Object &object) const;
    /// A whole Table: kind, apiVersion, metadata (resourceVersion, continue when not empty),
    /// columnDefinitions (null without `headers`) and the `rows` (already encoded, comma
    /// separated).
    QByteArray table(const QByteArray &rows, const QString &resourceVersion,
                     const QString &continueToken = QString(), bool headers = true) const;

    /// duration.HumanDuration of `ms` milliseconds ("<invalid>" below -1 s).
    static QString humanDuration(qint64 ms);

private:
    QByteArray columnDefinitions() const;
    QJsonArray cells(const QJsonObject &o) const;
    QJsonArray eventCells(const QJsonObject &o) const;
    QString age(const QString &timestamp) const;

    ResourceType m_type;
    QDateTime m_now;
    QString m_include;
    QString m_version;
};

} // namespace lens::sim
