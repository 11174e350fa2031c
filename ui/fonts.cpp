// SPDX-License-Identifier: Apache-2.0
#include "fonts.h"

#include <QApplication>
#include <QFontDatabase>

namespace lens {

namespace {
const QString kSans = QStringLiteral("Lens Sans");
const QString kMono = QStringLiteral("Lens Sans Mono");
const QString kCjk = QStringLiteral("Lens Sans CJK SC");

bool &installed()
{
    static bool done = false;
    return done;
}

/// Unhinted, greyscale-antialiased: the glyphs do not depend on the machine's font settings.
QFont exact(QFont f)
{
    f.setHintingPreference(QFont::PreferNoHinting);
    f.setStyleStrategy(QFont::StyleStrategy(QFont::PreferAntialias | QFont::NoSubpixelAntialias));
    return f;
}
} // namespace

QStringList bundledFamilies()
{
    return {kSans, kCjk};
}

QStringList bundledFontFiles()
{
    return {QStringLiteral(":/fonts/LensSans-Regular.ttf"),
            QStringLiteral(":/fonts/LensSans-Bold.ttf"),
            QStringLiteral(":/fonts/LensSansMono-Regular.ttf"),
            QStringLiteral(":/fonts/LensSansCJKsc-Regular.otf"),
            QStringLiteral(":/fonts/LensSansCJKsc-Bold.otf")};
}

bool installBundledFonts(qreal pointSize)
{
    if (!installed()) {
        for (const QString &file : bundledFontFiles())
            if (QFontDatabase::addApplicationFont(file) < 0)
                return false;
        installed() = true;
    }
    QFont f = QApplication::font();
    f.setFamilies(bundledFamilies());
    if (pointSize > 0)
        f.setPointSizeF(pointSize);
    QApplication::setFont(exact(f));
    return true;
}

QFont monospaceFont()
{
    if (!installed())
        return QFontDatabase::systemFont(QFontDatabase::FixedFont);
    QFont f = QApplication::font();
    f.setFamilies({kMono, kCjk});
    f.setStyleHint(QFont::Monospace);
    return exact(f);
}

} // namespace lens
