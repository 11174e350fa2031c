// SPDX-License-Identifier: Apache-2.0
// The window in Simplified Chinese: every visible title, header, tab, button and label is
// translated (client-go's own names such as DeltaFIFO or HasSynced stay as they are), and the
// dark theme. Set LENS_SCREENSHOT_DIR to keep the PNGs.
#include "i18n.h"
#include "i18ncheck.h"
#include "lens/journalmodel.h"
#include "lens/journaltext.h"
#include "lens/keyhistorymodel.h"
#include "lens/queuemodel.h"
#include "lens/timelinemodel.h"
#include "mainwindow.h"
#include "paintedtext.h"
#include "pipelinewidget.h"
#include "scenario.h"
#include "screenshot.h"
#include "session/simulatoraccess.h"
#include "sim/simulator.h"
#include "storywindow.h"
#include "timelinewidget.h"
#include "trace/tracedetail.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QTextDocument>
#include <QToolBar>

#include <utility>

using namespace lens;
using namespace Qt::StringLiterals;

namespace {
using test::hasCjk;
using test::untranslated;

QString plain(const QString &richOrPlain)
{
    if (!Qt::mightBeRichText(richOrPlain))
        return richOrPlain;
    QTextDocument d;
    d.setHtml(richOrPlain);
    return d.toPlainText();
}

/// Every string a user sees without hovering: labels, tab titles, buttons, toolbar actions,
/// visible column headers, the window title.
QStringList visibleTexts(QMainWindow *w)
{
    QStringList out{w->windowTitle()};
    for (QLabel *l : w->findChildren<QLabel *>())
        if (l->isVisible())
            out << plain(l->text());
    for (QTabBar *t : w->findChildren<QTabBar *>())
        if (t->isVisible())
            for (int i = 0; i < t->count(); ++i)
                out << t->tabText(i);
    for (QAbstractButton *b : w->findChildren<QAbstractButton *>())
        if (b->isVisible())
            out << b->text();
    for (QToolBar *tb : w->findChildren<QToolBar *>())
        for (QAction *a : tb->actions())
            if (!a->text().isEmpty() && tb->widgetForAction(a) &&
                tb->widgetForAction(a)->isVisible())
                out << a->text();
    for (QHeaderView *h : w->findChildren<QHeaderView *>()) {
        if (!h->isVisible() || h->orientation() != Qt::Horizontal || !h->model())
            continue;
        for (int s = 0; s < h->count(); ++s)
            if (!h->isSectionHidden(s))
                out << h->model()->headerData(s, Qt::Horizontal).toString();
    }
    return out;
}
} // namespace

class tst_I18n : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cleanup();
    void catalogues();
    void englishIsDetected();
    void desktopLanguageChoosesACatalogue_data();
    void desktopLanguageChoosesACatalogue();
    void zhCnHasNoUntranslatedVisibleString();
    void darkTheme();
    void themeMenu();
    void runtimeSwitch();
    void scenarioTextsAndTimelineFollowLanguage();
    void paintedTextsAreTranslated_data();
    void paintedTextsAreTranslated();
    void journalPhrases_data();
    void journalPhrases();
};

void tst_I18n::cleanup()
{
    QVERIFY(installTranslation(QStringLiteral("en")));
}

void tst_I18n::catalogues()
{
    QVERIFY(availableLanguages().contains(QStringLiteral("zh_CN")));
    QVERIFY(!installTranslation(QStringLiteral("xx_XX")));
    QVERIFY(installTranslation(QStringLiteral("zh_CN")));
    QCOMPARE(QCoreApplication::translate("lens::MainWindow", "Journal"), QStringLiteral("日志"));
    QVERIFY(installTranslation(QString()));
    QCOMPARE(QCoreApplication::translate("lens::MainWindow", "Journal"), QStringLiteral("Journal"));
}

void tst_I18n::desktopLanguageChoosesACatalogue_data()
{
    QTest::addColumn<QStringList>("uiLanguages");
    QTest::addColumn<QString>("expected");
    QTest::newRow("zh-Hans-CN") << QStringList{QStringLiteral("zh-Hans-CN"), QStringLiteral("zh")}
                                << "zh_CN";
    QTest::newRow("POSIX zh_CN") << QStringList{QStringLiteral("zh_CN")} << "zh_CN";
    QTest::newRow("zh-SG") << QStringList{QStringLiteral("zh-SG")} << "zh_CN";
    QTest::newRow("traditional, then English")
        << QStringList{QStringLiteral("zh-Hant-TW"), QStringLiteral("en-US")} << "en";
    QTest::newRow("no catalogue, then Chinese")
        << QStringList{QStringLiteral("de-DE"), QStringLiteral("zh-CN")} << "zh_CN";
    QTest::newRow("English first")
        << QStringList{QStringLiteral("en-GB"), QStringLiteral("zh-CN")} << "en";
    QTest::newRow("C") << QStringList{QStringLiteral("C")} << "en";
    QTest::newRow("none") << QStringList{} << "en";
}

void tst_I18n::desktopLanguageChoosesACatalogue()
{
    QFETCH(QStringList, uiLanguages);
    QFETCH(QString, expected);
    QCOMPARE(languageFor(uiLanguages), expected);
}

void tst_I18n::englishIsDetected()
{
    // The detector must be able to fail: in English it finds plenty.
    test::StoryWindow s;
    MainWindow &w = *s.window;
    QVERIFY(s.show());
    QStringList english;
    for (const QString &t : visibleTexts(&w))
        if (untranslated(t, s.story.queueKeys()))
            english << t;
    QVERIFY2(english.size() > 20, qPrintable(english.join(QStringLiteral(" | "))));
    QVERIFY(english.contains(QStringLiteral("Journal")));
}

void tst_I18n::zhCnHasNoUntranslatedVisibleString()
{
    QVERIFY(installTranslation(QStringLiteral("zh_CN")));
    test::StoryWindow s;
    MainWindow &w = *s.window;
    sim::Simulator cluster; // the Simulator tab is checked too
    QVERIFY(cluster.start());
    w.setSimulator(simulatorAccess(cluster));
    w.setSourceDescription(QStringLiteral("synthetic journal"));
    w.resize(1600, 1000);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.settle();
    w.selectKey(w.queueModel()->keys().value(2));
    QStringList data = s.story.queueKeys();
    data << QStringLiteral("synthetic journal") << QStringLiteral("pod-logger")
         << QStringLiteral("slow-audit");
    // Every view, one after the other.
    for (const QString &view : MainWindow::viewNames()) {
        QVERIFY(w.showView(view));
        QCoreApplication::processEvents();
        QStringList english;
        const QStringList texts = visibleTexts(&w);
        QVERIFY(texts.size() > 30);
        for (const QString &t : texts)
            if (untranslated(t, data))
                english << t;
        QVERIFY2(english.isEmpty(),
                 qPrintable(view + QStringLiteral(": ") + english.join(QStringLiteral(" | "))));
    }
    // A key a handler was notified about: its history names the notifications in Chinese too,
    // as the Handlers view does.
    QString notified;
    for (const TraceEvent &e : s.journal.events())
        if (e.kind == TraceKind::HandlerNotified && !e.key.isEmpty())
            notified = e.key;
    QVERIFY(!notified.isEmpty());
    w.selectKey(notified);
    // A model's notification types: how many, and those left in English.
    const auto notificationTypes = [&data](const QAbstractItemModel *m, int column, int kindRole) {
        int count = 0;
        QStringList english;
        for (int r = 0; r < m->rowCount(); ++r) {
            const QModelIndex i = m->index(r, column);
            if (i.data(kindRole).toInt() != int(TraceKind::HandlerNotified))
                continue;
            ++count;
            if (untranslated(i.data().toString(), data))
                english << i.data().toString();
        }
        return std::pair{count, english};
    };
    // The key history and the journal view.
    for (const auto &[count, english] :
         {notificationTypes(w.keyHistoryModel(), KeyHistoryModel::TypeColumn,
                            KeyHistoryModel::KindRole),
          notificationTypes(w.journalModel(), JournalModel::TypeColumn, JournalModel::KindRole)}) {
        QVERIFY(count > 0);
        QVERIFY2(english.isEmpty(), qPrintable(english.join(u" | "_s)));
    }
    const QString dir = qEnvironmentVariable("LENS_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        w.showView(QStringLiteral("handlers"));
        QVERIFY(grabWindowToPng(&w, dir + QStringLiteral("/zh_CN.png")));
    }
}

void tst_I18n::darkTheme()
{
    QVERIFY(!applyTheme(QStringLiteral("purple")));
    QVERIFY(applyTheme(QStringLiteral("dark")));
    QVERIFY(QApplication::palette().color(QPalette::Base).lightness() < 60);
    test::StoryWindow s;
    MainWindow &w = *s.window;
    QVERIFY(s.show());
    w.selectKey(w.queueModel()->keys().value(2));
    QVERIFY(w.palette().color(QPalette::Window).lightness() < 80);
    const QString dir = qEnvironmentVariable("LENS_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(grabWindowToPng(&w, dir + QStringLiteral("/dark.png")));
    QVERIFY(applyTheme(QStringLiteral("light")));
    QVERIFY(QApplication::palette().color(QPalette::Base).lightness() > 200);
}

// The Theme menu switches an open window's colours at run time, the status bar's error red
// with them, and "Desktop colours" brings back the look the application started with.
void tst_I18n::themeMenu()
{
    test::StoryWindow s;
    MainWindow &w = *s.window;
    QVERIFY(s.show());
    auto *dark = w.findChild<QAction *>(u"theme-dark"_s);
    auto *light = w.findChild<QAction *>(u"theme-light"_s);
    auto *system = w.findChild<QAction *>(u"theme-system"_s);
    auto *error = w.findChild<QLabel *>(u"errorLabel"_s);
    QVERIFY(dark && light && system && error);
    // The menu shows the theme applied before the window opened (the test before left light).
    QVERIFY(w.findChild<QAction *>(u"theme-"_s + currentTheme())->isChecked());
    dark->trigger();
    QVERIFY(dark->isChecked());
    QCOMPARE(currentTheme(), u"dark"_s);
    QTRY_VERIFY(w.palette().color(QPalette::Window).lightness() < 80);
    QTRY_COMPARE(error->styleSheet(), u"color: #ef5350;"_s);
    light->trigger();
    QTRY_VERIFY(w.palette().color(QPalette::Window).lightness() > 200);
    QTRY_COMPARE(error->styleSheet(), u"color: #c62828;"_s);
    dark->trigger();
    system->trigger();
    QCOMPARE(currentTheme(), u"system"_s);
    // The offscreen platform's own palette is a light one.
    QTRY_VERIFY(w.palette().color(QPalette::Base).lightness() > 200);
    QVERIFY(system->isChecked());
}

// The Language menu: an English window switches to zh_CN and back at run time, every visible
// text re-applied (QEvent::LanguageChange), with nothing left in English.
void tst_I18n::runtimeSwitch()
{
    test::StoryWindow s;
    MainWindow &w = *s.window;
    sim::Simulator cluster; // the Simulator tab is checked too
    QVERIFY(cluster.start());
    w.setSimulator(simulatorAccess(cluster));
    w.setSourceDescription(QStringLiteral("synthetic journal"));
    w.resize(1600, 1000);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.settle();
    w.selectKey(w.queueModel()->keys().value(2));
    auto *tabs = w.findChild<QTabWidget *>(QStringLiteral("rightTabs"));
    QVERIFY(tabs);
    QCOMPARE(tabs->tabText(0), QStringLiteral("Journal"));
    QCOMPARE(w.runAction()->text(), QStringLiteral("\u25B6  Run"));

    QVERIFY(!w.switchLanguage(QStringLiteral("xx_XX")));
    QVERIFY(w.switchLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    QCOMPARE(tabs->tabText(0), QStringLiteral("日志"));
    QVERIFY(hasCjk(w.runAction()->text()));
    QVERIFY(hasCjk(w.queueModel()->headerData(0, Qt::Horizontal).toString()));
    // Rows folded before the switch read in Chinese too (the key history's details).
    KeyHistoryModel *history = w.keyHistoryModel();
    QVERIFY(history->rowCount() > 0);
    bool queuedRow = false;
    for (int r = 0; r < history->rowCount(); ++r) {
        const QString detail = history->index(r, KeyHistoryModel::DetailColumn).data().toString();
        queuedRow = queuedRow || detail.contains(u"\u961F\u5217\u6DF1\u5EA6"_s); // queue depth
        QVERIFY2(!detail.contains(u"queue depth"_s), qPrintable(detail));
    }
    QVERIFY(queuedRow);
    auto *lang = w.findChild<QAction *>(QStringLiteral("lang-zh_CN"));
    QVERIFY(lang && lang->isChecked());
    QStringList data = s.story.queueKeys();
    data << QStringLiteral("synthetic journal") << QStringLiteral("pod-logger")
         << QStringLiteral("slow-audit");
    for (const QString &view : MainWindow::viewNames()) {
        QVERIFY(w.showView(view));
        QCoreApplication::processEvents();
        QStringList english;
        for (const QString &t : visibleTexts(&w))
            if (untranslated(t, data))
                english << t;
        QVERIFY2(english.isEmpty(),
                 qPrintable(view + QStringLiteral(": ") + english.join(QStringLiteral(" | "))));
    }

    QVERIFY(w.switchLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    QCOMPARE(tabs->tabText(0), QStringLiteral("Journal"));
    QCOMPARE(w.runAction()->text(), QStringLiteral("\u25B6  Run"));
    QVERIFY(w.findChild<QAction *>(QStringLiteral("lang-en"))->isChecked());
}

// A run-time switch also re-reads what was written in the start language: the scenario's
// title and caption (from the scenario's own title_zh_CN / caption_zh_CN) and the timeline's
// labels folded from the journal (the LIST cause "initial", a watch's end).
void tst_I18n::scenarioTextsAndTimelineFollowLanguage()
{
    test::StoryWindow s;
    MainWindow &w = *s.window;
    w.setScenarioControls(
        [](const QString &lang) {
            return lang == QLatin1String("zh_CN") ? QStringLiteral("\u65AD\u5F00")
                                                  : QStringLiteral("Disconnected");
        },
        1.0, [](bool) {}, [](double) {});
    w.setScenarioCaptionTranslation([](const QString &text, const QString &lang) {
        const QString en = QStringLiteral("The watch drops now.");
        const QString zh = QStringLiteral("\u73B0\u5728 watch \u65AD\u5F00\u3002");
        return text == en || text == zh ? (lang == QLatin1String("zh_CN") ? zh : en) : text;
    });
    w.showScenarioCaption(QStringLiteral("The watch drops now."));
    w.settle();
    auto *title = w.findChild<QLabel *>(QStringLiteral("scenarioTitle"));
    QVERIFY(title);
    QVERIFY(title->text().contains(QLatin1String("Disconnected")));
    TimelineModel *timeline = w.timelineModel();
    timeline->flush();
    QCOMPARE(timeline->spans().front().label, QStringLiteral("initial"));

    QVERIFY(w.switchLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    QVERIFY2(title->text().contains(QStringLiteral("\u65AD\u5F00")), qPrintable(title->text()));
    QVERIFY2(w.captionText().contains(QStringLiteral("\u73B0\u5728 watch")),
             qPrintable(w.captionText()));
    QCOMPARE(timeline->spans().front().label,
             QCoreApplication::translate("lens::JournalText", "initial"));
    QVERIFY(hasCjk(timeline->spans().front().label));

    QVERIFY(w.switchLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    QVERIFY(title->text().contains(QLatin1String("Disconnected")));
    QVERIFY(w.captionText().contains(QLatin1String("The watch drops now.")));
    QCOMPARE(timeline->spans().front().label, QStringLiteral("initial"));
}

void tst_I18n::paintedTextsAreTranslated_data()
{
    QTest::addColumn<QString>("lang");
    QTest::newRow("en (the check can fail)") << u"en"_s;
    QTest::newRow("zh_CN") << u"zh_CN"_s;
}

// What the timeline and the pipeline paint themselves (lane names, session labels, causes, a
// watch's end, backoff, flags, "max N", the pipeline's stages and figures) is translated too.
void tst_I18n::paintedTextsAreTranslated()
{
    QFETCH(QString, lang);
    QVERIFY(installTranslation(lang));
    test::StoryWindow s;
    // After the story: the watch breaks off, backoff, a relist because of it (still open).
    s.story.advance(300);
    s.story.reflector(TraceKind::WatchEnded, {},
                      {{u"reason"_s, u"stream broken"_s},
                       {u"status"_s, ApiStatus::transportError(ApiStatus::Transport::ConnectionLost,
                                                               u"Connection closed"_s)
                                         .toDetail()},
                       {u"events"_s, 3}});
    const quint64 watchEnded = s.journal.lastSeq();
    s.story.reflector(TraceKind::Backoff, {},
                      {{u"delayMs"_s, 1600}, {u"reason"_s, u"watch error"_s}});
    s.story.advance(1600);
    s.story.reflector(TraceKind::ListStarted, u"1475"_s, {{u"cause"_s, u"watch error"_s}});
    QVERIFY(s.show(QSize(1400, 900)));
    MainWindow &w = *s.window;
    auto *pipeline = w.findChild<PipelineWidget *>(u"pipeline"_s);
    QVERIFY(pipeline);
    // The Reflector card's colour follows its state in every language (its name is translated).
    QCOMPARE(pipeline->state().reflectorPhase, ReflectorStatus::State::Listing);
    QCOMPARE(pipeline->stageColor(1), QColor(0x00, 0x89, 0x7b)); // listing: teal
    const QStringList painted =
        test::paintedTexts(w.timelineWidget()) + test::paintedTexts(pipeline);
    QVERIFY2(painted.size() > 30, qPrintable(painted.join(u" | "_s)));
    QStringList data = s.story.queueKeys();
    data << u"pod-logger"_s << u"slow-audit"_s;
    QStringList english;
    for (const QString &t : painted)
        if (!t.startsWith(QChar(0x21BB)) && untranslated(t, data)) // ↻ handler: a name
            english << t;
    // The Explain pane says how that watch ended in the same language.
    w.explainSeq(watchEnded);
    QCOMPARE(w.captionText().contains(u"the connection was lost"_s), lang == QLatin1String("en"));
    if (lang == QLatin1String("en")) {
        QVERIFY2(english.size() > 10, qPrintable(english.join(u" | "_s)));
        QVERIFY2(english.join(u" | "_s).contains(u"the connection"_s),
                 qPrintable(english.join(u" | "_s)));
    } else {
        QVERIFY2(english.isEmpty(), qPrintable(english.join(u" | "_s)));
    }
}

// The journal's typed fields, as the window shows them in Chinese: a code, transport errors
// (the Qt message inside stays as Qt gave it), the list the Reflector wrapped them in, a watch
// that ended at once; an API status keeps the server's words in both languages.
void tst_I18n::journalPhrases_data()
{
    QTest::addColumn<QJsonObject>("detail");
    QTest::addColumn<QString>("english");
    QTest::addColumn<QString>("zh");
    ApiStatus lost =
        ApiStatus::transportError(ApiStatus::Transport::ConnectionLost, u"Connection closed"_s);
    QTest::newRow("connection lost") << QJsonObject{{u"status"_s, lost.toDetail()}}
                                     << u"the connection was lost: Connection closed"_s
                                     << u"\u8FDE\u63A5\u65AD\u5F00\uFF1AConnection closed"_s;
    lost.failedVerb = u"list"_s;
    lost.failedTarget = u"/v1, Kind=Pod"_s;
    QTest::newRow("wrapped by list")
        << QJsonObject{{u"status"_s, lost.toDetail()},
                       {u"error"_s, u"failed to list: not read by the window"_s}}
        << u"failed to list /v1, Kind=Pod: the connection was lost: Connection closed"_s
        << u"list /v1, Kind=Pod \u5931\u8D25\uFF1A\u8FDE\u63A5\u65AD\u5F00\uFF1AConnection closed"_s;
    ApiStatus expired;
    expired.code = 410;
    expired.reason = u"Expired"_s;
    expired.message = u"too old resource version: 1025 (1026)"_s;
    QTest::newRow("410 keeps the server's words")
        << QJsonObject{{u"status"_s, expired.toDetail()}}
        << u"410 Expired: too old resource version: 1025 (1026)"_s
        << u"410 Expired: too old resource version: 1025 (1026)"_s;
    QTest::newRow("very short watch")
        << QJsonObject{{u"shortWatchMs"_s, 120}, {u"error"_s, u"English"_s}}
        << u"very short watch: 120 ms and no items received"_s
        << u"watch \u8FC7\u77ED\uFF1A120 ms\uFF0C\u672A\u6536\u5230\u4EFB\u4F55\u9879"_s;
    QTest::newRow("older recording: as written")
        << QJsonObject{{u"error"_s, u"the connection was lost: Connection closed"_s}}
        << u"the connection was lost: Connection closed"_s
        << u"the connection was lost: Connection closed"_s;
}

void tst_I18n::journalPhrases()
{
    QFETCH(QJsonObject, detail);
    QFETCH(QString, english);
    QFETCH(QString, zh);
    TraceEvent e;
    e.kind = TraceKind::WatchError;
    e.detail = detail;
    QCOMPARE(JournalText::error(e), english);
    QCOMPARE(JournalText::code(u"initial"_s), u"initial"_s);
    QVERIFY(installTranslation(QStringLiteral("zh_CN")));
    QCOMPARE(JournalText::error(e), zh);
    QCOMPARE(JournalText::code(u"initial"_s), u"\u521D\u59CB"_s);
    // Every code the journal may hold has words.
    for (const QString &code : tracedetail::codes())
        QVERIFY2(JournalText::knowsCode(code), qPrintable(code));
}

QTEST_MAIN(tst_I18n)
#include "tst_i18n.moc"
