// SPDX-License-Identifier: Apache-2.0
// Accessible names on every control (issue 5 item 10): the window over a live session on the
// built-in cluster, every tab shown once (the Simulator tab, the Playground), the scenario
// toolbar and the dialogs (Add handler, Keyboard shortcuts). Every focusable or interactive
// widget must have a name a screen reader reads (QAccessible's Name), in English and, with
// zh_CN, in Chinese; the painted views describe what they show now.
#include "i18n.h"
#include "i18ncheck.h"
#include "keyboard.h"
#include "lens/journalmodel.h"
#include "lens/queuemodel.h"
#include "lens/reflectorstatus.h"
#include "lens/timelinemodel.h"
#include "livewindow.h"
#include "mainwindow.h"
#include "pipelinewidget.h"
#include "session/session.h"
#include "session/simulatoraccess.h"
#include "timelinewidget.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QHeaderView>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTabBar>
#include <QTableView>
#include <QTest>
#include <QTextEdit>
#include <QTimer>
#include <QToolButton>

using namespace lens;

namespace {

bool interactive(QWidget *w)
{
    if (qobject_cast<QHeaderView *>(w))
        return false; // read through its table's column headers
    // The line edit inside a spin box or combo box is named by its owner.
    if (qobject_cast<QLineEdit *>(w) && (qobject_cast<QAbstractSpinBox *>(w->parentWidget()) ||
                                         qobject_cast<QComboBox *>(w->parentWidget())))
        return false;
    return qobject_cast<QAbstractButton *>(w) || qobject_cast<QComboBox *>(w) ||
           qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QLineEdit *>(w) ||
           qobject_cast<QAbstractItemView *>(w) || qobject_cast<QTabBar *>(w) ||
           qobject_cast<QTextEdit *>(w) || qobject_cast<QPlainTextEdit *>(w) ||
           qobject_cast<TimelineWidget *>(w) || qobject_cast<PipelineWidget *>(w) ||
           (w->focusPolicy() & Qt::TabFocus);
}

/// The name a screen reader reads for `w`. A combo box's QAccessible Name is its current
/// value on Linux, so it needs its own accessibleName.
QString nameOf(QWidget *w)
{
    if (qobject_cast<QComboBox *>(w))
        return w->accessibleName();
    QAccessibleInterface *a = QAccessible::queryAccessibleInterface(w);
    return a ? a->text(QAccessible::Name) : QString();
}

QString describe(QWidget *w)
{
    QStringList path;
    for (QWidget *p = w; p; p = p->parentWidget())
        path.prepend(QLatin1String(p->metaObject()->className()) +
                     (p->objectName().isEmpty() ? QString() : u'#' + p->objectName()));
    return path.mid(qMax(0, int(path.size()) - 4)).join(u" > ");
}

/// Every visible interactive widget under `root` without a name (or, with `zh`, with a name
/// left in English), plus every tab without a name.
QStringList gaps(QWidget *root, bool zh, const QStringList &data)
{
    QStringList out;
    QList<QWidget *> all = root->findChildren<QWidget *>();
    for (QWidget *w : std::as_const(all)) {
        if (!w->isVisibleTo(root) || !interactive(w))
            continue;
        const QString name = nameOf(w).trimmed();
        if (name.isEmpty())
            out << QStringLiteral("no name: ") + describe(w);
        else if (zh && test::untranslated(name, data))
            out << QStringLiteral("English name \"%1\": %2").arg(name, describe(w));
        if (auto *bar = qobject_cast<QTabBar *>(w)) {
            QAccessibleInterface *a = QAccessible::queryAccessibleInterface(bar);
            for (int i = 0; a && i < a->childCount(); ++i)
                if (a->child(i)->role() == QAccessible::PageTab &&
                    a->child(i)->text(QAccessible::Name).trimmed().isEmpty())
                    out << QStringLiteral("tab %1 without a name: %2").arg(i).arg(describe(bar));
        }
    }
    return out;
}

/// Opens a modal dialog with `open` and returns the gaps found in it, then closes it.
QStringList dialogGaps(const std::function<void()> &open, bool zh, const QStringList &data,
                       QString *title)
{
    QStringList found;
    bool seen = false;
    QTimer::singleShot(0, [&] {
        QWidget *dlg = QApplication::activeModalWidget();
        if (!dlg)
            return;
        seen = true;
        *title = dlg->windowTitle();
        found = gaps(dlg, zh, data);
        if (auto *d = qobject_cast<QDialog *>(dlg))
            d->reject();
    });
    open();
    if (!seen)
        found << QStringLiteral("no dialog opened");
    return found;
}
} // namespace

class tst_Accessibility : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void cleanup();
    void everyControlHasAName_data();
    void everyControlHasAName();
    void pipelineDescribesItsCounts();
    void timelineDescribesTheSelectedMarker();
    void journalDetailIsReadable();

private:
    std::unique_ptr<Session> m_session;
    std::unique_ptr<MainWindow> m_window;
};

void tst_Accessibility::initTestCase()
{
    QString err;
    QVERIFY2(test::startLiveWindow(&m_session, &m_window, &err), qPrintable(err));
    m_window->setSimulator(simulatorAccess(*m_session->simulator()));
    m_window->setScenarioControls(
        QStringLiteral("fs00-test"), 1.0, [](bool) {}, [](double) {});
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QTRY_VERIFY_WITH_TIMEOUT(m_session->informer()->hasSynced(), 10000);
    m_window->settle();
}

void tst_Accessibility::cleanupTestCase()
{
    installTranslation(QStringLiteral("en"));
    m_window.reset();
    m_session.reset();
}

void tst_Accessibility::cleanup()
{
    QVERIFY(m_window->switchLanguage(QStringLiteral("en")));
}

void tst_Accessibility::everyControlHasAName_data()
{
    QTest::addColumn<QString>("lang");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
}

void tst_Accessibility::everyControlHasAName()
{
    QFETCH(QString, lang);
    MainWindow &w = *m_window;
    QVERIFY(w.switchLanguage(lang));
    QCoreApplication::processEvents();
    const bool zh = lang == QLatin1String("zh_CN");
    QStringList data = m_session->informer()->indexer().listKeys();
    data << QStringLiteral("fs00-test") << QStringLiteral("logger");
    QStringList found;
    int checked = 0;
    for (const QString &view : MainWindow::viewNames()) {
        QVERIFY2(w.showView(view), qPrintable(view));
        QCoreApplication::processEvents();
        for (QWidget *c : w.findChildren<QWidget *>())
            checked += c->isVisibleTo(&w) && interactive(c);
        for (const QString &g : gaps(&w, zh, data))
            if (!found.contains(g))
                found << view + QStringLiteral(": ") + g;
    }
    QVERIFY2(checked > 60, qPrintable(QString::number(checked))); // the walk saw the controls
    QString title;
    found << dialogGaps(
        [&] { w.findChild<QToolButton *>(QStringLiteral("addHandlerButton"))->click(); }, zh, data,
        &title);
    QVERIFY(!title.isEmpty());
    found << dialogGaps([&] { w.keyboard()->showShortcutsDialog(); }, zh, data, &title);
    QVERIFY(!title.isEmpty());
    found.removeDuplicates();
    QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    QVERIFY(w.switchLanguage(QStringLiteral("en")));
}

// The pipeline strip is painted: its description carries what it shows now.
void tst_Accessibility::pipelineDescribesItsCounts()
{
    m_window->settle();
    PipelineWidget *p = m_window->pipelineWidget();
    p->setState(p->state());
    const QString d = p->accessibleDescription();
    QVERIFY2(d.contains(m_window->reflectorStatus()->stateName()), qPrintable(d));
    QVERIFY2(d.contains(QStringLiteral("depth %1").arg(p->state().queueDepth)), qPrintable(d));
    QVERIFY2(d.contains(QStringLiteral("%1 object").arg(p->state().objects)), qPrintable(d));
    QAccessibleInterface *a = QAccessible::queryAccessibleInterface(p);
    QVERIFY(a);
    QCOMPARE(a->text(QAccessible::Description), d);
}

// The timeline's keyboard selection is in its description, and so is time travel.
void tst_Accessibility::timelineDescribesTheSelectedMarker()
{
    TimelineWidget *t = m_window->timelineWidget();
    QVERIFY(!t->accessibleDescription().contains(QLatin1String("Selected")));
    QVERIFY(!m_window->timelineModel()->marks().empty());
    t->setFocus();
    QTest::keyClick(t, Qt::Key_Home);
    QVERIFY(t->selectedSeq() > 0);
    QString label;
    for (const auto &m : m_window->timelineModel()->marks())
        if (m.seq == t->selectedSeq())
            label = m.label;
    const QString d = t->accessibleDescription();
    QVERIFY2(d.contains(QLatin1String("Selected:")) && d.contains(label), qPrintable(d));
    QVERIFY2(d.contains(QLatin1String("the past")), qPrintable(d));
    QCOMPARE(QAccessible::queryAccessibleInterface(t)->text(QAccessible::Description), d);
    m_window->goLive();
    QVERIFY(!t->accessibleDescription().contains(QLatin1String("Selected")));
}

// The journal's last column (Detail) fills the view or, when the others overflow it, keeps a
// readable width; elided text has its full form in the tooltip.
void tst_Accessibility::journalDetailIsReadable()
{
    MainWindow &w = *m_window;
    w.showView(QStringLiteral("journal"));
    QTableView *v = w.journalView();
    const int detail = JournalModel::DetailColumn;
    for (int width : {1400, 2200}) {
        w.resize(width, 900);
        QCoreApplication::processEvents();
        QHeaderView *h = v->horizontalHeader();
        QStringList layout;
        for (int c = 0; c < h->count(); ++c)
            layout << QStringLiteral("%1:%2@%3+%4")
                          .arg(c)
                          .arg(h->isSectionHidden(c) ? QStringLiteral("hidden") : QString())
                          .arg(h->sectionPosition(c))
                          .arg(h->sectionSize(c));
        QVERIFY2(v->isColumnHidden(JournalModel::ComponentColumn), qPrintable(layout.join(u' ')));
        for (int c = 0; c < h->count(); ++c)
            QVERIFY2(h->isSectionHidden(c) ||
                         !v->model()->headerData(c, Qt::Horizontal).toString().isEmpty(),
                     qPrintable(layout.join(u' ')));
        // No gap: each visible column starts where the one before it ends.
        for (int vis = 0, end = 0; vis < h->count(); ++vis) {
            const int c = h->logicalIndex(vis);
            if (h->isSectionHidden(c))
                continue;
            QVERIFY2(h->sectionPosition(c) == end, qPrintable(layout.join(u' ')));
            end = h->sectionPosition(c) + h->sectionSize(c);
        }
        QVERIFY(h->sectionSize(detail) >= 160);
        QVERIFY2(h->sectionPosition(detail) + h->sectionSize(detail) >= v->viewport()->width(),
                 qPrintable(QString::number(width)));
    }
    QVERIFY(v->model()->rowCount() > 0);
    const QModelIndex i = v->model()->index(0, detail);
    QCOMPARE(i.data(Qt::ToolTipRole).toString(), i.data(Qt::DisplayRole).toString());
    w.resize(1600, 1000);
}

QTEST_MAIN(tst_Accessibility)
#include "tst_accessibility.moc"
