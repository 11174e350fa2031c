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
// The checks read the templates through tr(), so they hold in either language.
#include "i18n.h"
#include "informer/controller.h"
#include "informer/sharedinformer.h"
#include "lens/caption.h"
#include "lens/format.h"
#include "session/session.h"
#include "sim/apiserver.h"
#include "sim/churn.h"
#include "sim/scenario.h"
#include "sim/store.h"
#include "trace/journal.h"

#include <QRegularExpression>
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
/// a scenario's captions recorded as it reacts to a list, aside).
const TraceEvent *batchStart(const Journal &j, const TraceEvent &queued)
{
    const TraceEvent *found = nullptr;
    for (const TraceEvent &e : j.events()) {
        if (e.seq >= queued.seq)
            break;
        if (e.kind != TraceKind::FifoQueued && e.kind != TraceKind::Info)
            found = &e;
    }
    return found;
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
            if (r.seq > e.seq && e.kind != TraceKind::Resync && e.kind != TraceKind::WatchError &&
                e.kind != TraceKind::ListCompleted)
                finding(e, QStringLiteral("is explained by a later event %1").arg(r.seq), html);
    }
}

/// Every finding for one journal, in the current language.
QStringList audit(const Journal &j)
{
    QStringList findings;
    for (const TraceEvent &e : j.events())
        auditOne(j, e, Caption::forEvent(e, &j), &findings);
    return findings;
}

} // namespace

class TestAudit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase() { installTranslation(QString()); }
    void auditCanFail();
    void scenarios_data();
    void scenarios();
    void liveRunWithFaults();

private:
    struct Run {
        std::unique_ptr<Session> session;
        bool finished = false;
        QString startError;
    };
    std::map<QString, Run> m_runs;
};

void TestAudit::initTestCase()
{
    // Every shipped scenario at once, as fast as its conditions allow.
    for (const QString &name : sim::Scenario::shippedNames()) {
        Run &run = m_runs[name];
        Session::Options o;
        o.scenario = name;
        o.scenarioSpeed = 0;
        run.session = std::make_unique<Session>(o);
        connect(run.session.get(), &Session::scenarioFinished, this,
                [&run] { run.finished = true; });
        if (!run.session->start(&run.startError))
            run.finished = true;
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

void TestAudit::scenarios_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("lang");
    for (const QString &name : sim::Scenario::shippedNames())
        for (const QString &lang : {QStringLiteral("en"), QStringLiteral("zh_CN")})
            QTest::newRow(qPrintable(name + QLatin1Char(' ') + lang)) << name << lang;
}

void TestAudit::scenarios()
{
    QFETCH(QString, scenario);
    QFETCH(QString, lang);
    Run &run = m_runs.at(scenario);
    QVERIFY2(run.startError.isEmpty(), qPrintable(run.startError));
    QTRY_VERIFY_WITH_TIMEOUT(run.finished, 120000);
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
