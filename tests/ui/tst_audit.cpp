// SPDX-License-Identifier: Apache-2.0
// Issue 13's truth audit: every shipped scenario is played to its end, then every journal
// event's explanation (Caption::forEvent, the Explain pane's words) is rendered in English and
// in Simplified Chinese and checked against the journal itself:
//  * every "at <time> (journal event <seq>)" names an event the journal holds, at that time;
//  * an event is never explained by a later one where the words say "queued by" / "comes from";
//  * a LIST's explanation names the resourceVersion and limit its own event recorded;
//  * an "update (resync)" names the Pop and the queued Sync/Replaced delta of its own key, and
//    the resync tick or list that queued it is the event right before that delta's batch;
//  * a resync tick's words about each handler are the tick's own recorded verdicts.
//  * every rule of client-go a caption states (lens::Rules: found by its sentence, whatever
//    code wrote it) holds there: its predicate over the journal is true at that point. Each
//    event is explained as the window shows it live (nothing after it), at the scenario step
//    after it (time travel), and at the journal's end.
// The checks read the templates through tr(), so they hold in either language.
#include "api/status.h"
#include "i18n.h"
#include "informer/controller.h"
#include "informer/sharedinformer.h"
#include "lens/caption.h"
#include "lens/format.h"
#include "lens/rules.h"
#include "session/lesson.h"
#include "session/session.h"
#include "sim/apiserver.h"
#include "sim/churn.h"
#include "sim/scenario.h"
#include "sim/store.h"
#include "trace/journal.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QTimer>
#include <QtTest>

#include <map>
#include <memory>

using namespace lens;

#include "audit.h"

using namespace lens::auditcheck;

class TestAudit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase()
    {
        installTranslation(QString());
        qInfo("rule sentences found and checked: %d", g_rulesChecked);
    }
    void auditCanFail();
    void plantedRuleIsFound();
    void captionBeforeItsWaitForIsFound();
    void ruleTable();
    void retiredSentencesAreCaught_data();
    void retiredSentencesAreCaught();
    void watch429Rewatches();
    void bookmarkTimeoutSaysItIsOurs();
    void scenarios_data();
    void scenarios();
    void liveRunWithFaults();

private:
    struct Run {
        std::unique_ptr<Session> session;
        bool finished = false;
        QString startError;
    };
    std::map<QString, Run> m_runs; ///< the scenarios played as fast as possible, by name
    /// Plays every shipped scenario at once in `mode` ("fast": as fast as its conditions allow;
    /// "live": at scenario speed 1 on the real clock, as the window plays it; "exact": `--at`'s
    /// reproducible pacing on the scenario clock; "lesson-fast", "lesson-human": lesson mode on
    /// the real clock, Next pressed as fast as the lesson takes it or every 3 s).
    void startAll(std::map<QString, Run> *runs, const QString &mode);
    QString m_otherMode;                ///< the mode m_otherRuns were played in
    std::map<QString, Run> m_otherRuns; ///< the scenarios of the mode audited now, by name
};

void TestAudit::initTestCase()
{
    // The fast runs serve most tests; a run of other modes only (ctest's tst_audit_exact,
    // tst_audit_live: LENS_AUDIT_MODES) does not play them.
    if (qEnvironmentVariable("LENS_AUDIT_MODES", QStringLiteral("fast"))
            .contains(QLatin1String("fast")))
        startAll(&m_runs, QStringLiteral("fast"));
}

void TestAudit::startAll(std::map<QString, Run> *runs, const QString &mode)
{
    runs->clear();
    for (const QString &name : sim::Scenario::shippedNames()) {
        Run &run = (*runs)[name];
        Session::Options o;
        o.scenario = name;
        const bool lesson = mode.startsWith(QLatin1String("lesson"));
        o.scenarioSpeed = mode == QLatin1String("live") || lesson ? 1 : 0;
        o.reproducible = mode == QLatin1String("exact");
        o.lesson = lesson;
        run.session = std::make_unique<Session>(o);
        connect(run.session.get(), &Session::scenarioFinished, this,
                [&run] { run.finished = true; });
        if (!run.session->start(&run.startError)) {
            run.finished = true;
            continue;
        }
        if (lesson) {
            // The learner presses Next: as fast as the lesson takes it ("lesson-fast": every
            // 200 ms, most presses refused while a group plays), or every 3 s, reading first.
            auto *next = new QTimer(run.session.get());
            next->setInterval(mode == QLatin1String("lesson-fast") ? 200 : 3000);
            Session *session = run.session.get();
            connect(next, &QTimer::timeout, session, [session] {
                if (session->lesson())
                    session->lesson()->next();
            });
            next->start();
        }
    }
}

// The audit must be able to fail: a wrong time, a missing event and a later cause are found.
void TestAudit::auditCanFail()
{
    ManualClock clock;
    Journal j(&clock);
    TraceEvent tick;
    tick.kind = TraceKind::Resync;
    tick.component = QStringLiteral("reflector");
    tick.detail.insert(QLatin1String("due"), false);
    j.record(tick);
    clock.advance(1500);
    TraceEvent queued;
    queued.kind = TraceKind::FifoQueued;
    queued.key = QStringLiteral("ns/a");
    queued.type = QStringLiteral("Added");
    j.record(queued);
    const TraceEvent &first = j.events().front();
    const TraceEvent &second = j.events().back();
    auto findingsFor = [&](const TraceEvent &e, const QString &html) {
        QStringList f;
        auditOne(j, e, QStringLiteral("<p>x</p><p>%1</p>").arg(html), &f);
        return f;
    };
    QVERIFY(findingsFor(
                second,
                Caption::tr("at %1 (journal event %2)").arg(formatTimeMs(first.t)).arg(first.seq))
                .isEmpty());
    QCOMPARE(findingsFor(
                 second,
                 Caption::tr("at %1 (journal event %2)").arg(formatTimeMs(second.t)).arg(first.seq))
                 .size(),
             1);
    QCOMPARE(
        findingsFor(second,
                    Caption::tr("at %1 (journal event %2)").arg(formatTimeMs(second.t)).arg(99))
            .size(),
        2); // the journal lacks it, and it would come after the event
    QCOMPARE(
        findingsFor(
            first,
            Caption::tr("at %1 (journal event %2)").arg(formatTimeMs(second.t)).arg(second.seq))
            .size(),
        0); // a resync tick may name what followed it ("delivered so far")
    TraceEvent pop = second;
    pop.kind = TraceKind::FifoPopped;
    pop.seq = first.seq;
    QCOMPARE(
        findingsFor(
            pop,
            Caption::tr("at %1 (journal event %2)").arg(formatTimeMs(second.t)).arg(second.seq))
            .size(),
        1); // explained by a later event
}

// A rule's sentence planted where its predicate fails is found, whatever wrote it: a watch
// request answered 429, then a backoff and a new WATCH, explained as "lists again".
void TestAudit::plantedRuleIsFound()
{
    ManualClock clock;
    Journal j(&clock);
    auto add = [&j](TraceKind kind, QJsonObject detail, const QString &rv = {}) {
        TraceEvent e;
        e.kind = kind;
        e.component = QStringLiteral("reflector");
        e.informer = QStringLiteral("pods");
        e.resourceVersion = rv;
        for (auto it = detail.begin(); it != detail.end(); ++it)
            e.detail.insert(it.key(), it.value());
        j.record(e);
        return j.events().back().seq;
    };
    add(TraceKind::WatchStarted, {{QStringLiteral("timeoutSeconds"), 400}}, QStringLiteral("7"));
    ApiStatus tooMany;
    tooMany.code = 429;
    tooMany.reason = QStringLiteral("TooManyRequests");
    const quint64 err =
        add(TraceKind::WatchError, {{QStringLiteral("code"), 429},
                                    {QStringLiteral("request"), true},
                                    {QStringLiteral("status"), tooMany.toDetail()}});
    add(TraceKind::Backoff, {{QStringLiteral("delayMs"), 800},
                             {QStringLiteral("reason"), QStringLiteral("429 on watch")}});
    add(TraceKind::WatchStarted, {{QStringLiteral("timeoutSeconds"), 400}}, QStringLiteral("7"));
    const TraceEvent &e = *std::find_if(j.events().begin(), j.events().end(),
                                        [err](const TraceEvent &x) { return x.seq == err; });
    const QString shown = Caption::forEvent(e, &j);
    QStringList findings;
    auditRules(j, e, 0, shown, &findings);
    QVERIFY2(findings.isEmpty(), qPrintable(findings.join(QLatin1Char('\n'))));
    QVERIFY(
        shown.contains(Rules::translated(Rules::get(RuleId::WatchErrorRewatches)).toHtmlEscaped()));
    const QString wrong = Rules::translated(Rules::get(RuleId::WatchErrorRelists));
    QVERIFY(!shown.contains(wrong.toHtmlEscaped()));
    auditRules(j, e, 0, shown + QStringLiteral("<p>%1</p>").arg(wrong.toHtmlEscaped()), &findings);
    QCOMPARE(findings.size(), 1);
    QVERIFY(findings.front().contains(QLatin1String("watch-error-relists")));
    // Live, before the backoff was recorded, the prediction comes from the status alone.
    findings.clear();
    auditRules(j, e, err, Caption::forEvent(e, &j, err), &findings);
    QVERIFY2(findings.isEmpty(), qPrintable(findings.join(QLatin1Char('\n'))));
    QVERIFY(
        Caption::forEvent(e, &j, err)
            .contains(Rules::translated(Rules::get(RuleId::WatchErrorRewatches)).toHtmlEscaped()));
}

// A scenario caption whose step's waitFor never happened is found (fs01's lesson showed "the
// handler got one delete carrying a tombstone" while the tombstone was still queued).
void TestAudit::captionBeforeItsWaitForIsFound()
{
    ManualClock clock;
    Journal j(&clock);
    auto note = [&j](const QString &type, int step, const QString &message) {
        TraceEvent e;
        e.kind = TraceKind::Info;
        e.component = QStringLiteral("scenario");
        e.type = type;
        e.detail.insert(QLatin1String("step"), step);
        e.detail.insert(QLatin1String("message"), message);
        j.record(e);
    };
    note(QStringLiteral("waiting"), 6,
         QStringLiteral("waiting for {\"key\":\"default/victim\",\"kind\":\"handlerNotified\","
                        "\"type\":\"delete (tombstone)\"}"));
    note(QStringLiteral("caption"), 6, QStringLiteral("the handler got one delete"));
    QStringList findings;
    auditScenarioCaptions(j, &findings);
    QCOMPARE(findings.size(), 1);
    TraceEvent delivered;
    delivered.kind = TraceKind::HandlerNotified;
    delivered.key = QStringLiteral("default/victim");
    delivered.type = QStringLiteral("delete (tombstone)");
    j.record(delivered);
    note(QStringLiteral("caption"), 6, QStringLiteral("the handler got one delete"));
    findings.clear();
    auditScenarioCaptions(j, &findings);
    QCOMPARE(findings.size(), 1); // the first caption still came too early; the second is fine
}

// The table is in RuleId order, its names are unique, and docs/rules.md names each rule with
// the client-go function it mirrors.
void TestAudit::ruleTable()
{
    QFile doc(QStringLiteral(LENS_SOURCE_DIR "/docs/rules.md"));
    QVERIFY2(doc.open(QIODevice::ReadOnly), qPrintable(doc.fileName()));
    const QString text = QString::fromUtf8(doc.readAll());
    QSet<QString> names;
    for (std::size_t i = 0; i < Rules::all().size(); ++i) {
        const Rule &r = Rules::all()[i];
        QCOMPARE(std::size_t(r.id), i);
        const QString name = QLatin1String(r.name);
        QVERIFY2(!names.contains(name), qPrintable(name));
        names.insert(name);
        QVERIFY2(text.contains(QStringLiteral("`%1`").arg(name)),
                 qPrintable(QStringLiteral("docs/rules.md does not name %1").arg(name)));
        QVERIFY2(text.contains(QString::fromUtf8(r.clientGo)),
                 qPrintable(QStringLiteral("docs/rules.md lacks %1's client-go function: %2")
                                .arg(name, QString::fromUtf8(r.clientGo))));
        QVERIFY(QString::fromUtf8(r.text).count(QLatin1Char('%')) ==
                Rules::translated(r).count(QLatin1Char('%')));
    }
}

namespace {
/// A sentence the window used to show before its rule was checked, the predicate that says
/// honestly when it is true, the shipped scenario whose journal proves it false, and the
/// events it was shown on.
struct Retired {
    const char *item;
    const char *scenario;
    const char *text;
    bool (*shownOn)(const TraceEvent &);
    bool (*holds)(const RuleContext &);
};

const TraceEvent *lastTickFor(const RuleContext &c, quint64 seq)
{
    const TraceEvent *found = nullptr;
    for (const TraceEvent &x : c.journal->events()) {
        if (x.seq >= seq)
            break;
        if (x.kind == TraceKind::Resync && x.informer == c.event.informer)
            found = &x;
    }
    return found;
}

const Retired kRetired[] = {
    {"3", "fs18-relist-unchanged",
     "Such updates come from a Sync or Replaced delta and reach only handlers whose "
     "resyncPeriod is due (shouldResync), so a handler with resync 0 never sees them.",
     [](const TraceEvent &e) {
         return e.kind == TraceKind::HandlerNotified && e.type == QLatin1String("update (resync)");
     },
     [](const RuleContext &c) {
         // The handler's resyncPeriod was due at a tick before this notification.
         const TraceEvent *tick = lastTickFor(c, c.event.seq);
         if (!tick)
             return false;
         for (const QJsonValue &v : tick->detail.value(QLatin1String("listeners")).toArray())
             if (v.toObject().value(QLatin1String("handler")).toString() ==
                 c.event.detail.value(QLatin1String("handler")).toString())
                 return v.toObject().value(QLatin1String("due")).toBool();
         return false;
     }},
    {"5", "fs18-relist-unchanged",
     "The watch failed (an ERROR event or a broken stream), so after backoff ListAndWatch "
     "starts over with a list from the last synced resourceVersion (relistResourceVersion).",
     [](const TraceEvent &e) {
         return e.kind == TraceKind::ListStarted &&
                e.detail.value(QLatin1String("cause")).toString() == QLatin1String("watch error");
     },
     [](const RuleContext &c) {
         // The watch error before it was an ERROR event on an open stream.
         const TraceEvent *err = nullptr;
         for (const TraceEvent &x : c.journal->events())
             if (x.seq < c.event.seq && x.kind == TraceKind::WatchError &&
                 x.informer == c.event.informer)
                 err = &x;
         return err && !err->detail.value(QLatin1String("request")).toBool() &&
                !err->detail.contains(QLatin1String("shortWatchMs"));
     }},
    {"6", "fs10-watchlist", "The watch streams every change after resourceVersion %1.",
     [](const TraceEvent &e) { return e.kind == TraceKind::WatchStarted; },
     [](const RuleContext &c) {
         // A plain watch from a resourceVersion (not a WatchList's initial events from "").
         return !c.event.resourceVersion.isEmpty() &&
                !c.event.detail.value(QLatin1String("sendInitialEvents")).toBool();
     }},
    {"6", "fs10-watchlist",
     "The Reflector's watchHandler turns ADDED into DeltaFIFO.Add, MODIFIED into Update and "
     "DELETED into Delete, and remembers resourceVersion %1 so that the next watch resumes "
     "there.",
     [](const TraceEvent &e) {
         return e.kind == TraceKind::WatchEvent &&
                e.detail.value(QLatin1String("watchList")).toBool();
     },
     [](const RuleContext &c) { return Rules::holds(RuleId::WatchEventQueued, c); }},
    {"8", "window-tour",
     "Run pops continuously; Pause leaves deltas in the queue, where you can watch them pile up "
     "and compress; Step pops exactly one key.",
     [](const TraceEvent &e) { return e.kind == TraceKind::PumpMode; },
     [](const RuleContext &c) {
         // Some delta queued while this mode lasted was merged into the key's earlier ones
         // (the key's Deltas did not grow by it).
         QHash<QString, qsizetype> held; // key -> deltas queued since its last Pop
         for (const TraceEvent &x : c.journal->events()) {
             if (x.informer != c.event.informer)
                 continue;
             if (x.kind == TraceKind::FifoPopped)
                 held.remove(x.key);
             if (x.kind == TraceKind::FifoQueued) {
                 const qsizetype before = held.value(x.key, 0);
                 if (x.seq > c.event.seq && x.deltas.size() <= before)
                     return true;
                 held[x.key] = x.deltas.size();
             }
             if (x.seq > c.event.seq && x.kind == TraceKind::PumpMode)
                 break;
         }
         return false;
     }},
    {"9", "fs05-bookmarks",
     "A bookmark carries no object: it only moves the Reflector's last resourceVersion forward",
     [](const TraceEvent &e) { return e.kind == TraceKind::Bookmark; },
     [](const RuleContext &c) {
         // The resourceVersion the journal recorded came from the bookmark's object.
         return c.event.resourceVersion.isEmpty();
     }},
};
} // namespace

void TestAudit::retiredSentencesAreCaught_data()
{
    QTest::addColumn<int>("index");
    for (int i = 0; i < int(std::size(kRetired)); ++i)
        QTest::newRow(qPrintable(QStringLiteral("item %1: %2 (%3)")
                                     .arg(QLatin1String(kRetired[i].item))
                                     .arg(i)
                                     .arg(QLatin1String(kRetired[i].scenario))))
            << i;
}

// Issue 35's wrong sentences, planted back into their captions: the audit finds each one in the
// scenario whose journal contradicts it (and today's captions no longer hold them).
void TestAudit::retiredSentencesAreCaught()
{
    QFETCH(int, index);
    const Retired &old = kRetired[index];
    QVERIFY(installTranslation(QString()));
    Run &run = m_runs.at(QLatin1String(old.scenario));
    QTRY_VERIFY_WITH_TIMEOUT(run.finished, 120000);
    const Journal &j = *run.session->journal();
    const Rule rule{RuleId::WatchEventQueued, "retired", "", "", old.text, old.holds};
    const RuleCheck check{&rule, rulePattern(rule)};
    QStringList findings;
    int shown = 0;
    for (const TraceEvent &e : j.events()) {
        if (!old.shownOn(e))
            continue;
        ++shown;
        const QString today = Caption::forEvent(e, &j);
        QVERIFY2(!check.pattern.match(today).hasMatch(), qPrintable(today));
        auditRule(check, j, e, 0,
                  today + QStringLiteral("<p>%1</p>")
                              .arg((QString::fromUtf8(old.text).contains(QLatin1String("%1"))
                                        ? QString::fromUtf8(old.text).arg(e.resourceVersion)
                                        : QString::fromUtf8(old.text))
                                       .toHtmlEscaped()),
                  &findings);
    }
    QVERIFY2(shown > 0, "the scenario has no event the sentence was shown on");
    QVERIFY2(!findings.isEmpty(), "the retired sentence was not caught");
}

// Item 4: a WATCH request answered 429 is retried on the watch after backoff, without a list,
// and its explanation says so (not "lists again"); the audit checks every caption of the run.
void TestAudit::watch429Rewatches()
{
    Session::Options o;
    o.churnIntervalMs = 0;
    o.resyncPeriodMs = 0;
    Session session(o);
    QString err;
    QVERIFY2(session.start(&err), qPrintable(err));
    QTRY_VERIFY_WITH_TIMEOUT(session.informer()->hasSynced(), 20000);
    session.churn()->step(); // the watch has seen an event: its drop is not a "very short watch"
    auto count = [&session](TraceKind k) {
        int n = 0;
        for (const TraceEvent &e : session.journal()->events())
            n += e.kind == k ? 1 : 0;
        return n;
    };
    QTRY_VERIFY_WITH_TIMEOUT(count(TraceKind::WatchEvent) >= 1, 10000);
    const int watches = count(TraceKind::WatchStarted);
    session.simulatorServer()->failNextRequests(1, 429);
    session.simulatorServer()->dropWatches();
    QTRY_VERIFY_WITH_TIMEOUT(count(TraceKind::WatchStarted) >= watches + 2, 20000);
    session.stop();
    QCOMPARE(count(TraceKind::ListStarted), 1); // no relist
    const Journal &j = *session.journal();
    const TraceEvent *tooMany = nullptr;
    for (const TraceEvent &e : j.events())
        if (e.kind == TraceKind::WatchError && e.detail.value(QLatin1String("code")).toInt() == 429)
            tooMany = &e;
    QVERIFY(tooMany);
    QVERIFY(tooMany->detail.value(QLatin1String("request")).toBool());
    const QString html = Caption::forEvent(*tooMany, &j);
    QVERIFY2(
        html.contains(Rules::translated(Rules::get(RuleId::WatchErrorRewatches)).toHtmlEscaped()),
        qPrintable(html));
    for (const QString &lang : {QString(), QStringLiteral("zh_CN")}) {
        QVERIFY(installTranslation(lang));
        const QStringList findings = audit(j);
        QVERIFY2(findings.isEmpty(),
                 qPrintable(QStringLiteral("%1 finding(s) (%2):\n").arg(findings.size()).arg(lang) +
                            findings.mid(0, 12).join(QLatin1Char('\n'))));
    }
}

// Item 7: FS-09's bookmark timeout is the program's own; the window says so where it is shown.
void TestAudit::bookmarkTimeoutSaysItIsOurs()
{
    Run &run = m_runs.at(QStringLiteral("fs09-watchlist-fallback"));
    QTRY_VERIFY_WITH_TIMEOUT(run.finished, 120000);
    const Journal &j = *run.session->journal();
    for (const QString &lang : {QString(), QStringLiteral("zh_CN")}) {
        QVERIFY(installTranslation(lang));
        int said = 0;
        for (const TraceEvent &e : j.events()) {
            if (e.kind != TraceKind::ListStarted &&
                !(e.kind == TraceKind::Info && e.detail.contains(QLatin1String("fallbackCode"))))
                continue;
            if (e.detail.value(QLatin1String("fallbackCode")).toString() !=
                QLatin1String("bookmark timeout"))
                continue;
            const QString html = Caption::forEvent(e, &j);
            QVERIFY2(html.contains(Rules::translated(Rules::get(RuleId::BookmarkTimeoutIsOurs))
                                       .left(20)
                                       .toHtmlEscaped()),
                     qPrintable(html));
            ++said;
        }
        QCOMPARE(said, 2); // the note and the fallback list
    }
    QVERIFY(installTranslation(QString()));
}

void TestAudit::scenarios_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("lang");
    // ctest runs the modes as separate tests (tests/ui/CMakeLists.txt), so they run side by
    // side and each has its own timeout: LENS_AUDIT_MODES names the modes of this run.
    const QStringList modes =
        qEnvironmentVariable("LENS_AUDIT_MODES", QStringLiteral("fast,exact,live"))
            .split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &mode : modes)
        for (const QString &name : sim::Scenario::shippedNames())
            for (const QString &lang : {QStringLiteral("en"), QStringLiteral("zh_CN")})
                QTest::newRow(qPrintable(mode + QLatin1Char(' ') + name + QLatin1Char(' ') + lang))
                    << mode << name << lang;
}

void TestAudit::scenarios()
{
    QFETCH(QString, mode);
    QFETCH(QString, scenario);
    QFETCH(QString, lang);
    if (mode != QLatin1String("fast") && m_otherMode != mode) {
        m_otherMode = mode;
        startAll(&m_otherRuns, mode);
    }
    Run &run = (mode == QLatin1String("fast") ? m_runs : m_otherRuns).at(scenario);
    QVERIFY2(run.startError.isEmpty(), qPrintable(run.startError));
    QTRY_VERIFY_WITH_TIMEOUT(run.finished, 180000);
    QVERIFY(installTranslation(lang == QLatin1String("en") ? QString() : lang));
    const Journal &j = *run.session->journal();
    QVERIFY(j.events().size() > 10);
    QVERIFY(j.events().front().seq == 1); // nothing dropped: every reference can be checked
    const QStringList findings = audit(j);
    QVERIFY2(findings.isEmpty(),
             qPrintable(QStringLiteral("%1 finding(s):\n").arg(findings.size()) +
                        findings.mid(0, 12).join(QLatin1Char('\n'))));
}

// The issue's own reproduction, live on the built-in cluster: the pump paused, changes made
// while the watch is down, a compaction (the re-watch gets 410, the informer relists from its
// last resourceVersion), resync ticks while still paused, then the pump resumed. Every
// explanation of that journal, in both languages, is checked as the scenarios' are.
void TestAudit::liveRunWithFaults()
{
    Session::Options o;
    o.churnIntervalMs = 0; // the test makes every change
    o.resyncPeriodMs = 1000;
    Session session(o);
    QString err;
    QVERIFY2(session.start(&err), qPrintable(err));
    SharedIndexInformer *informer = session.informer();
    QTRY_VERIFY_WITH_TIMEOUT(informer->hasSynced(), 20000);
    session.churn()->step(); // the watch has seen an event: a drop is not a "very short watch"
    QTRY_VERIFY_WITH_TIMEOUT(informer->indexer().list().size() ==
                                 session.simulatorStore()->objects(QStringLiteral("pods")).size(),
                             10000);
    informer->controller()->pause();
    session.simulatorServer()->dropWatches();
    for (int i = 0; i < 5; ++i)
        session.churn()->step();
    session.simulatorStore()->compact();
    auto count = [&session](TraceKind k) {
        int n = 0;
        for (const TraceEvent &e : session.journal()->events())
            n += e.kind == k ? 1 : 0;
        return n;
    };
    QTRY_VERIFY_WITH_TIMEOUT(count(TraceKind::ListCompleted) >= 2, 20000);
    const int ticks = count(TraceKind::Resync);
    QTRY_VERIFY_WITH_TIMEOUT(count(TraceKind::Resync) >= ticks + 2, 10000); // still paused
    informer->controller()->run();
    QTRY_VERIFY_WITH_TIMEOUT(informer->queue()->size() == 0, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(count(TraceKind::Resync) >= ticks + 4, 10000);
    session.stop();
    int resyncUpdates = 0;
    for (const TraceEvent &e : session.journal()->events())
        resyncUpdates +=
            e.kind == TraceKind::HandlerNotified && e.type == QLatin1String("update (resync)");
    QVERIFY(resyncUpdates > 0);
    for (const QString &lang : {QString(), QStringLiteral("zh_CN")}) {
        QVERIFY(installTranslation(lang));
        const QStringList findings = audit(*session.journal());
        QVERIFY2(findings.isEmpty(),
                 qPrintable(QStringLiteral("%1 finding(s) (%2):\n").arg(findings.size()).arg(lang) +
                            findings.mid(0, 12).join(QLatin1Char('\n'))));
    }
}

QTEST_MAIN(TestAudit)
#include "tst_audit.moc"
