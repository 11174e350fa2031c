// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/delta.h"

#include <QList>
#include <QMetaType>
#include <QString>

namespace lens {

/// What a view needs to paint one Delta of a DeltaFIFO entry as a coloured chip: its type,
/// whether it is a DeletedFinalStateUnknown tombstone, and the resourceVersion it carries
/// (empty when the tombstone's last state is unknown). A plain value, Widgets-free.
struct DeltaChip {
    DeltaType type = DeltaType::Added;
    bool tombstone = false;
    QString resourceVersion;

    bool operator==(const DeltaChip &) const = default;
};

/// A key's Deltas as chips, oldest first (the order client-go's Pop hands them over).
using DeltaChips = QList<DeltaChip>;

/// One chip per delta, same order.
DeltaChips chipsFromDeltas(const Deltas &deltas);

/// Run-length text of a Deltas list in queue order, e.g. "Replaced ×1, Updated ×2"; a tombstone
/// run is written "Deleted✝ ×1". Empty for an empty list. `omitted` older deltas that the
/// journal event left out (TraceEvent::deltasOmitted()) come first as "15 936 earlier, ".
QString summarizeDeltas(const Deltas &deltas, qint64 omitted = 0);

/// client-go's notation of every delta, one per line ("Added ns/a@12"), for tooltips; with
/// `omitted` > 0 a first line says how many older ones the journal left out.
QString describeDeltas(const QString &key, const Deltas &deltas, qint64 omitted = 0);

} // namespace lens

Q_DECLARE_METATYPE(lens::DeltaChip)
Q_DECLARE_METATYPE(lens::DeltaChips)
