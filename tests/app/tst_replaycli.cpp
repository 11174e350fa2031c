// SPDX-License-Identifier: Apache-2.0
// Record and replay from the command line: --record writes what --headless prints, --open
// replays it (--headless prints the same lines, --screenshot renders it), --watch-capture
// replays a kubectl capture, and unusable files are explained.
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class tst_ReplayCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void recordThenOpen();
    void controllerRecordThenOpen();
    void watchCaptureReplays();
    void unusableFilesAreExplained();
    void cutCaptureIsReportedOnStderr();
    void deeplyNestedFilesAreExplained();

private:
    /// Runs informer-lens to the end; returns its exit code (stdout/stderr in the out params).
    static int run(const QStringList &args, QByteArray *out = nullptr, QByteArray *err = nullptr)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(LENS_APP), args);
        if (!p.waitForFinished(60000))
            return -1;
        if (out)
            *out = p.readAllStandardOutput();
        if (err)
            *err = p.readAllStandardError();
        return p.exitCode();
    }
    QTemporaryDir m_dir;
};

void tst_ReplayCli::recordThenOpen()
{
    const QString file = m_dir.filePath(QStringLiteral("fs03.jsonl"));
    QByteArray live, replayed, err;
    QCOMPARE(run({QStringLiteral("--headless"), QStringLiteral("--scenario"),
                  QStringLiteral("fs03-410-relist"), QStringLiteral("--record"), file},
                 &live, &err),
             0);
    QVERIFY(live.count('\n') > 20);
    QCOMPARE(run({QStringLiteral("--headless"), QStringLiteral("--open"), file}, &replayed, &err),
             0);
    QCOMPARE(replayed, live);
    const QString png = m_dir.filePath(QStringLiteral("fs03.png"));
    QCOMPARE(run({QStringLiteral("--open"), file, QStringLiteral("--screenshot"), png,
                  QStringLiteral("--size"), QStringLiteral("1400x900")}),
             0);
    // The offline banner never forces the window wider than asked.
    QCOMPARE(QImage(png).size(), QSize(1400, 900));
}

// --controller provisioner: the recording holds the controller's journal (workqueue, workers,
// API writes) and --open --headless prints it as the live run did.
void tst_ReplayCli::controllerRecordThenOpen()
{
    const QString file = m_dir.filePath(QStringLiteral("controller.jsonl"));
    QByteArray live, replayed, err;
    QCOMPARE(run({QStringLiteral("--headless"), QStringLiteral("--controller"),
                  QStringLiteral("provisioner"), QStringLiteral("--duration"), QStringLiteral("3"),
                  QStringLiteral("--record"), file},
                 &live, &err),
             0);
    for (const char *kind : {"\"kind\":\"workqueueGet\"", "\"kind\":\"controllerSyncFinished\"",
                             "\"kind\":\"apiRequestFinished\""})
        QVERIFY2(live.contains(kind), kind);
    QCOMPARE(run({QStringLiteral("--headless"), QStringLiteral("--open"), file}, &replayed, &err),
             0);
    QCOMPARE(replayed, live);
}

void tst_ReplayCli::watchCaptureReplays()
{
    QByteArray out, err;
    QCOMPARE(run({QStringLiteral("--headless"), QStringLiteral("--watch-capture"),
                  QStringLiteral(FIXTURE_DIR "/kubectl-watch/pods-watch.json"),
                  QStringLiteral("--speed"), QStringLiteral("0")},
                 &out, &err),
             0);
    QVERIFY2(out.contains("capture ended: all 27 events of pods-watch.json replayed"),
             err.constData());
    QCOMPARE(out.count("\"kind\":\"watchEvent\""), 27);

    // The window's picture of a capture comes after its end: handler "logger" was notified of
    // all 27 events, as with --headless (not a pump paused at the at-once sync, 0 listeners).
    const QString png = m_dir.filePath(QStringLiteral("capture.png"));
    const QString rec = m_dir.filePath(QStringLiteral("capture.jsonl"));
    QCOMPARE(
        run({QStringLiteral("--watch-capture"),
             QStringLiteral(FIXTURE_DIR "/kubectl-watch/pods-watch.json"),
             QStringLiteral("--speed"), QStringLiteral("0"), QStringLiteral("--screenshot"), png,
             QStringLiteral("--record"), rec, QStringLiteral("--view"), QStringLiteral("handlers")},
            nullptr, &err),
        0);
    QVERIFY(!QImage(png).isNull());
    QFile f(rec);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray recorded = f.readAll();
    QCOMPARE(recorded.count("\"kind\":\"handlerNotified\""), 27);
    QVERIFY(recorded.contains("\"handler\":\"logger\""));
}

void tst_ReplayCli::unusableFilesAreExplained()
{
    const QString bad = m_dir.filePath(QStringLiteral("bad.jsonl"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"format\":\"informer-lens-journal\",\"version\":9}\n");
    f.close();
    QByteArray err;
    QCOMPARE(run({QStringLiteral("--headless"), QStringLiteral("--open"), bad}, nullptr, &err), 1);
    QVERIFY2(err.contains("bad.jsonl:1: journal format version 9"), err.constData());
    QCOMPARE(run({QStringLiteral("--open"), bad, QStringLiteral("--screenshot"),
                  m_dir.filePath(QStringLiteral("x.png"))},
                 nullptr, &err),
             1);
    QVERIFY2(err.contains("bad.jsonl:1:"), err.constData());
    QCOMPARE(
        run({QStringLiteral("--headless"), QStringLiteral("--watch-capture"), bad}, nullptr, &err),
        1);
    QVERIFY2(err.contains("The capture cannot be replayed: bad.jsonl:1:1: not a watch event"),
             err.constData());
    QCOMPARE(run({QStringLiteral("--open"), bad, QStringLiteral("--scenario"),
                  QStringLiteral("fs03-410-relist")},
                 nullptr, &err),
             2);
    QVERIFY2(err.contains("--open replays a recording"), err.constData());
}

// One JSON value nested 70 000 levels deep once crashed --watch-capture (SIGSEGV, exit 139,
// nothing printed) where 10 000 levels got an error: every depth now gets the same sentence, and
// --open refuses such a line too.
void tst_ReplayCli::deeplyNestedFilesAreExplained()
{
    for (const int depth : {2000, 10000, 70000, 200000}) {
        const QString deep = m_dir.filePath(QStringLiteral("deep-%1.json").arg(depth));
        QFile f(deep);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(depth, '[') + QByteArray(depth, ']') + '\n');
        f.close();
        QByteArray err;
        QCOMPARE(run({QStringLiteral("--headless"), QStringLiteral("--speed"), QStringLiteral("0"),
                      QStringLiteral("--watch-capture"), deep},
                     nullptr, &err),
                 1);
        QVERIFY2(err.contains("The capture cannot be replayed: deep-" + QByteArray::number(depth) +
                              ".json:1:1025: JSON nested deeper than 1024 levels"),
                 err.constData());
        QCOMPARE(run({QStringLiteral("--headless"), QStringLiteral("--open"), deep}, nullptr, &err),
                 1);
        QVERIFY2(err.contains("deep-" + QByteArray::number(depth) + ".json:1:"), err.constData());
    }
}

void tst_ReplayCli::cutCaptureIsReportedOnStderr()
{
    // The real capture minus its last 700 bytes: the cut is inside its 27th (last) object.
    QFile in(QStringLiteral(FIXTURE_DIR "/kubectl-watch/pods-watch.json"));
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QByteArray whole = in.readAll();
    const QString cut = m_dir.filePath(QStringLiteral("cut.json"));
    QFile f(cut);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(whole.left(whole.size() - 700));
    f.close();
    QByteArray out, err;
    QCOMPARE(run({QStringLiteral("--headless"), QStringLiteral("--watch-capture"), cut,
                  QStringLiteral("--speed"), QStringLiteral("0")},
                 &out, &err),
             0);
    const QByteArray said = "cut.json:27: the last object is truncated (kept the 26 events read "
                            "before it)";
    QVERIFY2(err.contains(said) && !err.contains("malformed"), err.constData());
    QVERIFY2(out.contains(said), out.constData());
    QCOMPARE(out.count("\"kind\":\"watchEvent\""), 26);

    // A recording is not a capture: the message points at --open.
    const QString rec = m_dir.filePath(QStringLiteral("rec.jsonl"));
    QCOMPARE(run({QStringLiteral("--headless"), QStringLiteral("--scenario"),
                  QStringLiteral("fs03-410-relist"), QStringLiteral("--record"), rec},
                 &out, &err),
             0);
    QCOMPARE(
        run({QStringLiteral("--headless"), QStringLiteral("--watch-capture"), rec}, nullptr, &err),
        1);
    QVERIFY2(err.contains("rec.jsonl:1:1: not a watch event") &&
                 err.contains("this looks like an informer-lens recording: open it with --open"),
             err.constData());
}

QTEST_GUILESS_MAIN(tst_ReplayCli)
#include "tst_replaycli.moc"
