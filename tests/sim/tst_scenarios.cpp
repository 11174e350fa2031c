// SPDX-License-Identifier: Apache-2.0
// Scenarios: the YAML format's errors (with line numbers) and, for every shipped scenario, the
// informer's outcome when the Session plays it as fast as possible.
#include "informer/sharedinformer.h"
#include "pendingevents.h"
#include "scenariocheck.h"
#include "session/session.h"
#include "sim/apiserver.h"
#include "sim/scenario.h"
#include "sim/scenarioplayer.h"
#include "sim/simulator.h"
#include "sim/store.h"
#include "trace/tracedetail.h"

#include <QJsonArray>
#include <QTcpSocket>
#include <QtTest>

#include <algorithm>
#include <functional>
#include <map>
#include <memory>

using namespace lens;

class TestScenarios : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void parseErrors_data();
    void parseErrors();
    void shippedScenariosParse();
    void severalInformersParse();
    void controllerParses();
    void translatedCaptions();
    void play_data();
    void play();
    void pauseHoldsTheClock();
    void whenSkipsAStepWhoseConditionDidNotHold();
    void aCaptionWhoseWaitForTimedOutSaysSo() { checkACaptionWhoseWaitForTimedOutSaysSo(); }
    void continueExpiresUnderAt_data()
    {
        QTest::addColumn<bool>("lesson");
        QTest::newRow("--at 4") << false;
        QTest::newRow("--lesson --at 4") << true;
    }
    void continueExpiresUnderAt()
    {
        QFETCH(bool, lesson);
        checkContinueExpiresUnderAt(lesson);
    }
    void captionsTellWhatTheJournalShows() { checkCaptionsTellWhatTheJournalShows(); }
    void withLessonModeOffThePlayerKeepsItsSpeed()
    {
        checkWithLessonModeOffThePlayerKeepsItsSpeed();
    }
    void controllerBurstStandsAtItsStopTime() { checkBurstStandsAtItsStopTime(); }
    void threadinessReplacesTheScenarios_data()
    {
        QTest::addColumn<int>("threadiness");
        QTest::newRow("1 worker") << 1;
        QTest::newRow("4 workers") << 4;
    }
    void threadinessReplacesTheScenarios()
    {
        QFETCH(int, threadiness);
        checkThreadinessReplacesTheScenarios(threadiness);
    }

private:
    /// One Session per shipped scenario, all started in initTestCase() so that they play at
    /// the same time (their waits on real-time timers overlap); play() checks each.
    struct Run {
        std::unique_ptr<Session> session;
        bool finished = false;
        QStringList captions;
        QString startError;
    };
    std::map<QString, Run> m_runs;
};

void TestScenarios::initTestCase()
{
    for (const QString &name : sim::Scenario::shippedNames()) {
        Run &run = m_runs[name];
        Session::Options o;
        o.scenario = name;
        o.scenarioSpeed = 0; // as fast as the steps' conditions allow
        // The controller's scenarios wait for the workqueue's retries (up to 60 s): they play
        // on their own clock, as --at does, up to one second past their last step.
        sim::Scenario sc;
        QString error;
        const bool exact = sim::Scenario::load(name, &sc, &error) && !sc.controller.isEmpty();
        if (exact) {
            o.reproducible = true;
            o.stopAtMs = sc.durationMs() + 1000;
        }
        run.session = std::make_unique<Session>(o);
        if (exact)
            connect(run.session.get(), &Session::scenarioStopTimeReached, this,
                    [&run] { run.finished = true; });
        else
            connect(run.session.get(), &Session::scenarioFinished, this,
                    [&run] { run.finished = true; });
        connect(run.session.get(), &Session::captionChanged, this,
                [&run](const QString &text) { run.captions << text; });
        if (!run.session->start(&run.startError))
            run.finished = true;
    }
}

void TestScenarios::parseErrors_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<QString>("expected");
    QTest::newRow("yaml syntax") << QByteArray("title: t\nsteps: [\n  {at: 1\n")
                                 << QStringLiteral("x.yaml:4:");
    QTest::newRow("unknown top-level key")
        << QByteArray("title: t\nbogus: 1\nsteps:\n  - caption: a\n")
        << QStringLiteral("x.yaml:2:1: unknown key \"bogus\"");
    QTest::newRow("unknown fault") << QByteArray("steps:\n  - at: 1\n    fault: explode\n")
                                   << QStringLiteral("x.yaml:3:12: unknown fault \"explode\"");
    QTest::newRow("time goes back")
        << QByteArray("steps:\n  - at: 2\n    caption: a\n  - at: 1\n    caption: b\n")
        << QStringLiteral("x.yaml:4:9: at goes back in time");
    QTest::newRow("step without action") << QByteArray("steps:\n  - at: 1\n")
                                         << QStringLiteral("x.yaml:2:5: the step has no action");
    QTest::newRow("two actions") << QByteArray(
                                        "steps:\n  - at: 1\n    compact: {}\n    fault: garbage\n")
                                 << QStringLiteral("x.yaml:4:5: one action per step");
    QTest::newRow("bad waitFor") << QByteArray("steps:\n  - waitFor: never\n    caption: x\n")
                                 << QStringLiteral("x.yaml:2:14: waitFor takes");
    QTest::newRow("create without template")
        << QByteArray("steps:\n  - create: {name: a}\n")
        << QStringLiteral("x.yaml:2:13: create needs a template");
    QTest::newRow("unknown create option")
        << QByteArray("steps:\n  - create:\n      template: pod\n      colour: red\n")
        << QStringLiteral("x.yaml:4:7: unknown option \"colour\" in create");
    QTest::newRow("bad number") << QByteArray("cluster:\n  pods: many\nsteps:\n  - caption: a\n")
                                << QStringLiteral("x.yaml:2:9: pods needs a number");
    QTest::newRow("unknown informer action")
        << QByteArray("steps:\n  - informer: fly\n")
        << QStringLiteral("x.yaml:2:15: unknown informer \"fly\"");
    QTest::newRow("caption in a malformed language")
        << QByteArray("steps:\n  - caption: a\n    caption_chinese: b\n")
        << QStringLiteral("x.yaml:3:5: unknown step key \"caption_chinese\"");
    QTest::newRow("unknown controller")
        << QByteArray("controller: {name: replicaset}\nsteps:\n  - caption: a\n")
        << QStringLiteral("x.yaml:1:20: unknown controller \"replicaset\"");
    QTest::newRow("threadiness out of range")
        << QByteArray("controller: {name: provisioner, threadiness: 0}\nsteps:\n  - caption: a\n")
        << QStringLiteral("x.yaml:1:46: threadiness needs a whole number");
    QTest::newRow("unknown provisioner setting")
        << QByteArray("steps:\n  - provisioner: {failEverything: true}\n")
        << QStringLiteral("x.yaml:2:19: unknown option \"failEverything\" in provisioner");
    QTest::newRow("claim options on a pod")
        << QByteArray("steps:\n  - create: {template: pod, size: 1Gi}\n")
        << QStringLiteral("x.yaml:2:13: size and storageClass go with template: claim");
    QTest::newRow("create count over the limit (once 24 GB, then OOM-killed)")
        << QByteArray("title: t\nsteps:\n  - create: {template: pod, count: 1000000}\n")
        << QStringLiteral("x.yaml:3:36: step 1 (create, line 3): count 1000000 is over the "
                          "limit of 10000 objects per step");
    QTest::newRow("update count over the limit")
        << QByteArray("steps:\n  - caption: a\n  - update: {resource: pods, name: a, count: "
                      "20000}\n")
        << QStringLiteral("x.yaml:3:46: step 2 (update, line 3): count 20000 is over the limit "
                          "of 10000 objects per step");
    QTest::newRow("count not a whole number")
        << QByteArray("steps:\n  - create: {template: pod, count: 2.5}\n")
        << QStringLiteral("x.yaml:2:36: step 1 (create, line 2): count needs a whole number "
                          "from 1 to 10000, got \"2.5\"");
    QTest::newRow("creates over the scenario's limit in all")
        << QByteArray("steps:\n" +
                      QByteArray("  - create: {template: pod, count: 10000}\n").repeated(6))
        << QStringLiteral("x.yaml:7:5: step 6 (create, line 7): the scenario creates 60000 "
                          "objects by this step, over the limit of 50000");
    QTest::newRow("cluster pods over the limit")
        << QByteArray("cluster: {pods: 100000}\nsteps:\n  - caption: a\n")
        << QStringLiteral("x.yaml:1:17: cluster.pods 100000 is over the limit of 50000 objects");
    QTest::newRow("no steps") << QByteArray("title: t\n")
                              << QStringLiteral("x.yaml:1:1: the scenario has no steps");
}

void TestScenarios::parseErrors()
{
    QFETCH(QByteArray, yaml);
    QFETCH(QString, expected);
    sim::Scenario sc;
    QString error;
    QVERIFY(!sim::Scenario::parse(yaml, QStringLiteral("x.yaml"), &sc, &error));
    QVERIFY2(error.startsWith(expected), qPrintable(error));
}

void TestScenarios::translatedCaptions()
{
    sim::Scenario sc;
    QString error;
    QVERIFY2(sim::Scenario::parse(QByteArray("title: Hello\n"
                                             "title_zh_CN: \xE4\xBD\xA0\xE5\xA5\xBD\n"
                                             "steps:\n"
                                             "  - caption: One\n"
                                             "    caption_zh_CN: \xE4\xB8\x80\n"
                                             "  - caption: Two\n"),
                                  QStringLiteral("x.yaml"), &sc, &error),
             qPrintable(error));
    QCOMPARE(sc.titleIn(QStringLiteral("zh_CN")), QStringLiteral("\u4F60\u597D"));
    QCOMPARE(sc.titleIn(QStringLiteral("en")), QStringLiteral("Hello"));
    QCOMPARE(sc.steps.at(0).textIn(QStringLiteral("zh_CN")), QStringLiteral("\u4E00"));
    QCOMPARE(sc.steps.at(0).textIn(QString()), QStringLiteral("One"));
    QCOMPARE(sc.steps.at(1).textIn(QStringLiteral("zh_CN")), QStringLiteral("Two"));
    QVERIFY(!sim::Scenario::parse(QByteArray("steps:\n  - caption: a\n    caption_zh-cn: b\n"),
                                  QStringLiteral("x.yaml"), &sc, &error));
    QVERIFY2(error.contains(QLatin1String("unknown step key \"caption_zh-cn\"")),
             qPrintable(error));
    // The shipped scenarios the docs pictures use speak Chinese in a zh_CN window.
    for (const char *name : {"window-tour", "fs01-delete-while-disconnected", "fs03-410-relist"}) {
        QVERIFY(sim::Scenario::load(QLatin1String(name), &sc, &error));
        QVERIFY2(sc.titleIn(QStringLiteral("zh_CN")) != sc.title, name);
        for (const sim::ScenarioStep &s : std::as_const(sc.steps))
            QVERIFY2(s.text.isEmpty() || s.textIn(QStringLiteral("zh_CN")) != s.text, name);
    }
}

void TestScenarios::shippedScenariosParse()
{
    const QStringList names = sim::Scenario::shippedNames();
    for (const char *required :
         {"fs01-delete-while-disconnected", "fs02-relist-from-last-rv", "fs03-410-relist",
          "fs04-too-large-rv", "fs18-relist-unchanged", "fs26-realfifo-storm", "fs05-bookmarks",
          "fs06-initial-sync", "fs07-continue-expiry", "fs09-watchlist-fallback", "fs10-watchlist",
          "fs16-slow-handler", "fs17-resync", "update-storm"})
        QVERIFY2(names.contains(QLatin1String(required)), required);
    for (const QString &name : names) {
        sim::Scenario sc;
        QString error;
        QVERIFY2(sim::Scenario::load(name, &sc, &error), qPrintable(error));
        QVERIFY(!sc.title.isEmpty());
        QVERIFY(!sc.description.isEmpty());
        QCOMPARE(sc.name, name);
        // The title and every caption also read in Simplified Chinese (title_zh_CN:,
        // caption_zh_CN:).
        const QString zhTitle = sc.translatedTitle.value(QStringLiteral("zh_CN"));
        QVERIFY2(
            std::any_of(zhTitle.begin(), zhTitle.end(),
                        [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; }),
            qPrintable(name + QStringLiteral(": title ") + sc.title));
        for (const sim::ScenarioStep &st : sc.steps) {
            if (st.text.isEmpty())
                continue;
            const QString zh = st.translatedText.value(QStringLiteral("zh_CN"));
            QVERIFY2(
                std::any_of(zh.begin(), zh.end(),
                            [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; }),
                qPrintable(name + QStringLiteral(":%1: ").arg(st.line) + st.text));
        }
    }
    sim::Scenario sc;
    QString error;
    QVERIFY(!sim::Scenario::load(QStringLiteral("no-such-scenario"), &sc, &error));
    QVERIFY(error.contains(QLatin1String("fs01-delete-while-disconnected")));
}

void TestScenarios::controllerParses()
{
    // controller: as a word or a map; provisioner steps keep their values; claims: false.
    sim::Scenario sc;
    QString error;
    QVERIFY2(
        sim::Scenario::parse("title: t\ndescription: d\ncluster: {claims: false}\n"
                             "controller: {name: provisioner, threadiness: 3}\nsteps:\n"
                             "  - provisioner: {failNext: 3, failClass: fast, latencyMs: 500}\n"
                             "  - create: {template: claim, name: c, size: 2Gi}\n",
                             QStringLiteral("c.yaml"), &sc, &error),
        qPrintable(error));
    QCOMPARE(sc.controller, QStringLiteral("provisioner"));
    QCOMPARE(sc.threadiness, 3);
    QVERIFY(!sc.seedClaims);
    QCOMPARE(sc.steps.at(0).action, sim::ScenarioStep::Action::Provisioner);
    QCOMPARE(sc.steps.at(0).args.value(u"failNext").toInt(), 3);
    QCOMPARE(sc.steps.at(0).args.value(u"failClass").toString(), QStringLiteral("fast"));
    QCOMPARE(sc.steps.at(0).args.value(u"latencyMs").toInt(), 500);
    QCOMPARE(sc.steps.at(1).args.value(u"size").toString(), QStringLiteral("2Gi"));
    QVERIFY2(sim::Scenario::parse("controller: provisioner\nsteps:\n  - caption: a\n",
                                  QStringLiteral("w.yaml"), &sc, &error),
             qPrintable(error));
    QCOMPARE(sc.controller, QStringLiteral("provisioner"));
    QCOMPARE(sc.threadiness, 0);
    QVERIFY(sc.seedClaims);
}

void TestScenarios::severalInformersParse()
{
    // informer: takes lists (YAML or comma-separated); actions and waitFor name an informer.
    sim::Scenario sc;
    QString error;
    QVERIFY2(
        sim::Scenario::parse(
            "title: t\ndescription: d\n"
            "informer: {resource: [pods, nodes], queue: \"deltafifo,realfifo\", watchList: [true, "
            "false]}\n"
            "steps:\n"
            "  - informer: {start: {informer: nodes}}\n"
            "  - waitFor: {synced: true, informer: nodes}\n"
            "    caption: x\n"
            "  - waitFor: {kind: listFailed, informer: nodes}\n"
            "    informer: {pause: {informer: pods}}\n",
            QStringLiteral("m.yaml"), &sc, &error),
        qPrintable(error));
    QCOMPARE(sc.resources, (QStringList{QStringLiteral("pods"), QStringLiteral("nodes")}));
    QCOMPARE(sc.queues, (QStringList{QStringLiteral("deltafifo"), QStringLiteral("realfifo")}));
    QCOMPARE(sc.watchLists, (QList<bool>{true, false}));
    QCOMPARE(sc.informersStartedBySteps(), QStringList{QStringLiteral("nodes")});
    QCOMPARE(sc.steps.at(1).waitFor.value(u"informer").toString(), QStringLiteral("nodes"));
    QCOMPARE(sc.steps.at(2).args.value(u"informer").toString(), QStringLiteral("pods"));
    // one resource, as every scenario before several informers wrote it
    QVERIFY(sim::Scenario::parse("title: t\ndescription: d\ninformer: {resource: configmaps, "
                                 "queue: realfifo, watchList: true}\nsteps:\n  - caption: a\n",
                                 QStringLiteral("o.yaml"), &sc, &error));
    QCOMPARE(sc.resources, QStringList{QStringLiteral("configmaps")});
    QCOMPARE(sc.queues, QStringList{QStringLiteral("realfifo")});
    QCOMPARE(sc.watchLists, QList<bool>{true});
    QVERIFY(sc.informersStartedBySteps().isEmpty());
    QVERIFY(!sim::Scenario::parse("informer: {queue: [deltafifo, fastfifo]}\nsteps:\n"
                                  "  - caption: a\n",
                                  QStringLiteral("b.yaml"), &sc, &error));
    QVERIFY2(error.contains(QLatin1String("queue takes deltafifo or realfifo")), qPrintable(error));
}

void TestScenarios::play_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<Check>("check");

    QTest::newRow("FS-01 delete while disconnected: one tombstone")
        << QStringLiteral("fs01-delete-while-disconnected")
        << Check([](const Trace &t, Session &s) {
               const QString victim = QStringLiteral("default/victim");
               QCOMPARE(t.count(TraceKind::HandlerNotified, QStringLiteral("delete (tombstone)"),
                                victim),
                        1);
               QCOMPARE(t.count(TraceKind::HandlerNotified, QStringLiteral("delete"), victim), 0);
               QCOMPARE(t.count(TraceKind::HandlerNotified, QStringLiteral("delete (tombstone)")),
                        1);
               QVERIFY(s.informer()->indexer().getByKey(victim).isNull());
               QCOMPARE(s.informer()->indexer().list().size(), 4);
           });
    QTest::newRow("FS-02 the relist asks for the last synced resourceVersion")
        << QStringLiteral("fs02-relist-from-last-rv") << Check([](const Trace &t, Session &s) {
               const auto lists = t.find(TraceKind::ListStarted);
               QCOMPARE(int(lists.size()), 2);
               const auto added = t.find(TraceKind::WatchEvent, [](const TraceEvent &e) {
                   return e.key == QLatin1String("default/web");
               });
               QCOMPARE(int(added.size()), 1);
               QCOMPARE(lists[1]->resourceVersion, added.front()->resourceVersion);
               QVERIFY(lists[1]->resourceVersion.toLongLong() >
                       t.find(TraceKind::ListCompleted).front()->resourceVersion.toLongLong());
               QVERIFY(t.withCode(TraceKind::WatchError, 500) >= 1);
               QCOMPARE(s.informer()->indexer().list().size(), 5);
           });
    QTest::newRow("FS-03/FS-20 410 on the watch, then one relist at the last synced RV")
        << QStringLiteral("fs03-410-relist") << Check([](const Trace &t, Session &s) {
               QCOMPARE(t.withCode(TraceKind::WatchError, 410), 1);
               // The relist never takes a resourceVersion from the 410 Status (FS-20).
               const auto web = t.find(TraceKind::WatchEvent, [](const TraceEvent &e) {
                   return e.key == QLatin1String("default/web");
               });
               QCOMPARE(int(web.size()), 1);
               QCOMPARE(t.find(TraceKind::ListStarted).back()->resourceVersion,
                        web.front()->resourceVersion);
               QCOMPARE(t.count(TraceKind::ListStarted), 2);
               QCOMPARE(t.listsWithCause(QStringLiteral("watch expired")), 1);
               QCOMPARE(t.count(TraceKind::HandlerNotified, QStringLiteral("delete (tombstone)")),
                        0);
               QCOMPARE(s.informer()->indexer().list().size(), 5);
           });
    QTest::newRow("FS-04 too large resourceVersion: backoff, relist at \"\"")
        << QStringLiteral("fs04-too-large-rv") << Check([](const Trace &t, Session &s) {
               QVERIFY(t.withCode(TraceKind::WatchError, 504) +
                           t.withCode(TraceKind::ListFailed, 504) >=
                       2);
               QVERIFY(t.count(TraceKind::Backoff) >= 1);
               QCOMPARE(t.count(TraceKind::ListCompleted), 2);
               QVERIFY(t.count(TraceKind::ListStarted) <= 4); // bounded, no hot loop
               const auto lists = t.find(TraceKind::ListCompleted);
               QCOMPARE(lists.back()->detail.value(QLatin1String("items")).toInt(), 5);
               QCOMPARE(s.informer()->indexer().list().size(), 5);
           });
    QTest::newRow("FS-05 bookmarks keep the watch fresh; without them one 410 relist")
        << QStringLiteral("fs05-bookmarks") << Check([](const Trace &t, Session &) {
               QVERIFY(t.count(TraceKind::Bookmark) >= 1);
               QCOMPARE(t.withCode(TraceKind::WatchError, 410), 1);
               QCOMPARE(t.count(TraceKind::ListStarted), 2);
               QCOMPARE(t.listsWithCause(QStringLiteral("watch expired")), 1);
               // The first re-watch (after the bookmark) resumed without a list.
               const auto watches = t.find(TraceKind::WatchStarted);
               QVERIFY(watches.size() >= 3);
               QVERIFY(watches[1]->seq < t.find(TraceKind::WatchError).front()->seq);
           });
    QTest::newRow("FS-06 paged initial list: every page before sync")
        << QStringLiteral("fs06-initial-sync") << Check([](const Trace &t, Session &s) {
               QCOMPARE(t.count(TraceKind::ListPage), 3);
               const auto done = t.find(TraceKind::ListCompleted);
               QCOMPARE(int(done.size()), 1);
               QCOMPARE(done.front()->detail.value(QLatin1String("items")).toInt(), 8);
               const auto synced = t.find(TraceKind::Synced);
               QCOMPARE(int(synced.size()), 1);
               QVERIFY(synced.front()->seq > t.find(TraceKind::ListPage).back()->seq);
               QCOMPARE(s.informer()->indexer().list().size(), 9);
           });
    QTest::newRow("FS-07 continue token expires: one full unpaged list")
        << QStringLiteral("fs07-continue-expiry") << Check([](const Trace &t, Session &s) {
               // Page 2's 410 is journaled; the pager then lists once more, unpaged.
               QCOMPARE(t.withCode(TraceKind::ListFailed, 410), 1);
               QCOMPARE(t.count(TraceKind::ListStarted), 2);
               QCOMPARE(t.listsWithCause(QStringLiteral("continue expired")), 1);
               const auto done = t.find(TraceKind::ListCompleted);
               QCOMPARE(int(done.size()), 1);
               QCOMPARE(done.front()->detail.value(QLatin1String("items")).toInt(), 6);
               QCOMPARE(t.count(TraceKind::Synced), 1);
               QCOMPARE(s.informer()->indexer().list().size(), 6);
           });
    QTest::newRow("FS-09 WatchList on an old server falls back to LIST+WATCH")
        << QStringLiteral("fs09-watchlist-fallback") << Check([](const Trace &t, Session &s) {
               QCOMPARE(t.listsWithCause(QStringLiteral("fallback")), 1);
               QCOMPARE(t.count(TraceKind::Synced), 1);
               QCOMPARE(s.informer()->indexer().list().size(), 4);
           });
    QTest::newRow("FS-10 WatchList: synced at the initial-events-end bookmark")
        << QStringLiteral("fs10-watchlist") << Check([](const Trace &t, Session &s) {
               QCOMPARE(t.count(TraceKind::ListStarted), 0);
               QCOMPARE(t.count(TraceKind::Synced), 1);
               QCOMPARE(s.informer()->indexer().list().size(), 5);
           });
    QTest::newRow("FS-16 slow handler: the others keep up")
        << QStringLiteral("fs16-slow-handler") << Check([](const Trace &t, Session &) {
               auto adds = [&](const QString &handler) {
                   return t.find(TraceKind::HandlerNotified, [&](const TraceEvent &e) {
                       return e.type == QLatin1String("add") &&
                              e.detail.value(QLatin1String("handler")).toString() == handler;
                   });
               };
               const auto fast = adds(QStringLiteral("logger"));
               const auto slow = adds(QStringLiteral("slow"));
               QCOMPARE(int(fast.size()), 12);
               QCOMPARE(int(slow.size()), 12);
               QVERIFY(fast.back()->seq < slow.back()->seq);
               qint64 slowBacklog = 0;
               for (const TraceEvent *e : slow)
                   slowBacklog =
                       qMax(slowBacklog, e->detail.value(QLatin1String("backlog")).toInteger());
               QVERIFY2(slowBacklog >= 4, qPrintable(QString::number(slowBacklog)));
           });
    QTest::newRow("FS-17 resync: Sync updates, no API traffic")
        << QStringLiteral("fs17-resync") << Check([](const Trace &t, Session &) {
               QVERIFY(t.count(TraceKind::HandlerNotified, QStringLiteral("update (resync)")) >= 4);
               QVERIFY(t.count(TraceKind::Resync) >= 1);
               QCOMPARE(t.count(TraceKind::ListStarted), 1);
               QCOMPARE(t.count(TraceKind::WatchStarted), 1);
           });
    // Issue 13 item 6: with no resync the listener stays syncing (sharedProcessor.addListener),
    // so the relist's unchanged objects reach it, as client-go delivers them.
    QTest::newRow("FS-18 a relist of unchanged objects reaches the still-syncing handler")
        << QStringLiteral("fs18-relist-unchanged") << Check([](const Trace &t, Session &) {
               QCOMPARE(t.count(TraceKind::ListCompleted), 2);
               QCOMPARE(t.count(TraceKind::FifoQueued, QStringLiteral("Replaced")), 9);
               QCOMPARE(t.count(TraceKind::IndexerUpdated), 5); // the relist; the list added 4
               QCOMPARE(t.count(TraceKind::Resync), 0);
               QCOMPARE(t.count(TraceKind::HandlerNotified, QStringLiteral("update")), 0);
               QCOMPARE(t.count(TraceKind::HandlerNotified, QStringLiteral("update (resync)")), 5);
               QCOMPARE(t.count(TraceKind::HandlerNotified), 10); // 5 adds, 5 syncs
           });
    QTest::newRow("FS-26 RealFIFO: one Pop per event, in arrival order")
        << QStringLiteral("fs26-realfifo-storm") << Check([](const Trace &t, Session &) {
               const auto pops = t.find(TraceKind::FifoPopped, [](const TraceEvent &e) {
                   return e.key == QLatin1String("default/hot") ||
                          e.key == QLatin1String("shop/other");
               });
               QCOMPARE(int(pops.size()), 7); // hot's add, five updates, other's add
               for (int i = 1; i <= 5; ++i)
                   QCOMPARE(pops[size_t(i)]->key, QStringLiteral("default/hot"));
               QCOMPARE(pops.back()->key, QStringLiteral("shop/other"));
               QCOMPARE(t.count(TraceKind::HandlerNotified, QStringLiteral("update"),
                                QStringLiteral("default/hot")),
                        5);
           });
    QTest::newRow("window tour: a paused Pop keeps each key's Deltas")
        << QStringLiteral("window-tour") << Check([](const Trace &t, Session &) {
               auto popsOf = [&t](const char *key) {
                   return t.find(TraceKind::FifoPopped, [key](const TraceEvent &e) {
                       return e.key == QLatin1String(key);
                   });
               };
               const auto web0 = popsOf("default/web-0"), web2 = popsOf("default/web-2");
               QCOMPARE(int(web0.size()), 1);
               QCOMPARE(int(web0.back()->deltas.size()), 4); // Added, then 3 Updated
               QCOMPARE(int(web2.size()), 1);
               QCOMPARE(int(web2.back()->deltas.size()), 2); // Added, Deleted
           });
    QTest::newRow("factory gate: shut while nodes is refused, opened by nodes' sync")
        << QStringLiteral("factory-gate") << Check([](const Trace &t, Session &s) {
               QCOMPARE(s.informerNames(),
                        (QStringList{QStringLiteral("pods"), QStringLiteral("nodes")}));
               const auto started = t.find(TraceKind::CacheSyncStarted);
               QCOMPARE(int(started.size()), 1);
               QVERIFY(started.front()
                           ->detail.value(QLatin1String("waitingFor"))
                           .toArray()
                           .contains(QStringLiteral("nodes")));
               const auto refused = t.find(TraceKind::ListFailed, [](const TraceEvent &e) {
                   return e.informer == QLatin1String("nodes") &&
                          e.detail.value(QLatin1String("code")).toInt() == 403;
               });
               QVERIFY(!refused.empty());
               QVERIFY(t.find(TraceKind::ListFailed, [](const TraceEvent &e) {
                            return e.informer == QLatin1String("pods");
                        }).empty());
               const auto finished = t.find(TraceKind::CacheSyncFinished);
               QCOMPARE(int(finished.size()), 1);
               QCOMPARE(finished.front()->type, QStringLiteral("opened"));
               QCOMPARE(finished.front()->detail.value(QLatin1String("waitedOn")).toString(),
                        QStringLiteral("nodes"));
               QVERIFY(finished.front()->seq > refused.back()->seq);
               for (const TraceEvent &e : t.events)
                   if (TraceEvent::isInformerComponent(e.component))
                       QVERIFY(e.informer == QLatin1String("pods") ||
                               e.informer == QLatin1String("nodes"));
           });
    addControllerScenarioRows();
    addRuntimeScenarioRows();
    QTest::newRow("update storm: 50 deltas, one Pop")
        << QStringLiteral("update-storm") << Check([](const Trace &t, Session &) {
               const QString hot = QStringLiteral("default/hot");
               QCOMPARE(t.count(TraceKind::HandlerNotified, QStringLiteral("update"), hot), 50);
               const auto pops =
                   t.find(TraceKind::FifoPopped, [&](const TraceEvent &e) { return e.key == hot; });
               QCOMPARE(int(pops.size()), 2); // the add, then all 50 updates at once
               QCOMPARE(int(pops.back()->deltas.size()), 50);
           });
}

void TestScenarios::play()
{
    QFETCH(QString, name);
    QFETCH(Check, check);
    QVERIFY2(m_runs.count(name), qPrintable(name));
    Run &run = m_runs.at(name);
    QVERIFY2(run.startError.isEmpty(), qPrintable(run.startError));
    QTRY_VERIFY_WITH_TIMEOUT(run.finished, 30000);
    const Trace trace{run.session->journal()->events()};
    QVERIFY2(trace.scenarioErrors().isEmpty(), qPrintable(trace.scenarioErrors().join(u'\n')));
    QVERIFY(!run.captions.isEmpty());
    for (const TraceEvent &e : run.session->journal()->events()) {
        QString why;
        QVERIFY2(tracedetail::check(e, &why), qPrintable(why));
        // A fault on the open watches found one: its caption tells of what it did.
        if (e.component == QLatin1String("scenario") && e.type == QLatin1String("fault"))
            QVERIFY2(!e.detail.value(QLatin1String("message"))
                          .toString()
                          .contains(QLatin1String("no watch was open")),
                     qPrintable(e.detail.value(QLatin1String("message")).toString()));
    }
    check(trace, *run.session);
}

void TestScenarios::pauseHoldsTheClock()
{
    // At speed 20 the caption at 1 s comes after 50 ms; paused, it does not come at all. The
    // player's real time is a ManualClock here: the test plays it.
    ManualClock wall;
    sim::Scenario sc;
    QString error;
    QVERIFY2(sim::Scenario::parse("title: t\ndescription: d\nsteps:\n  - at: 1\n    caption: one\n",
                                  QStringLiteral("p.yaml"), &sc, &error),
             qPrintable(error));
    sim::Simulator simulator;
    sim::Simulator::Options o;
    o.seedObjects = false;
    QVERIFY2(simulator.start(o, &error), qPrintable(error));
    sim::ScenarioPlayer player(sc, &simulator);
    player.setPaceClock(&wall);
    QStringList captions;
    connect(&player, &sim::ScenarioPlayer::caption, this,
            [&](const QString &text) { captions << text; });
    player.setSpeed(20);
    player.setPaused(true);
    player.start();
    wall.advance(300); // six ticks, 6 s of scenario time at speed 20
    lens::test::runPendingEvents();
    QVERIFY(captions.isEmpty());
    QCOMPARE(player.clock()->nowMs(), 0);
    player.setPaused(false);
    for (int tick = 0; tick < 3 && captions.isEmpty(); ++tick) { // 1 s is 50 ms away
        wall.advance(50);
        lens::test::runPendingEvents();
    }
    QCOMPARE(captions, QStringList{QStringLiteral("one")});
    QVERIFY(player.isFinished());
    QCOMPARE(player.clock()->nowMs(), 1000);
}

void TestScenarios::whenSkipsAStepWhoseConditionDidNotHold()
{
    // A step with `when:` runs only if its condition holds when it is due; otherwise it is
    // skipped, its caption not shown.
    sim::Scenario sc;
    QString error;
    QVERIFY2(sim::Scenario::parse("title: t\nsteps:\n"
                                  "  - at: 1\n    when: {kind: bookmark}\n    caption: no\n"
                                  "  - at: 1\n    when: {kind: resync}\n    caption: yes\n",
                                  QStringLiteral("w.yaml"), &sc, &error),
             qPrintable(error));
    QCOMPARE(sc.steps.at(0).when.value(u"kind").toString(), QStringLiteral("bookmark"));
    sim::Simulator simulator;
    sim::Simulator::Options o;
    o.seedObjects = false;
    QVERIFY2(simulator.start(o, &error), qPrintable(error));
    sim::ScenarioPlayer player(sc, &simulator);
    player.setConditionCheck([](const QJsonObject &w, int) {
        return w.value(u"kind").toString() == QLatin1String("resync");
    });
    QStringList captions;
    QList<int> skipped;
    connect(&player, &sim::ScenarioPlayer::caption, this,
            [&](const QString &text) { captions << text; });
    connect(&player, &sim::ScenarioPlayer::skipped, this,
            [&](int index, const sim::ScenarioStep &, const QString &) { skipped << index; });
    player.setSpeed(0);
    player.start();
    QTRY_VERIFY_WITH_TIMEOUT(player.isFinished(), 10000);
    QCOMPARE(captions, QStringList{QStringLiteral("yes")});
    QCOMPARE(skipped, QList<int>{0});
}

QTEST_GUILESS_MAIN(TestScenarios)
#include "tst_scenarios.moc"
