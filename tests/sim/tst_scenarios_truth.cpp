// SPDX-License-Identifier: Apache-2.0
// tst_scenarios' checks that a scenario says what its journal shows (issue 35): a caption whose
// waitFor did not happen, FS-07's expiry under --at, the captions of FS-17 and factory-gate
// against their journals, and a scenario's speed with lesson mode off.
#include "lens/lessontrack.h"
#include "lens/waitmiss.h"
#include "scenariocheck.h"
#include "session/lesson.h"
#include "sim/scenarioplayer.h"
#include "trace/tracedetail.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <memory>

using namespace lens;

namespace lens {

namespace {
/// Writes `yaml` as scenario file `name` in `dir`; its path, or "" when it could not be written.
QString writeScenario(const QTemporaryDir &dir, const char *name, const QByteArray &yaml)
{
    const QString path = dir.filePath(QLatin1String(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(yaml) != yaml.size())
        return {};
    return path;
}
} // namespace

void checkACaptionWhoseWaitForTimedOutSaysSo()
{
    // Pop is paused, so the delete of default/victim stays queued: the handler is never told,
    // and the caption that says it was must not be shown. Its line says instead what was
    // expected and what the journal shows (issue 35: the caption claimed a delivery while the
    // pod was still queued and in the Indexer).
    QTemporaryDir dir;
    const QString path = writeScenario(
        dir, "never.yaml",
        "title: t\ndescription: d\ncluster: {pods: 2}\ninformer: {resource: pods}\nsteps:\n"
        "  - at: 0\n    informer: start\n"
        "  - at: 1\n    waitFor: synced\n    create: {template: pod, name: victim}\n"
        "  - at: 2\n    waitFor: {kind: handlerNotified, key: default/victim, type: add}\n"
        "    informer: pause\n"
        "  - at: 2\n    delete: {name: victim}\n"
        "  - at: 3\n    waitFor: {kind: fifoQueued, key: default/victim, type: Deleted}\n"
        "    caption: queued\n"
        "  - at: 4\n    waitFor: {kind: handlerNotified, key: default/victim, type: delete}\n"
        "    timeout: 0.2\n    caption: The handler got the delete.\n"
        "  - at: 4\n    waitFor: {kind: listCompleted, count: 2}\n    timeout: 0.2\n"
        "    compact: {}\n    caption: The relist came.\n");
    QVERIFY(!path.isEmpty());
    Session::Options o;
    o.scenario = path;
    o.scenarioSpeed = 0;
    Session session(o);
    QStringList captions;
    QObject::connect(&session, &Session::captionChanged, &session,
                     [&captions](const QString &text) { captions << text; });
    QSignalSpy finished(&session, &Session::scenarioFinished);
    QString error;
    QVERIFY2(session.start(&error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 20000);
    QCOMPARE(captions.size(), 3);
    QCOMPARE(captions.at(0), QStringLiteral("queued"));
    QCOMPARE(captions.at(1),
             QStringLiteral("Expected: a handlerNotified delete for default/victim \u2014 it did "
                            "not happen within 0.2 s; the journal shows: default/victim still "
                            "queued (Deleted) and in the Indexer."));
    QCOMPARE(captions.at(2),
             QStringLiteral("Expected: 2 \u00D7 listCompleted \u2014 it did not happen within "
                            "0.2 s; the journal shows: 1 \u00D7 listCompleted."));
    // One caption line per step, the missed ones with their facts and the timeout as error;
    // the caption step has no outcome line besides (a lesson's history would show it twice).
    QList<const TraceEvent *> lines;
    int compactLines = 0;
    for (const TraceEvent &e : session.journal()->events()) {
        if (e.component != QLatin1String("scenario"))
            continue;
        QVERIFY2(e.detail.value(QLatin1String("message")).toString() !=
                     QLatin1String("The handler got the delete."),
                 "the caption of a waitFor that did not happen was journaled");
        if (e.type == QLatin1String("caption"))
            lines << &e;
        compactLines += e.type == QLatin1String("compact");
    }
    QCOMPARE(lines.size(), 3);
    QCOMPARE(compactLines, 1);
    const EventDetail &miss = lines.at(1)->detail;
    QCOMPARE(miss.value(QLatin1String("step")).toInt(), 5);
    QVERIFY(miss.value(QLatin1String("missed")).toBool());
    QVERIFY(
        miss.value(QLatin1String("error")).toString().contains(QLatin1String("did not happen")));
    QCOMPARE(miss.value(QLatin1String("queued")).toArray(), QJsonArray{QStringLiteral("Deleted")});
    QVERIFY(miss.value(QLatin1String("inIndexer")).toBool());
    QCOMPARE(miss.value(QLatin1String("aboutKey")).toString(), QStringLiteral("default/victim"));
    QCOMPARE(lines.at(2)->detail.value(QLatin1String("found")).toInt(), 1);
    QCOMPARE(lines.at(2)->detail.value(QLatin1String("step")).toInt(), 6);
    const LessonTrack track = LessonTrack::fold(session.journal());
    QCOMPARE(track.captions.size(), 3);
    QVERIFY(track.captions.at(0).missed.isEmpty());
    QCOMPARE(WaitMiss::sentence(track.captions.at(1).missed), captions.at(1));
    for (const TraceEvent &e : session.journal()->events()) {
        QString why;
        QVERIFY2(tracedetail::check(e, &why), qPrintable(why));
    }
    session.stop();
}

void checkContinueExpiresUnderAt(bool lesson)
{
    // Issue 35: under --at every page arrived at 0 s and no 410 came (the clock moved to the
    // compaction's 1 s only once the list was answered), while the captions told of an expired
    // continue token. Now the journal shows what the captions say.
    Session::Options o;
    o.scenario = QStringLiteral("fs07-continue-expiry");
    o.reproducible = true;
    o.stopAtMs = 4000;
    o.lesson = lesson;
    Session session(o);
    QSignalSpy stopped(&session, &Session::scenarioStopTimeReached);
    QString error;
    QVERIFY2(session.start(&error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(!stopped.isEmpty(), 30000);
    const Trace t{session.journal()->events()};
    QVERIFY2(t.scenarioErrors().isEmpty(), qPrintable(t.scenarioErrors().join(u'\n')));
    // Page 1, the compaction, page 2's 410 on the continue token, the pager's one full list.
    const auto pages = t.find(TraceKind::ListPage);
    const auto expired = t.find(TraceKind::ListFailed, [](const TraceEvent &e) {
        return e.detail.value(QLatin1String("code")).toInt() == 410;
    });
    QCOMPARE(int(expired.size()), 1);
    QCOMPARE(expired.front()->detail.value(QLatin1String("cause")).toString(),
             QStringLiteral("continue expired"));
    QVERIFY(pages.front()->seq < expired.front()->seq);
    QCOMPARE(t.listsWithCause(QStringLiteral("continue expired")), 1);
    const auto full = t.find(TraceKind::ListStarted, [](const TraceEvent &e) {
        return e.detail.value(QLatin1String("cause")).toString() ==
               QLatin1String("continue expired");
    });
    QCOMPARE(full.front()->detail.value(QLatin1String("limit")).toInt(), 0); // unpaged
    const auto done = t.find(TraceKind::ListCompleted);
    QCOMPARE(int(done.size()), 1);
    QCOMPARE(done.front()->detail.value(QLatin1String("items")).toInt(), 6);
    // Each caption after what it tells of: the compaction after page 1, the 410's after it.
    const auto captions = t.find(TraceKind::Info, [](const TraceEvent &e) {
        return e.component == QLatin1String("scenario") && e.type == QLatin1String("caption");
    });
    QCOMPARE(int(captions.size()), 4);
    QVERIFY(captions[1]->seq > pages.front()->seq && captions[1]->seq < expired.front()->seq);
    QVERIFY(captions[2]->seq > full.front()->seq);
    QVERIFY(captions[3]->seq > t.find(TraceKind::Synced).front()->seq);
    for (const TraceEvent *c : captions)
        QVERIFY(!c->detail.contains(QLatin1String("missed")));
    QCOMPARE(session.informer()->indexer().list().size(), 6);
    session.stop();
}

void checkCaptionsTellWhatTheJournalShows()
{
    // Issue 35, each caption's claim checked against the journal of an exact run (--at), where
    // the timers tick on the scenario clock as they do at speed 1.
    auto play = [](const QString &name, qint64 atMs) {
        Session::Options o;
        o.scenario = name;
        o.reproducible = true;
        o.stopAtMs = atMs;
        auto session = std::make_unique<Session>(o);
        QString error;
        if (!session->start(&error))
            qWarning() << error;
        return session;
    };
    const auto fs17 = play(QStringLiteral("fs17-resync"), 3000);
    const auto gate = play(QStringLiteral("factory-gate"), 5000);
    for (Session *s : {fs17.get(), gate.get()}) {
        QSignalSpy stopped(s, &Session::scenarioStopTimeReached);
        QTRY_VERIFY_WITH_TIMEOUT(!stopped.isEmpty() || s->scenarioPlayer()->isFinished(), 30000);
    }
    auto captionOf = [](const Trace &t, int step) -> const TraceEvent * {
        const auto c = t.find(TraceKind::Info, [step](const TraceEvent &e) {
            return e.component == QLatin1String("scenario") && e.type == QLatin1String("caption") &&
                   e.detail.value(QLatin1String("step")).toInt() == step;
        });
        return c.empty() ? nullptr : c.front();
    };
    {
        // FS-17: by 2 s two ticks have replayed the pods (at 1 s and 2 s); the caption spoke of
        // one tick and four notifications. Now it says what each tick does: four per tick.
        const Trace t{fs17->journal()->events()};
        const TraceEvent *caption = captionOf(t, 2);
        QVERIFY(caption);
        const auto ticks = t.find(TraceKind::Resync, [caption](const TraceEvent &e) {
            return e.seq < caption->seq && e.detail.value(QLatin1String("due")).toBool();
        });
        QCOMPARE(int(ticks.size()), 2);
        const QString text = caption->detail.value(QLatin1String("message")).toString();
        QVERIFY2(!text.startsWith(QLatin1String("A resync tick")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("per tick")), qPrintable(text));
        for (size_t i = 0; i < ticks.size(); ++i) {
            const quint64 end = i + 1 < ticks.size() ? ticks[i + 1]->seq : caption->seq;
            const auto syncs = t.find(TraceKind::HandlerNotified, [&](const TraceEvent &e) {
                return e.type == QLatin1String("update (resync)") && e.seq > ticks[i]->seq &&
                       e.seq < end;
            });
            QCOMPARE(int(syncs.size()), 4);
        }
        QCOMPARE(t.count(TraceKind::ListStarted), 1);
        QCOMPARE(t.count(TraceKind::WatchStarted), 1);
    }
    {
        // factory-gate: pods starts with the scenario and syncs at 0 s; at 0.5 s the gate waits
        // on nodes alone, not "for pods and nodes".
        const Trace t{gate->journal()->events()};
        const TraceEvent *caption = captionOf(t, 1);
        QVERIFY(caption);
        const auto started = t.find(TraceKind::CacheSyncStarted);
        QCOMPARE(int(started.size()), 1);
        QCOMPARE(started.front()->detail.value(QLatin1String("waitingFor")).toArray(),
                 QJsonArray{QStringLiteral("nodes")});
        const auto podsSynced = t.find(TraceKind::Synced, [](const TraceEvent &e) {
            return e.informer == QLatin1String("pods");
        });
        QCOMPARE(int(podsSynced.size()), 1);
        QCOMPARE(podsSynced.front()->t, 0);
        QVERIFY(podsSynced.front()->seq < started.front()->seq);
        const QString text = caption->detail.value(QLatin1String("message")).toString();
        QVERIFY2(!text.contains(QLatin1String("pods and nodes")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("only on nodes")) &&
                     text.contains(QLatin1String("pods started at 0 s and has synced")),
                 qPrintable(text));
    }
    fs17->stop();
    gate->stop();
}

void checkWithLessonModeOffThePlayerKeepsItsSpeed()
{
    // Every scenario has a Lesson; off, it must not gate the player: a gate that let each group
    // through "released" it, and the clock jumped to the next step whatever the speed (the
    // window's speed 1 played as fast as possible). At speed 1 the step at 5 s waits.
    QTemporaryDir dir;
    const QString path =
        writeScenario(dir, "slow.yaml",
                      "title: t\ndescription: d\nsteps:\n  - at: 0\n    caption: a\n"
                      "  - at: 5\n    caption: b\n");
    QVERIFY(!path.isEmpty());
    Session::Options o;
    o.scenario = path;
    o.scenarioSpeed = 1;
    Session session(o);
    QStringList captions;
    QObject::connect(&session, &Session::captionChanged, &session,
                     [&captions](const QString &text) { captions << text; });
    QString error;
    QVERIFY2(session.start(&error), qPrintable(error));
    QVERIFY(session.lesson() && !session.lesson()->isEnabled());
    const Clock *clock = session.scenarioPlayer()->clock();
    QTRY_VERIFY(clock->nowMs() > 0); // a tick of the player's real-time pace moved it
    QVERIFY2(clock->nowMs() < 5000, qPrintable(QString::number(clock->nowMs())));
    QCOMPARE(captions, QStringList{QStringLiteral("a")});
    session.stop();
}

} // namespace lens
