// SPDX-License-Identifier: Apache-2.0
// The journal's JSON Lines (trace/jsonlines.h) are byte for byte what QJsonDocument writes for
// TraceEvent::toJson(): every escape, every number form, key order with detail fields among the
// top-level ones, random strings of any UTF-16, and the events of real scenario runs; and
// JournalPrinter (trace/journalprinter.h) writes each event once, in seq order, and reports a
// failed write instead of hiding it.
#include "session/session.h"
#include "sim/scenario.h"
#include "trace/journal.h"
#include "trace/journalprinter.h"
#include "trace/jsonlines.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTemporaryFile>

#include <QTest>

#include <cmath>
#include <cstdio>
#include <limits>

#include <QSignalSpy>

#include <csignal>
#include <thread>

#include <fcntl.h>
#include <unistd.h>

using namespace lens;
using namespace Qt::StringLiterals;

namespace {

/// What QJsonDocument writes for `v` as an array's element (the brackets cut off).
QByteArray qtValue(const QJsonValue &v)
{
    QByteArray a = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
    return a.mid(1, a.size() - 2);
}

QByteArray ours(const QJsonValue &v)
{
    QByteArray out;
    jsonlines::appendValue(out, v);
    return out;
}

QByteArray qtLine(const TraceEvent &e)
{
    return QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact);
}

QByteArray ourLine(const TraceEvent &e)
{
    QByteArray out("prefix");
    jsonlines::appendEvent(out, e);
    return out.mid(6);
}

QString randomString(QRandomGenerator &rng)
{
    const int n = rng.bounded(0, 24);
    QString s;
    for (int i = 0; i < n; ++i) {
        switch (rng.bounded(6)) {
        case 0: // controls, quotes, backslash
            s.append(QChar(char16_t(rng.bounded(0, 0x23))));
            s.append(u'\\');
            break;
        case 1:
            s.append(QChar(char16_t(rng.bounded(0x20, 0x80))));
            break;
        case 2:
            s.append(QChar(char16_t(rng.bounded(0x80, 0x800))));
            break;
        case 3: // any unit, surrogates included, paired or not
            s.append(QChar(char16_t(rng.bounded(0xd700, 0xe100))));
            break;
        case 4:
            s.append(QChar(char16_t(rng.bounded(0x800, 0x10000))));
            break;
        default:
            s.append(u"\U0001F600"_s);
        }
    }
    return s;
}

} // namespace

class TestJsonLines : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void strings_data();
    void strings();
    void latin1AllBytes();
    void randomStrings();
    void numbers_data();
    void numbers();
    void nested();
    void events_data();
    void events();
    void randomEvents();
    void scenarioRuns_data();
    void scenarioRuns();
    void printerKeepsEveryLineInOrder();
    void printerReportsAFailedWrite();
    void printerCountsWhatAReaderTook();
    void printerWaitsOnANonBlockingReader();
    void printerGivesUpWhenTold();
};

void TestJsonLines::strings_data()
{
    QTest::addColumn<QString>("s");
    QString controls;
    for (char16_t c = 0; c < 0x20; ++c)
        controls.append(QChar(c));
    QTest::newRow("empty") << QString();
    QTest::newRow("controls") << controls;
    QTest::newRow("quote backslash slash del") << u"\"\\/\x7f"_s;
    QTest::newRow("latin1") << u"caf\u00e9 \u00ff"_s;
    QTest::newRow("cjk") << u"\u540c\u6b65\u5b8c\u6210"_s;
    QTest::newRow("pair") << u"a\U0001F600b"_s;
    QTest::newRow("lone high at end") << QString(QChar(char16_t(0xd83d)));
    QTest::newRow("lone high then ascii") << (QString(QChar(char16_t(0xd83d))) + u"x"_s);
    QTest::newRow("lone low") << (u"x"_s + QChar(char16_t(0xde00)) + u"y"_s);
    QTest::newRow("high high low")
        << (QString(QChar(char16_t(0xd83d))) + QChar(char16_t(0xd83d)) + QChar(char16_t(0xde00)));
    QTest::newRow("long") << QString(70000, u'\u00e9');
}

void TestJsonLines::strings()
{
    QFETCH(QString, s);
    QCOMPARE(ours(s), qtValue(s));
}

void TestJsonLines::latin1AllBytes()
{
    QByteArray bytes;
    for (int b = 0; b < 256; ++b)
        bytes.append(char(b));
    QByteArray out;
    jsonlines::appendString(out, QLatin1StringView(bytes));
    QCOMPARE(out, qtValue(QString::fromLatin1(bytes)));
}

void TestJsonLines::randomStrings()
{
    QRandomGenerator rng(20261207);
    for (int i = 0; i < 20000; ++i) {
        const QString s = randomString(rng);
        QCOMPARE(ours(s), qtValue(s));
    }
}

void TestJsonLines::numbers_data()
{
    QTest::addColumn<QJsonValue>("v");
    QTest::newRow("0") << QJsonValue(qint64(0));
    QTest::newRow("-1") << QJsonValue(qint64(-1));
    QTest::newRow("int64 min") << QJsonValue(std::numeric_limits<qint64>::min());
    QTest::newRow("int64 max") << QJsonValue(std::numeric_limits<qint64>::max());
    const double doubles[] = {0.1,   -0.0,     2.0,      1e21,   1e20, 1e-7,  123.456,
                              1e308, 5e-324,   1.5e15,   2.5e-5, 1e16, -3.75, 9007199254740993.0,
                              NAN,   INFINITY, -INFINITY};
    for (const double d : doubles)
        QTest::newRow(qPrintable(QString::number(d, 'g', 17))) << QJsonValue(d);
    QTest::newRow("true") << QJsonValue(true);
    QTest::newRow("null") << QJsonValue(QJsonValue::Null);
}

void TestJsonLines::numbers()
{
    QFETCH(QJsonValue, v);
    QCOMPARE(ours(v), qtValue(v));
    // The same value kept in a detail (its own integer and double encodings).
    TraceEvent e;
    e.detail.insert(QLatin1String("v"), v);
    QCOMPARE(ourLine(e), qtLine(e));
}

void TestJsonLines::nested()
{
    const QJsonValue v = QJsonObject{{u"list"_s, QJsonArray{1, 2.5, u"\n"_s, QJsonValue()}},
                                     {u"status"_s, QJsonObject{{u"code"_s, 410}}}};
    QCOMPARE(ours(v), qtValue(v));
    QCOMPARE(ours(QJsonValue(QJsonValue::Undefined)), QByteArray("null"));
}

void TestJsonLines::events_data()
{
    QTest::addColumn<TraceEvent>("event");
    TraceEvent minimal;
    QTest::newRow("minimal") << minimal;

    TraceEvent full;
    full.seq = 600008;
    full.t = 11518;
    full.kind = TraceKind::FifoQueued;
    full.informer = u"pods"_s;
    full.component = u"deltafifo"_s;
    full.key = u"shop/web-\u00e91"_s;
    full.type = u"Sync"_s;
    full.resourceVersion = u"151033"_s;
    const Object o = Object::make(u"shop"_s, u"web-1"_s, u"12"_s);
    full.deltas = {Delta::of(DeltaType::Added, o), Delta::of(DeltaType::Updated, o),
                   Delta::deletedFinalStateUnknown(u"shop/web-1"_s, Object()),
                   Delta::deletedFinalStateUnknown(u"shop/web-1"_s, o)};
    full.detail.insert(QLatin1String("queueDepth"), 3);
    full.detail.insert(QLatin1String("isInInitialList"), true);
    QTest::newRow("every top-level field") << full;

    // Detail fields before, between and after the top-level ones, and ones named like them.
    TraceEvent mixed = full;
    for (const char *name : {"a", "componentX", "deltas", "e", "informerz", "key", "kinda",
                             "resourceVersion", "s", "seq2", "t", "tz", "type", "zz", "\u00e9"})
        mixed.detail.insert(QString::fromUtf8(name), QString::fromUtf8(name).toUpper());
    QTest::newRow("detail among the top-level fields") << mixed;

    TraceEvent rich;
    rich.kind = TraceKind::MetricsScraped;
    rich.component = u"metrics"_s;
    rich.detail.insert(QLatin1String("figures"),
                       QJsonObject{{u"queues"_s, QJsonArray{QJsonObject{{u"depth"_s, 2}}}}});
    rich.detail.insert(QLatin1String("latencyMs"), 2.5);
    rich.detail.insert(QLatin1String("nan"), std::nan(""));
    rich.detail.insert(QLatin1String("message"), u"line\none\t\"quoted\" \U0001F600"_s);
    rich.detail.insert(QLatin1String("none"), QJsonValue::Null);
    QTest::newRow("nested and odd values") << rich;
}

void TestJsonLines::events()
{
    QFETCH(TraceEvent, event);
    QCOMPARE(ourLine(event), qtLine(event));
}

void TestJsonLines::randomEvents()
{
    QRandomGenerator rng(7);
    const QStringList keys{u"a"_s, u"key"_s, u"type"_s, u"reason"_s, u"zz"_s, u"kind"_s};
    for (int i = 0; i < 3000; ++i) {
        TraceEvent e;
        e.seq = rng.generate64() >> 1;
        e.t = qint64(rng.generate64());
        e.kind = TraceKind(rng.bounded(int(TraceKind::Info) + 1));
        e.component = randomString(rng);
        e.informer = randomString(rng);
        e.key = randomString(rng);
        e.type = randomString(rng);
        e.resourceVersion = randomString(rng);
        if (rng.bounded(2))
            e.deltas = {
                Delta::of(DeltaType(rng.bounded(5)), Object::make({}, u"n"_s, randomString(rng))),
                Delta::deletedFinalStateUnknown(
                    randomString(rng),
                    rng.bounded(2) ? Object() : Object::make({}, u"n"_s, randomString(rng)))};
        for (const QString &k : keys) {
            switch (rng.bounded(5)) {
            case 0:
                e.detail.insert(k, randomString(rng));
                break;
            case 1:
                e.detail.insert(k, qint64(rng.generate64()));
                break;
            case 2:
                e.detail.insert(k, rng.generateDouble() * std::pow(10.0, rng.bounded(-30, 30)));
                break;
            case 3:
                e.detail.insert(k, QString::fromLatin1(QByteArray(3, char(rng.bounded(256)))));
                break;
            default:
                break;
            }
        }
        QCOMPARE(ourLine(e), qtLine(e));
    }
}

void TestJsonLines::scenarioRuns_data()
{
    QTest::addColumn<QString>("scenario");
    // Tombstones, a 410 relist, a WatchList, resync, a provisioner's workqueue and API writes,
    // controller-runtime's priority queue and reconciles: every kind of detail value.
    for (const char *name : {"fs01-delete-while-disconnected", "fs03-410-relist", "fs10-watchlist",
                             "fs17-resync", "controller-provision", "cr-requeue-after-lost"}) {
        QVERIFY(sim::Scenario::shippedNames().contains(QLatin1String(name)));
        QTest::newRow(name) << QString::fromLatin1(name);
    }
}

void TestJsonLines::scenarioRuns()
{
    QFETCH(QString, scenario);
    Session::Options o;
    o.scenario = scenario;
    o.scenarioSpeed = 0;
    o.reproducible = true;
    Session session(o);
    bool finished = false;
    connect(&session, &Session::scenarioFinished, this, [&finished] { finished = true; });
    QString error;
    QVERIFY2(session.start(&error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(finished, 60000);
    int checked = 0;
    for (const TraceEvent &e : session.journal()->events()) {
        QCOMPARE(ourLine(e), qtLine(e));
        ++checked;
    }
    QVERIFY(checked > 10);
}

void TestJsonLines::printerKeepsEveryLineInOrder()
{
    QTemporaryFile file;
    QVERIFY(file.open());
    Journal journal;
    QList<QByteArray> expected;
    {
        // The smallest queue (one batch): the journal's thread waits for room many times.
        JournalPrinter printer(&journal, file.handle(), 1);
        for (int i = 0; i < 40000; ++i) {
            TraceEvent e;
            e.kind = TraceKind::FifoQueued;
            e.component = u"deltafifo"_s;
            e.key = u"ns/pod-%1"_s.arg(i);
            e.detail.insert(QLatin1String("padding"), QString(i % 300, u'\u00e9'));
            journal.record(e);
            if (i % 1000 == 0)
                QCoreApplication::processEvents(); // the end of a turn hands the batch over
        }
        QVERIFY(printer.finish());
        QCOMPARE(printer.linesWritten(), 40000);
        QCOMPARE(printer.linesPrinted(), 40000);
        for (const TraceEvent &e : journal.events())
            expected << qtLine(e);
    }
    QFile back(file.fileName());
    QVERIFY(back.open(QIODevice::ReadOnly));
    QList<QByteArray> lines = back.readAll().split('\n');
    QCOMPARE(lines.takeLast(), QByteArray()); // the last line ends with a newline too
    QCOMPARE(lines.size(), expected.size());
    for (qsizetype i = 0; i < lines.size(); ++i)
        QCOMPARE(lines[i], expected[i]);
}

void TestJsonLines::printerReportsAFailedWrite()
{
    // /dev/full: every write fails with ENOSPC, as on a full disk.
    const int fd = ::open("/dev/full", O_WRONLY);
    QVERIFY(fd >= 0);
    Journal journal;
    {
        JournalPrinter printer(&journal, fd);
        QSignalSpy failed(&printer, &JournalPrinter::writeFailed);
        TraceEvent e;
        e.component = u"informer"_s;
        journal.record(e);
        journal.record(e);
        QVERIFY(!printer.finish());
        QCOMPARE(printer.linesPrinted(), 2);
        QCOMPARE(printer.linesWritten(), 0);
        QVERIFY2(printer.error().contains(u"space"_s, Qt::CaseInsensitive),
                 qPrintable(printer.error()));
        QTRY_COMPARE(failed.count(), 1); // on this thread, once
    }
    ::close(fd);
}

// A reader that takes part of the output and goes away (`| head -c N`): the lines counted as
// written are the whole lines it got, and the failure (EPIPE) is reported.
void TestJsonLines::printerCountsWhatAReaderTook()
{
    int fds[2];
    QVERIFY(::pipe(fds) == 0);
    ::signal(SIGPIPE, SIG_IGN); // as Qt's network stack sets it in the program
    Journal journal;
    JournalPrinter printer(&journal, fds[1]);
    for (int i = 0; i < 2000; ++i) {
        TraceEvent e;
        e.component = u"deltafifo"_s;
        e.key = u"ns/pod-%1"_s.arg(i);
        journal.record(e);
    }
    printer.flush();
    QByteArray got(10000, Qt::Uninitialized); // a few whole lines and part of one
    qsizetype n = 0;
    while (n < got.size()) {
        const ssize_t r = ::read(fds[0], got.data() + n, size_t(got.size() - n));
        QVERIFY(r > 0);
        n += r;
    }
    ::close(fds[0]);
    QVERIFY(!printer.finish());
    QVERIFY2(printer.error().contains(u"pipe"_s, Qt::CaseInsensitive), qPrintable(printer.error()));
    // The whole lines the reader got are counted; the pipe held more it never read.
    QVERIFY(printer.linesWritten() >= got.count('\n'));
    QVERIFY(printer.linesWritten() < 2000);
    ::close(fds[1]);
}

// A non-blocking descriptor whose reader is late: the writer waits for room (poll) instead of
// failing with EAGAIN, and every line arrives.
void TestJsonLines::printerWaitsOnANonBlockingReader()
{
    int fds[2];
    QVERIFY(::pipe(fds) == 0);
    ::fcntl(fds[1], F_SETFL, ::fcntl(fds[1], F_GETFL) | O_NONBLOCK);
    Journal journal;
    QByteArray got;
    {
        JournalPrinter printer(&journal, fds[1]);
        for (int i = 0; i < 5000; ++i) { // about 300 KB: more than the pipe holds
            TraceEvent e;
            e.component = u"deltafifo"_s;
            e.key = u"ns/pod-%1"_s.arg(i);
            e.detail.insert(QLatin1String("padding"), QString(20, u'x'));
            journal.record(e);
        }
        printer.flush();
        std::thread reader([&] {
            char buf[65536];
            for (ssize_t r; (r = ::read(fds[0], buf, sizeof buf)) > 0;)
                got.append(buf, r);
        });
        QVERIFY(printer.finish());
        QCOMPARE(printer.linesWritten(), 5000);
        ::close(fds[1]);
        reader.join();
    }
    ::close(fds[0]);
    QCOMPARE(got.count('\n'), 5000);
}

// A reader that takes nothing and a termination signal: the waits give up (the process can
// stop), finish() says so, and the printer can be destroyed with its writer still blocked.
void TestJsonLines::printerGivesUpWhenTold()
{
    int fds[2];
    QVERIFY(::pipe(fds) == 0);
    ::signal(SIGPIPE, SIG_IGN); // the writer's last write fails when the test closes the pipe
    Journal journal;
    bool stop = false;
    {
        JournalPrinter printer(&journal, fds[1], 1);
        printer.setGiveUpWhen([&stop] { return stop; });
        for (int i = 0; i < 200; ++i) {
            TraceEvent e;
            e.component = u"deltafifo"_s;
            e.detail.insert(QLatin1String("padding"), QString(8000, u'x'));
            journal.record(e);
            if (i == 150)
                stop = true; // the queue (1 MiB) and the pipe were full long before
        }
        QVERIFY(!printer.finish());
        QCOMPARE(printer.linesPrinted(), 200);
        QVERIFY(printer.linesWritten() < 200);
        QVERIFY2(printer.error().contains(u"stopped"_s), qPrintable(printer.error()));
    }                // the writer thread stays blocked in write(2) until the pipe closes
    ::close(fds[0]); // its write fails (EPIPE) and it ends
}

QTEST_GUILESS_MAIN(TestJsonLines)
#include "tst_jsonlines.moc"
