// SPDX-License-Identifier: Apache-2.0
// The window's Playground panel: steps the shipped scripts (embedded under :/playground) line by
// line and shows the queue after every line; the outputs must equal each script's .expected file
// (the same files informer-lens-play is checked against), verbatim.
#include "deltachipdelegate.h"
#include "lens/deltachip.h"
#include "mainwindow.h"
#include "playgroundmodel.h"
#include "playgroundpanel.h"
#include "trace/journal.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryFile>
#include <QTest>

using namespace lens;

namespace {
QStringList readExpected(const QString &script)
{
    QString name = script;
    name.replace(QLatin1String(".play"), QLatin1String(".expected"));
    QFile f(QStringLiteral(PLAYGROUND_DIR "/") + name);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return {QStringLiteral("cannot read ") + f.fileName()};
    QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    return lines;
}

int rowOfLine(const PlaygroundRunner *r, const QString &startsWith)
{
    const QStringList lines = r->lines();
    for (int i = 0; i < lines.size(); ++i)
        if (lines.at(i).startsWith(startsWith))
            return i;
    return -1;
}
} // namespace

class TestPlayground : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shippedScriptsAreEmbedded()
    {
        const QStringList names = PlaygroundPanel::shippedScripts();
        QVERIFY2(names.size() >= 5, qPrintable(names.join(QLatin1Char(' '))));
        QVERIFY(names.contains(QStringLiteral("01-dedup-deletes.play")));
        QVERIFY(names.contains(QStringLiteral("05-realfifo-in-order.play")));
    }

    void stepMatchesExpected_data()
    {
        QTest::addColumn<QString>("script");
        for (const QString &s : PlaygroundPanel::shippedScripts())
            QTest::newRow(qPrintable(s)) << s;
    }

    // Step (the button) through every line; after each, the queue model holds the queue's
    // entries; at the end the outputs equal the .expected file.
    void stepMatchesExpected()
    {
        QFETCH(QString, script);
        PlaygroundPanel panel;
        QAbstractItemModelTester tester(panel.queueModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(panel.loadShipped(script));
        QCOMPARE(panel.runner()->name(), script);
        QCOMPARE(panel.runner()->nextLine(), 0);
        int steps = 0;
        while (panel.stepButton()->isEnabled()) {
            QTest::mouseClick(panel.stepButton(), Qt::LeftButton);
            ++steps;
            // The queue view shows the playground's queue after this line.
            const QList<QueueEntry> entries = panel.runner()->playground().entries();
            QCOMPARE(panel.queueModel()->rowCount(), int(entries.size()));
            for (int r = 0; r < entries.size(); ++r) {
                const QModelIndex i = panel.queueModel()->index(r, 0);
                QCOMPARE(i.data(PlaygroundQueueModel::KeyRole).toString(), entries.at(r).key);
                QCOMPARE(i.data(PlaygroundQueueModel::DeltaChipsRole).value<DeltaChips>().size(),
                         entries.at(r).deltas.size());
            }
            QVERIFY(steps <= panel.runner()->lines().size());
        }
        QCOMPARE(steps, int(panel.runner()->lines().size()));
        QVERIFY(panel.runner()->atEnd());
        const QStringList expected = readExpected(script);
        QCOMPARE(panel.runner()->outputs(), expected);
        QCOMPARE(panel.outputView()->toPlainText(), expected.join(QLatin1Char('\n')));
        // Each output sits next to the line that printed it.
        for (int n = 0; n < expected.size(); ++n) {
            const int line = panel.runner()->lineOfOutput(n);
            QCOMPARE(panel.scriptView()->item(line, 2)->text(), expected.at(n));
        }

        // Reset goes back to the first line with an empty queue; Run runs to the end at once.
        QTest::mouseClick(panel.resetButton(), Qt::LeftButton);
        QCOMPARE(panel.runner()->nextLine(), 0);
        QCOMPARE(panel.queueModel()->rowCount(), 0);
        QVERIFY(panel.outputView()->toPlainText().isEmpty());
        QTest::mouseClick(panel.runButton(), Qt::LeftButton);
        QCOMPARE(panel.runner()->outputs(), expected);
        QVERIFY(!panel.stepButton()->isEnabled());
    }

    // The queue after a given line: dedup of deletes keeps one Deleted chip for web, and api's
    // four deltas stay four chips in queue order.
    void queueAfterLine()
    {
        PlaygroundPanel panel;
        QVERIFY(panel.loadShipped(QStringLiteral("01-dedup-deletes.play")));
        PlaygroundRunner *r = panel.runner();
        const int getApi = rowOfLine(r, QStringLiteral("get api"));
        QVERIFY(getApi > 0);
        while (r->nextLine() <= getApi)
            r->step();
        QCOMPARE(
            r->outputOfLine(getApi),
            QStringLiteral("get api [Added api@1, Added api@1, Updated api@2, Updated api@2]"));
        PlaygroundQueueModel *m = panel.queueModel();
        QCOMPARE(m->rowCount(), 2);
        QCOMPARE(m->index(0, 0).data().toString(), QStringLiteral("web"));
        const auto web =
            m->index(0, 0).data(PlaygroundQueueModel::DeltaChipsRole).value<DeltaChips>();
        QCOMPARE(web.size(), 1);
        QCOMPARE(web.first().type, DeltaType::Deleted);
        QCOMPARE(m->index(1, 0).data().toString(), QStringLiteral("api"));
        const auto api =
            m->index(1, 0).data(PlaygroundQueueModel::DeltaChipsRole).value<DeltaChips>();
        QCOMPARE(api.size(), 4);
        QCOMPARE(api.last().type, DeltaType::Updated);
        QCOMPARE(api.last().resourceVersion, QStringLiteral("2"));
        QCOMPARE(m->index(1, PlaygroundQueueModel::DeltasColumn).data().toString(),
                 QStringLiteral("[Added api@1, Added api@1, Updated api@2, Updated api@2]"));
        // The chip delegate paints the Deltas column, as in the DeltaFIFO view.
        QVERIFY(qobject_cast<DeltaChipDelegate *>(
            panel.queueView()->itemDelegateForColumn(PlaygroundQueueModel::DeltasColumn)));
    }

    // A user's own file; errors are output lines, and stepping continues past them.
    void userFile()
    {
        QTemporaryFile f(QDir::tempPath() + QStringLiteral("/XXXXXX.play"));
        QVERIFY(f.open());
        f.write("new realfifo\nadd a@1\nadd a@2\npop\nfrobnicate\nlistkeys\n");
        f.close();
        PlaygroundPanel panel;
        QVERIFY(panel.loadFile(f.fileName()));
        QCOMPARE(panel.scriptChooser()->currentData().toString(), f.fileName());
        QCOMPARE(panel.scriptView()->rowCount(), 6);
        panel.runner()->step();
        panel.runner()->step();
        panel.runner()->step();
        // RealFIFO: one row per queued event, so key a appears twice.
        QCOMPARE(panel.queueModel()->rowCount(), 2);
        QCOMPARE(panel.queueModel()->index(1, 0).data().toString(), QStringLiteral("a"));
        panel.runner()->runToEnd();
        const QStringList out = panel.runner()->outputs();
        QCOMPARE(out.size(), 3);
        QCOMPARE(out.at(0), QStringLiteral("pop a [Added a@1] initial=false"));
        QVERIFY2(out.at(1).startsWith(QLatin1String("error: ")), qPrintable(out.at(1)));
        QCOMPARE(out.at(2), QStringLiteral("listkeys [a]"));
        QVERIFY(!panel.loadFile(QStringLiteral("/nonexistent/x.play")));
    }

    // The panel is a tab of the window (--view playground).
    void inWindow()
    {
        Journal journal;
        MainWindow w(&journal);
        QVERIFY(w.playgroundPanel());
        QVERIFY(MainWindow::viewNames().contains(QStringLiteral("playground")));
        QVERIFY(w.showView(QStringLiteral("playground")));
        auto *tabs = w.findChild<QTabWidget *>(QStringLiteral("rightTabs"));
        QVERIFY(tabs);
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget *>(w.playgroundPanel()));
    }
};

QTEST_MAIN(TestPlayground)
#include "tst_playground.moc"
