// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStyledItemDelegate>

namespace lens {

/// Paints a handler notification's kind (HandlerNotificationsModel::KindRole) as a coloured chip
/// with the cell's text: add green, update blue, update (resync) grey, delete red; an add from
/// the initial list is outlined, a delete with a DeletedFinalStateUnknown tombstone is a white
/// chip with a dashed red outline and a ✝ — the colours of the matching Deltas.
class NotificationDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit NotificationDelegate(int kindRole, QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    int m_role;
};

} // namespace lens
