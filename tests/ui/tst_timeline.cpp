// SPDX-License-Identifier: Apache-2.0
// The timeline widget under synthetic mouse and key events: a mark is hit from a few pixels
// away, the view holds still under a resting pointer while live, and a journal of two
// informers gets one group of lanes each, folded by a click or the keyboard, kept so across
// time travel.
#include "lens/export.h"
#include "lens/timelinemodel.h"
#include "timelinewidget.h"
#include "trace/journal.h"

#include <QEnterEvent>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace lens;

namespace {
/// Saves `w` as `name` in $LENS_SCREENSHOT_DIR, when set (to look at).
void keepScreenshot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("LENS_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(w->grab().save(dir + QLatin1Char('/') + name));
}

/// A journal on a manual clock with `informer`'s list, watch and one ADDED event per key.
void record(Journal &j, ManualClock &clock, const QString &informer, qint64 at,
            const QStringList &keys)
{
    auto rec = [&](TraceKind k, const QString &key = {}, const QString &type = {},
                   const QJsonObject &d = {}) {
        clock.advance(qMax<qint64>(0, at - clock.nowMs()));
        TraceEvent e;
        e.kind = k;
        e.informer = informer;
        e.key = key;
        e.type = type;
        e.resourceVersion = QStringLiteral("5");
        e.detail = d;
        j.record(e);
    };
    rec(TraceKind::ListStarted, {}, {}, {{QLatin1String("cause"), QStringLiteral("initial")}});
    at += 200;
    rec(TraceKind::ListCompleted, {}, {}, {{QLatin1String("items"), 0}});
    at += 100;
    rec(TraceKind::WatchStarted);
    for (const QString &key : keys) {
        at += 1000;
        rec(TraceKind::WatchEvent, key, QStringLiteral("ADDED"));
    }
}
} // namespace

class TestTimeline : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A watch event's tick is 2 px wide: a click 5 px beside it still selects its key, the
    // nearest of two ticks wins, 8 px beside it still hits, and nothing farther.
    void clickNearATickSelectsTheNearest()
    {
        ManualClock clock;
        Journal j(&clock);
        record(j, clock, QString(), 0, {QStringLiteral("ns/a"), QStringLiteral("ns/b")});
        clock.advance(10000 - clock.nowMs());
        TimelineModel model(&j);
        model.flush();
        TimelineWidget w(&model);
        w.resize(1076, 228);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const TimelineModel::Mark *a = nullptr, *b = nullptr;
        for (const auto &m : model.marks()) {
            if (m.key == QLatin1String("ns/a"))
                a = &m;
            else if (m.key == QLatin1String("ns/b"))
                b = &m;
        }
        QVERIFY(a && b);
        const TimelineGeometry g = w.geometry();
        const int y = g.laneRect(g.indexOf(TimelineLane::Kind::Events)).center().y();
        QSignalSpy keys(&w, &TimelineWidget::keyClicked);
        QTest::mouseClick(&w, Qt::LeftButton, {}, QPoint(w.xOfTime(a->t) + 5, y));
        QCOMPARE(keys.size(), 1);
        QCOMPARE(keys.at(0).at(0).toString(), QStringLiteral("ns/a"));
        QCOMPARE(w.markSeqAt(QPoint(w.xOfTime(b->t) - 4, y)), b->seq);
        QCOMPARE(w.markSeqAt(QPoint(w.xOfTime(b->t) + 8, y)), b->seq);
        QCOMPARE(w.markSeqAt(QPoint(w.xOfTime(b->t) + 9, y)), quint64(0));
        QVERIFY(w.describeAt(QPoint(w.xOfTime(b->t) - 5, y)).contains(QLatin1String("ns/b")));
    }

    // While live, the view holds still as long as the pointer rests on the lanes (what is under
    // it stays there); leaving, or F, follows the present again.
    void holdsStillUnderThePointer()
    {
        ManualClock clock;
        Journal j(&clock);
        record(j, clock, QString(), 0, {QStringLiteral("ns/a")});
        clock.advance(90000 - clock.nowMs()); // longer than the 60 s window: it scrolls
        TimelineModel model(&j);
        model.flush();
        TimelineWidget w(&model);
        w.resize(1076, 228);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const auto before = w.visibleRange();
        QTest::mouseMove(&w, w.plotRect().center());
        QTRY_VERIFY(w.isHoldingForPointer());
        clock.advance(5000);
        QCOMPARE(w.presentMs(), qint64(90000));
        QCOMPARE(w.visibleRange(), before);
        QTest::keyClick(&w, Qt::Key_F);
        QVERIFY(!w.isHoldingForPointer());
        QCOMPARE(w.presentMs(), qint64(95000));
        QVERIFY(w.visibleRange().first > before.first);
        // Again, and leave the widget.
        QTest::mouseMove(&w, w.plotRect().center() + QPoint(3, 0));
        QTRY_VERIFY(w.isHoldingForPointer());
        clock.advance(1000);
        QCOMPARE(w.presentMs(), qint64(95000));
        QEvent leave(QEvent::Leave);
        QApplication::sendEvent(&w, &leave);
        QVERIFY(!w.isHoldingForPointer());
        QCOMPARE(w.presentMs(), qint64(96000));
        // On the time axis the pointer scrubs: no hold.
        QTest::mouseMove(&w, QPoint(w.plotRect().center().x(), w.plotRect().bottom() + 8));
        QVERIFY(!w.isHoldingForPointer());
        QApplication::sendEvent(&w, &leave);
        // Entering onto the lanes holds at once, before any move over them.
        const QPointF inside = w.plotRect().center();
        QEnterEvent enter(inside, inside, w.mapToGlobal(inside));
        QApplication::sendEvent(&w, &enter);
        QVERIFY(w.isHoldingForPointer());
        clock.advance(1000);
        QCOMPARE(w.presentMs(), qint64(96000));
        QApplication::sendEvent(&w, &leave);
        QVERIFY(!w.isHoldingForPointer());
        // Entering on the time axis does not.
        const QPointF axis(w.plotRect().center().x(), w.plotRect().bottom() + 8);
        QEnterEvent enterAxis(axis, axis, w.mapToGlobal(axis));
        QApplication::sendEvent(&w, &enterAxis);
        QVERIFY(!w.isHoldingForPointer());
    }

    // Two informers on one journal: a group of lanes each under a header naming it; events
    // without an informer keep the shared lanes. A click on a header folds the group, Up/Down
    // and Space do it from the keyboard, and travel keeps it folded.
    void lanesPerInformer()
    {
        ManualClock clock;
        Journal j(&clock);
        record(j, clock, QStringLiteral("pods"), 0,
               {QStringLiteral("ns/p1"), QStringLiteral("ns/p2")});
        record(j, clock, QStringLiteral("nodes"), 2000, {QStringLiteral("n1")});
        clock.advance(8000 - clock.nowMs());
        TimelineModel model(&j);
        model.flush();
        QCOMPARE(model.informers(), (QStringList{QStringLiteral("pods"), QStringLiteral("nodes")}));
        QCOMPARE(model.track(QStringLiteral("pods"))->marks.size(), size_t(2));
        QCOMPARE(model.track(QStringLiteral("nodes"))->marks.size(), size_t(1));
        QCOMPARE(model.track(QStringLiteral("nodes"))->spans.size(), size_t(2));

        TimelineWidget w(&model);
        w.resize(1076, 400);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.groupInformers(), model.informers());
        const int twoGroups = w.sizeHint().height();
        QVERIFY(twoGroups > 300); // room for the second group's lanes
        const QRect pods = w.headerRect(QStringLiteral("pods"));
        const QRect nodes = w.headerRect(QStringLiteral("nodes"));
        QVERIFY(pods.isValid() && nodes.isValid() && pods.bottom() < nodes.top());
        QVERIFY(w.describeAt(nodes.center()).contains(QLatin1String("nodes")));
        keepScreenshot(&w, QStringLiteral("timeline-two-informers.png"));
        // The node's event is hit in the nodes group's EVENTS lane, not in the pods group's.
        const TimelineModel::Mark &n1 = model.track(QStringLiteral("nodes"))->marks.front();
        const TimelineGeometry g = w.geometry();
        const int podsEvents = g.laneRect(g.indexOf(TimelineLane::Kind::Events, 0)).center().y();
        const int nodesEvents = g.laneRect(g.indexOf(TimelineLane::Kind::Events, 1)).center().y();
        QCOMPARE(w.markSeqAt(QPoint(w.xOfTime(n1.t), nodesEvents)), n1.seq);
        QCOMPARE(w.markSeqAt(QPoint(w.xOfTime(n1.t), podsEvents)), quint64(0));

        // Fold the pods by a click on their header: their lanes go, the header stays.
        QTest::mouseClick(&w, Qt::LeftButton, {}, pods.center());
        QVERIFY(w.isCollapsed(QStringLiteral("pods")));
        QCOMPARE(w.geometry().indexOf(TimelineLane::Kind::Events, 0), -1);
        QVERIFY(w.geometry().indexOf(TimelineLane::Kind::Events, 1) >= 0);
        QVERIFY(w.geometry().indexOf(TimelineLane::Kind::Header, 0) >= 0);
        QCOMPARE(w.sizeHint().height(), twoGroups); // the first group's room stays
        // The keyboard walks the headers and unfolds the pods, folds the nodes.
        w.setFocus();
        QTest::keyClick(&w, Qt::Key_Up); // from the pods header (clicked) to the nodes one
        QVERIFY(w.accessibleDescription().contains(QLatin1String("Selected informer: nodes")));
        QTest::keyClick(&w, Qt::Key_Space);
        QVERIFY(w.isCollapsed(QStringLiteral("nodes")));
        QTest::keyClick(&w, Qt::Key_Down);
        QTest::keyClick(&w, Qt::Key_Space);
        QVERIFY(!w.isCollapsed(QStringLiteral("pods")));
        keepScreenshot(&w, QStringLiteral("timeline-nodes-folded.png"));
        // Travel and back: the nodes stay folded.
        w.setTravelTime(3000, n1.seq - 1);
        QVERIFY(w.isCollapsed(QStringLiteral("nodes")));
        w.setTravelTime(-1);
        QVERIFY(w.isCollapsed(QStringLiteral("nodes")));
        QVERIFY(!w.isCollapsed(QStringLiteral("pods")));
        // Left selects the newest marker of an unfolded group only: the pods' last event.
        QTest::keyClick(&w, Qt::Key_End);
        QCOMPARE(w.selectedSeq(), model.track(QStringLiteral("pods"))->marks.back().seq);

        // Exported, every row names its informer.
        const QString csv = QString::fromUtf8(exporting::timelineToCsv(model))
                                .replace(QLatin1String("\r\n"), QLatin1String("\n"));
        QVERIFY2(csv.startsWith(QLatin1String("kind,lane,start_ms,end_ms,label,detail,key,seq,"
                                              "informer\n")),
                 qPrintable(csv));
        QVERIFY2(csv.contains(QLatin1String(",ns/p1,")) &&
                     csv.contains(
                         QStringLiteral("added,events,3300,,ADDED n1@5,,n1,%1,nodes").arg(n1.seq)),
                 qPrintable(csv));
        QCOMPARE(csv.count(QLatin1String(",pods\n")), 4); // its list, watch and 2 events
        const QJsonObject json = QJsonDocument::fromJson(exporting::timelineToJson(model)).object();
        QCOMPARE(json.value(QLatin1String("marks")).toArray().size(), 3);
        QCOMPARE(json.value(QLatin1String("marks"))
                     .toArray()
                     .at(2)
                     .toObject()
                     .value(QLatin1String("informer")),
                 QJsonValue(QStringLiteral("nodes")));

        // An informer-less event (an older recording's) has the shared lanes.
        TraceEvent old;
        old.kind = TraceKind::WatchStarted;
        j.record(old);
        model.flush();
        QCOMPARE(model.informers().size(), 3);
        QVERIFY(w.describeAt(w.headerRect(QString()).center()).contains(QLatin1String("shared")));
    }
};

QTEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
