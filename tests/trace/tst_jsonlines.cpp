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
    FILE *out = fdopen(dup(file.handle()), "w");
    QVERIFY(out);
    Journal journal;
    QList<QByteArray> expected;
    {
        // The smallest queue (one batch): the journal's thread waits for room many times.
        JournalPrinter printer(&journal, out, 1);
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
    std::fclose(out);
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
    FILE *out = std::fopen("/dev/full", "w");
    QVERIFY(out);
    Journal journal;
    {
        JournalPrinter printer(&journal, out);
        TraceEvent e;
        e.component = u"informer"_s;
        journal.record(e);
        journal.record(e);
        QVERIFY(!printer.finish());
        QCOMPARE(printer.linesPrinted(), 2);
        QCOMPARE(printer.linesWritten(), 0);
        QVERIFY2(printer.error().contains(u"space"_s, Qt::CaseInsensitive),
                 qPrintable(printer.error()));
    }
    std::fclose(out);
}

QTEST_GUILESS_MAIN(TestJsonLines)
#include "tst_jsonlines.moc"
