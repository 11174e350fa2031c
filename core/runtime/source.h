// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "handler.h"
#include "predicate.h"

#include "informer/processor.h"

#include <QObject>
#include <QPointer>

namespace lens {
class SharedIndexInformer;
}

namespace lens::runtime {

/// source.Source / source.SyncingSource (pkg/source): what a controller watches. Start is
/// asynchronous here: the source calls `started` once ("" = fine, else the error), which
/// upstream is Start returning; a source that never calls it is the "blocking Start" of
/// controller-runtime's error "Please ensure that its Start() method is non-blocking".
class Source : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    ~Source() override = default;
    /// The source as fmt's %v prints it ("kind source: *v1.Pod").
    virtual QString describe() const = 0;
    /// Start: begin delivering events to `queue` (not owned; must outlive the source's
    /// handler registration). `journal`/`controller` name the controller in the journal.
    virtual void start(ControllerQueue *queue, Journal *journal, const QString &controller,
                       std::function<void(const QString &error)> started) = 0;
    /// Whether it is a SyncingSource (has WaitForSync).
    virtual bool isSyncing() const { return false; }
    /// WaitForSync without blocking: `done` is called once, with "" when synced. A source that
    /// is not syncing answers "" at once.
    virtual void waitForSync(std::function<void(const QString &error)> done) { done({}); }
    /// The error WaitForSync returns when its deadline passes before sync.
    virtual QString syncTimeoutError() const { return QStringLiteral("timed out"); }
};

/// The informer → handler adapter (pkg/internal/source/event_handler.go, EventHandler): turns
/// OnAdd/OnUpdate/OnDelete into Create/Update/DeleteEvents, runs the predicates in order (the
/// first false drops the event and is journaled as RuntimeEventFiltered naming it; none =
/// pass), then calls the handler with the queue. A DeletedFinalStateUnknown tombstone is
/// unwrapped (deleteStateUnknown = true); objects without metadata (or null) are dropped.
class EventHandlerAdapter {
public:
    EventHandlerAdapter(std::shared_ptr<EventHandler> handler, QList<Predicate> predicates,
                        ControllerQueue *queue, Journal *journal = nullptr,
                        const QString &controller = {});
    void onAdd(const Object &obj, bool isInInitialList);
    void onUpdate(const Object &oldObj, const Object &newObj);
    void onDelete(const Delta &deleted);
    /// The client-go ResourceEventHandlerFuncs calling the three above (shares this adapter).
    static ResourceEventHandler resourceEventHandler(std::shared_ptr<EventHandlerAdapter> a);

private:
    void filtered(const QString &event, const Object &obj, const QString &predicate,
                  const QString &oldRv, const QString &newRv) const;
    std::shared_ptr<EventHandler> m_handler;
    QList<Predicate> m_predicates;
    ControllerQueue *m_queue;
    Journal *m_journal;
    QString m_controller;
};

/// source.Kind (pkg/source/source.go, pkg/internal/source/kind.go) over one of the project's
/// SharedIndexInformers (the cache's informer for the type; not owned, must outlive the
/// source). Start registers the adapter with AddEventHandler (so an informer that has synced
/// replays its cache as initial-list adds) and calls `started` at once. WaitForSync (v0.23+)
/// answers when the informer has synced AND the registration's HasSynced holds (every
/// initial-list notification delivered to the handler), driven by the informer's synced and
/// the listener's notified signals; the deadline is the controller's CacheSyncTimeout.
/// Not modelled: GetInformer's 10 s retry for a kind the API server does not serve yet.
class Kind final : public Source {
    Q_OBJECT
public:
    /// `typeName` is the Go type as %T prints it ("*v1.Pod").
    Kind(SharedIndexInformer *informer, const QString &typeName,
         std::shared_ptr<EventHandler> handler, QList<Predicate> predicates = {},
         QObject *parent = nullptr);
    ~Kind() override;
    QString describe() const override;
    void start(ControllerQueue *queue, Journal *journal, const QString &controller,
               std::function<void(const QString &error)> started) override;
    bool isSyncing() const override { return true; }
    void waitForSync(std::function<void(const QString &error)> done) override;
    QString syncTimeoutError() const override;
    /// Informer synced and the handler registration synced.
    bool hasSynced() const;
    ProcessorListener *registration() const { return m_registration; }

private:
    void checkSynced();
    QPointer<SharedIndexInformer> m_informer;
    QString m_type;
    std::shared_ptr<EventHandler> m_handler;
    QList<Predicate> m_predicates;
    QPointer<ProcessorListener> m_registration;
    std::function<void(const QString &)> m_waiting;
};

} // namespace lens::runtime
