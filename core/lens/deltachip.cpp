// SPDX-License-Identifier: Apache-2.0
#include "deltachip.h"

#include <QCoreApplication>
#include <QStringList>

namespace lens {

DeltaChips chipsFromDeltas(const Deltas &deltas)
{
    DeltaChips chips;
    chips.reserve(deltas.size());
    for (const Delta &d : deltas)
        chips.append(DeltaChip{d.type, d.tombstone,
                               d.object.isNull() ? QString() : d.object.resourceVersion()});
    return chips;
}

QString summarizeDeltas(const Deltas &deltas, qint64 omitted)
{
    QStringList parts;
    if (omitted > 0)
        parts << QCoreApplication::translate("lens::DeltaChip", "%L1 earlier").arg(omitted);
    qsizetype i = 0;
    while (i < deltas.size()) {
        qsizetype j = i + 1;
        while (j < deltas.size() && deltas[j].type == deltas[i].type &&
               deltas[j].tombstone == deltas[i].tombstone)
            ++j;
        QString name = deltaTypeName(deltas[i].type);
        if (deltas[i].tombstone)
            name += QChar(0x271D); // ✝
        parts << name + QStringLiteral(" \u00D7") + QString::number(j - i);
        i = j;
    }
    return parts.join(QStringLiteral(", "));
}

QString describeDeltas(const QString &key, const Deltas &deltas, qint64 omitted)
{
    QStringList lines;
    if (omitted > 0)
        lines << QCoreApplication::translate("lens::DeltaChip",
                                             "(%L1 older delta(s) not in the journal event)")
                     .arg(omitted);
    for (const Delta &d : deltas)
        lines << d.describe(key);
    return lines.join(QLatin1Char('\n'));
}

} // namespace lens
