// SPDX-License-Identifier: Apache-2.0
#pragma once
// Test queues for core/runtime (controller-runtime-cases.md Conventions):
//  * FifoQueue: a tiny ControllerQueue on a Clock — FIFO ready list with the priority of each
//    entry (handed out by priority, then add order), delayed adds on ClockTimers, a per-key
//    exponential rate limiter (5 ms × 2^failures), locked keys re-queued at Done. It stands in
//    for the priority queue of the other branch; `priorityQueue` says what isPriorityQueue()
//    answers ("plain queue" = false).
//  * RecordingQueue: records every AddWithOpts(opts, items) and Forget, then delegates to an
//    inner queue (or only records), as upstream's fakePriorityQueue does.

#include "runtime/controllerqueue.h"
#include "runtime/handler.h"
#include "trace/clock.h"
#include "trace/clocktimer.h"

#include <QHash>
#include <QSet>

#include <cmath>

namespace lens::test {

class FifoQueue final : public runtime::ControllerQueue {
public:
    struct Entry {
        QString key;
        int priority = 0;
        quint64 seq = 0;
    };
    FifoQueue(const Clock *clock, bool priorityQueue) : m_clock(clock), m_pq(priorityQueue) {}
    QString name() const override { return QStringLiteral("fifo"); }
    bool isPriorityQueue() const override { return m_pq; }
    void addWithOpts(const runtime::AddOpts &opts, const QStringList &items,
                     const QString & = {}) override
    {
        for (const QString &k : items) {
            qint64 delay = opts.afterMs;
            if (opts.rateLimited) {
                const qint64 when = qint64(5 * std::pow(2.0, m_failures.value(k)));
                m_failures[k] += 1;
                delay = delay > 0 ? qMin(delay, when) : when;
            }
            const int prio = opts.priority.value_or(0);
            if (delay > 0) {
                auto *t = new ClockTimer(m_clock, this);
                connect(t, &ClockTimer::timeout, this, [this, t, k, prio] {
                    t->deleteLater();
                    addReady(k, prio);
                });
                t->start(delay);
                readyAt << QStringLiteral("%1@%2").arg(k).arg(m_clock->nowMs() + delay);
            } else {
                addReady(k, prio);
            }
        }
    }
    void requestGet(const QString &worker) override
    {
        if (!m_waiters.contains(worker))
            m_waiters << worker;
        QMetaObject::invokeMethod(
            this, [this] { handOut(); }, Qt::QueuedConnection);
    }
    void done(const QString &item) override
    {
        m_locked.remove(item);
        QMetaObject::invokeMethod(
            this, [this] { handOut(); }, Qt::QueuedConnection);
    }
    void forget(const QString &item) override { m_failures.remove(item); }
    int numRequeues(const QString &item) const override { return m_failures.value(item); }
    int len() const override { return int(m_ready.size()); }
    void shutDown() override
    {
        m_shutDown = true;
        m_ready.clear();
        const QStringList waiters = m_waiters;
        m_waiters.clear();
        for (const QString &w : waiters)
            Q_EMIT getShutDown(w);
    }
    bool shuttingDown() const override { return m_shutDown; }
    QString rateLimiterDescription() const override
    {
        return QStringLiteral("ItemExponentialFailure(5ms, 1000s)");
    }
    QList<Entry> ready() const { return m_ready; }
    /// "key@readyAtMs" of every delayed add, in order.
    QStringList readyAt;
    /// Every hand-out: "key p=<priority>".
    QStringList handedOut;

private:
    void addReady(const QString &k, int prio)
    {
        if (m_shutDown)
            return;
        for (Entry &e : m_ready)
            if (e.key == k) {
                if (prio > e.priority) {
                    e.priority = prio;
                    e.seq = ++m_seq;
                }
                return;
            }
        m_ready << Entry{k, prio, ++m_seq};
        QMetaObject::invokeMethod(
            this, [this] { handOut(); }, Qt::QueuedConnection);
    }
    void handOut()
    {
        while (!m_waiters.isEmpty() && !m_shutDown) {
            int best = -1;
            for (int i = 0; i < m_ready.size(); ++i) {
                const Entry &e = m_ready.at(i);
                if (m_locked.contains(e.key))
                    continue;
                if (best < 0 || e.priority > m_ready.at(best).priority ||
                    (e.priority == m_ready.at(best).priority && e.seq < m_ready.at(best).seq))
                    best = i;
            }
            if (best < 0)
                return;
            const Entry e = m_ready.takeAt(best);
            const QString w = m_waiters.takeFirst();
            m_locked.insert(e.key);
            handedOut << QStringLiteral("%1 p=%2").arg(e.key).arg(e.priority);
            Q_EMIT itemHandedOut(w, e.key, e.priority);
        }
    }
    const Clock *m_clock;
    bool m_pq;
    QList<Entry> m_ready;
    QSet<QString> m_locked;
    QStringList m_waiters;
    QHash<QString, int> m_failures;
    quint64 m_seq = 0;
    bool m_shutDown = false;
};

class RecordingQueue final : public runtime::ControllerQueue {
public:
    struct Call {
        runtime::AddOpts opts;
        QStringList items;
    };
    /// `inner` (not owned, may be null) gets every call after it is recorded.
    explicit RecordingQueue(runtime::ControllerQueue *inner = nullptr, bool priorityQueue = true)
        : m_inner(inner), m_pq(priorityQueue)
    {
        if (m_inner) {
            connect(m_inner, &ControllerQueue::itemHandedOut, this,
                    &ControllerQueue::itemHandedOut);
            connect(m_inner, &ControllerQueue::getShutDown, this, &ControllerQueue::getShutDown);
        }
    }
    QString name() const override { return QStringLiteral("recording"); }
    bool isPriorityQueue() const override { return m_inner ? m_inner->isPriorityQueue() : m_pq; }
    void addWithOpts(const runtime::AddOpts &opts, const QStringList &items,
                     const QString &reason = {}) override
    {
        calls << Call{opts, items};
        log << runtime::describeAddOpts(opts) + QLatin1Char(' ') + items.join(QLatin1Char(','));
        if (m_inner)
            m_inner->addWithOpts(opts, items, reason);
    }
    void requestGet(const QString &w) override
    {
        if (m_inner)
            m_inner->requestGet(w);
    }
    void done(const QString &i) override
    {
        if (m_inner)
            m_inner->done(i);
    }
    void forget(const QString &i) override
    {
        log << QStringLiteral("Forget ") + i;
        ++forgets;
        if (m_inner)
            m_inner->forget(i);
    }
    int numRequeues(const QString &i) const override
    {
        return m_inner ? m_inner->numRequeues(i) : 0;
    }
    int len() const override { return m_inner ? m_inner->len() : 0; }
    void shutDown() override
    {
        if (m_inner)
            m_inner->shutDown();
    }
    bool shuttingDown() const override { return m_inner && m_inner->shuttingDown(); }
    QString rateLimiterDescription() const override
    {
        return m_inner ? m_inner->rateLimiterDescription() : QString();
    }
    QList<Call> calls;
    QStringList log; ///< "AddWithOpts{...} k1,k2" and "Forget k", in order
    int forgets = 0;

private:
    runtime::ControllerQueue *m_inner;
    bool m_pq;
};

} // namespace lens::test
