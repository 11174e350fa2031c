// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QPointer>

namespace lens {

class Controller;
class HandlersPanel;
class HistoryPanel;
class IndexerPanel;
class IndicesPanel;
class InspectorPanel;
class LensModels;
class QueuePanel;
class SharedIndexInformer;

/// The panels of one informer, over its body (LensModels with InformerViews): queue, key
/// history, indexer, indices, inspector and handlers. Selecting a key in any of them selects
/// it in all (selectKey) and shows its history and object. The window places the panels (in
/// stacks, one page per informer) and owns them; this object only wires them.
class InformerViews final : public QObject {
    Q_OBJECT
public:
    /// Builds the panels over `body` (not owned; must outlive the panels). `parent` owns this
    /// object and, until the window places them, the panels.
    InformerViews(LensModels *body, QWidget *parent);

    LensModels *body() const { return m_body; }
    QueuePanel *queue() const { return m_queue; }
    HistoryPanel *history() const { return m_history; }
    IndexerPanel *indexer() const { return m_indexer; }
    IndicesPanel *indices() const { return m_indices; }
    InspectorPanel *inspector() const { return m_inspector; }
    HandlersPanel *handlers() const { return m_handlers; }

    /// The informer (handlers are added to it) and its Pop pump.
    void setInformer(SharedIndexInformer *informer, Controller *controller);
    SharedIndexInformer *informer() const;
    Controller *controller() const;

    /// Shows `key`'s history and object and makes its rows current in the queue and indexer.
    /// No-op for "" or the key already selected.
    void selectKey(const QString &key);

Q_SIGNALS:
    /// A journal event was chosen (a key history row or a notification): explain it.
    void seqChosen(quint64 seq);
    /// A queued key was chosen: explain its Deltas.
    void queuedKeyChosen(const QString &key);
    /// The queue's Deltas changed.
    void queueChanged();
    /// The selected key changed (any panel).
    void keyChanged(const QString &key);
    void handlerAdded(const QString &summary);

private:
    LensModels *m_body;
    QPointer<SharedIndexInformer> m_informer;
    QPointer<Controller> m_controller;
    QueuePanel *m_queue;
    HistoryPanel *m_history;
    IndexerPanel *m_indexer;
    IndicesPanel *m_indices;
    InspectorPanel *m_inspector;
    HandlersPanel *m_handlers;
};

} // namespace lens
