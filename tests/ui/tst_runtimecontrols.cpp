// SPDX-License-Identifier: Apache-2.0
// `--controller runtime-sample` in the window, live on the built-in cluster: the Priority queue
// tab is the one shown at start (--view may choose another), and its Sample controller box
// changes the SampleReconciler's settings through the session's RuntimeWiring (each change an
// Info note with the old and the new value), rebuilding the controller for
// MaxConcurrentReconciles and UsePriorityQueue; the box follows the rebuilt controller.
#include "informer/sharedinformer.h"
#include "mainwindow.h"
#include "priorityqueuepanel.h"
#include "runtime/controller.h"
#include "runtimecontrols.h"
#include "runtimecontrolsbox.h"
#include "session/runtimewiring.h"
#include "session/session.h"
#include "trace/journal.h"

#include <QCheckBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>

#include <memory>

using namespace lens;

class tst_RuntimeControls : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void priorityQueueTabShownAtStart();
    void numbersAndPatternChangeTheSettings();
    void workersAndQueueRebuildTheController();
    void hangReleaseAndPanicAKey();

private:
    RuntimeControlsBox *box() const { return m_window->priorityQueuePanel()->runtimeControls(); }
    runtime::SampleReconciler *reconciler() const { return m_session->sampleReconciler(); }
    /// The Info notes of the window's changes: "setting old→new".
    QStringList notes() const
    {
        QStringList out;
        for (const TraceEvent &e : m_session->journal()->events())
            if (e.kind == TraceKind::Info && e.component == QLatin1String("runtime-sample") &&
                e.type == QLatin1String("settings"))
                out << QStringLiteral("%1 %2→%3")
                           .arg(e.detail.value(QLatin1String("setting")).toString(),
                                e.detail.value(QLatin1String("old")).toString(),
                                e.detail.value(QLatin1String("new")).toString());
        return out;
    }

    std::unique_ptr<Session> m_session;
    std::unique_ptr<MainWindow> m_window;
};

void tst_RuntimeControls::initTestCase()
{
    qRegisterMetaType<runtime::Controller *>();
    Session::Options o;
    o.controller = QStringLiteral("runtime-sample");
    o.runtime.reconcileLatencyMs = 0;
    o.churnIntervalMs = 0;
    m_session = std::make_unique<Session>(o);
    QString error;
    QVERIFY2(m_session->start(&error), qPrintable(error));
    QVERIFY(m_session->runtimeWiring());
    m_window =
        std::make_unique<MainWindow>(m_session->journal(), m_session->informer()->controller());
    QList<MainWindow::InformerEntry> entries;
    for (SharedIndexInformer *i : m_session->informers())
        entries.append({i->name(), i, i->controller()});
    m_window->setInformers(entries);
    attachRuntimeControls(*m_window, m_session->runtimeWiring()); // as app/lens/window.cpp
    m_window->resize(1600, 1000);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QTRY_VERIFY_WITH_TIMEOUT(m_session->runtimeWiring()->isStarted(), 20000);
}

void tst_RuntimeControls::cleanupTestCase()
{
    m_window.reset();
    m_session.reset();
}

void tst_RuntimeControls::priorityQueueTabShownAtStart()
{
    PriorityQueuePanel *panel = m_window->priorityQueuePanel();
    QVERIFY(panel);
    QVERIFY(box());
    auto *tabs = qobject_cast<QTabWidget *>(panel->parentWidget()->parentWidget());
    QVERIFY(tabs);
    QCOMPARE(tabs->currentWidget(), panel);
    QVERIFY(box()->isVisible());
    // --view chooses another, and takes the tab back by its name.
    QVERIFY(m_window->showView(QStringLiteral("journal")));
    QVERIFY(tabs->currentWidget() != panel);
    QVERIFY(m_window->showView(QStringLiteral("priorityqueue")));
    QCOMPARE(tabs->currentWidget(), panel);
    QTRY_VERIFY(box()->stateText().contains(QStringLiteral("started, 1 worker")));
}

void tst_RuntimeControls::numbersAndPatternChangeTheSettings()
{
    QCOMPARE(box()->latencyBox()->value(), 0);
    box()->latencyBox()->setValue(500);
    QCOMPARE(reconciler()->settings().reconcileLatencyMs, qint64(500));
    box()->requeueAfterBox()->setValue(2000);
    QCOMPARE(reconciler()->settings().requeueAfterMs, qint64(2000));
    box()->failEveryBox()->setValue(3);
    QCOMPARE(reconciler()->settings().failEvery, 3);
    box()->terminalEdit()->setText(QStringLiteral("sample-2$"));
    Q_EMIT box()->terminalEdit()->editingFinished();
    QCOMPARE(reconciler()->settings().terminalPattern, QStringLiteral("sample-2$"));
    // Each change is in the journal with its old and new value.
    QCOMPARE(notes(),
             QStringList({QStringLiteral("reconcileLatencyMs 0→500"),
                          QStringLiteral("requeueAfterMs 0→2000"), QStringLiteral("failEvery 0→3"),
                          QStringLiteral("terminalPattern \"\"→sample-2$")}));
    // A pattern that is no regular expression is refused, and the box says so.
    box()->terminalEdit()->setText(QStringLiteral("("));
    Q_EMIT box()->terminalEdit()->editingFinished();
    QCOMPARE(reconciler()->settings().terminalPattern, QStringLiteral("sample-2$"));
    QVERIFY2(box()->stateText().startsWith(QStringLiteral("refused: terminalPattern")),
             qPrintable(box()->stateText()));
    QCOMPARE(notes().size(), 4);
    // A scenario step (or anyone) changing the settings shows in the box.
    reconciler()->setReconcileLatencyMs(0);
    QCOMPARE(box()->latencyBox()->value(), 0);
    box()->failEveryBox()->setValue(0);
    box()->requeueAfterBox()->setValue(0);
}

void tst_RuntimeControls::workersAndQueueRebuildTheController()
{
    RuntimeWiring *wiring = m_session->runtimeWiring();
    QSignalSpy rebuilt(wiring, &RuntimeWiring::controllerRebuilt);
    const QPointer<runtime::Controller> before = wiring->controller();
    box()->workersBox()->setValue(2);
    QCOMPARE(rebuilt.count(), 1);
    QCOMPARE(m_session->runtimeController()->options().maxConcurrentReconciles, 2);
    QVERIFY(m_session->runtimeController() != before.data());
    QTRY_VERIFY(before.isNull()); // the old one is gone: nothing may hold it
    // Its workers start once its sources synced (Controller::workersStarted): the box says so.
    QTRY_VERIFY2(box()->stateText().contains(QStringLiteral("started, 2 worker(s)")),
                 qPrintable(box()->stateText()));
    box()->priorityQueueCheck()->setChecked(false);
    QCOMPARE(rebuilt.count(), 2);
    QVERIFY(!reconciler()->settings().usePriorityQueue);
    QVERIFY(!*m_session->runtimeController()->options().usePriorityQueue);
    QVERIFY2(box()->stateText().contains(QStringLiteral("client-go queue")),
             qPrintable(box()->stateText()));
    QVERIFY(notes().contains(QStringLiteral("maxConcurrentReconciles 1→2")));
    QVERIFY(notes().contains(QStringLiteral("usePriorityQueue true→false")));
    // Back as it was: one more rebuild.
    box()->priorityQueueCheck()->setChecked(true);
    QCOMPARE(rebuilt.count(), 3);
    QVERIFY(box()->stateText().contains(QStringLiteral("priority queue")));
}

void tst_RuntimeControls::hangReleaseAndPanicAKey()
{
    const QString key = QStringLiteral("default/sample-1");
    QVERIFY(!box()->hangButton()->isEnabled()); // no key typed
    box()->keyEdit()->setText(key);
    QVERIFY(box()->hangButton()->isEnabled());
    QVERIFY(!box()->releaseButton()->isEnabled());
    QTest::mouseClick(box()->hangButton(), Qt::LeftButton);
    QCOMPARE(reconciler()->settings().hangKeys, QStringList{key});
    QVERIFY(box()->releaseButton()->isEnabled());
    QVERIFY(!box()->hangButton()->isEnabled());
    QTest::mouseClick(box()->releaseButton(), Qt::LeftButton);
    QVERIFY(reconciler()->settings().hangKeys.isEmpty());
    QCOMPARE(box()->panicButton()->text(), QStringLiteral("Panic"));
    QTest::mouseClick(box()->panicButton(), Qt::LeftButton);
    QCOMPARE(reconciler()->settings().panicKeys, QStringList{key});
    QCOMPARE(box()->panicButton()->text(), QStringLiteral("Stop panicking"));
    QVERIFY(box()->stateText().contains(QStringLiteral("panicking: default/sample-1")));
    QTest::mouseClick(box()->panicButton(), Qt::LeftButton);
    QVERIFY(reconciler()->settings().panicKeys.isEmpty());
    QVERIFY(notes().contains(QStringLiteral("hang []→default/sample-1")));
    QVERIFY(notes().contains(QStringLiteral("hang default/sample-1→[]")));
    QVERIFY(notes().contains(QStringLiteral("panic []→default/sample-1")));
}

QTEST_MAIN(tst_RuntimeControls)
#include "tst_runtimecontrols.moc"
