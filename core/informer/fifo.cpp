// SPDX-License-Identifier: Apache-2.0
#include "fifo.h"

#include <QSet>

namespace lens {

KeyResult FIFO::keyOf(const Object &obj) const
{
    KeyResult k = m_keyFunc(obj);
    if (!k.ok())
        k.error = QStringLiteral("couldn't create key for object: ") + k.error;
    return k;
}

QString FIFO::add(const Object &obj)
{
    const KeyResult k = keyOf(obj);
    if (!k.ok())
        return k.error;
    m_populated = true;
    if (!m_items.contains(k.key))
        m_queue.push_back(k.key);
    m_items.insert(k.key, obj);
    return {};
}

QString FIFO::remove(const Object &obj)
{
    const KeyResult k = keyOf(obj);
    if (!k.ok())
        return k.error;
    m_populated = true;
    m_items.remove(k.key);
    return {};
}

void FIFO::addIfNotPresentLocked(const QString &key, const Object &obj)
{
    m_populated = true;
    if (m_items.contains(key))
        return;
    m_queue.push_back(key);
    m_items.insert(key, obj);
}

QString FIFO::addIfNotPresent(const Object &obj)
{
    const KeyResult k = keyOf(obj);
    if (!k.ok())
        return k.error;
    addIfNotPresentLocked(k.key, obj);
    return {};
}

QString FIFO::replace(const QList<Object> &list, const QString &resourceVersion)
{
    Q_UNUSED(resourceVersion)
    QHash<QString, Object> items;
    QStringList order;
    for (const Object &o : list) {
        const KeyResult k = keyOf(o);
        if (!k.ok())
            return k.error;
        if (!items.contains(k.key))
            order << k.key;
        items.insert(k.key, o);
    }
    if (!m_populated) {
        m_populated = true;
        m_initialPopulationCount = int(items.size());
    }
    m_items = std::move(items);
    m_queue.assign(order.begin(), order.end());
    return {};
}

QString FIFO::resync()
{
    QSet<QString> inQueue(m_queue.begin(), m_queue.end());
    // client-go walks the items map; list() order stands in for it.
    for (const QString &key : listKeys())
        if (!inQueue.contains(key))
            m_queue.push_back(key);
    return {};
}

FIFO::PopResult FIFO::pop(const ProcessFunc &process)
{
    PopResult r;
    while (!m_queue.empty()) {
        const bool initial = !hasSynced();
        const QString key = m_queue.front();
        m_queue.pop_front();
        if (m_initialPopulationCount > 0)
            --m_initialPopulationCount;
        const auto it = m_items.constFind(key);
        if (it == m_items.cend())
            continue; // deleted while queued: skipped
        const Object obj = it.value();
        m_items.erase(it);
        r.popped = true;
        r.key = key;
        r.object = obj;
        r.isInInitialList = initial;
        if (process) {
            const ProcessResult pr = process(key, obj, initial);
            if (pr.requeue)
                addIfNotPresentLocked(key, obj);
            r.error = pr.error;
        }
        return r;
    }
    r.closed = m_closed;
    return r;
}

QStringList FIFO::listKeys() const
{
    QStringList out;
    QSet<QString> seen;
    for (const QString &key : m_queue)
        if (m_items.contains(key) && !seen.contains(key)) {
            seen.insert(key);
            out << key;
        }
    // Objects can be stored without a live queue entry only transiently; keep them listed.
    for (auto it = m_items.cbegin(); it != m_items.cend(); ++it)
        if (!seen.contains(it.key()))
            out << it.key();
    return out;
}

QList<Object> FIFO::list() const
{
    QList<Object> out;
    for (const QString &key : listKeys())
        out << m_items.value(key);
    return out;
}

std::optional<Object> FIFO::get(const QString &key) const
{
    const auto it = m_items.constFind(key);
    if (it == m_items.cend())
        return std::nullopt;
    return it.value();
}

} // namespace lens
