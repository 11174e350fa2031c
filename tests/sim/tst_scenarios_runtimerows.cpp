// SPDX-License-Identifier: Apache-2.0
// tst_scenarios' rows for the runtime-sample scenarios (cr-*): each checked against the journal
// it recorded on the scenario's clock (CR-30 in depth: tst_scenarios_runtime.cpp).
#include "scenariocheck.h"

#include <QJsonArray>

using namespace lens;

namespace {

/// The ReconcileFinished (or Started) events of `key`, in order.
std::vector<const TraceEvent *> of(const Trace &t, TraceKind kind, const char *key)
{
    return t.find(kind, [key](const TraceEvent &e) { return e.key == QLatin1String(key); });
}

QString str(const TraceEvent *e, const char *field)
{
    return e->detail.value(QLatin1String(field)).toString();
}

} // namespace

void lens::addRuntimeScenarioRows()
{
    QTest::newRow("runtime: initial-list starvation (CR-30)")
        << QStringLiteral("cr-initial-list-starvation") << Check([](const Trace &t, Session &) {
               QVERIFY(of(t, TraceKind::ReconcileStarted, "default/starved").empty());
               QVERIFY(of(t, TraceKind::ReconcileStarted, "default/p1").size() >= 3);
               QVERIFY(of(t, TraceKind::ReconcileStarted, "default/p2").size() >= 3);
           });
    QTest::newRow("runtime: legacy queue (CR-30 B)")
        << QStringLiteral("cr-legacy-queue") << Check([](const Trace &t, Session &) {
               const auto started = t.find(TraceKind::ReconcileStarted);
               QVERIFY(started.size() >= 3);
               QCOMPARE(started.at(1)->key, QStringLiteral("default/starved"));
           });
    QTest::newRow("runtime: a RequeueAfter lost in a merge")
        << QStringLiteral("cr-requeue-after-lost") << Check([](const Trace &t, Session &) {
               const auto merged = t.find(TraceKind::PriorityQueueAdd, [](const TraceEvent &e) {
                   return e.key == QLatin1String("default/k") &&
                          e.detail.value(QLatin1String("merge")).toString() ==
                              QLatin1String("ready wins");
               });
               QCOMPARE(int(merged.size()), 2);
               const auto finished = of(t, TraceKind::ReconcileFinished, "default/k");
               QCOMPARE(int(finished.size()), 4);
               QCOMPARE(str(finished.back(), "result"), QStringLiteral("success"));
               QCOMPARE(finished.back()->t, qint64(9200));
           });
    QTest::newRow("runtime: stuck workers (CR-32 shape)")
        << QStringLiteral("cr-stuck-worker") << Check([](const Trace &t, Session &) {
               const auto finished = t.find(TraceKind::ReconcileFinished);
               QVERIFY(!finished.empty());
               QCOMPARE(finished.front()->t, qint64(10500)); // nothing before the release
               const auto k = of(t, TraceKind::ReconcileStarted, "default/k");
               QVERIFY(!k.empty());
               QVERIFY(k.front()->t >= 10500);
           });
    QTest::newRow("runtime: panic and TerminalError")
        << QStringLiteral("cr-panic-and-terminal") << Check([](const Trace &t, Session &) {
               const auto bad = of(t, TraceKind::ReconcileFinished, "default/bad-config");
               QCOMPARE(int(bad.size()), 1);
               QVERIFY(bad.front()->detail.value(QLatin1String("terminal")).toBool());
               QVERIFY(bad.front()->detail.value(QLatin1String("queueCalls")).toArray().isEmpty());
               const auto boom = of(t, TraceKind::ReconcileFinished, "default/boom");
               int panics = 0;
               for (const TraceEvent *e : boom)
                   panics += e->detail.value(QLatin1String("panic")).toBool();
               QVERIFY(panics >= 6);
               QCOMPARE(str(boom.back(), "result"), QStringLiteral("success"));
           });
    QTest::newRow("runtime: resync storm (CR-31 shape)")
        << QStringLiteral("cr-resync-storm") << Check([](const Trace &t, Session &) {
               const auto urgent = of(t, TraceKind::ReconcileStarted, "default/urgent");
               QVERIFY(!urgent.empty());
               // Resync reconciles at −100 were still queued when urgent ran.
               const auto later = t.find(TraceKind::ReconcileStarted, [&](const TraceEvent &e) {
                   return e.seq > urgent.front()->seq &&
                          e.detail.value(QLatin1String("priority")).toInt() == -100;
               });
               QVERIFY(!later.empty());
           });
    QTest::newRow("runtime: side by side (CR-30 A+B)")
        << QStringLiteral("cr-side-by-side") << Check([](const Trace &t, Session &s) {
               QVERIFY(s.compareWiring());
               // Each controller reconciled only its own namespace's parents.
               const auto started = t.find(TraceKind::ReconcileStarted);
               QStringList legacy;
               for (const TraceEvent *e : started) {
                   const QString c = str(e, "controller");
                   const QString ns = e->key.section(QLatin1Char('/'), 0, 0);
                   QCOMPARE(ns, c == QLatin1String("legacy") ? QStringLiteral("legacy")
                                                             : QStringLiteral("pq"));
                   if (c == QLatin1String("legacy"))
                       legacy << e->key;
               }
               // The priority queue starves pq/starved; the legacy queue hands legacy/starved
               // out second and again in each round.
               QVERIFY(of(t, TraceKind::ReconcileStarted, "pq/starved").empty());
               QVERIFY(of(t, TraceKind::ReconcileStarted, "pq/p2").size() >= 3);
               QVERIFY(legacy.size() >= 4);
               QCOMPARE(legacy.at(1), QStringLiteral("legacy/starved"));
               QVERIFY(legacy.count(QStringLiteral("legacy/starved")) >= 2);
               // The other namespace's objects were dropped by the event filter, by name.
               const auto dropped =
                   t.find(TraceKind::RuntimeEventFiltered, [](const TraceEvent &e) {
                       return e.detail.value(QLatin1String("controller")).toString() ==
                                  QLatin1String("legacy") &&
                              e.key == QLatin1String("pq/starved");
                   });
               QVERIFY(!dropped.empty());
               QCOMPARE(str(dropped.front(), "predicate"),
                        QStringLiteral("NewPredicateFuncs(namespace == \"legacy\")"));
               // Its writes are journaled under its own name.
               QVERIFY(!t.find(TraceKind::ApiRequestFinished, [](const TraceEvent &e) {
                             return e.component == QLatin1String("legacy");
                         }).empty());
           });
}
