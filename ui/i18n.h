// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QStringList>

namespace lens {

/// Installs the window's translation for `lang` ("zh_CN"; "en", "C" or empty = the English
/// source strings), replacing any installed before. The catalogues are compiled into the
/// program (Qt Linguist, resources/translations/informer-lens_<lang>.ts → :/i18n/*.qm).
/// Call before building the window (its texts are set at construction). Returns false, and
/// leaves English, when no catalogue exists for `lang`. For `--lang L`.
bool installTranslation(const QString &lang);

/// Languages with a catalogue, plus "en".
QStringList availableLanguages();

/// Applies a theme to the whole application: "light" or "dark" (Fusion style with a matching
/// palette; the delta colours stay the same, and painted views read the palette). Returns
/// false for an unknown name. For `--theme light|dark`.
bool applyTheme(const QString &theme);

} // namespace lens
