// SPDX-License-Identifier: Apache-2.0
// The timeline's geometry and hit test without a widget: nice axis steps, the visible range,
// lanes stacked by weight (one group, or one per informer with headers, folded or not), x and
// time both ways, and the nearest mark within the hit radius.
#include "timelinegeometry.h"
#include "timelinehittest.h"

#include <QTest>

using namespace lens;
using Kind = TimelineLane::Kind;

class TestTimelineGeometry : public QObject {
    Q_OBJECT
private:
    static TimelineGeometry oneGroup(int handlers, QSize size = QSize(1076, 228))
    {
        std::vector<TimelineLane> lanes;
        TimelineGeometry::appendGroup(&lanes, 0, handlers, false, false);
        return TimelineGeometry(size, {0, 10000}, lanes);
    }

private Q_SLOTS:
    void niceStep_data()
    {
        QTest::addColumn<qint64>("span");
        QTest::addColumn<int>("approx");
        QTest::addColumn<qint64>("step");
        QTest::newRow("60 s in 10") << qint64(60000) << 10 << qint64(10000);
        QTest::newRow("1 s in 10") << qint64(1000) << 10 << qint64(100);
        QTest::newRow("25 s in 10") << qint64(25000) << 10 << qint64(5000);
        QTest::newRow("7 ms in 2") << qint64(7) << 2 << qint64(5);
        QTest::newRow("nothing") << qint64(0) << 3 << qint64(1);
    }
    void niceStep()
    {
        QFETCH(qint64, span);
        QFETCH(int, approx);
        QFETCH(qint64, step);
        QCOMPARE(TimelineGeometry::niceStep(span, approx), step);
    }

    void visibleRange()
    {
        using R = std::pair<qint64, qint64>;
        // History within the window: all of it, 4 % of air, at least 1 s.
        QCOMPARE(TimelineGeometry::visibleRange(0, 10000, 60000), R(0, 10400));
        QCOMPARE(TimelineGeometry::visibleRange(2000, 2500, 60000), R(2000, 3000));
        // Longer: the newest window and 1/25 of it beyond the present.
        QCOMPARE(TimelineGeometry::visibleRange(0, 120000, 60000), R(60000, 122400));
    }

    void xAndTime()
    {
        const TimelineGeometry g = oneGroup(0);
        const QRect plot = g.plot();
        QCOMPARE(plot, QRect(TimelineGeometry::kGutter, 4, 1076 - 76 - 8, 228 - 20 - 8));
        QCOMPARE(g.xOf(0), double(plot.left()));
        QCOMPARE(g.xOf(10000), double(plot.left() + plot.width()));
        QCOMPARE(g.xOf(5000), plot.left() + plot.width() / 2.0);
        for (qint64 t : {0, 1234, 5000, 9999})
            QVERIFY(qAbs(g.timeAtX(int(std::lround(g.xOf(t)))) - t) <= 10000 / plot.width());
        QCOMPARE(g.timeAtX(0), qint64(0)); // clamped to the range
        QCOMPARE(g.timeAtX(5000), qint64(10000));
    }

    void lanesStackByWeight()
    {
        const TimelineGeometry g = oneGroup(6); // 6 handlers: 4 lanes
        QCOMPARE(g.laneCount(), 5 + 4 + 1);
        QCOMPARE(g.lane(0).kind, Kind::List);
        QCOMPARE(g.lane(5).kind, Kind::Handler);
        QCOMPARE(g.lane(8).handler, 3);
        QCOMPARE(g.lane(9).kind, Kind::Queue);
        QCOMPARE(g.indexOf(Kind::Handler, 0, 2), 7);
        QCOMPARE(g.indexOf(Kind::Handler, 0, 4), -1);
        QCOMPARE(g.indexOf(Kind::Header, 0), -1);
        // Contiguous from the plot's top to its bottom.
        QCOMPARE(g.laneRect(0).top(), g.plot().top());
        for (int i = 1; i < g.laneCount(); ++i)
            QCOMPARE(g.laneRect(i).top(), g.laneRect(i - 1).bottom() + 1);
        QCOMPARE(g.laneRect(g.laneCount() - 1).bottom(), g.plot().bottom());
        // Weights: gaps and handler lanes 0.6 of a lane, the queue 1.5.
        const double full = g.laneRect(0).height();
        QVERIFY(qAbs(g.laneRect(2).height() - 0.6 * full) <= 1.0);
        QVERIFY(qAbs(g.laneRect(5).height() - 0.6 * full) <= 1.0);
        QVERIFY(qAbs(g.laneRect(9).height() - 1.5 * full) <= 1.0);
        // laneAt: every row of a lane, and the first/last lane outside the plot.
        for (int i = 0; i < g.laneCount(); ++i) {
            QCOMPARE(g.laneAt(g.laneRect(i).top()), i);
            QCOMPARE(g.laneAt(g.laneRect(i).bottom()), i);
        }
        QCOMPARE(g.laneAt(0), 0);
        QCOMPARE(g.laneAt(10000), g.laneCount() - 1);
    }

    void groupsWithHeadersFold()
    {
        std::vector<TimelineLane> lanes;
        TimelineGeometry::appendGroup(&lanes, 0, 1, true, false);
        TimelineGeometry::appendGroup(&lanes, 1, 0, true, true); // folded: its header only
        TimelineGeometry::appendGroup(&lanes, 2, 0, true, false);
        const TimelineGeometry g(QSize(800, 400), {0, 1000}, lanes);
        QCOMPARE(g.laneCount(), 1 + 7 + 1 + 1 + 6);
        QCOMPARE(g.indexOf(Kind::Header, 0), 0);
        QCOMPARE(g.indexOf(Kind::Header, 1), 8);
        QCOMPARE(g.indexOf(Kind::Events, 1), -1);
        QCOMPARE(g.indexOf(Kind::Header, 2), 9);
        QCOMPARE(g.indexOf(Kind::Events, 2), 13);
        QCOMPARE(g.lane(13).group, 2);
    }

    // A tick is 2 px wide: the nearest mark within 8 px on each side (x and y alike) is hit,
    // also from just outside its lane; nothing farther, nothing after the travel point.
    void hitTestTakesTheNearestMarkWithinTheRadius()
    {
        std::vector<TimelineLane> lanes;
        TimelineGeometry::appendGroup(&lanes, 0, 0, false, false);
        // 1000 px for 1000 ms: one pixel per millisecond.
        const TimelineGeometry g(QSize(1000 + 76 + 8, 228), {0, 1000}, lanes);
        QCOMPARE(g.plot().width(), 1000);
        TimelineModel::Track track;
        auto mark = [&track](TimelineModel::Mark::Kind k, qint64 t, quint64 seq) {
            TimelineModel::Mark m;
            m.kind = k;
            m.t = t;
            m.seq = seq;
            track.marks.push_back(m);
        };
        mark(TimelineModel::Mark::Kind::Added, 100, 1);
        mark(TimelineModel::Mark::Kind::Modified, 106, 2);
        mark(TimelineModel::Mark::Kind::Bookmark, 104, 3); // the MARKERS lane, not EVENTS
        mark(TimelineModel::Mark::Kind::Deleted, 300, 4);
        std::vector<TimelineGroup> groups{{&track, false}};
        const TimelineMoment live{-1, 0, 1000};
        const TimelineHitTest hit(g, groups, live, 228);
        const QRect events = g.laneRect(g.indexOf(Kind::Events));
        const int y = events.center().y();
        auto seqAt = [&](const TimelineHitTest &h, int x, int yy) {
            const TimelineModel::Mark *m = h.markAt(QPoint(x, yy));
            return m ? m->seq : quint64(0);
        };
        const int x0 = g.plot().left();
        QCOMPARE(seqAt(hit, x0 + 102, y), quint64(1)); // 2 px from 100, 4 from 106
        QCOMPARE(seqAt(hit, x0 + 104, y), quint64(2)); // nearer 106 than 100
        QCOMPARE(seqAt(hit, x0 + 294, y), quint64(4)); // 6 px: still
        QCOMPARE(seqAt(hit, x0 + 292, y), quint64(4)); // 8 px before it: still
        QCOMPARE(seqAt(hit, x0 + 308, y), quint64(4)); // 8 px after it: still
        QCOMPARE(seqAt(hit, x0 + 291, y), quint64(0)); // 9 px: too far
        QCOMPARE(seqAt(hit, x0 + 309, y), quint64(0));
        // The corner of the target: 8 px aside and 8 px above the lane still hits.
        QCOMPARE(seqAt(hit, x0 + 308, events.top() - 8), quint64(4));
        QCOMPARE(seqAt(hit, x0 + 308, events.top() - 9), quint64(0));
        QCOMPARE(seqAt(hit, x0 + 200, y), quint64(0));
        // From the GAPS lane 3 px above the EVENTS lane: the event below.
        QCOMPARE(seqAt(hit, x0 + 300, events.top() - 3), quint64(4));
        // In the MARKERS lane: the bookmark, not the events.
        const int ym = g.laneRect(g.indexOf(Kind::Markers)).center().y();
        QCOMPARE(seqAt(hit, x0 + 105, ym), quint64(3));
        // At a travel point at 200 ms nothing later is hit.
        const TimelineMoment past{200, 3, 200};
        const TimelineHitTest travelled(g, groups, past, 228);
        QCOMPARE(seqAt(travelled, x0 + 300, y), quint64(0));
        QCOMPARE(seqAt(travelled, x0 + 100, y), quint64(1));
    }
};

QTEST_GUILESS_MAIN(TestTimelineGeometry)
#include "tst_timelinegeometry.moc"
