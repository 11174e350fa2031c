// SPDX-License-Identifier: Apache-2.0
#include "delta.h"

namespace lens {

QString deltaTypeName(DeltaType t)
{
    switch (t) {
    case DeltaType::Added:
        return QStringLiteral("Added");
    case DeltaType::Updated:
        return QStringLiteral("Updated");
    case DeltaType::Deleted:
        return QStringLiteral("Deleted");
    case DeltaType::Replaced:
        return QStringLiteral("Replaced");
    case DeltaType::Sync:
        return QStringLiteral("Sync");
    }
    return {};
}

bool deltaTypeFromName(const QString &name, DeltaType *out)
{
    for (DeltaType t : {DeltaType::Added, DeltaType::Updated, DeltaType::Deleted,
                        DeltaType::Replaced, DeltaType::Sync}) {
        if (deltaTypeName(t) == name) {
            *out = t;
            return true;
        }
    }
    return false;
}

QString Delta::describe(const QString &objectKey) const
{
    auto objText = [&](const Object &o) {
        return o.isNull() ? QStringLiteral("null")
                          : objectKey + QLatin1Char('@') + o.resourceVersion();
    };
    if (tombstone)
        return deltaTypeName(type) + QStringLiteral(" Tomb(") + tombstoneKey +
               QStringLiteral(", ") + objText(object) + QLatin1Char(')');
    return deltaTypeName(type) + QLatin1Char(' ') + objText(object);
}

} // namespace lens
