// SPDX-License-Identifier: Apache-2.0
// controller-runtime's rules (core/lens/rules_runtime.cpp): the starvation paragraph of story
// 6.1 (cr-initial-list-starvation) derived from the journal, and plant-and-catch checks: a
// rule's sentence planted into a caption where the journal contradicts it is found by the
// explanation audit (tests/ui/audit.h), as tst_audit's plantedRuleIsFound does for client-go's.
#include "i18n.h"
#include "lens/caption.h"
#include "lens/format.h"
#include "lens/rules.h"
#include "session/session.h"
#include "sim/scenario.h"
#include "trace/journal.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QtTest>

#include <map>
#include <memory>

using namespace lens;

#include "audit.h"

using namespace lens::auditcheck;

namespace {

/// A synthetic journal of one controller "c" and its priority queue "c".
struct Story {
    ManualClock clock;
    Journal j{&clock};
    quint64 add(TraceKind kind, const QString &key, const QJsonObject &detail)
    {
        TraceEvent e;
        e.kind = kind;
        e.key = key;
        e.component = isPq(kind) ? QStringLiteral("priorityqueue") : QStringLiteral("runtime");
        for (auto it = detail.begin(); it != detail.end(); ++it)
            e.detail.insert(it.key(), it.value());
        e.detail.insert(QLatin1String(isPq(kind) ? "queue" : "controller"), QStringLiteral("c"));
        j.record(e);
        return j.events().back().seq;
    }
    static bool isPq(TraceKind k)
    {
        return k == TraceKind::PriorityQueueAdd || k == TraceKind::PriorityQueueGet ||
               k == TraceKind::PriorityQueueDone || k == TraceKind::PriorityQueueForget ||
               k == TraceKind::PriorityQueueReady || k == TraceKind::PriorityQueueShutDown;
    }
    quint64 readyAdd(const QString &key, int priority, int seq, const QString &reason = {})
    {
        return add(TraceKind::PriorityQueueAdd, key,
                   {{QStringLiteral("priority"), priority},
                    {QStringLiteral("sequence"), seq},
                    {QStringLiteral("merge"), QStringLiteral("new")},
                    {QStringLiteral("ready"), true},
                    {QStringLiteral("afterMs"), 0},
                    {QStringLiteral("delayMs"), 0},
                    {QStringLiteral("reason"), reason}});
    }
    quint64 get(const QString &key, int priority, int seq)
    {
        return add(TraceKind::PriorityQueueGet, key,
                   {{QStringLiteral("priority"), priority},
                    {QStringLiteral("sequence"), seq},
                    {QStringLiteral("worker"), QStringLiteral("w1")}});
    }
    const TraceEvent &at(quint64 seq) const { return *bySeq(j, seq); }
};

QString sentenceOf(RuleId id)
{
    return Rules::translated(Rules::get(id)).toHtmlEscaped();
}

/// `shown` with rule `id`'s sentence planted: the audit's findings about it at the end.
QStringList planted(const Journal &j, const TraceEvent &e, const QString &shown, RuleId id)
{
    QStringList findings;
    auditRules(j, e, 0, shown + QStringLiteral("<p>%1</p>").arg(sentenceOf(id)), &findings);
    return findings;
}

} // namespace

class TestRulesRuntime : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cleanupTestCase() { installTranslation(QString()); }
    void plantedReadyOrderIsCaught();
    void plantedStarvationIsCaught();
    void plantedRequeueAfterIsCaught();
    void plantedInitialListLowIsCaught();
    void plantedShutDownIsCaught();
    void starvationFromTheJournal_data();
    void starvationFromTheJournal();
};

// A Get that handed out a key of priority −100 while one at 0 was ready and unheld: neither the
// Get nor the add of the key passed over says "handed out by priority", and planted it is found.
void TestRulesRuntime::plantedReadyOrderIsCaught()
{
    Story s;
    const quint64 a = s.readyAdd(QStringLiteral("ns/a"), 0, 0);
    s.readyAdd(QStringLiteral("ns/b"), -100, 1);
    s.clock.advance(100);
    const quint64 g = s.get(QStringLiteral("ns/b"), -100, 1);
    for (quint64 seq : {a, g}) {
        const TraceEvent &e = s.at(seq);
        const QString shown = Caption::forEvent(e, &s.j);
        QStringList findings;
        auditRules(s.j, e, 0, shown, &findings);
        QVERIFY2(findings.isEmpty(), qPrintable(findings.join(QLatin1Char('\n'))));
        QVERIFY2(!shown.contains(sentenceOf(RuleId::PqReadyOrder)), qPrintable(shown));
        findings = planted(s.j, e, shown, RuleId::PqReadyOrder);
        QCOMPARE(findings.size(), 1);
        QVERIFY(findings.front().contains(QLatin1String("pq-ready-order")));
    }
    // Live, before the wrong Get, the add's words hold.
    const TraceEvent &add = s.at(a);
    QVERIFY(Caption::forEvent(add, &s.j, a).contains(sentenceOf(RuleId::PqReadyOrder)));
}

// A wait at −100 behind keys at 0 is explained from the journal; with a Get of a key that comes
// after it (the order broken), the rule is not stated, and planted it is found.
void TestRulesRuntime::plantedStarvationIsCaught()
{
    Story s;
    const quint64 low = s.readyAdd(QStringLiteral("ns/low"), -100, 0);
    s.readyAdd(QStringLiteral("ns/p1"), 0, 1);
    s.clock.advance(500);
    s.get(QStringLiteral("ns/p1"), 0, 1);
    s.add(TraceKind::PriorityQueueDone, QStringLiteral("ns/p1"), {});
    const TraceEvent &e = s.at(low);
    QString shown = Caption::forEvent(e, &s.j);
    QVERIFY2(shown.contains(QLatin1String("ns/low has been ready at priority -100 since")),
             qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("ns/p1 ×1 (priority 0)")), qPrintable(shown));
    QVERIFY(shown.contains(sentenceOf(RuleId::PqLowerWaitsForHigher)));
    QStringList findings;
    auditRules(s.j, e, 0, shown, &findings);
    QVERIFY2(findings.isEmpty(), qPrintable(findings.join(QLatin1Char('\n'))));
    // Now a key at −100 added after it is handed out first.
    s.readyAdd(QStringLiteral("ns/later"), -100, 2);
    s.get(QStringLiteral("ns/later"), -100, 2);
    shown = Caption::forEvent(e, &s.j);
    QVERIFY2(!shown.contains(sentenceOf(RuleId::PqLowerWaitsForHigher)), qPrintable(shown));
    findings = planted(s.j, e, shown, RuleId::PqLowerWaitsForHigher);
    QCOMPARE(findings.size(), 1);
    QVERIFY(findings.front().contains(QLatin1String("pq-lower-waits-for-higher")));
}

// RequeueAfter: the queue recorded an add with After but no Forget before it.
void TestRulesRuntime::plantedRequeueAfterIsCaught()
{
    for (bool forgot : {true, false}) {
        Story s;
        s.add(TraceKind::ReconcileStarted, QStringLiteral("ns/k"),
              {{QStringLiteral("worker"), QStringLiteral("w1")}, {QStringLiteral("priority"), 0}});
        s.clock.advance(1000);
        if (forgot)
            s.add(TraceKind::PriorityQueueForget, QStringLiteral("ns/k"),
                  {{QStringLiteral("failures"), 0}});
        s.add(TraceKind::PriorityQueueAdd, QStringLiteral("ns/k"),
              {{QStringLiteral("priority"), 0},
               {QStringLiteral("requestedPriority"), 0},
               {QStringLiteral("sequence"), 3},
               {QStringLiteral("merge"), QStringLiteral("new")},
               {QStringLiteral("afterMs"), 500},
               {QStringLiteral("delayMs"), 500},
               {QStringLiteral("reason"), QStringLiteral("reconcileHandler")}});
        const quint64 fin = s.add(TraceKind::ReconcileFinished, QStringLiteral("ns/k"),
                                  {{QStringLiteral("worker"), QStringLiteral("w1")},
                                   {QStringLiteral("priority"), 0},
                                   {QStringLiteral("result"), QStringLiteral("requeue_after")},
                                   {QStringLiteral("requeueAfterMs"), 500}});
        const TraceEvent &e = s.at(fin);
        const QString shown = Caption::forEvent(e, &s.j);
        QStringList findings;
        auditRules(s.j, e, 0, shown, &findings);
        QVERIFY2(findings.isEmpty(), qPrintable(findings.join(QLatin1Char('\n'))));
        QCOMPARE(shown.contains(sentenceOf(RuleId::ReconcileRequeueAfter)), forgot);
        QVERIFY(shown.contains(sentenceOf(RuleId::ReconcileKeepsPriority)));
        if (!forgot) {
            findings = planted(s.j, e, shown, RuleId::ReconcileRequeueAfter);
            QCOMPARE(findings.size(), 1);
            QVERIFY(findings.front().contains(QLatin1String("reconcile-requeue-after")));
        }
    }
}

// An initial-list create whose add asked for priority 0: the LowPriority rule is not stated.
void TestRulesRuntime::plantedInitialListLowIsCaught()
{
    Story s;
    const quint64 q = s.add(TraceKind::RuntimeEnqueued, QStringLiteral("ns/k"),
                            {{QStringLiteral("event"), QStringLiteral("create")},
                             {QStringLiteral("initialList"), true},
                             {QStringLiteral("lowPriority"), QStringLiteral("initial list")},
                             {QStringLiteral("priority"), -100}});
    s.add(TraceKind::PriorityQueueAdd, QStringLiteral("ns/k"),
          {{QStringLiteral("priority"), 0},
           {QStringLiteral("requestedPriority"), 0},
           {QStringLiteral("sequence"), 0},
           {QStringLiteral("merge"), QStringLiteral("new")},
           {QStringLiteral("ready"), true}});
    const TraceEvent &e = s.at(q);
    QVERIFY(Caption::forEvent(e, &s.j, q).contains(sentenceOf(RuleId::HandlerInitialListLow)));
    const QString shown = Caption::forEvent(e, &s.j);
    QVERIFY2(!shown.contains(sentenceOf(RuleId::HandlerInitialListLow)), qPrintable(shown));
    const QStringList findings = planted(s.j, e, shown, RuleId::HandlerInitialListLow);
    QCOMPARE(findings.size(), 1);
    QVERIFY(findings.front().contains(QLatin1String("handler-initial-list-low")));
}

// A queue that hands a key out after its ShutDown does not "abandon" its entries.
void TestRulesRuntime::plantedShutDownIsCaught()
{
    Story s;
    s.readyAdd(QStringLiteral("ns/a"), 0, 0);
    const quint64 down =
        s.add(TraceKind::PriorityQueueShutDown, {},
              {{QStringLiteral("abandoned"), 1}, {QStringLiteral("processing"), 0}});
    const TraceEvent &e = s.at(down);
    QVERIFY(Caption::forEvent(e, &s.j).contains(sentenceOf(RuleId::PqShutDownAbandons)));
    s.get(QStringLiteral("ns/a"), 0, 0);
    const QString shown = Caption::forEvent(e, &s.j);
    QVERIFY2(!shown.contains(sentenceOf(RuleId::PqShutDownAbandons)), qPrintable(shown));
    const QStringList findings = planted(s.j, e, shown, RuleId::PqShutDownAbandons);
    QCOMPARE(findings.size(), 1);
    QVERIFY(findings.front().contains(QLatin1String("pq-shutdown-abandons")));
}

void TestRulesRuntime::starvationFromTheJournal_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("ns"); ///< the starved parent's namespace
    QTest::newRow("cr-initial-list-starvation")
        << QStringLiteral("cr-initial-list-starvation") << QStringLiteral("default");
    // Two controllers in one journal: the facts name only the keys of the starved key's own
    // queue (runtime-sample's, namespace pq), never the legacy controller's hand-outs.
    QTest::newRow("cr-side-by-side") << QStringLiteral("cr-side-by-side") << QStringLiteral("pq");
}

// Story 6.1 played: the starved parent's add explains, from the journal, how long it has waited
// at −100 and which keys of priority 0 the queue handed out meanwhile; the audit finds nothing.
void TestRulesRuntime::starvationFromTheJournal()
{
    QFETCH(QString, scenario);
    QFETCH(QString, ns);
    QVERIFY(
        installTranslation(QString())); // the facts below are English; a row before ended in zh_CN
    Session::Options o;
    o.scenario = scenario;
    o.scenarioSpeed = 0;
    Session session(o);
    bool finished = false;
    connect(&session, &Session::scenarioFinished, this, [&finished] { finished = true; });
    QString err;
    QVERIFY2(session.start(&err), qPrintable(err));
    QTRY_VERIFY_WITH_TIMEOUT(finished, 120000);
    const Journal &j = *session.journal();
    const TraceEvent *add = nullptr;
    for (const TraceEvent &e : j.events())
        if (e.kind == TraceKind::PriorityQueueAdd && e.key == ns + QLatin1String("/starved"))
            add = &e;
    QVERIFY(add);
    const QString shown = Caption::forEvent(*add, &j);
    qInfo("%s", qPrintable(shown));
    const QRegularExpression facts(
        QStringLiteral("%1/starved has been ready at priority -100 since [0-9.]+ s "
                       "\\([^)]*\\); since then the queue handed out ([0-9]+) key\\(s\\) of a "
                       "higher priority: (%1/[a-z0-9]+ ×[0-9]+, )*%1/[a-z0-9]+ ×[0-9]+ "
                       "\\(priority 0\\), and never this one.")
            .arg(ns));
    const auto m = facts.match(shown);
    QVERIFY2(m.hasMatch(), qPrintable(shown));
    QVERIFY(m.captured(1).toInt() >= 6);
    QVERIFY(shown.contains(sentenceOf(RuleId::PqLowerWaitsForHigher)));
    for (const QString &lang : {QString(), QStringLiteral("zh_CN")}) {
        QVERIFY(installTranslation(lang));
        const QStringList findings = audit(j);
        QVERIFY2(findings.isEmpty(), qPrintable(findings.mid(0, 8).join(QLatin1Char('\n'))));
    }
}

QTEST_MAIN(TestRulesRuntime)
#include "tst_rules_runtime.moc"
