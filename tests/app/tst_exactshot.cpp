// SPDX-License-Identifier: Apache-2.0
// Exact pictures (issue 5 items 9 and 12): the same `--scenario S --at T --screenshot` arguments
// give the same pixels, a different --at gives a different picture, and --headless --at prints
// the same journal twice.
#include "lensprocess.h"

#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class tst_ExactShot : public QObject {
    Q_OBJECT
private slots:
    void sameArgumentsSamePixels_data();
    void sameArgumentsSamePixels();
    void headlessJournalIsTheSame();
    void runtimeJournalIsTheSame_data();
    void runtimeJournalIsTheSame();
    void bookmarksFollowScenarioTime();
    void resyncTicksFollowScenarioTime();
    void scaleTwoDoublesThePixels();

private:
    /// Starts informer-lens with `args` (offscreen); the caller waits.
    QProcess *start(const QStringList &args) { return startLens(args, this); }
    /// Renders `args` + --at `at` into `png`s, all at once; returns false with a message in
    /// `*why` when a run failed.
    bool render(const QStringList &args, const QList<QPair<QString, QString>> &atAndPng,
                QString *why)
    {
        QList<QProcess *> runs;
        for (const auto &[at, png] : atAndPng)
            runs << start(args + QStringList{QStringLiteral("--at"), at,
                                             QStringLiteral("--screenshot"), png});
        for (QProcess *p : std::as_const(runs)) {
            if (!p->waitForFinished(60000) || p->exitCode() != 0) {
                *why = QString::fromLocal8Bit(p->readAllStandardError());
                return false;
            }
        }
        return true;
    }
    /// Runs `--headless --scenario scenario --at at` twice at once and returns the journal
    /// both printed; empty, with a message in `*why`, when a run failed or the two differ.
    QByteArray headlessTwice(const QString &scenario, const QString &at, QString *why)
    {
        const QStringList args{QStringLiteral("--headless"), QStringLiteral("--scenario"), scenario,
                               QStringLiteral("--at"), at};
        QProcess *one = start(args);
        QProcess *two = start(args);
        if (!one->waitForFinished(60000) || !two->waitForFinished(60000) || one->exitCode() != 0 ||
            two->exitCode() != 0) {
            *why =
                QString::fromLocal8Bit(one->readAllStandardError() + two->readAllStandardError());
            return {};
        }
        const QByteArray journal = one->readAllStandardOutput();
        const QByteArray other = two->readAllStandardOutput();
        if (other != journal) {
            // The first line that differs, from each run: enough to tell which events swapped.
            const QList<QByteArray> a = journal.split('\n'), b = other.split('\n');
            qsizetype i = 0;
            while (i < a.size() && i < b.size() && a.at(i) == b.at(i))
                ++i;
            *why = QStringLiteral("two runs printed different journals; line %1:\n  %2\n  %3")
                       .arg(i + 1)
                       .arg(QString::fromUtf8(a.value(i)), QString::fromUtf8(b.value(i)));
            return {};
        }
        return journal;
    }
};

void tst_ExactShot::sameArgumentsSamePixels_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("at");      ///< the moment rendered twice
    QTest::addColumn<QString>("earlier"); ///< an earlier moment, which must look different
    /// Rows of pixels at the bottom left out of the comparison (the status bar's memory figures)
    QTest::addColumn<int>("cropBottom");
    const QStringList base{QStringLiteral("--scenario"), QStringLiteral("fs03-410-relist"),
                           QStringLiteral("--size"), QStringLiteral("1200x800")};
    // 2.5 s: the watch was cut and got its 410, the reflector backs off; 1 s: synced, the new
    // pod just arrived.
    QTest::newRow("FS-03 en light journal") << base << u"2.5"_s << u"1"_s << 0;
    QTest::newRow("FS-03 zh_CN dark handlers")
        << base + QStringList{QStringLiteral("--lang"),  QStringLiteral("zh_CN"),
                              QStringLiteral("--theme"), QStringLiteral("dark"),
                              QStringLiteral("--view"),  QStringLiteral("handlers")}
        << u"2.5"_s << u"1"_s << 0;
    // controller-runtime (issue 36): the Priority queue tab while default/starved starves at
    // -100; at 6 s it has waited half as long.
    QTest::newRow("cr-initial-list-starvation en priorityqueue")
        << QStringList{QStringLiteral("--scenario"), QStringLiteral("cr-initial-list-starvation"),
                       QStringLiteral("--size"), QStringLiteral("1200x800")}
        << u"12"_s << u"6"_s << 0;
}

void tst_ExactShot::sameArgumentsSamePixels()
{
    QFETCH(QStringList, args);
    QFETCH(QString, at);
    QFETCH(QString, earlier);
    QFETCH(int, cropBottom);
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.png"));
    const QString b = dir.filePath(QStringLiteral("b.png"));
    const QString other = dir.filePath(QStringLiteral("other.png"));
    QString why;
    QVERIFY2(render(args, {{at, a}, {at, b}, {earlier, other}}, &why), qPrintable(why));
    const QImage firstWhole(a);
    QVERIFY(!firstWhole.isNull());
    QCOMPARE(firstWhole.size(), QSize(1200, 800));
    const QRect compared(0, 0, 1200, 800 - cropBottom);
    const QImage first = firstWhole.copy(compared), second = QImage(b).copy(compared),
                 earlierShot = QImage(other).copy(compared);
    QVERIFY2(first == second, "two renders of the same arguments differ");
    QVERIFY2(first != earlierShot,
             qPrintable(u"--at %1 and --at %2 gave the same picture"_s.arg(earlier, at)));
}

void tst_ExactShot::headlessJournalIsTheSame()
{
    QString why;
    const QByteArray journal =
        headlessTwice(QStringLiteral("fs03-410-relist"), QStringLiteral("3"), &why);
    QVERIFY2(!journal.isEmpty(), qPrintable(why));
    QVERIFY(journal.contains("\"listCompleted\""));
    QVERIFY(journal.contains("410"));
}

void tst_ExactShot::runtimeJournalIsTheSame_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("at");
    QTest::addColumn<int>("minReconciles");
    // One worker polling three keys while default/starved waits at -100; a resync storm over
    // both handlers with two workers. Every event compared, the controller's own writes and
    // the watch events they cause included (KubeClient::setAnswerGate under --at).
    QTest::newRow("cr-initial-list-starvation") << u"cr-initial-list-starvation"_s << u"12"_s << 10;
    QTest::newRow("cr-resync-storm") << u"cr-resync-storm"_s << u"7"_s << 5;
    // Two controllers writing through one client (compare:).
    QTest::newRow("cr-side-by-side") << u"cr-side-by-side"_s << u"6"_s << 10;
}

void tst_ExactShot::runtimeJournalIsTheSame()
{
    QFETCH(QString, scenario);
    QFETCH(QString, at);
    QFETCH(int, minReconciles);
    QString why;
    const QByteArray journal = headlessTwice(scenario, at, &why);
    QVERIFY2(!journal.isEmpty(), qPrintable(why));
    int reconciles = 0, gets = 0, writes = 0;
    qint64 lastSeq = 0;
    for (const QByteArray &line : journal.split('\n')) {
        if (line.isEmpty())
            continue;
        const QJsonObject e = QJsonDocument::fromJson(line).object();
        const QString kind = e.value(QLatin1String("kind")).toString();
        // Each event keeps its own seq: a detail field once shadowed it in --headless.
        const qint64 seq = e.value(QLatin1String("seq")).toInteger();
        QVERIFY2(seq > lastSeq, line.constData());
        lastSeq = seq;
        // A hand-out: the priority queue's, or the legacy queue's (client-go's Get).
        if (kind == QLatin1String("priorityQueueGet") || kind == QLatin1String("workqueueGet"))
            ++gets;
        if (kind == QLatin1String("apiRequestFinished") &&
            e.value(QLatin1String("component")).toString() == QLatin1String("runtime-sample"))
            ++writes;
        if (kind == QLatin1String("reconcileStarted")) {
            ++reconciles;
            const QString key = e.value(QLatin1String("key")).toString();
            QVERIFY(key != u"default/starved"_s && key != u"pq/starved"_s);
        }
    }
    QVERIFY2(reconciles >= minReconciles, qPrintable(QString::number(reconciles)));
    QVERIFY2(writes > 0, "the controller wrote nothing: the writes' order was not checked");
    QCOMPARE(gets, reconciles);
}

namespace {
/// The journal events (JSON Lines) of `kind`, as objects.
QList<QJsonObject> eventsOfKind(const QByteArray &journal, const QString &kind)
{
    QList<QJsonObject> out;
    for (const QByteArray &line : journal.split('\n')) {
        const QJsonObject e = QJsonDocument::fromJson(line).object();
        if (e.value(QLatin1String("kind")).toString() == kind)
            out << e;
    }
    return out;
}
} // namespace

void tst_ExactShot::bookmarksFollowScenarioTime()
{
    // FS-05's server sends a BOOKMARK every 300 ms. Under --at they follow scenario time (not
    // however long the machine took between steps): one every 300 ms of it, the same each run.
    QString why;
    const QByteArray journal =
        headlessTwice(QStringLiteral("fs05-bookmarks"), QStringLiteral("3"), &why);
    QVERIFY2(!journal.isEmpty(), qPrintable(why));
    QList<qint64> times;
    for (const QJsonObject &e : eventsOfKind(journal, QStringLiteral("bookmark")))
        times << e.value(QLatin1String("t")).toInteger();
    const QList<qint64> every300{300, 600, 900, 1200, 1500, 1800, 2100, 2400, 2700, 3000};
    QCOMPARE(times, every300);
}

void tst_ExactShot::resyncTicksFollowScenarioTime()
{
    // Issue 13 item 5: the resync check is a timer on the informer's Clock. Under --at that is
    // the scenario clock: FS-17's 1 s ticks come at exactly 1000, 2000 and 3000 ms, all due,
    // the same each run (on a real-time timer they came whenever the machine got there).
    QString why;
    const QByteArray journal =
        headlessTwice(QStringLiteral("fs17-resync"), QStringLiteral("3"), &why);
    QVERIFY2(!journal.isEmpty(), qPrintable(why));
    QList<qint64> times;
    for (const QJsonObject &e : eventsOfKind(journal, QStringLiteral("resync"))) {
        times << e.value(QLatin1String("t")).toInteger();
        QVERIFY(e.value(QLatin1String("due")).toBool());
    }
    // Every second up to the stop time, though the scenario's last step is at 2 s: the player
    // stops the clock at each tick's due time instead of jumping over it.
    QCOMPARE(times, (QList<qint64>{1000, 2000, 3000}));
}

void tst_ExactShot::scaleTwoDoublesThePixels()
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("2x.png"));
    QString why;
    QVERIFY2(render({QStringLiteral("--scenario"), QStringLiteral("fs03-410-relist"),
                     QStringLiteral("--size"), QStringLiteral("1200x800"),
                     QStringLiteral("--scale"), QStringLiteral("2")},
                    {{QStringLiteral("1"), png}}, &why),
             qPrintable(why));
    QCOMPARE(QImage(png).size(), QSize(2400, 1600));
}

QTEST_GUILESS_MAIN(tst_ExactShot)
#include "tst_exactshot.moc"
