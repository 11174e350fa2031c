// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QString>

class QWidget;

namespace lens {

/// Writes `widget` as it looks now to `path`: a PNG (device pixels, like --screenshot) when the
/// name ends in ".png", an SVG (QSvgGenerator: vector text and shapes, the widget's logical size,
/// 96 dpi) when it ends in ".svg". Returns false and sets *error (the file name and the reason)
/// for other suffixes, an empty widget or a file that cannot be written.
bool exportWidgetImage(QWidget *widget, const QString &path, QString *error = nullptr);

/// Writes `bytes` to `path` (replacing it); false and *error when it cannot.
bool writeFileBytes(const QString &path, const QByteArray &bytes, QString *error = nullptr);

} // namespace lens
