// SPDX-License-Identifier: Apache-2.0
#include "cachesyncgate.h"

#include "trace/journal.h"

namespace lens {

CacheSyncGate::CacheSyncGate(Journal *journal, QObject *parent)
    : QObject(parent), m_batcher(new EventBatcher(
                           journal, [this](const EventBatch &ev) { fold(ev); },
                           [](const TraceEvent &e) { return !e.informer.isEmpty(); }, this))
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
    qint64 last = -1;
    for (const QString &n : m_names)
        last = qMax(last, m_syncedMs.value(n));
    return last;
}

QString CacheSyncGate::lastToSync() const
{
    if (!isOpen())
        return {};
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
        if (!m_names.contains(e.informer))
            continue;
        if (m_startedMs < 0) {
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
