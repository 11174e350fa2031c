// SPDX-License-Identifier: Apache-2.0
#include "i18n.h"

#include <QApplication>
#include <QDir>
#include <QLocale>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>
#include <QTranslator>

#include <memory>

namespace lens {

namespace {
std::unique_ptr<QTranslator> &installed()
{
    static std::unique_ptr<QTranslator> t;
    return t;
}
QString &current()
{
    static QString lang = QStringLiteral("en");
    return lang;
}
} // namespace

QString currentLanguage()
{
    return current();
}

QString languageName(const QString &lang)
{
    if (lang == QLatin1String("en"))
        return QStringLiteral("English");
    if (lang == QLatin1String("zh_CN"))
        return QStringLiteral("\u7B80\u4F53\u4E2D\u6587 (zh_CN)");
    return lang;
}

bool installTranslation(const QString &lang)
{
    if (installed()) {
        QCoreApplication::removeTranslator(installed().get());
        installed().reset();
    }
    if (lang.isEmpty() || lang == QLatin1String("en") || lang == QLatin1String("C")) {
        current() = QStringLiteral("en");
        return true;
    }
    auto t = std::make_unique<QTranslator>();
    if (!t->load(QStringLiteral(":/i18n/informer-lens_%1.qm").arg(lang))) {
        current() = QStringLiteral("en");
        return false;
    }
    QCoreApplication::installTranslator(t.get());
    installed() = std::move(t);
    current() = lang;
    return true;
}

QStringList availableLanguages()
{
    QStringList out{QStringLiteral("en")};
    const QStringList files =
        QDir(QStringLiteral(":/i18n")).entryList({QStringLiteral("informer-lens_*.qm")});
    for (const QString &f : files)
        out << f.mid(14, f.size() - 14 - 3);
    return out;
}

QString languageFor(const QStringList &uiLanguages)
{
    const QStringList have = availableLanguages();
    for (QString l : uiLanguages) {
        l.replace(QLatin1Char('_'), QLatin1Char('-'));
        const QString lower = l.toLower();
        if (lower == QLatin1String("c") || lower == QLatin1String("posix") ||
            lower.startsWith(QLatin1String("en")))
            return QStringLiteral("en");
        if (lower == QLatin1String("zh") || lower.startsWith(QLatin1String("zh-cn")) ||
            lower.startsWith(QLatin1String("zh-sg")) || lower.startsWith(QLatin1String("zh-hans")))
            if (have.contains(QLatin1String("zh_CN")))
                return QStringLiteral("zh_CN");
    }
    return QStringLiteral("en");
}

QString desktopLanguage()
{
    return languageFor(QLocale::system().uiLanguages());
}

namespace {
struct SystemTheme {
    QString style;
    QPalette palette;
};
SystemTheme &systemTheme()
{
    // The application's own look, kept before any theme replaces it.
    static SystemTheme theme{QApplication::style()->name(), QApplication::palette()};
    return theme;
}
QString &appliedTheme()
{
    static QString name = QStringLiteral("system");
    return name;
}
} // namespace

QString currentTheme()
{
    return appliedTheme();
}

bool applyTheme(const QString &theme)
{
    const SystemTheme &system = systemTheme();
    QPalette p;
    if (theme == QLatin1String("system")) {
        if (QStyle *style = QStyleFactory::create(system.style))
            QApplication::setStyle(style);
        p = system.palette;
    } else if (theme == QLatin1String("light")) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        p = QApplication::style()->standardPalette();
    } else if (theme == QLatin1String("dark")) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xdf, 0xe1, 0xe5);
        const QColor mid(0x4e, 0x51, 0x57), dim(0x9a, 0x9d, 0xa3);
        p.setColor(QPalette::Window, window);
        p.setColor(QPalette::WindowText, text);
        p.setColor(QPalette::Base, base);
        p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
        p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x41));
        p.setColor(QPalette::ToolTipText, text);
        p.setColor(QPalette::PlaceholderText, dim);
        p.setColor(QPalette::Text, text);
        p.setColor(QPalette::Button, QColor(0x36, 0x38, 0x3b));
        p.setColor(QPalette::ButtonText, text);
        p.setColor(QPalette::BrightText, Qt::white);
        p.setColor(QPalette::Light, QColor(0x5a, 0x5d, 0x63));
        p.setColor(QPalette::Midlight, QColor(0x3f, 0x42, 0x47));
        p.setColor(QPalette::Mid, mid);
        p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
        p.setColor(QPalette::Shadow, Qt::black);
        p.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::Link, QColor(0x58, 0x9d, 0xf6));
        for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
            p.setColor(QPalette::Disabled, role, QColor(0x6e, 0x71, 0x77));
    } else {
        return false;
    }
    QApplication::setPalette(p);
    appliedTheme() = theme;
    return true;
}

} // namespace lens
