// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "trace/clock.h"

#include <QRandomGenerator>

namespace lens {

/// client-go's exponential backoff manager as the reflector builds it
/// (wait.NewExponentialBackoffManager(800ms, 30s, 2min, 2.0, 1.0)): each next() returns
/// d + rand·jitter·d and doubles d up to the cap; when more than `resetMs` passed since the
/// previous next(), d starts over at the initial value. All values are milliseconds.
class Backoff {
public:
    struct Params {
        qint64 initialMs = 800;
        qint64 capMs = 30000;
        qint64 resetMs = 120000;
        double factor = 2.0;
        double jitter = 1.0;
    };
    Backoff(const Clock *clock, Params params, quint32 seed = 0)
        : m_clock(clock), m_p(params), m_rand(seed)
    {
    }
    explicit Backoff(const Clock *clock) : Backoff(clock, Params{}) {}

    /// The next wait in milliseconds.
    qint64 next()
    {
        const qint64 now = m_clock->nowMs();
        if (m_last < 0 || now - m_last > m_p.resetMs)
            m_duration = m_p.initialMs;
        m_last = now;
        const qint64 d = m_duration;
        m_duration = qMin<qint64>(qint64(double(m_duration) * m_p.factor), m_p.capMs);
        return d + qint64(m_rand.generateDouble() * m_p.jitter * double(d));
    }

private:
    const Clock *m_clock;
    Params m_p;
    QRandomGenerator m_rand;
    qint64 m_last = -1;
    qint64 m_duration = 0;
};

} // namespace lens
