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

namespace {

/// A regular expression matching Caption's "at %1 (journal event %2)" in the current language,
/// with the time and the seq captured.
QRegularExpression referencePattern()
{
    const QString tmpl = Caption::tr("at %1 (journal event %2)");
    const qsizetype a = tmpl.indexOf(QLatin1String("%1"));
    const qsizetype b = tmpl.indexOf(QLatin1String("%2"));
    Q_ASSERT(a >= 0 && b > a);
    const QString rx = QRegularExpression::escape(tmpl.left(a)) + QStringLiteral("([0-9.]+ s)") +
                       QRegularExpression::escape(tmpl.mid(a + 2, b - a - 2)) +
                       QStringLiteral("([0-9]+)") + QRegularExpression::escape(tmpl.mid(b + 2));
    return QRegularExpression(rx);
}

struct Reference {
    QString time;
    quint64 seq = 0;
};

QList<Reference> references(const QString &html)
{
    static thread_local QString lang;
    static thread_local QRegularExpression rx;
    if (lang != currentLanguage()) {
        lang = currentLanguage();
        rx = referencePattern();
    }
    QList<Reference> out;
    auto it = rx.globalMatch(html);
    while (it.hasNext()) {
        const auto m = it.next();
        out << Reference{m.captured(1), m.captured(2).toULongLong()};
    }
    return out;
}

const TraceEvent *bySeq(const Journal &j, quint64 seq)
{
    const auto &ev = j.events();
    auto it = std::lower_bound(ev.begin(), ev.end(), seq,
                               [](const TraceEvent &e, quint64 s) { return e.seq < s; });
    return it != ev.end() && it->seq == seq ? &*it : nullptr;
}

/// The first event before the run of FifoQueued events that `queued` belongs to (notes, such as
/// a scenario's captions recorded as it reacts to a list, other informers' events and the Pop
/// side's, which come between the slices of a long Replace and queue nothing, aside).
const TraceEvent *batchStart(const Journal &j, const TraceEvent &queued)
{
    const TraceEvent *found = nullptr;
    for (const TraceEvent &e : j.events()) {
        if (e.seq >= queued.seq)
            break;
        const bool popSide = e.kind == TraceKind::FifoPopped || e.kind == TraceKind::IndexerAdded ||
                             e.kind == TraceKind::IndexerUpdated ||
                             e.kind == TraceKind::IndexerDeleted ||
                             e.kind == TraceKind::HandlerNotified ||
                             e.kind == TraceKind::PumpMode || e.kind == TraceKind::Synced;
        if (e.kind != TraceKind::FifoQueued && e.kind != TraceKind::Info && !popSide &&
            e.informer == queued.informer)
            found = &e;
    }
    return found;
}

/// A regular expression that finds rule `r`'s sentence in a caption's HTML, in the current
/// language: its text escaped as Caption escapes it, each %N any text within the paragraph.
QRegularExpression rulePattern(const Rule &r)
{
    static const QRegularExpression arg(QStringLiteral("%[0-9]"));
    const QStringList pieces = Rules::translated(r).split(arg);
    QStringList escaped;
    for (const QString &piece : pieces)
        escaped << QRegularExpression::escape(piece.toHtmlEscaped());
    return QRegularExpression(escaped.join(QStringLiteral("[^<]*?")));
}

struct RuleCheck {
    const Rule *rule;
    QRegularExpression pattern;
};

/// Every rule's pattern in the current language.
const std::vector<RuleCheck> &ruleChecks()
{
    static thread_local QString lang = QStringLiteral("-");
    static thread_local std::vector<RuleCheck> checks;
    if (lang != currentLanguage()) {
        lang = currentLanguage();
        checks.clear();
        for (const Rule &r : Rules::all())
            checks.push_back({&r, rulePattern(r)});
    }
    return checks;
}

/// Rule sentences the audit found and checked (for the closing figures).
int g_rulesChecked = 0;

/// The findings about the rules `html` (event `e`'s explanation at time-travel point `upTo`)
/// states: each one whose predicate does not hold there.
void auditRule(const RuleCheck &c, const Journal &j, const TraceEvent &e, quint64 upTo,
               const QString &html, QStringList *findings)
{
    if (!c.pattern.match(html).hasMatch())
        return;
    ++g_rulesChecked;
    if (!c.rule->holds(RuleContext{e, &j, upTo}))
        *findings << QStringLiteral("event %1 (%2 %3) at %4: states rule %5 (%6), whose "
                                    "predicate fails there: %7\n    %8")
                         .arg(e.seq)
                         .arg(traceKindName(e.kind), e.key,
                              upTo ? QString::number(upTo) : QStringLiteral("end"),
                              QLatin1String(c.rule->name), QString::fromUtf8(c.rule->clientGo),
                              QLatin1String(c.rule->checks), html.left(600));
}

void auditRules(const Journal &j, const TraceEvent &e, quint64 upTo, const QString &html,
                QStringList *findings)
{
    for (const RuleCheck &c : ruleChecks())
        auditRule(c, j, e, upTo, html, findings);
}

/// The findings about `html`, the explanation of journal event `e`, in the current language.
void auditOne(const Journal &j, const TraceEvent &e, const QString &html, QStringList *findings)
{
    auto finding = [findings](const TraceEvent &e, const QString &what, const QString &html) {
        *findings << QStringLiteral("event %1 (%2 %3): %4\n    %5")
                         .arg(e.seq)
                         .arg(traceKindName(e.kind), e.key, what, html.left(600));
    };
    {
        if (html.isEmpty()) {
            finding(e, QStringLiteral("no explanation"), html);
            return;
        }
        const QList<Reference> refs = references(html);
        // "The journal no longer shows …" is only true when the journal dropped events.
        if (j.events().front().seq == 1)
            for (const QString &gone :
                 {Caption::tr("The journal no longer shows what queued it (a resync tick or the "
                              "Replace of a list)."),
                  Caption::tr("The journal no longer shows the Pop that delivered it.")})
                if (html.contains(gone.toHtmlEscaped()))
                    finding(e, QStringLiteral("says the journal lacks what it holds"), html);
        // A translation that repeats the reference's own leading word ("at at", "于 于").
        const QString lead =
            Caption::tr("at %1 (journal event %2)").section(QLatin1Char('%'), 0, 0);
        if (!lead.trimmed().isEmpty() && html.contains(lead.trimmed() + QLatin1Char(' ') + lead))
            finding(e, QStringLiteral("repeats \"%1\" before a reference").arg(lead.trimmed()),
                    html);
        for (const Reference &r : refs) {
            const TraceEvent *x = bySeq(j, r.seq);
            if (!x)
                finding(
                    e, QStringLiteral("names journal event %1, which the journal lacks").arg(r.seq),
                    html);
            else if (formatTimeMs(x->t) != r.time)
                finding(e,
                        QStringLiteral("names event %1 at %2; it was at %3")
                            .arg(r.seq)
                            .arg(r.time, formatTimeMs(x->t)),
                        html);
        }
        switch (e.kind) {
        case TraceKind::ListStarted: {
            // The headline and the request sentence both state the recorded resourceVersion.
            if (!e.resourceVersion.isEmpty() && html.count(e.resourceVersion) < 2)
                finding(e,
                        QStringLiteral("does not state the recorded resourceVersion %1 twice "
                                       "(headline and request)")
                            .arg(e.resourceVersion),
                        html);
            break;
        }
        case TraceKind::HandlerNotified: {
            if (e.type != QLatin1String("update (resync)"))
                break;
            // The first two references: the queued delta and the pop; the next one the cause.
            if (refs.size() < 2) {
                finding(e, QStringLiteral("does not name the delta it came from"), html);
                break;
            }
            const TraceEvent *queued = bySeq(j, refs[0].seq);
            const TraceEvent *pop = bySeq(j, refs[1].seq);
            if (!queued || queued->kind != TraceKind::FifoQueued || queued->key != e.key ||
                (queued->type != QLatin1String("Sync") &&
                 queued->type != QLatin1String("Replaced")) ||
                queued->resourceVersion != e.resourceVersion || queued->seq > e.seq)
                finding(e,
                        QStringLiteral("its first reference is not a queued Sync/Replaced "
                                       "delta of its key and resourceVersion"),
                        html);
            if (!pop || pop->kind != TraceKind::FifoPopped || pop->key != e.key ||
                pop->seq > e.seq || (queued && pop->seq < queued->seq))
                finding(e, QStringLiteral("its second reference is not the Pop of its key"), html);
            if (queued && refs.size() >= 3) {
                const TraceEvent *cause = bySeq(j, refs[2].seq);
                const TraceEvent *start = batchStart(j, *queued);
                if (!cause || !start || cause->seq != start->seq)
                    finding(e,
                            QStringLiteral("names event %1 as the cause; the delta's batch "
                                           "follows event %2")
                                .arg(refs[2].seq)
                                .arg(start ? start->seq : 0),
                            html);
            }
            break;
        }
        case TraceKind::FifoQueued: {
            if (e.type != QLatin1String("Sync") && e.type != QLatin1String("Replaced"))
                break;
            const TraceEvent *start = batchStart(j, e);
            if (!refs.isEmpty() && (!start || refs[0].seq != start->seq))
                finding(e,
                        QStringLiteral("names event %1 as what queued it; its batch follows "
                                       "event %2")
                            .arg(refs[0].seq)
                            .arg(start ? start->seq : 0),
                        html);
            break;
        }
        default:
            break;
        }
        for (const Reference &r : refs)
            // A tick, a list, a watch error and a watch request may say what followed them
            // (delivered so far, the next request, the request's own failure).
            if (r.seq > e.seq && e.kind != TraceKind::Resync && e.kind != TraceKind::WatchError &&
                e.kind != TraceKind::ListCompleted && e.kind != TraceKind::WatchStarted)
                finding(e, QStringLiteral("is explained by a later event %1").arg(r.seq), html);
    }
}

/// A scenario caption is shown only when its step's `waitFor` happened: for each caption line
/// (not a timed-out step's, which carries detail.missed and says what did not happen), the
/// condition its step waited for ("waiting for {...}") is in the journal before it: a
/// `synced`, or `count` (default 1) events of its kind, key and type.
void auditScenarioCaptions(const Journal &j, QStringList *findings)
{
    std::map<qint64, const TraceEvent *> waiting; // step -> its "waiting" line
    const QString prefix = QStringLiteral("waiting for ");
    for (const TraceEvent &e : j.events()) {
        if (e.kind != TraceKind::Info || e.component != QLatin1String("scenario"))
            continue;
        const qint64 step = e.detail.value(QLatin1String("step")).toInteger(-1);
        if (e.type == QLatin1String("waiting")) {
            waiting[step] = &e;
            continue;
        }
        if (e.type != QLatin1String("caption") || e.detail.contains(QLatin1String("missed")))
            continue;
        const auto w = waiting.find(step);
        if (w == waiting.end())
            continue;
        const QString message = w->second->detail.value(QLatin1String("message")).toString();
        const QJsonObject cond =
            QJsonDocument::fromJson(message.mid(prefix.size()).toUtf8()).object();
        if (!message.startsWith(prefix) || cond.isEmpty())
            continue;
        bool happened = false;
        if (cond.value(QLatin1String("synced")).toBool()) {
            for (const TraceEvent &x : j.events()) {
                if (x.seq >= e.seq)
                    break;
                happened = happened || x.kind == TraceKind::Synced;
            }
        } else {
            TraceKind kind;
            if (!traceKindFromName(cond.value(QLatin1String("kind")).toString(), &kind))
                continue; // a condition this check does not read
            const QString key = cond.value(QLatin1String("key")).toString();
            const QString type = cond.value(QLatin1String("type")).toString();
            const int need = cond.value(QLatin1String("count")).toInt(1);
            int seen = 0;
            for (const TraceEvent &x : j.events()) {
                if (x.seq >= e.seq)
                    break;
                seen += x.kind == kind && (key.isEmpty() || x.key == key) &&
                        (type.isEmpty() || x.type == type);
            }
            happened = seen >= need;
        }
        if (!happened)
            *findings << QStringLiteral("caption event %1 (step %2) is shown, but what its step "
                                        "waited for did not happen before it: %3\n    %4")
                             .arg(e.seq)
                             .arg(step)
                             .arg(message, e.detail.value(QLatin1String("message")).toString());
    }
}

/// Every finding for one journal, in the current language. Each event is explained at the
/// journal's end (every check), and for its rules also as it was live (nothing after it) and at
/// the next scenario step after it (a time-travel point).
QStringList audit(const Journal &j)
{
    QStringList findings;
    auditScenarioCaptions(j, &findings);
    std::vector<quint64> steps; // the scenario's captions: one per step that has one
    for (const TraceEvent &e : j.events())
        if (e.kind == TraceKind::Info && e.component == QLatin1String("scenario"))
            steps.push_back(e.seq);
    for (const TraceEvent &e : j.events()) {
        const QString html = Caption::forEvent(e, &j);
        auditOne(j, e, html, &findings);
        auditRules(j, e, 0, html, &findings);
        auditRules(j, e, e.seq, Caption::forEvent(e, &j, e.seq), &findings);
        const auto step = std::upper_bound(steps.begin(), steps.end(), e.seq);
        if (step != steps.end())
            auditRules(j, e, *step, Caption::forEvent(e, &j, *step), &findings);
    }
    return findings;
}

} // namespace

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
