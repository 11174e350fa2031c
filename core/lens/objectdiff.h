// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonObject>
#include <QStringList>

namespace lens {

/// The leaf paths that differ between two versions of an object, as short lines such as
/// "status.phase: Pending → Running", "+metadata.labels.tier = fe", "-spec.nodeName".
/// metadata.resourceVersion and metadata.managedFields are left out (they change every time).
/// Secret data and the last-applied annotation are masked (masking.h): a change shows, its value
/// never does.
/// At most `maxLines` lines; when more differ the last line says "… N more".
QStringList objectDiff(const QJsonObject &before, const QJsonObject &after, int maxLines = 6);

} // namespace lens
