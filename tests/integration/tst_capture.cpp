// SPDX-License-Identifier: Apache-2.0
// A real `kubectl get pods -A -w -o json --output-watch-events` capture replayed through a real
// Reflector, DeltaFIFO, Indexer and handler (CaptureListerWatcher): the cache ends as the
// capture implies, every event reaches the handler, ERROR events are watch errors, and bad
// captures say where they went wrong while keeping what was read.
#include "api/jsondepth.h"
#include "client/capturelisterwatcher.h"
#include "client/httpcalls.h"
#include "informer/keys.h"
#include "session/session.h"

#include <QFile>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace lens;

namespace {
const QString kFixture = QStringLiteral(FIXTURE_DIR "/kubectl-watch/pods-watch.json");

QByteArray fixtureBytes()
{
    QFile f(kFixture);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

/// key → resourceVersion, as the events imply.
QMap<QString, QString> implied(const QList<WatchEvent> &events)
{
    QMap<QString, QString> m;
    for (const WatchEvent &e : events) {
        const QString key = metaNamespaceKeyFunc(e.object).key;
        if (e.type == WatchEvent::Type::Deleted)
            m.remove(key);
        else if (e.type == WatchEvent::Type::Added || e.type == WatchEvent::Type::Modified)
            m.insert(key, e.object.resourceVersion());
    }
    return m;
}

QMap<QString, QString> cached(const SharedIndexInformer *informer)
{
    QMap<QString, QString> m;
    for (const Object &o : informer->indexer().list())
        m.insert(metaNamespaceKeyFunc(o).key, o.resourceVersion());
    return m;
}

int count(const Journal *j, TraceKind kind)
{
    int n = 0;
    for (const TraceEvent &e : j->events())
        n += e.kind == kind;
    return n;
}

bool captureEnded(const Journal *j)
{
    for (const TraceEvent &e : j->events())
        if (e.component == QLatin1String("capture") && e.type == QLatin1String("ended"))
            return true;
    return false;
}

QByteArray watchEvent(const char *type, const QString &name, const QString &rv)
{
    const QJsonObject o{
        {QLatin1String("type"), QLatin1String(type)},
        {QLatin1String("object"), Object::make(QStringLiteral("default"), name, rv).json()}};
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

/// Plays `path` through a Session at full speed until the capture's end is journaled.
std::unique_ptr<Session> replay(const QString &path)
{
    Session::Options o;
    o.watchCapture = path;
    o.captureEventsPerSecond = 0;
    auto s = std::make_unique<Session>(o);
    QString err;
    if (!s->start(&err)) {
        qWarning("%s", qPrintable(err));
        return nullptr;
    }
    return s;
}
} // namespace

class tst_Capture : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // JSON nested 100 000 deep, in every reader that takes JSON from outside: a capture (once a
    // SIGSEGV past ~70 000 levels), a watch line, a LIST body (a recording's line:
    // tst_journalfile). Each says what is wrong, at every depth, and keeps what came before.
    void nestingIsBoundedEverywhere()
    {
        QCOMPARE(jsonNestingBeyond("[[1]]"), qsizetype(-1));
        QCOMPARE(jsonNestingBeyond("{\"a\":\"[[[[\"}", 0, 1), qsizetype(-1)); // in a string
        QCOMPARE(jsonNestingBeyond("[[[1]]]", 0, 2), qsizetype(2));
        QCOMPARE(jsonNestingBeyond("7 [[[]]]", 0, 2), qsizetype(-1)); // a scalar, then others
        for (const int depth : {1025, 10000, 70000, 100000}) {
            const QByteArray deepArray = QByteArray(depth, '[') + QByteArray(depth, ']');
            QByteArray deepObject;
            for (int i = 0; i < depth; ++i)
                deepObject += "{\"a\":";
            deepObject += "1" + QByteArray(depth, '}');
            // A capture: one good event, then the deep value.
            const QByteArray good = fixtureBytes().left(fixtureBytes().indexOf('\n') + 1);
            const WatchCapture c =
                WatchCapture::parse(good + deepObject + "\n", QStringLiteral("deep.json"));
            QCOMPARE(c.events.size(), 1);
            QVERIFY2(c.warning.contains(QStringLiteral("JSON nested deeper than 1024 levels; kept "
                                                       "the 1 events read before it")),
                     qPrintable(c.warning));
            // A watch line whose object is that deep, over HTTP.
            WatchEvent ev;
            QString why;
            QVERIFY(
                !decodeWatchEvent("{\"type\":\"ADDED\",\"object\":" + deepObject + "}", &ev, &why));
            QVERIFY2(why.contains(QStringLiteral("deeply nested")), qPrintable(why));
            // A LIST body.
            QByteArray body = "{\"kind\":\"PodList\",\"items\":[" + deepArray + "]}";
            const HttpListCall::Parsed p = HttpListCall::parse(body);
            QVERIFY(!p.ok);
            QVERIFY2(p.error.message.contains(QStringLiteral("deeply nested")),
                     qPrintable(p.error.message));
        }
    }

    void readsTheRealCapture()
    {
        WatchCapture c;
        QString err;
        QVERIFY2(WatchCapture::read(kFixture, &c, &err), qPrintable(err));
        QVERIFY2(c.warning.isEmpty(), qPrintable(c.warning));
        QCOMPARE(c.events.size(), 27);
        int added = 0, modified = 0, deleted = 0;
        for (const WatchEvent &e : c.events) {
            added += e.type == WatchEvent::Type::Added;
            modified += e.type == WatchEvent::Type::Modified;
            deleted += e.type == WatchEvent::Type::Deleted;
            QCOMPARE(e.object.kind(), QStringLiteral("Pod"));
        }
        QCOMPARE(added, 14);
        QCOMPARE(modified, 9);
        QCOMPARE(deleted, 4);
    }

    // kubectl pretty-prints each object over many lines: the same events, concatenated.
    void prettyPrintedCaptureReadsTheSame()
    {
        const QList<WatchEvent> compact = WatchCapture::parse(fixtureBytes(), {}).events;
        QByteArray pretty;
        for (const QByteArray &line : fixtureBytes().split('\n'))
            if (!line.isEmpty())
                pretty += QJsonDocument::fromJson(line).toJson(QJsonDocument::Indented);
        const WatchCapture c = WatchCapture::parse(pretty, QStringLiteral("pretty.json"));
        QVERIFY2(c.warning.isEmpty(), qPrintable(c.warning));
        QCOMPARE(c.events.size(), compact.size());
        for (qsizetype i = 0; i < c.events.size(); ++i) {
            QCOMPARE(c.events[i].typeName, compact[i].typeName);
            QCOMPARE(c.events[i].object, compact[i].object);
        }
    }

    void badCaptures_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("kept");
        QTest::addColumn<QString>("warning");
        const QByteArray a = watchEvent("ADDED", QStringLiteral("a"), QStringLiteral("1"));
        const QByteArray b = watchEvent("MODIFIED", QStringLiteral("a"), QStringLiteral("2"));
        // A cut capture names the line its last object starts on, whatever the parser's reason.
        QTest::newRow("CAP-01 truncated last object")
            << a + b.left(40) << 1
            << QStringLiteral("c.json:%1: the last object is truncated (kept the 1 events read "
                              "before it)")
                   .arg(a.count('\n') + 1);
        QTest::newRow("CAP-06 truncated inside a string")
            << a + b.left(b.indexOf("MODIFIED") + 3) << 1
            << QStringLiteral("c.json:%1: the last object is truncated (kept the 1 events read "
                              "before it)")
                   .arg(a.count('\n') + 1);
        QTest::newRow("CAP-07 an informer-lens recording")
            << QByteArray("{\"format\":\"informer-lens-journal\",\"version\":1}\n") + a << 0
            << QStringLiteral("c.json:1:1: not a watch event (the event has no \"type\"); this "
                              "looks like an informer-lens recording: open it with --open");
        QTest::newRow("CAP-02 malformed JSON")
            << a + "{\"type\": ADDED}\n" + b << 1
            << QStringLiteral("c.json:%1:10: malformed JSON").arg(a.count('\n') + 1);
        QTest::newRow("CAP-03 not a watch event")
            << a + b + "{\"kind\": \"Pod\"}\n"
            << 2
            << QStringLiteral("c.json:%1:1: not a watch event")
                   .arg(a.count('\n') + b.count('\n') + 1);
        QTest::newRow("CAP-04 unknown type")
            << a + "{\"type\":\"CHANGED\",\"object\":{}}" << 1
            << QStringLiteral(
                   "c.json:%1:1: not a watch event (unknown watch event type \"CHANGED\")")
                   .arg(a.count('\n') + 1);
        QTest::newRow("CAP-05 clean") << a + b << 2 << QString();
    }

    void badCaptures()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, kept);
        QFETCH(QString, warning);
        const WatchCapture c = WatchCapture::parse(bytes, QStringLiteral("c.json"));
        QCOMPARE(c.events.size(), kept);
        if (warning.isEmpty()) {
            QVERIFY2(c.warning.isEmpty(), qPrintable(c.warning));
        } else {
            QVERIFY2(c.warning.startsWith(warning), qPrintable(c.warning));
            QVERIFY2(c.warning.endsWith(
                         QStringLiteral("; kept the %1 events read before it").arg(kept)) ||
                         c.warning.endsWith(
                             QStringLiteral("(kept the %1 events read before it)").arg(kept)),
                     qPrintable(c.warning));
            QVERIFY2(!c.warning.contains(QLatin1String("truncated")) ||
                         !c.warning.contains(QLatin1String("malformed")),
                     qPrintable(c.warning));
        }
    }

    void unusableCaptures()
    {
        QTemporaryDir dir;
        WatchCapture c;
        QString err;
        QVERIFY(!WatchCapture::read(dir.filePath(QStringLiteral("missing.json")), &c, &err));
        QVERIFY2(err.contains(QStringLiteral("missing.json: cannot open")), qPrintable(err));
        const QString empty = dir.filePath(QStringLiteral("empty.json"));
        QFile f(empty);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"kind\": \"Pod\"}");
        f.close();
        QVERIFY(!WatchCapture::read(empty, &c, &err));
        QVERIFY2(err.startsWith(QStringLiteral("empty.json:1:1: not a watch event")),
                 qPrintable(err));
        Session::Options o;
        o.watchCapture = empty;
        Session s(o);
        QVERIFY(!s.start(&err));
        QVERIFY2(err.startsWith(QStringLiteral("The capture cannot be replayed: empty.json:1:1")),
                 qPrintable(err));
    }

    void replayedThroughTheInformer()
    {
        std::unique_ptr<Session> s = replay(kFixture);
        QVERIFY(s);
        QVERIFY(s->capture());
        QVERIFY2(s->sourceDescription().startsWith(
                     QStringLiteral("kubectl watch capture pods-watch.json (27 events")),
                 qPrintable(s->sourceDescription()));
        QTRY_VERIFY_WITH_TIMEOUT(captureEnded(s->journal()), 20000);
        WatchCapture c;
        QVERIFY(WatchCapture::read(kFixture, &c));
        const QMap<QString, QString> want = implied(c.events);
        QCOMPARE(want.size(), 14 - 4); // 14 pods added, 4 deleted
        QTRY_COMPARE_WITH_TIMEOUT(cached(s->informer()), want, 10000);
        // Every captured event went through the DeltaFIFO to the handler, once.
        QTRY_COMPARE_WITH_TIMEOUT(count(s->journal(), TraceKind::HandlerNotified), 27, 10000);
        QCOMPARE(count(s->journal(), TraceKind::WatchEvent), 27);
        QCOMPARE(count(s->journal(), TraceKind::FifoQueued), 27);
        QVERIFY(count(s->journal(), TraceKind::FifoPopped) > 0);
        QCOMPARE(count(s->journal(), TraceKind::ListCompleted), 1);
        QCOMPARE(s->capture()->delivered(), 27);
        QVERIFY(s->informer()->hasSynced());
    }

    // A number beyond a double (fuzz_capture's finding, fuzz/regressions/fuzz_capture): once an
    // uncaught nlohmann::json::out_of_range ended the program; now the events before it are
    // kept and the warning says where and what.
    void numberBeyondADoubleIsExplained()
    {
        const QByteArray bytes = watchEvent("ADDED", QStringLiteral("a"), QStringLiteral("1")) +
                                 "{\"type\": \"ADDED\", \"object\": {\"spec\": 1e309}}\n";
        const WatchCapture c = WatchCapture::parse(bytes, QStringLiteral("big.json"));
        QCOMPARE(c.events.size(), 1);
        QVERIFY2(c.warning.startsWith(QStringLiteral("big.json:")) &&
                     c.warning.contains(QLatin1String("a value out of range")) &&
                     c.warning.contains(QLatin1String("1e309")) &&
                     c.warning.contains(QLatin1String("kept the 1 events read before it")),
                 qPrintable(c.warning));
        QFile crasher(
            QStringLiteral(LENS_SOURCE_DIR "/fuzz/regressions/fuzz_capture/number-1e309"));
        QVERIFY(crasher.open(QIODevice::ReadOnly));
        const WatchCapture f = WatchCapture::parse(crasher.readAll(), QStringLiteral("crasher"));
        QVERIFY2(f.warning.contains(QLatin1String("out of range")), qPrintable(f.warning));
    }

    // A value whose "format" is not a string: asking whether it is an informer-lens recording
    // threw (nlohmann::json's value() with a default), which ended the program (fuzz_capture).
    void formatThatIsNotAStringIsExplained()
    {
        const WatchCapture c =
            WatchCapture::parse(watchEvent("ADDED", QStringLiteral("a"), QStringLiteral("1")) +
                                    "{\"type\": \"ADDED\", \"format\": {\"kind\": \"Pod\"}}\n",
                                QStringLiteral("odd.json"));
        QCOMPARE(c.events.size(), 1);
        QVERIFY2(c.warning.startsWith(QStringLiteral("odd.json:")) &&
                     c.warning.contains(QLatin1String("not a watch event")) &&
                     !c.warning.contains(QLatin1String("recording")),
                 qPrintable(c.warning));
        QFile crasher(
            QStringLiteral(LENS_SOURCE_DIR "/fuzz/regressions/fuzz_capture/format-not-a-string"));
        QVERIFY(crasher.open(QIODevice::ReadOnly));
        const WatchCapture f = WatchCapture::parse(crasher.readAll(), QStringLiteral("crasher"));
        QVERIFY2(!f.warning.isEmpty(), qPrintable(f.warning));
    }

    // Session::whenInformersIdle (the window's picture of a replay): called back once every
    // delta was popped and every notification taken, however long a loaded machine takes; a
    // paused controller's queue holds nobody up. Once the picture came 300 ms after the
    // capture's end, with 25 of 27 notifications taken.
    void idleMeansEveryEventHandled()
    {
        std::unique_ptr<Session> s = replay(kFixture);
        QVERIFY(s);
        QVERIFY(s->informer()->controller());
        s->informer()->controller()->pause();
        QTRY_VERIFY_WITH_TIMEOUT(captureEnded(s->journal()), 20000);
        QVERIFY(s->informer()->queue()->size() > 0);
        bool idle = false;
        s->whenInformersIdle(this, [&idle] { idle = true; });
        QVERIFY(idle);
        s->informer()->controller()->run();
        QVERIFY(s->informersBusy());
        int notified = -1;
        s->whenInformersIdle(
            this, [&notified, &s] { notified = count(s->journal(), TraceKind::HandlerNotified); });
        QCOMPARE(notified, -1);
        QTRY_COMPARE_WITH_TIMEOUT(notified, 27, 10000);
        QCOMPARE(s->informer()->queue()->size(), 0);
    }

    // An ERROR (410 Expired) in the capture ends that watch as a watch error; the reflector
    // relists — the state the capture implies so far, so nothing is deleted — and watches on.
    // Issue 40: a ConfigMap inside a capture of pods was indexed as one of the pods. The
    // capture's type is its first object's; an object of another type is skipped and journaled,
    // as client-go's watchHandler skips an event of another type than the Reflector's.
    void objectOfAnotherKindIsNotIndexed()
    {
        auto typed = [](const char *type, const char *kind, const char *name, const char *rv) {
            return QByteArray(R"({"type":")") + type + R"(","object":{"kind":")" + kind +
                   R"(","apiVersion":"v1","metadata":{"name":")" + name +
                   R"(","namespace":"default","resourceVersion":")" + rv + "\"}}}\n";
        };
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mixed.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(typed("ADDED", "Pod", "a", "1") + typed("ADDED", "ConfigMap", "intruder", "2") +
                typed("ADDED", "Pod", "b", "3"));
        f.close();
        std::unique_ptr<Session> s = replay(path);
        QVERIFY(s);
        QTRY_VERIFY_WITH_TIMEOUT(captureEnded(s->journal()), 20000);
        const QMap<QString, QString> want{{QStringLiteral("default/a"), QStringLiteral("1")},
                                          {QStringLiteral("default/b"), QStringLiteral("3")}};
        QTRY_COMPARE_WITH_TIMEOUT(cached(s->informer()), want, 10000);
        bool said = false;
        for (const TraceEvent &e : s->journal()->events())
            said = said || e.toJson()
                               .value(QLatin1String("message"))
                               .toString()
                               .contains(QLatin1String("Kind=ConfigMap"));
        QVERIFY2(said, "the skipped ConfigMap is journaled");
    }

    void errorEventIsAWatchError()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("410.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        ApiStatus gone;
        gone.code = 410;
        gone.reason = QStringLiteral("Expired");
        gone.message = QStringLiteral("too old resource version: 1 (3)");
        const QJsonObject error{{QLatin1String("type"), QLatin1String("ERROR")},
                                {QLatin1String("object"), gone.toStatusJson()}};
        f.write(watchEvent("ADDED", QStringLiteral("a"), QStringLiteral("1")) +
                watchEvent("ADDED", QStringLiteral("b"), QStringLiteral("2")) +
                QJsonDocument(error).toJson() +
                watchEvent("MODIFIED", QStringLiteral("a"), QStringLiteral("3")));
        f.close();
        std::unique_ptr<Session> s = replay(path);
        QVERIFY(s);
        QTRY_VERIFY_WITH_TIMEOUT(captureEnded(s->journal()), 20000);
        QMap<QString, QString> want{{QStringLiteral("default/a"), QStringLiteral("3")},
                                    {QStringLiteral("default/b"), QStringLiteral("2")}};
        QTRY_COMPARE_WITH_TIMEOUT(cached(s->informer()), want, 10000);
        int code = 0;
        for (const TraceEvent &e : s->journal()->events())
            if (e.kind == TraceKind::WatchError)
                code = e.detail.value(QLatin1String("code")).toInt();
        QCOMPARE(code, 410);
        QCOMPARE(count(s->journal(), TraceKind::ListCompleted), 2);
        QCOMPARE(count(s->journal(), TraceKind::IndexerDeleted), 0);
    }
};

QTEST_GUILESS_MAIN(tst_Capture)
#include "tst_capture.moc"
