// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

class QWidget;

namespace lens {

/// Renders `widget` (shown or not; layouts are activated first) into a PNG at `path`, at the
/// widget's current size in device-independent pixels (× its device pixel ratio). Returns false
/// and sets `*error` (if given) to a sentence when the widget is null or empty, or the file
/// cannot be written. Used by `informer-lens --screenshot` and the GUI tests.
bool grabWindowToPng(QWidget *widget, const QString &path, QString *error = nullptr);

} // namespace lens
