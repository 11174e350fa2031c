// SPDX-License-Identifier: Apache-2.0
#include "controllerloop.h"

#include "journaltext.h"
#include "trace/tracedetail.h"

namespace lens {

namespace {
QString str(const TraceEvent &e, const char *field)
{
    return e.detail.value(QLatin1String(field)).toVariant().toString();
}
bool isCreate(const TraceEvent &e)
{
    return str(e, "verb") == QLatin1String("POST") &&
           !str(e, "path").endsWith(QLatin1String("/events"));
}
bool isWorkqueueKind(TraceKind k)
{
    switch (k) {
    case TraceKind::WorkqueueAdd:
    case TraceKind::WorkqueueGet:
    case TraceKind::WorkqueueDone:
    case TraceKind::WorkqueueAddAfter:
    case TraceKind::WorkqueueReady:
    case TraceKind::WorkqueueAddRateLimited:
    case TraceKind::WorkqueueForget:
    case TraceKind::WorkqueueCancelGet:
        return true;
    default:
        return false;
    }
}
} // namespace

void ControllerLoop::reset(const QString &key, const QString &informer)
{
    m_key = key;
    m_informer = informer;
    m_uids.clear();
    m_created.clear();
    m_answerRv.clear();
}

bool ControllerLoop::mayLink(const TraceEvent &e)
{
    switch (e.kind) {
    case TraceKind::WatchEvent:
    case TraceKind::ControllerSyncStarted:
    case TraceKind::ControllerSyncFinished:
    case TraceKind::ProvisionerCalled:
    case TraceKind::ProvisionerReturned:
    case TraceKind::ApiRequestSent:
    case TraceKind::ApiRequestFinished:
        return true;
    default:
        return isWorkqueueKind(e.kind);
    }
}

void ControllerLoop::own(const TraceEvent &e)
{
    Object o = e.object;
    if (o.isNull() && !e.deltas.isEmpty())
        o = e.deltas.constLast().object;
    if (!o.isNull() && !o.uid().isEmpty())
        m_uids.insert(o.uid());
}

bool ControllerLoop::take(const TraceEvent &e)
{
    if (m_key.isEmpty())
        return false;
    if (isWorkqueueKind(e.kind) || e.kind == TraceKind::ControllerSyncStarted ||
        e.kind == TraceKind::ControllerSyncFinished || e.kind == TraceKind::ProvisionerCalled ||
        e.kind == TraceKind::ProvisionerReturned)
        return !e.key.isEmpty() && (e.key == m_key || m_uids.contains(e.key));
    if (e.kind == TraceKind::ApiRequestSent || e.kind == TraceKind::ApiRequestFinished) {
        const QString queueKey = str(e, "queueKey");
        const bool mine = str(e, "objectKey") == m_key || e.key == m_key ||
                          (!queueKey.isEmpty() && (m_uids.contains(queueKey) || queueKey == m_key));
        const QString object = str(e, "objectKey");
        if (mine && isCreate(e) && !object.isEmpty() && object != m_key) {
            m_created.insert(object);
            if (e.kind == TraceKind::ApiRequestFinished && !e.resourceVersion.isEmpty())
                m_answerRv.insert(object, e.resourceVersion);
        }
        return mine;
    }
    if (e.kind == TraceKind::WatchEvent)
        return m_created.contains(e.key) && !(e.informer == m_informer && e.key == m_key);
    return false;
}

QString ControllerLoop::line(const TraceEvent &e) const
{
    auto worker = [&e] { return str(e, "worker"); };
    switch (e.kind) {
    case TraceKind::ControllerSyncStarted:
        return tr("%1 took it from the %2 queue (requeues %3)")
            .arg(worker(), str(e, "queue"), str(e, "requeues"));
    case TraceKind::ControllerSyncFinished: {
        QString s =
            e.detail.value(QLatin1String("alreadyExists")).toBool()
                ? tr("%1 finished: %2 — PV already exists (409) — the library treats this as "
                     "provisioned")
                      .arg(worker(), JournalText::code(str(e, "outcome")))
                : tr("%1 finished: %2 — %3")
                      .arg(worker(), JournalText::code(str(e, "outcome")), str(e, "message"));
        const QString requeue = str(e, "requeue");
        if (requeue == QLatin1String("rate limited"))
            s += tr(" · re-queued in %1 ms").arg(str(e, "delayMs"));
        else if (!requeue.isEmpty())
            s += QStringLiteral(" · ") + JournalText::code(requeue);
        return s;
    }
    case TraceKind::ProvisionerCalled:
        return e.type == QLatin1String("delete")
                   ? tr("%1 called Delete for %2").arg(worker(), str(e, "pvName"))
                   : tr("%1 called Provision: volume %2, class %3")
                         .arg(worker(), str(e, "pvName"), str(e, "class"));
    case TraceKind::ProvisionerReturned: {
        QString s = tr("returned %1 after %2 ms").arg(str(e, "state"), str(e, "durationMs"));
        if (!str(e, "error").isEmpty())
            s += QStringLiteral(": ") + str(e, "error");
        if (e.detail.value(QLatin1String("injected")).toBool())
            s += tr(" (a failure set on the provisioner)");
        return s;
    }
    case TraceKind::ApiRequestSent:
        return tr("%1 %2 (by %3)").arg(str(e, "verb"), str(e, "path"), worker());
    case TraceKind::ApiRequestFinished: {
        if (const auto status = tracedetail::status(e)) {
            QString s = tr("%1 %2 failed after %3 ms: %4")
                            .arg(str(e, "verb"), str(e, "path"), str(e, "latencyMs"),
                                 JournalText::status(*status));
            if (isCreate(e) && status->reason == QLatin1String("AlreadyExists") &&
                str(e, "path").endsWith(QLatin1String("/persistentvolumes")))
                s += tr(" — PV already exists (409) — the library treats this as provisioned");
            return s;
        }
        QString s = tr("%1 %2 answered %3 after %4 ms")
                        .arg(str(e, "verb"), str(e, "path"), str(e, "code"), str(e, "latencyMs"));
        if (isCreate(e) && !e.resourceVersion.isEmpty())
            s += tr(" · stored at rv %1: its watch event brings the same rv back")
                     .arg(e.resourceVersion);
        return s;
    }
    case TraceKind::WatchEvent: {
        const QString answer = m_answerRv.value(e.key);
        if (!answer.isEmpty() && answer == e.resourceVersion)
            return tr("%1 %2 through the %3 informer: the object this key's create wrote, "
                      "coming back (rv %4 = the create's answer)")
                .arg(e.key, e.type, e.informer, e.resourceVersion);
        return tr("%1 %2 through the %3 informer: the object this key's create wrote")
            .arg(e.key, e.type, e.informer);
    }
    default:
        break;
    }
    if (isWorkqueueKind(e.kind))
        return JournalText::workqueue(e);
    return {};
}

} // namespace lens
