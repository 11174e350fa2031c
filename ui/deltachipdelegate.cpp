// SPDX-License-Identifier: Apache-2.0
#include "deltachipdelegate.h"

#include "deltapalette.h"
#include "lens/deltachip.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>

namespace lens {

namespace {
constexpr int kPadX = 6;
constexpr int kGap = 4;

QString chipText(const DeltaChip &c)
{
    QString s = deltaTypeName(c.type);
    if (c.tombstone)
        s = QChar(0x271D) + QLatin1Char(' ') + s;
    s += QLatin1Char(' ') + (c.resourceVersion.isEmpty() ? QStringLiteral("?") : c.resourceVersion);
    return s;
}
} // namespace

DeltaChipDelegate::DeltaChipDelegate(int chipsRole, QObject *parent)
    : QStyledItemDelegate(parent), m_role(chipsRole)
{
}

void DeltaChipDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const
{
    const QVariant v = index.data(m_role);
    if (!v.canConvert<DeltaChips>() || v.value<DeltaChips>().isEmpty()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    const DeltaChips chips = v.value<DeltaChips>();

    // Background (selection, hover, alternate rows) from the style, without the text.
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    const QWidget *w = option.widget;
    QStyle *style = w ? w->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, w);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    const QFont font = chipFont(option.font);
    painter->setFont(font);
    const QFontMetrics fm(font);
    const QRect area = option.rect.adjusted(4, 3, -4, -3);
    const int h = qMin(area.height(), fm.height() + 4);
    const int y = area.center().y() - h / 2;
    const int moreWidth = fm.horizontalAdvance(QStringLiteral("+999")) + 2 * kPadX;
    int x = area.left();
    for (qsizetype i = 0; i < chips.size(); ++i) {
        const DeltaChip &c = chips.at(i);
        const QString text = chipText(c);
        const int cw = fm.horizontalAdvance(text) + 2 * kPadX;
        const bool last = i == chips.size() - 1;
        if (x + cw > area.right() - (last ? 0 : moreWidth)) {
            const QString more = QStringLiteral("+%1").arg(chips.size() - i);
            const QRectF r(x, y, fm.horizontalAdvance(more) + 2 * kPadX, h);
            painter->setPen(QPen(option.palette.color(QPalette::Mid), 1));
            painter->setBrush(option.palette.color(QPalette::Button));
            painter->drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), h / 2.0, h / 2.0);
            painter->setPen(option.palette.color(QPalette::ButtonText));
            painter->drawText(r, Qt::AlignCenter, more);
            break;
        }
        const QRectF r(x, y, cw, h);
        const QColor col = deltaColor(c.type);
        if (c.tombstone) {
            painter->setBrush(QColor(0xff, 0xf5, 0xf5));
            QPen pen(col, 1.5, Qt::DashLine);
            painter->setPen(pen);
            painter->drawRoundedRect(r.adjusted(0.75, 0.75, -0.75, -0.75), 4, 4);
            painter->setPen(col);
        } else {
            painter->setPen(Qt::NoPen);
            painter->setBrush(col);
            painter->drawRoundedRect(r, 4, 4);
            painter->setPen(Qt::white);
        }
        painter->drawText(r, Qt::AlignCenter, text);
        x += cw + kGap;
    }
    painter->restore();
}

QSize DeltaChipDelegate::sizeHint(const QStyleOptionViewItem &option,
                                  const QModelIndex &index) const
{
    const QVariant v = index.data(m_role);
    QSize base = QStyledItemDelegate::sizeHint(option, index);
    if (!v.canConvert<DeltaChips>())
        return base;
    const QFontMetrics fm(chipFont(option.font));
    int width = 8;
    for (const DeltaChip &c : v.value<DeltaChips>())
        width += fm.horizontalAdvance(chipText(c)) + 2 * kPadX + kGap;
    return QSize(width, qMax(base.height(), fm.height() + 10));
}

} // namespace lens
