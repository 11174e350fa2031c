// SPDX-License-Identifier: Apache-2.0
// Journal files (record and replay, issue 5 item 8): save → read gives the same events, Secret
// data never reaches the file in clear, and bad files fail with FILE:LINE errors that keep what
// was read before the bad line.
#include "lens/journalfile.h"
#include "lens/masking.h"
#include "lens/objecttreemodel.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace lens;

namespace {
const QString kPassword = QStringLiteral("hunter2-topsecret");

Object secret()
{
    return Object::fromJson(QJsonObject{
        {QLatin1String("apiVersion"), QStringLiteral("v1")},
        {QLatin1String("kind"), QStringLiteral("Secret")},
        {QLatin1String("metadata"),
         QJsonObject{{QLatin1String("name"), QStringLiteral("db")},
                     {QLatin1String("namespace"), QStringLiteral("shop")},
                     {QLatin1String("resourceVersion"), QStringLiteral("7")}}},
        {QLatin1String("data"), QJsonObject{{QLatin1String("password"),
                                             QString::fromLatin1(kPassword.toUtf8().toBase64())}}},
        {QLatin1String("stringData"), QJsonObject{{QLatin1String("token"), kPassword}}}});
}

TraceEvent ev(TraceKind kind, const QString &component, const QString &key = {})
{
    TraceEvent e;
    e.kind = kind;
    e.component = component;
    e.key = key;
    return e;
}

/// A small journal touching every field a file has to carry: the informer's events name it
/// ("pods", recorded through its handle), the last one is of no informer.
void fill(Journal &root, ManualClock &clock)
{
    Journal j(&root, QStringLiteral("pods"));
    const Object a1 = Object::make(QStringLiteral("ns"), QStringLiteral("a"), QStringLiteral("11"));
    const Object a2 = Object::make(QStringLiteral("ns"), QStringLiteral("a"), QStringLiteral("12"));
    TraceEvent list = ev(TraceKind::ListCompleted, QStringLiteral("reflector"));
    list.resourceVersion = QStringLiteral("10");
    list.detail.insert(QLatin1String("items"), 0);
    j.record(list);
    clock.advance(40);
    TraceEvent w = ev(TraceKind::WatchEvent, QStringLiteral("reflector"), QStringLiteral("ns/a"));
    w.type = QStringLiteral("ADDED");
    w.resourceVersion = QStringLiteral("11");
    w.object = a1;
    j.record(w);
    TraceEvent q = ev(TraceKind::FifoQueued, QStringLiteral("deltafifo"), QStringLiteral("ns/a"));
    q.type = QStringLiteral("Updated");
    q.object = a2;
    q.deltas = {Delta::of(DeltaType::Added, a1), Delta::of(DeltaType::Updated, a2)};
    q.detail.insert(QLatin1String("queueDepth"), 1);
    j.record(q);
    clock.advance(7);
    TraceEvent tomb =
        ev(TraceKind::FifoQueued, QStringLiteral("deltafifo"), QStringLiteral("ns/b"));
    tomb.deltas = {Delta::deletedFinalStateUnknown(QStringLiteral("ns/b"), Object())};
    j.record(tomb);
    TraceEvent s =
        ev(TraceKind::IndexerAdded, QStringLiteral("indexer"), QStringLiteral("shop/db"));
    s.object = secret();
    j.record(s);
    TraceEvent info = ev(TraceKind::Info, QStringLiteral("informer"));
    info.detail.insert(QLatin1String("message"), QStringLiteral("héllo \"quoted\"\nline"));
    info.detail.insert(QLatin1String("level"), QStringLiteral("warning"));
    j.record(info);
    TraceEvent caption = ev(TraceKind::Info, QStringLiteral("scenario"));
    caption.type = QStringLiteral("caption");
    caption.detail.insert(QLatin1String("message"), QStringLiteral("look"));
    root.record(caption);
}

QByteArray lineOf(const TraceEvent &e)
{
    return QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact);
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}
} // namespace

class tst_JournalFile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTrip()
    {
        QTemporaryDir dir;
        ManualClock clock;
        Journal j(&clock);
        fill(j, clock);
        const QString path = dir.filePath(QStringLiteral("run.jsonl"));
        JournalFileHeader h;
        h.source = QStringLiteral("pods (all namespaces) at test");
        h.clockOrigin =
            QDateTime::fromString(QStringLiteral("2026-11-29T13:00:00.250Z"), Qt::ISODateWithMs);
        QString error;
        QVERIFY2(JournalFileWriter::save(j, path, h, &error), qPrintable(error));

        JournalFileContents c;
        QVERIFY2(JournalFile::read(path, &c, &error), qPrintable(error));
        QVERIFY2(c.warning.isEmpty(), qPrintable(c.warning));
        QCOMPARE(c.header.source, h.source);
        QCOMPARE(c.header.clockOrigin, h.clockOrigin);
        QCOMPARE(c.header.capacity, j.capacity());
        QCOMPARE(c.events.size(), j.events().size());
        QCOMPARE(c.events.front().informer, QStringLiteral("pods"));
        QVERIFY(lineOf(c.events.front()).contains("\"informer\":\"pods\""));
        QCOMPARE(c.events.back().informer, QString());
        for (size_t i = 0; i < c.events.size(); ++i) {
            const TraceEvent &a = j.events()[i];
            const TraceEvent &b = c.events[i];
            QCOMPARE(b.seq, a.seq);
            QCOMPARE(b.t, a.t);
            QCOMPARE(b.kind, a.kind);
            // Same --headless line: key, type, RV, deltas (with tombstones) and detail.
            QCOMPARE(lineOf(b), lineOf(a));
            QCOMPARE(b.object.isNull(), a.object.isNull());
            if (a.object.kind() != QLatin1String("Secret"))
                QCOMPARE(b.object.toJson(), a.object.toJson());
            QCOMPARE(b.deltas.size(), a.deltas.size());
            for (qsizetype d = 0; d < a.deltas.size(); ++d) {
                QCOMPARE(b.deltas[d].object.toJson(), a.deltas[d].object.toJson());
                QCOMPARE(b.deltas[d].tombstone, a.deltas[d].tombstone);
            }
        }
        // One object, one instance: ns/a@11 is the watch event's and the first delta's object.
        QVERIFY(c.events[1].object.sameInstance(c.events[2].deltas[0].object));
    }

    // The file is the --headless line plus one trailing "replay" field.
    void headlessLineIsAPrefix()
    {
        ManualClock clock;
        Journal j(&clock);
        fill(j, clock);
        JournalFileWriter w;
        for (const TraceEvent &e : j.events()) {
            QByteArray head = lineOf(e);
            head.chop(1);
            QVERIFY(w.eventLine(e).startsWith(head));
        }
    }

    void secretDataIsNeverWrittenInClear()
    {
        QTemporaryDir dir;
        ManualClock clock;
        Journal j(&clock);
        fill(j, clock);
        const QString path = dir.filePath(QStringLiteral("secret.jsonl"));
        QVERIFY(JournalFileWriter::save(j, path, {}));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(!bytes.contains(kPassword.toUtf8()));
        QVERIFY(!bytes.contains(kPassword.toUtf8().toBase64()));
        QVERIFY(bytes.contains("\"masked\":true"));
        JournalFileContents c;
        QVERIFY(JournalFile::read(path, &c));
        const Object s = c.events[4].object;
        QCOMPARE(s.kind(), QStringLiteral("Secret"));
        QVERIFY(s.json()
                    .value(QLatin1String("data"))
                    .toObject()
                    .value(QLatin1String("password"))
                    .toString()
                    .contains(QStringLiteral("17 bytes")));
        // Opened (--open), the inspector and a diff show the counts the recording kept: the
        // 17 bytes of the password, not the length of the mask's own characters.
        ObjectTreeModel tree;
        tree.setObject(QStringLiteral("shop/db"), s);
        const QString masked17 = QStringLiteral("\u2022\u2022\u2022\u2022\u2022 (17 bytes)");
        QCOMPARE(tree.indexOfPath(QStringLiteral("data.password")).siblingAtColumn(1).data(),
                 QVariant(masked17));
        QCOMPARE(tree.indexOfPath(QStringLiteral("stringData.token")).siblingAtColumn(1).data(),
                 QVariant(masked17));
        QCOMPARE(maskSensitive(s.json()), s.json());
        // Strict base64: a data value that is not base64 counts its own UTF-8 bytes.
        QCOMPARE(maskedValueText(QStringLiteral("not base64!"), true),
                 QStringLiteral("\u2022\u2022\u2022\u2022\u2022 (11 bytes)"));
    }

    // A line nested 100 000 deep (fuzzing's pathological input): refused with FILE:LINE, at
    // the header and after good events alike.
    void deeplyNestedLineIsRefused()
    {
        QTemporaryDir dir;
        ManualClock clock;
        Journal j(&clock);
        fill(j, clock);
        const QString good = dir.filePath(QStringLiteral("good.jsonl"));
        QVERIFY(JournalFileWriter::save(j, good, {}));
        QFile in(good);
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray lines = in.readAll();
        const QByteArray deep = QByteArray(100000, '[') + QByteArray(100000, ']') + "\n";
        const QString first = dir.filePath(QStringLiteral("first.jsonl"));
        writeFile(first, deep);
        JournalFileContents c;
        QString error;
        QVERIFY(!JournalFile::read(first, &c, &error));
        QVERIFY2(error.contains(QStringLiteral("first.jsonl:1:")), qPrintable(error));
        const QString later = dir.filePath(QStringLiteral("later.jsonl"));
        writeFile(later, lines + deep);
        QVERIFY(JournalFile::read(later, &c, &error));
        QCOMPARE(c.events.size(), size_t(j.events().size()));
        QVERIFY2(c.warning.contains(QStringLiteral("later.jsonl:%1:").arg(lines.count('\n') + 1)),
                 qPrintable(c.warning));
    }

    void recordedJournalRestoresSeqTimeAndClock()
    {
        QTemporaryDir dir;
        ManualClock clock;
        Journal j(&clock);
        j.setCapacity(4);
        fill(j, clock);
        const QString path = dir.filePath(QStringLiteral("capped.jsonl"));
        QVERIFY(JournalFileWriter::save(j, path, {}));
        QString error;
        auto r = RecordedJournal::load(path, &error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->journal()->lastSeq(), j.lastSeq());
        QCOMPARE(r->journal()->droppedCount(), quint64(3));
        QCOMPARE(r->journal()->events().front().seq, quint64(4));
        QCOMPARE(r->journal()->clock()->nowMs(), qint64(47));
        // Nothing records into a recording: the next record() would follow the last seq.
        QCOMPARE(r->journal()->record(TraceEvent{}), j.lastSeq() + 1);
    }

    void maxEventsKeepsTheNewest()
    {
        QTemporaryDir dir;
        ManualClock clock;
        Journal j(&clock);
        fill(j, clock);
        const QString path = dir.filePath(QStringLiteral("all.jsonl"));
        QVERIFY(JournalFileWriter::save(j, path, {}));
        JournalFileContents c;
        QVERIFY(JournalFile::read(path, &c, nullptr, 2));
        QCOMPARE(c.events.size(), size_t(2));
        QCOMPARE(c.events.front().seq, quint64(6));
        QCOMPARE(c.header.dropped, quint64(5));
    }

    // A recording made before events named their informer still opens: there was one
    // informer, named by the resource the header's source begins with, and its parts' events
    // get that name; the others (a scenario caption, the factory) stay unnamed.
    void olderRecordingGetsItsOneInformerName()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("old.jsonl"));
        writeFile(path, "{\"format\":\"informer-lens-journal\",\"version\":1,\"app\":\"0.1\","
                        "\"source\":\"configmaps (all namespaces) at http://127.0.0.1:1 \u2014 "
                        "built-in simulated cluster\",\"capacity\":100000,\"dropped\":0,"
                        "\"clockOrigin\":\"2026-11-29T13:00:00.000Z\",\"masked\":true}\n"
                        "{\"seq\":1,\"t\":0,\"kind\":\"info\",\"component\":\"scenario\"}\n"
                        "{\"seq\":2,\"t\":1,\"kind\":\"listStarted\",\"component\":\"reflector\"}\n"
                        "{\"seq\":3,\"t\":2,\"kind\":\"fifoQueued\",\"component\":\"realfifo\","
                        "\"key\":\"ns/a\"}\n"
                        "{\"seq\":4,\"t\":3,\"kind\":\"synced\",\"component\":\"informer\"}\n");
        JournalFileContents c;
        QString error;
        QVERIFY2(JournalFile::read(path, &c, &error), qPrintable(error));
        QVERIFY2(c.warning.isEmpty(), qPrintable(c.warning));
        QCOMPARE(c.header.informers, QStringList{QStringLiteral("configmaps")});
        QCOMPARE(c.events.size(), size_t(4));
        QCOMPARE(c.events[0].informer, QString());
        QCOMPARE(c.events[1].informer, QStringLiteral("configmaps"));
        QCOMPARE(c.events[2].informer, QStringLiteral("configmaps"));
        QCOMPARE(c.events[3].informer, QStringLiteral("configmaps"));
        auto r = RecordedJournal::load(path, &error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->journal()->events().back().informer, QStringLiteral("configmaps"));
    }

    // A new recording names its informers in the header, and a header naming them means the
    // events are taken as they are (an unnamed event stays unnamed).
    void headerNamesTheInformers()
    {
        QTemporaryDir dir;
        ManualClock clock;
        Journal j(&clock);
        Journal nodes(&j, QStringLiteral("nodes"));
        nodes.record(ev(TraceKind::Synced, QStringLiteral("informer")));
        j.record(ev(TraceKind::Synced, QStringLiteral("informer")));
        const QString path = dir.filePath(QStringLiteral("two.jsonl"));
        QVERIFY(
            JournalFileWriter::save(j, path,
                                    headerFor(j, QStringLiteral("pods at x"),
                                              {QStringLiteral("pods"), QStringLiteral("nodes")})));
        JournalFileContents c;
        QVERIFY(JournalFile::read(path, &c));
        QCOMPARE(c.header.informers,
                 (QStringList{QStringLiteral("pods"), QStringLiteral("nodes")}));
        QCOMPARE(c.events[0].informer, QStringLiteral("nodes"));
        QCOMPARE(c.events[1].informer, QString());
    }

    void badFiles_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("usable");
        QTest::addColumn<int>("kept");
        QTest::addColumn<QString>("message");
        const QByteArray header =
            "{\"format\":\"informer-lens-journal\",\"version\":1,\"app\":\"0.1\",\"source\":\"s\"}"
            "\n";
        const QByteArray e1 = "{\"seq\":1,\"t\":0,\"kind\":\"info\",\"component\":\"informer\"}"
                              "\n";
        const QByteArray e2 = "{\"seq\":2,\"t\":5,\"kind\":\"info\",\"component\":\"informer\"}"
                              "\n";
        QTest::newRow("RR-01 empty file")
            << QByteArray() << false << 0
            << QStringLiteral("bad.jsonl:1: not an informer-lens journal");
        QTest::newRow("RR-02 not a journal")
            << QByteArray("{\"seq\":1,\"kind\":\"info\"}"
                          "\n")
            << false << 0 << QStringLiteral("bad.jsonl:1: not an informer-lens journal");
        QTest::newRow("RR-03 newer version")
            << QByteArray("{\"format\":\"informer-lens-journal\",\"version\":7}"
                          "\n")
            << false << 0 << QStringLiteral("bad.jsonl:1: journal format version 7");
        QTest::newRow("RR-04 malformed JSON mid-file")
            << header + e1 + "{\"seq\":2,\n" + e2 << true << 1
            << QStringLiteral("bad.jsonl:3: malformed JSON");
        QTest::newRow("RR-05 truncated last line")
            << header + e1 + e2 + "{\"seq\":3,\"t\":9,\"ki" << true << 2
            << QStringLiteral("bad.jsonl:4: the last line is truncated");
        QTest::newRow("RR-06 unknown kind")
            << header + e1 +
                   "{\"seq\":2,\"t\":5,\"kind\":\"frobbed\",\"component\":\"x\"}"
                   "\n"
            << true << 1 << QStringLiteral("bad.jsonl:3: unknown event kind \"frobbed\"");
        QTest::newRow("RR-07 undefined object")
            << header + "{\"seq\":1,\"t\":0,\"kind\":\"indexerAdded\",\"component\":\"indexer\","
                        "\"replay\":{\"object\":4}}"
                        "\n"
            << true << 0 << QStringLiteral("bad.jsonl:2: object 4 is used before it is defined");
        QTest::newRow("RR-08 seq goes backwards")
            << header + e2 + e1 << true << 1
            << QStringLiteral("bad.jsonl:3: seq 1 does not follow seq 2");
        QTest::newRow("RR-09 clean file") << header + e1 + e2 << true << 2 << QString();
    }

    void badFiles()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, usable);
        QFETCH(int, kept);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.jsonl"));
        writeFile(path, bytes);
        JournalFileContents c;
        QString error;
        QCOMPARE(JournalFile::read(path, &c, &error), usable);
        QCOMPARE(int(c.events.size()), kept);
        const QString said = usable ? c.warning : error;
        if (message.isEmpty()) {
            QVERIFY2(said.isEmpty(), qPrintable(said));
        } else {
            QVERIFY2(said.startsWith(message), qPrintable(said));
            if (usable)
                QVERIFY2(
                    said.endsWith(QStringLiteral("kept the %1 events read before it").arg(kept)),
                    qPrintable(said));
        }
    }

    // The hostile round: `--open FIFO` blocked in open() and ignored the first signal;
    // `--open /dev/zero` read 64 MiB before it said anything.
    void endlessFilesAreRefusedUnread()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("run.jsonl"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        for (const QString &path : {fifo, QStringLiteral("/dev/zero")}) {
            JournalFileContents c;
            QString error;
            QVERIFY(!JournalFile::read(path, &c, &error));
            QVERIFY2(error == path + QStringLiteral(": not a regular file (a device, a FIFO or a "
                                                    "socket), so it is not read: it may never end"),
                     qPrintable(error));
        }
    }

    void missingFile()
    {
        JournalFileContents c;
        QString error;
        QVERIFY(!JournalFile::read(QStringLiteral("/nonexistent/run.jsonl"), &c, &error));
        QVERIFY2(error.startsWith(QStringLiteral("/nonexistent/run.jsonl: cannot open:")),
                 qPrintable(error));
        QVERIFY(!RecordedJournal::load(QStringLiteral("/nonexistent/run.jsonl"), &error));
    }

    void unwritablePath()
    {
        Journal j;
        QString error;
        QVERIFY(
            !JournalFileWriter::save(j, QStringLiteral("/nonexistent/dir/run.jsonl"), {}, &error));
        QVERIFY2(error.contains(QStringLiteral("cannot write")), qPrintable(error));
    }

    // Hostile round 3: --record to a FIFO no one read blocked in open() for ever; --duration
    // and the first signal waited behind it.
    void aFifoIsNoRecording()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("fifo"));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        Journal j;
        QString error;
        QVERIFY(!JournalFileWriter::save(j, fifo, {}, &error));
        QVERIFY2(error.contains(QStringLiteral("cannot write: it is not a regular file")),
                 qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(tst_JournalFile)
#include "tst_journalfile.moc"
