// SPDX-License-Identifier: Apache-2.0
#pragma once
// The recording queue of controller-runtime-cases.md's Conventions: records every
// AddWithOpts(opts, items) and Forget, then delegates to an inner queue (the controller suites:
// the real PriorityQueue or LegacyQueue on the test's ManualClock, as upstream's controller
// tests wrap a real priority queue), or only records (the handler suites, whose
// `priorityQueue` says what isPriorityQueue() answers: "plain queue" = false).

#include "runtime/controllerqueue.h"
#include "runtime/handler.h"

namespace lens::test {

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
    QString name() const override
    {
        return m_inner ? m_inner->name() : QStringLiteral("recording");
    }
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
