// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

class QAbstractItemModel;
class QAbstractItemView;

namespace lens {

/// Tells whether `model` is between rowsAboutToBeRemoved and rowsRemoved. While the row a view
/// has current leaves (a key popped from the DeltaFIFO, an object deleted from the indexer, an
/// item leaving the workqueue, the journal trimmed at its cap), QItemSelectionModel moves the
/// current index to a neighbouring row and emits currentRowChanged: a panel that answers the
/// user's choice of a row asks active() and ignores that move, so the key history and the
/// inspector keep the key the user chose (a deleted claim stays shown with its deletion).
///
/// Construct it before the view is given `model`: its connections then come before the
/// selection model's, so active() is already true when the selection model moves the current
/// row. Owned by `parent`; stops watching when `model` is destroyed.
class RowsLeaving final : public QObject {
    Q_OBJECT
public:
    RowsLeaving(QAbstractItemModel *model, QObject *parent);
    /// True from rowsAboutToBeRemoved (or modelAboutToBeReset) to rowsRemoved (modelReset).
    bool active() const { return m_active; }
    /// After `view` (showing the model) has its selection model: when rows leaving moved its
    /// current row to a neighbour, the view is left with no current or selected row once the
    /// rows are gone (without signals), so no row looks chosen that the user did not choose.
    void clearMovedCurrent(QAbstractItemView *view);

private:
    bool m_active = false;
    bool m_moved = false;
    QAbstractItemView *m_view = nullptr;
};

} // namespace lens
