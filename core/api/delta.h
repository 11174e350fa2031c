// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "object.h"

#include <QList>
#include <QString>

namespace lens {

/// client-go's DeltaType (tools/cache/delta_fifo.go): what happened to an object.
enum class DeltaType { Added, Updated, Deleted, Replaced, Sync };

/// "Added", "Updated", "Deleted", "Replaced", "Sync" — client-go's strings.
QString deltaTypeName(DeltaType t);
/// Inverse of deltaTypeName; returns false for an unknown name.
bool deltaTypeFromName(const QString &name, DeltaType *out);

/// One entry of a Deltas list: a type and the object it carries. When `tombstone` is true the
/// object is wrapped in a DeletedFinalStateUnknown{tombstoneKey, object} (object may be null):
/// client-go produces those only in Replace, for keys a relist no longer contains.
struct Delta {
    DeltaType type = DeltaType::Added;
    Object object;
    bool tombstone = false;
    QString tombstoneKey;

    static Delta of(DeltaType t, const Object &o) { return Delta{t, o, false, {}}; }
    static Delta deletedFinalStateUnknown(const QString &key, const Object &last)
    {
        return Delta{DeltaType::Deleted, last, true, key};
    }
    /// "Added ns/a@12", "Deleted Tomb(ns/a, ns/a@12)", "Deleted Tomb(ns/a, null)": the notation of
    /// ../acceptance/clientgo-cases.md and of the playground. `key` is the object's key.
    QString describe(const QString &objectKey) const;
};

/// client-go's Deltas: oldest first, never empty while queued.
using Deltas = QList<Delta>;

} // namespace lens
