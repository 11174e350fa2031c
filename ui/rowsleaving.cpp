// SPDX-License-Identifier: Apache-2.0
#include "rowsleaving.h"

#include <QAbstractItemModel>
#include <QAbstractItemView>
#include <QItemSelectionModel>

namespace lens {

RowsLeaving::RowsLeaving(QAbstractItemModel *model, QObject *parent) : QObject(parent)
{
    const auto begin = [this] {
        m_active = true;
        m_moved = false;
    };
    const auto end = [this] {
        m_active = false;
        if (!m_moved || !m_view)
            return;
        m_moved = false;
        const QSignalBlocker block(m_view->selectionModel());
        m_view->selectionModel()->clear();
        m_view->viewport()->update();
    };
    connect(model, &QAbstractItemModel::rowsAboutToBeRemoved, this, begin);
    connect(model, &QAbstractItemModel::rowsRemoved, this, end);
    connect(model, &QAbstractItemModel::modelAboutToBeReset, this, begin);
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        m_active = false;
        m_moved = false; // a reset leaves no current row of its own accord
    });
}

void RowsLeaving::clearMovedCurrent(QAbstractItemView *view)
{
    m_view = view;
    connect(view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                if (m_active && current.isValid())
                    m_moved = true;
            });
}

} // namespace lens
