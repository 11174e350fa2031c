// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QStringList>

namespace lens {

/// Installs the window's translation for `lang` ("zh_CN"; "en", "C" or empty = the English
/// source strings), replacing any installed before. The catalogues are compiled into the
/// program (Qt Linguist, resources/translations/informer-lens_<lang>.ts → :/i18n/*.qm).
/// Installing posts QEvent::LanguageChange to every widget, so an open window re-applies its
/// texts (MainWindow::switchLanguage). Returns false, and leaves English, when no catalogue
/// exists for `lang`. For `--lang L` and the Language menu.
bool installTranslation(const QString &lang);

/// Languages with a catalogue, plus "en".
QStringList availableLanguages();
/// The first of `uiLanguages` (BCP 47 or POSIX names, most preferred first, as
/// QLocale::uiLanguages() gives them: "zh-Hans-CN", "zh_CN", "en-GB") that has a catalogue,
/// as its availableLanguages() name: any Chinese written in simplified characters (zh, zh-CN,
/// zh-Hans, zh-SG) gives "zh_CN", English "en"; a language without a catalogue is passed over.
/// "en" when none has one.
QString languageFor(const QStringList &uiLanguages);
/// languageFor(QLocale::system().uiLanguages()): the desktop's language (LANGUAGE, LC_ALL,
/// LC_MESSAGES, LANG on Linux), the window's language when --lang is not given.
QString desktopLanguage();
/// The language installTranslation() installed last ("en" when none).
QString currentLanguage();
/// A language's name in that language, for the Language menu ("English", "简体中文 (zh_CN)").
QString languageName(const QString &lang);

/// Applies a theme to the whole application: "light" or "dark" (Fusion style with a matching
/// palette; the delta colours stay the same, and painted views read the palette), or "system"
/// (the style and palette the application had before the first applyTheme()). Open windows
/// follow at once (QEvent::PaletteChange). Returns false for an unknown name. For `--theme
/// light|dark` and the View › Theme menu.
bool applyTheme(const QString &theme);
/// The theme applyTheme() applied last ("system" when none).
QString currentTheme();

} // namespace lens
