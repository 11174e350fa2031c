// SPDX-License-Identifier: Apache-2.0
#include "source.h"

#include "informer/sharedinformer.h"
#include "trace/journal.h"

#include <QJsonObject>

namespace lens::runtime {

EventHandlerAdapter::EventHandlerAdapter(std::shared_ptr<EventHandler> handler,
                                         QList<Predicate> predicates, ControllerQueue *queue,
                                         Journal *journal, const QString &controller)
    : m_handler(std::move(handler)), m_predicates(std::move(predicates)), m_queue(queue),
      m_journal(journal), m_controller(controller)
{
}

void EventHandlerAdapter::filtered(const QString &event, const Object &obj,
                                   const QString &predicate, const QString &oldRv,
                                   const QString &newRv) const
{
    if (!m_journal)
        return;
    TraceEvent e;
    e.kind = TraceKind::RuntimeEventFiltered;
    e.component = QStringLiteral("runtime");
    e.key = objectKeyOf(obj);
    QJsonObject d;
    if (!m_controller.isEmpty())
        d.insert(QLatin1String("controller"), m_controller);
    d.insert(QLatin1String("handler"), m_handler->name());
    d.insert(QLatin1String("event"), event);
    d.insert(QLatin1String("objectKey"), objectKeyOf(obj));
    d.insert(QLatin1String("predicate"), predicate.isEmpty() ? QStringLiteral("Funcs") : predicate);
    if (event == QLatin1String("update"))
        d.insert(QLatin1String("oldResourceVersion"), oldRv);
    d.insert(QLatin1String("newResourceVersion"), newRv);
    e.detail = d;
    m_journal->record(std::move(e));
}

void EventHandlerAdapter::onAdd(const Object &obj, bool isInInitialList)
{
    if (obj.isNull() || !obj.hasMeta())
        return; // "OnAdd missing Object"
    const CreateEvent ev{obj, isInInitialList};
    for (const Predicate &p : m_predicates)
        if (!p.onCreate(ev)) {
            filtered(QStringLiteral("create"), obj, p.name, {}, obj.resourceVersion());
            return;
        }
    m_handler->create(ev, m_queue);
}

void EventHandlerAdapter::onUpdate(const Object &oldObj, const Object &newObj)
{
    if (oldObj.isNull() || !oldObj.hasMeta() || newObj.isNull() || !newObj.hasMeta())
        return; // "OnUpdate missing ObjectOld/ObjectNew"
    const UpdateEvent ev{oldObj, newObj};
    for (const Predicate &p : m_predicates)
        if (!p.onUpdate(ev)) {
            filtered(QStringLiteral("update"), newObj, p.name, oldObj.resourceVersion(),
                     newObj.resourceVersion());
            return;
        }
    m_handler->update(ev, m_queue);
}

void EventHandlerAdapter::onDelete(const Delta &deleted)
{
    const Object &obj = deleted.object;
    if (obj.isNull() || !obj.hasMeta())
        return; // a tombstone of unknown last state, or a value without metadata
    const DeleteEvent ev{obj, deleted.tombstone};
    for (const Predicate &p : m_predicates)
        if (!p.onDelete(ev)) {
            filtered(QStringLiteral("delete"), obj, p.name, {}, obj.resourceVersion());
            return;
        }
    m_handler->del(ev, m_queue);
}

ResourceEventHandler
EventHandlerAdapter::resourceEventHandler(std::shared_ptr<EventHandlerAdapter> a)
{
    ResourceEventHandler h;
    h.name = a->m_controller.isEmpty()
                 ? a->m_handler->name()
                 : QStringLiteral("%1: %2").arg(a->m_controller, a->m_handler->name());
    h.onAdd = [a](const Object &o, bool initial) { a->onAdd(o, initial); };
    h.onUpdate = [a](const Object &o, const Object &n) { a->onUpdate(o, n); };
    h.onDelete = [a](const Delta &d) { a->onDelete(d); };
    return h;
}

Kind::Kind(SharedIndexInformer *informer, const QString &typeName,
           std::shared_ptr<EventHandler> handler, QList<Predicate> predicates, QObject *parent)
    : Source(parent), m_informer(informer), m_type(typeName), m_handler(std::move(handler)),
      m_predicates(std::move(predicates))
{
}

Kind::~Kind() = default;

QString Kind::describe() const
{
    return QStringLiteral("kind source: %1").arg(m_type);
}

void Kind::start(ControllerQueue *queue, Journal *journal, const QString &controller,
                 std::function<void(const QString &)> started)
{
    if (!m_informer) {
        started(QStringLiteral("must create Kind with a non-nil cache"));
        return;
    }
    if (!m_handler) {
        started(QStringLiteral("must create Kind with non-nil handler"));
        return;
    }
    if (m_registration) {
        started(QStringLiteral("%1 was started more than once").arg(describe()));
        return;
    }
    m_handler->bind(journal, controller);
    auto adapter =
        std::make_shared<EventHandlerAdapter>(m_handler, m_predicates, queue, journal, controller);
    QString error;
    m_registration =
        m_informer->addEventHandler(EventHandlerAdapter::resourceEventHandler(adapter), &error);
    if (!m_registration) {
        started(error);
        return;
    }
    connect(m_informer, &SharedIndexInformer::synced, this, &Kind::checkSynced);
    connect(m_registration, &ProcessorListener::notified, this, &Kind::checkSynced);
    started({});
}

bool Kind::hasSynced() const
{
    return m_informer && m_registration && m_registration->hasSynced(m_informer->hasSynced());
}

void Kind::waitForSync(std::function<void(const QString &)> done)
{
    m_waiting = std::move(done);
    checkSynced();
}

void Kind::checkSynced()
{
    if (!m_waiting || !hasSynced())
        return;
    auto done = std::move(m_waiting);
    m_waiting = nullptr;
    done({});
}

QString Kind::syncTimeoutError() const
{
    return QStringLiteral("timed out waiting for cache to be synced for Kind %1").arg(m_type);
}

} // namespace lens::runtime
