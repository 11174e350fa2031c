// SPDX-License-Identifier: Apache-2.0
// The window of `--controller provisioner --scenario …` (three informers, the WaitForCacheSync
// gate, worker lanes; the Lesson, Simulator and Workqueue tabs) at 1280x800, 1600x1000 and
// 1920x1200, in English and Simplified Chinese: the key history keeps five rows and every other
// table and tree of every informer's body (queue, indexer, indices, object, journal, handlers)
// three, each panel's header stays one line (a long subtitle elided, whole in its tooltip), the
// gate's text is whole (or elided with the whole text in its tooltip) and the Informers bar is
// not cut, and the timeline's lanes keep their names' height and scroll instead of
// overlapping, also with 64 workers, where Up/Down keeps the selected header in view. The
// window of one informer (`--scenario window-tour`) keeps the same rows at 1280x800. Set
// LENS_SCREENSHOT_DIR to keep the PNGs.
#include "captionpane.h"
#include "fonts.h"
#include "historypanel.h"
#include "i18n.h"
#include "informer/sharedinformer.h"
#include "informerbar.h"
#include "lens/timelinemodel.h"
#include "mainwindow.h"
#include "panel.h"
#include "screenshot.h"
#include "session/session.h"
#include "session/simulatoraccess.h"
#include "sim/simulator.h"
#include "storywindow.h"
#include "tableview.h"
#include "timelinelanes.h"
#include "timelinewidget.h"
#include "workqueuepanel.h"

#include <QHeaderView>
#include <QLabel>
#include <QMouseEvent>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QTest>
#include <QTextBrowser>
#include <QToolButton>

#include <memory>

using namespace lens;

namespace {

/// A controller run on the built-in cluster with `threadiness` claim workers, its window over
/// it as `informer-lens --controller provisioner` builds it; once the gate is open.
struct ControllerWindow {
    std::unique_ptr<Session> session;
    std::unique_ptr<MainWindow> window;

    bool start(int threadiness, QString *error)
    {
        Session::Options o;
        o.churnIntervalMs = 0;
        o.controller = QStringLiteral("provisioner");
        o.threadiness = threadiness;
        session = std::make_unique<Session>(o);
        if (!session->start(error))
            return false;
        window =
            std::make_unique<MainWindow>(session->journal(), session->informer()->controller());
        QList<MainWindow::InformerEntry> entries;
        for (SharedIndexInformer *i : session->informers())
            entries.append({i->name(), i, i->controller()});
        window->setInformers(entries);
        window->setControllerControls({});
        // As `--scenario` on the built-in cluster builds it: the Simulator and Lesson tabs too.
        window->setSimulator(simulatorAccess(*session->simulator()));
        window->setScenarioControls(
            QStringLiteral("A burst of 50 claims with four claim workers"), 1.0, [](bool) {},
            [](double) {});
        window->setLessonControls({[](bool) {}, [] { return false; }});
        return true;
    }
    /// Shows the window at `size` and settles it.
    bool show(QSize size)
    {
        window->resize(size);
        window->show();
        if (!QTest::qWaitForWindowExposed(window.get()))
            return false;
        window->settle();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        return true;
    }
};

void keepScreenshot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("LENS_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(grabWindowToPng(w, dir + QLatin1Char('/') + name));
}

/// Why the timeline's lanes are not each readable and apart, or empty when they are: lanes
/// overlap, or one is lower than the line of the font its name is set in (two lines for QUEUE
/// and its "max N").
QString laneProblems(const TimelineWidget &w)
{
    QFont small = w.font();
    small.setPointSizeF(w.font().pointSizeF() * 0.85);
    QFont bold = small;
    bold.setBold(true);
    const QFontMetrics sfm(small), bfm(bold);
    const int nameLine = qMax(bfm.height(), bfm.boundingRect(TimelineWidget::tr("QUEUE")).height());
    const int maxLine =
        qMax(sfm.height(), sfm.boundingRect(TimelineWidget::tr("max %1").arg(50)).height());
    const TimelineGeometry g = w.geometry();
    QStringList problems;
    for (int i = 0; i < g.laneCount(); ++i) {
        const TimelineLane::Kind kind = g.lane(i).kind;
        const int need = kind == TimelineLane::Kind::Queue ? nameLine + maxLine
                         : kind == TimelineLane::Kind::Worker || kind == TimelineLane::Kind::Handler
                             ? sfm.height()
                             : bfm.height();
        if (g.laneRect(i).height() < need)
            problems << QStringLiteral("lane %1 (kind %2) is %3 px high, its text needs %4")
                            .arg(i)
                            .arg(int(kind))
                            .arg(g.laneRect(i).height())
                            .arg(need);
        if (i > 0 && g.laneRect(i).top() <= g.laneRect(i - 1).bottom())
            problems << QStringLiteral("lane %1 overlaps lane %2").arg(i).arg(i - 1);
    }
    return problems.join(QLatin1Char('\n'));
}

/// Why some table or tree of `w` on screen now has fewer rows of room than it keeps, or a
/// panel's header is not one line, or empty: the key history keeps HistoryPanel::kMinimumRows
/// rows, every other table and tree Panel::kMinimumTableRows; a subtitle shows whole or elided
/// ("…") with its whole text in its tooltip, on one line.
QString crampedViews(MainWindow &w, const QString &where)
{
    QStringList problems;
    for (QAbstractItemView *v : w.findChildren<QAbstractItemView *>()) {
        const bool inPanel = qobject_cast<Panel *>(v->parentWidget()) ||
                             qobject_cast<Panel *>(v->parentWidget()->parentWidget());
        if (!v->isVisible() || !inPanel || v->objectName().isEmpty())
            continue; // the tables and trees of the views, not a combo box's list
        const int rows =
            v == w.historyView() ? HistoryPanel::kMinimumRows : Panel::kMinimumTableRows;
        if (v->viewport()->height() < rows * rowHeight(v))
            problems << QStringLiteral("%1: %2 (%3) has %4 px of rows, %5 rows need %6")
                            .arg(where, v->objectName(), v->accessibleName())
                            .arg(v->viewport()->height())
                            .arg(rows)
                            .arg(rows * rowHeight(v));
    }
    // Explain keeps room for a caption and the correction under it (issue 35: at 1600x1000 it
    // showed about four lines, in zh_CN at 1280x800 two).
    for (CaptionPane *c : w.findChildren<CaptionPane *>()) {
        const int need = CaptionPane::kMinimumLines * c->lineHeight();
        if (c->isVisible() && c->view()->viewport()->height() < need)
            problems << QStringLiteral("%1: Explain has %2 px for its text, %3 lines need %4")
                            .arg(where)
                            .arg(c->view()->viewport()->height())
                            .arg(CaptionPane::kMinimumLines)
                            .arg(need);
    }
    for (Panel *p : w.findChildren<Panel *>()) {
        QLabel *l = p->subtitleLabel();
        if (!p->isVisible() || !l->isVisible() || p->subtitle().isEmpty())
            continue;
        if (l->height() >= 2 * l->fontMetrics().lineSpacing()) // wrapped: rows lost below
            problems << QStringLiteral("%1: the subtitle of %2 is %3 px high: \"%4\"")
                            .arg(where, p->title())
                            .arg(l->height())
                            .arg(p->subtitle());
        if (l->text() != p->subtitle() &&
            (!l->text().endsWith(QChar(0x2026)) || l->toolTip() != p->subtitle()))
            problems << QStringLiteral("%1: the subtitle of %2 shows \"%3\" of \"%4\"")
                            .arg(where, p->title(), l->text(), p->subtitle());
        if (l->fontMetrics().horizontalAdvance(l->text()) > l->contentsRect().width())
            problems << QStringLiteral("%1: the subtitle of %2 is cut: \"%3\"")
                            .arg(where, p->title(), l->text());
    }
    return problems.join(QLatin1Char('\n'));
}

/// crampedViews() for each informer of `w`, with each right tab and middle tab in front.
QString crampedBodies(MainWindow &w)
{
    QStringList problems;
    const QList<QStringList> tabs = {{QStringLiteral("journal"), QStringLiteral("indices")},
                                     {QStringLiteral("handlers"), QStringLiteral("object")},
                                     {QStringLiteral("workqueue")},
                                     {QStringLiteral("lesson")}};
    for (int i = 0; i < qMax<int>(1, w.informerNames().size()); ++i) {
        w.setCurrentInformer(i);
        for (const QStringList &views : tabs) {
            for (const QString &view : views)
                w.showView(view);
            w.settle();
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            const QString why = crampedViews(w, w.informerNames().value(i) + QLatin1Char('/') +
                                                    views.join(QLatin1Char(',')));
            if (!why.isEmpty())
                problems << why;
        }
    }
    w.setCurrentInformer(0);
    w.showView(QStringLiteral("journal"));
    w.showView(QStringLiteral("indices"));
    return problems.join(QLatin1Char('\n'));
}

} // namespace

class tst_WindowLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void cleanup() { QVERIFY(installTranslation(QStringLiteral("en"))); }
    void controllerWindowFits_data();
    void controllerWindowFits();
    void manyWorkerLanesScroll();
    void noPaneDisappearsUnderADrag();
    void storyWindowFits_data();
    void storyWindowFits();

private:
    ControllerWindow m_four;
};

void tst_WindowLayout::initTestCase()
{
    QVERIFY(installBundledFonts());
    QString err;
    QVERIFY2(m_four.start(4, &err), qPrintable(err));
    QVERIFY(m_four.show(QSize(1600, 1000)));
    // The caches synced, the workers started: three informers' lanes and four claim workers'.
    QTRY_VERIFY_WITH_TIMEOUT(m_four.window->informerBar()->gateText().contains(QChar(0x2713)),
                             20000);
    QTRY_VERIFY_WITH_TIMEOUT(m_four.window->timelineWidget()->groupInformers().size() == 4, 20000);
}

void tst_WindowLayout::cleanupTestCase()
{
    m_four.window.reset();
    m_four.session.reset();
}

void tst_WindowLayout::noPaneDisappearsUnderADrag()
{
    // Every handle of the window's splitters dragged as far as it goes, both ways, as a user
    // does with the mouse: each pane keeps some height or width (none collapses to nothing).
    MainWindow &w = *m_four.window;
    QVERIFY(m_four.show(QSize(1600, 1000)));
    const QList<QSplitter *> splitters = w.findChildren<QSplitter *>();
    QVERIFY(splitters.size() >= 4);
    for (QSplitter *s : splitters) {
        if (!s->isVisible())
            continue;
        for (int i = 1; i < s->count(); ++i)
            for (const bool toStart : {true, false}) {
                QSplitterHandle *h = s->handle(i);
                const QPoint from = h->rect().center();
                const QPoint far = s->orientation() == Qt::Horizontal
                                       ? QPoint(toStart ? -3000 : 3000, from.y())
                                       : QPoint(from.x(), toStart ? -3000 : 3000);
                QTest::mousePress(h, Qt::LeftButton, {}, from);
                QMouseEvent move(QEvent::MouseMove, QPointF(far), h->mapToGlobal(QPointF(far)),
                                 Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
                QCoreApplication::sendEvent(h, &move);
                QTest::mouseRelease(h, Qt::LeftButton, {}, far);
                const QList<int> sizes = s->sizes();
                for (int k = 0; k < sizes.size(); ++k)
                    QVERIFY2(!s->widget(k)->isVisible() || sizes[k] > 0,
                             qPrintable(QStringLiteral("%1: pane %2 (%3) collapsed by handle %4")
                                            .arg(s->objectName())
                                            .arg(k)
                                            .arg(QString::fromLatin1(
                                                s->widget(k)->metaObject()->className()))
                                            .arg(i)));
            }
    }
}

void tst_WindowLayout::controllerWindowFits_data()
{
    QTest::addColumn<QString>("lang");
    QTest::addColumn<QSize>("size");
    for (const char *lang : {"en", "zh_CN"})
        for (const QSize size : {QSize(1280, 800), QSize(1600, 1000), QSize(1920, 1200)})
            QTest::addRow("%s-%dx%d", lang, size.width(), size.height())
                << QString::fromLatin1(lang) << size;
}

void tst_WindowLayout::controllerWindowFits()
{
    QFETCH(QString, lang);
    QFETCH(QSize, size);
    QVERIFY(installTranslation(lang));
    MainWindow &w = *m_four.window;
    QVERIFY(m_four.show(size));
    w.selectObject(QStringLiteral("default/data-0"));
    w.settle();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    keepScreenshot(
        &w, QStringLiteral("controller-%1.png").arg(QString::fromLatin1(QTest::currentDataTag())));
    QCOMPARE(w.size(), size); // nothing made the window larger than asked

    // The key history: at least five rows under its column titles.
    QTableView *history = w.historyView();
    QVERIFY(history->isVisible());
    const int row = history->verticalHeader()->defaultSectionSize();
    QVERIFY2(history->viewport()->height() >= HistoryPanel::kMinimumRows * row,
             qPrintable(QStringLiteral("the key history shows %1 px of rows, five need %2")
                            .arg(history->viewport()->height())
                            .arg(HistoryPanel::kMinimumRows * row)));

    // Every informer's body: the queue, indexer, indices, object, journal and handlers keep
    // three rows (the queue had none at 1280x800), headers one line.
    const QString cramped = crampedBodies(w);
    QVERIFY2(cramped.isEmpty(), qPrintable(cramped));
    QCOMPARE(w.size(), size);
    w.selectObject(QStringLiteral("default/data-0"));
    w.settle();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);

    // The Informers bar: every part inside it and inside the window; the gate's text whole,
    // or elided with the whole text leading its tooltip.
    InformerBar *bar = w.informerBar();
    QVERIFY(bar->isVisible());
    const QRect barRect(bar->mapTo(&w, QPoint(0, 0)), bar->size());
    QVERIFY(w.rect().contains(barRect));
    QList<QWidget *> parts;
    for (int i = 0; bar->button(i); ++i)
        parts << bar->button(i);
    parts << bar->gateLabel();
    for (QWidget *part : parts) {
        QVERIFY2(bar->rect().contains(part->geometry()),
                 qPrintable(QStringLiteral("%1 at %2,%3 %4x%5 is cut by the bar (%6x%7)")
                                .arg(part->objectName())
                                .arg(part->x())
                                .arg(part->y())
                                .arg(part->width())
                                .arg(part->height())
                                .arg(bar->width())
                                .arg(bar->height())));
        QVERIFY(part->width() >= part->minimumSizeHint().width());
    }
    for (int i = 0; bar->button(i); ++i)
        QVERIFY2(bar->button(i)->width() >= bar->button(i)->sizeHint().width(),
                 qPrintable(bar->button(i)->text()));
    QLabel *gate = bar->gateLabel();
    const QString full = bar->gateText();
    QVERIFY(!full.isEmpty());
    const int room = gate->contentsRect().width();
    if (gate->text() == full) {
        QVERIFY2(gate->fontMetrics().horizontalAdvance(full) <= room,
                 qPrintable(QStringLiteral("\"%1\" needs %2 px, has %3")
                                .arg(full)
                                .arg(gate->fontMetrics().horizontalAdvance(full))
                                .arg(room)));
    } else {
        QVERIFY2(gate->text().endsWith(QChar(0x2026)), qPrintable(gate->text()));
        QVERIFY(gate->toolTip().startsWith(full));
        QVERIFY(gate->fontMetrics().horizontalAdvance(gate->text()) <= room);
    }
    // At these sizes there is room for the whole gate: on the first line or on one of its own.
    QCOMPARE(gate->text(), full);
    QCOMPARE(gate->accessibleName(), full);

    // The timeline: lanes apart and each as high as its name's line ("max N" under QUEUE too);
    // what does not fit scrolls.
    TimelineWidget *timeline = w.timelineWidget();
    const QString problems = laneProblems(*timeline);
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
    const TimelineGeometry g = timeline->geometry();
    QCOMPARE(timeline->laneScrollBar()->isVisible(), g.maxScroll() > 0);
    QVERIFY(g.contentHeight() >= g.plot().height());
}

void tst_WindowLayout::manyWorkerLanesScroll()
{
    ControllerWindow c;
    QString err;
    QVERIFY2(c.start(64, &err), qPrintable(err));
    QVERIFY(c.show(QSize(1280, 800)));
    TimelineWidget *w = c.window->timelineWidget();
    QTRY_VERIFY_WITH_TIMEOUT(c.window->informerBar()->gateText().contains(QChar(0x2713)), 20000);
    QTRY_VERIFY_WITH_TIMEOUT(c.session->journal() && w->groupInformers().size() == 4, 20000);
    // A lane per claim worker and per volume worker (the library runs threadiness of each).
    QTRY_VERIFY_WITH_TIMEOUT(c.window->timelineModel()->workers().workers.size() >= 64, 20000);
    c.window->settle();
    keepScreenshot(c.window.get(), QStringLiteral("controller-64-workers.png"));

    // The workers' lanes and three informers' groups: apart, readable.
    const TimelineGeometry g = w->geometry();
    QVERIFY(g.laneCount() > 64);
    const QString problems = laneProblems(*w);
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
    QVERIFY(g.maxScroll() > 0);
    QVERIFY(w->laneScrollBar()->isVisible());
    QCOMPARE(w->laneScroll(), 0);

    // Down walks the headers; each one selected is scrolled into the plot.
    w->setFocus();
    const QStringList groups = w->groupInformers();
    for (int i = 0; i < int(groups.size()); ++i) {
        QTest::keyClick(w, Qt::Key_Down);
        QCOMPARE(w->focusedGroup(), i);
        const QRect header = w->headerRect(groups.at(i));
        QVERIFY2(w->plotRect().top() <= header.top() && header.bottom() <= w->plotRect().bottom(),
                 qPrintable(QStringLiteral("header %1 at y %2..%3, plot %4..%5")
                                .arg(groups.at(i))
                                .arg(header.top())
                                .arg(header.bottom())
                                .arg(w->plotRect().top())
                                .arg(w->plotRect().bottom())));
    }
    QVERIFY(w->laneScroll() > 0); // the workers' header is below the first screen
    // And Up back to the first informer's header, at the top.
    for (int i = int(groups.size()) - 2; i >= 0; --i)
        QTest::keyClick(w, Qt::Key_Up);
    QCOMPARE(w->focusedGroup(), 0);
    QCOMPARE(w->headerRect(groups.first()).top(), w->plotRect().top());
    QCOMPARE(w->laneScroll(), 0);
    // PageDown scrolls by about a plot; the last lane can be reached; the scroll bar follows.
    const int before = w->laneScroll();
    QTest::keyClick(w, Qt::Key_PageDown);
    QVERIFY(w->laneScroll() > before);
    QCOMPARE(w->laneScrollBar()->value(), w->laneScroll());
    w->setLaneScroll(1 << 20);
    QCOMPARE(w->laneScroll(), w->geometry().maxScroll());
    const TimelineGeometry end = w->geometry();
    QCOMPARE(end.laneRect(end.laneCount() - 1).bottom(), end.plot().bottom());
}

void tst_WindowLayout::storyWindowFits_data()
{
    QTest::addColumn<QString>("lang");
    QTest::addColumn<QSize>("size");
    for (const char *lang : {"en", "zh_CN"})
        for (const QSize size : {QSize(1280, 800), QSize(1600, 1000)})
            QTest::addRow("%s-%dx%d", lang, size.width(), size.height())
                << QString::fromLatin1(lang) << size;
}

// One informer, as `--scenario window-tour` opens it (Lesson and Simulator tabs): keys queued,
// one selected.
void tst_WindowLayout::storyWindowFits()
{
    QFETCH(QString, lang);
    QFETCH(QSize, size);
    QVERIFY(installTranslation(lang));
    test::StoryWindow s;
    MainWindow &w = *s.window;
    sim::Simulator cluster;
    QVERIFY(cluster.start());
    w.setSimulator(simulatorAccess(cluster));
    w.setScenarioControls(
        QStringLiteral("Changes pile up in the DeltaFIFO while Pop is paused"), 1.0, [](bool) {},
        [](double) {});
    w.setLessonControls({[](bool) {}, [] { return false; }});
    QVERIFY(s.show(size));
    w.selectKey(s.story.queueKeys().value(2));
    w.settle();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    keepScreenshot(
        &w, QStringLiteral("story-%1.png").arg(QString::fromLatin1(QTest::currentDataTag())));
    QCOMPARE(w.size(), size);
    QVERIFY(w.queueView()->model()->rowCount() >= 3);
    const QString cramped = crampedBodies(w);
    QVERIFY2(cramped.isEmpty(), qPrintable(cramped));
    QCOMPARE(w.size(), size);
}

QTEST_MAIN(tst_WindowLayout)
#include "tst_windowlayout.moc"
