// SPDX-License-Identifier: Apache-2.0
#pragma once
// Objects and journal checks shared by the core/runtime suites.

#include "api/object.h"
#include "trace/journal.h"
#include "trace/tracedetail.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

namespace lens::test {

/// A Pod "ns/name" with resourceVersion, generation (0 = absent), labels, annotations and
/// ownerReferences ({apiVersion, kind, name[, controller]}).
inline Object rtPod(const QString &ns, const QString &name, const QString &rv = {},
                    qint64 generation = 0, const QJsonObject &labels = {},
                    const QJsonObject &annotations = {}, const QJsonArray &owners = {})
{
    QJsonObject meta;
    if (!ns.isEmpty())
        meta.insert(QStringLiteral("namespace"), ns);
    meta.insert(QStringLiteral("name"), name);
    if (!rv.isEmpty())
        meta.insert(QStringLiteral("resourceVersion"), rv);
    if (generation)
        meta.insert(QStringLiteral("generation"), generation);
    if (!labels.isEmpty())
        meta.insert(QStringLiteral("labels"), labels);
    if (!annotations.isEmpty())
        meta.insert(QStringLiteral("annotations"), annotations);
    if (!owners.isEmpty())
        meta.insert(QStringLiteral("ownerReferences"), owners);
    return Object::fromJson({{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                             {QStringLiteral("kind"), QStringLiteral("Pod")},
                             {QStringLiteral("metadata"), meta}});
}

inline QJsonObject ownerRef(const QString &apiVersion, const QString &kind, const QString &name,
                            bool controller = false)
{
    QJsonObject r{{QStringLiteral("apiVersion"), apiVersion},
                  {QStringLiteral("kind"), kind},
                  {QStringLiteral("name"), name}};
    if (controller)
        r.insert(QStringLiteral("controller"), true);
    return r;
}

/// Every event in `journal` passes tracedetail::check (QVERIFY with the reason).
inline bool allEventsValid(const Journal &journal, QString *why)
{
    for (const TraceEvent &e : journal.events())
        if (!tracedetail::check(e, why))
            return false;
    return true;
}

} // namespace lens::test
