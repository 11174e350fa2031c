// SPDX-License-Identifier: Apache-2.0
#include "workqueuestate.h"

#include <cmath>
#include <limits>

namespace lens {

namespace {
QString str(const TraceEvent &e, const char *field)
{
    return e.detail.value(QLatin1String(field)).toString();
}
qint64 num(const TraceEvent &e, const char *field, qint64 fallback = 0)
{
    return e.detail.value(QLatin1String(field)).toInteger(fallback);
}
bool flag(const TraceEvent &e, const char *field)
{
    return e.detail.value(QLatin1String(field)).toBool();
}
} // namespace

double WorkqueueState::Histogram::upperBound(int bucket)
{
    // prometheus.ExponentialBuckets(10e-9, 10, 10), multiplied out as Go does.
    double b = 10e-9;
    for (int i = 0; i < bucket; ++i)
        b *= 10;
    return bucket >= bucketCount() ? std::numeric_limits<double>::infinity() : b;
}

void WorkqueueState::Histogram::observe(double seconds)
{
    if (buckets.isEmpty())
        buckets.fill(0, bucketCount() + 1);
    int i = 0;
    while (i < bucketCount() && seconds > upperBound(i))
        ++i;
    ++buckets[i];
    ++count;
    sum += seconds;
}

int WorkqueueState::Histogram::p50Bucket() const
{
    if (count == 0)
        return -1;
    quint64 seen = 0;
    for (int i = 0; i < buckets.size(); ++i) {
        seen += buckets[i];
        if (2 * seen >= count)
            return qMin(i, bucketCount());
    }
    return bucketCount();
}

double WorkqueueState::Histogram::p50UpperBound() const
{
    const int bucket = p50Bucket();
    return bucket < 0 ? -1 : upperBound(bucket);
}

void WorkqueueState::apply(const TraceEvent &e)
{
    lastEventMs = e.t;
    const QString &key = e.key;
    switch (e.kind) {
    case TraceKind::WorkqueueAdd: {
        if (flag(e, "ignored") || flag(e, "collapsed"))
            break;
        // Typed.Add: counted, marked dirty; queued unless a worker holds it (then at Done).
        ++metrics.addsTotal;
        ++metrics.depth;
        dirty.insert(key);
        keys[key].addedMs = e.t;
        keys[key].addSeq = e.seq;
        if (!processing.contains(key) && !queue.contains(key))
            queue.append(key);
        break;
    }
    case TraceKind::WorkqueueGet: {
        if (key.isEmpty() || flag(e, "shutDown"))
            break;
        queue.removeOne(key);
        if (dirty.remove(key))
            --metrics.depth;
        processing.insert(key, {str(e, "worker"), e.t, e.seq});
        metrics.queueDuration.observe(double(num(e, "waitedMs")) / 1000.0);
        keys[key].addedMs = -1;
        break;
    }
    case TraceKind::WorkqueueDone: {
        metrics.workDuration.observe(double(num(e, "workMs")) / 1000.0);
        processing.remove(key);
        if ((flag(e, "requeued") || dirty.contains(key)) && !queue.contains(key)) {
            dirty.insert(key);
            queue.append(key);
        }
        break;
    }
    case TraceKind::WorkqueueAddAfter:
    case TraceKind::WorkqueueAddRateLimited: {
        if (e.kind == TraceKind::WorkqueueAddRateLimited) {
            KeyInfo &k = keys[key];
            k.failures = int(num(e, "failures", k.failures));
            k.limiter = str(e, "limiter");
            k.lastDelayMs = num(e, "delayMs");
        }
        if (flag(e, "ignored"))
            break;
        ++metrics.retriesTotal;
        if (str(e, "dedup") == QLatin1String("at once"))
            break; // the Add that follows queues it
        // The ready time the queue keeps: the event's readyAtMs (the earlier of the old and the
        // new one); the delay, reason and limiter are the ones that set it.
        Waiting w = waiting.value(key);
        w.readyAtMs = num(e, "readyAtMs", e.t + num(e, "delayMs"));
        if (!waiting.contains(key) || str(e, "dedup") != QLatin1String("kept earlier")) {
            w.delayMs = num(e, "delayMs");
            w.reason = str(e, "reason");
            w.limiter =
                e.kind == TraceKind::WorkqueueAddRateLimited ? str(e, "limiter") : QString();
            w.seq = e.seq;
        }
        waiting.insert(key, w);
        break;
    }
    case TraceKind::WorkqueueReady:
        waiting.remove(key);
        break;
    case TraceKind::WorkqueueForget:
        keys[key].failures = 0;
        break;
    case TraceKind::WorkqueueShutDown:
        shutDown = true;
        if (flag(e, "drain") || num(e, "discarded") > 0)
            waiting.clear();
        break;
    case TraceKind::WorkqueueCancelGet:
        if (flag(e, "givenBack") && !key.isEmpty()) {
            processing.remove(key);
            if (!dirty.contains(key)) {
                dirty.insert(key);
                ++metrics.depth;
            }
            if (!queue.contains(key))
                queue.append(key);
        }
        break;
    case TraceKind::ControllerSyncStarted:
        if (const QString o = str(e, "objectKey"); !o.isEmpty())
            keys[key].objectKey = o;
        break;
    case TraceKind::ControllerSyncFinished: {
        KeyInfo &k = keys[key];
        k.lastOutcome = str(e, "outcome");
        ++outcomes[k.lastOutcome];
        k.lastRequeue = str(e, "requeue");
        if (const QString o = str(e, "objectKey"); !o.isEmpty())
            k.objectKey = o;
        break;
    }
    default:
        break;
    }
}

double WorkqueueState::unfinishedWorkSeconds(qint64 nowMs) const
{
    qint64 sum = 0;
    for (const Processing &p : processing)
        sum += qMax<qint64>(0, nowMs - p.sinceMs);
    return double(sum) / 1000.0;
}

double WorkqueueState::longestRunningProcessorSeconds(qint64 nowMs) const
{
    qint64 longest = 0;
    for (const Processing &p : processing)
        longest = qMax(longest, nowMs - p.sinceMs);
    return double(longest) / 1000.0;
}

namespace {
/// A list's item count past which no room is reserved ahead (a malformed journal file).
constexpr qsizetype kReserveLimit = qsizetype(1) << 24;
} // namespace

bool WorkqueueStates::isQueueKind(TraceKind kind)
{
    switch (kind) {
    case TraceKind::WorkqueueAdd:
    case TraceKind::WorkqueueGet:
    case TraceKind::WorkqueueDone:
    case TraceKind::WorkqueueAddAfter:
    case TraceKind::WorkqueueReady:
    case TraceKind::WorkqueueAddRateLimited:
    case TraceKind::WorkqueueForget:
    case TraceKind::WorkqueueShutDown:
    case TraceKind::WorkqueueCancelGet:
        return true;
    default:
        return false;
    }
}

bool WorkqueueStates::folds(const TraceEvent &e)
{
    if (isQueueKind(e.kind))
        return true;
    switch (e.kind) {
    case TraceKind::ControllerSyncStarted:
    case TraceKind::ControllerSyncFinished:
    case TraceKind::ProvisionerCalled:
    case TraceKind::ListCompleted:
        return true;
    case TraceKind::IndexerAdded:
    case TraceKind::IndexerUpdated:
    case TraceKind::IndexerDeleted:
        return !e.object.isNull();
    default:
        return false;
    }
}

void WorkqueueStates::applyIndexer(const TraceEvent &e)
{
    const QString stored = e.informer + QLatin1Char('\n') + e.key;
    const QString uid = e.object.uid();
    if (e.kind == TraceKind::IndexerDeleted) {
        // The store let the key go: its UID (as stored, else as the last state says) retires.
        const QString was = m_uidOfStored.take(stored);
        if (!was.isEmpty())
            retire(was);
        if (!uid.isEmpty() && uid != was)
            retire(uid);
        return;
    }
    if (uid.isEmpty())
        return;
    auto it = m_uidOfStored.find(stored);
    if (it == m_uidOfStored.end()) {
        m_uidOfStored.insert(stored, uid);
    } else if (*it != uid) {
        // Replaced under the same key (a delete and a create a relist saw as one update).
        const QString old = *it;
        *it = uid;
        retire(old);
    }
    m_keyOfUid.insert(uid, Name{e.key, true});
}

void WorkqueueStates::retire(const QString &uid)
{
    const auto name = m_keyOfUid.find(uid);
    if (name == m_keyOfUid.end() || !name->live)
        return;
    name->live = false;
    m_retired.push_back(uid);
    while (qsizetype(m_retired.size()) > m_retiredCap) {
        const auto old = m_keyOfUid.find(m_retired.front());
        // Stored again since it retired: a store holds it, so it keeps its name.
        if (old != m_keyOfUid.end() && !old->live) {
            m_keyOfUid.erase(old);
            ++m_droppedNames;
        }
        m_retired.pop_front();
    }
}

void WorkqueueStates::apply(const TraceEvent &e)
{
    m_lastMs = qMax(m_lastMs, e.t);
    if (e.kind == TraceKind::ListCompleted) {
        // The stores are about to hold this many objects: room for their names at once, not a
        // rehash of 131 072 of them in the middle of a fold (44 ms with the window open).
        const qsizetype items = qsizetype(e.detail.value(QLatin1String("items")).toInteger());
        if (items > m_uidOfStored.size() && items <= kReserveLimit) {
            m_uidOfStored.reserve(items);
            m_keyOfUid.reserve(qMax(m_keyOfUid.size(), items));
        }
        return;
    }
    if (e.kind == TraceKind::IndexerAdded || e.kind == TraceKind::IndexerUpdated ||
        e.kind == TraceKind::IndexerDeleted) {
        applyIndexer(e);
        return;
    }
    const QString objectKey = e.detail.value(QLatin1String("objectKey")).toString();
    if (e.kind == TraceKind::ProvisionerCalled) {
        // No queue field: a claim worker's call names the claim its key (the UID) stands for.
        // No store holds it under that UID for certain, so the name is kept as a retired one.
        if (!objectKey.isEmpty() && objectKey != e.key) {
            const auto it = m_keyOfUid.find(e.key);
            if (it == m_keyOfUid.end()) {
                m_keyOfUid.insert(e.key, Name{objectKey, true});
                retire(e.key);
            } else {
                it->key = objectKey;
            }
        }
        return;
    }
    const QString name = e.detail.value(QLatin1String("queue")).toString();
    if (name.isEmpty())
        return;
    state(name).apply(e);
}

void WorkqueueStates::clear()
{
    m_queues.clear();
    m_order.clear();
    m_keyOfUid.clear();
    m_uidOfStored.clear();
    m_retired.clear();
    m_droppedNames = 0;
    m_lastMs = 0;
}

WorkqueueState &WorkqueueStates::state(const QString &name)
{
    auto it = m_queues.find(name);
    if (it == m_queues.end()) {
        m_order.append(name);
        it = m_queues.insert(name, WorkqueueState{});
        it->name = name;
    }
    return *it;
}

const WorkqueueState *WorkqueueStates::queue(const QString &name) const
{
    const auto it = m_queues.constFind(name);
    return it == m_queues.constEnd() ? nullptr : &*it;
}

QString WorkqueueStates::objectKeyOf(const QString &queue, const QString &key) const
{
    if (const WorkqueueState *q = this->queue(queue)) {
        const QString o = q->keys.value(key).objectKey;
        if (!o.isEmpty() && o != key)
            return o;
    }
    return m_keyOfUid.value(key).key;
}

} // namespace lens
