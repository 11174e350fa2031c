// SPDX-License-Identifier: Apache-2.0
#pragma once
// What tst_runtimecontroller and tst_runtimestories share (controller-runtime-cases.md
// Conventions, "Controller harness"): a controller on a ManualClock over a RecordingQueue in
// front of the REAL queue its options ask for (defaultNewQueue: PriorityQueue, or LegacyQueue
// with UsePriorityQueue=false), and a scripted asynchronous reconciler whose cost is Clock time
// (a ClockTimer), never real time.

#include "recordingqueue.h"
#include "runtimetestutil.h"

#include "pendingevents.h"
#include "runtime/controller.h"
#include "runtime/legacyqueue.h"
#include "runtime/priorityqueue.h"
#include "trace/clock.h"
#include "trace/clocktimer.h"

namespace lens::test {

/// One scripted reconcile: what it returns and how much Clock time it costs; `hold` = it does
/// not return until the test calls Rig::release.
struct Step {
    runtime::Outcome out = runtime::Outcome::ok();
    qint64 costMs = 0;
    bool hold = false;
};

struct Rig {
    ManualClock clock;
    Journal journal{&clock};
    runtime::ControllerQueue *inner = nullptr; ///< the real queue
    RecordingQueue *rec = nullptr;
    runtime::QueueConfig config;
    /// Consumed in order; when empty, `fallback` (or `perKey`, when set, decides).
    QList<Step> script;
    Step fallback;
    std::function<Step(const QString &)> perKey;
    QStringList seen;    ///< every request reconciled, in order
    QStringList started; ///< "request@ms" of every reconcile start
    QHash<QString, runtime::Reconciler::Finish> held;
    QObject costs; ///< owns the cost timers (destroyed before the clock)
    std::unique_ptr<runtime::Controller> c;

    explicit Rig(runtime::ControllerOptions o = {})
    {
        if (o.name.isEmpty())
            o.name = QStringLiteral("c1");
        o.newQueue = [this](const runtime::QueueConfig &cfg) {
            config = cfg;
            std::unique_ptr<runtime::ControllerQueue> real = runtime::defaultNewQueue(cfg);
            inner = real.get();
            auto r = std::make_unique<RecordingQueue>(inner);
            real.release()->setParent(r.get());
            rec = r.get();
            return r;
        };
        if (!o.reconciler)
            o.reconciler = std::make_shared<runtime::ReconcileFunc>(
                [this](const QString &request, const runtime::ReconcileContext &,
                       runtime::Reconciler::Finish f) {
                    seen << request;
                    started << QStringLiteral("%1@%2").arg(request).arg(clock.nowMs());
                    const Step s = !script.isEmpty() ? script.takeFirst()
                                   : perKey          ? perKey(request)
                                                     : fallback;
                    if (s.hold) {
                        held.insert(request, std::move(f));
                    } else if (s.costMs > 0) {
                        // One timer per reconcile, gone once it fired: a ClockTimer hears
                        // every advance of the clock.
                        auto *t = new ClockTimer(&clock, &costs);
                        QObject::connect(t, &ClockTimer::timeout, t, [t, f, out = s.out] {
                            t->deleteLater();
                            f(out);
                        });
                        t->start(s.costMs);
                    } else {
                        f(s.out);
                    }
                });
        c = std::make_unique<runtime::Controller>(std::move(o), &clock, &journal);
    }
    runtime::PriorityQueue *pq() const { return qobject_cast<runtime::PriorityQueue *>(inner); }
    runtime::LegacyQueue *legacy() const { return qobject_cast<runtime::LegacyQueue *>(inner); }
    /// The fake clock's step: to `targetMs`, stopping at every timer due on the way (each fires
    /// at its own time, and what it starts runs before the clock moves on).
    void stepTo(qint64 targetMs)
    {
        runPendingEvents();
        for (qint64 next = clock.nextTimerDueMs(); next >= 0 && next <= targetMs;
             next = clock.nextTimerDueMs()) {
            clock.advanceTo(next);
            settle();
        }
        clock.advanceTo(targetMs);
        runPendingEvents();
    }
    void step(qint64 ms) { stepTo(clock.nowMs() + ms); }
    /// runPendingEvents until three turns in a row record nothing (each turn of a reconcile's
    /// chain, timer → handler → queue → hand-out → reconcile, records an event), at most 50:
    /// the long stories stop at thousands of due times.
    void settle()
    {
        for (int turns = 0; turns < 50; turns += 3) {
            const quint64 before = journal.lastSeq();
            runPendingEvents(3);
            if (journal.lastSeq() == before)
                return;
        }
    }
    /// The held reconcile of `request` returns `out`.
    void release(const QString &request, const runtime::Outcome &out = runtime::Outcome::ok())
    {
        held.take(request)(out);
        runPendingEvents();
    }
    quint64 total(const char *result) const
    {
        return c->metrics().reconcileTotal.value(QLatin1String(result));
    }
    /// The real priority queue's depth series as "{label:value, …}".
    QString depth() const
    {
        QStringList parts;
        const auto &m = pq()->metrics().depth;
        for (auto it = m.cbegin(); it != m.cend(); ++it)
            parts << QStringLiteral("%1:%2").arg(it.key()).arg(it.value());
        return u'{' + parts.join(QStringLiteral(", ")) + u'}';
    }
    /// The journal's events of `kind` for `key` ("" = any key).
    QList<TraceEvent> events(TraceKind kind, const QString &key = {}) const
    {
        QList<TraceEvent> out;
        for (const TraceEvent &e : journal.events())
            if (e.kind == kind && (key.isEmpty() || e.key == key))
                out << e;
        return out;
    }
    /// "" when every journal event passes tracedetail::check, else why not.
    QString journalOk() const
    {
        QString why;
        allEventsValid(journal, &why);
        return why;
    }
};

} // namespace lens::test
