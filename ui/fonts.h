// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFont>
#include <QStringList>

namespace lens {

/// The fonts compiled into the program (resources/fonts, see its README.md): "Lens Sans"
/// (DejaVu Sans subset, regular and bold), "Lens Sans Mono" (DejaVu Sans Mono subset) and
/// "Lens Sans CJK SC" (Noto Sans CJK SC subset with every translated character).
///
/// Registers them with QFontDatabase::addApplicationFont() and makes the application font
/// Lens Sans with Lens Sans CJK SC as its fallback, unhinted and without sub-pixel
/// antialiasing, so text draws the same pixels on every machine. `pointSize` > 0 sets the
/// size in points; 0 keeps the platform's. Returns false (and leaves the application font
/// alone) when a font cannot be loaded. Call once, after QApplication exists.
bool installBundledFonts(qreal pointSize = 0);

/// The families text is drawn with, in fallback order.
QStringList bundledFamilies();

/// The resource paths of the bundled font files (":/fonts/LensSans-Regular.ttf", …).
QStringList bundledFontFiles();

/// A monospace font at the application font's size: Lens Sans Mono once installBundledFonts()
/// ran, else the platform's fixed font. For the Playground script.
QFont monospaceFont();

} // namespace lens
