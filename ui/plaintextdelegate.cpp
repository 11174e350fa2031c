// SPDX-License-Identifier: Apache-2.0
#include "plaintextdelegate.h"

#include <QApplication>
#include <QPainter>
#include <QTextLayout>

#include <memory>
#include <utility>

namespace lens {

namespace {
/// One line `width` pixels wide (QCommonStylePrivate::viewItemTextLayout for unwrapped text),
/// keeping its shaped glyphs: without the cache, endLayout() throws them away and every draw
/// shapes the text again.
void layOut(QTextLayout &layout, int width)
{
    layout.setCacheEnabled(true);
    layout.beginLayout();
    QTextLine line = layout.createLine();
    if (line.isValid()) {
        line.setLineWidth(width);
        line.setPosition(QPointF(0, 0));
    }
    layout.endLayout();
}
} // namespace

PlainTextDelegate::LaidOutText::LaidOutText() = default;
PlainTextDelegate::LaidOutText::~LaidOutText() = default;

size_t qHash(const PlainTextDelegate::CellKey &k, size_t seed)
{
    return qHashMulti(seed, k.text, k.font, k.width, k.alignment, k.direction, k.elideMode);
}

const PlainTextDelegate::LaidOutText &
PlainTextDelegate::laidOut(const QString &text, const QStyleOptionViewItem &opt, int width) const
{
    CellKey key{text,
                opt.font,
                width,
                int(opt.displayAlignment),
                int(opt.direction),
                int(opt.textElideMode)};
    if (const LaidOutText *hit = m_laidOut.object(key))
        return *hit;
    QTextOption textOption;
    textOption.setWrapMode(QTextOption::ManualWrap);
    textOption.setTextDirection(opt.direction);
    textOption.setAlignment(QStyle::visualAlignment(opt.direction, opt.displayAlignment));
    auto laid = std::make_unique<LaidOutText>();
    laid->layout = std::make_unique<QTextLayout>(text, opt.font);
    laid->layout->setTextOption(textOption);
    layOut(*laid->layout, width);
    // The size the style aligns is the whole text's, even when it is drawn elided.
    laid->size = laid->layout->boundingRect().size().toSize();
    if (laid->layout->lineCount() > 0 && laid->layout->lineAt(0).naturalTextWidth() > width) {
        laid->layout = std::make_unique<QTextLayout>(
            opt.fontMetrics.elidedText(text, opt.textElideMode, width), opt.font);
        laid->layout->setTextOption(textOption);
        layOut(*laid->layout, width);
    }
    const LaidOutText *kept = laid.get();
    m_laidOut.insert(std::move(key), laid.release());
    return *kept;
}

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
    const LaidOutText &laid = laidOut(text, opt, r.width());
    const QRect aligned =
        QStyle::alignedRect(Qt::LayoutDirectionAuto, opt.displayAlignment, laid.size, r);
    const QPointF at(r.x(), aligned.top());
    QPalette::ColorGroup cg =
        opt.state & QStyle::State_Enabled ? QPalette::Normal : QPalette::Disabled;
    if (cg == QPalette::Normal && !(opt.state & QStyle::State_Active))
        cg = QPalette::Inactive;
    painter->save();
    painter->setPen(opt.palette.color(
        cg, opt.state & QStyle::State_Selected ? QPalette::HighlightedText : QPalette::Text));
    laid.layout->draw(painter, at);
    painter->restore();
}

} // namespace lens
