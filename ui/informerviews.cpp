// SPDX-License-Identifier: Apache-2.0
#include "informerviews.h"

#include "handlerspanel.h"
#include "historypanel.h"
#include "indexerpanel.h"
#include "informer/controller.h"
#include "informer/sharedinformer.h"
#include "inspectorpanel.h"
#include "lens/keyhistorymodel.h"
#include "lens/lensmodels.h"
#include "queuepanel.h"

namespace lens {

InformerViews::InformerViews(LensModels *body, QWidget *parent)
    : QObject(parent), m_body(body), m_queue(new QueuePanel(body, parent)),
      m_history(new HistoryPanel(body, parent)), m_indexer(new IndexerPanel(body, parent)),
      m_indices(new IndicesPanel(body, parent)), m_inspector(new InspectorPanel(body, parent)),
      m_handlers(new HandlersPanel(body, parent))
{
    connect(m_queue, &QueuePanel::keySelected, this, &InformerViews::selectKey);
    connect(m_indexer, &IndexerPanel::keySelected, this, &InformerViews::selectKey);
    connect(m_indices, &IndicesPanel::keySelected, this, &InformerViews::selectKey);
    connect(m_handlers, &HandlersPanel::keySelected, this, &InformerViews::selectKey);
    connect(m_queue, &QueuePanel::queuedKeyChosen, this, &InformerViews::queuedKeyChosen);
    connect(m_queue, &QueuePanel::queueChanged, this, &InformerViews::queueChanged);
    connect(m_history, &HistoryPanel::seqChosen, this, &InformerViews::seqChosen);
    connect(m_history, &HistoryPanel::keyChosen, this, &InformerViews::selectKey);
    connect(m_handlers, &HandlersPanel::seqChosen, this, &InformerViews::seqChosen);
    connect(m_handlers, &HandlersPanel::handlerAdded, this, &InformerViews::handlerAdded);
    connect(body->history(), &KeyHistoryModel::keyChanged, this,
            [this] { Q_EMIT keyChanged(m_body->history()->key()); });
}

void InformerViews::setInformer(SharedIndexInformer *informer, Controller *controller)
{
    m_informer = informer;
    m_controller = controller;
    m_handlers->setInformer(informer);
}

SharedIndexInformer *InformerViews::informer() const
{
    return m_informer;
}

Controller *InformerViews::controller() const
{
    // An informer started later (a scenario's `informer: start` step, a lesson waiting for
    // Next) has its pump from then on.
    if (!m_controller && m_informer)
        return m_informer->controller();
    return m_controller;
}

void InformerViews::selectKey(const QString &key)
{
    if (key.isEmpty() || key == m_body->history()->key())
        return;
    m_body->history()->setKey(key);
    m_queue->selectKey(key);
    m_indexer->selectKey(key);
}

} // namespace lens
