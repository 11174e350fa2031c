// SPDX-License-Identifier: Apache-2.0
#include "handler.h"

#include "api/objectmeta.h"
#include "trace/journal.h"

#include <QJsonObject>
#include <QSet>

namespace lens::runtime {

QString describeAddOpts(const AddOpts &opts)
{
    QStringList parts;
    if (opts.afterMs != 0)
        parts << QStringLiteral("After: %1ms").arg(opts.afterMs);
    if (opts.rateLimited)
        parts << QStringLiteral("RateLimited: true");
    if (opts.priority)
        parts << QStringLiteral("Priority: %1").arg(*opts.priority);
    return QStringLiteral("AddWithOpts{%1}").arg(parts.join(QStringLiteral(", ")));
}

namespace {

/// What RuntimeEnqueued says about the event behind an add.
struct EventInfo {
    QString event; ///< create|update|delete|generic
    QString objectKey;
    std::optional<bool> initialList;
    QString oldRv;
    QString newRv;
};

/// handler.workqueueWithDefaultPriority plus the journal: fills the default priority into
/// adds that leave it unset and, in front of the real queue, records one RuntimeEnqueued per
/// key. Wrappers nest (WithLowPriorityWhenUnchanged around a stock handler); only the
/// innermost, whose inner queue is the real one, records.
class HandlerQueue final : public ControllerQueue {
public:
    HandlerQueue(ControllerQueue *inner, std::optional<int> defaultPriority, QString lowReason,
                 const EventHandler *handler, EventInfo info)
        : m_inner(inner), m_default(defaultPriority), m_lowReason(std::move(lowReason)),
          m_handler(handler), m_info(std::move(info))
    {
    }
    QString name() const override { return m_inner->name(); }
    bool isPriorityQueue() const override { return m_inner->isPriorityQueue(); }
    void addWithOpts(const AddOpts &opts, const QStringList &items,
                     const QString &reason = {}) override
    {
        addResolved(opts, items, reason, {});
    }
    void addResolved(AddOpts opts, const QStringList &items, const QString &reason, QString low)
    {
        if (!opts.priority && m_default) {
            opts.priority = m_default;
            low = m_lowReason;
        }
        if (auto *inner = dynamic_cast<HandlerQueue *>(m_inner)) {
            inner->addResolved(opts, items, reason, low);
            return;
        }
        if (Journal *j = m_handler->journal()) {
            for (const QString &item : items) {
                TraceEvent e;
                e.kind = TraceKind::RuntimeEnqueued;
                e.component = QStringLiteral("runtime");
                e.key = item;
                QJsonObject d;
                if (!m_handler->controller().isEmpty())
                    d.insert(QLatin1String("controller"), m_handler->controller());
                d.insert(QLatin1String("handler"), m_handler->name());
                d.insert(QLatin1String("event"), m_info.event);
                if (!m_info.objectKey.isEmpty())
                    d.insert(QLatin1String("objectKey"), m_info.objectKey);
                if (m_info.initialList)
                    d.insert(QLatin1String("initialList"), *m_info.initialList);
                if (m_info.event == QLatin1String("update")) {
                    d.insert(QLatin1String("oldResourceVersion"), m_info.oldRv);
                    d.insert(QLatin1String("newResourceVersion"), m_info.newRv);
                } else if (!m_info.newRv.isEmpty()) {
                    d.insert(QLatin1String("newResourceVersion"), m_info.newRv);
                }
                if (opts.priority)
                    d.insert(QLatin1String("priority"), *opts.priority);
                if (!low.isEmpty())
                    d.insert(QLatin1String("lowPriority"), low);
                d.insert(QLatin1String("call"), describeAddOpts(opts));
                e.detail = d;
                j->record(std::move(e));
            }
        }
        m_inner->addWithOpts(opts, items,
                             reason.isEmpty()
                                 ? QStringLiteral("%1: %2").arg(m_handler->name(), m_info.event)
                                 : reason);
    }
    void requestGet(const QString &worker) override { m_inner->requestGet(worker); }
    void done(const QString &item) override { m_inner->done(item); }
    void forget(const QString &item) override { m_inner->forget(item); }
    int numRequeues(const QString &item) const override { return m_inner->numRequeues(item); }
    int len() const override { return m_inner->len(); }
    void shutDown() override { m_inner->shutDown(); }
    bool shuttingDown() const override { return m_inner->shuttingDown(); }
    QString rateLimiterDescription() const override { return m_inner->rateLimiterDescription(); }

private:
    ControllerQueue *m_inner;
    std::optional<int> m_default;
    QString m_lowReason;
    const EventHandler *m_handler;
    EventInfo m_info;
};

} // namespace

void EventHandler::withCreateQueue(const CreateEvent &e, ControllerQueue *q, bool lower,
                                   const std::function<void(ControllerQueue *)> &body) const
{
    std::optional<int> def;
    QString why;
    if (lower && q->isPriorityQueue() && !e.object.isNull() && e.isInInitialList) {
        def = lowPriority;
        why = QStringLiteral("initial list");
    }
    HandlerQueue hq(q, def, why, this,
                    {QStringLiteral("create"),
                     objectKeyOf(e.object),
                     e.isInInitialList,
                     {},
                     e.object.isNull() ? QString() : e.object.resourceVersion()});
    body(&hq);
}

void EventHandler::withUpdateQueue(const UpdateEvent &e, ControllerQueue *q, bool lower,
                                   const std::function<void(ControllerQueue *)> &body) const
{
    std::optional<int> def;
    QString why;
    if (lower && q->isPriorityQueue() && !e.objectOld.isNull() && !e.objectNew.isNull() &&
        e.objectOld.resourceVersion() == e.objectNew.resourceVersion()) {
        def = lowPriority;
        why = QStringLiteral("unchanged resourceVersion");
    }
    const Object &shown = e.objectNew.isNull() ? e.objectOld : e.objectNew;
    HandlerQueue hq(q, def, why, this,
                    {QStringLiteral("update"), objectKeyOf(shown), std::nullopt,
                     e.objectOld.isNull() ? QString() : e.objectOld.resourceVersion(),
                     e.objectNew.isNull() ? QString() : e.objectNew.resourceVersion()});
    body(&hq);
}

void EventHandler::withDeleteQueue(const DeleteEvent &e, ControllerQueue *q,
                                   const std::function<void(ControllerQueue *)> &body) const
{
    HandlerQueue hq(q, std::nullopt, {}, this,
                    {QStringLiteral("delete"),
                     objectKeyOf(e.object),
                     std::nullopt,
                     {},
                     e.object.isNull() ? QString() : e.object.resourceVersion()});
    body(&hq);
}

void EventHandler::withGenericQueue(const GenericEvent &e, ControllerQueue *q,
                                    const std::function<void(ControllerQueue *)> &body) const
{
    HandlerQueue hq(q, std::nullopt, {}, this,
                    {QStringLiteral("generic"),
                     objectKeyOf(e.object),
                     std::nullopt,
                     {},
                     e.object.isNull() ? QString() : e.object.resourceVersion()});
    body(&hq);
}

void Funcs::create(const CreateEvent &e, ControllerQueue *q)
{
    if (createFunc)
        withCreateQueue(e, q, true, [&](ControllerQueue *hq) { createFunc(e, hq); });
}

void Funcs::update(const UpdateEvent &e, ControllerQueue *q)
{
    if (updateFunc)
        withUpdateQueue(e, q, true, [&](ControllerQueue *hq) { updateFunc(e, hq); });
}

void Funcs::del(const DeleteEvent &e, ControllerQueue *q)
{
    if (deleteFunc)
        withDeleteQueue(e, q, [&](ControllerQueue *hq) { deleteFunc(e, hq); });
}

void Funcs::generic(const GenericEvent &e, ControllerQueue *q)
{
    if (genericFunc)
        withGenericQueue(e, q, [&](ControllerQueue *hq) { genericFunc(e, hq); });
}

namespace {

/// A handler whose requests come from a function of the object: the common body of the three
/// stock handlers. `requests(obj)` gives the keys of one object; Update asks old then new (or
/// new only, `updateNewOnly`), deduplicated in first-occurrence order.
class MappingHandler : public EventHandler {
public:
    using Requests = std::function<QStringList(const Object &)>;
    MappingHandler(QString name, Requests requests, bool updateNewOnly)
        : EventHandler(std::move(name)), m_requests(std::move(requests)),
          m_updateNewOnly(updateNewOnly)
    {
    }
    void create(const CreateEvent &e, ControllerQueue *q) override
    {
        if (e.object.isNull())
            return;
        withCreateQueue(e, q, true, [&](ControllerQueue *hq) { addAll(hq, {e.object}); });
    }
    void update(const UpdateEvent &e, ControllerQueue *q) override
    {
        QList<Object> objs;
        if (m_updateNewOnly) {
            if (!e.objectNew.isNull())
                objs << e.objectNew;
            else if (!e.objectOld.isNull())
                objs << e.objectOld;
        } else {
            for (const Object &o : {e.objectOld, e.objectNew})
                if (!o.isNull())
                    objs << o;
        }
        if (objs.isEmpty())
            return;
        withUpdateQueue(e, q, true, [&](ControllerQueue *hq) { addAll(hq, objs); });
    }
    void del(const DeleteEvent &e, ControllerQueue *q) override
    {
        if (e.object.isNull())
            return;
        withDeleteQueue(e, q, [&](ControllerQueue *hq) { addAll(hq, {e.object}); });
    }
    void generic(const GenericEvent &e, ControllerQueue *q) override
    {
        if (e.object.isNull())
            return;
        withGenericQueue(e, q, [&](ControllerQueue *hq) { addAll(hq, {e.object}); });
    }

private:
    void addAll(ControllerQueue *q, const QList<Object> &objs) const
    {
        QStringList keys;
        QSet<QString> seen;
        for (const Object &o : objs)
            for (const QString &k : m_requests(o))
                if (!seen.contains(k)) {
                    seen.insert(k);
                    keys << k;
                }
        for (const QString &k : keys)
            q->add(k);
    }
    Requests m_requests;
    bool m_updateNewOnly;
};

} // namespace

std::shared_ptr<EventHandler> withLowPriorityWhenUnchanged(std::shared_ptr<EventHandler> inner)
{
    auto f = std::make_shared<Funcs>(
        QStringLiteral("WithLowPriorityWhenUnchanged(%1)").arg(inner->name()));
    f->createFunc = [inner](const CreateEvent &e, ControllerQueue *q) { inner->create(e, q); };
    f->updateFunc = [inner](const UpdateEvent &e, ControllerQueue *q) { inner->update(e, q); };
    f->deleteFunc = [inner](const DeleteEvent &e, ControllerQueue *q) { inner->del(e, q); };
    f->genericFunc = [inner](const GenericEvent &e, ControllerQueue *q) { inner->generic(e, q); };
    return f;
}

std::shared_ptr<EventHandler> enqueueRequestForObject()
{
    return std::make_shared<MappingHandler>(
        QStringLiteral("EnqueueRequestForObject"),
        [](const Object &o) { return QStringList{requestKey(o)}; }, true);
}

std::shared_ptr<EventHandler> enqueueRequestForOwner(const OwnerOptions &options, QString *error)
{
    if (options.ownerKind.isEmpty()) {
        if (error)
            *error = QStringLiteral("EnqueueRequestForOwner: the owner type has no kind");
        return nullptr;
    }
    if (error)
        error->clear();
    const OwnerOptions opt = options;
    auto requests = [opt](const Object &o) {
        QStringList out;
        QList<OwnerReference> refs = ownerReferences(o);
        if (opt.onlyControllerOwner) {
            const auto it = std::find_if(refs.begin(), refs.end(),
                                         [](const OwnerReference &r) { return r.controller; });
            refs = it == refs.end() ? QList<OwnerReference>{} : QList<OwnerReference>{*it};
        }
        for (const OwnerReference &r : refs) {
            QString group;
            if (!groupOfApiVersion(r.apiVersion, &group))
                return out; // upstream returns from the loop: later references are ignored
            if (r.kind != opt.ownerKind || group != opt.ownerGroup)
                continue;
            const bool cluster = opt.isClusterScoped && opt.isClusterScoped(group, r.kind);
            out << requestKey(cluster ? QString() : o.namespace_(), r.name);
        }
        return out;
    };
    const QString kindName = opt.ownerGroup.isEmpty()
                                 ? opt.ownerKind
                                 : opt.ownerKind + QLatin1Char('.') + opt.ownerGroup;
    auto inner = std::make_shared<MappingHandler>(
        QStringLiteral("EnqueueRequestForOwner(%1%2)")
            .arg(kindName,
                 opt.onlyControllerOwner ? QStringLiteral(", OnlyControllerOwner") : QString()),
        requests, false);
    return inner;
}

std::shared_ptr<EventHandler> enqueueRequestsFromMapFunc(MapFunc map, const QString &name)
{
    return std::make_shared<MappingHandler>(
        name.isEmpty() ? QStringLiteral("EnqueueRequestsFromMapFunc") : name,
        [map](const Object &o) { return map(o); }, false);
}

} // namespace lens::runtime
