// SPDX-License-Identifier: Apache-2.0
// The bundled fonts (resources/fonts): they load, become the application font, and cover every
// character of every translation, so a new translation cannot silently fall back to a system
// font (and make pictures differ between machines).
#include "fonts.h"
#include "panel.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFontInfo>
#include <QLabel>
#include <QRawFont>
#include <QTest>
#include <QXmlStreamReader>

class tst_Fonts : public QObject {
    Q_OBJECT
private slots:
    void installsTheBundledFonts();
    void chineseSubtitlesKeepTheirDescenders();
    void translationsAreCovered_data();
    void translationsAreCovered();
    void scenarioTranslationsAreCovered();

private:
    /// The characters of `text` (not spaces or controls) in neither font, each once.
    static QString missingFrom(const QString &text, const QRawFont &a, const QRawFont &b)
    {
        QString missing;
        const QList<uint> ucs4 = text.toUcs4();
        for (const uint u : ucs4) {
            const char32_t c = u;
            if (QChar::isSpace(c) || QChar::category(c) == QChar::Other_Control)
                continue;
            const QString ch = QString::fromUcs4(&c, 1);
            if (!a.supportsCharacter(c) && !b.supportsCharacter(c) && !missing.contains(ch))
                missing += ch;
        }
        return missing;
    }
};

void tst_Fonts::installsTheBundledFonts()
{
    QVERIFY(lens::installBundledFonts(9));
    const QFontInfo info(QApplication::font());
    QCOMPARE(info.family(), QStringLiteral("Lens Sans"));
    QCOMPARE(QApplication::font().hintingPreference(), QFont::PreferNoHinting);
    QCOMPARE(QFontInfo(lens::monospaceFont()).family(), QStringLiteral("Lens Sans Mono"));
    QVERIFY(QFontInfo(lens::monospaceFont()).fixedPitch());
}

void tst_Fonts::chineseSubtitlesKeepTheirDescenders()
{
    // A panel's subtitle row is as tall as its laid-out line: Chinese is drawn in Lens Sans CJK
    // SC, which stands taller than Lens Sans, and a row as high as Lens Sans alone cut the
    // descenders off ("HasSynced" read "HasSvnced" in the zh_CN window).
    lens::Panel panel(QStringLiteral("DeltaFIFO"), nullptr);
    const QString text = QStringLiteral("当前排队 5 个键 · HasSynced ✓");
    panel.setSubtitle(text);
    const QLabel *label = panel.subtitleLabel();
    const QFontMetrics fm = label->fontMetrics();
    const int line = fm.boundingRect(QRect(0, 0, 10000, 10000), Qt::TextSingleLine, text).height();
    QVERIFY2(line > fm.height(), "the Chinese fallback font no longer stands taller");
    QVERIFY(label->sizeHint().height() >= line);
}

void tst_Fonts::translationsAreCovered_data()
{
    QTest::addColumn<QString>("ts");
    QTest::addColumn<QString>("latin");
    QTest::addColumn<QString>("cjk");
    const QDir dir(QStringLiteral(LENS_TRANSLATIONS_DIR));
    const QStringList files = dir.entryList({QStringLiteral("*.ts")});
    QVERIFY(!files.isEmpty());
    for (const QString &f : files) {
        QTest::addRow("%s regular", qPrintable(f))
            << dir.filePath(f) << QStringLiteral(":/fonts/LensSans-Regular.ttf")
            << QStringLiteral(":/fonts/LensSansCJKsc-Regular.otf");
        QTest::addRow("%s bold", qPrintable(f))
            << dir.filePath(f) << QStringLiteral(":/fonts/LensSans-Bold.ttf")
            << QStringLiteral(":/fonts/LensSansCJKsc-Bold.otf");
    }
}

void tst_Fonts::translationsAreCovered()
{
    QFETCH(QString, ts);
    QFETCH(QString, latin);
    QFETCH(QString, cjk);
    const QRawFont latinFont(latin, 12), cjkFont(cjk, 12);
    QVERIFY(latinFont.isValid() && cjkFont.isValid());
    QFile file(ts);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    int translations = 0;
    QString missing;
    while (!xml.atEnd()) {
        // <translation> text, or its <numerusform>s (read as one text).
        if (xml.readNext() != QXmlStreamReader::StartElement || xml.name() != u"translation")
            continue;
        const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
        ++translations;
        for (const QChar ch : missingFrom(text, latinFont, cjkFont))
            if (!missing.contains(ch))
                missing += ch;
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(translations > 100);
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("not in the bundled fonts: \"%1\" — run "
                                                          "/usr/bin/python3 scripts/subset-fonts")
                                               .arg(missing)));
}

void tst_Fonts::scenarioTranslationsAreCovered()
{
    // Scenario captions and titles (title_zh_CN, caption_zh_CN) are shown in the window too.
    const QRawFont latin(QStringLiteral(":/fonts/LensSans-Regular.ttf"), 12);
    const QRawFont cjk(QStringLiteral(":/fonts/LensSansCJKsc-Regular.otf"), 12);
    const QDir dir(QStringLiteral(LENS_SCENARIOS_DIR));
    const QStringList files = dir.entryList({QStringLiteral("*.yaml")});
    QVERIFY(!files.isEmpty());
    int translated = 0;
    for (const QString &f : files) {
        QFile file(dir.filePath(f));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        translated += text.count(QLatin1String("_zh_CN:"));
        const QString missing = missingFrom(text, latin, cjk);
        QVERIFY2(missing.isEmpty(),
                 qPrintable(QStringLiteral("%1: not in the bundled fonts: \"%2\" — run "
                                           "/usr/bin/python3 scripts/subset-fonts")
                                .arg(f, missing)));
    }
    QVERIFY(translated > 0);
}

QTEST_MAIN(tst_Fonts)
#include "tst_fonts.moc"
