// SPDX-License-Identifier: Apache-2.0
#include "inspectorpanel.h"

#include "tableview.h"

#include "lens/eventbatcher.h"
#include "lens/indexermodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/lensmodels.h"
#include "lens/objecttreemodel.h"
#include "lens/queuemodel.h"

#include <QHeaderView>
#include <QSignalBlocker>
#include <QToolButton>
#include <QTreeView>

#include <functional>

namespace lens {

InspectorPanel::InspectorPanel(LensModels *body, QWidget *parent)
    : Panel(QString(), nullptr, parent), m_body(body), m_view(new QTreeView(this)),
      m_reveal(new QToolButton(this))
{
    ObjectTreeModel *tree = body->objectTree();
    m_view->setObjectName(QStringLiteral("objectView"));
    m_view->setModel(tree);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->header()->resizeSection(ObjectTreeModel::FieldColumn, 210);
    m_view->header()->setStretchLastSection(true);
    m_reveal->setObjectName(QStringLiteral("revealButton"));
    m_reveal->setCheckable(true);
    m_reveal->setEnabled(false);
    addHeaderWidget(m_reveal);
    installRowCopy(m_view);
    keepMinimumRows(m_view, kMinimumTableRows);
    addContent(m_view, 1);
    connect(m_reveal, &QToolButton::toggled, tree, &ObjectTreeModel::setRevealed);
    // Follow the selected key, and its newest version as the indexer changes.
    connect(body->history(), &KeyHistoryModel::keyChanged, this, &InspectorPanel::refresh);
    for (EventBatcher *b :
         {body->indexer()->batcher(), body->queue()->batcher(), body->history()->batcher()})
        connect(b, &EventBatcher::flushed, this, &InspectorPanel::refresh);
    connect(body, &LensModels::travelled, this, &InspectorPanel::refresh);
    connect(tree, &ObjectTreeModel::objectChanged, this, [this, tree] {
        const QSignalBlocker block(m_reveal);
        m_reveal->setEnabled(tree->hasSensitive());
        m_reveal->setChecked(tree->isRevealed());
    });
    retranslate();
}

void InspectorPanel::refresh()
{
    const KeyHistoryModel *history = m_body->history();
    ObjectTreeModel *tree = m_body->objectTree();
    const QString key = history->key();
    Object o = m_body->indexer()->objectOfKey(key);
    QString where;
    if (!o.isNull()) {
        where = tr("in indexer");
    } else if (!(o = m_body->queue()->objectOfKey(key)).isNull()) {
        where = tr("queued, not yet in indexer");
    } else if (!key.isEmpty() && !(o = history->lastObject()).isNull()) {
        // The newest version the journal carried up to the moment shown (a travel point, or
        // now): never a version from after it.
        where = history->lastObjectGone()
                    ? tr("deleted; last known state")
                    : tr("between stages (received or popped, not stored yet)");
    }
    if (key != tree->key() || !o.sameInstance(tree->object())) {
        // Keep what the user expanded when a new version of the same object arrives.
        QStringList expanded;
        const bool sameKey = key == tree->key();
        std::function<void(const QModelIndex &)> collect = [&](const QModelIndex &parent) {
            for (int r = 0; r < tree->rowCount(parent); ++r) {
                const QModelIndex i = tree->index(r, 0, parent);
                if (m_view->isExpanded(i)) {
                    expanded << i.data(ObjectTreeModel::PathRole).toString();
                    collect(i);
                }
            }
        };
        if (sameKey)
            collect({});
        tree->setObject(key, o);
        if (sameKey) {
            for (const QString &p : std::as_const(expanded))
                m_view->expand(tree->indexOfPath(p));
        } else {
            m_view->expandToDepth(0);
            for (const char *p : {"metadata.labels", "status"})
                m_view->expand(tree->indexOfPath(QString::fromLatin1(p)));
        }
    }
    if (key.isEmpty() || o.isNull()) {
        setTitle(tr("Object"));
        setSubtitle(key.isEmpty() ? tr("select a key to inspect its object")
                                  : tr("%1: no object known").arg(key));
        return;
    }
    setTitle(tr("Object: %1").arg(key));
    QString sub = tr("%1 \u00B7 RV %2 \u00B7 %3").arg(o.kind(), o.resourceVersion(), where);
    if (tree->hasSensitive())
        sub += tree->isRevealed() ? tr(" \u00B7 revealed") : tr(" \u00B7 masked");
    setSubtitle(sub);
}

void InspectorPanel::retranslate()
{
    m_reveal->setText(tr("Reveal"));
    m_reveal->setAccessibleName(tr("Reveal this object's secret values"));
    m_reveal->setToolTip(tr("Show this object's Secret data and last-applied-configuration "
                            "annotation. Other objects stay masked."));
    m_view->setAccessibleName(tr("Object inspector"));
    refresh();
}

} // namespace lens
