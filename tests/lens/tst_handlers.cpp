// SPDX-License-Identifier: Apache-2.0
// HandlersModel and HandlerNotificationsModel folded from synthetic HandlerNotified events.
#include "lens/eventbatcher.h"
#include "lens/handlersmodel.h"
#include "pendingevents.h"
#include "trace/journal.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace lens;

namespace {
void notify(Journal *j, const QString &handler, const QString &type, const QString &key, int rv,
            int backlog, int latencyMs, bool initial = false, int oldRv = 0)
{
    TraceEvent e;
    e.kind = TraceKind::HandlerNotified;
    e.component = QStringLiteral("processor");
    e.key = key;
    e.type = type;
    e.resourceVersion = QString::number(rv);
    e.detail.insert(QLatin1String("handler"), handler);
    e.detail.insert(QLatin1String("backlog"), backlog);
    e.detail.insert(QLatin1String("latencyMs"), latencyMs);
    if (type == QLatin1String("add"))
        e.detail.insert(QLatin1String("isInInitialList"), initial);
    if (oldRv)
        e.detail.insert(QLatin1String("oldResourceVersion"), QString::number(oldRv));
    j->record(e);
}

void handlerEvent(Journal *j, TraceKind kind, const QString &handler, qint64 resyncMs = 0)
{
    TraceEvent e;
    e.kind = kind;
    e.component = QStringLiteral("processor");
    e.detail.insert(QLatin1String("handler"), handler);
    if (kind != TraceKind::HandlerRemoved)
        e.detail.insert(QLatin1String("resyncPeriodMs"), resyncMs);
    j->record(e);
}

QStringList column(const QAbstractItemModel &m, int col)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.index(r, col).data().toString();
    return out;
}
} // namespace

class tst_Handlers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void kinds();
    void perListenerFigures();
    void notificationsOfOneHandler();
    void notificationsCapAndTimeTravel();
    void registeredHandlerHasARowBeforeItsFirstNotification();
};

void tst_Handlers::kinds()
{
    TraceEvent e;
    e.kind = TraceKind::HandlerNotified;
    e.type = QStringLiteral("add");
    QCOMPARE(notificationKindOf(e), NotificationKind::Add);
    e.detail.insert(QLatin1String("isInInitialList"), true);
    QCOMPARE(notificationKindOf(e), NotificationKind::AddInitialList);
    e.type = QStringLiteral("update (resync)");
    QCOMPARE(notificationKindOf(e), NotificationKind::ResyncUpdate);
    e.type = QStringLiteral("update");
    QCOMPARE(notificationKindOf(e), NotificationKind::Update);
    e.type = QStringLiteral("delete (tombstone)");
    QCOMPARE(notificationKindOf(e), NotificationKind::TombstoneDelete);
    e.type = QStringLiteral("delete");
    QCOMPARE(notificationKindOf(e), NotificationKind::Delete);
    QCOMPARE(notificationKindName(NotificationKind::AddInitialList),
             QStringLiteral("add (initial list)"));
}

void tst_Handlers::perListenerFigures()
{
    ManualClock clock;
    Journal journal(&clock);
    // History before the model exists is folded at construction.
    notify(&journal, QStringLiteral("fast"), QStringLiteral("add"), QStringLiteral("ns/a"), 10, 0,
           1, true);
    HandlersModel model(&journal);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 1);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

    clock.advance(100);
    for (int i = 0; i < 5; ++i) // a slow handler falls behind: backlog 4,3,2,1,0
        notify(&journal, QStringLiteral("slow"), QStringLiteral("add"),
               QStringLiteral("ns/p%1").arg(i), 20 + i, 4 - i, 100 * (i + 1), true);
    notify(&journal, QStringLiteral("fast"), QStringLiteral("update (resync)"),
           QStringLiteral("ns/a"), 10, 0, 3, false, 10);
    notify(&journal, QStringLiteral("fast"), QStringLiteral("delete (tombstone)"),
           QStringLiteral("ns/a"), 10, 0, 5);
    model.flush();
    QCOMPARE(inserted.size(), 1); // one batch: one insert for the new listener
    QCOMPARE(changed.size(), 1);  // and one dataChanged for the known one
    QCOMPARE(model.handlers(), (QStringList{QStringLiteral("fast"), QStringLiteral("slow")}));

    const auto slow = model.statsAt(model.rowOfHandler(QStringLiteral("slow")));
    QCOMPARE(slow.delivered, 5);
    QCOMPARE(slow.backlog, 0);
    QCOMPARE(slow.maxBacklog, 4);
    QCOMPARE(slow.latencyP50Ms, 300);
    QCOMPARE(slow.latencyMaxMs, 500);
    QCOMPARE(slow.byKind.value(int(NotificationKind::AddInitialList)), 5);
    const int fastRow = model.rowOfHandler(QStringLiteral("fast"));
    QCOMPARE(model.index(fastRow, HandlersModel::DeliveredColumn).data().toInt(), 3);
    QCOMPARE(model.index(fastRow, HandlersModel::LatencyMaxColumn).data().toInt(), 5);
    QVERIFY(model.index(fastRow, HandlersModel::LastColumn)
                .data()
                .toString()
                .startsWith(QStringLiteral("delete (tombstone) ns/a@10")));
    const QString tip = model.index(fastRow, 0).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("update: 1 (of which 1 from resync)")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("delete: 1 (of which 1 DeletedFinalStateUnknown")),
             qPrintable(tip));
    QCOMPARE(model.headerData(HandlersModel::BacklogColumn, Qt::Horizontal).toString(),
             QStringLiteral("Backlog"));
}

void tst_Handlers::notificationsOfOneHandler()
{
    ManualClock clock;
    Journal journal(&clock);
    HandlerNotificationsModel model(&journal);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    // A listener's registration and resync change are not notifications (they were listed as
    // "delete" rows).
    handlerEvent(&journal, TraceKind::HandlerAdded, QStringLiteral("a"), 30000);
    handlerEvent(&journal, TraceKind::HandlerResyncChanged, QStringLiteral("a"), 0);
    notify(&journal, QStringLiteral("a"), QStringLiteral("add"), QStringLiteral("ns/x"), 1, 0, 1,
           true);
    notify(&journal, QStringLiteral("b"), QStringLiteral("add"), QStringLiteral("ns/x"), 1, 0, 1,
           true);
    model.flush();
    QCOMPARE(model.rowCount(), 0); // no handler chosen yet

    QSignalSpy handlerChanged(&model, &HandlerNotificationsModel::handlerChanged);
    model.setHandler(QStringLiteral("a"));
    QCOMPARE(handlerChanged.size(), 1);
    QCOMPARE(model.rowCount(), 1); // rebuilt from the journal: only a's notification
    notify(&journal, QStringLiteral("a"), QStringLiteral("update"), QStringLiteral("ns/x"), 2, 0, 2,
           false, 1);
    notify(&journal, QStringLiteral("b"), QStringLiteral("update"), QStringLiteral("ns/x"), 2, 0, 2,
           false, 1);
    notify(&journal, QStringLiteral("a"), QStringLiteral("delete"), QStringLiteral("ns/x"), 3, 0,
           7);
    QTRY_COMPARE(model.rowCount(), 3);
    QCOMPARE(column(model, HandlerNotificationsModel::KindColumn),
             (QStringList{QStringLiteral("add (initial list)"), QStringLiteral("update"),
                          QStringLiteral("delete")}));
    QCOMPARE(model.index(1, HandlerNotificationsModel::ResourceVersionColumn).data().toString(),
             QStringLiteral("1 \u2192 2"));
    QCOMPARE(model.index(2, HandlerNotificationsModel::LatencyColumn).data().toInt(), 7);
    QCOMPARE(model.index(2, 0).data(HandlerNotificationsModel::KindRole).toInt(),
             int(NotificationKind::Delete));
    QVERIFY(model.index(0, HandlerNotificationsModel::KindColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("isInInitialList=true")));
}

void tst_Handlers::notificationsCapAndTimeTravel()
{
    ManualClock batching; // outlives the models' batchers, which wait on it
    ManualClock clock;
    Journal journal(&clock);
    HandlerNotificationsModel model(&journal, 4);
    HandlersModel handlers(&journal);
    QAbstractItemModelTester t1(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(&handlers, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setHandler(QStringLiteral("h"));
    quint64 third = 0;
    for (int i = 0; i < 10; ++i) {
        notify(&journal, QStringLiteral("h"), QStringLiteral("add"),
               QStringLiteral("ns/p%1").arg(i), i + 1, 9 - i, i);
        if (i == 2)
            third = journal.lastSeq();
    }
    QTRY_COMPARE(model.rowCount(), 4);
    QCOMPARE(model.index(0, HandlerNotificationsModel::KeyColumn).data().toString(),
             QStringLiteral("ns/p6"));

    // Back to the third notification: both models show that moment and stop following.
    model.foldUpTo(third);
    handlers.foldUpTo(third);
    // From here the batchers wait on a clock the test moves (not the journal's).
    model.batcher()->setClock(&batching);
    handlers.batcher()->setClock(&batching);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(handlers.statsAt(0).delivered, 3);
    QCOMPARE(handlers.statsAt(0).backlog, 7);
    notify(&journal, QStringLiteral("h"), QStringLiteral("add"), QStringLiteral("ns/late"), 99, 0,
           0);
    // Longer than the batching interval: nothing may arrive while in the past.
    batching.advance(model.batcher()->interval() + 30);
    lens::test::runPendingEvents();
    model.flush();
    handlers.flush();
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(handlers.statsAt(0).delivered, 3);

    // Live again: everything, including what was recorded meanwhile.
    model.foldUpTo(0);
    handlers.foldUpTo(0);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.index(3, HandlerNotificationsModel::KeyColumn).data().toString(),
             QStringLiteral("ns/late"));
    QCOMPARE(handlers.statsAt(0).delivered, 11);
}

// Issue 13 item 8: a registered handler is shown from its registration (HandlerAdded), not
// from its first notification; time travel to before it hides it; removal is kept.
void tst_Handlers::registeredHandlerHasARowBeforeItsFirstNotification()
{
    Journal j;
    HandlersModel m(&j);
    QAbstractItemModelTester tester(&m);
    TraceEvent before;
    before.kind = TraceKind::Info;
    j.record(before);
    handlerEvent(&j, TraceKind::HandlerAdded, QStringLiteral("logger"), 30000);
    m.flush();
    QCOMPARE(m.rowCount(), 1);
    QCOMPARE(m.statsAt(0).name, QStringLiteral("logger"));
    QCOMPARE(m.statsAt(0).delivered, 0);
    QCOMPARE(m.statsAt(0).resyncPeriodMs, 30000);
    const quint64 registered = j.events().back().seq;
    notify(&j, QStringLiteral("logger"), QStringLiteral("add"), QStringLiteral("ns/a"), 5, 0, 1);
    handlerEvent(&j, TraceKind::HandlerResyncChanged, QStringLiteral("logger"), 5000);
    handlerEvent(&j, TraceKind::HandlerRemoved, QStringLiteral("logger"));
    m.flush();
    QCOMPARE(m.rowCount(), 1);
    QCOMPARE(m.statsAt(0).delivered, 1);
    QCOMPARE(m.statsAt(0).resyncPeriodMs, 5000);
    QVERIFY(m.statsAt(0).removed);
    QVERIFY(m.index(0, HandlersModel::LastColumn)
                .data()
                .toString()
                .startsWith(QLatin1String("removed")));
    m.foldUpTo(registered - 1);
    QCOMPARE(m.rowCount(), 0);
    m.foldUpTo(registered);
    QCOMPARE(m.rowCount(), 1);
    QCOMPARE(m.statsAt(0).delivered, 0);
    QVERIFY(!m.statsAt(0).removed);
}

QTEST_GUILESS_MAIN(tst_Handlers)
#include "tst_handlers.moc"
