// SPDX-License-Identifier: Apache-2.0
// The fault-convergence run's schedule: the writes (creates, updates, deletes, label changes in
// and out of the selector) and every fault the built-in cluster offers.
#include "convergence.h"

#include "informer/keys.h"
#include "sim/apiserver.h"
#include "sim/fixtures.h"
#include "sim/store.h"

#include <QJsonObject>

namespace lens::test {

namespace {

const QString kPods = QStringLiteral("pods");

QJsonObject withoutRv(const Object &o)
{
    QJsonObject json = o.json();
    QJsonObject meta = json.value(QLatin1String("metadata")).toObject();
    meta.remove(QLatin1String("resourceVersion"));
    json.insert(QLatin1String("metadata"), meta);
    return json;
}

/// `json` with metadata.<field>[key] = value (field: "labels" or "annotations").
QJsonObject withMetadataEntry(QJsonObject json, QLatin1String field, const QString &key,
                              const QString &value)
{
    QJsonObject meta = json.value(QLatin1String("metadata")).toObject();
    QJsonObject entries = meta.value(field).toObject();
    entries.insert(key, value);
    meta.insert(field, entries);
    json.insert(QLatin1String("metadata"), meta);
    return json;
}

QJsonObject withLabel(QJsonObject json, const QString &key, const QString &value)
{
    return withMetadataEntry(std::move(json), QLatin1String("labels"), key, value);
}

QJsonObject withAnnotation(QJsonObject json, const QString &key, const QString &value)
{
    return withMetadataEntry(std::move(json), QLatin1String("annotations"), key, value);
}

} // namespace

QJsonObject ConvergenceRun::newPod(const QString &ns, const QString &name, bool selected)
{
    static const QList<QJsonObject> templates = sim::Fixtures::podTemplates();
    QJsonObject pod =
        sim::Fixtures::makePod(templates.at(int(m_rng.bounded(templates.size()))), ns, m_rng);
    QJsonObject meta = pod.value(QLatin1String("metadata")).toObject();
    meta.remove(QLatin1String("generateName"));
    meta.insert(QLatin1String("name"), name);
    pod.insert(QLatin1String("metadata"), meta);
    return withLabel(pod, QStringLiteral("conv"),
                     selected ? QStringLiteral("in") : QStringLiteral("out"));
}

void ConvergenceRun::write(int kind)
{
    const QList<Object> pods = m_store->objects(kPods);
    if (kind == 2 && pods.size() <= 3)
        kind = 0;
    if (kind == 0 && pods.size() >= 30)
        kind = 1;
    if (pods.isEmpty())
        kind = 0;
    ++m_writes;
    const Object victim = pods.isEmpty() ? Object() : pods.at(int(m_rng.bounded(pods.size())));
    sim::WriteResult r;
    switch (kind) {
    case 0: {
        static const QList<QJsonObject> templates = sim::Fixtures::podTemplates();
        const QStringList namespaces = sim::Fixtures::namespaces();
        QString ns = namespaces.at(int(m_rng.bounded(namespaces.size())));
        QString name;
        // Now and then a key that was deleted before: a new uid under an old key.
        if (!m_deletedNames.isEmpty() && m_rng.bounded(4) == 0)
            splitMetaNamespaceKey(m_deletedNames.takeAt(int(m_rng.bounded(m_deletedNames.size()))),
                                  &ns, &name);
        else
            name = QStringLiteral("conv-%1").arg(++m_created);
        const QJsonObject pod = newPod(ns, name, m_rng.bounded(3) != 0);
        r = m_store->create(kPods, pod);
        note(QStringLiteral("create %1/%2 → rv %3").arg(ns, name).arg(m_store->revision()));
        break;
    }
    case 1:
        r = m_store->update(kPods, withAnnotation(withoutRv(victim), QStringLiteral("conv/step"),
                                                  QString::number(m_writes)));
        note(QStringLiteral("update %1 → rv %2")
                 .arg(metaNamespaceKeyFunc(victim).key)
                 .arg(m_store->revision()));
        break;
    case 2:
        r = m_store->remove(kPods, victim.namespace_(), victim.name());
        if (r.ok())
            m_deletedNames << metaNamespaceKeyFunc(victim).key;
        note(QStringLiteral("delete %1 → rv %2")
                 .arg(metaNamespaceKeyFunc(victim).key)
                 .arg(m_store->revision()));
        break;
    default: {
        const bool in = victim.labels().value(QStringLiteral("conv")) == QLatin1String("in");
        r = m_store->update(kPods, withLabel(withoutRv(victim), QStringLiteral("conv"),
                                             in ? QStringLiteral("out") : QStringLiteral("in")));
        note(QStringLiteral("relabel %1 conv=%2 → rv %3")
                 .arg(metaNamespaceKeyFunc(victim).key,
                      in ? QStringLiteral("out") : QStringLiteral("in"))
                 .arg(m_store->revision()));
        break;
    }
    }
    if (!r.ok())
        note(QStringLiteral("  (write refused: %1)").arg(r.error.describe()));
}

// ---- the schedule ----------------------------------------------------------------------------

namespace {
/// Every fault the built-in cluster offers (/sim/v1 and its ApiServer controls), plus a restart
/// and downtime of the server itself.
enum Fault {
    DropWatches,
    DropMidEvent,
    EndWatches,
    ExpireWatches,
    Compact,
    CompactNextPage,
    Garbage,
    Fail429,
    Fail500,
    Fail503,
    Fail410,
    Stall,
    TooLarge,
    Bookmarks,
    IgnoreSendInitialEvents,
    Restart,
    Down,
    HistoryLimit,
    Forbid,
    FaultCount
};
} // namespace

void ConvergenceRun::fault(int kind)
{
    if (!m_server) {
        note(QStringLiteral("(server down: no fault)"));
        return;
    }
    int units = 1;
    switch (Fault(kind)) {
    case DropWatches:
        note(QStringLiteral("drop watches: %1").arg(m_server->dropWatches(false)));
        break;
    case DropMidEvent:
        note(QStringLiteral("drop watches mid-event: %1").arg(m_server->dropWatches(true)));
        break;
    case EndWatches:
        note(QStringLiteral("end watches: %1").arg(m_server->endWatches()));
        break;
    case ExpireWatches:
        note(QStringLiteral("expire watches (410): %1").arg(m_server->expireWatches()));
        break;
    case Compact:
        write(1);
        m_store->compact();
        note(QStringLiteral("compact at %1").arg(m_store->revision()));
        break;
    case CompactNextPage:
        m_compactOnNextPage = true;
        note(QStringLiteral("compact after the next list page"));
        break;
    case Garbage:
        note(QStringLiteral("garbage line: %1").arg(m_server->sendGarbageOnWatches()));
        break;
    case Fail429:
    case Fail500:
    case Fail503:
    case Fail410: {
        static const int statuses[] = {429, 500, 503, 410};
        const int status = statuses[kind - Fail429];
        units = 1 + int(m_rng.bounded(3));
        int retryAfter = 0;
        if (status == 429 || (status == 503 && m_rng.bounded(2)))
            retryAfter = m_rng.bounded(8) == 0 ? 120 : 1 + int(m_rng.bounded(5));
        m_server->failNextRequests(units, status, retryAfter);
        note(QStringLiteral("fail next %1 requests with %2, Retry-After %3")
                 .arg(units)
                 .arg(status)
                 .arg(retryAfter));
        break;
    }
    case Stall: {
        const int ms = 5 + int(m_rng.bounded(60));
        note(QStringLiteral("stall watches %1 ms: %2").arg(ms).arg(m_server->stallWatches(ms)));
        break;
    }
    case TooLarge:
        units = 1 + int(m_rng.bounded(2));
        m_server->answerTooLargeResourceVersion(units);
        note(QStringLiteral("too large resourceVersion on the next %1").arg(units));
        break;
    case Bookmarks:
        m_bookmarkIntervalMs = m_bookmarkIntervalMs ? 0 : 5 + int(m_rng.bounded(40));
        m_server->setBookmarkInterval(m_bookmarkIntervalMs);
        note(QStringLiteral("bookmark interval %1 ms").arg(m_bookmarkIntervalMs));
        break;
    case IgnoreSendInitialEvents:
        if (m_cfg.watchList && m_cfg.bookmarkTimeoutMs == 0) {
            note(QStringLiteral("(no server without WatchList: the informer would wait for it)"));
            return;
        }
        m_ignoreSendInitialEvents = !m_ignoreSendInitialEvents;
        m_server->setIgnoreSendInitialEvents(m_ignoreSendInitialEvents);
        note(QStringLiteral("ignore sendInitialEvents: %1").arg(m_ignoreSendInitialEvents));
        break;
    case Restart: {
        const bool compact = m_rng.bounded(2);
        stopServer();
        if (compact)
            m_store->compact(); // the new watch cache starts at the current revision
        QString err;
        if (!startServer(&err))
            note(QStringLiteral("restart failed: %1").arg(err));
        else
            note(QStringLiteral("server restarted%1")
                     .arg(compact ? QStringLiteral(" (history compacted)") : QString()));
        break;
    }
    case Down:
        units = m_downSteps = 1 + int(m_rng.bounded(4));
        stopServer();
        note(QStringLiteral("server down for %1 steps").arg(m_downSteps));
        break;
    case HistoryLimit: {
        const int limit = m_store->historyLimit() == 1000 ? 2 + int(m_rng.bounded(10)) : 1000;
        m_store->setHistoryLimit(limit);
        note(QStringLiteral("history limit %1").arg(limit));
        break;
    }
    case Forbid: {
        const bool forbid = !m_server->isForbidden(kPods);
        m_server->setForbidden(kPods, forbid);
        note(QStringLiteral("pods %1").arg(forbid ? QStringLiteral("forbidden (403)")
                                                  : QStringLiteral("allowed again")));
        break;
    }
    case FaultCount:
        break;
    }
    m_faults += units;
}

void ConvergenceRun::onRequestHandled(const QString &method, const QString &target, int status)
{
    if (!m_compactOnNextPage || method != QLatin1String("GET") || status != 200 ||
        !target.contains(QLatin1String("limit=")) || target.contains(QLatin1String("watch=")))
        return;
    m_compactOnNextPage = false;
    // A write and a compaction between two pages: the next continue token is too old (410).
    write(1);
    m_store->compact();
    note(QStringLiteral("compacted at %1 after the page %2").arg(m_store->revision()).arg(target));
}

void ConvergenceRun::step(int i)
{
    if (m_downSteps > 0 && --m_downSteps == 0) {
        QString err;
        note(startServer(&err) ? QStringLiteral("server up again")
                               : QStringLiteral("server failed to come up: ") + err);
    }
    const int r = int(m_rng.bounded(100));
    if (r < 40) {
        const int kind = int(m_rng.bounded(5));
        for (int n = kind == 4 ? 3 + int(m_rng.bounded(6)) : 1; n > 0; --n)
            write(kind == 4 ? int(m_rng.bounded(4)) : kind);
    } else if (r < 70) {
        fault(int(m_rng.bounded(FaultCount)));
    } else if (r < 85) {
        const qint64 ms = m_rng.bounded(3000);
        m_clock.advance(ms);
        note(QStringLiteral("step %1: clock +%2 ms").arg(i).arg(ms));
    } else if (r < 95) {
        const qint64 next = m_clock.nextTimerDueMs();
        if (next > 0)
            m_clock.advanceTo(next);
        note(QStringLiteral("step %1: clock to the next timer (%2)").arg(i).arg(next));
    } else {
        // Let everything in flight land before the next step.
        quint64 last = progress();
        for (int quiet = 0, n = 0; quiet < 3 && n < 500; ++n) {
            turn(Wait::Events);
            const quint64 p = progress();
            quiet = p == last ? quiet + 1 : 0;
            last = p;
        }
        note(QStringLiteral("step %1: quiet").arg(i));
    }
    pump(int(m_rng.bounded(8)));
}

} // namespace lens::test
