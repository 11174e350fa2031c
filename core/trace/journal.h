// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "clock.h"
#include "traceevent.h"

#include <QObject>

#include <deque>

namespace lens {

/// The journal: every state change of the informer core is recorded here as one TraceEvent,
/// in order, and re-emitted to whoever folds it (the views, the headless printer, tests).
///
/// Not thread-safe: record() must be called on the journal's thread. Keeps at most
/// `capacity()` events (oldest dropped first; droppedCount() says how many).
class Journal : public QObject {
    Q_OBJECT
public:
    /// `clock` is not owned and must outlive the journal; null means a SteadyClock of its own.
    explicit Journal(const Clock *clock = nullptr, QObject *parent = nullptr);
    ~Journal() override;

    /// Stamps seq and t on `event`, keeps it, emits eventRecorded. Returns the stamped seq.
    quint64 record(TraceEvent event);

    const Clock *clock() const { return m_clock; }
    const std::deque<TraceEvent> &events() const { return m_events; }
    quint64 lastSeq() const { return m_seq; }
    quint64 droppedCount() const { return m_dropped; }
    qsizetype capacity() const { return m_capacity; }
    void setCapacity(qsizetype maxEvents);

Q_SIGNALS:
    void eventRecorded(const lens::TraceEvent &event);

private:
    const Clock *m_clock;
    std::unique_ptr<Clock> m_ownClock;
    std::deque<TraceEvent> m_events;
    quint64 m_seq = 0;
    quint64 m_dropped = 0;
    qsizetype m_capacity = 500000;
};

} // namespace lens
