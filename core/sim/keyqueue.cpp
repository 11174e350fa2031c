// SPDX-License-Identifier: Apache-2.0
#include "keyqueue.h"

namespace lens::sim {

KeyQueue::KeyQueue(const QString &name, QObject *parent) : QObject(parent), m_name(name) {}

void KeyQueue::add(const QString &key)
{
    if (m_dirty.contains(key))
        return;
    m_dirty.insert(key);
    if (m_processing.contains(key))
        return; // queued again at done()
    m_queue.append(key);
    Q_EMIT added(key);
}

QString KeyQueue::get()
{
    if (m_queue.isEmpty())
        return {};
    const QString key = m_queue.takeFirst();
    m_processing.insert(key);
    m_dirty.remove(key);
    return key;
}

void KeyQueue::done(const QString &key)
{
    m_processing.remove(key);
    if (m_dirty.contains(key)) {
        m_queue.append(key);
        Q_EMIT added(key);
    }
}

} // namespace lens::sim
