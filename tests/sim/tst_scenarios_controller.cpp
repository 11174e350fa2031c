// SPDX-License-Identifier: Apache-2.0
// tst_scenarios' rows for the controller scenarios: the ProvisionController, its workqueues and
// the built-in cluster's storage half, checked against the journal each scenario recorded.
#include "client/kubeclient.h"
#include "controller/provisioncontroller.h"
#include "controller/queueworker.h"
#include "scenariocheck.h"
#include "sim/store.h"
#include "trace/tracedetail.h"
#include "workqueue/ratelimitingqueue.h"

#include <QJsonArray>

#include <algorithm>

using namespace lens;

namespace {

/// The built-in cluster's objects of `resource` (persistentvolumeclaims, persistentvolumes).
QList<Object> stored(Session &s, const char *resource)
{
    return s.simulatorStore()->objects(QLatin1String(resource));
}

QString phaseOf(const Object &o)
{
    return o.json().value(u"status").toObject().value(u"phase").toString();
}

/// The claim queue's key (the claim's UID) of default/`name`.
QString claimUid(Session &s, const char *name)
{
    for (const Object &c : stored(s, "persistentvolumeclaims"))
        if (c.name() == QLatin1String(name))
            return c.uid();
    return {};
}

/// A controller scenario's claims: each Bound to a volume the provisioner made.
void expectAllBound(Session &s, int claims)
{
    const QList<Object> pvcs = stored(s, "persistentvolumeclaims");
    QCOMPARE(int(pvcs.size()), claims);
    for (const Object &c : pvcs)
        QVERIFY2(phaseOf(c) == QLatin1String("Bound"), qPrintable(c.name() + phaseOf(c)));
    const QList<Object> pvs = stored(s, "persistentvolumes");
    QCOMPARE(int(pvs.size()), claims);
    for (const Object &v : pvs)
        QCOMPARE(phaseOf(v), QStringLiteral("Bound"));
}

/// The scenario captions the journal recorded (Info notes of the scenario, type caption).
QStringList captionsOf(const Trace &t)
{
    QStringList out;
    for (const TraceEvent *e : t.find(TraceKind::Info, [](const TraceEvent &e) {
             return e.component == QLatin1String("scenario") && e.type == QLatin1String("caption");
         }))
        out << e->detail.value(QLatin1String("message")).toString();
    return out;
}

/// No worker took a key before the WaitForCacheSync gate opened (the gate's one event).
void expectWorkersAfterGate(const Trace &t)
{
    const auto opened = t.find(TraceKind::CacheSyncFinished, [](const TraceEvent &e) {
        return e.type == QLatin1String("opened");
    });
    QCOMPARE(int(opened.size()), 1);
    const auto syncs = t.find(TraceKind::ControllerSyncStarted);
    QVERIFY(!syncs.empty());
    QVERIFY(syncs.front()->seq > opened.front()->seq);
}

} // namespace

void lens::addControllerScenarioRows()
{
    QTest::newRow("controller: provisioning from an empty cluster")
        << QStringLiteral("controller-provision") << Check([](const Trace &t, Session &s) {
               QCOMPARE(s.informerNames(), (QStringList{QStringLiteral("persistentvolumeclaims"),
                                                        QStringLiteral("persistentvolumes"),
                                                        QStringLiteral("storageclasses")}));
               expectWorkersAfterGate(t);
               expectAllBound(s, 1);
               const QString uid = claimUid(s, "data");
               QCOMPARE(stored(s, "persistentvolumes").value(0).name(),
                        QStringLiteral("pvc-") + uid);
               const auto provisioned = t.find(TraceKind::ControllerSyncFinished, [](auto &e) {
                   return e.detail.value(QLatin1String("outcome")).toString() ==
                          QLatin1String("provisioned");
               });
               // Once, or twice when the key came back (dirty) before the volumes informer had
               // the new PV: the second POST finds it AlreadyExists, success as in the library.
               QVERIFY(provisioned.size() == 1 || provisioned.size() == 2);
               for (const TraceEvent *e : provisioned)
                   QCOMPARE(e->key, uid);
               // The second sync is a race: its POST answered 409 AlreadyExists (the volumes
               // informer did not have the PV yet) or it stopped (it had). Each caption about it
               // is there exactly when the journal recorded its side.
               const bool conflict =
                   !t.find(TraceKind::ApiRequestFinished, [](auto &e) {
                         return e.detail.value(QLatin1String("code")).toInt() == 409 &&
                                e.detail.value(QLatin1String("path"))
                                    .toString()
                                    .endsWith(QLatin1String("persistentvolumes"));
                     }).empty();
               const bool stopped =
                   !t.find(TraceKind::ControllerSyncFinished, [](auto &e) {
                         return e.detail.value(QLatin1String("outcome")).toString() ==
                                QLatin1String("stopped");
                     }).empty();
               const QStringList captions = captionsOf(t);
               auto shown = [&captions](const char *words) {
                   return std::any_of(captions.begin(), captions.end(), [words](const QString &c) {
                       return c.contains(QLatin1String(words));
                   });
               };
               QCOMPARE(shown("409 AlreadyExists"), conflict);
               QCOMPARE(shown("stopped with nothing to do"), stopped);
               QCOMPARE(provisioned.size() == 2, conflict);
               if (conflict) // the second run says so in its own event
                   QVERIFY(
                       provisioned.back()->detail.value(QLatin1String("alreadyExists")).toBool());
               QVERIFY(!provisioned.front()->detail.contains(QLatin1String("alreadyExists")));
               QCOMPARE(s.provisionController()->metrics().provisionStoppedTotal.value(
                            QStringLiteral("standard")),
                        stopped ? 1 : 0);
               // The PV's POST answered 201, and the volumes informer saw the volume.
               QVERIFY(!t.find(TraceKind::ApiRequestFinished, [](const TraceEvent &e) {
                             return e.detail.value(QLatin1String("verb")).toString() ==
                                        QLatin1String("POST") &&
                                    e.detail.value(QLatin1String("code")).toInt() == 201;
                         }).empty());
               QCOMPARE(int(t.find(TraceKind::HandlerNotified,
                                   [&uid](const TraceEvent &e) {
                                       return e.type == QLatin1String("add") &&
                                              e.key == QLatin1String("pvc-") + uid &&
                                              e.detail.value(QLatin1String("handler")).toString() ==
                                                  QLatin1String("logger");
                                   })
                                .size()),
                        1);
           });
    QTest::newRow("controller: three failures retried after 15 s, 30 s, 60 s")
        << QStringLiteral("controller-retry") << Check([](const Trace &t, Session &s) {
               const QString uid = claimUid(s, "flaky");
               QList<qint64> delays;
               for (const TraceEvent *e : t.find(TraceKind::WorkqueueAddRateLimited))
                   if (e->key == uid)
                       delays << e->detail.value(QLatin1String("delayMs")).toInteger();
               QCOMPARE(delays, (QList<qint64>{15000, 30000, 60000}));
               const auto injected = t.find(TraceKind::ProvisionerReturned, [](const auto &e) {
                   return e.detail.value(QLatin1String("injected")).toBool();
               });
               QCOMPARE(int(injected.size()), 3);
               // The scenario clock shows the waits: the success comes 105 s after the first
               // failure (plus the provisioner's latency of each attempt).
               const auto done = t.find(TraceKind::ControllerSyncFinished, [](const auto &e) {
                   return e.detail.value(QLatin1String("outcome")).toString() ==
                          QLatin1String("provisioned");
               });
               QVERIFY(!done.empty());
               QVERIFY(done.front()->t - injected.front()->t >= 105000);
               expectAllBound(s, 1);
               QCOMPARE(s.provisionController()->claimQueue()->numRequeues(uid), 0);
               QCOMPARE(s.provisionController()->metrics().provisionFailedTotal.value(
                            QStringLiteral("standard")),
                        3);
           });
    QTest::newRow("controller: updated while a worker holds it, re-queued at Done")
        << QStringLiteral("controller-dirty") << Check([](const Trace &t, Session &s) {
               const QString uid = claimUid(s, "slow");
               // The label update came while the first Provision ran (3 s): the key was marked
               // dirty, and Done put it back.
               const auto dirty = t.find(TraceKind::WorkqueueAdd, [&uid](const TraceEvent &e) {
                   return e.key == uid && e.detail.value(QLatin1String("whileProcessing")).toBool();
               });
               QVERIFY(!dirty.empty());
               const auto updated = t.find(TraceKind::Info, [](const TraceEvent &e) {
                   return e.component == QLatin1String("scenario") &&
                          e.type == QLatin1String("update");
               });
               QCOMPARE(int(updated.size()), 1);
               QVERIFY(dirty.back()->seq > updated.front()->seq);
               const auto requeued = t.find(TraceKind::WorkqueueDone, [&](const TraceEvent &e) {
                   return e.key == uid && e.seq > dirty.back()->seq &&
                          e.detail.value(QLatin1String("requeued")).toBool();
               });
               QVERIFY(!requeued.empty());
               // Then it was processed once more, and one volume was made.
               QVERIFY(!t.find(TraceKind::ControllerSyncStarted, [&](const TraceEvent &e) {
                             return e.key == uid && e.seq > requeued.front()->seq;
                         }).empty());
               // However often it was synced, one volume, bound to it.
               expectAllBound(s, 1);
           });
    QTest::newRow("controller: 50 claims, threadiness 4")
        << QStringLiteral("controller-burst") << Check([](const Trace &t, Session &s) {
               QCOMPARE(s.provisionController()->claimWorkers().size(), 4);
               expectAllBound(s, 50);
               // Each claim provisioned (a key that came back dirty before the volumes
               // informer had its PV may be provisioned twice: the POST's AlreadyExists).
               QSet<QString> provisioned;
               for (const TraceEvent *e : t.find(TraceKind::ControllerSyncFinished))
                   if (e->detail.value(QLatin1String("outcome")).toString() ==
                       QLatin1String("provisioned"))
                       provisioned.insert(e->key);
               QCOMPARE(int(provisioned.size()), 50);
               // Four workers' writes were in flight together at some point.
               QVERIFY2(
                   s.provisionController()->client()->peakInFlight() >= 2,
                   qPrintable(QString::number(s.provisionController()->client()->peakInFlight())));
               // Each of the four claim workers took claims (the first four keys went to four
               // idle workers).
               QSet<QString> workers;
               for (const TraceEvent *e : t.find(TraceKind::ControllerSyncStarted))
                   if (e->detail.value(QLatin1String("queue")).toString() == u"claims")
                       workers.insert(e->detail.value(QLatin1String("worker")).toString());
               QCOMPARE(int(workers.size()), 4);
           });
    QTest::newRow("controller: deleting the claim deletes its volume")
        << QStringLiteral("controller-delete") << Check([](const Trace &t, Session &s) {
               QVERIFY(stored(s, "persistentvolumeclaims").isEmpty());
               QVERIFY(stored(s, "persistentvolumes").isEmpty());
               const auto deleted = t.find(TraceKind::ControllerSyncFinished, [](const auto &e) {
                   return e.detail.value(QLatin1String("outcome")).toString() ==
                          QLatin1String("deleted");
               });
               QVERIFY(!deleted.empty());
               QCOMPARE(deleted.front()->detail.value(QLatin1String("queue")).toString(),
                        QStringLiteral("volumes"));
               QVERIFY(t.count(TraceKind::ProvisionerCalled, QStringLiteral("delete")) >= 1);
               QVERIFY(!t.find(TraceKind::ApiRequestFinished, [](const TraceEvent &e) {
                             return e.detail.value(QLatin1String("verb")).toString() ==
                                    QLatin1String("DELETE");
                         }).empty());
           });
    QTest::newRow("controller: resync enqueues every claim")
        << QStringLiteral("controller-resync") << Check([](const Trace &t, Session &s) {
               expectAllBound(s, 3);
               const auto resync = t.find(TraceKind::Resync, [](const TraceEvent &e) {
                   return e.informer == QLatin1String("persistentvolumeclaims");
               });
               QVERIFY(!resync.empty());
               // After the first resync each of the three claims was added to the queue again
               // and synced without provisioning anything.
               for (const char *name : {"data-0", "data-1", "logs"}) {
                   const QString uid = claimUid(s, name);
                   QVERIFY2(!t.find(TraceKind::WorkqueueAdd,
                                    [&](const TraceEvent &e) {
                                        return e.key == uid && e.seq > resync.front()->seq;
                                    })
                                 .empty(),
                            name);
               }
               QVERIFY(t.find(TraceKind::ControllerSyncFinished, [](const TraceEvent &e) {
                            return e.detail.value(QLatin1String("outcome")).toString() ==
                                   QLatin1String("skipped");
                        }).size() >= 3);
               QCOMPARE(t.count(TraceKind::ProvisionerCalled, QStringLiteral("provision")), 3);
           });
    QTest::newRow("controller: WaitForCacheSync held back by a 403 on storageclasses")
        << QStringLiteral("controller-gate") << Check([](const Trace &t, Session &s) {
               const auto refused = t.find(TraceKind::ListFailed, [](const TraceEvent &e) {
                   return e.informer == QLatin1String("storageclasses") &&
                          e.detail.value(QLatin1String("code")).toInt() == 403;
               });
               QVERIFY(!refused.empty());
               const auto lifted = t.find(TraceKind::Info, [](const TraceEvent &e) {
                   return e.component == QLatin1String("scenario") &&
                          e.type == QLatin1String("fault") &&
                          e.detail.value(QLatin1String("message"))
                              .toString()
                              .contains(QLatin1String("may be listed"));
               });
               QCOMPARE(int(lifted.size()), 1);
               const auto opened = t.find(TraceKind::CacheSyncFinished);
               QCOMPARE(int(opened.size()), 1);
               QCOMPARE(opened.front()->type, QStringLiteral("opened"));
               QCOMPARE(opened.front()->detail.value(QLatin1String("waitedOn")).toString(),
                        QStringLiteral("storageclasses"));
               QVERIFY(opened.front()->seq > lifted.front()->seq);
               QVERIFY(opened.front()->seq > refused.back()->seq);
               // While the gate was shut it named storageclasses, and the early claim waited
               // in the queue: no worker took a key before the gate opened.
               QVERIFY(!t.find(TraceKind::CacheSyncWaiting, [](const TraceEvent &e) {
                             return e.detail.value(QLatin1String("notSynced"))
                                 .toArray()
                                 .contains(QStringLiteral("storageclasses"));
                         }).empty());
               const QString uid = claimUid(s, "early");
               const auto queued = t.find(TraceKind::WorkqueueAdd,
                                          [&uid](const TraceEvent &e) { return e.key == uid; });
               QVERIFY(!queued.empty());
               QVERIFY(queued.front()->seq < opened.front()->seq);
               expectWorkersAfterGate(t);
               expectAllBound(s, 1);
           });
}

void lens::checkBurstStandsAtItsStopTime()
{
    Session::Options o;
    o.scenario = QStringLiteral("controller-burst");
    o.scenarioSpeed = 0;
    o.reproducible = true;
    o.stopAtMs = 1100; // --at 1.1: the claims were created at 1 s, each Provision takes 200 ms
    Session s(o);
    bool stopped = false;
    QObject::connect(&s, &Session::scenarioStopTimeReached, [&stopped] { stopped = true; });
    QString error;
    QVERIFY2(s.start(&error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(stopped, 30000);
    QCOMPARE(s.clock()->nowMs(), 1100);
    for (const TraceEvent &e : s.journal()->events())
        QVERIFY2(e.t <= 1100,
                 qPrintable(QStringLiteral("%1 at %2 ms").arg(traceKindName(e.kind)).arg(e.t)));
    int busy = 0;
    for (const controller::QueueWorker *w : s.provisionController()->claimWorkers())
        busy += w->isBusy();
    QCOMPARE(busy, 4);
    int pending = 0;
    for (const Object &c : stored(s, "persistentvolumeclaims"))
        pending += phaseOf(c) == QLatin1String("Pending");
    QCOMPARE(int(stored(s, "persistentvolumeclaims").size()), 50);
    QCOMPARE(pending, 50); // no volume is saved before 1.2 s
    QVERIFY(stored(s, "persistentvolumes").isEmpty());
}

void lens::checkThreadinessReplacesTheScenarios(int threadiness)
{
    Session::Options o;
    o.scenario = QStringLiteral("controller-burst"); // its own threadiness: 4
    o.scenarioSpeed = 0;
    o.threadiness = threadiness;
    Session s(o);
    bool finished = false;
    QStringList captions;
    QObject::connect(&s, &Session::scenarioFinished, [&finished] { finished = true; });
    QObject::connect(&s, &Session::captionChanged,
                     [&captions](const QString &text) { captions << text; });
    QString error;
    QVERIFY2(s.start(&error), qPrintable(error));
    QCOMPARE(s.provisionController()->options().threadiness, threadiness);
    QTRY_VERIFY_WITH_TIMEOUT(finished, 60000);
    // The workers start once the caches synced.
    QCOMPARE(int(s.provisionController()->claimWorkers().size()), threadiness);
    QCOMPARE(int(s.provisionController()->volumeWorkers().size()), threadiness);
    const Trace t{s.journal()->events()};
    QVERIFY2(t.scenarioErrors().isEmpty(), qPrintable(t.scenarioErrors().join(u'\n')));
    QTRY_VERIFY_WITH_TIMEOUT(
        [&s] {
            const QList<Object> pvcs = stored(s, "persistentvolumeclaims");
            return pvcs.size() == 50 && std::all_of(pvcs.begin(), pvcs.end(), [](const Object &c) {
                       return phaseOf(c) == QLatin1String("Bound");
                   });
        }(),
        30000);
    expectAllBound(s, 50);
    QSet<QString> workers;
    for (const TraceEvent *e : t.find(TraceKind::ControllerSyncStarted))
        if (e->detail.value(QLatin1String("queue")).toString() == u"claims")
            workers.insert(e->detail.value(QLatin1String("worker")).toString());
    QCOMPARE(int(workers.size()), threadiness);
    // The captions that count workers count the real ones.
    const QString n = QString::number(threadiness);
    QVERIFY2(captions.join(u'\n').contains(QStringLiteral("(%1 of each").arg(n)),
             qPrintable(captions.join(u'\n')));
    QVERIFY2(captions.join(u'\n').contains(QStringLiteral("%1 claim worker(s)").arg(n)),
             qPrintable(captions.join(u'\n')));
    QVERIFY(!captions.join(u'\n').contains(QLatin1String("{threadiness}")));
}
