// SPDX-License-Identifier: Apache-2.0
// PriorityQueuePanel offscreen over a synthetic journal of the starvation story
// (controller-runtime-semantics §6.1): one lane per priority, highest on top, the chips in
// hand-out order with their age, the starved key highlighted with why it waits in its
// tooltip's facts, the workers strip and the capacity line. The picture is saved as
// priorityqueuepanel.png next to the test binary (look at it when the panel changes).
#include "fonts.h"
#include "lens/lensmodels.h"
#include "lens/priorityqueuemodel.h"
#include "priorityqueuepanel.h"
#include "trace/clock.h"
#include "trace/journal.h"
#include "trace/tracedetail.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QLabel>
#include <QTest>

using namespace lens;
using namespace Qt::StringLiterals;

namespace {

const QString kQueue = u"runtime-sample"_s;

struct Story {
    ManualClock clock;
    Journal journal{&clock};
    qint64 seq = 1;

    void record(TraceKind kind, const char *component, const QString &key, QJsonObject d)
    {
        TraceEvent e;
        e.kind = kind;
        e.component = QString::fromLatin1(component);
        e.key = key;
        e.detail = d;
        QString why;
        if (!tracedetail::check(e, &why))
            qFatal("synthetic event off the schema: %s", qPrintable(why));
        journal.record(e);
    }
    void add(const QString &key, int priority, qint64 delayMs, const char *reason)
    {
        QJsonObject d{{u"queue"_s, kQueue},
                      {u"priority"_s, priority},
                      {u"delayMs"_s, delayMs},
                      {u"merge"_s, u"new"_s},
                      {u"sequence"_s, seq++},
                      {u"ready"_s, delayMs == 0},
                      {u"reason"_s, QString::fromLatin1(reason)},
                      {u"depth"_s, 0}};
        if (delayMs > 0)
            d.insert(u"readyAtMs"_s, clock.nowMs() + delayMs);
        if (priority != 0) // the handler's or reconcileHandler's explicit priority
            d.insert(u"requestedPriority"_s, priority);
        record(TraceKind::PriorityQueueAdd, "priorityqueue", key, d);
    }
    void enqueued(const QString &key, const char *event, int priority, const char *low)
    {
        QJsonObject d{{u"controller"_s, kQueue},
                      {u"handler"_s, u"EnqueueRequestForObject"_s},
                      {u"event"_s, QString::fromLatin1(event)},
                      {u"objectKey"_s, key},
                      {u"priority"_s, priority}};
        if (*low)
            d.insert(u"lowPriority"_s, QString::fromLatin1(low));
        record(TraceKind::RuntimeEnqueued, "runtime", key, d);
    }
    void reconcile(const QString &key, qint64 costMs)
    {
        record(TraceKind::PriorityQueueGet, "priorityqueue", key,
               {{u"queue"_s, kQueue}, {u"worker"_s, u"worker-1"_s}, {u"priority"_s, 0}});
        record(TraceKind::ReconcileStarted, "runtime", key,
               {{u"controller"_s, kQueue}, {u"worker"_s, u"worker-1"_s}, {u"priority"_s, 0}});
        clock.advance(costMs);
        add(key, 0, 500, "reconcileHandler: RequeueAfter");
        record(TraceKind::ReconcileFinished, "runtime", key,
               {{u"controller"_s, kQueue},
                {u"worker"_s, u"worker-1"_s},
                {u"priority"_s, 0},
                {u"result"_s, u"requeue_after"_s},
                {u"requeueAfterMs"_s, 500},
                {u"queueCalls"_s, QJsonArray{u"Forget"_s, u"AddWithOpts{After: 500ms}"_s}},
                {u"durationMs"_s, costMs}});
        record(TraceKind::PriorityQueueDone, "priorityqueue", key,
               {{u"queue"_s, kQueue}, {u"worker"_s, u"worker-1"_s}});
    }
    void ready(const QString &key)
    {
        record(TraceKind::PriorityQueueReady, "priorityqueue", key,
               {{u"queue"_s, kQueue}, {u"priority"_s, 0}, {u"sequence"_s, seq++}});
    }

    /// One worker; p1 and p2 at priority 0 requeued after 500 ms, each reconcile 1 s; L and M
    /// only in the initial list at -100; a created key at priority 5 waits for the worker.
    void play()
    {
        record(TraceKind::RuntimeControllerStarted, "runtime", QString(),
               {{u"controller"_s, kQueue},
                {u"phase"_s, u"workers started"_s},
                {u"maxConcurrentReconciles"_s, 1},
                {u"usePriorityQueue"_s, true}});
        for (const QString &k : {u"default/L"_s, u"default/M"_s}) {
            enqueued(k, "create", -100, "initial list");
            add(k, -100, 0, "EnqueueRequestForObject: create");
        }
        add(u"default/p1"_s, 0, 0, "EnqueueRequestForObject: create");
        add(u"default/p2"_s, 0, 0, "EnqueueRequestForObject: create");
        for (int i = 0; i < 12; ++i) {
            reconcile(i % 2 == 0 ? u"default/p1"_s : u"default/p2"_s, 1000);
            ready(i % 2 == 0 ? u"default/p2"_s : u"default/p1"_s);
        }
        record(TraceKind::PriorityQueueGet, "priorityqueue", u"default/p1"_s,
               {{u"queue"_s, kQueue}, {u"worker"_s, u"worker-1"_s}, {u"priority"_s, 0}});
        enqueued(u"default/urgent"_s, "create", 5, "");
        add(u"default/urgent"_s, 5, 0, "EnqueueRequestForObject: create");
        clock.advance(400);
    }
};

} // namespace

class tst_PriorityQueuePanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(installBundledFonts()); }
    void showsTheLanes();
};

void tst_PriorityQueuePanel::showsTheLanes()
{
    Story story;
    story.play();
    LensModels stream(&story.journal, LensModels::StreamViews);
    stream.settle();
    PriorityQueuePanel panel(&stream, &story.clock);
    panel.resize(1100, 640);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.refresh();

    const PriorityQueueModel *m = panel.model();
    QCOMPARE(m->lanes().size(), 4); // 5, 0, -100, waiting
    QCOMPARE(m->lanes().at(0).priority, 5);
    QCOMPARE(m->lanes().at(2).keys, QStringList({u"default/L"_s, u"default/M"_s}));
    // Every chip is laid out inside the lanes view, and the starved keys are below the others.
    const PriorityLanesView *lanes = panel.lanesView();
    const QRect urgent = lanes->chipRect(u"default/urgent"_s);
    const QRect starved = lanes->chipRect(u"default/L"_s);
    QVERIFY(!urgent.isEmpty());
    QVERIFY(!starved.isEmpty());
    QVERIFY(starved.top() > urgent.bottom());
    QVERIFY(lanes->rect().contains(starved));
    QVERIFY(panel.workersLabel()->text().contains(u"worker-1 \u2192 default/p1"_s));
    QVERIFY2(panel.capacityLabel()->text().contains(u"P \u00B7 c / (W \u00B7 T) = 4.00"_s),
             qPrintable(panel.capacityLabel()->text()));
    const PriorityQueueState::Entry &L = m->state()->entries[u"default/L"_s];
    QCOMPARE(m->passedOverText(L), u"passed over 13 time(s): default/p1 \u00D77, default/p2 "
                                   "\u00D76 at priority 0 \u00B7 never handed out"_s);

    const QString path = QCoreApplication::applicationDirPath() + u"/priorityqueuepanel.png"_s;
    QVERIFY(panel.grab().save(path));
    qInfo("picture: %s", qPrintable(path));
}

QTEST_MAIN(tst_PriorityQueuePanel)
#include "tst_priorityqueuepanel.moc"
