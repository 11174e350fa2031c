// SPDX-License-Identifier: Apache-2.0
#include "cachesyncgate.h"

#include "trace/journal.h"

namespace lens {

CacheSyncGate::CacheSyncGate(Journal *journal, QObject *parent)
    : QObject(parent),
      m_batcher(new EventBatcher(
          journal, [this](const EventBatch &ev) { fold(ev); },
          [](const TraceEvent &e) {
              return !e.informer.isEmpty() || e.kind == TraceKind::CacheSyncStarted ||
                     e.kind == TraceKind::CacheSyncFinished;
          },
          this))
{
}

CacheSyncGate::~CacheSyncGate() = default;

void CacheSyncGate::setInformers(const QStringList &names)
{
    m_names = names;
    foldUpTo(m_upTo);
}

bool CacheSyncGate::isOpen() const
{
    if (!m_outcome.isEmpty())
        return m_outcome == QLatin1String("opened");
    return !m_names.isEmpty() && waitingFor().isEmpty();
}

QStringList CacheSyncGate::waitingFor() const
{
    QStringList out;
    for (const QString &n : m_names)
        if (!m_syncedMs.contains(n))
            out << n;
    return out;
}

qint64 CacheSyncGate::openedAtMs() const
{
    if (!isOpen())
        return -1;
    if (m_outcome == QLatin1String("opened"))
        return m_finishedMs;
    qint64 last = -1;
    for (const QString &n : m_names)
        last = qMax(last, m_syncedMs.value(n));
    return last;
}

QString CacheSyncGate::lastToSync() const
{
    if (!isOpen())
        return {};
    if (!m_waitedOn.isEmpty())
        return m_waitedOn;
    QString who;
    qint64 last = -1;
    for (const QString &n : m_names) {
        if (m_syncedMs.value(n) >= last) {
            last = m_syncedMs.value(n);
            who = n;
        }
    }
    return who;
}

void CacheSyncGate::flush()
{
    m_batcher->flushNow();
}

void CacheSyncGate::reset()
{
    m_syncedMs.clear();
    m_startedMs = -1;
    m_factoryStarted = false;
    m_outcome.clear();
    m_finishedMs = -1;
    m_waitedOn.clear();
}

void CacheSyncGate::foldUpTo(quint64 seq)
{
    m_batcher->setFrozen(true);
    m_upTo = seq;
    reset();
    m_batcher->replayHistory(seq);
    m_batcher->setFrozen(seq != 0);
    Q_EMIT changed();
}

void CacheSyncGate::fold(const EventBatch &events)
{
    bool changedAny = false;
    for (const TraceEvent &e : events) {
        if (e.kind == TraceKind::CacheSyncStarted) {
            m_startedMs = e.t;
            m_factoryStarted = true;
            m_outcome.clear();
            m_finishedMs = -1;
            m_waitedOn.clear();
            changedAny = true;
            continue;
        }
        if (e.kind == TraceKind::CacheSyncFinished) {
            m_outcome = e.type;
            m_finishedMs = e.t;
            m_waitedOn = e.detail.value(QLatin1String("waitedOn")).toString();
            changedAny = true;
            continue;
        }
        if (!m_names.contains(e.informer))
            continue;
        if (m_startedMs < 0 && !m_factoryStarted) {
            m_startedMs = e.t;
            changedAny = true;
        }
        if (e.kind == TraceKind::Synced && !m_syncedMs.contains(e.informer)) {
            m_syncedMs.insert(e.informer, e.t);
            changedAny = true;
        }
    }
    if (changedAny)
        Q_EMIT changed();
}

} // namespace lens
