// SPDX-License-Identifier: Apache-2.0
#include "controller.h"

#include "trace/clock.h"
#include "trace/journal.h"

#include <QTimer>

namespace lens {

Controller::Controller(Queue *queue, PopProcessFunc process, Journal *journal, QObject *parent)
    : QObject(parent), m_queue(queue), m_process(std::move(process)), m_journal(journal),
      m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    m_timer->setInterval(0);
    connect(m_timer, &QTimer::timeout, this, &Controller::pump);
}

void Controller::setMode(Mode m)
{
    if (m_mode == m)
        return;
    m_mode = m;
    if (m_journal) {
        TraceEvent e;
        e.kind = TraceKind::PumpMode;
        e.component = QStringLiteral("controller");
        e.type = m == Mode::Running ? QStringLiteral("run") : QStringLiteral("paused");
        m_journal->record(std::move(e));
    }
    Q_EMIT modeChanged(m);
}

void Controller::run()
{
    setMode(Mode::Running);
    notifyQueued();
}

void Controller::pause()
{
    setMode(Mode::Paused);
}

bool Controller::step()
{
    if (m_journal) {
        TraceEvent e;
        e.kind = TraceKind::PumpMode;
        e.component = QStringLiteral("controller");
        e.type = QStringLiteral("step");
        m_journal->record(std::move(e));
    }
    const PopResult r = m_queue->pop(m_process);
    if (r.popped) {
        ++m_popped;
        Q_EMIT popped();
    }
    return r.popped;
}

void Controller::notifyQueued()
{
    if (m_mode == Mode::Running && !m_timer->isActive())
        m_timer->start();
}

void Controller::pump()
{
    if (m_mode != Mode::Running)
        return;
    int n = 0;
    const SliceBudget budget(m_clock, sliceBudgetMs(), m_batch);
    while (!budget.spent(n)) {
        const PopResult r = m_queue->pop(m_process);
        if (!r.popped)
            break;
        ++m_popped;
        ++n;
    }
    if (n > 0)
        Q_EMIT popped();
    if (m_queue->size() > 0 && !m_queue->replacing())
        m_timer->start();
}

} // namespace lens
