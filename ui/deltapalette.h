// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/delta.h"

#include <QColor>
#include <QFont>

namespace lens {

/// The one colour per DeltaType used everywhere in the window (chips, history, timeline):
/// Added green, Updated blue, Deleted red, Replaced purple, Sync grey.
QColor deltaColor(DeltaType type);

/// Colour of a watch event type ("ADDED" green, "MODIFIED" blue, "DELETED" red, else grey).
QColor watchEventColor(const QString &type);

/// The font of every chip (delta chips, notification chips): `base` at 90 %, demi-bold.
QFont chipFont(const QFont &base);

} // namespace lens
