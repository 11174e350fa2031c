// SPDX-License-Identifier: Apache-2.0
#include "objectmeta.h"

#include <QJsonArray>
#include <QJsonObject>

namespace lens {

qint64 objectGeneration(const Object &obj)
{
    if (obj.isNull())
        return 0;
    const QJsonValue v =
        obj.json().value(QLatin1String("metadata")).toObject().value(QLatin1String("generation"));
    return v.isDouble() ? v.toInteger() : 0;
}

QList<OwnerReference> ownerReferences(const Object &obj)
{
    QList<OwnerReference> out;
    if (obj.isNull())
        return out;
    const QJsonArray refs = obj.json()
                                .value(QLatin1String("metadata"))
                                .toObject()
                                .value(QLatin1String("ownerReferences"))
                                .toArray();
    for (const QJsonValue &v : refs) {
        if (!v.isObject())
            continue;
        const QJsonObject o = v.toObject();
        OwnerReference r;
        r.apiVersion = o.value(QLatin1String("apiVersion")).toString();
        r.kind = o.value(QLatin1String("kind")).toString();
        r.name = o.value(QLatin1String("name")).toString();
        r.uid = o.value(QLatin1String("uid")).toString();
        r.controller = o.value(QLatin1String("controller")).toBool();
        out << r;
    }
    return out;
}

bool groupOfApiVersion(const QString &apiVersion, QString *group, QString *error)
{
    if (apiVersion.isEmpty() || apiVersion == QLatin1String("/")) {
        group->clear();
        return true;
    }
    const QStringList parts = apiVersion.split(QLatin1Char('/'));
    if (parts.size() == 1) {
        group->clear();
        return true;
    }
    if (parts.size() == 2) {
        *group = parts.at(0);
        return true;
    }
    if (error)
        *error = QStringLiteral("unexpected GroupVersion string: %1").arg(apiVersion);
    return false;
}

} // namespace lens
