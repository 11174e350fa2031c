// SPDX-License-Identifier: Apache-2.0
// What tst_priorityqueue and tst_runtimequeues share: one PriorityQueue on a ManualClock with its
// journal and what its signals said, and the journal's schema check.
#pragma once

#include "../pendingevents.h"
#include "runtime/priorityqueue.h"
#include "trace/clock.h"
#include "trace/journal.h"
#include "trace/tracedetail.h"

#include <QTest>

namespace lens::test {

using runtime::ControllerQueue;
using runtime::PriorityQueue;

/// One priority queue on a ManualClock, its journal, and what its signals said.
struct PQ {
    ManualClock clock;
    Journal journal{&clock};
    std::unique_ptr<PriorityQueue> q;
    QStringList handed; ///< "worker=key,priority" in delivery order
    QStringList ended;  ///< workers told "shut down"

    PQ()
    {
        q = std::make_unique<PriorityQueue>(
            PriorityQueue::Config{QStringLiteral("test"), &clock, &journal, nullptr, 500});
        QObject::connect(q.get(), &ControllerQueue::itemHandedOut, q.get(),
                         [this](const QString &w, const QString &item, int p) {
                             handed << QStringLiteral("%1=%2,%3").arg(w, item).arg(p);
                         });
        QObject::connect(q.get(), &ControllerQueue::getShutDown, q.get(),
                         [this](const QString &w) { ended << w; });
    }
    void add(const QString &key, std::optional<int> priority = std::nullopt, qint64 afterMs = 0,
             bool rateLimited = false)
    {
        q->addWithOpts({afterMs, rateLimited, priority}, {key});
    }
    /// GetWithPriority by worker `w`: "key,priority", "shutdown", or "blocked" (the worker
    /// keeps waiting; a later add answers it).
    QString get(const QString &w = QStringLiteral("w"))
    {
        const qsizetype before = handed.size(), endedBefore = ended.size();
        q->requestGet(w);
        runPendingEvents(2);
        if (ended.size() > endedBefore)
            return QStringLiteral("shutdown");
        if (handed.size() == before)
            return QStringLiteral("blocked");
        return handed.last().section(u'=', 1);
    }
    void step(qint64 ms)
    {
        clock.advance(ms);
        runPendingEvents();
    }
    /// The depth series as "{label:value, …}" in label order.
    QString depth() const
    {
        QStringList parts;
        const auto &m = q->metrics().depth;
        for (auto it = m.cbegin(); it != m.cend(); ++it)
            parts << QStringLiteral("%1:%2").arg(it.key()).arg(it.value());
        return u'{' + parts.join(QStringLiteral(", ")) + u'}';
    }
    quint64 adds() const { return q->metrics().addsTotal; }
    quint64 retries() const { return q->metrics().retriesTotal; }
};

/// Every journal event of `journal` validates against the schema.
void checkJournal(const Journal &journal)
{
    for (const TraceEvent &e : journal.events()) {
        QString why;
        QVERIFY2(tracedetail::check(e, &why), qPrintable(why));
    }
}

} // namespace lens::test
