// SPDX-License-Identifier: Apache-2.0
#include "notificationdelegate.h"

#include "deltapalette.h"
#include "lens/handlersmodel.h"

#include <QApplication>
#include <QPainter>

namespace lens {

namespace {
constexpr int kPadX = 6;
} // namespace

NotificationDelegate::NotificationDelegate(int kindRole, QObject *parent)
    : QStyledItemDelegate(parent), m_role(kindRole)
{
}

void NotificationDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                                 const QModelIndex &index) const
{
    const QVariant v = index.data(m_role);
    if (!v.isValid()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    const auto kind = NotificationKind(v.toInt());
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    QString text = opt.text;
    opt.text.clear();
    const QWidget *w = option.widget;
    QStyle *style = w ? w->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, w);

    QColor col;
    bool outlined = false;
    switch (kind) {
    case NotificationKind::AddInitialList:
        outlined = true;
        [[fallthrough]];
    case NotificationKind::Add:
        col = deltaColor(DeltaType::Added);
        break;
    case NotificationKind::Update:
        col = deltaColor(DeltaType::Updated);
        break;
    case NotificationKind::ResyncUpdate:
        col = deltaColor(DeltaType::Sync);
        break;
    case NotificationKind::TombstoneDelete:
        outlined = true;
        text = QChar(0x271D) + QLatin1Char(' ') + text;
        [[fallthrough]];
    case NotificationKind::Delete:
        col = deltaColor(DeltaType::Deleted);
        break;
    }
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    const QFont font = chipFont(option.font);
    painter->setFont(font);
    const QFontMetrics fm(font);
    const QRect area = option.rect.adjusted(4, 3, -4, -3);
    const int h = qMin(area.height(), fm.height() + 4);
    const int cw = qMin(area.width(), fm.horizontalAdvance(text) + 2 * kPadX);
    const QRectF r(area.left(), area.center().y() - h / 2, cw, h);
    if (outlined) {
        painter->setBrush(option.palette.color(QPalette::Base));
        painter->setPen(QPen(
            col, 1.5, kind == NotificationKind::TombstoneDelete ? Qt::DashLine : Qt::SolidLine));
        painter->drawRoundedRect(r.adjusted(0.75, 0.75, -0.75, -0.75), 4, 4);
        painter->setPen(col);
    } else {
        painter->setPen(Qt::NoPen);
        painter->setBrush(col);
        painter->drawRoundedRect(r, 4, 4);
        painter->setPen(Qt::white);
    }
    painter->drawText(r, Qt::AlignCenter,
                      fm.elidedText(text, Qt::ElideRight, int(r.width()) - 2 * kPadX + 2));
    painter->restore();
}

QSize NotificationDelegate::sizeHint(const QStyleOptionViewItem &option,
                                     const QModelIndex &index) const
{
    QSize base = QStyledItemDelegate::sizeHint(option, index);
    const QFontMetrics fm(chipFont(option.font));
    return QSize(fm.horizontalAdvance(index.data().toString()) + 2 * kPadX + 16,
                 qMax(base.height(), fm.height() + 10));
}

} // namespace lens
