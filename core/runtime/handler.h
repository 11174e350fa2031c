// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "controllerqueue.h"
#include "events.h"

#include <functional>
#include <memory>

namespace lens {
class Journal;
}

namespace lens::runtime {

/// controller-runtime's AddOpts as written in the journal and the captions:
/// "AddWithOpts{After: 500ms, RateLimited: true, Priority: -100}", "AddWithOpts{}" (unset
/// fields left out).
QString describeAddOpts(const AddOpts &opts);

/// handler.TypedEventHandler (pkg/handler/eventhandler.go): turns the source's events into
/// requests on the controller's queue. Each method gets the queue; a handler adds through it.
///
/// Priority (§2.1, TypedFuncs): the stock handlers, Funcs and WithLowPriorityWhenUnchanged give
/// their adds a default priority when the queue is a priority queue and the event's objects
/// are non-null: Create → LowPriority (-100) iff isInInitialList; Update → -100 iff the old and
/// new resourceVersion strings are equal; Delete and Generic → never. An explicit priority in
/// AddWithOpts (even 0) wins; otherwise "unset" stays unset.
///
/// Journal: every key a handler adds is one RuntimeEnqueued (component "runtime", key = the
/// request) naming the controller and handler (bind()), the event, the object and its
/// resourceVersions, the priority passed to the queue (absent = unset), why it is LowPriority
/// (lowPriority "initial list" | "unchanged resourceVersion") and the call made.
class EventHandler {
public:
    explicit EventHandler(QString name) : m_name(std::move(name)) {}
    virtual ~EventHandler() = default;
    EventHandler(const EventHandler &) = delete;
    EventHandler &operator=(const EventHandler &) = delete;

    /// The handler's name in the journal ("EnqueueRequestForObject").
    QString name() const { return m_name; }
    /// Where its adds are journaled (not owned; null = nowhere) and the controller named there.
    void bind(Journal *journal, const QString &controller)
    {
        m_journal = journal;
        m_controller = controller;
    }
    Journal *journal() const { return m_journal; }
    QString controller() const { return m_controller; }

    virtual void create(const CreateEvent &e, ControllerQueue *q) = 0;
    virtual void update(const UpdateEvent &e, ControllerQueue *q) = 0;
    virtual void del(const DeleteEvent &e, ControllerQueue *q) = 0;
    virtual void generic(const GenericEvent &e, ControllerQueue *q) = 0;

protected:
    /// Calls `body` with the queue a handler of this kind adds through for one event: it
    /// journals each add and fills the §2.1 default priority (`lower` = apply it).
    void withCreateQueue(const CreateEvent &e, ControllerQueue *q, bool lower,
                         const std::function<void(ControllerQueue *)> &body) const;
    void withUpdateQueue(const UpdateEvent &e, ControllerQueue *q, bool lower,
                         const std::function<void(ControllerQueue *)> &body) const;
    void withDeleteQueue(const DeleteEvent &e, ControllerQueue *q,
                         const std::function<void(ControllerQueue *)> &body) const;
    void withGenericQueue(const GenericEvent &e, ControllerQueue *q,
                          const std::function<void(ControllerQueue *)> &body) const;

private:
    QString m_name;
    Journal *m_journal = nullptr;
    QString m_controller;
};

/// handler.TypedFuncs: the four functions as given (missing = no-op), called with a queue that
/// applies the default priority of §2.1 (Create and Update only).
class Funcs : public EventHandler {
public:
    std::function<void(const CreateEvent &, ControllerQueue *)> createFunc;
    std::function<void(const UpdateEvent &, ControllerQueue *)> updateFunc;
    std::function<void(const DeleteEvent &, ControllerQueue *)> deleteFunc;
    std::function<void(const GenericEvent &, ControllerQueue *)> genericFunc;

    explicit Funcs(QString name = QStringLiteral("Funcs")) : EventHandler(std::move(name)) {}
    void create(const CreateEvent &e, ControllerQueue *q) override;
    void update(const UpdateEvent &e, ControllerQueue *q) override;
    void del(const DeleteEvent &e, ControllerQueue *q) override;
    void generic(const GenericEvent &e, ControllerQueue *q) override;
};

/// handler.WithLowPriorityWhenUnchanged(h): `inner`'s four methods wrapped into a Funcs, so a
/// custom handler that calls Add gets the §2.1 priorities too. Its journal name is
/// "WithLowPriorityWhenUnchanged(<inner>)".
std::shared_ptr<EventHandler> withLowPriorityWhenUnchanged(std::shared_ptr<EventHandler> inner);

/// handler.EnqueueRequestForObject (enqueue.go): the event's object's own request. Update
/// queues one request: ObjectNew's, or ObjectOld's when New is null. Null objects: nothing.
std::shared_ptr<EventHandler> enqueueRequestForObject();

/// handler.EnqueueRequestForOwner (enqueue_owner.go), already wrapped in
/// WithLowPriorityWhenUnchanged as upstream returns it.
struct OwnerOptions {
    QString ownerGroup; ///< the owner type's API group ("" = core, "apps")
    QString ownerKind;  ///< "ReplicaSet"
    /// OnlyControllerOwner(): only the first ownerReference with controller: true.
    bool onlyControllerOwner = false;
    /// Stands in for the RESTMapper's scope lookup: true when the owner kind (group, kind) is
    /// cluster-scoped, so the request's namespace is "". Null = every kind is namespaced.
    std::function<bool(const QString &group, const QString &kind)> isClusterScoped;
};
/// For each event it collects the matching ownerReferences of the object (Update: of both
/// objects, old first) and adds each request once. A reference matches on Kind and the group
/// of its apiVersion (the version is ignored). Request namespace = the dependent's namespace,
/// "" for a cluster-scoped owner. An unparsable apiVersion ("apps/v1/fail") ends that object's
/// references there (the rest are ignored). Upstream adds from a Go map (unspecified order);
/// here the order is first occurrence. `ownerKind` empty sets *error ("" = fine), as
/// upstream panics at construction.
std::shared_ptr<EventHandler> enqueueRequestForOwner(const OwnerOptions &options,
                                                     QString *error = nullptr);

/// handler.EnqueueRequestsFromMapFunc (enqueue_mapped.go): the requests ("ns/name") the map
/// function returns for the object (Update: for old, then new), each added once per event in
/// first-occurrence order. Null objects are not mapped.
using MapFunc = std::function<QStringList(const Object &)>;
std::shared_ptr<EventHandler> enqueueRequestsFromMapFunc(MapFunc map, const QString &name = {});

} // namespace lens::runtime
