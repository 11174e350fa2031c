// SPDX-License-Identifier: Apache-2.0
// The managedFields-stripping transform in the window: the status bar says what it saved, and
// File ▸ Strip managedFields asks, then starts again with the transform on or off.
#include "informer/transforms.h"
#include "transformstatus.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QTest>
#include <QTimer>

using namespace lens;

class tst_TransformStatus : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void showsTheSaving();
    void restartsWithTheTransform_data();
    void restartsWithTheTransform();

private:
    /// A window with a File menu shaped like MainWindow's (…, separator, Quit).
    static QMainWindow *makeWindow();
};

QMainWindow *tst_TransformStatus::makeWindow()
{
    auto *w = new QMainWindow;
    QMenu *file = w->menuBar()->addMenu(QStringLiteral("File"));
    file->setObjectName(QStringLiteral("fileMenu"));
    file->addAction(QStringLiteral("Export"));
    file->addSeparator();
    file->addAction(QStringLiteral("Quit"));
    return w;
}

void tst_TransformStatus::showsTheSaving()
{
    std::unique_ptr<QMainWindow> w(makeWindow());
    TransformTally tally;
    tally.objects = 10;
    tally.changed = 8;
    tally.bytesIn = 40960;
    tally.bytesOut = 30720;
    TransformStatus status(w.get(), &tally, [](bool) {});
    QCOMPARE(status.text(), QStringLiteral("managedFields stripped: 10.0 KiB saved (25.0 %)"));
    auto *label = w->findChild<QLabel *>(QStringLiteral("transformLabel"));
    QVERIFY(label);
    QVERIFY(label->toolTip().contains(QStringLiteral("10 objects transformed, 8 of them")));
    // The tally grows as the informers run; the label follows.
    tally.objects = 20;
    tally.bytesIn = 81920;
    tally.bytesOut = 40960;
    status.refresh();
    QCOMPARE(status.text(), QStringLiteral("managedFields stripped: 40.0 KiB saved (50.0 %)"));
    // In the File menu, before the separator that precedes Quit, checked.
    QMenu *file = w->findChild<QMenu *>(QStringLiteral("fileMenu"));
    QCOMPARE(file->actions().at(1), status.action());
    QVERIFY(status.action()->isChecked());
}

void tst_TransformStatus::restartsWithTheTransform_data()
{
    QTest::addColumn<bool>("running");
    QTest::addColumn<bool>("accept");
    QTest::newRow("off, turned on") << false << true;
    QTest::newRow("on, turned off") << true << true;
    QTest::newRow("off, cancelled") << false << false;
}

void tst_TransformStatus::restartsWithTheTransform()
{
    QFETCH(bool, running);
    QFETCH(bool, accept);
    std::unique_ptr<QMainWindow> w(makeWindow());
    TransformTally tally;
    QList<bool> restarts;
    TransformStatus status(w.get(), running ? &tally : nullptr,
                           [&restarts](bool on) { restarts << on; });
    QCOMPARE(status.text().isEmpty(), !running);
    QCOMPARE(status.action()->isChecked(), running);
    QString asked;
    QTimer::singleShot(0, this, [&asked, accept] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        QVERIFY(box);
        asked = box->text();
        box->button(accept ? QMessageBox::Yes : QMessageBox::Cancel)->click();
    });
    status.action()->trigger();
    QVERIFY(asked.contains(QStringLiteral("informer has already started")));
    QCOMPARE(restarts, accept ? QList<bool>{!running} : QList<bool>{});
    // The check mark shows what runs, not what was asked for.
    QCOMPARE(status.action()->isChecked(), running);
}

QTEST_MAIN(tst_TransformStatus)
#include "tst_transformstatus.moc"
