// SPDX-License-Identifier: Apache-2.0
#include "plaintextdelegate.h"

#include <QApplication>
#include <QPainter>
#include <QTextLayout>

#include <optional>
#include <utility>

namespace lens {

namespace {
/// One line `width` pixels wide (QCommonStylePrivate::viewItemTextLayout for unwrapped text).
void layOut(QTextLayout &layout, int width)
{
    layout.beginLayout();
    QTextLine line = layout.createLine();
    if (line.isValid()) {
        line.setLineWidth(width);
        line.setPosition(QPointF(0, 0));
    }
    layout.endLayout();
}
} // namespace

void PlainTextDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    if (opt.features & (QStyleOptionViewItem::HasCheckIndicator |
                        QStyleOptionViewItem::HasDecoration | QStyleOptionViewItem::WrapText) ||
        opt.text.contains(QLatin1Char('\n'))) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    const QWidget *widget = opt.widget;
    const QStyle *style = widget ? widget->style() : QApplication::style();
    const QString text = std::exchange(opt.text, QString());
    // The cell without its text: background, selection and focus, as the style paints them.
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
    if (text.isEmpty())
        return;
    // The text where and how QCommonStyle draws it (viewItemDrawText, calculateElidedText),
    // laid out once; a second time only when it has to be elided.
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    const QRect r = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget)
                        .adjusted(margin, 0, -margin, 0);
    QTextOption textOption;
    textOption.setWrapMode(QTextOption::ManualWrap);
    textOption.setTextDirection(opt.direction);
    textOption.setAlignment(QStyle::visualAlignment(opt.direction, opt.displayAlignment));
    QTextLayout layout(text, opt.font);
    layout.setTextOption(textOption);
    layOut(layout, r.width());
    const QRect aligned = QStyle::alignedRect(Qt::LayoutDirectionAuto, opt.displayAlignment,
                                              layout.boundingRect().size().toSize(), r);
    const QPointF at(r.x(), aligned.top());
    std::optional<QTextLayout> elided;
    if (layout.lineCount() > 0 && layout.lineAt(0).naturalTextWidth() > r.width()) {
        elided.emplace(opt.fontMetrics.elidedText(text, opt.textElideMode, r.width()), opt.font);
        elided->setTextOption(textOption);
        layOut(*elided, r.width());
    }
    QPalette::ColorGroup cg =
        opt.state & QStyle::State_Enabled ? QPalette::Normal : QPalette::Disabled;
    if (cg == QPalette::Normal && !(opt.state & QStyle::State_Active))
        cg = QPalette::Inactive;
    painter->save();
    painter->setPen(opt.palette.color(
        cg, opt.state & QStyle::State_Selected ? QPalette::HighlightedText : QPalette::Text));
    (elided ? *elided : layout).draw(painter, at);
    painter->restore();
}

} // namespace lens
