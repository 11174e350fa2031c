// SPDX-License-Identifier: Apache-2.0
// ClockTimer: a timer on the one Clock never fires before its due time as that Clock reads it
// (issue 13 item 5), on a steady clock, a slow clock and a manual one (waiting for advance(), or
// catching up in real time and moving the clock by its wait).
#include "trace/clock.h"
#include "trace/clocktimer.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

using namespace lens;

namespace {
/// A clock at half the speed of real time: a QTimer of N ms wakes up when it reads N / 2.
class HalfSpeedClock final : public Clock {
public:
    HalfSpeedClock() { m_t.start(); }
    qint64 nowMs() const override { return m_t.elapsed() / 2; }

private:
    QElapsedTimer m_t;
};
} // namespace

class tst_ClockTimer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void neverBeforeItsDueTimeOnASlowClock()
    {
        HalfSpeedClock clock;
        ClockTimer t(&clock);
        qint64 firedAt = -1;
        connect(&t, &ClockTimer::timeout, this, [&] { firedAt = clock.nowMs(); });
        t.start(40);
        const qint64 due = t.dueMs();
        QTRY_VERIFY_WITH_TIMEOUT(firedAt >= 0, 5000);
        QVERIFY2(firedAt >= due, qPrintable(QStringLiteral("%1 < %2").arg(firedAt).arg(due)));
    }

    void manualClockWaitsForAdvance()
    {
        ManualClock clock;
        ClockTimer t(&clock);
        QSignalSpy fired(&t, &ClockTimer::timeout);
        t.start(100);
        QCoreApplication::processEvents();
        clock.advance(99);
        QCoreApplication::processEvents();
        QCOMPARE(fired.count(), 0);
        clock.advance(1);
        QTRY_COMPARE(fired.count(), 1);
        QCOMPARE(clock.nowMs(), 100);
        QVERIFY(!t.isActive());
    }

    void aTimerThatIsNoClockStopStillFires()
    {
        // setClockStop(false): a ManualClock's driver does not stop at it (nextTimerDueMs),
        // but advance() past its due time fires it as any other.
        ManualClock clock;
        ClockTimer quiet(&clock), stop(&clock);
        quiet.setClockStop(false);
        QSignalSpy fired(&quiet, &ClockTimer::timeout);
        quiet.start(50);
        QCOMPARE(clock.nextTimerDueMs(), -1);
        stop.start(80);
        QCOMPARE(clock.nextTimerDueMs(), 80);
        clock.advance(60);
        QTRY_COMPARE(fired.count(), 1);
        QCOMPARE(clock.nextTimerDueMs(), 80);
    }

    void catchUpMovesTheManualClockByItsWait()
    {
        ManualClock clock;
        clock.advance(500);
        ClockTimer t(&clock, nullptr, ClockTimer::ManualClockPolicy::CatchUp);
        QSignalSpy fired(&t, &ClockTimer::timeout);
        t.start(30);
        QCOMPARE(clock.nowMs(), 500);
        QTRY_COMPARE(fired.count(), 1); // nobody advanced the clock: it caught up
        QCOMPARE(clock.nowMs(), 530);
    }

    void catchUpFiresAtOnceWhenTheClockGetsThereFirst()
    {
        ManualClock clock;
        ClockTimer t(&clock, nullptr, ClockTimer::ManualClockPolicy::CatchUp);
        QSignalSpy fired(&t, &ClockTimer::timeout);
        t.start(60 * 1000);
        clock.advance(60 * 1000);
        QTRY_COMPARE(fired.count(), 1);
        QCOMPARE(clock.nowMs(), 60 * 1000);
        QCoreApplication::processEvents();
        QCOMPARE(fired.count(), 1);
    }

    // A timer that outlives its ManualClock (a child of it, deleted in ~QObject after the
    // clock's own destructor ran; or deleted later, as the reflector's calls are, with
    // deleteLater) does not call into the clock. Found by UBSan (the child case, in the
    // scenario runs) and by a crash in the convergence harness (the later case); the
    // sanitizer build (the check preset) fails this test without the fix.
    void aTimerMayOutliveItsManualClock()
    {
        auto *clock = new ManualClock;
        auto *child = new ClockTimer(clock, clock);
        child->start(1000);
        auto *orphan = new ClockTimer(clock, nullptr);
        orphan->start(1000);
        QSignalSpy destroyed(child, &QObject::destroyed);
        delete clock; // deletes `child` too
        QCOMPARE(destroyed.count(), 1);
        delete orphan;
    }

    // SliceBudget: on a manual clock a turn is its count however long it takes (exact
    // pictures must not depend on the machine's speed); on a real clock the milliseconds
    // also end it, but never before its first item. A 0 ms budget has always run out.
    void aSliceOnAManualClockIsItsCount()
    {
        ManualClock manual;
        const SliceBudget onManual(&manual, 0, 3);
        QVERIFY(!onManual.spent(0));
        QVERIFY(!onManual.spent(2));
        QVERIFY(onManual.spent(3));

        SteadyClock steady;
        const SliceBudget onSteady(&steady, 0, 3);
        QVERIFY(!onSteady.spent(0));
        QVERIFY(onSteady.spent(1));
        const SliceBudget noClock(nullptr, 0, 3);
        QVERIFY(noClock.spent(1));
        const SliceBudget roomy(&steady, 60000, 3);
        QVERIFY(!roomy.spent(2));
        QVERIFY(roomy.spent(3));
    }
};

QTEST_GUILESS_MAIN(tst_ClockTimer)
#include "tst_clocktimer.moc"
