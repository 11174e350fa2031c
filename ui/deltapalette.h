// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/delta.h"

#include <QColor>

namespace lens {

/// The one colour per DeltaType used everywhere in the window (chips, history, timeline):
/// Added green, Updated blue, Deleted red, Replaced purple, Sync grey.
QColor deltaColor(DeltaType type);

/// Colour of a watch event type ("ADDED" green, "MODIFIED" blue, "DELETED" red, else grey).
QColor watchEventColor(const QString &type);

} // namespace lens
