// SPDX-License-Identifier: Apache-2.0
#include "deltapalette.h"

namespace lens {

QColor deltaColor(DeltaType type)
{
    switch (type) {
    case DeltaType::Added:
        return QColor(0x2e, 0x7d, 0x32);
    case DeltaType::Updated:
        return QColor(0x15, 0x65, 0xc0);
    case DeltaType::Deleted:
        return QColor(0xc6, 0x28, 0x28);
    case DeltaType::Replaced:
        return QColor(0x6a, 0x1b, 0x9a);
    case DeltaType::Sync:
        return QColor(0x75, 0x75, 0x75);
    }
    return QColor(0x75, 0x75, 0x75);
}

QColor watchEventColor(const QString &type)
{
    if (type == QLatin1String("ADDED"))
        return deltaColor(DeltaType::Added);
    if (type == QLatin1String("MODIFIED"))
        return deltaColor(DeltaType::Updated);
    if (type == QLatin1String("DELETED"))
        return deltaColor(DeltaType::Deleted);
    return deltaColor(DeltaType::Sync);
}

QFont chipFont(const QFont &base)
{
    QFont f = base;
    f.setPointSizeF(base.pointSizeF() * 0.9);
    f.setWeight(QFont::DemiBold);
    return f;
}

} // namespace lens
