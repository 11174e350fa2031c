// SPDX-License-Identifier: Apache-2.0
#include "priorityqueuestate.h"

#include <QJsonArray>

#include <algorithm>
#include <functional>

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
bool has(const TraceEvent &e, const char *field)
{
    return e.detail.contains(QLatin1String(field));
}

/// The Cause of one PriorityQueueAdd, before anything is linked to it.
PriorityQueueState::Cause causeOfAdd(const TraceEvent &e)
{
    PriorityQueueState::Cause c;
    c.seq = e.seq;
    c.atMs = e.t;
    c.merge = str(e, "merge");
    c.reason = str(e, "reason");
    c.priority = int(num(e, "priority"));
    c.requestedSet = has(e, "requestedPriority");
    c.requested = int(num(e, "requestedPriority"));
    c.delayMs = num(e, "delayMs");
    return c;
}

/// Fills `c` from the RuntimeEnqueued or ReconcileFinished `e` that caused its add.
void link(PriorityQueueState::Cause &c, const TraceEvent &e)
{
    c.causeSeq = e.seq;
    if (e.kind == TraceKind::RuntimeEnqueued) {
        c.kind = PriorityQueueState::Cause::Kind::Handler;
        c.handler = str(e, "handler");
        c.event = str(e, "event");
        c.objectKey = str(e, "objectKey");
        c.oldResourceVersion = str(e, "oldResourceVersion");
        c.newResourceVersion = str(e, "newResourceVersion");
        c.lowPriority = str(e, "lowPriority");
        c.initialList = flag(e, "initialList");
    } else {
        c.kind = PriorityQueueState::Cause::Kind::Requeue;
        c.worker = str(e, "worker");
        c.result = str(e, "result");
        c.terminal = flag(e, "terminal");
        for (const auto &v : e.detail.value(QLatin1String("queueCalls")).toArray())
            c.queueCalls << v.toString();
    }
}

/// A ReconcileFinished that made queue calls may have added its key again.
bool mayCauseAdd(const TraceEvent &e)
{
    if (e.kind == TraceKind::RuntimeEnqueued)
        return true;
    return e.kind == TraceKind::ReconcileFinished &&
           !e.detail.value(QLatin1String("queueCalls")).toArray().isEmpty();
}

bool lessReady(const PriorityQueueState::Entry *a, const PriorityQueueState::Entry *b)
{
    if (a->priority != b->priority)
        return a->priority > b->priority;
    return a->order < b->order;
}
} // namespace

PriorityQueueState::Worker *PriorityQueueState::worker(const QString &name, bool create)
{
    for (Worker &w : workers)
        if (w.name == name)
            return &w;
    if (!create || name.isEmpty())
        return nullptr;
    workers.append(Worker{});
    workers.back().name = name;
    return &workers.back();
}

void PriorityQueueState::notePriority(int p)
{
    const auto at = std::lower_bound(priorities.begin(), priorities.end(), p, std::greater<int>());
    if (at == priorities.end() || *at != p)
        priorities.insert(at, p);
}

const PriorityQueueState::Worker *PriorityQueueState::workerOf(const QString &name) const
{
    for (const Worker &w : workers)
        if (w.name == name)
            return &w;
    return nullptr;
}

QList<const PriorityQueueState::Entry *> PriorityQueueState::readyInOrder() const
{
    QList<const Entry *> out;
    for (const Entry &en : entries)
        if (en.ready)
            out << &en;
    std::sort(out.begin(), out.end(), lessReady);
    return out;
}

QList<const PriorityQueueState::Entry *> PriorityQueueState::waitingInOrder() const
{
    QList<const Entry *> out;
    for (const Entry &en : entries)
        if (!en.ready)
            out << &en;
    std::sort(out.begin(), out.end(), [](const Entry *a, const Entry *b) {
        if (a->readyAtMs != b->readyAtMs)
            return a->readyAtMs < b->readyAtMs;
        return lessReady(a, b);
    });
    return out;
}

bool PriorityQueueStates::folds(const TraceEvent &e)
{
    switch (e.kind) {
    case TraceKind::PriorityQueueAdd:
    case TraceKind::PriorityQueueReady:
    case TraceKind::PriorityQueueGet:
    case TraceKind::PriorityQueueDone:
    case TraceKind::PriorityQueueForget:
    case TraceKind::PriorityQueueShutDown:
    case TraceKind::RuntimeEnqueued:
    case TraceKind::RuntimeEventFiltered:
    case TraceKind::RuntimeControllerStarted:
    case TraceKind::ReconcileStarted:
    case TraceKind::ReconcileFinished:
        return true;
    default:
        return false;
    }
}

PriorityQueueState &PriorityQueueStates::state(const QString &name)
{
    auto it = m_queues.find(name);
    if (it == m_queues.end()) {
        it = m_queues.insert(name, PriorityQueueState{});
        it->name = name;
        m_order << name;
    }
    return *it;
}

const PriorityQueueState *PriorityQueueStates::queue(const QString &name) const
{
    const auto it = m_queues.constFind(name);
    return it == m_queues.cend() ? nullptr : &*it;
}

void PriorityQueueStates::clear()
{
    m_queues.clear();
    m_order.clear();
    m_prev = Prev{};
    m_lastMs = 0;
}

bool PriorityQueueStates::attachToLastAdd(const TraceEvent &e)
{
    if (m_prev.kind != TraceKind::PriorityQueueAdd || m_prev.linked || m_prev.key != e.key)
        return false;
    const auto q = m_queues.find(m_prev.queue);
    if (q == m_queues.end())
        return false;
    const quint64 addSeq = m_prev.seq;
    auto attach = [&](PriorityQueueState::Cause &c) {
        if (c.seq != addSeq)
            return false;
        link(c, e);
        return true;
    };
    bool done = false;
    if (const auto en = q->entries.find(e.key); en != q->entries.end()) {
        done = attach(en->cause);
        for (auto &m : en->merges)
            done = attach(m) || done;
    }
    // Handed out at once (a worker was waiting): the holder keeps why it was queued.
    for (auto &w : q->workers)
        if (w.key == e.key)
            done = attach(w.cause) || done;
    m_prev.linked = true;
    return done;
}

void PriorityQueueStates::apply(const TraceEvent &e)
{
    m_lastMs = qMax(m_lastMs, e.t);
    const bool queueKind =
        e.kind >= TraceKind::PriorityQueueAdd && e.kind <= TraceKind::PriorityQueueShutDown;
    PriorityQueueState &s = state(queueKind ? str(e, "queue") : str(e, "controller"));
    s.lastEventMs = e.t;
    switch (e.kind) {
    case TraceKind::PriorityQueueAdd:
        s.hasQueue = true;
        applyAdd(s, e);
        return; // m_prev set there
    case TraceKind::PriorityQueueReady: {
        s.hasQueue = true;
        s.depth = int(num(e, "depth", s.depth));
        auto en = s.entries.find(e.key);
        if (en == s.entries.end()) {
            en = s.entries.insert(e.key, PriorityQueueState::Entry{});
            en->key = e.key;
        }
        en->ready = true;
        en->priority = int(num(e, "priority", en->priority));
        en->order = quint64(num(e, "sequence", qint64(en->order)));
        en->readyAtMs = -1;
        en->readySinceMs = e.t;
        en->readySinceSeq = e.seq;
        en->timerSeq = e.seq;
        en->lateMs = num(e, "lateMs");
        s.notePriority(en->priority);
        return; // transparent for adjacency
    }
    case TraceKind::PriorityQueueGet:
        s.hasQueue = true;
        if (!flag(e, "shutDown"))
            applyGet(s, e);
        return;
    case TraceKind::PriorityQueueDone: {
        s.hasQueue = true;
        s.depth = int(num(e, "depth", s.depth));
        const QString worker = s.locked.take(e.key);
        if (auto *w = s.worker(worker.isEmpty() ? str(e, "worker") : worker, false)) {
            if (w->key == e.key) {
                w->lastKey = w->key;
                w->key.clear();
                w->sinceMs = -1;
                w->reconcileSinceMs = -1;
                w->fromQueue = false;
            }
        }
        return;
    }
    case TraceKind::PriorityQueueForget:
        s.hasQueue = true;
        return;
    case TraceKind::PriorityQueueShutDown:
        s.hasQueue = true;
        s.shutDown = true;
        return;
    case TraceKind::RuntimeControllerStarted:
        if (has(e, "usePriorityQueue"))
            s.usePriorityQueue = flag(e, "usePriorityQueue") ? 1 : 0;
        if (has(e, "maxConcurrentReconciles"))
            s.maxConcurrentReconciles = int(num(e, "maxConcurrentReconciles"));
        break;
    case TraceKind::ReconcileStarted: {
        PriorityQueueState::Worker *w = s.worker(str(e, "worker"), true);
        if (!w)
            break;
        if (w->key != e.key) { // the legacy queue: no PriorityQueueGet named the key
            w->key = e.key;
            w->sinceMs = e.t;
            w->seq = e.seq;
            w->fromQueue = false;
            w->cause = {};
        }
        w->priority = int(num(e, "priority", w->priority));
        w->reconcileSinceMs = e.t;
        s.keys[e.key].lastPriority = w->priority;
        break;
    }
    case TraceKind::ReconcileFinished: {
        PriorityQueueState::KeyStats &k = s.keys[e.key];
        ++k.reconciles;
        k.lastResult = str(e, "result");
        k.lastTerminal = flag(e, "terminal");
        k.lastError = str(e, "error");
        k.lastDurationMs = num(e, "durationMs", -1);
        k.lastResultSeq = e.seq;
        if (k.lastResult == QLatin1String("requeue_after"))
            k.lastRequeueAfterMs = num(e, "requeueAfterMs", -1);
        else
            k.lastRequeueAfterMs = -1;
        ++s.results[k.lastResult];
        ++s.reconcilesTotal;
        s.reconcileMsTotal += qMax<qint64>(0, k.lastDurationMs);
        if (auto *w = s.worker(str(e, "worker"), false); w && w->key == e.key) {
            w->lastResult = k.lastResult;
            w->lastDurationMs = k.lastDurationMs;
            w->reconcileSinceMs = -1;
            if (!w->fromQueue) { // the legacy queue: nothing else releases the worker here
                w->lastKey = w->key;
                w->key.clear();
                w->sinceMs = -1;
            }
        }
        break;
    }
    case TraceKind::RuntimeEnqueued:
    case TraceKind::RuntimeEventFiltered:
        break;
    default:
        return;
    }
    // Adjacency: a handler's or reconcile's record next to the add it caused, either order.
    if (mayCauseAdd(e) && attachToLastAdd(e)) {
        m_prev = Prev{};
        return;
    }
    m_prev = Prev{};
    m_prev.kind = e.kind;
    m_prev.key = e.key;
    m_prev.seq = e.seq;
    if (mayCauseAdd(e))
        m_prev.event = e;
}

void PriorityQueueStates::applyAdd(PriorityQueueState &s, const TraceEvent &e)
{
    const Prev before = std::exchange(m_prev, Prev{});
    m_prev.kind = e.kind;
    m_prev.key = e.key;
    m_prev.queue = s.name;
    m_prev.seq = e.seq;
    if (flag(e, "ignored"))
        return;
    s.depth = int(num(e, "depth", s.depth));
    PriorityQueueState::Cause cause = causeOfAdd(e);
    if (before.kind != TraceKind::PriorityQueueAdd && before.key == e.key &&
        mayCauseAdd(before.event) && before.event.key == e.key) {
        link(cause, before.event);
        m_prev.linked = true;
    }
    const QString merge = cause.merge;
    const bool ready = flag(e, "ready");
    auto en = s.entries.find(e.key);
    if (en == s.entries.end() || merge == QLatin1String("new")) {
        PriorityQueueState::Entry fresh;
        fresh.key = e.key;
        en = s.entries.insert(e.key, fresh);
        en->cause = cause;
    } else {
        if (!en->ready && ready)
            en->cause = cause; // a re-add made it ready ("ready wins"): that is why it is ready
        else {
            en->merges.append(cause);
            if (en->merges.size() > PriorityQueueState::kMaxMerges)
                en->merges.removeFirst();
        }
    }
    const bool wasReady = en->ready;
    en->priority = cause.priority;
    en->order = quint64(num(e, "sequence", qint64(en->order)));
    en->ready = ready;
    en->readyAtMs = ready ? -1 : num(e, "readyAtMs", e.t + cause.delayMs);
    if (ready && !wasReady) {
        en->readySinceMs = e.t;
        en->readySinceSeq = e.seq;
        en->timerSeq = 0;
    }
    if (!ready)
        en->readySinceMs = -1;
    else
        s.notePriority(en->priority);
}

void PriorityQueueStates::applyGet(PriorityQueueState &s, const TraceEvent &e)
{
    s.depth = int(num(e, "depth", s.depth));
    const int priority = int(num(e, "priority"));
    // Every other entry that was ready before this Get was passed over by it.
    for (auto it = s.entries.begin(); it != s.entries.end(); ++it) {
        PriorityQueueState::Entry &en = *it;
        if (!en.ready || en.key == e.key || en.readySinceSeq >= e.seq)
            continue;
        ++en.passedOver;
        if (s.locked.contains(en.key))
            ++en.passedWhileLocked;
        auto t = std::find_if(en.takers.begin(), en.takers.end(), [&](const auto &x) {
            return x.key == e.key && x.priority == priority;
        });
        if (t != en.takers.end())
            ++t->count;
        else if (en.takers.size() < PriorityQueueState::kMaxTakers)
            en.takers.append({e.key, priority, 1});
        else
            ++en.otherTakes;
    }
    const PriorityQueueState::Entry taken = s.entries.take(e.key);
    const QString worker = str(e, "worker");
    s.locked.insert(e.key, worker);
    PriorityQueueState::KeyStats &k = s.keys[e.key];
    ++k.handedOut;
    k.lastPriority = priority;
    s.notePriority(priority);
    if (PriorityQueueState::Worker *w = s.worker(worker, true)) {
        w->key = e.key;
        w->priority = priority;
        w->sinceMs = e.t;
        w->seq = e.seq;
        w->fromQueue = true;
        w->reconcileSinceMs = -1;
        w->cause = taken.cause;
    }
}

} // namespace lens
