// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

#include "lens/eventbatcher.h"
#include "lens/indexermodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/objecttreemodel.h"
#include "lens/queuemodel.h"
#include "panel.h"

#include <QHeaderView>
#include <QSignalBlocker>
#include <QToolButton>
#include <QTreeView>

#include <algorithm>
#include <functional>

namespace lens {

QWidget *MainWindow::buildObjectPanel()
{
    m_objectView = new QTreeView(this);
    m_objectView->setObjectName(QStringLiteral("objectView"));
    m_objectView->setAccessibleName(tr("Object inspector"));
    m_objectView->setModel(m_objectTree);
    m_objectView->setUniformRowHeights(true);
    m_objectView->setAlternatingRowColors(true);
    m_objectView->header()->resizeSection(ObjectTreeModel::FieldColumn, 210);
    m_objectView->header()->setStretchLastSection(true);
    m_reveal = new QToolButton(this);
    m_reveal->setObjectName(QStringLiteral("revealButton"));
    translated([this] {
        m_reveal->setText(tr("Reveal"));
        m_reveal->setAccessibleName(tr("Reveal this object's secret values"));
        m_reveal->setToolTip(tr("Show this object's Secret data and last-applied-configuration "
                                "annotation. Other objects stay masked."));
        m_objectView->setAccessibleName(tr("Object inspector"));
    });
    m_reveal->setCheckable(true);
    m_reveal->setEnabled(false);
    m_objectPanel = new Panel(tr("Object"), m_objectView);
    m_objectPanel->addHeaderWidget(m_reveal);
    m_objectPanel->setSubtitle(tr("select a key to inspect its object"));
    connect(m_reveal, &QToolButton::toggled, this,
            [this](bool on) { m_objectTree->setRevealed(on); });

    // Follow the selected key, and its newest version as the indexer changes.
    connect(m_history, &KeyHistoryModel::keyChanged, this, &MainWindow::updateInspector);
    connect(m_indexer->batcher(), &EventBatcher::flushed, this, &MainWindow::updateInspector);
    connect(m_queue->batcher(), &EventBatcher::flushed, this, &MainWindow::updateInspector);
    connect(m_history->batcher(), &EventBatcher::flushed, this, &MainWindow::updateInspector);
    connect(m_objectTree, &ObjectTreeModel::objectChanged, this, [this] {
        const QSignalBlocker block(m_reveal);
        m_reveal->setEnabled(m_objectTree->hasSensitive());
        m_reveal->setChecked(m_objectTree->isRevealed());
    });
    return m_objectPanel;
}

void MainWindow::updateInspector()
{
    const QString key = m_history->key();
    Object o = m_indexer->objectOfKey(key);
    QString where;
    if (!o.isNull()) {
        where = tr("in indexer");
    } else if (!(o = m_queue->objectOfKey(key)).isNull()) {
        where = tr("queued, not yet in indexer");
    } else if (!key.isEmpty() && !(o = m_history->lastObject()).isNull()) {
        // The newest version the journal carried up to the moment shown (a travel point, or
        // now): never a version from after it.
        where = m_history->lastObjectGone()
                    ? tr("deleted; last known state")
                    : tr("between stages (received or popped, not stored yet)");
    }
    if (key != m_objectTree->key() || !o.sameInstance(m_objectTree->object())) {
        // Keep what the user expanded when a new version of the same object arrives.
        QStringList expanded;
        const bool sameKey = key == m_objectTree->key();
        std::function<void(const QModelIndex &)> collect = [&](const QModelIndex &parent) {
            for (int r = 0; r < m_objectTree->rowCount(parent); ++r) {
                const QModelIndex i = m_objectTree->index(r, 0, parent);
                if (m_objectView->isExpanded(i)) {
                    expanded << i.data(ObjectTreeModel::PathRole).toString();
                    collect(i);
                }
            }
        };
        if (sameKey)
            collect({});
        m_objectTree->setObject(key, o);
        if (sameKey) {
            for (const QString &p : std::as_const(expanded))
                m_objectView->expand(m_objectTree->indexOfPath(p));
        } else {
            m_objectView->expandToDepth(0);
            for (const char *p : {"metadata.labels", "status"})
                m_objectView->expand(m_objectTree->indexOfPath(QString::fromLatin1(p)));
        }
    }
    if (key.isEmpty() || o.isNull()) {
        m_objectPanel->setTitle(tr("Object"));
        m_objectPanel->setSubtitle(key.isEmpty() ? tr("select a key to inspect its object")
                                                 : tr("%1: no object known").arg(key));
        return;
    }
    m_objectPanel->setTitle(tr("Object: %1").arg(key));
    QString sub = tr("%1 \u00B7 RV %2 \u00B7 %3").arg(o.kind(), o.resourceVersion(), where);
    if (m_objectTree->hasSensitive())
        sub += m_objectTree->isRevealed() ? tr(" \u00B7 revealed") : tr(" \u00B7 masked");
    m_objectPanel->setSubtitle(sub);
}

} // namespace lens
