// SPDX-License-Identifier: Apache-2.0
// Nothing meaningful is clipped at 1400x900 or at the default 1600x1000, in English and in
// Simplified Chinese, in every view: each visible label's text fits its width, and a label that
// wraps is tall enough for all its lines, and every table's column titles are whole. A label elided
// on purpose ("…") must carry the whole text in its tooltip. Set LENS_SCREENSHOT_DIR to keep the
// PNGs.
#include "fonts.h"
#include "i18n.h"
#include "mainwindow.h"
#include "screenshot.h"
#include "session/simulatoraccess.h"
#include "sim/scenario.h"
#include "sim/simulator.h"
#include "storywindow.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QTest>
#include <QTextDocument>

using namespace lens;

namespace {
QString plainText(const QLabel *l)
{
    if (l->textFormat() == Qt::PlainText || !Qt::mightBeRichText(l->text()))
        return l->text();
    QTextDocument d;
    d.setHtml(l->text());
    return d.toPlainText();
}

/// Why `l` does not show its whole text, or empty when it does.
QString clipped(const QLabel *l)
{
    const QString text = plainText(l);
    if (text.trimmed().isEmpty() || !l->pixmap().isNull())
        return {};
    if (text.contains(QChar(0x2026)) && !l->toolTip().isEmpty())
        return {}; // elided on purpose, the whole text in the tooltip
    const int room = l->contentsRect().width() - 2 * l->margin() - qMax(0, l->indent());
    if (l->wordWrap()) {
        const int need = l->heightForWidth(l->width());
        return need > l->height()
                   ? QStringLiteral("needs %1 px of height, has %2").arg(need).arg(l->height())
                   : QString();
    }
    int widest = 0;
    for (const QString &line : text.split(QLatin1Char('\n')))
        widest = qMax(widest, l->fontMetrics().horizontalAdvance(line));
    return widest > room ? QStringLiteral("needs %1 px, has %2").arg(widest).arg(room) : QString();
}
} // namespace

class tst_LayoutFit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(installBundledFonts()); }
    void cleanup() { QVERIFY(installTranslation(QStringLiteral("en"))); }
    void labelsFit_data();
    void labelsFit();
    void scenarioToolbarFits_data();
    void scenarioToolbarFits();
};

void tst_LayoutFit::labelsFit_data()
{
    QTest::addColumn<QString>("lang");
    QTest::addColumn<QSize>("size");
    for (const char *lang : {"en", "zh_CN"})
        for (const QSize size : {QSize(1400, 900), QSize(1600, 1000)})
            QTest::addRow("%s-%dx%d", lang, size.width(), size.height())
                << QString::fromLatin1(lang) << size;
}

void tst_LayoutFit::labelsFit()
{
    QFETCH(QString, lang);
    QFETCH(QSize, size);
    QVERIFY(installTranslation(lang));
    test::StoryWindow s;
    MainWindow &w = *s.window;
    sim::Simulator cluster; // the Simulator tab is checked too
    QVERIFY(cluster.start());
    w.setSimulator(simulatorAccess(cluster));
    w.setScenarioControls(
        QStringLiteral("Changes pile up in the DeltaFIFO while Pop is paused"), 1.0, [](bool) {},
        [](double) {});
    QVERIFY(s.show(size));
    w.selectKey(s.story.queueKeys().value(2));
    QStringList problems;
    for (const QString &view : MainWindow::viewNames()) {
        QVERIFY(w.showView(view));
        w.settle();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        for (const QLabel *l : w.findChildren<QLabel *>()) {
            if (!l->isVisible())
                continue;
            const QString why = clipped(l);
            if (!why.isEmpty())
                problems << QStringLiteral("%1: %2 in %3 \"%4\": %5")
                                .arg(view, l->objectName(),
                                     QString::fromLatin1(
                                         l->parentWidget()->metaObject()->className()) +
                                         QLatin1Char('/') + l->parentWidget()->objectName(),
                                     plainText(l), why);
        }
        // Column titles are whole (setWidths gives a title the room it needs).
        for (const QTableView *t : w.findChildren<QTableView *>()) {
            if (!t->isVisible())
                continue;
            const QHeaderView *h = t->horizontalHeader();
            for (int c = 0; c + 1 < h->count(); ++c) {
                if (h->isSectionHidden(c) || h->sectionResizeMode(c) != QHeaderView::Interactive)
                    continue;
                if (h->sectionSize(c) < h->sectionSizeHint(c))
                    problems << QStringLiteral("%1: column \"%2\" of %3 has %4 px, its title "
                                               "needs %5")
                                    .arg(view, t->model()->headerData(c, Qt::Horizontal).toString(),
                                         t->accessibleName())
                                    .arg(h->sectionSize(c))
                                    .arg(h->sectionSizeHint(c));
            }
        }
    }
    problems.removeDuplicates();
    // Nothing made the window wider than asked (labels wrap or give way instead).
    QCOMPARE(w.width(), size.width());
    const QString dir = qEnvironmentVariable("LENS_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(grabWindowToPng(
            &w, dir + QStringLiteral("/fit-%1-%2.png")
                          .arg(lang, QString::fromLatin1(QTest::currentDataTag()))));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("\n"))));
}

void tst_LayoutFit::scenarioToolbarFits_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("lang");
    for (const QString &name : sim::Scenario::shippedNames())
        for (const char *lang : {"en", "zh_CN"})
            QTest::addRow("%s-%s", qPrintable(name), lang) << name << QString::fromLatin1(lang);
}

// Every shipped scenario's title leaves the scenario toolbar's Pause and speed in view at
// 1400x900 (a long FS-18 title pushed them into the toolbar's overflow menu).
void tst_LayoutFit::scenarioToolbarFits()
{
    QFETCH(QString, scenario);
    QFETCH(QString, lang);
    sim::Scenario sc;
    QString err;
    QVERIFY2(sim::Scenario::load(scenario, &sc, &err), qPrintable(err));
    QVERIFY(installTranslation(lang));
    test::StoryWindow s;
    MainWindow &w = *s.window;
    w.setScenarioControls([sc](const QString &l) { return sc.titleIn(l); }, 0.0, [](bool) {},
                          [](double) {});
    QVERIFY(s.show(QSize(1400, 900)));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QVERIFY2(w.scenarioSpeedBox()->isVisible(), qPrintable(sc.titleIn(lang)));
    QCOMPARE(w.width(), 1400);
}

QTEST_MAIN(tst_LayoutFit)
#include "tst_layoutfit.moc"
